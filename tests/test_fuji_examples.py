"""Every worked example of fuji.md §16 (TV-1 … TV-8), with the example's own numbers.

Seating of the examples (§16): Jona — Clara — Steve, three players, everyone neighbours everyone.
Here Jona is seat 0, Clara seat 1, Steve seat 2. Every face is rolled by an authored die (§17.1)
whose colour at that value matches; `faces_for` picks the slots and fails if it cannot.
"""

from __future__ import annotations

import pytest

from fuji_helpers import Table, colour_faces, faces_for, faces_valued
from outlast.games.fuji.movement import movement_values

JONA, CLARA, STEVE = 0, 1, 2
SIX_DIE = "buddy,equipment_manager,gatherer"


def test_tv1_movement_comparison_fails_against_a_higher_neighbour__s16_tv1() -> None:
    """TV-1 (§10.2, §4): Clara 16 against Jona 10 and Steve 18 under Y ∨ {4}: she fails and loses 4 at level 2."""
    t = Table.new(players=3, level=2, skills=SIX_DIE, terrain={"E1": "L11"})
    t.roll({JONA: "Y6 B4 B1 P2 B3 B5", CLARA: "P4 B4 Y5 Y3 P1 B2", STEVE: "P4 B4 Y5 Y3 Y2 P6"})
    t.to_phase5({CLARA: "E1", JONA: "D1", STEVE: "D2"})
    own, neighbours = movement_values(t.state, CLARA)
    assert own == 16
    assert dict(neighbours) == {JONA: 10, STEVE: 18}
    t.go(CLARA)
    assert t.position(CLARA) == "D1"  # the meeple stays
    assert t.stamina(CLARA) == 4
    assert t.meeple(CLARA)["marker"] is None  # the marker goes back to the character card (§10.2 item 6)


def _tv2_table(skills: str, terrain: dict[str, str]) -> Table:
    t = Table.new(players=3, level=2, skills=skills, terrain=terrain, rolls={})
    return t


def test_tv2_reroll_counts_by_distance__s16_tv2() -> None:
    """TV-2 (§8.1): Steve at distance 2 gets 1 reroll, Jona at 3 gets 0, Clara staying gets 2."""
    t = _tv2_table(SIX_DIE, {"D1": "L01", "E2": "L02", "G1": "L03"})
    t.plan({STEVE: "E2", JONA: "G1", CLARA: "D1"})
    assert t.rerolls() == [0, 2, 1]


def test_tv2_symbol_adds_one_reroll_to_staying__s16_tv2() -> None:
    """TV-2 extra (§8.1): Clara staying on a card with the extra-reroll symbol gets 3."""
    t = _tv2_table(SIX_DIE, {"D1": "L16", "E2": "L02", "G1": "L03"})
    t.plan({STEVE: "E2", JONA: "G1", CLARA: "D1"})
    assert t.rerolls()[CLARA] == 3


def test_tv2_scout_at_distance_four_with_symbol_gets_none__s16_tv2() -> None:
    """TV-2 extra (§8.1, §14): a Scout marked 4 away on a symbol card gets 0 rerolls."""
    t = _tv2_table("scout,equipment_manager,gatherer", {"F3": "L16", "D1": "L01", "E2": "L02"})
    t.plan({JONA: "F3", CLARA: "D1", STEVE: "E2"})
    assert t.rerolls()[JONA] == 0


def test_tv2_survivalist_at_distance_three_gets_one__s16_tv2() -> None:
    """TV-2 extra (§8.2): the Survivalist marked 3 away gets 0 + 1 = 1."""
    t = _tv2_table("survivalist,equipment_manager,gatherer", {"G1": "L03", "D1": "L01", "E2": "L02"})
    t.plan({JONA: "G1", CLARA: "D1", STEVE: "E2"})
    assert t.rerolls()[JONA] == 1


