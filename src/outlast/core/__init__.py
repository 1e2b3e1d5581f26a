"""The game-agnostic kernel of outlast. No game is named here."""

from .content import VerbRegistry, check_record, load_yaml
from .errors import ContentError, IllegalAction, OptionError, OutlastError, SaveError, UnknownGame
from .game import CHANCE, Action, Event, Game, Outcome, SeatResult, State, canonical
from .match import Entry, Match, state_digest
from .options import Option, OptionSchema
from .registry import list_games, load_game
from .rng import RandomLike, Rng

__all__ = [
    "CHANCE", "Action", "ContentError", "Entry", "Event", "Game", "IllegalAction", "Match", "Option",
    "OptionError", "OptionSchema", "Outcome", "OutlastError", "RandomLike", "Rng", "SaveError", "SeatResult",
    "State", "UnknownGame", "VerbRegistry", "canonical", "check_record", "list_games", "load_game", "load_yaml",
    "state_digest",
]
