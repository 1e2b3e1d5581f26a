"""Whole games played by touching the pieces only (issue 24 §1 and §5): two people in their own browser contexts
and a bot at one table play Fuji and Discover to the end and Robinson for 3 rounds, clicking board targets, dice,
cards, seats and the part picker's controls, never the list of every move's text. At every decision the client's
walk of the parts reaches exactly the legal texts; the actions panel never shows more than `CONTROLS` controls at
once; the figures go to `OUTLAST_TOUCH_FIGURES` (a JSON file, for benchmarks/table_clicks.py) when it is set.

`OUTLAST_SCREENSHOTS=DIR` saves each table mid-game at 1280 px (the first person) and 390 px (the second).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .harness import Server
from .test_browser import ERRORS, browser
from .touch import Figures, Toucher, listen

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find

CONTROLS = 12
"""The most controls the actions panel may show at once, board targets aside (issue 24 §1)."""
SECONDS = 420.0
"""The longest a game may take here."""
GAMES = {"fuji": ({"players": 3}, 3), "discover": ({"players": 3, "copy": 1}, 2), "robinson": ({"players": 3}, 1)}
"""Each game's options and seed. Discover names its copy: a server draws an unnamed one in secret, which made the game
(and its length) differ every run."""
SHOTS = os.environ.get("OUTLAST_SCREENSHOTS")
FIGURES = os.environ.get("OUTLAST_TOUCH_FIGURES")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'touch.db'}", bot_pace=0.0, log=tmp_path / "server.log") as s:
        yield s


def _seated(browser: Browser, server: Server, table: str, name: str, rng: random.Random, *, phone: bool) -> Toucher:
    seat, token = server.join(table, name)
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = browser.new_context(viewport=size).new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    sent = listen(page)
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(".table-page[data-seat]")
    return Toucher(page, sent, rng)


def _done(game: str, page: Page) -> bool:
    st: dict[str, Any] | None = page.evaluate("window.outlastTable.state()")
    if st is None:
        return False
    if st["status"] == "over":
        return True
    return game == "robinson" and st["view"]["round"] > 3


def play(browser: Browser, server: Server, game: str) -> tuple[Figures, dict[str, Any]]:
    """Two people (desktop, phone) and a heuristic bot play `game` by touch; (figures of both, the last state)."""
    options, seed = GAMES[game]
    table, host = server.table(game, options, seed=seed)
    rng = random.Random(seed)
    touchers = [_seated(browser, server, table, "Ann", rng, phone=False), _seated(browser, server, table, "Bob", rng, phone=True)]
    pages = [t.page for t in touchers]
    assert server.post(f"/api/tables/{table}/seats/2/bot", {"bot": "heuristic"}, host).status_code == 200
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    for page in pages:
        page.wait_for_selector("section.board > div")
    start = time.monotonic()
    deadline, shot = start + SECONDS, not SHOTS
    while not _done(game, pages[0]):
        assert time.monotonic() < deadline, f"{game}: not done in {SECONDS:.0f} s"
        moved = False
        for toucher in touchers:
            if _done(game, pages[0]):
                break
            moved = toucher.step() or moved
        if not shot and sum(t.figures.decisions for t in touchers) >= 12:
            shot = True
            Path(str(SHOTS)).mkdir(parents=True, exist_ok=True)
            pages[0].screenshot(path=f"{SHOTS}/touch-{game}-1280.png", full_page=True)
            pages[1].screenshot(path=f"{SHOTS}/touch-{game}-390.png", full_page=True)
        if not moved:
            pages[0].wait_for_timeout(60)
    figures = touchers[0].figures.add(touchers[1].figures)
    last = pages[0].evaluate("window.outlastTable.state()")
    for page in pages:
        assert page.locator(".notice.bad").count() == 0, page.locator(".notice.bad").first.inner_text()
        assert ERRORS[id(page)] == []
        assert page.locator("button.act:visible").count() == 0  # the list of every move stayed closed
    assert pages[1].evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    if FIGURES:
        path = Path(FIGURES)
        doc = json.loads(path.read_text()) if path.exists() else {}
        doc[game] = {**figures.to_json(), "seconds": round(time.monotonic() - start), "rounds": last["view"].get("round") or last["view"].get("day"),
                     "over": last["status"] == "over", "per_decision": figures.per_decision}
        path.write_text(json.dumps(doc, indent=1))
    return figures, last


def _check(game: str, figures: Figures) -> None:
    assert figures.decisions >= 20 and figures.picks_checked == figures.decisions, figures.to_json()
    assert figures.board_clicks > 0, figures.to_json()
    assert figures.most_controls <= CONTROLS, figures.to_json()
    print(f"\n{game}: {json.dumps(figures.to_json())}")


def test_fuji_is_played_to_the_end_by_touch(browser: Browser, server: Server) -> None:
    figures, last = play(browser, server, "fuji")
    assert last["status"] == "over"
    _check("fuji", figures)
    assert figures.most_legal > CONTROLS  # the raw list would have shown more buttons than the picker ever does


def test_discover_is_played_to_the_end_by_touch(browser: Browser, server: Server) -> None:
    figures, last = play(browser, server, "discover")
    assert last["status"] == "over"
    _check("discover", figures)


def test_robinson_is_played_three_rounds_by_touch(browser: Browser, server: Server) -> None:
    figures, last = play(browser, server, "robinson")
    assert last["status"] == "over" or last["view"]["round"] > 3
    _check("robinson", figures)
    assert figures.most_legal > CONTROLS


def _until(touchers: list[Toucher], selector: str, seconds: float = 120.0) -> Toucher:
    """Play by touch until one page's picker matches `selector`; that page's toucher."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for toucher in touchers:
            if toucher.page.locator(f"section.actions[data-busy='no'] {selector}").count():
                return toucher
            toucher.step()
    raise AssertionError(f"no page came to {selector} in {seconds:.0f} s")


