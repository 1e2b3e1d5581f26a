"""Whole-game properties of Discover over thousands of random games, across copies, player counts and scenarios 1, 2, 5.

At every step of every game: each feature, monster and water-source token, project, threat and night card is in
exactly one place (conservation), stamina stays in 0–12, nobody carries more than 3 damage. At sampled steps: the
position document round-trips, a clone is independent, and a resample keeps everything the seat has seen.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import outlast
from outlast.core import CHANCE
from outlast.core.rng import Rng
from outlast.games.discover.document import check_together
from outlast.games.discover.state import DiscoverState
from outlast.games.discover.terms import MONSTER, WATER

GAME = outlast.load_game("discover")
CONFIGS = [(1, "1"), (2, "1"), (3, "1"), (4, "1"), (1, "2"), (2, "2"), (3, "2"), (4, "2"), (2, "5"), (3, "5"),
           (4, "5")]


def conservation(s: DiscoverState) -> None:
    """Every token and unnumbered card in exactly one place (numbered cards have one place each by construction)."""
    check_together(s)
    copy = s.copy
    normal = [m.id for m in copy.monsters if not m.special]
    on_map = [p[2] for p in s.pieces if p[0] == MONSTER and p[2] >= 0]
    facedown = sum(1 for p in s.pieces if p[0] == MONSTER and p[2] < 0)
    places = Counter(s.monster_supply + s.monster_discard + s.specials_left + on_map)
    assert all(n == 1 for n in places.values()), places
    assert set(normal) <= set(places) | set(), "a normal monster token went missing"
    assert facedown <= len(s.monster_supply)
    waters = [p[2] for p in s.pieces if p[0] == WATER and p[2] >= 0]
    hidden_waters = sum(1 for p in s.pieces if p[0] == WATER and p[2] < 0)
    assert sorted(waters + s.water_pool) == sorted(w.id for w in copy.waters)
    assert hidden_waters <= len(s.water_pool)
    assert all(0 <= x <= 12 for x in s.stamina)
    assert all(len(d) <= 3 for d in s.damage)


def play(copy: int, players: int, scenario: str, seed: int, sample_every: int = 0) -> DiscoverState:
    state = GAME.new_game(seed=seed, players=players, scenario=scenario, copy=copy)
    assert isinstance(state, DiscoverState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 5_000:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(movers)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        conservation(state)
        steps += 1
        if sample_every and steps % sample_every == 0:
            documents_and_copies(state, rng)
    assert state.is_over(), f"copy {copy} {players}p s{scenario} seed {seed} did not end in 5000 steps"
    return state


def documents_and_copies(state: DiscoverState, rng: random.Random) -> None:
    doc = state.to_json()
    assert GAME.load_state(json.loads(json.dumps(doc))).to_json() == doc
    twin = state.clone()
    assert twin.to_json() == doc
    if not twin.is_over() and twin.to_move() and twin.to_move() != [CHANCE]:
        seat = twin.to_move()[0]
        twin.apply(twin.legal_actions(seat)[0], seat)
        assert state.to_json() == doc  # the original did not move
    seat = rng.randrange(state.seats)
    other = state.resample(seat, Rng(rng.randrange(1 << 30)))
    assert other.observe(seat) == state.observe(seat)


CHUNKS = 4
GAMES = 2_200
"""2,200 random games over 200 copies (11 configurations each), in chunks the test runner can spread."""


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_thousands_of_random_games_across_copies_keep_every_invariant(chunk: int) -> None:
    results = Counter[str]()
    for k in range(chunk, GAMES, CHUNKS):
        players, scenario = CONFIGS[k % len(CONFIGS)]
        state = play(copy=k // len(CONFIGS), players=players, scenario=scenario, seed=k)
        for seat_result in state.outcome().seats:
            results[seat_result.code] += 1
    assert results["eliminated"] > 0 and results["last_standing"] > 0


@settings(max_examples=25)
@given(copy=st.integers(0, 10_000), config=st.sampled_from(CONFIGS), seed=st.integers(0, 1_000_000))
def test_documents_clones_and_resamples_hold_mid_game(copy: int, config: tuple[int, str], seed: int) -> None:
    players, scenario = config
    play(copy=copy, players=players, scenario=scenario, seed=seed, sample_every=23)


def test_same_seed_and_actions_give_the_same_game() -> None:
    a = play(copy=3, players=3, scenario="2", seed=11)
    b = play(copy=3, players=3, scenario="2", seed=11)
    assert a.to_json() == b.to_json()


def every_move_of_a_resample_applies(state: DiscoverState, rng: random.Random) -> int:
    """Resample for every seat; in each copy every legal action of every seat to move (or every chance outcome)
    applies without an exception (architecture §2: a resample is a position the game can be played on)."""
    applied = 0
    for seat in range(state.seats):
        copy = state.resample(seat, Rng(rng.randrange(1 << 30)))
        assert copy.observe(seat) == state.observe(seat)
        for mover in copy.to_move():
            moves = [o for o, _ in copy.chance_outcomes()] if mover == CHANCE else copy.legal_actions(mover)
            for move in list(moves):
                copy.clone().apply(move)
                applied += 1
    return applied


def _trading_policy(state: DiscoverState, seat: int, rng: random.Random) -> object:
    """A random player who likes to trade project cards, so offers holding them come up often (§18.2)."""
    legal = state.legal_actions(seat)
    liked = [a for a in legal if str(a).startswith(("trade", "give p", "propose", "accept"))]
    return rng.choice(liked) if liked and rng.random() < 0.7 else rng.choice(legal)


@settings(max_examples=12, deadline=None)
@given(copy=st.integers(0, 10_000), config=st.sampled_from(CONFIGS), seed=st.integers(0, 1_000_000))
def test_s18_5_every_legal_move_of_a_resampled_state_applies(copy: int, config: tuple[int, str], seed: int) -> None:
    players, scenario = config
    state = GAME.new_game(seed=seed, players=players, scenario=scenario, copy=copy)
    assert isinstance(state, DiscoverState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 1_500:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(movers)
            state.apply(_trading_policy(state, seat, rng), seat)  # type: ignore[arg-type]
        steps += 1
        if rng.random() < 0.08 or any(d.kind == "answer a trade" for d in state.decisions):
            every_move_of_a_resample_applies(state, rng)


@settings(max_examples=10, deadline=None)
@given(copy=st.integers(1, 5), config=st.sampled_from(CONFIGS), seed=st.integers(0, 1_000_000))
def test_kept_legal_actions_are_a_fresh_computation(copy: int, config: tuple[int, str], seed: int) -> None:
    """The legal actions a state keeps (computed once by the engine when it stops for a seat, then cached until the
    next action) are at every step exactly what the pending decision computes afresh."""
    players, scenario = config
    s = GAME.new_game(seed=seed, players=players, scenario=scenario, copy=copy)
    rng = random.Random(seed)
    for _ in range(400):
        if s.is_over():
            break
        movers = s.to_move()
        if movers == [CHANCE]:
            s.apply(s.sample_chance())
            continue
        for seat in movers:
            kept = s.legal_actions(seat)
            top = s.decisions[-1]
            assert kept == top.legal(s, seat), f"seat {seat}, {top.kind}"
        seat = movers[rng.randrange(len(movers))]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
