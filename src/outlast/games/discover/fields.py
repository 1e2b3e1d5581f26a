"""The fields of a Discover state, declared once (architecture §2, declared state).

`DECLARATION` lists every field of `DiscoverState`: how a clone copies it, how the position document writes and
checks it (docs/state-format/discover.md) and, for what a seat may not know, how `resample` draws it again.
Most of what is hidden in Discover is *undetermined* instead — facedown tiles and tokens, deck orders, the kept
variant of a thinned card are drawn only when revealed — so resample only redraws the RNG, the other seats'
project hands and secret character picks, and the log lines the seat may not read.

The document is in the rules' words: spaces as `B3`, pieces and phases by name, resources by name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from outlast.core.decision import Decision, DecisionKinds
from outlast.core.declared import LIST, NESTED, Declaration, Field, Int, Ints, Lists, Text, Word, whole
from outlast.core.errors import shown
from outlast.core.game import Event
from outlast.core.rng import STATE_LIMIT, RandomLike, seed_state

from .actions import parse_space, space_name
from .terms import DAMAGE, DIE, PHASES, PIECE_KINDS, RESOURCES, STAMINA_CAP, STATUS
from .terms import FEATURE as FEATURE_KIND
from .terms import MONSTER as MONSTER_KIND

if TYPE_CHECKING:
    from .state import DiscoverState

MAX_LIST = 4000


def _seats(state: DiscoverState) -> int:
    return state.seats


def _cards(state: DiscoverState) -> int:
    return len(state.copy.cards)


def _last_character(state: DiscoverState) -> int:
    return len(state.copy.characters) - 1


def _per_seat(inner: Any) -> Lists:
    return Lists(inner, _seats, "seat")


def _per_card(inner: Any) -> Lists:
    return Lists(inner, _cards, "card")


@dataclass(frozen=True)
class _Resources:
    """A seat's supply tokens: {resource name: count}."""

    def encode(self, value: Any, state: Any) -> Any:
        return {r: value[i] for i, r in enumerate(RESOURCES)}

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, dict) or set(data) != set(RESOURCES):
            raise ValueError(f"must name every resource ({', '.join(RESOURCES)}), not {shown(data)}")
        return [whole(data[r], 0, 999, state, f"{r} ") for r in RESOURCES]


@dataclass(frozen=True)
class _Damage:
    """A seat's damaged health dials, by damage name (at most 3, §10.2)."""

    def encode(self, value: Any, state: Any) -> Any:
        return [DAMAGE[d] for d in value]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > 3 or any(d not in DAMAGE for d in data):
            raise ValueError(f"must list at most 3 of {', '.join(DAMAGE)}, not {shown(data)}")
        return sorted(DAMAGE.index(d) for d in data)


@dataclass(frozen=True)
class _Space:
    def encode(self, value: Any, state: Any) -> Any:
        return space_name(value)

    def decode(self, data: Any, state: Any) -> Any:
        space = parse_space(data) if isinstance(data, str) else -1
        if space < 0 or space >= state.board.size:
            raise ValueError(f"must be a space name such as B3, not {shown(data)}")
        return space


@dataclass(frozen=True)
class _Pieces:
    """Pieces on the map: [kind, space, value, card] (terms.PIECE_KINDS)."""

    def encode(self, value: Any, state: Any) -> Any:
        return [[PIECE_KINDS[k], space_name(s), v, c] for k, s, v, c in value]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > MAX_LIST:
            raise ValueError(f"must be a list of pieces, not {shown(data)}")
        out = []
        for i, item in enumerate(data):
            if not isinstance(item, list) or len(item) != 4 or item[0] not in PIECE_KINDS:
                raise ValueError(f"piece {i} must be [kind, space, value, card] with a kind of "
                                 f"{', '.join(PIECE_KINDS)}, not {shown(item)}")
            kind = PIECE_KINDS.index(item[0])
            space = _Space().decode(item[1], state)
            (low, high), (card_low, card_high) = _piece_ranges(state, kind)
            value = whole(item[2], low, high, state, f"piece {i} ({item[0]}) value ")
            card = whole(item[3], card_low, card_high, state, f"piece {i} ({item[0]}) card ")
            out.append((kind, space, value, card))
        return out


