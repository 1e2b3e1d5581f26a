"""The tutorials (src/outlast/tutorials): every script replays legally from its seed, and bad scripts are refused."""

from __future__ import annotations

import json

import pytest

from outlast.core import CHANCE
from outlast.tutorials import GAMES, OffScript, TutorialError, UnknownTutorial, load_tutorial, parse_tutorial


@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_replays_legally_from_its_seed(game: str) -> None:
    """A rule change that breaks a script fails here, naming the step (TutorialError)."""
    tutorial = load_tutorial(game)
    match = tutorial.replay()
    assert tutorial.progress(match) == len(tutorial.steps)
    assert 10 <= tutorial.learner_steps <= 25
    assert tutorial.coach(match, tutorial.seat)["finished"] is True


@pytest.mark.parametrize("game", GAMES)
def test_every_learner_step_has_a_pick_the_client_can_highlight(game: str) -> None:
    """Each learner step's move is made of parts the picker offers (the coach highlights them), in plain words."""
    tutorial = load_tutorial(game)
    match = tutorial.start()
    for number, step in enumerate(tutorial.steps, 1):
        if step.seat == tutorial.seat:
            coach = tutorial.coach(match, tutorial.seat)
            assert coach["action"] == step.action and coach["pick"], f"step {number}"
            for word in ("_", "§", "`"):
                assert word not in step.say + step.hint, f"step {number}: {word!r} in the coach's words"
        match.play(step.action, step.seat)
        match.resolve_chance()


def test_an_off_script_move_is_refused_with_the_hint_and_changes_nothing() -> None:
    tutorial = load_tutorial("fuji")
    match = tutorial.start()
    first = tutorial.steps[0]  # the partner's step: the learner must wait
    assert first.seat != tutorial.seat
    with pytest.raises(OffScript, match="Wait"):
        tutorial.check(match, tutorial.seat, "mark E2")
    match.play(first.action, first.seat)
    match.resolve_chance()
    before = len(match.history)
    with pytest.raises(OffScript) as refused:
        tutorial.check(match, tutorial.seat, "mark D2")
    assert refused.value.hint == tutorial.steps[1].hint
    assert len(match.history) == before
    tutorial.check(match, tutorial.seat, "mark  E2")  # the script's move, in any spacing the engine reads


def test_an_unknown_game_has_no_tutorial() -> None:
    with pytest.raises(UnknownTutorial, match="no tutorial for 'chess'"):
        load_tutorial("chess")


def _doc(game: str = "fuji") -> dict:
    return json.loads(json.dumps({**load_tutorial(game).__dict__, "steps": [s.__dict__ for s in load_tutorial(game).steps]}))


def test_a_tampered_step_fails_the_replay_naming_its_number() -> None:
    doc = _doc()
    doc["steps"][5]["action"] = "reroll 9"
    with pytest.raises(TutorialError, match="fuji tutorial, step 6: 'reroll 9' is refused"):
        parse_tutorial("fuji", json.dumps(doc)).replay()


def test_a_step_of_a_seat_not_to_move_fails_the_replay() -> None:
    doc = _doc()
    doc["steps"][0]["seat"] = 0
    doc["steps"][0]["say"], doc["steps"][0]["hint"] = "x", "y"
    with pytest.raises(TutorialError, match="step 1: seat 0 is not to move"):
        parse_tutorial("fuji", json.dumps(doc)).replay()


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("seed"), "field 'seed' must be a int"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.update(game="robinson"), "the file is the tutorial of 'robinson'"),
    (lambda d: d["steps"][1].update(hint=""), "step 2: a learner's step needs the coach's words"),
    (lambda d: d["steps"][1].update(seat="0"), "step 2: seat must be a number"),
])
def test_a_malformed_tutorial_is_a_typed_error(change, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = _doc()
    change(doc)
    with pytest.raises(TutorialError, match=message):
        parse_tutorial("fuji", json.dumps(doc))


def test_not_json_is_a_typed_error() -> None:
    with pytest.raises(TutorialError, match="not JSON"):
        parse_tutorial("fuji", "{")


def test_the_script_holds_no_chance_steps() -> None:
    for game in GAMES:
        assert all(step.seat != CHANCE for step in load_tutorial(game).steps)


def test_the_module_examples_run() -> None:
    import doctest

    import outlast.tutorials

    assert doctest.testmod(outlast.tutorials).failed == 0
