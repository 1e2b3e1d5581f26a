"""The hub: every table this server process serves, the lobby's operations and live play (docs/server.md).

One rule orders everything: a change is committed to the database, under the table's row lock and with the
version check, before anyone is told of it. Then each client of the table gets a message built for its own
seat (live.py), and other processes sharing a PostgreSQL database are told through `NOTIFY` (they catch up from
the stored actions and tell their own clients).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, ParamSpec, TypeVar

from outlast.core import IllegalAction, Match, OptionError, OutlastError, load_game, resolve_seed
from outlast.core.companion import physical_kinds
from outlast.core.errors import UnknownGame, shown
from outlast.core.rng import secret_seed
from outlast.tutorials import OffScript, UnknownTutorial, load_tutorial

from . import protocol as p
from .bots import server_agent
from .live import Live, Snapshot, TableStale, event_message
from .store import StaleVersion, Store, StoreError

log = logging.getLogger("outlast.server")

BOT_PACE = 0.3
"""Seconds a bot seat waits before it acts (so that people can follow a bot's moves)."""
MAX_NAME = 40
TUTORIAL_BOT = "heuristic"
"""The bot that plays a tutorial's other seats: their scripted moves while the script lasts, its own after."""
RATE = 20.0
"""The default rate limit: messages a second per connection."""
IDLE_SECONDS = 300.0
"""How long a table in play may sit with no connection and nothing for its bots to do before its process forgets
it (`Hub.sweep`); it stays in the database, and the next request or connection loads it again."""
GRACE_SECONDS = 5.0
"""A finished or open table is kept at least this long after its last use (a page that just asked for it is
about to connect)."""
SWEEP_EVERY = 15.0
"""Seconds between two sweeps of a serving process's tables (`Hub.watch_memory`)."""
SEAT_LOST = 4403
"""The websocket close code of a connection whose seat changed hands (docs/server.md)."""
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class HubError(OutlastError):
    """A lobby request the server refuses: `status` is its HTTP status, `code` a stable word."""

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status, self.code, self.message = status, code, message
        super().__init__(message)


def display_name(text: str) -> str:
    """A player's display name: its runs of white space made single, 1 to `MAX_NAME` characters, with no control
    character (nor a bidirectional override, which would let a name disguise the text around it)."""
    name = " ".join(text.split())
    if not name:
        raise HubError(400, "malformed", "a display name may not be blank")
    if len(name) > MAX_NAME:
        raise HubError(400, "malformed", f"a display name may hold at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") or c in _BIDI_CONTROLS for c in name):
        raise HubError(400, "malformed", "a display name may not hold control characters")
    return name


def token_hash(token: str) -> str:
    """The stored form of a secret token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_secret(token: str | None, stored_hash: str) -> bool:
    """Whether `token` is the secret whose hash is stored, compared in constant time."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


@dataclass(eq=False)
class Client:
    """One websocket connection: its table, its seat (None for a spectator) and what it has been sent."""

    send: Callable[[dict[str, Any]], Any]
    table: str
    seat: int | None = None
    epoch: int = -1
    events: int = 0
    version: int = -1
    """The table version of the last state this connection was sent."""
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket())
    token_hash: str = ""
    """The hash of the seat token this connection said hello with: the seat is its while the seat holds it."""
    close: Callable[[int], Any] | None = None
    """Closes the connection with a websocket close code (None: a connection that cannot be closed, in tests)."""


P = ParamSpec("P")
T = TypeVar("T")

Ack = tuple["Client", "int | None"]
"""The client whose message made a change, and the id it gave that message."""


class TokenBucket:
    """Rate limit of one connection: `rate` messages a second on average, bursts up to `burst`. `strikes`
    counts the messages refused in a row; past `STRIKES` the connection is closed."""

    STRIKES = 100

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()
        self.strikes = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            self.strikes += 1
            return False
        self.tokens -= 1
        self.strikes = 0
        return True


