"""The Discover state (discover.md §4–§15): the table's data, and the entry points of the contract.

The state holds flat data — lists of ints, tuples for the pieces on the map — and a stack of pending decisions
(architecture §2), so clone, save and replay work in the middle of any resolution. The rules live in one
module per chapter of the rulebook, as functions of the state: `setup` (§4), `rounds` (§5), `board` (§6),
`day_actions` (§7), `carrying` (§8), `numbered` (§9), `damage` (§10), `monsters` (§11), `combat` (§12),
`quests` (§13), `scenario5` (§15); `effects` carries out the verbs of the copy's cards.
"""

from __future__ import annotations

from typing import Any

from outlast.core import CHANCE, Event, IllegalAction, Outcome, OutlastError, SeatResult, State, check_seat
from outlast.core.errors import shown
from outlast.core.rng import RandomLike, advance, seed_state

from . import fields, flow
from .actions import DiscoverAction
from .board import Board
from .copy import Card, Copy
from .decisions import DiscoverDecision
from .terms import CASUALTY, PLAYING, WON

_CLONE = fields.DECLARATION.clone
_CHANCE_MOVES = [CHANCE]


_event = tuple.__new__
"""Builds an `Event` (a named tuple) from its four fields without the generated constructor's extra call."""

_CLOCKWISE = tuple(tuple((*range(lead, n), *range(lead)) for lead in range(n)) for n in range(5))
"""Every seat of an `n`-seat table from `lead` clockwise, by n (up to 4 players, §1.1) and lead."""


