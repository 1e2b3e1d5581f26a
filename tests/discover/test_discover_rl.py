"""Discover's learning doors (§18): one action space for every copy, a fixed-length encoding of a seat's view,
and the PettingZoo and Gymnasium environments over them (OpenSpiel's are in tests/test_openspiel.py).

Needs the `rl` extra (pettingzoo, gymnasium, numpy); skipped without it.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import outlast  # noqa: E402
from outlast.agents import make_agent  # noqa: E402
from outlast.core import CHANCE, OptionError  # noqa: E402
from outlast.games.discover.encode import size  # noqa: E402
from outlast.rl import OutlastGymEnv, env, raw_env  # noqa: E402

GAME = outlast.load_game("discover")
CONFIGS: list[dict[str, Any]] = [
    {"players": 1, "scenario": "1"}, {"players": 2, "scenario": "1"}, {"players": 3, "scenario": "2"},
    {"players": 4, "scenario": "2"}, {"players": 2, "scenario": "5"}, {"players": 4, "scenario": "5"},
]


def states(options: dict[str, Any], seed: int, bots: str) -> Iterator[Any]:
    """Every state of a game on copy `seed % 6` played by `bots`, chance from the state's own generator."""
    state = GAME.new_game(seed=seed, copy=seed % 6, **options)
    agent = make_agent(bots, GAME)
    rng = random.Random(seed)
    while not state.is_over():
        yield state
        movers = state.to_move()
        seat = movers[rng.randrange(len(movers))]
        state.apply(state.sample_chance() if seat == CHANCE else agent.act(state, seat, rng))


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"{o['players']}p-s{o['scenario']}")
def test_every_legal_action_and_chance_outcome_of_any_copy_is_listed__s18(options: dict[str, Any],
                                                                          bots: str) -> None:
    listed, chance = set(GAME.action_texts(**options)), set(GAME.chance_texts(**options))
    missing: set[str] = set()
    unlisted_chance: set[str] = set()
    seen = 0
    for seed in range(8):
        for state in states(options, seed, bots):
            for seat in state.to_move():
                if seat == CHANCE:
                    unlisted_chance |= {str(o) for o, _ in state.chance_outcomes()} - chance
                else:
                    texts = {str(a) for a in state.legal_actions(seat)}
                    missing |= texts - listed
                    seen += len(texts)
    assert seen > 300
    assert not missing, sorted(missing)[:20]
    assert not unlisted_chance, sorted(unlisted_chance)[:20]


def test_one_action_space_for_every_copy_and_scenario_whose_texts_read_back() -> None:
    texts = GAME.action_texts()
    assert len(texts) == len(set(texts))
    assert GAME.action_texts(players=4, scenario="5", copy=123) == texts
    assert {"move Q6", "scout F", "use #33 1", "use character red counter", "hand #100 3", "pick B3 t4",
            "recover 3 sickness medicine", "keep 11", "support overpower", "end"} <= set(texts)
    for seat in range(4):
        for text in texts[::7]:
            assert str(GAME.parse_action(seat, text)) == text
    for text in GAME.chance_texts():
        assert str(GAME.parse_action(CHANCE, text)) == text
    with pytest.raises(OptionError):
        GAME.action_texts(players=9)


def test_the_bounds_hold_for_generated_copies__s17_24() -> None:
    from outlast.games.discover.action_space import (
        CHANCE_RANGE,
        FEATURES,
        MAX_ABILITIES,
        MAX_CHARACTERS,
        MAX_PROJECTS,
        MAX_TOKEN,
    )

    for seed in range(0, 40, 3):
        copy = GAME.copy_for(seed)
        assert len(copy.features) == FEATURES and len(copy.monsters) <= MAX_TOKEN
        assert len(copy.projects) <= MAX_PROJECTS and len(copy.characters) <= MAX_CHARACTERS
        assert max(len(c.abilities) for c in (*copy.cards, *copy.characters)) <= MAX_ABILITIES
        assert {c.number for c in copy.cards} <= set(range(1, 101))
        assert max(len(copy.cards), len(copy.tiles), len(copy.nights), len(copy.threats)) < CHANCE_RANGE


@pytest.mark.parametrize("options", CONFIGS[:5:2], ids=lambda o: f"{o['players']}p-s{o['scenario']}")
def test_encoding_has_one_size_in_unit_range_and_reads_only_the_view__s18(options: dict[str, Any]) -> None:
    for seed in range(3):
        for i, state in enumerate(states(options, seed, "random")):
            if i % 9:
                continue
            for seat in range(options["players"]):
                vector = GAME.encode(state.observe(seat))
                assert len(vector) == size()
                assert all(0.0 <= x <= 1.0 for x in vector)
                if CHANCE not in state.to_move():  # what the seat cannot see may be anything
                    assert GAME.encode(state.resample(seat, random.Random(seed)).observe(seat)) == vector


def test_encoding_puts_the_viewer_first() -> None:
    state = GAME.new_game(players=3, seed=4)
    views = [GAME.encode(state.observe(seat)) for seat in range(3)]
    assert views[0] != views[1] != views[2]
    moved = next(s for s in states({"players": 3, "scenario": "1"}, 4, "heuristic") if s.phase == 1 and s.day >= 2)
    here = {GAME.encode(moved.observe(seat))[0:3] == [1.0, 0.0, 0.0] for seat in range(3)}
    assert here == {True}  # scenario 1 for everyone


@pytest.mark.parametrize("options", [{"players": 2, "scenario": "1"}, {"players": 3, "scenario": "5"}])
def test_pettingzoo_api_test_passes(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="discover", **options), num_cycles=200)


def test_pettingzoo_rewards_are_each_seats_own__s18() -> None:
    """Discover's survivors win or lose alone: each seat gets its own result (Scenario 5: at most one winner)."""
    for seed in range(6):
        e = raw_env("discover", players=3, scenario="5", copy=seed)
        e.reset(seed=seed)
        rng = random.Random(seed)
        final: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                final[agent] = reward
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        won = [r.won for r in e.game_state.outcome().seats]
        assert sum(won) <= 1
        assert final == {a: (1.0 if w else -1.0) for a, w in zip(e.possible_agents, won, strict=True)}
        assert e.actions.unlisted == 0


def test_gymnasium_check_env_passes_and_an_episode_with_bots_ends() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(OutlastGymEnv("discover", seat=1, players=2), skip_render_check=True)
    g = OutlastGymEnv("discover", seat=0, bots="heuristic", players=3, scenario="2")
    obs, info = g.reset(seed=5)
    assert obs["observation"].shape == (size(),)
    rng = random.Random(5)
    for _ in range(5000):
        obs, reward, terminated, truncated, info = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
    assert terminated and reward in (1.0, -1.0)
