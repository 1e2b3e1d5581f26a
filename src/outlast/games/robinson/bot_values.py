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

FIXED_VALUES = {"field_token": -0.7, "no_production": -1.0, "cover_source": -1.5, "pass_first_player": 0.0,
                "night_outside": -2.0, "special_wound": -1.5, "beast_to_hunt": -0.3, "lose_tile": -2.0,
                "put_invention": 0.5, "starting_item_from_box": 1.0}
"""Verbs the bot values the same wherever they come."""

WEATHER_TOKEN_VALUES = {"rain": -1.2, "winter": -1.6, "storm": -1.5}
"""A Weather token placed for the next Weather phases (§9)."""


class CardValues:
    """Valuations of effects and choices (a part of `HeuristicAgent`)."""

    def value_node(self, s: RobinsonState, node: int, actor: int, card: int) -> float:
        """A rough value (in resource units) of an effect for the team; negative is harmful."""
        return float(self._value(s, node, actor, card))

    def _value(self, s: RobinsonState, node: int, actor: int, card: int) -> Any:
        """A sequence is worth its parts together, a choice its best option, a verb what its topic's rule says."""
        kind, verb, prm, kids = s.program.nodes[node]
        if kind == SEQ:
            return sum(self.value_node(s, k, actor, card) for k in kids)
        if kind == CHOOSE:
            return max(self.value_node(s, k, actor, card) for k in kids)
        if verb in FIXED_VALUES:
            return FIXED_VALUES[verb]
        if verb == "weather_token":
            return WEATHER_TOKEN_VALUES[prm["token"]]
        for topic in (self._resource_value, self._castaway_value, self._track_value):
            value = topic(s, verb, prm, actor)
            if value is not None:
                return value
        return self._card_value(s, verb, prm, kids, actor, card)

    def _resource_value(self, s: RobinsonState, verb: str, prm: dict[str, Any], actor: int) -> float | None:
        """Resources gained, paid (a Wound for each one missing, §12.3), put on the wood pile or eaten tonight."""
        n = s.players
        if verb == "gain":
            mult = n if prm.get("per_player") else 1
            have = s.food_total() + s.future_resources[FOOD] + s.future_resources[NONPER]
            food_v = 0.9 if have < len(s.in_camp()) * (1 + s.night_food) + 1 else 0.25
            return float(mult * (prm.get("wood", 0) * 1.0 + prm.get("food", 0) * food_v
                                 + prm.get("nonperishable", 0) * 1.1 + prm.get("fur", 0) * 1.2))
        if verb == "lose":
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
            everyone = not prm.get("who") or prm.get("who") == "all"
            return tot - missing * self._wound_cost(s, actor, prm.get("who") or "all") * (n if everyone else 1)
        if verb == "pile_wood":
            return float(prm["n"] * 1.0)
        if verb == "night_demand":
            return float(-prm["food"] * n * 1.0)
        return None

    def _castaway_value(self, s: RobinsonState, verb: str, prm: dict[str, Any], actor: int) -> float | None:
        """Wounds, healing, Determination, Morale and fights, for the castaways they reach (§12.2, §13)."""
        n = s.players
        who_n = n if prm.get("who") == "all" else 1
        if verb == "wound":
            return float(-prm["n"] * self._wound_cost(s, actor, prm.get("who")) * who_n)
        if verb == "heal":
            return float(prm["n"] * 1.0 * who_n)  # one who shares the healing out counts once
        if verb == "determination":
            if prm["n"] < 0:
                losers = range(n) if prm.get("who") == "all" else [max(0, actor) if actor < n else s.first_player]
                return float(-sum(max(0.3, -prm["n"] - s.determination[p]) for p in losers))
            return float(prm["n"] * 0.35 * who_n)
        if verb == "determination_split":
            return float(prm["n"] * 0.35)
        if verb == "morale":
            return float(prm["by"] * 0.8)
        if verb == "fight":
            level = s.weapon
            hurt = max(0, prm["strength"] - level) + max(0, prm.get("weapon_loss", 0) - level)
            gain = prm.get("food", 0) * 0.9 + prm.get("fur", 0) * 1.2
            return float(gain - hurt * self._wound_cost(s, actor, prm.get("who")) * who_n
                         - prm.get("weapon_loss", 0) * 0.8)
        return None

    def _track_value(self, s: RobinsonState, verb: str, prm: dict[str, Any], actor: int) -> float | None:
        """A Roof, Palisade or Weapon track raised, lowered (a Wound each for what it cannot lose, §12.2) or halved."""
        if verb not in ("track", "halve"):
            return None
        level = {"roof": s.roof, "palisade": s.palisade, "weapon": s.weapon}[prm["track"]]
        if verb == "halve":
            return -(level // 2) * 2.0
        unit = {"roof": 2.0, "palisade": 1.5, "weapon": 1.0}[prm["track"]]
        if prm["by"] > 0:
            if prm["track"] != "weapon" and not s.has_shelter():
                return 0.0
            return float(prm["by"] * unit)
        drop = -prm["by"]
        if prm.get("if_possible"):
            return float(-min(drop, level) * unit)
        return float(-min(drop, level) * unit - max(0, drop - level) * s.players * self._wound_cost(s, -1, "all"))

    def _card_value(self, s: RobinsonState, verb: str, prm: dict[str, Any], kids: Any, actor: int,
                    card: int) -> float:
        """Cards and tokens drawn, shuffled back, discarded or turned over, and effects that repeat or wait for an
        Item (§12.4–§12.8, §16); 0 for a verb the bot does not weigh."""
        if verb == "shuffle_into_events":
            ev = s.program.card.get((card, "event")) if card >= 0 else None
            if ev is None:
                return -0.5
            return 0.6 * self.value_node(s, ev, s.first_player, card) - 0.3
        if verb == "draw":
            return float(prm["n"] * 1.0)
        if verb == "draw_mystery":
            return float(0.8 * prm.get("treasure", 0) - 1.5 * prm.get("monster", 0) - 2.0 * prm.get("trap", 0))
        if verb == "discard":
            return float(-0.3 * prm["n"])
        if verb == "flip_item":
            return -2.0 if s.count_in(Z_ITEM) else 0.0
        if verb == "repeat_event":
            ev = s.program.card.get((card, "event"))
            return self.value_node(s, ev, s.first_player, card) if ev is not None else 0.0
        if verb == "unless_built":
            return 0.0 if s.built(prm["item"]) else self.value_node(s, kids[0], actor, card)
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
        score = float(sum(1 for i in range(len(td.sources)) if not s.covered_sources[sp] >> i & 1))
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
