"""The shared replay room (`/ws/replay/{table}`, issue 14 §1 Replay) against a real `outlast serve` process.

Members of a finished table's room join by name or seat token; the first leads; only the leader's `goto` moves the
room and every follower gets the same frame as `GET /api/tables/ID/replay` gives; a member browses alone and
follows again; anyone takes the lead; when the leader leaves the lead passes on. Every bad message gets an `error`
and changes nothing; a table in play (or none) has no room.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import websockets

from .harness import Player, Server
from .rig import Rig


class Room:
    """A fixture's finished table, a table in play, their seat tokens, and the server that serves them."""

    def __init__(self, server: Server, over: str, playing: str, tokens: list[str]) -> None:
        self.server, self.over, self.playing, self.tokens = server, over, playing, tokens

    def url(self, table: str | None = None) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws/replay/{table or self.over}"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    tmp = tmp_path_factory.mktemp("room")
    rig = Rig(tmp, db="outlast.db")

    async def body() -> tuple[str, str, list[str]]:
        over, _, tokens = await rig.table("fuji", {"players": 2}, seed=5)
        await rig.play_random(over, 5000, random.Random(2))
        playing, _, _ = await rig.table("fuji", {"players": 2}, seed=5)
        return over, playing, tokens

    try:
        with ThreadPoolExecutor(1) as pool:
            over, playing, tokens = pool.submit(asyncio.run, body()).result()
    finally:
        rig.close()
    with Server(rig.url, log=tmp / "server.log") as server:
        yield Room(server, over, playing, tokens)


def is_room(msg: dict[str, Any]) -> bool:
    return msg["type"] == "room"


async def joined(room: Room, **join: Any) -> tuple[Player, dict[str, Any]]:
    """A member who has joined: the connection and its first room message (which holds the frame)."""
    member = await Player(room.url()).__aenter__()
    await member.send({"type": "join", **join})
    return member, await member.until(is_room)


def frame(room: Room, step: int, seat: int | None) -> dict[str, Any]:
    query = f"?step={step}" + ("" if seat is None else f"&seat={seat}")
    reply = room.server.get(f"/api/tables/{room.over}/replay{query}")
    assert reply.status_code == 200, reply.text
    got: dict[str, Any] = reply.json()
    return got


def test_members_follow_the_leader_and_anyone_takes_the_lead(room: Room) -> None:
    async def body() -> None:
        ann, first = await joined(room, name="Ann")
        assert first["leader"] == first["you"] and first["step"] == 0 and first["seat"] is None
        assert first["frame"] == frame(room, 0, None)
        bob, seen = await joined(room, token=room.tokens[1])
        assert seen["leader"] == first["you"] and seen["frame"] == first["frame"]
        assert [(m["name"], m["seat"]) for m in seen["members"]] == [("Ann", None), ("p1", 1)]
        told = await ann.until(is_room)
        assert len(told["members"]) == 2 and "frame" not in told  # a member joined: no new frame

        await ann.send({"type": "goto", "step": 5, "seat": 1})
        for member in (ann, bob):
            moved = await member.until(lambda m: is_room(m) and m["step"] == 5)
            assert moved["seat"] == 1 and moved["frame"] == frame(room, 5, 1)

        await bob.send({"type": "follow", "on": False})  # Bob browses alone: the room goes on without him
        alone = await bob.until(is_room)
        assert not alone["members"][1]["following"] and "frame" not in alone
        await ann.until(is_room)
        await ann.send({"type": "goto", "step": 7, "seat": 0})
        assert "frame" not in await bob.until(lambda m: is_room(m) and m["step"] == 7)
        await ann.until(lambda m: is_room(m) and m["step"] == 7)
        await bob.send({"type": "follow", "on": True})
        back = await bob.until(is_room)
        assert back["frame"] == frame(room, 7, 0) and back["members"][1]["following"]
        await ann.until(is_room)

        await bob.send({"type": "lead"})  # Bob takes the lead and steps back; Ann follows
        led = await ann.until(is_room)
        assert led["leader"] == back["you"] and "frame" not in led
        await bob.send({"type": "goto", "step": 6, "seat": None})
        assert (await ann.until(lambda m: is_room(m) and m["step"] == 6))["frame"] == frame(room, 6, None)
        await ann.send({"type": "goto", "step": 2})
        assert (await ann.until(lambda m: m["type"] == "error"))["code"] == "not_leader"

        await bob.__aexit__()  # the leader leaves: the lead passes to Ann
        after = await ann.until(is_room)
        assert after["leader"] == first["you"] and [m["name"] for m in after["members"]] == ["Ann"]
        await ann.send({"type": "goto", "step": 3})
        assert (await ann.until(is_room))["step"] == 3
        await ann.__aexit__()

        carol, fresh = await joined(room, name="Carol")  # an emptied room is forgotten: a new one starts over
        assert fresh["step"] == 0 and fresh["leader"] == fresh["you"] and len(fresh["members"]) == 1
        await carol.__aexit__()

    asyncio.run(body())


