"""`outlast simulate` and `outlast report` (architecture §5), run as real processes; no mocks.

One small job (random bots, the fastest) is the yardstick: played in this process with one worker it
gives the baseline rows, and two workers, a killed-and-resumed run and a Ray cluster must all give
exactly the same rows (only `duration_s`, the wall time of each game, may differ).
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

from outlast.cli.main import main  # noqa: E402
from outlast.core import OptionError, load_game  # noqa: E402
from outlast.sim.jobs import Job, SimInputError, derive_seed, parse_lineup, parse_sweep  # noqa: E402
from outlast.sim.report import wilson  # noqa: E402
from outlast.sim.results import ResultStore, read_results, rows_to_table  # noqa: E402
from outlast.sim.runner import run_job  # noqa: E402

JOB = ["fuji", "--games", "60", "--bots", "random", "--sweep", "level=1,4", "--sweep", "players=2,3", "--seed", "7"]
"""240 games: 4 configurations × 60."""


def outlast_cmd(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "outlast", *args], capture_output=True, text=True, timeout=timeout,
                          env=env, stdin=subprocess.DEVNULL)


def rows_of(path: Path) -> list[dict[str, Any]]:
    """Result rows sorted by game index, without the wall-clock column."""
    rows = read_results(path).to_pylist()
    for r in rows:
        del r["duration_s"]
    return sorted(rows, key=lambda r: r["game_index"])


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The job played in this process by one worker, through the library."""
    out = tmp_path_factory.mktemp("baseline") / "results.parquet"
    job = Job.build("fuji", 60, 7, sweeps=["level=1,4", "players=2,3"], bots=["random"])
    summary = run_job(job, ResultStore(out, job), workers=1, progress=False)
    assert summary.played == summary.total == 240 and not summary.interrupted
    return rows_of(out)


# --- jobs ----------------------------------------------------------------------------------------
def test_sweep_syntax() -> None:
    assert parse_sweep("level=1..4") == ("level", ["1", "2", "3", "4"])
    assert parse_sweep("players=3,4") == ("players", ["3", "4"])
    assert parse_sweep("scenario=1..3,random") == ("scenario", ["1", "2", "3", "random"])
    assert parse_sweep("extra-thrill=true,false") == ("extra_thrill", ["true", "false"])
    for bad in ("level", "level=", "level=4..1", "level=1..x", "level=1,,2", "level=1,1"):
        with pytest.raises(SimInputError, match="--sweep"):
            parse_sweep(bad)


def test_bots_lineup_syntax() -> None:
    assert parse_lineup("heuristic") == ("heuristic",)
    assert parse_lineup("heuristic,random, random") == ("heuristic", "random", "random")
    assert parse_lineup("heuristic;Random") == ("heuristic", "random")
    assert parse_lineup("ismcts:iters=500,c=1.4") == ("ismcts:iters=500,c=1.4",)
    assert parse_lineup("ismcts:iters=500,c=1.4;random") == ("ismcts:iters=500,c=1.4", "random")


def test_sweeps_expand_into_numbered_games_with_their_own_seeds() -> None:
    job = Job.build("fuji", 3, 5, options=["scenario=2"], sweeps=["level=1..4", "players=3,4"],
                    bots=["random", "heuristic"])
    configs = job.configs()
    assert len(configs) == 2 * 4 * 2 and job.total() == 48
    # line-ups outermost, then the sweeps in order, the last varying fastest
    assert [(c.bots[0], c.options["level"], c.options["players"]) for c in configs[:3]] == [
        ("random", 1, 3), ("random", 1, 4), ("random", 2, 3)]
    assert all(c.options["scenario"] == "2" for c in configs)
    specs = list(job.specs())
    assert [s.index for s in specs] == list(range(48))
    assert [s.config for s in specs[:17]] == [*range(16), 0]  # round-robin over the configurations
    assert len({s.seed for s in specs}) == 48
    assert all(s.seed == derive_seed(5, s.index) for s in specs)
    again = Job.build("fuji", 3, 5, options=["scenario=2"], sweeps=["level=1..4", "players=3,4"],
                      bots=["random", "heuristic"])
    assert list(again.specs()) == specs
    assert [s.index for s in job.specs(skip={0, 5, 47})] == [i for i in range(48) if i not in (0, 5, 47)]


def test_bad_jobs_are_refused_by_the_library() -> None:
    with pytest.raises(OptionError, match="'level'"):
        Job.build("fuji", 1, sweeps=["level=0..2"])
    with pytest.raises(OptionError, match="bots"):
        Job.build("fuji", 1, bots=["genius"])
    with pytest.raises(SimInputError, match="3 seats listed for a 4-player"):
        Job.build("fuji", 1, sweeps=["players=3,4"], bots=["heuristic;random;random"])


