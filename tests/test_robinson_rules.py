"""Robinson Crusoe rules the worked examples do not cover, one test per rule, named by its §
(robinson-crusoe.md). Seats: 3 players are Carpenter (0, first player), Cook (1), Soldier (2) and the
Dog; 2 players are Carpenter and Cook with Friday. The camp starts at s10 (tile 8, beach); s6, s7, s9
and s11 are next to it.
"""

from __future__ import annotations

import pytest

from outlast import IllegalAction
from outlast.games.robinson.state import (
    CHANGE_LIMIT,
    EVENT,
    FT_ADVENTURE,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    MORALE,
    NIGHT,
    PLAN,
    TOK_AVAIL,
    TOK_FUTURE,
    TOK_USED,
    WEATHER,
    Z_EVENT_DECK,
    Z_HUNT_DECK,
    Z_ITEM,
    Z_START_USED,
    Z_THREAT_L,
    Z_THREAT_R,
)
from robinson_helpers import CARPENTER, COOK, GAME, SOLDIER, Table, card, illegal, planning, rest

S4, S6, S7, S9, S11 = 3, 5, 6, 8, 10
"""0-based spaces: s6, s7, s9, s11 touch the start Camp (s10); s4 touches s7 only."""


# ============================================================================ planning (§8.1–§8.3)


def test_action_below_its_minimum_cannot_be_confirmed_s8_1_3() -> None:
    t = planning()
    t.put(Z_HUNT_DECK, "fox")
    t.act(SOLDIER, "place 1 hunt")  # Hunting needs 2 pawns
    t.plan(*rest(CARPENTER, COOK), (SOLDIER, "place 2 rest"), confirm=False)
    assert "ready" not in t.raw(SOLDIER)  # the Soldier's Hunt is short of a pawn
    for seat in (COOK,):
        t.act(seat, "ready")
    err = illegal(t, CARPENTER, "confirm")
    assert err.rule == "§8.1.3" and "hunt" in err.reason and "needs 2 pawns" in err.reason


def _churn(t: Table, seat: int, times: int) -> None:
    """Place a pawn on Rest and take it back `times` times."""
    for _ in range(times):
        t.act(seat, "place 1 rest")
        t.act(seat, "remove 1")


def test_after_ten_changes_a_seat_may_only_settle_s26_1() -> None:
    """Engine limit (decision 0009): 10 take-backs or lead changes in one planning, then a seat keeps what
    holds — no more joins, leads or take-backs of complete Actions, free pawns may only rest."""
    t = planning(resources=[2, 0, 0, 0])
    _churn(t, COOK, CHANGE_LIMIT - 1)
    t.act(COOK, "place 1 build:weapon")
    assert any(a.startswith("remove") for a in t.raw(COOK))
    t.act(COOK, "remove 1")  # the tenth change
    assert t.state.changes[COOK] == CHANGE_LIMIT
    assert t.state.observe(COOK)["changes_left"][COOK] == 0
    t.act(CARPENTER, "place 1 build:weapon")
    legal = t.raw(COOK)
    assert "place 1 rest" in legal
    assert not [a for a in legal if a.startswith(("join", "lead")) or a.startswith("place") and a != "place 1 rest"]
    for text in ("place 1 build:weapon", "join 1 1"):
        err = illegal(t, COOK, text)
        assert err.rule == "§26.1" and "engine limit" in err.reason
    t.act(COOK, "place 1 rest")
    t.act(COOK, "place 2 rest")
    assert not [a for a in t.raw(COOK) if a.startswith("remove")]  # Rest is complete: nothing to take back
    err = illegal(t, COOK, "remove 1")
    assert "engine limit" in err.reason
    assert "ready" in t.raw(COOK)
    assert t.state.changes[CARPENTER] == 0  # the limit is per seat
    assert any(a.startswith("join") for a in t.raw(CARPENTER))


def test_a_settling_seat_may_still_free_a_pawn_from_an_action_that_cannot_go_ahead_s26_1() -> None:
    t = planning()
    t.put(Z_HUNT_DECK, "fox")
    _churn(t, SOLDIER, CHANGE_LIMIT)
    t.act(SOLDIER, "place 1 rest")
    t.act(SOLDIER, "place 2 rest")
    t.state.changes[SOLDIER] = CHANGE_LIMIT - 1
    t.state.forget()
    t.act(SOLDIER, "remove 2")  # the tenth change
    assert "place 2 rest" in t.raw(SOLDIER) and not any("hunt" in a for a in t.raw(SOLDIER))
    t.state.changes[SOLDIER] = 0
    t.state.forget()
    t.act(SOLDIER, "remove 1")
    t.act(SOLDIER, "place 1 hunt")  # Hunting needs 2 pawns: short of one
    t.state.changes[SOLDIER] = CHANGE_LIMIT
    t.state.forget()
    assert "remove 1" in t.raw(SOLDIER)  # the short Hunt blocks the plan, so its pawn may come back
    t.act(SOLDIER, "remove 1")
    t.act(SOLDIER, "place 1 rest")
    t.act(SOLDIER, "place 2 rest")
    t.act(SOLDIER, "ready")


