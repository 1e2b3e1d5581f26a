"""The eleven validation rules a Copy must pass before it is played (discover.md §17.24).

`validate_copy(copy)` checks them in order and raises `CopyInvalid` naming the first rule broken and what
breaks it. Rule 4 builds a static reachability graph (`reachable`): what survivors can reach from the start
tile through landmarks, numbered feature tokens, usable projects, "resolve #N" links and key-item "+1" links,
ignoring stamina, dice, monsters and cards held by others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from outlast.core import OutlastError

from .copy import Card, Copy, Quest
from .terms import BACK_COUNTS, BACKS, ENCOUNTER, ITEM, STONE, THINNED, WOOD
from .verbs import VERBS


class CopyInvalid(OutlastError, ValueError):
    """A Copy breaks one of the validation rules of §17.24: names the rule and the problem."""

    def __init__(self, rule: int, problem: str) -> None:
        self.rule = rule
        self.problem = problem
        super().__init__(f"§17.24 rule {rule}: {problem}")


def _exploration(copy: Copy) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for c in copy.cards:
        if 1 <= c.number <= 60:
            out.setdefault(c.number, []).append(c)
    return out


def _deck(copy: Copy, lo: int, hi: int) -> Counter[int]:
    return Counter(c.number for c in copy.cards if lo <= c.number <= hi)


def landmarks(copy: Copy) -> dict[int, int]:
    """Landmark number → the pile of its tile."""
    return {s.landmark: t.pile for t in copy.tiles for s in t.spaces if s.landmark}


def _effects(copy: Copy) -> Iterator[tuple[str, Any]]:
    """(where, effect) of every effect in the copy: cards and their abilities, threats, nights, quests,
    characters."""
    for c in copy.cards:
        yield f"card #{c.number} {c.name}", c.effect
        for a in c.abilities:
            yield f"card #{c.number} {c.name}", a.effect
    for t in copy.threats:
        yield f"threat {t.name}", t.effect
        yield f"threat {t.name}", t.ongoing_effect
    for n in copy.nights:
        for s in n.steps:
            yield f"night {n.name}", s.effect
    for q in copy.quests:
        yield f"quest {q.code}", q.on_reveal
    for ch in copy.characters:
        for a in ch.abilities:
            yield f"character {ch.name}", a.effect


def _verbs(effect: Any) -> list[tuple[str, dict[str, Any]]]:
    return VERBS.verbs_in(effect) if effect else []


def _key_links(copy: Copy) -> list[tuple[int, int]]:
    """(card number, the number a key item lets you resolve instead) for every key ability and phrase (§9.7)."""
    keys = [a for c in copy.cards for a in c.abilities if a.use == "key"]
    return [(c.number, c.number + a.amount) for a in keys for c in copy.cards
            if 1 <= c.number <= 60 and a.condition["phrase"] in c.phrases]


# ----------------------------------------------------------------------------- rule 1
def _rule1_references(copy: Copy) -> None:
    """Every landmark, numbered token, monster token, key "+1" target and numbered effect reference resolves."""
    explore, enemies = _exploration(copy), _deck(copy, 61, 88)
    marks = landmarks(copy)
    specials = {m.number for m in copy.monsters if m.special}
    for number in marks:
        if number not in explore:
            raise CopyInvalid(1, f"landmark #{number} has no exploration card")
    for f in copy.features:
        if f.number and f.number not in (explore if f.number <= 60 else enemies):
            raise CopyInvalid(1, f"feature token {f.id} shows #{f.number}, which no card of its deck has")
    for m in copy.monsters:
        if m.number not in enemies and not (m.special and m.number in explore):
            raise CopyInvalid(1, f"monster token {m.id} shows #{m.number}, which no enemy card has")
    for number, target in _key_links(copy):
        if target not in explore:
            raise CopyInvalid(1, f"the key item's target #{target} (from #{number}) has no exploration card")
    for where, effect in _effects(copy):
        for verb, p in _verbs(effect):
            missing = ((verb == "resolve" and p["card"] not in explore)
                       or (verb == "fight" and p["enemy"] not in enemies)
                       or (verb == "move_to" and p["landmark"] not in marks)
                       or (verb == "spawn" and p.get("special") and p["special"] not in specials)
                       or (verb == "spawn" and p["at"] == "landmark" and p.get("landmark") not in marks))
            if missing:
                raise CopyInvalid(1, f"{where}: {verb} {p} names a number the copy does not hold")


# ----------------------------------------------------------------------------- rules 2, 3
def _rule2_tokens(copy: Copy) -> None:
    """No enemy number is on more monster tokens than there are cards with it."""
    cards = Counter(c.number for c in copy.cards)
    for number, tokens in Counter(m.number for m in copy.monsters).items():
        if tokens > cards[number]:
            raise CopyInvalid(2, f"#{number} is on {tokens} monster tokens but has {cards[number]} cards")


def _rule3_projects(copy: Copy) -> None:
    """Every project makes a crafted item number the crafted deck holds."""
    crafted = _deck(copy, 89, 99)
    for p in copy.projects:
        if p.item not in crafted:
            raise CopyInvalid(3, f"project {p.name} makes #{p.item}, which is not in the crafted item deck")


# ----------------------------------------------------------------------------- rule 4
@dataclass
class Reach:
    """What survivors can reach on the static graph of rule 4."""

    exploration: set[int] = field(default_factory=set)
    items: set[int] = field(default_factory=set)
    traits: set[str] = field(default_factory=set)
    enemies: set[int] = field(default_factory=set)
    crafts: set[int] = field(default_factory=set)


def _seeds(copy: Copy, reach: Reach) -> list[int]:
    """Numbers reached straight from the map: landmarks, tokens on backs that have icons, normal monsters."""
    backs = {s.feature for t in copy.tiles for s in t.spaces if s.feature >= 0}
    tokens = [f.number for f in copy.features if f.number and f.back in backs]
    reach.enemies |= {n for n in tokens if n > 60} | {m.number for m in copy.monsters if not m.special}
    reach.crafts |= {p.item for p in copy.projects if not p.advanced}
    return [*landmarks(copy), *(n for n in tokens if n <= 60)]


def reachable(copy: Copy) -> Reach:
    """The closure of §17.24 rule 4 over exploration numbers, through resolve links and key "+1" links."""
    reach = Reach()
    explore = _exploration(copy)
    keys = dict(_key_links(copy))
    has_key = False
    todo = _seeds(copy, reach)
    while todo:
        number = todo.pop()
        if number in reach.exploration or number not in explore:
            continue
        reach.exploration.add(number)
        for c in explore[number]:
            has_key = has_key or any(a.use == "key" for a in c.abilities)
            for verb, p in [vp for e in (c.effect, *(a.effect for a in c.abilities)) for vp in _verbs(e)]:
                todo += [p["card"]] if verb == "resolve" else []
                reach.enemies |= {p["enemy"]} if verb == "fight" else set()
                reach.enemies |= {p["special"]} if verb == "spawn" and p.get("special") else set()
        if not todo and has_key:
            todo = [keys[n] for n in reach.exploration if n in keys and keys[n] not in reach.exploration]
    for c in copy.cards:
        if c.kind == ITEM and (c.number in reach.exploration or c.number in reach.crafts):
            reach.items.add(c.number)
            reach.traits |= set(c.traits)
    return reach


def _met(requirement: dict[str, Any], reach: Reach, copy: Copy) -> str:
    """What of a requirement cannot be reached ("" when all can)."""
    marks = landmarks(copy)
    icons = {s.objective for t in copy.tiles for s in t.spaces if s.objective}
    places: dict[str, set[Any]] = {"investigate": set(marks), "at_landmark": set(marks), "at_objective": icons, "hold_item": reach.items,
              "hold_trait": reach.traits, "defeat": reach.enemies, "craft": reach.crafts}
    for key, value in requirement.items():
        if key in places and value not in places[key]:
            return f"{key} {value}"
    return ""


def _chain(quests: list[Quest], scenario: int, players: int, copy: Copy, base: Reach) -> None:
    reach = replace(base, enemies=set(base.enemies))
    stages = sorted(quests, key=lambda q: q.stage)
    if [q.stage for q in stages] != list(range(1, len(stages) + 1)):
        raise CopyInvalid(4, f"scenario {scenario}: stages {[q.stage for q in stages]} are not 1, 2, …")
    for q in stages:
        expected = "win" if q is stages[-1] else "advance"
        if q.outcome != expected:
            raise CopyInvalid(4, f"quest {q.code}: outcome {q.outcome!r}, expected {expected!r}")
        if q.requirement.get("last_standing") and players < 2:
            continue
        for verb, p in _verbs(q.on_reveal):
            reach.enemies |= {p["special"]} if verb == "spawn" and p.get("special") else set()
        missing = _met(q.requirement, reach, copy)
        if missing:
            raise CopyInvalid(4, f"quest {q.code} with {players} player(s): {missing} cannot be reached")


def _rule4_quests(copy: Copy) -> None:
    """Every scenario's quest chain can be completed on the static graph, for 1 to 4 players."""
    scenarios: dict[int, list[Quest]] = {}
    for q in copy.quests:
        scenarios.setdefault(q.scenario, []).append(q)
    if sorted(scenarios) != [1, 2, 5]:
        raise CopyInvalid(4, f"the Island's scenarios are 1, 2 and 5, the copy has {sorted(scenarios)}")
    base = reachable(copy)
    for players in range(1, 5):
        for scenario, quests in scenarios.items():
            _chain(quests, scenario, players, copy, base)


