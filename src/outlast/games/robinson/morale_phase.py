# mypy: disable-error-code="misc"
"""The Morale phase and the Morale track (robinson-crusoe.md §6, §12.2).

`MoralePhaseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .decisions import TopMorale
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class MoralePhaseRules(StateFields):
    """The Morale phase and the Morale track: a part of `RobinsonState`."""

    __slots__ = ()

    def change_morale(self: RobinsonState, by: int, cause: str) -> None:
        """Move Morale; at the top or bottom of the track the change does nothing (§12.2)."""
        lo, hi = self.content.morale[0][0], self.content.morale[-1][0]
        new = max(lo, min(hi, self.morale + by))
        if new != self.morale:
            self.morale = new
            self.log("morale", f"Morale {by:+d} → {new} ({cause}).")

    def _morale_phase(self: RobinsonState) -> None:
        if self.players == 1:
            self.change_morale(1, "solo: each Morale phase begins with +1 (§14.5)")
        amount = dict(self.content.morale)[self.morale]
        bonus = self.modifier(abilities.MORALE_BONUS, 0)
        if self.morale == self.content.morale[-1][0]:
            self.decisions.append(TopMorale(self.first_player, amount + bonus))
            return
        if amount > 0:
            self.gain_det(self.first_player, amount + bonus, "Morale phase (§6.2)")
        elif amount < 0:
            self.lose_det(self.first_player, max(0, -amount - bonus), "Morale phase (§6.2, §6.3)")
