"""Fuji content files (architecture §3): the data matches fuji.md, and a broken file names file, item, field."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

import outlast
from outlast import ContentError
from outlast.games.fuji import GAME
from outlast.games.fuji.board import board_for, build_board
from outlast.games.fuji.content import CONTENT_DIR, VERBS, load_content

C = GAME.content


def test_lint_counts_every_kind() -> None:
    out = outlast.load_game("fuji").lint()
    assert out == ["33 terrain cards", "15 equipment cards", "6 skills", "4 injuries", "4 levels", "7 scenarios",
                   "4 characters"]


def test_terrain_inventory__s2_1() -> None:
    """§2.1, §2.2: 24 landscape, 6 village, 1 volcano, 2 rubble (the itemised counts)."""
    kinds = [t.kind for t in C.terrain]
    assert (kinds.count("landscape"), kinds.count("village"), kinds.count("volcano"), kinds.count("rubble")) == \
        (24, 6, 1, 2)


@pytest.mark.parametrize(("card", "phases"), [
    ("binoculars", (2,)), ("lighter", (4,)), ("carabiner", (4,)), ("map", (4,)), ("duct_tape", (4,)),
    ("compass", (4,)), ("machete", (4,)), ("radio", (2, 4)), ("first_aid_kit", (4,)), ("shovel", (4,)),
    ("rope", (2, 4)), ("flare_gun", (4,)), ("flashlight", (2,)), ("pocket_knife", ()), ("water", (4,)),
])
def test_equipment_phases__s15(card: str, phases: tuple[int, ...]) -> None:
    """§15: the decoded phase marker of each of the 15 cards (the Pocket knife takes the copied card's)."""
    eq = {e.id: e for e in C.equipment}
    assert eq[card].phases == phases
    assert eq[card].text()  # the player text is rendered from the effect data (§3 architecture)


def test_equipment_scopes__s9_3() -> None:
    """§9.3, §15: the scope icon derived from each card's effect."""
    scope = {e.id: e.scope for e in C.equipment}
    assert scope["carabiner"] == "everyone" and scope["binoculars"] == "board"
    assert {k for k, v in scope.items() if v == "owner_and_one"} == {"lighter", "map", "water"}


@pytest.mark.parametrize(("skill", "dice", "draw", "keep"), [
    ("equipment_manager", 6, 4, 2), ("scout", 5, 2, 2), ("buddy", 6, 1, 1), ("survivalist", 5, 1, 1),
    ("gatherer", 6, 1, 1), ("tinkerer", 5, 3, 1),
])
def test_skill_table__s14(skill: str, dice: int, draw: int, keep: int) -> None:
    """§14: dice and starting equipment of each skill."""
    sk = {s.id: s for s in C.skills}[skill]
    assert (sk.dice, sk.draw, sk.keep) == (dice, draw, keep)


def test_dice_model__s17_1() -> None:
    """§17.1: six dice, one colour per opposite pair, the six orderings of (Y, B, P) over (1/6, 2/5, 3/4)."""
    rows = [(d[1], d[2], d[3]) for d in C.die_colours]
    assert rows == [("Y", "B", "P"), ("Y", "P", "B"), ("B", "Y", "P"), ("B", "P", "Y"), ("P", "Y", "B"),
                    ("P", "B", "Y")]
    for d in C.die_colours:
        assert all(d[v] == d[7 - v] for v in range(1, 7))
    pairs = [(d[v], v) for d in C.die_colours for v in range(1, 7)]
    assert all(pairs.count(p) == 2 for p in set(pairs)) and len(set(pairs)) == 18
    for half in (C.die_colours[:3], C.die_colours[3:]):
        assert {v for d in half for v in (1, 2, 3) if d[v] == "B"} == {1, 2, 3}
    assert C.default_left_out == 5  # D6


def test_levels_and_stamina_board__s4_s17_3() -> None:
    """§4, §17.3: four level tables; 31 spaces, exhaustion on 30, injuries on 7, 13, 19, 25."""
    assert sorted(C.levels) == [1, 2, 3, 4]
    assert (C.stamina_spaces, C.exhaustion, C.injury_spaces) == (31, 30, (7, 13, 19, 25))


def test_characters_and_injuries__s17_5_s10_6() -> None:
    assert [(c["name"], c["colour"]) for c in C.characters] == [
        ("Lady Livingstone", "purple"), ("Kurt von Krach", "black"), ("Li", "green"), ("Harrison James", "blue")]
    assert [i["id"] for i in C.injuries] == ["leg", "arm", "amnesia", "eye"]


@pytest.mark.parametrize(("sc", "land", "tokens", "villages", "thrill"), [
    (1, 19, 5, 5, "J4"), (2, 21, 5, 5, "I2"), (3, 24, 6, 6, "A8"), (4, 24, 7, 5, "F4"), (5, 21, 4, 5, "H2"),
    (6, 20, 3, 5, "I3"), (7, 21, 4, 5, "E4"),
])
def test_scenarios__s17_4(sc: int, land: int, tokens: int, villages: int, thrill: str) -> None:
    """§17.4: landscape, equipment-token and village counts (with the 4-player village) and the thrill token."""
    b = board_for(C.scenarios[sc - 1], True)
    assert len(b.landscape) == land and len(b.equipment_tokens) == tokens and len(b.villages) == villages
    assert len(b.eruption_tokens) == 2 and b.thrill in b.eruption_tokens
    assert b.adjacent[b.volcano] == (b.rubble[0],) or set(b.adjacent[b.volcano]) <= set(b.rubble)
    assert len(board_for(C.scenarios[sc - 1], False).villages) == villages - 1


def test_every_verb_is_registered_and_used() -> None:
    used = {v for e in C.equipment for v, _ in VERBS.verbs_in(e.effect)}
    used |= {v for s in C.skills for v in s.abilities}
    used |= {v for i in C.injuries for v, _ in VERBS.verbs_in(i["effect"])}
    assert used == set(VERBS.names())


# ============================================================================ broken content


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


def _edit(d: Path, name: str, change: Callable[[object], object]) -> None:
    path = d / name
    doc = yaml.safe_load(path.read_text())
    doc = change(doc) or doc
    path.write_text(yaml.safe_dump(doc, sort_keys=False))


def _set(lst: list[dict[str, object]], rid: object, **fields: object) -> None:
    rec = next(r for r in lst if r.get("id") == rid)
    rec.update(fields)


@pytest.mark.parametrize(("file", "change", "item", "field"), [
    ("equipment.yaml", lambda d: _set(d, "map", effect={"teleport": {}}), "map", "effect"),
    ("equipment.yaml", lambda d: _set(d, "compass", effect={"turn_over": {}}), "compass", "face"),
    ("equipment.yaml", lambda d: _set(d, "radio", phases=[3]), "radio", "phases"),
    ("equipment.yaml", lambda d: _set(d, "rope", colour="red"), "rope", "colour"),
    ("equipment.yaml", lambda d: d.pop(), "-", "-"),
    ("equipment.yaml", lambda d: d.append(dict(d[0])), "binoculars", "id"),
    ("terrain.yaml", lambda d: _set(d, "L11", requires=["Q:4"]), "L11", "requires"),
    ("terrain.yaml", lambda d: _set(d, "L01", kind="swamp"), "L01", "kind"),
    ("terrain.yaml", lambda d: _set(d, "L01", requires=[]), "L01", "requires"),
    ("skills.yaml", lambda d: _set(d, "scout", dice=7), "scout", "dice"),
    ("skills.yaml", lambda d: _set(d, "buddy", abilities=[{"fly": {}}]), "buddy", "abilities[0]"),
    ("levels.yaml", lambda d: d[0].update(rows=[{"d": 3, "loss": 1}, {"d": 0, "loss": 2}]), "level 1", "rows"),
    ("levels.yaml", lambda d: d[1]["rows"][0].update(loss=-4), "level 2", "rows"),
    ("stamina.yaml", lambda d: d.update(exhaustion=12), "board", "exhaustion"),
    ("dice.yaml", lambda d: d["dice"][0].update(colours=["Y", "Y"]), "D1", "colours"),
    ("dice.yaml", lambda d: d.update(default_left_out="D9"), "dice", "default_left_out"),
    ("scenarios.yaml", lambda d: d[0].update(thrill="A1"), "scenario 1", "thrill"),
    ("scenarios.yaml", lambda d: d[0]["map"].__setitem__(0, "V L R S L E L E . . ."), "scenario 1", "map"),
    ("scenarios.yaml", lambda d: d[1]["map"].__setitem__(4, ". . . L E L L X L . Z"), "scenario 2", "map"),
    ("injuries.yaml", lambda d: d.pop(), "-", "-"),
])
def test_broken_content_names_file_item_and_field(tmp_path: Path, file: str, change: Callable[[object], object],
                                                   item: str, field: str) -> None:
    d = _copy(tmp_path)
    _edit(d, file, change)
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.item, info.value.field) == (file, item, field), str(info.value)
    with pytest.raises(ContentError):
        outlast.load_game("fuji").lint(d)


def test_missing_and_unparsable_files(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    (d / "skills.yaml").unlink()
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "skills.yaml" and "missing" in str(info.value)
    d2 = tmp_path / "c2"
    shutil.copytree(CONTENT_DIR, d2)
    (d2 / "levels.yaml").write_text("- level: 1\n  rows: [unclosed\n")
    with pytest.raises(ContentError) as info:
        load_content(d2)
    assert info.value.file == "levels.yaml" and "YAML" in str(info.value)


def test_shipped_content_loads_and_boards_build() -> None:
    c = load_content()
    for sc in c.scenarios:
        for four in (False, True):
            b = build_board(sc, four)
            assert b.white_start != b.grey_start
