"""Fuji's effect verbs run (architecture §3): every verb of the content has a handler that reads its numbers,
and skills and injuries answer the rules' modifier queries (fuji.md §8.1, §8.2, §10.6, §14)."""

from __future__ import annotations

from fuji_helpers import GAME
from outlast.games.fuji import abilities
from outlast.games.fuji.content import VERBS


def test_every_verb_has_a_handler_that_reads_its_parameters_and_is_used() -> None:
    assert GAME.content.equipment  # the game's content is loaded, its verbs checked
    assert VERBS.problems() == []
    assert GAME.lint()  # lint refuses content whose verbs do not all run


def test_skills_answer_modifier_queries__s14() -> None:
    c = GAME.content
    skill = {s.id: i for i, s in enumerate(c.skills)}
    assert abilities.answer(c, skill["scout"], abilities.STEPS, 3) == 4
    assert abilities.answer(c, skill["buddy"], abilities.STEPS, 3) == 3
    assert abilities.answer(c, skill["survivalist"], abilities.PHASE3_REROLLS, 2) == 3
    assert abilities.answer(c, skill["gatherer"], abilities.POWER_BARS_HELD, 0) == 3
    assert abilities.answer(c, skill["tinkerer"], abilities.CARD_USES, 1) == 2
    assert abilities.answer(c, skill["buddy"], abilities.DICE_SET_ASIDE, 0) == 1
    assert abilities.answer(c, skill["equipment_manager"], abilities.PASS_EQUIPMENT, 0) == 1


def test_injuries_answer_modifier_queries__s10_6() -> None:
    c = GAME.content
    leg, arm, amnesia, eye = (1 << k for k in range(4))
    assert abilities.injury_answer(c, arm, abilities.MAY_USE_EQUIPMENT, 1) == 0
    assert abilities.injury_answer(c, leg | eye, abilities.MAY_USE_EQUIPMENT, 1) == 1
    assert abilities.injury_answer(c, eye, abilities.BASE_REROLLS, 2) == 0
    assert abilities.injury_answer(c, amnesia, abilities.SKILL_KEPT, 1) == 0
    state = GAME.new_game(players=3, seed=1, skills=["scout", "buddy", "survivalist"])
    assert state.allowance(0) == 4
    state.injuries[0] = amnesia  # the Scout forgets its long stride (§10.6)
    assert state.allowance(0) == 3