def test_fuji_board_and_picker_share_one_selection__s7_3_s8_3(browser: Browser, server: Server) -> None:
    """§7.3: at the destination decision the outlined cells are exactly the cells of `mark CELL`; §8.3: a die
    pressed on the board is pressed in the picker and released on both by a second click."""
    table, host = server.table("fuji", {"players": 3}, seed=3)
    rng = random.Random(3)
    touchers = [_seated(browser, server, table, name, rng, phone=False) for name in ("Ann", "Bob")]
    assert server.post(f"/api/tables/{table}/seats/2/bot", {"bot": "heuristic"}, host).status_code == 200
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    mark = _until(touchers, ".picker[data-part='action'] button.part[data-value='mark']")
    page = mark.page
    legal = page.evaluate("window.outlastTable.state().legal")
    cells = page.locator("section.board g.cell.target").evaluate_all("gs => gs.map(g => g.dataset.cell)")
    assert sorted(cells) == sorted(a.split()[1] for a in legal if a.startswith("mark ")), (cells, legal)
    toucher = _until(touchers, ".picker[data-part='dice'][data-kind='die']")
    page = toucher.page
    dice = page.locator("section.board .die.target[data-pick]")
    assert dice.count() >= 2
    first = dice.nth(0).get_attribute("data-pick")
    in_picker = page.locator(f".picker button.part[data-value='{first}']")
    dice.nth(0).click()  # on the board: pressed in the picker
    expect(in_picker).to_have_attribute("aria-pressed", "true")
    page.locator(f"section.board .die[data-pick='{first}']").click()  # released again, on both
    expect(in_picker).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f"section.board .die[data-pick='{first}']")).not_to_have_class(re.compile("picked"))
    assert page.locator(".notice.bad").count() == 0
    for t in touchers:
        assert ERRORS[id(t.page)] == []
