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

from outlast import IllegalAction
from outlast.games.robinson.state import (
    CH_DICE,
    CH_EVENT,
    F_WINDOW,
    F_FLIP,
    FT_BEAST,
    FT_EXTRA,
    FT_WOOD,
    MORALE,
    NIGHT,
    PLAN,
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
    TOK_BAG,
    TOK_FUTURE,
    TOK_REMOVED,
    TOK_USED,
    W_ACTION,
    W_NIGHT,
    W_WEATHER,
    WEATHER,
    Z_EVENT_DECK,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_INV_OWNER,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_KEPT,
    Z_START,
    Z_START_USED,
)
from robinson_helpers import C, FOOD, FUR, NONPER, WOOD, Table, card, tile_index

CARPENTER, COOK, SOLDIER = 0, 1, 2
EXPLORER = 2
S6, S7, S9, S10, S11 = 5, 6, 8, 9, 10
"""0-based spaces: s6, s7, s9 and s11 touch the start Camp (s10)."""
EXPLORER_TABLE = "carpenter,cook,explorer"


# ============================================================================ helpers


def planning(players: int = 3, items: str = "flask_of_rum", characters: str | None = None,
             built: str = "", **fields: object) -> Table:
    """Round 1, open planning; `built` Items are in play before the round starts (extra pawns are
    offered from planning's start, §8.1.6). The Flask of rum holds the Night window open."""
    t = Table.new(players=players, items=items, characters=characters)
    if built:
        t.build(*built.split(","))
    t.to_plan()
    return t.set(**fields)


def rest(*seats: int) -> list[tuple[int, str]]:
    return [(s, f"place {k} rest") for s in seats for k in (1, 2)]


def everyone_rests(t: Table) -> None:
    """Plan Rest for every pawn and resolve the Action phase up to the Night window."""
    t.plan(*rest(*range(t.state.n)))
    t.pass_windows()


def on_build(t: Table, *item_ids: str) -> None:
    """The Items were built this round: they wait in Future and act at cleanup (§8.8.6, §8.13)."""
    t.put(Z_ITEM_FUTURE, *item_ids)
    everyone_rests(t)


def illegal(t: Table, seat: int, text: str) -> IllegalAction:
    before = t.state.to_json()
    with pytest.raises(IllegalAction) as err:
        t.act(seat, text)
    assert t.state.to_json() == before
    return err.value


def flip(t: Table, item_id: str) -> None:
    """An effect turns an Item back to its Invention side (§16.6, e.g. Strong wind's Threat effect)."""
    s = t.state
    s.frames.append((F_FLIP, s.fp, 0, 0, 0))
    t.set()
    t.answer(f"flip {item_id}")


def next_round(t: Table, event: str = "body_on_the_beach") -> None:
    """From the Night window, through the Night into the next round's open planning; the Event drawn
    is `event` (a Book card whose only effect is Morale −1) and every decision takes its first answer."""
    s = t.state
    t.pass_windows(night=True)
    while not (s.phase == PLAN and s.step == 2 and not s.frames and not s.chance) and not s.over:
        if s.chance:
            t.chance(f"draw {event}" if s.chance[0] == CH_EVENT else t.outcomes()[0])
        elif s.frames and s.frames[-1][0] == F_WINDOW:
            t.pass_windows(night=True)
        elif s.frames:
            f = s.frames[-1]
            legal = t.legal(f[1])
            t.act(f[1], "pile 0" if legal[0].startswith("pile") else legal[0])
        else:
            raise AssertionError(f"stuck at phase {s.phase} step {s.step}")


def joins(t: Table, pawn: str) -> set[int]:
    """Planned Actions (1-based) the first player could add `pawn` to."""
    return {int(a.split()[2]) for a in t.raw(t.state.fp) if a.startswith(f"join {pawn} ")}


# ============================================================================ §17.2 Items: Gathering and Rest


def gather_twice(t: Table) -> None:
    """Two sure-success Gatherings this round (s6 wood, then s6 food)."""
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (SOLDIER, "place 1 gather:s6:food"),
           (SOLDIER, "join 2 2"), *rest(CARPENTER))
    t.answer("next 1")  # the first player orders Actions of one type (§8.4)
    t.pass_windows()


@pytest.mark.parametrize(("built", "first", "second"), [
    ("basket", 2, 1), ("sack", 2, 1), ("basket,sack", 3, 1)])
