"""Skill cards as standing abilities (fuji.md §14): each skill verb answers the questions the rules ask of it.

A rule that a skill may change asks a modifier query — how many steps a meeple may go, how many phase-3
rerolls it gets, how many power bars it may hold — starting from the rules' own value; each ability of the
meeple's skill (`content/skills.yaml`) may change the answer, with the numbers on its card. The handlers are
registered with the content's verb registry, so `outlast lint` sees every skill verb run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from outlast.core import VerbRegistry

if TYPE_CHECKING:
    from .content import Content

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


HANDLERS: dict[str, Callable[..., None]] = {"pass_equipment": _pass_equipment, "long_stride": _long_stride, "set_die_aside": _set_die_aside,
            "extra_rerolls": _extra_rerolls, "power_bars": _power_bars, "double_use": _double_use}
"""Each skill verb's handler: it answers the queries its ability changes (§14)."""


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


def content_registry() -> VerbRegistry:
    """The verb registry the content was validated with (its skill verbs carry these handlers)."""
    from .content import VERBS

    return VERBS
