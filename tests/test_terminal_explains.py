"""A terminal that explains (issue 26 §3): English without slips in every text a player reads, a Discover screen
that shows every dealt character and a fight as people read one, Fuji's decisions that say why and what, Robinson's
examples taken from the legal actions, each stamina cost and extra meal in the log, and number options that say
their range. Log lines worded otherwise than before keep old saves loading (`Game.earlier_wordings`)."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from outlast.core import CHANCE, Match, OptionError, State, load_game
from outlast.core.formats import Reworded
from outlast.core.words import article, count, plural, then_join
from outlast.games.discover.render import combat_lines

SAVES = Path(__file__).parent / "saves"

SLIPS = (
    re.compile(r"\b1 dice\b"),
    re.compile(r"\b[Aa] (?!one\b|once\b|use\b|unique|usual|Euro)[AEIOUaeiou][\w-]*"),
    re.compile(r"\b[Aa]n (?!hour|honest)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z][\w-]*"),
    re.compile(r"\bThen (The|A|An|Each|Every|Your|All|Gain|Draw|Take|Shuffle|Heal|Unless|If)\b"),
)
"""Slips of article and capital: "1 dice", "A Adventure", "an beast", "Then The acting player"."""
COUNTED = re.compile(r"(?:^|(?<=[\s(]))1 ([a-z]+s)\b")
"""`1 spaces`: a count of one before a plural (after a label such as `seat`, `meeple` or a name it is a number,
not a count: `Seat 1 sleeps` is a sentence)."""
NOT_COUNTS = {"is", "was", "has", "does", "plus", "minus", "always", "sickness"}
LABELS = re.compile(r"(?:seat|meeple|die|dist|threat|round|day|night|stage|level|tile|pile|scenario|step|of|[A-Z]\w*"
                    r"|[\d:]+) $")


def slips_in(text: str) -> list[str]:
    """The grammar slips in a text (each with a little context)."""
    found = [m.group(0) for rx in SLIPS for m in rx.finditer(text)]
    for m in COUNTED.finditer(text):
        before = text[max(0, m.start() - 30):m.start()]
        if m.group(1) not in NOT_COUNTS and not LABELS.search(before):
            found.append(before[-12:] + m.group(0))
    return found


def screen(game: Any, state: State, seat: int, full: bool = False) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(game.render(state, seat, full=full))
    return buffer.getvalue()


def random_play(name: str, seed: int, visit: Any = None, limit: int = 2500, **options: Any) -> State:
    """A random game of `name` (chance drawn with its odds); `visit(state, seat)` before each seat's move."""
    game, rng = load_game(name), random.Random(seed)
    state = game.new_game(seed=seed, **options)
    for _ in range(limit):
        if state.is_over():
            break
        seat = state.to_move()[0]
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            if visit is not None and visit(state, seat):
                return state
            action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat=seat)
    return state


# --- one helper for plurals and articles ---------------------------------------------------------------
def test_words_agree_with_their_count_and_article() -> None:
    assert [count(n, "space") for n in (0, 1, 2)] == ["0 spaces", "1 space", "2 spaces"]
    assert count(1, "dice") == "1 die" and count(3, "die") == "3 dice" and count(2, "copy") == "2 copies"
    assert plural("food", 3) == "food" and plural("decision") == "decisions"
    assert article("Adventure", capital=True) == "An Adventure" and article("extra-pawn") == "an extra-pawn"
    assert article("Beast Strength") == "a Beast Strength" and article("+1 wood", capital=True) == "A +1 wood"
    assert then_join(["Gain 2 food.", "The acting player takes 1 Wound.", "Morale +1."]) == \
        "Gain 2 food. Then the acting player takes 1 Wound. Then Morale +1."


def test_the_slip_scanner_finds_the_slips_it_is_for() -> None:
    for slip in ("seat 0 rerolls 1 dice", "A Adventure token goes on explore", "Then The acting player heals",
                 "puts a an extra-pawn token", "1 projects in hand", "after 1 copies", "1 decisions searched"):
        assert slips_in(slip), slip
    for fine in ("Seat 1 sleeps and gains 6 stamina", "meeple 1 keeps Compass", "0:1 shows P4", "an Adventure",
                 "1 of 1 meals served", "threat 1 serious", "Red 1 does not reach attack 6", "a one-time use"):
        assert not slips_in(fine), fine


