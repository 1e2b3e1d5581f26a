"""Crash recovery (issue 13 §2): the server is killed with SIGKILL 20 times, each after a seeded number of
acknowledged actions and a random pause (so the amount of play does not depend on the machine's speed), while bots
and scripted clients play several tables; after each kill the database holds every action the server acknowledged,
and every table replays; after each restart every table is served again and play goes on.

The scripted clients reconnect with their token when their connection drops and go on playing. An action counts
as acknowledged when the state message carrying its `ack` arrived: the server tells nobody of an action before it
is committed, so each acknowledged action must be in the database, at the version it was played at. Finally,
every message any client received (before or after any crash) must be that seat's `observe` of the stored game
at the message's version: nothing a client was shown was lost.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from outlast.core import Match, load_game
from outlast.server import Store

from .harness import Player, Server
from .play import PACE, check_messages, replayed

KILLS = 20
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("fuji", {"players": 3}, 2),  # (game, options, scripted players); the other seats are bots
    ("robinson", {"players": 2}, 0),
    ("discover", {"players": 2, "day_cap": 10}, 1),
]


@dataclass
class Seat:
    """A scripted player that survives the server's crashes: it reconnects with its token and plays on."""

    server: Server
    table: str
    seat: int
    token: str
    rng: random.Random
    acks: list[tuple[int, str, int]] = field(default_factory=list)
    """(the version the action was sent at, its text, the version of the state that acknowledged it)"""
    received: list[dict[str, Any]] = field(default_factory=list)
    connections: int = 0
    sent: int = 0

    async def run(self) -> None:
        """Play to the end of the game, reconnecting whenever the connection drops."""
        while True:
            try:
                player = Player(self.server.ws_url(self.table), self.token)
                player.received = self.received
                async with player:
                    self.connections += 1
                    if await self._play(player):
                        return
            except (OSError, websockets.WebSocketException, TimeoutError):
                await asyncio.sleep(0.05)  # the server is down (or starting): try again

    async def _play(self, player: Player) -> bool:
        """Answer every state that offers this seat actions; True once the game is over. An action refused as
        stale is followed by one chosen from the newest state, which may have arrived before the refusal."""
        waiting: tuple[int, int, str] | None = None  # (id, version sent at, text) of the action in flight
        latest: dict[str, Any] | None = None  # the newest state of this seat
        while True:
            msg = await player.recv(60.0)  # longer than play_on's wait: a stall fails the test
            if msg["type"] == "rejected" and waiting is not None and msg["id"] == waiting[0]:
                waiting = None
            elif msg["type"] == "state" and msg["seat"] == self.seat:
                if waiting is not None and msg.get("ack") == waiting[0]:
                    self.acks.append((waiting[1], waiting[2], msg["version"]))
                    waiting = None
                if msg["status"] == "over":
                    return True
                latest = msg
            else:
                continue
            if latest is not None and latest["legal"] and waiting is None:
                await asyncio.sleep(PACE * self.rng.random())
                self.sent += 1
                action = self.rng.choice(latest["legal"])
                await player.send({"type": "act", "version": latest["version"], "action": action, "id": self.sent})
                waiting = (self.sent, latest["version"], action)


@dataclass
class Table:
    id: str
    game: str
    seats: list[Seat]
    tasks: list[asyncio.Task[None]]
    status: str = "playing"
    version: int = 0
    progress: int = 0
    served_over: bool = False
    """How many times the stored version had moved on since the kill before."""


def open_table(server: Server, game: str, options: dict[str, Any], humans: int, seed: int) -> Table:
    """Open a table with `humans` scripted players and bots in the other seats, start it and start its players."""
    table, host = server.table(game, options, seed=seed)
    joined = [server.join(table, f"player {i}") for i in range(humans)]
    for seat in range(humans, len(server.get(f"/api/tables/{table}").json()["seats"])):
        assert server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "heuristic"}, host).status_code == 200
    assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
    seats = [Seat(server, table, seat, token, random.Random(seed * 10 + seat)) for seat, token in joined]
    return Table(table, game, seats, [asyncio.get_running_loop().create_task(s.run()) for s in seats])


def stored_match(store: Store, table: str) -> tuple[Any, Match, list[tuple[int, int, str]]]:
    """The stored row of a table, its match rebuilt from the stored actions, and those actions."""
    row = store.table(table)
    actions = store.actions(table)
    match = Match.start(load_game(row.game), row.seed, row.options)
    for _, seat, text in actions:
        match.play(text, seat)
    return row, match, actions


def check_database(url: str, tables: list[Table]) -> None:
    """With the server dead: every table replays from its stored actions, its status agrees with the game, and
    every action any client saw acknowledged is stored, by its seat, at the version it was played at. A table
    already found over is only checked to be unchanged."""
    with Store(url) as store:
        for table in tables:
            if table.status == "over":
                row = store.table(table.id)
                assert (row.status, row.version) == ("over", table.version), f"{table.id} changed after its end"
                continue
            row, match, actions = stored_match(store, table.id)
            assert row.version == len(actions), f"{table.id}: version {row.version}, {len(actions)} actions"
            assert [a[0] for a in actions] == list(range(1, len(actions) + 1))
            assert row.status == ("over" if match.state.is_over() else "playing"), (table.id, row.status)
            table.progress += row.version > table.version
            table.status, table.version = row.status, row.version
            for seat in table.seats:
                for at, text, acked in seat.acks:
                    assert acked <= row.version, f"{table.id}: version {acked} was acknowledged, {row.version} kept"
                    assert actions[at][1:] == (seat.seat, text), f"{table.id}: acknowledged {text!r} is lost"