class DiscoverState(State):
    """One Discover game in progress. Create it with `load_game("discover").new_game(...)`."""

    __slots__ = fields.SLOTS

    game: Any
    copy: Copy
    board: Board
    seats: int
    scenario: int
    options: dict[str, Any]
    started: int
    """The number of players who started the game: the number-of-players icon (§13.4)."""
    events: list[Event]
    rng_state: int
    # --- the round (§5)
    phase: int
    day: int
    tribe_leader: int
    current: int
    day_order: list[int]
    over: int
    result: list[str]
    """Per seat: its result code once decided ("" while playing; `flow.RESULT_TEXTS`)."""
    votes: list[int]
    """During the hand-off: each survivor's naming (−1 abstains, −2 not yet), §5.6."""
    # --- survivors (§4 step 7, §10)
    status: list[int]
    character: list[int]
    character_offer: list[list[int]]
    character_pick: list[int]
    position: list[int]
    stamina: list[int]
    damage: list[list[int]]
    supplies: list[list[int]]
    """Per seat: supply resource tokens held, by resource index (§8.1)."""
    kept_tokens: list[list[int]]
    """Per seat: resource-faced feature tokens held (each counts as one token, §8.1)."""
    hand: list[list[int]]
    """Per seat: project cards in hand (hidden from the other seats, §18.5)."""
    threats_held: list[list[int]]
    """Per seat: ongoing threat cards in front of the survivor (§5.5)."""
    trades_failed: list[int]
    """Per seat: trades it opened this turn that ended without agreement (at most `trading.FAILED_PER_TURN`)."""
    trades_refused: list[int]
    """Fingerprints of the offers refused or countered this turn: none may be proposed again (decision 0030)."""
    dirty_pending: list[int]
    """Per seat: dirty-water risks not yet resolved (§8.5)."""
    # --- numbered cards (§9)
    card_place: list[int]
    card_counters: list[int]
    card_used_day: list[int]
    """Per card: the day its once-per-day use was last made (−day for a use at night), 0 if never (§9.8)."""
    character_used_day: list[int]
    """Per seat: the day its character's once-per-day ability was last used (minus the day at night), 0 never."""
    used_in_combat: list[int]
    """Card ids used in the current combat (§9.8)."""
    # --- decks and piles
    projects_deck: list[int]
    projects_faceup: list[int]
    threat_deck: list[int]
    threat_discard: list[int]
    night_deck: list[int]
    night_discard: list[int]
    night_card: int
    feature_piles: list[list[int]]
    feature_discard: list[list[int]]
    monster_supply: list[int]
    monster_discard: list[int]
    specials_left: list[int]
    water_pool: list[int]
    tile_face: list[int]
    # --- the map
    pieces: list[tuple[int, int, int, int]]
    # --- quests (§13)
    quest: int
    quest_done: list[int]
    """Requirement marks met so far (investigated landmarks, defeated enemies, crafted items: card numbers)."""
    quest_paid: list[int]
    """Resources paid toward a `pay` requirement, by resource index."""
    signal: int
    """Nights a lit signal still burns (Scenario 2, §17.12), 0 when none."""
    signal_space: int
    waiting_spawn: int
    """A special monster waiting for a landmark of pile 3 or 4 to be turned faceup (Scenario 2's guardian, §17.12),
    0 when none."""
    journal: list[int]
    """What the players have seen, in order: card numbers; −1−id for feature tokens; −1000−id quests, −2000−id
    night cards, −3000−id threats (written to the copy's discovery journal, §1.3)."""
    # --- combat (§12, §15.3)
    combat: list[int]
    """The combat in progress, by `combat.FIELDS` names; empty when none."""
    support_played: list[int]
    support_rerolled: list[int]
    shield: list[int]
    """Per seat, damage still prevented in the combat in progress (the `prevent` verb, §15.5)."""
    # --- the stack
    chance: list[tuple[int, int]]
    drawn: list[int]
    """Chance results waiting for the step that asked for them (die faces, a threat or #100 card drawn)."""
    decisions: list[DiscoverDecision]
    revealed: bool
    _legal_cache: tuple[int, list[DiscoverAction]] | None
    _held: tuple[tuple[int, ...], ...] | None
    """What `held` worked out from `card_place`, or None when a card has moved since."""

    # ------------------------------------------------------------------ construction
    def clone(self) -> DiscoverState:
        """Copy every list; the copy, board and options are shared (generated from `fields.DECLARATION`)."""
        return _CLONE(self)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ small queries
    def log(self, kind: str, text: str, visible: int | None = None, **data: Any) -> None:
        """Append an event; `visible` is a seat (None: everyone)."""
        self.events.append(_event(Event, (kind, text, None if visible is None else frozenset((visible,)), data)))

    def card(self, card_id: int) -> Card:
        return self.copy.cards[card_id]

    def survivors(self) -> list[int]:
        """Seats still on the map and playing, in seat order (§2 Survivor)."""
        status = self.status
        return [s for s in range(self.seats) if status[s] == PLAYING]

    def in_turn_order(self, seats: list[int] | None = None) -> list[int]:
        """Survivors (or the given seats) from the tribe leader clockwise (§5.5, §17.20 item 19)."""
        n = self.seats
        lead = self.tribe_leader % n
        if seats is None:
            status = self.status
            return [s for s in _CLOCKWISE[n][lead] if status[s] == PLAYING]
        return sorted(seats, key=lambda s: (s - lead) % n)

    def items_of(self, seat: int) -> list[int]:
        """Card ids of the items `seat` holds (or a casualty still has), in card-id order."""
        return list(self.held()[seat])

    def held(self) -> tuple[tuple[int, ...], ...]:
        """Card ids each seat holds, by seat, in card-id order: read from `card_place` when first asked after a
        card moved, then kept (the settle after every action counts them for the carry limit, §8.3)."""
        held = self._held
        if held is None:
            found: list[list[int]] = [[] for _ in range(self.seats)]
            for card, place in enumerate(self.card_place):
                if place >= 0:
                    found[place].append(card)
            held = self._held = tuple(map(tuple, found))
        return held

    def place_card(self, card: int, place: int) -> None:
        """Put a numbered card in a seat's hands or a place of `terms` (deck, in play, box, bound, unseen): every
        move of a card goes through here, which forgets what `held` kept when a seat gains or loses the card."""
        if self.card_place[card] >= 0 or place >= 0:
            self._held = None
        self.card_place[card] = place

    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        return self.seats

    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.chance:
            return _CHANCE_MOVES
        if self.decisions:
            return list(self.decisions[-1].choosers(self))
        return []

    def legal_actions(self, seat: int) -> list[DiscoverAction]:  # type: ignore[override]
        """Every legal action of `seat` now (cached until the next `apply`; do not mutate the list)."""
        cached = self._legal_cache
        if type(seat) is not int or not 0 <= seat < self.seats:  # the common case needs no call to check it
            check_seat(seat, self.seats, chance=True)  # CHANCE passes, anything else is refused
        elif cached is not None and cached[0] == seat:
            return cached[1]
        out: list[DiscoverAction] = []
        if not self.over and seat != CHANCE and not self.chance and self.decisions:
            top = self.decisions[-1]
            if seat in top.choosers(self):
                out = top.legal(self, seat)
        self._legal_cache = (seat, out)
        return out

    def chance_outcomes(self) -> list[tuple[DiscoverAction, float]]:  # type: ignore[override]
        """The pending chance point's outcomes with their probabilities."""
        if not self.chance or self.over:
            return []
        return flow.chance_outcomes(self)

    def sample_chance(self, rng: RandomLike | None = None) -> DiscoverAction:
        """The outcome this state's RNG (or `rng`, leaving the state's unread) picks now, as the kernel's would
        pick it from `chance_outcomes` (they are uniform), without building an action for every outcome."""
        if not self.chance or self.over:
            raise IllegalAction("no dice or cards are pending now")
        return flow.sample_chance(self, rng)

    def apply(self, action: Any, seat: int | None = None) -> bool:
        """The kernel's `apply`, with one shortcut: the very object `legal_actions` (or `sample_chance`) just gave
        for this position is legal without a second look, as nothing has changed since it was listed (the list is
        kept only until the next `apply`). Anything else — text, another object, a stale one — is checked in full."""
        cached = self._legal_cache
        if seat is None and cached is not None:
            for offered in cached[1]:
                if offered is action:
                    if cached[0] == flow.SAMPLED:
                        self.rng_state = advance(self.rng_state)
                        self.revealed = True
                    else:
                        self.revealed = False
                    self._legal_cache = None
                    flow.apply(self, action)
                    return self.revealed
        return super().apply(action, seat)

    def _check_legal(self, act: Any) -> None:
        flow.check_legal(self, act)

    def _apply(self, act: Any) -> None:
        self._legal_cache = None
        flow.apply(self, act)

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return bool(self.over)

    def outcome(self) -> Outcome:
        """Each survivor wins or loses alone (§13); Scenario 5 has one winner or none (§15.6)."""
        if not self.over:
            raise IllegalAction("the game is not over")
        seats = []
        for s in range(self.seats):
            won = self.status[s] == WON
            code = flow.result_code(self, s)
            seats.append(SeatResult(won, 1 if won else 0, flow.RESULT_TEXTS[code], code))
        return Outcome(tuple(seats), {"days": self.day, "rounds": self.day, "scenario": self.scenario,
                                      "copy": self.copy.copy_id,
                                      "winners": [s for s in range(self.seats) if self.status[s] == WON],
                                      "casualties": [s for s in range(self.seats) if self.status[s] == CASUALTY]})

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (§18.5): the public table, its own hand and character; None: the public."""
        from .view import observe

        if seat is not None:
            check_seat(seat, self.seats)
        return observe(self, seat)

    def resample(self, seat: int, rng: RandomLike) -> DiscoverState:
        """A copy where everything `seat` cannot know is drawn again from `rng` (§18.5, architecture §2).

        Facedown tiles, tokens and deck orders are undetermined bags in the state, drawn only when revealed, so
        a fresh RNG redraws them; the other seats' project hands are dealt again from the cards `seat` has not
        seen, and their character picks while they are still secret.
        """
        check_seat(seat, self.seats)
        if not callable(getattr(rng, "randrange", None)):
            raise OutlastError(f"resample needs a random source with randrange(stop), not {shown(rng)}")
        copy: DiscoverState = fields.DECLARATION.resample(self, seat, rng)
        copy.rng_state = seed_state(rng.randrange(1 << 62))
        return copy

    def to_json(self) -> dict[str, Any]:
        from .document import to_json

        return to_json(self)
