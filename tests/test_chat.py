"""The no-numbers chat filter (fuji.md §7.6, §8.3, §18)."""

from __future__ import annotations

import pytest

from outlast.core import Match, OutlastError, load_game
from outlast.games.fuji.chat import LANGUAGES, ChatRefused, check_message

# The §7.6 table, paraphrased: forbidden on the left, allowed on the right.
FORBIDDEN_S7_6 = [
    "I rolled three yellows.",
    "I've got many fives.",
    "I have no odd dice at all.",
    "Slightly more pink than average.",
]
ALLOWED_S7_6 = [
    "Lots of my dice came up high.",
    "I'm not a threat to you for even dice.",
    "My roll is poor for my destination.",
]


@pytest.mark.parametrize("text", FORBIDDEN_S7_6)
def test_forbidden_examples_are_refused__s7_6(text: str) -> None:
    with pytest.raises(ChatRefused) as err:
        check_message(text, phase=2)
    assert err.value.rule == "§7.6"
    assert "number" in err.value.reason


@pytest.mark.parametrize("text", ALLOWED_S7_6)
def test_allowed_examples_pass__s7_6(text: str) -> None:
    check_message(text, phase=2)
    check_message(text, phase=4)


@pytest.mark.parametrize("text, culprit", [
    ("I have 3 blues", "'3'"),
    ("my total is ½ of yours", "'½'"),
    ("zero pinks here", "'zero'"),
    ("twenty is my sum", "'twenty'"),
    ("a dozen odd faces", "'dozen'"),
    ("my first die is great", "'first'"),
    ("the third card helps", "'third'"),
    ("I rolled twice well", "'twice'"),
    ("thrice lucky", "'thrice'"),
    ("none of them are yellow", "'none'"),
    ("nothing fits", "'nothing'"),
    ("I have a pair of sixes", "'pair'"),
    ("half my dice are blue", "'half'"),
    ("about average", "'average'"),
    ("a couple of blues", "'couple'"),
    ("a single yellow", "'single'"),
    ("double pink for you", "'double'"),
    ("triple blue", "'triple'"),
    ("both of mine are high", "'both'"),
    ("most are high", "'most'"),
    ("the majority is pink", "'majority'"),
    ("fewer blues than you", "'fewer'"),
    ("sixes everywhere", "'sixes'"),
    ("I've got ones", "'ones'"),
    ("all of my dice are pink", "'all of'"),
    ("every one is blue", "'one'"),
    ("at least mine are pink", "'at least'"),
    ("no pinks whatsoever", "whatsoever"),
    ("more than you think", "'more than'"),
    ("less than you hope", "'less than'"),
    ("not a single blue", "'single'"),
    ("not any pinks", "'not any'"),
    ("how many do you need", "'how many'"),
    ("I don't have any pinks", "have any"),
    ("I count plenty", "'count'"),
    ("my roll is iv in yellow", "'iv'"),
    ("roll ii was better", "'ii'"),
])
def test_numbers_and_counting_phrases_are_refused__s18(text: str, culprit: str) -> None:
    with pytest.raises(ChatRefused) as err:
        check_message(text, phase=2)
    assert culprit in str(err.value)


@pytest.mark.parametrize("text", [
    "I can help you with even dice",
    "you can count on me",
    "I think I should stay",
    "Li is going for the village",
    "lots of pink, little yellow",
    "I mean my roll is fair",
    "someone should take the odd card",
    "everyone is doing fine",
])
def test_qualitative_talk_passes__s7_6(text: str) -> None:
    check_message(text, phase=2)


def test_no_talking_in_phase_3__s8_3() -> None:
    with pytest.raises(ChatRefused) as err:
        check_message("good luck", phase=3)
    assert err.value.rule == "§8.3"


def test_refusal_is_a_typed_outlast_error() -> None:
    assert issubclass(ChatRefused, OutlastError)
    with pytest.raises(OutlastError):
        check_message("five", phase=4)


def test_every_language_has_a_word_table__s18() -> None:
    assert "en" in LANGUAGES
    for lang in LANGUAGES.values():
        assert lang.words and lang.phrases


def test_game_hook_uses_the_phase__s8_3() -> None:
    """`Game.check_chat` is what doors call; Fuji's refuses any talk while the dice are rerolled."""
    game = load_game("fuji")
    match = Match.new(game, 3)
    state = match.state

    def play_until_phase(phase: int) -> None:
        while True:
            match.resolve_chance()
            if state.observe(0)["phase"] == phase:
                return
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            match.play(next((a for a in legal if str(a) == "ready"), legal[0]))

    play_until_phase(2)
    game.check_chat(state, 0, "my roll is poor for my destination")
    with pytest.raises(ChatRefused):
        game.check_chat(state, 0, "I rolled three yellows")
    play_until_phase(3)
    with pytest.raises(ChatRefused) as err:
        game.check_chat(state, 0, "good luck")
    assert err.value.rule == "§8.3"


def test_numbers_are_fine_in_phase_5_when_every_die_is_visible__s7_6() -> None:
    """§7.6 forbids numbers in phases 2 and 4 only; in phase 5 the screens are down (§10.1)."""
    check_message("I have 2 sixes", phase=5)
    check_message("three blues and a pair of fives, more than average", phase=5)
    game = load_game("fuji")
    match = Match.new(game, 4, players=3)
    state = match.state
    while state.observe(None)["phase"] != 5:
        match.resolve_chance()
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        match.play(next((a for a in legal if str(a) in ("ready", "stop")), legal[0]))
    game.check_chat(state, 0, "I have 2 sixes")
    game.check_chat(state, 1, "my total is 14 against your 9")


@pytest.mark.parametrize("phase", [0, 1, 6])
def test_numbers_are_fine_outside_the_screened_phases__s7_6(phase: int) -> None:
    """Setup, the roll itself and the eruption are not phases 2 or 4: the no-numbers rule does not apply."""
    check_message("I drew 2 cards", phase=phase)


@pytest.mark.parametrize("phase", [2, 4])
def test_numbers_are_refused_in_phases_2_and_4__s7_6(phase: int) -> None:
    with pytest.raises(ChatRefused) as err:
        check_message("I have 2 sixes", phase=phase)
    assert err.value.rule == "§7.6"


def test_no_talk_at_all_in_phase_3__s7_6() -> None:
    """§7.6 and §8.3: phase 3 is silent, numbers or not."""
    for text in ("good luck", "I have 2 sixes", "..."):
        with pytest.raises(ChatRefused) as err:
            check_message(text, phase=3)
        assert err.value.rule == "§8.3"


def test_anything_goes_once_the_game_is_over__s7_6() -> None:
    game = load_game("fuji")
    state = game.new_game(seed=2, players=3)
    while not state.is_over():
        movers = state.to_move()
        state.apply(state.sample_chance() if movers == [-1] else state.legal_actions(movers[-1])[-1])
    game.check_chat(state, 0, "we lasted 3 rounds")


@pytest.mark.parametrize("text", [None, 5, b"hi", ["hi"], "x" * 5000, "", "   "])
def test_chat_that_is_not_a_message_is_refused(text: object) -> None:
    """Whatever a door passes, the hook answers with ChatRefused (an OutlastError), never TypeError."""
    game = load_game("fuji")
    state = game.new_game(seed=1, players=3)
    for phase in (None, 2, 5):
        with pytest.raises(ChatRefused):
            check_message(text, phase=phase)  # type: ignore[arg-type]
    with pytest.raises(OutlastError):
        game.check_chat(state, 0, text)  # type: ignore[arg-type]
