"""The round loop: the driver that runs automatic rules and the phase script (robinson-crusoe.md §4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import (
    CH_EVENT,
    EVENT,
    MORALE,
    NIGHT,
    OVER,
    PLAN,
    PRODUCTION,
    RESOLVE,
    SETUP,
    WEATHER,
    WOOD,
)
from .decisions import AnyTimeWindow, WoodToPile

if TYPE_CHECKING:
    from .state import RobinsonState


def _push(state: RobinsonState, *items: tuple[int, int, int, int]) -> None:
    """Queue work so that the first item given runs first."""
    state.work.extend(reversed(items))


def _advance(state: RobinsonState) -> None:
    """Run automatic rules until a decision, a chance point or the end."""
    ran = False
    window: dict[int, Any] | None = None
    while not state.over:
        if state.chance:
            break
        if state.decisions:
            top = state.decisions[-1]
            if type(top) is AnyTimeWindow:
                if len(state.work) > top.work_mark:
                    state._run_work()
                    ran = True
                    continue
                # a position where nothing is pending: what each seat may use here is its legal list
                window = {}
                state._zi = None
                if not state._window_seats(top, window):
                    state.decisions.pop()
                    ran = True
                    window = None
                    continue
            break
        if state.work:
            state._run_work()
            ran = True
            continue
        if not _script(state):
            break
        ran = True
    if state.over:  # a step that ended the game neither moves the phase on nor leaves work behind (§11)
        state.phase = OVER
        state.decisions.clear()
        state.chance.clear()
        state.work.clear()
    state._ot = None
    if window is not None:
        state._lc, state._tm = window, list(window)
    else:
        state._lc = state._tm = None
        if ran:
            state._zi = None
    if ran:
        state._pm = None


def _script(state: RobinsonState) -> bool:
    """Advance the phase script by one step; False when the game waits for the players to plan."""
    ph, t = state.phase, state.table
    if ph == SETUP:
        return state._setup_step()
    if ph == EVENT:
        if state.step == 0:
            _round_begins(state)
            return True
        if state.event_deck_size() == 0:
            state.log("event", "The Event deck is empty: no Event this round (§25.19).")
            state.phase, state.step = MORALE, 0
            return True
        state.chance = [CH_EVENT, 0, 0, 0]
        return True
    if ph == MORALE:
        state._morale_phase()
        state.phase, state.step = PRODUCTION, 0
        return True
    if ph == PRODUCTION:
        if state.step == 0:
            state._production()
            state.step = 1
            return True
        state.phase, state.step = PLAN, 0
        return True
    if ph == PLAN:
        if state.step == 0:
            state.step = 1
            stage = state._pile_stage()
            if stage >= 0 and state.resources[WOOD] > 0:
                state.decisions.append(WoodToPile(state.first_player, stage))
            return True
        if state.step == 1:
            state.groups = []
            state.ready = [0] * t.players
            state.changes = [0] * t.players
            state._compute_sources()
            state.step = 2
            state.log("phase", "Action phase: plan together; the first player confirms the plan (§8.1, §26.1).")
            return True
        return False
    if ph == RESOLVE:
        return state._resolve_next()
    if ph == WEATHER:
        return state._weather_step()
    if ph == NIGHT:
        return state._night_step()
    return False


def _round_begins(state: RobinsonState) -> None:
    """A round begins (§4): castaways outside come back with what they carried (§16.1); a goal met before
    round 10 wins as round 10 begins (§11.1, §25.1); round 1 has no Event (§3), others draw one (§5)."""
    for p in range(state.players):
        if state.outside[p]:
            for r in range(4):
                state.resources[r] += state.stash[4 * p + r]
                state.stash[4 * p + r] = 0
            state.outside[p] = 0
            state.log("camp", f"{state.char_name(p)} is back in the Camp with what they carried (§16.1).")
    state.log("round", f"Round {state.round} begins; {state.char_name(state.first_player)} is the first player.")
    state.check_win()
    if state.over:
        return
    if state.round == 1:
        state.phase, state.step = MORALE, 0
    else:
        state.step = 1
