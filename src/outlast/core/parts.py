"""Decisions made from their parts (architecture §2): another view of a seat's legal actions.

A seat's legal actions are texts (`reroll 1 4`, `use binoculars D1 E1`); a person should not pick among 63 of
them but click the dice, then confirm. `Parts` says what a choice is made of: each `Part` has a kind (a die, a
cell, a card, a seat, a pawn, an amount or a plain option), a name for people, its `Choice`s (the words a choice
adds to the action text, and a label a person reads) and how many are picked: `one`, a `subset` (from `min` to
`max` of them, in any order) or a `sequence` (ordered, each at most once). A choice of a `one` part may bring
further parts (`then`), asked right after it, so a pick is a walk down a small tree whose every branch is
completable: the legal combinations are never listed, yet every pick the parts allow is one legal action.

A **pick** is the list of answers given so far, one per part in the order the parts are asked: a text (a
choice's value) for a `one` part, a list of texts for a `subset` or `sequence` part. `Parts.next(pick)` is the
part to answer next (None once the pick is complete), `Parts.action_text(pick)` the one canonical text a
complete pick stands for, and `Parts.pick_of(text)` the way back. The texts stay the canonical form (saves,
RL, tests); the parts are only another view of the same set.

Any decision gets parts from day one: `Parts.from_texts` derives them from the legal texts (the verb first,
then each following word among those that keep the pick completable: a trie), and a game replaces the
subtree after a given prefix by declared parts (`grafts`) where a choice is combinatorial (a subset of dice).

>>> parts = Parts.from_texts(["stop", "reroll 1", "reroll 2", "reroll 1 2"], rule="§8.3", text="reroll or stop",
...     grafts={"reroll": (Part("dice", "die", "dice to reroll", (Choice("1", "die 1"), Choice("2", "die 2")),
...                             count="subset", min=1, max=2),)})
>>> [c.value for c in parts.next([]).choices]
['stop', 'reroll']
>>> parts.next(["reroll"]).name
'dice'
>>> parts.action_text(["reroll", ["2", "1"]])
'reroll 1 2'
>>> parts.pick_of("reroll 2")
['reroll', ['2']]
>>> sorted(text for _, text in parts.combinations())
['reroll 1', 'reroll 1 2', 'reroll 2', 'stop']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from .errors import IllegalAction, shown

PART_KINDS = ("die", "cell", "space", "tile", "card", "seat", "pawn", "amount", "option")
"""What a part picks: a die, a place on the board (`cell`, `space`, `tile`), a card, a seat, a pawn, an amount,
or a plain option (a verb, a word)."""
BOARD_KINDS = frozenset(("cell", "space", "tile"))
"""Kinds a door shows on its board rather than as buttons (they do not count as controls, `Parts.controls`)."""
COUNTS = ("one", "subset", "sequence")
"""How many choices a part takes: exactly one, a set (any order, `min`..`max`), or an ordered run (`min`..`max`)."""
Answer = str | list[str]
"""One answer of a pick: a choice's value (a `one` part) or a list of them (a `subset` or `sequence` part)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a part: `value` is the answer that picks it and the words it adds to the action text ("" adds
    none), `label` what a person reads, `then` the parts asked right after it (only for choices of a `one` part).
    `words`, when given, are the words added instead of the value: a group such as `build` that only leads to its
    members (`build:weapon`) adds none (`words=""`). `help`, when given, says in plain words what the choice does
    or is (a card's effect, an injury's cost), for a door's hover and tap text."""

    value: str
    label: str
    then: tuple[Part, ...] = ()
    words: str | None = None
    help: str = ""

    @property
    def text(self) -> str:
        """The words this choice adds to the action text."""
        return self.value if self.words is None else self.words

    def to_json(self) -> dict[str, Any]:
        """The choice as plain data (`then` only when it has parts, `words` only when they are not the value,
        `help` only when given)."""
        doc: dict[str, Any] = {"value": self.value, "label": self.label}
        if self.help:
            doc["help"] = self.help
        if self.words is not None and self.words != self.value:
            doc["words"] = self.words
        if self.then:
            doc["then"] = [part.to_json() for part in self.then]
        return doc


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a decision: its `name` (a word, unique along a pick), `kind` (one of `PART_KINDS`), `label`
    for people, its `choices` in canonical order, and how many are picked (`count` of `COUNTS`, `min`..`max`).

    A subset's values are written in the order of `choices`, whatever order they were picked in; a sequence's in
    the order picked. Every subset or sequence of `min`..`max` distinct choices is legal (a part whose
    combinations are not all legal is split into `one` parts with `then` instead).
    """

    name: str
    kind: str
    label: str
    choices: tuple[Choice, ...]
    count: str = "one"
    min: int = 1
    max: int = 1

    def __post_init__(self) -> None:
        if self.kind not in PART_KINDS:
            raise ValueError(f"part {self.name!r}: kind {self.kind!r} is not one of {', '.join(PART_KINDS)}")
        if self.count not in COUNTS:
            raise ValueError(f"part {self.name!r}: count {self.count!r} is not one of {', '.join(COUNTS)}")
        values = [c.value for c in self.choices]
        if len(set(values)) != len(values) or not values:
            raise ValueError(f"part {self.name!r}: its choices must be distinct and at least one: {values}")
        if self.count == "one":
            if (self.min, self.max) != (1, 1):
                raise ValueError(f"part {self.name!r}: a one-part takes min = max = 1")
        else:
            if not 0 <= self.min <= self.max <= len(values) or self.max == 0:
                raise ValueError(f"part {self.name!r}: min {self.min} and max {self.max} do not fit "
                                 f"{len(values)} choices")
            if any(c.then for c in self.choices) or any(not c.text for c in self.choices):
                raise ValueError(f"part {self.name!r}: the choices of a {self.count} add words and bring no parts")

    def to_json(self) -> dict[str, Any]:
        """The part as plain data (JSON-able), its choices' further parts included."""
        return {"name": self.name, "kind": self.kind, "label": self.label, "count": self.count,
                "min": self.min, "max": self.max, "choices": [c.to_json() for c in self.choices]}

    def answers(self) -> Iterator[tuple[Answer, tuple[Choice, ...]]]:
        """Every answer this part allows, with the choices it takes (canonical order for a subset)."""
        if self.count == "one":
            for choice in self.choices:
                yield choice.value, (choice,)
            return
        pick = combinations if self.count == "subset" else permutations
        for size in range(self.min, self.max + 1):
            for combo in pick(self.choices, size):
                yield [c.value for c in combo], combo


