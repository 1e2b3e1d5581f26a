"""Fuji content: loads and checks `content/*.yaml` into frozen tables, owned by a game object (`FujiGame.content`)
and shared by every state of that game (architecture §3: no content is process-wide).

Equipment, skill and injury behaviour is keyed on effect verbs (architecture §3), never on names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from outlast.core import KERNEL, ContentError, VerbRegistry, Words, check_record
from outlast.core.content import Derives, read_file, record_list, unique_ids

from . import abilities

CONTENT_DIR = Path(__file__).parent / "content"
COLOURS = "YBP"
COLOUR_NAMES = {"Y": "yellow", "B": "blue", "P": "pink"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {'dice' if word == 'die' else word + 's'}"


def make_verbs() -> VerbRegistry:
    """The Fuji effect verbs (fuji.md §9, §10.6, §14, §15), each with its parameters and text."""
    v = VerbRegistry()
    # equipment (§15)
    v.register("swap_terrain", {}, lambda p: "Swap two open, empty landscape cards.")
    v.register("borrow_die", {}, lambda p: "A teammate may lend you one die, face kept, until the round ends.")
    v.register("everyone_rerolls_one", {}, lambda p: "Every explorer, you included, must reroll one die of their choice.")
    v.register("lend_die", {}, lambda p: "Give one of your dice, face kept, to another explorer until the round ends.")
    v.register("turn_over", {"face": "int"}, lambda p: f"Turn any of your dice showing {p['face']} to the opposite face.")
    v.register("set_aside", {"max": "int"}, lambda p: f"Set aside up to {_plural(p['max'], 'die')} of yours in the open; they count for nobody this round.")
    v.register("lower_screen", {}, lambda p: "Lower your screen until this phase ends.")
    v.register("no_stamina_loss", {}, lambda p: "You lose no stamina this round (a failed move still fails).")
    v.register("set_face", {}, lambda p: "Turn one of your dice to any face.")
    v.register("step_now", {}, lambda p: "Move your meeple now to an adjacent card it may enter.")
    v.register("movement_bonus", {"amount": "int"}, lambda p: f"Add {p['amount']} to your movement value on your own turn this round.")
    v.adopt(KERNEL.reroll, words=Words(any_dice="any of your dice", options=frozenset({"times"})))
    v.register("grant_reroll", {"times": "int"}, lambda p: f"Give another explorer {_plural(p['times'], 'reroll')}.")
    v.register("copy_card", {}, lambda p: "Use the effect of any face-up equipment card on the table; this card is discarded, the other stays.")
    # skills (§14)
    v.register("pass_equipment", {}, lambda p: "Give any of your equipment cards to any teammate at any time, even with a broken arm.")
    v.register("long_stride", {"steps": "int"}, lambda p: f"Move up to {p['steps']} steps; at that full distance you get no rerolls in phase 3.")
    v.register("set_die_aside", {"dice": "int"}, lambda p: f"Once a round in phase 3, set {_plural(p['dice'], 'die')} aside in the open; it counts for nobody.")
    v.register("extra_rerolls", {"count": "int"}, lambda p: f"Get {_plural(p['count'], 'extra reroll')} in phase 3, even with an eye injury.")
    v.register("power_bars", {"max": "int"}, lambda p: f"Earn a power bar for each phase-3 reroll you skip (hold up to {p['max']}); in phase 5 spend bars for +1 each to the mover's value.")
    v.register("double_use", {}, lambda p: "Use each of your equipment cards twice before discarding it.")
    # injuries (§10.6)
    v.adopt(KERNEL.lose, words=Words(resources={"dice": ("die", "dice")}))
    v.register("no_equipment", {}, lambda p: "You may not use equipment cards (passing them on is still allowed).")
    v.register("lose_skill", {}, lambda p: "You lose your skill; a tinkerer discards every tapped card.")
    v.register("no_base_rerolls", {}, lambda p: "No phase-3 rerolls from distance or the reroll symbol.")
    return v


VERBS = make_verbs()
abilities.register(VERBS)

_CLAUSE = re.compile(r"^(\*|[YBP]{1,3}):(\*|odd|even|[1-6]{1,6})$")


def parse_clause(text: str) -> tuple[frozenset[str], frozenset[int]]:
    """One requirement clause `COLOURS:VALUES` (§7.4) into (colours, values)."""
    m = _CLAUSE.match(text)
    if not m:
        raise ValueError(f"bad requirement clause {text!r}")
    cols, vals = m.groups()
    colours = frozenset(COLOURS) if cols == "*" else frozenset(cols)
    if vals == "*":
        values = frozenset(range(1, 7))
    elif vals == "odd":
        values = frozenset((1, 3, 5))
    elif vals == "even":
        values = frozenset((2, 4, 6))
    else:
        values = frozenset(int(c) for c in vals)
    return colours, values


@cache
def requirement_text(clauses: tuple[str, ...]) -> str:
    """Words for a requirement, made from its clauses."""
    parts = []
    for c in clauses:
        cols, vals = c.split(":")
        cw = "any" if cols == "*" else " or ".join(COLOUR_NAMES[x] for x in cols)
        if vals == "*":
            parts.append(f"{cw} dice" if cols != "*" else "every die")
        elif vals in ("odd", "even"):
            parts.append(f"{cw} dice showing {vals} values")
        else:
            parts.append(f"{cw} dice showing {', '.join(vals)}")
    return "; or ".join(parts) if parts else "cannot be entered"


@dataclass(frozen=True)
class TerrainCard:
    id: str
    kind: str  # landscape, village, volcano, rubble
    requires: tuple[str, ...]
    extra_reroll: bool
    valid: tuple[tuple[bool, ...], ...]
    """valid[colour_index][value] — whether a die of that colour and value counts (§7.4)."""


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    dice: int
    draw: int
    keep: int
    abilities: dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Equipment:
    id: str
    name: str
    phases: tuple[int, ...]
    scope: str
    effect: Any
    branches: tuple[tuple[str, dict[str, Any]], ...]
    """The card's choosable effects as (verb, params): one entry, or several for a `choose` card."""
    rendered: str
    """The card text, rendered once from the effect data at load time."""

    def text(self) -> str:
        """Player-facing text, rendered from the effect data."""
        return self.rendered


