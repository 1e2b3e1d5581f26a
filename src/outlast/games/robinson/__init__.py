"""Robinson Crusoe: Adventures on the Cursed Island (rules: ../shared/rules/robinson-crusoe.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from outlast.core import Action, ChancePoint, ContentError, FileContentGame, OptionSchema, resolve_seed
from outlast.core.game import Measure, State
from outlast.core.parts import Part
from outlast.core.teach import Explained, Teaching

from .actions import RobinsonAction, parse_action
from .companion import KINDS as COMPANION_KINDS
from .content import CONTENT_DIR, Content, load_content
from .document import EARLIER_FORMATS, EARLIER_WORDINGS, FORMAT
from .state import RobinsonState
from .table import build_table, option_schema


class RobinsonGame(FileContentGame[Content]):
    """The Robinson Crusoe definition: options, content and the factory of `RobinsonState`s.

    A game object owns its content (architecture §3): `RobinsonGame()` plays with the shipped cards, loaded on
    first use; `RobinsonGame(content_dir)` (or `load_game("robinson", content_dir=…)`) with the files of that
    folder, checked at once. Its states, compiled effects, views and encodings all follow that content.
    """

    name = "robinson"
    title = "Robinson Crusoe: Adventures on the Cursed Island"
    description = (
        "Castaways share out their pawns each round to gather, build, explore and hunt, and must reach "
        "the scenario's goal before the island, the weather or their wounds finish them.")
    action_type = RobinsonAction
    rules_version = "robinson-2026.11-3"
    players = (1, 2, 3, 4)
    rules_file = "rules.md"
    state_format = FORMAT
    earlier_formats = EARLIER_FORMATS
    earlier_wordings = EARLIER_WORDINGS
    earlier_content_ids = ("a2ee2ca2588c3f30",)  # the shipped content at 9d6c6f4, before the kernel verbs renamed pay, heal_split, …
    kind = "cooperative"
    result_codes = MappingProxyType({"signal_fire": "won: the wood pile and the signal fire are ready in time (§25.1)",
                    "death": "lost: a castaway died (§11.2)",
                    "out_of_time": "lost: the last round ended without the signal fire (§11.3)"})
    capabilities = frozenset({"action_space"})
    measures = MappingProxyType({
        "wood": Measure("wood on the pile at the end"),
        "wood_by_round": Measure("wood on the pile at the end of the round", "round")})
    """What tells Robinson games apart in a report: every win scores the same, so the wood pile's progress (§25.1)."""

    shipped_content = CONTENT_DIR
    chance_kinds = COMPANION_KINDS

    def __init__(self, content_dir: Path | None = None) -> None:
        self._schema: OptionSchema | None = None
        super().__init__(content_dir)

    def read_content(self, directory: Path) -> Content:
        """Read and check this game's cards, tiles, tokens, characters and scenario from the files of `directory`."""
        return load_content(directory)

    @property
    def options(self) -> OptionSchema:
        if self._schema is None:
            self._schema = option_schema(self.content)
        return self._schema

    def new_game(self, seed: int | None = None, **options: Any) -> RobinsonState:
        opts = self.options.resolve(options)
        seed = resolve_seed(seed)
        state = RobinsonState.blank(self, build_table(self.content, opts, seed), seed)
        state.start()
        return state

    def parse_action(self, seat: int, text: str) -> RobinsonAction:
        return parse_action(seat, text)

    def load_state(self, doc: dict[str, Any]) -> RobinsonState:
        """Rebuild a state from `to_json()`: every field is checked first (`document.py`); faults are `SaveError`.

        Format 3 is read, and format 2, whose keys are renamed first (`EARLIER_FORMATS`); format 1 is refused.
        """
        from .document import from_json, read_table

        doc = self.upgraded(doc)
        return from_json(self, read_table(self, doc), doc)

    def lint(self, content_dir: Path | None = None) -> list[str]:
        """A summary of the content; content whose verbs do not all run (`verb_problems`) is refused."""
        from .program import verb_problems

        problems = verb_problems(content_dir or self.content_dir or CONTENT_DIR)
        if problems:  # every verb runs (a handler reading all its parameters) and is used
            raise ContentError("verbs", "-", "-", "; ".join(problems))
        c = self.content if content_dir is None else load_content(content_dir)
        kinds: dict[str, int] = {}
        for card in c.cards:
            kinds[card.kind] = kinds.get(card.kind, 0) + 1
        return [f"{n} {k} cards" for k, n in sorted(kinds.items())] + [
            f"{len(c.tiles)} island tiles", f"{len(c.tokens)} discovery tokens", f"{len(c.characters)} characters",
            f"{len(c.scenarios)} scenario(s)"]

    def record(self, state: State, notes: dict[str, Any]) -> None:
        """The wood on the pile (§25.1): now, and at the end of each round played (the last value seen in it)."""
        robinson = cast(RobinsonState, state)
        wood = sum(robinson.pile)
        notes["wood"] = wood
        if robinson.round >= 1:
            rounds = notes.setdefault("wood_by_round", [])
            rounds.extend([rounds[-1] if rounds else 0] * (robinson.round - len(rounds)))
            rounds[robinson.round - 1] = wood

    def agents(self) -> dict[str, Any]:
        from .bots import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def action_texts(self, **options: Any) -> list[str]:
        from .action_space import action_texts

        return action_texts(self.content, self.options.resolve(options))

    def chance_texts(self, **options: Any) -> list[str]:
        """Every chance outcome text (a card, tile or token id, a die face) a game with these options may meet."""
        from .action_space import chance_texts

        return chance_texts(self.content, self.options.resolve(options))

    def encode(self, observation: dict[str, Any]) -> list[float]:
        from .encode import encode

        return encode(self.content, observation)

    def evaluate(self, state: Any, seat: int) -> float:
        from .evaluate import evaluate

        return evaluate(state, seat)

    def declared_parts(self, state: Any, seat: int, legal: Sequence[Action]) -> Mapping[str, tuple[Part, ...]]:
        from .parts import declared_parts

        return declared_parts(cast("Sequence[RobinsonAction]", legal))

    def chance_point(self, state: Any) -> ChancePoint:
        from .companion import chance_point

        return chance_point(state)

    def chance_name(self, state: Any, outcome: Action) -> str:
        from .companion import chance_name

        return chance_name(state, cast(RobinsonAction, outcome))

    def describe_decision(self, state: Any, seat: int) -> str:
        from .describe import describe

        return describe(state, seat)

    def teaching(self) -> Teaching:
        """The game taught at the table, with a glossary of this game object's content (built once)."""
        from .teach import taught_with

        return self.content.derive(taught_with)

    def explain_decision(self, state: Any, seat: int) -> Explained:
        from .teach import explain

        return explain(state, seat)

    def render(self, state: Any, seat: int | None, *, full: bool = False) -> Any:
        from .render import render

        return render(state, seat, full=full)


GAME = RobinsonGame()

__all__ = ["GAME", "ContentError", "RobinsonAction", "RobinsonGame", "RobinsonState"]
