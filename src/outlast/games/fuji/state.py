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
        "game", "t", "events", "rng_state", "phase", "round", "over", "reason", "sstep", "scur",
        "chance", "frames", "card_at", "lava", "eqtok", "etok1", "etok2", "skill", "char", "pos", "marker",
        "stamina", "injuries", "bars", "dv", "dh", "dk", "dalive", "cloc", "cusable", "ctap", "bottom",
        "ready", "hinted", "rr_left", "rr_ent", "rr_sub", "rr_done", "buddy", "first_aid", "flare", "radio",
        "roped", "moved", "mover", "tstep", "turn_d", "turn_ok", "spent", "erupt_due", "leg", "starts", "remarks",
        "_lc", "_tm",
    )

    game: Any
    t: Table
    events: list[Event]
    rng_state: int
    phase: int
    round: int
    over: int
    reason: str
    sstep: int
    scur: int
    chance: list[tuple[int, int]]
    frames: list[tuple[int, int, int, int, int]]
    card_at: list[int]
    lava: int
    eqtok: int
    etok1: int
    etok2: int
    skill: list[int]
    char: list[int]
    pos: list[int]
    marker: list[int]
    stamina: list[int]
    injuries: list[int]
    bars: list[int]
    dv: list[int]
    dh: list[int]
    dk: list[int]
    dalive: list[int]
    cloc: list[int]
    cusable: list[int]
    ctap: list[int]
    bottom: list[int]
    ready: list[int]
    hinted: list[int]
    rr_left: list[int]
    rr_ent: list[int]
    rr_sub: list[int]
    rr_done: list[int]
    buddy: list[int]
    first_aid: list[int]
    flare: list[int]
    radio: list[int]
    roped: list[int]
    moved: list[int]
    mover: int
    tstep: int
    turn_d: int
    turn_ok: int
    spent: int
    erupt_due: int
    leg: list[int]
    starts: list[int]
    remarks: list[int]
    """Per seat: placed markers it moved in this phase 2 (`REMARK_LIMIT`)."""
    _lc: tuple[int, list[FujiAction]] | None
    _tm: list[int] | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> FujiState:
        s = cls.__new__(cls)
        s.game = game
        s.t = table
        s.events = []
        s.rng_state = seed_state(seed)
        s.phase = SETUP
        s.round = 0
        s.over = 0  # 0 playing, else 1 + index of the ending in END_CODES
        s.reason = ""
        s.sstep = 0
        s.scur = 0
        s.chance = []
        s.frames = []
        b = table.board
        s.card_at = [-1] * b.size
        s.lava = 1 << b.volcano
        s.eqtok = s.etok1 = s.etok2 = 0
        n = table.explorers
        s.skill = [-1] * n
        s.char = [-1] * n
        s.pos = [b.white_start] * n
        s.marker = [-1] * n
        s.stamina = [0] * n
        s.injuries = [0] * n
        s.bars = [0] * n
        s.dv = [0] * table.dice
        s.dh = [i // 6 for i in range(table.dice)]
        s.dk = [0] * table.dice
        s.dalive = [1] * table.dice
        ncards = len(table.content.equipment)
        s.cloc = [BAG] * ncards
        s.cusable = [0] * ncards
        s.ctap = [0] * ncards
        s.bottom = []
        s.ready = [0] * table.seats
        s.hinted = []
        nh = len(table.hands)
        s.rr_left = [0] * nh
        s.rr_ent = [0] * nh
        s.rr_sub = [-2] * nh
        s.rr_done = [1] * nh
        s.buddy = [0] * n
        s.first_aid = [0] * n
        s.flare = [0] * n
        s.radio = [0] * n
        s.roped = [0] * n
        s.moved = [0] * n
        s.mover = -1
        s.tstep = T_NONE
        s.turn_d = 0
        s.turn_ok = 0
        s.spent = 0
        s.erupt_due = 0
        s.leg = [-1] * n
        s.starts = [0, 2]
        s.remarks = [0] * table.seats
        s._lc = None
        s._tm = None
        return s

    def start(self) -> None:
        """Run setup until its first chance point or decision (§3)."""
        self._advance()

    def clone(self) -> FujiState:
        """Copy every list; the table, content and board are shared (architecture §6)."""
        c = FujiState.__new__(FujiState)
        c.game = self.game
        c.t = self.t
        c.events = self.events[:]
        c.rng_state = self.rng_state
        c.phase = self.phase
        c.round = self.round
        c.over = self.over
        c.reason = self.reason
        c.sstep = self.sstep
        c.scur = self.scur
        c.chance = self.chance[:]
        c.frames = self.frames[:]
        c.card_at = self.card_at
        c.lava = self.lava
        c.eqtok = self.eqtok
        c.etok1 = self.etok1
        c.etok2 = self.etok2
        c.skill = self.skill[:]
        c.char = self.char[:]
        c.pos = self.pos[:]
        c.marker = self.marker[:]
        c.stamina = self.stamina[:]
        c.injuries = self.injuries[:]
        c.bars = self.bars[:]
        c.dv = self.dv[:]
        c.dh = self.dh[:]
        c.dk = self.dk[:]
        c.dalive = self.dalive[:]
        c.cloc = self.cloc[:]
        c.cusable = self.cusable[:]
        c.ctap = self.ctap[:]
        c.bottom = self.bottom[:]
        c.ready = self.ready[:]
        c.hinted = self.hinted[:]
        c.rr_left = self.rr_left[:]
        c.rr_ent = self.rr_ent[:]
        c.rr_sub = self.rr_sub[:]
        c.rr_done = self.rr_done[:]
        c.buddy = self.buddy[:]
        c.first_aid = self.first_aid[:]
        c.flare = self.flare[:]
        c.radio = self.radio[:]
        c.roped = self.roped[:]
        c.moved = self.moved[:]
        c.mover = self.mover
        c.tstep = self.tstep
        c.turn_d = self.turn_d
        c.turn_ok = self.turn_ok
        c.spent = self.spent
        c.erupt_due = self.erupt_due
        c.leg = self.leg[:]
        c.starts = self.starts[:]
        c.remarks = self.remarks[:]
        c._lc = self._lc
        c._tm = self._tm
        return c

    # ------------------------------------------------------------------ small queries
    def _log(self, kind: str, text: str, visible: int | None = None, **data: Any) -> None:
        """Append an event; `visible` is a seat bitmask (None: everyone). A `reveal` marks the action as revealing."""
        if kind == "reveal":
            self.revealed = True
        vis = None
        if visible is not None and visible != self.t.all_seats:
            vis = frozenset(s for s in range(self.t.seats) if (visible >> s) & 1)
        self.events.append(Event(kind, text, vis, data))

    def has(self, e: int, verb: str) -> bool:
        """Whether explorer `e` has a skill ability `verb` and has not lost it to amnesia (§10.6)."""
        sk = self.skill[e]
        return sk >= 0 and verb in self.t.content.skills[sk].abilities and not (self.injuries[e] >> AMNESIA) & 1

    def ability(self, e: int, verb: str) -> dict[str, Any]:
        return self.t.content.skills[self.skill[e]].abilities[verb]

    def held(self, e: int) -> list[int]:
        """Dice explorer `e` holds now: its own not lent away, plus any received (§10.2 item 1)."""
        dh, dv = self.dh, self.dv
        return [i for i in range(self.t.dice) if dh[i] == e and dv[i] > 0]

    def known_held(self, e: int, seat: int) -> tuple[int, ...]:
        """Dice `e` holds whose faces `seat` knows: what that seat may pick from."""
        bit = 1 << seat
        return tuple(i for i in self.held(e) if self.dk[i] & bit)

    def colour(self, die: int) -> str:
        """Colour letter of a die's current face (§17.1)."""
        return self.t.content.die_colours[die % 6][self.dv[die]]

    def value(self, e: int, card: int) -> int:
        """Sum of the valid dice `e` holds under terrain `card`'s requirement (§7.5, §10.2)."""
        if card < 0:
            return 0
        valid = self.t.content.terrain[card].valid
        cols = self.t.content.die_colours
        total = 0
        dh, dv = self.dh, self.dv
        for i in range(self.t.dice):
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
        t = self.t
        if self.phase == MOVE:
            return t.all_seats
        if holder == t.extra:
            return t.all_seats if die % 6 >= 3 else 0
        if holder < 0 or self.radio[holder] == self.phase:
            return t.all_seats
        if t.options["variant"] == "b" and holder == 2 and die // 6 == 2:
            return 1 << t.hands[t.hand_of_die[die]][2]
        return 1 << t.ctrl[holder]

    def explorers_of(self, seat: int) -> list[int]:
        return [e for e in range(self.t.explorers) if self.t.ctrl[e] == seat]

    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        return self.t.seats

    def to_move(self) -> list[int]:
        """Seats that may act now (cached until the next `apply`; do not mutate the list)."""
        tm = self._tm
        if tm is None:
            tm = self._tm = self._to_move()
        return tm

    def _to_move(self) -> list[int]:
        if self.over:
            return []
        if self.chance:
            return [CHANCE]
        if self.frames:
            top = self.frames[-1]
            if top[0] in SIMULTANEOUS:
                seats = []
                for f in reversed(self.frames):
                    if f[0] != top[0]:
                        break
                    if f[1] not in seats:
                        seats.append(f[1])
                return sorted(seats)
            return [top[1]]
        if self.phase in (PLAN, EQUIP):
            return [s for s in range(self.t.seats) if not self.ready[s]]
        if self.phase == REROLL:
            return sorted({self.t.hands[h][2] for h in self._waiting_hands()})
        if self.phase == MOVE and self.mover < 0:
            return sorted({self.t.ctrl[e] for e in range(self.t.explorers) if not self.moved[e]})
        return []

    def _waiting_hands(self) -> list[int]:
        return [h for h in range(len(self.t.hands)) if not self.rr_done[h] and self.rr_sub[h] == -2]

    def _frame_for(self, seat: int) -> int:
        """Index of the frame `seat` answers now, or -1."""
        if not self.frames:
            return -1
        top = self.frames[-1]
        if top[0] not in SIMULTANEOUS:
            return len(self.frames) - 1 if top[1] == seat else -1
        for i in range(len(self.frames) - 1, -1, -1):
            f = self.frames[i]
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
        lc = self._lc
        if lc is not None and lc[0] == seat and type(seat) is int:  # the cache holds a checked seat
            return lc[1]
        if type(seat) is not int or not CHANCE <= seat < self.t.seats:
            check_seat(seat, self.t.seats, chance=True)
        out = self._legal_actions(seat)
        self._lc = (seat, out)
        return out

    def _legal_actions(self, seat: int) -> list[FujiAction]:
        if self.over or seat == CHANCE or seat not in self.to_move():
            return []
        if self.frames:
            return self._frame_actions(self.frames[self._frame_for(seat)])
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
            pend = [c for c in range(len(self.cloc)) if self.cloc[c] == KEEPING - e]
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
            dice = [i for i in self.known_held(e, seat) if a == 0 or self.t.hand_of_die[i] == a - 1 or i // 6 != e]
            return [FujiAction(seat, "reroll", (i,)) for i in dice]
        if kind == F_COLLECT:
            return [FujiAction(seat, "collect"), FujiAction(seat, "skip")]
        if kind == F_BARS:
            return [FujiAction(seat, "bars", (n,)) for n in range(self.bars[e] + 1)]
        if kind == F_PATH:
            return [FujiAction(seat, "path", p) for p in self._paths(e)]
        if kind == F_INJURY:
            return [FujiAction(seat, "injury", (k,)) for k in range(4) if not (self.injuries[e] >> k) & 1]
        if kind == F_LOSE:
            return [FujiAction(seat, "lose", (e * 6 + k,)) for k in range(6)
                    if self.dalive[e * 6 + k] and self.leg[e] != e * 6 + k]
        raise AssertionError(kind)

    def _mark_targets(self, e: int) -> list[int]:
        """Cards `e` may put its destination marker on now (§7.1–§7.3).

        The last card a neighbour without a marker could still choose is kept free for it, so
        neighbours never end up sharing a destination (§7.3).
        """
        t = self.t
        taken = {self.marker[n] for n in t.neighbours[e] if n < t.explorers}
        out = [c for c, _d in geo.reach(t.board, self.lava, self.pos[e], self.allowance(e))
               if c not in taken and c != self.marker[e]]
        for n in t.neighbours[e]:
            if n < t.explorers and self.marker[n] < 0:
                busy = {self.marker[m] for m in t.neighbours[n] if m < t.explorers and m != e}
                left = [c for c, _d in geo.reach(t.board, self.lava, self.pos[n], self.allowance(n)) if c not in busy]
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
                if settled and self.marker[e] >= 0:
                    continue  # placed markers stay once the seat has moved them REMARK_LIMIT times
                targets = self._mark_targets(e)
                out += [_mark(seat, e, c) for c in targets]
                if self.marker[e] < 0 and targets:
                    can_ready = False
        cloc = self.cloc
        held = [c for c in range(len(cloc)) if cloc[c] >= 0 and self.t.ctrl[cloc[c]] == seat] if any(
            x >= 0 for x in cloc) else []
        if held:
            for e in mine:
                out += self._card_uses(seat, e)
            for e in mine:
                if self.has(e, "pass_equipment"):
                    for c in held:
                        if cloc[c] == e:
                            out += [FujiAction(seat, "give", (c, o)) for o in range(self.t.explorers) if o != e]
        out += self._hint_actions(seat)
        if can_ready:
            out.append(FujiAction(seat, "ready"))
        return out

    def _hint_actions(self, seat: int) -> list[FujiAction]:
        """Qualitative hints (§18): a threat to a teammate's destination, one's fit, an intent.

        Each (kind, subject) may be given once per phase, so a window always closes.
        """
        blocked = tuple(k for k in self.hinted if k >> 6 == seat) if self.hinted else ()
        return _open_hints(seat, self.t.explorers, blocked)

    def _usable_cards(self, e: int) -> list[int]:
        """Cards `e` may use this round (§9.4, §9.5)."""
        if (self.injuries[e] >> ARM) & 1:
            return []
        return [c for c in range(len(self.cloc)) if self.cloc[c] == e and self.cusable[c] <= self.round]

    def _card_uses(self, seat: int, e: int) -> list[FujiAction]:
        """Every legal `use` of `e`'s cards in this phase, with every parameter choice (§15)."""
        eq = self.t.content.equipment
        out: list[FujiAction] = []
        for c in self._usable_cards(e):
            sources = [(c, -1)]
            if eq[c].branches[0][0] == "copy_card":
                sources = [(c2, c2) for c2 in range(len(self.cloc)) if self.cloc[c2] >= 0 and c2 != c]
            for src, copied in sources:
                if self.phase not in eq[src].phases:
                    continue
                for b, (verb, params) in enumerate(eq[src].branches):
                    for p in self._use_params(seat, e, verb, params):
                        out.append(FujiAction(seat, "use", (c, copied, b, *p)))
        return out

    def _swappable(self) -> list[int]:
        """Landscape cards Binoculars may swap: face up and empty (§15)."""
        t = self.t
        busy = set(self.pos) | set(self.marker)
        tokens = self.eqtok | self.etok1 | self.etok2
        return [c for c in t.board.landscape if not (self.lava >> c) & 1 and c not in busy and not (tokens >> c) & 1]

    def _use_params(self, seat: int, e: int, verb: str, params: dict[str, Any]) -> list[tuple[int, ...]]:
        t = self.t
        others = [o for o in range(t.explorers) if o != e]
        if verb == "swap_terrain":
            return list(combinations(self._swappable(), 2))
        if verb == "borrow_die":
            return [(o,) for o in others if any(i // 6 == o for i in self.held(o))]
        if verb in ("everyone_rerolls_one", "no_stamina_loss", "movement_bonus", "lower_screen", "reroll"):
            if verb == "no_stamina_loss" and self.first_aid[e]:
                return []
            if verb == "movement_bonus" and self.flare[e]:
                return []
            if verb == "lower_screen" and self.radio[e] == self.phase:
                return []
            if verb == "reroll" and not self.known_held(e, seat):
                return []
            return [()]
        if verb == "lend_die":
            own = [i for i in self.known_held(e, seat) if i // 6 == e]
            return [(i, o) for i in own for o in others]
        if verb == "turn_over":
            showing = tuple(i for i in self.known_held(e, seat) if self.dv[i] == params["face"])
            return [a.args for a in _subsets(seat, showing, "turn")]
        if verb == "set_aside":
            dice = self.known_held(e, seat)
            return [combo for r in range(1, params["max"] + 1) for combo in combinations(dice, r)]
        if verb == "set_face":
            return [(i, f) for i in self.known_held(e, seat) for f in range(1, 7) if f != self.dv[i]]
        if verb == "step_now":
            return [(c,) for c in t.board.adjacent[self.pos[e]] if geo._open(t.board, self.lava, c)]
        if verb == "grant_reroll":
            return [(o,) for o in others if self.held(o)]
        raise AssertionError(verb)

    def _reroll_actions(self, seat: int) -> list[FujiAction]:
        """Phase 3 (§8.3): reroll a subset or stop; a Buddy may also set one die aside (§14)."""
        for h in self._waiting_hands():
            e, slots, hs = self.t.hands[h]
            if hs != seat:
                continue
            out: list[FujiAction] = []
            dice = tuple(i for i in self.known_held(e, seat) if i // 6 != e or i % 6 in slots)
            if self.rr_left[h] > 0:
                out += _subsets(seat, dice, "reroll")
            if self.has(e, "set_die_aside") and not self.buddy[e]:
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
        c = self.t.content
        if kind == C_SKILL:
            taken = set(self.skill)
            opts = [i for i, s in enumerate(c.skills) if i not in taken
                    and (s.dice == 6 or not (self.t.options["variant"] == "b" and arg == 2))]
            return [(FujiAction(CHANCE, "skill", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_CHAR:
            taken = set(self.char)
            opts = [i for i in range(len(c.characters)) if i not in taken]
            return [(FujiAction(CHANCE, "character", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_PLACE:
            want = "village" if self.t.board.is_village(arg) else "landscape"
            used = set(self.card_at)
            opts = [i for i, tc in enumerate(c.terrain) if tc.kind == want and i not in used]
            return [(FujiAction(CHANCE, "place", (arg, i)), 1 / len(opts)) for i in opts]
        if kind == C_DRAW:
            bag = [i for i in range(len(self.cloc)) if self.cloc[i] == BAG]
            if bag:
                return [(FujiAction(CHANCE, "draw", (arg, i)), 1 / len(bag)) for i in bag]
            return [(FujiAction(CHANCE, "draw", (arg, self.bottom[0] // 8)), 1.0)]
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
                        and 0 <= args[1] < len(self.t.content.terrain) and args[1] not in self.card_at \
                        and self.t.content.terrain[args[1]].kind == ("village" if self.t.board.is_village(arg)
                                                                     else "landscape"):
                    return
                if kind == C_DRAW and verb == "draw" and args[0] == arg \
                        and 0 <= args[1] < len(self.cloc) and self.cloc[args[1]] == BAG:
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
        if self.frames:
            return {F_KEEP: "§3.2", F_LEAVE: "§17.1", F_STARTS: "§17.6 item 9", F_REROLL: "§15", F_GRANT: "§15",
                    F_LEND: "§15", F_CARAB: "§15", F_COLLECT: "§10.3", F_BARS: "§14", F_PATH: "§17.6 item 1",
                    F_INJURY: "§10.6", F_LOSE: "§10.6"}[self.frames[-1][0]]
        return {SETUP: "§3", ROLL: "§6", PLAN: "§7", REROLL: "§8", EQUIP: "§9", MOVE: "§10", ERUPT: "§11"}[self.phase]

    def _rule_for(self, act: FujiAction) -> str:
        if self.frames:
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
                self.marker[act.args[0]] >= 0)

    def _explain(self, act: FujiAction) -> str:
        """Why an action is illegal now, in words (the § comes from `_rule_for`)."""
        v = act.verb
        if self.frames:
            f = self.frames[self._frame_for(act.seat)]
            return f"{act} does not answer the pending {FRAME_NAMES[f[0]]} decision"
        if v == "mark" and self.phase == PLAN:
            e, cell = act.args
            if e not in self.explorers_of(act.seat):
                return f"seat {act.seat} does not place meeple {e}'s marker"
            if self._remark_refused(act):
                return (f"seat {act.seat} has moved its placed markers {self.remarks[act.seat]} times in this "
                        f"phase 2, the most a seat may ({REMARK_LIMIT}, an engine limit so planning ends): "
                        f"meeple {e}'s marker stays on {cell_name(self.marker[e])}")
            if any(self.marker[n] == cell for n in self.t.neighbours[e] if n < self.t.explorers):
                return f"a neighbour's marker is already on {cell_name(cell)}; neighbours may not share a destination"
            if cell in [c for c, _d in geo.reach(self.t.board, self.lava, self.pos[e], self.allowance(e))]:
                return (f"{cell_name(cell)} is the only card a neighbour can still choose; neighbours may not "
                        "share a destination")
            return f"{cell_name(cell)} is not a card meeple {e} can reach within {self.allowance(e)} steps"
        if v == "ready" and self.phase == PLAN:
            return "place your destination marker before you are ready"
        if v == "use":
            if not 0 <= act.args[0] < len(self.cloc):
                return f"{act} names no equipment card"
            card = self.t.content.equipment[act.args[0]]
            e = self.cloc[act.args[0]]
            if e < 0 or self.t.ctrl[e] != act.seat:
                return f"you do not hold {card.id}"
            if (self.injuries[e] >> ARM) & 1:
                return "a broken arm stops you using equipment (§10.6)"
            if self.cusable[act.args[0]] > self.round:
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
        self._lc = None
        self._tm = None
        if a.seat == CHANCE:
            self._apply_chance(a)
        elif self.frames:
            i = self._frame_for(a.seat)
            frame = self.frames.pop(i)
            self._answer_frame(frame, a)
        else:
            getattr(self, "_do_" + a.verb)(a)
        self._advance()

    def _apply_chance(self, a: FujiAction) -> None:
        kind, arg = self.chance.pop(0)
        c = self.t.content
        if a.verb == "roll":
            die, v = a.args
            self.dv[die] = v
            mask = self.screen_mask(self.dh[die], die)
            self.dk[die] = mask
            if mask:
                self._log("roll", f"{die_label(-9, die)} shows {self.colour(die)}{v}", mask, die=die, value=v)
        elif a.verb == "skill":
            self.skill[a.args[0]] = a.args[1]
            self._log("setup", f"meeple {a.args[0]} is the {c.skills[a.args[1]].name}")
        elif a.verb == "character":
            self.char[a.args[0]] = a.args[1]
            self._log("setup", f"meeple {a.args[0]} is {c.characters[a.args[1]]['name']}")
        elif a.verb == "place":
            cell, card = a.args
            self.card_at = self.card_at[:]  # shared with clones: copy on write
            self.card_at[cell] = card
        elif a.verb == "draw":
            e, card = a.args
            if self.cloc[card] == BOTTOM:
                self.bottom = [x for x in self.bottom if x // 8 != card]
            if self.phase == SETUP:
                sk = c.skills[self.skill[e]]
                self.cloc[card] = KEEPING - e if sk.keep < sk.draw else e
                self.cusable[card] = 1
                if sk.keep < sk.draw:
                    self._log("draw", f"meeple {e} draws {c.equipment[card].name}", 1 << self.t.ctrl[e], card=card)
                else:
                    self._log("reveal", f"meeple {e} takes {c.equipment[card].name}", card=card)
            else:
                self.cloc[card] = e
                self.cusable[card] = self.round + 1
                self._log("reveal", f"meeple {e} draws {c.equipment[card].name} (usable from next round, §9.4)",
                          card=card)
        del kind, arg

    # --- setup (§3) -------------------------------------------------------------------
    def _setup_next(self) -> None:
        t = self.t
        c = t.content
        o = t.options
        if self.sstep == 0:
            for name, arr, ids, kind in (("skills", self.skill, [s.id for s in c.skills], C_SKILL),
                                         ("characters", self.char, [x["id"] for x in c.characters], C_CHAR)):
                for e in range(t.explorers):
                    if o[name]:
                        arr[e] = ids.index(o[name][e]) if e < len(o[name]) else -1
                    elif e < len(ids):
                        self.chance.append((kind, e))
            self.sstep = 1
        elif self.sstep == 1:
            for e in range(t.explorers):
                if c.skills[self.skill[e]].dice == 5:
                    self.dalive[e * 6 + c.default_left_out] = 0
            b = t.board
            self.chance += [(C_PLACE, cell) for cell in b.villages]
            self.chance += [(C_PLACE, cell) for cell in b.landscape]
            self.sstep = 2
            self.scur = 0
        elif self.sstep == 2:
            if self.scur >= t.explorers:
                self.sstep = 3
                return
            e = self.scur
            sk = c.skills[self.skill[e]]
            if any(self.cloc[x] == KEEPING - e for x in range(len(self.cloc))):
                self.frames.append((F_KEEP, t.ctrl[e], e, sk.keep, 0))
                self.scur += 1
            elif any(self.cloc[x] == e for x in range(len(self.cloc))):
                self.scur += 1
            else:
                self.chance += [(C_DRAW, e)] * sk.draw
                if sk.keep == sk.draw:
                    self.scur += 1
        elif self.sstep == 3:
            for e in reversed(range(t.explorers)):
                if c.skills[self.skill[e]].dice == 5:
                    self.frames.append((F_LEAVE, t.ctrl[e], e, 0, 0))
            self.sstep = 4
        elif self.sstep == 4:
            if t.explorers == 4:
                self.frames.append((F_STARTS, 0, -1, 0, 0))
            self.sstep = 5
        else:
            b = t.board
            for e in range(t.explorers):
                self.pos[e] = b.grey_start if (t.explorers == 4 and e not in self.starts) else b.white_start
            for cell in b.equipment_tokens:
                self.eqtok |= 1 << cell
            for cell in b.eruption_tokens:
                if o["extra_thrill"] and cell == b.thrill:
                    self.etok2 |= 1 << cell
                else:
                    self.etok1 |= 1 << cell
            self._log("setup", f"scenario {b.scenario} {b.name}, level {o['level']}; the climb begins")
            self._start_round()

    # --- round flow ---------------------------------------------------------------------
    def _start_round(self) -> None:
        """§6: every die in play is rolled behind its screen (variant A's hidden half waits, §13.1)."""
        self.round += 1
        self.phase = ROLL
        t = self.t
        for i in range(t.dice):
            if self.dalive[i] and not (i // 6 == t.extra and i % 6 < 3):
                self.chance.append((C_ROLL, i))
            elif i // 6 == t.extra:
                self.dv[i] = 0
        self._log("phase", f"round {self.round}: phase 1, everyone rolls")

    def _open_window(self, phase: int) -> None:
        self.phase = phase
        self.ready = [0] * self.t.seats
        self.hinted = []
        self._log("phase", f"round {self.round}: phase {PHASE_NAMES[phase]}")

    def _lock_markers(self) -> None:
        """End of phase 2: markers bind (§7.3) and reroll counts follow (§8.1, §8.2)."""
        t = self.t
        self.phase = REROLL
        self.remarks = [0] * t.seats
        for e in range(t.explorers):
            if self.marker[e] < 0:
                self.marker[e] = self.pos[e]
        for h, (e, _slots, _seat) in enumerate(t.hands):
            dist = geo.distance(t.board, self.lava, self.pos[e], self.marker[e])
            base = self.reroll_count(e, dist, self.card_at[self.marker[e]])
            self.rr_left[h] = self.rr_ent[h] = base
            self.rr_sub[h] = -2
            self.rr_done[h] = int(base == 0 and not (self.has(e, "set_die_aside") and not self.buddy[e]))
        self._log("phase", f"round {self.round}: phase 3, rerolls (no talking)",
                  rerolls={str(h): self.rr_left[h] for h in range(len(t.hands))})  # JSON keys are text

    def reroll_count(self, e: int, dist: int, card: int) -> int:
        """Phase-3 rerolls of meeple `e` for a destination `dist` steps away showing terrain `card`.

        §8.1: 2 to stay, 1 at distance 1–2, 0 at 3, +1 for the reroll symbol; §8.2: an eye injury
        removes those, the Survivalist adds a skill reroll; §14: a Scout going 4 gets none at all.
        """
        base = {0: 2, 1: 1, 2: 1}.get(dist, 0)
        if 0 <= dist < 4 and card >= 0 and self.t.content.terrain[card].extra_reroll:
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
        for h, sub in enumerate(self.rr_sub):
            if self.rr_done[h] or sub == -2:
                continue
            e = self.t.hands[h][0]
            if sub == -1:
                self.rr_done[h] = 1
            else:
                self.rr_left[h] -= 1
                self.chance += [(C_ROLL, i) for i in range(self.t.dice) if (sub >> i) & 1]
                if self.rr_left[h] == 0 and not (self.has(e, "set_die_aside") and not self.buddy[e]):
                    self.rr_done[h] = 1
            self.rr_sub[h] = -2

    def _end_rerolls(self) -> None:
        """§14 Gatherer: a power bar for each phase-3 reroll entitled and not taken (at most 3)."""
        for e in range(self.t.explorers):
            if self.has(e, "power_bars"):
                hands = [h for h, hand in enumerate(self.t.hands) if hand[0] == e]
                unused = min(self.rr_left[h] for h in hands)
                cap = self.ability(e, "power_bars")["max"]
                if unused:
                    self.bars[e] = min(cap, self.bars[e] + unused)
                    self._log("bars", f"meeple {e} now holds {self.bars[e]} power bars")
        self._open_window(EQUIP)

    def _reveal(self) -> None:
        """§10.1: screens come down; variant A's hidden half is rolled now (§13.1)."""
        self.phase = MOVE
        t = self.t
        for i in range(t.dice):
            if self.dv[i]:
                self.dk[i] = t.all_seats
        if t.extra >= 0:
            self.chance += [(C_ROLL, t.extra * 6 + k) for k in range(3)]
        shown = {e: [f"{self.colour(i)}{self.dv[i]}" for i in self.held(e)] for e in range(t.explorers)}
        self._log("reveal", "screens down: " + "; ".join(f"meeple {e}: {' '.join(d)}" for e, d in shown.items()),
                  dice={str(e): d for e, d in shown.items()})
        self.moved = [0] * t.explorers
        self.mover = -1

    def _erupt(self) -> None:
        """One eruption (§11.1, §11.2): flip every face-up landscape or rubble card next to lava."""
        b = self.t.board
        front = geo.eruption_front(b, self.lava)
        self.lava |= front
        self.eqtok &= ~front
        self.etok1 &= ~front
        self.etok2 &= ~front
        flipped = [cell_name(c) for c in b.cells if (front >> c) & 1]
        self._log("eruption", "lava flows onto " + (", ".join(flipped) or "nothing new"), cells=flipped)
        for e in range(self.t.explorers):
            if self.phase == PLAN and self.marker[e] >= 0 and (
                    (front >> self.marker[e]) & 1 or self.marker[e] not in
                    [c for c, _ in geo.reach(b, self.lava, self.pos[e], self.allowance(e))]):
                self.marker[e] = -1  # markers still move in phase 2: one cut off by lava must be placed again
            if (front >> self.pos[e]) & 1:
                self._lose(f"lava reached meeple {e} on {cell_name(self.pos[e])}", "§12.1", "lava")

    def _lose(self, reason: str, rule: str, code: str) -> None:
        if not self.over:
            self.over = 1 + END_CODES.index(code)
            self.reason = f"{reason} ({rule})"
            self._log("end", f"defeat: {reason}")

    def _check_victory(self) -> None:
        """§12.2: the team wins the moment every meeple stands on a village card."""
        if not self.over and all(self.t.board.is_village(p) for p in self.pos):
            self.over = 1
            self.reason = "every meeple reached the village (§12.2)"
            self._log("end", f"victory with {self.victory_points()} points: {rating(self.victory_points())}")

    def _walk(self, e: int, path: tuple[int, ...]) -> None:
        """Move along `path` (§10.2 item 5): tokens crossed erupt after the move and any draw (§10.4)."""
        self.pos[e] = path[-1]
        for cell in path:
            bit = 1 << cell
            if self.etok1 & bit:
                self.erupt_due += 1
                self.etok1 &= ~bit
            elif self.etok2 & bit:
                self.erupt_due += 2
                self.etok2 &= ~bit
        self._log("move", f"meeple {e} walks to {cell_name(path[-1])}", path=[cell_name(c) for c in path])
        self._check_victory()
        if self.over:
            return
        end = 1 << path[-1]
        if self.eqtok & end:
            self.eqtok &= ~end
            self.frames.append((F_COLLECT, self.t.ctrl[e], e, 0, 0))
        reachable = geo.reach(self.t.board, self.lava, self.pos[e], self.allowance(e))
        if self.phase == PLAN and self.marker[e] >= 0 and self.marker[e] not in [c for c, _ in reachable]:
            self.marker[e] = -1

    def _advance(self) -> None:
        """Run automatic steps until a chance point, a decision, or the end."""
        t = self.t
        while not self.over and not self.chance and not self.frames:
            if self.erupt_due:
                self.erupt_due -= 1
                self._erupt()
                continue
            ph = self.phase
            if ph == SETUP:
                self._setup_next()
            elif ph == ROLL:
                self._open_window(PLAN)
                self.marker = [-1] * t.explorers
            elif ph == PLAN:
                if any(not r for r in self.ready):
                    return
                self._lock_markers()
            elif ph == REROLL:
                if self._waiting_hands():
                    return
                if any(s != -2 for s in self.rr_sub):
                    self._resolve_reroll_step()
                    continue
                if all(self.rr_done):
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
        for e in range(self.t.explorers):
            if self.leg[e] >= 0:
                d = self.leg[e]
                self.dalive[d] = 0
                self.dv[d] = 0
                self.leg[e] = -1
        self.phase = ERUPT
        self._log("phase", f"round {self.round}: phase 6, the volcano erupts")

    def _cleanup(self) -> None:
        """§11.5: dice go home, set-aside dice return, round effects end."""
        t = self.t
        self.dh = [i // 6 for i in range(t.dice)]
        n = t.explorers
        self.first_aid = [0] * n
        self.flare = [0] * n
        self.radio = [0] * n
        self.roped = [0] * n
        self.buddy = [0] * n
        self.moved = [0] * n
        self.marker = [-1] * n

    # --- phase 5 turns (§10.2–§10.7) ----------------------------------------------------------
    def _turn_step(self) -> None:
        m = self.mover
        t = self.t
        if self.tstep == T_START:
            self.tstep = T_COMPARE
            for g in range(t.explorers):
                if self.has(g, "power_bars") and self.bars[g] > 0:
                    self.frames.append((F_BARS, t.ctrl[g], g, m, 0))
        elif self.tstep == T_COMPARE:
            self.tstep = T_STAMINA
            self._compare(m)
        elif self.tstep == T_STAMINA:
            self.tstep = T_END
            self._stamina(m)
        else:
            self.moved[m] = 1
            self.mover = -1
            self.tstep = T_NONE

    def movement_values(self, m: int) -> tuple[int, list[tuple[int, int]]]:
        """(mover's value with modifiers, [(neighbour, value)]) under the mover's requirement (§10.2)."""
        card = self.card_at[self.marker[m]]
        own = self.value(m, card) + self.flare[m] + self.spent
        return own, [(n, self.value(n, card)) for n in self.t.neighbours[m]]

    def _compare(self, m: int) -> None:
        """§10.2 Step A: success only if the mover beats each neighbour; a tie fails."""
        own, nbs = self.movement_values(m)
        best = max(v for _, v in nbs)
        ok = own > best
        self.turn_ok = int(ok)
        self.turn_d = own - best if ok else 0
        self._log("compare", f"meeple {m} scores {own} against " +
                  ", ".join(f"meeple {n}: {v}" for n, v in nbs) + (" and succeeds" if ok else " and fails"),
                  mover=m, value=own, neighbours={str(n): v for n, v in nbs}, success=ok)
        dest = self.marker[m]
        if ok and dest != self.pos[m]:
            options = self._paths(m)
            if len(options) == 1:
                self._walk(m, options[0])
            elif options:
                self.frames.append((F_PATH, self.t.ctrl[m], m, 0, 0))
            else:
                self._log("move", f"meeple {m} cannot reach {cell_name(dest)} any more and stays (§17.6 item 2)")
        self.spent = 0

    def _paths(self, m: int) -> tuple[tuple[int, ...], ...]:
        """Legal paths to the destination: ≤ 3 steps (4 for a Scout marked at 4), or the shortest after Rope (§17.6)."""
        b, lava, start, dest = self.t.board, self.lava, self.pos[m], self.marker[m]
        if self.roped[m]:
            return geo.paths(b, lava, start, dest, 0, shortest_only=True)
        limit = 3
        if self.allowance(m) > 3 and geo.distance(b, lava, start, dest) == self.allowance(m):
            limit = self.allowance(m)
        return geo.paths(b, lava, start, dest, limit)

    def _stamina(self, m: int) -> None:
        """§10.5 Step B with injuries (§10.6) and exhaustion (§10.7)."""
        self.marker[m] = -1
        loss = 0 if self.first_aid[m] else self.t.level_loss[min(self.turn_d, 12)]
        old = self.stamina[m]
        new = min(old + loss, self.t.content.exhaustion)
        self.stamina[m] = new
        self._log("stamina", f"meeple {m} loses {loss} stamina ({old} → {new})", mover=m, loss=loss)
        if new >= self.t.content.exhaustion:
            self._lose(f"meeple {m} is exhausted", "§10.7", "exhausted")
            return
        for space in self.t.content.injury_spaces:
            if old < space <= new and self.injuries[m] != 15:
                self.frames.append((F_INJURY, self.t.ctrl[m], m, 0, 0))

    # --- frame answers ----------------------------------------------------------------
    def _answer_frame(self, f: tuple[int, ...], a: FujiAction) -> None:
        kind, seat, e, x, _y = f
        c = self.t.content
        if kind == F_KEEP:
            keep = set(a.args)
            for card in range(len(self.cloc)):
                if self.cloc[card] == KEEPING - e:
                    if card in keep:
                        self.cloc[card] = e
                    else:
                        self.cloc[card] = BOTTOM
                        self.bottom.append(card * 8 + seat)
            self._log("reveal", f"meeple {e} keeps " + ", ".join(c.equipment[k].name for k in a.args) +
                      "; the rest go under the pile", cards=list(a.args))
        elif kind == F_LEAVE:
            base = e * 6
            for k in range(6):
                self.dalive[base + k] = int(base + k != a.args[0])
            self._log("setup", f"meeple {e} leaves die {a.args[0] % 6 + 1} in the box")
        elif kind == F_STARTS:
            self.starts = list(a.args)
            self._log("setup", f"meeples {a.args[0]} and {a.args[1]} start on the white card")
        elif kind in (F_REROLL, F_GRANT):
            if a.verb == "reroll":
                self._reroll(a.args)
                if kind == F_REROLL and x > 1:
                    self.frames.append((kind, seat, e, x - 1, 0))
            self._log("reroll", f"seat {seat}: {a}", 1 << seat)
        elif kind == F_LEND:
            if a.verb == "lend":
                d = a.args[0]
                self.dh[d] = x
                self.dk[d] |= self.screen_mask(x, d) | (1 << seat)
                self._log("lend", f"meeple {e} lends a die to meeple {x}")
                self._log("reveal", f"die {die_label(-9, d)} ({self.colour(d)}{self.dv[d]}) goes to meeple {x}",
                          self.dk[d])
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
            self.bars[e] -= n
            self.spent += n
            if n:
                self._log("bars", f"meeple {e} spends {n} power bars for meeple {x}")
        elif kind == F_PATH:
            self._walk(e, a.args)
        elif kind == F_INJURY:
            k = a.args[0]
            self.injuries[e] |= 1 << k
            self._log("injury", f"meeple {e} suffers: {c.injuries[k]['name']}", injury=INJURY_IDS[k])
            if k == LEG:
                self.frames.append((F_LOSE, seat, e, 0, 0))
            if k == AMNESIA and self.skill[e] >= 0 and "double_use" in c.skills[self.skill[e]].abilities:
                for card in range(len(self.cloc)):
                    if self.cloc[card] == e and self.ctap[card]:
                        self.cloc[card] = DISCARD
                        self.ctap[card] = 0
        elif kind == F_LOSE:
            self.leg[e] = a.args[0]
            self._log("injury", f"meeple {e} will lose die {a.args[0] % 6 + 1} after everyone's stamina step")

    def _reroll(self, dice: tuple[int, ...]) -> None:
        self.chance += [(C_ROLL, i) for i in dice]

    # --- window actions (§7, §9) ---------------------------------------------------------
    def _do_mark(self, a: FujiAction) -> None:
        e, cell = a.args
        if self.marker[e] >= 0:
            self.remarks[a.seat] += 1  # moving a placed marker counts; placing one does not (decision 0011)
        self.marker[e] = cell
        self._log("mark", f"meeple {e} marks {cell_name(cell)}", explorer=e, cell=cell_name(cell))

    def _do_ready(self, a: FujiAction) -> None:
        self.ready[a.seat] = 1
        self._log("ready", f"seat {a.seat} is ready")

    def _do_hint(self, a: FujiAction) -> None:
        kind, subj, lv = a.args
        self.hinted.append(a.seat * 64 + kind * 8 + subj + 1)
        level = HINT_LEVELS[kind][lv]
        text = {0: f"seat {a.seat}: threat from my dice to meeple {subj}'s destination: {level}",
                1: f"seat {a.seat}: my roll fits my destination: {level}",
                2: f"seat {a.seat}: " + ("I'll reroll to help you" if level == "help" else "I can use a card")}[kind]
        self._log("hint", text, seat=a.seat, hint=HINT_KINDS[kind], subject=subj, level=level, round=self.round)

    def _do_give(self, a: FujiAction) -> None:
        card, to = a.args
        self.cloc[card] = to
        self.ready[self.t.ctrl[to]] = 0
        self._log("give", f"{self.t.content.equipment[card].name} passes to meeple {to}")

    def _do_go(self, a: FujiAction) -> None:
        self.mover = a.args[0]
        self.tstep = T_START
        self.spent = 0
        self._log("turn", f"meeple {self.mover} takes its turn")

    def _do_reroll(self, a: FujiAction) -> None:
        h = self._hand_for(a.seat)
        mask = 0
        for i in a.args:
            mask |= 1 << i
        self.rr_sub[h] = mask
        self._log("reroll", f"seat {a.seat} rerolls {len(a.args)} dice", 1 << a.seat, dice=list(a.args))
        self._log("submit", f"seat {a.seat} has chosen")

    def _do_stop(self, a: FujiAction) -> None:
        self.rr_sub[self._hand_for(a.seat)] = -1
        self._log("submit", f"seat {a.seat} stops rerolling")

    def _do_aside(self, a: FujiAction) -> None:
        h = self._hand_for(a.seat)
        e = self.t.hands[h][0]
        d = a.args[0]
        self.buddy[e] = 1
        self.dh[d] = -1
        self.dk[d] = self.t.all_seats
        if self.rr_left[h] == 0:
            self.rr_done[h] = 1
        self._log("reveal", f"meeple {e} sets aside {self.colour(d)}{self.dv[d]} (§14)", die=d)

    def _hand_for(self, seat: int) -> int:
        return next(h for h in self._waiting_hands() if self.t.hands[h][2] == seat)

    def _do_use(self, a: FujiAction) -> None:
        """Use an equipment card (§9.2): resolve its verb, then tap or discard it (§14 Tinkerer)."""
        t = self.t
        eq = t.content.equipment
        card, copied, branch = a.args[0], a.args[1], a.args[2]
        params = a.args[3:]
        e = self.cloc[card]
        src = eq[copied] if copied >= 0 else eq[card]
        verb, vparams = src.branches[branch]
        if self.has(e, "double_use") and not self.ctap[card]:
            self.ctap[card] = 1
        else:
            self.cloc[card] = DISCARD
            self.ctap[card] = 0
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
            self.frames.append((F_LEND, t.ctrl[o], o, e, 0))
        elif verb == "everyone_rerolls_one":
            for o in reversed(range(t.explorers)):
                if t.options["variant"] == "b" and o == 2:
                    half = next(h for h, hand in enumerate(t.hands) if hand[0] == 2 and hand[2] == seat)
                    if self.known_held(o, seat):
                        self.frames.append((F_CARAB, seat, o, half + 1, 0))
                elif self.known_held(o, t.ctrl[o]):
                    self.frames.append((F_CARAB, t.ctrl[o], o, 0, 0))
        elif verb == "lend_die":
            d, o = params
            self.dh[d] = o
            self.dk[d] |= self.screen_mask(o, d)
            self._log("reveal", f"die {die_label(-9, d)} ({self.colour(d)}{self.dv[d]}) goes to meeple {o}", self.dk[d])
        elif verb == "turn_over":
            for d in params:
                self.dv[d] = 7 - self.dv[d]
        elif verb == "set_aside":
            for d in params:
                self.dh[d] = -1
                self.dk[d] = t.all_seats
            self._log("reveal", f"meeple {e} sets aside " + " ".join(f"{self.colour(d)}{self.dv[d]}" for d in params))
        elif verb == "lower_screen":
            self.radio[e] = self.phase
            for d in self.held(e):
                self.dk[d] = t.all_seats
            self._log("reveal", f"meeple {e}'s screen is down: " +
                      " ".join(f"{self.colour(d)}{self.dv[d]}" for d in self.held(e)))
        elif verb == "no_stamina_loss":
            self.first_aid[e] = 1
        elif verb == "set_face":
            d, face = params
            self.dv[d] = face
        elif verb == "step_now":
            if self.phase == EQUIP:
                self.roped[e] = 1
            self._walk(e, (params[0],))
        elif verb == "movement_bonus":
            self.flare[e] = vparams["amount"]
        elif verb == "reroll":
            self.frames.append((F_REROLL, seat, e, vparams["times"], 0))
        elif verb == "grant_reroll":
            o = params[0]
            self.frames.append((F_GRANT, t.ctrl[o], o, 0, 0))
        else:
            raise AssertionError(verb)
        if verb in ("turn_over", "set_face"):
            for d in params[:1] if verb == "set_face" else params:
                self.dk[d] = self.screen_mask(self.dh[d], d)

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return bool(self.over)

    def victory_points(self) -> int:
        """§12.4: 4 per player (each meeple in variant B), −1 per injury, +1 per unused card."""
        injuries = sum(bin(m).count("1") for m in self.injuries)
        unused = sum(1 for c in range(len(self.cloc)) if self.cloc[c] >= 0 and not self.ctap[c])
        return 4 * self.t.explorers - injuries + unused

    def outcome(self) -> Outcome:
        if not self.over:
            raise IllegalAction("the game is not over")
        won = self.over == 1
        vp = self.victory_points() if won else 0
        reason = self.reason
        return Outcome(
            tuple(SeatResult(won, vp, reason, END_CODES[self.over - 1]) for _ in range(self.t.seats)),
            {"won": won, "victory_points": vp, "rating": rating(vp) if won else "", "rounds": self.round,
             "reason": reason},
        )

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (§18): own dice, public dice, board, tracks, cards, hints; None: the public."""
        from .view import observe

        if seat is not None:
            check_seat(seat, self.t.seats)
        return observe(self, seat)

    def resample(self, seat: int, rng: RandomLike) -> FujiState:
        """A copy where everything `seat` has not seen is drawn again from `rng` (§18, architecture §2).

        Redrawn: the copy's own RNG (so its next chance outcome is not the real one), every die face the
        seat has not seen, the cards in the pile, other meeples' keep choices and their cards under the
        pile, and the dice another seat chose to reroll in a phase-3 step that has not resolved (that it
        rerolls rather than stops is public, §8.3; which dice is not). Every reveal is kept: a face the
        seat saw, a card shown, the log lines it may read.
        """
        check_seat(seat, self.t.seats)
        if not callable(getattr(rng, "randrange", None)):
            raise OutlastError(f"resample needs a random source with randrange(stop), not {shown(rng)}")
        c = self.clone()
        c._lc = None  # faces change below: cached legal actions may depend on them
        c.events = [ev for ev in c.events if ev.visible(seat)]  # other seats' private lines hold true faces
        c.rng_state = seed_state(rng.randrange(1 << 62))
        bit = 1 << seat
        for i in range(c.t.dice):
            if c.dv[i] and not c.dk[i] & bit:
                c.dv[i] = rng.randrange(6) + 1
        # phase 3: another seat's submitted reroll names dice this seat has not seen chosen (§8.3)
        for h, (e, hand_slots, hand_seat) in enumerate(c.t.hands):
            if hand_seat != seat and c.rr_sub[h] >= 0:
                dice = [i for i in c.known_held(e, hand_seat) if i // 6 != e or i % 6 in hand_slots]
                mask = 0
                while dice and not mask:
                    for i in dice:
                        if rng.randrange(2):
                            mask |= 1 << i
                c.rr_sub[h] = mask or c.rr_sub[h]
        # cards: the bag, other explorers' keep choices and others' cards under the pile are unknown
        ctrl = c.t.ctrl
        slots: list[tuple[str, int]] = []
        pool: list[int] = []
        for card in range(len(c.cloc)):
            loc = c.cloc[card]
            if loc == BAG or (loc <= KEEPING and ctrl[KEEPING - loc] != seat):
                slots.append(("loc", loc))
                pool.append(card)
        for j, entry in enumerate(c.bottom):
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
                c.cloc[card] = val
            else:
                c.bottom[val] = card * 8 + c.bottom[val] % 8
                c.cloc[card] = BOTTOM
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
