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
import time
import timeit
from datetime import datetime
from typing import Any

import outlast
from outlast.agents import RandomAgent, make_agent
from outlast.core import CHANCE, Rng, State


def playout(state: State, agent: Any, rng: Rng) -> tuple[int, int, list[State]]:
    """Play to the end; returns (all actions, player actions, states sampled around mid-game)."""
    trail: list[State] = []
    total = player = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = movers[rng.randrange(len(movers))]
            state.apply(agent.act(state, seat, rng))
            player += 1
        total += 1
        if total % 16 == 0:
            trail.append(state.clone())
    n = len(trail)
    return total, player, trail[n // 3: max(n // 3 + 1, 2 * n // 3)]


def micro(label: str, fn: Any, number: int) -> float:
    """Best-of-5 microseconds per call of `fn`."""
    best = min(timeit.repeat(fn, number=number, repeat=5))
    us = best / number * 1e6
    print(f"  {label:<38} {us:9.2f} µs")
    return us


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
    agent = RandomAgent()
    total = player = rounds = 0
    samples: list[State] = []
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        state = game.new_game(seed=seed, players=players, **options)
        n, p, mid = playout(state, agent, Rng(seed))
        total += n
        player += p
        rounds += int(state.outcome().details["rounds"])
        samples += mid
    wall = time.perf_counter() - t0
    print(f"\n{players} player(s): {args.games} random playouts (new_game included)")
    print(f"  games per second                       {args.games / wall:9.1f}")
    print(f"  actions per second (chance included)   {total / wall:9.0f}")
    print(f"  player actions per second              {player / wall:9.0f}")
    print(f"  actions per game: {total / args.games:.0f} ({player / args.games:.0f} by players), "
          f"rounds per game: {rounds / args.games:.1f}")

    pick = random.Random(args.seed)
    mids = pick.sample(samples, min(200, len(samples)))
    if not mids:
        return
    it = iter(range(1 << 62))

    def do_clone() -> None:
        mids[next(it) % len(mids)].clone()

    micro("clone() at mid-game", do_clone, 2000)

    plans = []
    for s in mids:
        movers = s.to_move()
        if not movers:
            continue
        if movers == [CHANCE]:
            plans.append((s, s.sample_chance()))
        else:
            acts = s.legal_actions(movers[0])
            plans.append((s, acts[pick.randrange(len(acts))]))

    def timed_apply() -> tuple[float, list[State]]:
        copies = [(s.clone(), a) for s, a in plans * 5]
        t = time.perf_counter()
        for c, a in copies:
            c.apply(a)
        return (time.perf_counter() - t) / len(copies), [c for c, _ in copies]

    apply_s, _ = min((timed_apply() for _ in range(5)), key=lambda x: x[0])
    print(f"  {'apply(action) (mixed, chance included)':<38} {apply_s * 1e6:9.2f} µs")

    def timed_legal() -> tuple[float, list[tuple[State, int]]]:
        _, states = timed_apply()  # fresh states, nothing cached yet
        todo = [(c, c.to_move()) for c in states]
        seats = [(c, m[0]) for c, m in todo if m and m != [CHANCE]]
        t = time.perf_counter()
        for c, seat in seats:
            c.legal_actions(seat)
        return (time.perf_counter() - t) / max(1, len(seats)), seats

    legal_s, fresh = min((timed_legal() for _ in range(5)), key=lambda x: x[0])
    print(f"  {'legal_actions(seat), first call':<38} {legal_s * 1e6:9.2f} µs  ({len(fresh)} decision states)")
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
            mids = late
            it = iter(range(1 << 62))
            size = sum(len(s.events) for s in late) / len(late)
            print(f"  mid-game of {args.bot_games} heuristic games ({len(late)} states, {size:.0f} events on average)")
            micro("clone()", do_clone, 2000)


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
