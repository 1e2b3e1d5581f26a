"""`outlast bench` and `benchmarks/run.py` run and report; speed itself is never asserted (architecture §6)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from outlast.cli.bench_command import Figures, parse_game_spec, targets
from outlast.cli.main import main
from outlast.core import OptionError

ROOT = Path(__file__).resolve().parent.parent
HAS_SPIEL = importlib.util.find_spec("pyspiel") is not None


def _benchmark(name: str) -> Any:
    """benchmarks/<name>.py loaded as a module (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_without_references_prints_our_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "--games", "fuji:players=2,variant=b", "--seconds", "0.05", "--no-reference",
                 "--ismcts", "ismcts:iters=2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "| fuji (players=2, variant=b) |" in out and "ISMCTS" in out
    assert "Ours as ratios" not in out


@pytest.mark.skipif(not HAS_SPIEL, reason="needs the bench extra (open_spiel)")
def test_benchmarks_run_writes_results_with_references(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _benchmark("run")
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


# --- benchmarks/kernel2_speed.py: the engine now beside an older commit's --------------------------------------------
def _kernel2() -> object:
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))  # the harness imports speedkit as a sibling module
    spec = importlib.util.spec_from_file_location("kernel2_speed", ROOT / "benchmarks" / "kernel2_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kernel2_speed"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_kernel2_cell_plays_the_same_games_every_time() -> None:
    k2: Any = _kernel2()
    bench = k2.Bench()
    assert bench.answer({"op": "hello"}) == {"outlast": str(ROOT / "src" / "outlast")}
    for game, players in (("fuji", 3), ("robinson", 2)):
        request = {"game": game, "players": players, "seed": 5, "games": 3}
        first = bench.answer({"op": "playouts", **request})
        again = bench.answer({"op": "playouts", **request})
        assert first["actions"] > first["player_actions"] > 0 and first["seconds"] > 0
        assert (first["actions"], first["player_actions"]) == (again["actions"], again["player_actions"])
        halves = [bench.answer({"op": "playouts", **request, "seed": seed, "games": count}) for seed, count in
                  ((5, 1), (6, 2))]
        assert sum(h["actions"] for h in halves) == first["actions"]  # slices add up to the whole
        clones = bench.answer({"op": "clones", **request})
        assert clones["clone_states"] > 0 and clones["clone_us"] > 0 and clones["events_per_state"] > 0


def test_kernel2_verdicts_from_the_best_rounds() -> None:
    k2: Any = _kernel2()

    def runs(rate: float, clone: float, actions: int = 1000) -> dict[str, Any]:
        return {"games": 10, "actions": actions, "player_actions": actions // 2, "seconds": actions / rate,
                "actions_per_s": rate, "clone_us": clone, "clone_states": 20, "events_per_state": 100.0}

    old = k2.Engine("old", ROOT / "src", "old engine")
    new = k2.Engine("new", ROOT / "src", "new engine")
    old.runs = {("fuji", 3): [runs(100.0, 4.0), runs(120.0, 5.0)], ("robinson", 2): [runs(50.0, 9.0)]}
    new.runs = {("fuji", 3): [runs(90.0, 11.0), runs(130.0, 12.0)], ("robinson", 2): [runs(45.0, 8.0, 999)]}
    result = k2.summary(old, new, [("fuji", 3), ("robinson", 2)])
    fuji, robinson = result["games"]["fuji"], result["games"]["robinson"]
    assert fuji["speed_ratio"] == pytest.approx(130 / 120) and fuji["speed_met"]
    assert fuji["worst_new_clone_us"] == 11.0 and not fuji["clone_met"]  # the best round's clone, above 10 µs
    assert robinson["speed_ratio"] == pytest.approx(0.9) and not robinson["speed_met"] and robinson["clone_met"]
    assert fuji["same_games"] and not robinson["same_games"]  # 999 actions against 1,000: not the same games
    info = {"date": "today", "machine": "here", "python": "3", "load_before": "1", "load_after": "1", "seconds": 1.0,
            "old": "old engine", "new": "new engine", "games": 10, "clone_games": 5, "rounds": 2, "seed": 0,
            "command": "kernel2_speed.py"}
    text = k2.markdown(info, result)
    # paired rounds: the old rounds took 10 and 8.33 s, the new ones 11.1 and 7.69 s: ratios 0.9 and 1.083
    assert fuji["round_ratios"] == pytest.approx([1000 / 100 / (1000 / 90), 1000 / 120 / (1000 / 130)])
    assert "| fuji | 120 | 130 | 1.083× | yes | 0.992× (0.900–1.083) | 11.00 | ≤ 10 | no | yes |" in text
    assert "| robinson | 2 | 10 | 999 (differs) | 50 | 45 | 0.90× |" in text


@pytest.mark.timeout(600)
def test_kernel2_run_against_a_worktree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One small run, both engines from a worktree of HEAD made in a temporary folder (removed afterwards)."""
    import subprocess

    k2: Any = _kernel2()
    out = tmp_path / "report" / "kernel2.md"
    trees = tmp_path / "trees"
    try:
        assert k2.main(["--cells", "fuji:2", "--games", "2", "--slice", "1", "--clone-games", "1", "--rounds", "1",
                        "--old", "HEAD",
                        "--new", "HEAD", "--worktrees", str(trees), "--out", str(out)]) == 0
    finally:
        for tree in trees.glob("*"):
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    text = out.read_text(encoding="utf-8")
    assert text == capsys.readouterr().out and "# Kernel 2 speed proof" in text
    assert "| fuji | 2 | 2 |" in text and "| yes |" in text  # the same commit plays the same games
    doc = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert [c["game"] for c in doc["cells"]] == ["fuji"] and len(doc["rounds"]["old"][0]["runs"]) == 1
    assert doc["cells"][0]["games"] == 2 and doc["cells"][0]["same_games"]
    with pytest.raises(SystemExit, match="no commit 'no-such-commit'"):
        k2.main(["--old", "no-such-commit", "--worktrees", str(trees)])


@pytest.mark.skipif(not HAS_SPIEL, reason="needs the bench extra (open_spiel)")
def test_alternate_runs_two_trees_in_turns_and_reads_their_ratios(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    alternate = _benchmark("alternate")
    src = str(ROOT / "src")
    assert alternate.main(["--before", src, "--after", src, "--rounds", "1", "--seconds", "0.05",
                           "--games", "fuji:players=2", "--keep", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["after-1.md", "before-1.md"]
    row = next(line for line in out.splitlines() if line.startswith("| fuji (players=2) |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert all(c.endswith(")") and c != "—" for c in cells[1:])  # a ratio and an ISMCTS figure for both trees
    report = alternate.read_report((tmp_path / "before-1.md").read_text(encoding="utf-8"))
    figures = report["fuji (players=2)"]
    assert figures["ratio"] > 0 and figures["ismcts"] > 0 and figures["dominoes"] > 0


@pytest.mark.skipif(not HAS_SPIEL, reason="needs the bench extra (open_spiel)")
@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2 or shutil.which("taskset") is None,
                    reason="--paired needs two cores and taskset")
def test_alternate_paired_runs_both_trees_at_once_and_divides_their_figures(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    alternate = _benchmark("alternate")
    src = str(ROOT / "src")
    assert alternate.main(["--paired", "--before", src, "--after", src, "--rounds", "2", "--seconds", "0.05",
                           "--games", "fuji:players=2", "--keep", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["after-1.md", "after-2.md", "before-1.md", "before-2.md"]
    row = next(line for line in out.splitlines() if line.startswith("| fuji (players=2) |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    for cell in cells[1:]:  # the median and both rounds' after ÷ before, of actions/s and of ISMCTS iterations/s
        ratios = [float(x) for x in re.findall(r"(\d+\.\d+)", cell)]
        assert len(ratios) == 3 and all(r > 0 for r in ratios), cell
    before = alternate.figures((tmp_path / "before-1.md").read_text(encoding="utf-8"))
    assert list(before) == ["fuji (players=2)"]  # ours only, not the references
    actions, ismcts = before["fuji (players=2)"]
    assert actions is not None and actions > 0 and ismcts is not None and ismcts > 0
    with pytest.raises(subprocess.CalledProcessError):  # both runs refuse an unknown game; neither is left running
        alternate.main(["--paired", "--before", src, "--after", src, "--rounds", "1", "--games", "no-such-game",
                        "--keep", str(tmp_path / "bad")])


def test_alternate_refuses_a_report_without_the_reference_and_a_folder_without_the_engine(tmp_path: Path) -> None:
    alternate = _benchmark("alternate")
    main(["bench", "--games", "fuji", "--seconds", "0.05", "--no-reference", "--ismcts", "none",
          "--out", str(tmp_path / "ours.md")])
    with pytest.raises(ValueError, match="no block_dominoes figures"):
        alternate.read_report((tmp_path / "ours.md").read_text(encoding="utf-8"))
    with pytest.raises(SystemExit):
        alternate.main(["--before", str(tmp_path), "--after", str(ROOT / "src")])
    with pytest.raises(SystemExit):
        alternate.main(["--before", str(ROOT / "src"), "--after", str(ROOT / "src"), "--rounds", "0"])
    allowed = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(allowed)})  # one core: nothing to pair the runs on
    try:
        with pytest.raises(SystemExit):
            alternate.main(["--paired", "--before", str(ROOT / "src"), "--after", str(ROOT / "src")])
    finally:
        os.sched_setaffinity(0, allowed)


@pytest.mark.timeout(900)
def test_instructions_counts_a_playout_under_callgrind(capsys: pytest.CaptureFixture[str]) -> None:
    """One Fuji playout under callgrind (two runs of the engine, about a minute each): the figure is of the
    playout alone, the start-up's count taken off (a playout of Fuji is some 10^5 instructions per action, the
    start-up some 10^9)."""
    counter = _benchmark("instructions")
    assert counter.main(["--games", "fuji:players=2", "--playouts", "1"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| fuji:players=2 |"))
    actions, per_action = (float(c.strip().replace(",", "")) for c in row.strip("|").split("|")[1:])
    assert actions > 50 and 10_000 < per_action < 2_000_000
    assert "| engine | actions counted | instructions per action |" in out


def test_instructions_refuses_bad_options_before_any_count(capsys: pytest.CaptureFixture[str]) -> None:
    counter = _benchmark("instructions")
    for argv in (["--games", "chess"], ["--games", "fuji:players=9"], ["--playouts", "0"],
                 ["--src", str(ROOT)]):
        with pytest.raises(SystemExit) as info:
            counter.main(argv)
        assert info.value.code == 2
    err = capsys.readouterr().err
    assert "no game 'chess'" in err and "'9' is not allowed" in err and "not a src directory" in err


def test_opcodes_counts_the_steps_of_playouts_by_function(capsys: pytest.CaptureFixture[str]) -> None:
    """Two Fuji playouts traced: a table of functions whose per-action steps add up (the playout loop holds every
    step; a function's own steps never exceed those with its calls), and the same count twice."""
    counter = _benchmark("opcodes")
    argv = ["--games", "fuji:players=2", "--playouts", "2", "--warm", "1", "--top", "6"]
    assert counter.main(argv) == 0
    first = capsys.readouterr().out
    assert counter.main(argv) == 0
    assert capsys.readouterr().out == first  # an exact count: the same code, the same figures
    head, _, table = first.partition("| function |")
    total = float(head.split("actions, ")[1].split(" interpreter")[0].replace(",", ""))
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:] if line.startswith("| ")]
    assert len(rows) == 6 and rows[0][0].strip().startswith("random_playout (outlast/cli/bench_command.py:")
    for _, own, inclusive, _calls in rows:
        assert 0 <= float(own.replace(",", "")) <= float(inclusive.replace(",", "")) <= total + 0.1
    assert float(rows[0][2].replace(",", "")) == pytest.approx(total, abs=0.1)
    assert counter.main([*argv[:-1], "2", "--sort", "self"]) == 0
    assert "steps per action, self" in capsys.readouterr().out


def test_opcodes_refuses_bad_options_before_any_run(capsys: pytest.CaptureFixture[str]) -> None:
    counter = _benchmark("opcodes")
    for argv in (["--games", "chess"], ["--games", "fuji:players=9"], ["--playouts", "0"], ["--top", "0"],
                 ["--warm", "-1"], ["--sort", "alphabet"], ["--src", str(ROOT)]):
        with pytest.raises(SystemExit) as info:
            counter.main(argv)
        assert info.value.code == 2
    err = capsys.readouterr().err
    assert "no game 'chess'" in err and "'9' is not allowed" in err and "not a src directory" in err
    assert "invalid choice: 'alphabet'" in err
