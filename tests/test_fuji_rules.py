"""Rule tests for Fuji, one or more per rule of fuji.md; each test names its § (style.md "Tests").

States are real games built by `fuji_helpers.Table`: options plus chosen chance outcomes
(`place E1 L11`, `deal skill 0 scout`, `draw 0 map`, `roll 1:3 4`) and canonical action text.
Explorer = seat in games without variant B. Dice faces are rolled by authored dice (§17.1).
"""

from __future__ import annotations

import math

import pytest

import outlast
from fuji_helpers import (
    GAME,
    SKILLS,
    Table,
    colour_faces,
    die_of,
    faces_for,
    faces_valued,
    label,
)
from outlast import CHANCE, IllegalAction, OptionError
from outlast.games.fuji.board import board_for, cell_code, distance, eruption_front
from outlast.games.fuji.movement import PowerBars, movement_values
from outlast.games.fuji.scoring import rating, victory_points
from outlast.games.fuji.terms import EQUIP, PLAN, REROLL

C = GAME.content
SIX = "buddy,gatherer,equipment_manager"
ONES = {e: {d: 1 for d in range(e * 6, e * 6 + 6)} for e in range(4)}
"""Every die of every explorer shows 1: identical dice, so every comparison ties (§10.2 item 4)."""
FAIL_TERRAIN = {"D1": "L24", "E1": "L08", "D2": "L10"}
"""Cards around the white start that count no 1s, for rounds where everyone fails."""


def ones(t: Table, explorers: int = 3) -> dict[int, dict[int, int]]:
    return {e: {d: 1 for d in range(e * 6, e * 6 + 6) if t.state.die_in_play[d]} for e in range(explorers)}


def escape_round(t: Table, marks: dict[int, str] | None = None, paths: dict[int, str] | None = None) -> None:
    """Round 1 in scenario 1: explorers 0, 1, 2 hold only yellow, blue, pink dice and mark G1, F2, E2
    (which the test lays out as yellow, blue and pink cards): every move succeeds (§10.2)."""
    marks = marks or {0: "G1", 1: "F2", 2: "E2"}
    paths = paths or {0: "E1 F1 G1", 1: "E1 E2 F2", 2: "D2 E2"}
    t.roll({e: colour_faces(t.state, e, col) for e, col in enumerate("YBP")})
    t.to_phase5(marks)
    for seat in sorted(marks):
        t.go(seat, path=paths.get(seat), collect=False)
    assert [t.position(e) for e in sorted(marks)] == [marks[e] for e in sorted(marks)]


def fail_round(t: Table, marks: dict[int, str], injuries: dict[int, str] | None = None) -> None:
    """A whole round in which every explorer's dice show 1: everyone ties and fails (§10.2 item 4)."""
    t.roll(ones(t, t.state.table.explorers))
    t.to_phase5(marks)
    for seat in sorted(marks):
        t.go(seat, injury=(injuries or {}).get(seat))


# ============================================================================ §3 setup
def test_skills_are_dealt_as_chance_without_repeats__s3_1() -> None:
    """§3.1: each explorer is dealt one skill at random; no skill twice."""
    s = GAME.new_game(seed=3, players=3)
    outs = s.chance_outcomes()
    assert [str(o) for o, _ in outs] == [f"deal skill 0 {k}" for k in SKILLS]
    assert all(math.isclose(p, 1 / 6) for _, p in outs)
    s.apply("deal skill 0 scout")
    assert len(s.chance_outcomes()) == 5
    assert "deal skill 1 scout" not in [str(o) for o, _ in s.chance_outcomes()]


def test_characters_set_the_colour__s3_1() -> None:
    """§3.1, §17.5: the character sets the player colour."""
    t = Table.new(players=4, skills="scout,buddy,gatherer,tinkerer", characters="li,harrison,krach,livingstone")
    colours = [t.meeple(e)["colour"] for e in range(4)]
    assert colours == ["green", "blue", "black", "purple"]


def test_skills_option_skips_the_deal__s3_1() -> None:
    """§3.1 (chosen skills): the `skills` option gives each explorer its skill without a chance deal."""
    t = Table.new(players=3, skills="tinkerer,scout,buddy", skill_option=True)
    assert [t.meeple(e)["skill"] for e in range(3)] == ["tinkerer", "scout", "buddy"]
    assert not any("deal skill" in text for _s, text in t.applied)


@pytest.mark.parametrize(("skill", "kept"), [("equipment_manager", 2), ("scout", 2), ("buddy", 1),
                                             ("survivalist", 1), ("gatherer", 1), ("tinkerer", 1)])
def test_starting_equipment_count_by_skill__s3_2(skill: str, kept: int) -> None:
    """§3.2, §14: the number of cards kept at setup is the skill's."""
    others = [k for k in SKILLS if k != skill][:2]
    t = Table.new(players=3, skills=[skill, *others])
    assert len(t.cards_of(0)) == kept


def test_equipment_manager_draws_four_keeps_two_rest_under_pile__s3_2() -> None:
    """§3.2: the Equipment manager draws 4, keeps 2 and puts the other 2 at the bottom of the pile."""
    t = Table.new(players=3, skills="equipment_manager,buddy,gatherer", cards={0: ["map", "rope", "radio", "water"]},
                  keep={0: ["rope", "water"]})
    assert t.cards_of(0) == ["rope", "water"]
    assert t.view(0)["under_pile"] == ["map", "radio"]
    assert t.view(1)["under_pile"] == []
    # the pile: 15 − 4 drawn + 2 under − 1 (Buddy) − 1 (Gatherer) = 11 cards
    assert t.view(None)["draw_pile"] == 11


def test_keep_choice_offers_every_combination__s3_2() -> None:
    """§3.2, §18: the keep decision offers every pair of the 4 drawn cards (6), 1 of 3 for the Tinkerer."""
    s = GAME.new_game(seed=1, players=3, skills="equipment_manager,tinkerer,buddy", characters="li,krach,harrison")
    while s.chance_outcomes()[0][0].verb != "draw":
        s.apply(s.chance_outcomes()[0][0])
    for card in ("map", "rope", "radio", "water"):
        s.apply(f"draw 0 {card}")
    keeps = s.legal_actions(0)
    assert [str(a) for a in keeps] == ["keep map radio", "keep map rope", "keep map water", "keep radio rope",
                                       "keep radio water", "keep rope water"]
    s.apply("keep map water", 0)
    for card in ("compass", "shovel", "machete"):
        s.apply(f"draw 1 {card}")
    assert len(s.legal_actions(1)) == 3


def test_setup_draws_are_private_until_kept__s3_2() -> None:
    """§3.2, §18: the Equipment manager's four drawn cards are seen only by their seat until the keep."""
    t = Table.new(players=3, skills="equipment_manager,buddy,gatherer", cards={0: ["map", "rope", "radio", "water"]},
                  keep={0: ["rope", "water"]})
    draws = [e for e in t.state.events if e.kind == "draw"]
    assert len(draws) == 4 and all(e.visible_to == frozenset({0}) for e in draws)
    assert not any("Map" in text for text in t.view(1)["log"])


def test_setup_cards_are_usable_in_round_one__s3_2() -> None:
    """§3.2 item 3, §9.4: cards kept at setup can be used from round 1."""
    t = Table.new(players=3, skills=SIX, cards={1: ["radio"]}, rolls={})
    assert t.meeple(1)["equipment"][0]["usable_from_round"] == 1
    assert "use radio" in t.legal(1)


@pytest.mark.parametrize(("skill", "dice"), [("equipment_manager", 6), ("scout", 5), ("buddy", 6),
                                             ("survivalist", 5), ("gatherer", 6), ("tinkerer", 5)])
def test_dice_count_by_skill__s3_3(skill: str, dice: int) -> None:
    """§3.3, §14: 5 or 6 dice as the skill card says; every one is rolled in phase 1 (§6)."""
    others = [k for k in SKILLS if k != skill][:2]
    t = Table.new(players=3, skills=[skill, *others])
    assert t.meeple(0)["dice_in_play"] == dice
    pending = [o for o, _ in t.state.chance_outcomes()]
    assert pending[0].verb == "roll"
    t.roll()
    assert len([d for d in t.view(0)["meeples"][0]["dice"] if "value" in d]) == dice


def test_five_die_skill_leaves_d6_out_by_default__s17_1() -> None:
    """§17.1, §18: a 5-die player leaves D6 in the box by default and may choose another die."""
    s = GAME.new_game(seed=2, players=3, skills="scout,buddy,gatherer", characters="li,krach,harrison")
    while s.to_move() == [CHANCE]:
        s.apply(s.chance_outcomes()[0][0])
    assert [str(a) for a in s.legal_actions(0)] == [f"leave {k}" for k in range(1, 7)]
    assert not s.die_in_play[5]  # D6 is out unless the player picks another
    chosen = Table.new(players=3, skills="scout,buddy,gatherer", leave={0: 3})
    assert [chosen.state.die_in_play[k] for k in range(6)] == [1, 1, 0, 1, 1, 1]
    default = Table.new(players=3, skills="scout,buddy,gatherer")
    assert [default.state.die_in_play[k] for k in range(6)] == [1, 1, 1, 1, 1, 0]
    assert default.meeple(0)["dice_in_play"] == 5


def test_terrain_cards_fill_their_positions__s3_4() -> None:
    """§3.4: villages get the 6 village cards, landscapes the 24 landscape cards, each at most once."""
    t = Table.new(players=3, skills=SIX)
    cells = t.view(None)["board"]
    villages = [c["card"] for c in cells if c["kind"] == "village"]
    land = [c["card"] for c in cells if c["kind"] == "landscape"]
    assert all(v.startswith("H") for v in villages) and len(set(villages)) == len(villages) == 4
    assert all(x.startswith("L") for x in land) and len(set(land)) == len(land) == 19
    assert [c["kind"] for c in cells if c["cell"] == "A1"] == ["volcano"]
    assert sorted(c["cell"] for c in cells if c["kind"] == "rubble") == ["B1", "C1"]


def test_place_outcomes_are_uniform_over_unused_cards__s3_4() -> None:
    """§3.4 items 2-3: a position is filled by a uniformly drawn card of its kind not yet placed."""
    s = GAME.new_game(seed=1, players=3, skills=SIX, characters="li,krach,harrison")
    outs = s.chance_outcomes()
    assert str(outs[0][0]).startswith("place K3 H")
    assert len(outs) == 6 and math.isclose(sum(p for _, p in outs), 1)
    s.apply("place K3 H4")
    assert "place K4 H4" not in [str(o) for o, _ in s.chance_outcomes()]
    with pytest.raises(IllegalAction):
        s.apply("place K4 L01")  # a village position takes a village card


def test_four_player_only_village__s3_5() -> None:
    """§3.4 item 2, §3.5: the position marked for 4 players only is used only with 4 players."""
    three = Table.new(players=3, skills=SIX).view(None)["board"]
    four = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout").view(None)["board"]
    assert "I5" not in [c["cell"] for c in three]
    assert [c["kind"] for c in four if c["cell"] == "I5"] == ["village"]


@pytest.mark.parametrize(("scenario", "tokens"), [(1, 5), (2, 5), (3, 6), (4, 7), (5, 4), (6, 3), (7, 4)])
def test_equipment_and_eruption_tokens__s3_4(scenario: int, tokens: int) -> None:
    """§3.4 items 6-7, §3.5, §17.4: one equipment token per marked card; always 2 single-symbol eruption tokens."""
    t = Table.new(players=3, scenario=scenario, skills=SIX)
    cells = t.view(None)["board"]
    assert sum(c["equipment_token"] for c in cells) == tokens
    assert sorted(c["eruption_token"] for c in cells if c["eruption_token"]) == [1, 1]


def test_extra_thrill_turns_the_token_nearest_the_village__s3_4() -> None:
    """§3.4 item 7, §11.4: with Extra thrill the token nearest the village shows two symbols (J4 in scenario 1)."""
    t = Table.new(players=3, skills=SIX, extra_thrill=True)
    tokens = {c["cell"]: c["eruption_token"] for c in t.view(None)["board"] if c["eruption_token"]}
    assert tokens == {"G2": 1, "J4": 2}


def test_three_players_start_on_white__s3_5() -> None:
    """§3.5: with 3 players every meeple starts on the white start card."""
    t = Table.new(players=3, skills=SIX)
    assert [t.position(e) for e in range(3)] == ["D1"] * 3


def test_four_players_split_between_white_and_grey__s3_5() -> None:
    """§3.5, §17.6 item 9: with 4 players two meeples on white, two on grey; seats 1 and 3 (0 and 2) on white by default."""
    t = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout")
    assert [t.position(e) for e in range(4)] == ["D1", "D2", "D1", "D2"]


