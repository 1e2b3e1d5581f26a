"""A static estimate of the team's chance to win a Fuji game, from public information only.

Search agents (ISMCTS, docs/ismcts.md) call `evaluate` through `Game.evaluate` where a rollout stops
before the end. It reads only what `observe(None)` shows: meeple positions, the lava, eruption tokens,
stamina, injuries, the level and whether a meeple has moved this round; never a die, a card in the pile
or a choice behind a screen, so it gives the same answer on every determinization of a position.

The estimate is a logistic model over a few race features (`features`): how many failed rounds each
meeple can afford and still outrun the lava to a village (§7, §11), how far it is from a village, and how
much stamina it has beyond what the remaining walk is expected to cost at this level (§4, §10.7). The
weights were fitted to heuristic-bot games (benchmarks/fit_fuji_evaluate.py); they are a guide for search,
not a promise about the odds.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import Board, is_open, lava_times, village_distance

if TYPE_CHECKING:
    from .state import FujiState

MAX_FAILS = 4
"""Failed rounds counted at most in the escape slack."""
PACE = 3
"""Steps a meeple walks in a successful round (§7.1; the Scout's 4 is not modelled)."""
AVG_LOSS = (0.0, 1.5, 2.3, 3.3, 4.2)
"""Expected stamina loss per round by level: one failure in three, moves won by a few pips (§4, §17.3)."""
STEPS_PER_ROUND = 2.4
"""Typical progress per round, failures included (for the stamina need)."""
P_MOVE = 0.6
"""Chance that a planned move (a destination marker placed openly in phase 2) succeeds."""

NAMES = ("bias", "min_slack", "mean_slack", "max_distance", "min_stamina_margin", "mean_stamina_margin",
         "injuries", "away", "level")
WEIGHTS = (-4.013, 0.299, 0.367, -0.129, 0.074, 0.177, 0.048, -0.226, 0.019)
"""Logistic weights over `features`, from `benchmarks/fit_fuji_evaluate.py --games 600` (held-out log loss
0.481 against 0.651 for a constant, accuracy 0.77). Injuries and level get about 0: the stamina margins
already carry them."""

_SLACK: dict[tuple[int, int, int, int], int] = {}


def _escapes(b: Board, times: tuple[int, ...], lava: int, cell: int, fails: int, now: int) -> bool:
    """Whether a meeple on `cell` reaches a village if its first `fails` rounds fail.

    Round r ends with eruption r (the current round is round 1 when the meeple may still move in it,
    `now` = 1; else its next move is in round 2). A meeple walks up to PACE steps in each later round, over
    cards not yet lava, and must end every round on a card the lava has not reached.
    """
    reach = {cell}
    r = 1 - now
    if times[cell] <= r:
        return False
    for _ in range(fails):
        r += 1
        if times[cell] <= r:
            return False
    for _ in range(40):
        r += 1
        grown = set(reach)
        frontier = list(reach)
        for _step in range(PACE):
            nxt = []
            for c in frontier:
                for n in b.adjacent[c]:
                    if n not in grown and is_open(b, lava, n) and times[n] > r - 1:
                        if b.mark[n] in "Hh":
                            return True
                        grown.add(n)
                        nxt.append(n)
            frontier = nxt
        reach = {c for c in grown if times[c] > r}
        if not reach:
            return False
    return False


def escape_slack(b: Board, lava: int, cell: int, now: int = 1) -> int:
    """Failed rounds a meeple on `cell` can afford before it walks out of the lava's way (-1: none).

    Capped at MAX_FAILS; a meeple on a village has MAX_FAILS + 1.
    """
    if b.mark[cell] in "Hh":
        return MAX_FAILS + 1
    key = (id(b), lava, cell, now)
    hit = _SLACK.get(key)
    if hit is not None:
        return hit
    times = lava_times(b, lava)
    res = -1
    for f in range(MAX_FAILS + 1):
        if not _escapes(b, times, lava, cell, f, now):
            break
        res = f
    if len(_SLACK) > 100_000:
        _SLACK.clear()
    _SLACK[key] = res
    return res


def features(s: FujiState) -> tuple[float, ...]:
    """The public race features of a position, in the order of NAMES (the bias first).

    A meeple that still moves this round and has its destination marker down counts as standing on
    the marker with chance P_MOVE and where it is otherwise (markers are placed openly, §7.3).
    """
    from .terms import MOVE, PLAN

    t = s.table
    b = t.board
    level = int(t.options["level"])
    dist = village_distance(b, s.lava)
    room = t.content.exhaustion - 1
    slacks = []
    margins = []
    far = 0.0
    away = 0.0
    for e in range(t.explorers):
        planned = s.destination[e] if PLAN <= s.phase <= MOVE and not s.moved[e] else -1
        spots = ((s.position[e], 1.0),) if planned < 0 else ((planned, P_MOVE), (s.position[e], 1 - P_MOVE))
        slack = margin = dist_e = 0.0
        for cell, p in spots:
            if b.mark[cell] in "Hh":
                slack += p * (MAX_FAILS + 1)
                margin += p * (room - s.stamina[e])
                continue
            away += p
            now = 0 if planned >= 0 or s.phase == MOVE and s.moved[e] else 1
            slack += p * escape_slack(b, s.lava, cell, now)
            d = min(dist[cell], 12)
            dist_e += p * d
            margin += p * (room - s.stamina[e] - math.ceil(d / STEPS_PER_ROUND) * AVG_LOSS[level])
        far = max(far, dist_e)
        slacks.append(slack)
        margins.append(margin)
    injuries = sum(bin(m).count("1") for m in s.injuries)
    return (1.0, min(slacks), sum(slacks) / len(slacks), far, min(margins),
            sum(margins) / len(margins), float(injuries), away, float(level))


def evaluate(s: FujiState, seat: int) -> float:
    """The team's chance to win from `s` as a number in [0, 1] (the same for every seat; Fuji is cooperative).

    A finished game is 1 (won) or 0 (lost). A meeple that cannot outrun the lava even without a failed
    round, or that the lava has cut off from every village, makes the estimate small but not 0: a card
    (the Rope, the Flare gun) may still save it.
    """
    del seat
    if s.over:
        return 1.0 if s.over == 1 else 0.0
    z = sum(w * x for w, x in zip(WEIGHTS, features(s), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


__all__ = ["NAMES", "WEIGHTS", "escape_slack", "evaluate", "features", "lava_times", "village_distance"]
