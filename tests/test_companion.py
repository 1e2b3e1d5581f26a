"""Companion mode (issue 27, decision 0031): people answer chance points, outlast keeps the books.

The central property, for every game: a match whose physical chance points are answered with the outcomes the RNG
would have drawn is the same game as the digital one, action for action (every seat's view and log, the state's
document). Then the edges: bad selections of kinds, a seat that may not answer, Fuji's dice behind screens, undo,
and saves that replay.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE, IllegalAction, Match, OptionError, Rng, SaveError, state_digest
from outlast.core.companion import ChanceKind, Question, physical_kinds
from outlast.core.game import GameDefinitionError, check_declarations
from test_results import RaceGame

GAMES = {
    "robinson": [({}, "all"), ({"players": 1}, "dice"), ({"players": 3}, "cards,tiles")],
    "fuji": [({"players": 3}, "all"), ({"players": 2, "variant": "b"}, "dice"), ({"players": 2, "variant": "a"}, "all")],
    "discover": [({"players": 2}, "all"), ({"players": 1}, "dice,tokens"), ({"players": 3}, "cards")],
}
"""Per game: (options, physical selection) of the companion games the property runs."""

ACTIONS = 3_000
"""Actions (chance outcomes included) each paired game is followed for, at most."""


def _views(match: Match) -> list[Any]:
    """Every seat's view and the public one, with each one's log: what the game shows anyone."""
    state = match.state
    seats: list[int | None] = [*range(state.seat_count()), None]
    return [(state.observe(seat), [e.text for e in state.visible_events(seat)]) for seat in seats]


def _check_question(match: Match, asked: Question) -> None:
    """A question's shape: its answers are the chance outcomes now, named and weighted; only its seats may answer."""
    state = match.state
    outcomes = state.chance_outcomes()
    assert [a.text for a in asked.answers] == [str(o) for o, _ in outcomes]
    assert [a.probability for a in asked.answers] == [p for _, p in outcomes]
    assert abs(sum(a.probability for a in asked.answers) - 1) < 1e-9
    assert all(a.name.strip() and "_" not in a.name for a in asked.answers), [a.name for a in asked.answers]
    assert asked.kind.name in match.physical and asked.line.startswith(asked.kind.label + ": ")
    assert "_" not in asked.line and len(asked.line) > len(asked.kind.label) + 8
    assert asked.seats and all(0 <= s < state.seat_count() for s in asked.seats)
    assert match.to_move() == list(asked.seats) and state.to_move() == [CHANCE]
    for seat in range(state.seat_count()):
        legal = [str(a) for a in match.legal_actions(seat)]
        assert legal == ([a.text for a in asked.answers] if seat in asked.seats else [])


def _paired_games(name: str, options: dict[str, Any], physical: str, seed: int, policy: str = "random"
                  ) -> tuple[int, set[str]]:
    """Play a digital match and a companion match side by side, the same seat choices in both (the `policy` agent's
    on the digital match), the companion's questions answered with what the digital match's RNG drew; they must stay
    the same game throughout. Returns how many questions were answered and the kinds asked."""
    agent = make_agent(policy, outlast.load_game(name))
    digital = Match.start(name, seed, options)
    companion = Match.start(name, seed, options, physical)
    choices = random.Random(seed)
    asked_kinds: set[str] = set()
    answered = 0
    for _ in range(ACTIONS):
        if digital.state.is_over():
            break
        movers = digital.state.to_move()
        if movers == [CHANCE]:
            outcome = digital.state.sample_chance()
            digital.play(outcome)
            asked = companion.question()
            if asked is None:
                companion.play(companion.state.sample_chance())
            else:
                _check_question(companion, asked)
                seat = asked.seats[choices.randrange(len(asked.seats))]
                companion.play(str(outcome), seat)
                answered += 1
                asked_kinds.add(asked.kind.name)
        else:
            assert companion.to_move() == movers
            seat = movers[choices.randrange(len(movers))]
            action = str(agent.act(digital.state, seat, Rng(seed * 1_000 + len(digital.history))))
            digital.play(action, seat)
            companion.play(action, seat)
        assert [(e.seat, e.text, e.reveal) for e in companion.history] == \
            [(e.seat, e.text, e.reveal) for e in digital.history]
        if len(digital.history) % 25 == 0 or digital.state.is_over():
            assert _views(companion) == _views(digital)
            assert state_digest(companion.state) == state_digest(digital.state)
    assert _views(companion) == _views(digital)
    return answered, asked_kinds


@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_companion_game_answered_as_the_rng_draws_is_the_digital_game(name: str) -> None:
    """Architecture §2: chance answered by people is the same game as chance drawn by the RNG, view for view."""
    answered = 0
    kinds: set[str] = set()
    for i, (options, physical) in enumerate(GAMES[name]):
        for k in range(4):
            policy = ("random", "heuristic")[k % 2]
            count, asked = _paired_games(name, options, physical, 11 + 37 * i + 1_009 * k, policy)
            answered += count
            kinds |= asked
    declared = {k.name for k in outlast.load_game(name).chance_kinds}
    assert answered > 200 and kinds <= declared
    assert len(kinds) >= len(declared) - 2, declared - kinds


