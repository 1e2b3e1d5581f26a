"""The ISMCTS agent (docs/ismcts.md): always legal, reproducible, validated, budgeted, blind to what its seat
cannot see, and able to win Fuji games that random play loses."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import pytest

import outlast
from outlast.agents import make_agent
from outlast.agents.ismcts import ISMCTSAgent, _actor, _Node
from outlast.core import CHANCE, Action, Game, OptionError, Rng, State
from outlast.core.game import drawn
from outlast.games.fuji.bots import play_game
from outlast.games.fuji.evaluate import evaluate, features
from outlast.games.fuji.state import FujiState
from outlast.games.fuji.terms import EQUIP, MOVE, PLAN

GAME = outlast.load_game("fuji")

CONFIGS = [
    {"players": 2, "variant": "a"},
    {"players": 2, "variant": "b"},
    {"players": 3},
    {"players": 4},
]
CHEAP = [
    "ismcts:iters=12,rollout=random,depth=6",
    "ismcts:iters=12,rollout=none",
    "ismcts:iters=6,rollout=heuristic,depth=3,prior=3",
    "ismcts:iters=8,rollout=random,depth=4,guide=heuristic,prior=2,c=1.5,score=0.01",
]


def decision_points(cfg: dict[str, Any], seed: int, every: int = 6, limit: int = 10) -> list[tuple[FujiState, int]]:
    """Copies of real decision points with a choice, reached by heuristic play (the last seat that may act)."""
    state = GAME.new_game(seed=seed, scenario="random", level=1 + seed % 4, **cfg)
    bot = make_agent("heuristic", GAME)
    rng = Rng(seed)
    out: list[tuple[FujiState, int]] = []
    n = 0
    while not state.is_over() and len(out) < limit:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[-1]
        if len(state.legal_actions(seat)) > 1:
            n += 1
            if n % every == 0:
                out.append((state.clone(), seat))
        state.apply(bot.act(state, seat, rng))
    return out


def first_state(seed: int, test: Any, **options: Any) -> tuple[FujiState, int]:
    """The first decision point of a heuristic game for which `test(state, seat)` holds."""
    state = GAME.new_game(seed=seed, **options)
    bot = make_agent("heuristic", GAME)
    rng = Rng(seed)
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        for seat in movers:
            if test(state, seat):
                return state, seat
        state.apply(bot.act(state, movers[0], rng))
    raise AssertionError("no such decision point")


def tree_actions(node: _Node) -> list[Action]:
    """Every action in a search tree, depth first."""
    out: list[Action] = []
    for a, child in node.children.items():
        out.append(a)
        out += tree_actions(child)
    return out


def stats(node: _Node) -> list[tuple[str, int, float]]:
    return [(str(a), c.visits, round(c.value, 9)) for a, c in node.children.items()]


class Checked:
    """Wraps an agent and checks every answer against the legal actions of that moment."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.calls = 0

    def act(self, state: State, seat: int, rng: Rng) -> Action:
        a = self.agent.act(state, seat, rng)
        assert a in state.legal_actions(seat), f"{a} is not legal for seat {seat}"
        assert a.seat == seat
        self.calls += 1
        return a  # type: ignore[no-any-return]

    def priority(self, state: State, seat: int) -> float:
        return float(self.agent.priority(state, seat))


# --- always legal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"p{c['players']}{c.get('variant', '')}")
def test_always_legal_at_many_decision_points(cfg: dict[str, Any]) -> None:
    agents = [make_agent(spec, GAME) for spec in CHEAP]
    points = decision_points(cfg, seed=cfg["players"] * 10 + len(cfg)) + decision_points(cfg, seed=5, every=11)
    assert len(points) >= 12
    verbs = set()
    for k, (state, seat) in enumerate(points):
        before = state.to_json()
        agent = agents[k % len(agents)]
        a = agent.act(state, seat, Rng(k))
        assert a in state.legal_actions(seat) and a.seat == seat, (agent, a)
        assert state.to_json() == before, "the search must leave the state untouched"
        verbs.add(a.verb)
    assert len(verbs) >= 3


@pytest.mark.parametrize("cfg", [CONFIGS[1], CONFIGS[3]], ids=["p2b", "p4"])
def test_plays_whole_games_legally(cfg: dict[str, Any]) -> None:
    state = GAME.new_game(seed=8, level=2, scenario="random", **cfg)
    agent = Checked(make_agent("ismcts:iters=6,rollout=none", GAME))
    play_game(state, [agent] * state.seat_count(), Rng(8))
    assert state.is_over() and agent.calls > 10


def test_lone_legal_action_comes_back_at_once() -> None:
    state, seat = first_state(3, lambda s, x: len(s.legal_actions(x)) == 1, players=3)
    agent = ISMCTSAgent(GAME, iters="1000000")
    t0 = time.perf_counter()
    assert agent.act(state, seat, Rng(1)) is state.legal_actions(seat)[0]
    assert time.perf_counter() - t0 < 1.0


