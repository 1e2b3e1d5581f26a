"""Pending decisions (architecture §2): one entry per kind, naming its rule, its legal actions and its answer.

A decision is a tuple `(kind, seat, explorer, count, 0)` on `FujiState.decisions`: the top one (or, for a
kind several seats answer at once, every one of that kind on top) is what the table waits for. `KINDS`
holds, per kind, the functions of the chapter module that owns it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import equipment, movement, setup
from .actions import FujiAction
from .terms import DECISION_NAMES, SIMULTANEOUS

if TYPE_CHECKING:
    from .state import FujiState

Decision = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """One kind of pending decision: its name, its rule and the functions that offer and answer it."""

    name: str
    rule: str
    actions: Callable[[FujiState, Decision], list[FujiAction]]
    answer: Callable[[FujiState, Decision, FujiAction], None]


KINDS = tuple(DecisionKind(name, rule, actions, answer) for name, (rule, actions, answer) in zip(DECISION_NAMES, (
    ("§3.2", setup.keep_actions, setup.answer_keep),
    ("§17.1", setup.leave_actions, setup.answer_leave),
    ("§17.6 item 9", setup.starters_actions, setup.answer_starters),
    ("§15", equipment.reroll_actions, equipment.answer_reroll),
    ("§15", equipment.reroll_actions, equipment.answer_reroll),
    ("§15", equipment.lend_actions, equipment.answer_lend),
    ("§15", equipment.reroll_one_actions, equipment.answer_reroll_one),
    ("§10.3", equipment.collect_actions, equipment.answer_collect),
    ("§14", movement.bars_actions, movement.answer_bars),
    ("§17.6 item 1", movement.path_actions, movement.answer_path),
    ("§10.6", movement.injury_actions, movement.answer_injury),
    ("§10.6", movement.lose_die_actions, movement.answer_lose_die),
), strict=True))
"""Every kind, indexed by its number in `terms` (KEEP … LOSE_DIE)."""


def seats_deciding(state: FujiState) -> list[int]:
    """Seats that answer the pending decision: its seat, or every seat with one of a simultaneous kind on top."""
    decisions = state.decisions
    top = decisions[-1]
    if top[0] not in SIMULTANEOUS:
        return [top[1]]
    seats: list[int] = []
    for decision in reversed(decisions):
        if decision[0] != top[0]:
            break
        if decision[1] not in seats:
            seats.append(decision[1])
    return sorted(seats)


def decision_for(state: FujiState, seat: int) -> int:
    """Index in `state.decisions` of the decision `seat` answers now, or -1."""
    decisions = state.decisions
    if not decisions:
        return -1
    top = decisions[-1]
    if top[0] not in SIMULTANEOUS:
        return len(decisions) - 1 if top[1] == seat else -1
    for i in range(len(decisions) - 1, -1, -1):
        decision = decisions[i]
        if decision[0] != top[0]:
            break
        if decision[1] == seat:
            return i
    return -1


def decision_actions(state: FujiState, decision: Decision) -> list[FujiAction]:
    """The legal answers to `decision`."""
    return KINDS[decision[0]].actions(state, decision)


def answer(state: FujiState, seat: int, act: FujiAction) -> None:
    """Take `seat`'s decision off the stack and apply its answer `act` (already checked legal)."""
    decision = state.decisions.pop(decision_for(state, seat))
    KINDS[decision[0]].answer(state, decision, act)
