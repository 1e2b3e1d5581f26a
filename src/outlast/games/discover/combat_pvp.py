"""Scenario 5: survivors attacking survivors (discover.md §15.3–§15.5, §17.20 items 10, 11 and 20).

The attacker rolls gray and the defender red; then every participant — both combatants and the supporters,
from the attacker clockwise — takes turns of one modification or a pass, until all pass in a row. Combatants use
resources (relative to the spender) and items; supporters only their card's reroll. A final result of 10 or
more hits; both hits resolve, with the hitter taking one of the other's resources, before anyone is eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import DiscoverAction, act
from .carrying import TrimNow, amount, gain, lose
from .combat_base import (
    COMBATANT,
    DEFENDER,
    END,
    GRAY_DIE,
    NO_TOKEN,
    PASSES,
    PVP,
    PVP_DAMAGE,
    PVP_HIT,
    RED_DIE,
    ROLL,
    SUPPORT,
    CombatDecision,
    dice_text,
    final,
    find_supporters,
    overpower_count,
    playing_card,
    reroll_card,
    supporter_seats,
)
from .combat_choices import SupportChoice, apply_modifier, modifier_actions, support_reroll
from .combat_steps import CombatStage, reset_support
from .damage import prevented, suffer
from .decisions import Step
from .terms import OVERPOWER, PHYSICAL, PLAYING, RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState

ATTACK_COST = 3
"""Stamina an attack costs, paid by the caller (§15.3)."""


def attack_refusal(state: DiscoverState, attacker: int, defender: int) -> str | None:
    """Why `attacker` may not attack `defender` now, or None (§15.3): Scenario 5, day 2 or later, another
    survivor in the attacker's own space."""
    if state.scenario != 5:
        return "survivors attack each other only in Scenario 5 (§15.3)"
    if state.day < 2:
        return f"attacks are allowed from day 2 on; it is day {state.day} (§15.3)"
    if defender == attacker or not 0 <= defender < state.seats or state.status[defender] != PLAYING:
        return f"seat {defender} is not another survivor (§15.3)"
    if state.position[defender] != state.position[attacker]:
        return f"seat {defender} is not in your space (§15.3)"
    return None


def start_attack(state: DiscoverState, attacker: int, defender: int) -> None:
    """Open a Scenario 5 combat (the caller has paid the 3 stamina): supporters choose from the attacker's left,
    then the dice are rolled (§15.3, §15.4)."""
    space = state.position[attacker]
    state.combat[:] = [PVP, -1, NO_TOKEN, NO_TOKEN, attacker, defender, space, 0, 0, 0, 0, SUPPORT, 0, 0,
                       find_supporters(state, space, (attacker, defender)), 0, 0]
    reset_support(state)
    state.log("attack", f"Seat {attacker} attacks seat {defender} (§15.3).")
    state.decisions.append(CombatStage(attacker, ROLL))
    for supporter in reversed(supporter_seats(state)):
        state.decisions.append(SupportChoice(supporter))


def participants(state: DiscoverState) -> list[int]:
    """Both combatants and the supporters, from the attacker clockwise (§15.3 step 2)."""
    c = state.combat
    seats = [c[COMBATANT], c[DEFENDER], *supporter_seats(state)]
    return sorted(seats, key=lambda s: (s - c[COMBATANT]) % state.seats)


