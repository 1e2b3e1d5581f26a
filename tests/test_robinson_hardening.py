"""Robinson Crusoe against hostile and careless input (issue #10): every case here failed at commit 08d2674.

- Action texts: a text that cannot be read (a typo, Unicode digits, a 5,000-digit number, control characters)
  is refused as unreadable, with a Robinson example and no rule §; a readable but illegal action is refused
  with its reason — which pawn, Action, card or amount is at fault — and its §.
- Wrong types through the API (lists, bytes, floats, bools, seats out of range, junk action objects) are
  refused with an `OutlastError`, and the state stays byte-identical.
- State documents: every field is checked before a state is built; a corrupted document raises `SaveError`
  naming the field, or loads into a state that round-trips and plays on.
- Hidden information: resampled states draw fresh randomness; no action shows a card without reporting it
  (so `Match.undo` ends there).
- Texts shown to players carry every condition of the effect they describe.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from outlast import Match
from outlast.core import CHANCE, OutlastError, SaveError
from outlast.games.robinson.actions import RobinsonAction
from outlast.games.robinson.state import CH_HUNT, PLAN, Z_BEAST_DECK, Z_HUNT_DECK
from outlast.testing import Hang, deadline
from robinson_helpers import (
    CARPENTER,
    COOK,
    GAME,
    SOLDIER,
    C,
    IllegalAction,
    Table,
    planning,
    rest,
)


def blob(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(t: Table, seat: int | None, text: str) -> IllegalAction:
    """Apply `text` for `seat`; it must be refused with an IllegalAction and change nothing."""
    before = blob(t.state)
    with pytest.raises(IllegalAction) as err:
        t.state.apply(text, seat)
    assert blob(t.state) == before, f"refusing {text!r} changed the state"
    return err.value


# ============================================================================ 1. action texts
UNREADABLE = [
    "join 1 ²", "join 1 ٣", "lead ²", "pile ٣", "choose ¹", "next 𝟚", "join 1 " + "9" * 150, "choose " + "9" * 60,
    "plaec 1 rest", "place 1", "place 1 build shelter", "place 1 gather:s7", "place 1 build:shelter/stone",
    "join dog", "remove", "ready now", "camp s", "cover s9", "reroll pants", "morale happiness", "heal cook!",
    "use", "place 1 rest\x00", "ready\x07", "\x1b[31mready", "pla\u200bce 1 rest", "place １ rest", "",
]


@pytest.mark.parametrize("text", UNREADABLE)
def test_an_unreadable_text_says_so_with_an_example_and_no_rule(text: str) -> None:
    """A typo breaks no rule: no §, a Robinson example of how actions are written (§26)."""
    t = planning()
    err = refused(t, CARPENTER, text)
    assert err.rule == ""
    assert "cannot read" in err.reason or "empty text" in err.reason
    assert re.search(r"`(place|join|remove|lead|ready|use|choose|camp|cover|reroll|morale|heal|pile|next)\b",
                     err.reason), err.reason


def test_parse_action_refuses_a_5000_digit_number_and_any_long_text() -> None:
    for text in ("join 1 " + "9" * 5000, "lead " + "1" * 5000, "ready " * 1000):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(0, text)
        assert "cannot read" in err.value.reason and err.value.rule == ""


WORDS = ["place", "join", "remove", "lead", "ready", "confirm", "use", "pass", "reroll", "choose", "heal", "give",
         "pick", "camp", "pile", "next", "cover", "draw", "roll", "tile", "token", "1", "2", "dog", "friday",
         "rest", "hunt", "build:shelter/wood", "gather:s7:wood", "explore:s4", "s4", "s9:1", "²", "٣", "߃", "𝟡",
         "9" * 25, "9" * 5000, "cook", "stone_soup", "\x00", "\x7f", "\u202e", "-1", "+2", "0x1f", "1e9", "NaN"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), max_size=6),
       st.sampled_from([" ", "  ", "\t", "\n", "\x0b"]))
@example(["join", "1", "²"], " ")
@example(["lead", "٣"], " ")
@example(["place", "1", "rest\x00"], " ")
def test_parse_action_fuzz_only_reads_plain_actions_or_refuses(words: list[str], sep: str) -> None:
    """Any text: either a plain-ASCII action whose canonical text reads back to it, or IllegalAction."""
    text = sep.join(words)
    for seat in (0, 2, CHANCE):
        try:
            act = GAME.parse_action(seat, text)
        except IllegalAction as exc:
            assert exc.reason
            continue
        assert isinstance(act, RobinsonAction)
        canonical = str(act)
        assert canonical.isascii() and canonical.isprintable() and len(canonical) <= 200, canonical
        assert GAME.parse_action(seat, canonical) == act


_FUZZ_STATES: list[Any] = []


def _fuzz_states() -> list[Any]:
    """A few positions of every kind: setup chance, planning, windows, decisions, the end."""
    if not _FUZZ_STATES:
        rng = random.Random(5)
        for seed in range(6):
            s = GAME.new_game(seed=seed, players=1 + seed % 4)
            steps = 0
            while not s.is_over() and steps < 400:
                steps += 1
                if steps % 37 == 0:
                    _FUZZ_STATES.append(s.clone())
                movers = s.to_move()
                if movers == [CHANCE]:
                    s.apply(s.sample_chance())
                else:
                    seat = rng.choice(movers)
                    s.apply(rng.choice(s.legal_actions(seat)))
            _FUZZ_STATES.append(s.clone())
    return _FUZZ_STATES


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=10)), max_size=5))
@example(["join", "1", "²"])
@example(["join", "friday", "٣"])
@example(["lead", "٣"])
@example(["choose", "9" * 60])
@example(["next", "9" * 4400])
def test_applying_fuzzed_text_only_refuses_and_changes_nothing(words: list[str]) -> None:
    """At positions of every kind and for every seat, a text applies or is refused; nothing else escapes."""
    text = " ".join(words)
    for state in _fuzz_states():
        s = state.clone()
        before = blob(s)
        for seat in range(-1, s.players):
            try:
                s.apply(text, seat)
            except IllegalAction as exc:
                assert exc.reason
                assert blob(s) == before
            else:  # a fuzzed text may happen to be legal (`pass`, `ready`): it applied; start again
                s = state.clone()
                before = blob(s)


FORMS: dict[str, list[list[str]]] = {
    "place": [["pawn", "target"]], "join": [["pawn", "number"]], "remove": [["pawn"]], "lead": [["number"]],
    "ready": [[]], "confirm": [[]], "use": [["id"], ["id", "number"]], "pass": [[]],
    "reroll": [["die"], ["die", "friday"]], "choose": [["number"]], "discard": [["id"]], "put": [["id"]],
    "flip": [["id"]], "pick": [["id"]], "top": [[]], "bottom": [[]], "continue": [[]], "stop": [[]],
    "hungry": [["id"]], "camp": [["camp"]], "morale": [["morale"]], "arrange": [["arrange"]], "next": [["number"]],
    "pile": [["number"]], "corral": [["corral"]], "shortcut": [["space"]], "cover": [["source"]],
    "lose": [["space"]], "mark": [["space"]], "heal": [["who"], ["who", "who"]], "give": [["who", "who", "who"]],
    "draw": [["id"]], "tile": [["number"]], "token": [["id"]], "weather": [["weather"]], "pit": [["pit"]],
    "roll": [["face"], ["wound", "success", "adventure"]],
}
"""Every verb with the forms of its words (docs/robinson.md): texts built from these are all readable."""


def _grammar_texts(rng: random.Random, k: int) -> list[str]:
    """Readable texts of every verb with plausible and implausible arguments."""
    words = {
        "pawn": ["1", "2", "friday", "dog", "hammer", "handyman", "candles_token", "belts", "x"],
        "number": ["0", "1", "2", "3", "7", "99999999999999999999"],
        "id": [c.id for c in C.cards[::7]] + [k.id for k in C.token_kinds[::3]] + ["cook", "soldier", "zz", "7"]
        + [sk.id for ch in C.characters for sk in ch.skills],
        "target": ["threat:l", "threat:r/2", "hunt", "rest", "arrange", "build:shelter/wood", "build:roof/fur",
                   "build:weapon", "build:knife", "build:fire/2", "build:zz", "gather:s1:wood", "gather:s99:food",
                   "explore:s3", "explore:s10", "explore:s0"] + [f"gather:s{i}:food" for i in range(1, 12)],
        "space": ["s0", "s1", "s4", "s10", "s12"], "source": ["s1:1", "s9:2", "s10:3"],
        "die": ["wound", "success", "adventure"], "friday": ["friday"], "camp": ["stay", "s4", "s10"],
        "corral": ["skip", "s5"], "morale": ["heal", "determination"], "arrange": ["morale", "determination"],
        "who": ["cook", "carpenter", "soldier", "friday", "zz"], "weather": ["rain2", "fight"],
        "pit": ["wound", "blank"], "face": ["success", "blank"], "wound": ["wound", "blank"],
        "success": ["success", "question"], "adventure": ["adventure", "blank"],
    }
    out = []
    verbs = sorted(FORMS)
    for _ in range(k):
        verb = rng.choice(verbs)
        form = rng.choice(FORMS[verb])
        out.append(" ".join([verb, *(rng.choice(words[kind]) for kind in form)]))
    return out


GENERIC = re.compile(r"is not legal now|not allowed now|cannot do that|invalid action", re.IGNORECASE)


def test_every_refusal_of_a_readable_action_says_why() -> None:
    """§26: a refusal names what is at fault; a bare "X is not legal now (§26)" is not a reason."""
    rng = random.Random(11)
    tried = 0
    for s in _fuzz_states():
        for seat in range(s.players):
            for text in _grammar_texts(rng, 25):
                s2 = s.clone()
                before = blob(s2)
                try:
                    s2.apply(text, seat)
                except IllegalAction as exc:
                    tried += 1
                    assert blob(s2) == before
                    assert exc.reason and not GENERIC.search(exc.reason), f"{text!r}: {exc}"
                    assert "cannot read" not in exc.reason, f"{text!r} is readable: {exc}"
                    assert exc.rule.startswith("§") or exc.rule == "", exc
    assert tried > 1000


def test_remove_says_which_pawn_is_where_and_who_counts_on_it__s26_1() -> None:
    t = planning(resources=[5, 0, 0, 0])
    err = refused(t, CARPENTER, "remove 1")
    assert "pawn 1 is on no Action" in err.reason and err.rule == "§8.1"
    t.act(CARPENTER, "place 1 build:shelter/wood")
    t.act(COOK, "join 1 1")
    t.act(COOK, "place 2 rest")
    t.act(COOK, "ready")
    err = refused(t, CARPENTER, "remove 1")
    assert "Action 1 (build:shelter/wood" in err.reason and "Cook" in err.reason and "ready" in err.reason
    assert err.rule == "§26.1"


def test_join_says_how_full_the_action_is__s8_1_3() -> None:
    t = planning(players=1, characters="carpenter", dog="yes", resources=[3, 0, 0, 0])
    t.act(0, "place 1 build:shelter/wood")
    t.act(0, "join 2 1")  # one more than the minimum: the most a Building takes
    err = refused(t, 0, "join dog 1")
    assert "may only join" in err.reason or "already has 2 pawns" in err.reason
    err = refused(t, 0, "join friday 7")
    assert "no planned Action 7" in err.reason and "1 to 1" in err.reason


def test_ready_says_what_is_missing__s8_1_1() -> None:
    t = planning()
    t.act(SOLDIER, "place 1 rest")
    err = refused(t, SOLDIER, "ready")
    assert "pawn 2 is not placed" in err.reason
    assert err.rule.startswith("§8.1.1")


def test_pawns_are_alike_so_pawn_2_waits_for_pawn_1__s8_1() -> None:
    t = planning()
    err = refused(t, COOK, "place 2 rest")
    assert "alike" in err.reason and "pawn 1" in err.reason


def test_a_skill_refusal_names_its_cost_and_what_the_owner_has__s13_2() -> None:
    t = planning(determination=[0, 0, 0, 0])
    err = refused(t, COOK, "use stone_soup")
    assert "Stone soup costs 3 Determination; Cook has 0" in err.reason and err.rule == "§13.2"
    err = refused(t, CARPENTER, "use stone_soup")
    assert "skill of Cook" in err.reason


def test_a_target_refusal_names_the_space_and_what_is_wrong__s8_9() -> None:
    t = planning()
    err = refused(t, COOK, "place 1 gather:s4:wood")
    assert "s4 is not explored" in err.reason
    err = refused(t, COOK, "place 1 gather:s99:wood")
    assert "no space s99" in err.reason and err.rule == ""
    err = refused(t, COOK, "place 1 build:zz")
    assert "'zz' is no Invention" in err.reason and err.rule == ""


def test_a_wrong_answer_to_a_decision_lists_the_answers__s26_2() -> None:
    m = Match.new("robinson", 1, players=2)
    m.resolve_chance()
    s = m.state
    assert s.decision_text().startswith("Explorer: how much wood goes onto the pile")
    before = blob(s)
    for text, fragment in (("place 1 rest", "`place 1 rest` does not answer it"), ("pile 9", "`pile 9` is not one")):
        with pytest.raises(IllegalAction) as err:
            s.apply(text, 0)
        assert fragment in err.value.reason and "pile 0, pile 1" in err.value.reason, err.value
        assert err.value.rule == "§25.1" and blob(s) == before


def test_not_your_turn_says_who_the_table_waits_for__s26_1() -> None:
    t = planning()
    t.plan(*rest(COOK), confirm=False)
    t.act(COOK, "ready")
    err = refused(t, COOK, "place 1 hunt")
    assert "you said ready" in err.reason and "Carpenter" in err.reason


# ============================================================================ 2. wrong types through the API
WRONG_SEATS: list[Any] = [[0], b"0", 0.0, 1.0, -1, -2, 10**20, -(10**20), True, False, "0", math.nan, (0,), {0: 0}]


def test_a_wrong_seat_is_refused_everywhere_and_changes_nothing() -> None:
    t = planning()
    s = t.state
    before = blob(s)
    for seat in WRONG_SEATS:
        for name in ("legal_actions", "observe", "resample", "apply", "describe_decision"):
            try:
                if name == "resample":
                    s.resample(seat, random.Random(1))
                elif name == "apply":
                    s.apply("ready", seat)
                elif name == "describe_decision":
                    GAME.describe_decision(s, seat)
                else:
                    getattr(s, name)(seat)
            except OutlastError:
                pass
            else:
                raise AssertionError(f"{name}({seat!r}) was accepted")
            assert blob(s) == before, f"{name}({seat!r}) changed the state"
    assert s.observe(None)["seat"] is None  # the public view stays open


JUNK = [
    RobinsonAction(0, ["place"], ()),  # type: ignore[arg-type]
    RobinsonAction(0, "place", ["1", "rest"]),  # type: ignore[arg-type]
    RobinsonAction(0, "place", (1, "rest")),  # type: ignore[arg-type]
    RobinsonAction(0, b"ready"),  # type: ignore[arg-type]
    RobinsonAction(0, "place", (b"1", "rest")),  # type: ignore[arg-type]
    RobinsonAction(0, None),  # type: ignore[arg-type]
    RobinsonAction(0, "ready", None),  # type: ignore[arg-type]
    RobinsonAction(10**20, "ready"),
    RobinsonAction(-5, "ready"),
    RobinsonAction(-(10**20), "draw", ("storm",)),
    RobinsonAction("0", "ready"),  # type: ignore[arg-type]
    RobinsonAction(0.0, "ready"),  # type: ignore[arg-type]
    RobinsonAction(True, "ready"),
    RobinsonAction(0, "x" * 10_000),
    RobinsonAction(0, "join", ("1", "9" * 5000)),
    RobinsonAction(0, "lead", ("²",)),
    RobinsonAction(0, "remove", ("1", "2", "3")),
    RobinsonAction(0, "place", ()),
    RobinsonAction(CHANCE, "draw", ()),
    RobinsonAction(CHANCE, "roll", ("9" * 5000,)),
]


def _refused(act: Any, call: Any) -> None:
    """`call(act)` must raise `IllegalAction`: neither accept the junk nor let another exception escape."""
    try:
        call(act)
    except IllegalAction:
        return
    except Exception as exc:
        raise AssertionError(f"{act!r:.80} raised {type(exc).__name__}: {exc}") from None
    raise AssertionError(f"{act!r:.80} was accepted")


def test_a_junk_action_object_is_refused_by_the_legality_check() -> None:
    t = planning()
    s = t.state
    before = blob(s)
    for act in JUNK:
        _refused(act, s._check_legal)
        _refused(act, s.apply)
        assert blob(s) == before


def test_a_junk_action_is_refused_at_a_chance_point_and_in_a_decision() -> None:
    m = Match.new("robinson", 1, players=2)
    at_chance = m.state.clone()
    m.resolve_chance()
    assert m.state.decisions, "the wood-pile decision is pending"
    for s in (at_chance, m.state):
        before = blob(s)
        for act in [*JUNK, RobinsonAction(0, "pile", (1,)), RobinsonAction(0, "pile", ("9" * 5000,))]:  # type: ignore[arg-type]
            _refused(act, s.apply)
            assert blob(s) == before, repr(act)[:80]


def test_resample_refuses_a_random_source_without_randrange() -> None:
    s = planning().state
    with pytest.raises(OutlastError):
        s.resample(0, "not a generator")  # type: ignore[arg-type]



# ============================================================================ 5. what you read is what the engine does
WHEN_WORDS = {"any": "at any time", "night": "at night", "weather": "before the weather", "planning": "while planning",
              "action": "before an action", "production": "in production"}


def _title(item_id: str) -> str:
    return item_id.replace("_", " ").title()


def _effect_conditions(effect: Any) -> list[str]:
    """The conditions written in an effect tree's data, as words its text must carry."""
    out: list[str] = []
    if isinstance(effect, list):
        return [w for part in effect for w in _effect_conditions(part)]
    (verb, params), = effect.items()
    if verb in ("choose", "all"):
        return [w for part in params for w in _effect_conditions(part)]
    params = params or {}
    if verb == "unless_built":
        out.append(f"unless the {_title(params['item'])}")
    if verb == "special_wound":
        out.append(_title(params["until"]))
    if params.get("if_possible"):
        out.append("if possible")
    if verb == "extra_pawn" and params.get("uses"):
        out.append(f"{params['uses']} use")
    if verb == "gain" and params.get("to"):
        out.append({"available": "into available", "future": "into future"}[params["to"]])
    if "effect" in params:
        out += _effect_conditions(params["effect"])
    return out


