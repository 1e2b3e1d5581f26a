"""Every field of a Robinson Crusoe state, declared once (architecture §2, declared state).

`DECLARATION` lists each field of `RobinsonState` with how a clone copies it, how the position document writes
and checks it (its key, type, range, length and references; the table's things in the rules' words through the
codecs of `position.py`) and — for what nobody may know — how `resample` draws it again. From it the kernel
derives `clone`, the field-by-field part of `to_json`/`load_state` and `resample` (`outlast.core.declared`);
`document.py` adds the checks of the fields together. docs/state-format/robinson.md describes each key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core.declared import LIST, RESET, Declaration, Field, Int, Ints, Text, Word
from outlast.core.rng import STATE_LIMIT, RandomLike

from . import document
from .constants import PHASE_NAMES, RES_NAMES, Z_BEAST_DECK, Z_HUNT_DECK
from .document import MAX_AMOUNT, MAX_CHANGES, MAX_COUNT, MAX_PENDING, MAX_TEXT, MAX_TRACK, FieldFault
from .position import (
    ByCastaway,
    ByName,
    CardUses,
    CardZones,
    Ended,
    PlacedTiles,
    RevealedTiles,
    Space,
    TileOrNone,
    Tokens,
)

if TYPE_CHECKING:
    from .state import RobinsonState


@dataclass(frozen=True)
class Checked:
    """A field read by one of `document.py`'s checked readers and written as plain JSON rows."""

    read: Callable[[Any, Any], Any]

    def encode(self, value: Any, state: Any) -> Any:
        return [_row(x) for x in value]

    def decode(self, data: Any, state: Any) -> Any:
        try:
            return self.read(data, state)
        except FieldFault as fault:
            raise ValueError(fault.problem) from None


def _row(item: Any) -> Any:
    if isinstance(item, tuple):
        return [list(x) if isinstance(x, tuple) else x for x in item]
    return item


@dataclass(frozen=True)
class Decisions(Checked):
    """Pending decisions, written by kind with their named fields (`decisions.py`)."""

    def encode(self, value: Any, state: Any) -> Any:
        return [d.to_doc() for d in value]


@dataclass(frozen=True)
class Events(Checked):
    """The event log, each event as `Event.to_json` writes it."""

    def encode(self, value: Any, state: Any) -> Any:
        return [e.to_json() for e in value]


def _players(state: RobinsonState) -> int:
    return state.players


def _castaways(state: RobinsonState) -> int:
    return state.players + 1


def _per_seat(low: int, high: int) -> Ints:
    return Ints(low, high, length=_players)


def _spaces(state: RobinsonState) -> int:
    return len(state.content.spaces)


def _cards(state: RobinsonState) -> int:
    return len(state.content.cards)


def _redraw_rng(state: RobinsonState, seat: int, rng: RandomLike) -> None:
    """The copy's own generator, drawn from `rng`: its next draw foresees nothing of the real game's (§26.4)."""
    state.rng_state = rng.randrange(1 << 64)


def _redraw_unseen_beasts(state: RobinsonState, seat: int, rng: RandomLike) -> None:
    """Every unseen Hunting card (shuffled in or on top) takes an identity drawn uniformly from the Beast cards
    nobody has seen (the Beast deck and the unseen Hunting cards); every seen card stays (§13.2, §26.4)."""
    top = [k for k, seen in enumerate(state.hunt_seen) if not seen]
    bag = state.deck_bag(Z_HUNT_DECK)
    if not (top or bag):
        return
    pool = state.unseen_beasts()
    for k in range(len(pool) - 1, 0, -1):  # Fisher-Yates with the caller's generator
        j = rng.randrange(k + 1)
        pool[k], pool[j] = pool[j], pool[k]
    for x in pool:
        state.zone[x] = Z_BEAST_DECK
    for k, x in zip(top, pool, strict=False):
        state.hunt_top[k] = x
    for x in pool[: len(top) + len(bag)]:
        state.zone[x] = Z_HUNT_DECK


def _forget(state: RobinsonState, seat: int, rng: RandomLike) -> None:
    """Answers kept for the position before the redraw no longer hold."""
    state.forget()