def test_planning_ends_even_when_every_seat_stalls_s26_1() -> None:
    """A driver that says `ready` only when nothing else is left still gets past planning, at every
    player count: the change limit bounds the moves of a planning phase."""
    for players in (1, 2, 3, 4):
        t = Table.new(players=players).to_plan()
        s = t.state
        moves = 0
        while s.phase == PLAN and not s.decisions and not s.chance:
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            stall = [a for a in legal if a.verb == "remove"] or [a for a in legal if a.verb == "lead"] \
                or [a for a in legal if a.verb in ("place", "join")] or legal
            s.apply(stall[moves % len(stall)])
            moves += 1
            assert moves < 60 * players, f"planning with {players} player(s) did not end"


def test_hunting_needs_a_card_in_the_hunting_deck_s8_7_1() -> None:
    t = planning()
    assert not any("hunt" in a for a in t.raw(SOLDIER))
    err = illegal(t, SOLDIER, "place 1 hunt")
    assert "Hunting deck" in err.reason and err.rule == "§8.7.1"


def test_one_tile_away_needs_one_more_pawn_s8_1_7() -> None:
    t = planning()
    s = t.state
    t.explore(6, S7)  # s7 explored: s4 lies one tile away
    t.act(COOK, "place 1 explore:s4")
    assert s._min_pawns(0) == 2
    t.act(COOK, "join 2 1")
    assert "join 1 1" in t.raw(CARPENTER)  # a third pawn makes it a sure success
    t.act(CARPENTER, "join 1 1")
    assert len(s.groups[0][4]) == 3 == s._max_pawns(0)


def test_farther_than_one_tile_away_is_illegal_s8_1_7() -> None:
    t = planning()
    err = illegal(t, COOK, "place 1 explore:s1")
    assert "too far" in err.reason and err.rule == "§8.1.7"


def test_gathering_never_targets_the_camp_tile_s8_1_7() -> None:
    t = planning()
    assert not any(a.endswith("gather:s10:wood") for a in t.raw(CARPENTER))
    err = illegal(t, CARPENTER, "place 1 gather:s10:wood")
    assert err.rule == "§8.1.7"


def test_a_source_is_gathered_once_per_round_s8_1_4() -> None:
    t = planning()
    t.explore(5, S6)
    t.act(COOK, "place 1 gather:s6:wood")
    err = illegal(t, CARPENTER, "place 1 gather:s6:wood")
    assert "once per round" in err.reason and err.rule == "§8.1.4"
    t.act(CARPENTER, "place 1 gather:s6:food")  # the other source of the tile is free


def test_one_threat_action_per_card_s8_1_4() -> None:
    t = planning()
    t.act(CARPENTER, "place 1 threat:r")
    err = illegal(t, COOK, "place 1 threat:r")
    assert err.rule == "§8.1.4"


def test_at_most_two_threat_actions_each_on_its_own_card_s8_1_4() -> None:
    t = planning()
    t.put(Z_THREAT_L, "insects")
    t.put(Z_ITEM, "fire")
    t.act(CARPENTER, "place 1 threat:r")
    t.act(COOK, "place 1 threat:l")
    assert len(t.state.groups) == 2
    assert not any("threat" in a for a in t.raw(SOLDIER))


def test_additional_pawns_only_support_s8_1_6() -> None:
    t = planning()
    err = illegal(t, CARPENTER, "place dog explore:s6")
    assert "only support" in err.reason and err.rule == "§8.1.6"


def test_the_dog_supports_hunting_and_exploring_only_s14_6() -> None:
    t = planning(resources=[1, 0, 0, 0])
    t.act(COOK, "place 1 build:weapon")
    err = illegal(t, CARPENTER, "join dog 1")
    assert err.rule == "§8.1.6"
    t.act(SOLDIER, "place 1 explore:s6")
    t.act(CARPENTER, "join dog 2")
    assert t.state.dog_pawn in t.state.groups[1][4]


def test_personal_invention_only_by_its_owner_s8_8_6() -> None:
    t = planning()
    s = t.state
    t.build("rope")
    err = illegal(t, COOK, "place 1 build:snare")
    assert "carpenter" in err.reason and "§8.8.6" in err.rule
    t.act(CARPENTER, "place 1 build:snare")
    t.act(COOK, "join 1 1")  # others may support (§13.1)
    err = illegal(t, COOK, "lead 1")
    t.plan((CARPENTER, "place 2 rest"), (COOK, "place 2 rest"), *rest(SOLDIER))
    t.pass_windows()
    assert s.determination[CARPENTER] == 2  # the owner gains 2 Determination at once
    assert s.built("snare")


