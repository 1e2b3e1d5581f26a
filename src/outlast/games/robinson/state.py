"""The Robinson Crusoe state: the fields of one game and the entry points of the contract (robinson-crusoe.md §3–§20).

State is lists of ints plus the shared `Table`. Every card is in exactly one zone (`zone[card]`).
Shuffled decks are bags: the next card is a chance draw among the cards in the deck's zone, so no
copy of the state knows an order nobody has seen (architecture §2). Pending work is a stack of int
tuples and pending decisions a stack of small frozen objects (`decisions.py`), so clone, save and replay work mid-resolution.

The rules live in one module per chapter of the rulebook, each a part (mixin) of `RobinsonState`:
`setup.py`, `round_loop.py`, `chance.py`, `event_phase.py`, `morale_phase.py`, `production_phase.py`, `planning.py`, `pawns.py`, `action_resolution.py`, `hunting.py`, `exploration.py`, `weather_phase.py`, `night_phase.py`, `resources.py`, `wounds.py`, `game_end.py`, `decks.py`, `effects.py`, `mysteries.py`, `item_use.py`, `decisions.py`, `views.py`, `persistence.py`.
"""

from __future__ import annotations

from typing import Any

from outlast.core import CHANCE, Event, IllegalAction, Outcome, SeatResult, check_seat
from outlast.core.errors import shown
from outlast.core.rng import seed_state

from . import abilities
from .action_resolution import ActionResolutionRules
from .actions import RobinsonAction, well_formed
from .chance import ChanceRules
from .constants import *  # noqa: F403  (the vocabulary, re-exported for readers of state)
from .constants import (
    END_CODES,
    FOOD,
    NONPER,
    PLAN,
    PLAN_MOVES,
    SETUP,
    TILE_STACK,
    TOK_BOX,
    W_PLAN,
    Z_BOX,
    Z_ITEM,
    Z_KEPT,
    ZONE_KIND,
)
from .decisions import AnyTimeWindow, DecisionRules
from .decks import DeckRules
from .declaration import DECLARATION, SLOTS
from .effects import EffectRules
from .event_phase import EventPhaseRules
from .exploration import ExplorationRules
from .game_end import GameEndRules
from .hunting import HuntingRules
from .item_use import ItemUseRules
from .morale_phase import MoralePhaseRules
from .mysteries import MysteryRules
from .night_phase import NightPhaseRules
from .pawns import PawnRules
from .persistence import PersistenceRules
from .planning import PlanningRules
from .production_phase import ProductionPhaseRules
from .program import program_of
from .resources import ResourceRules
from .round_loop import RoundLoopRules
from .setup import SetupRules
from .table import Table
from .views import ViewRules
from .weather_phase import WeatherPhaseRules
from .wounds import WoundRules

_CLONE = DECLARATION.clone


