"""The Robinson Crusoe state: the fields of one game and the entry points of the contract (robinson-crusoe.md §3–§20).

State is lists of ints plus the shared `Table`. Every card is in exactly one zone (`zone[card]`).
Shuffled decks are bags: the next card is a chance draw among the cards in the deck's zone, so no
copy of the state knows an order nobody has seen (architecture §2). Pending work is a stack of int
tuples and pending decisions a stack of small frozen objects (`decisions.py`), so clone, save and replay work mid-resolution.

The rules live in one module per chapter of the rulebook, as functions of the state that `RobinsonState`
binds as methods (the class body lists them, chapter by chapter):
`setup.py`, `round_loop.py`, `chance.py`, `event_phase.py`, `morale_phase.py`, `production_phase.py`, `planning.py`, `pawns.py`, `action_resolution.py`, `hunting.py`, `exploration.py`, `weather_phase.py`, `night_phase.py`, `resources.py`, `wounds.py`, `game_end.py`, `decks.py`, `effects.py`, `mysteries.py`, `item_use.py`, `decisions.py`, `views.py`, `persistence.py`.
"""

from __future__ import annotations

from typing import Any

from outlast.core import CHANCE, Event, IllegalAction, Outcome, SeatResult, check_seat
from outlast.core.errors import shown
from outlast.core.rng import game_state

from . import (
    abilities,
    action_resolution,
    chance,
    decisions,
    decks,
    effects,
    event_phase,
    exploration,
    game_end,
    hunting,
    item_use,
    morale_phase,
    mysteries,
    night_phase,
    pawns,
    persistence,
    planning,
    production_phase,
    resources,
    round_loop,
    setup,
    views,
    weather_phase,
    wounds,
)
from .actions import RobinsonAction, well_formed
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
from .decisions import AnyTimeWindow
from .declaration import DECLARATION, SLOTS
from .fields import StateFields
from .program import program
from .table import Table

_CLONE = DECLARATION.clone


