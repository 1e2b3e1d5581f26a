"""Stepping through a saved game with `Match.replay()` (architecture §4).

A step is one decision by a seat together with the dice and draws it set off, so Enter never stops
on a lone die roll. The table is shown from one seat's view, or the public view, so a replay shows
no more than that seat could see while playing; another seat's private choices appear only as
that seat's log allows. Steps show the compact table; `f` shows the whole of it, and `--to-end` prints
the whole final table.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from outlast.core import CHANCE, Entry, Match, State

from .session import outcome_lines
from .terminal import Terminal


class Replay:
    """A saved match seen step by step from `seat` (None: the public view)."""

    def __init__(self, match: Match, seat: int | None, term: Terminal) -> None:
        self.match = match
        self.seat = seat
        self.term = term
        history = match.history
        self.stops = [k for k in range(len(history) + 1) if k == len(history) or history[k].seat != CHANCE]
        """Numbers of recorded actions after which a step ends: just before each seat's decision, and the end."""
        self._stop_set = set(self.stops)
        self._states: dict[int, State] = {}
        self._source: Iterator[tuple[Entry | None, State]] = match.replay()
        self._done = -1

    def state_at(self, step: int) -> State:
        """The state after the first `stops[step]` recorded actions (replayed once, then kept)."""
        k = self.stops[step]
        while k not in self._states:
            _, state = next(self._source)
            self._done += 1
            if self._done in self._stop_set:
                self._states[self._done] = state
        return self._states[k]

    def final(self) -> State:
        """The last state of the match."""
        return self.state_at(len(self.stops) - 1)

    def _last_decision(self, step: int) -> str:
        k = self.stops[step]
        if k == 0:
            return "the start"
        entry = self.match.history[k - 1]
        i = k - 1
        while entry.seat == CHANCE and i > 0:
            i -= 1
            entry = self.match.history[i]
        if entry.seat == CHANCE:
            return "the setup draws"
        if self.seat == entry.seat:
            return f"seat {entry.seat}: {entry.text}"
        return f"seat {entry.seat} acted (see the log)"

    def show(self, step: int, full: bool = False) -> None:
        """Print the table at `step` from this replay's point of view (compact, or the whole of it)."""
        state = self.state_at(step)
        self.term.print(self.match.game.render(state, self.seat, full=full))
        who = "public view" if self.seat is None else f"seat {self.seat}'s view"
        self.term.print(Text(f"step {step}/{len(self.stops) - 1} — after {self._last_decision(step)} — {who}",
                             style="bold"))
        if state.is_over():
            for line in outcome_lines(state):
                self.term.print(line, style="bold")

    def run(self) -> int:
        """Enter (or n) steps forward, b steps back, e jumps to the end, f shows the whole table, q quits."""
        step = 0
        self.show(step)
        last = len(self.stops) - 1
        while True:
            line = self.term.ask("replay [Enter next, b back, e end, f full table, q quit]> ")
            if line is None or line.lower() in ("q", "quit", "exit"):
                return 0
            cmd = line.lower()
            if cmd in ("f", "full", "view full"):
                self.show(step, full=True)
                continue
            if cmd in ("", "n", "next"):
                if step == last:
                    self.term.print("this is the end of the recording")
                    continue
                step += 1
            elif cmd in ("b", "back"):
                if step == 0:
                    self.term.print("this is the start")
                    continue
                step -= 1
            elif cmd in ("e", "end"):
                step = last
            else:
                self.term.print("Enter or n: next step; b: back; e: end; f: the whole table; q: quit", style="red")
                continue
            self.show(step)

    def to_end(self) -> int:
        """Print the final table and the outcome without asking anything."""
        state = self.final()
        self.term.print(self.match.game.render(state, self.seat, full=True))
        if state.is_over():
            for line in outcome_lines(state):
                self.term.print(line, style="bold")
        else:
            self.term.print(f"the recording stops before the end, after {len(self.match.history)} actions")
        return 0
