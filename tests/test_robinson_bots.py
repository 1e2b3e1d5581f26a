"""Robinson Crusoe heuristic team bot and static evaluation (src/outlast/games/robinson/bots.py, evaluate.py)."""

from __future__ import annotations

from typing import Any

import pytest

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE, OptionError, Rng
from outlast.games.robinson.bots import HeuristicAgent
from outlast.games.robinson.state import PLAN, RobinsonState

GAME = outlast.load_game("robinson")


def play(state: RobinsonState, agents: list[Any], check: Any = None, max_actions: int = 20_000) -> None:
    """Play to the end: the highest `priority` acts first (ties round the table); `check(state, seat, action)`."""
    rng = Rng(5)
    last = -1
    for _ in range(max_actions):
        if state.is_over():
            return
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        order = sorted(movers, key=lambda x: (x - last - 1) % 64)
        seat = max(order, key=lambda x: agents[x].priority(state, x)) if len(order) > 1 else order[0]
        action = agents[seat].act(state, seat, rng)
        if check is not None:
            check(state, seat, action)
        state.apply(action)
        last = seat
    raise AssertionError("the game did not end")


def team(n: int, spec: str = "heuristic") -> list[Any]:
    return [make_agent(spec, GAME) for _ in range(n)]


def test_registered() -> None:
    assert "heuristic" in GAME.agents()
    bot = make_agent("heuristic:rest=4,slack=0", GAME)
    assert isinstance(bot, HeuristicAgent)
    assert bot.rest_margin == 4 and bot.pile_slack == 0
    with pytest.raises(OptionError):
        make_agent("heuristic:nonsense=1", GAME)
    with pytest.raises(OptionError):
        make_agent("heuristic:rest=abc", GAME)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_only_legal_actions_and_games_end(n: int) -> None:
    def check(state: RobinsonState, seat: int, action: Any) -> None:
        assert action in state.legal_actions(seat), (str(action), state.decision_text())

    for seed in range(4):
        state = GAME.new_game(seed=seed, players=n)
        play(state, team(n), check)
        assert state.is_over()
        assert state.outcome().details["rounds"] <= 13


def test_options_variants_end() -> None:
    for opts in ({"players": 3, "dog": "no"}, {"players": 4, "friday": "yes"}, {"players": 2, "starting_items": 4},
                 {"players": 2, "wreckage": "random", "event_mix": "more_adventure"}, {"players": 1, "alt_threats": True}):
        state = GAME.new_game(seed=11, **opts)
        play(state, team(state.players))
        assert state.is_over()


def test_wins_some_games() -> None:
    wins = 0
    for seed in range(40):
        state = GAME.new_game(seed=seed, players=2)
        play(state, team(2))
        wins += state.over == 1
    assert wins >= 1


def test_a_win_is_a_signal_fire() -> None:
    for seed in range(60):
        state = GAME.new_game(seed=seed, players=1)
        play(state, team(1))
        if state.over == 1:
            out = state.outcome()
            assert out.won and out.details["fire"] and out.details["pile"] == [1, 2, 3, 4, 5]
            assert out.details["rounds"] >= 10
            return
    pytest.skip("no solo win in these seeds")


def test_choices_ignore_hidden_information() -> None:
    """The same choice on a copy whose hidden parts (unseen cards, the RNG) are drawn again."""
    checked = 0

    def check(state: RobinsonState, seat: int, action: Any) -> None:
        nonlocal checked
        if len(state.legal_actions(seat)) < 2:
            return
        other = state.resample(seat, Rng(checked + 99))
        assert isinstance(other, RobinsonState)
        other.rng_state = (state.rng_state * 31 + 7) & 0xFFFFFFFFFFFFFFFF
        bot = HeuristicAgent()
        assert bot.act(other, seat, Rng(123)) == action
        checked += 1

    for n in (1, 3):
        state = GAME.new_game(seed=3, players=n)
        play(state, team(n), check)
    assert checked > 50


def test_plan_stays_the_same_while_seats_place() -> None:
    """Each seat computes the team plan from the position as planning began: placing pawns does not change it."""
    first: dict[int, list[tuple[str, list[int]]]] = {}
    seen = 0

    def check(state: RobinsonState, seat: int, action: Any) -> None:
        nonlocal seen
        if state.decisions or state.phase != PLAN:
            return
        plan = [(it.text, it.pawns) for it in HeuristicAgent().plan(state).items]
        assert first.setdefault(state.round, plan) == plan
        seen += 1

    for n in (2, 3, 4):
        first.clear()
        state = GAME.new_game(seed=7, players=n)
        play(state, team(n), check)
    assert seen > 30


def test_evaluate_range_and_ends() -> None:
    state = GAME.new_game(seed=2, players=2)
    values = []

    def check(st: RobinsonState, seat: int, action: Any) -> None:
        v = GAME.evaluate(st, seat)
        assert 0.0 <= v <= 1.0
        values.append(v)

    play(state, team(2), check)
    end = GAME.evaluate(state, 0)
    assert end == (1.0 if state.over == 1 else 0.0)
    assert len(set(values)) > 3


def test_evaluate_prefers_progress() -> None:
    state = GAME.new_game(seed=4, players=2)
    base = GAME.evaluate(state, 0)
    better = state.clone()
    better.pile = [1, 2, 3, 0, 0]
    better.shelter = 1
    better.roof = 2
    assert GAME.evaluate(better, 0) > base
    worse = state.clone()
    worse.wounds = [10, 10, 0]
    assert GAME.evaluate(worse, 0) < base


def test_heuristic_games_end_within_a_few_hundred_decisions() -> None:
    """A team of four heuristic bots makes a few hundred decisions a game (134–270 on seeds 0–5): a bot that
    shuffled pawns back and forth would blow the bound long before `play`'s 20,000 actions. Its speed is measured
    in benchmarks/robinson_speed.py (`--bot-games`), never asserted in a timed test."""
    for seed in range(3):
        state = GAME.new_game(seed=seed, players=4)
        decisions: list[Any] = []
        play(state, team(4), check=lambda _state, _seat, action, made=decisions: made.append(action))
        assert 50 <= len(decisions) <= 600, (seed, len(decisions))


def test_planning_always_ends_when_help_never_comes_s26_1() -> None:
    """A regression: an Action waiting for a pawn nobody brings once made a seat take back and re-place the
    same pawn forever (2 players, no Starting Items, this seed, round 7). Planning must end (§26.1)."""
    from outlast.sim.jobs import Job
    from outlast.sim.play import play_game

    job = Job.build("robinson", 200, seed=2, sweeps=["players=1..4", "starting_items=0,4"], bots=["heuristic"])
    spec = job.spec(1290)
    assert dict(spec.options)["players"] == 2 and spec.seed == 5554139581539744957
    row = play_game(spec)
    assert row["actions"] < 2_000 and row["rounds"] >= 7
