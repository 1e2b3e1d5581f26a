"""The fields of a Fuji state, declared once (architecture §2, declared state).

`DECLARATION` lists every field of `FujiState` with how a clone copies it, how the state document writes
and checks it (its key in format 1 of the document, its type, range, length and references), and — for
what a seat may not know — how `resample` draws it again. From it the kernel derives `clone`, the
field-by-field part of `to_json`/`load_state` and `resample` (`outlast.core.declared`); `document.py`
adds the checks of the fields together.

The document (format 3, docs/state-format/fuji.md) is in the rules' words: cells as players name them
(`E3`), cards by id, dice as `meeple:number`, phases, steps and endings by name, sets as lists, and each
pending decision by its kind with named fields. The codecs below turn the engine's numbers into those words
and back; they run only in `to_json`/`load_state`, never in a clone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core.decision import DecisionKinds
from outlast.core.declared import LIST, Bool, Declaration, Field, Int, Ints, Lists, Text, Word, whole
from outlast.core.errors import SaveError, shown
from outlast.core.rng import STATE_LIMIT, RandomLike, seed_state

from . import abilities, document
from . import board as geo
from .actions import END_CODES, HINT_KINDS
from .document import die_name
from .terms import BAG, DISCARD, KEEPING, NO_CHOICE, REMARK_LIMIT, STOPPED, UNDER_PILE

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
class _Events:
    """The event log (kind, text, who may read it, data), checked as bots and views read it."""

    def encode(self, value: Any, state: Any) -> Any:
        return [event.to_json() for event in value]

    def decode(self, data: Any, state: Any) -> Any:
        return document.read_events(data, state.table.seats)


# ---------------------------------------------------------------------------- the rules' words (format 3)
SETUP_STEPS = ("deal", "terrain", "equipment", "leave a die", "start cards", "place")
"""The steps of setup (§3), by `FujiState.setup_step`."""
PHASE_WORDS = ("setup", "rolling", "planning", "rerolls", "equipment", "movement", "eruption")
"""The phases (§5) as the document names them, by phase number."""
TURN_STEPS = ("none", "start", "compare", "stamina", "end")
"""The steps of a meeple's turn in phase 5 (§10.2–§10.5), by `FujiState.turn_step`."""
CHANCE_KINDS = ("deal skill", "deal character", "place terrain", "draw equipment", "roll")
"""Pending chance points by kind number, and the field each names: a meeple, a cell or a die."""
_CHANCE_ARGUMENT = ("meeple", "meeple", "cell", "meeple", "die")
PLACE_WORDS = {BAG: "bag", DISCARD: "discard", UNDER_PILE: "under the pile"}
"""Where an equipment card is when no meeple holds it (§3.2, §9)."""


def _die_code(data: Any, state: Any) -> int:
    dice = state.table.dice
    if isinstance(data, str) and data.count(":") == 1:
        meeple, number = data.split(":")
        if meeple.isascii() and meeple.isdigit() and number in ("1", "2", "3", "4", "5", "6"):
            die = int(meeple) * 6 + int(number) - 1
            if die < dice and die_name(die) == data:
                return die
    raise ValueError(f"names no die of this table (meeple:number, 0:1 … {die_name(dice - 1)}): {shown(data)}")


def _cell_code(data: Any, state: Any) -> int:
    size = state.table.board.size
    try:
        code = geo.cell_code(data) if isinstance(data, str) else -1
    except ValueError:
        code = -1
    if not 0 <= code < size or geo.cell_name(code) != data:
        raise ValueError(f"names no card position of this scenario (A1 … {geo.cell_name(size - 1)}): {shown(data)}")
    return code


def _name_of(names: list[str], data: Any, what: str) -> int:
    if not isinstance(data, str) or data not in names:
        raise ValueError(f"names no {what}: {shown(data)} (one of {', '.join(names)})")
    return names.index(data)


def _skill_ids(state: Any) -> list[str]:
    return [skill.id for skill in state.table.content.skills]


def _character_ids(state: Any) -> list[str]:
    return [character["id"] for character in state.table.content.characters]


def _terrain_ids(state: Any) -> list[str]:
    return [card.id for card in state.table.content.terrain]


