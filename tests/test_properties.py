"""Whole-game property tests (style.md: OpenSpiel random_sim_test, TAG ForwardModelTester).

Thousands of games over every option (players 2–4, variants A/B, levels, scenarios, Extra thrill,
random or chosen skills and characters) check the kernel contract at every step:

- `to_move()` is non-empty until the game is over, every mover has a legal action, and every
  legal action applies; chance outcomes are probabilities summing to 1;
- a sampled illegal action (another seat's, a mutated one, one from another phase, garbage text)
  raises IllegalAction and changes nothing;
- `clone()` is independent of the original and evolves identically;
- `to_json` → JSON text → `load_state` round-trips;
- same seed + same action texts ⇒ the same game;
- `observe(s)` is unchanged by `resample(s, rng)` and never shows a die face `s` has not seen;
- rule invariants: stamina and lava only grow, villages never flip (§2.3), neighbours never share a
  marker and markers are in reach when they bind (§7.3), a victory has every meeple in a village (§12.2).

Games are played by a mix of uniformly random choices and an omniscient "progress" policy (it reads
every die to pick winning destinations), so the suite also reaches injuries, exhaustion and victories.
Size: FUJI_GAMES (sweep, default 2000 games), FUJI_HEAVY_EXAMPLES (default 25 per player-count group)
and FUJI_LEGAL_EXAMPLES (default 40) scale it; the default is about five CPU-minutes (the whole-game checks at every
step cost about 2 s a game: raise FUJI_HEAVY_EXAMPLES for a deeper run). Failing whole games are not shrunk: the options, seed and policy seed are
printed, and `play(...)` replays them.
"""

from __future__ import annotations

import json
import os
import random
from collections import deque
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from fuji_helpers import CHARACTERS, GAME, SKILLS
from outlast import CHANCE, IllegalAction
from outlast.games.fuji.actions import FujiAction
from outlast.games.fuji.board import distance, is_open
from outlast.games.fuji.scoring import victory_points
from outlast.games.fuji.state import FujiState
from outlast.games.fuji.terms import PLAN, REROLL

C = GAME.content
SIX_DIE = [s.id for s in C.skills if s.dice == 6]
GAMES = int(os.environ.get("FUJI_GAMES", "2000"))
CHUNKS = 8


# ============================================================================ options and policies
def options_from(rng: random.Random, players: int, variant: str) -> dict[str, Any]:
    """Random but valid options for a player count and variant (§3, §13)."""
    explorers = 3 if variant == "b" else players
    opts: dict[str, Any] = {"players": players, "variant": variant, "level": rng.randint(1, 4),
                            "scenario": rng.choice([*"1234567", "random"]), "extra_thrill": rng.random() < 0.5}
    if rng.random() < 0.6:
        if variant == "b":
            third = rng.choice(SIX_DIE)
            rest = rng.sample([s for s in SKILLS if s != third], 2)
            opts["skills"] = ",".join([*rest, third])
        else:
            opts["skills"] = ",".join(rng.sample(SKILLS, explorers))
    if rng.random() < 0.3:
        opts["characters"] = ",".join(rng.sample(CHARACTERS, explorers))
    return opts


@st.composite
def game_options(draw: Any, counts: tuple[int, ...] = (2, 3, 4)) -> dict[str, Any]:
    players = draw(st.sampled_from(counts))
    variant = draw(st.sampled_from(["a", "b"])) if players == 2 else "auto"
    return options_from(random.Random(draw(st.integers(0, 2**32))), players, variant)


