"""Combat rule tests (discover.md §12, §15.3–§15.5, §16.2, §16.9, §16.10), on the hand-made test copy."""

from __future__ import annotations

import pytest

from outlast.core import IllegalAction
from outlast.games.discover.combat import fight_card, start_attack
from outlast.games.discover.combat_pvp import attack_refusal
from outlast.games.discover.day_actions import Turn
from outlast.games.discover.monsters import fight_monsters_here
from outlast.games.discover.terms import (
    BOUND,
    BOX,
    CASUALTY,
    DECK,
    FOOD,
    IN_PLAY,
    MEAT,
    MONSTER,
    PHYSICAL,
    WOOD,
)

from .helpers import (
    BOW,
    GAZELLE,
    PYTHON,
    SMOKE,
    answers,
    card_id,
    chance,
    do,
    new,
    put_monster,
    space,
    start,
)

FAR = "Q0"


def _fight_python(players: int = 2, wood: int = 1, others: str = FAR):
    s = new(players)
    for seat in range(1, players):
        s.position[seat] = space(others)
    s.supplies[0][WOOD] = wood
    put_monster(s, "A0")
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "monster 0")
    return s


def _token(s, token):
    return next(p for p in s.pieces if p[0] == MONSTER and p[2] == token)


def test_python_example__s16_2():
    s = _fight_python()
    chance(s, "die 2", "die 12")
    assert answers(s, 0) == ["pass", "spend wood"]
    do(s, 0, "spend wood")
    chance(s, "die 8")  # nothing left to spend: the pass is forced (§18.1)
    assert s.supplies[0][WOOD] == 0
    python = _token(s, 0)[3]
    assert s.copy.cards[python].number == PYTHON and s.card_place[python] == BOUND
    assert s.card_counters[python] == 1
    assert s.damage[0] == [PHYSICAL]
    assert _token(s, 0)[1] == space("A1")  # red showing 12: north (§17.3)
    assert s.combat == [] and isinstance(s.decisions[-1], Turn)


def test_python_follow_up_reuses_the_bound_card__s16_2():
    s = _fight_python()
    chance(s, "die 2", "die 12")
    do(s, 0, "spend wood")
    chance(s, "die 8")
    python = _token(s, 0)[3]
    s.position[0] = space("A1")
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "die 8", "die 3")  # nothing to spend: the pass is forced
    assert s.supplies[0][MEAT] == 2
    assert s.card_place[python] == DECK and s.card_counters[python] == 0
    assert 0 in s.monster_discard and not [p for p in s.pieces if p[0] == MONSTER]
    assert 1000 + PYTHON in s.quest_done
    assert s.damage[0] == [PHYSICAL]


def test_python_overpower_variant__s16_2():
    s = _fight_python(wood=0, others="A0")
    assert answers(s, 1)[0] == "support none"
    do(s, 1, "support overpower")
    chance(s, "die 8", "die 12")
    assert answers(s, 0)[0] == "keep"
    do(s, 0, "give 1 meat")
    do(s, 0, "keep")
    assert s.supplies[0][MEAT] == 1 and s.supplies[1][MEAT] == 1
    assert s.damage[0] == [PHYSICAL] and s.damage[1] == [PHYSICAL]
    assert s.card_counters[card_id(s, PYTHON)] == 0 and s.support_played == [-1, -1]


def test_no_supporters_in_a_solo_game__s12_2():
    s = _fight_python(players=1)
    chance(s, "die 2", "die 12")
    assert s.combat[14] == 0


def test_bow_and_arrow__s16_9():
    s = _fight_python()
    bow = card_id(s, BOW)
    s.place_card(bow, 0)
    s.card_counters[bow] = 4
    chance(s, "die 5", "die 9")
    assert "use #93 both counter" in answers(s, 0) and "use #93 gray wood" in answers(s, 0)
    do(s, 0, "use #93 both counter")
    chance(s, "die 10", "die 4")
    assert s.card_counters[bow] == 3
    with pytest.raises(IllegalAction):
        do(s, 0, "use #93 gray counter")
    assert answers(s, 0) == ["pass", "spend wood"]
    do(s, 0, "pass")
    python = _token(s, 0)[3]
    assert s.card_counters[python] == 1 and s.damage[0] == []
    assert _token(s, 0)[1] == space("A3")  # red showing 4: south-east (§17.3)
    assert s.used_in_combat == []
    s.card_counters[bow] = 0
    s.position[0] = space("A3")
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "die 5", "die 9")
    assert [a for a in answers(s, 0) if a.startswith("use")] == ["use #93 gray wood", "use #93 red wood",
                                                                 "use #93 both wood"]


