"""outlast: one engine for cooperative survival board games.

>>> import outlast
>>> game = outlast.load_game("fuji")
>>> state = game.new_game(players=3, seed=7, level=2)
"""

from .core import (
    CHANCE,
    Action,
    ContentError,
    Event,
    Game,
    IllegalAction,
    Match,
    OptionError,
    Outcome,
    OutlastError,
    SaveError,
    State,
    list_games,
    load_game,
)

__all__ = [
    "CHANCE", "Action", "ContentError", "Event", "Game", "IllegalAction", "Match", "OptionError", "Outcome", "OutlastError",
    "SaveError", "State", "list_games", "load_game",
]
__version__ = "0.1.0"
