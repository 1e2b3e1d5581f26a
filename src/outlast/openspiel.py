"""Every outlast game as an OpenSpiel Python game (the optional `openspiel` extra).

Importing this module registers each game of `outlast.list_games()` with OpenSpiel under
`python_outlast_<name>` (`python_outlast_fuji`, `python_outlast_robinson`), the way OpenSpiel's own
`open_spiel/python/games/*.py` register theirs, so OpenSpiel's algorithms run on ours:

>>> import pyspiel
>>> import outlast.openspiel
>>> game = pyspiel.load_game("python_outlast_fuji(players=2,variant=b)")
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

How the kernel contract maps onto OpenSpiel (docs/openspiel.md says more):

- **Parameters** are the game's options (`Game.options`) plus `seed`. An `int` option is an int
  parameter and a `bool` a bool; a `choice` whose values are all words is a string; a `choice` that
  mixes whole numbers with words (Fuji's `scenario`: `1`…`7` or `random`) is an int parameter whose
  words are numbered 0, -1, -2, … in their declared order (`scenario=0` is `random`), since OpenSpiel
  reads a bare `3` as a number; a `list` is a string whose items are joined by `+`
  (`characters=explorer+cook`; the comma separates parameters). `str(game)` loads back to the same
  game. `seed` fixes what `new_game` draws outside chance nodes (Fuji's random layout, Robinson's
  characters when none are chosen).
- **Actions** are indices into the game's fixed table `Game.action_texts(**options)`; **chance
  outcomes** are indices into `chance_texts(**options)`, every outcome's public id (a die face, a card,
  tile or token id). `action_to_string` gives the text.
- **Simultaneous seats** (Fuji's rolls, plans and rerolls; Robinson's planning) are taken one at a
  time: the first seat `to_move()` lists acts, then the next, until the engine moves on. The engine
  guarantees their actions commute, and what a seat chose stays out of the others' views until the
  rules reveal it, so the order hides nothing and changes nothing.
- **Observations**: `observation_string` is `observe(seat)` as canonical JSON, the public view
  (`observe(None)`) for an observer without private information; `observation_tensor` is
  `Game.encode(observe(seat))`.
- **Information states** have perfect recall: `information_state_string(seat)` is a digest of
  everything the seat was shown since the start, in order (each view of it that differed from the one
  before, the events visible to it, its own actions), then its current view. Two histories get the same
  string exactly when the seat was shown the same things all along (up to a 128-bit hash collision).
  Nothing else of the state is shown.
- **Returns** come at the end: +1 to each seat that won, -1 to each seat that lost (a cooperative game
  is an `IDENTICAL`-utility game). A game is cut at `MAX_GAME_LENGTH` moves, chance included, and
  counts as lost by every seat; no game comes near it.
- **Serialization** writes the state's own `to_json` document; `clone` is the state's `clone`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from outlast.core import (
    CHANCE,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
    OutlastError,
    State,
    list_games,
    load_game,
)
from outlast.core.errors import shown
from outlast.core.options import Option, whole_number

PREFIX = "python_outlast_"
"""OpenSpiel names of the games: `python_outlast_<game>`."""
MAX_GAME_LENGTH = 100_000
"""Longest game in moves, chance included: the bound `outlast.testing.check_game` holds every game to."""
LIST_SEPARATOR = "+"
"""Joins the items of a `list` option in a game string (the comma separates parameters)."""


# --- parameters ------------------------------------------------------------------------------------------
def _numbered_words(option: Option) -> dict[str, int] | None:
    """For a `choice` mixing whole numbers with words: each value's int (words 0, -1, …); None otherwise."""
    if option.kind != "choice" or not any(whole_number(c) is not None for c in option.choices):
        return None
    numbers = {str(c): int(str(c)) for c in option.choices if whole_number(c) is not None}
    out = dict(numbers)
    code = 0
    for choice in option.choices:
        if str(choice) in numbers:
            continue
        while code in numbers.values():
            code -= 1
        out[str(choice)] = code
        code -= 1
    return out


def option_to_parameter(option: Option, value: Any) -> int | bool | str:
    """An option's value (as `OptionSchema.resolve` gives it) written as an OpenSpiel parameter (module doc)."""
    if option.kind in ("int", "bool"):
        return bool(value) if option.kind == "bool" else int(value)
    if option.kind == "list":
        return LIST_SEPARATOR.join(value)
    codes = _numbered_words(option)
    return codes[str(value)] if codes is not None else str(value)