# --- simulate: bad input stops before any work --------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--sweep", "level=1..9"], ["option 'level'", "'5'", "1, 2, 3, 4"]),
    (["--sweep", "level"], ["--sweep", "NAME=VALUES"]),
    (["--sweep", "level=4..1"], ["--sweep", "empty"]),
    (["--sweep", "colour=1,2"], ["option 'colour'", "players, level"]),
    (["--option", "colour=red"], ["option 'colour'"]),
    (["--option", "level"], ["--option", "NAME=VALUE"]),
    (["--option", "level=2", "--sweep", "level=1,2"], ["--sweep level", "--option"]),
    (["--bots", "genius"], ["option 'bots'", "random", "heuristic"]),
    (["--bots", "heuristic;random"], ["--bots", "2 seats", "3-player"]),
    (["--sweep", "players=3,4", "--option", "variant=b"], ["option 'variant'"]),
    (["--games", "0"], ["--games"]),
])
def test_bad_simulate_input_exits_2_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    args: list[str], words: list[str]) -> None:
    out = tmp_path / "r.parquet"
    base = ["--games", "5"] if "--games" not in args else []
    try:
        code = main(["simulate", "fuji", *base, *args, "--out", str(out), "--quiet"])
    except SystemExit as exc:  # argparse's own checks
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    assert code == 2, captured.out + captured.err
    for w in words:
        assert w in captured.err, (w, captured.err)
    assert not out.exists() and captured.out == ""


# --- simulate: the same rows whatever runs them ------------------------------------------------------------
def test_two_workers_give_the_same_rows_as_one(tmp_path: Path, baseline: list[dict[str, Any]]) -> None:
    out = tmp_path / "r.parquet"
    done = outlast_cmd("simulate", *JOB, "--workers", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "240 games" in done.stdout and "2 workers" in done.stdout
    assert rows_of(out) == baseline
    # the directory is one Parquet dataset for any reader; the job and its command are stored beside it
    import pyarrow.parquet as pq

    assert pq.read_table(out).num_rows == 240
    job = json.loads((out / "_job.json").read_text())
    assert job["command"].startswith("outlast simulate fuji --games 60 --seed 7 --bots random")
    # a second run refuses to overwrite, naming the ways out
    again = outlast_cmd("simulate", *JOB, "--out", str(out), "--quiet")
    assert again.returncode == 2 and "--resume" in again.stderr and "--force" in again.stderr
    other = outlast_cmd("simulate", *JOB[:-1], "8", "--out", str(out), "--resume", "--quiet")
    assert other.returncode == 2 and "differs in: seed" in other.stderr


def test_a_killed_run_keeps_its_games_and_resume_completes_it(tmp_path: Path,
                                                              baseline: list[dict[str, Any]]) -> None:
    out = tmp_path / "r.parquet"
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "outlast", "simulate", *JOB, "--workers", "2", "--quiet",
                             "--batch", "25", "--out", str(out)], env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    journal = out / "_journal.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        parts = len(list(out.glob("part-*.parquet"))) if out.exists() else 0
        # rows past the first part: a journal of a whole batch (25) is one whose part was just written and whose
        # truncation has not happened yet, its rows all in that part
        if parts >= 1 and journal.exists() and 3 <= journal.read_text().count("\n") < 25:
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)  # the parent and its workers, without warning
    proc.wait(timeout=30)
    proc.stdout.close()  # type: ignore[union-attr]
    proc.stderr.close()  # type: ignore[union-attr]
    saved = rows_of(out)
    assert 25 < len(saved) < 240
    by_index = {r["game_index"]: r for r in baseline}
    assert all(by_index[r["game_index"]] == r for r in saved)  # what was saved is right
    done = outlast_cmd("simulate", *JOB, "--workers", "1", "--resume", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert f"{len(saved)} were already done" in done.stdout.replace(",", "")
    assert rows_of(out) == baseline  # every game exactly once
    assert not journal.exists()


# --- Ray ------------------------------------------------------------------------------------------------------
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_cluster_gives_the_same_rows(tmp_path: Path, baseline: list[dict[str, Any]]) -> None:
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    context = ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024 * 1024,
                       log_to_driver=False)
    try:
        address = context.address_info["gcs_address"]
        out = tmp_path / "r.parquet"
        # 15 games per configuration: the job's first 60 games are the baseline's first 60 (same indices, seeds)
        small = [*JOB[:2], "15", *JOB[3:]]
        done = outlast_cmd("simulate", *small, "--ray", address, "--quiet", "--out", str(out), timeout=300)
        assert done.returncode == 0, done.stderr
        assert f"Ray at {address}" in done.stdout
        assert rows_of(out) == baseline[:60]
    finally:
        ray.shutdown()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_an_unreachable_ray_cluster_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.parquet"
    assert main(["simulate", "fuji", "--games", "1", "--ray", "127.0.0.1:1", "--out", str(out), "--quiet"]) == 2
    assert "--ray 127.0.0.1:1: nothing answers there" in capsys.readouterr().err
    assert not out.exists()