def _village_distance(s: FujiState) -> dict[int, int]:
    b = s.table.board
    dist = dict.fromkeys(b.villages, 0)
    todo = deque(b.villages)
    while todo:
        c = todo.popleft()
        for n in b.adjacent[c]:
            if n not in dist and is_open(b, s.lava, n):
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def pick(s: FujiState, seat: int, rng: random.Random, progress: bool) -> FujiAction:
    """A legal action: uniform, or (progress) omniscient marks toward the village and quick readiness."""
    legal = s.legal_actions(seat)
    if not progress or rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    plain = [a for a in legal if a.verb != "hint"] or legal
    marks = [a for a in plain if a.verb == "mark"]
    if marks and s.destination[marks[0].args[0]] < 0:
        e = marks[0].args[0]
        d = _village_distance(s)

        def score(a: FujiAction) -> tuple[bool, int, int]:
            card = s.card_at[a.args[1]]
            own = s.value(e, card)
            best = max((s.value(n, card) for n in s.table.neighbours[e]), default=0)
            return own > best, -d.get(a.args[1], 99), own - best

        return max(marks, key=score)
    for verb in ("ready", "stop", "collect"):
        acts = [a for a in plain if a.verb == verb]
        if acts and rng.random() < 0.8:
            return acts[0]
    return plain[rng.randrange(len(plain))]


# ============================================================================ invariants
class Watch:
    """Rule invariants tracked across one game (§2.3, §7.3, §10.5, §11, §12.2)."""

    def __init__(self, s: FujiState) -> None:
        self.lava = s.lava
        self.stamina = list(s.stamina)
        self.events = 0
        self.phase = s.phase
        b = s.table.board
        self.villages = sum(1 << v for v in b.villages)
        self.markers = list(s.destination)

    def check(self, s: FujiState) -> None:
        t = s.table
        assert s.lava & self.lava == self.lava, "lava never turns back"
        assert not s.lava & self.villages, "village cards never flip (§2.3)"
        assert all(a >= b for a, b in zip(s.stamina, self.stamina, strict=True)), "stamina only goes down (§10.5)"
        assert all(0 <= x <= C.exhaustion for x in s.stamina)
        assert len(s.events) >= self.events, "the event log is append-only"
        if self.phase == PLAN and s.phase == REROLL:  # markers just became binding (§7.3)
            for e in range(t.explorers):
                d = distance(t.board, s.lava, s.position[e], s.destination[e])
                assert 0 <= d <= s.allowance(e), f"marker of meeple {e} out of reach at lock ({d})"
                for n in t.neighbours[e]:
                    if n < t.explorers and s.destination[n] == s.destination[e]:
                        # only a meeple that could place no marker at all stays where it is and may
                        # meet a neighbour's marker there (nothing else is reachable: a gap of §7.3)
                        forced = [x for x in (e, n) if self.markers[x] < 0 and s.destination[x] == s.position[x]]
                        assert forced, "neighbours share a destination (§7.3)"
        if s.is_over():
            out = s.outcome()
            assert len(out.seats) == t.seats
            if out.won:
                assert all(t.board.is_village(p) for p in s.position), "victory with a meeple outside (§12.2)"
                assert out.details["victory_points"] == victory_points(s)
            assert s.to_move() == []
        self.lava, self.stamina, self.events, self.phase = s.lava, list(s.stamina), len(s.events), s.phase
        self.markers = list(s.destination)


def _illegal_candidates(s: FujiState, seat: int | None, act: FujiAction, pool: list[FujiAction],
                        rng: random.Random) -> list[FujiAction | tuple[int, str]]:
    """Actions that should be refused now: other seats', mutated, from another phase, garbage text."""
    out: list[FujiAction | tuple[int, str]] = []
    movers = s.to_move()
    for other in range(s.table.seats):
        if other in movers and other != seat:
            for a in s.legal_actions(other)[:3]:
                out.append(FujiAction(seat if seat is not None else 0, a.verb, a.args, a.ids))
            break
    if act.args:
        i = rng.randrange(len(act.args))
        out.append(FujiAction(act.seat, act.verb, act.args[:i] + (act.args[i] + rng.choice((1, 7, -2)),) +
                              act.args[i + 1:], act.ids))
    if act.ids:
        out.append(FujiAction(act.seat, act.verb, act.args, (*act.ids[:-1], "no_such_card")))
    out.append(FujiAction(act.seat, act.verb, (*act.args, 1), act.ids))
    if pool:
        out.append(pool[rng.randrange(len(pool))])
    out.append((act.seat, rng.choice(["", "fly away", "mark Q77", "reroll 9", "use nothing", "bars lots"])))
    return out