# ----------------------------------------------------------------------------- rules 5–9
def _rule5_sleep(copy: Copy) -> None:
    """Every night card gives every survivor at least 6 stamina in its Sleep step."""
    for n in copy.nights:
        sleeps = [p for s in n.steps for verb, p in _verbs(s.effect) if verb == "sleep"]
        if not sleeps or min(min(p["fire"], p["other"]) for p in sleeps) < 6:
            raise CopyInvalid(5, f"night card {n.name} gives someone less than 6 stamina")


def _rule6_variants(copy: Copy) -> None:
    """Variants only at the thinned numbers (#3, #5, #51); every other duplicate is identical."""
    by_number: dict[int, list[Card]] = {}
    for c in copy.cards:
        if c.number != ENCOUNTER:
            by_number.setdefault(c.number, []).append(replace(c, id=0))
    for number, cards in by_number.items():
        if number in THINNED:
            same = any(a == b for i, a in enumerate(cards) for b in cards[i + 1:])
            if same or sorted(c.variant for c in cards) != list(range(1, len(cards) + 1)):
                raise CopyInvalid(6, f"#{number}'s copies must be different variants numbered 1, 2, …")
        elif any(c != cards[0] for c in cards) or cards[0].variant:
            raise CopyInvalid(6, f"#{number} has different copies but is not a thinned number")