def parameter_to_option(option: Option, value: Any) -> Any:
    """An OpenSpiel parameter read back into the option's value; a value of the wrong type is an `OptionError`."""
    codes = _numbered_words(option)
    if codes is not None:
        words = {code: word for word, code in codes.items()}
        if type(value) is not int or value not in words:
            raise OptionError(option.name, value, ", ".join(f"{code} ({word})" if word != str(code) else word
                                                            for word, code in codes.items()))
        return words[value]
    if option.kind == "list":
        if not isinstance(value, str):
            raise OptionError(option.name, value, f"items joined by {LIST_SEPARATOR!r}")
        return [item for item in value.split(LIST_SEPARATOR) if item]
    want = {"int": int, "bool": bool, "choice": str}[option.kind]
    if type(value) is not want:
        raise OptionError(option.name, value, option.allowed())
    return value


def parameter_specification(game: Game) -> dict[str, int | bool | str]:
    """The OpenSpiel parameters of `game`, with their defaults: every option, then `seed`."""
    spec: dict[str, int | bool | str] = {}
    for option in game.options:
        spec[option.name] = option_to_parameter(option, option.coerce(option.default))
    spec["seed"] = 0
    return spec


def options_of(game: Game, params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """(options for `new_game`, seed) from OpenSpiel parameters; unknown names are an `OptionError`."""
    names = set(game.options.names())
    options: dict[str, Any] = {}
    for name, value in params.items():
        if name == "seed":
            continue
        if name not in names:
            known = ", ".join([*game.options.names(), "seed"])
            raise OptionError(name, value, known, f"unknown parameter {shown(name)}; the parameters are: {known}")
        options[name] = parameter_to_option(game.options.get(name), value)
    seed = params.get("seed", 0)
    if type(seed) is not int:
        raise OptionError("seed", seed, "a whole number")
    game.options.resolve(options)  # every value checked here, so a bad one never reaches new_game
    return options, seed


# --- the tables --------------------------------------------------------------------------------------------
class Tables:
    """The fixed action and chance tables of a game under some options, text ↔ index both ways."""

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        if "action_space" not in game.capabilities:
            raise OutlastError(f"{game.name} has no fixed action space (capability 'action_space'); OpenSpiel needs "
                               "its action_texts and chance_texts")
        self.actions: list[str] = game.action_texts(**options)
        self.chance: list[str] = game.chance_texts(**options)
        self.action_index = {text: i for i, text in enumerate(self.actions)}
        self.chance_index = {text: i for i, text in enumerate(self.chance)}
        self.memo: dict[Action, int] = {}

    def index_of(self, action: Action) -> int:
        """The index of a player's action in the action table, or -1 when the table leaves it out."""
        i = self.memo.get(action)
        if i is None:
            if len(self.memo) > 200_000:
                self.memo.clear()
            i = self.memo[action] = self.action_index.get(str(action), -1)
        return i


@lru_cache(maxsize=8)
def _tables(name: str, key: tuple[tuple[str, Any], ...]) -> Tables:
    """The tables of game `name` under the options in `key` (shared by every state of that game).

    The few most recent option sets are kept (a Fuji table holds up to 150,000 texts); a state keeps its own.
    """
    return Tables(load_game(name), {k: list(v) if isinstance(v, tuple) else v for k, v in key})


def _key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


# --- perfect recall ------------------------------------------------------------------------------------------
_VIEW, _EVENT, _ACT = b"v", b"e", b"a"


def _fold(digest: bytes, parts: Sequence[tuple[bytes, str]]) -> bytes:
    """`digest` extended by `parts` (tag, text), each written with its length so no two sequences meet."""
    h = hashlib.blake2b(digest, digest_size=16)
    for tag, text in parts:
        data = text.encode()
        h.update(tag + len(data).to_bytes(8, "big") + data)
    return h.digest()


def first_recall(views: Sequence[str]) -> tuple[bytes, ...]:
    """Each seat's recall digest at the start, from its first view (canonical JSON of `observe(seat)`).

    A recall digest is a BLAKE2b chain (16 bytes) over the seat's history as it saw it: each view of it
    that differed from the one before, each event visible to it (kind, text, data) and each action it
    took, in order. Nothing a seat was not shown enters it.
    """
    return tuple(_fold(b"", [(_VIEW, view)]) for view in views)


def next_recall(digests: Sequence[bytes], before: Sequence[str], after: Sequence[str], actor: int | None,
                action: str, events: Sequence[Event]) -> tuple[bytes, ...]:
    """Each seat's recall digest after a move: `actor` (None for chance) played `action`, which logged
    `events` and took each seat's view from `before` to `after`.

    A seat adds its own action, the events it may read and its view when it changed; a seat shown
    nothing new keeps its digest.
    """
    out = []
    for seat, digest in enumerate(digests):
        parts = [(_ACT, action)] if seat == actor else []
        parts += [(_EVENT, _json([e.kind, e.text, dict(e.data)])) for e in events if e.visible(seat)]
        if after[seat] != before[seat]:
            parts.append((_VIEW, after[seat]))
        out.append(_fold(digest, parts) if parts else digest)
    return tuple(out)


# --- the state ---------------------------------------------------------------------------------------------
class _Held:
    """The outlast state inside an OpenSpiel state, with what it costs to recompute.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by pickling
    them: this holder answers the first with the outlast state's own `clone()` and the second with its
    `to_json()` document, read back by `load_state`. `views` holds each seat's view as canonical JSON
    once asked for (None before); `recall` each seat's recall digest once information states are asked
    for (None before: keeping it costs a view per seat per move). A clone shares both; the pickled form
    keeps the digests.
    """

    def __init__(self, name: str, key: tuple[tuple[str, Any], ...], state: State, moves: int,
                 tables: Tables | None = None, recall: tuple[bytes, ...] | None = None,
                 views: tuple[str | None, ...] | None = None) -> None:
        self.name = name
        self.key = key
        self.state = state
        self.moves = moves
        self.tables = tables or _tables(name, key)
        self.legal: dict[int, Action] | None = None
        self.recall = recall
        self.views = views or (None,) * state.seat_count()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.name, self.key, self.state.clone(), self.moves, self.tables, self.recall, self.views)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _restore, (self.name, self.key, json.dumps(self.state.to_json()), self.moves, self.recall)


