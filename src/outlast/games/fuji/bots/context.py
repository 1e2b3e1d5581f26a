"""What one seat knows at one decision, with cached evaluations (the bot's view of the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board as geo
from .. import rerolls
from ..actions import HINT_LEVELS
from ..board import lava_times, village_distance
from ..state import FujiState
from ..terms import (
    REROLL,
)
from .odds import (
    AVG_LOSS,
    BETA,
    DEATH,
    DENSITY,
    INF,
    INJURY_COST,
    NSUM,
    PIP,
    STEP_BASE,
    STEP_PER_LOSS,
    WIN_BONUS,
    Spec,
    cdf_max,
    death_odds,
    escape_distance,
    label_index,
    static,
    sum_dist,
)

if TYPE_CHECKING:
    from .agent import HeuristicAgent


# ---------------------------------------------------------------------------- the per-decision view
class Context:
    """What one seat knows at one decision, plus cached evaluations."""

    def __init__(self, bot: HeuristicAgent, s: FujiState, seat: int) -> None:
        t = s.table
        self.bot = bot
        self.state = s
        self.table = t
        self.b = t.board
        self.seat = seat
        self.n = t.explorers
        self.lava = s.lava
        self.times = lava_times(self.b, s.lava)
        self.vdist = village_distance(self.b, s.lava)
        self.tokens = s.eruption_tokens_left | s.double_eruption_tokens_left
        self.mine = [e for e in range(self.n) if t.ctrl[e] == seat]
        self.odds = static(t.content)
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
        p = death_odds(need, allowed)
        return -(1 - p) * self.step_value * d - p * dead

    def win_bonus(self, m: int, cell: int) -> float:
        """A move of `m` onto a village card while everyone else is already there wins at once (§12.2)."""
        s = self.state
        if cell == s.position[m] or not self.village(cell):
            return 0.0
        if all(self.village(s.position[o]) for o in range(self.n) if o != m):
            return WIN_BONUS
        return 0.0

    def card(self, cell: int) -> int:
        return self.state.card_at[cell]

    def allowance(self, e: int) -> int:
        return self.state.allowance(e)

    def rerolls(self, e: int, dist: int, cell: int) -> int:
        """Phase-3 rerolls for a destination at `dist` (§8.1, §8.2)."""
        return rerolls.reroll_count(self.state, e, dist, self.card(cell))

    def token_cost(self, e: int, cell: int, dist: int, start: int = -1) -> int:
        """Fewest eruptions a move to `cell` triggers over its legal paths (§10.4)."""
        s = self.state
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
            view = self.state.observe(self.seat)
            out: list[tuple[int, int, int]] = []
            for ex in view["meeples"]:
                for d in ex["dice"]:
                    out.append((label_index(d["die"]), ex["index"], 0 if d.get("hidden") else int(d["value"])))
            for d in view.get("extra_dice", ()):
                i = label_index(d["die"])
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
        rnd = self.state.round
        ev = self.state.events
        for j in range(len(ev) - 1, max(-1, len(ev) - 400), -1):
            e = ev[j]
            if e.kind == "phase":
                if "phase 2" in e.text or "phase 1" in e.text:
                    break
                continue
            if e.visible_to is not None and self.seat not in e.visible_to:
                continue
            if e.kind == "mark":
                marked.add(int(e.data.get("meeple", -1)))
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
        s = self.state
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
        marked = self.state.destination[e]
        hinted = marked >= 0 and self.state.card_at[marked] == card
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
        s = self.state
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
        st = self.odds
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
        dist = sum_dist(st, card, tuple(sorted(items)))
        cdf = cdf_max(st, card, self.nb_specs(e, card) if specs is None else specs)
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
        s = self.state
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
        s = self.state
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
        val = self.odds.val
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
        s = self.state
        out = {}
        for m in range(self.n):
            cell = s.destination[m]
            if cell < 0 and extra and m in extra:
                cell = extra[m]
            if cell >= 0:
                out[m] = s.card_at[cell]
        return out
