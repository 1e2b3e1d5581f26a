"""The server's storage on SQLite and PostgreSQL (issue 13 §2 and §4): round trips, versions, locks, NOTIFY."""

from __future__ import annotations

import hashlib
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from outlast.core import OutlastError
from outlast.server.schema import Base
from outlast.server.store import (
    SeatRow,
    StaleVersion,
    Store,
    StoreError,
    TableRow,
    UnknownTable,
    default_url,
    listen,
)

HOST = hashlib.sha256(b"host token").hexdigest()
ALICE = hashlib.sha256(b"alice's token").hexdigest()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store(store_url) as opened:
        yield opened


def new_table(store: Store, **changes: Any) -> str:
    fields: dict[str, Any] = {"game": "fuji", "options": {"players": 3, "variant": "base"}, "seed": 7,
                              "rules_version": "fuji-2", "content_id": "", "public": True, "host_hash": HOST,
                              "seats": 3, "clock": 0}
    return store.create_table(**(fields | changes))


def test_a_table_reads_back_as_created(store: Store) -> None:
    table_id = new_table(store, clock=300)
    row = store.table(table_id)
    assert isinstance(row, TableRow) and row.id == table_id and len(table_id) == 16
    assert (row.game, row.options, row.seed, row.rules_version, row.public, row.host_hash, row.seats) == (
        "fuji", {"players": 3, "variant": "base"}, 7, "fuji-2", True, HOST, 3)
    assert (row.status, row.version, row.clock) == ("open", 0, 300)
    assert row.created == row.updated and abs(row.created - time.time()) < 60
    assert store.seats(table_id) == [SeatRow(seat, "open", "", "", "", 300.0, False) for seat in range(3)]


def test_seats_are_taken_given_to_bots_marked_away_and_timed(store: Store) -> None:
    table_id = new_table(store)
    store.set_seat(table_id, 0, kind="human", name="Alice", token_hash=ALICE)
    store.set_seat(table_id, 1, kind="bot", name="bot", bot="ismcts:time=0.5")
    store.set_away(table_id, 0, True)
    store.set_clock(table_id, 2, 12.5)
    assert store.seats(table_id) == [SeatRow(0, "human", "Alice", "", ALICE, 0.0, True),
                                     SeatRow(1, "bot", "bot", "ismcts:time=0.5", "", 0.0, False),
                                     SeatRow(2, "open", "", "", "", 12.5, False)]
    store.set_seat(table_id, 0, kind="open")  # the host kicks Alice: the seat is open and no longer away
    assert store.seats(table_id)[0] == SeatRow(0, "open", "", "", "", 0.0, False)
    assert store.table(table_id).updated >= store.table(table_id).created


def test_the_lobby_lists_public_tables_in_the_asked_statuses_newest_first(store: Store) -> None:
    first, private, second, over = (new_table(store), new_table(store, public=False), new_table(store),
                                    new_table(store))
    store.set_status(second, "playing")
    store.set_status(over, "over")
    assert [row.id for row in store.list_tables()] == [second, first]
    assert [row.id for row in store.list_tables(public_only=False)] == [second, private, first]
    assert [row.id for row in store.list_tables(statuses=("over",))] == [over]
    assert store.table(second).status == "playing"


def test_chat_lines_come_back_in_order_from_an_id(store: Store) -> None:
    table_id, other = new_table(store), new_table(store)
    ids = [store.add_chat(table_id, seat, name, line) for seat, name, line in
           [(0, "Alice", "hello"), (-1, "spectator", "hi all"), (1, "Bob", "ready?")]]
    store.add_chat(other, 0, "Carol", "elsewhere")
    assert ids == sorted(ids)
    lines = store.chat(table_id)
    assert [line[:4] for line in lines] == [(ids[0], 0, "Alice", "hello"), (ids[1], -1, "spectator", "hi all"),
                                            (ids[2], 1, "Bob", "ready?")]
    assert [line[0] for line in store.chat(table_id, since_id=ids[0])] == ids[1:]
    assert [line[0] for line in store.chat(table_id, limit=1)] == ids[:1]
    assert store.chat(table_id, since_id=ids[2]) == []


