"""The server's own cost per action, without sockets: a `Hub` on a real SQLite file, N Fuji tables of 3 seats,
each seat a client whose `send` encodes the message as the websocket would (JSON text). Reports microseconds per
action spent in the hub (reading the message, the commit, the three seats' states; choosing the action is not
counted), and a cProfile table with --profile.

    .venv/bin/python benchmarks/hub_speed.py --tables 50 --actions 3000
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from outlast.server.hub import Client, Hub, TokenBucket
from outlast.server.protocol import encode
from outlast.server.store import Store


async def _setup(hub: Hub, tables: int) -> list[tuple[Any, list[Client]]]:
    out = []
    for i in range(tables):
        made = await hub.create({"game": "fuji", "options": {"players": 3}, "seed": 100 + i, "practice": True})
        table, host = made["table"], made["host_token"]
        tokens = [(await hub.join(table, {"name": f"p{s}"}))["token"] for s in range(3)]
        live = await hub.live(table)
        clients = []
        for s in range(3):
            c = Client(send=encode, table=table, bucket=TokenBucket(1e9, 1e9))
            await hub.connect(live, c)
            await hub.handle(c, json.dumps({"type": "hello", "token": tokens[s]}))
            clients.append(c)
        await hub.start(table, host)
        out.append((live, clients))
    return out


async def _play(hub: Hub, tables: list[tuple[Any, list[Client]]], actions: int, rng: random.Random) -> float:
    """Play `actions` actions round the tables; the seconds spent in the hub (choosing them is not counted)."""
    done, spent = 0, 0.0
    while done < actions:
        if all(live.match.state.is_over() for live, _ in tables):
            raise SystemExit(f"every game ended after {done} actions: ask for fewer --actions or more --tables")
        for live, clients in tables:
            state = live.match.state
            if state.is_over():
                continue
            seat = next(m for m in state.to_move() if m >= 0)
            text = rng.choice([str(a) for a in state.legal_actions(seat)])
            msg = json.dumps({"type": "act", "version": live.version, "action": text, "id": done})
            start = time.perf_counter()
            await hub.handle(clients[seat], msg)
            spent += time.perf_counter() - start
            done += 1
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sync", nargs="+", default=["FULL"], choices=["FULL", "NORMAL"],
                        help="SQLite's synchronous level (the server's is FULL); several: one run each, alternating "
                             "--rounds times, in this process")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    for _ in range(args.rounds):
        for sync in args.sync:
            per = _measure(args, sync)
            print(f"{args.tables} tables, synchronous={sync}: {per * 1e6:.0f} us per action ({1 / per:.0f} actions/s)",
                  flush=True)


def _measure(args: argparse.Namespace, sync: str) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'hub.db'}", sync=sync)

        async def run() -> float:
            hub = Hub(store, bot_pace=0)
            tables = await _setup(hub, args.tables)
            prof = cProfile.Profile() if args.profile else None
            if prof:
                prof.enable()
            spent = await _play(hub, tables, args.actions, random.Random(1))
            if prof:
                prof.disable()
                pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(35)
            return spent / args.actions

        per = asyncio.run(run())
        store.close()
    return per


if __name__ == "__main__":
    main()