def test_four_players_may_choose_the_split__s3_5() -> None:
    """§3.5, §18: who goes where is a team choice (`starts 0 1`)."""
    t = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout", starts=(0, 1))
    assert [t.position(e) for e in range(4)] == ["D1", "D1", "D2", "D2"]


def test_stamina_starts_full_and_level_sets_the_table__s3_6() -> None:
    """§3.6: every tracker starts on the first space (0); the level card is the chosen one."""
    t = Table.new(players=3, level=3, skills=SIX)
    assert [t.stamina(e) for e in range(3)] == [0, 0, 0]
    assert t.view(None)["level_loss"][:7] == [5, 4, 4, 3, 3, 2, 2]


# ============================================================================ §3.7 neighbours
def test_three_players_all_neighbours__s3_7() -> None:
    """§3.7: with 3 players every player neighbours both others."""
    t = Table.new(players=3, skills=SIX)
    assert t.view(None)["neighbours"] == [[1, 2], [0, 2], [0, 1]]


def test_four_players_opposite_seats_are_not_neighbours__s3_7() -> None:
    """§3.7: with 4 players seat i neighbours i±1; opposite seats are not neighbours."""
    t = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout")
    nb = t.view(None)["neighbours"]
    assert [sorted(n) for n in nb] == [[1, 3], [0, 2], [1, 3], [0, 2]]
    assert 2 not in nb[0] and 3 not in nb[1]


def test_two_players_variant_a_neighbours_are_teammate_and_extra_set__s3_7() -> None:
    """§3.7, §13.1: in variant A each player's neighbours are the teammate and the virtual dice set."""
    t = Table.new(players=2, variant="a", skills="equipment_manager,buddy")
    assert t.view(None)["neighbours"] == [[1, 2], [0, 2]]
    assert t.state.table.extra == 2


def test_two_players_variant_b_three_mutual_neighbours__s3_7() -> None:
    """§3.7, §13.2: in variant B the two humans and the third meeple all neighbour each other."""
    t = Table.new(players=2, variant="b", skills="scout,buddy,gatherer")
    assert t.view(None)["neighbours"] == [[1, 2], [0, 2], [0, 1]]


# ============================================================================ §4 loss tables
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_loss_table_closed_form__s4(level: int) -> None:
    """§4: loss(L, d) = max(0, (L + 2) − ceil(d / 2)), with d = 0 on failure."""
    t = Table.new(players=3, level=level, skills=SIX)
    table = t.view(None)["level_loss"]
    assert table == [max(0, level + 2 - math.ceil(d / 2)) for d in range(13)]


def test_level_two_rows__s4_1() -> None:
    """§4.1: level 2 is 0→4, 1-2→3, 3-4→2, 5-6→1, 7+→0."""
    t = Table.new(players=3, level=2, skills=SIX)
    assert t.view(None)["level_loss"][:9] == [4, 3, 3, 2, 2, 1, 1, 0, 0]


# ============================================================================ §6 phase 1
def test_phase1_every_die_rolled_hidden__s6() -> None:
    """§6: every player rolls all their dice behind a screen; only the owner sees them."""
    t = Table.new(players=3, skills="scout,buddy,gatherer", rolls={})
    assert t.state.phase == PLAN
    for seat in range(3):
        view = t.view(seat)
        for e, ex in enumerate(view["meeples"]):
            shown = [d for d in ex["dice"] if "value" in d]
            assert len(shown) == (len(ex["dice"]) if e == seat else 0)
    assert all("value" not in d for ex in t.view(None)["meeples"] for d in ex["dice"])
    rolls = [e for e in t.state.events if e.kind == "roll"]
    assert len(rolls) == 17 and all(e.visible_to is not None and len(e.visible_to) == 1 for e in rolls)


def test_dice_change_only_by_rules__s6() -> None:
    """§6: a player cannot set a die; `roll` is a chance outcome, not a player action."""
    t = Table.new(players=3, skills=SIX, rolls={})
    err = t.try_act(0, "roll 0:1 6")
    assert err.rule == "§6" and "by chance" in err.reason


# ============================================================================ §7 movement and markers
def test_marker_targets_within_three_legal_steps__s7_1() -> None:
    """§7.1, §7.3: markers go on cards within 3 legal steps, orthogonal only; staying is allowed."""
    t = Table.new(players=3, skills=SIX, rolls={})
    marks = {a.split()[1] for a in t.legal(0) if a.startswith("mark ")}
    assert marks == {"D1", "E1", "D2", "F1", "E2", "D3", "G1", "F2", "E3"}
    assert "C1" not in marks  # rubble cannot be entered


def test_scout_may_mark_four_steps__s7_1() -> None:
    """§7.1, §14: the Scout's allowance is 4 steps."""
    t = Table.new(players=3, skills="scout,buddy,gatherer", rolls={})
    marks = {a.split()[1] for a in t.legal(0) if a.startswith("mark ")}
    assert {"H1", "G2", "F3"} <= marks
    assert "H1" not in {a.split()[1] for a in t.legal(1) if a.startswith("mark ")}


def test_distance_follows_legal_paths_not_manhattan__s7_2() -> None:
    """§7.2: distance is the shortest legal path; rubble and empty positions are not crossed.

    In scenario 5 the grey start C5 is two rows below the white start C3, but rubble C4 lies
    between and the empty positions around, so it is far out of reach.
    """
    b = board_for(C.scenarios[4], False)
    lava = 1 << b.volcano
    assert distance(b, lava, cell_code("C3"), cell_code("C5")) > 3
    t = Table.new(players=3, scenario=5, skills=SIX, rolls={})
    assert "mark C5" not in t.legal(0)
    assert "mark C2" in t.legal(0)


def test_distance_grows_when_lava_blocks_a_path__s7_2() -> None:
    """§7.2, §7.1: lava cannot be crossed, so a flipped card lengthens the legal path."""
    b = board_for(C.scenarios[0], False)
    lava = 1 << b.volcano
    assert distance(b, lava, cell_code("D2"), cell_code("F1")) == 3
    lava |= 1 << cell_code("E1") | 1 << cell_code("E2")
    assert distance(b, lava, cell_code("D2"), cell_code("F1")) == 5  # round by D3, E3, F3, F2


def test_neighbours_may_not_share_a_destination__s7_3() -> None:
    """§7.3: neighbours may not choose the same card; the refusal names §7.3 and changes nothing."""
    t = Table.new(players=3, skills=SIX, rolls={})
    t.mark(0, "E1")
    assert "mark E1" not in t.legal(1)
    err = t.try_act(1, "mark E1")
    assert err.rule == "§7.3" and "neighbour" in err.reason


def test_opposite_seats_may_share_with_four_players__s7_3() -> None:
    """§7.3 (INFERRED): with 4 players opposite seats may mark the same card; neighbours may not."""
    t = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout", rolls={})
    t.mark(0, "E1")
    assert "mark E1" in t.legal(2)
    assert "mark E1" not in t.legal(1) and "mark E1" not in t.legal(3)
    t.mark(2, "E1")
    assert t.meeple(2)["marker"] == "E1"


def test_marker_may_sit_on_a_teammates_meeple__s7_3() -> None:
    """§7.3: a marker may be placed on a card where a teammate stands."""
    t = Table.new(players=3, skills=SIX, rolls={})
    t.mark(0, "D1")  # everyone stands on D1
    assert t.meeple(0)["marker"] == "D1"


def test_markers_move_freely_in_phase2_and_lock_in_phase3__s7_3() -> None:
    """§7.3, §7.7: markers may be moved during phase 2; at phase 3 they bind."""
    t = Table.new(players=3, skills=SIX, rolls={})
    t.mark(0, "E1")
    t.mark(0, "F1")
    assert t.meeple(0)["marker"] == "F1"
    assert "mark E1" in t.legal(1)  # the old card is free again
    t.plan({1: "E1", 2: "D2"})
    assert t.state.phase == REROLL
    assert not any(a.startswith("mark") for a in t.legal(0))
    err = t.try_act(0, "mark E2")
    assert err.rule


def test_ready_needs_a_marker__s7_3() -> None:
    """§7.3, §7.7: every player must place a marker before phase 2 can end."""
    t = Table.new(players=3, skills=SIX, rolls={})
    assert "ready" not in t.legal(0)
    err = t.try_act(0, "ready")
    assert err.rule == "§7.7"
    t.mark(0, "D1")
    assert "ready" in t.legal(0)


def test_marker_out_of_reach_is_refused__s7_3() -> None:
    """§7.3: a marker beyond the allowance is illegal (§7.3 named) and the state is unchanged."""
    t = Table.new(players=3, skills=SIX, rolls={})
    err = t.try_act(0, "mark H1")
    assert err.rule == "§7.3" and "reach" in err.reason


# ============================================================================ §7.4 requirements
@pytest.mark.parametrize(("card", "faces", "value"), [
    ("L11", "P4 B4 Y5 Y3 P1 B2", 16),   # Y ∨ {4}
    ("L15", "Y1 P5 Y2 B6 P1 B5", 11),   # {P,B} ∧ odd
    ("L07", "Y1 P5 Y2 B6 P1 B5", 4),    # {1,2,3} any colour
    ("L16", "Y6 Y1 P3 Y4 P6 B2", 10),   # Y ∧ even
    ("L24", "Y6 Y1 P3 Y4 P6 B2", 12),   # {5,6}
])
def test_requirement_is_a_union_of_colour_value_clauses__s7_4(card: str, faces: str, value: int) -> None:
    """§7.4: a die is valid if it matches any (colours, values) clause; the value sums valid dice."""
    t = Table.new(players=3, skills=SIX, terrain={"E1": card})
    t.roll({0: faces})
    assert t.state.value(0, C.terrain_index(card)) == value


# ============================================================================ §8 rerolls
@pytest.mark.parametrize(("cell", "rerolls"), [("D1", 2), ("E1", 1), ("E2", 1), ("G1", 0)])
def test_reroll_count_by_distance__s8_1(cell: str, rerolls: int) -> None:
    """§8.1: distance 0 → 2 rerolls, 1 or 2 → 1, 3 → 0 (no symbol here)."""
    terrain = {"D1": "L01", "E1": "L02", "E2": "L03", "G1": "L04", "D2": "L05", "F1": "L06"}
    t = Table.new(players=3, skills=SIX, terrain=terrain, rolls={})
    others = [c for c in ("D2", "F1") if c != cell]
    t.plan({0: cell, 1: others[0], 2: others[1]})
    assert t.rerolls()[0] == rerolls


@pytest.mark.parametrize(("cell", "rerolls"), [("D1", 3), ("E1", 2), ("G1", 1)])
def test_reroll_symbol_adds_one__s8_1(cell: str, rerolls: int) -> None:
    """§8.1: the extra-reroll symbol on the destination adds +1 (0–3 in all)."""
    t = Table.new(players=3, skills=SIX, terrain={cell: "L19", "D2": "L05", "F1": "L06"}, rolls={})
    t.plan({0: cell, 1: "D2", 2: "F1"})
    assert t.rerolls()[0] == rerolls


def test_scout_at_four_gets_no_rerolls_at_all__s8_1() -> None:
    """§8.1, §14: a Scout marked at distance 4 has no phase-3 reroll of any kind (and no Buddy-style choice)."""
    t = Table.new(players=3, skills="scout,buddy,gatherer", terrain={"H1": "L19"}, rolls={})
    t.plan({0: "H1", 1: "D1", 2: "E1"})
    assert t.rerolls()[0] == 0
    assert 0 not in t.state.to_move()


def test_survivalist_gets_one_more__s8_2() -> None:
    """§8.2: the Survivalist gets +1 reroll in phase 3."""
    t = Table.new(players=3, skills="survivalist,buddy,gatherer", terrain={"D1": "L01"}, rolls={})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert t.rerolls()[0] == 3


def test_eye_injury_removes_table_and_symbol_rerolls__s8_2() -> None:
    """§8.2, §10.6: an eye injury leaves 0 table and symbol rerolls (Survivalist's +1 stays, TV-2)."""
    t = Table.new(players=3, level=4, skills=SIX, terrain={"D1": "L24", "E1": "L08", "D2": "L19"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "eye", 1: "arm", 2: "arm"})
    t.roll()
    t.plan({0: "D2", 1: "D1", 2: "E1"})  # D2 carries the symbol, distance 1: 1 + 1 without the injury
    assert t.rerolls()[0] == 0
    assert not any(a.startswith("reroll") for a in t.legal(0))


def test_amnesia_removes_survivalist_and_scout_skills__s8_2() -> None:
    """§8.2, §10.6: amnesia removes the Survivalist bonus and the Scout's 4-step option."""
    t = Table.new(players=3, level=4, skills="survivalist,scout,gatherer", terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "amnesia", 1: "amnesia", 2: "arm"})
    t.roll()
    assert "mark H1" not in t.legal(1)  # 4 steps away: no longer allowed
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert t.rerolls()[0] == 2  # stays: table 2, no Survivalist +1
    assert t.meeple(0)["skill_lost"]


