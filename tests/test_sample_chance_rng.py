"""`State.sample_chance(rng)`: the outcome a search's own generator draws, for every game (issue 25 §2).

ISMCTS draws its rollouts' chance outcomes this way. The games' fast paths must draw exactly what the kernel's
general draw over `chance_outcomes()` draws, consume the generator the same way, and never read or move the
state's own RNG (a resampled state's search gets fresh randomness).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import outlast
from outlast.core import CHANCE, IllegalAction, Rng, State
from outlast.core.game import drawn
from outlast.games.discover.actions import DiscoverAction

CASES = [
    ("fuji", {"players": 2}), ("fuji", {"players": 4}),
    ("robinson", {"players": 1}), ("robinson", {"players": 3}),
    ("discover", {"players": 1, "scenario": "1"}), ("discover", {"players": 3, "scenario": "2"}),
    ("discover", {"players": 2, "scenario": "5"}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_games_draw_with_a_generator_is_the_kernels_draw(name: str, options: dict[str, Any]) -> None:
    game = outlast.load_game(name)
    draws = 0
    for seed in range(3):
        state = game.new_game(seed=seed, **options)
        moves = random.Random(seed)
        while not state.is_over() and draws < 400 * (seed + 1):
            movers = state.to_move()
            seat = movers[moves.randrange(len(movers))]
            if seat != CHANCE:
                state.apply(moves.choice(state.legal_actions(seat)))
                continue
            before = state.rng_state
            ours, kernels = Rng(draws), Rng(draws)
            fast = state.sample_chance(ours)
            assert fast == State.sample_chance(state, kernels) == drawn(state.chance_outcomes(), Rng(draws))
            assert ours.randrange(1 << 30) == kernels.randrange(1 << 30)  # the generator moved the same way
            assert state.rng_state == before  # the state's own RNG is neither read nor moved
            assert any(fast == outcome for outcome, _ in state.chance_outcomes())
            state.apply(fast)
            draws += 1
    assert draws > 30


class _Counting:
    """A generator that records what it was asked."""

    def __init__(self, value: float, index: int) -> None:
        self.calls: list[str] = []
        self.value, self.index = value, index

    def randrange(self, stop: int) -> int:
        self.calls.append(f"randrange({stop})")
        return self.index

    def random(self) -> float:
        self.calls.append("random()")
        return self.value


def _outcomes(*probabilities: float) -> list[tuple[DiscoverAction, float]]:
    return [(DiscoverAction(CHANCE, "roll", (str(i),)), p) for i, p in enumerate(probabilities)]


def test_one_outcome_draws_nothing() -> None:
    rng = _Counting(0.5, 0)
    assert drawn(_outcomes(1.0), rng).args == ("0",)
    assert rng.calls == []


def test_equal_outcomes_take_one_randrange_in_order() -> None:
    rng = _Counting(0.5, 2)
    assert drawn(_outcomes(0.25, 0.25, 0.25, 0.25), rng).args == ("2",)
    assert rng.calls == ["randrange(4)"]


@pytest.mark.parametrize(("value", "index"), [(0.0, "0"), (0.19, "0"), (0.21, "1"), (0.69, "1"), (0.71, "2"),
                                              (0.999, "2")])
def test_unequal_outcomes_take_one_random_over_the_cumulative_sum(value: float, index: str) -> None:
    rng = _Counting(value, 0)
    assert drawn(_outcomes(0.2, 0.5, 0.3), rng).args == (index,)
    assert rng.calls == ["random()"]


@pytest.mark.parametrize("name", ["fuji", "robinson", "discover"])
def test_no_pending_chance_point_is_refused_with_a_generator_too(name: str) -> None:
    game = outlast.load_game(name)
    state = game.new_game(seed=1)
    while state.to_move() == [CHANCE]:
        state.apply(state.sample_chance())
    before = state.to_json() if hasattr(state, "to_json") else None
    with pytest.raises(IllegalAction, match="no dice or cards are pending"):
        state.sample_chance(Rng(1))
    if before is not None:
        assert state.to_json() == before