@dataclass(frozen=True)
class Scenario:
    id: int
    name: str
    thrill: str
    map: tuple[str, ...]


@dataclass(frozen=True)
class Content(Derives):
    """One game object's Fuji content (`load_content`); `derive` keeps the tables built from it (boards, odds)."""

    die_colours: tuple[tuple[str, ...], ...]
    """die_colours[die][value] — colour letter of die type `die` (0..5) showing `value` (1..6)."""
    default_left_out: int
    terrain: tuple[TerrainCard, ...]
    levels: dict[int, tuple[tuple[int, int], ...]]
    stamina_spaces: int
    exhaustion: int
    injury_spaces: tuple[int, ...]
    characters: tuple[dict[str, str], ...]
    skills: tuple[Skill, ...]
    injuries: tuple[dict[str, Any], ...]
    equipment: tuple[Equipment, ...]
    scenarios: tuple[Scenario, ...]
    equipment_by_id: dict[str, int] = field(init=False, repr=False, compare=False)
    """Equipment card id → its index: actions name cards by id, a state keeps them in content order."""
    terrain_by_id: dict[str, int] = field(init=False, repr=False, compare=False)
    skill_by_id: dict[str, int] = field(init=False, repr=False, compare=False)
    character_by_id: dict[str, int] = field(init=False, repr=False, compare=False)
    derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, ids in (("equipment_by_id", [card.id for card in self.equipment]),
                          ("terrain_by_id", [card.id for card in self.terrain]),
                          ("skill_by_id", [skill.id for skill in self.skills]),
                          ("character_by_id", [character["id"] for character in self.characters])):
            object.__setattr__(self, name, {card_id: i for i, card_id in enumerate(ids)})  # frozen: set once here

    def terrain_index(self, card_id: str) -> int:
        """Index of terrain card `card_id` (`L07`, `H3`); ValueError if there is none."""
        for i, c in enumerate(self.terrain):
            if c.id == card_id:
                return i
        raise ValueError(f"no terrain card {card_id!r}")


