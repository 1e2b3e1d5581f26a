"""A tiny seedable PRNG whose whole state is one int, so a state clone copies it for free.

It is SplitMix64: the same seed gives the same stream on every machine and Python version.
"""

from __future__ import annotations

from typing import Protocol

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


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
    """Turn any int seed into a 64-bit generator state."""
    return mix((seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK)


class Rng:
    """Seeded generator: `Rng(7).randrange(6)` is the same everywhere.

    >>> Rng(1).randrange(6) == Rng(1).randrange(6)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    def next64(self) -> int:
        """Advance and return 64 random bits."""
        self.state = (self.state + _GAMMA) & _MASK
        return mix(self.state)

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
    return mix((state + _GAMMA) & _MASK) % stop


def advance(state: int) -> int:
    """The generator state after one draw."""
    return (state + _GAMMA) & _MASK
