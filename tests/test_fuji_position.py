"""A position written by hand from docs/state-format/fuji.md loads, is the position the docs describe, and
plays on to the end of the game (architecture §2: the state document sets up a table, as FEN does for chess)."""

from __future__ import annotations

import json
import random
from typing import Any

from fuji_helpers import GAME
from outlast import CHANCE
from outlast.games.fuji.board import board_for, cell_code, reach
from outlast.games.fuji.content import content


def _bits(cells: Any) -> int:
    return sum(1 << cell for cell in cells)


def hand_written() -> dict[str, Any]:
    """Three players on scenario 1, round 1, phase 2: dice rolled, no marker placed, every card in the bag.

    Meeple 0 is the Scout (skill 1, 5 dice: its die 6 stays in the box), meeple 1 the Buddy (skill 2),
    meeple 2 the Survivalist (skill 3, 5 dice: its die 1 stays in the box). All stand on the white card D1.
    """
    board = board_for(1, False)
    terrain = content().terrain
    villages = [i for i, card in enumerate(terrain) if card.kind == "village"]
    landscapes = [i for i, card in enumerate(terrain) if card.kind == "landscape"]
    card_at = [-1] * 80
    for cell, card in zip(board.villages, villages, strict=False):
        card_at[cell] = card
    for cell, card in zip(board.landscape, landscapes, strict=False):
        card_at[cell] = card
    faces = [6, 5, 4, 3, 2, 0,  1, 2, 3, 4, 5, 6,  0, 6, 6, 1, 1, 2]
    return {
        "game": "fuji", "format": 1, "rules_version": GAME.rules_version,
        "options": {"players": 3, "level": 1, "scenario": "1", "variant": "none", "extra_thrill": False,
                    "skills": [], "characters": []},
        "reason": "", "events": [], "rng_state": 12345, "phase": 2, "round": 1, "over": 0, "sstep": 5, "scur": 3,
        "lava": 1 << board.volcano, "eqtok": _bits(board.equipment_tokens), "etok1": _bits(board.eruption_tokens),
        "etok2": 0, "mover": -1, "tstep": 0, "turn_d": 0, "turn_ok": 0, "spent": 0, "erupt_due": 0,
        "chance": [], "frames": [], "card_at": card_at,
        "skill": [1, 2, 3], "char": [0, 1, 2], "pos": [cell_code("D1")] * 3, "marker": [-1, -1, -1],
        "stamina": [0, 0, 0], "injuries": [0, 0, 0], "bars": [0, 0, 0],
        "dv": faces, "dh": [d // 6 for d in range(18)], "dk": [(1 << (d // 6)) * (faces[d] > 0) for d in range(18)],
        "dalive": [int(face > 0) for face in faces],
        "rr_left": [0, 0, 0], "rr_ent": [0, 0, 0], "rr_sub": [-2, -2, -2], "rr_done": [1, 1, 1],
        "cloc": [-1] * 15, "cusable": [0] * 15, "ctap": [0] * 15, "bottom": [], "ready": [0, 0, 0], "hinted": [],
        "buddy": [0, 0, 0], "first_aid": [0, 0, 0], "roped": [0, 0, 0], "moved": [0, 0, 0], "flare": [0, 0, 0],
        "radio": [0, 0, 0], "leg": [-1, -1, -1], "starts": [0, 2], "remarks": [0, 0, 0],
    }


def test_a_hand_written_position_is_the_position_the_docs_describe() -> None:
    state = GAME.load_state(hand_written())
    assert state.to_move() == [0, 1, 2]  # phase 2: everyone plans at once (§7)
    view = state.observe(0)
    assert view["phase_name"] == "2 planning and equipment" and view["round"] == 1
    assert [m["position"] for m in view["explorers"]] == ["D1"] * 3 and view["draw_pile"] == 15
    assert [d["value"] for d in view["explorers"][0]["dice"]] == [6, 5, 4, 3, 2]  # its own five, seen
    marks = {a.args[1] for a in state.legal_actions(0) if a.verb == "mark" and a.args[0] == 0}
    board = board_for(1, False)
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
        assert json.dumps(GAME.load_state(state.to_json()).to_json()) == json.dumps(state.to_json())
