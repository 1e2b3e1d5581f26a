"""Codecs of the Robinson Crusoe position document: the table's things in the rules' words (docs/state-format/robinson.md).

Each codec writes one declared field (`declaration.py`) as players name it — the ending by name, resources by
resource, Wounds and Determination by character, cards by id, Island tiles by number and the space `sK` they lie
on, Discovery tokens by kind and place — and reads it back with every check of its own value; a fault is a
`ValueError` whose text the declaration prefixes with the key (`outlast.core.declared`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from outlast.core.errors import shown

from .constants import END_CODES, TILE_REVEALED, TILE_STACK, Z_BOX, ZONE_NAMES

if TYPE_CHECKING:
    from .state import RobinsonState

TOKEN_PLACES = ("bag", "future", "available", "used", "removed", "revealed", "box")
"""Where a Discovery token is (§19), by the engine's place number."""


def space_index(word: Any, spaces: int) -> int | None:
    """The index of space `sK` (K from 1, as the island map numbers them), or None."""
    if not isinstance(word, str) or not word.startswith("s") or not word[1:].isdigit() or len(word) > 4:
        return None
    index = int(word[1:]) - 1
    return index if 0 <= index < spaces else None


def _tile_numbers(state: RobinsonState) -> dict[str, int]:
    return {str(t.number): t.index for t in state.content.tiles}


@dataclass(frozen=True)
class Ended:
    """`over`: null while playing, else the ending's code (`signal_fire`, `death`, `out_of_time`, §11)."""

    def encode(self, value: Any, state: Any) -> Any:
        return END_CODES[value - 1] if value else None

    def decode(self, data: Any, state: Any) -> Any:
        if data is None:
            return 0
        if not isinstance(data, str) or data not in END_CODES:
            raise ValueError(f"must be null or one of {', '.join(END_CODES)}, not {shown(data)}")
        return 1 + END_CODES.index(data)


@dataclass(frozen=True)
class ByName:
    """A list by index written as `{name: whole number}`; every name is written (all are needed to read it)."""

    names: tuple[str, ...]
    low: int
    high: int

    def encode(self, value: Any, state: Any) -> Any:
        return dict(zip(self.names, value, strict=True))

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of {', '.join(self.names)}, not {shown(data)}")
        extra = [k for k in data if k not in self.names]
        if extra:
            raise ValueError(f"names {shown(extra[0])}, which is none of {', '.join(self.names)}")
        lacking = [n for n in self.names if n not in data]
        if lacking:
            raise ValueError(f"lacks {lacking[0]}")
        return [_whole(data[n], self.low, self.high, n) for n in self.names]


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise ValueError(f"{what} is {shown(value)}, not between {low} and {high}")
    return value


@dataclass(frozen=True)
class ByCastaway:
    """A number per castaway (the seats, then Friday) written as `{character id: number}`, Friday as `friday`
    when he plays; a castaway left out has 0."""

    high: int

    def _names(self, state: RobinsonState) -> list[str]:
        return [state.content.characters[ch].id for ch in state.table.chars] + ["friday"]

    def encode(self, value: Any, state: Any) -> Any:
        names = self._names(state)
        count = state.players + (1 if state.table.friday else 0)
        return {names[p]: value[p] for p in range(count)}

    def decode(self, data: Any, state: Any) -> Any:
        names = self._names(state)
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of character id → number, not {shown(data)}")
        extra = [k for k in data if k not in names]
        if extra:
            raise ValueError(f"names {shown(extra[0])}, which is none of {', '.join(names)}")
        return [_whole(data.get(n, 0), 0, self.high, n) for n in names]


@dataclass(frozen=True)
class CardZones:
    """`zone`: every card not in the box as `{card id: zone name}` (§2.2)."""

    def encode(self, value: Any, state: Any) -> Any:
        cards = state.content.cards
        return {cards[i].id: ZONE_NAMES[z] for i, z in enumerate(value) if z != Z_BOX}

    def decode(self, data: Any, state: Any) -> Any:
        content = state.content
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of card id → zone, not {shown(data)}")
        zone = [Z_BOX] * len(content.cards)
        for card_id, where in data.items():
            index = content.by_id.get(card_id) if isinstance(card_id, str) else None
            if index is None:
                raise ValueError(f"{shown(card_id)} is no card of this game")
            if not isinstance(where, str) or where not in ZONE_NAMES:
                raise ValueError(f"{card_id} lies in {shown(where)}, which is no zone")
            zone[index] = ZONE_NAMES.index(where)
        return zone


