"""Hunting and fighting a Beast (robinson-crusoe.md §8.7, §13.2).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
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

if TYPE_CHECKING:
    from .state import RobinsonState


def _beast(state: RobinsonState, lead: int, card: int) -> None:
    """A Hunting fight (§8.7.2): strength, Weapon loss, food, fur, Palisade, the rest."""
    d = state.content.cards[card].data
    strength = d["strength"]
    if state.action_field_tokens[T_HUNT] & FT_BEAST:
        state.action_field_tokens[T_HUNT] &= ~FT_BEAST
        strength += 1
        state.log("hunt", "The Beast Strength token adds 1 (§20.3a).")
    state.log("hunt", f"{state.char_name(lead)} fights {state.content.cards[card].name} (strength {strength}).")
    fight(state, lead, strength, d["weapon_loss"], d["food"], d["fur"], 0)
    node = state.program.card.get((card, "extra"))
    if node is not None:
        state._push((node, lead, card, 0))
    state._push((I_DISCARD, 0, card, 0))


def fight(state: RobinsonState, fighter: int, strength: int, weapon_loss: int, food: int, fur: int, palisade_loss: int) -> None:
    """§8.7.2 steps 1-5; a temporary Weapon bonus counts for the comparison only (§16.9)."""
    level = state.weapon + state.temp_weapon
    if level < strength:
        state.wound(fighter, strength - level, f"Weapon {level} against strength {strength} (§8.7.2)")
    if weapon_loss:
        state.drop_track(2, weapon_loss, "the fight (§8.7.2)", fighter=fighter)
    state.gain(FOOD, food, fighter, "the fight")
    state.gain(FUR, fur, fighter, "the fight")
    if palisade_loss:
        state.drop_track(1, palisade_loss, "the fight (§8.7.2)")


def _tracking(state: RobinsonState, chooser: int) -> None:
    """The Soldier looks at the top Hunting card (§13.2); an unseen one is revealed, so undo stops here."""
    if not state.count_in(Z_HUNT_DECK):
        return
    if state.hunt_top:
        if not state.hunt_seen[0]:
            state.revealed = True
        state.hunt_seen[0] = 1
        state.log("hunt", f"Tracking: the top Hunting card is {state.content.cards[state.hunt_top[0]].name}.")
        state.decisions.append(PlaceHuntingCard(chooser, state.hunt_top[0]))
    elif state.deck_bag(Z_HUNT_DECK):
        state.chance = [CH_TRACK, chooser, 0, 0]
    else:
        card = state.hunt_bottom.pop(0)
        state.hunt_top.insert(0, card)
        state.hunt_seen.insert(0, 1)
        state.decisions.append(PlaceHuntingCard(chooser, card))


def _hunt(state: RobinsonState, gi: int, lead: int) -> None:
    """The Hunt (§8.7.1): the top Hunting card (a known top card first, then a draw from the shuffled deck,
    then the cards put at the bottom) is fought by `lead`; an empty deck means no hunt."""
    if not state.count_in(Z_HUNT_DECK):
        state.log("hunt", "The Hunting deck is empty: no hunt (§8.7.1).")
        return
    if state.hunt_top:
        card = state.hunt_top.pop(0)
        if not state.hunt_seen.pop(0):
            state.revealed = True  # The Hunt's unseen card is shown now: undo stops here (§13.2)
    elif state.deck_bag(Z_HUNT_DECK):
        state.chance = [CH_HUNT, gi, 0, 0]
        return
    else:
        card = state.hunt_bottom.pop(0)
    state.zone[card] = Z_RESOLVING
    state._push((I_BEAST, lead, card, 0))
