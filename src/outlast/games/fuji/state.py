"""The Fuji forward model: a flat state and the rules that change it (fuji.md §3–§13).

State is lists of ints plus the shared `Table`; pending decisions are small tuples on a frame
stack (architecture §2), so clone, save and replay work in the middle of any resolution.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from outlast.core import (
    CHANCE,
    Event,
    IllegalAction,
    Outcome,
    OutlastError,
    SeatResult,
    State,
    check_seat,
)
from outlast.core.errors import shown
from outlast.core.rng import RandomLike, peek_below, seed_state

from . import board as geo
from . import document
from .actions import END_CODES, HINT_KINDS, HINT_LEVELS, INJURY_IDS, FujiAction, die_label, malformed
from .board import cell_name
from .table import Table

# phases (§5); SETUP is §3, OVER is §12
SETUP, ROLL, PLAN, REROLL, EQUIP, MOVE, ERUPT = 0, 1, 2, 3, 4, 5, 6
PHASE_NAMES = ("setup", "1 rolling the dice", "2 planning and equipment", "3 rerolls", "4 equipment",
               "5 movement and stamina", "6 eruption")

# chance items
C_SKILL, C_CHAR, C_PLACE, C_DRAW, C_ROLL = range(5)

# decision frames: (kind, seat, explorer, a, b)
(F_KEEP, F_LEAVE, F_STARTS, F_REROLL, F_GRANT, F_LEND, F_CARAB, F_COLLECT, F_BARS, F_PATH, F_INJURY,
 F_LOSE) = range(12)
FRAME_NAMES = ("keep", "leave", "starts", "reroll", "granted reroll", "lend", "carabiner", "collect",
               "bars", "path", "injury", "lose die")
SIMULTANEOUS = (F_LEAVE, F_CARAB)

# card locations
BAG, DISCARD, BOTTOM = -1, -2, -3
KEEPING = -10  # KEEPING - e: drawn at setup by explorer e, awaiting the keep choice

# injuries (bit index = position in injuries.yaml)
LEG, ARM, AMNESIA, EYE = 0, 1, 2, 3

# turn steps in phase 5 (§10.2–§10.5)
T_NONE, T_START, T_COMPARE, T_STAMINA, T_END = range(5)

REMARK_LIMIT = 100
"""Times a seat may move a destination marker already placed, in one phase 2 (§7.3, decision 0011).

