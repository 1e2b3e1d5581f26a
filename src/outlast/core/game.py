"""The kernel contract: `Game` (a frozen definition and state factory) and `State`.

Every door (terminal, simulation, agents, RL, server) uses only what is defined here.
It implements the kernel contract of the project's architecture (docs/api.md describes it for users).
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from .companion import ChanceKind, ChancePoint
from .errors import ContentError, IllegalAction, OutlastError, SaveError, shown
from .formats import Renamed, Reworded
from .options import OptionSchema
from .parts import Part, Parts, rule_in
from .rng import RandomLike, advance, peek_below
from .teach import Explained, Teaching

CHANCE = -1
"""The chance seat: it moves whenever dice are rolled or cards drawn."""

MAX_ACTION_TEXT = 200
"""Longest action text read: every canonical text is far shorter, and a megabyte line is refused unread."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the acting seat plus small ids and numbers, never object references.

    `str(action)` is the canonical text without the seat; `Game.parse_action(seat, text)` reads it back.
    """

    seat: int

    def __str__(self) -> str:  # pragma: no cover - every subclass defines its text
        raise NotImplementedError


def _plain(value: Any, depth: int = 0) -> bool:
    """Whether `value` is JSON data a state may hold: text, a finite number, a bool, null, lists and objects."""
    if value is None or isinstance(value, str | bool | int):
        return True
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if depth > 8:
        return False
    if isinstance(value, list):
        return all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return False


def check_seat(seat: object, players: int, *, chance: bool = False) -> int:
    """`seat` if it names a seat of a `players`-seat game (or `CHANCE` when `chance`), else `IllegalAction`.

    Seats are plain ints: a bool, a float (even `1.0`), a string or a number out of range is refused with a
    message naming what was given, so wrong types never reach a game's lists.
    """
    if type(seat) is int and (0 <= seat < players or (chance and seat == CHANCE)):
        return seat
    if isinstance(seat, int) and not isinstance(seat, bool):
        raise IllegalAction(f"no such seat ({shown(seat)}): seats are 0 to {players - 1}")
    raise IllegalAction(f"a seat is a whole number from 0 to {players - 1}, not {shown(seat)}")


_EVENT_FIELDS = frozenset(("kind", "text", "visible_to", "data"))
"""The fields of an event's document, all required."""


class Event(NamedTuple):
    """One entry of a state's append-only log. `visible_to` None means everyone may see it.

    A named tuple: immutable and cheap to make, since rules log one or more per action.
    """

    kind: str
    text: str
    visible_to: frozenset[int] | None = None
    data: Mapping[str, Any] = MappingProxyType({})

    def visible(self, seat: int | None) -> bool:
        """Whether `seat` (None: the public) may read this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "kind": self.kind,
            "text": self.text,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "data": dict(self.data),
        }

    @staticmethod
    def list_from_json(docs: list[Any], seats: int | None = None) -> list[Event]:
        """`from_json` of every event of a log. A public event without data (most of a log) is read in one
        pass here; any other goes through `from_json` and its checks."""
        out: list[Event] = []
        append = out.append
        for doc in docs:
            if type(doc) is dict and len(doc) == 4 and "visible_to" in doc and doc["visible_to"] is None:
                kind, text, data = doc.get("kind"), doc.get("text"), doc.get("data")
                if type(kind) is str and type(text) is str and type(data) is dict and not data:
                    append(tuple.__new__(Event, (kind, text, None, {})))
                    continue
            append(Event.from_json(doc, seats))
        return out

    @staticmethod
    def from_json(doc: Any, seats: int | None = None) -> Event:
        """Inverse of `to_json`; a malformed event raises `SaveError` naming the fault.

        `seats`, when given, bounds the seat numbers of `visible_to`. Data values must be JSON-safe
        (text, whole numbers, booleans, null, and lists or objects of them; no NaN or infinity).
        """
        if type(doc) is dict and doc.keys() == _EVENT_FIELDS:  # a well-formed event, checked in one pass
            kind, text, vis, data = doc["kind"], doc["text"], doc["visible_to"], doc["data"]
            if type(kind) is str and type(text) is str and type(data) is dict and (not data or _plain(data)) and (
                    vis is None or (type(vis) is list and all(
                        type(v) is int and v >= 0 and (seats is None or v < seats) for v in vis))):
                return Event(kind, text, None if vis is None else frozenset(vis), dict(data))
        fields = ("kind", "text", "visible_to", "data")
        if not isinstance(doc, dict):
            raise SaveError(f"an event must be an object with {', '.join(fields)}, not {shown(doc)}")
        missing = [f for f in fields if f not in doc]
        if missing or len(doc) != len(fields):
            raise SaveError(f"an event lacks field {missing[0]!r}" if missing else
                            f"an event has fields other than {', '.join(fields)}: {shown(sorted(doc))}")
        kind, text, vis, data = doc["kind"], doc["text"], doc["visible_to"], doc["data"]
        if not isinstance(kind, str) or not isinstance(text, str):
            raise SaveError(f"an event's kind and text must be texts: {shown(doc)}")
        if vis is not None and (not isinstance(vis, list) or any(
                type(v) is not int or v < 0 or (seats is not None and v >= seats) for v in vis)):
            raise SaveError(f"an event's visible_to must be null or a list of seats: {shown(vis)}")
        if not isinstance(data, dict) or not _plain(data):
            raise SaveError(f"an event's data must be an object of plain JSON values: {shown(data)}")
        return Event(kind, text, None if vis is None else frozenset(vis), dict(data))


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How the game ended for one seat: won or lost, its score, the reason in words and as a code.

    `code` is one of the game's declared `Game.result_codes` (a short stable word such as `lava` or
    `signal_fire`), so reports group endings without reading the text.
    """

    won: bool
    score: int
    reason: str
    code: str


