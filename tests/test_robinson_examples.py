"""Every worked example of robinson-crusoe.md §24 (TV-01 … TV-31), plus the DERIVED vectors of
§8.7.4, §10.2 and §16.9, each with the example's own numbers.

Dice results and deck orders are injected as chance outcomes (§26.4); positions are set by assigning
state fields on a fresh game (robinson_helpers). Unless a test says otherwise the game has three
players: seat 0 Carpenter (the first player), seat 1 Cook, seat 2 Soldier, plus the Dog (§14.2).
The camp starts at s10 on tile 8 (beach, fish and wood); s6, s7, s9 and s11 are next to it.
"""

from __future__ import annotations

import pytest

from outlast import IllegalAction
from outlast.games.robinson.decisions import TurnItemBack
from outlast.games.robinson.state import (
    EVENT,
    FT_REROLL,
    I_MYST_STEP,
    MORALE,
    NIGHT,
    PRODUCTION,
    T_BUILD,
    TK_FOOD,
    TOK_AVAIL,
    TOK_FUTURE,
    WEATHER,
    Z_ADVD_B,
    Z_EVENT_DECK,
    Z_EVENT_DISCARD,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_MYST_DECK,
    Z_MYST_DISCARD,
    Z_START,
    Z_START_USED,
    Z_THREAT_L,
    Z_THREAT_R,
)
from robinson_helpers import CARPENTER, COOK, SOLDIER, Table, card, planning

S6, S7, S9, S11 = 5, 6, 8, 10
"""0-based spaces next to the start Camp (s10 = index 9)."""


def threat(t: Table, card_id: str, right: bool = True) -> None:
    """Put an Event card on a Threat space (the other cards there go back to the box)."""
    z = Z_THREAT_R if right else Z_THREAT_L
    for i in t.state.cards_in(z):
        t.state.zone[i] = 0
    t.put(z, card_id)


def rest_others(t: Table, *seats: int) -> list[tuple[int, str]]:
    """Both pawns of each seat go to Rest (harmless: nobody is wounded)."""
    return [(s, f"place {k} rest") for s in seats for k in (1, 2)]


# ============================================================================ phases


def test_tv01_event_chain_s5_6() -> None:
    """TV-01 (§5.2, §5.6): Storm half → Storm token; Collapse half → Roof 3 → 2; then Event E by §5.3."""
    t = Table.new(players=3, items="flask_of_rum")
    s = t.state
    t.goto(EVENT, 0, round=2, roof=3, shelter=1)
    t.put(Z_EVENT_DECK, "storm_on_the_horizon", "shaky_frame")
    t.draw("storm_on_the_horizon")
    assert s.weather_tokens[2] == 1  # a Storm token in the Weather space
    assert s.chance  # draw again (§5.2)
    t.draw("shaky_frame")  # its Event half is "Collapse"
    assert s.roof == 2
    assert s.chance
    morale = s.morale
    t.draw("winter_depression")  # E: Book icon (nothing in Castaways), Morale -1, then the slide
    assert s.morale == morale - 1
    assert s.zone[card("winter_depression")] == Z_THREAT_R
    assert s.zone[card("food_crates")] == Z_THREAT_L  # the Wreckage slid left (§5.5)
    assert s.zone[card("storm_on_the_horizon")] != Z_EVENT_DECK  # Event halves are discarded (§5.2)
    assert s.zone[card("shaky_frame")] == Z_ADVD_B


def test_tv01_collapse_roof_one_stays_one_s5_6() -> None:
    """TV-01 (§5.6): "Collapse" on Roof 1 leaves Roof 1 (half of 1 rounded down is 0)."""
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, roof=1, shelter=1)
    t.put(Z_EVENT_DECK, "shaky_frame")
    t.draw("shaky_frame")
    assert t.state.roof == 1


def test_tv02_morale_shortfall_s6_4() -> None:
    """TV-02 (§6.3, §6.4): lowest Morale (discard 3), the FP holds 1 → 0 tokens and 2 Wounds."""
    t = Table.new(players=3)
    t.goto(MORALE, 0, morale=-3, determination=[1, 0, 0, 0])
    s = t.state
    assert s.determination[s.first_player] == 0
    assert s.wounds[s.first_player] == 2
    assert s.wounds[1:3] == [0, 0]


