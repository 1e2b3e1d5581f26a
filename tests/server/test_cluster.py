"""Several server processes on one PostgreSQL database (issue 13 §4).

Two `outlast serve` processes share a database: the players of one table are connected to different processes
and play a whole game, each seeing every change the other process committed (LISTEN/NOTIFY) and nothing hidden.
A table's bots run in one process at a time (the lease in the database); when that process is killed, the other
process, which never loaded the table, finds it and finishes the game once the lease has run out.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from outlast.core import Match
from outlast.server import Store

from .harness import Player, Server
from .play import check_messages, play_seat, replayed

LEASE = 1.0
"""The bot lease of the servers of these tests (`--bot-lease`; 10 s by default), so that a takeover is quick."""


def check_all(states: list[Any], seat: int | None, received: list[dict[str, Any]]) -> int:
    """check_messages on every state message, whatever seat it was built for (a connection reads as a
    spectator until its hello is answered), and its status is the game's."""
    for m in received:
        if m.get("type") == "state":
            assert m["seat"] in (seat, None)
            assert m["status"] == ("over" if states[m["version"]].is_over() else "playing"), m["version"]
    return sum(check_messages(states, who, [m for m in received if m.get("type") == "state" and m["seat"] == who])
               for who in {seat, None})


def test_a_whole_game_with_the_players_on_two_processes(tmp_path: Path, pg_url: str) -> None:
    """Fuji for three: a player on each process and a bot; both processes serve every change of the other."""
    a = Server(pg_url, bot_pace=0.05, lease=LEASE, log=tmp_path / "a.log").start()
    b = Server(pg_url, bot_pace=0.05, lease=LEASE, log=tmp_path / "b.log").start()
    try:
        table, host = a.table("fuji", {"players": 3}, seed=5)
        tokens = [a.join(table, "on a")[1], b.join(table, "on b")[1]]
        assert b.post(f"/api/tables/{table}/seats/2/bot", {"bot": "heuristic"}, host).status_code == 200

        async def run() -> list[Player]:
            clients = [Player(a.ws_url(table), tokens[0]), Player(b.ws_url(table), tokens[1]),
                       Player(a.ws_url(table)), Player(b.ws_url(table))]
            for c in clients:
                await c.__aenter__()
            try:
                await asyncio.gather(*(c.drain() for c in clients))
                assert a.post(f"/api/tables/{table}/start", None, host).status_code == 200
                ends = await asyncio.gather(*(play_seat(c, random.Random(i)) for i, c in enumerate(clients[:2])))
                assert all(e["status"] == "over" for e in ends)
                for spectator in clients[2:]:
                    await spectator.until(lambda m: m.get("type") == "state" and m["status"] == "over")
            finally:
                for c in clients:
                    await c.__aexit__()
            return clients

        clients = asyncio.run(run())
        doc = a.get(f"/api/tables/{table}/export").json()
        assert b.get(f"/api/tables/{table}/export").json() == doc
    finally:
        a.stop()
        b.stop()
    assert Match.from_json(doc).state.is_over()
    states = replayed(doc)
    for seat, client in zip((0, 1, None, None), clients, strict=True):
        assert check_all(states, seat, client.received) > 10
        assert [m for m in client.received if m["type"] == "rejected" and m["code"] != "stale"] == []
    moves = {seat for seat, _, _ in doc["actions"]}
    assert {0, 1, 2} <= moves  # both players and the bot acted


def wait_for(what: str, test: Any, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout} s")


def test_bots_run_in_one_process_and_a_killed_process_bots_are_taken_over(tmp_path: Path, pg_url: str) -> None:
    """Process A drives a bots-only table; B, also serving it, never takes the lease while A lives. A is
    killed: B's watch finds the table once A's lease has run out and its bots finish the game. A second
    bots-only table that B never loaded is found and finished by B as well."""
    a = Server(pg_url, bot_pace=0.05, lease=LEASE, log=tmp_path / "a.log").start()
    b = Server(pg_url, bot_pace=0.05, lease=LEASE, log=tmp_path / "b.log").start()
    store = Store(pg_url)
    try:
        tables = []
        for seed in (3, 4):
            table, host = a.table("robinson", {"players": 2}, seed=seed)
            for seat in (0, 1):
                assert a.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "heuristic"}, host).status_code == 200
            assert a.post(f"/api/tables/{table}/start", None, host).status_code == 200
            tables.append(table)
        watched = tables[0]
        assert b.get(f"/api/tables/{watched}").status_code == 200  # B serves it too (and follows it)
        owner_a = wait_for("A drives the bots", lambda: store.lease(watched)[0])
        for _ in range(20):  # while A lives, only A drives: its lease never passes to B
            assert store.lease(watched)[0] == owner_a
            time.sleep(2 * LEASE / 20)
        assert store.table(watched).status == "playing", "the game ended too soon to test a takeover"
        a.kill()
        killed_at = {t: store.table(t).version for t in tables}
        for table in tables:
            wait_for(f"B finishes table {tables.index(table)}", lambda t=table: store.table(t).status == "over")
            assert store.lease(table)[0] not in ("", owner_a)
            assert store.table(table).version > killed_at[table]
        docs = [b.get(f"/api/tables/{t}/export").json() for t in tables]
    finally:
        store.close()
        a.kill()
        b.stop()
    for doc in docs:
        assert Match.from_json(doc).state.is_over()
