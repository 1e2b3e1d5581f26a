"""Damage, health, elimination and healing (discover.md §10, §8.5, §13.3).

Health is a list of up to 3 damage types per survivor (§10.2); a fourth damage eliminates (§10.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .terms import CASUALTY, DAMAGE, HEALTH_DIALS, PLAYING

if TYPE_CHECKING:
    from .state import DiscoverState


def suffer(state: DiscoverState, seat: int, kind: int, amount: int = 1) -> None:
    """`seat` suffers `amount` damage of type `kind`, one dial at a time; a fourth eliminates (§10.2, §10.3)."""
    for _ in range(amount):
        if state.status[seat] != PLAYING:
            return
        dials = state.damage[seat]
        if len(dials) >= HEALTH_DIALS:
            eliminate(state, seat, DAMAGE[kind])
            return
        dials.append(kind)
        dials.sort()
        state.log("damage", f"Seat {seat} suffers 1 {DAMAGE[kind]} damage ({len(dials)} of {HEALTH_DIALS}).")


def prevented(state: DiscoverState, seat: int, amount: int) -> int:
    """The combat damage `seat` still takes of `amount` once its shield (the `prevent` verb) is spent on it; the
    rest is still dealt (§15.5)."""
    stop = min(amount, state.shield[seat])
    if stop:
        state.shield[seat] -= stop
        state.log("prevent", f"Seat {seat} prevents {stop} damage (§15.5).")
    return amount - stop


def heal(state: DiscoverState, seat: int, kind: int) -> bool:
    """Turn one dial showing `kind` back to a heart; False if there is none (§7.10, §10.5)."""
    dials = state.damage[seat]
    if kind not in dials:
        return False
    dials.remove(kind)
    state.log("heal", f"Seat {seat} heals 1 {DAMAGE[kind]} damage.")
    return True


def eliminate(state: DiscoverState, seat: int, why: str) -> None:
    """A survivor becomes a casualty: the figure stays to be looted; project and threat cards leave the game;
    resources and items stay with the casualty; the tribe leader token passes left (§10.3, §10.4)."""
    from .rounds import pass_leadership

    state.status[seat] = CASUALTY
    state.result[seat] = "eliminated"
    state.hand[seat] = []
    state.threats_held[seat] = []
    state.dirty_pending[seat] = 0
    state.log("eliminated", f"Seat {seat} suffers a fourth damage ({why}) and is eliminated; the figure stays "
                            "on its space as a casualty (§10.3).")
    pass_leadership(state, seat)


def win(state: DiscoverState, seat: int, code: str = "quest") -> None:
    """A survivor who wins leaves the map and discards everything; hand projects leave the game (§13.2)."""
    from .rounds import pass_leadership

    state.status[seat] = 1
    state.result[seat] = code
    return_items(state, seat)
    state.supplies[seat] = [0] * len(state.supplies[seat])
    for token in state.kept_tokens[seat]:
        state.feature_discard[state.copy.features[token].back].append(token)
    state.kept_tokens[seat] = []
    state.hand[seat] = []
    for threat in state.threats_held[seat]:
        state.threat_discard.append(threat)
    state.threats_held[seat] = []
    state.dirty_pending[seat] = 0
    state.log("won", f"Seat {seat} wins and leaves the map (§13.2).")
    pass_leadership(state, seat)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .carrying import return_items  # noqa: E402