def test_tv03_production_s7_2() -> None:
    """TV-03 (§7.1, §7.2): the Camp tile (1 food and 1 wood source) gives +1 food and +1 wood, at once."""
    t = Table.new(players=3)
    t.goto(PRODUCTION, 0, resources=[0, 0, 0, 0])
    assert t.state.resources == [1, 1, 0, 0]  # Available, not Future
    assert t.state.future_resources == [0, 0, 0, 0]


# ============================================================================ Action phase timing (§8.3.2)


def test_tv04_shelter_commits_three_wood_s8_3_2() -> None:
    """TV-04 (§8.3.1, §8.8.2): 3 players building the Shelter commit 3 wood at planning."""
    t = planning(resources=[3, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:shelter/wood")
    assert t.state.committed() == [3, 0, 0]
    assert t.state.groups[0][5:8] == (3, 0, 0)


def test_tv04_shelter_commits_two_fur_s8_3_2() -> None:
    """TV-04 (§8.8.2): … or 2 fur."""
    t = planning(resources=[0, 0, 0, 2])
    t.act(CARPENTER, "place 1 build:shelter/fur")
    assert t.state.committed() == [0, 0, 2]


def test_tv04_shelter_without_the_cost_is_illegal_s8_3_2() -> None:
    """TV-04 (§8.2): with 2 wood, the wooden Shelter cannot be planned."""
    t = planning(resources=[2, 0, 0, 1])
    with pytest.raises(IllegalAction) as err:
        t.act(CARPENTER, "place 1 build:shelter/wood")
    assert "§8.3.1" in str(err.value)


def test_tv05_bow_needs_the_knife_built_at_planning_s8_3_2() -> None:
    """TV-05 (§8.2, §8.3.2): the Bow needs the Knife, so both cannot be built in one round."""
    t = Table.new(players=3, items="", inventions="bow").to_plan()
    s = t.state
    t.explore(5, S6).explore(6, S7)  # Mountains (Knife) and Plains (Rope)
    t.build("rope").res(wood=2)
    t.act(CARPENTER, "place 1 build:knife")
    t.act(CARPENTER, "join 2 1")
    with pytest.raises(IllegalAction) as err:
        t.act(COOK, "place 1 build:bow")
    assert "knife" in err.value.reason and err.value.rule == "§8.2, §8.3.2"
    assert "place 1 build:bow" not in t.raw(COOK)
    t.plan(*rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    assert s.zone[card("knife")] in (Z_ITEM, Z_ITEM_FUTURE)
    assert s.zone[card("bow")] == Z_INV_BOARD  # the Bow is still an Invention


def test_tv06_weapon_two_threat_illegal_at_weapon_one_s8_3_2() -> None:
    """TV-06 (§8.2, §8.3.2): "Watch" needs Weapon 2; at Weapon 1 it is illegal, even with a Weapon build planned."""
    t = planning(weapon=1, resources=[1, 0, 0, 0])
    threat(t, "eyes_in_the_dark")
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(CARPENTER, "join 2 1")  # the Weapon will rise to 2 this round…
    with pytest.raises(IllegalAction) as err:
        t.act(COOK, "place 1 threat:r")  # …but planning sees Weapon 1
    assert "Weapon 2" in err.value.reason
    assert "§8.3.2" in err.value.rule


# ============================================================================ dice (§8.5)


def test_tv07_build_roll_wound_question_adventure_s8_5_6() -> None:
    """TV-07 (§8.5.2, §8.5.6): 1 pawn on Building rolls Wound, ?, Adventure → 1 Wound, nothing built,
    +2 Determination, one Building Adventure card."""
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 threat:r"),  # the Wreckage, 1 pawn
           *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    t.roll("wound question adventure")
    t.pass_windows()
    t.draw("shaky_frame")
    t.answer("choose 1")  # decline its DECIDE
    assert s.wounds[CARPENTER] == 1
    assert s.weapon == 0
    assert s.determination[CARPENTER] == 2
    assert s.zone[card("shaky_frame")] == Z_ADVD_B  # resolved, then discarded
    assert s.resources[0] == 1  # the committed wood stays (§8.5.2 AUTHORED, §25.20)


def test_tv25_failed_gathering_keeps_adventure_cube_s8_5_5() -> None:
    """TV-25 (§8.5.2, §8.5.5): Gathering fails (?) but its Adventure card gives +1 of the resource."""
    t = planning()
    s = t.state
    t.explore(3, S6)  # River, a fish (food) source
    t.plan((COOK, "place 1 gather:s6:food"), (COOK, "place 2 arrange"), *rest_others(t, CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank question adventure")
    t.pass_windows()
    t.draw("fruit")  # "+1 food"
    assert t.logged("+1 food to Future (Fruit)")  # the cube is gained although the Gathering failed
    assert s.resources[1] == 2  # Production's 1 food + the Adventure's cube, after cleanup (§8.13)
    assert s.determination[COOK] == 4  # 2 for the ?, 2 for Arranging the Camp


# ============================================================================ Threat Actions (§8.6.4)


def test_tv08_watch_needs_one_pawn_and_weapon_two_s8_6_4() -> None:
    """TV-08 (§8.6.1): "Watch": 1 pawn and Weapon ≥ 2."""
    t = planning(weapon=2)
    s = t.state
    threat(t, "eyes_in_the_dark")
    t.act(COOK, "place 1 threat:r")
    assert s._min_pawns(0) == 1
    assert s._seat_complete(COOK) is False  # the Cook still has a pawn to place
    t.plan((COOK, "place 2 rest"), *rest_others(t, CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.determination[COOK] == 1
    assert s.zone[card("eyes_in_the_dark")] == Z_EVENT_DISCARD
    assert s.weapon == 2  # a requirement is not a cost


def test_tv09_strengthening_the_camp_with_the_shovel_s8_6_4() -> None:
    """TV-09 (§8.6.1): "Strengthening the camp" needs 1 wood or the Shovel; 0 wood + Shovel is legal."""
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    threat(t, "storm")
    t.build("shovel")
    with pytest.raises(IllegalAction):
        t.act(COOK, "place 1 threat:r")  # the wood alternative
    t.plan((COOK, "place 1 threat:r/2"), (COOK, "place 2 rest"), *rest_others(t, CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.zone[card("storm")] == Z_EVENT_DISCARD
    assert s.determination[COOK] == 1
    assert s.built("shovel")


def test_tv10_chanty_rewards_only_the_acting_player_s8_6_4() -> None:
    """TV-10 (§8.1.5, §8.6.4): A and B one pawn each on "Chanty", A acts: A +2, B +0, Morale +1."""
    t = planning()
    s = t.state
    threat(t, "memories_of_the_cruise")
    morale = s.morale
    t.plan((CARPENTER, "place 1 threat:r"), (COOK, "join 1 1"), (CARPENTER, "place 2 rest"),
           (COOK, "place 2 rest"), *rest_others(t, SOLDIER), confirm=False)
    assert s.groups[0][3] == CARPENTER  # the first pawn placed leads; "lead 1" would make the Cook act
    t.plan()
    t.pass_windows()
    assert s.determination[CARPENTER] == 2
    assert s.determination[COOK] == 0
    assert s.morale == morale + 1
    assert s.zone[card("memories_of_the_cruise")] == Z_EVENT_DISCARD


def test_tv10_chanty_needs_two_pawns_s8_6_4() -> None:
    """TV-10 (§8.1.3): one pawn on "Chanty" is below its minimum; the plan cannot be confirmed."""
    t = planning()
    threat(t, "memories_of_the_cruise")
    t.act(CARPENTER, "place 1 threat:r")
    t.act(CARPENTER, "place 2 rest")
    for seat in (COOK, SOLDIER):
        for k in (1, 2):
            t.act(seat, f"place {k} rest")
        t.act(seat, "ready")
    with pytest.raises(IllegalAction) as err:
        t.act(CARPENTER, "confirm")
    assert "needs 2 pawns" in err.value.reason


def test_tv11_one_pawn_and_one_food_gives_one_determination_s8_6_4() -> None:
    """TV-11 (§8.6.2): 1 pawn and 1 food discarded → the card goes, the acting player +1 Determination."""
    t = planning(resources=[0, 1, 0, 0])
    s = t.state
    threat(t, "winter_depression")
    t.plan((SOLDIER, "place 1 threat:r"), (SOLDIER, "place 2 rest"), *rest_others(t, CARPENTER, COOK))
    t.pass_windows()
    assert s.zone[card("winter_depression")] == Z_EVENT_DISCARD
    assert s.determination[SOLDIER] == 1
    assert s.resources[1] == 0


# ============================================================================ building, exploring, arranging


def test_tv12_mixed_payment_is_illegal_s8_8_2() -> None:
    """TV-12 (§8.8.2): 3 players, 2 wood + 1 fur cannot pay the Shelter (all wood or all fur)."""
    t = planning(resources=[2, 0, 0, 1])
    for target in ("build:shelter/wood", "build:shelter/fur"):
        assert f"place 1 {target}" not in t.raw(CARPENTER)
        with pytest.raises(IllegalAction):
            t.act(CARPENTER, f"place 1 {target}")


def test_tv13_first_plains_tile_s8_10() -> None:
    """TV-13 (§8.10): the first Plains tile (Beast icon, 2 Discoveries) marks Basket, Cure and Rope,
    adds a card to the Hunting deck and puts 2 tokens into Future."""
    t = Table.new(players=3, inventions="basket,belts,bow,cellar,corral").to_plan()
    s = t.state
    plains = ("basket", "cure", "rope")
    assert all(s._target_problem(T_BUILD, card(x), 0) for x in plains)
    t.plan((CARPENTER, "place 1 explore:s6"), (CARPENTER, "join 2 1"), *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    t.tile(1)  # Plains, wood, Beast, 2 Discoveries
    t.draw("fox")  # the Beast-deck card that joins the Hunting deck
    t.token("goat")
    assert sum(1 for pl in s.token_place if pl == TOK_FUTURE) == 1  # drawn into Future during the Action
    t.token("fallen_tree")
    assert s.count_in(Z_HUNT_DECK) == 1
    assert len(t.logged("(Future)")) == 2
    assert all(s._target_problem(T_BUILD, card(x), 0) is None for x in plains)
    assert s.zone[card("bed")] != Z_INV_BOARD  # not in play: nothing else to mark
    assert sum(1 for pl in s.token_place if pl == TOK_AVAIL) == 2  # Available after cleanup (§8.13)


def test_tv14_arranging_twice_s8_11() -> None:
    """TV-14 (§8.11): 3 players; both pawns of one player on Arranging → +4 Determination, Morale +2."""
    t = planning()
    s = t.state
    morale = s.morale
    t.plan((COOK, "place 1 arrange"), (COOK, "place 2 arrange"), *rest_others(t, CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.determination[COOK] == 4
    assert s.morale == morale + 2


# ============================================================================ weather (§9.5, §9.6)


def weather_table(round_: int = 4, **fields: object) -> Table:
    """Three players stopped before the Weather with `fields`; the Flask of rum holds the Night window."""
    t = Table.new(players=3, items="flask_of_rum").to_plan()
    t.goto(WEATHER, 0, round=round_, **fields)
    return t


def test_tv15_weather_example_s9_5() -> None:
    """TV-15 (§9.3, §9.5): 2 Rainy + 1 Winter token, Roof 1, 3 wood 1 food → 0 wood, 0 food, +1 Wound each."""
    t = weather_table(round_=4, roof=1, shelter=1, resources=[3, 1, 0, 0], weather_tokens=[0, 1, 0])
    s = t.state
    t.weather("rain2")  # the weather resolves; the Night window waits (Flask of rum)
    assert s.phase == NIGHT
    assert s.resources[:2] == [0, 0]
    assert t.wounds() == [1, 1, 1]
    assert s.weather_tokens == [0, 0, 0]  # step 5


def test_tv29_hungry_animals_palisade_at_zero_s9_6() -> None:
    """TV-29 (§9.3 step 3, §12.2): the Palisade −1 face with Palisade 0 → every player 1 Wound."""
    t = weather_table(round_=7, shelter=1, roof=5, palisade=0, resources=[5, 5, 0, 0])
    t.weather("rain1", "winter1", "palisade")
    assert t.wounds() == [1, 1, 1]


def test_tv30_hungry_animals_beast_against_weapon_one_s9_6() -> None:
    """TV-30 (§9.3 step 3): the strength-3 face against Weapon 1 → every player 2 Wounds."""
    t = weather_table(round_=7, shelter=1, roof=5, weapon=1, resources=[5, 5, 0, 0])
    t.weather("rain1", "winter1", "fight")
    assert t.wounds() == [2, 2, 2]
    assert t.state.weapon == 1  # compare only


def test_tv31_storm_with_palisade_zero_s9_6() -> None:
    """TV-31 (§9.3 step 4): a Storm token with Palisade 0 → every player 1 Wound."""
    t = weather_table(round_=2, shelter=1, palisade=0, weather_tokens=[0, 0, 1])
    assert t.state.phase == NIGHT
    assert t.wounds() == [1, 1, 1]
    assert t.state.weather_tokens == [0, 0, 0]


# ============================================================================ Night (§10.2)


def night_table(**fields: object) -> Table:
    """Three players at the camp-move decision of the Night, with food for everyone."""
    t = Table.new(players=3).to_plan()
    t.explore(5, S6)
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], **fields)
    t.pass_windows()
    assert t.legal(t.state.first_player)[0] == "camp stay"
    return t


def test_tv16_camp_move_halves_roof_and_palisade_s10_2() -> None:
    """TV-16 (§10.2): Shelter built, Roof 2, Palisade 1 → after the move Roof 1, Palisade 1."""
    t = night_table(shelter=1, roof=2, palisade=1)
    t.answer("camp s6")
    assert t.state.camp == S6
    assert (t.state.roof, t.state.palisade) == (1, 1)


def test_derived_camp_move_roof_five_to_three_s10_2() -> None:
    """DERIVED (§10.2): Roof 5 → 3 (it loses half, rounded down)."""
    t = night_table(shelter=1, roof=5, palisade=0)
    t.answer("camp s6")
    assert t.state.roof == 3


def test_derived_camp_move_from_a_tent_tile_drops_to_zero_s10_2() -> None:
    """DERIVED (§10.2): no built Shelter but a tent tile: Roof 2 and Palisade 1 → both 0."""
    t = Table.new(players=3).to_plan()
    t.explore(11, S9)  # Mountains with a natural Shelter, next to the start beach (s10)
    s = t.state
    t.goto(NIGHT, 0, camp=S9, resources=[0, 3, 0, 0], shelter=0, roof=2, palisade=1)
    t.pass_windows()
    t.answer("camp s10")
    assert (s.roof, s.palisade) == (0, 0)
    assert s.shelter == 0  # moving never flips the Camp token


# ============================================================================ additional rules (§12)


def test_tv17_roof_drop_at_zero_wounds_everyone_s12_2() -> None:
    """TV-17 (§12.2): a Roof that must drop at 0 → each player 1 Wound ("Angry bird!": Roof −1)."""
    t = Table.new(players=3)
    t.goto(EVENT, 0, round=2, roof=0, determination=[5, 0, 0, 0])
    t.put(Z_EVENT_DECK, "nestlings")
    t.draw("nestlings")
    assert t.wounds() == [1, 1, 1]
    assert t.state.wounds[3] == 0  # Friday would never be hit; with 3 players there is none


def test_tv18_insects_if_possible_with_no_wood_s12_3() -> None:
    """TV-18 (§12.3): "Insects" (discard 1 wood IF POSSIBLE) with 0 wood → no change, no Wounds."""
    t = Table.new(players=3)
    s = t.state
    t.goto(EVENT, 0, round=2, resources=[0, 2, 0, 0], determination=[5, 0, 0, 0])
    t.draw("insects")
    assert t.wounds() == [0, 0, 0]
    assert s.zone[card("insects")] == Z_THREAT_R


def _predator(choice: str, **fields: object) -> Table:
    t = planning(**fields)
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 arrange"), *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.draw("hungry_predator")
    t.answer(choice)
    return t


def test_tv19_hungry_predator_wounds_for_food_s12_4() -> None:
    """TV-19 (§12.4 a): the acting player takes 2 Wounds, gains 2 food and 1 fur; the card is discarded."""
    t = _predator("choose 1", resources=[1, 0, 0, 0])  # 1 wood for the Weapon
    s = t.state
    assert s.wounds[CARPENTER] == 2
    assert t.logged("+2 food to Future (Hungry predator)") and t.logged("+1 fur to Future (Hungry predator)")
    assert (s.resources[1], s.resources[3]) == (2, 1)  # Production's food + 2 food, 1 fur after cleanup
    assert s.zone[card("hungry_predator")] == Z_ADVD_B


def test_tv20_hungry_predator_shuffled_into_the_event_deck_s12_4() -> None:
    """TV-20 (§12.4 b): discard 1 food, Palisade −1, and the card goes into the Event deck."""
    t = _predator("choose 2", resources=[1, 1, 0, 0], shelter=1, palisade=1)
    s = t.state
    assert s.resources[1] == 0
    assert s.palisade == 0
    assert t.wounds() == [0, 0, 0]
    assert s.zone[card("hungry_predator")] == Z_EVENT_DECK


def test_tv21_second_reroll_token_on_building_is_ignored_s12_6() -> None:
    """TV-21 (§12.6): a second Reroll token on Building is ignored (no Wounds; still one token)."""
    t = Table.new(players=3)
    s = t.state
    t.goto(EVENT, 0, round=2, action_field_tokens=[0, 0, FT_REROLL, 0, 0, 0, 0], determination=[5, 0, 0, 0])
    t.put(Z_EVENT_DECK, "tools_break")
    t.draw("tools_break")  # its Event half: a Reroll token on Building
    assert s.action_field_tokens[T_BUILD] == FT_REROLL
    assert t.logged("already holds that token")
    assert t.wounds() == [0, 0, 0]


def test_tv22_second_food_token_on_a_tile_is_ignored_s12_6() -> None:
    """TV-22 (§12.6): a second +1 food token on the Camp tile is ignored: Production still gives 2 food."""
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    s.space_tokens[s.camp] = TK_FOOD
    t.build("rope")
    t.plan((CARPENTER, "place 1 build:snare"), (CARPENTER, "join 2 1"), *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    assert s.built("snare")
    assert s.space_tokens[s.camp] == TK_FOOD
    assert t.logged("already holds that token")
    t.goto(PRODUCTION, 0, resources=[0, 0, 0, 0])
    assert s.resources[:2] == [1, 2]  # fish 1 + one +1 food token; wood 1


# ============================================================================ characters and cards


def test_tv23_economical_construction_on_the_shelter_s13_2() -> None:
    """TV-23 (§13.2): the Carpenter's Economical construction: Shelter 3 wood → 2."""
    t = planning(resources=[3, 0, 0, 0], determination=[2, 0, 0, 0])
    s = t.state
    t.act(CARPENTER, "place 1 build:shelter/wood")
    t.act(CARPENTER, "use economical_construction 1")
    assert s.groups[0][5] == 2
    assert s.determination[CARPENTER] == 0
    t.plan((CARPENTER, "join 2 1"), *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    assert s.shelter == 1
    assert s.resources[0] == 1


def test_tv23_economical_construction_on_a_one_wood_threat_s13_2() -> None:
    """TV-23 (§13.2): a Threat needing 1 wood → 0."""
    t = planning(resources=[1, 0, 0, 0], determination=[2, 0, 0, 0])
    s = t.state
    threat(t, "heavy_rain")  # "Dig a gutter": 1 pawn + 1 wood
    t.act(CARPENTER, "place 1 threat:r")
    t.act(CARPENTER, "use economical_construction 1")
    assert s.committed() == [0, 0, 0]
    t.plan((CARPENTER, "place 2 rest"), *rest_others(t, COOK, SOLDIER))
    t.pass_windows()
    assert s.resources[0] == 1
    assert s.determination[CARPENTER] == 1


def test_tv24_mystery_draw_by_type_s16_2() -> None:
    """TV-24 (§16.2): needs {Monster 1, Treasure 2}; deck Trap, Treasure, Trap, Monster, … → the Traps
    are set aside, the Treasure and the Monster resolve, players may stop, the Traps are reshuffled."""
    t = planning(weapon=3)
    s = t.state
    s.mystery_draw = [2, 1, 0, SOLDIER, 0]  # a draw_mystery effect: Treasure 2, Monster 1, Trap 0; the Soldier draws
    s._push((I_MYST_STEP, 0, 0, 0))
    t.set()
    s._advance()
    t.draw("pit_trap")  # 1. set aside
    assert s.zone[card("pit_trap")] != Z_MYST_DECK
    t.draw("gold")  # 2. a Treasure resolves
    t.answer("continue")
    t.draw("net_trap")  # 3. set aside
    t.draw("wild_boar")  # 4. a Monster resolves (strength 3 against Weapon 3)
    assert s.wounds[SOLDIER] == 0
    assert s.mystery_draw[:3] == [1, 0, 0]
    t.answer("stop")  # 5. stop; the Traps go back
    assert s.zone[card("pit_trap")] == Z_MYST_DECK
    assert s.zone[card("net_trap")] == Z_MYST_DECK
    assert s.zone[card("gold")] == Z_MYST_DISCARD
    assert s.zone[card("wild_boar")] == Z_MYST_DISCARD


def test_tv26_last_mountains_tile_lost_s16_5() -> None:
    """TV-26 (§16.4, §16.5): the only Mountains tile is lost → Knife and Fire cannot be built, unless built."""
    t = planning()
    s = t.state
    t.explore(5, S6)
    assert s._target_problem(T_BUILD, card("knife"), 0) is None
    assert s._target_problem(T_BUILD, card("fire"), 0) is None
    t.build("fire")
    s.lose_tile(S6)
    t.set()
    assert "mountains" in (s._target_problem(T_BUILD, card("knife"), 0) or "")
    assert s.built("fire")  # Items already built are kept


def test_tv27_lost_bricks_at_palisade_zero_s16_6() -> None:
    """TV-27 (§16.6): Bricks turned back with Palisade 0 → nothing more happens (no Wounds)."""
    t = planning(palisade=0, shelter=1)
    s = t.state
    t.build("bricks")
    s.decisions.append(TurnItemBack(s.first_player))  # an effect turns an Item back
    t.set()
    t.answer("flip bricks")
    assert s.zone[card("bricks")] == Z_INV_BOARD
    assert s.palisade == 0
    assert t.wounds() == [0, 0, 0]


def test_tv27_lost_bricks_lower_the_palisade_s16_6() -> None:
    """TV-27 (§16.6): with Palisade 2, losing the Bricks gives Palisade 1."""
    t = planning(palisade=2, shelter=1)
    s = t.state
    t.build("bricks")
    s.decisions.append(TurnItemBack(s.first_player))
    t.set()
    t.answer("flip bricks")
    assert s.palisade == 1


def test_tv28_empty_bottle_used_twice_s18_3() -> None:
    """TV-28 (§18.3): "Empty bottle" (Weapon +1 per use), used twice at the start → Weapon 2, card discarded."""
    t = Table.new(players=3, items="empty_bottle").to_plan()
    s = t.state
    assert s.zone[card("empty_bottle")] == Z_START
    t.act(s.first_player, "use empty_bottle")
    t.act(s.first_player, "use empty_bottle")
    assert s.weapon == 2
    assert s.zone[card("empty_bottle")] == Z_START_USED
    assert "use empty_bottle" not in t.raw(s.first_player)


# ============================================================================ DERIVED vectors


def test_derived_five_wounds_fight_s8_7_4() -> None:
    """DERIVED (§8.7.2, §8.7.4): Weapon 1 against strength 5 with Weapon −2 → 4 + 1 = 5 Wounds, Weapon 0."""
    t = planning(weapon=1)
    s = t.state
    s.fight(SOLDIER, 5, 2, 0, 0, 0)
    assert s.wounds[SOLDIER] == 5
    assert s.weapon == 0
    assert t.wounds()[:2] == [0, 0]  # only the fighter (not the all-player rule)


def test_derived_pistol_temporary_weapon_s16_9() -> None:
    """DERIVED (§16.9): Weapon 1, Pistol +3, strength 4 with Weapon −2 → no fight Wounds; permanent 1 → 0, +1 Wound."""
    t = planning(weapon=1, temp_weapon=3)
    s = t.state
    s.fight(SOLDIER, 4, 2, 0, 0, 0)
    assert s.wounds[SOLDIER] == 1
    assert s.weapon == 0


def test_derived_pistol_in_a_real_hunt_s16_9() -> None:
    """DERIVED (§16.9, §8.7.2): the Pistol used before a Hunt (Boa: strength 2, Weapon −2) at Weapon 1:
    no strength Wounds, Weapon 1 → 0 and 1 Wound; the Pistol's bonus ends with the Action."""
    t = Table.new(players=3, items="pistol,flask_of_rum").to_plan()  # the Flask holds the Night window
    s = t.state
    t.set(weapon=1)
    t.put(Z_HUNT_DECK, "boa")
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), *rest_others(t, CARPENTER, COOK))
    t.act(s.first_player, "use pistol")  # in the window before the Hunt (§26.3)
    assert s.temp_weapon == 3
    assert s.weapon == 1  # the track marker does not move
    t.pass_windows()
    t.draw("boa")
    t.token("goat")  # the Boa's extra: 1 Discovery token
    assert s.wounds[SOLDIER] == 1
    assert s.weapon == 0
    assert s.temp_weapon == 0
    assert s.uses[card("pistol")] == 1
