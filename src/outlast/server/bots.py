"""Bot seats on the server: they act on the server, at a set pace, off the event loop (docs/server.md).

A table's bots are driven by one task in one process at a time. The process holds the table's bot lease in the
database (renewed while it drives them); when a process dies its lease runs out and another process takes the
table's bots over: every process's watch looks for tables in play whose lease has run out, loaded or not. On
SQLite one process serves the database, so a lease found there was left by a dead process (or is our own):
every process on SQLite is the same lease owner and a restarted server drives its bots at once. A bot thinks in a worker: light bots (the games' heuristic bots, random) in a thread pool,
search bots (`ismcts`) in a process pool, so a slow search never stalls the other tables. The worker gets a
clone of the state (a thread) or the table's seed and actions (a process, which replays them), and the action
it picks is committed like a player's, with the version check: if someone acted meanwhile, it thinks again.

No bot can hurt a table (issue 23): a search bot seated on the server thinks within the server's limits
(`server_agent`); the search workers are started with `spawn` (they inherit no socket) and die with the server
(`die_with_parent`); the tables take turns at them and a long search makes way for a waiting table's
(`SearchPool`); and a bot that fails hands its seat to the game's heuristic bot (`BotRunner._fail`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import secrets
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import Future as WorkFuture
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from outlast.agents import Agent, make_agent, parse_spec
from outlast.agents.ismcts import ISMCTSAgent
from outlast.core import CHANCE, Game, IllegalAction, Match, OutlastError, Rng, State, load_game

from .store import StaleVersion

if TYPE_CHECKING:
    from .hub import Hub
    from .live import Live

log = logging.getLogger("outlast.server")

LEASE_SECONDS = 10.0
"""How long a process's hold on a table's bots lasts without renewal (a killed process's bots wait this long;
`outlast serve --bot-lease` changes it)."""
SQLITE_OWNER = "sqlite"
"""The lease owner of every process on SQLite (one process serves a SQLite database)."""
SEARCH_BOTS = ("ismcts",)

MAX_SEARCH_SECONDS = 10.0
"""The longest a search bot seated on the server may think per move: a spec asking for more (`time=`) is refused,
and a spec without `time` gets this one (the search stops at its iterations or at this, whichever comes first)."""
MAX_SEARCH_ITERS = 20_000
"""The most iterations per move a search bot seated on the server may ask for (`iters=`)."""
SEARCH_SLICE = 1.0
"""Seconds a search runs before it is asked to make way for another table's waiting search (it then stops after
its current iteration and plays the best move it has found)."""
SEARCH_GRACE = 20.0
"""Seconds past `MAX_SEARCH_SECONDS` after which a search job that has not come back is abandoned: its worker is
killed and replaced, and the seat's move falls back (`FALLBACK`)."""
FALLBACK = "heuristic"
"""The bot that takes over a seat whose own bot fails (the game's heuristic bot; `random` for a game without one)."""
MAX_REFUSED = 3
"""Actions the rules refuse in a row after which a bot counts as failed."""
PARENT_POLL = 0.2
"""Seconds between a search worker's checks that the server process is still alive."""
SERVER_SEAT, SERVER_NAME = -1, "server"
"""The seat and name of the server's own chat lines (a bot that failed and who took its seat over)."""
_PR_SET_PDEATHSIG = 1


class BotRefused(OutlastError):
    """A bot spec the server will not seat: it asks for more than a server's limits (`MAX_SEARCH_SECONDS`,
    `MAX_SEARCH_ITERS`)."""


class SearchAbandoned(OutlastError):
    """A search job that did not come back in time (its worker was killed), or whose worker died."""


