"""Static value of a Robinson Crusoe position for search leaves (Castaways, §25.1).

`evaluate(state, seat)` guesses the team's chance to win from public information only: the wood pile,
whether Fire is built or Mountains explored, the Shelter and Roof against the weather still to come,
the Palisade and Weapon, Wounds against each castaway's death space, food and wood in stock, Morale and
the round. It is a logistic score whose weights were fitted to the round-start positions of 480
heuristic-team games (120 per player count, seeds 5000+); the Weapon and food weights, which came out
slightly negative (confounded with other features), are set to 0. Calibration on that data: predicted
0.04 / 0.15 / 0.27 / 0.49 / 0.69 / 0.87 for observed 0.04 / 0.17 / 0.23 / 0.46 / 0.81 / 0.92.
"""

from __future__ import annotations

import math
from typing import Any

WOOD, FOOD, NONPER, FUR = range(4)


def features(s: Any) -> dict[str, float]:
    """The public quantities the score is built from."""
    sc = s.table.scenario
    n = s.players
    total = sum(sc.pile)
    pile = sum(min(p, need) for p, need in zip(s.pile, sc.pile, strict=True)) / total
    stages = sum(1 for p, need in zip(s.pile, sc.pile, strict=True) if p < need)
    rounds_left = max(0, sc.win_from - s.round)  # transfers still to come before the first winning round
    fire = 1.0 if s.built("fire") else 0.0
    mountains = 1.0 if fire or "mountains" in s.explored_terrains() else 0.0
    margins = []
    for p in range(n):
        death = s.content.characters[s.table.chars[p]].death_at
        margins.append(max(0, death - s.wounds[p]))
    worst = min(margins)
    mean = sum(margins) / n
    weather_left = sum(1 for r in range(s.round, min(sc.win_from, sc.rounds + 1)) if sc.weather[r - 1])
    roof_need = 3 if s.round >= 5 else 2
    return {
        "pile": pile,
        "stage_gap": max(0, stages - rounds_left - 1),
        "fire": fire,
        "mountains": mountains,
        "worst": min(worst, 6),
        "mean": mean,
        "shelter": 1.0 if s.has_shelter() else 0.0,
        "roof_short": max(0, roof_need - s.roof) * weather_left / 6,
        "palisade": min(s.palisade, 2),
        "weapon": min(s.weapon, 3),
        "wood": min(s.resources[WOOD] + s.future_resources[WOOD], 6),
        "food": min(s.resources[FOOD] + s.resources[NONPER] + s.future_resources[FOOD] + s.future_resources[NONPER], n + 2) / n,
        "morale": s.morale,
        "round": s.round / sc.rounds,
        "players": n,
    }


# logistic weights over the features
WEIGHTS = {
    "bias": 0.32,
    "pile": 7.9,
    "stage_gap": -0.714,
    "fire": 0.133,
    "mountains": 0.616,
    "worst": 0.222,
    "mean": 0.043,
    "shelter": 0.484,
    "roof_short": -0.931,
    "palisade": 0.26,
    "weapon": 0.0,
    "wood": 0.391,
    "food": 0.0,
    "morale": 0.039,
    "round": -9.458,
    "players": -0.731,
}


def evaluate(state: Any, seat: int) -> float:
    """A guess in [0, 1] of the team's chance to win; 1 or 0 once the game is over."""
    if state.is_over():
        return 1.0 if state.outcome().seats[seat].won else 0.0
    f = features(state)
    z = WEIGHTS["bias"] + sum(WEIGHTS[k] * v for k, v in f.items())
    if f["worst"] <= 0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
