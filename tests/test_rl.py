"""The learning doors (`outlast.rl`): Fuji's action enumeration and encoding, PettingZoo and Gymnasium.

Needs the `rl` extra (pettingzoo, gymnasium, numpy); skipped without it.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import outlast  # noqa: E402
from outlast.core import CHANCE, IllegalAction  # noqa: E402
from outlast.games.fuji.encode import size as encoded_size  # noqa: E402
from outlast.games.fuji.enumerate import MAX_PATH, seat_texts  # noqa: E402
from outlast.games.fuji.table import build_table  # noqa: E402
from outlast.rl import OutlastGymEnv, env, raw_env  # noqa: E402

GAME = outlast.load_game("fuji")
OPTION_SETS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 2, "variant": "a"},
    {"players": 2, "variant": "b"},
    {"players": 4, "level": 3},
    {"players": 3, "scenario": "random", "extra_thrill": True},
]


def random_game(options: dict[str, Any], seed: int) -> Any:
    """Yield every state of a random game (uniform legal actions, chance from the state's RNG)."""
    state = GAME.new_game(seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        movers = state.to_move()
        if movers[0] == CHANCE:
            state.apply(state.sample_chance())
            continue
        yield state
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.randrange(len(legal))])


# --- the enumeration ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_legal_action_of_every_seat_is_listed(options: dict[str, Any]) -> None:
    listed = set(GAME.action_texts(**options))
    missing: set[str] = set()
    for seed in range(20):
        for state in random_game(options, seed):
            for seat in state.to_move():
                missing |= {str(a) for a in state.legal_actions(seat)} - listed
    assert not missing, sorted(missing)[:20]


def test_action_texts_are_unique_and_stable() -> None:
    first = GAME.action_texts(players=3)
    assert len(first) == len(set(first))
    assert GAME.action_texts(players=3, level=1) == first  # defaults spelled out: the same list
    assert "ready" in first and "reroll 1 2 3 4 5 6" in first and "use pocket_knife water grant_reroll to 2" in first


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "variant": "b"}], ids=["3p", "2p-b"])
def test_every_listed_text_reads_back_for_its_seat(options: dict[str, Any]) -> None:
    table = build_table(GAME.options.resolve(options))
    for seat in range(table.seats):
        for text in seat_texts(table, seat):
            assert str(GAME.parse_action(seat, text)) == text


def test_paths_are_listed_up_to_the_cut() -> None:
    texts = GAME.action_texts(players=3)
    lengths = {len(t.split()) - 1 for t in texts if t.startswith("path ")}
    assert lengths == set(range(1, MAX_PATH + 1))


def test_games_without_an_enumeration_say_so() -> None:
    base = outlast.core.Game
    assert base.action_texts is not type(GAME).action_texts
    with pytest.raises(NotImplementedError):
        base.action_texts(GAME)
    with pytest.raises(NotImplementedError):
        base.encode(GAME, {})


# --- the encoding --------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=["3p", "2p-a", "2p-b", "4p"])
def test_encoding_has_one_size_and_stays_in_unit_range(options: dict[str, Any]) -> None:
    for seed in range(2):
        for i, state in enumerate(random_game(options, seed)):
            if i % 7:
                continue
            for seat in range(state.t.seats):
                v = GAME.encode(state.observe(seat))
                assert len(v) == encoded_size()
                assert all(0.0 <= x <= 1.0 for x in v)


def test_encoding_reads_nothing_a_seat_cannot_see__s18() -> None:
    """Redrawing everything seat 0 cannot know (other screens, the bag) leaves its encoding unchanged."""
    rng = random.Random(3)
    checked = 0
    for i, state in enumerate(random_game({"players": 3}, 4)):
        if i % 5:
            continue
        for seat in range(3):
            other = state.resample(seat, rng)
            assert GAME.encode(other.observe(seat)) == GAME.encode(state.observe(seat))
            checked += 1
    assert checked > 20


