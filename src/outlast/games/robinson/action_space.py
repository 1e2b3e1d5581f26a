"""Every action text a Robinson Crusoe seat could be offered, for a set of options (the RL action space).

`action_texts(content, options)` lists, once each and in a stable order, the canonical text (`str(action)`) of
every action `legal_actions(seat)` can return to any seat of a game with those options (§26). It is
built from the content and the options alone, never from a game in progress:

- **planning** (§8.1, §26.1): `place PAWN TARGET` for every pawn word (`1`, `2`, `friday`, `dog` and the
  name of every additional pawn the content can offer, §8.1.6) and every target that pawn may take
  (Threat slots and their alternatives, hunt, the Shelter, Roof, Palisade, Weapon and every Invention
  with its cost alternatives, gathering each source of each island space, exploring each space,
  arranging the camp, resting); `join PAWN N`, `remove PAWN`, `lead N`, `ready`, `confirm`;
- **any-time uses and windows** (§13.2, §18.3, §19, §26.3): `use ID` for every skill, Starting Item,
  kept Mystery card, Discovery token and Item that is used by choice, `use ID N` for a skill that
  changes a planned Action, `reroll DIE` (with `friday` when he plays), `pass`;
- **decisions** (§26.2): every `choose`, `heal`, `give`, card, tile, token, space and number answer, and
  `add ID` / `keep ID` for each Item that adds to a Gathering (§17.2).

Additional pawns are named after their source, and two sources of one name (two Candles tokens) get
`-2`, `-3`, … (`candles_token-2`): the list holds each name as often as the content holds that source.
Planned Actions are numbered from 1 to at most one per pawn (`MAX_GROUPS`). `heal` and `give` name
characters (`heal cook explorer`), so they depend on the `characters` option; with no characters
chosen, every order of every character the player count allows is listed.

`chance_texts(content, options)` lists every chance outcome (§26.4) with the same care: `draw CARD`, `tile N`,
`token ID`, `weather FACE`, `pit FACE` and `roll …` (one die or the three Action dice).

`tests/test_rl.py` checks over many random and heuristic games that every legal action of every seat,
and every chance outcome met, is listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, permutations, product
from typing import Any

from outlast.core.verbs import SHARED

from . import abilities
from .constants import FIELD_OF
from .content import Content
from .program import Program
from .table import build_table

DIE_FACES = ("wound", "success", "adventure")
"""The three Action dice, as `reroll` and `roll` name them (§8.5.3)."""
WEATHER_FACES = ("rain1", "rain2", "winter1", "winter2", "blank", "palisade", "food", "fight")
"""Every face of the Weather dice (§9.3, §25.10)."""
FACES = ("wound", "success", "adventure", "blank", "question")
"""Every face one Action die may show."""
FIELDS = ("hunt", "build", "gather", "explore")
"""The Action fields an additional pawn's `actions` may name (§8.1.6)."""
SIMPLE = ("ready", "confirm", "pass", "top", "bottom", "continue", "stop")
"""Answers that take no word after them."""


def action_texts(c: Content, options: dict[str, Any]) -> list[str]:
    """Every canonical action text any seat may be offered under resolved `options` with content `c` (module doc).

    >>> from outlast.games.robinson import GAME
    >>> texts = action_texts(GAME.content, GAME.options.resolve({"players": 2}))
    >>> "place 1 gather:s7:wood" in texts and "place friday rest" in texts and "ready" in texts
    True
    """
    return list(c.derive_for(_texts, _key(options)))  # the content keeps the lists of its last 8 option sets


def chance_texts(c: Content, options: dict[str, Any]) -> list[str]:
    """Every chance outcome text (§26.4) a game with resolved `options` and content `c` may meet, once each
    (module doc).

    >>> from outlast.games.robinson import GAME
    >>> texts = chance_texts(GAME.content, GAME.options.resolve({}))
    >>> "weather rain2" in texts and "roll wound success blank" in texts and "tile 7" in texts
    True
    """
    return list(c.derive_for(_chance, _key(options)))


def _key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


# --- what the content offers ----------------------------------------------------------------------------
def _effects(c: Content) -> Iterator[tuple[str, Any]]:
    """(owner id, effect tree) of every effect in the content: cards, keeps, tokens, skills, scenarios."""
    for card in c.cards:
        data = card.data
        for key in ("event", "threat_effect", "threat_effect_alt", "one", "two", "action", "extra", "on_build",
                    "passive", "effect"):
            if data.get(key):
                yield card.id, data[key]
        if card.kind == "event":
            yield card.id, data["threat"]["reward"]
        if card.kind == "mystery" and data.get("keep"):
            yield card.id, data["keep"]["effect"]
    for kind in c.token_kinds:
        yield kind.id, kind.effect
    for character in c.characters:
        for skill in character.skills:
            yield skill.id, skill.effect
    for scenario in c.scenarios:
        yield scenario.id, scenario.book
        yield scenario.id, scenario.totem


