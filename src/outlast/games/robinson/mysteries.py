"""Mystery draws: treasures, traps and monsters (robinson-crusoe.md §16.2).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
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

if TYPE_CHECKING:
    from .state import RobinsonState


def _myst_step(state: RobinsonState) -> None:
    need = state.mystery_draw
    if not need or not any(need[:3]):
        _myst_end(state)
        return
    if not state.count_in(Z_MYST_DECK):
        for card in state.cards_in(Z_MYST_DISCARD):
            state.zone[card] = Z_MYST_DECK
    if not state.count_in(Z_MYST_DECK):
        state.log("mystery", "The Mystery deck is empty: the draw stops (§16.2).")
        _myst_end(state)
        return
    state.chance = [CH_MYST, 0, 0, 0]


def _myst_drawn(state: RobinsonState, card: int) -> None:
    t = ("treasure", "monster", "trap").index(state.content.cards[card].data["type"])
    name = state.content.cards[card].name
    if state.mystery_draw[t] > 0:
        state.mystery_draw[t] -= 1
        state.mystery_draw[4] = 1
        state.zone[card] = Z_RESOLVING
        state.log("mystery", f"Mystery {state.content.cards[card].data['type']}: {name}. {state.content.cards[card].text}")
        state._push((state.program.card[(card, "action")], state.mystery_draw[3], card, 0), (I_MYST_AFTER, 0, card, 0))
    else:
        state.zone[card] = Z_MYST_ASIDE
        state.log("mystery", f"{name} ({state.content.cards[card].data['type']}) is set aside (§16.2).")
        state._push((I_MYST_STEP, 0, 0, 0))


def _myst_after(state: RobinsonState, card: int) -> None:
    d = state.content.cards[card].data
    if state.zone[card] == Z_RESOLVING:
        if d.get("keep"):
            state.zone[card] = Z_KEPT
            state.uses[card] = d["keep"].get("uses", -1)
            state.log("mystery", f"{state.content.cards[card].name} is kept.")
        else:
            state.zone[card] = Z_MYST_DISCARD
    if state.mystery_draw and any(state.mystery_draw[:3]) and not state.over:
        state.decisions.append(MysteryDraw(state.seat_of(state.mystery_draw[3]) if state.mystery_draw[3] >= 0 else state.first_player))
    else:
        _myst_end(state)


def _myst_end(state: RobinsonState) -> None:
    for card in state.cards_in(Z_MYST_ASIDE):
        state.zone[card] = Z_MYST_DECK
    state.mystery_draw = []
