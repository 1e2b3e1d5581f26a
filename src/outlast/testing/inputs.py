"""Hostile inputs for the conformance check: bad action texts, wrong types, junk action objects, and
mutations of saved documents (drop, swap, enlarge, retype, resize a field).

Everything here is driven by a seeded `random.Random`, so a failure found once is found again with the
same seed.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from outlast.core import Action

HUGE = 10**20
"""A number no field of a game may hold: bigger than any count, index or 64-bit value."""

GARBAGE_TEXTS = (
    "", " ", "blah blah", "²", "٣", "1²", "¹ ²", "-1", "0", "99999999999999999999999", "9" * 5000,
    "\x00", "\n\n", "\t", "é", "🙂", "None", "null", "[]", "{}", "'", '"', "\\", "%s", "{0}",
    "x" * 10_000, "ready ready", "help", "undo", "0:0", ":", "::", "1:", ":1", "1.5", "1e9", "inf", "nan",
)
"""Texts no game reads as an action."""

DIGIT_SUBSTITUTES = ("²", "٣", "-1", "0", "99999999999999999999", "9" * 5000, "1.5", "x", "")
"""What replaces a number inside an otherwise legal text."""

WRONG_VALUES: tuple[Any, ...] = (None, True, 1.5, float("nan"), float("inf"), -1, HUGE, -HUGE, "x", b"x",
                                  [], [1], {}, {"a": 1}, (1,), object())
"""Values of the wrong type or range for an action argument or a seat."""

WRONG_SEATS: tuple[Any, ...] = (-2, -1 - HUGE, HUGE, 1.0, 0.5, True, False, "0", b"0", [0], None, float("nan"))
"""Seat arguments that are not a seat (`None` only means "whoever may act" to `apply`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ForeignAction(Action):
    """An action object of no game: every game must refuse it."""

    verb: str = "ready"

    def __str__(self) -> str:
        return self.verb


def mangled_texts(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """Variants of a legal action text: numbers replaced by junk, words dropped, doubled or appended."""
    words = text.split()
    for _ in range(count):
        ws = list(words)
        kind = rng.randrange(5)
        if kind == 0 and ws:
            numeric = [i for i, w in enumerate(ws) if any(c.isdigit() for c in w)] or list(range(len(ws)))
            i = rng.choice(numeric)
            ws[i] = rng.choice(DIGIT_SUBSTITUTES)
        elif kind == 1 and ws:
            del ws[rng.randrange(len(ws))]
        elif kind == 2:
            ws.append(rng.choice(("x", "1", "²", "99999999999", "again")))
        elif kind == 3 and ws:
            i = rng.randrange(len(ws))
            ws[i] = ws[i] + rng.choice(("²", "x", ":", "0"))
        else:
            ws.insert(rng.randrange(len(ws) + 1), rng.choice(GARBAGE_TEXTS[:20]))
        yield " ".join(ws)


def junk_actions(action: Action, rng: random.Random, count: int) -> Iterator[Action]:
    """Copies of a legal action object with one field set to a wrong type or an out-of-range value.

    Frozen dataclasses are built with `object.__setattr__`, as a hostile caller could.
    """
    fields = [f.name for f in dataclasses.fields(action)]
    for _ in range(count):
        name = rng.choice(fields)
        value = getattr(action, name)
        choices: list[Any] = list(WRONG_VALUES)
        if isinstance(value, tuple):
            choices += [value + (HUGE,), value[:-1], tuple("x" for _ in value), (-1,) * len(value),
                        value * 3, (HUGE,) * max(1, len(value))]
        if isinstance(value, str):
            choices += [value.upper(), value + "x", "", "²"]
        junk = copy.copy(action)
        object.__setattr__(junk, name, rng.choice(choices))
        yield junk


# --- documents ---------------------------------------------------------------------------------
Path_ = tuple[Any, ...]


def _paths(doc: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every path (dict keys and list indices) inside a JSON-like document, the root excluded."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


def _get(doc: Any, path: Path_) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: Path_, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _replacements(value: Any, rng: random.Random) -> list[Any]:
    """Wrong values for a field that holds `value`: retyped, enlarged, shrunk."""
    out: list[Any] = [None, "x", 1.5, True, [], {}, float("inf"), float("nan")]
    if isinstance(value, bool):
        out += [0, 2, "true"]
    elif isinstance(value, int):
        out += [value + 1, value - 1, -1, HUGE, -HUGE, str(value), float(value), [value]]
    elif isinstance(value, str):
        out += [value + "x", value.upper(), "", "²", 7, [value], "x" * 1000]
    elif isinstance(value, list):
        longer = value + value[-1:] if value else [0]
        out += [value[:-1], longer, value * 3, [None] * len(value), ["x"] * len(value), list(reversed(value)),
                {str(i): v for i, v in enumerate(value)}, [HUGE] * len(value)]
    elif isinstance(value, dict):
        out += [{}, {"x": 1}, list(value.values()), {**value, "unexpected": 1}]
    return out


def mutate(doc: Any, rng: random.Random) -> tuple[Any, str]:
    """A deep copy of `doc` with one field dropped, swapped, enlarged, retyped or resized; and what was done."""
    new = copy.deepcopy(doc)
    paths = list(_paths(new))
    if not paths:
        return None, "replaced the whole document with null"
    path = rng.choice(paths)
    kind = rng.randrange(4)
    parent = _get(new, path[:-1])
    if kind == 0:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        return new, f"dropped {_name(path)}"
    if kind == 1:
        other = rng.choice(paths)
        if other[: len(path)] != path and path[: len(other)] != other:
            a, b = _get(new, path), _get(new, other)
            _set(new, path, copy.deepcopy(b))
            _set(new, other, copy.deepcopy(a))
            return new, f"swapped {_name(path)} and {_name(other)}"
    value = _get(new, path)
    replacement = rng.choice(_replacements(value, rng))
    _set(new, path, replacement)
    return new, f"set {_name(path)} to {_short(replacement)}"


def _name(path: Path_) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "(root)"


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= HUGE:
        return f"{'-' if value < 0 else ''}10**20"
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def corrupt_text(text: str, rng: random.Random) -> str:
    """A save file's text damaged as a disk or a hand edit damages it: cut, a byte changed, a line dropped."""
    kind = rng.randrange(4)
    if kind == 0 or len(text) < 4:
        return text[: rng.randrange(len(text) + 1)]
    i = rng.randrange(len(text))
    if kind == 1:
        return text[:i] + rng.choice('{}[],:"0x\\ ') + text[i + 1:]
    if kind == 2:
        lines = text.split("\n")
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    return text[:i] + "\u00a0\ufeff" + text[i:]