@dataclass(frozen=True)
class CardUses:
    """`uses`: `{card id: uses}` for the cards that have some (others: 0), within [low, high]."""

    low: int
    high: int

    def encode(self, value: Any, state: Any) -> Any:
        cards = state.content.cards
        return {cards[i].id: u for i, u in enumerate(value) if u}

    def decode(self, data: Any, state: Any) -> Any:
        content = state.content
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of card id → uses, not {shown(data)}")
        uses = [0] * len(content.cards)
        for card_id, count in data.items():
            index = content.by_id.get(card_id) if isinstance(card_id, str) else None
            if index is None:
                raise ValueError(f"{shown(card_id)} is no card of this game")
            uses[index] = _whole(count, self.low, self.high, f"{card_id}'s uses")
        return uses


@dataclass(frozen=True)
class PlacedTiles:
    """`space_tile`: the explored Island tiles as `{tile number: "sK"}` (§8.10); tiles not named are not placed."""

    def encode(self, value: Any, state: Any) -> Any:
        tiles = state.content.tiles
        return {str(tiles[t].number): f"s{sp + 1}" for sp, t in enumerate(value) if t >= 0}

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"must be an object of tile number → space, not {shown(data)}")
        numbers = _tile_numbers(state)
        space_tile = [-1] * len(state.content.spaces)
        for number, where in data.items():
            tile = numbers.get(number) if isinstance(number, str) else None
            if tile is None:
                raise ValueError(f"{shown(number)} is no Island tile")
            space = space_index(where, len(state.content.spaces))
            if space is None:
                raise ValueError(f"tile {number} lies on {shown(where)}, which is no space s1 to "
                                 f"s{len(state.content.spaces)}")
            if space_tile[space] >= 0:
                raise ValueError(f"two tiles lie on {where}")
            space_tile[space] = tile
        return space_tile


@dataclass(frozen=True)
class RevealedTiles:
    """`tile_at`: the tiles lying face up and not placed, by number (§13.2); placed tiles come from `tiles`
    (read before), the rest are in the stack."""

    def encode(self, value: Any, state: Any) -> Any:
        tiles = state.content.tiles
        return [str(tiles[t].number) for t, at in enumerate(value) if at == TILE_REVEALED]

    def decode(self, data: Any, state: Any) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"must be a list of tile numbers, not {shown(data)}")
        numbers = _tile_numbers(state)
        tile_at = [TILE_STACK] * len(state.content.tiles)
        for space, tile in enumerate(state.space_tile):
            if tile >= 0:
                tile_at[tile] = space
        for number in data:
            tile = numbers.get(number) if isinstance(number, str) else None
            if tile is None:
                raise ValueError(f"{shown(number)} is no Island tile")
            if tile_at[tile] != TILE_STACK:
                raise ValueError(f"tile {number} is placed or named twice")
            tile_at[tile] = TILE_REVEALED
        return tile_at


@dataclass(frozen=True)
class Space:
    """A space index written as `sK`."""

    def encode(self, value: Any, state: Any) -> Any:
        return f"s{value + 1}"

    def decode(self, data: Any, state: Any) -> Any:
        space = space_index(data, len(state.content.spaces))
        if space is None:
            raise ValueError(f"must be a space s1 to s{len(state.content.spaces)}, not {shown(data)}")
        return space


@dataclass(frozen=True)
class TileOrNone:
    """A tile index written as its number, or null for none."""

    def encode(self, value: Any, state: Any) -> Any:
        return str(state.content.tiles[value].number) if value >= 0 else None

    def decode(self, data: Any, state: Any) -> Any:
        if data is None:
            return -1
        numbers = _tile_numbers(state)
        if not isinstance(data, str) or data not in numbers:
            raise ValueError(f"must be an Island tile's number or null, not {shown(data)}")
        return numbers[data]


@dataclass(frozen=True)
class Tokens:
    """`tok`: every Discovery token in the game's order as `[kind, place]` (§19)."""

    def encode(self, value: Any, state: Any) -> Any:
        content = state.content
        return [[content.token_kinds[content.tokens[i]].id, TOKEN_PLACES[place]] for i, place in enumerate(value)]

    def decode(self, data: Any, state: Any) -> Any:
        content = state.content
        if not isinstance(data, list) or len(data) != len(content.tokens):
            raise ValueError(f"must list the {len(content.tokens)} tokens as [kind, place] pairs, not {shown(data)}")
        places = []
        for i, pair in enumerate(data):
            kind = content.token_kinds[content.tokens[i]].id
            if not isinstance(pair, list) or len(pair) != 2 or pair[0] != kind or pair[1] not in TOKEN_PLACES:
                raise ValueError(f"token {i} must be [{kind!r}, one of {', '.join(TOKEN_PLACES)}], not {shown(pair)}")
            places.append(TOKEN_PLACES.index(pair[1]))
        return places
