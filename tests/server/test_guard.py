"""No client can hurt a table (issue 23), against real `outlast serve` processes: request bodies read no further
than their limit, per-client limits on requests, tables, seats and websockets, the newest chat, and the Host and
Origin checks that keep a page of another site (DNS rebinding included) from driving a server.
"""

from __future__ import annotations

import asyncio
import json
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from outlast.server.guard import Access, Guard, GuardError, Limits, _client_key
from outlast.server.store import Store

from .harness import SRC, Player, Server

EVIL = "http://evil.example"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server with the default limits."""
    with Server(f"sqlite:///{tmp_path / 's.db'}", log=tmp_path / "server.log") as s:
        yield s


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")


def refusal(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.text)
    doc: dict[str, Any] = r.json()
    assert set(doc) == {"error", "message"} and doc["error"] == code and doc["message"], doc
    return doc


# ------------------------------------------------------------------ 1. bodies
def _whole(reply: bytes) -> bool:
    """Whether an HTTP reply with a Content-Length has come whole."""
    head, sep, body = reply.partition(b"\r\n\r\n")
    if not sep:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return True


def test_a_huge_chunked_body_is_refused_without_the_server_reading_it(server: Server) -> None:
    """200 MB sent chunked (no Content-Length) to a JSON route: 413, and the server's memory stays put."""
    assert server.proc is not None
    pid = server.proc.pid
    server.get("/api/tables")
    before, peak_before = rss_kib(pid), rss_kib(pid, "VmHWM")
    chunk = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
    reply = b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        sent = 0
        try:
            while sent < 200 and not select.select([sock], [], [], 0)[0]:
                sock.sendall(chunk)
                sent += 1
            if sent == 200:
                sock.sendall(b"0\r\n\r\n")
        except OSError:  # the server answered and closed while we still sent
            pass
        deadline = time.monotonic() + 30
        while not _whole(reply) and time.monotonic() < deadline:
            try:
                got = sock.recv(65536)
            except OSError:
                break
            if not got:
                break
            reply += got
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    assert b'"too_large"' in reply
    grown, peak = rss_kib(pid) - before, rss_kib(pid, "VmHWM") - peak_before
    print(f"RSS {before} KiB -> {before + grown} KiB (peak grew {peak} KiB) after {sent} MiB sent")
    assert grown < 8 * 1024 and peak < 8 * 1024, (grown, peak)
    assert server.get("/api/games").status_code == 200


# ------------------------------------------------------------------ 2. per-client limits
def test_one_client_opening_tables_fast_is_told_to_wait(server: Server) -> None:
    made, refused = 0, None
    for _ in range(30):
        r = server.post("/api/tables", {"game": "fuji", "public": True})
        if r.status_code == 429:
            refused = r
            break
        assert r.status_code == 200, r.text
        made += 1
    assert refused is not None and made == 10, made
    doc = refusal(refused, 429, "rate_limited")
    assert "tables" in doc["message"] and int(refused.headers["retry-after"]) >= 1
    assert len(server.get("/api/tables").json()) == 10


def test_one_client_cannot_keep_more_tables_open_than_its_limit(tmp_path: Path) -> None:
    """The tables a client opened and never started cannot crowd the lobby: past 20 it must start one first."""
    with Server(f"sqlite:///{tmp_path / 's.db'}", args=["--table-limit", "0"]) as server:
        tables = [server.table("fuji", {"players": 2}) for _ in range(20)]
        doc = refusal(server.post("/api/tables", {"game": "fuji"}), 429, "rate_limited")
        assert "20" in doc["message"] and "open" in doc["message"]
        table, host = tables[0]
        for seat in (0, 1):
            assert server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "random"}, host).status_code == 200
        assert server.post(f"/api/tables/{table}/start", None, host).status_code == 200
        server.table("fuji", {"players": 2})
        refusal(server.post("/api/tables", {"game": "fuji"}), 429, "rate_limited")


def test_one_client_taking_seats_fast_is_told_to_wait(tmp_path: Path) -> None:
    """6 seats a minute in bursts of 6 (`--join-limit 6`; the default, 30, works the same way): the 7th seat taken
    at once is refused, and one comes back every 10 s (counted, so that a slow machine does not fail the test)."""
    with Server(f"sqlite:///{tmp_path / 's.db'}", args=["--join-limit", "6"]) as server:
        tables = [server.table("fuji", {"players": 4})[0] for _ in range(3)]
        start, taken, r = time.monotonic(), 0, None
        for table in tables:
            for seat in range(4):
                r = server.post(f"/api/tables/{table}/join", {"name": f"p{taken}", "seat": seat})
                if r.status_code != 200:
                    break
                taken += 1
            if r is not None and r.status_code != 200:
                break
        assert r is not None and 6 <= taken <= 7 + (time.monotonic() - start) / 10, taken
        assert "seats" in refusal(r, 429, "rate_limited")["message"] and "retry-after" in r.headers
        assert sum(t["free"] for t in server.get("/api/tables").json()) == 12 - taken