def test_tv2_eye_injured_survivalist_staying_gets_one__s16_tv2() -> None:
    """TV-2 extra (§8.2, §10.6): an eye-injured Survivalist who stays keeps only the skill reroll: 1.

    The injury is reached by play: at level 4 everyone fails twice (6 + 6 stamina) and crosses
    injury space 7 (§17.3) in round 2.
    """
    t = Table.new(players=3, level=4, skills="survivalist,equipment_manager,gatherer",
                  terrain={"D1": "L24", "E1": "L08", "D2": "L10"})
    for rnd in (1, 2):
        t.roll({e: {d: 1 for d in range(e * 6, e * 6 + 6)} for e in range(3)})  # no valid die anywhere
        t.to_phase5({JONA: "D1", CLARA: "E1", STEVE: "D2"})
        for seat in (JONA, CLARA, STEVE):
            t.go(seat)
            if rnd == 2:
                t.act(seat, "injury eye" if seat == JONA else "injury arm")
        assert [t.stamina(e) for e in range(3)] == [6 * rnd] * 3
    assert t.meeple(JONA)["injuries"] == ["eye"]
    t.roll()
    t.plan({JONA: "D1", CLARA: "E1", STEVE: "D2"})
    assert t.rerolls()[JONA] == 1


TV3_DICE = {STEVE: "P4 B4 B1 P5 P1 B5", CLARA: "Y1 Y1 Y5 P2 B3 Y3", JONA: "Y1 P5 Y2 B6 P1 B5"}
# Steve → P ∨ {4} (L12) at distance 2; Clara stays on Y ∨ {6} (L13); Jona → {P,B} ∧ odd (L15) at 3.
TV3_TERRAIN = {"D1": "L13", "E2": "L12", "F2": "L15"}


def _tv3() -> Table:
    t = Table.new(players=3, level=2, skills=SIX_DIE, terrain=TV3_TERRAIN)
    t.roll(TV3_DICE)
    t.to_phase5({STEVE: "E2", CLARA: "D1", JONA: "F2"})
    return t


def test_tv3_phase5_three_turns_values_and_outcomes__s16_tv3() -> None:
    """TV-3 (§10.2): Steve 14 vs 6/2 moves; Clara 10 vs 9/0 stays; Jona 11 vs 12/3 fails."""
    t = _tv3()
    assert movement_values(t.state, STEVE) == (14, [(JONA, 6), (CLARA, 2)])
    t.go(STEVE, path="E1 E2")
    assert t.position(STEVE) == "E2"
    assert movement_values(t.state, CLARA) == (10, [(JONA, 9), (STEVE, 0)])
    t.go(CLARA)
    assert t.position(CLARA) == "D1"
    assert movement_values(t.state, JONA) == (11, [(CLARA, 3), (STEVE, 12)])
    t.go(JONA)
    assert t.position(JONA) == "D1"
    compares = [e.data for e in t.state.events if e.kind == "compare"]
    assert [c["success"] for c in compares] == [True, True, False]


def test_tv4_stamina_losses_at_level_two__s16_tv4() -> None:
    """TV-4 (§10.5, §4): Clara d=1 loses 3, Steve d=8 loses 0, Jona fails and loses 4."""
    t = _tv3()
    t.go(STEVE, path="E1 E2")
    t.go(CLARA)
    t.go(JONA)
    assert (t.stamina(CLARA), t.stamina(STEVE), t.stamina(JONA)) == (3, 0, 4)
    losses = {e.data["mover"]: e.data["loss"] for e in t.state.events if e.kind == "stamina"}
    assert losses == {STEVE: 0, CLARA: 3, JONA: 4}


TV5 = [(1, 5, 0), (1, 0, 3), (3, 8, 1), (3, 9, 0), (4, 10, 1), (4, 11, 0), (4, 0, 6)]


