"""A fixed-length numeric encoding of a Robinson Crusoe observation, for learning agents (`Game.encode`).

`encode(content, state.observe(seat))` reads only the observation (what every player may know, §26.4) and the
names in the game's content, so it holds no deck order and no unseen Hunting card. Every value lies in [0, 1];
counts are divided by a cap (`CAP`) and cut there. Every observation of a game with that content, whatever the
options, encodes to `size(content)` numbers laid out as

1. the table: phase, round, the observing seat, the first player, who may act, ready flags, changes
   left, the end, Morale, the Shelter, Roof, Palisade and Weapon, resources available and in Future,
   the wood pile, Friday and the Dog, field tokens, Weather tokens, dice and clouds, deck sizes, the
   seen Hunting cards on top, and the pending decision's kind;
2. four character slots (by seat): the character, Wounds, Determination, outside the camp, pawns,
   skills used, special Wounds;
3. one slot per island space (`s1`, `s2`, … in content order): explored, camp, lost, distance, terrain,
   sources and whether each is exhausted, the tent and the tokens on the tile;
4. the cards: each Threat slot's card, and for each Invention whether it is on the board (and buildable),
   personal, a scenario Invention, an Item built, an Item in Future or revealed to choose from;
   Starting Items and kept cards with their uses; the Discovery tokens available, in Future and revealed
   by kind; revealed tiles;
5. the plan (`MAX_GROUPS` slots, by number): the Action's field and space, who acts, pawns, pawns needed,
   resources committed, done.

Names of things (phases, terrains, cards) come from the content or from the lists below; a value the
lists do not know encodes as zeros rather than failing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import Content

SEATS = 4
MAX_GROUPS = 16
"""Planned Actions encoded; a plan holds fewer in play (one per pawn at most)."""
PHASES = ("setup", "event", "morale", "production", "action: planning", "action: resolution", "weather", "night",
          "over")
FIELDS = ("threat", "hunt", "build", "gather", "explore", "arrange", "rest")
RESOURCES = ("wood", "food", "nonperishable", "fur")
TERRAINS = ("beach", "hills", "mountains", "river", "plains")
FIELD_TOKENS = ("reroll", "adventure", "extra pawn", "+1 wood", "beast strength")
TILE_TOKENS = ("+1 wood", "+1 food", "extra pawn", "beast strength", "shortcut")
WEATHER_TOKENS = ("rain", "winter", "storm")
WEATHER_DICE = ("rain", "winter", "animals")
SPECIAL_WOUNDS = ("head", "arm", "belly", "leg")
DECKS = ("event", "hunting", "beast", "mystery", "island", "invention", "building", "gathering", "exploration")
PENDING_KINDS = ("any-time window", "choose an option", "share healing", "share determination", "discard an invention",
                 "lay an invention", "turn an item back", "keep an invention", "choose the top tile",
                 "keep a discovery token", "place the hunting card", "draw another mystery card", "who goes hungry",
                 "move the camp", "top morale", "arranging reward", "next action", "wood to the pile",
                 "cover a food source for a camp token", "tile that also produces", "cover a source", "lose a tile",
                 "mark a tile", "item for this gathering", "planning", "chance")
"""Kinds of what the table waits for (`observe()["pending"]["kind"]`), one bit each; one more bit stands for any other."""
CAP = {"round": 12, "track": 10, "resource": 20, "wounds": 15, "determination": 15, "distance": 6, "uses": 5,
       "tokens": 3, "deck": 60, "pawns": 6, "committed": 10, "changes": 10, "clouds": 6, "pile": 6, "morale": 3}


def _layout(c: Content) -> dict[str, int]:
    """Sizes of the parts of the vector: each part written once for an empty view and measured."""
    parts: dict[str, int] = {}
    writers: tuple[tuple[str, Callable[[_Vector], None]], ...] = (
        ("table", lambda v: _table(v, {})), ("character", lambda v: _character(v, None, c)),
        ("space", lambda v: _space(v, None)), ("cards", lambda v: _cards(v, {}, c)),
        ("group", lambda v: _group(v, None, {}, len(c.spaces))))
    for name, write in writers:
        vector = _Vector()
        write(vector)
        parts[name] = len(vector.values)
    parts["size"] = (parts["table"] + SEATS * parts["character"] + len(c.spaces) * parts["space"] + parts["cards"]
                     + MAX_GROUPS * parts["group"])
    return parts


def _names(c: Content, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Ids of the content's cards of these kinds, in content order (kept with the content: `_ids`)."""
    return tuple(card.id for card in c.cards if card.kind in kinds)