def test_appends_and_undos_raise_the_version_and_leave_a_log_to_replay(store: Store) -> None:
    table_id = new_table(store)
    with store.locked(table_id) as tx:
        assert tx.version == 0 and tx.actions_since(0) == []
        assert tx.append(0, 0, "take 3") == 1
        assert tx.append(1, -1, "roll 4") == 2
        assert tx.append(2, 1, "pass") == 3
    assert store.table(table_id).version == 3
    assert store.actions(table_id) == [(1, 0, "take 3"), (2, -1, "roll 4"), (3, 1, "pass")]
    with store.locked(table_id) as tx:
        assert tx.undo(3, 2) == 4  # one version for the whole undo
    with store.locked(table_id) as tx:
        assert tx.append(4, 0, "take 2") == 5
        # a process that saw version 3 learns of the undo of rows 2-3 and of row 4
        assert tx.actions_since(3) == [(2, -1, "roll 4", True), (3, 1, "pass", True), (4, 0, "take 2", False)]
        assert tx.actions_since(4) == [(4, 0, "take 2", False)]
        assert tx.actions_since(5) == []
    assert store.actions(table_id) == [(1, 0, "take 3"), (4, 0, "take 2")]
    assert store.table(table_id).version == 5


def test_a_stale_version_changes_nothing(store: Store) -> None:
    table_id = new_table(store)
    with store.locked(table_id) as tx:
        tx.append(0, 0, "take 3")
    for change in (lambda tx: tx.append(0, 1, "pass"), lambda tx: tx.undo(0, 1)):
        with pytest.raises(StaleVersion) as stale, store.locked(table_id) as tx:
            change(tx)
        assert (stale.value.expected, stale.value.actual) == (0, 1)
        assert isinstance(stale.value, StoreError) and isinstance(stale.value, OutlastError)
    assert store.actions(table_id) == [(1, 0, "take 3")] and store.table(table_id).version == 1


def test_an_exception_inside_the_lock_rolls_everything_back(store: Store) -> None:
    table_id = new_table(store)
    with pytest.raises(ZeroDivisionError), store.locked(table_id) as tx:
        tx.append(0, 0, "take 3")
        tx.set_status("playing")
        raise ZeroDivisionError
    assert store.actions(table_id) == [] and store.table(table_id).version == 0
    assert store.table(table_id).status == "open"
    with store.locked(table_id) as tx:
        tx.set_status("playing")
    assert store.table(table_id).status == "playing" and tx.status == "playing"
    with pytest.raises(StoreError, match="is over"):
        tx.append(0, 0, "late")  # a transaction is usable only inside its with block


def test_a_failing_statement_of_an_action_is_a_store_error_and_stores_nothing(store: Store) -> None:
    table_id = new_table(store)
    with store.locked(table_id) as tx:
        tx.append(0, 0, "take 3")
    with pytest.raises(StoreError, match=r"^database .*(UNIQUE|unique|duplicate)") as caught, \
            store.locked(table_id) as tx:
        tx._next_seq = 1  # the seq of the stored action: the insert breaks the key (as a corrupt log would)
        tx.append(1, 0, "take 4")
    assert store.shown_url in str(caught.value)
    assert store.actions(table_id) == [(1, 0, "take 3")] and store.table(table_id).version == 1


