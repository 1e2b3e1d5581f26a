"""`check_game`: the conformance check every registered game passes (architecture §2).

It drives a game through the kernel contract only, as OpenSpiel's `random_sim_test` and TAG's
`ForwardModelTester` do for theirs, over random, heuristic, always-first and always-last play at every
player count and option value, and checks at sampled positions that:

- `clone()` is equal and independent, and `to_json` → `load_state` round-trips byte for byte;
- the same seed and actions give the same game, in this process and in another one;
- `observe_seats(seats)` gives each seat's `observe(seat)`, key order included;
- `resample(seat)` leaves `observe(seat)` and the seat's legal actions unchanged, leaves the true state
  unchanged, and draws fresh randomness (a determinization's next chance outcome is not the real one);
- legal action texts round-trip through `parse_action`, seats that may not act have no legal actions, and
  chance outcomes are distinct and sum to 1;
- each seat's decision parts (`decision_parts`) allow exactly its legal texts, and each pick maps to its text
  and back (`outlast.testing.parts`);
- every refused input (garbage and mangled texts, wrong types, foreign and junk action objects, other
  seats, stale actions, bad seats given to `legal_actions`/`observe`/`resample`) raises an `OutlastError`
  and leaves the state byte-identical;
- corrupted state documents and Match save files (a field dropped, swapped, enlarged, retyped or resized;
  a file cut or damaged) raise `SaveError`, or load into a state that works; nothing else escapes and
  nothing hangs;
- every game ends within a bound, and its outcome has one result per seat, each with a declared result code.

A new game gets all of this by registering; `tests/test_conformance.py` runs it for each game and
`benchmarks/conformance_deep.py` runs it deep.
"""

from __future__ import annotations

import json
import math
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from outlast.core import (
    CHANCE,
    Action,
    Game,
    GameDefinitionError,
    Match,
    OptionError,
    OutlastError,
    Rng,
    SaveError,
    State,
    check_outcome,
    load_game,
    parse_document,
    state_digest,
)

from .inputs import (
    GARBAGE_TEXTS,
    WRONG_SEATS,
    WRONG_VALUES,
    ForeignAction,
    corrupt_text,
    junk_actions,
    mangled_texts,
    mutate,
)
from .parts import parts_problems

POLICIES = ("random", "heuristic", "first", "last")
"""How seats choose in the checked games: uniformly at random, the game's own heuristic bot, always the
first legal action (of the first seat that may act), always the last (of the last seat)."""


class ConformanceError(AssertionError):
    """A game broke the kernel contract; the message lists every failure found."""


