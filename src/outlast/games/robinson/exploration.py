# mypy: disable-error-code="misc"
"""Exploration: distance, placing a tile, losing a tile (robinson-crusoe.md §8.1.7, §8.10, §16.4).

`ExplorationRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import CH_BEAST, I_TOKENS, RESOLVE, TOK_AVAIL, TOK_FUTURE, Z_BEAST_DECK
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class ExplorationRules(StateFields):
    """Exploration: a part of `RobinsonState`."""

    __slots__ = ()

    def _distance(self: RobinsonState, sp: int) -> int:
        """1 next to the Camp, 2 one explored tile away, 0 farther (§8.1.7)."""
        nb = self.content.neighbours
        if sp == self.camp:
            return 0
        if sp in nb[self.camp]:
            return 1
        for mid in nb[self.camp]:
            if self.space_tile[mid] >= 0 and not self.space_lost[mid] and sp in nb[mid]:
                return 2
        return 0

    def _place_tile(self: RobinsonState, tile: int, sp: int, lead: int) -> None:
        """§8.10: place the tile; its beast, totem, discoveries and tent take effect."""
        td = self.content.tiles[tile]
        self.tile_at[tile] = sp
        self.space_tile[sp] = tile
        self.log("explore", f"Tile {td.number} ({td.terrain}) is explored at s{sp + 1} (§8.10).")
        if td.tent and 0 <= lead < self.players:
            self.explored_tent[lead] = 1
        if td.discoveries:
            self._push((I_TOKENS, TOK_FUTURE if self.phase == RESOLVE else TOK_AVAIL, td.discoveries, 0))
        if td.totem:
            self._push((self.program.totem, lead, -1, 0))
        if td.beast and self.count_in(Z_BEAST_DECK):
            self.chance = [CH_BEAST, 0, 0, 0]

    def _markable_tiles(self: RobinsonState, bit: int) -> list[int]:
        """Explored, accessible tiles an Action can target, without that token yet (§12.6, §20)."""
        return [sp for sp, t in enumerate(self.space_tile) if t >= 0 and not self.space_lost[sp]
                and sp != self.camp and not self.space_tokens[sp] & bit]

    def _losable_tiles(self: RobinsonState) -> list[int]:
        return [sp for sp, t in enumerate(self.space_tile) if t >= 0 and sp != self.camp and not self.space_lost[sp]]

    def lose_tile(self: RobinsonState, sp: int) -> None:
        """§16.4: the tile turns face down; its tokens and markers go; its terrain may be lost (§16.5)."""
        self.space_lost[sp] = 1
        self.space_tokens[sp] = 0
        self.covered_sources[sp] = 0
        self.log("effect", f"The tile at s{sp + 1} becomes inaccessible (§16.4).")
