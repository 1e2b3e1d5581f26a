"""Load on `outlast serve`: N tables of scripted players acting as fast as the server answers.

    .venv/bin/python benchmarks/server_load.py                         # 50, 200 and 500 tables; writes benchmarks/server_load.md
    .venv/bin/python benchmarks/server_load.py --tables 20 --seconds 5 --out /tmp/load.md

A real server process (SQLite in a temporary folder, no rate limit that could slow the players, and none of the
per-client limits: every player and every table comes from the one address 127.0.0.1) and one client
process of plain asyncio websocket clients, both on 127.0.0.1 and sharing this machine. Each table is a Fuji game
of 3 seats, each seat a scripted player: once its newest state offers actions it thinks for a while (`--think`,
0.3 s by default, the pace of the server's own bots, drawn from 0.5 to 1.5 times that so that three players
are not in step), keeps reading meanwhile, and then sends a random legal action of the newest state it has,
with one action in flight. In Fuji's phases where every seat acts, the three do so at about the same time, so
some actions lose the race and are rejected as stale (counted per second). A round trip is the time from
sending an action to receiving the state that acknowledges it (`ack`). Every table is opened and started before
the measuring window, which starts `--warmup` seconds (10) after the last one, once the tables' games have
drifted out of step (they all start in the same phase, so at first their players act in waves). A table whose
game ends is replaced by a new one, opened through the lobby as the first was, so that N tables are in play
throughout: that lobby traffic is part of the load, while its own requests are not timed. The client does not
collect garbage inside the window (its pauses would count as the server's).

The reference, measured in the same run: a bare websocket echo server under the same uvicorn, with the same
number of connections sending a message of the same size and waiting for it back. It is the floor: what the
transport, the event loop and JSON cost before any rule runs or any row is written.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from server.harness import Server, free_port  # noqa: E402

NO_CLIENT_LIMITS = ("--request-limit", "0", "--table-limit", "0", "--open-table-limit", "0", "--join-limit", "0",
                    "--socket-limit", "0")
"""`outlast serve`'s per-client limits turned off: the benchmark opens hundreds of tables and sockets from one
address, which the defaults refuse (docs/server.md, Security)."""

ECHO = '''
import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
app = FastAPI()
@app.websocket("/echo")
async def echo(ws: WebSocket) -> None:
    await ws.accept()
    try:
        while True:
            await ws.send_text(await ws.receive_text())
    except WebSocketDisconnect:
        pass
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", ws_max_size=1 << 20, ws_per_message_deflate=False)
'''


class Stats:
    """Round trips and actions counted inside the measuring window (`since` to `stop`)."""

    def __init__(self) -> None:
        self.trips: list[float] = []
        self.actions = 0
        self.games = 0
        self.stale = 0
        self.since = float("inf")
        self.stop = float("inf")

        self.cpu = 0.0
        """Seconds of CPU the server process spent inside the window (user and system)."""

    def line(self, seconds: float) -> dict[str, float]:
        trips = sorted(self.trips)
        q = statistics.quantiles(trips, n=100) if len(trips) >= 100 else [trips[-1]] * 99 if trips else [0.0] * 99
        return {"p50": statistics.median(trips) * 1000 if trips else 0.0, "p99": q[98] * 1000,
                "actions_s": self.actions / seconds, "games": self.games, "stale_s": self.stale / seconds,
                "busy": self.cpu / seconds, "cpu_per_action_us": self.cpu / max(1, self.actions) * 1e6}


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


THINK = [0.3]


async def _seat(url: str, token: str, rng: random.Random, stats: Stats) -> bool:
    """Play one seat until the game ends (True) or the window closes (False): once its newest state offers
    actions, it waits its thinking time (reading whatever arrives meanwhile), then picks from the newest state,
    as a player at a screen does."""
    async with websockets.connect(url, max_size=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        waiting: int | None = None  # the id of the action in flight
        sent, n, latest, due = 0.0, 0, None, None
        while time.monotonic() < stats.stop:
            now = time.monotonic()
            try:
                wait = (due if due is not None else stats.stop) - now
                msg = orjson.loads(await asyncio.wait_for(ws.recv(), max(0.001, min(60.0, wait))))
            except TimeoutError:
                msg = {"type": "tick"}
            if msg["type"] == "rejected" and msg.get("id") == waiting:
                waiting = None  # a stale act: the newest state is already here
                stats.stale += time.monotonic() >= stats.since
            elif msg["type"] == "state":
                latest = msg
                if waiting is not None and msg.get("ack") == waiting:
                    if sent >= stats.since:
                        stats.trips.append(time.monotonic() - sent)
                        stats.actions += 1
                    waiting = None
            if latest is None:
                continue
            if latest["status"] == "over":
                return True
            if not latest["legal"] or waiting is not None:
                due = None
            elif due is None:
                due = time.monotonic() + THINK[0] * rng.uniform(0.5, 1.5)
            elif time.monotonic() >= due:
                n += 1
                waiting, sent, due = n, time.monotonic(), None
                await ws.send(json.dumps({"type": "act", "version": latest["version"],
                                          "action": rng.choice(latest["legal"]), "id": n}))
    return False


async def _table(server: Server, http: httpx.AsyncClient, seed: int, stats: Stats, started: list[int]) -> None:
    """One place at the server: open a table, seat three scripted players, start it and play; when its game
    ends before the window closes, open the next table in its place."""
    first = seed
    while True:
        made = (await http.post("/api/tables", json={"game": "fuji", "options": {"players": 3},
                                                     "seed": seed, "practice": True})).json()
        table, host = made["table"], {"Authorization": f"Bearer {made['host_token']}"}
        tokens = [(await http.post(f"/api/tables/{table}/join", json={"name": f"p{i}"})).json()["token"]
                  for i in range(3)]
        tasks = [asyncio.create_task(_seat(server.ws_url(table), t, random.Random(seed * 10 + i), stats))
                 for i, t in enumerate(tokens)]
        await asyncio.sleep(0.5)  # every seat connected before the deal
        await http.post(f"/api/tables/{table}/start", headers=host)
        if seed == first:
            started.append(seed)
        finished = await asyncio.gather(*tasks)
        if not any(finished) or time.monotonic() >= stats.stop:
            return
        stats.games += stats.since <= time.monotonic()
        seed += 100_000


async def measure_server(server: Server, tables: int, seconds: float, warmup: float) -> dict[str, float]:
    """Open and start every table first; then count what happens in a window of `seconds`, `warmup` seconds
    after the last table started."""
    stats = Stats()
    started: list[int] = []
    limits = httpx.Limits(max_connections=100, max_keepalive_connections=0)  # no reuse of a connection the server closed
    async with httpx.AsyncClient(base_url=server.url, timeout=120.0, limits=limits) as http:
        playing = asyncio.gather(*(_table(server, http, 1000 + i, stats, started) for i in range(tables)))
        while len(started) < tables:
            if playing.done():  # a table's setup failed: say why instead of waiting for it forever
                playing.result()
            await asyncio.sleep(0.1)
        stats.since = time.monotonic() + warmup
        stats.stop = stats.since + seconds
        gc.collect()
        gc.disable()  # no collector pause of this client inside the window: it would count as the server's time
        assert server.proc is not None
        try:
            await asyncio.sleep(max(0.0, stats.since - time.monotonic()))
            before = cpu_seconds(server.proc.pid)
            await asyncio.sleep(max(0.0, stats.stop - time.monotonic()))
            stats.cpu = cpu_seconds(server.proc.pid) - before
            await playing
        finally:
            gc.enable()
        return stats.line(seconds)


async def measure_echo(port: int, connections: int, seconds: float, size: int) -> dict[str, float]:
    stats = Stats()
    payload = json.dumps({"type": "state", "pad": "x" * size})
    stop = time.monotonic() + seconds

    async def one() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/echo", max_size=None) as ws:
            while time.monotonic() < stop:
                sent = time.monotonic()
                await ws.send(payload)
                await ws.recv()
                stats.trips.append(time.monotonic() - sent)
                stats.actions += 1
    start = time.monotonic()
    await asyncio.gather(*(one() for _ in range(connections)))
    return stats.line(time.monotonic() - start)


def measure_echo_server(connections: int, seconds: float) -> dict[str, float]:
    """The echo reference: its own uvicorn process, `connections` clients of 6 kB messages."""
    port = free_port()
    echo = subprocess.Popen([sys.executable, "-c", ECHO.format(port=port)])
    try:
        time.sleep(2.0)
        return asyncio.run(measure_echo(port, connections, seconds, 6000))
    finally:
        echo.terminate()
        echo.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.3, help="seconds a player waits before it acts")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds from the last table's start to the measuring window")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "server_load.md")
    parser.add_argument("--no-echo", action="store_true", help="skip the echo reference (a quicker comparison)")
    args = parser.parse_args()
    THINK[0] = args.think
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            with Server(f"sqlite:///{tmp}/load-{n}.db", rate=1e5, log=Path(tmp) / "server.log",
                        args=NO_CLIENT_LIMITS) as server:
                got = asyncio.run(measure_server(server, n, args.seconds, args.warmup))
            ref = None if args.no_echo else measure_echo_server(n, args.seconds)
            rows.append((n, got, ref))
            print(n, got, ref, flush=True)
    write(args.out, rows, args.seconds, args.think, args.warmup)


def write(out: Path, rows: list[tuple[int, dict[str, Any], dict[str, Any] | None]], seconds: float,
          think: float, warmup: float) -> None:
    lines = ["# The server under load", "",
             f"Measured by `benchmarks/server_load.py` ({seconds:.0f} s per row after a {warmup:.0f} s warm-up, this "
             "machine's 2 cores shared by the server process and the client process). Each table is a 3-seat Fuji "
             f"game played by scripted clients that act about {think} s after they may (from half to one and a half "
             "times that; 0.3 s is the server bots' own pace), choosing from the newest state they have; a table "
             "whose game ends is replaced by a new one, so that every table counted is in play. A round trip is an "
             "action sent to the state that acknowledges it; stale/s counts actions that lost a race to another "
             "seat's; busy is the server process's CPU time over the window (1.00 is one core, all a process "
             "gets under the GIL) and CPU/action that time per action acknowledged. The reference is a bare "
             "websocket echo under the same uvicorn with one connection per table and a 6 kB message (about a "
             "Fuji state's size): the floor before any rule runs or row is written.", "",
             "| tables | server p50 (ms) | server p99 (ms) | actions/s | stale/s | games finished | server busy | "
             "CPU/action (µs) | echo p50 (ms) | echo p99 (ms) | echo messages/s |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for n, got, ref in rows:
        echo = f"{ref['p50']:.1f} | {ref['p99']:.1f} | {ref['actions_s']:.0f}" if ref else "– | – | –"
        lines.append(f"| {n} | {got['p50']:.1f} | {got['p99']:.1f} | {got['actions_s']:.0f} | {got['stale_s']:.0f} | "
                     f"{got['games']} | {got['busy']:.2f} | {got['cpu_per_action_us']:.0f} | {echo} |")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
