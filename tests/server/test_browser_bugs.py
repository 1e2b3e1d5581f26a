"""Bugs a player met at the table (issue 24 §4, "A table players would choose"), each seen in a real browser.

Each test drives Debian's Chromium against a real `outlast serve` (the fixtures and helpers of test_browser.py) to
the moment a player met the bug, and checks what the page shows or does there.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Browser, Page

from .harness import Server
from .rig import Rig
from .test_browser import ERRORS, _open, _seated_page, browser, server

__all__ = ["browser", "server"]  # the fixtures, imported for pytest to find


def _drive(pages: list[Page], history: list[tuple[int, str]]) -> None:
    """Play a fixed list of (seat, action) from the seats' own pages, each waiting for the table to move on."""
    for seat, text in history:
        page = pages[seat]
        page.wait_for_selector("section.actions[data-busy='no'] button.act")
        version = page.locator(".table-page").get_attribute("data-version")
        page.evaluate("t => window.outlastTable.act(t)", text)
        for p in pages:
            p.wait_for_selector(f".table-page:not([data-version='{version}'])", timeout=15000)


def _seats(browser: Browser, server: Server, game: str, options: dict[str, int], seed: int) -> list[Page]:
    """Two seated pages of a started table."""
    table, host = server.table(game, options, seed=seed)
    pages = [_seated_page(browser, server, table, name) for name in ("Ann", "Bob")]
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    return pages


# The first 18 actions of a two-player Fuji game of seed 1, after which Bob (seat 1) may mark G1 or D2 and may also
# use his binoculars to move a destination from E1 to either.
FUJI_BINOCULARS = [(0, "keep carabiner first_aid_kit"), (1, "leave 5"), (0, "mark F1"), (0, "give carabiner 1"),
                   (0, "mark D2"), (0, "hint fit great"), (0, "hint intent help"), (0, "mark E3"), (0, "mark D3"),
                   (0, "hint threat 1 some"), (0, "mark F2"), (0, "mark G1"), (0, "mark E1"), (0, "mark E3"),
                   (0, "mark D1"), (0, "mark D3"), (0, "mark F2"), (0, "ready")]


def test_fuji_destination_is_clickable_beside_a_binoculars_action_to_it(browser: Browser, server: Server) -> None:
    """Bug 1: `use binoculars E1 G1` ends in G1 as `mark G1` does; G1 must still be outlined and clickable."""
    pages = _seats(browser, server, "fuji", {"players": 2}, 1)
    pages[0].wait_for_selector(".fuji-board")
    _drive(pages, FUJI_BINOCULARS)
    bob = pages[1]
    legal = bob.locator("button.act").evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert "mark G1" in legal and "use binoculars E1 G1" in legal
    cell = bob.locator("g.cell.target[data-cell='G1'][role='button']")
    assert cell.count() == 1, "G1 is not a clickable destination"
    version = bob.locator(".table-page").get_attribute("data-version")
    cell.click()
    bob.wait_for_selector(f".table-page:not([data-version='{version}'])")
    assert bob.locator(".explorer.mine").inner_text().count("destination G1") == 1
    for page in pages:
        assert ERRORS[id(page)] == []


