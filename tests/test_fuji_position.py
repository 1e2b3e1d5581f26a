"""A position written by hand from docs/state-format/fuji.md loads, is the position the docs describe, and
plays on to the end of the game (architecture §2: the state document sets up a table, as FEN does for chess);
each kind of slip in a hand-written document is refused naming its key, and a format-1 document is refused."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from fuji_helpers import GAME
from outlast import CHANCE, Match, SaveError
from outlast.games.fuji.board import board_for, cell_code, reach

DOC_PAGE = Path(__file__).resolve().parents[1] / "docs" / "state-format" / "fuji.md"
SAVES = Path(__file__).resolve().parent / "saves"
LANDSCAPES = ["D1", "E1", "F1", "G1", "H1", "D2", "E2", "F2", "G2", "H2", "I2", "D3", "E3", "F3", "H3", "I3", "J3",
              "I4", "J4"]
CARDS = ["binoculars", "lighter", "carabiner", "map", "duct_tape", "compass", "machete", "radio", "first_aid_kit",
         "shovel", "rope", "flare_gun", "flashlight", "pocket_knife", "water"]


def hand_written() -> dict[str, Any]:
    """The example of docs/state-format/fuji.md: three players on scenario 1, round 1, phase 2 (planning).

    Meeple 0 is the Scout (5 dice: its die 0:6 stays in the box), meeple 1 the Buddy, meeple 2 the Survivalist
    (5 dice: its die 2:1 stays in the box). All stand on the white card D1; no marker is placed yet. Meeple 0
    holds the map (usable from round 1); seat 1 put the rope under the pile at setup; the rest is in the bag.
    """
    faces = [6, 5, 4, 3, 2, None, 1, 2, 3, 4, 5, 6, None, 6, 6, 1, 1, 2]
    dice = [f"{meeple}:{number}" for meeple in range(3) for number in range(1, 7)]
    places: dict[str, Any] = {card: "bag" for card in CARDS}
    places.update(map=0, rope="under the pile")
    return {
        "game": "fuji", "format": 3, "rules_version": GAME.rules_version,
        "options": {"players": 3, "level": 1, "scenario": "1", "variant": "none", "extra_thrill": False,
                    "skills": [], "characters": []},
        "reason": "", "events": [], "rng_state": 12345, "phase": "planning", "round": 1, "ended": None,
        "setup_step": "place", "setup_meeple": 3,
        "lava": ["A1"], "equipment_tokens": ["F1", "H1", "I2", "E3", "I3"], "eruption_tokens": ["G2", "J4"],
        "double_eruption_tokens": [],
        "mover": None, "turn_step": "none", "turn_margin": 0, "turn_success": False, "bars_spent": 0,
        "eruptions_due": 0, "chance": [], "decisions": [],
        "terrain": {**{cell: f"L{i + 1:02}" for i, cell in enumerate(LANDSCAPES)},
                    "K3": "H1", "K4": "H2", "J5": "H3", "K5": "H4"},
        "skill": ["scout", "buddy", "survivalist"], "character": ["livingstone", "krach", "li"],
        "position": ["D1", "D1", "D1"], "destination": [None, None, None],
        "stamina": [0, 0, 0], "injuries": [[], [], []], "power_bars": [0, 0, 0],
        "die_face": dict(zip(dice, faces, strict=True)),
        "die_holder": {die: int(die[0]) for die in dice},
        "die_seen_by": {die: [int(die[0])] if face else [] for die, face in zip(dice, faces, strict=True)},
        "die_in_play": {die: face is not None for die, face in zip(dice, faces, strict=True)},
        "rerolls_left": [0, 0, 0], "rerolls_entitled": [0, 0, 0], "reroll_choice": [None, None, None],
        "rerolls_done": [True, True, True],
        "card_location": places, "card_usable_from": {card: int(card == "map") for card in CARDS},
        "card_used_once": [], "under_pile": [{"card": "rope", "seat": 1}],
        "ready": [False, False, False], "hints_given": [],
        "die_set_aside": [False] * 3, "no_stamina_loss": [False] * 3, "stepped_early": [False] * 3,
        "moved": [False] * 3, "movement_bonus": [0, 0, 0], "screen_lowered": [None, None, None],
        "die_to_lose": [None, None, None], "white_starters": [0, 2], "markers_moved": [0, 0, 0],
    }


def test_the_docs_example_is_the_hand_written_position() -> None:
    """The JSON block of the docs page is this test's position, key for key."""
    block = re.search(r"```json\n(.*?)```", DOC_PAGE.read_text(encoding="utf-8"), re.DOTALL)
    assert block is not None
    assert json.loads(block.group(1)) == hand_written()


