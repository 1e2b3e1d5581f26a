"""Whole games through a real `outlast serve` process, real websockets and a real database (issue 13).

Each game is played by scripted clients and server bots; afterwards the stored game is exported, replayed, and
every message each client received is checked against that seat's own `observe` at that version.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from outlast.core import Match

from .harness import Player, Server
from .play import check_messages, play_seat, replayed


def _whole_game(server: Server, game: str, options: dict[str, object], humans: int, bot: str) -> None:
    table, host = server.table(game, options, seed=7)
    tokens = [server.join(table, f"player {i}")[1] for i in range(humans)]
    seats = len(server.get(f"/api/tables/{table}").json()["seats"])
    for seat in range(humans, seats):
        assert server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": bot}, host).status_code == 200

    async def run() -> tuple[list[Player], Player]:
        players = [Player(server.ws_url(table), t) for t in tokens]
        spectator = Player(server.ws_url(table))
        async with spectator:
            for p in players:
                await p.__aenter__()
            try:
                await spectator.drain()
                assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
                ends = await asyncio.gather(*(play_seat(p, random.Random(i)) for i, p in enumerate(players)))
                assert all(e["status"] == "over" for e in ends)
                await spectator.until(lambda m: m.get("type") == "state" and m["status"] == "over")
            finally:
                for p in players:
                    await p.__aexit__()
        return players, spectator

    players, spectator = asyncio.run(run())
    doc = server.get(f"/api/tables/{table}/export").json()
    assert Match.from_json(doc).state.is_over()
    states = replayed(doc)
    for seat, p in enumerate(players):
        assert check_messages(states, seat, p.received) > 0
    assert check_messages(states, None, spectator.received) > 0


def test_a_whole_fuji_game_two_players_and_a_bot(store_url: str) -> None:
    """On SQLite and on PostgreSQL."""
    with Server(store_url) as server:
        _whole_game(server, "fuji", {"players": 3}, humans=2, bot="heuristic")


@pytest.mark.parametrize("game", ["robinson", "discover"])
def test_a_whole_game_of_each_other_game_with_a_player_and_bots(tmp_path: Path, game: str) -> None:
    with Server(f"sqlite:///{tmp_path / 's.db'}") as server:
        options: dict[str, object] = {"players": 2, "day_cap": 10} if game == "discover" else {"players": 2}
        _whole_game(server, game, options, humans=1, bot="heuristic")
