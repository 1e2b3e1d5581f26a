"""Live play through the hub (issue 13 §1 Auth, Live play, Reconnection, Undo, Chat, Turn timers; §3).

Each test drives the hub behind every websocket in this process, on a real SQLite file, with connections that
keep every message they get (rig.py): refusals must come back as `error` or `rejected` with the reason, and leave
the table's version, state and stored actions exactly as they were.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from outlast.core import IllegalAction, Match, load_game
from outlast.server.bots import BotRunner
from outlast.server.hub import Hub, HubError, token_hash
from outlast.server.store import Store

from .rig import Rig, secrets_in, to_move


def run(tmp_path: Path, body: Callable[[Rig], Awaitable[None]]) -> None:
    rig = Rig(tmp_path)
    try:
        asyncio.run(body(rig))
    finally:
        rig.close()


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def planning(rig: Rig) -> tuple[str, str, list[str]]:
    """A 2-player Robinson table in its first planning, where both seats place pawns (nothing revealed):
    (id, host token, seat tokens)."""
    made = await rig.table("robinson", {"players": 2}, seed=1)
    await rig.play_random(made[0], 5, random.Random(0), until=lambda s: {0, 1} <= set(s.to_move()))
    assert set(to_move(await rig.live(made[0]))) == {0, 1}
    return made


# ------------------------------------------------------------------ auth
def test_a_spectator_reads_observe_none_and_may_neither_act_nor_chat(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, _ = await rig.table("fuji", {"players": 2}, seed=3)
        live = await rig.live(table)
        assert live.match is not None
        spectator = await rig.connect(table)
        state = spectator.last("state")
        assert state["seat"] is None and state["view"] == _json(live.match.state.observe(None))
        assert state["legal"] == [] and state["decision"] == "" and state["parts"] is None and state["can_undo"] is False
        before = await rig.snapshot(table)
        seat = to_move(live)[0]
        action = str(live.match.state.legal_actions(seat)[0])
        for msg in ({"type": "act", "version": live.version, "action": action},
                    {"type": "undo", "version": live.version}):
            assert [(m["type"], m["code"]) for m in await rig.say(spectator, msg)] == [("error", "spectator")]
        assert [(m["type"], m["code"]) for m in await rig.say(spectator, {"type": "chat", "text": "hi"})] == [
            ("error", "spectator")]
        assert await rig.snapshot(table) == before
        assert rig.store.chat(table) == []
    run(tmp_path, body)


def test_every_action_needs_its_own_seats_token(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await rig.table("fuji", {"players": 2}, seed=3)
        live = await rig.live(table)
        assert live.match is not None
        seat = to_move(live)[0]
        action = str(live.match.state.legal_actions(seat)[0])
        before = await rig.snapshot(table)
        near = tokens[seat][:-1] + ("A" if tokens[seat][-1] != "A" else "B")
        for token in (host, "x" * 32, near):  # not a seat's token: refused, a spectator still
            conn = await rig.connect(table)
            assert [m.get("code") for m in await rig.say(conn, {"type": "hello", "token": token})] == ["bad_token"]
            assert conn.client.seat is None
            assert (await rig.say(conn, {"type": "act", "version": live.version, "action": action}))[0]["code"] == \
                "spectator"
        other = await rig.connect(table, tokens[1 - seat])  # the other seat's token acts only for the other seat
        reply = await rig.say(other, {"type": "act", "version": live.version, "action": action, "id": 4})
        assert reply[0]["type"] == "rejected" and reply[0]["code"] == "illegal" and reply[0]["id"] == 4
        assert await rig.snapshot(table) == before
        mine = await rig.connect(table, tokens[seat])
        assert mine.last("welcome")["seat"] == seat
        reply = await rig.say(mine, {"type": "act", "version": live.version, "action": action, "id": 5})
        assert reply[-1]["type"] == "state" and reply[-1]["ack"] == 5 and reply[-1]["version"] > before[0]
        assert rig.store.actions(table)[len(before[2])][1:] == (seat, action)
    run(tmp_path, body)


def test_a_kicked_seats_connection_can_no_longer_act_and_its_token_is_dead(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann = await rig.connect(table, tokens[0])
        await rig.hub.kick(table, host, 0)
        assert live.seats[0].kind == "open"
        before = await rig.snapshot(table)
        action = str(live.match.state.legal_actions(0)[0])
        reply = await rig.say(ann, {"type": "act", "version": live.version, "action": action})
        assert reply[0]["type"] == "error" and reply[0]["code"] in {"spectator", "not_seated"}
        again = await rig.connect(table)
        assert (await rig.say(again, {"type": "hello", "token": tokens[0]}))[0]["code"] == "bad_token"
        assert await rig.snapshot(table) == before
        new = (await rig.hub.join(table, {"name": "cy"}))  # the seat is open again: someone else takes it
        assert new["seat"] == 0 and new["token"] != tokens[0]
        cy = await rig.connect(table, new["token"])
        assert (await rig.say(cy, {"type": "act", "version": live.version, "action": action}))[-1]["type"] == "state"
    run(tmp_path, body)


def test_no_message_to_any_client_holds_a_token_or_its_hash(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await rig.table("fuji", {"players": 3}, seed=5, humans=2, start=False)
        await rig.hub.set_bot(table, host, 2, "heuristic")
        conns = [await rig.connect(table, t) for t in tokens] + [await rig.connect(table)]
        await rig.hub.start(table, host)
        for conn in conns:
            await rig.say(conn, {"type": "chat", "text": "good luck"})
            await rig.say(conn, {"type": "sync"})
        await rig.play_random(table, 60, random.Random(2))
        await rig.hub.disconnect(await rig.live(table), conns[1].client)
        await rig.hub.standin(table, host, 1, "random")
        again = await rig.connect(table, tokens[1])
        await rig.play_random(table, 20, random.Random(3))
        secrets = [host, *tokens]
        secrets += [token_hash(s) for s in secrets]
        for conn in [*conns, again]:
            assert conn.got and not secrets_in(json.dumps(conn.got), secrets)
    run(tmp_path, body)


# ------------------------------------------------------------------ live play
def test_a_stale_version_is_rejected_and_the_client_is_sent_only_what_it_lacks(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        conns = [await rig.connect(table, t) for t in tokens]
        await rig.say(conns[1], {"type": "act", "version": live.version,
                                 "action": str(live.match.state.legal_actions(1)[0])})
        before = await rig.snapshot(table)
        assert conns[0].last("state")["version"] == before[0]  # the change that makes its next act stale
        action = str(live.match.state.legal_actions(0)[0])
        for stale in (before[0] - 1, 0):  # it raced and lost: it has the newest state already
            reply = await rig.say(conns[0], {"type": "act", "version": stale, "action": action, "id": 9})
            assert [m["type"] for m in reply] == ["rejected"]
            assert reply[0]["code"] == "stale" and reply[0]["id"] == 9 and reply[0]["version"] == before[0]
            assert str(before[0]) in reply[0]["reason"]
            assert await rig.snapshot(table) == before
        reply = await rig.say(conns[0], {"type": "act", "version": before[0] + 1, "action": action, "id": 9})
        assert [m["type"] for m in reply] == ["rejected", "state"]  # a version the table never had: full resync
        assert reply[1]["full"] is True and reply[1]["version"] == before[0]
        assert reply[1]["view"] == _json(live.match.state.observe(0))
        assert await rig.snapshot(table) == before
        reply = await rig.say(conns[0], {"type": "act", "version": before[0], "action": action, "id": 10})
        assert reply[-1]["ack"] == 10
    run(tmp_path, body)


def test_a_stale_act_after_another_process_acted_brings_the_client_up_to_date(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann, bob = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1])
        seen = ann.last("state")
        other = Match.start(live.match.game, live.row.seed, live.row.options)  # another process's copy
        for entry in live.match.history:
            other.play(entry.text, entry.seat)
        text = str(other.state.legal_actions(1)[0])
        other.play(text, 1)
        with rig.store.locked(table) as tx:  # it commits; this process has not heard of it yet
            tx.append(live.version, 1, text)
        reply = await rig.say(ann, {"type": "act", "version": seen["version"], "id": 3,
                                    "action": str(live.match.state.legal_actions(0)[0])})
        assert [m["type"] for m in reply] == ["rejected", "state"]
        assert reply[0]["code"] == "stale" and reply[1]["version"] == seen["version"] + 1
        assert reply[1]["full"] is False and reply[1]["view"] == _json(other.state.observe(0))
        assert bob.last("state")["version"] == seen["version"] + 1  # the other clients here get it too
        assert bob.last("state")["view"] == _json(other.state.observe(1))
    run(tmp_path, body)


def test_an_illegal_action_is_rejected_with_its_reason_and_rule(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("fuji", {"players": 2}, seed=3)
        live = await rig.live(table)
        assert live.match is not None
        mover = to_move(live)[0]
        conns = [await rig.connect(table, t) for t in tokens]
        before = await rig.snapshot(table)
        cases = [("fly to the moon", ""), (str(live.match.state.legal_actions(mover)[0]), "§")]
        for text, rule in cases:
            conn = conns[mover] if rule == "" else conns[1 - mover]  # garbage, or a move out of turn
            reply = await rig.say(conn, {"type": "act", "version": before[0], "action": text, "id": 3})
            assert len(reply) == 1 and reply[0]["type"] == "rejected" and reply[0]["code"] == "illegal", reply
            assert reply[0]["reason"] and reply[0]["rule"].startswith(rule) and reply[0]["id"] == 3
            seat = conn.client.seat
            assert seat is not None
            with pytest.raises(IllegalAction) as exc:  # the very refusal the kernel gives
                live.match.rebuilt().play(text, seat)
            assert (reply[0]["reason"], reply[0]["rule"]) == (exc.value.reason, exc.value.rule)
            assert await rig.snapshot(table) == before
        assert conns[1 - mover].got[-1]["rule"] == "§3.2"
    run(tmp_path, body)


def test_sync_gives_a_full_view(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("discover", {"players": 2, "copy": 2}, seed=4)
        live = await rig.live(table)
        assert live.match is not None
        conn = await rig.connect(table, tokens[0])
        await rig.play_random(table, 5, random.Random(1))
        assert conn.last("state")["full"] is False
        reply = await rig.say(conn, {"type": "sync"})
        assert [m["type"] for m in reply] == ["state"] and reply[0]["full"] is True
        assert reply[0]["version"] == live.version and reply[0]["view"] == _json(live.match.state.observe(0))
        mine = 0 in to_move(live)
        assert reply[0]["legal"] == ([str(a) for a in live.match.state.legal_actions(0)] if mine else [])
        parts = live.match.state.decision_parts(0) if mine else None
        assert reply[0]["parts"] == (None if parts is None else _json(parts.to_json()))
    run(tmp_path, body)


def test_a_player_who_reconnects_gets_the_full_view_and_plays_on(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann, bob = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1])
        await rig.hub.disconnect(live, ann.client)
        seats = bob.last("seats")["seats"]
        assert seats[0]["away"] is True and seats[1]["away"] is False and live.seats[0].away
        await rig.play_random(table, 3, random.Random(4), until=lambda s: 0 in s.to_move())
        back = await rig.connect(table, tokens[0])
        state = back.last("state")
        assert state["full"] is True and state["version"] == live.version
        assert state["view"] == _json(live.match.state.observe(0))
        assert not live.seats[0].away and bob.last("seats")["seats"][0]["away"] is False
        if 0 in to_move(live):
            reply = await rig.say(back, {"type": "act", "version": live.version, "action": state["legal"][0],
                                         "id": 1})
            assert reply[-1]["ack"] == 1
    run(tmp_path, body)


def test_a_disconnect_leaves_the_seat_present_while_another_connection_of_it_stays(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("fuji", {"players": 2}, seed=1)
        live = await rig.live(table)
        first, second = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[0])
        await rig.hub.disconnect(live, first.client)
        assert not live.seats[0].away
        await rig.hub.disconnect(live, second.client)
        assert live.seats[0].away
    run(tmp_path, body)


# ------------------------------------------------------------------ stand-ins
def test_the_host_lets_a_bot_stand_in_for_an_away_seat_until_its_player_acts(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann, bob = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1])
        for token in (host, tokens[0], tokens[1]):  # nobody is away: no stand-in
            with pytest.raises(HubError) as refused:
                await rig.hub.standin(table, token, 1, "random")
            assert refused.value.status == 403
        await rig.hub.disconnect(live, bob.client)
        with pytest.raises(HubError) as refused:  # a player is not the host
            await rig.hub.standin(table, tokens[0], 1, "random")
        assert refused.value.status == 403
        with pytest.raises(HubError) as refused:
            await rig.hub.standin(table, host, 1, "nope")
        assert refused.value.status == 400
        assert await rig.hub.standin(table, host, 1, "random") == {"table": table, "seat": 1, "standin": "random"}
        assert ann.last("seats")["seats"][1]["standin"] is True
        back = await rig.connect(table, tokens[1])
        assert live.seats[1].bot == "random"  # coming back does not end it; acting does
        refused_act = await rig.say(back, {"type": "act", "version": live.version, "action": "no such action", "id": 1})
        assert refused_act[-1]["type"] == "rejected" and live.seats[1].bot == "random"  # a refused action does not
        reply = await rig.say(back, {"type": "act", "version": live.version,
                                     "action": str(live.match.state.legal_actions(1)[0]), "id": 2})
        assert [m.get("ack") for m in reply if m["type"] == "state"] == [2]
        assert live.seats[1].bot == "" and ann.last("seats")["seats"][1]["standin"] is False
        assert rig.store.seats(table)[1].kind == "human" and rig.store.seats(table)[1].token_hash
    run(tmp_path, body)


def test_a_stand_in_bot_plays_the_away_seat_on_the_server(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        runner = BotRunner(rig.hub, processes=0)
        try:
            table, host, tokens = await planning(rig)
            live = await rig.live(table)
            assert live.match is not None
            ann, bob = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1])
            await rig.hub.disconnect(live, bob.client)
            done = len(live.match.history)
            await rig.hub.standin(table, host, 1, "random")
            for _ in range(200):
                if any(e.seat == 1 for e in live.match.history[done:]):
                    break
                await asyncio.sleep(0.02)
            assert any(e.seat == 1 for e in live.match.history[done:]), "the stand-in never acted"
            assert ann.last("state")["version"] == live.version
        finally:
            runner.close()
    run(tmp_path, body)


# ------------------------------------------------------------------ undo
def test_a_seat_undoes_its_own_last_action_and_everyone_sees_the_state_before_it(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann, bob, watcher = (await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1]),
                             await rig.connect(table))
        before = await rig.snapshot(table)
        opening = [live.match.state.observe(s) for s in (0, 1, None)]
        action = ann.last("state")["legal"][0]  # a planning move: nothing revealed, nobody else acted
        reply = await rig.say(ann, {"type": "act", "version": before[0], "action": action, "id": 1})
        assert reply[-1]["can_undo"] is True and live.match.can_undo(0) is None
        taken = live.match.state.events[len(live.match.rebuilt(len(live.match.history) - 1).state.events):]
        reply = await rig.say(ann, {"type": "undo", "version": live.version, "id": 2})
        assert [m["type"] for m in reply] == ["state", "undone"]
        assert reply[0]["ack"] == 2 and reply[0]["full"] is True
        assert rig.store.actions(table) == before[2] and live.version > before[0]
        # the table is told who took back what: the seat itself its action, everyone the lines it could see
        lines = [{"kind": e.kind, "text": e.text, **({"data": dict(e.data)} if e.data else {})} for e in taken]
        assert lines and reply[1] == {"type": "undone", "table": table, "seat": 0, "name": "p0", "events": lines,
                                      "action": action}
        for conn in (bob, watcher):
            told = conn.last("undone")
            assert told["name"] == "p0" and told["events"] == lines and "action" not in told
        for conn, seat, view in ((ann, 0, opening[0]), (bob, 1, opening[1]), (watcher, None, opening[2])):
            state = conn.last("state")
            assert state["full"] is True and state["version"] == live.version and state["seat"] == seat
            assert state["view"] == _json(view)
        reloaded = Rig(tmp_path, db="rig.db")  # a fresh process replays the table without the undone action
        try:
            again = await reloaded.live(table)
            assert again.match is not None and again.version == live.version
            assert again.match.state.observe(0) == live.match.state.observe(0)
        finally:
            reloaded.close()
    run(tmp_path, body)


def test_undo_is_refused_once_another_seat_acted_with_the_reason(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        live = await rig.live(table)
        assert live.match is not None
        ann, bob = await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1])
        reply = await rig.say(bob, {"type": "undo", "version": live.version, "id": 1})  # seat 0 acted last
        assert reply[0]["type"] == "rejected" and reply[0]["code"] == "illegal" and reply[0]["id"] == 1
        await rig.say(ann, {"type": "act", "version": live.version, "action": ann.last("state")["legal"][0]})
        await rig.say(bob, {"type": "act", "version": live.version, "action": bob.last("state")["legal"][0]})
        before = await rig.snapshot(table)
        assert ann.last("state")["can_undo"] is False
        assert ann.last("state")["undo_reason"] == live.match.can_undo(0)  # the page says why Undo went away
        reply = await rig.say(ann, {"type": "undo", "version": live.version, "id": 2})
        assert [m["type"] for m in reply] == ["rejected"] and reply[0]["id"] == 2
        assert reply[0]["reason"] == live.match.can_undo(0) and "another seat" in reply[0]["reason"]
        reply = await rig.say(bob, {"type": "undo", "version": live.version - 1})
        assert reply[0]["code"] == "stale"
        assert await rig.snapshot(table) == before
    run(tmp_path, body)


# ------------------------------------------------------------------ chat
def test_chat_is_stored_and_shown_to_everyone_at_the_table(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await planning(rig)
        ann, bob, watcher = (await rig.connect(table, tokens[0]), await rig.connect(table, tokens[1]),
                             await rig.connect(table))
        before = await rig.snapshot(table)
        await rig.say(ann, {"type": "chat", "text": "  shall   we build the shelter?  "})
        line = {"type": "chat", "seat": 0, "name": "p0", "text": "shall we build the shelter?"}
        for conn in (ann, bob, watcher):
            got = conn.last("chat")
            assert {k: got[k] for k in line} == line
        assert [(s, n, t) for _, s, n, t, _ in rig.store.chat(table)] == [(0, "p0", line["text"])]
        for bad in ({"type": "chat", "text": "   "}, {"type": "chat", "text": "x" * 501}):
            assert (await rig.say(bob, bad))[0]["type"] == "error"
        assert len(rig.store.chat(table)) == 1 and await rig.snapshot(table) == before
    run(tmp_path, body)


def _phase(n: int) -> Callable[[Any], bool]:
    return lambda state: state.phase == n


@pytest.mark.parametrize(("phase", "refused", "allowed"), [
    (2, ["I rolled three yellows", "my best is 6", "we both have a pair"], ["my roll looks poor for that card"]),
    (3, ["hello", "good luck"], []),
    (4, ["four of mine are high", "2 sixes here"], ["lots of my dice came up high"]),
])
def test_fuji_chat_follows_its_no_numbers_and_silence_rule_s7_6(tmp_path: Path, phase: int, refused: list[str],
                                                                 allowed: list[str]) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("fuji", {"players": 2}, seed=3)
        live = await rig.live(table)
        assert live.match is not None
        await rig.play_random(table, 200, random.Random(1), until=_phase(phase))
        assert live.match.state.phase == phase
        conns = [await rig.connect(table, t) for t in tokens]
        for text in refused:
            reply = await rig.say(conns[0], {"type": "chat", "text": text})
            assert [(m["type"], m["code"]) for m in reply] == [("rejected", "refused")], reply
            assert reply[0]["rule"] == ("§8.3" if phase == 3 else "§7.6")
            assert reply[0]["reason"]
            assert "chat" not in conns[1].kinds()
        assert rig.store.chat(table) == []
        for text in allowed:
            await rig.say(conns[1], {"type": "chat", "text": text})
            assert conns[0].last("chat")["text"] == text
        assert len(rig.store.chat(table)) == len(allowed)
    run(tmp_path, body)


# ------------------------------------------------------------------ turn timers
def test_a_seats_clock_runs_down_and_at_zero_the_others_may_hand_it_to_a_bot(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, host, tokens = await rig.table("fuji", {"players": 2}, seed=3, clock=1)
        live = await rig.live(table)
        slow = to_move(live)[0]
        other = 1 - slow
        watcher = await rig.connect(table)
        assert watcher.last("state")["seats"][slow]["clock"] <= 1.0
        await asyncio.sleep(0.4)
        left = live.seat_list()[slow]["clock"]
        assert 0 < left < 0.8, f"the clock of the seat to move does not run ({left})"
        if other not in to_move(live):
            assert live.seat_list()[other]["clock"] == 1.0
        for token in (tokens[other], host, tokens[slow]):  # time is left: nobody may hand the seat over
            with pytest.raises(HubError) as early:
                await rig.hub.standin(table, token, slow, "random")
            assert early.value.status == 403
        clocks = asyncio.get_running_loop().create_task(rig.hub.watch_clocks(every=0.05))
        await asyncio.sleep(0.8)
        assert live.seat_list()[slow]["clock"] == 0
        clocks.cancel()
        assert watcher.last("seats")["timed_out"] == [slow]  # the table is told when the clock runs out
        for token in (None, tokens[slow]):  # a spectator holds no token; the late seat may not pick its own bot
            with pytest.raises(HubError) as refused:
                await rig.hub.standin(table, token, slow, "random")
            assert refused.value.status == 403
        assert (await rig.hub.standin(table, tokens[other], slow, "random"))["standin"] == "random"
        assert watcher.last("seats")["seats"][slow]["standin"] is True
    run(tmp_path, body)


def test_a_clock_stops_while_its_seat_waits(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, _ = await rig.table("discover", {"players": 2}, seed=4, clock=30)
        live = await rig.live(table)
        first = to_move(live)[0]
        await asyncio.sleep(0.3)
        await rig.play_random(table, 30, random.Random(2), until=lambda s: first not in s.to_move())
        assert first not in to_move(live)
        spent = live.seat_list()[first]["clock"]
        await asyncio.sleep(0.3)
        assert live.seat_list()[first]["clock"] == spent < 30
        assert rig.store.seats(table)[first].clock_left == pytest.approx(spent, abs=0.1)
        await rig.play_random(table, 30, random.Random(3), until=lambda s: first in s.to_move())
        assert first in to_move(live)
        await asyncio.sleep(0.3)
        assert live.seat_list()[first]["clock"] < spent - 0.2, "the clock started afresh on the seat's next turn"
    run(tmp_path, body)


def test_a_state_message_carries_the_legal_texts_and_the_decision_in_words(tmp_path: Path) -> None:
    """A client never runs rules: the state message holds the seat's legal texts and its decision as text."""
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("discover", {"players": 1, "copy": 5}, seed=2)
        live = await rig.live(table)
        assert live.match is not None
        conn = await rig.connect(table, tokens[0])
        state = conn.last("state")
        assert state["legal"] == [str(a) for a in live.match.state.legal_actions(0)]
        assert state["decision"] == load_game("discover").describe_decision(live.match.state, 0)
        assert state["view"]["copy"] == load_game("discover").copy_for(5).copy_id
    run(tmp_path, body)


