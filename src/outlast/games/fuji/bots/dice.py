"""The heuristic bot's dice choices: phase-3 rerolls (fuji.md §8), equipment rerolls and lends (§15)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import abilities
from .. import board as geo
from ..actions import FujiAction
from ..decisions import FujiDecision
from ..equipment import EquipmentReroll, GrantedReroll, Lend, RerollOne
from ..terms import (
    PLAN,
)
from .marks import MarkChoices
from .odds import (
    BAR_VALUE,
    stop_means,
)


class DiceChoices(MarkChoices):
    """Which dice to reroll, lend or keep (§8.3, §15)."""

    def lend(self, f: FujiDecision | None) -> FujiAction:
        refuse = self.first("refuse")
        if not isinstance(f, Lend):
            return refuse or self.acts[0]
        lender, borrower = f.meeple, f.borrower
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

    def reroll_one_die(self, f: RerollOne) -> FujiAction:
        """§15: the meeple must reroll exactly one die; the one whose reroll gains the team most."""
        ctx = self.ctx
        faces = {i: (h, v) for i, h, v in ctx.dice()}
        cache: dict[int, list[tuple[float, ...]]] = {}

        def gain(a: FujiAction) -> float:
            i = a.args[0]
            h, v = faces.get(i, (f.meeple, 0))
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
                means_cache[k] = stop_means(scores[k], attempts_after)
            g = means_cache[k][attempts_after] - scores[k][v]
            if g > min_gain:
                pick.append(i)
                total += g
        return tuple(sorted(pick)), total

    def frame_reroll(self, f: EquipmentReroll | GrantedReroll) -> FujiAction:
        s = self.state
        e = f.meeple
        stop = self.first("stop")
        dice = sorted({i for a in self.acts if a.verb == "reroll" for i in a.args})
        attempts_after = f.times - 1 if isinstance(f, EquipmentReroll) else 0
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
        s = self.state
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
                    keep = max(keep, stop_means(scores[k], left - 1)[left - 1])
                g = -keep
                if g > best:
                    best, pick_aside = g, i
            if pick_aside is not None:
                return FujiAction(self.seat, "aside", (pick_aside,))
        if left <= 0:
            return stop or self.acts[-1]
        pick, gain = self._reroll_choice(e, dice, left - 1)
        cap = s.modifier(e, abilities.POWER_BARS_HELD, 0)
        if pick and cap and s.power_bars[e] < cap and gain < BAR_VALUE:
            pick = ()
        if pick:
            a = FujiAction(self.seat, "reroll", pick)
            if self.has(a):
                return a
        return stop or self.acts[-1]
