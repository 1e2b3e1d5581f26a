"""Who must stand where and who must hold what: a quest's survivor keys read once (discover.md §0.3, §13.2, §17.12).

A final quest card says how survivors win (§13.2), and a card overrides the rules (§0.3): so the card's printed text
and the engine's check must be the same rule. Both read a `Goal`, built from the requirement by `goal_of`:
`generator_decks.requirement_text` words it, `quests.qualifies` and `quests.bearer_present` check it.

A goal with a place (a landmark or an objective icon) and an item asks for a *bearer*: one survivor holding the item
on the place. Then every survivor within `reach` spaces of the place qualifies (decision 0018, the cooperation of
§17.12). With `nights`, the bearer lights a signal there that burns that many nights, and a survivor who comes
within reach while it burns qualifies too (§17.12 2.3). A goal with an item and no place asks every survivor to
hold the item.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outlast.core.words import count


@dataclass(frozen=True, slots=True)
class Goal:
    """The survivor keys of a quest requirement (§17.24 rule 4 vocabulary)."""

    place: str
    """`landmark`, `objective` or `""` (no place)."""
    number: int
    """The landmark's or objective icon's number, or 0."""
    reach: int
    """Spaces from the place at which a survivor still qualifies (`within`; 0: on it)."""
    item: int
    """The item number someone must hold (`hold_item`), or 0."""
    trait: str
    """The trait an item someone holds must have (`hold_trait`), or `""`."""
    nights: int
    """Nights the bearer's signal burns (`nights`), or 0."""

    @property
    def holding(self) -> bool:
        return bool(self.item or self.trait)

    @property
    def bearer(self) -> bool:
        """Whether one survivor holding the item on the place qualifies everyone in reach."""
        return bool(self.place) and self.holding


def goal_of(requirement: Mapping[str, Any]) -> Goal:
    """The goal a requirement states."""
    req = requirement
    place, number = ("landmark", int(req["at_landmark"])) if "at_landmark" in req else \
        ("objective", int(req["at_objective"])) if "at_objective" in req else ("", 0)
    return Goal(place=place, number=number, reach=int(req.get("within", 0) or 0) if place else 0,
                item=int(req.get("hold_item", 0) or 0), trait=str(req.get("hold_trait", "") or ""),
                nights=int(req.get("nights", 0) or 0) if place else 0)


def _spaces(n: int) -> str:
    return count(n, "space")


def place_text(goal: Goal) -> str:
    """`landmark #12` or `objective icon 2`."""
    return f"landmark #{goal.number}" if goal.place == "landmark" else f"objective icon {goal.number}"


def held_text(goal: Goal) -> str:
    """`item #40` or `an item with the trait Quest Item`."""
    return f"item #{goal.item}" if goal.item else f"an item with the trait {goal.trait}"


def win_text(goal: Goal) -> str:
    """The text of a winning card, from the goal its check reads."""
    if goal.bearer:
        near = f"within {_spaces(goal.reach)} of it" if goal.reach else "there"
        text = (f"When a survivor holding {held_text(goal)} stands at {place_text(goal)}, every survivor {near} "
                f"wins.")
        if goal.nights:
            text += (f" The signal then burns for {count(goal.nights, 'night')}: a survivor "
                     f"who comes {near} while it burns wins too.")
        return text
    if goal.place:
        near = f"within {_spaces(goal.reach)} of" if goal.reach else "at"
        return f"Each survivor {near} {place_text(goal)} wins."
    if goal.holding:
        return f"Each survivor holding {held_text(goal)} wins."
    return "Every survivor wins."


def advance_text(goal: Goal) -> str:
    """What a survivor must do to advance a stage with survivor keys only (the `done` of its text)."""
    if goal.bearer:
        return f"a survivor holding {held_text(goal)} stands at {place_text(goal)}"
    if goal.place:
        near = f"within {_spaces(goal.reach)} of" if goal.reach else "at"
        return f"a survivor is {near} {place_text(goal)}"
    return f"a survivor holds {held_text(goal)}"
