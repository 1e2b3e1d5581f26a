"""Interactive tutorials: a short scripted game per game, with a coach (docs/server.md, Tutorials).

A tutorial is data (`<game>.json` beside this module): the game, its options and seed (the seed fixes every die
and card, so the script meets the same chance outcomes every time), the learner's seat, and the steps. Each step
is one action of one seat, in the order they are played: the learner's steps carry what the coach says (what to
do and why) and the hint given when another move is tried; the other seats' steps are played by the server, as a
bot that follows the script. Chance is not in the script: it comes from the seed.

How far a game has come is read from the match itself (its actions other than chance), so nothing beside the
table's stored actions is kept, and an undo takes the tutorial back a step by itself.

>>> tutorial = load_tutorial("fuji")
>>> match = tutorial.replay()
>>> tutorial.progress(match) == len(tutorial.steps)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from outlast.core import CHANCE, IllegalAction, Match, OutlastError, load_game
from outlast.core.errors import shown

GAMES = ("fuji", "robinson", "discover")
"""The games that have a tutorial."""


class TutorialError(OutlastError):
    """A tutorial file the engine cannot use: malformed, or a step the rules refuse (`step` is its number, from 1)."""

    def __init__(self, game: str, message: str, step: int | None = None) -> None:
        self.game, self.step = game, step
        where = f"{game} tutorial" + (f", step {step}" if step is not None else "")
        super().__init__(f"{where}: {message}")


class UnknownTutorial(OutlastError):
    """No tutorial for that game."""

    def __init__(self, game: object) -> None:
        self.game = game
        super().__init__(f"there is no tutorial for {shown(game)}: tutorials exist for {', '.join(GAMES)}")


class OffScript(OutlastError):
    """A move the tutorial does not expect now: refused, with the coach's `hint` (nothing changed)."""

    def __init__(self, hint: str) -> None:
        self.hint = hint
        super().__init__(hint)


@dataclass(frozen=True)
class Step:
    """One scripted action: `seat` plays `action` (its canonical text). A learner's step has the coach's words
    (`say`: what to do and why) and the `hint` shown when another move is tried; another seat's step may have
    words the learner reads while that seat moves."""

    seat: int
    action: str
    say: str = ""
    hint: str = ""


@dataclass(frozen=True)
class Tutorial:
    """One game's tutorial: how its match is made, whose seat the learner holds, the steps and the coach's words
    at the start (`intro`) and the end (`done`)."""

    game: str
    title: str
    options: dict[str, Any]
    seed: int
    seat: int
    intro: str
    done: str
    steps: tuple[Step, ...]

    @property
    def learner_steps(self) -> int:
        """How many steps the learner plays."""
        return sum(1 for s in self.steps if s.seat == self.seat)

    def start(self) -> Match:
        """The tutorial's match, dealt up to its first choice."""
        match = Match.start(load_game(self.game), self.seed, self.options)
        match.resolve_chance()
        return match

    def progress(self, match: Match) -> int:
        """How many steps of the script `match` has played (its actions other than chance)."""
        return sum(1 for entry in match.history if entry.seat != CHANCE)

    def next_step(self, match: Match) -> Step | None:
        """The step to play next in `match`, or None once the script is done (the game then goes on freely)."""
        done = self.progress(match)
        return self.steps[done] if done < len(self.steps) and not match.state.is_over() else None

    def scripted_mover(self, match: Match) -> int | None:
        """The seat other than the learner's whose scripted step comes next, when that seat is to move now."""
        step = self.next_step(match)
        if step is None or step.seat == self.seat or step.seat not in match.state.to_move():
            return None
        return step.seat

    def check(self, match: Match, seat: int, text: str) -> None:
        """Refuse with `OffScript` (and the coach's hint) any move of `seat` other than the script's next one;
        once the script is done every legal move is allowed."""
        step = self.next_step(match)
        if step is None:
            return
        if step.seat != seat:
            raise OffScript("Wait a moment: the other explorer moves first (the coach will tell you when it is "
                            "your turn).")
        try:
            given = str(match.state._coerce(text, seat))
        except IllegalAction:
            given = text
        if given != step.action:
            raise OffScript(step.hint or step.say)

    def coach(self, match: Match, seat: int) -> dict[str, Any]:
        """What the coach shows `seat` now (the learner's state message carries it): the step's words, the part
        choices that make its move (`pick`, one entry per part asked, for the client to highlight), and the
        labels of those choices (`touch`); or, once the script is done, the closing words."""
        total = self.learner_steps
        done = self.progress(match)
        step = self.next_step(match)
        taken = sum(1 for s in self.steps[:done] if s.seat == self.seat)
        out: dict[str, Any] = {"title": self.title, "step": taken + 1, "of": total, "seat": self.seat}
        if taken == 0:  # until the learner's first move: what the game is about
            out["intro"] = self.intro
        if step is None:
            out.update(step=total, finished=True, say=self.done)
            return out
        if step.seat != seat:
            out.update(waiting=True, say=step.say or "The other explorer is moving; watch the board.")
            return out
        out.update(say=step.say, hint=step.hint, action=step.action, **_pick_of(match, seat, step.action))
        return out

    def replay(self) -> Match:
        """Play the whole script from the seed; `TutorialError` naming the first step the rules refuse."""
        match = self.start()
        for number, step in enumerate(self.steps, 1):
            movers = [] if match.state.is_over() else match.state.to_move()
            if step.seat not in movers:
                raise TutorialError(self.game, f"seat {step.seat} is not to move (seats to move: {movers})", number)
            try:
                match.play(step.action, step.seat)
            except OutlastError as exc:
                raise TutorialError(self.game, f"{step.action!r} is refused: {exc}", number) from None
            match.resolve_chance()
        return match