class RobinsonState(StateFields):
    """One Robinson Crusoe game in progress. Create it with `load_game("robinson").new_game(...)`."""

    __slots__ = SLOTS

    # The rules, chapter by chapter: each is a function of the state in its chapter's module,
    # bound here as a method so that rules and doors call `state.rule(...)`.

    # setup.py
    start = setup.start
    _setup_step = setup._setup_step

    # round_loop.py
    _push = round_loop._push
    _advance = round_loop._advance
    _script = round_loop._script
    _round_begins = round_loop._round_begins

    # chance.py
    chance_outcomes = chance.chance_outcomes  # type: ignore[assignment]  # narrower action type, as legal_actions
    _chance_outcomes = chance._chance_outcomes
    _event_draw_outcomes = chance._event_draw_outcomes
    _dice_outcomes = chance._dice_outcomes
    _face_p = staticmethod(chance._face_p)
    _apply_chance = chance._apply_chance
    _token_drawn = chance._token_drawn
    _card_drawn = chance._card_drawn

    # event_phase.py
    _event_drawn = event_phase._event_drawn
    _slide = event_phase._slide

    # morale_phase.py
    change_morale = morale_phase.change_morale
    _morale_phase = morale_phase._morale_phase

    # production_phase.py
    _production = production_phase._production
    _produce_from = production_phase._produce_from
    _pile_stage = production_phase._pile_stage
    add_to_pile = production_phase.add_to_pile

    # planning.py
    target_text = planning.target_text
    _group_text = planning._group_text
    _candidates = planning._candidates
    _cost = planning._cost
    _dynamic_open = planning._dynamic_open
    _plan_ctx = planning._plan_ctx
    _target_problem = planning._target_problem
    _threat_target_problem = planning._threat_target_problem
    _build_target_problem = planning._build_target_problem
    _gather_target_problem = planning._gather_target_problem
    _explore_target_problem = planning._explore_target_problem
    _lead_problem = planning._lead_problem
    _seat_complete = planning._seat_complete
    _plan_problem = planning._plan_problem
    _holds_ready = planning._holds_ready
    _plan_actions = planning._plan_actions
    _plan_uses = planning._plan_uses
    _open_now = planning._open_now
    _blocks = planning._blocks
    _commits = planning._commits
    _econ_slack = planning._econ_slack
    _overcommitted = planning._overcommitted
    _apply_plan = planning._apply_plan
    _recheck_ready = planning._recheck_ready
    _pawn_affordable = planning._pawn_affordable
    _skill_pawn = planning._skill_pawn
    _parse_target = planning._parse_target
    _confirm = planning._confirm
    _spend_use = planning._spend_use

    # pawns.py
    _compute_sources = pawns._compute_sources
    friday_pawn = property(pawns.friday_pawn)
    dog_pawn = property(pawns.dog_pawn)
    pawns_of = pawns.pawns_of
    pawn_text = pawns.pawn_text
    pawn_label = pawns.pawn_label
    _pawn_by_text = pawns._pawn_by_text
    pawn_mask = pawns.pawn_mask
    pawn_char = pawns.pawn_char
    where = pawns.where

    # action_resolution.py
    _resolve_next = action_resolution._resolve_next
    _begin_group = action_resolution._begin_group
    _cleanup = action_resolution._cleanup
    _min_pawns = action_resolution._min_pawns
    _max_pawns = action_resolution._max_pawns
    _threat_card = action_resolution._threat_card
    _main = action_resolution._main
    _threat_action = action_resolution._threat_action
    _arrange = action_resolution._arrange
    _after_roll = action_resolution._after_roll
    _dice_results = action_resolution._dice_results
    _success = action_resolution._success
    gathered_resource = action_resolution.gathered_resource
    gathering_items = action_resolution.gathering_items
    offer_gathering_items = action_resolution.offer_gathering_items
    add_gathering_item = action_resolution.add_gathering_item
    _pay_group = action_resolution._pay_group
    _post = action_resolution._post

    # hunting.py
    _beast = hunting._beast
    fight = hunting.fight
    _tracking = hunting._tracking
    _hunt = hunting._hunt

    # exploration.py
    _distance = exploration._distance
    _place_tile = exploration._place_tile
    _markable_tiles = exploration._markable_tiles
    _losable_tiles = exploration._losable_tiles
    lose_tile = exploration.lose_tile

    # weather_phase.py
    _weather_step = weather_phase._weather_step
    _weather_face = weather_phase._weather_face
    _weather_resolve = weather_phase._weather_resolve

    # night_phase.py
    _night_step = night_phase._night_step
    _eat = night_phase._eat
    _end_of_night = night_phase._end_of_night
    _rot = night_phase._rot
    _camp_moves = night_phase._camp_moves
    move_camp = night_phase.move_camp

    # resources.py
    committed = resources.committed
    free = resources.free
    gain = resources.gain
    pay_food = resources.pay_food
    pay = resources.pay
    drop_track = resources.drop_track
    set_track = resources.set_track
    raise_track = resources.raise_track

    # wounds.py
    wound = wounds.wound
    wound_all = wounds.wound_all
    heal = wounds.heal
    gain_det = wounds.gain_det
    lose_det = wounds.lose_det

    # game_end.py
    end = game_end.end
    check_win = game_end.check_win

    # decks.py
    discard_zone = decks.discard_zone
    discard = decks.discard
    move_item_back = decks.move_item_back
    event_deck_size = decks.event_deck_size
    _set_ev = decks._set_ev
    unseen_hunting = decks.unseen_hunting
    unseen_beasts = decks.unseen_beasts
    _hunt_secret_draw = decks._hunt_secret_draw
    _hunt_swap = decks._hunt_swap
    sample_chance = decks.sample_chance
    deck_bag = decks.deck_bag

    # effects.py
    _run_work = effects._run_work
    _adventure = effects._adventure
    _field_token = effects._field_token
    _who = effects._who
    _run_node = effects._run_node
    _cover = effects._cover
    _adjacent_food = effects._adjacent_food
    _camp_sources = effects._camp_sources

    # mysteries.py
    _myst_step = mysteries._myst_step
    _myst_drawn = mysteries._myst_drawn
    _myst_after = mysteries._myst_after
    _myst_end = mysteries._myst_end

    # item_use.py
    _node_usable = item_use._node_usable
    _node_problem = item_use._node_problem
    _not_this_action = item_use._not_this_action
    _nothing_to_draw = item_use._nothing_to_draw
    _use_options = item_use._use_options
    _use_actions = item_use._use_actions
    _use = item_use._use
    _reroll_options = item_use._reroll_options
    _window_options = item_use._window_options
    _window_seats = item_use._window_seats

    # decisions.py
    _lose_item = decisions._lose_item
    decision_text = decisions.decision_text
    pending_text = decisions.pending_text

    # views.py
    observe = views.observe
    _tokens_and_weather_view = views._tokens_and_weather_view
    _pending_view = views._pending_view
    _island_view = views._island_view
    _castaway_view = views._castaway_view
    _decks_view = views._decks_view
    _plan_view = views._plan_view

    # persistence.py
    resample = persistence.resample
    to_json = persistence.to_json
    from_json = classmethod(persistence.from_json)

    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> RobinsonState:
        """A state before setup (§3): the round's markers at rest, every card in the box, no tile placed, no
        castaway wounded; `start` then sets the table up."""
        s = cls.__new__(cls)
        s.game = game
        s.table = table
        s.players = table.players
        s.content = table.content
        s.program = program(table.content)
        s.events = []
        s.rng_state = game_state(seed)
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
        s.resolving_action = -1  # group being resolved
        s.flags = 0  # round flags: 1 no wood production, 2 no food production
        s.friday_alive = 1 if table.friday else 0
        s.night_food = 0
        s.pile_done = 0
        s.book_events_in_deck = s.adventure_events_in_deck = 0
        s.friday_rerolled = 0
        s.arrange_determination = -1
        s.arrange_heal = 0
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
        s.space_tokens = [0] * ns
        s.covered_sources = [0] * ns
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
        s.action_field_tokens = [0] * 7
        s.weather_tokens = [0, 0, 0]  # rain, winter, storm
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
        s.additional_pawns = []
        s.dice = [0, 0, 0]
        s.weather_dice = []
        s.clouds = [0, 0, 0, 0]  # rain, winter, animals face (-1 none), ignore flags
        s.mystery_draw = []
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
        legal = self.legal_actions(seat)
        for offered in legal:  # usually the very object offered: found without a dataclass `==` per action
            if offered is act:
                return
        if act in legal:
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
            text, rule = self.pending_text()
            return f"waiting for {who}: {text.split(': ', 1)[-1]}", rule
        return f"waiting for {who}", "§26.1"

    def _apply(self, action: Any) -> None:
        act: RobinsonAction = action
        before = self._lc
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
            if act.verb == "pass" and before is not None and self._keep_window(before):
                return
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

    def _keep_window(self, before: dict[int, Any]) -> bool:
        """After a seat passed in a window of any-time effects (§26.3): the other seats' lists of what they may use
        stay as they were (a pass changes nothing else), so while one of them is left the window asks them again
        without working their options out anew. False when the window must be looked at afresh (`_advance`)."""
        top = self.decisions[-1] if self.decisions else None
        if type(top) is not AnyTimeWindow or len(self.work) > top.work_mark:
            return False
        # the window holds the seats that have not passed and have options (their list: the options, then `pass`);
        # `before` may also hold lists asked for seats outside it (a passed seat's, a lone `pass`)
        passed = top.passed
        left = {s: legal for s, legal in before.items() if s >= 0 and not passed >> s & 1 and len(legal) > 1}
        if not left:
            return False
        self._ot = None
        self._lc, self._tm = left, list(left)
        return True

    def _char_by_id(self, word: str) -> int:
        if word == "friday":
            return self.table.friday_index
        return next(p for p in range(self.players) if self.cid(p) == word)