def test_supporter_reroll_then_the_combatant_again__s18_4():
    s = _fight_python(wood=0, others="A1")
    do(s, 1, "support defend")
    chance(s, "die 3", "die 11")
    assert answers(s, 1) == ["pass", "reroll red"]
    do(s, 1, "reroll red")
    chance(s, "die 2")  # red 2: no damage, and the python retreats north-east (§17.3)
    assert s.damage == [[], []] and s.card_counters[_token(s, 0)[3]] == 0
    assert _token(s, 0)[1] == space("A2")


def test_redirect_to_an_assault_supporter__s12_5():
    s = _fight_python(wood=0, others="A1")
    do(s, 1, "support assault")
    chance(s, "die 3", "die 11")
    do(s, 1, "pass")
    assert answers(s, 0) == ["take", "redirect 1"]
    do(s, 0, "redirect 1")
    assert s.damage == [[], [PHYSICAL]]


def test_retreat_fallback_chosen_by_the_combatant__s12_7():
    s = _fight_python(wood=0, others="A1")
    do(s, 1, "support none")
    chance(s, "die 3", "die 12")  # north is A1, where seat 1 stands
    assert answers(s, 0) == ["retreat A2", "retreat A3", "retreat A4", "retreat A5", "retreat A6"]
    do(s, 0, "retreat A4")
    assert _token(s, 0)[1] == space("A4")


def test_retreat_with_no_legal_space_goes_to_the_nearest_free_one__s12_7():
    s = new(4)
    s.tile_face[1:] = [-1] * (len(s.tile_face) - 1)
    for seat, where in ((0, "A1"), (1, "A0"), (2, "A2"), (3, "A6")):
        s.position[seat] = space(where)
    put_monster(s, "A1", 0)
    start(s, lambda: fight_monsters_here(s, 0))
    for seat in (1, 2, 3):
        do(s, seat, "support none")
    chance(s, "die 3", "die 12")  # north of A1 is a facedown tile; every neighbour is taken
    assert answers(s, 0) == ["retreat A3", "retreat A4", "retreat A5"]


def test_two_space_retreat__s12_7():
    s = new(1)
    put_monster(s, "A0", 2)
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "die 3", "die 6")  # south, twice
    assert _token(s, 2)[1] == s.board.compass(space("A4"), 6)
    assert s.card_counters[card_id(s, GAZELLE)] == 0 and s.damage[0] == []


def test_two_space_retreat_stops_after_one_before_a_facedown_tile__s12_7():
    s = new(1)
    s.tile_face[s.board.compass(space("A4"), 6) // 7] = -1
    put_monster(s, "A0", 2)
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "die 3", "die 6")
    assert _token(s, 2)[1] == space("A4")


def test_escape_ends_the_combat_and_the_enemy_turns_on_the_next__s12_8():
    s = _fight_python(wood=0, others="A0")
    smoke = card_id(s, SMOKE)
    s.place_card(smoke, 0)
    do(s, 1, "support none")
    chance(s, "die 12", "die 12")
    do(s, 0, "use #94")
    assert answers(s, 0)[:2] == ["escape A1", "escape A2"]
    do(s, 0, "escape A2")
    assert s.position[0] == space("A2") and s.damage[0] == []
    python = _token(s, 0)[3]
    assert s.card_counters[python] == 0 and _token(s, 0)[1] == space("A0")
    assert s.combat[4] == 1  # seat 1 is the new combatant, and seat 0, 1 space away, may support
    assert answers(s, 0)[0] == "support none"