@pytest.mark.parametrize(("level", "d", "loss"), TV5)
def test_tv5_level_table_rows__s16_tv5(level: int, d: int, loss: int) -> None:
    """TV-5 (§4): each row played out. Jona stays on a yellow card with d yellow pips; the others have none."""
    t = Table.new(players=3, level=level, skills=SIX_DIE, terrain={"D1": "L01", "E1": "L02", "D2": "L03"})
    t.roll({JONA: faces_valued(t.state, JONA, "L01", d), CLARA: faces_valued(t.state, CLARA, "L01", 0),
            STEVE: faces_valued(t.state, STEVE, "L01", 0)})
    t.to_phase5({JONA: "D1", CLARA: "E1", STEVE: "D2"})
    t.go(JONA)
    assert t.stamina(JONA) == loss
    assert t.state.table.level_loss[d] == loss


def test_tv5_tie_counts_as_failure__s16_tv5() -> None:
    """TV-5 (§10.2 item 4): values 7, 7, 3 at level 2: the tie fails and costs the maximum 4."""
    t = Table.new(players=3, level=2, skills=SIX_DIE, terrain={"D1": "L01", "E1": "L02", "D2": "L03"})
    t.roll({JONA: faces_valued(t.state, JONA, "L01", 7), CLARA: faces_valued(t.state, CLARA, "L01", 7),
            STEVE: faces_valued(t.state, STEVE, "L01", 3)})
    t.to_phase5({JONA: "D1", CLARA: "E1", STEVE: "D2"})
    assert movement_values(t.state, JONA) == (7, [(CLARA, 7), (STEVE, 3)])
    t.go(JONA)
    assert t.stamina(JONA) == 4


def _colour_round(t: Table, colours: dict[int, str]) -> None:
    """Each explorer's dice all show one colour, at the highest value of that colour."""
    t.roll({e: colour_faces(t.state, e, col) for e, col in colours.items()})


def test_tv6_eruption_spread_in_scenario_one__s16_tv6() -> None:
    """TV-6 (§11.1, §11.3): after round 1 B1, then C1, then D1 (white start), then E1 and D2 together.

    C1 touches B1 but does not flip in round 1: there is no chain reaction inside one eruption.
    The meeples leave the start in round 1: each holds dice of one colour only and marks a card
    that counts only that colour, so every move succeeds.
    """
    t = Table.new(players=3, level=1, skills="equipment_manager,buddy,gatherer",
                  terrain={"G1": "L01", "F2": "L02", "E2": "L03"})
    expected = [["A1", "B1"], ["A1", "B1", "C1"], ["A1", "B1", "C1", "D1"], ["A1", "B1", "C1", "D1", "D2", "E1"]]
    assert t.lava() == ["A1"]
    for rnd, lava in enumerate(expected, start=1):
        _colour_round(t, {0: "Y", 1: "B", 2: "P"})
        if rnd == 1:
            t.to_phase5({0: "G1", 1: "F2", 2: "E2"})
            t.go(0)
            t.go(1, path="E1 F1 F2")
            t.go(2, path="D2 E2")
        else:
            t.to_phase5({0: "G1", 1: "F2", 2: "E2"})
            for seat in range(3):
                t.go(seat)
        assert not t.state.is_over()
        assert sorted(t.lava()) == lava, f"after round {rnd}"
        assert [t.position(e) for e in range(3)] == ["G1", "F2", "E2"]
    eruptions = [e.data["cells"] for e in t.state.events if e.kind == "eruption"]
    assert eruptions == [["B1"], ["C1"], ["D1"], ["E1", "D2"]] or eruptions == [["B1"], ["C1"], ["D1"], ["D2", "E1"]]


def test_tv6_meeple_left_on_white_start_is_defeat__s16_tv6() -> None:
    """TV-6 (§11.2, §12.1): any meeple still on D1 when it flips after round 3 loses the game."""
    t = Table.new(players=3, level=1, skills=SIX_DIE, terrain={"D1": "L24", "E1": "L08", "D2": "L10"})
    for _ in range(3):
        t.roll({e: {d: 1 for d in range(e * 6, e * 6 + 6)} for e in range(3)})  # everyone fails and stays
        t.to_phase5({0: "D1", 1: "E1", 2: "D2"})
        for seat in range(3):
            t.go(seat, injury="arm")  # the third failure crosses injury space 7 (§17.3)
    assert t.state.is_over()
    assert not t.state.outcome().won
    assert "lava" in t.state.outcome().details["reason"]
    assert "§12.1" in t.state.outcome().details["reason"]