def _ids(c: Content, kinds: tuple[str, ...]) -> tuple[str, ...]:
    return c.derive_for(_names, kinds)


def _threat_ids(c: Content) -> tuple[str, ...]:
    return _ids(c, ("event", "wreckage"))


def _invention_ids(c: Content) -> tuple[str, ...]:
    return _ids(c, ("invention",))


def _start_ids(c: Content) -> tuple[str, ...]:
    return _ids(c, ("start_item",))


def _kept_ids(c: Content) -> tuple[str, ...]:
    return _ids(c, ("mystery", "adventure"))


def _other_ids(c: Content) -> dict[str, tuple[str, ...]]:
    """Ids of the characters, Discovery token kinds and tiles (as `observe` names them)."""
    return c.derive(_new_other_ids)


def _new_other_ids(c: Content) -> dict[str, tuple[str, ...]]:
    return {"characters": tuple(ch.id for ch in c.characters), "tokens": tuple(kind.id for kind in c.token_kinds),
            "tiles": tuple(str(tile.number) for tile in c.tiles)}


def size(c: Content) -> int:
    """Length of every encoded observation of a game with content `c`."""
    return c.derive(_layout)["size"]


class _Vector:
    """The numbers being written, with the few ways of writing them."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def one_hot(self, names: list[str] | tuple[str, ...], value: object) -> None:
        row = [0.0] * len(names)
        if isinstance(value, str) and value in names:
            row[names.index(value)] = 1.0
        self.values += row

    def seat(self, value: object, seats: int = SEATS) -> None:
        self.values += [1.0 if value == s else 0.0 for s in range(seats)]

    def bits(self, names: list[str] | tuple[str, ...], on: object) -> None:
        row = [0.0] * len(names)
        if isinstance(on, list | tuple | set):
            for name in on:
                if name in names:
                    row[names.index(name)] = 1.0
        self.values += row

    def counts(self, names: list[str] | tuple[str, ...], items: list[Any], cap: int) -> None:
        tally = [0] * len(names)
        for name in items:
            if name in names:
                tally[names.index(name)] += 1
        self.values += [min(n, cap) / cap for n in tally]

    def flag(self, value: object) -> None:
        self.values.append(1.0 if value else 0.0)

    def scaled(self, value: object, cap: int) -> None:
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else 0
        self.values.append(min(max(number, 0), cap) / cap)


def encode(c: Content, obs: dict[str, Any]) -> list[float]:
    """The numbers of one observation of a game with content `c` (see the module doc for the layout)."""
    lay = c.derive(_layout)
    out = _Vector()
    _table(out, obs)
    characters = {ch.get("seat"): ch for ch in obs.get("characters") or []}
    for seat in range(SEATS):
        _character(out, characters.get(seat), c)
    island = {entry.get("space"): entry for entry in obs.get("island") or []}
    for sp in range(1, len(c.spaces) + 1):
        _space(out, island.get(f"s{sp}"))
    _cards(out, obs, c)
    plan = {group.get("number"): group for group in obs.get("plan") or []}
    names = {ch.get("name"): ch.get("seat") for ch in obs.get("characters") or []}
    for number in range(1, MAX_GROUPS + 1):
        _group(out, plan.get(number), names, len(c.spaces))
    if len(out.values) != lay["size"]:  # pragma: no cover - a layout bug, caught by the tests
        raise AssertionError(f"encoded {len(out.values)} numbers, expected {lay['size']}")
    return out.values


def _table(out: _Vector, obs: dict[str, Any]) -> None:
    """Part 1: the phase, the seats, the tracks, resources, Friday, tokens, weather, decks and the decision."""
    out.one_hot(PHASES, obs.get("phase"))
    out.scaled(obs.get("round"), CAP["round"])
    out.scaled(obs.get("rounds"), CAP["round"])
    out.seat(obs.get("seat"))
    out.seat(obs.get("first_player"))
    movers = obs.get("to_move") or []
    out.values += [1.0 if s in movers else 0.0 for s in range(SEATS)] + [1.0 if -1 in movers else 0.0]
    ready = obs.get("ready") or []
    out.values += [1.0 if s < len(ready) and ready[s] else 0.0 for s in range(SEATS)]
    changes = obs.get("changes_left") or []
    for s in range(SEATS):
        out.scaled(changes[s] if s < len(changes) else 0, CAP["changes"])
    out.flag(obs.get("over"))
    out.flag(obs.get("result") == "won")
    morale = obs.get("morale", 0)
    out.scaled(morale + CAP["morale"] if isinstance(morale, int) else 0, 2 * CAP["morale"])
    out.flag(obs.get("shelter"))
    out.flag(obs.get("natural_shelter"))
    for track in ("roof", "palisade", "weapon"):
        out.scaled(obs.get(track), CAP["track"])
    out.flag(obs.get("dog"))
    for part in ("available", "future"):
        held = obs.get(part) or {}
        for resource in RESOURCES:
            out.scaled(held.get(resource), CAP["resource"])
    pile, needs = obs.get("pile") or [], obs.get("pile_needs") or []
    for level in range(5):
        out.scaled(pile[level] if level < len(pile) else 0, CAP["pile"])
        out.scaled(needs[level] if level < len(needs) else 0, CAP["pile"])
    friday = obs.get("friday")
    out.flag(friday)
    friday = friday or {}
    out.scaled(friday.get("wounds"), CAP["wounds"])
    out.scaled(friday.get("determination"), CAP["determination"])
    out.flag(friday.get("alive"))
    out.scaled(friday.get("death_at", 0) - friday.get("wounds", 0), CAP["wounds"])
    out.flag(bool(obs.get("plan")))
    tokens = obs.get("field_tokens") or {}
    for field in ("hunt", "build", "gather", "explore"):
        out.bits(FIELD_TOKENS, tokens.get(field))
    out.bits(WEATHER_TOKENS, obs.get("weather_tokens"))
    out.counts(list(WEATHER_DICE), list(obs.get("weather_dice") or []), 2)
    clouds = obs.get("clouds") or {}
    out.scaled(clouds.get("rain"), CAP["clouds"])
    out.scaled(clouds.get("winter"), CAP["clouds"])
    decks = obs.get("decks") or {}
    for deck in DECKS:
        out.scaled(decks.get(deck), CAP["deck"])
    seen = [x for x in decks.get("hunting_top") or [] if x != "?"]
    out.scaled(len(seen), CAP["tokens"])
    pending = obs.get("pending")
    kind = pending.get("kind") if isinstance(pending, dict) else None
    kinds = [1.0 if kind == known else 0.0 for known in PENDING_KINDS]
    out.values += kinds + [1.0 if kind and not any(kinds) else 0.0]


def _character(out: _Vector, ch: dict[str, Any] | None, c: Content) -> None:
    """Part 2: one seat's character (zeros for a seat the game does not have)."""
    out.flag(ch)
    ch = ch or {}
    out.one_hot(_other_ids(c)["characters"], ch.get("id"))
    out.scaled(ch.get("wounds"), CAP["wounds"])
    out.scaled(ch.get("determination"), CAP["determination"])
    out.flag(ch.get("outside"))
    out.scaled(ch.get("pawns"), 2)
    out.scaled(ch.get("death_at", 0) - ch.get("wounds", 0), CAP["wounds"])
    used = [bool(skill.get("used")) for skill in ch.get("skills") or []]
    out.values += [1.0 if k < len(used) and used[k] else 0.0 for k in range(4)]
    out.counts(list(SPECIAL_WOUNDS), list(ch.get("special_wounds") or []), 1)