def test_one_client_making_requests_too_fast_is_told_to_wait(tmp_path: Path) -> None:
    """`--request-limit 10` (bursts of 20): 300 requests as fast as one client sends them are mostly refused,
    however slow the machine (they would need 29 s to stay within the limit)."""
    with Server(f"sqlite:///{tmp_path / 's.db'}", args=["--request-limit", "10"]) as server, \
            httpx.Client(base_url=server.url, timeout=10) as http:
        start = time.monotonic()
        codes = [http.get("/api/games") for _ in range(300)]
        took = time.monotonic() - start
    limited = [r for r in codes if r.status_code == 429]
    assert limited and len(limited) <= 300 - 20, len(limited)
    assert len(codes) - len(limited) <= 21 + 10 * took, (len(limited), took)
    refusal(limited[0], 429, "rate_limited")
    assert int(limited[0].headers["retry-after"]) >= 1


def test_one_client_may_hold_only_so_many_websockets(server: Server) -> None:
    table, _ = server.table("fuji")

    async def run() -> None:
        held = [await Player(server.ws_url(table)).__aenter__() for _ in range(32)]
        try:
            for p in held:  # each is open and answered
                await p.send({"type": "ping"})
                await p.until(lambda m: m["type"] == "pong", 10)
            async with Player(server.ws_url(table)) as extra:
                msg = await extra.recv(10)
                assert msg["type"] == "error" and msg["code"] == "rate_limited", msg
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await extra.recv(10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
            await held.pop().__aexit__()
            await asyncio.sleep(0.2)
            async with Player(server.ws_url(table)) as again:  # one closed: one more may open
                await again.send({"type": "ping"})
                await again.until(lambda m: m["type"] == "pong", 10)
                assert not [m for m in again.received if m["type"] == "error"]
        finally:
            for p in held:
                await p.__aexit__()

    asyncio.run(run())


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    def opened(server: Server) -> int:
        count = 0
        for i in range(12):
            r = httpx.post(server.url + "/api/tables", json={"game": "fuji"}, timeout=10,
                           headers={"X-Forwarded-For": f"10.0.0.{i}"})
            count += r.status_code == 200
        return count

    with Server(f"sqlite:///{tmp_path / 'a.db'}") as server:  # anyone may write the header: it is ignored
        assert opened(server) == 10
    with Server(f"sqlite:///{tmp_path / 'b.db'}", args=["--trust-proxy", "127.0.0.1"]) as server:
        assert opened(server) == 12  # each forwarded client has limits of its own
        for i in range(11):  # the left one is the client's own word: 10.0.0.99 opens them all, and is limited
            r = httpx.post(server.url + "/api/tables", json={"game": "fuji"}, timeout=10,
                           headers={"X-Forwarded-For": f"6.6.6.{i}, 10.0.0.99"})
        refusal(r, 429, "rate_limited")


def test_bad_limit_or_proxy_options_are_refused_by_name(tmp_path: Path) -> None:
    for args, words in ((["--trust-proxy", "the-proxy"], ["--trust-proxy", "the-proxy"]),
                        (["--socket-limit", "-1"], ["--socket-limit"]),
                        (["--allow-origin", "games.example"], ["games.example", "origin"])):
        run = subprocess.run([sys.executable, "-m", "outlast", "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}",
                              *args], capture_output=True, text=True, timeout=60,
                             env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
        assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
        for word in words:
            assert word in run.stderr, (word, run.stderr)
        assert "unrecognized" not in run.stderr


# ------------------------------------------------------------------ 3. chat
def test_the_chat_of_a_table_is_its_newest_lines(server: Server) -> None:
    table, _ = server.table("fuji", {"players": 2})
    store = Store(server.db_url)
    try:
        for i in range(520):
            store.add_chat(table, 0, "ann", f"line {i}")
        assert [r[3] for r in store.chat(table, 0, 3)] == ["line 0", "line 1", "line 2"]  # others' use, as it was
    finally:
        store.close()
    lines = server.get(f"/api/tables/{table}/chat").json()
    assert len(lines) == 500
    assert [line["text"] for line in lines] == [f"line {i}" for i in range(20, 520)]


# ------------------------------------------------------------------ 4. Host and Origin
def test_a_websocket_from_a_page_of_another_site_is_refused(server: Server) -> None:
    table, _ = server.table("fuji")

    async def run() -> None:
        with pytest.raises(websockets.InvalidStatus) as refused:
            await websockets.connect(server.ws_url(table), origin=EVIL)  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        assert json.loads(refused.value.response.body or b"{}")["error"] == "bad_origin"
        for origin in (f"http://127.0.0.1:{server.port}", None):  # its own page; a program (no Origin)
            async with websockets.connect(server.ws_url(table), origin=origin) as ws:  # type: ignore[arg-type]
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "error"

    asyncio.run(run())


def test_origins_and_hosts_the_server_is_told_of_are_accepted(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 's.db'}", args=["--allow-origin", "https://games.example",
                                                        "--allow-host", "games.example,other.example"]) as server:
        table, _ = server.table("fuji")

        async def run() -> None:
            async with websockets.connect(server.ws_url(table), origin="https://games.example") as ws:  # type: ignore[arg-type]
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "error"
            with pytest.raises(websockets.InvalidStatus):
                await websockets.connect(server.ws_url(table), origin="http://games.example")  # type: ignore[arg-type]

        asyncio.run(run())
        for host in ("games.example", "GAMES.example.:443", "other.example"):
            assert httpx.get(server.url + "/api/tables", headers={"Host": host}, timeout=10).status_code == 200, host
        refusal(httpx.get(server.url + "/api/tables", headers={"Host": "evil.example"}, timeout=10), 400, "bad_host")


