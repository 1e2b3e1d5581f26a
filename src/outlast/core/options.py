"""Game options: a schema with defaults and validation.

A game declares `Option`s; `OptionSchema.resolve(given)` fills defaults, coerces text
(from the command line) and raises `OptionError` naming the option and its allowed values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError, shown
from .rng import SEED_LIMIT

MAX_DIGITS = 20
"""Longest number text read from a user as an option: enough for any 64-bit value."""
SEED_DIGITS = 78
"""Longest seed text: enough for any seed below 2**256."""

SEED_RANGE = (-(1 << 63), SEED_LIMIT)
"""Seeds are whole numbers from -2**63 to 2**256 - 1: the 64-bit signed ones run the fast generator, the wide
ones (2**63 and up) the keyed hash an online table plays with (`outlast.core.rng`)."""


def whole_number(value: object, digits: int = MAX_DIGITS) -> int | None:
    """`value` as an int if it is one (an `int` that is not a bool, or text of ASCII digits), else None.

    Floats are refused even when whole (`2.0`), so `players=2.5` can never become 2 by truncation;
    text must be plain ASCII digits with an optional sign (`"²"` and `"٣"` are digits to Python, not to us)
    and at most `digits` long.

    >>> whole_number("12"), whole_number(3), whole_number(2.5), whole_number("²"), whole_number(True)
    (12, 3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in "+-" else text
        if body and len(body) <= digits and body.isascii() and body.isdigit():
            return int(text)
    return None


def resolve_seed(seed: object) -> int:
    """A game seed checked: None means 0; otherwise a whole number from -2**63 to 2**256 - 1 (`SEED_RANGE`).

    Raises `OptionError` naming `seed` for anything else (text that is not a number, a float, NaN, a list).
    """
    if seed is None:
        return 0
    value = whole_number(seed, SEED_DIGITS)
    if value is None or not SEED_RANGE[0] <= value < SEED_RANGE[1]:
        raise OptionError("seed", seed, "a whole number from -2**63 to 2**256 - 1")
    return value


@dataclass(frozen=True)
class Option:
    """One option: its name, kind (`int`, `choice`, `bool`, `list`), default and help text.

    For `int`, `choices` lists the allowed ints, or, when it is empty, `bounds` may give the lowest and highest
    allowed (`bounds_text` writes them for people, e.g. `2**63 - 1`). For `choice`, `choices` lists the allowed words.
    For `list`, `choices` lists the allowed items of a comma-separated list (or is empty for free text).
    `secret_bits` marks an `int` option whose value is a spoiler (a generated copy's seed: whoever knows it may
    print the copy's hidden contents): an online table draws it from that many secret bits unless its host names
    one, and never shows a drawn value to a client (docs/server.md, Security).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    secret_bits: int = 0
    bounds: tuple[int, int] | None = None
    bounds_text: tuple[str, str] | None = None

    def allowed(self) -> str:
        """The allowed values as a short human phrase.

        >>> Option("copy", "int", 1, "a copy", bounds=(0, 99)).allowed()
        'a whole number from 0 to 99'
        """
        if self.kind == "bool":
            return "true or false"
        if self.kind == "list":
            return "a comma-separated list of " + ", ".join(map(str, self.choices))
        if self.kind == "int" and not self.choices:
            if self.bounds is None:
                return "a whole number"
            low, high = self.bounds_text or (str(self.bounds[0]), str(self.bounds[1]))
            return f"a whole number from {low} to {high}"
        return ", ".join(map(str, self.choices))

    def coerce(self, value: Any) -> Any:
        """Turn `value` (possibly text) into this option's type, or raise `OptionError`."""
        if self.kind == "int":
            v = whole_number(value)
            if v is None or (self.choices and v not in self.choices) or (
                    self.bounds is not None and not self.bounds[0] <= v <= self.bounds[1]):
                raise OptionError(self.name, value, self.allowed())
            return v
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = value.strip().lower() if isinstance(value, str) else repr(value)
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError(self.name, value, self.allowed())
        if self.kind == "choice":
            number = whole_number(value) if isinstance(value, int) else None
            if not isinstance(value, str) and number is None:
                raise OptionError(self.name, value, self.allowed())
            text = str(number) if number is not None else value.strip().lower()
            if text not in self.choices:
                raise OptionError(self.name, value, self.allowed())
            return text
        if self.kind == "list":
            items: Sequence[Any]
            if isinstance(value, str):
                items = [t.strip().lower() for t in value.split(",") if t.strip()]
            elif isinstance(value, list | tuple) and all(isinstance(t, str) for t in value):
                items = [t.strip().lower() for t in value]
            else:
                raise OptionError(self.name, value, self.allowed())
            if self.choices and any(t not in self.choices for t in items):
                raise OptionError(self.name, value, self.allowed())
            return tuple(items)
        raise AssertionError(f"unknown option kind {self.kind}")


@dataclass(frozen=True)
class OptionSchema:
    """All options of a game plus a cross-option check (`check(resolved)` raises `OptionError`)."""

    options: tuple[Option, ...]
    check: Callable[[dict[str, Any]], None] | None = field(default=None, compare=False)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.options)

    def names(self) -> list[str]:
        """Option names in declaration order."""
        return [o.name for o in self.options]

    def get(self, name: str) -> Option:
        """The option called `name`, or `OptionError` listing the known names."""
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(self.names())
        raise OptionError(name, name, known, f"unknown option {shown(name)}; the options are: {known}")

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with `given`, coerced and checked."""
        if not isinstance(given, Mapping):
            raise OptionError("options", given, "a mapping of option names to values")
        out = self.defaults()
        for name, value in given.items():
            if not isinstance(name, str):
                raise OptionError(shown(name), name, ", ".join(self.names()), f"option names are text, not {shown(name)}")
            out[name] = self.get(name).coerce(value)
        if self.check is not None:
            self.check(out)
        return out