def _is_legal(s: FujiState, a: FujiAction) -> bool:
    if a.seat == CHANCE:
        return any(o == a for o, _ in s.chance_outcomes())
    return a.seat in s.to_move() and a in s.legal_actions(a.seat)


def heavy_checks(s: FujiState, act: FujiAction, rng: random.Random, pool: list[FujiAction]) -> None:
    """Every contract check at one state, before `act` is applied to it."""
    doc = s.to_json()
    text = json.dumps(doc)
    back = GAME.load_state(json.loads(text))
    assert back.to_json() == doc, "to_json → load_state must round-trip"
    assert back.to_move() == s.to_move()

    # clone: independent of the original, and evolves like it
    c = s.clone()
    c.apply(act)
    assert s.to_json() == doc, "applying to a clone changed the original"
    after = s.clone()
    after.apply(act)
    assert after.to_json() == c.to_json()

    # a sampled illegal action is refused and changes nothing
    seat = act.seat if act.seat != CHANCE else None
    for cand in _illegal_candidates(s, seat, act, pool, rng):
        if isinstance(cand, tuple):
            who, words = cand
            with pytest.raises(IllegalAction):
                s.apply(words, who if who != CHANCE else 0)
        elif not _is_legal(s, cand):
            with pytest.raises(IllegalAction) as info:
                s.apply(cand)
            assert info.value.reason
        assert s.to_json() == doc, f"a refused action changed the state: {cand}"

    # information: resampling what a seat cannot know never changes what it sees
    view_seat = rng.randrange(s.table.seats)
    view = s.observe(view_seat)
    assert json.loads(json.dumps(view)) == view, "observe must be JSON-safe"
    bit = 1 << view_seat
    for ex in view["meeples"]:
        for d in ex["dice"]:
            e, k = (int(x) for x in d["die"].split(":"))
            i = e * 6 + k - 1
            if not s.die_seen_by[i] & bit and s.die_seen_by[i] != s.table.all_seats:
                assert "value" not in d, f"seat {view_seat} sees hidden die {d['die']}"
    r1 = s.resample(view_seat, random.Random(rng.random()))
    r2 = s.resample(view_seat, random.Random(rng.random()))
    assert r1.observe(view_seat) == view == r2.observe(view_seat), "observe changed under resample"
    assert s.to_json() == doc, "resample changed the original"
    assert r1.to_move() == s.to_move()
    if view_seat in s.to_move():
        assert [str(a) for a in r1.legal_actions(view_seat)] == [str(a) for a in s.legal_actions(view_seat)], \
            "a seat's legal actions depend on what it cannot know"
    for _ in range(3):  # the resampled state plays on
        if r1.is_over():
            break
        movers = r1.to_move()
        if movers == [CHANCE]:
            r1.apply(r1.sample_chance())
        else:
            legal = r1.legal_actions(movers[0])
            r1.apply(legal[rng.randrange(len(legal))])


