"""Companion mode at the terminal (docs/companion.md): the table rolls and draws with the physical box, and a person
tells outlast what came up by picking it from a menu of the outcomes the rules allow now.

The menu lists each outcome's plain name with its probability. A number picks the outcome at that place; any other
text is searched in the names and texts (`tapir`, `tile 7`, `2 rainy`), and one match is played. Who answers: the
seat that rolls or draws by the rules when it is a human; else any human at this terminal answers for the table
(a local game); a question for a bot seat alone (its dice behind its screen) is drawn by outlast for the bot.
"""

from __future__ import annotations

from outlast.core import CHANCE, Match
from outlast.core.companion import Answer, Question

MAX_FOUND = 12
"""Matches of a search listed at most before asking for more words."""


def percent(probability: float) -> str:
    """A probability for people: `50%`, `8.3%`, `<0.1%`.

    >>> percent(0.5), percent(1 / 12), percent(0.0004)
    ('50%', '8.3%', '<0.1%')
    """
    value = probability * 100
    if value < 0.1:
        return "<0.1%"
    return f"{value:.0f}%" if value >= 10 or value == int(value) else f"{value:.1f}%"


def answer_items(asked: Question, words: str | None = None) -> list[tuple[int, str]]:
    """The numbered menu of `asked` (numbers are places in its answers, as `Match.legal_actions` orders them), only
    those matching `words` when given: `(3, "Tapir (6.2%)")`."""
    chosen = set(map(id, asked.find(words))) if words else None
    return [(i + 1, f"{a.name} ({percent(a.probability)})") for i, a in enumerate(asked.answers)
            if chosen is None or id(a) in chosen]


def grid(items: list[str], width: int) -> list[str]:
    """Items in aligned columns, numbered down each column, each line at most `width` long."""
    if not items:
        return []
    cell = max(len(t) for t in items) + 3
    per_line = max(1, (width + 3) // cell)
    rows = -(-len(items) // per_line)
    return ["".join(t.ljust(cell) for t in [items[i] for i in range(r, len(items), rows)]).rstrip()
            for r in range(rows)]


def menu_lines(asked: Question, width: int, budget: int | None, words: str | None = None) -> list[str]:
    """The question's menu laid out to `width`, in at most `budget` lines (None: all), with how to see the rest."""
    numbered = answer_items(asked, words)
    digits = len(str(len(asked.answers)))
    lines = grid([f"{n:>{digits}}) {text}" for n, text in numbered], width)
    if budget is None or len(lines) <= budget:
        return lines
    return lines[:budget - 1] + [f"… {len(numbered)} in all: type part of a name to find one, `menu` lists all"]


def answer_of(asked: Question, text: str) -> Answer | list[Answer]:
    """The answer `text` names (its exact name or text, or the only one containing it), else every candidate
    (none, or several) for the terminal to list."""
    found = asked.find(text)
    return found[0] if len(found) == 1 else found


def answering_seat(asked: Question, seat: int) -> int:
    """The seat `seat`'s answer is played for: its own when the question is its own, else the table's (a local game,
    where any person may answer for the seat that rolls or draws)."""
    return seat if seat in asked.seats else CHANCE


def needs_a_person(match: Match, humans: list[int]) -> bool:
    """Whether the pending question waits for a human here; False when it names only bot seats (outlast draws for
    them: a bot has no hands, and its dice behind its screen stay hidden from the humans)."""
    asked = match.question()
    return asked is not None and (any(s in humans for s in asked.seats) or set(asked.seats) == set(range(
        match.state.seat_count())))


__all__ = ["MAX_FOUND", "answer_items", "answer_of", "answering_seat", "grid", "menu_lines", "needs_a_person",
           "percent"]
