"""The worked examples of discover.md §16 as tests, each with the example's own numbers.

Combat (§16.2, §16.9), Snoring (§16.6) and the Scenario 5 and lethal vectors of §16.10 are in
test_discover_combat.py.
"""

from __future__ import annotations

import pytest

from discover_helpers import MOUNTAIN_CLIMBER, Table, card_ids, replace_character, tammy_copy
from outlast import IllegalAction
from outlast.games.discover.terms import (
    CLEAN_WATER,
    DAMAGE,
    DEHYDRATION,
    DIRTY_WATER,
    FOOD,
    IN_PLAY,
    MEDICINE,
    PHYSICAL,
    SICKNESS,
    STARVATION,
    WATER,
)


def _forage_resource_token(t: Table) -> int:
    return next(f.id for f in t.s.copy.features if f.back == 0 and f.resources and len(f.resources) == 1)


def _pile1_face(t: Table) -> int:
    return next(tile.id for tile in t.s.copy.tiles if tile.pile == 1 and tile.spaces[3].landmark == 33)


def _tammy(stamina: int = 9) -> Table:
    t = Table.new(players=2, copy=tammy_copy())
    t.s.stamina[0] = stamina
    t.forget()
    return t


def test_tammys_turn__s16_1() -> None:
    t = _tammy()
    s = t.s
    t.do("move A4")
    assert s.stamina[0] == 7
    t.do("move A3")
    assert s.stamina[0] == 6
    t.do("scout B")
    t.chance(f"tile {_pile1_face(t)}")
    assert s.stamina[0] == 5
    assert [p for p in s.pieces if p[0] == 0] == [(0, 13, -1, -1)]  # one facedown forage token on B6
    t.do("move B6")
    assert s.stamina[0] == 4
    t.do("gather forage")  # the free gather of Move and Gather
    token = _forage_resource_token(t)
    t.chance(f"feature {token}")
    assert s.kept_tokens[0] == [token] and s.stamina[0] == 4
    t.do("move B0", "move B3")
    assert s.stamina[0] == 2
    t.do("investigate")
    assert s.stamina[0] == 1
    key = card_ids(s.copy, 33)[0]
    assert s.card_place[key] == 0 and s.copy.cards[key].name == "Silver Key"
    t.do("end")
    assert s.stamina[0] == 1 and s.to_move() == [1] and s.current == 1


def test_mountain_climber_pays_one_less__s16_7() -> None:
    t = _tammy()
    s = t.s
    s.copy = replace_character(s.copy, s.character[0], MOUNTAIN_CLIMBER)
    t.forget()
    t.do("move A4")
    assert s.stamina[0] == 8  # underbrush costs her 1
    t.do("move A3", "scout B")
    t.chance(f"tile {_pile1_face(t)}")
    t.do("move B6", "pass", "move B0", "move B3", "investigate", "end")
    assert s.stamina[0] == 2


def test_a_move_costs_what_the_entered_space_costs__s6_3() -> None:
    t = _tammy(stamina=1)
    assert "move A4" not in t.legal()  # underbrush costs 2: an action one cannot pay is not offered (§5.7)
    with pytest.raises(IllegalAction, match="§7"):
        t.do("move A4")
    assert t.s.stamina[0] == 1 and t.s.position[0] == 0


def _at_cabin(t: Table, seat: int = 0) -> None:
    """Put seat on a faceup landmark #1."""
    s = t.s
    for position, face in enumerate(s.tile_face):
        if face >= 0:
            continue
        tile = s.copy.tiles[_face_with_landmark(t, 1)]
        if s.board.pile_of[position] == tile.pile:
            s.tile_face[position] = tile.id
            slot = next(i for i, p in enumerate(tile.spaces) if p.landmark == 1)
            s.position[seat] = position * 7 + slot
            t.forget()
            return
    raise AssertionError("no position for the cabin's tile")


def _face_with_landmark(t: Table, number: int) -> int:
    return next(tile.id for tile in t.s.copy.tiles if any(p.landmark == number for p in tile.spaces))


