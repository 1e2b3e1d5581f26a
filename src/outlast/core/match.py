"""A `Match`: game + options + seed + rules version + every action, chance outcomes included.

It is the save file, the replay and the regression-test format (architecture §4). Undo replays the
list minus its tail and never crosses a reveal (a die roll, a card drawn, a screen lowered) or
another seat's move.

A match may leave some kinds of chance point to the people at the table (companion mode, `outlast.core.companion`):
it then stops at each of them with a `Question` for the seat that rolls or draws, and records the answer as the
chance outcome itself, so the save replays like any other.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .companion import Question, physical_kinds, question
from .errors import IllegalAction, OptionError, OutlastError, SaveError, shown
from .game import CHANCE, Action, Game, State
from .options import resolve_seed
from .registry import load_game

MATCH_FORMAT = "outlast-match"
MATCH_VERSION = 2
"""Version 2 records the content id. Version 1 files (before it) are still read, as made with the built-in content;
their digest is of a state document the games no longer write (kernel 2 changed both position formats), so it
cannot be checked: each of their actions must still replay legally (decision 0012)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One recorded action: the seat, its canonical text, and whether it revealed anything."""

    seat: int
    text: str
    reveal: bool


def parse_document(text: str, what: str) -> Any:
    """JSON text parsed into plain data, or `SaveError` naming `what` and the fault.

    Refused: invalid JSON, nesting too deep for the parser, numbers that Python cannot read back
    (more than 4,300 digits), and the non-standard `NaN`/`Infinity` constants.
    """
    def no_constant(name: str) -> Any:
        raise SaveError(f"{what} holds {name}, which is not a number JSON allows")

    try:
        return json.loads(text, parse_constant=no_constant)
    except SaveError:
        raise
    except json.JSONDecodeError as exc:
        raise SaveError(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise SaveError(f"{what} nests lists or objects too deeply to be a save") from None
    except ValueError as exc:  # e.g. an integer too long to convert
        raise SaveError(f"{what} cannot be read: {exc}") from None


def state_digest(state: State) -> str:
    """A short hash of a state's full document: two equal games have equal digests."""
    return document_digest(state.to_json())


def document_digest(doc: dict[str, Any]) -> str:
    """A short hash of a position document (its keys sorted): what `state_digest` takes of a state's document."""
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


