"""The `outlast` command, driven as a user would: real processes, commands on stdin or in a script.

Bot seats use `--bots random` for speed unless the test is about the default heuristic bot.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from outlast.core import OutlastError

# Seat 0 is a 6-die Buddy with one card, so its first decision is phase 2 (no setup choice to make).
START = ["--seed", "11", "--skills", "buddy,gatherer,scout", "--bots", "random"]


def outlast_cmd(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m outlast ARGS` with `stdin` piped in (nothing: end of input at once)."""
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "outlast", *args], input=stdin if stdin is not None else "",
                          capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def check_replay(saved: Path, quiet_stdout: str) -> None:
    """`outlast replay` of a saved bots-only game: `--to-end` reaches the outcome the quiet run printed, and
    stepping with seat 1's view goes forward, forward, back and to the end (Enter, Enter, b, e, q)."""
    outcome = [line for line in quiet_stdout.splitlines() if line.startswith(("Victory!", "Defeat:"))]
    end = outlast_cmd("replay", str(saved), "--to-end")
    assert end.returncode == 0, end.stderr
    assert outcome[0] in end.stdout
    stepped = outlast_cmd("replay", str(saved), "--seat", "1", stdin="\n\nb\ne\nq\n")
    assert stepped.returncode == 0, stepped.stderr
    assert "seat 1's view" in stepped.stdout
    steps = [line.split()[1] for line in stepped.stdout.splitlines() if line.startswith("step ")]
    assert [s.split("/")[0] for s in steps] == ["0", "1", "2", "1", steps[-1].split("/")[1]]


def saved_actions(path: Path) -> list[list[object]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    actions: list[list[object]] = doc["actions"]
    return actions


# --- games, rules ------------------------------------------------------------------------------------
def test_games_lists_players_and_options() -> None:
    done = outlast_cmd("games")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "fuji" in out and "2, 3, 4 players" in out
    for name in ("players", "level", "scenario", "variant", "extra_thrill", "skills", "characters"):
        assert name in out
    assert "1, 2, 3, 4, 5, 6, 7, random" in out
    assert "true or false" in out


@pytest.mark.parametrize("section, heading", [("§7.6", "§7.6 Communication rule"), ("7", "§7.1 Movement rules"),
                                               ("7.3", "§7.3 Destination markers"), ("§12", "§12.4")])
def test_rules_prints_a_section(section: str, heading: str) -> None:
    done = outlast_cmd("rules", "fuji", section)
    assert done.returncode == 0, done.stderr
    assert heading in done.stdout


def test_rules_whole_guide_and_unknown_section() -> None:
    whole = outlast_cmd("rules", "fuji")
    assert whole.returncode == 0 and "§18" in whole.stdout and "§1 Overview" in whole.stdout
    assert whole.stdout.startswith("# Fuji — players' rules guide")
    for bad in ("§99", "7.99", "seven", "§"):
        done = outlast_cmd("rules", "fuji", bad)
        assert done.returncode == 2, bad
        assert "error" in done.stderr and done.stdout == ""


# --- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--level", "9"], ["option 'level'", "'9'", "1, 2, 3, 4"]),
    (["--players", "five"], ["option 'players'", "2, 3, 4"]),
    (["--option", "variant=c"], ["option 'variant'", "auto, a, b, none"]),
    (["--option", "colour=red"], ["option 'colour'", "players, level"]),
    (["--option", "level"], ["NAME=VALUE"]),
    (["--skills", "scout,cook,buddy"], ["option 'skills'", "tinkerer"]),
    (["--players", "3", "--variant", "b"], ["option 'variant'", "2 players"]),
    (["--humans", "0,7"], ["option 'humans'", "from 0 to 2"]),
    (["--players", "4", "--seats", "human,bot"], ["option 'seats'", "4 comma-separated"]),
    (["--bots", "genius"], ["option 'bots'", "random"]),
])
def test_bad_options_stop_before_the_game_starts(args: list[str], words: list[str]) -> None:
    done = outlast_cmd("play", "fuji", *args, "--seed", "1")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    for w in words:
        assert w in done.stderr


