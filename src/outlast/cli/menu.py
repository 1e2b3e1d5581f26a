"""The numbered menu of legal actions, laid out to a line budget, and the parsing of typed numbers.

Numbers are the positions in `legal_actions(seat)` (stable), so `3` means the same action whether the
menu shows it or not. The screen's menu fits `MENU_LINES` lines: every action when they fit, else one
line per group of actions (`place 1 …`, `use map …`), else the group names alone with `menu WORDS` to
list one. The `menu` command lists everything.
"""

from __future__ import annotations

import re
from collections import defaultdict

from rich.text import Text

MENU_LINES = 8
"""Lines the screen's menu may take below its heading."""
NUMBER_DIGITS = 6
"""A menu number has at most this many digits (a longer one is no menu number, whatever its value)."""
ACTION_DIGITS = 9
"""A number inside a typed action has at most this many digits."""
LINE_CHARS = 500
"""A typed command line has at most this many characters."""

_ASCII_NUMBER = re.compile(rf"[0-9]{{1,{NUMBER_DIGITS}}}")
_LONG_NUMBER = re.compile(rf"[0-9]{{{ACTION_DIGITS + 1},}}")


def menu_number(text: str) -> int | None:
    """The menu number `text` is, if it is one: ASCII digits only, at most `NUMBER_DIGITS` of them.

    `str.isdigit` is not enough: `"²".isdigit()` and `"٣".isdigit()` are true, and `int()` of a
    5,000-digit string raises.

    >>> menu_number("12"), menu_number("²"), menu_number("1" * 5000), menu_number("-1")
    (12, None, None, None)
    """
    return int(text) if _ASCII_NUMBER.fullmatch(text) else None


def looks_numeric(text: str) -> bool:
    """True if `text` is made only of digit characters of any script (`12`, `²`, `٣`, a 5,000-digit number)."""
    return bool(text) and all(ch.isnumeric() for ch in text)


def input_problem(text: str) -> str | None:
    """Why a typed line cannot be an action text, or None: a digit that is not 0-9, a number of more than
    `ACTION_DIGITS` digits, or a line of more than `LINE_CHARS` characters."""
    if len(text) > LINE_CHARS:
        return f"the line is {len(text)} characters long; an action is at most {LINE_CHARS}"
    odd = next((ch for ch in text if ch.isnumeric() and not ch.isascii()), None)
    if odd is not None:
        return f"{odd!r} is not one of the digits 0-9; type numbers with 0-9"
    if _LONG_NUMBER.search(text):
        return f"a number in an action has at most {ACTION_DIGITS} digits"
    return None


def menu_group(text: str) -> str:
    """The words an action's menu group is named by: its verb, plus its first argument when more follows.

    `place 1 hunt` and `place friday rest` go under `place 1` and `place friday`, `use map 3 to 1`
    under `use map`; actions whose arguments are all numbers (`reroll 1 2 4`, `join 1 3`) stay together
    under their verb.
    """
    ws = text.split()
    if len(ws) > 2 and not all(w.isdigit() for w in ws[1:]):
        return " ".join(ws[:2])
    return ws[0] if ws else text


def _grid(items: list[str], width: int) -> list[str]:
    """Items in aligned columns, numbered down each column, in lines of at most `width` characters."""
    if not items:
        return []
    cell = max(len(t) for t in items) + 2
    per_line = max(1, (width + 2) // cell)
    rows = -(-len(items) // per_line)
    lines = []
    for r in range(rows):
        row = [items[i] for i in range(r, len(items), rows)]
        lines.append("".join(t.ljust(cell) for t in row[:-1]) + row[-1])
    return lines


def _item(n: int, text: str, digits: int) -> str:
    return f"{n:>{digits}}) {text}"


def _group_line(key: str, members: list[tuple[int, str]], width: int) -> str:
    """One group on one line: as many members as fit, then how to see the rest."""
    head = f"{key} ({len(members)}): "
    line = head
    for i, (n, t) in enumerate(members):
        rest = len(members) - i
        piece = f"{n}) {t}   "
        tail = f"… {rest - 1} more: menu {key}" if rest > 1 else ""
        if len(line) + len(piece) + len(tail) > width and line != head:
            return line + f"… {rest} more: menu {key}"
        line += piece
    return line.rstrip()


def menu_lines(numbered: list[tuple[int, str]], width: int, budget: int | None = MENU_LINES) -> list[str]:
    """The menu's lines below its heading, each at most `width` long; no more than `budget` of them
    (None: list every action, grouped by `menu_group` when there are many)."""
    digits = len(str(max((n for n, _ in numbered), default=1)))
    every = _grid([_item(n, t, digits) for n, t in numbered], width)
    if budget is None or len(every) <= budget:
        if budget is None and len(every) > MENU_LINES:
            groups = _groups(numbered)
            lines: list[str] = []
            for key, members in groups.items():
                if len(members) > 1:
                    lines.append(f"{key}:")
                    lines += ["  " + line for line in _grid([_item(n, t, digits) for n, t in members], width - 2)]
            lone = [_item(n, t, digits) for members in groups.values() if len(members) == 1 for n, t in members]
            return lines + _grid(lone, width)
        return every
    groups = _groups(numbered)
    lone = [_item(n, t, digits) for members in groups.values() if len(members) == 1 for n, t in members]
    by_group = [_group_line(key, members, width) for key, members in groups.items() if len(members) > 1]
    lone_lines = _grid(lone, width)
    if len(by_group) + len(lone_lines) <= budget:
        return by_group + lone_lines
    names = [f"{key} ({len(members)})" for key, members in groups.items() if len(members) > 1]
    summary = _grid(names + lone, width)
    example = next(iter(k for k, m in groups.items() if len(m) > 1), "")
    hint = f"type `menu WORDS` to list a group (e.g. `menu {example}`), `menu` for all {len(numbered)}"
    if len(summary) + 1 <= budget:
        return summary + [hint]
    return summary[:budget - 1] + [f"… and more; {hint}"]


def _groups(numbered: list[tuple[int, str]]) -> dict[str, list[tuple[int, str]]]:
    groups: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for n, t in numbered:
        groups[menu_group(t)].append((n, t))
    return groups


def menu_text(lines: list[str]) -> list[Text]:
    """The menu lines as rich texts that never wrap (they were laid out to fit)."""
    return [Text(line, no_wrap=True, overflow="ellipsis") for line in lines]


__all__ = ["MENU_LINES", "input_problem", "looks_numeric", "menu_group", "menu_lines", "menu_number", "menu_text"]
