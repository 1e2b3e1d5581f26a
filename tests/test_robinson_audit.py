"""Rules audit of the Robinson Crusoe engine, section by section against robinson-crusoe.md (§).

Each test pins one rule so that a wrong implementation fails it; rules the other test files already
pin (the TV-nn vectors, items, skills) are not repeated. Seats: 3 players are Carpenter (0, first
player), Cook (1), Soldier (2) and the Dog; 2 players are Carpenter and Cook with Friday. The Camp
starts at s10 (tile 8, beach); s6, s7, s9 and s11 touch it.
"""

from __future__ import annotations

import json

import pytest

from outlast import CHANCE, OptionError
from outlast.games.robinson.actions import RobinsonAction
from outlast.games.robinson.decisions import ArrangeReward, LayInvention
from outlast.games.robinson.state import (
    EVENT,
    FT_ADVENTURE,
    FT_BEAST,
    I_MYST_STEP,
    MORALE,
    NIGHT,
    PRODUCTION,
    T_BUILD,
    T_EXPLORE,
    T_HUNT,
    WEATHER,
    Z_BEAST_DECK,
    Z_BEAST_DISCARD,
    Z_BOX,
    Z_EVENT_DECK,
    Z_EVENT_DISCARD,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_INV_OWNER,
    Z_ITEM,
    Z_START,
    Z_THREAT_L,
    Z_THREAT_R,
)
from robinson_helpers import CARPENTER, COOK, GAME, SOLDIER, C, Table, card, planning, rest

S4, S6, S7, S9, S11 = 3, 5, 6, 8, 10
WOOD, FOOD, NONPER, FUR = 0, 1, 2, 3


def zone_ids(t: Table, z: int) -> set[str]:
    return {t.state.content.cards[i].id for i in t.state.cards_in(z)}


def event_round(t: Table, **fields: object) -> Table:
    """Jump to the Event phase of round 2 (or the round given) with the given fields."""
    return t.goto(EVENT, 0, **{"round": 2, **fields})


# ============================================================================ §3 setup


def test_setup_lays_nine_starting_and_five_random_inventions_s3_step5() -> None:
    t = Table.new(players=3)
    board = [t.state.content.cards[i] for i in t.state.cards_in(Z_INV_BOARD)]
    assert len(board) == 14
    starting = {c.id for c in board if c.data["group"] == "starting"}
    assert starting == {"bricks", "dam", "fire", "knife", "map", "cure", "pot", "rope", "shovel"}
    assert sum(1 for c in board if c.data["group"] != "starting") == 5
    assert "hatchet" not in {c.id for c in board}  # scenario Inventions lie on the Scenario card


def test_personal_inventions_of_unused_characters_stay_in_the_deck_s3_step2() -> None:
    s = GAME.new_game(seed=1, players=2, characters=["carpenter", "cook"], starting_items=0)
    assert s.zone[card("snare")] == Z_INV_OWNER and s.zone[card("fireplace")] == Z_INV_OWNER
    for unused in ("shortcut", "spear"):
        assert s.zone[card(unused)] == Z_INV_DECK
    # the first of the 5 random Inventions may be one of them
    assert {"draw shortcut", "draw spear"} <= {str(a) for a, _ in s.chance_outcomes()}


def test_solo_and_two_players_draw_only_carpenter_cook_explorer_s3_step2() -> None:
    with pytest.raises(OptionError):
        GAME.new_game(seed=0, players=2, characters=["carpenter", "soldier"])
    for seed in range(12):
        s = GAME.new_game(seed=seed, players=2, starting_items=0)
        assert {s.content.characters[ch].id for ch in s.table.chars} <= {"carpenter", "cook", "explorer"}


def test_setup_tracks_and_markers_s3_steps2_to_4() -> None:
    s = Table.new(players=3).state
    assert s.morale == 0 and s.weapon == 0 and s.roof == 0 and s.palisade == 0 and not s.shelter
    assert s.wounds[:3] == [0, 0, 0] and s.round == 1 and s.first_player == 0


def test_start_tile_beach_counts_as_explored_for_the_shovel_s3_steps9_10() -> None:
    t = planning()
    s = t.state
    assert s.content.tiles[s.space_tile[s.camp]].number == 8 and s.camp == 9  # tile 8 on s10, the Camp on it
    assert "beach" in s.explored_terrains()
    t.act(CARPENTER, "place 1 build:shovel")  # its beach requirement is met from the start


def test_island_stack_holds_the_other_ten_tiles_s3_step11() -> None:
    assert Table.new(players=3).tiles_left() == 10


def test_two_starting_items_with_two_uses_the_rest_in_the_box_s3_step12() -> None:
    t = Table.new(players=3, items="pistol,biscuits")
    s = t.state
    assert zone_ids(t, Z_START) == {"pistol", "biscuits"}
    assert all(s.uses[i] == 2 for i in s.cards_in(Z_START))
    assert sum(1 for i in s.cards_in(Z_BOX) if s.content.cards[i].kind == "start_item") == 6


def test_beast_deck_shuffled_hunting_deck_empty_s3_step7() -> None:
    s = Table.new(players=3).state
    assert s.count_in(Z_HUNT_DECK) == 0
    assert s.count_in(Z_BEAST_DECK) == 16


def test_event_deck_is_ceil_half_rounds_of_each_pile_s3_step16() -> None:
    s = Table.new(players=3).state
    assert (s.book_events_in_deck, s.adventure_events_in_deck) == (6, 6) and s.event_deck_size() == 12
    assert s.count_in(Z_EVENT_DECK) == 0  # nothing shuffled in yet


@pytest.mark.parametrize(("mix", "split"), [("more_adventure", (4, 8)), ("more_book", (8, 4))])
def test_event_mix_variants_s15_1d_s15_2b(mix: str, split: tuple[int, int]) -> None:
    s = Table.new(players=3, event_mix=mix).state
    assert (s.book_events_in_deck, s.adventure_events_in_deck) == split


