"""The Island map in the terminal, drawn from a Discover view (discover.md §6, §17.1–§17.2).

Spaces are flat-top hexes in axial coordinates (q, r): each column of the drawing is one q, and a space is a
cell two lines tall, the cells of neighbouring columns half a cell apart, so north is up as on the compass
(§17.3). A faceup space shows its name (`B3`, what `move B3` types), its terrain letter on the terrain's colour,
its landmark number, and on its second line what lies there; a facedown tile shows its back and pile number.
Every sign has a letter or shape as well as a colour. Only the view is read: the tile centres it names, the
pieces and survivors on it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .terms import ENEMIES, NEIGHBOURS

CELL = 6
"""Characters in a space's cell; columns are one blank apart."""
TERRAIN_STYLES = {"beach": "black on khaki3", "grass": "black on dark_sea_green3",
                  "underbrush": "white on dark_green", "ocean": "white on dodger_blue3",
                  "mountain": "black on grey62"}
TERRAIN_LETTERS = {"beach": "b", "grass": "g", "underbrush": "u", "ocean": "o", "mountain": "m"}
BACK_STYLE = "grey70 on grey23"
SEAT_LETTERS = ("R", "B", "G", "Y")
"""Each seat's figure letter: the initial of its colour (§17.23), so colour is never the only sign."""
SEAT_STYLES = ("bold white on red3", "bold white on blue3", "bold black on green3", "bold black on yellow3")
BACK_LETTERS = {"forage": "f", "timber": "t", "rock": "r", "tracks": "k"}
"""A facedown feature token shows `?` and its back's letter (tracks is `k`: timber has the `t`)."""
LEGEND = ("R B G Y survivors (lowercase: a casualty) · ⌂ camp · ▲ lit fire, △ unlit · ?f ?t ?r ?k facedown "
          "forage/timber/rock/tracks token · $ resource · # numbered token · ! enemy token · ~? water source "
          "(~c clean, ~d dirty) · M? monster (M75 faceup, S special) · © counter · #12 landmark · ◎ objective · "
          "░ facedown tile (pile n) · underlined: you may move there")


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat] if 0 <= seat < len(SEAT_LETTERS) else str(seat)


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat] if 0 <= seat < len(SEAT_STYLES) else "bold"


def piece_glyph(piece: dict[str, Any]) -> Text:
    """One piece on the map in one to three characters (see `LEGEND`)."""
    kind = piece["kind"]
    if kind == "feature":
        if not piece["faceup"]:
            return Text("?" + BACK_LETTERS.get(piece["back"], piece["back"][:1]), style="bold")
        if piece.get("resources"):
            return Text("$", style="bold yellow")
        number = piece.get("number") or 0
        return Text("!" if ENEMIES[0] <= number <= ENEMIES[1] else "#", style="bold magenta")
    if kind == "water":
        shows = piece.get("shows")
        return Text("~" + (shows[0] if shows else "?"), style="bold cyan")
    if kind == "monster":
        if not piece["faceup"]:
            return Text("M?", style="bold red")
        return Text(("S" if piece.get("special") else "M") + str(piece.get("number")), style="bold red")
    if kind == "resource":
        return Text("$", style="bold yellow")
    if kind == "fire":
        mark = "▲" if piece.get("lit") else "△"
        return Text(("⌂" if piece.get("camp") else "") + mark, style="bold orange1" if piece.get("lit") else "dim")
    return Text("©", style="bold")


def space_glyphs(view: dict[str, Any], space: str) -> list[Text]:
    """What stands on `space`: survivors still on the map (casualties in lowercase), then the pieces."""
    out = []
    for s in view["survivors"]:
        if s["space"] == space and s["status"] != "won":
            letter = seat_letter(s["seat"])
            casualty = s["status"] == "casualty"
            out.append(Text(letter.lower() if casualty else letter,
                            style=seat_style(s["seat"]) + (" strike" if casualty else "")))
    dropped = 0
    for piece in view["map"]["pieces"]:
        if piece["space"] != space:
            continue
        if piece["kind"] == "resource":
            dropped += 1
        else:
            out.append(piece_glyph(piece))
    if dropped:
        out.append(Text("$" if dropped == 1 else f"${dropped}", style="bold yellow"))
    return out


