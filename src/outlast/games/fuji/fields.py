"""The fields of a Fuji state, declared once (architecture §2, declared state).

`DECLARATION` lists every field of `FujiState` with how a clone copies it, how the state document writes
and checks it (its key in format 1 of the document, its type, range, length and references), and — for
what a seat may not know — how `resample` draws it again. From it the kernel derives `clone`, the
field-by-field part of `to_json`/`load_state` and `resample` (`outlast.core.declared`); `document.py`
adds the checks of the fields together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core.declared import LIST, Declaration, Field, Int, Ints, Text, whole
from outlast.core.errors import shown
from outlast.core.rng import RandomLike, seed_state

from . import abilities, document
from .actions import END_CODES
from .terms import BAG, DISCARD, KEEPING, REMARK_LIMIT, UNDER_PILE

if TYPE_CHECKING:
    from .state import FujiState

MAX_ROUND = document.MAX_ROUND
MAX_VALUE = document.MAX_VALUE
MAX_REROLLS = document.MAX_REROLLS


def _explorers(state: FujiState) -> int:
    return state.table.explorers


def _dice(state: FujiState) -> int:
    return state.table.dice


def _seats(state: FujiState) -> int:
    return state.table.seats


def _hands(state: FujiState) -> int:
    return len(state.table.hands)


def _cards(state: FujiState) -> int:
    return len(state.table.content.equipment)


def _top_cell(state: FujiState) -> int:
    return state.table.board.size - 1


@dataclass(frozen=True)
class _Say:
    """Another codec whose refusals also say what a wrong value would be (`what`)."""

    inner: Any
    what: str

    def encode(self, value: Any, state: Any) -> Any:
        return self.inner.encode(value, state)

    def decode(self, data: Any, state: Any) -> Any:
        try:
            return self.inner.decode(data, state)
        except ValueError as exc:
            raise ValueError(f"{exc} ({self.what})") from None


@dataclass(frozen=True)
class _Longest(Ints):
    """`Ints` whose longest length depends on the table."""

    most: Callable[[Any], int] = _seats

    def decode(self, data: Any, state: Any) -> Any:
        if isinstance(data, list) and len(data) > self.most(state):
            raise ValueError(f"must hold at most {self.most(state)} items, not {len(data)}")
        return super().decode(data, state)


@dataclass(frozen=True)
class _Cells:
    """A set of cells as a bitmask, within the cells `allowed(state)` gives (`what` names them)."""

    allowed: Callable[[Any], int]
    what: str

    def encode(self, value: Any, state: Any) -> Any:
        return value

    def decode(self, data: Any, state: Any) -> Any:
        value = whole(data, 0, (1 << state.table.board.size) - 1, state)
        if value & ~self.allowed(state):
            raise ValueError(f"marks cards that are not {self.what}")
        return value


def _lava_cells(state: FujiState) -> int:
    board = state.table.board
    return sum(1 << x for x in board.cells if board.mark[x] in "VRLSGEX")


@dataclass(frozen=True)
class _Lava(_Cells):
    """Lava: flipped volcano, rubble or landscape cards; the volcano always (§2.3)."""

    def decode(self, data: Any, state: Any) -> Any:
        value = super().decode(data, state)
        if not value >> state.table.board.volcano & 1:
            raise ValueError("the volcano is lava from the start (§2.3)")
        return value


@dataclass(frozen=True)
class _Rows:
    """A list of at most `document.MAX_PENDING` rows (each a `what`) of `width` whole numbers in -1..top cell."""

    width: int
    what: str
    build: Callable[[tuple[int, ...]], Any] = tuple

    def encode(self, value: Any, state: Any) -> Any:
        return [list(row) for row in value]

    def decode(self, data: Any, state: Any) -> Any:
        top = _top_cell(state)
        if not isinstance(data, list):
            raise ValueError(f"must be a list, not {shown(data)}")
        if len(data) > document.MAX_PENDING:
            raise ValueError(f"has {len(data)} entries, more than {document.MAX_PENDING}")
        out = []
        for i, row in enumerate(data):
            if not isinstance(row, list) or len(row) != self.width:
                raise ValueError(f"entry {i} is a malformed {self.what}: a list of {self.width} whole numbers, "
                                 f"not {shown(row)}")
            for x in row:
                if type(x) is not int or not -1 <= x <= top:
                    raise ValueError(f"entry {i} is a malformed {self.what}: {shown(x)} is not a whole "
                                     f"number in -1..{top}")
            out.append(self.build(tuple(row)))
        return out


@dataclass(frozen=True)
class _Decisions(_Rows):
    """Pending decisions, written as format-1 rows `(kind number, seat, meeple, count, 0)`."""

    def encode(self, value: Any, state: Any) -> Any:
        return [list(decision.row()) for decision in value]


@dataclass(frozen=True)
class _Events:
    """The event log (kind, text, who may read it, data), checked as bots and views read it."""

    def encode(self, value: Any, state: Any) -> Any:
        return [event.to_json() for event in value]

    def decode(self, data: Any, state: Any) -> Any:
        return document.read_events(data, state.table.seats)


@dataclass(frozen=True)
class _CardPlaces(Ints):
    """Where each equipment card is: a meeple, the bag, the discard, under the pile, or kept-choice pending."""

    def decode(self, data: Any, state: Any) -> Any:
        places = super().decode(data, state)
        n = state.table.explorers
        if any(x < 0 and x not in (BAG, DISCARD, UNDER_PILE) and x > KEEPING for x in places):
            raise ValueError(f"puts a card in no known place (a meeple 0..{n - 1}, -1 bag, -2 discard, "
                             "-3 under the pile, or -10 - e while meeple e keeps)")
        return places


# ---------------------------------------------------------------------------- resample (§18)
def _redraw_rng(state: FujiState, seat: int, rng: RandomLike) -> None:
    """The copy draws its own chance: its next outcome is not the real one."""
    state.rng_state = seed_state(rng.randrange(1 << 62))


def _redraw_events(state: FujiState, seat: int, rng: RandomLike) -> None:
    """Other seats' private lines hold true faces and choices: the copy keeps only what `seat` may read."""
    state.events = [event for event in state.events if event.visible(seat)]


