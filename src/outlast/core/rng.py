"""A tiny seedable PRNG whose whole state is one int, so a state clone copies it for free.

Two generators share that int, told apart by its size; the same seed gives the same stream on every machine and
Python version with either:

- SplitMix64, fast, with a 64-bit state (below 2**64): `Rng(n)` and `seed_state(n)` for any int `n` (its low 64
  bits count), and a game seed from -2**63 to 2**63 - 1 (every seed a simulation, a test or a player types).
- A keyed hash, for a *wide* game seed, 2**63 or more (up to 2**256 - 1; `game_state`): each draw is BLAKE2b,
  keyed with the seed's own 256-bit digest, of a 64-bit draw counter. Its state holds the key and the counter
  (`WIDE_STATES` and up). It is what an online table plays with (`secret_seed`: 128 bits from the operating
  system's secure source): SplitMix64's 64 bits of state could be searched, or worked back, from the dice a
  spectator sees, and every later die and card would follow; a keyed hash gives nothing of its key away, so the
  outcomes seen tell nothing of the outcomes to come.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Protocol

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
WIDE_SEEDS = 1 << 63
"""Game seeds from here up run the keyed-hash generator (`game_state`)."""
SEED_LIMIT = 1 << 256
"""Game seeds are below this."""
WIDE_STATES = 1 << 320
"""The keyed hash's states are from here up (a 1 bit, the 256-bit key, the 64-bit counter); SplitMix64's below
2**64."""
STATE_LIMIT = 1 << 321
"""Every generator state is below this."""
SECRET_SEED_BITS = 128
"""The random bits of a `secret_seed`."""
_WIDE_MARK = WIDE_STATES


class RandomLike(Protocol):
    """What the engine needs from a random source: `random.Random` and `Rng` both fit."""

    def randrange(self, stop: int) -> int: ...

    def random(self) -> float: ...


def mix(z: int) -> int:
    """The SplitMix64 output function."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Turn any int seed into a 64-bit SplitMix64 generator state."""
    return mix((seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK)


def game_state(seed: int) -> int:
    """The generator state a game dealt from `seed` starts with: SplitMix64's for a seed below 2**63 (as every
    recorded game has it), the keyed hash's for a wide seed (2**63 and up)."""
    if seed < WIDE_SEEDS:
        return seed_state(seed)
    key = hashlib.blake2b(seed.to_bytes(33, "little"), digest_size=32, person=b"outlast-seed").digest()
    return _WIDE_MARK | (int.from_bytes(key, "little") << 64)


def secret_seed() -> int:
    """A seed nobody can guess: `SECRET_SEED_BITS` bits from `secrets`, placed among the wide seeds (an online
    table's seed; docs/server.md, Security)."""
    return (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)


def _wide_draw(state: int) -> int:
    """128 bits of the keyed hash at a wide state (its key above bit 64, its counter below)."""
    key = (state >> 64).to_bytes(33, "little")
    digest = hashlib.blake2b((state & _MASK).to_bytes(8, "little"), key=key, digest_size=16).digest()
    return int.from_bytes(digest, "little")


class Rng:
    """Seeded generator: `Rng(7).randrange(6)` is the same everywhere.

    >>> Rng(1).randrange(6) == Rng(1).randrange(6)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    @classmethod
    def of_game(cls, seed: int) -> Rng:
        """A generator on a game seed's own stream (`game_state`): `Rng(seed)` for a seed below 2**63, the keyed
        hash for a wide one, so that what it draws in public tells nothing of the seed."""
        rng = cls()
        rng.state = game_state(seed)
        return rng

    @classmethod
    def secret(cls) -> Rng:
        """A generator nobody can foresee: the keyed hash on a `secret_seed`."""
        rng = cls()
        rng.state = game_state(secret_seed())
        return rng

    def next64(self) -> int:
        """Advance and return 64 random bits."""
        state = self.state
        if state < _WIDE_MARK:
            self.state = (state + _GAMMA) & _MASK
            return mix(self.state)
        self.state = advance(state)
        return _wide_draw(state) & _MASK

    def randrange(self, stop: int) -> int:
        """A uniform int in [0, stop)."""
        if stop <= 0:
            raise ValueError("randrange() needs a positive bound")
        return self.next64() % stop

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)


def peek_below(state: int, stop: int) -> int:
    """The int in [0, stop) that a generator in `state` would draw next, without advancing it."""
    if state < _WIDE_MARK:
        return mix((state + _GAMMA) & _MASK) % stop
    return _wide_draw(state) % stop


def advance(state: int) -> int:
    """The generator state after one draw."""
    if state < _WIDE_MARK:
        return (state + _GAMMA) & _MASK
    return (state & ~_MASK) | ((state + 1) & _MASK)