def test_a_hand_written_position_is_the_position_the_docs_describe() -> None:
    state = GAME.load_state(hand_written())
    assert state.to_move() == [0, 1, 2]  # phase 2: everyone plans at once (§7)
    view = state.observe(0)
    assert view["phase_name"] == "2 planning and equipment" and view["round"] == 1
    assert [m["position"] for m in view["meeples"]] == ["D1"] * 3 and view["draw_pile"] == 14  # the bag and the rope
    assert [d["value"] for d in view["meeples"][0]["dice"]] == [6, 5, 4, 3, 2]  # its own five, seen
    marks = {a.args[1] for a in state.legal_actions(0) if a.verb == "mark" and a.args[0] == 0}
    board = board_for(GAME.content.scenarios[0], False)
    assert marks == {cell for cell, _ in reach(board, 1 << board.volcano, cell_code("D1"), 4)}  # the Scout's 4 (§14)
    assert json.loads(json.dumps(state.to_json())) == hand_written()


def test_a_hand_written_position_plays_on_to_the_end() -> None:
    for seed in range(5):
        state = GAME.load_state(hand_written())
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if seat == CHANCE:
                state.apply(state.sample_chance())
            else:
                acts = state.legal_actions(seat)
                state.apply(acts[rng.randrange(len(acts))])
        assert state.round >= 1 and state.outcome().details["rounds"] == state.round
        assert state.to_json()["ended"] in ("village", "lava", "exhausted")
        assert json.dumps(GAME.load_state(state.to_json()).to_json()) == json.dumps(state.to_json())


def _with(**changes: Any) -> dict[str, Any]:
    return {**hand_written(), **changes}


SLIPS = [
    ("a cell players do not name", _with(position=["D1", "d1", "D1"]), "position"),
    ("a cell off the scenario", _with(destination=["Z9", None, None]), "destination"),
    ("a card id of no card", _with(skill=["scout", "buddy", "wizard"]), "skill"),
    ("a number for a card id", _with(character=[0, 1, 2]), "character"),
    ("a terrain card on a rubble-free cell", _with(terrain={**hand_written()["terrain"], "A2": "L20"}), "terrain"),
    ("a die of no meeple", _with(die_holder={**hand_written()["die_holder"], "0:1": 7}), "die_holder"),
    ("a die left out", _with(die_face={die: 1 for die in list(hand_written()["die_face"])[1:]}), "die_face"),
    ("a phase by number", _with(phase=2), "phase"),
    ("an ending of no kind", _with(ended="draw", reason="drawn"), "ended"),
    ("a setup step by number", _with(setup_step=5), "setup_step"),
    ("a bitmask for lava", _with(lava=1), "lava"),
    ("a lava cell twice", _with(lava=["A1", "A1"]), "lava"),
    ("an injury of no kind", _with(injuries=[["knee"], [], []]), "injuries"),
    ("a seat set as a bitmask", _with(die_seen_by={**hand_written()["die_seen_by"], "0:1": 1}), "die_seen_by"),
    ("a flag as a number", _with(moved=[0, 0, 0]), "moved"),
    ("a card in no place", _with(card_location={**hand_written()["card_location"], "map": "pocket"}),
     "card_location"),
    ("a card left out", _with(card_usable_from={card: 0 for card in CARDS[1:]}), "card_usable_from"),
    ("a card under the pile by no seat", _with(under_pile=[{"card": "rope", "seat": 5}]), "under_pile"),
    ("a hint of no kind", _with(hints_given=[{"seat": 0, "hint": "gossip", "meeple": None}]), "hints_given"),
    ("a chance point of no kind", _with(chance=[{"kind": "shuffle", "meeple": 0}]), "chance"),
    ("a roll of no die", _with(chance=[{"kind": "roll", "die": "0:7"}]), "chance"),
    ("a decision of no kind", _with(decisions=[{"kind": "nap", "seat": 0, "meeple": 0}]), "decisions"),
    ("a decision lacking a field", _with(decisions=[{"kind": "lend", "seat": 0, "meeple": 0}]), "decisions"),
    ("a decision of another phase", _with(decisions=[{"kind": "path", "seat": 0, "meeple": 0}]), "decisions"),
    ("a decision for the wrong seat", _with(decisions=[{"kind": "collect", "seat": 1, "meeple": 0}]),
     "decisions"),
    ("none written as a word", _with(screen_lowered=["setup", None, None]), "screen_lowered"),
    ("a reroll choice in phase 2", _with(reroll_choice=["stop", None, None]), "reroll_choice"),
    ("a key of format 1", {**hand_written(), "dv": [0] * 18}, "dv"),
]