def test_roof_and_palisade_need_a_shelter_s8_8_4() -> None:
    t = planning(resources=[3, 0, 0, 0])
    for target in ("build:roof/wood", "build:palisade/wood"):
        err = illegal(t, CARPENTER, f"place 1 {target}")
        assert "Shelter" in err.reason and "§8.8.4" in err.rule
    t.set(shelter=1)
    t.act(CARPENTER, "place 1 build:roof/wood")


def test_a_natural_shelter_allows_roof_and_palisade_s8_8_4() -> None:
    t = planning(resources=[3, 0, 0, 0])
    t.explore(11, S9).set(camp=S9)  # a tent tile
    t.act(CARPENTER, "place 1 build:palisade/wood")


def test_the_shelter_is_built_once_s8_8_3() -> None:
    t = planning(resources=[6, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:shelter/wood")
    err = illegal(t, COOK, "place 1 build:shelter/wood")
    assert err.rule == "§8.8.3"
    t.set(shelter=1, groups=[])
    err = illegal(t, COOK, "place 1 build:shelter/wood")
    assert "already built" in err.reason


def test_committed_resources_are_not_spent_twice_s8_3_1() -> None:
    t = planning(resources=[1, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:weapon")
    err = illegal(t, COOK, "place 1 build:weapon")
    assert err.rule == "§8.3.1" and "free now: 0 wood" in err.reason


def test_illegal_action_leaves_the_state_unchanged_s26_1() -> None:
    t = planning()
    for seat, text in ((CARPENTER, "place 1 build:roof/wood"), (COOK, "join 1 9"), (CARPENTER, "confirm"),
                       (CARPENTER, "place 3 rest"), (COOK, "choose 1")):
        illegal(t, seat, text)


# ============================================================================ Future resources (§8.3.1, §8.13)


def test_future_resources_wait_for_cleanup_s8_3_1() -> None:
    t = planning(resources=[0, 0, 0, 0], determination=[3, 0, 0, 0])  # the Carpenter could Handyman… but nothing to build
    s = t.state
    t.explore(5, S6)
    with pytest.raises(IllegalAction):
        t.act(COOK, "place 1 build:weapon")  # no wood at planning
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 arrange"),
           (SOLDIER, "place 2 rest"), *rest(CARPENTER))
    t.pass_windows()
    assert t.logged("+1 wood to Future (Gathering")
    assert s.resources[0] == 1 and s.phase != PLAN  # Available only after cleanup


def test_gains_go_to_future_during_the_action_phase_s8_3_1() -> None:
    t = Table.new(players=3, items="bible").to_plan()  # the Bible holds the window before Arranging
    s = t.state
    t.explore(5, S6)
    t.put(Z_HUNT_DECK, "birds")
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 hunt"),
           (SOLDIER, "join 2 2"), (CARPENTER, "place 1 arrange"), (CARPENTER, "place 2 rest"))
    t.draw("birds")  # strength 1 against Weapon 0: 1 Wound, 2 food to Future
    assert s.decisions and "use bible" in t.legal(s.first_player)  # before Arranging, after the Hunt and the Gathering
    assert s.future_resources[:2] == [1, 2] and s.resources[:2] == [1, 1]
    assert s.free(0) == 1 and s.free(1) == 1  # Future resources cannot be spent yet
    t.pass_windows()
    assert t.logged("Cleanup: Future resources are now Available")


def test_failed_build_keeps_its_resources_s8_5_2() -> None:
    t = planning(resources=[3, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:shelter/wood"), (CARPENTER, "place 2 arrange"), *rest(COOK, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.shelter == 0
    assert s.resources[0] == 3
    assert s.determination[CARPENTER] == 4  # 2 for the ?, 2 for Arranging


def test_successful_build_pays_its_resources_s8_8_3() -> None:
    t = planning(resources=[3, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:shelter/wood"), (CARPENTER, "join 2 1"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert s.shelter == 1 and s.resources[0] == 0


# ============================================================================ Friday (§14.4) and the Dog


def friday_table(**fields: object) -> Table:
    return planning(players=2, **fields)


def test_friday_leads_alone_and_takes_a_wound_for_an_adventure_s14_4() -> None:
    t = friday_table(resources=[1, 0, 0, 0])
    s = t.state
    fi = s.table.friday_index
    t.plan((CARPENTER, "place friday build:weapon"), *rest(CARPENTER, COOK))
    assert s.groups[0][3] == fi
    t.pass_windows()
    t.roll("blank success adventure")  # a player rolls his dice
    t.pass_windows()
    assert s.weapon == 1
    assert s.wounds[fi] == 1  # 1 Wound instead of an Adventure card
    assert t.logged("an Adventure result for Friday")
    assert not t.logged("Adventure card:")


def test_friday_rerolls_for_two_of_his_determination_s14_4() -> None:
    t = friday_table(resources=[1, 0, 0, 0], determination=[0, 0, 2])
    s = t.state
    fi = s.table.friday_index
    t.plan((CARPENTER, "place friday build:weapon"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.roll("blank question blank")
    assert "reroll success friday" in t.legal(s.first_player)
    t.act(s.first_player, "reroll success friday")
    assert s.determination[fi] == 0
    t.roll("success")
    assert "reroll success friday" not in t.raw(s.first_player)  # once per Action
    t.pass_windows()
    assert s.weapon == 1


def test_friday_is_not_hit_by_weather_or_eating_s14_4() -> None:
    t = friday_table()
    s = t.state
    fi = s.table.friday_index
    t.goto(WEATHER, 0, round=2, shelter=1, palisade=0, weather_tokens=[0, 0, 1], resources=[0, 2, 0, 0])
    assert t.wounds() == [1, 1]  # the Storm, every player
    assert s.wounds[fi] == 0
    t.pass_windows(night=True)  # the Night: two meals, Friday does not eat
    assert t.wounds() == [1, 1] and s.wounds[fi] == 0
    assert s.round == 3 and s.resources[1] == 0  # 2 meals eaten


def test_friday_death_does_not_end_the_game_s11_2() -> None:
    t = friday_table()
    s = t.state
    s.wound(s.table.friday_index, 4, "test")
    assert not s.over and not s.friday_alive
    assert "place friday rest" not in t.raw(s.first_player)


# ============================================================================ player counts (§6.1, §14)


def test_four_player_arranging_is_determination_or_morale_s14_1() -> None:
    t = Table.new(players=4).to_plan()
    s = t.state
    morale = s.morale
    t.plan((0, "place 1 arrange"), (0, "place 2 rest"), *rest(1, 2, 3))
    t.pass_windows()
    assert t.legal(0) == ["arrange determination", "arrange morale"]
    t.act(0, "arrange morale")
    assert s.morale == morale + 1 and s.determination[0] == 0


def test_four_player_arranging_determination_s14_1() -> None:
    t = Table.new(players=4).to_plan()
    s = t.state
    morale = s.morale
    t.plan((1, "place 1 arrange"), (1, "place 2 rest"), *rest(0, 2, 3))
    t.pass_windows()
    t.act(1, "arrange determination")
    assert s.determination[1] == 2 and s.morale == morale


def test_solo_morale_starts_each_phase_with_plus_one_s6_1() -> None:
    t = Table.new(players=1)
    s = t.state
    assert s.table.friday and s.table.dog  # §14.5
    t.to_plan()
    assert s.morale == 1 and s.determination[0] == 1  # +1, then the FP gains 1 at level +1


def test_solo_player_stays_first_player_s14_5() -> None:
    t = Table.new(players=1).to_plan()
    t.goto(NIGHT, 0, resources=[0, 1, 0, 0], shelter=1)
    assert t.state.first_player == 0 and t.state.round == 2


def test_top_morale_gives_two_determination_or_a_heal_s6_2() -> None:
    t = Table.new(players=3)
    t.goto(MORALE, 0, morale=3, wounds=[2, 0, 0, 0])
    assert t.legal(0) == ["morale determination", "morale heal"]
    t.act(0, "morale heal")
    assert t.state.wounds[0] == 1 and t.state.determination[0] == 0


def test_top_morale_determination_s6_2() -> None:
    t = Table.new(players=3)
    t.goto(MORALE, 0, morale=3)
    t.act(0, "morale determination")
    assert t.state.determination[0] == 2


@pytest.mark.parametrize(("level", "det", "after"), [(-2, 5, 3), (-1, 0, 0), (0, 1, 1), (1, 0, 1), (2, 0, 2)])
def test_morale_levels_s6_2_s25_8(level: int, det: int, after: int) -> None:
    t = Table.new(players=3)
    t.goto(MORALE, 0, morale=level, determination=[det, 0, 0, 0])
    assert t.state.determination[0] == after


# ============================================================================ Night (§10)


def test_hungry_players_are_chosen_and_take_two_wounds_s10_1() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 1, 0, 0], shelter=1)
    assert sorted(t.legal(0)) == ["hungry carpenter", "hungry cook", "hungry soldier"]
    t.act(0, "hungry cook")
    assert t.legal(0) == ["hungry carpenter", "hungry soldier"]
    t.act(0, "hungry soldier")
    assert t.wounds() == [0, 2, 2]
    assert s.resources[1] == 0


def test_open_air_night_wounds_every_player_s10_3() -> None:
    t = Table.new(players=3).to_plan()
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=0)
    assert t.wounds() == [1, 1, 1]


def test_shelter_night_is_safe_s10_3() -> None:
    t = Table.new(players=3).to_plan()
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    assert t.wounds() == [0, 0, 0]


def test_food_rots_but_non_perishable_food_and_wood_stay_s10_4() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[4, 5, 2, 1], shelter=1)  # wood, food, non-perishable, fur
    assert s.resources == [4, 0, 2, 1]  # 3 perishable eaten first (§2.4), the other 2 rot


def test_the_cellar_keeps_food_s10_4() -> None:
    t = Table.new(players=3).to_plan()
    t.build("cellar")
    t.goto(NIGHT, 0, resources=[0, 5, 0, 0], shelter=1)
    assert t.state.resources[1] == 2


def test_first_player_passes_clockwise_s10_5() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1, skill_used=[1, 0, 0])
    assert (s.first_player, s.round) == (1, 2)
    assert s.skill_used == [0, 0, 0]  # skill markers come off at Night


# ============================================================================ Weather (§9)


def weather(round_: int, **fields: object) -> Table:
    t = Table.new(players=3, items="flask_of_rum").to_plan()  # the Flask holds the Night window
    return t.goto(WEATHER, 0, round=round_, **fields)


def test_no_weather_dice_in_rounds_one_to_three_s9_1() -> None:
    t = weather(3, resources=[2, 2, 0, 0])
    assert t.state.phase == NIGHT and t.state.resources[:2] == [2, 2]


def test_winter_discards_wood_whatever_the_roof_s9_3() -> None:
    t = weather(4, shelter=1, roof=5, resources=[2, 2, 0, 0])
    t.weather("winter1")
    assert t.state.resources[:2] == [1, 2]
    assert t.wounds() == [0, 0, 0]


def test_weather_steps_in_order_storm_last_s9_3() -> None:
    t = weather(7, shelter=1, roof=0, palisade=1, weapon=5, resources=[2, 2, 0, 0], weather_tokens=[0, 0, 1])
    t.weather("winter1", "rain2", "palisade")
    s = t.state
    texts = [e.text for e in s.events]

    def first(word: str) -> int:
        return next(i for i, x in enumerate(texts) if word in x)

    assert first("Step 1") < first("Step 2") < first("Hungry Animals") < first("the Storm")
    assert s.palisade == 0
    # 1 wood for winter; 3 clouds above Roof 0: the 1st paid, the 2nd misses 1 wood, the 3rd misses
    # both (3 Wounds); Hungry Animals take the last Palisade level; the Storm finds Palisade 0 (+1)
    assert t.wounds() == [4, 4, 4]


def test_hungry_animals_take_food_s9_3() -> None:
    t = weather(7, shelter=1, roof=5, resources=[5, 1, 0, 0])
    t.weather("rain1", "rain2", "food")
    assert t.state.resources[1] == 0 and t.wounds() == [0, 0, 0]


def test_hungry_animals_with_no_food_wound_everyone_s9_3() -> None:
    t = weather(7, shelter=1, roof=5, resources=[5, 0, 0, 0])
    t.weather("rain1", "rain2", "food")
    assert t.wounds() == [1, 1, 1]


def test_furnace_ignores_a_winter_cloud_s9_2() -> None:
    t = weather(4, shelter=1, roof=0, resources=[1, 0, 0, 0])
    t.build("furnace")
    t.weather("winter1")
    assert t.state.resources[0] == 1 and t.wounds() == [0, 0, 0]


# ============================================================================ §12 additional rules


def test_unfulfilled_demand_wounds_everyone_per_missing_item_s12_2() -> None:
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, resources=[1, 0, 0, 0], determination=[5, 0, 0, 0])
    t.draw("unusually_cold_night")
    t.answer("choose 1")  # discard 2 wood, with only 1
    assert t.wounds() == [1, 1, 1]
    assert t.logged("Unusually cold night: 1 missing")
    assert t.state.resources[0] == 1  # 0 left, +1 from the next Production


def test_if_possible_track_drop_at_zero_does_nothing_s12_3() -> None:
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, roof=0, determination=[5, 0, 0, 0])
    t.draw("rotten_beams")  # Roof −1 IF POSSIBLE
    assert t.wounds() == [0, 0, 0]


def test_morale_change_at_the_bottom_does_nothing_s12_2() -> None:
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, morale=-3, determination=[9, 0, 0, 0])
    t.draw("winter_depression")
    assert t.state.morale == -3
    assert t.wounds() == [0, 0, 0]


