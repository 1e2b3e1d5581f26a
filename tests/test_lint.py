"""`outlast lint`: content files are checked and a fault names its file, item and field (architecture §3).

Each test runs the real command in a subprocess against a copy of the Fuji content folder with one
file broken on purpose.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import outlast.games.fuji

CONTENT = Path(outlast.games.fuji.__file__).parent / "content"


def outlast_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "outlast", *args], capture_output=True, text=True,
                          timeout=60, env=env, stdin=subprocess.DEVNULL)


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


def test_lint_checks_every_game() -> None:
    done = outlast_cmd("lint")
    assert done.returncode == 0, done.stderr
    assert "fuji: ok" in done.stdout
    assert "33 terrain cards" in done.stdout and "15 equipment cards" in done.stdout


def test_lint_of_an_intact_copy_passes(content_copy: Path) -> None:
    done = outlast_cmd("lint", "fuji", "--content-dir", str(content_copy))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"fuji: ok in {content_copy}" in done.stdout


def _replace(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text, f"the fixture expects {old!r} in the file"
        return text.replace(old, new, 1)

    return edit


BROKEN = {
    "unknown verb": ("equipment.yaml", _replace("{swap_terrain: {}}", "{swap_terrian: {}}"),
                     ["equipment.yaml: binoculars: effect", "unknown verb 'swap_terrian'"]),
    "missing field": ("equipment.yaml", _replace("  name: Lighter\n", ""),
                      ["equipment.yaml: lighter: name: missing"]),
    "missing verb parameter": ("skills.yaml", _replace("{long_stride: {steps: 4}}", "{long_stride: {}}"),
                               ["skills.yaml: scout: steps: missing"]),
    "unknown field": ("characters.yaml", _replace("name:", "nmae:"),
                      ["characters.yaml", "nmae: unknown field"]),
    "bad YAML": ("terrain.yaml", lambda text: text + "- {id: L99, kind: [landscape\n",
                 ["terrain.yaml: -: -: not valid YAML"]),
    "bad requirement clause": ("terrain.yaml", _replace('requires: ["Y:*"]}', 'requires: ["Q:*"]}'),
                               ["terrain.yaml: L01: requires: bad requirement clause 'Q:*'"]),
    "wrong card count": ("terrain.yaml", _replace('- {id: L24, kind: landscape, requires: ["*:56"]}\n', ""),
                         ["terrain.yaml: -: kind: need 24 landscape cards (§2.1), found 23"]),
    "wrong type": ("skills.yaml", _replace("dice: 6", "dice: six"),
                   ["skills.yaml: equipment_manager: dice: must be int"]),
    "repeated id": ("equipment.yaml", _replace("- id: lighter", "- id: binoculars"),
                    ["equipment.yaml: binoculars: id: repeated id"]),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_file_is_named_with_item_and_field__architecture_s3(content_copy: Path, case: str) -> None:
    file, edit, expected = BROKEN[case]
    path = content_copy / file
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    done = outlast_cmd("lint", "fuji", "--content-dir", str(content_copy))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "fuji: content error" in done.stdout
    for words in expected:
        assert words in done.stdout


def test_a_missing_file_is_named(content_copy: Path) -> None:
    (content_copy / "dice.yaml").unlink()
    done = outlast_cmd("lint", "fuji", "--content-dir", str(content_copy))
    assert done.returncode == 1
    assert "dice.yaml: -: -: file is missing" in done.stdout


def test_content_dir_must_exist_and_name_one_game(tmp_path: Path) -> None:
    done = outlast_cmd("lint", "fuji", "--content-dir", str(tmp_path / "nowhere"))
    assert done.returncode == 2
    assert "no such folder" in done.stderr
    done = outlast_cmd("lint", "nogame")
    assert done.returncode == 2
    assert "no game 'nogame'" in done.stderr
