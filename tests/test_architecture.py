"""Architecture promises that tests can check (architecture.md §1, §2)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import outlast

SRC = Path(outlast.__file__).parent


def test_core_names_no_game() -> None:
    """`core` is game-agnostic: no game's name appears in it (architecture §1)."""
    pattern = re.compile(r"fuji|robinson|crusoe|discover", re.IGNORECASE)
    offenders = [str(p.relative_to(SRC)) for p in (SRC / "core").rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_doors_use_only_the_contract() -> None:
    """Agents, the CLI, the lab and the server never import a game's internals (architecture §1)."""
    for door in ("agents", "cli", "sim", "server"):
        for p in (SRC / door).rglob("*.py"):
            assert "outlast.games." not in p.read_text(), f"{p} imports a game's internals"


def test_no_global_random_in_rules() -> None:
    """Determinism: rules use the state's own RNG, never the global `random` or the clock."""
    for p in (SRC / "games").rglob("*.py"):
        if p.name == "bots.py":
            continue
        text = p.read_text()
        assert not re.search(r"^\s*import random|^\s*from random import|time\.time\(|datetime\.now", text, re.M), p


FUNCTION_LINES = 60
"""No function or method is longer (the project's standard: split it into named parts by what they compute)."""
GAME_FILE_LINES = 800
"""No file of a game package is longer (split rules by the rulebook's chapters)."""


def test_no_function_is_over_60_lines_and_no_game_file_over_800() -> None:
    """Every function of the package fits in about a screen, and every game module under 800 lines."""
    long_functions, long_files = set(), []
    for p in sorted(SRC.rglob("*.py")):
        where = p.relative_to(SRC).as_posix()
        text = p.read_text(encoding="utf-8")
        if where.startswith("games/") and len(text.splitlines()) > GAME_FILE_LINES:
            long_files.append(where)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                    long_functions.add((where, node.name))
    assert long_files == []
    assert sorted(long_functions) == []
