"""The online server (`outlast serve`): lobby, seats, bots, live play over websockets, storage and recovery.

A door: it reaches every game through the kernel contract only (`observe`, legal actions, `apply` through a
`Match`, per-seat results, the decision text, the chat rule), so each game is served without a line of its own.
docs/server.md documents the protocol; docs/deploy.md running it for real.
"""

from __future__ import annotations

import logging

from .app import create_app, export_document
from .bots import LEASE_SECONDS
from .hub import Hub, HubError
from .protocol import ProtocolError, parse_client
from .store import StaleVersion, Store, StoreError


def serve(db_url: str, *, host: str = "127.0.0.1", port: int = 8000, bot_pace: float = 0.3,
          processes: int = 1, rate: float = 20.0, lease: float = LEASE_SECONDS) -> None:
    """Run the server until interrupted (uvicorn, one process; run several behind a proxy to scale)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(db_url, bot_pace=bot_pace, processes=processes, rate=rate, lease=lease)
    shown = db_url.split("@")[-1] if db_url.startswith("postgresql") else db_url
    print(f"outlast server on http://{host}:{port}/  (database: {shown})", flush=True)
    uvicorn.run(app, host=host, port=port, access_log=False, ws_max_size=64 * 1024, ws_per_message_deflate=False,
                log_level="warning")


__all__ = ["Hub", "HubError", "ProtocolError", "StaleVersion", "Store", "StoreError", "create_app",
           "export_document", "parse_client", "serve"]
