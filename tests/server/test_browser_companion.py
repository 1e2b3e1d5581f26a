"""Companion mode in a real browser (issue 27, docs/companion.md): one person makes a Robinson table "played with the
box" in the lobby's form and plays two rounds of it from one page. Every roll and draw is entered from the page: dice
face by face (one face to click per die), cards and tiles found by typing part of a name or picked from the list;
every other decision is played as at any table (pawns on the board, buttons of the action list).

Set `OUTLAST_SCREENSHOTS=DIR` to save the page at a card draw and at a roll of dice (docs/img/ holds the ones
docs/companion.md shows).
"""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import Browser, Page

from .harness import Server, readme_shot
from .test_browser import ERRORS, SHOTS, _open, browser, server
from .test_browser_robinson import _state, _step, _wait_past

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find
PLAY_SECONDS = 240.0


def _companion_table(browser: Browser, server: Server) -> Page:
    """Ann opens the lobby, asks for a one-player Robinson table played with the box, and starts it."""
    page = _open(browser, server.url + "/")
    page.fill("#my-name", "Ann")
    page.get_by_role("button", name="New Robinson Crusoe: Adventures on the Cursed Island table").click()
    page.locator("#opt-players").select_option("1")
    page.locator("#opt-box").check()
    kinds = page.locator(".box-kinds input[name='physical']")
    assert kinds.count() >= 10 and all(kinds.nth(i).is_checked() for i in range(kinds.count()))
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seats li.mine")
    assert "every roll and draw" in page.locator(".label.companion").inner_text()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".rc-island")
    return page


def _answer(page: Page, rng: random.Random, counts: dict[str, int]) -> bool:
    """Enter what came up, if the page asks: the dice face by face, else a card or tile by name."""
    panel = page.locator("section.actions.companion[data-busy='no'] .question")
    if panel.count() == 0:
        return False
    version = page.locator(".table-page").get_attribute("data-version")
    question = _state(page)["question"]
    counts[question["kind"]] = counts.get(question["kind"], 0) + 1
    if panel.locator(".dice-entry").count():
        for die in range(panel.locator(".entry-die").count()):
            faces = panel.locator(".entry-die").nth(die).locator("button.face:not([disabled])")
            faces.nth(rng.randrange(faces.count())).click()
        assert panel.locator(".dice-entry .enter").is_enabled()
        panel.locator(".dice-entry .enter").click()
        counts["dice entered"] += 1
    elif panel.locator("input.find").count() and rng.random() < 0.6:
        pick = rng.choice(question["answers"])
        panel.locator("input.find").fill(pick["name"])
        shown = panel.locator("button.answer")
        assert shown.count() >= 1 and all(pick["name"].lower() in shown.nth(i).inner_text().lower()
                                          for i in range(shown.count()))
        shown.first.click()
        counts["found by name"] += 1
    else:
        buttons = panel.locator("button.answer")
        buttons.nth(rng.randrange(buttons.count())).click()
        counts["picked"] += 1
    _wait_past(page, version)
    return True


def test_one_person_plays_two_rounds_of_robinson_with_the_box(browser: Browser, server: Server) -> None:
    page = _companion_table(browser, server)
    rng = random.Random(11)
    counts: dict[str, int] = {"dice entered": 0, "found by name": 0, "picked": 0, "placed": 0, "ready": 0,
                              "confirm": 0, "placed by seat 0": 0}
    deadline = time.monotonic() + PLAY_SECONDS
    shots: set[str] = set()
    while time.monotonic() < deadline:
        view: dict[str, Any] = _state(page)["view"]
        if view["round"] >= 3 or view["over"]:
            break
        question = (_state(page) or {}).get("question")
        if SHOTS and question:
            shot = "dice" if page.locator(".dice-entry").count() else "card"
            if shot not in shots:
                shots.add(shot)
                readme_shot(page, f"{SHOTS}/companion-{shot}.png", full_page=False)
        if not (_answer(page, rng, counts) or _step(page, rng, counts)):
            page.wait_for_timeout(50)
    view = _state(page)["view"]
    assert view["round"] >= 3 or view["over"], f"two rounds not done: {counts}"
    assert counts.get("events", 0) >= 1 and counts.get("rolls", 0) >= 1, counts  # a round's event card, an Action's dice
    assert counts["dice entered"] >= 1 and counts["found by name"] + counts["picked"] >= 3, counts
    assert ERRORS[id(page)] == []