@dataclass(frozen=True, slots=True)
class Parts:
    """What a seat's decision is made of: the `parts` asked first (each choice may bring more), the `rule` §
    (named in every refusal), the decision's `text`, and whether a game `declared` some parts (False: all were
    derived from the legal texts)."""

    parts: tuple[Part, ...]
    rule: str = ""
    text: str = ""
    declared: bool = False
    _index: dict[str, list[Answer]] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ plain data
    def to_json(self) -> dict[str, Any]:
        """The parts as plain data (JSON-able): `{"rule", "text", "declared", "parts": [part, …]}`.

        Each part is `{"name", "kind", "label", "count", "min", "max", "choices"}` and each choice
        `{"value", "label"}` plus `"words"` when it adds other words than its value, `"help"` when it has plain
        words of what it does, and `"then": [part, …]` when it brings further parts.
        """
        return {"rule": self.rule, "text": self.text, "declared": self.declared,
                "parts": [part.to_json() for part in self.parts]}

    # ------------------------------------------------------------------ walking a pick
    def _refuse(self, reason: str) -> IllegalAction:
        return IllegalAction(reason, self.rule)

    def _walk(self, pick: Sequence[Answer]) -> tuple[list[Part], list[str]]:
        """Check each answer of `pick` against its part; (parts still to answer, words so far)."""
        if isinstance(pick, str) or not isinstance(pick, Sequence):
            raise self._refuse(f"a pick is a list of answers, one per part, not {shown(pick)}")
        queue = list(self.parts)
        words: list[str] = []
        for step, answer in enumerate(pick):
            if not queue:
                raise self._refuse(f"the pick is complete after {step} answers; answer {step + 1} "
                                   f"({shown(answer)}) answers no part")
            part = queue.pop(0)
            by_value = {c.value: c for c in part.choices}
            if part.count == "one":
                if not isinstance(answer, str):
                    raise self._refuse(f"{part.name} takes one choice, not {shown(answer)}")
                choice = by_value.get(answer)
                if choice is None:
                    raise self._refuse(f"{shown(answer)} is not one of the choices of {part.name} "
                                       f"({_listed(part)})")
                if choice.text:
                    words.append(choice.text)
                queue[:0] = choice.then
                continue
            if isinstance(answer, str) or not isinstance(answer, Sequence):
                raise self._refuse(f"{part.name} is a {part.count} of {part.min} to {part.max} choices: answer "
                                   f"with a list, not {shown(answer)}")
            for value in answer:
                if not isinstance(value, str) or value not in by_value:
                    raise self._refuse(f"{shown(value)} is not one of the choices of {part.name} ({_listed(part)})")
            if len(set(answer)) != len(answer):
                raise self._refuse(f"{part.name} takes each choice at most once: {shown(list(answer))}")
            if not part.min <= len(answer) <= part.max:
                raise self._refuse(f"{part.name} takes {part.min} to {part.max} choices, not {len(answer)}")
            if part.count == "subset":
                order = {c.value: i for i, c in enumerate(part.choices)}
                answer = sorted(answer, key=order.__getitem__)
            words += [by_value[value].text for value in answer]
        return queue, words

    def next(self, pick: Sequence[Answer]) -> Part | None:
        """The part to answer after the partial `pick` (None once it is complete); every choice it offers keeps
        the pick completable. An impossible pick is refused (`IllegalAction` naming the fault and the rule)."""
        queue, _ = self._walk(pick)
        return queue[0] if queue else None

    def action_text(self, pick: Sequence[Answer]) -> str:
        """The one canonical action text a complete `pick` stands for (`IllegalAction` if it is impossible or
        incomplete)."""
        queue, words = self._walk(pick)
        if queue:
            raise self._refuse(f"the pick is not complete: {queue[0].name} ({queue[0].label}) is still to choose")
        return " ".join(words)

    def pick_of(self, text: str) -> list[Answer]:
        """The pick whose action text is `text` (`IllegalAction` if no pick of these parts gives it)."""
        if not self._index:
            for pick, action in self.combinations():
                self._index.setdefault(action, pick)
        found = self._index.get(" ".join(text.split())) if isinstance(text, str) else None
        if found is None:
            raise self._refuse(f"no pick of this decision gives {shown(text)}")
        return list(found)

    def combinations(self) -> Iterator[tuple[list[Answer], str]]:
        """Every complete pick with its action text (the legal actions, listed: for tests and `pick_of`)."""
        yield from _expand(list(self.parts), [], [])

    def controls(self) -> int:
        """The most choices shown at once for one part of this decision, board targets (`BOARD_KINDS`) aside:
        what a door puts on screen as buttons at one time (a subset or sequence adds its confirm button)."""
        return _controls(self.parts)

    # ------------------------------------------------------------------ the generic fallback
    @staticmethod
    def from_texts(texts: Sequence[str], *, rule: str = "", text: str = "",
                   grafts: Mapping[str, tuple[Part, ...]] | None = None) -> Parts:
        """Parts derived from legal action texts: the verb first, then each next word among those that keep the
        pick completable (a trie; a run of words with no branch is one choice, and a text that another extends
        offers the choice "" to stop there).

        `grafts` maps a text prefix (whole words, itself no legal text) to declared parts that replace every
        continuation of the texts that begin with it; the texts themselves are not checked against the grafted
        parts (the game's property test does that).
        """
        root = _Node()
        grafts = grafts or {}
        reach = max((len(prefix.split()) for prefix in grafts), default=0)  # graft prefixes are a few words long
        for action in texts:
            node = root
            words = action.split()
            for i, word in enumerate(words):
                children = node.children
                child = children.get(word)
                if child is None:
                    child = children[word] = _Node()
                    if i < reach and i + 1 < len(words):  # a new node: is it a declared prefix?
                        child.graft = grafts.get(" ".join(words[:i + 1]))
                node = child
                if node.graft is not None:
                    break
            else:
                node.end = True
        return Parts(_node_parts(root, 1), rule, text, bool(grafts))