@dataclass
class Report:
    """What `check_game` did and found."""

    game: str
    configurations: int = 0
    games: int = 0
    actions: int = 0
    longest: int = 0
    positions: int = 0
    resamples: int = 0
    bad_inputs: int = 0
    documents: int = 0
    match_files: int = 0
    same_next_chance: int = 0
    chance_compared: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line of counts, as `make test` prints it."""
        return (f"{self.game}: {self.games} games over {self.configurations} configurations, "
                f"{self.actions} actions (longest {self.longest}), {self.positions} positions checked, "
                f"{self.resamples} resamples, {self.bad_inputs} bad inputs refused, "
                f"{self.documents} corrupted documents, {self.match_files} corrupted save files, "
                f"{len(self.failures)} failures, {self.seconds:.1f} s")

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form (failures included)."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def configurations(game: Game) -> list[dict[str, Any]]:
    """Option sets covering every player count and every allowed value of each small option.

    Each value of each `int`, `choice` and `bool` option appears in at least one configuration, at the first
    player count that accepts it; `list` options keep their defaults (their values are drawn by the game).
    """
    found: list[dict[str, Any]] = []

    def accept(options: dict[str, Any]) -> bool:
        try:
            resolved = game.options.resolve(options)
        except OptionError:
            return False
        if resolved not in [game.options.resolve(f) for f in found]:
            found.append(options)
        return True

    for players in game.players:
        accept({"players": players})
    for opt in game.options:
        if opt.name == "players" or opt.kind == "list":
            continue
        values = (True, False) if opt.kind == "bool" else opt.choices
        for value in values:
            for players in game.players:
                if accept({"players": players, opt.name: value}):
                    break
    return found


def check_game(game: Game | str, *, games: int = 1, seed: int = 0, policies: tuple[str, ...] = POLICIES,
               every: int = 40, max_positions: int = 12, inputs: int = 12, documents: int = 6,
               match_files: int = 12, max_actions: int = 100_000, other_process: bool = True,
               strict: bool = True, time_limit: float = 10.0) -> Report:
    """Check `game` against the kernel contract; returns the `Report`, or raises `ConformanceError` (`strict`).

    `games` is the number of games per policy and configuration; `every` the distance in actions between
    checked positions (at most `max_positions` per game, plus the end); `inputs`, `documents` and `match_files`
    how many bad inputs, corrupted state documents and corrupted save files are tried at each checked position
    (save files once per game). `max_actions` bounds a game's length; `time_limit` bounds (in seconds) any one
    call on a corrupted document, so a hang is reported instead of waited for.
    """
    g = load_game(game) if isinstance(game, str) else game
    checker = _Checker(g, seed, every, max_positions, inputs, documents, match_files, max_actions, time_limit)
    start = time.perf_counter()
    configs = configurations(g)
    checker.report.configurations = len(configs)
    runs: list[dict[str, Any]] = []
    for policy in policies:
        if policy == "heuristic" and "heuristic" not in g.agents():
            continue
        for k in range(games):
            for c, options in enumerate(configs):
                game_seed = seed * 1_000_003 + k * 7_919 + c * 101 + POLICIES.index(policy)
                run = checker.play(options, game_seed, policy)
                if run is not None:
                    runs.append(run)
    if other_process and runs:
        checker.same_in_another_process(runs)
    checker.check_fresh_randomness()
    report = checker.report
    report.seconds = time.perf_counter() - start
    if strict and report.failures:
        shown = "\n".join(f"- {f}" for f in report.failures[:40])
        more = len(report.failures) - 40
        raise ConformanceError(f"{g.name} breaks the kernel contract ({len(report.failures)} failures):\n{shown}"
                               + (f"\n… and {more} more" if more > 0 else ""))
    return report


# --- the checker ----------------------------------------------------------------------------------
def _blob(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), allow_nan=False)


def _texts(actions: list[Action]) -> list[str]:
    return [str(a) for a in actions]


class Hang(Exception):
    """Raised by the time limit inside a call that took too long."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Interrupt the block after `seconds` with `Hang` (only in the main thread of a Unix process; elsewhere
    the block runs unbounded). Tests use it to turn a hang on hostile input into a failure."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class _Checker:
    def __init__(self, game: Game, seed: int, every: int, max_positions: int, inputs: int, documents: int,
                 match_files: int, max_actions: int, time_limit: float) -> None:
        self.game = game
        self.every = max(1, every)
        self.max_positions = max_positions
        self.inputs = inputs
        self.documents = documents
        self.match_files = match_files
        self.max_actions = max_actions
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.report = Report(game.name)
        self.where = ""

    def fail(self, what: str) -> None:
        self.report.failures.append(f"{self.where}: {what}")

    def guarded(self, what: str, fn: Callable[[], Any]) -> Any:
        """Run `fn`; anything it raises is a failure named `what` (returns None then)."""
        try:
            return fn()
        except Exception as exc:  # every escape is a finding, reported with its type
            self.fail(f"{what} raised {type(exc).__name__}: {str(exc)[:200]}")
            return None

    # --- one game ---------------------------------------------------------------------------------
    def play(self, options: dict[str, Any], seed: int, policy: str) -> dict[str, Any] | None:
        g = self.game
        self.where = f"{g.name} {options} seed {seed} {policy}"
        state = self.guarded("new_game", lambda: g.new_game(seed=seed, **options))
        if state is None:
            return None
        again = g.new_game(seed=seed, **options)
        if _blob(again) != _blob(state):
            self.fail("two new games with the same seed and options differ")
        rng = random.Random(seed)
        agents: dict[int, Any] = {}
        log: list[tuple[int, str]] = []
        stale: list[Action] = []
        positions = 0
        self.report.games += 1
        while not state.is_over():
            step = len(log)
            if step >= self.max_actions:
                self.fail(f"did not end within {self.max_actions} actions")
                return None
            if step % self.every == 0 and positions < self.max_positions:
                self.where = f"{g.name} {options} seed {seed} {policy} action {step}"
                self.position(state, stale)
                positions += 1
            movers = state.to_move()
            if not movers:
                self.fail("to_move() is empty but the game is not over")
                return None
            try:
                action = self.choose(state, movers, policy, rng, agents)
                state.apply(action)
            except Exception as exc:
                self.fail(f"playing a legal action raised {type(exc).__name__}: {str(exc)[:200]}")
                return None
            log.append((action.seat, str(action)))
            if rng.random() < 0.05:
                stale.append(action)
                del stale[:-8]
        self.where = f"{g.name} {options} seed {seed} {policy} end after {len(log)} actions"
        self.report.actions += len(log)
        self.report.longest = max(self.report.longest, len(log))
        self.position(state, stale)
        self.end(state)
        self.replayed(options, seed, log, state)
        self.save_files(options, seed, log[: 400])
        return {"options": options, "seed": seed, "actions": log, "digest": state_digest(state)}

    def choose(self, state: State, movers: list[int], policy: str, rng: random.Random,
               agents: dict[int, Any]) -> Action:
        if movers == [CHANCE]:
            return state.sample_chance()
        if policy == "first":
            return state.legal_actions(movers[0])[0]
        if policy == "last":
            return state.legal_actions(movers[-1])[-1]
        seat = movers[rng.randrange(len(movers))]
        if policy == "heuristic":
            if seat not in agents:
                from outlast.agents import make_agent

                agents[seat] = make_agent("heuristic", self.game)
            action: Action = agents[seat].act(state, seat, rng)
            return action
        legal = state.legal_actions(seat)
        return legal[rng.randrange(len(legal))]

    # --- a position -------------------------------------------------------------------------------
    def position(self, state: State, stale: list[Action]) -> None:
        self.report.positions += 1
        blob = self.guarded("to_json (JSON-safe, no NaN)", lambda: _blob(state))
        if blob is None:
            return
        for seat in [None, *range(state.seat_count())]:
            self.guarded(f"observe({seat}) as JSON", partial(_observe_json, state, seat))
        self.guarded("observe_seats", lambda: self.observe_seats(state))
        self.guarded("the round trip", lambda: self.round_trip(state, blob))
        self.guarded("clone", lambda: self.clone(state, blob))
        self.guarded("legal actions", lambda: self.legal(state))
        self.guarded("decision parts", lambda: self.parts(state, blob))
        for seat in range(state.seat_count()):
            self.guarded(f"resample({seat})", partial(self.resample, state, seat, blob))
        self.refusals(state, blob, stale)
        self.corrupt_documents(state, blob)

    def observe_seats(self, state: State) -> None:
        """`observe_seats` gives each seat's `observe`, key order included, whatever the seats' order."""
        seats: list[int | None] = [None, *range(state.seat_count())]
        random.Random(self.report.positions).shuffle(seats)  # not self.rng: the check's own draws stay as they were
        for seat, view in zip(seats, state.observe_seats(seats), strict=True):
            if json.dumps(view, allow_nan=False) != _observe_json(state, seat):
                self.fail(f"observe_seats gives seat {seat} another view than observe({seat})")

    def round_trip(self, state: State, blob: str) -> None:
        doc = json.loads(blob)
        loaded = self.game.load_state(doc)
        if _blob(loaded) != blob:
            self.fail("load_state(to_json()) is not the same state")
        if loaded.to_move() != state.to_move():
            self.fail("a loaded state has other seats to move")
        for seat in state.to_move():
            if seat != CHANCE and _texts(loaded.legal_actions(seat)) != _texts(state.legal_actions(seat)):
                self.fail(f"a loaded state offers seat {seat} other actions")

    def clone(self, state: State, blob: str) -> None:
        copy = state.clone()
        if _blob(copy) != blob:
            self.fail("clone() differs from its original")
        if state.is_over():
            return
        movers = copy.to_move()
        act = copy.sample_chance() if movers == [CHANCE] else copy.legal_actions(movers[0])[0]
        copy.apply(act)
        if _blob(state) != blob:
            self.fail(f"playing {act} on a clone changed the original")

    def legal(self, state: State) -> None:
        g = self.game
        movers = state.to_move()
        for seat in range(state.seat_count()):
            actions = state.legal_actions(seat)
            if seat not in movers:
                if actions:
                    self.fail(f"seat {seat} may not act but has legal actions")
                continue
            if not actions:
                self.fail(f"seat {seat} may act but has no legal action")
            texts = _texts(actions)
            if len(set(texts)) != len(texts):
                self.fail(f"seat {seat} has repeated legal action texts")
            for a in actions:
                back = g.parse_action(seat, str(a))
                if back != a:
                    self.fail(f"{a!s} does not read back as itself (got {back!s})")
                    break
        if CHANCE in movers:
            outcomes = state.chance_outcomes()
            total = math.fsum(p for _, p in outcomes)
            if not outcomes or abs(total - 1.0) > 1e-9 or any(not 0 < p <= 1 for _, p in outcomes):
                self.fail(f"chance outcomes sum to {total} over {len(outcomes)} outcomes")
            texts = _texts([o for o, _ in outcomes])
            if len(set(texts)) != len(texts):
                self.fail("chance outcomes repeat a text")
            for o, _ in outcomes[:20]:
                if g.parse_action(CHANCE, str(o)) != o:
                    self.fail(f"chance outcome {o!s} does not read back as itself")
                    break

    def parts(self, state: State, blob: str) -> None:
        """Every seat's decision parts allow exactly its legal texts, each pick maps to its text and back, and
        asking for them changes nothing (`outlast.testing.parts`)."""
        for seat in range(state.seat_count()):
            for problem in parts_problems(state, seat, picks=8):
                self.fail(problem)
        if _blob(state) != blob:
            self.fail("decision_parts changed the state")

    def resample(self, state: State, seat: int, blob: str) -> None:
        self.report.resamples += 1
        guess = state.resample(seat, Rng(self.rng.randrange(1 << 30)))
        if _blob(state) != blob:
            self.fail(f"resample({seat}) changed the true state")
        if guess.observe(seat) != state.observe(seat):
            self.fail(f"resample({seat}) changed what seat {seat} observes")
        if guess.to_move() != state.to_move():
            self.fail(f"resample({seat}) changed who may act")
        elif seat in state.to_move() and _texts(guess.legal_actions(seat)) != _texts(state.legal_actions(seat)):
            self.fail(f"seat {seat}'s legal actions differ in a resample: they depend on what it cannot see")
        if state.to_move() == [CHANCE] and len(state.chance_outcomes()) > 1:
            self.report.chance_compared += 1
            if str(guess.sample_chance()) == str(state.sample_chance()):
                self.report.same_next_chance += 1
        guess_blob = _blob(guess)
        self.game.load_state(json.loads(guess_blob))  # a determinization is a valid state too

    def check_fresh_randomness(self) -> None:
        n, same = self.report.chance_compared, self.report.same_next_chance
        if n >= 20 and same > 0.8 * n:
            self.where = f"{self.game.name} resamples"
            self.fail(f"a resampled state's next chance outcome was the true one in {same} of {n} tries: "
                      "resample must draw fresh randomness")

    # --- refusals ---------------------------------------------------------------------------------
    def refuse(self, state: State, blob: str, what: str, fn: Callable[[], Any], *, must_raise: bool = True) -> None:
        """`fn` must raise an `OutlastError` (or, if not `must_raise`, may return) and change nothing."""
        self.report.bad_inputs += 1
        try:
            fn()
            if must_raise:
                self.fail(f"{what} was accepted")
        except OutlastError:
            pass
        except Exception as exc:
            self.fail(f"{what} raised {type(exc).__name__}: {str(exc)[:160]}")
        try:
            after = _blob(state)
        except Exception as exc:
            self.fail(f"after {what} the state cannot be saved: {type(exc).__name__}")
            return
        if after != blob:
            self.fail(f"{what} changed the state")
            raise _Corrupted

    def refusals(self, state: State, blob: str, stale: list[Action]) -> None:
        with suppress(_Corrupted):
            self._refusals(state, blob, stale)

    def _refusals(self, state: State, blob: str, stale: list[Action]) -> None:
        """Every kind of bad input at this position is refused and leaves the state as it was (`refuse`)."""
        movers = state.to_move()
        seats = [s for s in movers if s != CHANCE]
        legal = {s: state.legal_actions(s) for s in seats}
        if CHANCE in movers:
            legal[CHANCE] = [o for o, _ in state.chance_outcomes()]
        self._refuse_texts(state, blob, movers, legal)
        self._refuse_values_and_seats(state, blob, seats, legal)
        self._refuse_out_of_turn(state, blob, movers, legal, stale)
        self._refuse_chat_and_sections(state, blob, seats)

    def _is_legal(self, legal: dict[int, list[Action]], seat: int, text: str) -> bool:
        """Whether `text` reads as one of `seat`'s legal actions."""
        try:
            act = self.game.parse_action(seat, text)
        except OutlastError:
            return False
        return act in legal.get(seat, [])

    def _refuse_texts(self, state: State, blob: str, movers: list[int], legal: dict[int, list[Action]]) -> None:
        """Garbage texts, legal texts mangled, and junk action objects."""
        rng, n = self.rng, self.inputs
        for text in rng.sample(GARBAGE_TEXTS, min(n, len(GARBAGE_TEXTS))):
            seat = rng.choice(movers) if movers else 0
            if seat == CHANCE or not self._is_legal(legal, seat, text):
                self.refuse(state, blob, f"text {text[:30]!r} for seat {seat}", partial(state.apply, text, seat))
        for seat, actions in legal.items():
            if not actions:
                continue
            for text in mangled_texts(str(rng.choice(actions)), rng, max(1, n // 2)):
                if not self._is_legal(legal, seat, text):
                    self.refuse(state, blob, f"text {text[:40]!r} for seat {seat}",
                                partial(state.apply, text, seat))
            for junk in junk_actions(rng.choice(actions), rng, max(1, n // 2)):
                try:
                    known = junk in actions
                except Exception:
                    known = False
                if not known:
                    self.refuse(state, blob, f"a junk action object {_safe_repr(junk)}", partial(state.apply, junk))

    def _refuse_values_and_seats(self, state: State, blob: str, seats: list[int],
                                 legal: dict[int, list[Action]]) -> None:
        """Values of the wrong type, seats that do not exist, and another game's action object."""
        rng, n = self.rng, self.inputs
        for value in rng.sample(WRONG_VALUES, min(n, len(WRONG_VALUES))):
            self.refuse(state, blob, f"apply({_safe_repr(value)})", partial(state.apply, value))
        for bad in rng.sample(WRONG_SEATS, min(n, len(WRONG_SEATS))):
            some = next((a for acts in legal.values() for a in acts), None)
            if some is not None and bad is not None:
                self.refuse(state, blob, f"a legal text with seat={bad!r}", partial(state.apply, str(some), bad))
            self.refuse(state, blob, f"legal_actions({bad!r})", partial(state.legal_actions, bad),
                        must_raise=bad is not None)
            if bad is not None:
                self.refuse(state, blob, f"observe({bad!r})", partial(state.observe, bad))
                self.refuse(state, blob, f"observe_seats([None, {bad!r}])", partial(state.observe_seats, [None, bad]))
                self.refuse(state, blob, f"resample({bad!r})", partial(state.resample, bad, Rng(0)))
        self.refuse(state, blob, "a foreign action object", partial(state.apply, ForeignAction(seats[0] if seats else 0)))

    def _refuse_out_of_turn(self, state: State, blob: str, movers: list[int], legal: dict[int, list[Action]],
                            stale: list[Action]) -> None:
        """Another seat's legal action played by a seat that may not act, and actions legal earlier only."""
        for seat in range(state.seat_count()):
            if seat in movers:
                continue
            for other, actions in legal.items():
                if other != CHANCE and actions:
                    act = self.rng.choice(actions)
                    if not self._is_legal(legal, seat, str(act)):
                        self.refuse(state, blob, f"seat {other}'s {act} played by seat {seat}",
                                    partial(state.apply, str(act), seat))
                    break
        for act in stale:
            if act not in legal.get(act.seat, []):
                self.refuse(state, blob, f"a stale {act} (legal earlier)", partial(state.apply, act))

    def _refuse_chat_and_sections(self, state: State, blob: str, seats: list[int]) -> None:
        """Chat and rules-section look-ups with odd values answer without changing the state."""
        chats: tuple[Any, ...] = ("1 2 3 4 5 6", 5, None, b"x", "x" * 5000)
        for value in chats:
            seat = seats[0] if seats else 0
            self.refuse(state, blob, f"chat {_safe_repr(value)}",
                        partial(self.game.check_chat, state, seat, value), must_raise=False)
        sections: tuple[Any, ...] = (5, None, ["1"], "§999", "²", "x" * 300)
        for section in sections:
            self.refuse(state, blob, f"rules_section({section!r})",
                        partial(self.game.rules_section, section), must_raise=False)

    # --- documents --------------------------------------------------------------------------------
    def corrupt_documents(self, state: State, blob: str) -> None:
        doc = json.loads(blob)
        not_documents: tuple[Any, ...] = (None, [], "x", 5, {})
        for bad in not_documents:
            self.report.documents += 1
            self.load_or_refuse(bad, f"load_state({bad!r})")
        for _ in range(self.documents):
            self.report.documents += 1
            mutated, what = mutate(doc, self.rng)
            self.load_or_refuse(mutated, f"a state document that {what}")

    def load_or_refuse(self, doc: Any, what: str) -> None:
        self.loads(what, lambda: self.game.load_state(doc), must_refuse=False, limit=self.time_limit)

    def loads(self, what: str, load: Callable[[], State], *, must_refuse: bool, limit: float) -> None:
        """`load()` must raise `SaveError`, or (unless `must_refuse`) give a usable state, within `limit` s."""
        try:
            with deadline(limit):
                state = load()
                if must_refuse:
                    self.fail(f"{what} was accepted")
                self.usable(state)
        except SaveError:
            return
        except _Unusable as exc:
            self.fail(f"{what} loaded, then {exc}")
        except Hang as exc:
            self.fail(f"{what}: {exc}")
        except Exception as exc:
            self.fail(f"{what} raised {type(exc).__name__}: {str(exc)[:160]}")

    def usable(self, state: State) -> None:
        """A loaded state must work: save, observe, list and play, with only `OutlastError` escaping."""
        try:
            blob = _blob(state)
            if _blob(self.game.load_state(json.loads(blob))) != blob:
                raise _Unusable("it does not round-trip")
            for seat in [None, *range(state.seat_count())]:
                state.observe(seat)
            if state.is_over():
                state.outcome()
                return
            movers = state.to_move()
            if not movers:
                raise _Unusable("no seat may act, yet the game is not over")
            seat = movers[0]
            if seat == CHANCE:
                if not state.chance_outcomes():
                    raise _Unusable("it waits for chance with no outcome")
                state.apply(state.sample_chance())
                return
            actions = state.legal_actions(seat)
            if not actions:
                raise _Unusable(f"seat {seat} may act but has no legal action")
            state.apply(actions[0])
        except OutlastError:
            return

    # --- whole games ------------------------------------------------------------------------------
    def end(self, state: State) -> None:
        if state.to_move():
            self.fail("a finished game still has seats to move")
        for seat in range(state.seat_count()):
            if self.guarded("legal_actions at the end", partial(state.legal_actions, seat)):
                self.fail(f"seat {seat} has legal actions after the end")
        out = self.guarded("outcome()", state.outcome)
        if out is None:
            return
        try:  # one result per seat, each well typed with a declared code; a team result in a cooperative game
            check_outcome(self.game, out, state.seat_count())
        except GameDefinitionError as exc:
            self.fail(f"the outcome breaks the game's declarations: {exc}")

    def replayed(self, options: dict[str, Any], seed: int, log: list[tuple[int, str]], final: State) -> None:
        def replay() -> None:
            state = self.game.new_game(seed=seed, **options)
            for seat, text in log:
                state.apply(text, seat=seat)
            if _blob(state) != _blob(final):
                self.fail("replaying the same seed and action texts gives another game")
        self.guarded("replaying the game's texts", replay)

    def save_files(self, options: dict[str, Any], seed: int, log: list[tuple[int, str]]) -> None:
        """Build a Match of (a prefix of) the game, check its save round-trips, then corrupt it."""
        def build() -> Match:
            m = Match.start(self.game, seed, options)
            for seat, text in log:
                m.play(text, seat)
            return m

        match = self.guarded("recording the game as a Match", build)
        if match is None:
            return
        doc = match.to_json()
        back = self.guarded("Match.from_json(to_json())", lambda: Match.from_json(json.loads(json.dumps(doc))))
        if back is not None and state_digest(back.state) != doc["digest"]:
            self.fail("a Match save does not load back as the same game")
        text = json.dumps(doc)
        mutations: list[tuple[Any, str]] = []
        no_digest = {k: v for k, v in doc.items() if k != "digest"}
        if doc["actions"]:
            mutations.append(({**no_digest, "actions": doc["actions"][:-1]}, "lost its digest and last action"))
            mutations.append(({**doc, "actions": doc["actions"][:-1]}, "lost its last action"))
        mutations.append((no_digest, "lost its digest"))
        for _ in range(self.match_files):
            mutations.append(mutate(doc, self.rng))
        for i, (bad, what) in enumerate(mutations):
            self.report.match_files += 1
            self.match_or_refuse(bad, f"a save file that {what}", must_refuse=i < 3 if doc["actions"] else i < 1)
        for _ in range(max(1, self.match_files // 3)):
            self.report.match_files += 1
            damaged = corrupt_text(text, self.rng)
            self.match_or_refuse(damaged, "a damaged save file text", must_refuse=False, as_text=True)

    def match_or_refuse(self, doc: Any, what: str, *, must_refuse: bool, as_text: bool = False) -> None:
        def load() -> State:
            return Match.from_json(parse_document(doc, "save file") if as_text else doc).state

        self.loads(what, load, must_refuse=must_refuse, limit=self.time_limit * 3)

    def same_in_another_process(self, runs: list[dict[str, Any]]) -> None:
        """Replay every checked game in a fresh Python process: the same digests, byte for byte."""
        self.where = f"{self.game.name} in another process"
        payload = json.dumps({"game": self.game.name, "runs": [
            {"options": r["options"], "seed": r["seed"], "actions": r["actions"]} for r in runs]})
        done = subprocess.run([sys.executable, "-m", "outlast.testing.replay"], input=payload, text=True,
                              capture_output=True, timeout=600, check=False)
        if done.returncode != 0:
            self.fail(f"the replay process failed: {done.stderr[-400:]}")
            return
        digests = json.loads(done.stdout)
        for run, digest in zip(runs, digests, strict=True):
            if digest != run["digest"]:
                self.fail(f"seed {run['seed']} {run['options']} ends differently in another process")


class _Corrupted(Exception):
    """A refused input changed the state: stop trying more on this position."""


class _Unusable(Exception):
    """A loaded state that cannot be used."""


def _observe_json(state: State, seat: int | None) -> str:
    return json.dumps(state.observe(seat), allow_nan=False)


def _safe_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return type(value).__name__
    return text if len(text) < 60 else text[:57] + "..."
