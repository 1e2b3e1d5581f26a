# mypy: disable-error-code="misc"
"""The Night phase and moving the Camp (robinson-crusoe.md §10).

`NightPhaseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import (
    EVENT,
    FOOD,
    NONPER,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TOK_AVAIL,
    TOK_USED,
    W_NIGHT,
    Z_ITEM,
)
from .decisions import AnyTimeWindow, GoHungry, MoveCamp
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class NightPhaseRules(StateFields):
    """The Night phase and moving the Camp: a part of `RobinsonState`."""

    __slots__ = ()

    def _night_step(self: RobinsonState) -> bool:
        """One step of the Night (§10): the window, eating, a card's extra meal, moving the Camp, the end."""
        if self.step == 0:
            self.step = 1
            self.log("phase", "Night (§10).")
            self.decisions.append(AnyTimeWindow(self.first_player, W_NIGHT, 0, len(self.work)))
            return True
        if self.step == 1:
            self.step = 2
            self._eat()
            return True
        if self.step == 2:
            self.step = 3
            if self.night_food:
                eaters = self.in_camp()
                need = self.night_food * len(eaters)
                short = self.pay_food(need)
                if short:
                    self.decisions.append(GoHungry(self.first_player, short, 1, 1))
            return True
        if self.step == 3:
            self.step = 4
            if self._camp_moves():
                self.decisions.append(MoveCamp(self.first_player))
            return True
        self._end_of_night()
        return True

    def _eat(self: RobinsonState) -> None:
        """§10.1: one food per castaway in the Camp; those outside eat what they carry (§16.1); a short meal is
        2 Wounds for whom the first player names (everyone, when no one eats)."""
        self.hungry_done = [0] * (self.players + 1)
        eaters = self.in_camp()
        short = self.pay_food(len(eaters))
        self.log("night", f"Eating: {len(eaters) - short} of {len(eaters)} meals served (§10.1).")
        for p in range(self.players):
            if self.outside[p]:
                if self.stash[4 * p + FOOD] + self.stash[4 * p + NONPER] > 0:
                    k = FOOD if self.stash[4 * p + FOOD] else NONPER
                    self.stash[4 * p + k] -= 1
                else:
                    self.wound(p, 2, "hungry outside the Camp (§16.1)")
        if short and not self.over:
            if short >= len(eaters):
                for p in eaters:
                    self.wound(p, 2, "hunger (§10.1)")
            else:
                self.decisions.append(GoHungry(self.first_player, short, 2, 0))

    def _end_of_night(self: RobinsonState) -> None:
        """The open air (§10.3), rot (§10.4) and the end of the round (§10.5): the last round ends the game
        (§11.3); else the round's markers reset and the first player passes on."""
        if not self.has_shelter():
            for p in self.in_camp():
                self.wound(p, 1, "a night in the open air (§10.3)")
        for p in range(self.players):
            if self.outside[p] and not self.explored_tent[p]:
                self.wound(p, 1, "a night outside the Camp (§16.1)")
        if self.over:
            return
        self._rot()
        if self.round >= self.table.scenario.rounds:
            self.end("out_of_time", f"round {self.table.scenario.rounds} ended without the signal fire (§11.3)")
            return
        self.round += 1
        self.skill_used = [0] * self.players
        self.item_used = []
        self.gathered = []
        self.explored_tent = [0] * self.players
        self.flags = 0
        self.night_food = 0
        self.pile_done = 0
        if self.players > 1:
            self.first_player = (self.first_player + 1) % self.players
        self.phase, self.step = EVENT, 0

    def _rot(self: RobinsonState) -> None:
        """§10.4: perishable food rots unless stored; food-giving Discovery tokens rot too."""
        if self.modifier(abilities.ALL_FOOD_KEPT, 0):
            return
        store = self.modifier(abilities.FOOD_STORED, 0)
        lost = max(0, self.resources[FOOD] - store)
        if lost:
            self.resources[FOOD] -= lost
            self.log("night", f"{lost} food rots (§10.4).")
        for i, place in enumerate(self.token_place):
            if place == TOK_AVAIL and self.program.token_rots[self.content.tokens[i]]:
                self.token_place[i] = TOK_USED
                self.log("night", f"The {self.content.token_kinds[self.content.tokens[i]].name} token rots (§10.4).")

    def _camp_moves(self: RobinsonState) -> list[int]:
        """Explored, accessible tiles next to the Camp (§10.2)."""
        return [sp for sp in self.content.neighbours[self.camp] if self.space_tile[sp] >= 0 and not self.space_lost[sp]]

    def move_camp(self: RobinsonState, sp: int) -> None:
        """§10.2: the Camp moves; Roof and Palisade halve (built Shelter) or vanish (natural one)."""
        old = self.camp
        if self.shelter:
            self.roof -= self.roof // 2
            self.palisade -= self.palisade // 2
        else:
            self.roof = self.palisade = 0
        moving = self.space_tokens[old] & (TK_WOOD | TK_FOOD)
        self.space_tokens[old] &= ~(TK_WOOD | TK_FOOD)
        self.space_tokens[sp] |= moving
        for x in range(len(self.space_tokens)):
            if self.space_tokens[x] & TK_SHORTCUT:
                self.space_tokens[x] &= ~TK_SHORTCUT
                self.log("camp", "The Shortcut token is discarded (§10.2).")
        for card in self.cards_in(Z_ITEM):
            node = self.program.card.get((card, "on_build"))
            if node is not None and any(v == "production_tile_token" for v, _ in self.program.verbs(node)):
                self.move_item_back(card)
                self.log("camp", f"{self.content.cards[card].name} turns back to its Invention side (§10.2).")
        self.camp = sp
        self.log("camp", f"The Camp moves to s{sp + 1}; Roof {self.roof}, Palisade {self.palisade} (§10.2).")
