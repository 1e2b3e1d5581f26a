"""Robinson Crusoe actions: a verb plus short word arguments, with a canonical one-line text (§26).

`RobinsonAction(seat, verb, args)` holds strings and ints only. The text is `verb arg arg…`, e.g.
`place 1 build:shelter/wood`, `join dog 2`, `ready`, `choose 2`, `use stone_soup`, `camp s4`.
"""

from __future__ import annotations

from dataclasses import dataclass

from outlast.core import Action, IllegalAction, canonical

VERBS = frozenset((
    # planning (§8.1, §26.1)
    "place", "join", "remove", "lead", "ready", "confirm",
    # any-time uses and windows (§13.2, §18.3, §19, §26.3)
    "use", "pass", "reroll",
    # decisions (§26.2)
    "choose", "heal", "give", "discard", "put", "flip", "pick", "top", "bottom", "continue", "stop",
    "hungry", "camp", "morale", "arrange", "next", "pile", "corral", "shortcut", "cover", "lose", "mark",
    # chance outcomes
    "draw", "roll", "tile", "token", "weather", "pit",
))


@dataclass(frozen=True, slots=True)
class RobinsonAction(Action):
    """A Robinson Crusoe action; `str()` is its canonical text."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def parse_action(seat: int, text: str) -> RobinsonAction:
    """Read canonical text for `seat`; a word that is no verb raises `IllegalAction`."""
    words = canonical(text).split()
    if not words:
        raise IllegalAction("an empty action; type help to list what you may do")
    if words[0] not in VERBS:
        raise IllegalAction(f"{words[0]!r} is not an action word; known words: {', '.join(sorted(VERBS))}")
    return RobinsonAction(seat, words[0], tuple(words[1:]))
