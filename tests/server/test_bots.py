"""Bots on the server cannot hurt a table (issue 23): search workers die with the server, bot specs stay within
the server's limits, the search workers are shared fairly by the tables, and a failing bot never stalls its table.

The worker and fair-share tests run real `outlast serve --search-workers 1` processes (harness.py); the others
drive the hub in this process on a real SQLite file (rig.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from outlast.core import Action, Match, RandomLike, State, load_game
from outlast.server.bots import BotRunner
from outlast.server.hub import HubError

from .harness import Server
from .rig import Rig


# ------------------------------------------------------------------ processes, read from /proc
def _ppid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def descendants(root: int) -> set[int]:
    """Every living process under `root`."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            ppid = _ppid(int(entry.name))
            if ppid is not None:
                parents[int(entry.name)] = ppid
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return {pid for pid in found if alive(pid)}


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def cpu(pid: int) -> float:
    """Seconds of CPU the process has used (a search worker past its imports is thinking)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def poll(check: Any, timeout: float, every: float = 0.05) -> Any:
    """`check()` until it returns something true, or the deadline (then its last answer)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result or time.monotonic() >= deadline:
            return result
        time.sleep(every)


@contextlib.contextmanager
def reaped(pids: set[int], folder: Path | None = None) -> Iterator[set[int]]:
    """Whatever happens, kill the processes of `pids` that still run at the end (the test's own), and those whose
    command line names `folder` (the test's servers, and any worker forked from one)."""
    try:
        yield pids
    finally:
        mine = set(pids)
        if folder is not None:
            mine |= {int(e.name) for e in Path("/proc").iterdir() if e.name.isdigit() and str(folder) in cmdline(int(e.name))}
        for pid in mine:
            if alive(pid) and pid != os.getpid():
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


def thinking_server(tmp_path: Path, port: int | None = None) -> tuple[Server, set[int]]:
    """A server with one search worker, thinking for a table of search bots: (the server, its processes below
    it). If it cannot be made so, every process of it is ended."""
    server = Server(f"sqlite:///{tmp_path / 'bots.db'}", port=port, workers=1, log=tmp_path / "serve.log").start()
    assert server.proc is not None
    pid = server.proc.pid
    try:
        table, host = server.table("fuji", {"players": 2})
        for seat in (0, 1):
            made = server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": "ismcts:time=10"}, host)
            assert made.status_code == 200, made.text
        assert server.post(f"/api/tables/{table}/start", token=host).status_code == 200
        workers = poll(lambda: {p for p in descendants(pid) if cpu(p) >= 2.0}, 40)
        assert workers, "no search worker thought for 2 s of CPU"
        return server, descendants(pid)
    except BaseException:
        with reaped(descendants(pid), tmp_path):
            server.kill()
        raise


# ------------------------------------------------------------------ 1. workers die with the server
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_search_workers_end_with_the_server_and_a_new_server_takes_the_port_at_once(tmp_path: Path,
                                                                                    how: str) -> None:
    server, workers = thinking_server(tmp_path)
    assert server.proc is not None
    with reaped(set(workers), tmp_path):
        try:
            server.proc.send_signal(signal.SIGKILL if how == "SIGKILL" else signal.SIGTERM)
            try:
                server.proc.wait(5)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the server did not end within 5 s of {how} (a search worker held it up)")
        finally:
            server.kill()
        left = poll(lambda: not any(alive(p) for p in workers), 3) or {p for p in workers if alive(p)}
        assert left is True, f"after {how} these processes of the server still run: " \
                             f"{[(p, cmdline(p)) for p in left]}"
        again = Server(server.db_url, port=server.port, workers=1, log=tmp_path / "again.log")
        try:
            again.start()  # raises at once if it exits: the port is still held
        finally:
            again.stop()


# ------------------------------------------------------------------ 2. limits on bot specs
def run(tmp_path: Path, body: Any) -> None:
    rig = Rig(tmp_path)
    try:
        asyncio.run(body(rig))
    finally:
        rig.close()


