"""Game end: the win and the two losses (robinson-crusoe.md §11, §25.1).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import END_CODES, OVER

if TYPE_CHECKING:
    from .state import RobinsonState


def end(state: RobinsonState, code: str, reason: str) -> None:
    """End the game with one of `END_CODES` (only the first is a win) and its reason in words (§11)."""
    if state.over:
        return
    won = code == END_CODES[0]
    state.over = 1 + END_CODES.index(code)
    state.reason = reason
    state.phase = OVER
    state.decisions.clear()
    state.chance.clear()
    state.work.clear()
    state.log("end", ("Won: " if won else "Lost: ") + reason)


def check_win(state: RobinsonState) -> None:
    """Castaways: the wood pile complete and Fire built, from round 10 on (§11.1, §25.1)."""
    sc = state.table.scenario
    if state.over or state.round < sc.win_from:
        return
    if all(state.pile[i] >= need for i, need in enumerate(sc.pile)) and all(state.built(x) for x in sc.win_items):
        end(state, "signal_fire", f"the signal fire is ready in round {state.round} (§25.1)")
