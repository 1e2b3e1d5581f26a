"""Robinson Crusoe in a real browser (issue 14, part 2): two browser contexts (a desktop and a phone-sized screen)
take the two seats of a Robinson table and play two full rounds from the pages alone. In group planning each seat
places its own pawns by clicking the action board or the island (picking the pawn first now and then, some by
keyboard), then says ready, and the First Player confirms; every other decision is a button of the action list.
A spectator's page meanwhile gets `observe(None)` at every version and offers no action.

Chromium comes from Debian, as in test_browser.py (whose fixtures and helpers this file reuses). Set
`OUTLAST_SCREENSHOTS=DIR` to save the table at three moments, planning on both screens and an Action's dice
(docs/img/ holds the ones the README shows).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import Browser, Page

from .harness import Server, readme_shot
from .test_browser import ERRORS, SHOTS, _open, _seated_page, browser, server, spectator_frames

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find
PLAY_SECONDS = 240.0


def _state(page: Page) -> Any:
    return page.evaluate("window.outlastTable.state()")


def _wait_past(page: Page, version: str | None) -> None:
    page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=15000)


def _plan(page: Page, rng: random.Random, legal: list[str], counts: dict[str, int]) -> None:
    """One planning step of this page's seat: a pawn placed by clicking the board (the pawn, then where it goes),
    else ready, else confirm."""
    version = page.locator(".table-page").get_attribute("data-version")
    targets = page.locator("[data-target][role='button']")
    if targets.count():
        picks = page.locator(".rc-pawn[data-pick]")
        if picks.count() > 1 and rng.random() < 0.5:
            picks.nth(rng.randrange(picks.count())).click()  # a pawn first, then where it goes
        if not targets.count():
            page.locator("section.actions .picker button.back").click()
        target = targets.nth(rng.randrange(targets.count()))
        if counts["placed"] % 3 == 2:  # now and then by keyboard
            target.focus()
            page.keyboard.press("Enter")
        else:  # on its own shape: a source's box of pawns reaches over the tile under it
            target.locator(":scope > rect, :scope > polygon").first.click()
        counts["placed"] += 1
        counts[f"placed by seat {page.locator('.table-page').get_attribute('data-seat')}"] += 1
    elif "confirm" in legal or "ready" in legal:
        word = "confirm" if "confirm" in legal else "ready"
        page.locator(f"button.act[data-action='{word}']").click()
        counts[word] += 1
    else:  # a plan the rules refuse (an Action short of pawns): join a pawn to it or take one back
        _decide(page, rng, [a for a in legal if a.split()[0] in ("join", "remove")] or legal)
        return
    _wait_past(page, version)


def _decide(page: Page, rng: random.Random, legal: list[str]) -> None:
    """Any other decision: a button of the action list (opening its group first)."""
    version = page.locator(".table-page").get_attribute("data-version")
    text = rng.choice(legal)
    button = page.locator(f"button.act[data-action='{text}']")
    group = page.locator("details.group", has=button)
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").click()
    button.click()
    _wait_past(page, version)


def _step(page: Page, rng: random.Random, counts: dict[str, int]) -> bool:
    if page.locator("section.actions[data-busy='no'] button.act").count() == 0:
        return False
    st = _state(page)
    legal = st["legal"]
    if not legal:
        return False
    if (st["view"]["pending"] or {}).get("kind") == "planning":
        if "confirm" in legal:
            assert st["seat"] == st["view"]["first_player"], "only the First Player confirms"
        _plan(page, rng, legal, counts)
    else:
        _decide(page, rng, legal)
    return True


def _two_rounds(pages: list[Page], counts: dict[str, int]) -> int:
    rng = random.Random(7)
    deadline = time.monotonic() + PLAY_SECONDS
    clicks, shot = 0, not SHOTS
    while time.monotonic() < deadline:
        view = _state(pages[0])["view"]
        if view["round"] >= 3 or view["over"]:
            break
        if not shot and counts["placed"] >= 3:
            shot = True
            readme_shot(pages[0], f"{SHOTS}/robinson-planning.png", full_page=True)
            readme_shot(pages[1], f"{SHOTS}/robinson-phone.png", full_page=True)
        if not counts["dice"] and pages[0].locator(".rc-dice").count():
            counts["dice"] = clicks  # the dice of an Action just rolled, shown while it resolves
            if SHOTS:
                readme_shot(pages[0], f"{SHOTS}/robinson-dice.png", full_page=True)
        moved = False
        for page in pages:
            if _step(page, rng, counts):
                clicks, moved = clicks + 1, True
        if not moved:
            pages[0].wait_for_timeout(50)
    return clicks


def test_two_players_plan_and_play_two_rounds_of_robinson(browser: Browser, server: Server) -> None:
    table, host = server.table("robinson", {"players": 2}, seed=1)
    ann, bob = (_seated_page(browser, server, table, name) for name in ("Ann", "Bob"))
    bob.set_viewport_size({"width": 390, "height": 844})
    frames: list[dict[str, Any]] = []
    watcher = _open(browser, f"{server.url}/t/{table}")
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    watcher.reload()  # its socket opened before the handler was attached: a fresh one is recorded from the start
    watcher.wait_for_selector(".table-page[data-version]")
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    for page in (ann, bob, watcher):
        page.wait_for_selector(".rc-island")
    counts = {"placed": 0, "placed by seat 0": 0, "placed by seat 1": 0, "ready": 0, "confirm": 0, "dice": 0}
    start = time.monotonic()
    clicks = _two_rounds([ann, bob], counts)
    took = time.monotonic() - start
    view = _state(ann)["view"]
    print(f"\n{clicks} clicks in {took:.1f} s; round {view['round']}; {counts}")
    assert view["round"] >= 3 or view["over"], f"two rounds not done in {took:.0f} s: {counts}"
    assert counts["placed by seat 0"] >= 2 and counts["placed by seat 1"] >= 2, counts
    assert counts["ready"] >= 2 and counts["confirm"] >= 2 and counts["dice"], counts
    _check_spectator(watcher, frames, server.db_url, table)
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    for page in (ann, bob, watcher):
        assert ERRORS[id(page)] == []


def _check_spectator(watcher: Page, frames: list[dict[str, Any]], url: str, table: str) -> None:
    """Every state frame the spectator got is observe(None) at its version; its page offers no action."""
    watcher.wait_for_timeout(500)
    assert spectator_frames(frames, url, table) > 10
    assert watcher.locator("section.actions button.act").count() == 0
    assert watcher.locator("[data-target][role='button']").count() == 0
