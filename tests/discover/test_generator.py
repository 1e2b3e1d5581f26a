"""The copy generator (discover.md §1.3, §16, §17.4–§17.16, §17.24): determinism, counts, the known cards, pools."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from outlast.core import ContentError
from outlast.games.discover.copy import Card, Copy
from outlast.games.discover.generator import GENERATOR_VERSION, copy_id_for, generate_copy
from outlast.games.discover.generator_pools import CONTENT_DIR, load_pools
from outlast.games.discover.terms import (
    BACK_COUNTS,
    BACK_RESOURCES,
    CARD_KINDS,
    CLEAN_WATER,
    DIRTY_WATER,
    INSTANT,
    ITEM,
    MEAT,
    TERRAINS,
    THINNED,
    UPGRADE,
)
from outlast.games.discover.validate import validate_copy
from outlast.games.discover.verbs import VERBS

OCEAN, BEACH = TERRAINS.index("ocean"), TERRAINS.index("beach")


@pytest.fixture(scope="module")
def copy0() -> Copy:
    return generate_copy(0)


def cards(made: Copy, number: int) -> list[Card]:
    return [c for c in made.cards if c.number == number]


def test_copy_id_is_pinned_and_hash_based__s17_24() -> None:
    assert GENERATOR_VERSION == 2
    assert copy_id_for(0) == "e6b190f6cd6fa4b8"
    assert len(copy_id_for(123)) == 16 and copy_id_for(123) != copy_id_for(124)


def test_same_seed_same_copy__s17_24(copy0: Copy) -> None:
    again = generate_copy(0)
    assert again == copy0 and again.copy_id == copy0.copy_id and again.counts == copy0.counts


def test_two_seeds_differ_in_content_not_only_order__s17_24(copy0: Copy) -> None:
    other = generate_copy(1)
    names0 = {c.name for c in copy0.cards}
    names1 = {c.name for c in other.cards}
    assert names0 != names1
    assert {c.name for c in copy0.characters} != {c.name for c in other.characters}


def test_hundreds_of_seeds_are_all_valid__s17_24() -> None:
    for seed in range(250):
        made = generate_copy(seed)
        validate_copy(made)
        counts = dict(made.counts)
        assert 44 <= counts["exploration_cards"] <= 52
        assert 13 <= counts["enemy_cards"] <= 17
        assert 1 <= counts["lethal_enemies"] <= 3
        assert 2 <= counts["ongoing_threats"] <= 4
        assert 1 <= counts["tribal_threats"] <= 3
        assert 8 <= counts["landmarks"] <= 12
        assert 0 <= counts["objectives"] <= 3


def test_island_layout_and_terrain__s17_2_s17_4(copy0: Copy) -> None:
    assert Counter(t.pile for t in copy0.tiles) == {0: 1, 1: 4, 2: 5, 3: 4, 4: 3}
    assert copy0.tiles[0].pile == 0 and all(len(t.spaces) == 7 for t in copy0.tiles)
    start = copy0.tiles[0]
    assert all(s.feature < 0 and not s.water for s in start.spaces) and not start.spaces[0].landmark
    for t in copy0.tiles:
        oceans = [i for i, s in enumerate(t.spaces) if s.terrain == OCEAN]
        assert t.pile >= 2 or not oceans
        for i in oceans:
            assert i != 0  # the centre is inland
            for j in (1 + i % 6, 1 + (i - 2) % 6):  # ring neighbours on the same tile
                assert t.spaces[j].terrain in (OCEAN, BEACH)
        assert sum(s.feature >= 0 for s in t.spaces) <= 4
        assert all(not (s.terrain == OCEAN and (s.landmark or s.feature >= 0 or s.water)) for s in t.spaces)


def test_feature_tokens_follow_their_backs__s17_5(copy0: Copy) -> None:
    assert Counter(f.back for f in copy0.features) == dict(enumerate(BACK_COUNTS))
    numbers = Counter(c.number for c in copy0.cards)
    for f in copy0.features:
        assert bool(f.resources) != bool(f.number)
        assert all(r in BACK_RESOURCES[f.back] for r in f.resources) and len(f.resources) <= 2
        assert not f.number or (4 <= f.number <= 88 and numbers[f.number])


def test_waters_and_monsters__s17_14_s17_16(copy0: Copy) -> None:
    assert sorted(w.resource for w in copy0.waters) == [CLEAN_WATER, DIRTY_WATER, DIRTY_WATER]
    normal = [m for m in copy0.monsters if not m.special]
    special = [m for m in copy0.monsters if m.special]
    assert len(normal) == 8 and 75 in {m.number for m in normal}
    assert len(special) == 3 and 86 in {m.number for m in special}
    for m in special:
        assert all(c.enemy is not None and c.enemy.special for c in cards(copy0, m.number))


def test_abandoned_cabin_warm_bed_silver_key__s16_3(copy0: Copy) -> None:
    (cabin,), (bed,), (key,) = cards(copy0, 1), cards(copy0, 2), cards(copy0, 33)
    assert (cabin.name, cabin.kind, cabin.phrases, cabin.effect) == (
        "Abandoned Cabin", INSTANT, ("door is locked",), [{"resolve": {"card": 3}}])
    assert (bed.name, bed.kind) == ("Warm Bed", UPGRADE)
    (sleep,) = bed.abilities
    assert (sleep.use, sleep.query, sleep.amount, sleep.condition) == ("passive", "sleep_bonus", 2, {"at_landmark": 1})
    assert (key.name, key.kind, key.traits) == ("Silver Key", ITEM, ("Master Key",))
    (switch,) = key.abilities
    assert (switch.use, switch.condition, switch.amount) == ("key", {"phrase": "door is locked"}, 1)
    assert all(c.kind == INSTANT and c.effect for c in cards(copy0, 3))


def test_giant_python_and_special_86__s16_2_s17_7(copy0: Copy) -> None:
    python = cards(copy0, 75)[0].enemy
    assert python is not None
    assert (python.defense, python.attack, python.health, python.reward, python.lethal, python.retreat) == (
        8, 6, 2, ((MEAT, 2),), False, 1)
    assert all(c.enemy is not None and c.enemy.special for c in cards(copy0, 86))
    enemies = [c.enemy for c in copy0.cards if 61 <= c.number <= 88 and c.enemy]
    assert any(e.retreat == 2 for e in enemies)
    assert all(4 <= e.defense <= 10 and (e.attack == 0 or 4 <= e.attack <= 11) and 1 <= e.health <= 4
               for e in enemies)


def test_bow_and_arrow_and_projects__s16_9_s17_8_s17_9(copy0: Copy) -> None:
    bows = cards(copy0, 93)
    assert len(bows) == 2 and bows[0] == replace(bows[1], id=bows[0].id)
    bow = bows[0]
    assert (bow.name, bow.traits, bow.counters) == ("Bow and Arrow", ("Weapon",), 4)
    (shot,) = bow.abilities
    assert (shot.use, shot.pay, shot.once) == ("combat", ("counter", "wood"), "combat")
    assert shot.effect == [{"choose": [[{"reroll": {"dice": "gray"}}], [{"reroll": {"dice": "red"}}],
                                       [{"reroll": {"dice": "both"}}]]}]
    assert [len(cards(copy0, n)) for n in range(89, 100)] == [2] * 11
    (project,) = [p for p in copy0.projects if p.item == 93]
    assert (project.cost, project.fire, project.advanced) == (((4, 2), (7, 1)), False, False)
    assert sorted(p.item for p in copy0.projects if not p.advanced) == list(range(89, 97))
    assert sorted(p.item for p in copy0.projects if p.advanced) == [97, 98, 99]
    fire_makers = [c for c in copy0.cards if 89 <= c.number <= 99 and any(
        a.effect == [{"place_fire": {}}] for a in c.abilities)]
    assert fire_makers and any(c.carry for c in copy0.cards if 89 <= c.number <= 99)


def test_exploration_variants_and_duplicates__s17_6(copy0: Copy) -> None:
    for number in THINNED:
        variants = cards(copy0, number)
        assert 2 <= len(variants) <= 3 and sorted(c.variant for c in variants) == list(range(1, len(variants) + 1))
    assert any(len(cards(copy0, n)) > 1 for n in range(4, 61) if n not in THINNED)
    assert 44 <= sum(1 for c in copy0.cards if c.number <= 60) <= 52
    assert {CARD_KINDS[c.kind] for c in copy0.cards if c.number <= 60} == set(CARD_KINDS)


def test_threats_nights_quests_characters__s17_10_to_s17_13(copy0: Copy) -> None:
    assert len(copy0.threats) == 12 and any(t.name == "Snoring" and t.effect == [
        {"move_monsters": {"steps": 2, "which": "nearest", "toward": "you"}}] for t in copy0.threats)
    for t in copy0.threats:
        assert not t.ongoing or t.discard_when in ("sleep_at_fire", "recover", "night_end")
    assert [n.tier for n in copy0.nights] == [1] * 4 + [2] * 6
    first = copy0.nights[0]
    assert first.code == "1/10" and [s.title for s in first.steps] == ["Thirst", "Deep Sleep", "Inspiration", "Patrol"]
    for n in copy0.nights:
        assert 3 <= len(n.steps) <= 4 and [s.tag for s in n.steps].count("sleep") == 1
        assert n.tier == 1 or any(s.tag == "threat" for s in n.steps)
    assert [q.code for q in copy0.quests] == ["1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "5.1"]
    assert copy0.quests[0].requirement == {"investigate": 1} and copy0.quests[0].name == "Cry for Help"
    assert copy0.quests[-1].requirement == {"last_standing": True} and copy0.quests[-1].outcome == "win"
    assert len({c.name for c in copy0.characters}) == 12


def test_encounter_cards_are_ten_different__s17_15(copy0: Copy) -> None:
    encounters = cards(copy0, 100)
    assert len(encounters) == 10 and len({c.name for c in encounters}) == 10


def test_every_effect_is_in_the_effect_language__architecture_s3(copy0: Copy) -> None:
    for c in copy0.cards:
        for effect in (c.effect, *(a.effect for a in c.abilities)):
            if effect is not None:
                VERBS.validate(effect, "copy", c.name, "effect")
        assert c.text
    for n in copy0.nights:
        for s in n.steps:
            VERBS.validate(s.effect, "copy", n.name, s.title)


def test_jasmine_is_in_the_character_pool__s16_7() -> None:
    pools = load_pools()
    assert len(pools.characters) == 36
    (jasmine,) = [c for c in pools.characters if c["name"] == "Jasmine Limjoco"]
    assert jasmine["title"] == "Mountain Climber"
    assert jasmine["abilities"] == [{"use": "passive", "query": "move_cost", "amount": -1,
                                     "condition": {"cost_at_least": 2}}]


def test_pools_hold_twice_what_a_copy_needs__s17_24() -> None:
    """The most templates one copy draws from each pool (from the generator's ranges), twice over."""
    from outlast.games.discover import generator_cards as gc
    from outlast.games.discover import generator_decks as gd

    pools = load_pools()
    plain = [t for t in pools.exploration if t.get("role", "plain") in ("plain", "reward")]
    needs = {
        "plain exploration": (len(plain), gc.EXPLORATION_NUMBERS[1] - gc.EXPLORATION_SPECIALS - 1 + 3 * gc.VARIANTS[1]),
        "reward exploration": (len(pools.where("exploration", role="reward")), gc.VARIANTS[1]),
        "special exploration": (len(pools.where("exploration", role="special")), gc.EXPLORATION_SPECIALS),
        "quest items": (len(pools.where("exploration", role="quest")), 1),
        "enemies": (len(pools.enemies), gc.ENEMY_NUMBERS[1] - 1),
        "crafted": (len(pools.crafted), len(gc.CRAFTED_NUMBERS) - 1),
        "encounters": (len(pools.encounters), gc.ENCOUNTERS),
        "ongoing threats": (len(pools.where("threats", kind="ongoing")), gd.ONGOING[1]),
        "tribal threats": (len(pools.where("threats", kind="tribal")), gd.TRIBAL[1]),
        "one-shot threats": (len(pools.where("threats", kind="oneshot")), gd.THREATS - 1 - gd.ONGOING[0] - gd.TRIBAL[0]),
        "quest stages": (len(pools.quests), 5),
        "characters": (len(pools.characters), gd.CHARACTERS),
        "night names": (len(pools.names["nights"]), 9),
    }
    for name, (have, need) in needs.items():
        assert have >= 2 * need, (name, have, need)


@pytest.mark.parametrize(("file", "old", "new", "words"), [
    ("exploration.yaml", "{gain: {food: $f}}", "{gain: {fud: $f}}", "fud"),
    ("exploration.yaml", "params: {f: [1, 3]}", "params: {f: [3, 1]}", "lo <= hi"),
    ("enemies.yaml", "defense: 10, attack: 0, health: 3", "defense: 12, attack: 0, health: 3", "defense"),
    ("threats.yaml", "discard_when: recover", "discard_when: never", "discard_when"),
    ("quests.yaml", "requirement: {at_landmark: $smoke}", "requirement: {sail_away: 1}", "sail_away"),
    ("characters.yaml", "query: gray_bonus", "query: luck", "query"),
    ("known.yaml", "pool: quests", "pool: legends", "pool"),
    ("nights.yaml", "{draw: {deck: project, n: 1, who: leader}}", "{dream: {}}", "dream"),
    ("exploration.yaml", "{resolve: {card: $higher}}", "{resolve: {card: $nowhere}}", "$nowhere"),
])
def test_broken_pool_files_are_refused(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_pools(folder)
    assert err.value.file == file and words in str(err.value)


def test_a_missing_pool_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    (folder / "threats.yaml").unlink()
    with pytest.raises(ContentError, match="threats.yaml"):
        load_pools(folder)


def test_generate_from_another_pool_folder(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    assert generate_copy(5, content_dir=folder) == generate_copy(5)
