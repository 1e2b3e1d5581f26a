"""Words for the decision a seat faces now, with the rule behind it (used by every door's `help`).

Only the decision is named (which phase, which pending step, how many rerolls the seat has left),
never anything the seat may not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE

from . import decisions
from .board import cell_name
from .terms import (
    COLLECT,
    EQUIP,
    EQUIPMENT_REROLL,
    ERUPT,
    GRANTED_REROLL,
    INJURY,
    KEEP,
    LEAVE_DIE,
    LEND,
    LOSE_DIE,
    MOVE,
    PATH,
    PHASE_NAMES,
    PLAN,
    POWER_BARS,
    REMARK_LIMIT,
    REROLL,
    REROLL_ONE,
    ROLL,
    SETUP,
    WHITE_STARTERS,
)

if TYPE_CHECKING:
    from .state import FujiState


def _frame_text(state: FujiState, frame: tuple[int, ...]) -> str:
    """A pending step of a multi-step resolution (architecture §2), in words."""
    kind, _seat, e, a, _b = frame
    if kind == KEEP:
        return (f"Starting equipment (§3.2): choose the {a} equipment card{'s' if a != 1 else ''} meeple {e} keeps; "
                "the others go under the draw pile")
    if kind == LEAVE_DIE:
        return f"Dice set (§3.3, §17.1): meeple {e} has a 5-die skill; choose the die it leaves in the box"
    if kind == WHITE_STARTERS:
        return "Start cards (§3.5, §17.6 item 9): choose the two meeples that start on the white card"
    if kind == EQUIPMENT_REROLL:
        return f"Equipment reroll (§15 Water): {a} reroll{'s' if a != 1 else ''} left; choose dice to reroll or stop"
    if kind == GRANTED_REROLL:
        return "Granted reroll (§15 Water): a teammate gave you one reroll; choose dice to reroll or stop"
    if kind == LEND:
        return (f"Lighter (§15): meeple {a} asks to borrow one of meeple {e}'s dice; "
                "lend one (its face is kept) or refuse")
    if kind == REROLL_ONE:
        return f"Carabiner (§15): meeple {e} must reroll exactly one of its dice; choose which"
    if kind == COLLECT:
        return "Equipment token (§10.3): draw the top equipment card (usable from next round) or leave it"
    if kind == POWER_BARS:
        return f"Gatherer (§14): spend power bars, +1 each, on meeple {a}'s movement value this turn"
    if kind == PATH:
        dest = state.destination[e]
        where = cell_name(dest) if dest >= 0 else "its destination"
        return f"Movement (§10.2, §17.6 item 1): choose the path meeple {e} walks to {where}"
    if kind == INJURY:
        return f"Injury (§10.6): meeple {e} passed an injury space; choose which injury to take"
    if kind == LOSE_DIE:
        return "Leg injury (§10.6): choose the die you lose for good (it still counts this phase)"
    return "a pending decision"


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
            return f"{where} — {_frame_text(state, state.decisions[i])}"
    if state.phase == PLAN:
        left = max(0, REMARK_LIMIT - state.remarks[seat])
        if left:
            marker = (f"place or move your destination marker (§7.3; binding once phase 3 starts; a placed marker "
                      f"may move {left} more time{'s' if left != 1 else ''} this phase, decision 0011)")
        else:
            marker = (f"your placed markers stay where they are: you moved them {REMARK_LIMIT} times this phase "
                      "(§7.3, decision 0011); place any marker not yet placed")
        return (f"{where} (§7): {marker}, use phase-2 equipment (§7.7), give hints (§18), then say ready. "
                "Talk without numbers (§7.6).")
    if state.phase == REROLL:
        left = _rerolls_left(state, seat)
        extra = " A Buddy may also set one die aside (§14)." if any(
            a.verb == "aside" for a in state.legal_actions(seat)) else ""
        return (f"{where} (§8.3): choose dice to reroll or stop; {left} reroll{'s' if left != 1 else ''} left. "
                f"No talking in phase 3.{extra}")
    if state.phase == EQUIP:
        return (f"{where} (§9): markers are locked; use phase-4 equipment, give hints (§18), then say ready. "
                "Talk without numbers (§7.6).")
    if state.phase == MOVE:
        return (f"{where} (§10.1): screens are down; choose which of your meeples takes its turn next "
                "(compare and move, §10.2, then stamina, §10.5)")
    if state.phase in (ROLL, ERUPT):
        return f"{where} (§6, §11): nothing to decide"
    return f"{where}: choose an action"
