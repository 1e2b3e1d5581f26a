"""A Copy: one generated, immutable bundle of Discover content (discover.md §1.3, §17.24).

A game is always played with exactly one Copy. The generator (`generator.generate_copy`) makes one from a seed;
this module only says what a Copy holds. Every effect inside it is data in the effect language (architecture §3,
`verbs.py`): a list of one-verb mappings such as `[{gain: {food: 2}}, {resolve: {card: 3}}]`.

Numbers that index a Copy's tuples (a card's `id`, a token's `id`) are what states and actions hold; a card's
printed `number` (#1–#100) is what players read and what lookups search for (§9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

Effect = Any
"""An effect in the effect language: a list of one-verb mappings (validated by `verbs.VERBS`)."""


@dataclass(frozen=True)
class SpacePrint:
    """What is printed on one space of a tile face (§6.1, §17.4)."""

    terrain: int
    """Index into `terms.TERRAINS`."""
    landmark: int = 0
    """The landmark's number (an exploration card number, §6.5), or 0."""
    feature: int = -1
    """The feature icon's back type (index into `terms.BACKS`), or -1 for none."""
    water: bool = False
    """A water-source icon (§7.3)."""
    objective: int = 0
    """A red objective icon's number (1–3), or 0 (§13.5)."""


@dataclass(frozen=True)
class TileFace:
    """One map tile: its pile (0 for the start tile, else the number on its back) and its 7 spaces, the centre
    first, then the neighbours in `terms.NEIGHBOURS` order (§17.1)."""

    id: int
    pile: int
    spaces: tuple[SpacePrint, ...]


@dataclass(frozen=True)
class Ability:
    """A standing or usable ability of an item, upgrade, character or quest card (§7.12, §9.8, §12.4).

    `use` says when it works:
    - `action`: a card action "N: effect" on its holder's own turn, costing `cost` stamina (§7.12);
    - `combat`: a dice modifier used by a combatant in the modify step, once per combat (§12.4); `pay` lists
      what one use may be paid with (`counter`, or a resource name; empty: free);
    - `before_roll`: used by the combatant right after the support choices, before the dice are rolled
      (§12.3 P2), once per combat; a +/− modifier it gives stays on its die through the roll;
    - `passive`: answers the modifier query `query` (for example `move_cost`, `sleep_bonus`) with `amount`,
      when `condition` holds;
    - `key`: the key-item switch of §9.7 (`condition.phrase` names the phrase, `amount` the number offset).
    `once` is `""`, `"day"` or `"combat"` (§9.8).
    """

    use: str
    effect: Effect = None
    cost: int = 0
    pay: tuple[str, ...] = ()
    query: str = ""
    amount: int = 0
    condition: Any = None
    once: str = ""
    text: str = ""
    """The ability's text for players, rendered from its data by the generator."""


@dataclass(frozen=True)
class EnemyStats:
    """An enemy card's numbers (§3.4, §11, §12): attack 0 stands for "–" (it never hurts)."""

    defense: int
    attack: int
    health: int
    reward: tuple[tuple[int, int], ...]
    """(resource index, amount) pairs."""
    lethal: bool = False
    retreat: int = 1
    special: bool = False


@dataclass(frozen=True)
class Card:
    """One physical numbered card: exploration (#1–60), enemy (#61–88), crafted item (#89–99) or encounter (#100).

    Cards sharing a number are identical (§9.5) except the variants at the thinned numbers (`variant` ≥ 1) and
    the #100 encounter cards (§17.15).
    """

    id: int
    number: int
    name: str
    kind: int
    """Index into `terms.CARD_KINDS`: instant, upgrade, item or enemy (§9.2)."""
    effect: Effect = None
    """An instant's effect (or an item's/upgrade's effect when found, rarely)."""
    abilities: tuple[Ability, ...] = ()
    traits: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    """Phrases in its text that other cards look for (the key item's `door is locked`, §9.7)."""
    enemy: EnemyStats | None = None
    counters: int = 0
    """Counters placed when found or crafted (§9.8)."""
    carry: int = 0
    """How many resources the item can carry (§8.4)."""
    leave_token: bool = False
    """A numbered feature token that resolved this card stays in its space, faceup (§7.3)."""
    variant: int = 0
    flavour: str = ""
    text: str = ""
    """The card's text for players, rendered from its data."""


@dataclass(frozen=True)
class FeatureToken:
    """One feature token: its back, and a face that is resources, an exploration number or an enemy number (§3.4)."""

    id: int
    back: int
    resources: tuple[int, ...] = ()
    """One or two resource indices (two: a double token, §8.1); empty when the face is a number."""
    number: int = 0
    """The exploration or enemy card number on its face, or 0."""


@dataclass(frozen=True)
class MonsterToken:
    """A monster token (§11): the enemy number on its face; `special` tokens have the same image on both sides."""

    id: int
    number: int
    special: bool = False


