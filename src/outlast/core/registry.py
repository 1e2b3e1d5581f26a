"""Which games exist: `load_game(name)` and `list_games()`.

Games register through the `outlast.games` entry-point-free table below, so `core` names none of them:
each game package is found by walking `outlast.games`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .errors import UnknownGame
from .game import Game


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
            found[game.name] = game
    return found


def list_games() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_games())


def load_game(name: str) -> Game:
    """The game registered under `name`; `UnknownGame` lists the known names otherwise."""
    games = _games()
    if name not in games:
        raise UnknownGame(f"no game {name!r}; known games: {', '.join(sorted(games)) or 'none'}")
    return games[name]
