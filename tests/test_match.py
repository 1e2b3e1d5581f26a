"""Match: save, load, replay and undo (architecture §4); corrupt documents raise SaveError."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import outlast
from fuji_helpers import GAME, Table
from outlast import CHANCE, IllegalAction, Match, SaveError
from outlast.core import state_digest
from outlast.core.match import document_digest


def _played(seed: int = 3, steps: int = 120, **options: Any) -> Match:
    """A match played by random legal choices (chance from the state's own RNG)."""
    m = Match.new("fuji", seed, players=3, level=2, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        m.resolve_chance()
        if m.state.is_over():
            break
        seat = rng.choice(m.state.to_move())
        legal = m.state.legal_actions(seat)
        m.play(legal[rng.randrange(len(legal))])
    return m


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    m = _played()
    path = tmp_path / "game.json"
    m.save(path)
    back = Match.load(path)
    assert back.state.to_json() == m.state.to_json()
    assert back.history == m.history
    assert back.to_json() == m.to_json()
    assert back.options == m.options and back.seed == m.seed


def test_save_document_is_plain_json() -> None:
    m = _played(steps=30)
    doc = m.to_json()
    assert doc["format"] == "outlast-match" and doc["game"] == "fuji"
    assert doc["rules_version"] == GAME.rules_version
    assert json.loads(json.dumps(doc)) == doc
    assert all(isinstance(row, list) and len(row) == 3 for row in doc["actions"])
    assert doc["digest"] == state_digest(m.state)


def test_replay_visits_every_state() -> None:
    m = _played(steps=80)
    states = list(m.replay())
    assert states[0][0] is None
    assert len(states) == len(m.history) + 1
    assert [e for e, _ in states[1:]] == m.history
    assert states[-1][1].to_json() == m.state.to_json()


def test_same_seed_and_actions_give_the_same_game() -> None:
    a, b = _played(seed=8), _played(seed=8)
    assert a.state.to_json() == b.state.to_json()
    assert state_digest(a.state) == state_digest(b.state)


def test_match_with_random_scenario_replays() -> None:
    m = _played(seed=4, steps=40, scenario="random")
    back = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back.state.to_json() == m.state.to_json()


# ============================================================================ undo


def _to_plan(seed: int = 2) -> Match:
    m = Match.new("fuji", seed, players=3, skills="buddy,gatherer,scout")
    m.resolve_chance()
    while m.state.to_move() != [CHANCE] and m.state.phase == 0:
        seat = m.state.to_move()[0]
        m.play(m.state.legal_actions(seat)[0])
        m.resolve_chance()
    assert m.state.phase == 2
    return m


def test_undo_own_last_action() -> None:
    m = _to_plan()
    before = m.state.to_json()
    m.play("mark E1", 0)
    assert m.can_undo(0) is None
    popped = m.undo(0)
    assert popped.text == "mark E1" and popped.seat == 0
    assert m.state.to_json() == before


def test_undo_refused_across_another_seats_move() -> None:
    m = _to_plan()
    m.play("mark E1", 0)
    m.play("mark D2", 1)
    reason = m.can_undo(0)
    assert reason and "another seat" in reason
    with pytest.raises(IllegalAction) as info:
        m.undo(0)
    assert info.value.rule == "architecture §4"
    assert m.can_undo(1) is None


def test_undo_refused_across_chance() -> None:
    m = Match.new("fuji", 1, players=3)
    m.resolve_chance()
    assert m.history and m.history[-1].seat == CHANCE
    reason = m.can_undo(CHANCE) or ""
    assert "reveal" in reason
    for seat in range(3):
        assert m.can_undo(seat)


def _match_of(t: Table) -> Match:
    """The Match of a scripted `Table` game: its log (chosen chance outcomes included) replayed."""
    m = Match.new("fuji", 0, **{k: v for k, v in t.state.table.options.items() if k in
                                ("players", "level", "scenario", "variant", "extra_thrill")})
    for seat, text in t.applied:
        m.play(text, seat)
    assert m.state.to_json() == t.state.to_json()
    return m


def test_undo_refused_after_a_reveal() -> None:
    """A card that shows dice to others (Radio) cannot be taken back."""
    t = Table.new(players=3, skills="buddy,gatherer,scout", cards={0: ["radio"]}, rolls={})
    m = _match_of(t)
    m.play("mark E1", 0)
    assert m.can_undo(0) is None
    m.play("use radio", 0)
    assert m.history[-1].reveal
    assert "revealed" in (m.can_undo(0) or "")
    with pytest.raises(IllegalAction):
        m.undo(0)


def test_undo_never_crosses_a_roll() -> None:
    """A reroll's dice are a reveal: once rolled, the reroll cannot be undone."""
    t = Table.new(players=3, skills="buddy,gatherer,scout", cards={0: ["flashlight"]}, rolls={})
    m = _match_of(t)
    m.play("use flashlight", 0)
    assert m.can_undo(0) is None  # nothing rolled yet
    m.play("reroll 1", 0)
    m.resolve_chance()
    assert m.history[-1].seat == CHANCE
    assert "reveal" in (m.can_undo(0) or "")


def test_nothing_to_undo() -> None:
    m = Match.new("fuji", 1)
    assert m.can_undo(0) == "nothing to undo"


# ============================================================================ corrupt saves


def _doc() -> dict[str, Any]:
    return json.loads(json.dumps(_played(steps=60).to_json()))


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(format="something-else"), "not an outlast save file"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.pop("seed"), "'seed'"),
    (lambda d: d.update(seed="seven"), "'seed'"),
    (lambda d: d.update(actions={}), "'actions'"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d.update(rules_version=7), "'rules_version'"),
    (lambda d: (d.update(rules_version="fuji-1999"), d["actions"].pop()), "rules 'fuji-1999'"),
    (lambda d: d["options"].update(players=9), "options are invalid"),
    (lambda d: d["actions"].append("go"), "malformed"),
    (lambda d: d["actions"].append([0, 5, False]), "malformed"),
    (lambda d: d["actions"].insert(40, [0, "fly away", False]), "cannot be replayed"),
    (lambda d: d["actions"].__setitem__(0, [CHANCE, "deal skill 0 nonsense", True]), "cannot be replayed"),
    (lambda d: d.update(digest="0" * 16), "altered"),
    (lambda d: d.update(seed=d["seed"] + 1), "altered"),
    (lambda d: d.update(version=True), "version"),
    (lambda d: d.pop("content"), "'content'"),
    (lambda d: d.update(content=7), "'content'"),
    (lambda d: d.update(content="0123456789abcdef"), "content '0123456789abcdef'"),
])
def test_corrupt_save_documents_raise_save_error(mutate: Any, message: str) -> None:
    doc = _doc()
    mutate(doc)
    with pytest.raises(SaveError) as info:
        Match.from_json(doc)
    assert message in str(info.value)


