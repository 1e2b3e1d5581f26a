"""Fuji hardening (issue #10): whatever a door, a bot or a file hands the engine, it answers with a typed
error (`IllegalAction`, `SaveError`, `ChatRefused` — all `OutlastError`) and changes nothing, or it works.

Each test here failed on commit 08d2674 (a `StopIteration`, `TypeError`, `OverflowError`, a hang, a
wrong §, or a quiet success) unless its docstring says it is a guard for a property that already held.
The states are real games: played from seeds by random legal choices (fuji_helpers), never built by hand.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuji_helpers import CARDS, GAME, SKILLS
from outlast.core import CHANCE, IllegalAction, OutlastError, SaveError
from outlast.games.fuji.actions import HINT_LEVELS, INJURY_IDS, FujiAction
from outlast.games.fuji.state import FujiState


def blob(state: FujiState) -> str:
    """The whole state as canonical JSON: equal blobs mean byte-identical states."""
    return json.dumps(state.to_json(), sort_keys=True)


def walk(opts: dict[str, Any], seed: int, steps: int, policy: int = 0) -> FujiState:
    """A real game after `steps` actions: random legal choices (policy seed), chance from the state's RNG."""
    state = GAME.new_game(seed=seed, **opts)
    assert isinstance(state, FujiState)
    rng = random.Random(policy)
    for _ in range(steps):
        if state.is_over():
            break
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[rng.randrange(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))])
    return state


def until(state: FujiState, done: Any, rng: random.Random, limit: int = 5000) -> FujiState:
    """Play random legal choices (preferring `ready` and `stop`, so phases pass) until `done(state)`."""
    for _ in range(limit):
        if done(state) or state.is_over():
            return state
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[rng.randrange(len(movers))]
        legal = state.legal_actions(seat)
        quick = [a for a in legal if a.verb in ("ready", "stop")]
        state.apply(quick[0] if quick and rng.random() < 0.7 else legal[rng.randrange(len(legal))])
    raise AssertionError("the game never reached the wanted position")


@cache
def positions() -> tuple[FujiState, ...]:
    """A spread of real positions: setup, chance, every phase, variants A and B, four players, the end."""
    out: list[FujiState] = []
    for i, (opts, steps) in enumerate([
        ({"players": 3}, 0), ({"players": 3}, 40), ({"players": 3}, 90), ({"players": 3}, 160),
        ({"players": 4, "level": 3}, 70), ({"players": 2, "variant": "a"}, 60),
        ({"players": 2, "variant": "b", "skills": "scout,tinkerer,equipment_manager"}, 80),
        ({"players": 3, "skills": "gatherer,buddy,equipment_manager"}, 130),
        ({"players": 3}, 5000),
    ]):
        out.append(walk(opts, seed=11 + i, steps=steps, policy=i))
    rng = random.Random(5)
    for phase in (2, 3, 4, 5):
        out.append(until(GAME.new_game(seed=40 + phase, players=3), lambda s, p=phase: s.phase == p
                         and s.to_move() != [CHANCE], rng))
    return tuple(out)


def refused(state: FujiState, call: Any, *args: Any, kind: type[Exception] = IllegalAction, **kw: Any) -> Exception:
    """Run `call(*args, **kw)`, which must raise `kind` (an OutlastError) and leave `state` byte-identical."""
    before = blob(state)
    with pytest.raises(kind) as err:
        call(*args, **kw)
    assert isinstance(err.value, OutlastError)
    assert blob(state) == before, "a refused input changed the state"
    return err.value


# ============================================================================ 1. action texts
def test_mistyped_chance_text_is_an_illegal_action__s18() -> None:
    """`place C3 zz` named no terrain card and escaped as StopIteration; it cannot be read."""
    err = refused(positions()[0], positions()[0].apply, "place C3 zz", CHANCE)
    assert "cannot read" in str(err) and "'zz'" in str(err)
    with pytest.raises(IllegalAction):
        GAME.parse_action(CHANCE, "place C3 zz")


@pytest.mark.parametrize("text", ["blah blah", "mark", "reroll x", "use", "use water", "hint threat 1 huge",
                                  "injury knee", "go meeple", "keep nothing", "", "  \t "])
