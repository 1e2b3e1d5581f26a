"""The generator's numbered cards and tokens: exploration, enemy, crafted and #100 decks, projects, feature,
monster and water tokens (discover.md §9, §17.5–§17.9, §17.14–§17.16).

Cards are built as `Card`s with id -1; `generator.generate_copy` numbers them when it assembles the Copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .copy import Card, FeatureToken, MonsterToken, Project, WaterSource
from .generator_pools import Pools
from .generator_util import Draw, ability, amounts, card_text, enemy_stats, instantiate
from .terms import (
    BACK_COUNTS,
    BACK_RESOURCES,
    BACKS,
    CARD_KINDS,
    CLEAN_WATER,
    DIRTY_WATER,
    ENEMY,
    STONE,
    THINNED,
    WOOD,
)

EXPLORATION_CARDS = (44, 52)
EXPLORATION_NUMBERS = (24, 30)
"""Distinct exploration numbers besides the six fixed ones (#1, #2, #3, #5, #33, #51); duplicates fill the deck."""
VARIANTS = (2, 3)
ENEMY_CARDS = (13, 17)
ENEMY_NUMBERS = (10, 13)
LETHAL = (1, 3)
RETREATERS = (1, 2)
EXPLORATION_SPECIALS = 2
"""Special monsters whose cards are in the exploration deck; with #86 they make the 3 special tokens (§17.14)."""
KNOWN_NUMBERS = {1: "abandoned_cabin", 2: "warm_bed", 33: "silver_key"}
PYTHON, SPECIAL_ENEMY, BOW = 75, 86, 93
NORMAL_MONSTER_TOKENS = 8
ENCOUNTERS = 10
FACE_RESOURCE, FACE_EXPLORATION = 12, 17
TIMBER, ROCK = BACKS.index("timber"), BACKS.index("rock")
"""A feature face is drawn from 20 tickets: 12 resource (60%), 5 exploration number (25%), 3 enemy number."""
CRAFTED_NUMBERS = tuple(range(89, 100))
NORMAL_PROJECT_ITEMS = tuple(range(89, 97))


@dataclass
class Numbers:
    """The numbers of a copy's decks and map that card contents refer to, filled as the draw goes."""

    exploration: dict[int, int] = field(default_factory=dict)
    """Exploration number → copies (variants count one each)."""
    specials: list[int] = field(default_factory=list)
    quest_item: int = 0
    enemies: dict[int, int] = field(default_factory=dict)
    normal_enemies: list[int] = field(default_factory=list)
    landmarks: list[int] = field(default_factory=list)
    signal: int = 0


def card(number: int, name: str, record: Mapping[str, Any], variant: int = 0) -> Card:
    """A `Card` (id -1) from a filled card template or known record, its text rendered from the data."""
    abilities = tuple(ability(a) for a in record.get("abilities", ()))
    stats = enemy_stats(record["enemy"]) if "enemy" in record else None
    kind = record.get("kind", "item")
    return Card(id=-1, number=number, name=name, kind=CARD_KINDS.index(kind), effect=record.get("effect"),
                abilities=abilities, traits=tuple(record.get("traits", ())), phrases=tuple(record.get("phrases", ())),
                enemy=stats, counters=record.get("counters", 0), carry=record.get("carry", 0),
                leave_token=record.get("leave_token", False), variant=variant, flavour=record.get("flavour", ""),
                text=card_text(record.get("effect"), abilities, record.get("counters", 0), record.get("carry", 0),
                               record.get("leave_token", False), stats, record.get("traits", ())))


# ----------------------------------------------------------------------------- exploration deck (§17.6)
def draw_exploration_plan(draw: Draw, numbers: Numbers, counts: dict[str, int]) -> None:
    """Which exploration numbers the deck holds and how many copies (§17.6): total, variants, distinct numbers,
    the special monsters and the Quest Item among them, then the duplicates."""
    total = draw.between(*EXPLORATION_CARDS)
    variants = {n: draw.between(*VARIANTS) for n in THINNED}
    distinct = draw.between(*EXPLORATION_NUMBERS)
    candidates = [n for n in range(4, 61) if n not in THINNED and n not in KNOWN_NUMBERS]
    chosen = sorted(draw.sample(candidates, distinct))
    numbers.specials = sorted(draw.sample(chosen, EXPLORATION_SPECIALS))
    numbers.quest_item = draw.one([n for n in chosen if n not in numbers.specials])
    copies = {n: 1 for n in (*KNOWN_NUMBERS, *chosen)} | variants
    plain = [n for n in chosen if n not in numbers.specials and n != numbers.quest_item]
    duplicates = total - sum(copies.values())
    for _ in range(duplicates):
        copies[draw.one(plain)] += 1
    numbers.exploration = dict(sorted(copies.items()))
    counts.update(exploration_cards=total, exploration_numbers=len(copies), exploration_duplicates=duplicates,
                  **{f"variants_{n}": v for n, v in variants.items()})


def _refs(draw: Draw, template: Mapping[str, Any], number: int, numbers: Numbers) -> dict[str, int]:
    """The references a template uses, drawn in the order higher, landmark, enemy."""
    text = repr(template)
    refs = {"self": number}
    if "$higher" in text:
        refs["higher"] = draw.one(_higher(number, numbers))
    if "$landmark" in text:
        refs["landmark"] = draw.one([n for n in numbers.landmarks if n != number])
    if "$enemy" in text:
        refs["enemy"] = draw.one(numbers.normal_enemies)
    return refs


def _higher(number: int, numbers: Numbers) -> list[int]:
    return [n for n in numbers.exploration if n > number and n not in numbers.specials]


def _fits(template: Mapping[str, Any], number: int, numbers: Numbers) -> bool:
    text = repr(template)
    return (("$higher" not in text or bool(_higher(number, numbers)))
            and ("$self" not in text or number in numbers.landmarks))


def _take(draw: Draw, left: list[dict[str, Any]], number: int, numbers: Numbers, role: str = "") -> dict[str, Any]:
    """Draw (by weight) and remove one template of `left` that fits `number` (and has `role`, if given)."""
    fitting = [t for t in left if _fits(t, number, numbers) and (not role or t.get("role") == role)]
    chosen = fitting[draw.weighted([t["weight"] for t in fitting])]
    left.remove(chosen)
    return chosen


def draw_exploration(draw: Draw, pools: Pools, numbers: Numbers) -> list[Card]:
    """The exploration deck in number order: the known cards, reward variants at #3, variants at #5 and #51,
    the specials, the Quest Item and one template per other number; duplicates are identical copies."""
    left = [t for t in pools.exploration if t.get("role", "plain") in ("plain", "reward")]
    specials = pools.where("exploration", role="special")
    quests = pools.where("exploration", role="quest")
    deck: list[Card] = []
    for number, copies in numbers.exploration.items():
        if number in KNOWN_NUMBERS:
            record = pools.known[KNOWN_NUMBERS[number]]
            deck.append(card(number, record["names"][0], record))
            continue
        if number in THINNED:
            role = "reward" if number == 3 else ""
            for variant in range(1, copies + 1):
                template = _take(draw, left, number, numbers, role)
                deck.append(card(number, *instantiate(draw, template, _refs(draw, template, number, numbers)),
                                 variant=variant))
            continue
        source = specials if number in numbers.specials else quests if number == numbers.quest_item else left
        template = _take(draw, source, number, numbers)
        made = card(number, *instantiate(draw, template, _refs(draw, template, number, numbers)))
        deck += [made] * copies
    return deck


# ----------------------------------------------------------------------------- enemy deck (§17.7)
def draw_enemy_plan(draw: Draw, numbers: Numbers, counts: dict[str, int]) -> tuple[list[int], list[int]]:
    """The enemy deck's numbers and copies: (lethal numbers, two-space retreater numbers)."""
    total = draw.between(*ENEMY_CARDS)
    distinct = draw.between(*ENEMY_NUMBERS)
    lethal_n = draw.between(*LETHAL)
    retreat_n = draw.between(*RETREATERS)
    others = sorted(draw.sample([n for n in range(61, 89) if n not in (PYTHON, SPECIAL_ENEMY)], distinct - 2))
    lethal = sorted(draw.sample(others, lethal_n))
    retreaters = sorted(draw.sample([n for n in others if n not in lethal], retreat_n))
    copies = {n: 1 for n in (*others, PYTHON, SPECIAL_ENEMY)}
    plain = [n for n in (*others, PYTHON) if n not in lethal]
    for _ in range(total - distinct):
        copies[draw.one(plain)] += 1
    numbers.enemies = dict(sorted(copies.items()))
    numbers.normal_enemies = sorted(n for n in copies if n != SPECIAL_ENEMY)
    counts.update(enemy_cards=total, enemy_numbers=distinct, lethal_enemies=lethal_n, retreaters=retreat_n)
    return lethal, retreaters


def draw_enemies(draw: Draw, pools: Pools, numbers: Numbers, lethal: Sequence[int],
                 retreaters: Sequence[int]) -> list[Card]:
    """The enemy deck in number order: the Giant Python as known, #86 from the special templates, the lethal and
    retreater numbers from theirs, every other number from the plain ones (no template twice)."""
    sources = {"lethal": pools.where("enemies", lethal=True, special=None),
               "retreat": [t for t in pools.enemies if t.get("retreat") == 2 and not t.get("lethal")],
               "special": pools.where("enemies", special=True),
               "plain": [t for t in pools.enemies if not (t.get("lethal") or t.get("special") or t.get("retreat"))]}
    deck: list[Card] = []
    for number, copies in numbers.enemies.items():
        if number == PYTHON:
            record = pools.known["giant_python"]
            name = record["names"][0]
        else:
            kind = ("special" if number == SPECIAL_ENEMY else "lethal" if number in lethal
                    else "retreat" if number in retreaters else "plain")
            template = sources[kind].pop(draw.weighted([t["weight"] for t in sources[kind]]))
            name, record = instantiate(draw, template, {})
        made = card(number, name, {"kind": CARD_KINDS[ENEMY], "enemy": record, "flavour": record.get("flavour", "")})
        deck += [made] * copies
    return deck


# ----------------------------------------------------------------------------- crafted items, projects (§17.8–9)
def draw_crafted(draw: Draw, pools: Pools, numbers: Numbers) -> tuple[list[Card], list[Project]]:
    """Items #89–99, two copies each, and their projects: Bow and Arrow at #93, one signal item (a Quest Item
    needing a fire) at a normal number, at least one fire maker and one carrier; #97–99 are advanced."""
    left = [t for t in pools.crafted]
    drawn = []
    for role in ("signal", "fire", "carrier"):
        fitting = [t for t in left if t["role"] == role]
        drawn.append(fitting[draw.weighted([t["weight"] for t in fitting])])
        left.remove(drawn[-1])
    left = [t for t in left if t["role"] != "signal"]
    drawn += draw.templates(left, len(CRAFTED_NUMBERS) - 1 - len(drawn))
    free = [n for n in CRAFTED_NUMBERS if n != BOW]
    numbers.signal = draw.one([n for n in free if n in NORMAL_PROJECT_ITEMS])
    free.remove(numbers.signal)
    placed = {numbers.signal: drawn[0], **dict(zip(draw.shuffled(free), drawn[1:], strict=True))}
    placed[BOW] = pools.known["bow_and_arrow"]
    cards: list[Card] = []
    projects: list[Project] = []
    for number in CRAFTED_NUMBERS:
        template = placed[number]
        name, record = (template["names"][0], template) if number == BOW else instantiate(draw, template, {})
        made = card(number, name, {**record, "kind": "item"})
        cards += [made, made]
        projects.append(Project(id=len(projects), name=name, item=number, cost=amounts(record["cost"]),
                                fire=record["fire"], advanced=number not in NORMAL_PROJECT_ITEMS))
    return cards, projects


# ----------------------------------------------------------------------------- #100 encounters (§17.15)
def draw_encounters(draw: Draw, pools: Pools) -> list[Card]:
    """Ten different #100 encounter cards (Scenario 5)."""
    return [card(100, *instantiate(draw, t, {})) for t in draw.templates(pools.encounters, ENCOUNTERS)]


# ----------------------------------------------------------------------------- tokens (§17.5, §17.14, §17.16)
def draw_features(draw: Draw, numbers: Numbers) -> list[FeatureToken]:
    """The 53 feature tokens, back by back (14/14/10/15): each face a resource (1 in 6 of them double), an
    exploration number or an enemy number, every number one the decks hold (§17.5)."""
    explorable = [n for n in numbers.exploration if n >= 4 and n not in numbers.specials]
    tokens: list[FeatureToken] = []
    for back, count in enumerate(BACK_COUNTS):
        for _ in range(count):
            ticket = draw.below(20)
            if ticket < FACE_RESOURCE:
                size = 2 if draw.below(6) == 0 else 1
                resources = tuple(draw.one(BACK_RESOURCES[back]) for _ in range(size))
                tokens.append(FeatureToken(len(tokens), back, resources=resources))
            else:
                pool = explorable if ticket < FACE_EXPLORATION else numbers.normal_enemies
                tokens.append(FeatureToken(len(tokens), back, number=draw.one(pool)))
    return _enough_wood_and_stone(draw, tokens)


WOOD_AND_STONE = 16
"""The least wood and stone the feature tokens hold together: the 4-player Shelter of stage 2.1 (3 × 4) plus a
margin of 4 (§17.24 rule 11)."""


def _enough_wood_and_stone(draw: Draw, tokens: list[FeatureToken]) -> list[FeatureToken]:
    """Top the wood and stone up to `WOOD_AND_STONE` (§17.24 rule 11): while short, one timber or rock token whose
    face is neither, drawn uniformly, becomes a single wood (timber) or stone (rock)."""
    held = sum(1 for f in tokens for r in f.resources if r in (WOOD, STONE))
    while held < WOOD_AND_STONE:
        others = [f for f in tokens if f.back in (TIMBER, ROCK) and not set(f.resources) & {WOOD, STONE}]
        if not others:
            break
        token = draw.one(others)
        tokens[token.id] = FeatureToken(token.id, token.back, resources=(WOOD if token.back == TIMBER else STONE,))
        held += 1
    return tokens


def draw_monsters(draw: Draw, numbers: Numbers) -> list[MonsterToken]:
    """8 normal monster tokens (one #75, a number on no more tokens than its cards) then the 3 special ones."""
    slots = [n for n in numbers.normal_enemies for _ in range(numbers.enemies[n])]
    slots.remove(PYTHON)
    faces = sorted([PYTHON, *draw.sample(slots, NORMAL_MONSTER_TOKENS - 1)])
    specials = [SPECIAL_ENEMY, *numbers.specials]
    return ([MonsterToken(i, n) for i, n in enumerate(faces)]
            + [MonsterToken(len(faces) + i, n, special=True) for i, n in enumerate(specials)])


def waters() -> list[WaterSource]:
    """The Island's water sources: 1 clean, 2 dirty (§17.16). Nothing drawn."""
    return [WaterSource(0, CLEAN_WATER), WaterSource(1, DIRTY_WATER), WaterSource(2, DIRTY_WATER)]


def numbered(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards with their ids: their index."""
    return tuple(replace(c, id=i) for i, c in enumerate(cards))
