# mypy: disable-error-code="misc"
"""Game end: the win and the two losses (robinson-crusoe.md §11, §25.1).

`GameEndRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import END_CODES, OVER
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class GameEndRules(StateFields):
    """Game end: a part of `RobinsonState`."""

    __slots__ = ()

    def end(self: RobinsonState, code: str, reason: str) -> None:
        """End the game with one of `END_CODES` (only the first is a win) and its reason in words (§11)."""
        if self.over:
            return
        won = code == END_CODES[0]
        self.over = 1 + END_CODES.index(code)
        self.reason = reason
        self.phase = OVER
        self.decisions.clear()
        self.chance.clear()
        self.work.clear()
        self.log("end", ("Won: " if won else "Lost: ") + reason)

    def check_win(self: RobinsonState) -> None:
        """Castaways: the wood pile complete and Fire built, from round 10 on (§11.1, §25.1)."""
        sc = self.table.scenario
        if self.over or self.round < sc.win_from:
            return
        if all(self.pile[i] >= need for i, need in enumerate(sc.pile)) and all(self.built(x) for x in sc.win_items):
            self.end("signal_fire", f"the signal fire is ready in round {self.round} (§25.1)")
