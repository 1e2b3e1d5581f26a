"""What the generator prints on the Island's 17 tiles (discover.md §17.2, §17.4, §17.16).

Draw order: the terrains of every tile (start tile, then piles 1–4 in order), then the landmarks, the 3 water
icons, the objective icons and last the feature icons. A space carries at most one icon; ocean carries none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .copy import SpacePrint, TileFace
from .generator_util import Draw
from .terms import BACK_COUNTS, BACKS, ISLAND_POSITIONS, TERRAINS

BEACH, GRASS, UNDERBRUSH, OCEAN, MOUNTAIN = (TERRAINS.index(t) for t in
                                             ("beach", "grass", "underbrush", "ocean", "mountain"))
INLAND = (GRASS, UNDERBRUSH, MOUNTAIN, BEACH)
INLAND_WEIGHTS = (4, 3, 2, 1)
"""Terrain of a space away from the ocean: mostly grass and underbrush, some mountain, a little beach."""
OCEAN_SPACES = {0: (0, 0), 1: (0, 0), 2: (0, 2), 3: (1, 3), 4: (2, 3)}
"""Ocean spaces on the ring of a tile of each pile, as a range: none inland (piles 0–1), more toward the edge."""
PILES = tuple(pile for pile, spots in enumerate(ISLAND_POSITIONS) for _ in spots)
"""The pile of each tile face, index 0 the start tile (§17.2: 1 + 4 + 5 + 4 + 3 = 17)."""
LANDMARK_PILES = ((1, 2), (1, 2), (3, 4), (2, 3, 4))
"""Where the first landmarks go: #1 and #33 on piles 1–2 (§17.24 rule 9), then one far (piles 3–4, the guardian
of Scenario 2), then one on piles 2–4 (the smoke of Scenario 1); every later one anywhere."""
FEATURES_PER_TILE = (0, 4)
CAMP = (0, 0)
"""The camp space: the start tile's centre (§17.2)."""


@dataclass
class _Tile:
    pile: int
    terrain: list[int]
    landmark: list[int] = field(default_factory=lambda: [0] * 7)
    feature: list[int] = field(default_factory=lambda: [-1] * 7)
    water: list[bool] = field(default_factory=lambda: [False] * 7)
    objective: list[int] = field(default_factory=lambda: [0] * 7)

    def free(self, index: int) -> list[int]:
        """The spaces of tile `index` that are land and carry nothing yet (never the camp)."""
        return [s for s in range(7) if self.terrain[s] != OCEAN and not self.landmark[s] and self.feature[s] < 0
                and not self.water[s] and not self.objective[s] and (index, s) != CAMP]

    def face(self, index: int) -> TileFace:
        spaces = tuple(SpacePrint(self.terrain[s], self.landmark[s], self.feature[s], self.water[s],
                                  self.objective[s]) for s in range(7))
        return TileFace(id=index, pile=self.pile, spaces=spaces)


def _terrains(draw: Draw, pile: int) -> list[int]:
    """One tile's terrains (§17.4): an arc of ocean on the ring, beach beside it, inland terrains elsewhere."""
    lo, hi = OCEAN_SPACES[pile]
    oceans = draw.between(lo, hi)
    start = draw.below(6)
    ring = [(start + k) % 6 for k in range(oceans)]
    terrain = [INLAND[draw.weighted(INLAND_WEIGHTS)] for _ in range(7)]
    if pile == 0:
        terrain[0] = GRASS
    for i in ring:
        terrain[1 + i] = OCEAN
    for i in range(6):
        if terrain[1 + i] != OCEAN and oceans and ((i + 1) % 6 in ring or (i - 1) % 6 in ring):
            terrain[1 + i] = BEACH
    return terrain


def _place(draw: Draw, tiles: list[_Tile], piles: Sequence[int]) -> tuple[int, int]:
    """A random free space on a random tile of one of `piles` that has one: (tile, space)."""
    choices = [i for i, t in enumerate(tiles) if t.pile in piles and t.free(i)]
    tile = draw.one(choices)
    return tile, draw.one(tiles[tile].free(tile))


def _features(draw: Draw, tiles: list[_Tile]) -> None:
    """0–4 feature icons on each of the 16 pile tiles; each back at most as many as its tokens (§17.4)."""
    left = list(BACK_COUNTS)
    for index, tile in enumerate(tiles):
        if tile.pile == 0:
            continue
        free = tile.free(index)
        wanted = min(draw.between(*FEATURES_PER_TILE), len(free))
        for space in draw.sample(free, wanted):
            if not any(left):
                return
            back = draw.weighted(left)
            left[back] -= 1
            tile.feature[space] = back


def draw_island(draw: Draw, landmarks: Sequence[int], objectives: int) -> tuple[TileFace, ...]:
    """The 17 tile faces: terrains, then `landmarks` in order (see `LANDMARK_PILES`), 3 water icons on piles
    1–4, `objectives` objective icons (numbered from 1) on piles 2–4, and feature icons."""
    tiles = [_Tile(pile, _terrains(draw, pile)) for pile in PILES]
    for k, number in enumerate(landmarks):
        tile, space = _place(draw, tiles, LANDMARK_PILES[k] if k < len(LANDMARK_PILES) else range(5))
        tiles[tile].landmark[space] = number
    for _ in range(3):
        tile, space = _place(draw, tiles, (1, 2, 3, 4))
        tiles[tile].water[space] = True
    for k in range(objectives):
        tile, space = _place(draw, tiles, (2, 3, 4))
        tiles[tile].objective[space] = k + 1
    _features(draw, tiles)
    return tuple(t.face(i) for i, t in enumerate(tiles))


def icon_counts(tiles: Sequence[TileFace]) -> dict[str, int]:
    """Feature icons per back, water icons and ocean spaces of a set of tile faces, by name."""
    spaces = [s for t in tiles for s in t.spaces]
    out = {f"feature_icons_{b}": sum(s.feature == i for s in spaces) for i, b in enumerate(BACKS)}
    out["water_icons"] = sum(s.water for s in spaces)
    out["ocean_spaces"] = sum(s.terrain == OCEAN for s in spaces)
    return out
