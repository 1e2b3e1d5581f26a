"""The lobby over HTTP (issue 13 §1 Lobby and Auth, §3 bad input): tables, seats, hosts, bots and their refusals.

The application runs in this process (`create_app` under Starlette's test client, its lifespan included) on a
real SQLite file; every refusal must be a 4xx JSON `{error, message}` whose message names the problem, and must
change nothing. A real server process checks the lobby's JSON for secrets at the end.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from outlast.server import create_app
from outlast.server.guard import IN_PROCESS
from outlast.server.hub import token_hash

from .harness import Server
from .rig import secrets_in

with warnings.catch_warnings():  # Starlette asks for httpx2 here; the client works the same with httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


class Api:
    """The lobby's HTTP routes, in this process."""

    def __init__(self, client: TestClient) -> None:
        self.http = client

    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.http.post(path, json=body, headers=headers)

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def create(self, game: str = "fuji", options: dict[str, Any] | None = None, **extra: Any) -> tuple[str, str]:
        r = self.post("/api/tables", {"game": game, "options": options or {}, "seed": 1, "practice": True, **extra})
        assert r.status_code == 200, r.text
        return r.json()["table"], r.json()["host_token"]

    def join(self, table: str, name: str, **extra: Any) -> httpx.Response:
        return self.post(f"/api/tables/{table}/join", {"name": name, **extra})


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'lobby.db'}", bot_pace=0, processes=0, access=IN_PROCESS)) as client:
        yield Api(client)


def refused(r: httpx.Response, status: int, *words: str) -> dict[str, Any]:
    """Check a refusal: its status, the JSON error shape, and that its message names each of `words`."""
    assert r.status_code == status, (r.status_code, r.text)
    doc: dict[str, Any] = r.json()
    assert set(doc) == {"error", "message"} and doc["error"] and doc["message"], doc
    for word in words:
        assert word.lower() in doc["message"].lower(), (word, doc["message"])
    return doc


# ------------------------------------------------------------------ creating tables
@pytest.mark.parametrize(("game", "options", "seats"), [
    ("fuji", {"players": 2, "level": 2}, 2),
    ("fuji", {"players": 4, "skills": ["scout", "buddy", "tinkerer", "gatherer"]}, 4),
    ("robinson", {"players": 3, "dog": "no", "starting_items": 1}, 3),
    ("discover", {"players": 2, "copy": 7}, 2),
    ("discover", {"players": 1, "scenario": "2", "copy": 12345}, 1),
])
def test_a_table_opens_with_each_game_and_its_options(api: Api, game: str, options: dict[str, Any],
                                                      seats: int) -> None:
    table, host = api.create(game, options)
    entry = api.get(f"/api/tables/{table}").json()
    assert entry["game"] == game and entry["status"] == "open" and entry["free"] == seats
    assert len(entry["seats"]) == seats and all(s["kind"] == "open" for s in entry["seats"])
    for name, value in options.items():
        assert entry["options"][name] == value
    assert len(host) >= 24


def test_discover_tables_with_other_copies_play_other_content(api: Api) -> None:
    one, _ = api.create("discover", {"players": 1, "copy": 3})
    two, _ = api.create("discover", {"players": 1, "copy": 4})
    assert api.get(f"/api/tables/{one}").json()["options"]["copy"] == 3
    assert api.get(f"/api/tables/{two}").json()["options"]["copy"] == 4


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, ["chess", "fuji"]),
    ({"game": 3}, ["game"]),
    ({}, ["game"]),
    ({"game": "fuji", "options": "players=2"}, ["options"]),
    ({"game": "fuji", "options": {"players": 9}}, ["players", "9"]),
    ({"game": "fuji", "options": {"colour": "red"}}, ["colour"]),
    ({"game": "fuji", "options": {"players": "two"}}, ["players"]),
    ({"game": "robinson", "options": {"characters": ["cook", "cook"]}}, ["characters"]),
    ({"game": "discover", "options": {"copy": -1}}, ["copy"]),
    ({"game": "discover", "options": {"copy": "first"}}, ["copy"]),
    ({"game": "discover", "options": {"copy": 1.5}}, ["copy"]),
    ({"game": "fuji", "seed": "abc", "practice": True}, ["seed"]),
    ({"game": "fuji", "seed": 1.5, "practice": True}, ["seed"]),
    ({"game": "fuji", "seed": True, "practice": True}, ["seed"]),
    ({"game": "fuji", "seed": 2 ** 256, "practice": True}, ["seed"]),
    ({"game": "fuji", "seed": 5}, ["seed", "practice"]),
    ({"game": "fuji", "seed": 5, "practice": False}, ["seed", "practice"]),
    ({"game": "fuji", "practice": "yes"}, ["practice"]),
    ({"game": "fuji", "clock": -1}, ["clock"]),
    ({"game": "fuji", "clock": 2.5}, ["clock"]),
    ({"game": "fuji", "clock": "60"}, ["clock"]),
    ({"game": "fuji", "clock": True}, ["clock"]),
    ({"game": "fuji", "clock": 10 ** 9}, ["clock"]),
    ({"game": "fuji", "public": "yes"}, ["public"]),
    ({"game": "fuji", "public": 1}, ["public"]),
    ({"game": "fuji", "host": "me"}, ["host"]),
])
def test_a_bad_table_request_is_a_400_naming_the_problem(api: Api, body: dict[str, Any], words: list[str]) -> None:
    before = api.get("/api/tables").json()
    refused(api.post("/api/tables", body), 400, *words)
    assert api.get("/api/tables").json() == before