def test_reroll_is_a_subset_of_own_dice__s8_3() -> None:
    """§8.3: a reroll is any non-empty subset of the player's own dice; stop is always offered."""
    t = Table.new(players=3, skills="scout,buddy,gatherer", rolls={})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    acts = t.legal(0)
    assert acts[-1] == "stop"
    assert len([a for a in acts if a.startswith("reroll")]) == 2 ** 5 - 1
    err = t.try_act(0, "reroll 1:1")
    assert err.rule == "§8.3"


def test_lockstep_rerolls_resolve_together__s8_3() -> None:
    """§8.3: every waiting player submits; nothing is rolled until all have; then the next step starts."""
    t = Table.new(players=3, skills="gatherer,equipment_manager,tinkerer", terrain={"D1": "L01"},
                  rolls={0: "Y1 Y1 Y2 Y3 Y2 Y3"})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert t.state.to_move() == [0, 1, 2]
    t.queue("0:1", 6)
    t.act(0, "reroll 1")
    assert t.state.to_move() == [1, 2]
    assert t.state.die_face[0] == 1  # not rolled yet
    assert not t.state.chance
    t.act(1, "stop")
    t.act(2, "reroll 2 3")
    assert t.state.die_face[0] == 6  # every submission resolved together
    assert t.rerolls() == [1, 1, 0]  # seat 1 stopped with one left; seat 2 used its only one
    assert t.state.to_move() == [0]
    t.queue("0:1", 2)
    t.act(0, "reroll 1")  # the same die may be rerolled again
    assert t.state.die_face[0] == 2
    assert t.state.phase == EQUIP


def test_reroll_choices_are_hidden_from_others__s8_3() -> None:
    """§8.3, §18: which dice a player rerolls (and the new faces) are not shown to the others."""
    t = Table.new(players=3, skills=SIX, rolls={})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.act(0, "reroll 1 2")
    t.act(1, "stop")
    t.act(2, "stop")
    hidden = [e for e in t.state.events if e.kind in ("reroll", "roll") and e.visible_to == frozenset({0})]
    assert hidden
    assert all("reroll" not in text for text in t.view(1)["log"] if text.startswith("seat 0"))
    assert all("value" not in d for d in t.view(1)["meeples"][0]["dice"])


def test_no_hints_during_phase3__s7_6() -> None:
    """§7.6, §18: no talking in phase 3, so no hint actions are offered."""
    t = Table.new(players=3, skills=SIX, rolls={})
    assert any(a.startswith("hint") for a in t.legal(0))
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert not any(a.startswith("hint") for a in t.legal(0))


# ============================================================================ §8.4 / §14 Buddy and Gatherer
def test_buddy_sets_one_die_aside_in_the_open__s8_4() -> None:
    """§8.4, §14: once per round in phase 3 the Buddy sets 1 die aside, visible to all; it counts for no one."""
    t = Table.new(players=3, skills="buddy,equipment_manager,gatherer", terrain={"D1": "L01"},
                  rolls={0: "Y6 Y6 Y5 Y4 Y5 Y4"})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    d = die_of(t.state, 0, "Y6")
    t.act(0, f"aside {label(0, d)}")
    assert not any(a.startswith("aside") for a in t.legal(0))  # once per round
    assert all(label(0, d) not in a.split()[1:] for a in t.legal(0) if a.startswith("reroll"))
    assert {"die": f"0:{d % 6 + 1}", "holder": -1, "value": 6, "colour": "Y"} in t.view(1)["set_aside"]
    t.stop_rerolls()
    t.ready_all()
    assert movement_values(t.state, 0)[0] == 30 - 6


def test_buddy_aside_comes_back_next_round__s11_5() -> None:
    """§11.5, §14: a die set aside returns to its owner at the end of the round."""
    t = Table.new(players=3, level=1, skills="buddy,equipment_manager,gatherer", terrain=FAIL_TERRAIN,
                  rolls=ONES)
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.act(0, "aside 1")
    t.stop_rerolls()
    t.ready_all()
    for seat in range(3):
        t.go(seat)
    t.roll()
    assert t.view(None)["set_aside"] == []
    assert t.meeple(0)["dice_in_play"] == 6 and len(t.meeple(0)["dice"]) == 6


def test_buddy_may_set_aside_with_no_rerolls__s14() -> None:
    """§14: the set-aside is the Buddy's own phase-3 action, open even at distance 3 (0 rerolls)."""
    t = Table.new(players=3, skills="buddy,equipment_manager,gatherer", rolls={})
    t.plan({0: "G1", 1: "E1", 2: "D2"})
    assert t.rerolls()[0] == 0
    assert any(a.startswith("aside") for a in t.legal(0))
    assert not any(a.startswith("reroll") for a in t.legal(0))


def test_gatherer_earns_a_bar_per_reroll_not_taken__s14() -> None:
    """§14, §17.6 item 15: a bar for each phase-3 reroll entitled and not taken."""
    t = Table.new(players=3, skills="gatherer,equipment_manager,buddy", terrain={"D1": "L01"}, rolls={})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.act(0, "reroll 1")
    t.act(1, "stop")
    t.act(2, "stop")
    t.act(0, "stop")
    assert t.meeple(0)["power_bars"] == 1


def test_gatherer_holds_at_most_three_bars__s14() -> None:
    """§14: at most 3 bars; the excess is lost."""
    t = Table.new(players=3, level=1, skills="gatherer,equipment_manager,buddy",
                  terrain={"D1": "L19", "E1": "L08", "D2": "L10"}, rolls=ONES)
    t.plan({0: "D1", 1: "E1", 2: "D2"})  # 2 + symbol = 3 rerolls
    t.stop_rerolls()
    assert t.meeple(0)["power_bars"] == 3
    t.ready_all()
    for seat in range(3):
        t.go(seat)  # bars 0 every turn
    t.roll(ones(t))
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.stop_rerolls()
    assert t.meeple(0)["power_bars"] == 3


def test_gatherer_bars_only_for_the_current_mover_and_only_this_turn__s14() -> None:
    """§14, §17.6 item 15: bars add to that turn's mover's total only, and increase d for stamina."""
    t = Table.new(players=3, level=2, skills="gatherer,equipment_manager,buddy",
                  terrain={"D1": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: faces_valued(t.state, 0, "L02", 0), 1: faces_valued(t.state, 1, "L02", 5),
            2: faces_valued(t.state, 2, "L02", 0)})
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    assert t.meeple(0)["power_bars"] == 2
    t.go(1, bars={0: 2}, path="E1")
    compare = [e.data for e in t.state.events if e.kind == "compare"][-1]
    assert compare["value"] == 7 and compare["success"]
    assert t.stamina(1) == 0  # d = 7 → 0 at level 2; without the bars d = 5 would cost 1
    assert t.meeple(0)["power_bars"] == 0
    assert movement_values(t.state, 2)[0] == t.state.value(2, t.state.card_at[cell_code("D2")])  # no bonus left


def test_gatherer_bar_prompt_offers_zero_to_all__s14() -> None:
    """§14: in phase 5 the Gatherer may discard any number of its bars (0 … held) for the mover."""
    t = Table.new(players=3, skills="gatherer,equipment_manager,buddy", rolls={})
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.stop_rerolls()
    t.ready_all()
    t.act(1, "go")
    assert t.state.to_move() == [0]
    assert t.legal(0) == ["bars 0", "bars 1", "bars 2"]


# ============================================================================ §9 equipment, general
def _phase4(t: Table, marks: dict[int, str] | None = None) -> None:
    t.plan(marks or {0: "D1", 1: "E1", 2: "D2"})
    t.stop_rerolls()
    assert t.state.phase == EQUIP


def test_phase4_card_is_not_usable_in_phase2__s9_1() -> None:
    """§9.1: a card is used only in the phase it shows (Map: 4)."""
    t = Table.new(players=3, skills=SIX, cards={1: ["map"]}, rolls={})
    assert not any(a.startswith("use map") for a in t.legal(1))
    err = t.try_act(1, "use map 1 to 0")
    assert err.rule == "§9" and "phase" in err.reason
    _phase4(t)
    assert any(a.startswith("use map") for a in t.legal(1))


def test_phase2_card_is_not_usable_in_phase4__s9_1() -> None:
    """§9.1: Binoculars and Flashlight are phase-2 cards."""
    t = Table.new(players=3, skills="equipment_manager,buddy,gatherer", cards={0: ["binoculars", "flashlight", "map", "rope"]},
                  keep={0: ["binoculars", "flashlight"]}, rolls={})
    assert "use flashlight" in t.legal(0) and "use binoculars E2 D3" in t.legal(0)
    _phase4(t)
    assert not any(a.startswith("use") for a in t.legal(0))
    t.try_act(0, "use flashlight")


def test_card_is_discarded_after_use__s9_2() -> None:
    """§9.2: announce, resolve, discard; the card is gone for the whole team."""
    t = Table.new(players=3, skills=SIX, cards={1: ["compass"]}, rolls={1: "Y6 Y1 P3 Y4 P6 B2"})
    _phase4(t)
    t.act(1, "use compass 1")
    assert t.cards_of(1) == []
    assert t.view(None)["discard"] == ["compass"]
    assert not any(a.startswith("use") for a in t.legal(1))


def test_card_use_reopens_the_window__s18() -> None:
    """§18: any card use reopens the phase-2/4 window for everyone (ready is cleared)."""
    t = Table.new(players=3, skills=SIX, cards={1: ["first_aid_kit"]}, rolls={})
    _phase4(t)
    t.act(0, "ready")
    t.act(2, "ready")
    assert t.state.to_move() == [1]
    t.act(1, "use first_aid_kit")
    assert t.state.to_move() == [0, 1, 2]


def test_card_drawn_in_play_usable_from_next_round__s9_4() -> None:
    """§9.4, §10.3: a card drawn during the game (here by Rope onto a token) is usable only from the next round."""
    t = Table.new(players=3, level=1, scenario=3, skills=SIX, cards={0: ["rope", "map"]},
                  terrain={"D4": "L24", "E4": "L08", "F4": "L10"})
    t.roll(ones(t))
    t.act(0, "use rope C4")
    assert t.state.to_move() == [0]
    assert t.legal(0) == ["collect", "skip"]
    t.act(0, "collect")
    assert t.cards_of(0) == ["map"]
    assert t.meeple(0)["equipment"][0]["usable_from_round"] == 2
    t.plan({0: "C4", 1: "E4", 2: "D4"})
    t.stop_rerolls()
    assert not any(a.startswith("use map") for a in t.legal(0))
    err = t.try_act(0, "use map 1 to 1")
    assert "next round" in err.reason and "§9.4" in err.reason
    t.ready_all()
    for seat in range(3):
        t.go(seat)
    t.roll(ones(t))
    t.plan({0: "C4", 1: "E4", 2: "D4"})
    t.stop_rerolls()
    assert any(a.startswith("use map") for a in t.legal(0))


def _injure_all(t: Table, arm: dict[int, str]) -> None:
    """Two failed rounds at level 4 cross injury space 7 (§17.3): each explorer takes the named injury."""
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries=arm)


def test_broken_arm_blocks_card_use__s9_5() -> None:
    """§9.5, §10.6: with a broken arm a player may not use equipment cards."""
    t = Table.new(players=3, level=4, skills="gatherer,buddy,survivalist", terrain=FAIL_TERRAIN,
                  cards={0: ["radio"]})
    _injure_all(t, {0: "arm", 1: "eye", 2: "eye"})
    t.roll()
    assert not any(a.startswith("use") for a in t.legal(0))
    err = t.try_act(0, "use radio")
    assert "broken arm" in err.reason


def test_equipment_manager_with_broken_arm_may_still_pass__s9_5() -> None:
    """§9.5, §14: an Equipment manager with a broken arm may still give cards to teammates."""
    t = Table.new(players=3, level=4, skills="equipment_manager,buddy,gatherer", terrain=FAIL_TERRAIN,
                  cards={0: ["radio", "map", "rope", "water"]}, keep={0: ["radio", "map"]})
    _injure_all(t, {0: "arm", 1: "eye", 2: "eye"})
    t.roll()
    assert not any(a.startswith("use") for a in t.legal(0))
    assert "give map 1" in t.legal(0)
    t.act(0, "give map 1")
    assert "map" in t.cards_of(1) and "map" not in t.cards_of(0)