def test_a_post_from_a_page_of_another_site_is_refused(server: Server) -> None:
    r = httpx.post(server.url + "/api/tables", json={"game": "fuji"}, headers={"Origin": EVIL}, timeout=10)
    refusal(r, 403, "bad_origin")
    r = httpx.post(server.url + "/api/tables", json={"game": "fuji"}, headers={"Origin": "null"}, timeout=10)
    refusal(r, 403, "bad_origin")
    assert server.get("/api/tables").json() == []
    r = httpx.post(server.url + "/api/tables", json={"game": "fuji"}, timeout=10,
                   headers={"Origin": f"http://127.0.0.1:{server.port}"})
    assert r.status_code == 200, r.text
    assert httpx.get(server.url + "/api/tables", headers={"Origin": EVIL}, timeout=10).status_code == 200


def test_a_request_naming_another_host_is_refused(server: Server) -> None:
    """What a DNS-rebinding page sends: its own name as Host (over HTTP and in a websocket's handshake)."""
    r = httpx.get(server.url + "/api/tables", headers={"Host": "evil.example"}, timeout=10)
    refusal(r, 400, "bad_host")
    for host in (f"localhost:{server.port}", f"127.0.0.1:{server.port}", "[::1]", "localhost"):
        assert httpx.get(server.url + "/api/tables", headers={"Host": host}, timeout=10).status_code == 200, host
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GET /ws/x HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        assert sock.recv(4096).split(b"\r\n")[0].split()[1] == b"400"


def test_a_trailing_slash_is_not_redirected_to_the_requests_host(server: Server) -> None:
    for host in ("evil.example", f"127.0.0.1:{server.port}"):
        r = httpx.get(server.url + "/api/tables/", headers={"Host": host}, timeout=10)
        assert not r.is_redirect and "evil" not in r.headers.get("location", ""), (r.status_code, r.headers)
        assert r.status_code in (400, 404)


# ------------------------------------------------------------------ the checks themselves
def test_host_names_origins_and_client_addresses_are_read_as_a_browser_and_a_proxy_write_them() -> None:
    access = Access(host="mypc.lan", allow_hosts=("games.example",), allow_origins=("https://games.example",),
                    trust_proxies=("10.0.0.0/8",))
    for host in ("127.0.0.1:8000", "[::1]:8000", "[::1]", "localhost", "LOCALHOST:1", "mypc.lan:8000",
                 "games.example.", None):
        assert access.host_ok(host), host
    for host in ("evil.example", "games.example.evil", "", "[::1", "localhost:x", "127.0.0.1.evil.example"):
        assert not access.host_ok(host), host
    assert access.origin_ok("http://mypc.lan:8000", "ws", "mypc.lan:8000")
    assert access.origin_ok("https://games.example:443", "http", "127.0.0.1:8000")  # allowed, default port
    assert access.origin_ok("https://x.example", "https", "x.example")  # own origin, the scheme's port
    assert not access.origin_ok("http://x.example", "https", "x.example")  # another scheme is another origin
    assert not access.origin_ok("http://x.example:8001", "http", "x.example:8000")
    assert not access.origin_ok("null", "http", "x.example")
    assert access.trusted("10.1.2.3") and not access.trusted("11.0.0.1") and not access.trusted("nonsense")
    assert _client_key("2001:db8::1") == _client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert _client_key("::ffff:1.2.3.4") == "1.2.3.4"
    guard = Guard(access=access)
    assert guard._forwarded("10.0.0.1", {"x-forwarded-for": "6.6.6.6, 1.2.3.4, 10.0.0.7"}) == "1.2.3.4"
    assert guard._forwarded("10.0.0.1", {"x-forwarded-for": "junk"}) == "10.0.0.1"
    for bad in ({"allow_origins": ("games.example",)}, {"allow_hosts": ("games.example:80",)},
                {"trust_proxies": ("proxy",)}):
        with pytest.raises(GuardError):
            Access(**bad)  # type: ignore[arg-type]
    with pytest.raises(GuardError):
        Limits(tables=-1)
