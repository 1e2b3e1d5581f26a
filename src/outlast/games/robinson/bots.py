"""Robinson Crusoe heuristic team bot (robinson-crusoe.md; Scenario 1 "Castaways", §25.1).

`HeuristicAgent` plays to win as a team. The game is cooperative and the whole table is public except
deck orders, so the bot reads the state's public fields (the board, resources, tracks, Wounds, cards
in the open, pending decisions, dice just rolled) and never a deck order, a chance outcome or
`rng_state`.

Planning is simultaneous (§8.1, §26.1). Every seat computes the same team plan from the position as
it was when planning began (the planned groups are taken away, so the plan does not depend on who
placed first) and then places its own part of it: its two pawns, and for the first player also
Friday, the Dog and the shared additional pawns; then `ready`, and the first player `confirm`s.
`priority` lets a driver ask first the seats whose pawns lead an Action, so that supporters join
groups that exist.

The plan is a priority list (see `_Planner.plan`): rest a castaway close to death, the Shelter, the
wood pile when its deadline is near, food for tonight, Fire, exploration until Mountains are found,
the Roof before the rain (round 4) and winter (round 7), Hatchet, Palisade and Weapon before the
Hungry Animals, Knife, Mast, cheap answers to Threat cards, then wood gathering and useful Items.
Actions that matter get the pawns for a sure success (§8.1.3). Everything is deterministic given
the state and the seat; `rng` is not used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from outlast.core import Action, OptionError, RandomLike, State

from .actions import RobinsonAction
from .program import CHOOSE, SEQ
from .state import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    F_ARRANGE,
    F_CAMP,
    F_CHOOSE,
    F_CORRAL,
    F_COVER,
    F_DISCARD_INV,
    F_FLIP,
    F_GIVE,
    F_HEAL,
    F_HUNGRY,
    F_LOSE_TILE,
    F_MORALE,
    F_MYST,
    F_NEXT,
    F_PICK_INV,
    F_PICK_TILE,
    F_PICK_TOKEN,
    F_PILE,
    F_PUT_INV,
    F_SHORTCUT,
    F_TRACK,
    F_WINDOW,
    FOOD,
    FUR,
    G_ECON,
    NONPER,
    PLAN,
    T_ARRANGE,
    T_BUILD,
    T_EXPLORE,
    T_GATHER,
    T_HUNT,
    T_REST,
    T_THREAT,
    TILE_STACK,
    TK_FOOD,
    TK_WOOD,
    W_ACTION,
    W_NIGHT,
    W_ROLL,
    W_WEATHER,
    WOOD,
    XS_SKILL,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_ITEM,
    RobinsonState,
)

# how much an Invention is worth to the team (discard / flip the cheapest, pick the dearest)
ITEM_VALUE = {
    "fire": 100, "hatchet": 40, "knife": 30, "mast": 30, "rope": 25, "shovel": 18, "basket": 16, "sack": 16,
    "pot": 14, "cure": 14, "fireplace": 15, "snare": 15, "bricks": 12, "moat": 12, "wall": 12, "bow": 12,
    "spear": 12, "sling": 12, "cellar": 10, "dam": 10, "bed": 10, "corral": 10, "pit": 8, "furnace": 9,
    "lantern": 9, "belts": 9, "raft": 8, "shield": 4, "map": 7, "shortcut": 8, "diary": 7, "drums": 8,
}
TOKEN_VALUE = {
    "oil": 10, "fallen_tree": 6, "nourishing_larvae": 6, "pirate_sabre": 6, "old_machete": 6, "thorny_bushes": 6,
    "goat": 5, "poison": 5, "ladys_medallion": 5, "candles_token": 5, "treasure": 4, "large_leaves": 4,
    "tobacco": 4, "herbs": 4, "vegetables": 4, "healing_herbs": 4, "herbs_pot": 3,
}


def _is_mountain(s: RobinsonState, tile: int) -> bool:
    return bool(s.content.tiles[tile].terrain == "mountains")


@dataclass
class PlanItem:
    """One planned Action: its target, its pawns (the first leads) and why it is there."""

    typ: int
    target: int
    alt: int
    pawns: list[int]
    text: str
    why: str
    leader: int = -1  # the character meant to act (a seat, or Friday's index)


@dataclass
class _Pawn:
    pid: int
    kind: str  # player, friday, dog, extra
    char: int  # seat, Friday's index, or -1
    mask: int


@dataclass
class Plan:
    items: list[PlanItem] = field(default_factory=list)
    pile: int = 0  # wood onto the pile this round (only meaningful at the pile decision)


# ---------------------------------------------------------------------------------------- the base position
def base_state(s: RobinsonState) -> RobinsonState:
    """The position as it was when planning began: no groups, and skill costs paid in planning refunded."""
    b = s.clone()
    if s.phase == PLAN:
        det = list(b.det)
        used = list(b.skill_used)
        n = s.players
        for g in s.groups:
            if g[8] & G_ECON:
                for seat in range(n):
                    ch = s.table.chars[seat]
                    si = s.program.skill_verb_index(ch, "cheaper_wood")
                    if si >= 0 and used[seat] >> si & 1:
                        det[seat] += s.content.characters[ch].skills[si].cost
                        used[seat] &= ~(1 << si)
            for pid in g[4]:
                k = pid - 2 * n - 2
                if 0 <= k < len(s.xsrc) and s.xsrc[k][0] == XS_SKILL:
                    seat, si = divmod(s.xsrc[k][1], 8)
                    if used[seat] >> si & 1:
                        det[seat] += s.content.characters[s.table.chars[seat]].skills[si].cost
                        used[seat] &= ~(1 << si)
        b.det = det
        b.skill_used = used
        b.groups = []
        b.ready = [0] * n
    b._lc = None
    b._tm = None
    return b


# ---------------------------------------------------------------------------------------- weather model
def _rain_faces(s: RobinsonState, die: str) -> list[tuple[int, int, int]]:
    """(rain, winter, animals) per face of a weather die."""
    out = []
    for f in s.content.weather_dice[die]:
        if f.startswith("rain"):
            out.append((int(f[-1]), 0, 0))
        elif f.startswith("winter"):
            out.append((0, int(f[-1]), 0))
        else:
            out.append((0, 0, ("blank", "palisade", "food", "fight").index(f)))
    return out


def weather_outlook(s: RobinsonState, rnd: int, roof: int) -> tuple[float, float, float, float]:
    """Expected (unprotected clouds, winter clouds, palisade hits, fight chance) in round `rnd`'s weather."""
    sc = s.table.scenario
    if rnd > sc.rounds:
        return 0.0, 0.0, 0.0, 0.0
    dice = sc.weather[rnd - 1]
    combos: list[tuple[float, int, int, int]] = [(1.0, 0, 0, 0)]
    for die in dice:
        faces = _rain_faces(s, die)
        nxt = []
        for p, r, w, a in combos:
            for fr, fw, fa in faces:
                nxt.append((p / len(faces), r + fr, w + fw, a or fa))
        combos = nxt
    tr, tw = (s.weather_tk[0], s.weather_tk[1]) if rnd == s.round else (0, 0)
    unprot = wint = pal = fight = 0.0
    for p, r, w, a in combos:
        r += tr
        w += tw
        unprot += p * max(0, r + w - roof)
        wint += p * w
        pal += p * (a == 1)
        fight += p * (a == 3)
    return unprot, wint, pal, fight