def test_equipment_manager_passes_to_anyone_without_adjacency__s14() -> None:
    """§14, §17.6 item 11: the Equipment manager may give a card to any teammate; it keeps its usable round."""
    t = Table.new(players=4, skills="equipment_manager,buddy,gatherer,scout", cards={0: ["radio", "map", "rope", "water"]},
                  keep={0: ["radio", "map"]}, rolls={})
    assert {"give radio 1", "give radio 2", "give radio 3"} <= set(t.legal(0))
    assert not any(a.startswith("give") for a in t.legal(1))  # only the Equipment manager passes
    t.act(0, "give radio 2")
    assert "radio" in t.cards_of(2)
    assert [c["usable_from_round"] for c in t.meeple(2)["equipment"] if c["id"] == "radio"] == [1]
    assert "use radio" in t.legal(2)


# ============================================================================ §15 the 15 cards
def test_binoculars_swap_two_empty_open_landscape_cards__s15_binoculars() -> None:
    """§15 Binoculars (phase 2): swap two empty face-up landscape cards; villages, meeples, markers and tokens excluded."""
    t = Table.new(players=3, skills=SIX, terrain={"E2": "L05", "D3": "L06"}, cards={1: ["binoculars"]}, rolls={})
    t.mark(0, "E1")
    legal = t.legal(1)
    assert "use binoculars E2 D3" in legal
    for bad in ("D1 E2", "E1 E2", "E2 F1", "E2 G2", "E2 K3", "C1 E2"):  # meeples, marker, tokens, village, rubble
        assert f"use binoculars {bad}" not in legal
        t.try_act(1, f"use binoculars {bad}")
    t.act(1, "use binoculars E2 D3")
    cards = {c["cell"]: c["card"] for c in t.view(None)["board"]}
    assert (cards["E2"], cards["D3"]) == ("L06", "L05")


def test_binoculars_exclude_lava__s15_binoculars() -> None:
    """§15 Binoculars (AUTHORED): both cards must still be face up; lava landscape cards are not offered."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"G1": "L01", "F2": "L02", "E2": "L03"},
                  cards={0: ["binoculars"]})
    escape_round(t)
    for _ in range(3):
        fail_round(t, {0: "G1", 1: "F2", 2: "E2"}, injuries={0: "eye", 1: "eye", 2: "eye"})
    t.roll(ones(t))
    assert {"D1", "E1", "D2"} <= set(t.lava())
    swaps = [a for a in t.legal(0) if a.startswith("use binoculars")]
    assert swaps and not any(c in a.split() for a in swaps for c in ("D1", "E1", "D2"))


def test_lighter_needs_the_teammates_consent__s15_lighter() -> None:
    """§15 Lighter: the teammate chooses whether to give a die and which; the face is kept."""
    t = Table.new(players=3, skills=SIX, terrain={"E1": "L01"}, cards={0: ["lighter"]},
                  rolls={0: "B2 P2 B1 B1 P1 P1", 1: "Y6 Y1 P3 Y4 P6 B2"})
    _phase4(t, {0: "E1", 1: "D1", 2: "D2"})
    assert "use lighter from 1" in t.legal(0) and "use lighter from 2" in t.legal(0)
    t.act(0, "use lighter from 1")
    assert t.state.to_move() == [1]
    assert t.legal(1) == [f"lend {k}" for k in range(1, 7)] + ["refuse"]
    y6 = die_of(t.state, 1, "Y6")
    t.act(1, f"lend {label(1, y6)}")
    assert t.state.die_holder[y6] == 0 and t.state.die_face[y6] == 6
    assert movement_values(t.state, 0) == (6, [(1, 1 + 4), (2, t.state.value(2, t.state.card_at[cell_code("E1")]))])
    assert {"die": f"1:{y6 % 6 + 1}", "holder": 0, "value": 6, "colour": "Y"} in t.view(0)["meeples"][0]["dice"]
    assert all("value" not in d for d in t.view(2)["meeples"][0]["dice"])  # the third player does not see it


def test_lighter_may_be_refused__s15_lighter() -> None:
    """§15 Lighter: the teammate may refuse; no die moves (the card is still used)."""
    t = Table.new(players=3, skills=SIX, cards={0: ["lighter"]}, rolls={})
    _phase4(t)
    t.act(0, "use lighter from 2")
    t.act(2, "refuse")
    assert all(t.state.die_holder[d] == d // 6 for d in range(18))
    assert t.cards_of(0) == []


def test_carabiner_every_player_must_reroll_exactly_one__s15_carabiner() -> None:
    """§15 Carabiner: every player, the owner too, must reroll exactly one die of their choice; no stop."""
    t = Table.new(players=3, skills=SIX, cards={0: ["carabiner"]}, rolls=ONES)
    _phase4(t)
    t.act(0, "use carabiner")
    assert t.state.to_move() == [0, 1, 2]
    for seat in range(3):
        acts = t.legal(seat)
        assert acts == [f"reroll {k}" for k in range(1, 7)]
        assert "stop" not in acts
    t.try_act(1, "reroll 1 2")
    t.try_act(1, "stop")
    t.queue("0:1", 5)
    t.queue("1:2", 5)
    t.queue("2:3", 5)
    t.act(0, "reroll 1")
    t.act(1, "reroll 2")
    t.act(2, "reroll 3")
    assert [t.state.die_face[d] for d in (0, 7, 14)] == [5, 5, 5]
    assert sum(t.state.die_face[:18]) == 18 + 3 * 4
    assert t.state.phase == EQUIP and not t.state.decisions


def test_map_gives_a_die_the_receiver_cannot_refuse__s15_map() -> None:
    """§15 Map: the owner gives 1 die (face kept) to another player, who cannot refuse; it counts for the receiver."""
    t = Table.new(players=3, skills=SIX, terrain={"E1": "L01"}, cards={0: ["map"]},
                  rolls={0: "Y6 B2 P3 P2 P1 B5", 1: "B2 P2 B1 B1 P1 P1"})
    _phase4(t, {0: "D1", 1: "E1", 2: "D2"})
    y6 = die_of(t.state, 0, "Y6")
    t.act(0, f"use map {label(0, y6)} to 1")
    assert not t.state.decisions  # no consent asked
    assert t.state.die_holder[y6] == 1
    e1 = t.state.card_at[cell_code("E1")]
    assert t.state.value(1, e1) == 6 and t.state.value(0, e1) == 0
    assert {"die": f"0:{y6 % 6 + 1}", "holder": 1, "value": 6, "colour": "Y"} in t.view(1)["meeples"][1]["dice"]


def test_received_die_cannot_be_passed_on__s17_6() -> None:
    """§17.6 item 13: a die received through Map or Lighter cannot be passed on in the same round."""
    t = Table.new(players=3, skills="equipment_manager,buddy,gatherer", cards={0: ["map", "lighter", "rope", "radio"]},
                  keep={0: ["map", "lighter"]}, rolls={})
    _phase4(t)
    t.act(0, "use map 1 to 1")
    t.act(0, "use lighter from 1")
    assert "lend 0:1" not in t.legal(1)
    assert t.legal(1) == [f"lend {k}" for k in range(1, 7)] + ["refuse"]


def test_lent_dice_go_home_at_round_end__s11_5() -> None:
    """§11.5: dice moved by Map or Lighter return to their owners at the end of the round."""
    t = Table.new(players=3, level=1, skills=SIX, terrain=FAIL_TERRAIN, cards={0: ["map"]}, rolls=ONES)
    _phase4(t)
    t.act(0, "use map 1 to 2")
    t.ready_all()
    for seat in range(3):
        t.go(seat)
    assert t.state.die_holder[0] == 0 and t.state.round == 2


def test_duct_tape_turns_ones_to_sixes__s15_duct_tape() -> None:
    """§15 Duct tape: any number of the owner's 1s turn to the opposite face 6; the colour stays (§17.1)."""
    t = Table.new(players=3, skills=SIX, cards={0: ["duct_tape"]}, rolls={0: "Y1 Y1 B1 B1 P1 Y3"})
    _phase4(t)
    uses = [a for a in t.legal(0) if a.startswith("use duct_tape")]
    assert len(uses) == 2 ** 5 - 1
    assert "use duct_tape 6" not in uses  # the die showing 3 is not a 1
    colours = [t.state.colour(d) for d in range(5)]
    t.act(0, "use duct_tape 1 2 3")
    assert [t.state.die_face[d] for d in range(6)] == [6, 6, 6, 1, 1, 3]
    assert [t.state.colour(d) for d in range(5)] == colours


def test_compass_turns_sixes_to_ones__s15_compass() -> None:
    """§15 Compass: any number of the owner's 6s turn to 1; the colour stays."""
    t = Table.new(players=3, skills=SIX, cards={0: ["compass"]}, rolls={0: "Y6 Y6 B6 B6 P6 Y3"})
    _phase4(t)
    t.act(0, "use compass 2 1")  # a set of dice: any order
    assert [t.state.die_face[d] for d in range(6)][:2] == [1, 1]
    assert sorted(t.state.die_face[2:6]) == [3, 6, 6, 6]


def test_machete_sets_up_to_two_dice_aside__s15_machete() -> None:
    """§15 Machete: up to 2 of the owner's dice aside in the open; they count for no one; back at round end."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"D1": "L01", "E1": "L08", "D2": "L10"},
                  cards={0: ["machete"]}, rolls={0: "Y6 Y6 Y5 Y4 Y5 Y4"})
    _phase4(t)
    assert not any(len(a.split()) > 4 for a in t.legal(0) if a.startswith("use machete"))
    t.act(0, "use machete 1 2")
    assert len(t.view(2)["set_aside"]) == 2 and all("value" in d for d in t.view(2)["set_aside"])
    t.ready_all()
    assert movement_values(t.state, 0)[0] == 30 - 12
    for seat in range(3):
        t.go(seat, path="E1")
    t.roll()
    assert t.view(None)["set_aside"] == [] and t.state.die_holder[0] == 0


def test_radio_in_phase2_lowers_the_screen_for_that_phase_only__s15_radio() -> None:
    """§15 Radio: the screen comes down until the end of the current phase; used in phase 2 it is up again in phase 3."""
    t = Table.new(players=3, skills=SIX, cards={0: ["radio"]}, rolls={0: "Y6 Y6 Y5 Y4 Y5 Y4"})
    assert all("value" not in d for d in t.view(1)["meeples"][0]["dice"])
    t.act(0, "use radio")
    assert all("value" in d for d in t.view(1)["meeples"][0]["dice"])
    assert t.meeple(0)["screen_down"]
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert not t.meeple(0)["screen_down"]
    t.act(0, "reroll 1")
    t.act(1, "stop")
    t.act(2, "stop")
    seen = t.view(1)["meeples"][0]["dice"]
    assert "value" not in seen[0]  # rerolled behind the raised screen
    assert all("value" in d for d in seen[1:])  # faces already seen stay known


def test_radio_in_phase4__s15_radio() -> None:
    """§15 Radio: usable in phase 4 too; the screen is down for the rest of phase 4."""
    t = Table.new(players=3, skills=SIX, cards={0: ["radio"]}, rolls={})
    _phase4(t)
    t.act(0, "use radio")
    assert all("value" in d for d in t.view(2)["meeples"][0]["dice"])
    assert "use radio" not in t.legal(0)


def test_first_aid_kit_success_costs_nothing__s15_first_aid_kit() -> None:
    """§15 First Aid Kit: the owner loses no stamina this round (success with d = 1 at level 4 would cost 5)."""
    t = Table.new(players=3, level=4, skills=SIX, terrain={"E1": "L01", "D1": "L02", "D2": "L03"},
                  cards={0: ["first_aid_kit"]})
    t.roll({0: faces_valued(t.state, 0, "L01", 5), 1: faces_valued(t.state, 1, "L01", 4),
            2: faces_valued(t.state, 2, "L01", 0)})
    _phase4(t, {0: "E1", 1: "D1", 2: "D2"})
    t.act(0, "use first_aid_kit")
    t.ready_all()
    t.go(0, path="E1")
    assert t.position(0) == "E1" and t.stamina(0) == 0


def test_shovel_turns_one_die_to_any_face__s15_shovel() -> None:
    """§15 Shovel: one of the owner's dice to any face; its colour follows the die (§17.1)."""
    t = Table.new(players=3, skills=SIX, cards={0: ["shovel"]}, rolls={0: "Y1 Y1 B1 B1 P1 P1"})
    _phase4(t)
    uses = [a for a in t.legal(0) if a.startswith("use shovel")]
    assert len(uses) == 6 * 5
    t.act(0, "use shovel 3 face 5")
    assert t.state.die_face[2] == 5 and t.state.colour(2) == C.die_colours[2][5]


