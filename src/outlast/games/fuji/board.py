"""Scenario geometry (fuji.md §3.4, §7.1, §7.2, §11, §17.4): cells, adjacency, distances, paths.

A cell is coded `row * 16 + col`, so its name (`C3`) needs no board. Lava is an int bitmask over
cell codes, which makes reach and path caches cheap to key.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from outlast.core import ContentError

if TYPE_CHECKING:
    from .content import Content, Scenario

WIDTH = 16
LETTERS = "ABCDEFGHIJKLMNOP"


def cell_name(code: int) -> str:
    """`C3` for the cell in column C, row 3."""
    return f"{LETTERS[code % WIDTH]}{code // WIDTH + 1}"


def cell_code(name: str) -> int:
    """Inverse of `cell_name`; raises ValueError on a malformed name.

    The row is plain ASCII digits, 1 to 99 (`"C²"` and `"C٣"` are digits to Python, not cells).
    """
    name = name.strip().upper()
    row = name[1:]
    if not (2 <= len(name) <= 3 and name[0] in LETTERS and row.isascii() and row.isdigit() and int(row) >= 1):
        raise ValueError(f"{name[:12]!r} is not a card position such as C3")
    return (int(row) - 1) * WIDTH + LETTERS.index(name[0])


@dataclass(frozen=True)
class Board:
    """One scenario laid out for a player count. Immutable and shared by every state."""

    scenario: int
    name: str
    size: int
    cells: tuple[int, ...]
    mark: tuple[str, ...]
    """mark[code]: the scenario letter at that cell ('.' for no card)."""
    adjacent: tuple[tuple[int, ...], ...]
    volcano: int
    rubble: tuple[int, ...]
    landscape: tuple[int, ...]
    villages: tuple[int, ...]
    equipment_tokens: tuple[int, ...]
    eruption_tokens: tuple[int, ...]
    white_start: int
    grey_start: int
    thrill: int
    rows: int
    cols: int

    def is_village(self, code: int) -> bool:
        return self.mark[code] in "Hh"


def build_board(sc: Scenario, players_four: bool) -> Board:
    """Lay out scenario `sc`; the `h` village is used only with four players (§3.5)."""
    rows = [r.split() for r in sc.map]
    cols = max(len(r) for r in rows)
    size = len(rows) * WIDTH
    mark = ["."] * size
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "h" and not players_four:
                ch = "."
            mark[r * WIDTH + c] = ch
    cells = tuple(i for i in range(size) if mark[i] != ".")
    adjacent: list[tuple[int, ...]] = []
    for i in range(size):
        if mark[i] == ".":
            adjacent.append(())
            continue
        r, c = divmod(i, WIDTH)
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < len(rows) and 0 <= cc < WIDTH and mark[rr * WIDTH + cc] != ".":
                near.append(rr * WIDTH + cc)
        adjacent.append(tuple(near))

    def find(letters: str) -> tuple[int, ...]:
        return tuple(i for i in cells if mark[i] in letters)

    return Board(
        scenario=sc.id, name=sc.name, size=size, cells=cells, mark=tuple(mark), adjacent=tuple(adjacent),
        volcano=find("V")[0], rubble=find("R"), landscape=find("LSGEX"), villages=find("Hh"),
        equipment_tokens=find("E"), eruption_tokens=find("X"), white_start=find("S")[0],
        grey_start=find("G")[0], thrill=cell_code(sc.thrill), rows=len(rows), cols=cols,
    )


def check_scenarios(content: Content) -> None:
    """The map checks of §17.4 on every scenario; a fault is a `ContentError`."""
    for sc in content.scenarios:
        item = f"scenario {sc.id}"
        try:
            b = build_board(sc, True)
        except (IndexError, ValueError) as exc:
            raise ContentError("scenarios.yaml", item, "map", f"cannot be laid out: {exc}") from None
        if any(ch not in "VRLSGEXHh." for ch in b.mark):
            raise ContentError("scenarios.yaml", item, "map", "unknown letter (legend: V R L S G E X H h .)")
        if len(b.rubble) != 2 or b.adjacent[b.volcano] != (b.rubble[0],) and set(b.adjacent[b.volcano]) - set(b.rubble):
            raise ContentError("scenarios.yaml", item, "map", "the volcano must touch only rubble (§11.3)")
        if not set(b.adjacent[b.rubble[0]]) & {b.rubble[1]} and not set(b.adjacent[b.rubble[1]]) & {b.rubble[0]}:
            raise ContentError("scenarios.yaml", item, "map", "the two rubble cards must touch (§11.3)")
        if len(b.landscape) > 24 or len(b.equipment_tokens) > 7 or len(b.villages) > 6:
            raise ContentError("scenarios.yaml", item, "map", "too many landscape, equipment or village positions")
        if len(b.eruption_tokens) != 2 or b.thrill not in b.eruption_tokens:
            raise ContentError("scenarios.yaml", item, "thrill", "two X tokens, and thrill must name one of them")
        seen = {b.volcano}
        todo = deque([b.volcano])
        while todo:
            for n in b.adjacent[todo.popleft()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != set(b.cells):
            raise ContentError("scenarios.yaml", item, "map", "every card must be connected (§17.4)")


@cache
def board_for(scenario: Scenario, four_players: bool) -> Board:
    """The shared board of a scenario's layout for a player count.

    Kept per layout (a scenario's id, name, thrill and map, compared by value), so every game whose content has
    that layout shares one board object: the reach and path caches below are keyed by the board's identity.
    """
    return build_board(scenario, four_players)


_REACH: dict[tuple[int, int, int, int], tuple[tuple[int, int], ...]] = {}
_PATHS: dict[tuple[int, int, int, int, int, bool], tuple[tuple[int, ...], ...]] = {}


def is_open(board: Board, lava: int, code: int) -> bool:
    """Whether a meeple may enter or cross this card now (§7.1): landscape or village, not lava."""
    return board.mark[code] in "LSGEXHh" and not (lava >> code) & 1


def reach(board: Board, lava: int, start: int, steps: int) -> tuple[tuple[int, int], ...]:
    """Every (cell, distance) a meeple on `start` can reach in at most `steps` legal steps (§7.2)."""
    key = (id(board), lava, start, steps)
    hit = _REACH.get(key)
    if hit is not None:
        return hit
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        if dist[cur] == steps:
            continue
        for n in board.adjacent[cur]:
            if n not in dist and is_open(board, lava, n):
                dist[n] = dist[cur] + 1
                todo.append(n)
    out = tuple(sorted(dist.items()))
    if len(_REACH) > 200_000:
        _REACH.clear()
    _REACH[key] = out
    return out


def distance(board: Board, lava: int, start: int, goal: int, steps: int = 64) -> int:
    """Shortest legal path length from `start` to `goal`, or -1 if none within `steps` (§7.2)."""
    for cell, d in reach(board, lava, start, steps):
        if cell == goal:
            return d
    return -1


def paths(board: Board, lava: int, start: int, goal: int, limit: int, shortest_only: bool = False) -> tuple[tuple[int, ...], ...]:
    """Every simple legal path (cells after `start`, ending on `goal`) of length ≤ limit (§17.6 item 1).

    With `shortest_only`, only the shortest ones (Rope fallback, §17.6 item 4).
    """
    key = (id(board), lava, start, goal, limit, shortest_only)
    hit = _PATHS.get(key)
    if hit is not None:
        return hit
    found: list[tuple[int, ...]] = []
    if shortest_only:
        limit = distance(board, lava, start, goal)
    if limit >= 0:
        stack: list[tuple[int, tuple[int, ...]]] = [(start, ())]
        while stack:
            cur, path = stack.pop()
            if cur == goal and path:
                found.append(path)
                continue
            if len(path) == limit:
                continue
            for n in board.adjacent[cur]:
                if n != start and n not in path and is_open(board, lava, n):
                    stack.append((n, (*path, n)))
    if shortest_only and found:
        best = min(len(p) for p in found)
        found = [p for p in found if len(p) == best]
    out = tuple(sorted(found, key=lambda p: (len(p), p)))
    if len(_PATHS) > 200_000:
        _PATHS.clear()
    _PATHS[key] = out
    return out


def eruption_front(board: Board, lava: int) -> int:
    """Bitmask of the landscape and rubble cards one eruption flips (§11.1): face-up, next to lava.

    Cards flipped now do not spread further in the same eruption (no chain reaction).
    """
    front = 0
    for code in board.cells:
        if (lava >> code) & 1 or board.mark[code] not in "RLSGEX":
            continue
        for n in board.adjacent[code]:
            if (lava >> n) & 1:
                front |= 1 << code
                break
    return front


UNREACHABLE = 999
"""What `lava_times` and `village_distance` give for a card that is never reached."""
_TIMES: dict[tuple[int, int], tuple[int, ...]] = {}
_VDIST: dict[tuple[int, int, int], tuple[int, ...]] = {}


def lava_times(b: Board, lava: int) -> tuple[int, ...]:
    """Eruptions until each card flips (0: lava now; UNREACHABLE: never, e.g. villages) (§11.1)."""
    key = (id(b), lava)
    hit = _TIMES.get(key)
    if hit is not None:
        return hit
    t = [UNREACHABLE] * b.size
    frontier = [c for c in b.cells if (lava >> c) & 1]
    for c in frontier:
        t[c] = 0
    step = 0
    while frontier:
        step += 1
        nxt = []
        for c in frontier:
            for n in b.adjacent[c]:
                if t[n] == UNREACHABLE and b.mark[n] in "RLSGEX":
                    t[n] = step
                    nxt.append(n)
        frontier = nxt
    res = tuple(t)
    if len(_TIMES) > 50_000:
        _TIMES.clear()
    _TIMES[key] = res
    return res


def village_distance(b: Board, lava: int, blocked: int = 0) -> tuple[int, ...]:
    """Legal steps from each card to the nearest village card (§7.2); UNREACHABLE if cut off."""
    key = (id(b), lava, blocked)
    hit = _VDIST.get(key)
    if hit is not None:
        return hit
    d = [UNREACHABLE] * b.size
    frontier = [c for c in b.villages if not (blocked >> c) & 1]
    for c in frontier:
        d[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for n in b.adjacent[c]:
                if d[n] == UNREACHABLE and is_open(b, lava, n) and not (blocked >> n) & 1:
                    d[n] = d[c] + 1
                    nxt.append(n)
        frontier = nxt
    res = tuple(d)
    if len(_VDIST) > 50_000:
        _VDIST.clear()
    _VDIST[key] = res
    return res