def test_a_client_message_is_answered_within_the_rate_limit_only(tmp_path: Path) -> None:
    async def body(rig: Rig) -> None:
        table, _, tokens = await rig.table("fuji", {"players": 2}, seed=1)
        conn = await rig.connect(table, tokens[0])
        conn.client.bucket.rate, conn.client.bucket.burst, conn.client.bucket.tokens = 1.0, 3.0, 3.0
        conn.client.bucket.at = time.monotonic()
        codes = [m.get("code") for _ in range(6) for m in await rig.say(conn, {"type": "ping"})]
        assert codes[:3] == [None, None, None] and codes[3:] == ["rate_limited"] * 3
    run(tmp_path, body)


def test_a_tables_seed_is_stored_on_either_database_whole_range(store_url: str) -> None:
    """Every seed the engine takes (-2**63 to 2**256 - 1: the wide ones included) is stored as it is on both
    databases; a seed out of that range is a 400 naming the seed, not a database failure."""
    async def body() -> None:
        with Store(store_url) as store:
            hub = Hub(store, bot_pace=0)
            for seed in (2 ** 31, -(2 ** 31) - 1, 2 ** 63 - 1, -(2 ** 63), 0, 2 ** 63, 2 ** 255 + 12345):
                made = await hub.create({"game": "fuji", "options": {"players": 2}, "seed": seed, "practice": True})
                assert store.table(made["table"]).seed == seed
            for seed in (2 ** 256, -(2 ** 63) - 1):
                with pytest.raises(HubError) as refused:
                    await hub.create({"game": "fuji", "options": {"players": 2}, "seed": seed, "practice": True})
                assert refused.value.status == 400 and "seed" in refused.value.message
            assert len(store.list_tables(public_only=False)) == 7
    asyncio.run(body())


def test_a_table_another_process_started_first_is_not_dealt_twice(tmp_path: Path) -> None:
    """The deal is built before the table's lock is taken; under the lock, a table no longer open (another
    process started it meanwhile) is refused with 409 and nothing more is stored."""

    async def body(rig: Rig) -> None:
        table, host, _ = await rig.table("fuji", {"players": 3}, start=False)
        live = await rig.hub.live(table)
        other = Hub(Store(rig.url), bot_pace=0)  # the other process, on the same database
        try:
            await other.start(table, host)
            stored = rig.store.actions(table)
            assert stored and rig.store.table(table).status == "playing"
            with pytest.raises(HubError) as refused:
                rig.hub._store_start(live, rig.hub._deal(live))
            assert refused.value.status == 409 and "playing" in refused.value.message
            assert rig.store.actions(table) == stored and live.match is None
        finally:
            other.store.close()

    run(tmp_path, body)
