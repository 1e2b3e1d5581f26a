"""Fuji state documents: `to_json` and the checked reader behind `FujiGame.load_state` (architecture §2).

A document names every field of a `FujiState` (`FIELDS`). Reading one checks each field in turn — its
type, its range, its length, what it refers to (a cell of this scenario, a card, a die, a seat) — and
then the fields against each other and against the rules (a pending draw needs a card left to draw, a
pending decision needs a seat that can answer it, a Gatherer holds at most 3 bars). Any fault raises
`SaveError` naming the field, so a hand-edited or hostile document is refused before a state exists,
and an accepted one is a position the rules can reach the next step from: someone can act, every
chance point has outcomes, and nothing in it is large enough to hang a loop.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE, Event, SaveError
from outlast.core.errors import shown
from outlast.core.formats import Renamed, Reworded

from . import abilities
from . import board as geo
from .actions import HINT_KINDS, HINT_LEVELS
from .terms import (
    BAG,
    COLLECT,
    DEAL_CHARACTER,
    DEAL_SKILL,
    DRAW_EQUIPMENT,
    EQUIP,
    EQUIPMENT_REROLL,
    ERUPT,
    GRANTED_REROLL,
    INJURY,
    KEEP,
    KEEPING,
    LEAVE_DIE,
    LEG,
    LEND,
    LOSE_DIE,
    MOVE,
    PATH,
    PHASE_NAMES,
    PLACE_TERRAIN,
    PLAN,
    POWER_BARS,
    REROLL,
    REROLL_ONE,
    ROLL,
    ROLL_DIE,
    SETUP,
    TURN_COMPARE,
    TURN_END,
    TURN_NONE,
    TURN_STAMINA,
    UNDER_PILE,
    WHITE_STARTERS,
)

if TYPE_CHECKING:
    from .state import FujiState
    from .table import Table

MAX_ROUND = 500
"""No game lasts this long: lava reaches every start within a few rounds (§11)."""
MAX_EVENTS = 1_000_000
MAX_TEXT = 2_000
MAX_PENDING = 100
"""Chance items or decisions pending at once (setup queues about 40)."""
MAX_DEPTH = 8
"""Nesting of an event's data."""
MAX_VALUE = 100
"""Movement values, their margin and spent bars stay far below (six dice of 6, plus bonuses)."""
MAX_REROLLS = 9
"""Phase-3 rerolls of one hand stay far below (2 + symbol + Survivalist, §8.1–§8.2)."""

FORMAT = 3
"""The layout of Fuji's state documents: 3 writes the rules' words (docs/state-format/fuji.md). Format 2 is read
too (`EARLIER_FORMATS`); format 1 wrote numbers and short keys and is refused (`FujiGame.load_state`)."""

EARLIER_FORMATS = (Renamed(2, {"decisions/*/explorer": "meeple", "events/*/data/explorer": "meeple",
                               "remarks": "markers_moved"}),)
"""Format 2 called the meeple of a pending decision and of a mark event `explorer`, and the markers moved in
phase 2 `remarks`; it is read by renaming them (and written for the digests of saves made then)."""

HEADER = ("game", "format", "rules_version", "options")
"""The keys of a state document before its fields (`fields.DECLARATION` lists those)."""


def to_json(s: FujiState) -> dict[str, Any]:
    """The whole state as a JSON-safe document (the RNG included): the header, then every declared field."""
    from .fields import DECLARATION

    return {
        "game": s.game.name, "format": FORMAT, "rules_version": s.game.rules_version,
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in s.table.options.items()},
        **DECLARATION.to_doc(s),
    }


def die_name(die: int) -> str:
    """`2:5`: meeple 2's die 5 (its die slot 4), as actions name another meeple's die (§6)."""
    return f"{die // 6}:{die % 6 + 1}"


def _fail(field: str, problem: str) -> SaveError:
    return SaveError(f"state field {field!r}: {problem}")