def test_the_server_refuses_search_bots_beyond_its_limits_and_names_the_limit(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await rig.table("fuji", {"players": 2}, humans=1, start=False)
        for spec, limit in (("ismcts:time=86400", "10 seconds"), ("ismcts:iters=1000000000", "20000 iterations"),
                            ("ismcts:iters=20001,time=1", "20000 iterations"), ("ismcts:time=10.5", "10 seconds")):
            with pytest.raises(HubError) as refused:
                await rig.hub.set_bot(table, host, 1, spec)
            assert (refused.value.status, refused.value.code) == (400, "bad_bot"), spec
            assert limit in refused.value.message, refused.value.message
        assert (await rig.hub.set_bot(table, host, 1, "ismcts:iters=20000,time=10"))["bot"] == "ismcts:iters=20000,time=10"
        await rig.hub.start(table, host)
        live = await rig.live(table)
        ann = await rig.connect(table, tokens[0])
        await rig.hub.disconnect(live, ann.client)  # seat 0 is away: the host may call in a stand-in
        with pytest.raises(HubError) as refused:
            await rig.hub.standin(table, host, 0, "ismcts:time=3600")
        assert refused.value.code == "bad_bot" and "10 seconds" in refused.value.message
        assert (await rig.hub.standin(table, host, 0, "ismcts:time=2"))["standin"] == "ismcts:time=2"
    run(tmp_path, body)


def test_a_search_bot_seated_on_the_server_thinks_at_most_the_servers_time() -> None:
    from outlast.agents.ismcts import ISMCTSAgent
    from outlast.server.bots import MAX_SEARCH_SECONDS, server_agent

    agent = server_agent("ismcts:iters=500", load_game("fuji"))
    assert isinstance(agent, ISMCTSAgent) and (agent.iters, agent.time) == (500, MAX_SEARCH_SECONDS)
    agent = server_agent("ismcts:time=2", load_game("fuji"))
    assert isinstance(agent, ISMCTSAgent) and (agent.iters, agent.time) == (None, 2.0)


# ------------------------------------------------------------------ 3. a fair share of the search workers
def test_a_light_tables_search_bots_keep_their_pace_beside_a_heavy_tables(tmp_path: Path) -> None:
    """One search worker, two tables of search bots: a heavy one (10 s a move) and a light one (a few iterations a
    move). The light table's bots must not wait for the heavy table's searches to end."""
    seen: set[int] = set()
    with reaped(seen, tmp_path), Server(f"sqlite:///{tmp_path / 'fair.db'}", workers=1, log=tmp_path / "serve.log") as server:
        assert server.proc is not None
        seen |= descendants(server.proc.pid)  # and again below: every worker is ended, whatever happens
        tables = {}
        for name, spec in (("heavy", "ismcts:time=10"), ("light", "ismcts:iters=3,rollout=none")):
            table, host = server.table("fuji", {"players": 2})
            for seat in (0, 1):
                assert server.post(f"/api/tables/{table}/seats/{seat}/bot", {"bot": spec}, host).status_code == 200
            tables[name] = (table, host)

        def version(name: str) -> int:
            got: int = server.get(f"/api/tables/{tables[name][0]}").json()["version"]
            return got

        heavy, light = tables["heavy"], tables["light"]
        assert server.post(f"/api/tables/{heavy[0]}/start", token=heavy[1]).status_code == 200
        pid = server.proc.pid
        assert poll(lambda: any(cpu(p) >= 2.0 for p in descendants(pid)), 40), "the heavy table's search never began"
        seen |= descendants(pid)
        assert server.post(f"/api/tables/{light[0]}/start", token=light[1]).status_code == 200
        start = {name: version(name) for name in tables}
        last, stall = dict(start), {name: 0.0 for name in tables}
        since = {name: time.monotonic() for name in tables}
        window = 15.0
        end = time.monotonic() + window
        while time.monotonic() < end:  # the measure is of a span of time: read both tables every 0.1 s through it
            for name in tables:
                now_version, now = version(name), time.monotonic()
                if now_version != last[name]:
                    last[name], since[name] = now_version, now
                stall[name] = max(stall[name], now - since[name])
            time.sleep(0.1)
        moved = {name: last[name] - start[name] for name in tables}
        print(f"in {window:g} s: versions {moved}, longest wait {({k: round(v, 1) for k, v in stall.items()})}")
        assert stall["light"] <= 5.0, f"the light table waited behind the heavy table's searches: {stall}, {moved}"
        assert moved["light"] >= 5, moved


# ------------------------------------------------------------------ 4. a failing bot never stalls its table
class CrashingBot:
    """A bot that raises on every move (as a search that hits a broken resample does)."""

    name = "crash"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        raise RuntimeError("resample broke the contract")

    def priority(self, state: State, seat: int) -> float:
        return 0.0


class RefusedBot(CrashingBot):
    """A bot whose every action the rules refuse."""

    name = "refused"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        return "no such move"  # type: ignore[return-value]  # its text is what the server commits


@pytest.fixture
def broken_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fuji's bots (`Game.agents`, where `make_agent` finds a game's bots) include `crash` and `refused`."""
    fuji = type(load_game("fuji"))
    own = fuji.agents
    monkeypatch.setattr(fuji, "agents", lambda self: {**own(self), "crash": CrashingBot, "refused": RefusedBot})


@pytest.mark.usefixtures("broken_bots")
@pytest.mark.parametrize("bot", ["crash", "refused"])
def test_a_failing_bot_hands_its_seat_to_the_heuristic_bot_and_the_table_is_told(tmp_path: Path, bot: str) -> None:
    async def body(rig: Rig) -> None:
        runner = BotRunner(rig.hub, processes=0)
        try:
            table, host, _ = await rig.table("fuji", {"players": 2}, humans=0, start=False)
            await rig.hub.set_bot(table, host, 0, bot)
            await rig.hub.set_bot(table, host, 1, "heuristic")
            watcher = await rig.connect(table)
            await rig.hub.start(table, host)
            live = await rig.live(table)
            assert live.match is not None
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and sum(e.seat == 0 for e in live.match.history) < 3:
                await asyncio.sleep(0.02)
            assert sum(e.seat == 0 for e in live.match.history) >= 3, f"seat 0 ({bot}) stalled the table"
            told = [m for m in watcher.got if m["type"] == "chat" and m["seat"] == -1]
            assert len(told) == 1, told  # told once, when the bot failed: not at each move
            assert told[0]["name"] == "server" and f"bot {bot} failed" in told[0]["text"]
            assert "heuristic bot plays seat 0" in told[0]["text"]
            assert [(seat, text) for _, seat, _, text, _ in rig.store.chat(table)] == [(-1, told[0]["text"])]
            assert rig.store.seats(table)[0].bot == bot  # the seat is still the host's choice, played by another
        finally:
            runner.close()
    run(tmp_path, body)


def test_a_search_job_past_the_cap_is_abandoned_and_its_worker_replaced() -> None:
    from outlast.server.bots import SearchAbandoned, SearchPool

    async def body() -> None:
        pool = SearchPool(1, cap=4.0)
        match = Match.start(load_game("fuji"), 1, {"players": 2})
        match.resolve_chance()
        dealt = [(e.seat, e.text) for e in match.history]
        seat = next(s for s in match.state.to_move() if len(match.state.legal_actions(s)) > 1)
        try:
            stuck = ("fuji", 1, {"players": 2}, dealt, "ismcts:time=10", seat, 1)  # 10 s > the cap of 4
            with pytest.raises(SearchAbandoned, match="did not end within 4 seconds"):  # not its move after 10 s
                await pool.run("t1", stuck)
            quick = ("fuji", 1, {"players": 2}, dealt, "ismcts:iters=2,rollout=none", seat, 1)
            assert await asyncio.wait_for(pool.run("t2", quick), 30)  # the replaced worker answers
        finally:
            pool.close()
    asyncio.run(body())


def test_a_search_asked_to_stop_ends_after_its_current_iteration() -> None:
    """The hook the search workers use to make way for another table (`ISMCTSAgent.stop`)."""
    from outlast.agents.ismcts import ISMCTSAgent
    from outlast.core import Rng

    match = Match.start(load_game("fuji"), 1, {"players": 2})
    match.resolve_chance()
    seat = next(s for s in match.state.to_move() if len(match.state.legal_actions(s)) > 1)
    agent = ISMCTSAgent(match.game, time="30")
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 3

    agent.stop = stop
    began = time.monotonic()
    root = agent.search(match.state, seat, Rng(1))
    assert (asked, root.visits) == (3, 3) and time.monotonic() - began < 10
    assert agent.act(match.state, seat, Rng(1)) in match.state.legal_actions(seat)


def test_with_two_workers_a_third_table_gets_a_worker_within_the_slice() -> None:
    """Two workers busy with 10 s searches of two tables: a third table's search is served after about a second
    (the longest search makes way), not after 10."""
    from outlast.server.bots import SEARCH_SLICE, SearchPool

    match = Match.start(load_game("fuji"), 1, {"players": 2})
    match.resolve_chance()
    dealt = [(e.seat, e.text) for e in match.history]
    seat = next(s for s in match.state.to_move() if len(match.state.legal_actions(s)) > 1)

    async def body() -> None:
        pool = SearchPool(2)
        try:
            warm = ("fuji", 1, {"players": 2}, dealt, "ismcts:iters=1,rollout=none", seat, 1)
            await asyncio.gather(pool.run("a", warm), pool.run("b", warm))  # both workers started
            heavy = ("fuji", 1, {"players": 2}, dealt, "ismcts:time=10", seat, 1)
            long_ones = [asyncio.ensure_future(pool.run(t, heavy)) for t in ("a", "b")]
            deadline = time.monotonic() + 10
            while not all(slot.job is not None for slot in pool.slots) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)  # both searches are given their worker at once (the workers are ready)
            assert all(slot.job is not None for slot in pool.slots)
            began = time.monotonic()
            await asyncio.wait_for(pool.run("c", warm), 30)
            waited = time.monotonic() - began
            assert waited < SEARCH_SLICE + 4, waited
            assert sum(f.done() for f in long_ones) == 1  # one made way, the other still searches
            await asyncio.wait_for(asyncio.gather(*long_ones), 30)
        finally:
            pool.close()
    asyncio.run(body())
