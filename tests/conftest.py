"""Shared test setup.

The tests folder is on the import path, so tests import `fuji_helpers` (the builder of real Fuji
states from options plus chosen chance outcomes). Hypothesis runs without deadlines: a whole-game
example takes as long as the game.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("outlast", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("outlast")


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_STARTED] = time.time()


SLOW_LIST = Path(__file__).with_name("slow.txt")


def slow_tests() -> set[str]:
    """The test functions of the slow tier (tests/slow.txt: `path::name` per line, `#` starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in SLOW_LIST.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of tests/slow.txt `slow` before `-m` selects (`make test` runs `-m "not slow"`)."""
    slow = slow_tests()
    for item in items:
        if item.nodeid.split("[", 1)[0] in slow:
            item.add_marker(pytest.mark.slow)


_STARTED = pytest.StashKey[float]()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Print what each game's conformance check did in this session (test_conformance.py stores it)."""
    if hasattr(config, "workerinput") or getattr(config, "cache", None) is None:  # a worker, or -p no:cacheprovider
        return
    started = config.stash.get(_STARTED, 0.0)
    import outlast

    lines = []
    for name in outlast.list_games():
        rec = config.cache.get(f"outlast/conformance/{name}", None)
        if rec and rec.get("at", 0) >= started:
            lines.append(f"{name}: {rec['games']} games, {rec['actions']} actions, {rec['positions']} positions, "
                         f"{rec['bad_inputs']} bad inputs, {rec['documents']} corrupted documents, "
                         f"{rec['match_files']} corrupted save files, {len(rec['failures'])} failures "
                         f"({rec['seconds']:.0f} s)")
    if lines:
        terminalreporter.write_sep("-", "conformance check (outlast.testing.check_game)")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Discovery journals and the copy index go to a folder of this test session, never the user's own."""
    import os

    folder = tmp_path_factory.mktemp("outlast-data")
    before = os.environ.get("OUTLAST_DATA")
    os.environ["OUTLAST_DATA"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("OUTLAST_DATA", None)
    else:
        os.environ["OUTLAST_DATA"] = before