def test_unreadable_text_says_how_actions_are_written_without_a_rule(text: str) -> None:
    """A typo is not a rule breach: no §, and the message shows how such an action is written.

    It used to cite a rule: `cannot read 'blah blah' (§18)`."""
    state = positions()[1]
    seat = next(s for s in state.to_move() if s != CHANCE) if state.to_move() != [CHANCE] else 0
    err = refused(state, state.apply, text, seat)
    assert isinstance(err, IllegalAction)
    assert err.rule == "", err
    assert "§" not in str(err)
    assert "write it like `" in err.reason
    assert ("cannot read" in err.reason) != ("empty" in err.reason)


def test_readable_but_illegal_action_keeps_its_reason_and_rule__s7_3() -> None:
    """`mark A1` reads fine (A1 is the volcano): it is refused for the rule it breaks, with its §."""
    rng = random.Random(1)
    state = until(GAME.new_game(seed=3, players=3), lambda s: s.phase == 2 and 0 in s.to_move(), rng)
    err = refused(state, state.apply, "mark A1", 0)
    assert isinstance(err, IllegalAction)
    assert err.rule == "§7.3" and "cannot read" not in err.reason and "reach" in err.reason


@pytest.mark.parametrize("text", ["reroll ٣", "mark C٣", "mark C²", "bars ３", "lose ¹", "roll 0:٣ 5",
                                  "go meeple ２", "use shovel 1 face ６"])
def test_digits_of_other_scripts_are_not_numbers(text: str) -> None:
    """`int("٣")` is 3 in Python: `reroll ٣` used to read as `reroll 3`. Action numbers are ASCII digits."""
    for seat in (CHANCE, 0, 1):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(seat, text)
        assert err.value.rule == ""


@pytest.mark.parametrize("text", ["bars " + "9" * 5000, "mark C" + "9" * 5000, "roll 0:1 " + "7" * 5000,
                                  "reroll " + "1 " * 3000, "mark\x00C3", "ready\x07", "go\u2028", "\x1b[2J",
                                  "ready\ud800"])
def test_huge_and_control_texts_are_refused_unread(text: str) -> None:
    for seat in (CHANCE, 0):
        with pytest.raises(IllegalAction):
            GAME.parse_action(seat, text)
    state = positions()[1]
    refused(state, state.apply, text, 0)


VERBS = ["ready", "stop", "collect", "skip", "refuse", "keep", "leave", "aside", "lend", "lose", "starts", "mark",
         "go", "hint", "give", "use", "reroll", "bars", "path", "injury", "roll", "deal", "place", "draw"]
TOKENS = [*VERBS, "meeple", "to", "from", "face", "skill", "character", "threat", "fit", "intent",
          *(w for levels in HINT_LEVELS for w in levels), *INJURY_IDS, *CARDS, *SKILLS, "li", "l07", "h1",
          "c3", "d1", "e1", "d2", "z9", "a0", "p99", "c100", "1", "2", "6", "0", "7", "0:3", "2:3", "4:6", "9:9",
          "-1", "+3", "00", "1:", ":1", "²", "٣", "３", "ⅳ", "9" * 25, "\x00", "\t", "\u2028", "ｍａｒｋ", "İ"]
WORDS = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=5),
                           st.integers(-3, 10**22).map(str)), max_size=7).map(" ".join)
TEXTS = st.one_of(WORDS, st.text(max_size=40), st.sampled_from(["", " ", "\n", "place C3 zz", "use"]))
FUZZ_TEXTS = 600


@settings(max_examples=FUZZ_TEXTS, deadline=None)
@given(text=TEXTS, which=st.integers(0, 100), seat_pick=st.integers(0, 5))
def test_fuzzed_texts_parse_or_are_refused(text: str, which: int, seat_pick: int) -> None:
    """Random words, verbs with random arguments, digits of other scripts, 25-digit numbers, control
    characters: `parse_action` gives an action or `IllegalAction`; `apply` applies it or refuses it with
    `IllegalAction` and changes nothing."""
    for seat in (CHANCE, 0, 1, 2, 3):
        try:
            act = GAME.parse_action(seat, text)
        except IllegalAction:
            continue
        assert isinstance(act, FujiAction) and act.seat == seat
        assert isinstance(str(act), str)
    pool = positions()
    state = pool[which % len(pool)].clone()
    seat = (CHANCE, 0, 1, 2, 3, state.to_move()[0] if state.to_move() else 0)[seat_pick]
    if seat >= state.seat_count():
        seat = 0
    before = blob(state)
    try:
        state.apply(text, seat)
    except IllegalAction:
        assert blob(state) == before, "a refused text changed the state"