def _equipment_ids(state: Any) -> list[str]:
    return [card.id for card in state.table.content.equipment]


def _injury_ids(state: Any) -> list[str]:
    return [injury["id"] for injury in state.table.content.injuries]


@dataclass(frozen=True)
class _Cell:
    """A cell written as players name it (`E3`)."""

    def encode(self, value: Any, state: Any) -> Any:
        return geo.cell_name(value)

    def decode(self, data: Any, state: Any) -> Any:
        return _cell_code(data, state)


@dataclass(frozen=True)
class _Die:
    """A die written `meeple:number` (`0:1` … `3:6`)."""

    def encode(self, value: Any, state: Any) -> Any:
        return die_name(value)

    def decode(self, data: Any, state: Any) -> Any:
        return _die_code(data, state)


@dataclass(frozen=True)
class _Id:
    """An index into the content written as the card's id (`ids(state)` lists them in index order)."""

    ids: Callable[[Any], list[str]]
    what: str

    def encode(self, value: Any, state: Any) -> Any:
        return self.ids(state)[value]

    def decode(self, data: Any, state: Any) -> Any:
        return _name_of(self.ids(state), data, self.what)


@dataclass(frozen=True)
class _OrNull:
    """`inner`'s value, or null for the engine's `none` (-1: no marker, no mover, not dealt yet)."""

    inner: Any
    none: int = -1

    def encode(self, value: Any, state: Any) -> Any:
        return None if value == self.none else self.inner.encode(value, state)

    def decode(self, data: Any, state: Any) -> Any:
        if data is None:
            return self.none
        value = self.inner.decode(data, state)
        if value == self.none:
            raise ValueError(f"is {shown(data)}: write null for none")
        return value


@dataclass(frozen=True)
class _PerDie:
    """An object with one entry per die, keyed `meeple:number` (written in die order), each read by `inner`."""

    inner: Any

    def encode(self, value: Any, state: Any) -> Any:
        return {die_name(d): self.inner.encode(v, state) for d, v in enumerate(value)}

    def decode(self, data: Any, state: Any) -> Any:
        names = [die_name(d) for d in range(state.table.dice)]
        if not isinstance(data, dict) or sorted(data) != sorted(names):
            raise ValueError(f"must be an object with one entry per die, {names[0]} … {names[-1]}, "
                             f"not {shown(data)}")
        out = []
        for name in names:
            try:
                out.append(self.inner.decode(data[name], state))
            except ValueError as exc:
                raise ValueError(f"die {name}: {exc}") from None
        return out


@dataclass(frozen=True)
class _Seats:
    """A set of seats (a bitmask in the engine) written as the list of those seats, in order."""

    def encode(self, value: Any, state: Any) -> Any:
        return [seat for seat in range(state.table.seats) if value >> seat & 1]

    def decode(self, data: Any, state: Any) -> Any:
        seats = state.table.seats
        if not isinstance(data, list) or any(type(x) is not int or not 0 <= x < seats for x in data) \
                or data != sorted(set(data)):
            raise ValueError(f"must be a list of different seats 0..{seats - 1} in order, not {shown(data)}")
        return sum(1 << seat for seat in data)


@dataclass(frozen=True)
class _Injuries:
    """A meeple's injuries (a bitmask in the engine) as the list of their ids (§10.6)."""

    def encode(self, value: Any, state: Any) -> Any:
        return [name for bit, name in enumerate(_injury_ids(state)) if value >> bit & 1]

    def decode(self, data: Any, state: Any) -> Any:
        ids = _injury_ids(state)
        if not isinstance(data, list) or len(data) > len(ids):
            raise ValueError(f"must be a list of injury ids ({', '.join(ids)}), not {shown(data)}")
        bits = [_name_of(ids, x, "injury") for x in data]
        if bits != sorted(set(bits)):
            raise ValueError(f"must list each injury once, in the order {', '.join(ids)}")
        return sum(1 << bit for bit in bits)


