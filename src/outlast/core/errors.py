"""Typed errors of the kernel. Every one names what is wrong; a rule error also names its §."""

from __future__ import annotations


class OutlastError(Exception):
    """Base of every error the engine raises on purpose."""


class OptionError(OutlastError, ValueError):
    """A game option is unknown or has a value outside its allowed set."""

    def __init__(self, option: str, value: object, allowed: str, message: str = "") -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(message or f"option {option!r}: {value!r} is not allowed; allowed: {allowed}")


class IllegalAction(OutlastError, ValueError):
    """An action that the rules forbid now; the state it was offered to is unchanged."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class ContentError(OutlastError, ValueError):
    """A content file is malformed: names the file, the item and the field."""

    def __init__(self, file: str, item: str, field: str, problem: str) -> None:
        self.file = file
        self.item = item
        self.field = field
        self.problem = problem
        super().__init__(f"{file}: {item}: {field}: {problem}")


class SaveError(OutlastError, ValueError):
    """A save file or state document is corrupt, foreign or from another rules version."""


class UnknownGame(OutlastError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
