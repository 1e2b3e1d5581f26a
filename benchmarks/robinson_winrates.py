"""Win rate of a heuristic Robinson Crusoe team (Castaways, §25.1), per player count.

    .venv/bin/python benchmarks/robinson_winrates.py --games 200 --players 1,2,3,4 --seed 0
    .venv/bin/python benchmarks/robinson_winrates.py --games 100 --players 2 --bot "heuristic:rest=4" -o dog=yes

Every seat plays the same agent (`--bot`, default `heuristic`); game k uses seed `seed + k`, chance comes
from each state's own RNG, and when several seats may act the one whose agent reports the highest
`priority` acts (ties go round the table), as in `outlast.sim`. Prints, per player count, the win rate
with a Wilson 95 % interval, the mean rounds played, the mean seconds per game, the losses by result code
(`game.result_codes`) and the commonest reasons in words.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE, Rng, State
from outlast.core.game import check_outcome, team_won
from outlast.sim.stats import wilson


class Stuck(RuntimeError):
    """The engine waits for a seat that has no legal action (an engine bug)."""


def play(state: State, agents: list[Any], rng: Rng, max_actions: int = 20_000) -> int:
    """Play to the end: chance from the state's RNG; the highest `priority` acts first, ties round the table."""
    last = -1
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        elif not any(state.legal_actions(x) for x in movers):
            raise Stuck(f"seats {movers} must act but have no legal action ({state.decision_text()})")
        else:
            order = sorted(movers, key=lambda x: (x - last - 1) % 64)
            seat, best = order[0], None
            if len(order) > 1:
                for x in order:
                    p = float(agents[x].priority(state, x))
                    if best is None or p > best:
                        best, seat = p, x
            state.apply(agents[seat].act(state, seat, rng))
            last = seat
        steps += 1
        if steps > max_actions:
            raise RuntimeError("the game did not end")
    return steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", default="1,2,3,4", help="comma-separated player counts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="heuristic", help="agent spec for every seat")
    ap.add_argument("-o", "--option", action="append", default=[], help="game option key=value")
    ap.add_argument("--reasons", type=int, default=6, help="loss reasons to list per player count")
    args = ap.parse_args()
    game = outlast.load_game("robinson")
    extra: dict[str, Any] = {}
    for text in args.option:
        k, _, v = text.partition("=")
        extra[k.strip()] = int(v) if v.strip().isdigit() else v.strip()
    print(f"bot {args.bot}, {args.games} games per player count, seeds {args.seed}..{args.seed + args.games - 1}")
    print("| players | games | win % | 95 % interval | mean rounds | s/game |")
    print("|---|---|---|---|---|---|")
    details = []
    for n in (int(x) for x in args.players.split(",")):
        wins = 0
        rounds = 0
        reasons: Counter[str] = Counter()
        causes: Counter[str] = Counter()
        t0 = time.perf_counter()
        for k in range(args.games):
            seed = args.seed + k
            state = game.new_game(seed=seed, players=n, **extra)
            agents = [make_agent(args.bot, game) for _ in range(n)]
            try:
                play(state, agents, Rng(seed * 7919 + 17))
            except Stuck as exc:
                reasons["engine stuck: " + str(exc).split("(")[-1].rstrip(")")[:50]] += 1
                rounds += state.round
                continue
            out = check_outcome(game, state.outcome(), n)
            won = team_won(game, out)
            wins += won
            rounds += int(out.details["rounds"])
            if not won:
                reasons[out.seats[0].code] += 1
                causes[out.seats[0].reason] += 1
        dt = (time.perf_counter() - t0) / args.games
        lo, hi = wilson(wins, args.games)
        print(f"| {n} | {args.games} | {100 * wins / args.games:.1f} | {100 * lo:.1f}–{100 * hi:.1f} "
              f"| {rounds / args.games:.2f} | {dt:.3f} |")
        details.append((n, reasons, causes))
    for n, reasons, causes in details:
        print(f"\n{n} player(s), losses by result code:")
        for code, k in reasons.most_common():
            meaning = game.result_codes.get(code)
            print(f"  {k:4d}  {code}: {meaning}" if meaning else f"  {k:4d}  {code}")
        print("  the commonest reasons, in the game's words:")
        for text, k in causes.most_common(args.reasons):
            print(f"  {k:4d}  {text}")


if __name__ == "__main__":
    main()
