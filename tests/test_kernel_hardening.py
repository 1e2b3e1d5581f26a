"""Issue #10, the kernel's part: options, seeds, seats, save files and the reveal contract refuse bad
input with a typed error and change nothing. Each test failed at 08d2674 (untyped escapes, silent
truncation, or a save that loaded as another game)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import outlast
from outlast import IllegalAction, Match, OptionError, SaveError
from outlast.core import check_seat, parse_document, resolve_seed, whole_number
from outlast.core.errors import shown

GAMES = outlast.list_games()


# --- options and seeds (item 3) ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [2.5, 2.0, math.inf, -math.inf, math.nan, [2], "2.5", "²", "٣", "9" * 5000,
                                   10**5000, True, None, b"2"], ids=shown)
def test_players_must_be_a_whole_number(name: str, value: Any) -> None:
    with pytest.raises(OptionError) as info:
        outlast.load_game(name).new_game(seed=1, players=value)
    assert info.value.option == "players"


def test_level_3_9_is_refused_not_truncated() -> None:
    with pytest.raises(OptionError, match="level"):
        outlast.load_game("fuji").new_game(seed=1, level=3.9)
    assert outlast.load_game("fuji").options.resolve({"level": "3"})["level"] == 3


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", ["abc", math.nan, math.inf, 1.5, 2.0, [1], {}, b"1", True, 1 << 256, -(1 << 63) - 1,
                                  10**5000], ids=shown)
def test_a_seed_is_a_whole_number_from_minus_2_63_to_2_256(name: str, seed: Any) -> None:
    with pytest.raises(OptionError) as info:
        outlast.load_game(name).new_game(seed=seed)
    assert info.value.option == "seed"


def test_seeds_that_are_allowed() -> None:
    assert resolve_seed(None) == 0
    assert resolve_seed("12") == 12
    assert resolve_seed(-(1 << 63)) == -(1 << 63)
    assert whole_number(" 7 ") == 7 and whole_number("²") is None and whole_number("1" * 21) is None


def test_a_huge_number_is_quoted_without_crashing() -> None:
    assert shown(10**5000) == "an integer of 5001 digits"
    assert shown("x" * 500).endswith("...") and len(shown("x" * 500)) == 60


# --- seats and actions (item 2) ---------------------------------------------------------------------
@pytest.mark.parametrize("seat", [1.0, True, "0", -5, 10**20, None, [0], b"0"], ids=shown)
def test_check_seat_refuses_what_is_not_a_seat(seat: Any) -> None:
    with pytest.raises(IllegalAction):
        check_seat(seat, 3)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [None, 5, 2.5, b"ready", ["ready"], {"verb": "ready"}, "x" * 201], ids=shown)
def test_apply_refuses_what_is_not_an_action_and_changes_nothing(name: str, value: Any) -> None:
    state = outlast.load_game(name).new_game(seed=2)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        state.apply(value)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_another_games_action_object_is_refused() -> None:
    fuji = outlast.load_game("fuji").new_game(seed=2)
    robinson = outlast.load_game("robinson").new_game(seed=2)
    while fuji.to_move() == [outlast.CHANCE]:
        fuji.apply(fuji.sample_chance())
    foreign = fuji.legal_actions(fuji.to_move()[0])[0]
    before = json.dumps(robinson.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="not an action of robinson"):
        robinson.apply(foreign)
    assert json.dumps(robinson.to_json(), sort_keys=True) == before


# --- save files (item 4) ------------------------------------------------------------------------------
def _save(name: str = "fuji", steps: int = 60) -> dict[str, Any]:
    match = Match.new(name, seed=5)
    while len(match.history) < steps and not match.state.is_over():
        movers = match.state.to_move()
        if movers == [outlast.CHANCE]:
            match.play(match.state.sample_chance())
        else:
            match.play(match.state.legal_actions(movers[0])[-1])
    return match.to_json()


def test_a_save_without_its_digest_is_refused() -> None:
    doc = _save()
    del doc["digest"]
    with pytest.raises(SaveError, match="no digest"):
        Match.from_json(doc)


def test_a_save_without_its_digest_and_with_actions_removed_is_refused() -> None:
    doc = _save()
    del doc["digest"]
    doc["actions"] = doc["actions"][:-10]
    with pytest.raises(SaveError):
        Match.from_json(doc)


@pytest.mark.parametrize("key", ["seed", "game"])
def test_an_option_named_like_a_match_field_is_an_unknown_option(key: str) -> None:
    doc = _save()
    doc["options"][key] = 3
    with pytest.raises(SaveError, match="unknown option"):
        Match.from_json(doc)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(seed=10**5000), "options are invalid"),
    (lambda d: d.update(seed=1.5), "'seed'"),
    (lambda d: d["options"].update(players=math.inf), "players"),
    (lambda d: d["options"].update(level=10**5000), "level"),
    (lambda d: d["actions"].append([True, "ready", False]), "malformed"),
    (lambda d: d["actions"].append([10**20, "ready", False]), "seat"),
    (lambda d: d["actions"].append([-1, "place C3 zz", True]), "cannot be replayed"),
    (lambda d: d["actions"].append([0, "²", False]), "cannot be replayed"),
    (lambda d: d.update(digest=7), "digest"),
])
def test_corrupt_save_fields_are_save_errors(mutate: Any, message: str) -> None:
    doc = _save()
    mutate(doc)
    with pytest.raises(SaveError, match=message):
        Match.from_json(doc)


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "cannot be read"),
    ('{"seed": Infinity}', "Infinity"),
    ('{"seed": NaN}', "NaN"),
    ("{", "not valid JSON"),
])
def test_documents_that_python_cannot_read_safely_are_save_errors(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        parse_document(text, "the file")


def test_a_save_file_on_disk_with_deep_nesting_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000 + "]" * 50_000)
    with pytest.raises(SaveError):
        Match.load(path)


# --- reveals end undo (item 6) -------------------------------------------------------------------------
def test_apply_reports_a_chance_outcome_as_a_reveal() -> None:
    state = outlast.load_game("fuji").new_game(seed=4)
    assert state.to_move() == [outlast.CHANCE]
    assert state.apply(state.sample_chance()) is True
    assert state.revealed is True


def _first_position_with(match: Match, reveals: bool) -> tuple[int, outlast.Action]:
    """Play on (chance from the seed, else the first legal action) until a seat has an action whose
    `apply` reports `reveals`; return the seat and that action."""
    for _ in range(2000):
        match.resolve_chance()
        seat = match.state.to_move()[0]
        for action in match.state.legal_actions(seat):
            if match.state.clone().apply(action) is reveals:
                return seat, action
        match.play(match.state.legal_actions(seat)[0])
    raise AssertionError("no such action in 2,000 moves")


@pytest.mark.parametrize("name", GAMES)
def test_undo_takes_back_an_action_that_revealed_nothing(name: str) -> None:
    match = Match.new(name, seed=4)
    seat, action = _first_position_with(match, reveals=False)
    before = json.dumps(match.state.to_json(), sort_keys=True)
    match.play(action)
    assert match.history[-1].reveal is False and match.can_undo(seat) is None
    match.undo(seat)
    assert json.dumps(match.state.to_json(), sort_keys=True) == before


def test_undo_never_takes_back_an_action_that_revealed_something() -> None:
    """A seat's own action that shows hidden information (not a chance outcome) ends undo, as `apply` says."""
    match = Match.new("fuji", seed=4, players=3)
    seat, action = _first_position_with(match, reveals=True)
    match.play(action)
    assert match.history[-1].seat == seat and match.history[-1].reveal is True
    assert match.can_undo(seat) == "that action revealed something; it cannot be taken back"
    with pytest.raises(IllegalAction):
        match.undo(seat)
