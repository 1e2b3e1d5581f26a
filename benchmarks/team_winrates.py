"""Team win rates of random, heuristic and ISMCTS teams on Fuji, level by level (docs/ismcts.md).

    .venv/bin/python benchmarks/team_winrates.py --players 3 --levels 1,2,3,4 --games 100 --jobs 2 \\
        --ismcts "ismcts:iters=100,rollout=none,guide=heuristic,prior=10@40;ismcts:iters=50,rollout=none@40"

Every seat of a team plays the same agent; game k of every cell uses seed k (the same deals, boards and
dice for every team) and random scenarios; chance comes from each state's own RNG and the agents share
one rng seeded from the game seed, as in benchmarks/winrates.py. Prints a markdown table: win rate with
a Wilson 95 % interval, mean rounds, and the time per decision (decisions with more than one legal
action: those an agent must think about) and per game. Several `--ismcts` specs may be given (`;`), each
with its own number of games per level after `@` (default `--search-games`).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from typing import Any

import outlast
from outlast.agents import Agent, make_agent
from outlast.core import Action, RandomLike, Rng, State
from outlast.core.game import team_won
from outlast.games.fuji.bots import play_game
from outlast.sim.stats import wilson


class Timed:
    """Wraps an agent and times the decisions with more than one legal action; forwards `priority`."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        if len(state.legal_actions(seat)) == 1:
            return self.agent.act(state, seat, rng)
        t0 = time.perf_counter()
        a = self.agent.act(state, seat, rng)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return a

    def priority(self, state: State, seat: int) -> float:
        return float(self.agent.priority(state, seat))


def one_game(job: tuple[str, dict[str, Any], int]) -> dict[str, Any]:
    """Play one seeded game with `spec` in every seat."""
    spec, options, seed = job
    game = outlast.load_game("fuji")
    t0 = time.perf_counter()
    state = game.new_game(seed=seed, **options)
    agents = [Timed(make_agent(spec, game)) for _ in range(options["players"])]
    play_game(state, agents, Rng(seed * 7919 + 17), max_actions=200_000)
    out = state.outcome()
    return {"spec": spec, "level": options["level"], "seed": seed, "won": team_won(game, out),
            "rounds": int(out.details["rounds"]), "decisions": sum(a.decisions for a in agents),
            "think": sum(a.seconds for a in agents), "seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--levels", default="1,2,3,4")
    ap.add_argument("--games", type=int, default=100, help="games per level for the random and heuristic teams")
    ap.add_argument("--search-games", type=int, default=40, help="games per level for each ISMCTS team")
    ap.add_argument("--ismcts", default="ismcts:iters=100,rollout=none,guide=heuristic,prior=10",
                    help="ISMCTS spec(s), separated by ';', each optionally followed by @GAMES")
    ap.add_argument("--teams", default="random,heuristic", help="fast teams, comma-separated")
    ap.add_argument("--scenario", default="random")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)

    levels = [int(x) for x in args.levels.split(",")]
    search: list[str] = []
    counts: dict[str, int] = {}
    for item in filter(None, (x.strip() for x in args.ismcts.split(";"))):
        spec, _, n = item.partition("@")
        search.append(spec.strip())
        counts[spec.strip()] = int(n) if n else args.search_games
    fast = [s.strip() for s in args.teams.split(",") if s.strip()]
    game = outlast.load_game("fuji")
    for spec in search + fast:
        make_agent(spec, game)  # a bad spec fails before any game is played
    jobs: list[tuple[str, dict[str, Any], int]] = []
    for spec in search:  # the slow games first, so the pool finishes evenly
        jobs += [(spec, {"players": args.players, "level": lv, "scenario": args.scenario}, seed)
                 for seed in range(counts[spec]) for lv in levels]
    for spec in fast:
        jobs += [(spec, {"players": args.players, "level": lv, "scenario": args.scenario}, seed)
                 for seed in range(args.games) for lv in levels]

    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        it: Iterator[dict[str, Any]] = pool.map(one_game, jobs, chunksize=1)
        for k, r in enumerate(it, 1):
            results.append(r)
            if k % 20 == 0 or k == len(jobs):
                print(f"  {k}/{len(jobs)} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - t0

    print(f"Fuji team win rates, {args.players} players — {date.today().isoformat()}, {platform.platform()}, "
          f"Python {platform.python_version()}, outlast {outlast.__version__}, {os.cpu_count()} CPUs")
    print(f"scenario {args.scenario}; game k uses seed k for every team; {args.jobs} processes, {wall:.0f} s wall\n")
    print("| team | level | games | wins | win rate | Wilson 95 % | mean rounds | ms / decision | s / game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in fast + search:
        for lv in levels:
            cell = [r for r in results if r["spec"] == spec and r["level"] == lv]
            n = len(cell)
            wins = sum(1 for r in cell if r["won"])
            lo, hi = wilson(wins, n)
            dec = sum(r["decisions"] for r in cell)
            ms = 1000 * sum(r["think"] for r in cell) / dec if dec else 0.0
            print(f"| `{spec}` | {lv} | {n} | {wins} | {100 * wins / n:.0f} % | {100 * lo:.0f}–{100 * hi:.0f} % | "
                  f"{sum(r['rounds'] for r in cell) / n:.1f} | {ms:.2f} | {sum(r['seconds'] for r in cell) / n:.2f} |")
    if "heuristic" in fast and search:
        print("\nPaired with the heuristic team on the same seeds (games won by one team and lost by the other):\n")
        print("| team | level | seeds | team wins | heuristic wins | only the team | only the heuristic |")
        print("|---|---|---|---|---|---|---|")
        for spec in search:
            for lv in levels:
                mine = {r["seed"]: r["won"] for r in results if r["spec"] == spec and r["level"] == lv}
                ref = {r["seed"]: r["won"] for r in results if r["spec"] == "heuristic" and r["level"] == lv}
                seeds = sorted(set(mine) & set(ref))
                print(f"| `{spec}` | {lv} | {len(seeds)} | {sum(mine[k] for k in seeds)} | {sum(ref[k] for k in seeds)} | "
                      f"{sum(mine[k] and not ref[k] for k in seeds)} | {sum(ref[k] and not mine[k] for k in seeds)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