def test_physical_selects_kinds_by_name_component_or_all() -> None:
    robinson = outlast.load_game("robinson")
    every = {k.name for k in robinson.chance_kinds}
    assert physical_kinds(robinson, "all") == every == physical_kinds(robinson, True)
    assert physical_kinds(robinson, "dice") == {"weather", "rolls"}
    assert physical_kinds(robinson, " Dice , events") == {"weather", "rolls", "events"}
    assert physical_kinds(robinson, ["tiles", "discoveries"]) == {"tiles", "discoveries"}
    assert physical_kinds(robinson, None) == physical_kinds(robinson, "none") == physical_kinds(robinson, "") == set()
    assert Match.start("robinson", 1, {}, "cards").physical == {k.name for k in robinson.chance_kinds
                                                                if k.component == "cards"}


@pytest.mark.parametrize("value", ["nothing", "dice,lava", 3, 2.5, {"dice": 1}, ["dice", 7], "all,tokens,x"])
def test_a_bad_physical_selection_is_an_option_error_naming_what_is_allowed(value: object) -> None:
    with pytest.raises(OptionError) as caught:
        Match.start("robinson", 1, {}, value)
    assert caught.value.option == "physical"
    assert "weather" in str(caught.value) and "all" in str(caught.value)


def test_a_game_without_kinds_has_no_companion_mode() -> None:
    race = RaceGame()
    assert physical_kinds(race, None) == set()
    with pytest.raises(OptionError, match="no companion mode"):
        physical_kinds(race, "dice")


def test_a_game_declaring_bad_kinds_fails_at_registration() -> None:
    class Named(RaceGame):
        chance_kinds = (ChanceKind("all", "Everything", "dice", "§1", "roll"),)

    class Twice(RaceGame):
        chance_kinds = (ChanceKind("rolls", "Rolls", "dice", "§1", "roll"),) * 2

    class Foreign(RaceGame):
        chance_kinds = (ChanceKind("rolls", "Rolls", "marbles", "§1", "roll"),)

    class Silent(RaceGame):
        chance_kinds = (ChanceKind("rolls", "Rolls", "dice", "§1", "roll the die"),)

    for game, fault in ((Named(), "one lower-case word"), (Twice(), "twice"), (Foreign(), "marbles"),
                        (Silent(), "chance_point")):
        with pytest.raises(GameDefinitionError, match=fault):
            check_declarations(game)


def _to_question(match: Match, kind: str, seed: int = 5) -> Question:
    """Play `match` on with random seat choices (chance of other kinds drawn) until a question of `kind`."""
    choices = random.Random(seed)
    for _ in range(5_000):
        match.resolve_chance()
        asked = match.question()
        if asked is not None and asked.kind.name == kind:
            return asked
        if asked is not None:
            match.play(str(match.state.sample_chance()), asked.seats[0])
            continue
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        match.play(legal[choices.randrange(len(legal))], seat)
    raise AssertionError(f"no {kind} question came")


def test_the_weather_step_names_the_dice_of_this_round_in_order__s9_1() -> None:
    """§9.1: Castaways rolls the Rain die in rounds 4-6, then Rain, Winter and Hungry Animals from round 7; the
    table is told each die to roll and the ones still to come."""
    match = Match.start("robinson", 5, {"players": 2}, "weather")
    bot = make_agent("heuristic", match.game)
    lines: dict[int, list[str]] = {}
    while not match.state.is_over() and match.state.round < 8:
        match.resolve_chance()
        asked = match.question()
        if asked is not None:
            lines.setdefault(match.state.round, []).append(asked.line)
            match.play(str(match.state.sample_chance()), asked.seats[0])
        elif not match.state.is_over():
            seat = match.to_move()[0]
            match.play(bot.act(match.state, seat, Rng(len(match.history))), seat)
    assert lines[4] == ["Weather: roll the Rain die"]
    assert lines[7] == ["Weather: roll the Rain die, then the Winter die and the Hungry Animals die",
                        "Weather: roll the Winter die, then the Hungry Animals die",
                        "Weather: roll the Hungry Animals die"]
    assert not set(lines) & {1, 2, 3}