def _json_value(field: str, value: object, depth: int = 0) -> None:
    """`value` is plain JSON (text, whole numbers, finite floats, lists, objects with text keys), not too deep.

    Leaves are checked inline (an event log holds thousands of them): only containers recurse.
    """
    if depth > MAX_DEPTH:
        raise _fail(field, "is nested too deeply")
    kind = type(value)
    if kind is dict:
        items: Any = value.items()  # type: ignore[attr-defined]
    elif kind is list:
        items = ((None, x) for x in value)  # type: ignore[attr-defined]
    else:
        items = ((None, value),)
    for key, x in items:
        if key is not None and type(key) is not str:
            raise _fail(field, f"holds a key {shown(key)} that is not text")
        tx = type(x)
        if tx is str or tx is bool or x is None or (tx is int and -_BIG < x < _BIG):
            continue
        if tx is float and math.isfinite(x):
            continue
        if (tx is dict or tx is list) and (kind is dict or kind is list):
            _json_value(field, x, depth + 1)
            continue
        raise _fail(field, f"holds {shown(x)}, which is not a JSON value (text, a number below 2**63, a list "
                           "or an object)")


_BIG = 1 << 63


def read_events(v: Any, seats: int) -> list[Event]:
    """The event log: kind, text, who may read it, and data (the shapes bots and views read, checked)."""
    if not isinstance(v, list):
        raise _fail("events", f"must be a list, not {shown(v)}")
    if len(v) > MAX_EVENTS:
        raise _fail("events", f"has {len(v)} entries, more than {MAX_EVENTS}")
    out = []
    shape = {"kind", "text", "visible_to", "data"}
    for e in v:
        if type(e) is not dict or e.keys() != shape:
            missing = sorted(shape - set(e)) if type(e) is dict else []
            raise _event_fault(v, e, f"lacks field {missing[0]!r}" if missing else
                               "must be an object with kind, text, visible_to and data, and nothing else")
        kind, text, vis, data = e["kind"], e["text"], e["visible_to"], e["data"]
        if type(kind) is not str or not 0 < len(kind) <= 40 or type(text) is not str or len(text) > MAX_TEXT:
            raise _event_fault(v, e, "kind and text must be short text")
        if vis is not None:
            if type(vis) is not list or len(vis) > seats or any(type(x) is not int or not 0 <= x < seats
                                                                  for x in vis) or len(set(vis)) != len(vis):
                raise _event_fault(v, e, f"visible_to must be null or a list of different seats 0..{seats - 1}")
            vis = frozenset(vis)
        if type(data) is not dict:
            raise _event_fault(v, e, "data must be an object")
        if data:
            try:
                _json_value("data", data)
                if kind == "hint":
                    _hint_data(data, seats)
                elif kind == "mark" and not (type(data.get("meeple")) is int and 0 <= data["meeple"] < 4):
                    raise _fail("data", "a mark event names its meeple (meeple 0..3)")
            except SaveError as exc:
                raise _event_fault(v, e, str(exc).removeprefix("state field 'data': ")) from None
        out.append(Event(kind, text, vis, data))
    return out


def _event_fault(events: list[Any], event: object, problem: str) -> SaveError:
    """The error for one bad event, naming its place in the log (found only when there is a fault)."""
    where = next(i for i, e in enumerate(events) if e is event)
    return _fail(f"events[{where}]", problem)


def _hint_data(data: dict[str, Any], seats: int) -> None:
    """A hint event's data, which bots and views read (§18): seat, hint kind, subject, level, round."""
    kind = data.get("hint")
    ok = (type(data.get("seat")) is int and 0 <= data["seat"] < seats and kind in HINT_KINDS
          and type(data.get("subject")) is int and -1 <= data["subject"] < 4 and type(data.get("round")) is int
          and data.get("level") in HINT_LEVELS[HINT_KINDS.index(kind)])
    if not ok:
        raise _fail("data", "a hint names its seat, kind (threat, fit, intent), subject, level and round")


