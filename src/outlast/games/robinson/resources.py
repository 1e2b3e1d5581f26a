"""Resources and the tracks: gain, pay, Roof, Palisade and Weapon (robinson-crusoe.md §8.3, §12.2).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import FOOD, FUR, G_DONE, NONPER, PLAN, RES_NAMES, RESOLVE, TRACK_NAMES, WOOD

if TYPE_CHECKING:
    from .state import RobinsonState


def committed(state: RobinsonState) -> list[int]:
    """Resources committed by the plan so far (§8.3.1): wood, food, fur."""
    w = f = u = 0
    for g in state.groups:
        if not g[8] & G_DONE:
            w += g[5]
            f += g[6]
            u += g[7]
    return [w, f, u]


def free(state: RobinsonState, r: int) -> int:
    """Available resource not committed to a planned Action (food counts both kinds)."""
    com = committed(state) if state.phase == PLAN or state.phase == RESOLVE else [0, 0, 0]
    if r == WOOD:
        return state.resources[WOOD] - com[0]
    if r == FOOD:
        return state.food_total() - com[1]
    if r == FUR:
        return state.resources[FUR] - com[2]
    raise AssertionError(r)


def gain(state: RobinsonState, r: int, k: int, actor: int, cause: str, to_future: bool | None = None) -> None:
    """Gain a resource: Future during the Action phase, Available otherwise (§8.3.1)."""
    if k <= 0:
        return
    if actor >= 0 and actor < state.players and state.outside[actor] and state.phase == RESOLVE:
        state.stash[4 * actor + r] += k
        state.log("gain", f"{state.char_name(actor)} keeps {k} {RES_NAMES[r]} outside the Camp (§16.1).")
        return
    fut = state.phase == RESOLVE if to_future is None else to_future
    (state.future_resources if fut else state.resources)[r] += k
    state.log("gain", f"+{k} {RES_NAMES[r]}" + (" to Future" if fut else "") + f" ({cause}).")


def pay_food(state: RobinsonState, k: int) -> int:
    """Spend up to `k` food, perishable first (§2.4); returns what was missing."""
    a = min(k, state.resources[FOOD])
    state.resources[FOOD] -= a
    b = min(k - a, state.resources[NONPER])
    state.resources[NONPER] -= b
    return k - a - b


def pay(state: RobinsonState, r: int, k: int) -> int:
    """Discard up to `k` of a resource from Available; returns what was missing."""
    if r == FOOD:
        return pay_food(state, k)
    a = min(k, state.resources[r])
    state.resources[r] -= a
    return k - a


def drop_track(state: RobinsonState, which: int, k: int, cause: str, if_possible: bool = False,
               fighter: int = -1, camp_only: bool = False) -> None:
    """Lower Roof, Palisade or Weapon; each missing level wounds every player, or the fighter (§12.2, §8.7.2).

    `camp_only`: weather spares players outside the Camp (§16.1)."""
    cur = (state.roof, state.palisade, state.weapon)[which]
    missing = max(0, k - cur)
    new = max(0, cur - k)
    set_track(state, which, new)
    if new != cur:
        state.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {new} ({cause}).")
    if missing and not if_possible:
        if fighter >= 0:
            state.wound(fighter, missing, f"{cause}: Weapon cannot drop that far (§8.7.2)")
        else:
            state.wound_all(missing, f"{cause}: {TRACK_NAMES[which]} is at 0 (§12.2)", camp_only=camp_only)


def set_track(state: RobinsonState, which: int, v: int) -> None:
    if which == 0:
        state.roof = v
    elif which == 1:
        state.palisade = v
    else:
        state.weapon = v


def raise_track(state: RobinsonState, which: int, k: int, cause: str) -> None:
    """Raise a track; a Roof or Palisade increase with no Shelter is ignored (§8.8.4, §17.2)."""
    if which < 2 and not state.has_shelter():
        state.log("track", f"{TRACK_NAMES[which].capitalize()} +{k} ignored: no Shelter (§8.8.4).")
        return
    cur = (state.roof, state.palisade, state.weapon)[which]
    set_track(state, which, cur + k)
    state.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {cur + k} ({cause}).")
