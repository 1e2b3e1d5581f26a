"""Team win rates of Fuji bots by player count and level.

    .venv/bin/python benchmarks/winrates.py --games 300 --players 3,4 --levels 1,2,3,4

Every game uses seeds 0..N-1 (the same seeds for every cell and every team), all seats play the same
bot, and chance is resolved from each state's own RNG. Prints a markdown table: team win rate with a
Wilson 95 % interval, mean rounds, mean victory points of won games, and the losses by result code.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from typing import Any

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE, Rng
from outlast.core.game import check_outcome, team_won
from outlast.games.fuji.bots import play_game
from outlast.sim.stats import wilson


def play_first_seat(state: Any, agents: list[Any], rng: Rng) -> int:
    """The plainest driver: whenever several seats may act, the lowest seat acts (as `outlast.sim` does)."""
    n = 0
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(state.sample_chance() if seat == CHANCE else agents[seat].act(state, seat, rng))
        n += 1
    return n


def one_game(job: tuple[str, dict[str, Any], int, str]) -> tuple[bool, int, int, str, int, float]:
    """(team won, rounds, VP, result code, actions, seconds) for one seeded game with `bot` in every seat.

    Fuji is cooperative: every seat has the same result, so seat 0's code is the team's ending
    (`village`, `lava` or `exhausted`, declared in `game.result_codes`)."""
    bot, options, seed, driver = job
    game = outlast.load_game("fuji")
    t0 = time.perf_counter()
    state = game.new_game(seed=seed, **options)
    agents = [make_agent(bot, game) for _ in range(state.seat_count())]
    play = play_game if driver == "table" else play_first_seat
    n = play(state, agents, Rng(seed * 7919 + 17))
    out = check_outcome(game, state.outcome(), state.seat_count())
    d = out.details
    return (team_won(game, out), int(d["rounds"]), int(d["victory_points"]), out.seats[0].code, n,
            time.perf_counter() - t0)


def run_cell(pool: ProcessPoolExecutor | None, bot: str, options: dict[str, Any], games: int,
             driver: str) -> dict[str, Any]:
    jobs = [(bot, options, seed, driver) for seed in range(games)]
    results = list(pool.map(one_game, jobs, chunksize=4)) if pool else [one_game(j) for j in jobs]
    wins = sum(1 for r in results if r[0])
    lo, hi = wilson(wins, games)
    won_vp = [r[2] for r in results if r[0]]
    reasons = Counter(r[3] for r in results if not r[0])
    return {
        "bot": bot, "options": options, "games": games, "wins": wins, "rate": wins / games, "lo": lo, "hi": hi,
        "rounds": sum(r[1] for r in results) / games, "vp": sum(won_vp) / len(won_vp) if won_vp else float("nan"),
        "reasons": reasons, "seconds": sum(r[5] for r in results), "actions": sum(r[4] for r in results),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300, help="games per cell (seeds 0..N-1)")
    ap.add_argument("--players", default="3,4", help="comma-separated player counts")
    ap.add_argument("--levels", default="1,2,3,4", help="comma-separated levels")
    ap.add_argument("--bots", default="heuristic,random", help="comma-separated bot specs (one team each)")
    ap.add_argument("--scenario", default="random", help="scenario 1-7, or random (drawn per seed)")
    ap.add_argument("--variant", default="auto", help="two-player variant (a or b)")
    ap.add_argument("--extra-thrill", action="store_true", help="play with the Extra thrill variant")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    ap.add_argument("--driver", choices=("table", "first"), default="table",
                    help="who acts when several seats may: 'table' goes round the table and honours a bot's "
                         "priority (fuji.bots.play_game); 'first' always asks the lowest seat")
    args = ap.parse_args(argv)

    bots = [b.strip() for b in args.bots.split(";" if ";" in args.bots else ",") if b.strip()]
    cells = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    t0 = time.perf_counter()
    try:
        for bot in bots:
            for players in (int(x) for x in args.players.split(",")):
                for level in (int(x) for x in args.levels.split(",")):
                    opts: dict[str, Any] = {"players": players, "level": level, "scenario": args.scenario,
                                            "extra_thrill": args.extra_thrill}
                    if players == 2:
                        opts["variant"] = args.variant
                    cell = run_cell(pool, bot, opts, args.games, args.driver)
                    cells.append(cell)
                    print(f"  {bot} p{players} L{level}: {cell['wins']}/{args.games}", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.shutdown()
    wall = time.perf_counter() - t0

    print(f"Fuji team win rates — {date.today().isoformat()}, {platform.platform()}, "
          f"Python {platform.python_version()}, outlast {outlast.__version__}")
    print(f"scenario {args.scenario}, extra thrill {'on' if args.extra_thrill else 'off'}, driver {args.driver}, "
          f"{args.games} games per cell (seeds 0..{args.games - 1}), {args.jobs} processes, {wall:.0f} s wall\n")
    print("| team | players | level | win rate | 95 % CI | mean rounds | mean VP (wins) | losses: lava / exhausted | ms/game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in cells:
        o = c["options"]
        r = c["reasons"]
        other = sum(v for k, v in r.items() if k not in ("lava", "exhausted"))
        vp = "–" if math.isnan(c["vp"]) else f"{c['vp']:.1f}"
        print(f"| {c['bot']} | {o['players']} | {o['level']} | {100 * c['rate']:.1f} % | "
              f"{100 * c['lo']:.1f}–{100 * c['hi']:.1f} % | {c['rounds']:.1f} | {vp} | "
              f"{r.get('lava', 0)} / {r.get('exhausted', 0)}{f' / other {other}' if other else ''} | "
              f"{1000 * c['seconds'] / c['games']:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
