"""Reading after the game: each game's players' rules guide, and a finished table stepped through action by action.

The client never runs rules, so the server replays a finished table for it: `Replays` keeps the last few replayed
matches of this process (checkpoints every `CHECKPOINT` actions), so that stepping forward and back is cheap. Only a
table whose game is over is replayed: then every seat's view may be shown, as the save file shows everything.
A save file uploaded from the replay page is replayed the same way and kept under the digest of its document.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from outlast.core import CHANCE, Match, OutlastError, State, list_games, load_game

from .hub import HubError
from .live import EVENT_TAIL, Live

CHECKPOINT = 32
"""Actions between two kept states of a replayed match: a step replays at most this many actions."""
KEPT = 8
"""Replayed tables each process keeps (the least recently used is dropped first)."""


def guide(game: str, section: str | None = None) -> dict[str, Any]:
    """The players' rules guide of `game` (or one section of it) as `{game, title, section, text}`; `HubError`
    404 for an unknown game or section."""
    if game not in list_games():
        raise HubError(404, "no_game", f"no game {game[:40]!r}; known games: {', '.join(sorted(list_games()))}")
    loaded = load_game(game)
    try:
        text = loaded.rules_section(section)
    except OutlastError as exc:
        raise HubError(404, "no_section", str(exc)) from None
    return {"game": game, "title": loaded.title, "section": section, "text": text}


@dataclass(eq=False)
class Replayed:
    """A finished match replayed once: its recorded actions and a clone of the state every `CHECKPOINT` actions."""

    match: Match
    marks: list[State]

    @classmethod
    def of(cls, match: Match) -> Replayed:
        state = Match.start(match.game, match.seed, match.options).state
        marks = [state.clone()]
        for i, entry in enumerate(match.history, 1):
            state.apply(entry.text, entry.seat)
            if i % CHECKPOINT == 0:
                marks.append(state.clone())
        return cls(match, marks)

    @property
    def steps(self) -> int:
        return len(self.match.history)

    def state(self, step: int) -> State:
        """The state after the first `step` recorded actions (a fresh object)."""
        state = self.marks[step // CHECKPOINT].clone()
        for entry in self.match.history[step - step % CHECKPOINT:step]:
            state.apply(entry.text, entry.seat)
        return state


class Replays:
    """The replayed matches of this process, the `KEPT` most recently used of each kind: finished tables by id,
    uploaded save files by the digest of their document."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, Replayed] = OrderedDict()
        self.saves: OrderedDict[str, Replayed] = OrderedDict()
        self.lock = threading.Lock()

    def of(self, live: Live) -> Replayed:
        """The replay of a finished table; `HubError` 409 while its game is not over."""
        if live.row.status != "over" or live.match is None or not live.match.state.is_over():
            raise HubError(409, "not_over", "a table is replayed once its game is over (before that its actions "
                                            "hold hidden draws)")
        with self.lock:
            got = self.kept.get(live.id)
            if got is None or got.steps != len(live.match.history):
                got = Replayed.of(live.match)
            _keep(self.kept, live.id, got)
            return got

    def frame(self, live: Live, step: str | None, seat: str | None) -> dict[str, Any]:
        """What a replay page shows after `step` actions from `seat`'s point of view (None: a spectator)."""
        return _frame(self.of(live), step, seat, table=live.id, seats=live.seat_list())

    def upload(self, doc: Any) -> dict[str, Any]:
        """Replay a save document (as `Match.from_json` reads it) and keep it under the digest of its JSON:
        `{save, game, steps, seats}`. `HubError` 400 naming the fault of a malformed or corrupt save, a save
        of an unknown game or of other rules; nothing is kept then."""
        key = hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]
        with self.lock:
            got = self.saves.get(key)
        if got is None:
            try:
                got = Replayed.of(Match.from_json(doc))
            except OutlastError as exc:
                raise HubError(400, "bad_save", str(exc)[:500]) from None
        with self.lock:
            _keep(self.saves, key, got)
        return {"save": key, "game": got.match.game.name, "steps": got.steps,
                "seats": got.match.state.seat_count()}

    def save_frame(self, key: str, step: str | None, seat: str | None) -> dict[str, Any]:
        """`frame` of an uploaded save; `HubError` 404 when this process does not hold it (any more)."""
        with self.lock:
            got = self.saves.get(key)
            if got is None:
                raise HubError(404, "no_save", "this server does not hold that save file (any more): open it again")
            self.saves.move_to_end(key)
        seats = [{"seat": i} for i in range(got.match.state.seat_count())]
        return _frame(got, step, seat, table=None, seats=seats, save=key)


def _keep(kept: OrderedDict[str, Replayed], key: str, got: Replayed) -> None:
    """Put `got` under `key` as the most recently used, dropping the least recently used beyond `KEPT`."""
    kept[key] = got
    kept.move_to_end(key)
    while len(kept) > KEPT:
        kept.popitem(last=False)


def _frame(replayed: Replayed, step: str | None, seat: str | None, **head: Any) -> dict[str, Any]:
    """The replay frame after `step` actions from `seat`'s point of view (None: a spectator), after `head`."""
    at = _number("step", step, replayed.steps, replayed.steps)
    seats = replayed.match.state.seat_count()
    who = None if seat in (None, "") else _number("seat", seat, seats - 1, None)
    state = replayed.state(at)
    last = replayed.match.history[at - 1] if at else None
    events = [{"kind": e.kind, "text": e.text} for e in state.events if e.visible(who)]
    return {**head, "game": replayed.match.game.name, "step": at, "steps": replayed.steps, "seat": who,
            "view": state.observe(who), "events": events[-EVENT_TAIL:],
            "action": None if last is None else {"seat": None if last.seat == CHANCE else last.seat,
                                                 "text": last.text}}


def _number(name: str, given: str | None, top: int, default: int | None) -> int:
    """A whole number 0..top from a query parameter; `HubError` 400 otherwise."""
    if given is None and default is not None:
        return default
    text = (given or "").strip()
    if not text.isdigit() or int(text) > top:
        raise HubError(400, "malformed", f"{name} must be a whole number from 0 to {top}, not {text[:20]!r}")
    return int(text)