def server_agent(spec: str, game: Game) -> Agent:
    """The agent of a bot seated on the server: `make_agent(spec, game)` within the server's limits.

    A search bot may think at most `MAX_SEARCH_SECONDS` and `MAX_SEARCH_ITERS` per move: a spec asking for more
    raises `BotRefused` naming the limit; one that gives no time gets `MAX_SEARCH_SECONDS` (an iteration costs
    10 to 300 ms on these games, so an iteration budget alone bounds nothing). The library and `outlast simulate`
    keep no such limits. Raises what `make_agent` raises for a spec it does not know."""
    agent = make_agent(spec, game)
    if isinstance(agent, ISMCTSAgent):
        if agent.time is not None and agent.time > MAX_SEARCH_SECONDS:
            raise BotRefused(f"a search bot on this server thinks at most {MAX_SEARCH_SECONDS:g} seconds a move "
                             f"(time={agent.time:g} asked)")
        if agent.iters is not None and agent.iters > MAX_SEARCH_ITERS:
            raise BotRefused(f"a search bot on this server runs at most {MAX_SEARCH_ITERS} iterations a move "
                             f"(iters={agent.iters} asked)")
        if agent.time is None:
            agent.time = MAX_SEARCH_SECONDS
    return agent


# ---------------------------------------------------------------------------------------- in a search worker
_STOP: Any = None
"""In a search worker: its slot's stop event (set when the search should make way for another table's)."""


def _worker_start(stop: Any, server: int) -> None:
    """First thing in a new search worker: keep the slot's stop event, and die with the server process (whose
    pid is `server`: it may have died already, while this worker was importing)."""
    global _STOP
    _STOP = stop
    die_with_parent(server)


def die_with_parent(parent: int) -> None:
    """End this process when process `parent` ends: at once on Linux (`PR_SET_PDEATHSIG`, SIGKILL), and within
    `PARENT_POLL` seconds anywhere (a thread that watches `os.getppid()`: a process whose parent died is handed
    to another)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):  # no prctl here: the thread below does it
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="outlast-parent-watch").start()
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(0)


def _search_act(game: str, seed: int, options: dict[str, Any], actions: list[tuple[int, str]], spec: str,
                seat: int, rng_seed: int) -> str:
    """In a worker process: replay the table and let a search bot pick `seat`'s action (its text)."""
    match = Match.start(load_game(game), seed, options)
    for who, text in actions:
        match.play(text, who)
    agent = server_agent(spec, match.game)
    if isinstance(agent, ISMCTSAgent) and _STOP is not None:
        agent.stop = _STOP.is_set
    return str(agent.act(match.state, seat, Rng(rng_seed)))


def _ready() -> None:
    """A new worker's first job: nothing, once its imports and `_worker_start` are done."""


def _light_act(agent: Agent, state: State, seat: int, rng: Rng) -> str:
    return str(agent.act(state, seat, rng))


# ---------------------------------------------------------------------------------------- the search workers
class _Job:
    """One table's request for a search: the arguments of `_search_act` and the future of its answer."""

    def __init__(self, table: str, args: tuple[Any, ...], future: asyncio.Future[str]) -> None:
        self.table, self.args, self.future = table, args, future


