"""What happens at the table, at a pace (issue 24 §3), in a real browser against a real `outlast serve`: the dice
of a player's own Robinson Action are played back before the board moves on, at the pace the player chose, and a
playback ends at "Skip" or any key; the log is grouped by round and phase; a seat's undo is announced in the other
player's browser, and a player whose Undo went away is told why; at zero on a clock the table is told, another
player calls a stand-in, the bot then plays the seat, and the sound the other player turned on marks their move.

Pages open at the "instant" pace (test_browser.py's `_open`), so that a test plays on without waiting; the tests
here choose their pace themselves.
"""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page

from .harness import Server
from .test_browser import ERRORS, _seated_page, browser, server

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find

# A one-player Robinson game of seed 1 (the heuristic bot's moves): after these the First Player's `next 1`
# resolves the plan, and a Build Action rolls its dice (blank, question, adventure) and fails.
ROBINSON_TO_ROLL = ["pile 0", "place 1 arrange", "place friday explore:s6", "place 2 arrange", "join dog 2", "ready",
                    "confirm", "use old_machete", "pass", "use scouting", "pick pirate_sabre", "use pirate_sabre",
                    "use reconnaissance", "pick 2", "camp stay", "morale heal", "pile 0",
                    "place friday build:shelter/wood", "join 1 1", "place 2 explore:s7", "join dog 2", "ready",
                    "confirm", "choose 2", "use treasure", "camp stay", "morale heal", "pile 0",
                    "place friday build:hatchet", "join 1 1", "place 2 build:roof/wood", "ready", "confirm"]


def _act(page: Page, text: str) -> None:
    """Play `text` from the page once it is legal there, and wait for the table to move on."""
    page.wait_for_function("t => { const s = window.outlastTable.state(); return s && s.legal.includes(t) }",
                           arg=text, timeout=15000)
    version = page.locator(".table-page").get_attribute("data-version")
    page.evaluate("t => window.outlastTable.act(t)", text)
    page.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=15000)


def _robinson_before_the_roll(browser: Browser, server: Server) -> Page:
    table, host = server.table("robinson", {"players": 1}, seed=1)
    ann = _seated_page(browser, server, table, "Ann")
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    for text in ROBINSON_TO_ROLL:
        _act(ann, text)
        assert ann.locator(".pace-playback").count() == 0  # the instant pace plays nothing back
    return ann


def _log(page: Page) -> str:
    return page.locator("section.log").inner_text()


def test_the_dice_of_a_robinson_action_are_shown_before_the_result(browser: Browser, server: Server) -> None:
    ann = _robinson_before_the_roll(browser, server)
    ann.evaluate("localStorage.setItem('outlast:pace', 'normal')")
    ann.evaluate("window.outlastTable.act('next 1')")
    playback = ann.locator(".pace-playback")
    playback.wait_for()
    dice = playback.locator(".pace-now + .pace-dice .pace-die")
    dice.first.wait_for(timeout=20000)
    # the dice are on screen while the board and the log still wait: the result is not shown yet
    assert [d.get_attribute("data-face") for d in dice.all()] == ["blank", "question", "adventure"]
    assert "Build dice: blank, question, adventure." in playback.locator(".pace-now").inner_text()
    assert "Build dice" not in _log(ann) and "fails (?)" not in _log(ann)
    assert int(playback.get_attribute("data-step") or 0) < int(playback.get_attribute("data-steps") or 0)
    assert ann.locator("section.actions").get_attribute("data-busy") == "yes"
    ann.get_by_role("button", name="Skip").click()
    playback.wait_for(state="detached", timeout=3000)
    log = _log(ann)
    assert "Build dice: blank, question, adventure." in log and "build roof wood (Explorer) fails (?)" in log  # in plain words
    line = ann.locator("section.log li.roll", has_text="Build dice")
    assert line.locator(".pace-die").count() == 3  # the log keeps the dice
    # the log in groups: a round and its phases, the newest open, the older ones folded
    groups = ann.locator("details.log-group")
    assert groups.count() >= 6
    assert groups.last.get_attribute("open") is not None and groups.first.get_attribute("open") is None
    summaries = groups.locator("summary").all_inner_texts()
    assert any("Round 2 begins" in s for s in summaries) and any("Action phase" in s for s in summaries)
    groups.first.locator("summary").click()
    assert groups.first.get_attribute("open") is not None
    assert ERRORS[id(ann)] == []


