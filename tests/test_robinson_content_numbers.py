"""Every card effect takes its numbers from its content (issue 11; robinson-crusoe.md §13.2, §17.2, §18.3, §22.5).

Each test copies the shipped `content/` folder, changes one number of one card in the copy and plays with
`RobinsonGame(content_dir=copy)`: the engine follows the copy. Seats: 3 players are Carpenter (0, first
player), Cook (1), Soldier (2); the Camp starts at s10, with s6 and s11 next to it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from outlast.games.robinson import GAME, RobinsonGame
from outlast.games.robinson.content import CONTENT_DIR
from outlast.games.robinson.state import FOOD, MORALE, WOOD, Z_ITEM_FUTURE
from robinson_helpers import CARPENTER, COOK, SOLDIER, Table, planning, rest

S6 = 5
"""0-based space s6, next to the start Camp."""


def changed(tmp_path: Path, file: str, old: str, new: str) -> RobinsonGame:
    """A game played with a copy of the content where `old` (found once in `file`) reads `new`."""
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, copy)
    text = (copy / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not found once in {file}"
    (copy / file).write_text(text.replace(old, new), encoding="utf-8")
    return RobinsonGame(content_dir=copy)


def test_a_copy_of_the_content_is_played_and_named_by_its_own_id(tmp_path: Path) -> None:
    """An unchanged copy has the shipped content's id; a changed one its own, so saves keep them apart."""
    copy = tmp_path / "same"
    shutil.copytree(CONTENT_DIR, copy)
    assert RobinsonGame(content_dir=copy).content_id({}) == GAME.content_id({})
    game = changed(tmp_path / "x", "starting_items.yaml", "effect: {temp_weapon: {by: 3}}",
                   "effect: {temp_weapon: {by: 4}}")
    assert game.content_id({}) != GAME.content_id({})
    state = game.new_game(seed=1, players=2)
    assert game.load_state(state.to_json()).to_json() == state.to_json()


def test_economical_construction_saves_the_wood_its_card_says_s13_2(tmp_path: Path) -> None:
    """With the skill saving 2 wood, 1 wood pays for a Shelter of 3 wood (TV-23 with another number)."""
    game = changed(tmp_path, "characters.yaml", "effect: {cheaper_wood: {n: 1}}", "effect: {cheaper_wood: {n: 2}}")
    t = planning(game=game, resources=[1, 0, 0, 0], determination=[2, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:shelter/wood")  # planned 2 wood short: the skill can still pay it down
    t.act(CARPENTER, "use economical_construction 1")
    assert t.state.committed() == [1, 0, 0]
    assert t.logged("costs 2 wood less")


def test_a_starting_item_has_the_uses_its_card_says_s18_3(tmp_path: Path) -> None:
    game = changed(tmp_path, "starting_items.yaml", "{id: empty_bottle, name: Empty bottle, uses: 2,",
                   "{id: empty_bottle, name: Empty bottle, uses: 3,")
    t = planning(game=game, items="empty_bottle,flask_of_rum")
    s = t.state
    for _ in range(3):
        t.act(s.first_player, "use empty_bottle")
    assert s.weapon == 3 and "use empty_bottle" not in t.legal(s.first_player)
    assert game.load_state(s.to_json()).weapon == 3


def test_the_shortcut_tile_gives_what_its_card_says_s17_2(tmp_path: Path) -> None:
    game = changed(tmp_path, "inventions.yaml", "passive: {token_tile_production: {n: 1}}",
                   "passive: {token_tile_production: {n: 2}}")
    t = planning(game=game, characters="carpenter,cook,explorer", resources=[0, 3, 0, 0], shelter=1)
    s = t.state
    t.explore(5, S6)  # bird, wood
    t.put(Z_ITEM_FUTURE, "shortcut")
    t.plan(*rest(0, 1, 2))
    t.pass_windows()
    t.answer("shortcut s6")
    for i in s.cards_in(1):  # no Event next round
        s.zone[i] = 0
    s._set_ev(0, 0)
    t.set()
    t.pass_windows(night=True)
    t.to_plan()
    assert s.resources[FOOD] == 1 + 2 and s.resources[WOOD] == 1  # the Camp's fish and wood, + 2 food from s6


def test_the_bible_gives_what_its_card_says_s22_5(tmp_path: Path) -> None:
    game = changed(tmp_path, "starting_items.yaml", "arrange_bonus: {determination: 3, heal: 1}",
                   "arrange_bonus: {determination: 5, heal: 2}")
    t = planning(game=game, items="bible,flask_of_rum", wounds=[0, 3, 0, 0])
    s = t.state
    t.plan((COOK, "place 1 arrange"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.act(s.first_player, "use bible")
    t.pass_windows()
    assert s.determination[COOK] == 5 and s.wounds[COOK] == 0  # 3 − 2 healed − 1 by the Rest


def test_the_basket_adds_what_its_card_says_s17_2(tmp_path: Path) -> None:
    game = changed(tmp_path, "inventions.yaml", "passive: {gather_bonus: {n: 1}}}\n- {id: bed",
                   "passive: {gather_bonus: {n: 3}}}\n- {id: bed")
    t = planning(game=game, built="basket", resources=[0, 0, 0, 0])
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert t.state.resources[WOOD] == 1 + 3


@pytest.mark.parametrize(("drums", "determination"), [(2, 4), (3, 5)])
def test_the_drums_at_top_morale_give_and_say_what_their_card_says_s6_2_s17_2(
        tmp_path: Path, drums: int, determination: int) -> None:
    game = changed(tmp_path, "inventions.yaml", "passive: {morale_bonus: {n: 2}}",
                   f"passive: {{morale_bonus: {{n: {drums}}}}}")
    t = Table.new(players=3, game=game)
    t.build("drums")
    t.goto(MORALE, 0, morale=3)
    assert f"{determination} Determination or heal 1" in t.state.decision_text()
    t.act(0, "morale determination")
    assert t.state.determination[0] == determination


def test_decision_texts_say_the_numbers_the_answer_applies_s10_1_s14_1_s22_5() -> None:
    """A missing extra meal (a card's Night demand) costs 1 Wound, not 2; a 4-player Arranging with the Bible
    in use offers the Bible's numbers."""
    from outlast.games.robinson.decisions import ArrangeReward, GoHungry

    t = Table.new(players=4)
    s = t.state
    assert "(1 Wound)" in GoHungry(0, 1, 1, 1).explain(s, "Carpenter")
    assert "(2 Wounds)" in GoHungry(0, 1, 2, 0).explain(s, "Carpenter")
    assert "2 Determination or Morale" in ArrangeReward(0, 0).explain(s, "Carpenter")
    s.arrange_determination, s.arrange_heal = 3, 1
    assert "3 Determination and 1 healed or Morale" in ArrangeReward(0, 0).explain(s, "Carpenter")
