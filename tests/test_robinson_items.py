"""Robinson Crusoe content behaviour, one test per piece of content, named by its § (robinson-crusoe.md):
the Items of §17.2 and Castaways' scenario Items (§25.1), the Starting Items (§18.3, §22.5, §25.7), the
Discovery tokens (§19.2, §25.1), the additional-effect tokens of §20 and the skills of §13.2 that
test_robinson_rules.py does not cover yet.

Seats: 3 players are Carpenter (0, first player), Cook (1), Soldier (2) plus the Dog; with
`characters="carpenter,cook,explorer"` seat 2 is the Explorer. The Camp starts at s10 (tile 8: beach,
a fish and a wood source); s6, s7, s9 and s11 touch it. Tile 5 (Mountains: bird, wood) is the usual
explored neighbour at s6.
"""

from __future__ import annotations

import pytest

from outlast import SaveError
from outlast.games.robinson.decisions import AnyTimeWindow, TurnItemBack
from outlast.games.robinson.state import (
    CH_DICE,
    EVENT,
    FT_BEAST,
    FT_EXTRA,
    FT_WOOD,
    MORALE,
    NIGHT,
    PRODUCTION,
    RESOLVE,
    T_BUILD,
    T_HUNT,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TOK_AVAIL,
    TOK_FUTURE,
    TOK_REMOVED,
    TOK_USED,
    W_ACTION,
    W_NIGHT,
    W_WEATHER,
    WEATHER,
    Z_BEAST_DECK,
    Z_EVENT_DECK,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_INV_OWNER,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_KEPT,
    Z_MYST_DECK,
    Z_START_USED,
    Z_THREAT_R,
)
from robinson_helpers import (
    CARPENTER,
    COOK,
    FOOD,
    NONPER,
    SOLDIER,
    WOOD,
    C,
    Table,
    card,
    illegal,
    planning,
    rest,
    tile_index,
)

EXPLORER = 2
S6, S7, S9, S10, S11 = 5, 6, 8, 9, 10
"""0-based spaces: s6, s7, s9 and s11 touch the start Camp (s10)."""
EXPLORER_TABLE = "carpenter,cook,explorer"


# ============================================================================ helpers


def everyone_rests(t: Table) -> None:
    """Plan Rest for every pawn and resolve the Action phase up to the Night window."""
    t.plan(*rest(*range(t.state.players)))
    t.pass_windows()


def on_build(t: Table, *item_ids: str) -> None:
    """The Items were built this round: they wait in Future and act at cleanup (§8.8.6, §8.13)."""
    t.put(Z_ITEM_FUTURE, *item_ids)
    everyone_rests(t)


def flip(t: Table, item_id: str) -> None:
    """An effect turns an Item back to its Invention side (§16.6, e.g. Strong wind's Threat effect)."""
    s = t.state
    s.decisions.append(TurnItemBack(s.first_player))
    t.set()
    t.answer(f"flip {item_id}")


def no_events(t: Table) -> None:
    """Empty the Event deck: the next rounds have no Event (§25.19)."""
    s = t.state
    for i in s.cards_in(Z_EVENT_DECK):
        s.zone[i] = 0
    s._set_ev(0, 0)
    t.set()


def next_round(t: Table) -> None:
    """From the Night window, through the Night into the next round's open planning, with no Event;
    every decision takes its first answer."""
    no_events(t)
    t.pass_windows(night=True)
    t.to_plan()


def joins(t: Table, pawn: str) -> set[int]:
    """Planned Actions (1-based) the first player could add `pawn` to."""
    return {int(a.split()[2]) for a in t.raw(t.state.first_player) if a.startswith(f"join {pawn} ")}


# ============================================================================ §17.2 Items: Gathering and Rest


def first_gathering(t: Table) -> None:
    """Two sure-success Gatherings this round (s6 wood, then s6 food), resolved up to the first one's Success."""
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 gather:s6:food"),
           (SOLDIER, "join 2 2"), *rest(CARPENTER))
    t.answer("next 1")  # the first player orders Actions of one type (§8.4)
    t.pass_windows()