def _space(out: _Vector, entry: dict[str, Any] | None) -> None:
    """Part 3: one island space (zeros when the content has no such space in view)."""
    entry = entry or {}
    out.flag(entry)
    out.flag("tile" in entry)
    out.flag(entry.get("camp"))
    out.flag(entry.get("lost"))
    out.scaled(entry.get("distance"), CAP["distance"])
    out.flag(entry.get("tent"))
    out.one_hot(TERRAINS, entry.get("terrain"))
    sources = list(entry.get("sources") or [])
    exhausted = list(entry.get("exhausted") or [])
    for resource in ("wood", "food"):
        at = sources.index(resource) if resource in sources else -1
        out.flag(at >= 0)
        out.flag(at >= 0 and at < len(exhausted) and exhausted[at])
    out.bits(TILE_TOKENS, entry.get("tokens"))


def _cards(out: _Vector, obs: dict[str, Any], c: Content) -> None:
    """Part 4: Threat cards, Inventions and Items, Starting Items, kept cards, Discovery tokens, revealed tiles."""
    threat = obs.get("threat") or {}
    threat_ids = _threat_ids(c)
    for slot in ("left", "right"):
        out.one_hot(threat_ids, (threat.get(slot) or {}).get("id"))

    def ids(key: str) -> list[str]:
        return [str(x.get("id")) for x in obs.get(key) or [] if isinstance(x, dict)]

    board = {x.get("id"): x for x in obs.get("inventions") or [] if isinstance(x, dict)}
    inventions = _invention_ids(c)
    out.bits(inventions, list(board))
    out.bits(inventions, [x for x, card in board.items() if card.get("buildable")])
    for key in ("personal", "scenario_inventions", "items", "items_future", "revealed"):
        out.bits(inventions, ids(key))
    for key, names in (("starting_items", _start_ids(c)), ("kept", _kept_ids(c))):
        held = {x.get("id"): x.get("uses", 0) for x in obs.get(key) or [] if isinstance(x, dict)}
        out.bits(names, list(held))
        for name in names:
            uses = held.get(name, 0)
            out.scaled(CAP["uses"] if uses == -1 else uses, CAP["uses"])
    discoveries = obs.get("discoveries") or {}
    kinds = _other_ids(c)["tokens"]
    for place in ("available", "future", "revealed"):
        out.counts(kinds, list(discoveries.get(place) or []), CAP["tokens"])
    out.bits(_other_ids(c)["tiles"], ids("revealed"))


def _group(out: _Vector, group: dict[str, Any] | None, names: dict[Any, Any], spaces: int) -> None:
    """Part 5: one planned Action (zeros for an empty slot)."""
    out.flag(group)
    group = group or {}
    action = str(group.get("action") or "")
    field = action.split(":")[0]
    out.one_hot(FIELDS, field)
    space = next((word for word in action.split(":")[1:] if word.startswith("s") and word[1:].isdigit()), "")
    out.values += [1.0 if space == f"s{sp}" else 0.0 for sp in range(1, spaces + 1)]
    acting = group.get("acting")
    out.seat(names.get(acting, -9))
    out.flag(acting == "Friday")
    out.scaled(len(group.get("pawns") or []), CAP["pawns"])
    out.scaled(group.get("needs"), CAP["pawns"])
    out.flag(group.get("done"))
    committed = group.get("committed") or {}
    for resource in ("wood", "food", "fur"):
        out.scaled(committed.get(resource), CAP["committed"])