def test_the_event_draw_weights_book_and_adventure_halves_s3_step16() -> None:
    t = event_round(Table.new(players=3))
    outs = t.state.chance_outcomes()
    book = sum(p for a, p in outs if t.state.content.cards[card(a.args[0])].data["icon"] == "book")
    assert book == pytest.approx(0.5)
    assert sum(p for _, p in outs) == pytest.approx(1.0)


def test_food_crates_in_the_right_threat_space_s3_step17() -> None:
    t = Table.new(players=3)
    assert zone_ids(t, Z_THREAT_R) == {"food_crates"} and not zone_ids(t, Z_THREAT_L)


def test_random_wreckage_variant_s15_3() -> None:
    s = GAME.new_game(seed=0, players=3, starting_items=0, wreckage="random")
    while s.to_move() == [CHANCE] and not s.chance_outcomes()[0][0].args[0].startswith(("food", "wreck", "capt")):
        s.apply(s.chance_outcomes()[0][0])
    assert {str(a) for a, _ in s.chance_outcomes()} == {"draw food_crates", "draw wrecked_lifeboat",
                                                       "draw captains_chest"}
    s.apply(RobinsonAction(CHANCE, "draw", ("captains_chest",)))
    assert s.zone[card("captains_chest")] == Z_THREAT_R


@pytest.mark.parametrize(("players", "friday", "dog"), [(1, True, True), (2, True, False), (3, False, True),
                                                       (4, False, False)])
def test_friday_and_dog_by_player_count_s3_step20_s14(players: int, friday: bool, dog: bool) -> None:
    s = Table.new(players=players).state
    assert s.table.friday is friday and bool(s.friday_alive) is friday
    assert s.table.dog is dog


def test_four_players_use_the_special_arranging_card_s3_step19() -> None:
    t = Table.new(players=4).to_plan()
    t.plan((0, "place 1 arrange"), (0, "place 2 rest"), *rest(1, 2, 3))
    t.pass_windows()
    assert isinstance(t.state.decisions[-1], ArrangeReward)


# ============================================================================ §4 round loop, §5 Event phase


def test_round_one_skips_the_event_phase_s4_s5_1() -> None:
    t = Table.new(players=3)
    s = t.state
    assert s.to_move() != [CHANCE] or s.chance[0] != 0  # no Event draw pending
    t.to_plan()
    assert not t.logged("Event:") and s.round == 1
    assert s.resources[WOOD] == 1 and s.resources[FOOD] == 1  # Morale and Production ran (§7.2)


def test_phases_run_in_order_s1_2_s4() -> None:
    t = planning(resources=[0, 3, 0, 0], shelter=1)
    t.plan(*rest(0, 1, 2))
    t.pass_windows(night=True)
    s = t.state
    assert s.round == 2 and s.phase == EVENT and s.chance  # round 2 draws an Event
    kinds = [e.text for e in s.events]
    i_clean = next(i for i, x in enumerate(kinds) if x.startswith("Cleanup"))
    i_night = next(i for i, x in enumerate(kinds) if x.startswith("Night"))
    i_round = next(i for i, x in enumerate(kinds) if x.startswith("Round 2"))
    assert i_clean < i_night < i_round


def test_book_icon_applies_the_scenario_book_effect_then_slides_right_s5_3() -> None:
    t = event_round(Table.new(players=3), morale=1)
    t.draw("winter_depression")  # Book icon (Castaways: no effect); Event effect Morale -1
    s = t.state
    assert s.morale == 0
    assert zone_ids(t, Z_THREAT_R) == {"winter_depression"}
    assert zone_ids(t, Z_THREAT_L) == {"food_crates"}  # the Wreckage slid left (§5.5 round 2)
    assert s.action_field_tokens == [0] * 7


def test_adventure_icon_puts_a_token_on_its_field_s5_3() -> None:
    t = event_round(Table.new(players=3))
    t.draw("chronic_tiredness")  # an Exploration-coloured Adventure icon
    assert t.state.action_field_tokens[T_EXPLORE] & FT_ADVENTURE
    assert t.state.night_food == 1  # and its Event effect: the Night reminder


def test_slide_into_an_empty_right_space_pushes_nothing_s5_3() -> None:
    t = Table.new(players=3)
    t.state.zone[card("food_crates")] = Z_BOX
    event_round(t)
    t.draw("homesickness")
    assert zone_ids(t, Z_THREAT_R) == {"homesickness"} and not zone_ids(t, Z_THREAT_L)


def test_slide_with_only_the_left_space_full_pushes_nothing_s5_3() -> None:
    """The new card goes right; the left card stays, since nothing moves onto it (§5.3)."""
    t = Table.new(players=3, items="flask_of_rum")
    t.state.zone[card("food_crates")] = Z_BOX
    t.put(Z_THREAT_L, "homesickness")
    event_round(t, determination=[3, 3, 3, 0])
    t.draw("insects")
    assert zone_ids(t, Z_THREAT_L) == {"homesickness"} and zone_ids(t, Z_THREAT_R) == {"insects"}
    assert t.state.determination[:3] == [3, 3, 3]  # Homesickness's Threat effect did not happen


def test_pushed_off_card_resolves_its_threat_effect_after_the_new_event_s5_3() -> None:
    t = Table.new(players=3)
    t.put(Z_THREAT_L, "homesickness")
    t.put(Z_THREAT_R, "rats_in_the_camp")
    t.state.zone[card("food_crates")] = Z_BOX
    event_round(t, determination=[1, 1, 1, 0], morale=1)
    t.draw("winter_depression")
    s = t.state
    assert s.determination[:3] == [0, 0, 0]  # Homesickness: each player discards 1 Determination
    assert s.zone[card("homesickness")] == Z_EVENT_DISCARD
    assert zone_ids(t, Z_THREAT_L) == {"rats_in_the_camp"} and zone_ids(t, Z_THREAT_R) == {"winter_depression"}
    texts = [e.text for e in s.events]
    assert (next(i for i, x in enumerate(texts) if "Morale -1 →" in x)
            < next(i for i, x in enumerate(texts) if "is pushed off the board" in x))  # Event effect, then the slide