@pytest.mark.parametrize(("raw", "status", "word"), [
    (b"[1, 2]", 400, "object"), (b"{not json", 400, "json"), (b"\xff\xfe", 400, "json"),
    (b"{\"game\": \"" + b"x" * 70_000 + b"\"}", 413, "bytes"),
])
def test_a_body_that_is_no_json_object_is_refused(api: Api, raw: bytes, status: int, word: str) -> None:
    refused(api.http.post("/api/tables", content=raw), status, word)


# ------------------------------------------------------------------ the lobby list
def test_public_tables_are_listed_and_private_ones_only_reachable_by_id(api: Api) -> None:
    public, _ = api.create("fuji", {"players": 2})
    private, _ = api.create("fuji", {"players": 2}, public=False)
    listed = {t["table"] for t in api.get("/api/tables").json()}
    assert public in listed and private not in listed
    entry = api.get(f"/api/tables/{private}").json()
    assert entry["public"] is False and entry["free"] == 2
    assert api.join(private, "ann").status_code == 200  # the id is the invitation
    refused(api.get("/api/tables/nosuchtable"), 404, "nosuchtable")
    refused(api.get("/api/tables/" + "x" * 40), 404, "no table")


# ------------------------------------------------------------------ joining
def test_a_player_joins_a_seat_with_a_display_name(api: Api) -> None:
    table, _ = api.create("fuji", {"players": 3})
    r = api.join(table, "  Ann   Lee ", seat=2)
    assert r.status_code == 200 and r.json()["seat"] == 2 and len(r.json()["token"]) >= 24
    assert api.join(table, "Bob").json()["seat"] == 0  # the first free seat
    seats = api.get(f"/api/tables/{table}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "Bob"), ("open", ""), ("human", "Ann Lee")]


def test_a_host_who_gives_a_name_is_seated_on_creating_the_table(api: Api) -> None:
    r = api.post("/api/tables", {"game": "fuji", "options": {"players": 2}, "name": " Hana "})
    assert r.status_code == 200, r.text
    made = r.json()
    assert made["seat"] == 0 and len(made["token"]) >= 24 and made["host_token"] != made["token"]
    seats = api.get(f"/api/tables/{made['table']}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "Hana"), ("open", "")]
    assert api.join(made["table"], "Bob").json()["seat"] == 1


@pytest.mark.parametrize("name", ["", "  ", 5, "x" * 41])
def test_a_bad_host_name_opens_no_table(api: Api, name: Any) -> None:
    refused(api.post("/api/tables", {"game": "fuji", "name": name}), 400, "name")
    assert api.get("/api/tables").json() == []


def test_the_games_teach_themselves(api: Api) -> None:
    games = {g["name"]: g for g in api.get("/api/games").json()}
    for name in ("fuji", "robinson", "discover"):
        teaching = games[name]["teaching"]
        assert teaching["goal"] and len(teaching["turn"]) >= 3 and len(teaching["plain"]) >= 10
    assert games["fuji"]["teaching"]["glossary"]["pocket_knife"]["name"] == "Pocket knife"


@pytest.mark.parametrize(("body", "words"), [
    ({"name": ""}, ["blank"]), ({"name": "   \t "}, ["blank"]), ({"name": 5}, ["name"]), ({"name": None}, ["name"]),
    ({}, ["name"]), ({"name": "x" * 41}, ["40"]), ({"name": "ann\u0000"}, ["name"]), ({"name": "a\u202eb"}, ["name"]),
    ({"name": "ann", "seat": "0"}, ["seat"]), ({"name": "ann", "seat": True}, ["seat"]),
    ({"name": "ann", "seat": 7}, ["seat", "7"]), ({"name": "ann", "seat": -1}, ["seat"]),
])
def test_a_bad_join_is_a_400_and_takes_no_seat(api: Api, body: dict[str, Any], words: list[str]) -> None:
    table, _ = api.create("fuji", {"players": 2})
    refused(api.post(f"/api/tables/{table}/join", body), 400, *words)
    assert api.get(f"/api/tables/{table}").json()["free"] == 2


def test_a_taken_seat_or_a_full_table_is_a_409(api: Api) -> None:
    table, _ = api.create("fuji", {"players": 2})
    assert api.join(table, "ann", seat=1).status_code == 200
    refused(api.join(table, "bob", seat=1), 409, "seat 1", "free seats: [0]")
    assert api.join(table, "bob").json()["seat"] == 0
    refused(api.join(table, "cy"), 409, "taken")
    refused(api.join(table, "cy", seat=0), 409, "seat 0")
    refused(api.join("nosuchtable", "cy"), 404, "nosuchtable")


# ------------------------------------------------------------------ the host's actions
def test_only_the_host_may_seat_bots_kick_and_start(api: Api) -> None:
    table, host = api.create("fuji", {"players": 2})
    seat_token = api.join(table, "ann").json()["token"]
    other_host = api.create("fuji", {"players": 2})[1]
    for token in (None, "", "x" * 32, seat_token, other_host, host + "x", host[:-1]):
        refused(api.post(f"/api/tables/{table}/seats/1/bot", {"bot": "heuristic"}, token), 403, "host")
        refused(api.post(f"/api/tables/{table}/seats/0/kick", None, token), 403, "host")
        refused(api.post(f"/api/tables/{table}/start", None, token), 403, "host")
    seats = api.get(f"/api/tables/{table}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "open"]
    assert api.get(f"/api/tables/{table}").json()["status"] == "open"


def test_the_host_seats_a_bot_kicks_a_player_and_starts_once_no_seat_is_open(api: Api) -> None:
    table, host = api.create("fuji", {"players": 3})
    api.join(table, "ann")
    api.join(table, "bob")
    refused(api.post(f"/api/tables/{table}/start", None, host), 409, "[2]", "open")
    assert api.post(f"/api/tables/{table}/seats/2/bot", {"bot": "heuristic"}, host).status_code == 200
    assert api.post(f"/api/tables/{table}/seats/1/kick", None, host).json() == {"table": table, "seat": 1,
                                                                               "kind": "open"}
    refused(api.post(f"/api/tables/{table}/start", None, host), 409, "[1]")
    assert api.post(f"/api/tables/{table}/seats/1/bot", {"bot": "random"}, host).status_code == 200
    r = api.post(f"/api/tables/{table}/start", None, host)
    assert r.status_code == 200 and r.json()["status"] == "playing"
    refused(api.post(f"/api/tables/{table}/start", None, host), 409, "playing")
    seats = api.get(f"/api/tables/{table}").json()["seats"]
    assert [(s["kind"], s["bot"]) for s in seats] == [("human", ""), ("bot", "random"), ("bot", "heuristic")]


@pytest.mark.parametrize(("bot", "status", "words"), [
    ("nope", 400, ["nope"]), ("", 400, ["bot"]), ("ismcts:time=abc", 400, ["time"]),
    ("ismcts:zzz=1", 400, ["zzz"]), ("heuristic:" + "x" * 300, 400, ["bot"]), (5, 400, ["bot"]),
    (None, 400, ["bot"]), (["heuristic"], 400, ["bot"]),
])
def test_a_bad_bot_spec_is_a_400(api: Api, bot: Any, status: int, words: list[str]) -> None:
    table, host = api.create("fuji", {"players": 2})
    refused(api.post(f"/api/tables/{table}/seats/1/bot", {"bot": bot}, host), status, *words)
    assert api.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "open"


@pytest.mark.parametrize("seat", ["x", "1.5", "-1", "2", "99999999999999999999999"])
def test_a_bad_seat_in_the_path_is_a_400(api: Api, seat: str) -> None:
    table, host = api.create("fuji", {"players": 2})
    for action, body in (("bot", {"bot": "heuristic"}), ("kick", None), ("standin", {"bot": "heuristic"})):
        refused(api.post(f"/api/tables/{table}/seats/{seat}/{action}", body, host), 400, "seat")


# ------------------------------------------------------------------ no secret in the lobby
def _lobby_secrets(get: Any, table: str, secrets: list[str]) -> None:
    for path in ("/api/tables", f"/api/tables/{table}", f"/api/tables/{table}/chat", "/api/games"):
        text = json.dumps(get(path).json())
        assert not secrets_in(text, secrets), f"{path} shows a secret"
    for page in ("/", f"/t/{table}"):  # the pages are static: the same for everyone, holding nothing of a table
        assert not secrets_in(get(page).text, secrets), f"{page} shows a secret"


def test_no_token_or_token_hash_appears_in_the_lobby(api: Api) -> None:
    table, host = api.create("fuji", {"players": 3})
    tokens = [api.join(table, name).json()["token"] for name in ("ann", "bob")]
    api.post(f"/api/tables/{table}/seats/2/bot", {"bot": "heuristic"}, host)
    api.post(f"/api/tables/{table}/start", None, host)
    every = [host, *tokens]
    _lobby_secrets(api.get, table, every + [token_hash(t) for t in every])


def test_a_real_server_keeps_tokens_out_of_its_lobby_and_its_log(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with Server(f"sqlite:///{tmp_path / 's.db'}", log=log) as server:
        table, host = server.table("fuji", {"players": 2}, public=False)
        tokens = [server.join(table, name)[1] for name in ("ann", "bob")]
        assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
        assert server.post(f"/api/tables/{table}/start", None, tokens[0]).status_code == 403
        every = [host, *tokens]
        _lobby_secrets(server.get, table, every + [token_hash(t) for t in every])
        listed = server.get("/api/tables").json()
        assert table not in {t["table"] for t in listed}
    logged = log.read_text(encoding="utf-8")
    assert "POST /api/tables/{table_id}/start 200" in logged
    assert not secrets_in(logged, [*every, table]), "the server's log names a secret or a private table's id"