def test_rope_in_phase2_moves_and_changes_the_reroll_count__s15_rope() -> None:
    """§15 Rope (phase 2): the meeple moves to an adjacent enterable card; distance and rerolls follow."""
    t = Table.new(players=3, skills=SIX, terrain={"E1": "L01", "D2": "L02"}, cards={0: ["rope"]}, rolls={})
    assert "use rope E1" in t.legal(0) and "use rope D2" in t.legal(0)
    assert "use rope C1" not in t.legal(0)  # rubble is not enterable
    t.try_act(0, "use rope C1")
    t.mark(0, "D1")
    t.act(0, "use rope E1")
    assert t.position(0) == "E1"
    assert t.meeple(0)["marker"] == "D1"  # still within reach
    assert "mark H1" in t.legal(0)  # 3 steps from E1
    t.plan({0: "E1", 1: "F1", 2: "D2"})
    assert t.rerolls()[0] == 2  # staying on E1 now


def test_rope_in_phase4_then_success_goes_by_shortest_path__s17_6() -> None:
    """§15 Rope (phase 4), §17.6 item 4: after a Rope step, success goes to the destination by the shortest
    legal path from the new card, and the 3-step limit is waived."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"G1": "L01", "E1": "L02", "D2": "L03"},
                  cards={0: ["rope"]})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    _phase4(t, {0: "G1", 1: "E1", 2: "D1"})
    t.act(0, "use rope D2")
    assert t.position(0) == "D2"
    t.ready_all()
    t.go(0)
    # 4 steps now; four shortest paths, one crossing the eruption token G2
    paths = t.legal(0)
    assert all(len(p.split()) == 5 for p in paths) and len(paths) == 4
    t.act(0, "path D1 E1 F1 G1")
    assert t.position(0) == "G1"


def test_rope_fallback_stays_on_failure__s15_rope() -> None:
    """§15 Rope (phase 4): the Rope step stands if the comparison then fails."""
    t = Table.new(players=3, level=1, skills=SIX, terrain=FAIL_TERRAIN, cards={0: ["rope"]}, rolls=ONES)
    _phase4(t, {0: "E1", 1: "D1", 2: "D2"})
    t.act(0, "use rope D2")
    t.ready_all()
    t.go(0)
    assert t.position(0) == "D2" and t.stamina(0) == 3


def test_flare_gun_no_bonus_on_neighbours_turns__s15_flare_gun() -> None:
    """§15 Flare gun: +3 on the owner's own turn only; the owner's value on a neighbour's turn is raw."""
    t = Table.new(players=3, skills=SIX, cards={0: ["flare_gun"]}, rolls={})
    _phase4(t)
    before = movement_values(t.state, 1)
    t.act(0, "use flare_gun")
    assert movement_values(t.state, 1) == before
    own = movement_values(t.state, 0)[0]
    assert own == t.state.value(0, t.state.card_at[cell_code("D1")]) + 3


def test_flashlight_one_reroll_in_phase2_then_planning_goes_on__s15_flashlight() -> None:
    """§15 Flashlight (phase 2): one reroll now; afterwards markers may still change."""
    t = Table.new(players=3, skills=SIX, cards={0: ["flashlight"]}, rolls=ONES)
    t.mark(0, "E1")
    t.act(0, "use flashlight")
    assert t.state.to_move() == [0]
    assert t.legal(0)[-1] == "stop" and len(t.legal(0)) == 64
    t.queue("0:1", 4)
    t.queue("0:2", 4)
    t.act(0, "reroll 1 2")
    assert t.state.die_face[:2] == [4, 4]
    assert t.state.phase == PLAN and not t.state.decisions
    t.mark(0, "E2")
    assert t.meeple(0)["marker"] == "E2"


def test_pocket_knife_copies_any_face_up_card__s15_pocket_knife() -> None:
    """§15 Pocket knife: copy the effect of a face-up card in front of any player, in that card's phase;
    the knife is discarded and the copied card stays."""
    t = Table.new(players=3, skills=SIX, cards={0: ["pocket_knife"], 1: ["compass"]}, rolls={0: "Y6 Y6 B6 B6 P6 P6"})
    assert not any(a.startswith("use pocket_knife compass") for a in t.legal(0))  # compass is a phase-4 card
    _phase4(t)
    assert "use pocket_knife compass 1 2" in t.legal(0)
    t.act(0, "use pocket_knife compass 1 2")
    assert t.state.die_face[:2] == [1, 1]
    assert t.cards_of(0) == [] and t.cards_of(1) == ["compass"]


def test_pocket_knife_copies_a_two_mode_card__s15_pocket_knife() -> None:
    """§15 Pocket knife, Water: the copy picks Water's mode like the card itself."""
    t = Table.new(players=3, skills=SIX, cards={0: ["pocket_knife"], 2: ["water"]}, rolls={})
    _phase4(t)
    assert "use pocket_knife water reroll" in t.legal(0)
    assert "use pocket_knife water grant_reroll to 1" in t.legal(0)


def test_pocket_knife_copies_a_card_drawn_this_round__s17_6() -> None:
    """§17.6 item 14: the Pocket knife may copy a card drawn this round (the drawn card itself waits, §9.4)."""
    t = Table.new(players=3, level=1, scenario=3, skills=SIX, cards={0: ["rope", "map"], 1: ["pocket_knife"]},
                  terrain={"D4": "L24", "E4": "L08", "F4": "L10"})
    t.roll(ones(t))
    t.act(0, "use rope C4")
    t.act(0, "collect")
    t.plan({0: "C4", 1: "E4", 2: "D4"})
    t.stop_rerolls()
    assert not any(a.startswith("use map") for a in t.legal(0))
    assert "use pocket_knife map 1 to 0" in t.legal(1)
    t.act(1, "use pocket_knife map 1 to 0")
    assert t.state.die_holder[6] == 0
    assert t.cards_of(0) == ["map"]


def test_water_two_rerolls__s15_water() -> None:
    """§15 Water: the owner makes up to 2 rerolls of any subsets; may stop after one."""
    t = Table.new(players=3, skills=SIX, cards={0: ["water"]}, rolls=ONES)
    _phase4(t)
    t.act(0, "use water reroll")
    t.queue("0:1", 6, 5)
    t.act(0, "reroll 1")
    assert t.state.die_face[0] == 6 and t.state.to_move() == [0]
    t.act(0, "reroll 1")
    assert t.state.die_face[0] == 5 and not t.state.decisions
    t2 = Table.new(players=3, skills=SIX, cards={0: ["water"]}, rolls=ONES)
    _phase4(t2)
    t2.act(0, "use water reroll")
    t2.act(0, "stop")
    assert not t2.state.decisions and t2.cards_of(0) == []


def test_water_gives_one_reroll_to_another_player__s15_water() -> None:
    """§15 Water: or the owner gives 1 reroll to one other player."""
    t = Table.new(players=3, skills=SIX, cards={0: ["water"]}, rolls=ONES)
    _phase4(t)
    t.act(0, "use water grant_reroll to 2")
    assert t.state.to_move() == [2]
    t.queue("2:4", 3)
    t.act(2, "reroll 4")
    assert t.state.die_face[15] == 3 and not t.state.decisions


def test_water_reroll_works_with_an_eye_injury__s15_water() -> None:
    """§15 Water, §8.2: an eye injury does not block equipment rerolls."""
    t = Table.new(players=3, level=4, skills=SIX, terrain=FAIL_TERRAIN, cards={0: ["water"]})
    _injure_all(t, {0: "eye", 1: "eye", 2: "eye"})
    t.roll()
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    assert t.rerolls() == [0, 0, 0]
    t.stop_rerolls()
    t.act(0, "use water grant_reroll to 1")
    assert t.state.to_move() == [1] and len(t.legal(1)) == 64


def test_tinkerer_uses_each_card_twice__s14() -> None:
    """§14, §17.6 item 12: the Tinkerer taps a card on its first use and discards it after the second."""
    t = Table.new(players=3, skills="tinkerer,buddy,gatherer", cards={0: ["compass", "map", "rope"]},
                  keep={0: ["compass"]}, rolls={0: "Y6 Y6 B6 B6 P6"})
    _phase4(t)
    t.act(0, "use compass 1")
    assert t.meeple(0)["equipment"][0]["tapped"] is True
    t.act(0, "use compass 2")
    assert t.cards_of(0) == []
    assert t.state.die_face[:5] == [1, 1, 6, 6, 6]


def test_tinkerer_tapped_card_scores_nothing__s17_6() -> None:
    """§17.6 item 18, §12.4: a tapped card counts as used: it adds no victory point."""
    t = Table.new(players=3, skills="tinkerer,buddy,gatherer", cards={0: ["radio", "map", "rope"]},
                  keep={0: ["radio"]}, rolls={})
    vp = victory_points(t.state)
    t.act(0, "use radio")
    assert victory_points(t.state) == vp - 1


def test_amnesia_discards_the_tinkerers_tapped_cards__s10_6() -> None:
    """§10.6, §14: a Tinkerer who loses the skill discards every tapped card at once."""
    t = Table.new(players=3, level=4, skills="tinkerer,buddy,gatherer", terrain=FAIL_TERRAIN,
                  cards={0: ["radio", "map", "rope"]}, keep={0: ["radio"]})
    t.roll(ones(t))
    t.act(0, "use radio")
    assert t.meeple(0)["equipment"][0]["tapped"]
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    for seat in range(3):
        t.go(seat)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "amnesia", 1: "arm", 2: "arm"})
    assert t.cards_of(0) == []
    assert "radio" in t.view(None)["discard"]


# ============================================================================ §10 phase 5
def test_screens_come_down_in_phase5__s10_1() -> None:
    """§10.1: at phase 5 every die is visible to everyone."""
    t = Table.new(players=3, skills=SIX, rolls={})
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    for seat in (None, 0, 1, 2):
        assert all("value" in d for ex in t.view(seat)["meeples"] for d in ex["dice"])


def test_team_picks_the_turn_order__s10_1() -> None:
    """§10.1: any player who has not moved may go next; each takes Step A and B before the next."""
    t = Table.new(players=3, skills="equipment_manager,buddy,survivalist", rolls={})
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    assert t.state.to_move() == [0, 1, 2]
    t.go(2, path="D2")
    assert t.state.to_move() == [0, 1]
    err = t.try_act(2, "go")
    assert err.rule
    t.go(0)
    t.go(1, path="E1")
    assert t.state.round == 2


def test_only_the_movers_requirement_counts__s10_2() -> None:
    """§10.2: on a turn every value is judged by the mover's requirement, not the neighbours' own."""
    t = Table.new(players=3, skills=SIX, terrain={"E1": "L01", "D1": "L02", "D2": "L03"},
                  rolls={0: "Y6 Y6 Y5 Y4 Y5 Y4", 1: "B5 B4 B6 B6 B4 B5", 2: "P4 P5 P4 P5 P6 P6"})
    t.to_phase5({0: "E1", 1: "D1", 2: "D2"})
    assert movement_values(t.state, 0) == (30, [(1, 0), (2, 0)])
    assert movement_values(t.state, 1) == (30, [(0, 0), (2, 0)])


def test_success_offers_every_legal_path__s17_6() -> None:
    """§10.2 item 5, §17.6 item 1: the mover picks the path (at most 3 steps)."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"F2": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F2", 1: "E1", 2: "D2"})
    t.go(0)
    assert sorted(t.legal(0)) == ["path D2 E2 F2", "path E1 E2 F2", "path E1 F1 F2"]
    err = t.try_act(0, "path E1 F1 G1 G2 F2")
    assert err.rule == "§17.6 item 1"
    t.act(0, "path E1 F1 F2")
    assert t.position(0) == "F2"
    # crossing the equipment token on F1 collects nothing (§10.3: only the end card counts)
    assert {c["cell"]: c["equipment_token"] for c in t.view(None)["board"]}["F1"] is True


def test_collecting_equipment_on_the_end_card__s10_3() -> None:
    """§10.3: ending on a token card lets the player draw; the card is usable next round; the token goes."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"F1": "L01", "E1": "L02", "D2": "L03"},
                  cards={0: ["binoculars", "water"]})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F1", 1: "E1", 2: "D2"})
    t.go(0, path="E1 F1")
    assert t.legal(0) == ["collect", "skip"]
    t.act(0, "collect")
    assert t.cards_of(0) == ["binoculars", "water"]
    water = [c for c in t.meeple(0)["equipment"] if c["id"] == "water"][0]
    assert water["usable_from_round"] == 2
    assert {c["cell"]: c["equipment_token"] for c in t.view(None)["board"]}["F1"] is False