# --- reproducible ------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["ismcts:iters=40,rollout=random,depth=10",
                                  "ismcts:iters=15,rollout=heuristic,depth=4,prior=4"])
def test_same_rng_same_choice_and_same_tree(spec: str) -> None:
    state, seat = first_state(4, lambda s, x: s.phase == PLAN and len(s.legal_actions(x)) > 5, players=3)
    agent = make_agent(spec, GAME)
    assert isinstance(agent, ISMCTSAgent)
    a1 = agent.act(state, seat, Rng(11))
    a2 = agent.act(state.clone(), seat, Rng(11))
    assert a1 == a2
    assert stats(agent.search(state, seat, Rng(11))) == stats(make_agent(spec, GAME).search(state, seat, Rng(11)))  # type: ignore[attr-defined]


def test_same_seeds_same_game() -> None:
    def play() -> list[str]:
        state = GAME.new_game(seed=2, players=3, level=1)
        play_game(state, [make_agent("ismcts:iters=5,rollout=none", GAME)] * 3, Rng(2))
        return [e.text for e in state.events]

    assert play() == play()


# --- parameters ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", [
    "ismcts:iters=0", "ismcts:iters=x", "ismcts:iters=2.5", "ismcts:iters=-3", "ismcts:time=0", "ismcts:time=soon",
    "ismcts:c=-1", "ismcts:c=nan", "ismcts:rollout=greedy", "ismcts:rollout=", "ismcts:depth=-1",
    "ismcts:depth=deep", "ismcts:guide=random", "ismcts:guide=nobody", "ismcts:prior=3", "ismcts:prior=-1",
    "ismcts:rollout=heuristic,prior=many", "ismcts:score=2", "ismcts:bogus=1", "ismcts:iters",
])
def test_bad_parameters_name_the_parameter(spec: str) -> None:
    with pytest.raises(OptionError) as err:
        make_agent(spec, GAME)
    key = spec.partition(":")[2].split(",")[-1].partition("=")[0]
    assert key in str(err.value)


def test_parameters_are_read() -> None:
    a = make_agent("ismcts:iters=500,rollout=heuristic", GAME)
    assert isinstance(a, ISMCTSAgent)
    assert (a.iters, a.time, a.rollout, a.guide, a.depth, a.prior) == (500, None, "heuristic", "heuristic", None, 0)
    b = make_agent("ismcts:time=0.5,depth=none,c=1.2,rollout=none,guide=heuristic,prior=7,score=0.02", GAME)
    assert isinstance(b, ISMCTSAgent)
    assert (b.iters, b.time, b.c, b.depth, b.guide, b.prior, b.score) == (None, 0.5, 1.2, None, "heuristic", 7, 0.02)
    c = make_agent("ismcts", GAME)
    assert isinstance(c, ISMCTSAgent) and (c.iters, c.rollout, c.guide) == (200, "random", None)
    assert "ismcts" in repr(make_agent("ismcts:iters=3,time=9", GAME)).lower()
    assert ISMCTSAgent(GAME, iters=3, time=9).iters == 3  # numbers work as well as text


def test_the_cli_takes_an_ismcts_spec() -> None:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "outlast", "play", "fuji", "--bots-only", "--bots",
                           "ismcts:iters=4,rollout=none", "--seed", "3", "--quiet"],
                          input="", capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert "Victory!" in done.stdout or "Defeat:" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "outlast", "play", "fuji", "--bots-only", "--bots",
                          "ismcts:iters=nope", "--seed", "3", "--quiet"],
                         input="", capture_output=True, text=True, timeout=120, env=env)
    assert bad.returncode != 0 and "iters" in bad.stderr


# --- budgets ---------------------------------------------------------------------------------------------
def test_time_budget_is_roughly_kept() -> None:
    state, seat = first_state(6, lambda s, x: s.phase == PLAN and len(s.legal_actions(x)) > 5, players=3)
    agent = ISMCTSAgent(GAME, time="0.3", rollout="random", depth="8")
    t0 = time.perf_counter()
    root = agent.search(state, seat, Rng(1))
    took = time.perf_counter() - t0
    assert 0.3 <= took < 5.0
    assert root.visits >= 1
    both = ISMCTSAgent(GAME, iters="3", time="60")  # whichever comes first: the iterations
    t0 = time.perf_counter()
    assert both.search(state, seat, Rng(1)).visits == 3
    assert time.perf_counter() - t0 < 30