@pytest.mark.parametrize("name", ["fuji", "robinson", "discover"])
def test_no_grammar_slips_in_the_logs_prompts_and_screens_of_random_games(name: str) -> None:
    """Every log line, decision text and screen (compact and full, now and then) of random games, for every seat."""
    game = load_game(name)
    found: dict[str, str] = {}

    def look(text: str, where: str) -> None:
        for slip in slips_in(text):
            found.setdefault(slip, f"{where}: {next((ln for ln in text.splitlines() if slip[-8:] in ln), text)[:160]}")

    for seed in range(5):
        steps = [0]

        def visit(state: State, seat: int, steps: list[int] = steps) -> bool:
            look(game.describe_decision(state, seat), "decision")
            steps[0] += 1
            if steps[0] % 40 == 1:
                look(screen(game, state, seat, full=steps[0] % 80 == 1), "screen")
            return False

        players = random.Random(seed).choice(list(game.players))
        state = random_play(name, seed, visit, players=players)
        for seat in (None, *range(players)):
            for event in state.visible_events(seat):
                look(event.text, "log")
    assert not found, "grammar slips:\n" + "\n".join(f"{k!r} in {v}" for k, v in found.items())


# --- log lines worded otherwise keep old saves loading -------------------------------------------------
def test_earlier_wordings_give_back_the_lines_old_saves_hold() -> None:
    robinson, fuji, discover = (load_game(n) for n in ("robinson", "fuji", "discover"))
    (old_robinson,), (old_fuji,), (old_discover,) = (g.earlier_wordings for g in (robinson, fuji, discover))
    assert old_robinson.line("An Adventure token goes on explore (§20).") == "A Adventure token goes on explore (§20)."
    assert old_robinson.line("Or: Gain 2 food. Then the acting player takes 1 Wound.") == \
        "Or: Gain 2 food. Then The acting player takes 1 Wound."
    assert old_fuji.line("seat 2 rerolls 1 die") == "seat 2 rerolls 1 dice"
    assert old_fuji.line("seat 2 rerolls 3 dice") == "seat 2 rerolls 3 dice"
    assert old_discover.line("Red 11, but this enemy has no attack (–): seat 0 takes no damage (§12.6).") == \
        "Red 11 does not reach attack –: seat 0 takes no damage (§12.6)."
    doc = {"events": [{"text": "Seat 0 spends 1 stamina to scout (9 left)."}, {"text": "Tile B is turned faceup."}]}
    assert old_discover.document(doc) == {"events": [{"text": "Tile B is turned faceup."}]}
    assert Reworded(()).document({"format": 2}) == {"format": 2}
    rolled = {"events": [{"kind": "roll", "text": "Gray 7.", "data": {"dice": [{"die": "gray", "face": 7}]}},
                         {"kind": "roll", "text": "Gray 3.", "data": {"seat": 1}}]}
    assert [e["data"] for e in old_discover.document(rolled)["events"]] == [{}, {"seat": 1}]  # dice were not data


def test_a_robinson_save_made_before_the_new_wording_still_loads() -> None:
    """tests/saves/robinson-v2-9d6c6f4.json was saved when the log said "A Adventure token"; its digest is of that
    text. It replays to the new wording, and its digest still matches (through the earlier wording)."""
    path = next(SAVES.glob("robinson-*.json"))
    match = Match.from_json(json.loads(path.read_text(encoding="utf-8")))
    texts = [e.text for e in match.state.visible_events(None)]
    assert any(t.startswith("An Adventure token goes on") for t in texts)
    assert not any(t.startswith("A Adventure") or "Then The" in t for t in texts)


# --- number options say their range ---------------------------------------------------------------------
def outlast_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "outlast", *args], capture_output=True, text=True, timeout=120,
                          env=env, stdin=subprocess.DEVNULL)


def test_a_number_option_says_its_range_everywhere() -> None:
    option = load_game("discover").options.get("copy")
    assert option.allowed() == "a whole number from 0 to 2**63 - 1"
    with pytest.raises(OptionError, match=r"allowed: a whole number from 0 to 2\*\*63 - 1"):
        load_game("discover").new_game(copy="abc")
    with pytest.raises(OptionError, match="allowed: a whole number from 0"):
        load_game("discover").new_game(copy=-1)
    bad = outlast_cmd("play", "discover", "--copy", "abc")
    assert bad.returncode == 2 and bad.stderr.rstrip().endswith("allowed: a whole number from 0 to 2**63 - 1")
    assert "[a whole number from 0 to 2**63 - 1]" in " ".join(outlast_cmd("play", "--help").stdout.split())
    assert re.search(r"copy +int +1 +a whole number from 0 to 2\*\*63 - 1", outlast_cmd("games").stdout)