def from_json(game: Any, table: Table, doc: dict[str, Any]) -> FujiState:
    """A state read from `doc` (header already checked) after every field passed its checks; else `SaveError`.

    Each field is read on its own by its declaration (`fields.py`: type, range, length, references), then
    the fields together (`_check_together`) and the next step (`_check_live`).
    """
    from .fields import DECLARATION
    from .state import FujiState

    s = FujiState.blank(game, table, 0)
    DECLARATION.from_doc(s, {k: v for k, v in doc.items() if k not in HEADER})
    _check_together(s)
    _check_live(s)
    return s


@dataclass(frozen=True)
class _Facts:
    """What every check of the fields together reads: the table, its content and board, and the round."""

    table: Table
    content: Any
    board: Any
    explorers: int
    phase: int
    live: bool
    rows: list[tuple[int, int, int, int, int]]


def _need(ok: object, field: str, problem: str) -> None:
    """Refuse the document, naming `field`, unless `ok`."""
    if not ok:
        raise _fail(field, problem)


def _check_together(s: FujiState) -> None:
    """The fields against each other and the rules: what a game can reach, and what the next step needs.

    A finished game is only checked for what its outcome and views read (it never moves again).
    """
    facts = _Facts(s.table, s.table.content, s.table.board, s.table.explorers, s.phase, not s.over,
                   [decision.row() for decision in s.decisions])
    for check in (_check_round, _check_deal, _check_terrain, _check_meeples, _check_tracks,
                  _check_dice, _check_equipment, _check_rerolls, _check_chance, _check_decisions):
        check(s, facts)


def _check_round(s: FujiState, facts: _Facts) -> None:
    """The round and the end (§5, §12)."""
    content = facts.content
    phase = facts.phase
    live = facts.live
    _need((phase == SETUP) == (s.round == 0), "round", "is 0 during setup and counts rounds after it")
    _need(s.setup_step >= 1 and (phase == SETUP or s.setup_step == 5), "setup_step", "setup steps run from 1 to 5")
    _need((s.over == 0) == (s.reason == ""), "reason", "a finished game, and only one, says why it ended")
    _need(not live or all(x < content.exhaustion for x in s.stamina), "stamina",
         "a tracker on the last space ends the game (§10.7)")
    _need(not live or phase != ERUPT, "phase", "phase 6 resolves at once unless the game ended in it")
    _need(s.eruptions_due == 0 or s.decisions or s.chance or not live, "eruptions_due",
         "an eruption waits only for a pending decision or chance to resolve (§17.6 item 6)")


def _check_deal(s: FujiState, facts: _Facts) -> None:
    """Skills, characters and options (§3.1, §13.2)."""
    table = facts.table
    content = facts.content
    explorers = facts.explorers
    for name, field, ids in (("skills", "skill", [x.id for x in content.skills]),
                             ("characters", "character", [x["id"] for x in content.characters])):
        kind = DEAL_SKILL if field == "skill" else DEAL_CHARACTER
        values = s.skill if field == "skill" else s.character
        dealt = [x for x in values if x >= 0]
        _need(len(set(dealt)) == len(dealt), field, "deals one card to each meeple, never the same twice")
        pending = [arg for k, arg in s.chance if k == kind]
        _need(len(set(pending)) == len(pending) and all(0 <= e < explorers and values[e] < 0 for e in pending), "chance",
             f"deals a {field} only once, to a meeple without one")
        undealt = [e for e in range(explorers) if values[e] < 0]
        _need(set(undealt) <= set(pending), field, "a meeple without one must have one being dealt")
        chosen = table.options[name]
        _need(not chosen or all(values[e] == ids.index(chosen[e]) for e in range(explorers)), field,
             f"differs from the {name} option")
    if table.options["variant"] == "b" and s.skill[2] >= 0:
        _need(content.skills[s.skill[2]].dice == 6, "skill", "the third meeple has a 6-die skill (§13.2)")


