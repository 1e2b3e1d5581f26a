"""A `Match`: game + options + seed + rules version + every action, chance outcomes included.

It is the save file, the replay and the regression-test format (architecture §4). Undo replays the
list minus its tail and never crosses a reveal (a die roll, a card drawn, a screen lowered) or
another seat's move.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, OutlastError, SaveError
from .game import CHANCE, Action, Game, State
from .registry import load_game

MATCH_FORMAT = "outlast-match"
MATCH_VERSION = 1


@dataclass(frozen=True, slots=True)
class Entry:
    """One recorded action: the seat, its canonical text, and whether it revealed anything."""

    seat: int
    text: str
    reveal: bool


def state_digest(state: State) -> str:
    """A short hash of a state's full document: two equal games have equal digests."""
    blob = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


@dataclass
class Match:
    """A game being played (or replayed) from its recorded actions."""

    game: Game
    options: dict[str, Any]
    seed: int
    state: State
    history: list[Entry] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game | str, seed: int = 0, **options: Any) -> Match:
        """Start a match; chance at the very start is not resolved until `resolve_chance`."""
        g = load_game(game) if isinstance(game, str) else game
        resolved = g.options.resolve(options)
        return cls(g, resolved, seed, g.new_game(seed=seed, **resolved))

    # --- playing ------------------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> Action:
        """Apply and record one action (object or text); returns the applied action object."""
        act = self.state._coerce(action, seat)
        before = len(self.state.events)
        self.state.apply(act)
        reveal = act.seat == CHANCE or any(e.kind == "reveal" for e in self.state.events[before:])
        self.history.append(Entry(act.seat, str(act), reveal))
        return act

    def resolve_chance(self, limit: int = 100_000) -> int:
        """Resolve pending chance points from the state's own RNG; returns how many were resolved."""
        n = 0
        while not self.state.is_over() and self.state.to_move() == [CHANCE]:
            self.play(self.state.sample_chance())
            n += 1
            if n > limit:
                raise OutlastError("chance did not settle; the game is stuck in a chance loop")
        return n

    def can_undo(self, seat: int) -> str | None:
        """None if `seat` may undo its last action, else the reason it may not."""
        if not self.history:
            return "nothing to undo"
        last = self.history[-1]
        if last.seat == CHANCE:
            return "undo may not cross a reveal (dice were rolled or a card was drawn)"
        if last.seat != seat:
            return "another seat has acted since; undo may not cross another seat's move"
        if last.reveal:
            return "that action revealed something; it cannot be taken back"
        return None

    def undo(self, seat: int) -> Entry:
        """Take back `seat`'s last action by replaying the match without it."""
        reason = self.can_undo(seat)
        if reason:
            raise IllegalAction(reason, "architecture §4")
        tail = self.history[:-1]
        fresh = Match.new(self.game, self.seed, **self.options)
        for e in tail:
            fresh.state.apply(e.text, e.seat)
        popped = self.history[-1]
        self.state = fresh.state
        self.history = tail
        return popped

    def replay(self) -> Iterator[tuple[Entry | None, State]]:
        """The start state, then the state after each recorded action (each a fresh object)."""
        fresh = Match.new(self.game, self.seed, **self.options)
        yield None, fresh.state.clone()
        for e in self.history:
            fresh.state.apply(e.text, e.seat)
            yield e, fresh.state.clone()

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The save document."""
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "actions": [[e.seat, e.text, e.reveal] for e in self.history],
            "digest": state_digest(self.state),
        }

    def save(self, path: str | Path) -> None:
        """Write the save document to `path` (JSON)."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any) -> Match:
        """Rebuild a match by replaying a save document; every fault is a `SaveError`."""
        if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
            raise SaveError("not an outlast save file (no 'format: outlast-match')")
        if doc.get("version") != MATCH_VERSION:
            raise SaveError(f"save format version {doc.get('version')!r} is not {MATCH_VERSION}")
        for key, kind in (("game", str), ("rules_version", str), ("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(doc.get(key), kind):
                raise SaveError(f"save file field {key!r} is missing or not a {kind.__name__}")
        try:
            game = load_game(doc["game"])
        except OutlastError as exc:
            raise SaveError(f"save file names an unknown game: {exc}") from None
        if doc["rules_version"] != game.rules_version:
            raise SaveError(
                f"save file was made with {game.name} rules {doc['rules_version']}, "
                f"this engine has {game.rules_version}"
            )
        try:
            match = cls.new(game, doc["seed"], **doc["options"])
        except OutlastError as exc:
            raise SaveError(f"save file options are invalid: {exc}") from None
        for i, row in enumerate(doc["actions"]):
            ok = isinstance(row, list) and len(row) == 3 and isinstance(row[0], int)
            if not ok or not isinstance(row[1], str) or not isinstance(row[2], bool):
                raise SaveError(f"action #{i + 1} is malformed: {row!r}")
            try:
                match.play(row[1], row[0])
            except OutlastError as exc:
                raise SaveError(f"action #{i + 1} ({row[1]!r} by seat {row[0]}) cannot be replayed: {exc}") from None
        if "digest" in doc and doc["digest"] != state_digest(match.state):
            raise SaveError("save file digest does not match its replayed game; the file was altered")
        return match

    @staticmethod
    def read_document(path: str | Path) -> Any:
        """The parsed JSON of a save file; a missing, unreadable or non-JSON file raises `SaveError`."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveError(f"cannot read save file {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise SaveError(f"save file {path} is not text") from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"save file {path} is not valid JSON: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> Match:
        """Read a save file; a missing, unreadable or corrupt file raises `SaveError`."""
        return cls.from_json(cls.read_document(path))
