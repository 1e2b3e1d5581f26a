"""Hidden information on the server (issue 23 §1–2): a table's seed and drawn copy stay secret, a host-chosen
seed makes a labelled practice table, and a kicked player is out on every process."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from outlast.games.discover.generator import copy_id_for
from outlast.server import Hub, HubError, Store

from .harness import Player, Server

GAMES = {"fuji": {"players": 2}, "robinson": {"players": 2}, "discover": {"players": 2}}


async def _play_a_little(server: Server, table: str, tokens: list[str], moves: int) -> list[str]:
    """Two players and a spectator connect and the players make `moves` random moves: every text they got."""
    texts: list[str] = []
    players = [Player(server.ws_url(table), t) for t in tokens] + [Player(server.ws_url(table))]
    for p in players:
        await p.__aenter__()
    try:
        for p in players:
            await p.drain(0.3)
        rng = random.Random(1)
        for _ in range(moves):
            mover = next((p for p in players[:2] if p.last_state and p.last_state["legal"]), None)
            if mover is None or mover.last_state is None or mover.last_state["status"] == "over":
                break
            state = mover.last_state
            await mover.send({"type": "act", "version": state["version"], "action": rng.choice(state["legal"]),
                              "id": 1})
            await asyncio.sleep(0.06)
            for p in players:
                await p.drain(0.1)
    finally:
        for p in players:
            await p.__aexit__()
    texts += [json.dumps(m) for p in players for m in p.received]
    return texts


def test_a_new_tables_seed_has_128_secret_bits_and_no_client_ever_sees_it(tmp_path: Path) -> None:
    """§1: the seed a server stores for a new table is a wide secret seed (128 random bits), different for every
    table, and appears in nothing a client is sent: lobby, table, chat, websocket states of players and spectators.
    A Discover table's copy is drawn in secret too: its seed is nowhere, only the copy id it leads to."""
    db = f"sqlite:///{tmp_path / 'secret.db'}"
    with Server(db, log=tmp_path / "server.log") as server:
        texts: list[str] = [server.get("/api/games").text]
        tables = []
        for game, options in GAMES.items():
            made = server.post("/api/tables", {"game": game, "options": options})
            assert made.status_code == 200, made.text
            table, host = made.json()["table"], made.json()["host_token"]
            tokens = [server.join(table, f"p{i}")[1] for i in range(2)]
            assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
            texts += asyncio.run(_play_a_little(server, table, tokens, 12))
            texts += [server.get(p).text for p in ("/api/tables", f"/api/tables/{table}",
                                                    f"/api/tables/{table}/chat")]
            tables.append(table)
    with Store(db) as store:
        rows = [store.table(t) for t in tables]
    seeds = [row.seed for row in rows]
    assert len(set(seeds)) == len(seeds)
    assert all(1 << 128 <= seed < 1 << 129 for seed in seeds)  # 128 random bits below the top one
    discover = next(row for row in rows if row.game == "discover")
    assert discover.secret_options == ("copy",) and discover.content_id == copy_id_for(discover.options["copy"])
    secret_words = [str(s) for s in seeds] + [format(s, "x") for s in seeds] + [str(discover.options["copy"])]
    everything = "\n".join(texts)
    assert [w for w in secret_words if w in everything] == []
    assert discover.content_id in everything  # the copy id is what the table shows
    assert sum('"type": "state"' in t for t in texts) > 20


def test_a_seed_is_named_only_for_a_practice_table_which_everyone_sees(tmp_path: Path) -> None:
    """§1: a host-chosen seed lets the host foresee every hidden outcome: refused unless the table is a practice
    table, which the lobby and the table's own entry label for everyone."""
    with Server(f"sqlite:///{tmp_path / 'practice.db'}") as server:
        for body in ({"game": "fuji", "seed": 5}, {"game": "fuji", "seed": 5, "practice": False}):
            refused = server.post("/api/tables", body)
            assert refused.status_code == 400 and refused.json()["error"] == "seed_refused"
            assert "practice" in refused.json()["message"]
        assert server.get("/api/tables").json() == []
        made = server.post("/api/tables", {"game": "fuji", "seed": 5, "practice": True}).json()
        plain = server.post("/api/tables", {"game": "fuji"}).json()
        listed = {t["table"]: t for t in server.get("/api/tables").json()}
        assert listed[made["table"]]["practice"] is True and listed[plain["table"]]["practice"] is False
        assert [label["kind"] for label in listed[made["table"]]["labels"]] == ["practice"]
        assert listed[plain["table"]]["labels"] == []
        entry = server.get(f"/api/tables/{made['table']}").json()
        assert "foresee" in entry["labels"][0]["text"]


