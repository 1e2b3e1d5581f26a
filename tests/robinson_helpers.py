"""Build real Robinson Crusoe states from options plus chosen chance outcomes (style.md "Tests").

Nothing here is a mock. A `Table` wraps a real `RobinsonState` and drives it through the kernel
contract: chance points are answered with *chosen* outcomes (`draw storm`, `tile 1`,
`roll wound question adventure`, `weather rain2`, `token goat`) and decisions are canonical action
text. Positions the examples start from are set by assigning state fields on a fresh game and
letting the engine run on from there (engine notes: "call forget() after poking fields").

    t = Table.new(players=3, characters="carpenter,cook,soldier", items="flask_of_rum,storm_glass")
    t.to_plan()                                  # round 1, planning, no wood on the pile
    t.plan((0, "place 1 build:shelter/wood"), (0, "join 2 1"), (1, "place 1 rest"), ...)
    t.roll("blank success blank")                # the three Action dice of the next roll
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import outlast
from outlast import CHANCE, IllegalAction
from outlast.games.robinson import GAME as ROBINSON
from outlast.games.robinson.actions import RobinsonAction
from outlast.games.robinson.decisions import AnyTimeWindow
from outlast.games.robinson.state import (
    CH_INV,
    EVENT,
    FOOD,
    FUR,
    MORALE,
    NIGHT,
    NONPER,
    PLAN,
    RESOLVE,
    SETUP,
    TILE_STACK,
    TOK_AVAIL,
    TOK_BAG,
    W_NIGHT,
    WEATHER,
    WOOD,
    Z_ITEM,
    RobinsonState,
)

GAME = outlast.load_game("robinson")
C = ROBINSON.content

__all__ = ["C", "CHANCE", "EVENT", "FOOD", "FUR", "GAME", "MORALE", "NIGHT", "NONPER", "PLAN", "RESOLVE",
           "SETUP", "WEATHER", "WOOD", "IllegalAction", "Table", "card", "space_of_tile", "tile_index"]


def card(card_id: str) -> int:
    """Index of a card by id (events, adventures, inventions, starting items, …)."""
    return C.by_id[card_id]


def tile_index(number: int) -> int:
    """Index of the Island tile with this printed number."""
    return next(t.index for t in C.tiles if t.number == number)


def space_of_tile(state: RobinsonState, number: int) -> int:
    """0-based space where tile `number` lies."""
    return state.tile_at[tile_index(number)]


def _words(x: str | Iterable[str] | None) -> list[str]:
    if x is None:
        return []
    return x.replace(",", " ").split() if isinstance(x, str) else list(x)


class Table:
    """A real game plus the small moves a test needs."""

    def __init__(self, state: RobinsonState) -> None:
        self.state = state

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int = 3, characters: str | Iterable[str] | None = None,
            items: str | Iterable[str] | None = "", inventions: str | Iterable[str] | None = None,
            seed: int = 0, game: Any = GAME, **options: Any) -> Table:
        """A game after setup, waiting at round 1. `items` are the Starting Items drawn (§3 step 12);
        `inventions` the 5 random board Inventions (§3 step 5; unnamed ones are the first left); `game` another
        `RobinsonGame` (one with a copy of the content, say)."""
        chars = _words(characters) or {1: ["carpenter"], 2: ["carpenter", "cook"],
                                       3: ["carpenter", "cook", "soldier"],
                                       4: ["carpenter", "cook", "explorer", "soldier"]}[players]
        want_items = _words(items)
        opts = {"players": players, "characters": chars, "starting_items": len(want_items), **options}
        s = game.new_game(seed=seed, **opts)
        t = cls(s)
        want_inv = _words(inventions)
        while s.to_move() == [CHANCE] and s.phase == SETUP:
            outs = [str(a) for a, _ in s.chance_outcomes()]
            if want_inv and f"draw {want_inv[0]}" in outs and s.chance[0] == CH_INV:
                t.chance(f"draw {want_inv.pop(0)}")
            elif want_items and f"draw {want_items[0]}" in outs:
                t.chance(f"draw {want_items.pop(0)}")
            else:
                t.chance(outs[0])
        return t

    # ------------------------------------------------------------------ chance
    def chance(self, text: str) -> None:
        """Apply one chosen chance outcome (it must be a possible one now)."""
        verb, *args = text.split()
        self.state.apply(RobinsonAction(CHANCE, verb, tuple(args)))

    def draw(self, *card_ids: str) -> None:
        for cid in card_ids:
            self.chance(f"draw {cid}")

    def roll(self, faces: str) -> None:
        """The three Action dice: `wound|blank success|question adventure|blank`."""
        self.chance(f"roll {faces}")

    def weather(self, *faces: str) -> None:
        for f in faces:
            self.chance(f"weather {f}")

    def tile(self, number: int) -> None:
        self.chance(f"tile {number}")

    def token(self, *kinds: str) -> None:
        for k in kinds:
            self.chance(f"token {k}")

    def outcomes(self) -> list[str]:
        return [str(a) for a, _ in self.state.chance_outcomes()]

    # ------------------------------------------------------------------ players
    def act(self, seat: int, text: str) -> None:
        self.state.apply(text, seat)

    def legal(self, seat: int) -> list[str]:
        return [str(a) for a in self.state.legal_actions(seat)]

    def raw(self, seat: int) -> list[str]:
        """What `seat` could do (also while it is not asked to act)."""
        self.state.forget()
        return [str(a) for a in self.state.legal_actions_raw(seat)]

    def pass_windows(self, night: bool = False) -> None:
        """Everyone passes the any-time windows on top until something else is pending; the Night
        window (a Starting Item like the Flask of rum holds it open) is passed only with `night`."""
        s = self.state
        while s.decisions and isinstance(s.decisions[-1], AnyTimeWindow) and not s.over:
            if s.decisions[-1].window == W_NIGHT and not night:
                break
            seat = s.to_move()[0]
            self.act(seat, "pass")

    def answer(self, text: str) -> None:
        """Answer the pending decision frame (its chooser acts)."""
        self.pass_windows()
        self.act(self.state.to_move()[0], text)

    # ------------------------------------------------------------------ positions
    def set(self, **fields: Any) -> Table:
        """Assign state fields (lists are copied) and drop the caches."""
        s = self.state
        for name, value in fields.items():
            setattr(s, name, list(value) if isinstance(value, list | tuple) else value)
        s.forget()
        return self

    def res(self, wood: int = 0, food: int = 0, fur: int = 0, nonper: int = 0) -> Table:
        r = [0, 0, 0, 0]
        r[WOOD], r[FOOD], r[FUR], r[NONPER] = wood, food, fur, nonper
        return self.set(resources=r)

    def build(self, *item_ids: str) -> Table:
        """Items already built (their on-build effects are not applied)."""
        for x in item_ids:
            self.state.zone[card(x)] = Z_ITEM
        return self.set()

    def put(self, zone: int, *card_ids: str) -> Table:
        for x in card_ids:
            self.state.zone[card(x)] = zone
        return self.set()

    def explore(self, number: int, space: int) -> Table:
        """Lay tile `number` face up on 0-based `space` (no icons take effect)."""
        s = self.state
        ti = tile_index(number)
        if s.tile_at[ti] >= 0:
            s.space_tile[s.tile_at[ti]] = -1
        s.tile_at[ti] = space
        s.space_tile[space] = ti
        return self.set()

    def give_token(self, kind: str, place: int = TOK_AVAIL) -> int:
        """Move one physical Discovery token of `kind` from the bag to `place`; returns its index."""
        s = self.state
        k = next(i for i, x in enumerate(C.token_kinds) if x.id == kind)
        phys = next(i for i, pl in enumerate(s.token_place) if pl == TOK_BAG and C.tokens[i] == k)
        s.token_place[phys] = place
        self.set()
        return phys

    def goto(self, phase: int, step: int = 0, **fields: Any) -> Table:
        """Jump to the start of a phase with the given fields, then let the engine run on."""
        s = self.state
        s.decisions = []
        s.work = []
        s.chance = []
        s.phase, s.step = phase, step
        self.set(**fields)
        s._advance()
        return self

    def to_plan(self, pile: int = 0) -> Table:
        """From round start, run to the open planning of the Action phase (no wood onto the pile)."""
        s = self.state
        while not (s.phase == PLAN and s.step == 2 and not s.decisions and not s.chance) and not s.over:
            if s.chance:
                self.chance(self.outcomes()[0])
            elif s.decisions and isinstance(s.decisions[-1], AnyTimeWindow):
                self.pass_windows(night=True)
            elif s.decisions:
                chooser = s.decisions[-1].chooser
                legal = self.legal(chooser)
                self.act(chooser, f"pile {pile}" if legal[0].startswith("pile") else legal[0])
            else:
                raise AssertionError(f"stuck at phase {s.phase} step {s.step}")
        return self

    def plan(self, *moves: tuple[int, str], confirm: bool = True) -> Table:
        """Apply planning moves (seat, text), then every seat readies (the FP last) and the FP confirms."""
        s = self.state
        for seat, text in moves:
            self.act(seat, text)
        if confirm:
            for seat in [x for x in range(s.players) if x != s.first_player] + [s.first_player]:
                if not s.ready[seat]:
                    self.act(seat, "ready")
            self.act(s.first_player, "confirm")
        return self

    # ------------------------------------------------------------------ reading
    def wounds(self) -> list[int]:
        return self.state.wounds[: self.state.players]

    def logged(self, text: str) -> list[str]:
        return [e.text for e in self.state.events if text in e.text]

    def tiles_left(self) -> int:
        return sum(1 for at in self.state.tile_at if at == TILE_STACK)


# ============================================================================ shared by the rule test files
CARPENTER, COOK, SOLDIER = 0, 1, 2
"""Seats of the default three-player table."""


def planning(players: int = 3, items: str = "flask_of_rum", characters: str | None = None,
             built: str = "", game: Any = GAME, **fields: Any) -> Table:
    """Round 1, open planning, with `fields` assigned; `built` Items are in play before the round starts
    (extra pawns are offered from planning's start, §8.1.6). The Flask of rum holds the Night window open.
    `game`: another `RobinsonGame` (one with a copy of the content, say)."""
    t = Table.new(players=players, items=items, characters=characters, game=game)
    if built:
        t.build(*built.split(","))
    t.to_plan()
    return t.set(**fields)


def rest(*seats: int) -> list[tuple[int, str]]:
    """Both pawns of each seat on Rest (§8.12)."""
    return [(s, f"place {k} rest") for s in seats for k in (1, 2)]


def illegal(t: Table, seat: int, text: str) -> IllegalAction:
    """Apply an action that must be refused; the state must not change (§26.1)."""
    before = t.state.to_json()
    with pytest.raises(IllegalAction) as err:
        t.act(seat, text)
    assert t.state.to_json() == before
    return err.value
