"""Robinson Crusoe at the terminal: `outlast play/resume/replay/rules robinson`, the table picture and the
decision text (render.py, describe.py), driven as a user would (real processes, commands on stdin).

Bot seats use `--bots random` unless the test is about the default bot. The session takes simultaneous
bot seats in turn (a planning first player that waits for the others must not starve them, §26.1).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from outlast.agents import RandomAgent
from outlast.cli.session import PlaySession, SeatPlan, make_bot, menu_group
from outlast.cli.terminal import Terminal
from outlast.core import Match, OptionError, Rng, State, load_game
from outlast.games.robinson.describe import describe
from outlast.games.robinson.render import life_track, render_view
from outlast.sim.play import next_seat
from test_cli import check_replay, outlast_cmd, saved_actions

GAME = load_game("robinson")
# Two players (Explorer and Cook, with Friday); seat 0 is the first player and first decides the wood pile.
START = ["--seed", "1", "--players", "2", "--bots", "random"]


def text_of(state: State, seat: int | None, width: int = 120, full: bool = False) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None).print(GAME.render(state, seat, full=full))
    return buffer.getvalue()


def random_states(players: int, seed: int) -> list[State]:
    """Every decision point of one random game (seats taken in turn, as the session does)."""
    match = Match.new(GAME, seed, players=players)
    agent, rng, last = RandomAgent(), Rng(seed), -1
    out: list[State] = []
    while True:
        match.resolve_chance()
        state = match.state
        out.append(state.clone())
        if state.is_over():
            return out
        seat = next_seat(state, state.to_move(), last, lambda s: agent)
        match.play(agent.act(state, seat, rng))
        last = seat


# --- rules ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("section, heading", [("§9", "## §9 Weather phase"), ("8.1", "### §8.1 Planning"),
                                               ("§8.1.7", "#### §8.1.7 Distance rule"),
                                               ("§25.1", "### §25.1 Scenario 1 \"Castaways\""),
                                               ("13.2", "### §13.2 Skills")])
def test_rules_prints_a_numbered_section(section: str, heading: str) -> None:
    done = outlast_cmd("rules", "robinson", section)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(heading)
    if section == "§8.1.7":
        assert "§8.2" not in done.stdout and "further away cannot be chosen" in done.stdout


def test_rules_unknown_section_is_bad_input() -> None:
    for bad in ("§99", "8.99", "nine", "§8.1.9"):
        done = outlast_cmd("rules", "robinson", bad)
        assert done.returncode == 2, bad
        assert "error" in done.stderr and done.stdout == ""


def test_games_lists_robinson_and_its_options() -> None:
    done = outlast_cmd("games")
    assert done.returncode == 0, done.stderr
    assert "robinson — Robinson Crusoe" in done.stdout and "1, 2, 3, 4 players" in done.stdout
    for name in ("scenario", "characters", "dog", "friday", "starting_items", "event_mix", "wreckage"):
        assert name in done.stdout


# --- playing ---------------------------------------------------------------------------------------------
def test_play_shows_the_whole_table_then_quit_resume_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "rc.json"
    first = outlast_cmd("play", "robinson", *START, "--save", str(save),
                        stdin="help\nrules\nview full\npile 1\nplace 1 rest\nmenu place\nquit\n")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    compact = out.split("seat 0> help")[0]
    for words in ("s10 #8 beach", "⌂CAMP", "dist 1", "unexplored", "morale 0", "wood pile 1:0/1", "Food crates",
                  "buildable", "starting items", "Explorer (seat 0, you, first player)", "Child of fortune (2)",
                  "Cook (seat 1)", "Friday", "☠", "Legal actions"):
        assert words in compact, words
    full = out.split("seat 0> view full")[1]
    for words in ("The island — Castaways", "s10", "#8 beach", "⌂ CAMP", "distance 1", "unexplored",
                  "Morale", "[0]", "Shelter", "Roof", "Palisade", "Weapon", "Available", "Future",
                  "Wood pile", "1:0/1", "Goal", "Threat Action field", "Food crates", "Invention", "buildable",
                  "Personal", "Shortcut (Explorer)", "Scenario", "Mast", "Starting item", "●●", "Characters",
                  "Explorer", "Cook", "Friday", "☠", "Child of fortune (2)", "seat 0 (you)", "first player",
                  "Log", "Legal actions"):
        assert words in full, words
    # help names the decision and its rule; `rules` prints that rule
    assert "decides how much wood goes onto stage 1 of the wood pile (`pile K`, §25.1)" in out
    assert "Scenario 1" in out.split("seat 0> rules")[1]
    assert "seat 0: pile 1" in out and "1:1/1" in out
    assert "seat 0: place 1 rest" in out
    assert "plan #1 rest: Explorer 1" in out
    assert "plan the Actions (§8.1)" in out and "`confirm`" in out
    assert re.search(rf"^Resume with: .*outlast resume {re.escape(str(save))}$", out, re.M), out
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["cli"]["seats"] == ["human", "random"]
    before = len(doc["actions"])
    assert [0, "place 1 rest", False] in doc["actions"]

    again = outlast_cmd("resume", str(save), stdin="view full\nquit\n")
    assert again.returncode == 0, again.stderr
    assert "resumed from" in again.stdout and f"after {before} actions" in again.stdout
    assert "The plan (§8.1" in again.stdout and "rest" in again.stdout
    assert saved_actions(save) == doc["actions"]

    end = outlast_cmd("replay", str(save), "--to-end")
    assert end.returncode == 0, end.stderr
    assert "the recording stops before the end" in end.stdout and "The island" in end.stdout


def test_illegal_input_changes_nothing__architecture_s2(tmp_path: Path) -> None:
    quiet, noisy = tmp_path / "quiet.json", tmp_path / "noisy.json"
    outlast_cmd("play", "robinson", *START, "--save", str(quiet), stdin="quit\n")
    done = outlast_cmd("play", "robinson", *START, "--save", str(noisy),
                       stdin="pile 7\nplace 1 rest\nsail away\n99\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("not allowed:") == 3
    assert "choose a number from 1 to 2" in out
    assert saved_actions(noisy) == saved_actions(quiet)


def test_bots_only_play_to_the_end_reproducibly(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    a = outlast_cmd("play", "robinson", "--seats", "bot,bot,bot", "--bots", "random", "--seed", "4", "--save", str(one))
    b = outlast_cmd("play", "robinson", "--bots-only", "--players", "3", "--bots", "random", "--seed", "4",
                    "--save", str(two), "--quiet")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert "Victory!" in a.stdout or "Defeat:" in a.stdout
    assert "· Round 1 begins" in a.stdout and "The end" in a.stdout
    assert "Rounds played:" in b.stdout and "The island" not in b.stdout
    assert saved_actions(one) == saved_actions(two)
    check_replay(one, b.stdout)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_bots_finish_every_player_count(players: int) -> None:
    """A first player who waits for the others while re-planning must not starve them (§26.1)."""
    done = outlast_cmd("play", "robinson", "--bots-only", "--bots", "random", "--players", str(players),
                       "--seed", "5", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "Rounds played:" in done.stdout


def test_default_bot_or_a_clear_error() -> None:
    done = outlast_cmd("play", "robinson", "--bots-only", "--seed", "2", "--quiet")
    if "heuristic" in GAME.agents():
        assert done.returncode == 0, done.stderr
        assert "seats: 0 heuristic, 1 heuristic" in done.stdout
    else:
        assert done.returncode == 2 and "no heuristic bot" in done.stderr and "random" in done.stderr
    unknown = outlast_cmd("play", "robinson", "--bots", "genius", "--seed", "1")
    assert unknown.returncode == 2 and "option 'bots'" in unknown.stderr and unknown.stdout == ""


def test_a_game_without_a_heuristic_bot_names_the_others() -> None:
    class Bare(type(GAME)):  # type: ignore[misc]
        def agents(self) -> dict[str, object]:
            return {}

    with pytest.raises(OptionError, match="has no heuristic bot yet; choose one of: random, ismcts"):
        make_bot("heuristic", Bare())

    class Broken(type(GAME)):  # type: ignore[misc]
        def agents(self) -> dict[str, object]:
            raise ImportError("no module named bots")

    with pytest.raises(OptionError, match="cannot be loaded .*use --bots random"):
        make_bot("heuristic", Broken())


# --- the menu ---------------------------------------------------------------------------------------------
def test_menu_groups_by_verb_and_pawn() -> None:
    assert menu_group("place 1 gather:s7:wood") == "place 1"
    assert menu_group("place friday rest") == "place friday"
    assert menu_group("join 1 3") == "join"
    assert menu_group("reroll 1 2 4") == "reroll"
    assert menu_group("use map 3 to 1") == "use map"
    assert menu_group("ready") == "ready"


def test_long_planning_menu_is_grouped_by_pawn(monkeypatch: pytest.MonkeyPatch) -> None:
    import outlast.cli.menu as menu

    match = Match.new(GAME, 1, players=2)
    match.resolve_chance()
    match.play("pile 0", 0)
    match.resolve_chance()
    buffer = io.StringIO()
    term = Terminal(console=Console(file=buffer, width=120, color_system=None), stdin=io.StringIO(""))
    session = PlaySession(match, SeatPlan(("human", "random")), term, None)
    session._menu(0, None)
    screen = buffer.getvalue().splitlines()
    assert 1 < len(screen) <= menu.MENU_LINES + 1  # the screen's menu keeps to its budget
    buffer.truncate(0)
    buffer.seek(0)
    monkeypatch.setattr(menu, "MENU_LINES", 2)
    session._menu(0, None, budget=None)  # the `menu` command lists every action, grouped when many
    lines = buffer.getvalue().splitlines()
    legal = [str(a) for a in match.state.legal_actions(0)]
    assert lines[0].startswith(f"Legal actions ({len(legal)})")
    by_line = [{w.rstrip(":") for w in line.split() if w.rstrip(":") in ("1", "friday")} for line in lines[1:]
               if "place" in line]
    assert all(len(words) == 1 for words in by_line)  # each line holds one pawn's placements
    for n, text in enumerate(legal, 1):
        assert f"{n}) {text}" in buffer.getvalue()


# --- the picture and the decision text ----------------------------------------------------------------------
def test_render_is_made_from_the_view_alone__s26_4() -> None:
    """The picture is the observation's: two states with the same view draw the same table."""
    match = Match.new(GAME, 3, players=3)
    match.resolve_chance()
    state = match.state
    twin = state.resample(0, Rng(9))
    assert text_of(twin, 0) == text_of(state, 0)
    view = state.observe(0)
    out = text_of(state, 0, full=True)
    assert text_of(twin, 0, full=True) == out
    for inv in view["inventions"]:
        assert inv["name"] in out
    for item in view["starting_items"]:
        assert item["name"] in out and item["text"][:20] in out
    for ch in view["characters"]:
        assert ch["name"] in out
        for sk in ch["skills"]:
            assert sk["name"] in out
    assert "the Dog" in out and "Friday" not in out.split("Characters")[1].split("Log")[0]
    # the public view is the same table, without "(you)"
    assert "(you)" not in text_of(state, None) and "(you)" not in text_of(state, None, full=True)


