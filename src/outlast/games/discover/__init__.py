"""Discover: Lands Unknown on the Island, semi-cooperative survival (rules: ../shared/rules/discover.md).

Every game is played with one generated copy (`generator.generate_copy(seed)`, §17.24): the option `copy` is
the seed, and saves record the copy's id. The rules are split by the rulebook's chapters (see `state.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from outlast.core import (
    ChancePoint,
    Game,
    Option,
    OptionError,
    OptionSchema,
    OutlastError,
    SaveError,
    check_seat,
    resolve_seed,
)
from outlast.core.errors import shown
from outlast.core.formats import Reworded
from outlast.core.game import Action, Measure, State
from outlast.core.parts import Part
from outlast.core.teach import Explained, Teaching

from .actions import DiscoverAction, parse_action
from .companion import KINDS as COMPANION_KINDS
from .copy import Copy
from .document import FORMAT
from .flow import RESULT_TEXTS
from .state import DiscoverState
from .terms import PLAYING

DEFAULT_COPY = 1
"""The copy a game plays when no `copy` option is given: the seed of a fixed, checked copy."""


def _check(opts: dict[str, Any]) -> None:
    if opts["scenario"] == "5" and opts["players"] < 2:
        raise OptionError("players", opts["players"], "2, 3 or 4 (Scenario 5 is competitive, §15)")


class DiscoverGame(Game):
    """The Discover definition: options, the copies it generates, and the factory of `DiscoverState`s.

    A game object plays any copy: the `copy` option (a seed) picks which; the copy is generated on first use and
    kept (architecture §3: content belongs to the game object). `with_copy` is not needed: every copy has its own
    id, recorded in saves, and a save replays only with the copy it names.
    """

    name = "discover"
    title = "Discover: Lands Unknown"
    description = (
        "Survivors stranded in an unknown land explore hex tiles, find food and water, fight beasts "
        "and follow a quest; each one wins or loses alone.")
    action_type = DiscoverAction
    rules_version = "discover-2026.11-2"
    players = (1, 2, 3, 4)
    rules_file = "rules.md"
    state_format = FORMAT
    kind = "semi-cooperative"
    result_codes = MappingProxyType(dict(RESULT_TEXTS))
    capabilities = frozenset({"generated_content", "action_space"})
    chance_kinds = COMPANION_KINDS
    measures = MappingProxyType({"day": Measure("day the survivor's game ended", "seat")})
    """What tells seats apart in a report: the day each seat won, fell or was stopped (§13)."""

    def __init__(self) -> None:
        self._copies: dict[int, Copy] = {}

    def copy_for(self, seed: int) -> Copy:
        """The copy generated from `seed` (kept on this game object)."""
        from .generator import generate_copy

        if seed not in self._copies:
            if len(self._copies) > 32:
                self._copies.pop(next(iter(self._copies)))
            self._copies[seed] = generate_copy(seed)
        return self._copies[seed]

    @property
    def options(self) -> OptionSchema:
        return OptionSchema((
            Option("players", "int", 2, "number of players (§1.1)", (1, 2, 3, 4)),
            Option("scenario", "choice", "1", "scenario on the Island: 1 and 2 cooperative stories, 5 competitive "
                   "(§13, §15)", ("1", "2", "5")),
            Option("copy", "int", DEFAULT_COPY, "the seed of the generated copy to play (§17.24)", secret_bits=63,
                   bounds=(0, (1 << 63) - 1), bounds_text=("0", "2**63 - 1")),
            Option("concede", "bool", False, "offer the optional concede action, a loss (§17.20 item 12)"),
            Option("day_cap", "int", 0, "house rule: survivors still on the map after this many days lose; 0 is off "
                   "(§17.20 item 12)", (0, 10, 20, 30, 50)),
        ), check=_check)

    earlier_wordings = (Reworded(
        ((r"^Red (-?\d+), but this enemy has no attack \(–\): seat (\d+) takes no damage",
          r"Red \1 does not reach attack –: seat \2 takes no damage"),),
        added=(r"Seat \d+ spends \d+ stamina to [A-Za-z ]+ \(-?\d+ left\)\.",),
        new_data=(("roll", "dice"), ("reroll", "dice"))),)
    """Log lines worded otherwise before 2026-11-28 (for the digests of saves made then): a roll against an enemy
    without attack, no line for the stamina an action other than a move costs (a scout's names the tile), and no
    dice as data on a combat roll, a reroll or the dirty water's die."""

    def content_id(self, options: Any) -> str:
        """The id of the copy a game with these options plays (§17.24): saves record it."""
        from .generator import copy_id_for

        return copy_id_for(int(options.get("copy", DEFAULT_COPY)))

    def accepts_content(self, content_id: str, options: Any) -> bool:
        return content_id == self.content_id(options)

    def new_game(self, seed: int | None = None, **options: Any) -> DiscoverState:
        from .setup import new_state

        opts = self.options.resolve(options)  # the copy's bounds checked there
        return new_state(self, self.copy_for(opts["copy"]), opts, resolve_seed(seed))

    def parse_action(self, seat: int, text: str) -> DiscoverAction:
        return parse_action(seat, text)

    def action_texts(self, **options: Any) -> list[str]:
        """Every action text of any copy, scenario and player count: one space for all (`action_space.py`, §18)."""
        from .action_space import action_texts

        self.options.resolve(options)  # a bad option is refused as everywhere else
        return list(action_texts())

    def chance_texts(self, **options: Any) -> list[str]:
        from .action_space import chance_texts

        self.options.resolve(options)
        return list(chance_texts())

    def encode(self, observation: dict[str, Any]) -> list[float]:
        from .encode import encode

        return encode(observation)


    def load_state(self, doc: dict[str, Any]) -> DiscoverState:
        """A state from `DiscoverState.to_json()`; every field is checked first, else `SaveError`. A document of
        another copy than its options name is refused with both ids (§1.3, §17.24 isolation)."""
        from .document import from_json

        if not isinstance(doc, dict):
            raise SaveError(f"a state document is a JSON object, not {shown(doc)}")
        for key, want in (("game", str), ("format", int), ("rules_version", str), ("copy_id", str)):
            if type(doc.get(key)) is not want:
                raise SaveError(f"state document field {key!r} must be {want.__name__}, not {shown(doc.get(key))}")
        self.check_doc_header(doc)
        opts = doc.get("options")
        if not isinstance(opts, dict):
            raise SaveError("state document lacks its options")
        try:
            resolved = self.options.resolve(opts)
        except OutlastError as exc:
            raise SaveError(f"state document has bad options: {exc}") from None
        copy = self.copy_for(resolved["copy"])
        if doc["copy_id"] != copy.copy_id:
            raise SaveError(f"this position was played with copy {shown(doc['copy_id'])}, but its options name copy "
                            f"{copy.copy_id} (seed {resolved['copy']}): content of two copies never mixes (§1.3)")
        return from_json(self, copy, resolved, doc)

    def lint(self, content_dir: Path | None = None) -> list[str]:
        from outlast.core import ContentError

        from . import effects  # noqa: F401  (importing it attaches every verb's handler)
        from .generator import generate_copy
        from .verbs import VERBS

        if content_dir is not None:
            raise OutlastError("discover generates its content from pools; check them with `outlast copy new`")
        copy = generate_copy(0)
        problems = VERBS.problems()
        if problems:
            raise ContentError("verbs", "-", "-", "; ".join(problems))
        return [f"copy {copy.copy_id}: {len(copy.cards)} numbered cards, {len(copy.features)} feature tokens, "
                f"{len(copy.characters)} characters, {len(copy.quests)} quests"]

    def record(self, state: State, notes: dict[str, Any]) -> None:
        """The day each seat's result was settled: the day it won, was eliminated or stopped (§13); at the end,
        the last day for a seat still on the map."""
        discover = cast(DiscoverState, state)
        days = notes.setdefault("day", [-1] * discover.seats)
        for seat, status in enumerate(discover.status):
            if days[seat] < 0 and (status != PLAYING or discover.over):
                days[seat] = discover.day

    def agents(self) -> dict[str, Any]:
        from .bots import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def content_lines(self, key: str | None, *, spoilers: bool = False, playtest: int = 0,
                      band: tuple[float, float] | None = None) -> list[str]:
        """A copy's summary, everything in it with `spoilers`, a bot playtest, or a copy found in a win-rate band
        (docs/discover.md "Copies")."""
        from .copies import content_lines

        return content_lines(self, key, spoilers, playtest, band)

    def content_journal(self, key: str) -> list[str]:
        from .copies import journal_lines

        return journal_lines(key)

    def record_seen(self, state: Any) -> list[str]:
        from .copies import record_seen

        if not isinstance(state, DiscoverState):
            raise OutlastError(f"a Discover state is needed, not {shown(state)}")
        return record_seen(state)

    def evaluate(self, state: Any, seat: int) -> float:
        """A [0, 1] guess of `seat`'s chance to win from public information only (`evaluate.py`), for ISMCTS."""
        from .evaluate import evaluate

        if not isinstance(state, DiscoverState):
            raise OutlastError(f"a Discover state is needed, not {shown(state)}")
        check_seat(seat, state.seats)
        return evaluate(state, seat)

    def declared_parts(self, state: Any, seat: int, legal: Sequence[Action]) -> Mapping[str, tuple[Part, ...]]:
        from .parts import declared_parts

        return declared_parts(cast("Sequence[DiscoverAction]", legal), state if isinstance(state, DiscoverState) else None)

    def chance_point(self, state: Any) -> ChancePoint:
        from .companion import chance_point

        return chance_point(state)

    def chance_name(self, state: Any, outcome: Action) -> str:
        from .companion import chance_name

        return chance_name(state, cast(DiscoverAction, outcome))

    def describe_decision(self, state: Any, seat: int) -> str:
        if not isinstance(state, DiscoverState):
            raise OutlastError(f"a Discover state is needed, not {shown(state)}")
        check_seat(seat, state.seats)
        if state.over or state.chance or not state.decisions or seat not in state.decisions[-1].choosers(state):
            return ""
        top = state.decisions[-1]
        return f"{top.text(state)} ({top.rule})"

    def teaching(self) -> Teaching:
        from .teach import TEACHING

        return TEACHING

    def explain_decision(self, state: Any, seat: int) -> Explained:
        from .teach import explain

        if not isinstance(state, DiscoverState):
            raise OutlastError(f"a Discover state is needed, not {shown(state)}")
        check_seat(seat, state.seats)
        return explain(state, seat)

    def render(self, state: Any, seat: int | None, *, full: bool = False) -> Any:
        from .render import render

        return render(state, seat, full=full)


GAME = DiscoverGame()
DISCOVER = GAME
"""The game object: `outlast.load_game("discover")`."""

__all__ = ["DISCOVER", "GAME", "DiscoverAction", "DiscoverGame", "DiscoverState"]