def _check_terrain(s: FujiState, facts: _Facts) -> None:
    """Terrain and tokens (§3.4, §11, §17.4)."""
    table = facts.table
    content = facts.content
    board = facts.board
    phase = facts.phase
    placed = [x for x in s.card_at if x >= 0]
    _need(len(set(placed)) == len(placed), "terrain", "lays each terrain card once")
    pending_cells = [arg for k, arg in s.chance if k == PLACE_TERRAIN]
    _need(len(set(pending_cells)) == len(pending_cells), "chance", "places a card on each cell once")
    for cell in range(board.size):
        card = s.card_at[cell]
        mark = board.mark[cell]
        want = "village" if mark in "Hh" else "landscape" if mark in "LSGEX" else ""
        if card >= 0:
            _need(content.terrain[card].kind == want, "terrain", f"puts a {content.terrain[card].kind} card on "
                 f"{geo.cell_name(cell)}, a {want or 'volcano, rubble or empty'} place")
        elif want:
            _need(phase == SETUP and (s.setup_step < 2 or cell in pending_cells), "terrain",
                 f"leaves {geo.cell_name(cell)} without its card")
        if cell in pending_cells:
            _need(want != "" and card < 0, "chance", f"places a card on {geo.cell_name(cell)}, which is "
                 "taken or no place for one")
    _need(not s.lava & (s.equipment_tokens_left | s.eruption_tokens_left | s.double_eruption_tokens_left), "lava", "tokens on flipped cards are removed (§17.6 item 7)")
    _need(not s.eruption_tokens_left & s.double_eruption_tokens_left, "double_eruption_tokens", "a token lies on one side")
    _need(s.double_eruption_tokens_left == 0 or table.options["extra_thrill"], "double_eruption_tokens", "only Extra thrill turns a token (§11.4)")


def _check_meeples(s: FujiState, facts: _Facts) -> None:
    """Meeples and markers (§7, §10)."""
    table = facts.table
    board = facts.board
    explorers = facts.explorers
    phase = facts.phase
    live = facts.live
    for e in range(explorers):
        _need(board.mark[s.position[e]] in "LSGEXHh", "position", f"meeple {e} stands on {geo.cell_name(s.position[e])}, where no "
             "meeple can stand")
        _need(not live or not s.lava >> s.position[e] & 1, "position", f"meeple {e} stands on lava (§12.1)")
        m = s.destination[e]
        _need(m < 0 or board.mark[m] in "LSGEXHh", "destination", f"meeple {e}'s marker is on {geo.cell_name(m)}, where no "
             "meeple can go")
    marked = [s.destination[e] >= 0 for e in range(explorers)]
    if live and phase in (SETUP, ROLL):
        _need(not any(marked), "destination", "markers wait on the character cards until phase 2")
    elif live and phase in (REROLL, EQUIP):
        _need(all(marked), "destination", "every marker is placed once phase 3 starts (§7.3)")
    elif live and phase == PLAN:
        for e in range(explorers):
            for o in table.neighbours[e]:
                _need(not marked[e] or o >= explorers or s.destination[o] != s.destination[e], "destination",
                     "neighbours may not share a destination (§7.3)")
    elif live and phase == MOVE:
        for e in range(explorers):
            done = bool(s.moved[e]) or (e == s.mover and s.turn_step == TURN_END)
            _need(marked[e] != done, "destination", f"meeple {e}'s marker goes back once it has moved (§10.2 item 6)")
    _need(phase in (MOVE, ERUPT) or not any(s.moved), "moved", "only phase 5 records who has moved")
    _need(phase == MOVE or s.mover < 0 or not live, "mover", "only phase 5 has a mover")
    _need((s.mover < 0) == (s.turn_step == TURN_NONE), "turn_step", "a turn step goes with a mover")
    _need(s.mover < 0 or not s.moved[s.mover], "mover", "the mover has not moved yet")
    _need(s.bars_spent == 0 or s.mover >= 0, "bars_spent", "bars are spent on a mover")


