"""Phase 6, the eruption (fuji.md §11), and the eruption tokens a meeple crosses (§10.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board as geo
from . import scoring
from .board import cell_name
from .terms import PLAN

if TYPE_CHECKING:
    from .state import FujiState


def erupt(state: FujiState) -> None:
    """One eruption (§11.1, §11.2): flip every face-up landscape or rubble card next to lava.

    Tokens on flipped cards go (§17.6 item 7); a meeple on one is lost (§12.1); in phase 2 a marker the lava
    covers or cuts off must be placed again (§7.3).
    """
    board = state.table.board
    front = geo.eruption_front(board, state.lava)
    state.lava |= front
    state.equipment_tokens_left &= ~front
    state.eruption_tokens_left &= ~front
    state.double_eruption_tokens_left &= ~front
    flipped = [cell_name(cell) for cell in board.cells if (front >> cell) & 1]
    state.log("eruption", "lava flows onto " + (", ".join(flipped) or "nothing new"), cells=flipped)
    for e in range(state.table.explorers):
        marked = state.destination[e]
        if state.phase == PLAN and marked >= 0 and (
                (front >> marked) & 1 or marked not in
                [cell for cell, _ in geo.reach(board, state.lava, state.position[e], state.allowance(e))]):
            state.destination[e] = -1  # markers still move in phase 2: one cut off by lava must be placed again
        if (front >> state.position[e]) & 1:
            scoring.lose(state, f"lava reached meeple {e} on {cell_name(state.position[e])}", "§12.1", "lava")


def cleanup(state: FujiState) -> None:
    """§11.5: dice go home, set-aside dice return, round effects end."""
    table = state.table
    state.die_holder = [i // 6 for i in range(table.dice)]
    n = table.explorers
    state.no_stamina_loss = [0] * n
    state.movement_bonus = [0] * n
    state.screen_lowered = [0] * n
    state.stepped_early = [0] * n
    state.die_set_aside = [0] * n
    state.moved = [0] * n
    state.destination = [-1] * n