def test_threads_taking_a_tables_lock_queue_and_lose_no_action(store: Store) -> None:
    """Each thread's transactions (on SQLite, each thread's own connection) take turns: 4 threads appending
    25 actions each at the version they read under the lock store all 100, in order, with no version twice."""
    table_id = new_table(store)

    def play(seat: int) -> None:
        for k in range(25):
            with store.locked(table_id) as tx:
                tx.append(tx.version, seat, f"take {k}")

    threads = [threading.Thread(target=play, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = store.actions(table_id)
    assert [seq for seq, _, _ in stored] == list(range(1, 101)) and store.table(table_id).version == 100
    assert sorted(text for _, seat, text in stored if seat == 2) == sorted(f"take {k}" for k in range(25))


def test_an_exception_inside_the_lock_rolls_back_and_the_next_transaction_works(store: Store) -> None:
    table_id = new_table(store)
    with pytest.raises(RuntimeError), store.locked(table_id) as tx:
        tx.append(0, 0, "take 3")
        tx.set_status("playing")
        raise RuntimeError("the rules refused it after the insert")
    assert store.actions(table_id) == [] and store.table(table_id).status == "open"
    with store.locked(table_id) as tx:
        assert tx.version == 0
        tx.append(0, 0, "take 3")
    assert store.actions(table_id) == [(1, 0, "take 3")]


def test_closing_a_sqlite_store_closes_each_threads_transaction_connection(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'own.db'}")
    table_id = new_table(store)

    def append(version: int) -> None:
        with store.locked(table_id) as tx:
            tx.append(version, 0, "take 3")

    worker = threading.Thread(target=append, args=(0,))
    worker.start()
    worker.join()
    append(1)
    own = list(store._own_all)
    assert len(own) == 2, "the worker thread and this one each have their own"
    store.close()
    assert store._own_all == []
    for connection in own:
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            connection.execute("SELECT 1")


def _write_actions(tmp_path: Path, name: str, every: float, count: int) -> tuple[int, Store]:
    """`count` actions, one transaction each, on a SQLite store whose checkpoints run every `every` seconds (and
    start the log over past 200 pages); the size of its log file afterwards (SQLite reuses the file from its
    start, so the size is the most the log ever held)."""
    store = Store(f"sqlite:///{tmp_path / name}")
    store.start_checkpoints(every=every, restart_at=200)
    table_id = new_table(store)
    for version in range(count):
        with store.locked(table_id) as tx:
            tx.append(version, 0, f"take {version} " + "x" * 200)
        time.sleep(0.0001)  # a server does other work between two commits
    time.sleep(4 * every if every < 1 else 0)
    assert len(store.actions(table_id)) == count
    return (tmp_path / (name + "-wal")).stat().st_size, store


def test_a_servers_checkpoints_keep_the_sqlite_log_small_while_commits_never_stop(tmp_path: Path) -> None:
    size, store = _write_actions(tmp_path, "kept.db", every=0.01, count=6000)
    with store.locked(store.list_tables()[0].id):
        mine = store._own.connection
    assert mine.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0, "commits leave checkpoints to the thread"
    assert store._checkpointer is not None and store._checkpointer.is_alive()
    store.close()
    assert not store._checkpointer.is_alive()
    unchecked, other = _write_actions(tmp_path, "grown.db", every=3600, count=6000)  # the thread never runs
    other.close()
    assert size < 4 << 20 < 16 << 20 < unchecked, (size, unchecked)


def test_an_unknown_table_is_a_clear_error(store: Store) -> None:
    new_table(store)
    calls = [lambda: store.table("nope"), lambda: store.seats("nope"), lambda: store.actions("nope"),
             lambda: store.chat("nope"), lambda: store.add_chat("nope", 0, "a", "b"),
             lambda: store.set_seat("nope", 0, kind="bot", bot="random"), lambda: store.set_away("nope", 0, True),
             lambda: store.set_clock("nope", 0, 1.0), lambda: store.set_status("nope", "over"),
             lambda: store.take_lease("nope", "p", 10), lambda: store.lease("nope"),
             lambda: store.locked("nope").__enter__()]
    for call in calls:
        with pytest.raises(UnknownTable, match="no table 'nope'"):
            call()


def test_bad_values_are_refused_and_change_nothing(store: Store) -> None:
    table_id = new_table(store)
    with pytest.raises(StoreError, match="seat kind 'judge'"):
        store.set_seat(table_id, 0, kind="judge")
    with pytest.raises(StoreError, match="SHA-256"):
        store.set_seat(table_id, 0, kind="human", name="A", token_hash="secret")
    with pytest.raises(StoreError, match="no seat 3"):
        store.set_seat(table_id, 3, kind="bot", bot="random")
    with pytest.raises(StoreError, match="table status 'paused'"):
        store.set_status(table_id, "paused")
    with pytest.raises(StoreError, match="1 actions to undo, not 2"), store.locked(table_id) as tx:
        tx.append(0, 0, "take 3")
        tx.undo(1, 2)
    with pytest.raises(StoreError, match="JSON"):
        new_table(store, options={"when": object()})
    with pytest.raises(StoreError, match="at least one seat"):
        new_table(store, seats=0)
    assert store.actions(table_id) == [] and store.seats(table_id)[0].kind == "open"
    assert store.table(table_id).status == "open" and len(store.list_tables(public_only=False)) == 1


@pytest.mark.parametrize(("url", "problem"), [
    ("mysql://me@localhost/outlast", "scheme 'mysql' is not supported"),
    ("postgresql+psycopg2://me@localhost/outlast", r"scheme 'postgresql\+psycopg2' is not supported"),
    ("outlast.db", "does not start a database URL"),
    ("", "no database URL given"),
    ("sqlite://", "needs a file"),
    ("sqlite:///:memory:", "needs a file"),
])
def test_a_bad_url_names_its_problem(url: str, problem: str) -> None:
    with pytest.raises(StoreError, match=problem) as error:
        Store(url)
    assert "sqlite:///PATH" in str(error.value) and "postgresql://" in str(error.value)


def test_an_unreachable_database_is_a_store_error_without_the_password(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as error:
        Store("postgresql://me:hunter2@127.0.0.1:1/outlast")
    assert "127.0.0.1:1" in str(error.value) and "hunter2" not in str(error.value)
    with pytest.raises(StoreError, match="unable to open database file"):
        Store(f"sqlite:///{tmp_path / 'no such folder' / 'outlast.db'}")


def test_migrations_run_once_and_match_the_models(store_url: str) -> None:
    with Store(store_url) as store:
        table_id = new_table(store)
    with Store(store_url) as again:  # the second opening finds the schema at its head and changes nothing
        assert again.table(table_id).id == table_id
        with again.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == ["0004"]
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def test_two_processes_starting_together_migrate_once(store_url: str) -> None:
    opened: list[Store] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(Store(store_url))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == [] and len(opened) == 3
    for store in opened:
        store.close()


def test_two_appends_on_one_version_one_wins_the_other_is_stale(store: Store) -> None:
    """§4: the version check under the row lock lets exactly one of two racing writers through."""
    table_id = new_table(store)
    start = threading.Barrier(2)
    results: queue.Queue[object] = queue.Queue()

    def play(seat: int) -> None:
        start.wait()
        try:
            with store.locked(table_id) as tx:
                time.sleep(0.1)  # both would be here together if the lock let them
                results.put(tx.append(0, seat, f"move of seat {seat}"))
        except Exception as error:
            results.put(error)

    threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    outcomes = [results.get_nowait(), results.get_nowait()]
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["StaleVersion", "int"], outcomes
    assert 1 in outcomes
    assert len(store.actions(table_id)) == 1 and store.table(table_id).version == 1


def test_the_lock_makes_a_second_writer_wait_until_the_first_commits(store: Store) -> None:
    table_id = new_table(store)
    holding, seen = threading.Event(), []

    def second() -> None:
        holding.wait(10)
        with store.locked(table_id) as tx:
            seen.append((time.monotonic(), tx.version))

    waiter = threading.Thread(target=second)
    waiter.start()
    with store.locked(table_id) as tx:
        holding.set()
        time.sleep(0.4)
        tx.append(0, 0, "take 3")
        released = time.monotonic()
    waiter.join(30)
    assert len(seen) == 1 and seen[0][0] >= released and seen[0][1] == 1


def test_a_bot_lease_is_held_by_one_owner_until_it_runs_out(store: Store) -> None:
    """§4: bots of a table run in one process at a time; a killed process's lease runs out and is taken over."""
    table_id = new_table(store)
    assert store.lease(table_id) == ("", 0.0)
    assert store.take_lease(table_id, "process-a", 10, now=100.0)
    assert not store.take_lease(table_id, "process-b", 10, now=105.0)
    assert store.take_lease(table_id, "process-a", 10, now=105.0)  # renewal
    assert store.lease(table_id) == ("process-a", 115.0)
    assert store.take_lease(table_id, "process-b", 10, now=116.0)  # a's lease ran out
    store.release_lease(table_id, "process-a")  # not a's to release any more
    assert store.lease(table_id) == ("process-b", 126.0)
    store.release_lease(table_id, "process-b")
    assert store.take_lease(table_id, "process-a", 10, now=117.0)


def test_tables_whose_bots_nobody_drives_are_found_for_a_takeover(store: Store) -> None:
    """§4: a process finds the tables in play with bots whose lease nobody holds, loaded by it or not."""
    bots, people, waiting = new_table(store), new_table(store), new_table(store)
    store.set_seat(bots, 1, kind="bot", name="heuristic", bot="heuristic")
    store.set_seat(people, 0, kind="human", name="A")
    store.set_seat(waiting, 1, kind="bot", name="random", bot="random")  # its game has not started
    for table_id in (bots, people):
        store.set_status(table_id, "playing")
    assert store.unleased_bot_tables(now=100.0) == [bots]
    assert store.take_lease(bots, "process-a", 10, now=100.0)
    assert store.unleased_bot_tables(now=105.0) == []
    assert store.unleased_bot_tables(now=111.0) == [bots]  # process-a's lease ran out
    store.set_status(bots, "over")
    assert store.unleased_bot_tables(now=111.0) == []


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "outlast.db"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    with Store(f"sqlite:///{path}") as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000


def test_an_acknowledged_action_is_synced_to_disk_on_sqlite(tmp_path: Path) -> None:
    """Issue 23 §4: the game log's commits (the transaction of `locked`, on each thread's own connection) and every
    pooled connection run with `synchronous=FULL` (2), so a commit returns once the log is on disk; `NORMAL` (1)
    only when asked for; anything else is refused by name."""
    with Store(f"sqlite:///{tmp_path / 'full.db'}") as store:
        assert store._own_connection().execute("PRAGMA synchronous").fetchone() == (2,)
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    with Store(f"sqlite:///{tmp_path / 'normal.db'}", sync="NORMAL") as store:
        assert store._own_connection().execute("PRAGMA synchronous").fetchone() == (1,)
    with pytest.raises(StoreError, match="sync must be FULL or NORMAL"):
        Store(f"sqlite:///{tmp_path / 'bad.db'}", sync="OFF")


def test_the_default_database_is_in_the_user_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OUTLAST_DATA", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'server.db'}"
    assert (tmp_path / "data").is_dir()


class Listener:
    """`listen` in a thread of its own, collecting payloads."""

    def __init__(self, url: str) -> None:
        self.payloads: queue.Queue[str] = queue.Queue()
        self.stop, self.ready = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=listen, args=(url, self.payloads.put, self.stop, self.ready))
        self.thread.start()
        assert self.ready.wait(10)

    def close(self) -> float:
        """Stop it; returns how long it took."""
        began = time.monotonic()
        self.stop.set()
        self.thread.join(5)
        assert not self.thread.is_alive()
        return time.monotonic() - began


def test_a_notification_reaches_other_processes_only_after_commit(pg_url: str) -> None:
    """§4: a committed action is fanned out with NOTIFY; one rolled back is never announced."""
    with Store(pg_url) as store:
        table_id = new_table(store)
        listener = Listener(pg_url)
        try:
            with store.locked(table_id) as tx:
                tx.append(0, 0, "take 3")
                tx.notify(f"{table_id} 1")
                time.sleep(0.3)
                assert listener.payloads.empty()  # not before the commit
            assert listener.payloads.get(timeout=5) == f"{table_id} 1"
            with pytest.raises(StaleVersion), store.locked(table_id) as tx:
                tx.notify(f"{table_id} rolled back")
                tx.append(0, 1, "pass")
            with store.locked(table_id) as tx:
                tx.notify(f"{table_id} 2")
            assert listener.payloads.get(timeout=5) == f"{table_id} 2"
            assert listener.payloads.empty()
        finally:
            assert listener.close() < 1.5


def test_listen_needs_postgresql_and_notify_is_quiet_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'outlast.db'}"
    with pytest.raises(StoreError, match="needs a PostgreSQL"):
        listen(url, print, threading.Event())
    with Store(url) as store, store.locked(new_table(store)) as tx:
        tx.notify("nobody listens")
        with pytest.raises(StoreError, match="under 8000 bytes"):
            tx.notify("x" * 8000)
