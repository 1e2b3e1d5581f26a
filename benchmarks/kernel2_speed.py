"""The speed proof of kernel 2 (issue 11): the engine now beside the engine of commit 08d2674, in one run.

    .venv/bin/python benchmarks/kernel2_speed.py                       # a few minutes on a quiet machine
    .venv/bin/python benchmarks/kernel2_speed.py --games 100 --rounds 2 --new current

For Fuji (2, 3 and 4 players) and Robinson Crusoe (1 to 4 players), each engine plays the same random
playouts (`speedkit.random_playout`: game i seeded `seed + i`, every choice drawn from
`random.Random(seed + i)`, chance from the state's own RNG) and times them, `new_game` included; then it
times `clone()` on copies of mid-game states of the first `--clone-games` of those games, the
two engines again taking turns. Two engines
that play the same rules play exactly the same games, so the harness also checks that both played the
same number of actions.

The old engine is a git worktree of `--old` (default 08d2674), made with `git worktree add --detach`
under `benchmarks/.old/` (ignored by git) when it is missing; the new engine is a worktree of `--new`
(default HEAD: what is committed, whatever is being edited in this checkout), or this checkout's own
`src` with `--new current`. Each engine is measured by a worker process of its own, this script with
`--serve` and `PYTHONPATH=<engine>/src` (which comes before the editable install; the worker reports
which `outlast` it imported), so both engines run the same harness code (`speedkit.py`) and only the
engine differs. The two workers take turns every `--slice` games of a cell, the first of each pair
alternating, and each engine's times are summed over its slices: a load that comes and goes on a
shared machine falls on both alike. Each figure is the best of `--rounds` such rounds.

Writes `--out` (default benchmarks/kernel2.md) and the same figures with every round as JSON beside
it (kernel2.json). The targets of the issue: random playouts ≥ 1.0× the old engine's actions per
second for each game; clone ≤ 10 µs for Fuji and ≤ 20 µs for Robinson. Nothing here is asserted in a
test: speed is tracked, not tested (architecture §6).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OLD_COMMIT = "08d2674"
WORKTREES = HERE / ".old"
CELLS = (("fuji", 2), ("fuji", 3), ("fuji", 4), ("robinson", 1), ("robinson", 2), ("robinson", 3), ("robinson", 4))
CLONE_TURNS = 6
"""Turns each engine's worker takes at timing `clone()` in a round, the engines alternating; the best counts."""
CLONE_TARGET_US = {"fuji": 10.0, "robinson": 20.0}
"""The issue's ceiling for `clone()` on a mid-game state, per game."""


