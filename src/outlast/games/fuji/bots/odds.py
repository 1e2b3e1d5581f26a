"""The heuristic bot's odds: dice-sum distributions, reroll policies, escape distances (fuji.md §8, §10, §11, §17.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from outlast.core import OptionError

from .. import board as geo
from ..board import Board, lava_times, village_distance
from ..content import Content

INF = 999
MAXA = 8  # most rerolls a die can get in one round that the tables cover
NSUM = 80  # length of the cumulative tables (sums of valid dice plus bonuses)
AVG_LOSS = (0.0, 1.5, 2.3, 3.3, 4.2)  # expected loss per round by level (§17.3)

# scoring constants (stamina units)
DEATH = 35.0
P_ROUND = 0.65  # chance a meeple's move succeeds in a typical round
PIP = 0.5  # stamina saved per pip of margin (the loss drops by one every two pips)
DENSITY = 0.06  # chance per pip that one more pip turns a failure into a success
BAR_VALUE = 0.6  # a Gatherer's power bar kept for later
FIRST_AID_SHARE = 0.0  # use the First Aid Kit only when the expected cost is this share of a failure's
WIN_BONUS = 30.0  # a move that puts the last meeple in the village ends the game with a win
STEP_BASE = 1.2  # units per step nearer the village, plus STEP_PER_LOSS per point of a round's typical loss
STEP_PER_LOSS = 0.7
CARD_VALUE = 1.6  # an unused card: 1 VP at the end plus its option value
EQUIP_TOKEN = 1.5
REMARK_MARGIN = 0.2
INJURY_COST = 2.5
BETA = 0.6  # how much a neighbour's pip counts against a mover (the mover must beat the larger of two)

KEEP_RANK = ("first_aid_kit", "flare_gun", "shovel", "rope", "water", "lighter", "map", "duct_tape",
             "machete", "flashlight", "pocket_knife", "carabiner", "compass", "radio", "binoculars")


# ---------------------------------------------------------------------------- static dice tables
@dataclass(frozen=True)
class Static:
    """The odds of one content's terrain cards and dice, with the distributions computed from them so far
    (cards are content indices, so each content has its own: `static(content)`)."""

    val: tuple[tuple[tuple[int, ...], ...], ...]
    """val[card][die type][face]: the face's value if valid on that card, else 0 (§7.4)."""
    fresh: tuple[tuple[tuple[tuple[tuple[int, float], ...], ...], ...], ...]
    """fresh[card][type][a]: final valid value of a fresh roll followed by up to `a` rerolls (stop when good)."""
    mean: tuple[tuple[tuple[float, ...], ...], ...]
    """mean[card][type][a]: expectation of fresh[card][type][a]."""
    sums: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[float, ...]] = field(default_factory=dict)
    faces: dict[tuple[int, int, int], tuple[float, ...]] = field(default_factory=dict)
    psums: dict[tuple[int, int, int, tuple[int, ...]], tuple[float, ...]] = field(default_factory=dict)
    cdfs: dict[tuple[Any, ...], tuple[float, ...]] = field(default_factory=dict)


def static(c: Content) -> Static:
    """The odds tables of content `c`, built once and kept with it."""
    return c.derive(_build_static)


def _build_static(c: Content) -> Static:
    val = []
    fresh = []
    mean = []
    for tc in c.terrain:
        vrow = []
        frow = []
        mrow = []
        for k in range(6):
            faces = [0] * 7
            for v in range(1, 7):
                col = "YBP".index(c.die_colours[k][v])
                faces[v] = v if tc.valid[col][v] else 0
            vrow.append(tuple(faces))
            dists: list[tuple[tuple[int, float], ...]] = []
            means: list[float] = []
            prev: dict[int, float] = {}
            for a in range(MAXA + 1):
                d: dict[int, float] = {}
                for v in range(1, 7):
                    x = faces[v]
                    if a == 0 or x >= means[a - 1]:
                        d[x] = d.get(x, 0.0) + 1 / 6
                    else:
                        for y, p in prev.items():
                            d[y] = d.get(y, 0.0) + p / 6
                prev = d
                dists.append(tuple(sorted(d.items())))
                means.append(sum(x * p for x, p in d.items()))
            frow.append(tuple(dists))
            mrow.append(tuple(means))
        val.append(tuple(vrow))
        fresh.append(tuple(frow))
        mean.append(tuple(mrow))
    return Static(tuple(val), tuple(fresh), tuple(mean))