def test_discover_character_choice_shows_each_character_to_click(browser: Browser, server: Server) -> None:
    """Bug 2: the secret character choice showed no character; each offered one is a card (name, title, ability)
    and a click on it keeps it."""
    ann, bob = _seats(browser, server, "discover", {"players": 2}, 16)
    cards = ann.locator(".character-choice .character-card")
    cards.first.wait_for()
    view = ann.evaluate("window.outlastTable.state().view")
    offered = next(s for s in view["survivors"] if s["seat"] == 0)["character_choices"]
    assert cards.count() == len(offered) >= 2
    for card, c in zip(cards.all(), offered, strict=True):
        text = card.inner_text()
        assert c["name"] in text and c["title"] in text and c["text"] in text
        assert "keep" not in text
    assert bob.locator(".character-choice .character-card").count() >= 2
    version = ann.locator(".table-page").get_attribute("data-version")
    cards.first.click()
    ann.wait_for_selector(f".table-page:not([data-version='{version}'])")
    ann.wait_for_selector(".character-choice h3:has-text('waiting for the others')")
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_robinson_says_why_ready_is_not_offered_and_a_pawn_joins_from_the_board(browser: Browser,
                                                                                 server: Server) -> None:
    """Bug 3: with a plan that does not hold the Ready button vanished with no reason, and a second pawn could
    not be added to an Action from the board. The page says why Ready is not offered; clicking the Action's
    space with the other pawn joins it, and Ready comes back."""
    ann, bob = _seats(browser, server, "robinson", {"players": 2}, 1)
    _drive([ann, bob], [(0, "pile 0")])
    ann.wait_for_selector("[data-target='explore:s6'][role='button']")
    version = ann.locator(".table-page").get_attribute("data-version")
    ann.locator("[data-target='explore:s6'][role='button']").click()
    ann.wait_for_selector(f".table-page:not([data-version='{version}'])")
    note = ann.locator("section.actions .not-ready")
    note.wait_for()
    assert "your pawn 2 is not placed" in note.inner_text() and "§8.1.1" in note.inner_text()
    assert ann.locator("button.act[data-action='ready']").count() == 0
    ann.locator(".rc-pawn[data-pick='2']").click()  # the other pawn, then the Action's space: it joins
    target = ann.locator("[data-target='explore:s6'][role='button']")
    # a board piece is named by its <title>: what a click does first, then all it shows
    assert "joins Action 1" in (target.locator("title").first.text_content() or "")
    version = ann.locator(".table-page").get_attribute("data-version")
    target.click()
    ann.wait_for_selector(f".table-page:not([data-version='{version}'])")
    ann.wait_for_selector("button.act[data-action='ready']")
    assert ann.locator("section.actions .not-ready").count() == 0
    plan = ann.evaluate("window.outlastTable.state().view.plan")
    assert len(plan) == 1 and len(plan[0]["pawns"]) == 2
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_new_log_entries_scroll_the_log_box_not_the_page(browser: Browser, server: Server) -> None:
    """Bug 4: every new entry scrolled the whole page down to the log (on a phone, from the controls at the top to
    y=4,600). The log box scrolls inside itself to its newest entry; the page stays where the reader left it."""
    ann, bob = _seats(browser, server, "robinson", {"players": 2}, 1)
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.wait_for_selector(".rc-island")
    bob.evaluate("window.scrollTo(0, 0)")
    count = bob.locator(".events li").count()
    _drive([ann, bob], [(0, "pile 0")])
    bob.wait_for_function(f"document.querySelectorAll('.events li').length > {count}")
    # the log box shows its newest entry (its scrolling done), and the page has not moved
    bob.wait_for_function("(() => { const b = document.querySelector('.events');"
                          " return b.scrollHeight - b.clientHeight - b.scrollTop <= 8; })()", timeout=5000)
    assert bob.evaluate("window.scrollY") == 0, "the page jumped to the log"
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_a_refused_chat_line_stays_in_the_box_with_its_reason_beside_it(browser: Browser, server: Server) -> None:
    """Bug 5: a refused chat line vanished and its refusal showed far from the chat box, with its § twice. The line
    stays in the box to mend, the reason shows under it with its § once; a line the rules allow empties the box."""
    ann, bob = _seats(browser, server, "fuji", {"players": 2}, 1)
    ann.wait_for_selector(".fuji-board")
    _drive([ann, bob], FUJI_BINOCULARS[:2])  # planning: numbers may not be said (§7.6)
    box = ann.get_by_role("textbox", name="chat message")
    box.fill("my yellow die shows a 5")
    ann.get_by_role("button", name="Send").click()
    refused = ann.locator(".chat .chat-refused")
    refused.wait_for()
    assert "numbers are not allowed" in refused.inner_text()
    assert refused.inner_text().count("§7.6") == 1, refused.inner_text()
    assert box.input_value() == "my yellow die shows a 5"
    assert ann.locator("section.actions .notice").count() == 0
    box.fill("my yellow die looks fine")
    ann.get_by_role("button", name="Send").click()
    ann.wait_for_selector(".chat .lines li:has-text('my yellow die looks fine')")
    bob.wait_for_selector(".chat .lines li:has-text('my yellow die looks fine')")
    assert box.input_value() == "" and refused.count() == 0
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_an_unknown_table_says_so_and_the_lobby_checks_a_pasted_link(browser: Browser, server: Server) -> None:
    """Bug 6: an unknown table's link stayed on "Connecting…" for ever, and a pasted non-link in the lobby changed
    the URL and said nothing. The table page says there is no such table and links to the lobby; the lobby says
    what is wrong with the pasted text and stays put."""
    page = _open(browser, f"{server.url}/t/NoSuchTable42")
    gone = page.locator(".notice.gone")
    gone.wait_for(timeout=10000)
    assert "no such table" in gone.inner_text()
    assert "Connecting" not in page.locator("section.board").inner_text()
    gone.get_by_role("link", name="Go to the lobby").click()
    page.wait_for_url(f"{server.url}/")
    box = page.get_by_role("textbox", name="Invited? Paste the table's link")
    box.fill("see you at eight")
    page.get_by_role("button", name="Open").click()
    error = page.locator(".bylink-error")
    error.wait_for()
    assert "not a table's link" in error.inner_text() and page.url == f"{server.url}/"
    box.fill(f"{server.url}/t/NoSuchTable42")
    page.get_by_role("button", name="Open").click()
    page.wait_for_selector(".bylink-error:has-text('There is no table NoSuchTable42')")
    assert page.url == f"{server.url}/"
    table, _ = server.table("fuji", {"players": 2})
    box.fill(f"  {server.url}/t/{table}  ")
    page.get_by_role("button", name="Open").click()
    page.wait_for_url(f"**/t/{table}")
    assert ERRORS[id(page)] == []


