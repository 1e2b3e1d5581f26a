"""The heuristic bot in phase 4 (fuji.md §9, §15): which equipment to use or pass, valued in stamina units."""

from __future__ import annotations

from typing import Any

from ..actions import FujiAction
from ..terms import (
    ARM,
)
from .dice import DiceChoices
from .odds import (
    CARD_VALUE,
    FIRST_AID_SHARE,
    INF,
)


class CardChoices(DiceChoices):
    """Equipment in phase 4, each verb valued by `_eq_<verb>` (§15)."""

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
        s = self.state
        for a in self.acts:
            if a.verb == "give":
                card, to = s.table.content.equipment_by_id[a.ids[0]], a.args[0]
                owner = s.card_location[card]
                if owner >= 0 and (s.injuries[owner] >> ARM) & 1 and not (s.injuries[to] >> ARM) & 1:
                    return a
        return None

    def _mover_gain(self, e: int) -> float:
        s = self.state
        dest, pos = s.destination[e], s.position[e]
        if dest < 0 or dest == pos:
            return 0.0
        return self.ctx.value_at(dest) - self.ctx.value_at(pos) + self.ctx.win_bonus(e, dest)

    def _u(self, e: int, bonus: int = 0, mine: list[tuple[int, int]] | None = None, rr: int = 0,
           specs: Any = None) -> float:
        s = self.state
        card = self.ctx.card(s.destination[e]) if s.destination[e] >= 0 else -1
        ps, ec = self.ctx.evaluate(e, card, rr, bonus + s.movement_bonus[e], mine, specs)
        return ps * self._mover_gain(e) - ec

    def _eq_no_stamina_loss(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        a = opts[0]
        e = self._own(a)
        card = self.ctx.card(self.state.destination[e]) if self.state.destination[e] >= 0 else -1
        _ps, ec = self.ctx.evaluate(e, card, 0, self.state.movement_bonus[e])
        fail = self.ctx.costs(e)[self.state.table.level_loss[0]]
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
        mine_only = ctx.face_scores(e, {e: ctx.card(self.state.destination[e])}) if self.state.destination[e] >= 0 else None
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
        singles = [a for a in opts if len(a.args) == 2]
        for a in singles:
            e = self._own(a)
            d = a.args[1]
            face = self._face(d)
            g = self._dice_gain(e, {d: 7 - face}) if face else -1.0
            if best is None or g > best[0]:
                best = (g, a)
        # all useful dice at once
        if singles and best is not None and best[0] > 0:
            e = self._own(singles[0])
            good = tuple(sorted(a.args[1] for a in singles
                                if self._face(a.args[1]) and self._dice_gain(e, {a.args[1]: 7 - self._face(a.args[1])}) > 0))
            for a in opts:
                if a.args[1:] == good:
                    g = self._dice_gain(e, {d: 7 - self._face(d) for d in good})
                    if g > best[0]:
                        best = (g, a)
        return best

    def _eq_set_face(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            d, face = a.args[1], a.args[2]
            g = self._dice_gain(e, {d: face})
            if best is None or g > best[0]:
                best = (g, a)
        return best

    def _eq_set_aside(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            g = self._dice_gain(e, dict.fromkeys(a.args[1:], 0))
            if best is None or g > best[0]:
                best = (g, a)
        return best

    def _eq_lend_die(self, opts: list[FujiAction]) -> tuple[float, FujiAction] | None:
        ctx = self.ctx
        best: tuple[float, FujiAction] | None = None
        keep_cache: dict[int, list[tuple[float, ...]]] = {}
        for a in opts:
            e = self._own(a)
            d, to = a.args[1], a.args[2]
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
        s = self.state
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            o = a.args[1]
            if s.destination[e] < 0:
                continue
            card = ctx.card(s.destination[e])
            val = ctx.odds.val[card]
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
        s = self.state
        best: tuple[float, FujiAction] | None = None
        for a in opts:
            e = self._own(a)
            cell = a.args[1]
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
