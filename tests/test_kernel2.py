"""The kernel-2 building blocks: decisions (`core/decision.py`), declared state (`core/declared.py`) and earlier
position formats read by renaming keys (`core/formats.py`)."""

from __future__ import annotations

import doctest
import random
from dataclasses import dataclass
from typing import Any

import pytest

import outlast.core.decision as decision_module
import outlast.core.declared as declared_module
import outlast.core.formats as formats_module
from outlast.core import ContentError, SaveError, VerbRegistry
from outlast.core.decision import Decision, DecisionKinds
from outlast.core.declared import LIST, NESTED, RESET, Bool, Declaration, Field, Int, Ints, Lists, Text, Word
from outlast.core.formats import Renamed


@dataclass(frozen=True, slots=True)
class Pick(Decision):
    kind = "pick"
    rule = "§9.9"
    seat: int
    options: tuple[int, ...]

    def choosers(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: Any, seat: int) -> list[int]:
        return list(self.options) if seat == self.seat else []

    def resolve(self, state: Any, action: Any) -> None:
        state.picked.append(action)

    def check(self, state: Any) -> str | None:
        return None if 0 <= self.seat < state.seats else f"seat {self.seat} is not at the table"


@dataclass(frozen=True, slots=True)
class Confirm(Decision):
    kind = "confirm"
    rule = "§1"
    reveals = True
    who: int
    note: str
    firm: bool

    def choosers(self, state: Any) -> tuple[int, ...]:
        return (self.who,)

    def legal(self, state: Any, seat: int) -> list[str]:
        return ["yes"]

    def resolve(self, state: Any, action: Any) -> None:
        pass


KINDS = DecisionKinds(Pick, Confirm)


class Table:
    seats = 3


def test_the_module_examples_run() -> None:
    assert doctest.testmod(decision_module).failed == 0
    assert doctest.testmod(declared_module).failed == 0
    assert doctest.testmod(formats_module).failed == 0


OLD = Renamed(1, {"cur": "resolving_action", "log/*/data/who": "meeple"}, dropped={"unused": 0})


def test_an_earlier_format_round_trips_by_renaming() -> None:
    old = {"format": 1, "cur": 2, "unused": 0, "log": [{"data": {"who": 1}}, {"data": {}}, {"text": "x"}]}
    new = {"format": 2, "resolving_action": 2, "log": [{"data": {"meeple": 1}}, {"data": {}}, {"text": "x"}]}
    assert OLD.upgrade(old) == new and OLD.downgrade(new) == old
    assert OLD.upgrade({"format": 1, "cur": 2}) == {"format": 2, "resolving_action": 2}  # a dropped key may be left out
    assert OLD.upgrade({"format": 1, "log": "not a list"})["log"] == "not a list"  # shapes are load_state's to check


@pytest.mark.parametrize(("doc", "words"), [
    ({"format": 1, "resolving_action": 2}, "format 1 has no key 'resolving_action' (it writes 'cur')"),
    ({"format": 1, "log": [{"data": {"who": 1, "meeple": 1}}]}, "has no key 'meeple'"),
    ({"format": 1, "unused": 3}, "state field 'unused' of format 1 is always 0, not 3"),
])
def test_an_earlier_format_holding_a_newer_key_is_refused(doc: dict[str, Any], words: str) -> None:
    with pytest.raises(SaveError) as err:
        OLD.upgrade(doc)
    assert words in str(err.value)


def test_a_decision_round_trips_through_its_document() -> None:
    for d in (Pick(2, (1, 4, 6)), Confirm(0, "well", True)):
        assert KINDS.load(d.to_doc(), Table()) == d
    assert Pick(2, (1,)).to_doc() == {"kind": "pick", "seat": 2, "options": [1]}
    assert Confirm.reveals and not Pick.reveals
    assert Pick(0, ()).text(None) == "pick" and "pick" in Pick(0, ()).refusal(None, 9)


@pytest.mark.parametrize(("doc", "words"), [
    ([], "an object with its kind"),
    ({"kind": 3}, "an object with its kind"),
    ({"kind": "jump"}, "unknown decision kind 'jump' (known: confirm, pick)"),
    ({"kind": "pick", "seat": 1}, "lacks its field 'options'"),
    ({"kind": "pick", "seat": 1, "options": [], "x": 1}, "no field 'x'"),
    ({"kind": "pick", "seat": True, "options": []}, "field 'seat' must be int"),
    ({"kind": "pick", "seat": 1.0, "options": []}, "field 'seat' must be int"),
    ({"kind": "pick", "seat": 10**40, "options": []}, "out of range"),
    ({"kind": "pick", "seat": 1, "options": [1, "2"]}, "list of whole numbers"),
    ({"kind": "pick", "seat": 1, "options": list(range(65))}, "list of whole numbers"),
    ({"kind": "pick", "seat": 7, "options": []}, "seat 7 is not at the table"),
    ({"kind": "confirm", "who": 0, "note": 5, "firm": True}, "field 'note' must be str"),
    ({"kind": "confirm", "who": 0, "note": "", "firm": 1}, "field 'firm' must be bool"),
])
def test_a_bad_decision_document_is_refused_by_name(doc: Any, words: str) -> None:
    with pytest.raises(SaveError) as err:
        KINDS.load(doc, Table())
    assert words in str(err.value)


