"""Earlier position formats a game still reads: formats that differ from the next one only in key names.

When a game renames keys of its position document (docs/state-format.md) it raises its `state_format` and
declares the older format as a `Renamed`: the keys' old names and the keys it no longer writes. The game then
reads a document of the older format (`Game.upgraded`), and a save whose digest was taken over the older
document is still checked (`Game.documents` writes the state in every format it reads). Log lines worded
otherwise than before, and data an event did not carry, are declared the same way, as `Reworded` lines.

>>> old = Renamed(1, {"cur": "resolving_action", "decisions/*/explorer": "meeple"}, dropped={"unused": 0})
>>> old.upgrade({"format": 1, "cur": 2, "decisions": [{"explorer": 0}], "unused": 0})
{'format': 2, 'resolving_action': 2, 'decisions': [{'meeple': 0}]}
>>> old.downgrade({"format": 2, "resolving_action": 2, "decisions": [{"meeple": 0}]})
{'format': 1, 'cur': 2, 'decisions': [{'explorer': 0}], 'unused': 0}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import SaveError, shown


@dataclass(frozen=True)
class Renamed:
    """Position format `format`: format `format + 1` with some keys named otherwise, and some keys it wrote.

    `keys` maps a key's path in the older document to its name in the newer one: `"field_tk"` is a key of the
    document, `"decisions/*/explorer"` the key `explorer` of every object in the list `decisions`.
    `dropped` maps each top-level key the older format wrote, always with one value, to that value.
    """

    format: int
    keys: Mapping[str, str]
    dropped: Mapping[str, Any] = field(default_factory=dict)

    def upgrade(self, doc: dict[str, Any]) -> dict[str, Any]:
        """`doc`, a document of this format, in the next format; `SaveError` if it holds a newer format's key
        (it is not of this format) or a dropped key with another value than its only one."""
        for key, value in self.dropped.items():
            if key in doc and doc[key] != value:
                raise SaveError(f"state field {key!r} of format {self.format} is always {shown(value)}, "
                                f"not {shown(doc[key])}")
        out = {k: v for k, v in doc.items() if k not in self.dropped}
        for path, new in self.keys.items():
            out = _renamed(out, path.split("/"), new, self.format)
        out["format"] = self.format + 1
        return out

    def downgrade(self, doc: dict[str, Any]) -> dict[str, Any]:
        """`doc`, a document of the next format, as this format writes it."""
        out = dict(doc)
        for path, new in self.keys.items():
            *parents, old = path.split("/")
            out = _renamed(out, [*parents, new], old, None)
        out.update(self.dropped)
        out["format"] = self.format
        return out

    def problem(self) -> str | None:
        """What is wrong with the declaration itself (a path that is not `a/*/b` words), or None."""
        for path, new in self.keys.items():
            parts = path.split("/")
            if not all(parts) or parts[-1] == "*" or not new or "/" in new or new == "*":
                return f"renamed key {path!r} -> {new!r} is not a path of keys to a new key name"
        if "format" in self.dropped or any(p.split("/")[0] == "format" for p in self.keys):
            return "the key 'format' cannot be renamed or dropped"
        return None


def _renamed(node: Any, path: list[str], new: str, strict_format: int | None) -> Any:
    """A copy of `node` with the key at `path` renamed `new` wherever it is found (`*`: each item of a list).

    With `strict_format`, a document already holding `new` beside the old key, or in its place, is refused:
    it is a document of another format mislabelled as `strict_format`.
    """
    head, rest = path[0], path[1:]
    if head == "*":
        return [_renamed(x, rest, new, strict_format) for x in node] if isinstance(node, list) else node
    if not isinstance(node, dict):
        return node
    if rest:
        if head not in node:
            return node
        return {**node, head: _renamed(node[head], rest, new, strict_format)}
    if strict_format is not None and new in node:
        raise SaveError(f"a document of state format {strict_format} has no key {new!r} (it writes {head!r})")
    if head not in node:
        return node
    return {new if k == head else k: v for k, v in node.items()}


@dataclass(frozen=True)
class Reworded:
    """The log lines as an earlier engine worded them: each change is a pattern over a line as this engine writes
    it and the replacement that gives the earlier line (a text with `\\1` groups, or a function of the match).

    A save's digest is taken over the whole position document, its log lines included, so a save made before
    the wording changed is checked against the document with its lines put back in the earlier wording
    (`Game.documents`). Each change must undo exactly one change of wording, and match nothing else.

    >>> Reworded(((r"^(seat \\d+ rerolls) 1 die$", r"\\1 1 dice"),)).line("seat 0 rerolls 1 die")
    'seat 0 rerolls 1 dice'
    """

    changes: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...]
    added: tuple[str, ...] = ()
    """Patterns of whole lines the earlier engine did not write at all: left out of the earlier document."""
    new_data: tuple[tuple[str, str], ...] = ()
    """(event kind, data key) pairs the earlier engine did not write: an event of that kind whose data holds that
    key (a roll's `dice`) had empty data then."""

    def line(self, text: str) -> str:
        """One log line in the earlier wording."""
        for pattern, replacement in self.changes:
            text = re.sub(pattern, replacement, text)
        return text

    def document(self, doc: dict[str, Any]) -> dict[str, Any]:
        """A position document with every event's text in the earlier wording (events are `{"text": …}` objects
        in the list `events`); a document without such a list is returned as it is."""
        events = doc.get("events")
        if not isinstance(events, list):
            return doc
        kept = [e for e in events if not (isinstance(e, dict) and isinstance(e.get("text"), str) and
                                          any(re.fullmatch(p, e["text"]) for p in self.added))]
        return {**doc, "events": [self._event(e) if isinstance(e, dict) and isinstance(e.get("text"), str) else e
                                  for e in kept]}

    def _event(self, event: dict[str, Any]) -> dict[str, Any]:
        out = {**event, "text": self.line(event["text"])}
        data = event.get("data")
        if isinstance(data, dict) and any(kind == event.get("kind") and key in data for kind, key in self.new_data):
            out["data"] = {}
        return out
