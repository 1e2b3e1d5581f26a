"""Reviewing a finished table together, and replaying a save file opened from disk, in a real browser (issue 14 §1
Replay): Debian's Chromium against a real `outlast serve` process.

Two browser contexts (seat 0's player on a desktop, a newcomer by name on a phone-sized screen) open a finished
Fuji table's replay page and join its room. The leader steps forward five and changes the point of view; the
follower's page shows the same step and seat, its controls off and the board naming the seat, not "you". The
follower takes the lead and steps back; the first page follows, browses alone and follows again. Then a save file
is opened on `/replay` (from the lobby's link) and stepped, and a broken one shows the server's reason. And when the
server restarts under a room (issue 24 bug 9), both pages say so, rejoin it by themselves and put back its step,
point of view and leader.
"""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Browser, Page

from .harness import Server, free_port
from .rig import Rig
from .test_browser import SHOTS, browser
from .test_save_upload import finished_save

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find


def _finished(tmp_path: Path) -> tuple[str, str, list[str]]:
    """(database url, a finished two-seat Fuji table, its seat tokens)."""
    rig = Rig(tmp_path, db="outlast.db")

    async def body() -> tuple[str, list[str]]:
        over, _, tokens = await rig.table("fuji", {"players": 2}, seed=5)
        await rig.play_random(over, 5000, random.Random(2))
        return over, tokens

    try:  # in a thread of its own: Playwright runs an event loop in this one
        with ThreadPoolExecutor(1) as pool:
            over, tokens = pool.submit(asyncio.run, body()).result()
    finally:
        rig.close()
    return rig.url, over, tokens


def _open(browser: Browser, url: str, errors: list[str], *, phone: bool = False) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1300, "height": 950}
    page = browser.new_context(viewport=size).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def _at(page: Page, step: int, seat: str = "", locked: str | None = None) -> None:
    lock = "" if locked is None else f"[data-locked='{locked}']"
    page.wait_for_selector(f".replay-page[data-step='{step}'][data-seat='{seat}']{lock}")


def test_two_players_review_a_finished_table_together(browser: Browser, tmp_path: Path) -> None:
    url, over, tokens = _finished(tmp_path)
    errors: list[str] = []
    with Server(url, log=tmp_path / "server.log") as server:
        ann = _open(browser, server.url + "/", errors)
        ann.evaluate(f"localStorage.setItem('outlast:{over}', JSON.stringify({{seat: 0, token: '{tokens[0]}'}}))")
        ann.goto(f"{server.url}/replay/{over}")
        _at(ann, 0, "0")  # the replay of a table this browser played opens as its seat
        ann.get_by_role("button", name="Review together").click()
        ann.wait_for_selector(".room .room-line:has-text('You lead')")
        bob = _open(browser, f"{server.url}/replay/{over}", errors, phone=True)
        bob.locator("input.room-name").fill("Bob")
        bob.get_by_role("button", name="Review together").click()
        bob.wait_for_selector(".room .room-line:has-text('p0 (seat 1) leads')")
        ann.wait_for_selector(".room .members li:has-text('Bob')")

        for _ in range(5):  # the leader steps forward five (keys pressed fast all count) and looks as seat 1
            ann.keyboard.press("ArrowRight")
        _at(ann, 5, "0")
        ann.locator("select.pov").select_option("1")
        _at(ann, 5, "1", "no")
        _at(bob, 5, "1", "yes")
        assert bob.get_by_role("button", name="forward ▶").is_disabled()
        assert "Following p0" in bob.locator(".follow-note").inner_text()
        assert ann.locator(".step-line").inner_text().startswith(bob.locator(".step-line").inner_text())
        mine = bob.locator(".explorer.mine h3").inner_text()
        assert "seat 2" in mine and "you" not in mine  # a replay names the seat it is seen by (from 1 for people)
        bob.keyboard.press("ArrowRight")  # a follower's keys do not move anything
        _at(bob, 5, "1", "yes")
        if SHOTS:
            bob.screenshot(path=f"{SHOTS}/replay-shared.png", full_page=False)

        bob.get_by_role("button", name="Take the lead").click()  # Bob leads and steps back; Ann follows
        bob.wait_for_selector(".room .room-line:has-text('You lead')")
        _at(bob, 5, "1", "no")
        bob.get_by_role("button", name="◀ back").click()
        _at(bob, 4, "1")
        _at(ann, 4, "1", "yes")
        ann.wait_for_selector(".room .room-line:has-text('Bob leads')")

        ann.get_by_role("button", name="Browse alone").click()  # Ann browses alone, then follows again
        _at(ann, 4, "1", "no")
        ann.get_by_role("button", name="forward ▶").click()
        _at(ann, 5, "1", "no")
        bob.wait_for_selector(".room .members li:has-text('browsing alone')")
        _at(bob, 4, "1")
        ann.get_by_role("button", name="Follow the leader").click()
        _at(ann, 4, "1", "yes")

        bob.get_by_role("button", name="Leave the room").click()  # the leader leaves: the lead passes to Ann
        ann.wait_for_selector(".room .room-line:has-text('You lead')")
        _at(ann, 4, "1", "no")
    assert not errors, errors