# --- the worker: one engine, serving measurements -------------------------------------------------------------------
class Bench:
    """What a worker measures with whichever `outlast` it imported: playouts and clones, one cell at a time."""

    def __init__(self) -> None:
        import outlast

        self.outlast = outlast
        self.warm: set[tuple[str, int]] = set()
        self.states: dict[tuple[str, int, int, int], list[Any]] = {}

    def new_game(self, game_name: str, players: int) -> Any:
        """A function from a seed to a new state of `game_name` with `players` seats."""
        game = self.outlast.load_game(game_name)
        return lambda game_seed: game.new_game(seed=game_seed, players=players)

    def playouts(self, game: str, players: int, first_seed: int, games: int) -> dict[str, Any]:
        """`games` timed random playouts seeded from `first_seed` (one untimed game first, per cell)."""
        from speedkit import timed_random_playouts

        new_game = self.new_game(game, players)
        if (game, players) not in self.warm:
            timed_random_playouts(new_game, 1, first_seed + 1_000_000)  # content, tables and caches outside the time
            self.warm.add((game, players))
        return timed_random_playouts(new_game, games, first_seed)

    def clones(self, game: str, players: int, first_seed: int, games: int) -> dict[str, Any]:
        """`clone()` timed on the mid-game states of `games` random playouts seeded from `first_seed`: the best
        of 3 × 2,000 calls (the states are made once per cell and kept for the next turns)."""
        from speedkit import clone_us, mid_game_states

        key = (game, players, first_seed, games)
        states = self.states.get(key)
        if states is None:
            states = self.states[key] = mid_game_states(self.new_game(game, players), games, first_seed)
        return {"clone_us": clone_us(states, repeat=3) if states else None, "clone_states": len(states),
                "events_per_state": sum(len(s.events) for s in states) / len(states) if states else 0.0}

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to one request: `hello`, `playouts` or `clones` (with game, players, seed, games)."""
        if request["op"] == "hello":
            return {"outlast": str(Path(self.outlast.__file__).resolve().parent)}
        measure = self.playouts if request["op"] == "playouts" else self.clones
        return measure(request["game"], request["players"], request["seed"], request["games"])


def serve() -> int:
    """Answer JSON requests, one a line on stdin, with one JSON line each on stdout (prints go to stderr)."""
    import traceback

    reply = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        bench = Bench()
        for line in sys.stdin:
            try:
                answer = bench.answer(json.loads(line))
            except Exception:  # the parent stops the run and shows the worker's traceback
                answer = {"error": traceback.format_exc()}
            reply.write(json.dumps(answer) + "\n")
            reply.flush()
    return 0


# --- engines ---------------------------------------------------------------------------------------------------------
def git(*words: str, cwd: Path = ROOT) -> str:
    """The output of a git command in `cwd`, stripped; a failure stops the run with git's message."""
    done = subprocess.run(["git", *words], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(words)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def worktree(rev: str, folder: Path = WORKTREES) -> tuple[Path, str]:
    """A worktree of `rev` in `folder` (made when missing) and the commit it holds."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=ROOT,
                           capture_output=True, text=True)
    commit = found.stdout.strip()
    if found.returncode != 0 or not rev.strip() or not commit:
        raise SystemExit(f"no commit {rev!r} in {ROOT}: give a commit, a tag or HEAD")
    path = folder / commit[:12]
    if not (path / "src" / "outlast").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        git("worktree", "prune")
        print(f"making a worktree of {commit[:12]} in {path}", file=sys.stderr, flush=True)
        git("worktree", "add", "--detach", str(path), commit)
    held = git("rev-parse", "HEAD", cwd=path)
    if held != commit:
        raise SystemExit(f"{path} holds {held[:12]}, not {commit[:12]}: remove it (git worktree remove) and run again")
    return path, commit


@dataclass
class Engine:
    """One engine to measure: a label, its `src` folder, what it is, and its worker process once started."""

    label: str
    src: Path
    describe: str
    runs: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        """Start the worker: this script with `--serve`, this engine first on the path; check what it imported."""
        env = dict(os.environ, PYTHONPATH=str(self.src), PYTHONHASHSEED="0")
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve"], env=env, cwd=HERE,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        imported = Path(self.ask({"op": "hello"})["outlast"])
        if imported != (self.src / "outlast").resolve():
            raise SystemExit(f"the {self.label} engine's worker imported outlast from {imported}, not {self.src}")

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request to the worker and read its answer; a worker's error stops the run."""
        assert self.process is not None and self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.label} engine's worker ended without an answer to {request}")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise SystemExit(f"the {self.label} engine failed on {request}:\n{answer['error']}")
        return answer

    def stop(self) -> None:
        """End the worker (closing its input ends its loop)."""
        if self.process is not None:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=60)
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None

    def best(self, game: str, players: int) -> dict[str, Any]:
        """The best round of a cell: the highest actions per second and, apart, the lowest clone time."""
        runs = self.runs[(game, players)]
        fastest = max(runs, key=lambda r: r["actions_per_s"])
        clones = [r["clone_us"] for r in runs if r["clone_us"] is not None]
        return {**fastest, "clone_us": min(clones) if clones else None}


