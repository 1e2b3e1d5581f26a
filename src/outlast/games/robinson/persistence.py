# mypy: disable-error-code="misc"
"""Copies and saves: resample and the state document (architecture §2, robinson-crusoe.md §26.4).

`PersistenceRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import IllegalAction, check_seat
from outlast.core.errors import shown
from outlast.core.game import STATE_FORMAT
from outlast.core.rng import RandomLike

from .constants import Z_BEAST_DECK, Z_HUNT_DECK
from .fields import StateFields
from .position import position_of
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
        s = self.clone()
        s.rng_state = rng.randrange(1 << 64)
        top = [k for k, seen in enumerate(s.hunt_seen) if not seen]
        bag = s.deck_bag(Z_HUNT_DECK)
        if top or bag:
            pool = s.unseen_beasts()
            for k in range(len(pool) - 1, 0, -1):  # Fisher-Yates with the caller's generator
                j = rng.randrange(k + 1)
                pool[k], pool[j] = pool[j], pool[k]
            for x in pool:
                s.zone[x] = Z_BEAST_DECK
            for k, x in zip(top, pool, strict=False):
                s.hunt_top[k] = x
            for x in pool[: len(top) + len(bag)]:
                s.zone[x] = Z_HUNT_DECK
        s.forget()
        return s

    def to_json(self: RobinsonState) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "robinson", "format": STATE_FORMAT, "rules_version": self.game.rules_version,
                               "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.table.options.items()},
                               "chars": [self.content.characters[ch].id for ch in self.table.chars],
                               "events": [e.to_json() for e in self.events]}
        for name in self.SCALARS:
            doc[name] = getattr(self, name)
        for name in self.LISTS:
            doc[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        doc["decisions"] = [d.to_doc() for d in self.decisions]
        doc["groups"] = [[*g[:4], list(g[4]), *g[5:]] for g in self.groups]
        doc["xsrc"] = [list(x) for x in self.xsrc]
        return position_of(self, doc)

    @classmethod
    def from_json(cls, game: Any, table: Table, doc: dict[str, Any]) -> RobinsonState:
        """Read a state document with every field checked (`document.from_json`); faults are `SaveError`."""
        from .document import from_json

        return from_json(game, table, doc)
