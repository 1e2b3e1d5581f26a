"""Game options: a schema with defaults and validation.

A game declares `Option`s; `OptionSchema.resolve(given)` fills defaults, coerces text
(from the command line) and raises `OptionError` naming the option and its allowed values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One option: its name, kind (`int`, `choice`, `bool`, `list`), default and help text.

    For `int`, `choices` lists the allowed ints. For `choice`, `choices` lists the allowed words.
    For `list`, `choices` lists the allowed items of a comma-separated list (or is empty for free text).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()

    def allowed(self) -> str:
        """The allowed values as a short human phrase."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "list":
            return "a comma-separated list of " + ", ".join(map(str, self.choices))
        return ", ".join(map(str, self.choices))

    def coerce(self, value: Any) -> Any:
        """Turn `value` (possibly text) into this option's type, or raise `OptionError`."""
        if self.kind == "int":
            if isinstance(value, bool):
                raise OptionError(self.name, value, self.allowed())
            try:
                v = int(value)
            except (TypeError, ValueError):
                raise OptionError(self.name, value, self.allowed()) from None
            if self.choices and v not in self.choices:
                raise OptionError(self.name, value, self.allowed())
            return v
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError(self.name, value, self.allowed())
        if self.kind == "choice":
            text = str(value).strip().lower()
            if text not in self.choices:
                raise OptionError(self.name, value, self.allowed())
            return text
        if self.kind == "list":
            items: Sequence[Any]
            if isinstance(value, str):
                items = [t.strip().lower() for t in value.split(",") if t.strip()]
            elif isinstance(value, list | tuple):
                items = [str(t).strip().lower() for t in value]
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
        raise OptionError(name, name, known, f"unknown option {name!r}; the options are: {known}")

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.options}

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with `given`, coerced and checked."""
        out = self.defaults()
        for name, value in given.items():
            out[name] = self.get(name).coerce(value)
        if self.check is not None:
            self.check(out)
        return out