@pytest.mark.parametrize(("label", "doc", "key"), SLIPS, ids=[slip[0] for slip in SLIPS])
def test_each_kind_of_slip_is_refused_naming_its_key(label: str, doc: dict[str, Any], key: str) -> None:
    with pytest.raises(SaveError) as err:
        GAME.load_state(doc)
    assert f"'{key}'" in str(err.value), (label, str(err.value))


def test_a_key_left_out_is_named() -> None:
    doc = hand_written()
    del doc["die_to_lose"]
    with pytest.raises(SaveError, match="'die_to_lose'"):
        GAME.load_state(doc)


def test_a_format_1_document_is_refused_saying_so() -> None:
    old = {"game": "fuji", "format": 1, "rules_version": GAME.rules_version, "options": {"players": 3},
           "dv": [0] * 18, "cloc": [-1] * 15}
    with pytest.raises(SaveError, match="state format 1 .* no longer read.* format 3"):
        GAME.load_state(old)


def test_a_format_2_document_is_read_by_its_old_key_names() -> None:
    """Format 2 called the meeple of a decision and of a mark event `explorer`, and the markers moved `remarks`:
    such a document loads as the same position; one mixing in format 3's names is refused, naming the key."""
    state = Match.load(SAVES / "fuji-v2-9d6c6f4.json").state  # a collect decision pending, markers placed
    new = state.to_json()
    old = {("remarks" if k == "markers_moved" else k): v for k, v in new.items()}
    old["format"] = 2
    old["decisions"] = [{("explorer" if k == "meeple" else k): v for k, v in d.items()} for d in new["decisions"]]
    old["events"] = [{**e, "data": {("explorer" if k == "meeple" else k): v for k, v in e["data"].items()}}
                     if e["kind"] == "mark" else e for e in new["events"]]
    assert old["decisions"] == [{"kind": "collect", "seat": 0, "explorer": 0}]
    assert any(e["kind"] == "mark" and "explorer" in e["data"] for e in old["events"])
    assert GAME.load_state(old).to_json() == new
    assert GAME.documents(state)[1] == old  # and written back, for the digests of saves made then
    with pytest.raises(SaveError, match="format 2 has no key 'markers_moved'"):
        GAME.load_state({**old, "markers_moved": old["remarks"]})


def test_every_pending_decision_is_written_by_its_kind_with_named_fields() -> None:
    """Random games meet most kinds of decision; each is written `{kind, seat, meeple, …}` and read back."""
    seen: set[str] = set()
    for seed in range(12):
        state = GAME.new_game(seed=seed, players=(2, 3, 4)[seed % 3])
        rng = random.Random(seed)
        while not state.is_over():
            doc = state.to_json()
            for decision in doc["decisions"]:
                assert decision["kind"] and {"seat", "meeple"} <= set(decision), decision
                seen.add(decision["kind"])
            if doc["decisions"]:
                assert GAME.load_state(json.loads(json.dumps(doc))).to_json() == doc
            seat = state.to_move()[0]
            if seat == CHANCE:
                state.apply(state.sample_chance())
            else:
                acts = state.legal_actions(seat)
                state.apply(acts[rng.randrange(len(acts))])
    assert {"keep", "leave", "path"} <= seen, seen
