"""Copies and saves: resample and the state document (architecture §2, robinson-crusoe.md §26.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import IllegalAction, check_seat
from outlast.core.errors import shown
from outlast.core.rng import RandomLike

from .declaration import DECLARATION
from .table import Table

if TYPE_CHECKING:
    from .state import RobinsonState


def resample(state: RobinsonState, seat: int, rng: RandomLike) -> RobinsonState:
    """A copy where what nobody has seen is drawn again (§26.4; decks are bags already).

    The copy's own random generator is drawn from `rng`, so its `sample_chance()` foresees nothing of
    the real game's next draw or roll; and every unseen Hunting card (shuffled in or on top) takes an
    identity drawn uniformly, with `rng`, from the Beast cards nobody has seen (the Beast deck and the
    unseen Hunting cards); every seen card stays where it is.
    """
    check_seat(seat, state.players)
    if not callable(getattr(rng, "randrange", None)):
        raise IllegalAction(f"resample needs a random source with randrange(), not {shown(rng)}")
    copy: RobinsonState = DECLARATION.resample(state, seat, rng)
    return copy


def to_json(state: RobinsonState) -> dict[str, Any]:
    doc: dict[str, Any] = {"game": "robinson", "format": state.game.state_format, "rules_version": state.game.rules_version,
                           "options": {k: list(v) if isinstance(v, tuple) else v for k, v in state.table.options.items()},
                           "characters": [state.content.characters[ch].id for ch in state.table.chars]}
    doc.update(DECLARATION.to_doc(state))
    return doc


def from_json(cls: type[RobinsonState], game: Any, table: Table, doc: dict[str, Any]) -> RobinsonState:
    """Read a state document with every field checked (`document.from_json`); faults are `SaveError`."""
    from .document import from_json

    return from_json(game, table, doc)
