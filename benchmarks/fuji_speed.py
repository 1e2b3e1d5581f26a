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
import time
import timeit
from datetime import datetime

import outlast
from outlast.agents import RandomAgent
from outlast.core import CHANCE, Rng, State


def playout(state: State, agent: RandomAgent, rng: Rng) -> tuple[int, int, list[State]]:
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


def micro(label: str, fn: object, number: int) -> float:
    """Best-of-5 microseconds per call of `fn`."""
    best = min(timeit.repeat(fn, number=number, repeat=5))  # type: ignore[arg-type]
    us = best / number * 1e6
    print(f"  {label:<38} {us:9.2f} µs")
    return us


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
    agent = RandomAgent()
    print(f"outlast {outlast.__version__} fuji speed — {datetime.now().isoformat(timespec='seconds')}")
    print(f"{platform.platform()}; {platform.processor() or platform.machine()}; "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{args.games} random playouts, {args.players} players, level {args.level}, scenario {args.scenario}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, one core\n")

    # --- whole games --------------------------------------------------------------------------
    total = player = 0
    samples: list[State] = []
    rounds = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        state = game.new_game(players=args.players, seed=seed, level=args.level, scenario=args.scenario)
        n, p, mid = playout(state, agent, Rng(seed))
        total += n
        player += p
        rounds += int(state.outcome().details["rounds"])
        samples += mid
    wall = time.perf_counter() - t0
    print("playouts (new_game included)")
    print(f"  games per second                       {args.games / wall:9.1f}")
    print(f"  actions per second (chance included)   {total / wall:9.0f}")
    print(f"  player actions per second              {player / wall:9.0f}")
    print(f"  actions per game: {total / args.games:.0f} ({player / args.games:.0f} by players), "
          f"rounds per game: {rounds / args.games:.1f}\n")

    # --- micro benchmarks on mid-game states -----------------------------------------------------
    pick = random.Random(args.seed)
    mids = pick.sample(samples, min(200, len(samples)))
    movers = [(s, s.to_move()) for s in mids]
    print(f"mid-game states: {len(mids)} sampled from the middle third of the games")

    it = iter(range(1 << 62))

    def do_clone() -> None:
        mids[next(it) % len(mids)].clone()

    # one action per sampled state: a player's random legal action, or the chance outcome
    plans = []
    for s, m in movers:
        if not m:
            continue
        if m == [CHANCE]:
            plans.append((s, s.sample_chance()))
        else:
            acts = s.legal_actions(m[0])
            plans.append((s, acts[pick.randrange(len(acts))]))

    clone_us = micro("clone()", do_clone, 2000)

    def timed_apply() -> tuple[float, list[State]]:
        copies = [(s.clone(), a) for s, a in plans * 5]
        t = time.perf_counter()
        for c, a in copies:
            c.apply(a)  # type: ignore[arg-type]
        return (time.perf_counter() - t) / len(copies), [c for c, _ in copies]

    apply_s, after = min((timed_apply() for _ in range(5)), key=lambda x: x[0])
    print(f"  {'apply(action) (mixed, chance included)':<38} {apply_s * 1e6:9.2f} µs")

    # legal_actions: the first call after an apply computes the list (later calls hit a per-state cache)
    def timed_legal() -> tuple[float, list[tuple[State, int]]]:
        _, states = timed_apply()  # fresh states, nothing cached yet
        todo = [(c, c.to_move()) for c in states]
        todo2 = [(c, m[0]) for c, m in todo if m and m != [CHANCE]]
        t = time.perf_counter()
        for c, seat in todo2:
            c.legal_actions(seat)
        return (time.perf_counter() - t) / max(1, len(todo2)), todo2

    legal_s, fresh = min((timed_legal() for _ in range(5)), key=lambda x: x[0])
    print(f"  {'legal_actions(seat), first call':<38} {legal_s * 1e6:9.2f} µs  ({len(fresh)} decision states)")

    def do_legal_cached() -> None:
        c, seat = fresh[next(it) % len(fresh)]
        c.legal_actions(seat)

    micro("legal_actions(seat), repeated call", do_legal_cached, 2000)
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
            play_game(state, [HeuristicAgent() for _ in range(state.t.seats)], Rng(seed),
                      on_action=lambda st, keep=keep: keep(st.clone()))
            middle = (int(state.outcome().details["rounds"]) + 1) // 2
            late += [st for st in trail if st.round == middle][:40]  # type: ignore[attr-defined]
        mids = late
        it = iter(range(1 << 62))
        size = sum(len(s.events) for s in late) / max(1, len(late))
        print(f"\nmid-game states of {args.bot_games} heuristic games ({len(late)} states, {size:.0f} events on average)")
        micro("clone()", do_clone, 2000)
    del clone_us
    return 0


if __name__ == "__main__":
    sys.exit(main())
