"""The Event phase: the drawn Event card and the Threat spaces (robinson-crusoe.md §5).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
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

if TYPE_CHECKING:
    from .state import RobinsonState


def _event_drawn(state: RobinsonState, card: int) -> None:
    cd = state.content.cards[card]
    state.zone[card] = Z_RESOLVING
    if cd.kind in ("adventure", "mystery"):
        # §5.2, §16.11: only the Event half, then draw again
        title = cd.data.get("event_name") or cd.name
        node = state.program.card.get((card, "event"))
        state.log("event", f"Event deck: {cd.name} shows its Event half, {title} (§5.2).")
        if node is not None:
            state._push((node, state.first_player, card, 0))
        state._push((I_EVENT_HALF_DONE, 0, card, 0))
        return
    state.log("event", f"Event: {cd.name}. {cd.text}")
    state._push((I_ICON, state.first_player, card, 0), (state.program.card[(card, "event")], state.first_player, card, 0), (I_SLIDE, 0, card, 0))


def _slide(state: RobinsonState, card: int) -> None:
    """Put the card on the right Threat space; a card pushed off the left resolves its Threat effect (§5.3)."""
    right = state.cards_in(Z_THREAT_R)
    left = state.cards_in(Z_THREAT_L)
    if state.zone[card] != Z_RESOLVING:  # shuffled away by its own effect
        state.phase, state.step = MORALE, 0
        return
    if right:
        if left:
            old = left[0]
            state.zone[old] = Z_RESOLVING
            od = state.content.cards[old]
            alt = state.table.options["alt_threats"] and (old, "threat_effect_alt") in state.program.card
            node = state.program.card.get((old, "threat_effect_alt" if alt else "threat_effect"))
            state.log("threat", f"{od.name} is pushed off the board: its Threat effect happens (§5.3).")
            if node is not None:
                state._push((node, state.first_player, old, 0))
            state._push((I_DISCARD, 0, old, 0))
        state.zone[right[0]] = Z_THREAT_L
    state.zone[card] = Z_THREAT_R
    state.phase, state.step = MORALE, 0
