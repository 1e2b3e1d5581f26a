"""Robinson Crusoe content files (robinson-crusoe.md §17–§25, architecture §3): the shipped data loads,
matches the reference counts, renders readable text, and a broken file names its file, item and field."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import outlast
from outlast import ContentError
from outlast.core import UnknownGame
from outlast.games.robinson.content import CONTENT_DIR, VERBS, Content, load_content

C: Content = load_content()


def _of(kind: str) -> list[Any]:
    return [C.cards[i] for i in C.of_kind(kind)]


# ============================================================================ shipped content


def test_shipped_content_loads() -> None:
    c = load_content(CONTENT_DIR)
    assert len(c.cards) == len(C.cards) and c.by_id == C.by_id


def test_event_deck_has_enough_of_each_icon__s3_16_s25_3() -> None:
    """§3 step 16 takes ceil(12/2) = 6 cards from each pile; ship at least 12 of each."""
    icons = Counter(c.data["icon"] for c in _of("event"))
    assert icons["book"] >= 12
    assert icons["build"] + icons["gather"] + icons["explore"] >= 12
    assert min(icons["build"], icons["gather"], icons["explore"]) >= 3


@pytest.mark.parametrize("cid", ["insects", "winter_depression", "chronic_tiredness", "unusually_cold_night",
                                 "council", "storm", "memories_of_the_cruise", "bad_feelings", "body_on_the_beach",
                                 "despondency", "slow_work", "strong_wind", "night_howling", "heavy_rain", "frost",
                                 "cold_rain", "bush_fire"])
def test_reference_events_are_shipped__s22_2_s25_3(cid: str) -> None:
    assert C.card(cid).kind == "event"


def test_event_details__s8_6_s22_2() -> None:
    storm = C.card("storm").data
    assert storm["threat"]["needs"] == [{"wood": 1}, {"item": "shovel"}]
    assert storm["threat_effect"] == {"track": {"track": "palisade", "by": -1}}
    chanty = C.card("memories_of_the_cruise").data["threat"]
    assert chanty["pawns"] == 2
    assert {"determination": {"who": "acting", "n": 2}} in chanty["reward"]
    assert C.card("slow_work").data["threat_effect"] == {"repeat_event": {}}
    assert C.card("eyes_in_the_dark").data["threat"]["needs"] == [{"weapon": 2}]
    for ev in _of("event"):
        assert ev.data["threat"]["pawns"] in (1, 2)


def test_wreckage__s22_1() -> None:
    assert {c.id for c in _of("wreckage")} == {"food_crates", "wrecked_lifeboat", "captains_chest"}
    assert C.card("food_crates").data["two"] == {"gain": {"food": 1, "nonperishable": 1}}


@pytest.mark.parametrize("deck", ["build", "gather", "explore"])
def test_adventure_decks_hold_twelve_each__s25_4(deck: str) -> None:
    assert sum(1 for c in _of("adventure") if c.data["deck"] == deck) >= 12


@pytest.mark.parametrize(("cid", "deck"), [
    ("in_a_hurry", "build"), ("hungry_predator", "build"), ("accident", "build"), ("tools_break", "build"),
    ("nestlings", "gather"), ("fruit", "gather"), ("furs", "gather"), ("end_of_source", "gather"),
    ("cold_wind", "explore"), ("storm_on_the_horizon", "explore"), ("wild_berries", "explore"),
    ("vipers", "explore"), ("lost", "explore"),
])
def test_reference_adventures_are_shipped__s22_3_s25_4(cid: str, deck: str) -> None:
    assert C.card(cid).kind == "adventure" and C.card(cid).data["deck"] == deck


def test_hungry_predator_is_the_decide_example__s12_4() -> None:
    """TV-19/TV-20: (a) 2 Wounds + 2 food + 1 fur, discarded; (b) 1 food, Palisade -1, into the Event deck."""
    a, b = C.card("hungry_predator").data["action"]["choose"]
    assert {"gain": {"food": 2, "fur": 1}} in a and {"shuffle_into_events": {}} not in a
    assert b[-1] == {"shuffle_into_events": {}} and {"track": {"track": "palisade", "by": -1}} in b


def test_collapse_event_half_is_shipped__s5_6() -> None:
    halves = {c.data["event_name"]: c.data["event"] for c in _of("adventure")}
    assert halves["Collapse"] == {"halve": {"track": "roof"}}
    assert halves["Storm"] == {"weather_token": {"token": "storm"}}


def test_returning_cards_say_so__s16_10() -> None:
    """A card that is reached in the Event phase only by being shuffled in must carry that shuffle somewhere."""
    for card in _of("adventure") + _of("mystery"):
        verbs = {v for v, _ in VERBS.verbs_in(card.data["action"])}
        if card.data.get("event") and card.kind == "mystery":
            assert "shuffle_into_events" in verbs, card.id


def test_mysteries__s22_4_s25_5() -> None:
    types = Counter(c.data["type"] for c in _of("mystery"))
    assert sum(types.values()) >= 24
    assert min(types["treasure"], types["monster"], types["trap"]) >= 6
    for cid in ("gold", "boxes", "barrel", "bottle_of_wine", "candles", "compass", "hammock", "rope_coil",
                "unfortunate_adventure", "lurking_panther", "wild_boar", "pit_trap", "poisoned_dart"):
        assert C.card(cid).kind == "mystery", cid
    assert C.card("bottle_of_wine").data["keep"] == {"uses": 1, "when": "night",
                                                     "effect": {"heal": {"who": "split", "n": 1}}}
    assert C.card("unfortunate_adventure").data["event"] == {"fight": {"strength": 4, "who": "fp"}}


def test_beasts__s25_6() -> None:
    beasts = {c.id: c.data for c in _of("beast")}
    assert len(beasts) == 16
    assert [(b["strength"], b["weapon_loss"], b["food"], b["fur"]) for b in beasts.values()] == [
        (1, 0, 2, 0), (2, 2, 2, 0), (2, 0, 2, 1), (3, 1, 2, 1), (3, 1, 3, 1), (3, 0, 2, 1), (4, 1, 3, 1),
        (4, 1, 2, 1), (4, 1, 3, 1), (5, 0, 2, 1), (5, 1, 3, 2), (5, 0, 4, 1), (6, 2, 5, 2), (6, 3, 5, 2),
        (6, 2, 3, 0), (6, 1, 5, 2)]
    assert beasts["gorilla"]["extra"] == {"draw": {"deck": "discovery", "n": 1}}
    assert sum(1 for b in beasts.values() if "unless_built" in (b.get("extra") or {})) == 3


def test_inventions__s17_2_s25_12() -> None:
    inv = {c.id: c.data for c in _of("invention")}
    assert set(inv) == {"basket", "bed", "belts", "bow", "bricks", "cellar", "corral", "cure", "dam", "diary", "drums",
                        "fire", "fireplace", "furnace", "knife", "lantern", "map", "moat", "pit", "pot", "raft", "rope",
                        "sack", "shield", "shortcut", "shovel", "sling", "snare", "spear", "wall", "hatchet", "mast"}
    groups = Counter(d["group"] for d in inv.values())
    assert groups == {"starting": 9, "normal": 17, "personal": 4, "scenario": 2}
    assert {i: d["owner"] for i, d in inv.items() if d["group"] == "personal"} == {
        "snare": "carpenter", "fireplace": "cook", "shortcut": "explorer", "spear": "soldier"}
    assert inv["bow"]["items"] == ["knife", "rope"] and inv["bow"]["cost"] == [{"wood": 1}]
    assert inv["sling"]["cost"] == [{"wood": 1}, {"fur": 1}]
    assert inv["mast"]["cost"] == [{"wood": 1, "fur": 1}]
    for req_only in ("cure", "rope", "shovel"):
        assert "on_build" not in inv[req_only] and "passive" not in inv[req_only]


def test_starting_items__s22_5_s25_7() -> None:
    items = {c.id: c.data for c in _of("start_item")}
    assert list(items) == ["pistol", "empty_bottle", "biscuits", "pipe_and_tobacco", "bible", "flask_of_rum",
                           "hammer", "storm_glass"]
    assert all(d["uses"] == 2 for d in items.values())
    assert items["pistol"]["use"]["when"] == "action" and items["storm_glass"]["use"]["when"] == "weather"


def test_island__s25_2() -> None:
    assert C.spaces == ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2), (1, 2), (-2, 3), (-1, 3), (0, 3))
    assert [t.number for t in C.tiles] == list(range(1, 12))
    t8 = C.tiles[7]
    assert (t8.terrain, t8.sources, t8.discoveries) == ("beach", ("food", "wood"), 0)
    assert [t.number for t in C.tiles if t.tent] == [2, 11]
    assert sum(t.discoveries for t in C.tiles) == 16
    start = C.spaces.index((-1, 3))
    assert sorted(C.spaces[n] for n in C.neighbours[start]) == [(-2, 3), (-1, 2), (0, 2), (0, 3)]


def test_discovery_tokens__s19_s25_14() -> None:
    generic = [k for k in C.token_kinds if not k.scenario]
    scenario = [k for k in C.token_kinds if k.scenario]
    assert len(generic) == 13 and len(scenario) == 4
    assert sum(1 for t in C.tokens if not C.token_kinds[t].scenario) == 18
    assert {k.id for k in scenario} == {"herbs", "oil", "pirate_sabre", "ladys_medallion"}
    assert {k.id for k in generic if k.needs_item == "pot"} == {"vegetables", "poison", "healing_herbs", "herbs_pot"}
    assert [k.id for k in generic if k.needs_weapon] == ["goat"]
    assert {k.id for k in generic if k.immediate} == {"thorny_bushes", "old_machete", "tobacco", "fallen_tree",
                                                       "nourishing_larvae"}
    assert all(k.text and "{" not in k.text for k in C.token_kinds)


def test_characters_and_skills__s13_s25_9() -> None:
    assert [(ch.id, ch.death_at, ch.arrows, ch.personal, ch.solo_ok) for ch in C.characters] == [
        ("carpenter", 13, (3, 6, 9, 11), "snare", True), ("cook", 13, (2, 4, 6, 9), "fireplace", True),
        ("explorer", 12, (2, 5, 8, 10), "shortcut", True), ("soldier", 12, (3, 6, 8, 10), "spear", False)]
    skills = [s for ch in C.characters for s in ch.skills]
    assert [s.id for s in skills] == [
        "economical_construction", "craftsmanship", "a_new_idea", "handyman", "grandmas_recipe", "scrounger",
        "stone_soup", "hooch", "child_of_fortune", "reconnaissance", "motivational_speech", "scouting", "tracking",
        "defense_plan", "frenzy", "the_hunt"]
    assert [s.cost for s in skills] == [2, 2, 3, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2, 3, 4]
    assert all(s.text and "{" not in s.text for s in skills)
    assert (C.friday_death_at, C.friday_reroll_cost) == (4, 2)


def test_tables__s25_8_s25_10_s25_11_s8_8_2() -> None:
    assert [(f.count("wound"), s.count("success"), a.count("adventure")) for f, s, a in
            (C.dice[t] for t in ("build", "gather", "explore"))] == [(2, 4, 3), (1, 5, 3), (3, 5, 5)]
    assert Counter(C.weather_dice["rain"]) == {"rain1": 3, "rain2": 2, "winter1": 1}
    assert Counter(C.weather_dice["winter"]) == {"winter1": 2, "winter2": 2, "rain2": 2}
    assert Counter(C.weather_dice["animals"]) == {"blank": 2, "palisade": 2, "food": 1, "fight": 1}
    assert C.morale == ((-3, -3), (-2, -2), (-1, -1), (0, 0), (1, 1), (2, 2), (3, 2))
    assert C.costs == {1: (2, 1), 2: (2, 1), 3: (3, 2), 4: (4, 3)}


def test_castaways__s25_1() -> None:
    (sc,) = C.scenarios
    assert (sc.id, sc.rounds, sc.pile, sc.win_from, sc.win_items, sc.wreckage, sc.start_tile) == (
        "castaways", 12, (1, 2, 3, 4, 5), 10, ("fire",), "food_crates", 8)
    assert sc.weather[:3] == ((), (), ()) and sc.weather[3] == ("rain",)
    assert sc.weather[6] == sc.weather[11] == ("rain", "winter", "animals")
    assert sc.inventions == ("hatchet", "mast")


def test_every_card_has_readable_text() -> None:
    for card in C.cards:
        assert card.text.strip(), card.id
        assert "{" not in card.text and "}" not in card.text, (card.id, card.text)
        assert card.name.strip(), card.id


def test_names_are_unique_within_a_kind() -> None:
    """Players tell cards apart by name; two cards of one kind never share one."""
    for kind in ("event", "adventure", "mystery", "beast", "invention", "start_item", "wreckage"):
        names = [c.name for c in _of(kind)]
        assert len(names) == len(set(names)), kind


def test_effects_stay_in_the_reference_scale() -> None:
    """Authored cards keep to the §22/§25 scale: small gains and losses, at most 2 Wounds to one player."""
    for card in C.cards:
        if card.kind in ("invention", "beast"):
            continue
        for key in ("event", "threat_effect", "action", "one", "two"):
            for verb, p in VERBS.verbs_in(card.data[key]) if card.data.get(key) else []:
                if verb in ("wound", "heal"):
                    assert p["n"] <= 2, card.id
                if verb == "morale":
                    assert abs(p["by"]) <= 2, card.id
                if verb == "gain":
                    assert all(p.get(r, 0) <= 2 for r in ("wood", "food", "fur", "nonperishable")), card.id


def test_lint_can_load_robinson() -> None:
    """`outlast lint` checks every registered game; once Robinson is registered it must pass on shipped data."""
    try:
        game = outlast.load_game("robinson")
    except UnknownGame:
        pytest.skip("robinson is not registered yet")
    assert game.lint()


# ============================================================================ broken content


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


def _edit(d: Path, name: str, change: Callable[[Any], Any]) -> None:
    path = d / name
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc = change(doc) or doc
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def _set(lst: list[dict[str, Any]], rid: str, **fields: Any) -> None:
    next(r for r in lst if r.get("id") == rid).update(fields)


def _get(lst: list[dict[str, Any]], rid: str) -> dict[str, Any]:
    return next(r for r in lst if r.get("id") == rid)


def _drop(container: Any, key: Any) -> None:
    """Remove one entry (a list index or a mapping key) and return None, so `_edit` keeps the document."""
    del container[key]


def _dup_first(lst: list[dict[str, Any]]) -> None:
    lst.append(dict(lst[0]))


@pytest.mark.parametrize(("file", "change", "item", "field"), [
    # unknown verb
    ("adventures.yaml", lambda d: _set(d, "fruit", action={"teleport": {}}), "fruit", "action"),
    ("events.yaml", lambda d: _get(d, "frost")["threat"].update(reward={"fly": {}}), "frost", "reward"),
    # missing parameter
    ("beasts.yaml", lambda d: _set(d, "boa", extra={"draw": {"deck": "discovery"}}), "boa", "n"),
    ("mysteries.yaml", lambda d: _set(d, "wild_boar", action={"fight": {"food": 2}}), "wild_boar", "strength"),
    # wrong type
    ("events.yaml", lambda d: _get(d, "insects")["threat"].update(pawns="one"), "insects", "pawns"),
    ("starting_items.yaml", lambda d: _set(d, "pistol", uses="two"), "pistol", "uses"),
    ("mysteries.yaml", lambda d: _set(d, "gold", type="jewel"), "gold", "type"),
    ("inventions.yaml", lambda d: _set(d, "sling", on_build={"track": {"track": "weapon", "by": "2"}}), "sling",
     "by"),
    # unknown field
    ("mysteries.yaml", lambda d: _set(d, "gold", colour="yellow"), "gold", "colour"),
    ("characters.yaml", lambda d: d["characters"][0].update(nickname="Chips"), "carpenter", "nickname"),
    # bad references
    ("inventions.yaml", lambda d: _set(d, "bow", items=["knife", "nosuch"]), "bow", "items"),
    ("events.yaml", lambda d: _get(d, "storm")["threat"].update(needs=[{"item": "nosuch"}]), "storm",
     "threat.needs"),
    ("mysteries.yaml", lambda d: _get(d, "rope_coil")["keep"].update(effect={"counts_as": {"item": "nosuch"}}),
     "rope_coil", "counts_as.item"),
    ("adventures.yaml", lambda d: _set(d, "vipers", action={"unless_built": {"item": "nosuch", "effect": {
        "wound": {"who": "acting", "n": 2}}}}), "vipers", "unless_built.item"),
    ("discoveries.yaml", lambda d: _get(d, "poison")["use"].update(needs_item="nosuch"), "poison",
     "use.needs_item"),
    ("characters.yaml", lambda d: d["characters"][1].update(personal="bow"), "cook", "personal"),
    ("scenarios.yaml", lambda d: d[0].update(wreckage="insects"), "castaways", "wreckage"),
    ("scenarios.yaml", lambda d: d[0].update(inventions=["hatchet", "nosuch"]), "castaways", "inventions"),
    # rule limits
    ("events.yaml", lambda d: _get(d, "storm")["threat"].update(pawns=3), "storm", "threat.pawns"),
    ("inventions.yaml", lambda d: _set(d, "bed", terrain=["swamp"]), "bed", "terrain"),
    ("inventions.yaml", lambda d: _drop(_get(d, "snare"), "owner"), "snare", "owner"),
    ("characters.yaml", lambda d: _drop(d["characters"][2]["skills"], -1), "explorer", "skills"),
    ("characters.yaml", lambda d: d["characters"][3].update(arrows=[3, 6, 8, 12]), "soldier", "arrows"),
    ("tables.yaml", lambda d: d["action_dice"]["gather"].update(wound=["wound", "blank"]), "action_dice.gather",
     "wound"),
    ("tables.yaml", lambda d: _drop(d["morale"], 3), "morale", "level"),
    ("island.yaml", lambda d: d["tiles"][0].update(sources=["wood", "gold"]), "tile 1", "sources"),
    ("discoveries.yaml", lambda d: _set(d, "goat", count=0), "goat", "count"),
    # repeated ids and empty files
    ("mysteries.yaml", _dup_first, "gold", "id"),
    ("events.yaml", lambda d: _set(d, "landslide", id="insects"), "insects", "id"),
    ("beasts.yaml", lambda d: d.clear(), "-", "-"),
])
def test_broken_content_names_file_item_and_field(tmp_path: Path, file: str, change: Callable[[Any], Any],
                                                   item: str, field: str) -> None:
    d = _copy(tmp_path)
    _edit(d, file, change)
    with pytest.raises(ContentError) as info:
        load_content(d)
    err = info.value
    assert (err.file, err.item, err.field) == (file, item, field), str(err)
    assert file in str(err) and item in str(err)


def test_an_id_shared_by_two_files_is_a_fault(tmp_path: Path) -> None:
    """Card ids are global (`Content.by_id`): an Event may not reuse an Invention's id."""
    d = _copy(tmp_path)
    _edit(d, "events.yaml", lambda doc: _set(doc, "bush_fire", id="fire"))
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.item == "fire" and info.value.field == "id"


@pytest.mark.parametrize("name", ["events.yaml", "island.yaml", "characters.yaml", "tables.yaml", "scenarios.yaml",
                                  "discoveries.yaml"])
def test_missing_file(tmp_path: Path, name: str) -> None:
    d = _copy(tmp_path)
    (d / name).unlink()
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == name and "missing" in str(info.value)


def test_unparsable_file(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    (d / "adventures.yaml").write_text("- id: fruit\n  action: {gain: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "adventures.yaml" and "YAML" in str(info.value)
