"""Phase 1, rolling the dice (fuji.md §6): every die in play rolls behind its owner's screen.

A roll is a chance point per die; rerolls (§8.3, §15) queue the same chance points again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE

from .actions import FujiAction, die_label
from .terms import ROLL, ROLL_DIE

if TYPE_CHECKING:
    from .state import FujiState

_ROLLS: dict[int, list[tuple[FujiAction, float]]] = {}


def roll_outcomes(die: int) -> list[tuple[FujiAction, float]]:
    """The six faces of `die`, each 1/6 (§6); built once per die and shared (actions are immutable)."""
    hit = _ROLLS.get(die)
    if hit is None:
        hit = _ROLLS[die] = [(FujiAction(CHANCE, "roll", (die, face)), 1 / 6) for face in range(1, 7)]
    return hit


def start_round(state: FujiState) -> None:
    """§6: every die in play is rolled behind its screen (variant A's hidden half waits, §13.1)."""
    state.round += 1
    state.phase = ROLL
    table = state.table
    for i in range(table.dice):
        if state.die_in_play[i] and not (i // 6 == table.extra and i % 6 < 3):
            state.chance.append((ROLL_DIE, i))
        elif i // 6 == table.extra:
            state.die_face[i] = 0
    state.log("phase", round_start_text(state.round))


def round_start_text(round_number: int) -> str:
    """The event text that opens a round (a view reads this round's hints back to it)."""
    return f"round {round_number}: phase 1, everyone rolls"


def roll_again(state: FujiState, dice: tuple[int, ...]) -> None:
    """Queue a roll of each of `dice` (a reroll, §8.3, §15)."""
    state.chance += [(ROLL_DIE, i) for i in dice]


def apply_roll(state: FujiState, die: int, face: int) -> None:
    """`die` shows `face`; the seats behind its screen see it (§6, §13, §18)."""
    state.die_face[die] = face
    mask = state.screen_mask(state.die_holder[die], die)
    state.die_seen_by[die] = mask
    if mask:
        state.log("roll", f"{die_label(-9, die)} shows {state.colour(die)}{face}", mask, die=die, value=face)
