"""Fuji heuristic bot (fuji.md; strategy notes in docs/bots.md).

`HeuristicAgent` plays to win as a team and obeys a human player's information limits (architecture §5):

* Every die face it reasons about comes from `state.observe(seat)`, where dice the seat may not see are
  marked hidden. Hidden dice are modelled by the die model of §17.1 (each face 1-6 equally likely, the
  colour fixed by the die type), conditioned on the qualitative hints teammates gave (§18).
* Besides that view it reads only public things: the board, lava and tokens, meeple positions and
  markers, stamina, injuries, face-up equipment, pending decisions and the public event log
  (hints, marks), plus static content (requirements, level table, die colours).
* It talks only through the hint actions (`hint threat`, `hint fit`, `hint intent help`).

Decisions are scored in "stamina units": one unit is one space on the stamina board. Dice effects that
are not modelled exactly are valued linearly in pips (`PIP` units per pip). Everything is deterministic
given the state and the seat; `rng` is not needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from outlast.core import Action, OptionError, RandomLike, State

from . import board as geo
from . import rerolls
from .actions import HINT_LEVELS, FujiAction
from .board import Board, lava_times, village_distance
from .content import content
from .state import FujiState
from .terms import (
    AMNESIA,
    ARM,
    EQUIP,
    EQUIPMENT_REROLL,
    GRANTED_REROLL,
    MOVE,
    PLAN,
    REROLL,
    REROLL_ONE,
    SIMULTANEOUS,
)

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
class _Static:
    val: tuple[tuple[tuple[int, ...], ...], ...]
    """val[card][die type][face]: the face's value if valid on that card, else 0 (§7.4)."""
    fresh: tuple[tuple[tuple[tuple[tuple[int, float], ...], ...], ...], ...]
    """fresh[card][type][a]: final valid value of a fresh roll followed by up to `a` rerolls (stop when good)."""
    mean: tuple[tuple[tuple[float, ...], ...], ...]
    """mean[card][type][a]: expectation of fresh[card][type][a]."""


@cache
def _static() -> _Static:
    c = content()
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
    return _Static(tuple(val), tuple(fresh), tuple(mean))


_SUMS: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[float, ...]] = {}
_CDFS: dict[tuple[Any, ...], tuple[float, ...]] = {}


