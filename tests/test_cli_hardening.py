"""The terminal never loses a game, fits a 50-line screen, lets the team choose who moves (Fuji §10.1),
and tells the truth: one regression test per fault found by fuzzing `outlast play` (each fails on the
code before the fix).

Driven as a user would: real `outlast` processes (`outlast_cmd`), or `main([...])` with real save and
script files when a test needs to break a bot on purpose.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from outlast.agents import RandomAgent, make_agent
from outlast.cli.main import main
from outlast.cli.menu import input_problem, menu_number
from outlast.cli.session import COMMANDS, PlaySession, SeatPlan, load_save, save_match
from outlast.cli.terminal import Terminal
from outlast.core import Match, Rng, State, load_game
from outlast.sim.play import next_seat
from test_cli import START, outlast_cmd, saved_actions

BIG = "1" * 5000
"""A 5,000-digit number: `int()` of it raises (Python's 4,300-digit limit)."""
ROBINSON = ["--seed", "1", "--players", "2", "--bots", "random"]
SCREEN_LINES = 50
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "cli.md"


def run_main(args: list[str], script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """`outlast ARGS --script FILE` in this process, nothing more on standard input: (exit code, output)."""
    path = tmp_path / f"script-{len(list(tmp_path.iterdir()))}.txt"
    path.write_text(script, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setenv("COLUMNS", "200")
    code = main([*args, "--script", str(path)])
    return code, capsys.readouterr().out


def break_random_bot(monkeypatch: pytest.MonkeyPatch, after: int, human_marked: bool = False) -> None:
    """From its `after`-th move on, the random bot raises (a crash in the middle of a session); with
    `human_marked`, moves count only once Fuji's seat 0 has placed its destination marker."""
    original = RandomAgent.act
    calls = [0]

    def act(self: RandomAgent, state: State, seat: int, rng: random.Random) -> object:
        if not human_marked or state.observe(None)["meeples"][0]["marker"]:
            calls[0] += 1
        if calls[0] >= after:
            raise RuntimeError("the bot broke")
        return original(self, state, seat, rng)

    monkeypatch.setattr(RandomAgent, "act", act)


# --- 1. bad numbers never end the game ------------------------------------------------------------------
def test_unicode_digits_and_huge_numbers_at_the_menu_prompt(tmp_path: Path) -> None:
    """`"²".isdigit()` is True and `int("²")` raises; so does `int()` of 5,000 digits: both crashed the prompt."""
    save = tmp_path / "g.json"
    done = outlast_cmd("play", "fuji", *START, "--save", str(save), stdin=f"²\n٣\n{BIG}\n0\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.count("choose a number from 1 to") == 4
    assert "seat 0: mark" in done.stdout  # the game went on: `1` was played
    assert any(seat == 0 and str(text).startswith("mark") for seat, text, _ in saved_actions(save))


def test_unicode_digits_and_huge_numbers_in_log_n(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, "--save", str(tmp_path / "g.json"),
                       stdin=f"log ²\nlog ٣\nlog {BIG}\nlog 2\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.count("`log N`: N is a number of lines") == 3
    after = done.stdout.split("seat 0> log 2\n")[1].splitlines()
    assert after[2] == "seat 0> quit"  # `log 2` printed two lines


def test_unicode_digit_in_an_action_is_refused_and_the_game_goes_on__robinson_join(tmp_path: Path) -> None:
    quiet, noisy = tmp_path / "quiet.json", tmp_path / "noisy.json"
    outlast_cmd("play", "robinson", *ROBINSON, "--save", str(quiet), stdin="pile 1\nplace 1 rest\nquit\n")
    done = outlast_cmd("play", "robinson", *ROBINSON, "--save", str(noisy),
                       stdin=f"pile 1\njoin 1 ²\njoin 1 {BIG}\nplace ٢ rest\nplace 1 rest\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "not allowed: '²' is not one of the digits 0-9" in done.stdout
    assert "not allowed: the line is" in done.stdout  # the 5,000 digits
    assert "not allowed: '٢' is not one of the digits 0-9" in done.stdout
    assert "seat 0: place 1 rest" in done.stdout
    assert saved_actions(noisy) == saved_actions(quiet)


def test_typed_numbers_are_ascii_and_short() -> None:
    assert menu_number("12") == 12 and menu_number("007") == 7
    for bad in ("²", "٣", "1²", BIG, "1" * 7, "-1", "+1", " 1", "1.0", ""):
        assert menu_number(bad) is None, bad
    assert input_problem("join 1 3") is None
    assert "not one of the digits" in str(input_problem("join 1 ²"))
    assert "at most 9 digits" in str(input_problem("join 1 " + "9" * 10))


def test_an_engine_error_in_a_command_is_shown_and_the_game_is_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line of defence: an engine that raises after changing the state (a bug) is reported as an
    internal error, the state is rebuilt from the record, and the prompt comes back."""
    state_type = type(load_game("fuji").new_game(seed=1))
    original = state_type._apply

    def buggy(self: State, action: object) -> None:
        original(self, action)  # the state changes, then the engine fails
        if str(action) == "ready":
            raise RuntimeError("engine bug")

    monkeypatch.setattr(state_type, "_apply", buggy)
    save = tmp_path / "g.json"
    code, out = run_main(["play", "fuji", *START, "--save", str(save)], "1\nready\nready\nview\nquit\n",
                         tmp_path, capsys, monkeypatch)
    assert code == 0
    assert out.count("internal error: RuntimeError: engine bug (please report it); the game is as it was") == 2
    assert "seat 0> view" in out and f"saved to {save}" in out
    actions = saved_actions(save)
    assert [0, "ready", False] not in actions and actions[-1][1].startswith("mark")
    monkeypatch.setattr(state_type, "_apply", original)
    match, _ = load_save(save)  # the file is whole: its digest matches the replayed game
    assert [e.text for e in match.history] == [a[1] for a in actions]


# --- 1. autosave: a crash loses nothing ------------------------------------------------------------------
def test_autosave_after_every_action_so_a_killed_game_resumes_where_it_was(tmp_path: Path) -> None:
    """The process is killed (SIGKILL: no chance to save) while the human thinks; the save file already
    holds every action, and `outlast resume` goes on from the last one."""
    save = tmp_path / "g.json"
    proc = subprocess.Popen([sys.executable, "-m", "outlast", "play", "fuji", *START, "--save", str(save)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdin is not None
    proc.stdin.write("wait all\n1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    actions: list[list[object]] = []
    while time.monotonic() < deadline:
        if save.is_file():
            actions = saved_actions(save)
            if any(seat == 0 and str(text).startswith("mark") for seat, text, _ in actions):
                break
        time.sleep(0.1)
    proc.kill()
    proc.wait(timeout=30)
    assert any(seat == 0 and str(text).startswith("mark") for seat, text, _ in actions), "the mark was never saved"
    assert any(seat == 1 for seat, _, _ in actions) and any(seat == 2 for seat, _, _ in actions)  # bots' moves too
    saved = saved_actions(save)
    again = outlast_cmd("resume", str(save), stdin="ready\nquit\n")
    assert again.returncode == 0, again.stderr
    assert f"after {len(saved)} actions" in again.stdout
    assert saved_actions(save)[:len(saved)] == saved
    assert [0, "ready", False] in saved_actions(save)


def test_a_bot_crash_mid_session_loses_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    break_random_bot(monkeypatch, after=2, human_marked=True)
    code, out = run_main(["play", "fuji", *START, "--save", str(save)], "1\nwait all\n", tmp_path, capsys,
                         monkeypatch)
    assert code == 1
    assert re.search(r"internal error: bot 'random' at seat \d failed to choose a move: RuntimeError: the bot "
                     r"broke \(please report it\)", out)
    assert re.search(rf"^Resume with: .*outlast resume {re.escape(str(save))}$", out, re.M), out
    saved = saved_actions(save)
    assert saved[-2][0] == 0 and str(saved[-2][1]).startswith("mark")  # the human's work is on disk,
    assert saved[-1][0] in (1, 2)  # and the bot move made before the crash
    monkeypatch.undo()
    code, out = run_main(["resume", str(save)], "quit\n", tmp_path, capsys, monkeypatch)
    assert code == 0 and f"after {len(saved)} actions" in out
    assert saved_actions(save)[:len(saved)] == saved


def test_a_crashed_bots_only_game_resumes_into_the_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """An all-bot game is saved at most once a second, which loses nothing: its bots' moves follow from the
    seed and the record, so the resumed game is the one the crashed run would have played."""
    whole, crashed = tmp_path / "whole.json", tmp_path / "crashed.json"
    args = ["--bots-only", "--bots", "random", "--seed", "3", "--quiet"]
    assert run_main(["play", "robinson", *args, "--save", str(whole)], "", tmp_path, capsys, monkeypatch)[0] == 0
    break_random_bot(monkeypatch, after=60)
    code, out = run_main(["play", "robinson", *args, "--save", str(crashed)], "", tmp_path, capsys, monkeypatch)
    assert code == 1 and "internal error: bot 'random'" in out
    cut = len(saved_actions(crashed))
    assert 0 < cut < len(saved_actions(whole))
    monkeypatch.undo()
    code, out = run_main(["resume", str(crashed), "--quiet"], "", tmp_path, capsys, monkeypatch)
    assert code == 0
    assert saved_actions(crashed) == saved_actions(whole)


@pytest.mark.parametrize("name, content", [
    ("unreadable action", None),
    ("deep nesting", "[" * 100_000 + "]" * 100_000),
    ("huge number", '{"format": "outlast-match", "seed": ' + BIG + "}"),
    ("bad bot", None),
])
def test_resume_of_a_bad_file_exits_2_with_one_line(tmp_path: Path, name: str, content: str | None) -> None:
    path = tmp_path / "bad.json"
    if content is None:
        match = Match.new(load_game("robinson"), 1, players=2)
        match.resolve_chance()
        save_match(match, SeatPlan(("human", "random")), path)
        doc = json.loads(path.read_text(encoding="utf-8"))
        if name == "bad bot":
            doc["cli"]["seats"] = ["human", "ismcts:iters=many"]
        else:
            doc["actions"].append([0, "join 1 ²", False])
        content = json.dumps(doc)
    path.write_text(content, encoding="utf-8")
    for command in (["resume", str(path)], ["replay", str(path), "--to-end"]):
        if name == "bad bot" and command[0] == "replay":
            continue  # a replay plays no bot
        done = outlast_cmd(*command, stdin="quit\n")
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith("outlast: error: ") and done.stderr.count("\n") == 1, done.stderr


# --- 2. a compact screen ------------------------------------------------------------------------------------
def screens(game_name: str, seed: int, bots: str, count: int, **options: object) -> list[tuple[str, int]]:
    """Every seat's screen (table, decision, menu, "bots ready") at `count` decisions spread over a bot
    game, drawn by the session on a 100-column console, with the lines it takes plus the prompt's."""
    game = load_game(game_name)
    match = Match.new(game, seed, **options)
    players = int(match.options["players"])
    agent = make_agent(bots, game)
    rng, last, states = Rng(seed), -1, []
    while True:
        match.resolve_chance()
        state = match.state
        states.append(state.clone())
        if state.is_over():
            break
        seat = next_seat(state, state.to_move(), last, lambda _: agent)
        match.play(agent.act(state, seat, rng))
        last = seat
    buffer = io.StringIO()
    term = Terminal(console=Console(file=buffer, width=100, color_system=None), stdin=io.StringIO(""))
    session = PlaySession(match, SeatPlan(("human",) * players), term, None)
    out = []
    for state in states[::max(1, len(states) // count)]:
        session.match.state = state
        movers = state.to_move()
        for seat in range(players):
            buffer.seek(0)
            buffer.truncate()
            session._show(seat, [s for s in movers if s >= 0 and s != seat])
            out.append((buffer.getvalue(), len(buffer.getvalue().splitlines()) + 1))
    return out


@pytest.mark.parametrize("game_name, seed, bots, options", [
    ("fuji", 1, "random", {"players": 4, "scenario": "3"}),        # the tallest map
    ("fuji", 2, "random", {"players": 2, "variant": "b", "scenario": "6"}),  # the widest; a shared meeple
    ("fuji", 5, "heuristic", {"players": 4, "scenario": "4", "level": 4}),
    ("fuji", 3, "heuristic", {"players": 3, "scenario": "1"}),
    ("fuji", 4, "random", {"players": 2, "variant": "a", "scenario": "5"}),
    ("robinson", 3, "random", {"players": 4}),
    ("robinson", 6, "heuristic", {"players": 4}),
    ("robinson", 2, "random", {"players": 3}),
    ("robinson", 1, "heuristic", {"players": 1}),
    ("robinson", 4, "random", {"players": 2}),
])
def test_the_screen_fits_a_50_line_terminal(game_name: str, seed: int, bots: str, options: dict[str, object]) -> None:
    """Board, the seat's essentials, the decision, a short menu and the prompt: at most 50 lines at 100
    columns, for every seat at every sampled decision (a Fuji redraw was about 72 lines, Robinson's 130)."""
    shown = screens(game_name, seed, bots, 40, **options)
    assert len(shown) > 20
    worst = max(shown, key=lambda s: s[1])
    assert worst[1] <= SCREEN_LINES, f"{worst[1]} lines:\n{worst[0]}"
    assert sum("Legal actions" in text for text, _ in shown) >= len(shown) // 4


def test_view_full_shows_the_whole_table(tmp_path: Path) -> None:
    done = outlast_cmd("play", "robinson", *ROBINSON, "--save", str(tmp_path / "g.json"), stdin="view full\nview\nquit\n")
    assert done.returncode == 0, done.stderr
    full = done.stdout.split("seat 0> view full")[1].split("seat 0> view")[0]
    compact = done.stdout.split("seat 0> view\n")[1]
    assert "Inventions, Items and tokens" in full and "Threat Action field" in full and "Legal actions" in full
    assert "Inventions, Items and tokens" not in compact and len(compact.splitlines()) < len(full.splitlines())


# --- 3. Fuji phase 5: the team chooses who moves next (§10.1) ------------------------------------------------
def test_phase_5_the_human_is_asked_first_and_wait_lets_a_bot_go__s10_1(tmp_path: Path) -> None:
    """At the start of phase 5 every explorer may move; the human is asked before any bot moves, is told
    which bots could go, and `wait 2` lets seat 2 move first: the order of turns is the human's choice."""
    game = load_game("fuji")
    match = Match.new(game, 11, skills="buddy,gatherer,scout")
    agent, rng, last = RandomAgent(), Rng(5), -1
    while True:
        match.resolve_chance()
        state = match.state
        assert not state.is_over()
        if state.observe(None)["phase"] == 5 and state.to_move() == [0, 1, 2]:
            break
        seat = next_seat(state, state.to_move(), last, lambda _: agent)
        match.play(agent.act(state, seat, rng))
        last = seat
    save = tmp_path / "p5.json"
    save_match(match, SeatPlan(("human", "random", "random")), save)
    before = len(match.history)
    done = outlast_cmd("resume", str(save), stdin="wait 7\nwait 2\ngo\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    first_prompt = out.split("seat 0> ")[1]
    assert "bots ready: seat 1, seat 2 — type `wait` to let them go first" in out.split("seat 0> wait 7")[0]
    assert "`wait SEAT`: SEAT is one of the bots that may act now" in first_prompt
    assert "waiting for seat 2" in out
    assert "bots ready: seat 1 — type `wait`" in out.split("seat 0> wait 2")[1]
    goes = [seat for seat, text, _ in saved_actions(save)[before:] if text == "go"]
    assert goes[:2] == [2, 0]


# --- 4. help per game -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_name, args, example", [("robinson", ROBINSON, "`1` or `pile 0`"),
                                                      ("fuji", START, "`1` or `mark ")])
def test_help_example_comes_from_the_current_game(tmp_path: Path, game_name: str, args: list[str], example: str) -> None:
    done = outlast_cmd("play", game_name, *args, "--save", str(tmp_path / "g.json"), stdin="help\nquit\n")
    assert done.returncode == 0, done.stderr
    help_text = done.stdout.split("seat 0> help")[1]
    assert f"play that action (e.g. {example}" in help_text
    if game_name == "robinson":
        assert "mark E3" not in done.stdout


def test_no_cli_text_is_fuji_only() -> None:
    table = " ".join(f"{cmd} {what}" for cmd, what in COMMANDS)
    for word in ("mark", "meeple", "explorer", "reroll", "terrain"):
        assert word not in table.lower(), word
    main_py = (ROOT / "src" / "outlast" / "cli" / "main.py").read_text(encoding="utf-8").lower()
    assert not [w for w in ("explorer", "terrain", "two-player", "meeple", "castaway") if w in main_py]


# --- 5. the docs say what is true --------------------------------------------------------------------------
def test_every_in_game_command_is_documented() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for cmd, _ in COMMANDS:
        first = cmd.split()[0] if not cmd.startswith("NUMBER") else "NUMBER"
        if first != "NUMBER":
            assert f"`{cmd.split(' [')[0]}" in docs, cmd
    assert "`wait" in docs and "`view full`" in docs


def test_games_shows_random_defaults_and_the_documented_friday_values() -> None:
    done = outlast_cmd("games")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    defaults = {(r[0], r[2]) for r in rows if len(r) > 2 and r[0] in ("skills", "characters")}
    assert defaults == {("skills", "random"), ("characters", "random")}
    friday = load_game("robinson").options.get("friday")
    assert "friday=" + "|".join(friday.choices) in DOCS.read_text(encoding="utf-8")