def measure_round(old: Engine, new: Engine, game: str, players: int, args: argparse.Namespace,
                  round_number: int) -> None:
    """One round of one cell for both engines: the playouts in slices of `--slice` games, old and new taking
    turns slice by slice (the first of each pair alternating), then clone, each engine's figures summed."""
    totals = {e.label: {"games": 0, "seconds": 0.0, "actions": 0, "player_actions": 0} for e in (old, new)}
    for k, first in enumerate(range(args.seed, args.seed + args.games, args.slice)):
        count = min(args.slice, args.seed + args.games - first)
        pair = (old, new) if (k + round_number) % 2 == 0 else (new, old)
        for engine in pair:
            part = engine.ask({"op": "playouts", "game": game, "players": players, "seed": first, "games": count})
            total = totals[engine.label]
            total["games"] += count
            for key in ("seconds", "actions", "player_actions"):
                total[key] += part[key]
    clones: dict[str, dict[str, Any]] = {}
    for turn in range(CLONE_TURNS):
        for engine in (old, new) if (turn + round_number) % 2 == 0 else (new, old):
            clone = engine.ask({"op": "clones", "game": game, "players": players, "seed": args.seed,
                                "games": min(args.clone_games, args.games)})
            best = clones.get(engine.label)
            if best is None or (clone["clone_us"] or 0.0) < (best["clone_us"] or 0.0):
                clones[engine.label] = clone
    for engine in (old, new):
        total = totals[engine.label]
        figures = {**total, "actions_per_s": total["actions"] / total["seconds"], **clones[engine.label]}
        engine.runs.setdefault((game, players), []).append(figures)
        print(f"round {round_number + 1}/{args.rounds} {game} {players}p {engine.label}: "
              f"{figures['actions_per_s']:,.0f} actions/s, clone {_us(figures['clone_us'])} µs",
              file=sys.stderr, flush=True)


def engines(args: argparse.Namespace) -> tuple[Engine, Engine]:
    """The old engine (a worktree of `--old`) and the new one (a worktree of `--new`, or this checkout's src)."""
    old_path, old_commit = worktree(args.old, args.worktrees)
    old = Engine("old", old_path / "src", f"{old_commit[:12]} {subject(old_commit)}")
    if args.new == "current":
        head = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--", "src")
        note = " with uncommitted changes in src/" if dirty else ""
        new = Engine("new", ROOT / "src", f"this checkout: {head[:12]} {subject(head, 70)}{note}")
    else:
        new_path, new_commit = worktree(args.new, args.worktrees)
        new = Engine("new", new_path / "src", f"{new_commit[:12]} {subject(new_commit)}")
    return old, new


# --- the run and its report ------------------------------------------------------------------------------------------
def load_average() -> str:
    """The 1, 5 and 15 minute load averages, or `unknown`."""
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def ratio(new: float | None, old: float | None) -> float | None:
    """new / old, or None when either is missing."""
    return new / old if new and old else None


def round_ratios(old: Engine, new: Engine, cells: list[tuple[str, int]]) -> list[float]:
    """Per round, the new engine's playout speed over the old one's across `cells` (their seconds summed:
    both played the same actions in the same round, their slices interleaved, so each ratio is paired)."""
    rounds = min(len(engine.runs[cell]) for engine in (old, new) for cell in cells)
    return [sum(old.runs[cell][k]["seconds"] for cell in cells) / sum(new.runs[cell][k]["seconds"] for cell in cells)
            for k in range(rounds)]