@dataclass(frozen=True)
class WaterSource:
    """A water source token and the resource it shows (§7.3, §17.16)."""

    id: int
    resource: int


@dataclass(frozen=True)
class Project:
    """A project card (§3.4, §7.6): the crafted item number it makes, its cost and whether it needs a fire."""

    id: int
    name: str
    item: int
    cost: tuple[tuple[int, int], ...]
    fire: bool = False
    advanced: bool = False


@dataclass(frozen=True)
class NightStep:
    """One titled step of a night card; `tag` is `upkeep`, `sleep`, `bonus`, `event`, `monster` or `threat`."""

    title: str
    tag: str
    effect: Effect
    text: str = ""


@dataclass(frozen=True)
class NightCard:
    """A night card (§5.3, §17.11): its tier (1 or 2), its printed code and its steps from top to bottom."""

    id: int
    name: str
    tier: int
    steps: tuple[NightStep, ...]
    code: str = ""


@dataclass(frozen=True)
class ThreatCard:
    """A threat card (§5.5, §17.10). An ongoing one stays with its drawer and runs `ongoing` at each night's Sleep
    step until `discard_when` happens (`sleep_at_fire`, `recover`, `night_end`, or a number of nights)."""

    id: int
    name: str
    effect: Effect
    ongoing: bool = False
    tribal: bool = False
    ongoing_effect: Effect = None
    discard_when: str = ""
    text: str = ""


@dataclass(frozen=True)
class Quest:
    """A quest card `scenario.stage` (§13, §17.12).

    `requirement` is in the vocabulary of §17.24 rule 4 (`investigate`, `hold_item`, `hold_trait`, `at_landmark`,
    `at_objective`, `defeat`, `craft`, `pay`); `outcome` is `advance` or `win`; `on_reveal` is an effect run when
    the card becomes the current quest (a special monster spawned, say)."""

    id: int
    scenario: int
    stage: int
    name: str
    requirement: Any
    outcome: str
    on_reveal: Effect = None
    abilities: tuple[Ability, ...] = ()
    text: str = ""

    @property
    def code(self) -> str:
        return f"{self.scenario}.{self.stage}"


@dataclass(frozen=True)
class Character:
    """A character card (§3.4, §17.13): a name, an ability title and its abilities."""

    id: int
    name: str
    title: str
    abilities: tuple[Ability, ...]
    code: str = ""
    flavour: str = ""
    text: str = ""


TABLES: list[Callable[[Any], Any]] = []
"""The builders of the tables the rules read on their hot paths as `copy.derived[build]`, registered by `@table`:
every copy has them built before its first state exists (`Copy.prepare`)."""


Build = TypeVar("Build", bound=Callable[[Any], Any])


def table(build: Build) -> Build:
    """Register `build` (a function of a copy) as a table of `TABLES`: read it as `copy.derived[build]`, a plain
    dictionary look-up (a dictionary subclass that built on a miss would cost a Python-level call on every hit)."""
    TABLES.append(build)
    return build


@dataclass(frozen=True)
class Copy:
    """One generated copy of Discover: the Island and every deck, token and card of §17.24. Immutable."""

    copy_id: str
    seed: int
    generator_version: int
    tiles: tuple[TileFace, ...]
    """17 tile faces: index 0 is the start tile; the others carry their pile number (§17.2)."""
    features: tuple[FeatureToken, ...]
    waters: tuple[WaterSource, ...]
    monsters: tuple[MonsterToken, ...]
    """The normal monster tokens (8) then the special ones (§17.14)."""
    cards: tuple[Card, ...]
    """Every numbered card: exploration, enemy, crafted item and #100 encounter cards."""
    projects: tuple[Project, ...]
    threats: tuple[ThreatCard, ...]
    nights: tuple[NightCard, ...]
    quests: tuple[Quest, ...]
    characters: tuple[Character, ...]
    counts: tuple[tuple[str, int], ...] = ()
    """The exact counts the generator drew from its documented ranges (§17.24), by name."""
    derived: dict[Any, Any] = field(init=False, repr=False, compare=False, hash=False)
    """Tables built from this copy (the map, lookups), by the function that builds them: those of `TABLES` are built
    by `prepare` before a state uses the copy, and the rules read them as `copy.derived[build]`; any other is built on
    first use through `derive`. A pickled copy carries none of them (some are closures)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "derived", {})

    def prepare(self) -> None:
        """Build every registered table (`TABLES`) not built yet: called wherever a state is given this copy."""
        derived = self.derived
        for build in TABLES:
            if build not in derived:
                derived[build] = build(self)

    def derive(self, build: Any) -> Any:
        """`build(self)`, built once and kept on this copy (the map graph, the card index): `derived[build]`."""
        derived = self.derived
        if build not in derived:
            derived[build] = build(self)
        return derived[build]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its tables: they are rebuilt from the copy wherever it is loaded (`__setstate__`)."""
        return {**self.__dict__, "derived": {}}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.prepare()