def test_iteration_budget_is_exact() -> None:
    state, seat = first_state(6, lambda s, x: s.phase == PLAN and len(s.legal_actions(x)) > 5, players=3)
    root = ISMCTSAgent(GAME, iters="25", rollout="none").search(state, seat, Rng(2))
    assert root.visits == 25
    assert sum(c.visits for c in root.children.values()) == 25


# --- chance and simultaneous seats ---------------------------------------------------------------------
def test_chance_outcomes_are_drawn_by_probability_with_the_agent_rng() -> None:
    state = GAME.new_game(seed=1, players=3)
    while state.chance_outcomes() == [] or state.chance_outcomes()[0][0].verb != "roll":
        movers = state.to_move()
        state.apply(state.sample_chance() if movers == [CHANCE] else state.legal_actions(movers[0])[0])
    rng = Rng(3)
    faces = Counter(state.sample_chance(rng).args[1] for _ in range(1200))
    assert set(faces) == {1, 2, 3, 4, 5, 6} and all(140 < n < 260 for n in faces.values())
    before = state.rng_state
    state.sample_chance(rng)
    assert state.rng_state == before

    class Skewed:  # the weighted branch, with outcomes of unequal probability
        def chance_outcomes(self) -> list[tuple[str, float]]:
            return [("rare", 0.1), ("common", 0.9)]

    draws = Counter(drawn(Skewed().chance_outcomes(), rng) for _ in range(2000))  # type: ignore[arg-type]
    assert 120 < draws["rare"] < 290


def test_the_state_own_rng_plays_no_part() -> None:
    state, seat = first_state(7, lambda s, x: s.phase == MOVE and len(s.legal_actions(x)) > 1, players=3)
    other = state.clone()
    other.rng_state ^= 0x5A5A5A5A
    agent = ISMCTSAgent(GAME, iters="60", rollout="random", depth="30")
    assert stats(agent.search(state, seat, Rng(4))) == stats(agent.search(other, seat, Rng(4)))


def test_search_runs_through_dice_rolls_into_the_next_round() -> None:
    def last_turn(s: FujiState, x: int) -> bool:
        return s.phase == MOVE and s.mover < 0 and sum(1 for m in s.moved if not m) == 1 and len(s.legal_actions(x)) > 0

    state, seat = first_state(2, last_turn, players=3)
    root = ISMCTSAgent(GAME, iters="150", rollout="none").search(state, seat, Rng(5))
    assert any(a.verb == "mark" for a in tree_actions(root)), "the tree should reach the next round's planning"


def test_several_seats_may_act_and_the_asked_seat_answers() -> None:
    state, _ = first_state(3, lambda s, x: s.phase == PLAN and len(s.to_move()) == 3, players=3)
    assert state.to_move() == [0, 1, 2]
    agent = ISMCTSAgent(GAME, iters="80", rollout="none")
    root = agent.search(state, 2, Rng(6))
    assert {a.seat for a in root.children} == {2}
    deeper = {a.seat for a in tree_actions(root)}
    assert deeper >= {0, 2}, "other seats act inside the tree"
    a = agent.act(state, 2, Rng(6))
    assert a.seat == 2 and a in state.legal_actions(2)


def test_guide_priority_orders_the_movement_phase() -> None:
    state, _ = first_state(5, lambda s, x: s.phase == MOVE and s.mover < 0 and len(s.to_move()) > 1, players=3)
    agent = ISMCTSAgent(GAME, iters="4", rollout="none", guide="heuristic")
    bot = make_agent("heuristic", GAME)
    for seat in state.to_move():
        assert agent.priority(state, seat) == bot.priority(state, seat)
    assert ISMCTSAgent(GAME, iters="4").priority(state, state.to_move()[0]) == 0.0


# --- hidden information ----------------------------------------------------------------------------------
def _hidden_twin(state: FujiState, seat: int) -> FujiState:
    """A copy that differs only in what `seat` cannot see: other screens' dice and their private log lines."""
    twin = state.resample(seat, Rng(99))
    twin.card_location = state.card_location[:]  # keep the cards where they are: only dice differ
    twin.under_pile = state.under_pile[:]
    twin.events = [e if e.visible(seat) else type(e)(e.kind, "(something else)", e.visible_to, {})
                   for e in state.events]
    changed = [i for i in range(state.table.dice) if state.die_face[i] != twin.die_face[i]]
    assert changed and all(not state.die_seen_by[i] & (1 << seat) for i in changed)
    return twin


@pytest.mark.parametrize("phase, spec", [(PLAN, "ismcts:iters=60,rollout=random,depth=20"),
                                         (PLAN, "ismcts:iters=20,rollout=heuristic,depth=6,prior=3"),
                                         (EQUIP, "ismcts:iters=40,rollout=random"),
                                         (EQUIP, "ismcts:iters=12,rollout=heuristic,depth=12,prior=2")])
