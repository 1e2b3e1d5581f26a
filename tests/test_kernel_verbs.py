"""Kernel verbs (architecture §3): gain, lose, wound, heal, draw, discard and reroll mean the same in every game —
one definition each in `outlast.core.verbs`, adopted by each game with its handler and its words — and Robinson's
skills are found by the modifier queries they answer, with their cards' numbers (robinson-crusoe.md §13.2)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from outlast.core import KERNEL, ContentError, VerbRegistry, Words
from outlast.games.fuji.content import CONTENT_DIR as FUJI_DIR
from outlast.games.fuji.content import VERBS as FUJI
from outlast.games.fuji.content import load_content as load_fuji
from outlast.games.robinson import abilities
from outlast.games.robinson.constants import T_BUILD, T_EXPLORE, T_GATHER
from outlast.games.robinson.content import CONTENT_DIR as ROBINSON_DIR
from outlast.games.robinson.content import VERBS as ROBINSON
from outlast.games.robinson.content import load_content as load_robinson
from outlast.games.robinson.content import make_verbs as robinson_verbs
from outlast.games.robinson.program import build_program, program, verb_problems
from robinson_helpers import CARPENTER, planning


def _copy(tmp_path: Path, source: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(source, target)
    return target


def _edit(directory: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = directory / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the fixture expects {old!r} in {file}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


# ----------------------------------------------------------------------------- one definition, adopted
def test_both_games_adopt_the_same_kernel_verbs() -> None:
    """Fuji and Robinson both reroll and lose: the same definition, its schema and its text made from their words."""
    load_fuji()
    load_robinson()
    for name in ("reroll", "lose"):
        fuji, robinson = FUJI.verb(name), ROBINSON.verb(name)
        assert fuji.kernel is robinson.kernel is getattr(KERNEL, name)
        assert fuji.doc == robinson.doc == getattr(KERNEL, name).doc
        for verb in (fuji, robinson):
            assert dict(verb.params) == verb.kernel.schema(verb.words)
    assert FUJI.render({"reroll": {"times": 2}}) == "Make 2 rerolls of any of your dice."
    assert ROBINSON.render({"reroll": {"dice": "build"}}) == "Reroll any one build die."
    assert FUJI.render({"lose": {"dice": 1}}) == "Lose 1 die."
    assert ROBINSON.render({"lose": {"wood": 2, "if_possible": True}}) == "If possible, discard 2 wood."  # its word, §12.2
    assert ROBINSON.render({"lose": {"fur": 1}}) == "Discard 1 fur; each missing one wounds every player."


def test_every_verb_that_means_a_kernel_verb_is_the_kernel_verb() -> None:
    robinson = {name for name in ROBINSON.names() if ROBINSON.verb(name).kernel is not None}
    fuji = {name for name in FUJI.names() if FUJI.verb(name).kernel is not None}
    assert robinson == {"gain", "lose", "wound", "heal", "draw", "discard", "reroll"}
    assert fuji == {"reroll", "lose"}
    assert not {"pay", "heal_split", "draw_discovery", "discard_inventions", "reroll_die", "lose_die"} & (
        set(ROBINSON.names()) | set(FUJI.names()))


def test_the_same_verb_reads_alike_in_any_words() -> None:
    words = Words(resources={"water": ("water", "water"), "stone": ("stone", "stones")},
                  who={"all": "every survivor", "leader": "the tribe leader"}, unit=("damage", "damage"),
                  kinds={"sickness": "sickness"}, decks={"project": ("project card", "project cards")})
    assert KERNEL.gain.render({"stone": 2, "water": 1, "who": "leader"}, words) == \
        "The tribe leader gains 1 water and 2 stones."
    assert KERNEL.wound.render({"n": 1, "kind": "sickness"}, words) == "Take 1 damage (sickness)."
    assert KERNEL.heal.render({"n": 2, "who": "all"}, words) == "Every survivor heals 2 damage."
    assert KERNEL.draw.render({"deck": "project", "n": 1}, words) == "Draw 1 project card."
    assert KERNEL.gain.schema(words) == {"water": "int?", "stone": "int?", "who": "enum(all|leader)?"}
    assert KERNEL.wound.schema(words) == {"who": "enum(all|leader)?", "n": "int", "kind": "enum(sickness)?"}


def test_a_game_cannot_register_its_own_gain() -> None:
    registry = VerbRegistry()
    with pytest.raises(ValueError, match="kernel verb"):
        registry.register("gain", {"wood": "int"}, lambda p: "Gain wood.")
    with pytest.raises(ValueError, match="kernel verb"):
        robinson_verbs().register("heal", {"n": "int"}, lambda p: "Heal.")
    registry.adopt(KERNEL.draw, words=Words(decks={"deck": ("card", "cards")}))
    with pytest.raises(ValueError, match="twice"):
        registry.adopt(KERNEL.draw, words=Words(decks={"deck": ("card", "cards")}))


def test_a_kernel_verb_needs_the_games_words() -> None:
    with pytest.raises(ValueError, match="resources"):
        VerbRegistry().adopt(KERNEL.gain)
    with pytest.raises(ValueError, match="no optional parameter 'times'"):
        VerbRegistry().adopt(KERNEL.gain, words=Words(resources={"wood": ("wood", "wood")}, options=frozenset({"times"})))
    with pytest.raises(ValueError, match="names a resource and a parameter"):
        VerbRegistry().adopt(KERNEL.lose, words=Words(resources={"who": ("who", "who")}, who={"all": "everyone"}))


# ----------------------------------------------------------------------------- content checked by the kernel
@pytest.mark.parametrize(("old", "new", "field", "problem"), [
    ("{gain: {wood: 1, food: 1}}", "{gain: {wod: 1, food: 1}}", "wod", "unknown field"),
    ("{gain: {wood: 1, food: 1}}", "{gain: {wood: 0, food: 1}}", "wood", "at least 1"),
    ("{gain: {wood: 1, food: 1}}", "{gain: {}}", "action.gain", "names no amount"),
    ("{gain: {wood: 1, food: 1}}", "{gain: {wood: 1, to: camp}}", "to", "must be enum(available|future)"),
])
def test_a_bad_kernel_verb_parameter_names_file_card_and_field(tmp_path: Path, old: str, new: str, field: str,
                                                                 problem: str) -> None:
    directory = _copy(tmp_path, ROBINSON_DIR)
    _edit(directory, "adventures.yaml", old, new)
    with pytest.raises(ContentError) as err:
        load_robinson(directory, robinson_verbs())
    assert (err.value.file, err.value.item, err.value.field) == ("adventures.yaml", "fallen_palm", field)
    assert problem in str(err.value)


def test_fuji_content_is_checked_by_the_same_kernel_verbs(tmp_path: Path) -> None:
    directory = _copy(tmp_path, FUJI_DIR)
    _edit(directory, "equipment.yaml", "effect: {reroll: {times: 1}}", "effect: {reroll: {times: 0}}")
    with pytest.raises(ContentError, match="equipment.yaml: flashlight: times: must be at least 1"):
        load_fuji(directory)
    directory = _copy(tmp_path / "again", FUJI_DIR)
    _edit(directory, "injuries.yaml", "{lose: {dice: 1}}", "{lose: {dice: 2}}")
    with pytest.raises(ContentError, match="injuries.yaml: leg: dice: an injury loses one die"):
        load_fuji(directory)


# ----------------------------------------------------------------------------- lint
def test_lint_refuses_an_adopted_kernel_verb_no_content_uses(tmp_path: Path) -> None:
    directory = _copy(tmp_path, ROBINSON_DIR)
    for file in ("adventures.yaml", "beasts.yaml"):
        path = directory / file
        path.write_text(re.sub(r"\{draw: \{deck: discovery, n: \d\}\}", "{nothing: {}}",
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    assert verb_problems(directory) == ["verb 'draw' is used by no content"]


def test_lint_refuses_a_kernel_verb_without_handler_or_with_a_parameter_never_read() -> None:
    registry = VerbRegistry()
    words = Words(decks={"deck": ("card", "cards")}, cards={"hand": ("card", "cards")})

    def draw(ctx: Any, deck: str, n: int) -> None:
        print(n)

    registry.adopt(KERNEL.draw, draw, words)
    registry.adopt(KERNEL.discard, words=words)
    registry.validate({"draw": {"deck": "deck", "n": 2}}, "cards.yaml", "well", "effect")
    assert registry.problems() == ["verb 'draw': its handler never reads parameter 'deck'",
                                   "verb 'discard' has no handler"]


# ----------------------------------------------------------------------------- skills answer queries
def _carpenter_skill(skill_id: str) -> int:
    carpenter = load_robinson().character("carpenter")
    return next(si for si, sk in enumerate(carpenter.skills) if sk.id == skill_id)


def test_skills_answer_modifier_queries_with_their_numbers__s13_2() -> None:
    c = load_robinson()
    p = program(c)
    chars = {ch.id: ci for ci, ch in enumerate(c.characters)}
    carpenter = chars["carpenter"]
    economical, craftsmanship = _carpenter_skill("economical_construction"), _carpenter_skill("craftsmanship")
    handyman = _carpenter_skill("handyman")
    assert abilities.skill_answer(p, carpenter, economical, abilities.WOOD_SAVED) == 1
    assert abilities.skill_answer(p, carpenter, craftsmanship, abilities.REROLL_FIELDS) == 1 << T_BUILD
    assert abilities.skill_answer(p, carpenter, handyman, abilities.EXTRA_PAWN_FIELDS) == 1 << T_BUILD
    assert abilities.skill_answer(p, carpenter, economical, abilities.REROLL_FIELDS) == 0
    assert abilities.skill_answering(p, carpenter, abilities.WOOD_SAVED) == economical
    assert abilities.skill_answering(p, carpenter, abilities.REROLL_FIELDS) == craftsmanship
    rerolls = {ch.id: abilities.skill_answer(p, ci, abilities.skill_answering(p, ci, abilities.REROLL_FIELDS),
                                             abilities.REROLL_FIELDS) for ci, ch in enumerate(c.characters)
               if abilities.skill_answering(p, ci, abilities.REROLL_FIELDS) >= 0}
    assert rerolls == {"carpenter": 1 << T_BUILD, "cook": 1 << T_GATHER, "explorer": 1 << T_EXPLORE}


def test_a_skill_saves_the_wood_its_card_says__s13_2(tmp_path: Path) -> None:
    directory = _copy(tmp_path, ROBINSON_DIR)
    _edit(directory, "characters.yaml", "{cheaper_wood: {n: 1}}", "{cheaper_wood: {n: 2}}")
    edited = build_program(load_robinson(directory))
    carpenter = [ch.id for ch in load_robinson().characters].index("carpenter")
    assert abilities.skill_answer(edited, carpenter, _carpenter_skill("economical_construction"),
                                  abilities.WOOD_SAVED) == 2
    t = planning(resources=[3, 0, 0, 0], determination=[2, 0, 0, 0])
    t.state.program = edited
    t.act(CARPENTER, "place 1 build:shelter/wood")
    t.act(CARPENTER, "use economical_construction 1")
    assert t.state.groups[0][5] == 3 - 2  # the Shelter's 3 wood (§8.8.2), 2 saved
    assert t.logged("costs 2 wood less")


def test_a_skill_rerolls_the_dice_its_card_names__s13_2(tmp_path: Path) -> None:
    directory = _copy(tmp_path, ROBINSON_DIR)
    _edit(directory, "characters.yaml", "{reroll: {dice: build}}", "{reroll: {dice: explore}}")
    edited = build_program(load_robinson(directory))
    carpenter = [ch.id for ch in load_robinson().characters].index("carpenter")
    craftsmanship = _carpenter_skill("craftsmanship")
    assert abilities.skill_answer(edited, carpenter, craftsmanship, abilities.REROLL_FIELDS) == 1 << T_EXPLORE
    _edit(directory, "characters.yaml", "{reroll: {dice: explore}}", "{reroll: {}}")
    any_die = build_program(load_robinson(directory))
    assert abilities.skill_answer(any_die, carpenter, craftsmanship, abilities.REROLL_FIELDS) == sum(
        1 << abilities.FIELD_OF[f] for f in ("hunt", "build", "gather", "explore"))


def test_the_docs_describe_every_kernel_verb_and_its_parameters() -> None:
    """docs/verbs.md has a section per kernel verb listing its parameters, none other."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "verbs.md").read_text(encoding="utf-8")
    for verb in KERNEL:
        section = text.split(f"### `{verb.name}`\n")[1].split("\n#")[0]
        assert re.findall(r"^\| `(\w+)` \|", section, re.M) == [p.name for p in verb.params if p.type != "amounts"]
        assert ("*each resource*" in section) == any(p.type == "amounts" for p in verb.params)
