"""Speed of the Fuji forward model on one core: random playouts, clone, legal_actions and apply.

    .venv/bin/python benchmarks/fuji_speed.py --games 200 --players 3 --seed 0

Every seat plays `RandomAgent`; chance is resolved from the state's own RNG. Prints actions per
second (every applied action, chance included, and player actions alone), games per second, and
the cost in microseconds of `clone()`, `legal_actions()` and `apply()` on states sampled around the
middle of games (the playouts clone every 16th state for those, under 2 % of their time). Nothing
here is asserted: speed is tracked, not tested (architecture §6).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from datetime import datetime

from speedkit import playouts, time_apply_and_legal, time_clone

import outlast
from outlast.core import Rng, State


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random playouts to time")
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    ap.add_argument("--level", type=int, default=1, choices=(1, 2, 3, 4))
    ap.add_argument("--scenario", default="random")
    ap.add_argument("--bot-games", type=int, default=10,
                    help="also time clone() at the middle of this many heuristic games (0: skip)")
    args = ap.parse_args(argv)

    game = outlast.load_game("fuji")
    print(f"outlast {outlast.__version__} fuji speed — {datetime.now().isoformat(timespec='seconds')}")
    print(f"{platform.platform()}; {platform.processor() or platform.machine()}; "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{args.games} random playouts, {args.players} players, level {args.level}, scenario {args.scenario}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, one core\n")

    # --- whole games --------------------------------------------------------------------------
    print("playouts (new_game included)")
    _, _, _, _, samples = playouts(
        lambda seed: game.new_game(players=args.players, seed=seed, level=args.level, scenario=args.scenario),
        args.games, args.seed)

    # --- micro benchmarks on mid-game states -----------------------------------------------------
    pick = random.Random(args.seed)
    mids = pick.sample(samples, min(200, len(samples)))
    print(f"\nmid-game states: {len(mids)} sampled from the middle third of the games")
    time_clone("clone()", mids)
    time_apply_and_legal(mids, pick)
    size = sum(len(s.events) for s in mids) / len(mids)
    print(f"  (these states hold {size:.0f} events on average; clone copies the event log)")

    # random teams die in round 2 or 3; a heuristic team's mid-game is later and its log longer
    if args.bot_games:
        from outlast.games.fuji.bots import HeuristicAgent, play_game

        late: list[State] = []
        for i in range(args.bot_games):
            seed = args.seed + i
            state = game.new_game(players=args.players, seed=seed, level=args.level, scenario=args.scenario)
            trail: list[State] = []
            keep = trail.append
            play_game(state, [HeuristicAgent() for _ in range(state.seat_count())], Rng(seed),
                      on_action=lambda st, keep=keep: keep(st.clone()))
            middle = (int(state.outcome().details["rounds"]) + 1) // 2
            late += [st for st in trail if st.round == middle][:40]  # type: ignore[attr-defined]
        size = sum(len(s.events) for s in late) / max(1, len(late))
        print(f"\nmid-game states of {args.bot_games} heuristic games ({len(late)} states, {size:.0f} events on average)")
        if late:
            time_clone("clone()", late)
    return 0


if __name__ == "__main__":
    sys.exit(main())