def _use_conditions(use: dict[str, Any], effect: Any) -> list[str]:
    first = next(iter(effect[0] if isinstance(effect, list) else effect))
    out = ["right after a roll" if first == "reroll" else WHEN_WORDS[use["when"]]]
    if use.get("needs_item"):
        out.append(f"with the {_title(use['needs_item'])} built")
    if use.get("needs_weapon"):
        out.append(f"weapon at least {use['needs_weapon']}")
    return out


def _card_conditions(kind: str, d: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("event", "threat_effect", "threat_effect_alt", "one", "two", "action", "extra", "on_build", "passive",
                "effect"):
        if d.get(key):
            out += _effect_conditions(d[key])
    if kind == "event":
        out.append(f"{d['threat']['pawns']} pawn")
        out += _effect_conditions(d["threat"]["reward"])
        for alt in d["threat"].get("needs") or []:
            if alt.get("item"):
                out.append(_title(alt["item"]))
            if alt.get("weapon"):
                out.append(f"weapon {alt['weapon']}")
        if d.get("threat_effect_alt"):
            out.append("alternative threat")
    if kind == "invention":
        out += [t.capitalize() for t in d.get("terrain") or []] + [_title(i) for i in d.get("items") or []]
        if d.get("owner"):
            out.append(f"only the {d['owner']}")
    if kind == "start_item":
        out += [f"{d['uses']} uses", *_use_conditions(d["use"], d["effect"])]
    if kind == "mystery" and d.get("keep"):
        keep = d["keep"]
        out += _effect_conditions(keep["effect"])
        if keep.get("when"):
            out += _use_conditions(keep, keep["effect"])
        if keep.get("uses"):
            out.append(f"{keep['uses']} use")
    return out


def test_every_text_shown_to_players_carries_the_conditions_of_its_effect__s19_s17() -> None:
    """Architecture §3: a token that needs the Pot or a Weapon says so; so does every card, skill and Item."""
    missing = []
    for c in C.cards:
        for phrase in _card_conditions(c.kind, c.data):
            if phrase.lower() not in c.text.lower():
                missing.append(f"card {c.id}: {phrase!r} not in {c.text!r}")
    for k in C.token_kinds:
        use = {"when": k.when, "needs_item": k.needs_item, "needs_weapon": k.needs_weapon}
        for phrase in _use_conditions(use, k.effect) + _effect_conditions(k.effect):
            if phrase.lower() not in k.text.lower():
                missing.append(f"token {k.id}: {phrase!r} not in {k.text!r}")
    for ch in C.characters:
        for sk in ch.skills:
            for phrase in _use_conditions({"when": sk.when}, sk.effect) + _effect_conditions(sk.effect):
                if phrase.lower() not in sk.text.lower():
                    missing.append(f"skill {sk.id}: {phrase!r} not in {sk.text!r}")
    assert not missing, "\n".join(missing)


def test_the_goat_and_the_pot_tokens_say_what_they_need__s19_2() -> None:
    text = {k.id: k.text for k in C.token_kinds}
    assert "Weapon at least 1" in text["goat"]
    for pot in ("poison", "vegetables", "healing_herbs", "herbs_pot"):
        assert "with the Pot built" in text[pot], text[pot]
    assert text["vegetables"].startswith("At Night")


def test_no_two_discovery_tokens_share_a_name__s19() -> None:
    names = [k.name.lower() for k in C.token_kinds]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


# ============================================================================ 4. hidden information
BEASTS = {c.name for c in C.cards if c.kind == "beast"}


def _open_planning(m: Match) -> None:
    """Resolve chance and answer decisions (first answer: `pile 0`, …) until the table plans freely."""
    s = m.state
    while not (s.phase == PLAN and s.step == 2 and not s.decisions and not s.chance) and not s.is_over():
        if s.to_move() == [CHANCE]:
            m.resolve_chance()
        else:
            seat = s.to_move()[0]
            m.play(s.legal_actions(seat)[0], seat)
        s = m.state


def _soldier_match(seed: int = 2, determination: int = 4) -> Match:
    """Round 1's open planning of a Carpenter, Cook and Soldier table, the Soldier holding `determination`."""
    m = Match.new("robinson", seed, players=3, characters="carpenter,cook,soldier", starting_items=0)
    _open_planning(m)
    m.state.determination[SOLDIER] = determination
    m.state.forget()
    return m


def _named_beasts(texts: list[str]) -> set[str]:
    return {name for name in BEASTS for text in texts if name in text}


def test_a_resampled_state_draws_fresh_randomness__s26_4() -> None:
    """A determinization must not foresee the real game's next draw (it used to, 100 times in 100)."""
    s = GAME.new_game(seed=4, players=2)
    while len(s.chance_outcomes()) < 5:
        s.apply(s.sample_chance() if s.to_move() == [CHANCE] else s.legal_actions(s.to_move()[0])[0])
    real = s.sample_chance()
    same = sum(s.resample(0, random.Random(k)).sample_chance() == real for k in range(100))
    assert same < 60, f"the resampled next outcome was the real one {same} times in 100"


def _beast_places(s: Any) -> dict[int, int]:
    """Where each Beast card is; checks that none is lost or doubled (card conservation)."""
    placed = s.hunt_top + s.hunt_bottom
    assert len(set(placed)) == len(placed), "a Hunting card lies in two places"
    assert all(s.zone[x] == Z_HUNT_DECK for x in placed), "a top or bottom Hunting card left the Hunting deck"
    assert len(s.hunt_seen) == len(s.hunt_top)
    return {i: s.zone[i] for i, c in enumerate(C.cards) if c.kind == "beast"}


def _views(s: Any) -> list[Any]:
    return [(s.observe(seat), [e.text for e in s.visible_events(seat)]) for seat in [None, *range(s.players)]]


def test_the_hunt_keeps_its_beast_secret_and_resample_redraws_it__s13_2_s26_4() -> None:
    """The Hunt puts a Beast card on the Hunting deck unseen: it is drawn at once (as recorded games were), but
    no view names it, and every resample redraws which card it is from the unseen Beast cards."""
    m = _soldier_match()
    m.play("use the_hunt", SOLDIER)
    m.resolve_chance()
    s = m.state
    assert s.hunt_top and s.hunt_seen == [0]
    assert s.observe(SOLDIER)["decks"]["hunting_top"] == ["?"]
    for view, texts in _views(s):
        assert not _named_beasts(texts) and not _named_beasts([json.dumps(view)]), "a view names the card"
    before = _views(s)
    kinds = {}
    for k in range(100):
        r = s.resample(SOLDIER, random.Random(k))
        assert _views(r)[1:] == before[1:] and r.observe(SOLDIER) == s.observe(SOLDIER)
        places = _beast_places(r)
        assert sorted(places.values()) == sorted(_beast_places(s).values())
        kinds[r.hunt_top[0]] = kinds.get(r.hunt_top[0], 0) + 1
    assert len(kinds) >= 5, f"the unseen card's identity hardly varies over 100 resamples: {kinds}"


def _hunting_draw(kind: int) -> Any:
    """A random game's state at a Hunt's (or Tracking's) draw from a shuffled Hunting deck, the Beast deck
    not empty."""
    from outlast.games.robinson.state import CH_TRACK

    want = {CH_HUNT: CH_HUNT, CH_TRACK: CH_TRACK}[kind]
    for seed in range(200):
        rng = random.Random(seed)
        s = GAME.new_game(seed=seed, players=3, characters="carpenter,cook,soldier")
        while not s.is_over():
            if s.to_move() == [CHANCE]:
                if s.chance[0] == want and s.count_in(Z_BEAST_DECK):
                    return s
                s.apply(s.sample_chance())
            else:
                seat = rng.choice(s.to_move())
                legal = s.legal_actions(seat)
                hunt = [a for a in legal if str(a) in ("use tracking", "use the_hunt") or "hunt" in str(a)]
                s.apply(rng.choice(hunt) if hunt and rng.random() < 0.5 else rng.choice(legal))
    raise AssertionError("no Hunting draw in 200 random games")


def test_a_hunting_draw_lists_every_unseen_beast_and_draws_the_secret_card__s8_7_2_s26_4() -> None:
    """A Hunt's outcomes are every Beast card a seat could think it is (the Beast deck and the unseen Hunting
    cards, alike), never just the deck's cards; the seeded draw is the card the deck holds; any listed outcome
    applies without losing or doubling a card."""
    s = _hunting_draw(CH_HUNT)
    unseen = sorted(C.cards[i].id for i in s.cards_in(Z_BEAST_DECK) + s.unseen_hunting())
    outs = s.chance_outcomes()
    assert sorted(str(o).split()[1] for o, _ in outs) == unseen
    assert all(abs(p - 1 / len(unseen)) < 1e-12 for _, p in outs) and abs(sum(p for _, p in outs) - 1) < 1e-9
    drawn = s.sample_chance()
    assert C.by_id[str(drawn).split()[1]] in s.deck_bag(Z_HUNT_DECK), "the seeded draw is a card of the deck"
    places = _beast_places(s)
    hunting, beast = s.count_in(Z_HUNT_DECK), s.count_in(Z_BEAST_DECK)
    for o, _ in outs:
        c = s.clone()
        c.apply(o)
        card = C.by_id[str(o).split()[1]]
        after = _beast_places(c)
        assert after[card] != Z_BEAST_DECK and c.count_in(Z_BEAST_DECK) == beast
        assert c.count_in(Z_HUNT_DECK) == hunting - 1
        moved = [i for i in places if places[i] != after[i]]
        assert len(moved) <= 2 and card in moved or places[card] == Z_HUNT_DECK, f"{o}: cards moved {moved}"


def test_resample_redraws_the_shuffled_hunting_cards__s26_4() -> None:
    """Every unseen Hunting card takes an identity drawn from the unseen Beast cards; what a seat sees stays."""
    s = _hunting_draw(CH_HUNT)
    for seat in range(s.players):
        decks = set()
        for k in range(100):
            r = s.resample(seat, random.Random(k))
            assert r.observe(seat) == s.observe(seat)
            assert r.chance_outcomes() == s.chance_outcomes()
            assert sorted(_beast_places(r).values()) == sorted(_beast_places(s).values())
            decks.add(tuple(r.deck_bag(Z_HUNT_DECK)))
        assert len(decks) > 3, "the shuffled Hunting cards are not redrawn"


def test_tracking_an_unseen_card_is_a_reveal_that_undo_cannot_cross__s13_2_architecture_4() -> None:
    """Tracking shows The Hunt's unseen card inside the skill's own action: that action reports a reveal."""
    m = _soldier_match(determination=6)
    m.play("use the_hunt", SOLDIER)
    m.resolve_chance()
    before = len(m.state.events)
    m.play("use tracking", SOLDIER)
    shown = _named_beasts([e.text for e in m.state.events[before:]])
    assert shown, "Tracking shows the top Hunting card"
    assert m.history[-1].reveal and m.state.hunt_seen[0] == 1
    assert m.can_undo(SOLDIER) is not None, "undo would take back a card that was looked at"
    with pytest.raises(IllegalAction):
        m.undo(SOLDIER)


def test_no_seat_action_shows_a_beast_without_reporting_a_reveal__architecture_4() -> None:
    """Through a whole planned Hunt of The Hunt's unseen card, every action by a seat that names a beast in
    the log reports it (`apply` returns True, `Match` records a reveal), so undo ends there."""
    m = _soldier_match()
    m.play("use the_hunt", SOLDIER)
    m.resolve_chance()
    m.play("place 1 hunt", SOLDIER)
    m.play("join 2 1", SOLDIER)
    for seat in (CARPENTER, COOK):
        m.play("place 1 rest", seat)
        m.play("place 2 rest", seat)
    rng = random.Random(3)
    fights = 0
    while not m.state.is_over() and m.state.round == 1:
        s = m.state
        if s.to_move() == [CHANCE]:
            before = len(s.events)
            m.play(s.sample_chance())
            fights += bool(_named_beasts([e.text for e in m.state.events[before:]]))
            continue
        seat = rng.choice(s.to_move())
        legal = s.legal_actions(seat)
        act = next((a for a in legal if str(a) in ("ready", "confirm")), legal[-1])
        before = len(s.events)
        m.play(act)
        named = _named_beasts([e.text for e in m.state.events[before:]])
        fights += bool(named)
        if named:
            assert m.history[-1].reveal, f"`{act}` showed {named} without reporting a reveal"
            assert m.can_undo(seat) is not None
    assert fights, "the Hunt was fought"


def test_resample_changes_only_unseen_beasts_and_the_generator__s26_4() -> None:
    """In random games of every size, a resampled copy differs from the state only by its random generator
    and which unseen Beast card is where; `observe`, who acts and the legal actions stay, no card is lost or
    doubled, and the copy is a valid state document."""
    rng = random.Random(8)
    for seed in range(8):
        s = GAME.new_game(seed=seed, players=1 + seed % 4)
        steps = 0
        while not s.is_over() and steps < 600:
            steps += 1
            if steps % 23 == 0:
                seat = rng.randrange(s.players)
                r = s.resample(seat, random.Random(steps))
                assert r.observe(seat) == s.observe(seat)
                assert r.to_move() == s.to_move()
                if seat in s.to_move():
                    assert [str(a) for a in r.legal_actions(seat)] == [str(a) for a in s.legal_actions(seat)]
                assert sorted(_beast_places(r).values()) == sorted(_beast_places(s).values())
                doc, back = s.to_json(), r.to_json()
                assert {n for n in doc if doc[n] != back[n]} <= {"rng_state", "cards", "hunting_deck_top"}
                moved = [k for k in {*doc["cards"], *back["cards"]} if doc["cards"].get(k) != back["cards"].get(k)]
                assert all(C.card(k).kind == "beast" for k in moved)
                GAME.load_state(json.loads(json.dumps(back)))
            movers = s.to_move()
            if movers == [CHANCE]:
                s.apply(s.sample_chance())
            else:
                seat = rng.choice(movers)
                s.apply(rng.choice(s.legal_actions(seat)))


# ============================================================================ 3. state documents
JUNK_VALUES: list[Any] = [10**20, -1, "x", [], 1.5, None, True, {}, -(10**20), 2**64, [0] * 3]
NOT_NAMED = {"-1", "[]", "[0, 0, 0]", "{}"}
"""Values of the right type that may be in range: a refusal may then name the field they contradict."""
MUTATION_DOCS = int(os.environ.get("ROBINSON_MUTATION_STATES", "6"))
"""Mid-game positions whose documents are mutated (each gives about 1,500 documents)."""


def _positions(count: int) -> list[dict[str, Any]]:
    """Documents of mid-game positions of every player count, from random and heuristic play, with planned
    Actions, pending decisions, work and chance points among them."""
    rng = random.Random(21)
    docs: list[dict[str, Any]] = []
    seed = 0
    while len(docs) < count:
        seed += 1
        players = 1 + seed % 4
        s = GAME.new_game(seed=seed, players=players, dog="yes", friday="yes", starting_items=4)
        bot = GAME.agents()["heuristic"]() if seed % 2 else None
        stop = rng.randint(40, 400)
        for _ in range(stop):
            if s.is_over():
                break
            movers = s.to_move()
            if movers == [CHANCE]:
                s.apply(s.sample_chance())
            else:
                seat = rng.choice(movers)
                s.apply(bot.act(s, seat, rng) if bot else rng.choice(s.legal_actions(seat)))
        if not s.is_over():
            docs.append(json.loads(json.dumps(s.to_json())))
    return docs


def _mutations(doc: dict[str, Any], rng: random.Random) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(field, what was done, document) for each way of breaking each field of `doc`."""
    keys = list(doc)
    for key in keys:
        def variant(value: Any, _key: str = key) -> dict[str, Any]:
            out = copy.deepcopy(doc)
            out[_key] = value
            return out

        dropped = copy.deepcopy(doc)
        del dropped[key]
        yield key, "dropped", dropped
        other = rng.choice([k for k in keys if k != key])
        swapped = copy.deepcopy(doc)
        swapped[key], swapped[other] = doc[other], doc[key]
        yield key, f"swapped with {other}", swapped
        for junk in JUNK_VALUES:
            yield key, f"set to {junk!r:.20}", variant(junk)
        value = doc[key]
        if isinstance(value, list):
            yield key, "emptied", variant([])
            yield key, "grown", variant([*value, value[-1] if value else 0])
            if value:
                yield key, "shrunk", variant(value[:-1])
            for _ in range(3 if value else 0):
                i = rng.randrange(len(value))
                item = value[i]
                for junk in rng.sample(JUNK_VALUES, 4):
                    out = copy.deepcopy(doc)
                    if isinstance(item, list) and item:
                        j = rng.randrange(len(item))
                        out[key][i][j] = junk
                        yield key, f"[{i}][{j}] set to {junk!r:.20}", out
                    elif isinstance(item, dict) and item:
                        j = rng.choice(sorted(item))
                        out[key][i][j] = junk
                        yield key, f"[{i}].{j} set to {junk!r:.20}", out
                    else:
                        out[key][i] = junk
                        yield key, f"[{i}] set to {junk!r:.20}", out
                if isinstance(item, int) and not isinstance(item, bool):
                    for delta in (1, -1, 7):
                        out = copy.deepcopy(doc)
                        out[key][i] = item + delta
                        yield key, f"[{i}] moved by {delta}", out
        elif isinstance(value, dict):
            for sub in sorted(value):
                for junk in rng.sample(JUNK_VALUES, 3):
                    out = copy.deepcopy(doc)
                    out[key][sub] = junk
                    yield key, f".{sub} set to {junk!r:.20}", out
        elif isinstance(value, int) and not isinstance(value, bool):
            for delta in (1, -1, 2, 13):
                yield key, f"moved by {delta}", variant(value + delta)


def _plays_on(s: Any, rng: random.Random, steps: int = 4) -> None:
    """A loaded state works: it round-trips, every seat can look, movers have actions, and play goes on."""
    doc = s.to_json()
    again = GAME.load_state(json.loads(json.dumps(doc)))
    assert again.to_json() == doc, "a loaded state does not round-trip"
    for _ in range(steps):
        for seat in [None, *range(s.players)]:
            json.dumps(s.observe(seat))
        if s.is_over():
            return
        movers = s.to_move()
        assert movers, "nobody can act"
        if movers == [CHANCE]:
            outs = s.chance_outcomes()
            assert outs and abs(sum(p for _, p in outs) - 1) < 1e-9
            s.apply(s.sample_chance())
        else:
            for seat in movers:
                assert s.legal_actions(seat), f"seat {seat} must act and has nothing to do"
            seat = rng.choice(movers)
            s.apply(rng.choice(s.legal_actions(seat)))


@pytest.mark.timeout(900)
def test_every_mutated_state_document_is_refused_or_plays_on() -> None:
    """Each field of mid-game documents dropped, swapped, enlarged, retyped or resized (and entries of lists
    changed): `load_state` raises SaveError naming the field, or gives a state that round-trips and plays on.
    Nothing else escapes and no call hangs."""
    rng = random.Random(4)
    tried = refused = 0
    escapes: list[str] = []
    for doc in _positions(MUTATION_DOCS):
        for field, how, bad in _mutations(doc, rng):
            tried += 1
            try:
                with deadline(5):
                    try:
                        s = GAME.load_state(bad)
                    except SaveError as exc:
                        refused += 1
                        if how == "dropped" or how.startswith("set to") and how[7:] not in NOT_NAMED:
                            text = str(exc)
                            assert field in text or field.replace("_", " ") in text, \
                                f"{field} {how}: the error names another field: {exc}"
                        continue
                    _plays_on(s, rng)
            except Hang:
                escapes.append(f"{field} {how}: hung")
            except AssertionError as exc:
                escapes.append(f"{field} {how}: {exc}")
            except Exception as exc:
                escapes.append(f"{field} {how}: {type(exc).__name__}: {exc}")
    assert not escapes, f"{len(escapes)} of {tried} mutated documents misbehaved:\n" + "\n".join(escapes[:60])
    assert tried >= 1000 * MUTATION_DOCS and refused > tried // 2


def test_a_list_of_the_wrong_length_is_refused_before_it_reaches_observe() -> None:
    """It used to load and crash later in observe (an IndexError on the island's spaces)."""
    doc = _positions(1)[0]
    for field in ("space_inaccessible", "space_tokens", "minus_one_pawn", "wood_pile"):
        bad = copy.deepcopy(doc)
        bad[field] = bad[field][:-1]
        with pytest.raises(SaveError, match=field):
            GAME.load_state(bad)
    for field in ("resources", "future_resources"):  # resources are named: one left out is refused
        bad = copy.deepcopy(doc)
        del bad[field]["wood"]
        with pytest.raises(SaveError, match=field):
            GAME.load_state(bad)
    bad = copy.deepcopy(doc)
    bad["wounds"]["nobody"] = 1
    with pytest.raises(SaveError, match="wounds"):
        GAME.load_state(bad)


def test_a_bad_character_is_a_save_error_naming_the_field() -> None:
    """It used to escape as an OptionError."""
    doc = _positions(1)[0]
    for junk in (math.nan, "batman", ["batman"], 7):
        bad = copy.deepcopy(doc)
        bad["options"]["characters"] = junk
        with pytest.raises(SaveError, match="options"):
            GAME.load_state(bad)
        bad = copy.deepcopy(doc)
        bad["characters"] = [junk] * len(doc["characters"])
        with pytest.raises(SaveError):
            GAME.load_state(bad)
