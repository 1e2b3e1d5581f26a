"""What the browser shows of issue 23's guarantees: the labels of a practice table and of a secret or chosen
Discover copy, and a page whose seat was kicked reading on as a spectator."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .harness import Server
from .test_browser import _open, _seated_page, browser

__all__ = ["browser"]  # the shared Chromium fixture, imported for pytest to find


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'trust.db'}", log=tmp_path / "server.log") as s:
        yield s


def test_a_practice_table_and_a_secret_copy_are_labelled_in_the_lobby_and_at_the_table(
        browser: Browser, server: Server) -> None:
    practice, _ = server.table("fuji", {"players": 2}, seed=4)
    lobby = _open(browser, server.url + "/")
    lobby.wait_for_selector(".label.practice")
    assert "foresee" in lobby.locator(".label.practice").first.inner_text()
    table = _open(browser, f"{server.url}/t/{practice}")
    table.wait_for_selector(".bar .label.practice")
    lobby.fill("#my-name", "Cy")  # the host sits at the table it creates, by this name
    lobby.get_by_role("button", name=re.compile("^New Discover")).click()
    assert lobby.locator("#opt-copy").input_value() == ""  # left empty: the server draws one in secret
    lobby.get_by_role("button", name="Create the table").click()
    lobby.wait_for_url("**/t/*")
    label = lobby.wait_for_selector(".bar .label.secret")
    assert label is not None and "drawn in secret" in label.inner_text()
    entry = server.get(f"/api/tables/{lobby.url.rsplit('/', 1)[1]}").json()
    assert "copy" not in entry["options"] and entry["content_id"] in label.inner_text()


def test_a_kicked_players_page_reads_on_as_a_spectator(browser: Browser, server: Server) -> None:
    table, host = server.table("fuji", {"players": 2}, seed=3)
    ann = _seated_page(browser, server, table, "Ann")
    server.join(table, "Bob")
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    ann.wait_for_selector(".fuji-board")
    assert ann.locator(".table-page").get_attribute("data-seat") == "0"
    assert server.post(f"/api/tables/{table}/seats/0/kick", None, host).status_code == 200
    ann.wait_for_selector(".table-page[data-seat='']")
    ann.wait_for_selector(".fuji-board")  # reconnected, watching
    assert ann.evaluate(f"JSON.parse(localStorage.getItem('outlast:{table}')).token") is None
