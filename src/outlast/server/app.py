"""The web application of `outlast serve`: the lobby over HTTP (JSON) and live play over a websocket.

Routes (docs/server.md has every request and message with examples):

    GET  /                                       the lobby page (static/index.html; the browser client)
    GET  /t/{table}                              a table's page (the same page: it reads the id from the URL)
    GET  /static/...                             the client's ES modules, styles and vendored preact + htm
    GET  /api/games                              games and their options
    GET  /api/tables                             the lobby: public tables open or in play
    POST /api/tables                             open a table → its id and the host's token
    GET  /api/tables/{table}                     one table (public or private: the id is its invite)
    POST /api/tables/{table}/join                take a seat → the seat's token
    POST /api/tables/{table}/start               the host starts the game
    POST /api/tables/{table}/seats/{seat}/bot    the host seats a bot
    POST /api/tables/{table}/seats/{seat}/kick   the host opens a seat again
    POST /api/tables/{table}/seats/{seat}/standin a bot plays an away or timed-out seat until its player returns
    GET  /api/tables/{table}/chat                the table's chat
    GET  /api/tables/{table}/export              a finished game's save file (what `outlast replay` reads)
    GET  /api/tables/{table}/replay?step=N&seat=S a finished game after N actions, as seat S (or a spectator) sees it
    POST /api/saves                              replay an uploaded save file → its key
    GET  /api/saves/{key}?step=N&seat=S          that save after N actions, as seat S (or a spectator) sees it
    GET  /api/tutorials                          the games that have a tutorial
    POST /api/tutorials                          open a game's tutorial for one learner → its table, seat and token
    GET  /api/rules/{game}[/{section}]           a game's players' rules guide, or one § of it (markdown)
    GET  /rules/{game}, /replay/{table}, /replay the guide's page, a finished table's replay page and the page that
                                                 replays a save file (index.html)
    WS   /ws/{table}                             live play
    WS   /ws/replay/{table}                      a finished table's shared replay room (rooms.py)

Every request and websocket passes guard.py first: its Host and Origin are checked (DNS rebinding, pages of other
sites) and its client's limits counted (requests, tables opened and open, seats taken, websockets open), the
routes that open tables and take seats asking it too. Request bodies are read no further than their limit.

Secrets travel in the `Authorization: Bearer TOKEN` header or the websocket's `hello` message, never in a URL; the
server's own request log names the route, not the path, so an invite link is not written down either.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from outlast.core import Match, OutlastError, SaveError, load_game, parse_document

from .bots import LEASE_SECONDS, BotRunner
from .guard import Access, Guard, Layer, Limits, RateLimited
from .hub import Client, Hub, HubError, TokenBucket
from .protocol import encode
from .replay import Replays, guide
from .rooms import Member, Rooms
from .store import Store, StoreError, listen

log = logging.getLogger("outlast.server")
MAX_BODY = 64 * 1024
MAX_SAVE = 4 * 1024 * 1024
"""The largest save file the replay page may upload, in bytes (a long Robinson Crusoe game is a few hundred KiB)."""
STATIC = Path(__file__).resolve().parent / "static"
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                          "base-uri 'none'; frame-ancestors 'none'",
                "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
"""The page's own files only (no CDN, no inline script), and a table's URL (its invite) never sent as a referrer."""


def create_app(db_url: str, *, bot_pace: float = 0.3, processes: int = 1, rate: float = 20.0,
               lease: float = LEASE_SECONDS, limits: Limits | None = None, access: Access | None = None) -> FastAPI:
    """The server application on the database at `db_url` (SQLite or PostgreSQL); `rate` is each connection's
    message rate limit, `lease` how long a process's hold on a table's bots lasts without renewal, `limits` each
    client's limits and `access` the Host names, origins and proxies it accepts (guard.py; the defaults: those of
    `outlast serve`)."""
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, db_url)
        store.start_checkpoints()
        hub = Hub(store, bot_pace=bot_pace, rate=rate)
        runner = BotRunner(hub, processes=processes, lease=lease)
        stop = threading.Event()
        state.update(hub=hub)
        loop = asyncio.get_running_loop()
        if store.is_postgres:
            def deliver(payload: str) -> None:
                loop.call_soon_threadsafe(lambda: loop.create_task(hub.remote(payload)))
            threading.Thread(target=listen, args=(store.url, deliver, stop), daemon=True,
                             name="outlast-listen").start()
        rebuilt = await hub.recover()
        runner.start_watch()
        clocks = loop.create_task(hub.watch_clocks())
        sweeper = loop.create_task(hub.watch_memory())
        log.info("outlast server ready: %d tables in play rebuilt", rebuilt)
        try:
            yield
        finally:
            clocks.cancel()
            sweeper.cancel()
            stop.set()
            runner.close()
            store.close()

    # redirect_slashes off: its redirect to `/api/tables` from `/api/tables/` named the request's own Host
    app = FastAPI(title="outlast", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                  redirect_slashes=False)
    guard = Guard(limits=limits, access=access)
    app.add_middleware(Layer, guard=guard)  # inside the request log (added later, so further out)

    def hub() -> Hub:
        h: Hub = state["hub"]
        return h

    replays = Replays()

    def rooms() -> Rooms:
        if "rooms" not in state:
            state["rooms"] = Rooms(hub(), replays)
        r: Rooms = state["rooms"]
        return r

    _handlers(app)
    _routes(app, hub, guard)
    _reading_routes(app, hub, replays)
    _socket(app, hub)
    _replay_socket(app, rooms)
    return app


def _handlers(app: FastAPI) -> None:
    """Errors as the lobby's JSON, and a request log that names routes, not paths."""

    @app.exception_handler(HubError)
    async def hub_error(request: Request, exc: HubError) -> Response:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, RateLimited) else None
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_path(request: Request, exc: RequestValidationError) -> Response:
        """A path part of the wrong type (a seat that is no number): a 400 in the lobby's own shape."""
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "request"
        return JSONResponse({"error": "malformed", "message": f"{where}: {str(first.get('msg', 'invalid'))[:120]}"},
                            status_code=400)

    @app.middleware("http")
    async def route_log(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        start = time.perf_counter()
        response = await call_next(request)
        route = request.scope.get("route")
        where = getattr(route, "path", "?")  # the route's pattern: no table id, no token
        # the page's own files (a dozen each time a page opens) only at DEBUG: at INFO they drowned the log
        level = logging.DEBUG if request.url.path.startswith("/static/") else logging.INFO
        log.log(level, "%s %s %d %.1f ms", request.method, where, response.status_code,
                (time.perf_counter() - start) * 1000)
        return response


def _routes(app: FastAPI, hub: Callable[[], Hub], guard: Guard) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return hub().games()

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return await hub().lobby()

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
        body = await _body(request)
        async with guard.creating(request.scope, partial(still_open, hub().store)) as made:
            reply = await hub().create(body)
            made.append(reply["table"])
        return reply

    @app.get("/api/tutorials")
    async def tutorials() -> list[dict[str, Any]]:
        return hub().tutorials()

    @app.post("/api/tutorials")
    async def tutorial(request: Request) -> dict[str, Any]:
        body = await _body(request)
        async with guard.creating(request.scope, partial(still_open, hub().store)):  # it starts at once: never open
            return await hub().create_tutorial(body)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return (await hub().live(table_id)).lobby_entry()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        body = await _body(request)
        guard.joining(request.scope)
        return await hub().join(table_id, body)

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        return await hub().start(table_id, _token(request))

    _seat_routes(app, hub)


def _seat_routes(app: FastAPI, hub: Callable[[], Hub]) -> None:
    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await hub().set_bot(table_id, _token(request), seat, body.get("bot"))

    @app.post("/api/tables/{table_id}/seats/{seat}/kick")
    async def kick(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        return await hub().kick(table_id, _token(request), seat)

    @app.post("/api/tables/{table_id}/seats/{seat}/standin")
    async def standin(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await hub().standin(table_id, _token(request), seat, body.get("bot"))

    @app.get("/api/tables/{table_id}/chat")
    async def chat(table_id: str) -> list[dict[str, Any]]:
        live = await hub().live(table_id)
        rows = await asyncio.to_thread(hub().store.chat, live.id, 0, 500, newest=True)
        return [{"id": i, "seat": s, "name": n, "text": t, "at": at} for i, s, n, t, at in rows]

    @app.get("/api/tables/{table_id}/export")
    async def export(table_id: str) -> dict[str, Any]:
        live = await hub().live(table_id)
        if live.row.status not in ("over", "stale"):  # a stale table gets export_document's own refusal
            raise HubError(409, "not_over", "a game is exported once it is over (its actions hold hidden draws)")
        try:
            return await asyncio.to_thread(export_document, hub().store, live.id)
        except OutlastError as exc:
            raise HubError(409, "stale", str(exc)) from None


def _reading_routes(app: FastAPI, hub: Callable[[], Hub], replays: Replays) -> None:
    """The rules guides, the replay of finished tables and of uploaded save files (replay.py), and their pages."""

    @app.get("/rules/{game}")
    async def rules_page(game: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    @app.get("/replay/{table_id}")
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    @app.get("/replay")
    async def save_page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    @app.get("/api/rules/{game}")
    async def rules(game: str) -> dict[str, Any]:
        return guide(game)

    @app.get("/api/rules/{game}/{section}")
    async def rules_section(game: str, section: str) -> dict[str, Any]:
        return guide(game, section)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: str | None = None, seat: str | None = None) -> dict[str, Any]:
        live = await hub().live(table_id)
        return await asyncio.to_thread(replays.frame, live, step, seat)

    @app.post("/api/saves")
    async def upload(request: Request) -> dict[str, Any]:
        raw = await _limited(request, MAX_SAVE)
        try:
            doc = parse_document(raw.decode("utf-8"), "the save file")
        except UnicodeDecodeError:
            raise HubError(400, "bad_save", "the save file is not UTF-8 text") from None
        except SaveError as exc:
            raise HubError(400, "bad_save", str(exc)[:500]) from None
        return await asyncio.to_thread(replays.upload, doc)

    @app.get("/api/saves/{key}")
    async def save_frame(key: str, step: str | None = None, seat: str | None = None) -> dict[str, Any]:
        return await asyncio.to_thread(replays.save_frame, key, step, seat)


def _socket(app: FastAPI, hub: Callable[[], Hub]) -> None:
    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        try:
            live = await hub().live(table_id)
        except HubError:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        client = Client(send=lambda msg: websocket.send_text(encode(msg)), table=live.id,
                        bucket=TokenBucket(hub().rate, 2 * hub().rate),
                        close=lambda code: websocket.close(code=code))
        live = await hub().connect(live, client)
        try:
            await hub().send_fresh(live, client)
            await _read(websocket, lambda raw: hub().handle(client, raw))
        except WebSocketDisconnect:
            pass
        finally:
            await hub().disconnect(live, client)


def _replay_socket(app: FastAPI, rooms: Callable[[], Rooms]) -> None:
    @app.websocket("/ws/replay/{table_id}")
    async def review(websocket: WebSocket, table_id: str) -> None:
        """A finished table's replay room: refused (an `error`, then closed) for no table or one not over."""
        await websocket.accept()
        try:
            live = await rooms().finished(table_id)
        except HubError as exc:
            await websocket.send_json({"type": "error", "code": exc.code, "message": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        member: Member = rooms().member(lambda msg: websocket.send_text(encode(msg)))
        try:
            await _read(websocket, lambda raw: rooms().handle(live, member, raw))
        except WebSocketDisconnect:
            pass
        finally:
            await rooms().leave(live, member)


async def _read(websocket: WebSocket, handle: Callable[[str | bytes], Awaitable[bool]]) -> None:
    """Hand each message of a socket to `handle` until the client leaves, or `handle` says to close it (False:
    rate-limit abuse)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if not await handle(raw):
            await websocket.close(code=1008)
            return


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a request body (at most 64 KiB, read no further), or `HubError` 400 (413 past it)."""
    raw = await _limited(request, MAX_BODY, "a request body")
    if not raw:
        return {}
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        raise HubError(400, "malformed", "the request body is not JSON") from None
    if not isinstance(doc, dict):
        raise HubError(400, "malformed", "the request body must be a JSON object")
    return doc


async def _limited(request: Request, limit: int, what: str = "a save file") -> bytes:
    """A request body of at most `limit` bytes, read no further than that (a declared Content-Length over it is
    refused before any of it is read; a chunked body as soon as it passes it); `HubError` 413 beyond."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise HubError(413, "too_large", f"{what} may hold at most {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HubError(413, "too_large", f"{what} may hold at most {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _token(request: Request) -> str | None:
    given = request.headers.get("authorization", "")
    scheme, _, token = given.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def still_open(store: Store, table_ids: list[str]) -> list[str]:
    """Those of these tables that are still open (not started), as the database has them."""
    out = []
    for table_id in table_ids:
        try:
            if store.table(table_id).status == "open":
                out.append(table_id)
        except StoreError:  # no such table any more
            pass
    return out


def export_document(store: Store, table_id: str) -> dict[str, Any]:
    """The save document of a stored table (what `outlast replay` and `Match.load` read)."""
    row = store.table(table_id)
    game = load_game(row.game)
    if game.rules_version != row.rules_version:
        raise OutlastError(f"table {table_id} was played under {row.game} rules {row.rules_version}; this engine "
                           f"has {game.rules_version}, so it cannot replay it into a save file")
    if row.status == "stale":
        raise OutlastError(f"table {table_id} is stale: its stored actions no longer replay under this engine")
    match = Match.start(game, row.seed, row.options, list(row.physical) or None)
    for _, seat, text in store.actions(table_id):
        match.play(text, seat)
    return match.to_json()