def test_decision_kinds_refuse_bad_declarations() -> None:
    @dataclass(frozen=True, slots=True)
    class NoRule(Decision):
        kind = "no rule"
        seat: int

        def choosers(self, state: Any) -> tuple[int, ...]:
            return ()

        def legal(self, state: Any, seat: int) -> list[Any]:
            return []

        def resolve(self, state: Any, action: Any) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Holds(Pick):
        kind = "holds"
        items: list[int]  # type: ignore[misc]

    with pytest.raises(TypeError, match="rule"):
        DecisionKinds(NoRule)
    with pytest.raises(TypeError, match="share the kind"):
        DecisionKinds(Pick, Pick)
    with pytest.raises(TypeError, match="items"):
        DecisionKinds(Holds)
    with pytest.raises(AttributeError):
        Pick(1, (2,)).seat = 3  # type: ignore[misc]


class Board:
    __slots__ = ("seats", "phase", "stamina", "hands", "note", "done", "cache", "stack")

    def __init__(self) -> None:
        self.seats = 3
        self.phase = 1
        self.stamina = [4, 5, 6]
        self.hands = [[1, 2], [3], []]
        self.note = "hello"
        self.done = 0
        self.cache: dict[str, int] | None = {"a": 1}
        self.stack = (1, 2)


def _deal_again(state: Board, seat: int, rng: Any) -> None:
    cards = sorted(c for i, hand in enumerate(state.hands) if i != seat for c in hand)
    rng.shuffle(cards)
    for i, hand in enumerate(state.hands):
        if i != seat:
            state.hands[i] = sorted(cards.pop() for _ in hand)


DECL = Declaration([
    Field("seats", Int(2, 4)),
    Field("phase", Word(("setup", "day", "night"))),
    Field("stamina", Ints(0, 12, length=lambda s: s.seats), copy=LIST),
    Field("hands", Lists(Ints(1, 60, longest=5), length=lambda s: s.seats), copy=NESTED, hidden=True,
          redraw=_deal_again),
    Field("note", Text(20)),
    Field("done", Bool(as_int=True)),
    Field("cache", None, copy=RESET),
    Field("stack", Ints(0, 9, as_tuple=True), doc_name="pile"),
])


def test_a_declared_clone_copies_each_field_by_its_policy() -> None:
    a = Board()
    b = DECL.clone(a)
    assert type(b) is Board and b.cache is None
    assert (b.seats, b.phase, b.stamina, b.hands, b.note, b.done, b.stack) == (3, 1, [4, 5, 6], [[1, 2], [3], []],
                                                                              "hello", 0, (1, 2))
    b.stamina[0] = 0
    b.hands[0].append(9)
    assert a.stamina == [4, 5, 6] and a.hands == [[1, 2], [3], []]


def test_a_declared_position_round_trips_in_its_words() -> None:
    doc = DECL.to_doc(Board())
    assert doc == {"seats": 3, "phase": "day", "stamina": [4, 5, 6], "hands": [[1, 2], [3], []], "note": "hello",
                   "done": False, "pile": [1, 2]}
    back = DECL.from_doc(Board.__new__(Board), doc)
    assert DECL.to_doc(back) == doc and back.cache is None and back.stack == (1, 2) and back.done == 0


@pytest.mark.parametrize(("change", "words"), [
    ({"seats": 5}, "field 'seats': is 5, not between 2 and 4"),
    ({"seats": "3"}, "field 'seats': must be a whole number"),
    ({"phase": "dusk"}, "field 'phase': must be one of 'setup', 'day', 'night'"),
    ({"stamina": [4, 5]}, "field 'stamina': must hold 3 items, not 2"),
    ({"stamina": [4, 5, 13]}, "field 'stamina': item 2 is 13, not between 0 and 12"),
    ({"stamina": [4, 5, True]}, "field 'stamina': item 2 must be a whole number"),
    ({"hands": [[1], [2]]}, "field 'hands': must be a list of 3 lists"),
    ({"hands": [[1], [2], [0]]}, "field 'hands': list 2: item 0 is 0"),
    ({"hands": [[1], [2], [1, 2, 3, 4, 5, 6]]}, "field 'hands': list 2: must hold at most 5 items"),
    ({"note": "x" * 21}, "field 'note': must be a text of at most 20"),
    ({"done": 0}, "field 'done': must be true or false"),
    ({"pile": {}}, "field 'pile': must be a list"),
    ({"cache": {}}, "the position has no field 'cache'"),
    ({"stack": [1]}, "the position has no field 'stack'"),
])
def test_a_bad_position_is_refused_naming_the_field(change: dict[str, Any], words: str) -> None:
    doc = {**DECL.to_doc(Board()), **change}
    with pytest.raises(SaveError) as err:
        DECL.from_doc(Board.__new__(Board), doc)
    assert words in str(err.value)