# ============================================================================ 2. wrong types in the API
BAD_SEATS = [[0], (0,), b"0", "0", 1.0, 0.0, float("nan"), True, False, -2, 10**20, -(10**20), 10**5000, 99, None,
             {0: 0}]


@pytest.mark.parametrize("seat", BAD_SEATS + [-1], ids=lambda v: type(v).__name__ + (str(v) if not isinstance(v, int) or abs(v) < 10**30 else "-huge"))
def test_wrong_seats_are_refused_and_change_nothing(seat: Any) -> None:
    """Lists, bytes, float and bool seats, −1 and 10**20 given to the API: `IllegalAction`, nothing changed.

    `legal_actions(1.0)` used to answer from the seat-1 cache, `legal_actions(10**20)` returned [],
    `observe(-1)` showed seat −1's view, and others raised TypeError or IndexError."""
    for state in positions():
        if seat not in (None, -1):  # None asks for no seat; -1 is CHANCE, which has no legal actions
            refused(state, state.legal_actions, seat)
        if seat is not None:  # None is the public view
            refused(state, state.observe, seat)
        refused(state, state.resample, seat, random.Random(0))
        refused(state, GAME.describe_decision, state, seat, kind=OutlastError)
        refused(state, GAME.check_chat, state, seat, "good luck", kind=OutlastError)
        refused(state, GAME.evaluate, state, seat, kind=OutlastError)
        refused(state, state.apply, "ready", seat=seat)


def test_other_wrong_values_are_refused_and_change_nothing() -> None:
    for state in positions():
        for text in ([], b"ready", 3, None, {"verb": "ready"}, 2.5):
            refused(state, state.apply, text, 0)
            refused(state, GAME.check_chat, state, 0, text, kind=OutlastError)
            with pytest.raises(IllegalAction):
                GAME.parse_action(0, text)  # type: ignore[arg-type]
        for seat in (1.0, 10**20, "0", None):
            with pytest.raises(IllegalAction):
                GAME.parse_action(seat, "ready")  # type: ignore[arg-type]
        refused(state, state.resample, 0, None, kind=OutlastError)
        refused(state, GAME.check_chat, object(), 0, "hi", kind=OutlastError)


def junk_actions(state: FujiState) -> list[FujiAction]:
    """`FujiAction` objects the kernel lets through (its class, a real seat) holding junk fields."""
    seats = [s for s in state.to_move() if s != CHANCE] or [0]
    out: list[FujiAction] = []
    for seat in (*seats, CHANCE):
        legal = state.legal_actions(seat) if seat != CHANCE else [o for o, _ in state.chance_outcomes()]
        verbs = sorted({a.verb for a in legal}) or ["ready", "roll"]
        for verb in (*verbs, "mark", "use", "bars", "roll", "place", "draw", "_apply", "", "skill"):
            for args in (("x",), (10**5000, 3), (10**20,), (-5, -5), (-(10**20), 1), (1.0, 2.0), (True, 1),
                         (None,), ((1, 2),), tuple(range(60)), (0, 10**20, 0, 0), (4096,), (-2,)):
                out.append(FujiAction(seat, verb, args))  # type: ignore[arg-type]
        for a in legal[:3]:
            out.append(FujiAction(seat, a.verb, list(a.args)))  # type: ignore[arg-type]
            out.append(FujiAction(seat, [a.verb], a.args))  # type: ignore[arg-type]
            out.append(FujiAction(seat, a.verb, None))  # type: ignore[arg-type]
            out.append(FujiAction(seat, a.verb, 5))  # type: ignore[arg-type]
            out.append(FujiAction(seat, a.verb, (*a.args, 10**5000), a.ids))
            for ids in (None, ("map", 5), ("x" * 5000,), ("no_such_card",) * len(a.ids or ("",)), tuple(a.ids[::-1]),
                        (*a.ids, "map")):
                if ids != a.ids:
                    out.append(FujiAction(seat, a.verb, a.args, ids))  # type: ignore[arg-type]
            if a.args:
                out.append(FujiAction(seat, a.verb, tuple(float(x) for x in a.args)))  # type: ignore[misc]
    return out