_RULE = re.compile(r"§\s?\d+(?:\.\d+)*")


def rule_in(text: str) -> str:
    """The first rule § named in `text` ("" if none): the rule of a decision described in words.

    >>> rule_in("phase 3, rerolls (§8.3): choose dice")
    '§8.3'
    """
    found = _RULE.search(text)
    return found.group(0).replace(" ", "") if found else ""


class _Node:
    __slots__ = ("children", "end", "graft")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.end = False
        self.graft: tuple[Part, ...] | None = None


def _node_parts(node: _Node, depth: int) -> tuple[Part, ...]:
    """The parts that follow trie `node` (none when it only ends a text)."""
    if node.graft is not None:
        return node.graft
    if not node.children:
        return ()
    choices = [Choice("", "done")] if node.end else []
    for word, child in node.children.items():
        words = [word]
        while child.graft is None and not child.end and len(child.children) == 1:
            (next_word, child), = child.children.items()
            words.append(next_word)
        value = " ".join(words)
        choices.append(Choice(value, value, _node_parts(child, depth + 1)))
    name = "action" if depth == 1 else f"word {depth}"
    return (Part(name, "option", "action" if depth == 1 else "then", tuple(choices)),)


def _expand(queue: list[Part], answers: list[Answer], words: list[str]) -> Iterator[tuple[list[Answer], str]]:
    if not queue:
        yield list(answers), " ".join(words)
        return
    part, rest = queue[0], queue[1:]
    for answer, chosen in part.answers():
        added = [c.text for c in chosen if c.text]
        then = chosen[0].then if part.count == "one" else ()
        yield from _expand([*then, *rest], [*answers, answer], [*words, *added])


def _controls(parts: tuple[Part, ...]) -> int:
    most = 0
    for part in parts:
        if part.kind not in BOARD_KINDS:
            most = max(most, len(part.choices) + (part.count != "one"))
        for choice in part.choices:
            if choice.then:
                most = max(most, _controls(choice.then))
    return most


def _listed(part: Part) -> str:
    shown_values = [repr(c.value) for c in part.choices[:8]]
    more = len(part.choices) - 8
    return ", ".join(shown_values) + (f" and {more} more" if more > 0 else "")