def test_the_pace_is_the_players_choice_and_a_key_skips(browser: Browser, server: Server) -> None:
    ann = _robinson_before_the_roll(browser, server)
    ann.locator(".pace-settings summary").click()
    ann.locator(".pace-select").select_option("slow")
    assert ann.evaluate("localStorage.getItem('outlast:pace')") == "slow"  # remembered in this browser
    ann.evaluate("window.outlastTable.act('next 1')")
    playback = ann.locator(".pace-playback[data-step='1']")
    playback.wait_for()
    start = time.monotonic()
    ann.locator(".pace-playback[data-step='2']").wait_for(timeout=5000)
    took = time.monotonic() - start
    assert 1.3 < took < 3.0, f"a line stayed {took:.2f} s at the slow pace (1.6 s)"
    ann.evaluate("document.activeElement.blur()")  # keys in the settings choose there; any other key skips
    ann.keyboard.press("Escape")
    ann.locator(".pace-playback").wait_for(state="detached", timeout=3000)
    assert "Build dice" in _log(ann)
    # the next batch plays from its first line too (it ended at once when the last one had gone further)
    ann.locator(".pace-select").select_option("fast")
    ann.evaluate("document.activeElement.blur()")
    ann.evaluate("window.outlastTable.act('choose 2')")
    ann.locator(".pace-playback[data-steps='7'][data-step='1']").wait_for()
    start = time.monotonic()
    ann.locator(".pace-playback").wait_for(state="detached", timeout=10000)
    took = time.monotonic() - start
    assert 1.5 < took < 4.5, f"7 lines at the fast pace (0.3 s each) took {took:.2f} s"
    assert "Discovery token: Oil (Future)." in (ann.locator("section.log").text_content() or "")  # in a folded group
    ann.reload()
    ann.locator(".pace-settings summary").click()
    assert ann.locator(".pace-select").input_value() == "fast"
    assert ERRORS[id(ann)] == []


def test_an_undo_is_announced_to_the_other_player_and_undo_going_away_is_explained(browser: Browser,
                                                                                    server: Server) -> None:
    table, host = server.table("robinson", {"players": 2}, seed=1)
    ann, bob = (_seated_page(browser, server, table, name) for name in ("Ann", "Bob"))
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    # a browser notification for one's move: the browser is asked only when the player turns it on
    ann.context.grant_permissions(["notifications"])
    ann.locator(".pace-settings summary").click()
    ann.locator(".pace-notify").check()
    ann.wait_for_function("() => localStorage.getItem('outlast:notify') === 'on'")
    assert ann.evaluate("Notification.permission") == "granted"
    _act(ann, "pile 0")
    _act(ann, "place 1 explore:s6")
    version = bob.locator(".table-page").get_attribute("data-version")
    ann.get_by_role("button", name="Undo my last action").click()
    bob.wait_for_selector(f".table-page:not([data-version='{version}'])")
    note = bob.locator(".pace-note.undone")
    note.wait_for()
    assert note.inner_text().startswith("Ann took back '") and "explore" in note.inner_text()
    assert ann.locator(".pace-note.undone").inner_text() == "You took back 'place 1 explore:s6'."
    _act(ann, "place 1 explore:s6")
    assert ann.locator("button.undo").count() == 1
    _act(bob, "place 1 explore:s7")
    gone = ann.locator(".pace-note.undo-gone")
    gone.wait_for()
    assert ann.locator("button.undo").count() == 0
    assert "another seat has acted since" in gone.inner_text()
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_at_zero_the_table_is_told_another_player_calls_a_stand_in_and_the_bot_plays(browser: Browser,
                                                                                       server: Server) -> None:
    table, host = server.table("fuji", {"players": 2}, seed=1, clock=3)
    ann, bob = (_seated_page(browser, server, table, name) for name in ("Ann", "Bob"))
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    bob.wait_for_selector(".fuji-board")
    bob.locator(".pace-settings summary").click()
    bob.locator(".pace-sound").check()  # the sound plays once when turned on, to hear it
    assert bob.evaluate("window.outlastSignals") == 1
    told = bob.locator(".pace-note.timed-out")
    told.wait_for(timeout=10000)
    assert told.inner_text().startswith("Time is up for Ann")
    version = int(bob.locator(".table-page").get_attribute("data-version") or 0)
    bob.get_by_role("button", name="let a bot play this seat").click()
    # the stand-in plays Ann's seat on the server: the table moves on with no person acting, and then it is Bob's
    bob.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) > {version}",
                          timeout=15000)
    bob.wait_for_function("() => window.outlastTable.state().legal.length > 0", timeout=15000)
    assert bob.evaluate("window.outlastSignals") == 2  # Bob's move: the sound he turned on
    assert ann.locator(".seats li", has_text="Ann").inner_text().count("standing in") == 1
    for page in (ann, bob):
        assert ERRORS[id(page)] == []
