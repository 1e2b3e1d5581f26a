"""A table held in a server process: its stored row, its seats, and the `Match` rebuilt from its actions.

A `Live` table is the in-memory copy of what the database holds. The database is the truth: every change is
committed there first (hub.py), and a process that finds the table's version moved on (another process acted)
catches up from the stored actions before it does anything else. What leaves a `Live` toward a client is built
here, from `observe(seat)`, the seat's own legal actions and decision text, and the events the seat may see:
nothing else of the state is ever read for a message.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE, Event, Match, OutlastError, State, load_game
from outlast.tutorials import Tutorial, load_tutorial

if TYPE_CHECKING:
    from outlast.core.companion import Question

    from .hub import Client
    from .store import SeatRow, TableRow

EVENT_TAIL = 200
"""Events sent with a full view (the latest ones); updates carry every event since the client's last."""


class TableStale(OutlastError):
    """A stored table whose actions no longer replay under this engine's rules (it stays readable)."""


@dataclass(eq=False)
class Live:
    """One table in this process."""

    row: TableRow
    seats: list[SeatRow]
    match: Match | None = None
    version: int = 0
    epoch: int = 0
    """Bumped whenever the match is rebuilt (an undo, a catch-up replay): clients then get a full view."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    turn_since: dict[int, float] = field(default_factory=dict)
    """When each seat with a clock started its current wait to act (wall clock; timers are not rules)."""
    expired: set[int] = field(default_factory=set)
    """Seats whose clock has run out and been announced to the table."""
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.monotonic)
    """When this process last used the table (a request, a connection, a change): `Hub.sweep` reads it."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def tutorial(self) -> Tutorial | None:
        """The tutorial this table plays (its script and coach), or None for an ordinary table."""
        return load_tutorial(self.row.tutorial) if self.row.tutorial else None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.state.is_over()

    # ------------------------------------------------------------------ rebuilding
    def rebuild(self, rows: list[tuple[int, int, str]], version: int) -> None:
        """Replay the stored actions `(seq, seat, text)` from the seed: the match as the database holds it."""
        self.install(self.replayed(rows), version)

    def install(self, match: Match, version: int) -> None:
        """Make `match`, as the database holds it at `version`, this table's (clients then get a full view)."""
        self.match, self.version, self.epoch = match, version, self.epoch + 1

    def replayed(self, rows: list[tuple[int, int, str]]) -> Match:
        """A new match from the table's seed and options with the actions `(seq, seat, text)` played; TableStale
        when the rules changed since the table was made or an action no longer replays."""
        game = load_game(self.row.game)
        if game.rules_version != self.row.rules_version:
            raise TableStale(f"table {self.row.id} was played under {self.row.game} rules {self.row.rules_version}; "
                             f"this server has {game.rules_version}")
        match = Match.start(game, self.row.seed, self.row.options, list(self.row.physical) or None)
        try:
            for _, seat, text in rows:
                match.play(text, seat)
        except OutlastError as exc:
            raise TableStale(f"table {self.row.id}: a stored action no longer replays: {exc}") from None
        return match

    def catch_up(self, rows: list[tuple[int, int, str, bool]], version: int) -> bool:
        """Apply actions other processes stored after our version; False when only a full rebuild will do (an undo
        happened, so the version moved by more than the new rows)."""
        fresh = [r for r in rows if not r[3]]
        if self.match is None or len(fresh) != len(rows) or self.version + len(rows) != version:
            return False
        for _, seat, text, _ in fresh:
            self.match.play(text, seat)
        self.version = version
        return True

    def waits_for_a_person(self, asked: Question) -> bool:
        """Whether a companion table's question is a person's to answer: some seat it names is played by a person
        (without a stand-in bot). Else outlast rolls or draws it for the bots."""
        return any(self.seats[seat].kind == "human" and not self.seats[seat].bot for seat in asked.seats)

    def settle_chance(self, match: Match) -> None:
        """Resolve what the table does not wait on a person for: chance points left to the RNG, and on a companion
        table a roll or draw that belongs to seats no person plays (a bot's dice behind its screen: outlast rolls
        them, so nobody sees them before the rules show them). Stops at a question a person answers."""
        while True:
            match.resolve_chance()
            asked = match.question()
            if asked is None or self.waits_for_a_person(asked):
                return
            match.play(match.state.sample_chance(), CHANCE)

    # ------------------------------------------------------------------ what a seat may see
    def seat_list(self, now: float | None = None) -> list[dict[str, Any]]:
        """The public seat list: who sits where, bots, presence and clocks (never a token)."""
        now = time.time() if now is None else now
        out = []
        for s in self.seats:
            left = s.clock_left
            if self.row.clock and s.seat in self.turn_since:
                left = max(0.0, left - (now - self.turn_since[s.seat]))
            out.append({"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "away": s.away,
                        "standin": bool(s.kind == "human" and s.bot),
                        "clock": round(left, 1) if self.row.clock else None})
        return out

    def snapshot(self, seats: Iterable[int | None]) -> Snapshot:
        """What the table shows now to each of `seats`, built once for all of them (`Snapshot`)."""
        assert self.match is not None
        return Snapshot(self, list(dict.fromkeys(seats)))

    def view_message(self, seat: int | None, since_epoch: int, since_event: int,
                     snapshot: Snapshot | None = None) -> tuple[dict[str, Any], int]:
        """The message that brings a client of `seat` (None: a spectator) up to date, and the event count it has
        seen afterwards. A client on an older epoch (or a new one) gets the full view and the event tail.
        `snapshot` (taken at this version, for a set of seats holding `seat`) saves drawing the state again."""
        assert self.match is not None
        if snapshot is None or snapshot.version != (self.epoch, self.version) or seat not in snapshot.seats:
            snapshot = self.snapshot([seat])
        events = self.match.state.events
        full = since_epoch != self.epoch or since_event > len(events)
        start = max(0, len(events) - 4 * EVENT_TAIL) if full else since_event
        shown = [event_message(e) for e in events[start:] if e.visible(seat)]
        msg = {"type": "state", "table": self.id, "version": self.version, "seat": seat, "full": full,
               **snapshot.seats[seat], "events": shown[-EVENT_TAIL:] if full else shown,
               "seats": snapshot.seat_list}
        if snapshot.outcome is not None:
            msg["outcome"] = snapshot.outcome
        tutorial = self.tutorial
        if tutorial is not None and seat == tutorial.seat:
            msg["coach"] = tutorial.coach(self.match, seat)
        return msg, len(events)

    def lobby_entry(self) -> dict[str, Any]:
        """The table as the lobby lists it: never its seed, nor an option the server drew in secret (only the
        content id it leads to); `labels` say what everyone at the table should know of how it was made."""
        r = self.row
        options = {k: v for k, v in r.options.items() if k not in r.secret_options}
        return {"table": r.id, "game": r.game, "options": options, "public": r.public, "status": r.status,
                "seats": self.seat_list(), "free": sum(1 for s in self.seats if s.kind == "open"),
                "version": self.version, "clock": r.clock, "practice": r.practice, "content_id": r.content_id,
                "physical": list(r.physical),
                "labels": table_labels(r)}