class _Slot:
    """One search worker: a process of its own (a pool of one), so that it can be killed and replaced alone."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.stop = context.Event()
        self.executor = self._new()
        self.job: _Job | None = None
        self.started = 0.0
        self.timer: asyncio.TimerHandle | None = None
        self.ready = self.warming = False
        """Whether the worker has started (its imports done), or is starting: a job's time counts from then."""

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=self.context, initializer=_worker_start,
                                   initargs=(self.stop, os.getpid()))

    def kill(self) -> None:
        """Kill the worker (whatever it is doing) and let its pool go."""
        processes: dict[int, Any] = getattr(self.executor, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(OSError, ValueError):  # already gone
                process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def renew(self) -> None:
        """A fresh worker in place of a killed or broken one."""
        self.kill()
        self.executor = self._new()
        self.ready = self.warming = False


class SearchPool:
    """The search workers, shared fairly by the tables (docs/server.md, Bots).

    Each worker is a process started with `spawn` (it inherits no socket of the server's) that dies with the
    server (`die_with_parent`). Tables wait in one queue and are served in turn, at most one job of a table at a
    time; while a table waits and every worker is busy, the search that has run longest, once it has run
    `SEARCH_SLICE` seconds, is asked to stop and play what it has found. A job not back `MAX_SEARCH_SECONDS` +
    `SEARCH_GRACE` seconds after it started is abandoned (`SearchAbandoned`) and its worker replaced."""

    def __init__(self, workers: int, *, slice_seconds: float = SEARCH_SLICE,
                 cap: float = MAX_SEARCH_SECONDS + SEARCH_GRACE) -> None:
        context = multiprocessing.get_context("spawn")
        self.slots = [_Slot(context) for _ in range(workers)]
        self.slice, self.cap = slice_seconds, cap
        self.queue: deque[_Job] = deque()
        self.recheck: asyncio.TimerHandle | None = None
        self.closed = False

    async def run(self, table: str, args: tuple[Any, ...]) -> str:
        """`_search_act(*args)` for `table` in a worker, in the table's turn."""
        job = _Job(table, args, asyncio.get_running_loop().create_future())
        self.queue.append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            if job in self.queue:
                self.queue.remove(job)
            for slot in self.slots:
                if slot.job is job:
                    slot.stop.set()  # its answer is no longer wanted
            raise

    def close(self) -> None:
        """Kill every worker (a search in progress too) and fail the waiting jobs."""
        self.closed = True
        if self.recheck is not None:
            self.recheck.cancel()
        for slot in self.slots:
            if slot.timer is not None:
                slot.timer.cancel()
            slot.kill()
        for job in [*self.queue, *(s.job for s in self.slots if s.job is not None)]:
            if not job.future.done():
                job.future.cancel()
        self.queue.clear()

    def _dispatch(self) -> None:
        if self.closed:
            return
        loop = asyncio.get_running_loop()
        while self.queue and self.queue[0].future.done():
            self.queue.popleft()
        for slot in self.slots:
            if slot.job is not None or slot.warming:
                continue
            job = self._next()
            if job is None:
                break
            if not slot.ready:
                self._warm(slot, loop)
                continue
            self.queue.remove(job)
            slot.stop.clear()
            slot.job, slot.started = job, loop.time()
            try:
                work = slot.executor.submit(_search_act, *job.args)
            except BrokenProcessPool:  # its worker died: a new worker
                slot.renew()
                work = slot.executor.submit(_search_act, *job.args)
            work.add_done_callback(self._on_done(loop, slot, job))
            slot.timer = loop.call_later(self.cap, self._abandon, slot, job)
        if self._next() is not None and not any(s.warming for s in self.slots):
            self._preempt(loop)

    def _warm(self, slot: _Slot, loop: asyncio.AbstractEventLoop) -> None:
        """Start a slot's worker (a new process imports the engine for a second or more) before it gets a job."""
        slot.warming = True
        executor = slot.executor
        work = executor.submit(_ready)

        def warmed() -> None:
            if slot.executor is not executor or work.cancelled() or self.closed:
                return  # killed meanwhile
            slot.warming = False
            if work.exception() is not None:
                log.error("a search worker did not start: %s", work.exception())
                slot.renew()
                job = self._next()  # a table waits for it: its bot falls back rather than wait for ever
                if job is not None:
                    self.queue.remove(job)
                    job.future.set_exception(SearchAbandoned(f"a search worker did not start ({work.exception()})"))
            else:
                slot.ready = True
            self._dispatch()

        def done(_: WorkFuture[None]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(warmed)

        work.add_done_callback(done)

    def _next(self) -> _Job | None:
        """The first waiting job of a table that has no job in a worker."""
        running = {s.job.table for s in self.slots if s.job is not None}
        return next((j for j in self.queue if not j.future.done() and j.table not in running), None)

    def _preempt(self, loop: asyncio.AbstractEventLoop) -> None:
        """Ask the search that has run longest to make way, once it has had its slice (or look again then)."""
        busy = [s for s in self.slots if s.job is not None and not s.stop.is_set()]
        if not busy:
            return
        oldest = min(busy, key=lambda s: s.started)
        left = oldest.started + self.slice - loop.time()
        if left <= 0:
            oldest.stop.set()
        elif self.recheck is None:
            self.recheck = loop.call_later(left, self._look_again)

    def _look_again(self) -> None:
        self.recheck = None
        self._dispatch()

    def _on_done(self, loop: asyncio.AbstractEventLoop, slot: _Slot, job: _Job) -> Callable[[WorkFuture[str]], None]:
        """The callback of a job's work (it runs in the pool's thread): hand the outcome to the event loop."""
        def done(work: WorkFuture[str]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits for it
                loop.call_soon_threadsafe(self._done, slot, job, work)
        return done

    def _done(self, slot: _Slot, job: _Job, work: WorkFuture[str]) -> None:
        if slot.job is not job:
            return  # abandoned meanwhile
        slot.job = None
        if slot.timer is not None:
            slot.timer.cancel()
        if not job.future.done():
            if work.cancelled():
                job.future.cancel()
            elif (exc := work.exception()) is not None:
                if isinstance(exc, BrokenProcessPool):
                    slot.renew()
                    exc = SearchAbandoned(f"the search worker died ({exc})")
                job.future.set_exception(exc)
            else:
                job.future.set_result(work.result())
        self._dispatch()

    def _abandon(self, slot: _Slot, job: _Job) -> None:
        if slot.job is not job:
            return
        log.warning("a search for table %s ran past %.0f s: its worker is killed and replaced", job.table, self.cap)
        slot.job = None
        slot.renew()
        if not job.future.done():
            job.future.set_exception(SearchAbandoned(f"the search did not end within {self.cap:g} seconds"))
        self._dispatch()


class BotRunner:
    """Drives every bot seat of the tables of one hub."""

    def __init__(self, hub: Hub, *, processes: int = 0, lease: float = LEASE_SECONDS) -> None:
        self.hub = hub
        self.lease = lease
        self.owner = f"{os.getpid()}-{secrets.token_hex(4)}" if hub.store.is_postgres else SQLITE_OWNER
        self.threads: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="outlast-bot")
        self.search: SearchPool | None = SearchPool(processes) if processes else None
        self.agents: dict[tuple[str, int, str], Agent] = {}
        self.rngs: dict[tuple[str, int], Rng] = {}
        self.fallen: dict[tuple[str, int, str], str] = {}
        """(table, seat, the seated spec) → the bot that plays the seat instead, since the seated one failed."""
        self.refused: dict[tuple[str, int], int] = {}
        """(table, seat) → actions of its bot the rules refused in a row."""
        self.watch: asyncio.Task[None] | None = None
        hub.bots = self

    def close(self) -> None:
        if self.watch is not None:
            self.watch.cancel()
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.search is not None:
            self.search.close()

    def start_watch(self) -> None:
        """Look every half lease for tables whose bots nobody drives (their process died) and take them."""
        self.watch = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 2)
            try:
                await self.adopt()
            except Exception:  # the database is away for a moment: look again next time
                log.exception("looking for tables whose bots nobody drives")
            for live in list(self.hub.tables.values()):
                self.wake(live)

    async def adopt(self) -> None:
        """Load the tables in play whose bot lease nobody holds and that this process has not loaded yet (a
        killed process's tables): the wake that follows drives their bots."""
        hub = self.hub
        for table_id in await asyncio.to_thread(hub.store.unleased_bot_tables):
            if table_id not in hub.tables and table_id not in hub.resting:
                await hub.live(table_id)

    def wake(self, live: Live) -> None:
        """Start the table's bot task if a bot seat is to act and no task runs."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        if self.bot_to_move(live) is None:
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._drive(live))

    def forget(self, table_id: str, over: bool = True) -> None:
        """Drop what the bots of a table keep between moves (the hub forgets the table: `Hub.sweep`). The bots
        that failed and the fallbacks playing for them (`fallen`, a few words each) are kept for a table still in
        play, so that a table loaded again does not ask a failed bot again and tell its players a second time."""
        for agent_key in [k for k in self.agents if k[0] == table_id]:
            del self.agents[agent_key]
        for rng_key in [k for k in self.rngs if k[0] == table_id]:
            del self.rngs[rng_key]
        for refused_key in [k for k in self.refused if k[0] == table_id]:
            del self.refused[refused_key]
        if over:
            for fallen_key in [k for k in self.fallen if k[0] == table_id]:
                del self.fallen[fallen_key]

    def bot_to_move(self, live: Live) -> tuple[int, str] | None:
        """The bot seat (and its spec) that acts next: the first by the bots' own priority."""
        match = live.match
        if match is None or live.row.status != "playing" or match.state.is_over():
            return None
        movers = match.state.to_move()
        specs = {s.seat: s.bot for s in live.seats if s.bot and (s.kind == "bot" or s.kind == "human")}
        tutorial = live.tutorial
        if tutorial is not None and tutorial.next_step(match) is not None:  # the script decides who moves
            scripted = tutorial.scripted_mover(match)
            return None if scripted is None or scripted not in specs else (scripted, specs[scripted])
        asked = match.question()
        if asked is not None:  # a companion table's roll or draw: a person's to answer, else outlast's for the bots
            if live.waits_for_a_person(asked):
                return None
            drawer = next((s for s in asked.seats if s in specs), None)
            return None if drawer is None else (drawer, specs[drawer])
        mine = [m for m in movers if m != CHANCE and m in specs]
        if not mine:
            return None
        best = max(mine, key=lambda m: self._priority(live, m, specs[m]))
        return best, specs[best]

    def _priority(self, live: Live, seat: int, seated: str) -> float:
        """The priority of the bot that plays `seat` (0.0 for one that cannot be built or fails to answer: it
        fails when it is asked to move, and `_fail` hands its seat over)."""
        assert live.match is not None
        try:
            return float(self._agent(live, seat, self.playing(live.id, seat, seated)).priority(live.match.state, seat))
        except Exception:
            return 0.0

    def playing(self, table: str, seat: int, spec: str) -> str:
        """The bot that plays a seat where `spec` is seated: `spec`, or the one that took over when it failed."""
        return self.fallen.get((table, seat, spec), spec)

    def _agent(self, live: Live, seat: int, spec: str) -> Agent:
        key = (live.id, seat, spec)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = server_agent(spec, load_game(live.row.game))
        return agent

    async def _drive(self, live: Live) -> None:
        """Let bot seats act one after another until none is to act (or another process holds the lease).

        A bot that raises, or whose actions the rules refuse `MAX_REFUSED` times in a row, has failed: `FALLBACK`
        plays its seat from then on (`_fail`), so a broken bot never stalls its table."""
        hub = self.hub
        try:
            while True:
                pick = self.bot_to_move(live)
                if pick is None:
                    return
                if not await hub.db(hub.store.take_lease, live.id, self.owner, self.lease):
                    return  # another process drives this table's bots; the watch retries when its lease ends
                await asyncio.sleep(hub.bot_pace)
                seat, seated = pick
                spec = self.playing(live.id, seat, seated)
                try:
                    version, text = await self._think(live, seat, spec)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if not await self._fail(live, seat, seated, f"it failed ({type(exc).__name__}: {exc})"):
                        return
                    continue
                if text is None:
                    continue
                try:
                    await hub.commit(live, seat, version, text)
                except StaleVersion:
                    continue  # a player or a remote process acted first: look again
                except IllegalAction as exc:
                    if live.row.status != "playing" or live.version != version:
                        continue  # the table moved on (or ended) meanwhile: look again
                    key = (live.id, seat)
                    self.refused[key] = self.refused.get(key, 0) + 1
                    log.warning("table %s: bot %s of seat %d chose %r, refused: %s", live.id, spec, seat, text, exc)
                    if self.refused[key] >= MAX_REFUSED:
                        self.refused.pop(key, None)
                        reason = f"the rules refused its action {MAX_REFUSED} times in a row ({exc.reason})"
                        if not await self._fail(live, seat, seated, reason):
                            return
                    continue
                self.refused.pop((live.id, seat), None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s stopped", live.id)

    async def _fail(self, live: Live, seat: int, seated: str, reason: str) -> bool:
        """The bot playing `seat` (seated as `seated`) failed: `FALLBACK` (else `random`) plays the seat from
        now on, until the seat's bot changes, and the table is told by a chat line from the server. False when
        even `random` failed: the driver stops (the watch tries again every half lease)."""
        spec = self.playing(live.id, seat, seated)
        game = load_game(live.row.game)
        if spec == "random":
            log.error("table %s: seat %d's bot random failed too (%s): its bots stop", live.id, seat, reason)
            return False
        fallback = FALLBACK if spec != FALLBACK and FALLBACK in game.agents() else "random"
        self.fallen[(live.id, seat, seated)] = fallback
        log.warning("table %s: seat %d's bot %s failed: %s; %s plays the seat now", live.id, seat, spec, reason,
                    fallback)
        await self.announce(live, f"Seat {seat}'s bot {spec} failed: {reason}. The {fallback} bot plays seat "
                                  f"{seat} from now on.")
        return True

    async def announce(self, live: Live, text: str) -> None:
        """A chat line from the server (seat -1) to the table: stored, and sent to every client of every process."""
        hub = self.hub
        chat_id = await hub.db(hub.store.add_chat, live.id, SERVER_SEAT, SERVER_NAME, text)
        await hub.db(hub._notify, live.id, f"c:{live.id}:{chat_id}")
        await hub.send_all(live, {"type": "chat", "id": chat_id, "seat": SERVER_SEAT, "name": SERVER_NAME,
                                  "text": text})

    async def _think(self, live: Live, seat: int, spec: str) -> tuple[int, str | None]:
        """(the version it thought at, the action text) — None when the seat is no longer to act."""
        loop = asyncio.get_running_loop()
        async with live.lock:
            match = live.match
            asked = match.question() if match is not None else None
            if asked is not None:  # a roll or draw of seats no person plays (a stand-in's own dice): outlast's
                wanted = seat in asked.seats and not live.waits_for_a_person(asked)
                return live.version, str(match.state.sample_chance()) if wanted and match is not None else None
            if match is None or match.state.is_over() or seat not in match.state.to_move():
                return live.version, None
            version = live.version
            step = live.tutorial.next_step(match) if live.tutorial is not None else None
            if step is not None:
                return version, step.action if step.seat == seat else None  # a tutorial's seat follows its script
            rng = self.rngs.get((live.id, seat))
            if rng is None:  # never from the table's seed: a bot's choices must tell nothing of it
                rng = self.rngs[(live.id, seat)] = Rng.secret()
            if parse_spec(spec)[0] in SEARCH_BOTS and self.search is not None:
                args = (live.row.game, live.row.seed, live.row.options,
                        [(e.seat, e.text) for e in match.history], spec, seat, rng.randrange(1 << 62))
                pending: asyncio.Future[str] = asyncio.ensure_future(self.search.run(live.id, args))
            else:
                agent = self._agent(live, seat, spec)
                pending = loop.run_in_executor(self.threads, _light_act, agent, match.state.clone(), seat, rng)
        return version, await pending
