"""The Morale phase and the Morale track (robinson-crusoe.md §6, §12.2).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .decisions import TopMorale

if TYPE_CHECKING:
    from .state import RobinsonState


def change_morale(state: RobinsonState, by: int, cause: str) -> None:
    """Move Morale; at the top or bottom of the track the change does nothing (§12.2)."""
    lo, hi = state.content.morale[0][0], state.content.morale[-1][0]
    new = max(lo, min(hi, state.morale + by))
    if new != state.morale:
        state.morale = new
        state.log("morale", f"Morale {by:+d} → {new} ({cause}).")


def _morale_phase(state: RobinsonState) -> None:
    if state.players == 1:
        change_morale(state, 1, "solo: each Morale phase begins with +1 (§14.5)")
    amount = dict(state.content.morale)[state.morale]
    bonus = state.modifier(abilities.MORALE_BONUS, 0)
    if state.morale == state.content.morale[-1][0]:
        state.decisions.append(TopMorale(state.first_player, amount + bonus))
        return
    if amount > 0:
        state.gain_det(state.first_player, amount + bonus, "Morale phase (§6.2)")
    elif amount < 0:
        state.lose_det(state.first_player, max(0, -amount - bonus), "Morale phase (§6.2, §6.3)")
