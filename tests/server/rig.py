"""A hub in this process on a real SQLite database, and clients that keep what they are sent (server tests).

`Rig` is what every websocket of `outlast serve` talks to (hub.py), without a socket: `Client(send=list.append)`
objects stand for connections, so a test reads each message a connection got, in order, at no cost in time.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlast.core import CHANCE, state_digest
from outlast.server.hub import Client, Hub, TokenBucket
from outlast.server.live import Live
from outlast.server.store import Store


@dataclass
class Conn:
    """One connection to a table and every message it got."""

    client: Client
    got: list[dict[str, Any]] = field(default_factory=list)

    def last(self, kind: str) -> dict[str, Any]:
        """The last message of this `type`."""
        return next(m for m in reversed(self.got) if m["type"] == kind)

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.got]


class Rig:
    """A hub on a fresh SQLite file, with helpers to open, seat, start and play tables."""

    def __init__(self, tmp_path: Path, *, db: str = "rig.db") -> None:
        self.url = f"sqlite:///{tmp_path / db}"
        self.store = Store(self.url)
        self.hub = Hub(self.store, bot_pace=0)
        self.conns: list[Conn] = []

    def close(self) -> None:
        self.store.close()

    async def table(self, game: str, options: dict[str, Any], *, seed: int = 1, humans: int | None = None,
                    start: bool = True, **extra: Any) -> tuple[str, str, list[str]]:
        """A table with `humans` players joined (every seat by default), started unless told: (id, host, tokens)."""
        made = await self.hub.create({"game": game, "options": options, "seed": seed, "practice": True, **extra})
        table, host = made["table"], made["host_token"]
        count = made["seats"] if humans is None else humans
        tokens = [(await self.hub.join(table, {"name": f"p{i}"}))["token"] for i in range(count)]
        if start:
            await self.hub.start(table, host)
        return table, host, tokens

    async def connect(self, table: str, token: str | None = None) -> Conn:
        """A new connection (a spectator until it says hello with a token)."""
        got: list[dict[str, Any]] = []  # each message as the socket would carry it (JSON and back)
        conn = Conn(Client(send=lambda m: got.append(json.loads(json.dumps(m))), table=table,
                           bucket=TokenBucket(1e9, 1e9)), got)
        live = await self.hub.live(table)
        await self.hub.connect(live, conn.client)
        await self.hub.send_to(live, conn.client)
        if token is not None:
            await self.say(conn, {"type": "hello", "token": token})
        self.conns.append(conn)
        return conn

    async def say(self, conn: Conn, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """Send one message; the messages this connection got in answer."""
        before = len(conn.got)
        assert await self.hub.handle(conn.client, json.dumps(msg))
        return conn.got[before:]

    async def live(self, table: str) -> Live:
        return await self.hub.live(table)

    async def play_random(self, table: str, steps: int, rng: random.Random, *, until: Any = None) -> None:
        """Play up to `steps` random legal actions (for whichever seat is to move), stopping early at the end of
        the game or when `until(state)` holds."""
        live = await self.live(table)
        for _ in range(steps):
            assert live.match is not None
            state = live.match.state
            if state.is_over() or (until is not None and until(state)):
                return
            seat = next(s for s in state.to_move() if s != CHANCE)
            action = str(rng.choice(state.legal_actions(seat)))
            await self.hub.commit(live, seat, live.version, action)

    async def snapshot(self, table: str) -> tuple[int, str, list[tuple[int, int, str]]]:
        """The table's version, state digest and stored actions: what must not move when a message is refused."""
        live = await self.live(table)
        assert live.match is not None
        return live.version, state_digest(live.match.state), self.store.actions(table)


def to_move(live: Live) -> list[int]:
    assert live.match is not None
    return [s for s in live.match.state.to_move() if s != CHANCE]


def secrets_in(text: str, secrets: list[str]) -> list[str]:
    """The secrets (tokens, or their stored hashes) that appear in `text`."""
    return [s for s in secrets if s and s in text]


def over_and_playing(tmp_path: Path, db: str, game: str, options: dict[str, Any], *, seed: int, steps: int,
                     rng: int) -> tuple[str, str, str]:
    """A SQLite database holding a `game` table played to its end (random actions from `Random(rng)`, at most
    `steps`) and a 2-player Fuji table 6 actions into play: (url, over, playing)."""
    rig = Rig(tmp_path, db=db)

    async def body() -> tuple[str, str]:
        over, _, _ = await rig.table(game, options, seed=seed)
        await rig.play_random(over, steps, random.Random(rng))
        live = await rig.live(over)
        assert live.match is not None and live.match.state.is_over() and live.row.status == "over"
        playing, _, _ = await rig.table("fuji", {"players": 2}, seed=seed)
        await rig.play_random(playing, 6, random.Random(1))
        return over, playing

    try:
        over, playing = asyncio.run(body())
    finally:
        rig.close()
    return rig.url, over, playing