def test_tv7_first_aid_kit_failure_costs_nothing_and_does_not_move__s16_tv7() -> None:
    """TV-7 (§15 First Aid Kit): a failure (d = 0) at level 3 costs 0 stamina and the meeple stays."""
    t = Table.new(players=3, level=3, skills=SIX_DIE, terrain={"E1": "L01", "D1": "L02", "D2": "L03"},
                  cards={0: ["first_aid_kit"]})
    assert t.cards_of(0) == ["first_aid_kit"]
    t.roll({0: faces_valued(t.state, 0, "L01", 0), 1: faces_valued(t.state, 1, "L01", 5),
            2: faces_valued(t.state, 2, "L01", 0)})
    t.plan({0: "E1", 1: "D1", 2: "D2"})
    t.stop_rerolls()
    t.act(0, "use first_aid_kit")
    t.ready_all()
    t.go(0)
    assert t.position(0) == "D1"
    assert t.stamina(0) == 0
    assert t.cards_of(0) == []  # used and discarded (§9.2)


def _tv8(mover_skill: str) -> Table:
    # Jona raw 9 under yellow; Clara 10; Steve (the Gatherer) 4. Steve stays: 2 rerolls, not taken → 2 bars.
    t = Table.new(players=3, level=2, skills=f"{mover_skill},equipment_manager,gatherer",
                  terrain={"E1": "L01", "D1": "L02", "D2": "L03"}, cards={0: ["flare_gun"]})
    t.roll({JONA: faces_valued(t.state, JONA, "L01", 9), CLARA: faces_valued(t.state, CLARA, "L01", 10),
            STEVE: faces_valued(t.state, STEVE, "L01", 4)})
    t.plan({JONA: "E1", CLARA: "D2", STEVE: "D1"})
    t.stop_rerolls()
    return t


def test_tv8_flare_gun_adds_three_on_own_turn__s16_tv8() -> None:
    """TV-8 (§15 Flare gun): raw 9 against 10 and 4; with the flare 12 > 10, success with d = 2."""
    t = _tv8("buddy")
    assert movement_values(t.state, JONA) == (9, [(CLARA, 10), (STEVE, 4)])
    t.act(JONA, "use flare_gun")
    t.ready_all()
    assert movement_values(t.state, JONA) == (12, [(CLARA, 10), (STEVE, 4)])
    t.go(JONA, path="E1")
    assert t.position(JONA) == "E1"
    assert t.stamina(JONA) == 3  # d = 2 at level 2 (§4)
    compare = next(e.data for e in t.state.events if e.kind == "compare")
    assert compare["value"] == 12 and compare["success"]


def test_tv8_gatherer_spends_two_bars_on_the_mover__s16_tv8() -> None:
    """TV-8 alternative (§14 Gatherer): 2 bars on the mover: 11 > 10, success with d = 1."""
    t = _tv8("buddy")
    assert t.meeple(STEVE)["power_bars"] == 2
    t.ready_all()
    t.go(JONA, bars={STEVE: 2}, path="E1")
    assert t.position(JONA) == "E1"
    assert t.stamina(JONA) == 3  # d = 1 at level 2 (§4)
    assert t.meeple(STEVE)["power_bars"] == 0
    compare = next(e.data for e in t.state.events if e.kind == "compare")
    assert compare["value"] == 11 and compare["success"]


def test_example_faces_are_rollable_with_authored_dice__s17_1() -> None:
    """§16 preamble: every face in the examples can be rolled by the authored dice (§17.1)."""
    t = Table.new(players=3, level=2, skills=SIX_DIE)
    for faces in ["P4 B4 Y5 Y3 P1 B2", "Y6 B4 B1 P2 B3 B5", "P4 B4 Y5 Y3 Y2 P6", *TV3_DICE.values()]:
        assert len(faces_for(t.state, 0, faces)) == 6
