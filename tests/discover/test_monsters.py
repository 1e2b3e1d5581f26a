"""Monster rule tests (discover.md §11, §16.5 Patrol, §16.6 Snoring, §17.20), on the hand-made test copy."""

from __future__ import annotations

from outlast.games.discover.day_actions import Turn
from outlast.games.discover.monsters import fight_monsters_here, move_monsters, nearest_other_survivor, spawn
from outlast.games.discover.terms import MONSTER

from .helpers import answers, chance, do, new, put_monster, space, start


def _north(s, steps: int) -> int:
    """The space `steps` spaces straight north of the camp."""
    here = space("A0")
    for _ in range(steps):
        here = s.board.compass(here, 12)
    return here


def _monsters(s):
    return [(p[1], p[2]) for p in s.pieces if p[0] == MONSTER]


def _snoring(s, seat: int = 0) -> None:
    start(s, lambda: move_monsters(s, seat, 2, "nearest", "you"))


def test_snoring_three_away_ends_one_away_facedown__s16_6():
    s = new(1)
    s.pieces.append((MONSTER, _north(s, 3), -1, -1))
    _snoring(s)
    assert _monsters(s) == [(_north(s, 1), -1)]
    assert not s.chance and isinstance(s.decisions[-1], Turn)


def test_snoring_two_away_enters_flips_and_fights__s16_6():
    s = new(1)
    s.pieces.append((MONSTER, _north(s, 2), -1, -1))
    _snoring(s)
    assert s.chance == [(7, 1)]  # the token flips as it enters
    chance(s, "monster 0", "die 12", "die 1")
    assert s.card_counters[s.pieces[-1][3]] == 1 and _monsters(s) == [(space("A1"), 0)]


def test_snoring_one_away_stops_after_one_step__s16_6():
    s = new(1)
    s.pieces.append((MONSTER, space("A1"), -1, -1))
    _snoring(s)
    chance(s, "monster 0", "die 1", "die 1")
    assert s.combat == [] and s.damage[0] == []


def test_snoring_tie_goes_to_the_tribe_leader__s16_6():
    s = new(2)
    s.position[1] = space("A0")
    put_monster(s, "A1", 3)
    put_monster(s, "A4", 4)
    s.position[0] = s.board.compass(space("A1"), 12)  # the leader stands away from both
    start(s, lambda: move_monsters(s, 1, 1, "nearest", "you"))
    assert answers(s, 0) == ["pick A1 t3", "pick A4 t4"]
    do(s, 0, "pick A4 t4")
    assert (space("A0"), 4) in _monsters(s)


def test_snoring_never_chooses_a_special_monster__s16_6():
    s = new(1)
    s.pieces.append((MONSTER, space("A1"), 8, -1))
    s.pieces.append((MONSTER, _north(s, 3), -1, -1))
    _snoring(s)
    assert (_north(s, 1), -1) in _monsters(s) and (space("A1"), 8) in _monsters(s)


def test_patrol_moves_toward_the_nearest_survivor__s16_5():
    s = new(2)
    s.position[1] = _north(s, 2)
    monster = s.board.compass(_north(s, 4), 12)  # 3 from seat 1, 5 from seat 0
    s.pieces.append((MONSTER, monster, -1, -1))
    start(s, lambda: move_monsters(s, 0, 2, "all", "nearest"))
    assert _monsters(s) == [(_north(s, 3), -1)]


def test_a_monster_with_a_survivor_does_not_move__s11_4():
    s = new(1)
    s.pieces.append((MONSTER, space("A0"), 0, 0))
    start(s, lambda: move_monsters(s, 0, 2, "all", "nearest"))
    assert _monsters(s) == [(space("A0"), 0)]


def test_a_monster_with_no_reachable_survivor_does_not_move__s11_4():
    s = new(1)
    far = space("Q0")  # on a tile two tiles away, with facedown tiles between
    s.tile_face[1:] = [-1] * (len(s.tile_face) - 1)
    s.tile_face[far // 7] = far // 7
    s.pieces.append((MONSTER, far, -1, -1))
    start(s, lambda: move_monsters(s, 0, 2, "all", "nearest"))
    assert _monsters(s) == [(far, -1)]


def test_patrol_spawn_only_if_no_normal_monster__s16_5():
    s = new(1)
    put_monster(s, "Q0")
    start(s, lambda: spawn(s, 0, "lowest_landmark", 0, 0, True))
    assert len(_monsters(s)) == 1
    s.pieces = [p for p in s.pieces if p[0] != MONSTER]
    start(s, lambda: spawn(s, 0, "lowest_landmark", 0, 0, True))
    assert _monsters(s) == [(space("B0"), -1)]


def test_spawn_on_a_survivor_flips_and_fights__s11_2():
    s = new(1)
    s.position[0] = space("B0")
    start(s, lambda: spawn(s, 0, "lowest_landmark", 0, 0, False))
    chance(s, "monster 3", "die 1", "die 1")
    assert _monsters(s)[0][1] != space("B0") and s.combat == []


def test_spawn_with_no_landmark_on_the_map_fizzles__s11_2():
    s = new(1)
    s.tile_face[1] = -1
    start(s, lambda: spawn(s, 0, "lowest_landmark", 0, 0, False))
    assert _monsters(s) == []


def test_group_vote_then_the_leader_decides__s18_3():
    s = new(2)
    s.position[:] = [space("B0"), space("B0")]
    start(s, lambda: spawn(s, 0, "landmark", 1, 0, False))
    chance(s, "monster 3")
    assert s.to_move() == [0, 1]
    do(s, 0, "vote 0")
    do(s, 1, "vote 1")
    assert answers(s, 0) == ["pick 0", "pick 1"]
    do(s, 0, "pick 1")
    assert s.combat[4] == 1


def test_unanimous_vote_binds__s18_3():
    s = new(2)
    s.position[:] = [space("B0"), space("B0")]
    start(s, lambda: spawn(s, 0, "here", 0, 0, False))
    chance(s, "monster 3")
    do(s, 1, "vote 0")
    do(s, 0, "vote 0")
    assert s.combat[4] == 0


def test_special_spawn_and_empty_supply_rebuild__s11_6():
    s = new(1)
    start(s, lambda: spawn(s, 0, "landmark", 1, 86, False))
    assert _monsters(s) == [(space("B0"), 8)] and s.specials_left == []
    s.monster_supply[:] = []
    s.monster_discard[:] = [5]
    start(s, lambda: spawn(s, 0, "landmark", 1, 0, False))
    assert s.monster_supply == [5] and s.monster_discard == []
    start(s, lambda: spawn(s, 0, "landmark", 1, 0, False))
    assert len(_monsters(s)) == 2  # the one facedown token uses up the supply (§17.20 item 21)


def test_several_monsters_in_a_space_the_survivor_picks__s11_3():
    s = new(1)
    put_monster(s, "A1", 3)
    put_monster(s, "A1")
    s.position[0] = space("A1")
    start(s, lambda: fight_monsters_here(s, 0))
    chance(s, "monster 4")
    assert answers(s, 0) == ["fight t3", "fight t4"]
    do(s, 0, "fight t4")
    chance(s, "die 1", "die 1")  # t4 retreats north; then t3, the only one left, is fought
    assert s.combat[3] == 3


def test_nearest_other_survivor_ties_go_to_the_leader__s17_20():
    s = new(3, leader=1)
    s.position[:] = [space("A0"), space("A1"), space("A4")]
    assert nearest_other_survivor(s, 0) == 1
    s.position[2] = space("A0")
    assert nearest_other_survivor(s, 0) == 2