# --- Discover ---------------------------------------------------------------------------------------------
def test_discover_compact_screen_shows_every_dealt_character_and_the_decision_once() -> None:
    game = load_game("discover")
    state = game.new_game(seed=5, players=2)
    while state.to_move() == [CHANCE]:
        state.apply(state.chance_outcomes()[0][0], seat=CHANCE)
    text = screen(game, state, 0)
    choices = state.observe(0)["survivors"][0]["character_choices"]
    assert len(choices) == 2
    for c in choices:
        assert f"{c['action']} — {c['name']}, {c['title']}: {c['text']}" in " ".join(text.split())
    decision = game.describe_decision(state, 0).split(" (§")[0]
    assert decision not in " ".join(text.split())  # the prompt below the screen says it: the screen does not


def test_discover_combat_panel_reads_as_a_fight() -> None:
    game = load_game("discover")
    seen: dict[str, str] = {}

    def visit(state: State, seat: int) -> bool:
        combat = state.observe(seat)["combat"]
        if combat and combat["mode"] == "enemy":
            key = "rolled" if combat["dice"]["gray"] else "before"
            seen.setdefault(key, screen(game, state, seat))
        return len(seen) == 2

    for seed in range(20):
        random_play("discover", seed, visit, players=3)
        if len(seen) == 2:
            break
    rolled, before = seen["rolled"], seen["before"]
    assert re.search(r"COMBAT at \w+: seat \d( \(you\))? fights .+ \(#\d+\) — health \d", rolled)
    assert re.search(r"gray \d+.* against defense \d+: (hits|misses)", rolled)
    assert re.search(r"red \d+.* against attack \d+: (hits|misses)", rolled)
    assert "or more (its defense) hurts the enemy" in before
    for dump in ("COMBAT mode", "lethal False", "stage rolled", "combatant 0", "token t", "gray_modifier"):
        assert dump not in rolled and dump not in before


def test_discover_combat_panel_for_an_enemy_without_attack_and_a_modified_die() -> None:
    view = {"seat": 1, "combat": {
        "mode": "enemy", "stage": "modify", "combatant": 0, "space": "B3",
        "dice": {"gray": 7, "red": 11, "gray_modifier": 2, "red_modifier": 0}, "support": {"1": "overpower"},
        "used": ["#93"], "enemy": {"number": 70, "name": "Boar", "defense": 8, "attack": None, "health": 3,
                                  "damage": 1, "lethal": True}}}
    text = "\n".join(line.plain for line in combat_lines(view))
    assert "seat 0 fights Boar (#70) — health 3, 1 damage taken: defeated after 2 more hits" in text
    assert "lethal: it never retreats" in text
    assert "gray 9 (rolled 7, +2) against defense 8: hits" in text
    assert "red 11: this enemy has no attack (–) and never hurts" in text
    assert "seat 1 plays overpower" in text and "used: #93" in text and "may modify the dice" in text


def test_discover_logs_what_each_action_costs_in_stamina() -> None:
    """A survivor's stamina is accounted for by its log: moves say their cost, other actions a line each (§7.1)."""
    def scouting(state: State, seat: int) -> bool:
        return any(str(a).startswith("scout ") for a in state.legal_actions(seat))

    state = random_play("discover", 3, scouting, players=1)
    seat = state.to_move()[0]
    before = state.observe(seat)["survivors"][seat]["stamina"]
    scout = next(a for a in state.legal_actions(seat) if str(a).startswith("scout "))
    state.apply(scout, seat=seat)
    texts = [e.text for e in state.visible_events(seat)]
    tile = str(scout).split()[1]
    assert f"Seat {seat} spends 1 stamina to scout tile {tile} ({before - 1} left)." in texts  # who, where, cost