def _pick_of(match: Match, seat: int, text: str) -> dict[str, Any]:
    """The part-by-part pick of `text` in `seat`'s decision: `pick` as [{part, kind, values}] and `touch`, the
    labels a person reads for each answer."""
    parts = match.state.decision_parts(seat)
    if parts is None:
        return {"pick": [], "touch": []}
    try:
        pick = parts.pick_of(text)
    except OutlastError:
        return {"pick": [], "touch": []}
    shown_pick, touch = [], []
    for i, answer in enumerate(pick):
        part = parts.next(pick[:i])
        if part is None:
            break
        values = [answer] if isinstance(answer, str) else list(answer)
        labels = {c.value: c.label for c in part.choices}
        shown_pick.append({"part": part.name, "kind": part.kind, "count": part.count, "values": values})
        words = ", ".join(labels.get(v, v) for v in values)
        if words:
            touch.append(words)
    return {"pick": shown_pick, "touch": touch}


@cache
def load_tutorial(game: str) -> Tutorial:
    """The tutorial of `game` (`UnknownTutorial` for a game without one; `TutorialError` for a malformed file)."""
    if game not in GAMES:
        raise UnknownTutorial(game)
    text = resources.files(__package__).joinpath(f"{game}.json").read_text(encoding="utf-8")
    return parse_tutorial(game, text)


def parse_tutorial(game: str, text: str) -> Tutorial:
    """A tutorial from its JSON text, every field checked (`TutorialError` naming the first fault)."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise TutorialError(game, f"not JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise TutorialError(game, "the file must hold one JSON object")
    fields = {"game": str, "title": str, "options": dict, "seed": int, "seat": int, "intro": str, "done": str,
              "steps": list}
    for name, kind in fields.items():
        if not isinstance(doc.get(name), kind) or isinstance(doc.get(name), bool):
            raise TutorialError(game, f"field {name!r} must be a {kind.__name__}")
    extra = set(doc) - set(fields)
    if extra:
        raise TutorialError(game, f"unknown field {sorted(extra)[0]!r}")
    if doc["game"] != game:
        raise TutorialError(game, f"the file is the tutorial of {doc['game']!r}")
    steps = []
    for number, raw in enumerate(doc["steps"], 1):
        if not isinstance(raw, dict) or set(raw) - {"seat", "action", "say", "hint"}:
            raise TutorialError(game, "a step is an object of seat, action, say and hint", number)
        seat, action = raw.get("seat"), raw.get("action")
        say, hint = raw.get("say", ""), raw.get("hint", "")
        if type(seat) is not int or not isinstance(action, str) or not isinstance(say, str) or not isinstance(hint, str):
            raise TutorialError(game, "seat must be a number and action, say and hint texts", number)
        if seat == doc["seat"] and not (say and hint):
            raise TutorialError(game, "a learner's step needs the coach's words (say) and a hint", number)
        steps.append(Step(seat, action, say, hint))
    return Tutorial(game=game, title=doc["title"], options=doc["options"], seed=doc["seed"], seat=doc["seat"],
                    intro=doc["intro"], done=doc["done"], steps=tuple(steps))


__all__ = ["GAMES", "OffScript", "Step", "Tutorial", "TutorialError", "UnknownTutorial", "load_tutorial",
           "parse_tutorial"]