BAD: list[tuple[Any, str]] = [
    ("{not json", "malformed"),
    (b"\xff\xfe", "malformed"),
    ("[1, 2]", "malformed"),
    ({"type": "dance"}, "malformed"),
    ({"type": "goto", "step": "5"}, "malformed"),
    ({"type": "goto", "step": -1}, "malformed"),
    ({"type": "goto", "step": 1, "extra": 1}, "malformed"),
    ({"type": "goto", "step": 10 ** 9}, "bad_step"),
    ({"type": "goto", "step": 1, "seat": 2}, "bad_seat"),
    ({"type": "follow", "on": "yes"}, "malformed"),
    ({"type": "follow", "on": False}, "leading"),
    ({"type": "join", "name": "Ann again"}, "joined"),
    ("x" * 20000, "too_large"),
]


def test_every_bad_message_gets_an_error_and_changes_nothing(room: Room) -> None:
    async def body() -> None:
        ann, _ = await joined(room, name="Ann")
        bob, _ = await joined(room, name="Bob")
        await ann.until(is_room)
        await ann.send({"type": "goto", "step": 4, "seat": 0})
        before = await bob.until(lambda m: is_room(m) and m["step"] == 4)
        await ann.drain()
        await bob.drain()
        seen = len(bob.received)
        for msg, code in BAD:
            await ann.send(msg)
            reply = await ann.recv()
            assert reply["type"] == "error" and reply["code"] == code, (msg, reply)
        for msg, code in [({"type": "goto", "step": 1}, "not_leader"), ({"type": "join", "name": "B"}, "joined")]:
            await bob.send(msg)
            assert (await bob.recv())["code"] == code
        await bob.drain()
        assert [m["type"] for m in bob.received[seen:]] == ["error", "error"]  # no room change reached Bob
        await bob.send({"type": "follow", "on": True})  # the room, as it stands: as it was
        now = await bob.until(is_room)
        assert {k: now[k] for k in ("leader", "step", "seat", "members")} == \
            {k: before[k] for k in ("leader", "step", "seat", "members")}
        assert now["frame"] == before["frame"]
        for member in (ann, bob):
            await member.__aexit__()

    asyncio.run(body())


def test_joining_is_checked_and_a_stranger_is_not_a_member(room: Room) -> None:
    async def body() -> None:
        async with Player(room.url()) as eve:
            for msg, code in [({"type": "lead"}, "not_joined"), ({"type": "goto", "step": 1}, "not_joined"),
                              ({"type": "follow", "on": True}, "not_joined"), ({"type": "join"}, "malformed"),
                              ({"type": "join", "name": "   "}, "malformed"),
                              ({"type": "join", "name": "a\u202eb"}, "malformed"),
                              ({"type": "join", "token": "not-a-seat-token"}, "bad_token")]:
                await eve.send(msg)
                reply = await eve.recv()
                assert reply["type"] == "error" and reply["code"] == code, (msg, reply)
            await eve.send({"type": "ping"})
            assert (await eve.recv())["type"] == "pong"

    asyncio.run(body())


def test_a_table_in_play_or_none_has_no_room(room: Room) -> None:
    async def refused(table: str) -> tuple[str, int]:
        async with websockets.connect(room.url(table)) as ws:
            reply = json.loads(await ws.recv())
            with pytest.raises(websockets.ConnectionClosed):
                await ws.recv()
            assert ws.close_code is not None
            return reply["code"], ws.close_code

    assert asyncio.run(refused(room.playing)) == ("not_over", 4409)
    assert asyncio.run(refused("nosuchtable")) == ("no_table", 4404)


def test_a_member_sending_too_fast_is_refused(room: Room) -> None:
    async def body() -> None:
        ann, _ = await joined(room, name="Ann")
        for _ in range(120):
            await ann.send({"type": "ping"})
        await ann.drain(0.3)
        codes = [m.get("code") for m in ann.received if m["type"] == "error"]
        assert "rate_limited" in codes and len(codes) < 120
        await ann.__aexit__()

    asyncio.run(body())
