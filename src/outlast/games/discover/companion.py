"""Companion mode for Discover (decision 0031): the kinds of chance point, who rolls or draws each, and the names of
the outcomes, so a table playing a printed copy can tell outlast what came up (`outlast.core.companion`).

Each copy of Discover is generated (decision 0017), so a physical game is played with that copy's printed cards,
tiles and tokens (`outlast copy`), whose names and numbers the outcomes carry. The survivor whose turn it is rolls,
turns over and draws during the day; the tribe leader draws the night and threat cards (§5.3, §5.5); the combatant
rolls both combat dice (§12); anyone at the table does the setup's random steps (§4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core.companion import ChanceKind, ChancePoint

from .actions import DiscoverAction
from .combat_base import COMBATANT
from .flow import CHANCE_KINDS, CHARACTER, DIE_ROLL, LEADER, NIGHT_CARD, PROJECT, THREAT, TILE, VARIANT
from .terms import DAY, RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState

KINDS = (
    ChanceKind("dice", "Dice", "dice", "§12.1", "roll a 12-sided die"),
    ChanceKind("leader", "Tribe leader", "dice", "§4", "every player rolls a die; the highest roll (ties roll again) "
                                                          "takes the tribe leader token"),
    ChanceKind("characters", "Character cards", "cards", "§4", "deal a character card from the shuffled deck"),
    ChanceKind("projects", "Project cards", "cards", "§4", "draw the top card of the project deck"),
    ChanceKind("tiles", "Map tiles", "tiles", "§6.1", "turn over the face-down map tile"),
    ChanceKind("features", "Feature tokens", "tokens", "§7.3", "turn over the face-down feature token"),
    ChanceKind("water", "Water sources", "tokens", "§7.3", "turn over the face-down water source token"),
    ChanceKind("monsters", "Monster tokens", "tokens", "§11", "take a monster token at random and turn it over"),
    ChanceKind("nights", "Night deck", "cards", "§5.3", "turn over the top card of the night deck"),
    ChanceKind("threats", "Threat deck", "cards", "§5.5", "draw the top card of the threat deck"),
    ChanceKind("variants", "Card copies", "cards", "§4", "keep one copy of the numbered card at random"),
    ChanceKind("encounters", "Encounter cards", "cards", "§15.2", "draw a #100 encounter card at random"),
)
"""Discover's kinds of chance point (`DiscoverGame.chance_kinds`), in the order of `flow.CHANCE_KINDS`."""

_KIND_OF = dict(zip(range(len(CHANCE_KINDS)), (k.name for k in KINDS), strict=True))


def chance_point(state: DiscoverState) -> ChancePoint:
    """The pending chance point: its kind, the seat that rolls or draws it (None: anyone), and the step in words."""
    code, arg = state.chance[0]
    kind = _KIND_OF[code]
    if code == DIE_ROLL:
        if state.combat:
            return ChancePoint(kind, state.combat[COMBATANT], "roll the combat dice, one at a time")
        return ChancePoint(kind, _deciding_seat(state, state.current))
    if code == LEADER:
        return ChancePoint(kind)
    if code in (CHARACTER, PROJECT):
        return ChancePoint(kind, arg if 0 <= arg < state.seats else None)
    if code in (NIGHT_CARD, THREAT):
        return ChancePoint(kind, _deciding_seat(state, state.tribe_leader) if code == THREAT else state.tribe_leader)
    if code == VARIANT:
        return ChancePoint(kind, None, f"keep one copy of card #{arg} at random and put the others away unseen")
    seat = state.current if state.phase == DAY and 0 <= state.current < state.seats else None
    if code == TILE:
        return ChancePoint(kind, seat, "turn over the face-down map tile you explore")
    return ChancePoint(kind, seat)


def _deciding_seat(state: DiscoverState, otherwise: int) -> int | None:
    """The seat of the decision the chance point is for (the top one, when it names a seat), else `otherwise`."""
    if state.decisions:
        seat = getattr(state.decisions[-1], "seat", None)
        if isinstance(seat, int) and 0 <= seat < state.seats:
            return seat
    return otherwise if 0 <= otherwise < state.seats else None


def chance_name(state: DiscoverState, outcome: DiscoverAction) -> str:
    """The outcome in people's words: a die's number, a seat, the name of a card or token of this copy."""
    verb, value = outcome.verb, int(outcome.args[0])
    copy = state.copy
    if verb == "die":
        return str(value)
    if verb == "leader":
        return f"seat {value + 1}"
    if verb == "character":
        character = copy.characters[value]
        return f"{character.name}, {character.title}"
    if verb == "project":
        return copy.projects[value].name
    if verb == "tile":
        return f"tile {value}"
    if verb == "feature":
        token = copy.features[value]
        if token.number:
            return f"feature token: card #{token.number}"
        return "feature token: " + (", ".join(_words(RESOURCES[r]) for r in token.resources) or "nothing")
    if verb == "water":
        return f"water source: {_words(RESOURCES[copy.waters[value].resource])}"
    if verb == "monster":
        monster = copy.monsters[value]
        return f"monster token #{monster.number}" + (" (special)" if monster.special else "")
    if verb == "night":
        return copy.nights[value].name
    if verb == "threat":
        return copy.threats[value].name
    card = copy.cards[value]
    return f"{card.name} (#{card.number})"


def _words(resource: str) -> str:
    """A resource's id in words (`clean_water` → `clean water`)."""
    return resource.replace("_", " ")
