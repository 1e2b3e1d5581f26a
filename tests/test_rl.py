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
from outlast.agents import make_agent  # noqa: E402
from outlast.core import CHANCE, IllegalAction  # noqa: E402
from outlast.games.fuji import GAME as FUJI  # noqa: E402
from outlast.games.fuji.action_space import MAX_PATH, seat_texts  # noqa: E402
from outlast.games.fuji.encode import size as encoded_size  # noqa: E402
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
    table = build_table(FUJI.content, GAME.options.resolve(options))
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
            for seat in range(state.seat_count()):
                v = GAME.encode(state.observe(seat))
                assert len(v) == encoded_size(FUJI.content)
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
    other.die_face[0] = 7 - other.die_face[0]  # seat 0's own die 1 turned over: seat 0 sees it, seat 1 does not
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
        assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (encoded_size(FUJI.content),)
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


# --- Robinson Crusoe -------------------------------------------------------------------------------------
ROBINSON = outlast.load_game("robinson")
ROBINSON_OPTIONS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2},
    {"players": 3, "friday": "yes"},
    {"players": 4, "dog": "yes", "starting_items": 4},
    {"players": 2, "characters": "explorer,cook"},
]


def robinson_game(options: dict[str, Any], seed: int, bots: str = "random") -> Any:
    """Yield every state of a Robinson game played by `bots` (random or heuristic), chance from the state's RNG."""
    state = ROBINSON.new_game(seed=seed, **options)
    agents = [make_agent(bots, ROBINSON) for _ in range(ROBINSON.options.resolve(options)["players"])]
    rng = outlast.core.Rng(seed)
    while not state.is_over():
        movers = state.to_move()
        if movers[0] == CHANCE:
            yield state
            state.apply(state.sample_chance())
            continue
        yield state
        state.apply(agents[movers[0]].act(state, movers[0], rng))


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("options", ROBINSON_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_legal_robinson_action_and_chance_outcome_is_listed__s26(options: dict[str, Any], bots: str) -> None:
    listed = set(ROBINSON.action_texts(**options))
    chance = set(ROBINSON.chance_texts(**options))
    missing: set[str] = set()
    unlisted_chance: set[str] = set()
    seen = 0
    for seed in range(12 if bots == "random" else 3):
        for state in robinson_game(options, seed, bots):
            movers = state.to_move()
            if movers[0] == CHANCE:
                unlisted_chance |= {str(o) for o, _ in state.chance_outcomes()} - chance
                continue
            for seat in movers:
                texts = {str(a) for a in state.legal_actions(seat)}
                missing |= texts - listed
                seen += len(texts)
    assert seen > 1000
    assert not missing, sorted(missing)[:20]
    assert not unlisted_chance, sorted(unlisted_chance)[:20]


def test_robinson_action_texts_are_unique_stable_and_read_back() -> None:
    texts = ROBINSON.action_texts(players=3)
    assert len(texts) == len(set(texts)) and ROBINSON.action_texts(players=3, scenario="castaways") == texts
    assert {"ready", "place 1 build:shelter/wood", "join dog 3", "use economical_construction 2",
            "reroll success", "heal carpenter cook", "pick candles_token", "camp s4"} <= set(texts)
    assert "place candles_token-2 build:knife" in texts  # two Candles tokens: the second is named -2
    assert "place dog build:knife" not in texts  # the Dog only hunts and explores (§15.1 A)
    for seat in range(3):
        for text in texts:
            assert str(ROBINSON.parse_action(seat, text)) == text


def test_robinson_action_texts_follow_the_options() -> None:
    two = set(ROBINSON.action_texts(players=2))  # Friday plays, the Dog does not (§14.4, §14.5)
    three = set(ROBINSON.action_texts(players=3))
    assert "place friday rest" in two and "reroll success friday" in two and "place dog hunt" not in two
    assert "place dog hunt" in three and "place friday rest" not in three
    chosen = set(ROBINSON.action_texts(players=2, characters="explorer,cook"))
    assert "heal explorer cook" in chosen and "heal cook explorer" not in chosen and "hungry carpenter" not in chosen


def test_chance_texts_list_public_ids__s26_4() -> None:
    texts = ROBINSON.chance_texts()
    assert len(texts) == len(set(texts))
    assert {"draw storm", "tile 7", "token goat", "weather rain2", "pit wound", "roll success",
            "roll wound question blank"} <= set(texts)
    for text in texts:
        assert str(ROBINSON.parse_action(CHANCE, text)) == text
    fuji = GAME.chance_texts(players=3)
    assert {"roll 0:3 5", "deal skill 2 scout", "deal character 0 li", "draw 1 map"} <= set(fuji)
    assert len(fuji) == len(set(fuji))
    for text in fuji:
        assert str(GAME.parse_action(CHANCE, text)) == text


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "variant": "b"},
                                     {"players": 3, "scenario": "random"}], ids=["3p", "2p-b", "random"])