def test_wreckage_lifecycle_right_left_then_pushed_off_for_nothing_s5_5() -> None:
    t = Table.new(players=3, items="flask_of_rum")
    s = t.state
    event_round(t, morale=2)
    t.draw("homesickness")
    assert s.zone[card("food_crates")] == Z_THREAT_L  # round 2: left, still open to a Threat Action
    t.to_plan()
    assert "place 1 threat:l" in t.raw(CARPENTER)
    before = (list(s.resources), list(s.determination), 0, list(s.wounds))
    event_round(t, round=3, morale=0)
    t.draw("spoiled_stores")
    assert s.zone[card("food_crates")] == Z_EVENT_DISCARD  # round 3: pushed off
    assert t.logged("Food crates is pushed off")
    assert (s.determination, s.wounds, s.morale) == (before[1], before[3], before[2])  # "nothing happens"


def test_adventure_card_in_the_event_deck_resolves_its_event_half_and_draws_again_s5_2() -> None:
    t = Table.new(players=3)
    t.put(Z_EVENT_DECK, "nestlings")
    event_round(t, shelter=1, roof=2)
    t.draw("nestlings")  # its Event half: Angry bird!, Roof -1; its Action half is ignored
    s = t.state
    assert s.roof == 1 and s.resources[FOOD] == 1  # no food per player from the Action half
    assert s.zone[card("nestlings")] != Z_EVENT_DECK and s.phase == EVENT and s.chance  # drawn again
    assert not zone_ids(t, Z_THREAT_R) - {"food_crates"}  # it never reaches the Threat spaces
    t.draw("homesickness")
    assert zone_ids(t, Z_THREAT_R) == {"homesickness"}


def test_mystery_card_in_the_event_deck_resolves_its_event_half_s5_2_s16_11() -> None:
    t = Table.new(players=3)
    tiger = next(c.id for c in t.state.content.cards if c.kind == "mystery" and c.data.get("event_name") == "Furious tiger")
    t.put(Z_EVENT_DECK, tiger)
    event_round(t, weapon=1)
    t.draw(tiger)
    assert t.wounds() == [3, 0, 0]  # the FP fights strength 4 alone with Weapon 1 (§16.7)
    assert t.state.phase == EVENT and t.state.chance


def test_empty_event_deck_skips_the_draw_s25_19() -> None:
    t = Table.new(players=3)
    s = t.state
    s._set_ev(0, 0)
    event_round(t)
    assert s.phase != EVENT and not (s.chance and s.chance[0] == 0)
    assert t.logged("The Event deck is empty")


# ============================================================================ §6 Morale, §7 Production


def test_morale_at_zero_does_nothing_even_with_the_diary_s6_2() -> None:
    t = Table.new(players=3)
    t.build("diary")
    t.to_plan()
    assert t.state.determination[:3] == [0, 0, 0]


def test_morale_phase_affects_only_the_first_player_s6_2() -> None:
    t = Table.new(players=3)
    t.goto(MORALE, 0, morale=2, first_player=1)
    assert t.state.determination[:3] == [0, 2, 0]


def test_production_exhausted_camp_source_gives_nothing_but_its_token_gives_one_s7_1_s16_3() -> None:
    t = Table.new(players=3)
    s = t.state
    sources = s.content.tiles[s.space_tile[s.camp]].sources
    fish = sources.index("food")
    t.goto(PRODUCTION, 0, covered_sources=[0] * 9 + [1 << fish, 0], space_tokens=[0] * 9 + [2, 0], resources=[0, 0, 0, 0])
    assert s.resources[FOOD] == 1 and s.resources[WOOD] == 1  # the +1 food token still yields; wood as usual


def test_production_goes_to_available_at_once_s7_1() -> None:
    t = Table.new(players=3)
    t.goto(PRODUCTION, 0, resources=[0, 0, 0, 0])
    assert t.state.resources[:2] == [1, 1] and t.state.future_resources == [0, 0, 0, 0]


def test_bush_fire_stops_wood_production_this_round_only_s7_1_s25_3() -> None:
    t = Table.new(players=3, items="flask_of_rum")
    s = t.state
    event_round(t, resources=[0, 0, 0, 0])
    t.draw("bush_fire")
    t.to_plan()
    assert s.resources[:2] == [0, 1]
    s.flags = 0  # next round (§10.5 clears the round flags)
    t.goto(PRODUCTION, 0, resources=[0, 0, 0, 0])
    assert s.resources[:2] == [1, 1]


# ============================================================================ §8.1 planning, acting player


