"""Bot seats on the server: they act on the server, at a set pace, off the event loop (docs/server.md).

A table's bots are driven by one task in one process at a time. The process holds the table's bot lease in the
database (renewed while it drives them); when a process dies its lease runs out and another process takes the
table's bots over: every process's watch looks for tables in play whose lease has run out, loaded or not. On
SQLite one process serves the database, so a lease found there was left by a dead process (or is our own):
every process on SQLite is the same lease owner and a restarted server drives its bots at once. A bot thinks in a worker: light bots (the games' heuristic bots, random) in a thread pool,
search bots (`ismcts`) in a process pool, so a slow search never stalls the other tables. The worker gets a
clone of the state (a thread) or the table's seed and actions (a process, which replays them), and the action
it picks is committed like a player's, with the version check: if someone acted meanwhile, it thinks again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from outlast.agents import Agent, make_agent, parse_spec
from outlast.core import CHANCE, IllegalAction, Match, Rng, State, load_game

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


def _search_act(game: str, seed: int, options: dict[str, Any], actions: list[tuple[int, str]], spec: str,
                seat: int, rng_seed: int) -> str:
    """In a worker process: replay the table and let a search bot pick `seat`'s action (its text)."""
    match = Match.start(load_game(game), seed, options)
    for who, text in actions:
        match.play(text, who)
    agent = make_agent(spec, match.game)
    return str(agent.act(match.state, seat, Rng(rng_seed)))


def _light_act(agent: Agent, state: State, seat: int, rng: Rng) -> str:
    return str(agent.act(state, seat, rng))


class BotRunner:
    """Drives every bot seat of the tables of one hub."""

    def __init__(self, hub: Hub, *, processes: int = 0, lease: float = LEASE_SECONDS) -> None:
        self.hub = hub
        self.lease = lease
        self.owner = f"{os.getpid()}-{secrets.token_hex(4)}" if hub.store.is_postgres else SQLITE_OWNER
        self.threads: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="outlast-bot")
        self.processes: Executor | None = ProcessPoolExecutor(max_workers=processes) if processes else None
        self.agents: dict[tuple[str, int, str], Agent] = {}
        self.rngs: dict[tuple[str, int], Rng] = {}
        self.watch: asyncio.Task[None] | None = None
        hub.bots = self

    def close(self) -> None:
        if self.watch is not None:
            self.watch.cancel()
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)

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
        if self._bot_to_move(live) is None:
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._drive(live))

    def forget(self, table_id: str) -> None:
        """Drop what the bots of a table keep between moves (the hub forgets the table: `Hub.sweep`)."""
        for agent_key in [k for k in self.agents if k[0] == table_id]:
            del self.agents[agent_key]
        for rng_key in [k for k in self.rngs if k[0] == table_id]:
            del self.rngs[rng_key]

    def bot_to_move(self, live: Live) -> tuple[int, str] | None:
        """The bot seat (and its spec) that acts next, if a bot is to act (`_bot_to_move`)."""
        return self._bot_to_move(live)

    def _bot_to_move(self, live: Live) -> tuple[int, str] | None:
        """The bot seat (and its spec) that acts next: the first by the bots' own priority."""
        match = live.match
        if match is None or live.row.status != "playing" or match.state.is_over():
            return None
        movers = match.state.to_move()
        specs = {s.seat: s.bot for s in live.seats if s.bot and (s.kind == "bot" or s.kind == "human")}
        mine = [m for m in movers if m != CHANCE and m in specs]
        if not mine:
            return None
        best = max(mine, key=lambda m: self._agent(live, m, specs[m]).priority(match.state, m))
        return best, specs[best]

    def _agent(self, live: Live, seat: int, spec: str) -> Agent:
        key = (live.id, seat, spec)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = make_agent(spec, load_game(live.row.game))
        return agent

    async def _drive(self, live: Live) -> None:
        """Let bot seats act one after another until none is to act (or another process holds the lease)."""
        hub = self.hub
        try:
            while True:
                pick = self._bot_to_move(live)
                if pick is None:
                    return
                if not await hub.db(hub.store.take_lease, live.id, self.owner, self.lease):
                    return  # another process drives this table's bots; the watch retries when its lease ends
                await asyncio.sleep(hub.bot_pace)
                seat, spec = pick
                version, text = await self._think(live, seat, spec)
                if text is None:
                    continue
                try:
                    await hub.commit(live, seat, version, text)
                except (StaleVersion, IllegalAction):
                    continue  # a player or a remote process acted first: look again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s stopped", live.id)

    async def _think(self, live: Live, seat: int, spec: str) -> tuple[int, str | None]:
        """(the version it thought at, the action text) — None when the seat is no longer to act."""
        loop = asyncio.get_running_loop()
        async with live.lock:
            match = live.match
            if match is None or match.state.is_over() or seat not in match.state.to_move():
                return live.version, None
            version = live.version
            rng = self.rngs.setdefault((live.id, seat), Rng(live.row.seed * 31 + seat + 1))
            if parse_spec(spec)[0] in SEARCH_BOTS and self.processes is not None:
                args = (live.row.game, live.row.seed, live.row.options,
                        [(e.seat, e.text) for e in match.history], spec, seat, rng.randrange(1 << 62))
                future = loop.run_in_executor(self.processes, _search_act, *args)
            else:
                agent = self._agent(live, seat, spec)
                future = loop.run_in_executor(self.threads, _light_act, agent, match.state.clone(), seat, rng)
        return version, await future
