"""Standing abilities of built Items and kept cards answer the rules' modifier queries (robinson-crusoe.md §17.2, §18).

A rule that an Item or a kept Mystery card may change asks a question — how much a Rest heals, how much food
does not rot, how many clouds are ignored — starting from the rules' own value; each standing ability in play
(`Program.passives`: an Invention's `passive`, a kept card's effect without a use timing) may change the answer
with the numbers on its card. The answers come from the verbs' handlers (registered in `effects.py` with the
content's verb registry), so no rule reads a flag named after a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import FIELD_OF, Z_ITEM, Z_KEPT
from .program import HANDLERS, STANDING, handles

if TYPE_CHECKING:
    from .program import Program

REST_HEAL = "rest heal"
"""Wounds a Rest heals (§8.12: 1)."""
REST_DETERMINATION = "rest determination"
"""Determination a Rest gives (0 by the rules; the Bed gives more, §17.2)."""
MORALE_BONUS = "morale bonus"
"""Determination the first player gains more, or loses fewer, in the Morale phase (§6; 0 by the rules)."""
ALL_FOOD_KEPT = "all food kept"
"""1 if no food rots at Night (§10.4; 0 by the rules: it rots)."""
FOOD_STORED = "food stored"
"""Food that does not rot at Night (§10.4; 0 by the rules)."""
PIT_FOOD = "pit food"
"""Food a Wound on the Production die gives (§7, §17.2; -1: nothing is rolled)."""
RAIN_IGNORED = "rain clouds ignored"
"""Rainy Clouds ignored in the Weather phase (§9.2; 0 by the rules)."""
WINTER_IGNORED = "winter clouds ignored"
"""Winter Clouds ignored in the Weather phase (§9.2; 0 by the rules)."""
TOKEN_TILE_PRODUCTION = "token tile production"
"""Resources the tile with the Shortcut token gives in each Production (§7, §17.2; 0 without such an Item)."""
GATHER_BONUS = "gather bonus"
"""More of the resource a successful Gathering brings (§8.9; 0 by the rules)."""
COUNTS_AS = "counts as "
"""Prefix of the query whether a card counts as the named Item (`COUNTS_AS + item id`; 0 by the rules)."""
EXTRA_PAWN_FIELDS = "extra pawn fields"
"""Bit mask of the Action types (`FIELD_OF`) an additional pawn may take (§17.2; 0 by the rules)."""
EXTRA_PAWN_EVERY_ROUND = "extra pawn every round"
"""1 if the additional pawn comes every round rather than for a number of uses (§17.2)."""
NIGHT_HEAL = "night heal"
"""Wounds healed by discarding food at Night (§17.2; 0 without the ability)."""
NIGHT_HEAL_FOOD = "night heal food"
"""Food discarded for that healing (§17.2)."""
REROLL_FIELDS = "reroll fields"
"""Bit mask of the Action types (`FIELD_OF`) whose dice a skill rerolls right after a roll (§13.2; 0 by the rules)."""
WOOD_SAVED = "wood saved"
"""Wood one planned Action costs less (§13.2; 0 by the rules)."""


class Query:
    """One modifier question and its answer so far; each standing ability may change `value`."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self.value = value


def answer_of(program: Program, node: int, query: str, base: int) -> int:
    """The answer of the abilities of one compiled effect `node` to `query`, starting from `base`."""
    key = (0, node, query, base)
    known = program.answers.get(key)
    if known is None:
        asked = Query(query, base)
        for verb, call in program.calls_of(node):
            if verb in STANDING:
                HANDLERS[verb](asked, **call)
        known = program.answers[key] = asked.value
    return known


def card_answer(program: Program, card: int, query: str, base: int) -> int:
    """The answer of one card's standing abilities to `query`, starting from `base` (whatever its zone)."""
    key = (1, card, query, base)
    known = program.answers.get(key)
    if known is None:
        asked = Query(query, base)
        for verb, call in program.passive_calls.get(card, ()):
            if verb in STANDING:
                HANDLERS[verb](asked, **call)
        known = program.answers[key] = asked.value
    return known


def in_play(program: Program, zone: list[int], query: str, base: int) -> int:
    """The answer of every standing ability of built Items and kept cards (§17.2) to `query`, from `base`.

    Answers depend on the content, the query, the base and which cards are in play, nothing else, so each is
    worked out once per such set (`Program.in_play_answers`).
    """
    cards = tuple(card for card in program.passive_calls if zone[card] == Z_ITEM or zone[card] == Z_KEPT)
    key = (query, base, cards)
    known = program.in_play_answers.get(key)
    if known is None:
        asked = Query(query, base)
        for card in cards:
            for verb, call in program.passive_calls[card]:
                if verb in STANDING:
                    HANDLERS[verb](asked, **call)
        if len(program.in_play_answers) > 50_000:
            program.in_play_answers.clear()
        known = program.in_play_answers[key] = asked.value
    return known


