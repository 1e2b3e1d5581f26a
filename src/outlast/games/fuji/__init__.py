"""Fuji: the cooperative dice game of fleeing lava (rules: ../shared/rules/fuji.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from outlast.core import ContentError, Game, OptionSchema, Rng, SaveError, resolve_seed

from .actions import FujiAction, parse_action
from .content import content, load_content
from .state import FujiState
from .table import build_table, option_schema


class FujiGame(Game):
    """The Fuji definition: options, content and the factory of `FujiState`s."""

    name = "fuji"
    title = "Fuji"
    action_type = FujiAction
    rules_version = "fuji-2026.11-1"
    players = (2, 3, 4)
    rules_file = "rules.md"

    def __init__(self) -> None:
        self._schema: OptionSchema | None = None

    @property
    def options(self) -> OptionSchema:
        if self._schema is None:
            self._schema = option_schema()
        return self._schema

    def new_game(self, seed: int | None = None, **options: Any) -> FujiState:
        opts = self.options.resolve(options)
        seed = resolve_seed(seed)
        if opts["scenario"] == "random":
            opts["scenario"] = str(Rng(seed ^ 0x5CE4A).randrange(7) + 1)
        state = FujiState.blank(self, build_table(opts), seed)
        state.start()
        return state

    def parse_action(self, seat: int, text: str) -> FujiAction:
        return parse_action(seat, text)

    def load_state(self, doc: dict[str, Any]) -> FujiState:
        self.check_doc_header(doc)
        opts = doc.get("options")
        if not isinstance(opts, dict):
            raise SaveError("state document lacks its options")
        try:
            resolved = self.options.resolve(opts)
        except Exception as exc:
            raise SaveError(f"state document has bad options: {exc}") from None
        return FujiState.from_json(self, build_table(resolved), doc)

    def lint(self, content_dir: Path | None = None) -> list[str]:
        c = load_content() if content_dir is None else load_content(content_dir)
        return [f"{len(c.terrain)} terrain cards", f"{len(c.equipment)} equipment cards",
                f"{len(c.skills)} skills", f"{len(c.injuries)} injuries", f"{len(c.levels)} levels",
                f"{len(c.scenarios)} scenarios", f"{len(c.characters)} characters"]

    def agents(self) -> dict[str, Any]:
        from .bots import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def action_texts(self, **options: Any) -> list[str]:
        from .enumerate import action_texts

        return action_texts(self.options.resolve(options))

    def encode(self, observation: dict[str, Any]) -> list[float]:
        from .encode import encode

        return encode(observation)

    def evaluate(self, state: Any, seat: int) -> float:
        from .evaluate import evaluate

        return evaluate(state, seat)

    def check_chat(self, state: Any, seat: int, text: str) -> None:
        from .chat import check_message

        check_message(text, state.phase)

    def describe_decision(self, state: Any, seat: int) -> str:
        from .describe import describe

        return describe(state, seat)

    def render(self, state: Any, seat: int | None) -> Any:
        from .render import render

        return render(state, seat)


GAME = FujiGame()

__all__ = ["GAME", "ContentError", "FujiAction", "FujiGame", "FujiState", "content"]
