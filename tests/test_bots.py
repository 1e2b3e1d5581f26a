"""The Fuji heuristic bot: always legal, finishes games, beats random, respects hidden information."""

from __future__ import annotations

import random

import pytest

import outlast
from outlast.agents import RandomAgent, make_agent
from outlast.core import CHANCE, Action, OptionError, Rng, State
from outlast.games.fuji.bots import HeuristicAgent, play_game
from outlast.games.fuji.state import FujiState
from outlast.games.fuji.terms import EQUIP, MOVE, PLAN, REROLL

GAME = outlast.load_game("fuji")


class CheckedBot:
    """Wraps a bot and checks every answer against the legal actions of that moment."""

    def __init__(self, bot: HeuristicAgent) -> None:
        self.bot = bot
        self.calls = 0

    def act(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        a = self.bot.act(state, seat, rng)
        assert a in legal, f"{a} is not legal for seat {seat}"
        self.calls += 1
        return a

    def priority(self, state: State, seat: int) -> float:
        return self.bot.priority(state, seat)


CONFIGS = [
    {"players": 2, "variant": "a"},
    {"players": 2, "variant": "b"},
    {"players": 3},
    {"players": 4},
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"p{c['players']}{c.get('variant', '')}")
@pytest.mark.parametrize("scenario", [str(i) for i in range(1, 8)])
def test_always_legal_and_finishes(cfg: dict[str, object], scenario: str) -> None:
    for seed in range(2):
        level = 1 + (seed + int(scenario)) % 4
        thrill = (seed + int(scenario)) % 2 == 1
        state = GAME.new_game(seed=seed, level=level, scenario=scenario, extra_thrill=thrill, **cfg)
        bot = CheckedBot(HeuristicAgent())
        n = play_game(state, [bot] * state.seat_count(), Rng(seed))
        assert state.is_over()
        assert bot.calls > 0 and n > bot.calls


def test_legal_with_options_and_random_teammates() -> None:
    """Mixed tables and bot parameters reach unusual situations (odd markers, cards, injuries)."""
    for seed in range(6):
        state = GAME.new_game(players=3 + seed % 2, seed=100 + seed, level=1 + seed % 4, scenario="random")
        bots: list[object] = [CheckedBot(HeuristicAgent(risk="2", help="0", hints="no", cards="1")),
                              RandomAgent(), CheckedBot(HeuristicAgent(risk="0.5", help="2")), RandomAgent()]
        play_game(state, bots[: state.seat_count()], Rng(seed))
        assert state.is_over()


def _win_count(bot: str, seeds: range, **opts: object) -> int:
    wins = 0
    for seed in seeds:
        state = GAME.new_game(seed=seed, **opts)
        agents = [make_agent(bot, GAME) for _ in range(state.seat_count())]
        play_game(state, agents, Rng(seed))
        wins += state.outcome().won
    return wins


def test_beats_random_at_level_1() -> None:
    seeds = range(24)
    heuristic = _win_count("heuristic", seeds, players=3, level=1, scenario="random")
    rand = _win_count("random", seeds, players=3, level=1, scenario="random")
    assert heuristic >= 14, heuristic
    assert heuristic >= rand + 10, (heuristic, rand)


# --------------------------------------------------------------------------- hidden information
def _decision_states(n_games: int, players: int = 3, variant: str = "auto") -> list[tuple[FujiState, int]]:
    """(state, seat) at many decisions of phases 2-4 where other seats' dice are hidden."""
    out: list[tuple[FujiState, int]] = []
    for seed in range(n_games):
        state = GAME.new_game(players=players, variant=variant, seed=seed, level=2, scenario=str(1 + seed % 7))
        agents = [HeuristicAgent() for _ in range(state.seat_count())]
        rng = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 4000:
            movers = state.to_move()
            if movers == [CHANCE]:
                state.apply(state.sample_chance())
                continue
            seat = movers[steps % len(movers)]
            if state.phase in (PLAN, REROLL, EQUIP) and steps % 3 == 0:
                out.append((state.clone(), seat))
            state.apply(agents[seat].act(state, seat, rng))
            steps += 1
    return out


def _hidden_from(state: FujiState, seat: int) -> list[int]:
    bit = 1 << seat
    return [i for i in range(state.table.dice) if state.die_face[i] and not state.die_seen_by[i] & bit]


@pytest.mark.parametrize("players,variant", [(3, "auto"), (4, "auto"), (2, "a"), (2, "b")])
def test_same_action_whatever_the_hidden_dice(players: int, variant: str) -> None:
    """Two states that differ only in what the seat cannot see get the same answer."""
    bot = HeuristicAgent()
    checked = changed = 0
    for state, seat in _decision_states(4, players, variant):
        hidden = _hidden_from(state, seat)
        if not hidden:
            continue
        want = bot.act(state, seat, Rng(5))
        for k in range(3):
            other = state.resample(seat, random.Random(k))
            if any(other.die_face[i] != state.die_face[i] for i in hidden):
                changed += 1
            assert bot.act(other, seat, Rng(5)) == want
            # and a hand-made twin: every hidden die turned to its opposite face
            twin = state.clone()
            for i in hidden:
                twin.die_face[i] = 7 - twin.die_face[i]
            assert bot.act(twin, seat, Rng(5)) == want
        checked += 1
    assert checked > 20 and changed > 20


def test_deterministic_and_ignores_rng() -> None:
    bot = HeuristicAgent()
    for state, seat in _decision_states(2)[:60]:
        a = bot.act(state, seat, Rng(1))
        assert bot.act(state, seat, Rng(99)) == a
        assert bot.act(state.clone(), seat, random.Random(3)) == a


def test_uses_hints_and_talks_only_by_hints() -> None:
    state = GAME.new_game(players=3, seed=4, level=1)
    play_game(state, [HeuristicAgent() for _ in range(3)], Rng(4))
    verbs = {e.data.get("hint") for e in state.events if e.kind == "hint"}
    assert {"threat", "fit"} <= verbs
    silent = GAME.new_game(players=3, seed=4, level=1)
    play_game(silent, [HeuristicAgent(hints="false") for _ in range(3)], Rng(4))
    assert not any(e.kind == "hint" for e in silent.events)


# --------------------------------------------------------------------------- parameters and the driver
def test_parameters() -> None:
    assert isinstance(make_agent("heuristic", GAME), HeuristicAgent)
    bot = make_agent("heuristic:risk=1.5,help=0.2,hints=0,cards=yes", GAME)
    assert isinstance(bot, HeuristicAgent)
    assert (bot.risk, bot.help, bot.give_hints, bot.use_cards) == (1.5, 0.2, False, True)
    with pytest.raises(OptionError, match="bravery"):
        make_agent("heuristic:bravery=3", GAME)
    with pytest.raises(OptionError, match="risk"):
        HeuristicAgent(risk="lots")
    with pytest.raises(OptionError, match="hints"):
        HeuristicAgent(hints="maybe")


def test_go_order_prefers_winning_move_and_delays_tokens() -> None:
    """In phase 5 the driver asks the seat with the highest priority; the bot's priority is finite."""
    state = GAME.new_game(players=4, seed=11, level=1)
    bot = HeuristicAgent()
    seen = 0
    rng = Rng(11)
    while not state.is_over() and seen < 30:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        if state.phase == MOVE and len(movers) > 1:
            prios = [bot.priority(state, s) for s in movers]
            assert all(abs(p) < 1000 for p in prios)
            seen += 1
        seat = max(movers, key=lambda s: bot.priority(state, s))
        state.apply(bot.act(state, seat, rng))
    assert seen > 0