DECLARATION = Declaration([
    Field("game", None),
    Field("table", None),
    Field("content", None),
    Field("program", None),
    Field("players", None),
    Field("events", Events(document.read_events), copy=LIST),
    Field("rng_state", Int(0, STATE_LIMIT - 1), hidden=True, redraw=_redraw_rng),
    Field("phase", Word(PHASE_NAMES)),
    Field("step", Int(0, 100), doc_name="phase_step"),
    Field("round", Int(1, lambda s: s.table.scenario.rounds)),
    Field("first_player", Int(0, lambda s: s.players - 1)),
    Field("over", Ended(), doc_name="ended"),
    Field("reason", Text(MAX_TEXT)),
    Field("source", Text(MAX_TEXT), doc_name="last_used"),
    Field("morale", Int(lambda s: s.content.morale[0][0], lambda s: s.content.morale[-1][0])),
    Field("roof", Int(0, MAX_TRACK)),
    Field("palisade", Int(0, MAX_TRACK)),
    Field("weapon", Int(0, MAX_TRACK)),
    Field("shelter", Int(0, 1)),
    Field("camp", Space()),
    Field("tile_top", TileOrNone(), doc_name="top_tile"),
    Field("temp_weapon", Int(0, MAX_TRACK), doc_name="temporary_weapon"),
    Field("resolving_action", Int(-1, MAX_PENDING)),
    Field("flags", Int(0, 3), doc_name="no_production"),
    Field("friday_alive", Int(0, lambda s: 1 if s.table.friday else 0)),
    Field("night_food", Int(0, MAX_COUNT), doc_name="night_extra_food"),
    Field("pile_done", Int(0, 1), doc_name="wood_added_to_pile"),
    Field("book_events_in_deck", Int(0, _cards)),
    Field("adventure_events_in_deck", Int(0, _cards)),
    Field("friday_rerolled", Int(0, 1)),
    Field("arrange_determination", Int(-1, MAX_AMOUNT)),
    Field("arrange_heal", Int(0, MAX_AMOUNT)),
    Field("zone", CardZones(), copy=LIST, hidden=True, redraw=_redraw_unseen_beasts, doc_name="cards"),
    Field("uses", CardUses(-1, MAX_COUNT), copy=LIST, doc_name="card_uses"),
    Field("token_place", Tokens(), copy=LIST, doc_name="discovery_tokens"),
    Field("space_tile", PlacedTiles(), copy=LIST, doc_name="tiles"),
    Field("tile_at", RevealedTiles(), copy=LIST, doc_name="revealed_tiles"),
    Field("space_tokens", Ints(0, 31, length=_spaces), copy=LIST),
    Field("covered_sources", Ints(0, 3, length=_spaces), copy=LIST),
    Field("space_lost", Ints(0, 1, length=_spaces), copy=LIST, doc_name="space_inaccessible"),
    Field("wounds", ByCastaway(99), copy=LIST),
    Field("determination", ByCastaway(MAX_AMOUNT), copy=LIST),
    Field("skill_used", _per_seat(0, 15), copy=LIST),
    Field("resources", ByName(RES_NAMES, 0, MAX_AMOUNT), copy=LIST),
    Field("future_resources", ByName(RES_NAMES, 0, MAX_AMOUNT), copy=LIST),
    Field("action_field_tokens", Ints(0, 31, length=7), copy=LIST),
    Field("weather_tokens", Ints(0, 1, length=3), copy=LIST),
    Field("pile", Ints(0, MAX_AMOUNT, length=lambda s: len(s.table.scenario.pile)), copy=LIST, doc_name="wood_pile"),
    Field("ready", _per_seat(0, 1), copy=LIST),
    Field("hunt_top", Ints(0, lambda s: _cards(s) - 1, longest=200), copy=LIST, doc_name="hunting_deck_top"),
    Field("hunt_seen", Ints(0, 1, longest=200), copy=LIST, doc_name="hunting_top_seen"),
    Field("hunt_bottom", Ints(0, lambda s: _cards(s) - 1, longest=200), copy=LIST, doc_name="hunting_deck_bottom"),
    Field("dice", Ints(0, 1, length=3), copy=LIST, doc_name="action_dice"),
    Field("weather_dice", Ints(0, 0, length=0), copy=LIST),
    Field("clouds", Ints(-1, 99, length=4), copy=LIST, doc_name="weather_resolving"),
    Field("outside", _per_seat(0, 1), copy=LIST, doc_name="outside_camp"),
    Field("stash", Ints(0, MAX_AMOUNT, length=lambda s: 4 * s.players), copy=LIST, doc_name="own_supply"),
    Field("item_used", Ints(0, lambda s: _cards(s) - 1, longest=200), copy=LIST, doc_name="items_used"),
    Field("gathered", Ints(0, lambda s: 2 * _spaces(s) - 1, longest=22), copy=LIST, doc_name="sources_gathered"),
    Field("explored_tent", _per_seat(0, 1), copy=LIST),
    Field("hungry_done", Ints(0, 3, length=_castaways), copy=LIST, doc_name="meals_missed"),
    Field("minus", _per_seat(0, 1), copy=LIST, doc_name="minus_one_pawn"),
    Field("changes", _per_seat(0, MAX_CHANGES), copy=LIST, doc_name="plan_changes"),
    Field("chance", Checked(document.read_chance), copy=LIST),
    Field("mystery_draw", Checked(document.read_mystery_draw), copy=LIST),
    Field("additional_pawns", Checked(document.read_additional_pawns), copy=LIST),
    Field("groups", Checked(document.read_groups), copy=LIST, doc_name="planned_actions"),
    Field("special", Checked(document.read_special), copy=LIST, doc_name="special_wounds"),
    Field("work", Checked(document.read_work), copy=LIST, doc_name="pending_steps"),
    Field("decisions", Decisions(document.read_decisions), copy=LIST),
    Field("_lc", None, copy=RESET),
    Field("_zi", None, copy=RESET),
    Field("_ot", None, copy=RESET),
    Field("_zq", None),
    Field("_tm", None, hidden=True, redraw=_forget),
    Field("_pc", None),
    Field("_pm", None),
])
"""Every field of `RobinsonState`, in the order clone copies, the document checks and resample redraws them."""

SLOTS = tuple(field.name for field in DECLARATION.fields)
"""The state's slots: exactly the declared fields."""