def test_truncated_altered_foreign_and_missing_files(tmp_path: Path) -> None:
    m = _played(steps=60)
    good = tmp_path / "good.json"
    m.save(good)
    text = good.read_text()
    cases = {
        "truncated.json": (text[: len(text) // 2], "not valid JSON"),
        "foreign.json": (json.dumps({"name": "a recipe", "eggs": 3}), "not an outlast save file"),
        "list.json": ("[1, 2, 3]", "not an outlast save file"),
        "altered.json": (text.replace('"mark ', '"mark_', 1) if '"mark ' in text else text.replace('"ready"', '"readyy"', 1),
                         "cannot be replayed"),
    }
    for name, (body, message) in cases.items():
        p = tmp_path / name
        p.write_text(body)
        with pytest.raises(SaveError) as info:
            Match.load(p)
        assert message in str(info.value), name
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError):
        Match.load(binary)
    with pytest.raises(SaveError) as info:
        Match.load(tmp_path / "missing.json")
    assert "cannot read" in str(info.value)


# ============================================================================ load_state


def _state_doc() -> dict[str, Any]:
    return json.loads(json.dumps(_played(steps=70).state.to_json()))


def test_load_state_round_trip() -> None:
    m = _played(steps=90)
    doc = m.state.to_json()
    back = GAME.load_state(json.loads(json.dumps(doc)))
    assert back.to_json() == doc
    assert back.observe(0) == m.state.observe(0)
    assert [str(a) for a in back.legal_actions(back.to_move()[0])] == \
        [str(a) for a in m.state.legal_actions(m.state.to_move()[0])] if m.state.to_move() else True


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(game="robinson"), "not 'fuji'"),
    (lambda d: d.update(format=7), "format"),
    (lambda d: d.update(format=1), "format 1"),
    (lambda d: d.update(rules_version="old"), "rules version"),
    (lambda d: d.pop("options"), "options"),
    (lambda d: d["options"].update(players=8), "bad options"),
    (lambda d: d.pop("stamina"), "'stamina'"),
    (lambda d: d.update(phase="two"), "'phase'"),
    (lambda d: d.update(phase=42), "impossible phase"),
    (lambda d: d.update(ended="draw"), "impossible result"),
    (lambda d: d.update(ended=5), "'ended'"),
    (lambda d: d.update(stamina=[0]), "'stamina'"),
    (lambda d: d.update(die_face={die: 9 for die in d["die_face"]}), "die face"),
    (lambda d: d.update(position=["Z99"] * len(d["position"])), "off the board"),
    (lambda d: d.update(decisions=[["x", 1, 2, 3, 4]]), "malformed"),
    (lambda d: d.update(card_location="everywhere"), "'card_location'"),
    (lambda d: d.update(reason=5), "'reason'"),
    (lambda d: d.update(events=[{"kind": "x"}]), "lacks field"),
    (lambda d: d.update(skill=[99] * len(d["skill"])), "'skill'"),
    (lambda d: d.update(character=[-7] * len(d["character"])), "'character'"),
    (lambda d: d.update(terrain={cell: 999 for cell in d["terrain"]}), "'terrain'"),
    (lambda d: d.update(card_location={card: 77 for card in d["card_location"]}), "'card_location'"),
    (lambda d: d.update(die_holder={die: 9 for die in d["die_holder"]}), "'die_holder'"),
    (lambda d: d.update(decisions=[{"kind": "nap", "seat": 0, "meeple": 0}]), "pending decision"),
    (lambda d: d.update(decisions=[{"kind": "reroll", "seat": 0}]), "pending decision"),
    (lambda d: d.update(chance=[{"kind": "roll", "die": "0:1", "face": 3}]), "chance point"),
])
def test_load_state_of_a_corrupt_document_raises_save_error(mutate: Any, message: str) -> None:
    doc = _state_doc()
    mutate(doc)
    with pytest.raises(SaveError) as info:
        GAME.load_state(doc)
    assert message in str(info.value)


