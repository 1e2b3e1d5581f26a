"""Discover's shortcuts for speed (issue 25 §2) give exactly what the kernel's general code gives."""

from __future__ import annotations

import random

import pytest

import outlast
from outlast.core import CHANCE, IllegalAction, State

GAME = outlast.load_game("discover")


@pytest.mark.parametrize("seed", [3, 2**70 + 11])  # a SplitMix64 seed and a wide (keyed) one
def test_sample_chance_picks_what_the_kernel_picks_from_the_outcomes(seed: int) -> None:
    """Every pool is uniform, so the state picks its outcome by index without building the whole list."""
    picked = 0
    for players, scenario in ((1, "1"), (2, "2"), (3, "5"), (4, "1")):
        state = GAME.new_game(players=players, scenario=scenario, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            if seat == CHANCE:
                fast = state.sample_chance()
                assert fast == State.sample_chance(state)
                picked += 1
                state.apply(fast)
            else:
                state.apply(rng.choice(state.legal_actions(seat)))
    assert picked > 50
    with pytest.raises(IllegalAction, match="no dice or cards are pending"):
        state.sample_chance()
