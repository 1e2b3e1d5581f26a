"""The Discover heuristic bot: always legal, finishes games, reads only what its seat may know, beats random;
and `evaluate`, the public [0, 1] guess."""

from __future__ import annotations

import random
from typing import Any

import pytest

from outlast.agents import RandomAgent, make_agent
from outlast.core import CHANCE, OptionError
from outlast.games.discover import DISCOVER
from outlast.games.discover.bots import HeuristicAgent, default
from outlast.games.discover.evaluate import evaluate
from outlast.games.discover.state import DiscoverState
from outlast.games.discover.terms import CASUALTY, WON

DAY_CAP = 30
"""A house-rule day limit so that every test game ends (a survivor can outlast a stalled quest for long)."""


def play(seed: int, players: int, scenario: str, agents: list[Any], check: Any = None) -> DiscoverState:
    """One game to the end; `check(state, seat, action)` sees every seat decision before it is applied."""
    state = DISCOVER.new_game(seed=seed, players=players, scenario=scenario, day_cap=DAY_CAP)
    rng = random.Random(seed)
    for _ in range(200_000):
        if state.is_over():
            return state
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[0]
        action = agents[seat].act(state, seat, rng)
        if check is not None:
            check(state, seat, action)
        state.apply(action, seat)
    raise AssertionError(f"game {seed} did not end")


def _legal(state: DiscoverState, seat: int, action: Any) -> None:
    assert action in state.legal_actions(seat), f"{action} is not legal for seat {seat}"


CONFIGS = [(s, p) for s in ("1", "2", "5") for p in (1, 2, 3, 4) if not (s == "5" and p == 1)]


@pytest.mark.parametrize(("scenario", "players"), CONFIGS, ids=[f"s{s}p{p}" for s, p in CONFIGS])
def test_bot_always_legal_and_finishes(scenario: str, players: int) -> None:
    for seed in range(3):
        state = play(seed, players, scenario, [HeuristicAgent() for _ in range(players)], _legal)
        assert state.is_over()
        assert all(status in (WON, CASUALTY) for status in state.status)


def test_bot_mixed_with_random_players() -> None:
    for seed in range(4):
        agents: list[Any] = [HeuristicAgent(), RandomAgent(), HeuristicAgent()]
        assert play(seed, 3, "5" if seed % 2 else "1", agents, _legal).is_over()


@pytest.mark.parametrize("scenario", ["1", "5"])
def test_bot_reads_no_hidden_information_s18_5(scenario: str) -> None:
    """Deciding from a resampled copy (other hands, the random state, others' private log lines all redrawn)
    gives the same action at every decision: the bot only reads what its seat may know."""
    bot = HeuristicAgent()
    rng = random.Random(7)
    checked = [0]

    def same(state: DiscoverState, seat: int, action: Any) -> None:
        other = state.resample(seat, rng)
        assert bot.act(other, seat, random.Random(1)) == action, f"seat {seat} decides differently on a resample"
        checked[0] += 1

    for seed in range(2):
        play(seed, 3, scenario, [bot, bot, bot], same)
    assert checked[0] > 200


def _survival(agent: str, scenario: str, games: int) -> tuple[float, int]:
    days = 0
    wins = 0
    for seed in range(games):
        agents: list[Any] = [HeuristicAgent() if agent == "heuristic" else RandomAgent() for _ in range(2)]
        state = play(1000 + seed, 2, scenario, agents)
        for seat in range(2):
            won = state.status[seat] == WON
            wins += won
            days += DAY_CAP if won else state.day
    return days / (2 * games), wins


@pytest.mark.parametrize("scenario", ["1", "2"])
def test_bot_outlasts_random_play(scenario: str) -> None:
    bot_days, bot_wins = _survival("heuristic", scenario, 30)
    random_days, random_wins = _survival("random", scenario, 30)
    assert bot_days >= random_days + 1.0, (bot_days, random_days)
    assert bot_wins >= random_wins


def test_bot_parameters_and_spec() -> None:
    assert repr(make_agent("heuristic:help=0", DISCOVER)) == "HeuristicAgent(help=0)"
    with pytest.raises(OptionError):
        HeuristicAgent(speed="2")
    with pytest.raises(OptionError):
        HeuristicAgent(help="maybe")
    assert DISCOVER.agents()["heuristic"] is HeuristicAgent


def test_default_answer_prefers_harmless_verbs() -> None:
    from outlast.games.discover.actions import act

    assert default([act(0, "pick", "A1"), act(0, "pass")]).verb == "pass"
    assert default([act(0, "pick", "A1"), act(0, "pick", "A2")]).args == ("A1",)


def test_evaluate_is_a_public_guess_in_0_1() -> None:
    bot = HeuristicAgent()
    seen: list[float] = []

    def watch(state: DiscoverState, seat: int, action: Any) -> None:
        value = evaluate(state, seat)
        assert 0.0 <= value <= 1.0
        assert value == evaluate(state.resample(seat, random.Random(3)), seat)
        seen.append(value)

    state = play(5, 2, "1", [bot, bot], watch)
    for seat in range(2):
        assert evaluate(state, seat) == (1.0 if state.status[seat] == WON else 0.0)
    assert len(set(seen)) > 5


def test_evaluate_prefers_health() -> None:
    state = DISCOVER.new_game(seed=1, players=2, scenario="5")
    fresh = evaluate(state, 0)
    state.damage[0] = [0, 3]
    assert evaluate(state, 0) < fresh
    assert evaluate(state, 1) > 0.5


def test_evaluate_counts_a_stage_half_done__s17_12() -> None:
    """Within a stage (§17.12 2.1: the Shelter is paid in wood and stone), what the group has paid raises the guess
    of every seat, and `stage_progress` reads public facts only."""
    from outlast.games.discover.evaluate import stage_progress
    from outlast.games.discover.quests import pay_goal
    from outlast.games.discover.terms import RESOURCES

    state = DISCOVER.new_game(seed=2, players=2, scenario="2")
    while state.to_move() == [CHANCE]:
        state.apply(state.sample_chance())
    owed = sum(pay_goal(state))
    assert owed > 0 and stage_progress(state, 0) == 0.0
    before = evaluate(state, 0)
    state.quest_paid[RESOURCES.index("wood")] += 2
    assert 0.0 < stage_progress(state, 0) < 1.0
    assert stage_progress(state, 0) == stage_progress(state.resample(0, random.Random(9)), 0)
    assert evaluate(state, 0) > before and evaluate(state, 1) > before - 1e-9
