"""Skills (fuji.md §14) and injuries (§10.6) as standing effects: each verb answers the questions the rules ask.

A rule that a skill or an injury may change asks a modifier query — how many steps a meeple may go, how many
phase-3 rerolls it gets, whether it may use equipment — starting from the rules' own value; each ability of the
meeple's skill (`content/skills.yaml`) and each injury it has (`content/injuries.yaml`) may change the answer,
with the numbers on its card. An injury also acts once, when it is suffered (`suffer`). The handlers are
registered with the content's verb registry, so `outlast lint` sees every skill and injury verb run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from outlast.core import VerbRegistry

if TYPE_CHECKING:
    from .content import Content
    from .state import FujiState

STEPS = "steps"
"""Steps a meeple may go to its destination (§7.1; 3 by the rules)."""
PHASE3_REROLLS = "phase 3 rerolls"
"""Phase-3 rerolls of a meeple (§8.1, §8.2)."""
DICE_SET_ASIDE = "dice set aside"
"""Dice a meeple may set aside once a round in phase 3 (0 by the rules)."""
PASS_EQUIPMENT = "pass equipment"
"""1 if a meeple may give its equipment cards to teammates at any time (0 by the rules)."""
CARD_USES = "uses per card"
"""Times a meeple may use each equipment card before it is discarded (§9.2; 1 by the rules)."""
POWER_BARS_HELD = "power bars held"
"""Most power bars a meeple may hold (0 by the rules: only a skill earns them)."""
SKILL_KEPT = "skill kept"
"""1 while a meeple still has its skill (§10.6 amnesia takes it)."""
MAY_USE_EQUIPMENT = "may use equipment"
"""1 while a meeple may use equipment cards (§10.6 a broken arm stops it)."""
BASE_REROLLS = "base rerolls"
"""Phase-3 rerolls from distance and the reroll symbol (§8.1; an eye injury removes them, §8.2)."""


class Suffered:
    """An injury being suffered now by `explorer` of `seat` (its one-time effect runs, §10.6)."""

    __slots__ = ("state", "seat", "explorer")

    def __init__(self, state: FujiState, seat: int, explorer: int) -> None:
        self.state = state
        self.seat = seat
        self.explorer = explorer


class Query:
    """One modifier question and its answer so far."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self.value = value


def _pass_equipment(query: Query) -> None:
    if query.name == PASS_EQUIPMENT:
        query.value = 1


def _long_stride(query: Query, steps: int) -> None:
    if query.name == STEPS:
        query.value = steps


def _set_die_aside(query: Query, dice: int) -> None:
    if query.name == DICE_SET_ASIDE:
        query.value = dice


def _extra_rerolls(query: Query, count: int) -> None:
    if query.name == PHASE3_REROLLS:
        query.value += count


def _power_bars(query: Query, max: int) -> None:  # `max`: the parameter's name in skills.yaml
    if query.name == POWER_BARS_HELD:
        query.value = max


def _double_use(query: Query) -> None:
    if query.name == CARD_USES:
        query.value = 2


def _lose(context: Query | Suffered, dice: int) -> None:
    """Leg injury: the meeple's seat picks the die it loses at the end of phase 5 (§10.6, §10.8); one decision
    a die (the content loses exactly one: `content._load_people`)."""
    if isinstance(context, Suffered):
        from .movement import LoseDie

        for _ in range(dice):
            context.state.decisions.append(LoseDie(context.seat, context.explorer))


def _no_equipment(context: Query | Suffered) -> None:
    """Broken arm: no more equipment use (passing cards on is still allowed, §10.6)."""
    if isinstance(context, Query) and context.name == MAY_USE_EQUIPMENT:
        context.value = 0


def _lose_skill(context: Query | Suffered) -> None:
    """Amnesia: the skill is lost; cards a skill let the meeple use twice and used once are discarded (§10.6, §14)."""
    if isinstance(context, Query):
        if context.name == SKILL_KEPT:
            context.value = 0
        return
    state, e = context.state, context.explorer
    skill = state.skill[e]
    if skill >= 0 and answer(state.table.content, skill, CARD_USES, 1) > 1:
        from .terms import DISCARD

        for card in range(len(state.card_location)):
            if state.card_location[card] == e and state.card_used_once[card]:
                state.card_location[card] = DISCARD
                state.card_used_once[card] = 0


def _no_base_rerolls(context: Query | Suffered) -> None:
    """Eye injury: no phase-3 rerolls from distance or the reroll symbol (§8.2, §10.6)."""
    if isinstance(context, Query) and context.name == BASE_REROLLS:
        context.value = 0


HANDLERS: dict[str, Callable[..., None]] = {"pass_equipment": _pass_equipment, "long_stride": _long_stride, "set_die_aside": _set_die_aside,
            "extra_rerolls": _extra_rerolls, "power_bars": _power_bars, "double_use": _double_use,
            "lose": _lose, "no_equipment": _no_equipment, "lose_skill": _lose_skill,
            "no_base_rerolls": _no_base_rerolls}
"""Each skill and injury verb's handler: it answers the queries its effect changes (§10.6, §14)."""


def register(verbs: VerbRegistry) -> None:
    """Give the skill verbs of `verbs` their handlers."""
    for name, handler in HANDLERS.items():
        verbs.handle(name, handler)


_ANSWERS: dict[tuple[int, int, str, int], int] = {}


def answer(content: Content, skill: int, name: str, base: int) -> int:
    """The answer to query `name` for a meeple with skill index `skill`, from the rules' `base` (cached)."""
    key = (id(content), skill, name, base)
    hit = _ANSWERS.get(key)
    if hit is None:
        query = Query(name, base)
        verbs = content_registry()
        for verb, params in content.skills[skill].abilities.items():
            handler = verbs.verb(verb).handler
            if handler is not None:
                handler(query, **params)
        hit = _ANSWERS[key] = query.value
    return hit


_INJURY_ANSWERS: dict[tuple[int, int, str, int], int] = {}


def injury_answer(content: Content, injuries: int, name: str, base: int) -> int:
    """The answer to query `name` for a meeple with the injuries bitmask `injuries`, from `base` (cached)."""
    key = (id(content), injuries, name, base)
    hit = _INJURY_ANSWERS.get(key)
    if hit is None:
        query = Query(name, base)
        verbs = content_registry()
        for k, injury in enumerate(content.injuries):
            if injuries >> k & 1:
                verbs.run(injury["effect"], query)
        hit = _INJURY_ANSWERS[key] = query.value
    return hit


def suffer(state: FujiState, seat: int, explorer: int, injury: int) -> None:
    """Run injury `injury`'s one-time effect on `explorer` (§10.6)."""
    content_registry().run(state.table.content.injuries[injury]["effect"], Suffered(state, seat, explorer))


def content_registry() -> VerbRegistry:
    """The verb registry the content was validated with (its skill verbs carry these handlers)."""
    from .content import VERBS

    return VERBS
