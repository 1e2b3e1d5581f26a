"""The Fuji state (fuji.md §3–§13): the table's data, and the entry points of the contract.

The state holds flat data — lists of ints, bitmasks of cells, the shared `Table` — and a stack of
pending decisions (architecture §2), so clone, save and replay work in the middle of any resolution.
The rules live in one module per chapter of the rulebook, as functions of the state: `setup` (§3),
`rounds` (§5), `rolling` (§6), `planning` (§7), `rerolls` (§8), `equipment` (§9, §15), `movement`
(§10), `eruption` (§11), `scoring` (§12); `decisions` lists the kinds of pending decision and
`refusals` says why an action is illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from outlast.core.rng import RandomLike, game_state, peek_below

from . import (
    abilities,
    decisions,
    document,
    equipment,
    fields,
    movement,
    planning,
    refusals,
    rerolls,
    rolling,
    rounds,
    scoring,
    setup,
)
from .actions import END_CODES, FujiAction
from .decisions import FujiDecision
from .table import Table
from .terms import (
    BAG,
    DEAL_CHARACTER,
    DEAL_SKILL,
    DRAW_EQUIPMENT,
    EQUIP,
    MOVE,
    PLACE_TERRAIN,
    PLAN,
    REROLL,
    ROLL_DIE,
    SETUP,
    TURN_NONE,
)

_ACTS: dict[str, Callable[[FujiState, FujiAction], None]] = {
    "mark": planning.do_mark, "ready": planning.do_ready, "hint": planning.do_hint, "give": equipment.do_give,
    "use": equipment.do_use, "reroll": rerolls.do_reroll, "stop": rerolls.do_stop, "aside": rerolls.do_aside,
    "go": movement.do_go,
}
"""What each verb a seat plays outside a pending decision does."""

_CLONE = fields.DECLARATION.clone

_CHANCE_MOVES = [CHANCE]
"""`to_move` at a chance point: one list for every state (callers never mutate what `to_move` returns)."""

_SKILL_ANSWERS: dict[tuple[int, int, str, int], int] = {}
"""`FujiState.modifier`'s answers by (content id, skill, query, base): the content never changes."""


