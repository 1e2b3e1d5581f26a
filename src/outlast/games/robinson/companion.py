"""Companion mode for Robinson (decision 0031): the kinds of chance point, who rolls or draws each, and the names of
the outcomes, so a table playing the physical box can tell outlast what came up (`outlast.core.companion`).

Every line here is ours: the steps name the physical component and what to do with it, nothing of the rulebook's
prose. Who rolls or draws follows the rules where they name someone (the acting player rolls the Action dice and
draws the Adventure card, §8.5; the explorer draws the tile, §8.10); elsewhere anyone at the table may (None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core.companion import ChanceKind, ChancePoint
from outlast.core.words import count

from .actions import RobinsonAction
from .constants import (
    CH_ADV,
    CH_BEAST,
    CH_BEAST_TOP,
    CH_DICE,
    CH_EVENT,
    CH_HUNT,
    CH_INV,
    CH_MYST,
    CH_PIT,
    CH_RECON,
    CH_REROLL,
    CH_START,
    CH_TILE,
    CH_TOKEN,
    CH_TRACK,
    CH_WEATHER,
    DIE_NAMES,
    TOK_REVEALED,
    TYPE_NAMES,
    Z_REVEALED,
)

if TYPE_CHECKING:
    from .state import RobinsonState

KINDS = (
    ChanceKind("weather", "Weather", "dice", "§9.1", "roll the weather dice this round's scenario row shows"),
    ChanceKind("rolls", "Action dice", "dice", "§8.5", "roll the three dice of the Action's colour"),
    ChanceKind("events", "Event deck", "cards", "§5.1", "draw the top card of the Event deck"),
    ChanceKind("adventures", "Adventure deck", "cards", "§8.5", "draw the top card of the Action's Adventure deck"),
    ChanceKind("mysteries", "Mystery deck", "cards", "§16.2", "draw the top card of the Mystery deck"),
    ChanceKind("hunting", "Hunting deck", "cards", "§8.7", "draw the top card of the Hunting deck"),
    ChanceKind("beasts", "Beast deck", "cards", "§8.10", "draw the top card of the Beast deck"),
    ChanceKind("inventions", "Invention deck", "cards", "§3", "draw the top card of the Invention deck"),
    ChanceKind("items", "Starting Items", "cards", "§3", "draw a Starting Item from the shuffled eight"),
    ChanceKind("tiles", "Island tiles", "tiles", "§8.10", "draw the top Island tile of the face-down stack"),
    ChanceKind("discoveries", "Discovery tokens", "tokens", "§19", "draw a Discovery token from the face-down pile"),
)
"""Robinson's kinds of chance point (`RobinsonGame.chance_kinds`)."""

_KIND_OF = {CH_WEATHER: "weather", CH_DICE: "rolls", CH_REROLL: "rolls", CH_PIT: "rolls", CH_EVENT: "events",
            CH_ADV: "adventures", CH_MYST: "mysteries", CH_HUNT: "hunting", CH_TRACK: "hunting", CH_BEAST: "beasts",
            CH_BEAST_TOP: "beasts", CH_INV: "inventions", CH_START: "items", CH_TILE: "tiles", CH_RECON: "tiles",
            CH_TOKEN: "discoveries"}
"""The kind of each of the state's chance codes."""

WEATHER_DIE = {"rain": "Rain die", "winter": "Winter die", "animals": "Hungry Animals die"}
"""The weather dice by their content id (tables.yaml), in people's words."""

_FACES = {"question": "?", "blank": "blank"}
_ANIMALS = {"blank": "blank", "palisade": "Palisade −1", "food": "discard 1 food", "fight": "fight a beast of strength 3"}


def chance_point(state: RobinsonState) -> ChancePoint:
    """The pending chance point: its kind, the seat that rolls or draws it (None: anyone), and the step in words."""
    code, a, b, chooser = state.chance
    kind = _KIND_OF[code]
    if code == CH_WEATHER:
        if a >= 100:  # a card's own roll of the Hungry Animals die
            return ChancePoint(kind, None, f"roll the {WEATHER_DIE['animals']}")
        dice = [WEATHER_DIE[d] for d in state.table.scenario.weather[state.round - 1]]
        later = f", then the {' and the '.join(dice[a + 1:])}" if a + 1 < len(dice) else ""
        return ChancePoint(kind, None, f"roll the {dice[a]}{later}")
    if code in (CH_DICE, CH_REROLL, CH_HUNT):
        typ, lead = TYPE_NAMES[state.groups[a][0]], state.groups[a][3]
        who = state.char_name(lead)
        if code == CH_DICE:
            return ChancePoint(kind, state.seat_of(lead), f"{who} rolls the three {typ} dice (enter them as "
                                                          "wound / success / adventure die)")
        if code == CH_REROLL:
            return ChancePoint(kind, state.seat_of(lead), f"{who} rolls the {typ} {DIE_NAMES[b]} die again")
        return ChancePoint(kind, state.seat_of(lead), f"{who} draws the top card of the Hunting deck")
    if code == CH_PIT:
        return ChancePoint(kind, None, "roll the brown Wound die for the Pit")
    if code == CH_ADV:
        return ChancePoint(kind, state.seat_of(b), f"{state.char_name(b)} draws the top Adventure card by the "
                                                    "Action's field")
    if code == CH_MYST:
        actor = state.mystery_draw[3] if state.mystery_draw else -1
        return ChancePoint(kind, state.seat_of(actor) if actor >= 0 else None)
    if code == CH_TRACK:
        return ChancePoint(kind, state.seat_of(a), "look at the top card of the Hunting deck")
    if code == CH_TILE:
        return ChancePoint(kind, state.seat_of(b), f"{state.char_name(b)} draws the top Island tile")
    if code == CH_RECON:
        return ChancePoint(kind, state.seat_of(a), f"draw the top Island tile and look at it ({count(b, 'tile')} "
                                                    "to look at, this one included)")
    if code == CH_TOKEN:
        if a == TOK_REVEALED:
            return ChancePoint(kind, state.seat_of(chooser), "draw a Discovery token and lay it face up")
        return ChancePoint(kind, None, f"draw a Discovery token ({count(b, 'token')} to draw, this one included)")
    if code == CH_INV and a == Z_REVEALED:
        return ChancePoint(kind, state.seat_of(chooser), "draw the top Invention card and lay it face up")
    if code == CH_EVENT and a == 1:
        return ChancePoint(kind, None, "draw a Wreckage card at random for the right Threat space")
    return ChancePoint(kind)


def chance_name(state: RobinsonState, outcome: RobinsonAction) -> str:
    """The outcome in people's words: a card's or token's name, a tile with its terrain, a die's faces."""
    verb, args = outcome.verb, outcome.args
    content = state.content
    if verb == "draw":
        return content.cards[content.by_id[args[0]]].name
    if verb == "tile":
        tile = next(t for t in content.tiles if str(t.number) == args[0])
        return f"tile {tile.number} ({tile.terrain})"
    if verb == "token":
        return next(k.name for k in content.token_kinds if k.id == args[0])
    if verb == "roll" and len(args) == 3:
        return " / ".join(_FACES.get(face, face) for face in args)
    if verb in ("roll", "pit"):
        return _FACES.get(args[0], args[0])
    if verb == "weather":
        face = args[0]
        if face in _ANIMALS:
            return _ANIMALS[face]
        cloud, number = face.rstrip("12"), int(face[-1])
        return count(number, "rainy cloud" if cloud == "rain" else "winter cloud")
    return str(outcome)