def test_one_weather_token_of_a_kind_s12_6() -> None:
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, weather_tokens=[1, 0, 0], determination=[5, 0, 0, 0])
    t.draw("heavy_rain")
    assert t.state.weather_tokens == [1, 0, 0]
    assert t.logged("already holds that token") and t.wounds() == [0, 0, 0]


def test_shuffled_in_adventure_card_shows_its_event_half_s5_2_s16_11() -> None:
    t = Table.new(players=3)
    s = t.state
    t.goto(EVENT, 0, round=2, shelter=1, palisade=1)
    t.put(Z_EVENT_DECK, "hungry_predator")
    t.draw("hungry_predator")  # "Revisit": the FP fights strength 3, Weapon −1, Palisade −1, +1 food
    assert s.wounds[s.first_player] == 3 + 1  # 3 strength against Weapon 0, then 1 Weapon level missing
    assert s.palisade == 0
    assert s.chance  # draw again (§5.2)


def test_threat_effect_when_pushed_off_s5_3() -> None:
    t = Table.new(players=3)
    s = t.state
    t.put(Z_THREAT_L, "insects")  # pushed off by the next slide
    t.goto(EVENT, 0, round=2, resources=[1, 0, 0, 0], determination=[5, 0, 0, 0])
    t.draw("homesickness")
    assert s.resources[0] == 1  # Insects' Threat effect discards the wood; Production then gives 1
    assert s.zone[card("food_crates")] == Z_THREAT_L
    assert s.zone[card("homesickness")] == Z_THREAT_R