def test_load_state_of_a_non_document() -> None:
    for bad in (None, [], "fuji", 3):
        with pytest.raises(SaveError):
            GAME.load_state(bad)  # type: ignore[arg-type]


def test_unknown_game_in_registry_and_match() -> None:
    with pytest.raises(outlast.core.UnknownGame):
        Match.new("nonexistent")


def test_a_save_records_the_content_it_was_played_with__architecture_s3() -> None:
    doc = _doc()
    assert doc["version"] == 2 and doc["content"] == GAME.content_id(doc["options"])
    assert len(doc["content"]) == 16 and Match.from_json(doc).state.to_json() == _played(steps=60).state.to_json()
    doc["content"] = "feedfacefeedface"
    with pytest.raises(SaveError) as err:
        Match.from_json(doc)
    assert "feedfacefeedface" in str(err.value) and GAME.content_id(doc["options"]) in str(err.value)


def test_a_version_1_save_without_a_content_id_still_loads() -> None:
    doc = _doc()
    del doc["content"]
    doc["version"] = 1
    assert Match.from_json(doc).state.to_json() == _played(steps=60).state.to_json()
    doc["digest"] = "0" * 16  # a digest of the old position format: it cannot be checked, the game still loads
    assert Match.from_json(doc).state.to_json() == _played(steps=60).state.to_json()
    doc["actions"].insert(40, [0, "fly away", False])  # but every action must still replay
    with pytest.raises(SaveError, match="cannot be replayed"):
        Match.from_json(doc)


def test_the_content_id_follows_the_content_files() -> None:
    ids = {name: outlast.load_game(name).content_id({}) for name in outlast.list_games()}
    assert len(set(ids.values())) == len(ids) and all(len(i) == 16 for i in ids.values())
    assert outlast.load_game("fuji").content_id({"players": 4}) == ids["fuji"]


SAVES = Path(__file__).parent / "saves"
"""Save files written by earlier engines, kept as they were made (the commit is in the name)."""


@pytest.mark.parametrize("name", ["fuji-v2-9d6c6f4.json", "robinson-v2-9d6c6f4.json"])
def test_a_save_made_by_the_engine_at_9d6c6f4_loads_with_its_digest_checked(name: str) -> None:
    """Saves made before the position formats were renamed (Fuji and Robinson format 2) still load, and their
    digest, taken over the format-2 document, is still checked: a save with its last action cut is refused."""
    doc = Match.read_document(SAVES / name)
    match = Match.from_json(doc)
    assert [[e.seat, e.text, e.reveal] for e in match.history] == doc["actions"]
    assert not match.state.is_over() and match.state.to_move()
    doc["actions"] = doc["actions"][:-1]
    with pytest.raises(SaveError, match="digest does not match"):
        Match.from_json(doc)


def test_a_save_under_an_earlier_rules_version_loads_when_its_game_is_unchanged() -> None:
    """A rules change that did not touch a saved game leaves it loadable: every action replays and the digest
    matches; a save the change did touch is refused naming both rules versions (docs/api.md)."""
    doc = _doc()
    doc["rules_version"] = "fuji-1999"
    position = Match.from_json(_doc()).state.to_json()
    doc["digest"] = document_digest({**position, "rules_version": "fuji-1999"})  # as that engine wrote it
    assert Match.from_json(doc).to_json()["actions"] == doc["actions"]
    doc["digest"] = "0" * len(doc["digest"])
    with pytest.raises(SaveError, match="rules 'fuji-1999', this engine has fuji-.*does not replay the same"):
        Match.from_json(doc)