class FujiState(State):
    """One Fuji game in progress. Create it with `load_game("fuji").new_game(...)`."""

    __slots__ = fields.SLOTS

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
    decisions: list[FujiDecision]
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

    # ------------------------------------------------------------------ construction
    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> FujiState:
        s = cls.__new__(cls)
        s.game = game
        s.table = table
        s.events = []
        s.rng_state = game_state(seed)
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
        s.turn_step = TURN_NONE
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
        rounds.advance(self)

    def clone(self) -> FujiState:
        """Copy every list; the table, content and board are shared (generated from `fields.DECLARATION`)."""
        return _CLONE(self)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ small queries
    def log(self, kind: str, text: str, visible: int | None = None, **data: Any) -> None:
        """Append an event; `visible` is a seat bitmask (None: everyone). A `reveal` marks the action as revealing."""
        if kind == "reveal":
            self.revealed = True
        vis = None
        if visible is not None and visible != self.table.all_seats:
            vis = frozenset(s for s in range(self.table.seats) if (visible >> s) & 1)
        self.events.append(Event(kind, text, vis, data))

    def modifier(self, e: int, query: str, base: int) -> int:
        """The answer of meeple `e`'s skill to a modifier query (`abilities`), from the rules' `base`.

        A meeple without a skill, or whose skill is lost to amnesia (§10.6), answers `base`.
        """
        skill = self.skill[e]
        if skill < 0 or (self.injuries[e] and not self.injury_modifier(e, abilities.SKILL_KEPT, 1)):
            return base
        content = self.table.content
        key = (id(content), skill, query, base)
        hit = _SKILL_ANSWERS.get(key)
        if hit is None:  # `abilities.answer` caches too; this copy saves its call on the hot path
            hit = _SKILL_ANSWERS[key] = abilities.answer(content, skill, query, base)
        return hit

    def injury_modifier(self, e: int, query: str, base: int) -> int:
        """The answer of meeple `e`'s injuries to a modifier query (`abilities`), from the rules' `base` (§10.6)."""
        injuries = self.injuries[e]
        return abilities.injury_answer(self.table.content, injuries, query, base) if injuries else base

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
        return self.modifier(e, abilities.STEPS, 3)

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
        """The meeples `seat` decides for (variant B: seat 0 also plays the shared third meeple, §13.2)."""
        ctrl = self.table.ctrl
        return [e for e in range(self.table.explorers) if ctrl[e] == seat]


    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        """Seats at the table (variant B's shared meeple has no seat of its own, §13.2)."""
        return self.table.seats

    def to_move(self) -> list[int]:
        """Seats that may act now (cached until the next `apply`; do not mutate the list)."""
        seats = self._to_move_cache
        if seats is None:
            seats = self._to_move_cache = self._to_move()
        return seats

    def _to_move(self) -> list[int]:
        if self.over:
            return []
        if self.chance:
            return _CHANCE_MOVES
        if self.decisions:
            return decisions.seats_deciding(self)
        phase = self.phase
        if phase in (PLAN, EQUIP):
            ready = self.ready
            return [seat for seat in range(self.table.seats) if not ready[seat]]
        if phase == REROLL:
            return sorted({self.table.hands[h][2] for h in rerolls.waiting_hands(self)})
        if phase == MOVE and self.mover < 0:
            return sorted({self.table.ctrl[e] for e in range(self.table.explorers) if not self.moved[e]})
        return []

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[FujiAction]:  # type: ignore[override]
        """Every legal action of `seat` now; the list is cached until the next `apply` (do not mutate it).

        `seat` is a seat number or `CHANCE` (which has none); anything else raises `IllegalAction`.
        """
        cached = self._legal_cache
        if cached is not None and cached[0] == seat and type(seat) is int:  # the cache holds a checked seat
            return cached[1]
        if type(seat) is not int or not CHANCE <= seat < self.table.seats:
            check_seat(seat, self.table.seats, chance=True)
        out = self._legal_actions(seat)
        self._legal_cache = (seat, out)
        return out

    def _legal_actions(self, seat: int) -> list[FujiAction]:
        if self.over or seat == CHANCE or seat not in self.to_move():
            return []
        if self.decisions:
            return self.decisions[decisions.decision_for(self, seat)].legal(self, seat)
        phase = self.phase
        if phase in (PLAN, EQUIP):
            return planning.window_actions(self, seat)
        if phase == REROLL:
            return rerolls.reroll_actions(self, seat)
        if phase == MOVE:
            return [FujiAction(seat, "go", (e,)) for e in self.explorers_of(seat) if not self.moved[e]]
        return []

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[FujiAction, float]]:  # type: ignore[override]
        """The pending chance point's outcomes with their probabilities (§3, §6, §10.3)."""
        if not self.chance or self.over:
            return []
        kind, arg = self.chance[0]
        if kind == ROLL_DIE:
            return rolling.roll_outcomes(arg)
        if kind in (DEAL_SKILL, DEAL_CHARACTER):
            return setup.deal_outcomes(self, kind, arg)
        if kind == PLACE_TERRAIN:
            return setup.terrain_outcomes(self, arg)
        if kind == DRAW_EQUIPMENT:
            return equipment.draw_outcomes(self, arg)
        raise AssertionError(kind)

    def sample_chance(self, rng: RandomLike | None = None) -> FujiAction:
        """The outcome this state's RNG (or `rng`) picks; die rolls take a fast path (same result as the
        kernel's)."""
        if self.chance and self.chance[0][0] == ROLL_DIE and not self.over:
            return rolling.roll_outcomes(self.chance[0][1])[peek_below(self.rng_state, 6) if rng is None
                                                            else rng.randrange(6)][0]
        act = super().sample_chance(rng)
        assert isinstance(act, FujiAction)
        return act

    # ------------------------------------------------------------------ apply
    _check_legal = refusals.check_legal
    """The kernel's legality check is `refusals.check_legal` itself (no wrapper call on the hot path)."""

    def _apply(self, act: Any) -> None:
        action: FujiAction = act
        self._legal_cache = None
        self._to_move_cache = None
        if action.seat == CHANCE:
            self._apply_chance(action)
        elif self.decisions:
            decisions.answer(self, action.seat, action)
        else:
            _ACTS[action.verb](self, action)
        rounds.advance(self)

    def _apply_chance(self, act: FujiAction) -> None:
        self.chance.pop(0)
        verb = act.verb
        if verb == "roll":
            rolling.apply_roll(self, act.args[0], act.args[1])
        elif verb == "skill" or verb == "character":
            setup.apply_deal(self, act)
        elif verb == "place":
            setup.apply_terrain(self, act.args[0], self.table.content.terrain_by_id[act.ids[0]])
        elif verb == "draw":
            equipment.apply_draw(self, act.args[0], self.table.content.equipment_by_id[act.ids[0]])

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return bool(self.over)

    def outcome(self) -> Outcome:
        """Every seat wins or loses together (§12); a win scores victory points (§12.4)."""
        if not self.over:
            raise IllegalAction("the game is not over")
        won = self.over == 1
        points = scoring.victory_points(self) if won else 0
        reason = self.reason
        return Outcome(
            tuple(SeatResult(won, points, reason, END_CODES[self.over - 1]) for _ in range(self.table.seats)),
            {"won": won, "victory_points": points, "rating": scoring.rating(points) if won else "",
             "rounds": self.round, "reason": reason},
        )

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (§18): own dice, public dice, board, tracks, cards, hints; None: the public."""
        from .view import observe

        if seat is not None:
            check_seat(seat, self.table.seats)
        return observe(self, seat)

    def observe_seats(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """`observe` for several seats, the board, tracks and meeples built once and shared (§18)."""
        from .view import observe_seats

        for seat in seats:
            if seat is not None:
                check_seat(seat, self.table.seats)
        return observe_seats(self, seats)

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
        copy: FujiState = fields.DECLARATION.resample(self, seat, rng)
        return copy

    # ------------------------------------------------------------------ documents
    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON-safe document, RNG included (`document.py` lists its fields)."""
        return document.to_json(self)

    @classmethod
    def from_json(cls, game: Any, table: Table, doc: dict[str, Any]) -> FujiState:
        """A state read from a document whose header and options were checked; every field is checked
        (type, range, length, references, consistency) before the state exists: else `SaveError`."""
        return document.from_json(game, table, doc)
