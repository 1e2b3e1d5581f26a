"""The Island map: hex spaces, tiles, adjacency and distances (discover.md §6, §17.1–§17.3).

Geometry is AUTHORED in §17.1: flat-top hexes in axial coordinates (q, r); the tile at tile-coordinate (a, b)
has its centre at (2a − b, a + 3b) and holds that centre and its 6 neighbours. The tile *positions* are fixed
(§17.2); which tile face lies on a position is dealt from its pile at setup, facedown, and is only drawn when
the tile is scouted (architecture §2: hidden means undetermined). So the board knows every space's place and
neighbours, while what is printed on a space depends on the face the state has revealed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .copy import Copy
from .terms import COMPASS, ISLAND_POSITIONS, NEIGHBOURS


def tile_centre(a: int, b: int) -> tuple[int, int]:
    """The axial (q, r) of the centre space of the tile at tile-coordinate (a, b) (§17.1)."""
    return (2 * a - b, a + 3 * b)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Grid distance between two axial hexes: "within N spaces" (§6.6, §17.20 item 2)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class Board:
    """The fixed geometry of the Island: 17 positions × 7 spaces = 119 spaces (§17.2).

    Space `s` lies on position `s // 7`; slot `s % 7` is the tile face's space index (centre first, then the
    neighbours in `NEIGHBOURS` order), so a tile face's `spaces[s % 7]` is what is printed on space `s`.
    """

    positions: tuple[tuple[int, int], ...]
    """Tile-coordinates (a, b) of each position: index 0 is the start tile, then piles 1–4 in §17.2 order."""
    pile_of: tuple[int, ...]
    """The pile dealt onto each position (0 for the start tile)."""
    coords: tuple[tuple[int, int], ...]
    """Axial (q, r) of every space."""
    index: dict[tuple[int, int], int]
    adjacent: tuple[tuple[int, ...], ...]
    """Each space's neighbouring spaces on the map, in `NEIGHBOURS` order."""
    step: tuple[tuple[int, ...], ...]
    """`step[s][d]`: the space one step from `s` in neighbour direction d (N=0 … NW=5), or -1 off the map."""
    camp: int
    """The camp space: the start tile's centre (§17.2)."""
    scout_reach: tuple[tuple[int, ...], ...]
    """Per space: the other tile positions holding a space adjacent to it, in order."""
    distance_memo: dict[tuple[int, tuple[bool, ...]], list[int]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False)
    """`faceup_distances` already computed, by (start, whether each position is faceup)."""
    neighbours: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False, compare=False)
    """Each space's neighbours as (space, tile position, slot), in `adjacent`'s order."""
    near_bits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each space's neighbouring spaces as a bit set (bit `n` for space `n`), for breadth-first searches a whole ring
    at a time."""
    tile_bits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The 7 spaces of each tile position, as a bit set."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "neighbours",
                           tuple(tuple((n, n // 7, n % 7) for n in near) for near in self.adjacent))
        object.__setattr__(self, "near_bits", tuple(sum(1 << n for n in near) for near in self.adjacent))
        object.__setattr__(self, "tile_bits", tuple(0b1111111 << p * 7 for p in range(len(self.positions))))

    @property
    def size(self) -> int:
        return len(self.coords)

    def position_of(self, space: int) -> int:
        """The tile position a space lies on."""
        return space // 7

    def spaces_of(self, position: int) -> range:
        """The 7 spaces of a tile position."""
        return range(position * 7, position * 7 + 7)

    def distance(self, a: int, b: int) -> int:
        """Grid distance between spaces (§6.6)."""
        return hex_distance(self.coords[a], self.coords[b])

    def compass(self, space: int, showing: int) -> int:
        """The space next to `space` in the compass direction of a die showing 1–12, or -1 off the map (§17.3)."""
        dq, dr = COMPASS[showing]
        return self.step[space][NEIGHBOURS.index((dq, dr))]


MEMO_LIMIT = 256
"""How many path-distance lists the board keeps before it starts afresh. Each is about 1.3 kB with its key (one int
per space), so a full memo is about a third of a megabyte. With 4096 it reached megabytes, which a server playing
hundreds of games showed as growth, for a few more hits (41 rather than 50 misses per 1,000 actions)."""


def faceup_distances(board: Board, start: int, faces: Sequence[int]) -> list[int]:
    """Shortest-path steps from `start` to every space through the spaces of faceup tiles (`faces[p] >= 0`),
    ignoring terrain: the paths monsters take (§6.6, §11.4); -1 where unreachable, 0 at `start`. Which tiles are
    faceup is all the answer depends on, so it is computed once per (start, faceup set) and kept on the board:
    callers must not change the list."""
    up = tuple(map(_FACEUP, faces))
    memo = board.distance_memo
    found = memo.get((start, up))
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[start, up] = _rings(board, start, up)
    return found


_FACEUP = (0).__le__
"""True for a tile face that is faceup (`0 <= face`; a facedown tile is −1)."""


def _rings(board: Board, start: int, up: tuple[bool, ...]) -> list[int]:
    """`faceup_distances` from `start` through the spaces of the positions faceup in `up`, found a ring at a time on
    bit sets (bit `n` for space `n`): the spaces next to the last ring, on those positions, not reached before, are
    one step farther. Each space reached is visited once, to record its distance and add its neighbours."""
    opened = 0
    for bits, faceup in zip(board.tile_bits, up, strict=True):
        if faceup:
            opened |= bits
    near = board.near_bits
    dist = [-1] * board.size
    dist[start] = 0
    seen = 1 << start
    reach = near[start]
    d = 0
    while True:
        ring = reach & opened & ~seen
        if not ring:
            return dist
        d += 1
        seen |= ring
        reach = 0
        while ring:
            low = ring & -ring  # the lowest space left in the ring
            space = low.bit_length() - 1
            dist[space] = d
            reach |= near[space]
            ring ^= low


def build_board() -> Board:
    """The Island board of §17.2 (the same for every copy: only the tile faces differ)."""
    positions: list[tuple[int, int]] = []
    pile_of: list[int] = []
    for pile, group in enumerate(ISLAND_POSITIONS):
        for ab in group:
            positions.append(ab)
            pile_of.append(pile)
    coords: list[tuple[int, int]] = []
    for a, b in positions:
        q, r = tile_centre(a, b)
        coords.append((q, r))
        coords.extend((q + dq, r + dr) for dq, dr in NEIGHBOURS)
    index = {c: i for i, c in enumerate(coords)}
    if len(index) != len(coords):  # pragma: no cover - guarded by a test of §17.1
        raise AssertionError("tiles overlap")
    step = tuple(tuple(index.get((q + dq, r + dr), -1) for dq, dr in NEIGHBOURS) for q, r in coords)
    adjacent = tuple(tuple(n for n in row if n >= 0) for row in step)
    reach = tuple(tuple(sorted({n // 7 for n in adjacent[s]} - {s // 7})) for s in range(len(coords)))
    return Board(tuple(positions), tuple(pile_of), tuple(coords), index, adjacent, step, 0, reach)


ISLAND = build_board()
"""The Island's geometry (shared by every game: it holds no copy's content)."""


def board_for(copy: Copy) -> Board:
    """The board a copy is played on (generator v1 makes the Island only, §17.24)."""
    del copy
    return ISLAND
