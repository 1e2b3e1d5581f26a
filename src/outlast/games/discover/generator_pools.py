"""The generator's content pools: YAML templates the copy generator draws from (discover.md §17.24).

Each pool is a list of templates in `content/`. A template names its choices (`names`, one drawn), its
`weight` (how often it is drawn against the others) and its `params`: `{n: [lo, hi]}` ranges, each drawn as an
exact int. Anywhere in the template, the string `$n` stands for the drawn value of `n`; a few names are
*references* the generator fills from the copy itself rather than from a range (`REFS`: `$landmark`, a
landmark of this copy; `$higher`, an exploration number above the card's own, so chains never loop; …).

Loading checks every template with both ends of every range (and stand-in numbers for the references):
every field, every effect in the effect language (`verbs.VERBS`), every ability and every enemy stat; a fault
raises `ContentError(file, item, field, problem)`. Pools are read once per folder and process (`load_pools`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from outlast.core import ContentError, check_record
from outlast.core.content import read_file, record_list, unique_ids

from .terms import RESOURCES
from .verbs import PASSIVE_QUERIES, VERBS

CONTENT_DIR = Path(__file__).parent / "content"

REFS = {"landmark": 1, "higher": 60, "enemy": 61, "special": 86, "smoke": 12, "meeting": 20, "quest_item": 40,
        "guardian": 86, "signal": 90, "highest": 50, "objective": 1, "self": 10}
"""Reference names the generator fills from the copy, with the stand-in number each is checked with at load:
`landmark` (a landmark of the map), `higher` (a present exploration number above the card's own), `enemy` (a
normal enemy in the deck), `special` and `guardian` (a special monster), `smoke` (a landmark on a tile of pile
2–4), `meeting` (a landmark for the final gathering), `quest_item` (the Quest Item card), `signal` (the
crafted signal item), `highest` (the highest-numbered landmark), `objective` (an objective icon), `self` (the
card's own number)."""

_TEMPLATE = {"id": "str", "names": "list[str]", "weight": "int", "params": "map?", "flavour": "str?"}
CARD = {**_TEMPLATE, "kind": "enum(instant|upgrade|item|enemy)", "role": "enum(plain|reward|quest|special)?",
        "effect": "effect?", "abilities": "list?", "traits": "list[str]?", "phrases": "list[str]?",
        "counters": "int?", "carry": "int?", "leave_token": "bool?", "enemy": "map?"}
"""An exploration or #100 encounter card template."""
ENEMY = {**_TEMPLATE, "defense": "int", "attack": "int", "health": "int", "reward": "map", "retreat": "int?",
         "lethal": "bool?", "special": "bool?"}
"""An enemy card template (also the `enemy` block of a card template, without the template fields)."""
CRAFTED = {**_TEMPLATE, "role": "enum(weapon|carrier|fire|dice|signal)", "cost": "map", "fire": "bool",
           "abilities": "list?", "traits": "list[str]?", "counters": "int?", "carry": "int?"}
THREAT = {**_TEMPLATE, "kind": "enum(oneshot|ongoing|tribal)", "effect": "effect",
          "ongoing_effect": "effect?", "discard_when": "enum(sleep_at_fire|recover|night_end)?"}
STEP = {**_TEMPLATE, "tag": "enum(upkeep|bonus|event|monster)", "tiers": "list[int]", "effect": "effect"}
"""A night-card step template (`names` are its possible titles)."""
QUEST = {**_TEMPLATE, "stage": "str", "requirement": "map", "outcome": "enum(advance|win)",
         "on_reveal": "effect?", "needs": "enum(objective)?"}
CHARACTER = {"id": "str", "name": "str", "title": "str", "weight": "int", "abilities": "list",
             "flavour": "str"}
NAMES = {"id": "str", "names": "list[str]"}
KNOWN = {"pool": "enum(exploration|enemies|crafted|threats|nights|quests)", "number": "int?", "code": "str?",
         "tier": "int?", "steps": "list?", "project": "map?"}
"""Extra fields of a known-card record (known.yaml): which pool's schema it follows, its fixed number."""

ABILITY = {"use": "enum(action|combat|before_roll|passive|key)", "effect": "effect?", "cost": "int?",
           "pay": "list[str]?",
           "query": f"enum({'|'.join(PASSIVE_QUERIES)})?", "amount": "int?", "condition": "map?",
           "once": "enum(day|combat)?"}
NIGHT_STEP = {"title": "str", "tag": "enum(upkeep|sleep|bonus|event|monster|threat)", "effect": "effect"}
REQUIREMENT = {"investigate": "int?", "hold_item": "int?", "hold_trait": "str?", "at_landmark": "int?",
               "at_objective": "int?", "defeat": "int?", "craft": "int?", "pay": "map?", "per_player": "bool?",
               "at": "enum(camp)?", "last_standing": "bool?", "within": "int?", "pay_any": "int?",
               "of": "list[str]?", "nights": "int?"}
"""The quest requirement vocabulary (§17.24 rule 4); every key given must hold at once."""

POOL_FILES = {"exploration": ("exploration.yaml", CARD), "enemies": ("enemies.yaml", ENEMY),
              "crafted": ("crafted.yaml", CRAFTED), "encounters": ("encounters.yaml", CARD),
              "threats": ("threats.yaml", THREAT), "nights": ("nights.yaml", STEP),
              "quests": ("quests.yaml", QUEST), "characters": ("characters.yaml", CHARACTER),
              "names": ("names.yaml", NAMES)}


@dataclass(frozen=True)
class Pools:
    """Every pool, as checked template records (plain mappings, read only), by pool name."""

    exploration: tuple[dict[str, Any], ...]
    enemies: tuple[dict[str, Any], ...]
    crafted: tuple[dict[str, Any], ...]
    encounters: tuple[dict[str, Any], ...]
    threats: tuple[dict[str, Any], ...]
    nights: tuple[dict[str, Any], ...]
    quests: tuple[dict[str, Any], ...]
    characters: tuple[dict[str, Any], ...]
    names: Mapping[str, tuple[str, ...]]
    known: Mapping[str, dict[str, Any]]

    def where(self, pool: str, **match: Any) -> list[dict[str, Any]]:
        """The templates of `pool` whose fields equal `match` (a missing `role` counts as `plain`)."""
        records: tuple[dict[str, Any], ...] = getattr(self, pool)
        return [r for r in records if all(r.get(k, "plain" if k == "role" else None) == v for k, v in match.items())]


def fill(value: Any, values: Mapping[str, int]) -> Any:
    """`value` with every `$name` string replaced by `values[name]` (a name not given stays as written)."""
    if isinstance(value, str) and value.startswith("$") and value[1:] in values:
        return values[value[1:]]
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, values) for v in value]
    return value


