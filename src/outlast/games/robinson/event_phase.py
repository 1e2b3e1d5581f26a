# mypy: disable-error-code="misc"
"""The Event phase: the drawn Event card and the Threat spaces (robinson-crusoe.md §5).

`EventPhaseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    I_DISCARD,
    I_EVENT_HALF_DONE,
    I_ICON,
    I_SLIDE,
    MORALE,
    Z_RESOLVING,
    Z_THREAT_L,
    Z_THREAT_R,
)
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class EventPhaseRules(StateFields):
    """The Event phase: a part of `RobinsonState`."""

    __slots__ = ()

    def _event_drawn(self: RobinsonState, card: int) -> None:
        cd = self.content.cards[card]
        self.zone[card] = Z_RESOLVING
        if cd.kind in ("adventure", "mystery"):
            # §5.2, §16.11: only the Event half, then draw again
            title = cd.data.get("event_name") or cd.name
            node = self.program.card.get((card, "event"))
            self.log("event", f"Event deck: {cd.name} shows its Event half, {title} (§5.2).")
            if node is not None:
                self._push((node, self.first_player, card, 0))
            self._push((I_EVENT_HALF_DONE, 0, card, 0))
            return
        self.log("event", f"Event: {cd.name}. {cd.text}")
        self._push((I_ICON, self.first_player, card, 0), (self.program.card[(card, "event")], self.first_player, card, 0), (I_SLIDE, 0, card, 0))

    def _slide(self: RobinsonState, card: int) -> None:
        """Put the card on the right Threat space; a card pushed off the left resolves its Threat effect (§5.3)."""
        right = self.cards_in(Z_THREAT_R)
        left = self.cards_in(Z_THREAT_L)
        if self.zone[card] != Z_RESOLVING:  # shuffled away by its own effect
            self.phase, self.step = MORALE, 0
            return
        if right:
            if left:
                old = left[0]
                self.zone[old] = Z_RESOLVING
                od = self.content.cards[old]
                alt = self.table.options["alt_threats"] and (old, "threat_effect_alt") in self.program.card
                node = self.program.card.get((old, "threat_effect_alt" if alt else "threat_effect"))
                self.log("threat", f"{od.name} is pushed off the board: its Threat effect happens (§5.3).")
                if node is not None:
                    self._push((node, self.first_player, old, 0))
                self._push((I_DISCARD, 0, old, 0))
            self.zone[right[0]] = Z_THREAT_L
        self.zone[card] = Z_THREAT_R
        self.phase, self.step = MORALE, 0