@dataclass(frozen=True)
class _CellSet:
    """A set of cells (a bitmask in the engine) as the list of their names, in board order, within the cells
    `allowed(state)` gives (`what` names them)."""

    allowed: Callable[[Any], int]
    what: str

    def encode(self, value: Any, state: Any) -> Any:
        return [geo.cell_name(code) for code in range(state.table.board.size) if value >> code & 1]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > state.table.board.size:
            raise ValueError(f"must be a list of card positions such as E3, not {shown(data)}")
        codes = [_cell_code(x, state) for x in data]
        if codes != sorted(set(codes)):
            raise ValueError("must name each card once, in board order (A1, B1, … A2, …)")
        value = sum(1 << code for code in codes)
        if value & ~self.allowed(state):
            raise ValueError(f"names cards that are not {self.what}")
        return value


def _lava_cells(state: FujiState) -> int:
    board = state.table.board
    return sum(1 << x for x in board.cells if board.mark[x] in "VRLSGEX")


@dataclass(frozen=True)
class _Lava(_CellSet):
    """Lava: flipped volcano, rubble or landscape cards; the volcano always (§2.3)."""

    def decode(self, data: Any, state: Any) -> Any:
        value = super().decode(data, state)
        if not value >> state.table.board.volcano & 1:
            raise ValueError("the volcano is lava from the start (§2.3)")
        return value


@dataclass(frozen=True)
class _Ending:
    """`ended`: null while playing, else how the game ended (`village`, `lava`, `exhausted`, §12)."""

    def encode(self, value: Any, state: Any) -> Any:
        return END_CODES[value - 1] if value else None

    def decode(self, data: Any, state: Any) -> Any:
        if data is None:
            return 0
        return 1 + _name_of(list(END_CODES), data, "ending (an impossible result)")


@dataclass(frozen=True)
class _Terrain:
    """The terrain cards laid out: an object cell → terrain card id, written in board order (§3.4)."""

    def encode(self, value: Any, state: Any) -> Any:
        ids = _terrain_ids(state)
        return {geo.cell_name(code): ids[card] for code, card in enumerate(value) if card >= 0}

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of card position → terrain card id, not {shown(data)}")
        ids = _terrain_ids(state)
        out = [-1] * state.table.board.size
        for cell, card in data.items():
            out[_cell_code(cell, state)] = _name_of(ids, card, "terrain card")
        return out


@dataclass(frozen=True)
class _Chance:
    """Pending chance points, in order: `{"kind": …, "meeple" | "cell" | "die": …}` (§3, §6, §10.3)."""

    def encode(self, value: Any, state: Any) -> Any:
        out = []
        for kind, argument in value:
            word = _CHANCE_ARGUMENT[kind]
            shown_arg = (geo.cell_name(argument) if word == "cell" else die_name(argument) if word == "die"
                         else argument)
            out.append({"kind": CHANCE_KINDS[kind], word: shown_arg})
        return out

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > document.MAX_PENDING:
            raise ValueError(f"must be a list of at most {document.MAX_PENDING} chance points, not {shown(data)}")
        out = []
        for i, item in enumerate(data):
            if not isinstance(item, dict) or item.get("kind") not in CHANCE_KINDS:
                raise ValueError(f"entry {i} is a malformed chance point: an object with a kind "
                                 f"({', '.join(CHANCE_KINDS)}), not {shown(item)}")
            kind = CHANCE_KINDS.index(item["kind"])
            word = _CHANCE_ARGUMENT[kind]
            if set(item) != {"kind", word}:
                raise ValueError(f"entry {i} is a malformed chance point: {item['kind']!r} names its {word} "
                                 f"and nothing else")
            try:
                if word == "cell":
                    argument = _cell_code(item[word], state)
                elif word == "die":
                    argument = _die_code(item[word], state)
                else:
                    argument = whole(item[word], 0, state.table.explorers - 1, state, "the meeple ")
            except ValueError as exc:
                raise ValueError(f"entry {i} is a malformed chance point: {exc}") from None
            out.append((kind, argument))
        return out


