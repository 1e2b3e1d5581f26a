"""Pending decisions (architecture §2): Discover's base classes for the stack `DiscoverState.decisions`.

Two sorts of entries share the stack. A *decision* waits for seats to answer (its `choosers`, `legal` and
`resolve`); a *step* (`automatic = True`) is the engine's own bookkeeping — the next step of a night card, the
rest of an effect, the next stage of a combat — and runs as soon as it reaches the top (`proceed`). Both are
small frozen classes of ints, so a state clones, saves and replays mid-resolution. Each kind is written in the
chapter module that owns its rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from outlast.core.decision import Decision

if TYPE_CHECKING:
    from .actions import DiscoverAction
    from .state import DiscoverState


@dataclass(frozen=True, slots=True)
class DiscoverDecision(Decision):
    """A pending Discover decision answered by one seat (`seat`), unless a kind says otherwise."""

    seat: int

    automatic: ClassVar[bool] = False
    """A step the engine runs itself when it reaches the top of the stack (no seat answers it)."""
    forced_resolves: ClassVar[bool] = True
    """Whether a decision with exactly one legal action resolves itself (§18.1)."""

    def choosers(self, state: Any) -> tuple[int, ...]:
        return () if self.automatic else (self.seat,)

    def legal(self, state: Any, seat: int) -> list[Any]:
        return []

    def resolve(self, state: Any, action: Any) -> None:
        raise AssertionError(f"{self.kind} takes no answer")

    def proceed(self, state: DiscoverState) -> None:
        """Run this step (automatic kinds only); it has been taken off the stack already."""
        raise AssertionError(f"{self.kind} is not an automatic step")

    def check(self, state: Any) -> str | None:
        if not -1 <= self.seat < state.seats:
            return f"seat {self.seat} is not at this table"
        return None


@dataclass(frozen=True, slots=True)
class Step(DiscoverDecision):
    """Base of the engine's own steps: automatic, no seat answers."""

    automatic: ClassVar[bool] = True

    def text(self, state: Any) -> str:
        return f"the engine resolves {self.kind}"


def answer(state: DiscoverState, act: DiscoverAction) -> None:
    """Take the top decision off the stack and apply its (checked) answer."""
    state.decisions.pop().resolve(state, act)