def test_acting_player_takes_the_wound_the_determination_and_the_card_s8_1_5() -> None:
    """One pawn each on a 1-pawn-minimum... a 2-pawn Action never rolls, so the Cook leads a
    lone build and the Wound, ? Determination and Adventure DECIDE are all the Cook's."""
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    t.plan((COOK, "place 1 build:weapon"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("wound question adventure")
    t.pass_windows()
    t.draw("clever_design")
    assert s.wounds[:3] == [0, 1, 0] and s.determination[:3] == [0, 2, 0]
    assert s.to_move() == [COOK]  # the acting player decides the card (§26.2)


def test_personal_results_follow_a_changed_lead_on_a_hunt_s8_1_5_s8_7_2() -> None:
    t = planning()
    s = t.state
    t.put(Z_HUNT_DECK, "tapir")  # strength 3, Weapon -1, 2 food, 1 fur
    t.act(SOLDIER, "place 1 hunt")
    t.act(COOK, "join 1 1")
    t.act(COOK, "lead 1")
    t.plan((SOLDIER, "place 2 rest"), (COOK, "place 2 arrange"), *rest(CARPENTER))
    t.pass_windows()
    t.draw("tapir")
    # Weapon 0: 3 Wounds for strength, then 1 for the Weapon loss at 0, all to the fighter (§8.7.2)
    assert t.wounds() == [0, 4, 0]
    assert s.resources[FOOD] == 1 + 2 and s.resources[FUR] == 1  # Production's food, then the fight's after cleanup
    assert s.zone[card("tapir")] == Z_BEAST_DISCARD


def test_beast_strength_token_adds_one_for_one_fight_s8_7_2_s20_3a() -> None:
    t = planning(weapon=3)
    s = t.state
    s.action_field_tokens[T_HUNT] |= FT_BEAST
    t.put(Z_HUNT_DECK, "wild_pig")  # strength 3, Weapon -1
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.draw("wild_pig")
    assert t.wounds() == [0, 0, 1]  # strength 4 against Weapon 3
    assert s.weapon == 2 and not s.action_field_tokens[T_HUNT] & FT_BEAST


def test_hunt_fight_order_strength_before_weapon_loss_s8_7_2() -> None:
    """Weapon 2 against strength 2 with Weapon -2 (the Boa): no strength Wounds, then the level drops."""
    t = planning(weapon=2)
    s = t.state
    t.put(Z_HUNT_DECK, "boa")
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.draw("boa")
    t.token("goat")  # its extra: +1 Discovery token
    assert t.wounds() == [0, 0, 0] and s.weapon == 0


def test_friday_alone_with_an_additional_pawn_may_hunt_s14_4() -> None:
    t = planning(players=2)
    s = t.state
    t.put(Z_HUNT_DECK, "birds")
    t.build("shield")
    s._compute_sources()
    t.set()
    t.act(CARPENTER, "place friday hunt")
    t.act(CARPENTER, "join shield 1")
    t.plan(*rest(CARPENTER, COOK))
    assert s.groups[0][3] == s.table.friday_index
    t.pass_windows()
    t.draw("birds")  # strength 1 against Weapon 0: Friday takes the Wound
    assert s.wounds[s.table.friday_index] == 1 and s.resources[FOOD] == 1 + 2


def test_friday_supporting_a_player_is_an_ordinary_pawn_s14_4() -> None:
    """Friday joins a player's lone build: a sure success, and the player stays the acting one."""
    t = planning(players=2, resources=[1, 0, 0, 0])
    s = t.state
    t.act(COOK, "place 1 build:weapon")
    t.act(CARPENTER, "join friday 1")
    assert s.groups[0][3] == COOK
    t.plan((COOK, "place 2 rest"), *rest(CARPENTER))
    t.pass_windows()
    assert s.weapon == 1 and not t.logged("dice:")


def test_a_player_joining_friday_becomes_the_acting_player_s14_4_s8_1_5() -> None:
    """Friday acts only as the only character pawn; once a player's pawn joins, Friday supports."""
    t = planning(players=2, resources=[1, 0, 0, 0])
    s = t.state
    t.act(CARPENTER, "place friday build:weapon")
    t.act(COOK, "join 1 1")
    assert s.groups[0][3] == COOK


def test_the_dog_never_leads_nor_takes_wounds_s14_6() -> None:
    t = planning()
    s = t.state
    t.put(Z_HUNT_DECK, "tapir")
    t.act(SOLDIER, "place 1 hunt")
    t.act(CARPENTER, "join dog 1")
    assert "lead 1" not in t.raw(CARPENTER)  # the Carpenter has no pawn there; the Dog cannot act
    t.plan((SOLDIER, "place 2 arrange"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.draw("tapir")
    assert t.wounds() == [0, 0, 4] and s.groups == [] and s.table.dog


# ============================================================================ §8.3–§8.5


def test_resolution_order_is_fixed_whatever_the_planning_order_s8_4() -> None:
    t = planning(resources=[1, 0, 0, 0], shelter=1, morale=0, wounds=[1, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.plan((CARPENTER, "place 1 rest"), (CARPENTER, "place 2 arrange"), (COOK, "place 1 gather:s6:wood"),
           (COOK, "join 2 3"), (SOLDIER, "place 1 build:weapon"), (SOLDIER, "join 2 4"))
    t.pass_windows()
    texts = [e.text for e in s.events]

    def at(word: str) -> int:
        return next(i for i, x in enumerate(texts) if word in x)

    assert at("Weapon 0 → 1") < at("(Gathering (§8.9))") < at("Arranging the Camp (§8.11)") < at("Rest (§8.12)")


def test_exactly_the_minimum_rolls_and_one_more_does_not_s8_5_1() -> None:
    t = planning(resources=[2, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:weapon"), (COOK, "place 1 build:weapon"), (COOK, "join 2 2"),
           (CARPENTER, "place 2 rest"), *rest(SOLDIER))
    t.answer("next 1")  # the first player orders Actions of one type (§8.4)
    t.pass_windows()
    assert s.chance and s.chance[1] == 0  # the lone pawn rolls
    t.roll("blank success blank")
    t.pass_windows()
    assert s.weapon == 2 and not s.chance  # the pair succeeded without dice
    assert len(t.logged("Build dice")) == 1


def test_question_face_fails_keeps_the_cost_and_gives_two_determination_s8_5_2_s25_20() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    t.plan((SOLDIER, "place 1 build:weapon"), (SOLDIER, "place 2 rest"), *rest(CARPENTER, COOK))
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.weapon == 0 and s.determination[SOLDIER] == 2
    assert s.resources[WOOD] >= 1  # the committed wood is not spent


def test_determination_gained_in_the_action_phase_is_usable_at_once_s8_3_1() -> None:
    """The ? of one Build pays Craftsmanship in the next Build of the same phase."""
    t = planning(resources=[2, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "place 2 build:weapon"), *rest(COOK, SOLDIER))
    t.answer("next 1")
    t.pass_windows()
    t.roll("blank question blank")
    assert "reroll success" not in t.legal(CARPENTER)  # not for the die that made the tokens (§8.5.3)
    t.pass_windows()
    assert s.determination[CARPENTER] == 2 and s.future_resources == [0, 0, 0, 0]  # straight to the gainer, not Future
    t.pass_windows()
    t.roll("blank question blank")
    assert "reroll success" in t.legal(CARPENTER)


# ============================================================================ §8.6 Threat Actions


@pytest.mark.parametrize(("pawns", "fut"), [(1, [0, 1, 0, 0]), (2, [0, 1, 1, 0])])
def test_wreckage_one_pawn_small_reward_two_pawns_large_reward_s8_6_3(pawns: int, fut: list[int]) -> None:
    t = planning()
    s = t.state
    moves = [(CARPENTER, "place 1 threat:r")] + ([(COOK, "join 1 1")] if pawns == 2 else [])
    t.plan(*moves, (CARPENTER, "place 2 arrange"), (COOK, "place " + ("2" if pawns == 2 else "1") + " arrange"),
           *([(COOK, "place 2 arrange")] if pawns == 1 else []), *rest(SOLDIER), confirm=False)
    assert s._max_pawns(0) == 2  # never a third pawn
    t.plan()
    t.pass_windows()
    assert s.zone[card("food_crates")] == Z_EVENT_DISCARD
    got = [s.resources[r] - base for r, base in zip(range(4), [1, 1, 0, 0], strict=True)]
    assert got == fut  # gained to Future, then Available at cleanup (§8.6.2, §8.13)


def test_threat_action_pays_discards_the_card_and_skips_its_threat_effect_s8_6_2() -> None:
    t = planning(resources=[0, 2, 0, 0])
    s = t.state
    t.put(Z_THREAT_L, "homesickness")  # its Threat effect: every player discards 1 Determination
    s.zone[card("food_crates")] = Z_BOX
    t.put(Z_THREAT_R, "winter_depression")  # Warming up: 1 pawn + 1 food -> 1 Determination
    t.plan((COOK, "place 1 threat:r"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.determination[COOK] == 1 + 2 and s.resources[FOOD] == 1
    assert s.zone[card("winter_depression")] == Z_EVENT_DISCARD
    s.determination[:3] = [5, 5, 5]
    event_round(t, round=3, morale=0)
    t.draw("spoiled_stores")  # slides onto an empty right space: nothing pushes Homesickness off
    assert s.zone[card("homesickness")] == Z_THREAT_L and s.determination[:3] == [5, 5, 5]
    assert not t.logged("Winter depression is pushed off")


def test_threat_requirement_alternatives_wood_or_fur_s8_6_1() -> None:
    t = planning(resources=[0, 0, 0, 1])
    t.put(Z_THREAT_L, "unusually_cold_night")  # Warming up: 1 wood or 1 fur
    assert "place 1 threat:l" not in t.raw(CARPENTER)  # no wood
    assert "place 1 threat:l/2" in t.raw(CARPENTER)  # the fur alternative


# ============================================================================ §8.8 Building


@pytest.mark.parametrize(("players", "wood", "fur"), [(1, 2, 1), (2, 2, 1), (3, 3, 2), (4, 4, 3)])
def test_shelter_roof_palisade_cost_by_player_count_s8_8_2(players: int, wood: int, fur: int) -> None:
    t = Table.new(players=players, items="flask_of_rum").to_plan()
    s = t.state
    assert s._cost(T_BUILD, -1, 0) == (wood, 0, 0, 0)  # the Shelter; Roof and Palisade cost the same
    assert s._cost(T_BUILD, -1, 1) == (0, 0, fur, 0)
    assert s._cost(T_BUILD, -2, 0) == s._cost(T_BUILD, -3, 0) == (wood, 0, 0, 0)
    t.set(resources=[wood - 1, 0, 0, fur])
    assert "place 1 build:shelter/wood" not in t.raw(0)
    assert "place 1 build:shelter/fur" in t.raw(0)


def test_weapon_costs_one_wood_and_needs_no_shelter_s8_8_5() -> None:
    t = planning(resources=[1, 0, 0, 0], shelter=0)
    t.plan((CARPENTER, "place 1 build:weapon"), (CARPENTER, "join 2 1"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert t.state.weapon == 1 and t.state.resources[WOOD] == 0


def test_shelter_is_never_lost_and_flips_the_camp_s8_8_3() -> None:
    t = planning(resources=[3, 0, 0, 0])
    s = t.state
    t.plan((CARPENTER, "place 1 build:shelter/wood"), (CARPENTER, "join 2 1"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert s.shelter and s.roof == 0 and s.palisade == 0
    assert "place 1 build:shelter/wood" not in t.raw(CARPENTER)


def test_personal_invention_gives_its_owner_two_determination_at_once_s8_8_6() -> None:
    t = planning()
    s = t.state
    t.build("rope")
    t.plan((CARPENTER, "place 1 build:snare"), (COOK, "join 1 1"),
           (CARPENTER, "place 2 arrange"), (COOK, "place 2 arrange"), *rest(SOLDIER))
    t.pass_windows()
    assert s.determination[CARPENTER] >= 2 and t.logged("building a personal Invention")
    assert s.determination[COOK] == 2  # only the Arranging tokens: the supporter gets nothing for the Snare


def test_built_item_waits_in_future_then_acts_at_cleanup_s8_13() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    t.explore(3, S6)  # River: the Dam
    t.plan((CARPENTER, "place 1 build:dam"), (CARPENTER, "join 2 1"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert s.zone[card("dam")] == Z_ITEM and s.resources[NONPER] == 2
    assert t.logged("Dam is now an Item") and t.logged("Dam is built")


# ============================================================================ §8.9–§8.12


def test_gathering_success_gives_one_cube_to_future_s8_9() -> None:
    t = planning()
    s = t.state
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success blank")
    t.pass_windows()
    assert t.logged("+1 wood to Future (Gathering")
    assert s.resources[WOOD] == 1 + 1


def test_failed_exploration_leaves_the_space_unexplored_s8_10() -> None:
    t = planning()
    s = t.state
    t.plan((COOK, "place 1 explore:s6"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.space_tile[S6] == -1 and t.tiles_left() == 10


def test_exploring_a_beast_tile_with_an_empty_beast_deck_adds_nothing_s8_10_s25_19() -> None:
    t = planning()
    s = t.state
    for i in s.cards_in(Z_BEAST_DECK):
        s.zone[i] = Z_BEAST_DISCARD
    t.plan((COOK, "place 1 explore:s6"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.tile(1)  # Plains, Beast icon, 2 Discoveries
    assert not (s.chance and s.chance[0] == 4)
    assert s.count_in(Z_HUNT_DECK) == 0


def test_exploration_order_beast_then_discoveries_to_future_s8_10() -> None:
    t = planning()
    s = t.state
    t.plan((COOK, "place 1 explore:s6"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.tile(9)  # Plains, Beast, 3 Discoveries
    assert s.chance[0] == 4  # the Beast first
    t.draw("fox")  # a face-down card: no view names it (decision 0010)
    fox = C.cards[card("fox")].name
    assert t.logged("A beast joins the Hunting deck")
    for seat in (None, *range(s.players)):
        assert not any(fox in e.text for e in s.visible_events(seat)) and fox not in json.dumps(s.observe(seat))
    t.token("goat", "tobacco", "fallen_tree")
    assert s.count_in(Z_HUNT_DECK) == 1
    assert len(t.logged("(Future).")) == 3


def test_arranging_at_top_morale_gives_only_the_tokens_s8_11() -> None:
    t = planning(morale=3)
    s = t.state
    t.plan((COOK, "place 1 arrange"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.morale == 3 and s.determination[COOK] == 2


def test_rest_heals_the_acting_player_one_wound_s8_12() -> None:
    t = planning(wounds=[0, 3, 0, 0])
    t.plan((COOK, "place 1 rest"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert t.wounds() == [0, 2, 0]


def test_cleanup_discards_used_token_pawns_and_returns_item_pawns_s8_13() -> None:
    t = planning(resources=[2, 0, 0, 0])
    s = t.state
    t.build("lantern")
    phys = t.give_token("candles_token")
    s._compute_sources()
    t.set()
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(CARPENTER, "join lantern 1")
    t.act(COOK, "place 1 build:weapon")
    t.act(CARPENTER, "join candles_token 2")
    t.plan((CARPENTER, "place 2 arrange"), (COOK, "place 2 arrange"), *rest(SOLDIER))
    assert s.token_place[phys] == 3  # TOK_USED: the Candles pawn is spent with the plan
    t.answer("next 1")
    t.pass_windows()
    assert s.weapon == 2
    assert s.zone[card("lantern")] == Z_ITEM  # the Item keeps its pawn for later rounds (§17.2)


# ============================================================================ §9 Weather


def test_weather_tokens_apply_without_dice_and_are_discarded_s9_1_s9_3() -> None:
    t = Table.new(players=3, items="flask_of_rum").to_plan()
    s = t.state
    t.goto(WEATHER, 0, round=2, roof=0, resources=[2, 2, 0, 0], weather_tokens=[1, 0, 0])  # a Rainy Cloud token
    assert s.phase == NIGHT
    assert s.resources[:2] == [1, 1] and s.weather_tokens == [0, 0, 0]


def test_weather_shortfall_wounds_every_player_not_friday_s9_3_s14_4() -> None:
    t = Table.new(players=2, items="flask_of_rum").to_plan()
    s = t.state
    t.goto(WEATHER, 0, round=2, roof=0, resources=[0, 0, 0, 0], weather_tokens=[0, 1, 0])  # 1 Winter Cloud token
    # step 1: 1 wood missing; step 2: 1 cloud above Roof 0, wood and food missing
    assert t.wounds() == [3, 3] and s.wounds[s.table.friday_index] == 0


def test_hungry_animals_fight_compares_the_permanent_weapon_s9_3() -> None:
    t = Table.new(players=3, items="flask_of_rum").to_plan()
    s = t.state
    t.goto(WEATHER, 0, round=7, roof=5, shelter=1, weapon=2, resources=[5, 5, 0, 0], temp_weapon=0)
    t.weather("rain1", "winter1", "fight")
    assert t.wounds() == [1, 1, 1] and s.weapon == 2  # compare only: the level does not drop


# ============================================================================ §10 Night


def test_all_hungry_when_there_is_no_food_s10_1() -> None:
    t = Table.new(players=3).to_plan()
    t.goto(NIGHT, 0, resources=[0, 0, 0, 0], shelter=1)
    assert t.wounds() == [2, 2, 2]


def test_non_perishable_food_feeds_at_night_s10_1_s2_4() -> None:
    t = Table.new(players=3).to_plan()
    t.goto(NIGHT, 0, resources=[0, 1, 2, 0], shelter=1)
    assert t.wounds() == [0, 0, 0] and t.state.resources[FOOD] + t.state.resources[NONPER] == 0


def test_night_reminder_each_player_eats_one_more_or_takes_one_wound_s10_1_s22_2() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 4, 0, 0], shelter=1, night_food=1)  # 3 meals + 1 of 3 extra
    assert s.to_move() == [s.first_player]
    assert sorted(t.legal(s.first_player)) == ["hungry carpenter", "hungry cook", "hungry soldier"]
    t.act(s.first_player, "hungry cook")
    t.act(s.first_player, "hungry soldier")
    assert t.wounds() == [0, 1, 1]
    assert s.round == 2 and s.night_food == 0  # the reminder is gone next round


def test_camp_move_only_to_adjacent_explored_accessible_tiles_s10_2_s16_4() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.explore(5, S6)
    t.explore(6, S7)
    t.explore(4, S4)  # not next to the Camp
    s.space_lost[S7] = 1
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    assert t.legal(s.first_player) == ["camp stay", "camp s6"]


def test_moving_onto_a_tent_tile_avoids_the_open_air_s10_2_s10_3() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.explore(2, S6)  # Mountains, natural Shelter
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=0, roof=1, palisade=1)
    t.answer("camp s6")
    assert s.camp == S6 and t.wounds() == [0, 0, 0]
    assert (s.roof, s.palisade) == (0, 0) and not s.shelter  # the Camp token is not flipped


def test_leaving_a_tent_tile_without_a_shelter_is_a_night_in_the_open_s10_3() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.explore(2, S6)
    s.camp = S6
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=0)
    t.answer("camp s10")
    assert t.wounds() == [1, 1, 1]


def test_boxes_and_barrel_store_food_against_rot_s10_4_s22_4() -> None:
    t = Table.new(players=3).to_plan()
    t.put(14, "boxes", "barrel")  # Z_KEPT
    t.goto(NIGHT, 0, resources=[0, 9, 0, 0], shelter=1)
    assert t.state.resources[FOOD] == 3  # 3 eaten, 2 + 1 stored, 3 rot


def test_rot_keeps_wood_fur_and_non_food_tokens_s10_4() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    keep = t.give_token("old_machete")
    rot = t.give_token("nourishing_larvae")
    t.goto(NIGHT, 0, resources=[2, 3, 0, 2], shelter=1)
    t.pass_windows(night=True)  # the Old machete could be used at Night
    assert s.resources == [2, 0, 0, 2]
    assert s.token_place[keep] == 2 and s.token_place[rot] == 3  # TOK_AVAIL / TOK_USED


# ============================================================================ §11 game end, §12, §13.1


def test_game_ends_at_once_when_a_player_dies_mid_phase_s11_2() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 0, 0, 0], shelter=0, wounds=[0, 11, 0, 0])
    assert s.outcome().seats[0].code == "death" and "Cook" in s.reason
    assert t.wounds() == [2, 13, 0]  # the hunger stopped at the death; no open air either (§11.2)
    assert s.round == 1


def test_no_win_in_round_twelve_without_fire_loses_after_the_night_s11_3() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, round=12, resources=[0, 3, 0, 0], shelter=1, pile=[1, 2, 3, 4, 5])
    assert s.outcome().seats[0].code == "out_of_time" and "round 12" in s.reason


def test_unfulfilled_demand_aimed_at_the_first_player_wounds_only_them_s12_2() -> None:
    t = Table.new(players=3)
    event_round(t, first_player=1, determination=[3, 0, 3, 0])
    t.draw("restless_sleep")  # the FP discards 1 Determination
    assert t.wounds() == [0, 1, 0]


def test_demand_aimed_at_all_wounds_everyone_per_missing_cube_s12_2() -> None:
    t = Table.new(players=3)
    event_round(t, resources=[1, 0, 0, 0])
    t.draw("unusually_cold_night")
    t.answer("choose 1")  # discard 2 wood with 1 held
    assert t.wounds() == [1, 1, 1] and t.state.resources[WOOD] >= 0


def test_event_decide_is_chosen_by_the_first_player_s12_4_s26_2() -> None:
    t = Table.new(players=3)
    s = t.state
    event_round(t, first_player=2)
    t.draw("unusually_cold_night")
    assert s.to_move() == [2] and t.legal(2) == ["choose 1", "choose 2"]


def test_arrows_lower_morale_once_each_passed_and_healing_back_does_not_raise_it_s13_1() -> None:
    t = Table.new(players=3)
    s = t.state
    s.morale = 0
    s.wound(COOK, 4, "test")  # the Cook's arrows at 2 and 4
    assert s.morale == -2
    s.heal(COOK, 4, "test")
    assert s.morale == -2
    s.wound(COOK, 2, "test")
    assert s.morale == -3


def test_death_space_ends_the_game_s13_1() -> None:
    s = Table.new(players=3).state
    s.wound(SOLDIER, 20, "test")
    assert s.outcome().seats[0].code == "death" and s.wounds[SOLDIER] == 12


# ============================================================================ §16 card effects


def test_fight_as_an_event_wounds_the_first_player_alone_s16_7() -> None:
    t = Table.new(players=3)
    event_round(t, first_player=2, weapon=1)
    t.draw("eyes_in_the_dark")  # the FP fights strength 3
    assert t.wounds() == [0, 0, 2] and t.state.weapon == 1


def test_resolve_it_again_applies_the_event_effect_once_and_discards_s16_8() -> None:
    t = Table.new(players=3)
    s = t.state
    s.zone[card("food_crates")] = Z_BOX
    t.put(Z_THREAT_L, "bush_fire")  # Threat effect: the same
    t.put(Z_THREAT_R, "homesickness")
    event_round(t, resources=[0, 0, 0, 0])
    t.draw("insects")
    assert s.zone[card("bush_fire")] == Z_EVENT_DISCARD
    assert s.resources[WOOD] == 0 and s.resources[FOOD] == 1  # no wood in Production this round


def test_shuffle_into_the_event_deck_moves_the_card_carrying_the_text_s16_10() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    t.plan((COOK, "place 1 build:weapon"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.draw("wasp_nest")  # 1 Wound, then shuffled into the Event deck
    assert s.zone[card("wasp_nest")] == Z_EVENT_DECK and t.wounds() == [0, 1, 0]
    assert s.event_deck_size() == 13


def test_lost_tile_cannot_be_explored_or_gathered_s16_4() -> None:
    t = planning()
    s = t.state
    t.explore(5, S6)
    s.lose_tile(S6)
    t.set()
    raw = t.raw(COOK)
    assert not any("s6" in a for a in raw)
    assert "mountains" not in s.explored_terrains()


# ============================================================================ §25.19 empty decks


def test_empty_adventure_deck_reshuffles_its_discards_s25_19() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    from outlast.games.robinson.state import Z_ADV_B, Z_ADVD_B

    for i in s.cards_in(Z_ADV_B):
        s.zone[i] = Z_ADVD_B
    t.plan((COOK, "place 1 build:weapon"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    assert "draw accident" in t.outcomes()


def test_no_adventure_card_when_deck_and_discards_are_empty_s25_19() -> None:
    t = planning(resources=[1, 0, 0, 0])
    s = t.state
    from outlast.games.robinson.state import Z_ADV_B

    for i in s.cards_in(Z_ADV_B):
        s.zone[i] = Z_BOX
    t.plan((COOK, "place 1 build:weapon"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    assert s.weapon == 1 and t.logged("No Adventure card is left")


def test_empty_discovery_stack_draws_nothing_s25_19() -> None:
    t = planning()
    s = t.state
    s.token_place = [6 if x == 0 else x for x in s.token_place]  # every bagged token to the box
    t.plan((COOK, "place 1 explore:s6"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.tile(4)  # 1 Discovery icon
    assert s.space_tile[S6] >= 0 and not (s.chance and s.chance[0] == 7)


def test_empty_island_stack_makes_exploration_impossible_s25_19() -> None:
    t = planning()
    s = t.state
    for i in range(len(s.tile_at)):
        if s.tile_at[i] == -1:
            s.tile_at[i] = -3
    t.set()
    assert not any("explore:" in a for a in t.raw(COOK))


def test_brainstorm_with_an_empty_invention_deck_reshuffles_the_discard_pile_s25_19() -> None:
    t = planning()
    s = t.state
    for i in s.cards_in(Z_INV_DECK):
        s.zone[i] = Z_INV_DISCARD
    t.put(Z_THREAT_L, "council")  # Brainstorm: put 1 Invention of your choice from the deck on the board
    t.plan((COOK, "place 1 threat:l"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.decisions and isinstance(s.decisions[-1], LayInvention)
    assert len(t.legal(s.decisions[-1].chooser)) > 0


# ============================================================================ §26.2 decision choosers


def test_mystery_continue_is_asked_of_the_acting_player_s16_2_s26_2() -> None:
    t = planning()
    s = t.state
    s.mystery_draw = [2, 0, 0, COOK, 0]  # a draw_mystery effect of an Action the Cook leads
    s._push((I_MYST_STEP, 0, 0, 0))
    t.set()
    s._advance()
    t.draw("gold")
    assert s.to_move() == [COOK] and t.legal(COOK) == ["continue", "stop"]


def test_four_player_arranging_choice_is_the_acting_players_s14_1_s26_2() -> None:
    t = Table.new(players=4).to_plan()
    t.plan((2, "place 1 arrange"), (2, "place 2 rest"), *rest(0, 1, 3))
    t.pass_windows()
    assert t.state.to_move() == [2]


def test_a_seat_with_no_costly_action_may_ready_while_the_carpenter_pays_down_s26_1_s13_2() -> None:
    """The Carpenter may plan 1 wood short, to pay it down with Economical construction (TV-23); the
    others, with nothing committed, are not held hostage: they may ready meanwhile."""
    t = planning(resources=[0, 0, 0, 0], determination=[2, 0, 0, 0])
    s = t.state
    t.act(CARPENTER, "place 1 build:weapon")
    assert s._overcommitted()
    t.plan(*rest(COOK), confirm=False)
    assert "ready" in t.raw(COOK)
    t.act(COOK, "ready")
    t.act(CARPENTER, "use economical_construction 1")
    assert not s._overcommitted()


# ============================================================================ §9.1 dice by round, §15 variants


@pytest.mark.parametrize(("round_", "dice"), [(3, 0), (4, 1), (6, 1), (7, 3), (12, 3)])
def test_castaways_weather_dice_by_round_s9_1(round_: int, dice: int) -> None:
    t = Table.new(players=3, items="flask_of_rum").to_plan()
    s = t.state
    t.goto(WEATHER, 0, round=round_, shelter=1, roof=9, palisade=9, weapon=9, resources=[9, 9, 0, 0])
    rolled = 0
    while s.chance:
        rolled += 1
        t.chance(t.outcomes()[0])
    assert rolled == dice


@pytest.mark.parametrize(("opts", "friday", "dog"), [({"dog": "no"}, False, False),
                                                     ({"friday": "yes"}, True, True),
                                                     ({"dog": "yes", "players": 4}, False, True)])
def test_dog_and_friday_variants_s15_1_s15_2(opts: dict[str, object], friday: bool, dog: bool) -> None:
    o = {"players": 3, **opts}
    s = GAME.new_game(seed=0, starting_items=0, **o)
    assert s.table.friday is friday and s.table.dog is dog


def test_friday_cannot_be_left_out_with_one_or_two_players_s14_3_s14_5() -> None:
    with pytest.raises(OptionError):
        GAME.new_game(seed=0, players=2, friday="no")


def test_friday_may_take_a_threat_action_alone_and_keeps_the_determination_s14_4() -> None:
    t = planning(players=2, resources=[0, 2, 0, 0])
    s = t.state
    fi = s.table.friday_index
    s.zone[card("food_crates")] = Z_BOX
    t.put(Z_THREAT_R, "winter_depression")  # 1 pawn + 1 food -> 1 Determination to the acting one
    t.plan((CARPENTER, "place friday threat:r"), *rest(CARPENTER, COOK))
    t.pass_windows()
    assert s.determination[fi] == 1 and s.determination[:2] == [0, 0]
    assert s.zone[card("winter_depression")] == Z_EVENT_DISCARD


def test_friday_is_never_the_first_player_s14_4() -> None:
    t = Table.new(players=2).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 2, 0, 0], shelter=1)
    assert s.first_player == 1
    t.goto(NIGHT, 0, resources=[0, 2, 0, 0], shelter=1)
    assert s.first_player == 0


def test_a_second_night_reminder_is_ignored_s12_6_s10_1() -> None:
    """Stomach cramps (an Event half) and Chronic tiredness in one Event phase: one reminder only."""
    t = Table.new(players=3)
    s = t.state
    t.put(Z_EVENT_DECK, "strange_mushrooms")
    event_round(t)
    t.draw("strange_mushrooms")
    t.draw("chronic_tiredness")
    assert s.night_food == 1 and t.logged("already holds that reminder")


def test_more_missing_meals_than_players_can_still_be_answered_s10_1() -> None:
    t = Table.new(players=3).to_plan()
    s = t.state
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1, night_food=2)  # 6 extra meals, none to eat
    for _ in range(6):
        t.act(s.first_player, t.legal(s.first_player)[0])
    assert t.wounds() == [2, 2, 2] and s.round == 2
