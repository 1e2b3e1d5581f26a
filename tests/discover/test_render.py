"""The Discover terminal picture (`render.py`, `render_map.py`): built only from what a seat may know (§18.5).

Random games of every player count and scenario are rendered at several moments for every seat and for the
public; the text must never hold another seat's hand or a secret character offer, and it must not change when
everything the seat cannot know is drawn again (`resample`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

from outlast.games.discover import DISCOVER
from outlast.games.discover.render_map import LEGEND, island_map
from outlast.games.discover.state import DiscoverState

CASES = [(1, "1"), (2, "1"), (3, "2"), (4, "2"), (2, "5"), (3, "5"), (4, "1")]
MOMENTS = (0, 12, 60, 200)


def text_of(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def moments(seed: int, players: int, scenario: str) -> list[DiscoverState]:
    """Clones of one random game after 0, 12, 60 and 200 moves (or at its end)."""
    state = DISCOVER.new_game(seed=seed, players=players, scenario=scenario)
    rng = random.Random(seed)
    out, n = [], 0
    while True:
        if n in MOMENTS:
            out.append(state.clone())
        if state.is_over() or n >= MOMENTS[-1]:
            break
        movers = state.to_move()
        if movers == [-1]:
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(movers)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        n += 1
    out.append(state)
    return out


def hidden_words(state: DiscoverState, seat: int | None) -> set[str]:
    """Names in the hidden state that `seat`'s view never shows: the other seats' hand projects and, while
    characters are being chosen, the others' dealt characters — less any name that is public some other way."""
    secret = set()
    for other in range(state.seats):
        if other == seat:
            continue
        secret |= {state.copy.projects[p].name for p in state.hand[other]}
        if state.character[other] < 0:
            secret |= {state.copy.characters[c].name for c in state.character_offer[other]}
    public = repr(state.observe(seat)) + " ".join(e.text for e in state.visible_events(seat))
    return {name for name in secret if name not in public}


@pytest.mark.parametrize("players, scenario", CASES)
def test_every_seat_renders_at_every_moment_without_secrets__s18_5(players: int, scenario: str) -> None:
    for state in moments(players * 7 + int(scenario), players, scenario):
        for seat in [None, *range(players)]:
            compact = text_of(DISCOVER.render(state, seat))
            full = text_of(DISCOVER.render(state, seat, full=True))
            assert "Discover — Scenario" in compact and f"day {state.day}" in compact
            for name in hidden_words(state, seat):
                assert name not in compact and name not in full, (seat, name)


@pytest.mark.parametrize("players, scenario", [(2, "1"), (3, "2"), (4, "5")])
def test_what_a_seat_cannot_know_does_not_change_its_picture__s18_5(players: int, scenario: str) -> None:
    for state in moments(players * 11, players, scenario):
        for seat in range(players):
            other = state.resample(seat, random.Random(5))
            assert text_of(DISCOVER.render(other, seat, full=True)) == text_of(DISCOVER.render(state, seat, full=True))


def test_facedown_tiles_and_tokens_show_only_their_backs__s7_4() -> None:
    state = moments(3, 2, "1")[2]
    view = state.observe(0)
    text = text_of(island_map(view))
    for tile in view["map"]["tiles"]:
        if not tile["faceup"]:
            assert f"{tile['tile']} ?" in text and f"pile {tile['pile']}" in text
    for piece in view["map"]["pieces"]:
        if piece["kind"] == "feature" and not piece["faceup"]:
            assert "?" + {"forage": "f", "timber": "t", "rock": "r", "tracks": "k"}[piece["back"]] in text
    assert "A0" in text and "⌂" in text


def test_the_compact_screen_fits_fifty_lines_and_full_shows_everything__s18_5() -> None:
    for state in moments(9, 4, "1"):
        compact = text_of(DISCOVER.render(state, 0))
        assert len(compact.splitlines()) <= 50 - 10 or state.is_over()
        full = text_of(DISCOVER.render(state, 0, full=True))
        assert LEGEND[:20] in full and "log" in full
        for s in state.observe(0)["survivors"]:
            if s.get("character"):
                assert s["character"]["text"][:30] in full.replace("\n", " ")


def test_figures_carry_their_colour_letter_and_the_decision_its_rule__s17_23() -> None:
    state = moments(4, 4, "1")[1]
    text = text_of(DISCOVER.render(state, 2))
    for letter in "RBGY":
        assert f" {letter}  seat" in text
    view = state.observe(2)
    if view["decision"]:
        assert view["decision"]["rule"] in text
    assert "you are seat 2 (G)" in text


def test_a_trade_offer_is_read_only_by_the_seat_answering_it__s18_2() -> None:
    state = DISCOVER.new_game(seed=5, players=3, scenario="1")
    rng = random.Random(5)
    for _ in range(3000):
        view = state.observe(0)
        if view["decision"] and view["decision"]["kind"] == "answer a trade":
            chooser = view["decision"]["seats"][0]
            for seat in range(3):
                text = state.observe(seat)["decision"]["text"]
                assert ("offers you" in text) == (seat == chooser)
            return
        movers = state.to_move()
        if not movers:
            break
        if movers == [-1]:
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(movers)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    pytest.skip("no trade offer in this random game")


def test_a_combat_is_shown_whatever_the_view_holds__s12_3() -> None:
    from outlast.games.discover.render import render_view

    state = moments(2, 2, "1")[1]
    view = state.observe(0)
    view["combat"] = {"stage": "modify", "dice": {"gray": 7, "red": 3}, "supporters": [1], "enemy": None}
    for full in (False, True):
        text = text_of(render_view(view, [], [], full=full))
        assert "COMBAT" in text and "may modify the dice" in text and "gray 7" in text and "red 3" in text