# ============================================================================ skills, items, tokens


def test_skill_once_per_round_at_its_cost_s13_2() -> None:
    t = Table.new(players=3, characters="carpenter,cook,explorer").to_plan()
    s = t.state
    t.set(determination=[0, 0, 6, 0])
    morale = s.morale
    t.act(2, "use motivational_speech")
    assert s.morale == morale + 1 and s.determination[2] == 3
    assert "use motivational_speech" not in t.raw(2)  # once per round, even with 3 tokens left
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    t.to_plan()
    assert "use motivational_speech" in t.raw(2)  # the marker came off at Night


def test_skill_needs_its_cost_s13_2() -> None:
    t = Table.new(players=3, characters="carpenter,cook,explorer").to_plan()
    t.set(determination=[0, 0, 2, 0])
    assert "use motivational_speech" not in t.raw(2)
    illegal(t, 2, "use motivational_speech")


def test_grandmas_recipe_heals_outside_the_night_s13_2() -> None:
    t = planning(resources=[0, 1, 0, 0], determination=[0, 2, 0, 0], wounds=[1, 1, 0, 0])
    t.act(COOK, "use grandmas_recipe")
    t.act(COOK, "heal carpenter cook")
    assert t.wounds() == [0, 0, 0] and t.state.resources[1] == 0


