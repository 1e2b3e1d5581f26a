# mypy: disable-error-code="misc"
"""Hunting and fighting a Beast (robinson-crusoe.md §8.7, §13.2).

`HuntingRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    CH_HUNT,
    CH_TRACK,
    FOOD,
    FT_BEAST,
    FUR,
    I_BEAST,
    I_DISCARD,
    T_HUNT,
    Z_HUNT_DECK,
    Z_RESOLVING,
)
from .decisions import PlaceHuntingCard
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class HuntingRules(StateFields):
    """Hunting and fighting a Beast: a part of `RobinsonState`."""

    __slots__ = ()

    def _beast(self: RobinsonState, lead: int, card: int) -> None:
        """A Hunting fight (§8.7.2): strength, Weapon loss, food, fur, Palisade, the rest."""
        d = self.content.cards[card].data
        strength = d["strength"]
        if self.action_field_tokens[T_HUNT] & FT_BEAST:
            self.action_field_tokens[T_HUNT] &= ~FT_BEAST
            strength += 1
            self.log("hunt", "The Beast Strength token adds 1 (§20.3a).")
        self.log("hunt", f"{self.char_name(lead)} fights {self.content.cards[card].name} (strength {strength}).")
        self.fight(lead, strength, d["weapon_loss"], d["food"], d["fur"], 0)
        node = self.program.card.get((card, "extra"))
        if node is not None:
            self._push((node, lead, card, 0))
        self._push((I_DISCARD, 0, card, 0))

    def fight(self: RobinsonState, fighter: int, strength: int, weapon_loss: int, food: int, fur: int, palisade_loss: int) -> None:
        """§8.7.2 steps 1-5; a temporary Weapon bonus counts for the comparison only (§16.9)."""
        level = self.weapon + self.temp_weapon
        if level < strength:
            self.wound(fighter, strength - level, f"Weapon {level} against strength {strength} (§8.7.2)")
        if weapon_loss:
            self.drop_track(2, weapon_loss, "the fight (§8.7.2)", fighter=fighter)
        self.gain(FOOD, food, fighter, "the fight")
        self.gain(FUR, fur, fighter, "the fight")
        if palisade_loss:
            self.drop_track(1, palisade_loss, "the fight (§8.7.2)")

    def _tracking(self: RobinsonState, chooser: int) -> None:
        """The Soldier looks at the top Hunting card (§13.2); an unseen one is revealed, so undo stops here."""
        if not self.count_in(Z_HUNT_DECK):
            return
        if self.hunt_top:
            if not self.hunt_seen[0]:
                self.revealed = True
            self.hunt_seen[0] = 1
            self.log("hunt", f"Tracking: the top Hunting card is {self.content.cards[self.hunt_top[0]].name}.")
            self.decisions.append(PlaceHuntingCard(chooser, self.hunt_top[0]))
        elif self.deck_bag(Z_HUNT_DECK):
            self.chance = [CH_TRACK, chooser, 0, 0]
        else:
            card = self.hunt_bottom.pop(0)
            self.hunt_top.insert(0, card)
            self.hunt_seen.insert(0, 1)
            self.decisions.append(PlaceHuntingCard(chooser, card))

    def _hunt(self: RobinsonState, gi: int, lead: int) -> None:
        """The Hunt (§8.7.1): the top Hunting card (a known top card first, then a draw from the shuffled deck,
        then the cards put at the bottom) is fought by `lead`; an empty deck means no hunt."""
        if not self.count_in(Z_HUNT_DECK):
            self.log("hunt", "The Hunting deck is empty: no hunt (§8.7.1).")
            return
        if self.hunt_top:
            card = self.hunt_top.pop(0)
            if not self.hunt_seen.pop(0):
                self.revealed = True  # The Hunt's unseen card is shown now: undo stops here (§13.2)
        elif self.deck_bag(Z_HUNT_DECK):
            self.chance = [CH_HUNT, gi, 0, 0]
            return
        else:
            card = self.hunt_bottom.pop(0)
        self.zone[card] = Z_RESOLVING
        self._push((I_BEAST, lead, card, 0))
