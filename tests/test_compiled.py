"""The compiled rules core (outlast.compiled, docs/compiled.md): what it builds, that it is refused where it would
mislead, and — in the slow tier — that the compiled build plays exactly the games the pure-Python one plays."""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from outlast.compiled import MODULES, CoreBuild, core_build, source_path

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "build_backend"


def test_every_compiled_module_is_a_rules_module_with_a_source_file() -> None:
    assert len(set(MODULES)) == len(MODULES) > 50
    for name in MODULES:
        assert (ROOT / source_path(name)).is_file(), name
        assert not name.endswith("__init__"), "a package's __init__ stays Python: it is what finds the modules"
        assert importlib.import_module(name).__name__ == name
    assert "outlast.compiled" not in MODULES  # setup.py runs it as a file before outlast is installed


def test_this_install_is_pure_python_and_says_so() -> None:
    """The development install is editable, and an editable install is never compiled (the backend refuses)."""
    build = core_build()
    assert build.compiled == () and build.pure == MODULES
    assert build.describe() == "pure Python"


def test_describe_names_a_compiled_and_a_mixed_build() -> None:
    assert CoreBuild(MODULES, ()).describe() == f"compiled with Cython ({len(MODULES)} of {len(MODULES)} modules)"
    mixed = CoreBuild(MODULES[1:], MODULES[:1]).describe()
    assert mixed.startswith(f"partly compiled: {len(MODULES) - 1} of {len(MODULES)}") and MODULES[0] in mixed


def test_version_says_which_core_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "outlast", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("outlast ") and "(rules core: pure Python)" in done.stdout


@pytest.mark.parametrize("value", ["yes", "2", "true", "on"])
def test_a_bad_outlast_compile_value_is_refused_with_what_to_use(value: str) -> None:
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, OUTLAST_COMPILE=value))
    assert done.returncode != 0
    assert f"OUTLAST_COMPILE={value!r}" in done.stderr and "use 1 to compile" in done.stderr


@pytest.mark.parametrize("value", ["", "0"])
def test_unset_or_zero_builds_the_plain_package(value: str) -> None:
    done = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, OUTLAST_COMPILE=value))
    assert done.returncode == 0 and done.stdout.strip() == "outlast"


def _backend(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(BACKEND))
    sys.modules.pop("outlast_build", None)
    return importlib.import_module("outlast_build")


def test_the_backend_asks_for_cython_only_when_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend(monkeypatch)
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", lambda settings=None: ["wheel"])
    monkeypatch.delenv("OUTLAST_COMPILE", raising=False)
    assert backend.get_requires_for_build_wheel() == ["wheel"]
    monkeypatch.setenv("OUTLAST_COMPILE", "1")
    assert backend.get_requires_for_build_wheel() == ["wheel", "Cython>=3.0"]


def test_an_editable_compiled_install_is_refused_with_the_reason(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    backend = _backend(monkeypatch)
    monkeypatch.setattr(backend._setuptools, "build_editable", lambda *a, **k: pytest.fail("built anyway"))
    monkeypatch.setenv("OUTLAST_COMPILE", "1")
    with pytest.raises(SystemExit, match="regular install only .* imported instead of the sources you edit"):
        backend.build_editable(str(tmp_path))


# --- the slow tier: build it as the README says, then play and test it ----------------------------------------
PROJECT = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "build_backend", "src"]
"""What a build reads: the project without its tests, docs and benchmarks."""

RULE_TESTS = [
    "tests/test_golden.py", "tests/test_core.py", "tests/test_kernel2.py", "tests/test_kernel_hardening.py",
    "tests/test_kernel_verbs.py", "tests/test_decision_parts.py", "tests/test_sample_chance_rng.py",
    "tests/test_ismcts.py",
    "tests/test_fuji_rules.py", "tests/test_fuji_examples.py", "tests/test_fuji_decisions.py",
    "tests/test_fuji_hardening.py", "tests/test_fuji_verbs.py", "tests/test_fuji_position.py",
    "tests/test_robinson_rules.py", "tests/test_robinson_examples.py", "tests/test_robinson_hardening.py",
    "tests/test_robinson_items.py", "tests/test_robinson_verbs.py", "tests/test_robinson_position.py",
    "tests/test_discover_rules.py", "tests/test_discover_examples.py", "tests/test_discover_properties.py",
    "tests/discover",
]
"""The rule tests run again on the compiled core: every game's rules and worked examples, the golden games, the
kernel, hardening against bad input, and ISMCTS."""

DIGEST = """
import hashlib, json, random, sys
from outlast.cli.bench_command import random_playout
from outlast.core import load_game
digest = hashlib.sha256()
for name in ("fuji", "robinson", "discover"):
    game = load_game(name)
    for seed in range(int(sys.argv[1])):
        state = game.new_game(seed=seed)
        random_playout(state, random.Random(seed))
        digest.update(json.dumps(state.to_json(), sort_keys=True, default=str).encode())
print(digest.hexdigest())
"""
"""Random games of every game, their final states (log included) hashed: the same from both builds."""


def _python(code: str, *args: str, path: str | None = None) -> str:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=900, env=env,
                          cwd="/")
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


@pytest.mark.timeout(1800)
def test_the_compiled_core_builds_as_the_readme_says_and_plays_the_same_games(tmp_path: Path) -> None:
    project, site = tmp_path / "outlast", tmp_path / "site"
    project.mkdir()
    for name in PROJECT:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, project / name)
    for junk in project.rglob("__pycache__"):
        shutil.rmtree(junk)
    # the README's command; --target and --no-deps keep it out of this virtual environment
    built = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site),
                            "."], cwd=project, capture_output=True, text=True, timeout=1500,
                           env=dict(os.environ, OUTLAST_COMPILE="1"))
    assert built.returncode == 0, built.stderr[-3000:]
    assert not list((project / "src").rglob("*.c")), "the generated C belongs in build/, not beside the sources"

    build = _python("from outlast.compiled import core_build; print(core_build().describe())", path=str(site))
    assert build == f"compiled with Cython ({len(MODULES)} of {len(MODULES)} modules)"
    version = _python("import sys; from outlast.cli.main import main; sys.argv = ['outlast', '--version']; main()",
                      path=str(site))
    assert f"(rules core: {build})" in version

    assert _python(DIGEST, "12", path=str(site)) == _python(DIGEST, "12"), "the compiled core plays other games"

    # pyproject's addopts give -q, which still prints the summary line read below
    tests = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
                            "-m", "not slow", *RULE_TESTS], cwd=ROOT, capture_output=True, text=True,
                           timeout=1500, env=dict(os.environ, PYTHONPATH=str(site)))
    assert tests.returncode == 0, tests.stdout[-5000:]
    summary = re.search(r"(\d+) passed", tests.stdout)
    assert summary is not None and int(summary.group(1)) > 1000, tests.stdout[-2000:]
    assert "failed" not in tests.stdout


def _digest_here(seeds: int) -> str:
    """`DIGEST` run in this process (pure Python), as the subprocess runs it."""
    out, argv = io.StringIO(), sys.argv
    sys.argv = ["digest", str(seeds)]
    try:
        with contextlib.redirect_stdout(out):
            exec(DIGEST, {"__name__": "digest"})
    finally:
        sys.argv = argv
    return out.getvalue().strip()


def test_the_digest_script_reads_the_games_it_is_given() -> None:
    """The slow test's digest is a real fingerprint: the same in a fresh process, different for other games."""
    assert _python(DIGEST, "2") == _digest_here(2) != _digest_here(1)
