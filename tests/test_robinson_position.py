"""A Robinson Crusoe position written by hand from docs/state-format/robinson.md loads and plays on (§26.4).

The position is the documented example: round 2 of Castaways with the Carpenter and the Explorer (and Friday),
planning; Fire and a few Inventions on the board, one Event card on the right Threat space, the Camp on
tile 8 at s10 and tile 11 explored at s7. Only what the page says is written here; every engine row left
at its documented rest value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from outlast import CHANCE, Match, SaveError
from outlast.games.robinson import GAME

C = GAME.content
SAVES = Path(__file__).resolve().parent / "saves"


def written_by_hand() -> dict[str, Any]:
    """The example of docs/state-format/robinson.md, field by field."""
    players = 2
    spaces = len(C.spaces)
    events = [card.id for card in C.cards if card.kind == "event"]
    cards = {card_id: "unused event cards" for card_id in events}
    cards["winter_depression"] = "threat right"
    cards.update({card.id: f"{card.data['deck']} deck".replace("build ", "building ").replace(
        "gather ", "gathering ").replace("explore ", "exploration ") for card in C.cards if card.kind == "adventure"})
    cards.update({card.id: "mystery deck" for card in C.cards if card.kind == "mystery"})
    cards.update({card.id: "beast deck" for card in C.cards if card.kind == "beast"})
    cards.update({card.id: "invention deck" for card in C.cards if card.kind == "invention"})
    cards.update({card.id: "inventions on the board" for card in C.cards
                  if card.kind == "invention" and card.data["group"] == "starting"})
    cards.update({"snare": "personal invention", "shortcut": "personal invention", "hatchet": "scenario invention",
                  "mast": "scenario invention", "pistol": "starting item"})
    return {
        "game": "robinson", "format": 3, "rules_version": GAME.rules_version,
        "options": {"players": players, "scenario": "castaways", "characters": [], "dog": "auto", "friday": "auto",
                    "starting_items": 2, "event_mix": "standard", "wreckage": "scenario", "alt_threats": False},
        "characters": ["carpenter", "explorer"],
        "events": [],
        # the round and the table, in the rules' words
        "phase": "action: planning", "phase_step": 2, "round": 2, "first_player": 1, "ended": None, "reason": "",
        "last_used": "", "morale": 0, "roof": 0, "palisade": 0, "weapon": 1, "shelter": 0,
        "resources": {"wood": 3, "food": 1, "nonperishable": 0, "fur": 0},
        "future_resources": {"wood": 0, "food": 0, "nonperishable": 0, "fur": 0},
        "wounds": {"carpenter": 0, "explorer": 2, "friday": 0},
        "determination": {"carpenter": 2, "explorer": 0, "friday": 0},
        "cards": cards, "card_uses": {"pistol": 2},
        "tiles": {"8": "s10", "11": "s7"}, "revealed_tiles": [], "camp": "s10", "top_tile": None,
        "discovery_tokens": [[C.token_kinds[k].id, "bag"] for k in C.tokens],
        "decisions": [],
        # the engine's rows at rest (the page lists each one's resting value)
        "rng_state": 12345, "temporary_weapon": 0, "resolving_action": -1, "no_production": 0, "friday_alive": 1,
        "night_extra_food": 0, "wood_added_to_pile": 1, "book_events_in_deck": 5, "adventure_events_in_deck": 6,
        "friday_rerolled": 0, "arrange_determination": -1, "arrange_heal": 0,
        "space_tokens": [0] * spaces, "covered_sources": [0] * spaces, "space_inaccessible": [0] * spaces,
        "skill_used": [0] * players, "action_field_tokens": [0] * 7, "weather_tokens": [0, 0, 0], "wood_pile": [0] * 5,
        "ready": [0] * players, "hunting_deck_top": [], "hunting_top_seen": [], "hunting_deck_bottom": [], "chance": [],
        "pending_steps": [], "planned_actions": [], "additional_pawns": [], "action_dice": [0, 0, 0],
        "weather_dice": [], "weather_resolving": [0, 0, -1, 0], "mystery_draw": [], "outside_camp": [0] * players,
        "own_supply": [0] * (4 * players), "special_wounds": [], "items_used": [], "sources_gathered": [],
        "explored_tent": [0] * players, "meals_missed": [0] * (players + 1), "minus_one_pawn": [0] * players,
        "plan_changes": [0] * players,
    }


def test_a_position_written_by_hand_loads_reads_back_and_plays_to_the_end__s26_4() -> None:
    """The documented example loads, says what it holds in the rules' words, and is played on to the end."""
    state = GAME.load_state(written_by_hand())
    assert state.to_json()["resources"] == {"wood": 3, "food": 1, "nonperishable": 0, "fur": 0}
    assert state.to_json()["camp"] == "s10" and state.to_json()["tiles"] == {"8": "s10", "11": "s7"}
    assert state.round == 2 and state.weapon == 1 and state.wounds[1] == 2
    assert sorted(state.to_move()) == [0, 1]  # both castaways plan (§8.1, §26.1)
    assert any(str(a).startswith("place") for a in state.legal_actions(0))
    again = GAME.load_state(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    rng = random.Random(3)
    for _ in range(5000):
        if state.is_over():
            break
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(movers)
            state.apply(rng.choice(state.legal_actions(seat)))
    assert state.is_over()
    assert state.outcome().seats[0].reason


@pytest.mark.parametrize(("change", "named"), [
    (lambda d: d["resources"].update(wood=-1), "resources"),
    (lambda d: d["cards"].update(fire="item (future)"), "cards"),
    (lambda d: d["tiles"].update({"11": "s10"}), "tiles"),
    (lambda d: d.update(camp="s12"), "camp"),
    (lambda d: d.update(phase="lunch"), "phase"),
    (lambda d: d["wounds"].update(cook=1), "wounds"),
    (lambda d: d.update(decisions=[{"kind": "wood to the pile", "chooser": 1, "stage": 9}]), "decisions"),
])
def test_a_hand_written_position_with_a_slip_is_refused_naming_the_key(change: Any, named: str) -> None:
    """A slip in a hand-written position (a negative resource, a Future Item while planning, two tiles on one
    space, a space that does not exist, an unknown phase, a castaway not at the table, a stage the pile does
    not have) is a `SaveError` naming the key to fix."""
    doc = written_by_hand()
    change(doc)
    with pytest.raises(SaveError, match=named):
        GAME.load_state(doc)


def test_a_format_2_document_is_read_by_its_old_key_names() -> None:
    """Format 2 wrote short keys (`cur`, `xsrc`, `groups`, …) and an always-0 `econ_used`: such a document loads
    as the same position; one mixing in a format-3 key, or another `econ_used`, is refused naming the key."""
    state = Match.load(SAVES / "robinson-v2-9d6c6f4.json").state  # an Action resolving, an additional pawn
    old = GAME.documents(state)[1]
    assert old["format"] == 2 and old["cur"] == state.resolving_action >= 0 and old["xsrc"] and old["econ_used"] == 0
    assert "resolving_action" not in old and old["chars"] == state.to_json()["characters"]
    assert GAME.load_state(json.loads(json.dumps(old))).to_json() == state.to_json()
    with pytest.raises(SaveError, match="format 2 has no key 'planned_actions'"):
        GAME.load_state({**old, "planned_actions": old["groups"]})
    with pytest.raises(SaveError, match="'econ_used' of format 2 is always 0"):
        GAME.load_state({**old, "econ_used": 1})


def test_a_pending_decision_written_by_kind_is_asked__s25_1() -> None:
    """The wood-pile decision written by its kind and stage is the one the first player answers: Castaways'
    pile takes 1, 2, 3, 4 and 5 wood by stage; with stage 1 done, stage 2 takes at most its 2 wood."""
    doc = written_by_hand()
    doc["wood_added_to_pile"] = 0
    doc["phase_step"] = 1
    doc["wood_pile"] = [1, 0, 0, 0, 0]
    doc["decisions"] = [{"kind": "wood to the pile", "chooser": 1, "stage": 1}]
    state = GAME.load_state(doc)
    assert state.to_move() == [1]
    assert [str(a) for a in state.legal_actions(1)] == ["pile 0", "pile 1", "pile 2"]
    state.apply("pile 2", seat=1)
    assert state.pile[:2] == [1, 2] and state.to_json()["resources"]["wood"] == 1


def test_the_view_carries_the_pending_decision_by_kind() -> None:
    """`observe(seat)["pending"]` names what the table waits for by kind with its named fields, as
    docs/state-format/robinson.md says ("the pending decision in a seat's view")."""
    from outlast.games.robinson.decisions import AnyTimeWindow, NextAction, ShareHealing
    from robinson_helpers import planning

    t = planning()
    s = t.state
    assert s.observe(1)["pending"] == {  # a seat that may not say ready yet is told why (issue 24 §4 bug 3)
        "kind": "planning", "rule": "§8.1, §26.1", "not_ready_rule": "§8.1.1, §8.1.3",
        "not_ready": "not ready yet: your pawn 1 is not placed; your pawn 2 is not placed"}
    s.decisions.append(ShareHealing(0, 2))
    assert s.observe(1)["pending"] == {"kind": "share healing", "rule": "§13.2", "chooser": 0, "amount": 2}
    s.decisions[-1] = AnyTimeWindow(0, 4, 0b10, 0)
    assert s.observe(None)["pending"] == {"kind": "any-time window", "rule": "§26.3", "chooser": 0,
                                          "window": "night", "passed": [1]}
    s.decisions[-1] = NextAction(0, 3)
    assert s.observe(0)["pending"]["action_type"] == "gather"
    s.decisions.clear()
    s.chance = [10, 0, 0, 0]
    assert s.observe(0)["pending"] == {"kind": "chance", "rule": ""}
    json.dumps(s.observe(0))
