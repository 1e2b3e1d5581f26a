# mypy: disable-error-code="misc"
"""The Production phase and the wood pile (robinson-crusoe.md §7, §25.1).

`ProductionPhaseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import CH_PIT, FOOD, TK_FOOD, TK_SHORTCUT, TK_WOOD, WOOD
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class ProductionPhaseRules(StateFields):
    """The Production phase and the wood pile: a part of `RobinsonState`."""

    __slots__ = ()

    def _production(self: RobinsonState) -> None:
        tile = self.space_tile[self.camp]
        if tile >= 0:
            self._produce_from(self.camp, tile, every=True)
        for sp in range(len(self.space_tk)):
            if self.space_tk[sp] & TK_SHORTCUT and self.space_tile[sp] >= 0 and not self.space_lost[sp]:
                self._produce_from(sp, self.space_tile[sp], every=False)
        food = self.modifier(abilities.PIT_FOOD, -1)
        if food >= 0:
            self.chance = [CH_PIT, food, 0, 0]

    def _produce_from(self: RobinsonState, sp: int, tile: int, every: bool) -> None:
        """The Camp tile gives 1 per source (§7.1); a Shortcut tile gives what its Item says from one source (§17.2)."""
        srcs = self.content.tiles[tile].sources
        got = False
        for i, kind in enumerate(srcs):
            r = WOOD if kind == "wood" else FOOD
            if self.flags & (1 if r == WOOD else 2):
                self.log("production", f"No {kind} from Production this round (a card says so).")
                continue
            if every:
                token = TK_WOOD if r == WOOD else TK_FOOD
                amount = (0 if self.space_exh[sp] >> i & 1 else 1)
                if amount:
                    self.gain(r, amount, -1, "Production (§7.1)", to_future=False)
                if self.space_tk[sp] & token and i == srcs.index(kind):
                    self.gain(r, 1, -1, "a +1 token on the Camp tile (§20.6)", to_future=False)
            elif not got and not self.space_exh[sp] >> i & 1:
                self.gain(r, self.modifier(abilities.TOKEN_TILE_PRODUCTION, 0), -1, "the Shortcut (§17.2)",
                          to_future=False)
                self.gathered.append(sp * 2 + i)
                got = True

    def _pile_stage(self: RobinsonState) -> int:
        """The lowest unfinished stage of the wood pile, or -1 when none may take wood this round (§25.1)."""
        if self.pile_done:
            return -1
        for i, need in enumerate(self.table.scenario.pile):
            if self.pile[i] < need:
                return i
        return -1

    def add_to_pile(self: RobinsonState, k: int, cause: str) -> None:
        """Wood onto the lowest unfinished stage; wood beyond its need is lost (§25.1)."""
        for i, need in enumerate(self.table.scenario.pile):
            if self.pile[i] < need:
                put = min(k, need - self.pile[i])
                self.pile[i] += put
                self.log("pile", f"{put} wood onto stage {i + 1} of the pile ({cause}); it holds {self.pile[i]}/{need}.")
                break
        self.check_win()