def test_unknown_game_is_bad_input() -> None:
    done = outlast_cmd("play", "chess")
    assert done.returncode == 2
    assert "no game 'chess'; known games: discover, fuji" in done.stderr


# --- playing ---------------------------------------------------------------------------------------
def test_play_quit_resume_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = outlast_cmd("play", "fuji", *START, "--save", str(save), stdin="wait all\n1\nready\nquit\n")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "Scenario 1 — Foothills" in out and re.search(r"●0 .*\(you\).* 1=[YBP][1-6] 2=", out)
    assert "phase 2 planning and equipment (§7)" in out
    assert "Legal actions" in out and "1) mark" in out
    assert "seat 0: ready" in out
    assert "Phase 3" in out or "phase 3 rerolls (§8.3)" in out
    assert f"saved to {save}" in out and resume_line(out).endswith(f" resume {save}")
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["cli"]["seats"] == ["human", "random", "random"]
    before = len(doc["actions"])

    again = outlast_cmd("resume", str(save), stdin="stop\nquit\n")
    assert again.returncode == 0, again.stderr
    assert f"resumed from {save} after {before} actions" in again.stdout
    assert "seat 0: stop" in again.stdout
    after = saved_actions(save)
    assert len(after) > before
    assert [0, "stop", False] in after

    end = outlast_cmd("replay", str(save), "--to-end")
    assert end.returncode == 0, end.stderr
    assert "the recording stops before the end" in end.stdout