def _unfilled(value: Any) -> str | None:
    if isinstance(value, str) and value.startswith("$"):
        return value
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        for v in value:
            found = _unfilled(v)
            if found:
                return found
    return None


def param_ranges(file: str, item: str, record: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """A template's `params` as {name: (lo, hi)}; a malformed range is a `ContentError`."""
    out: dict[str, tuple[int, int]] = {}
    for name, span in (record.get("params") or {}).items():
        ok = isinstance(span, list) and len(span) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                for v in span)
        if not ok or span[0] > span[1]:
            raise ContentError(file, item, f"params.{name}", f"a range is [lo, hi] with lo <= hi, got {span!r}")
        if name in REFS:
            raise ContentError(file, item, f"params.{name}", "is a reference name the generator fills; rename it")
        out[str(name)] = (span[0], span[1])
    return out


def check_ability(file: str, item: str, ability: Any) -> None:
    """One ability: its fields, and what each `use` needs (§7.12, §9.7, §12.4)."""
    check_record(file, item, ability, ABILITY, VERBS)
    use = ability["use"]
    need = {"action": ("effect", "cost"), "combat": ("effect",), "before_roll": ("effect",),
            "passive": ("query", "amount"), "key": ("condition", "amount")}[use]
    for key in need:
        if key not in ability:
            raise ContentError(file, item, f"abilities.{key}", f"a {use} ability needs {key}")
    if use == "key" and not isinstance(ability["condition"].get("phrase"), str):
        raise ContentError(file, item, "abilities.condition", "a key ability names the phrase it looks for")
    for pay in ability.get("pay", []):
        if pay != "counter" and pay not in RESOURCES:
            raise ContentError(file, item, "abilities.pay", f"{pay!r} is neither counter nor a resource")


def check_enemy(file: str, item: str, stats: Any) -> None:
    """Enemy numbers within §17.7's ranges: defense 4–10, attack 0 (–) or 4–11, health 1–4, resource rewards."""
    schema = {k: v for k, v in ENEMY.items() if k not in _TEMPLATE}
    check_record(file, item, stats, schema)
    if not 4 <= stats["defense"] <= 10:
        raise ContentError(file, item, "defense", f"must be 4-10, got {stats['defense']}")
    if stats["attack"] != 0 and not 4 <= stats["attack"] <= 11:
        raise ContentError(file, item, "attack", f"must be 0 (-) or 4-11, got {stats['attack']}")
    if not 1 <= stats["health"] <= 4:
        raise ContentError(file, item, "health", f"must be 1-4, got {stats['health']}")
    if stats.get("retreat", 1) not in (1, 2):
        raise ContentError(file, item, "retreat", "an enemy retreats 1 or 2 spaces")
    check_amounts(file, item, "reward", stats["reward"])


