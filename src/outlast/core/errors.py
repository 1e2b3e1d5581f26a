"""Typed errors of the kernel. Every one names what is wrong; a rule error also names its §."""

from __future__ import annotations


def shown(value: object, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters, safe for any value a user may send.

    A 5,000-digit int has no `repr` in Python 3.11 (it raises ValueError), and a hostile document may hold
    megabytes: messages quote what was given, never crash on it.

    >>> shown(10 ** 5000)
    'an integer of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = len(str(abs(value))) if value.bit_length() < 13000 else int(value.bit_length() * 0.30103) + 1
        return f"an integer of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is shown by its type
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class OutlastError(Exception):
    """Base of every error the engine raises on purpose."""


class OptionError(OutlastError, ValueError):
    """A game option is unknown or has a value outside its allowed set."""

    def __init__(self, option: str, value: object, allowed: str, message: str = "") -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(message or f"option {option!r}: {shown(value)} is not allowed; allowed: {allowed}")


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