def test_encoding_differs_where_the_seat_sees_a_die() -> None:
    state = next(s for s in random_game({"players": 3}, 1) if s.phase == 2)
    mine = GAME.encode(state.observe(0))
    other = state.clone()
    other.dv[0] = 7 - other.dv[0]  # seat 0's own die 1 turned over: seat 0 sees it, seat 1 does not
    assert GAME.encode(other.observe(0)) != mine
    assert GAME.encode(other.observe(1)) == GAME.encode(state.observe(1))


# --- PettingZoo -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "variant": "a"}], ids=["3p", "2p-a"])
def test_pettingzoo_api_test_passes(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations with masks, as PettingZoo's own classic envs
        api_test(env(game="fuji", **options), num_cycles=250)


def test_masks_match_legal_actions_and_the_episode_completes() -> None:
    e = raw_env("fuji", players=3)
    e.reset(seed=5)
    rng = random.Random(0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        state = e.game_state
        seat = e.seat_of[agent]
        assert seat == state.to_move()[0]
        legal = {e.actions.index[str(a)] for a in state.legal_actions(seat)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (encoded_size(),)
        e.step(int(rng.choice(sorted(legal))))
        steps += 1
    assert not e.agents and steps > 50
    assert e.game_state.is_over() and e.actions.unlisted == 0


def test_pettingzoo_rewards_are_the_team_outcome() -> None:
    e = raw_env("fuji", players=3, loss_reward=0.0)
    e.reset(seed=2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    won = e.game_state.outcome().won
    assert set(totals.values()) == {1.0 if won else 0.0}


def test_pettingzoo_refuses_an_illegal_index_and_truncates() -> None:
    e = raw_env("fuji", players=3, max_steps=5)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    for _ in range(5):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_pettingzoo_seeded_reset_replays_the_game() -> None:
    def trace(seed: int) -> list[bytes]:
        e = raw_env("fuji", players=2, variant="b")
        e.reset(seed=seed)
        out = []
        for _ in range(40):
            obs = e.observe(e.agent_selection)
            out.append(obs["observation"].tobytes())
            e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return out

    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


# --- Gymnasium --------------------------------------------------------------------------------------------
def test_gymnasium_check_env_passes() -> None:
    """The full `check_env`. Its unmasked random actions are mostly illegal here, so it sees the default
    `illegal_action="lose"` end the episode; seeded resets and steps are deterministic."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(OutlastGymEnv("fuji", seat=1, players=3), skip_render_check=True)


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_gym_episode_with_bots_completes(bots: str) -> None:
    g = OutlastGymEnv("fuji", seat=0, bots=bots, players=3)
    obs, info = g.reset(seed=4)
    rng = random.Random(0)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        state = g.game_state
        assert state.to_move()[0] == 0
        legal = {g.actions.index[str(a)] for a in state.legal_actions(0)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert (g.action_masks() == obs["action_mask"]).all()
        obs, reward, terminated, truncated, info = g.step(rng.choice(sorted(legal)))
    assert terminated and reward in (1.0, -1.0) and info["won"] == (reward == 1.0)


def test_gym_illegal_action_loses_or_raises() -> None:
    g = OutlastGymEnv("fuji", players=2, variant="a")
    obs, _ = g.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = g.step(bad)
    assert terminated and reward == -1.0 and info["illegal_action"] == g.actions.texts[bad]
    strict = OutlastGymEnv("fuji", players=2, variant="a", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(bad)


def test_gym_options_are_checked() -> None:
    with pytest.raises(ValueError, match="seat"):
        OutlastGymEnv("fuji", seat=3, players=3)
    with pytest.raises(ValueError, match="bots"):
        OutlastGymEnv("fuji", bots=["random"], players=3)
    with pytest.raises(outlast.core.OptionError):
        OutlastGymEnv("fuji", players=7)


def test_render_ansi_shows_the_table() -> None:
    g = OutlastGymEnv("fuji", players=3, render_mode="ansi")
    g.reset(seed=0)
    text = g.render()
    assert isinstance(text, str) and text.strip()
