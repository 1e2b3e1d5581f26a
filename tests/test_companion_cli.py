"""Companion mode at the terminal (`outlast play GAME --physical [KINDS]`), driven as a user would: real processes,
commands on stdin (docs/companion.md)."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli import outlast_cmd


def test_robinson_with_the_box_asks_what_came_up_and_finds_it_by_name_or_number(tmp_path: Path) -> None:
    save = tmp_path / "box.json"
    done = outlast_cmd("play", "robinson", "--physical", "--players", "2", "--humans", "0,1", "--seed", "3",
                       "--save", str(save), stdin="fire\nzzz\ns\n1\nhelp\nmenu sp\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "played with the box: Weather, Action dice, Event deck" in " ".join(out.split())
    assert "Invention deck: draw the top card of the Invention deck" in out
    assert "What came up? (19 possible)" in out and "Fireplace (5.3%)" in out
    assert "seat 0 entered: Fireplace" in out
    assert "no outcome matches 'zzz'" in out
    assert "outcomes match 's': " in out
    assert "seat 0 entered: Basket" in out or "seat 0 entered: Bed" in out
    assert "(§3). The table rolls or draws with the box" in out
    assert "Spear (" in out
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["physical"] == sorted(["weather", "rolls", "events", "adventures", "mysteries", "hunting", "beasts",
                                      "inventions", "items", "tiles", "discoveries"])
    answered = [row for row in doc["actions"] if row[0] == -1]
    assert [row[1] for row in answered][:2] == ["draw fireplace", doc["actions"][1][1]] and all(r[2] for r in answered)

    again = outlast_cmd("resume", str(save), stdin="2\nquit\n")
    assert again.returncode == 0, again.stderr
    assert "What came up? (17 possible)" in again.stdout and "entered:" in again.stdout
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) == len(doc["actions"]) + 1


def test_fuji_dice_with_the_box_ask_only_the_human_for_its_own_dice(tmp_path: Path) -> None:
    """§6: seat 0 enters its own five dice; the bots' dice are rolled by outlast, so the human never sees them."""
    save = tmp_path / "fuji.json"
    done = outlast_cmd("play", "fuji", "--physical", "dice", "--players", "3", "--seed", "3", "--bots", "random",
                       "--save", str(save), stdin="1\n2\n3\n4\n5\n6\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    asked = [line for line in out.splitlines() if line.startswith("Dice: ")]
    assert asked == [f"Dice: roll behind your screen and enter your die {n}" for n in (1, 3, 4, 5, 6)]
    assert out.count("seat 0 entered: ") == 5 and "Pass to seat" not in out
    doc = json.loads(save.read_text(encoding="utf-8"))
    rolls = [row for row in doc["actions"] if row[0] == -1 and row[1].startswith("roll ")]
    assert len(rolls) == 16  # 5 + 6 + 5 dice: the bots' rolled by outlast, recorded alike
    assert "phase 2 planning" in out


def test_bad_physical_kinds_and_a_game_without_humans_are_refused() -> None:
    bad = outlast_cmd("play", "robinson", "--physical", "dice,lava", "--seed", "1")
    assert bad.returncode == 2
    assert "'lava' is not a kind of chance point of robinson" in bad.stderr + bad.stdout
    assert "weather" in bad.stderr + bad.stdout
    alone = outlast_cmd("play", "fuji", "--physical", "--bots-only", "--seed", "1")
    assert alone.returncode == 2
    assert "needs a human seat" in alone.stderr + alone.stdout


def test_games_lists_each_games_kinds_of_chance_point() -> None:
    done = outlast_cmd("games")
    assert done.returncode == 0, done.stderr
    assert "--physical kinds: weather (weather, dice); rolls (action dice, dice)" in done.stdout
    assert "dice (dice, dice); skills (skill cards, cards)" in done.stdout
