"""The Robinson Crusoe bot's team planner (robinson-crusoe.md §8.1–§8.3): the priority list that turns a
position into one plan for the round (see `bots.py` for the order of the list).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .bot_position import (
    Plan,
    PlanItem,
    PlanPawn,
    base_state,
    weather_outlook,
)
from .constants import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    FOOD,
    FUR,
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
    WOOD,
    XS_SKILL,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
)
from .state import RobinsonState

if TYPE_CHECKING:
    from .bots import HeuristicAgent


# ---------------------------------------------------------------------------------------- the planner
class TeamPlanner:
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
        self.pawns: list[PlanPawn] = []
        n = self.players
        for seat in range(n):
            for k in (0, 1):
                self.pawns.append(PlanPawn(2 * seat + k, "player", seat, 0x7F))
        if b.table.friday and b.friday_alive:
            self.pawns.append(PlanPawn(b.friday_pawn, "friday", b.table.friday_index, 0x7F))
        if b.table.dog:
            self.pawns.append(PlanPawn(b.dog_pawn, "dog", -1, (1 << T_HUNT) | (1 << T_EXPLORE)))
        for k, src in enumerate(b.additional_pawns):
            pid = 2 * n + 2 + k
            if src[0] == XS_SKILL and not b._pawn_affordable(pid):
                continue
            self.pawns.append(PlanPawn(pid, "extra", -1, src[2]))
        self.used: set[int] = set()
        self.cost_w, self.cost_f = b.table.cost
        self.death = [b.content.characters[b.table.chars[p]].death_at for p in range(n)]
        self.at_pile = False
        self.food_gain = 0.0  # expected food gained by planned Actions
        self.wood_gain = 0.0

    # ---- small helpers
    def free_pawns(self, typ: int | None = None) -> list[PlanPawn]:
        return [p for p in self.pawns if p.pid not in self.used and (typ is None or p.mask >> typ & 1)]

    def n_free(self, typ: int | None = None) -> int:
        return len(self.free_pawns(typ))

    def leaders_free(self) -> list[PlanPawn]:
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

    def _leader(self, typ: int, target: int, leader: str, dice: bool) -> PlanPawn | None:
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

    def _pick(self, typ: int, lead: PlanPawn, want: int, lo: int) -> list[PlanPawn] | None:
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
            b.resources[WOOD] -= give
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
            keep += self.cost_w if b.resources[FUR] < self.cost_f else 0
        roof = b.roof + sum(1 for it in self.items if it.typ == T_BUILD and it.target == BUILD_ROOF)
        if roof < self.roof_target(self.R + 1) and b.resources[FUR] < self.cost_f and b.table.scenario.win_from > self.R + 1:
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
        bonus = sum(abilities.card_answer(b.program, k, abilities.GATHER_BONUS, 0) for k in b.gathering_items())
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
                amount = 0 if b.covered_sources[sp] >> i & 1 else 1
                if b.space_tokens[sp] & (TK_WOOD if kind == "wood" else TK_FOOD):
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
        storm = b.weather_tokens[2]
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