# ---------------------------------------------------------------------------------------- the planner
class _Planner:
    """Builds the team plan on a base copy of the position (groups are added to the copy as it goes)."""

    def __init__(self, bot: HeuristicAgent, s: RobinsonState) -> None:
        self.bot = bot
        self.orig = s
        b = self.b = base_state(s)
        if b.phase == PLAN and b.step < 2:
            b.groups = []
            b._compute_sources()
        self.players = b.players
        self.R = b.round
        self.items: list[PlanItem] = []
        self.pile_give = 0
        self.pawns: list[_Pawn] = []
        n = self.players
        for seat in range(n):
            for k in (0, 1):
                self.pawns.append(_Pawn(2 * seat + k, "player", seat, 0x7F))
        if b.table.friday and b.friday_alive:
            self.pawns.append(_Pawn(b.friday_pawn, "friday", b.table.friday_index, 0x7F))
        if b.table.dog:
            self.pawns.append(_Pawn(b.dog_pawn, "dog", -1, (1 << T_HUNT) | (1 << T_EXPLORE)))
        for k, src in enumerate(b.xsrc):
            pid = 2 * n + 2 + k
            if src[0] == XS_SKILL and not b._pawn_affordable(pid):
                continue
            self.pawns.append(_Pawn(pid, "extra", -1, src[2]))
        self.used: set[int] = set()
        self.cost_w, self.cost_f = b.table.cost
        self.death = [b.content.characters[b.table.chars[p]].death_at for p in range(n)]
        self.at_pile = False
        self.food_gain = 0.0  # expected food gained by planned Actions
        self.wood_gain = 0.0

    # ---- small helpers
    def free_pawns(self, typ: int | None = None) -> list[_Pawn]:
        return [p for p in self.pawns if p.pid not in self.used and (typ is None or p.mask >> typ & 1)]

    def n_free(self, typ: int | None = None) -> int:
        return len(self.free_pawns(typ))

    def leaders_free(self) -> list[_Pawn]:
        return [p for p in self.free_pawns() if p.kind in ("player", "friday")]

    def margin(self, ch: int) -> int:
        """Wounds a character can still take."""
        if ch >= self.players:
            return self.b.content.friday_death_at - self.b.wounds[ch]
        return self.death[ch] - self.b.wounds[ch]

    def built(self, item: str) -> bool:
        return self.b.built(item)

    def card(self, item: str) -> int:
        return self.b.content.by_id.get(item, -1)

    def invention_open(self, item: str) -> bool:
        """An Invention lies on the board (or is personal / scenario) and is not built."""
        ci = self.card(item)
        return ci >= 0 and self.b.zone[ci] in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO)

    def mountains(self) -> bool:
        return "mountains" in self.b.explored_terrains()

    def free_res(self, r: int) -> int:
        return self.b.free(r)

    def planned(self, typ: int, target: int | None = None) -> bool:
        return any(it.typ == typ and (target is None or it.target == target) for it in self.items)

    # ---- adding an Action
    def add(self, typ: int, target: int, alt: int, count: int, why: str, leader: str = "any",
            fallback: bool = False) -> bool:
        """Plan an Action: `count` >= 2 asks for a sure success (min + 1 pawns) where dice could roll, 1 for
        the minimum; `fallback` accepts the minimum when the sure count is not free. False: not planned."""
        b = self.b
        if b._target_problem(typ, target, alt) is not None:
            return False
        w, f, u, flags = b._cost(typ, target, alt)
        lead = self._leader(typ, target, leader, typ in (T_BUILD, T_GATHER, T_EXPLORE) and count < 2)
        if lead is None:
            return False
        b.groups.append((typ, target, alt, lead.char, (), w, f, u, flags))
        need = b._min_pawns(len(b.groups) - 1)
        b.groups.pop()
        rolls = typ in (T_BUILD, T_GATHER, T_EXPLORE)
        if rolls:
            want = need + 1 if count >= 2 else need
        elif typ == T_THREAT and b.content.cards[b._threat_card(target)].kind == "wreckage":
            want = min(2, max(1, count))
        else:
            want = need
        lo = need if fallback else want
        pick = self._pick(typ, lead, want, lo)
        if pick is None:
            return False
        lead_char = pick[0].char
        if b._lead_problem(typ, target, lead_char) is not None:
            return False
        for p in pick:
            self.used.add(p.pid)
        b.groups.append((typ, target, alt, lead_char, tuple(p.pid for p in pick), w, f, u, flags))
        self.items.append(PlanItem(typ, target, alt, [p.pid for p in pick], b.target_text(typ, target, alt), why,
                                   lead_char))
        return True

    def _leader(self, typ: int, target: int, leader: str, dice: bool) -> _Pawn | None:
        b = self.b
        leaders = [p for p in self.free_pawns(typ) if p.kind in ("player", "friday")]
        if typ == T_BUILD and target >= 0 and b.content.cards[target].data.get("group") == "personal":
            owner = b.content.cards[target].data["owner"]
            leaders = [p for p in leaders if p.kind == "player" and b.content.characters[b.table.chars[p.char]].id == owner]
        if leader == "next_fp":
            nxt = (b.first_player + 1) % self.players
            leaders.sort(key=lambda p: (p.char != nxt, p.kind != "player", p.pid))
            return leaders[0] if leaders else None
        if leader == "player":
            leaders = [p for p in leaders if p.kind == "player"]
        elif leader.startswith("seat"):
            who = int(leader[4:])
            leaders = [p for p in leaders if p.kind == "player" and p.char == who]
        if not leaders:
            return None
        if leader == "any" and not dice:
            # a sure or dice-free Action: Friday first (his pawn is least useful elsewhere), then the healthiest
            leaders.sort(key=lambda p: (p.kind != "friday", -self.margin(p.char), p.pid))
        else:
            leaders.sort(key=lambda p: (p.kind == "friday", -self.margin(p.char), p.pid))
        return leaders[0]

    def _pick(self, typ: int, lead: _Pawn, want: int, lo: int) -> list[_Pawn] | None:
        rest = [p for p in self.free_pawns(typ) if p.pid != lead.pid]
        # supporters: single-purpose pawns first, then Friday, then players
        order = {"extra": 0, "dog": 1, "friday": 2, "player": 3}
        rest.sort(key=lambda p: (order[p.kind], p.pid))
        if len(rest) + 1 < lo:
            return None
        k = min(want, len(rest) + 1)
        return [lead, *rest[: k - 1]]

    # ---- the plan
    def plan(self, at_pile: bool) -> Plan:
        b = self.b
        self.at_pile = at_pile
        self.rest_emergency()
        if not b.has_shelter():
            self.shelter()
        self.food(weather=False)
        self.pile(0)
        if self.R <= 6:
            self.hatchet()
        self.roof()
        self.morale()
        if self.players >= self.bot.engine_from and self.R <= 5:
            self.food_engine()
        self.explore_for_mountains()
        self.explore_for_sources()
        self.fire()
        self.hatchet()
        self.food_engine()
        self.wood(self.bot.wood_first)
        self.cure()
        self.pile(1)
        self.food(weather=True)
        self.weather_wood()
        self.defence()
        self.knife()
        self.mast()
        self.threats()
        self.explore_more()
        self.wood(9)
        self.pile(2)
        self.inventions()
        self.leftovers()
        return Plan(self.items, self.pile_give)

    # ---- tasks
    def rest_emergency(self) -> None:
        for p in range(self.players):
            m = self.margin(p)
            k = 2 if m <= 2 else 1 if m <= self.bot.rest_margin else 0
            for _ in range(k):
                self.add(T_REST, 0, 0, 1, "rest: close to death", leader=f"seat{p}")

    def shelter(self) -> None:
        b = self.b
        if b.free(FUR) >= self.cost_f:
            self.add(T_BUILD, BUILD_SHELTER, 1, 2, "shelter", fallback=True)
        elif b.free(WOOD) >= self.cost_w:
            self.add(T_BUILD, BUILD_SHELTER, 0, 2, "shelter", fallback=True)

    def stages_left(self) -> int:
        b = self.b
        return sum(1 for i, need in enumerate(b.table.scenario.pile) if b.pile[i] < need)

    def pile(self, level: int) -> None:
        """The once-a-round transfer (§25.1): wood for the lowest unfinished stage.

        Level 0 gives when the pile has no spare round left, level 1 when its slack is small, level 2 gives
        the wood left after this round's plan and what next round and tonight's weather will want."""
        b = self.b
        if not self.at_pile:
            return
        sc = b.table.scenario
        stage = b._pile_stage()
        if stage < 0:
            return
        need = sc.pile[stage] - b.pile[stage]
        left = self.stages_left()
        rounds = max(1, sc.win_from - self.R + 1)  # transfers up to the first winning round
        slack = rounds - left
        wood = b.free(WOOD)
        if level == 0:
            give = min(need, wood) if slack <= 0 else 0
        elif level == 1:
            spare = max(0, self.spare_wood())
            last = stage == len(sc.pile) - 1
            # a part of a stage only helps on the last one: a stage takes one round's transfer anyway
            give = min(need, spare) if slack <= self.bot.pile_slack and (spare >= need or last) else 0
        else:
            keep = self.next_round_wood() + self.weather_wood_need() - int(self.wood_gain)
            give = min(need, max(0, wood - max(0, keep)))
            if give < need and stage < len(sc.pile) - 1:
                give = 0  # a part of a stage only helps on the last one
        if give > 0:
            b.res[WOOD] -= give
            self.pile_give += give
            b.pile[stage] += give
            b.pile_done = 1

    def spare_wood(self) -> int:
        """Free wood beyond what tonight's weather is expected to take (gathering this round counts)."""
        b = self.b
        return b.free(WOOD) - max(0, self.weather_wood_need() - int(self.wood_gain))

    def weather_wood_need(self) -> int:
        """Wood tonight's weather is expected to take (winter clouds, clouds above the Roof)."""
        b = self.b
        roof = b.roof + sum(1 for it in self.items if it.typ == T_BUILD and it.target == BUILD_ROOF)
        unprot, wint, _, _ = weather_outlook(b, self.R, roof)
        return round(unprot + wint)

    def weather_wood(self) -> None:
        """Gather wood for tonight's weather when the wood is short."""
        b = self.b
        for _ in range(3):
            if b.free(WOOD) + self.wood_gain >= self.weather_wood_need():
                return
            for target, amount, dist in self.sources("wood"):
                if dist == 1 and self.add(T_GATHER, target, 0, 1, "gather wood for the weather", leader="player"):
                    self.wood_gain += amount * 5 / 6
                    break
            else:
                return

    def next_round_wood(self) -> int:
        """Wood to keep for next round's builds: the Shelter, and the Roof toward its target."""
        b = self.b
        keep = 0
        shelter = b.has_shelter() or self.planned(T_BUILD, BUILD_SHELTER)
        if not shelter:
            keep += self.cost_w if b.res[FUR] < self.cost_f else 0
        roof = b.roof + sum(1 for it in self.items if it.typ == T_BUILD and it.target == BUILD_ROOF)
        if roof < self.roof_target(self.R + 1) and b.res[FUR] < self.cost_f and b.table.scenario.win_from > self.R + 1:
            keep += self.cost_w
        return keep

    def morale(self) -> None:
        b = self.b
        want = min(2, self.bot.arrange_below - b.morale)
        for _ in range(max(0, want)):
            self.add(T_ARRANGE, 0, 0, 1, "arrange the camp: Morale", leader="next_fp")

    def explore_for_sources(self) -> None:
        """Explore next to the Camp while it has fewer than two wood or food sources around it."""
        if self.bot.source_until < self.R or self.planned(T_EXPLORE):
            return
        wood = sum(1 for _, _, d in self.sources("wood") if d == 1) + sum(
            1 for it in self.items if it.typ == T_GATHER and it.why.startswith("gather wood"))
        food = sum(1 for _, _, d in self.sources("food") if d == 1) + sum(
            1 for it in self.items if it.typ == T_GATHER and it.why.startswith("gather food"))
        if wood >= 2 and food >= self.players - 1:
            return
        for d, sp in self.explore_targets():
            if d == 1 and self.add(T_EXPLORE, sp, 0, 2, "explore for sources"):
                return

    def explore_more(self) -> None:
        if self.bot.explore_until < self.R:
            return
        for d, sp in self.explore_targets():
            if d == 1 and self.n_free(T_EXPLORE) >= 2 and self.add(T_EXPLORE, sp, 0, 2, "explore"):
                return

    def food_need(self, weather: bool = True) -> float:
        b = self.b
        eaters = len(b.in_camp())
        need = eaters * (1 + b.night_food)
        if not weather:
            return need
        roof = b.roof + sum(1 for it in self.items if it.typ == T_BUILD and it.target == BUILD_ROOF)
        unprot, _, _, _ = weather_outlook(b, self.R, roof)
        return need + unprot * 0.8

    def food_have(self) -> float:
        return self.free_res(FOOD) + self.food_gain

    def food(self, weather: bool) -> None:
        """Food for tonight's meals (and, with `weather`, for clouds above the Roof)."""
        if self.food_need(weather) - self.food_have() <= 0:
            return
        for _ in range(6):
            short = self.food_need(weather) - self.food_have() + self.bot.food_margin
            if short <= 0.25:
                return
            if not self.add_food(short):
                return

    def add_food(self, short: float) -> bool:
        b = self.b
        # the Food crates (Wreckage) first: no dice
        for slot in (0, 1):
            card = b._threat_card(slot)
            if card >= 0 and b.content.cards[card].kind == "wreckage" and not self.planned(T_THREAT, slot):
                gains = self._wreck_food(card)
                if gains:
                    k = 2 if short > gains[0] + 0.25 or self.n_free() >= 4 else 1
                    if self.add(T_THREAT, slot, 0, k, "wreckage food"):
                        pawns = len(self.items[-1].pawns)
                        self.food_gain += gains[min(pawns, 2) - 1]
                        return True
        # gather food sources next to the Camp
        best = self.food_sources()
        for target, amount, dist in best:
            if dist != 1:
                continue
            sure = self.bot.sure_food
            if sure and self.add(T_GATHER, target, 0, 2, "gather food"):
                self.food_gain += amount
                return True
            if self.add(T_GATHER, target, 0, 1, "gather food (dice)", leader="player"):
                self.food_gain += amount * 5 / 6
                return True
        # hunting, when the Weapon is fair
        hunt_at = self.bot.hunt_weapon if self.players < 3 else self.bot.hunt_weapon_big
        if (b.count_in(Z_HUNT_DECK) and b.weapon >= hunt_at and (short >= 1.2 or b.weapon >= 5)
                and self.add(T_HUNT, 0, 0, 2, "hunt", leader="player")):
            self.food_gain += 2.8
            return True
        for target, amount, dist in best:
            if dist == 2 and self.add(T_GATHER, target, 0, 2, "gather food far (dice)", leader="player"):
                self.food_gain += amount * 5 / 6
                return True
        return False

    def _wreck_food(self, card: int) -> tuple[float, float] | None:
        b = self.b
        out = []
        for key in ("one", "two"):
            node = b.program.card.get((card, key))
            tot = 0.0
            if node is not None:
                for v, prm in b.program.verbs(node):
                    if v == "gain":
                        tot += prm.get("food", 0) + prm.get("nonperishable", 0)
            out.append(tot)
        if out[0] <= 0:
            return None
        return out[0], out[1]

    def wreck_other(self) -> None:
        """A Wreckage card that gives wood (or anything): take it with two pawns when it is on the board."""
        b = self.b
        for slot in (0, 1):
            card = b._threat_card(slot)
            if card >= 0 and b.content.cards[card].kind == "wreckage" and not self.planned(T_THREAT, slot):
                self.add(T_THREAT, slot, 0, 2, "wreckage")

    def sources(self, kind: str) -> list[tuple[int, int, int]]:
        """(target, amount, distance) of gatherable sources of `kind`, best first."""
        b = self.b
        out = []
        bonus = sum(1 for k, ab in b.program.passives.items()
                    if b.zone[k] == Z_ITEM and k not in b.item_used and any(v == "gather_bonus" for v, _ in ab))
        for sp, tile in enumerate(b.space_tile):
            if tile < 0 or sp == b.camp or b.space_lost[sp]:
                continue
            dist = b._distance(sp)
            if dist == 0:
                continue
            for i, src in enumerate(b.content.tiles[tile].sources):
                if src != kind:
                    continue
                target = sp * 2 + i
                amount = 0 if b.space_exh[sp] >> i & 1 else 1
                if b.space_tk[sp] & (TK_WOOD if kind == "wood" else TK_FOOD):
                    amount += 1
                if amount <= 0 or target in b.gathered or self.planned(T_GATHER, target):
                    continue
                out.append((target, amount + (bonus if amount else 0), dist))
        out.sort(key=lambda x: (x[2], -x[1], x[0]))
        return out

    def food_sources(self) -> list[tuple[int, int, int]]:
        return self.sources("food")

    def fire(self) -> None:
        if self.built("fire") or not self.invention_open("fire"):
            return
        if not self.b.has_shelter() and not self.planned(T_BUILD, BUILD_SHELTER) and self.R < 7:
            return  # Fire's Palisade +1 is lost without a Shelter
        self.add(T_BUILD, self.card("fire"), 0, 2, "fire", fallback=self.R >= 6)

    def explore_targets(self) -> list[tuple[int, int]]:
        b = self.b
        out = []
        for sp, tile in enumerate(b.space_tile):
            if tile >= 0 or b.space_lost[sp]:
                continue
            d = b._distance(sp)
            if d and not self.planned(T_EXPLORE, sp):
                out.append((d, sp))
        out.sort()
        return out

    def explore_for_mountains(self) -> None:
        b = self.b
        if self.mountains():
            return
        if TILE_STACK not in b.tile_at and b.tile_top < 0:
            return
        k = 2 if self.R <= 6 and self.n_free() >= 5 else 1
        for _ in range(k):
            for d, sp in self.explore_targets():
                if self.add(T_EXPLORE, sp, 0, 3 if d == 2 else 2, "explore for Mountains"):
                    break
            else:
                return

    def roof_target(self, R: int = 0) -> int:
        R = R or self.R
        if R <= 2:
            return 1
        if R <= 3:
            return 1
        if R <= 5:
            return 2
        if R <= 6:
            return 2 + (self.players <= 2)
        return 3 if self.players <= 3 else 2

    def roof(self) -> None:
        b = self.b
        if not b.has_shelter() or b.table.scenario.win_from <= self.R:
            return
        levels = b.roof
        for _ in range(2):
            if levels >= self.roof_target():
                return
            ok = False
            if b.free(FUR) >= self.cost_f:
                ok = self.add(T_BUILD, BUILD_ROOF, 1, 2, "roof", fallback=True)
            if not ok and b.free(WOOD) >= self.cost_w:
                ok = self.add(T_BUILD, BUILD_ROOF, 0, 2, "roof", fallback=True)
            if not ok:
                return
            levels += 1

    def hatchet(self) -> None:
        if self.invention_open("hatchet") and self.R <= 8:
            self.add(T_BUILD, self.card("hatchet"), 0, 2, "hatchet", fallback=True)

    def defence(self) -> None:
        b = self.b
        R = self.R
        if b.table.scenario.win_from <= R:
            return
        storm = b.weather_tk[2]
        pal_target = (1 if R >= 6 else 0) + (1 if R >= 7 and self.players <= 2 else 0)
        if storm:
            pal_target = max(pal_target, 1)
        fire_pending = self.planned(T_BUILD, self.card("fire"))
        pal = b.palisade + (1 if fire_pending and b.has_shelter() else 0)
        if b.has_shelter() and pal < pal_target:
            if b.free(FUR) >= self.cost_f and self.add(T_BUILD, BUILD_PALISADE, 1, 2, "palisade"):
                pass
            elif self.spare_wood() >= self.cost_w:
                self.add(T_BUILD, BUILD_PALISADE, 0, 2, "palisade")
        w_target = 1 if R >= 4 else 0
        if R >= 5:
            w_target = 2
        if R >= 6 and self.players >= 2:
            w_target = 3
        knife_pending = self.planned(T_BUILD, self.card("knife"))
        weapon = b.weapon + (1 if knife_pending else 0)
        if weapon < w_target and self.spare_wood() >= 1:
            self.add(T_BUILD, BUILD_WEAPON, 0, 2, "weapon")

    def knife(self) -> None:
        if self.invention_open("knife") and self.R <= 8:
            self.add(T_BUILD, self.card("knife"), 0, 2, "knife")

    def mast(self) -> None:
        b = self.b
        if not self.invention_open("mast"):
            return
        stage = b._pile_stage() if not b.pile_done else next(
            (i for i, need in enumerate(b.table.scenario.pile) if b.pile[i] < need), -1)
        if stage < 0:
            return
        need = b.table.scenario.pile[stage] - b.pile[stage]
        if need >= 2 or self.R >= 8:
            self.add(T_BUILD, self.card("mast"), 0, 2, "mast")

    def threats(self) -> None:
        b = self.b
        for slot in (0, 1):
            card = b._threat_card(slot)
            if card < 0:
                continue
            cd = b.content.cards[card]
            if cd.kind == "wreckage":
                continue
            if slot == 1 and b.event_deck_size() > 0:
                continue  # it will be on the left next round; deal with it then
            harm = -self.bot.value_node(b, b.program.card[(card, "threat_effect")], -1, card)
            harm = max(harm, self.weather_token_harm(card))
            d = cd.data["threat"]
            needs = d.get("needs") or []
            best = None
            for alt in range(max(1, len(needs))):
                req = needs[alt] if needs else {}
                cost = req.get("wood", 0) * 1.0 + req.get("food", 0) * 1.0 + req.get("fur", 0) * 1.2
                if (best is None or cost < best[0]) and b._target_problem(T_THREAT, slot, alt) is None:
                    best = (cost, alt)
            if best is None:
                continue
            pawn_cost = d["pawns"] * self.bot.pawn_value
            if harm >= best[0] + pawn_cost - 0.4 * d["pawns"]:
                self.add(T_THREAT, slot, best[1], d["pawns"], f"threat {cd.id}")

    def weather_token_harm(self, card: int) -> float:
        """What a weather token from a Threat effect would cost next round (clouds above the Roof, winter wood)."""
        b = self.b
        node = b.program.card.get((card, "threat_effect"))
        if node is None:
            return 0.0
        toks = [prm["token"] for v, prm in b.program.verbs(node) if v == "weather_token"]
        if not toks:
            return 0.0
        nxt = self.R + 1
        roof = b.roof
        base_u, base_w, _, _ = weather_outlook(b, nxt, roof)
        harm = 0.0
        for tok in toks:
            if tok == "storm":
                harm += 1.5 if b.palisade >= 1 else self.players * 1.5
                continue
            extra_u = weather_outlook(b, nxt, roof - 1)[0] - base_u if tok in ("rain", "winter") else 0.0
            harm += extra_u * 2.0 + (1.0 if tok == "winter" else 0.0)
        return harm

    def wood(self, most: int) -> None:
        """Gather wood next to the Camp, at most `most` sources (dice unless `sure_wood`)."""
        k_done = 0
        for target, amount, dist in self.sources("wood"):
            if k_done >= most or self.bot.last_wood_round <= self.R:
                return
            if dist != 1:
                continue
            k = 2 if self.bot.sure_wood and self.n_free() >= 3 else 1
            if not self.add(T_GATHER, target, 0, k, "gather wood", leader="any" if k == 2 else "player"):
                continue
            k_done += 1
            self.wood_gain += amount * (1 if k == 2 else 5 / 6)

    def cure(self) -> None:
        """The Cure (Plains, no cost) turns away Vipers, snakes, blisters and several beasts."""
        if self.R <= 8 and self.invention_open("cure") and self.n_free() >= 3:
            self.add(T_BUILD, self.card("cure"), 0, 2, "cure")

    def food_engine(self) -> None:
        """Items that feed three or four castaways without pawns: Snare, Basket, Sack, and the Rope they need."""
        if self.players < self.bot.engine_from or self.R > 7:
            return
        wants = ["snare", "basket", "sack"]
        if self.invention_open("snare") and not self.built("rope"):
            wants.insert(0, "rope")
        for item in wants:
            if self.n_free() < 2:
                return
            if self.invention_open(item) and not self.built(item):
                self.add(T_BUILD, self.card(item), 0, 2, item)

    def inventions(self) -> None:
        b = self.b
        wants = []
        if self.invention_open("mast") and not self.built("rope"):
            wants.append("rope")
        wants += ["shovel", "basket", "sack", "cure", "pot", "fireplace", "snare", "moat", "cellar"]
        for item in wants:
            if self.n_free() < 2:
                return
            if not self.invention_open(item) or self.built(item):
                continue
            ci = self.card(item)
            w, f, u, _ = b._cost(T_BUILD, ci, 0)
            if w and self.spare_wood() - w < 1:
                continue
            self.add(T_BUILD, ci, 0, 2, item)

    def leftovers(self) -> None:
        b = self.b
        # extra wood by dice
        for target, amount, dist in self.sources("wood"):
            if dist == 1 and self.add(T_GATHER, target, 0, 1, "gather wood (dice)", leader="player"):
                self.wood_gain += amount * 5 / 6
        # rest the wounded, lift Morale, else more food
        for p in self.leaders_free():
            ch = p.char
            if p.kind == "player" and b.wounds[ch] >= 2 and self.margin(ch) <= self.bot.rest_margin + 4:
                self.add(T_REST, 0, 0, 1, "rest", leader=f"seat{ch}")
        while self.leaders_free():
            p = self.leaders_free()[0]
            if b.morale + sum(1 for it in self.items if it.typ == T_ARRANGE) < b.content.morale[-1][0]:
                ok = self.add(T_ARRANGE, 0, 0, 1, "arrange the camp",
                              leader=f"seat{p.char}" if p.kind == "player" else "any")
            elif p.kind == "player" and b.wounds[p.char] > 0:
                ok = self.add(T_REST, 0, 0, 1, "rest", leader=f"seat{p.char}")
            else:
                ok = False
                for target, _amount, dist in self.food_sources():
                    if dist == 1 and self.add(T_GATHER, target, 0, 1, "gather food (spare)", leader=f"seat{p.char}"):
                        ok = True
                        break
                if not ok:
                    ok = self.add(T_ARRANGE, 0, 0, 1, "arrange the camp",
                                  leader=f"seat{p.char}" if p.kind == "player" else "any")
            if not ok:
                self.used.add(p.pid)


