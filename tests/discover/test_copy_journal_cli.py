"""The discovery journal (discover.md §1.3 item 4) and `outlast copy` (docs/discover.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from outlast.games.discover import journal
from outlast.games.discover.generator import copy_id_for

ID = copy_id_for(7)


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OUTLAST_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_data_dir_from_env(data: Path) -> None:
    assert journal.data_dir() == data
    assert journal.journal_path(ID).parent == data / "journals"


def test_journal_round_trip(data: Path) -> None:
    assert journal.seen(ID) == {}
    journal.record(ID, "card", 33)
    journal.record(ID, "card", 1)
    journal.record(ID, "card", 33)
    journal.record(ID, "tile", 4)
    assert journal.seen(ID) == {"card": [1, 33], "tile": [4]}
    assert not list((data / "journals").glob("*.tmp"))


@pytest.mark.parametrize("content", ["{not json", '{"copy_id": "0000000000000000", "seen": {}}',
                                     json.dumps({"copy_id": ID, "seen": {"card": ["x"]}}), "[]"])
def test_corrupt_journal_is_a_typed_error(data: Path, content: str) -> None:
    path = journal.journal_path(ID)
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    with pytest.raises(journal.JournalError, match="journal|JSON"):
        journal.seen(ID)
    with pytest.raises(journal.JournalError):
        journal.record(ID, "card", 1)


def test_bad_kind_and_id_are_refused() -> None:
    with pytest.raises(journal.JournalError, match="kind"):
        journal.record(ID, "rumour", 1)
    with pytest.raises(journal.JournalError, match="copy id"):
        journal.seen("../../etc/passwd")


def test_copy_index_remembers_seeds(data: Path) -> None:
    assert journal.seed_of(ID) is None
    journal.remember(ID, 7)
    assert journal.seed_of(ID) == 7
    (data / "discover-copies.json").write_text('{"x": 1}', encoding="utf-8")
    with pytest.raises(journal.JournalError, match="copy index"):
        journal.seed_of(ID)


def outlast(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "outlast", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def test_copy_new_show_journal_commands(data: Path) -> None:
    new = outlast("copy", "new", "--seed", "7")
    assert new.returncode == 0, new.stderr
    assert ID in new.stdout and "scenarios: 1 Cry for Help" in new.stdout and "Silver Key" not in new.stdout and "landmark" not in new.stdout
    shown = outlast("copy", "show", ID)
    assert shown.returncode == 0 and shown.stdout == new.stdout
    spoiled = outlast("copy", "show", "7", "--spoilers")
    assert spoiled.returncode == 0 and "#33 Silver Key" in spoiled.stdout and "Giant Python" in spoiled.stdout
    journal.record(ID, "card", 33)
    seen = outlast("copy", "journal", ID)
    assert seen.returncode == 0 and "card: #33 Silver Key" in seen.stdout


def test_copy_show_unknown_id_is_bad_input() -> None:
    result = outlast("copy", "show", "abcdefabcdefabcd")
    assert result.returncode == 2 and "outlast copy new --seed" in result.stderr
    result = outlast("copy", "show", "hello")
    assert result.returncode == 2


def test_corrupt_journal_in_the_cli_is_bad_input(data: Path) -> None:
    path = journal.journal_path(ID)
    path.parent.mkdir(parents=True)
    path.write_text("{", encoding="utf-8")
    result = outlast("copy", "journal", "7")
    assert result.returncode == 2 and "move it away" in result.stderr


def test_copy_new_playtest_reports_a_win_rate_with_an_interval() -> None:
    result = outlast("copy", "new", "--seed", "7", "--playtest", "2")
    assert result.returncode == 0, result.stderr
    assert "playtest: 2 heuristic-bot games of scenario 1" in result.stdout and "95 % interval" in result.stdout


def test_copy_new_band_takes_the_first_copy_in_the_band() -> None:
    result = outlast("copy", "new", "--seed", "7", "--band", "0-1", "--playtest", "1")
    assert result.returncode == 0, result.stderr
    assert "band 0%–100%: seed 7 after 1 copy" in result.stdout


def test_bad_playtest_and_band_are_bad_input() -> None:
    for args in (("--band", "0.8-0.2"), ("--band", "half"), ("--playtest", "-1"), ("--band", "0.2-1.5")):
        result = outlast("copy", "new", "--seed", "7", *args)
        assert result.returncode == 2, (args, result.stdout)
        assert "band" in result.stderr or "playtest" in result.stderr
