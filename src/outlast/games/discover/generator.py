"""The unique-copy generator: `generate_copy(seed)` makes one valid Copy of Discover (discover.md §1.3, §17.24).

`copy_id` is the first 16 hex digits of sha256("{GENERATOR_VERSION}:{seed}"); every draw comes from one
`outlast.core.Rng` seeded with `int(copy_id, 16)`, in the fixed order of `_draw` (docs/discover.md, "The copy
generator"). A copy that fails `validate.validate_copy` is drawn again from a sub-stream: attempt k seeds its
Rng with `int(copy_id, 16) + k` (attempt 0 is the plain stream), so a seed always gives the same copy.

>>> copy_id_for(0) == generate_copy(0).copy_id
True
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from outlast.core import Rng

from .copy import Copy
from .generator_cards import (
    Numbers,
    draw_crafted,
    draw_encounters,
    draw_enemies,
    draw_enemy_plan,
    draw_exploration,
    draw_exploration_plan,
    draw_features,
    draw_monsters,
    numbered,
    waters,
)
from .generator_decks import draw_characters, draw_nights, draw_quests, draw_threats, quest_refs
from .generator_island import draw_island, icon_counts
from .generator_pools import Pools, load_pools
from .generator_util import Draw
from .validate import CopyInvalid, validate_copy

GENERATOR_VERSION = 2
"""2: Scenario 2's signal burns 2 nights, and the copy passes §17.24 rules 10–11 (a landmark on piles 3–4; wood and
stone for the 4-player Shelter plus 4)."""
LANDMARKS = (8, 12)
OBJECTIVES = (0, 3)
ATTEMPTS = 16
"""Sub-streams tried before giving up; by construction the first one is valid (the benchmark counts retries)."""


def copy_id_for(seed: int) -> str:
    """The id of the copy `seed` makes: 16 hex digits of sha256 over the generator version and the seed."""
    return hashlib.sha256(f"{GENERATOR_VERSION}:{seed}".encode()).hexdigest()[:16]


def _landmarks(draw: Draw, numbers: Numbers, counts: dict[str, int]) -> list[int]:
    """8–12 landmark numbers: #1 and #33 first, then the rest (the Quest Item's number among them) in a random
    order that `generator_island.LANDMARK_PILES` places."""
    total = draw.between(*LANDMARKS)
    eligible = [n for n in numbers.exploration if n not in (1, 2, 3, 33, numbers.quest_item)
                and n not in numbers.specials]
    rest = draw.shuffled([*draw.sample(eligible, total - 3), numbers.quest_item])
    counts["landmarks"] = total
    return [1, 33, *rest]


def _draw(seed: int, copy_id: str, rng: Rng, pools: Pools) -> Copy:
    """One attempt, in the documented draw order."""
    draw = Draw(rng)
    counts: dict[str, int] = {}
    numbers = Numbers()
    draw_exploration_plan(draw, numbers, counts)
    lethal, retreaters = draw_enemy_plan(draw, numbers, counts)
    numbers.landmarks = _landmarks(draw, numbers, counts)
    objectives = counts["objectives"] = draw.between(*OBJECTIVES)
    tiles = draw_island(draw, numbers.landmarks, objectives)
    counts.update(icon_counts(tiles))
    cards = draw_exploration(draw, pools, numbers) + draw_enemies(draw, pools, numbers, lethal, retreaters)
    crafted, projects = draw_crafted(draw, pools, numbers)
    cards += crafted + draw_encounters(draw, pools)
    features = draw_features(draw, numbers)
    monsters = draw_monsters(draw, numbers)
    threats = draw_threats(draw, pools, counts)
    nights = draw_nights(draw, pools)
    specials = [m.number for m in monsters if m.special]
    refs = quest_refs(draw, tiles, specials, numbers.quest_item, numbers.signal, objectives)
    quests = draw_quests(draw, pools, refs, objectives)
    characters = draw_characters(draw, pools)
    counts.update(feature_faces_resource=sum(bool(f.resources) for f in features),
                  feature_faces_double=sum(len(f.resources) == 2 for f in features),
                  feature_faces_exploration=sum(1 <= f.number <= 60 for f in features),
                  feature_faces_enemy=sum(f.number > 60 for f in features))
    return Copy(copy_id=copy_id, seed=seed, generator_version=GENERATOR_VERSION, tiles=tiles,
                features=tuple(features), waters=tuple(waters()), monsters=tuple(monsters), cards=numbered(cards),
                projects=tuple(projects), threats=tuple(threats), nights=tuple(nights), quests=tuple(quests),
                characters=tuple(characters), counts=tuple(sorted(counts.items())))


def generate_copy(seed: int, content_dir: Path | None = None) -> Copy:
    """The copy of Discover that `seed` makes (with the pools of `content_dir`, the shipped ones by default).

    Deterministic: the same seed (and pools) gives an equal copy on every machine. The result has passed every
    rule of `validate.validate_copy`; `CopyInvalid` if no sub-stream gives a valid one.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int, not {type(seed).__name__}")
    pools = load_pools(content_dir)
    copy_id = copy_id_for(seed)
    fault: CopyInvalid | None = None
    for attempt in range(ATTEMPTS):
        made = _draw(seed, copy_id, Rng(int(copy_id, 16) + attempt), pools)
        try:
            validate_copy(made)
        except CopyInvalid as exc:
            fault = exc
            continue
        if attempt:
            made = _with_attempts(made, attempt)
        return made
    assert fault is not None
    raise fault


def _with_attempts(made: Copy, attempt: int) -> Copy:
    """The copy with the number of the attempt that made it recorded in its counts."""
    return replace(made, counts=tuple(sorted((*made.counts, ("attempts", attempt)))))
