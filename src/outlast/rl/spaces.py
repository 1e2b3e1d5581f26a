"""What the learning environments share: the fixed action table, observations and chance.

A game's `action_texts(**options)` is its action space: index `i` is the text `texts[i]`, and a
legal action maps to the index of `str(action)` (texts are seat-relative, so one table serves every
seat). A legal action the game left out of its list (see `Game.action_texts`) is not offered to a
learner; `ActionTable.unlisted` counts how often that happened.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from gymnasium import spaces

from outlast.core import CHANCE, Action, Game, OptionError, State

OBS_DTYPE = np.float32
MASK_DTYPE = np.int8


class ActionTable:
    """The fixed action list of a game under some options, and the legal indices of a state.

    >>> import outlast
    >>> game = outlast.load_game("fuji")
    >>> table = ActionTable(game, {"players": 3})
    >>> table.texts[table.index["ready"]]
    'ready'
    """

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.texts: list[str] = game.action_texts(**options)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        self.unlisted = 0
        """Legal actions met that the game's list leaves out (never offered)."""
        self._memo: dict[Action, int] = {}

    def __len__(self) -> int:
        return len(self.texts)

    def index_of(self, action: Action) -> int:
        """The index of a legal action, or -1 when the game's list leaves it out."""
        i = self._memo.get(action)
        if i is None:
            i = self.index.get(str(action), -1)
            if len(self._memo) > 500_000:
                self._memo.clear()
            self._memo[action] = i
        return i

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """Index → action for every listed legal action of `seat` now."""
        out: dict[int, Action] = {}
        for a in state.legal_actions(seat):
            i = self.index_of(a)
            if i >= 0:
                out[i] = a
            else:
                self.unlisted += 1
        return out

    def mask(self, legal: dict[int, Action] | None) -> np.ndarray[Any, np.dtype[np.int8]]:
        """A 0/1 vector over the table: 1 for each index in `legal` (all zeros for None)."""
        m = np.zeros(len(self.texts), dtype=MASK_DTYPE)
        if legal:
            m[list(legal)] = 1
        return m


def seat_count(game: Game, options: dict[str, Any]) -> int:
    """Seats in a game with these options: the game's `players` option."""
    resolved = game.options.resolve(options)
    players = resolved.get("players")
    if not isinstance(players, int):
        raise OptionError("players", players, "a game with a 'players' option")
    return players


def observation_space(game: Game, probe: State, actions: int) -> spaces.Dict:
    """`{"observation": Box[0, 1] of the encoding, "action_mask": Box{0, 1} over the action table}`."""
    size = len(game.encode(probe.observe(0)))
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (size,), OBS_DTYPE),
        "action_mask": spaces.Box(0, 1, (actions,), MASK_DTYPE),
    })


def encode(game: Game, state: State, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The numeric observation of `seat` (from `observe(seat)` only, so nothing hidden leaks)."""
    return np.asarray(game.encode(state.observe(seat)), dtype=OBS_DTYPE)


def resolve_chance(state: State) -> None:
    """Apply chance outcomes drawn by the state's own RNG until a seat must act or the game ends."""
    while True:
        movers = state.to_move()
        if not movers or movers[0] != CHANCE:
            return
        state.apply(state.sample_chance())


def acting_seat(state: State) -> int | None:
    """The seat that acts next: the first one listed when several may (their actions commute)."""
    movers = state.to_move()
    return movers[0] if movers and movers[0] != CHANCE else None


def settle(state: State, table: ActionTable) -> tuple[int | None, dict[int, Action]]:
    """Resolve chance, then return the seat to act and its listed legal actions ((None, {}) at the end).

    Should every legal action of that seat lie beyond the game's list (see `Game.action_texts`), the
    first one is played for it and counted in `table.unlisted`, so an episode never stalls.
    """
    while True:
        resolve_chance(state)
        seat = acting_seat(state)
        if seat is None:
            return None, {}
        legal = table.legal(state, seat)
        if legal:
            return seat, legal
        state.apply(state.legal_actions(seat)[0])  # pragma: no cover - beyond every cut of the list


def render_text(game: Game, state: State, seat: int | None) -> str:
    """The game's own rendering of what `seat` sees (None: the public view), as plain text."""
    from rich.console import Console

    shown = game.render(state, seat)
    if isinstance(shown, str):
        return shown
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    console.print(shown)
    return console.export_text()