@dataclass(frozen=True)
class _Decisions:
    """Pending decisions, last on top, each by its kind with named fields (`Decision.to_doc`)."""

    def encode(self, value: Any, state: Any) -> Any:
        return [decision.to_doc() for decision in value]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list) or len(data) > document.MAX_PENDING:
            raise ValueError(f"must be a list of at most {document.MAX_PENDING} pending decisions, "
                             f"not {shown(data)}")
        out = []
        for i, item in enumerate(data):
            try:
                out.append(decision_kinds().load(item, state))
            except SaveError as exc:
                raise ValueError(f"entry {i} is a malformed pending decision: {exc}") from None
        return out


def decision_kinds() -> DecisionKinds:
    """Fuji's kinds of pending decision (setup, equipment and movement declare them)."""
    from .equipment import EquipmentReroll, GrantedReroll, Lend, RerollOne
    from .movement import Collect, Injury, LoseDie, Path, PowerBars
    from .setup import Keep, LeaveDie, WhiteStarters

    return DecisionKinds(Keep, LeaveDie, WhiteStarters, EquipmentReroll, GrantedReroll, Lend, RerollOne,
                         Collect, PowerBars, Path, Injury, LoseDie)


@dataclass(frozen=True)
class _RerollChoice:
    """A hand's phase-3 choice (§8.3): null not yet, `stop`, or the dice it rerolls (a bitmask in the engine)."""

    def encode(self, value: Any, state: Any) -> Any:
        if value == NO_CHOICE:
            return None
        if value == STOPPED:
            return "stop"
        return [die_name(d) for d in range(state.table.dice) if value >> d & 1]

    def decode(self, data: Any, state: Any) -> Any:
        if data is None:
            return NO_CHOICE
        if data == "stop":
            return STOPPED
        if not isinstance(data, list) or len(data) > state.table.dice:
            raise ValueError(f"must be null, \"stop\" or a list of dice, not {shown(data)}")
        dice = [_die_code(x, state) for x in data]
        if dice != sorted(set(dice)):
            raise ValueError("must name each die once, in die order")
        return sum(1 << d for d in dice)


