"""The server's storage: tables, seats, action logs and chat in SQLite or PostgreSQL (docs/server.md, Storage).

`Store(url)` opens the database and migrates it to the newest schema (Alembic, `migrations/`). Every change of
a game goes through `Store.locked(table_id)`: one transaction holding the table's lock, in which the caller
checks the version it was shown, appends or undoes, and commits before telling anyone. PostgreSQL lets several
server processes share one database: the lock is the table row's (`SELECT ... FOR UPDATE`), and a committed
change is announced to the other processes with `NOTIFY outlast_tables` (`Tx.notify`, `listen`). SQLite serves
one process: it runs in WAL mode, and a write transaction takes the database's write lock (`BEGIN IMMEDIATE`).
"""

from __future__ import annotations

import functools
import json
import logging
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, Row, create_engine, event, insert, or_, select, text, update
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, OperationalError, SQLAlchemyError

from outlast.core.errors import OutlastError, shown
from outlast.core.paths import data_dir

from .schema import SEAT_KINDS, TABLE_STATUSES, Action, Chat, Seat, Table

CHANNEL = "outlast_tables"
"""The PostgreSQL channel of `Tx.notify` and `listen`."""
MIGRATIONS = Path(__file__).parent / "migrations"
_MIGRATION_LOCK = 0x6F75746C617374
"""The PostgreSQL advisory lock that makes processes starting together migrate one at a time ('outlast')."""
_BUSY_MS = 30_000
log = logging.getLogger("outlast.server")
CHECKPOINT_EVERY = 0.25
"""Seconds between two checkpoints of a server's SQLite log (`Store.start_checkpoints`)."""
CHECKPOINT_RESTART = 2000
"""Log pages (8 MB) past which a checkpoint takes this process's write turn, so that the log starts over."""
"""How long a SQLite connection waits for another's write lock before it gives up."""
_HASH = re.compile(r"^([0-9a-f]{64})?$")
_DRIVERS = {"sqlite": "sqlite+pysqlite", "sqlite+pysqlite": "sqlite+pysqlite", "postgresql": "postgresql+psycopg",
            "postgres": "postgresql+psycopg", "postgresql+psycopg": "postgresql+psycopg"}
_EXAMPLES = "sqlite:///PATH/TO/FILE.db or postgresql://USER:PASSWORD@HOST:PORT/DATABASE"


class StoreError(OutlastError):
    """The database URL is wrong, a table or seat does not exist, or the database failed: the message says which."""


class UnknownTable(StoreError, LookupError):
    """No table has this id."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        super().__init__(f"no table {shown(table_id)}")


class StaleVersion(StoreError):
    """A change was asked against a version of the table that is no longer its version; nothing changed."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected = expected
        self.actual = actual
        super().__init__(f"the table is at version {actual}, not {expected}: nothing changed")


@dataclass(frozen=True)
class TableRow:
    """One table as stored (the `tables` row, its options decoded)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    content_id: str
    public: bool
    host_hash: str
    seats: int
    status: str
    version: int
    clock: int
    created: float
    updated: float
    practice: bool = False
    """Its host chose the seed (docs/server.md, Security): every seat sees the label."""
    secret_options: tuple[str, ...] = ()
    """Options the server drew in secret: `options` holds them, no client is ever shown them."""
    tutorial: str = ""
    """The game whose tutorial this table plays (`outlast.tutorials`), or "" for an ordinary table."""
    physical: tuple[str, ...] = ()
    """The kinds of chance point people answer from the physical box (companion mode); () for a digital game."""


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table as stored."""

    seat: int
    kind: str
    name: str
    bot: str
    token_hash: str
    clock_left: float
    away: bool