def test_cabin_without_key_resolves_3__s16_3_a() -> None:
    t = Table.new(players=2)
    _at_cabin(t)
    s = t.s
    before = s.stamina[0]
    t.do("investigate")
    variants = card_ids(s.copy, 3)
    if len(variants) > 1:
        t.chance(f"variant {variants[0]}")
    assert s.stamina[0] == before - 1
    texts = t.texts()
    assert any("Card #1 is Abandoned Cabin" in x for x in texts)
    assert any("Card #3 is" in x for x in texts)
    assert s.card_place[card_ids(s.copy, 1)[0]] == -1  # #1 went back into the deck


def test_cabin_with_key_switches_to_2__s16_3_b() -> None:
    t = Table.new(players=2)
    _at_cabin(t)
    s = t.s
    t.give_item(0, 33)
    t.do("investigate")
    assert t.legal() == ["switch", "decline"]  # asked before #2 is shown
    assert not any("Card #2" in x for x in t.texts())
    t.do("switch")
    assert s.card_place[card_ids(s.copy, 2)[0]] == IN_PLAY
    assert not any("Card #3 is" in x for x in t.texts())
    assert s.card_place[card_ids(s.copy, 33)[0]] == 0  # the key stays with its owner


def test_key_but_2_in_play_resolves_nothing__s16_3_c() -> None:
    t = Table.new(players=2)
    _at_cabin(t)
    s = t.s
    t.give_item(0, 33)
    t.place_upgrade(2)
    before = s.stamina[0]
    t.do("investigate", "switch")
    assert any("Card #2 is not in the deck" in x for x in t.texts())
    assert not any("Card #3 is" in x for x in t.texts())
    assert s.stamina[0] == before - 1  # the stamina is still spent (§9.4)


@pytest.mark.parametrize("case", ["a", "b", "c"])
def test_each_cabin_case_satisfies_cry_for_help__s16_3_e(case: str) -> None:
    t = Table.new(players=2)
    _at_cabin(t)
    s = t.s
    assert s.copy.quests[s.quest].code == "1.1"
    if case != "a":
        t.give_item(0, 33)
    if case == "c":
        t.place_upgrade(2)
    t.do("investigate")
    if case != "a":
        t.do("switch")
    while s.chance:
        s.apply(s.sample_chance())
    assert s.copy.quests[s.quest].code == "1.2"


def test_only_an_investigate_counts_for_cry_for_help__s16_8() -> None:
    from outlast.games.discover import flow
    from outlast.games.discover.numbered import look_up
    from outlast.games.discover.quests import check_quest

    t = Table.new(players=2)
    s = t.s
    look_up(s, 0, 1)  # a card resolving #1 some other way
    flow.advance(s)
    while s.chance:
        s.apply(s.sample_chance())
    check_quest(s)
    assert s.copy.quests[s.quest].code == "1.1"


def _night_at(t: Table, warm_bed: bool, fire: bool) -> int:
    s = t.s
    _at_cabin(t)
    if warm_bed:
        t.place_upgrade(2)
    if fire:
        s.pieces.append((4, s.position[0], 1, 0))
    s.stamina[0] = 0
    from outlast.games.discover.night import sleep

    sleep(s, 9, 7)
    return s.stamina[0]


def test_warm_bed_at_the_cabin__s16_3_d() -> None:
    assert _night_at(Table.new(players=2), warm_bed=True, fire=False) == 9
    assert _night_at(Table.new(players=2), warm_bed=True, fire=True) == 11
    assert _night_at(Table.new(players=2), warm_bed=False, fire=False) == 7


def _recover_with_dirty_water(t: Table, damage: list[int], roll: int, medicine: bool = False) -> None:
    s = t.s
    s.damage[0] = damage
    s.supplies[0] = [0] * 10
    s.supplies[0][DIRTY_WATER] = 1
    if medicine:
        s.supplies[0][MEDICINE] = 1
    t.forget()
    t.do("recover 0 dehydration dirty_water")
    if medicine:
        assert t.legal() == ["medicine", "roll"]
        t.do("roll")
    t.chance(f"die {roll}")


