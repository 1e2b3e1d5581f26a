"""The Robinson Crusoe position document in the rules' words (docs/state-format/robinson.md).

`to_json` writes a position with the table's things named as players name them: the phase and the ending
by name, resources and Future resources by resource, Wounds and Determination by character, every card in
play by its id and zone, Island tiles by their number and the space `sK` they lie on, Discovery tokens by
kind and place, pending decisions by kind with named fields (`decisions.py`). The engine's own bookkeeping
(the work queue, planned Actions, chance points) keeps its number rows; the format page explains them.

`engine_fields(doc)` turns a position back into the engine's field rows, which `document.py` then checks
field by field; a position key that cannot be read is a `SaveError` naming that key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import SaveError
from outlast.core.errors import shown

from .constants import END_CODES, PHASE_NAMES, RES_NAMES, TILE_REVEALED, TILE_STACK, Z_BOX, ZONE_NAMES

if TYPE_CHECKING:
    from .content import Content
    from .state import RobinsonState

TOKEN_PLACES = ("bag", "future", "available", "used", "removed", "revealed", "box")
"""Where a Discovery token is (§19), by the engine's place number."""
RESOURCE_FIELDS = {"resources": "res", "future_resources": "fut"}
PERSON_FIELDS = {"wounds": "wounds", "determination": "det"}
WORDED = ("phase", "ended", "resources", "future_resources", "wounds", "determination", "cards", "card_uses",
          "tiles", "camp", "top_tile", "discovery_tokens")
"""The position keys written in the rules' words (the others are the engine's fields under their own names)."""
ENGINE_WORDED = ("phase", "over", "res", "fut", "wounds", "det", "zone", "uses", "tile_at", "space_tile", "tok", "camp",
                 "tile_top")
"""The engine fields that the worded keys hold."""


def _fail(key: str, problem: str) -> SaveError:
    return SaveError(f"state field {key!r}: {problem}")


def _people(state: RobinsonState) -> list[str]:
    """Character ids by the engine's person index (the seats, then Friday)."""
    content = state.content
    return [content.characters[ch].id for ch in state.table.chars] + ["friday"]


def position_of(state: RobinsonState, fields: dict[str, Any]) -> dict[str, Any]:
    """The position document from the engine's field rows `fields` (`persistence.to_json`)."""
    content = state.content
    doc = {k: v for k, v in fields.items() if k not in ENGINE_WORDED}
    doc["phase"] = PHASE_NAMES[state.phase]
    doc["ended"] = END_CODES[state.over - 1] if state.over else None
    for key, name in RESOURCE_FIELDS.items():
        doc[key] = dict(zip(RES_NAMES, getattr(state, name), strict=True))
    people = _people(state)
    count = state.players + (1 if state.table.friday else 0)
    for key, name in PERSON_FIELDS.items():
        doc[key] = {people[p]: getattr(state, name)[p] for p in range(count)}
    doc["cards"] = {content.cards[i].id: ZONE_NAMES[z] for i, z in enumerate(state.zone) if z != Z_BOX}
    doc["card_uses"] = {content.cards[i].id: u for i, u in enumerate(state.uses) if u}
    doc["camp"] = f"s{state.camp + 1}"
    doc["top_tile"] = str(content.tiles[state.tile_top].number) if state.tile_top >= 0 else None
    doc["tiles"] = {str(content.tiles[t].number): ("revealed" if at == TILE_REVEALED else f"s{at + 1}")
                    for t, at in enumerate(state.tile_at) if at != TILE_STACK}
    doc["discovery_tokens"] = [[content.token_kinds[content.tokens[i]].id, TOKEN_PLACES[place]]
                               for i, place in enumerate(state.tok)]
    return doc


def engine_fields(doc: Any, content: Content) -> dict[str, Any]:
    """The engine's field rows of a position document; a worded key that cannot be read is a `SaveError`.

    The header, the options and the characters are checked later (`document.read_table`); here only what the
    worded keys need: the characters named by `chars` and whether Friday plays are read from the options.
    """
    if not isinstance(doc, dict):
        return doc  # type: ignore[no-any-return]  # document.read_table says what is wrong with it
    missing = [k for k in WORDED if k not in doc]
    if missing:
        raise SaveError(f"state document lacks field {missing[0]!r}"
                        + (f" and {len(missing) - 1} more" if len(missing) > 1 else ""))
    out = {k: v for k, v in doc.items() if k not in WORDED}
    out["phase"] = _word(doc["phase"], "phase", PHASE_NAMES)
    ended = doc["ended"]
    out["over"] = 0 if ended is None else 1 + _word(ended, "ended", END_CODES)
    for key, name in RESOURCE_FIELDS.items():
        out[name] = _by_name(doc[key], key, RES_NAMES, required=True)
    chars = doc.get("chars")
    known = {ch.id for ch in content.characters}
    if isinstance(chars, list) and all(isinstance(c, str) and c in known for c in chars) and len(set(chars)) == len(chars):
        people = [*chars, "friday"]
        for key, name in PERSON_FIELDS.items():
            out[name] = _by_name(doc[key], key, people, required=False)
    else:
        for key, name in PERSON_FIELDS.items():
            out[name] = doc[key]  # read_table refuses the characters first
    out["zone"] = _cards(doc["cards"], content)
    out["uses"] = _uses(doc["card_uses"], content)
    camp = _space(doc["camp"], len(content.spaces))
    if camp is None:
        raise _fail("camp", f"must be a space s1 to s{len(content.spaces)}, not {shown(doc['camp'])}")
    out["camp"] = camp
    numbers = {str(t.number): t.index for t in content.tiles}
    top = doc["top_tile"]
    if top is not None and (not isinstance(top, str) or top not in numbers):
        raise _fail("top_tile", f"must be an Island tile's number or null, not {shown(top)}")
    out["tile_top"] = -1 if top is None else numbers[top]
    out["tile_at"], out["space_tile"] = _tiles(doc["tiles"], content)
    out["tok"] = _tokens(doc["discovery_tokens"], content)
    return out


