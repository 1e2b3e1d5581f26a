"""The replay and rules pages in a real browser (issue 14 §1 Replay and How to play): Debian's Chromium against a real
`outlast serve` process, on a database where a Fuji game was played to its end through the hub and another is in
play.

From the finished table's result a player opens its replay, steps forward and back by button and by key, and
changes the point of view; from the table in play, the § of the decision in front of a seat opens that section of
the rules guide in a new tab.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Browser, Page

from outlast.core import CHANCE, Match, State, load_game
from outlast.server.store import Store

from .harness import Server
from .rig import Rig
from .test_browser import browser

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find

FUJI = load_game("fuji")


def _cites_a_rule(state: State) -> bool:
    return any("§" in FUJI.describe_decision(state, s) for s in state.to_move() if s != CHANCE)


def _tables(tmp_path: Path) -> tuple[str, str, str, int, str]:
    """(url, finished table, table in play, a seat whose decision cites a §, that seat's token)."""
    rig = Rig(tmp_path, db="outlast.db")

    async def body() -> tuple[str, str, int, str]:
        over, _, _ = await rig.table("fuji", {"players": 2}, seed=5)
        await rig.play_random(over, 5000, random.Random(2))
        playing, _, tokens = await rig.table("fuji", {"players": 2}, seed=5)
        await rig.play_random(playing, 200, random.Random(1), until=_cites_a_rule)
        live = await rig.live(playing)
        assert live.match is not None and _cites_a_rule(live.match.state)
        seat = next(s for s in live.match.state.to_move() if "§" in FUJI.describe_decision(live.match.state, s))
        return over, playing, seat, tokens[seat]

    try:  # in a thread of its own: Playwright runs an event loop in this one
        with ThreadPoolExecutor(1) as pool:
            over, playing, seat, token = pool.submit(asyncio.run, body()).result()
    finally:
        rig.close()
    return rig.url, over, playing, seat, token


def _step(page: Page, step: int) -> None:
    page.wait_for_selector(f".replay-page[data-step='{step}']")


def test_a_finished_table_is_replayed_and_a_rule_opens_from_a_table(browser: Browser, tmp_path: Path) -> None:
    url, over, playing, seat, token = _tables(tmp_path)
    store = Store(url)
    row, actions = store.table(over), store.actions(over)
    store.close()
    match = Match.start(FUJI, row.seed, row.options)
    for _, s, text in actions:
        match.play(text, s)
    errors: list[str] = []
    with Server(url, bot_pace=0.0, log=tmp_path / "server.log") as server:
        context = browser.new_context(viewport={"width": 1300, "height": 950})
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/t/{over}")
        page.get_by_role("link", name="Replay the game").click()
        page.wait_for_url(f"**/replay/{over}")
        _step(page, 0)
        page.wait_for_selector(".board svg, .board .fuji")
        page.get_by_role("button", name="forward ▶").click()
        _step(page, 1)
        assert match.history[0].text in page.locator(".step-line").inner_text()
        for _ in range(5):  # keys pressed faster than the page draws all count
            page.keyboard.press("ArrowRight")
        _step(page, 6)
        page.keyboard.press("ArrowLeft")
        _step(page, 5)
        page.keyboard.press("End")
        _step(page, len(match.history))
        page.get_by_role("button", name="◀ back").click()
        _step(page, len(match.history) - 1)
        assert match.history[-2].text in page.locator(".step-line").inner_text()
        page.locator("select.pov").select_option("1")
        page.wait_for_selector(f".replay-page[data-seat='1'][data-step='{len(match.history) - 1}']")
        page.locator("select.pov").select_option("")
        page.wait_for_selector(".replay-page[data-seat='']")

        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('outlast:{playing}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
        page.goto(f"{server.url}/t/{playing}")
        link = page.locator("section.actions .rules-line a.rule").first
        link.wait_for()
        ref = link.inner_text().removeprefix("§").strip().rstrip(".")
        with context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.on("pageerror", lambda e: errors.append(str(e)))
        rules.wait_for_url(f"**/rules/fuji#{ref}")
        target = rules.locator(".rules-guide .target")
        target.wait_for()
        assert target.get_attribute("id") in {ref, ref.rsplit(".", 1)[0]}
        assert target.is_visible() and "§" in target.inner_text()
        context.close()
    assert not errors, errors