def _fit(parts: list[Text], style: str) -> Text:
    """Glyphs side by side in one cell line, cut with `…` when they do not fit."""
    line = Text(style=style)
    for part in parts:
        if len(line.plain) + len(part.plain) > CELL:
            line = line[:CELL - 1]
            line.append("…")
            break
        line.append_text(part)
    line.pad_right(CELL - len(line.plain))
    return line


def _faceup_cell(view: dict[str, Any], sp: dict[str, Any], movable: set[str]) -> tuple[Text, Text]:
    style = TERRAIN_STYLES.get(sp["terrain"], "")
    name = sp["space"]
    top = Text(name, style=style + (" bold underline" if name in movable else " bold"))
    top.append(TERRAIN_LETTERS.get(sp["terrain"], "?"), style=style)
    if sp["landmark"]:
        top.append(f"#{sp['landmark']}", style=style + " bold")
    if sp["objective"] and len(top.plain) < CELL:
        top.append("◎", style=style + " bold")
    return _fit([top], style), _fit(space_glyphs(view, name), style)


def _spots(tile: dict[str, Any]) -> list[tuple[int, int]]:
    """The axial (q, r) of a tile's 7 spaces, centre first, then N, NE, SE, S, SW, NW (§17.1)."""
    q0, r0 = tile["centre"]
    return [(q0, r0)] + [(q0 + dq, r0 + dr) for dq, dr in NEIGHBOURS]


def shown_tiles(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The faceup tiles and the facedown tiles next to them (those a survivor could come to scout)."""
    near = {(q + dq, r + dr) for tile in view["map"]["tiles"] if tile["faceup"] for q, r in _spots(tile)
            for dq, dr in NEIGHBOURS}
    return [tile for tile in view["map"]["tiles"] if tile["faceup"] or near.intersection(_spots(tile))]


def _cells(view: dict[str, Any], movable: set[str], every_tile: bool) -> dict[tuple[int, int], tuple[Text, Text]]:
    """Every drawn space's two cell lines, by its axial (q, r)."""
    cells: dict[tuple[int, int], tuple[Text, Text]] = {}
    for tile in view["map"]["tiles"] if every_tile else shown_tiles(view):
        spots = _spots(tile)
        if tile["faceup"]:
            for spot, sp in zip(spots, tile["spaces"], strict=True):
                cells[spot] = _faceup_cell(view, sp, movable)
            continue
        cells[spots[0]] = (Text(f"{tile['tile']} ?".ljust(CELL, "░"), style=BACK_STYLE + " bold"),
                           Text(f"pile {tile['pile']}".ljust(CELL), style=BACK_STYLE))
        for spot in spots[1:]:
            cells[spot] = (Text("░" * CELL, style=BACK_STYLE), Text("░" * CELL, style=BACK_STYLE))
    return cells


def island_map(view: dict[str, Any], movable: set[str] | None = None, every_tile: bool = True) -> Text:
    """The map, north up: two lines per space, neighbouring columns offset by one line (§17.1). Without
    `every_tile`, facedown tiles that touch no faceup tile are left out (the compact screen)."""
    cells = _cells(view, movable or set(), every_tile)
    columns = [q for q, _ in cells]
    rows = [2 * r + q for q, r in cells]
    qmin, qmax, ymin, ymax = min(columns), max(columns), min(rows), max(rows)
    lines = [[Text(" " * CELL) for _ in range(qmin, qmax + 1)] for _ in range(ymax - ymin + 2)]
    for (q, r), (top, bottom) in cells.items():
        y = 2 * r + q - ymin
        lines[y][q - qmin] = top
        lines[y + 1][q - qmin] = bottom
    out = Text(no_wrap=True, overflow="crop")
    for i, row in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(Text(" ").join(row))
    out.rstrip()
    return out