def test_the_clock_counts_down_and_at_zero_a_player_may_call_a_stand_in(browser: Browser, server: Server) -> None:
    """Bug 7: the clock changed only when a message came, nothing showed at zero, and the create form refused a
    clock of 30 seconds. The page counts the seat to act down each second; at zero it says time is up and the
    other player may let a bot play that seat; the form takes any whole number of seconds."""
    lobby = _open(browser, server.url + "/")
    lobby.fill("#my-name", "Cy")  # the host sits at the table it creates, by this name
    lobby.get_by_role("button", name="New Fuji table").click()
    lobby.locator("#opt-clock").fill("30")
    lobby.get_by_role("button", name="Create the table").click()
    lobby.wait_for_url("**/t/*")
    assert server.get(f"/api/tables/{lobby.url.rsplit('/', 1)[1]}").json()["clock"] == 30

    table, host = server.table("fuji", {"players": 2}, seed=1, clock=4)
    ann, bob = (_seated_page(browser, server, table, name) for name in ("Ann", "Bob"))
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    ann.wait_for_selector(".fuji-board")
    to_act = ann.locator(".seats li.to-move")
    assert to_act.count() == 1 and "Ann" in to_act.inner_text()  # seat 0 acts first, and nobody acts here
    # counting down between messages (none comes before the clock runs out)
    ann.wait_for_selector(".seats li.to-move .clock:text-is('0:03'), .seats li.to-move .clock:text-is('0:02')")
    bob.wait_for_selector(".seats li.timed-out .time-up:text-is('time is up')")
    ann.wait_for_selector(".seats li.timed-out .time-up")
    assert ann.locator(".seats li.timed-out .clock").inner_text() == "0:00"
    assert ann.locator("button.standin").count() == 0  # not for one's own seat
    bob.get_by_role("button", name="let a bot play this seat").click()
    ann.wait_for_selector(".seats li:has-text('standing in')")
    for page in (lobby, ann, bob):
        assert ERRORS[id(page)] == []


def test_the_hosts_line_follows_the_open_seats(browser: Browser, server: Server) -> None:
    """Bug 10: "Every seat is taken … fill the open seats" contradicted itself. The host's line says what is left
    to do: fill the open seats while there are any, then start."""
    ann = _open(browser, server.url + "/")
    ann.fill("#my-name", "Ann")
    ann.get_by_role("button", name="New Fuji table").click()
    ann.locator("#opt-players").select_option("2")
    ann.get_by_role("button", name="Create the table").click()
    ann.wait_for_url("**/t/*")
    line = ann.locator(".waiting > p").first
    line.wait_for()
    assert "fill the open seats" in line.inner_text()
    ann.wait_for_selector(".seats li.mine")  # the host sits in the first seat on creating the table
    ann.get_by_role("button", name="Bot in seat 2").click()
    ann.wait_for_selector(".waiting > p:has-text('Every seat is taken')")
    assert "fill the open seats" not in line.inner_text() and "start the game" in line.inner_text()
    assert ERRORS[id(ann)] == []