def event_message(event: Event) -> dict[str, Any]:
    """An event as a seat that may see it is sent it: its kind and text, and its data (the dice of a roll, who
    acted) when it has any. The data belongs to the event, so it is shown to exactly the seats its text is."""
    msg: dict[str, Any] = {"kind": event.kind, "text": event.text}
    if event.data:
        msg["data"] = dict(event.data)
    return msg


def table_labels(row: TableRow) -> list[dict[str, str]]:
    """What every seat and the lobby are told of how a table was made: a practice table (its host chose the seed
    and may foresee every hidden outcome), and for each spoiler option (`Option.secret_bits`: a Discover copy)
    whether the server drew it in secret or the host chose it (then its hidden contents may be known)."""
    labels = []
    if row.physical:
        kinds = load_game(row.game).chance_kinds
        named = [k.label for k in kinds if k.name in row.physical]
        what = "every roll and draw" if len(named) == len(kinds) else ", ".join(named)
        labels.append({"kind": "companion", "text": f"companion table: played with the box; the players enter "
                                                     f"what came up ({what})"})
    if row.tutorial:
        labels.append({"kind": "tutorial", "text": "tutorial: a scripted game with dice and cards fixed in advance"})
    elif row.practice:
        labels.append({"kind": "practice", "text": "practice table: the host chose the seed, so the host can "
                                                    "foresee every die and card"})
    for option in load_game(row.game).options:
        if not option.secret_bits or row.tutorial:  # a tutorial's copy is part of its script (its label says so)
            continue
        if option.name in row.secret_options:
            labels.append({"kind": "secret", "text": f"{option.name} {row.content_id}, drawn in secret"})
        else:
            labels.append({"kind": "chosen", "text": f"{option.name} {row.content_id} chosen by the host: its "
                                                      f"hidden contents may be known"})
    return labels