def check_served(server: Server, tables: list[Table]) -> None:
    """With the server back: every table is served from its stored version on (its bots may have played on
    since), the ones in play listed in the lobby. A table already served as over is not asked again."""
    listed = {t["table"] for t in server.get("/api/tables").json()}
    for table in tables:
        if table.served_over:
            continue
        table.served_over = table.status == "over"
        entry = server.get(f"/api/tables/{table.id}").json()
        assert entry["version"] >= table.version
        assert entry["status"] == table.status or entry["status"] == "over"
        assert table.id in listed or entry["status"] == "over"  # read after the lobby: a status only goes on


def check_every_message(url: str, tables: list[Table]) -> int:
    """Every state message any client got is its seat's view of the stored game at that version."""
    checked = 0
    with Store(url) as store:
        for table in tables:
            row, _, actions = stored_match(store, table.id)
            doc = {"game": row.game, "seed": row.seed, "options": row.options,
                   "actions": [(seat, text, None) for _, seat, text in actions]}
            states = replayed(json.loads(json.dumps(doc)))
            for seat in table.seats:
                for who in (seat.seat, None):  # a reconnecting client reads as a spectator until its hello
                    mine = [m for m in seat.received if m.get("type") == "state" and m["seat"] == who]
                    checked += check_messages(states, who, mine)
    return checked


def acknowledged(tables: list[Table]) -> int:
    return sum(len(seat.acks) for table in tables for seat in table.seats)


async def play_on(slots: list[Table], actions: int, kill: int, timeout: float = 45.0) -> None:
    """Wait until the scripted players have `actions` more actions acknowledged, or every scripted game is over.

    Play between kills is counted in actions, not seconds, so a slow machine plays as much as a fast one; the
    timeout catches a restarted server, or a client, that stops play (a client gives up on a silent connection
    only after 60 s, so a stall is not hidden by reconnecting)."""
    target = acknowledged(slots) + actions
    deadline = asyncio.get_running_loop().time() + timeout
    while acknowledged(slots) < target:
        if all(task.done() for table in slots for task in table.tasks):
            return
        assert asyncio.get_running_loop().time() < deadline, (
            f"{'no restart' if kill == 0 else f'restart {kill}'}: {acknowledged(slots) - target + actions} "
            f"of {actions} actions acknowledged in {timeout:.0f} s"
        )
        await asyncio.sleep(0.02)


async def crash_and_recover(url: str, tmp_path: Path, seed: int, kills: int, lease: float | None) -> list[Table]:
    """Play the tables of `TABLES` (a finished one gets a successor) and kill the server `kills` times, each after
    6 to 16 acknowledged actions and a random pause (so a kill may land mid-commit), checking the database after
    each kill and the server after each restart. Returns every table."""
    rng = random.Random(seed)
    server = Server(url, bot_pace=0.1, lease=lease, log=tmp_path / "server.log")
    await asyncio.to_thread(server.start)
    tables: list[Table] = []
    try:
        slots = [open_table(server, *spec, seed=i + 1) for i, spec in enumerate(TABLES)]
        tables.extend(slots)
        for kill in range(kills + 1):
            await play_on(slots, rng.randint(6, 16), kill)
            await asyncio.sleep(rng.uniform(0.0, 0.5))  # then kill at a random moment, maybe mid-commit
            server.kill()
            await asyncio.to_thread(check_database, url, tables)
            if kill == kills:
                break
            await asyncio.to_thread(server.start)
            await asyncio.to_thread(check_served, server, tables)
            for i, table in enumerate(slots):
                if table.status == "over":  # keep every game going: a finished table gets a successor
                    slots[i] = open_table(server, *TABLES[i], seed=100 * (kill + 1) + i)
                    tables.append(slots[i])
    finally:
        for table in tables:
            for task in table.tasks:
                task.cancel()
        await asyncio.gather(*(t for table in tables for t in table.tasks), return_exceptions=True)
        server.kill()
    return tables


def crash_test(url: str, tmp_path: Path, seed: int, kills: int, lease: float | None = None) -> None:
    tables = asyncio.run(crash_and_recover(url, tmp_path, seed, kills, lease))
    seats = [s for t in tables for s in t.seats]
    assert sum(s.connections - 1 for s in seats) >= kills  # the scripted players were cut off and came back
    assert sum(len(s.acks) for s in seats) >= 6 * kills  # play_on waits for 6 to 16 between kills
    assert sum(t.progress for t in tables) >= 2 * kills  # the games went on after the restarts
    assert sum(t.progress for t in tables if t.game == "robinson") >= kills // 2  # the bots' too, at once
    assert check_every_message(url, tables) > 10 * kills


def test_sigkill_twenty_times_on_sqlite(tmp_path: Path) -> None:
    """On SQLite, with the default bot lease of 10 s: a restarted server drives its bots at once."""
    crash_test(f"sqlite:///{tmp_path / 'crash.db'}", tmp_path, seed=13, kills=KILLS)


def test_sigkill_on_postgresql(tmp_path: Path, pg_url: str) -> None:
    """On PostgreSQL a restarted process is a new lease owner: its bots wait for the dead one's lease (1 s)."""
    crash_test(pg_url, tmp_path, seed=14, kills=6, lease=1.0)
