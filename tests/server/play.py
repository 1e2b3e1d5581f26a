"""Scripted players for the server tests: clients that play whatever is legal, and the checks on what they got."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from outlast.core import Match, load_game

from .harness import Player

PACE = 0.055
"""Seconds a scripted player waits before it acts: inside the server's limit of 20 messages a second."""


async def play_seat(player: Player, rng: random.Random, *, acked: list[int] | None = None,
                    limit: float = 120.0, until: Callable[[dict[str, Any]], bool] | None = None,
                    from_screen: bool = False) -> dict[str, Any]:
    """Play a seat to the end of the game: answer every state that offers actions with a random legal one.

    `acked` collects the versions the server reported after this player's own actions (what it acknowledged).
    `until` stops earlier, at the first state it accepts; `from_screen` acts on the state the player already
    holds first (it may be awaiting this seat). Returns the last state message (the game over, or `until`'s)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    waiting: int | None = None  # the id of the action in flight
    latest: dict[str, Any] | None = player.last_state if from_screen else None  # the newest state received
    count = 0
    while True:
        if latest is not None:
            if latest["status"] == "over" or (until is not None and until(latest)):
                return latest
            if latest["legal"] and waiting is None:
                await asyncio.sleep(PACE)
                count += 1
                await player.send({"type": "act", "version": latest["version"],
                                   "action": rng.choice(latest["legal"]), "id": count})
                waiting = count
        msg = await player.recv(max(0.1, deadline - loop.time()))
        if msg["type"] == "rejected" and msg["id"] == waiting:
            waiting = None  # a stale act: the newest state is already here (or follows), so look at it again
        elif msg["type"] == "state":
            latest = msg
            if waiting is not None and msg.get("ack") == waiting:
                if acked is not None:
                    acked.append(msg["version"])
                waiting = None


def replayed(doc: dict[str, Any]) -> list[Any]:
    """The states of an exported game after 0, 1, 2, … stored actions (index = table version, with no undo)."""
    match = Match.start(load_game(doc["game"]), doc["seed"], doc["options"])
    states = [match.state.clone()]
    for seat, text, _ in doc["actions"]:
        match.play(text, seat)
        states.append(match.state.clone())
    return states


def check_messages(states: list[Any], seat: int | None, received: list[dict[str, Any]]) -> int:
    """Every state message a seat got is its own `observe(seat)` of the stored game at that version, with its
    own legal actions and only events it may see. Returns how many were checked."""
    checked = 0
    for msg in received:
        if msg.get("type") != "state":
            continue
        state = states[msg["version"]]
        assert msg["seat"] == seat
        assert msg["view"] == json.loads(json.dumps(state.observe(seat))), f"version {msg['version']}: the view is not observe({seat})"
        mine = seat is not None and not state.is_over() and seat in state.to_move()
        assert msg["legal"] == ([str(a) for a in state.legal_actions(seat)] if mine else [])
        parts = state.decision_parts(seat) if mine and seat is not None else None
        assert msg["parts"] == (None if parts is None else json.loads(json.dumps(parts.to_json())))
        visible = [(e.kind, e.text, json.dumps(dict(e.data), sort_keys=True)) for e in state.events
                   if e.visible(seat)]
        for e in msg["events"]:  # the data of an event (a roll's dice) goes exactly where its text does
            assert (e["kind"], e["text"], json.dumps(e.get("data", {}), sort_keys=True)) in visible
        checked += 1
    return checked
