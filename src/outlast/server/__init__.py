"""The online server (`outlast serve`): lobby, seats, bots, live play over websockets, storage and recovery.

A door: it reaches every game through the kernel contract only (`observe`, legal actions, `apply` through a
`Match`, per-seat results, the decision text, the chat rule), so each game is served without a line of its own.
docs/server.md documents the protocol; docs/deploy.md running it for real.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import socket
import sys
import threading
import time
from collections.abc import Sequence

from outlast.core import list_games, load_game

from .app import create_app, export_document
from .bots import LEASE_SECONDS
from .guard import Access, GuardError, Limits, parse_list
from .hub import Hub, HubError
from .protocol import ProtocolError, parse_client
from .store import StaleVersion, Store, StoreError


def serve(db_url: str, *, host: str = "127.0.0.1", port: int = 8000, bot_pace: float = 0.3,
          processes: int = 1, rate: float = 20.0, lease: float = LEASE_SECONDS, limits: Limits | None = None,
          allow_hosts: Sequence[str] = (), allow_origins: Sequence[str] = (),
          trust_proxies: Sequence[str] = ()) -> None:
    """Run the server until interrupted (uvicorn, one process; run several behind a proxy to scale). `limits` are
    each client's limits; `allow_hosts`, `allow_origins` and `trust_proxies` what guard.Access says (GuardError
    for a value that is none)."""
    import uvicorn

    access = Access(host=host, allow_hosts=tuple(allow_hosts), allow_origins=tuple(allow_origins),
                    trust_proxies=tuple(trust_proxies))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    tune_process()
    app = create_app(db_url, bot_pace=bot_pace, processes=processes, rate=rate, lease=lease, limits=limits,
                     access=access)
    shown = db_url.split("@")[-1] if db_url.startswith("postgresql") else db_url

    class Announcing(uvicorn.Server):
        """uvicorn's server, which says where it is only once it answers."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)  # the app's startup (the store, the tables rebuilt), then the bind
            if self.started:
                print(ready_line(host, self.servers[0].sockets[0].getsockname()[1] if self.servers else port,
                                 shown), flush=True)

    # proxy_headers off: uvicorn would believe any X-Forwarded-For from 127.0.0.1; the guard believes only the
    # proxies it is told of (--trust-proxy)
    config = uvicorn.Config(app, host=host, port=port, access_log=False, ws_max_size=64 * 1024,
                            ws_per_message_deflate=False, log_level="warning", proxy_headers=False,
                            server_header=False)
    server = Announcing(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:  # as uvicorn.run: the port was taken, or the app's startup failed (logged above)
        sys.exit(3)


def ready_line(host: str, port: int, database: str) -> str:
    """What `outlast serve` prints once it answers (not before: a script, or the test harness, may wait for this
    line and then send its first request): `outlast server on http://HOST:PORT/  (database: …)`, PORT the one
    it listens on (`--port 0` picks a free one)."""
    shown = f"[{host}]" if ":" in host else host
    return f"outlast server on http://{shown}:{port}/  (database: {database})"


SWITCH_INTERVAL = 0.0005
"""Seconds a thread may keep the GIL while another waits for it, in a serving process (Python's default is
0.005). The event loop lets go of the GIL at each SQLite statement; a worker thread busy in Python (dealing a
game, a bot's move, a replay) would keep it for up to the whole interval each time, and every table waits on the
loop meanwhile."""

FULL_COLLECTION_EVERY = 300.0
"""Seconds between two full garbage collections of a serving process (`steady_collector`)."""


def tune_process(every: float = FULL_COLLECTION_EVERY) -> threading.Thread:
    """Set a serving process up for steady latency (`serve` calls it once, at start): the collector's full passes
    on a clock (`steady_collector`) and a short GIL switch interval (`SWITCH_INTERVAL`)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    return steady_collector(every)


def steady_collector(every: float = FULL_COLLECTION_EVERY) -> threading.Thread:
    """Keep the garbage collector's full passes out of play (a serving process calls it once, at start).

    A full collection walks every object the process holds and stops the event loop meanwhile: about 80 ms with
    200 tables in play on the benchmark machine, and Python starts one whenever the old objects have grown by a
    quarter, which under load is every few seconds (benchmarks/server_load.md). So: the games are loaded and
    everything held at start (the libraries, the games' content) is frozen out of the collector's sight; the
    young generations are collected as usual (a few ms); and the full pass, which frees rings of objects that
    refer to each other once they have grown old, runs on a clock instead, every `every` seconds."""
    for name in list_games():
        load_game(name)
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1 << 30)  # never by count: by the clock below

    def collect() -> None:
        while True:
            time.sleep(every)
            gc.collect()

    thread = threading.Thread(target=collect, daemon=True, name="outlast-gc")
    thread.start()
    return thread


__all__ = ["Access", "GuardError", "Hub", "HubError", "Limits", "ProtocolError", "StaleVersion", "Store",
           "StoreError", "create_app", "export_document", "parse_client", "parse_list", "ready_line", "serve"]