def test_junk_action_objects_are_refused_and_change_nothing() -> None:
    """A `FujiAction` with junk fields (text or huge ids, negative numbers, a list for args, a float face)
    is refused by the legality check with `IllegalAction`: never TypeError, OverflowError, IndexError or
    ValueError (a 5,000-digit int has no `str` in Python 3.11), and never applied."""
    count = 0
    for state in positions():
        for act in junk_actions(state):
            refused(state, state.apply, act)
            assert isinstance(str(act), str)  # messages quote it: its text never raises
            count += 1
    assert count > 1500


# ============================================================================ 3. state documents
HUGE = 10**20


def _retypes(value: Any) -> list[Any]:
    """The same value in the wrong clothes, and numbers pushed out of every range."""
    out: list[Any] = [None, True, "x", str(value)[:30], [value], {"v": value}, 1.5, float("inf"), float("nan")]
    if type(value) is int:
        out += [HUGE, -1, -HUGE, value + 1, value - 1, 2**64, float(value), 10**5000]
    if isinstance(value, list):
        out += [value[:-1], value + value[-1:], value + [0], value * 3, [], value[::-1], tuple(value)]
        if value and isinstance(value[0], list):
            out += [[row[:-1] for row in value], [[*row, 0] for row in value]]
    return out


def _element_mutants(value: list[Any], rng: random.Random) -> list[list[Any]]:
    """`value` with one entry (or one entry of one row) changed to a junk or out-of-range value."""
    out = []
    junk = [HUGE, -1, -HUGE, 2**63, "x", None, 1.5, float("inf"), [], True, 63, 5, 7, 16, 99]
    for _ in range(min(6, len(value))):
        i = rng.randrange(len(value))
        row = value[i]
        if isinstance(row, list) and row:
            j = rng.randrange(len(row))
            new = [*row[:j], rng.choice(junk), *row[j + 1:]]
            out.append([*value[:i], new, *value[i + 1:]])
        elif isinstance(row, dict):
            key = rng.choice(sorted(row))
            out.append([*value[:i], {**row, key: rng.choice(junk + [{"x": 1}, [1], 10**5000])}, *value[i + 1:]])
            out.append([*value[:i], {k: v for k, v in row.items() if k != key}, *value[i + 1:]])
        else:
            out.append([*value[:i], rng.choice(junk), *value[i + 1:]])
            out.append([*value[:i], (row + rng.choice((1, 2, -1, 6, 8, 64))) if type(row) is int else 0,
                        *value[i + 1:]])
    return out


