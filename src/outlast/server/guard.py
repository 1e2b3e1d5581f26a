"""What no client of `outlast serve` may do to the others (issue 23): per-client limits, and the Host and Origin
checks that keep a web page of another site from driving the server (DNS rebinding, cross-site requests).

`Guard` is an ASGI middleware around the whole application. For every request and websocket it

1. finds the client: the connection's peer address, or, when that peer is a proxy named by `--trust-proxy`, the
   address the proxy reports in `X-Forwarded-For` (an IPv6 client counts as its /64 network, which one host
   usually holds whole);
2. checks the `Host` header: an IP literal, `localhost`, the name the server listens on (`--host`) or a name of
   `--allow-host`; anything else is refused with 400 `bad_host`;
3. checks the `Origin` header of websockets and of state-changing requests (not GET, HEAD or OPTIONS): absent (a
   program, not a browser), the server's own origin (the scheme, host and port the request came to), or an
   origin of `--allow-origin`; anything else is refused with 403 `bad_origin`;
4. counts the client's requests (`--request-limit`, 429 `rate_limited` with `Retry-After`) and open websockets
   (`--socket-limit`: one more is accepted, told `rate_limited` and closed with `SOCKET_LIMIT_CLOSE`).

The routes that open tables and take seats ask it too (`Guard.creating`, `Guard.joining`). Every limit is held
in this process's memory: several processes behind one proxy each count on their own.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from outlast.core import OutlastError

from .hub import HubError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SOCKET_LIMIT_CLOSE = 4429
"""The close code of a websocket over its client's `--socket-limit` (after an `error` message `rate_limited`)."""
CLIENT_KEY = "outlast.client"
"""The scope key under which `Guard` leaves the client's address (or IPv6 /64) for the routes."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORT = {"http": 80, "https": 443}
_KEEP = 4096
"""Past this many clients remembered, those whose buckets are full again (nothing to remember) are forgotten."""


class RateLimited(HubError):
    """A request over one of its client's limits: 429 `rate_limited`, `retry_after` whole seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(429, "rate_limited", message)
        self.retry_after = max(1, math.ceil(retry_after))


class GuardError(OutlastError):
    """A limit or allow-list entry that makes no sense (the CLI turns it into a BadInput)."""


@dataclass(frozen=True)
class Limits:
    """Per-client limits (0 turns one off). The defaults leave room for a household or a club behind one address
    playing several tables at once, and none for flooding the lobby."""

    requests: float = 50.0
    """HTTP requests (websocket handshakes included) a second on average, in bursts of up to twice as many."""
    tables: float = 10.0
    """Tables opened a minute, in bursts of as many."""
    open_tables: int = 20
    """Tables opened by the client that are still open (not started) at once: fewer than the lobby lists (500),
    so one client cannot crowd it."""
    joins: float = 30.0
    """Seats taken a minute, in bursts of as many."""
    sockets: int = 32
    """Websockets open at once."""

    def __post_init__(self) -> None:
        for name in ("requests", "tables", "joins"):
            value = getattr(self, name)
            if not (math.isfinite(value) and 0 <= value <= 1e9):
                raise GuardError(f"the {name} limit must be 0 (none) to 1e9, not {value}")
        for name in ("open_tables", "sockets"):
            value = getattr(self, name)
            if not 0 <= value <= 10**9:
                raise GuardError(f"the {name} limit must be 0 (none) to 1000000000, not {value}")