@dataclass
class Match:
    """A game being played (or replayed) from its recorded actions."""

    game: Game
    options: dict[str, Any]
    seed: int
    state: State
    history: list[Entry] = field(default_factory=list)
    physical: frozenset[str] = frozenset()
    """The kinds of chance point that people answer (`Game.chance_kinds`); empty: the RNG resolves every one."""

    @classmethod
    def new(cls, game: Game | str, seed: int = 0, **options: Any) -> Match:
        """Start a match; chance at the very start is not resolved until `resolve_chance`.

        A bad seed or option raises `OptionError` (see `OptionSchema.resolve` and `resolve_seed`).
        """
        return cls.start(game, seed, options)

    @classmethod
    def start(cls, game: Game | str, seed: object, options: Mapping[str, Any], physical: object = None) -> Match:
        """`new` with the options as one mapping, so an option may be called anything (even `seed`).

        `physical` names the kinds of chance point people answer (companion mode): `all`, or kinds and components
        such as `dice` or `"dice,events"` (`outlast.core.companion.physical_kinds`); a bad one is an `OptionError`.
        """
        g = load_game(game) if isinstance(game, str) else game
        checked = resolve_seed(seed)
        resolved = g.options.resolve(options)
        kinds = physical_kinds(g, physical)
        return cls(g, resolved, checked, g.new_game(seed=checked, **resolved), physical=kinds)

    # --- companion mode -----------------------------------------------------------------
    def question(self) -> Question | None:
        """The chance point people answer now (companion mode), or None: no chance point is pending, or the pending
        one is of a kind the match draws from its RNG (`resolve_chance` does that)."""
        if not self.physical:
            return None
        return question(self.game, self.state, self.physical)

    def to_move(self) -> list[int]:
        """The seats that may act now: the state's, with the chance seat replaced by the seats that may answer a
        pending `question` (at a chance point the match resolves itself, `[CHANCE]` as the state says)."""
        asked = self.question()
        return list(asked.seats) if asked is not None else self.state.to_move()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now: at a `question` the seat may answer, the chance outcomes the rules
        allow (action objects of the chance seat: their texts are what the save records); else the state's."""
        asked = self.question()
        if asked is not None:
            return [a.action for a in asked.answers] if seat in asked.seats else []
        return self.state.legal_actions(seat)

    def _answer(self, asked: Question, action: Action | str, seat: int | None) -> Action:
        """The chance outcome meant by `seat`'s answer to `asked` (an outcome object or its text)."""
        if seat is not None and seat != CHANCE and seat not in asked.seats:
            who = ", ".join(map(str, asked.seats))
            raise IllegalAction(f"seat {shown(seat)} may not answer now: {asked.line} (it is for seat {who})",
                                asked.kind.rule)
        if isinstance(action, Action):
            if action.seat != CHANCE:
                raise IllegalAction(f"{action} is no outcome of the pending chance point ({asked.line}); "
                                    f"answer with one of its {len(asked.answers)} outcomes", asked.kind.rule)
            return self.state._coerce(action, None)
        return self.state._coerce(action, CHANCE)

    # --- playing ------------------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> Action:
        """Apply and record one action (object or text); returns the applied action object.

        Whether the action revealed anything comes from the state (`State.apply`'s result), which the
        game reports for every card looked at or drawn and every screen lowered, not only for chance.
        """
        asked = self.question() if self.physical else None
        act = self._answer(asked, action, seat) if asked is not None else self.state._coerce(action, seat)
        reveal = self.state.apply(act)
        self.history.append(Entry(act.seat, str(act), reveal))
        return act

    def resolve_chance(self, limit: int = 100_000) -> int:
        """Resolve pending chance points from the state's own RNG; returns how many were resolved. It stops at a
        chance point people answer (`question`)."""
        n = 0
        while not self.state.is_over() and self.state.to_move() == [CHANCE] and (
                not self.physical or self.question() is None):
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
        popped = self.history[-1]
        fresh = self.rebuilt(len(self.history) - 1)
        self.state, self.history = fresh.state, fresh.history
        return popped

    def rebuilt(self, upto: int | None = None) -> Match:
        """A new match replayed from the seed and the first `upto` recorded actions (all by default).

        Doors use it to recover the last good state when something failed part-way through an action.
        """
        fresh = Match.start(self.game, self.seed, self.options, self.physical)
        for e in self.history[:upto]:
            fresh.play(e.text, e.seat)
        return fresh

    def replay(self) -> Iterator[tuple[Entry | None, State]]:
        """The start state, then the state after each recorded action (each a fresh object)."""
        fresh = Match.start(self.game, self.seed, self.options, self.physical)
        yield None, fresh.state.clone()
        for e in self.history:
            fresh.state.apply(e.text, e.seat)
            yield e, fresh.state.clone()

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The save document; a match in companion mode adds `physical`, the kinds of chance point people answer."""
        doc: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "content": self.game.content_id(self.options),
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "actions": [[e.seat, e.text, e.reveal] for e in self.history],
            "digest": state_digest(self.state),
        }
        if self.physical:
            doc["physical"] = sorted(self.physical)
        return doc

    def save(self, path: str | Path) -> None:
        """Write the save document to `path` (JSON)."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any, game: Game | None = None) -> Match:
        """Rebuild a match by replaying a save document; every fault is a `SaveError`.

        Every field is checked before anything is replayed: the format and its version, the game and its
        rules version, the options (as the game's schema allows them), the content id, the seed, each recorded
        action (`[seat, text, revealed]`) and the digest of the final state, which must be present and must match,
        so a file with actions removed or altered is refused rather than loaded as another game. A digest taken
        over the game's document in one of its `earlier_formats` (by an engine of that time) matches too.

        `game` is the game object to replay it with (one with its own content, `load_game(name, content_dir=…)`);
        by default the registered game the file names. A save made with other content is refused, naming both ids
        (an earlier wording of the shipped content, `Game.earlier_content_ids`, is the same content). A save made
        under an earlier rules version loads only if its game is unchanged under today's rules: every action
        replays and the digest matches; otherwise it is refused, naming both rules versions.
        """
        version = _check_fields(doc)
        game = _game_of(doc, game)
        older_rules = doc["rules_version"] != game.rules_version
        if older_rules and version < 2:
            raise SaveError(f"save file was made with {game.name} rules {shown(doc['rules_version'])}, this engine "
                            f"has {game.rules_version}, and a version-1 file has no digest to prove its game unchanged")
        try:
            match = cls.start(game, doc.get("seed"), doc["options"], _physical_of(doc))
        except OutlastError as exc:
            raise SaveError(f"save file options are invalid: {exc}") from None
        if version >= 2 and not game.accepts_content(doc["content"], match.options):
            raise SaveError(f"save file was played with {game.name} content {shown(doc['content'])}, but this "
                            f"engine has content {game.content_id(match.options)}: the cards differ, so the game "
                            "cannot be replayed")
        try:
            _replay_rows(match, doc["actions"])
            if version >= 2 and doc["digest"] not in _digests(game, match.state, doc["rules_version"]):
                raise SaveError("save file digest does not match its replayed game; the file was altered")
        except SaveError as exc:
            if not older_rules:
                raise
            raise SaveError(f"save file was made with {game.name} rules {shown(doc['rules_version'])}, this engine "
                            f"has {game.rules_version}, and its game does not replay the same under them: {exc}"
                            ) from None
        return match

    @staticmethod
    def read_document(path: str | Path) -> Any:
        """The parsed JSON of a save file; a missing, unreadable or non-JSON file raises `SaveError`."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveError(f"cannot read save file {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise SaveError(f"save file {path} is not text") from None
        return parse_document(text, f"save file {path}")

    @classmethod
    def load(cls, path: str | Path, game: Game | None = None) -> Match:
        """Read a save file (replayed with `game`, by default the registered game it names, as `from_json`);
        a missing, unreadable or corrupt file raises `SaveError`."""
        return cls.from_json(cls.read_document(path), game)


def _check_fields(doc: Any) -> int:
    """The save format version of `doc`, once every top-level field has its type; else a `SaveError`."""
    if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
        raise SaveError("not an outlast save file (no 'format: outlast-match')")
    version = doc.get("version")
    if type(version) is not int or version not in (1, MATCH_VERSION):
        raise SaveError(f"save format version {shown(version)} is not 1 or {MATCH_VERSION}")
    if version >= 2 and not isinstance(doc.get("content"), str):
        raise SaveError("save file field 'content' (the id of the content it was played with) is missing "
                        "or not a text")
    for key, kind, what in (("game", str, "a text"), ("rules_version", str, "a text"),
                            ("options", dict, "an object"), ("actions", list, "a list")):
        if not isinstance(doc.get(key), kind):
            raise SaveError(f"save file field {key!r} is missing or not {what}")
    if not isinstance(doc.get("digest"), str):
        raise SaveError("save file has no digest of its final state, so it cannot be checked (a file with "
                        "actions cut out would load as another game); it is refused")
    if type(doc.get("seed")) is not int:
        raise SaveError("save file field 'seed' is missing or not a whole number")
    return version


def _physical_of(doc: dict[str, Any]) -> list[str] | None:
    """The kinds of chance point a save's people answered (its `physical` list), or None for a digital game."""
    value = doc.get("physical")
    if value is None:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise OptionError("physical", value, "a list of the kinds of chance point people answer",
                          f"save file field 'physical' must be a non-empty list of kinds of chance point, "
                          f"not {shown(value)}")
    return value


