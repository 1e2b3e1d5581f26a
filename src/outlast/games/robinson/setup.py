# mypy: disable-error-code="misc"
"""Setup: laying out the game and the setup draws (robinson-crusoe.md §3).

`SetupRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    CH_EVENT,
    CH_INV,
    CH_START,
    EVENT,
    TOK_BAG,
    TOK_BOX,
    Z_ADV_B,
    Z_ADV_E,
    Z_ADV_G,
    Z_BEAST_DECK,
    Z_BOX,
    Z_EVENT_STACK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_MYST_DECK,
    Z_THREAT_R,
)
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class SetupRules(StateFields):
    """Setup: a part of `RobinsonState`."""

    __slots__ = ()

    def start(self: RobinsonState) -> None:
        """Lay out the game (§3) and run until the first decision or chance point."""
        c, t = self.content, self.table
        sc = t.scenario
        used_personal = {c.characters[ch].personal for ch in t.chars}
        for card in c.cards:
            d = card.data
            i = card.index
            if card.kind == "event":
                self.zone[i] = Z_EVENT_STACK
            elif card.kind == "adventure":
                self.zone[i] = {"build": Z_ADV_B, "gather": Z_ADV_G, "explore": Z_ADV_E}[d["deck"]]
            elif card.kind == "mystery":
                self.zone[i] = Z_MYST_DECK
            elif card.kind == "beast":
                self.zone[i] = Z_BEAST_DECK
            elif card.kind == "invention":
                g = d["group"]
                if g == "starting":
                    self.zone[i] = Z_INV_BOARD
                elif g == "personal" and card.id in used_personal:
                    self.zone[i] = Z_INV_OWNER
                elif g == "scenario":
                    self.zone[i] = Z_INV_SCENARIO if card.id in sc.inventions else Z_BOX
                else:
                    self.zone[i] = Z_INV_DECK
        books = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] == "book")
        advs = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] != "book")
        self._set_ev(min(t.event_split[0], books), min(t.event_split[1], advs))
        for i, k in enumerate(c.tokens):
            kind = c.token_kinds[k]
            self.token_place[i] = TOK_BAG if not kind.scenario or kind.id in sc.discoveries else TOK_BOX
        start_tile = next(x.index for x in c.tiles if x.number == sc.start_tile)
        sp = c.start_space
        self.tile_at[start_tile] = sp
        self.space_tile[sp] = start_tile
        self.camp = sp
        if t.friday:
            self.friday_alive = 1
        self.log("setup", f"{len(t.chars)} castaway(s): " + ", ".join(self.char_name(p) for p in range(self.players))
                 + (", with Friday" if t.friday else "") + (" and the Dog" if t.dog else "") + ".")
        self.step = 0
        self._advance()

    def _setup_step(self: RobinsonState) -> bool:
        """Setup draws (§3 steps 5, 12, 17) as chance points, then round 1."""
        t = self.table
        if self.step < 5:
            if self.count_in(Z_INV_DECK):
                self.chance = [CH_INV, Z_INV_BOARD, 0, 0]
            self.step += 1
            return True
        if self.step < 5 + t.options["starting_items"]:
            self.chance = [CH_START, 0, 0, 0]
            self.step += 1
            return True
        if self.step < 100:
            self.step = 100
            if t.options["wreckage"] == "random":
                self.chance = [CH_EVENT, 1, 0, 0]
            else:
                w = self.content.by_id[t.scenario.wreckage]
                self.zone[w] = Z_THREAT_R
                self.log("setup", f"{self.content.cards[w].name} lies in the right Threat space.")
            return True
        self.phase, self.step = EVENT, 0
        return True
