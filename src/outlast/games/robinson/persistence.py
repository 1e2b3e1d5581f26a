# mypy: disable-error-code="misc"
"""Copies and saves: resample and the state document (architecture §2, robinson-crusoe.md §26.4).

`PersistenceRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import IllegalAction, check_seat
from outlast.core.errors import shown
from outlast.core.rng import RandomLike

from .declaration import DECLARATION
from .fields import StateFields
from .table import Table

if TYPE_CHECKING:
    from .state import RobinsonState


class PersistenceRules(StateFields):
    """Copies and saves: a part of `RobinsonState`."""

    __slots__ = ()

    def resample(self: RobinsonState, seat: int, rng: RandomLike) -> RobinsonState:
        """A copy where what nobody has seen is drawn again (§26.4; decks are bags already).

        The copy's own random generator is drawn from `rng`, so its `sample_chance()` foresees nothing of
        the real game's next draw or roll; and every unseen Hunting card (shuffled in or on top) takes an
        identity drawn uniformly, with `rng`, from the Beast cards nobody has seen (the Beast deck and the
        unseen Hunting cards); every seen card stays where it is.
        """
        check_seat(seat, self.players)
        if not callable(getattr(rng, "randrange", None)):
            raise IllegalAction(f"resample needs a random source with randrange(), not {shown(rng)}")
        copy: RobinsonState = DECLARATION.resample(self, seat, rng)
        return copy

    def to_json(self: RobinsonState) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "robinson", "format": self.game.state_format, "rules_version": self.game.rules_version,
                               "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.table.options.items()},
                               "characters": [self.content.characters[ch].id for ch in self.table.chars]}
        doc.update(DECLARATION.to_doc(self))
        return doc

    @classmethod
    def from_json(cls, game: Any, table: Table, doc: dict[str, Any]) -> RobinsonState:
        """Read a state document with every field checked (`document.from_json`); faults are `SaveError`."""
        from .document import from_json

        return from_json(game, table, doc)