@dataclass(frozen=True)
class _CardPlaces:
    """Where each equipment card is, by card id: a meeple (its number), `bag`, `discard`, `under the pile`,
    or `drawn by N` (drawn at setup by meeple N, waiting for its keep choice, §3.2)."""

    def encode(self, value: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        return {ids[card]: place if place >= 0 else PLACE_WORDS.get(place, f"drawn by {KEEPING - place}")
                for card, place in enumerate(value)}

    def decode(self, data: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        if not isinstance(data, dict) or sorted(data) != sorted(ids):
            raise ValueError(f"must be an object with one entry per equipment card ({', '.join(ids)}), "
                             f"not {shown(data)}")
        explorers = state.table.explorers
        words = {word: place for place, word in PLACE_WORDS.items()}
        words.update({f"drawn by {e}": KEEPING - e for e in range(explorers)})
        out = []
        for card in ids:
            place = data[card]
            if type(place) is int and 0 <= place < explorers:
                out.append(place)
            elif isinstance(place, str) and place in words:
                out.append(words[place])
            else:
                raise ValueError(f"puts {card} in no known place (a meeple 0..{explorers - 1}, bag, discard, "
                                 f"under the pile, or drawn by N while meeple N keeps): {shown(place)}")
        return out


@dataclass(frozen=True)
class _PerCard:
    """An object with one whole number per equipment card, by card id in order."""

    inner: Int

    def encode(self, value: Any, state: Any) -> Any:
        return dict(zip(_equipment_ids(state), value, strict=True))

    def decode(self, data: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        if not isinstance(data, dict) or sorted(data) != sorted(ids):
            raise ValueError(f"must be an object with one entry per equipment card ({', '.join(ids)}), "
                             f"not {shown(data)}")
        return [whole(data[card], self.inner.low, self.inner.high, state, f"{card} ") for card in ids]


@dataclass(frozen=True)
class _CardSet:
    """Equipment cards with a 0/1 mark set, as the list of their ids in card order."""

    def encode(self, value: Any, state: Any) -> Any:
        return [card for card, mark in zip(_equipment_ids(state), value, strict=True) if mark]

    def decode(self, data: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        if not isinstance(data, list) or len(data) > len(ids):
            raise ValueError(f"must be a list of equipment card ids, not {shown(data)}")
        cards = [_name_of(ids, x, "equipment card") for x in data]
        if cards != sorted(set(cards)):
            raise ValueError("must name each card once, in card order")
        return [int(card in cards) for card in range(len(ids))]


@dataclass(frozen=True)
class _UnderPile:
    """Cards under the pile, bottom first: `{"card": id, "seat": who put it there}` (§3.2)."""

    def encode(self, value: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        return [{"card": ids[entry // 8], "seat": entry % 8} for entry in value]

    def decode(self, data: Any, state: Any) -> Any:
        ids = _equipment_ids(state)
        if not isinstance(data, list) or len(data) > len(ids):
            raise ValueError(f"must be a list of at most {len(ids)} cards, not {shown(data)}")
        out = []
        for i, item in enumerate(data):
            if not isinstance(item, dict) or set(item) != {"card", "seat"}:
                raise ValueError(f"entry {i} must be an object of card and seat, not {shown(item)}")
            card = _name_of(ids, item["card"], "equipment card")
            out.append(8 * card + whole(item["seat"], 0, state.table.seats - 1, state, f"entry {i}'s seat "))
        return out


@dataclass(frozen=True)
class _Hints:
    """Hints given in this window (§18): `{"seat": s, "hint": threat | fit | intent, "meeple": e or null}`."""

    def encode(self, value: Any, state: Any) -> Any:
        return [{"seat": x // 64, "hint": HINT_KINDS[x % 64 // 8], "meeple": None if x % 8 == 0 else x % 8 - 1}
                for x in value]

    def decode(self, data: Any, state: Any) -> Any:
        seats, explorers = state.table.seats, state.table.explorers
        most = seats * 3 * (explorers + 1)
        if not isinstance(data, list) or len(data) > most:
            raise ValueError(f"must be a list of at most {most} hints, not {shown(data)}")
        out = []
        for i, item in enumerate(data):
            if not isinstance(item, dict) or set(item) != {"seat", "hint", "meeple"}:
                raise ValueError(f"entry {i} must be an object of seat, hint and meeple, not {shown(item)}")
            seat = whole(item["seat"], 0, seats - 1, state, f"entry {i}'s seat ")
            kind = _name_of(list(HINT_KINDS), item["hint"], "hint kind")
            subject = -1 if item["meeple"] is None else whole(item["meeple"], 0, explorers - 1, state,
                                                               f"entry {i}'s meeple ")
            out.append(64 * seat + 8 * kind + subject + 1)
        return out


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


def _per_meeple(inner: Any) -> Lists:
    return Lists(inner, _explorers, "meeple")


def _per_hand(inner: Any) -> Lists:
    return Lists(inner, _hands, "hand")


def _board_mask(cells: Callable[[Any], tuple[int, ...]]) -> Callable[[Any], int]:
    return lambda state: sum(1 << x for x in cells(state.table.board))


DECLARATION = Declaration([
    Field("game", None),
    Field("table", None),
    Field("reason", Text(document.MAX_TEXT)),
    Field("events", _Events(), copy=LIST, hidden=True, redraw=_redraw_events),
    Field("rng_state", Int(0, STATE_LIMIT - 1), hidden=True, redraw=_redraw_rng),
    Field("phase", _Say(Word(PHASE_WORDS), "an impossible phase")),
    Field("round", Int(0, MAX_ROUND)),
    Field("over", _Ending(), doc_name="ended"),
    Field("setup_step", Word(SETUP_STEPS)),
    Field("setup_explorer", Int(0, _explorers), doc_name="setup_meeple"),
    Field("lava", _Lava(_lava_cells, "volcano, rubble or landscape")),
    Field("equipment_tokens_left", _CellSet(_board_mask(lambda b: b.equipment_tokens),
                                            "equipment token cards of this scenario"), doc_name="equipment_tokens"),
    Field("eruption_tokens_left", _CellSet(_board_mask(lambda b: b.eruption_tokens),
                                           "eruption token cards of this scenario"), doc_name="eruption_tokens"),
    Field("double_eruption_tokens_left", _CellSet(_board_mask(lambda b: (b.thrill,)),
                                                  "the Extra thrill token's card (§11.4)"),
          doc_name="double_eruption_tokens"),
    Field("mover", _OrNull(Int(0, lambda s: s.table.explorers - 1))),
    Field("turn_step", Word(TURN_STEPS)),
    Field("turn_margin", Int(0, MAX_VALUE)),
    Field("turn_success", Bool(as_int=True)),
    Field("bars_spent", Int(0, MAX_VALUE)),
    Field("eruptions_due", Int(0, lambda s: 2 * len(s.table.board.eruption_tokens))),
    Field("chance", _Chance(), copy=LIST),
    Field("decisions", _Decisions(), copy=LIST),
    Field("card_at", _Terrain(), doc_name="terrain"),
    Field("skill", _per_meeple(_OrNull(_Id(_skill_ids, "skill"))), copy=LIST),
    Field("character", _per_meeple(_OrNull(_Id(_character_ids, "character"))), copy=LIST),
    Field("position", _Say(_per_meeple(_Cell()), "off the board"), copy=LIST),
    Field("destination", _Say(_per_meeple(_OrNull(_Cell())), "off the board"), copy=LIST),
    Field("stamina", _per_meeple(Int(0, lambda s: s.table.content.exhaustion)), copy=LIST),
    Field("injuries", _per_meeple(_Injuries()), copy=LIST),
    Field("power_bars", _per_meeple(Int(0, _power_bar_cap)), copy=LIST),
    Field("die_face", _Say(_PerDie(_OrNull(Int(1, 6), none=0)), "no die face (null for none)"), copy=LIST,
          hidden=True, redraw=_redraw_faces),
    Field("die_holder", _PerDie(_OrNull(Int(0, lambda s: s.table.dice // 6 - 1))), copy=LIST),
    Field("die_seen_by", _PerDie(_Seats()), copy=LIST),
    Field("die_in_play", _PerDie(Bool(as_int=True)), copy=LIST),
    Field("rerolls_left", _per_hand(Int(0, MAX_REROLLS)), copy=LIST),
    Field("rerolls_entitled", _per_hand(Int(0, MAX_REROLLS)), copy=LIST),
    Field("reroll_choice", _per_hand(_RerollChoice()), copy=LIST, hidden=True, redraw=_redraw_reroll_choices),
    Field("rerolls_done", _per_hand(Bool(as_int=True)), copy=LIST),
    Field("card_location", _CardPlaces(), copy=LIST, hidden=True, redraw=_redraw_cards),
    Field("card_usable_from", _PerCard(Int(0, MAX_ROUND + 1)), copy=LIST),
    Field("card_used_once", _CardSet(), copy=LIST),
    Field("under_pile", _UnderPile(), copy=LIST),
    Field("ready", Lists(Bool(as_int=True), _seats, "seat"), copy=LIST),
    Field("hints_given", _Hints(), copy=LIST),
    Field("die_set_aside", _per_meeple(Bool(as_int=True)), copy=LIST),
    Field("no_stamina_loss", _per_meeple(Bool(as_int=True)), copy=LIST),
    Field("stepped_early", _per_meeple(Bool(as_int=True)), copy=LIST),
    Field("moved", _per_meeple(Bool(as_int=True)), copy=LIST),
    Field("movement_bonus", _per_meeple(Int(0, _movement_bonus_cap)), copy=LIST),
    Field("screen_lowered", _per_meeple(_OrNull(Word(PHASE_WORDS), none=0)), copy=LIST),
    Field("die_to_lose", _per_meeple(_OrNull(_Die())), copy=LIST),
    Field("white_starters", Ints(0, 3, length=2), copy=LIST),
    Field("remarks", Ints(0, REMARK_LIMIT, length=_seats), copy=LIST, doc_name="markers_moved"),
    Field("_legal_cache", None, hidden=True, redraw=_forget_legal_actions),
    Field("_to_move_cache", None),
])
"""Every field of `FujiState`, in the order clone copies, the document checks and resample redraws them."""

SLOTS = tuple(field.name for field in DECLARATION.fields)
"""The state's slots: exactly the declared fields."""
