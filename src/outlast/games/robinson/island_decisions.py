"""Pending decisions about the island's tiles, tokens, sources and decks (robinson-crusoe.md §13.2, §16, §17.2, §20).

The kinds that pick a tile, a token, a source or a card's place: the top tile and the kept token of a scouting
skill, the seen Hunting card, another Mystery card, a source to cover, a tile lost or marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import RobinsonAction
from .constants import (
    I_MYST_STEP,
    TILE_REVEALED,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_SHORTCUT,
    TOK_AVAIL,
    TOK_REMOVED,
    TOK_REVEALED,
)

if TYPE_CHECKING:
    from .state import RobinsonState
from .decision_base import A, RobinsonDecision, space_index_of


# ----------------------------------------------------------------------------- tiles, tokens, the Hunting deck
@dataclass(frozen=True, slots=True)
class TopTile(RobinsonDecision):
    """Choose which of the revealed Island tiles goes on top of the stack (§13.2)."""

    kind = "choose the top tile"
    rule = "§13.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "pick", (str(state.content.tiles[i].number),)) for i, at in enumerate(state.tile_at)
                if at == TILE_REVEALED]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        tile = next(x.index for x in state.content.tiles if str(x.number) == action.args[0])
        for i, at in enumerate(state.tile_at):
            if at == TILE_REVEALED:
                state.tile_at[i] = TILE_STACK
        if state.tile_top >= 0:
            state.tile_at[state.tile_top] = TILE_STACK
        state.tile_top = tile
        state.tile_at[tile] = TILE_REVEALED
        state.log("explore", f"Tile {action.args[0]} goes on top of the stack (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "choose the tile for the top"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses the Island tile that goes on top of the stack (`pick N`, {self.rule})"


@dataclass(frozen=True, slots=True)
class KeepToken(RobinsonDecision):
    """Keep one of the revealed Discovery tokens; the others leave the game (§13.2)."""

    kind = "keep a discovery token"
    rule = "§13.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        kinds, tokens = state.content.token_kinds, state.content.tokens
        ids = sorted({kinds[tokens[i]].id for i, place in enumerate(state.token_place) if place == TOK_REVEALED})
        return [A(seat, "pick", (x,)) for x in ids]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        k = next(i for i, x in enumerate(state.content.token_kinds) if x.id == action.args[0])
        chosen = False
        for i, place in enumerate(state.token_place):
            if place == TOK_REVEALED:
                if not chosen and state.content.tokens[i] == k:
                    state.token_place[i] = TOK_AVAIL
                    chosen = True
                else:
                    state.token_place[i] = TOK_REMOVED
        state.log("token", f"Scouting keeps {state.content.token_kinds[k].name} (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "keep one of the Discovery tokens"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} keeps one of the drawn Discovery tokens (`pick ID`, {self.rule})"


@dataclass(frozen=True, slots=True)
class PlaceHuntingCard(RobinsonDecision):
    """Tracking (§13.2): the top Hunting card `card`, now seen, stays on top or goes to the bottom."""

    kind = "place the hunting card"
    rule = "§13.2"
    card: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "top"), A(seat, "bottom")]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.verb == "bottom":
            card = state.hunt_top.pop(0)
            state.hunt_seen.pop(0)
            state.hunt_bottom.append(card)
            state.log("hunt", "The top Hunting card goes to the bottom (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "top or bottom for the Hunting card"

    def explain(self, state: RobinsonState, who: str) -> str:
        cards = state.content.cards
        name = cards[self.card].name if 0 <= self.card < len(cards) else "the card"
        return f"{who} puts the Hunting card {name} on the top or the bottom of the Hunting deck (`top`, `bottom`, {self.rule})"

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The chooser and the seen Hunting card's id (a seen card is public, §26.4)."""
        return {"chooser": self.chooser, "card": state.content.cards[self.card].id}

    def check_fields(self, state: RobinsonState) -> str | None:
        if state.hunt_top and state.hunt_top[0] == self.card and state.hunt_seen[:1] == [1]:
            return None
        return "the card is not the seen top Hunting card"


@dataclass(frozen=True, slots=True)
class MysteryDraw(RobinsonDecision):
    """Draw another Mystery card or stop (§16.2)."""

    kind = "draw another mystery card"
    rule = "§16.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "continue"), A(seat, "stop")]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.verb == "continue":
            state._push((I_MYST_STEP, 0, 0, 0))
        else:
            state._myst_end()

    def ask(self, state: RobinsonState) -> str:
        return "continue or stop drawing Mystery cards"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} draws another Mystery card or stops (`continue`, `stop`, {self.rule})"