def test_illegal_input_changes_nothing__architecture_s2(tmp_path: Path) -> None:
    quiet = tmp_path / "quiet.json"
    noisy = tmp_path / "noisy.json"
    outlast_cmd("play", "fuji", *START, "--save", str(quiet), stdin="quit\n")
    done = outlast_cmd("play", "fuji", *START, "--save", str(noisy),
                       stdin="mark Z9\nfly away\n999\nuse binoculars A1 B1\ngo\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "'Z9' is not a card position" in out
    assert "not allowed: cannot read 'fly away'" in out
    assert "choose a number from 1 to" in out
    assert out.count("not allowed:") == 4
    assert "(§" in out
    assert saved_actions(noisy) == saved_actions(quiet)


def test_help_rules_log_menu_and_chat_commands(tmp_path: Path) -> None:
    script = "help\nrules\nrules §7.6\nrules §99\nlog 3\nmenu hint fit\nsay I rolled three yellows\n" \
             "say my roll is poor for my destination\nquit\n"
    done = outlast_cmd("play", "fuji", *START, "--save", str(tmp_path / "g.json"), stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "undo" in out and "say TEXT" in out and "quit" in out
    assert "## §7 Phase 2" in out
    assert "§7.6 Communication rule" in out
    assert "the Fuji rules guide has no section §99" in out
    assert "hint fit poor" in out and "hint fit great" in out
    assert "not said: numbers are not allowed in chat: 'three' is a number word (§7.6)" in out
    assert "seat 0 says: my roll is poor for my destination" in out


def test_undo_takes_back_only_your_own_last_action(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, "--save", str(tmp_path / "g.json"),
                       stdin="undo\n1\nundo\n1\nwait\nundo\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "cannot undo: undo may not cross a reveal" in out.split("seat 0> 1")[0]
    assert "took back: mark" in out
    assert "cannot undo: another seat has acted since; undo may not cross another seat's move" in out.split("wait")[-1]


def test_no_talking_in_phase_3__s8_3(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, "--save", str(tmp_path / "g.json"),
                       stdin="wait all\n1\nready\nsay good luck\nquit\n")
    assert "not said: no talking while the dice are being rerolled (§8.3)" in done.stdout


def test_script_file_then_end_of_input_saves(tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("# a comment line\n1\nready\n", encoding="utf-8")
    save = tmp_path / "g.json"
    done = outlast_cmd("play", "fuji", *START, "--script", str(script), "--save", str(save))
    assert done.returncode == 0, done.stderr
    assert "seat 0: ready" in done.stdout
    assert "# a comment" not in done.stdout
    assert f" resume {save}" in resume_line(done.stdout)
    assert [0, "ready", False] in saved_actions(save)
    missing = outlast_cmd("play", "fuji", *START, "--script", str(tmp_path / "none.txt"))
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_default_save_file_is_named_after_game_and_seed(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, stdin="quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "fuji-11.outlast.json").is_file()
    assert resume_line(done.stdout).endswith(" resume fuji-11.outlast.json")


def resume_line(stdout: str) -> str:
    """The command of the `Resume with: COMMAND` line."""
    found = [line for line in stdout.splitlines() if line.startswith("Resume with: ")]
    assert len(found) == 1, stdout
    return found[0].removeprefix("Resume with: ")


def test_the_resume_command_it_prints_works_from_where_the_user_is(tmp_path: Path) -> None:
    """`make play` runs `.venv/bin/outlast`, which is not on PATH: the printed command must run as printed, from
    the same folder (issue 26 §2), whether outlast was started as `python -m outlast` or by its script."""
    import shlex

    env = dict(os.environ, COLUMNS="120", PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"),
               PATH="/usr/bin:/bin")  # no venv on PATH, as after `make play`
    script = Path(sys.executable).parent / "outlast"
    starts = [[sys.executable, "-m", "outlast"]] + ([[str(script)]] if script.exists() else [])
    for i, start in enumerate(starts):
        save = f"g{i}.json"
        first = subprocess.run([*start, "play", "fuji", *START, "--save", save], input="quit\n", capture_output=True,
                               text=True, timeout=120, env=env, cwd=tmp_path)
        assert first.returncode == 0, first.stderr
        command = shlex.split(resume_line(first.stdout))
        assert command[-2:] == ["resume", save]
        again = subprocess.run(command, input="quit\n", capture_output=True, text=True, timeout=120, env=env,
                               cwd=tmp_path)
        assert again.returncode == 0, (command, again.stderr)
        assert resume_line(again.stdout) == resume_line(first.stdout)


def test_hotseat_asks_each_human_in_turn_behind_a_privacy_prompt(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, "--seats", "human,human,random", "--save", str(tmp_path / "g.json"),
                       stdin="1\nsay lots of my dice came up high\nready\n1\nready\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "--- Pass to seat 0 ---" in out and "--- Pass to seat 1 ---" in out
    assert out.index("Pass to seat 0") < out.index("seat 0> 1") < out.index("Pass to seat 1") < out.index("seat 1> 1")
    assert "seat 0 said: lots of my dice came up high" in out.split("Pass to seat 1")[1]
    single = outlast_cmd("play", "fuji", *START, "--save", str(tmp_path / "h.json"), stdin="quit\n")
    assert "Pass to seat" not in single.stdout


def test_a_seat_sees_its_own_dice_and_not_the_others__s18(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", *START, "--seats", "human,human,random", "--save", str(tmp_path / "g.json"),
                       stdin="quit\n")
    view = done.stdout.split("Pass to seat 0")[1]
    rows = {line.split()[0]: line for line in view.splitlines() if line.startswith("●") and "stamina 0/30" in line}
    assert set(rows) == {"●0", "●1", "●2"}
    assert "??" not in rows["●0"]
    assert rows["●1"].count("??") == 6 and rows["●2"].count("??") == 5


def test_bots_only_play_to_the_end_reproducibly(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    a = outlast_cmd("play", "fuji", "--seats", "bot,bot,bot", "--bots", "random", "--seed", "4", "--save", str(one))
    b = outlast_cmd("play", "fuji", "--bots-only", "--bots", "random", "--seed", "4", "--save", str(two), "--quiet")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert "Victory!" in a.stdout or "Defeat:" in a.stdout
    assert "Rounds played:" in b.stdout and "Scenario" not in b.stdout
    assert "· round 1: phase 1, everyone rolls" in a.stdout
    assert saved_actions(one) == saved_actions(two)
    check_replay(one, b.stdout)
    bad_seat = outlast_cmd("replay", str(one), "--seat", "5")
    assert bad_seat.returncode == 2 and "option 'seat'" in bad_seat.stderr


@pytest.mark.skipif(importlib.util.find_spec("outlast.games.fuji.bots") is None,
                    reason="the heuristic bot (games/fuji/bots.py) is not in this checkout yet")
def test_default_bots_are_the_heuristic(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", "--bots-only", "--seed", "2", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "seats: 0 heuristic, 1 heuristic, 2 heuristic" in done.stdout
    assert "Victory!" in done.stdout or "Defeat:" in done.stdout
    one = outlast_cmd("play", "fuji", *START[:4], "--save", str(tmp_path / "g.json"), stdin="quit\n")
    assert "seats: 0 human, 1 heuristic, 2 heuristic" in one.stdout


@pytest.mark.parametrize("content, words", [
    (None, "cannot read save file"),
    ("not json at all", "not valid JSON"),
    ('{"hello": "world"}', "not an outlast save file"),
    ('{"format": "outlast-match", "version": 1, "game": "chess", "rules_version": "x", "options": {}, '
     '"seed": 1, "actions": [], "digest": "0"}', "unknown game"),
])
def test_broken_save_files_are_bad_input(tmp_path: Path, content: str | None, words: str) -> None:
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    for command in (["resume", str(path)], ["replay", str(path), "--to-end"], ["replay", str(path)]):
        done = outlast_cmd(*command)
        assert done.returncode == 2, command
        assert words in done.stderr
        assert "Traceback" not in done.stderr


def test_altered_save_file_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    outlast_cmd("play", "fuji", *START, "--save", str(save), stdin="wait all\n1\nready\nquit\n")
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["actions"][-1][1] = "mark A1"
    save.write_text(json.dumps(doc), encoding="utf-8")
    done = outlast_cmd("resume", str(save))
    assert done.returncode == 2
    assert "cannot be replayed" in done.stderr
    doc["actions"].pop()
    save.write_text(json.dumps(doc), encoding="utf-8")
    done = outlast_cmd("replay", str(save), "--to-end")
    assert done.returncode == 2
    assert "digest" in done.stderr


def test_console_script_and_python_m_agree() -> None:
    script = Path(sys.executable).parent / "outlast"
    if not script.exists():
        pytest.skip("the outlast console script is not installed next to this Python")
    env = dict(os.environ, COLUMNS="120")
    done = subprocess.run([str(script), "rules", "fuji", "§5"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0
    assert done.stdout == outlast_cmd("rules", "fuji", "§5").stdout
    version = outlast_cmd("--version")
    assert version.returncode == 0 and version.stdout.startswith("outlast ")


# --- option flags are generated from the games' schemas --------------------------------------------------
def test_every_option_of_every_game_has_a_flag_of_play() -> None:
    """Issue 11 item 6: `play`'s option flags come from each game's option schema, none is written in cli/."""
    import outlast
    from outlast.cli.main import RESERVED_FLAGS, build_parser, option_flags

    flags = option_flags()
    for name in outlast.list_games():
        for opt in outlast.load_game(name).options:
            assert opt.name in flags or opt.name in RESERVED_FLAGS, (name, opt.name)
    args = build_parser().parse_args(["play", "robinson", "--dog", "no", "--starting-items", "3"])
    assert (args.game_option_dog, args.game_option_starting_items) == ("no", "3")
    source = (Path(__file__).parent.parent / "src" / "outlast" / "cli" / "main.py").read_text(encoding="utf-8")
    for word in ("extra_thrill", "extra-thrill", "starting_items", "event_mix", '"level"', '"dog"'):
        assert word not in source, word


def test_generated_flags_play_each_games_options(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    done = outlast_cmd("play", "robinson", "--players", "3", "--dog", "no", "--event-mix", "more_book",
                       "--bots-only", "--quiet", "--seed", "4", "--save", str(save))
    assert done.returncode == 0, done.stderr
    options = json.loads(save.read_text(encoding="utf-8"))["options"]
    assert options["dog"] == "no" and options["event_mix"] == "more_book" and options["players"] == 3
    bare = outlast_cmd("play", "fuji", "--players", "2", "--extra-thrill", "--bots-only", "--quiet", "--seed", "4",
                       "--save", str(tmp_path / "f.json"))
    assert bare.returncode == 0, bare.stderr
    assert json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))["options"]["extra_thrill"] is True


@pytest.mark.parametrize(("args", "message"), [
    (["fuji", "--dog", "no"], "unknown option 'dog'"),
    (["robinson", "--level", "2"], "unknown option 'level'"),
    (["fuji", "--extra-thrill", "maybe"], "option 'extra_thrill'"),
    (["robinson", "--starting-items", "2.5"], "option 'starting_items'"),
])
def test_a_flag_the_game_does_not_have_or_a_bad_value_exits_2(args: list[str], message: str) -> None:
    done = outlast_cmd("play", *args, "--bots-only", "--quiet")
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_the_transcripts_in_docs_cli_are_what_the_terminal_prints(tmp_path: Path) -> None:
    """Each session shown in docs/cli.md (a block starting `$ outlast …`) is run as written, its commands (what
    follows `seat N> `) piped in: every line it shows must be printed, in that order (`…` stands for lines left
    out; the `Resume with:` line's command depends on how outlast was started, so only its end is compared)."""
    import shlex

    text = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    blocks, block = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            block = [] if block is None else blocks.append("\n".join(block))
        elif block is not None:
            block.append(line)
    blocks = [b for b in blocks if b.startswith("$ outlast ")]
    assert blocks, "docs/cli.md shows no session"
    for block in blocks:
        lines = block.splitlines()
        args = shlex.split(lines[0].removeprefix("$ outlast "))
        commands = "".join(line.split("> ", 1)[1] + "\n" for line in lines if re.match(r"seat \d+> ", line))
        done = outlast_cmd(*args, stdin=commands, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        printed = [line.rstrip() for line in done.stdout.splitlines()]
        at = 0
        for want in lines[1:]:
            if want.strip() == "…":
                continue
            if want.startswith("Resume with: outlast "):
                suffix = want.removeprefix("Resume with: outlast")
                match = lambda got, suffix=suffix: got.startswith("Resume with: ") and got.endswith(suffix)  # noqa: E731
            else:
                match = lambda got, want=want: got == want.rstrip()  # noqa: E731
            found = next((i for i in range(at, len(printed)) if match(printed[i])), None)
            assert found is not None, f"docs/cli.md's `{lines[0]}` shows {want!r}, which the terminal does not " \
                                      f"print (after line {at}):\n" + "\n".join(printed[at:at + 40])
            at = found + 1


def test_missing_extra_messages_name_the_install_that_fits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed outlast is told `pip install 'outlast[sim]'`; an editable install of a clone its own pip on
    the clone (`.venv/bin/pip install -e '.[sim]'` inside it), as the README says (issue 26 §2)."""
    import outlast.install as install

    monkeypatch.setattr(install, "editable_clone", lambda: None)
    assert install.install_hint("sim") == "pip install 'outlast[sim]'"
    clone = tmp_path / "outlast"
    (clone / ".venv" / "bin").mkdir(parents=True)
    (clone / ".venv" / "bin" / "pip").touch()
    monkeypatch.setattr(install, "editable_clone", lambda: clone)
    monkeypatch.setattr(install.sys, "prefix", str(clone / ".venv"))
    monkeypatch.chdir(clone)
    assert install.install_hint("sim") == ".venv/bin/pip install -e '.[sim]'"
    monkeypatch.chdir(tmp_path)
    assert install.install_hint("server") == f"outlast/.venv/bin/pip install -e '{clone}[server]'"
    monkeypatch.setattr("builtins.__import__", _without("pyarrow"))
    from outlast.cli.sim_commands import _need_sim_extra

    with pytest.raises(OutlastError, match=re.escape(f"outlast/.venv/bin/pip install -e '{clone}[sim]'")):
        _need_sim_extra("simulate")


def _without(name: str) -> Any:
    real = __import__

    def fake(module: str, *args: Any, **kwargs: Any) -> Any:
        if module == name:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(module, *args, **kwargs)
    return fake


def test_the_play_header_says_random_for_what_is_dealt_at_random_and_help_names_ismcts(tmp_path: Path) -> None:
    done = outlast_cmd("play", "fuji", "--seed", "3", stdin="quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert "skills=random" in header and "characters=random" in header and "(none)" not in header, header
    given = outlast_cmd("play", "fuji", *START, stdin="quit\n", cwd=tmp_path)
    assert "skills=buddy,gatherer,scout" in given.stdout.splitlines()[0]
    helped = outlast_cmd("play", "--help")
    assert "ismcts" in helped.stdout and "random" in helped.stdout
