"""Setup: laying out the game and the setup draws (robinson-crusoe.md §3).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
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

if TYPE_CHECKING:
    from .state import RobinsonState


def start(state: RobinsonState) -> None:
    """Lay out the game (§3) and run until the first decision or chance point."""
    c, t = state.content, state.table
    sc = t.scenario
    used_personal = {c.characters[ch].personal for ch in t.chars}
    for card in c.cards:
        d = card.data
        i = card.index
        if card.kind == "event":
            state.zone[i] = Z_EVENT_STACK
        elif card.kind == "adventure":
            state.zone[i] = {"build": Z_ADV_B, "gather": Z_ADV_G, "explore": Z_ADV_E}[d["deck"]]
        elif card.kind == "mystery":
            state.zone[i] = Z_MYST_DECK
        elif card.kind == "beast":
            state.zone[i] = Z_BEAST_DECK
        elif card.kind == "invention":
            g = d["group"]
            if g == "starting":
                state.zone[i] = Z_INV_BOARD
            elif g == "personal" and card.id in used_personal:
                state.zone[i] = Z_INV_OWNER
            elif g == "scenario":
                state.zone[i] = Z_INV_SCENARIO if card.id in sc.inventions else Z_BOX
            else:
                state.zone[i] = Z_INV_DECK
    books = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] == "book")
    advs = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] != "book")
    state._set_ev(min(t.event_split[0], books), min(t.event_split[1], advs))
    for i, k in enumerate(c.tokens):
        kind = c.token_kinds[k]
        state.token_place[i] = TOK_BAG if not kind.scenario or kind.id in sc.discoveries else TOK_BOX
    start_tile = next(x.index for x in c.tiles if x.number == sc.start_tile)
    sp = c.start_space
    state.tile_at[start_tile] = sp
    state.space_tile[sp] = start_tile
    state.camp = sp
    if t.friday:
        state.friday_alive = 1
    state.log("setup", f"{len(t.chars)} castaway(s): " + ", ".join(state.char_name(p) for p in range(state.players))
             + (", with Friday" if t.friday else "") + (" and the Dog" if t.dog else "") + ".")
    state.step = 0
    state._advance()


def _setup_step(state: RobinsonState) -> bool:
    """Setup draws (§3 steps 5, 12, 17) as chance points, then round 1."""
    t = state.table
    if state.step < 5:
        if state.count_in(Z_INV_DECK):
            state.chance = [CH_INV, Z_INV_BOARD, 0, 0]
        state.step += 1
        return True
    if state.step < 5 + t.options["starting_items"]:
        state.chance = [CH_START, 0, 0, 0]
        state.step += 1
        return True
    if state.step < 100:
        state.step = 100
        if t.options["wreckage"] == "random":
            state.chance = [CH_EVENT, 1, 0, 0]
        else:
            w = state.content.by_id[t.scenario.wreckage]
            state.zone[w] = Z_THREAT_R
            state.log("setup", f"{state.content.cards[w].name} lies in the right Threat space.")
        return True
    state.phase, state.step = EVENT, 0
    return True
