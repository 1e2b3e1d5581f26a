"""Speed of the Robinson Crusoe forward model on one core: random playouts, clone, legal_actions and apply.

    .venv/bin/python benchmarks/robinson_speed.py --games 200 --players 1,2,3,4 --seed 0

For each player count, every seat plays `RandomAgent` (when several seats may plan at once, one of them is
drawn at random; chance is resolved from the state's own RNG). Prints, per player count, games per second
(`new_game` included), actions per second (every applied action, chance included, and player actions
alone), then the cost in microseconds of `clone()`, `apply()` and `legal_actions()` on states sampled from
the middle third of those games (the playouts clone every 16th state for those, a few % of their time).
With `--bot-games K` and a heuristic bot in the game, `clone()` is timed again at the middle round of K
heuristic games, whose states carry a longer log. Nothing here is asserted: speed is tracked, not
tested (architecture §6). Options are the game's: `--option dog=yes --option starting_items=4`.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from datetime import datetime
from typing import Any

from speedkit import playouts, time_apply_and_legal, time_clone

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE, Rng, State


def parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise SystemExit(f"--option {pair!r}: write NAME=VALUE")
        out[key.strip()] = value.strip()
    return out


def measure(game: Any, players: int, args: argparse.Namespace, options: dict[str, str]) -> None:
    """Playouts and micro benchmarks for one player count."""
    print(f"\n{players} player(s): {args.games} random playouts (new_game included)")
    _, _, _, _, samples = playouts(lambda seed: game.new_game(seed=seed, players=players, **options),
                                   args.games, args.seed)
    pick = random.Random(args.seed)
    mids = pick.sample(samples, min(200, len(samples)))
    if not mids:
        return
    time_clone("clone() at mid-game", mids)
    time_apply_and_legal(mids, pick)
    size = sum(len(s.events) for s in mids) / len(mids)
    print(f"  (these states hold {size:.0f} events on average; clone copies the event log)")

    if args.bot_games and "heuristic" in game.agents():
        late: list[State] = []
        for i in range(args.bot_games):
            seed = args.seed + i
            state = game.new_game(seed=seed, players=players, **options)
            bot = make_agent("heuristic", game)
            rng = Rng(seed)
            trail: list[State] = []
            last = -1
            while not state.is_over():
                movers = state.to_move()
                if movers == [CHANCE]:
                    state.apply(state.sample_chance())
                    continue
                seat = movers[(movers.index(last) + 1) % len(movers)] if last in movers else movers[0]
                state.apply(bot.act(state, seat, rng))
                last = seat
                trail.append(state.clone())
            middle = (int(state.outcome().details["rounds"]) + 1) // 2
            late += [st for st in trail if getattr(st, "round", 0) == middle][:40]
        if late:
            size = sum(len(s.events) for s in late) / len(late)
            print(f"  mid-game of {args.bot_games} heuristic games ({len(late)} states, {size:.0f} events on average)")
            time_clone("clone()", late)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random playouts to time per player count")
    ap.add_argument("--players", default="1,2,3,4", help="player counts, comma-separated (default 1,2,3,4)")
    ap.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option for every game (repeatable), e.g. dog=yes")
    ap.add_argument("--bot-games", type=int, default=0,
                    help="also time clone() at the middle round of this many heuristic games (0: skip)")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    options = parse_options(args.option)

    game = outlast.load_game("robinson")
    print(f"outlast {outlast.__version__} robinson speed — {datetime.now().isoformat(timespec='seconds')}")
    print(f"{platform.platform()}; {platform.processor() or platform.machine()}; "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{args.games} random playouts per player count ({', '.join(map(str, counts))}), seeds "
          f"{args.seed}..{args.seed + args.games - 1}, options {options or 'default'}, one core")
    for players in counts:
        measure(game, players, args, options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