def test_a_save_file_is_opened_and_stepped_and_a_broken_one_says_why(browser: Browser, tmp_path: Path) -> None:
    doc = finished_save()
    good, broken = tmp_path / "game.json", tmp_path / "broken.json"
    good.write_text(json.dumps(doc, indent=1))
    broken.write_text(json.dumps({**doc, "game": "chess"}))
    errors: list[str] = []
    with Server(f"sqlite:///{tmp_path / 'outlast.db'}", log=tmp_path / "server.log") as server:
        page = _open(browser, server.url + "/", errors, phone=True)
        page.get_by_role("link", name="Replay it here").click()  # the lobby's way to the save file page
        page.wait_for_url("**/replay")
        page.locator("input.save-file").set_input_files(str(broken))
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert "broken.json" in alert.inner_text() and "unknown game" in alert.inner_text()
        page.locator("input.save-file").set_input_files(str(good))
        _at(page, 0)
        page.get_by_role("button", name="forward ▶").click()
        _at(page, 1)
        assert doc["actions"][0][1] in page.locator(".step-line").inner_text()
        page.keyboard.press("End")
        _at(page, len(doc["actions"]))
        page.locator("select.pov").select_option("0")
        _at(page, len(doc["actions"]), "0")
        assert "seat 1" in page.locator(".explorer.mine h3").inner_text()
        page.locator("input.save-file").set_input_files(str(broken))  # a broken file leaves the replay as it was
        alert.wait_for()
        _at(page, len(doc["actions"]), "0")
    assert not errors, errors


def test_a_room_is_rejoined_where_it_was_after_the_server_restarts(browser: Browser, tmp_path: Path) -> None:
    """Issue 24 bug 9: the server process is stopped under a room of two and started again on the same port and
    database; both pages rejoin by themselves, and the room is back at its step and point of view, led by the
    same player, with the follower following."""
    url, over, tokens = _finished(tmp_path)
    errors: list[str] = []
    port = free_port()
    with Server(url, port=port, log=tmp_path / "server.log") as server:
        ann = _open(browser, server.url + "/", errors)
        ann.evaluate(f"localStorage.setItem('outlast:{over}', JSON.stringify({{seat: 0, token: '{tokens[0]}'}}))")
        ann.goto(f"{server.url}/replay/{over}")
        _at(ann, 0, "0")
        ann.get_by_role("button", name="Review together").click()
        ann.wait_for_selector(".room .room-line:has-text('You lead')")
        bob = _open(browser, f"{server.url}/replay/{over}", errors, phone=True)
        bob.locator("input.room-name").fill("Bob")
        bob.get_by_role("button", name="Review together").click()
        bob.wait_for_selector(".room .room-line:has-text('p0 (seat 1) leads')")
        for _ in range(7):
            ann.keyboard.press("ArrowRight")
        ann.locator("select.pov").select_option("1")
        _at(ann, 7, "1", "no")
        _at(bob, 7, "1", "yes")

        server.stop()
        for page in (ann, bob):  # each page says it lost the room and keeps its place meanwhile
            page.wait_for_selector(".room .rejoining")
        _at(ann, 7, "1", "no")
        _at(bob, 7, "1", "yes")
        server.start()
        for page in (ann, bob):
            page.wait_for_selector(".room .rejoining", state="detached", timeout=30_000)
        ann.wait_for_selector(".room .room-line:has-text('You lead')")
        bob.wait_for_selector(".room .room-line:has-text('p0 (seat 1) leads')")
        ann.wait_for_selector(".room .members li:has-text('Bob')")
        _at(ann, 7, "1", "no")
        _at(bob, 7, "1", "yes")
        ann.keyboard.press("ArrowRight")  # the rejoined room moves as before
        _at(bob, 8, "1", "yes")
        assert server.port == port
    assert not errors, errors
