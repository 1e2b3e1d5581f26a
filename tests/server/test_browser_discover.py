"""The Discover board in a real browser (issue 14): Debian's Chromium driven by Playwright against a real
`outlast serve` process.

Two people (a desktop and a phone-sized screen) hold the two seats of a Discover table and play it by clicking:
a move on a space of the hex map, a gather, and — the seed and copy are ones where a fight comes within a few dozen
actions — a combat with its dice and supporters. A spectator's page meanwhile gets `observe(None)` at every
version and nothing else. The choices follow a fixed order (fight, gather, scout, a space not yet visited, end),
so the same game comes every run. Set `OUTLAST_SCREENSHOTS=DIR` to save the table at three moments.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page

from .harness import Server, readme_shot
from .test_browser import ERRORS, SHOTS, _open, _seated_page, browser, server, spectator_frames  # noqa: F401

SEED = 6
COPY = 1
"""A table of copy 1 where a fight comes after 22 actions of the order below. The copy is named: a server draws an
unnamed one in secret, so the game differed every run, and one run in a few met no fight within the budget."""
BUDGET = 90.0
ORDER = ("fight", "attack", "gather", "scout")


def _choose(legal: list[str], seen: set[str]) -> str:
    """The fixed order: a fight, a gather or a scout; else a space not yet entered; else end; else the first."""
    for verb in ORDER:
        for action in legal:
            if action.startswith(verb):
                return action
    fresh = [a for a in legal if a.startswith("move ") and a not in seen]
    if fresh:
        return fresh[0]
    return "end" if "end" in legal else legal[0]


def _step(page: Page, seen: set[str], done: dict[str, int]) -> bool:
    """One action of this page by clicking (a move or scout on the map, else the action's button)."""
    if page.locator("section.actions[data-busy='no'] button.act").count() == 0:
        return False
    legal = page.evaluate("window.outlastTable.state().legal")
    action = _choose(legal, seen)
    seen.add(action)
    version = page.locator(".table-page").get_attribute("data-version")
    verb, target = action.split()[0], action.split()[-1]
    on_map = page.locator(f"g.space.target[data-space='{target}'], g.back.target[data-tile='{target}']")
    if verb in ("move", "scout") and on_map.count() == 1:
        on_map.click()
        done["map clicks"] = done.get("map clicks", 0) + 1
    else:
        button = page.locator(f"button.act[data-action='{action}']")
        group = page.locator("details.group", has=button)
        if group.get_attribute("open") is None:
            group.locator("summary").click()
        button.click()
    done[verb] = done.get(verb, 0) + 1
    page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=15000)
    return True


def test_a_discover_turn_with_a_move_a_gather_and_a_combat(browser: Browser, server: Server) -> None:  # noqa: F811
    table, host = server.table("discover", {"players": 2, "copy": COPY}, seed=SEED)
    ann = _seated_page(browser, server, table, "Ann")
    bob = _open(browser, server.url + "/", phone=True)
    seat, token = server.join(table, "Bob")
    bob.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    bob.goto(f"{server.url}/t/{table}")
    frames: list[dict[str, Any]] = []
    watcher = _open(browser, f"{server.url}/t/{table}")
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    watcher.reload()
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    for page in (ann, bob, watcher):
        page.wait_for_selector(".discover-map")
    seen: set[str] = set()
    done: dict[str, int] = {}
    start, fought, shot = time.monotonic(), False, False
    while time.monotonic() - start < BUDGET and not (fought and done.get("gather")):
        moved = any([_step(page, seen, done) for page in (ann, bob)])
        if SHOTS and not shot and done.get("gather") and ann.locator("g.space.target").count():
            shot = True
            readme_shot(ann, f"{SHOTS}/discover-map.png", full_page=True)
        if ann.locator("section.combat").count():
            fought = True
            assert ann.locator(".cdie.gray b").inner_text() == "G" and ann.locator(".cdie.red b").inner_text() == "R"
            assert "Supporters:" in ann.locator("section.combat").inner_text()
            if SHOTS:
                readme_shot(ann, f"{SHOTS}/discover-combat.png", full_page=True)
                readme_shot(bob, f"{SHOTS}/discover-phone.png", full_page=True)
        if not moved:
            ann.wait_for_timeout(50)
    took = time.monotonic() - start
    print(f"\n{sum(v for k, v in done.items() if k != 'map clicks')} actions in {took:.1f} s: {done}")
    assert done.get("move", 0) >= 2 and done.get("map clicks", 0) >= 2 and done.get("gather", 0) >= 1
    assert fought, f"no combat within {BUDGET:.0f} s"
    watcher.wait_for_timeout(500)
    # every action the two players made reached the watching page as a checked state frame (the count follows the
    # game: a combat may come after 7 actions or after 20)
    assert spectator_frames(frames, server.db_url, table) >= sum(n for k, n in done.items() if k != "map clicks")
    assert watcher.locator("section.actions button.act").count() == 0
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    for page in (ann, bob, watcher):
        assert ERRORS[id(page)] == []