def mutants(doc: dict[str, Any], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """Every field of `doc` dropped, swapped with another field's value, retyped, enlarged to 10**20 or -1,
    resized, and some of its entries changed; the options too. Each with a label for the failure message."""
    out: list[tuple[str, dict[str, Any]]] = []
    keys = sorted(doc)
    for key in keys:
        value = doc[key]
        out.append((f"drop {key}", {k: v for k, v in doc.items() if k != key}))
        for other in rng.sample(keys, 4):
            if other != key:
                out.append((f"{key} = {other}'s value", {**doc, key: doc[other]}))
        for bad in _retypes(value):
            out.append((f"{key} = {shown_value(bad)}", {**doc, key: bad}))
        if isinstance(value, list) and value:
            for bad in _element_mutants(value, rng):
                out.append((f"{key} entry changed", {**doc, key: bad}))
        if isinstance(value, dict):
            for sub in sorted(value):
                out.append((f"drop {key}.{sub}", {**doc, key: {k: v for k, v in value.items() if k != sub}}))
                for bad in _retypes(value[sub])[:12]:
                    out.append((f"{key}.{sub} = {shown_value(bad)}", {**doc, key: {**value, sub: bad}}))
    out.append(("unknown field", {**doc, "cheat": 1}))
    return out


def shown_value(value: Any) -> str:
    return "a huge int" if type(value) is int and abs(value) > 10**30 else repr(value)[:40]


def works(state: FujiState, rng: random.Random, steps: int = 40) -> None:
    """An accepted document is a working state: it round-trips, every seat can observe it, and play goes on
    (someone can act, chance has outcomes summing to 1, a legal action applies)."""
    text = blob(state)
    again = GAME.load_state(json.loads(text))
    assert blob(again) == text, "an accepted document does not round-trip"
    for seat in (None, *range(state.seat_count())):
        json.dumps(state.observe(seat))
    for _ in range(steps):
        if state.is_over():
            state.outcome()
            return
        movers = state.to_move()
        assert movers, "nobody can act and the game is not over"
        if movers == [CHANCE]:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply(state.sample_chance())
            continue
        seat = movers[rng.randrange(len(movers))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} may act but has no legal action"
        GAME.describe_decision(state, seat)
        state.apply(legal[rng.randrange(len(legal))])


@cache
def documents() -> tuple[dict[str, Any], ...]:
    """Documents of real games in the middle of play: setup, every phase, every player count and variant."""
    out = [json.loads(json.dumps(s.to_json())) for s in positions()]
    rng = random.Random(9)
    for i in range(8):
        players = (2, 3, 4)[i % 3]
        opts: dict[str, Any] = {"players": players, "level": 1 + i % 4, "scenario": str(1 + i % 7),
                                "extra_thrill": i % 2 == 0}
        if players == 2:
            opts["variant"] = "ab"[i % 2]
        out.append(json.loads(json.dumps(walk(opts, seed=100 + i, steps=rng.randrange(10, 400), policy=i).to_json())))
    return tuple(out)


MUTATED: list[int] = []


@pytest.mark.timeout(600)
@pytest.mark.parametrize("which", range(21))
def test_mutated_documents_are_refused_or_work(which: int) -> None:
    """Take a document of a real position and mutate every field (drop it, swap it with another field's
    value, enlarge numbers to 10**20 or -1, retype it to text, a list, a float, None or a bool, change list
    lengths, change single entries): `load_state` raises `SaveError`, or gives a state that round-trips and
    plays on. Nothing else escapes and nothing hangs.

    On 08d2674 `bars = 10**20` loaded and then hung listing 10**20 actions, a chance item could leave a
    state where nothing can be applied, and Infinity in a chance item raised OverflowError."""
    docs = documents()
    doc = docs[which % len(docs)]
    assert blob(GAME.load_state(doc)) == json.dumps(doc, sort_keys=True)
    rng = random.Random(which)
    accepted = 0
    cases = mutants(doc, rng)
    for label, bad in cases:
        try:
            state = GAME.load_state(bad)
        except SaveError as err:
            assert str(err), label
            continue
        except Exception as exc:  # pragma: no cover - the failure message names the mutation
            raise AssertionError(f"{label}: {type(exc).__name__}: {exc}") from exc
        accepted += 1
        try:
            works(state, random.Random(accepted))
        except Exception as exc:  # pragma: no cover
            raise AssertionError(f"{label} was accepted but does not work: {type(exc).__name__}: {exc}") from exc
    assert len(cases) > 500
    MUTATED.append(len(cases))


@pytest.mark.timeout(60)
def test_state_document_faults_name_their_field() -> None:
    """The cases of issue #10, each refused with a SaveError that names the field."""
    doc = documents()[2]
    for field, value in (("power_bars", [HUGE] * len(doc["power_bars"])),
                         ("chance", [{"kind": "deal skill", "meeple": float("inf")}]),
                         ("chance", [{"kind": "roll", "die": 10**5000}]), ("rng_state", float("inf")),
                         ("stamina", [-1] * 3), ("decisions", [{"kind": "lose die", "seat": 0, "meeple": 9}]),
                         ("die_face", {die: 7 for die in doc["die_face"]}), ("events", [{"kind": 1}])):
        with pytest.raises(SaveError) as err:
            GAME.load_state({**doc, field: value})
        assert f"'{field}" in str(err.value), (field, str(err.value))


# ============================================================================ 4. resample
def test_resampled_copies_draw_their_own_chance() -> None:
    """A determinization's next chance outcome is drawn from the `rng` given to `resample`, not the real
    RNG: over 100 copies it equals the real next roll about one time in six.

    A guard: Fuji's resample already drew the copy's RNG from `rng` on 08d2674."""
    rng = random.Random(3)
    for seed, phase, opts in ((21, 3, {"players": 3}), (22, 1, {"players": 4}), (23, 5, {"players": 2})):
        state = until(GAME.new_game(seed=seed, **opts), lambda s, p=phase: s.phase == p
                      and s.to_move() == [CHANCE] and s.chance[0][0] == 4, rng)
        assert not state.is_over()
        true = state.sample_chance()
        for seat in range(state.seat_count()):
            same = sum(state.resample(seat, random.Random(1000 * seat + k)).sample_chance() == true
                       for k in range(100))
            assert same <= 35, (seed, seat, same)  # 100 rolls of 1/6: mean 17, sd 3.7


def test_resample_redraws_another_seats_hidden_reroll_choice__s8_3() -> None:
    """§8.3: rerolls are chosen behind the screens. That seat 1 rerolls (rather than stops) is public,
    but which dice it chose is not: a determinization for seat 0 draws them again, consistently (a
    non-empty set of dice seat 1 may reroll). On 08d2674 every copy kept seat 1's true choice."""
    rng = random.Random(8)
    for seed in range(30, 60):
        state = until(GAME.new_game(seed=seed, players=3), lambda s: s.phase == 3 and 0 in s.to_move()
                      and 1 in s.to_move(), rng)
        rerolls = [a for a in state.legal_actions(1) if a.verb == "reroll" and len(a.args) == 2]
        if rerolls:
            break
    state.apply(rerolls[0])
    h = next(h for h, hand in enumerate(state.table.hands) if hand[2] == 1)
    true = state.reroll_choice[h]
    before = blob(state)
    choices = []
    for k in range(100):
        copy = state.resample(0, random.Random(k))
        assert copy.observe(0) == state.observe(0)
        choices.append(copy.reroll_choice[h])
        assert copy.reroll_choice[h] > 0
        assert all(copy.die_in_play[d] and d // 6 == 1 for d in range(copy.table.dice) if copy.reroll_choice[h] >> d & 1)
    assert blob(state) == before
    assert sum(c == true for c in choices) < 20, "a determinization must not know which dice seat 1 chose"
    assert len(set(choices)) > 10
    own = state.resample(1, random.Random(0))
    assert own.reroll_choice[h] == true, "a seat knows its own choice"


# ============================================================================ 6. every game ends
def _phase2(opts: dict[str, Any], seed: int) -> FujiState:
    return until(GAME.new_game(seed=seed, **opts), lambda s: s.phase == 2 and 0 in s.to_move(), random.Random(seed))


def test_a_seat_moves_placed_markers_at_most_100_times_per_phase_2__s7_3() -> None:
    """§7.3 lets markers move freely until phase 3; decision 0011 bounds it at 100 moves of a placed marker per
    seat and phase 2, so phase 2 always ends. Placing a marker is free; the 101st move is refused with its
    reason and "§7.3, decision 0011"; `remarks_left` and the decision text count down; the next phase 2
    starts again at 100. On 08d2674 the 101st move was accepted (the first-legal-action player never ended)."""
    state = _phase2({"players": 3}, seed=7)
    assert state.observe(0)["remarks_left"] == [100, 100, 100]
    cells = [a.args[1] for a in state.legal_actions(0) if a.verb == "mark"][:2]
    names = [str(a).split()[1] for a in state.legal_actions(0) if a.verb == "mark"][:2]
    state.apply(f"mark {names[0]}", 0)  # placing: not a move
    assert state.observe(0)["remarks_left"][0] == 100
    for k in range(100):
        state.apply(f"mark {names[(k + 1) % 2]}", 0)
        assert state.observe(1)["remarks_left"][0] == 99 - k
        if k == 98:
            assert "may move 1 more time this phase, decision 0011" in GAME.describe_decision(state, 0)
    assert "stay where they are" in GAME.describe_decision(state, 0)
    assert not [a for a in state.legal_actions(0) if a.verb == "mark"]
    err = refused(state, state.apply, f"mark {names[1]}", 0)
    assert isinstance(err, IllegalAction) and err.rule == "§7.3, decision 0011"
    assert "100 times" in err.reason and names[0] in err.reason
    assert state.destination[0] == cells[0]
    assert [a for a in state.legal_actions(0) if a.verb == "ready"], "the seat can still end its phase 2"
    assert [a for a in state.legal_actions(1) if a.verb == "mark"], "other seats keep their own count"
    rng = random.Random(1)
    until(state, lambda s: s.phase == 3, rng)
    assert state.observe(0)["remarks_left"] == [100, 100, 100]
    until(state, lambda s: s.phase == 2 and not s.is_over(), rng)
    if not state.is_over():
        assert state.observe(0)["remarks_left"] == [100, 100, 100]


def test_an_unplaced_marker_may_still_be_placed_after_the_limit__s7_3() -> None:
    """Variant B: seat 0 moves meeple 0's marker 100 times; the third meeple's marker, not yet placed, may
    still be placed (decision 0011 counts moves, never placements), so seat 0 can always get ready."""
    state = _phase2({"players": 2, "variant": "b"}, seed=3)
    names = [str(a).split()[1] for a in state.legal_actions(0) if a.verb == "mark" and a.args[0] == 0][:2]
    for k in range(101):
        state.apply(f"mark {names[k % 2]}", 0)
    assert state.remarks[0] == 100
    third = [a for a in state.legal_actions(0) if a.verb == "mark"]
    assert third and all(a.args[0] == 2 for a in third)
    state.apply(third[0])
    assert not [a for a in state.legal_actions(0) if a.verb == "mark"]


CONFIGS = [{"players": 2, "variant": "a"}, {"players": 2, "variant": "b"}, {"players": 3}, {"players": 4}]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("opts", CONFIGS, ids=lambda o: f"{o['players']}{o.get('variant', '')}")
@pytest.mark.parametrize("policy", ["first", "last"])
def test_first_and_last_legal_action_players_end_every_game(opts: dict[str, Any], policy: str) -> None:
    """The README's API example (always the first legal action, of the first seat that may act) and its
    mirror (the last action of the last seat) finish a game at every player count and variant, every
    scenario, level, with and without Extra thrill. On 08d2674 the first-action player re-marked for ever
    in phase 2 (its event log grew to 24 GB)."""
    for scenario in range(1, 8):
        for thrill in (False, True):
            seed = scenario * 10 + thrill
            state = GAME.new_game(seed=seed, scenario=str(scenario), level=1 + seed % 4, extra_thrill=thrill, **opts)
            steps = 0
            while not state.is_over():
                assert steps < 20_000, f"scenario {scenario}, thrill {thrill}: no end after {steps} actions"
                movers = state.to_move()
                if movers == [CHANCE]:
                    state.apply(state.sample_chance())
                else:
                    seat = movers[0] if policy == "first" else movers[-1]
                    legal = state.legal_actions(seat)
                    state.apply(legal[0] if policy == "first" else legal[-1])
                steps += 1
            assert len(state.outcome().seats) == state.seat_count()


# ============================================================================ 8. found by check_game
def test_a_game_lost_in_phase_6_with_a_lost_die_away_round_trips__s10_8() -> None:
    """§10.8: a die lost to a leg injury leaves at the end of phase 5 wherever it is (here lent or set
    aside), and goes home only in phase 6's cleanup (§11.5). A game lost in phase 6 keeps it away, and its
    document must load. Found by `outlast.testing.check_game` (the always-first-action player)."""
    state = GAME.new_game(seed=1000611, players=2, scenario="2")
    while not state.is_over():
        movers = state.to_move()
        state.apply(state.sample_chance() if movers == [CHANCE] else state.legal_actions(movers[0])[0])
    assert state.phase == 6 and any(not state.die_in_play[d] and state.die_holder[d] != d // 6 for d in range(state.table.dice))
    assert blob(GAME.load_state(json.loads(blob(state)))) == blob(state)
    for seat in range(state.seat_count()):
        copy = state.resample(seat, random.Random(seat))
        assert blob(GAME.load_state(json.loads(blob(copy)))) == blob(copy)