def _load_dice(directory: Path) -> tuple[list[tuple[str, ...]], int]:
    """dice.yaml (§17.1): each die type's colour per face, and the die a 5-die skill leaves out."""
    f, doc = read_file(directory, "dice.yaml")
    check_record(f, "dice", doc, {"pairs": "list", "dice": "list", "default_left_out": "str"})
    pairs = doc["pairs"]
    if sorted(v for p in pairs for v in p) != [1, 2, 3, 4, 5, 6] or any(len(p) != 2 for p in pairs):
        raise ContentError(f, "pairs", "pairs", "must split the faces 1-6 into three pairs")
    dice = unique_ids(f, doc["dice"])
    if len(dice) != 6:
        raise ContentError(f, "dice", "dice", "a set has exactly 6 dice")
    die_colours = []
    for did, rec in dice.items():
        check_record(f, did, rec, {"id": "str", "colours": "list[str]"})
        if len(rec["colours"]) != 3 or any(c not in COLOURS for c in rec["colours"]):
            raise ContentError(f, did, "colours", "three colours from Y, B, P, one per face pair")
        faces = ["-"] * 7
        for pair, col in zip(pairs, rec["colours"], strict=True):
            for v in pair:
                faces[v] = col
        die_colours.append(tuple(faces))
    ids = list(dice)
    if doc["default_left_out"] not in ids:
        raise ContentError(f, "dice", "default_left_out", f"must be one of {', '.join(ids)}")
    left_out = ids.index(doc["default_left_out"])
    return die_colours, left_out


def _load_terrain(directory: Path) -> list[TerrainCard]:
    """terrain.yaml (§7.4, §17.2): each card's kind, requirement and reroll symbol."""
    f, doc = read_file(directory, "terrain.yaml")
    terrain = []
    for tid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, tid, rec, {"id": "str", "kind": "enum(landscape|village|volcano|rubble)",
                                   "requires": "list[str]", "extra_reroll": "bool?"})
        valid = [[False] * 7 for _ in COLOURS]
        for clause in rec["requires"]:
            try:
                cols, vals = parse_clause(clause)
            except ValueError as exc:
                raise ContentError(f, tid, "requires", str(exc)) from None
            for ci, c in enumerate(COLOURS):
                for value in range(1, 7):
                    if c in cols and value in vals:
                        valid[ci][value] = True
        enterable = rec["kind"] in ("landscape", "village")
        if enterable != bool(rec["requires"]):
            raise ContentError(f, tid, "requires", "landscape and village cards need a requirement; others none")
        terrain.append(TerrainCard(tid, rec["kind"], tuple(rec["requires"]), bool(rec.get("extra_reroll", False)),
                                   tuple(tuple(r) for r in valid)))
    kinds = [t.kind for t in terrain]
    for kind, need in (("landscape", 24), ("village", 6), ("volcano", 1), ("rubble", 2)):
        if kinds.count(kind) != need:
            raise ContentError(f, "-", "kind", f"need {need} {kind} cards (§2.1), found {kinds.count(kind)}")
    return terrain


def _load_levels(directory: Path) -> dict[int, tuple[tuple[int, int], ...]]:
    """levels.yaml (§4): the stamina-loss table of each level."""
    f, doc = read_file(directory, "levels.yaml")
    levels: dict[int, tuple[tuple[int, int], ...]] = {}
    for rec in record_list(f, doc):
        item = f"level {rec.get('level', '?')}" if isinstance(rec, dict) else "?"
        check_record(f, item, rec, {"level": "int", "rows": "list"})
        rows = []
        for row in rec["rows"]:
            check_record(f, item, row, {"d": "int", "loss": "int"})
            rows.append((row["d"], row["loss"]))
        if not rows or rows[0][0] != 0 or [r[0] for r in rows] != sorted(r[0] for r in rows):
            raise ContentError(f, item, "rows", "rows must start at d 0 and rise")
        if any(r[1] < 0 for r in rows):
            raise ContentError(f, item, "rows", "a loss is a number of spaces, never negative")
        levels[rec["level"]] = tuple(rows)
    if sorted(levels) != [1, 2, 3, 4]:
        raise ContentError(f, "-", "level", "levels 1 to 4 are needed")
    return levels


def _load_stamina(directory: Path) -> Any:
    """stamina.yaml (§17.3): the stamina board's spaces, exhaustion and injury spaces."""
    f, stamina = read_file(directory, "stamina.yaml")
    doc = stamina
    check_record(f, "board", doc, {"spaces": "int", "exhaustion": "int", "injury_spaces": "list[int]"})
    if doc["exhaustion"] != doc["spaces"] - 1 or any(not 0 < s < doc["exhaustion"] for s in doc["injury_spaces"]):
        raise ContentError(f, "board", "exhaustion", "exhaustion is the last space; injuries lie before it")
    return stamina