def default_url() -> str:
    """The database of `outlast serve` when none is given: `server.db` in the user's data directory (made if
    missing)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


def database_url(url: str) -> URL:
    """`url` checked and given its driver: sqlite:///PATH (pysqlite) or postgresql://… (psycopg 3).

    >>> database_url("postgresql://me@db.example/outlast").drivername
    'postgresql+psycopg'
    """
    if not isinstance(url, str) or not url.strip():
        raise StoreError(f"no database URL given: use {_EXAMPLES}")
    try:
        parsed = make_url(url.strip())
    except ArgumentError:
        scheme = url.split(":", 1)[0] if "://" in url else ""
        raise StoreError(f"{'scheme ' + shown(scheme) if scheme else 'the text given'} does not start a database URL:"
                         f" use {_EXAMPLES}") from None
    driver = _DRIVERS.get(parsed.drivername)
    if driver is None:
        raise StoreError(f"database URL scheme {shown(parsed.drivername)} is not supported: use {_EXAMPLES}")
    if driver.startswith("sqlite") and parsed.database in (None, "", ":memory:"):
        raise StoreError(f"a SQLite URL needs a file (an in-memory database is not shared): use {_EXAMPLES}")
    return parsed.set(drivername=driver)


def _check_hash(value: str, what: str) -> str:
    if not isinstance(value, str) or not _HASH.match(value):
        raise StoreError(f"{what} must be a SHA-256 hex digest (64 lowercase hex digits) or empty, not {shown(value)}")
    return value


def _check_word(value: str, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise StoreError(f"{what} {shown(value)} is not one of {', '.join(allowed)}")
    return value


def _table_row(row: Row[Any]) -> TableRow:
    return TableRow(id=row.id, game=row.game, options=json.loads(row.options),
                    seed=int(row.seed_text) if row.seed_text else row.seed,
                    rules_version=row.rules_version, content_id=row.content_id, public=bool(row.public),
                    host_hash=row.host_hash, seats=row.seats, status=row.status, version=row.version,
                    clock=row.clock, created=row.created, updated=row.updated, practice=bool(row.practice),
                    secret_options=tuple(json.loads(row.secret_options)), tutorial=row.tutorial,
                    physical=tuple(json.loads(row.physical)))


def _sqlite_events(engine: Engine, sync: str) -> None:
    """WAL, foreign keys and a busy timeout on every SQLite connection; transactions begun by us, not pysqlite
    (whose own BEGIN cannot be made IMMEDIATE), IMMEDIATE for writes so that writers queue instead of failing."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        _sqlite_setup(dbapi_connection, sync)

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get("outlast_write", False)
        driver = connection.connection.driver_connection  # straight to sqlite3: every action begins one
        assert driver is not None, "a connection checked out of the pool has its driver's connection"
        try:
            driver.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
        except sqlite3.Error as error:
            raise OperationalError("BEGIN", None, error) from error