@dataclass(frozen=True)
class Access:
    """Whom the server answers: the `Host` names and `Origin`s it accepts, and the proxies it believes."""

    host: str = "127.0.0.1"
    """The address or name the server listens on (`--host`): a name is accepted as `Host`."""
    allow_hosts: tuple[str, ...] = ()
    """More `Host` names (`--allow-host`); `*` accepts any."""
    allow_origins: tuple[str, ...] = ()
    """More origins (`--allow-origin`, `https://games.example`); `*` accepts any."""
    trust_proxies: tuple[str, ...] = ()
    """Addresses or networks (`10.0.0.0/8`) whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed."""
    hosts: frozenset[str] = field(init=False)
    origins: frozenset[tuple[str, str, int]] = field(init=False)
    proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = field(init=False)

    def __post_init__(self) -> None:
        hosts = {_host_name(h, "--allow-host") for h in self.allow_hosts}
        if self.host and not _is_ip(self.host):
            hosts.add(_host_name(self.host, "--host"))
        origins = {_origin(o) for o in self.allow_origins if o != "*"}
        proxies = []
        for proxy in self.trust_proxies:
            try:
                proxies.append(ipaddress.ip_network(proxy.strip(), strict=False))
            except ValueError:
                raise GuardError(f"--trust-proxy {proxy!r} is no IP address or network (such as 127.0.0.1 or "
                                 "10.0.0.0/8)") from None
        object.__setattr__(self, "hosts", frozenset(hosts))
        object.__setattr__(self, "origins", frozenset(origins))
        object.__setattr__(self, "proxies", tuple(proxies))

    def host_ok(self, value: str | None) -> bool:
        """Whether a `Host` header names this server (no header at all: HTTP/1.0, no browser)."""
        if value is None or "*" in self.allow_hosts:
            return True
        name = _split_host(value)[0]
        if name is None:
            return False
        return _is_ip(name) or name == "localhost" or name in self.hosts

    def origin_ok(self, origin: str, scheme: str, host: str | None) -> bool:
        """Whether a browser page of `origin` may use the server reached as `scheme`://`host`."""
        if "*" in self.allow_origins:
            return True
        try:
            theirs = _origin(origin)
        except GuardError:
            return False
        if theirs in self.origins:
            return True
        if host is None:
            return False
        name, port = _split_host(host)
        scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        return name is not None and theirs == (scheme, name, port or _DEFAULT_PORT.get(scheme, 0))

    def trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def _split_host(value: str) -> tuple[str | None, int | None]:
    """`name[:port]` or `[v6][:port]` → (lower-case name without a final dot, port), or (None, None)."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None, None
        name, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None, None
        port_text = rest[1:]
    else:
        name, _, port_text = value.partition(":")
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return None, None
        port: int | None = int(port_text)
    else:
        port = None
    name = name.rstrip(".")
    return (name or None), port


def _host_name(value: str, option: str) -> str:
    if value == "*":
        return value
    name, port = _split_host(value)
    if name is None or port is not None or not all(c.isalnum() or c in "-._:" for c in name):
        raise GuardError(f"{option} {value!r} is no host name (such as games.example, without a port)")
    return name


def _origin(value: str) -> tuple[str, str, int]:
    """An origin (`https://games.example[:port]`) as (scheme, host, port); GuardError for anything else."""
    parts = urlsplit(value.strip())
    name, port = _split_host(parts.netloc) if "@" not in parts.netloc else (None, None)
    if parts.scheme not in _DEFAULT_PORT or name is None or parts.path not in ("", "/") or parts.query:
        raise GuardError(f"{value!r} is no origin (such as https://games.example or http://10.0.0.5:8000)")
    return parts.scheme, name, port or _DEFAULT_PORT[parts.scheme]


class Bucket:
    """`rate` a second on average, bursts of `burst`."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> float:
        """Take one; 0 if allowed, else the seconds until one is there."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def full(self) -> bool:
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst


class Buckets:
    """One bucket per client (`rate` a second, bursts of `burst`), forgotten once full again."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.of: dict[str, Bucket] = {}
        self.prune_at = _KEEP

    def take(self, key: str) -> float:
        if self.rate <= 0:
            return 0.0
        bucket = self.of.get(key)
        if bucket is None:
            if len(self.of) >= self.prune_at:  # at most once per doubling: a crowd of clients costs no more
                self.of = {k: b for k, b in self.of.items() if not b.full()}
                self.prune_at = max(_KEEP, 2 * len(self.of))
            bucket = self.of[key] = Bucket(self.rate, self.burst)
        return bucket.take()


