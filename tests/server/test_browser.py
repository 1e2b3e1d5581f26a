"""The browser client in a real browser (issue 14): Debian's Chromium driven by Playwright against a real
`outlast serve` process.

Two browser contexts (two people: a desktop and a phone-sized screen) take two seats of a Fuji table from the
pages alone, the host seats a bot in the third and starts, and both play by clicking legal-action buttons (some
by keyboard, some destinations on the board) until the game ends or a minute has passed; one reloads mid-game
and carries on. A spectator's page meanwhile must show nothing private: every websocket frame it got is
`observe(None)` at that version, and the dice its page shows are exactly the public ones. An illegal action
sent through the page's socket shows its rule § and changes nothing.

Chromium comes from Debian (`make system` installs it); without it these tests fail, they never skip. Set
`OUTLAST_SCREENSHOTS=DIR` to save the table at three moments (docs/img/ holds the ones the README shows).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from outlast.core import Match, load_game
from outlast.server.store import Store

from .harness import Server, readme_shot
from .play import check_messages

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PLAY_SECONDS = 60.0
SHOTS = os.environ.get("OUTLAST_SCREENSHOTS")
ERRORS: dict[int, list[str]] = {}
"""Script errors each page raised, by id(page): a page that throws fails its test."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail("Chromium is missing: `make system` installs it (apt-get install chromium)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'outlast.db'}", bot_pace=0.0, log=tmp_path / "server.log") as s:
        yield s


def _open(browser: Browser, url: str, *, phone: bool = False) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1300, "height": 950}
    context = browser.new_context(viewport=size)
    # these tests play from the list of every move's text (the pieces are tested in test_browser_parts.py)
    context.add_init_script("try { localStorage.setItem('outlast:all-moves', 'open'); if (!localStorage.getItem('outlast:pace')) localStorage.setItem('outlast:pace', 'instant') } catch (e) {}")
    page = context.new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def _seat_table(browser: Browser, server: Server) -> tuple[str, Page, Page]:
    """Ann creates a Fuji table in the lobby and sits in its first seat; Bob (on a phone) opens the link and takes
    the second; Ann seats a bot in the third and starts (seats 1 to 3 for people, 0 to 2 in the engine). Returns
    the table id and both pages."""
    ann = _open(browser, server.url + "/")
    ann.fill("#my-name", "Ann")
    ann.get_by_role("button", name="New Fuji table").click()
    ann.locator("#opt-players").select_option("3")
    ann.get_by_role("button", name="Create the table").click()
    ann.wait_for_url("**/t/*")
    table = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector(".seats li.mine")
    bob = _open(browser, f"{server.url}/t/{table}", phone=True)
    bob.fill(".join-name", "Bob")
    bob.get_by_role("button", name="Take seat 2").click()
    bob.wait_for_selector(".seats li.mine")
    ann.get_by_role("button", name="Bot in seat 3").click()
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        page.wait_for_selector(".fuji-board")
    assert "token" not in ann.url and ann.evaluate(f"JSON.parse(localStorage.getItem('outlast:{table}')).token")
    return table, ann, bob


def _act(page: Page, rng: random.Random, count: int) -> bool:
    """Click one legal action of this page, if it offers any: a cell of the board for a destination, the
    keyboard every fifth time, else a button of the list. Returns whether it acted."""
    if page.locator("section.actions[data-busy='no'] button.act").count() == 0:
        return False
    texts = page.locator("button.act").evaluate_all("bs => bs.map(b => b.dataset.action)")
    if not texts:  # a new state without actions for this seat came in between the two reads
        return False
    text = rng.choice(texts)
    version = page.locator(".table-page").get_attribute("data-version")
    try:
        _click(page, text, count)
        page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=15000)
    except PlaywrightTimeout:  # the page moved on under the click (another seat acted first): look again
        return False
    return True


def _click(page: Page, text: str, count: int) -> None:
    """Send `text` as a player would: its board cell for a destination, the keyboard every fifth time, else its
    button (opening its group first). A button that vanished meanwhile times out after 3 s."""
    cell = page.locator(f"g.cell.target[data-cell='{text.split()[-1]}']")
    if text.startswith("mark ") and cell.count() == 1 and cell.get_attribute("aria-label", timeout=1000):
        cell.click(timeout=3000)
        return
    button = page.locator(f"button.act[data-action='{text}']")
    group = page.locator("details.group", has=button)
    if group.get_attribute("open", timeout=3000) is None:
        group.locator("summary").click(timeout=3000)
    if count % 5 == 0:
        button.focus(timeout=3000)
        page.keyboard.press("Enter")
    else:
        button.click(timeout=3000)


def _play(pages: list[Page], seconds: float, reload_after: int, shoot_after: int = 0) -> int:
    """Both players click legal actions until the game is over or time is up; the second page reloads once (and,
    with OUTLAST_SCREENSHOTS, is photographed once mid-game). Returns how many actions were clicked."""
    rng = random.Random(5)
    deadline = time.monotonic() + seconds
    count, planned = 0, not SHOTS
    while time.monotonic() < deadline:
        if not planned and pages[0].locator("button.act[data-action^='mark ']").count():
            planned = True
            readme_shot(pages[0], f"{SHOTS}/fuji-planning.png", full_page=True)
        if pages[0].locator(".result").count():
            break
        moved = False
        for page in pages:
            if _act(page, rng, count):
                count, moved = count + 1, True
        if count >= reload_after > 0:
            reload_after = 0
            pages[1].reload()
            pages[1].wait_for_selector(".fuji-board")
            # the page is a spectator until its hello is answered; then it is seat 1 again (else this times out)
            pages[1].wait_for_selector(".table-page[data-seat='1']", timeout=15000)
        if SHOTS and count >= shoot_after > 0:
            shoot_after = 0
            readme_shot(pages[1], f"{SHOTS}/fuji-phone.png", full_page=True)
        if not moved:
            pages[0].wait_for_timeout(50)
    return count


