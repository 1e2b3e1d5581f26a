"""One decision of the heuristic bot: the actions offered, the seat's view, and shared helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import FujiAction
from ..decisions import FujiDecision, decision_for
from ..state import FujiState
from .context import Context

if TYPE_CHECKING:
    from .agent import HeuristicAgent


class Choice:
    """One decision: the actions offered to a seat, its view (`ctx`), and helpers every kind of choice uses."""

    def __init__(self, bot: HeuristicAgent, s: FujiState, seat: int, acts: list[FujiAction]) -> None:
        self.bot = bot
        self.state = s
        self.seat = seat
        self.acts = acts
        self.ctx = Context(bot, s, seat)
        self.verbs = {a.verb for a in acts}
        self._others_rows: dict[int, list[tuple[float, ...]]] = {}

    def first(self, verb: str) -> FujiAction | None:
        for a in self.acts:
            if a.verb == verb:
                return a
        return None

    def has(self, a: FujiAction) -> bool:
        return a in self.acts

    def frame(self) -> FujiDecision | None:
        """The pending decision this seat answers, if any."""
        i = decision_for(self.state, self.seat)
        return self.state.decisions[i] if i >= 0 else None

    def _scores(self, holder: int, extra: dict[int, int] | None = None) -> list[tuple[float, ...]]:
        return self.ctx.face_scores(holder, self.ctx.cards(extra))

    def _face(self, die: int) -> int:
        return self.ctx._face(die)

    @staticmethod
    def _use_verb(a: FujiAction) -> str:
        """The effect verb a `use` runs (the copied card's, for a copy)."""
        return a.ids[2]

    def _own(self, a: FujiAction) -> int:
        """Who holds the card a `use` names."""
        return self.state.card_location[self.state.table.content.equipment_by_id[a.ids[0]]]
