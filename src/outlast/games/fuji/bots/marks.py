"""The heuristic bot in phase 2 (fuji.md §7): where to put destination markers and which hints to give."""

from __future__ import annotations

from .. import board as geo
from ..actions import FujiAction
from .choice import Choice
from .odds import (
    CARD_VALUE,
    EQUIP_TOKEN,
    INF,
    REMARK_MARGIN,
    bucket,
    quantile,
    stop_means,
    sum_dist,
    village_distance_avoiding,
)


class MarkChoices(Choice):
    """Destination markers, hints and an early step in phase 2 (§7, §15, §18)."""

    def _candidates(self, e: int) -> list[tuple[int, int]]:
        """(cell, distance) where `e` may put its marker now (legal marks plus the current marker)."""
        s = self.state
        cells = {a.args[1] for a in self.acts if a.verb == "mark" and a.args[0] == e}
        if s.destination[e] >= 0:
            cells.add(s.destination[e])
        return [(c, d) for c, d in geo.reach(self.ctx.b, self.ctx.lava, s.position[e], self.ctx.allowance(e)) if c in cells]

    def _others_eruptions(self, e: int) -> int:
        s = self.state
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
        s = self.state
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
        val = self.ctx.odds.val[card]
        total = 0.0
        for k, v in self.ctx.held(e):
            if not v:
                continue
            mine = tuple(w * x for x in val[k])
            both = tuple(a + b for a, b in zip(mine, others[k], strict=True))
            full = max(0.0, stop_means(both, rr - 1)[rr - 1] - both[v])
            own = max(0.0, stop_means(mine, rr - 1)[rr - 1] - mine[v])
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
        for ev in reversed(self.state.events):
            if ev.kind == "phase":
                break
            if ev.kind == "mark" and ev.data.get("meeple") == e:
                n += 1
        return n

    def plan(self) -> FujiAction:
        """Phase 2 (§7): the first of these that applies — an early step, a marker, an equipment reroll,
        a threat hint, a better marker, a fit or help hint — else ready."""
        for step in (self._plan_marker, self._plan_equipment_reroll, self._plan_threat_hint, self._plan_remark,
                     self._plan_fit_hint):
            pick = step()
            if pick is not None:
                return pick
        return self.first("ready") or self.acts[-1]

    def _plan_marker(self) -> FujiAction | None:
        """An early step with equipment when it helps a lot, else the best marker for an unmarked meeple."""
        s, ctx = self.state, self.ctx
        if self.bot.use_cards:
            for e in ctx.mine:
                if s.destination[e] < 0:
                    a = self._rope_plan(e)
                    if a is not None:
                        return a
        for e in ctx.mine:
            if s.destination[e] < 0 and any(a.verb == "mark" and a.args[0] == e for a in self.acts):
                cell = self._best_mark(e)[0]
                a = FujiAction(self.seat, "mark", (e, cell))
                if self.has(a):
                    return a
        return None

    def _plan_equipment_reroll(self) -> FujiAction | None:
        """An equipment reroll when the marked move looks poor (§15)."""
        s, ctx = self.state, self.ctx
        if not self.bot.use_cards:
            return None
        for a in self.acts:
            if a.verb == "use" and self._use_verb(a) == "reroll":
                e = self._own(a)
                if s.destination[e] >= 0:
                    dist = geo.distance(ctx.b, ctx.lava, s.position[e], s.destination[e])
                    rr = ctx.rerolls(e, dist, s.destination[e])
                    _base, ps = self._mark_utility(e, s.destination[e], dist, self._others_eruptions(e))
                    card = ctx.card(s.destination[e])
                    ps2, _ec2 = ctx.evaluate(e, card, rr + 1)
                    if ps < 0.6 and (ps2 - ps) * 8 > CARD_VALUE:
                        return a
        return None

    def _plan_threat_hint(self) -> FujiAction | None:
        """A threat hint about a neighbour's destination (§18)."""
        s, ctx, seat = self.state, self.ctx, self.seat
        if not self.bot.give_hints:
            return None
        for a in self.acts:
            if a.verb == "hint" and a.args[0] == 0 and a.args[2] == 0:
                subj = a.args[1]
                if s.destination[subj] < 0 or s.table.ctrl[subj] == seat:
                    continue
                if not any(subj in ctx.table.neighbours[e] for e in ctx.mine):
                    continue
                return FujiAction(seat, "hint", (0, subj, self._threat_level(subj)))
        return None

    def _plan_remark(self) -> FujiAction | None:
        """Move a marker when something clearly better appeared (hints, others' choices)."""
        s, ctx = self.state, self.ctx
        for e in ctx.mine:
            if s.destination[e] >= 0 and self._marks_this_phase(e) < 3:
                cell, u, _ps = self._best_mark(e)
                if cell >= 0 and cell != s.destination[e]:
                    dist = geo.distance(ctx.b, ctx.lava, s.position[e], s.destination[e])
                    cur, _ = self._mark_utility(e, s.destination[e], dist, self._others_eruptions(e))
                    if u > cur + REMARK_MARGIN:
                        a = FujiAction(self.seat, "mark", (e, cell))
                        if self.has(a):
                            return a
        return None

    def _plan_fit_hint(self) -> FujiAction | None:
        """How well one's roll fits one's destination, or a call for help from the village (§18)."""
        s, ctx, seat = self.state, self.ctx, self.seat
        if not self.bot.give_hints:
            return None
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
        return None

    def _threat_level(self, subj: int) -> int:
        """How big a threat this seat's dice are to meeple `subj`'s destination: 0, 1 or 2 (§18)."""
        ctx = self.ctx
        card = ctx.card(self.state.destination[subj])
        if card < 0:
            return 1
        e = next(x for x in ctx.mine if subj in ctx.table.neighbours[x])
        dice = ctx.held(e)
        val = ctx.odds.val[card]
        total = sum(val[k][v] for k, v in dice if v)
        dist = sum_dist(ctx.odds, card, tuple(sorted((k, 0) for k, _ in dice)))
        return bucket(quantile(dist, total))

    def _rope_plan(self, e: int) -> FujiAction | None:
        """Rope in phase 2 (§15): a free step now when it clearly improves the best plan."""
        ropes = [a for a in self.acts if a.verb == "use" and self._use_verb(a) == "step_now" and self._own(a) == e]
        if not ropes:
            return None
        s = self.state
        ctx = self.ctx
        base = self._best_mark(e)[1]
        best, pick = CARD_VALUE + 1.0, None
        e_oth = self._others_eruptions(e)
        for a in ropes:
            cell = a.args[1]
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
