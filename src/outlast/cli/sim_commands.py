"""`outlast simulate` and `outlast report`: batch games to Parquet, and tables and plots from them.

Registered by `outlast.cli.main.build_parser` through `add_sim_commands`. Both need the `sim` extra
(pyarrow, matplotlib), imported only when the command runs. Bad input raises `OptionError` (or its
subclass `SimInputError`) naming the flag or option, before any game is played: exit code 2.
See docs/cli.md and docs/simulation.md.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from outlast.core import OptionError
from outlast.core.words import count
from outlast.install import install_hint


def _need_sim_extra(command: str) -> None:
    try:
        import matplotlib  # noqa: F401
        import pyarrow  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as exc:
        raise OptionError(command, "", "", f"outlast {command} needs the sim extra ({exc.name} is missing): "
                          f"{install_hint('sim')}") from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not at least 1")
    return value


def simulate_command(args: argparse.Namespace) -> str:
    """The canonical command line of a `simulate` run (stored with its results)."""
    words = ["outlast", "simulate", args.game, "--games", str(args.games), "--seed", str(args.seed)]
    for lineup in args.bots or []:
        words += ["--bots", lineup]
    for item in args.option or []:
        words += ["--option", item]
    for item in args.sweep or []:
        words += ["--sweep", item]
    if args.ray:
        words += ["--ray", args.ray]
    words += ["--workers", str(args.workers), "--out", str(args.out)]
    return shlex.join(words)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play a job's games and stream one row per game to the results directory."""
    _need_sim_extra("simulate")
    from rich.console import Console

    from outlast.sim.jobs import Job
    from outlast.sim.results import ResultStore
    from outlast.sim.runner import run_job

    if args.resume and args.force:
        raise OptionError("--resume", "", "", "--resume and --force contradict each other; choose one")
    job = Job.build(args.game, args.games, args.seed, args.option or [], args.sweep or [], args.bots or [])
    ray_session = None
    if args.ray:
        from outlast.sim.ray_backend import connect

        ray_session = connect(args.ray, args.workers)  # an unreachable cluster stops here, before any game
    try:
        store = ResultStore(args.out, job, command=simulate_command(args), resume=args.resume, force=args.force,
                            batch_rows=args.batch, flush_seconds=args.flush_seconds)
        where = f"Ray at {args.ray}" if args.ray else count(args.workers, "worker")
        summary = run_job(job, store, workers=args.workers, ray_address=args.ray, console=Console(stderr=True),
                          progress=not args.quiet)
    finally:
        if ray_session is not None:
            ray_session.close()
    done = summary.already + summary.played
    if summary.interrupted:
        print(f"interrupted: {done:,} of {summary.total:,} games are saved in {args.out}; run the same command "
              "with --resume to finish", flush=True)
        return 130
    earlier = f" ({summary.already:,} were already done)" if summary.already else ""
    print(f"{summary.played:,} games{earlier} in {summary.seconds:.1f} s, {summary.rate:.1f} games/s on {where}; "
          f"{done:,} of {summary.total:,} games in {args.out}", flush=True)
    return 0


def report_command(args: argparse.Namespace) -> str:
    """The canonical command line of a `report` run (printed in the report)."""
    words = ["outlast", "report", *map(str, args.results)]
    if args.by is not None:
        words += ["--by", args.by]
    if args.x:
        words += ["--x", args.x]
    if args.title:
        words += ["--title", args.title]
    if args.notes:
        words += ["--notes", str(args.notes)]
    if args.out:
        words += ["--out", str(args.out)]
    if args.plots:
        words += ["--plots", str(args.plots)]
    return shlex.join(words)


