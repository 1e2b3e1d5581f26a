"""Real server processes and real websocket clients for the server tests (issue 13).

`Server` starts `python -m outlast serve` on a free port of 127.0.0.1 against a database URL and stops (or kills)
it; `Player` is a scripted websocket client that keeps every message it receives, so a test can check each one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
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


START_TIMEOUT = float(os.environ.get("OUTLAST_TEST_START_TIMEOUT", "120"))
"""Seconds `Server.start` waits for `outlast serve` to say it answers (docs/testing.md): generous, since a loaded
machine may take long to import and start it; the wait ends as soon as the server's ready line is printed."""
READY = re.compile(rb"^outlast server on http://[^/]+:(\d+)/ ")
RUNNING: set[Server] = set()
"""Servers started and not yet stopped: tests/server/conftest.py stops any left at the end of each test."""


class Server:
    """One `outlast serve` process, in a process group of its own with whatever it starts (its search workers)."""

    def __init__(self, db_url: str, *, port: int | None = None, bot_pace: float = 0.0, workers: int = 0,
                 log: Path | None = None, rate: float = 20.0, lease: float | None = None,
                 args: Sequence[str] = ()) -> None:
        """`port`: None for one the server picks (`--port 0`; `port` is known once it has started). `args`: more
        options of `outlast serve` (limits, --allow-origin, …)."""
        self.db_url, self.port, self.bot_pace, self.workers = db_url, port or 0, bot_pace, workers
        self.log, self.lease, self.rate, self.args = log, lease, rate, tuple(args)
        self.proc: subprocess.Popen[bytes] | None = None
        self.output: list[bytes] = []  # the server's output, kept until it is read out by `start`'s error
        self._reader: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def start(self, timeout: float | None = None) -> Server:
        """Start the server and return once it answers: when it prints its ready line (`outlast serve` prints it
        only once its socket listens and the app is ready), within `timeout` seconds (START_TIMEOUT). If it
        exits first, or the time runs out, or anything else goes wrong, every process of it is ended and the
        error names what it printed."""
        env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONUNBUFFERED="1")
        timeout = START_TIMEOUT if timeout is None else timeout
        ready = threading.Event()
        found: list[int] = []
        self.output = []
        RUNNING.add(self)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "outlast", "serve", "--port", str(self.port), "--db", self.db_url,
                 "--bot-pace", str(self.bot_pace), "--search-workers", str(self.workers), "--rate-limit",
                 str(self.rate), *(["--bot-lease", str(self.lease)] if self.lease is not None else []), *self.args],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
            self._reader = threading.Thread(target=self._read, args=(self.proc, ready, found), daemon=True,
                                            name=f"outlast-serve-{self.proc.pid}")
            self._reader.start()
            began = time.monotonic()
            while not ready.wait(0.05):
                if self.proc.poll() is not None:
                    ready.wait(1.0)  # its last words, if the reader has not yet read them
                    if found:
                        break
                    raise RuntimeError(f"outlast serve exited with {self.proc.returncode}:\n{self._said()}")
                if time.monotonic() - began > timeout:
                    raise RuntimeError(f"outlast serve did not say it answers within {timeout:g} s "
                                       f"(OUTLAST_TEST_START_TIMEOUT):\n{self._said()}")
            if not found:
                raise RuntimeError(f"outlast serve ended its output without its ready line:\n{self._said()}")
            self.port = found[0]
            return self
        except BaseException:
            self.stop()
            raise

    def _read(self, proc: subprocess.Popen[bytes], ready: threading.Event, found: list[int]) -> None:
        """Copy the server's output to its log (if any) line by line, and tell `start` of its ready line (or of
        the end of its output)."""
        assert proc.stdout is not None
        out = open(self.log, "ab") if self.log else None  # noqa: SIM115 - closed below, at the output's end
        try:
            for line in proc.stdout:
                if out is not None:
                    out.write(line)
                    out.flush()
                if not ready.is_set():
                    self.output.append(line)
                    if (m := READY.match(line)) is not None:
                        found.append(int(m.group(1)))
                        self.output.clear()
                        ready.set()
        finally:
            ready.set()
            if out is not None:
                out.close()
            proc.stdout.close()

    def _said(self) -> str:
        text = b"".join(self.output[-40:]).decode(errors="replace").rstrip()
        return (text or "(nothing)") + (f"\n(whole log: {self.log})" if self.log else "")

    def kill(self) -> None:
        """SIGKILL the server process alone: no clean-up of any kind, as a crash (its search workers must end by
        themselves; `stop` ends whatever is left of its process group)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM and up to 10 s to end (then SIGKILL), and then SIGKILL to whatever of its process group still
        runs (search workers), and its output read to the end (the log is whole once this returns)."""
        try:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.kill()
        finally:
            if self.proc is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.proc.pid, signal.SIGKILL)  # its group: the server's pid (start_new_session)
                if self.proc.poll() is None:
                    self.proc.kill()
                    self.proc.wait(10)
            if self._reader is not None:
                self._reader.join(10)
            RUNNING.discard(self)

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
              clock: int = 0, physical: object = None) -> tuple[str, str]:
        """A practice table (its seed named); `physical`: the kinds of roll and draw of a companion table."""
        body = {"game": game, "options": options or {}, "seed": seed, "practice": True, "public": public,
                "clock": clock}
        if physical is not None:
            body["physical"] = physical
        r = self.post("/api/tables", body)
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


def readme_shot(page: Any, path: str, *, full_page: bool = True) -> None:
    """A screenshot for the README as a newcomer sees the table: the first screen and the raw list of moves
    ("Show all moves", which a test that clicks raw texts keeps open) closed for the shot, then as they were."""
    opened = page.evaluate("""() => {
        const lists = [...document.querySelectorAll('details.all-moves[open]')];
        lists.forEach((d) => { d.open = false; });
        document.querySelectorAll('.first-screen').forEach((s) => { s.style.display = 'none'; });
        return lists.length; }""")
    page.screenshot(path=path, full_page=full_page)
    page.evaluate("""(n) => {
        document.querySelectorAll('.first-screen').forEach((s) => { s.style.display = ''; });
        if (n) document.querySelectorAll('details.all-moves').forEach((d) => { d.open = true; }); }""", opened)