def test_life_track_marks_wounds_arrows_and_death__s13_1() -> None:
    track = life_track(3, 8, [2, 5]).plain
    assert track == "━━▼●·▼··☠ 3/8"
    assert life_track(0, 4).plain == "●···☠ 0/4"


def test_outcome_and_exhausted_sources_are_drawn() -> None:
    view = Match.new(GAME, 1, players=2).state.observe(0)
    camp = next(sp for sp in view["island"] if sp["camp"])
    camp["exhausted"] = [True, False]
    camp["tokens"] = ["+1 wood"]
    view.update(over=True, result="won", reason="the pile is complete")
    view["plan"] = [{"number": 1, "action": "gather:s7:wood", "acting": "Cook", "pawns": ["Cook 1"], "needs": 2,
                     "committed": {"wood": 0, "food": 0, "fur": 0}, "done": False}]
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(render_view(view, GAME.content, ["a log line"], full=True))
    out = buffer.getvalue()
    compact = io.StringIO()
    Console(file=compact, width=120, color_system=None).print(render_view(view, GAME.content, ["a log line"]))
    for words in ("✗food", "+1 wood", "#1 wood", "needs 1 more", "Victory in round", "a log line"):
        assert words in compact.getvalue(), words
    assert "✗food" in out and "+1 wood" in out
    assert "#1 gather wood" in out and "(needs 1 more)" in out
    assert "Victory in round" in out and "the pile is complete" in out and "a log line" in out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_state_of_a_random_game_renders_and_names_its_rule(players: int) -> None:
    for state in random_states(players, seed=players + 10):
        text_of(state, 0, width=100)
        for seat in state.to_move():
            if seat >= 0:
                text = describe(state, seat)
                assert "§" in text, text
    assert "The game is over (§11)" in describe(state, 0)
