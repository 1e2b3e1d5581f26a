"""Wounds, healing and Determination (robinson-crusoe.md §12.2, §13.1, §6.3).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import plural

if TYPE_CHECKING:
    from .state import RobinsonState


def wound(state: RobinsonState, ch: int, k: int, cause: str) -> None:
    """Give `k` Wounds to character `ch` (a seat, or Friday); arrows lower Morale; death ends the game."""
    if k <= 0 or state.over:
        return
    if ch >= state.players:
        if not state.friday_alive:
            return
        state.wounds[ch] += k
        state.log("wound", f"Friday takes {plural(k, 'Wound')} ({cause}).")
        if state.wounds[ch] >= state.content.friday_death_at:
            state.friday_alive = 0
            state.log("death", "Friday dies; the game goes on without him (§11.2, §14.4).")
        return
    char = state.content.characters[state.table.chars[ch]]
    before = state.wounds[ch]
    after = min(before + k, char.death_at)
    state.wounds[ch] = after
    state.log("wound", f"{char.name} takes {plural(k, 'Wound')} ({cause}).", seat=ch, wounds=after)
    for a in char.arrows:
        if before < a <= after:
            state.change_morale(-1, f"{char.name}'s Wound marker passes a Morale symbol (§13.1)")
    if after >= char.death_at:
        state.end("death", f"{char.name} died ({cause})")


def wound_all(state: RobinsonState, k: int, cause: str, camp_only: bool = False) -> None:
    """Every player takes `k` Wounds; Friday is never hit by such effects (§12.2, §14.4)."""
    for p in range(state.players):
        if camp_only and state.outside[p]:
            continue
        wound(state, p, k, cause)


def heal(state: RobinsonState, ch: int, k: int, cause: str) -> None:
    if k <= 0 or (ch >= state.players and not state.friday_alive):
        return
    before = state.wounds[ch]
    state.wounds[ch] = max(0, before - k)
    if state.wounds[ch] != before:
        state.log("heal", f"{state.char_name(ch)} heals {plural(before - state.wounds[ch], 'Wound')} ({cause}).")


def gain_det(state: RobinsonState, ch: int, k: int, cause: str) -> None:
    """Determination goes straight to its gainer, even in the Action phase (§8.3.1)."""
    if k <= 0 or (ch >= state.players and not state.friday_alive):
        return
    state.determination[ch] += k
    state.log("determination", f"{state.char_name(ch)} gains {k} Determination ({cause}).")


def lose_det(state: RobinsonState, ch: int, k: int, cause: str) -> None:
    """Discard Determination; each token missing becomes a Wound for that person (§6.3, §12.2)."""
    if k <= 0:
        return
    paid = min(k, state.determination[ch])
    state.determination[ch] -= paid
    if paid:
        state.log("determination", f"{state.char_name(ch)} discards {paid} Determination ({cause}).")
    if k > paid:
        wound(state, ch, k - paid, f"{cause}: {k - paid} Determination missing (§12.2)")
