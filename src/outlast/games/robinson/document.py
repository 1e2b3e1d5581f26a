"""Robinson Crusoe state documents: the checked reader behind `RobinsonGame.load_state` (architecture §2).

A document holds the header (game, format, rules version, options, characters), the event log and every
field of a `RobinsonState` (`SCALARS`, `LISTS`). Reading one checks each field in turn — its type, its
range, its length and what it refers to (a card of the right kind, a tile, a space, a seat, a pawn, a
program node, a planned Action) — then the fields against each other and against the rules (each card in
one zone its kind may enter, tiles and spaces agreeing, a pending draw with something left to draw, a
pending decision its chooser can answer). Any fault raises `SaveError` naming the field, before a state is
built; an accepted document is a position the rules can go on from: someone can act, every chance point
has outcomes, and nothing in it is large enough to hang a loop.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE, Event, OutlastError, SaveError
from outlast.core.errors import shown
from outlast.core.formats import Renamed, Reworded
from outlast.core.words import THEN_LOWERED

if TYPE_CHECKING:
    from .state import RobinsonState
    from .table import Table

from . import constants as st
from .decisions import KINDS, AnyTimeWindow, KeepInvention, KeepToken, RobinsonDecision, TopTile

MAX_EVENTS = 1_000_000
MAX_TEXT = 2_000
MAX_AMOUNT = 999
"""Resources, Determination and costs stay far below this in any game (§2.4)."""
MAX_TRACK = 99
"""Roof, Palisade and Weapon levels (the board's tracks end far lower)."""
MAX_COUNT = 9
"""Cards, tiles or tokens one effect draws, Wounds one decision shares, Determination it hands out."""
MAX_PENDING = 200
"""Work items, pending decisions and planned Actions pending at once (a round needs a few dozen)."""
MAX_CHANGES = 10_000
HEADER = ("game", "format", "rules_version", "options", "characters")

FORMAT = 3
"""The layout of Robinson's state documents (docs/state-format/robinson.md); format 2 is read too, format 1 (short
keys) is refused."""

EARLIER_FORMATS = (Renamed(2, {
    "chars": "characters", "step": "phase_step", "source": "last_used", "temp_weapon": "temporary_weapon",
    "cur": "resolving_action", "flags": "no_production", "night_food": "night_extra_food",
    "pile_done": "wood_added_to_pile", "ev_book": "book_events_in_deck", "ev_adv": "adventure_events_in_deck",
    "space_tk": "space_tokens", "space_exh": "covered_sources", "space_lost": "space_inaccessible",
    "field_tk": "action_field_tokens", "weather_tk": "weather_tokens", "pile": "wood_pile",
    "hunt_top": "hunting_deck_top", "hunt_seen": "hunting_top_seen", "hunt_bottom": "hunting_deck_bottom",
    "dice": "action_dice", "clouds": "weather_resolving", "outside": "outside_camp", "stash": "own_supply",
    "item_used": "items_used", "gathered": "sources_gathered", "hungry_done": "meals_missed",
    "minus": "minus_one_pawn", "changes": "plan_changes", "myst": "mystery_draw", "xsrc": "additional_pawns",
    "groups": "planned_actions", "special": "special_wounds", "work": "pending_steps",
}, dropped={"econ_used": 0}),)
"""Format 2 wrote short keys for many fields (`cur`, `xsrc`, `field_tk`, …) and an `econ_used` marker that was
always 0; it is read by renaming them (and written for the digests of saves made then)."""
_PAWN_NAME = re.compile(r"[a-z0-9][a-z0-9_\-]*", re.ASCII).fullmatch
HOLDS_RESOLVING = frozenset((st.I_SLIDE, st.I_DISCARD, st.I_EVENT_HALF_DONE, st.I_ADV_DONE, st.I_MYST_AFTER,
                             st.I_BEAST))
"""Work items that finish a card being resolved (its discard, slide or keep step)."""


@cache
def position_keys() -> dict[str, str]:
    """The position key that holds each engine field (`declaration.py`), for the messages of a refused document."""
    from .declaration import DECLARATION

    return {f.name: f.key for f in DECLARATION.fields if f.codec is not None}


class FieldFault(SaveError):
    """A refused document naming the position's key; `problem` is what is wrong, without the key."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"state field {position_keys().get(field, field)!r}: {problem}")
        self.problem = problem


def fail(field: str, problem: str) -> FieldFault:
    """A refused document, naming the position's key."""
    return FieldFault(field, problem)


def need(ok: object, field: str, problem: str) -> None:
    if not ok:
        raise fail(field, problem)


def _int(value: object, field: str, lo: int, hi: int, what: str = "") -> int:
    if type(value) is not int:
        raise fail(field, f"{what + ' ' if what else ''}must be a whole number, not {shown(value)}")
    if not lo <= value <= hi:
        raise fail(field, f"{what + ': ' if what else ''}{shown(value)} is outside {lo}..{hi}")
    return value


def _ints(value: object, field: str, lo: int, hi: int, length: int | None = None, most: int = MAX_PENDING
          ) -> list[int]:
    if not isinstance(value, list):
        raise fail(field, f"must be a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise fail(field, f"has {len(value)} entries, not {length}")
    if len(value) > most:
        raise fail(field, f"has {len(value)} entries, more than {most}")
    return [_int(x, field, lo, hi, f"entry {i}") for i, x in enumerate(value)]


def _rows(value: object, field: str, width: int, most: int = MAX_PENDING) -> list[list[Any]]:
    if not isinstance(value, list):
        raise fail(field, f"must be a list, not {shown(value)}")
    if len(value) > most:
        raise fail(field, f"has {len(value)} entries, more than {most}")
    for i, row in enumerate(value):
        if not isinstance(row, list) or len(row) != width:
            raise fail(field, f"entry {i} must be a list of {width} values, not {shown(row)}")
    return value


def _text(value: object, field: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise fail(field, f"must be a text of at most {MAX_TEXT} characters, not {shown(value)}")
    return value


# ----------------------------------------------------------------------------- the header
def read_table(game: Any, doc: Any) -> Table:
    """The game's frozen `Table` from the document's header (options and characters), or `SaveError`."""
    from .table import build_table

    game.check_doc_header(doc)
    fields = document_keys()
    missing = [f for f in fields if f not in doc]
    if missing:
        raise SaveError(f"state document lacks field {missing[0]!r}"
                        + (f" and {len(missing) - 1} more" if len(missing) > 1 else ""))
    extra = sorted(str(k) for k in doc if k not in fields)
    if extra:
        raise SaveError(f"state document has unknown fields: {shown(extra)}")
    opts, chars = doc["options"], doc["characters"]
    if not isinstance(opts, dict):
        raise fail("options", f"must be an object of options, not {shown(opts)}")
    if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
        raise fail("characters", f"must be a list of character ids, not {shown(chars)}")
    try:
        resolved = game.options.resolve({**opts, "characters": chars})
        given = game.options.resolve(opts)["characters"] if "characters" in opts else ()
    except OutlastError as exc:
        raise fail("options", f"not options of this game: {exc}") from None
    except Exception as exc:  # an option value of a type the schema does not expect
        raise fail("options", f"not options of this game: {shown(str(exc), 120)}") from None
    table = build_table(game.content, resolved, 0)
    table.options["characters"] = given
    return table


def document_keys() -> tuple[str, ...]:
    """Every key of a Robinson Crusoe position: the header, then each declared field's key."""
    from .declaration import DECLARATION

    return (*HEADER, *(f.key for f in DECLARATION.fields if f.codec is not None))


# ----------------------------------------------------------------------------- the fields
def from_json(game: Any, table: Table, doc: dict[str, Any]) -> RobinsonState:
    """Check every field of `doc`, then build the state; any fault is a `SaveError` naming the field."""
    from .declaration import DECLARATION
    from .state import RobinsonState

    s = RobinsonState.blank(game, table, 0)
    DECLARATION.from_doc(s, {k: v for k, v in doc.items() if k not in HEADER})
    _check_fields(s)
    _check_cards(s)
    _check_board(s)
    _check_pending(s)
    _check_plan(s)
    s.forget()
    _check_live(s)
    return s


def read_events(data: Any, s: RobinsonState) -> list[Event]:
    """The event log: at most `MAX_EVENTS` events, each as `Event.to_json` writes it."""
    if not isinstance(data, list) or len(data) > MAX_EVENTS:
        raise fail("events", f"must be a list of at most {MAX_EVENTS} events")
    out = []
    for i, e in enumerate(data):
        try:
            ev = Event.from_json(e, s.players)
        except SaveError as exc:
            raise fail("events", f"event {i}: {exc}") from None
        if len(ev.text) > MAX_TEXT or len(ev.kind) > MAX_TEXT:
            raise fail("events", f"event {i} has a text of more than {MAX_TEXT} characters")
        out.append(ev)
    return out


def read_chance(data: Any, s: RobinsonState) -> list[int]:
    """A pending chance point `[kind, a, b, c]`, or nothing."""
    chance = _ints(data, "chance", -1, MAX_PENDING, None, 4)
    need(len(chance) in (0, 4), "chance", "a pending chance point is [kind, a, b, c] or nothing")
    return chance


def read_mystery_draw(data: Any, s: RobinsonState) -> list[int]:
    """A Mystery draw under way `[treasures, monsters, traps, drawer, drawn]`, or nothing (§16.2)."""
    draw = _ints(data, "mystery_draw", -1, MAX_COUNT, None, 5)
    need(len(draw) in (0, 5), "mystery_draw", "a Mystery draw is [treasures, monsters, traps, drawer, drawn] or nothing")
    if draw:
        need(min(draw[:3]) >= 0 and -1 <= draw[3] <= s.players and draw[4] in (0, 1), "mystery_draw",
             "malformed Mystery draw")
    return draw


def read_additional_pawns(data: Any, s: RobinsonState) -> list[tuple[int, int, int, int, str]]:
    """Additional pawns: `[source kind, reference, Action mask, owner, pawn name]` (§8.1, §20.4)."""
    c, n = s.content, s.players
    nc = len(c.cards)
    pawns = []
    names: set[str] = set()
    for i, row in enumerate(_rows(data, "additional_pawns", 5, 64)):
        kind = _int(row[0], "additional_pawns", 0, st.XS_SKILL, f"source {i} kind")
        ref = _int(row[1], "additional_pawns", 0, max(nc, 8 * n) - 1, f"source {i} reference")
        mask = _int(row[2], "additional_pawns", 0, 127, f"source {i} Action mask")
        owner = _int(row[3], "additional_pawns", 0, n - 1, f"source {i} owner")
        name = row[4]
        need(isinstance(name, str) and len(name) <= 60 and _PAWN_NAME(name) and name not in names
             and name not in ("1", "2", "friday", "dog"), "additional_pawns", f"source {i} has no proper pawn name: {shown(name)}")
        names.add(name)
        if kind in (st.XS_ITEM, st.XS_KEPT, st.XS_START):
            want = {st.XS_ITEM: "invention", st.XS_KEPT: "mystery", st.XS_START: "start_item"}[kind]
            need(ref < nc and c.cards[ref].kind == want, "additional_pawns", f"source {i} is no {want} card")
        elif kind == st.XS_TOKEN:
            need(ref < len(c.tokens), "additional_pawns", f"source {i} is no Discovery token")
        else:
            seat, si = divmod(ref, 8)
            need(seat < n and si < len(c.characters[s.table.chars[seat]].skills), "additional_pawns", f"source {i} is no skill")
        pawns.append((kind, ref, mask, owner, name))
    return pawns


def read_groups(data: Any, s: RobinsonState) -> list[tuple[Any, ...]]:
    """Planned Actions `[type, target, alternative, leader, [pawns], wood, food, fur, flags]` (§8.1–§8.4)."""
    c, n = s.content, s.players
    nc = len(c.cards)
    pawns = 2 * n + 2 + len(s.additional_pawns)
    groups: list[tuple[Any, ...]] = []
    placed: set[int] = set()
    for gi, row in enumerate(_rows(data, "groups", 9, 64)):
        where = f"Action {gi + 1}"
        typ = _int(row[0], "groups", 0, st.T_REST, f"{where} type")
        target = _int(row[1], "groups", -4, max(nc, 2 * len(c.spaces)), f"{where} target")
        alt = _int(row[2], "groups", 0, 3, f"{where} alternative")
        lead = _int(row[3], "groups", 0, n if s.table.friday else n - 1, f"{where} leader")
        ids = row[4]
        if not isinstance(ids, list) or not 1 <= len(ids) <= 8:
            raise fail("groups", f"{where} must hold a list of 1 to 8 pawns, not {shown(ids)}")
        ids = [_int(p, "groups", 0, pawns - 1, f"{where} pawn") for p in ids]
        need(not placed & set(ids) and len(set(ids)) == len(ids), "groups", f"{where}: a pawn stands in two places")
        placed |= set(ids)
        need(not (s.friday_pawn in ids and not s.table.friday) and not (s.dog_pawn in ids and not s.table.dog), "groups",
             f"{where} holds Friday or the Dog, who are not in this game")
        costs = [_int(row[k], "groups", 0, MAX_AMOUNT, f"{where} cost") for k in (5, 6, 7)]
        flags = _int(row[8], "groups", 0, 15, f"{where} flags")
        _check_target(s, gi, typ, target, alt, bool(flags & st.G_DONE))
        groups.append((typ, target, alt, lead, tuple(ids), *costs, flags))
    return groups


def read_special(data: Any, s: RobinsonState) -> list[tuple[int, ...]]:
    """Special Wounds `[seat, body part, Action type, curing Invention]` (§13.1, §25.5)."""
    c, n = s.content, s.players
    special: list[tuple[int, ...]] = []
    for i, row in enumerate(_rows(data, "special", 4, 16)):
        seat = _int(row[0], "special", 0, n - 1, f"wound {i} seat")
        part = _int(row[1], "special", 0, 3, f"wound {i} part")
        typ = _int(row[2], "special", st.T_HUNT, st.T_EXPLORE, f"wound {i} Action type")
        card = _int(row[3], "special", 0, len(c.cards) - 1, f"wound {i} cure")
        need(c.cards[card].kind == "invention", "special", f"wound {i} is cured by no Invention")
        special.append((seat, part, typ, card))
    return special


def read_work(data: Any, s: RobinsonState) -> list[tuple[int, int, int, int]]:
    """Pending work `[step, a, b, flag]`, last first: effect program nodes and engine steps."""
    n, nc = s.players, len(s.content.cards)
    work = []
    for i, row in enumerate(_rows(data, "work", 4, MAX_PENDING)):
        op = _int(row[0], "work", st.I_AFTER_TILE, len(s.program.nodes) - 1, f"item {i} step")
        a = _int(row[1], "work", -1, max(n, st.TOK_BOX, st.Z_EVENT_STACK), f"item {i} first value")
        b = _int(row[2], "work", -1, max(nc, MAX_PENDING), f"item {i} second value")
        x = _int(row[3], "work", 0, 1, f"item {i} flag")
        _check_work(s, i, op, a, b, x)
        work.append((op, a, b, x))
    return work


def read_decisions(data: Any, s: RobinsonState) -> list[RobinsonDecision]:
    """Pending decisions, each `{kind, chooser, …}` checked against the position (`decisions.py`)."""
    need(isinstance(data, list), "decisions", f"must be a list, not {shown(data)}")
    need(len(data) <= 64, "decisions", f"has {len(data)} entries, more than 64")
    decisions: list[RobinsonDecision] = []
    for i, item in enumerate(data):
        try:
            decision = KINDS.from_doc(item)
        except SaveError as exc:
            raise fail("decisions", f"decision {i}: {exc}") from None
        assert isinstance(decision, RobinsonDecision)
        problem = decision.check(s)
        need(problem is None, "decisions", f"decision {i} ({decision.kind}): {problem}")
        decisions.append(decision)
    need(all(isinstance(d, AnyTimeWindow) for d in decisions[:-1]), "decisions",
         "a decision waits only on top: below it lie windows of any-time effects alone")
    return decisions


def _check_fields(s: RobinsonState) -> None:
    """The read fields against each other: the ending and the phase, the step, Wounds past death, the pile,
    the clouds, lists without repeats, Friday, the plan and its Action (§4, §10, §11, §25.1)."""
    t, c = s.table, s.content
    n, sc = s.players, t.scenario
    need((s.over != 0) == (s.phase == st.OVER), "over", "the game is over exactly when the phase is 'over'")
    steps = {st.SETUP: 5 + t.options["starting_items"], st.EVENT: 1, st.MORALE: 0, st.PRODUCTION: 1, st.PLAN: 2,
             st.RESOLVE: 0, st.WEATHER: len(sc.weather[s.round - 1]) + 2, st.NIGHT: 4, st.OVER: 100}
    need(s.step <= steps[s.phase] or (s.phase == st.SETUP and s.step == 100), "step",
         f"{s.step} is no step of the {st.PHASE_NAMES[s.phase]} phase")
    deaths = [c.characters[ch].death_at for ch in t.chars] + [c.friday_death_at]
    for p in range(n + 1):
        # a character's marker stops at death; Friday's last Wounds all count (his death does not end the game)
        dead_friday = p == n and t.friday and not s.friday_alive
        need(s.wounds[p] <= deaths[p] or dead_friday, "wounds",
             f"entry {p}: {s.wounds[p]} Wounds is past death at {deaths[p]}")
    for i, need_i in enumerate(sc.pile):
        need(s.pile[i] <= need_i, "pile", f"stage {i + 1} holds {s.pile[i]} wood of the {need_i} it takes")
    need(s.clouds[2] <= 3 and s.clouds[3] <= 3, "clouds", "the animals face is -1..3 and the flags 0..3")
    need(min(s.clouds[0], s.clouds[1], s.clouds[3]) >= 0, "clouds", "cloud counts are not negative")
    for name in ("item_used", "gathered", "hunt_bottom"):
        values = getattr(s, name)
        need(len(set(values)) == len(values), name, "lists an entry twice")
    need(all(c.cards[x].kind == "invention" for x in s.item_used), "item_used", "only Items are used once a round")
    if not t.friday:
        need(s.wounds[n] == 0 and s.determination[n] == 0, "wounds", "there is no Friday to wound or give Determination")
    need(s.resolving_action < len(s.groups), "resolving_action", f"there is no planned Action {s.resolving_action + 1}")
    need(not s.groups or s.phase in (st.PLAN, st.RESOLVE, st.OVER), "groups",
         "Actions are planned only in the Action phase")
    need(not s.additional_pawns or s.phase in (st.PLAN, st.RESOLVE, st.OVER), "additional_pawns",
         "additional pawns exist only in the Action phase")


def _check_target(s: RobinsonState, gi: int, typ: int, target: int, alt: int, done: bool) -> None:
    """A planned Action's target is one the rules can resolve (§8.1.2)."""
    c = s.content
    where = f"Action {gi + 1}"
    if typ == st.T_THREAT:
        need(target in (0, 1) and alt <= 1, "groups", f"{where}: a Threat Action targets the left or right card")
    elif typ == st.T_BUILD:
        if target < 0:
            need(alt <= (0 if target == st.BUILD_WEAPON else 1), "groups", f"{where}: no such cost alternative")
        else:
            need(target < len(c.cards) and c.cards[target].kind == "invention", "groups",
                 f"{where}: only Inventions are built")
            need(alt < max(1, len(c.cards[target].data.get("cost") or [])), "groups", f"{where}: no such cost")
    elif typ == st.T_GATHER:
        sp, i = divmod(target, 2)
        tile = s.space_tile[sp] if 0 <= sp < len(c.spaces) else -1
        need(tile >= 0 and i < len(c.tiles[tile].sources) and alt == 0, "groups", f"{where}: no such source")
    elif typ == st.T_EXPLORE:
        need(0 <= target < len(c.spaces) and alt == 0, "groups", f"{where}: no such space")
        need(done or gi == s.resolving_action or s.space_tile[target] < 0, "groups", f"{where}: s{target + 1} is explored already")
    else:
        need(target == 0 and alt == 0, "groups", f"{where}: a Hunt, Arranging or Rest has no target")


def _check_work(s: RobinsonState, i: int, op: int, a: int, b: int, x: int) -> None:
    """A pending work item refers to what its step reads: a card of the right kind, a planned Action, a seat."""
    c = s.content
    nc, n = len(c.cards), s.players
    what = f"item {i}"
    if op >= 0:
        need(-1 <= a <= n and -1 <= b < nc and x == 0, "work", f"{what}: an effect names an actor and a card")
        return
    cards = {st.I_SLIDE: ("event", "wreckage"), st.I_ICON: ("event",), st.I_BEAST: ("beast",),
             st.I_MYST_AFTER: ("mystery",), st.I_EVENT_HALF_DONE: ("adventure", "mystery"),
             st.I_ADV_DONE: ("adventure", "mystery"), st.I_DISCARD: None}
    if op in cards:
        kinds = cards[op]
        need(0 <= b < nc and (kinds is None or c.cards[b].kind in kinds), "work", f"{what} names no fitting card")
        need(-1 <= a <= n and x == 0, "work", f"{what}: malformed")
    elif op in (st.I_PRE, st.I_MAIN, st.I_POST, st.I_DICE, st.I_SUCCESS, st.I_ADVENTURE):
        need(0 <= b < len(s.groups), "work", f"{what} names no planned Action")
        need(-1 <= a <= n and (x == 0 or op == st.I_ADVENTURE), "work", f"{what}: malformed")
        if op in (st.I_ADVENTURE, st.I_DICE):
            need(s.groups[b][0] in st.DICE_OF, "work", f"{what}: only Building, Gathering and Exploration roll")
    elif op == st.I_MYST_STEP:
        need(a == b == x == 0, "work", f"{what}: malformed")
    elif op == st.I_TOKENS:
        need(a in (st.TOK_FUTURE, st.TOK_AVAIL) and 0 <= b <= MAX_COUNT and x == 0, "work", f"{what}: malformed")
    elif op in (st.I_NEW_IDEA, st.I_RECON, st.I_SCOUT):
        need(0 <= a < n and 0 <= b <= MAX_COUNT and x == 0, "work", f"{what}: malformed")
    else:
        raise fail("work", f"{what} is a step the rules never take")


# ----------------------------------------------------------------------------- fields together
def _allowed_zones(kind: str, data: dict[str, Any]) -> frozenset[int]:
    """Zones a card of its kind may ever occupy (§2.2, §3, §5, §8.7, §8.8, §13.2, §16)."""
    if kind == "event":
        return frozenset((st.Z_EVENT_STACK, st.Z_EVENT_DECK, st.Z_EVENT_DISCARD, st.Z_THREAT_L, st.Z_THREAT_R,
                          st.Z_RESOLVING))
    if kind == "wreckage":
        return frozenset((st.Z_BOX, st.Z_THREAT_L, st.Z_THREAT_R, st.Z_RESOLVING, st.Z_EVENT_DISCARD))
    if kind == "adventure":
        deck = {"build": st.Z_ADV_B, "gather": st.Z_ADV_G, "explore": st.Z_ADV_E}[data["deck"]]
        return frozenset((deck, st.ADVD_ZONE[deck], st.Z_RESOLVING, st.Z_EVENT_DECK))
    if kind == "mystery":
        return frozenset((st.Z_MYST_DECK, st.Z_MYST_DISCARD, st.Z_MYST_ASIDE, st.Z_KEPT, st.Z_RESOLVING,
                          st.Z_EVENT_DECK))
    if kind == "beast":
        return frozenset((st.Z_BEAST_DECK, st.Z_HUNT_DECK, st.Z_RESOLVING, st.Z_BEAST_DISCARD))
    if kind == "invention":
        zones = {st.Z_INV_DECK, st.Z_INV_DISCARD, st.Z_INV_BOARD, st.Z_ITEM, st.Z_ITEM_FUTURE, st.Z_REVEALED}
        if data["group"] == "personal":
            zones.add(st.Z_INV_OWNER)
        if data["group"] == "scenario":
            zones |= {st.Z_INV_SCENARIO, st.Z_BOX}
        return frozenset(zones)
    return frozenset((st.Z_BOX, st.Z_START, st.Z_START_USED))


def _check_cards(s: RobinsonState) -> None:
    """Every card in one zone its kind may enter, with the uses, decks and pending steps that go with it."""
    c, zone = s.content, s.zone
    over = s.phase == st.OVER
    for i, card in enumerate(c.cards):
        z = zone[i]
        need(z in _allowed_zones(card.kind, card.data), "zone",
             f"the {card.kind} card {card.id} cannot lie in the {st.ZONE_NAMES[z]}")
        u = s.uses[i]
        if z == st.Z_START:
            need(1 <= u <= card.data["uses"], "uses", f"the Starting Item {card.id} in play has {u} uses, not 1 to "
                 f"{card.data['uses']}")
        elif z == st.Z_KEPT:
            need(u != 0, "uses", f"the kept card {card.id} has no use left")
        else:
            need(u <= 0, "uses", f"{card.id} has uses but is not in play")
    for z in (st.Z_THREAT_L, st.Z_THREAT_R):
        need(zone.count(z) <= 1, "zone", f"the {st.ZONE_NAMES[z]} space holds more than one card")
    pending = {type(d) for d in s.decisions}
    ops = {w[0] for w in s.work}
    chance = s.chance[0] if s.chance else -1
    if not over:
        finishing = {w[2] for w in s.work if w[0] in HOLDS_RESOLVING}
        for i in (i for i, z in enumerate(zone) if z == st.Z_RESOLVING):
            need(i in finishing, "zone", f"{c.cards[i].id} is being resolved with nothing pending to finish it")
        need(st.Z_REVEALED not in zone or chance == st.CH_INV or KeepInvention in pending or st.I_NEW_IDEA in ops,
             "zone", "Inventions lie revealed with no pick pending")
        need(st.Z_MYST_ASIDE not in zone or bool(s.mystery_draw), "zone", "Mystery cards are set aside outside a Mystery draw")
    need(st.Z_ITEM_FUTURE not in zone or s.phase in (st.RESOLVE, st.OVER), "zone",
         "Items are still Future outside the Action phase")
    books = sum(1 for i, z in enumerate(zone) if z == st.Z_EVENT_STACK and c.cards[i].data["icon"] == "book")
    stack = zone.count(st.Z_EVENT_STACK)
    need(s.book_events_in_deck <= books and s.adventure_events_in_deck <= stack - books, "book_events_in_deck",
         f"{s.book_events_in_deck} Book and {s.adventure_events_in_deck} Adventure Event cards are dealt but the stack holds {books} and "
         f"{stack - books}")
    need(len(s.hunt_seen) == len(s.hunt_top), "hunt_seen", "says for each top Hunting card whether it was seen")
    placed = s.hunt_top + s.hunt_bottom
    need(len(set(placed)) == len(placed), "hunt_top", "a Hunting card lies in two places")
    need(all(zone[x] == st.Z_HUNT_DECK for x in placed), "hunt_top", "a top or bottom Hunting card is not in the "
         "Hunting deck")
    for ci, card in enumerate(c.cards):
        if card.kind == "invention" and zone[ci] == st.Z_INV_OWNER:
            need(card.data.get("owner") in [c.characters[ch].id for ch in s.table.chars], "zone",
                 f"{card.id} is the personal Invention of a character not in this game")
    for i, k in enumerate(c.tokens):
        kind = c.token_kinds[k]
        boxed = kind.scenario and kind.id not in s.table.scenario.discoveries
        need((s.token_place[i] == st.TOK_BOX) == boxed, "token_place", f"the {kind.id} token is {'not ' if boxed else ''}in play")
    need(st.TOK_FUTURE not in s.token_place or s.phase in (st.RESOLVE, st.OVER), "token_place",
         "a Discovery token is Future outside the Action phase")
    need(st.TOK_REVEALED not in s.token_place or over or chance == st.CH_TOKEN or KeepToken in pending
         or st.I_SCOUT in ops, "token_place", "Discovery tokens lie revealed with no pick pending")
    for x in s.item_used:
        need(zone[x] in (st.Z_ITEM, st.Z_INV_BOARD, st.Z_INV_OWNER, st.Z_INV_SCENARIO, st.Z_INV_DECK), "item_used",
             f"{c.cards[x].id} is no Item")


def _check_board(s: RobinsonState) -> None:
    """Tiles, spaces, the Camp, the gathered sources and the players' places agree (§2.1, §8.10, §10.2)."""
    c = s.content
    for t, at in enumerate(s.tile_at):
        if at >= 0:
            need(s.space_tile[at] == t, "tile_at", f"tile {c.tiles[t].number} is at s{at + 1}, which holds another")
    for sp, t in enumerate(s.space_tile):
        if t >= 0:
            need(s.tile_at[t] == sp, "space_tile", f"s{sp + 1} holds tile {c.tiles[t].number}, which is elsewhere")
        else:
            need(not s.space_tokens[sp] and not s.covered_sources[sp], "space_tokens", f"unexplored s{sp + 1} holds tokens")
    start = next(x.index for x in c.tiles if x.number == s.table.scenario.start_tile)
    need(s.tile_at[start] >= 0, "tile_at", "the start tile is not on the island")
    need(s.space_tile[s.camp] >= 0 and not s.space_lost[s.camp], "camp", f"the Camp (s{s.camp + 1}) stands on no tile")
    need(s.tile_top < 0 or s.tile_at[s.tile_top] == st.TILE_REVEALED, "tile_top",
         "the tile on top of the stack is not face up")
    pending = {type(d) for d in s.decisions}
    ops = {w[0] for w in s.work}
    loose = [t for t, at in enumerate(s.tile_at) if at == st.TILE_REVEALED and t != s.tile_top]
    need(not loose or s.over or (s.chance and s.chance[0] == st.CH_RECON) or TopTile in pending
         or st.I_RECON in ops, "tile_at", "tiles lie revealed that are not the top tile, with no pick pending")
    for x in s.gathered:
        sp, i = divmod(x, 2)
        need(s.space_tile[sp] >= 0 and i < len(c.tiles[s.space_tile[sp]].sources), "gathered",
             f"s{sp + 1}:{i + 1} is no source")


def _check_pending(s: RobinsonState) -> None:
    """A pending chance point has something to draw or roll, with the values its resolution reads."""
    if s.over:
        need(not s.chance and not s.decisions and not s.work, "chance", "nothing is pending once the game is over")
        return
    if not s.chance:
        return
    kind, a, b, cc = s.chance
    c, n = s.content, s.players
    ok = True
    if kind == st.CH_EVENT:
        ok = a in (0, 1) and b == cc == 0 and (a == 1 or s.event_deck_size() > 0)
    elif kind == st.CH_ADV:
        ok = a in (st.Z_ADV_B, st.Z_ADV_G, st.Z_ADV_E) and s.count_in(a) > 0 and -1 <= b <= n and cc == 0
    elif kind == st.CH_MYST:
        ok = s.count_in(st.Z_MYST_DECK) > 0 and bool(s.mystery_draw) and a == b == cc == 0
    elif kind in (st.CH_HUNT, st.CH_TRACK):
        ok = (0 <= a < len(s.groups) and s.groups[a][0] == st.T_HUNT) if kind == st.CH_HUNT else 0 <= a < n
        ok = ok and b == cc == 0 and bool(s.deck_bag(st.Z_HUNT_DECK))
    elif kind in (st.CH_BEAST, st.CH_BEAST_TOP):
        ok = s.count_in(st.Z_BEAST_DECK) > 0 and a == b == cc == 0
    elif kind in (st.CH_TILE, st.CH_RECON):
        ok = st.TILE_STACK in s.tile_at and cc == 0
        if kind == st.CH_TILE:
            ok = ok and 0 <= a < len(c.spaces) and s.space_tile[a] < 0 and -1 <= b <= n
        else:
            ok = ok and 0 <= a < n and 1 <= b <= MAX_COUNT
    elif kind == st.CH_TOKEN:
        ok = (st.TOK_BAG in s.token_place and a in (st.TOK_FUTURE, st.TOK_AVAIL, st.TOK_REVEALED) and 1 <= b <= MAX_COUNT
              and (0 <= cc < n if a == st.TOK_REVEALED else cc == 0))
    elif kind == st.CH_INV:
        ok = (s.count_in(st.Z_INV_DECK) > 0 and a in (st.Z_INV_BOARD, st.Z_REVEALED) and 0 <= b <= MAX_COUNT
              and 0 <= cc < n)
    elif kind == st.CH_START:
        ok = any(c.cards[i].kind == "start_item" for i in s.cards_in(st.Z_BOX)) and a == b == cc == 0
    elif kind in (st.CH_DICE, st.CH_REROLL):
        ok = 0 <= a < len(s.groups) and s.groups[a][0] in st.DICE_OF and cc == 0
        ok = ok and (0 <= b <= 2 if kind == st.CH_REROLL else b == 0)
    elif kind == st.CH_WEATHER:
        ok = 0 <= a < len(s.table.scenario.weather[s.round - 1]) and b == cc == 0
    elif kind == st.CH_PIT:
        ok = 0 <= a <= MAX_COUNT and b == cc == 0
    else:
        ok = False
    need(ok, "chance", f"the pending chance point {shown(s.chance)} has nothing to draw or is malformed")


def _check_plan(s: RobinsonState) -> None:
    """While planning, ready is said only over a complete part, and a plan everyone is ready for holds (§26.1)."""
    if s.phase != st.PLAN or s.step != 2:
        return
    for seat in range(s.players):
        need(not s.ready[seat] or s._seat_complete(seat), "ready",
             f"{s.char_name(seat)} is ready with pawns unplaced or short of an Action's minimum")
    need(not all(s.ready) or s._plan_problem() is None, "ready", "everyone is ready for a plan that does not hold")


def _check_live(s: RobinsonState) -> None:
    """The next step exists: someone can act (or chance can), unless the game is over."""
    try:
        s.observe(None)
        if s.over:
            return
        movers = s.to_move()
        if not movers:
            raise fail("phase", "nobody can act in this position and the game is not over")
        if movers == [CHANCE]:
            outcomes = s.chance_outcomes()
            if not outcomes or not math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9):
                raise fail("chance", "the pending chance point has no outcomes")
            return
        for seat in movers:
            if not s.legal_actions(seat):
                raise fail("decisions" if s.decisions else "phase", f"seat {seat} must act but has no legal action")
    except SaveError:
        raise
    except Exception as exc:  # a combination of fields the checks above do not name: still a corrupt document
        raise SaveError(f"state document cannot be played on: {type(exc).__name__}: {shown(str(exc), 120)}") from None
    finally:
        s.forget()


__all__ = ["document_keys", "from_json", "read_table"]


def _then_capital(match: re.Match[str]) -> str:
    return "Then " + match.group(1).capitalize()


EARLIER_WORDINGS = (Reworded((
    (r"^An (Adventure|extra-pawn) token goes on ", r"A \1 token goes on "),
    (r"puts an extra-pawn token on an explored tile", "puts a an extra-pawn token on an explored tile"),
    (r"\bThen (" + "|".join(sorted(THEN_LOWERED)) + r")\b", _then_capital),
), added=(r"Extra meal \(the reminder in the Night space\): \d+ of \d+ food paid \(§10\.1\)\.",),
    new_data=(("roll", "dice"), ("weather", "dice"))),)
"""Log lines worded otherwise before 2026-11-28 (for the digests of saves made then): "A" before every token's
name, the sentence after "Then" capitalised, no line for an extra meal paid at night, and no dice as data on an
Action's or the Weather's roll."""

