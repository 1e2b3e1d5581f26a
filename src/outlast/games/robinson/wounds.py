# mypy: disable-error-code="misc"
"""Wounds, healing and Determination (robinson-crusoe.md §12.2, §13.1, §6.3).

`WoundRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import plural
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class WoundRules(StateFields):
    """Wounds, healing and Determination: a part of `RobinsonState`."""

    __slots__ = ()

    def wound(self: RobinsonState, ch: int, k: int, cause: str) -> None:
        """Give `k` Wounds to character `ch` (a seat, or Friday); arrows lower Morale; death ends the game."""
        if k <= 0 or self.over:
            return
        if ch >= self.players:
            if not self.friday_alive:
                return
            self.wounds[ch] += k
            self.log("wound", f"Friday takes {plural(k, 'Wound')} ({cause}).")
            if self.wounds[ch] >= self.content.friday_death_at:
                self.friday_alive = 0
                self.log("death", "Friday dies; the game goes on without him (§11.2, §14.4).")
            return
        char = self.content.characters[self.table.chars[ch]]
        before = self.wounds[ch]
        after = min(before + k, char.death_at)
        self.wounds[ch] = after
        self.log("wound", f"{char.name} takes {plural(k, 'Wound')} ({cause}).", seat=ch, wounds=after)
        for a in char.arrows:
            if before < a <= after:
                self.change_morale(-1, f"{char.name}'s Wound marker passes a Morale symbol (§13.1)")
        if after >= char.death_at:
            self.end("death", f"{char.name} died ({cause})")

    def wound_all(self: RobinsonState, k: int, cause: str, camp_only: bool = False) -> None:
        """Every player takes `k` Wounds; Friday is never hit by such effects (§12.2, §14.4)."""
        for p in range(self.players):
            if camp_only and self.outside[p]:
                continue
            self.wound(p, k, cause)

    def heal(self: RobinsonState, ch: int, k: int, cause: str) -> None:
        if k <= 0 or (ch >= self.players and not self.friday_alive):
            return
        before = self.wounds[ch]
        self.wounds[ch] = max(0, before - k)
        if self.wounds[ch] != before:
            self.log("heal", f"{self.char_name(ch)} heals {plural(before - self.wounds[ch], 'Wound')} ({cause}).")

    def gain_det(self: RobinsonState, ch: int, k: int, cause: str) -> None:
        """Determination goes straight to its gainer, even in the Action phase (§8.3.1)."""
        if k <= 0 or (ch >= self.players and not self.friday_alive):
            return
        self.determination[ch] += k
        self.log("determination", f"{self.char_name(ch)} gains {k} Determination ({cause}).")

    def lose_det(self: RobinsonState, ch: int, k: int, cause: str) -> None:
        """Discard Determination; each token missing becomes a Wound for that person (§6.3, §12.2)."""
        if k <= 0:
            return
        paid = min(k, self.determination[ch])
        self.determination[ch] -= paid
        if paid:
            self.log("determination", f"{self.char_name(ch)} discards {paid} Determination ({cause}).")
        if k > paid:
            self.wound(ch, k - paid, f"{cause}: {k - paid} Determination missing (§12.2)")