@dataclass(frozen=True, slots=True)
class PvpTurn(CombatDecision):
    """One participant's turn in the round-robin: one modification, or pass (§15.3 step 2, §18.4)."""

    kind = "modify the dice in turn"
    rule = "§15.3"

    def _combatant(self, state: Any) -> bool:
        return self.seat in (state.combat[COMBATANT], state.combat[DEFENDER])

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        if self._combatant(state):
            return [act(seat, "pass")] + modifier_actions(state, seat)
        die = reroll_card(state, seat)
        return [act(seat, "pass")] + ([act(seat, "reroll", "gray" if die == GRAY_DIE else "red")] if die >= 0
                                      else [])

    def resolve(self, state: Any, action: Any) -> None:
        c = state.combat
        order = participants(state)
        after = order[(order.index(self.seat) + 1) % len(order)] if self.seat in order else order[0]
        if action.verb == "pass":
            c[PASSES] += 1
            state.decisions.append(CombatStage(self.seat, PVP_DAMAGE) if c[PASSES] >= len(order)
                                   else PvpTurn(after))
            return
        c[PASSES] = 0
        state.decisions.append(PvpTurn(after))
        if action.verb == "reroll":
            support_reroll(state, self.seat)
        else:
            apply_modifier(state, self.seat, action)

    def text(self, state: Any) -> str:
        if self._combatant(state):
            return (f"Your turn to modify the dice ({dice_text(state)}; your die is "
                    f"{'gray' if self.seat == state.combat[COMBATANT] else 'red'}): spend a resource, use an "
                    "item, or pass.")
        return f"Your turn ({dice_text(state)}): use your support card's reroll, or pass."


def deal_damage(state: DiscoverState) -> None:
    """Step 3: gray final ≥ 10 hurts the defender (1 physical + Overpower), red final ≥ 10 the attacker (and each
    Overpower supporter 1 physical); each hitter may take one resource of the other — even if the damage was
    prevented — and both hits resolve before anyone is eliminated (§15.3–§15.5, §17.20 items 11 and 20)."""
    c = state.combat
    attacker, defender = c[COMBATANT], c[DEFENDER]
    gray_hit, red_hit = final(state, GRAY_DIE) >= PVP_HIT, final(state, RED_DIE) >= PVP_HIT
    to_defender = 1 + overpower_count(state) if gray_hit else 0
    state.log("damage", f"Deal damage: {dice_text(state)}; seat {defender} takes {to_defender}, seat {attacker} "
                        f"takes {1 if red_hit else 0} (§15.3).")
    state.decisions.append(PvpWounds(attacker, to_defender, 1 if red_hit else 0))
    if red_hit:
        state.decisions.append(Steal(defender, attacker))
    if gray_hit:
        state.decisions.append(Steal(attacker, defender))


@dataclass(frozen=True, slots=True)
class Steal(CombatDecision):
    """A hitting combatant may take one resource of the other (§15.3 step 3, §15.5)."""

    kind = "take a resource"
    rule = "§15.3"
    victim: int

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        held = [r for r in range(len(RESOURCES)) if amount(state, self.victim, r) > 0]
        return [act(seat, "pass")] + [act(seat, "steal", RESOURCES[r]) for r in held]

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "pass":
            return
        r = RESOURCES.index(action.args[0])
        lose(state, self.victim, r, 1)
        gain(state, self.seat, r)
        state.decisions.append(TrimNow(self.seat))
        state.log("steal", f"Seat {self.seat} takes 1 {action.args[0]} from seat {self.victim} (§15.3).")

    def text(self, state: Any) -> str:
        return f"You hit seat {self.victim}: take one of their resources, or pass."


@dataclass(frozen=True, slots=True)
class PvpWounds(Step):
    """Both hits land together, so two last survivors may fall at once (§17.20 item 20)."""

    kind = "deal the attack's damage"
    rule = "§15.3"
    to_defender: int
    to_attacker: int

    def proceed(self, state: DiscoverState) -> None:
        c = state.combat
        partners = playing_card(state, OVERPOWER) if self.to_attacker else []
        state.decisions.append(CombatStage(self.seat, END))
        suffer(state, c[DEFENDER], PHYSICAL, prevented(state, c[DEFENDER], self.to_defender))
        suffer(state, c[COMBATANT], PHYSICAL, prevented(state, c[COMBATANT], self.to_attacker))
        for supporter in partners:
            state.log("overpower", f"Seat {supporter}'s Overpower card costs them 1 physical damage (§15.4).")
            suffer(state, supporter, PHYSICAL)


KINDS = (PvpTurn, Steal, PvpWounds)
