"""Words for the decision a seat faces now, with the rule behind it (used by every door's `help`).

Only the decision is named (which phase, which pending step, how many rerolls the seat has left),
never anything the seat may not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE
from outlast.core.words import count

from . import decisions, planning
from .terms import (
    EQUIP,
    ERUPT,
    MOVE,
    PHASE_NAMES,
    PLAN,
    REMARK_LIMIT,
    REROLL,
    ROLL,
    SETUP,
)

if TYPE_CHECKING:
    from .state import FujiState


def _rerolls_left(state: FujiState, seat: int) -> int:
    """Phase-3 rerolls the seat's own hand still has (§8.1)."""
    return max((state.rerolls_left[h] for h, hand in enumerate(state.table.hands) if hand[2] == seat), default=0)


def describe(state: FujiState, seat: int) -> str:
    """The decision `seat` faces now and its rule §, in one or two sentences.

    >>> from outlast.core import Match
    >>> m = Match.new("fuji", 3, skills="equipment_manager,buddy,gatherer")
    >>> _ = m.resolve_chance()
    >>> describe(m.state, 0)
    'Setup — Starting equipment (§3.2): choose the 2 equipment cards meeple 0 keeps; the others go under the draw pile'
    >>> describe(m.state, 1)
    'Setup: waiting for seat 0'
    """
    if state.is_over():
        return "The game is over (§12): " + state.reason
    movers = state.to_move()
    if movers == [CHANCE]:
        return "Dice are rolling or cards are being drawn (§6, §18)"
    where = "Setup" if state.phase == SETUP else f"Round {state.round}, phase {PHASE_NAMES[state.phase]}"
    if seat not in movers:
        return f"{where}: waiting for " + ", ".join(f"seat {s}" for s in movers)
    if state.decisions:
        i = decisions.decision_for(state, seat)
        if i >= 0:
            return f"{where} — {state.decisions[i].text(state)}"
    if state.phase == PLAN:
        left = max(0, REMARK_LIMIT - state.remarks[seat])
        if left:
            marker = (f"place or move your destination marker (§7.3; binding once phase 3 starts; a placed marker "
                      f"may move {count(left, 'more time')} this phase, decision 0011)")
        else:
            marker = (f"your placed markers stay where they are: you moved them {REMARK_LIMIT} times this phase "
                      "(§7.3, decision 0011); place any marker not yet placed")
        return (f"{where} (§7): {marker}, use phase-2 equipment (§7.7), give hints (§18), then say ready. "
                f"Talk without numbers (§7.6).{_taken_back(state, seat)}")
    if state.phase == REROLL:
        left = _rerolls_left(state, seat)
        extra = " A Buddy may also set one die aside (§14)." if any(
            a.verb == "aside" for a in state.legal_actions(seat)) else ""
        if not left:
            return (f"{where} (§8.3): you have no rerolls left: say `stop` to keep your dice as they are. "
                    f"No talking in phase 3.{extra}")
        return (f"{where} (§8.3): choose dice to reroll or stop; {count(left, 'reroll')} left. "
                f"No talking in phase 3.{extra}")
    if state.phase == EQUIP:
        return (f"{where} (§9): markers are locked; use phase-4 equipment, give hints (§18), then say ready. "
                f"Talk without numbers (§7.6).{_taken_back(state, seat)}")
    if state.phase == MOVE:
        return (f"{where} (§10.1): screens are down; choose which of your meeples takes its turn next "
                "(compare and move, §10.2, then stamina, §10.5)")
    if state.phase in (ROLL, ERUPT):
        return f"{where} (§6, §11): nothing to decide"
    return f"{where}: choose an action"


def _taken_back(state: FujiState, seat: int) -> str:
    """A sentence on why the seat's `ready` no longer stands, if it said ready in this window (§18, decision
    0004), and what to do about it; empty otherwise."""
    uses = planning.ready_taken_back(state, seat)
    if not uses:
        return ""
    return (f" Your ready was taken back: after it, {'; '.join(uses)}, and any card use or pass reopens the window "
            "for everyone (§18). Say ready again when you are done; to say it once the others have used their cards, let "
            "them act first.")