@pytest.mark.parametrize(("built", "answers", "wood", "food"), [
    ("basket,sack", ("add basket", "keep sack"), 2, 2),  # the Basket on the first, the Sack on the second
    ("basket,sack", ("keep basket", "keep sack"), 1, 3),  # both on the second
    ("basket,sack", ("add basket", "add sack"), 3, 1),  # both on the first
    ("basket,sack", ("keep basket", "add sack"), 2, 2),
    ("basket", ("keep basket",), 1, 2),
    ("sack", ("add sack",), 2, 1),
])
def test_the_first_player_chooses_the_gathering_each_item_adds_to_s17_2_s8_9(
        built: str, answers: tuple[str, ...], wood: int, food: int) -> None:
    """The Basket and the Sack each add 1 cube to one successful Gathering a round, the one the players choose
    (the first player, §26.2): at the first success each is added there or kept; the last Gathering of the
    round takes the kept ones without asking (keeping them could only waste them)."""
    t = planning(built=built, resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    first_gathering(t)
    for text in answers:
        item = text.split()[1]
        assert s.to_move() == [CARPENTER] and t.legal(CARPENTER) == [f"add {item}", f"keep {item}"]
        t.act(CARPENTER, text)
    t.pass_windows()
    assert s.resources[WOOD] == wood and s.resources[FOOD] == food
    next_round(t)
    before = s.resources[WOOD]
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()  # the round's only Gathering takes every Item without a question
    assert s.resources[WOOD] - before == 1 + len(built.split(","))


def test_an_item_kept_for_a_gathering_that_fails_is_lost_for_the_round_s17_2_s8_9() -> None:
    """Keeping the Basket is a wager: if the later Gathering fails (the ? face, §8.5.2), the Basket adds nothing
    this round."""
    t = planning(built="basket", resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 gather:s6:food"),
           (SOLDIER, "place 2 rest"), *rest(CARPENTER))
    t.answer("next 1")
    t.pass_windows()
    t.answer("keep basket")
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.resources[WOOD] == 1 and s.resources[FOOD] == 0


def test_the_item_decision_is_refused_naming_its_rule_and_is_saved_and_shown_by_kind_s17_2() -> None:
    """A wrong answer names §17.2; the decision is written in the position by kind with named fields, read
    back, and shown in the view with the Item's id, the Gathering's number and its resource."""
    t = planning(built="basket,sack", resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    first_gathering(t)
    err = illegal(t, CARPENTER, "add sack")
    assert err.rule == "§17.2, §8.9" and "add basket, keep basket" in str(err)
    assert "waiting for" in str(illegal(t, COOK, "keep basket"))
    doc = s.to_json()
    assert doc["decisions"][-1] == {"kind": "item for this gathering", "chooser": CARPENTER, "action": s.resolving_action,
                                    "item": card("basket")}
    assert s.observe(COOK)["pending"] == {"kind": "item for this gathering", "rule": "§17.2, §8.9",
                                          "chooser": CARPENTER, "action": s.resolving_action + 1, "resource": "wood",
                                          "item": "basket"}
    assert "Basket" in s.decision_text() and "`keep basket`" in s.game.describe_decision(s, CARPENTER)
    again = type(t)(s.game.load_state(doc))
    again.act(CARPENTER, "keep basket")
    again.act(CARPENTER, "keep sack")
    again.pass_windows()
    assert again.state.resources[WOOD] == 1 and again.state.resources[FOOD] == 3
    doc["decisions"][-1]["item"] = card("knife")
    with pytest.raises(SaveError, match="decisions"):
        s.game.load_state(doc)
    assert {"add basket", "keep basket", "add sack", "keep sack"} <= set(s.game.action_texts(players=3))


def test_basket_gives_nothing_on_a_failed_gathering_s17_2() -> None:
    t = planning(built="basket", resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.resources[WOOD] == 0 and s.determination[COOK] == 2


@pytest.mark.parametrize(("keep", "healed", "det"), [("", 1, 0), ("bed", 2, 1), ("bed,hammock", 3, 1)])
def test_bed_and_hammock_at_rest_s8_12_s17_2_s22_4(keep: str, healed: int, det: int) -> None:
    t = planning(wounds=[4, 0, 0, 0])
    if "bed" in keep:
        t.build("bed")
    if "hammock" in keep:
        t.put(Z_KEPT, "hammock")
    t.plan((CARPENTER, "place 1 rest"), (CARPENTER, "place 2 arrange"), *rest(COOK, SOLDIER))
    t.pass_windows()
    assert t.state.wounds[CARPENTER] == 4 - healed
    assert t.state.determination[CARPENTER] == 2 + det  # + 2 for Arranging the Camp


def test_an_item_built_this_round_waits_for_cleanup_s8_3_1_s8_13() -> None:
    """The Basket built by this round's Building (resolved before Gathering) is still in Future."""
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(6, S6)  # Plains for the Basket
    t.put(Z_INV_BOARD, "basket")
    t.plan((CARPENTER, "place 1 build:basket"), (CARPENTER, "join 2 1"), (COOK, "place 1 gather:s6:wood"),
           (COOK, "join 2 2"), *rest(SOLDIER))
    t.pass_windows()
    assert s.built("basket") and s.resources[WOOD] == 1  # no bonus this round
    assert s.zone[card("basket")] == Z_ITEM


def test_shield_pawn_is_the_second_pawn_of_a_hunt_s8_7_1_s17_2() -> None:
    t = planning(built="shield")
    s = t.state
    t.put(Z_HUNT_DECK, "birds")
    t.plan((SOLDIER, "place 1 hunt"), (CARPENTER, "join shield 1"), (SOLDIER, "place 2 rest"),
           *rest(CARPENTER, COOK))
    assert s.phase == RESOLVE and str(s.sample_chance()) == "draw birds"  # the deck holds only the Birds
    assert "draw birds" in t.outcomes() and len(t.outcomes()) == s.count_in(Z_BEAST_DECK) + 1  # seen by nobody


# ============================================================================ §17.2 extra pawns (§8.1.6)


EXTRA_PAWNS = [("belts", {"gather"}), ("lantern", {"build"}), ("map", {"explore"}),
               ("raft", {"gather", "explore"}), ("shield", {"hunt"})]


@pytest.mark.parametrize(("item", "types"), EXTRA_PAWNS)
def test_item_extra_pawn_only_for_its_action_types_s8_1_6_s17_2(item: str, types: set[str]) -> None:
    t = planning(built=item, resources=[1, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.put(Z_HUNT_DECK, "fox")
    assert item in [s.pawn_text(p) for p in s.pawns_of(s.first_player)]
    order = ["hunt", "build", "gather", "explore"]
    t.act(SOLDIER, "place 1 hunt")
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(COOK, "place 1 gather:s6:wood")
    t.act(COOK, "place 2 explore:s7")
    assert joins(t, item) == {order.index(x) + 1 for x in types}
    err = illegal(t, CARPENTER, f"place {item} rest")  # it only supports (§8.1.6)
    assert err.rule == "§8.1.6"


@pytest.mark.parametrize(("item", "target"), [("belts", "gather:s6:wood"), ("map", "explore:s7"),
                                              ("lantern", "build:weapon")])
def test_item_pawn_makes_a_sure_success_every_round_s17_2(item: str, target: str) -> None:
    t = planning(built=item, resources=[2, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    for _ in range(2):
        t.plan((COOK, f"place 1 {target}"), (s.first_player, f"join {item} 1"), (COOK, "place 2 rest"),
               *rest(CARPENTER, SOLDIER))  # the first player places the shared pawns (§26.1)
        assert not s.chance or s.chance[0] != CH_DICE  # two pawns on a 1-pawn Action: no dice (§8.1.3)
        t.pass_windows()
        if target.startswith("explore"):
            t.tile(4 if target == "explore:s7" else 6)
            t.token("goat")
            t.pass_windows()
            target = "explore:s11"
        next_round(t)
    assert s.zone[card(item)] == Z_ITEM  # kept on its card between uses (§17.2)


def test_lost_map_pawn_stays_this_round_and_goes_next_round_s16_6() -> None:
    t = planning(built="map")
    s = t.state
    t.plan((COOK, "place 1 explore:s7"), (CARPENTER, "join map 1"), (COOK, "place 2 rest"),
           *rest(CARPENTER, SOLDIER), confirm=False)
    s._lose_item(card("map"))  # lost once placed: the pawn stays this round (§16.6)
    t.set()
    t.act(COOK, "ready")
    t.act(SOLDIER, "ready")
    t.act(s.first_player, "ready")
    t.act(s.first_player, "confirm")
    t.pass_windows()
    assert s.chance[0] != CH_DICE  # still a sure success: no dice
    t.tile(4)
    t.token("goat")
    t.pass_windows()
    next_round(t)
    assert "map" not in [s.pawn_text(p) for p in s.pawns_of(s.first_player)]


# ============================================================================ §17.2 Weapon and Palisade Items


def build_now(t: Table, target: str, seat: int = CARPENTER, others: tuple[int, ...] = (COOK, SOLDIER)) -> None:
    """A sure-success Build by `seat` (both pawns), everyone else rests; stops at the Night window."""
    t.plan((seat, f"place 1 {target}"), (seat, "join 2 1"), *rest(*others))
    t.pass_windows()


@pytest.mark.parametrize(("item", "needs", "res", "target", "weapon"), [
    ("knife", "", [0, 0, 0, 0], "build:knife", 1),
    ("bow", "knife,rope", [1, 0, 0, 0], "build:bow", 3),
    ("sling", "", [1, 0, 0, 0], "build:sling/1", 2),
    ("sling", "", [0, 0, 0, 1], "build:sling/2", 2),
])
def test_weapon_items_raise_the_weapon_at_cleanup_s17_2(item: str, needs: str, res: list[int], target: str,
                                                        weapon: int) -> None:
    t = planning(built=needs, resources=res)
    s = t.state
    t.explore(5, S6)  # Mountains for the Knife
    t.put(Z_INV_BOARD, item)
    build_now(t, target)
    assert s.weapon == weapon and s.built(item)
    assert s.resources == [0, 0, 0, 0]


def test_spear_is_built_by_the_soldier_only_s13_1_s17_2() -> None:
    t = planning(built="knife", resources=[1, 0, 0, 0])
    s = t.state
    err = illegal(t, CARPENTER, "place 1 build:spear")
    assert "soldier" in err.reason
    build_now(t, "build:spear", seat=SOLDIER, others=(CARPENTER, COOK))
    assert s.weapon == 3 and s.determination[SOLDIER] == 2  # +2 Determination for a personal Invention (§8.8.6)


@pytest.mark.parametrize(("item", "levels"), [("bricks", 1), ("fire", 1), ("moat", 2), ("wall", 2)])
@pytest.mark.parametrize("shelter", [1, 0])
def test_palisade_items_need_a_shelter_s17_2_s8_8_4(item: str, levels: int, shelter: int) -> None:
    t = planning(shelter=shelter, palisade=0)
    on_build(t, item)
    assert t.state.built(item)  # the Item is built either way …
    assert t.state.palisade == levels * shelter  # … but a Palisade increase with no Shelter is ignored
    if not shelter:
        assert t.logged("ignored: no Shelter (§8.8.4)")


# ============================================================================ §17.2 once-on-build Items


@pytest.mark.parametrize("choice", ["s6", "skip"])
def test_corral_may_cover_an_adjacent_food_source_for_a_camp_token_s17_2(choice: str) -> None:
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    on_build(t, "corral")
    assert t.legal(s.first_player) == ["corral skip", "corral s6"]  # only explored tiles next to the Camp with food
    t.act(s.first_player, f"corral {choice}")
    covered = choice != "skip"
    assert bool(s.covered_sources[S6] & 1) == covered  # the bird source of tile 5
    assert bool(s.space_tokens[S10] & TK_FOOD) == covered
    next_round(t)
    assert s.resources[FOOD] == 1 + covered  # the Camp's fish + the +1 food token (§20.6)


def test_corral_with_no_food_source_next_to_the_camp_asks_nothing_s17_2() -> None:
    t = planning()
    on_build(t, "corral")
    assert t.state.built("corral") and t.state.space_tokens[S10] == 0
    assert t.state.phase == NIGHT


def test_dam_gives_two_non_perishable_food_s17_2() -> None:
    t = planning(resources=[0, 0, 0, 0], shelter=1)
    on_build(t, "dam")
    assert t.state.resources[NONPER] == 2
    next_round(t)  # 3 players eat 2 non-perishable food, one goes hungry; nothing rots (§10.4)
    assert t.state.resources[NONPER] == 0


def test_dam_food_does_not_rot_s10_4() -> None:
    t = planning(players=1, resources=[0, 0, 0, 0], shelter=1)
    on_build(t, "dam")
    next_round(t)
    assert t.state.resources[NONPER] == 1  # one eaten, one kept


@pytest.mark.parametrize(("item", "level", "det", "after"), [
    ("diary", 1, 0, 2), ("drums", 1, 0, 3), ("diary", 2, 0, 3), ("drums", 2, 0, 4),
    ("diary", -2, 5, 4), ("drums", -2, 5, 5), ("drums", -1, 5, 5), ("diary", -3, 0, 0),
])
def test_diary_and_drums_in_the_morale_phase_s6_2_s17_2(item: str, level: int, det: int, after: int) -> None:
    t = Table.new(players=3)
    t.build(item)
    t.goto(MORALE, 0, morale=level, determination=[det, 0, 0, 0])
    assert t.state.determination[0] == after
    assert t.wounds() == [2 if (item, level) == ("diary", -3) else 0, 0, 0]  # 3 − 1 = 2 missing (§6.3)


def test_drums_at_top_morale_add_to_the_determination_choice_s6_2_s17_2() -> None:
    t = Table.new(players=3)
    t.build("drums")
    t.goto(MORALE, 0, morale=3)
    t.act(0, "morale determination")
    assert t.state.determination[0] == 4


# ============================================================================ §17.2 Night Items (§10.6)


def night(t: Table, **fields: object) -> Table:
    t.goto(NIGHT, 0, **fields)
    return t


@pytest.mark.parametrize(("item", "heal"), [("fireplace", 2), ("pot", 1)])
def test_fireplace_and_pot_heal_at_night_once_per_round_for_food_s17_2_s10_6(item: str, heal: int) -> None:
    t = planning(built=item, items="", wounds=[2, 1, 0, 0])
    s = t.state
    assert f"use {item}" not in t.raw(s.first_player)  # healing works only at Night (§10.6)
    night(t, resources=[0, 4, 0, 0], shelter=1)
    assert f"use {item}" in t.legal(s.first_player)
    t.act(s.first_player, f"use {item}")
    assert s.resources[FOOD] == 3  # 1 food paid
    assert all(len(a.split()) == 1 + heal for a in t.legal(s.first_player))  # heal 2: 2/0 or 1/1 (§17.2)
    t.act(s.first_player, "heal carpenter" + " cook" * (heal - 1))
    assert t.wounds() == [1, 1 - (heal - 1), 0]
    assert f"use {item}" not in t.raw(s.first_player)  # once per round


def test_fireplace_and_pot_are_used_one_each_s17_2() -> None:
    t = planning(built="fireplace,pot", items="", wounds=[3, 0, 0, 0])
    s = t.state
    night(t, resources=[0, 5, 0, 0], shelter=1)
    t.act(s.first_player, "use fireplace")
    t.act(s.first_player, "heal carpenter carpenter")
    t.act(s.first_player, "use pot")
    t.act(s.first_player, "heal carpenter")
    assert s.wounds[0] == 0 and s.resources[FOOD] == 0  # 2 paid for healing, 3 eaten
    assert s.round == 2


def test_fireplace_needs_food_and_a_wound_s17_2() -> None:
    t = planning(built="fireplace", items="", wounds=[2, 0, 0, 0])
    night(t, resources=[0, 0, 0, 0], shelter=1)
    assert t.state.round == 2  # no window: nothing to pay with, the Night ran on
    t2 = planning(built="fireplace", items="")
    night(t2, resources=[0, 3, 0, 0], shelter=1)
    assert t2.state.round == 2 and t2.state.resources[FOOD] == 0  # nobody to heal: nothing offered


def test_furnace_ignores_only_one_winter_cloud_s9_2() -> None:
    t = planning(built="furnace")
    t.goto(WEATHER, 0, round=4, shelter=1, roof=5, resources=[3, 0, 0, 0], weather_tokens=[0, 1, 0])
    t.weather("winter1")  # 1 winter cloud from the Rain die + the winter token = 2
    assert t.state.resources[WOOD] == 2  # one ignored, one discards 1 wood (§9.3 step 1)


@pytest.mark.parametrize(("face", "food"), [("wound", 2), ("blank", 0)])
def test_pit_rolls_the_brown_wound_die_in_production_s17_2(face: str, food: int) -> None:
    t = Table.new(players=3)
    t.build("pit")
    t.goto(PRODUCTION, 0, resources=[0, 0, 0, 0])
    assert t.outcomes() == ["pit wound", "pit blank"]  # 2 Wound faces of 6 on the brown die (§25.10)
    t.chance(f"pit {face}")
    assert t.state.resources[FOOD] == 1 + food  # the Camp's fish + the Pit, Available at once


# ============================================================================ §17.2 Shortcut, Snare, Hatchet (§10.2)


def shortcut_table() -> Table:
    """The Explorer's Shortcut was built this round with tile 5 (bird, wood) explored at s6."""
    t = planning(characters=EXPLORER_TABLE, resources=[0, 3, 0, 0], shelter=1)
    t.explore(5, S6)
    on_build(t, "shortcut")
    return t


def test_shortcut_token_goes_next_to_the_camp_s17_2() -> None:
    t = shortcut_table()
    s = t.state
    t.explore(6, S11)
    assert t.legal(s.first_player) == ["shortcut s6", "shortcut s11"]  # explored tiles next to the Camp
    t.act(s.first_player, "shortcut s6")
    assert s.space_tokens[S6] & TK_SHORTCUT and s.built("shortcut")


def test_shortcut_gives_one_resource_from_next_production_and_counts_as_gathered_s17_2() -> None:
    t = shortcut_table()
    s = t.state
    t.answer("shortcut s6")
    assert s.resources[FOOD] == 3  # nothing before the next Production
    next_round(t)
    assert s.resources[FOOD] == 1 + 1 and s.resources[WOOD] == 1  # the Camp's fish and wood, + 1 food from s6
    err = illegal(t, COOK, "place 1 gather:s6:food")  # that source already gave this round
    assert err.rule == "§8.1.4"
    t.act(COOK, "place 1 gather:s6:wood")  # the other source is free


def test_shortcut_is_lost_when_the_camp_moves_s10_2() -> None:
    t = shortcut_table()
    s = t.state
    t.answer("shortcut s6")
    t.pass_windows(night=True)
    t.answer("camp s6")
    assert not any(x & TK_SHORTCUT for x in s.space_tokens)
    assert s.zone[card("shortcut")] == Z_INV_OWNER  # back on the Explorer's card, to be rebuilt (§13.1)


def test_lost_shortcut_removes_its_token_s16_6() -> None:
    t = shortcut_table()
    s = t.state
    t.answer("shortcut s6")
    flip(t, "shortcut")
    assert not any(x & TK_SHORTCUT for x in s.space_tokens) and not s.built("shortcut")


@pytest.mark.parametrize(("item", "bit", "r", "needs"), [("snare", TK_FOOD, FOOD, "rope"),
                                                          ("hatchet", TK_WOOD, WOOD, "")])
def test_snare_and_hatchet_put_a_plus_one_token_on_the_camp_s17_2_s25_1(item: str, bit: int, r: int,
                                                                        needs: str) -> None:
    t = planning(built=needs, resources=[int(item == "hatchet"), 3, 0, 0], shelter=1)
    s = t.state
    t.explore(5, S6)  # Mountains for the Hatchet
    build_now(t, f"build:{item}")  # the Snare is the Carpenter's own (§13.1)
    assert s.space_tokens[S10] & bit
    next_round(t)  # 3 food eaten, 1 wood paid for the Hatchet: nothing left before Production
    assert s.resources[r] == 2 and s.resources[FOOD + WOOD - r] == 1  # the source + the token; the other source alone


@pytest.mark.parametrize(("item", "bit"), [("snare", TK_FOOD), ("hatchet", TK_WOOD)])
def test_camp_tokens_travel_with_the_camp_s10_2(item: str, bit: int) -> None:
    t = planning(resources=[0, 3, 0, 0], shelter=1)
    s = t.state
    t.explore(5, S6)
    on_build(t, item)
    no_events(t)
    t.pass_windows(night=True)
    t.answer("camp s6")
    assert s.space_tokens[S6] & bit and not s.space_tokens[S10] & bit
    t.to_plan()  # Production on tile 5 (bird, wood) with the token
    assert s.resources[:2] == ([1, 2] if bit == TK_FOOD else [2, 1])


@pytest.mark.parametrize(("item", "bit"), [("snare", TK_FOOD), ("hatchet", TK_WOOD)])
def test_lost_camp_token_item_removes_its_token_s16_6(item: str, bit: int) -> None:
    t = planning()
    s = t.state
    on_build(t, item)
    flip(t, item)
    assert not s.space_tokens[S10] & bit


# ============================================================================ §25.1 the Mast


@pytest.mark.parametrize(("pile", "after"), [([0, 0, 0, 0, 0], [1, 0, 0, 0, 0]),
                                             ([1, 2, 0, 0, 0], [1, 2, 3, 0, 0]),
                                             ([1, 2, 3, 2, 0], [1, 2, 3, 4, 0])])
def test_mast_puts_three_wood_on_the_current_stage_s25_1(pile: list[int], after: list[int]) -> None:
    t = planning(built="rope", resources=[1, 0, 0, 1], pile=pile)
    s = t.state
    build_now(t, "build:mast")
    assert s.pile == after  # wood beyond the current stage's need is lost
    assert s.resources == [0, 0, 0, 0]


def test_mast_needs_the_rope_wood_and_fur_s25_1_s25_12() -> None:
    t = planning(resources=[1, 0, 0, 1])
    err = illegal(t, CARPENTER, "place 1 build:mast")
    assert "rope" in err.reason
    t.build("rope").set(resources=[1, 0, 0, 0])
    err = illegal(t, CARPENTER, "place 1 build:mast")
    assert err.rule == "§8.3.1"


# ============================================================================ requirement-only Items


@pytest.mark.parametrize(("needs", "item", "res"), [
    ("rope", "corral", [1, 0, 0, 0]), ("rope", "raft", [2, 0, 0, 0]), ("rope", "shield", [1, 0, 0, 0]),
    ("shovel", "cellar", [0, 0, 0, 0]), ("shovel", "moat", [1, 0, 0, 0]), ("shovel", "pit", [1, 0, 0, 0]),
])
def test_rope_and_shovel_gate_other_inventions_s17_2_s25_12(needs: str, item: str, res: list[int]) -> None:
    t = planning(resources=res)
    t.put(Z_INV_BOARD, item)
    err = illegal(t, CARPENTER, f"place 1 build:{item}")
    assert needs in err.reason and "§8.2" in err.rule
    t.build(needs)
    t.act(CARPENTER, f"place 1 build:{item}")


def test_rope_coil_counts_as_the_rope_s25_5() -> None:
    t = planning(resources=[1, 0, 0, 0])
    t.put(Z_INV_BOARD, "corral")
    t.put(Z_KEPT, "rope_coil")
    t.act(CARPENTER, "place 1 build:corral")


def test_shovel_allows_a_threat_action_s8_6_1() -> None:
    t = planning()
    for i in t.state.cards_in(Z_THREAT_R):
        t.state.zone[i] = 0
    t.put(Z_THREAT_R, "body_on_the_beach")
    err = illegal(t, CARPENTER, "place 1 threat:r")
    assert "shovel" in err.reason
    t.build("shovel")
    t.act(CARPENTER, "place 1 threat:r")


@pytest.mark.parametrize("cure", [False, True])
def test_cure_protects_against_vipers_s17_2_s25_4(cure: bool) -> None:
    t = planning(built="cure" if cure else "")
    s = t.state
    t.plan((COOK, "place 1 explore:s7"), (COOK, "place 2 arrange"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank success adventure")
    t.pass_windows()
    t.tile(4)
    t.token("goat")
    t.draw("vipers")
    assert s.wounds[COOK] == (0 if cure else 2)


def test_cure_ends_the_poisoned_dart_special_wound_s25_5_s25_21() -> None:
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    s.special.append((COOK, 3, 3, card("cure")))  # leg: +1 pawn on Gathering until the Cure is built
    t.act(COOK, "place 1 gather:s6:wood")
    assert s._min_pawns(0) == 2
    t.build("cure")
    assert s._min_pawns(0) == 1


# ============================================================================ §16.6 lost Items


@pytest.mark.parametrize(("item", "field", "before", "after"), [
    ("knife", "weapon", 2, 1), ("knife", "weapon", 0, 0), ("bow", "weapon", 3, 0), ("sling", "weapon", 1, 0),
    ("fire", "palisade", 1, 0), ("wall", "palisade", 3, 1), ("moat", "palisade", 1, 0),
])
def test_lost_item_undoes_its_levels_if_possible_s16_6(item: str, field: str, before: int, after: int) -> None:
    t = planning(shelter=1, **{field: before})
    t.build(item)
    flip(t, item)
    assert getattr(t.state, field) == after
    assert t.wounds() == [0, 0, 0]  # undoing is IF POSSIBLE: no Wounds (TV-27)
    assert not t.state.built(item)


def test_lost_item_must_be_rebuilt_and_its_requirement_is_gone_s16_6() -> None:
    t = planning(resources=[1, 0, 0, 0])
    t.build("rope")
    t.put(Z_INV_BOARD, "corral")
    flip(t, "rope")
    assert t.state.zone[card("rope")] == Z_INV_BOARD
    err = illegal(t, CARPENTER, "place 1 build:corral")
    assert "rope" in err.reason


def test_lost_personal_item_returns_to_its_owner_s13_1() -> None:
    t = planning(characters=EXPLORER_TABLE)
    t.build("fireplace")
    flip(t, "fireplace")
    assert t.state.zone[card("fireplace")] == Z_INV_OWNER


# ============================================================================ §18.3 Starting Items (§22.5, §25.7)


def used_up(t: Table, item: str) -> bool:
    s = t.state
    return s.zone[card(item)] == Z_START_USED and s.uses[card(item)] == 0


def test_pistol_is_offered_only_before_a_hunt_s16_9_s22_5() -> None:
    t = planning(items="pistol,flask_of_rum", resources=[1, 0, 0, 0])
    s = t.state
    assert "use pistol" not in t.raw(s.first_player)  # not in planning
    t.put(Z_HUNT_DECK, "fox")
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), (CARPENTER, "place 1 build:weapon"),
           (CARPENTER, "place 2 rest"), *rest(COOK))
    assert s.decisions[-1].window == W_ACTION and "use pistol" in t.legal(s.first_player)
    t.act(s.first_player, "use pistol")
    assert s.temp_weapon == 3 and s.uses[card("pistol")] == 1
    t.pass_windows()
    t.draw("fox")  # strength 2 against Weapon 0 + 3: no Wounds
    assert s.wounds[SOLDIER] == 0 and s.temp_weapon == 0
    assert not s.decisions  # no window before the Build: the Pistol does not help there
    t.roll("blank success blank")
    t.pass_windows()
    assert s.weapon == 1 and s.uses[card("pistol")] == 1


def test_pistol_two_uses_then_discarded_s18_3() -> None:
    t = planning(items="pistol,flask_of_rum")
    s = t.state
    t.put(Z_HUNT_DECK, "fox", "tapir")
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), (COOK, "place 1 hunt"), (COOK, "join 2 2"),
           *rest(CARPENTER))
    t.answer("next 1")
    for beast in ("fox", "tapir"):
        t.act(s.first_player, "use pistol")
        t.pass_windows()
        t.draw(beast)
    assert used_up(t, "pistol")
    # the Tapir (strength 3, Weapon −1) is beaten, but the permanent Weapon 0 cannot drop (§16.9)
    assert t.wounds() == [0, 1, 0] and s.weapon == 0


def test_pipe_and_tobacco_gives_the_user_two_determination_twice_s22_5() -> None:
    t = planning(items="pipe_and_tobacco")
    s = t.state
    t.act(s.first_player, "use pipe_and_tobacco")
    t.act(s.first_player, "use pipe_and_tobacco")
    assert s.determination[s.first_player] == 4 and used_up(t, "pipe_and_tobacco")
    illegal(t, s.first_player, "use pipe_and_tobacco")


def test_bible_on_arranging_the_camp_twice_s22_5() -> None:
    t = planning(items="bible,flask_of_rum", wounds=[0, 2, 0, 0])
    s = t.state
    assert "use bible" not in t.raw(s.first_player)  # only when Arranging the Camp resolves
    morale = s.morale
    t.plan((COOK, "place 1 arrange"), (COOK, "place 2 arrange"), (CARPENTER, "place 1 arrange"),
           (CARPENTER, "place 2 rest"), *rest(SOLDIER))
    for _ in range(2):  # a window before each Arranging (§8.1.4: each pawn is its own resolution)
        assert "use bible" in t.legal(s.first_player)
        t.act(s.first_player, "use bible")
    t.pass_windows()
    assert used_up(t, "bible")
    assert s.determination[COOK] == 6 and s.wounds[COOK] == 0  # 3 Determination and heal 1, twice
    assert s.determination[CARPENTER] == 2  # the third Arranging, without the Bible
    assert s.morale == morale + 3  # Morale +1 still applies each time


def test_bible_is_not_offered_before_rest_s22_5() -> None:
    t = planning(items="bible,flask_of_rum", wounds=[1, 0, 0, 0])
    s = t.state
    t.plan(*rest(CARPENTER, COOK, SOLDIER))
    assert s.phase == NIGHT and s.uses[card("bible")] == 2


@pytest.mark.parametrize(("choice", "healed", "morale"), [("choose 1", 1, 0), ("choose 2", 0, 1)])
def test_flask_of_rum_at_night_heals_or_raises_morale_s25_7(choice: str, healed: int, morale: int) -> None:
    t = planning(items="flask_of_rum", wounds=[2, 0, 0, 0])
    s = t.state
    assert "use flask_of_rum" not in t.raw(s.first_player)  # a Night item (§10.6)
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    assert s.decisions[-1].window == W_NIGHT
    before = s.morale
    t.act(s.first_player, "use flask_of_rum")
    t.act(s.first_player, choice)
    if healed:
        t.act(s.first_player, f"heal {s.cid(0)}")  # shared out among the wounded (§25.7)
    assert s.wounds[0] == 2 - healed and s.morale == before + morale
    t.act(s.first_player, "use flask_of_rum")
    t.act(s.first_player, choice)
    if healed:
        t.act(s.first_player, f"heal {s.cid(0)}")
    assert used_up(t, "flask_of_rum")
    assert s.wounds[0] == 2 - 2 * healed


def test_hammer_is_a_building_pawn_for_one_build_per_round_s25_7() -> None:
    t = planning(items="hammer,flask_of_rum", resources=[2, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    for rnd in (1, 2):
        t.act(COOK, "place 1 gather:s6:wood")
        t.act(CARPENTER, "place 1 build:weapon")
        assert joins(t, "hammer") == {2}  # Building only
        err = illegal(t, s.first_player, "place hammer build:weapon")  # it only supports
        assert err.rule == "§8.1.6"
        t.plan((s.first_player, "join hammer 2"), *[(seat, f"place {k} rest") for seat in range(3) for k in (1, 2)
                                           if s.where(2 * seat + k - 1) < 0])
        assert s.uses[card("hammer")] == 2 - rnd  # spent when the plan is confirmed
        t.pass_windows()
        assert s.weapon == rnd  # a sure success
        next_round(t)
    assert used_up(t, "hammer")
    assert "hammer" not in [s.pawn_text(p) for p in s.pawns_of(s.first_player)]


def test_storm_glass_ignores_a_rainy_cloud_in_the_weather_window_s25_7() -> None:
    t = planning(items="storm_glass,flask_of_rum")
    s = t.state
    assert "use storm_glass" not in t.raw(s.first_player)
    t.goto(WEATHER, 0, round=4, shelter=1, roof=0, resources=[2, 2, 0, 0], weather_tokens=[1, 0, 0])
    t.weather("rain1")  # 1 from the die + 1 from the token
    assert s.decisions[-1].window == W_WEATHER
    t.act(s.first_player, "use storm_glass")
    t.act(s.first_player, "use storm_glass")
    assert used_up(t, "storm_glass")
    t.pass_windows()
    assert s.resources[:2] == [2, 2] and t.wounds() == [0, 0, 0]


def test_storm_glass_is_not_offered_without_a_rainy_cloud_s25_7() -> None:
    t = planning(items="storm_glass,flask_of_rum")
    s = t.state
    t.goto(WEATHER, 0, round=4, shelter=1, roof=0, resources=[2, 2, 0, 0])
    t.weather("winter1")
    assert s.phase == NIGHT and s.uses[card("storm_glass")] == 2


# ============================================================================ §19 Discovery tokens (§25.1, §25.14)


TOKEN_IDS = [k.id for k in C.token_kinds]


@pytest.mark.parametrize("kind", TOKEN_IDS)
def test_token_drawn_during_an_action_waits_in_future_until_cleanup_s19_1_s8_3_1(kind: str) -> None:
    t = planning(items="bible,flask_of_rum", built="pot", weapon=1, shelter=1, wounds=[1, 1, 1, 0])
    s = t.state
    t.plan((COOK, "place 1 explore:s7"), (COOK, "join 2 1"), (CARPENTER, "place 1 arrange"),
           (CARPENTER, "place 2 rest"), *rest(SOLDIER))
    t.tile(4)  # Hills: 1 Discovery icon
    t.token(kind)
    phys = next(i for i, pl in enumerate(s.token_place) if pl == TOK_FUTURE)
    assert C.token_kinds[C.tokens[phys]].id == kind
    assert "use bible" in t.legal(s.first_player)  # the window before Arranging the Camp
    for point in range(5):
        assert kind not in [x[0] for x in s._use_options(s.first_player, point)]  # unusable until cleanup
    t.pass_windows()
    assert s.token_place[phys] == TOK_AVAIL


@pytest.mark.parametrize(("kind", "built", "fields", "field", "after"), [
    ("thorny_bushes", "", {"shelter": 1}, "palisade", 1),
    ("old_machete", "", {}, "weapon", 1),
    ("pirate_sabre", "", {}, "weapon", 1),
    ("tobacco", "", {}, "morale", 1),
    ("fallen_tree", "", {"resources": [0, 0, 0, 0]}, "resources", [1, 0, 0, 0]),
    ("nourishing_larvae", "", {"resources": [0, 0, 0, 0]}, "resources", [0, 2, 0, 0]),
    ("goat", "", {"weapon": 1, "resources": [0, 0, 0, 0]}, "resources", [0, 1, 0, 1]),
    ("poison", "pot", {}, "weapon", 2),
    ("herbs_pot", "pot", {}, "morale", 1),
    ("oil", "", {"pile": [1, 0, 0, 0, 0]}, "pile", [1, 2, 0, 0, 0]),
])
def test_token_effect_in_planning_s19_2_s25_1(kind: str, built: str, fields: dict[str, object], field: str,
                                             after: object) -> None:
    t = planning(items="", built=built, **fields)
    s = t.state
    phys = t.give_token(kind)
    t.act(s.first_player, f"use {kind}")
    assert getattr(s, field) == after
    assert s.token_place[phys] == TOK_USED  # discarded after use (§19.1)


def test_healing_herbs_build_the_cure_without_an_action_s19_2() -> None:
    t = planning(items="", built="pot")
    s = t.state
    t.give_token("healing_herbs")
    t.act(s.first_player, "use healing_herbs")
    assert s.built("cure") and not s.groups


@pytest.mark.parametrize(("kind", "fields"), [
    ("thorny_bushes", {"shelter": 0}),  # a Palisade increase needs a Shelter (§8.8.4)
    ("goat", {"weapon": 0}),  # D9 needs Weapon ≥ 1
    ("tobacco", {"morale": 3}),  # nothing to gain at the top of the track
    ("oil", {"pile": [1, 2, 3, 4, 5]}),  # the pile is complete
    ("healing_herbs", {}), ("herbs_pot", {}), ("poison", {}),  # Pot tokens need the Pot
    ("large_leaves", {}), ("herbs", {"wounds": [1, 0, 0, 0]}), ("vegetables", {"wounds": [1, 0, 0, 0]}),
])
def test_token_not_offered_when_it_cannot_be_used_s19_2(kind: str, fields: dict[str, object]) -> None:
    t = planning(items="", **fields)
    t.give_token(kind)
    assert f"use {kind}" not in t.raw(t.state.first_player)
    illegal(t, t.state.first_player, f"use {kind}")


@pytest.mark.parametrize(("kind", "built", "healed"), [("herbs", "", 1), ("vegetables", "pot", 2)])
def test_healing_tokens_only_at_night_s10_6_s25_1(kind: str, built: str, healed: int) -> None:
    t = planning(items="", built=built, wounds=[2, 0, 0, 0])
    s = t.state
    t.give_token(kind)
    assert f"use {kind}" not in t.raw(s.first_player)
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    t.act(s.first_player, f"use {kind}")
    if s.decisions and not isinstance(s.decisions[-1], AnyTimeWindow):
        t.act(s.first_player, "heal" + " carpenter" * healed)
    assert s.wounds[0] == 2 - healed


def test_vegetables_without_the_pot_are_not_offered_at_night_s19_2() -> None:
    t = planning(items="flask_of_rum", wounds=[2, 0, 0, 0])
    t.give_token("vegetables")
    t.goto(NIGHT, 0, resources=[0, 3, 0, 0], shelter=1)
    assert "use vegetables" not in t.legal(t.state.first_player)


def test_large_leaves_ignore_a_rainy_cloud_in_the_weather_window_s19_2() -> None:
    t = planning(items="flask_of_rum")
    s = t.state
    phys = t.give_token("large_leaves")
    t.goto(WEATHER, 0, round=4, shelter=1, roof=0, resources=[1, 1, 0, 0])
    t.weather("rain1")
    t.act(s.first_player, "use large_leaves")
    t.pass_windows()
    assert s.resources[:2] == [1, 1] and s.token_place[phys] == TOK_USED


@pytest.mark.parametrize("cellar", [False, True])
def test_nourishing_larvae_rot_at_night_unless_stored_s19_1_s10_4(cellar: bool) -> None:
    t = planning(items="", built="cellar" if cellar else "")
    s = t.state
    pair = [t.give_token("nourishing_larvae"), t.give_token("nourishing_larvae")]
    t.act(s.first_player, "use nourishing_larvae")
    assert sorted(s.token_place[i] for i in pair) == [TOK_AVAIL, TOK_USED]
    kept = next(i for i in pair if s.token_place[i] == TOK_AVAIL)
    t.goto(NIGHT, 0, resources=[0, 2 + 3, 0, 0], shelter=1)  # the 2 food from the token + 3 for the meals
    t.pass_windows(night=True)  # the kept token is not eaten either
    assert s.resources[FOOD] == (2 if cellar else 0)  # the food it gave rots like any food
    assert s.token_place[kept] == (TOK_AVAIL if cellar else TOK_USED)  # an unused food token rots too


def test_ladys_medallion_splits_three_determination_freely_s25_1() -> None:
    t = planning(items="")
    s = t.state
    t.give_token("ladys_medallion")
    t.act(s.first_player, "use ladys_medallion")
    assert "give carpenter cook soldier" in t.legal(s.first_player) and "give soldier soldier soldier" in t.legal(s.first_player)
    t.act(s.first_player, "give cook soldier soldier")
    assert s.determination[:3] == [0, 1, 2]


def test_candles_token_is_a_building_pawn_once_s19_2() -> None:
    t = Table.new(players=3, items="")
    s = t.state
    phys = t.give_token("candles_token")  # in Available before planning starts
    t.to_plan().set(resources=[1, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(COOK, "place 1 rest")
    assert joins(t, "candles_token") == {1}
    t.plan((s.first_player, "join candles_token 1"), (CARPENTER, "place 2 rest"), (COOK, "place 2 rest"), *rest(SOLDIER))
    assert s.token_place[phys] == TOK_USED
    t.pass_windows()
    assert s.weapon == 1  # two pawns: a sure success


def test_treasure_token_draws_a_treasure_s19_2_s16_2() -> None:
    t = planning(items="")
    s = t.state
    t.give_token("treasure")
    t.act(s.first_player, "use treasure")
    t.draw("wild_boar")  # a Monster is set aside (§16.2)
    t.draw("rusty_cutlass")  # Weapon +1
    assert s.weapon == 1 and not s.mystery_draw
    assert s.zone[card("wild_boar")] == Z_MYST_DECK  # shuffled back into the Mystery deck


# ============================================================================ §20 additional-effect tokens


def test_night_howling_puts_beast_strength_at_the_hunting_deck_for_one_hunt_s20_3a() -> None:
    t = Table.new(players=3, items="flask_of_rum")
    s = t.state
    t.goto(EVENT, 0, round=2, determination=[5, 0, 0, 0])
    t.draw("night_howling")
    assert s.action_field_tokens[T_HUNT] & FT_BEAST
    t.to_plan()
    t.set(weapon=2)
    t.put(Z_HUNT_DECK, "fox", "birds")
    hunter = (s.first_player + 1) % 3
    others = [x for x in range(3) if x != hunter]
    t.plan((hunter, "place 1 hunt"), (hunter, "join 2 1"), *rest(*others))
    t.draw("fox")  # strength 2 + 1 against Weapon 2
    assert s.wounds[hunter] == 1
    assert not s.action_field_tokens[T_HUNT] & FT_BEAST  # discarded after use


def test_beast_strength_on_a_tile_wounds_without_a_weapon_and_stays_s20_3b() -> None:
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    s.space_tokens[S6] |= TK_BEAST
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 gather:s6:food"),
           (SOLDIER, "join 2 2"), *rest(CARPENTER))
    t.answer("next 1")
    t.pass_windows()
    assert t.wounds() == [0, 1, 1]  # every Action there, Weapon 0
    assert s.space_tokens[S6] & TK_BEAST
    assert s.resources[:2] == [1, 1]  # the Actions still succeed


def test_beast_strength_on_a_tile_is_harmless_with_a_weapon_s20_3b() -> None:
    t = planning(weapon=1)
    t.explore(5, S6)
    t.state.space_tokens[S6] |= TK_BEAST
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert t.wounds() == [0, 0, 0]


def test_extra_pawn_token_on_a_tile_raises_every_action_there_and_stays_s20_4b() -> None:
    t = planning()
    s = t.state
    t.explore(5, S6)
    s.space_tokens[S6] |= TK_EXTRA
    t.act(COOK, "place 1 gather:s6:wood")
    t.act(SOLDIER, "place 1 gather:s6:food")
    assert (s._min_pawns(0), s._max_pawns(0)) == (2, 3)
    assert s._min_pawns(1) == 2  # every Action there, not only the next one
    t.act(COOK, "join 2 1")
    t.act(SOLDIER, "join 2 2")
    t.plan(*rest(CARPENTER))
    t.answer("next 1")
    t.roll("blank success blank")
    t.pass_windows()
    t.roll("blank success blank")
    t.pass_windows()
    assert s.space_tokens[S6] & TK_EXTRA


def test_wood_token_waits_for_a_build_that_costs_wood_s20_5a() -> None:
    t = planning(resources=[2, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    s.action_field_tokens[T_BUILD] |= FT_WOOD
    t.act(CARPENTER, "place 1 build:knife")  # no wood in its cost: the token stays for the next one
    t.act(COOK, "place 1 build:weapon")
    assert s.committed() == [2, 0, 0]
    t.plan((CARPENTER, "join 2 1"), (COOK, "join 2 2"), *rest(SOLDIER))
    t.answer("next 1")
    t.pass_windows()
    assert s.weapon == 2 and s.resources[WOOD] == 0  # the Knife, then the Weapon for 2 wood
    assert not s.action_field_tokens[T_BUILD] & FT_WOOD


def test_slow_work_and_strong_wind_put_tokens_on_building_s25_3() -> None:
    t = Table.new(players=3)
    s = t.state
    t.goto(EVENT, 0, round=2, determination=[5, 0, 0, 0])
    t.draw("slow_work")
    assert s.action_field_tokens[T_BUILD] & FT_WOOD
    t.goto(EVENT, 0, round=3, determination=[5, 5, 5, 0])
    t.draw("strong_wind")
    assert s.action_field_tokens[T_BUILD] & FT_EXTRA


@pytest.mark.parametrize(("bit", "target", "gained"), [(TK_WOOD, "gather:s6:wood", [2, 0]),
                                                        (TK_FOOD, "gather:s6:food", [0, 2]),
                                                        (TK_WOOD, "gather:s6:food", [0, 1])])
def test_plus_one_token_on_a_tile_in_gathering_s20_6(bit: int, target: str, gained: list[int]) -> None:
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    s.space_tokens[S6] |= bit
    t.plan((COOK, f"place 1 {target}"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.resources[:2] == gained


def test_exhausted_source_with_a_plus_one_token_still_gives_one_s16_3_s8_9() -> None:
    t = planning(resources=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    s.covered_sources[S6] |= 2  # the wood source
    assert "place 1 gather:s6:wood" not in t.raw(COOK)
    s.space_tokens[S6] |= TK_WOOD
    t.set()
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.resources[WOOD] == 1


# ============================================================================ §13.2 skills (the rest)


def skilled(characters: str = EXPLORER_TABLE, determination: tuple[int, int, int] = (0, 0, 0),
            **fields: object) -> Table:
    """Round 1's open planning with the Determination set before planning starts (a skill's pawn is
    offered only if its owner can pay for it then)."""
    t = Table.new(players=3, characters=characters, items="flask_of_rum")
    t.set(determination=[*determination, 0])
    t.to_plan()
    return t.set(**fields)


def once(t: Table, seat: int, skill: str, cost: int) -> None:
    """The skill's marker is on: not again this round, even with Determination left (§13.2)."""
    s = t.state
    si = next(i for i, sk in enumerate(C.characters[s.table.chars[seat]].skills) if sk.id == skill)
    assert s.skill_used[seat] >> si & 1
    s.determination[seat] += cost
    t.set()
    assert not any(a.startswith(f"use {skill}") or a.startswith("reroll") for a in t.raw(seat))


def test_a_new_idea_lays_one_of_five_inventions_on_the_board_s13_2() -> None:
    t = skilled(determination=(3, 0, 0))
    s = t.state
    deck = [C.cards[i].id for i in s.cards_in(Z_INV_DECK)]
    t.act(CARPENTER, "use a_new_idea")
    assert s.determination[CARPENTER] == 0
    t.draw(*deck[:5])
    assert sorted(t.legal(CARPENTER)) == sorted(f"pick {x}" for x in deck[:5])
    t.act(CARPENTER, f"pick {deck[2]}")
    assert s.zone[card(deck[2])] == Z_INV_BOARD
    assert all(s.zone[card(x)] == Z_INV_DISCARD for x in deck[:5] if x != deck[2])  # face down (§12.8)
    once(t, CARPENTER, "a_new_idea", 3)


def test_handyman_is_a_building_pawn_paid_when_placed_s13_2() -> None:
    t = skilled(determination=(3, 0, 0), resources=[1, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(COOK, "place 1 gather:s6:wood")
    assert joins(t, "handyman") == {1}  # Building only
    t.act(CARPENTER, "join handyman 1")
    assert s.determination[CARPENTER] == 0
    t.act(CARPENTER, "remove handyman")  # taken back: refunded
    assert s.determination[CARPENTER] == 3
    t.plan((CARPENTER, "join handyman 1"), (CARPENTER, "place 2 rest"), (COOK, "place 2 rest"),
           (EXPLORER, "place 1 rest"), (EXPLORER, "place 2 rest"))
    t.pass_windows()
    assert s.weapon == 1 and s.determination[CARPENTER] == 0  # a sure success, no dice
    once(t, CARPENTER, "handyman", 3)


@pytest.mark.parametrize(("seat", "skill", "target", "other"), [
    (COOK, "scrounger", "gather:s6:wood", "build:weapon"),
    (EXPLORER, "child_of_fortune", "explore:s7", "build:weapon"),
])
def test_reroll_skills_reroll_their_own_colour_once_per_round_s13_2(seat: int, skill: str, target: str,
                                                                    other: str) -> None:
    t = skilled(determination=(0, 4, 4) if seat == COOK else (0, 0, 4), resources=[1, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.plan((CARPENTER, f"place 1 {other}"), (CARPENTER, "place 2 rest"), (seat, f"place 1 {target}"),
           (seat, "place 2 rest"), *rest(3 - seat))
    t.roll("blank question blank")  # the Build first: not this skill's colour
    assert seat not in s.to_move()
    t.pass_windows()
    t.roll("blank question blank")
    assert t.legal(seat) == ["reroll wound", "reroll success", "reroll adventure", "pass"]
    t.act(seat, "reroll success")
    assert s.determination[seat] == 2
    t.roll("success")
    assert seat not in s.to_move() or not any(a.startswith("reroll") for a in t.legal(seat))
    t.pass_windows()
    if target.startswith("explore"):
        t.tile(4)
        t.token("goat")
        t.pass_windows()
    assert s.determination[seat] == 2  # the ? was rerolled away before it paid
    once(t, seat, skill, 2)


def test_stone_soup_gives_one_food_to_available_s13_2() -> None:
    t = skilled(determination=(0, 3, 0), resources=[0, 0, 0, 0])
    t.act(COOK, "use stone_soup")
    assert t.state.resources[FOOD] == 1 and t.state.determination[COOK] == 0
    once(t, COOK, "stone_soup", 3)


@pytest.mark.parametrize(("choice", "after"), [("choose 1", [2, 3]), ("choose 2", [2, 2])])
def test_hooch_in_the_weather_window_s13_2(choice: str, after: list[int]) -> None:
    """Rain 1 + Winter 1 against Roof 1 (without Hooch: 1 wood, then 1 wood + 1 food). Ignoring the rainy
    cloud leaves Winter's wood only; turning the winter cloud into rain leaves 1 unprotected cloud."""
    t = skilled(determination=(0, 3, 0))
    s = t.state
    assert "use hooch" not in t.raw(COOK)  # Weather phase only
    t.goto(WEATHER, 0, round=4, shelter=1, roof=1, resources=[3, 3, 0, 0], weather_tokens=[0, 1, 0])
    t.weather("rain1")
    assert "use hooch" in t.legal(COOK)
    t.act(COOK, "use hooch")
    t.act(COOK, choice)
    t.pass_windows()
    assert s.resources[:2] == after and s.determination[COOK] == 0
    assert t.wounds() == [0, 0, 0]


def test_reconnaissance_puts_the_chosen_tile_on_top_s13_2() -> None:
    t = skilled(determination=(0, 0, 2))
    s = t.state
    t.act(EXPLORER, "use reconnaissance")
    t.tile(3)
    t.tile(9)
    t.tile(6)
    assert sorted(t.legal(EXPLORER)) == ["pick 3", "pick 6", "pick 9"]
    t.act(EXPLORER, "pick 9")
    assert s.tile_top == tile_index(9)
    assert s.tile_at[tile_index(3)] == -1 and s.tile_at[tile_index(6)] == -1  # back in the stack
    once(t, EXPLORER, "reconnaissance", 2)
    t.plan((COOK, "place 1 explore:s7"), (COOK, "join 2 1"), *rest(CARPENTER, EXPLORER))
    assert s.space_tile[S7] == tile_index(9)  # the explored tile is the chosen one, no draw


def test_scouting_keeps_one_token_and_removes_the_other_s13_2() -> None:
    t = skilled(determination=(0, 0, 3))
    s = t.state
    t.act(EXPLORER, "use scouting")
    t.token("goat", "oil")
    assert t.legal(EXPLORER) == ["pick goat", "pick oil"]
    t.act(EXPLORER, "pick oil")
    kinds = {C.token_kinds[C.tokens[i]].id: pl for i, pl in enumerate(s.token_place) if pl in (TOK_AVAIL, TOK_REMOVED)}
    assert kinds == {"oil": TOK_AVAIL, "goat": TOK_REMOVED}  # out of the game, not back in the bag
    assert "use oil" in t.raw(s.first_player)  # in Available at once: usable now
    once(t, EXPLORER, "scouting", 3)


SOLDIER_TABLE = "carpenter,cook,soldier"


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_tracking_looks_at_the_top_hunting_card_s13_2(where: str) -> None:
    t = skilled(SOLDIER_TABLE, determination=(0, 0, 2))
    s = t.state
    t.put(Z_HUNT_DECK, "fox", "tapir", "birds")
    t.act(SOLDIER, "use tracking")
    t.draw("tapir")
    assert t.legal(SOLDIER) == ["top", "bottom"]
    t.act(SOLDIER, where)
    once(t, SOLDIER, "tracking", 2)
    t.plan((SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 1"), *rest(CARPENTER, COOK))
    t.pass_windows()
    if where == "top":
        assert not s.chance or s.chance[0] != 3  # the known Tapir is fought, no draw
        assert s.zone[card("tapir")] != Z_HUNT_DECK
    else:
        assert sorted(C.cards[i].id for i in s.deck_bag(Z_HUNT_DECK)) == ["birds", "fox"]  # the Tapir lies at
        assert "draw tapir" not in t.outcomes() and "draw fox" in t.outcomes()  # the bottom, seen


@pytest.mark.parametrize(("choice", "field", "shelter"), [("choose 1", "palisade", 1), ("choose 2", "weapon", 0)])
def test_defense_plan_palisade_or_weapon_s13_2(choice: str, field: str, shelter: int) -> None:
    t = skilled(SOLDIER_TABLE, determination=(0, 0, 2), shelter=shelter)
    t.act(SOLDIER, "use defense_plan")
    t.act(SOLDIER, choice)
    assert getattr(t.state, field) == 1
    once(t, SOLDIER, "defense_plan", 2)


def test_defense_plan_palisade_needs_a_shelter_s13_2() -> None:
    t = skilled(SOLDIER_TABLE, determination=(0, 0, 2), shelter=0)
    t.act(SOLDIER, "use defense_plan")
    assert t.legal(SOLDIER) == ["choose 1", "choose 2"]
    t.act(SOLDIER, "choose 1")
    assert t.state.palisade == 0 and t.logged("ignored: no Shelter (§8.8.4)")


def test_frenzy_is_a_temporary_weapon_for_the_soldiers_own_hunt_s13_2_s16_9() -> None:
    t = skilled(SOLDIER_TABLE, determination=(0, 0, 6), weapon=1)
    s = t.state
    t.put(Z_HUNT_DECK, "tapir", "fox")
    assert "use frenzy" not in t.raw(SOLDIER)  # before the Soldier's own Action only
    t.plan((COOK, "place 1 hunt"), (COOK, "join 2 1"), (SOLDIER, "place 1 hunt"), (SOLDIER, "join 2 2"),
           *rest(CARPENTER))
    t.answer("next 1")  # the Cook's Hunt first
    assert SOLDIER not in s.to_move()  # not offered for someone else's Action
    t.draw("fox")  # strength 2 against Weapon 1: 1 Wound to the Cook
    assert "use frenzy" in t.legal(SOLDIER)
    t.act(SOLDIER, "use frenzy")
    assert s.temp_weapon == 3 and s.determination[SOLDIER] == 3 and s.weapon == 1
    t.pass_windows()
    t.draw("tapir")  # strength 3 against 1 + 3: no strength Wounds; Weapon 1 → 0
    assert s.wounds[:3] == [0, 1, 0] and s.weapon == 0 and s.temp_weapon == 0
    once(t, SOLDIER, "frenzy", 3)


def test_the_hunt_puts_an_unseen_beast_on_top_of_the_hunting_deck_s13_2() -> None:
    t = skilled(SOLDIER_TABLE, determination=(0, 0, 4))
    s = t.state
    assert not s.count_in(Z_HUNT_DECK)
    t.act(SOLDIER, "use the_hunt")
    t.draw("jaguar")
    assert s.zone[card("jaguar")] == Z_HUNT_DECK and s.hunt_top == [card("jaguar")] and s.hunt_seen == [0]
    assert s.determination[SOLDIER] == 0
    once(t, SOLDIER, "the_hunt", 4)
    t.act(SOLDIER, "place 1 hunt")  # a Hunt can now be planned (§8.7.1)


# ============================================================================ found while testing


def test_a_pawn_source_gained_during_planning_is_offered_at_once_s8_1_6_s13_2() -> None:
    """§13.2 (a skill may be used at any time) and §8.1.6: Determination gained during planning (the
    Pipe) makes Handyman's pawn available in that same planning."""
    t = Table.new(players=3, items="pipe_and_tobacco")
    t.set(determination=[1, 0, 0, 0])
    t.to_plan()
    s = t.state
    t.act(CARPENTER, "place 1 build:weapon")  # the wood of round 1's Production
    assert "handyman" not in [s.pawn_text(p) for p in s.pawns_of(CARPENTER)]
    t.act(s.first_player, "use pipe_and_tobacco")
    assert s.determination[CARPENTER] == 3
    assert "join handyman 1" in t.raw(CARPENTER)


def test_a_token_kept_by_scouting_during_planning_gives_its_pawn_at_once_s8_1_6_s19_1() -> None:
    t = Table.new(players=3, characters=EXPLORER_TABLE, items="")
    t.set(determination=[0, 0, 3, 0])
    t.to_plan()
    s = t.state
    t.set(resources=[1, 0, 0, 0])
    t.act(CARPENTER, "place 1 build:weapon")
    t.act(EXPLORER, "use scouting")
    t.token("candles_token", "goat")
    t.act(EXPLORER, "pick candles_token")
    assert "join candles_token 1" in t.raw(s.first_player)
    t.plan((s.first_player, "join candles_token 1"), (CARPENTER, "place 2 rest"), *rest(COOK, EXPLORER))
    t.pass_windows()
    assert s.weapon == 1


def test_lost_item_whose_palisade_was_ignored_undoes_nothing_s16_6_s8_8_4() -> None:
    """§16.6 undoes what an Item did: Bricks built with no Shelter gave nothing (§8.8.4), so losing them
    later does not take a Palisade level built since."""
    t = planning(shelter=0, palisade=0)
    s = t.state
    on_build(t, "bricks")
    assert s.palisade == 0
    t.set(shelter=1, palisade=1)  # the Shelter and a Palisade level came later
    flip(t, "bricks")
    assert s.palisade == 1


def test_rebuilt_item_undoes_its_own_levels_when_lost_again_s16_6() -> None:
    t = planning(shelter=0, palisade=0)
    s = t.state
    on_build(t, "bricks")  # ignored: no Shelter
    flip(t, "bricks")
    next_round(t)
    t.set(shelter=1)
    on_build(t, "bricks")  # rebuilt with a Shelter: Palisade 0 → 1
    assert s.palisade == 1
    flip(t, "bricks")
    assert s.palisade == 0