def _word(value: Any, key: str, words: tuple[str, ...]) -> int:
    if not isinstance(value, str) or value not in words:
        raise _fail(key, f"must be one of {', '.join(words)}, not {shown(value)}")
    return words.index(value)


def _by_name(value: Any, key: str, names: list[str] | tuple[str, ...], required: bool) -> list[Any]:
    """A `{name: number}` object as the engine's list by index (names missing: 0 unless `required`)."""
    if not isinstance(value, dict):
        raise _fail(key, f"must be an object of {', '.join(names)}, not {shown(value)}")
    extra = [k for k in value if k not in names]
    if extra:
        raise _fail(key, f"names {shown(extra[0])}, which is none of {', '.join(names)}")
    if required:
        lacking = [n for n in names if n not in value]
        if lacking:
            raise _fail(key, f"lacks {lacking[0]}")
    return [value.get(n, 0) for n in names]


def _cards(value: Any, content: Content) -> list[int]:
    """`{card id: zone name}` (cards not named are in the box) as the engine's zone per card."""
    if not isinstance(value, dict):
        raise _fail("cards", f"must be an object of card id → zone, not {shown(value)}")
    zone = [Z_BOX] * len(content.cards)
    for card_id, where in value.items():
        index = content.by_id.get(card_id) if isinstance(card_id, str) else None
        if index is None:
            raise _fail("cards", f"{shown(card_id)} is no card of this game")
        if not isinstance(where, str) or where not in ZONE_NAMES:
            raise _fail("cards", f"{card_id} lies in {shown(where)}, which is no zone")
        zone[index] = ZONE_NAMES.index(where)
    return zone


def _uses(value: Any, content: Content) -> list[int]:
    """`{card id: uses}` (cards not named: 0) as the engine's uses per card."""
    if not isinstance(value, dict):
        raise _fail("card_uses", f"must be an object of card id → uses, not {shown(value)}")
    uses = [0] * len(content.cards)
    for card_id, count in value.items():
        index = content.by_id.get(card_id) if isinstance(card_id, str) else None
        if index is None:
            raise _fail("card_uses", f"{shown(card_id)} is no card of this game")
        if type(count) is not int:
            raise _fail("card_uses", f"{card_id} has {shown(count)} uses, not a whole number")
        uses[index] = count
    return uses


def _tiles(value: Any, content: Content) -> tuple[list[int], list[int]]:
    """`{tile number: "sK" or "revealed"}` (tiles not named are in the stack) as tile places and space tiles."""
    if not isinstance(value, dict):
        raise _fail("tiles", f"must be an object of tile number → space, not {shown(value)}")
    numbers = {str(t.number): t.index for t in content.tiles}
    tile_at = [TILE_STACK] * len(content.tiles)
    space_tile = [-1] * len(content.spaces)
    for number, where in value.items():
        tile = numbers.get(number) if isinstance(number, str) else None
        if tile is None:
            raise _fail("tiles", f"{shown(number)} is no Island tile")
        if where == "revealed":
            tile_at[tile] = TILE_REVEALED
            continue
        space = _space(where, len(content.spaces))
        if space is None:
            raise _fail("tiles", f"tile {number} lies on {shown(where)}, which is neither a space sK nor 'revealed'")
        if space_tile[space] >= 0:
            raise _fail("tiles", f"two tiles lie on {where}")
        tile_at[tile] = space
        space_tile[space] = tile
    return tile_at, space_tile


def _space(word: Any, spaces: int) -> int | None:
    """The index of space `sK` (K from 1), or None."""
    if not isinstance(word, str) or not word.startswith("s") or not word[1:].isdigit() or len(word) > 4:
        return None
    index = int(word[1:]) - 1
    return index if 0 <= index < spaces else None


def _tokens(value: Any, content: Content) -> list[int]:
    """`[[kind id, place], …]`, one pair per physical token in the game's order, as the engine's places."""
    if not isinstance(value, list) or len(value) != len(content.tokens):
        raise _fail("discovery_tokens", f"must list the {len(content.tokens)} tokens as [kind, place] pairs, "
                                        f"not {shown(value)}")
    places = []
    for i, pair in enumerate(value):
        kind = content.token_kinds[content.tokens[i]].id
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] != kind or pair[1] not in TOKEN_PLACES:
            raise _fail("discovery_tokens", f"token {i} must be [{kind!r}, one of {', '.join(TOKEN_PLACES)}], "
                                            f"not {shown(pair)}")
        places.append(TOKEN_PLACES.index(pair[1]))
    return places
