"""Build real Discover states from options, a copy, and chosen chance outcomes (style.md "Tests").

Nothing here is a mock: `Table` wraps a real `DiscoverState` on a real generated copy (optionally edited with
`dataclasses.replace`, so a worked example has exactly the tiles and cards it names) and drives it through the
kernel contract. Chance points are answered with *chosen* outcomes (`die 8`, `tile 3`, `feature 17`); decisions
with canonical action texts.

    t = Table.new(players=2)          # setup resolved: leader 0, first characters kept, day 1, seat 0 to act
    t.do("move A3")                    # the seat to move acts
    t.chance("die 2", "die 12")        # the next chance points, in order
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from outlast.core import CHANCE
from outlast.games.discover import DISCOVER, DiscoverState
from outlast.games.discover.copy import Ability, Character, Copy, SpacePrint, TileFace
from outlast.games.discover.setup import new_state
from outlast.games.discover.terms import IN_PLAY

COPY_SEED = 1
BEACH, GRASS, UNDERBRUSH, OCEAN, MOUNTAIN = range(5)


def base_copy() -> Copy:
    return DISCOVER.copy_for(COPY_SEED)


def card_ids(copy: Copy, number: int) -> list[int]:
    """Ids of the cards printed with `number`."""
    return [c.id for c in copy.cards if c.number == number]


def tammy_copy() -> Copy:
    """The copy with a start tile and a pile-1 tile laid out for §16.1: camp A0 → A4 underbrush (cost 2) → A3 grass
    next to facedown tile B → B6 grass with a forage icon → B0 grass → B3 grass with landmark #33."""
    copy = base_copy()
    tiles = []
    for tile in copy.tiles:
        spaces = tuple(replace(p, landmark=0) if p.landmark == 33 else p for p in tile.spaces)
        tiles.append(replace(tile, spaces=spaces))
    start = [SpacePrint(GRASS)] * 7
    start[3], start[4] = SpacePrint(GRASS), SpacePrint(UNDERBRUSH)
    tiles[0] = TileFace(0, 0, tuple(start))
    pile1 = next(t for t in tiles if t.pile == 1)
    face = [SpacePrint(GRASS)] * 7
    face[6] = SpacePrint(GRASS, feature=0)
    face[3] = SpacePrint(GRASS, landmark=33)
    tiles[pile1.id] = TileFace(pile1.id, 1, tuple(face))
    return replace(copy, tiles=tuple(tiles))


MOUNTAIN_CLIMBER = Character(99, "Jasmine Limjoco", "Mountain Climber",
                             (Ability("passive", query="move_cost", amount=-1, condition={"cost_at_least": 2},
                                      text="Spaces costing 2 or more cost 1 less for you to enter."),))


def replace_character(copy: Copy, index: int, character: Character) -> Copy:
    """`copy` with its character `index` replaced (a worked example's known character, §16.7), its tables built
    (`Copy.prepare`) so a state in play can be given it."""
    characters = list(copy.characters)
    characters[index] = replace(character, id=index)
    changed = replace(copy, characters=tuple(characters))
    changed.prepare()
    return changed


class Table:
    """A real game and the helpers the worked examples need."""

    def __init__(self, state: DiscoverState) -> None:
        self.s = state

    @classmethod
    def new(cls, players: int = 2, scenario: str = "1", copy: Copy | None = None, seed: int = 7,
            leader: int = 0, **options: Any) -> Table:
        opts = DISCOVER.options.resolve({"players": players, "scenario": scenario, **options})
        state = new_state(DISCOVER, copy or base_copy(), opts, seed)
        t = cls(state)
        t.chance(f"leader {leader}")
        while state.chance:
            state.apply(state.sample_chance())
        for seat in range(players):
            state.apply(str(state.legal_actions(seat)[0]), seat)
        return t

    def chance(self, *texts: str) -> None:
        for text in texts:
            self.s.apply(text, CHANCE)

    def do(self, *texts: str, seat: int | None = None) -> None:
        for text in texts:
            movers = self.s.to_move()
            self.s.apply(text, seat if seat is not None else movers[0])

    def legal(self, seat: int | None = None) -> list[str]:
        seat = self.s.to_move()[0] if seat is None else seat
        return [str(a) for a in self.s.legal_actions(seat)]

    def texts(self) -> list[str]:
        return [e.text for e in self.s.events]

    def place_upgrade(self, number: int) -> None:
        self.s.place_card(card_ids(self.s.copy, number)[0], IN_PLAY)

    def give_item(self, seat: int, number: int) -> int:
        card = card_ids(self.s.copy, number)[0]
        self.s.place_card(card, seat)
        self.forget()
        return card

    def forget(self) -> None:
        self.s._legal_cache = None
