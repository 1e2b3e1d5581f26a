"""Two versions of the engine measured in turns: `outlast bench` of each, alternately, the reference in every run.

    git worktree add --detach /tmp/before 3e84d1a
    .venv/bin/python benchmarks/alternate.py --before /tmp/before/src --after src --rounds 3 \\
        --games discover:players=2,scenario=1 discover:players=3,scenario=2

On a machine whose speed swings between runs, a single run of each version compares nothing. Each run here
measures one version with OpenSpiel's block_dominoes in the same process, so what is compared is the ratio to
the reference of each run: actions/s ÷ block_dominoes's actions/s (the median of the run's slices, as the run
reports it), and ISMCTS iterations/s ÷ block_dominoes's actions/s. The rounds alternate before, after, before, …,
and the medians over the rounds are printed. Every run's report is kept in `--keep` if given.

With `--paired` each round runs the two versions at the same time instead, each in a process pinned to a core of
its own (the cores swapped every round), and compares them directly: after ÷ before of playout actions/s and of
ISMCTS iterations/s, per round and their median. On a machine whose speed swings for both cores at once, two runs
side by side see the same swing, where two runs a minute apart do not. Needs two cores.

    .venv/bin/python benchmarks/alternate.py --paired --before /tmp/before/src --after src --rounds 5 \\
        --games discover:players=2,scenario=1
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REFERENCE = "python_block_dominoes (OpenSpiel, pure Python)"


def _number(cell: str) -> float | None:
    cell = cell.strip().rstrip("×").replace(",", "")
    try:
        return float(cell)
    except ValueError:
        return None


def read_report(text: str) -> dict[str, dict[str, float | None]]:
    """From one `outlast bench` report: per engine of ours, its actions/s ratio to block_dominoes, its ISMCTS
    iterations/s and block_dominoes's actions/s in the same run."""
    figures: dict[str, list[str]] = {}
    ratios: dict[str, float | None] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        if not line.startswith("| ") or line.startswith("| ---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if section == "Figures" and cells[0] != "engine":
            figures[cells[0]] = cells
        elif section.startswith("Ours as ratios") and len(cells) > 2 and cells[1] == REFERENCE:
            ratios[cells[0]] = _number(cells[2])
    if REFERENCE not in figures:
        raise ValueError("the report has no block_dominoes figures (was it run with --no-reference?)")
    dominoes = _number(figures[REFERENCE][1])
    out: dict[str, dict[str, float | None]] = {}
    for engine, ratio in ratios.items():
        ismcts = _number(figures[engine][6]) if engine in figures and len(figures[engine]) > 6 else None
        out[engine] = {"ratio": ratio, "ismcts": ismcts, "dominoes": dominoes}
    return out


def _bench_command(src: Path, games: list[str], seconds: float, out: Path) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    return [sys.executable, "-m", "outlast", "bench", "--seconds", str(seconds), "--out", str(out),
            "--games", *games], env


def run_bench(src: Path, games: list[str], seconds: float, out: Path) -> str:
    """One `outlast bench` run of the engine at `src`, in a process of its own; its Markdown report."""
    command, env = _bench_command(src, games, seconds, out)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return out.read_text(encoding="utf-8")


def run_pair(srcs: tuple[Path, Path], cores: tuple[int, int], games: list[str], seconds: float,
             outs: tuple[Path, Path]) -> tuple[str, str]:
    """Two `outlast bench` runs at the same time, the engine at `srcs[i]` pinned to `cores[i]`; their reports.
    (`outlast bench` pins itself to the last core it is allowed, so each process is allowed only its own.)"""
    running = []
    for src, core, out in zip(srcs, cores, outs, strict=True):
        command, env = _bench_command(src, games, seconds, out)
        running.append(subprocess.Popen(["taskset", "-c", str(core), *command], env=env,
                                        stdout=subprocess.DEVNULL))
    codes = [process.wait() for process in running]  # both end before either failure is raised: no run left behind
    for process, code in zip(running, codes, strict=True):
        if code != 0:
            raise subprocess.CalledProcessError(code, process.args)
    return outs[0].read_text(encoding="utf-8"), outs[1].read_text(encoding="utf-8")


def figures(text: str) -> dict[str, tuple[float | None, float | None]]:
    """From one `outlast bench` report: per engine of ours, (actions/s, ISMCTS iterations/s)."""
    out: dict[str, tuple[float | None, float | None]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif section == "Figures" and line.startswith("| ") and not line.startswith(("| ---", "| engine ")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if "(OpenSpiel" not in cells[0] and "tic-tac-toe" not in cells[0]:
                out[cells[0]] = (_number(cells[1]), _number(cells[6]) if len(cells) > 6 else None)
    return out


def paired_summary(rounds: list[tuple[dict[str, tuple[float | None, float | None]], ...]]) -> str:
    """After ÷ before by engine, of actions/s and ISMCTS iterations/s: the median over the rounds, each round's."""
    lines = ["| engine | actions/s, after ÷ before | ISMCTS iterations/s, after ÷ before |", "| --- | ---: | ---: |"]
    for engine in rounds[0][0]:
        cells = []
        for k in (0, 1):
            found = []
            for before, after in rounds:
                b, a = before[engine][k], after[engine][k]
                if a is not None and b:
                    found.append(a / b)
            cells.append(f"{statistics.median(found):.2f}× ({', '.join(f'{x:.2f}' for x in found)})" if found
                         else "—")
        lines.append(f"| {engine} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def summary(runs: dict[str, list[dict[str, dict[str, float | None]]]]) -> str:
    """The medians over the rounds, by engine: ratio to block_dominoes and ISMCTS per 1,000 dominoes actions/s."""
    labels = list(runs)
    engines = list(runs[labels[0]][0])
    head = "| engine | " + " | ".join(f"actions/s ÷ dominoes, {v}" for v in labels) + " | " + \
        " | ".join(f"ISMCTS iters/s per 1,000 dominoes actions/s, {v}" for v in labels) + " |"
    lines = [head, "| --- |" + " ---: |" * (2 * len(labels))]
    for engine in engines:
        ratios, ismcts = [], []
        for label in labels:
            rs: list[float] = []
            its: list[float] = []
            for run in runs[label]:
                ratio, rate, dominoes = run[engine]["ratio"], run[engine]["ismcts"], run[engine]["dominoes"]
                if ratio is not None:
                    rs.append(ratio)
                if rate is not None and dominoes:
                    its.append(1000 * rate / dominoes)
            ratios.append(f"{statistics.median(rs):.3f}× ({', '.join(f'{x:.3f}' for x in rs)})" if rs else "—")
            ismcts.append(f"{statistics.median(its):.2f} ({', '.join(f'{x:.2f}' for x in its)})" if its else "—")
        lines.append(f"| {engine} | " + " | ".join(ratios) + " | " + " | ".join(ismcts) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the src directory of the first version")
    parser.add_argument("--after", type=Path, required=True, help="the src directory of the second version")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each version, alternating (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="each run's budget per measurement (default 2)")
    parser.add_argument("--games", nargs="+", default=["discover"], help="as `outlast bench --games`")
    parser.add_argument("--keep", type=Path, help="a directory to keep every run's report in")
    parser.add_argument("--paired", action="store_true",
                        help="run the two versions at the same time, one per core, and compare them directly")
    args = parser.parse_args(argv)
    for src in (args.before, args.after):
        if not (src / "outlast" / "__init__.py").is_file():
            parser.error(f"{src} is not a src directory holding the outlast package")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.paired and (len(os.sched_getaffinity(0)) < 2 or shutil.which("taskset") is None):
        parser.error("--paired needs two cores and taskset (util-linux)")
    keep = args.keep or Path(tempfile.mkdtemp(prefix="alternate-"))
    keep.mkdir(parents=True, exist_ok=True)
    if args.paired:
        cores = tuple(sorted(os.sched_getaffinity(0))[:2])
        paired = []
        for i in range(1, args.rounds + 1):
            pinned = (cores[0], cores[1]) if i % 2 else (cores[1], cores[0])
            texts = run_pair((args.before, args.after), pinned, args.games, args.seconds,
                             (keep / f"before-{i}.md", keep / f"after-{i}.md"))
            paired.append((figures(texts[0]), figures(texts[1])))
            print(f"round {i}: both measured (before on core {pinned[0]}, after on core {pinned[1]})", file=sys.stderr)
        print(paired_summary(paired))
        print(f"every run's report is in {keep}", file=sys.stderr)
        return 0
    runs: dict[str, list[dict[str, dict[str, float | None]]]] = {"before": [], "after": []}
    for i in range(1, args.rounds + 1):
        for label, src in (("before", args.before), ("after", args.after)):
            text = run_bench(src, args.games, args.seconds, keep / f"{label}-{i}.md")
            runs[label].append(read_report(text))
            print(f"round {i}: {label} measured", file=sys.stderr)
    print(summary(runs))
    print(f"every run's report is in {keep}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
