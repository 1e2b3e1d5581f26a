"""Pending decisions (architecture §2): Fuji's base class and the stack `FujiState.decisions`.

Each kind is one frozen, slotted class (`outlast.core.decision.Decision`) written in the chapter module
that owns its rule — `setup` (keep, leave, starts), `equipment` (equipment and granted rerolls, lend,
reroll one die, collect) and `movement` (power bars, path, injury, lose die) — with its seat, its meeple,
its rule §, its legal actions, how an answer applies, and its text for players. The table waits on the
top decision; a kind several seats answer at once (`simultaneous`) is stacked one per meeple, and every
seat with one of that kind on top may answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from outlast.core.decision import Decision

if TYPE_CHECKING:
    from .actions import FujiAction
    from .state import FujiState


@dataclass(frozen=True, slots=True)
class FujiDecision(Decision):
    """A pending Fuji decision: the seat that answers and the meeple it is about (-1: none)."""

    seat: int
    meeple: int

    simultaneous: ClassVar[bool] = False
    """Whether several seats answer decisions of this kind at once (one stacked per meeple)."""
    index: ClassVar[int]
    """The kind's number in format-1 state documents (their `frames` rows)."""

    def choosers(self, state: Any) -> tuple[int, ...]:
        """The seats that answer now: this one's seat, or every seat with one of this kind on top."""
        return tuple(seats_deciding(state))

    def refusal(self, state: Any, action: Any) -> str:
        """Why `action` does not answer this decision."""
        return f"{action} does not answer the pending {self.kind} decision"

    def count(self) -> int:
        """The kind's number field (cards kept, rerolls left, …) in a format-1 row; 0 for kinds without one."""
        return 0

    def row(self) -> tuple[int, int, int, int, int]:
        """The decision as a format-1 document row: (kind number, seat, meeple, count, 0)."""
        return (self.index, self.seat, self.meeple, self.count(), 0)


def seats_deciding(state: FujiState) -> list[int]:
    """Seats that answer the pending decision: its seat, or every seat with one of a simultaneous kind on top."""
    decisions = state.decisions
    top = decisions[-1]
    if not top.simultaneous:
        return [top.seat]
    kind = type(top)
    seats: list[int] = []
    for decision in reversed(decisions):
        if type(decision) is not kind:
            break
        if decision.seat not in seats:
            seats.append(decision.seat)
    return sorted(seats)


def decision_for(state: FujiState, seat: int) -> int:
    """Index in `state.decisions` of the decision `seat` answers now, or -1."""
    decisions = state.decisions
    if not decisions:
        return -1
    top = decisions[-1]
    if not top.simultaneous:
        return len(decisions) - 1 if top.seat == seat else -1
    kind = type(top)
    for i in range(len(decisions) - 1, -1, -1):
        decision = decisions[i]
        if type(decision) is not kind:
            break
        if decision.seat == seat:
            return i
    return -1


def answer(state: FujiState, seat: int, act: FujiAction) -> None:
    """Take `seat`'s decision off the stack and apply its answer `act` (already checked legal)."""
    state.decisions.pop(decision_for(state, seat)).resolve(state, act)
