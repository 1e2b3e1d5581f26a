"""`outlast bench`: how fast each game runs, measured beside reference engines on one core.

Per game (default options, or `name:key=value,…`), in one process pinned to one core:

- random playouts: every action applied per second (chance outcomes included, the way OpenSpiel
  counts them), decisions per second (non-chance actions only) and whole games per second
  (`new_game` included);
- `clone()` of mid-game states, in µs (the best of a few timed batches, as `timeit` advises);
- ISMCTS iterations per second (`ismcts:iters=N` through `make_agent`) from mid-game decisions.

Beside them, in the same run, the references: OpenSpiel's pure-Python `python_block_dominoes` and its
C++ `hanabi` (random playouts and clone, from the `bench` extra), and a minimal pure-Python random
tic-tac-toe loop, the ceiling of any Python game loop. Our figures are printed as ratios to each
reference, the design targets of issue "speed suite" are checked (Fuji per action at least as fast as
`python_block_dominoes`, `clone()` at most a fifth of its clone), and when a target is missed a cProfile
of our playouts says where the time goes. `benchmarks/run.py` runs the same thing and writes
`benchmarks/results.md`. See docs/cli.md. `benchmarks/fuji_speed.py` breaks Fuji's own figures down
further (the cost of `apply` and `legal_actions`, clone late in heuristic games) with the same loop.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import os
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from outlast.compiled import core_build
from outlast.core import CHANCE, Game, OptionError, State, list_games, load_game
from outlast.core.words import count
from outlast.install import install_hint

DEFAULT_SECONDS = 2.0
DEFAULT_ISMCTS = "ismcts:iters=50"
MID_GAME_STATES = 8
"""How many mid-game states the clone and ISMCTS figures are averaged over."""
ROUNDS = 5
"""Playouts are measured in this many rounds, one slice per engine each: figures are the best slice,
ratios the median of the rounds' ratios."""

TARGET_SPEED_REF = "python_block_dominoes"
TARGET_CLONE_FRACTION = 0.2
"""Design targets: actions/s at least the reference's; clone at most a fifth of the reference's."""


@dataclass
class Figures:
    """What one engine measured: ours or a reference."""

    name: str
    kind: str
    """"ours" or "reference"."""
    actions_per_s: float = 0.0
    decisions_per_s: float = 0.0
    games_per_s: float = 0.0
    actions_per_game: float = 0.0
    clone_us: float | None = None
    ismcts_iters_per_s: float | None = None
    notes: list[str] = field(default_factory=list)
    slices: list[tuple[float, float, float]] = field(default_factory=list)
    """(actions/s, decisions/s, games/s) of each interleaved playout slice, in measuring order."""

    def paired(self, ref: Figures, k: int) -> list[float]:
        """Ratios ours/ref of figure `k` (0 actions/s, 1 decisions/s, 2 games/s) slice by slice.

        Slices measured back to back share the machine's load of the moment, so their ratios are
        steadier than a ratio of best figures on a busy machine.
        """
        return [a[k] / b[k] for a, b in zip(self.slices, ref.slices, strict=False) if b[k]]

    def ratio(self, ref: Figures, k: int) -> float | None:
        """The median paired ratio of figure `k`, or None without slices."""
        pairs = sorted(self.paired(ref, k))
        if not pairs:
            return None
        mid = len(pairs) // 2
        return pairs[mid] if len(pairs) % 2 else (pairs[mid - 1] + pairs[mid]) / 2


# --- the machine -----------------------------------------------------------------------------------
def pin_to_one_core() -> str:
    """Pin this process to one core (the last it may use) when the OS allows it; says what was done."""
    setaff = getattr(os, "sched_setaffinity", None)
    getaff = getattr(os, "sched_getaffinity", None)
    if setaff is None or getaff is None:
        return "not pinned (os.sched_setaffinity is not available here)"
    allowed = sorted(getaff(0))
    core = allowed[-1]
    try:
        setaff(0, {core})
    except OSError as exc:  # pragma: no cover - a container may refuse
        return f"not pinned ({exc})"
    return f"pinned to core {core} (of {len(allowed)} allowed: {', '.join(map(str, allowed))})"


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except (AttributeError, OSError):
        return "unknown"
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def machine() -> dict[str, str]:
    """The machine and moment of a run, for the results file."""
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": str(os.cpu_count() or "?"),
        "os": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "core": core_build().describe(),
        "load": _load(),
    }


