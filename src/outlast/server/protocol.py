"""The websocket protocol of `outlast serve`: what a client may send, and the replies it gets (docs/server.md).

Every message is one JSON object with a `type`. A client's message is checked before anything reads it: its
size, its JSON, its schema (pydantic, strict: no extra fields, no coercion of types), and only then its meaning
(seat, token, version, action text) by the hub. A message that fails any check gets an `error` reply naming the
problem and changes nothing.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from outlast.core import OutlastError

MAX_MESSAGE = 16 * 1024
"""The largest client message accepted, in bytes (UTF-8)."""
MAX_ACTION = 400
"""The longest action text accepted (every game's canonical texts are far shorter)."""
MAX_CHAT = 500
"""The longest chat line accepted."""
MAX_VERSION = 1 << 40
M = TypeVar("M")


def encode(msg: dict[str, Any]) -> str:
    """A server message as the JSON text of one websocket frame. orjson writes a state (about 9 kB) in a tenth of
    the time the standard library takes, and a state goes to every connection after every action; what orjson
    refuses (a whole number beyond 64 bits) falls back to the standard library, which writes every JSON value."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


class ProtocolError(OutlastError, ValueError):
    """A client message the server cannot accept: `code` is a short stable word, the text says why."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Message):
    """The first message on a connection: a seat's token (a player) or none (a spectator)."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=8, max_length=64)] | None = None


MessageId = Annotated[int, Field(ge=0, le=MAX_VERSION)]


class Act(_Message):
    """Play `action` (a canonical action text) at table version `version`. The optional `id` comes back in the
    reply: `ack` on the state message that follows an accepted action, `id` on a rejection."""

    type: Literal["act"]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)]
    action: Annotated[str, Field(min_length=1, max_length=MAX_ACTION)]
    id: MessageId | None = None


class Undo(_Message):
    """Take back this seat's last action, seen at table version `version` (`id` as for `act`)."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)]
    id: MessageId | None = None


class Chat(_Message):
    """A line of table talk (checked against the game's chat rule)."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT)]
    id: MessageId | None = None


class Sync(_Message):
    """Ask for the full current view (after a gap, or at any time)."""

    type: Literal["sync"]


class Ping(_Message):
    """Keep-alive; answered with `pong`."""

    type: Literal["ping"]


ClientMessage = Annotated[Hello | Act | Undo | Chat | Sync | Ping, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Hello | Act | Undo | Chat | Sync | Ping] = TypeAdapter(ClientMessage)


# --- a replay room (/ws/replay/{table}) ---------------------------------------------------------
class Join(_Message):
    """Enter a finished table's replay room: a display name, or a seat token (the member is then that seat's
    player, under the seat's name)."""

    type: Literal["join"]
    name: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    token: Annotated[str, Field(min_length=8, max_length=64)] | None = None


class Lead(_Message):
    """Take the lead of the room (anyone in it may)."""

    type: Literal["lead"]


class Goto(_Message):
    """The leader moves the room: after `step` actions, from `seat`'s point of view (null: a spectator's)."""

    type: Literal["goto"]
    step: Annotated[int, Field(ge=0, le=MAX_VERSION)]
    seat: Annotated[int, Field(ge=0, le=64)] | None = None


class Follow(_Message):
    """`on` true: follow the leader's view; false: browse alone (the room goes on without this member)."""

    type: Literal["follow"]
    on: bool


RoomMessage = Annotated[Join | Lead | Goto | Follow | Ping, Field(discriminator="type")]
_ROOM_ADAPTER: TypeAdapter[Join | Lead | Goto | Follow | Ping] = TypeAdapter(RoomMessage)


def parse_client(raw: str | bytes) -> Hello | Act | Undo | Chat | Sync | Ping:
    """The client message in `raw`, or `ProtocolError` naming what is wrong with it."""
    return _parse(raw, _ADAPTER, "hello, act, undo, chat, sync, ping")


def parse_room(raw: str | bytes) -> Join | Lead | Goto | Follow | Ping:
    """A replay room member's message in `raw`, or `ProtocolError` naming what is wrong with it."""
    return _parse(raw, _ROOM_ADAPTER, "join, lead, goto, follow, ping")


def _parse(raw: str | bytes, adapter: TypeAdapter[M], kinds: str) -> M:
    """`raw` read by `adapter` once its size and encoding pass; every fault is a `ProtocolError`."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if not isinstance(data, bytes):
        raise ProtocolError("malformed", "a message must be text")
    if len(data) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may hold at most {MAX_MESSAGE} bytes, not {len(data)}")
    try:
        return adapter.validate_json(data)
    except ValidationError as exc:
        raise ProtocolError("malformed", _first_problem(exc, kinds)) from None
    except (ValueError, RecursionError) as exc:  # not UTF-8, or nested beyond the parser's depth
        raise ProtocolError("malformed", f"not a JSON message ({type(exc).__name__})") from None


def _first_problem(exc: ValidationError, kinds: str) -> str:
    """The first fault pydantic found, in a short sentence that never echoes more than a little of the input."""
    errors = exc.errors(include_url=False, include_input=False)
    if not errors:
        return "not a valid message"
    err = errors[0]
    where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("function-after",))
    text = str(err.get("msg", "invalid"))[:120]
    if err.get("type") == "json_invalid":
        return "not a JSON message"
    if err.get("type") == "union_tag_invalid" or err.get("type") == "union_tag_not_found":
        return f"`type` must be one of {kinds}"
    return f"{where}: {text}" if where else text


# --- what the server sends ----------------------------------------------------------------------
def error(code: str, message: str) -> dict[str, Any]:
    """A reply to a message that could not be read or is not allowed (nothing changed)."""
    return {"type": "error", "code": code, "message": message}


def rejected(code: str, reason: str, rule: str, version: int, msg_id: int | None = None) -> dict[str, Any]:
    """A reply to an action or undo that the rules or the version refuse (nothing changed)."""
    return {"type": "rejected", "code": code, "reason": reason, "rule": rule, "version": version, "id": msg_id}
