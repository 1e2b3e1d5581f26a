"""Robinson's effect verbs run (architecture §3): every verb of the content has a handler that reads its numbers,
lint refuses content whose verbs do not all run, and standing abilities answer the rules' modifier queries
(robinson-crusoe.md §17.2, §18, §22.5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from outlast.games.robinson import GAME, ContentError, abilities
from outlast.games.robinson.constants import FIELD_OF
from outlast.games.robinson.content import CONTENT_DIR, VERBS, load_content
from outlast.games.robinson.program import HANDLERS, build_program, program, verb_problems
from robinson_helpers import CARPENTER, COOK, SOLDIER, planning, rest


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def _edit(directory: Path, file: str, old: str, new: str) -> None:
    path = directory / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


BIBLE = "effect: {arrange_bonus: {determination: 3, heal: 1}}"


def test_every_verb_has_a_handler_that_reads_its_parameters_and_is_used() -> None:
    assert GAME.content.cards  # the game's content is loaded, its verbs checked
    assert verb_problems() == []
    assert set(HANDLERS) == set(VERBS.names())
    assert GAME.lint()


def test_lint_refuses_a_verb_no_content_uses(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    _edit(directory, "starting_items.yaml", BIBLE, "effect: {nothing: {}}")
    assert verb_problems(directory) == ["verb 'arrange_bonus' is used by no content"]
    with pytest.raises(ContentError, match="arrange_bonus"):
        GAME.lint(directory)


def test_lint_refuses_a_parameter_no_handler_reads(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    _edit(directory, "starting_items.yaml", BIBLE, "effect: {arrange_bonus: {determination: 3, heal: 1, morale: 1}}")
    with pytest.raises(ContentError, match="morale"):
        GAME.lint(directory)


def test_lint_refuses_a_verb_nobody_handles(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    _edit(directory, "starting_items.yaml", BIBLE, "effect: {dance: {}}")
    with pytest.raises(ContentError, match="dance"):
        GAME.lint(directory)
    handlers = {verb: handler for verb, handler in HANDLERS.items() if verb != "arrange_bonus"}
    assert verb_problems(CONTENT_DIR, handlers) == ["verb 'arrange_bonus' has no handler"]


def test_a_handler_that_ignores_a_parameter_is_refused() -> None:
    def bible_reading_one(run: object, determination: int, heal: int) -> None:
        print(determination)

    problems = verb_problems(CONTENT_DIR, {**HANDLERS, "arrange_bonus": bible_reading_one})
    assert problems == ["verb 'arrange_bonus': its handler never reads parameter 'heal'"]


def _arrange_with_the_bible(content_dir: Path | None) -> tuple[int, int]:
    """The Cook's Determination and Wounds after two Arrangings, the first with the Bible (§8.11, §22.5)."""
    t = planning(items="bible,flask_of_rum", wounds=[0, 2, 0, 0])
    s = t.state
    if content_dir is not None:
        s.program = build_program(load_content(content_dir))
    t.plan((COOK, "place 1 arrange"), (COOK, "place 2 arrange"), (CARPENTER, "place 1 arrange"),
           (CARPENTER, "place 2 rest"), *rest(SOLDIER))
    t.act(s.first_player, "use bible")
    t.pass_windows()
    return s.determination[COOK], s.wounds[COOK]


def test_the_bible_takes_its_numbers_from_its_card__s22_5(tmp_path: Path) -> None:
    assert _arrange_with_the_bible(None) == (3 + 2, 2 - 1)
    directory = _copy(tmp_path)
    _edit(directory, "starting_items.yaml", BIBLE, "effect: {arrange_bonus: {determination: 4, heal: 2}}")
    assert _arrange_with_the_bible(directory) == (4 + 2, 0)


def test_standing_abilities_answer_modifier_queries__s17_2() -> None:
    c = GAME.content
    p = program(c)

    def answer(card_id: str, query: str, base: int) -> int:
        return abilities.card_answer(p, c.by_id[card_id], query, base)

    assert answer("drums", abilities.MORALE_BONUS, 0) == 2
    assert answer("diary", abilities.MORALE_BONUS, 0) == 1
    assert answer("furnace", abilities.WINTER_IGNORED, 0) == 1
    assert answer("furnace", abilities.RAIN_IGNORED, 0) == 0
    assert answer("pit", abilities.PIT_FOOD, -1) == 2
    assert answer("cellar", abilities.ALL_FOOD_KEPT, 0) == 1
    assert answer("cellar", abilities.FOOD_STORED, 0) == 0
    assert answer("fireplace", abilities.NIGHT_HEAL, 0) == 2
    assert answer("pot", abilities.NIGHT_HEAL, 0) == 1
    assert answer("raft", abilities.EXTRA_PAWN_FIELDS, 0) != 0
    assert answer("raft", abilities.EXTRA_PAWN_EVERY_ROUND, 0) == 1
    s = planning().state
    assert s.modifier(abilities.MORALE_BONUS, 0) == 0 and s.modifier(abilities.REST_HEAL, 1) == 1


def test_effects_that_act_answer_no_query__s17_2() -> None:
    """A Discovery token's effect answers the extra-pawn query only when it gives a pawn (§19, §20)."""
    c = GAME.content
    p = program(c)
    kinds = {kind.id: k for k, kind in enumerate(c.token_kinds)}
    build = 1 << FIELD_OF["build"]
    assert abilities.answer_of(p, p.token[kinds["candles_token"]], abilities.EXTRA_PAWN_FIELDS, 0) == build
    assert abilities.answer_of(p, p.token[kinds["candles_token"]], abilities.EXTRA_PAWN_EVERY_ROUND, 0) == 0
    for kind_id, k in kinds.items():
        if kind_id != "candles_token":
            assert abilities.answer_of(p, p.token[k], abilities.EXTRA_PAWN_FIELDS, 0) == 0, kind_id
