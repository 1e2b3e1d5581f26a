"""How the Robinson Crusoe bot values an effect, a tile, a source, a heal or a gift, in resource units
(robinson-crusoe.md §12, §16): `CardValues` is a part of `HeuristicAgent`.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    FOOD,
    FUR,
    G_DONE,
    NONPER,
    T_GATHER,
    WOOD,
    Z_ITEM,
)
from .program import CHOOSE, SEQ
from .state import RobinsonState


class CardValues:
    """Valuations of effects and choices (a part of `HeuristicAgent`)."""

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
            have = s.food_total() + s.future_resources[FOOD] + s.future_resources[NONPER]
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
                return -sum(max(0.3, -prm["n"] - s.determination[p]) for p in (range(n) if prm.get("who") == "all" else [max(0, actor) if actor < n else s.first_player]))
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
        det = list(s.determination)
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

    def _keep_for_later_gathering(self, s: RobinsonState, action: int) -> bool:
        """Keep an Item that adds to one Gathering a round (§17.2) for a later Gathering of this round when one is
        likely to succeed (enough pawns, or its Success die shows success at least 2 times in 3, §8.5) on the
        resource the team needs more: food while tonight's meals are not covered, wood otherwise (§10.1)."""
        food = s.food_total() + s.future_resources[FOOD] + s.future_resources[NONPER]
        wanted = FOOD if food < len(s.in_camp()) * (1 + s.night_food) else WOOD
        if s.gathered_resource(action) == wanted:
            return False
        faces = s.content.dice["gather"][1]
        dice_odds = faces.count("success") / len(faces)
        for gi, g in enumerate(s.groups):
            if gi == action or g[0] != T_GATHER or g[8] & G_DONE or s.gathered_resource(gi) != wanted:
                continue
            if len(g[4]) > s._min_pawns(gi) or dice_odds >= 2 / 3:
                return True
        return False