def test_other_screens_do_not_change_the_choice(phase: int, spec: str) -> None:
    """Just before the screens come down the rollouts compare everyone's dice, so a search that read the
    real faces instead of re-drawing them would tell the two states apart."""
    state, seat = first_state(9, lambda s, x: x == 0 and s.phase == phase and len(s.legal_actions(x)) > 1, players=3)
    twin = _hidden_twin(state, 0)
    assert state.legal_actions(0) == twin.legal_actions(0)
    assert state.observe(0)["meeples"] == twin.observe(0)["meeples"]
    agent = make_agent(spec, GAME)
    assert isinstance(agent, ISMCTSAgent)
    for k in range(3):
        assert agent.act(state, 0, Rng(k)) == agent.act(twin, 0, Rng(k))
    assert stats(agent.search(state, 0, Rng(7))) == stats(agent.search(twin, 0, Rng(7)))


# --- evaluation ---------------------------------------------------------------------------------------------
def test_fuji_evaluate_is_public_and_sensible() -> None:
    state, seat = first_state(9, lambda s, x: x == 0 and s.phase == PLAN, players=3)
    twin = _hidden_twin(state, 0)
    v = GAME.evaluate(state, 0)
    assert 0.0 < v < 1.0
    assert v == GAME.evaluate(twin, 0) == GAME.evaluate(state, 1)  # no dice read; one team, one value
    assert features(state) == features(twin)
    closer = state.clone()
    from outlast.games.fuji.board import eruption_front

    for _ in range(2):  # the lava comes two cards nearer: worse
        closer.lava |= eruption_front(closer.table.board, closer.lava)
    assert evaluate(closer, 0) < v
    tired = state.clone()
    tired.stamina = [s + 12 for s in tired.stamina]
    assert evaluate(tired, 0) < v


def test_default_evaluate_knows_only_the_end() -> None:
    state = GAME.new_game(seed=1, players=3)
    assert Game.evaluate(GAME, state, 0) == 0.5
    play_game(state, [make_agent("random", GAME)] * 3, Rng(1))
    assert Game.evaluate(GAME, state, 0) == (1.0 if state.outcome().won else 0.0) == GAME.evaluate(state, 0)


# --- strength -----------------------------------------------------------------------------------------------
def test_beats_random_on_a_fixed_set() -> None:
    """A small fixed set at level 1; random teams lose every one of these, ISMCTS teams win most."""
    def wins(spec: str) -> int:
        n = 0
        for seed in range(3):
            state = GAME.new_game(seed=seed, players=3, level=1, scenario="1")
            play_game(state, [make_agent(spec, GAME) for _ in range(3)], Rng(seed))
            n += state.outcome().won
        return n

    assert wins("random") == 0
    assert wins("ismcts:iters=10,rollout=heuristic,depth=2,prior=5") >= 2


# --- Robinson Crusoe: cooperative, 1–4 seats, simultaneous planning ------------------------------------------------
ROBINSON = outlast.load_game("robinson")


@pytest.mark.parametrize("players", [1, 4])
def test_plays_legal_robinson_decisions(players: int) -> None:
    """`ismcts:iters=20` (random rollouts to the end) answers real Robinson decisions with legal actions."""
    agent = make_agent("ismcts:iters=20", ROBINSON)
    state = ROBINSON.new_game(seed=players, players=players)
    rng = Rng(players)
    decisions = 0
    while not state.is_over() and decisions < 6:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[-1]
        before = state.to_json()
        a = agent.act(state, seat, rng)
        assert a in state.legal_actions(seat) and a.seat == seat
        assert state.to_json() == before, "the search must leave the state untouched"
        state.apply(a)
        decisions += 1
    assert decisions == 6


def test_plays_a_whole_robinson_game_legally() -> None:
    state = ROBINSON.new_game(seed=1, players=2)
    agent = Checked(make_agent("ismcts:iters=4,rollout=none", ROBINSON))
    rng = Rng(1)
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[agent.calls % len(movers)]  # seats take turns in planning, as `outlast simulate` does
        state.apply(agent.act(state, seat, rng))
    assert state.is_over() and agent.calls > 10


def test_without_a_guide_any_of_several_seats_may_act_in_the_search() -> None:
    """Never always the lowest seat: Robinson's first player may re-plan for ever while it waits for the
    others to be ready, so a search that always let seat 0 act would never leave planning."""
    state = ROBINSON.new_game(seed=2, players=3)
    while len(state.to_move()) < 3:
        movers = state.to_move()
        state.apply(state.sample_chance() if movers == [CHANCE] else state.legal_actions(movers[0])[0])
    assert state.first_player == 0
    assert {_actor(state, state.to_move(), None, Rng(k)) for k in range(40)} == {0, 1, 2}
    root = ISMCTSAgent(ROBINSON, iters="3", rollout="random").search(state, 1, Rng(3))
    assert root.visits == 3
