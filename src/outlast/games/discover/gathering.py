"""Gather: feature tokens, water sources and dropped resources (discover.md §7.3, §8.1, §15.2).

A facedown feature token is an undetermined draw from its back's pile until it is flipped (a chance point);
then its face applies: resources are kept, an exploration number is looked up, an enemy is fought.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import flow
from .abilities import passive
from .carrying import gain
from .decisions import Step
from .exploring import find_piece
from .terms import COUNTER, ENEMIES, FEATURE, RESOURCE, RESOURCES, WATER

if TYPE_CHECKING:
    from .state import DiscoverState


def gather(state: DiscoverState, seat: int, word: str) -> None:
    """Gather the one token `word` names in the survivor's space (§7.3; one token per Gather, §14.5 item 6)."""
    space = state.position[seat]
    i = find_piece(state, space, word)
    kind, _, value, _ = state.pieces[i]
    if kind == RESOURCE:
        del state.pieces[i]
        gain(state, seat, value, 1)
        state.log("gather", f"Seat {seat} picks up 1 {RESOURCES[value]}.")
        return
    if kind == WATER:
        state.decisions.append(DrawWater(seat, space))
        if value < 0:
            flow.queue(state, flow.WATER, i)
        return
    state.decisions.append(ApplyFeature(seat, space))
    if value < 0:
        flow.queue(state, flow.FEATURE, i)
    else:
        state.pieces[i] = (kind, space, value, state.pieces[i][3])
        state.pieces.append(state.pieces.pop(i))  # the token gathered is the last in the list


@dataclass(frozen=True, slots=True)
class DrawWater(Step):
    """A water source gives one resource of the type it shows from the supply, and stays (§7.3)."""

    kind = "take water"
    rule = "§7.3"
    space: int

    def proceed(self, state: DiscoverState) -> None:
        token = next(p[2] for p in state.pieces if p[0] == WATER and p[1] == self.space and p[2] >= 0)
        resource = state.copy.waters[token].resource
        n = 1 + passive(state, self.seat, "gather_bonus")
        gain(state, self.seat, resource, n)
        state.log("gather", f"Seat {self.seat} takes {n} {RESOURCES[resource]} from the water source.")


@dataclass(frozen=True, slots=True)
class ApplyFeature(Step):
    """Apply a flipped feature token's face (§7.3): resources kept, a number looked up, an enemy fought."""

    kind = "apply a feature token"
    rule = "§7.3"
    space: int

    def proceed(self, state: DiscoverState) -> None:
        i = max(j for j, p in enumerate(state.pieces) if p[0] == FEATURE and p[1] == self.space and p[2] >= 0)
        token = state.pieces[i][2]
        face = state.copy.features[token]
        state.journal.append(-1 - token)
        if face.resources:
            del state.pieces[i]
            state.kept_tokens[self.seat].append(token)
            state.log("gather", f"Seat {self.seat} gathers a token of "
                                f"{' and '.join(RESOURCES[r] for r in face.resources)}.")
        elif ENEMIES[0] <= face.number <= ENEMIES[1]:
            state.log("gather", f"Seat {self.seat} turns up enemy #{face.number}!")
            fight_token(state, self.seat, i)
        else:
            del state.pieces[i]
            state.log("gather", f"Seat {self.seat} turns up exploration card #{face.number}.")
            look_up(state, self.seat, face.number, token=token)


def encounter(state: DiscoverState, seat: int) -> None:
    """Scenario 5 investigation: a random #100 card, then a counter in the space (§15.2, §17.15)."""
    state.pieces.append((COUNTER, state.position[seat], 0, -1))
    cards = state.copy.cards
    if not any(place == -1 and cards[c].number == 100 for c, place in enumerate(state.card_place)):
        state.log("fizzle", "No #100 card is left in its deck: nothing is resolved (§9.4).")
        return
    state.decisions.append(Encounter(seat))
    flow.queue(state, flow.ENCOUNTER)


@dataclass(frozen=True, slots=True)
class Encounter(Step):
    """Resolve the #100 card drawn (§15.2)."""

    kind = "resolve an encounter"
    rule = "§15.2"

    def proceed(self, state: DiscoverState) -> None:
        if not state.drawn:
            return
        card = state.drawn.pop()
        data = state.copy.cards[card]
        state.log("reveal", f"Encounter #100 is {data.name}: {data.text}", card=card)
        reveal(state, self.seat, card)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .combat import fight_token  # noqa: E402
from .numbered import look_up, reveal  # noqa: E402