def skill_answer(program: Program, char: int, skill: int, query: str) -> int:
    """The answer of skill `skill` of character `char` to `query`, from 0 (§13.2); worked out once per content."""
    key = (char, skill, query)
    known = program.skill_answers.get(key)
    if known is None:
        known = program.skill_answers[key] = answer_of(program, program.skill[(char, skill)], query, 0)
    return known


def skill_answering(program: Program, char: int, query: str) -> int:
    """Index of the first skill of character `char` that answers `query` (from 0) with something, or -1."""
    key = (char, query)
    hit = program.skill_answering.get(key)
    if hit is None:
        hit, si = -1, 0
        while (char, si) in program.skill:
            if skill_answer(program, char, si, query):
                hit = si
                break
            si += 1
        program.skill_answering[key] = hit
    return hit


def _standing(ctx: object) -> Query | None:
    """The query a standing ability answers, or None when its effect is run (it does nothing then)."""
    return ctx if isinstance(ctx, Query) else None


@handles("gather_bonus", standing=True)
def gather_bonus(ctx: object, n: int) -> None:
    """Each successful Gathering brings `n` more of its resource (§8.9, §17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == GATHER_BONUS:
        query.value += n


@handles("token_tile_production", standing=True)
def token_tile_production(ctx: object, n: int) -> None:
    """Each Production, the tile with the Shortcut token gives `n` resources from one of its sources (§7, §17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == TOKEN_TILE_PRODUCTION:
        query.value += n


@handles("rest_bonus", standing=True)
def rest_bonus(ctx: object, heal: int, determination: int) -> None:
    """A Rest heals `heal` more and gives `determination` more (§8.12, §17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == REST_HEAL:
        query.value += heal
    elif query is not None and query.name == REST_DETERMINATION:
        query.value += determination


@handles("morale_bonus", standing=True)
def morale_bonus(ctx: object, n: int) -> None:
    """In the Morale phase the first player gains `n` more, or loses `n` fewer, Determination (§6, §17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == MORALE_BONUS:
        query.value += n


@handles("no_rot", standing=True)
def no_rot(ctx: object, food: int | None) -> None:
    """Food does not rot at Night: all of it, or up to `food` (§10.4, §17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == ALL_FOOD_KEPT and food is None:
        query.value = 1
    elif query is not None and query.name == FOOD_STORED and food is not None:
        query.value += food


@handles("pit", standing=True)
def pit(ctx: object, food: int) -> None:
    """In Production the Wound die is rolled: a Wound gives `food` food (§7, §17.2); the first Pit counts."""
    query = _standing(ctx)
    if query is not None and query.name == PIT_FOOD and query.value < 0:
        query.value = food


@handles("counts_as", standing=True)
def counts_as(ctx: object, item: str) -> None:
    """A kept card counts as the named Item (§18)."""
    query = _standing(ctx)
    if query is not None and query.name == COUNTS_AS + item:
        query.value = 1


@handles("extra_pawn", standing=True)
def extra_pawn(ctx: object, actions: list[str], uses: int | None) -> None:
    """An additional pawn for the named Action types, every round or for `uses` uses (§17.2, §20)."""
    query = _standing(ctx)
    if query is not None and query.name == EXTRA_PAWN_FIELDS:
        query.value |= sum(1 << FIELD_OF[a] for a in actions if a in FIELD_OF)
    elif query is not None and query.name == EXTRA_PAWN_EVERY_ROUND and uses is None:
        query.value = 1


@handles("night_heal", standing=True)
def night_heal(ctx: object, food: int, heal: int) -> None:
    """Once each Night, `food` food discarded heals `heal` Wounds shared as the players like (§17.2)."""
    query = _standing(ctx)
    if query is not None and query.name == NIGHT_HEAL:
        query.value += heal
    elif query is not None and query.name == NIGHT_HEAL_FOOD:
        query.value += food


@handles("reroll", standing=True)
def reroll(ctx: object, dice: str | None) -> None:
    """A skill rerolls any one die of the named Action type, or of any type (§13.2)."""
    query = _standing(ctx)
    if query is not None and query.name == REROLL_FIELDS:
        query.value |= sum(1 << FIELD_OF[field] for field in FIELD_OF if dice is None or field == dice)


@handles("cheaper_wood", standing=True)
def cheaper_wood(ctx: object, n: int) -> None:
    """A skill makes one planned Action cost `n` wood less (§13.2)."""
    query = _standing(ctx)
    if query is not None and query.name == WOOD_SAVED:
        query.value += n