def test_starting_item_has_two_uses_s18_3() -> None:
    t = Table.new(players=3, items="biscuits").to_plan()
    s = t.state
    t.act(s.first_player, "use biscuits")
    assert s.uses[card("biscuits")] == 1 and s.resources[2] == 1
    t.act(s.first_player, "use biscuits")
    assert s.zone[card("biscuits")] == Z_START_USED and s.resources[2] == 2
    illegal(t, s.first_player, "use biscuits")


def test_discovery_token_in_future_is_not_usable_until_cleanup_s19_1() -> None:
    t = planning(items="")
    s = t.state
    t.give_token("fallen_tree", TOK_FUTURE)
    assert "use fallen_tree" not in t.raw(s.first_player)
    t.plan(*rest(CARPENTER, COOK, SOLDIER))
    t.pass_windows()
    t.to_plan()
    assert "use fallen_tree" in t.raw(s.first_player)


def test_pot_tokens_need_the_pot_s19_2() -> None:
    t = planning()
    s = t.state
    phys = t.give_token("poison")
    assert "use poison" not in t.raw(s.first_player)
    t.build("pot")
    t.act(s.first_player, "use poison")
    assert s.weapon == 2 and s.token_place[phys] == TOK_USED


def test_healing_tokens_work_only_at_night_s10_6() -> None:
    t = planning(items="", wounds=[2, 0, 0, 0])
    s = t.state
    t.build("pot")
    t.give_token("vegetables", TOK_AVAIL)
    assert "use vegetables" not in t.raw(s.first_player)
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    assert "use vegetables" in t.legal(s.first_player)
    t.act(s.first_player, "use vegetables")
    t.act(s.first_player, "heal carpenter carpenter")
    assert s.wounds[0] == 0


def test_mystery_draw_stops_when_the_deck_runs_out_s16_2() -> None:
    t = planning()
    s = t.state
    for i in range(len(s.zone)):
        if s.zone[i] in (11, 12):  # Mystery deck and discard
            s.zone[i] = 0
    t.put(11, "gold")
    t.give_token("treasure", TOK_AVAIL)
    t.act(s.first_player, "use treasure")
    t.draw("gold")
    assert not s.mystery_draw and t.wounds() == [0, 0, 0]


# ============================================================================ game end (§11, §25.1)