def _game_of(doc: dict[str, Any], game: Game | None) -> Game:
    """The game a save replays with: `game`, or the registered game it names (its name must be the file's)."""
    if game is None:
        try:
            game = load_game(doc["game"])
        except OutlastError as exc:
            raise SaveError(f"save file names an unknown game: {exc}") from None
    elif doc["game"] != game.name:
        raise SaveError(f"save file is a game of {shown(doc['game'])}, not {game.name}")
    return game


def _replay_rows(match: Match, rows: list[Any]) -> None:
    """Play each recorded `[seat, text, revealed]` row into `match`; a malformed or illegal one is a `SaveError`."""
    seats = match.state.seat_count()
    for i, row in enumerate(rows):
        ok = isinstance(row, list) and len(row) == 3 and type(row[0]) is int
        if not ok or not isinstance(row[1], str) or not isinstance(row[2], bool):
            raise SaveError(f"action #{i + 1} is malformed: {shown(row)}")
        if not (row[0] == CHANCE or 0 <= row[0] < seats):
            raise SaveError(f"action #{i + 1} names seat {shown(row[0])}; this game has seats 0 to {seats - 1}")
        try:
            match.play(row[1], row[0])
        except OutlastError as exc:
            raise SaveError(f"action #{i + 1} ({shown(row[1])} by seat {row[0]}) cannot be replayed: {exc}"
                            ) from None


def _digests(game: Game, state: State, rules_version: str) -> set[str]:
    """The digests a save of `state` may carry: of its document in every position format the game reads, each
    as written by the engine of `rules_version` (a document names the rules version it was written under)."""
    out = set()
    for document in game.documents(state):
        if "rules_version" in document:
            document = {**document, "rules_version": rules_version}
        out.add(document_digest(document))
    return out
