"""Each validation rule of discover.md §17.24 refuses a deliberately broken copy."""

from __future__ import annotations

from dataclasses import replace

import pytest

from outlast.games.discover.copy import Copy, FeatureToken, MonsterToken, NightStep, SpacePrint, TileFace
from outlast.games.discover.generator import generate_copy
from outlast.games.discover.validate import CopyInvalid, validate_copy


@pytest.fixture(scope="module")
def good() -> Copy:
    return generate_copy(3)


def refused(made: Copy, rule: int) -> str:
    with pytest.raises(CopyInvalid) as err:
        validate_copy(made)
    assert err.value.rule == rule, str(err.value)
    return str(err.value)


def _set_space(made: Copy, tile: int, space: int, **changes: object) -> Copy:
    t = made.tiles[tile]
    spaces = list(t.spaces)
    spaces[space] = replace(spaces[space], **changes)  # type: ignore[arg-type]
    tiles = list(made.tiles)
    tiles[tile] = TileFace(t.id, t.pile, tuple(spaces))
    return replace(made, tiles=tuple(tiles))


def _free_land(made: Copy, piles: tuple[int, ...]) -> tuple[int, int]:
    for t in made.tiles:
        for i, s in enumerate(t.spaces):
            if t.pile in piles and s == SpacePrint(s.terrain) and s.terrain != 3 and (t.id, i) != (0, 0):
                return t.id, i
    raise AssertionError("no free space")


def test_the_generated_copy_is_valid(good: Copy) -> None:
    validate_copy(good)


def test_references_resolve__s17_24_rule1(good: Copy) -> None:
    present = {c.number for c in good.cards}
    missing = next(n for n in range(4, 61) if n not in present)
    assert "landmark" in refused(_set_space(good, *_free_land(good, (0, 1, 2, 3, 4)), landmark=missing), 1)
    token = replace(good.features[0], resources=(), number=missing)
    assert "feature token" in refused(replace(good, features=(token, *good.features[1:])), 1)
    cabin = next(c for c in good.cards if c.number == 1)
    broken = replace(cabin, effect=[{"resolve": {"card": missing}}])
    assert "resolve" in refused(replace(good, cards=tuple(broken if c is cabin else c for c in good.cards)), 1)


def test_key_item_target_must_exist__s17_24_rule1(good: Copy) -> None:
    cards = tuple(c for c in good.cards if c.number != 2)
    assert "key item" in refused(replace(good, cards=cards), 1)


def test_monster_tokens_within_card_counts__s17_24_rule2(good: Copy) -> None:
    once = next(n for n in range(61, 89) if sum(c.number == n for c in good.cards) == 1)
    extra = (MonsterToken(len(good.monsters), once), MonsterToken(len(good.monsters) + 1, once))
    assert f"#{once}" in refused(replace(good, monsters=good.monsters + extra), 2)


def test_projects_make_existing_items__s17_24_rule3(good: Copy) -> None:
    cards = tuple(c for c in good.cards if c.number != 97)
    assert "#97" in refused(replace(good, cards=cards), 3)


def test_quest_chains_completable__s17_24_rule4(good: Copy) -> None:
    final = good.quests[2]
    unreachable = replace(final, requirement={**final.requirement, "hold_item": 99})
    quests = tuple(unreachable if q is final else q for q in good.quests)
    assert "hold_item 99" in refused(replace(good, quests=quests), 4)
    no_win = replace(final, outcome="advance")
    assert "outcome" in refused(replace(good, quests=tuple(no_win if q is final else q for q in good.quests)), 4)
    assert "scenarios" in refused(replace(good, quests=good.quests[:-1]), 4)


def test_nights_grant_six__s17_24_rule5(good: Copy) -> None:
    night = good.nights[5]
    steps = tuple(replace(s, effect=[{"sleep": {"fire": 8, "other": 5}}]) if s.tag == "sleep" else s
                  for s in night.steps)
    assert "less than 6" in refused(replace(good, nights=(*good.nights[:5], replace(night, steps=steps),
                                                          *good.nights[6:])), 5)


def test_variants_only_at_thinned_numbers__s17_24_rule6(good: Copy) -> None:
    target = next(c for c in good.cards if 4 <= c.number <= 60 and c.number not in (5, 51))
    variant = replace(target, id=len(good.cards), name=target.name + " II")
    assert "not a thinned number" in refused(replace(good, cards=(*good.cards, variant)), 6)


def test_icons_within_tokens__s17_24_rule7(good: Copy) -> None:
    assert "water icons" in refused(replace(good, waters=good.waters[:2]), 7)
    rock = [f for f in good.features if f.back != 2] + [FeatureToken(0, 2, resources=(5,))]
    assert "rock" in refused(replace(good, features=tuple(rock)), 7)


def test_scenario_5_needs_an_encounter__s17_24_rule8(good: Copy) -> None:
    assert "#100" in refused(replace(good, cards=tuple(c for c in good.cards if c.number != 100)), 8)
    last = good.quests[-1]
    tied = replace(last, requirement={"last_standing": True, "per_player": True})
    assert "number of players" in refused(replace(good, quests=(*good.quests[:-1], tied)), 8)


def test_one_sleep_step_and_a_non_tribal_threat__s17_24_rule9(good: Copy) -> None:
    night = good.nights[0]
    doubled = replace(night, steps=(*night.steps, NightStep("Nap", "sleep", [{"sleep": {"fire": 9, "other": 7}}])))
    assert "steps tagged sleep" in refused(replace(good, nights=(doubled, *good.nights[1:])), 9)
    tribal = tuple(replace(t, tribal=True) for t in good.threats)
    assert "only tribal" in refused(replace(good, threats=tribal), 9)


def test_landmarks_1_and_33_on_piles_1_2__s17_24_rule9(good: Copy) -> None:
    where = next((t.id, i) for t in good.tiles for i, s in enumerate(t.spaces) if s.landmark == 33)
    moved = _set_space(good, *where, landmark=0)
    moved = _set_space(moved, *_free_land(moved, (3, 4)), landmark=33)
    assert "#33" in refused(moved, 9)
