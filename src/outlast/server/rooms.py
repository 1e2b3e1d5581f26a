"""Shared replay: the players of a finished table review it together in a room (`/ws/replay/{table}`).

A room is `{leader, step, seat, members}`. Its members join with a display name (or a seat token, which makes
them that seat's player); one of them leads, and only the leader's `goto` moves the room. Every member following
the leader gets the room's frame (`Replays.frame`: the game after `step` actions from `seat`'s point of view);
a member may browse alone and follow again; anyone may take the lead; when the leader leaves, the member who
joined earliest leads. A message that is malformed, too large, too fast or not allowed gets an `error` reply
and changes nothing (docs/server.md).

A room lives in the process that holds its connections: route a table's `/ws/replay` to one process
(docs/deploy.md). It is forgotten when its last member leaves.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import protocol as p
from .hub import Hub, HubError, TokenBucket, display_name, same_secret
from .live import Live
from .replay import Replays


@dataclass(eq=False)
class Member:
    """One connection to a replay room: its name (empty until it has joined), the seat it played (if it said
    so with its token), and whether it follows the leader."""

    id: int
    send: Callable[[dict[str, Any]], Any]
    bucket: TokenBucket
    name: str = ""
    seat: int | None = None
    following: bool = True

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "seat": self.seat, "following": self.following}


@dataclass(eq=False)
class Room:
    """A finished table reviewed together: who is in it (in the order they joined), who leads, and where."""

    live: Live
    members: list[Member] = field(default_factory=list)
    leader: Member | None = None
    step: int = 0
    seat: int | None = None
    frame: dict[str, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def message(self, to: Member, *, frame: bool) -> dict[str, Any]:
        """The room as member `to` is told it, with the frame when `frame` (and `to` follows)."""
        msg: dict[str, Any] = {
            "type": "room", "table": self.live.id, "you": to.id, "leader": self.leader.id if self.leader else None,
            "step": self.step, "seat": self.seat, "steps": self.frame.get("steps", 0),
            "members": [m.public() for m in self.members]}
        if frame and to.following:
            msg["frame"] = self.frame
        return msg


class Rooms:
    """The replay rooms of this process, by table id."""

    def __init__(self, hub: Hub, replays: Replays) -> None:
        self.hub, self.replays = hub, replays
        self.rooms: dict[str, Room] = {}
        self.ids = itertools.count(1)

    def member(self, send: Callable[[dict[str, Any]], Any]) -> Member:
        """A new connection, rate-limited as the live socket's are."""
        return Member(next(self.ids), send, TokenBucket(self.hub.rate, 2 * self.hub.rate))

    async def finished(self, table_id: str) -> Live:
        """The table whose room a connection asks for; `HubError` 404 without one, 409 while it is not over."""
        live = await self.hub.live(table_id)
        await asyncio.to_thread(self.replays.of, live)
        return live

    async def handle(self, live: Live, member: Member, raw: str | bytes) -> bool:
        """Answer one raw message of `member`; False when the connection should close (rate limit abuse)."""
        if not member.bucket.take():
            await _send(member, p.error("rate_limited", "too many messages; slow down"))
            return member.bucket.strikes <= TokenBucket.STRIKES
        try:
            msg = p.parse_room(raw)
            await self._dispatch(live, member, msg)
        except p.ProtocolError as exc:
            await _send(member, p.error(exc.code, exc.message))
        except HubError as exc:
            await _send(member, p.error(exc.code, exc.message))
        return True

    async def _dispatch(self, live: Live, member: Member, msg: Any) -> None:
        if isinstance(msg, p.Ping):
            await _send(member, {"type": "pong"})
            return
        if isinstance(msg, p.Join):
            await self.join(live, member, msg)
            return
        room = self.rooms.get(live.id)
        if room is None or member not in room.members:
            raise HubError(409, "not_joined", "join the room first: {\"type\": \"join\", \"name\": TEXT}")
        async with room.lock:
            if isinstance(msg, p.Lead):
                await self._lead(room, member)
            elif isinstance(msg, p.Goto):
                await self._goto(room, member, msg.step, msg.seat)
            elif isinstance(msg, p.Follow):
                await self._follow(room, member, msg.on)

    async def join(self, live: Live, member: Member, msg: p.Join) -> None:
        """Enter the room (made, led by this member at the start, when it is empty)."""
        if member.name:
            raise HubError(409, "joined", "this connection is in the room already")
        seat = None
        if msg.token is not None:
            seat = next((s.seat for s in live.seats if same_secret(msg.token, s.token_hash)), None)
            if seat is None:
                raise HubError(403, "bad_token", "that token holds no seat at this table")
        elif msg.name is None:
            raise HubError(400, "malformed", "joining needs a name (or a seat token)")
        name = live.seats[seat].name if seat is not None else display_name(msg.name or "")
        room = self.rooms.get(live.id)
        if room is None:
            room = self.rooms[live.id] = Room(live)
        async with room.lock:
            if not room.frame:
                room.frame = await asyncio.to_thread(self.replays.frame, live, "0", None)
            if self.rooms.get(live.id) is not room:  # emptied and forgotten while the first frame was made
                self.rooms[live.id] = room
            member.name, member.seat, member.following = name, seat, True
            room.members.append(member)
            room.leader = room.leader or member
            await self._tell(room, framed={member})

    async def _lead(self, room: Room, member: Member) -> None:
        room.leader, member.following = member, True
        await self._tell(room, framed={member})

    async def _goto(self, room: Room, member: Member, step: int, seat: int | None) -> None:
        if member is not room.leader:
            raise HubError(403, "not_leader", "only the leader moves the room: take the lead first")
        steps, seats = room.frame["steps"], len(room.live.seats)
        if step > steps:
            raise HubError(400, "bad_step", f"step must be 0 to {steps}, not {step}")
        if seat is not None and seat >= seats:
            raise HubError(400, "bad_seat", f"seat must be 0 to {seats - 1} or null, not {seat}")
        room.frame = await asyncio.to_thread(self.replays.frame, room.live, str(step),
                                             None if seat is None else str(seat))
        room.step, room.seat = step, seat
        await self._tell(room, framed=set(room.members))

    async def _follow(self, room: Room, member: Member, on: bool) -> None:
        if not on and member is room.leader:
            raise HubError(409, "leading", "the leader's view is the room's: hand the lead on to browse alone")
        member.following = on
        await self._tell(room, framed={member} if on else set())

    async def leave(self, live: Live, member: Member) -> None:
        """A connection closed: it leaves the room, and the lead passes to the member who joined earliest."""
        room = self.rooms.get(live.id)
        if room is None or member not in room.members:
            return
        async with room.lock:
            room.members.remove(member)
            if not room.members:
                if self.rooms.get(live.id) is room:
                    del self.rooms[live.id]
                return
            framed = set()
            if room.leader is member:
                room.leader = room.members[0]
                if not room.leader.following:
                    room.leader.following = True
                    framed.add(room.leader)
            await self._tell(room, framed=framed)

    async def _tell(self, room: Room, framed: set[Member]) -> None:
        """Send every member the room; those in `framed` that follow get the frame too."""
        for m in list(room.members):
            await _send(m, room.message(m, frame=m in framed))


async def _send(member: Member, msg: dict[str, Any]) -> None:
    """Send one message; a closed connection is left to its reader loop, which ends it."""
    try:
        result = member.send(msg)
        if asyncio.iscoroutine(result):
            await result
    except Exception:  # a socket closing under us
        return