class Hub:
    """Tables, seats and live play for one server process."""

    def __init__(self, store: Store, *, bot_pace: float = BOT_PACE, rate: float = RATE,
                 idle: float = IDLE_SECONDS) -> None:
        self.store = store
        self.bot_pace = bot_pace
        self.rate = rate
        """Messages a second each connection may send on average (bursts of twice as many)."""
        self.idle = idle
        self.tables: dict[str, Live] = {}
        """The tables this process holds in memory: those in use (`sweep` forgets the others)."""
        self.resting: set[str] = set()
        """Tables in play that `sweep` forgot while their bots had nothing to do: the bots' watch leaves them in
        the database until someone uses them again (or another process changes them)."""
        self.bots: Any = None  # set by server.bots.BotRunner.attach

    async def db(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a short database transaction (`work(*args)`, blocking) for the event loop.

        PostgreSQL: in a worker thread, since its statements wait on the network and on other processes' row
        locks. SQLite: right here on the event loop. Its transactions take a fraction of a millisecond and only
        this process writes the file, so there is nothing to wait on; and a worker thread would cost more than
        the work. Handing the thread the GIL and back at each of its statements, while the loop has clients to
        serve, made SQLite's commits the server's bottleneck under load (benchmarks/server_load.md)."""
        if self.store.is_postgres:
            return await asyncio.to_thread(work, *args, **kwargs)
        return work(*args, **kwargs)

    # ------------------------------------------------------------------ loading
    async def live(self, table_id: object) -> Live:
        """The table `table_id`, loaded (and replayed) on first use; `HubError` 404 when there is none. A caller
        that comes while another is still replaying it waits for that (after a restart, two pages reconnect at once:
        the second must not find a table in play without its match)."""
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 32:
            raise HubError(404, "no_table", f"no table {shown(table_id)}")
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
        else:
            try:
                row = await self.db(self.store.table, table_id)
                seats = await self.db(self.store.seats, table_id)
            except StoreError:
                raise HubError(404, "no_table", f"no table {shown(table_id)}") from None
            live = self.tables.setdefault(table_id, Live(row, seats))
            self.resting.discard(table_id)
        if live.match is None and live.row.status in ("playing", "over"):
            async with live.lock:
                await asyncio.to_thread(self._load_match, live)
        return live

    def _load_match(self, live: Live) -> None:
        """Replay a started table from the database; a table that no longer replays is marked stale."""
        if live.match is not None:
            return
        try:
            with self.store.locked(live.id) as tx:
                version = tx.version
                rows = [(seq, seat, text) for seq, seat, text, undone in tx.actions_since(0) if not undone]
            live.rebuild(rows, version)
            live.row = self.store.table(live.id)  # loaded before another process started it: now in play
        except TableStale as exc:
            log.warning("%s", exc)
            self.store.set_status(live.id, "stale")
            live.row = self.store.table(live.id)

    async def refresh_seats(self, live: Live) -> None:
        live.seats = await self.db(self.store.seats, live.id)
        live.row = await self.db(self.store.table, live.id)

    async def recover(self) -> int:
        """After a start (or a crash): rebuild every table in play from its actions and restart its bots and
        clocks. Returns how many tables were rebuilt."""
        rows = await asyncio.to_thread(self.store.list_tables, public_only=False, statuses=("playing",))
        for row in rows:
            live = await self.live(row.id)
            self._clock_tick(live)
            self.after_change(live)
        return len(rows)

    # ------------------------------------------------------------------ the lobby
    def games(self) -> list[dict[str, Any]]:
        """Every game the server offers, with its options (the form a client builds a table with)."""
        from outlast.core import list_games

        out = []
        for name in list_games():
            game = load_game(name)
            out.append({
                "name": name, "title": game.title, "description": game.description, "players": list(game.players), "kind": game.kind,
                "rules_version": game.rules_version,
                "teaching": teaching.to_json() if (teaching := game.teaching()) is not None else None,
                "chance_kinds": [{"name": k.name, "label": k.label, "component": k.component, "rule": k.rule}
                                 for k in game.chance_kinds],
                "options": [{"name": o.name, "kind": o.kind, "default": _plain(o.default), "help": o.help,
                             "choices": [_plain(c) for c in o.choices], "secret": bool(o.secret_bits)}
                            for o in game.options],
            })
        return out

    async def create(self, body: Any) -> dict[str, Any]:
        """Open a new table: `{game, options?, public?, clock?, practice?, seed?, name?, physical?}` → its id and the
        host's token; with a `name`, the host takes the first seat under it at once (`seat` and `token` in the reply).
        `physical` makes it a companion table (docs/companion.md): the kinds of roll and draw its people answer from
        the physical box (`all`, or a list of kinds and components; `Game.chance_kinds`).

        The table's seed is `secret_seed()` (128 bits from `secrets`), stored and never sent to a client. A host
        may name the seed only for a practice table (`"practice": true`), which every seat and the lobby see
        labelled as one: whoever knows the seed may foresee every hidden outcome. An option that is a spoiler
        (`Option.secret_bits`: a Discover copy) is drawn in secret unless the host names it; a named one is shown.
        """
        if not isinstance(body, dict):
            raise HubError(400, "malformed", "the request body must be a JSON object")
        unknown = set(body) - {"game", "options", "seed", "public", "clock", "practice", "name", "physical"}
        if unknown:
            raise HubError(400, "malformed", f"unknown field {shown(sorted(unknown)[0])}")
        if body.get("name") is not None and not isinstance(body["name"], str):
            raise HubError(400, "malformed", "name must be the host's name at the table, a text")
        host_name = display_name(body["name"]) if body.get("name") is not None else None
        if not isinstance(body.get("game"), str):
            raise HubError(400, "malformed", "name the game: {\"game\": \"fuji\"} (GET /api/games lists them)")
        given, practice = body.get("options", {}), body.get("practice", False)
        public, clock = body.get("public", True), body.get("clock", 0)
        if not isinstance(given, dict):
            raise HubError(400, "malformed", "options must be a JSON object of option names and values")
        if not isinstance(practice, bool):
            raise HubError(400, "malformed", "practice must be true or false")
        if not isinstance(public, bool):
            raise HubError(400, "malformed", "public must be true or false")
        if type(clock) is not int or not 0 <= clock <= 24 * 3600:
            raise HubError(400, "malformed", "clock must be whole seconds per seat, 0 to 86400 (0: no clock)")
        if body.get("seed") is not None and not practice:
            raise HubError(400, "seed_refused", "a seed chosen by the host lets the host foresee every hidden die "
                                                "and card: name a seed only for a practice table "
                                                "({\"practice\": true}, labelled as such for everyone)")
        try:
            game = load_game(body["game"])
            drawn = {o.name: secrets.randbits(o.secret_bits) for o in game.options
                     if o.secret_bits and o.name not in given}
            options = game.options.resolve({**given, **drawn})
            seed = resolve_seed(body["seed"]) if body.get("seed") is not None else secret_seed()
            physical = physical_kinds(game, body.get("physical"))
            # a Discover copy is generated here (seconds for a new one): in a worker thread, not on the loop
            seats, content_id = await asyncio.to_thread(_deal_facts, game, seed, options)
        except (UnknownGame, OptionError) as exc:
            raise HubError(400, "bad_option", str(exc)) from None
        except OutlastError as exc:
            raise HubError(400, "bad_option", str(exc)) from None
        host = secrets.token_urlsafe(24)
        table_id = await self.db(
            self.store.create_table, game=game.name, options=_plain(options), seed=seed,
            rules_version=game.rules_version, content_id=content_id, public=public,
            host_hash=token_hash(host), seats=seats, clock=clock, practice=practice, secret_options=sorted(drawn),
            physical=sorted(physical))
        made: dict[str, Any] = {"table": table_id, "host_token": host, "seats": seats}
        if host_name is not None:  # the host sits down at once (issue 24 §2): a seat and its token
            made.update(await self.join(table_id, {"name": host_name}))
        return made

    @staticmethod
    def tutorials() -> list[dict[str, Any]]:
        """The games that have a tutorial (`outlast.tutorials`): each one's title and how many steps the learner
        plays."""
        from outlast.tutorials import GAMES

        return [{"game": game, "title": t.title, "steps": t.learner_steps}
                for game in GAMES for t in [load_tutorial(game)]]

    async def create_tutorial(self, body: Any) -> dict[str, Any]:
        """Open a game's tutorial for one learner: `{game, name?}` → the table, the learner's seat and its token.

        The table is private and in play at once: made from the tutorial's options and seed (a practice table,
        labelled as a tutorial), the learner seated under `name`, the other seats played by `TUTORIAL_BOT`
        following the script. Nobody hosts it (its host token is never given out), so its seats never change."""
        if not isinstance(body, dict) or set(body) - {"game", "name"}:
            raise HubError(400, "malformed", "a tutorial needs {\"game\": NAME} and may give a \"name\"")
        try:
            tutorial = load_tutorial(body.get("game"))
        except UnknownTutorial as exc:
            raise HubError(404, "no_tutorial", str(exc)) from None
        except TypeError:
            raise HubError(404, "no_tutorial", str(UnknownTutorial(body.get("game")))) from None
        name = display_name(body.get("name") or "You") if isinstance(body.get("name", ""), str) else None
        if name is None:
            raise HubError(400, "malformed", "name must be a text")
        game = load_game(tutorial.game)
        options = game.options.resolve(tutorial.options)
        seats, content_id = await asyncio.to_thread(_deal_facts, game, tutorial.seed, options)
        host = secrets.token_urlsafe(24)
        table_id = await self.db(
            self.store.create_table, game=game.name, options=_plain(options), seed=tutorial.seed,
            rules_version=game.rules_version, content_id=content_id, public=False, host_hash=token_hash(host),
            seats=seats, practice=True, tutorial=game.name)
        token = secrets.token_urlsafe(24)
        for seat in range(seats):
            if seat == tutorial.seat:
                await self.db(self.store.set_seat, table_id, seat, kind="human", name=name, token_hash=token_hash(token))
            else:
                await self.db(self.store.set_seat, table_id, seat, kind="bot", name=TUTORIAL_BOT, bot=TUTORIAL_BOT)
        await self.start(table_id, host)
        return {"table": table_id, "seat": tutorial.seat, "token": token, "game": game.name}

    async def lobby(self) -> list[dict[str, Any]]:
        """Public tables that are open or in play, newest first: read from the database, without loading (and
        replaying) the tables this process does not hold."""
        rows = await asyncio.to_thread(self.store.list_tables, public_only=True, statuses=("open", "playing"))
        seats = await asyncio.to_thread(self.store.seats_of, [r.id for r in rows if r.id not in self.tables])
        out = []
        for row in rows:
            live = self.tables.get(row.id) or Live(row, seats.get(row.id, []), version=row.version)
            out.append(live.lobby_entry())
        return out

    async def join(self, table_id: str, body: Any) -> dict[str, Any]:
        """Take a free seat: `{name, seat?}` → the seat and its secret token."""
        live = await self.live(table_id)
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise HubError(400, "malformed", "joining needs {\"name\": TEXT} and may name a \"seat\"")
        name = display_name(body["name"])
        want = None if body.get("seat") is None else self._seat_number(live, body["seat"])
        self._check_not_finished(live)
        async with live.lock:
            await self.refresh_seats(live)
            free = [s.seat for s in live.seats if s.kind == "open"]
            if want is not None and want not in free:
                raise HubError(409, "seat_taken", f"seat {shown(want)} is not free; free seats: {free or 'none'}")
            if not free:
                raise HubError(409, "table_full", "every seat of this table is taken")
            seat = want if want is not None else free[0]
            token = secrets.token_urlsafe(24)
            await self.db(self.store.set_seat, live.id, seat, kind="human", name=name,
                          token_hash=token_hash(token))
            await self.refresh_seats(live)
        await self.seats_changed(live)
        return {"table": live.id, "seat": seat, "token": token}

    def _check_host(self, live: Live, token: str | None) -> None:
        if not same_secret(token, live.row.host_hash):
            raise HubError(403, "not_host", "only the table's host may do that (send the host token)")

    async def set_bot(self, table_id: str, token: str | None, seat: object, bot: object) -> dict[str, Any]:
        """The host seats a bot (`heuristic`, `ismcts:time=0.5`, …) in an open seat, or hands a seat to one."""
        live = await self.live(table_id)
        self._check_host(live, token)
        seat_no = self._seat_number(live, seat)
        self._check_not_finished(live)
        if not isinstance(bot, str):
            raise HubError(400, "malformed", "bot must be a bot spec such as \"heuristic\"")
        try:
            server_agent(bot, load_game(live.row.game))
        except (OutlastError, TypeError, ValueError) as exc:
            raise HubError(400, "bad_bot", f"bot {shown(bot)}: {exc}") from None
        async with live.lock:
            await self.db(self.store.set_seat, live.id, seat_no, kind="bot", name=bot, bot=bot)
            await self.refresh_seats(live)
        await self.seats_changed(live)
        self.after_change(live)
        return {"table": live.id, "seat": seat_no, "bot": bot}

    async def kick(self, table_id: str, token: str | None, seat: object) -> dict[str, Any]:
        """The host opens a seat again (its token stops working; its connections are closed)."""
        live = await self.live(table_id)
        self._check_host(live, token)
        seat_no = self._seat_number(live, seat)
        async with live.lock:
            await self.db(self.store.set_seat, live.id, seat_no, kind="open")
            await self.refresh_seats(live)
        await self.seats_changed(live)
        return {"table": live.id, "seat": seat_no, "kind": "open"}

    async def standin(self, table_id: str, token: str | None, seat: object, bot: object) -> dict[str, Any]:
        """Let a bot play a human seat until its player comes back: the host when the seat is away, any seated
        player when the seat's clock has run out. `bot` "" ends the stand-in."""
        live = await self.live(table_id)
        seat_no = self._seat_number(live, seat)
        target = live.seats[seat_no]
        if target.kind != "human":
            raise HubError(409, "not_human", f"seat {seat_no} is not a player's seat")
        timed_out = any(s["seat"] == seat_no and s["clock"] == 0 for s in live.seat_list())
        host = same_secret(token, live.row.host_hash)
        player = any(same_secret(token, s.token_hash) for s in live.seats if s.kind == "human" and s.seat != seat_no)
        if not ((host and (target.away or timed_out)) or (player and timed_out)):
            raise HubError(403, "not_allowed", "a stand-in needs the host (for an away seat) or a player "
                                               "(for a seat whose clock ran out)")
        if not isinstance(bot, str):
            raise HubError(400, "malformed", "bot must be a bot spec, or \"\" to end the stand-in")
        if bot:
            try:
                server_agent(bot, load_game(live.row.game))
            except (OutlastError, TypeError, ValueError) as exc:
                raise HubError(400, "bad_bot", f"bot {shown(bot)}: {exc}") from None
        await self._set_standin(live, seat_no, bot)
        return {"table": live.id, "seat": seat_no, "standin": bot}

    async def _set_standin(self, live: Live, seat: int, bot: str) -> None:
        async with live.lock:
            s = live.seats[seat]
            await self.db(self.store.set_seat, live.id, seat, kind="human", name=s.name, bot=bot,
                          token_hash=s.token_hash)
            await self.refresh_seats(live)
        await self.seats_changed(live)
        self.after_change(live)

    def _check_not_finished(self, live: Live) -> None:
        """Seats change while a table is open or in play (a kicked seat may be taken again mid-game), not after."""
        if live.row.status in ("over", "stale"):
            raise HubError(409, "finished", f"the table is {live.row.status}: its seats no longer change")

    def _seat_number(self, live: Live, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < len(live.seats):
            raise HubError(400, "bad_seat", f"seat must be 0 to {len(live.seats) - 1}, not {shown(seat)}")
        return seat

    async def drop_lost_seats(self, live: Live) -> None:
        """Close every connection of this table whose seat no longer holds the token it said hello with (the host
        opened the seat, gave it to a bot, or another player took it), after the seats were read from the
        database: on every process, since each one calls this when told of a seat change (`NOTIFY`)."""
        for client in list(live.clients):
            seat = client.seat
            if seat is None:
                continue
            row = live.seats[seat] if seat < len(live.seats) else None
            if row is not None and row.kind == "human" and client.token_hash and row.token_hash == client.token_hash:
                continue
            client.seat, client.epoch, client.token_hash = None, -1, ""
            live.clients.discard(client)
            await _send(live, client, p.error("seat_lost", "this seat is no longer yours: the host opened it again "
                                                           "or gave it to a bot, so this connection is closed"))
            if client.close is not None:
                try:
                    await client.close(SEAT_LOST)
                except Exception:  # already closed by the other side
                    log.debug("closing a connection that lost its seat", exc_info=True)

    async def start(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The host starts the game once every seat is taken (by a player or a bot)."""
        live = await self.live(table_id)
        self._check_host(live, token)
        async with live.lock:
            await self.refresh_seats(live)
            if live.row.status != "open":
                raise HubError(409, "not_open", f"the table is {live.row.status}, not open")
            empty = [s.seat for s in live.seats if s.kind == "open"]
            if empty:
                raise HubError(409, "seats_open", f"seats {empty} are still open: fill them with players or bots")
            match = await asyncio.to_thread(self._deal, live)  # a Discover copy is generated here: not on the loop
            await self.db(self._store_start, live, match)
            self._clock_tick(live)  # the first seats to act start their clocks now
            await self.broadcast(live)
        self.after_change(live)
        return {"table": live.id, "status": "playing", "version": live.version}

    @staticmethod
    def _deal(live: Live) -> Match:
        """The table's match from its seed and options, dealt up to its first choice (the opening chance
        outcomes): built before the table's lock is taken, since other tables' actions wait on that lock."""
        match = live.replayed([])
        live.settle_chance(match)
        return match

    def _store_start(self, live: Live, match: Match) -> None:
        """Store the deal of `match` and put the table in play, in one transaction (409 if another process
        started it first)."""
        with self.store.locked(live.id) as tx:
            if tx.status != "open":
                raise HubError(409, "not_open", f"the table is {tx.status}, not open")
            tx.set_status("playing")
            version = tx.version
            for entry in match.history:
                version = tx.append(version, entry.seat, entry.text)
            tx.notify(f"v:{live.id}:{version}")
        live.install(match, version)
        live.row = self.store.table(live.id)

    # ------------------------------------------------------------------ live play
    async def commit(self, live: Live, seat: int, version: int, text: str, ack: Ack | None = None,
                     holder: str | None = None) -> None:
        """Apply `text` for `seat` at `version`, resolve chance, store it all, then tell everyone. `holder`: the
        hash of the token a player's connection holds the seat with, checked in the same transaction (a bot: None).

        Raises `IllegalAction` (the rules refuse it), `StaleVersion` (someone acted first) or `HubError`
        `not_seated` (the seat changed hands, on any process): nothing changed.
        """
        async with live.lock:
            await self.db(self._commit, live, seat, version, text, holder)
            self._clock_tick(live)
            await self.broadcast(live, ack)
        self.after_change(live)

    @contextmanager
    def _at_version(self, live: Live, version: int, seat: int, holder: str | None) -> Iterator[Any]:
        """The table's locked transaction, once the match is caught up and known to be at `version` (else
        `IllegalAction` for a table not in play, `StaleVersion` for another version) and, for a player, once the
        seat is known to be still held with the token hashed `holder` (else `HubError` `not_seated`): nothing has
        changed yet."""
        if live.match is None or live.row.status != "playing":
            raise IllegalAction(f"the table is {live.row.status}, not in play")
        with self.store.locked(live.id) as tx:
            if holder is not None and tx.seat(seat) != ("human", holder):
                raise HubError(403, "not_seated", "this connection no longer holds a seat")
            self._catch_up(live, tx)
            if version != tx.version:
                raise StaleVersion(version, tx.version)
            yield tx

    def _commit(self, live: Live, seat: int, version: int, text: str, holder: str | None) -> None:
        with self._at_version(live, version, seat, holder) as tx:
            match = live.match
            assert match is not None
            done = len(match.history)
            tutorial = live.tutorial
            if tutorial is not None and holder is not None:
                tutorial.check(match, seat, text)  # the learner: the script's move only (OffScript: the hint)
            try:
                match.play(text, seat)
                live.settle_chance(match)
                stored = tx.version
                for entry in match.history[done:]:
                    stored = tx.append(stored, entry.seat, entry.text)
                if match.state.is_over():
                    tx.set_status("over")
                tx.notify(f"v:{live.id}:{stored}")
            except BaseException:
                if len(match.history) > done:  # applied here but not stored: back to what the database holds
                    live.match = match.rebuilt(done)
                    live.epoch += 1
                raise
        live.version = stored
        if match.state.is_over():
            live.row = self.store.table(live.id)

    def _catch_up(self, live: Live, tx: Any) -> None:
        """Bring the in-memory match to the stored version (another process may have acted)."""
        if tx.version == live.version:
            return
        rows = tx.actions_since(live.version)
        if not live.catch_up(rows, tx.version):
            everything = [(seq, seat, text) for seq, seat, text, undone in tx.actions_since(0) if not undone]
            live.rebuild(everything, tx.version)
        live.row = self.store.table(live.id)

    async def undo(self, live: Live, seat: int, version: int, ack: Ack | None = None,
                   holder: str | None = None) -> None:
        """Take back `seat`'s last action (`Match.can_undo`: no other seat has acted and nothing was revealed);
        `holder` as for `commit`."""
        async with live.lock:
            # it replays the match: not on the loop
            taken, gone = await asyncio.to_thread(self._undo, live, seat, version, holder)
            self._clock_tick(live)
            await self.broadcast(live, ack)
            await self._tell_undone(live, seat, taken, gone)
        self.after_change(live)

    async def _tell_undone(self, live: Live, seat: int, taken: str, gone: list[Any]) -> None:
        """Tell the table a seat took back its action: its own connections get the action's text; every
        connection gets the log lines the undo took away that it could see (another seat's action may be
        secret, as a reroll behind a Fuji screen: its lines say what may be said of it)."""
        for client in list(live.clients):
            msg: dict[str, Any] = {"type": "undone", "table": live.id, "seat": seat, "name": live.seats[seat].name,
                                   "events": [event_message(e) for e in gone if e.visible(client.seat)]}
            if client.seat == seat:
                msg["action"] = taken
            await _send(live, client, msg)

    def _undo(self, live: Live, seat: int, version: int, holder: str | None) -> tuple[str, list[Any]]:
        """Undo `seat`'s last action; returns its text and the events it had logged."""
        with self._at_version(live, version, seat, holder) as tx:
            match = live.match
            assert match is not None
            reason = match.can_undo(seat)
            if reason:
                raise IllegalAction(reason, "architecture §4")
            stored = tx.undo(tx.version, 1)
            tx.notify(f"v:{live.id}:{stored}")
        taken, before = match.history[-1].text, match.state.events
        live.match = match.rebuilt(len(match.history) - 1)
        live.version, live.epoch = stored, live.epoch + 1
        return taken, list(before[len(live.match.state.events):])

    async def chat(self, live: Live, seat: int | None, text: str) -> None:
        """A chat line from a seated player, checked by the game's chat rule, stored, then shown to the table."""
        if seat is None:
            raise HubError(403, "spectator", "spectators read the table but do not talk at it")
        line = " ".join(text.split())
        if not line:
            raise HubError(400, "malformed", "a chat line may not be blank")
        async with live.lock:  # the rule reads the game, which a commit may be changing in its worker
            if live.match is not None:
                live.match.game.check_chat(live.match.state, seat, line)
        name = live.seats[seat].name
        chat_id = await self.db(self.store.add_chat, live.id, seat, name, line)
        await self.db(self._notify, live.id, f"c:{live.id}:{chat_id}")
        await self.send_all(live, {"type": "chat", "id": chat_id, "seat": seat, "name": name, "text": line})

    def _notify(self, table_id: str, payload: str) -> None:
        """Tell the other processes on the same PostgreSQL database (SQLite serves one process: nobody)."""
        if self.store.is_postgres:
            with self.store.locked(table_id) as tx:
                tx.notify(payload)

    # ------------------------------------------------------------------ telling clients
    async def send_to(self, live: Live, client: Client, ack: int | None = None,
                      snapshot: Snapshot | None = None) -> None:
        """Bring one client up to date (a full view when it is behind an undo or new); `snapshot`, the table
        drawn at this version for a set of seats holding the client's, when several clients are told at once."""
        if live.match is None:
            await _send(live, client, {"type": "lobby", "table": live.id, "status": live.row.status,
                                       "entry": live.lobby_entry(), "seat": client.seat})
            return
        msg, seen = live.view_message(client.seat, client.epoch, client.events, snapshot)
        client.epoch, client.events, client.version = live.epoch, seen, live.version
        if ack is not None:
            msg["ack"] = ack
        await _send(live, client, msg)

    async def send_fresh(self, live: Live, client: Client) -> None:
        """`send_to` under the table's lock, for a client asking on its own (a new connection, hello, sync, a
        stale action): a commit applies the action in a worker thread, and no view may be read half-way."""
        async with live.lock:
            await self.send_to(live, client)

    async def broadcast(self, live: Live, ack: Ack | None = None) -> None:
        """Bring every client of the table up to date; the client whose message made the change gets its `ack`."""
        clients = list(live.clients)
        snapshot = live.snapshot(c.seat for c in clients) if live.match is not None and clients else None
        for client in clients:
            await self.send_to(live, client, ack[1] if ack is not None and ack[0] is client else None, snapshot)

    async def bring_up(self, live: Live) -> None:
        """Send the table's state to each client that lacks it (its version or epoch is behind the table's)."""
        if live.match is None:
            return
        behind = [c for c in live.clients if c.epoch != live.epoch or c.version != live.version]
        snapshot = live.snapshot(c.seat for c in behind) if behind else None
        for client in behind:
            await self.send_to(live, client, snapshot=snapshot)

    async def send_all(self, live: Live, msg: dict[str, Any]) -> None:
        for client in list(live.clients):
            await _send(live, client, msg)

    async def seats_changed(self, live: Live) -> None:
        await self.drop_lost_seats(live)
        await self.db(self._notify, live.id, f"s:{live.id}")
        await self.send_all(live, {"type": "seats", "table": live.id, "seats": live.seat_list(),
                                   "status": live.row.status})

    def after_change(self, live: Live) -> None:
        """Restart the table's bot driver and clock watch after any change (they stop by themselves)."""
        if self.bots is not None:
            self.bots.wake(live)

    async def watch_clocks(self, every: float = 1.0) -> None:
        """Tell a table the moment one of its seats' clocks runs out (its players may then call in a stand-in)."""
        while True:
            await asyncio.sleep(every)
            for live in list(self.tables.values()):
                if not live.row.clock or live.match is None or live.over:
                    continue
                out = {s["seat"] for s in live.seat_list() if s["clock"] == 0} - live.expired
                if out:
                    live.expired |= out
                    await self.send_all(live, {"type": "seats", "table": live.id, "seats": live.seat_list(),
                                               "status": live.row.status, "timed_out": sorted(out)})

    def _clock_tick(self, live: Live) -> None:
        """Charge the time spent to the seats that were to act, and start the clocks of those to act now."""
        if not live.row.clock or live.match is None:
            return
        now = time.time()
        movers = set() if live.match.state.is_over() else set(live.match.state.to_move())
        for seat, since in list(live.turn_since.items()):
            if seat not in movers:
                left = max(0.0, live.seats[seat].clock_left - (now - since))
                self.store.set_clock(live.id, seat, left)
                live.seats[seat] = replace(live.seats[seat], clock_left=left)  # as stored, for the next turn
                del live.turn_since[seat]
        for seat in movers:
            if seat >= 0 and live.seats[seat].kind == "human" and seat not in live.turn_since:
                live.turn_since[seat] = now

    # ------------------------------------------------------------------ a connection's messages
    async def handle(self, client: Client, raw: str | bytes) -> bool:
        """Answer one raw client message; False when the connection should close (rate limit abuse)."""
        live = await self.live(client.table)
        if not client.bucket.take():
            await _send(live, client, p.error("rate_limited", "too many messages; slow down"))
            return client.bucket.strikes <= TokenBucket.STRIKES
        try:
            msg = p.parse_client(raw)
        except p.ProtocolError as exc:
            await _send(live, client, p.error(exc.code, exc.message))
            return True
        msg_id = getattr(msg, "id", None)
        try:
            await self._dispatch(live, client, msg)
        except OffScript as exc:
            await _send(live, client, p.rejected("off_script", exc.hint, "", live.version, msg_id))
        except IllegalAction as exc:
            await _send(live, client, p.rejected("illegal", exc.reason, exc.rule, live.version, msg_id))
        except StaleVersion as exc:
            await _send(live, client, p.rejected("stale", f"the table is at version {exc.actual}, not "
                                                          f"{exc.expected}", "", live.version, msg_id))
            if exc.expected > exc.actual:
                client.epoch = -1  # a version the table never had: resync this client with the full view
            async with live.lock:  # the change came from another process: whoever lacks it gets it now
                await self.bring_up(live)
        except HubError as exc:
            await _send(live, client, p.error(exc.code, exc.message))
        except (OutlastError, ValueError) as exc:  # a chat rule's refusal, a game's own check
            rule = getattr(exc, "rule", "")
            reason = getattr(exc, "reason", None)  # without the rule (str(exc) ends with it too)
            await _send(live, client, p.rejected("refused", reason if isinstance(reason, str) and rule else str(exc),
                                                 rule, live.version, msg_id))
        return True

    async def _dispatch(self, live: Live, client: Client, msg: Any) -> None:
        if isinstance(msg, p.Hello):
            await self.hello(live, client, msg.token)
        elif isinstance(msg, p.Ping):
            await _send(live, client, {"type": "pong", "version": live.version})
        elif isinstance(msg, p.Sync):
            client.epoch = -1
            await self.send_fresh(live, client)
        elif isinstance(msg, p.Chat):
            await self.chat(live, client.seat, msg.text)
        elif client.seat is None:
            raise HubError(403, "spectator", "spectators may not act: join a seat first")
        elif isinstance(msg, p.Act):
            self._seat_still_valid(live, client)
            await self._lost_seat_closes(live, self.commit(live, client.seat, msg.version, msg.action,
                                                           (client, msg.id), holder=client.token_hash))
            if live.seats[client.seat].bot:  # the player is back and has acted: the stand-in bot steps aside
                await self._set_standin(live, client.seat, "")
        elif isinstance(msg, p.Undo):
            self._seat_still_valid(live, client)
            await self._lost_seat_closes(live, self.undo(live, client.seat, msg.version, (client, msg.id),
                                                         holder=client.token_hash))

    async def _lost_seat_closes(self, live: Live, change: Awaitable[None]) -> None:
        """Run a seat's change; if the database says the seat changed hands meanwhile (another process's kick not
        yet announced here), read the seats again and close the connections that lost theirs."""
        try:
            await change
        except HubError as exc:
            if exc.code == "not_seated":
                await self.refresh_seats(live)
                await self.drop_lost_seats(live)
            raise

    def _seat_still_valid(self, live: Live, client: Client) -> None:
        seat = client.seat
        if seat is None or live.seats[seat].kind != "human" or live.seats[seat].token_hash != client.token_hash:
            client.seat = None
            raise HubError(403, "not_seated", "this connection no longer holds a seat")

    async def hello(self, live: Live, client: Client, token: str | None) -> None:
        """Identify the connection: a valid seat token makes it that seat's; no token makes it a spectator."""
        seat, held = None, ""
        if token is not None:
            await self.refresh_seats(live)  # the seats as the database has them now, whichever process changed them
            seat = next((s.seat for s in live.seats if s.kind == "human" and same_secret(token, s.token_hash)),
                        None)
            if seat is None:
                raise HubError(403, "bad_token", "that token holds no seat at this table")
            held = live.seats[seat].token_hash
        client.seat, client.epoch, client.token_hash = seat, -1, held
        await _send(live, client, {"type": "welcome", "table": live.id, "seat": seat,
                                   "name": live.seats[seat].name if seat is not None else ""})
        if seat is not None and live.seats[seat].away:
            await self.db(self.store.set_away, live.id, seat, False)
            await self.refresh_seats(live)
            await self.seats_changed(live)
        await self.send_fresh(live, client)

    async def connect(self, live: Live, client: Client) -> Live:
        """Add a connection to its table; returns the table as this process holds it now (`live`, or the one
        loaded in its place if `sweep` forgot `live` meanwhile)."""
        current = self.tables.setdefault(live.id, live)
        self.resting.discard(live.id)
        current.clients.add(client)
        current.touched = time.monotonic()
        return current

    def sweep(self, now: float | None = None) -> int:
        """Forget the tables nobody uses (they stay in the database; `live` loads one again when asked): a finished
        or open table without connections (after `GRACE_SECONDS`), and a table in play without connections, clock
        or a bot to move that has been idle for `idle` seconds. Frees the bots' state of each. Returns how many."""
        moment = time.monotonic() if now is None else now
        gone = [table_id for table_id, live in self.tables.items() if self._restable(live, moment)]
        for table_id in gone:
            live = self.tables.pop(table_id)
            playing = live.row.status == "playing" and not live.over
            if playing:
                self.resting.add(table_id)
            if self.bots is not None:
                self.bots.forget(table_id, over=not playing)
        return len(gone)

    def _restable(self, live: Live, now: float) -> bool:
        if live.clients or live.lock.locked() or (live.bot_task is not None and not live.bot_task.done()):
            return False
        quiet = now - live.touched
        if live.over or live.row.status in ("over", "stale", "open"):
            return quiet > GRACE_SECONDS
        if live.row.clock or (self.bots is not None and self.bots.bot_to_move(live) is not None):
            return False  # a clock runs (its time is kept in memory) or the bots have work
        return quiet > self.idle

    async def watch_memory(self, every: float = SWEEP_EVERY) -> None:
        """Sweep this process's tables every `every` seconds (a serving process runs it for its whole life)."""
        while True:
            await asyncio.sleep(every)
            forgotten = self.sweep()
            if forgotten:
                log.debug("forgot %d tables nobody uses; %d held", forgotten, len(self.tables))

    async def disconnect(self, live: Live, client: Client) -> None:
        """A connection closed: its seat is away once no connection of it is left here."""
        live.clients.discard(client)
        seat = client.seat
        if seat is None or any(c.seat == seat for c in live.clients) or live.seats[seat].kind != "human":
            return
        await self.db(self.store.set_away, live.id, seat, True)
        await self.refresh_seats(live)
        await self.seats_changed(live)
        self.after_change(live)

    # ------------------------------------------------------------------ other processes
    async def remote(self, payload: str) -> None:
        """A `NOTIFY` from another process: catch up and tell our clients."""
        kind, _, rest = payload.partition(":")
        table_id = rest.split(":")[0]
        live = self.tables.get(table_id)
        if live is None:
            self.resting.discard(table_id)  # changed elsewhere: its bots may have work again
            return
        if kind == "v":
            async with live.lock:
                if live.match is not None and live.version >= int(rest.split(":")[1]):
                    await self.bring_up(live)  # our own change, or one a stale act made us catch up with
                    return
                await self.db(self._remote_catch_up, live)
                self._clock_tick(live)
                await self.broadcast(live)
            self.after_change(live)
        elif kind == "s":
            await self.refresh_seats(live)
            await self.drop_lost_seats(live)
            await self.send_all(live, {"type": "seats", "table": live.id, "seats": live.seat_list(),
                                       "status": live.row.status})
        elif kind == "c":
            since = int(rest.split(":")[1]) - 1
            for cid, seat, name, text, _ in await self.db(self.store.chat, live.id, since, 1):
                await self.send_all(live, {"type": "chat", "id": cid, "seat": seat, "name": name, "text": text})

    def _remote_catch_up(self, live: Live) -> None:
        if live.match is None:
            self._load_match(live)
            return
        with self.store.locked(live.id) as tx:
            self._catch_up(live, tx)


async def _send(live: Live, client: Client, msg: dict[str, Any]) -> None:
    """Send one message; a connection that cannot take it is dropped from the table."""
    try:
        result = client.send(msg)
        if asyncio.iscoroutine(result):
            await result
    except Exception:  # a closed socket: the reader loop ends the connection
        live.clients.discard(client)


def _deal_facts(game: Any, seed: int, options: dict[str, Any]) -> tuple[int, str]:
    """A new table's seat count and content id (checking that the options make a game)."""
    return game.new_game(seed=seed, **options).seat_count(), game.content_id(options)


def _plain(value: Any) -> Any:
    """Options as JSON has them (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