def _restore(name: str, key: tuple[tuple[str, Any], ...], document: str, moves: int,
             recall: tuple[bytes, ...] | None = None) -> _Held:
    """A holder read back from its pickled form: the game's `load_state` of the state's document."""
    return _Held(name, key, load_game(name).load_state(json.loads(document)), moves, recall=recall)


class OutlastState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """One outlast game in progress, seen by OpenSpiel (see the module doc)."""

    def __init__(self, game: OutlastGame) -> None:
        super().__init__(game)
        state = game.outlast_game.new_game(seed=game.outlast_seed, **game.outlast_options)
        self._held = _Held(game.outlast_game.name, _key(game.outlast_options), state, 0)
        self._settle()

    # --- OpenSpiel's API ----------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act (the first `to_move()` lists), `CHANCE` at a chance point, `TERMINAL` at the end."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        movers = self._held.state.to_move()
        return int(pyspiel.PlayerId.CHANCE) if movers[0] == CHANCE else int(movers[0])

    def _legal_actions(self, player: int) -> list[int]:
        """The action-table indices of `player`'s legal actions, ascending (none for a seat not to act)."""
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(chance-table index, probability) of every outcome of the pending chance point, ascending."""
        index = self._held.tables.chance_index
        out = []
        for outcome, probability in self._held.state.chance_outcomes():
            i = index.get(str(outcome))
            if i is None:  # pragma: no cover - the tests check every outcome met is listed
                raise OutlastError(f"chance outcome {str(outcome)!r} is not in {self._held.name}'s chance_texts")
            out.append((i, probability))
        return sorted(out)

    def _apply_action(self, action: int) -> None:
        """Apply a player's action index or a chance outcome index; a bad index raises `IllegalAction`."""
        held = self._held
        if self.is_terminal():
            raise IllegalAction("the game is over: no action applies")
        if self.is_chance_node():
            texts = held.tables.chance
            if not 0 <= action < len(texts):
                raise IllegalAction(f"chance outcome {action} is outside the chance table (0..{len(texts) - 1})")
            outcome = next((o for o, _ in held.state.chance_outcomes() if str(o) == texts[action]), None)
            if outcome is None:
                raise IllegalAction(f"chance outcome {action} ({texts[action]!r}) cannot happen now")
            self._step(None, outcome)
        else:
            legal = self._legal()
            if action not in legal:
                texts = held.tables.actions
                if not 0 <= action < len(texts):
                    raise IllegalAction(f"action {action} is outside the action table (0..{len(texts) - 1})")
                raise IllegalAction(f"action {action} ({texts[action]!r}) is not legal now for seat "
                                    f"{self.current_player()}")
            self._step(self.current_player(), legal[action])
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        """The canonical text of an action index (`player` CHANCE: of a chance outcome index)."""
        texts = self._held.tables.chance if player == int(pyspiel.PlayerId.CHANCE) else self._held.tables.actions
        if not 0 <= action < len(texts):
            raise IllegalAction(f"{action} is outside the table (0..{len(texts) - 1})")
        return texts[action]

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut at `MAX_GAME_LENGTH` moves)."""
        return self._held.state.is_over() or self._held.moves >= MAX_GAME_LENGTH

    def returns(self) -> list[float]:
        """+1 for each seat that won, -1 for each that lost, at the end; zeros before."""
        state = self._held.state
        players = int(self.get_game().num_players())
        if not state.is_over():
            return [-1.0] * players if self._held.moves >= MAX_GAME_LENGTH else [0.0] * players
        return [1.0 if result.won else -1.0 for result in state.outcome().seats]

    def __str__(self) -> str:
        """The public view as canonical JSON (no seat's secrets)."""
        return self.view_string(None)

    # --- for readers -----------------------------------------------------------------------------------------
    @property
    def outlast_state(self) -> State:
        """The outlast state underneath (read it; apply actions through OpenSpiel to keep both in step)."""
        return self._held.state

    def view_string(self, player: int | None) -> str:
        """`observe(player)` as canonical JSON (`player` None: the public view); kept once made for a seat."""
        held = self._held
        if player is None:
            return _json(held.state.observe(None))
        view = held.views[player]
        if view is None:
            view = _json(held.state.observe(player))
            held.views = held.views[:player] + (view,) + held.views[player + 1:]
        return view

    def recall(self) -> tuple[bytes, ...]:
        """Each seat's recall digest in this state (see `first_recall`).

        The first call on a game's states rebuilds it by replaying this state's history; from then on the
        game's states keep it as they move (a view per seat per move).
        """
        held = self._held
        if held.recall is None:
            game = self.get_game()
            game.recalls = True
            if held.moves == 0:
                held.recall = first_recall(self._views())
            else:
                replay = OutlastState(game)
                for action in self.history():
                    replay.apply_action(action)
                if replay._held.moves != held.moves:  # pragma: no cover - replays are exact
                    raise OutlastError(f"replaying the history gave {replay._held.moves} moves, not {held.moves}")
                held.recall = replay.recall()
        return held.recall

    def information_state(self, player: int) -> str:
        """`player`'s perfect-recall information state: `recall:`, its digest in hex, a newline, its view."""
        return f"recall:{self.recall()[player].hex()}\n{self.view_string(player)}"

    # --- helpers -------------------------------------------------------------------------------------------
    def _legal(self) -> dict[int, Action]:
        held = self._held
        if held.legal is None:
            seat = held.state.to_move()[0]
            held.legal = {}
            for action in held.state.legal_actions(seat):
                i = held.tables.index_of(action)
                if i >= 0:
                    held.legal[i] = action
        return held.legal

    def _views(self) -> list[str]:
        return [self.view_string(seat) for seat in range(len(self._held.views))]

    def _step(self, actor: int | None, action: Action) -> None:
        """Apply `action` of `actor` (None: chance) to the outlast state, keeping each seat's recall if kept.

        A game's new state starts keeping it at its first move once the game has been asked for one.
        """
        held = self._held
        if held.recall is None and held.moves == 0 and self.get_game().recalls:
            self.recall()
        before = self._views() if held.recall is not None else []
        logged = len(held.state.events)
        held.state.apply(action)
        held.moves += 1
        held.legal = None
        held.views = (None,) * len(held.views)
        if held.recall is not None:
            held.recall = next_recall(held.recall, before, self._views(), actor, str(action),
                                      held.state.events[logged:])

    def _settle(self) -> None:
        """Should every legal action of the seat to act lie beyond the game's table, play the first for it.

        The tables list everything random play meets (the tests measure it), so this never happens in
        practice; it keeps a state from having a seat to act and no action to offer.
        """
        while not self.is_terminal() and not self.is_chance_node() and not self._legal():
            seat = self._held.state.to_move()[0]  # pragma: no cover - beyond every cut of the tables
            self._step(seat, self._held.state.legal_actions(seat)[0])  # pragma: no cover


def _json(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- observations --------------------------------------------------------------------------------------------
class OutlastObserver:
    """OpenSpiel's Python observer: strings and tensors from `observe(seat)` and what the seat was shown.

    With private information (the default) a seat sees its own view; an observer without it
    (`PrivateInfoType.NONE`) sees the public view. With perfect recall (the information state) the
    string is `OutlastState.information_state`, and there is no tensor.
    """

    def __init__(self, game: OutlastGame, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.game = game
        self.public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and self.public_only:
            raise ValueError("a perfect-recall public observer is not supported: information states are a seat's")
        self.tensor = np.zeros(0 if self.perfect_recall else game.observation_size, np.float32)
        self.dict = {} if self.perfect_recall else {"observation": self.tensor}

    def set_from(self, state: OutlastState, player: int) -> None:
        """Fill `tensor` with `Game.encode` of `player`'s view (nothing for a game without an encoding)."""
        if self.tensor.size:
            self.tensor[:] = self.game.outlast_game.encode(state.outlast_state.observe(
                None if self.public_only else player))

    def string_from(self, state: OutlastState, player: int) -> str:
        """`player`'s view (or the public view) as canonical JSON; with perfect recall its information state."""
        if self.perfect_recall:
            return state.information_state(player)
        return state.view_string(None if self.public_only else player)


# --- the game ------------------------------------------------------------------------------------------------
class OutlastGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """An outlast game with fixed options, as OpenSpiel sees it; `new_initial_state` starts a game."""

    outlast_name = ""
    """The outlast game this class stands for (each registered game gets its own subclass)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.outlast_game = load_game(self.outlast_name)
        given = dict(params or {})
        self.outlast_options, self.outlast_seed = options_of(self.outlast_game, given)
        resolved = self.outlast_game.options.resolve(self.outlast_options)
        players = int(resolved["players"])
        canonical = {o.name: option_to_parameter(o, resolved[o.name]) for o in self.outlast_game.options}
        canonical["seed"] = self.outlast_seed
        tables = _tables(self.outlast_name, _key(self.outlast_options))
        encodes = "action_space" in self.outlast_game.capabilities
        probe = self.outlast_game.new_game(seed=self.outlast_seed, **self.outlast_options)
        self.observation_size = len(self.outlast_game.encode(probe.observe(0))) if encodes else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(tables.actions), max_chance_outcomes=len(tables.chance), num_players=players,
            min_utility=-1.0, max_utility=1.0,
            utility_sum=None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type(self.outlast_game), info, {**parameter_specification(self.outlast_game), **canonical})
        self.recalls = False
        """Whether new states keep each seat's recall (set by the first information state asked for)."""

    def new_initial_state(self) -> OutlastState:
        """A new game with this game's options and seed."""
        return OutlastState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> OutlastObserver:
        """The observer OpenSpiel asks for: views from `observe(seat)` (see `OutlastObserver`)."""
        return OutlastObserver(self, iig_obs_type, params)


def game_type(game: Game) -> Any:
    """The `pyspiel.GameType` of an outlast game: sequential, explicit chance, imperfect information."""
    utility = pyspiel.GameType.Utility.IDENTICAL if game.kind == "cooperative" else \
        pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=PREFIX + game.name, long_name=f"outlast {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players), min_num_players=min(game.players),
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor="action_space" in game.capabilities,
        parameter_specification=parameter_specification(game))


_CLASSES: dict[str, type[OutlastGame]] = {}
"""The registered game classes, kept alive here for as long as OpenSpiel may call them."""


def register() -> list[str]:
    """Register every outlast game that offers an enumerated action space (the `action_space` capability) with
    OpenSpiel (once each); returns their OpenSpiel names (all three games have one). A game without it is left
    out.

    Importing this module calls it; call it again after registering a new outlast game.
    """
    names = []
    for name in list_games():
        if "action_space" not in load_game(name).capabilities:
            continue
        short = PREFIX + name
        names.append(short)
        if name in _CLASSES or short in pyspiel.registered_names():
            continue
        game = load_game(name)
        cls = type(f"Outlast{name.title().replace('_', '')}Game", (OutlastGame,), {"outlast_name": name,
                                                                                 "__doc__": OutlastGame.__doc__})
        _CLASSES[name] = cls
        pyspiel.register_game(game_type(game), cls)
    return names


def load(name: str, **options: Any) -> Any:
    """`pyspiel.load_game` of outlast game `name` with options given as keywords (any value `new_game` takes).

    >>> str(load("robinson", players=2, characters="explorer,cook")).split(",")[1]
    'characters=explorer+cook'
    """
    game = load_game(name)
    seed = options.pop("seed", 0)
    resolved = game.options.resolve(options)
    params = {option.name: option_to_parameter(option, resolved[option.name]) for option in game.options}
    params["seed"] = seed
    return pyspiel.load_game(PREFIX + name, params)


register()

__all__ = ["MAX_GAME_LENGTH", "PREFIX", "OutlastGame", "OutlastObserver", "OutlastState", "load", "register"]
