"""The game-agnostic kernel of outlast. No game is named here."""

from .companion import Answer, ChanceKind, ChancePoint, Question, physical_kinds
from .content import VerbRegistry, check_record, load_yaml
from .errors import ContentError, IllegalAction, OptionError, OutlastError, SaveError, UnknownGame
from .game import (
    CHANCE,
    Action,
    Event,
    FileContentGame,
    Game,
    GameDefinitionError,
    Outcome,
    SeatResult,
    State,
    canonical,
    check_outcome,
    check_seat,
    team_won,
)
from .match import Entry, Match, parse_document, state_digest
from .options import Option, OptionSchema, resolve_seed, whole_number
from .parts import Choice, Part, Parts
from .registry import list_games, load_game, register_game, unregister_game
from .rng import RandomLike, Rng
from .verbs import KERNEL, KernelVerb, Words

__all__ = [
    "CHANCE", "KERNEL", "Action", "Answer", "ChanceKind", "ChancePoint", "Choice", "ContentError", "Entry", "Event", "FileContentGame", "Game", "GameDefinitionError", "IllegalAction", "KernelVerb", "Match", "Option",
    "OptionError", "OptionSchema", "Outcome", "OutlastError", "Part", "Parts", "Question", "RandomLike", "Rng", "SaveError", "SeatResult",
    "State", "UnknownGame", "VerbRegistry", "Words", "canonical", "check_outcome", "check_record", "check_seat", "list_games", "load_game", "load_yaml",
    "parse_document", "physical_kinds", "register_game", "resolve_seed", "state_digest", "team_won", "unregister_game", "whole_number",
]