class RobinsonState(SetupRules, RoundLoopRules, ChanceRules, EventPhaseRules, MoralePhaseRules, ProductionPhaseRules,
                    PlanningRules, PawnRules, ActionResolutionRules, HuntingRules, ExplorationRules, WeatherPhaseRules,
                    NightPhaseRules, ResourceRules, WoundRules, GameEndRules, DeckRules, EffectRules, MysteryRules,
                    ItemUseRules, DecisionRules, ViewRules, PersistenceRules):
    """One Robinson Crusoe game in progress. Create it with `load_game("robinson").new_game(...)`."""

    __slots__ = SLOTS

    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> RobinsonState:
        """A state before setup (§3): the round's markers at rest, every card in the box, no tile placed, no
        castaway wounded; `start` then sets the table up."""
        s = cls.__new__(cls)
        s.game = game
        s.table = table
        s.players = table.players
        s.content = table.content
        s.program = program_of(table.content)
        s.events = []
        s.rng_state = seed_state(seed)
        s.phase = SETUP
        s.step = 0
        s.round = 1
        s.first_player = 0
        s.over = 0  # 0 playing, else 1 + index of the ending in END_CODES
        s.reason = ""
        s.source = ""
        s.morale = 0
        s.roof = s.palisade = s.weapon = 0
        s.shelter = 0
        s.camp = -1
        s.tile_top = -1
        s.temp_weapon = 0
        s.cur = -1  # group being resolved
        s.flags = 0  # round flags: 1 no wood production, 2 no food production
        s.friday_alive = 1 if table.friday else 0
        s.night_food = 0
        s.pile_done = 0
        s.ev_book = s.ev_adv = 0
        s.friday_rerolled = 0
        s.arrange_determination = -1
        s.arrange_heal = 0
        s.econ_used = 0
        s._blank_cards_and_island()
        s._blank_castaways_and_pending()
        s._lc = None
        s._tm = None
        s._zi = None
        s._ot = None
        s._zq = False
        s._pc = None
        s._pm = None
        return s


    def _blank_cards_and_island(self) -> None:
        """Every card in the box, every token too, every tile in the stack and every space empty (§3)."""
        s, c = self, self.content
        s.zone = [Z_BOX] * len(c.cards)
        s.uses = [0] * len(c.cards)
        s.token_place = [TOK_BOX] * len(c.tokens)
        s.tile_at = [TILE_STACK] * len(c.tiles)
        ns = len(c.spaces)
        s.space_tile = [-1] * ns
        s.space_tk = [0] * ns
        s.space_exh = [0] * ns
        s.space_lost = [0] * ns

    def _blank_castaways_and_pending(self) -> None:
        """Castaways unwounded and without tokens, resources and tracks at 0, nothing planned or pending (§3)."""
        s, table = self, self.table
        n = table.players
        s.wounds = [0] * (n + 1)
        s.determination = [0] * (n + 1)
        s.skill_used = [0] * n
        s.resources = [0, 0, 0, 0]
        s.future_resources = [0, 0, 0, 0]
        s.field_tk = [0] * 7
        s.weather_tk = [0, 0, 0]  # rain, winter, storm
        s.pile = [0] * len(table.scenario.pile)
        s.ready = [0] * n
        s.changes = [0] * n
        s.hunt_top = []
        s.hunt_seen = []
        s.hunt_bottom = []
        s.chance = []
        s.decisions = []
        s.work = []
        s.groups = []
        s.xsrc = []
        s.dice = [0, 0, 0]
        s.weather_dice = []
        s.clouds = [0, 0, 0, 0]  # rain, winter, animals face (-1 none), ignore flags
        s.myst = []
        s.outside = [0] * n
        s.stash = [0] * (4 * n)
        s.special = []
        s.item_used = []
        s.gathered = []
        s.explored_tent = [0] * n
        s.hungry_done = [0] * (n + 1)
        s.minus = [0] * n

    def clone(self) -> RobinsonState:
        """Copy every list; the table, content and program are shared (generated from `declaration.DECLARATION`)."""
        copy: RobinsonState = _CLONE(self)
        return copy

    def forget(self) -> None:
        """Drop every cached answer (legal actions, zone index, planning targets) after fields were set directly."""
        self._lc = self._tm = self._zi = self._ot = self._pm = None

    # ------------------------------------------------------------------ logging and small queries
    def log(self, kind: str, text: str, **data: Any) -> None:
        """Append a public event (a cooperative game: every seat sees the log, §26.4)."""
        self.events.append(Event(kind, text, None, data))


    def char_name(self, ch: int) -> str:
        """Name of player `ch` (a seat) or Friday."""
        if ch == self.table.friday_index:
            return "Friday"
        return self.content.characters[self.table.chars[ch]].name

    def seat_of(self, ch: int) -> int:
        """Who decides for character `ch` (Friday: the first player, §14.4)."""
        return self.first_player if ch >= self.players else ch

    def cards_in(self, z: int) -> list[int]:
        """Cards in a zone, in card order (do not mutate the list).

        While nothing moves (legal actions, chance outcomes, a window's options: `_zq`), each zone's list
        is kept in `_zi` until the next change, so repeated questions cost a dict look-up.
        """
        zone = self.zone
        if self._zq:
            zi = self._zi
            if zi is None:
                zi = self._zi = {}
            hit = zi.get(z)
            if hit is None:
                kind = ZONE_KIND.get(z)
                hit = zi[z] = ([i for i, x in enumerate(zone) if x == z] if kind is None
                               else [i for i in self.program.by_kind[kind] if zone[i] == z])
            return hit
        kind = ZONE_KIND.get(z)
        if kind is None:
            return [i for i, x in enumerate(zone) if x == z]
        return [i for i in self.program.by_kind[kind] if zone[i] == z]

    def count_in(self, z: int) -> int:
        return self.zone.count(z)

    def built(self, item_id: str) -> bool:
        """An Item is built (or a kept card counts as it, e.g. a coil of rope)."""
        ci = self.content.by_id.get(item_id)
        if ci is not None and self.zone[ci] == Z_ITEM:
            return True
        query = abilities.COUNTS_AS + item_id
        return any(abilities.card_answer(self.program, k, query, 0) for k in self.cards_in(Z_KEPT))

    def modifier(self, query: str, base: int) -> int:
        """The rules' value `base` as the standing abilities of built Items and kept cards change it (§17.2, §18);
        `query` is one of `abilities`' questions."""
        return abilities.in_play(self.program, self.zone, query, base)

    def explored_terrains(self) -> set[str]:
        """Terrains of accessible explored tiles (§8.10, §16.5); the start beach counts (§3 step 10)."""
        tiles = self.content.tiles
        return {tiles[t].terrain for sp, t in enumerate(self.space_tile) if t >= 0 and not self.space_lost[sp]}

    def natural_shelter(self) -> bool:
        t = self.space_tile[self.camp]
        return t >= 0 and self.content.tiles[t].tent

    def has_shelter(self) -> bool:
        """A built Shelter or a natural one on the Camp tile (§8.8.4)."""
        return bool(self.shelter) or self.natural_shelter()

    def alive_players(self) -> list[int]:
        return list(range(self.players))

    def in_camp(self) -> list[int]:
        return [p for p in range(self.players) if not self.outside[p]]

    def food_total(self) -> int:
        return self.resources[FOOD] + self.resources[NONPER]

































    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        return self.players

    @property
    def fp(self) -> int:
        """The first player under its old name: tests/test_ismcts.py still reads it (to go once it reads `first_player`)."""
        return self.first_player

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
        if self.decisions:
            top = self.decisions[-1]
            if type(top) is AnyTimeWindow:
                if self._lc is None:
                    self._lc = {}
                return self._window_seats(top, self._lc)
            return [top.chooser]
        if self.phase == PLAN and self.step == 2:
            # every seat plans until it says ready; then the first player confirms (§26.1)
            return [s for s in range(self.players) if not self.ready[s]] or [self.first_player]
        return []

    def is_over(self) -> bool:
        return bool(self.over)

    def outcome(self) -> Outcome:
        if not self.over:
            raise IllegalAction("the game is not over")
        won = self.over == 1
        score = sum(self.pile) + (10 if won else 0)
        details = {"rounds": self.round, "reason": self.reason, "pile": list(self.pile), "morale": self.morale,
                   "roof": self.roof, "palisade": self.palisade, "weapon": self.weapon, "shelter": bool(self.shelter),
                   "wounds": self.wounds[: self.players], "items": [self.content.cards[i].id for i in self.cards_in(Z_ITEM)],
                   "fire": self.built("fire")}
        code = END_CODES[self.over - 1]
        return Outcome(tuple(SeatResult(won, score, self.reason, code) for _ in range(self.players)), details)
































































































    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[RobinsonAction]:  # type: ignore[override]
        """Every legal action of `seat` now; cached until the next `apply` (do not mutate the list).

        A seat that is no seat of this game (a bool, a float, text, out of range) raises `IllegalAction`.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            check_seat(seat, self.players)
        if seat not in self.to_move():
            return []
        return self.legal_actions_raw(seat)

    def legal_actions_raw(self, seat: int) -> list[RobinsonAction]:
        lc = self._lc
        if lc is None:
            lc = self._lc = {}
            self._ot = None
        out = lc.get(seat)
        if out is None:
            self._zq = True
            try:
                out = lc[seat] = self._legal(seat)
            finally:
                self._zq = False
        return out

    def cid(self, ch: int) -> str:
        """A character's id in action texts: its character id, or 'friday'."""
        return "friday" if ch >= self.players else self.content.characters[self.table.chars[ch]].id

    def _legal(self, seat: int) -> list[RobinsonAction]:
        if self.decisions:
            return self.decisions[-1].legal(self, seat)
        return self._plan_actions(seat)


    # ------------------------------------------------------------------ applying
    def _check_legal(self, act: Any) -> None:
        """Refuse `act` unless it is legal now, with the reason and rule (`refusals.why`); nothing changes.

        A hand-made object is checked before any rule reads its words: a foreign class or a seat that is no
        seat at once, words that are not texts (or not the game's writing) as soon as it is not legal.
        """
        if type(act) is not RobinsonAction:
            raise IllegalAction(f"{shown(act)} is not a Robinson Crusoe action")
        seat = act.seat
        if type(seat) is not int or not (0 <= seat < self.players or seat == CHANCE):
            check_seat(seat, self.players, chance=True)
        if seat == CHANCE:
            outcomes = self.chance_outcomes()
            if not any(o is act for o, _ in outcomes) and all(o != act for o, _ in outcomes):
                from .refusals import chance_refusal

                self._refuse_malformed(act)
                raise IllegalAction(*chance_refusal(self, act))
            return
        if self.over:
            raise IllegalAction(f"the game is over ({self.reason})", "§11")
        movers = self.to_move()
        if seat not in movers:
            raise IllegalAction(*self._not_your_turn(seat, movers))
        if act in self.legal_actions(seat):
            return
        from .refusals import why

        self._refuse_malformed(act)
        raise IllegalAction(*why(self, act))

    @staticmethod
    def _refuse_malformed(act: RobinsonAction) -> None:
        """Refuse an action object whose words are not texts, or not written as the game writes them."""
        from .actions import parse_action

        problem = well_formed(act)
        if problem:
            raise IllegalAction(problem)
        text = str(act)
        if parse_action(act.seat, text) != act:
            raise IllegalAction(f"{shown(act)} is not written as the game writes its actions: "
                                f"`{parse_action(act.seat, text)}`")

    def _not_your_turn(self, seat: int, movers: list[int]) -> tuple[str, str]:
        """Why `seat` may not act now: who the table waits for, and for what."""
        if movers == [CHANCE]:
            return "dice are rolling or a card is being drawn: wait for the outcome", "§26.4"
        who = ", ".join(f"{self.char_name(s)} (seat {s})" for s in movers)
        if self.phase == PLAN and not self.decisions and self.ready[seat]:
            return f"you said ready, which is final; waiting for {who}", "§26.1"
        top = self.decisions[-1] if self.decisions else None
        if type(top) is AnyTimeWindow:
            if top.passed >> seat & 1:
                return f"you passed this window of any-time effects; waiting for {who}", "§26.3"
            return f"you have nothing to use in this window of any-time effects; waiting for {who}", "§26.3"
        if self.decisions:
            text, rule = self.decision_parts()
            return f"waiting for {who}: {text.split(': ', 1)[-1]}", rule
        return f"waiting for {who}", "§26.1"

    def _apply(self, action: Any) -> None:
        act: RobinsonAction = action
        self._lc = None
        moves_cards = act.seat == CHANCE or bool(self.decisions) or act.verb not in PLAN_MOVES
        if moves_cards:
            # anything but a planning move may move cards or change what is open (§8.1, §26.1)
            self._zi = None
            self._pm = None
        if act.seat == CHANCE:
            self._apply_chance(act)
        elif self.decisions:
            self.decisions[-1].resolve(self, act)
        else:
            if act.verb == "use":
                self._use(act.seat, act.args, W_PLAN)
                self._recheck_ready()
            else:
                self._apply_plan(act)
        if moves_cards:
            self._zi = None
        self._ot = None
        self._lc = None
        self._tm = None
        self._advance()
        if (self.phase == PLAN and self.step == 2 and not self.decisions and not self.chance
                and act.verb not in PLAN_MOVES):
            self._compute_sources(keep=True)  # a use in planning may bring a new pawn (§8.1.6, §13.2)
            self._lc = self._tm = None

    def _char_by_id(self, word: str) -> int:
        if word == "friday":
            return self.table.friday_index
        return next(p for p in range(self.players) if self.cid(p) == word)