def spectator_frames(frames: list[dict[str, Any]], url: str, table: str) -> int:
    """Every state frame a spectator's page got is observe(None) of the stored game at its version, with no legal
    action and only public events (`play.check_messages`); returns how many were checked."""
    return check_messages(_replayed_states(url, table), None, frames)


def _replayed_states(url: str, table: str) -> list[Any]:
    """The stored game's states by version (no undo in these games: one version per stored action)."""
    store = Store(url)
    try:
        row, actions = store.table(table), store.actions(table)
    finally:
        store.close()
    match = Match.start(load_game(row.game), row.seed, row.options)
    states = [match.state.clone()]
    for _, seat, text in actions:
        match.play(text, seat)
        states.append(match.state.clone())
    return states


def _public_dice(view: dict[str, Any]) -> list[str]:
    """How a page titles every die of the meeples in a view (as boards/fuji.js does for a spectator)."""
    words = {"Y": "yellow", "B": "blue", "P": "pink"}

    def title(d: dict[str, Any]) -> str:
        if d.get("hidden"):
            return "a hidden die (behind the screen)"
        meeple, number = d["die"].split(":")
        return f"die {int(meeple) + 1}:{number}: {words[d['colour']]} {d['value']}"  # meeples are numbered from 1

    return sorted(title(d) for m in view["meeples"] for d in m["dice"]
                  if not (m["dice"] and all(x.get("hidden") for x in m["dice"])))


def test_two_players_and_a_bot_play_fuji_in_the_browser(browser: Browser, server: Server) -> None:
    table, ann, bob = _seat_table(browser, server)
    frames: list[dict[str, Any]] = []
    watcher = _open(browser, f"{server.url}/t/{table}")
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    watcher.reload()
    watcher.wait_for_selector(".fuji-board")
    start = time.monotonic()
    count = _play([ann, bob], PLAY_SECONDS, reload_after=12, shoot_after=45)
    took = time.monotonic() - start
    print(f"\n{count} actions clicked in {took:.1f} s; over: {bool(ann.locator('.result').count())}")
    assert count >= 20, f"only {count} actions in {took:.0f} s"
    for page in (ann, bob):
        page.wait_for_selector(".table-page[data-version]")
    _check_spectator(watcher, frames, server.db_url, table)
    if SHOTS:
        readme_shot(ann, f"{SHOTS}/fuji-over.png", full_page=True)
    assert ann.evaluate("document.documentElement.scrollWidth") <= 1300
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    for page in (ann, bob, watcher):
        assert ERRORS[id(page)] == []


def _check_spectator(watcher: Page, frames: list[dict[str, Any]], url: str, table: str) -> None:
    """Every state frame the spectator got is observe(None) at its version, and its page shows public dice only."""
    watcher.wait_for_timeout(500)
    states = _replayed_states(url, table)
    assert check_messages(states, None, frames) > 10
    version = int(watcher.locator(".table-page").get_attribute("data-version") or -1)
    # a spectator's die is titled with whose dice it is (", from Ann's dice"): compared up to that
    shown = [t.split(", from ")[0] for t in watcher.locator(".explorer .die").evaluate_all("ds => ds.map(d => d.title)")]
    public = states[version].observe(None)
    assert sorted(shown) == _public_dice(public)
    assert watcher.locator("section.actions button.act").count() == 0


def _seated_page(browser: Browser, server: Server, table: str, name: str) -> Page:
    """A page holding a seat joined over HTTP (its token put where the page keeps it)."""
    seat, token = server.join(table, name)
    page = _open(browser, server.url + "/")
    page.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(".table-page[data-seat]")
    return page


def test_an_illegal_action_shows_its_rule_and_changes_nothing(browser: Browser, server: Server) -> None:
    table, host = server.table("fuji", {"players": 2}, seed=3)
    ann, bob = (_seated_page(browser, server, table, name) for name in ("Ann", "Bob"))
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    ann.wait_for_selector("section.actions button.act")
    rng = random.Random(1)
    for _ in range(200):  # both play until Ann plans her destination; then Bob waits
        if ann.locator("button.act[data-action^='mark ']").count():
            break
        _act(ann, rng, 1) or _act(bob, rng, 1) or ann.wait_for_timeout(50)
    version = ann.locator(".table-page").get_attribute("data-version")
    legal = ann.locator("button.act").evaluate_all("bs => bs.map(b => b.dataset.action)")
    ann.evaluate("window.outlastTable.act('mark A1')")  # the volcano: never a destination
    notice = ann.locator("section.actions .notice")
    notice.wait_for()
    assert "§7.3" in notice.inner_text() and "Not allowed" in notice.inner_text()
    ann.wait_for_selector("section.actions[data-busy='no']")
    assert ann.locator(".table-page").get_attribute("data-version") == version
    assert ann.locator("button.act").evaluate_all("bs => bs.map(b => b.dataset.action)") == legal
    assert server.get(f"/api/tables/{table}").json()["version"] == int(version or -1)