def test_dirty_water_roll_1_to_3_is_sickness__s16_4() -> None:
    t = Table.new(players=2)
    _recover_with_dirty_water(t, [DEHYDRATION], 2)
    assert t.s.damage[0] == [SICKNESS]
    t = Table.new(players=2)
    _recover_with_dirty_water(t, [DEHYDRATION], 4)
    assert t.s.damage[0] == []


def test_dirty_water_with_medicine_may_skip_the_roll__s16_4() -> None:
    t = Table.new(players=2)
    s = t.s
    s.damage[0] = [DEHYDRATION]
    s.supplies[0] = [0] * 10
    s.supplies[0][DIRTY_WATER] = 1
    s.supplies[0][MEDICINE] = 1
    t.forget()
    t.do("recover 0 dehydration dirty_water", "medicine")
    assert s.damage[0] == [] and s.supplies[0][MEDICINE] == 0 and not s.chance


def test_dirty_water_two_physical_then_sickness__s16_4() -> None:
    t = Table.new(players=2)
    _recover_with_dirty_water(t, [DEHYDRATION, PHYSICAL, PHYSICAL], 2)
    assert sorted(DAMAGE[d] for d in t.s.damage[0]) == ["physical", "physical", "sickness"]
    assert t.s.status[0] == 0


def test_dropped_dirty_water_means_no_roll__s16_4() -> None:
    t = Table.new(players=2)
    s = t.s
    from outlast.games.discover.carrying import lose

    s.supplies[0][DIRTY_WATER] = 1
    lose(s, 0, DIRTY_WATER, 1)
    assert s.dirty_pending[0] == 0


def _to_night(t: Table) -> None:
    s = t.s
    while s.phase == 1:
        t.do("end")


def _night_card(t: Table, code: str) -> int:
    return next(c.id for c in t.s.copy.nights if c.code == code)


def test_night_card_1_10__s16_5() -> None:
    t = Table.new(players=2)
    s = t.s
    a, b = 0, 1
    s.stamina[a], s.stamina[b] = 3, 8
    s.supplies[a] = [0] * 10
    s.supplies[a][CLEAN_WATER] = 1
    s.supplies[b] = [0] * 10
    s.supplies[b][FOOD] = 1
    s.damage[b] = [STARVATION]
    s.position[b] = 3
    s.pieces = [p for p in s.pieces if p[1] != 3]
    hand = len(s.hand[a])
    t.forget()
    _to_night(t)
    t.chance(f"night {_night_card(t, '1/10')}")
    assert t.legal(a) == ["pay clean_water", "suffer"]
    t.do("pay clean_water", seat=a)
    assert sorted(s.damage[b]) == [STARVATION, DEHYDRATION]  # B could not pay: forced
    assert s.stamina[a] == 12 and s.stamina[b] == 12  # 3 + 9 and 8 + 7 capped
    project = s.chance[0]
    assert project[0] == 3  # Inspiration: the leader draws a project card
    s.apply(s.sample_chance())
    assert len(s.hand[a]) == hand + 1


def _to_handoff() -> Table:
    """A 3-player table played through its first night (suffering every upkeep) up to the hand-off naming."""
    t = Table.new(players=3)
    s = t.s
    _to_night(t)
    while s.chance or s.decisions[-1].kind != "name the next tribe leader":
        if s.chance:
            s.apply(s.sample_chance())
        else:
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            s.apply(legal[-1] if s.decisions[-1].kind == "pay upkeep" else legal[0], seat)
    return t


def test_handoff_unanimous_binds__s16_10() -> None:
    t = _to_handoff()
    s = t.s
    t.do("name 1", seat=1)
    t.do("name 1", seat=2)
    assert s.tribe_leader == 1  # the leader's choice was forced (§5.6)


