"""Tile tokens, lost tiles and the minus-one-pawn token (robinson-crusoe.md §16.4, §16.5, §20)."""

from __future__ import annotations

from outlast.games.robinson.state import TK_BEAST, TK_EXTRA
from robinson_helpers import CARPENTER, COOK, SOLDIER, Table

S6, S7 = 5, 6  # 0-based spaces next to the start Camp (s10)


def _table() -> Table:
    return Table.new(players=3, characters="carpenter,cook,soldier")


def test_beast_strength_token_is_placed_on_a_chosen_tile_s20_3b() -> None:
    t = _table().to_plan()
    t.explore(5, S6)
    s = t.state
    s._push((s.program.card[(s.content.by_id["prowler_tracks"], "event")], s.first_player, -1, 0))
    s._advance()
    assert "mark s6" in [str(a) for a in s.legal_actions(s.first_player)]
    t.answer("mark s6")
    assert s.space_tokens[S6] & TK_BEAST


def test_extra_pawn_tile_token_raises_the_minimum_s20_4b() -> None:
    t = _table().to_plan()
    t.explore(5, S6)
    t.state.space_tokens[S6] |= TK_EXTRA
    t.state.forget()
    t.act(COOK, "place 1 gather:s6:wood")
    assert t.state._min_pawns(0) == 2  # adjacent (1) plus the token (§20.4b)


def test_beast_strength_tile_wounds_without_a_weapon_s20_3b() -> None:
    t = _table().to_plan()
    t.explore(5, S6)
    s = t.state
    s.space_tokens[S6] |= TK_BEAST
    s.forget()
    before = s.wounds[COOK]
    t.plan((COOK, "place 1 gather:s6:wood"), (COOK, "join 2 1"), (CARPENTER, "place 1 rest"),
           (CARPENTER, "place 2 rest"), (SOLDIER, "place 1 rest"), (SOLDIER, "place 2 rest"))
    t.pass_windows()
    assert s.wounds[COOK] == before + 1  # Weapon 0 on a tile with a Beast Strength token


def test_lost_tile_is_inaccessible_and_its_terrain_unexplored_s16_4_s16_5() -> None:
    t = _table().to_plan()
    t.explore(5, S6)  # tile 5 is Mountains
    s = t.state
    assert "mountains" in s.explored_terrains()
    s._push((s.program.card[(s.content.by_id["rockslide"], "event")], s.first_player, -1, 0))
    s._advance()
    t.answer("lose s6")
    assert s.space_lost[S6] and "mountains" not in s.explored_terrains()


def test_minus_one_pawn_for_the_next_planning_s20() -> None:
    t = _table()
    s = t.state
    s.minus[COOK] = 1
    t.to_plan()
    assert s.pawns_of(COOK) == [2 * COOK]
    t.act(COOK, "place 1 rest")
    assert "ready" in [str(a) for a in s.legal_actions(COOK)]  # one pawn is all the Cook has this round
