"""Companion mode for Fuji (decision 0031): the kinds of chance point, who rolls or draws each, and the names of the
outcomes, so a table playing the physical box can tell outlast what came up (`outlast.core.companion`).

Dice are rolled behind screens (§6): the seat behind the screen enters each die, and no other seat learns a face
before the rules show it, exactly as when the engine rolls. Cards dealt at setup and equipment drawn later go to the
seat whose meeple takes them (§3.1, §3.2, §10.3); the terrain is laid by anyone at the table (§3.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core.companion import ChanceKind, ChancePoint

from .actions import FujiAction
from .board import cell_name
from .content import COLOUR_NAMES, requirement_text
from .terms import DEAL_CHARACTER, DEAL_SKILL, DRAW_EQUIPMENT, PLACE_TERRAIN, ROLL_DIE

if TYPE_CHECKING:
    from .state import FujiState

KINDS = (
    ChanceKind("dice", "Dice", "dice", "§6", "roll your dice behind your screen"),
    ChanceKind("skills", "Skill cards", "cards", "§3.1", "deal a skill card at random"),
    ChanceKind("characters", "Character cards", "cards", "§3.1", "deal a character card at random"),
    ChanceKind("terrain", "Terrain cards", "cards", "§3.4", "lay a shuffled terrain card face up"),
    ChanceKind("equipment", "Equipment cards", "cards", "§3.2", "draw the top card of the equipment pile"),
)
"""Fuji's kinds of chance point (`FujiGame.chance_kinds`)."""

_KIND_OF = {ROLL_DIE: "dice", DEAL_SKILL: "skills", DEAL_CHARACTER: "characters", PLACE_TERRAIN: "terrain",
            DRAW_EQUIPMENT: "equipment"}


def _only_seat(mask: int) -> int | None:
    """The one seat of a set of seats (a bit mask), or None when it holds none or several."""
    return mask.bit_length() - 1 if mask and not mask & (mask - 1) else None


def chance_point(state: FujiState) -> ChancePoint:
    """The pending chance point: its kind, the seat that rolls or draws it (None: anyone), and the step in words."""
    code, arg = state.chance[0]
    kind = _KIND_OF[code]
    table = state.table
    if code == ROLL_DIE:
        seat = _only_seat(state.screen_mask(state.die_holder[arg], arg))
        owner, number = divmod(arg, 6)
        if seat is None:
            return ChancePoint(kind, None, f"roll die {number + 1} of the extra set in the open")
        if owner >= table.seats:
            which = f"the shared meeple's die {number + 1}"
        elif table.ctrl[owner] == seat:
            which = f"your die {number + 1}"
        else:
            which = f"die {number + 1} lent to you"
        return ChancePoint(kind, seat, f"roll behind your screen and enter {which}")
    if code in (DEAL_SKILL, DEAL_CHARACTER):
        what = "skill" if code == DEAL_SKILL else "character"
        return ChancePoint(kind, table.ctrl[arg], f"take a {what} card at random")
    if code == PLACE_TERRAIN:
        want = "village" if table.board.is_village(arg) else "landscape"
        return ChancePoint(kind, None, f"lay a shuffled {want} card face up on {cell_name(arg)}")
    return ChancePoint(kind, table.ctrl[arg], "draw the top card of the equipment pile")


def chance_name(state: FujiState, outcome: FujiAction) -> str:
    """The outcome in people's words: a die's face with its colour, a card's name, a terrain card with what it asks."""
    content = state.table.content
    verb = outcome.verb
    if verb == "roll":
        die, face = outcome.args
        return f"{face} ({COLOUR_NAMES[content.die_colours[die % 6][face]]})"
    card = outcome.ids[0]
    if verb == "skill":
        return next(s.name for s in content.skills if s.id == card)
    if verb == "character":
        return next(str(c["name"]) for c in content.characters if c["id"] == card)
    if verb == "place":
        terrain = content.terrain[content.terrain_by_id[card]]
        return f"{terrain.kind} card {terrain.id}: {requirement_text(terrain.requires)}"
    return content.equipment[content.equipment_by_id[card]].name
