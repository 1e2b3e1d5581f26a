"""OpenSpiel's `random_sim_test` (serialization on) on every outlast game, deeper than the suite runs it.

    .venv/bin/python benchmarks/openspiel_sims.py --sims 300
    .venv/bin/python benchmarks/openspiel_sims.py --sims 50 --games robinson --players 1,4

For each game and player count it runs `pyspiel.random_sim_test(game, num_sims, serialize=True)` on
`python_outlast_<game>(players=P,seed=P)` and then plays as many uniformly random OpenSpiel games of its
own, to report the longest game (moves, chance included) against `outlast.openspiel.MAX_GAME_LENGTH`.
Prints the machine, the date and, per row, the simulations, seconds and longest game. Needs the
`openspiel` extra. `tests/test_openspiel.py` runs a few simulations of each in the suite.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time

import numpy as np
import pyspiel

import outlast
from outlast.openspiel import MAX_GAME_LENGTH, load


def longest_game(game: object, games: int, seed: int) -> int:
    """The most moves (chance included) of `games` uniformly random playthroughs."""
    rng = np.random.RandomState(seed)
    longest = 0
    for _ in range(games):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
        longest = max(longest, len(state.history()))
    return longest


def main() -> None:
    """Run the simulations named on the command line and print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=100, help="simulations per game and player count")
    parser.add_argument("--games", default=",".join(outlast.list_games()), help="comma-separated game names")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: every one)")
    args = parser.parse_args()
    print(f"{platform.platform()}, Python {platform.python_version()}, {datetime.datetime.now():%Y-%m-%d %H:%M}")
    print(f"MAX_GAME_LENGTH {MAX_GAME_LENGTH}")
    for name in args.games.split(","):
        counts = outlast.load_game(name).players
        if args.players:
            counts = tuple(p for p in map(int, args.players.split(",")) if p in counts)
        for players in counts:
            game = load(name, players=players, seed=players)
            start = time.perf_counter()
            pyspiel.random_sim_test(game, num_sims=args.sims, serialize=True, verbose=False)
            seconds = time.perf_counter() - start
            longest = longest_game(game, args.sims, players)
            print(f"{name:10} players={players}  {args.sims} sims passed in {seconds:7.1f} s  "
                  f"longest of {args.sims} random games: {longest} moves")


if __name__ == "__main__":
    main()
