"""Fuji: the cooperative dice game of fleeing lava (rules: ../shared/rules/fuji.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from outlast.core import (
    ChancePoint,
    ContentError,
    FileContentGame,
    OptionSchema,
    OutlastError,
    Rng,
    SaveError,
    check_seat,
    resolve_seed,
)
from outlast.core.errors import shown
from outlast.core.game import Action
from outlast.core.parts import Part
from outlast.core.teach import Explained, Teaching

from .actions import FujiAction, parse_action
from .companion import KINDS as COMPANION_KINDS
from .content import CONTENT_DIR, VERBS, Content, load_content
from .document import EARLIER_FORMATS, EARLIER_WORDINGS, FORMAT
from .state import FujiState
from .table import build_table, option_schema


class FujiGame(FileContentGame[Content]):
    """The Fuji definition: options, content and the factory of `FujiState`s.

    A game object owns its content (architecture §3): `FujiGame()` plays with the shipped cards, loaded on first
    use; `FujiGame(content_dir)` (or `load_game("fuji", content_dir=…)`) with the files of that folder, checked at
    once. Its states, action texts, views and encodings all follow that content.
    """

    name = "fuji"
    title = "Fuji"
    description = (
        "Explorers flee an erupting volcano together: hidden dice decide who can cross which terrain, "
        "and everyone must reach the village before the lava does.")
    action_type = FujiAction
    rules_version = "fuji-2026.11-2"
    players = (2, 3, 4)
    rules_file = "rules.md"
    state_format = FORMAT
    earlier_formats = EARLIER_FORMATS
    earlier_wordings = EARLIER_WORDINGS
    earlier_content_ids = ("174e4f06ad24748e",)  # the shipped content at 9d6c6f4: lose_die was written as its own verb
    kind = "cooperative"
    result_codes = MappingProxyType({"village": "won: every meeple reached the village (§12.2)",
                    "lava": "lost: the lava reached a meeple (§12.1)",
                    "exhausted": "lost: a meeple ran out of stamina (§10.7)"})
    capabilities = frozenset({"action_space", "chat_rule"})

    shipped_content = CONTENT_DIR
    chance_kinds = COMPANION_KINDS

    def __init__(self, content_dir: Path | None = None) -> None:
        self._schema: OptionSchema | None = None
        super().__init__(content_dir)

    def read_content(self, directory: Path) -> Content:
        """Read and check this game's cards, terrain, levels and scenarios from the files of `directory`."""
        return load_content(directory)

    @property
    def options(self) -> OptionSchema:
        if self._schema is None:
            self._schema = option_schema(self.content)
        return self._schema

    def new_game(self, seed: int | None = None, **options: Any) -> FujiState:
        opts = self.options.resolve(options)
        seed = resolve_seed(seed)
        if opts["scenario"] == "random":
            opts["scenario"] = str(Rng.of_game(seed ^ 0x5CE4A).randrange(7) + 1)
        state = FujiState.blank(self, build_table(self.content, opts), seed)
        state.start()
        return state

    def parse_action(self, seat: int, text: str) -> FujiAction:
        return parse_action(self.content, seat, text)

    def load_state(self, doc: dict[str, Any]) -> FujiState:
        """A state from `FujiState.to_json()`; every field is checked first (`document.py`), else `SaveError`.

        Format 3 (the rules' words, docs/state-format/fuji.md) is read, and format 2, which differs only in the
        names of three keys (`EARLIER_FORMATS`); a format-1 document (numbers and short keys) is refused with a
        `SaveError` saying so: load it with an engine of its time and save again.
        """
        if not isinstance(doc, dict):
            raise SaveError(f"a state document is a JSON object, not {shown(doc)}")
        for key, want in (("game", str), ("format", int), ("rules_version", str)):
            if type(doc.get(key)) is not want:  # exact: 1.0 is no format, True no 1, and huge ints are not shown
                raise SaveError(f"state document field {key!r} must be {want.__name__}, not {shown(doc.get(key))}")
        if doc["game"] != self.name:
            raise SaveError(f"this document is for game {shown(doc['game'])}, not {self.name!r}")
        doc = self.upgraded(doc)
        if doc["format"] == 1:
            raise SaveError(f"state format 1 (numbers and short keys such as 'dv' and 'cloc') is no longer read: "
                            f"Fuji documents are format {FORMAT}, in the rules' words (docs/state-format/fuji.md)")
        if doc["format"] != FORMAT:
            raise SaveError(f"state format {shown(doc['format'])} is not {FORMAT}")
        if doc["rules_version"] != self.rules_version:
            raise SaveError(f"rules version {shown(doc['rules_version'])} differs from this engine's "
                            f"{self.rules_version!r}")
        opts = doc.get("options")
        if not isinstance(opts, dict):
            raise SaveError("state document lacks its options")
        try:
            resolved = self.options.resolve(opts)
        except Exception as exc:
            raise SaveError(f"state document has bad options: {exc}") from None
        if resolved["scenario"] == "random":
            raise SaveError("state document has bad options: a game in progress names its scenario (1-7), not random")
        return FujiState.from_json(self, build_table(self.content, resolved), doc)

    def lint(self, content_dir: Path | None = None) -> list[str]:
        c = self.content if content_dir is None else load_content(content_dir)
        problems = VERBS.problems()  # every verb runs (a handler reading all its parameters) and is used
        if problems:
            raise ContentError("verbs", "-", "-", "; ".join(problems))
        return [f"{len(c.terrain)} terrain cards", f"{len(c.equipment)} equipment cards",
                f"{len(c.skills)} skills", f"{len(c.injuries)} injuries", f"{len(c.levels)} levels",
                f"{len(c.scenarios)} scenarios", f"{len(c.characters)} characters"]

    def agents(self) -> dict[str, Any]:
        from .bots import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def action_texts(self, **options: Any) -> list[str]:
        from .action_space import action_texts

        return action_texts(self.content, self.options.resolve(options))

    def chance_texts(self, **options: Any) -> list[str]:
        """Every chance outcome text (a skill, character or card id, a die face) a game with these options may meet."""
        from .action_space import chance_texts

        return chance_texts(self.content, self.options.resolve(options))

    def encode(self, observation: dict[str, Any]) -> list[float]:
        from .encode import encode

        return encode(self.content, observation)

    def evaluate(self, state: Any, seat: int) -> float:
        from .evaluate import evaluate

        return evaluate(self._state(state, seat), seat)

    def check_chat(self, state: Any, seat: int, text: str) -> None:
        """Refuse a chat line the communication rule forbids now (§7.6; §8.3 in phase 3): `ChatRefused`."""
        from .chat import AFTER_GAME, check_message

        fuji = self._state(state, seat)
        check_message(text, AFTER_GAME if fuji.is_over() else fuji.phase)

    def declared_parts(self, state: Any, seat: int, legal: Sequence[Action]) -> Mapping[str, tuple[Part, ...]]:
        from .parts import declared_parts

        return declared_parts(self._state(state, seat), seat, cast("Sequence[FujiAction]", legal))

    def chance_point(self, state: Any) -> ChancePoint:
        from .companion import chance_point

        return chance_point(state)

    def chance_name(self, state: Any, outcome: Action) -> str:
        from .companion import chance_name

        return chance_name(state, cast(FujiAction, outcome))

    def describe_decision(self, state: Any, seat: int) -> str:
        from .describe import describe

        return describe(self._state(state, seat), seat)

    def teaching(self) -> Teaching:
        from .teach import TEACHING

        return TEACHING

    def explain_decision(self, state: Any, seat: int) -> Explained:
        from .teach import explain

        return explain(self._state(state, seat), seat)

    @staticmethod
    def _state(state: Any, seat: object) -> FujiState:
        """`state` if it is a Fuji state and `seat` one of its seats, else `OutlastError`/`IllegalAction`."""
        if not isinstance(state, FujiState):
            raise OutlastError(f"a Fuji state is needed, not {shown(state)}")
        check_seat(seat, state.table.seats)
        return state

    def render(self, state: Any, seat: int | None, *, full: bool = False) -> Any:
        from .render import render

        return render(state, seat, full=full)


GAME = FujiGame()

__all__ = ["GAME", "ContentError", "FujiAction", "FujiGame", "FujiState"]