def _check_tracks(s: FujiState, facts: _Facts) -> None:
    """Stamina, injuries, skills (§10.5-§10.7, §14, §17.3)."""
    content = facts.content
    explorers = facts.explorers
    phase = facts.phase
    for e in range(explorers):
        passed = sum(1 for x in content.injury_spaces if x <= s.stamina[e])
        _need(bin(s.injuries[e]).count("1") <= passed, "injuries", f"meeple {e} has more injuries than the "
             "injury spaces its tracker passed (§10.6)")
        skill = s.skill[e]
        cap = abilities.answer(content, skill, abilities.POWER_BARS_HELD, 0) if skill >= 0 else 0
        buddy = skill >= 0 and abilities.answer(content, skill, abilities.DICE_SET_ASIDE, 0) > 0
        _need(s.power_bars[e] <= cap, "power_bars", f"meeple {e} holds {s.power_bars[e]} power bars; its skill holds at most {cap}")
        _need(not s.die_set_aside[e] or buddy, "die_set_aside", f"meeple {e} is no Buddy (§14)")
        _need(s.screen_lowered[e] in (0, PLAN, EQUIP) and s.screen_lowered[e] <= max(phase, PLAN), "screen_lowered",
             "a screen is lowered in phase 2 or 4, and not ahead of time (§15)")
    in_round = phase in (REROLL, EQUIP, MOVE, ERUPT)
    _need(phase != SETUP and phase != ROLL or not any(s.screen_lowered), "screen_lowered", "screens are up at the start of a round")
    _need(in_round or not any(s.die_set_aside), "die_set_aside", "a die set aside returns at the end of the round (§11.5)")
    _need(in_round or not any(s.stepped_early) and not any(s.no_stamina_loss) and not any(s.movement_bonus), "stepped_early",
         "phase-4 card effects end with the round (§11.5)")


