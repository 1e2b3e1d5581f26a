# mypy: disable-error-code="misc"
"""Mystery draws: treasures, traps and monsters (robinson-crusoe.md §16.2).

`MysteryRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    CH_MYST,
    I_MYST_AFTER,
    I_MYST_STEP,
    Z_KEPT,
    Z_MYST_ASIDE,
    Z_MYST_DECK,
    Z_MYST_DISCARD,
    Z_RESOLVING,
)
from .decisions import MysteryDraw
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class MysteryRules(StateFields):
    """Mystery draws: a part of `RobinsonState`."""

    __slots__ = ()

    def _myst_step(self: RobinsonState) -> None:
        need = self.mystery_draw
        if not need or not any(need[:3]):
            self._myst_end()
            return
        if not self.count_in(Z_MYST_DECK):
            for card in self.cards_in(Z_MYST_DISCARD):
                self.zone[card] = Z_MYST_DECK
        if not self.count_in(Z_MYST_DECK):
            self.log("mystery", "The Mystery deck is empty: the draw stops (§16.2).")
            self._myst_end()
            return
        self.chance = [CH_MYST, 0, 0, 0]

    def _myst_drawn(self: RobinsonState, card: int) -> None:
        t = ("treasure", "monster", "trap").index(self.content.cards[card].data["type"])
        name = self.content.cards[card].name
        if self.mystery_draw[t] > 0:
            self.mystery_draw[t] -= 1
            self.mystery_draw[4] = 1
            self.zone[card] = Z_RESOLVING
            self.log("mystery", f"Mystery {self.content.cards[card].data['type']}: {name}. {self.content.cards[card].text}")
            self._push((self.program.card[(card, "action")], self.mystery_draw[3], card, 0), (I_MYST_AFTER, 0, card, 0))
        else:
            self.zone[card] = Z_MYST_ASIDE
            self.log("mystery", f"{name} ({self.content.cards[card].data['type']}) is set aside (§16.2).")
            self._push((I_MYST_STEP, 0, 0, 0))

    def _myst_after(self: RobinsonState, card: int) -> None:
        d = self.content.cards[card].data
        if self.zone[card] == Z_RESOLVING:
            if d.get("keep"):
                self.zone[card] = Z_KEPT
                self.uses[card] = d["keep"].get("uses", -1)
                self.log("mystery", f"{self.content.cards[card].name} is kept.")
            else:
                self.zone[card] = Z_MYST_DISCARD
        if self.mystery_draw and any(self.mystery_draw[:3]) and not self.over:
            self.decisions.append(MysteryDraw(self.seat_of(self.mystery_draw[3]) if self.mystery_draw[3] >= 0 else self.first_player))
        else:
            self._myst_end()

    def _myst_end(self: RobinsonState) -> None:
        for card in self.cards_in(Z_MYST_ASIDE):
            self.zone[card] = Z_MYST_DECK
        self.mystery_draw = []