def play(opts: dict[str, Any], seed: int, rng: random.Random, heavy: bool, all_actions: float = 0.0,
         max_steps: int = 6000) -> tuple[FujiState, list[FujiAction]]:
    """Play one game, checking the contract at every step; returns the final state and its action log."""
    s = GAME.new_game(seed=seed, **opts)
    assert isinstance(s, FujiState)
    progress = rng.random() < 0.6
    watch = Watch(s)
    log: list[FujiAction] = []
    pool: list[FujiAction] = []
    for _ in range(max_steps):
        if s.is_over():
            break
        movers = s.to_move()
        assert movers, "to_move() is empty before the game is over"
        if movers == [CHANCE]:
            outs = s.chance_outcomes()
            assert outs and abs(sum(p for _, p in outs) - 1) < 1e-9
            act = s.sample_chance()
            assert isinstance(act, FujiAction)
        else:
            assert CHANCE not in movers
            seat = movers[rng.randrange(len(movers))]
            legal = s.legal_actions(seat)
            assert legal, f"seat {seat} may act but has no legal action"
            act = pick(s, seat, rng, progress)
            if all_actions and rng.random() < all_actions:
                for a in rng.sample(legal, min(len(legal), 60)):
                    s.clone().apply(a)  # every legal action applies
            if len(pool) < 200 and rng.random() < 0.2:
                pool.append(act)
        if heavy:
            heavy_checks(s, act, rng, pool)
        s.apply(act)
        log.append(act)
        watch.check(s)
    assert s.is_over(), "the game did not end"
    return s, log


# ============================================================================ the tests
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)  # a whole game shrinks slowly; the seed is reported


HEAVY = int(os.environ.get("FUJI_HEAVY_EXAMPLES", "25"))


def _contract_game(opts: dict[str, Any], seed: int, policy: int) -> None:
    s, log = play(opts, seed, random.Random(policy), heavy=True, all_actions=0.05)
    again = GAME.new_game(seed=seed, **opts)
    for a in log:
        again.apply(str(a), a.seat)
    assert again.to_json() == s.to_json(), "same seed + same actions must give the same game"


@settings(max_examples=HEAVY, deadline=None, phases=NO_SHRINK)
@given(opts=game_options((2,)), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_every_step_keeps_the_contract_two_players(opts: dict[str, Any], seed: int, policy: int) -> None:
    """Variants A and B (§13): every check at every step, then a replay by text gives the same game."""
    _contract_game(opts, seed, policy)


@settings(max_examples=HEAVY, deadline=None, phases=NO_SHRINK)
@given(opts=game_options((3, 4)), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_every_step_keeps_the_contract_three_and_four_players(opts: dict[str, Any], seed: int,
                                                                policy: int) -> None:
    """3 and 4 players (§3.5, §3.7): every check at every step, then a replay by text gives the same game."""
    _contract_game(opts, seed, policy)


@settings(max_examples=int(os.environ.get("FUJI_LEGAL_EXAMPLES", "40")), deadline=None, phases=NO_SHRINK)
@given(opts=game_options(), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_every_legal_action_applies(opts: dict[str, Any], seed: int, policy: int) -> None:
    """At a third of the decision points, every legal action (up to 60 sampled) applies to a copy."""
    play(opts, seed, random.Random(policy), heavy=False, all_actions=0.33)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_thousands_of_games_never_crash(chunk: int) -> None:
    """A deterministic sweep over seeds and every option combination (cheap checks at every step)."""
    combos = [(p, v) for p in (2, 3, 4) for v in (("a", "b") if p == 2 else ("auto",))]
    per = GAMES // CHUNKS
    outcomes = {"won": 0, "lava": 0, "exhausted": 0}
    for n in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(n)
        players, variant = combos[n % len(combos)]
        opts = options_from(rng, players, variant)
        s, _ = play(opts, n, rng, heavy=False)
        out = s.outcome()
        key = "won" if out.won else "exhausted" if "exhausted" in out.details["reason"] else "lava"
        outcomes[key] += 1
    assert outcomes["lava"] > 0 and sum(outcomes.values()) == per


def test_the_sweep_reaches_every_ending() -> None:
    """The policies reach victory, lava and exhaustion, so the sweep exercises the whole rulebook."""
    seen: set[str] = set()
    for n in range(400):
        rng = random.Random(10_000 + n)
        opts = options_from(rng, 3, "auto")
        opts["level"] = 1 if n % 2 else 4
        s, _ = play(opts, n, rng, heavy=False)
        out = s.outcome()
        seen.add("won" if out.won else "exhausted" if "exhausted" in out.details["reason"] else "lava")
        if len(seen) == 3:
            break
    assert seen == {"won", "lava", "exhausted"}
