"""A quick guess of a seat's chance to win from a Discover position (for ISMCTS cut-offs, architecture §5).

`evaluate(state, seat)` reads public information only (§18.5): statuses, damage, stamina, resources held,
the current quest stage, how many survivors remain. A survivor who won scores 1, a casualty 0; otherwise the
guess grows with health, stamina, water and food for the nights to come, and (Scenarios 1–2) how far the
quest has come, within its stage too (`stage_progress`: what is paid, done and held, and how near the seat
stands to the stage's faceup place); in Scenario 5 it is the seat's share of the strength still on the map.
"""

from __future__ import annotations

from .carrying import totals
from .goals import goal_of
from .quests import MARKS, goal_spaces, pay_goal, requirement
from .state import DiscoverState
from .terms import CASUALTY, CLEAN_WATER, DIRTY_WATER, FOOD, HEALTH_DIALS, MEAT, STAMINA_CAP, WON


def strength(state: DiscoverState, seat: int) -> float:
    """How well a survivor can last, in [0, 1]: health first, then stamina, water and food."""
    held = totals(state, seat)
    health = (HEALTH_DIALS + 1 - len(state.damage[seat])) / (HEALTH_DIALS + 1)
    water = min(3, held[CLEAN_WATER] + held[DIRTY_WATER]) / 3
    food = min(3, held[FOOD] + held[MEAT] // 2) / 3
    return 0.55 * health + 0.15 * state.stamina[seat] / STAMINA_CAP + 0.15 * water + 0.15 * food


def _stages(state: DiscoverState) -> int:
    """The number of stages of the current scenario's quest (1 without a quest)."""
    if state.quest < 0:
        return 1
    scenario = state.copy.quests[state.quest].scenario
    return max(1, sum(1 for q in state.copy.quests if q.scenario == scenario))


def quest_progress(state: DiscoverState) -> float:
    """The current stage's place in its scenario, in [0, 1): stage 1 of 3 is 0, stage 3 of 3 is 2/3."""
    if state.quest < 0:
        return 0.0
    return (state.copy.quests[state.quest].stage - 1) / _stages(state)


def stage_progress(state: DiscoverState, seat: int) -> float:
    """How far the current stage has come, in [0, 1], from public facts only (§13.2, §17.12): the share of its
    payment made, each of its marks (investigate, defeat, craft) done, its item held by a survivor, and how near
    `seat` stands to its place (on a faceup tile; a place not yet seen counts as far away). The mean of those
    the stage asks for; 0 without a quest."""
    req = requirement(state)
    if not req:
        return 0.0
    parts: list[float] = []
    if "pay" in req or "pay_any" in req:
        owed = sum(pay_goal(state))
        paid = sum(state.quest_paid)
        parts.append(paid / (paid + owed) if paid + owed else 1.0)
    parts += [float(MARKS.index(key) * 1000 + int(req[key]) in state.quest_done) for key in MARKS if key in req]
    goal = goal_of(req)
    if goal.holding:
        cards = state.copy.cards
        parts.append(float(any((not goal.item or cards[c].number == goal.item)
                               and (not goal.trait or goal.trait in cards[c].traits)
                               for s in state.survivors() for c in state.items_of(s))))
    if goal.place:
        seen = [space for space in goal_spaces(state, goal) if state.tile_face[space // 7] >= 0]
        here = state.position[seat]
        near = min((state.board.distance(here, space) for space in seen), default=-1)
        parts.append(0.0 if near < 0 else 1.0 / (1 + max(0, near - goal.reach)))
    return sum(parts) / len(parts) if parts else 0.0


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
    stages = _stages(state)
    guess = 0.05 + 0.55 * mine + 0.35 * (quest_progress(state) + stage_progress(state, seat) / stages)
    return max(0.0, min(1.0, guess))
