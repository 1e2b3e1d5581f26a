"""Nothing hidden leaves the server (issue 13 §3): every message of many games, checked seat by seat.

Games of each game are played through the hub (the code behind every websocket) by random players, with a
spectator watching. Every message each connection got is then checked against the stored game replayed to that
message's version: a `state` holds exactly the seat's own `observe`, its own legal actions and only events it may
see; no message to one seat holds another seat's token; no message of any kind holds another seat's view where
it differs from this seat's (the boardgame.io leaks #399 and #1159 sent the whole state to every client).
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from outlast.server.app import export_document
from outlast.server.hub import Client, Hub, TokenBucket
from outlast.server.store import Store

from .play import check_messages, replayed

GAMES = [("fuji", {"players": 3}), ("fuji", {"players": 4}), ("robinson", {"players": 2}),
         ("robinson", {"players": 3}), ("discover", {"players": 2, "day_cap": 10}),
         ("discover", {"players": 3, "scenario": "5", "day_cap": 10})]


async def _play(store: Store, game: str, options: dict[str, Any], seed: int) -> tuple[str, list[Any], list[str]]:
    """One game through the hub; returns its id, the messages of each seat (and the spectator's last), tokens."""
    hub = Hub(store, bot_pace=0)
    made = await hub.create({"game": game, "options": options, "seed": seed, "practice": True})
    table = made["table"]
    seats = made["seats"]
    tokens = [(await hub.join(table, {"name": f"p{i}"}))["token"] for i in range(seats)]
    live = await hub.live(table)
    inboxes: list[list[dict[str, Any]]] = [[] for _ in range(seats + 1)]
    clients = [Client(send=inboxes[i].append, table=table, bucket=TokenBucket(1e9, 1e9)) for i in range(seats + 1)]
    for i, c in enumerate(clients):
        await hub.connect(live, c)
        if i < seats:
            await hub.handle(c, json.dumps({"type": "hello", "token": tokens[i]}))
    await hub.start(table, made["host_token"])
    rng = random.Random(seed)
    assert live.match is not None
    while not live.over:
        state = live.match.state
        seat = rng.choice(state.to_move())
        text = str(rng.choice(state.legal_actions(seat)))
        await hub.handle(clients[seat], json.dumps({"type": "act", "version": live.version, "action": text}))
    return table, inboxes, tokens


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o['players']}" for g, o in GAMES])
def test_every_message_of_whole_games_is_the_seats_own_view(tmp_path: Path, game: str,
                                                             options: dict[str, Any]) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hidden.db'}")
    checked = 0
    for seed in (1, 2, 3):
        table, inboxes, tokens = asyncio.run(_play(store, game, options, seed))
        states = replayed(export_document(store, table))
        seats = len(tokens)
        for seat in range(seats + 1):
            who = seat if seat < seats else None
            checked += check_messages(states, who, inboxes[seat])
            text = json.dumps(inboxes[seat])
            for other, token in enumerate(tokens):
                assert token not in text, f"seat {other}'s token reached {'the spectator' if who is None else who}"
    store.close()
    assert checked > 100
