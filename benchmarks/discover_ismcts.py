"""One bot in seat 0 of 2-player Discover games against the heuristic bot in seat 1 (docs/bots.md, "ISMCTS on
Discover"): its wins, with a Wilson 95 % interval, and the seconds a game.

    .venv/bin/python benchmarks/discover_ismcts.py "ismcts:iters=100,guide=heuristic,rollout=none,prior=3" \\
        --scenario 1 --games 40
    .venv/bin/python benchmarks/discover_ismcts.py heuristic --scenario 5 --games 40    # the same deals

Game k plays copy 1 + k % 10 with seed 1000 + k, so two specs run with the same `--games` meet the same deals.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from discover_balance import play  # noqa: E402

from outlast.core.stats import wilson  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec", help="the bot of seat 0 (a spec as `outlast play --bots` takes)")
    ap.add_argument("--scenario", default="1", choices=("1", "2", "5"))
    ap.add_argument("--games", type=int, default=40)
    a = ap.parse_args()
    start, wins = time.perf_counter(), [0, 0]
    for k in range(a.games):
        row = play((1 + k % 10, 2, a.scenario, 1000 + k, a.spec))
        wins = [w + int(won) for w, won in zip(wins, row["won"], strict=True)]
    seconds = time.perf_counter() - start
    for seat, who in ((0, a.spec), (1, "heuristic")):
        low, high = wilson(wins[seat], a.games)
        print(f"scenario {a.scenario}, seat {seat} {who}: {wins[seat]} / {a.games} won, "
              f"{wins[seat] / a.games:.1%} ({low:.1%}–{high:.1%})")
    print(f"{seconds / a.games:.1f} s a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