# ----------------------------------------------------------------------------- sources and tiles
@dataclass(frozen=True, slots=True)
class CoverSourceForCampToken(RobinsonDecision):
    """An Item that covers a food source next to the Camp for a +1 food token on the Camp (§17.2); or skip."""

    kind = "cover a food source for a camp token"
    rule = "§17.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "corral", ("skip",))] + [A(seat, "corral", (f"s{sp + 1}",))
                                                  for sp in sorted({x // 2 for x in state._adjacent_food()})]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.args[0] != "skip":
            sp = space_index_of(action.args[0])
            i = next(x % 2 for x in state._adjacent_food() if x // 2 == sp)
            state.covered_sources[sp] |= 1 << i
            state.space_tokens[state.camp] |= TK_FOOD
            state.log("build", f"The Corral covers a food source at s{sp + 1}; +1 food token on the Camp (§17.2).")

    def ask(self, state: RobinsonState) -> str:
        return "where the Corral covers a food source"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses the food source the Corral covers (`corral sK`, `corral skip`, {self.rule})"


@dataclass(frozen=True, slots=True)
class ProducingTile(RobinsonDecision):
    """An Item that makes a tile next to the Camp produce too (§17.2): the chooser names the tile."""

    kind = "tile that also produces"
    rule = "§17.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "shortcut", (f"s{sp + 1}",)) for sp in state._camp_moves()]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp = space_index_of(action.args[0])
        state.space_tokens[sp] |= TK_SHORTCUT
        state.log("build", f"The Shortcut token goes on s{sp + 1} (§17.2).")

    def ask(self, state: RobinsonState) -> str:
        return "where the Shortcut token goes"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} places the Shortcut token on a tile next to the Camp (`shortcut sK`, {self.rule})"


@dataclass(frozen=True, slots=True)
class CoverSource(RobinsonDecision):
    """Exhaust a source (§12.2, §16.3): one of the food sources next to the Camp (`near_food` 1) or one of
    the Camp tile's sources (`near_food` 0)."""

    kind = "cover a source"
    rule = "§12.2"
    near_food: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        sources = state._adjacent_food() if self.near_food else state._camp_sources()
        return [A(seat, "cover", (f"s{x // 2 + 1}:{x % 2 + 1}",)) for x in sources]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp, i = (int(x) - 1 for x in action.args[0][1:].split(":"))
        state.covered_sources[sp] |= 1 << i
        state.log("effect", f"A source at s{sp + 1} is exhausted (§16.3).")

    def ask(self, state: RobinsonState) -> str:
        return "which source is covered"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses which source is covered (`cover sK:I`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if self.near_food in (0, 1) else "malformed"


@dataclass(frozen=True, slots=True)
class LoseTile(RobinsonDecision):
    """A tile becomes inaccessible (§16.4): the chooser names which."""

    kind = "lose a tile"
    rule = "§16.4"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "lose", (f"s{sp + 1}",)) for sp in state._losable_tiles()]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        state.lose_tile(space_index_of(action.args[0]))

    def ask(self, state: RobinsonState) -> str:
        return "which tile is lost"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses which tile becomes inaccessible (`lose sK`, {self.rule})"


@dataclass(frozen=True, slots=True)
class MarkTile(RobinsonDecision):
    """A beast or extra-pawn token goes on a tile of the chooser's choice (§20.3b, §20.4b); `token` is its bit."""

    kind = "mark a tile"
    rule = "§20.3b, §20.4b"
    token: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "mark", (f"s{sp + 1}",)) for sp in state._markable_tiles(self.token)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp = space_index_of(action.args[0])
        state.space_tokens[sp] |= self.token
        state.log("token", f"{'A beast' if self.token == TK_BEAST else 'An extra-pawn'} token goes on s{sp + 1} (§20).")

    def ask(self, state: RobinsonState) -> str:
        return "which tile gets the token"

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The chooser and the token by name."""
        return {"chooser": self.chooser, "token": "beast strength" if self.token == TK_BEAST else "extra pawn"}

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if self.token in (TK_BEAST, TK_EXTRA) else "malformed"


