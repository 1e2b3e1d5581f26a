"""Play one game of a job to its end and describe it as one result row.

Only the kernel contract is used (architecture §2): chance is resolved by the state's own seeded
RNG (`State.sample_chance`), and each seat's bot draws from its own generator seeded from the game
seed, so a `GameSpec` always plays the same game, in any process, on any machine.
"""

from __future__ import annotations

import json
import math
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from outlast.agents import Agent, make_agent
from outlast.core import CHANCE, Game, OutlastError, Rng, State, load_game
from outlast.core.game import check_measures, check_outcome

from .jobs import GameSpec, derive_seed, lineup_text, options_json

MOVE_LIMIT = 1_000_000
"""Actions (chance included) after which a game that has not ended is stopped (`ended` False, every seat lost)."""

STOPPED = "stopped: no end after the move limit"


@dataclass(frozen=True)
class GameFailure:
    """A game that raised: its index and seed (to reproduce it) and the traceback text."""

    index: int
    seed: int
    options: str
    bots: str
    error: str


def play_game(spec: GameSpec) -> dict[str, Any]:
    """Play `spec` to its end; returns the result row (`result_row`)."""
    start = time.perf_counter()
    game = load_game(spec.game)
    options = dict(spec.options)
    state = game.new_game(seed=spec.seed, **options)
    # Agents may keep per-game memory, so every seat gets a fresh one; a line-up of one spec fills every seat.
    agents: dict[int, Agent] = {}
    rngs: dict[int, Rng] = {}
    actions = chance = 0
    last = -1

    def agent_for(seat: int) -> Agent:
        agent = agents.get(seat)
        if agent is None:
            bot = spec.bots[0] if len(spec.bots) == 1 else spec.bots[seat]
            agent = agents[seat] = make_agent(bot, game)
            rngs[seat] = Rng(derive_seed(spec.seed, seat + 1))
        return agent

    notes: dict[str, Any] = {}
    record = game.record if game.measures else None  # a game that declares no measures costs nothing a move
    while not state.is_over():
        movers = state.to_move()
        if not movers:
            raise OutlastError("the game is not over but no seat may act")
        if movers[0] == CHANCE:
            state.apply(state.sample_chance())
            chance += 1
        else:
            seat = next_seat(state, movers, last, agent_for)
            state.apply(agent_for(seat).act(state, seat, rngs[seat]))
            last = seat
            actions += 1
        if record is not None:
            record(state, notes)
        if actions + chance >= MOVE_LIMIT:
            break
    if record is not None:
        record(state, notes)
    return result_row(spec, game, state, actions, chance, time.perf_counter() - start, notes)


def result_row(spec: GameSpec, game: Game, state: State, actions: int, chance: int,
               duration_s: float, notes: dict[str, Any] | None = None) -> dict[str, Any]:
    """The row of a played game (see `outlast.sim.results.BASE_FIELDS`): every seat's result, checked, and
    the game's measures (`notes`, from `Game.record`, checked by `check_measures`; None for a game without).

    An ended game's outcome must be well formed (`check_outcome`: one result per seat, every code one
    the game declares); `team_won` is the team's result in a cooperative game and None in the other
    kinds. A game stopped at `MOVE_LIMIT` has `ended` False, every seat lost with no code, and
    `team_won` False in a cooperative game.
    """
    seats = state.seat_count()
    cooperative = game.kind == "cooperative"
    if state.is_over():
        outcome = check_outcome(game, state.outcome(), seats)
        results = [{"won": r.won, "score": r.score, "code": r.code, "reason": r.reason} for r in outcome.seats]
        team: bool | None = outcome.won if cooperative else None
        details = outcome.details
    else:
        results = [{"won": False, "score": 0, "code": "", "reason": STOPPED} for _ in range(seats)]
        team, details = (False if cooperative else None), {}
    rounds = details.get("rounds")
    return {
        "game": spec.game,
        "game_index": spec.index,
        "config": spec.config,
        "seed": spec.seed,
        "options": options_json(dict(spec.options)),
        "bots": lineup_text(spec.bots),
        "ended": state.is_over(),
        "team_won": team,
        "seats": results,
        "rounds": int(rounds) if isinstance(rounds, int) else None,
        "actions": actions,
        "chance": chance,
        "details": json.dumps(details, sort_keys=True, separators=(",", ":"), default=str),
        "measures": None if not game.measures else json.dumps(check_measures(game, notes or {}, seats),
                                                              sort_keys=True, separators=(",", ":")),
        "duration_s": duration_s,
    }


def next_seat(state: State, movers: list[int], last: int, agent_for: Callable[[int], Agent]) -> int:
    """Who acts when several seats may: round the table from the seat after the last to act.

    Simultaneous actions commute in the state, but not in what each seat has seen before acting, so
    seats take turns (each sees the others' markers and hints) instead of the lowest seat always going
    first. Each seat's agent gives its `priority(state, seat)` (part of the `Agent` protocol; Fuji's
    heuristic bot uses it for the phase-5 turn order, a random agent gives 0.0): the highest acts
    first and ties go round the table.
    """
    if len(movers) == 1:
        return movers[0]
    order = sorted(movers, key=lambda s: (s - last - 1) % 65536)  # cyclic order after `last`
    best, best_p = order[0], -math.inf
    for seat in order:
        p = float(agent_for(seat).priority(state, seat))
        if p > best_p:
            best, best_p = seat, p
    return best


def play_safe(spec: GameSpec) -> dict[str, Any] | GameFailure:
    """`play_game`, turning an exception into a `GameFailure` the parent can report."""
    try:
        return play_game(spec)
    except Exception:
        return GameFailure(spec.index, spec.seed, options_json(dict(spec.options)), lineup_text(spec.bots),
                           traceback.format_exc())


def play_batch(specs: list[GameSpec]) -> list[dict[str, Any] | GameFailure]:
    """Several games in a row (one Ray task)."""
    return [play_safe(s) for s in specs]
