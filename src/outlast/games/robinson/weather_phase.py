# mypy: disable-error-code="misc"
"""The Weather phase (robinson-crusoe.md §9).

`WeatherPhaseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import CH_WEATHER, FOOD, NIGHT, W_WEATHER, WOOD
from .decisions import AnyTimeWindow
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class WeatherPhaseRules(StateFields):
    """The Weather phase: a part of `RobinsonState`."""

    __slots__ = ()

    def _weather_step(self: RobinsonState) -> bool:
        dice = self.table.scenario.weather[self.round - 1]
        if self.step == 0:
            self.clouds = [0, 0, -1, 0]
            self.step = 1
            if dice:
                self.log("weather", f"Weather: rolling {', '.join(dice)} (§9.1).")
            return True
        if self.step <= len(dice):
            self.chance = [CH_WEATHER, self.step - 1, 0, 0]
            self.step += 1
            return True
        if self.step == len(dice) + 1:
            self.step += 1
            self.clouds[0] += self.weather_tokens[0]
            self.clouds[1] += self.weather_tokens[1]
            for k, (query, cloud) in enumerate(((abilities.RAIN_IGNORED, "rain"), (abilities.WINTER_IGNORED, "winter"))):
                ignored = self.modifier(query, 0)
                if ignored:
                    self.clouds[k] = max(0, self.clouds[k] - ignored)
                    self.log("weather", f"An Item ignores {ignored} {cloud} cloud(s) (§9.2).")
            self.decisions.append(AnyTimeWindow(self.first_player, W_WEATHER, 0, len(self.work)))
            return True
        self._weather_resolve()
        self.phase, self.step = NIGHT, 0
        return True

    def _weather_face(self: RobinsonState, face: str) -> None:
        if face.startswith("rain"):
            self.clouds[0] += int(face[-1])
        elif face.startswith("winter"):
            self.clouds[1] += int(face[-1])
        else:
            self.clouds[2] = ("blank", "palisade", "food", "fight").index(face)
        self.log("weather", f"Weather die: {face}.")

    def _weather_resolve(self: RobinsonState) -> None:
        """§9.3 in its exact order; shortfalls wound every player in the Camp (§9.3, §16.1)."""
        rain, winter, animals = self.clouds[0], self.clouds[1], self.clouds[2]
        if rain or winter or animals > 0 or self.weather_tokens[2]:
            self.log("weather", f"Weather: {rain} rainy and {winter} winter cloud(s), Roof {self.roof} (§9.3).")
        missing = self.pay(WOOD, winter)
        if winter:
            self.log("weather", f"Step 1, winter: discard {winter} wood.")
        if missing:
            self.wound_all(missing, "Weather step 1: wood missing (§9.3)", camp_only=True)
        for _ in range(max(0, rain + winter - self.roof)):
            miss = self.pay(WOOD, 1) + self.pay(FOOD, 1)
            self.log("weather", "Step 2, an unprotected cloud: discard 1 wood and 1 food (§9.3, §9.4).")
            if miss:
                self.wound_all(miss, "Weather step 2: the Roof did not cover a cloud (§9.3)", camp_only=True)
        if animals == 1:
            self.drop_track(1, 1, "Hungry Animals (§9.3 step 3)", camp_only=True)
        elif animals == 2:
            if self.pay(FOOD, 1):
                self.wound_all(1, "Hungry Animals: no food (§9.3 step 3)", camp_only=True)
        elif animals == 3:
            level = self.weapon
            if level < 3:
                self.wound_all(3 - level, f"Hungry Animals: a strength-3 beast against Weapon {level} (§9.3 step 3)",
                               camp_only=True)
        if self.weather_tokens[2]:
            self.drop_track(1, 1, "the Storm (§9.3 step 4)", camp_only=True)
        self.weather_tokens = [0, 0, 0]
        self.clouds = [0, 0, -1, 0]
