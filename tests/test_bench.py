"""`outlast bench` and `benchmarks/run.py` run and report; speed itself is never asserted (architecture §6)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from outlast.cli.bench_command import Figures, parse_game_spec, targets
from outlast.cli.main import main
from outlast.core import OptionError

ROOT = Path(__file__).resolve().parent.parent
HAS_SPIEL = importlib.util.find_spec("pyspiel") is not None


def test_bench_without_references_prints_our_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "--games", "fuji:players=2,variant=b", "--seconds", "0.05", "--no-reference",
                 "--ismcts", "ismcts:iters=2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "| fuji (players=2, variant=b) |" in out and "ISMCTS" in out
    assert "Ours as ratios" not in out


@pytest.mark.skipif(not HAS_SPIEL, reason="needs the bench extra (open_spiel)")
def test_benchmarks_run_writes_results_with_references(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    out = tmp_path / "results.md"
    assert run.main(["--seconds", "0.05", "--out", str(out), "--ismcts", "none", "--profile"]) == 0
    text = out.read_text(encoding="utf-8")
    for part in ("python_block_dominoes (OpenSpiel, pure Python)", "hanabi (OpenSpiel, C++)", "tic-tac-toe",
                 "## Ours as ratios to each reference", "## Design targets", "## Where the time goes", "load average"):
        assert part in text
    assert text == capsys.readouterr().out


def test_bad_game_or_option_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "chess", "--no-reference"]) == 2
    assert main(["bench", "--games", "fuji:players=9", "--no-reference"]) == 2
    assert main(["bench", "--seconds", "0", "--no-reference"]) == 2
    assert "players" in capsys.readouterr().err


def test_game_specs_and_targets() -> None:
    assert parse_game_spec("fuji:players=4, level=2") == ("fuji", {"players": "4", "level": "2"})
    with pytest.raises(OptionError):
        parse_game_spec("fuji:players")
    ours = Figures("fuji", "ours", actions_per_s=90.0, clone_us=3.0)
    ref = Figures("python_block_dominoes (OpenSpiel, pure Python)", "reference", actions_per_s=100.0, clone_us=10.0)
    (speed, met_speed, how), (clone, met_clone, _) = targets(ours, [ref])
    assert not met_speed and "10 % short" in how
    assert not met_clone


def test_bench_measures_robinson_at_two_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """`outlast bench --games robinson robinson:players=4`: playouts, mid-game clone and ISMCTS of Robinson."""
    code = main(["bench", "--games", "robinson", "robinson:players=4", "--seconds", "0.05", "--no-reference",
                 "--ismcts", "ismcts:iters=2"])
    out = capsys.readouterr().out
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("| robinson")]
    assert [r.split(" | ")[0] for r in rows] == ["| robinson (defaults)", "| robinson (players=4)"]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert all(c not in ("", "—") for c in cells[1:]), row  # every figure measured, ISMCTS included


def test_robinson_is_in_the_default_game_list() -> None:
    from outlast.core import list_games

    assert "robinson" in list_games()  # `outlast bench` and benchmarks/run.py measure every game by default
