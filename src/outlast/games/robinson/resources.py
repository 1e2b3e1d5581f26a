# mypy: disable-error-code="misc"
"""Resources and the tracks: gain, pay, Roof, Palisade and Weapon (robinson-crusoe.md §8.3, §12.2).

`ResourceRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import FOOD, FUR, G_DONE, NONPER, PLAN, RES_NAMES, RESOLVE, TRACK_NAMES, WOOD
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class ResourceRules(StateFields):
    """Resources and the tracks: a part of `RobinsonState`."""

    __slots__ = ()

    def committed(self: RobinsonState) -> list[int]:
        """Resources committed by the plan so far (§8.3.1): wood, food, fur."""
        w = f = u = 0
        for g in self.groups:
            if not g[8] & G_DONE:
                w += g[5]
                f += g[6]
                u += g[7]
        return [w, f, u]

    def free(self: RobinsonState, r: int) -> int:
        """Available resource not committed to a planned Action (food counts both kinds)."""
        com = self.committed() if self.phase == PLAN or self.phase == RESOLVE else [0, 0, 0]
        if r == WOOD:
            return self.resources[WOOD] - com[0]
        if r == FOOD:
            return self.food_total() - com[1]
        if r == FUR:
            return self.resources[FUR] - com[2]
        raise AssertionError(r)

    def gain(self: RobinsonState, r: int, k: int, actor: int, cause: str, to_future: bool | None = None) -> None:
        """Gain a resource: Future during the Action phase, Available otherwise (§8.3.1)."""
        if k <= 0:
            return
        if actor >= 0 and actor < self.players and self.outside[actor] and self.phase == RESOLVE:
            self.stash[4 * actor + r] += k
            self.log("gain", f"{self.char_name(actor)} keeps {k} {RES_NAMES[r]} outside the Camp (§16.1).")
            return
        fut = self.phase == RESOLVE if to_future is None else to_future
        (self.future_resources if fut else self.resources)[r] += k
        self.log("gain", f"+{k} {RES_NAMES[r]}" + (" to Future" if fut else "") + f" ({cause}).")

    def pay_food(self: RobinsonState, k: int) -> int:
        """Spend up to `k` food, perishable first (§2.4); returns what was missing."""
        a = min(k, self.resources[FOOD])
        self.resources[FOOD] -= a
        b = min(k - a, self.resources[NONPER])
        self.resources[NONPER] -= b
        return k - a - b

    def pay(self: RobinsonState, r: int, k: int) -> int:
        """Discard up to `k` of a resource from Available; returns what was missing."""
        if r == FOOD:
            return self.pay_food(k)
        a = min(k, self.resources[r])
        self.resources[r] -= a
        return k - a

    def drop_track(self: RobinsonState, which: int, k: int, cause: str, if_possible: bool = False,
                   fighter: int = -1, camp_only: bool = False) -> None:
        """Lower Roof, Palisade or Weapon; each missing level wounds every player, or the fighter (§12.2, §8.7.2).

        `camp_only`: weather spares players outside the Camp (§16.1)."""
        cur = (self.roof, self.palisade, self.weapon)[which]
        missing = max(0, k - cur)
        new = max(0, cur - k)
        self.set_track(which, new)
        if new != cur:
            self.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {new} ({cause}).")
        if missing and not if_possible:
            if fighter >= 0:
                self.wound(fighter, missing, f"{cause}: Weapon cannot drop that far (§8.7.2)")
            else:
                self.wound_all(missing, f"{cause}: {TRACK_NAMES[which]} is at 0 (§12.2)", camp_only=camp_only)

    def set_track(self: RobinsonState, which: int, v: int) -> None:
        if which == 0:
            self.roof = v
        elif which == 1:
            self.palisade = v
        else:
            self.weapon = v

    def raise_track(self: RobinsonState, which: int, k: int, cause: str) -> None:
        """Raise a track; a Roof or Palisade increase with no Shelter is ignored (§8.8.4, §17.2)."""
        if which < 2 and not self.has_shelter():
            self.log("track", f"{TRACK_NAMES[which].capitalize()} +{k} ignored: no Shelter (§8.8.4).")
            return
        cur = (self.roof, self.palisade, self.weapon)[which]
        self.set_track(which, cur + k)
        self.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {cur + k} ({cause}).")
