# mypy: disable-error-code="misc"
"""The round loop: the driver that runs automatic rules and the phase script (robinson-crusoe.md §4).

`RoundLoopRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
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
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class RoundLoopRules(StateFields):
    """The round loop: a part of `RobinsonState`."""

    __slots__ = ()

    def _push(self: RobinsonState, *items: tuple[int, int, int, int]) -> None:
        """Queue work so that the first item given runs first."""
        self.work.extend(reversed(items))

    def _advance(self: RobinsonState) -> None:
        """Run automatic rules until a decision, a chance point or the end."""
        ran = False
        window: dict[int, Any] | None = None
        while not self.over:
            if self.chance:
                break
            if self.decisions:
                top = self.decisions[-1]
                if type(top) is AnyTimeWindow:
                    if len(self.work) > top.work_mark:
                        self._run_work()
                        ran = True
                        continue
                    # a position where nothing is pending: what each seat may use here is its legal list
                    window = {}
                    self._zi = None
                    if not self._window_seats(top, window):
                        self.decisions.pop()
                        ran = True
                        window = None
                        continue
                break
            if self.work:
                self._run_work()
                ran = True
                continue
            if not self._script():
                break
            ran = True
        if self.over:  # a step that ended the game neither moves the phase on nor leaves work behind (§11)
            self.phase = OVER
            self.decisions.clear()
            self.chance.clear()
            self.work.clear()
        self._ot = None
        if window is not None:
            self._lc, self._tm = window, list(window)
        else:
            self._lc = self._tm = None
            if ran:
                self._zi = None
        if ran:
            self._pm = None

    def _script(self: RobinsonState) -> bool:
        """Advance the phase script by one step; False when the game waits for the players to plan."""
        ph, t = self.phase, self.table
        if ph == SETUP:
            return self._setup_step()
        if ph == EVENT:
            if self.step == 0:
                self._round_begins()
                return True
            if self.event_deck_size() == 0:
                self.log("event", "The Event deck is empty: no Event this round (§25.19).")
                self.phase, self.step = MORALE, 0
                return True
            self.chance = [CH_EVENT, 0, 0, 0]
            return True
        if ph == MORALE:
            self._morale_phase()
            self.phase, self.step = PRODUCTION, 0
            return True
        if ph == PRODUCTION:
            if self.step == 0:
                self._production()
                self.step = 1
                return True
            self.phase, self.step = PLAN, 0
            return True
        if ph == PLAN:
            if self.step == 0:
                self.step = 1
                stage = self._pile_stage()
                if stage >= 0 and self.resources[WOOD] > 0:
                    self.decisions.append(WoodToPile(self.first_player, stage))
                return True
            if self.step == 1:
                self.groups = []
                self.ready = [0] * t.players
                self.changes = [0] * t.players
                self._compute_sources()
                self.step = 2
                self.log("phase", "Action phase: plan together; the first player confirms the plan (§8.1, §26.1).")
                return True
            return False
        if ph == RESOLVE:
            return self._resolve_next()
        if ph == WEATHER:
            return self._weather_step()
        if ph == NIGHT:
            return self._night_step()
        return False

    def _round_begins(self: RobinsonState) -> None:
        """A round begins (§4): castaways outside come back with what they carried (§16.1); a goal met before
        round 10 wins as round 10 begins (§11.1, §25.1); round 1 has no Event (§3), others draw one (§5)."""
        for p in range(self.players):
            if self.outside[p]:
                for r in range(4):
                    self.resources[r] += self.stash[4 * p + r]
                    self.stash[4 * p + r] = 0
                self.outside[p] = 0
                self.log("camp", f"{self.char_name(p)} is back in the Camp with what they carried (§16.1).")
        self.log("round", f"Round {self.round} begins; {self.char_name(self.first_player)} is the first player.")
        self.check_win()
        if self.over:
            return
        if self.round == 1:
            self.phase, self.step = MORALE, 0
        else:
            self.step = 1
