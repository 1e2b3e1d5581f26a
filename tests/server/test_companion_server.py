"""Companion tables on a real `outlast serve` (issue 27, docs/companion.md): the people roll and draw with the box, and
the seat that rolls or draws enters what came up over its websocket.

A table made with `physical` stops at each roll or draw of those kinds; only the seats that may answer are sent the
question (its step, its rule, every outcome the rules allow); a bot seat's own roll is made by the server; the stored
answers replay as the save file says.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from outlast.core import CHANCE, Match

from .harness import Player, Server
from .play import play_seat


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'companion.db'}") as running:
        yield running


def test_a_bad_physical_option_is_refused_and_no_table_is_made(server: Server) -> None:
    before = len(server.get("/api/tables").json())
    for physical, words in [("dice,weather", "'weather' is not a kind of chance point of fuji"),
                            (7, "option 'physical'"), (["dice", 3], "option 'physical'")]:
        r = server.post("/api/tables", {"game": "fuji", "options": {"players": 2}, "physical": physical})
        assert r.status_code == 400 and r.json()["error"] == "bad_option", r.text
        assert words in r.json()["message"]
    assert len(server.get("/api/tables").json()) == before
    kinds = {g["name"]: [k["name"] for k in g["chance_kinds"]] for g in server.get("/api/games").json()}
    assert kinds["robinson"][:2] == ["weather", "rolls"] and "dice" in kinds["fuji"]


def test_a_robinson_companion_table_asks_its_player_and_replays_what_was_entered(server: Server) -> None:
    """Solo Robinson with every roll and draw from the box: the player is asked, a spectator only told the step;
    an outcome the rules do not allow, or a seat's move where an answer is wanted, is refused and changes nothing."""
    table, host = server.table("robinson", {"players": 1}, seed=5, physical="all")
    entry = server.get(f"/api/tables/{table}").json()
    assert entry["physical"] == sorted(entry["physical"]) and "events" in entry["physical"]
    assert any(label["kind"] == "companion" and "every roll and draw" in label["text"] for label in entry["labels"])
    seat, token = server.join(table, "Ann")

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        async with Player(server.ws_url(table), token) as ann, Player(server.ws_url(table)) as watcher:
            await ann.drain()
            await watcher.drain()
            assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
            first = await ann.until(lambda m: m.get("type") == "state" and m.get("question"))
            question = first["question"]
            assert first["legal"] == [a["text"] for a in question["answers"]] and first["to_move"] == [seat]
            assert abs(sum(a["probability"] for a in question["answers"]) - 1) < 1e-9
            assert first["decision"] == f"{question['line']} ({question['rule']})"
            await ann.send({"type": "act", "version": first["version"], "action": "draw nothing_of_the_kind", "id": 1})
            refused = await ann.until(lambda m: m.get("type") == "rejected")
            assert refused["code"] == "illegal" and refused["reason"]
            shown = await watcher.until(lambda m: m.get("type") == "state" and m.get("asked"))
            assert shown["question"] is None and shown["legal"] == [] and shown["asked"] == question["line"]
            await play_seat(ann, random.Random(3), limit=120, from_screen=True,
                            until=lambda m: m["view"].get("round", 0) >= 3 or m["version"] >= 120)
        return ann.received, watcher.received

    received, watched = asyncio.run(run())
    doc = server.get(f"/api/tables/{table}").json()
    assert doc["version"] > 20
    asked = [m for m in received if m.get("type") == "state" and m.get("question")]
    assert len({m["question"]["kind"] for m in asked}) >= 4  # tiles, the Event deck, the dice and the weather at least
    assert all(not m.get("question") for m in watched if m.get("type") == "state")


def test_a_fuji_bots_own_dice_are_rolled_by_the_server_and_only_the_player_enters_hers(server: Server) -> None:
    """Fuji with physical dice, a person and a bot: the person is asked for her own dice only, never sees the bot's
    before the reveal, and the save file of the finished game is a companion game that replays."""
    table, host = server.table("fuji", {"players": 2}, seed=5, physical="dice")
    _, token = server.join(table, "Ann")
    assert server.post(f"/api/tables/{table}/seats/1/bot", {"bot": "heuristic"}, host).status_code == 200

    async def run() -> list[dict[str, Any]]:
        async with Player(server.ws_url(table), token) as ann:
            await ann.drain()
            assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
            end = await play_seat(ann, random.Random(1), limit=240, from_screen=True)
            assert end["status"] == "over"
        return ann.received

    received = asyncio.run(run())
    asked = [m for m in received if m.get("type") == "state" and m.get("question")]
    own = [m for m in asked if m["question"]["seats"] == [0]]
    in_the_open = [m for m in asked if m["question"]["seats"] == [0, 1]]  # the extra set, rolled where all see
    assert own and len(own) + len(in_the_open) == len(asked)  # never a question of the bot's seat alone
    assert all(m["to_move"] == m["question"]["seats"] for m in asked)
    doc = server.get(f"/api/tables/{table}/export").json()
    assert doc["physical"] == ["dice"]
    match = Match.from_json(json.loads(json.dumps(doc)))
    assert match.physical == {"dice"} and match.state.is_over()
    # the server rolled the bot's dice: chance entries of the dice kind while seat 1 alone was asked
    replay = Match.start("fuji", doc["seed"], doc["options"], physical="dice")
    bot_rolls = 0
    for seat, text, _ in doc["actions"]:
        asked_now = replay.question()
        if asked_now is not None and asked_now.seats == (1,):
            assert seat == CHANCE
            bot_rolls += 1
        replay.play(text, seat)
    assert bot_rolls > 0
