"""Accessibility of the browser client (issue 24 §5), checked in a real browser against a real `outlast serve`.

axe-core (vendored under tests/server/vendor/axe-core, for these tests only) runs on the lobby, a table of each
game at two of its decisions, and a finished table's replay page with its room joined, each at desktop (1280 px)
and phone (390 px) width: no serious or critical violation may be found. Then the keyboard: tabbing through the
lobby, a Fuji table and the replay page reaches every control the page shows (buttons, links, fields, board
targets, the part picker, chat, undo, boxes that scroll), each with a visible focus; and a board target, a part of
the picker, undo, the moves' disclosure and chat each work from Enter or Space alone.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from .harness import Server
from .test_browser import ERRORS, browser, server
from .test_browser_bugs import FUJI_BINOCULARS
from .test_browser_shared_replay import _finished

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WIDTHS = (1280, 390)
RUN_AXE = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) =>
    `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
}"""


def _page(browser: Browser, url: str, *, width: int = 1280) -> Page:
    """A page with axe-core loaded before the page's own scripts (an init script: the page's CSP allows no
    inline script, and none is added to it)."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(path=str(AXE))
    # resolution shown at once: a playback ends at any key, and Tab would end it under the test's feet
    context.add_init_script("try { localStorage.setItem('outlast:pace', 'instant') } catch (e) {}")
    page = context.new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def _seated(browser: Browser, server: Server, table: str, seat: int, token: str) -> Page:
    page = _page(browser, server.url + "/")
    page.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(".table-page[data-seat]")
    return page


def _axe(page: Page, what: str) -> list[str]:
    """The serious and critical violations on `page` at each width, named with `what` and the width."""
    found = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        time.sleep(0.3)  # the layout and the scrolling boxes settle
        found += [f"{what} at {width} px: {v}" for v in page.evaluate(RUN_AXE)]
    page.set_viewport_size({"width": 1280, "height": 900})
    return found


def _state(page: Page) -> Any:
    return page.evaluate("() => window.outlastTable.state()")


def _move_on(pages: list[Page]) -> None:
    """The first seat with a legal action plays its first one (from its page's socket), and every page waits
    for the table to move on: the next decision."""
    for page in pages:
        page.wait_for_selector(".table-page[data-version]:not([data-version=''])")
    mover = next(p for p in pages if (_state(p) or {}).get("legal"))
    version = mover.locator(".table-page").get_attribute("data-version")
    mover.evaluate("(t) => window.outlastTable.act(t)", _state(mover)["legal"][0])
    for page in pages:
        page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=20_000)


def test_axe_finds_nothing_serious_on_the_lobby_each_games_table_and_the_replay(browser: Browser,
                                                                                tmp_path: Path) -> None:
    url, over, tokens = _finished(tmp_path)
    found: list[str] = []
    with Server(url, log=tmp_path / "server.log") as server:
        lobby = _page(browser, server.url + "/")
        lobby.wait_for_selector(".lobby")
        found += _axe(lobby, "the lobby")
        lobby.get_by_role("button", name="New Fuji table").click()  # the form that makes a table
        lobby.wait_for_selector("#opt-players")
        found += _axe(lobby, "the lobby's new table form")

        for game in ("fuji", "robinson", "discover"):
            table, host = server.table(game, {"players": 2}, seed=1)
            seats = [server.join(table, name) for name in ("Ann", "Bob")]
            pages = [_seated(browser, server, table, seat, token) for seat, token in seats]
            found += _axe(pages[0], f"a {game} table before the start")
            assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
            for decision in (1, 2):
                if decision > 1:
                    _move_on(pages)
                pages[0].wait_for_selector(".board svg")
                mover = next((p for p in pages if (_state(p) or {}).get("legal")), pages[0])
                found += _axe(mover, f"{game}, decision {decision} ({_state(mover)['decision'][:60]!r})")
                for width in WIDTHS:  # and the keyboard reaches every control of it, with a visible focus
                    mover.set_viewport_size({"width": width, "height": 900})
                    _tab_through(mover, f"{game}, decision {decision}, at {width} px")
                mover.set_viewport_size({"width": 1280, "height": 900})
            for page in pages:
                page.context.close()

        replay = _page(browser, server.url + "/")
        replay.evaluate(f"localStorage.setItem('outlast:{over}', JSON.stringify({{seat: 0, token: '{tokens[0]}'}}))")
        replay.goto(f"{server.url}/replay/{over}")
        replay.wait_for_selector(".replay-page[data-step='0']")
        found += _axe(replay, "the replay page")
        replay.get_by_role("button", name="Review together").click()
        replay.wait_for_selector(".room .room-line:has-text('You lead')")
        replay.keyboard.press("End")
        replay.wait_for_selector(".replay-page:not([data-step='0'])")
        found += _axe(replay, "the replay page in a room, at the last step")
    assert not found, "\n".join(found)
    assert not any(ERRORS.get(id(p)) for p in (lobby, replay))


CONTROLS = """() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden"
    && !el.closest("details:not([open]) > :not(summary)") && !el.closest("fieldset[disabled]");
  const all = [...document.querySelectorAll('button, a[href], input, select, textarea, summary, [tabindex]')];
  return all.filter((el) => !el.disabled && el.tabIndex >= 0 && shown(el)).map((el, i) => {
    el.dataset.kb = String(i);
    return i;
  });
}"""
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const ring = el.querySelector && (el.querySelector(".target-ring") || el.querySelector("polygon, rect"));
  return { kb: el.dataset.kb ?? null, tag: el.tagName, name: (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 50),
    visible: el.matches(":focus-visible"), outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    ring: ring ? parseFloat(getComputedStyle(ring).strokeWidth) : 0 };
}"""