def test_lethal_enemy_fights_left_then_back__s16_10():
    s = _fight_python(wood=0, others="A0")
    s.pieces = [p for p in s.pieces if p[0] != MONSTER]
    put_monster(s, "A0", 1)
    bow = card_id(s, BOW)
    s.place_card(bow, 0)
    s.card_counters[bow] = 4
    start(s, lambda: fight_monsters_here(s, 0))
    do(s, 1, "support none")
    chance(s, "die 2", "die 2")
    do(s, 0, "use #93 gray counter")
    chance(s, "die 3")  # nothing else to use: the pass is forced
    assert s.combat[4] == 1  # A failed: it fights B, on A's left
    do(s, 0, "support none")
    chance(s, "die 2", "die 2")
    assert s.combat[4] == 0  # B failed: A again
    assert s.used_in_combat == []
    do(s, 1, "support none")
    chance(s, "die 12", "die 2")
    assert "use #93 gray counter" in answers(s, 0)  # once per combat refreshes (§12.9)
    do(s, 0, "pass")
    assert s.card_counters[_token(s, 1)[3]] == 1 and s.combat[4] == 1


def test_enemy_card_with_no_token_stays_in_play__s17_20():
    s = new(1)
    start(s, lambda: fight_card(s, 0, PYTHON))
    chance(s, "die 9", "die 1")
    python = card_id(s, PYTHON)
    assert s.card_place[python] == IN_PLAY and s.card_counters[python] == 1
    start(s, lambda: fight_card(s, 0, PYTHON))
    chance(s, "die 9", "die 1")
    assert s.card_place[python] == DECK and s.supplies[0][MEAT] == 2


def test_no_copy_left_discards_the_token__s12_3():
    s = new(1)
    for c in s.copy.cards:
        if c.number == PYTHON:
            s.place_card(c.id, BOX)
    put_monster(s, "A0", 0)
    start(s, lambda: fight_monsters_here(s, 0))
    assert not s.combat and 0 in s.monster_discard


def _pvp(players: int = 3, overpower: bool = False):
    s = new(players, scenario="5")
    s.day = 2
    if players > 2:
        s.position[2] = space("A0" if overpower else FAR)
    assert attack_refusal(s, 0, 1) is None
    start(s, lambda: start_attack(s, 0, 1))
    if overpower:
        do(s, 2, "support overpower")
    return s


def test_attack_on_day_one_is_refused__s16_10():
    s = new(2, scenario="5")
    assert "day 2" in (attack_refusal(s, 0, 1) or "")


def test_scenario5_gray_ten_hits__s16_10():
    s = _pvp()
    chance(s, "die 10", "die 9")
    assert answers(s, 0) == ["pass", "steal food", "steal clean_water"]
    do(s, 0, "steal food")
    assert s.damage[1] == [PHYSICAL] and s.damage[0] == []
    assert s.supplies[0][FOOD] == 2 and s.supplies[1][FOOD] == 0


def test_scenario5_overpower_and_both_hit__s16_10():
    s = _pvp(overpower=True)
    chance(s, "die 10", "die 11")
    do(s, 0, "pass")
    do(s, 1, "steal food")
    assert s.damage[1] == [PHYSICAL, PHYSICAL]
    assert s.damage[0] == [PHYSICAL] and s.damage[2] == [PHYSICAL]
    assert s.supplies[1][FOOD] == 2


def test_scenario5_both_fall_together__s17_20():
    s = _pvp()
    s.damage[0] = [PHYSICAL] * 3
    s.damage[1] = [PHYSICAL] * 3
    chance(s, "die 10", "die 10")
    do(s, 0, "pass")
    do(s, 1, "pass")
    assert s.status[0] == CASUALTY and s.status[1] == CASUALTY


def test_scenario5_resources_are_relative_to_the_spender__s17_20():
    s = _pvp(players=2)
    s.supplies[1][WOOD] = 1
    chance(s, "die 4", "die 4")
    assert answers(s, 1) == ["pass", "spend wood"]
    do(s, 1, "spend wood")
    chance(s, "die 10")  # the defender's wood rerolled their own, red, die: a hit on the attacker
    assert s.combat[7] == 4 and s.combat[8] == 10
    assert s.damage[0] == [] and answers(s, 1)[0] == "pass"
    do(s, 1, "pass")
    assert s.damage[0] == [PHYSICAL]