def _piece_ranges(state: Any, kind: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """What a piece of `kind` may hold (terms.PIECE_KINDS): its value, then its card.

    A feature token is facedown (−1 − its back, 4 backs) or its id, with the enemy card bound to it (−1 none); a
    water source facedown (−1) or its id; a monster token facedown (−1) or its id, with its bound card; a dropped
    resource its index; a fire lit (1) or not (0), the camp's fire with card 1; a counter 0."""
    copy, cards = state.copy, (-1, len(state.copy.cards) - 1)
    return [((-4, len(copy.features) - 1), cards), ((-1, len(copy.waters) - 1), (-1, -1)),
            ((-1, len(copy.monsters) - 1), cards), ((0, len(RESOURCES) - 1), (-1, -1)), ((0, 1), (0, 1)),
            ((0, 0), (-1, -1))][kind]


@dataclass(frozen=True)
class _Combat:
    """The combat in progress (`combat_base.FIELDS`, §12, §15.3): a list of ints, empty when none.

    Each entry is checked against what it names (a seat, a space, an enemy card, a token of its kind, a d12 face,
    a stage), so a position whose combat points nowhere is refused with the entry's name, not drawn later."""

    def encode(self, value: Any, state: Any) -> Any:
        return list(value)

    def decode(self, data: Any, state: Any) -> Any:
        from .combat_base import FIELDS, NORMAL, PVP, STAGES

        if data == []:
            return []
        if not isinstance(data, list) or len(data) != len(FIELDS):
            raise ValueError(f"must be empty (no combat) or list the {len(FIELDS)} entries {', '.join(FIELDS)}, "
                             f"not {shown(data)}")
        c = dict(zip(FIELDS, data, strict=True))
        seats, copy = state.seats, state.copy

        def entry(name: str, low: int, high: int) -> int:
            return whole(c[name], low, high, state, f"entry {name!r} ")

        mode = entry("mode", NORMAL, PVP)
        pvp = mode == PVP
        enemy = entry("enemy", -1, -1) if pvp else entry("enemy", 0, len(copy.cards) - 1)
        if not pvp and copy.cards[enemy].enemy is None:
            raise ValueError(f"entry 'enemy' is card {enemy} (#{copy.cards[enemy].number}), not an enemy card")
        kind = entry("token_kind", -1, -1) if pvp else c["token_kind"]
        if kind not in (-1, FEATURE_KIND, MONSTER_KIND):
            raise ValueError(f"entry 'token_kind' must be -1 (none), {FEATURE_KIND} (a feature token) or "
                             f"{MONSTER_KIND} (a monster token), not {shown(kind)}")
        tokens = {-1: 0, FEATURE_KIND: len(copy.features), MONSTER_KIND: len(copy.monsters)}[kind]
        entry("token", -1, -1) if kind == -1 else entry("token", 0, tokens - 1)
        combatant = entry("combatant", 0, seats - 1)
        defender = entry("defender", 0, seats - 1) if pvp else entry("defender", -1, -1)
        if defender == combatant:
            raise ValueError(f"entry 'defender' is the attacker, seat {combatant}")
        entry("space", 0, state.board.size - 1)
        for name in ("gray", "red"):
            entry(name, 0, DIE)
        for name in ("gray_mod", "red_mod"):
            entry(name, -99, 99)
        entry("stage", 0, len(STAGES) - 1)
        entry("passes", 0, seats)
        entry("reopen", 0, 1)
        supporters = entry("supporters", 0, (1 << seats) - 1)
        if supporters >> combatant & 1 or (defender >= 0 and supporters >> defender & 1):
            raise ValueError("entry 'supporters' names a combatant as its own supporter")
        entry("choice", 0, 2)
        entry("defeated", 0, 1)
        return list(data)


@dataclass(frozen=True)
class _Chance:
    """Pending chance points: [kind name, argument]."""

    def encode(self, value: Any, state: Any) -> Any:
        from .flow import CHANCE_KINDS

        return [[CHANCE_KINDS[k], a] for k, a in value]

    def decode(self, data: Any, state: Any) -> Any:
        from .flow import CHANCE_KINDS

        if not isinstance(data, list) or len(data) > 64:
            raise ValueError(f"must be a list of pending chance points, not {shown(data)}")
        out = []
        for item in data:
            if not isinstance(item, list) or len(item) != 2 or item[0] not in CHANCE_KINDS:
                raise ValueError(f"a chance point is [kind, argument] with a kind of {', '.join(CHANCE_KINDS)}, "
                                 f"not {shown(item)}")
            out.append((CHANCE_KINDS.index(item[0]), whole(item[1], -1, 10_000, state)))
        return out


@dataclass(frozen=True)
class _Decisions:
    """The stack of pending decisions and engine steps, bottom first, each by kind with named fields."""

    def encode(self, value: Any, state: Any) -> Any:
        return [d.to_doc() for d in value]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > 512:
            raise ValueError(f"must be a list of pending decisions, not {shown(data)}")
        kinds = decision_kinds()
        return [kinds.load(item, state) for item in data]


@dataclass(frozen=True)
class _Events:
    def encode(self, value: Any, state: Any) -> Any:
        return [event.to_json() for event in value]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > 200_000:
            raise ValueError(f"must be a list of events, not {shown(data)}")
        return Event.list_from_json(data, state.seats)


@dataclass(frozen=True)
class _OptionalSeat:
    def encode(self, value: Any, state: Any) -> Any:
        return None if value < 0 else value

    def decode(self, data: Any, state: Any) -> Any:
        return -1 if data is None else whole(data, 0, state.seats - 1, state)


def decision_kinds() -> DecisionKinds:
    """Every decision and step kind of Discover, for reading documents (built once: `load_state` asks each time)."""
    if _KINDS:
        return _KINDS[0]
    from . import (
        carrying,
        combat,
        day_actions,
        effects,
        exploring,
        gathering,
        monsters,
        night,
        numbered,
        quests,
        rounds,
        trading,
    )

    kinds: list[type[Decision]] = [exploring.AbilityMove, rounds.NameLeader, rounds.LeaderChoice, rounds.PickCharacter, day_actions.Turn, day_actions.ContinueTurn,
             day_actions.Noted, day_actions.FreeGather, day_actions.FreeGatherChoice, day_actions.Settle,
             carrying.Trim, carrying.TrimNow, numbered.LookUp, numbered.KeyChoice, numbered.SameName, effects.RunEffect,
             effects.ChooseEffect, effects.HealChoice, gathering.DrawWater, gathering.ApplyFeature,
             gathering.Encounter, trading.Draft, trading.Answer, quests.QuestCheck, *night.KINDS,
             *combat.KINDS, *monsters.KINDS]
    return _KINDS.setdefault(0, DecisionKinds(*kinds))


_KINDS: dict[int, DecisionKinds] = {}


# ----------------------------------------------------------------------------- resample
def _redraw_rng(state: DiscoverState, seat: int, rng: RandomLike) -> None:
    """The copy draws its own chance: its next outcome is not the real one."""
    state.rng_state = seed_state(rng.randrange(1 << 62))


def _redraw_events(state: DiscoverState, seat: int, rng: RandomLike) -> None:
    """Other seats' private lines name their projects: the copy keeps only what `seat` may read."""
    state.events = [event for event in state.events if event.visible(seat)]


def _redraw_hands(state: DiscoverState, seat: int, rng: RandomLike) -> None:
    """Other seats' project hands are dealt again from the cards `seat` has not seen (§18.5).

    A trade on the stack may hold hand projects (§18.2). Those `seat` has seen (it drafted the offer, or it is
    answering it) stay in their holder's hand and in the offer; those it has not seen are drawn again too: the
    offer then holds a fresh choice from the holder's new hand, of a fresh size (at least one when the public log
    said project cards were offered), so every answer still applies and nothing hidden is carried over.
    """
    from .trading import Offer

    others = [s for s in range(state.seats) if s != seat]
    offers = [(i, d) for i, d in enumerate(state.decisions) if isinstance(d, Offer) and d.give_projects]
    pinned: dict[int, list[int]] = {s: [] for s in others}
    for _, offer in offers:
        holder = _offer_holder(offer)
        if holder != seat and seat in _offer_knowers(offer):
            pinned[holder] += [p for p in offer.give_projects if p in state.hand[holder]]
    pool = sorted(state.projects_deck + [p for s in others for p in state.hand[s] if p not in pinned[s]])
    sizes = {s: len(state.hand[s]) for s in others}
    for s in others:
        hand = list(pinned[s])
        for _ in range(sizes[s] - len(hand)):
            hand.append(pool.pop(rng.randrange(len(pool))))
        state.hand[s] = sorted(hand)
    state.projects_deck = sorted(pool)
    for i, offer in offers:
        holder = _offer_holder(offer)
        if holder == seat or seat in _offer_knowers(offer):
            continue
        hand = list(state.hand[holder])
        least = 0 if offer.kind == "draft a trade" else 1  # an answered offer's projects were announced (§18.2)
        size = least + rng.randrange(len(hand) - least + 1) if len(hand) >= least else 0
        chosen = tuple(hand.pop(rng.randrange(len(hand))) for _ in range(size))
        state.decisions[i] = replace(offer, give_projects=chosen)


def _offer_holder(offer: Any) -> int:
    """The seat whose hand the offer's projects come from: the drafter of a draft, the proposer of an answer."""
    return int(offer.seat if offer.kind == "draft a trade" else offer.other)


def _offer_knowers(offer: Any) -> tuple[int, ...]:
    """Who has seen the offer's projects (§18.2): the drafter; once proposed, the partner answering it too."""
    return (offer.seat,) if offer.kind == "draft a trade" else (offer.seat, offer.other)


def _redraw_characters(state: DiscoverState, seat: int, rng: RandomLike) -> None:
    """While characters are secret (setup), other seats' dealt cards and picks are drawn again (§4 step 6)."""
    if all(c >= 0 for c in state.character):
        return
    mine = set(state.character_offer[seat])
    pool = [c for c in range(len(state.copy.characters)) if c not in mine]
    for s in range(state.seats):
        if s == seat:
            continue
        n = len(state.character_offer[s])
        offer = [pool.pop(rng.randrange(len(pool))) for _ in range(n)]
        state.character_offer[s] = offer
        if state.character_pick[s] >= 0 and offer:
            state.character_pick[s] = offer[rng.randrange(len(offer))]


def _forget(state: DiscoverState, seat: int, rng: RandomLike) -> None:
    state._legal_cache = None


DECLARATION = Declaration([
    Field("game", None),
    Field("copy", None),
    Field("board", None),
    Field("seats", None),
    Field("scenario", None),
    Field("options", None),
    Field("started", None),
    Field("events", _Events(), copy=LIST, hidden=True, redraw=_redraw_events),
    Field("rng_state", Int(0, STATE_LIMIT - 1), hidden=True, redraw=_redraw_rng),
    Field("revealed", None),
    Field("phase", Word(PHASES)),
    Field("day", Int(0, 100_000)),
    Field("tribe_leader", Int(0, lambda s: s.seats - 1)),
    Field("current", _OptionalSeat()),
    Field("day_order", Ints(0, lambda s: s.seats - 1, longest=4), copy=LIST),
    Field("over", Int(0, 1)),
    Field("result", _per_seat(Text(40)), copy=LIST),
    Field("votes", Ints(-2, lambda s: s.seats - 1, longest=4), copy=LIST),
    Field("status", _per_seat(Word(STATUS)), copy=LIST),
    Field("character", _per_seat(Int(-1, _last_character)), copy=LIST),
    Field("character_offer", _per_seat(Ints(0, _last_character, longest=4)), copy=NESTED, hidden=True,
          redraw=_redraw_characters),
    Field("character_pick", _per_seat(Int(-1, _last_character)), copy=LIST),
    Field("position", _per_seat(_Space()), copy=LIST),
    Field("stamina", _per_seat(Int(0, STAMINA_CAP)), copy=LIST),
    Field("damage", _per_seat(_Damage()), copy=NESTED),
    Field("supplies", _per_seat(_Resources()), copy=NESTED),
    Field("kept_tokens", _per_seat(Ints(0, 999, longest=200)), copy=NESTED),
    Field("hand", _per_seat(Ints(0, 99, longest=40)), copy=NESTED, hidden=True, redraw=_redraw_hands),
    Field("threats_held", _per_seat(Ints(0, 99, longest=40)), copy=NESTED),
    Field("trades_failed", _per_seat(Int(0, 99)), copy=LIST),
    Field("trades_refused", Ints(0, (1 << 48) - 1, longest=10_000), copy=LIST),
    Field("dirty_pending", _per_seat(Int(0, 999)), copy=LIST),
    Field("card_place", _per_card(Int(-5, lambda s: s.seats - 1)), copy=LIST),
    Field("card_counters", _per_card(Int(0, 99)), copy=LIST),
    Field("card_used_day", _per_card(Int(-100_000, 100_000)), copy=LIST),
    Field("character_used_day", _per_seat(Int(-100_000, 100_000)), copy=LIST),
    Field("used_in_combat", Ints(0, lambda s: len(s.copy.cards) + 200, longest=200), copy=LIST),
    Field("projects_deck", Ints(0, 99, longest=40), copy=LIST),
    Field("projects_faceup", Ints(0, 99, longest=40), copy=LIST),
    Field("threat_deck", Ints(0, 99, longest=40), copy=LIST),
    Field("threat_discard", Ints(0, 99, longest=40), copy=LIST),
    Field("night_deck", Ints(0, 99, longest=40), copy=LIST),
    Field("night_discard", Ints(0, 99, longest=40), copy=LIST),
    Field("night_card", Int(-2, 99)),
    Field("feature_piles", Lists(Ints(0, 999, longest=200), 4, "back"), copy=NESTED),
    Field("feature_discard", Lists(Ints(0, 999, longest=200), 4, "back"), copy=NESTED),
    Field("monster_supply", Ints(0, 99, longest=99), copy=LIST),
    Field("monster_discard", Ints(0, 99, longest=99), copy=LIST),
    Field("specials_left", Ints(0, 99, longest=99), copy=LIST),
    Field("water_pool", Ints(0, 99, longest=99), copy=LIST),
    Field("tile_face", Lists(Int(-1, 99), 17, "tile position"), copy=LIST),
    Field("pieces", _Pieces(), copy=LIST),
    Field("quest", Int(-1, 99)),
    Field("quest_done", Ints(0, 10_000, longest=200), copy=LIST),
    Field("quest_paid", Ints(0, 999, length=len(RESOURCES)), copy=LIST),
    Field("signal", Int(0, 99)),
    Field("signal_space", Int(-1, 200)),
    Field("waiting_spawn", Int(0, 999)),
    Field("journal", Ints(-10_000, 10_000, longest=100_000), copy=LIST),
    Field("combat", _Combat(), copy=LIST),
    Field("support_played", _per_seat(Int(-1, 2)), copy=LIST),
    Field("support_rerolled", _per_seat(Int(0, 1)), copy=LIST),
    Field("shield", _per_seat(Int(0, 99)), copy=LIST),
    Field("chance", _Chance(), copy=LIST),
    Field("drawn", Ints(0, 999, longest=64), copy=LIST),
    Field("decisions", _Decisions(), copy=LIST),
    Field("_legal_cache", None, hidden=True, redraw=_forget),
    Field("_held", None),
])
"""Every field of `DiscoverState`, in the order clone copies, the document checks and resample redraws them."""

SLOTS = tuple(field.name for field in DECLARATION.fields)