# --- timing helpers ------------------------------------------------------------------------------------
def per_call_us(fn: Callable[[], object], seconds: float, repeats: int = 3) -> float:
    """µs per call of `fn`: the best of `repeats` batches, each about `seconds / repeats` long."""
    number = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        dt = time.perf_counter() - t0
        if dt >= 0.02 or number >= 1 << 22:
            break
        number *= 4
    per_batch = max(seconds / repeats, dt)
    number = max(1, int(number * per_batch / max(dt, 1e-9)))
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best * 1e6


# --- our games --------------------------------------------------------------------------------------------
def parse_game_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`fuji` or `fuji:players=4,level=2` → (name, options as text)."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise OptionError("games", spec, "NAME or NAME:OPTION=VALUE,OPTION=VALUE")
        options[key.strip()] = value.strip()
    return name.strip(), options


def random_playout(state: State, rng: random.Random, limit: int | None = None) -> tuple[int, int]:
    """Play `state` to its end (or for `limit` actions) with uniformly random actions.

    Returns (actions applied, decisions among them). The loop of `benchmarks/speedkit.py`, for any
    game: chance is resolved by the state's own RNG (`sample_chance`); when several seats may act, one
    of them is picked at random.
    """
    actions = decisions = 0
    while limit is None or actions < limit:
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
        if seat == CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        actions += 1
    return actions, decisions


def playouts(new_state: Callable[[int], State], seconds: float) -> tuple[float, float, float, float]:
    """Random playouts of fresh games for about `seconds`: actions/s, decisions/s, games/s, actions/game."""
    rng = random.Random(12345)
    actions = decisions = games = 0
    t0 = time.perf_counter()
    while True:
        a, d = random_playout(new_state(games), rng)
        actions += a
        decisions += d
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return actions / dt, decisions / dt, games / dt, actions / games


