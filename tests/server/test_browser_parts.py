"""Decisions made from their parts in the browser (issue 24 §1): the picker asks one part at a time with a few
buttons, the list of every move's text stays closed behind "Show all moves", and the picks it sends are legal."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .harness import Server
from .test_browser import ERRORS, browser

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'parts.db'}", bot_pace=0.0, log=tmp_path / "server.log") as s:
        yield s


def _page(browser: Browser, server: Server, table: str, name: str, *, phone: bool = False) -> Page:
    seat, token = server.join(table, name)
    size = {"width": 390, "height": 844} if phone else {"width": 1300, "height": 950}
    page = browser.new_context(viewport=size).new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(".table-page[data-seat]")
    return page


def _pick(page: Page, rng: random.Random) -> tuple[int, int] | None:
    """Answer the picker's current part (one click, or a subset and Confirm): (controls shown, clicks), or None
    when this page has nothing to pick now."""
    picker = page.locator("section.actions[data-busy='no'] .picker")
    if picker.count() == 0:
        return None
    buttons = picker.locator("button.part:not([disabled])")
    shown = picker.locator("button").count()
    if buttons.count() == 0:
        return None
    if picker.locator("button.confirm").count() == 0:
        try:
            buttons.nth(rng.randrange(buttons.count())).click(timeout=5000)
        except PlaywrightTimeout:  # the other seat's move changed this decision under the click: look again
            return None
        return shown, 1
    label = picker.locator(".part-label").inner_text()
    low = int(label.rsplit("choose ", 1)[1].split()[0].rstrip(")")) if "choose " in label else 1
    clicks = 0
    for index in rng.sample(range(buttons.count()), min(low, buttons.count())):
        buttons.nth(index).click()
        clicks += 1
    picker.locator("button.confirm").click()
    return shown, clicks + 1


def test_fuji_is_played_from_the_picker_with_few_buttons_and_no_action_text(browser: Browser, server: Server) -> None:
    table, host = server.table("fuji", {"players": 2}, seed=3)
    pages = [_page(browser, server, table, "Ann"), _page(browser, server, table, "Bob", phone=True)]
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    for page in pages:
        page.wait_for_selector(".fuji-board")
    pages[0].wait_for_function("document.title.startsWith('▶ Your move')")  # the tab tells a player it is their move
    rng = random.Random(2)
    most, clicks, moves = 0, 0, 0
    start = int(pages[0].locator(".table-page").get_attribute("data-version") or 0)
    for _ in range(400):
        if moves >= 25:
            break
        acted = False
        for page in pages:
            assert page.locator("details.all-moves[open]").count() == 0  # the texts stay behind the disclosure
            done = _pick(page, rng)
            if done is not None:
                most, clicks, acted = max(most, done[0]), clicks + done[1], True
                if page.locator(".picker .picked").count() == 0:
                    moves += 1  # the pick was complete and sent
        if not acted:
            pages[0].wait_for_timeout(100)
    version = int(pages[0].locator(".table-page").get_attribute("data-version") or 0)
    assert moves >= 25 and version > start + 20
    assert most <= 12, f"{most} buttons at once"
    assert not [e for page in pages for e in ERRORS[id(page)]]
    rejected = pages[0].locator(".notice.bad").count() + pages[1].locator(".notice.bad").count()
    assert rejected == 0
