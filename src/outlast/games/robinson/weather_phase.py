"""The Weather phase (robinson-crusoe.md §9).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import CH_WEATHER, FOOD, NIGHT, W_WEATHER, WOOD
from .decisions import AnyTimeWindow

if TYPE_CHECKING:
    from .state import RobinsonState


def _weather_step(state: RobinsonState) -> bool:
    dice = state.table.scenario.weather[state.round - 1]
    if state.step == 0:
        state.clouds = [0, 0, -1, 0]
        state.step = 1
        if dice:
            state.log("weather", f"Weather: rolling {', '.join(dice)} (§9.1).")
        return True
    if state.step <= len(dice):
        state.chance = [CH_WEATHER, state.step - 1, 0, 0]
        state.step += 1
        return True
    if state.step == len(dice) + 1:
        state.step += 1
        state.clouds[0] += state.weather_tokens[0]
        state.clouds[1] += state.weather_tokens[1]
        for k, (query, cloud) in enumerate(((abilities.RAIN_IGNORED, "rain"), (abilities.WINTER_IGNORED, "winter"))):
            ignored = state.modifier(query, 0)
            if ignored:
                state.clouds[k] = max(0, state.clouds[k] - ignored)
                state.log("weather", f"An Item ignores {ignored} {cloud} cloud(s) (§9.2).")
        state.decisions.append(AnyTimeWindow(state.first_player, W_WEATHER, 0, len(state.work)))
        return True
    _weather_resolve(state)
    state.phase, state.step = NIGHT, 0
    return True


def _weather_face(state: RobinsonState, face: str) -> None:
    if face.startswith("rain"):
        state.clouds[0] += int(face[-1])
    elif face.startswith("winter"):
        state.clouds[1] += int(face[-1])
    else:
        state.clouds[2] = ("blank", "palisade", "food", "fight").index(face)
    state.log("weather", f"Weather die: {face}.", dice=[{"die": "weather", "face": face}])


def _weather_resolve(state: RobinsonState) -> None:
    """§9.3 in its exact order; shortfalls wound every player in the Camp (§9.3, §16.1)."""
    rain, winter, animals = state.clouds[0], state.clouds[1], state.clouds[2]
    if rain or winter or animals > 0 or state.weather_tokens[2]:
        state.log("weather", f"Weather: {rain} rainy and {winter} winter cloud(s), Roof {state.roof} (§9.3).")
    missing = state.pay(WOOD, winter)
    if winter:
        state.log("weather", f"Step 1, winter: discard {winter} wood.")
    if missing:
        state.wound_all(missing, "Weather step 1: wood missing (§9.3)", camp_only=True)
    for _ in range(max(0, rain + winter - state.roof)):
        miss = state.pay(WOOD, 1) + state.pay(FOOD, 1)
        state.log("weather", "Step 2, an unprotected cloud: discard 1 wood and 1 food (§9.3, §9.4).")
        if miss:
            state.wound_all(miss, "Weather step 2: the Roof did not cover a cloud (§9.3)", camp_only=True)
    if animals == 1:
        state.drop_track(1, 1, "Hungry Animals (§9.3 step 3)", camp_only=True)
    elif animals == 2:
        if state.pay(FOOD, 1):
            state.wound_all(1, "Hungry Animals: no food (§9.3 step 3)", camp_only=True)
    elif animals == 3:
        level = state.weapon
        if level < 3:
            state.wound_all(3 - level, f"Hungry Animals: a strength-3 beast against Weapon {level} (§9.3 step 3)",
                           camp_only=True)
    if state.weather_tokens[2]:
        state.drop_track(1, 1, "the Storm (§9.3 step 4)", camp_only=True)
    state.weather_tokens = [0, 0, 0]
    state.clouds = [0, 0, -1, 0]
