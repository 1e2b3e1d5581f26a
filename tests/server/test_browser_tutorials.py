"""Each game's tutorial completed in a real browser (issue 24 §5): opened from the lobby's "Learn to play" button,
then played only by clicking what the coach outlines (a board target, the picker's choices, its Confirm), never
the list of move texts; a wrong click is refused with the coach's hint and changes nothing. Screenshots of the
coach at 1280 and 390 px go to the test's folder (OUTLAST_SHOTS=DIR keeps them there)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from outlast.tutorials import load_tutorial

from .harness import Server
from .test_browser import ERRORS, browser

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find

SEEN = ("((document.querySelector('.picker') || {}).innerHTML || '') + '|' + "
        "document.querySelector('.table-page').dataset.version")
"""What a click changes: the picker (a part answered) or the table's version (a move played)."""
TITLES = {"fuji": "Fuji", "robinson": "Robinson Crusoe", "discover": "Discover: Lands Unknown"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'tutorials.db'}", bot_pace=0.0, log=tmp_path / "server.log") as s:
        yield s


def _learner(browser: Browser, server: Server, game: str, width: int) -> Page:
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.fill("#my-name", "Ann")
    page.locator("li.game", has_text=TITLES[game]).get_by_role("button", name="Learn to play").click()
    page.wait_for_url("**/t/*")
    page.wait_for_selector("section.coach")
    return page


def _coach_step(page: Page) -> int:
    page.wait_for_selector("section.coach:not(:has(.quiet:text('Waiting')))")
    return int(page.locator("section.coach").get_attribute("data-step") or 0)


def _click_outlined(page: Page) -> str:
    """Click one thing the coach outlines, a board target first; returns what it was."""
    page.wait_for_selector("section.actions[data-busy='no']")
    page.wait_for_selector(".coach-target:not([disabled])", timeout=15000)
    board = page.locator(".board .coach-target")
    if board.count():
        board.first.click()
        return "board"
    page.locator(".picker .coach-target:not([disabled])").first.click()
    return "picker"


def _shoot(page: Page, game: str, width: int, when: str) -> None:
    folder = Path(os.environ.get("OUTLAST_SHOTS") or "/tmp/outlast-shots")
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"tutorial-{game}-{width}-{when}.png"), full_page=False)


@pytest.mark.parametrize("game", ["fuji", "robinson", "discover"])
def test_the_tutorial_is_completed_by_following_the_coach(browser: Browser, server: Server, game: str) -> None:
    tutorial = load_tutorial(game)
    page = _learner(browser, server, game, 1280)
    assert page.locator("section.coach .coach-intro").count() == 1
    _shoot(page, game, 1280, "start")
    # a wrong move is refused with the hint, and changes nothing: the first picker choice the coach does not want
    _coach_step(page)
    page.wait_for_selector(".coach-target")
    version = page.locator(".table-page").get_attribute("data-version")
    before = page.locator("section.coach").get_attribute("data-step")
    wrong = page.locator(".picker button.part:not(.coach-target):not([disabled])")
    assert wrong.count() > 0  # every tutorial's first step offers other choices
    wrong.first.click()
    while page.locator(".picker button.part:not(.coach-target):not([disabled])").count() and \
            page.locator(".coach-hint").count() == 0:
        page.locator(".picker button.part:not([disabled])").first.click()  # finish the wrong pick
    page.wait_for_selector(".coach-hint")
    assert page.locator(".coach-hint").inner_text().startswith("Not this move:")
    assert page.locator(".table-page").get_attribute("data-version") == version
    assert page.locator("section.coach").get_attribute("data-step") == before
    if page.locator(".picker button.back").count():
        page.locator(".picker button.back").click()
    clicks, board = 0, 0
    while page.locator("section.coach.finished").count() == 0:
        step = _coach_step(page)
        if game == "fuji" and step == 3 and page.locator(".picker[data-part='dice'] [aria-pressed='true']").count() == 0:
            _shoot(page, game, 1280, "dice")  # the dice to reroll outlined
        page.evaluate(f"window.__before = {SEEN}")
        try:
            board += _click_outlined(page) == "board"
        except Exception:
            _shoot(page, game, 1280, f"stuck-{step}")
            raise
        clicks += 1
        assert page.locator("details.all-moves[open]").count() == 0  # never the raw list
        assert clicks < 8 * tutorial.learner_steps, f"stuck at step {step}"
        page.wait_for_function(f"() => {SEEN} !== window.__before && "
                               "document.querySelector(\"section.actions[data-busy='yes']\") === null")
    assert page.locator("section.coach.finished .coach-say").inner_text() == tutorial.done
    assert page.locator("section.coach.finished a[href='/']").count() == 1
    _shoot(page, game, 1280, "done")
    print(f"{game}: {tutorial.learner_steps} steps, {clicks} clicks, {board} on the board")
    assert clicks >= tutorial.learner_steps and board > 0
    assert ERRORS[id(page)] == []


def test_the_coach_on_a_phone(browser: Browser, server: Server) -> None:
    page = _learner(browser, server, "fuji", 390)
    _coach_step(page)
    box = page.locator("section.coach").bounding_box()
    assert box is not None and box["width"] <= 390 and box["y"] < 900  # in view, no sideways scrolling
    _shoot(page, "fuji", 390, "start")
    _click_outlined(page)
    page.wait_for_selector("section.coach[data-step='2']")
    _shoot(page, "fuji", 390, "step2")
    assert ERRORS[id(page)] == []