# ---------------------------------------------------------------------------------------- the agent
class HeuristicAgent:
    """A rule-of-thumb Robinson Crusoe team player for any seat (see the module doc).

    Parameters (all optional, given as text, e.g. `heuristic:rest=3`):
      rest         wounds left before a castaway rests (default 3)
      slack        pile rounds of slack before wood goes to the pile first (default 1)
      sure_food    gather food with the pawns for a sure success (default 0)
      wood_first   wood sources gathered before the lesser tasks (default 3)
      food_margin  food planned beyond tonight's needs (default 0.4)
      engine       players from which Snare, Basket and Sack are built early (default 3)
      sure_wood    gather wood with the pawns for a sure success when pawns are spare (default 0)
      hunt_weapon  lowest Weapon level to hunt for food with 1-2 players (default 5)
      hunt_big     the same with 3-4 players (default 2)
      tent         players from which the team moves its Camp onto a tent tile before any Shelter (default 3)
      explore      last round to explore for sources and discoveries (default 4)
      pawn         worth of a pawn against a Threat effect (default 1.2)
      arrange      Morale below which pawns arrange the camp first (default 2)
    """

    name = "heuristic"
    PARAMS: dict[str, tuple[str, Callable[[float], Any]]] = {
        "rest": ("rest_margin", int), "slack": ("pile_slack", int), "sure_food": ("sure_food", bool),
        "sure_wood": ("sure_wood", bool), "hunt_weapon": ("hunt_weapon", int), "explore": ("explore_until", int),
        "pawn": ("pawn_value", float), "arrange": ("arrange_below", int), "wood_first": ("wood_first", int),
        "food_margin": ("food_margin", float), "engine": ("engine_from", int), "hunt_big": ("hunt_weapon_big", int),
        "tent": ("camp_tent_from", int)}
    """Parameter → (attribute, conversion of the number given)."""

    def __init__(self, **params: Any) -> None:
        self.rest_margin = 3
        self.pile_slack = 1
        self.sure_food = False
        self.food_margin = 0.4
        self.wood_first = 3
        self.last_wood_round = 99
        self.sure_wood = False
        self.hunt_weapon = 5
        self.hunt_weapon_big = 2
        self.camp_tent_from = 3
        self.explore_until = 4
        self.engine_from = 3
        self.source_until = 7
        self.pawn_value = 1.2
        self.arrange_below = 2
        self._removes: dict[tuple[int, int], int] = {}
        for key, value in params.items():
            if key not in self.PARAMS:
                raise OptionError(f"heuristic:{key}", str(value), "parameters " + ", ".join(self.PARAMS))
            try:
                x = float(value)
            except (TypeError, ValueError):
                raise OptionError(f"heuristic:{key}", str(value), "a number") from None
            attr, convert = self.PARAMS[key]
            setattr(self, attr, convert(x))

    def __repr__(self) -> str:
        return f"HeuristicAgent(rest={self.rest_margin}, slack={self.pile_slack})"

    # --- the protocol ------------------------------------------------------------------------------------
    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A legal action for `seat`: always one of `state.legal_actions(seat)`."""
        if not isinstance(state, RobinsonState):
            raise TypeError("HeuristicAgent plays Robinson Crusoe only")
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(acts) == 1:
            return acts[0]
        pick = self._choose(state, seat, acts)
        if pick is None or pick not in acts:
            pick = _fallback(acts)
        if self._removes.get((state.round, seat), 0) >= 6:
            # a pawn taken back again and again means the plan waits for help that will not come: keep
            # what holds, put free pawns on Rest (always complete) and say ready (planning must end, §26.1)
            others = [a for a in acts if a.verb != "remove"]
            rest = [a for a in others if a.verb == "place" and a.args[1] == "rest"]
            if pick.verb == "place" and rest:
                pick = rest[0]
            elif pick.verb == "remove" and others:
                pick = _find(others, "ready") or _find(others, "confirm") or others[0]
            elif pick.verb == "remove":
                # only take-backs left: free the pawn that sits in an Action short of pawns
                for a in acts:
                    pid = state._pawn_by_text(seat, a.args[0])
                    gi = state.where(pid)
                    if gi >= 0 and len(state.groups[gi][4]) < state._min_pawns(gi):
                        pick = a
                        break
        if pick.verb == "remove":
            self._removed(state, seat)
        return pick

    def priority(self, state: State, seat: int) -> float:
        """Planning order: seats whose pawns lead an Action first, supporters next, ready and confirm last."""
        if not isinstance(state, RobinsonState) or state.frames or state.phase != PLAN:
            return 0.0
        step = _PlanStep(self, state, seat)
        return step.priority()

    def _may_remove(self, s: RobinsonState, seat: int) -> bool:
        return self._removes.get((s.round, seat), 0) < 4

    def _removed(self, s: RobinsonState, seat: int) -> None:
        key = (s.round, seat)
        self._removes = {k: v for k, v in self._removes.items() if k[0] == s.round}
        self._removes[key] = self._removes.get(key, 0) + 1

    def plan(self, state: RobinsonState) -> Plan:
        """The team plan for this round (the same for every seat)."""
        at_pile = bool(state.frames) and state.frames[-1][0] == F_PILE
        return _Planner(self, state).plan(at_pile)

    # --- decisions ----------------------------------------------------------------------------------------
    def _choose(self, s: RobinsonState, seat: int, acts: list[RobinsonAction]) -> RobinsonAction | None:
        if s.frames:
            f = s.frames[-1]
            if f[0] == F_WINDOW:
                return self._window(s, seat, f, acts)
            return self._frame(s, seat, f, acts)
        if s.phase == PLAN:
            return _PlanStep(self, s, seat).action(acts)
        return None

    def _frame(self, s: RobinsonState, seat: int, f: tuple[int, ...], acts: list[RobinsonAction]) -> RobinsonAction | None:
        kind = f[0]
        if kind == F_PILE:
            give = self.plan(s).pile
            want = f"pile {give}"
            return next((a for a in acts if str(a) == want), None) or max(
                acts, key=lambda a: int(a.args[0]) if int(a.args[0]) <= give else -1)
        if kind == F_CHOOSE:
            kids = s.program.nodes[f[2]][3]
            vals = [self.value_node(s, k, f[3], f[4]) for k in kids]
            best = max(range(len(kids)), key=lambda i: (vals[i], -i))
            return next((a for a in acts if a.args == (str(best + 1),)), None)
        if kind == F_HEAL:
            return max(acts, key=lambda a: self._heal_score(s, a.args))
        if kind == F_GIVE:
            return max(acts, key=lambda a: self._give_score(s, a.args))
        if kind in (F_DISCARD_INV, F_FLIP):
            return min(acts, key=lambda a: (ITEM_VALUE.get(a.args[0], 5) + self._usable_bonus(s, a.args[0]), str(a)))
        if kind in (F_PICK_INV, F_PUT_INV):
            return max(acts, key=lambda a: (ITEM_VALUE.get(a.args[0], 5) + self._usable_bonus(s, a.args[0]), str(a)))
        if kind == F_PICK_TILE:
            return max(acts, key=lambda a: self._tile_score(s, int(a.args[0])))
        if kind == F_PICK_TOKEN:
            return max(acts, key=lambda a: (TOKEN_VALUE.get(a.args[0], 1), a.args[0]))
        if kind == F_TRACK:
            card = f[2]
            strength = s.content.cards[card].data.get("strength", 0)
            return _find(acts, "top" if strength <= s.weapon + 1 else "bottom")
        if kind == F_MYST:
            return _find(acts, "stop")
        if kind == F_HUNGRY:
            return max(acts, key=lambda a: self._hunger_score(s, a.args[0]))
        if kind == F_CAMP:
            return self._camp(s, acts)
        if kind == F_MORALE:
            fp = s.first_player
            return _find(acts, "morale", "heal" if s.wounds[fp] >= 1 else "determination")
        if kind == F_ARRANGE:
            return _find(acts, "arrange", "morale" if s.morale < 2 else "determination")
        if kind == F_NEXT:
            return acts[0]
        if kind == F_CORRAL:
            opts = [a for a in acts if a.args[0] != "skip"]
            return opts[0] if opts else acts[0]
        if kind == F_SHORTCUT:
            return max(acts, key=lambda a: self._space_score(s, int(a.args[0][1:]) - 1))
        if kind == F_COVER:
            return min(acts, key=lambda a: self._source_score(s, a.args[0]))
        if kind == F_LOSE_TILE:
            return min(acts, key=lambda a: self._space_score(s, int(a.args[0][1:]) - 1))
        return None

    def _camp(self, s: RobinsonState, acts: list[RobinsonAction]) -> RobinsonAction | None:
        """Stay, except that with no Shelter a big team moves onto a tent tile next door (§10.2, §10.3)."""
        if (s.players >= self.camp_tent_from and not s.shelter and not s.natural_shelter() and s.roof == 0
                and s.palisade == 0 and s.round <= 6):
            best = None
            for a in acts:
                if a.args[0] == "stay":
                    continue
                sp = int(a.args[0][1:]) - 1
                tile = s.space_tile[sp]
                if tile >= 0 and s.content.tiles[tile].tent:
                    score = len([x for x in s.content.neighbours[sp] if s.space_tile[x] < 0 or x != s.camp])
                    if best is None or score > best[0]:
                        best = (score, a)
            if best is not None:
                return best[1]
        return _find(acts, "camp", "stay")

    # --- windows -------------------------------------------------------------------------------------------
    def _window(self, s: RobinsonState, seat: int, f: tuple[int, ...], acts: list[RobinsonAction]) -> RobinsonAction | None:
        point = f[2]
        if point == W_ROLL:
            return self._reroll(s, seat, acts)
        uses = {a.args[0]: a for a in acts if a.verb == "use"}
        if not uses:
            return _find(acts, "pass")
        for key in self._wanted_uses(s, seat, point, uses):
            if key in uses:
                return uses[key]
        return _find(acts, "pass")

    def _reroll(self, s: RobinsonState, seat: int, acts: list[RobinsonAction]) -> RobinsonAction | None:
        if not 0 <= s.cur < len(s.groups):
            return _find(acts, "pass")
        g = s.groups[s.cur]
        lead = g[3]
        opts = {(a.args[0], len(a.args) > 1): a for a in acts if a.verb == "reroll"}
        friday = any(k[1] for k in opts)

        def pick(die: str) -> RobinsonAction | None:
            return opts.get((die, friday)) or opts.get((die, False))

        if not s.dice[1]:
            a = pick("success")
            if a is not None:
                return a
        margin = (s.content.friday_death_at if lead >= s.players else s.content.characters[s.table.chars[lead]].death_at) - s.wounds[lead]
        if s.dice[0] and margin <= 3:
            a = pick("wound")
            if a is not None:
                return a
        if s.dice[2] and g[0] == T_EXPLORE and lead < s.players and s.det[seat] >= 4:
            a = pick("adventure")
            if a is not None:
                return a
        return _find(acts, "pass")

    def _wanted_uses(self, s: RobinsonState, seat: int, point: int, uses: dict[str, RobinsonAction]) -> list[str]:
        """Uses worth making now, best first."""
        out: list[str] = []
        n = s.players
        wounded = [p for p in range(n) if s.wounds[p] > 0]
        food = s.food_total()
        eat = len(s.in_camp()) * (1 + s.night_food)
        # permanent gains: take them at once
        for key in ("pirate_sabre", "old_machete", "ladys_medallion", "fallen_tree", "goat", "healing_herbs",
                    "poison", "pipe_and_tobacco"):
            out.append(key)
        if s.has_shelter():
            out.append("thorny_bushes")
        if s.morale < s.content.morale[-1][0]:
            out += ["tobacco", "herbs_pot"]
        if point in (W_NIGHT, W_WEATHER):
            out.append("treasure")
        stage = next((i for i, need in enumerate(s.table.scenario.pile) if s.pile[i] < need), -1)
        if stage >= 0 and s.table.scenario.pile[stage] - s.pile[stage] >= 2:
            out.append("oil")
        if s.weapon < 2:
            out.append("empty_bottle")
        if point == W_ACTION and 0 <= s.cur < len(s.groups):
            g = s.groups[s.cur]
            if g[0] == T_HUNT:
                out += ["frenzy", "pistol"]
            if g[0] == T_ARRANGE and g[3] < n and s.wounds[g[3]] > 0:
                out.append("bible")
        if point == W_WEATHER:
            rain, winter, animals = s.clouds[0], s.clouds[1], s.clouds[2]
            unprot = max(0, rain + winter - s.roof)
            if unprot > 0 and rain > 0:
                out += ["storm_glass", "large_leaves", "hooch"]
            if winter > 0:
                out += ["tinderbox"]
                if unprot == 0 or rain == 0:
                    out.append("hooch")
            if (animals == 1 or s.weather_tk[2]) and s.palisade < (animals == 1) + s.weather_tk[2]:
                out.append("defense_plan")
            if animals == 3 and s.weapon < 3:
                out += ["defense_plan", "empty_bottle"]
            wood_need = winter + unprot
            if s.res[WOOD] < wood_need:
                out.append("fallen_tree")
            if food < unprot + eat:
                out += ["nourishing_larvae", "biscuits", "stone_soup"]
        if point == W_NIGHT:
            det = s.det[seat]
            if food < eat:
                out.append("stone_soup")
            if wounded and food - eat >= 1:
                out.append("grandmas_recipe")
            if det >= 4 and s.has_shelter() and s.palisade < 2 or det >= 4 and s.weapon < 3:
                out.append("defense_plan")
            if det >= 5:
                out.append("scouting")
            if det >= 5 and s.morale < s.content.morale[-1][0]:
                out.append("motivational_speech")
            out.append("nourishing_larvae")
            if food < eat:
                out += ["biscuits", "stone_soup"]
            spare = food - eat
            if wounded and spare >= 1:
                out += ["fireplace", "grandmas_recipe", "pot"]
            if s.wounds[seat] > 0 and seat == s.first_player:
                out += ["herbs", "bottle_of_wine"]
            if wounded:
                out.append("vegetables")
            out.append("flask_of_rum")
            if not any(s.content.tiles[t].terrain == "mountains" for sp, t in enumerate(s.space_tile)
                       if t >= 0 and not s.space_lost[sp]) and s.tile_top < 0:
                out += ["reconnaissance", "spyglass"]
            if s.morale < 0 and s.det[seat] >= 3:
                out.append("motivational_speech")
            if s.det[seat] >= 5 and s.has_shelter() and s.palisade < 2:
                out.append("defense_plan")
        return out

    # --- valuations ------------------------------------------------------------------------------------------
    def value_node(self, s: RobinsonState, node: int, actor: int, card: int) -> float:
        """A rough value (in resource units) of an effect for the team; negative is harmful."""
        return float(self._value(s, node, actor, card))

    def _value(self, s: RobinsonState, node: int, actor: int, card: int) -> Any:
        kind, verb, prm, kids = s.program.nodes[node]
        if kind == SEQ:
            return sum(self.value_node(s, k, actor, card) for k in kids)
        if kind == CHOOSE:
            return max(self.value_node(s, k, actor, card) for k in kids)
        n = s.players
        who_n = n if prm.get("who") == "all" else 1
        wound_cost = self._wound_cost(s, actor, prm.get("who"))
        v = verb
        if v == "gain":
            mult = n if prm.get("per_player") else 1
            have = s.food_total() + s.fut[FOOD] + s.fut[NONPER]
            food_v = 0.9 if have < len(s.in_camp()) * (1 + s.night_food) + 1 else 0.25
            return mult * (prm.get("wood", 0) * 1.0 + prm.get("food", 0) * food_v + prm.get("nonperishable", 0) * 1.1
                           + prm.get("fur", 0) * 1.2)
        if v == "pay":
            tot = 0.0
            missing = 0
            for r, name in ((WOOD, "wood"), (FOOD, "food"), (NONPER, "nonperishable"), (FUR, "fur")):
                k = prm.get(name, 0)
                if not k:
                    continue
                have = s.free(FOOD if r == NONPER else r)
                if prm.get("if_possible") and have < k:
                    return 0.0
                tot -= min(k, max(0, have)) * (1.2 if r == FUR else 1.0)
                missing += max(0, k - max(0, have))
            return tot - missing * self._wound_cost(s, actor, prm.get("who") or "all") * (n if not prm.get("who") or prm.get("who") == "all" else 1)
        if v == "wound":
            return -prm["n"] * wound_cost * who_n
        if v == "heal":
            return prm["n"] * 1.0 * who_n
        if v == "heal_split":
            return prm["n"] * 1.0
        if v == "determination":
            if prm["n"] < 0:
                return -sum(max(0.3, -prm["n"] - s.det[p]) for p in (range(n) if prm.get("who") == "all" else [max(0, actor) if actor < n else s.first_player]))
            return prm["n"] * 0.35 * who_n
        if v == "determination_split":
            return prm["n"] * 0.35
        if v == "morale":
            return prm["by"] * 0.8
        if v == "track":
            level = {"roof": s.roof, "palisade": s.palisade, "weapon": s.weapon}[prm["track"]]
            unit = {"roof": 2.0, "palisade": 1.5, "weapon": 1.0}[prm["track"]]
            if prm["by"] > 0:
                if prm["track"] != "weapon" and not s.has_shelter():
                    return 0.0
                return prm["by"] * unit
            drop = -prm["by"]
            if prm.get("if_possible"):
                return -min(drop, level) * unit
            return -min(drop, level) * unit - max(0, drop - level) * n * self._wound_cost(s, -1, "all")
        if v == "halve":
            level = {"roof": s.roof, "palisade": s.palisade, "weapon": s.weapon}[prm["track"]]
            return -(level // 2) * 2.0
        if v == "shuffle_into_events":
            ev = s.program.card.get((card, "event")) if card >= 0 else None
            if ev is None:
                return -0.5
            return 0.6 * self.value_node(s, ev, s.first_player, card) - 0.3
        if v == "draw_discovery":
            return prm["n"] * 1.0
        if v == "draw_mystery":
            return 0.8 * prm.get("treasure", 0) - 1.5 * prm.get("monster", 0) - 2.0 * prm.get("trap", 0)
        if v == "fight":
            level = s.weapon
            hurt = max(0, prm["strength"] - level) + max(0, prm.get("weapon_loss", 0) - level)
            gain = prm.get("food", 0) * 0.9 + prm.get("fur", 0) * 1.2
            return gain - hurt * wound_cost * who_n - prm.get("weapon_loss", 0) * 0.8
        if v == "weather_token":
            return {"rain": -1.2, "winter": -1.6, "storm": -1.5}[prm["token"]]
        if v == "field_token":
            return -0.7
        if v == "no_production":
            return -1.0
        if v == "night_demand":
            return -prm["food"] * n * 1.0
        if v == "cover_source":
            return -1.5
        if v == "discard_inventions":
            return -0.3 * prm["n"]
        if v in ("flip_item",):
            return -2.0 if s.count_in(Z_ITEM) else 0.0
        if v == "repeat_event":
            ev = s.program.card.get((card, "event"))
            return self.value_node(s, ev, s.first_player, card) if ev is not None else 0.0
        if v == "pass_first_player":
            return 0.0
        if v == "night_outside":
            return -2.0
        if v == "special_wound":
            return -1.5
        if v == "unless_built":
            return 0.0 if s.built(prm["item"]) else self.value_node(s, kids[0], actor, card)
        if v == "if_weapon":
            return self.value_node(s, kids[0], actor, card) if s.weapon >= prm["min"] else 0.0
        if v == "beast_to_hunt":
            return -0.3
        if v == "lose_tile":
            return -2.0
        if v == "pile_wood":
            return prm["n"] * 1.0
        if v == "put_invention":
            return 0.5
        if v == "starting_item_from_box":
            return 1.0
        return 0.0

    def _wound_cost(self, s: RobinsonState, actor: int, who: Any) -> float:
        """Worth of one Wound: more when the castaway is close to death."""
        n = s.players
        if who == "all":
            targets = list(range(n))
        elif who == "fp":
            targets = [s.first_player]
        else:
            targets = [actor if actor >= 0 else s.first_player]
        worst = 0.0
        for p in targets:
            if p >= n:
                worst = max(worst, 0.5)
                continue
            margin = s.content.characters[s.table.chars[p]].death_at - s.wounds[p]
            worst = max(worst, 1.3 if margin > 6 else 2.0 if margin > 3 else 5.0)
        return worst

    def _heal_score(self, s: RobinsonState, args: tuple[str, ...]) -> float:
        score = 0.0
        wounds = list(s.wounds)
        for word in args:
            p = s._char_by_id(word)
            if p >= s.players:
                margin = s.content.friday_death_at - wounds[p]
                score += 0.5 / max(1, margin)
            else:
                margin = s.content.characters[s.table.chars[p]].death_at - wounds[p]
                score += 1.0 / max(1, margin)
            wounds[p] -= 1
        return score

    def _give_score(self, s: RobinsonState, args: tuple[str, ...]) -> float:
        det = list(s.det)
        score = 0.0
        for word in args:
            p = s._char_by_id(word)
            score -= det[p]
            det[p] += 1
        return score

    def _hunger_score(self, s: RobinsonState, word: str) -> float:
        p = s._char_by_id(word)
        ch = s.content.characters[s.table.chars[p]]
        margin = ch.death_at - s.wounds[p]
        arrows = sum(1 for a in ch.arrows if s.wounds[p] < a <= s.wounds[p] + 2)
        return margin - 0.5 * arrows

    def _usable_bonus(self, s: RobinsonState, item: str) -> float:
        ci = s.content.by_id.get(item)
        if ci is None:
            return 0.0
        d = s.content.cards[ci].data
        ter = s.explored_terrains()
        ok = all(t in ter for t in d.get("terrain") or []) and all(s.built(i) for i in d.get("items") or [])
        return 5.0 if ok else 0.0

    def _tile_score(self, s: RobinsonState, number: int) -> float:
        tile = next(t for t in s.content.tiles if t.number == number)
        score = float(len(tile.sources)) + 0.3 * tile.discoveries
        have = s.explored_terrains()
        if tile.terrain == "mountains" and "mountains" not in have:
            score += 10
        if tile.terrain == "plains" and "plains" not in have:
            score += 1
        if "wood" in tile.sources:
            score += 0.5
        return score

    def _space_score(self, s: RobinsonState, sp: int) -> float:
        tile = s.space_tile[sp]
        if tile < 0:
            return 0.0
        td = s.content.tiles[tile]
        score = float(sum(1 for i in range(len(td.sources)) if not s.space_exh[sp] >> i & 1))
        if td.terrain == "mountains":
            others = sum(1 for x, t in enumerate(s.space_tile)
                         if t >= 0 and x != sp and not s.space_lost[x] and s.content.tiles[t].terrain == "mountains")
            if not others and not s.built("fire"):
                score += 10
        return score

    def _source_score(self, s: RobinsonState, text: str) -> float:
        sp, i = (int(x) - 1 for x in text[1:].split(":"))
        kind = s.content.tiles[s.space_tile[sp]].sources[i]
        score = 2.0 if kind == "wood" else 1.5
        if sp == s.camp:
            score += 3
        return score


# ---------------------------------------------------------------------------------------- planning steps
class _PlanStep:
    """What one seat does next in the planning phase, given the team plan."""

    def __init__(self, bot: HeuristicAgent, s: RobinsonState, seat: int) -> None:
        self.bot = bot
        self.s = s
        self.seat = seat
        self.plan = bot.plan(s)
        self.mine = set(s.pawns_of(seat))

    def _group_of(self, item: PlanItem) -> int:
        s = self.s
        for gi, g in enumerate(s.groups):
            if (g[0], g[1], g[2]) == (item.typ, item.target, item.alt) and set(g[4]) & set(item.pawns):
                return gi
        return -1

    def _steps(self) -> list[tuple[int, RobinsonAction]]:
        """(urgency, action) of every move toward the plan, in plan order."""
        s = self.s
        seat = self.seat
        out: list[tuple[int, RobinsonAction]] = []
        want: dict[int, PlanItem] = {}
        for item in self.plan.items:
            for pid in item.pawns:
                want[pid] = item
        # pawns placed where the plan does not want them (taken back only when their planned place is open)
        for pid in sorted(self.mine):
            gi = s.where(pid)
            if gi < 0:
                continue
            wanted = want.get(pid)
            if wanted is None or self._group_of(wanted) == gi:
                continue
            if self._room_for(wanted, pid) and self.bot._may_remove(s, seat):
                out.append((3, RobinsonAction(seat, "remove", (s.pawn_text(pid),))))
        for item in self.plan.items:
            gi = self._group_of(item)
            for pid in item.pawns:
                if pid not in self.mine or s.where(pid) >= 0:
                    continue
                word = s.pawn_text(pid)
                if gi >= 0:
                    out.append((1, RobinsonAction(seat, "join", (word, str(gi + 1)))))
                elif pid <= s.friday_pawn:
                    lead_pid = item.pawns[0]
                    waiting = lead_pid != pid and lead_pid not in self.mine and s.where(lead_pid) < 0
                    out.append((0 if waiting else 2, RobinsonAction(seat, "place", (word, item.text))))
            if gi >= 0 and item.leader == seat and s.groups[gi][3] != seat:
                out.append((1, RobinsonAction(seat, "lead", (str(gi + 1),))))
        return out

    def _room_for(self, item: PlanItem, pid: int) -> bool:
        """Whether `pid` could go to its planned Action once taken back from where it is."""
        s = self.s
        gi = self._group_of(item)
        if gi >= 0:
            return len(s.groups[gi][4]) < s._max_pawns(gi) and bool(s.pawn_mask(pid) >> item.typ & 1)
        return pid <= s.friday_pawn and s._target_problem(item.typ, item.target, item.alt) is None

    def action(self, acts: list[RobinsonAction]) -> RobinsonAction | None:
        legal = set(acts)
        steps = [(u, a) for u, a in self._steps() if a in legal]
        if steps:
            best = max(u for u, _ in steps)
            if best > 0:
                pick = next(a for u, a in steps if u == best)
                return pick
        econ = _find(acts, "use", "economical_construction")
        if econ is not None and self.s.det[self.seat] >= 2:
            return econ
        for verb in ("ready", "confirm"):
            a = _find(acts, verb)
            if a is not None:
                return a
        if steps:
            return steps[0][1]
        return None

    def priority(self) -> float:
        legal = set(self.s.legal_actions(self.seat))
        steps = [u for u, a in self._steps() if a in legal]
        if steps and max(steps) > 0:
            return float(max(steps))
        if any(a.verb == "ready" for a in legal):
            return 0.5
        if any(a.verb == "confirm" for a in legal):
            return 0.2
        return 0.0


# ---------------------------------------------------------------------------------------- helpers
def _find(acts: Iterable[RobinsonAction], verb: str, *args: str) -> RobinsonAction | None:
    for a in acts:
        if a.verb == verb and (not args or a.args[: len(args)] == args):
            return a
    return None


def _fallback(acts: list[RobinsonAction]) -> RobinsonAction:
    """A harmless legal action when the plan gives none."""
    for verb in ("pass", "ready", "confirm", "stop"):
        a = _find(acts, verb)
        if a is not None:
            return a
    for a in acts:
        if a.verb == "place" and a.args[1] in ("rest", "arrange"):
            return a
    for a in acts:
        if a.verb not in ("remove", "use", "lead"):
            return a
    return acts[0]


__all__ = ["HeuristicAgent", "Plan", "PlanItem", "base_state", "weather_outlook"]