def summary(old: Engine, new: Engine, cells: list[tuple[str, int]]) -> dict[str, Any]:
    """Per cell the best figures of each engine and their ratios; per game the playout ratio over all its
    player counts (total actions over total seconds, each cell at its best round) and the worst clone."""
    rows = []
    for game, players in cells:
        o, n = old.best(game, players), new.best(game, players)
        rows.append({"game": game, "players": players, "games": o.get("games"), "actions": n["actions"],
                     "same_games": o["actions"] == n["actions"] and o["player_actions"] == n["player_actions"],
                     "old_actions_per_s": o["actions_per_s"], "new_actions_per_s": n["actions_per_s"],
                     "speed_ratio": ratio(n["actions_per_s"], o["actions_per_s"]),
                     "clone_states": n["clone_states"], "old_events": o["events_per_state"],
                     "new_events": n["events_per_state"], "old_clone_us": o["clone_us"], "new_clone_us": n["clone_us"],
                     "clone_ratio": ratio(n["clone_us"], o["clone_us"])})
    games = {}
    for game in dict.fromkeys(g for g, _ in cells):
        mine = [r for r in rows if r["game"] == game]
        old_rate = sum(r["actions"] for r in mine) / sum(r["actions"] / r["old_actions_per_s"] for r in mine)
        new_rate = sum(r["actions"] for r in mine) / sum(r["actions"] / r["new_actions_per_s"] for r in mine)
        worst_clone = max((r["new_clone_us"] for r in mine if r["new_clone_us"] is not None), default=None)
        per_round = round_ratios(old, new, [c for c in cells if c[0] == game])
        games[game] = {"old_actions_per_s": old_rate, "new_actions_per_s": new_rate,
                       "speed_ratio": new_rate / old_rate, "speed_met": new_rate >= old_rate,
                       "round_ratios": per_round, "median_round_ratio": statistics.median(per_round),
                       "worst_new_clone_us": worst_clone, "clone_target_us": CLONE_TARGET_US.get(game),
                       "clone_met": worst_clone is not None and worst_clone <= CLONE_TARGET_US.get(game, float("inf")),
                       "same_games": all(r["same_games"] for r in mine)}
    return {"cells": rows, "games": games}


def _x(value: float | None, places: int = 2) -> str:
    return "—" if value is None else f"{value:.{places}f}×"


