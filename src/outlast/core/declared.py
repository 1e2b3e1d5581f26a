"""Declared state: a game lists its fields once; the kernel derives clone, the position document and resample.

Each `Field` names one attribute of a state class, how it is copied, how it is written in the position document
(in the rules' words, by a `Codec`), which seat owns it, and — when it is hidden — how `resample` draws it again.
`Declaration(fields)` turns that list into:

- `clone(state)`: generated Python code (as `dataclasses` generates `__init__`) that copies each field the cheapest
  correct way: immutable values by reference, flat lists with `[:]`, lists of lists one level down;
- `to_doc(state)` / `from_doc(state, doc)`: every field through its codec; reading checks every type, range, length and
  reference, and a fault is a `SaveError` that names the field;
- `resample(state, seat, rng)`: a clone in which each hidden field's `redraw` runs for the seat's point of view.

>>> class Counter:
...     __slots__ = ("count", "marks", "cache")
>>> decl = Declaration([Field("count", Int(0, 9)), Field("marks", Ints(0, 5, length=3), copy=LIST),
...                     Field("cache", None, copy=RESET)])
>>> a = Counter(); a.count, a.marks, a.cache = 4, [1, 2, 3], {"x": 1}
>>> b = decl.clone(a)
>>> (b.count, b.marks, b.cache, b.marks is a.marks)
(4, [1, 2, 3], None, False)
>>> decl.to_doc(a)
{'count': 4, 'marks': [1, 2, 3]}
>>> decl.from_doc(Counter(), {"count": 4, "marks": [1, 9, 3]})
Traceback (most recent call last):
...
outlast.core.errors.SaveError: field 'marks': item 1 is 9, not between 0 and 5
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import SaveError, shown
from .rng import RandomLike

SHARE = "share"
"""Copy policy: the value is immutable (an int, a text, a tuple, shared content) and is shared by reference."""
LIST = "list"
"""Copy policy: a flat list of immutable items, copied with `[:]`."""
NESTED = "nested"
"""Copy policy: a list of flat lists, each copied with `[:]`."""
RESET = "reset"
"""Copy policy: a cache; the clone starts with None and it is neither saved nor loaded."""
_POLICIES = (SHARE, LIST, NESTED, RESET)


class Codec(Protocol):
    """How one field is written in the position document and read back with full checks.

    `encode(value, state)` gives JSON data; `decode(data, state)` gives the value or raises `ValueError` whose
    message says what is wrong (the declaration adds the field's name). `state` is the state being written or
    read, for codecs whose bounds depend on the table (the number of seats, the board).
    """

    def encode(self, value: Any, state: Any) -> Any: ...

    def decode(self, data: Any, state: Any) -> Any: ...


Bound = int | Callable[[Any], int]
"""A bound given as a number or as a function of the state (e.g. `lambda s: s.seats - 1`)."""


def _bound(bound: Bound, state: Any) -> int:
    return bound(state) if callable(bound) else bound


def _ints_within(data: list[Any], lo: int, hi: int) -> bool:
    """Whether every item of `data` is a whole number (an int, not a bool) within [lo, hi], checked by the
    built-ins in one pass each rather than item by item."""
    return not data or (set(map(type, data)) == _INT_ONLY and lo <= min(data) and max(data) <= hi)


_INT_ONLY = frozenset((int,))


def whole(data: Any, low: Bound, high: Bound, state: Any, what: str = "") -> int:
    """`data` if it is a whole number (not a bool) within [low, high], else `ValueError` saying so."""
    lo = low if type(low) is int else _bound(low, state)
    hi = high if type(high) is int else _bound(high, state)
    if type(data) is not int:
        raise ValueError(f"{what}must be a whole number, not {shown(data)}")
    if not lo <= data <= hi:
        raise ValueError(f"{what}is {shown(data)}, not between {lo} and {hi}")
    return data


@dataclass(frozen=True)
class Int:
    """A whole number within [low, high]."""

    low: Bound
    high: Bound

    def encode(self, value: Any, state: Any) -> Any:
        return value

    def decode(self, data: Any, state: Any) -> Any:
        return whole(data, self.low, self.high, state)


@dataclass(frozen=True)
class Bool:
    """A yes/no flag (stored as a bool or as 0/1, written as true/false)."""

    as_int: bool = False

    def encode(self, value: Any, state: Any) -> Any:
        return bool(value)

    def decode(self, data: Any, state: Any) -> Any:
        if type(data) is not bool:
            raise ValueError(f"must be true or false, not {shown(data)}")
        return int(data) if self.as_int else data


@dataclass(frozen=True)
class Text:
    """A text of at most `longest` characters."""

    longest: int = 500

    def encode(self, value: Any, state: Any) -> Any:
        return value

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, str) or len(data) > self.longest:
            raise ValueError(f"must be a text of at most {self.longest} characters, not {shown(data)}")
        return data


@dataclass(frozen=True)
class Word:
    """An int stored by the engine, written as one of `words` (its index): a phase, a track, a die colour."""

    words: Sequence[str]

    def encode(self, value: Any, state: Any) -> Any:
        return self.words[value]

    def decode(self, data: Any, state: Any) -> Any:
        if data not in self.words:
            raise ValueError(f"must be one of {', '.join(map(repr, self.words))}, not {shown(data)}")
        return list(self.words).index(data)


@dataclass(frozen=True)
class Ints:
    """A list of whole numbers within [low, high], of exactly `length` items when given (else at most `longest`)."""

    low: Bound
    high: Bound
    length: Bound | None = None
    longest: int = 10_000
    as_tuple: bool = False

    def encode(self, value: Any, state: Any) -> Any:
        return list(value)

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"must be a list of whole numbers, not {shown(data)}")
        if self.length is not None and len(data) != _bound(self.length, state):
            raise ValueError(f"must hold {_bound(self.length, state)} items, not {len(data)}")
        if len(data) > self.longest:
            raise ValueError(f"must hold at most {self.longest} items, not {len(data)}")
        lo, hi = _bound(self.low, state), _bound(self.high, state)
        if not _ints_within(data, lo, hi):  # the common case checked at once; a fault is named with its place
            for i, item in enumerate(data):
                whole(item, lo, hi, state, f"item {i} ")
        return tuple(data) if self.as_tuple else list(data)


@dataclass(frozen=True)
class Lists:
    """A list of `length` items (one per seat, say), each read by the codec `inner`.

    `what` names an item in refusals ("one per meeple", "meeple 2: …"); without it an item is called a list.
    """

    inner: Codec
    length: Bound
    what: str | None = None

    def encode(self, value: Any, state: Any) -> Any:
        return [self.inner.encode(v, state) for v in value]

    def decode(self, data: Any, state: Any) -> Any:
        n = _bound(self.length, state)
        if not isinstance(data, list) or len(data) != n:
            shape = f"{n} lists" if self.what is None else f"{n} entries, one per {self.what}"
            raise ValueError(f"must be a list of {shape}, not {shown(data)}")
        inner = self.inner
        if type(inner) is Int and _ints_within(data, _bound(inner.low, state), _bound(inner.high, state)):
            return list(data)  # whole numbers checked at once; a fault is named below with its place
        out = []
        for i, item in enumerate(data):
            try:
                out.append(self.inner.decode(item, state))
            except ValueError as exc:
                raise ValueError(f"{self.what or 'list'} {i}: {exc}") from None
        return out


@dataclass(frozen=True)
class Field:
    """One declared state field.

    `codec` None means the field is not part of the position document (a cache, or a reference to the game's
    shared table that the loader sets). `owner` is the seat that may see a hidden field (None: nobody or
    everybody, as `hidden` says). `redraw(state, seat, rng)` re-draws the field in a resample for `seat`; it must
    keep everything `seat` has seen. `doc_name` is the field's name in the document when it differs.
    """

    name: str
    codec: Codec | None
    copy: str = SHARE
    hidden: bool = False
    owner: int | None = None
    redraw: Callable[[Any, int, RandomLike], None] | None = None
    doc_name: str | None = None

    @property
    def key(self) -> str:
        """The field's name in the position document."""
        return self.doc_name or self.name


class Declaration:
    """The derived operations of a declared state class (see the module's docstring)."""

    def __init__(self, fields: Sequence[Field]) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise TypeError(f"a field is declared twice: {sorted(n for n in names if names.count(n) > 1)}")
        for f in fields:
            if f.copy not in _POLICIES:
                raise TypeError(f"field {f.name!r}: copy policy {f.copy!r} is not one of {_POLICIES}")
            if f.hidden and f.redraw is None:
                raise TypeError(f"field {f.name!r} is hidden but says not how resample redraws it")
            if f.copy != RESET and f.codec is None and f.copy != SHARE:
                raise TypeError(f"field {f.name!r} is copied but never saved: give it a codec")
        self.fields = tuple(fields)
        self.clone: Callable[[Any], Any] = self._make_clone()
        self._saved = tuple((f.name, f.key, f.codec) for f in self.fields if f.codec is not None)
        self._keys = frozenset(key for _, key, _ in self._saved)
        self._reset = tuple(f.name for f in self.fields if f.copy == RESET)

    def _make_clone(self) -> Callable[[Any], Any]:
        """Generate `clone(state)`: one assignment per field, the cheapest copy its policy allows."""
        lines = ["def clone(self):", "    c = _new(type(self))"]
        for f in self.fields:
            if f.copy == SHARE:
                lines.append(f"    c.{f.name} = self.{f.name}")
            elif f.copy == LIST:
                lines.append(f"    c.{f.name} = self.{f.name}[:]")
            elif f.copy == NESTED:
                lines.append(f"    c.{f.name} = [x[:] for x in self.{f.name}]")
            else:
                lines.append(f"    c.{f.name} = None")
        lines.append("    return c")
        namespace: dict[str, Any] = {"_new": object.__new__}
        exec("\n".join(lines), namespace)  # noqa: S102 - generated from the declaration, never from input
        clone: Callable[[Any], Any] = namespace["clone"]
        return clone

    def to_doc(self, state: Any) -> dict[str, Any]:
        """Every saved field under its document name, written by its codec."""
        return {f.key: f.codec.encode(getattr(state, f.name), state) for f in self.fields if f.codec is not None}

    def from_doc(self, state: Any, doc: Any) -> Any:
        """Fill `state`'s saved fields from `doc` in declaration order; a fault is a `SaveError` naming the field.

        Codecs may read fields set before them (declare the table and seat counts first). Unknown keys are refused.
        """
        if not isinstance(doc, dict):
            raise SaveError(f"a position is a JSON object, not {shown(doc)}")
        unknown = sorted(set(doc) - self._keys)
        if unknown:
            raise SaveError(f"the position has no field {shown(unknown[0])}")
        for name, key, codec in self._saved:
            if key not in doc:
                raise SaveError(f"the position lacks field {key!r}")
            try:
                value = codec.decode(doc[key], state)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                raise SaveError(f"field {key!r}: {exc}") from None
            setattr(state, name, value)
        for name in self._reset:
            setattr(state, name, None)
        return state

    def resample(self, state: Any, seat: int, rng: RandomLike) -> Any:
        """A clone of `state` where every hidden field `seat` may not see is drawn again by its `redraw`."""
        copy = self.clone(state)
        for f in self.fields:
            if f.hidden and f.owner != seat and f.redraw is not None:
                f.redraw(copy, seat, rng)
        return copy