def _load_people(directory: Path) -> tuple[list[dict[str, Any]], list[Skill], list[dict[str, Any]]]:
    """characters.yaml, skills.yaml and injuries.yaml (§3.1, §14, §10.6)."""
    f, doc = read_file(directory, "characters.yaml")
    chars = []
    for cid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, cid, rec, {"id": "str", "name": "str", "colour": "str"})
        chars.append(dict(rec))
    f, doc = read_file(directory, "skills.yaml")
    skills = []
    for sid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, sid, rec, {"id": "str", "name": "str", "dice": "int", "draw": "int", "keep": "int",
                                   "abilities": "effect"}, VERBS)
        if rec["dice"] not in (5, 6) or not 0 < rec["keep"] <= rec["draw"]:
            raise ContentError(f, sid, "dice", "5 or 6 dice, and keep between 1 and draw")
        abilities = dict(VERBS.verbs_in(rec["abilities"]))
        skills.append(Skill(sid, rec["name"], rec["dice"], rec["draw"], rec["keep"], abilities))
    f, doc = read_file(directory, "injuries.yaml")
    injuries = []
    for iid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, iid, rec, {"id": "str", "name": "str", "effect": "effect"}, VERBS)
        if any(verb == "lose" and params.get("dice") != 1 for verb, params in VERBS.verbs_in(rec["effect"])):
            raise ContentError(f, iid, "dice", "an injury loses one die (§10.6: a meeple has one die to lose)")
        injuries.append(dict(rec))
    if len(injuries) != 4:
        raise ContentError(f, "-", "-", "there are exactly four injuries (§10.6)")
    return chars, skills, injuries


def _load_equipment(directory: Path) -> list[Equipment]:
    """equipment.yaml (§15): each card's phases, scope and effect, validated by the verbs."""
    f, doc = read_file(directory, "equipment.yaml")
    equipment = []
    for eid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, eid, rec, {"id": "str", "name": "str", "phases": "list[int]",
                                   "scope": "enum(owner|owner_and_one|everyone|board)", "effect": "effect"}, VERBS)
        if any(p not in (2, 4) for p in rec["phases"]):
            raise ContentError(f, eid, "phases", "equipment is used in phase 2 or 4 (§9.1)")
        eff = rec["effect"]
        if isinstance(eff, dict) and "choose" in eff:
            branches = tuple(VERBS.verbs_in(b)[0] for b in eff["choose"])
        else:
            vs = VERBS.verbs_in(eff)
            if len(vs) != 1:
                raise ContentError(f, eid, "effect", "an equipment card has one verb or a choose")
            branches = (vs[0],)
        equipment.append(Equipment(eid, rec["name"], tuple(rec["phases"]), rec["scope"], eff, branches,
                                   VERBS.render(eff)))
    if len(equipment) != 15:
        raise ContentError(f, "-", "-", f"there are 15 equipment cards (§2.1), found {len(equipment)}")
    return equipment


def _load_scenarios(directory: Path) -> list[Scenario]:
    """scenarios.yaml (§17.4): the seven terrain layouts."""
    f, doc = read_file(directory, "scenarios.yaml")
    scenarios = []
    for rec in record_list(f, doc):
        item = f"scenario {rec.get('id', '?')}" if isinstance(rec, dict) else "?"
        check_record(f, item, rec, {"id": "int", "name": "str", "thrill": "str", "map": "list[str]"})
        scenarios.append(Scenario(rec["id"], rec["name"], rec["thrill"], tuple(rec["map"])))
    if sorted(s.id for s in scenarios) != list(range(1, 8)):
        raise ContentError(f, "-", "id", "scenarios 1 to 7 are needed")
    scenarios.sort(key=lambda s: s.id)
    return scenarios


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Load and validate every Fuji content file; any fault raises `ContentError`."""
    die_colours, left_out = _load_dice(directory)
    terrain = _load_terrain(directory)
    levels = _load_levels(directory)
    stamina = _load_stamina(directory)
    chars, skills, injuries = _load_people(directory)
    equipment = _load_equipment(directory)
    scenarios = _load_scenarios(directory)
    content = Content(tuple(die_colours), left_out, tuple(terrain), levels, stamina["spaces"],
                      stamina["exhaustion"], tuple(stamina["injury_spaces"]), tuple(chars),
                      tuple(skills), tuple(injuries), tuple(equipment), tuple(scenarios))
    from .board import check_scenarios

    check_scenarios(content)
    return content