def _rule7_icons(copy: Copy) -> None:
    """Feature icons per back no more than the tokens of that back; exactly as many water icons as sources."""
    spaces = [s for t in copy.tiles for s in t.spaces]
    tokens = Counter(f.back for f in copy.features)
    for back, name in enumerate(BACKS):
        icons = sum(s.feature == back for s in spaces)
        if icons > tokens[back] or tokens[back] != BACK_COUNTS[back]:
            raise CopyInvalid(7, f"{icons} {name} icons for {tokens[back]} {name} tokens")
    if sum(s.water for s in spaces) != len(copy.waters):
        raise CopyInvalid(7, f"{sum(s.water for s in spaces)} water icons for {len(copy.waters)} water sources")


def _rule8_scenario5(copy: Copy) -> None:
    """Scenario 5 has a #100 card, and nothing it needs depends on the player count."""
    encounters = [c for c in copy.cards if c.number == ENCOUNTER]
    if not encounters:
        raise CopyInvalid(8, "scenario 5 needs at least one #100 encounter card")
    needed = [repr(c.effect) + repr(c.abilities) for c in encounters]
    needed += [repr(q.requirement) + repr(q.on_reveal) for q in copy.quests if q.scenario == 5]
    if any("per_player" in text for text in needed):
        raise CopyInvalid(8, "a scenario 5 component depends on the number of players")


