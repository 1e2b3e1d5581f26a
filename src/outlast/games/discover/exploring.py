"""The map in play: faceup tiles, what is printed on a space, fires, scouting and gathering (§6, §7.2–§7.4).

A tile position shows a face only once scouted (`tile_face[position]`, −1 while facedown); what is printed on a
space is that face's `SpacePrint`. Pieces on the map are tuples (kind, space, value, card) (`terms.PIECE_KINDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import flow
from .actions import DiscoverAction, act, parse_space, space_name
from .copy import SpacePrint
from .decisions import DiscoverDecision
from .terms import BACKS, COUNTER, FEATURE, FIRE, MONSTER, RESOURCE, RESOURCES, TERRAIN_COST, TERRAINS, WATER

if TYPE_CHECKING:
    from .state import DiscoverState


def printed(state: DiscoverState, space: int) -> SpacePrint | None:
    """What is printed on a space, or None while its tile is facedown."""
    face = state.tile_face[space // 7]
    return None if face < 0 else state.copy.tiles[face].spaces[space % 7]


def faceup(state: DiscoverState, space: int) -> bool:
    """Whether the space's tile is faceup: nothing may enter a facedown tile (§6.1)."""
    return state.tile_face[space // 7] >= 0


def terrain_cost(state: DiscoverState, space: int) -> int:
    """The printed stamina cost to enter a faceup space (§6.2, §6.3)."""
    p = printed(state, space)
    assert p is not None
    return TERRAIN_COST[p.terrain]


def terrain_name(state: DiscoverState, space: int) -> str:
    p = printed(state, space)
    return "facedown" if p is None else TERRAINS[p.terrain]


def landmark_at(state: DiscoverState, space: int) -> int:
    """The landmark number printed on a faceup space, or 0."""
    p = printed(state, space)
    return 0 if p is None else p.landmark


def landmark_spaces(state: DiscoverState) -> list[tuple[int, int]]:
    """(number, space) of every landmark on a faceup tile, lowest number first (§11.2)."""
    out = []
    for position, face in enumerate(state.tile_face):
        if face < 0:
            continue
        for slot, p in enumerate(state.copy.tiles[face].spaces):
            if p.landmark:
                out.append((p.landmark, position * 7 + slot))
    return sorted(out)


def fires_at(state: DiscoverState, space: int) -> list[int]:
    """Indices of the fire pieces (camp included) in a space."""
    return [i for i, p in enumerate(state.pieces) if p[0] == FIRE and p[1] == space]


def at_fire(state: DiscoverState, space: int) -> bool:
    """A space with a lit fire token, the camp's lit fire included (§6.4)."""
    return any(p[0] == FIRE and p[1] == space and p[2] for p in state.pieces)


def place_tile(state: DiscoverState, position: int, face: int) -> None:
    """Scouting flips a tile: a facedown feature token from the matching pile on each feature icon, a facedown
    water source on each water icon (§7.4). A pile that ran out is rebuilt from its discards (§8.2); with none
    there either, the icon stays empty (§17.20 item 21)."""
    state.tile_face[position] = face
    tile = state.copy.tiles[face]
    for slot, p in enumerate(tile.spaces):
        space = position * 7 + slot
        if p.feature >= 0:
            _place_feature(state, space, p.feature)
        if p.water:
            hidden = sum(1 for q in state.pieces if q[0] == WATER and q[2] < 0)
            if len(state.water_pool) > hidden:
                state.pieces.append((WATER, space, -1, -1))
    state.log("scout", f"Tile {space_name(position * 7)[0]} is turned faceup.")
    if state.waiting_spawn:
        from .monsters import spawn_waiting

        spawn_waiting(state, position)


def _place_feature(state: DiscoverState, space: int, back: int) -> None:
    face = -1 - back
    hidden = sum(1 for q in state.pieces if q[0] == FEATURE and q[2] == face)
    if len(state.feature_piles[back]) <= hidden:
        state.feature_piles[back].extend(state.feature_discard[back])
        state.feature_discard[back] = []
        if state.feature_piles[back]:
            state.log("rebuild", f"The {BACKS[back]} feature pile is rebuilt from its discards (§8.2).")
    if len(state.feature_piles[back]) > hidden:
        state.pieces.append((FEATURE, space, -1 - back, -1))


def scout_targets(state: DiscoverState, seat: int) -> list[int]:
    """Facedown tile positions with a space adjacent to the survivor's (§7.4)."""
    faces = state.tile_face
    return [p for p in state.board.scout_reach[state.position[seat]] if faces[p] < 0]


def scout(state: DiscoverState, seat: int, position: int) -> None:
    """Scout: flip the facedown tile; which face lies there is drawn now from its pile (§7.4, §17.2)."""
    flow.queue(state, flow.TILE, position)


def gather_targets(state: DiscoverState, seat: int) -> list[str]:
    """The words naming each kind of token the survivor may gather in its space (§7.3): a facedown feature token
    by its back, a faceup feature token by `t<id>`, the water source, a dropped resource by name."""
    return lying_in(state, state.position[seat])[0]


LIT, UNLIT, COUNTED = 1, 2, 4
"""The marks `lying_in` gives a space: a lit fire, an unlit fire, a Scenario 5 counter lie there."""


def lying_in(state: DiscoverState, space: int) -> tuple[list[str], int]:
    """What lies in a space, read in one pass over the pieces: the gather words of its tokens (`gather_targets`),
    and the marks `LIT`, `UNLIT` and `COUNTED` of its fires and counters, or-ed together."""
    out: list[str] = []
    marks = 0
    for kind, where, value, _ in state.pieces:
        if where != space:
            continue
        if kind == FEATURE:
            word = BACKS[-1 - value] if value < 0 else f"t{value}"
        elif kind == WATER:
            word = "water"
        elif kind == RESOURCE:
            word = RESOURCES[value]
        else:
            if kind == FIRE:
                marks |= LIT if value else UNLIT
            elif kind == COUNTER:
                marks |= COUNTED
            continue
        if word not in out:
            out.append(word)
    return out, marks


def find_piece(state: DiscoverState, space: int, word: str) -> int:
    """The index of the first piece in `space` that a gather word names (see `gather_targets`)."""
    for i, (kind, where, value, _) in enumerate(state.pieces):
        if where != space:
            continue
        if kind == FEATURE and ((value < 0 and BACKS[-1 - value] == word) or f"t{value}" == word):
            return i
        if (kind == WATER and word == "water") or (kind == RESOURCE and RESOURCES[value] == word):
            return i
    raise AssertionError(word)


def monsters_at(state: DiscoverState, space: int) -> list[int]:
    """Indices of the monster-token pieces in a space."""
    return [i for i, p in enumerate(state.pieces) if p[0] == MONSTER and p[1] == space]


def place_fire(state: DiscoverState, space: int) -> None:
    """A new lit fire token in a space; fire tokens are unlimited (§3.5, §6.4)."""
    state.pieces.append((FIRE, space, 1, 0))
    state.log("fire", f"A lit fire is placed in {space_name(space)}.")


def fires_out(state: DiscoverState, seat: int, which: str) -> None:
    """Lit fires burn out, flipping to their unlit side: the nearest to `seat`, the camp's, or all (§6.4)."""
    lit = [i for i, p in enumerate(state.pieces) if p[0] == FIRE and p[2]]
    if which == "camp":
        lit = [i for i in lit if state.pieces[i][3] == 1]
    elif which == "nearest" and lit:
        here = state.position[seat]
        best = min(state.board.distance(here, state.pieces[i][1]) for i in lit)
        lit = [i for i in lit if state.board.distance(here, state.pieces[i][1]) == best][:1]
    for i in lit:
        kind, space, _, camp = state.pieces[i]
        state.pieces[i] = (kind, space, 0, camp)
        state.log("fire", f"The {'camp ' if camp else ''}fire in {space_name(space)} burns out.")


def move_to_landmark(state: DiscoverState, seat: int, number: int) -> None:
    """Lift the figure and set it on landmark #N's space, if that landmark is on the map (§6.7)."""
    from .monsters import fight_monsters_here

    spaces = [space for n, space in landmark_spaces(state) if n == number]
    if not spaces:
        state.log("fizzle", f"Landmark #{number} is not on the map: nothing happens (§14.1 item 4).")
        return
    state.position[seat] = spaces[0]
    state.log("move", f"Seat {seat} is set down on landmark #{number} ({space_name(spaces[0])}).")
    fight_monsters_here(state, seat)


@dataclass(frozen=True, slots=True)
class AbilityMove(DiscoverDecision):
    """Movement by an ability: up to `left` more steps onto adjacent faceup spaces, terrain ignored, nothing gathered;
    entering a monster's space stops the move and starts the fight (§6.7, §14.3 item 1)."""

    kind = "move by an ability"
    rule = "§6.7"
    left: int
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        here = state.position[seat]
        return [act(seat, "step", space_name(s)) for s in state.board.adjacent[here] if faceup(state, s)] + \
            [act(seat, "stop")]

    def resolve(self, state: Any, action: Any) -> None:
        from .monsters import fight_monsters_here

        if action.verb == "stop" or state.status[self.seat] != 0:
            return
        space = parse_space(action.args[0])
        state.position[self.seat] = space
        state.log("move", f"Seat {self.seat} moves to {space_name(space)} by an ability (no stamina, no gathering).")
        if monsters_at(state, space):
            fight_monsters_here(state, self.seat)
            return
        if self.left > 1:
            state.decisions.append(AbilityMove(self.seat, self.left - 1))

    def text(self, state: Any) -> str:
        return f"Move up to {self.left} more space(s), ignoring terrain (`step B3`), or `stop`."