def _tab_through(page: Page, what: str) -> dict[str, dict[str, Any]]:
    """Press Tab until the focus comes round again: every control the page shows must be reached, each with a
    visible focus (an outline of 2 px or more; a board target's ring drawn thicker). Returns what was reached."""
    page.mouse.move(0, 0)
    wanted = set(page.evaluate(CONTROLS))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    reached: dict[str, dict[str, Any]] = {}
    first = None
    for _ in range(len(wanted) + 40):
        page.keyboard.press("Tab")
        got = page.evaluate(FOCUSED)
        if got is None or got["kb"] is None:
            continue
        if got["kb"] == first:
            break
        first = first or got["kb"]
        reached[got["kb"]] = got
        assert got["visible"] and (got["outline"] or got["ring"] >= 4), f"{what}: no visible focus on {got}"
    assert len(reached) >= min(len(wanted), 5), f"{what}: Tab reached {len(reached)} of {len(wanted)} controls"
    missing = wanted - {int(k) for k in reached}
    names = page.evaluate("(ks) => ks.map((k) => { const el = document.querySelector(`[data-kb='${k}']`); "
                          "return `${el.tagName} ${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40)}`; })",
                          sorted(missing))
    assert not missing, f"{what}: the keyboard never reaches {names}"
    return reached


def _focus(page: Page, selector: str) -> None:
    """Tab until `selector` has the focus (so it is reached the way a keyboard user reaches it)."""
    for _ in range(300):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def _version(page: Page) -> str:
    return page.locator(".table-page").get_attribute("data-version") or ""


def test_the_keyboard_reaches_and_works_every_control(browser: Browser, server: Server) -> None:
    lobby = _page(browser, server.url + "/")
    lobby.wait_for_selector(".lobby")
    for width in WIDTHS:
        lobby.set_viewport_size({"width": width, "height": 900})
        _tab_through(lobby, f"the lobby at {width} px")

    table, host = server.table("fuji", {"players": 2}, seed=1)
    seats = [server.join(table, name) for name in ("Ann", "Bob")]
    pages = [_seated(browser, server, table, seat, token) for seat, token in seats]
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    ann, bob = pages
    ann.wait_for_selector(".picker button.part")
    for width in WIDTHS:
        ann.set_viewport_size({"width": width, "height": 900})
        _tab_through(ann, f"a Fuji table's first decision at {width} px")
    ann.set_viewport_size({"width": 1280, "height": 900})
    # the part picker answers Space: its first part is picked, and the picker moves on (or marks it chosen)
    before = ann.evaluate("() => document.querySelector('.picker').outerHTML")
    _focus(ann, ".picker button.part")
    ann.keyboard.press("Space")
    ann.wait_for_function("(b) => document.querySelector('.picker')?.outerHTML !== b", arg=before)
    # the disclosure of every move's text opens with Enter
    _focus(ann, "details.all-moves > summary")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("details.all-moves[open]")

    for seat, text in FUJI_BINOCULARS:  # played from the pages' sockets, each waiting for the table to move on
        pages[seat].wait_for_selector("section.actions[data-busy='no']")
        version = _version(pages[seat])
        pages[seat].evaluate("(t) => window.outlastTable.act(t)", text)
        for page in pages:
            page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=20_000)
    # Bob now marks a destination on the board
    bob.wait_for_selector(".fuji-board .target[role='button']")
    for width in WIDTHS:
        bob.set_viewport_size({"width": width, "height": 900})
        reached = _tab_through(bob, f"a Fuji table with board targets at {width} px")
        assert any(r["tag"] == "g" for r in reached.values()), "no board target was reached by Tab"
    bob.set_viewport_size({"width": 1280, "height": 900})
    version = _version(bob)
    _focus(bob, ".fuji-board .target[role='button']")
    bob.keyboard.press("Enter")  # a board target plays its action from Enter
    bob.wait_for_selector(f".table-page:not([data-version='{version}'])")
    bob.wait_for_selector("section.actions[data-busy='no'] button.undo")
    version = _version(bob)
    _focus(bob, "button.undo")
    bob.keyboard.press("Enter")  # undo, from the keyboard
    bob.wait_for_selector(f".table-page:not([data-version='{version}'])")
    _focus(bob, ".chat input")
    bob.keyboard.type("ready when you are")
    bob.keyboard.press("Enter")  # chat sends from Enter
    ann.wait_for_selector(".chat .lines li:has-text('ready when you are')")
    assert not any(ERRORS.get(id(p)) for p in (lobby, ann, bob))


def test_the_keyboard_reaches_every_control_of_the_replay_page(browser: Browser, tmp_path: Path) -> None:
    url, over, tokens = _finished(tmp_path)
    with Server(url, log=tmp_path / "server.log") as server:
        page = _page(browser, server.url + "/")
        page.evaluate(f"localStorage.setItem('outlast:{over}', JSON.stringify({{seat: 0, token: '{tokens[0]}'}}))")
        page.goto(f"{server.url}/replay/{over}")
        page.wait_for_selector(".replay-page[data-step='0']")
        _focus(page, "button.forward")
        page.keyboard.press("Enter")
        page.wait_for_selector(".replay-page[data-step='1']")
        _focus(page, ".room button[type='submit']")
        page.keyboard.press("Enter")  # review together, from the keyboard
        page.wait_for_selector(".room .room-line:has-text('You lead')")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            _tab_through(page, f"the replay page at {width} px")
        assert not ERRORS.get(id(page))