def test_discover_journal_names_only_things_met_in_an_earlier_game(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The first game of a copy meets nothing "in an earlier game", however long it runs (so nothing it saw itself
    a few moves before); a second game of the same copy does."""
    from outlast.cli.session import PlaySession, SeatPlan
    from outlast.cli.terminal import Terminal

    monkeypatch.setenv("OUTLAST_DATA", str(tmp_path / "data"))

    def play(seed: int) -> str:
        buffer = io.StringIO()
        match = Match.new("discover", seed, players=1)
        session = PlaySession(match, SeatPlan(("human",)), Terminal(console=Console(file=buffer, width=120),
                                                                     stdin=io.StringIO("")), None)
        rng = random.Random(seed)
        for _ in range(400):
            match.resolve_chance()
            session._journal()
            if match.state.is_over():
                break
            legal = [str(a) for a in match.state.legal_actions(0)]
            match.play(rng.choice([a for a in legal if a != "end"] or legal), 0)
        return buffer.getvalue()

    first = play(3)  # sees a card, two threats and more, each then in view for many moves
    assert "seen in an earlier game" not in first
    assert "seen in an earlier game: " in play(3)  # the same game again: all of it met before


# --- Fuji -------------------------------------------------------------------------------------------------
def test_fuji_ready_taken_back_by_a_card_use_says_why__s18() -> None:
    """Seat 0 says ready in a phase-2 or phase-4 window, then another seat uses a card: the window reopens for
    everyone (§18, decision 0004), and seat 0's decision says so and what to do."""
    fuji = load_game("fuji")
    for seed in range(40):
        state = fuji.new_game(seed=seed, players=3)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            if seat == CHANCE:
                state.apply(state.chance_outcomes()[0][0], seat=CHANCE)
                continue
            uses = [(s, str(a)) for s in state.to_move() if s != 0
                    for a in state.legal_actions(s) if str(a).startswith("use ")]
            if 0 in state.to_move() and "ready" in [str(a) for a in state.legal_actions(0)] and uses:
                assert "Your ready was taken back" not in fuji.describe_decision(state, 0)
                state.apply("ready", seat=0)
                state.apply(uses[0][1], seat=uses[0][0])
                text = fuji.describe_decision(state, 0)
                if 0 in state.to_move() and "then say ready" in text:
                    assert "Your ready was taken back: after it, meeple" in text and " uses " in text
                    assert "Say ready again when you are done" in text
                    return
                break
            state.apply(rng.choice(state.legal_actions(seat)), seat=seat)
    raise AssertionError("no seed reached a ready taken back")


def test_fuji_says_when_a_seat_has_no_rerolls_left__s8_3() -> None:
    fuji = load_game("fuji")

    def no_rerolls(state: State, seat: int) -> bool:
        return "(§8.3)" in fuji.describe_decision(state, seat) and not any(
            str(a).startswith("reroll ") for a in state.legal_actions(seat))

    for seed in range(20):
        state = random_play("fuji", seed, no_rerolls, players=3)
        if state.is_over():
            continue
        text = fuji.describe_decision(state, state.to_move()[0])
        assert "you have no rerolls left: say `stop` to keep your dice as they are" in text
        assert "0 rerolls" not in text
        return
    raise AssertionError("no seed reached a seat without rerolls")


def test_fuji_leave_a_die_names_each_die_by_its_colours__s17_1() -> None:
    m = Match.new("fuji", 3, skills="tinkerer,gatherer,scout")
    m.resolve_chance()
    for _ in range(10):
        seat = next(s for s in m.state.to_move() if s >= 0)
        if "leave" in [str(a).split()[0] for a in m.state.legal_actions(seat)]:
            break
        m.play(str(m.state.legal_actions(seat)[0]), seat)
        m.resolve_chance()
    text = load_game("fuji").describe_decision(m.state, seat)
    assert "die 1: 1/6 yellow, 2/5 blue, 3/4 pink" in text and "die 6: 1/6 pink, 2/5 blue, 3/4 yellow" in text
    assert "the usual one to leave is die 6" in text


# --- Robinson ---------------------------------------------------------------------------------------------
def test_robinson_planning_examples_are_legal_now__s8_1() -> None:
    robinson = load_game("robinson")

    def planning(state: State, seat: int) -> bool:
        return "`place PAWN TARGET`" in robinson.describe_decision(state, seat)

    for seed in range(4):
        state = random_play("robinson", seed, planning, players=2)
        seat = state.to_move()[0]
        text = robinson.describe_decision(state, seat)
        legal = {str(a) for a in state.legal_actions(seat)}
        examples = re.findall(r"\(e\.g\. `([^`]+)`\)", text)
        assert examples and all(e in legal for e in examples), (text, examples)


def test_robinson_logs_the_extra_meal_a_reminder_asks__s10_1() -> None:
    for seed in range(40):
        state = random_play("robinson", seed, players=2)
        texts = [e.text for e in state.visible_events(None)]
        at = next((i for i, t in enumerate(texts) if t.startswith("Extra meal (the reminder in the Night space)")),
                  None)
        if at is not None:
            assert re.fullmatch(r"Extra meal \(the reminder in the Night space\): (\d) of (\d) food paid \(§10\.1\)\.",
                                texts[at])
            assert texts[at - 1].startswith("Eating: ")
            return
    raise AssertionError("no seed met a reminder for an extra meal")
