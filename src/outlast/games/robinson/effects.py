# mypy: disable-error-code="misc"
"""Card effects that run: the work queue and the effect program (robinson-crusoe.md §16, §20).

`EffectRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    ADV_ZONE,
    ADVD_ZONE,
    CH_ADV,
    CH_BEAST,
    CH_BEAST_TOP,
    CH_INV,
    CH_RECON,
    CH_START,
    CH_TOKEN,
    FIELD_OF,
    FOOD,
    FT_ADVENTURE,
    FT_BEAST,
    FT_BITS,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    I_ADV_DONE,
    I_ADVENTURE,
    I_BEAST,
    I_DICE,
    I_DISCARD,
    I_EVENT_HALF_DONE,
    I_ICON,
    I_MAIN,
    I_MYST_AFTER,
    I_MYST_STEP,
    I_NEW_IDEA,
    I_POST,
    I_PRE,
    I_RECON,
    I_SCOUT,
    I_SLIDE,
    I_SUCCESS,
    I_TOKENS,
    NONPER,
    RES_NAMES,
    RESOLVE,
    T_GATHER,
    TILE_REVEALED,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_WOOD,
    TOK_AVAIL,
    TOK_BAG,
    TOK_FUTURE,
    TOK_REVEALED,
    TRACK_NAMES,
    TYPE_NAMES,
    W_ACTION,
    Z_BEAST_DECK,
    Z_BOX,
    Z_EVENT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_RESOLVING,
    Z_REVEALED,
)
from .decisions import (
    AnyTimeWindow,
    ChooseOption,
    CoverSource,
    CoverSourceForCampToken,
    DiscardInvention,
    KeepInvention,
    KeepToken,
    LayInvention,
    LoseTile,
    MarkTile,
    ProducingTile,
    ShareDetermination,
    ShareHealing,
    TopTile,
    TurnItemBack,
)
from .fields import StateFields
from .program import CHOOSE, SEQ

if TYPE_CHECKING:
    from .state import RobinsonState


class EffectRules(StateFields):
    """Card effects that run: a part of `RobinsonState`."""

    __slots__ = ()

    def _run_work(self: RobinsonState) -> None:
        op, a, b, x = self.work.pop()
        if op >= 0:
            self._run_node(op, a, b)
            return
        if op == I_ICON:
            icon = self.content.cards[b].data["icon"]
            if icon == "book":
                self._push((self.program.book, self.first_player, b, 0))
            else:
                self._field_token(FIELD_OF[icon], FT_ADVENTURE)
        elif op == I_SLIDE:
            self._slide(b)
        elif op in (I_EVENT_HALF_DONE, I_DISCARD):
            self.discard(b)
        elif op == I_PRE:
            self.decisions.append(AnyTimeWindow(self.first_player, W_ACTION, 0, len(self.work)))
        elif op == I_MAIN:
            self._main(b)
        elif op == I_POST:
            self._post(b)
        elif op == I_DICE:
            self._dice_results(b)
        elif op == I_SUCCESS:
            self._success(b)
        elif op == I_ADVENTURE:
            self._adventure(a, b, bool(x))
        elif op == I_ADV_DONE:
            self.discard(b)
        elif op == I_BEAST:
            self._beast(a, b)
        elif op == I_MYST_STEP:
            self._myst_step()
        elif op == I_MYST_AFTER:
            self._myst_after(b)
        elif op == I_TOKENS:
            if b > 0 and TOK_BAG in self.token_place:
                self.chance = [CH_TOKEN, a, b, 0]
        elif op == I_NEW_IDEA:
            if b > 0 and not self.count_in(Z_INV_DECK):
                for card in self.cards_in(Z_INV_DISCARD):
                    self.zone[card] = Z_INV_DECK
            if b > 0 and self.count_in(Z_INV_DECK):
                self.chance = [CH_INV, Z_REVEALED, b, a]
            elif self.count_in(Z_REVEALED):
                self.decisions.append(KeepInvention(a))
        elif op == I_RECON:
            if b > 0 and TILE_STACK in self.tile_at:
                self.chance = [CH_RECON, a, b, 0]
            elif TILE_REVEALED in self.tile_at:
                self.decisions.append(TopTile(a))
        elif op == I_SCOUT:
            if b > 0 and TOK_BAG in self.token_place:
                self.chance = [CH_TOKEN, TOK_REVEALED, b, a]
            elif TOK_REVEALED in self.token_place:
                self.decisions.append(KeepToken(a))
        else:
            raise AssertionError(op)

    def _adventure(self: RobinsonState, actor: int, group: int, token: bool) -> None:
        """An Adventure for the Action `group` (§8.5.3): the Adventure token goes (§20.2); Friday takes a Wound
        instead (§14.4); else the Action's Adventure deck is drawn, reshuffled from its discards when empty."""
        typ = self.groups[group][0]
        if token and self.field_tk[typ] & FT_ADVENTURE:
            self.field_tk[typ] &= ~FT_ADVENTURE
            self.log("action", "The Adventure token is used (§20.2).")
        if actor == self.table.friday_index:
            self.wound(actor, 1, "an Adventure result for Friday (§14.4)")
            return
        z = ADV_ZONE[typ]
        if not self.count_in(z):
            for card in self.cards_in(ADVD_ZONE[z]):
                self.zone[card] = z
        if self.count_in(z):
            self.chance = [CH_ADV, z, actor, 0]
        else:
            self.log("action", "No Adventure card is left (§25.19).")

    def _field_token(self: RobinsonState, typ: int, bit: int) -> None:
        """One token of a type per place; an extra one is ignored, not a demand (§12.6)."""
        if self.field_tk[typ] & bit:
            self.log("token", f"{TYPE_NAMES[typ].capitalize()} already holds that token: the new one is ignored (§12.6).")
            return
        self.field_tk[typ] |= bit
        name = {FT_REROLL: "Reroll Success", FT_ADVENTURE: "Adventure", FT_EXTRA: "extra-pawn", FT_WOOD: "+1 wood",
                FT_BEAST: "Beast Strength"}[bit]
        self.log("token", f"A {name} token goes on {TYPE_NAMES[typ]} (§20).")

    def _who(self: RobinsonState, who: str | None, actor: int) -> list[int]:
        if who == "all":
            return list(range(self.players))
        if who == "fp":
            return [self.first_player]
        return [actor if actor >= 0 else self.first_player]

    def _run_node(self: RobinsonState, node: int, actor: int, card: int) -> None:
        kind, verb, prm, kids = self.program.nodes[node]
        if kind == SEQ:
            self._push(*[(k, actor, card, 0) for k in kids])
            return
        if kind == CHOOSE:
            chooser = self.seat_of(actor) if actor >= 0 else self.first_player
            self.decisions.append(ChooseOption(chooser, node, actor, card))
            return
        cause = self.content.cards[card].name if card >= 0 else (self.source or "an effect")
        v = verb
        if v == "gain":
            mult = self.players if prm.get("per_player") else 1
            to_future = None if prm.get("to") is None else prm["to"] == "future"
            for r, name in enumerate(RES_NAMES):
                if prm.get(name):
                    self.gain(r, prm[name] * mult, actor, cause, to_future)
        elif v == "pay":
            need = [(r, prm.get(name, 0)) for r, name in enumerate(RES_NAMES) if prm.get(name)]
            if prm.get("if_possible") and any(self.free(r if r != NONPER else FOOD) < k for r, k in need):
                self.log("effect", f"{cause}: not possible, nothing happens (§12.3).")
                return
            missing = 0
            for r, k in need:
                got = min(k, max(0, self.free(r if r != NONPER else FOOD)))
                self.pay(r, got)
                missing += k - got
                if got:
                    self.log("pay", f"Discard {got} {RES_NAMES[r]} ({cause}).")
            if missing:
                targets = self._who(prm.get("who") or "all", actor)
                for p in targets:
                    self.wound(p, missing, f"{cause}: {missing} missing (§12.2)")
        elif v == "track":
            which = TRACK_NAMES.index(prm["track"])
            if prm["by"] > 0:
                if which < 2 and not self.has_shelter() and card >= 0 and self.content.cards[card].kind == "invention":
                    self.uses[card] = -1  # its raise is ignored (§8.8.4): nothing for a loss to undo (§16.6)
                self.raise_track(which, prm["by"], cause)
            else:
                self.drop_track(which, -prm["by"], cause, bool(prm.get("if_possible")))
        elif v == "halve":
            which = TRACK_NAMES.index(prm["track"])
            level = (self.roof, self.palisade, self.weapon)[which]
            self.set_track(which, level - level // 2)
            self.log("track", f"{prm['track'].capitalize()} {level} → {level - level // 2} ({cause}).")
        elif v == "morale":
            self.change_morale(prm["by"], cause)
        elif v == "wound":
            for p in self._who(prm["who"], actor):
                self.wound(p, prm["n"], cause)
        elif v == "heal":
            for p in self._who(prm["who"], actor):
                self.heal(p, prm["n"], cause)
        elif v == "heal_split":
            if any(self.wounds[p] for p in range(self.players)):
                self.decisions.append(ShareHealing(self.seat_of(actor) if actor >= 0 else self.first_player, prm["n"]))
        elif v == "determination":
            for p in self._who(prm["who"], actor):
                if prm["n"] >= 0:
                    self.gain_det(p, prm["n"], cause)
                else:
                    self.lose_det(p, -prm["n"], cause)
        elif v == "determination_split":
            self.decisions.append(ShareDetermination(self.seat_of(actor) if actor >= 0 else self.first_player, prm["n"]))
        elif v == "fight":
            who = prm.get("who") or "acting"
            strength = prm["strength"]
            if who == "all":
                level = self.weapon + self.temp_weapon
                if level < strength:
                    self.wound_all(strength - level, f"{cause}: strength {strength} against Weapon {level}")
            else:
                fighter = self._who(who, actor)[0]
                self.log("fight", f"{self.char_name(fighter)} fights ({cause}, strength {strength}).")
                self.fight(fighter, strength, prm.get("weapon_loss", 0), prm.get("food", 0), prm.get("fur", 0),
                           prm.get("palisade_loss", 0))
        elif v == "temp_weapon":
            self.temp_weapon += prm["by"]
            self.log("weapon", f"Weapon +{prm['by']} for this Action only (§16.9).")
        elif v == "weather_token":
            k = ("rain", "winter", "storm").index(prm["token"])
            if self.weather_tk[k]:
                self.log("token", "The Weather space already holds that token: ignored (§12.6).")
            else:
                self.weather_tk[k] = 1
                self.log("token", f"A {prm['token']} token goes in the Weather space ({cause}).")
        elif v == "field_token":
            self._field_token(FIELD_OF[prm["field"]], FT_BITS[prm["token"]])
        elif v == "camp_token":
            bit = TK_WOOD if prm["resource"] == "wood" else TK_FOOD
            if self.space_tk[self.camp] & bit:
                self.log("token", "The Camp tile already holds that token: ignored (§12.6).")
            else:
                self.space_tk[self.camp] |= bit
                self.log("token", f"A +1 {prm['resource']} token goes on the Camp tile ({cause}).")
        elif v == "cover_source":
            self._cover(prm["which"], actor)
        elif v == "no_production":
            self.flags |= 1 if prm["resource"] == "wood" else 2
            self.log("effect", f"No {prm['resource']} from Production this round ({cause}).")
        elif v == "night_demand":
            if self.night_food:  # one reminder per location; an identical one is ignored (§12.6)
                self.log("token", "The Night space already holds that reminder: ignored (§12.6).")
            else:
                self.night_food = prm["food"]
                self.log("effect", f"A reminder in the Night space: each player eats {prm['food']} more ({cause}).")
        elif v == "discard_inventions":
            if self.count_in(Z_INV_BOARD):
                self.decisions.append(DiscardInvention(self.first_player, prm["n"]))
        elif v == "put_invention":
            if not self.count_in(Z_INV_DECK):  # an empty deck takes back the face-down pile (§25.19)
                for ci in self.cards_in(Z_INV_DISCARD):
                    self.zone[ci] = Z_INV_DECK
            if self.count_in(Z_INV_DECK):
                self.decisions.append(LayInvention(self.seat_of(actor) if actor >= 0 else self.first_player))
        elif v == "flip_item":
            if self.count_in(Z_ITEM):
                self.decisions.append(TurnItemBack(self.first_player))
            else:
                self.log("effect", f"{cause}: no Item to turn over.")
        elif v == "build_free":
            ci = self.content.by_id[prm["item"]]
            if self.zone[ci] not in (Z_ITEM, Z_ITEM_FUTURE):
                self.zone[ci] = Z_ITEM
                self.log("build", f"{self.content.cards[ci].name} is built at no cost ({cause}).")
                node2 = self.program.card.get((ci, "on_build"))
                if node2 is not None:
                    self._push((node2, actor, ci, 0))
                self.check_win()
        elif v == "starting_item_from_box":
            if any(self.content.cards[i].kind == "start_item" for i in self.cards_in(Z_BOX)):
                self.chance = [CH_START, 0, 0, 0]
        elif v == "shuffle_into_events":
            if card >= 0 and self.zone[card] == Z_RESOLVING:
                self.zone[card] = Z_EVENT_DECK
                self.log("effect", f"{cause} is shuffled into the Event deck (§16.10).")
        elif v == "nothing":
            pass
        elif v == "repeat_event":
            node2 = self.program.card.get((card, "event"))
            if node2 is not None:
                self.log("effect", f"{cause}: its Event effect happens again (§16.8).")
                self._push((node2, self.first_player, card, 0))
        elif v == "pass_first_player":
            if self.players > 1:
                self.first_player = (self.first_player + 1) % self.players
                self.log("effect", f"{self.char_name(self.first_player)} becomes the first player ({cause}).")
        elif v == "draw_discovery":
            self._push((I_TOKENS, TOK_FUTURE if self.phase == RESOLVE else TOK_AVAIL, prm["n"], 0))
        elif v == "draw_mystery":
            self.myst = [prm.get("treasure", 0), prm.get("monster", 0), prm.get("trap", 0), actor, 0]
            self.log("mystery", f"Drawing Mystery cards ({cause}) (§16.2).")
            self._push((I_MYST_STEP, 0, 0, 0))
        elif v == "beast_to_hunt":
            if self.count_in(Z_BEAST_DECK):
                self.chance = [CH_BEAST_TOP if prm.get("unseen_top") else CH_BEAST, 0, 0, 0]
        elif v == "night_outside":
            if 0 <= actor < self.players:
                self.outside[actor] = 1
                self.log("effect", f"{self.char_name(actor)} will spend the night outside the Camp (§16.1).")
        elif v == "special_wound":
            if 0 <= actor < self.players:
                part = ("head", "arm", "belly", "leg").index(prm["part"])
                self.special.append((actor, part, FIELD_OF[prm["action"]], self.content.by_id[prm["until"]]))
                self.log("wound", f"{self.char_name(actor)} gets a Special Wound ({prm['part']}) (§13.1).")
        elif v == "unless_built":
            if not self.built(prm["item"]):
                self._push((kids[0], actor, card, 0))
            else:
                self.log("effect", f"The {prm['item']} protects ({cause}).")
        elif v == "if_weapon":
            if self.weapon >= prm["min"]:
                self._push((kids[0], actor, card, 0))
        elif v == "pile_wood":
            self.add_to_pile(prm["n"], cause)
        elif v == "tile_token":
            bit = TK_BEAST if prm["token"] == "beast_strength" else TK_EXTRA
            if self._markable_tiles(bit):
                self.decisions.append(MarkTile(self.first_player, bit))
            else:
                self.log("token", "Every tile already holds that token: ignored (§12.6).")
        elif v == "minus_pawn":
            for p in self._who(prm["who"], actor):
                if p < self.players:
                    self.minus[p] = 1
                    self.log("token", f"{self.char_name(p)} will have one pawn fewer in the next planning (§20).")
        elif v == "lose_tile":
            if self._losable_tiles():
                self.decisions.append(LoseTile(self.first_player))
        elif v == "ignore_cloud":
            k = 0 if prm["cloud"] == "rain" else 1
            self.clouds[k] = max(0, self.clouds[k] - prm["n"])
            self.log("weather", f"{prm['n']} {prm['cloud']} cloud(s) ignored ({cause}).")
        elif v == "convert_cloud":
            if self.clouds[1]:
                self.clouds[1] -= 1
                self.clouds[0] += 1
                self.log("weather", f"A winter cloud becomes a rainy cloud ({cause}).")
        elif v == "arrange_bonus":
            self.bible = 1
        elif v == "shortcut":
            if self._camp_moves():
                self.decisions.append(ProducingTile(self.first_player))
        elif v == "corral":
            if self._adjacent_food():
                self.decisions.append(CoverSourceForCampToken(self.first_player))
        elif v == "new_idea":
            self._push((I_NEW_IDEA, self.seat_of(actor), prm["draw"], 0))
        elif v == "reconnaissance":
            self._push((I_RECON, self.seat_of(actor), prm["draw"], 0))
        elif v == "scouting":
            self._push((I_SCOUT, self.seat_of(actor), prm["draw"], 0))
        elif v == "tracking":
            self._tracking(self.seat_of(actor))
        elif v == "night_heal":
            pass  # used through `use` (see _use)
        elif v in ("gather_bonus", "rest_bonus", "extra_pawn", "no_rot", "morale_bonus", "pit", "counts_as",
                   "explore_choice", "reroll_die", "cheaper_wood"):
            pass  # standing abilities, read where the rules need them
        else:
            raise AssertionError(f"verb {v} has no rule")

    def _cover(self: RobinsonState, which: str, actor: int) -> None:
        """Exhaust a source (§16.3); with none to cover, every player takes a Wound (§12.2)."""
        if which == "gathered":
            g = self.groups[self.cur] if 0 <= self.cur < len(self.groups) else None
            if g is not None and g[0] == T_GATHER:
                sp, i = divmod(g[1], 2)
                self.space_exh[sp] |= 1 << i
                self.log("effect", f"The source at s{sp + 1} is exhausted (§16.3).")
                return
            self.wound_all(1, "no source to cover (§12.2)")
            return
        options = self._adjacent_food() if which == "adjacent_food" else self._camp_sources()
        if not options:
            self.wound_all(1, "no source to cover (§12.2)")
            return
        self.decisions.append(CoverSource(self.first_player, 1 if which == "adjacent_food" else 0))

    def _adjacent_food(self: RobinsonState) -> list[int]:
        """Uncovered food sources (space*2+i) next to the Camp."""
        out = []
        for sp in self._camp_moves():
            for i, kind in enumerate(self.content.tiles[self.space_tile[sp]].sources):
                if kind == "food" and not self.space_exh[sp] >> i & 1:
                    out.append(sp * 2 + i)
        return out

    def _camp_sources(self: RobinsonState) -> list[int]:
        t = self.space_tile[self.camp]
        return [self.camp * 2 + i for i in range(len(self.content.tiles[t].sources)) if not self.space_exh[self.camp] >> i & 1]
