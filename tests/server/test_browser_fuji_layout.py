"""The Fuji board's layout, measured in a real browser (issue 24 bug 13): pieces never cover a cell's requirement,
and on a phone the terrain scrolls in its own box, at a size where that text is readable, with every column
reachable and the page itself never wider than the screen.

The table is a two-player Fuji game driven to its second phase (test_browser_bugs.FUJI_BINOCULARS), when both
meeples stand on the start cell D1 and destination markers sit on revealed cards.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from .harness import Server
from .test_browser import ERRORS, browser, server
from .test_browser_bugs import FUJI_BINOCULARS, _drive, _seats

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find

READABLE = 9.0
"""The smallest requirement text, in CSS pixels as drawn, that a player is expected to read."""

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return [...document.querySelectorAll('.fuji-board g.cell')].map((g) => {
    const cell = g.dataset.cell;
    return { cell, rect: box(g.querySelector('rect')), name: box(g.querySelector('.cell-name')), req: [...g.querySelectorAll('text.req')].map(box),
      tokens: [...g.querySelectorAll('.token, .start-tag')].map(box),
      pieces: [...document.querySelectorAll(`.fuji-board .meeple[data-cell='${cell}'] circle,
        .fuji-board .marker[data-cell='${cell}'] rect`)].map(box) };
  });
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _check_cells(page: Page) -> tuple[int, int]:
    """No piece or token covers a requirement line or the cell's name, and each line stays inside its cell;
    (cells with both pieces and a requirement, pieces)."""
    shared, pieces = 0, 0
    for c in page.evaluate(BOXES):
        for piece in c["pieces"] + c["tokens"]:
            for line in c["req"] + [c["name"]]:
                assert not _overlap(piece, line), f"{c['cell']}: a piece {piece} covers text {line}"
        for line in c["req"]:
            assert line[2] <= c["rect"][2] and line[3] <= c["rect"][3], f"{c['cell']}: {line} leaves its cell"
        pieces += len(c["pieces"])
        shared += bool(c["pieces"] and c["req"])
    return shared, pieces


def _phone(page: Page) -> dict[str, Any]:
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.documentElement.scrollWidth <= 390")
    return page.evaluate("""() => {
      const box = document.querySelector('.fuji .board-scroll'), svg = box.querySelector('svg');
      const req = svg.querySelector('text.req');
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return { page: document.documentElement.scrollWidth, box: box.getBoundingClientRect().toJSON(),
        clientWidth: box.clientWidth, scrollWidth: box.scrollWidth, overflow: getComputedStyle(box).overflowX,
        font: parseFloat(getComputedStyle(req).fontSize) * scale, hint: box.previousElementSibling.offsetHeight > 0 };
    }""")


def test_fuji_pieces_leave_the_requirements_readable_and_a_phone_reaches_every_column(browser: Browser,
                                                                                   server: Server) -> None:
    pages = _seats(browser, server, "fuji", {"players": 2}, seed=1)
    _drive(pages, FUJI_BINOCULARS)
    page = pages[1]
    page.set_viewport_size({"width": 1280, "height": 900})
    shared, pieces = _check_cells(page)
    assert pieces >= 3 and shared >= 2, (pieces, shared)  # two meeples and a marker, on revealed cards

    got = _phone(page)
    assert got["page"] <= 390  # the page is never wider than the phone: only the terrain's box scrolls
    assert got["overflow"] in ("auto", "scroll") and got["scrollWidth"] > got["clientWidth"]
    assert got["box"]["left"] >= 0 and got["box"]["right"] <= 390
    assert got["font"] >= READABLE, f"requirement text drawn at {got['font']:.1f} px on a phone"
    assert got["hint"]  # and the page says the terrain scrolls sideways
    _check_cells(page)
    # every column's cells come fully into the box when it is scrolled to them (by the keyboard or a finger)
    columns = page.evaluate("[...new Set([...document.querySelectorAll('.fuji-board g.cell')].map((g) => "
                            "g.dataset.cell[0]))]")
    assert len(columns) >= 8
    for column in columns:
        inside = page.evaluate("""(col) => {
          const box = document.querySelector('.fuji .board-scroll');
          const cells = [...box.querySelectorAll(`g.cell[data-cell^='${col}']`)];
          const first = cells[0].getBoundingClientRect();
          box.scrollLeft += first.left - box.getBoundingClientRect().left - 4;
          const b = box.getBoundingClientRect();
          return cells.map((g) => { const r = g.querySelector('rect').getBoundingClientRect();
            return r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.left >= 0 && r.right <= 390; });
        }""", column)
        assert all(inside), f"column {column} is not reachable inside the terrain's box"
    page.locator(".fuji .board-scroll").focus()  # the box is focusable, so arrow keys scroll it too
    before = page.evaluate("document.querySelector('.fuji .board-scroll').scrollLeft")
    page.keyboard.press("ArrowLeft" if before > 0 else "ArrowRight")
    page.wait_for_function("(x) => document.querySelector('.fuji .board-scroll').scrollLeft !== x", arg=before)
    assert not any(ERRORS.get(id(p)) for p in pages)