def test_a_discover_copy_is_secret_unless_the_host_names_it_and_then_that_is_shown(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 'copies.db'}") as server:
        secret = [server.post("/api/tables", {"game": "discover", "options": {"players": 1}}).json()["table"]
                  for _ in range(2)]
        chosen = server.post("/api/tables", {"game": "discover", "options": {"players": 1, "copy": 7}}).json()
        entries = [server.get(f"/api/tables/{t}").json() for t in secret]
        assert all("copy" not in e["options"] for e in entries)
        assert entries[0]["content_id"] != entries[1]["content_id"]
        assert all([label["kind"] for label in e["labels"]] == ["secret"] for e in entries)
        assert entries[0]["content_id"] in entries[0]["labels"][0]["text"]
        shown = server.get(f"/api/tables/{chosen['table']}").json()
        assert shown["options"]["copy"] == 7 and shown["content_id"] == copy_id_for(7)
        assert [label["kind"] for label in shown["labels"]] == ["chosen"]
        games = {g["name"]: g for g in server.get("/api/games").json()}
        assert [o["name"] for o in games["discover"]["options"] if o["secret"]] == ["copy"]


def test_a_kicked_player_is_closed_on_every_process_and_cannot_act_for_the_next(tmp_path: Path, pg_url: str) -> None:
    """§2: two `outlast serve` processes on one PostgreSQL database. Ann plays through process B; the host kicks
    her through process A and Cy takes her seat. B closes Ann's socket (close code 4403 after a `seat_lost`
    error): she reads no more of the seat's private view and cannot make Cy's move."""
    a = Server(pg_url, log=tmp_path / "a.log").start()
    b = Server(pg_url, log=tmp_path / "b.log").start()
    try:
        table, host = a.table("fuji", {"players": 2}, seed=3)
        ann = a.join(table, "Ann")[1]
        a.join(table, "Bob")
        assert a.post(f"/api/tables/{table}/start", None, host).status_code == 200
        with Store(pg_url) as store:
            dealt = store.actions(table)

        async def run() -> tuple[list[dict[str, Any]], int | None]:
            async with websockets.connect(b.ws_url(table)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": ann}))
                got: list[dict[str, Any]] = []
                while not any(m.get("type") == "state" and m.get("seat") == 0 for m in got):
                    got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                state = got[-1]
                assert a.post(f"/api/tables/{table}/seats/0/kick", None, host).status_code == 200
                assert a.join(table, "Cy", seat=0)[0] == 0
                code = None
                try:
                    while True:
                        got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                        if state["legal"]:  # try Cy's move with Ann's old connection
                            await ws.send(json.dumps({"type": "act", "version": state["version"],
                                                      "action": state["legal"][0], "id": 9}))
                except websockets.ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd else None
                return got, code

        got, code = asyncio.run(run())
        assert code == 4403
        kicked = next(i for i, m in enumerate(got) if m.get("type") == "error" and m["code"] == "seat_lost")
        assert not any(m.get("type") == "state" and m.get("seat") == 0 for m in got[kicked:])
        assert not any(m.get("ack") == 9 for m in got)
        with Store(pg_url) as store:
            assert store.actions(table) == dealt  # Ann's old connection stored nothing
    finally:
        a.stop()
        b.stop()


def test_a_seat_taken_over_on_another_process_is_refused_in_the_same_transaction(store_url: str) -> None:
    """§2, the race: process B has not yet heard of the kick (no NOTIFY read) when the old connection acts. The
    commit reads the seat's holder under the table's lock and refuses (`not_seated`); B then reads the seats
    again and closes that connection."""
    from .rig import Conn  # noqa: PLC0415 - the rig's connections stand for sockets here

    async def body() -> None:
        with Store(store_url) as one, Store(store_url) as two:
            hub_a, hub_b = Hub(one, bot_pace=0), Hub(two, bot_pace=0)
            made = await hub_a.create({"game": "fuji", "options": {"players": 2}, "seed": 3, "practice": True})
            table, host = made["table"], made["host_token"]
            ann = (await hub_a.join(table, {"name": "Ann"}))["token"]  # seat 0 plans at once with seed 3
            await hub_a.join(table, {"name": "Bob"})
            await hub_a.start(table, host)
            live_b = await hub_b.live(table)
            closed: list[int] = []
            got: list[dict[str, Any]] = []

            async def close(code: int) -> None:
                closed.append(code)

            from outlast.server.hub import Client, TokenBucket  # noqa: PLC0415
            conn = Conn(Client(send=lambda m: got.append(json.loads(json.dumps(m))), table=table,
                               bucket=TokenBucket(1e9, 1e9), close=close), got)
            await hub_b.connect(live_b, conn.client)
            assert await hub_b.handle(conn.client, json.dumps({"type": "hello", "token": ann}))
            assert conn.client.seat == 0
            await hub_a.kick(table, host, 0)
            await hub_a.join(table, {"name": "Cy", "seat": 0})
            assert live_b.match is not None
            legal = [str(x) for x in live_b.match.state.legal_actions(0)]
            before = two.actions(table)
            assert await hub_b.handle(conn.client, json.dumps({"type": "act", "version": live_b.version,
                                                               "action": legal[0], "id": 3}))
            assert two.actions(table) == before
            assert any(m["type"] == "error" and m["code"] == "not_seated" for m in got)
            assert closed == [4403] and conn.client.seat is None and conn.client not in live_b.clients
    asyncio.run(body())


def test_a_kick_on_this_process_closes_the_connection(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 'kick.db'}") as server:
        table, host = server.table("fuji", {"players": 2}, seed=3)
        ann = server.join(table, "Ann")[1]

        async def run() -> int | None:
            async with websockets.connect(server.ws_url(table)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": ann}))
                await asyncio.wait_for(ws.recv(), 10)
                assert server.post(f"/api/tables/{table}/seats/0/kick", None, host).status_code == 200
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 10)
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd else None
        assert asyncio.run(run()) == 4403


def test_a_seed_refused_changes_nothing(tmp_path: Path) -> None:
    async def body() -> None:
        with Store(f"sqlite:///{tmp_path / 'x.db'}") as store:
            hub = Hub(store, bot_pace=0)
            for bad in ({"game": "fuji", "seed": 3}, {"game": "fuji", "practice": 1},
                        {"game": "fuji", "options": ["players", 2]}):
                with pytest.raises(HubError) as refused:
                    await hub.create(bad)
                assert refused.value.status == 400
            assert store.list_tables(public_only=False) == []
    asyncio.run(body())


def _bots_game(server: Server, seed: int) -> list[str]:
    """A two-seat Fuji practice table on `seed` played to its end by two random bots: its exported action texts."""
    table, host = server.table("fuji", {"players": 2}, seed=seed)
    for seat in (0, 1):
        assert server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "random"}, host).status_code == 200
    assert server.post(f"/api/tables/{table}/start", None, host).json()["status"] == "playing"
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish a game in 120 s"
        time.sleep(0.2)
    saved = server.get(f"/api/tables/{table}/export").json()
    return [text for seat, text, _ in saved["actions"] if seat != -1]


def test_a_bots_choices_tell_nothing_of_the_tables_seed(tmp_path: Path) -> None:
    """§1: a random bot seeded from the table's seed made the same choices on every table of that seed, so what it
    did told an observer the seed's low bits. Bots draw from a secret generator: two tables of one seed, played by
    random bots alone, take different paths (their choices among the many legal ones differ)."""
    with Server(f"sqlite:///{tmp_path / 'bots.db'}") as server:
        first, second = _bots_game(server, 11), _bots_game(server, 11)
    assert first and second and first != second
