"""The parts of a Robinson seat's choice (architecture §2, `outlast.core.parts`): a pawn, then an Action.

The legal texts give the parts (`Parts.from_texts`); the planning phase's big choice is declared instead (§8.1):
`place PAWN TARGET` is a pawn, then the kind of Action (a threat, hunting, building, gathering, exploring,
arranging the camp, resting), then the card or tile it is about, then how a build is paid (§8.1.3). Each group
is made from the legal targets themselves, so the parts offer exactly the legal placements.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from outlast.core.parts import Choice, Part

if TYPE_CHECKING:
    from .actions import RobinsonAction

ACTION_KINDS = {"threat": ("card", "threat card"), "hunt": ("option", "hunting"), "build": ("card", "what to build"),
                "gather": ("tile", "where to gather"), "explore": ("tile", "tile to explore"),
                "arrange": ("option", "arrange the camp"), "rest": ("option", "rest")}
"""Each kind of Action (§8.1) a pawn may be placed on: the kind of the part that picks its target, and its name."""
CARD_VERBS = frozenset(("discard", "put", "flip", "pick"))
"""Verbs followed by one card id: their choices are cards (shown by face)."""
NUMBER_VERBS = {"remove": ("your pawn to take back", "your pawn {}"),
                "lead": ("planned Action you become the acting player of", "Action {}")}
"""Planning verbs followed by one number (§8.1, §8.1.5), with the part's name and each choice's, for people."""


def declared_parts(legal: Sequence[RobinsonAction]) -> dict[str, tuple[Part, ...]]:
    """The declared parts of a seat's choice among its `legal` actions, by the text prefix they follow (§8.1
    placements, cards by face); `State.decision_parts` derives the rest from the texts."""
    grafts: dict[str, tuple[Part, ...]] = {}
    targets: dict[str, list[str]] = {}
    cards: dict[str, list[str]] = {}
    numbers: dict[str, list[str]] = {}
    for act in legal:
        if act.verb == "place" and len(act.args) == 2:
            targets.setdefault(act.args[0], []).append(act.args[1])
        elif act.verb in CARD_VERBS and len(act.args) == 1:
            cards.setdefault(act.verb, []).append(act.args[0])
        elif act.verb in NUMBER_VERBS and len(act.args) == 1 and act.args[0].isdigit():
            numbers.setdefault(act.verb, []).append(act.args[0])
    for pawn, places in targets.items():
        grafts[f"place {pawn}"] = (_target_part(places),)
    for verb, ids in cards.items():
        if len(ids) > 1:
            grafts[verb] = (Part("card", "card", f"card to {verb}", tuple(Choice(i, i.replace("_", " ")) for i in ids)),)
    for verb, values in numbers.items():
        if all(a.verb != verb or (len(a.args) == 1 and a.args[0].isdigit()) for a in legal):
            name, each = NUMBER_VERBS[verb]
            grafts[verb] = (Part("number", "option", name, tuple(Choice(v, each.format(v)) for v in values)),)
    return grafts


def _target_part(targets: list[str]) -> Part:
    """§8.1: the Action a pawn goes to, picked as its kind, then its card or tile, then how a build is paid."""
    by_kind: dict[str, list[str]] = {}
    for target in targets:
        by_kind.setdefault(target.split(":", 1)[0], []).append(target)
    choices = []
    for kind, members in by_kind.items():
        part_kind, label = ACTION_KINDS.get(kind, ("option", kind))
        if len(members) == 1:
            choices.append(Choice(members[0], _words(members[0])))
            continue
        choices.append(Choice(kind, label, (_member_part(kind, part_kind, label, members),), words=""))
    return Part("action", "option", "Action", tuple(choices))


def _member_part(kind: str, part_kind: str, label: str, members: list[str]) -> Part:
    """The card or tile of one kind of Action; a build paid in several ways asks how next (§8.1.3)."""
    by_base: dict[str, list[str]] = {}
    for target in members:
        by_base.setdefault(target.split("/", 1)[0], []).append(target)
    choices = []
    for base, variants in by_base.items():
        name = base.split(":", 1)[1] if ":" in base else base
        if len(variants) == 1:
            choices.append(Choice(variants[0], _words(variants[0].split(":", 1)[1])))
            continue
        pay = Part("payment", "option", "paid with", tuple(
            Choice(v, v.split("/", 1)[1] if "/" in v else "as it is") for v in variants))
        choices.append(Choice(base + "/", name.replace("_", " "), (pay,), words=""))
    return Part(kind, part_kind, label, tuple(choices))


def _words(target: str) -> str:
    """A target as people read it: `gather:s7:wood` → `s7 wood`, `build:fire` → `fire`."""
    return target.replace(":", " ").replace("/", " with ").replace("_", " ")