@dataclass(frozen=True)
class Outcome:
    """The end of a game: one `SeatResult` per seat plus game-specific details (JSON-safe).

    Each seat's result is its own: in a semi-cooperative or competitive game some seats win and others
    lose, so read `seats` (or `winners`). Only a cooperative game has a team result (`won`, or
    `team_won(game, outcome)`, which refuses the other kinds).
    """

    seats: tuple[SeatResult, ...]
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def won(self) -> bool:
        """Whether every seat won: the team's win in a cooperative game, where the seats win or lose together.

        For a semi-cooperative or competitive game this is no result of the game (one seat winning alone
        gives False); doors use `team_won(game, outcome)`, which refuses those kinds, or `winners`.
        """
        return all(s.won for s in self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, in seat order (every seat or none in a cooperative game)."""
        return tuple(seat for seat, result in enumerate(self.seats) if result.won)


def drawn(outcomes: Sequence[tuple[Action, float]], rng: RandomLike) -> Action:
    """The outcome `rng` draws from `outcomes` by probability (`State.sample_chance(rng)`): the only outcome
    without a draw, `randrange(n)` when all are equally likely, else one `random()` over the cumulative sum."""
    n = len(outcomes)
    if n == 1:
        return outcomes[0][0]
    p0 = outcomes[0][1]
    if all(p == p0 for _, p in outcomes):
        return outcomes[rng.randrange(n)][0]
    r = rng.random() * sum(p for _, p in outcomes)
    for o, p in outcomes:
        r -= p
        if r < 0:
            return o
    return outcomes[-1][0]


class State(ABC):
    """A mutable game state. Only `observe(seat)` may leave the engine toward a seat.

    Subclasses keep their data flat (ints, tuples, lists of ints) so that `clone` is cheap.
    """

    game: Game
    events: list[Event]
    rng_state: int
    revealed: bool = False
    """Set by `apply`: whether the last action revealed hidden information or a random result.

    The kernel sets it to True for every chance outcome and False otherwise before `_apply`; a game sets it
    to True inside `_apply` whenever an action shows a seat something it could not know before (a card
    looked at, a card drawn, a screen lowered). `Match` ends undo there (architecture §4).
    """

    # --- whose turn -----------------------------------------------------------------
    @abstractmethod
    def seat_count(self) -> int:
        """How many seats this game has (seats are 0 .. seat_count() - 1)."""

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that may act now: `[CHANCE]` at a chance point, `[]` when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for `seat` now, in a stable order (empty if the seat may not act)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance point: every outcome with its probability (they sum to 1)."""

    # --- acting -----------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> bool:
        """Apply an action object or its canonical text; returns whether it revealed anything.

        Text needs `seat` when several seats may act now. Raises `IllegalAction(reason, rule)` and
        leaves the state untouched when the action is not legal now, whatever was passed (a foreign
        object, a wrong type, a seat out of range). The result (also left in `revealed`) is True for
        every chance outcome and for any action that showed hidden information.
        """
        act: Action
        if seat is None and type(action) is self.game.action_type:  # the hot path skips `_coerce`'s call
            act = action
            acting = act.seat
            if type(acting) is not int or not CHANCE <= acting < self.seat_count():
                check_seat(acting, self.seat_count(), chance=True)
        else:
            act = self._coerce(action, seat)
        try:
            self._check_legal(act)
        except OutlastError:
            raise
        except Exception as exc:  # a hand-made object with fields of the wrong type: the check is pure
            raise IllegalAction(f"{shown(act)} is not a well-formed {self.game.name} action "
                                f"({type(exc).__name__}: {shown(str(exc), 80)})") from None
        if act.seat == CHANCE:
            self.rng_state = advance(self.rng_state)
            self.revealed = True
        else:
            self.revealed = False
        self._apply(act)
        return self.revealed

    def _coerce(self, action: Action | str, seat: int | None) -> Action:
        """The action object meant by `action` (an object of this game, or text) for `seat`."""
        if seat is not None:
            check_seat(seat, self.seat_count(), chance=True)
        if isinstance(action, Action):
            kind = self.game.action_type
            if type(action) is not kind:
                raise IllegalAction(f"{type(action).__name__} is not an action of {self.game.name} "
                                    f"(its actions are {kind.__name__} objects or their texts)")
            acting = action.seat
            if type(acting) is not int or not CHANCE <= acting < self.seat_count():  # the hot path skips the call
                check_seat(acting, self.seat_count(), chance=True)
            if seat is not None and seat != action.seat:
                raise IllegalAction(f"the action belongs to seat {action.seat}, not seat {seat}")
            return action
        if not isinstance(action, str):
            raise IllegalAction(f"an action is an action object or its text, not {shown(action)}")
        if len(action) > MAX_ACTION_TEXT:
            raise IllegalAction(f"cannot read an action text of {len(action)} characters "
                                f"(at most {MAX_ACTION_TEXT})")
        movers = self.to_move()
        if seat is None:
            if len(movers) != 1:
                if not movers:
                    raise IllegalAction("the game is over")
                raise IllegalAction(
                    f"seats {', '.join(map(str, movers))} may all act now; say which seat acts"
                )
            seat = movers[0]
        return self.game.parse_action(seat, action)

    def _check_legal(self, act: Action) -> None:
        """Default legality check: the action must be among `legal_actions(act.seat)`.

        Games override this with a cheaper check or a more precise reason and rule.
        """
        if act.seat == CHANCE:
            if CHANCE not in self.to_move():
                raise IllegalAction("no dice or cards are pending now")
            if all(o != act for o, _ in self.chance_outcomes()):
                raise IllegalAction(f"{act} is not a possible outcome now")
            return
        if act.seat not in self.to_move():
            raise IllegalAction(f"seat {act.seat} may not act now")
        if act not in self.legal_actions(act.seat):
            raise IllegalAction(f"{act} is not legal now for seat {act.seat}")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    def sample_chance(self, rng: RandomLike | None = None) -> Action:
        """The chance outcome this state's own RNG picks now (pure: the RNG advances in `apply`).

        With `rng` (a search's own generator), the outcome that generator draws by its probability instead: the
        state's RNG is not read, so a search of a resampled state gets fresh randomness. One outcome draws
        nothing; equal probabilities take one `randrange` over them in order, others one `random()`.
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("no dice or cards are pending now")
        if rng is not None:
            return drawn(outcomes, rng)
        # Outcomes are uniform in most games; weights are handled exactly in integer units.
        total = len(outcomes)
        if all(p == outcomes[0][1] for _, p in outcomes):
            return outcomes[peek_below(self.rng_state, total)][0]
        scale = 1 << 30
        weights = [round(p * scale) for _, p in outcomes]
        r = peek_below(self.rng_state, sum(weights))
        for (o, _), w in zip(outcomes, weights, strict=True):
            if r < w:
                return o
            r -= w
        return outcomes[-1][0]

    # --- what seats see ---------------------------------------------------------------
    @abstractmethod
    def observe(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe view of what `seat` may know now (None: the public view)."""

    def observe_seats(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """`[observe(seat) for seat in seats]`, for a door that draws one state for several seats at once (the
        server, after every change). A game may build what all seats see alike only once: the views returned
        by one call may then share those parts with each other, so a caller that changes one view copies it
        first. Each view is equal to `observe(seat)`, key order included."""
        return [self.observe(seat) for seat in seats]

    def decision_parts(self, seat: int) -> Parts | None:
        """What `seat`'s choice now is made of (`outlast.core.parts`): another view of `legal_actions(seat)`, or None
        when the seat has nothing to choose. Every pick the parts allow is exactly one legal action's text, and
        every legal action is one pick. The kernel derives them from the legal texts (`Parts.from_texts`, the rule
        § read from `describe_decision`), with the parts a game declares for its combinatorial choices in place of
        the words that follow a prefix (`Game.declared_parts`). Computed on each call (a door asks only for the
        seats to act), never stored in the state.
        """
        legal = self.legal_actions(seat)
        if not legal:
            return None
        game = self.game
        text = game.describe_decision(self, seat)
        return Parts.from_texts([str(a) for a in legal], rule=rule_in(text), text=text,
                                grafts=game.declared_parts(self, seat, legal))

    def visible_events(self, seat: int | None) -> list[Event]:
        """The events `seat` may read."""
        return [e for e in self.events if e.visible(seat)]

    # --- the end ------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has been won or lost."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Per-seat result; only valid when `is_over()`."""

    # --- copies ---------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """A cheap copy that shares nothing mutable with this state."""

    @abstractmethod
    def resample(self, seat: int, rng: RandomLike) -> State:
        """A copy in which everything `seat` cannot know is drawn again, consistent with every reveal."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-safe document of the whole state, RNG included; `game.load_state(doc)` reads it."""


GAME_KINDS = ("cooperative", "semi-cooperative", "competitive")
"""The kinds of game a `Game.kind` may declare."""

CAPABILITIES = {
    "action_space": "a fixed, enumerated action space (`action_texts`, `chance_texts`, `encode`) for learning "
                    "environments and OpenSpiel",
    "chat_rule": "a rule on what players may say (`check_chat`)",
    "generated_content": "content generated from a seed for each copy of the game (`content_lines`), with a "
                         "per-copy journal of what players have seen (`content_journal`, `record_seen`)",
}
"""What a `Game.capabilities` may list, with what each promises."""

_CAPABILITY_METHODS = {"action_space": ("action_texts", "chance_texts", "encode"), "chat_rule": ("check_chat",),
                       "generated_content": ("content_lines", "content_journal", "record_seen")}
"""The `Game` methods a game must override to offer each capability."""

RESULT_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""The form of a result code: a lower-case word of letters, digits and `_` (`signal_fire`), at most 40 long."""

MEASURE_SHAPES = ("game", "seat", "round")
"""What a `Measure` holds per game: one whole number, one per seat, or one per round played."""


@dataclass(frozen=True)
class Measure:
    """A number that tells one game apart from another in a report (`Game.measures`), beyond win or loss.

    `label` says what it counts, in words a designer reads on an axis ("wood on the pile at the end");
    `shape` is one of `MEASURE_SHAPES`: `game` (one whole number a game), `seat` (a list of one number
    per seat) or `round` (a list of one number per round played, the value at the end of that round).
    """

    label: str
    shape: str = "game"


def check_measures(game: Game, record: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """`record` (what `Game.record` noted) if it holds only declared measures, each of its shape; else
    `GameDefinitionError`. Returns a plain copy the simulator stores with the game's row."""
    out: dict[str, Any] = {}
    for name, value in record.items():
        measure = game.measures.get(name)
        if measure is None:
            raise GameDefinitionError(f"{game.name} recorded the measure {name!r}, which it does not declare "
                                      f"(its measures: {', '.join(game.measures) or 'none'})")
        numbers = [value] if measure.shape == "game" else value
        if not isinstance(numbers, list) or not all(type(v) is int for v in numbers) or \
                (measure.shape == "seat" and len(numbers) != seats):
            wanted = {"game": "a whole number", "seat": f"a list of {seats} whole numbers (one per seat)",
                      "round": "a list of whole numbers (one per round)"}[measure.shape]
            raise GameDefinitionError(f"{game.name} recorded {shown(value)} as its measure {name!r}; "
                                      f"it must be {wanted}")
        out[name] = list(numbers) if measure.shape != "game" else value
    return out


class GameDefinitionError(OutlastError, TypeError):
    """A game that breaks its own declarations: a bad `kind`, `result_codes` or `capabilities`, or a result
    (an `Outcome`) with a code it never declared. A fault of the game's code, never of a player's input."""


def check_declarations(game: Game) -> None:
    """Check that `game` declares its kind, result codes and capabilities well; `GameDefinitionError` if not.

    `kind` is one of `GAME_KINDS`; `result_codes` maps at least one code (a `RESULT_CODE` word) to a
    meaning in words; `capabilities` is a set of `CAPABILITIES` names, and the game overrides the methods
    each one promises. The registry calls this when a game is registered, so a bad declaration stops at
    load time, naming the game and the field.
    """
    name = getattr(game, "name", None)
    who = f"game {name!r}" if isinstance(name, str) else f"the game {type(game).__name__}"
    def declared(field_name: str) -> str:
        return f"declares {field_name} {shown(getattr(game, field_name))}" if hasattr(game, field_name) else \
            f"declares no {field_name}"

    state_format = getattr(game, "state_format", None)
    if type(state_format) is not int or state_format < 1:
        raise GameDefinitionError(f"{who} {declared('state_format')}; it is the version of the game's position "
                                  "document, a whole number from 1")
    _check_earlier_formats(game, who, state_format)
    kind = getattr(game, "kind", None)
    if not isinstance(kind, str) or kind not in GAME_KINDS:
        raise GameDefinitionError(f"{who} {declared('kind')}; a game's kind is one of {', '.join(GAME_KINDS)}")
    codes = getattr(game, "result_codes", None)
    if not isinstance(codes, Mapping) or not codes:
        raise GameDefinitionError(f"{who} {declared('result_codes')}; declare a mapping of every result code "
                                  "the game gives to its meaning, e.g. {'lava': 'lost: the lava reached a meeple'}")
    for code, meaning in codes.items():
        if not isinstance(code, str) or not RESULT_CODE.fullmatch(code):
            raise GameDefinitionError(f"{who} declares the result code {shown(code)}; a code is a lower-case word "
                                      "of letters, digits and _ (at most 40), such as signal_fire")
        if not isinstance(meaning, str) or not meaning.strip():
            raise GameDefinitionError(f"{who} gives the result code {code!r} no meaning ({shown(meaning)}); "
                                      "say in words what the ending is")
    measures = getattr(game, "measures", {})
    if not isinstance(measures, Mapping) or not all(
            isinstance(name, str) and RESULT_CODE.fullmatch(name) and isinstance(m, Measure)
            and m.shape in MEASURE_SHAPES and m.label.strip() for name, m in measures.items()):
        raise GameDefinitionError(f"{who} declares measures {shown(measures)}; declare a mapping of lower-case "
                                  f"names to Measure(label, shape), the shape one of {', '.join(MEASURE_SHAPES)}")
    capabilities = getattr(game, "capabilities", None)
    if not isinstance(capabilities, frozenset | set) or not all(isinstance(c, str) for c in capabilities):
        raise GameDefinitionError(f"{who} {declared('capabilities')}; declare a frozenset of names from "
                                  f"{', '.join(sorted(CAPABILITIES))} (empty for none)")
    for capability in sorted(capabilities):
        if capability not in CAPABILITIES:
            raise GameDefinitionError(f"{who} declares the capability {capability!r}; the capabilities are "
                                      f"{', '.join(sorted(CAPABILITIES))}")
        for method in _CAPABILITY_METHODS[capability]:
            if getattr(type(game), method, None) is getattr(Game, method):
                raise GameDefinitionError(f"{who} declares the capability {capability!r} but does not define "
                                          f"{method}() ({CAPABILITIES[capability]})")
    from .companion import check_kinds

    check_kinds(game)
    if game.chance_kinds and getattr(type(game), "chance_point", None) is Game.chance_point:
        raise GameDefinitionError(f"{who} declares kinds of chance point but does not define chance_point() "
                                  "(which kind the pending one is and who rolls or draws it)")


def _check_earlier_formats(game: Game, who: str, state_format: int) -> None:
    """`game.earlier_formats` are `Renamed` formats, oldest first, each one less than the next, ending at
    `state_format - 1`; `GameDefinitionError` if not."""
    earlier = getattr(game, "earlier_formats", ())
    if not isinstance(earlier, tuple) or not all(isinstance(r, Renamed) for r in earlier):
        raise GameDefinitionError(f"{who} declares earlier_formats {shown(earlier)}; declare a tuple of Renamed "
                                  "formats, oldest first")
    wanted = list(range(state_format - len(earlier), state_format))
    if [r.format for r in earlier] != wanted:
        raise GameDefinitionError(f"{who} declares earlier formats {[r.format for r in earlier]} for state format "
                                  f"{state_format}; they must be {wanted}, oldest first")
    for renamed in earlier:
        problem = renamed.problem()
        if problem:
            raise GameDefinitionError(f"{who}: earlier state format {renamed.format}: {problem}")


def check_outcome(game: Game, outcome: Outcome, seats: int) -> Outcome:
    """`outcome` if it is a well-formed end of a `seats`-seat game of `game`, else `GameDefinitionError`.

    One `SeatResult` per seat, each with a bool `won`, an int `score`, a text `reason` and a `code`
    that `game.result_codes` declares; in a cooperative game every seat wins or every seat loses.
    The simulator checks every outcome it stores this way.
    """
    if not isinstance(outcome, Outcome) or len(outcome.seats) != seats:
        count = len(outcome.seats) if isinstance(outcome, Outcome) else shown(outcome)
        raise GameDefinitionError(f"{game.name} ended with {count} seat results for {seats} seats")
    for seat, result in enumerate(outcome.seats):
        if not (isinstance(result, SeatResult) and type(result.won) is bool and type(result.score) is int
                and isinstance(result.reason, str) and isinstance(result.code, str)):
            raise GameDefinitionError(f"{game.name} gave seat {seat} a malformed result: {shown(result, 120)}")
        if result.code not in game.result_codes:
            raise GameDefinitionError(f"{game.name} gave seat {seat} the result code {shown(result.code)}, which it "
                                      f"does not declare (its codes: {', '.join(game.result_codes)})")
    if game.kind == "cooperative" and len({r.won for r in outcome.seats}) > 1:
        raise GameDefinitionError(f"{game.name} is cooperative but only seats {list(outcome.winners)} won: "
                                  "in a cooperative game the seats win or lose together")
    return outcome


def team_won(game: Game, outcome: Outcome) -> bool:
    """Whether the team won a cooperative game (every seat won); other kinds have no team and are refused.

    A semi-cooperative or competitive game raises `OutlastError`: read each seat's result instead
    (`outcome.seats`, `outcome.winners`).
    """
    if game.kind != "cooperative":
        raise OutlastError(f"{game.name} is {game.kind}: it has no team result; read each seat's result "
                           "(outcome.seats, outcome.winners)")
    return outcome.won


class Game(ABC):
    """A frozen game definition and the factory of its states."""

    name: ClassVar[str]
    action_type: ClassVar[type[Action]]
    """The class of this game's action objects: `apply` refuses any other (another game's, a bare `Action`)."""
    title: ClassVar[str]
    description: ClassVar[str] = ""
    """One sentence in outlast's own words on what the players do: the server's lobby shows it under the title."""
    rules_version: ClassVar[str]
    players: ClassVar[tuple[int, ...]]
    rules_file: ClassVar[str]
    """File name of the players' rules guide inside the game's own package (read by `rules_section`)."""
    state_format: ClassVar[int]
    """Version of the game's position document (`to_json`, docs/state-format.md); a document of another is refused,
    unless it is one of the `earlier_formats`."""
    earlier_formats: ClassVar[tuple[Renamed, ...]] = ()
    """Older position formats still read, oldest first, each the next one with keys named otherwise (`Renamed`):
    `upgraded` reads them, `documents` writes them (for digests taken over an older document)."""
    earlier_wordings: ClassVar[tuple[Reworded, ...]] = ()
    """Log lines as earlier engines worded them, newest first (`Reworded`): `documents` writes the state with
    its log in each, for the digests of saves made before a line's wording changed."""
    kind: ClassVar[str]
    """One of `GAME_KINDS`: `cooperative` (the seats win or lose together), `semi-cooperative` (each seat
    wins or loses alone, and several may win) or `competitive` (seats play against each other)."""
    result_codes: ClassVar[Mapping[str, str]]
    """Every `SeatResult.code` the game gives, with what it means: reports group endings by these."""
    capabilities: ClassVar[frozenset[str]]
    """Which optional doors the game opens, from `CAPABILITIES`."""
    measures: ClassVar[Mapping[str, Measure]] = MappingProxyType({})
    """Numbers the simulator records about every game (`record` notes them) so that reports show what tells
    games apart beyond their result codes: name → `Measure`. None by default."""
    chance_kinds: ClassVar[tuple[ChanceKind, ...]] = ()
    """The kinds of chance point the game has (`outlast.core.companion`): a table may make any of them physical,
    answered by people playing the box instead of the RNG. Empty: the game has no companion mode."""
    content_dir: Path | None = None
    """The folder this game object's content was loaded from (`with_content`); None for the shipped content."""
    earlier_content_ids: ClassVar[tuple[str, ...]] = ()
    """Ids of earlier versions of the shipped content whose cards play exactly as today's (their files were
    reworded, not changed in play, as the golden games prove): a save made with one of them still loads with
    the shipped content, its digest checked as usual. Never used for a game object with its own content."""

    def accepts_content(self, content_id: str, options: Mapping[str, Any]) -> bool:
        """Whether a save made with content `content_id` replays with this game object's content."""
        if content_id == self.content_id(options):
            return True
        return self.content_dir is None and content_id in self.earlier_content_ids

    def with_content(self, content_dir: Path) -> Game:
        """A new game object of this game that plays with the content files in `content_dir` instead of the
        shipped ones (architecture §3: content belongs to a game object, never to the process). The files are
        checked at once (`ContentError` names the file, card and field); the new object is not registered,
        and saves made with it record its own content id. A game without content files raises `OutlastError`.
        """
        raise OutlastError(f"{self.name} has no content files to load")

    def content_id(self, options: Mapping[str, Any]) -> str:
        """The id of the content a game with these (resolved) options plays with; saves record it (architecture §3).

        By default a SHA-256 digest (16 hex digits) of the files of the game's content folder (`content_dir`, else
        the game package's `content/` directory), names and bytes, so any edit of a card gives another id. A game
        whose content depends on its options (one generated per copy) gives that content's own id instead.
        """
        cached: str | None = getattr(self, "_content_id", None)
        if cached is None:
            root: Traversable = self.content_dir if self.content_dir is not None else files(type(self).__module__) / "content"
            digest = hashlib.sha256()
            for item in sorted(root.iterdir(), key=lambda entry: entry.name):
                if item.is_file():
                    digest.update(item.name.encode() + b"\0" + item.read_bytes() + b"\0")
            cached = digest.hexdigest()[:16]
            object.__setattr__(self, "_content_id", cached)
        return cached

    @property
    @abstractmethod
    def options(self) -> OptionSchema:
        """The options schema with defaults."""

    @abstractmethod
    def new_game(self, seed: int | None = None, **options: Any) -> State:
        """A new state. Bad options raise `OptionError` naming the option and the allowed values."""

    @abstractmethod
    def parse_action(self, seat: int, text: str) -> Action:
        """Read canonical action text for `seat`. Malformed text raises `IllegalAction`."""

    @abstractmethod
    def load_state(self, doc: dict[str, Any]) -> State:
        """Rebuild a state from `State.to_json()`; a corrupt document raises `SaveError`."""

    def upgraded(self, doc: Any) -> Any:
        """`doc` in the current position format if it is a document of one of the `earlier_formats` (a `SaveError`
        if it holds keys its format never wrote); any other value unchanged, for `load_state` to check."""
        if not isinstance(doc, dict) or type(doc.get("format")) is not int or doc.get("game") != self.name:
            return doc
        for renamed in self.earlier_formats:
            if doc["format"] == renamed.format:
                doc = renamed.upgrade(doc)
        return doc

    def documents(self, state: State) -> list[dict[str, Any]]:
        """`state`'s position document in every format this game reads: the current one, then each earlier one,
        newest first (a save's digest may have been taken over any of them), then each of those with its log
        in each earlier wording (`earlier_wordings`)."""
        docs = [state.to_json()]
        for renamed in reversed(self.earlier_formats):
            docs.append(renamed.downgrade(docs[-1]))
        return docs + [wording.document(doc) for wording in self.earlier_wordings for doc in docs]

    def check_doc_header(self, doc: Any) -> None:
        """Check that a state document is ours and of a version we read."""
        if not isinstance(doc, dict):
            raise SaveError("a state document must be a JSON object")
        if doc.get("game") != self.name:
            raise SaveError(f"this document is for game {shown(doc.get('game'))}, not {self.name!r}")
        if type(doc.get("format")) is not int or doc["format"] != self.state_format:
            raise SaveError(f"state format {shown(doc.get('format'))} is not {self.state_format}, the {self.name} "
                            "position format this engine reads (docs/state-format.md)")
        if doc.get("rules_version") != self.rules_version:
            raise SaveError(
                f"rules version {shown(doc.get('rules_version'))} differs from this engine's {self.rules_version!r}"
            )

    def lint(self, content_dir: Path | None = None) -> list[str]:
        """Validate this game's content; returns what was checked (raises `ContentError` on a fault).

        `content_dir` checks another folder of content files instead of the shipped one.
        """
        if content_dir is not None:
            raise OutlastError(f"{self.name} has no content files to check")
        return []

    def check_chat(self, state: State, seat: int, text: str) -> None:
        """Refuse a free-chat line the rules do not allow now (raises an `OutlastError` naming why).

        Games whose rules limit table talk (a no-numbers rule, say) override this; every door
        that carries chat calls it before anyone else sees the message.
        """
        del state, seat, text

    def rules_section(self, section: str | None = None) -> str:
        """The players' rules guide (`rules_file`, shipped in the game's own package), or one section of it.

        `section` is a text such as `§7`, `7` or `7.3`; a §N.M that is only a label inside its parent
        gives the parent. None (or a blank text) gives the whole guide. A section that is not a text,
        not a section number, or not in the guide raises `OutlastError`.
        """
        import importlib

        from .rules import read_rules

        module = importlib.import_module(type(self).__module__)
        package = module.__package__ or module.__name__
        return read_rules(package, self.rules_file, section, f"the {self.title} rules guide")

    def record(self, state: State, notes: dict[str, Any]) -> None:
        """Note in `notes` the `measures` of the game being played in `state`.

        The simulator calls it with one dict per game, after every move (chance included) and once more at
        the end, so a game can note when something happened (the day a seat's result was settled, the wood
        on the pile at the end of each round) without keeping it in its state; then it checks the notes
        (`check_measures`) and stores them with the game's row. Keep it cheap. Nothing by default.
        """
        del state, notes

    def agents(self) -> dict[str, Any]:
        """Game-specific agent factories (heuristic bots): name → callable(**params) → Agent."""
        return {}

    def evaluate(self, state: State, seat: int) -> float:
        """A static guess in [0, 1] of how likely `seat` is to win from `state`, from public information only.

        Search agents (ISMCTS) use it to value a position where a rollout stops early; it must never
        read what `seat`'s view hides (it is called on determinized states). The default knows only
        the end: 1 for a won game, 0 for a lost one and 0.5 before the end. Games override it.
        """
        if state.is_over():
            return 1.0 if state.outcome().seats[seat].won else 0.0
        return 0.5

    def action_texts(self, **options: Any) -> list[str]:
        """Every canonical action text a seat could be offered in a game with these options, once each.

        The list is in a stable order and leaves out chance outcomes. Texts are written as
        `str(action)` writes them for the acting seat, so a learning door (`outlast.rl`) builds a fixed
        action space from the list and maps each legal action to its index by its text. A game may
        leave out families of actions too rare to be worth their size if it documents the cut; doors
        must cope with a legal action that is not listed. Games that cannot enumerate raise
        NotImplementedError (the default).
        """
        raise NotImplementedError(f"{self.name} does not enumerate its actions")

    def encode(self, observation: dict[str, Any]) -> list[float]:
        """A fixed-length vector of numbers in [0, 1] for `state.observe(seat)`, for learning agents.

        It is built from the observation alone, so it carries nothing the seat may not know, and every
        observation of the game encodes to the same length whatever the options. Games that offer no
        encoding raise NotImplementedError (the default).
        """
        raise NotImplementedError(f"{self.name} has no numeric encoding of its observations")

    def chance_texts(self, **options: Any) -> list[str]:
        """Every chance outcome's public id (its canonical text: a die face, a card id) under these options.

        The list is in a stable order, each text once, and `parse_action(CHANCE, text)` reads each back, so a
        door that numbers outcomes (OpenSpiel's chance nodes) gives each the same number in every game. Games
        that do not list their chance outcomes raise NotImplementedError (the default).
        """
        raise NotImplementedError(f"{self.name} does not list its chance outcomes")

    def content_lines(self, key: str | None, *, spoilers: bool = False, playtest: int = 0,
                      band: tuple[float, float] | None = None) -> list[str]:
        """A generated copy of the game's content as lines of text (games with `generated_content`).

        `key` names the copy (its seed, or the id of a copy made before); None makes a new one from a fresh
        seed. Without `spoilers` the lines give away nothing players should find in play. `playtest` plays that
        many bot games on the copy and reports its win rate; with `band` (low, high) further seeds are drawn until
        a copy's playtest win rate lies in the band. A bad key raises `OutlastError`.
        """
        raise NotImplementedError(f"{self.name} does not generate its content")

    def content_journal(self, key: str) -> list[str]:
        """What players have seen of a generated copy, as lines of text (games with `generated_content`)."""
        raise NotImplementedError(f"{self.name} does not generate its content")

    def record_seen(self, state: State) -> list[str]:
        """Add what `state`'s players have seen to its copy's journal; returns the names of the things in view that
        the journal held already (seen in an earlier game), for a door to mention."""
        raise NotImplementedError(f"{self.name} does not generate its content")

    def declared_parts(self, state: State, seat: int, legal: Sequence[Action]) -> Mapping[str, tuple[Part, ...]]:
        """The declared parts of `seat`'s combinatorial choices among its `legal` actions (`State.decision_parts`):
        a text prefix (whole words, such as `reroll` or `use binoculars`) → the parts that pick the words after
        it, in place of the ones derived from the texts. The parts must allow exactly the legal texts that begin
        with the prefix (the conformance check holds every game to it). None by default.
        """
        del state, seat, legal
        return {}

    def chance_point(self, state: State) -> ChancePoint:
        """The pending chance point of `state` for companion mode (`outlast.core.companion`): its kind (one of
        `chance_kinds`), the seat that rolls or draws it on the physical table by the rules (None: anyone), and
        the step the table takes, in our words. Called only at a chance point, and only by a game with kinds."""
        raise NotImplementedError(f"{self.name} declares no kinds of chance point")

    def chance_name(self, state: State, outcome: Action) -> str:
        """The plain name of the chance `outcome` (a card's name, a die's face), for a person who answers the
        chance point in companion mode. The outcome's text by default."""
        del state
        return str(outcome)

    def describe_decision(self, state: State, seat: int) -> str:
        """A short text naming the current decision of `seat` and its rule §."""
        return ""

    def teaching(self) -> Teaching | None:
        """What a newcomer is told of the game (`outlast.core.teach`): its goal, how a turn goes, and plain words
        for every kind of decision it asks. None: the game teaches nothing (a door shows its rules only)."""
        return None

    def explain_decision(self, state: State, seat: int) -> Explained:
        """The kind of decision `seat` faces now and what to do, in plain words without rule numbers or command
        syntax (`Teaching.plain`); `Explained("", "")` when the seat has nothing to decide or the game teaches
        nothing."""
        del state, seat
        return Explained("", "")

    def render(self, state: State, seat: int | None, *, full: bool = False) -> Any:
        """A rich renderable of what `seat` sees (used by the terminal).

        The default layout fits a 50-line terminal; `full` asks for everything, however long.
        """
        del full
        return json.dumps(state.observe(seat), indent=1)


def canonical(text: str) -> str:
    """Collapse whitespace and lower-case: the form canonical action texts are compared in."""
    return " ".join(text.strip().lower().split())


def stable_unique(items: Sequence[Action]) -> list[Action]:
    """Items without repeats, in first-seen order."""
    seen: set[Action] = set()
    out = []
    for a in items:
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


ContentT = TypeVar("ContentT")


class FileContentGame(Game, Generic[ContentT]):
    """A game whose content is a folder of files: the shipped `content/` folder, or one given to `with_content`.

    The game object owns its content (architecture §3): the shipped files are read on first use, another folder
    at once, so a broken file is a `ContentError` when the game object is made. A game gives the folder it ships
    (`shipped_content`) and how a folder is read (`read_content`).
    """

    shipped_content: ClassVar[Path]
    """The folder of content files the game ships."""

    def __init__(self, content_dir: Path | None = None) -> None:
        self.content_dir = content_dir
        self._content: ContentT | None = None if content_dir is None else self.read_content(content_dir)

    @abstractmethod
    def read_content(self, directory: Path) -> ContentT:
        """Read and check the content files of `directory`; a fault is a `ContentError` naming file, item and field."""

    @property
    def content(self) -> ContentT:
        """This game object's content (the shipped files, read on first use, unless it was given a folder)."""
        if self._content is None:
            self._content = self.read_content(self.shipped_content)
        return self._content

    def with_content(self, content_dir: Path) -> Game:
        if not content_dir.is_dir():
            raise ContentError(str(content_dir), "-", "-", "no such folder")
        return type(self)(content_dir)