def pile_table(round_: int, fire: bool) -> Table:
    t = Table.new(players=3)
    if fire:
        t.build("fire")
    t.goto(EVENT, 0, round=round_, pile=[1, 2, 3, 4, 4], resources=[3, 5, 0, 0])
    t.put(Z_EVENT_DECK, "insects")
    return t


def test_castaways_win_the_moment_pile_and_fire_are_ready_s11_1_s25_1() -> None:
    t = pile_table(10, fire=True)
    t.draw("insects")
    s = t.state
    assert t.legal(s.first_player) == ["pile 0", "pile 1"]
    t.act(s.first_player, "pile 1")
    assert s.outcome().seats[0].code == "signal_fire" and s.is_over() and s.outcome().seats[0].won


def test_no_win_before_round_ten_s25_1() -> None:
    t = pile_table(9, fire=True)
    t.draw("insects")
    t.act(t.state.first_player, "pile 1")
    assert not t.state.over and t.state.pile[-1] == 5


def test_no_win_without_the_fire_s25_1() -> None:
    t = pile_table(11, fire=False)
    t.draw("insects")
    t.act(t.state.first_player, "pile 1")
    assert not t.state.over


def test_wood_pile_once_per_round_lowest_stage_only_s25_1() -> None:
    t = Table.new(players=3)
    s = t.state
    t.goto(PLAN, 0, resources=[5, 0, 0, 0])
    assert t.legal(s.first_player) == ["pile 0", "pile 1"]  # stage 1 needs 1
    t.act(s.first_player, "pile 1")
    assert s.pile[:2] == [1, 0] and s.resources[0] == 4
    assert not s.decisions and s.phase == PLAN  # no second transfer this round
    t.goto(PLAN, 0)
    assert s.decisions == []  # still the same round: the transfer was made
    t.set(round=2, pile_done=0)
    t.goto(PLAN, 0)
    assert t.legal(s.first_player) == ["pile 0", "pile 1", "pile 2"]  # stage 2 needs 2


def test_a_player_death_loses_at_once_s11_2() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(WEATHER, 0, round=2, shelter=1, palisade=0, weather_tokens=[0, 0, 1], wounds=[12, 0, 0, 0])
    assert s.outcome().seats[0].code == "death" and "Carpenter" in s.reason
    assert s.phase != NIGHT or s.over


def test_the_last_round_ending_loses_s11_3() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, round=12, resources=[0, 3, 0, 0], shelter=1)
    assert s.outcome().seats[0].code == "out_of_time" and "12" in s.reason
    assert not s.outcome().seats[0].won


# ============================================================================ found while testing


def test_a_player_outside_the_camp_is_not_hit_by_the_storm_s16_1() -> None:
    """§16.1: a player spending the night outside the Camp is not affected by weather — the Storm and the
    Hungry Animals' Palisade face included (they wound every player only through §12.2)."""
    t = weather(7, shelter=1, roof=5, palisade=0, resources=[5, 5, 0, 0], weather_tokens=[0, 0, 1], outside=[0, 1, 0])
    t.weather("rain1", "winter1", "palisade")
    assert t.wounds() == [2, 0, 2]


def test_win_at_the_start_of_round_ten_when_already_ready_s11_1_s25_1() -> None:
    """§11.1, §25.1: pile complete and Fire built before round 10 → the game is won as round 10 begins,
    before its Event can hurt anyone."""
    t = Table.new(players=3)
    t.build("fire")
    t.goto(EVENT, 0, round=10, pile=[1, 2, 3, 4, 5])
    assert t.state.outcome().seats[0].code == "signal_fire"


def test_success_resolves_before_the_adventure_s8_5_3() -> None:
    """§8.5.3: Wound, then Success, then Adventure. A successful Gathering gains its wood before its
    Adventure card ("End of source") covers the source."""
    t = planning()
    s = t.state
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.draw("end_of_source")
    gained = t.logged("+1 wood to Future (Gathering")
    covered = t.logged("is exhausted")
    assert gained and covered
    texts = [e.text for e in s.events]
    assert texts.index(gained[0]) < texts.index(covered[0])


