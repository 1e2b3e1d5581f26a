"""Wide seeds (issue 23 §1): an online table plays with a 128-bit secret seed whose outcomes give nothing away.

The 64-bit signed seeds keep SplitMix64, so every recorded game replays as before (tests/test_golden.py); a
seed from 2**63 up runs a keyed hash (`outlast.core.rng`).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from outlast.core import Match, OptionError, load_game, resolve_seed
from outlast.core.rng import (
    SECRET_SEED_BITS,
    STATE_LIMIT,
    WIDE_STATES,
    Rng,
    advance,
    game_state,
    peek_below,
    secret_seed,
    seed_state,
)

GAMES = ("fuji", "robinson", "discover")


def _random_match(game: str, seed: int, moves: int = 200) -> Match:
    match = Match.start(load_game(game), seed, {"copy": 1} if game == "discover" else {})
    rng = random.Random(7)
    for _ in range(moves):
        if match.state.is_over():
            break
        movers = match.state.to_move()
        if movers == [-1]:
            match.resolve_chance()
            continue
        seat = movers[0]
        match.play(rng.choice(match.state.legal_actions(seat)), seat)
    return match


def test_secret_seeds_carry_128_random_bits_and_are_wide() -> None:
    seeds = [secret_seed() for _ in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert all(1 << SECRET_SEED_BITS <= s < 1 << (SECRET_SEED_BITS + 1) for s in seeds)
    assert SECRET_SEED_BITS >= 128
    ones = Counter(bit for s in seeds for bit in range(SECRET_SEED_BITS) if s >> bit & 1)
    assert all(850 < ones[bit] < 1150 for bit in range(SECRET_SEED_BITS))  # each bit is a fair coin


def test_every_bit_of_a_wide_seed_counts() -> None:
    """With SplitMix64 only a seed's low 64 bits mattered; a wide seed's high bits change every outcome."""
    base = secret_seed()
    def stream(seed: int) -> tuple[int, ...]:
        rng = Rng()
        rng.state = game_state(seed)
        return tuple(rng.randrange(6) for _ in range(40))

    assert len({stream(base), stream(base ^ (1 << 100)), stream(base ^ (1 << 127))}) == 3
    assert game_state(base) != game_state(base ^ (1 << 100)) and game_state(base) >= WIDE_STATES


def test_the_wide_generator_is_uniform_and_peek_agrees_with_draws() -> None:
    rng = Rng.secret()
    faces = Counter(rng.randrange(6) for _ in range(60_000))
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in faces.values())
    assert len(faces) == 6 and chi2 < 25  # 5 degrees of freedom: p < 0.0002 for a fair die
    state = game_state(secret_seed())
    drawn = Rng(0)
    drawn.state = state
    for _ in range(50):
        expected = peek_below(state, 1 << 16)
        assert peek_below(state, 1 << 16) == expected  # pure: peeking draws nothing
        assert drawn.next64() % (1 << 16) == expected  # and a draw takes what the peek saw
        state = advance(state)
        assert drawn.state == state < STATE_LIMIT


def test_64_bit_seeds_and_plain_generators_keep_their_old_streams() -> None:
    """SplitMix64 for every game seed below 2**63 and for `Rng(n)` of any int (a Discover copy's generator is
    seeded with its 64-bit id): the same numbers as before wide seeds existed (the golden games check the rest)."""
    assert seed_state(0) == game_state(0) == 0x6DB6CA64564DAEAA  # as at 85fa2ab, before wide seeds
    assert game_state(2 ** 63 - 1) == seed_state(2 ** 63 - 1) < 1 << 64
    assert seed_state(2 ** 70 + 5) == seed_state(5) and Rng(2 ** 64 + 9).state == Rng(9).state


@pytest.mark.parametrize("game", GAMES)
def test_a_wide_seed_game_is_deterministic_and_round_trips(game: str) -> None:
    seed = secret_seed()
    one, two = _random_match(game, seed), _random_match(game, seed)
    assert [e.text for e in one.history] == [e.text for e in two.history]
    doc = json.loads(json.dumps(one.to_json()))
    assert doc["seed"] == seed
    again = Match.from_json(doc)
    assert again.state.rng_state == one.state.rng_state >= 1 << 64
    position = json.loads(json.dumps(one.state.to_json()))
    loaded = load_game(game).load_state(position)
    assert loaded.rng_state == one.state.rng_state
    other = _random_match(game, seed ^ (1 << 90))
    assert [e.text for e in other.history] != [e.text for e in one.history]


@pytest.mark.parametrize("seed", [2 ** 256, -(2 ** 63) - 1, "1" * 79, 1.5, True, "0x10"])
def test_a_seed_out_of_range_is_an_option_error_naming_the_seed(seed: object) -> None:
    with pytest.raises(OptionError, match="seed"):
        resolve_seed(seed)


def test_the_whole_seed_range_is_taken_from_text_too() -> None:
    assert resolve_seed(str(2 ** 256 - 1)) == 2 ** 256 - 1
    assert resolve_seed(" -9223372036854775808 ") == -(2 ** 63)