def test_only_the_seat_that_rolls_may_answer_and_a_wrong_answer_changes_nothing() -> None:
    """§8.5: the acting player rolls the Action dice; another seat's answer or an outcome the dice cannot show is
    refused, naming the step, and the game is as it was."""
    match = Match.start("robinson", 4, {"players": 2}, "rolls")
    asked = _to_question(match, "rolls")
    assert len(asked.seats) == 1 and "rolls the three" in asked.line
    other = 1 - asked.seats[0]
    before = (state_digest(match.state), len(match.history))
    with pytest.raises(IllegalAction, match="may not answer now") as caught:
        match.play(asked.answers[0].text, other)
    assert caught.value.rule == "§8.5"
    with pytest.raises(IllegalAction):
        match.play("roll wound wound wound", asked.seats[0])
    with pytest.raises(IllegalAction):
        match.play("ready", asked.seats[0])
    assert (state_digest(match.state), len(match.history)) == before
    match.play(asked.answers[-1].text, asked.seats[0])
    assert match.history[-1].seat == CHANCE and match.history[-1].text == asked.answers[-1].text


def test_fuji_dice_entered_behind_a_screen_stay_hidden_from_the_other_seats() -> None:
    """§6: each player rolls behind a screen; only the owner sees the faces until the reveal. The seat that enters
    them is the owner, and no other seat's view or log shows them."""
    match = Match.start("fuji", 9, {"players": 3}, "dice")
    asked = _to_question(match, "dice")
    owner = asked.seats[0]
    assert asked.seats == (owner,) and "behind your screen" in asked.line
    others = [s for s in range(3) if s != owner]
    assert all(match.legal_actions(s) == [] for s in others)
    before = {s: (match.state.observe(s), [e.text for e in match.state.visible_events(s)]) for s in [*others, None]}
    entered = 0
    while (q := match.question()) is not None and q.seats == (owner,):
        match.play(q.answers[entered % 6].text, owner)
        entered += 1
    assert entered >= 5
    own = match.state.observe(owner)["meeples"][owner]["dice"]
    assert own and all("value" in d and not d.get("hidden") for d in own)
    for seat in [*others, None]:
        view = match.state.observe(seat)
        assert all(d.get("hidden") for d in view["meeples"][owner]["dice"]), seat
        log = [e.text for e in match.state.visible_events(seat)]
        assert log == before[seat][1], seat
        assert view["meeples"][owner] == before[seat][0]["meeples"][owner]


def test_an_entered_outcome_cannot_be_taken_back() -> None:
    """Architecture §4: an answer is a reveal (others have seen the card or die), so undo stops there."""
    match = Match.start("robinson", 2, {"players": 2}, "all")
    asked = _to_question(match, "rolls")
    seat = asked.seats[0]
    match.play(asked.answers[0].text, seat)
    assert match.history[-1].reveal
    for who in range(2):
        assert match.can_undo(who) is not None
        with pytest.raises(IllegalAction, match="reveal"):
            match.undo(who)


def test_a_seat_may_take_back_its_move_before_the_dice_are_entered() -> None:
    """Nothing is revealed until the answer: the move that called for a roll may still be taken back."""
    match = Match.start("discover", 3, {"players": 1}, "all")
    match.resolve_chance()
    choices = random.Random(2)
    for _ in range(3_000):
        asked = match.question()
        if asked is None:
            seat = match.to_move()[0]
            legal = match.legal_actions(seat)
            match.play(legal[choices.randrange(len(legal))], seat)
            continue
        last, length = match.history[-1] if match.history else None, len(match.history)
        if last is not None and last.seat != CHANCE and not last.reveal:
            assert match.undo(last.seat) == last
            assert len(match.history) == length - 1 and match.question() is None
            return
        match.play(asked.answers[0].text, asked.seats[0])
    raise AssertionError("no question came right after a seat's own move")


@pytest.mark.parametrize("name, options", [("robinson", {"players": 2}), ("fuji", {"players": 2, "variant": "b"}),
                                           ("discover", {"players": 2})])
def test_a_physical_game_saves_and_replays_exactly(name: str, options: dict[str, Any], tmp_path: Path) -> None:
    match = Match.start(name, 21, options, "all")
    _to_question(match, outlast.load_game(name).chance_kinds[0].name)
    for _ in range(40):
        asked = match.question()
        if asked is None:
            break
        match.play(asked.answers[-1].text, asked.seats[-1])
    path = tmp_path / "game.json"
    match.save(path)
    doc = json.loads(path.read_text())
    assert doc["physical"] == sorted(match.physical)
    again = Match.load(path)
    assert again.physical == match.physical
    assert state_digest(again.state) == state_digest(match.state)
    assert [(e.seat, e.text, e.reveal) for e in again.history] == [(e.seat, e.text, e.reveal) for e in match.history]
    assert again.question() == match.question()
    assert "physical" not in Match.start(name, 21, options).to_json()


@pytest.mark.parametrize("value", [[], "dice", ["lava"], [3]])
def test_a_save_with_a_bad_physical_list_is_refused(value: object) -> None:
    doc = Match.start("robinson", 1, {}, "dice").to_json()
    doc["physical"] = value
    with pytest.raises(SaveError, match="physical"):
        Match.from_json(doc)


def test_the_companion_module_examples_run() -> None:
    import doctest

    import outlast.core.companion as companion

    assert doctest.testmod(companion, optionflags=doctest.ELLIPSIS).failed == 0