def _verbs(effect: Any) -> Iterator[tuple[str, Any]]:
    """Every (verb, params) of an effect tree, nested effects included; `choose` yields its branch count."""
    if isinstance(effect, list):
        for part in effect:
            yield from _verbs(part)
        return
    if not isinstance(effect, dict):
        return
    for name, params in effect.items():
        if name in ("choose", "all"):
            if name == "choose":
                yield "choose", {"n": len(params)}
            for branch in params:
                yield from _verbs(branch)
            continue
        yield name, params
        if isinstance(params, dict) and "effect" in params:
            yield from _verbs(params["effect"])


def _largest(c: Content, verb: str, param: str) -> int:
    """The largest `param` any use of `verb` in the content takes (0 if none)."""
    return max((int(params[param]) for _, effect in _effects(c) for v, params in _verbs(effect)
                if v == verb and isinstance(params, dict) and isinstance(params.get(param), int)), default=0)


def _extra_pawns(c: Content) -> list[tuple[str, tuple[str, ...]]]:
    """(pawn word, fields it may go to) of every additional pawn the content can offer (§8.1.6).

    A source held more than once (two tokens of one kind) gives `id`, `id-2`, …, as planning names them.
    """
    counts = {kind.id: c.tokens.count(i) for i, kind in enumerate(c.token_kinds)}
    out: list[tuple[str, tuple[str, ...]]] = []
    seen: dict[str, None] = {}
    for owner, effect in _effects(c):
        mask = _answer(effect, abilities.EXTRA_PAWN_FIELDS)
        if not mask or owner in seen:
            continue
        seen[owner] = None
        fields = tuple(f for f in FIELDS if mask >> FIELD_OF[f] & 1)
        for k in range(1, counts.get(owner, 1) + 1):
            out.append((owner if k == 1 else f"{owner}-{k}", fields))
    return out


def _answer(effect: Any, query: str) -> int:
    """What the standing abilities of an effect answer to the modifier query `query`, from 0 (as in play)."""
    scratch = Program()
    return abilities.answer_of(scratch, scratch.compile(effect), query, 0)


def _used_by_choice(c: Content) -> list[str]:
    """Ids of everything a seat may `use` (§13.2, §18.3, §19): skills, Starting Items, kept cards, tokens, Items.

    Items count when their standing ability is taken at a time of the players' choosing (the night heal).
    """
    ids = [skill.id for ch in c.characters for skill in ch.skills]
    ids += [card.id for card in c.cards if card.kind == "start_item"]
    ids += [card.id for card in c.cards if card.kind == "mystery" and card.data.get("keep")]
    ids += [kind.id for kind in c.token_kinds]
    ids += [card.id for card in c.cards if card.kind == "invention"
            and card.data.get("passive") and _answer(card.data["passive"], abilities.NIGHT_HEAL)]
    return list(dict.fromkeys(ids))


def _gathering_items(c: Content) -> list[str]:
    """Ids of the Items that add to one successful Gathering a round (§17.2): those whose standing abilities
    answer the gathering-bonus query."""
    return [card.id for card in c.cards if card.kind == "invention"
            and card.data.get("passive") and _answer(card.data["passive"], abilities.GATHER_BONUS)]


def _plan_changers(c: Content) -> list[str]:
    """Ids of the skills used on a planned Action (`use ID N`): those that make one cost less wood (§13.2)."""
    return [skill.id for ch in c.characters for skill in ch.skills if _answer(skill.effect, abilities.WOOD_SAVED)]


def _targets(c: Content) -> list[tuple[str, str]]:
    """(field, target word) of every Action target a plan can name (§8.2–§8.10)."""
    spaces = range(1, len(c.spaces) + 1)
    alternatives = max((len(card.data["threat"].get("needs") or []) for card in c.cards if card.kind == "event"),
                       default=1)
    out = [("threat", f"threat:{slot}" + (f"/{k}" if k > 1 else "")) for slot in "lr"
           for k in range(1, max(1, alternatives) + 1)]
    out.append(("hunt", "hunt"))
    out += [("build", f"build:{word}/{paid}") for word in ("shelter", "roof", "palisade") for paid in ("wood", "fur")]
    out.append(("build", "build:weapon"))
    for card in c.cards:
        if card.kind == "invention":
            cost = card.data.get("cost") or []
            out += ([("build", f"build:{card.id}/{k}") for k in range(1, len(cost) + 1)] if len(cost) > 1
                    else [("build", f"build:{card.id}")])
    out += [("gather", f"gather:s{sp}:{source}") for sp in spaces for source in ("wood", "food")]
    out += [("explore", f"explore:s{sp}") for sp in spaces]
    out += [("arrange", "arrange"), ("rest", "rest")]
    return out