def mid_game_states(new_state: Callable[[int], State], count: int) -> list[State]:
    """States halfway (by actions applied) through random games, each at a decision of ≥ 2 choices."""
    out: list[State] = []
    for seed in range(count * 20):
        if len(out) == count:
            break
        length, _ = random_playout(new_state(seed), random.Random(seed))
        state = new_state(seed)
        random_playout(state, random.Random(seed), length // 2)  # the same game, stopped halfway
        while True:
            movers = state.to_move()
            if not movers or (movers[0] != CHANCE and len(state.legal_actions(movers[0])) > 1):
                break
            state.apply(state.sample_chance() if movers[0] == CHANCE else state.legal_actions(movers[0])[0])
        if state.to_move():
            out.append(state)
    return out


def ismcts_rate(game: Game, states: list[State], spec: str, seconds: float) -> tuple[float | None, str]:
    """ISMCTS iterations per second over mid-game decisions, or None and why not."""
    from outlast.agents import make_agent
    from outlast.core import Rng

    try:
        agent = make_agent(spec, game)
    except (OptionError, ImportError) as exc:
        return None, f"ISMCTS not measured: {exc}"
    iters = getattr(agent, "iters", None)
    if not isinstance(iters, int) or not states:
        return None, f"ISMCTS not measured: {spec} has no fixed iteration count"
    done = 0
    t0 = time.perf_counter()
    while True:
        state = states[done % len(states)]
        agent.act(state, state.to_move()[0], Rng(done))
        done += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return done * iters / dt, f"ISMCTS: `{spec}` (its default rollout), {count(done, 'decision')} searched"


class Engine:
    """One engine under test: playout rate, mid-game clone and (ours) ISMCTS, measured on demand."""

    def __init__(self, fig: Figures, playout_rate: Callable[[float], tuple[float, float, float, float]],
                 clone_us: Callable[[float], float], ismcts: Callable[[float], tuple[float | None, str]] | None = None):
        self.fig = fig
        self._rate = playout_rate
        self._clone = clone_us
        self._ismcts = ismcts

    def measure_playouts(self, seconds: float) -> None:
        """One slice of random playouts; the best slice of a run is kept (interleaving evens out load)."""
        a, d, g, apg = self._rate(seconds)
        self.fig.slices.append((a, d, g))
        if a > self.fig.actions_per_s:
            self.fig.actions_per_s, self.fig.decisions_per_s, self.fig.games_per_s = a, d, g
        self.fig.actions_per_game = apg

    def measure_rest(self, seconds: float) -> None:
        """Clone (and ISMCTS for our games)."""
        self.fig.clone_us = self._clone(seconds)
        if self._ismcts is not None:
            self.fig.ismcts_iters_per_s, note = self._ismcts(seconds)
            self.fig.notes.append(note)


def game_engine(spec: str, ismcts: str | None) -> Engine:
    """The engine of one of our games (`name` or `name:option=value,…`)."""
    name, options = parse_game_spec(spec)
    game = load_game(name)
    game.new_game(seed=0, **options)  # bad options fail here, before any timing

    def new_state(seed: int) -> State:
        return game.new_game(seed=seed, **options)

    label = name + (" (" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")" if options else " (defaults)")
    states: list[State] = []

    def mid() -> list[State]:
        if not states:
            states.extend(mid_game_states(new_state, MID_GAME_STATES))
        return states

    def clone_us(seconds: float) -> float:
        return sum(per_call_us(s.clone, seconds / len(mid())) for s in mid()) / len(mid())

    def search(seconds: float) -> tuple[float | None, str]:
        assert ismcts is not None
        return ismcts_rate(game, mid(), ismcts, seconds)

    return Engine(Figures(label, "ours"), lambda sec: playouts(new_state, sec), clone_us,
                  search if ismcts else None)


def profile_playouts(spec: str, seconds: float, top: int = 18) -> str:
    """A cProfile of random playouts of one of our games: the functions that take the most time."""
    name, options = parse_game_spec(spec)
    game = load_game(name)
    rng = random.Random(7)
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    seed = 0
    prof.enable()
    while time.perf_counter() - t0 < seconds:
        random_playout(game.new_game(seed=seed, **options), rng)
        seed += 1
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    lines = [ln.rstrip() for ln in buf.getvalue().splitlines()]
    start = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
    return "\n".join(ln for ln in lines[start:] if ln)


# --- the references ----------------------------------------------------------------------------------------
def _spiel_playout(state: Any, rng: random.Random) -> tuple[int, int]:
    actions = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            r = rng.random()
            pick = outcomes[-1][0]
            for a, p in outcomes:
                r -= p
                if r < 0:
                    pick = a
                    break
            state.apply_action(pick)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        actions += 1
    return actions, decisions


def openspiel_engine(name: str) -> Engine:
    """Random playouts (legal_actions + apply_action, chance sampled from chance_outcomes) and
    mid-game clone of an OpenSpiel game."""
    pyspiel: Any = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games")  # registers the pure-Python games
    game = pyspiel.load_game(name)
    kind = "pure Python" if "python" in name else "C++"
    fig = Figures(f"{name} (OpenSpiel, {kind})", "reference", notes=[f"{name}: OpenSpiel `{game}`"])

    def rate(seconds: float) -> tuple[float, float, float, float]:
        rng = random.Random(12345)
        actions = decisions = games = 0
        t0 = time.perf_counter()
        while True:
            a, d = _spiel_playout(game.new_initial_state(), rng)
            actions += a
            decisions += d
            games += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return actions / dt, decisions / dt, games / dt, actions / games

    def clone_us(seconds: float) -> float:
        states = []
        for seed in range(MID_GAME_STATES):
            length, _ = _spiel_playout(game.new_initial_state(), random.Random(seed))
            state = game.new_initial_state()
            rng = random.Random(seed)
            for _ in range(length // 2):
                if state.is_chance_node():
                    state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            states.append(state)
        return sum(per_call_us(s.clone, seconds / len(states)) for s in states) / len(states)

    return Engine(fig, rate, clone_us)


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe:
    """The smallest honest Python game state: a list of 9 cells and the player to move."""

    __slots__ = ("board", "player")

    def __init__(self) -> None:
        self.board = [0] * 9
        self.player = 1

    def clone(self) -> TicTacToe:
        c = TicTacToe.__new__(TicTacToe)
        c.board = self.board[:]
        c.player = self.player
        return c


def _ttt_playout(rng: random.Random) -> int:
    s = TicTacToe()
    board = s.board
    n = 0
    while True:
        moves = [i for i in range(9) if not board[i]]
        if not moves:
            return n
        m = moves[rng.randrange(len(moves))]
        p = s.player
        board[m] = p
        n += 1
        if any(board[a] == p and board[b] == p and board[c] == p for a, b, c in _LINES):
            return n
        s.player = 3 - p


def tictactoe_engine() -> Engine:
    """A minimal pure-Python random tic-tac-toe loop: the ceiling of a Python game loop."""

    def rate(seconds: float) -> tuple[float, float, float, float]:
        rng = random.Random(12345)
        actions = games = 0
        t0 = time.perf_counter()
        while True:
            actions += _ttt_playout(rng)
            games += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return actions / dt, actions / dt, games / dt, actions / games

    def clone_us(seconds: float) -> float:
        state = TicTacToe()
        state.board[:4] = [1, 2, 1, 2]
        return per_call_us(state.clone, seconds)

    return Engine(Figures("tic-tac-toe (minimal pure-Python loop)", "reference"), rate, clone_us)


def reference_engines() -> tuple[list[Engine], list[str]]:
    """Every reference that can be measured here, and notes on any that cannot."""
    out: list[Engine] = []
    notes: list[str] = []
    for name in (TARGET_SPEED_REF, "hanabi"):
        try:
            out.append(openspiel_engine(name))
        except ImportError as exc:
            notes.append(f"OpenSpiel `{name}` not measured: {exc} (install the bench extra: {install_hint('bench')})")
    out.append(tictactoe_engine())
    return out, notes


# --- the report --------------------------------------------------------------------------------------------
def _num(x: float | None, unit: str = "") -> str:
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:,.0f}{unit}"
    if x >= 10:
        return f"{x:.1f}{unit}"
    return f"{x:.2f}{unit}"


def _ratio(ours: float | None, ref: float | None) -> str:
    if ours is None or ref is None or ref == 0:
        return "—"
    return f"{ours / ref:.3g}×"


def _times(x: float | None) -> str:
    return "—" if x is None else f"{x:.3g}×"


def targets(ours: Figures, refs: list[Figures]) -> list[tuple[str, bool, str]]:
    """The design targets checked against the speed reference: (target, met, by how much)."""
    ref = next((r for r in refs if r.name.startswith(TARGET_SPEED_REF)), None)
    if ref is None:
        return []
    out = []
    paired = ours.paired(ref, 0)
    speed = ours.ratio(ref, 0) or ours.actions_per_s / ref.actions_per_s
    spread = f" (slices {min(paired):.2f}–{max(paired):.2f})" if len(paired) > 1 else ""
    out.append((f"actions/s ≥ {TARGET_SPEED_REF}'s", speed >= 1.0,
                f"{speed:.2f}× its speed{spread}" + ("" if speed >= 1.0 else f": {(1 - speed) * 100:.0f} % short")))
    if ours.clone_us is not None and ref.clone_us is not None:
        frac = ours.clone_us / ref.clone_us
        out.append((f"clone ≤ {TARGET_CLONE_FRACTION:g} × {TARGET_SPEED_REF}'s clone", frac <= TARGET_CLONE_FRACTION,
                    f"{frac:.3f}× its clone" + ("" if frac <= TARGET_CLONE_FRACTION else
                                                 f": {frac / TARGET_CLONE_FRACTION:.1f}× over the target")))
    return out


def _busy_note(info: dict[str, str], load_after: str) -> list[str]:
    """A warning line when other work competed for the cores during the run."""
    try:
        loads = [float(info["load"].split("/")[0]), float(load_after.split("/")[0])]
        cores = int(info["cores"])
    except (ValueError, IndexError):
        return []
    if max(loads) <= cores * 0.75:
        return []
    return [f"- **The machine was busy** (1-minute load {max(loads):.1f} on {cores} cores): other processes shared "
            "this core, so every figure here is low and moves by tens of percent between runs. Ratios of slices "
            "measured back to back are steadier than the figures; read the targets with the slice range beside them."]


def report(info: dict[str, str], pinned: str, seconds: float, ours: list[Figures], refs: list[Figures],
           notes: list[str], profiles: dict[str, str], load_after: str) -> str:
    """The whole run as Markdown (what `--out` writes and what is printed)."""
    lines = [
        "# outlast speed benchmarks",
        "",
        f"Measured {info['date']} by `outlast bench` (also `benchmarks/run.py`), one process, {pinned}.",
        "",
        f"- machine: {info['cpu']}, {info['cores']} cores, {info['os']}, {info['python']}",
        f"- our rules core: {info['core']} (docs/compiled.md)",
        f"- load average (1 / 5 / 15 min): {info['load']} before the run, {load_after} after it",
        f"- budget: about {seconds:g} s per measurement; playouts in {ROUNDS} interleaved slices per engine "
        f"(the figures are the best slice); clone and ISMCTS over {MID_GAME_STATES} mid-game states",
        "- actions/s counts every action applied, chance outcomes included (the way OpenSpiel counts them);",
        "  decisions/s counts only the players' actions; games/s includes building each new game.",
        "- clone µs is the best of 3 timed batches per state, averaged over the mid-game states.",
        *_busy_note(info, load_after),
        "",
        "## Figures",
        "",
        "| engine | actions/s | decisions/s | games/s | actions/game | clone µs | ISMCTS iters/s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for f in [*ours, *refs]:
        lines.append(f"| {f.name} | {_num(f.actions_per_s)} | {_num(f.decisions_per_s)} | {_num(f.games_per_s)} | "
                     f"{_num(f.actions_per_game)} | {_num(f.clone_us)} | {_num(f.ismcts_iters_per_s)} |")
    if refs:
        lines += ["", "## Ours as ratios to each reference", "",
                  "Above 1× is faster for actions/s and games/s; below 1× is cheaper for clone. Playout ratios "
                  f"are the median over {ROUNDS} rounds of ours / the reference's slice of the same round "
                  "(measured within seconds, so both saw about the same load); clone is a ratio of the figures above. Games differ in "
                  "length, so games/s ratios compare loops, not games.", "",
                  "| ours | reference | actions/s | decisions/s | games/s | clone time |",
                  "| --- | --- | ---: | ---: | ---: | ---: |"]
        for o in ours:
            for r in refs:
                lines.append(f"| {o.name} | {r.name} | {_times(o.ratio(r, 0))} | {_times(o.ratio(r, 1))} | "
                             f"{_times(o.ratio(r, 2))} | {_ratio(o.clone_us, r.clone_us)} |")
        checked = [(o, t) for o in ours for t in targets(o, refs)]
        if checked:
            lines += ["", "## Design targets", "", "| ours | target | met | measured |", "| --- | --- | --- | --- |"]
            for o, (what, met, how) in checked:
                lines.append(f"| {o.name} | {what} | {'yes' if met else '**no**'} | {how} |")
    all_notes = [n for f in [*ours, *refs] for n in f.notes] + notes
    if all_notes:
        lines += ["", "## Notes", ""] + [f"- {n}" for n in all_notes]
    for name, text in profiles.items():
        lines += ["", f"## Where the time goes: {name}", "",
                  "cProfile of random playouts (sorted by own time; profiling slows everything about 2×).", "",
                  "```", text, "```"]
    return "\n".join(lines) + "\n"


# --- the command ------------------------------------------------------------------------------------------
def run(games: list[str] | None, seconds: float, out: Path | None, references: bool, ismcts: str | None,
        profile: bool = False, echo: Callable[[str], None] = print) -> str:
    """Measure, print progress through `echo`, and return (and write to `out`) the Markdown report."""
    if seconds <= 0:
        raise OptionError("seconds", seconds, "a number of seconds above 0")
    specs = games or list_games()
    for spec in specs:  # unknown names and bad options fail before anything is timed
        name, options = parse_game_spec(spec)
        load_game(name).new_game(seed=0, **options)
    getaff = getattr(os, "sched_getaffinity", None)
    before = getaff(0) if getaff is not None else None
    try:
        return _run(specs, seconds, out, references, ismcts, profile, echo)
    finally:
        if before is not None:  # the caller's process gets its cores back
            os.sched_setaffinity(0, before)


def _run(specs: list[str], seconds: float, out: Path | None, references: bool, ismcts: str | None,
         profile: bool, echo: Callable[[str], None]) -> str:
    pinned = pin_to_one_core()
    info = machine()
    echo(f"outlast bench: {pinned}; load {info['load']}; about {seconds:g} s per measurement")
    engines = [game_engine(spec, ismcts) for spec in specs]
    notes: list[str] = []
    refs: list[Engine] = []
    if references:
        refs, notes = reference_engines()
    for r in range(ROUNDS):
        echo(f"  playouts, round {r + 1} of {ROUNDS} …")
        for engine in [*engines, *refs]:
            engine.measure_playouts(seconds / ROUNDS)
    for engine in [*engines, *refs]:
        echo(f"  clone{' and ISMCTS' if engine in engines and ismcts else ''}: {engine.fig.name} …")
        engine.measure_rest(seconds)
    ours = [e.fig for e in engines]
    ref_figs = [e.fig for e in refs]
    profiles = {}
    for spec, fig in zip(specs, ours, strict=True):
        if profile or any(not met for _, met, _ in targets(fig, ref_figs)):
            echo(f"  profiling {spec} …")
            profiles[fig.name] = profile_playouts(spec, seconds)
    text = report(info, pinned, seconds, ours, ref_figs, notes, profiles, _load())
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        echo(f"  written to {out}")
    return text


def add_bench_parser(sub: Any) -> None:
    """Register `outlast bench` on the `outlast` subcommand parsers."""
    p = sub.add_parser("bench", help="measure engine speed on one core, beside reference engines")
    add_bench_arguments(p)
    p.set_defaults(func=cmd_bench)


def add_bench_arguments(p: argparse.ArgumentParser, out_default: Path | None = None) -> None:
    """The options of `outlast bench` (shared with `benchmarks/run.py`)."""
    p.add_argument("--games", nargs="+", metavar="GAME",
                   help="games to measure: NAME or NAME:OPTION=VALUE,… (default: every game with its defaults)")
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, metavar="S",
                   help=f"time budget of each measurement (default {DEFAULT_SECONDS:g})")
    p.add_argument("--out", type=Path, default=out_default, metavar="FILE",
                   help="also write the Markdown report to FILE" + (f" (default {out_default})" if out_default else ""))
    p.add_argument("--no-reference", action="store_true",
                   help="skip OpenSpiel and the tic-tac-toe loop (ratios and targets are then not computed)")
    p.add_argument("--ismcts", default=DEFAULT_ISMCTS, metavar="SPEC",
                   help=f"the ISMCTS agent to time (default {DEFAULT_ISMCTS}); 'none' to skip")
    p.add_argument("--profile", action="store_true", help="add a cProfile of our playouts even when targets are met")


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmarks and print the report."""
    ismcts = None if str(args.ismcts).lower() == "none" else args.ismcts

    def echo(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    text = run(args.games, args.seconds, args.out, not args.no_reference, ismcts, args.profile, echo)
    sys.stdout.write(text)
    return 0
