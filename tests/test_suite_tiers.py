"""The slow tier's list (tests/slow.txt) names tests that exist: a renamed or deleted test would otherwise drop
out of the list silently and run in `make test` again, or a typo would leave a slow test in the fast tier."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import SLOW_LIST, slow_tests

ROOT = Path(__file__).resolve().parents[1]


def _test_functions(path: Path) -> set[str]:
    """The names of a module's test functions (at module level or in a class)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")}


def test_every_line_of_the_slow_list_names_a_test_that_exists() -> None:
    missing = []
    for entry in sorted(slow_tests()):
        file, sep, name = entry.partition("::")
        path = ROOT / file
        if not sep or not path.is_file() or name not in _test_functions(path):
            missing.append(entry)
    assert not missing, f"{SLOW_LIST.name} names tests that do not exist: {missing}"


def test_the_slow_list_names_each_test_once() -> None:
    lines = [line.split("#", 1)[0].strip() for line in SLOW_LIST.read_text(encoding="utf-8").splitlines()]
    entries = [line for line in lines if line]
    assert len(entries) == len(set(entries)), "a test is listed twice"
