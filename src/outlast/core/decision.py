"""Pending decisions: one small frozen class per kind, kept on a stack by the state (architecture §2).

A rule that pauses to ask a seat something — keep one of two cards, pick dice to reroll, choose which castaway
takes a wound — pushes a `Decision`. The decision is data (named fields holding ids and numbers), so a state
mid-resolution clones, saves and replays like any other; and each kind is written in one place: who chooses,
the rule it comes from, its legal actions, how an action resolves it, its text for players, why an action is
refused, and whether resolving it reveals anything. TAG's `IExtendedSequence` is the model.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class PickNumber(Decision):
...     kind = "pick number"
...     rule = "§0"
...     seat: int
...     low: int
...     high: int
...     def choosers(self, state: object) -> tuple[int, ...]:
...         return (self.seat,)
...     def legal(self, state: object, seat: int) -> list[int]:
...         return list(range(self.low, self.high + 1))
...     def resolve(self, state: object, action: object) -> None:
...         pass
>>> d = PickNumber(1, 2, 5)
>>> d.to_doc()
{'kind': 'pick number', 'seat': 1, 'low': 2, 'high': 5}
>>> DecisionKinds(PickNumber).from_doc({'kind': 'pick number', 'seat': 1, 'low': 2, 'high': 5}) == d
True
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from .errors import SaveError, shown

_PLAIN = {"int": int, "str": str, "bool": bool}


class Decision(ABC):
    """Base of every kind of pending decision. Subclasses are `@dataclass(frozen=True, slots=True)`.

    Class attributes every kind declares: `kind` (its name in saves and texts, in the rules' words) and `rule`
    (the § it comes from). `reveals` is True for a kind whose resolution shows hidden information (undo stops
    there). Fields are ints, texts, bools or tuples of ints: nothing mutable, no object references.

    The methods take the game's state; a game overrides those its rules need. `choosers`, `legal` and
    `resolve` are the ones every kind answers; `text` and `refusal` have plain defaults.
    """

    __slots__ = ()

    kind: ClassVar[str]
    rule: ClassVar[str]
    reveals: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        quick_init(cls)

    @abstractmethod
    def choosers(self, state: Any) -> tuple[int, ...]:
        """The seats that may (all) act on this decision now."""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Any]:
        """Every legal action of `seat` on this decision, in a stable order."""

    @abstractmethod
    def resolve(self, state: Any, action: Any) -> None:
        """Apply a legal `action` to `state`: usually pops this decision and carries the rule on."""

    def text(self, state: Any) -> str:
        """What the players are asked, in their words (the kind's name unless a kind says more)."""
        return self.kind

    def refusal(self, state: Any, action: Any) -> str:
        """Why `action` is not one of this decision's legal actions (the rule § is added by the caller)."""
        return f"{action} does not answer the pending decision ({self.text(state)})"

    # --------------------------------------------------------------- position format
    def to_doc(self) -> dict[str, Any]:
        """The decision as a JSON object: its kind and each named field (tuples become lists)."""
        doc: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            doc[f.name] = list(value) if isinstance(value, tuple) else value
        return doc

    def check(self, state: Any) -> str | None:
        """After loading: a problem with the fields' references (a seat out of range, a card not in play), or None."""
        return None


def quick_init(cls: type) -> None:
    """Give a frozen slotted dataclass an `__init__` that fills its slots through their descriptors.

    The one `@dataclass(frozen=True)` writes calls `object.__setattr__` for each field, about twice the cost; on
    the engine's hot path (a decision or an action is built for almost every step) that is a few percent of the
    time. The new `__init__` takes the same parameters with the same defaults and sets the same values; a class
    with a `__post_init__`, a default factory, a keyword-only or an `init=False` field keeps its own.
    `Decision` calls this for each subclass (a slotted dataclass is made twice: the second class is the one kept);
    a game calls it for its action class.
    """
    params = cls.__dict__.get("__dataclass_params__")
    if params is None or not params.frozen or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return
    fields = dataclasses.fields(cls)
    if any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields):
        return
    setters: dict[str, Any] = {}
    for f in fields:
        slot: Any = getattr(cls, f.name, None)
        if type(slot).__name__ != "member_descriptor":
            return
        setters[f"_set_{f.name}"] = slot.__set__
        if f.default is not dataclasses.MISSING:
            setters[f"_default_{f.name}"] = f.default
    signature = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}"
                          for f in fields)
    body = "".join(f"    _set_{f.name}(self, {f.name})\n" for f in fields) or "    pass\n"
    exec(f"def __init__(self, {signature}):\n{body}", setters)  # noqa: S102 - built from the class's own fields
    init = setters["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning a method directly


def _field_types(cls: type[Decision]) -> dict[str, str]:
    """Field name → `int`, `str`, `bool` or `ints` (a tuple of ints), read from the class's annotations."""
    hints = typing.get_type_hints(cls)
    out: dict[str, str] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        hint = hints[f.name]
        if hint in (int, str, bool):
            out[f.name] = hint.__name__
        elif typing.get_origin(hint) is tuple and typing.get_args(hint) in ((int, ...),):
            out[f.name] = "ints"
        else:
            raise TypeError(f"decision {cls.__name__}: field {f.name!r} must be int, str, bool or tuple[int, ...]")
    return out


class DecisionKinds:
    """The decision kinds of one game: reads a decision back from its document, with full checks.

    >>> DecisionKinds().from_doc({"kind": "nothing"})
    Traceback (most recent call last):
    ...
    outlast.core.errors.SaveError: unknown decision kind 'nothing' (known: none)
    """

    def __init__(self, *kinds: type[Decision]) -> None:
        self.by_kind: dict[str, type[Decision]] = {}
        self._types: dict[str, dict[str, str]] = {}
        for cls in kinds:
            if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:
                raise TypeError(f"decision {cls.__name__} must be a frozen dataclass")
            for attr in ("kind", "rule"):
                if not isinstance(getattr(cls, attr, None), str):
                    raise TypeError(f"decision {cls.__name__} must declare its {attr}")
            if cls.kind in self.by_kind:
                raise TypeError(f"two decision classes share the kind {cls.kind!r}")
            self.by_kind[cls.kind] = cls
            self._types[cls.kind] = _field_types(cls)

    def __iter__(self) -> typing.Iterator[type[Decision]]:
        return iter(self.by_kind.values())

    def from_doc(self, doc: Any) -> Decision:
        """The decision a `to_doc` object describes; a wrong kind, field, type or value is a `SaveError`."""
        if not isinstance(doc, Mapping) or not isinstance(doc.get("kind"), str):
            raise SaveError(f"a pending decision is an object with its kind, not {shown(doc)}")
        cls = self.by_kind.get(doc["kind"])
        if cls is None:
            known = ", ".join(sorted(self.by_kind)) or "none"
            raise SaveError(f"unknown decision kind {shown(doc['kind'])} (known: {known})")
        types = self._types[cls.kind]
        extra = sorted(set(doc) - set(types) - {"kind"})
        if extra:
            raise SaveError(f"decision {cls.kind!r} has no field {shown(extra[0])}")
        values: dict[str, Any] = {}
        for name, word in types.items():
            if name not in doc:
                raise SaveError(f"decision {cls.kind!r} lacks its field {name!r}")
            value = doc[name]
            if word == "ints":
                if not isinstance(value, list) or len(value) > 64 or any(type(v) is not int for v in value):
                    raise SaveError(f"decision {cls.kind!r} field {name!r} must be a list of whole numbers, "
                                    f"not {shown(value)}")
                value = tuple(value)
            elif type(value) is not _PLAIN[word]:
                raise SaveError(f"decision {cls.kind!r} field {name!r} must be {word}, not {shown(value)}")
            if word == "int" and abs(value) > 1 << 31:
                raise SaveError(f"decision {cls.kind!r} field {name!r} is out of range: {shown(value)}")
            values[name] = value
        return cls(**values)

    def load(self, doc: Any, state: Any) -> Decision:
        """`from_doc`, then the decision's own reference check against `state` (`Decision.check`)."""
        decision = self.from_doc(doc)
        problem = decision.check(state)
        if problem:
            raise SaveError(f"decision {decision.kind!r}: {problem}")
        return decision
