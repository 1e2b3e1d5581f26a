"""Hostile and malformed messages change nothing and crash nothing (issue 13 §3).

10,000+ malformed messages go to a table in play through the hub (the code behind every websocket), each one
answered with an error or a rejection while the table's version and state digest stay as they were; a few
hundred more go over a real websocket to a real server process, which keeps serving.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from outlast.core import state_digest
from outlast.server.hub import Client, Hub, TokenBucket
from outlast.server.protocol import MAX_MESSAGE, ProtocolError, parse_client
from outlast.server.store import Store

from .harness import Player, Server

NASTY: list[Any] = [
    "", " ", "null", "[]", "{}", "1", "\"act\"", "{\"type\":null}", "{\"type\":\"act\"}", "{\"type\":\"ACT\"}",
    "{\"type\":\"act\",\"version\":\"0\",\"action\":\"x\"}", "{\"type\":\"act\",\"version\":-1,\"action\":\"x\"}",
    "{\"type\":\"act\",\"version\":1e3,\"action\":\"x\"}", "{\"type\":\"act\",\"version\":true,\"action\":\"x\"}",
    "{\"type\":\"act\",\"version\":0,\"action\":\"\"}", "{\"type\":\"act\",\"version\":0,\"action\":[\"x\"]}",
    "{\"type\":\"act\",\"version\":0,\"action\":\"x\",\"seat\":1}", "{\"type\":\"hello\",\"token\":\"short\"}",
    "{\"type\":\"hello\",\"token\":12345678}", "{\"type\":\"chat\",\"text\":\"\"}", "{\"type\":\"chat\"}",
    "{\"type\":\"undo\",\"version\":99999999999999999999999}", "{\"type\":\"ping\",\"x\":1}",
    "{\"type\":\"act\",\"version\":NaN,\"action\":\"x\"}", "{\"type\":\"act\",\"version\":Infinity,\"action\":\"x\"}",
    "[" * 5000 + "]" * 5000, "{\"a\":" * 3000 + "1" + "}" * 3000, "\"" + "x" * (MAX_MESSAGE + 10) + "\"",
    "{\"type\":\"chat\",\"text\":\"" + "y" * 600 + "\"}", b"\xff\xfe\x00\x01", b"\xc3\x28", "\ud800",
    "{\"type\":\"act\",\"version\":0,\"action\":\"\\u0000\"}", "{\"type\":\"act\",\"version\":0,\"action\":\"go\"}",
]


def _mutants(rng: random.Random, version: int, legal: set[str], n: int) -> list[Any]:
    """`n` messages, each malformed or not allowed: broken JSON, wrong types, stale versions, illegal texts."""
    good = [{"type": "act", "version": version, "action": "pass"}, {"type": "undo", "version": version},
            {"type": "hello", "token": "x" * 20}, {"type": "chat", "text": "hello"}]
    out: list[Any] = []
    while len(out) < n:
        base = json.dumps(rng.choice(good))
        kind = rng.randrange(8)
        if kind == 0:  # a cut
            out.append(base[: rng.randrange(len(base))])
        elif kind == 1:  # flipped characters
            chars = list(base)
            for _ in range(rng.randint(1, 4)):
                chars[rng.randrange(len(chars))] = chr(rng.randrange(0x20, 0x7f))
            out.append("".join(chars))
        elif kind == 2:  # random bytes
            out.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 60))))
        elif kind == 3:  # a field of the wrong type
            doc = json.loads(base)
            key = rng.choice(sorted(doc))
            doc[key] = rng.choice([None, 1.5, [], {}, "", -7, 2 ** 70, True, "x" * 900])
            out.append(json.dumps(doc))
        elif kind == 4:  # an extra field
            doc = json.loads(base)
            doc[rng.choice(["seat", "token", "admin", "__proto__", "view"])] = rng.randrange(9)
            out.append(json.dumps(doc))
        elif kind == 5:  # a stale or future version
            out.append(json.dumps({"type": "act", "version": version + rng.choice([-1, 1, 5, 1000]),
                                   "action": rng.choice(sorted(legal) or ["pass"])}))
        elif kind == 6:  # an action text the rules refuse now
            text = "".join(rng.choice("abcdefg 0123456789") for _ in range(rng.randint(1, 30)))
            if text.strip() and " ".join(text.split()) not in legal:
                out.append(json.dumps({"type": "act", "version": version, "action": text}))
        else:
            out.append(rng.choice(NASTY))
    return out


@pytest.mark.parametrize("raw", NASTY)
def test_parse_client_refuses_each_nasty_message_with_a_protocol_error(raw: Any) -> None:
    try:
        msg = parse_client(raw)
    except ProtocolError as exc:
        assert exc.code in {"malformed", "too_large"} and exc.message
    else:  # only a well-formed message may pass the schema; the hub then refuses its meaning
        assert msg.type in {"act", "chat", "hello"}


def test_ten_thousand_malformed_messages_change_nothing(tmp_path: Path) -> None:
    async def run() -> int:
        store = Store(f"sqlite:///{tmp_path / 'fuzz.db'}")
        hub = Hub(store, bot_pace=0)
        made = await hub.create({"game": "fuji", "options": {"players": 3}, "seed": 3, "practice": True})
        table, host = made["table"], made["host_token"]
        tokens = [(await hub.join(table, {"name": f"p{i}"}))["token"] for i in range(3)]
        await hub.start(table, host)
        live = await hub.live(table)
        sent: list[dict[str, Any]] = []
        seated = Client(send=sent.append, table=table, bucket=TokenBucket(1e9, 1e9))
        spectator = Client(send=sent.append, table=table, bucket=TokenBucket(1e9, 1e9))
        await hub.connect(live, seated)
        await hub.connect(live, spectator)
        await hub.handle(seated, json.dumps({"type": "hello", "token": tokens[0]}))
        assert live.match is not None
        version, digest = live.version, state_digest(live.match.state)
        legal = {str(a) for a in live.match.state.legal_actions(0)} if 0 in live.match.state.to_move() else set()
        messages = _mutants(random.Random(13), version, legal, 10_000) + NASTY
        for i, raw in enumerate(messages):
            sent.clear()
            assert await hub.handle(seated if i % 3 else spectator, raw)
            replies = [m["type"] for m in sent]
            assert set(replies) <= {"error", "rejected", "state", "welcome", "pong", "chat"}, (raw, sent)
            assert live.version == version, f"message {i} changed the table: {raw!r}"
            if i % 250 == 0:
                assert state_digest(live.match.state) == digest
        assert state_digest(live.match.state) == digest
        stored = [(seat, text) for _, seat, text in store.actions(table)]
        assert stored == [(e.seat, e.text) for e in live.match.history]
        store.close()
        return len(messages)

    assert asyncio.run(run()) >= 10_000


def test_a_real_server_answers_garbage_over_a_websocket_and_keeps_serving(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 's.db'}") as server:
        table, host = server.table("fuji", {"players": 3})
        _, token = server.join(table, "ann")
        for seat in (1, 2):
            server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "heuristic"}, host)
        assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200

        async def run() -> None:
            async with Player(server.ws_url(table), token) as p:
                await p.until(lambda m: m["type"] == "welcome")
                rng = random.Random(5)
                for raw in _mutants(rng, 0, set(), 60):
                    await asyncio.sleep(0.12)  # within the rate limit of 20 messages a second
                    await p.send(raw)
                    await p.send({"type": "ping"})
                    reply = await p.recv()
                    while reply["type"] != "pong":
                        assert reply["type"] in {"error", "rejected", "state", "welcome", "seats", "chat"}, reply
                        reply = await p.recv()
            async with Player(server.ws_url(table)) as flood:  # a flood is refused, then its socket closed
                await flood.drain()
                for _ in range(300):
                    await flood.send({"type": "ping"})
                kinds = []
                with pytest.raises(Exception):  # noqa: B017 - the close arrives as the websockets library's error
                    while True:
                        kinds.append((await flood.recv(5)).get("code"))
                assert "rate_limited" in kinds
            async with Player(server.ws_url(table)) as big:  # a frame over the server's limit closes that socket
                await big.drain()
                await big.send("x" * 100_000)
                with pytest.raises(Exception):  # noqa: B017 - the close arrives as the websockets library's error
                    await big.recv(5)

        asyncio.run(run())
        assert server.get(f"/api/tables/{table}").status_code == 200
