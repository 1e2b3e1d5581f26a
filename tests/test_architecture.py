"""Architecture promises that tests can check (architecture.md §1, §2)."""

from __future__ import annotations

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
    """Agents and the CLI never import a game's internals (architecture §1)."""
    for door in ("agents", "cli", "sim"):
        for p in (SRC / door).rglob("*.py"):
            assert "outlast.games." not in p.read_text(), f"{p} imports a game's internals"


def test_no_global_random_in_rules() -> None:
    """Determinism: rules use the state's own RNG, never the global `random` or the clock."""
    for p in (SRC / "games").rglob("*.py"):
        if p.name == "bots.py":
            continue
        text = p.read_text()
        assert not re.search(r"^\s*import random|^\s*from random import|time\.time\(|datetime\.now", text, re.M), p