# --- report --------------------------------------------------------------------------------------------------------
def test_wilson_interval_by_hand() -> None:
    # 7 wins in 20: p = 0.35, z = 1.96; centre (p + z²/2n)/(1 + z²/n) = 0.37417, half-width 0.19298
    lo, hi = wilson(7, 20)
    assert lo == pytest.approx(0.18119, abs=2e-5) and hi == pytest.approx(0.56715, abs=2e-5)
    # no win in 5: the interval is [0, z²/(n + z²)] = [0, 0.43447]
    lo, hi = wilson(0, 5)
    assert lo == 0 and hi == pytest.approx(3.84146 / 8.84146, abs=1e-5)
    assert wilson(5, 5) == pytest.approx((1 - 3.84146 / 8.84146, 1.0), abs=1e-5)


def _row(index: int, level: int, code: str, rounds: int, score: int, reason: str) -> dict[str, Any]:
    """A hand-made Fuji row of format 2: three seats with the same result, as a cooperative game ends."""
    options = {"players": 3, "level": level, "scenario": "1", "variant": "none", "extra_thrill": False,
               "skills": [], "characters": []}
    won = code == "village"
    seat = {"won": won, "score": score, "code": code, "reason": reason}
    return {"game": "fuji", "game_index": index, "config": level, "seed": index,
            "options": json.dumps(options, sort_keys=True), "bots": "heuristic", "ended": True, "team_won": won,
            "seats": [seat] * 3, "rounds": rounds, "actions": 100, "chance": 100, "details": "{}",
            "duration_s": 0.1}


