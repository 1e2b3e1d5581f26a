"""Companion mode: people play the physical box, outlast keeps the books (issue 27, decision 0031).

Every die roll, card draw and tile draw is a chance point (architecture §2). A game declares the kinds of its chance
points once (`ChanceKind`: the weather dice, the event deck, the island tiles…) and says, for the pending one, which
kind it is, who at the table physically rolls or draws it, and what that person does (`Game.chance_point`, a
`ChancePoint`). A match played with some kinds *physical* (`Match.start(..., physical="dice")`) stops at each chance
point of those kinds instead of drawing from its RNG: it becomes a `Question` for the seat that rolls or draws, whose
legal actions are the chance outcomes the rules allow now, each with its plain name and probability. The answer is
recorded as the chance outcome itself, so a physical game's save replays exactly, like any other.

>>> from types import SimpleNamespace
>>> toy = SimpleNamespace(name="toy", chance_kinds=(
...     ChanceKind("weather", "Weather", "dice", "§9", "roll the weather dice"),
...     ChanceKind("rolls", "Action dice", "dice", "§8", "roll the three Action dice"),
...     ChanceKind("events", "Event deck", "cards", "§5", "draw the top Event card")))
>>> sorted(physical_kinds(toy, "dice"))
['rolls', 'weather']
>>> sorted(physical_kinds(toy, "all")) == sorted(physical_kinds(toy, "dice,events"))
True
>>> physical_kinds(toy, "dice, nothing")
Traceback (most recent call last):
...
outlast.core.errors.OptionError: option 'physical': 'nothing' is not a kind of chance point of toy; ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import OptionError, shown

if TYPE_CHECKING:
    from .game import Action, Game, State

COMPONENTS = ("dice", "cards", "tiles", "tokens")
"""What a kind of chance point is made with on the physical table; each also selects all kinds made with it."""

ALL = "all"
"""The option value that makes every kind of chance point physical."""


@dataclass(frozen=True)
class ChanceKind:
    """One kind of chance point a game declares: `name` (one lower-case word, as a player types it in an option),
    `label` (what people call it, such as "Weather dice"), `component` (one of `COMPONENTS`), the `rule` § it comes
    from, and `step`: what the person at the table does, in our words ("roll the weather dice"), which a
    `ChancePoint` may say more precisely."""

    name: str
    label: str
    component: str
    rule: str
    step: str


@dataclass(frozen=True)
class ChancePoint:
    """What a game says of its pending chance point (`Game.chance_point`): the `kind` (a declared name), the `seat`
    that physically rolls or draws it by the rules (None: anyone at the table), and the `step` the table takes now,
    in our words ("" for the kind's own step)."""

    kind: str
    seat: int | None = None
    step: str = ""


@dataclass(frozen=True)
class Answer:
    """One outcome a person may give: the chance `action`, its plain `name`, and its `probability` (for display)."""

    action: Action
    name: str
    probability: float

    @property
    def text(self) -> str:
        """The outcome's canonical text (what the save records)."""
        return str(self.action)


@dataclass(frozen=True)
class Question:
    """A chance point that people answer: its `kind`, the `seats` that may answer (the seat that rolls or draws, or
    every seat when the rules name none), the table's step (`line`), and every `Answer` the rules allow now, in the
    order of `State.chance_outcomes`."""

    kind: ChanceKind
    seats: tuple[int, ...]
    step: str
    answers: tuple[Answer, ...]

    @property
    def line(self) -> str:
        """The "what do I do now" line for the table: `Weather dice: roll the rain die`."""
        return f"{self.kind.label}: {self.step}"

    def find(self, words: str) -> list[Answer]:
        """The answers whose name or text contains `words` (case and spacing ignored), for a searchable menu;
        an answer whose name or text is exactly `words` comes alone."""
        wanted = " ".join(words.lower().split())
        if not wanted:
            return list(self.answers)
        exact = [a for a in self.answers if wanted in (a.name.lower(), a.text.lower())]
        if exact:
            return exact
        return [a for a in self.answers if wanted in a.name.lower() or wanted in a.text.lower()]

    def to_json(self) -> dict[str, Any]:
        """The question as plain data, for a door (the seat it is for sees it; it holds no other seat's secret)."""
        return {"kind": self.kind.name, "label": self.kind.label, "component": self.kind.component,
                "rule": self.kind.rule, "step": self.step, "line": self.line,
                "seats": list(self.seats),
                "answers": [{"text": a.text, "name": a.name, "probability": a.probability} for a in self.answers]}


def check_kinds(game: Game) -> None:
    """`game.chance_kinds` well formed (distinct one-word names, not `all` nor another kind's component, a known component,
    texts for the rest); `GameDefinitionError` naming the fault otherwise. The registry calls it at registration."""
    from .game import GameDefinitionError

    kinds = getattr(game, "chance_kinds", ())
    who = f"game {getattr(game, 'name', type(game).__name__)!r}"
    if not isinstance(kinds, tuple) or not all(isinstance(k, ChanceKind) for k in kinds):
        raise GameDefinitionError(f"{who} declares chance_kinds {shown(kinds)}; declare a tuple of ChanceKind")
    seen: set[str] = set()
    for k in kinds:
        if not (k.name.isascii() and k.name.isalpha() and k.name.islower()) or k.name == ALL or (
                k.name in COMPONENTS and k.name != k.component):
            raise GameDefinitionError(f"{who} names a kind of chance point {k.name!r}; a name is one lower-case "
                                      f"word, not {ALL}, nor a component other than its own")
        if k.name in seen:
            raise GameDefinitionError(f"{who} declares the kind of chance point {k.name!r} twice")
        seen.add(k.name)
        if k.component not in COMPONENTS:
            raise GameDefinitionError(f"{who}: chance kind {k.name!r} is made of {k.component!r}; "
                                      f"it must be one of {', '.join(COMPONENTS)}")
        if not (k.label.strip() and k.step.strip() and k.rule.startswith("§")):
            raise GameDefinitionError(f"{who}: chance kind {k.name!r} needs a label, a step and a rule §")


def allowed_text(game: Game) -> str:
    """The values the `physical` option allows for `game`, as a short phrase."""
    kinds = [k.name for k in game.chance_kinds]
    components = [c for c in COMPONENTS if any(k.component == c for k in game.chance_kinds)]
    return f"{ALL}, or a comma-separated list of {', '.join(dict.fromkeys(components + kinds))}"


def physical_kinds(game: Game, value: object) -> frozenset[str]:
    """The kinds of chance point `value` makes physical in `game`: None, False, "" or `none` make none; True or
    `all` every kind; otherwise a comma-separated text (or a list of texts) of kind names and components (`dice`
    takes every kind rolled with dice). Anything else is an `OptionError` naming the option `physical` and what
    it allows; so is asking a game that declares no kinds for any."""
    if value is None or value is False:
        return frozenset()
    words: Sequence[Any]
    if value is True:
        words = [ALL]
    elif isinstance(value, str):
        words = value.split(",")
    elif isinstance(value, list | tuple | frozenset | set) and len(value) <= 64:
        words = sorted(value, key=str) if isinstance(value, frozenset | set) else value
    else:
        raise OptionError("physical", value, allowed_text(game) if game.chance_kinds else "none")
    names = [w.strip().lower() if isinstance(w, str) else w for w in words]
    names = [w for w in names if w != ""]
    if not names or names == ["none"]:
        return frozenset()
    if not game.chance_kinds:
        raise OptionError("physical", value, "none",
                          f"option 'physical': {game.name} declares no kinds of chance point, so it has no "
                          "companion mode")
    by_name = {k.name: k for k in game.chance_kinds}
    chosen: set[str] = set()
    for word in names:
        if word == ALL:
            chosen.update(by_name)
        elif word in COMPONENTS and any(k.component == word for k in game.chance_kinds):
            chosen.update(k.name for k in game.chance_kinds if k.component == word)
        elif isinstance(word, str) and word in by_name:
            chosen.add(word)
        else:
            raise OptionError("physical", value, allowed_text(game),
                              f"option 'physical': {shown(word)} is not a kind of chance point of {game.name}; "
                              f"allowed: {allowed_text(game)}")
    return frozenset(chosen)


def question(game: Game, state: State, physical: frozenset[str]) -> Question | None:
    """The `Question` people answer now, or None: the game is over, no chance point is pending, or the pending one
    is of a kind left to the RNG. A game that names an undeclared kind or a seat out of range is a
    `GameDefinitionError` (a fault of the game, never of a player)."""
    from .game import CHANCE, GameDefinitionError

    if not physical or state.is_over() or state.to_move() != [CHANCE]:
        return None
    point = game.chance_point(state)
    kind = _kind(game, point.kind)
    if kind.name not in physical:
        return None
    seats = state.seat_count()
    if point.seat is not None and (type(point.seat) is not int or not 0 <= point.seat < seats):
        raise GameDefinitionError(f"{game.name} names seat {shown(point.seat)} to answer a {kind.name} chance "
                                  f"point; seats are 0 to {seats - 1}")
    answers = tuple(Answer(a, game.chance_name(state, a), p) for a, p in state.chance_outcomes())
    return Question(kind, tuple(range(seats)) if point.seat is None else (point.seat,), point.step or kind.step,
                    answers)


def _kind(game: Game, name: str) -> ChanceKind:
    """The declared kind called `name`; an undeclared one is the game's fault."""
    from .game import GameDefinitionError

    for k in game.chance_kinds:
        if k.name == name:
            return k
    raise GameDefinitionError(f"{game.name} names the chance kind {shown(name)}, which it does not declare "
                              f"(its kinds: {', '.join(k.name for k in game.chance_kinds) or 'none'})")


__all__ = ["ALL", "COMPONENTS", "Answer", "ChanceKind", "ChancePoint", "Question", "allowed_text", "check_kinds",
           "physical_kinds", "question"]