def _check_dice(s: FujiState, facts: _Facts) -> None:
    """Dice (§6, §10.6, §13, §17.1)."""
    table = facts.table
    content = facts.content
    explorers = facts.explorers
    phase = facts.phase
    live = facts.live
    rows = facts.rows
    in_round = facts.phase in (REROLL, EQUIP, MOVE, ERUPT)
    rolling = {arg for k, arg in s.chance if k == ROLL_DIE}
    for d in range(table.dice):
        owner = d // 6
        _need(s.die_in_play[d] or s.die_face[d] == 0, "die_face", f"die {die_name(d)} is out of the game and shows no face")
        if owner == table.extra:
            _need(s.die_holder[d] == owner and s.die_in_play[d], "die_holder", "the virtual dice set stays whole and with itself (§13.1)")
            hidden_half = d % 6 < 3 and phase in (PLAN, REROLL, EQUIP)
            _need(not live or phase in (SETUP, ROLL, MOVE) or (s.die_face[d] == 0) == hidden_half, "die_face",
                 "the virtual set shows its open half only until phase 5 (§13.1)")
            continue
        _need(s.die_holder[d] in (-1, owner) or (0 <= s.die_holder[d] < explorers and in_round), "die_holder", f"die {die_name(d)} is with no meeple")
        _need(s.die_holder[d] == owner or in_round, "die_holder", "dice go home at the end of the round (§11.5)")
        _need(s.die_in_play[d] or s.die_holder[d] == owner or phase == ERUPT, "die_holder", f"die {die_name(d)} is out of the game and not with its "
             "owner (a die lost to a leg injury leaves at the end of phase 5 wherever it is; it goes home in "
             "phase 6, §10.8, §11.5)")
        _need(not live or phase not in (PLAN, REROLL, EQUIP, MOVE) or not s.die_in_play[d] or s.die_face[d] or d in rolling,
             "die_face", f"die {die_name(d)} is in play and shows no face")
    for e in range(explorers):
        alive = sum(s.die_in_play[e * 6:e * 6 + 6])
        sk = content.skills[s.skill[e]] if s.skill[e] >= 0 else None
        in_play = 6
        if sk is not None and (phase != SETUP or s.setup_step >= 2):
            lost = s.injuries[e] >> LEG & 1 and s.die_to_lose[e] < 0 and not any(
                f[0] == LOSE_DIE and f[2] == e for f in rows)
            in_play = sk.dice - int(bool(lost))
        _need(alive == in_play, "die_in_play", f"meeple {e} has {alive} dice in play, not {in_play} (§3.3, §10.6)")
        leg = s.die_to_lose[e]
        _need(leg < 0 or (leg // 6 == e and s.die_in_play[leg] and s.injuries[e] >> LEG & 1 and phase in (MOVE, ERUPT)),
             "die_to_lose", f"meeple {e}'s lost die is one of its own, after a leg injury, until phase 5 ends (§10.8)")
    for d in rolling:
        _need(0 <= d < table.dice and s.die_in_play[d] and phase != SETUP, "chance", f"rolls die {die_name(d)}, which is not in play")


def _check_equipment(s: FujiState, facts: _Facts) -> None:
    """Equipment (§3.2, §9, §17.6 item 10)."""
    table = facts.table
    explorers = facts.explorers
    phase = facts.phase
    live = facts.live
    rows = facts.rows
    bottom_cards = [x // 8 for x in s.under_pile]
    _need(len(set(bottom_cards)) == len(bottom_cards), "under_pile", "holds each card once")
    _need(all(x % 8 < table.seats for x in s.under_pile), "under_pile", "names the seat that put each card there")
    if live and phase == SETUP and s.setup_step <= 2:
        _check_starting_draws(s, facts)
    for card, loc in enumerate(s.card_location):
        _need((loc == UNDER_PILE) == (card in bottom_cards), "under_pile", "lists exactly the cards under the pile")
        _need(loc > KEEPING or phase == SETUP, "card_location", "cards wait for a keep choice only at setup (§3.2)")
        _need(not s.card_used_once[card] or loc >= 0, "card_used_once", "only a card in front of a meeple is tapped (§14)")
        _need(s.card_usable_from[card] <= s.round + 1, "card_usable_from", "a card is usable at most from the next round (§9.4)")
    for e in range(explorers):
        keeping = sum(1 for loc in s.card_location if loc == KEEPING - e)
        choice = [f for f in rows if f[0] == KEEP and f[2] == e]
        drawing = any(k == DRAW_EQUIPMENT and arg == e for k, arg in s.chance)
        _need(not keeping or choice or drawing, "card_location", f"cards wait for meeple {e}'s keep choice, which nobody makes")
        _need(all(keeping >= f[3] for f in choice), "decisions", f"meeple {e} keeps more cards than it drew")
    for x in s.hints_given:
        seat, kind, subject = x // 64, x % 64 // 8, x % 8 - 1
        ok = seat < table.seats and kind < len(HINT_KINDS) and (subject == -1 if kind else 0 <= subject < explorers != seat)
        _need(ok and (kind or subject != seat), "hints_given", "names a hint no seat can give (§18)")
    _need(len(set(s.hints_given)) == len(s.hints_given), "hints_given", "holds each hint once")
    _need(phase != SETUP or not s.hints_given, "hints_given", "no hints are given at setup")
    _need(s.white_starters[0] < s.white_starters[1], "white_starters", "names two different meeples, in order")
    _need(phase == PLAN or not live or not any(s.remarks), "markers_moved", "markers are moved only in phase 2 (§7.3)")


def _check_starting_draws(s: FujiState, facts: _Facts) -> None:
    """Setup before its equipment step is over (§3.2): meeples draw in turn, and the pile holds what they draw.

    A meeple after `setup_meeple` holds no card yet, and the cards left (the bag and under the pile) cover the
    draws pending and those of every meeple still to draw (skills not dealt yet count as the largest left).
    """
    skills = facts.content.skills
    holders = {loc if loc >= 0 else KEEPING - loc for loc in s.card_location if loc >= 0 or loc <= KEEPING}
    _need(all(e <= s.setup_explorer for e in holders), "card_location",
          f"a meeple after meeple {s.setup_explorer} holds a card before its turn to draw (§3.2)")
    drawing = {arg for kind, arg in s.chance if kind == DRAW_EQUIPMENT}
    waiting = [e for e in range(s.setup_explorer, facts.explorers) if e not in holders and e not in drawing]
    undealt = sum(1 for e in waiting if s.skill[e] < 0)
    free = sorted((skill.draw for i, skill in enumerate(skills) if i not in s.skill), reverse=True)
    still = sum(skills[s.skill[e]].draw for e in waiting if s.skill[e] >= 0) + sum(free[:undealt])
    pending = sum(1 for kind, _ in s.chance if kind == DRAW_EQUIPMENT)
    left = sum(1 for x in s.card_location if x in (BAG, UNDER_PILE))
    _need(pending + still <= left, "card_location", f"the meeples still to draw their starting cards need "
          f"{pending + still} cards; the pile holds {left} (§3.2)")


def _check_rerolls(s: FujiState, facts: _Facts) -> None:
    """Phase 3 (§8)."""
    table = facts.table
    phase = facts.phase
    for h in range(len(table.hands)):
        _need(s.rerolls_left[h] <= s.rerolls_entitled[h], "rerolls_left", "a hand has no more rerolls left than it was given")
        sub = s.reroll_choice[h]
        e, slots, _seat = table.hands[h]
        if sub >= 0:
            dice = [d for d in range(table.dice) if sub >> d & 1]
            _need(phase == REROLL and not s.rerolls_done[h] and s.rerolls_left[h] > 0 and dice and all(
                s.die_in_play[d] and (d // 6 != e or d % 6 in slots) for d in dice), "reroll_choice",
                 "a reroll choice waits only in phase 3, for a hand with rerolls, naming dice it may reroll")
        elif sub == -1:
            _need(phase == REROLL and not s.rerolls_done[h], "reroll_choice", "a stop waits only in phase 3")
        _need(phase == REROLL or s.rerolls_done[h], "rerolls_done", "every hand is done outside phase 3")


def _check_chance(s: FujiState, facts: _Facts) -> None:
    """Chance items (§6, §10.3, §18)."""
    explorers = facts.explorers
    phase = facts.phase
    draws = 0
    for kind, arg in s.chance:
        if kind in (DEAL_SKILL, DEAL_CHARACTER, PLACE_TERRAIN):
            _need(phase == SETUP, "chance", "deals and places cards only at setup")
        elif kind == DRAW_EQUIPMENT:
            _need(0 <= arg < explorers and phase in (SETUP, PLAN, EQUIP, MOVE), "chance", "draws a card for a meeple")
            _need(phase != SETUP or s.skill[arg] >= 0, "chance", "a meeple draws its starting cards after its skill")
            draws += 1
        elif kind != ROLL_DIE:
            raise _fail("chance", f"holds a chance item of kind {kind}")
    left = sum(1 for x in s.card_location if x in (BAG, UNDER_PILE))
    _need(draws <= left, "chance", f"draws {draws} cards from a pile of {left}")


def _check_decisions(s: FujiState, facts: _Facts) -> None:
    """Pending decisions (architecture §2)."""
    table = facts.table
    content = facts.content
    explorers = facts.explorers
    phase = facts.phase
    rows = facts.rows
    counted = {KEEP, EQUIPMENT_REROLL, LEND, POWER_BARS, REROLL_ONE}
    for decision, (kind, seat, e, a, extra) in zip(s.decisions, rows, strict=True):
        name = decision.kind
        _need(0 <= kind <= LOSE_DIE and extra == 0, "decisions", f"holds a decision of no kind ({name})")
        _need(kind in counted or a == 0, "decisions", f"a {name!r} decision has no count")
        if kind == WHITE_STARTERS:
            _need(phase == SETUP and explorers == 4 and seat == 0 and e == -1, "decisions", "the start-card choice is seat 0's, "
                 "at setup with four meeples (§17.6 item 9)")
            continue
        _need(0 <= e < explorers, "decisions", f"a decision names meeple {e}")
        if kind == REROLL_ONE and a > 0:
            _need(1 <= a <= len(table.hands) and table.hands[a - 1][0] == e and table.hands[a - 1][2] == seat, "decisions",
                 "a Carabiner half-choice is the third meeple's, by the seat holding that half (§17.6 item 17)")
        else:
            _need(seat == table.ctrl[e], "decisions", f"meeple {e}'s decision is for seat {table.ctrl[e]}, not {seat}")
        phases = {KEEP: (SETUP,), LEAVE_DIE: (SETUP,), EQUIPMENT_REROLL: (PLAN, EQUIP), GRANTED_REROLL: (PLAN, EQUIP),
                  LEND: (PLAN, EQUIP), REROLL_ONE: (PLAN, EQUIP), COLLECT: (PLAN, EQUIP, MOVE),
                  POWER_BARS: (MOVE,), PATH: (MOVE,), INJURY: (MOVE,), LOSE_DIE: (MOVE,)}[kind]
        _need(phase in phases, "decisions", f"a pending {name!r} decision does not arise in phase {PHASE_NAMES[phase]}")
        sk = content.skills[s.skill[e]] if s.skill[e] >= 0 else None
        if kind == KEEP:
            _need(sk is not None and a == sk.keep, "decisions", "a keep choice keeps the skill's number of cards")
        elif kind == LEAVE_DIE:
            _need(sk is not None and sk.dice == 5, "decisions", "only a 5-die skill leaves a die out (§17.1)")
        elif kind == EQUIPMENT_REROLL:
            _need(1 <= a <= MAX_REROLLS, "decisions", "an equipment reroll has rerolls left (§15)")
        elif kind == LEND:
            _need(0 <= a < explorers and a != e, "decisions", "a die is lent to another meeple (§15)")
        elif kind == POWER_BARS:
            _need(sk is not None and abilities.answer(content, s.skill[e], abilities.POWER_BARS_HELD, 0) > 0 and a == s.mover and s.turn_step == TURN_COMPARE,
                 "decisions", "power bars are spent by a Gatherer on this turn's mover, before the comparison (§14)")
        elif kind in (PATH, INJURY, LOSE_DIE):
            _need(e == s.mover and s.turn_step in (TURN_STAMINA, TURN_END), "decisions",
                 "paths and injuries belong to this turn's mover")


def _check_live(s: FujiState) -> None:
    """The next step exists: someone can act (or chance can), unless the game is over."""
    if s.over:
        return
    movers = s.to_move()
    if not movers:
        raise _fail("phase", "nobody can act in this position and the game is not over")
    if movers == [CHANCE]:
        outcomes = s.chance_outcomes()
        if not outcomes or abs(sum(p for _, p in outcomes) - 1) > 1e-9:
            raise _fail("chance", "the pending chance point has no outcomes")
        return
    for seat in movers:
        if not s.legal_actions(seat):
            raise _fail("decisions" if s.decisions else "phase", f"seat {seat} must act but has no legal action")
    s._legal_cache = None


EARLIER_WORDINGS = (Reworded(((r"^(seat \d+ rerolls) 1 die$", r"\1 1 dice"),)),)
"""Log lines worded otherwise before 2026-11-28 (for the digests of saves made then): one die rerolled was
"1 dice"."""

__all__ = ["EARLIER_FORMATS", "EARLIER_WORDINGS", "FORMAT", "HEADER", "die_name", "from_json", "read_events", "to_json"]