def test_the_fuji_round_line_keeps_its_separators(browser: Browser, server: Server) -> None:
    """Bug 12: "Foothills· level 1": the separator after the scenario's name lost its space (a line break in the
    template, which htm drops). The other texts of that bug (uses, articles, spaces) are counted in words at
    their source: robinson.js, robinson/effects.py, discover/verbs.py and generator_decks.py."""
    ann, bob = _seats(browser, server, "fuji", {"players": 2}, 1)
    line = ann.locator(".fuji .round")
    line.wait_for()
    name = ann.evaluate("window.outlastTable.state().view.scenario.name")
    assert f" · {name} · level " in line.inner_text(), line.inner_text()
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def test_no_two_dice_of_a_meeple_share_a_label(browser: Browser, server: Server) -> None:
    """Bug 8: after a Map card a meeple held a die of another meeple's set, and both read "#1". The page is given
    the seat's own view with such a die added (a view as the server sends it after that card: the die `1:1`
    beside the meeple's own `0:1`), drawn by the board module; every die of the meeple reads differently."""
    ann, bob = _seats(browser, server, "fuji", {"players": 2}, 1)
    ann.wait_for_selector(".fuji-board")
    _drive([ann, bob], FUJI_BINOCULARS[:2])
    ann.wait_for_selector(".explorer.mine .die")
    labels = ann.evaluate("""async () => {
      const { board } = await import('/static/boards/fuji.js');
      const { render } = await import('/static/vendor/preact-htm.module.js');
      const st = window.outlastTable.state();
      const view = structuredClone(st.view);
      const mine = view.meeples.find((m) => m.seat === st.seat);
      const first = mine.dice.find((d) => d.die.endsWith(':1'));
      mine.dice.push({ ...first, die: `${mine.index + 1}:1` });
      const box = document.createElement('div');
      render(board({ view, legal: [], act: () => {}, seat: st.seat }), box);
      return [...box.querySelectorAll('.explorer.mine .die small')].map((s) => s.textContent);
    }""")
    assert len(labels) >= 2 and len(set(labels)) == len(labels), labels
    for page in (ann, bob):
        assert ERRORS[id(page)] == []


def _finished_fuji(tmp_path: Path) -> tuple[str, str, list[str]]:
    """A database with a two-player Fuji game played to its end: (url, table, seat tokens)."""
    rig = Rig(tmp_path, db="outlast.db")

    async def body() -> tuple[str, list[str]]:
        table, _, tokens = await rig.table("fuji", {"players": 2}, seed=5)
        await rig.play_random(table, 5000, random.Random(2))
        return table, tokens

    try:  # in a thread of its own: Playwright runs an event loop in this one
        with ThreadPoolExecutor(1) as pool:
            table, tokens = pool.submit(asyncio.run, body()).result()
    finally:
        rig.close()
    return rig.url, table, tokens


def test_a_players_replay_and_recent_tables(browser: Browser, tmp_path: Path) -> None:
    """Bug 11: a player's replay opened as a spectator, offered "seat 0: p0 (away)", its log stayed at the top,
    and the finished table was nowhere in the lobby. Now a browser holding a seat of the table sees the replay
    as that seat at first, the seats are named without presence, the log shows the step's newest lines, and the
    lobby lists the browser's recent tables with a link to this one's replay."""
    url, table, tokens = _finished_fuji(tmp_path)
    with Server(url, bot_pace=0.0, log=tmp_path / "server.log") as server:
        page = _open(browser, server.url + "/")
        page.evaluate("([t, tok]) => localStorage.setItem('outlast:' + t, JSON.stringify({seat: 1, token: tok}))",
                      [table, tokens[1]])
        recent = page.locator(f".recent li[data-table='{table}']")
        page.reload()
        recent.wait_for()
        assert "finished" in recent.inner_text() and "you played seat 2" in recent.inner_text()
        recent.get_by_role("link", name="watch the replay").click()
        page.wait_for_url(f"**/replay/{table}")
        page.wait_for_selector(".replay-page[data-seat='1']")
        options = page.locator("select.pov option").all_inner_texts()
        assert not any("away" in o for o in options), options
        page.keyboard.press("End")
        page.wait_for_selector(".replay-page:not([data-step='0'])")
        page.wait_for_function("(() => { const b = document.querySelector('.replay-page .events');"
                               " return b.scrollHeight > b.clientHeight"
                               " && b.scrollHeight - b.clientHeight - b.scrollTop <= 8; })()", timeout=5000)
        assert ERRORS[id(page)] == []