def sum_dist(st: Static, card: int, items: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """Distribution of the sum of fresh dice `items` = ((type, rerolls), …) under `card`, cached."""
    key = (card, items)
    hit = st.sums.get(key)
    if hit is not None:
        return hit
    fresh = st.fresh[card]
    dist = [1.0]
    for k, a in items:
        pairs = fresh[k][min(a, MAXA)]
        out = [0.0] * (len(dist) + 6)
        for s, p in enumerate(dist):
            if p:
                for x, q in pairs:
                    out[s + x] += p * q
        dist = out
    while len(dist) > 1 and dist[-1] == 0.0:
        dist.pop()
    res = tuple(dist)
    if len(st.sums) > 200_000:
        st.sums.clear()
    st.sums[key] = res
    return res


def policy_faces(st: Static, pcard: int, k: int, rr: int) -> tuple[float, ...]:
    """P(face) of a die of type `k` after its owner rerolled it (up to `rr` times) toward card `pcard`, cached."""
    hit = st.faces.get((pcard, k, rr))
    if hit is not None:
        return hit
    val = st.val[pcard][k]
    means = st.mean[pcard][k]
    p = [0.0] + [1 / 6] * 6
    for a in range(min(rr, MAXA), 0, -1):
        moved = 0.0
        for f in range(1, 7):
            if val[f] < means[a - 1]:
                moved += p[f]
                p[f] = 0.0
        for f in range(1, 7):
            p[f] += moved / 6
    res = st.faces[(pcard, k, rr)] = tuple(p)
    return res


def policy_sum(st: Static, card: int, pcard: int, rr: int, types: tuple[int, ...]) -> tuple[float, ...]:
    """Distribution of the valid sum under `card` of a neighbour's unseen dice played toward `pcard`."""
    key = (card, pcard, rr, types)
    hit = st.psums.get(key)
    if hit is not None:
        return hit
    val = st.val[card]
    dist = [1.0]
    for k in types:
        faces = policy_faces(st, pcard, k, rr)
        out = [0.0] * (len(dist) + 6)
        for x, p in enumerate(dist):
            if p:
                for f in range(1, 7):
                    out[x + val[k][f]] += p * faces[f]
        dist = out
    while len(dist) > 1 and dist[-1] == 0.0:
        dist.pop()
    res = tuple(dist)
    if len(st.psums) > 200_000:
        st.psums.clear()
    st.psums[key] = res
    return res


def quantile(dist: Sequence[float], s: int) -> float:
    """Mid-rank of `s` in `dist`: P(X < s) + P(X = s) / 2."""
    below = sum(dist[:s]) if s > 0 else 0.0
    at = dist[s] if 0 <= s < len(dist) else 0.0
    return below + at / 2


def bucket(q: float) -> int:
    return 0 if q < 1 / 3 else 2 if q > 2 / 3 else 1


def conditioned(dist: tuple[float, ...], bucket: int) -> tuple[float, ...]:
    """`dist` conditioned on its quantile band `bucket` (a threat hint), softened for later rerolls."""
    lo, hi = bucket / 3, (bucket + 1) / 3
    out = []
    acc = 0.0
    for p in dist:
        a0, a1 = acc, acc + p
        acc = a1
        out.append(max(0.0, min(a1, hi) - max(a0, lo)))
    tot = sum(out)
    if tot <= 0:
        return dist
    return tuple(0.7 * x / tot + 0.3 * p for x, p in zip(out, dist, strict=True))


Spec = tuple[tuple[tuple[int, int], ...], int, int, int]
"""A neighbour as seen by a seat: (dice as (type, face or 0), threat-hint bucket or -1, its card or -1, its rerolls)."""


def cdf_max(st: Static, card: int, specs: tuple[Spec, ...]) -> tuple[float, ...]:
    """cdf[x] = P(max of the neighbours' valid sums under `card` ≤ x).

    Unseen dice of a neighbour with a destination are modelled as rerolled toward that destination.
    """
    key = (card, specs)
    hit = st.cdfs.get(key)
    if hit is not None:
        return hit
    val = st.val[card]
    cdf = [1.0] * NSUM
    for dice, bucket, pcard, prr in specs:
        known = sum(val[k][v] for k, v in dice if v)
        unseen = tuple(sorted(k for k, v in dice if not v))
        if pcard >= 0 and prr > 0:
            dist = policy_sum(st, card, pcard, prr, unseen)
        else:
            dist = sum_dist(st, card, tuple((k, 0) for k in unseen))
        if bucket >= 0:
            dist = conditioned(dist, bucket)
        acc = 0.0
        for x in range(NSUM):
            i = x - known
            if 0 <= i < len(dist):
                acc += dist[i]
            elif i >= len(dist):
                acc = 1.0
            cdf[x] *= min(acc, 1.0) if i >= 0 else 0.0
    res = tuple(cdf)
    if len(st.cdfs) > 100_000:
        st.cdfs.clear()
    st.cdfs[key] = res
    return res




_ESC: dict[tuple[int, int, int, int, int], int] = {}


def escape_distance(b: Board, lava: int, cell: int, extra: int, pace: int, fails: int = 0) -> int:
    """Steps from `cell` to a village along a path that stays ahead of the lava (INF if none).

    The meeple is on `cell` when this round ends (after 1 + `extra` eruptions), may then fail
    `fails` rounds, and walks `pace` steps in every other round; the card it stands on at the end of
    each round must not have flipped by then.
    """
    key = (id(b), lava, cell, extra * 64 + fails, pace)
    hit = _ESC.get(key)
    if hit is not None:
        return hit
    times = lava_times(b, lava)
    shift = 1 + extra + fails
    res = INF
    if b.mark[cell] in "Hh":
        res = 0
    elif times[cell] - shift > 0:
        seen = {cell}
        frontier = [cell]
        j = 0
        while frontier and res == INF:
            j += 1
            need = -(-j // pace)
            nxt = []
            for c in frontier:
                for n in b.adjacent[c]:
                    if n in seen or not geo.is_open(b, lava, n) or times[n] - shift <= need:
                        continue
                    if b.mark[n] in "Hh":
                        res = j
                        break
                    seen.add(n)
                    nxt.append(n)
                if res != INF:
                    break
            frontier = nxt
    if len(_ESC) > 300_000:
        _ESC.clear()
    _ESC[key] = res
    return res


@cache
def death_odds(successes: int, fails_allowed: int) -> float:
    """P(more than `fails_allowed` failures before the `successes`-th success), rounds succeeding at P_ROUND."""
    p, q = P_ROUND, 1 - P_ROUND
    ok = 0.0
    coef = 1.0
    for f in range(fails_allowed + 1):
        if f:
            coef = coef * (successes - 1 + f) / f
        ok += coef * p ** successes * q ** f
    return max(0.0, 1.0 - ok)


def village_distance_avoiding(b: Board, lava: int, blocked: int) -> tuple[int, ...]:
    """Like `village_distance`, but never entering the cards in the `blocked` bitmask."""
    return village_distance(b, lava, blocked)


def label_index(label: str) -> int:
    e, _, k = label.partition(":")
    return int(e) * 6 + int(k) - 1


def parse_bool(key: str, text: str) -> float:
    t = text.strip().lower()
    if t in ("1", "true", "yes", "on"):
        return 1.0
    if t in ("0", "false", "no", "off"):
        return 0.0
    raise OptionError(f"heuristic:{key}", text, "true or false")


def stop_means(row: tuple[float, ...], attempts: int) -> list[float]:
    """E[m] = expected final score of a fresh roll with `m` more rerolls after it (optimal stopping)."""
    means = [sum(row[1:]) / 6]
    for _ in range(attempts):
        prev = means[-1]
        means.append(sum(max(x, prev) for x in row[1:]) / 6)
    return means


