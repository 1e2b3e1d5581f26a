"""A quick guess of a seat's chance to win from a Discover position (for ISMCTS cut-offs, architecture §5).

`evaluate(state, seat)` reads public information only (§18.5): statuses, damage, stamina, resources held,
the current quest stage, how many survivors remain. A survivor who won scores 1, a casualty 0; otherwise the
guess grows with health, stamina, water and food for the nights to come, and (Scenarios 1–2) how far the
quest has come; in Scenario 5 it is the seat's share of the strength still on the map.
"""

from __future__ import annotations

from .carrying import totals
from .state import DiscoverState
from .terms import CASUALTY, CLEAN_WATER, DIRTY_WATER, FOOD, HEALTH_DIALS, MEAT, STAMINA_CAP, WON


def strength(state: DiscoverState, seat: int) -> float:
    """How well a survivor can last, in [0, 1]: health first, then stamina, water and food."""
    held = totals(state, seat)
    health = (HEALTH_DIALS + 1 - len(state.damage[seat])) / (HEALTH_DIALS + 1)
    water = min(3, held[CLEAN_WATER] + held[DIRTY_WATER]) / 3
    food = min(3, held[FOOD] + held[MEAT] // 2) / 3
    return 0.55 * health + 0.15 * state.stamina[seat] / STAMINA_CAP + 0.15 * water + 0.15 * food


def quest_progress(state: DiscoverState) -> float:
    """The current stage's place in its scenario, in [0, 1): stage 1 of 3 is 0, stage 3 of 3 is 2/3."""
    if state.quest < 0:
        return 0.0
    quest = state.copy.quests[state.quest]
    stages = sum(1 for q in state.copy.quests if q.scenario == quest.scenario)
    return (quest.stage - 1) / max(1, stages)


def evaluate(state: DiscoverState, seat: int) -> float:
    """A [0, 1] guess of `seat`'s chance to win (public information only)."""
    if state.status[seat] == WON:
        return 1.0
    if state.status[seat] == CASUALTY:
        return 0.0
    mine = strength(state, seat)
    if state.scenario == 5:
        total = sum(strength(state, s) for s in state.survivors())
        return max(0.0, min(1.0, mine / total if total > 0 else 0.0))
    guess = 0.05 + 0.55 * mine + 0.35 * quest_progress(state)
    return max(0.0, min(1.0, guess))