def test_a_position_lacking_a_field_or_not_an_object_is_refused() -> None:
    doc = DECL.to_doc(Board())
    del doc["note"]
    with pytest.raises(SaveError, match="lacks field 'note'"):
        DECL.from_doc(Board.__new__(Board), doc)
    with pytest.raises(SaveError, match="JSON object"):
        DECL.from_doc(Board.__new__(Board), [1])


def test_resample_redraws_only_what_the_seat_cannot_see() -> None:
    a = Board()
    a.hands = [[1, 2], [3, 4], [5, 6]]
    seen = set()
    for i in range(30):
        b = DECL.resample(a, 0, random.Random(i))
        assert b.hands[0] == [1, 2] and sorted(b.hands[1] + b.hands[2]) == [3, 4, 5, 6]
        assert a.hands == [[1, 2], [3, 4], [5, 6]]
        seen.add(tuple(b.hands[1]))
    assert len(seen) > 1


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(TypeError, match="twice"):
        Declaration([Field("a", Int(0, 1)), Field("a", Int(0, 1))])
    with pytest.raises(TypeError, match="redraws"):
        Declaration([Field("a", Int(0, 1), hidden=True)])
    with pytest.raises(TypeError, match="policy"):
        Declaration([Field("a", Int(0, 1), copy="deep")])
    with pytest.raises(TypeError, match="never saved"):
        Declaration([Field("a", None, copy=LIST)])


# ---------------------------------------------------------------- effects that run (architecture §3)
class Camp:
    def __init__(self) -> None:
        self.food = 0
        self.wounds = 0
        self.asked: list[Any] = []

    def choose(self, branches: list[Any]) -> None:
        self.asked.append(branches)


def _gain(ctx: Camp, *, amount: int, per_player: bool | None) -> None:
    ctx.food += amount * (3 if per_player else 1)


def _wound(ctx: Camp, *, n: int, who: str) -> None:  # never reads `who`
    ctx.wounds += n


def _verbs() -> VerbRegistry:
    v = VerbRegistry()
    v.register("harvest", {"amount": "int", "per_player": "bool?"}, lambda p: f"Gain {p['amount']} food.", handler=_gain)
    v.register("scratch", {"n": "int", "who": "str"}, lambda p: f"{p['who']} takes {p['n']} wounds.", handler=_wound)
    v.register("rest", {}, lambda p: "Rest.")
    return v


def test_an_effect_runs_its_handlers_with_the_cards_numbers() -> None:
    v = _verbs()
    effect = [{"harvest": {"amount": 2}}, {"harvest": {"amount": 1, "per_player": True}}, {"scratch": {"n": 1, "who": "all"}},
              {"choose": [{"harvest": {"amount": 1}}, {"scratch": {"n": 2, "who": "one"}}]}]
    v.validate(effect, "cards.yaml", "storm", "effect")
    camp = Camp()
    v.run(effect, camp)
    assert (camp.food, camp.wounds) == (5, 1) and camp.asked == [effect[3]["choose"]]


def test_lint_finds_verbs_without_handlers_unread_parameters_and_unused_verbs() -> None:
    v = _verbs()
    v.validate([{"harvest": {"amount": 2}}, {"scratch": {"n": 1, "who": "x"}}], "cards.yaml", "storm", "effect")
    assert v.problems() == ["verb 'scratch': its handler never reads parameter 'who'", "verb 'rest' has no handler"]
    v.handle("rest", lambda ctx: None)
    assert "verb 'rest' is used by no content" in v.problems()
    with pytest.raises(ValueError, match="already"):
        v.handle("rest", lambda ctx: None)
    with pytest.raises(ContentError, match="no handler"):
        w = VerbRegistry()
        w.register("idle", {}, lambda p: "Idle.")
        w.run({"idle": None}, Camp())


def test_a_handler_missing_a_parameter_is_named() -> None:
    v = VerbRegistry()
    v.register("harvest", {"amount": "int", "per_player": "bool?"}, lambda p: "", handler=lambda ctx, amount: amount)
    v.validate({"harvest": {"amount": 1}}, "f.yaml", "x", "effect")
    assert v.problems() == ["verb 'harvest': its handler takes no parameter 'per_player'"]