def subject(commit: str, width: int = 90) -> str:
    """The first line of a commit's message, cut at `width` characters with an ellipsis."""
    text = git("show", "-s", "--format=%s", commit)
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def _us(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def markdown(info: dict[str, Any], result: dict[str, Any]) -> str:
    """The report: what was run, the per-game verdicts, then every cell."""
    out = ["# Kernel 2 speed proof", "",
           f"Run {info['date']} on {info['machine']}, Python {info['python']}, load average {info['load_before']} "
           f"before and {info['load_after']} after (1 / 5 / 15 min), {info['seconds']:.0f} s in all.", "",
           f"- old engine: {info['old']}", f"- new engine: {info['new']}",
           f"- {info['games']} random playouts per cell (seeds {info['seed']}…{info['seed'] + info['games'] - 1}), "
           f"`clone()` on the mid-game states of the first {info['clone_games']}; each figure the best of "
           f"{info['rounds']} rounds, old and new alternating.", "",
           "Command:", "", "```sh", info["command"], "```", "",
           "## Verdict per game", "",
           "| game | old actions/s | new actions/s | new / old | ≥ 1.0× | paired rounds: median (range) "
           "| worst new clone (µs) | target | met | same games |",
           "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |"]
    for game, g in result["games"].items():
        spread = f"{_x(g['median_round_ratio'], 3)} ({min(g['round_ratios']):.3f}–{max(g['round_ratios']):.3f})"
        out.append(f"| {game} | {g['old_actions_per_s']:,.0f} | {g['new_actions_per_s']:,.0f} | {_x(g['speed_ratio'], 3)} "
                   f"| {'yes' if g['speed_met'] else 'no'} | {spread} | {_us(g['worst_new_clone_us'])} | "
                   f"≤ {g['clone_target_us']:g} | {'yes' if g['clone_met'] else 'no'} | "
                   f"{'yes' if g['same_games'] else 'no'} |")
    out += ["", "Actions per second count every applied action, chance outcomes included, with `new_game` in the "
            "time; a game's figure is its total actions over its total seconds across the player counts, each "
            "cell at its best round. The paired rounds compare the two engines round by round (the same games, "
            "their slices interleaved), the ratio least hurt by a load that comes and goes. "
            "\"Same games\": both engines played exactly as many actions (and player actions) in every cell.", "",
            "## Random playouts", "",
            "| game | players | games | actions | old actions/s | new actions/s | new / old |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in result["cells"]:
        same = "" if r["same_games"] else " (differs)"
        out.append(f"| {r['game']} | {r['players']} | {r['games']} | {r['actions']:,}{same} | "
                   f"{r['old_actions_per_s']:,.0f} | {r['new_actions_per_s']:,.0f} | {_x(r['speed_ratio'])} |")
    out += ["", "## clone() on mid-game states", "",
            "| game | players | states | events per state (old / new) | old µs | new µs | new / old |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in result["cells"]:
        out.append(f"| {r['game']} | {r['players']} | {r['clone_states']} | {r['old_events']:.0f} / "
                   f"{r['new_events']:.0f} | {_us(r['old_clone_us'])} | {_us(r['new_clone_us'])} | "
                   f"{_x(r['clone_ratio'])} |")
    out += ["", f"Each clone figure is the best of {CLONE_TURNS} turns per round (the engines alternating) of "
            "3 × 2,000 calls cycling through the states, then the best round. The machine is shared: compare runs on the same machine, and rerun when the load average "
            "was high.", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Parse the options; run as the harness, or as an engine's worker with `--serve`."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random playouts per game and player count (default 200)")
    ap.add_argument("--clone-games", type=int, default=40, help="games whose mid-game states time clone (default 40)")
    ap.add_argument("--rounds", type=int, default=5, help="measurements of each cell per engine; the best counts "
                    "(default 5)")
    ap.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    ap.add_argument("--old", default=OLD_COMMIT, help=f"the old engine's commit (default {OLD_COMMIT})")
    ap.add_argument("--new", default="HEAD", help="the new engine: a commit (default HEAD, in a worktree of its own) "
                    "or current (this checkout's src, uncommitted changes included)")
    ap.add_argument("--worktrees", type=Path, default=WORKTREES,
                    help="where the engines' worktrees are made (default benchmarks/.old, ignored by git)")
    ap.add_argument("--cells", default=",".join(f"{g}:{p}" for g, p in CELLS),
                    help="GAME:PLAYERS pairs, comma-separated (default: Fuji 2-4, Robinson 1-4)")
    ap.add_argument("--out", type=Path, default=HERE / "kernel2.md", help="the markdown report (JSON beside it)")
    ap.add_argument("--slice", type=int, default=20, help="games an engine plays before the other takes its turn "
                    "(default 20)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if min(args.games, args.clone_games, args.rounds, args.slice) < 1:
        ap.error("--games, --clone-games, --rounds and --slice must be at least 1")
    if args.serve:
        return serve()
    cells: list[tuple[str, int]] = []
    for item in filter(None, (c.strip() for c in args.cells.split(","))):
        game, _, players = item.partition(":")
        if not players.isdigit():
            ap.error(f"--cells {item!r}: write GAME:PLAYERS, e.g. fuji:3")
        cells.append((game, int(players)))

    old, new = engines(args)
    load_before = load_average()
    start = time.perf_counter()
    try:
        old.start()
        new.start()
        for round_number in range(args.rounds):
            for game, players in cells:
                measure_round(old, new, game, players, args, round_number)
    finally:
        old.stop()
        new.stop()
    result = summary(old, new, cells)
    info = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": f"{platform.system()} {platform.release()} {platform.machine()}, {os.cpu_count()} CPUs",
            "python": platform.python_version(), "load_before": load_before, "load_after": load_average(),
            "seconds": time.perf_counter() - start, "old": old.describe, "new": new.describe, "games": args.games,
            "clone_games": args.clone_games, "rounds": args.rounds, "seed": args.seed,
            "command": " ".join([".venv/bin/python", "benchmarks/kernel2_speed.py", *(argv if argv is not None
                                                                                     else sys.argv[1:])])}
    text = markdown(info, result)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    rounds = {engine.label: [{"game": g, "players": p, "runs": runs} for (g, p), runs in engine.runs.items()]
              for engine in (old, new)}
    args.out.with_suffix(".json").write_text(json.dumps({"run": info, **result, "rounds": rounds}, indent=1) + "\n",
                                             encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
