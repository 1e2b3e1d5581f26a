# mypy: disable-error-code="misc"
"""Action resolution: order, pawns needed, dice, Success and cleanup; the Threat, Build, Gather, Arrange and Rest Actions (robinson-crusoe.md §8.4–§8.6, §8.8, §8.9, §8.11–§8.13).

`ActionResolutionRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    CH_DICE,
    CH_REROLL,
    CH_TILE,
    FOOD,
    FT_ADVENTURE,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    FUR,
    G_DONE,
    G_FIELDX,
    G_WOODTOK,
    I_ADVENTURE,
    I_DICE,
    I_DISCARD,
    I_MAIN,
    I_POST,
    I_PRE,
    I_SUCCESS,
    T_ARRANGE,
    T_BUILD,
    T_EXPLORE,
    T_GATHER,
    T_HUNT,
    T_REST,
    T_THREAT,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_WOOD,
    TOK_AVAIL,
    TOK_FUTURE,
    W_ROLL,
    WEATHER,
    WOOD,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_RESOLVING,
    Z_THREAT_L,
    Z_THREAT_R,
)
from .decisions import AnyTimeWindow, ArrangeReward, ItemForGathering, NextAction
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class ActionResolutionRules(StateFields):
    """Action resolution: a part of `RobinsonState`."""

    __slots__ = ()

    def _resolve_next(self: RobinsonState) -> bool:
        left = [i for i, g in enumerate(self.groups) if not g[8] & G_DONE]
        if not left:
            self._cleanup()
            self.phase, self.step = WEATHER, 0
            return True
        typ = min(self.groups[i][0] for i in left)
        same = [i for i in left if self.groups[i][0] == typ]
        if len(same) > 1 and typ not in (T_ARRANGE, T_REST):
            self.decisions.append(NextAction(self.first_player, typ))
        else:
            self._begin_group(same[0])
        return True

    def _begin_group(self: RobinsonState, g: int) -> None:
        self.cur = g
        self._push((I_PRE, 0, g, 0), (I_MAIN, 0, g, 0), (I_POST, 0, g, 0))

    def _cleanup(self: RobinsonState) -> None:
        """§8.13: Future into Available; Items built this phase turn over and act."""
        self.groups = []
        self.xsrc = []
        self.cur = -1
        for r in range(4):
            self.resources[r] += self.future_resources[r]
            self.future_resources[r] = 0
        for i, place in enumerate(self.token_place):
            if place == TOK_FUTURE:
                self.token_place[i] = TOK_AVAIL
        for card in self.cards_in(Z_ITEM_FUTURE):
            self.zone[card] = Z_ITEM
            self.log("build", f"{self.content.cards[card].name} is now an Item (§8.13).")
            node = self.program.card.get((card, "on_build"))
            if node is not None:
                self._push((node, self.first_player, card, 0))
        self.log("phase", "Cleanup: Future resources are now Available (§8.13).")
        self.check_win()

    def _min_pawns(self: RobinsonState, gi: int) -> int:
        """Pawns an Action needs (§8.1.3), with extra-pawn tokens (§20.4) and Special Wounds (§25.5)."""
        g = self.groups[gi]
        typ, target = g[0], g[1]
        if typ == T_THREAT:
            card = self._threat_card(target)
            base = 1 if card < 0 or self.content.cards[card].kind == "wreckage" else self.content.cards[card].data["threat"]["pawns"]
        elif typ == T_HUNT:
            base = 2
        elif typ in (T_GATHER, T_EXPLORE):
            sp = target // 2 if typ == T_GATHER else target
            base = self._distance(sp)
            if self.space_tk[sp] & TK_EXTRA:
                base += 1
        else:
            base = 1
        if (typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and self.field_tk[typ] & FT_EXTRA
                and next(i for i, x in enumerate(self.groups) if x[0] == typ) == gi):
            base += 1
        lead = g[3]
        for sw in self.special:
            if sw[0] == lead and sw[2] == typ and self.zone[sw[3]] != Z_ITEM:
                base += 1
        return base

    def _max_pawns(self: RobinsonState, gi: int) -> int:
        g = self.groups[gi]
        if g[0] in (T_ARRANGE, T_REST):
            return 1
        if g[0] == T_THREAT:
            card = self._threat_card(g[1])
            if card >= 0 and self.content.cards[card].kind == "wreckage":
                return 2
            return self._min_pawns(gi)
        return self._min_pawns(gi) + 1

    def _threat_card(self: RobinsonState, slot: int) -> int:
        try:
            return self.zone.index(Z_THREAT_L if slot == 0 else Z_THREAT_R)
        except ValueError:
            return -1

    def _main(self: RobinsonState, gi: int) -> None:
        """The planned Action `gi` resolves (§8.6–§8.12): a Threat, a Hunt, a roll or a sure success, Arranging, Rest."""
        g = self.groups[gi]
        typ, target, lead = g[0], g[1], g[3]
        pawns = len(g[4])
        if typ == T_THREAT:
            self._threat_action(gi)
            return
        if typ == T_HUNT:
            self._hunt(gi, lead)
            return
        if typ in (T_BUILD, T_GATHER, T_EXPLORE):
            if typ in (T_GATHER, T_EXPLORE):
                sp = target // 2 if typ == T_GATHER else target
                if self.space_tk[sp] & TK_BEAST and self.weapon < 1:
                    self.wound(lead, 1, "a beast lurks on that tile and the Weapon is 0 (§20.3b)")
            if pawns <= self._min_pawns(gi):
                self.chance = [CH_DICE, gi, 0, 0]
                return
            self.log("action", f"{self._group_text(gi)}: enough pawns, success without dice (§8.1.3).")
            if self.field_tk[typ] & FT_ADVENTURE:  # the Success first, then the card (§8.5.3, §8.5.4)
                self._push((I_SUCCESS, lead, gi, 0), (I_ADVENTURE, lead, gi, 1))
            else:
                self._push((I_SUCCESS, lead, gi, 0))
            return
        if typ == T_ARRANGE:
            if self.players == 4:
                self.decisions.append(ArrangeReward(self.seat_of(lead), lead))
                return
            self._arrange(lead, True, True)
            return
        if typ == T_REST:
            heal = self.modifier(abilities.REST_HEAL, 1)
            det = self.modifier(abilities.REST_DETERMINATION, 0)
            self.heal(lead, heal, "Rest (§8.12)")
            self.gain_det(lead, det, "Rest with the Bed (§17.2)")

    def _threat_action(self: RobinsonState, gi: int) -> None:
        """The Threat Action (§8.6): pay, then the card's reward (§8.6.2), or the Wreckage card's one- or
        two-pawn effect (§8.6.3); the card is discarded after."""
        g = self.groups[gi]
        target, lead, pawns = g[1], g[3], len(g[4])
        card = self._threat_card(target)
        if card < 0:
            return
        self._pay_group(gi)
        cd = self.content.cards[card]
        self.zone[card] = Z_RESOLVING
        if cd.kind == "wreckage":
            key = "two" if pawns >= 2 else "one"
            self.log("threat", f"{self.char_name(lead)} takes the {cd.data['threat_name']} ({pawns} pawn(s)) (§8.6.3).")
            self._push((self.program.card[(card, key)], lead, card, 0), (I_DISCARD, 0, card, 0))
        else:
            self.log("threat", f"{self.char_name(lead)} deals with {cd.name}: {cd.data['threat']['name']} (§8.6.2).")
            self._push((self.program.card[(card, "reward")], lead, card, 0), (I_DISCARD, 0, card, 0))

    def _arrange(self: RobinsonState, lead: int, det: bool, morale: bool) -> None:
        """Arranging the Camp (§8.11): 2 Determination and Morale +1 (4 players: one of them, §14.1)."""
        if det:
            if self.arrange_determination >= 0:  # an Item used for this Arranging (§22.5)
                self.gain_det(lead, self.arrange_determination, "Arranging the Camp with the Bible (§22.5)")
                self.heal(lead, self.arrange_heal, "the Bible (§22.5)")
            else:
                self.gain_det(lead, 2, "Arranging the Camp (§8.11)")
        if morale:
            self.change_morale(1, "Arranging the Camp (§8.11)")

    def _after_roll(self: RobinsonState, gi: int, first: bool) -> None:
        """Forced Success reroll (§20.1), then the reroll window (§8.5.3), then the results."""
        typ = self.groups[gi][0]
        if first:
            self.friday_rerolled = 0
            self._push((I_DICE, self.groups[gi][3], gi, 0))  # the results still follow a forced reroll (§20.1)
            if self.field_tk[typ] & FT_REROLL:
                self.field_tk[typ] &= ~FT_REROLL
                if self.dice[1]:
                    self.log("roll", "The Reroll Success token forces a reroll of the Success die (§20.1).")
                    self.chance = [CH_REROLL, gi, 1, 0]
                    return
        self.decisions.append(AnyTimeWindow(self.first_player, W_ROLL, 0, len(self.work)))

    def _dice_results(self: RobinsonState, gi: int) -> None:
        """Wound, then Success, then Adventure (§8.5.2, §8.5.3)."""
        g = self.groups[gi]
        lead, typ = g[3], g[0]
        if self.dice[0]:
            self.wound(lead, 1, "the Wound die (§8.5.2)")
        todo: list[tuple[int, int, int, int]] = []
        if self.dice[1]:
            todo.append((I_SUCCESS, lead, gi, 0))
        else:
            self.log("action", f"{self._group_text(gi)} fails (?): +2 Determination (§8.5.2).")
            self.gain_det(lead, 2, "the ? face (§8.5.2)")
        if self.dice[2] or self.field_tk[typ] & FT_ADVENTURE:
            todo.append((I_ADVENTURE, lead, gi, 1))
        self._push(*todo)  # one push: the Success runs before the Adventure (§8.5.3)

    def _success(self: RobinsonState, gi: int) -> None:
        g = self.groups[gi]
        typ, target, lead = g[0], g[1], g[3]
        if typ == T_BUILD:
            self._pay_group(gi)
            if target == BUILD_SHELTER:
                self.shelter = 1
                self.log("build", "The Shelter is built (§8.8.3).")
            elif target in (BUILD_ROOF, BUILD_PALISADE):
                self.raise_track(0 if target == BUILD_ROOF else 1, 1, "Building (§8.8.4)")
            elif target == BUILD_WEAPON:
                self.raise_track(2, 1, "Building (§8.8.5)")
            else:
                cd = self.content.cards[target]
                self.zone[target] = Z_ITEM_FUTURE
                self.log("build", f"{cd.name} is built; it becomes an Item at cleanup (§8.8.6).")
                if cd.data["group"] == "personal":
                    self.gain_det(lead, 2, "building a personal Invention (§8.8.6)")
            return
        if typ == T_GATHER:
            sp, i = divmod(target, 2)
            r = self.gathered_resource(gi)
            amount = 0 if self.space_exh[sp] >> i & 1 else 1
            if self.space_tk[sp] & (TK_WOOD if r == WOOD else TK_FOOD):
                amount += 1
            self.gain(r, amount, lead, "Gathering (§8.9)")
            self.offer_gathering_items(gi)
            return
        if typ == T_EXPLORE:
            if self.tile_top >= 0:
                tile, self.tile_top = self.tile_top, -1
                self._place_tile(tile, target, lead)
            elif any(at == TILE_STACK for at in self.tile_at):
                self.chance = [CH_TILE, target, lead, 0]
            else:
                self.log("explore", "No Island tiles are left (§25.19).")

    def gathered_resource(self: RobinsonState, gi: int) -> int:
        """The resource (WOOD or FOOD) the planned Gathering `gi` takes from its source (§8.9)."""
        sp, i = divmod(self.groups[gi][1], 2)
        return WOOD if self.content.tiles[self.space_tile[sp]].sources[i] == "wood" else FOOD

    def gathering_items(self: RobinsonState) -> list[int]:
        """Built Items that add to a successful Gathering and are not used this round (§8.9, §17.2), in card
        order; found by their answer to the gathering-bonus query, not by name."""
        program = self.program
        return [k for k in sorted(program.passive_calls) if self.zone[k] == Z_ITEM and k not in self.item_used
                and abilities.card_answer(program, k, abilities.GATHER_BONUS, 0)]

    def offer_gathering_items(self: RobinsonState, gi: int, after: int = -1) -> None:
        """The Gathering `gi` succeeded (§8.9): each unused Item that adds to one Gathering a round (card index
        above `after`) goes to it or waits for a later one, as the first player chooses (§17.2, §26.2); when no
        other Gathering of this round is left to resolve, waiting could only waste it, so it is added at once."""
        later = any(g[0] == T_GATHER and not g[8] & G_DONE for j, g in enumerate(self.groups) if j != gi)
        for k in self.gathering_items():
            if k <= after:
                continue
            if later:
                self.decisions.append(ItemForGathering(self.first_player, gi, k))
                return
            self.add_gathering_item(gi, k)

    def add_gathering_item(self: RobinsonState, gi: int, item: int) -> None:
        """The Item `item` adds its cubes to the successful Gathering `gi` and is used for this round (§17.2)."""
        self.item_used.append(item)
        bonus = abilities.card_answer(self.program, item, abilities.GATHER_BONUS, 0)
        self.gain(self.gathered_resource(gi), bonus, self.groups[gi][3], f"the {self.content.cards[item].name}, §17.2")

    def _pay_group(self: RobinsonState, gi: int) -> None:
        """Discard the resources committed at planning (§8.3.1, §8.6.2, §8.8)."""
        g = self.groups[gi]
        if g[5] or g[6] or g[7]:
            self.pay(WOOD, g[5])
            self.pay(FOOD, g[6])
            self.pay(FUR, g[7])
            self.log("pay", f"Paid {g[5]} wood, {g[6]} food, {g[7]} fur (§8.3.1).")
        self.groups[gi] = (*g[:5], 0, 0, 0, g[8])

    def _post(self: RobinsonState, gi: int) -> None:
        g = self.groups[gi]
        typ = g[0]
        if typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and g[8] & G_FIELDX:
            self.field_tk[typ] &= ~FT_EXTRA
        if g[8] & G_WOODTOK:
            self.field_tk[T_BUILD] &= ~FT_WOOD
        if typ in (T_BUILD, T_GATHER, T_EXPLORE) and self.field_tk[typ] & FT_REROLL and len(g[4]) <= self._min_pawns(gi):
            self.field_tk[typ] &= ~FT_REROLL
        self.groups[gi] = (*g[:8], g[8] | G_DONE)
        self.temp_weapon = 0
        self.arrange_determination, self.arrange_heal = -1, 0
        self.cur = -1
        self.check_win()
