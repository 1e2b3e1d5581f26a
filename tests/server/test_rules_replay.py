"""The reading routes of the browser client (issue 14 §1 Replay and How to play): each game's players' rules guide
over HTTP, whole or one §, and a finished table stepped through action by action from any seat's point of view.

The application runs in this process (`create_app` under Starlette's test client) on a SQLite file where a Fuji
game was played to its end through the hub, and another is still in play. Every frame the replay route gives must
be what `Match.replay` gives at that step: the seat's `observe`, and the events that seat may read.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from outlast.core import Match, load_game
from outlast.server import create_app
from outlast.server.guard import IN_PROCESS
from outlast.server.live import EVENT_TAIL
from outlast.server.store import Store

from .rig import over_and_playing

with warnings.catch_warnings():  # Starlette asks for httpx2 here; the client works the same with httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def finished_fuji(tmp_path: Path) -> tuple[str, str, str]:
    """A SQLite database with a Fuji game played to its end and one in play: (url, over, playing)."""
    return over_and_playing(tmp_path, "replay.db", "fuji", {"players": 2}, seed=5, steps=5000, rng=2)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    return finished_fuji(tmp_path_factory.mktemp("replay"))


@pytest.fixture(scope="module")
def client(played: tuple[str, str, str]) -> Iterator[TestClient]:
    with TestClient(create_app(played[0], bot_pace=0, processes=0, access=IN_PROCESS)) as c:
        yield c


def refused(r: Any, status: int, *words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text)
    doc = r.json()
    assert set(doc) == {"error", "message"}
    for w in words:
        assert w in doc["message"], (w, doc["message"])


@pytest.mark.parametrize("game", ["fuji", "robinson", "discover"])
def test_the_rules_guide_of_each_game_is_served_whole(client: TestClient, game: str) -> None:
    doc = client.get(f"/api/rules/{game}").json()
    loaded = load_game(game)
    assert doc == {"game": game, "title": loaded.title, "section": None, "text": loaded.rules_section(None)}
    assert doc["text"].startswith("# ")


def test_one_section_of_the_guide_is_served(client: TestClient) -> None:
    doc = client.get("/api/rules/fuji/7.3").json()
    assert doc["text"] == load_game("fuji").rules_section("7.3")
    assert doc["text"].startswith("### §7.3 ")
    assert client.get("/api/rules/fuji/%C2%A77.3").json()["text"] == doc["text"]


@pytest.mark.parametrize(("path", "words"), [
    ("/api/rules/chess", ["no game 'chess'", "fuji"]),
    ("/api/rules/chess/1", ["no game"]),
    ("/api/rules/fuji/99.9", ["99.9"]),
    ("/api/rules/fuji/first", ["first"]),
])
def test_an_unknown_game_or_section_is_a_404(client: TestClient, path: str, words: list[str]) -> None:
    refused(client.get(path), 404, *words)


def test_the_pages_are_the_client_page(client: TestClient) -> None:
    for path in ("/rules/fuji", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and '<main id="app">' in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]


def test_each_step_of_a_replay_is_what_the_match_replays(client: TestClient, played: tuple[str, str, str]) -> None:
    url, over, _ = played
    store = Store(url)
    try:
        row, actions = store.table(over), store.actions(over)
    finally:
        store.close()
    match = Match.start(load_game("fuji"), row.seed, row.options)
    for _, seat, text in actions:
        match.play(text, seat)
    states = [state for _, state in match.replay()]
    steps = len(match.history)
    assert client.get(f"/api/tables/{over}/replay").json()["step"] == steps
    picked = sorted({0, 1, 31, 32, 33, steps // 2, steps - 1, steps} | set(random.Random(0).sample(range(steps), 10)))
    for step in picked:
        for seat in (None, 0, 1):
            query = f"?step={step}" + ("" if seat is None else f"&seat={seat}")
            doc = client.get(f"/api/tables/{over}/replay{query}").json()
            state = states[step]
            assert (doc["step"], doc["steps"], doc["seat"]) == (step, steps, seat)
            assert doc["view"] == state.observe(seat)
            shown = [{"kind": e.kind, "text": e.text} for e in state.events if e.visible(seat)]
            assert doc["events"] == shown[-EVENT_TAIL:]
            last = match.history[step - 1] if step else None
            assert doc["action"] == (last and {"seat": last.seat if last.seat >= 0 else None, "text": last.text})


def test_a_table_still_in_play_is_not_replayed(client: TestClient, played: tuple[str, str, str]) -> None:
    refused(client.get(f"/api/tables/{played[2]}/replay?step=0"), 409, "over")
    refused(client.get("/api/tables/nosuchtable/replay"), 404, "no table")


@pytest.mark.parametrize("query", ["step=-1", "step=99999", "step=x", "step=1.5", "seat=2", "seat=-1", "seat=me"])
def test_a_bad_step_or_seat_is_a_400(client: TestClient, played: tuple[str, str, str], query: str) -> None:
    refused(client.get(f"/api/tables/{played[1]}/replay?{query}"), 400, query.split("=")[0])
