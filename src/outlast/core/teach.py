"""Teaching a game at the table (issue 24 §2): what a newcomer reads before and while playing.

A game's `Teaching` says in a few plain lines what the players are trying to do (`goal`) and how a turn goes
(`turn`), and has one plain-words line per kind of decision it can ask (`plain`: the kinds of its pending
decisions, `Decision.kind`, and the names it gives the phases that ask without one, such as a planning phase).
`Game.explain_decision(state, seat)` names the kind a seat faces now and says in those words what to do; the
rule § stays in `describe_decision`, which a door may show apart as a small link.

>>> t = Teaching("Reach the village.", ("Roll.", "Move."), {"move": "Pick the cell your explorer walks to."})
>>> t.explain("move")
Explained(kind='move', text='Pick the cell your explorer walks to.')
>>> t.explain("")
Explained(kind='', text='')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Explained(NamedTuple):
    """The decision a seat faces, for people: its `kind` (a key of `Teaching.plain`, "" when none) and `text`."""

    kind: str
    text: str


@dataclass(frozen=True)
class Teaching:
    """What a newcomer is told of a game: the `goal`, the steps of a `turn`, and `plain`, kind → what to do now.

    `glossary` maps an id a player may meet (an equipment card, an injury, a skill) to its name and effect in
    our words, for a door's hover and tap texts."""

    goal: str
    turn: tuple[str, ...]
    plain: Mapping[str, str]
    glossary: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def explain(self, kind: str) -> Explained:
        """The plain words of decision `kind` ("" for none); a kind without words is a fault of the game."""
        if not kind:
            return Explained("", "")
        return Explained(kind, self.plain[kind])

    def to_json(self) -> dict[str, Any]:
        """The teaching as plain data: `{"goal", "turn", "plain", "glossary": {id: {"name", "text"}}}`."""
        return {"goal": self.goal, "turn": list(self.turn), "plain": dict(self.plain),
                "glossary": {k: {"name": n, "text": t} for k, (n, t) in self.glossary.items()}}
