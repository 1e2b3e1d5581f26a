"""Words for the decision a seat faces now, with the rule behind it (used by every door's `help`).

Robinson Crusoe is open (§26.4), so nothing here can leak; it names the phase, the pending step and
what the seat may do, ending with the § that `rules` then prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE, check_seat

from .constants import CHANGE_LIMIT, PHASE_NAMES, PLAN, SETUP

if TYPE_CHECKING:
    from .decisions import RobinsonDecision
    from .state import RobinsonState


def _decision_text(state: RobinsonState, decision: RobinsonDecision) -> str:
    """A pending decision in words, with its rule (the decision's own `explain`)."""
    chooser = decision.chooser
    who = state.char_name(chooser) if 0 <= chooser <= state.players else "the first player"
    return decision.explain(state, who)


def _unplaced(state: RobinsonState, seat: int) -> int:
    """How many of the seat's own two pawns are not in the plan yet."""
    return sum(1 for pid in state.pawns_of(seat) if pid < 2 * state.players and state.where(pid) < 0)


def _example(state: RobinsonState, seat: int, verb: str) -> str:
    """` (e.g. `place 1 gather:s6:wood`)`: one of the seat's legal actions of that verb now, a gathering or an
    exploration before a rest; empty when it has none, so an example is never an action it may not take."""
    texts = [str(a) for a in state.legal_actions(seat) if str(a).split(" ", 1)[0] == verb]
    if not texts:
        return ""
    best = next((t for t in texts if "gather:" in t or "explore:" in t), texts[0])
    return f" (e.g. `{best}`)"


def _planning_text(state: RobinsonState, seat: int) -> str:
    left = _unplaced(state, seat)
    pawns = f"{left} of your pawns still to place; " if left else "all your pawns are placed; "
    if state.changes[seat] >= CHANGE_LIMIT:
        base = (f"plan the Actions (§8.1): {pawns}you have changed your plan {state.changes[seat]} times, so you "
                "settle now: `place PAWN rest`, `remove PAWN` only from an Action that cannot go ahead (§26.1, "
                "engine limit)")
    else:
        base = (f"plan the Actions (§8.1): {pawns}`place PAWN TARGET`{_example(state, seat, 'place')}, "
                f"`join PAWN GROUP#`{_example(state, seat, 'join')}, `remove PAWN`, `lead GROUP#`; each Action "
                "needs its pawns and committed resources (§8.1.3, §8.3)")
    if seat == state.first_player:
        if state.ready[seat]:
            return "everyone is ready: `confirm` the plan (§26.1)"
        return base + ". As first player you also place Friday, the Dog and shared pawns; say `ready`, then " \
            "`confirm` once everyone is ready (§26.1)"
    return base + ". Then say `ready`; ready is final (§26.1)"


def describe(state: RobinsonState, seat: int) -> str:
    """The decision `seat` faces now and its rule §, in a sentence or two.

    >>> from outlast.core import Match
    >>> m = Match.new("robinson", 1, players=2)
    >>> _ = m.resolve_chance()
    >>> describe(m.state, 0)
    'Round 1, action: planning — Explorer decides how much wood goes onto stage 1 of the wood pile (`pile K`, §25.1)'
    >>> describe(m.state, 1)
    'Round 1, action: planning: waiting for Explorer (seat 0)'
    """
    check_seat(seat, state.players)
    if state.is_over():
        return "The game is over (§11): " + state.reason
    movers = state.to_move()
    if movers == [CHANCE]:
        return "Dice are rolling or cards are being drawn (§8.5, §26.4)"
    where = "Setup (§3)" if state.phase == SETUP else f"Round {state.round}, {PHASE_NAMES[state.phase]}"
    if seat not in movers:
        names = ", ".join(f"{state.char_name(s)} (seat {s})" for s in movers)
        return f"{where}: waiting for {names}"
    if state.decisions:
        return f"{where} — {_decision_text(state, state.decisions[-1])}"
    if state.phase == PLAN:
        return f"{where} — {_planning_text(state, seat)}"
    return f"{where}: choose an action"