def _sum_dist(card: int, items: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """Distribution of the sum of fresh dice `items` = ((type, rerolls), …) under `card`, cached."""
    key = (card, items)
    hit = _SUMS.get(key)
    if hit is not None:
        return hit
    fresh = _static().fresh[card]
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
    if len(_SUMS) > 200_000:
        _SUMS.clear()
    _SUMS[key] = res
    return res


@cache
def _policy_faces(pcard: int, k: int, rr: int) -> tuple[float, ...]:
    """P(face) of a die of type `k` after its owner rerolled it (up to `rr` times) toward card `pcard`."""
    st = _static()
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
    return tuple(p)


_PSUMS: dict[tuple[int, int, int, tuple[int, ...]], tuple[float, ...]] = {}


def _policy_sum(card: int, pcard: int, rr: int, types: tuple[int, ...]) -> tuple[float, ...]:
    """Distribution of the valid sum under `card` of a neighbour's unseen dice played toward `pcard`."""
    key = (card, pcard, rr, types)
    hit = _PSUMS.get(key)
    if hit is not None:
        return hit
    val = _static().val[card]
    dist = [1.0]
    for k in types:
        faces = _policy_faces(pcard, k, rr)
        out = [0.0] * (len(dist) + 6)
        for x, p in enumerate(dist):
            if p:
                for f in range(1, 7):
                    out[x + val[k][f]] += p * faces[f]
        dist = out
    while len(dist) > 1 and dist[-1] == 0.0:
        dist.pop()
    res = tuple(dist)
    if len(_PSUMS) > 200_000:
        _PSUMS.clear()
    _PSUMS[key] = res
    return res


def _quantile(dist: Sequence[float], s: int) -> float:
    """Mid-rank of `s` in `dist`: P(X < s) + P(X = s) / 2."""
    below = sum(dist[:s]) if s > 0 else 0.0
    at = dist[s] if 0 <= s < len(dist) else 0.0
    return below + at / 2


def _bucket(q: float) -> int:
    return 0 if q < 1 / 3 else 2 if q > 2 / 3 else 1


def _conditioned(dist: tuple[float, ...], bucket: int) -> tuple[float, ...]:
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


def _cdf_max(card: int, specs: tuple[Spec, ...]) -> tuple[float, ...]:
    """cdf[x] = P(max of the neighbours' valid sums under `card` ≤ x).

    Unseen dice of a neighbour with a destination are modelled as rerolled toward that destination.
    """
    key = (card, specs)
    hit = _CDFS.get(key)
    if hit is not None:
        return hit
    val = _static().val[card]
    cdf = [1.0] * NSUM
    for dice, bucket, pcard, prr in specs:
        known = sum(val[k][v] for k, v in dice if v)
        unseen = tuple(sorted(k for k, v in dice if not v))
        if pcard >= 0 and prr > 0:
            dist = _policy_sum(card, pcard, prr, unseen)
        else:
            dist = _sum_dist(card, tuple((k, 0) for k in unseen))
        if bucket >= 0:
            dist = _conditioned(dist, bucket)
        acc = 0.0
        for x in range(NSUM):
            i = x - known
            if 0 <= i < len(dist):
                acc += dist[i]
            elif i >= len(dist):
                acc = 1.0
            cdf[x] *= min(acc, 1.0) if i >= 0 else 0.0
    res = tuple(cdf)
    if len(_CDFS) > 100_000:
        _CDFS.clear()
    _CDFS[key] = res
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
def _death_odds(successes: int, fails_allowed: int) -> float:
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


def _label_index(label: str) -> int:
    e, _, k = label.partition(":")
    return int(e) * 6 + int(k) - 1


def _parse_bool(key: str, text: str) -> float:
    t = text.strip().lower()
    if t in ("1", "true", "yes", "on"):
        return 1.0
    if t in ("0", "false", "no", "off"):
        return 0.0
    raise OptionError(f"heuristic:{key}", text, "true or false")


# ---------------------------------------------------------------------------- the per-decision view
class _Ctx:
    """What one seat knows at one decision, plus cached evaluations."""

    def __init__(self, bot: HeuristicAgent, s: FujiState, seat: int) -> None:
        t = s.table
        self.bot = bot
        self.s = s
        self.table = t
        self.b = t.board
        self.seat = seat
        self.n = t.explorers
        self.lava = s.lava
        self.times = lava_times(self.b, s.lava)
        self.vdist = village_distance(self.b, s.lava)
        self.tokens = s.eruption_tokens_left | s.double_eruption_tokens_left
        self.mine = [e for e in range(self.n) if t.ctrl[e] == seat]
        self.level = int(t.options["level"])
        self.avg = AVG_LOSS[self.level]
        self._dice: list[tuple[int, int, int]] | None = None
        self._held: dict[int, list[tuple[int, int]]] = {}
        self._hints: dict[tuple[int, int], int] | None = None
        self._fits: dict[int, int] | None = None
        self._weights: dict[int, float] = {}
        self._costs: dict[int, tuple[float, ...]] = {}
        far = max((self.vdist[s.position[e]] for e in range(self.n) if not self.village(s.position[e])), default=0)
        self.rounds_left = (min(far, 30) / 2.2 + 0.5) if far else 0.0
        self.step_value = STEP_BASE + STEP_PER_LOSS * self.avg
        # losing the game is worse than being anywhere alive, however far from the village
        self.death_cost = DEATH * bot.risk + 20 * self.step_value

    # --- board -----------------------------------------------------------------------------
    def village(self, cell: int) -> bool:
        return self.b.mark[cell] in "Hh"

    def value_at(self, cell: int, extra: int = 0) -> float:
        """How good it is to end this round on `cell` when `extra` eruptions happen in phase 5."""
        if self.village(cell):
            return 0.0
        dead = self.death_cost
        if self.times[cell] - 1 - extra <= 0:
            return -dead
        b, lava = self.b, self.lava
        d = escape_distance(b, lava, cell, extra, 3)
        if d >= INF:
            return -0.9 * dead - 0.1 * self.step_value * self.vdist[cell] if self.vdist[cell] < INF else -dead
        allowed = 0
        while allowed < 3 and escape_distance(b, lava, cell, extra, 3, allowed + 1) < INF:
            allowed += 1
        need = -(-d * 2 // 5)  # successes to cover d steps at about 2.5 a success
        p = _death_odds(need, allowed)
        return -(1 - p) * self.step_value * d - p * dead

    def win_bonus(self, m: int, cell: int) -> float:
        """A move of `m` onto a village card while everyone else is already there wins at once (§12.2)."""
        s = self.s
        if cell == s.position[m] or not self.village(cell):
            return 0.0
        if all(self.village(s.position[o]) for o in range(self.n) if o != m):
            return WIN_BONUS
        return 0.0

    def card(self, cell: int) -> int:
        return self.s.card_at[cell]

    def allowance(self, e: int) -> int:
        return self.s.allowance(e)

    def rerolls(self, e: int, dist: int, cell: int) -> int:
        """Phase-3 rerolls for a destination at `dist` (§8.1, §8.2)."""
        return rerolls.reroll_count(self.s, e, dist, self.card(cell))

    def token_cost(self, e: int, cell: int, dist: int, start: int = -1) -> int:
        """Fewest eruptions a move to `cell` triggers over its legal paths (§10.4)."""
        s = self.s
        start = s.position[e] if start < 0 else start
        if cell == start or not self.tokens:
            return 0
        limit = self.allowance(e) if dist == self.allowance(e) and dist > 3 else 3
        best = INF
        for path in geo.paths(self.b, self.lava, start, cell, limit):
            n = 0
            for c in path:
                if (s.double_eruption_tokens_left >> c) & 1:
                    n += 2
                elif (s.eruption_tokens_left >> c) & 1:
                    n += 1
            best = min(best, n)
            if best == 0:
                break
        return 0 if best == INF else best

    # --- dice knowledge (only through observe) --------------------------------------------------
    def dice(self) -> list[tuple[int, int, int]]:
        """(die slot, holder, face or 0 if hidden) for every die in play, from `observe(seat)`."""
        if self._dice is None:
            view = self.s.observe(self.seat)
            out: list[tuple[int, int, int]] = []
            for ex in view["explorers"]:
                for d in ex["dice"]:
                    out.append((_label_index(d["die"]), ex["index"], 0 if d.get("hidden") else int(d["value"])))
            for d in view.get("extra_dice", ()):
                i = _label_index(d["die"])
                out.append((i, i // 6, 0 if d.get("hidden") else int(d["value"])))
            self._dice = out
        return self._dice

    def held(self, e: int) -> list[tuple[int, int]]:
        """(die type, face or 0) of the dice explorer (or extra set) `e` holds."""
        hit = self._held.get(e)
        if hit is None:
            hit = self._held[e] = [(i % 6, v) for i, h, v in self.dice() if h == e]
        return hit

    def hints(self) -> dict[tuple[int, int], int]:
        """(sender seat, subject meeple) → threat level, for threat hints given since the subject's last mark."""
        if self._hints is None:
            self._scan_hints()
        assert self._hints is not None
        return self._hints

    def fits(self) -> dict[int, int]:
        if self._fits is None:
            self._scan_hints()
        assert self._fits is not None
        return self._fits

    def _scan_hints(self) -> None:
        hints: dict[tuple[int, int], int] = {}
        fits: dict[int, int] = {}
        marked: set[int] = set()
        rnd = self.s.round
        ev = self.s.events
        for j in range(len(ev) - 1, max(-1, len(ev) - 400), -1):
            e = ev[j]
            if e.kind == "phase":
                if "phase 2" in e.text or "phase 1" in e.text:
                    break
                continue
            if e.visible_to is not None and self.seat not in e.visible_to:
                continue
            if e.kind == "mark":
                marked.add(int(e.data.get("explorer", -1)))
            elif e.kind == "hint" and e.data.get("round") == rnd:
                kind = e.data.get("hint")
                sender = int(e.data["seat"])
                if kind == "threat":
                    subj = int(e.data["subject"])
                    if subj not in marked and (sender, subj) not in hints:
                        hints[(sender, subj)] = HINT_LEVELS[0].index(e.data["level"])
                elif kind == "fit" and sender not in fits:
                    fits[sender] = HINT_LEVELS[1].index(e.data["level"])
        self._hints = hints
        self._fits = fits

    # --- stamina ----------------------------------------------------------------------------------
    def costs(self, e: int) -> tuple[float, ...]:
        """cost[loss] in units for explorer `e` losing `loss` spaces now (injuries, exhaustion)."""
        hit = self._costs.get(e)
        if hit is not None:
            return hit
        s = self.s
        c = self.table.content
        if s.no_stamina_loss[e]:
            res: tuple[float, ...] = (0.0,) * 13
        else:
            st = s.stamina[e]
            need = self.rounds_left * self.avg
            slack = (c.exhaustion - 1 - st) - need
            w = 1.0 + 6.0 / (max(slack, 0.0) + 3.0)
            out = []
            for loss in range(13):
                new = st + loss
                x = w * loss
                if new >= c.exhaustion:
                    x += self.death_cost
                elif s.injuries[e] != 15 and any(st < sp <= new for sp in c.injury_spaces):
                    x += INJURY_COST
                out.append(x)
            res = tuple(out)
        self._costs[e] = res
        return res

    # --- success model -------------------------------------------------------------------------
    def nb_specs(self, e: int, card: int = -1) -> tuple[Spec, ...]:
        """For each neighbour of `e`: its dice (type, face/0) and the threat-hint bucket about `e`.

        Threat hints speak about `e`'s marked destination, so they count only when `card` is that card.
        """
        specs = []
        hints = self.hints()
        marked = self.s.destination[e]
        hinted = marked >= 0 and self.s.card_at[marked] == card
        for nb in self.table.neighbours[e]:
            dice = self.held(nb)
            bucket = -1
            pcard, prr = -1, 0
            if nb < self.n:
                if hinted:
                    lv = hints.get((self.table.ctrl[nb], e))
                    if lv is not None and not all(v for _, v in dice):
                        bucket = lv
                pcard, prr = self.policy(nb)
            specs.append((tuple(sorted(dice)), bucket, pcard, prr))
        return tuple(specs)

    def policy(self, m: int) -> tuple[int, int]:
        """(card, rerolls) meeple `m` is expected to reroll toward, from its public marker; (-1, 0) if none."""
        s = self.s
        cell = s.destination[m]
        if cell < 0 or self.table.ctrl[m] == self.seat:
            return -1, 0
        if s.phase >= REROLL:
            hands = [h for h, hand in enumerate(self.table.hands) if hand[0] == m]
            return s.card_at[cell], max(s.rerolls_entitled[h] for h in hands) if hands else 0
        dist = geo.distance(self.b, self.lava, s.position[m], cell)
        return s.card_at[cell], self.rerolls(m, max(dist, 0), cell)

    def _face(self, die: int) -> int:
        for i, _h, v in self.dice():
            if i == die:
                return v
        return 0

    def evaluate(self, e: int, card: int, rr: int, bonus: int = 0,
                 mine: list[tuple[int, int]] | None = None,
                 specs: tuple[Spec, ...] | None = None) -> tuple[float, float]:
        """(P(success), expected stamina cost) for `e` moving onto `card` with `rr` rerolls to come."""
        if card < 0:
            return 0.0, self.costs(e)[self.table.level_loss[0]]
        st = _static()
        val = st.val[card]
        means = st.mean[card]
        dice = self.held(e) if mine is None else mine
        kept = bonus
        items = []
        for k, v in dice:
            if not v:
                items.append((k, rr))
            elif rr and val[k][v] < means[k][rr - 1]:
                items.append((k, rr - 1))
            else:
                kept += val[k][v]
        dist = _sum_dist(card, tuple(sorted(items)))
        cdf = _cdf_max(card, self.nb_specs(e, card) if specs is None else specs)
        loss = self.table.level_loss
        cost = self.costs(e)
        # P(d >= k) for each k where the loss changes
        pge: dict[int, float] = {}
        ks = [1] + [k for k in range(2, 13) if loss[k] != loss[k - 1]]
        for k in ks:
            tot = 0.0
            for i, p in enumerate(dist):
                x = i + kept - k
                if x >= 0 and p:
                    tot += p * (cdf[x] if x < NSUM else 1.0)
            pge[k] = tot
        ps = pge[1]
        ecost = cost[loss[0]] * (1.0 - ps)
        for j, k in enumerate(ks):
            nxt = pge[ks[j + 1]] if j + 1 < len(ks) else 0.0
            ecost += cost[loss[k]] * (pge[k] - nxt)
        return ps, ecost

    # --- team weights for linear dice scoring ------------------------------------------------------
    def stakes(self, m: int) -> float:
        """Units meeple `m` gains by succeeding rather than failing this round (public information)."""
        s = self.s
        dest, pos = s.destination[m], s.position[m]
        gain = 0.0
        if dest >= 0 and dest != pos:
            gain = max(0.0, self.value_at(dest) - self.value_at(pos)) + self.win_bonus(m, dest)
        cost = self.costs(m)
        loss = self.table.level_loss
        return gain + max(0.0, cost[loss[0]] - cost[loss[3]])

    def weight(self, m: int) -> float:
        """Units one more pip in `m`'s movement value is worth (stake-weighted; scaled by `help` for others)."""
        hit = self._weights.get(m)
        if hit is not None:
            return hit
        s = self.s
        w = DENSITY * self.stakes(m) + PIP * (self.costs(m)[1] - self.costs(m)[0])
        if self.table.ctrl[m] != self.seat:
            w *= self.bot.help
            fit = self.fits().get(self.table.ctrl[m])
            if fit == 3:
                w *= 0.5
            elif fit == 0:
                w *= 0.7
        del s
        self._weights[m] = w
        return w

    def face_scores(self, holder: int, cards: dict[int, int]) -> list[tuple[float, ...]]:
        """score[type][face]: team value (pips) of `holder` holding that face, given movers' cards."""
        val = _static().val
        terms = []
        for m, card in cards.items():
            if card < 0:
                continue
            if m == holder:
                terms.append((self.weight(m), card))
            elif holder in self.table.neighbours[m]:
                terms.append((-BETA * self.weight(m), card))
        out = []
        for k in range(6):
            row = [0.0] * 7
            for w, card in terms:
                vk = val[card][k]
                for v in range(1, 7):
                    row[v] += w * vk[v]
            out.append(tuple(row))
        return out

    def cards(self, extra: dict[int, int] | None = None) -> dict[int, int]:
        """Movers' destination cards: explorer → terrain card (markers; `extra` fills unmarked ones)."""
        s = self.s
        out = {}
        for m in range(self.n):
            cell = s.destination[m]
            if cell < 0 and extra and m in extra:
                cell = extra[m]
            if cell >= 0:
                out[m] = s.card_at[cell]
        return out


def _stop_means(row: tuple[float, ...], attempts: int) -> list[float]:
    """E[m] = expected final score of a fresh roll with `m` more rerolls after it (optimal stopping)."""
    means = [sum(row[1:]) / 6]
    for _ in range(attempts):
        prev = means[-1]
        means.append(sum(max(x, prev) for x in row[1:]) / 6)
    return means


# ---------------------------------------------------------------------------- the agent
class HeuristicAgent:
    """A rule-of-thumb Fuji player for any seat (see the module doc and docs/bots.md).

    Parameters (all optional, given as text, e.g. `heuristic:risk=1.5,help=0.3`):
      risk   how much the bot fears lava and exhaustion (default 1.0; higher is more careful)
      help   weight of teammates' moves in its dice choices (default 1.0; 0 plays selfishly)
      hints  give hints (default true)
      cards  use equipment cards (default true)
    """

    name = "heuristic"
    PARAMS = ("risk", "help", "hints", "cards")

    def __init__(self, **params: str) -> None:
        self.risk = 1.0
        self.help = 1.0
        self.give_hints = True
        self.use_cards = True
        for key, value in params.items():
            if key not in self.PARAMS:
                raise OptionError(f"heuristic:{key}", value, "parameters " + ", ".join(self.PARAMS))
            if key in ("risk", "help"):
                try:
                    x = float(value)
                except (TypeError, ValueError):
                    raise OptionError(f"heuristic:{key}", value, "a number") from None
                if not 0 <= x <= 10:
                    raise OptionError(f"heuristic:{key}", value, "a number from 0 to 10")
                setattr(self, key, x)
            elif key == "hints":
                self.give_hints = bool(_parse_bool(key, str(value)))
            else:
                self.use_cards = bool(_parse_bool(key, str(value)))

    def __repr__(self) -> str:
        return f"HeuristicAgent(risk={self.risk}, help={self.help}, hints={self.give_hints}, cards={self.use_cards})"

    # --- the protocol -----------------------------------------------------------------------------
    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A legal action for `seat`: always one of `state.legal_actions(seat)`."""
        if not isinstance(state, FujiState):
            raise TypeError("HeuristicAgent plays Fuji only")
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(acts) == 1:
            return acts[0]
        pick = _Decide(self, state, seat, acts).choose()
        if pick is not None and pick in acts:
            return pick
        return next((a for a in acts if a.verb in ("ready", "stop")), acts[0])

    def priority(self, state: State, seat: int) -> float:
        """How urgently `seat` wants to act when several seats may (a driver asks the highest first).

        It matters for the phase-5 turn order (§10.1): a move that wins goes first, a meeple threatened by
        a teammate's eruption token goes before it, and a move that triggers a token goes last.
        """
        if not isinstance(state, FujiState) or state.phase != MOVE or state.mover >= 0 or state.decisions:
            return 0.0
        ctx = _Ctx(self, state, seat)
        best = -INF * 1.0
        for e in ctx.mine:
            if not state.moved[e]:
                best = max(best, _go_priority(ctx, e))
        return best


def _exact_values(ctx: _Ctx, m: int) -> tuple[int, int]:
    """(mover's value with its modifiers, best neighbour value) in phase 5, when every die is visible."""
    s = ctx.s
    cell = s.destination[m]
    card = s.card_at[cell] if cell >= 0 else -1
    if card < 0:
        return 0, 0
    val = _static().val[card]
    own = sum(val[k][v] for k, v in ctx.held(m)) + s.movement_bonus[m] + s.bars_spent
    best = max(sum(val[k][v] for k, v in ctx.held(nb)) for nb in ctx.table.neighbours[m])
    return own, best


def _go_priority(ctx: _Ctx, m: int) -> float:
    s = ctx.s
    own, best = _exact_values(ctx, m)
    ok = own > best
    dest = s.destination[m]
    if dest < 0:
        return 1.0
    others_in = all(ctx.village(s.position[o]) for o in range(ctx.n) if o != m)
    if ok and ctx.village(dest) and others_in:
        return 100.0
    dist = geo.distance(ctx.b, ctx.lava, s.position[m], dest)
    if ok and dist > 0 and ctx.token_cost(m, dest, dist) > 0:
        return -10.0
    # threatened by someone else's token trigger this phase
    for o in range(ctx.n):
        if o == m or s.moved[o] or s.destination[o] < 0:
            continue
        d2 = geo.distance(ctx.b, ctx.lava, s.position[o], s.destination[o])
        o_own, o_best = _exact_values(ctx, o)
        if o_own > o_best and d2 > 0 and ctx.token_cost(o, s.destination[o], d2) > 0 and ctx.times[s.position[m]] <= 1 + 2:
            return 20.0
    if ctx.village(s.position[m]) and dest == s.position[m]:
        return 2.0
    return 5.0


class _Decide:
    """One decision: dispatch on the kind of choice offered."""

    def __init__(self, bot: HeuristicAgent, s: FujiState, seat: int, acts: list[FujiAction]) -> None:
        self.bot = bot
        self.s = s
        self.seat = seat
        self.acts = acts
        self.ctx = _Ctx(bot, s, seat)
        self.verbs = {a.verb for a in acts}
        self._others_rows: dict[int, list[tuple[float, ...]]] = {}

    def first(self, verb: str) -> FujiAction | None:
        for a in self.acts:
            if a.verb == verb:
                return a
        return None

    def has(self, a: FujiAction) -> bool:
        return a in self.acts

    def frame(self) -> tuple[int, ...] | None:
        fr = self.s.decisions
        if not fr:
            return None
        top = fr[-1]
        if top[0] not in SIMULTANEOUS:
            return top if top[1] == self.seat else None
        for i in range(len(fr) - 1, -1, -1):
            f = fr[i]
            if f[0] != top[0]:
                break
            if f[1] == self.seat:
                return f
        return None

    def choose(self) -> FujiAction | None:
        v = self.verbs
        s = self.s
        f = self.frame()
        if "keep" in v:
            return self.keep()
        if "leave" in v:
            return self.leave()
        if "starts" in v:
            want = FujiAction(self.seat, "starts", (0, 2))
            return want if self.has(want) else self.acts[0]
        if "collect" in v:
            return self.first("collect")
        if "bars" in v:
            return self.bars(f)
        if "path" in v:
            return self.path()
        if "injury" in v:
            return self.injury()
        if "lose" in v:
            return self.lose()
        if "lend" in v or "refuse" in v:
            return self.lend(f)
        if f is not None and f[0] == REROLL_ONE:
            return self.carabiner(f)
        if f is not None and f[0] in (EQUIPMENT_REROLL, GRANTED_REROLL):
            return self.frame_reroll(f)
        if s.phase == MOVE and "go" in v:
            return self.go()
        if s.phase == REROLL:
            return self.phase3()
        if s.phase == PLAN:
            return self.plan()
        if s.phase == EQUIP:
            return self.equip()
        return None

    # --- setup ---------------------------------------------------------------------------------
    def keep(self) -> FujiAction:
        eq = self.s.table.content.equipment

        def rank(a: FujiAction) -> tuple[int, ...]:
            return tuple(sorted(KEEP_RANK.index(eq[c].id) if eq[c].id in KEEP_RANK else 99 for c in a.args))

        return min((a for a in self.acts if a.verb == "keep"), key=rank)

    def leave(self) -> FujiAction:
        default = self.s.table.content.default_left_out
        for a in self.acts:
            if a.args[0] % 6 == default:
                return a
        return self.acts[-1]

    # --- phase 5 -----------------------------------------------------------------------------------
    def go(self) -> FujiAction:
        return max((a for a in self.acts if a.verb == "go"), key=lambda a: _go_priority(self.ctx, a.args[0]))

    def path(self) -> FujiAction:
        ctx = self.ctx
        s = self.s
        m = s.mover

        def harm(a: FujiAction) -> tuple[float, int]:
            n = 0
            for c in a.args:
                if (s.double_eruption_tokens_left >> c) & 1:
                    n += 2
                elif (s.eruption_tokens_left >> c) & 1:
                    n += 1
            if not n:
                return (0.0, 0)
            # the eruptions happen at once: who would stand on a flipped card, now or by the round's end?
            bad = 0.0
            for o in range(ctx.n):
                cell = a.args[-1] if o == m else s.position[o]
                bad += -ctx.value_at(cell, n) + ctx.value_at(cell, 0)
            return (bad, n)

        return min((a for a in self.acts if a.verb == "path"), key=harm)

    def bars(self, f: tuple[int, ...] | None) -> FujiAction:
        ctx = self.ctx
        s = self.s
        m = s.mover if f is None else f[3]
        own, best = _exact_values(ctx, m)
        loss = s.table.level_loss
        cost = ctx.costs(m)
        dest, pos = s.destination[m], s.position[m]
        gain_move = ctx.value_at(dest) - ctx.value_at(pos) if dest >= 0 and dest != pos else 0.0

        def util(k: int) -> float:
            d = own + k - best
            if d <= 0:
                return -cost[loss[0]] - 0.5 * k
            return gain_move - cost[loss[min(d, 12)]] - 0.5 * k

        opts = [a for a in self.acts if a.verb == "bars"]
        return max(opts, key=lambda a: (util(a.args[0]), -a.args[0]))

    def injury(self) -> FujiAction:
        s = self.s
        f = self.frame()
        e = f[2] if f is not None else s.mover
        c = s.table.content
        cards = sum(1 for x in range(len(s.card_location)) if s.card_location[x] == e)
        sk = c.skills[s.skill[e]].id if s.skill[e] >= 0 else ""
        amnesia = {"equipment_manager": 0.6, "buddy": 1.2, "gatherer": 1.5, "tinkerer": 1.0, "survivalist": 2.2,
                   "scout": 2.0}.get(sk, 1.0)
        if sk == "tinkerer":
            amnesia += 1.5 * sum(1 for x in range(len(s.card_location)) if s.card_location[x] == e and s.card_used_once[x])
        if (s.injuries[e] >> AMNESIA) & 1:
            amnesia = 0.0
        in_village = self.ctx.village(s.position[e])
        cost = {0: 3.0, 1: 0.4 + 1.2 * cards, 2: amnesia, 3: 1.5 if in_village else 2.6}
        return min((a for a in self.acts if a.verb == "injury"), key=lambda a: cost[a.args[0]])

    def lose(self) -> FujiAction:
        default = self.s.table.content.default_left_out
        opts = [a for a in self.acts if a.verb == "lose"]
        for a in opts:
            if a.args[0] % 6 == default:
                return a
        return opts[-1]

    # --- dice decisions with the linear team score ---------------------------------------------------
    def _scores(self, holder: int, extra: dict[int, int] | None = None) -> list[tuple[float, ...]]:
        return self.ctx.face_scores(holder, self.ctx.cards(extra))

    def lend(self, f: tuple[int, ...] | None) -> FujiAction:
        refuse = self.first("refuse")
        if f is None:
            return refuse or self.acts[0]
        lender, borrower = f[2], f[3]
        ctx = self.ctx
        give = self._scores(borrower)
        keep = self._scores(lender)
        faces = {i: v for i, _h, v in ctx.dice()}
        best, pick = 0.3, refuse
        for a in self.acts:
            if a.verb != "lend":
                continue
            i = a.args[0]
            k, v = i % 6, faces.get(i, 0)
            if not v:
                continue
            g = give[k][v] - keep[k][v]
            if g > best:
                best, pick = g, a
        return pick or self.acts[0]

    def carabiner(self, f: tuple[int, ...]) -> FujiAction:
        ctx = self.ctx
        faces = {i: (h, v) for i, h, v in ctx.dice()}
        cache: dict[int, list[tuple[float, ...]]] = {}

        def gain(a: FujiAction) -> float:
            i = a.args[0]
            h, v = faces.get(i, (f[2], 0))
            if h not in cache:
                cache[h] = self._scores(h)
            row = cache[h][i % 6]
            return sum(row[1:]) / 6 - row[v] if v else 0.0

        return max(self.acts, key=gain)

    def _reroll_choice(self, holder: int, dice: Sequence[int], attempts_after: int,
                       extra: dict[int, int] | None = None, min_gain: float = 1e-6) -> tuple[tuple[int, ...], float]:
        """Dice of `holder` worth rerolling now (each die: optimal stopping on the team score)."""
        scores = self._scores(holder, extra)
        faces = {i: v for i, _h, v in self.ctx.dice()}
        pick = []
        total = 0.0
        means_cache: dict[int, list[float]] = {}
        for i in dice:
            k, v = i % 6, faces.get(i, 0)
            if not v:
                continue
            if k not in means_cache:
                means_cache[k] = _stop_means(scores[k], attempts_after)
            g = means_cache[k][attempts_after] - scores[k][v]
            if g > min_gain:
                pick.append(i)
                total += g
        return tuple(sorted(pick)), total

    def frame_reroll(self, f: tuple[int, ...]) -> FujiAction:
        s = self.s
        e = f[2]
        stop = self.first("stop")
        dice = sorted({i for a in self.acts if a.verb == "reroll" for i in a.args})
        attempts_after = f[3] - 1 if f[0] == EQUIPMENT_REROLL else 0
        extra = None
        if s.phase == PLAN:
            # Flashlight before phase 3: the phase-3 rerolls still come
            cell = s.destination[e] if s.destination[e] >= 0 else self._best_mark(e)[0]
            if cell >= 0:
                extra = {e: cell}
                dist = geo.distance(self.ctx.b, self.ctx.lava, s.position[e], cell)
                attempts_after += self.ctx.rerolls(e, dist, cell)
        pick, _gain = self._reroll_choice(e, dice, max(attempts_after, 0), extra)
        if pick:
            a = FujiAction(self.seat, "reroll", pick)
            if self.has(a):
                return a
        return stop or self.acts[-1]

    def phase3(self) -> FujiAction:
        s = self.s
        t = s.table
        stop = self.first("stop")
        hand = next((h for h in range(len(t.hands)) if not s.rerolls_done[h] and s.reroll_choice[h] == -2
                     and t.hands[h][2] == self.seat), -1)
        if hand < 0:
            return stop or self.acts[-1]
        e = t.hands[hand][0]
        left = s.rerolls_left[hand]
        dice = sorted({i for a in self.acts if a.verb in ("reroll", "aside") for i in a.args})
        scores = self._scores(e)
        faces = {i: v for i, _h, v in self.ctx.dice()}
        if "aside" in self.verbs:
            best, pick_aside = 0.3, None
            for i in dice:
                k, v = i % 6, faces.get(i, 0)
                if not v:
                    continue
                keep = scores[k][v]
                if left:
                    keep = max(keep, _stop_means(scores[k], left - 1)[left - 1])
                g = -keep
                if g > best:
                    best, pick_aside = g, i
            if pick_aside is not None:
                return FujiAction(self.seat, "aside", (pick_aside,))
        if left <= 0:
            return stop or self.acts[-1]
        pick, gain = self._reroll_choice(e, dice, left - 1)
        if pick and s.has(e, "power_bars") and s.power_bars[e] < s.ability(e, "power_bars")["max"] and gain < BAR_VALUE:
            pick = ()
        if pick:
            a = FujiAction(self.seat, "reroll", pick)
            if self.has(a):
                return a
        return stop or self.acts[-1]

    # --- phase 2 -----------------------------------------------------------------------------------
    def _candidates(self, e: int) -> list[tuple[int, int]]:
        """(cell, distance) where `e` may put its marker now (legal marks plus the current marker)."""
        s = self.s
        cells = {a.args[1] for a in self.acts if a.verb == "mark" and a.args[0] == e}
        if s.destination[e] >= 0:
            cells.add(s.destination[e])
        return [(c, d) for c, d in geo.reach(self.ctx.b, self.ctx.lava, s.position[e], self.ctx.allowance(e)) if c in cells]

    def _others_eruptions(self, e: int) -> int:
        s = self.s
        ctx = self.ctx
        n = 0
        for o in range(ctx.n):
            if o != e and s.destination[o] >= 0 and s.destination[o] != s.position[o]:
                d = geo.distance(ctx.b, ctx.lava, s.position[o], s.destination[o])
                if d > 0:
                    n = max(n, ctx.token_cost(o, s.destination[o], d))
        return n

    def _mark_utility(self, e: int, cell: int, dist: int, e_oth: int, bonus: int = 0,
                      start: int = -1) -> tuple[float, float]:
        """(utility, P(success)) of marking `cell` for meeple `e` (standing on `start`, default its card)."""
        ctx = self.ctx
        s = self.s
        start = s.position[e] if start < 0 else start
        card = ctx.card(cell)
        rr = ctx.rerolls(e, dist, cell)
        ps, ecost = ctx.evaluate(e, card, rr, bonus)
        mine = ctx.token_cost(e, cell, dist, start) if dist > 0 else 0

        def v_end(c: int, extra: int) -> float:
            if e_oth:
                return 0.4 * ctx.value_at(c, extra) + 0.6 * ctx.value_at(c, extra + e_oth)
            return ctx.value_at(c, extra)

        u = ps * (v_end(cell, mine) + ctx.win_bonus(e, cell)) + (1 - ps) * v_end(start, 0) - ecost
        if rr:
            u += self._help_value(e, card, rr)
        if dist > 0 and (s.equipment_tokens_left >> cell) & 1:
            u += ps * EQUIP_TOKEN
        if mine:
            # Triggering a token costs teammates a round of lava margin, unless they could not avoid
            # that token anyway (then only someone caught on a flipping card right now counts).
            avoid = village_distance_avoiding(ctx.b, ctx.lava, ctx.tokens)
            pen = 0.0
            for o in range(ctx.n):
                if o == e:
                    continue
                spots = [(s.position[o], 1.0)]
                if s.destination[o] >= 0 and not s.moved[o]:
                    spots = [(s.destination[o], 0.6), (s.position[o], 0.4)]
                for c, w in spots:
                    if avoid[c] < INF:
                        pen += w * (ctx.value_at(c, e_oth) - ctx.value_at(c, e_oth + mine))
                    elif not ctx.village(c) and ctx.times[c] - 1 - e_oth - mine <= 0 < ctx.times[c] - 1 - e_oth:
                        pen += w * ctx.death_cost
            u -= ps * pen
        # a meeple staying in the village should not block a neighbour's way in
        if ctx.village(cell):
            for nb in ctx.table.neighbours[e]:
                if nb < ctx.n and not ctx.village(s.position[nb]) and ctx.vdist[s.position[nb]] <= ctx.allowance(nb):
                    entries = [c for c, _ in geo.reach(ctx.b, ctx.lava, s.position[nb], ctx.allowance(nb)) if ctx.village(c)]
                    if cell in entries:
                        u -= 3.0 / len(entries)
        return u, ps

    def _help_value(self, e: int, card: int, rr: int) -> float:
        """What `e`'s phase-3 rerolls are worth to its neighbours' moves when it heads for `card`."""
        others = self._others_rows.get(e)
        if others is None:
            cards = {m: c for m, c in self.ctx.cards().items() if m != e}
            others = self._others_rows[e] = self.ctx.face_scores(e, cards) if cards else []
        if not others:
            return 0.0
        w = self.ctx.weight(e)
        val = _static().val[card]
        total = 0.0
        for k, v in self.ctx.held(e):
            if not v:
                continue
            mine = tuple(w * x for x in val[k])
            both = tuple(a + b for a, b in zip(mine, others[k], strict=True))
            full = max(0.0, _stop_means(both, rr - 1)[rr - 1] - both[v])
            own = max(0.0, _stop_means(mine, rr - 1)[rr - 1] - mine[v])
            total += full - own
        return total

    def _best_mark(self, e: int) -> tuple[int, float, float]:
        """(cell, utility, P(success)) of the best marker for `e` now (-1 if none)."""
        e_oth = self._others_eruptions(e)
        best = (-1, -INF * 1.0, 0.0)
        for cell, dist in self._candidates(e):
            u, ps = self._mark_utility(e, cell, dist, e_oth)
            if u > best[1]:
                best = (cell, u, ps)
        return best

    def _marks_this_phase(self, e: int) -> int:
        n = 0
        for ev in reversed(self.s.events):
            if ev.kind == "phase":
                break
            if ev.kind == "mark" and ev.data.get("explorer") == e:
                n += 1
        return n

    def plan(self) -> FujiAction:
        s = self.s
        ctx = self.ctx
        seat = self.seat
        # 1. Rope before marking, when a free step helps a lot
        if self.bot.use_cards:
            for e in ctx.mine:
                if s.destination[e] < 0:
                    a = self._rope_plan(e)
                    if a is not None:
                        return a
        # 2. markers first
        for e in ctx.mine:
            if s.destination[e] < 0 and any(a.verb == "mark" and a.args[0] == e for a in self.acts):
                cell = self._best_mark(e)[0]
                a = FujiAction(seat, "mark", (e, cell))
                if self.has(a):
                    return a
        # 3. Flashlight when the marked move looks poor
        if self.bot.use_cards:
            for a in self.acts:
                if a.verb == "use" and self._use_verb(a) == "reroll":
                    e = s.card_location[a.args[0]]
                    if s.destination[e] >= 0:
                        dist = geo.distance(ctx.b, ctx.lava, s.position[e], s.destination[e])
                        rr = ctx.rerolls(e, dist, s.destination[e])
                        base, ps = self._mark_utility(e, s.destination[e], dist, self._others_eruptions(e))
                        card = ctx.card(s.destination[e])
                        ps2, ec2 = ctx.evaluate(e, card, rr + 1)
                        if ps < 0.6 and (ps2 - ps) * 8 > CARD_VALUE:
                            return a
        # 4. threat hints for neighbours' destinations
        if self.bot.give_hints:
            for a in self.acts:
                if a.verb == "hint" and a.args[0] == 0 and a.args[2] == 0:
                    subj = a.args[1]
                    if s.destination[subj] < 0 or s.table.ctrl[subj] == seat:
                        continue
                    if not any(subj in ctx.table.neighbours[e] for e in ctx.mine):
                        continue
                    lv = self._threat_level(subj)
                    return FujiAction(seat, "hint", (0, subj, lv))
        # 5. move the marker if something clearly better appeared (hints, others' choices)
        for e in ctx.mine:
            if s.destination[e] >= 0 and self._marks_this_phase(e) < 3:
                cell, u, _ps = self._best_mark(e)
                if cell >= 0 and cell != s.destination[e]:
                    dist = geo.distance(ctx.b, ctx.lava, s.position[e], s.destination[e])
                    cur, _ = self._mark_utility(e, s.destination[e], dist, self._others_eruptions(e))
                    if u > cur + REMARK_MARGIN:
                        a = FujiAction(seat, "mark", (e, cell))
                        if self.has(a):
                            return a
        # 6. fit hint and intent
        if self.bot.give_hints:
            e = ctx.mine[0]
            fit = FujiAction(seat, "hint", (1, -1, 0))
            if self.has(fit) and s.destination[e] >= 0:
                dist = geo.distance(ctx.b, ctx.lava, s.position[e], s.destination[e])
                ps, _ = ctx.evaluate(e, ctx.card(s.destination[e]), ctx.rerolls(e, dist, s.destination[e]))
                lv = 0 if ps < 0.35 else 1 if ps < 0.6 else 2 if ps < 0.85 else 3
                return FujiAction(seat, "hint", (1, -1, lv))
            helpme = FujiAction(seat, "hint", (2, -1, 0))
            if self.has(helpme) and ctx.village(s.position[e]) and s.destination[e] == s.position[e] and any(
                    nb < ctx.n and not ctx.village(s.position[nb]) for nb in ctx.table.neighbours[e]):
                return helpme
        return self.first("ready") or self.acts[-1]

    def _threat_level(self, subj: int) -> int:
        """How big a threat this seat's dice are to meeple `subj`'s destination: 0, 1 or 2 (§18)."""
        ctx = self.ctx
        card = ctx.card(self.s.destination[subj])
        if card < 0:
            return 1
        e = next(x for x in ctx.mine if subj in ctx.table.neighbours[x])
        dice = ctx.held(e)
        val = _static().val[card]
        total = sum(val[k][v] for k, v in dice if v)
        dist = _sum_dist(card, tuple(sorted((k, 0) for k, _ in dice)))
        return _bucket(_quantile(dist, total))

    def _use_verb(self, a: FujiAction) -> str:
        eq = self.s.table.content.equipment
        card, copied, branch = a.args[0], a.args[1], a.args[2]
        src = eq[copied] if copied >= 0 else eq[card]
        return src.branches[branch][0]

    def _rope_plan(self, e: int) -> FujiAction | None:
        """Rope in phase 2 (§15): a free step now when it clearly improves the best plan."""
        ropes = [a for a in self.acts if a.verb == "use" and self._use_verb(a) == "step_now" and self.s.card_location[a.args[0]] == e]
        if not ropes:
            return None
        s = self.s
        ctx = self.ctx
        base = self._best_mark(e)[1]
        best, pick = CARD_VALUE + 1.0, None
        e_oth = self._others_eruptions(e)
        for a in ropes:
            cell = a.args[3]
            if (self.ctx.tokens >> cell) & 1:
                continue
            cands = [(c, d) for c, d in geo.reach(ctx.b, ctx.lava, cell, ctx.allowance(e))
                     if not any(s.destination[nb] == c for nb in ctx.table.neighbours[e] if nb < ctx.n)]
            u = max((self._mark_utility(e, c, d, e_oth, start=cell)[0] for c, d in cands), default=-INF * 1.0)
            if ctx.village(cell) and all(ctx.village(s.position[o]) for o in range(ctx.n) if o != e):
                u = INF * 1.0
            if u - base > best:
                best, pick = u - base, a
        return pick

    # --- phase 4 -----------------------------------------------------------------------------------
    def equip(self) -> FujiAction:
        ready = self.first("ready") or self.acts[-1]
        if not self.bot.use_cards:
            return ready
        uses = [a for a in self.acts if a.verb == "use"]
        if not uses:
            return self._give() or ready
        best = 0.0
        pick: FujiAction | None = None
        by_verb: dict[str, list[FujiAction]] = {}
        for a in uses:
            by_verb.setdefault(self._use_verb(a), []).append(a)
        for verb, opts in by_verb.items():
            fn = getattr(self, "_eq_" + verb, None)
            if fn is None:
                continue
            res: tuple[float, FujiAction] | None = fn(opts)
            if res is not None and res[0] > best:
                best, pick = res
        if pick is not None and best > CARD_VALUE:
            return pick
        return self._give() or ready

    def _give(self) -> FujiAction | None:
        """An Equipment manager with a broken arm hands its cards on (§9.5, §14)."""
        s = self.s
        for a in self.acts:
            if a.verb == "give":
                card, to = a.args
                owner = s.card_location[card]
                if owner >= 0 and (s.injuries[owner] >> ARM) & 1 and not (s.injuries[to] >> ARM) & 1:
                    return a
        return None

    def _own(self, a: FujiAction) -> int:
        return self.s.card_location[a.args[0]]

    def _mover_gain(self, e: int) -> float:
        s = self.s
        dest, pos = s.destination[e], s.position[e]
        if dest < 0 or dest == pos:
            return 0.0
        return self.ctx.value_at(dest) - self.ctx.value_at(pos) + self.ctx.win_bonus(e, dest)

    def _u(self, e: int, bonus: int = 0, mine: list[tuple[int, int]] | None = None, rr: int = 0,
           specs: Any = None) -> float:
        s = self.s
        card = self.ctx.card(s.destination[e]) if s.destination[e] >= 0 else -1
        ps, ec = self.ctx.evaluate(e, card, rr, bonus + s.movement_bonus[e], mine, specs)
        return ps * self._mover_gain(e) - ec

    def _eq_no_stamina_loss(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        a = opts[0]
        e = self._own(a)
        card = self.ctx.card(self.s.destination[e]) if self.s.destination[e] >= 0 else -1
        _ps, ec = self.ctx.evaluate(e, card, 0, self.s.movement_bonus[e])
        fail = self.ctx.costs(e)[self.s.table.level_loss[0]]
        if ec < FIRST_AID_SHARE * fail:
            return None
        return ec * 0.9, a

    def _eq_movement_bonus(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        a = opts[0]
        e = self._own(a)
        amount = 3
        return self._u(e, amount) - self._u(e), a

    def _eq_reroll(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        a = opts[0]
        e = self._own(a)
        return self._u(e, rr=2) - self._u(e), a

    def _dice_gain(self, e: int, changes: dict[int, int]) -> float:
        """Team gain when `e`'s dice change faces (die → new face; 0 = set aside)."""
        ctx = self.ctx
        faces = {i: v for i, h, v in ctx.dice() if h == e}
        before = [(i % 6, v) for i, v in faces.items()]
        after = [(i % 6, changes.get(i, v)) for i, v in faces.items() if changes.get(i, -1) != 0]
        own = self._u(e, mine=after) - self._u(e, mine=before)
        scores = self._scores(e)
        mine_only = ctx.face_scores(e, {e: ctx.card(self.s.destination[e])}) if self.s.destination[e] >= 0 else None
        other = 0.0
        for i, nv in changes.items():
            k, v = i % 6, faces.get(i, 0)
            if not v:
                continue
            d_all = (scores[k][nv] if nv else 0.0) - scores[k][v]
            d_me = ((mine_only[k][nv] if nv else 0.0) - mine_only[k][v]) if mine_only else 0.0
            other += d_all - d_me
        return own + other

    def _eq_turn_over(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        best: tuple[float, FujiAction] | None = None
        singles = [a for a in opts if len(a.args) == 4]
        for a in singles:
            e = self._own(a)
            d = a.args[3]
            face = self._face(d)
            g = self._dice_gain(e, {d: 7 - face}) if face else -1.0
            if best is None or g > best[0]:
                best = (g, a)
        # all useful dice at once
        if singles and best is not None and best[0] > 0:
            e = self._own(singles[0])
            good = tuple(sorted(a.args[3] for a in singles
                                if self._face(a.args[3]) and self._dice_gain(e, {a.args[3]: 7 - self._face(a.args[3])}) > 0))
            for a in opts:
                if a.args[3:] == good:
                    g = self._dice_gain(e, {d: 7 - self._face(d) for d in good})
                    if g > best[0]:
                        best = (g, a)
        return best

    def _face(self, die: int) -> int:
        return self.ctx._face(die)

    def _eq_set_face(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            d, face = a.args[3], a.args[4]
            g = self._dice_gain(e, {d: face})
            if best is None or g > best[0]:
                best = (g, a)
        return best

    def _eq_set_aside(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            g = self._dice_gain(e, dict.fromkeys(a.args[3:], 0))
            if best is None or g > best[0]:
                best = (g, a)
        return best

    def _eq_lend_die(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        ctx = self.ctx
        best: tuple[float, FujiAction] | None = None
        keep_cache: dict[int, list[tuple[float, ...]]] = {}
        for a in opts:
            e = self._own(a)
            d, to = a.args[3], a.args[4]
            v = self._face(d)
            if not v:
                continue
            if e not in keep_cache:
                keep_cache[e] = self._scores(e)
            if to not in keep_cache:
                keep_cache[to] = self._scores(to)
            g = keep_cache[to][d % 6][v] - keep_cache[e][d % 6][v]
            if best is None or g > best[0]:
                best = (g, a)
        del ctx
        return best

    def _eq_everyone_rerolls_one(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        a = opts[0]
        e = self._own(a)
        scores = self._scores(e)
        g = 0.0
        for k, v in self.ctx.held(e):
            if v:
                g = max(g, sum(scores[k][1:]) / 6 - scores[k][v])
        return g + 0.3 * (self.ctx.n - 1), a

    def _eq_borrow_die(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        ctx = self.ctx
        s = self.s
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            o = a.args[3]
            if s.destination[e] < 0:
                continue
            card = ctx.card(s.destination[e])
            val = _static().val[card]
            # expected best die o could lend for our card (o lends only what helps)
            n_dice = len(ctx.held(o))
            p_none = 1.0
            ev = 0.0
            for k in range(6):
                pv = sum(1 for v in range(1, 7) if val[k][v]) / 6
                ev += sum(val[k][1:]) / 6
                p_none *= (1 - pv)
            per = ev / 6 * 1.8
            g_pips = (1 - p_none ** (n_dice / 6)) * per * (2.0 if o in ctx.table.neighbours[e] else 1.0)
            ps, _ = ctx.evaluate(e, card, 0, s.movement_bonus[e])
            g = ctx.weight(e) * g_pips * (1.5 if 0.2 < ps < 0.8 else 0.6)
            if best is None or g > best[0]:
                best = (g, a)
        return best

    def _eq_step_now(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        """Rope in phase 4: a fallback step, worth it when failing would leave the meeple in danger."""
        ctx = self.ctx
        s = self.s
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            cell = a.args[3]
            card = ctx.card(s.destination[e]) if s.destination[e] >= 0 else -1
            ps, _ = ctx.evaluate(e, card, 0, s.movement_bonus[e])
            if (ctx.tokens >> cell) & 1:
                continue
            if ctx.village(cell) and all(ctx.village(s.position[o]) for o in range(ctx.n) if o != e):
                return (INF * 1.0, a)
            g = (1 - ps) * (ctx.value_at(cell) - ctx.value_at(s.position[e]))
            if best is None or g > best[0]:
                best = (g, a)
        return best


__all__ = ["HeuristicAgent", "escape_distance", "lava_times", "play_game", "village_distance"]


def play_game(state: State, agents: Sequence[Any], rng: RandomLike, max_actions: int = 500_000,
              on_action: Callable[[State], object] | None = None) -> int:
    """Play `state` to its end with one agent per seat; chance comes from the state's own RNG.

    When several seats may act, the one whose agent reports the highest `priority(state, seat)` acts
    (agents without that method count 0); ties go round the table, one action per seat, so a seat
    sees what the others did (markers, hints) before it acts again. Returns the number of actions
    applied; `on_action(state)` is called after each one.
    """
    from outlast.core import CHANCE

    cursor = 0
    n = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            order = sorted(movers, key=lambda x: (x - cursor) % 64)
            seat = order[0]
            if len(order) > 1:
                best = None
                for x in order:
                    fn = getattr(agents[x], "priority", None)
                    p = float(fn(state, x)) if fn is not None else 0.0
                    if best is None or p > best:
                        best, seat = p, x
            cursor = seat + 1
            state.apply(agents[seat].act(state, seat, rng))
        n += 1
        if on_action is not None:
            on_action(state)
        if n > max_actions:
            raise RuntimeError("the game did not end")
    return n