def outcome_of(match: Match) -> dict[str, Any]:
    """The end of a finished game, as every seat may read it."""
    outcome = match.state.outcome()
    return {"winners": list(outcome.winners),
            "seats": [{"seat": i, "won": r.won, "score": r.score, "reason": r.reason, "code": r.code}
                      for i, r in enumerate(outcome.seats)]}


def _parts(state: State, seat: int) -> dict[str, Any] | None:
    """The plain data of `seat`'s decision parts (`State.decision_parts`, docs/api.md), for its state message."""
    parts = state.decision_parts(seat)
    return None if parts is None else parts.to_json()


class Snapshot:
    """A table drawn at one version for a set of seats: each seat's view (`State.observe_seats`, which may build
    what all seats see alike once), legal actions, decision text and decision parts, and the keys every message shares (status,
    who moves, the seat list, the outcome). A broadcast after a change takes one and writes every client's
    message from it; its messages may share parts, which are only read (encoded) from then on."""

    def __init__(self, live: Live, seats: list[int | None]) -> None:
        match = live.match
        assert match is not None
        state, game = match.state, match.game
        self.version = (live.epoch, live.version)
        over = state.is_over()
        movers = [] if over else match.to_move()
        asked = None if over else match.question()
        self.status = "over" if over else live.row.status
        self.to_move = [m for m in movers if m != CHANCE]
        self.seat_list = live.seat_list()
        self.outcome = outcome_of(match) if over else None
        self.seats: dict[int | None, dict[str, Any]] = {}
        """Per seat drawn: the keys of a state message that depend on the seat and the version, not the client."""
        question = asked.to_json() if asked is not None else None
        for seat, view in zip(seats, state.observe_seats(seats), strict=True):
            mine = seat is not None and seat in movers
            refusal = match.can_undo(seat) if seat is not None else None
            entry: dict[str, Any] = {
                "status": self.status, "view": view, "to_move": self.to_move,
                "legal": [], "decision": "", "parts": None, "explain": {"kind": "", "text": ""},
                "can_undo": seat is not None and refusal is None, "undo_reason": refusal or "",
            }
            if asked is not None:  # a companion table's roll or draw: its answers, to the seats that may give them
                entry["asked"] = asked.line
                entry["question"] = question if mine else None
                if mine:
                    entry["legal"] = [a.text for a in asked.answers]
                    entry["decision"] = f"{asked.line} ({asked.kind.rule})"
            elif mine and seat is not None:
                entry["legal"] = [str(a) for a in state.legal_actions(seat)]
                entry["decision"] = game.describe_decision(state, seat)
                entry["parts"] = _parts(state, seat)
                entry["explain"] = game.explain_decision(state, seat)._asdict()
            self.seats[seat] = entry