def test_exploration_places_the_tile_before_the_adventure_s8_5_3() -> None:
    t = planning()
    t.plan((COOK, "place 1 explore:s6"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    assert "tile 4" in t.outcomes()  # the tile comes first, then the Adventure card


def test_adventure_token_forces_a_card_on_a_sure_success_after_it_s8_5_4() -> None:
    t = planning()
    s = t.state
    t.explore(5, S6)
    s.action_field_tokens[3] = FT_ADVENTURE  # on Gathering
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert "draw fruit" in t.outcomes()
    assert t.logged("+1 wood to Future (Gathering")  # the success came first
    t.draw("fruit")
    assert s.action_field_tokens[3] == 0  # the token is used up (§20.2)


def test_adventure_token_and_adventure_die_draw_one_card_s8_5_4() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_ADVENTURE  # on Building
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 arrange"), *rest(COOK, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.draw("accident")
    assert not s.chance  # no second card
    assert s.action_field_tokens[2] == 0 and s.weapon == 1


def test_friday_adventure_token_is_a_wound_and_is_discarded_s14_4() -> None:
    t = planning(players=2, resources=[1, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_ADVENTURE
    t.plan((CARPENTER, "place friday build:weapon"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.roll("blank success blank")
    t.pass_windows()
    assert s.wounds[s.table.friday_index] == 1 and s.action_field_tokens[2] == 0 and s.weapon == 1


def test_reroll_success_token_forces_one_reroll_then_results_follow_s20_1() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_REROLL
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 arrange"), *rest(COOK, SOLDIER))
    t.pass_windows()
    t.roll("wound success blank")
    assert t.outcomes() == ["roll success", "roll question"]  # the Success must be rerolled
    t.roll("question")
    t.pass_windows()
    assert s.weapon == 0 and s.wounds[CARPENTER] == 1  # the Wound die still counts
    assert s.determination[CARPENTER] == 4  # ? (2) + Arranging (2)
    assert s.action_field_tokens[2] == 0


def test_reroll_success_token_waits_for_a_dice_rolling_action_s20_1() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_REROLL
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "join 2 1"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert s.weapon == 1 and s.action_field_tokens[2] == FT_REROLL  # a sure success rolls nothing


def test_extra_pawn_token_on_a_field_raises_the_next_action_s20_4() -> None:
    t = planning(resources=[2, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_EXTRA
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(COOK, "place 1 build:weapon")
    assert (s._min_pawns(0), s._max_pawns(0)) == (2, 3)
    assert s._min_pawns(1) == 1  # only the next Action of that type


def test_wood_token_on_building_costs_one_more_wood_once_s20_5() -> None:
    t = planning(resources=[3, 0, 0, 0])
    s = t.state
    s.action_field_tokens[2] = FT_WOOD
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(COOK, "place 1 build:weapon")
    assert s.committed() == [3, 0, 0]


def test_craftsmanship_rerolls_a_brown_die_once_per_round_s13_2() -> None:
    t = planning(resources=[1, 0, 0, 0], determination=[2, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 arrange"), *rest(COOK, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    assert t.legal(CARPENTER) == ["reroll wound", "reroll success", "reroll adventure", "pass"]
    t.act(CARPENTER, "reroll success")
    assert s.determination[CARPENTER] == 0
    t.roll("success")
    t.pass_windows()
    assert s.weapon == 1 and s.determination[CARPENTER] == 2  # only Arranging's 2: the ? was rerolled away


def test_the_question_marks_tokens_cannot_pay_its_own_reroll_s8_5_3() -> None:
    t = planning(resources=[1, 0, 0, 0], determination=[0, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 rest"), *rest(COOK, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    assert not any(a.startswith("reroll") for a in t.raw(CARPENTER))
    t.pass_windows()
    assert s.determination[CARPENTER] == 2 and s.weapon == 0


def test_night_outside_the_camp_s16_1() -> None:
    """§16.1 ("Lost"): the explorer's gains stay with them, they must eat food they gathered or take
    2 Wounds, and they sleep in the open air (no tent explored)."""
    t = planning(resources=[0, 3, 0, 0], shelter=1)
    s = t.state
    t.plan((COOK, "place 1 explore:s6"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.tile(4)
    t.token("goat")
    t.draw("lost")
    assert s.outside == [0, 1, 0]
    t.pass_windows(night=True)
    t.answer("camp stay")
    assert t.wounds() == [0, 3, 0]  # 2 hungry + 1 open air; the others ate and slept in the Shelter
    assert t.logged("Eating: 2 of 2 meals served")  # the Cook does not eat from Available


def test_economical_construction_lets_two_wood_pay_the_shelter_s13_2() -> None:
    """§13.2 (TV-23): the skill makes the Shelter cost 2 wood, so 2 wood in Available are enough."""
    t = planning(resources=[2, 0, 0, 0], determination=[2, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:shelter/wood")
    assert "confirm" not in [str(a) for a in t.state.legal_actions(t.state.first_player)]  # 3 wood committed, 2 held
    t.act(CARPENTER, "use economical_construction 1")
    assert t.state.committed() == [2, 0, 0]


def test_a_settling_seat_is_told_what_is_left_s26_1() -> None:
    t = planning()
    _churn(t, COOK, CHANGE_LIMIT)
    text = GAME.describe_decision(t.state, COOK)
    assert "settle" in text and "rest" in text and "§26.1" in text
    assert "settle" not in GAME.describe_decision(t.state, CARPENTER)