def _sqlite_setup(connection: sqlite3.Connection, sync: str = "FULL") -> None:
    """A new SQLite connection's settings: transactions begun by us, WAL, the sync level (`Store`), foreign keys,
    the busy timeout."""
    connection.isolation_level = None
    cursor = connection.cursor()
    _wal(cursor)
    cursor.execute(f"PRAGMA synchronous={sync}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
    cursor.close()


def _wal(cursor: Any) -> None:
    """Put the database in WAL mode (kept in the file: a no-op once done). Two processes opening a new file
    together race to switch it, and SQLite answers the loser "database is locked" at once, without its busy
    wait: so wait here, a few milliseconds at a time, up to the busy timeout."""
    deadline = time.monotonic() + _BUSY_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


class Store:
    """The server's database: open with a URL, then read and change tables through it (thread-safe)."""

    def __init__(self, url: str, *, sync: str = "FULL") -> None:
        """`sync`, SQLite only: `FULL` (the default: a commit returns once the write-ahead log is synced to disk, so
        an acknowledged action survives a power cut) or `NORMAL` (syncs at checkpoints only: a power cut may take
        the last commits; benchmarks/hub_speed.py compares the two)."""
        if sync not in ("FULL", "NORMAL"):
            raise StoreError(f"sync must be FULL or NORMAL, not {shown(sync)}")
        self.sync = sync
        target = database_url(url)
        self.url: str = target.render_as_string(hide_password=False)
        self.shown_url: str = target.render_as_string(hide_password=True)
        """The URL with its password hidden: the one to print or log."""
        self.is_postgres: bool = target.drivername.startswith("postgresql")
        self._own = threading.local()
        self._own_all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._checkpointer: threading.Thread | None = None
        self._stop = threading.Event()
        """SQLite: each thread's own connection for `locked` (see `_sqlite_locked`), all of them to close."""
        self._writer = threading.Lock() if not self.is_postgres else None
        """SQLite: this process's write transactions take turns here, so a waiting thread wakes the moment the
        writer commits instead of sleeping in SQLite's busy handler (which backs off up to 100 ms a try)."""
        if self.is_postgres:
            self.engine = create_engine(target, pool_pre_ping=True, connect_args={"connect_timeout": 10})
        else:
            self.engine = create_engine(target, connect_args={"check_same_thread": False, "timeout": _BUSY_MS / 1000})
            _sqlite_events(self.engine, sync)
        try:
            self._migrate()
        except BaseException:
            self.engine.dispose()
            raise

    def __repr__(self) -> str:
        return f"Store({self.shown_url!r})"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the checkpoints' thread; close every pooled connection (and each thread's own, on SQLite)."""
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        self.engine.dispose()
        while self._own_all:
            self._own_all.pop().close()

    def _migrate(self) -> None:
        """Bring the schema to the newest revision; run again, it does nothing."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
        with self._write() as conn:
            if self.is_postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    @contextmanager
    def _trouble(self) -> Iterator[None]:
        """A database failure becomes a StoreError naming the database (without its password) and the cause."""
        try:
            yield
        except SQLAlchemyError as error:
            cause = str(getattr(error, "orig", None) or error).strip().splitlines()
            raise StoreError(f"database {self.shown_url}: {cause[0] if cause else type(error).__name__}") from error

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._trouble(), self.engine.connect() as conn:
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction that commits on normal exit and rolls back on an exception."""
        with self._turn(), self._trouble(), self.engine.connect() as conn:
            conn.execution_options(outlast_write=True)
            with conn.begin():
                yield conn

    @contextmanager
    def _turn(self) -> Iterator[None]:
        if self._writer is None:
            yield
            return
        with self._writer:
            yield

    def _require(self, conn: Connection, table_id: str) -> None:
        if conn.scalar(select(Table.id).where(Table.id == table_id)) is None:
            raise UnknownTable(table_id)

    def create_table(self, *, game: str, options: dict[str, Any], seed: int, rules_version: str, content_id: str,
                     public: bool, host_hash: str, seats: int, clock: int = 0, practice: bool = False,
                     secret_options: Sequence[str] = (), tutorial: str = "", physical: Sequence[str] = ()) -> str:
        """Store a new open table with `seats` open seats; returns its id (random, URL-safe, 16 characters).
        `seed` is any whole number (it is stored as text); `secret_options` name options of `options` that no
        client may be shown; `tutorial` names the game whose tutorial the table plays ("" for none); `physical`
        the kinds of chance point people answer from the box (companion mode, checked by the hub)."""
        _check_hash(host_hash, "host_hash")
        if type(seed) is not int:
            raise StoreError(f"a table's seed is a whole number, not {shown(seed)}")
        hidden = sorted(set(secret_options))
        if any(name not in options for name in hidden):
            raise StoreError(f"secret options {hidden} must all be among the table's options")
        kinds = sorted(set(physical))
        if not all(isinstance(k, str) and k for k in kinds):
            raise StoreError(f"physical must name kinds of chance point, not {shown(list(physical))}")
        if not isinstance(seats, int) or isinstance(seats, bool) or seats < 1:
            raise StoreError(f"a table needs at least one seat, not {shown(seats)}")
        if not isinstance(clock, int) or isinstance(clock, bool) or clock < 0:
            raise StoreError(f"clock must be a whole number of seconds, 0 or more, not {shown(clock)}")
        try:
            options_text = json.dumps(options, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise StoreError(f"table options must be JSON: {error}") from None
        table_id, now = secrets.token_urlsafe(12), time.time()
        while table_id.startswith("-"):  # an id is also a command-line word (`outlast export ID`): not an option
            table_id = secrets.token_urlsafe(12)
        with self._write() as conn:
            conn.execute(insert(Table).values(
                id=table_id, game=game, options=options_text, seed=0, seed_text=str(seed),
                rules_version=rules_version, content_id=content_id, public=public, host_hash=host_hash, seats=seats,
                status="open", version=0, clock=clock, created=now, updated=now, lease_owner="", lease_until=0.0,
                practice=bool(practice), secret_options=json.dumps(hidden), tutorial=str(tutorial),
                physical=json.dumps(kinds)))
            conn.execute(insert(Seat), [
                {"table_id": table_id, "seat": seat, "kind": "open", "name": "", "bot": "", "token_hash": "",
                 "clock_left": float(clock), "away": False} for seat in range(seats)])
        return table_id

    def table(self, table_id: str) -> TableRow:
        """The table with this id (UnknownTable if none)."""
        with self._read() as conn:
            row = conn.execute(select(Table.__table__).where(Table.id == table_id)).one_or_none()
        if row is None:
            raise UnknownTable(table_id)
        return _table_row(row)

    def seats(self, table_id: str) -> list[SeatRow]:
        """The table's seats in seat order (UnknownTable if no such table)."""
        with self._read() as conn:
            rows = conn.execute(select(Seat.seat, Seat.kind, Seat.name, Seat.bot, Seat.token_hash, Seat.clock_left,
                                       Seat.away).where(Seat.table_id == table_id).order_by(Seat.seat)).all()
            if not rows:
                self._require(conn, table_id)
        return [SeatRow(seat=r.seat, kind=r.kind, name=r.name, bot=r.bot, token_hash=r.token_hash,
                        clock_left=r.clock_left, away=bool(r.away)) for r in rows]

    def seats_of(self, table_ids: Sequence[str]) -> dict[str, list[SeatRow]]:
        """The seats of several tables at once, each in seat order (a table that does not exist is left out)."""
        out: dict[str, list[SeatRow]] = {}
        for start in range(0, len(table_ids), 500):
            with self._read() as conn:
                rows = conn.execute(select(Seat.table_id, Seat.seat, Seat.kind, Seat.name, Seat.bot, Seat.token_hash,
                                           Seat.clock_left, Seat.away)
                                    .where(Seat.table_id.in_(list(table_ids[start:start + 500])))
                                    .order_by(Seat.table_id, Seat.seat)).all()
            for r in rows:
                out.setdefault(r.table_id, []).append(SeatRow(
                    seat=r.seat, kind=r.kind, name=r.name, bot=r.bot, token_hash=r.token_hash,
                    clock_left=r.clock_left, away=bool(r.away)))
        return out

    def list_tables(self, *, public_only: bool = True, statuses: Sequence[str] = ("open", "playing"),
                    limit: int = 500) -> list[TableRow]:
        """Tables in these statuses (public ones only, unless told), newest first, at most `limit`."""
        query = select(Table.__table__).where(Table.status.in_(list(statuses)))
        if public_only:
            query = query.where(Table.public.is_(True))
        with self._read() as conn:
            rows = conn.execute(query.order_by(Table.created.desc(), Table.id).limit(limit)).all()
        return [_table_row(row) for row in rows]

    def _change_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with self._write() as conn:
            changed = conn.execute(update(Seat).where(Seat.table_id == table_id, Seat.seat == seat)
                                   .values(**values)).rowcount
            if changed == 0:
                self._require(conn, table_id)
                raise StoreError(f"table {table_id} has no seat {shown(seat)}")
            conn.execute(update(Table).where(Table.id == table_id).values(updated=time.time()))

    def set_seat(self, table_id: str, seat: int, *, kind: str, name: str = "", bot: str = "",
                 token_hash: str = "") -> None:
        """Give a seat to a person (`kind='human'`, their name and token's hash), a bot (its spec), or open it;
        the seat is no longer away."""
        _check_word(kind, SEAT_KINDS, "seat kind")
        _check_hash(token_hash, "token_hash")
        self._change_seat(table_id, seat, kind=kind, name=name, bot=bot, token_hash=token_hash, away=False)

    def set_away(self, table_id: str, seat: int, away: bool) -> None:
        """Mark a seat's player as gone (or back)."""
        self._change_seat(table_id, seat, away=bool(away))

    def set_clock(self, table_id: str, seat: int, clock_left: float) -> None:
        """Store the seconds left on a seat's clock."""
        self._change_seat(table_id, seat, clock_left=float(clock_left))

    def set_status(self, table_id: str, status: str) -> None:
        """Set a table's status: open, playing, over or stale."""
        _check_word(status, TABLE_STATUSES, "table status")
        with self._write() as conn:
            if conn.execute(update(Table).where(Table.id == table_id)
                            .values(status=status, updated=time.time())).rowcount == 0:
                raise UnknownTable(table_id)

    def actions(self, table_id: str) -> list[tuple[int, int, str]]:
        """The table's actions that stand (not undone), as (seq, seat, text) in order: replay them to rebuild it."""
        with self._read() as conn:
            rows = conn.execute(select(Action.seq, Action.seat, Action.text)
                                .where(Action.table_id == table_id, Action.undone.is_(False))
                                .order_by(Action.seq)).all()
            if not rows:
                self._require(conn, table_id)
        return [(row.seq, row.seat, row.text) for row in rows]

    def add_chat(self, table_id: str, seat: int, name: str, text: str) -> int:
        """Store a chat line (seat -1: a spectator or the server); returns its id, which grows."""
        with self._write() as conn:
            self._require(conn, table_id)
            result = conn.execute(insert(Chat).values(table_id=table_id, seat=seat, name=name, text=text,
                                                      created=time.time()))
            key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    def chat(self, table_id: str, since_id: int = 0, limit: int = 200, *,
             newest: bool = False) -> list[tuple[int, int, str, str, float]]:
        """Chat lines after `since_id`, oldest first, at most `limit`: the first `limit` of them, or with `newest`
        the last `limit` (what a page shows on reload): (id, seat, name, text, created)."""
        order = Chat.id.desc() if newest else Chat.id
        with self._read() as conn:
            rows = conn.execute(select(Chat.id, Chat.seat, Chat.name, Chat.text, Chat.created)
                                .where(Chat.table_id == table_id, Chat.id > since_id)
                                .order_by(order).limit(limit)).all()
            if not rows:
                self._require(conn, table_id)
        if newest:
            rows = rows[::-1]
        return [(row.id, row.seat, row.name, row.text, row.created) for row in rows]

    @contextmanager
    def locked(self, table_id: str) -> Iterator[Tx]:
        """One transaction holding the table's lock (PostgreSQL: its row, FOR UPDATE; SQLite: the database's
        write lock). Commits on normal exit, rolls back on an exception; another process's `locked` on the same
        table waits meanwhile."""
        if not self.is_postgres:
            with self._sqlite_locked(table_id) as tx:
                yield tx
            return
        with self._write() as conn:
            driver = conn.connection.driver_connection
            assert driver is not None, "a connection checked out of the pool has its driver's connection"
            with self._tx(_Raw(driver.cursor(), True, self.shown_url), table_id) as tx:
                yield tx

    @contextmanager
    def _tx(self, raw: _Raw, table_id: str) -> Iterator[Tx]:
        row = raw.one(_LOCK_ROW_PG if raw.postgres else _LOCK_ROW, {"tid": table_id})
        if row is None:
            raise UnknownTable(table_id)
        tx = Tx(raw, table_id, row[0], row[1])
        try:
            yield tx
            tx.flush()
        finally:
            tx.closed = True

    @contextmanager
    def _sqlite_locked(self, table_id: str) -> Iterator[Tx]:
        """`locked` on SQLite, on the calling thread's own connection and straight on the driver (every action
        takes one of these, often on the event loop: SQLAlchemy's pool and transaction cost as much again as
        SQLite's own work). `BEGIN IMMEDIATE` takes the write lock at once, as `_write` does."""
        with self._turn():
            connection = self._own_connection()
            raw = _Raw(connection.cursor(), False, self.shown_url)
            raw.run("BEGIN IMMEDIATE", {})
            try:
                with self._tx(raw, table_id) as tx:
                    yield tx
                raw.run("COMMIT", {})
            except BaseException:
                if connection.in_transaction:
                    connection.rollback()
                raise

    def _own_connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._own, "connection", None)
        if connection is None:
            connection = self._sqlite_connect()
            self._own.connection = connection
            with self._lock:
                self._own_all.append(connection)
        if self._checkpointer is not None and not getattr(self._own, "manual", False):
            connection.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoints' thread does it
            self._own.manual = True
        return connection

    def _sqlite_connect(self) -> sqlite3.Connection:
        database = self.engine.url.database
        assert database, "database_url refuses a SQLite URL without a file"
        try:
            connection = sqlite3.connect(database, timeout=_BUSY_MS / 1000, check_same_thread=False)
            _sqlite_setup(connection, self.sync)
        except sqlite3.Error as error:
            raise StoreError(f"database {self.shown_url}: {error}") from error
        return connection

    def start_checkpoints(self, every: float = CHECKPOINT_EVERY, restart_at: int = CHECKPOINT_RESTART) -> None:
        """SQLite: from now on, write the log back into the database file in a thread of its own, not in the
        commit that fills the log (a server calls this once; PostgreSQL: nothing to do).

        SQLite appends every commit to its write-ahead log and, by default, the commit that takes the log past
        1000 pages also copies the log into the database file and syncs it to disk: the game's transaction, on
        the event loop, then holds every table up for as long as the disk takes (up to 160 ms measured under
        load here). So the commits of `locked` no longer do it. Every `every` seconds this thread copies what
        the log holds (SQLite's PASSIVE checkpoint, which lets commits go on meanwhile) and syncs, without any
        lock of ours. A log that grows all the time is never wholly copied that way, so SQLite never starts it
        over; once it holds `restart_at` pages or more, the thread checkpoints once more while it holds this
        process's write turn (little is left to copy by then), after which the next commit starts the log
        from its beginning: it stays a few megabytes however long the server runs."""
        if self.is_postgres or self._checkpointer is not None:
            return
        connection = self._sqlite_connect()
        self._checkpointer = threading.Thread(target=self._checkpoints, args=(connection, every, restart_at),
                                              daemon=True, name="outlast-checkpoint")
        self._checkpointer.start()

    def _checkpoints(self, connection: sqlite3.Connection, every: float, restart_at: int) -> None:
        try:
            while not self._stop.wait(every):
                try:
                    _, pages, _ = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if pages >= restart_at:
                        with self._turn():
                            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as error:  # a full disk, say: the commits report it; try again later
                    log.warning("database %s: checkpoint failed: %s", self.shown_url, error)
        finally:
            connection.close()

    def take_lease(self, table_id: str, owner: str, seconds: float, now: float | None = None) -> bool:
        """Claim (or renew) the right to run this table's bots for `seconds`: True if `owner` holds it now, False
        if another owner's lease has not yet run out. A killed process's lease runs out and is taken over."""
        moment = time.time() if now is None else now
        with self._write() as conn:
            taken = conn.execute(
                update(Table).where(Table.id == table_id, or_(Table.lease_owner == owner, Table.lease_owner == "",
                                                              Table.lease_until < moment))
                .values(lease_owner=owner, lease_until=moment + seconds)).rowcount
            if taken == 0:
                self._require(conn, table_id)
        return taken == 1

    def unleased_bot_tables(self, now: float | None = None, limit: int = 500) -> list[str]:
        """Tables in play with a bot seat (or a stand-in) whose bot lease nobody holds or has run out: the tables
        whose bots no process drives now (their process died), for a running process to take over."""
        moment = time.time() if now is None else now
        with_bots = select(Seat.table_id).where(Seat.bot != "")
        query = (select(Table.id).where(Table.status == "playing", Table.id.in_(with_bots),
                                        or_(Table.lease_owner == "", Table.lease_until < moment))
                 .order_by(Table.updated).limit(limit))
        with self._read() as conn:
            return list(conn.scalars(query).all())

    def release_lease(self, table_id: str, owner: str) -> None:
        """Give up the lease if `owner` holds it."""
        with self._write() as conn:
            conn.execute(update(Table).where(Table.id == table_id, Table.lease_owner == owner)
                         .values(lease_owner="", lease_until=0.0))

    def lease(self, table_id: str) -> tuple[str, float]:
        """Who holds the table's lease ('' for nobody) and until when."""
        with self._read() as conn:
            row = conn.execute(select(Table.lease_owner, Table.lease_until).where(Table.id == table_id)).one_or_none()
        if row is None:
            raise UnknownTable(table_id)
        return row.lease_owner, row.lease_until