def _redraw_faces(state: FujiState, seat: int, rng: RandomLike) -> None:
    """Every die face `seat` has not seen (§6, §18)."""
    bit = 1 << seat
    faces, seen = state.die_face, state.die_seen_by
    for i in range(state.table.dice):
        if faces[i] and not seen[i] & bit:
            faces[i] = rng.randrange(6) + 1


def _redraw_reroll_choices(state: FujiState, seat: int, rng: RandomLike) -> None:
    """§8.3: that another seat rerolls rather than stops is public; which of its dice is not."""
    for h, (e, hand_slots, hand_seat) in enumerate(state.table.hands):
        if hand_seat != seat and state.reroll_choice[h] >= 0:
            dice = [i for i in state.known_held(e, hand_seat) if i // 6 != e or i % 6 in hand_slots]
            mask = 0
            while dice and not mask:
                for i in dice:
                    if rng.randrange(2):
                        mask |= 1 << i
            state.reroll_choice[h] = mask or state.reroll_choice[h]


def _redraw_cards(state: FujiState, seat: int, rng: RandomLike) -> None:
    """The bag, other meeples' keep choices and others' cards under the pile are one unknown pool (§3.2)."""
    ctrl = state.table.ctrl
    slots: list[tuple[str, int]] = []
    pool: list[int] = []
    for card in range(len(state.card_location)):
        place = state.card_location[card]
        if place == BAG or (place <= KEEPING and ctrl[KEEPING - place] != seat):
            slots.append(("where", place))
            pool.append(card)
    for j, entry in enumerate(state.under_pile):
        if entry % 8 != seat:
            slots.append(("under", j))
            pool.append(entry // 8)
    # order both by what `seat` can see, never by where the cards truly are (places under the pile first)
    slots.sort()
    pool.sort()
    for k in range(len(pool) - 1, 0, -1):
        r = rng.randrange(k + 1)
        pool[k], pool[r] = pool[r], pool[k]
    for (where, value), card in zip(slots, pool, strict=True):
        if where == "where":
            state.card_location[card] = value
        else:
            state.under_pile[value] = card * 8 + state.under_pile[value] % 8
            state.card_location[card] = UNDER_PILE


def _forget_legal_actions(state: FujiState, seat: int, rng: RandomLike) -> None:
    """Faces change in a copy: cached legal actions may depend on them."""
    state._legal_cache = None


# ---------------------------------------------------------------------------- the declaration
def _power_bar_cap(state: FujiState) -> int:
    content = state.table.content
    return max([abilities.answer(content, skill, abilities.POWER_BARS_HELD, 0)
                for skill in range(len(content.skills))] or [0])


def _movement_bonus_cap(state: FujiState) -> int:
    equipment = state.table.content.equipment
    return max([int(p.get("amount", 0)) for card in equipment for verb, p in card.branches
                if verb == "movement_bonus"] or [0])


def _per_meeple(low: int | Callable[[Any], int], high: int | Callable[[Any], int]) -> Ints:
    return Ints(low, high, length=_explorers)


def _per_die(low: int | Callable[[Any], int], high: int | Callable[[Any], int]) -> Ints:
    return Ints(low, high, length=_dice)


def _per_hand(low: int | Callable[[Any], int], high: int | Callable[[Any], int]) -> Ints:
    return Ints(low, high, length=_hands)


def _per_card(low: int | Callable[[Any], int], high: int | Callable[[Any], int]) -> Ints:
    return Ints(low, high, length=_cards)


def _board_mask(cells: Callable[[Any], tuple[int, ...]]) -> Callable[[Any], int]:
    return lambda state: sum(1 << x for x in cells(state.table.board))


DECLARATION = Declaration([
    Field("game", None),
    Field("table", None),
    Field("reason", Text(document.MAX_TEXT)),
    Field("events", _Events(), copy=LIST, hidden=True, redraw=_redraw_events),
    Field("rng_state", Int(0, (1 << 64) - 1), hidden=True, redraw=_redraw_rng),
    Field("phase", _Say(Int(0, 6), "an impossible phase or result")),
    Field("round", Int(0, MAX_ROUND)),
    Field("over", _Say(Int(0, len(END_CODES)), "an impossible phase or result")),
    Field("setup_step", Int(0, 5), doc_name="sstep"),
    Field("setup_explorer", Int(0, _explorers), doc_name="scur"),
    Field("lava", _Lava(_lava_cells, "volcano, rubble or landscape")),
    Field("equipment_tokens_left", _Cells(_board_mask(lambda b: b.equipment_tokens),
                                          "equipment token cards of this scenario"), doc_name="eqtok"),
    Field("eruption_tokens_left", _Cells(_board_mask(lambda b: b.eruption_tokens),
                                         "eruption token cards of this scenario"), doc_name="etok1"),
    Field("double_eruption_tokens_left", _Cells(_board_mask(lambda b: (b.thrill,)),
                                                "the Extra thrill token's card (§11.4)"), doc_name="etok2"),
    Field("mover", Int(-1, lambda s: s.table.explorers - 1)),
    Field("turn_step", Int(0, 4), doc_name="tstep"),
    Field("turn_margin", Int(0, MAX_VALUE), doc_name="turn_d"),
    Field("turn_success", Int(0, 1), doc_name="turn_ok"),
    Field("bars_spent", Int(0, MAX_VALUE), doc_name="spent"),
    Field("eruptions_due", Int(0, lambda s: 2 * len(s.table.board.eruption_tokens)), doc_name="erupt_due"),
    Field("chance", _Rows(2, "chance item"), copy=LIST),
    Field("decisions", _Decisions(5, "pending decision", document.decision_from_row), copy=LIST, doc_name="frames"),
    Field("card_at", Ints(-1, lambda s: len(s.table.content.terrain) - 1, length=lambda s: s.table.board.size)),
    Field("skill", _per_meeple(-1, lambda s: len(s.table.content.skills) - 1), copy=LIST),
    Field("character", _per_meeple(-1, lambda s: len(s.table.content.characters) - 1), copy=LIST, doc_name="char"),
    Field("position", _Say(_per_meeple(0, _top_cell), "off the board"), copy=LIST, doc_name="pos"),
    Field("destination", _Say(_per_meeple(-1, _top_cell), "off the board"), copy=LIST, doc_name="marker"),
    Field("stamina", _per_meeple(0, lambda s: s.table.content.exhaustion), copy=LIST),
    Field("injuries", _per_meeple(0, lambda s: (1 << len(s.table.content.injuries)) - 1), copy=LIST),
    Field("power_bars", _per_meeple(0, _power_bar_cap), copy=LIST, doc_name="bars"),
    Field("die_face", _Say(_per_die(0, 6), "no die face (0 for none)"), copy=LIST, hidden=True, redraw=_redraw_faces, doc_name="dv"),
    Field("die_holder", _per_die(-1, lambda s: s.table.dice // 6 - 1), copy=LIST, doc_name="dh"),
    Field("die_seen_by", _per_die(0, lambda s: s.table.all_seats), copy=LIST, doc_name="dk"),
    Field("die_in_play", _per_die(0, 1), copy=LIST, doc_name="dalive"),
    Field("rerolls_left", _per_hand(0, MAX_REROLLS), copy=LIST, doc_name="rr_left"),
    Field("rerolls_entitled", _per_hand(0, MAX_REROLLS), copy=LIST, doc_name="rr_ent"),
    Field("reroll_choice", _per_hand(-2, lambda s: (1 << s.table.dice) - 1), copy=LIST, hidden=True,
          redraw=_redraw_reroll_choices, doc_name="rr_sub"),
    Field("rerolls_done", _per_hand(0, 1), copy=LIST, doc_name="rr_done"),
    Field("card_location", _CardPlaces(lambda s: KEEPING - (s.table.explorers - 1), lambda s: s.table.explorers - 1,
                                       length=_cards), copy=LIST, hidden=True, redraw=_redraw_cards, doc_name="cloc"),
    Field("card_usable_from", _per_card(0, MAX_ROUND + 1), copy=LIST, doc_name="cusable"),
    Field("card_used_once", _per_card(0, 1), copy=LIST, doc_name="ctap"),
    Field("under_pile", _Longest(0, lambda s: len(s.table.content.equipment) * 8 - 1, most=_cards), copy=LIST,
          doc_name="bottom"),
    Field("ready", Ints(0, 1, length=_seats), copy=LIST),
    Field("hints_given", _Longest(0, lambda s: s.table.seats * 64 - 1,
                                  most=lambda s: s.table.seats * 3 * (s.table.explorers + 1)), copy=LIST,
          doc_name="hinted"),
    Field("die_set_aside", _per_meeple(0, 1), copy=LIST, doc_name="buddy"),
    Field("no_stamina_loss", _per_meeple(0, 1), copy=LIST, doc_name="first_aid"),
    Field("stepped_early", _per_meeple(0, 1), copy=LIST, doc_name="roped"),
    Field("moved", _per_meeple(0, 1), copy=LIST),
    Field("movement_bonus", _per_meeple(0, _movement_bonus_cap), copy=LIST, doc_name="flare"),
    Field("screen_lowered", _per_meeple(0, 4), copy=LIST, doc_name="radio"),
    Field("die_to_lose", _per_meeple(-1, lambda s: s.table.dice - 1), copy=LIST, doc_name="leg"),
    Field("white_starters", Ints(0, 3, length=2), copy=LIST, doc_name="starts"),
    Field("remarks", Ints(0, REMARK_LIMIT, length=_seats), copy=LIST),
    Field("_legal_cache", None, hidden=True, redraw=_forget_legal_actions),
    Field("_to_move_cache", None),
])
"""Every field of `FujiState`, in the order clone copies, the document checks and resample redraws them."""

SLOTS = tuple(field.name for field in DECLARATION.fields)
"""The state's slots: exactly the declared fields."""