def test_every_fuji_chance_outcome_is_listed(options: dict[str, Any]) -> None:
    listed = set(GAME.chance_texts(**options))
    missing: set[str] = set()
    for seed in range(6):
        state = GAME.new_game(seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over():
            movers = state.to_move()
            if movers[0] == CHANCE:
                missing |= {str(o) for o, _ in state.chance_outcomes()} - listed
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions(movers[0])
            state.apply(legal[rng.randrange(len(legal))])
    assert not missing, sorted(missing)[:20]


def test_every_game_declares_the_action_space() -> None:
    able = [name for name in outlast.list_games() if "action_space" in outlast.load_game(name).capabilities]
    assert able == ["discover", "fuji", "robinson"]
    for name in able:
        game = outlast.load_game(name)
        assert game.action_texts() and game.chance_texts()


@pytest.mark.parametrize("options", ROBINSON_OPTIONS[:4], ids=["1p", "2p", "3p", "4p"])
def test_robinson_encoding_has_one_size_and_stays_in_unit_range(options: dict[str, Any]) -> None:
    from outlast.games.robinson import GAME as ROBINSON_GAME
    from outlast.games.robinson.encode import size

    players = ROBINSON.options.resolve(options)["players"]
    checked = 0
    for seed in range(2):
        for i, state in enumerate(robinson_game(options, seed)):
            if i % 5:
                continue
            for seat in [None, *range(players)]:
                vector = ROBINSON.encode(state.observe(seat))
                assert len(vector) == size(ROBINSON_GAME.content) and all(0.0 <= x <= 1.0 for x in vector)
                checked += 1
    assert checked > 100


def test_robinson_encoding_reads_nothing_hidden_and_sees_the_table__s26_4() -> None:
    """Redrawing what nobody has seen (the Hunting cards' identities) leaves every seat's encoding unchanged,
    while the table's own changes (a resource gained) show."""
    rng = random.Random(3)
    checked = 0
    for i, state in enumerate(robinson_game({"players": 3}, 4)):
        if i % 9 or state.is_over():
            continue
        for seat in range(3):
            assert ROBINSON.encode(state.resample(seat, rng).observe(seat)) == ROBINSON.encode(state.observe(seat))
            checked += 1
    assert checked > 20
    view = ROBINSON.new_game(seed=1, players=2).observe(0)
    richer = {**view, "available": {**view["available"], "wood": view["available"]["wood"] + 1}}
    assert ROBINSON.encode(richer) != ROBINSON.encode(view)


def test_robinson_pettingzoo_and_gymnasium_work_like_fuji() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game="robinson", players=2), num_cycles=200)
    e = raw_env("robinson", players=3)
    e.reset(seed=5)
    rng = random.Random(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = {e.actions.index[str(a)] for a in e.game_state.legal_actions(e.seat_of[agent])}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        e.step(int(rng.choice(sorted(legal))))
    assert e.game_state.is_over() and e.actions.unlisted == 0
    g = OutlastGymEnv("robinson", seat=0, bots="heuristic", players=2)
    obs, _ = g.reset(seed=2)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    assert reward in (1.0, -1.0) and "won" in info and g.actions.unlisted == 0


def test_bad_options_and_ids_are_refused() -> None:
    with pytest.raises(outlast.core.OptionError, match="scenario"):
        ROBINSON.action_texts(scenario="atlantis")
    with pytest.raises(outlast.core.OptionError, match="wizard"):
        GAME.chance_texts(wizard=1)
    e = raw_env("robinson", players=2)
    e.reset(seed=0)
    with pytest.raises(IllegalAction, match="outside the action table"):
        e.unwrapped.step(len(e.actions) + 5)


def test_robinson_encoding_knows_every_decision_met() -> None:
    """The encoding names what the table waits for by its kind (`observe()["pending"]["kind"]`,
    `encode.PENDING_KINDS`): every pending decision random and heuristic play meets must be one of them, else
    it would encode as 'other'; a decision text is shown exactly when something is pending."""
    from outlast.games.robinson.encode import PENDING_KINDS

    unknown: set[str] = set()
    texts = 0
    for options, bots in (({"players": 1}, "random"), ({"players": 3, "friday": "yes"}, "random"),
                          ({"players": 2}, "heuristic"), ({"players": 4}, "random")):
        for seed in range(4):
            for state in robinson_game(options, seed, bots):
                view = state.observe(0)
                pending = view["pending"]
                assert bool(view["decision"]) == (pending is not None), view["decision"]
                if pending is not None:
                    texts += 1
                    if pending["kind"] not in PENDING_KINDS:
                        unknown.add(pending["kind"])
    assert texts > 500 and not unknown, sorted(unknown)[:10]


@pytest.mark.parametrize("name", ["fuji", "robinson"])
def test_every_legal_action_and_chance_outcome_of_the_golden_games_is_listed(name: str) -> None:
    """The 260 recorded games (tests/golden, random and heuristic play over every option the corpus holds):
    at every step, every legal action of every seat to act is in the game's action table and every chance
    outcome in its chance table."""
    import gzip
    import json
    from pathlib import Path

    game = outlast.load_game(name)
    with gzip.open(Path(__file__).parent / "golden" / "corpus.jsonl.gz", "rt", encoding="utf-8") as f:
        records = [r for r in map(json.loads, f) if r["game"] == name]
    missing: set[str] = set()
    checked = 0
    for record in records:
        listed = set(game.action_texts(**record["options"]))
        chance = set(game.chance_texts(**record["options"]))
        state = game.new_game(seed=record["seed"], **record["options"])
        for seat, text, _ in record["steps"]:
            for mover in state.to_move():
                texts = ({str(o) for o, _ in state.chance_outcomes()} if mover == CHANCE
                         else {str(a) for a in state.legal_actions(mover)})
                missing |= texts - (chance if mover == CHANCE else listed)
                checked += len(texts)
            state.apply(text, seat=seat)
    assert len(records) > 100 and checked > 300_000
    assert not missing, sorted(missing)[:20]


def test_the_enumeration_examples_run() -> None:
    import doctest

    from outlast.games.discover import action_space as discover_actions
    from outlast.games.fuji import action_space as fuji_actions
    from outlast.games.robinson import action_space as robinson_actions
    from outlast.games.robinson import encode as robinson_encode

    for module in (fuji_actions, robinson_actions, robinson_encode, discover_actions):
        assert doctest.testmod(module).failed == 0, module.__name__


# ------------------------------------------------------------------ docs/rl.md's tables are the code's numbers
def _doc_tables() -> list[tuple[str, str, int, int]]:
    """(game, options text, actions, observation) of each row of docs/rl.md's tables of action lists."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    rows, game = [], None
    for line in text.splitlines():
        if line.startswith("Fuji's action table"):
            game = "fuji"
        elif line.startswith("Robinson Crusoe's action table"):
            game = "robinson"
        elif line.startswith("Discover's action table"):
            game = "discover"
        elif (m := re.fullmatch(r"\| `([^`]*)`(?: \(default\))? \| ([\d,]+) \| ([\d,]+) \|", line)) and game:
            rows.append((game, m.group(1), int(m.group(2).replace(",", "")), int(m.group(3).replace(",", ""))))
    return rows


def test_docs_rl_tables_are_what_the_environments_measure() -> None:
    """Each row's actions and observation size are those of `outlast.rl.raw_env(game, **options)`: the tables
    cannot drift from the code (issue 26 §2). A failure prints the rows as they should read."""
    rows = _doc_tables()
    assert {g for g, *_ in rows} == {"discover", "fuji", "robinson"} and len(rows) >= 12, rows
    wrong = []
    for game, text, actions, observation in rows:
        options: dict[str, Any] = {}
        for part in text.split(", "):
            key, value = part.split("=", 1)
            options[key] = int(value) if value.isdigit() else value
        e = raw_env(game, **options)
        got = (len(e.actions), int(e.observation_space("seat_0")["observation"].shape[0]))
        if got != (actions, observation):
            wrong.append(f"{game}: | `{text}` | {got[0]:,} | {got[1]:,} |   (the doc says {actions:,}, {observation:,})")
    assert not wrong, "docs/rl.md's tables are out of date:\n" + "\n".join(wrong)