def check_amounts(file: str, item: str, field: str, amounts: Any) -> None:
    """A {resource: amount} mapping with known resources and amounts of at least 1."""
    if not isinstance(amounts, dict) or not amounts:
        raise ContentError(file, item, field, "must map resources to amounts")
    for name, n in amounts.items():
        if name not in RESOURCES:
            raise ContentError(file, item, f"{field}.{name}", f"unknown resource; known: {', '.join(RESOURCES)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ContentError(file, item, f"{field}.{name}", f"an amount is at least 1, got {n!r}")


def _check_filled(file: str, item: str, record: dict[str, Any], schema: Mapping[str, str]) -> None:
    left = _unfilled({k: v for k, v in record.items() if k != "params"})
    if left:
        raise ContentError(file, item, "-", f"{left} is neither a parameter nor a reference")
    check_record(file, item, record, {**schema, **KNOWN} if "pool" in record else schema, VERBS)
    for ability in record.get("abilities", []):
        check_ability(file, item, ability)
    if "enemy" in record:
        check_enemy(file, item, record["enemy"])
    if schema is ENEMY:
        check_enemy(file, item, {k: v for k, v in record.items() if k not in _TEMPLATE and k not in KNOWN})
    if schema is CRAFTED:
        check_amounts(file, item, "cost", record["cost"])
    if schema is QUEST:
        check_requirement(file, item, record["requirement"])
    for step in record.get("steps", []):
        check_record(file, item, step, NIGHT_STEP, VERBS)
    if record.get("kind") == "enemy" and "enemy" not in record:
        raise ContentError(file, item, "enemy", "an enemy card needs its stats")
    if record.get("weight", 1) < 1:
        raise ContentError(file, item, "weight", "a weight is at least 1")


def check_requirement(file: str, item: str, requirement: Any) -> None:
    """A quest requirement in the vocabulary of §17.24 rule 4."""
    check_record(file, item, requirement, REQUIREMENT)
    if "pay" in requirement:
        check_amounts(file, item, "requirement.pay", requirement["pay"])
    if ("pay_any" in requirement) != ("of" in requirement) or \
            any(r not in RESOURCES for r in requirement.get("of", [])):
        raise ContentError(file, item, "requirement.pay_any", "pay_any N needs `of`: the resources any mix of "
                                                              "which pays it")
    if "nights" in requirement and "at_landmark" not in requirement:
        raise ContentError(file, item, "requirement.nights", "a signal burns at a landmark: `nights` needs "
                                                             "`at_landmark`")
    if not set(requirement) - {"per_player", "at", "within", "of", "nights"}:
        raise ContentError(file, item, "requirement", "names nothing to do")


def check_template(file: str, item: str, record: Any, schema: Mapping[str, str]) -> None:
    """Check a template at both ends of every range, with stand-in numbers for the references."""
    if not isinstance(record, dict):
        raise ContentError(file, item, "-", "must be a mapping")
    ranges = param_ranges(file, item, record)
    for end in (0, 1):
        values = {**REFS, **{name: span[end] for name, span in ranges.items()}}
        _check_filled(file, item, fill(record, values), schema)


def _load_pool(folder: Path, name: str) -> tuple[dict[str, Any], ...]:
    file, schema = POOL_FILES[name]
    _, doc = read_file(folder, file)
    records = record_list(file, doc)
    for rid, record in unique_ids(file, records).items():
        check_template(file, rid, record, schema)
    return tuple(records)


def _load_known(folder: Path) -> dict[str, dict[str, Any]]:
    file = "known.yaml"
    _, doc = read_file(folder, file)
    known = unique_ids(file, record_list(file, doc))
    for rid, record in known.items():
        pool = record.get("pool") if isinstance(record, dict) else None
        if pool not in POOL_FILES:
            raise ContentError(file, rid, "pool", f"names no pool; known: {', '.join(POOL_FILES)}")
        schema = POOL_FILES[pool][1] if pool != "nights" else {**_TEMPLATE}
        check_template(file, rid, record, schema)
    return known


_POOLS: dict[Path, Pools] = {}
"""Pools read so far, by folder: each folder is read once per process (the Copy keeps what it drew)."""


def load_pools(folder: Path | None = None) -> Pools:
    """The pools of `folder` (the shipped `content/` by default), read and checked on first use."""
    where = (folder or CONTENT_DIR).resolve()
    if where not in _POOLS:
        loaded = {name: _load_pool(where, name) for name in POOL_FILES}
        names = {str(r["id"]): tuple(r["names"]) for r in loaded.pop("names")}
        _POOLS[where] = Pools(**loaded, names=names, known=_load_known(where))
    return _POOLS[where]
