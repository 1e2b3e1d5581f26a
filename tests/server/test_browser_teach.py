"""The game taught at the table, in a real browser against a real server (issue 24 §2): each game's first screen
(shown once per game, reopened from "How to play"), what to do now in plain words, no raw ids, seat numbers from 0
or command syntax in anything the page shows while a game is played from the picker, hover and tap texts on cards,
dice, characters and choices, and the host seated on creating a table from the lobby."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .harness import Server
from .test_browser import ERRORS, browser
from .test_browser_parts import _pick

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find

RAW = {
    "a snake_case id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "a seat numbered from 0": re.compile(r"\bseat 0\b", re.I),
    "a meeple by number": re.compile(r"\bmeeple [0-9]", re.I),
    "a decision record": re.compile(r"\bdecision [0-9]{4}", re.I),
    "command syntax": re.compile(r"`|\b(?:PAWN|TARGET|GROUP#)\b|\(pile K|\b[a-z]+:[a-z0-9]"),
}
"""What a player must never read at the table (issue 24 §2)."""
OPTIONS = {"fuji": {"players": 2}, "robinson": {"players": 2}, "discover": {"players": 2}}
BOARD = {"fuji": ".fuji-board", "robinson": ".robinson", "discover": ".discover"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'teach.db'}", bot_pace=0.0, log=tmp_path / "server.log") as s:
        yield s


def _table(server: Server, game: str) -> tuple[str, int, str]:
    """A started table of `game`: Ann in seat 0 (seat 1 for people), a bot in seat 1; (table, seat, token)."""
    table, host = server.table(game, OPTIONS[game], seed=3)
    seat, token = server.join(table, "Ann")
    assert server.post(f"/api/tables/{table}/seats/1/bot", {"bot": "heuristic"}, host).status_code == 200
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    return table, seat, token


def _open(browser: Browser, server: Server, table: str, seat: int, token: str, *, phone: bool = False) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = browser.new_context(viewport=size, has_touch=phone).new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('outlast:{table}', JSON.stringify({{seat: {seat}, token: '{token}'}}))")
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_selector(".table-page[data-seat]")
    return page


def raw_words(page: Page) -> list[str]:
    """Each raw id, zero-based seat or piece of command syntax the page shows now (its visible text: a closed
    "show all moves" list is not shown), with what it is."""
    text = page.locator("body").inner_text()
    return [f"{what}: {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}"
            for what, pattern in RAW.items() for m in pattern.finditer(text)]


@pytest.mark.parametrize("game", ["fuji", "robinson", "discover"])
def test_first_screen_teaches_the_game_once_and_reopens_from_how_to_play(browser: Browser, server: Server,
                                                                         game: str) -> None:
    table, seat, token = _table(server, game)
    page = _open(browser, server, table, seat, token)
    first = page.locator(".first-screen")
    first.wait_for()
    teaching = server.get("/api/games").json()
    goal = next(g for g in teaching if g["name"] == game)["teaching"]["goal"]
    assert goal in first.inner_text()
    assert first.locator("svg[role=img]").count() == 1  # the drawing
    assert first.locator("ol.turn li").count() >= 3
    page.wait_for_selector(".first-screen .now:not(.quiet)")  # Ann is to act at the start of every game
    now = first.locator(".now").inner_text()
    assert now.startswith("What to do now:") and "§" not in now
    first.locator("button.got-it").click()
    assert page.locator(".first-screen").count() == 0
    page.reload()
    page.wait_for_selector(".table-page[data-seat] section.actions")
    page.wait_for_timeout(300)
    assert page.locator(".first-screen").count() == 0  # remembered for this game
    page.locator("button.how-to-play").click()
    page.wait_for_selector(".first-screen")
    page.keyboard.press("Escape")
    assert page.locator(".first-screen").count() == 0
    assert not ERRORS[id(page)]


@pytest.mark.parametrize("game", ["fuji", "robinson", "discover"])
def test_a_game_played_from_the_picker_shows_no_raw_ids_and_says_what_to_do(browser: Browser, server: Server,
                                                                              game: str) -> None:
    table, seat, token = _table(server, game)
    page = _open(browser, server, table, seat, token)
    page.locator("button.got-it").click()
    page.wait_for_selector(BOARD[game])
    rng = random.Random(5)
    moves, kinds, found = 0, set(), []
    for _ in range(300):
        if moves >= 20:
            break
        explain = page.locator("section.actions[data-busy='no'] .decision.explain")
        if explain.count():
            kinds.add(explain.get_attribute("data-kind"))
            assert "§" not in explain.inner_text()
        found += raw_words(page)
        done = _pick(page, rng)
        if done is None:
            page.wait_for_timeout(150)
        elif page.locator(".picker .picked").count() == 0:
            moves += 1
            page.wait_for_timeout(150)
    found += raw_words(page)
    assert moves >= 3 and kinds, (moves, kinds)
    assert not sorted(set(found)), sorted(set(found))
    # the log reads as sentences: its rule references are in each line's hover text, not in the line
    log = page.locator(".events")
    assert log.count() and "(§" not in log.first.inner_text()
    if game == "robinson":  # its production lines cite §7.1
        assert page.locator(".events [title^='rules §']").count() > 0
    assert "seat 1" in page.locator(".you-are").inner_text()  # Ann, seat 0 in the engine, is seat 1 to people
    assert page.locator(".seats .seat-no").first.inner_text() == "1"
    assert not ERRORS[id(page)]


def test_cards_dice_injuries_and_choices_say_what_they_do_on_hover_and_tap(browser: Browser, server: Server) -> None:
    """Fuji: the starting equipment offered, each with its effect; after the pick, the equipment held; a tap on a
    phone shows the same text in a bubble."""
    table, seat, token = _table(server, "fuji")
    page = _open(browser, server, table, seat, token, phone=True)
    page.locator("button.got-it").click()
    choice = page.locator(".picker button.part.has-help").first
    choice.wait_for()
    help_text = choice.get_attribute("title") or ""
    assert len(help_text) > 15 and help_text in choice.inner_text()  # read on hover, and shown under its name
    choice.tap()
    page.wait_for_selector(".tap-tip")
    assert page.locator(".tap-tip").inner_text() == help_text
    page.locator(".picker button.confirm").tap()
    held = page.locator(".explorer.mine .equipment [title]").first
    held.wait_for()
    assert held.get_attribute("title")
    page.locator(".explorer.mine .skill[title]").first.wait_for()
    assert len(page.locator(".explorer.mine .skill").get_attribute("title") or "") > 10
    assert page.locator(".die[title]").count() > 0


def test_discover_character_choice_shows_names_and_abilities(browser: Browser, server: Server) -> None:
    table, seat, token = _table(server, "discover")
    page = _open(browser, server, table, seat, token)
    page.locator("button.got-it").click()
    buttons = page.locator(".picker[data-part=character] button.part")
    buttons.first.wait_for()
    offered = server.get(f"/api/tables/{table}").json()
    assert offered["game"] == "discover"
    for i in range(buttons.count()):
        label, help_text = buttons.nth(i).inner_text(), buttons.nth(i).get_attribute("title") or ""
        assert not re.fullmatch(r"keep [0-9]+|[0-9]+", label.split("\n")[0]), label
        assert "." in help_text and help_text.split(".")[0] in label  # its title, then its abilities


def test_the_host_is_seated_when_creating_a_table_from_the_lobby(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(server.url + "/")
    page.locator("button", has_text="New Fuji").click()
    page.locator("form.create button[type=submit]").click()
    page.wait_for_selector(".notice.bad")  # no name yet: the form says so and creates nothing
    assert "/t/" not in page.url
    page.locator("#my-name").fill("Hana")
    skills = page.locator("form.create fieldset#opt-skills")
    for skill in ("scout", "buddy", "gatherer"):  # one per explorer of the 3 players the form starts with
        skills.locator("label", has_text=skill).locator("input").check()
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".table-page .seats li.mine")
    assert "Hana" in page.locator(".seats li.mine").inner_text()
    assert page.locator(".seats li.mine .seat-no").inner_text() == "1"
    assert "Bot in seat 1" not in page.locator("body").inner_text()
    assert page.locator(".host button", has_text="Bot in seat 2").count() == 1
    table = page.url.rsplit("/", 1)[1]
    entry = server.get(f"/api/tables/{table}").json()
    assert entry["seats"][0]["name"] == "Hana" and entry["seats"][0]["kind"] == "human"
    assert entry["options"]["skills"] == ["scout", "buddy", "gatherer"]


def test_plain_words_and_log_lines_read_as_sentences(browser: Browser, server: Server) -> None:
    """The page's words (teach.js `plainWords`, pace.js `withoutRules`): a meeple named by its person takes "a" turn,
    not "its"; command syntax and decision numbers go; a log line's rule references leave the sentence and stay in
    its hover text."""
    page = browser.new_page()
    page.goto(server.url + "/")
    got = page.evaluate("""async () => {
        const teach = await import('/static/teach.js');
        const pace = await import('/static/pace.js');
        const seats = [{seat: 0, kind: 'human', name: 'Ann'}, {seat: 1, kind: 'bot'}];
        return {
          turn: teach.plainWords('meeple 0 takes its turn', {seats}),
          syntax: teach.plainWords('Put wood on the pile (`pile K`, §25.1), decision 0011.', {seats}),
          line: pace.withoutRules('+1 food (Production (§7.1)).'),
          dice: pace.withoutRules('The dice: gray 9 against defense 8 (§12.3 step 1).'),
          title: pace.rulesTitle('+1 food (Production (§7.1)).'),
          none: pace.rulesTitle('Ann is ready.') ?? null,
        }; }""")
    page.close()
    assert got == {"turn": "Ann takes a turn", "syntax": "Put wood on the pile.",
                   "line": "+1 food (Production).", "dice": "The dice: gray 9 against defense 8.",
                   "title": "rules §7.1", "none": None}, got