def test_report_tables_and_plots(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    win = "every meeple reached the village (§12.2)"
    rows = [_row(i, 1, "village" if i < 7 else "lava", 6 + i % 3, 10 + i % 4 if i < 7 else 0,
                 win if i < 7 else f"lava reached meeple {i % 3} on E{i % 5 + 1} (§12.1)") for i in range(20)]
    rows += [_row(20 + i, 2, "exhausted", 4, 0, f"meeple {i} is exhausted (§10.7)") for i in range(5)]
    results = tmp_path / "hand.parquet"
    pq.write_table(rows_to_table(rows, load_game("fuji")), results)
    report, plots = tmp_path / "out" / "report.md", tmp_path / "out" / "img"
    done = outlast_cmd("report", str(results), "--by", "level", "--out", str(report), "--plots", str(plots))
    assert done.returncode == 0, done.stderr
    text = report.read_text()
    assert "The games are cooperative" in text and "per seat" not in text
    assert "| 1 | 20 | 7 | 35.0% | 18.1–56.7% | 6.95 | 11.29 |" in text
    assert "| 2 | 5 | 0 | 0.0% | 0.0–43.4% | 4 | — |" in text
    # endings are counted per game by the declared codes, in declared order, each with its meaning
    assert "| level | games | `village` | `lava` | `exhausted` |" in text
    assert "| 1 | 20 | 7 (35.0%) | 13 (65.0%) | 0 (0.0%) |" in text and "| 2 | 5 | 0 (0.0%) | 0 (0.0%) | 5 (100.0%) |" in text
    for code, meaning in load_game("fuji").result_codes.items():
        assert f"- `{code}`: {meaning}" in text
    assert "## Game length" in text and "## Score" in text
    for name in ("winrate", "length", "score"):
        png = plots / f"report-{name}.png"
        assert f"](img/report-{name}.png)" in text
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        assert width > 200 and height > 200
        assert data[-8:-4] == b"IEND"
    # standard output without --out; a bad --by key is named
    done = outlast_cmd("report", str(results))
    assert done.returncode == 0 and done.stdout.startswith("# Simulation report")
    bad = outlast_cmd("report", str(results), "--by", "colour")
    assert bad.returncode == 2 and "--by 'colour'" in bad.stderr and "level" in bad.stderr
    bad = outlast_cmd("report", str(results), "--by", "seats")
    assert bad.returncode == 2 and "--by 'seats': seats holds a list per game" in bad.stderr
    missing = outlast_cmd("report", str(tmp_path / "nothing"))
    assert missing.returncode == 2 and "no such results" in missing.stderr


def test_report_of_a_simulated_run_groups_by_varying_options(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    done = outlast_cmd("simulate", "fuji", "--games", "4", "--sweep", "players=2,4", "--bots", "random",
                       "--bots", "heuristic", "--workers", "1", "--quiet", "--out", str(out))
    assert done.returncode == 0, done.stderr
    done = outlast_cmd("report", str(out))
    assert done.returncode == 0, done.stderr
    assert "grouped by bots, players, variant" in done.stdout  # two players play variant a, four none
    assert "outlast simulate fuji --games 4 --seed 0 --bots random --bots heuristic --sweep players=2,4" in done.stdout
    assert "| heuristic | 2 | a | 4 |" in done.stdout and "| random | 4 | none | 4 |" in done.stdout


# --- Robinson Crusoe: a cooperative game of 1–4 players through the same lab ---------------------------------------
ROBINSON_LINEUPS = ["random"] + (["heuristic"] if "heuristic" in load_game("robinson").agents() else [])


def test_robinson_jobs_sweep_every_player_count_and_option() -> None:
    job = Job.build("robinson", 2, 3, options=["starting_items=4", "wreckage=random"],
                    sweeps=["players=1..4", "dog=yes,no", "event_mix=standard,more_book"], bots=["random"])
    assert len(job.configs()) == 16 and job.total() == 32
    assert {c.options["players"] for c in job.configs()} == {1, 2, 3, 4}
    with pytest.raises(OptionError, match="'friday'"):  # Friday always joins 1- and 2-player games (§14.3)
        Job.build("robinson", 1, sweeps=["players=1,2"], options=["friday=no"])
    with pytest.raises(SimInputError, match="2 seats listed for a 3-player"):
        Job.build("robinson", 1, options=["players=3"], bots=["random;random"])


@pytest.mark.parametrize("bots", ROBINSON_LINEUPS)
def test_robinson_simulate_and_report(tmp_path: Path, bots: str) -> None:
    """Every player count and option as Parquet columns; the report groups by the varying Robinson options."""
    out = tmp_path / "r.parquet"
    done = outlast_cmd("simulate", "robinson", "--games", "2", "--bots", bots, "--sweep", "players=1..4",
                       "--sweep", "alt_threats=true,false", "--option", "dog=yes", "--option", "starting_items=3",
                       "--option", "event_mix=more_adventure", "--workers", "2", "--quiet", "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows = read_results(out).to_pylist()
    assert len(rows) == 16 and {r["game"] for r in rows} == {"robinson"}
    for column in ("players", "dog", "friday", "starting_items", "event_mix", "wreckage", "alt_threats",
                   "characters", "scenario"):
        assert column in rows[0], column
    assert {r["players"] for r in rows} == {1, 2, 3, 4} and {r["dog"] for r in rows} == {"yes"}
    codes = load_game("robinson").result_codes
    for r in rows:
        assert r["ended"] and r["rounds"] is not None and 1 <= r["rounds"] <= 12
        assert len(r["seats"]) == r["players"] and r["actions"] > 0 and r["chance"] > 0
        assert all(x["code"] in codes and x["reason"] for x in r["seats"])
        assert r["team_won"] == all(x["won"] for x in r["seats"]) == (r["seats"][0]["code"] == "signal_fire")
        assert json.loads(r["details"])["rounds"] == r["rounds"]
    # the same job played in this process by one worker gives the same rows
    job = Job.build("robinson", 2, 0, options=["dog=yes", "starting_items=3", "event_mix=more_adventure"],
                    sweeps=["players=1..4", "alt_threats=true,false"], bots=[bots])
    again = tmp_path / "again.parquet"
    summary = run_job(job, ResultStore(again, job), workers=1, progress=False)
    assert summary.played == summary.total == 16 and not summary.interrupted
    assert rows_of(again) == rows_of(out)
    done = outlast_cmd("report", str(out), "--plots", str(tmp_path / "img"))
    assert done.returncode == 0, done.stderr
    assert "16 games of robinson" in done.stdout
    assert "grouped by players, alt_threats" in done.stdout
    assert "| 1 | false | 2 |" in done.stdout and "| 4 | true | 2 |" in done.stdout
    by = outlast_cmd("report", str(out), "--by", "players,dog,event-mix")
    assert by.returncode == 0, by.stderr
    assert "| 3 | yes | more_adventure | 4 |" in by.stdout