def test_skipping_the_draw_still_removes_the_token__s17_6() -> None:
    """§10.3, §17.6 item 10: drawing is optional but the token is removed either way."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"F1": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F1", 1: "E1", 2: "D2"})
    cards = t.cards_of(0)
    t.go(0, path="E1 F1", collect=False)
    assert t.cards_of(0) == cards
    assert {c["cell"]: c["equipment_token"] for c in t.view(None)["board"]}["F1"] is False


def test_draws_come_from_the_pile_not_the_cards_under_it__s3_2() -> None:
    """§3.2, §17.6 item 10: an in-game draw takes a pile card; the cards put under it come last."""
    t = Table.new(players=3, level=1, skills="equipment_manager,buddy,gatherer",
                  terrain={"F1": "L01", "E1": "L02", "D2": "L03"}, cards={0: ["map", "rope", "radio", "water"]},
                  keep={0: ["rope", "water"]})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F1", 1: "E1", 2: "D2"})
    t.go(0, path="E1 F1")
    t.state.apply("collect", 0)
    drawable = {o.ids[0] for o, _ in t.state.chance_outcomes()}
    assert len(drawable) == 15 - 4 - 2 and not drawable & {"map", "radio", "rope", "water"}


def test_moving_onto_an_eruption_token_erupts_before_step_b__s10_4() -> None:
    """§10.4, §17.6 item 6: moving onto an eruption token causes an extra eruption at once, before Step B;
    the token is then gone."""
    t = Table.new(players=3, level=1, skills="scout,buddy,gatherer", terrain={"G2": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "G2", 1: "E1", 2: "D2"})  # the Scout marks the token card, 4 steps away
    t.go(0, path="E1 F1 G1 G2")
    kinds = [e.kind for e in t.state.events if e.kind in ("move", "eruption", "stamina")]
    assert kinds[-3:] == ["move", "eruption", "stamina"]
    assert t.lava() == ["A1", "B1"]
    assert {c["cell"]: c["eruption_token"] for c in t.view(None)["board"]}["G2"] == 0
    t.go(1, path="E1")
    t.go(2, path="D2")
    assert sorted(t.lava()) == ["A1", "B1", "C1"]  # and the normal phase-6 eruption follows


def test_extra_thrill_token_erupts_twice__s11_4() -> None:
    """§10.4, §11.4: the two-symbol token causes two eruptions in a row, each without chain reaction.

    Scenario 4: the thrill token is F4. After round 1 lava is A1, B1. Crossing F4 in round 2 flips B2,
    then C2 and B3 (C3, next to both, waits for phase 6).
    """
    t = Table.new(players=3, level=1, scenario=4, extra_thrill=True, skills="scout,buddy,gatherer",
                  terrain={"E2": "L01", "D2": "L02", "C3": "L03", "F4": "L21", "F2": "L19", "D5": "L20"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "E2", 1: "D2", 2: "C3"})
    for seat, path in ((0, "D2 E2"), (1, "D2"), (2, "C3")):
        t.go(seat, path=path)
    assert sorted(t.lava()) == ["A1", "B1"]
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F4", 1: "F2", 2: "D5"})
    t.go(0, path="F2 F3 F4")
    eruptions = [e.data["cells"] for e in t.state.events if e.kind == "eruption"]
    assert eruptions[-2:] == [["B2"], ["C2", "B3"]]
    assert {c["cell"]: c["eruption_token"] for c in t.view(None)["board"]}["F4"] == 0
    t.go(1, path="E2 F2", collect=False)
    t.go(2, path="C4 C5 D5")
    assert not t.state.is_over()
    assert "C3" in t.lava() and "D2" in t.lava()


def test_staying_counts_like_moving__s10_5() -> None:
    """§10.5: a player who stays and wins still loses by d; staying and tying takes the maximum loss."""
    t = Table.new(players=3, level=3, skills=SIX, terrain={"D1": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: faces_valued(t.state, 0, "L01", 4), 1: faces_valued(t.state, 1, "L01", 2),
            2: faces_valued(t.state, 2, "L01", 4)})
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t.go(0)
    assert t.stamina(0) == 5  # tie 4 = 4: failure, level 3 maximum
    t2 = Table.new(players=3, level=3, skills=SIX, terrain={"D1": "L01", "E1": "L02", "D2": "L03"})
    t2.roll({0: faces_valued(t2.state, 0, "L01", 7), 1: faces_valued(t2.state, 1, "L01", 2),
             2: faces_valued(t2.state, 2, "L01", 4)})
    t2.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t2.go(0)
    assert t2.stamina(0) == 3  # d = 3 at level 3


def test_injury_when_passing_a_symbol_space__s10_6() -> None:
    """§10.6, §17.3: landing on or passing an injury space (7, 13, 19, 25) gives an injury, chosen by the player."""
    t = Table.new(players=3, level=4, skills=SIX, terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    assert [t.stamina(e) for e in range(3)] == [6, 6, 6]
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t.go(0)
    assert t.stamina(0) == 12
    assert t.legal(0) == ["injury leg", "injury arm", "injury amnesia", "injury eye"]
    assert t.state.to_move() == [0]
    t.act(0, "injury arm")
    assert t.meeple(0)["injuries"] == ["arm"]


def test_each_injury_kind_only_once__s10_6() -> None:
    """§10.6: each kind at most once per player; the next injury offers only the others."""
    t = Table.new(players=3, level=4, skills=SIX, terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "arm", 1: "arm", 2: "arm"})
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t.go(0)
    assert t.stamina(0) == 18
    assert t.legal(0) == ["injury leg", "injury amnesia", "injury eye"]
    t.try_act(0, "injury arm")


def test_leg_injury_die_counts_until_every_step_b__s10_6() -> None:
    """§10.6, §10.8: the die lost to a leg injury still counts for the neighbours' turns in that phase;
    it is removed after every player's Step B."""
    t = Table.new(players=3, level=4, skills=SIX, terrain={"D1": "L24", "E1": "L07", "D2": "L10"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t.go(0)
    t.act(0, "injury leg")
    assert t.legal(0) == [f"lose {k}" for k in range(1, 7)]
    t.act(0, "lose 2")
    assert t.meeple(0)["dice_in_play"] == 6
    assert movement_values(t.state, 1)[1] == [(0, 6), (2, 6)]  # E1 counts 1s: the lost die still counts
    t.go(1, injury="arm")
    t.go(2, injury="arm")
    assert t.meeple(0)["dice_in_play"] == 5
    t.roll()
    assert len(t.meeple(0)["dice"]) == 5 and t.state.die_in_play[1] == 0


def test_leg_injury_on_a_five_die_player_leaves_four__s17_6() -> None:
    """§17.6 item 16: a 5-die player with a leg injury keeps 4 dice."""
    t = Table.new(players=3, level=4, skills="scout,survivalist,tinkerer", terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "leg", 1: "arm", 2: "arm"})
    t.roll()
    assert t.meeple(0)["dice_in_play"] == 4 and len(t.meeple(0)["dice"]) == 4


def test_exhaustion_loses_at_once__s10_7() -> None:
    """§10.7, §12.1: a tracker reaching the last space (30) loses the game at once; nothing else resolves.

    Level 4: the meeples escape in round 1 (no loss), then fail five rounds (6 each) on cards lava
    reaches only after round 6.
    """
    t = Table.new(players=3, level=4, skills=SIX, terrain={"G1": "L01", "F2": "L02", "E3": "L03"})
    escape_round(t, {0: "G1", 1: "F2", 2: "E3"}, {0: "E1 F1 G1", 1: "E1 E2 F2", 2: "D2 D3 E3"})
    assert [t.stamina(e) for e in range(3)] == [0, 0, 0]
    for injury in (None, "arm", "eye", "amnesia"):  # 6, 12 (space 7), 18 (13), 24 (19)
        fail_round(t, {0: "G1", 1: "F2", 2: "E3"}, injuries={e: injury for e in range(3) if injury})
    assert [t.stamina(e) for e in range(3)] == [24, 24, 24]
    t.roll(ones(t))
    t.to_phase5({0: "G1", 1: "F2", 2: "E3"})
    lava = t.lava()
    t.go(1)
    assert t.state.is_over() and not t.state.outcome().won
    assert t.stamina(1) == 30 and t.stamina(0) == 24
    assert "exhausted" in t.state.outcome().details["reason"] and "§10.7" in t.state.outcome().details["reason"]
    assert t.lava() == lava and t.state.to_move() == []


# ============================================================================ §11 eruption
def test_village_cards_never_flip__s11_1() -> None:
    """§11.1, §2.3: eruptions flip landscape and rubble only; after any number of them villages stay."""
    for sc in range(1, 8):
        b = board_for(C.scenarios[sc - 1], True)
        lava = 1 << b.volcano
        while True:
            front = eruption_front(b, lava)
            if not front:
                break
            lava |= front
        assert all(not (lava >> v) & 1 for v in b.villages)
        assert all((lava >> c) & 1 for c in b.landscape + b.rubble)


def test_one_eruption_flips_only_cards_next_to_current_lava__s11_1() -> None:
    """§11.1: all cards next to lava flip at once, and the newly flipped ones do not spread further."""
    b = board_for(C.scenarios[0], False)
    lava = 1 << b.volcano | 1 << cell_code("B1") | 1 << cell_code("C1")
    front = eruption_front(b, lava)
    assert {c for c in b.cells if (front >> c) & 1} == {cell_code("D1")}


def test_tokens_on_flipped_cards_are_removed__s17_6() -> None:
    """§11.2, §17.6 item 7: a token on a card that flips is removed unused (scenario 3: C4 flips after round 4)."""
    t = Table.new(players=3, level=1, scenario=3, skills=SIX, terrain={"C6": "L01", "C5": "L02", "B5": "L03"})
    escape_round(t, {0: "C6", 1: "C5", 2: "B5"}, {0: "D5 C5 C6", 1: "D5 C5", 2: "C4 C5 B5"})
    assert {c["cell"]: c["equipment_token"] for c in t.view(None)["board"]}["C4"] is True
    for _ in range(3):
        fail_round(t, {0: "C6", 1: "C5", 2: "B5"}, injuries={0: "eye", 1: "eye", 2: "eye"})
    assert "C4" in t.lava()
    assert {c["cell"]: c["equipment_token"] for c in t.view(None)["board"]}["C4"] is False


# ============================================================================ §12 end of game
VICTORY_TERRAIN = {"G1": "L22", "F2": "L16", "E2": "L20", "H3": "L03", "H1": "L01", "H2": "L02", "J3": "L19",
                   "K3": "H4", "K4": "H1", "K5": "H3"}
# Per round: explorer → (colour of its dice, destination, path). Every destination counts only its colour.
VICTORY_ROUNDS = [
    {0: ("B", "G1", "E1 F1 G1"), 1: ("Y", "F2", "E1 E2 F2"), 2: ("P", "E2", "D2 E2")},
    {0: ("P", "H3", "H1 H2 H3"), 1: ("Y", "H1", "F1 G1 H1"), 2: ("B", "G1", "E1 F1 G1")},
    {0: ("Y", "K3", "I3 J3 K3"), 1: ("P", "H3", "H2 H3"), 2: ("B", "H2", "H1 H2")},
    {0: ("P", "K4", "K4"), 1: ("Y", "K3", "I3 J3 K3"), 2: ("B", "J3", "H3 I3 J3")},
    {0: ("P", "K4", ""), 1: ("B", "K5", "K4 K5"), 2: ("Y", "K3", "K3")},
]


def _march(t: Table, rounds: list[dict[int, tuple[str, str, str]]], last_phase5: bool = True) -> None:
    for i, plan in enumerate(rounds):
        t.roll({e: colour_faces(t.state, e, col, high=False) for e, (col, _c, _p) in plan.items()})
        if i == len(rounds) - 1 and not last_phase5:
            return
        t.to_phase5({e: cell for e, (_col, cell, _p) in plan.items()})
        for e, (_col, _cell, path) in plan.items():
            t.go(e, path=path or None, collect=False)


def test_victory_the_moment_every_meeple_is_in_the_village__s12_2() -> None:
    """§12.2, §10.8, §12.4: the last meeple's arrival wins at once: no Step B, no eruption.
    Meeples already in the village keep taking turns. Score 4 × 3 + 4 unused cards = 16: world fame."""
    t = Table.new(players=3, level=1, skills="equipment_manager,buddy,gatherer", terrain=VICTORY_TERRAIN)
    _march(t, VICTORY_ROUNDS[:4])
    assert [t.position(e) for e in range(3)] == ["K4", "K3", "J3"]
    _march(t, VICTORY_ROUNDS[4:], last_phase5=False)
    t.to_phase5({0: "K4", 1: "K5", 2: "K3"})
    t.go(0)
    t.go(1, path="K4 K5")
    lava, stamina = t.lava(), t.stamina(2)
    assert not t.state.is_over()
    t.go(2, path="K3")
    assert t.state.is_over()
    out = t.state.outcome()
    assert out.won and all(r.won for r in out.seats)
    assert t.stamina(2) == stamina and t.lava() == lava
    assert "§12.2" in out.details["reason"]
    assert out.details["victory_points"] == 16 == out.seats[0].score
    assert out.details["rating"] == rating(16) == rating(12)
    assert t.state.to_move() == []


def test_rope_move_can_win__s17_6() -> None:
    """§12.2, §17.6 item 5: a Rope step that puts the last meeple in the village wins at once (phase 2)."""
    t2 = Table.new(players=3, level=1, skills="equipment_manager,buddy,gatherer", terrain=VICTORY_TERRAIN,
                   cards={2: ["rope"]})
    _march(t2, VICTORY_ROUNDS[:4])
    t2.roll()
    assert [t2.position(e) for e in range(3)] == ["K4", "K3", "J3"]
    t2.act(2, "use rope K3")
    assert t2.state.is_over() and t2.state.outcome().won
    assert t2.state.phase == PLAN
    assert t2.state.outcome().details["victory_points"] == 12 + 3


@pytest.mark.parametrize(("vp", "band"), [(-3, 0), (0, 0), (1, 1), (2, 1), (3, 3), (4, 3), (5, 5), (7, 5),
                                          (8, 8), (11, 8), (12, 12), (20, 12)])
def test_rating_bands__s12_4(vp: int, band: int) -> None:
    """§12.4: VP bands 0, 1–2, 3–4, 5–7, 8–11, 12+; negative totals use the 0 band."""
    assert rating(vp) == rating(band)
    bands = {rating(b) for b in (0, 1, 3, 5, 8, 12)}
    assert len(bands) == 6


def test_defeat_scores_nothing__s12_4() -> None:
    """§12.4: a score is given only after a victory."""
    t = Table.new(players=3, level=1, skills=SIX, terrain=FAIL_TERRAIN)
    for _ in range(3):
        fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "arm", 1: "arm", 2: "arm"})
    out = t.state.outcome()
    assert not out.won and out.details["victory_points"] == 0 and out.details["rating"] == ""