The rules let markers move freely until phase 3 (§7.3), so a table (or a bot always taking the first legal
action) could re-mark forever. No real table comes near 100: random players in the golden games re-mark
at most 65 times. After the limit a seat's placed markers stay; a marker not yet placed may still be placed.
"""
REMARK_RULE = "§7.3, decision 0011"

RATINGS = ((0, "a long rest in hospital"), (1, "a near thing; no funding next time"),
           (3, "made it, no medals"), (5, "a well-earned rest in the village"),
           (8, "a festival in your honour; try a higher level"), (12, "world fame; raise the level"))

_ROLLS: dict[int, list[tuple[FujiAction, float]]] = {}
_SUBSETS: dict[tuple[int, tuple[int, ...], str], list[FujiAction]] = {}


def rating(vp: int) -> str:
    """The rating band of a victory-point total (§12.4; below 0 uses the 0 band)."""
    return [text for low, text in RATINGS if max(vp, 0) >= low][-1]


def _roll_outcomes(die: int) -> list[tuple[FujiAction, float]]:
    hit = _ROLLS.get(die)
    if hit is None:
        hit = _ROLLS[die] = [(FujiAction(CHANCE, "roll", (die, v)), 1 / 6) for v in range(1, 7)]
    return hit


@cache
def _mark(seat: int, e: int, cell: int) -> FujiAction:
    return FujiAction(seat, "mark", (e, cell))


@cache
def _all_hints(seat: int, explorers: int) -> list[FujiAction]:
    out = []
    for kind in range(3):
        subjects = [o for o in range(explorers) if o != seat] if kind == 0 else [-1]
        for subj in subjects:
            out += [FujiAction(seat, "hint", (kind, subj, lv)) for lv in range(len(HINT_LEVELS[kind]))]
    return out


@cache
def _open_hints(seat: int, explorers: int, blocked: tuple[int, ...]) -> list[FujiAction]:
    return [a for a in _all_hints(seat, explorers) if seat * 64 + a.args[0] * 8 + a.args[1] + 1 not in blocked]


def _subsets(seat: int, dice: tuple[int, ...], verb: str) -> list[FujiAction]:
    """Every non-empty subset of `dice` as a `verb` action, cached (they are immutable)."""
    key = (seat, dice, verb)
    hit = _SUBSETS.get(key)
    if hit is None:
        hit = [FujiAction(seat, verb, combo) for r in range(1, len(dice) + 1) for combo in combinations(dice, r)]
        if len(_SUBSETS) > 100_000:
            _SUBSETS.clear()
        _SUBSETS[key] = hit
    return hit


class FujiState(State):
    """One Fuji game in progress. Create it with `load_game("fuji").new_game(...)`."""

    __slots__ = (
        "game", "table", "events", "rng_state", "phase", "round", "over", "reason", "setup_step", "setup_explorer",
        "chance", "decisions", "card_at", "lava", "equipment_tokens_left", "eruption_tokens_left", "double_eruption_tokens_left", "skill", "character", "position", "destination",
        "stamina", "injuries", "power_bars", "die_face", "die_holder", "die_seen_by", "die_in_play", "card_location", "card_usable_from", "card_used_once", "under_pile",
        "ready", "hints_given", "rerolls_left", "rerolls_entitled", "reroll_choice", "rerolls_done", "die_set_aside", "no_stamina_loss", "movement_bonus", "screen_lowered",
        "stepped_early", "moved", "mover", "turn_step", "turn_margin", "turn_success", "bars_spent", "eruptions_due", "die_to_lose", "white_starters", "remarks",
        "_legal_cache", "_to_move_cache",
    )

    game: Any
    table: Table
    events: list[Event]
    rng_state: int
    phase: int
    round: int
    over: int
    reason: str
    setup_step: int
    setup_explorer: int
    chance: list[tuple[int, int]]
    decisions: list[tuple[int, int, int, int, int]]
    card_at: list[int]
    lava: int
    equipment_tokens_left: int
    eruption_tokens_left: int
    double_eruption_tokens_left: int
    skill: list[int]
    character: list[int]
    position: list[int]
    destination: list[int]
    stamina: list[int]
    injuries: list[int]
    power_bars: list[int]
    die_face: list[int]
    die_holder: list[int]
    die_seen_by: list[int]
    die_in_play: list[int]
    card_location: list[int]
    card_usable_from: list[int]
    card_used_once: list[int]
    under_pile: list[int]
    ready: list[int]
    hints_given: list[int]
    rerolls_left: list[int]
    rerolls_entitled: list[int]
    reroll_choice: list[int]
    rerolls_done: list[int]
    die_set_aside: list[int]
    no_stamina_loss: list[int]
    movement_bonus: list[int]
    screen_lowered: list[int]
    stepped_early: list[int]
    moved: list[int]
    mover: int
    turn_step: int
    turn_margin: int
    turn_success: int
    bars_spent: int
    eruptions_due: int
    die_to_lose: list[int]
    white_starters: list[int]
    remarks: list[int]
    """Per seat: placed markers it moved in this phase 2 (`REMARK_LIMIT`)."""
    _legal_cache: tuple[int, list[FujiAction]] | None
    _to_move_cache: list[int] | None

    # ------------------------------------------------------------------ old spellings
    # Tests and benchmarks outside this package still read these five fields by their old names; they go
    # once their owners move to the rulebook's names (table, die_face, die_seen_by, card_location, under_pile).
    @property
    def t(self) -> Table:
        """Old name of `table`."""
        return self.table

    @property
    def dv(self) -> list[int]:
        """Old name of `die_face`."""
        return self.die_face

    @property
    def dk(self) -> list[int]:
        """Old name of `die_seen_by`."""
        return self.die_seen_by

    @property
    def cloc(self) -> list[int]:
        """Old name of `card_location`."""
        return self.card_location

    @cloc.setter
    def cloc(self, value: list[int]) -> None:
        self.card_location = value

    @property
    def bottom(self) -> list[int]:
        """Old name of `under_pile`."""
        return self.under_pile

    @bottom.setter
    def bottom(self, value: list[int]) -> None:
        self.under_pile = value

    # ------------------------------------------------------------------ construction
    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> FujiState:
        s = cls.__new__(cls)
        s.game = game
        s.table = table
        s.events = []
        s.rng_state = seed_state(seed)
        s.phase = SETUP
        s.round = 0
        s.over = 0  # 0 playing, else 1 + index of the ending in END_CODES
        s.reason = ""
        s.setup_step = 0
        s.setup_explorer = 0
        s.chance = []
        s.decisions = []
        b = table.board
        s.card_at = [-1] * b.size
        s.lava = 1 << b.volcano
        s.equipment_tokens_left = s.eruption_tokens_left = s.double_eruption_tokens_left = 0
        n = table.explorers
        s.skill = [-1] * n
        s.character = [-1] * n
        s.position = [b.white_start] * n
        s.destination = [-1] * n
        s.stamina = [0] * n
        s.injuries = [0] * n
        s.power_bars = [0] * n
        s.die_face = [0] * table.dice
        s.die_holder = [i // 6 for i in range(table.dice)]
        s.die_seen_by = [0] * table.dice
        s.die_in_play = [1] * table.dice
        ncards = len(table.content.equipment)
        s.card_location = [BAG] * ncards
        s.card_usable_from = [0] * ncards
        s.card_used_once = [0] * ncards
        s.under_pile = []
        s.ready = [0] * table.seats
        s.hints_given = []
        nh = len(table.hands)
        s.rerolls_left = [0] * nh
        s.rerolls_entitled = [0] * nh
        s.reroll_choice = [-2] * nh
        s.rerolls_done = [1] * nh
        s.die_set_aside = [0] * n
        s.no_stamina_loss = [0] * n
        s.movement_bonus = [0] * n
        s.screen_lowered = [0] * n
        s.stepped_early = [0] * n
        s.moved = [0] * n
        s.mover = -1
        s.turn_step = T_NONE
        s.turn_margin = 0
        s.turn_success = 0
        s.bars_spent = 0
        s.eruptions_due = 0
        s.die_to_lose = [-1] * n
        s.white_starters = [0, 2]
        s.remarks = [0] * table.seats
        s._legal_cache = None
        s._to_move_cache = None
        return s

    def start(self) -> None:
        """Run setup until its first chance point or decision (§3)."""
        self._advance()

    def clone(self) -> FujiState:
        """Copy every list; the table, content and board are shared (architecture §6)."""
        c = FujiState.__new__(FujiState)
        c.game = self.game
        c.table = self.table
        c.events = self.events[:]
        c.rng_state = self.rng_state
        c.phase = self.phase
        c.round = self.round
        c.over = self.over
        c.reason = self.reason
        c.setup_step = self.setup_step
        c.setup_explorer = self.setup_explorer
        c.chance = self.chance[:]
        c.decisions = self.decisions[:]
        c.card_at = self.card_at
        c.lava = self.lava
        c.equipment_tokens_left = self.equipment_tokens_left
        c.eruption_tokens_left = self.eruption_tokens_left
        c.double_eruption_tokens_left = self.double_eruption_tokens_left
        c.skill = self.skill[:]
        c.character = self.character[:]
        c.position = self.position[:]
        c.destination = self.destination[:]
        c.stamina = self.stamina[:]
        c.injuries = self.injuries[:]
        c.power_bars = self.power_bars[:]
        c.die_face = self.die_face[:]
        c.die_holder = self.die_holder[:]
        c.die_seen_by = self.die_seen_by[:]
        c.die_in_play = self.die_in_play[:]
        c.card_location = self.card_location[:]
        c.card_usable_from = self.card_usable_from[:]
        c.card_used_once = self.card_used_once[:]
        c.under_pile = self.under_pile[:]
        c.ready = self.ready[:]
        c.hints_given = self.hints_given[:]
        c.rerolls_left = self.rerolls_left[:]
        c.rerolls_entitled = self.rerolls_entitled[:]
        c.reroll_choice = self.reroll_choice[:]
        c.rerolls_done = self.rerolls_done[:]
        c.die_set_aside = self.die_set_aside[:]
        c.no_stamina_loss = self.no_stamina_loss[:]
        c.movement_bonus = self.movement_bonus[:]
        c.screen_lowered = self.screen_lowered[:]
        c.stepped_early = self.stepped_early[:]
        c.moved = self.moved[:]
        c.mover = self.mover
        c.turn_step = self.turn_step
        c.turn_margin = self.turn_margin
        c.turn_success = self.turn_success
        c.bars_spent = self.bars_spent
        c.eruptions_due = self.eruptions_due
        c.die_to_lose = self.die_to_lose[:]
        c.white_starters = self.white_starters[:]
        c.remarks = self.remarks[:]
        c._legal_cache = self._legal_cache
        c._to_move_cache = self._to_move_cache
        return c

    # ------------------------------------------------------------------ small queries
    def _log(self, kind: str, text: str, visible: int | None = None, **data: Any) -> None:
        """Append an event; `visible` is a seat bitmask (None: everyone). A `reveal` marks the action as revealing."""
        if kind == "reveal":
            self.revealed = True
        vis = None
        if visible is not None and visible != self.table.all_seats:
            vis = frozenset(s for s in range(self.table.seats) if (visible >> s) & 1)
        self.events.append(Event(kind, text, vis, data))

    def has(self, e: int, verb: str) -> bool:
        """Whether explorer `e` has a skill ability `verb` and has not lost it to amnesia (§10.6)."""
        sk = self.skill[e]
        return sk >= 0 and verb in self.table.content.skills[sk].abilities and not (self.injuries[e] >> AMNESIA) & 1

    def ability(self, e: int, verb: str) -> dict[str, Any]:
        return self.table.content.skills[self.skill[e]].abilities[verb]

    def held(self, e: int) -> list[int]:
        """Dice explorer `e` holds now: its own not lent away, plus any received (§10.2 item 1)."""
        dh, dv = self.die_holder, self.die_face
        return [i for i in range(self.table.dice) if dh[i] == e and dv[i] > 0]

    def known_held(self, e: int, seat: int) -> tuple[int, ...]:
        """Dice `e` holds whose faces `seat` knows: what that seat may pick from."""
        bit = 1 << seat
        return tuple(i for i in self.held(e) if self.die_seen_by[i] & bit)

    def colour(self, die: int) -> str:
        """Colour letter of a die's current face (§17.1)."""
        return self.table.content.die_colours[die % 6][self.die_face[die]]

    def value(self, e: int, card: int) -> int:
        """Sum of the valid dice `e` holds under terrain `card`'s requirement (§7.5, §10.2)."""
        if card < 0:
            return 0
        valid = self.table.content.terrain[card].valid
        cols = self.table.content.die_colours
        total = 0
        dh, dv = self.die_holder, self.die_face
        for i in range(self.table.dice):
            if dh[i] == e:
                v = dv[i]
                if v and valid["YBP".index(cols[i % 6][v])][v]:
                    total += v
        return total

    def allowance(self, e: int) -> int:
        """Steps a meeple may go: 3, or the Scout's 4 (§7.1, §14)."""
        return self.ability(e, "long_stride")["steps"] if self.has(e, "long_stride") else 3

    def screen_mask(self, holder: int, die: int) -> int:
        """Seats that see a die behind `holder`'s screen (§6, §13, §18)."""
        t = self.table
        if self.phase == MOVE:
            return t.all_seats
        if holder == t.extra:
            return t.all_seats if die % 6 >= 3 else 0
        if holder < 0 or self.screen_lowered[holder] == self.phase:
            return t.all_seats
        if t.options["variant"] == "b" and holder == 2 and die // 6 == 2:
            return 1 << t.hands[t.hand_of_die[die]][2]
        return 1 << t.ctrl[holder]

    def explorers_of(self, seat: int) -> list[int]:
        return [e for e in range(self.table.explorers) if self.table.ctrl[e] == seat]

    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        return self.table.seats

    def to_move(self) -> list[int]:
        """Seats that may act now (cached until the next `apply`; do not mutate the list)."""
        tm = self._to_move_cache
        if tm is None:
            tm = self._to_move_cache = self._to_move()
        return tm

    def _to_move(self) -> list[int]:
        if self.over:
            return []
        if self.chance:
            return [CHANCE]
        if self.decisions:
            top = self.decisions[-1]
            if top[0] in SIMULTANEOUS:
                seats = []
                for f in reversed(self.decisions):
                    if f[0] != top[0]:
                        break
                    if f[1] not in seats:
                        seats.append(f[1])
                return sorted(seats)
            return [top[1]]
        if self.phase in (PLAN, EQUIP):
            return [s for s in range(self.table.seats) if not self.ready[s]]
        if self.phase == REROLL:
            return sorted({self.table.hands[h][2] for h in self._waiting_hands()})
        if self.phase == MOVE and self.mover < 0:
            return sorted({self.table.ctrl[e] for e in range(self.table.explorers) if not self.moved[e]})
        return []

    def _waiting_hands(self) -> list[int]:
        return [h for h in range(len(self.table.hands)) if not self.rerolls_done[h] and self.reroll_choice[h] == -2]

    def _frame_for(self, seat: int) -> int:
        """Index of the frame `seat` answers now, or -1."""
        if not self.decisions:
            return -1
        top = self.decisions[-1]
        if top[0] not in SIMULTANEOUS:
            return len(self.decisions) - 1 if top[1] == seat else -1
        for i in range(len(self.decisions) - 1, -1, -1):
            f = self.decisions[i]
            if f[0] != top[0]:
                break
            if f[1] == seat:
                return i
        return -1

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[FujiAction]:  # type: ignore[override]
        """Every legal action of `seat` now; the list is cached until the next `apply` (do not mutate it).

        `seat` is a seat number or `CHANCE` (which has none); anything else raises `IllegalAction`.
        """
        lc = self._legal_cache
        if lc is not None and lc[0] == seat and type(seat) is int:  # the cache holds a checked seat
            return lc[1]
        if type(seat) is not int or not CHANCE <= seat < self.table.seats:
            check_seat(seat, self.table.seats, chance=True)
        out = self._legal_actions(seat)
        self._legal_cache = (seat, out)
        return out

    def _legal_actions(self, seat: int) -> list[FujiAction]:
        if self.over or seat == CHANCE or seat not in self.to_move():
            return []
        if self.decisions:
            return self._frame_actions(self.decisions[self._frame_for(seat)])
        if self.phase in (PLAN, EQUIP):
            return self._window_actions(seat)
        if self.phase == REROLL:
            return self._reroll_actions(seat)
        if self.phase == MOVE:
            return [FujiAction(seat, "go", (e,)) for e in self.explorers_of(seat) if not self.moved[e]]
        return []

    def _frame_actions(self, f: tuple[int, ...]) -> list[FujiAction]:
        kind, seat, e, a, _b = f
        if kind == F_KEEP:
            pend = [c for c in range(len(self.card_location)) if self.card_location[c] == KEEPING - e]
            return [FujiAction(seat, "keep", combo) for combo in combinations(pend, a)]
        if kind == F_LEAVE:
            return [FujiAction(seat, "leave", (e * 6 + k,)) for k in range(6)]
        if kind == F_STARTS:
            return [FujiAction(seat, "starts", pair) for pair in combinations(range(4), 2)]
        if kind in (F_REROLL, F_GRANT):
            return [*_subsets(seat, self.known_held(e, seat), "reroll"), FujiAction(seat, "stop")]
        if kind == F_LEND:
            lendable = [i for i in self.known_held(e, seat) if i // 6 == e]
            return [*(FujiAction(seat, "lend", (i,)) for i in lendable), FujiAction(seat, "refuse")]
        if kind == F_CARAB:
            dice = [i for i in self.known_held(e, seat) if a == 0 or self.table.hand_of_die[i] == a - 1 or i // 6 != e]
            return [FujiAction(seat, "reroll", (i,)) for i in dice]
        if kind == F_COLLECT:
            return [FujiAction(seat, "collect"), FujiAction(seat, "skip")]
        if kind == F_BARS:
            return [FujiAction(seat, "bars", (n,)) for n in range(self.power_bars[e] + 1)]
        if kind == F_PATH:
            return [FujiAction(seat, "path", p) for p in self._paths(e)]
        if kind == F_INJURY:
            return [FujiAction(seat, "injury", (k,)) for k in range(4) if not (self.injuries[e] >> k) & 1]
        if kind == F_LOSE:
            return [FujiAction(seat, "lose", (e * 6 + k,)) for k in range(6)
                    if self.die_in_play[e * 6 + k] and self.die_to_lose[e] != e * 6 + k]
        raise AssertionError(kind)

    def _mark_targets(self, e: int) -> list[int]:
        """Cards `e` may put its destination marker on now (§7.1–§7.3).

        The last card a neighbour without a marker could still choose is kept free for it, so
        neighbours never end up sharing a destination (§7.3).
        """
        t = self.table
        taken = {self.destination[n] for n in t.neighbours[e] if n < t.explorers}
        out = [c for c, _d in geo.reach(t.board, self.lava, self.position[e], self.allowance(e))
               if c not in taken and c != self.destination[e]]
        for n in t.neighbours[e]:
            if n < t.explorers and self.destination[n] < 0:
                busy = {self.destination[m] for m in t.neighbours[n] if m < t.explorers and m != e}
                left = [c for c, _d in geo.reach(t.board, self.lava, self.position[n], self.allowance(n)) if c not in busy]
                if len(left) == 1 and left[0] in out:
                    out.remove(left[0])
        return out

    def _window_actions(self, seat: int) -> list[FujiAction]:
        """Phase 2 or 4 (§7, §9): markers, cards, passing, hints and ready."""
        out: list[FujiAction] = []
        mine = self.explorers_of(seat)
        can_ready = True
        if self.phase == PLAN:
            settled = self.remarks[seat] >= REMARK_LIMIT
            for e in mine:
                if settled and self.destination[e] >= 0:
                    continue  # placed markers stay once the seat has moved them REMARK_LIMIT times
                targets = self._mark_targets(e)
                out += [_mark(seat, e, c) for c in targets]
                if self.destination[e] < 0 and targets:
                    can_ready = False
        cloc = self.card_location
        held = [c for c in range(len(cloc)) if cloc[c] >= 0 and self.table.ctrl[cloc[c]] == seat] if any(
            x >= 0 for x in cloc) else []
        if held:
            for e in mine:
                out += self._card_uses(seat, e)
            for e in mine:
                if self.has(e, "pass_equipment"):
                    for c in held:
                        if cloc[c] == e:
                            out += [FujiAction(seat, "give", (c, o)) for o in range(self.table.explorers) if o != e]
        out += self._hint_actions(seat)
        if can_ready:
            out.append(FujiAction(seat, "ready"))
        return out

    def _hint_actions(self, seat: int) -> list[FujiAction]:
        """Qualitative hints (§18): a threat to a teammate's destination, one's fit, an intent.

        Each (kind, subject) may be given once per phase, so a window always closes.
        """
        blocked = tuple(k for k in self.hints_given if k >> 6 == seat) if self.hints_given else ()
        return _open_hints(seat, self.table.explorers, blocked)

    def _usable_cards(self, e: int) -> list[int]:
        """Cards `e` may use this round (§9.4, §9.5)."""
        if (self.injuries[e] >> ARM) & 1:
            return []
        return [c for c in range(len(self.card_location)) if self.card_location[c] == e and self.card_usable_from[c] <= self.round]

    def _card_uses(self, seat: int, e: int) -> list[FujiAction]:
        """Every legal `use` of `e`'s cards in this phase, with every parameter choice (§15)."""
        eq = self.table.content.equipment
        out: list[FujiAction] = []
        for c in self._usable_cards(e):
            sources = [(c, -1)]
            if eq[c].branches[0][0] == "copy_card":
                sources = [(c2, c2) for c2 in range(len(self.card_location)) if self.card_location[c2] >= 0 and c2 != c]
            for src, copied in sources:
                if self.phase not in eq[src].phases:
                    continue
                for b, (verb, params) in enumerate(eq[src].branches):
                    for p in self._use_params(seat, e, verb, params):
                        out.append(FujiAction(seat, "use", (c, copied, b, *p)))
        return out

    def _swappable(self) -> list[int]:
        """Landscape cards Binoculars may swap: face up and empty (§15)."""
        t = self.table
        busy = set(self.position) | set(self.destination)
        tokens = self.equipment_tokens_left | self.eruption_tokens_left | self.double_eruption_tokens_left
        return [c for c in t.board.landscape if not (self.lava >> c) & 1 and c not in busy and not (tokens >> c) & 1]

    def _use_params(self, seat: int, e: int, verb: str, params: dict[str, Any]) -> list[tuple[int, ...]]:
        t = self.table
        others = [o for o in range(t.explorers) if o != e]
        if verb == "swap_terrain":
            return list(combinations(self._swappable(), 2))
        if verb == "borrow_die":
            return [(o,) for o in others if any(i // 6 == o for i in self.held(o))]
        if verb in ("everyone_rerolls_one", "no_stamina_loss", "movement_bonus", "lower_screen", "reroll"):
            if verb == "no_stamina_loss" and self.no_stamina_loss[e]:
                return []
            if verb == "movement_bonus" and self.movement_bonus[e]:
                return []
            if verb == "lower_screen" and self.screen_lowered[e] == self.phase:
                return []
            if verb == "reroll" and not self.known_held(e, seat):
                return []
            return [()]
        if verb == "lend_die":
            own = [i for i in self.known_held(e, seat) if i // 6 == e]
            return [(i, o) for i in own for o in others]
        if verb == "turn_over":
            showing = tuple(i for i in self.known_held(e, seat) if self.die_face[i] == params["face"])
            return [a.args for a in _subsets(seat, showing, "turn")]
        if verb == "set_aside":
            dice = self.known_held(e, seat)
            return [combo for r in range(1, params["max"] + 1) for combo in combinations(dice, r)]
        if verb == "set_face":
            return [(i, f) for i in self.known_held(e, seat) for f in range(1, 7) if f != self.die_face[i]]
        if verb == "step_now":
            return [(c,) for c in t.board.adjacent[self.position[e]] if geo._open(t.board, self.lava, c)]
        if verb == "grant_reroll":
            return [(o,) for o in others if self.held(o)]
        raise AssertionError(verb)

    def _reroll_actions(self, seat: int) -> list[FujiAction]:
        """Phase 3 (§8.3): reroll a subset or stop; a Buddy may also set one die aside (§14)."""
        for h in self._waiting_hands():
            e, slots, hs = self.table.hands[h]
            if hs != seat:
                continue
            out: list[FujiAction] = []
            dice = tuple(i for i in self.known_held(e, seat) if i // 6 != e or i % 6 in slots)
            if self.rerolls_left[h] > 0:
                out += _subsets(seat, dice, "reroll")
            if self.has(e, "set_die_aside") and not self.die_set_aside[e]:
                out += [FujiAction(seat, "aside", (i,)) for i in dice]
            out.append(FujiAction(seat, "stop"))
            return out
        return []

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[FujiAction, float]]:  # type: ignore[override]
        if not self.chance or self.over:
            return []
        kind, arg = self.chance[0]
        if kind == C_ROLL:
            return _roll_outcomes(arg)
        c = self.table.content
        if kind == C_SKILL:
            taken = set(self.skill)
            opts = [i for i, s in enumerate(c.skills) if i not in taken
                    and (s.dice == 6 or not (self.table.options["variant"] == "b" and arg == 2))]
            return [(FujiAction(CHANCE, "skill", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_CHAR:
            taken = set(self.character)
            opts = [i for i in range(len(c.characters)) if i not in taken]
            return [(FujiAction(CHANCE, "character", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_PLACE:
            want = "village" if self.table.board.is_village(arg) else "landscape"
            used = set(self.card_at)
            opts = [i for i, tc in enumerate(c.terrain) if tc.kind == want and i not in used]
            return [(FujiAction(CHANCE, "place", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_DRAW:
            bag = [i for i in range(len(self.card_location)) if self.card_location[i] == BAG]
            if bag:
                return [(FujiAction(CHANCE, "draw", (arg, i)), 1 / len(bag)) for i in bag]
            return [(FujiAction(CHANCE, "draw", (arg, self.under_pile[0] // 8)), 1.0)]
        raise AssertionError(kind)

    def sample_chance(self) -> FujiAction:
        """The outcome this state's RNG picks; die rolls take a fast path (same result as the kernel's)."""
        if self.chance and self.chance[0][0] == C_ROLL and not self.over:
            return _roll_outcomes(self.chance[0][1])[peek_below(self.rng_state, 6)][0]
        act = super().sample_chance()
        assert isinstance(act, FujiAction)
        return act

    # ------------------------------------------------------------------ legality
    def _check_legal(self, act: Any) -> None:
        """Refuse `act` unless it is legal now. Any field values are safe here: a `FujiAction` the kernel
        let through may still hold junk (a verb of no kind, text or huge numbers for ids), and
        `malformed` refuses that before anything reads them."""
        if not isinstance(act, FujiAction):
            raise IllegalAction(f"{shown(act)} is not a Fuji action")
        if self.over:
            raise IllegalAction("the game is over", "§12")
        if act.seat == CHANCE:
            if not self.chance:
                raise IllegalAction("no dice or cards are pending now", "§18")
            kind, arg = self.chance[0]
            verb, args = act.verb, act.args
            if type(args) is tuple and len(args) == 2 and type(args[0]) is int and type(args[1]) is int:
                if kind == C_ROLL and verb == "roll" and args[0] == arg and 1 <= args[1] <= 6:
                    return
                if kind == C_PLACE and verb == "place" and args[0] == arg \
                        and 0 <= args[1] < len(self.table.content.terrain) and args[1] not in self.card_at \
                        and self.table.content.terrain[args[1]].kind == ("village" if self.table.board.is_village(arg)
                                                                     else "landscape"):
                    return
                if kind == C_DRAW and verb == "draw" and args[0] == arg \
                        and 0 <= args[1] < len(self.card_location) and self.card_location[args[1]] == BAG:
                    return
            problem = malformed(act)
            if problem:
                raise IllegalAction(f"not a chance outcome of Fuji: {problem}")
            if all(o != act for o, _ in self.chance_outcomes()):
                raise IllegalAction(f"{act} is not a possible outcome now", "§18")
            return
        movers = self.to_move()
        if act.seat not in movers:
            who = "chance (dice or cards) must resolve first" if movers == [CHANCE] else \
                f"seats {', '.join(map(str, movers))} may act now"
            raise IllegalAction(f"seat {act.seat} may not act now: {who}", self._decision_rule())
        legal = self.legal_actions(act.seat)
        for x in legal:  # agents hand back the very objects they were offered: identity first
            if x is act:
                return
        problem = malformed(act)
        if problem:
            raise IllegalAction(f"not an action of Fuji: {problem}")
        if act not in legal:
            try:
                reason = self._explain(act)
            except (IndexError, KeyError, TypeError, ValueError):  # ids outside the board or content
                reason = f"{act} is not an action of this game"
            raise IllegalAction(reason, self._rule_for(act))

    def _decision_rule(self) -> str:
        if self.decisions:
            return {F_KEEP: "§3.2", F_LEAVE: "§17.1", F_STARTS: "§17.6 item 9", F_REROLL: "§15", F_GRANT: "§15",
                    F_LEND: "§15", F_CARAB: "§15", F_COLLECT: "§10.3", F_BARS: "§14", F_PATH: "§17.6 item 1",
                    F_INJURY: "§10.6", F_LOSE: "§10.6"}[self.decisions[-1][0]]
        return {SETUP: "§3", ROLL: "§6", PLAN: "§7", REROLL: "§8", EQUIP: "§9", MOVE: "§10", ERUPT: "§11"}[self.phase]

    def _rule_for(self, act: FujiAction) -> str:
        if self.decisions:
            return self._decision_rule()
        if self._remark_refused(act):
            return REMARK_RULE
        return {"mark": "§7.3", "use": "§9", "give": "§14", "hint": "§18", "ready": "§7.7", "reroll": "§8.3",
                "aside": "§14", "go": "§10.1", "path": "§17.6 item 1", "bars": "§14", "keep": "§3.2",
                "lend": "§15", "injury": "§10.6", "lose": "§10.6"}.get(act.verb, self._decision_rule())

    def _remark_refused(self, act: FujiAction) -> bool:
        """Whether `act` moves a placed marker of a seat that has used up `REMARK_LIMIT` (decision 0011)."""
        return (act.verb == "mark" and self.phase == PLAN and len(act.args) == 2 and
                self.remarks[act.seat] >= REMARK_LIMIT and act.args[0] in self.explorers_of(act.seat) and
                self.destination[act.args[0]] >= 0)

    def _explain(self, act: FujiAction) -> str:
        """Why an action is illegal now, in words (the § comes from `_rule_for`)."""
        v = act.verb
        if self.decisions:
            f = self.decisions[self._frame_for(act.seat)]
            return f"{act} does not answer the pending {FRAME_NAMES[f[0]]} decision"
        if v == "mark" and self.phase == PLAN:
            e, cell = act.args
            if e not in self.explorers_of(act.seat):
                return f"seat {act.seat} does not place meeple {e}'s marker"
            if self._remark_refused(act):
                return (f"seat {act.seat} has moved its placed markers {self.remarks[act.seat]} times in this "
                        f"phase 2, the most a seat may ({REMARK_LIMIT}, an engine limit so planning ends): "
                        f"meeple {e}'s marker stays on {cell_name(self.destination[e])}")
            if any(self.destination[n] == cell for n in self.table.neighbours[e] if n < self.table.explorers):
                return f"a neighbour's marker is already on {cell_name(cell)}; neighbours may not share a destination"
            if cell in [c for c, _d in geo.reach(self.table.board, self.lava, self.position[e], self.allowance(e))]:
                return (f"{cell_name(cell)} is the only card a neighbour can still choose; neighbours may not "
                        "share a destination")
            return f"{cell_name(cell)} is not a card meeple {e} can reach within {self.allowance(e)} steps"
        if v == "ready" and self.phase == PLAN:
            return "place your destination marker before you are ready"
        if v == "use":
            if not 0 <= act.args[0] < len(self.card_location):
                return f"{act} names no equipment card"
            card = self.table.content.equipment[act.args[0]]
            e = self.card_location[act.args[0]]
            if e < 0 or self.table.ctrl[e] != act.seat:
                return f"you do not hold {card.id}"
            if (self.injuries[e] >> ARM) & 1:
                return "a broken arm stops you using equipment (§10.6)"
            if self.card_usable_from[act.args[0]] > self.round:
                return f"{card.id} was drawn this round; it may be used from the next round (§9.4)"
            return f"{card.id} cannot be used like that in phase {self.phase}"
        if v in ("reroll", "stop", "aside") and self.phase == REROLL:
            return f"{act} is not an allowed reroll choice now"
        if v == "hint":
            return "that hint was already given this phase, or is not a hint you can give"
        return f"{act} is not legal in phase {PHASE_NAMES[self.phase]}"

    # ------------------------------------------------------------------ apply
    def _apply(self, act: Any) -> None:
        a: FujiAction = act
        self._legal_cache = None
        self._to_move_cache = None
        if a.seat == CHANCE:
            self._apply_chance(a)
        elif self.decisions:
            i = self._frame_for(a.seat)
            frame = self.decisions.pop(i)
            self._answer_frame(frame, a)
        else:
            getattr(self, "_do_" + a.verb)(a)
        self._advance()

    def _apply_chance(self, a: FujiAction) -> None:
        kind, arg = self.chance.pop(0)
        c = self.table.content
        if a.verb == "roll":
            die, v = a.args
            self.die_face[die] = v
            mask = self.screen_mask(self.die_holder[die], die)
            self.die_seen_by[die] = mask
            if mask:
                self._log("roll", f"{die_label(-9, die)} shows {self.colour(die)}{v}", mask, die=die, value=v)
        elif a.verb == "skill":
            self.skill[a.args[0]] = a.args[1]
            self._log("setup", f"meeple {a.args[0]} is the {c.skills[a.args[1]].name}")
        elif a.verb == "character":
            self.character[a.args[0]] = a.args[1]
            self._log("setup", f"meeple {a.args[0]} is {c.characters[a.args[1]]['name']}")
        elif a.verb == "place":
            cell, card = a.args
            self.card_at = self.card_at[:]  # shared with clones: copy on write
            self.card_at[cell] = card
        elif a.verb == "draw":
            e, card = a.args
            if self.card_location[card] == BOTTOM:
                self.under_pile = [x for x in self.under_pile if x // 8 != card]
            if self.phase == SETUP:
                sk = c.skills[self.skill[e]]
                self.card_location[card] = KEEPING - e if sk.keep < sk.draw else e
                self.card_usable_from[card] = 1
                if sk.keep < sk.draw:
                    self._log("draw", f"meeple {e} draws {c.equipment[card].name}", 1 << self.table.ctrl[e], card=card)
                else:
                    self._log("reveal", f"meeple {e} takes {c.equipment[card].name}", card=card)
            else:
                self.card_location[card] = e
                self.card_usable_from[card] = self.round + 1
                self._log("reveal", f"meeple {e} draws {c.equipment[card].name} (usable from next round, §9.4)",
                          card=card)
        del kind, arg

    # --- setup (§3) -------------------------------------------------------------------
    def _setup_next(self) -> None:
        t = self.table
        c = t.content
        o = t.options
        if self.setup_step == 0:
            for name, arr, ids, kind in (("skills", self.skill, [s.id for s in c.skills], C_SKILL),
                                         ("characters", self.character, [x["id"] for x in c.characters], C_CHAR)):
                for e in range(t.explorers):
                    if o[name]:
                        arr[e] = ids.index(o[name][e]) if e < len(o[name]) else -1
                    elif e < len(ids):
                        self.chance.append((kind, e))
            self.setup_step = 1
        elif self.setup_step == 1:
            for e in range(t.explorers):
                if c.skills[self.skill[e]].dice == 5:
                    self.die_in_play[e * 6 + c.default_left_out] = 0
            b = t.board
            self.chance += [(C_PLACE, cell) for cell in b.villages]
            self.chance += [(C_PLACE, cell) for cell in b.landscape]
            self.setup_step = 2
            self.setup_explorer = 0
        elif self.setup_step == 2:
            if self.setup_explorer >= t.explorers:
                self.setup_step = 3
                return
            e = self.setup_explorer
            sk = c.skills[self.skill[e]]
            if any(self.card_location[x] == KEEPING - e for x in range(len(self.card_location))):
                self.decisions.append((F_KEEP, t.ctrl[e], e, sk.keep, 0))
                self.setup_explorer += 1
            elif any(self.card_location[x] == e for x in range(len(self.card_location))):
                self.setup_explorer += 1
            else:
                self.chance += [(C_DRAW, e)] * sk.draw
                if sk.keep == sk.draw:
                    self.setup_explorer += 1
        elif self.setup_step == 3:
            for e in reversed(range(t.explorers)):
                if c.skills[self.skill[e]].dice == 5:
                    self.decisions.append((F_LEAVE, t.ctrl[e], e, 0, 0))
            self.setup_step = 4
        elif self.setup_step == 4:
            if t.explorers == 4:
                self.decisions.append((F_STARTS, 0, -1, 0, 0))
            self.setup_step = 5
        else:
            b = t.board
            for e in range(t.explorers):
                self.position[e] = b.grey_start if (t.explorers == 4 and e not in self.white_starters) else b.white_start
            for cell in b.equipment_tokens:
                self.equipment_tokens_left |= 1 << cell
            for cell in b.eruption_tokens:
                if o["extra_thrill"] and cell == b.thrill:
                    self.double_eruption_tokens_left |= 1 << cell
                else:
                    self.eruption_tokens_left |= 1 << cell
            self._log("setup", f"scenario {b.scenario} {b.name}, level {o['level']}; the climb begins")
            self._start_round()

    # --- round flow ---------------------------------------------------------------------
    def _start_round(self) -> None:
        """§6: every die in play is rolled behind its screen (variant A's hidden half waits, §13.1)."""
        self.round += 1
        self.phase = ROLL
        t = self.table
        for i in range(t.dice):
            if self.die_in_play[i] and not (i // 6 == t.extra and i % 6 < 3):
                self.chance.append((C_ROLL, i))
            elif i // 6 == t.extra:
                self.die_face[i] = 0
        self._log("phase", f"round {self.round}: phase 1, everyone rolls")

    def _open_window(self, phase: int) -> None:
        self.phase = phase
        self.ready = [0] * self.table.seats
        self.hints_given = []
        self._log("phase", f"round {self.round}: phase {PHASE_NAMES[phase]}")

    def _lock_markers(self) -> None:
        """End of phase 2: markers bind (§7.3) and reroll counts follow (§8.1, §8.2)."""
        t = self.table
        self.phase = REROLL
        self.remarks = [0] * t.seats
        for e in range(t.explorers):
            if self.destination[e] < 0:
                self.destination[e] = self.position[e]
        for h, (e, _slots, _seat) in enumerate(t.hands):
            dist = geo.distance(t.board, self.lava, self.position[e], self.destination[e])
            base = self.reroll_count(e, dist, self.card_at[self.destination[e]])
            self.rerolls_left[h] = self.rerolls_entitled[h] = base
            self.reroll_choice[h] = -2
            self.rerolls_done[h] = int(base == 0 and not (self.has(e, "set_die_aside") and not self.die_set_aside[e]))
        self._log("phase", f"round {self.round}: phase 3, rerolls (no talking)",
                  rerolls={str(h): self.rerolls_left[h] for h in range(len(t.hands))})  # JSON keys are text

    def reroll_count(self, e: int, dist: int, card: int) -> int:
        """Phase-3 rerolls of meeple `e` for a destination `dist` steps away showing terrain `card`.

        §8.1: 2 to stay, 1 at distance 1–2, 0 at 3, +1 for the reroll symbol; §8.2: an eye injury
        removes those, the Survivalist adds a skill reroll; §14: a Scout going 4 gets none at all.
        """
        base = {0: 2, 1: 1, 2: 1}.get(dist, 0)
        if 0 <= dist < 4 and card >= 0 and self.table.content.terrain[card].extra_reroll:
            base += 1
        if (self.injuries[e] >> EYE) & 1:
            base = 0
        if self.has(e, "extra_rerolls"):
            base += self.ability(e, "extra_rerolls")["count"]
        if dist >= 4:
            base = 0
        return base

    def _resolve_reroll_step(self) -> None:
        """§8.3: every submission resolves together, then the next lockstep step begins."""
        for h, sub in enumerate(self.reroll_choice):
            if self.rerolls_done[h] or sub == -2:
                continue
            e = self.table.hands[h][0]
            if sub == -1:
                self.rerolls_done[h] = 1
            else:
                self.rerolls_left[h] -= 1
                self.chance += [(C_ROLL, i) for i in range(self.table.dice) if (sub >> i) & 1]
                if self.rerolls_left[h] == 0 and not (self.has(e, "set_die_aside") and not self.die_set_aside[e]):
                    self.rerolls_done[h] = 1
            self.reroll_choice[h] = -2

    def _end_rerolls(self) -> None:
        """§14 Gatherer: a power bar for each phase-3 reroll entitled and not taken (at most 3)."""
        for e in range(self.table.explorers):
            if self.has(e, "power_bars"):
                hands = [h for h, hand in enumerate(self.table.hands) if hand[0] == e]
                unused = min(self.rerolls_left[h] for h in hands)
                cap = self.ability(e, "power_bars")["max"]
                if unused:
                    self.power_bars[e] = min(cap, self.power_bars[e] + unused)
                    self._log("bars", f"meeple {e} now holds {self.power_bars[e]} power bars")
        self._open_window(EQUIP)

    def _reveal(self) -> None:
        """§10.1: screens come down; variant A's hidden half is rolled now (§13.1)."""
        self.phase = MOVE
        t = self.table
        for i in range(t.dice):
            if self.die_face[i]:
                self.die_seen_by[i] = t.all_seats
        if t.extra >= 0:
            self.chance += [(C_ROLL, t.extra * 6 + k) for k in range(3)]
        shown = {e: [f"{self.colour(i)}{self.die_face[i]}" for i in self.held(e)] for e in range(t.explorers)}
        self._log("reveal", "screens down: " + "; ".join(f"meeple {e}: {' '.join(d)}" for e, d in shown.items()),
                  dice={str(e): d for e, d in shown.items()})
        self.moved = [0] * t.explorers
        self.mover = -1

    def _erupt(self) -> None:
        """One eruption (§11.1, §11.2): flip every face-up landscape or rubble card next to lava."""
        b = self.table.board
        front = geo.eruption_front(b, self.lava)
        self.lava |= front
        self.equipment_tokens_left &= ~front
        self.eruption_tokens_left &= ~front
        self.double_eruption_tokens_left &= ~front
        flipped = [cell_name(c) for c in b.cells if (front >> c) & 1]
        self._log("eruption", "lava flows onto " + (", ".join(flipped) or "nothing new"), cells=flipped)
        for e in range(self.table.explorers):
            if self.phase == PLAN and self.destination[e] >= 0 and (
                    (front >> self.destination[e]) & 1 or self.destination[e] not in
                    [c for c, _ in geo.reach(b, self.lava, self.position[e], self.allowance(e))]):
                self.destination[e] = -1  # markers still move in phase 2: one cut off by lava must be placed again
            if (front >> self.position[e]) & 1:
                self._lose(f"lava reached meeple {e} on {cell_name(self.position[e])}", "§12.1", "lava")

    def _lose(self, reason: str, rule: str, code: str) -> None:
        if not self.over:
            self.over = 1 + END_CODES.index(code)
            self.reason = f"{reason} ({rule})"
            self._log("end", f"defeat: {reason}")

    def _check_victory(self) -> None:
        """§12.2: the team wins the moment every meeple stands on a village card."""
        if not self.over and all(self.table.board.is_village(p) for p in self.position):
            self.over = 1
            self.reason = "every meeple reached the village (§12.2)"
            self._log("end", f"victory with {self.victory_points()} points: {rating(self.victory_points())}")

    def _walk(self, e: int, path: tuple[int, ...]) -> None:
        """Move along `path` (§10.2 item 5): tokens crossed erupt after the move and any draw (§10.4)."""
        self.position[e] = path[-1]
        for cell in path:
            bit = 1 << cell
            if self.eruption_tokens_left & bit:
                self.eruptions_due += 1
                self.eruption_tokens_left &= ~bit
            elif self.double_eruption_tokens_left & bit:
                self.eruptions_due += 2
                self.double_eruption_tokens_left &= ~bit
        self._log("move", f"meeple {e} walks to {cell_name(path[-1])}", path=[cell_name(c) for c in path])
        self._check_victory()
        if self.over:
            return
        end = 1 << path[-1]
        if self.equipment_tokens_left & end:
            self.equipment_tokens_left &= ~end
            self.decisions.append((F_COLLECT, self.table.ctrl[e], e, 0, 0))
        reachable = geo.reach(self.table.board, self.lava, self.position[e], self.allowance(e))
        if self.phase == PLAN and self.destination[e] >= 0 and self.destination[e] not in [c for c, _ in reachable]:
            self.destination[e] = -1

    def _advance(self) -> None:
        """Run automatic steps until a chance point, a decision, or the end."""
        t = self.table
        while not self.over and not self.chance and not self.decisions:
            if self.eruptions_due:
                self.eruptions_due -= 1
                self._erupt()
                continue
            ph = self.phase
            if ph == SETUP:
                self._setup_next()
            elif ph == ROLL:
                self._open_window(PLAN)
                self.destination = [-1] * t.explorers
            elif ph == PLAN:
                if any(not r for r in self.ready):
                    return
                self._lock_markers()
            elif ph == REROLL:
                if self._waiting_hands():
                    return
                if any(s != -2 for s in self.reroll_choice):
                    self._resolve_reroll_step()
                    continue
                if all(self.rerolls_done):
                    self._end_rerolls()
                else:
                    return
            elif ph == EQUIP:
                if any(not r for r in self.ready):
                    return
                self._reveal()
            elif ph == MOVE:
                if self.mover < 0:
                    if all(self.moved):
                        self._end_movement()
                        continue
                    return
                self._turn_step()
            elif ph == ERUPT:
                self._erupt()
                if not self.over:
                    self._cleanup()
                    self._start_round()

    def _end_movement(self) -> None:
        """§10.8: dice lost to leg injuries leave now; then phase 6."""
        for e in range(self.table.explorers):
            if self.die_to_lose[e] >= 0:
                d = self.die_to_lose[e]
                self.die_in_play[d] = 0
                self.die_face[d] = 0
                self.die_to_lose[e] = -1
        self.phase = ERUPT
        self._log("phase", f"round {self.round}: phase 6, the volcano erupts")

    def _cleanup(self) -> None:
        """§11.5: dice go home, set-aside dice return, round effects end."""
        t = self.table
        self.die_holder = [i // 6 for i in range(t.dice)]
        n = t.explorers
        self.no_stamina_loss = [0] * n
        self.movement_bonus = [0] * n
        self.screen_lowered = [0] * n
        self.stepped_early = [0] * n
        self.die_set_aside = [0] * n
        self.moved = [0] * n
        self.destination = [-1] * n

    # --- phase 5 turns (§10.2–§10.7) ----------------------------------------------------------
    def _turn_step(self) -> None:
        m = self.mover
        t = self.table
        if self.turn_step == T_START:
            self.turn_step = T_COMPARE
            for g in range(t.explorers):
                if self.has(g, "power_bars") and self.power_bars[g] > 0:
                    self.decisions.append((F_BARS, t.ctrl[g], g, m, 0))
        elif self.turn_step == T_COMPARE:
            self.turn_step = T_STAMINA
            self._compare(m)
        elif self.turn_step == T_STAMINA:
            self.turn_step = T_END
            self._stamina(m)
        else:
            self.moved[m] = 1
            self.mover = -1
            self.turn_step = T_NONE

    def movement_values(self, m: int) -> tuple[int, list[tuple[int, int]]]:
        """(mover's value with modifiers, [(neighbour, value)]) under the mover's requirement (§10.2)."""
        card = self.card_at[self.destination[m]]
        own = self.value(m, card) + self.movement_bonus[m] + self.bars_spent
        return own, [(n, self.value(n, card)) for n in self.table.neighbours[m]]

    def _compare(self, m: int) -> None:
        """§10.2 Step A: success only if the mover beats each neighbour; a tie fails."""
        own, nbs = self.movement_values(m)
        best = max(v for _, v in nbs)
        ok = own > best
        self.turn_success = int(ok)
        self.turn_margin = own - best if ok else 0
        self._log("compare", f"meeple {m} scores {own} against " +
                  ", ".join(f"meeple {n}: {v}" for n, v in nbs) + (" and succeeds" if ok else " and fails"),
                  mover=m, value=own, neighbours={str(n): v for n, v in nbs}, success=ok)
        dest = self.destination[m]
        if ok and dest != self.position[m]:
            options = self._paths(m)
            if len(options) == 1:
                self._walk(m, options[0])
            elif options:
                self.decisions.append((F_PATH, self.table.ctrl[m], m, 0, 0))
            else:
                self._log("move", f"meeple {m} cannot reach {cell_name(dest)} any more and stays (§17.6 item 2)")
        self.bars_spent = 0

    def _paths(self, m: int) -> tuple[tuple[int, ...], ...]:
        """Legal paths to the destination: ≤ 3 steps (4 for a Scout marked at 4), or the shortest after Rope (§17.6)."""
        b, lava, start, dest = self.table.board, self.lava, self.position[m], self.destination[m]
        if self.stepped_early[m]:
            return geo.paths(b, lava, start, dest, 0, shortest_only=True)
        limit = 3
        if self.allowance(m) > 3 and geo.distance(b, lava, start, dest) == self.allowance(m):
            limit = self.allowance(m)
        return geo.paths(b, lava, start, dest, limit)

    def _stamina(self, m: int) -> None:
        """§10.5 Step B with injuries (§10.6) and exhaustion (§10.7)."""
        self.destination[m] = -1
        loss = 0 if self.no_stamina_loss[m] else self.table.level_loss[min(self.turn_margin, 12)]
        old = self.stamina[m]
        new = min(old + loss, self.table.content.exhaustion)
        self.stamina[m] = new
        self._log("stamina", f"meeple {m} loses {loss} stamina ({old} → {new})", mover=m, loss=loss)
        if new >= self.table.content.exhaustion:
            self._lose(f"meeple {m} is exhausted", "§10.7", "exhausted")
            return
        for space in self.table.content.injury_spaces:
            if old < space <= new and self.injuries[m] != 15:
                self.decisions.append((F_INJURY, self.table.ctrl[m], m, 0, 0))

    # --- frame answers ----------------------------------------------------------------
    def _answer_frame(self, f: tuple[int, ...], a: FujiAction) -> None:
        kind, seat, e, x, _y = f
        c = self.table.content
        if kind == F_KEEP:
            keep = set(a.args)
            for card in range(len(self.card_location)):
                if self.card_location[card] == KEEPING - e:
                    if card in keep:
                        self.card_location[card] = e
                    else:
                        self.card_location[card] = BOTTOM
                        self.under_pile.append(card * 8 + seat)
            self._log("reveal", f"meeple {e} keeps " + ", ".join(c.equipment[k].name for k in a.args) +
                      "; the rest go under the pile", cards=list(a.args))
        elif kind == F_LEAVE:
            base = e * 6
            for k in range(6):
                self.die_in_play[base + k] = int(base + k != a.args[0])
            self._log("setup", f"meeple {e} leaves die {a.args[0] % 6 + 1} in the box")
        elif kind == F_STARTS:
            self.white_starters = list(a.args)
            self._log("setup", f"meeples {a.args[0]} and {a.args[1]} start on the white card")
        elif kind in (F_REROLL, F_GRANT):
            if a.verb == "reroll":
                self._reroll(a.args)
                if kind == F_REROLL and x > 1:
                    self.decisions.append((kind, seat, e, x - 1, 0))
            self._log("reroll", f"seat {seat}: {a}", 1 << seat)
        elif kind == F_LEND:
            if a.verb == "lend":
                d = a.args[0]
                self.die_holder[d] = x
                self.die_seen_by[d] |= self.screen_mask(x, d) | (1 << seat)
                self._log("lend", f"meeple {e} lends a die to meeple {x}")
                self._log("reveal", f"die {die_label(-9, d)} ({self.colour(d)}{self.die_face[d]}) goes to meeple {x}",
                          self.die_seen_by[d])
            else:
                self._log("lend", f"meeple {e} keeps its dice")
        elif kind == F_CARAB:
            self._reroll(a.args)
        elif kind == F_COLLECT:
            if a.verb == "collect":
                self.chance.append((C_DRAW, e))
            self._log("collect", f"meeple {e} {'draws' if a.verb == 'collect' else 'leaves'} the equipment token")
        elif kind == F_BARS:
            n = a.args[0]
            self.power_bars[e] -= n
            self.bars_spent += n
            if n:
                self._log("bars", f"meeple {e} spends {n} power bars for meeple {x}")
        elif kind == F_PATH:
            self._walk(e, a.args)
        elif kind == F_INJURY:
            k = a.args[0]
            self.injuries[e] |= 1 << k
            self._log("injury", f"meeple {e} suffers: {c.injuries[k]['name']}", injury=INJURY_IDS[k])
            if k == LEG:
                self.decisions.append((F_LOSE, seat, e, 0, 0))
            if k == AMNESIA and self.skill[e] >= 0 and "double_use" in c.skills[self.skill[e]].abilities:
                for card in range(len(self.card_location)):
                    if self.card_location[card] == e and self.card_used_once[card]:
                        self.card_location[card] = DISCARD
                        self.card_used_once[card] = 0
        elif kind == F_LOSE:
            self.die_to_lose[e] = a.args[0]
            self._log("injury", f"meeple {e} will lose die {a.args[0] % 6 + 1} after everyone's stamina step")

    def _reroll(self, dice: tuple[int, ...]) -> None:
        self.chance += [(C_ROLL, i) for i in dice]

    # --- window actions (§7, §9) ---------------------------------------------------------
    def _do_mark(self, a: FujiAction) -> None:
        e, cell = a.args
        if self.destination[e] >= 0:
            self.remarks[a.seat] += 1  # moving a placed marker counts; placing one does not (decision 0011)
        self.destination[e] = cell
        self._log("mark", f"meeple {e} marks {cell_name(cell)}", explorer=e, cell=cell_name(cell))

    def _do_ready(self, a: FujiAction) -> None:
        self.ready[a.seat] = 1
        self._log("ready", f"seat {a.seat} is ready")

    def _do_hint(self, a: FujiAction) -> None:
        kind, subj, lv = a.args
        self.hints_given.append(a.seat * 64 + kind * 8 + subj + 1)
        level = HINT_LEVELS[kind][lv]
        text = {0: f"seat {a.seat}: threat from my dice to meeple {subj}'s destination: {level}",
                1: f"seat {a.seat}: my roll fits my destination: {level}",
                2: f"seat {a.seat}: " + ("I'll reroll to help you" if level == "help" else "I can use a card")}[kind]
        self._log("hint", text, seat=a.seat, hint=HINT_KINDS[kind], subject=subj, level=level, round=self.round)

    def _do_give(self, a: FujiAction) -> None:
        card, to = a.args
        self.card_location[card] = to
        self.ready[self.table.ctrl[to]] = 0
        self._log("give", f"{self.table.content.equipment[card].name} passes to meeple {to}")

    def _do_go(self, a: FujiAction) -> None:
        self.mover = a.args[0]
        self.turn_step = T_START
        self.bars_spent = 0
        self._log("turn", f"meeple {self.mover} takes its turn")

    def _do_reroll(self, a: FujiAction) -> None:
        h = self._hand_for(a.seat)
        mask = 0
        for i in a.args:
            mask |= 1 << i
        self.reroll_choice[h] = mask
        self._log("reroll", f"seat {a.seat} rerolls {len(a.args)} dice", 1 << a.seat, dice=list(a.args))
        self._log("submit", f"seat {a.seat} has chosen")

    def _do_stop(self, a: FujiAction) -> None:
        self.reroll_choice[self._hand_for(a.seat)] = -1
        self._log("submit", f"seat {a.seat} stops rerolling")

    def _do_aside(self, a: FujiAction) -> None:
        h = self._hand_for(a.seat)
        e = self.table.hands[h][0]
        d = a.args[0]
        self.die_set_aside[e] = 1
        self.die_holder[d] = -1
        self.die_seen_by[d] = self.table.all_seats
        if self.rerolls_left[h] == 0:
            self.rerolls_done[h] = 1
        self._log("reveal", f"meeple {e} sets aside {self.colour(d)}{self.die_face[d]} (§14)", die=d)

    def _hand_for(self, seat: int) -> int:
        return next(h for h in self._waiting_hands() if self.table.hands[h][2] == seat)

    def _do_use(self, a: FujiAction) -> None:
        """Use an equipment card (§9.2): resolve its verb, then tap or discard it (§14 Tinkerer)."""
        t = self.table
        eq = t.content.equipment
        card, copied, branch = a.args[0], a.args[1], a.args[2]
        params = a.args[3:]
        e = self.card_location[card]
        src = eq[copied] if copied >= 0 else eq[card]
        verb, vparams = src.branches[branch]
        if self.has(e, "double_use") and not self.card_used_once[card]:
            self.card_used_once[card] = 1
        else:
            self.card_location[card] = DISCARD
            self.card_used_once[card] = 0
        self.ready = [0] * t.seats
        seat = t.ctrl[e]
        public = {"swap_terrain": " ".join(cell_name(x) for x in params), "borrow_die": f"from meeple {params[0]}"
                  if params else "", "lend_die": f"for meeple {params[1]}" if len(params) > 1 else "",
                  "step_now": cell_name(params[0]) if params else "", "grant_reroll": f"for meeple {params[0]}"
                  if params else ""}.get(verb, "")
        self._log("use", f"meeple {e} uses {eq[card].name}" + (f" as {src.name}" if copied >= 0 else "") +
                  (f" {public}" if public else ""), card=eq[card].id, verb=verb)
        if params and not public:
            self._log("use", f"seat {seat}: {a}", 1 << seat)
        if verb == "swap_terrain":
            c1, c2 = params
            self.card_at = self.card_at[:]
            self.card_at[c1], self.card_at[c2] = self.card_at[c2], self.card_at[c1]
        elif verb == "borrow_die":
            o = params[0]
            self.decisions.append((F_LEND, t.ctrl[o], o, e, 0))
        elif verb == "everyone_rerolls_one":
            for o in reversed(range(t.explorers)):
                if t.options["variant"] == "b" and o == 2:
                    half = next(h for h, hand in enumerate(t.hands) if hand[0] == 2 and hand[2] == seat)
                    if self.known_held(o, seat):
                        self.decisions.append((F_CARAB, seat, o, half + 1, 0))
                elif self.known_held(o, t.ctrl[o]):
                    self.decisions.append((F_CARAB, t.ctrl[o], o, 0, 0))
        elif verb == "lend_die":
            d, o = params
            self.die_holder[d] = o
            self.die_seen_by[d] |= self.screen_mask(o, d)
            self._log("reveal", f"die {die_label(-9, d)} ({self.colour(d)}{self.die_face[d]}) goes to meeple {o}", self.die_seen_by[d])
        elif verb == "turn_over":
            for d in params:
                self.die_face[d] = 7 - self.die_face[d]
        elif verb == "set_aside":
            for d in params:
                self.die_holder[d] = -1
                self.die_seen_by[d] = t.all_seats
            self._log("reveal", f"meeple {e} sets aside " + " ".join(f"{self.colour(d)}{self.die_face[d]}" for d in params))
        elif verb == "lower_screen":
            self.screen_lowered[e] = self.phase
            for d in self.held(e):
                self.die_seen_by[d] = t.all_seats
            self._log("reveal", f"meeple {e}'s screen is down: " +
                      " ".join(f"{self.colour(d)}{self.die_face[d]}" for d in self.held(e)))
        elif verb == "no_stamina_loss":
            self.no_stamina_loss[e] = 1
        elif verb == "set_face":
            d, face = params
            self.die_face[d] = face
        elif verb == "step_now":
            if self.phase == EQUIP:
                self.stepped_early[e] = 1
            self._walk(e, (params[0],))
        elif verb == "movement_bonus":
            self.movement_bonus[e] = vparams["amount"]
        elif verb == "reroll":
            self.decisions.append((F_REROLL, seat, e, vparams["times"], 0))
        elif verb == "grant_reroll":
            o = params[0]
            self.decisions.append((F_GRANT, t.ctrl[o], o, 0, 0))
        else:
            raise AssertionError(verb)
        if verb in ("turn_over", "set_face"):
            for d in params[:1] if verb == "set_face" else params:
                self.die_seen_by[d] = self.screen_mask(self.die_holder[d], d)

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return bool(self.over)

    def victory_points(self) -> int:
        """§12.4: 4 per player (each meeple in variant B), −1 per injury, +1 per unused card."""
        injuries = sum(bin(m).count("1") for m in self.injuries)
        unused = sum(1 for c in range(len(self.card_location)) if self.card_location[c] >= 0 and not self.card_used_once[c])
        return 4 * self.table.explorers - injuries + unused

    def outcome(self) -> Outcome:
        if not self.over:
            raise IllegalAction("the game is not over")
        won = self.over == 1
        vp = self.victory_points() if won else 0
        reason = self.reason
        return Outcome(
            tuple(SeatResult(won, vp, reason, END_CODES[self.over - 1]) for _ in range(self.table.seats)),
            {"won": won, "victory_points": vp, "rating": rating(vp) if won else "", "rounds": self.round,
             "reason": reason},
        )

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (§18): own dice, public dice, board, tracks, cards, hints; None: the public."""
        from .view import observe

        if seat is not None:
            check_seat(seat, self.table.seats)
        return observe(self, seat)

    def resample(self, seat: int, rng: RandomLike) -> FujiState:
        """A copy where everything `seat` has not seen is drawn again from `rng` (§18, architecture §2).

        Redrawn: the copy's own RNG (so its next chance outcome is not the real one), every die face the
        seat has not seen, the cards in the pile, other meeples' keep choices and their cards under the
        pile, and the dice another seat chose to reroll in a phase-3 step that has not resolved (that it
        rerolls rather than stops is public, §8.3; which dice is not). Every reveal is kept: a face the
        seat saw, a card shown, the log lines it may read.
        """
        check_seat(seat, self.table.seats)
        if not callable(getattr(rng, "randrange", None)):
            raise OutlastError(f"resample needs a random source with randrange(stop), not {shown(rng)}")
        c = self.clone()
        c._legal_cache = None  # faces change below: cached legal actions may depend on them
        c.events = [ev for ev in c.events if ev.visible(seat)]  # other seats' private lines hold true faces
        c.rng_state = seed_state(rng.randrange(1 << 62))
        bit = 1 << seat
        for i in range(c.table.dice):
            if c.die_face[i] and not c.die_seen_by[i] & bit:
                c.die_face[i] = rng.randrange(6) + 1
        # phase 3: another seat's submitted reroll names dice this seat has not seen chosen (§8.3)
        for h, (e, hand_slots, hand_seat) in enumerate(c.table.hands):
            if hand_seat != seat and c.reroll_choice[h] >= 0:
                dice = [i for i in c.known_held(e, hand_seat) if i // 6 != e or i % 6 in hand_slots]
                mask = 0
                while dice and not mask:
                    for i in dice:
                        if rng.randrange(2):
                            mask |= 1 << i
                c.reroll_choice[h] = mask or c.reroll_choice[h]
        # cards: the bag, other explorers' keep choices and others' cards under the pile are unknown
        ctrl = c.table.ctrl
        slots: list[tuple[str, int]] = []
        pool: list[int] = []
        for card in range(len(c.card_location)):
            loc = c.card_location[card]
            if loc == BAG or (loc <= KEEPING and ctrl[KEEPING - loc] != seat):
                slots.append(("loc", loc))
                pool.append(card)
        for j, entry in enumerate(c.under_pile):
            if entry % 8 != seat:
                slots.append(("bottom", j))
                pool.append(entry // 8)
        # order both by what `seat` can see, never by where the cards truly are
        slots.sort()
        pool.sort()
        for k in range(len(pool) - 1, 0, -1):
            r = rng.randrange(k + 1)
            pool[k], pool[r] = pool[r], pool[k]
        for (where, val), card in zip(slots, pool, strict=True):
            if where == "loc":
                c.card_location[card] = val
            else:
                c.under_pile[val] = card * 8 + c.under_pile[val] % 8
                c.card_location[card] = BOTTOM
        return c

    # ------------------------------------------------------------------ documents
    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON-safe document, RNG included (`document.py` lists its fields)."""
        return document.to_json(self)

    @classmethod
    def from_json(cls, game: Any, table: Table, doc: dict[str, Any]) -> FujiState:
        """A state read from a document whose header and options were checked; every field is checked
        (type, range, length, references, consistency) before the state exists: else `SaveError`."""
        return document.from_json(game, table, doc)
