"""Exploration: distance, placing a tile, losing a tile (robinson-crusoe.md §8.1.7, §8.10, §16.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import CH_BEAST, I_TOKENS, RESOLVE, TOK_AVAIL, TOK_FUTURE, Z_BEAST_DECK

if TYPE_CHECKING:
    from .state import RobinsonState


def _distance(state: RobinsonState, sp: int) -> int:
    """1 next to the Camp, 2 one explored tile away, 0 farther (§8.1.7)."""
    nb = state.content.neighbours
    if sp == state.camp:
        return 0
    if sp in nb[state.camp]:
        return 1
    for mid in nb[state.camp]:
        if state.space_tile[mid] >= 0 and not state.space_lost[mid] and sp in nb[mid]:
            return 2
    return 0


def _place_tile(state: RobinsonState, tile: int, sp: int, lead: int) -> None:
    """§8.10: place the tile; its beast, totem, discoveries and tent take effect."""
    td = state.content.tiles[tile]
    state.tile_at[tile] = sp
    state.space_tile[sp] = tile
    state.log("explore", f"Tile {td.number} ({td.terrain}) is explored at s{sp + 1} (§8.10).")
    if td.tent and 0 <= lead < state.players:
        state.explored_tent[lead] = 1
    if td.discoveries:
        state._push((I_TOKENS, TOK_FUTURE if state.phase == RESOLVE else TOK_AVAIL, td.discoveries, 0))
    if td.totem:
        state._push((state.program.totem, lead, -1, 0))
    if td.beast and state.count_in(Z_BEAST_DECK):
        state.chance = [CH_BEAST, 0, 0, 0]


def _markable_tiles(state: RobinsonState, bit: int) -> list[int]:
    """Explored, accessible tiles an Action can target, without that token yet (§12.6, §20)."""
    return [sp for sp, t in enumerate(state.space_tile) if t >= 0 and not state.space_lost[sp]
            and sp != state.camp and not state.space_tokens[sp] & bit]


def _losable_tiles(state: RobinsonState) -> list[int]:
    return [sp for sp, t in enumerate(state.space_tile) if t >= 0 and sp != state.camp and not state.space_lost[sp]]


def lose_tile(state: RobinsonState, sp: int) -> None:
    """§16.4: the tile turns face down; its tokens and markers go; its terrain may be lost (§16.5)."""
    state.space_lost[sp] = 1
    state.space_tokens[sp] = 0
    state.covered_sources[sp] = 0
    state.log("effect", f"The tile at s{sp + 1} becomes inaccessible (§16.4).")