def test_outcome_before_the_end_is_refused__s12() -> None:
    """§12: there is no outcome before the game ends."""
    t = Table.new(players=3, skills=SIX)
    with pytest.raises(IllegalAction):
        t.state.outcome()


# ============================================================================ §13 two players
def test_variant_a_extra_set_halves__s13_1() -> None:
    """§13.1, §17.1: 3 extra dice in the open (D4–D6) and 3 hidden from both players (D1–D3) until phase 5."""
    t = Table.new(players=2, variant="a", skills="equipment_manager,buddy", rolls={})
    for seat in (0, 1, None):
        extra = t.view(seat)["extra_dice"]
        assert [("value" in d) for d in extra] == [False, False, False, True, True, True]
    t.to_phase5({0: "D1", 1: "E1"})
    assert all("value" in d for d in t.view(None)["extra_dice"])


def test_variant_a_extra_dice_never_rerolled__s13_1() -> None:
    """§13.1: the extra dice can never be rerolled, nor touched by cards (INFERRED)."""
    t = Table.new(players=2, variant="a", skills="equipment_manager,buddy",
                  cards={0: ["carabiner", "map", "lighter", "water"]}, keep={0: ["carabiner", "map"]}, rolls={})
    t.plan({0: "D1", 1: "E1"})
    assert not any("2:" in a for seat in (0, 1) for a in t.legal(seat))
    t.stop_rerolls()
    assert not any(a.endswith("to 2") for a in t.legal(0))
    t.act(0, "use carabiner")
    assert t.state.to_move() == [0, 1]


def test_variant_a_extra_set_is_a_neighbour_without_a_turn__s13_1() -> None:
    """§13.1: each mover compares against the teammate and the extra set; the set has no meeple, marker or turn."""
    t = Table.new(players=2, variant="a", level=2, skills="equipment_manager,buddy", terrain={"E1": "L01"})
    t.queue_faces(2, "Y6 B2 P3 P2 P1 B5")
    t.roll({0: "Y6 Y6 Y5 Y4 Y5 Y4", 1: "B2 P2 B1 B1 P1 P1"})
    t.to_phase5({0: "E1", 1: "D1"})
    assert movement_values(t.state, 0) == (30, [(1, 0), (2, 6)])
    assert t.state.to_move() == [0, 1]
    assert len(t.view(None)["meeples"]) == 2
    t.go(0, path="E1")
    assert t.stamina(0) == 0  # d = 24
    t.go(1)
    assert t.state.round == 2


def test_variant_a_players_may_not_share_a_destination__s13_1() -> None:
    """§13.1: the two players may not share a destination."""
    t = Table.new(players=2, variant="a", skills="equipment_manager,buddy", rolls={})
    t.mark(0, "E1")
    assert "mark E1" not in t.legal(1)


def test_variant_a_scores_eight_base__s17_6() -> None:
    """§17.6 item 18: variant A's base is 8 VP (4 × 2 players)."""
    t = Table.new(players=2, variant="a", skills="buddy,gatherer")
    assert victory_points(t.state) == 8 + 2


def test_variant_b_third_meeple__s13_2() -> None:
    """§13.2: a third meeple on the start with a 6-die skill, marker, equipment and stamina; seat 0 handles
    its marker and turn for the team; it must reach the village too; base 12 VP."""
    t = Table.new(players=2, variant="b", skills="scout,survivalist,gatherer", rolls={})
    assert len(t.view(None)["meeples"]) == 3
    assert t.position(2) == "D1" and t.meeple(2)["skill"] == "gatherer" and t.meeple(2)["seat"] == 0
    assert "mark E1 meeple 2" in t.legal(0) and not any(a.endswith("meeple 2") for a in t.legal(1))
    assert victory_points(t.state) == 12 + 2 + 1 + 1


def test_variant_b_third_meeple_needs_a_six_die_skill__s13_2() -> None:
    """§13.2: the third meeple's skill is a 6-die one; the random deal offers only those."""
    s = GAME.new_game(seed=4, players=2, variant="b")
    s.apply("deal skill 0 scout")
    s.apply("deal skill 1 tinkerer")
    offered = {str(o) for o, _ in s.chance_outcomes()}
    assert offered == {"deal skill 2 equipment_manager", "deal skill 2 buddy", "deal skill 2 gatherer"}


def test_variant_b_each_player_sees_only_their_half__s13_2() -> None:
    """§13.2, §18: each human sees only their 3 of the third meeple's dice (seat 0: D1–D3, seat 1: D4–D6)."""
    t = Table.new(players=2, variant="b", skills="scout,survivalist,gatherer", rolls={})
    for seat, seen in ((0, [True] * 3 + [False] * 3), (1, [False] * 3 + [True] * 3)):
        dice = t.view(seat)["meeples"][2]["dice"]
        assert [("value" in d) for d in dice] == seen


def test_variant_b_rerolls_per_half__s17_6() -> None:
    """§17.6 item 17: the third meeple's reroll count applies to each half; each human rerolls their own half."""
    t = Table.new(players=2, variant="b", skills="scout,survivalist,gatherer", terrain={"D1": "L01"}, rolls={})
    t.plan({0: "E1", 1: "D2", (0, 2): "D1"})
    assert t.rerolls() == [1, 2, 2, 2]  # hands: seat 0, seat 1 (Survivalist), third meeple's two halves
    assert t.state.to_move() == [0, 1]
    t.act(0, "stop")  # seat 0's own hand; next the third meeple's first half
    t.act(1, "stop")
    assert "reroll 2:1 2:2 2:3" in t.legal(0) and not any("2:4" in a for a in t.legal(0))
    assert "reroll 2:4 2:5 2:6" in t.legal(1) and not any("2:1" in a for a in t.legal(1))
    t.act(0, "reroll 2:1")
    t.act(1, "stop")
    assert t.rerolls()[2:] == [1, 2]


# ============================================================================ §18 hints and illegal actions
def test_hints_are_qualitative_and_once_per_phase__s18() -> None:
    """§7.6, §18: structured hints only (threat, fit, intent); each kind (and subject) once per phase; public."""
    t = Table.new(players=3, skills=SIX, rolls={})
    hints = [a for a in t.legal(0) if a.startswith("hint")]
    assert "hint threat 1 serious" in hints and "hint fit poor" in hints and "hint intent help" in hints
    assert not any(ch.isdigit() for h in hints for ch in h.replace("threat 1", "").replace("threat 2", ""))
    t.act(0, "hint threat 1 serious")
    assert not any(a.startswith("hint threat 1") for a in t.legal(0))
    assert any(a.startswith("hint threat 2") for a in t.legal(0))
    t.try_act(0, "hint threat 1 some")
    assert t.view(2)["hints"][0]["level"] == "serious"
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    t.stop_rerolls()
    assert "hint threat 1 some" in t.legal(0)  # a new phase, a new window


def test_illegal_actions_name_a_rule_and_change_nothing__s18() -> None:
    """§18: every refused action raises IllegalAction with a § and leaves the state as it was."""
    t = Table.new(players=3, skills=SIX, cards={0: ["radio"]}, rolls={})
    for seat, text in ((0, "go"), (0, "reroll 1"), (0, "stop"), (0, "bars 1"), (0, "use map 1 to 1"),
                       (1, "mark E1 meeple 0"), (0, "collect"), (0, "injury arm"), (0, "path E1"),
                       (0, "give radio 1"), (0, "keep radio"), (0, "lend 1")):
        err = t.try_act(seat, text)
        assert err.rule.startswith("§"), (text, err)
    t.plan({0: "D1", 1: "E1", 2: "D2"})
    for seat, text in ((0, "mark E2"), (0, "ready"), (0, "go"), (0, "reroll 2:1"), (0, "use radio")):
        err = t.try_act(seat, text)
        assert err.rule.startswith("§"), (text, err)


