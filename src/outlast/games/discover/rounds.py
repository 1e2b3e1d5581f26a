"""The game round: setup's choices, the day phase, the night phase and the tribe leader (discover.md §4–§5).

`next_step` runs when the stack is empty and says what comes next: the first day after setup, the next
survivor's turn, the night card, the end of the night (discard and hand-off), or the next day.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import day_actions, flow
from .actions import DiscoverAction, act
from .decisions import DiscoverDecision
from .terms import DAY, NIGHT, PLAYING, SETUP, STAMINA_CAP

if TYPE_CHECKING:
    from .state import DiscoverState


def next_step(state: DiscoverState) -> None:
    """What happens when nothing is pending (§5.1–§5.3, §5.6)."""
    if flow.finish_if_empty(state):
        return
    if state.phase == SETUP:
        begin_day(state)
    elif state.phase == DAY:
        _next_turn(state)
    elif state.night_card >= 0:
        end_night(state)
    else:
        begin_day(state)


def begin_day(state: DiscoverState) -> None:
    """A new day: the day counter goes up and survivors take turns from the tribe leader clockwise (§5.1, §5.2)."""
    state.phase = DAY
    state.day += 1
    state.day_order = state.in_turn_order()
    state.log("day", f"Day {state.day} begins; seat {state.tribe_leader} leads.")
    cap = state.options.get("day_cap", 0)
    if cap and state.day > cap:
        for seat in state.survivors():
            state.status[seat] = 2
            state.result[seat] = "day_cap"
        flow.finish_if_empty(state)


def _next_turn(state: DiscoverState) -> None:
    while state.day_order:
        seat = state.day_order.pop(0)
        if state.status[seat] == PLAYING:
            state.current = seat
            state.trades_failed[seat] = 0
            state.trades_refused.clear()
            state.log("turn", f"Seat {seat}'s turn ({state.stamina[seat]} stamina).")
            state.decisions.append(day_actions.TURNS[seat])
            return
    state.current = -1
    begin_night(state)


def begin_night(state: DiscoverState) -> None:
    """The night: the tribe leader draws the top night card (§5.3); an empty deck is rebuilt from tier II (§5.4)."""
    state.phase = NIGHT
    if not state.night_deck:
        tier2 = [c for c in state.night_discard if state.copy.nights[c].tier == 2]
        state.night_deck = sorted(tier2)
        state.night_discard = [c for c in state.night_discard if c not in tier2]
        state.log("night", "The night deck is empty: its tier-II cards are shuffled into a new deck (§5.4).")
    if not state.night_deck:
        state.night_card = -1
        return
    state.night_card = -2
    state.decisions.append(NightStep(-1, 0, 0))
    flow.queue(state, flow.NIGHT_CARD)


def end_night(state: DiscoverState) -> None:
    """Discard the night card, then the tribe leader may hand the token on (§5.3 steps 1–2, §5.6)."""
    card = state.night_card
    night_over(state)
    state.night_discard.append(card)
    state.night_card = -1
    state.log("night", f"The night card {state.copy.nights[card].name} is discarded.")
    others = [s for s in state.in_turn_order() if s != state.tribe_leader]
    if state.status[state.tribe_leader] == PLAYING and others:
        state.votes = [-2] * state.seats
        state.decisions.append(LeaderChoice(state.tribe_leader))
        for seat in reversed(others):
            state.decisions.append(NameLeader(seat))


def pass_leadership(state: DiscoverState, seat: int) -> None:
    """A tribe leader who wins or is eliminated passes the token to the next survivor on their left (§5.6,
    §17.20 item 1)."""
    if state.tribe_leader != seat:
        return
    for step in range(1, state.seats):
        other = (seat + step) % state.seats
        if state.status[other] == PLAYING:
            state.tribe_leader = other
            state.log("leader", f"The tribe leader token passes to seat {other} (§5.6).")
            return


def gain_stamina(state: DiscoverState, seat: int, amount: int) -> int:
    """Add (or take) stamina within 0–12; returns the change made (§5.7)."""
    before = state.stamina[seat]
    state.stamina[seat] = max(0, min(STAMINA_CAP, before + amount))
    return state.stamina[seat] - before


@dataclass(frozen=True, slots=True)
class NameLeader(DiscoverDecision):
    """A survivor names who should lead next, or abstains (§5.6, §18.3)."""

    kind = "name the next tribe leader"
    rule = "§5.6"
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "name", s) for s in state.survivors()] + [act(seat, "abstain")]

    def resolve(self, state: Any, action: Any) -> None:
        vote = -1 if action.verb == "abstain" else int(action.args[0])
        state.votes[self.seat] = vote
        said = "abstains" if vote < 0 else f"names seat {vote}"
        state.log("vote", f"Seat {self.seat} {said} as the next tribe leader.")

    def text(self, state: Any) -> str:
        return "Name the survivor who should lead tomorrow, or abstain."


@dataclass(frozen=True, slots=True)
class LeaderChoice(DiscoverDecision):
    """The tribe leader keeps the token or gives it away; a unanimous naming by all others binds (§5.6)."""

    kind = "hand off the tribe leader token"
    rule = "§5.6"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        others = [s for s in state.survivors() if s != seat]
        named = {state.votes[s] for s in others}
        if len(named) == 1 and min(named) >= 0:
            choice = min(named)
            return [act(seat, "keep")] if choice == seat else [act(seat, "give", choice)]
        return [act(seat, "keep")] + [act(seat, "give", s) for s in others]

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "give":
            state.tribe_leader = int(action.args[0])
            state.log("leader", f"Seat {self.seat} hands the tribe leader token to seat {state.tribe_leader}.")
        else:
            state.log("leader", f"Seat {self.seat} keeps the tribe leader token.")
        state.votes = []

    def text(self, state: Any) -> str:
        return "Keep the tribe leader token, or give it to another survivor."


@dataclass(frozen=True, slots=True)
class PickCharacter(DiscoverDecision):
    """Each player secretly keeps one of the characters dealt to them; all are shown together (§4 step 6, §18.4)."""

    kind = "choose a character"
    rule = "§4"

    def choosers(self, state: Any) -> tuple[int, ...]:
        return tuple(s for s in range(state.seats) if state.character_pick[s] < 0)

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "keep", c) for c in sorted(state.character_offer[seat])]

    def resolve(self, state: Any, action: Any) -> None:
        """Record a secret pick; the pick that completes the set shows every character together (§4 step 6,
        §18.4), so it is a reveal and undo stops there (architecture §4). An earlier pick shows nothing to anyone
        and may still be taken back; a solo pick shows no one else's."""
        state.character_pick[action.seat] = int(action.args[0])
        state.log("character", f"Seat {action.seat} has chosen a character.")
        if any(p < 0 for p in state.character_pick):
            state.decisions.append(self)
            return
        state.revealed = state.seats > 1  # solo: there is nobody else's character to see
        for seat in range(state.seats):
            state.character[seat] = state.character_pick[seat]
            state.character_offer[seat] = []
            name = state.copy.characters[state.character[seat]].name
            state.log("character", f"Seat {seat} plays {name}.")

    def text(self, state: Any) -> str:
        return "Choose your character (kept secret until everyone has chosen): `keep N` keeps character N."


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .night import NightStep, night_over  # noqa: E402