def test_basket_and_sack_add_one_cube_once_per_round_and_stack_s17_2(built: str, first: int, second: int) -> None:
    t = planning(built=built, res=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    gather_twice(t)
    assert s.res[WOOD] == first  # the first successful Gathering takes every bonus
    assert s.res[FOOD] == second  # the second one gets none: 1 Action per round each
    next_round(t)
    wood = s.res[WOOD]
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    assert s.res[WOOD] - wood == first  # usable again the next round


def test_basket_gives_nothing_on_a_failed_gathering_s17_2() -> None:
    t = planning(built="basket", res=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "place 2 rest"), *rest(CARPENTER, SOLDIER))
    t.pass_windows()
    t.roll("blank question blank")
    t.pass_windows()
    assert s.res[WOOD] == 0 and s.det[COOK] == 2


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
    assert t.state.det[CARPENTER] == 2 + det  # + 2 for Arranging the Camp


# ============================================================================ §17.2 extra pawns (§8.1.6)


EXTRA_PAWNS = [("belts", {"gather"}), ("lantern", {"build"}), ("map", {"explore"}),
               ("raft", {"gather", "explore"}), ("shield", {"hunt"})]


@pytest.mark.parametrize(("item", "types"), EXTRA_PAWNS)
def test_item_extra_pawn_only_for_its_action_types_s8_1_6_s17_2(item: str, types: set[str]) -> None:
    t = planning(built=item, res=[1, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    t.put(Z_HUNT_DECK, "fox")
    assert item in [s.pawn_text(p) for p in s.pawns_of(s.fp)]
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
    t = planning(built=item, res=[2, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    for _ in range(2):
        t.plan((COOK, f"place 1 {target}"), (CARPENTER, f"join {item} 1"), (COOK, "place 2 rest"),
               *rest(CARPENTER, SOLDIER))
        assert not s.chance or s.chance[0] != CH_DICE  # two pawns on a 1-pawn Action: no dice (§8.1.3)
        t.pass_windows()
        if target.startswith("explore"):
            t.tile(4)
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
    t.act(s.fp, "confirm")
    t.pass_windows()
    assert s.chance[0] != CH_DICE  # still a sure success: no dice
    t.tile(4)
    t.token("goat")
    t.pass_windows()
    next_round(t)
    assert "map" not in [s.pawn_text(p) for p in s.pawns_of(s.fp)]


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
    t = planning(built=needs, res=res)
    s = t.state
    t.explore(5, S6)  # Mountains for the Knife
    t.put(Z_INV_BOARD, item)
    build_now(t, target)
    assert s.weapon == weapon and s.built(item)
    assert s.res == [0, 0, 0, 0]


def test_spear_is_built_by_the_soldier_only_s13_1_s17_2() -> None:
    t = planning(built="knife", res=[1, 0, 0, 0])
    s = t.state
    err = illegal(t, CARPENTER, "place 1 build:spear")
    assert "soldier" in err.reason
    build_now(t, "build:spear", seat=SOLDIER, others=(CARPENTER, COOK))
    assert s.weapon == 3 and s.det[SOLDIER] == 2  # +2 Determination for a personal Invention (§8.8.6)


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
    t = planning(res=[0, 0, 0, 0])
    s = t.state
    t.explore(5, S6)
    on_build(t, "corral")
    assert t.legal(s.fp) == ["corral skip", "corral s6"]  # only explored tiles next to the Camp with food
    t.act(s.fp, f"corral {choice}")
    covered = choice != "skip"
    assert bool(s.space_exh[S6] & 1) == covered  # the bird source of tile 5
    assert bool(s.space_tk[S10] & TK_FOOD) == covered
    next_round(t)
    assert s.res[FOOD] == 1 + covered  # the Camp's fish + the +1 food token (§20.6)


def test_corral_with_no_food_source_next_to_the_camp_asks_nothing_s17_2() -> None:
    t = planning()
    on_build(t, "corral")
    assert t.state.built("corral") and t.state.space_tk[S10] == 0
    assert t.state.phase == NIGHT


def test_dam_gives_two_non_perishable_food_s17_2() -> None:
    t = planning(res=[0, 0, 0, 0], shelter=1)
    on_build(t, "dam")
    assert t.state.res[NONPER] == 2
    next_round(t)  # 3 players eat 2 non-perishable food, one goes hungry; nothing rots (§10.4)
    assert t.state.res[NONPER] == 0


def test_dam_food_does_not_rot_s10_4() -> None:
    t = planning(players=1, res=[0, 0, 0, 0], shelter=1)
    on_build(t, "dam")
    next_round(t)
    assert t.state.res[NONPER] == 1  # one eaten, one kept


@pytest.mark.parametrize(("item", "level", "det", "after"), [
    ("diary", 1, 0, 2), ("drums", 1, 0, 3), ("diary", 2, 0, 3), ("drums", 2, 0, 4),
    ("diary", -2, 5, 4), ("drums", -2, 5, 5), ("drums", -1, 5, 5), ("diary", -3, 0, 0),
])
def test_diary_and_drums_in_the_morale_phase_s6_2_s17_2(item: str, level: int, det: int, after: int) -> None:
    t = Table.new(players=3)
    t.build(item)
    t.goto(MORALE, 0, morale=level, det=[det, 0, 0, 0])
    assert t.state.det[0] == after
    assert t.wounds() == [2 if (item, level) == ("diary", -3) else 0, 0, 0]  # 3 − 1 = 2 missing (§6.3)


def test_drums_at_top_morale_add_to_the_determination_choice_s6_2_s17_2() -> None:
    t = Table.new(players=3)
    t.build("drums")
    t.goto(MORALE, 0, morale=3)
    t.act(0, "morale determination")
    assert t.state.det[0] == 4


# ============================================================================ §17.2 Night Items (§10.6)


def night(t: Table, **fields: object) -> Table:
    t.goto(NIGHT, 0, **fields)
    return t


@pytest.mark.parametrize(("item", "heal"), [("fireplace", 2), ("pot", 1)])
def test_fireplace_and_pot_heal_at_night_once_per_round_for_food_s17_2_s10_6(item: str, heal: int) -> None:
    t = planning(built=item, items="", wounds=[2, 1, 0, 0])
    s = t.state
    assert f"use {item}" not in t.raw(s.fp)  # healing works only at Night (§10.6)
    night(t, res=[0, 4, 0, 0], shelter=1)
    assert f"use {item}" in t.legal(s.fp)
    t.act(s.fp, f"use {item}")
    assert s.res[FOOD] == 3  # 1 food paid
    heals = [a for a in t.legal(s.fp)]
    assert all(len(a.split()) == 1 + heal for a in heals)
    t.act(s.fp, "heal carpenter" + " cook" * (heal - 1))
    assert t.wounds() == [1, 1 - (heal - 1), 0]
    assert f"use {item}" not in t.raw(s.fp)  # once per round


def test_fireplace_and_pot_are_used_one_each_s17_2() -> None:
    t = planning(built="fireplace,pot", items="", wounds=[3, 0, 0, 0])
    s = t.state
    night(t, res=[0, 5, 0, 0], shelter=1)
    t.act(s.fp, "use fireplace")
    t.act(s.fp, "heal carpenter carpenter")
    t.act(s.fp, "use pot")
    t.act(s.fp, "heal carpenter")
    assert s.wounds[0] == 0 and s.res[FOOD] == 3 - 3 + 0  # 2 paid, 3 eaten
    assert s.round == 2


def test_fireplace_needs_food_and_a_wound_s17_2() -> None:
    t = planning(built="fireplace", items="", wounds=[2, 0, 0, 0])
    night(t, res=[0, 0, 0, 0], shelter=1)
    assert t.state.round == 2  # no window: nothing to pay with, the Night ran on
    t2 = planning(built="fireplace", items="")
    night(t2, res=[0, 3, 0, 0], shelter=1)
    assert t2.state.round == 2 and t2.state.res[FOOD] == 0  # nobody to heal: nothing offered


def test_furnace_ignores_only_one_winter_cloud_s9_2() -> None:
    t = planning(built="furnace")
    t.goto(WEATHER, 0, round=4, shelter=1, roof=5, res=[3, 0, 0, 0], weather_tk=[0, 1, 0])
    t.weather("winter1")  # 1 winter cloud from the Rain die + the winter token = 2
    assert t.state.res[WOOD] == 2  # one ignored, one discards 1 wood (§9.3 step 1)


def test_pit_rolls_the_brown_wound_die_in_production_s17_2() -> None:
    for face, food in (("wound", 2), ("blank", 0)):
        t = Table.new(players=3)
        t.build("pit")
        t.goto(PRODUCTION, 0, res=[0, 0, 0, 0])
        assert t.outcomes() == ["pit wound", "pit blank"]
        t.chance(f"pit {face}")
        assert t.state.res[FOOD] == 1 + food  # the Camp's fish + the Pit, Available at once