def test_acting_out_of_turn_is_refused__s10_1() -> None:
    """§10.1: while a player's decision is pending, the others cannot act."""
    t = Table.new(players=3, level=4, skills=SIX, terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    t.go(0)
    err = t.try_act(1, "go")
    assert "may not act now" in err.reason and err.rule == "§10.6"


@pytest.mark.parametrize("text", ["", "   ", "fly away", "mark", "mark Z99", "mark 3C", "reroll x", "reroll 9",
                                  "use", "use nonexistent", "use water", "use map 1", "hint threat 1 huge",
                                  "hint", "bars many", "keep", "go meeple", "path", "injury knee", "lose 0",
                                  "starts 0", "give radio", "use shovel 1 face", "mark E1 meeple"])
def test_malformed_action_text_is_refused__s18(text: str) -> None:
    """§18: unreadable action text raises IllegalAction naming the text and showing how actions are written,
    and changes nothing. A typo breaks no rule, so no § is cited."""
    t = Table.new(players=3, skills=SIX, cards={0: ["radio"]}, rolls={})
    err = t.try_act(0, text)
    assert err.rule == ""
    assert "write it like `" in err.reason
    assert "cannot read" in err.reason or "empty" in err.reason


def test_action_text_round_trips__s18() -> None:
    """§18 (architecture §2): every legal action's text parses back to the same action."""
    t = Table.new(players=3, skills="equipment_manager,tinkerer,gatherer",
                  cards={0: ["binoculars", "rope", "map", "water"], 1: ["pocket_knife", "lighter", "carabiner"]},
                  keep={0: ["binoculars", "rope"], 1: ["pocket_knife"]}, rolls={})
    for seat in range(3):
        for a in t.state.legal_actions(seat):
            assert GAME.parse_action(seat, str(a)) == a
            assert GAME.parse_action(seat, "  " + str(a).upper() + " ") == a


def test_text_needs_a_seat_when_several_may_act__s8_3() -> None:
    """§8.3 / architecture §2: text without a seat is refused when several seats may act."""
    t = Table.new(players=3, skills=SIX, rolls={})
    before = t.state.to_json()
    with pytest.raises(IllegalAction, match="say which seat"):
        t.state.apply("ready")
    assert t.state.to_json() == before


# ============================================================================ options
@pytest.mark.parametrize(("opts", "option", "allowed"), [
    ({"players": 5}, "players", "2, 3, 4"),
    ({"players": 1}, "players", "2, 3, 4"),
    ({"level": 0}, "level", "1, 2, 3, 4"),
    ({"level": 5}, "level", "1, 2, 3, 4"),
    ({"players": 3, "variant": "b"}, "variant", "auto"),
    ({"players": 4, "variant": "a"}, "variant", "auto"),
    ({"players": 2, "variant": "none"}, "variant", "a or b"),
    ({"skills": "scout"}, "skills", "3 different ids"),
    ({"skills": "scout,scout,buddy"}, "skills", "3 different ids"),
    ({"skills": "scout,wizard,buddy"}, "skills", "equipment_manager"),
    ({"players": 2, "variant": "b", "skills": "scout,buddy,survivalist"}, "skills", "6-die"),
    ({"characters": "li,li,krach"}, "characters", "3 different ids"),
    ({"scenario": "8"}, "scenario", "random"),
    ({"extra_thrill": "maybe"}, "extra_thrill", "true or false"),
    ({"colour": "red"}, "colour", "players"),
])
def test_bad_options_name_the_option_and_allowed_values__s13(opts: dict[str, object], option: str,
                                                              allowed: str) -> None:
    """§1.1, §4, §13, §3.1: a bad option raises OptionError naming the option and the allowed values."""
    with pytest.raises(OptionError) as info:
        GAME.new_game(seed=1, **opts)
    assert info.value.option == option
    assert allowed in info.value.allowed
    assert option in str(info.value)


def test_two_players_default_to_variant_a__s13() -> None:
    """§13: two players must use a variant; `auto` picks A."""
    s = GAME.new_game(seed=1, players=2)
    assert s.table.options["variant"] == "a"


def test_game_registry_and_options_schema__s3() -> None:
    """§3: the options schema lists every setup choice with its default."""
    g = outlast.load_game("fuji")
    assert g.options.names() == ["players", "level", "scenario", "variant", "extra_thrill", "skills", "characters"]
    assert g.options.defaults()["players"] == 3 and g.options.defaults()["level"] == 1


def test_random_scenario_is_seeded__s3_4() -> None:
    """§3.4: a random scenario is drawn from the seed, so the same seed gives the same scenario."""
    a = GAME.new_game(seed=11, scenario="random")
    b = GAME.new_game(seed=11, scenario="random")
    assert a.table.board.scenario == b.table.board.scenario
    assert {GAME.new_game(seed=s, scenario="random").table.board.scenario for s in range(40)} == set(range(1, 8))


def test_requirement_data_matches_the_expected_totals__s17_2() -> None:
    """§17.2: the authored requirements give the listed expected totals E for 6 authored dice."""
    expected = {"L01": 7.0, "L04": 14.0, "L07": 6.0, "L08": 15.0, "L09": 9.0, "L10": 12.0, "L11": 9.67,
                "L13": 11.0, "L14": 7.67, "L15": 6.0, "L16": 4.0, "L20": 3.0, "L22": 2.0, "L23": 10.33,
                "L24": 11.0, "H3": 11.0, "H4": 3.0, "H5": 8.0}
    for card_id, e in expected.items():
        tc = C.terrain[C.terrain_index(card_id)]
        total = sum(v for k in range(6) for v in range(1, 7)
                    if tc.valid["YBP".index(C.die_colours[k][v])][v]) / 6
        assert round(total, 2) == e, card_id
    assert [c.id for c in C.terrain if c.extra_reroll] == ["L16", "L19", "L20", "L21", "L22", "H4"]


def test_faces_helper_rejects_unrollable_faces__s17_1() -> None:
    """§17.1: every (value, colour) pair appears on exactly two dice of a set; three of one pair cannot be rolled."""
    t = Table.new(players=3, skills=SIX)
    with pytest.raises(AssertionError):
        faces_for(t.state, 0, "Y6 Y6 Y6")
    pairs = [(C.die_colours[k][v], v) for k in range(6) for v in range(1, 7)]
    assert all(pairs.count(p) == 2 for p in set(pairs))


# ============================================================================ more edges
def test_hemmed_in_neighbours_both_stay__s7_3() -> None:
    """§7.3 gap (engine resolution): two neighbouring meeples on a card lava has cut off (scenario 5: E1
    once D1 and E2 flip after round 6) can reach nothing else. Neither may claim the card from the other;
    both may be ready without a marker and both stay (the only case where neighbours share)."""
    t = Table.new(players=3, level=1, scenario=5, skills=SIX,
                  terrain={"E2": "L01", "D2": "L02", "D1": "L03", "G2": "L21", "E1": "L19"})
    col = {c: (lambda e, c=c: colour_faces(t.state, e, c)) for c in "YBP"}
    t.roll({0: col["Y"](0), 1: col["B"](1), 2: col["P"](2)})
    t.to_phase5({0: "E2", 1: "D2", 2: "D1"})
    t.go(0, path="C2 D2 E2")
    t.go(1, path="C2 D2")
    t.go(2, path="C2 D2 D1")
    t.roll({0: col["Y"](0), 1: col["B"](1), 2: col["P"](2)})
    t.to_phase5({0: "G2", 1: "E1", 2: "D1"})
    t.go(0, path="F2 G2", collect=False)
    t.go(1, path="D1 E1", collect=False)
    t.go(2)
    assert [t.position(e) for e in range(3)] == ["G2", "E1", "D1"]
    # round 3: explorer 2 joins explorer 1 on E1; explorer 1 aims for D1 and fails, so it stays
    t.roll({0: col["Y"](0), 1: colour_faces(t.state, 1, "Y", high=False), 2: col["B"](2)})
    t.to_phase5({0: "G2", 1: "D1", 2: "E1"})
    for seat in range(3):
        t.go(seat, path="E1")
    assert [t.position(e) for e in range(3)] == ["G2", "E1", "E1"]
    for _ in range(3):  # rounds 4-6: everyone fails and stays
        fail_round(t, {0: "G2", 1: "E1", 2: "D1"}, injuries={0: "eye", 1: "eye", 2: "eye"})
    assert {"D1", "E2"} <= set(t.lava()) and "E1" not in t.lava()
    t.roll()
    for seat in (1, 2):
        assert not any(a.startswith("mark") for a in t.legal(seat))
        assert "ready" in t.legal(seat)
        err = t.try_act(seat, "mark E1")
        assert err.rule == "§7.3" and "only card a neighbour" in err.reason
    t.plan({0: "G2"})
    assert [t.meeple(e)["marker"] for e in (1, 2)] == ["E1", "E1"]


def test_gatherer_with_amnesia_neither_earns_nor_spends__s17_6() -> None:
    """§17.6 item 15, §10.6: a Gatherer with amnesia can neither earn nor spend bars."""
    t = Table.new(players=3, level=4, skills="gatherer,buddy,equipment_manager", terrain=FAIL_TERRAIN)
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    bars = t.meeple(0)["power_bars"]
    assert bars == 2
    for seat in range(3):
        t.go(seat)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"}, injuries={0: "amnesia", 1: "arm", 2: "arm"})
    held = t.meeple(0)["power_bars"]
    t.roll(ones(t))
    t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
    assert t.meeple(0)["power_bars"] == held  # nothing earned
    t.act(1, "go")
    assert not any(isinstance(d, PowerBars) for d in t.state.decisions)  # no bar prompt for the mover
    assert movement_values(t.state, 1)[0] == t.state.value(1, t.state.card_at[cell_code("E1")])


def test_round_effects_end_with_the_round__s11_5() -> None:
    """§11.5: First Aid Kit, Flare gun and Radio effects end at the end of the round."""
    t = Table.new(players=3, level=1, skills="equipment_manager,buddy,gatherer", terrain=FAIL_TERRAIN,
                  cards={0: ["first_aid_kit", "flare_gun", "radio", "map"]}, keep={0: ["first_aid_kit", "flare_gun"]},
                  rolls=ONES)
    _phase4(t)
    t.act(0, "use first_aid_kit")
    t.act(0, "use flare_gun")
    assert t.meeple(0)["no_stamina_loss"] and t.meeple(0)["movement_bonus"] == 3
    t.ready_all()
    for seat in range(3):
        t.go(seat)
    assert t.stamina(0) == 0
    assert not t.meeple(0)["no_stamina_loss"] and t.meeple(0)["movement_bonus"] == 0


def test_destination_cut_off_by_an_earlier_extra_eruption__s17_6() -> None:
    """§17.6 item 2: if an extra eruption earlier in the same phase 5 turned the destination to lava, the
    comparison is still made; on success the meeple stays and loses stamina by d."""
    t = Table.new(players=3, level=4, skills="scout,survivalist,tinkerer",
                  terrain={"F2": "L01", "E1": "L02", "E2": "L03", "G2": "L16", "D1": "L22"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "F2", 1: "E1", 2: "E2"})
    t.go(0, path="E1 F1 F2")
    t.go(1, path="E1")
    t.go(2, path="D2 E2")
    fail_round(t, {0: "F2", 1: "E1", 2: "E2"})  # five dice each, D6 out: identical, all tie
    assert sorted(t.lava()) == ["A1", "B1", "C1"]
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B", high=False),
            2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "G2", 1: "D1", 2: "E2"})
    t.go(0, path="G2")  # onto the eruption token: D1 flips now
    assert "D1" in t.lava() and not t.state.is_over()
    t.go(1, injury="arm")
    compare = [e.data for e in t.state.events if e.kind == "compare"][-1]
    assert compare["success"] and compare["value"] == 10
    assert t.position(1) == "E1"
    assert t.stamina(1) == 6 + 1  # d = 10 at level 4 (not the failure's 6)
    assert any("cannot reach" in e.text and "§17.6 item 2" in e.text for e in t.state.events)


def test_rope_onto_an_eruption_token_erupts__s17_6() -> None:
    """§17.6 item 5, §10.4: a Rope step onto an eruption token triggers it (scenario 3, F5 in round 2)."""
    t = Table.new(players=3, level=1, scenario=3, skills=SIX, terrain={"E5": "L01", "E4": "L02", "D5": "L03"},
                  cards={0: ["rope"]})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "E5", 1: "E4", 2: "D5"})
    t.go(0, path="E4 E5")
    t.go(1, path="E4")
    t.go(2, path="D5")
    assert sorted(t.lava()) == ["D1", "D2"]
    t.roll()
    t.act(0, "use rope F5")
    assert sorted(t.lava()) == ["D1", "D2", "D3"]
    assert {c["cell"]: c["eruption_token"] for c in t.view(None)["board"]}["F5"] == 0


def test_pocket_knife_copies_a_tapped_card__s15_pocket_knife() -> None:
    """§15 Pocket knife (INFERRED): a Tinkerer's tapped card is still face up and can be copied."""
    t = Table.new(players=3, skills="tinkerer,buddy,gatherer", cards={0: ["compass", "map", "rope"], 1: ["pocket_knife"]},
                  keep={0: ["compass"]}, rolls={0: "Y6 Y6 B6 B6 P6", 1: "Y6 Y6 B6 B6 P6 P6"})
    _phase4(t)
    t.act(0, "use compass 1")
    assert "use pocket_knife compass 1 2" in t.legal(1)
    t.act(1, "use pocket_knife compass 1 2")
    assert t.state.die_face[6:8] == [1, 1]


def test_variant_b_victory_needs_all_three_meeples__s12_2() -> None:
    """§12.2, §13.2: in variant B the third meeple must reach the village too; the base is 12 VP."""
    t = Table.new(players=2, variant="b", level=1, skills="equipment_manager,buddy,gatherer",
                  terrain=VICTORY_TERRAIN)
    for i, plan in enumerate(VICTORY_ROUNDS):
        t.roll({e: colour_faces(t.state, e, col, high=False) for e, (col, _c, _p) in plan.items()})
        t.to_phase5({(0, 2) if e == 2 else e: cell for e, (_col, cell, _p) in plan.items()})
        for e, (_col, _cell, path) in plan.items():
            if i == 4 and e == 2:
                assert not t.state.is_over()
            t.go(0 if e == 2 else e, meeple=2 if e == 2 else None, path=path or None, collect=False)
    assert t.state.is_over() and t.state.outcome().won
    assert t.state.outcome().details["victory_points"] == 12 + 2 + 1 + 1


def test_round_has_six_phases_in_order__s5() -> None:
    """§5: rolling, planning, rerolls, equipment, movement, eruption, then the next round's roll."""
    t = Table.new(players=3, level=1, skills=SIX, terrain=FAIL_TERRAIN)
    fail_round(t, {0: "D1", 1: "E1", 2: "D2"})
    texts = [e.text for e in t.state.events if e.kind == "phase" and e.text.startswith("round 1")]
    phases = [int(x.split("phase ")[1][0]) for x in texts]
    assert phases == [1, 2, 3, 4, 6] and any(e.kind == "compare" for e in t.state.events)
    assert t.state.round == 2 and t.state.to_move() == [CHANCE]


def test_moving_is_mandatory_after_success__s17_6() -> None:
    """§17.6 item 3: after a success the meeple must go; the path decision offers no way to stay."""
    t = Table.new(players=3, level=1, skills=SIX, terrain={"E2": "L01", "E1": "L02", "D2": "L03"})
    t.roll({0: colour_faces(t.state, 0, "Y"), 1: colour_faces(t.state, 1, "B"), 2: colour_faces(t.state, 2, "P")})
    t.to_phase5({0: "E2", 1: "E1", 2: "D2"})
    t.go(0)
    assert {a.split()[0] for a in t.legal(0)} == {"path"}
    t.try_act(0, "stop")
    t.try_act(0, "skip")
