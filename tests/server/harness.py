"""Real server processes and real websocket clients for the server tests (issue 13).

`Server` starts `python -m outlast serve` on a free port of 127.0.0.1 against a database URL and stops (or kills)
it; `Player` is a scripted websocket client that keeps every message it receives, so a test can check each one.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import websockets

SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One `outlast serve` process."""

    def __init__(self, db_url: str, *, port: int | None = None, bot_pace: float = 0.0, workers: int = 0,
                 log: Path | None = None, rate: float = 20.0, lease: float | None = None,
                 args: Sequence[str] = ()) -> None:
        """`args`: more options of `outlast serve` (limits, --allow-origin, …)."""
        self.db_url, self.port, self.bot_pace, self.workers = db_url, port or free_port(), bot_pace, workers
        self.log, self.lease, self.rate, self.args = log, lease, rate, tuple(args)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def start(self, timeout: float = 30.0) -> Server:
        env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115 - kept for the process' life
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "outlast", "serve", "--port", str(self.port), "--db", self.db_url,
             "--bot-pace", str(self.bot_pace), "--search-workers", str(self.workers), "--rate-limit", str(self.rate),
             *(["--bot-lease", str(self.lease)] if self.lease is not None else []), *self.args],
            stdout=out, stderr=out, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"outlast serve exited with {self.proc.returncode}"
                                   + (f"; see {self.log}" if self.log else ""))
            try:
                if httpx.get(self.url + "/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("outlast serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ HTTP
    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.url + path, json=body, headers=headers, timeout=10.0)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10.0)

    def table(self, game: str, options: dict[str, Any] | None = None, *, seed: int = 1, public: bool = True,
              clock: int = 0) -> tuple[str, str]:
        r = self.post("/api/tables", {"game": game, "options": options or {}, "seed": seed, "practice": True,
                                      "public": public, "clock": clock})
        assert r.status_code == 200, r.text
        return r.json()["table"], r.json()["host_token"]

    def join(self, table: str, name: str, seat: int | None = None) -> tuple[int, str]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        r = self.post(f"/api/tables/{table}/join", body)
        assert r.status_code == 200, r.text
        return r.json()["seat"], r.json()["token"]


class Player:
    """A scripted websocket client of one seat (or a spectator with no token)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url, self.token = url, token
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []
        self.last_state: dict[str, Any] | None = None

    async def __aenter__(self) -> Player:
        self.ws = await websockets.connect(self.url, max_size=None)
        if self.token is not None:
            await self.send({"type": "hello", "token": self.token})
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, msg: Any) -> None:
        await self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(msg)
        if msg.get("type") == "state":
            self.last_state = msg
        return msg

    async def until(self, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Read messages until one satisfies `pred`."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message arrived")
            msg = await self.recv(left)
            if pred(msg):
                return msg

    async def drain(self, quiet: float = 0.05) -> None:
        """Read whatever is already on its way."""
        while True:
            try:
                await self.recv(quiet)
            except TimeoutError:
                return
