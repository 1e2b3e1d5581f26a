"""The base of Robinson Crusoe's pending decisions: who chooses, the answers' texts and refusals (§26.3).

`RobinsonDecision` is a `outlast.core.decision.Decision` answered by one castaway; each kind (`decisions.py`,
`island_decisions.py`) writes its legal answers, what an answer does, its words and its load check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core.decision import Decision

from .actions import RobinsonAction

if TYPE_CHECKING:
    from .state import RobinsonState

A = RobinsonAction
MAX_COUNT = 64
"""The most a count in a decision may be (Wounds to share, meals missing, Inventions to discard)."""


def space_index_of(word: str) -> int:
    """The space index of `sK` (K counts from 1, as players name the spaces)."""
    return int(word[1:]) - 1


@dataclass(frozen=True, slots=True)
class RobinsonDecision(Decision):
    """A decision one castaway makes (`chooser`, a seat; Friday's choices are the first player's, §14.4).

    A kind answers `legal`, `carry_out` (the rule after the answer; the decision is already off the stack),
    `ask` (a few words) and `explain` (a sentence with the answers' form); `answer_detail` says more when
    an answer of the right verb is refused.
    """

    chooser: int

    def choosers(self, state: Any) -> tuple[int, ...]:
        """The chooser alone."""
        return (self.chooser,)

    def resolve(self, state: Any, action: Any) -> None:
        """Take the decision off the stack, then carry the rule on with the answer."""
        state.decisions.pop()
        self.carry_out(state, action)

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        """What the answer does (the decision is off the stack)."""
        raise NotImplementedError

    def ask(self, state: RobinsonState) -> str:
        """The decision in a few words (after the chooser's name)."""
        return self.kind

    def explain(self, state: RobinsonState, who: str) -> str:
        """The decision in a sentence, with the form of its answers and its rule."""
        return f"{who}: {self.ask(state)} ({self.rule})"

    def text(self, state: Any) -> str:
        """`chooser: what is asked`."""
        return f"{state.char_name(self.chooser)}: {self.ask(state)}"

    def refusal(self, state: Any, action: Any) -> str:
        """A refused answer: the decision comes first, or the answer is not one of the legal ones."""
        answers = [str(a) for a in self.legal(state, action.seat)]
        wanted = {a.split()[0] for a in answers}
        if action.verb not in wanted:
            return (f"the pending decision comes first ({self.text(state)}); `{action}` does not answer it; "
                    f"its answers: {listed(answers)}")
        detail = self.answer_detail()
        return f"`{action}` is not one of the answers{': ' + detail if detail else ''}; the answers: {listed(answers)}"

    def answer_detail(self) -> str:
        """More about the form of a right answer, for a refusal ('' when the answers say it all)."""
        return ""

    def view(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The decision as `seat` may know it (docs/state-format/robinson.md, "the pending decision"): its kind,
        rule, chooser and named fields in the rules' words; a kind whose fields hold engine numbers or a secret
        says them its own way (`view_fields`)."""
        return {"kind": self.kind, "rule": self.rule, **self.view_fields(state, seat)}

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The named fields a seat may know (all of them unless a kind says otherwise)."""
        doc = self.to_doc()
        del doc["kind"]
        return doc

    def check(self, state: Any) -> str | None:
        """A loaded decision: the chooser is a seat, and the kind's own fields make sense."""
        if not 0 <= self.chooser < state.players:
            return f"chooser {self.chooser} is no seat of this game"
        return self.check_fields(state)

    def check_fields(self, state: RobinsonState) -> str | None:
        """The kind's own fields against the position (None when they make sense)."""
        return None


def listed(words: list[str], limit: int = 12) -> str:
    """`a, b, c` (cut after `limit` with the count of the rest), or `none`."""
    if not words:
        return "none"
    head = ", ".join(words[:limit])
    return head + (f" and {len(words) - limit} more" if len(words) > limit else "")


