"""The round (fuji.md §5): phases 1–6 in order, run until someone must choose or chance must resolve."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import eruption, movement, planning, rerolls, rolling, setup
from .terms import EQUIP, ERUPT, MOVE, NO_CHOICE, PLAN, REROLL, ROLL, SETUP

if TYPE_CHECKING:
    from .state import FujiState


def advance(state: FujiState) -> None:
    """Run automatic steps until a chance point, a decision, or the end (§5).

    Eruptions a meeple's path set off wait for its decisions and draws, then come first (§10.4, §17.6 item 6).
    """
    while not state.over and not state.chance and not state.decisions:
        if state.eruptions_due:
            state.eruptions_due -= 1
            eruption.erupt(state)
            continue
        phase = state.phase
        if phase == SETUP:
            setup.setup_next(state)
        elif phase == ROLL:
            planning.open_window(state, PLAN)
            state.destination = [-1] * state.table.explorers
        elif phase in (PLAN, EQUIP):
            if not all(state.ready):
                return
            if phase == PLAN:
                rerolls.begin_rerolls(state)
            else:
                movement.reveal(state)
        elif phase == REROLL:
            if not _rerolls_step(state):
                return
        elif phase == MOVE:
            if state.mover < 0:
                if not all(state.moved):
                    return
                movement.end_movement(state)
                continue
            movement.next_turn_step(state)
        elif phase == ERUPT:
            eruption.erupt(state)
            if not state.over:
                eruption.cleanup(state)
                rolling.start_round(state)


def _rerolls_step(state: FujiState) -> bool:
    """Phase 3 once every hand has chosen: resolve the step, or end the phase (§8.3); False while a hand thinks."""
    if rerolls.waiting_hands(state):
        return False
    if any(choice != NO_CHOICE for choice in state.reroll_choice):
        rerolls.resolve_reroll_step(state)
        return True
    if all(state.rerolls_done):
        rerolls.end_rerolls(state)
        return True
    return False