def test_handoff_split_leader_decides__s16_10() -> None:
    t = _to_handoff()
    s = t.s
    t.do("name 2", seat=1)
    t.do("name 1", seat=2)
    assert t.legal(0) == ["keep", "give 1", "give 2"]
    t.do("keep", seat=0)
    assert s.tribe_leader == 0


def test_setup_two_players__s16_10() -> None:
    t = Table.new(players=2)
    s = t.s
    for seat in range(2):
        assert s.stamina[seat] == 10 and len(s.hand[seat]) == 2
        assert s.supplies[seat][FOOD] == 1 and s.supplies[seat][CLEAN_WATER] == 1
        assert s.position[seat] == s.board.camp


def test_trade_accepted_costs_1_refused_costs_0__s16_10() -> None:
    for answer, paid in (("accept", 1), ("reject", 0)):
        t = Table.new(players=2)
        s = t.s
        s.supplies[0][FOOD] = 3
        t.forget()
        before = s.stamina[0]
        t.do("trade 1", "give food", "give food", "give food", "propose")
        t.do(answer, seat=1)
        assert s.stamina[0] == before - paid
        assert s.supplies[1][FOOD] == (4 if answer == "accept" else 1)


def test_clean_water_source_gives_10__s16_10() -> None:
    t = Table.new(players=2)
    s = t.s
    clean = next(w.id for w in s.copy.waters if w.resource == CLEAN_WATER)
    s.pieces.append((WATER, s.board.camp, clean, -1))
    s.stamina[0] = 10
    s.supplies[0] = [0] * 10
    t.forget()
    for _ in range(10):
        t.do("gather water")
    assert s.supplies[0][CLEAN_WATER] == 10 and s.stamina[0] == 0


def test_carry_limit_drop_at_11__s16_10() -> None:
    t = Table.new(players=2)
    s = t.s
    s.supplies[0] = [0] * 10
    s.supplies[0][FOOD] = 10
    s.pieces.append((3, s.board.camp, FOOD, -1))
    t.forget()
    t.do("gather food")  # 11: the only thing to drop is food, so the trim resolves itself (§18.1)
    assert s.supplies[0][FOOD] == 10 and [p for p in s.pieces if p[0] == 3] == [(3, s.board.camp, FOOD, -1)]
    s.supplies[0][FOOD] = 9
    s.supplies[0][CLEAN_WATER] = 1
    t.forget()
    t.do("gather food")
    assert t.legal() == ["drop food", "drop clean_water"]
    t.do("drop clean_water")
    assert s.supplies[0][FOOD] == 10 and s.supplies[0][CLEAN_WATER] == 0


def test_change_from_a_double_token__s16_10() -> None:
    t = Table.new(players=2)
    s = t.s
    double = next(f for f in s.copy.features if len(f.resources) == 2)  # e.g. a double-wood token
    for pile in s.feature_piles:
        if double.id in pile:
            pile.remove(double.id)
    s.kept_tokens[0] = [double.id]
    s.supplies[0] = [0] * 10
    from outlast.games.discover.carrying import spend

    first, second = double.resources
    assert spend(s, 0, first, 1) == 1
    assert s.supplies[0][second] == 1 and s.kept_tokens[0] == []  # the change comes back from the supply
    assert double.id in s.feature_discard[double.back]


def test_players_icon_counts_who_started__s16_10() -> None:
    t = Table.new(players=4, scenario="2")
    s = t.s
    s.status[2] = s.status[3] = 2
    from outlast.games.discover.quests import pay_goal

    wood = pay_goal(s)[4]
    assert wood == 4 * s.copy.quests[s.quest].requirement["pay_any"]  # 3 wood or stone per starting player


def test_elimination_at_fourth_damage__s10_3() -> None:
    t = Table.new(players=2)
    s = t.s
    from outlast.games.discover.damage import suffer

    suffer(s, 0, PHYSICAL, 3)
    assert s.status[0] == 0
    suffer(s, 0, STARVATION)
    assert s.status[0] == 2 and s.tribe_leader == 1