def cmd_report(args: argparse.Namespace) -> int:
    """Write the markdown report (stdout or `--out`) and the plots (`--plots DIR`)."""
    _need_sim_extra("report")
    from outlast.sim.report import ReportInput, build_report, load_results, resolve_keys, write_plots

    notes = ""
    if args.notes is not None:
        try:
            notes = Path(args.notes).read_text(encoding="utf-8")
        except OSError as exc:
            raise OptionError("--notes", str(args.notes), "", f"--notes {args.notes}: {exc.strerror}") from None
    results = load_results(args.results)
    by = resolve_keys(results, None if args.by is None else args.by.split(","))
    x: str | None = None
    if args.x:
        x = resolve_keys(results, [args.x])[0]
    else:
        x = next((k for k in by if k.removeprefix("option_") == "level"), None)
    spec = ReportInput(by=by, x=x, title=args.title or "Simulation report", notes=notes,
                       report_command=report_command(args))
    if args.plots is not None:
        out_stem = Path(args.out).stem + "-" if args.out else ""
        written = write_plots(results, by, x, Path(args.plots), prefix=out_stem)
        base = Path(args.out).parent if args.out else Path.cwd()
        spec.plots = {name: Path(os.path.relpath(path, base)).as_posix() for name, path in written.items()}
    text = build_report(results, spec)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"report written to {args.out}" + (f"; plots in {args.plots}" if args.plots else ""))
    else:
        sys.stdout.write(text)
    return 0


def add_sim_commands(sub: Any) -> None:
    """Add the `simulate` and `report` subcommands to the `outlast` parser's subparsers."""
    p = sub.add_parser("simulate", help="play many bot games over a process pool or a Ray cluster; rows to Parquet",
                       description="Play GAMES games per configuration (the product of --bots line-ups and "
                       "--sweep values) and stream one row per game to a Parquet dataset directory.")
    p.add_argument("game")
    p.add_argument("--games", type=_positive, required=True, metavar="N", help="games per configuration")
    p.add_argument("--bots", action="append", metavar="LINEUP",
                   help="one bot for every seat (heuristic, random, name:key=value,…) or one per seat separated by "
                   "';' (or ',' when no bot has parameters); repeat for several line-ups (default random)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option for every game; repeatable")
    p.add_argument("--sweep", action="append", metavar="NAME=VALUES",
                   help="an option to vary: level=1..4 (inclusive range) or players=3,4; repeatable (product)")
    p.add_argument("--workers", type=_positive, default=os.cpu_count() or 1, metavar="W",
                   help="worker processes (default: the number of CPUs; 1 plays in this process)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="master seed; game i's seed derives from (S, i) "
                   "(default 0)")
    p.add_argument("--out", type=Path, default=Path("results.parquet"), metavar="PATH",
                   help="results directory, a Parquet dataset (default results.parquet)")
    again = p.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true", help="complete the run already in --out (same command)")
    again.add_argument("--force", action="store_true", help="delete the results already in --out and start again")
    p.add_argument("--ray", metavar="ADDRESS", help="run on Ray: HOST:PORT or auto (a running cluster), "
                   "ray://HOST:PORT (Ray client), or local (a private local instance with --workers CPUs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--batch", type=_positive, default=5000, metavar="ROWS", help=argparse.SUPPRESS)
    p.add_argument("--flush-seconds", type=float, default=60.0, metavar="S", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("report", help="win rates with Wilson intervals, distributions and plots from simulate results",
                       description="Markdown tables (win rates with Wilson 95%% intervals, game length, score, "
                       "endings by result code; per seat for games that are not cooperative) and PNG plots from one or "
                       "more result sets.")
    p.add_argument("results", nargs="+", type=Path, metavar="RESULTS", help="results written by outlast simulate")
    p.add_argument("--by", metavar="KEYS", help="group by these options or columns, comma-separated, e.g. "
                   "bots,level,players ('' for no grouping; default: bots and every option that varies)")
    p.add_argument("--x", metavar="KEY", help="the x axis of the win-rate plot and table (default: level if grouped by it)")
    p.add_argument("--out", type=Path, metavar="FILE", help="write the markdown to FILE (default: standard output)")
    p.add_argument("--plots", type=Path, metavar="DIR",
                   help="write PNG plots to DIR (named FILE-winrate.png … after --out FILE, else winrate.png …)")
    p.add_argument("--title", metavar="TEXT", help="the report's title")
    p.add_argument("--notes", type=Path, metavar="FILE", help="markdown to put after the commands (e.g. highlights)")
    p.set_defaults(func=cmd_report)
