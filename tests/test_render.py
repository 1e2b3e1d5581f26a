"""The Fuji terminal picture and decision text (render.py, describe.py): what a seat sees, and only that."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from rich.console import Console

from outlast.agents import RandomAgent
from outlast.core import Match, State, load_game
from outlast.games.fuji.describe import describe
from outlast.games.fuji.render import render, requirement_shorthand

GAME = load_game("fuji")


def text_of(state: State, seat: int | None, full: bool = True) -> str:
    """The table as `seat` sees it: the whole of it (`view full`), or with `full=False` the compact screen."""
    buffer = io.StringIO()
    Console(file=buffer, width=140, color_system=None).print(GAME.render(state, seat, full=full))
    return buffer.getvalue()


def play_until(match: Match, stop: Callable[[State], bool], seed: int = 1, limit: int = 20_000) -> State:
    """Random legal play (chance from the state's RNG) until `stop(state)` or the end."""
    agent, rng = RandomAgent(), random.Random(seed)
    for _ in range(limit):
        match.resolve_chance()
        state = match.state
        if stop(state) or state.is_over():
            return state
        seat = state.to_move()[0]
        match.play(agent.act(state, seat, rng))
    raise AssertionError("no such state reached")


def phase(n: int) -> Callable[[State], bool]:
    return lambda s: s.observe(None)["phase"] == n


@pytest.mark.parametrize("ph", [2, 3, 4])
def test_render_uses_only_what_the_seat_may_know__s18(ph: int) -> None:
    """Everything seat 0 cannot know is re-drawn by `resample`; the picture must not change."""
    redrawn = 0
    for seed in range(4):
        state = play_until(Match.new(GAME, seed), phase(ph), seed)
        if state.is_over():
            continue
        other = state.resample(0, random.Random(seed + 99))
        redrawn += other.observe(1)["meeples"][1]["dice"] != state.observe(1)["meeples"][1]["dice"]
        assert text_of(other, 0) == text_of(state, 0)
        assert text_of(other, 0, full=False) == text_of(state, 0, full=False)
    assert redrawn, "the resampled states never differed, so the test proved nothing"


def test_render_shows_board_dice_stamina_cards_and_log() -> None:
    state = play_until(Match.new(GAME, 5, skills="buddy,gatherer,scout"), phase(2))
    view = state.observe(0)
    out = text_of(state, 0)
    assert "Scenario 1 — Foothills" in out
    assert "VOLCANO" in out and "rubble" in out and "village" in out
    for cell in view["board"]:
        if cell["card"]:
            assert f"{cell['cell']} {cell['card']}" in out
    assert "●0●1●2" in out  # every meeple on the white start card
    assert "Your dice" in out
    mine = view["meeples"][0]["dice"]
    for d in mine:
        assert f"{d['die'].split(':')[1]}= {d['colour']}{d['value']}" in out
    assert out.count("✚") >= 12 and "☠" in out
    for ex in view["meeples"]:
        for card in ex["equipment"]:
            assert card["text"] in out
    assert view["log"][-1] in out
    assert "phase 2 planning and equipment" in out


def test_public_view_hides_every_die_before_the_reveal__s18() -> None:
    state = play_until(Match.new(GAME, 6), phase(3))
    out = text_of(state, None)
    assert "public view" in out and "Your dice" not in out
    rows = [line for line in out.splitlines() if line.startswith("  ●") and "/30" in line]
    assert len(rows) == 3 and all("??" in r for r in rows)


def test_after_the_reveal_everyone_sees_every_die__s10_1() -> None:
    state = play_until(Match.new(GAME, 7), phase(5))
    rows = [line for line in text_of(state, None).splitlines() if line.startswith("  ●") and "/30" in line]
    assert rows and not any("??" in r for r in rows)


def test_requirement_shorthand__s7_4() -> None:
    assert requirement_shorthand(GAME.content, "L11") == "Y|4"
    assert requirement_shorthand(GAME.content, "L15") == "PB odd"
    assert requirement_shorthand(GAME.content, "L07") == "123"
    assert requirement_shorthand(GAME.content, "H4") == "Y odd"
    assert requirement_shorthand(GAME.content, None) == ""


@pytest.mark.parametrize("players, variant", [(2, "a"), (2, "b"), (4, "none")])
@pytest.mark.parametrize("scenario", ["1", "3", "6"])
def test_every_layout_renders(players: int, variant: str, scenario: str) -> None:
    match = Match.new(GAME, 3, players=players, variant=variant, scenario=scenario)
    state = play_until(match, lambda s: s.observe(None)["round"] >= 2)
    for seat in (None, *range(players)):
        assert f"Scenario {scenario}" in text_of(state, seat)
    if variant == "a":
        assert "third set" in text_of(state, 0)


def test_variant_b_seat_sees_its_half_of_the_shared_meeple__s13_2() -> None:
    state = play_until(Match.new(GAME, 8, players=2, variant="b"), phase(2))
    out = text_of(state, 1)
    panel = out[out.index("Your dice"):]
    assert "meeple 2" in panel and "2:4=" in panel and "2:1=" not in panel


def test_finished_game_shows_the_outcome__s12() -> None:
    state = play_until(Match.new(GAME, 2), lambda s: False)
    assert state.is_over()
    out = text_of(state, None)
    d = state.outcome().details
    assert ("Victory" in out and str(d["victory_points"]) in out) if d["won"] else f"Defeat in round {d['rounds']}" in out


def test_describe_names_the_decision_and_its_rule() -> None:
    match = Match.new(GAME, 4, skills="equipment_manager,buddy,gatherer")
    match.resolve_chance()
    state = match.state
    assert describe(state, 0).startswith("Setup — Starting equipment (§3.2): choose the 2 equipment cards meeple 0 keeps")
    assert describe(state, 1) == "Setup: waiting for seat 0"
    state = play_until(match, phase(2))
    assert "(§7)" in describe(state, state.to_move()[0]) and "ready" in describe(state, state.to_move()[0])
    state = play_until(match, phase(3))
    seat = state.to_move()[0]
    assert "phase 3 rerolls (§8.3): choose dice to reroll or stop" in describe(state, seat)
    state = play_until(match, phase(5))
    if not state.is_over():
        assert "(§10.1)" in describe(state, state.to_move()[0])
    state = play_until(match, lambda s: False)
    assert describe(state, 0).startswith("The game is over (§12)")


def test_game_hooks_delegate_to_render_and_describe() -> None:
    state = play_until(Match.new(GAME, 9), phase(2))
    seat = state.to_move()[0]
    assert GAME.describe_decision(state, seat) == describe(state, seat)
    assert type(GAME.render(state, seat)) is type(render(state, seat))


def test_compact_screen_tags_own_dice_and_hides_the_others__s18() -> None:
    """The compact layout (the default screen): own dice as actions name them, others' as `??`, a cell
    requirement in short, and no card ids (those are in `view full`)."""
    state = play_until(Match.new(GAME, 5, skills="buddy,gatherer,scout"), phase(2))
    out = text_of(state, 0, full=False)
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("●") and " stamina " in line}
    assert set(rows) == {"●0", "●1", "●2"}
    assert "(you)" in rows["●0"] and all(f"{n}=" in rows["●0"] for n in range(1, 7)) and "??" not in rows["●0"]
    assert rows["●1"].count("??") == 6 and "(you)" not in rows["●1"]
    assert "Scenario 1 — Foothills" in out and "VOLC" in out and "L06" not in out and "L06" in text_of(state, 0)
    assert len(out.splitlines()) < len(text_of(state, 0).splitlines())
    shared = play_until(Match.new(GAME, 8, players=2, variant="b"), phase(2))
    line = next(x for x in text_of(shared, 1, full=False).splitlines() if x.startswith("Your dice:"))
    assert "meeple 2" in line and "2:4=" in line and "2:1=" not in line