class Guard:
    """The per-client counts and the checks (module docstring): `Layer` puts it around the application, and the
    routes that open tables and take seats consult it."""

    def __init__(self, *, limits: Limits | None = None, access: Access | None = None) -> None:
        self.limits, self.access = limits or Limits(), access or Access()
        limits = self.limits
        self.requests = Buckets(limits.requests, max(1.0, 2 * limits.requests))
        self.tables = Buckets(limits.tables / 60, max(1.0, limits.tables))
        self.joins = Buckets(limits.joins / 60, max(1.0, limits.joins))
        self.sockets: dict[str, int] = {}
        self.opened: dict[str, list[str]] = {}
        """The tables each client opened that were still open when last looked at."""
        self.pending: dict[str, int] = {}

    # ------------------------------------------------------------------ ASGI
    async def handle(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        """Check one request or websocket and hand it to `app` if it passes."""
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        headers = _headers(scope)
        peer = (scope.get("client") or ("", 0))[0] or "unknown"
        proxied = self.access.trusted(peer)
        key = scope[CLIENT_KEY] = _client_key(self._forwarded(peer, headers) if proxied else peer)
        scheme: str = scope.get("scheme", "http")
        if proxied and headers.get("x-forwarded-proto"):
            scheme = headers["x-forwarded-proto"].split(",")[0].strip().lower()
        host = headers.get("host")
        websocket = scope["type"] == "websocket"
        if not self.access.host_ok(host):
            name = repr((host or "")[:100])
            await _refuse(scope, receive, send, 400, "bad_host",
                          f"this server does not answer to the Host {name} (its IP address, localhost, its --host "
                          "and the names of its --allow-host only)")
            return
        origin = headers.get("origin")
        if origin is not None and (websocket or scope.get("method", "GET") not in SAFE_METHODS) \
                and not self.access.origin_ok(origin, scheme, host):
            await _refuse(scope, receive, send, 403, "bad_origin",
                          "a page of another site may not use this server (its --allow-origin lists those that may)")
            return
        wait = self.requests.take(key)
        if wait:
            await _refuse(scope, receive, send, 429, "rate_limited",
                          f"more than {self.limits.requests:g} requests a second from one client; slow down",
                          retry_after=wait)
            return
        if not websocket:
            await app(scope, receive, send)
            return
        cap = self.limits.sockets
        if cap and self.sockets.get(key, 0) >= cap:
            await _close_socket(receive, send, f"one client may hold at most {cap} websockets open at once")
            return
        self.sockets[key] = self.sockets.get(key, 0) + 1
        try:
            await app(scope, receive, send)
        finally:
            left = self.sockets[key] - 1
            if left:
                self.sockets[key] = left
            else:
                del self.sockets[key]

    def _forwarded(self, peer: str, headers: dict[str, str]) -> str:
        """The client a trusted proxy reports: the right-most address of `X-Forwarded-For` that is no trusted
        proxy itself (those to its left were written by the client and prove nothing)."""
        client = peer
        for entry in reversed(headers.get("x-forwarded-for", "").split(",")):
            entry = entry.strip()
            if not _is_ip(entry):
                break
            client = entry
            if not self.access.trusted(entry):
                break
        return client

    # ------------------------------------------------------------------ the routes' limits
    def joining(self, scope: Scope) -> None:
        """A client takes a seat: RateLimited past `--join-limit`."""
        wait = self.joins.take(scope.get(CLIENT_KEY, "unknown"))
        if wait:
            raise RateLimited(f"more than {self.limits.joins:g} seats taken a minute from one client; wait a "
                              "little", wait)

    @asynccontextmanager
    async def creating(self, scope: Scope, still_open: Callable[[list[str]], list[str]]) -> Any:
        """A client opens a table: RateLimited past `--table-limit` tables a minute or `--open-table-limit`
        tables still open; `still_open(ids)` says which of the client's tables are (run in a thread). The body
        of the `async with` opens the table and calls `record` on the yielded list with its id."""
        key = scope.get(CLIENT_KEY, "unknown")
        wait = self.tables.take(key)
        if wait:
            raise RateLimited(f"more than {self.limits.tables:g} tables opened a minute from one client; wait a "
                              "little", wait)
        cap = self.limits.open_tables
        if cap:
            mine = self.opened.get(key, [])
            if len(mine) + self.pending.get(key, 0) >= cap:
                mine = await asyncio.to_thread(still_open, mine)
                self.opened[key] = mine
                if not mine:
                    del self.opened[key]
                if len(mine) + self.pending.get(key, 0) >= cap:
                    raise RateLimited(f"one client may have at most {cap} tables open (not started) at once; "
                                      "start or leave one first", 60)
        made: list[str] = []
        self.pending[key] = self.pending.get(key, 0) + 1
        try:
            yield made
        finally:
            self.pending[key] -= 1
            if not self.pending[key]:
                del self.pending[key]
            if made and cap:
                if len(self.opened) >= _KEEP and key not in self.opened:
                    self.opened = {k: v for k, v in self.opened.items() if len(v) >= cap // 2}
                self.opened.setdefault(key, []).extend(made)


class Layer:
    """The ASGI middleware that puts a `Guard` around an application (`app.add_middleware(Layer, guard=g)`)."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app, self.guard = app, guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.guard.handle(self.app, scope, receive, send)


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers, lower-case names; repeated ones joined with commas."""
    out: dict[str, str] = {}
    for name, value in scope.get("headers", ()):
        key, text = name.decode("latin-1").lower(), value.decode("latin-1")
        out[key] = f"{out[key]},{text}" if key in out else text
    return out


def _client_key(address: str) -> str:
    """An IPv4 address as it is, an IPv6 address as its /64 network (one host or home usually holds all of it)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str, *,
                  retry_after: float = 0.0) -> None:
    """Answer an HTTP request (or a websocket's handshake, where the server can) with the lobby's JSON error."""
    body = json.dumps({"error": code, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", str(max(1, math.ceil(retry_after))).encode()))
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1008})  # the server answers the handshake with 403
            return
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
        return
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _close_socket(receive: Receive, send: Send, message: str) -> None:
    """Accept a websocket only to tell it `rate_limited` and close it with `SOCKET_LIMIT_CLOSE` (a browser sees a
    close code; it never sees a refused handshake's status)."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps({"type": "error", "code": "rate_limited",
                                                                "message": message})})
    await send({"type": "websocket.close", "code": SOCKET_LIMIT_CLOSE, "reason": "rate_limited"})


def parse_list(values: Iterable[str] | None) -> tuple[str, ...]:
    """Repeated options whose values may also be comma-separated lists, as one tuple."""
    return tuple(part.strip() for value in values or () for part in value.split(",") if part.strip())


IN_PROCESS = Access(allow_hosts=("testserver",))
"""What an application under Starlette's `TestClient` (which names its server `testserver`) is to accept."""


__all__: Sequence[str] = ["SOCKET_LIMIT_CLOSE", "Access", "Guard", "GuardError", "IN_PROCESS", "Layer", "Limits", "RateLimited",
                          "parse_list"]