def _rule9_decks(copy: Copy) -> None:
    """A non-tribal threat, exactly one Sleep step per night card, and #1 and #33 on tiles of piles 1–2."""
    if all(t.tribal for t in copy.threats):
        raise CopyInvalid(9, "the threat deck holds only tribal cards")
    for n in copy.nights:
        sleeps = sum(s.tag == "sleep" for s in n.steps)
        if sleeps != 1:
            raise CopyInvalid(9, f"night card {n.name} has {sleeps} steps tagged sleep")
    marks = landmarks(copy)
    for number in (1, 33):
        if marks.get(number) not in (1, 2):
            raise CopyInvalid(9, f"landmark #{number} is not on a tile of pile 1 or 2")


def _rule10_far_landmark(copy: Copy) -> None:
    """At least one landmark on a tile of pile 3 or 4: where the Scenario 2 guardian spawns (§17.12 2.2)."""
    if not any(pile >= 3 for pile in landmarks(copy).values()):
        raise CopyInvalid(10, "no landmark lies on a tile of pile 3 or 4, so the scenario 2 guardian has nowhere to "
                              "spawn")


SHELTER_MARGIN = 4
"""Wood and stone the Island holds beyond the 4-player Shelter cost (§17.24 rule 11, AUTHORED)."""


def shelter_cost(copy: Copy, players: int = 4) -> int:
    """What the copy's Scenario 2 Shelter stage (2.1) asks in wood and stone together for `players` (§13.4)."""
    stage = next((q for q in copy.quests if q.code == "2.1"), None)
    req = stage.requirement if stage is not None and isinstance(stage.requirement, dict) else {}
    icon = players if req.get("per_player") else 1
    if "pay_any" in req:
        return int(req["pay_any"]) * icon if {"wood", "stone"} >= set(req.get("of", [])) else 0
    pay = req.get("pay") or {}
    return sum(int(pay.get(r, 0) or 0) for r in ("wood", "stone")) * icon


def wood_and_stone(copy: Copy) -> int:
    """The wood and stone the Island's feature tokens hold together (a double token holds two, §8.1)."""
    return sum(1 for f in copy.features for r in f.resources if r in (WOOD, STONE))


def _rule11_shelter(copy: Copy) -> None:
    """The Island's wood and stone tokens hold the 4-player Shelter cost plus a margin, so a group that explores
    can always pay stage 2.1 (§17.12)."""
    need = shelter_cost(copy) + SHELTER_MARGIN
    if wood_and_stone(copy) < need:
        raise CopyInvalid(11, f"the feature tokens hold {wood_and_stone(copy)} wood and stone; the 4-player Shelter "
                              f"needs {shelter_cost(copy)} plus {SHELTER_MARGIN}")


RULES = (_rule1_references, _rule2_tokens, _rule3_projects, _rule4_quests, _rule5_sleep, _rule6_variants,
         _rule7_icons, _rule8_scenario5, _rule9_decks, _rule10_far_landmark, _rule11_shelter)


def validate_copy(copy: Copy) -> None:
    """Check all eleven rules of §17.24 in order; the first broken one raises `CopyInvalid`."""
    for rule in RULES:
        rule(copy)