def _pawns(c: Content, opts: dict[str, Any]) -> list[tuple[str, tuple[str, ...] | None]]:
    """(pawn word, fields it may go to; None for any field) of every pawn a seat may place (§8.1, §14, §15)."""
    table = build_table(c, opts, 0)  # the seed draws characters only; Friday and the Dog follow the options
    out: list[tuple[str, tuple[str, ...] | None]] = [("1", None), ("2", None)]
    if table.friday:
        out.append(("friday", None))
    if table.dog:
        out.append(("dog", ("hunt", "explore")))
    out += _extra_pawns(c)
    return out


def _character_orders(c: Content, opts: dict[str, Any]) -> list[tuple[str, ...]]:
    """Every seat order of characters a game with these options may have (§3 step 2)."""
    players = opts["players"]
    if opts["characters"]:
        return [tuple(opts["characters"])]
    pool = [ch.id for ch in c.characters if players > 2 or ch.solo_ok]
    return list(permutations(pool, players))


def _shares(orders: list[tuple[str, ...]], lengths: range | tuple[int, ...]) -> list[str]:
    """The words of every way to share `lengths` units among characters, in seat order (§12.4: heal, give)."""
    out: dict[str, None] = {}
    for order in orders:
        for n in lengths:
            for combo in combinations_with_replacement(order, n):
                out.setdefault(" ".join(combo), None)
    return list(out)


def _texts(c: Content, key: tuple[tuple[str, Any], ...]) -> tuple[str, ...]:
    opts = dict(key)
    table = build_table(c, opts, 0)
    spaces = [f"s{sp}" for sp in range(1, len(c.spaces) + 1)]
    pawns = _pawns(c, opts)
    groups = range(1, 2 * opts["players"] + len(pawns) - 1)
    out: list[str] = []
    # planning (§8.1, §26.1)
    targets = _targets(c)
    for word, fields in pawns:
        out += [f"place {word} {target}" for field, target in targets if fields is None or field in fields]
    for word, _ in pawns:
        out += [f"join {word} {g}" for g in groups]
        out.append(f"remove {word}")
    out += [f"lead {g}" for g in groups]
    out += list(SIMPLE)
    # any-time uses and windows (§13.2, §18.3, §19, §26.3)
    out += [f"use {x}" for x in _used_by_choice(c)]
    out += [f"use {x} {g}" for x in _plan_changers(c) for g in groups]
    out += [f"reroll {die}" for die in DIE_FACES]
    if table.friday:
        out += [f"reroll {die} friday" for die in DIE_FACES]
    # decisions (§26.2)
    out += [f"choose {k}" for k in range(1, _largest(c, "choose", "n") + 1)]
    orders = _character_orders(c, opts)
    shared = max((int(params["n"]) for _, effect in _effects(c) for v, params in _verbs(effect)
                  if v == "heal" and params.get("who") == SHARED), default=0)
    heal = max(shared, _largest(c, "night_heal", "heal"))
    out += [f"heal {words}".rstrip() for words in _shares(orders, range(heal + 1))]
    give = sorted({int(p["n"]) for _, e in _effects(c) for v, p in _verbs(e) if v == "determination_split"})
    out += [f"give {words}" for words in _shares(orders, tuple(give))]
    inventions = [card.id for card in c.cards if card.kind == "invention"]
    for verb in ("discard", "put", "flip", "pick"):
        out += [f"{verb} {x}" for x in inventions]
    out += [f"pick {tile.number}" for tile in c.tiles]
    out += [f"pick {kind.id}" for kind in c.token_kinds]
    out += [f"hungry {ch}" for ch in dict.fromkeys(ch for order in orders for ch in order)]
    out += ["camp stay", *(f"camp {sp}" for sp in spaces), "corral skip", *(f"corral {sp}" for sp in spaces)]
    out += ["morale determination", "morale heal", "arrange determination", "arrange morale"]
    out += [f"next {g}" for g in groups]
    out += [f"pile {k}" for k in range(max(table.scenario.pile, default=0) + 1)]
    for verb in ("shortcut", "lose", "mark"):
        out += [f"{verb} {sp}" for sp in spaces]
    out += [f"cover {sp}:{k}" for sp in spaces for k in (1, 2)]
    out += [f"{verb} {item}" for item in _gathering_items(c) for verb in ("add", "keep")]
    return tuple(dict.fromkeys(out))


def _chance(c: Content, key: tuple[tuple[str, Any], ...]) -> tuple[str, ...]:
    out = [f"draw {card.id}" for card in c.cards]
    out += [f"tile {tile.number}" for tile in c.tiles]
    out += [f"token {kind.id}" for kind in c.token_kinds]
    out += [f"weather {face}" for face in WEATHER_FACES]
    out += ["pit wound", "pit blank"]
    out += [f"roll {face}" for face in FACES]
    out += ["roll " + " ".join(faces) for faces in product(("wound", "blank"), ("success", "question"),
                                                            ("adventure", "blank"))]
    return tuple(dict.fromkeys(out))
