"""What the per-game speed scripts share (`fuji_speed.py`, `robinson_speed.py`): the timed playout
loop and the micro benchmarks of clone, apply and legal_actions on mid-game states.

Nothing here is asserted: speed is tracked, not tested (architecture §6).
"""

from __future__ import annotations

import random
import time
import timeit
from collections.abc import Callable, Iterator
from typing import Any

from outlast.agents import RandomAgent
from outlast.core import CHANCE, Rng, State


def playout(state: State, agent: RandomAgent, rng: Rng) -> tuple[int, int, list[State]]:
    """Play to the end; returns (all actions, player actions, states sampled around mid-game).

    When several seats may act, one of them is drawn at random; chance is resolved from the state's
    own RNG. Every 16th state is cloned for the micro benchmarks (a few % of the time).
    """
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


def playouts(new_game: Callable[[int], State], games: int, seed: int
             ) -> tuple[float, int, int, int, list[State]]:
    """`games` random playouts of `new_game(seed + i)`: (wall seconds, actions, player actions, rounds,
    mid-game samples), and prints the per-second figures."""
    agent = RandomAgent()
    total = player = rounds = 0
    samples: list[State] = []
    t0 = time.perf_counter()
    for i in range(games):
        state = new_game(seed + i)
        n, p, mid = playout(state, agent, Rng(seed + i))
        total += n
        player += p
        rounds += int(state.outcome().details["rounds"])
        samples += mid
    wall = time.perf_counter() - t0
    print(f"  games per second                       {games / wall:9.1f}")
    print(f"  actions per second (chance included)   {total / wall:9.0f}")
    print(f"  player actions per second              {player / wall:9.0f}")
    print(f"  actions per game: {total / games:.0f} ({player / games:.0f} by players), "
          f"rounds per game: {rounds / games:.1f}")
    return wall, total, player, rounds, samples


def micro(label: str, fn: Callable[[], Any], number: int) -> float:
    """Best-of-5 microseconds per call of `fn`."""
    best = min(timeit.repeat(fn, number=number, repeat=5))
    us = best / number * 1e6
    print(f"  {label:<38} {us:9.2f} µs")
    return us


def cycle(items: list[Any]) -> Callable[[], Any]:
    """A function returning the items in turn, forever (for `micro`)."""
    it: Iterator[int] = iter(range(1 << 62))
    return lambda: items[next(it) % len(items)]


def time_clone(label: str, states: list[State]) -> float:
    nxt = cycle(states)
    return micro(label, lambda: nxt().clone(), 2000)


def time_apply_and_legal(mids: list[State], pick: random.Random) -> list[tuple[State, int]]:
    """Time apply (one random legal action or chance outcome per state) and the first and repeated
    `legal_actions` call on the states it leads to; returns those (state, seat) pairs."""
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

    # the first call after an apply computes the list (later calls hit a per-state cache)
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
    if fresh:
        nxt = cycle(fresh)

        def legal_again() -> None:
            c, seat = nxt()
            c.legal_actions(seat)

        micro("legal_actions(seat), repeated call", legal_again, 2000)
    return fresh


# --- quiet measurements (for harnesses that compare engines, e.g. kernel2_speed.py) --------------------------------
def random_playout(state: State, rng: random.Random) -> tuple[int, int]:
    """Play to the end with uniformly random choices drawn from `rng` (the seat too, when several may act)
    and chance from the state's own RNG; returns (all actions, player actions). Nothing is cloned, so the
    time is the forward model's alone, and two engines that play the same rules play the same game."""
    total = player = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = movers[rng.randrange(len(movers))] if len(movers) > 1 else movers[0]
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))])
            player += 1
        total += 1
    return total, player


def timed_random_playouts(new_game: Callable[[int], State], games: int, seed: int) -> dict[str, float]:
    """`games` playouts of `new_game(seed + i)` with `random_playout` (choices from `random.Random(seed + i)`),
    `new_game` included in the time; returns seconds, actions, player actions and actions per second."""
    total = player = 0
    t0 = time.perf_counter()
    for i in range(games):
        n, p = random_playout(new_game(seed + i), random.Random(seed + i))
        total += n
        player += p
    seconds = time.perf_counter() - t0
    return {"seconds": seconds, "actions": total, "player_actions": player, "actions_per_s": total / seconds}


def mid_game_states(new_game: Callable[[int], State], games: int, seed: int, every: int = 16) -> list[State]:
    """Copies of every `every`-th state from the middle third of the same random playouts (not timed)."""
    states: list[State] = []
    for i in range(games):
        state, rng = new_game(seed + i), random.Random(seed + i)
        trail: list[State] = []
        step = 0
        while not state.is_over():
            movers = state.to_move()
            if movers == [CHANCE]:
                state.apply(state.sample_chance())
            else:
                seat = movers[rng.randrange(len(movers))] if len(movers) > 1 else movers[0]
                actions = state.legal_actions(seat)
                state.apply(actions[rng.randrange(len(actions))])
            step += 1
            if step % every == 0:
                trail.append(state.clone())
        n = len(trail)
        states += trail[n // 3: max(n // 3 + 1, 2 * n // 3)]
    return states


def clone_us(states: list[State], number: int = 2000, repeat: int = 5) -> float:
    """Best-of-`repeat` microseconds per `clone()`, cycling through `states` for `number` calls (no printing)."""
    nxt = cycle(states)
    best = min(timeit.repeat(lambda: nxt().clone(), number=number, repeat=repeat))
    return best / number * 1e6
