"""Which games exist: `load_game(name)`, `list_games()`, and `register_game(game)` for a game from elsewhere.

The games shipped with outlast are found by walking the `outlast.games` package (each game package
exports its `GAME`), so `core` names none of them. Every game, found or registered, has its
declarations checked first (`check_declarations`: kind, result codes, capabilities), so a game that
declares them badly stops at load time with a `GameDefinitionError` naming the game and the field.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from .errors import UnknownGame, shown
from .game import Game, GameDefinitionError, check_declarations


@cache
def _games() -> dict[str, Game]:
    import outlast.games as pkg

    found: dict[str, Game] = {}
    for mod in pkgutil.iter_modules(pkg.__path__):
        if not mod.ispkg:
            continue
        module = importlib.import_module(f"{pkg.__name__}.{mod.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            check_declarations(game)
            found[game.name] = game
    return found


def list_games() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_games())


def load_game(name: str, content_dir: str | Path | None = None) -> Game:
    """The game registered under `name`; `UnknownGame` lists the known names otherwise.

    With `content_dir`, a new game object that plays with the content files of that folder instead of the
    shipped ones (`Game.with_content`): each such object owns its content, so games with different content
    play side by side in one process. A fault in the files raises `ContentError`.
    """
    games = _games()
    if name not in games:
        raise UnknownGame(f"no game {name!r}; known games: {', '.join(sorted(games)) or 'none'}")
    if content_dir is not None:
        return games[name].with_content(Path(content_dir))
    return games[name]


def register_game(game: Game) -> None:
    """Make `game` known to `load_game` and every door in this process (a game kept outside `outlast.games`).

    Its declarations are checked first (`check_declarations`); a name already taken by another game,
    or something that is not a `Game`, raises `GameDefinitionError`, and nothing is registered.
    Registering the same game object twice does nothing. Process pools started with `spawn`
    (`outlast simulate --workers`) do not inherit it: run such a game with one worker.
    """
    if not isinstance(game, Game):
        raise GameDefinitionError(f"only a Game can be registered, not {shown(game)}")
    check_declarations(game)
    games = _games()
    if games.get(game.name, game) is not game:
        raise GameDefinitionError(f"a game named {game.name!r} is registered already")
    games[game.name] = game


def unregister_game(name: str) -> None:
    """Forget the game registered under `name` (`UnknownGame` if there is none); the shipped games come back
    only in a new process."""
    games = _games()
    if name not in games:
        raise UnknownGame(f"no game {name!r}; known games: {', '.join(sorted(games)) or 'none'}")
    del games[name]