class _Raw:
    """A game's transaction (`Tx`) runs on the driver's own cursor, its statements written once in plain SQL:
    SQLAlchemy's statement machinery costs more than SQLite takes to run them, and every action runs a few."""

    def __init__(self, cursor: Any, postgres: bool, where: str) -> None:
        self._cursor = cursor
        self.postgres = postgres
        self._where = where
        self._errors: type[Exception] = psycopg.Error if postgres else sqlite3.Error

    def run(self, sql: str, params: dict[str, Any]) -> None:
        """Run one statement; a database failure becomes a StoreError naming the database and the cause."""
        try:
            self._cursor.execute(_pg(sql) if self.postgres else sql, params)
        except self._errors as error:
            cause = str(error).strip().splitlines()
            raise StoreError(f"database {self._where}: {cause[0] if cause else type(error).__name__}") from error

    def one(self, sql: str, params: dict[str, Any]) -> tuple[Any, ...] | None:
        self.run(sql, params)
        row: tuple[Any, ...] | None = self._cursor.fetchone()
        return row

    def all(self, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        self.run(sql, params)
        rows: list[tuple[Any, ...]] = self._cursor.fetchall()
        return rows


@functools.cache
def _pg(sql: str) -> str:
    """A statement written with `:name` parameters (SQLite's style) in psycopg's `%(name)s` style."""
    return re.sub(r":(\w+)", r"%(\1)s", sql)


_LOCK_ROW = "SELECT version, status FROM tables WHERE id = :tid"
"""The read of a table's version under SQLite's write lock, which the transaction holds from its start
(`BEGIN IMMEDIATE`)."""
_LOCK_ROW_PG = _LOCK_ROW + " FOR UPDATE"
"""The read of a table's version that takes its row's lock (PostgreSQL)."""
_NEXT_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = :tid"
_INSERT_ACTION = ("INSERT INTO actions (table_id, seq, seat, text, undone, version, undone_version) "
                  "VALUES (:tid, :seq, :seat, :text, :undone, :v, 0)")
_SET_VERSION = "UPDATE tables SET version = :v, updated = :at WHERE id = :tid"
_SET_STATUS = "UPDATE tables SET status = :status, updated = :at WHERE id = :tid"
_ACTIONS_SINCE = ("SELECT seq, seat, text, undone FROM actions WHERE table_id = :tid "
                  "AND (version > :v OR undone_version > :v) ORDER BY seq")
_LAST_STANDING = ("SELECT seq FROM actions WHERE table_id = :tid AND undone = :no "
                  "ORDER BY seq DESC LIMIT :n")
_MARK_UNDONE = "UPDATE actions SET undone = :yes, undone_version = :v WHERE table_id = :tid AND seq = :seq"
_SEAT_ROW = "SELECT kind, token_hash FROM seats WHERE table_id = :tid AND seat = :seat"
_NOTIFY = f"SELECT pg_notify('{CHANNEL}', :payload)"


class Tx:
    """A table's transaction under its lock (from `Store.locked`): its version as read under the lock, and the
    changes that go with a version check. Usable only inside its `with` block."""

    def __init__(self, raw: _Raw, table_id: str, version: int, status: str) -> None:
        self._raw = raw
        self._postgres = raw.postgres
        self.table_id = table_id
        self.version = version
        """The table's version now: read under the lock, and raised by `append` and `undo`."""
        self.status = status
        self.closed = False
        self._stored_version = version
        self._next_seq: int | None = None

    def _open(self) -> _Raw:
        if self.closed:
            raise StoreError(f"the transaction on table {self.table_id} is over: take the lock again")
        return self._raw

    def _expect(self, expected_version: int) -> _Raw:
        raw = self._open()
        if expected_version != self.version:
            raise StaleVersion(expected_version, self.version)
        return raw

    def _bump(self) -> int:
        """The next version; the table row gets it once, when the transaction ends (`flush`): one action and the
        chance outcomes it leads to cost one insert each and one update in all."""
        self.version += 1
        return self.version

    def flush(self) -> None:
        """Write the table's version, if it moved (`Store.locked` calls it before it commits)."""
        if self.version != self._stored_version and not self.closed:
            self._raw.run(_SET_VERSION, {"tid": self.table_id, "v": self.version, "at": time.time()})
            self._stored_version = self.version

    def actions_since(self, version: int) -> list[tuple[int, int, str, bool]]:
        """What changed after `version`, for a process to catch up: (seq, seat, text, undone) of each action
        made after it, and of each older action undone after it, in seq order."""
        rows = self._open().all(_ACTIONS_SINCE, {"tid": self.table_id, "v": version})
        return [(seq, seat, text, bool(undone)) for seq, seat, text, undone in rows]

    def append(self, expected_version: int, seat: int, text: str) -> int:
        """Add an action (seat -1: a chance outcome) if the table is still at `expected_version` (else
        StaleVersion, and nothing changes); returns the new version."""
        self._expect(expected_version)
        if self._next_seq is None:
            last = self._raw.one(_NEXT_SEQ, {"tid": self.table_id})
            self._next_seq = (last[0] if last else 0) + 1
        version = self._bump()
        self._raw.run(_INSERT_ACTION, {"tid": self.table_id, "seq": self._next_seq, "seat": seat, "text": text,
                                       "undone": False, "v": version})
        self._next_seq += 1
        return version

    def undo(self, expected_version: int, count: int) -> int:
        """Mark the last `count` standing actions undone, as one new version (StaleVersion if the table is not
        at `expected_version`); returns the new version."""
        raw = self._expect(expected_version)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise StoreError(f"undo takes a count of 1 or more actions, not {shown(count)}")
        seqs = [row[0] for row in raw.all(_LAST_STANDING, {"tid": self.table_id, "no": False, "n": count})]
        if len(seqs) < count:
            raise StoreError(f"table {self.table_id} has {len(seqs)} actions to undo, not {count}")
        version = self._bump()
        for seq in seqs:
            raw.run(_MARK_UNDONE, {"tid": self.table_id, "seq": seq, "yes": True, "v": version})
        return version

    def seat(self, seat: int) -> tuple[str, str] | None:
        """The seat's kind and token hash as stored now (None: no such seat), read under the table's lock."""
        row = self._open().one(_SEAT_ROW, {"tid": self.table_id, "seat": seat})
        return None if row is None else (row[0], row[1])

    def set_status(self, status: str) -> None:
        """Set the table's status in this transaction."""
        _check_word(status, TABLE_STATUSES, "table status")
        self._open().run(_SET_STATUS, {"tid": self.table_id, "status": status, "at": time.time()})
        self.status = status

    def notify(self, payload: str) -> None:
        """Tell the other server processes (PostgreSQL `NOTIFY outlast_tables`), delivered only if this
        transaction commits. SQLite serves one process: nothing to do."""
        raw = self._open()
        if len(payload.encode()) >= 8000:
            raise StoreError(f"a notification holds under 8000 bytes, not {len(payload.encode())}")
        if self._postgres:
            raw.run(_NOTIFY, {"payload": payload})


def listen(url: str, callback: Callable[[str], None], stop: threading.Event,
           ready: threading.Event | None = None) -> None:
    """Call `callback(payload)` for every committed `Tx.notify` of any process, until `stop` is set (seen within
    half a second). Blocks: run it in a thread of its own. PostgreSQL only. `ready` is set once listening, so a
    caller knows from when nothing is missed. A lost connection raises StoreError: resync, then listen again."""
    target = database_url(url)
    if not target.drivername.startswith("postgresql"):
        raise StoreError("listen needs a PostgreSQL database; one process on SQLite has nobody to listen to")
    try:
        with psycopg.connect(target.set(drivername="postgresql").render_as_string(hide_password=False),
                             autocommit=True, connect_timeout=10) as conn:
            conn.execute("LISTEN outlast_tables")
            if ready is not None:
                ready.set()
            while not stop.is_set():
                for note in conn.notifies(timeout=0.5):
                    callback(note.payload)
                    if stop.is_set():
                        break
    except psycopg.Error as error:
        raise StoreError(f"listening on {target.render_as_string(hide_password=True)}: {error}") from error
