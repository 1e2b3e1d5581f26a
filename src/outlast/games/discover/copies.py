"""Copies as players meet them: summaries, spoilers, playtests and the journal (discover.md §1.2–§1.3, §17.24).

`DiscoverGame.content_lines` and friends (the kernel's `generated_content` capability, used by `outlast copy`)
are written here: a spoiler-free summary of a copy, everything in it, a playtest by heuristic bots with a 95 %
interval, a search for a copy whose playtest win rate lies in a band, and the discovery journal of what players
have seen.
"""

from __future__ import annotations

import re
import secrets
from collections import Counter
from typing import TYPE_CHECKING, Any

from outlast.core import OutlastError
from outlast.core.rng import Rng
from outlast.core.stats import wilson
from outlast.core.words import count

from . import journal
from .copy import Copy
from .generator import generate_copy
from .terms import BACKS, CARD_KINDS, RESOURCES, TERRAINS

if TYPE_CHECKING:
    from .state import DiscoverState

_ID = re.compile(r"^[0-9a-f]{16}$")
MAX_BAND_SEEDS = 200
"""How many seeds `--band` draws at most before giving up."""


def copy_for_key(key: str) -> Copy:
    """The copy named by a seed, or by the id of a copy made or played before (the user's copy index)."""
    if not isinstance(key, str):
        raise OutlastError(f"a copy is named by its seed or its id, not {key!r}")
    known = journal.seed_of(key) if _ID.match(key) else None
    if known is not None:
        return generate_copy(known)
    try:
        seed = int(key)
    except ValueError:
        raise OutlastError(f"{key!r} is neither a seed nor the id of a copy you have made or played; "
                           "make it with: outlast copy new --seed SEED") from None
    if not 0 <= seed < 1 << 63:
        raise OutlastError(f"a copy's seed is a whole number from 0 to 2**63 - 1, not {seed}")
    made = generate_copy(seed)
    journal.remember(made.copy_id, made.seed)
    return made


def summary(made: Copy) -> list[str]:
    """What a player may know before playing: counts and the scenarios' opening cards."""
    terrains = Counter(TERRAINS[s.terrain] for t in made.tiles for s in t.spaces)
    kinds = Counter("exploration" if c.number <= 60 else "enemy" if c.number <= 88 else
                    "crafted item" if c.number <= 99 else "#100 encounter" for c in made.cards)
    openers = [q for q in made.quests if q.stage == 1]
    return [f"copy {made.copy_id} (seed {made.seed}, generator v{made.generator_version})",
            "terrain spaces: " + ", ".join(f"{n} {name}" for name, n in sorted(terrains.items())),
            "cards: " + ", ".join(f"{n} {name}" for name, n in kinds.items())
            + f", {len(made.projects)} projects, {len(made.threats)} threats, {len(made.nights)} nights, "
            f"{len(made.quests)} quests, {len(made.characters)} characters",
            f"tokens: {len(made.features)} feature, {len(made.monsters)} monster, {len(made.waters)} water source",
            "scenarios: " + "; ".join(f"{q.scenario} {q.name}" for q in openers)]


def _tile_lines(made: Copy) -> list[str]:
    out = []
    for tile in made.tiles:
        spaces = []
        for s in tile.spaces:
            marks = [f"landmark #{s.landmark}"] if s.landmark else []
            marks += [f"{BACKS[s.feature]} icon"] if s.feature >= 0 else []
            marks += ["water icon"] if s.water else []
            marks += [f"objective {s.objective}"] if s.objective else []
            spaces.append(TERRAINS[s.terrain] + (f" ({', '.join(marks)})" if marks else ""))
        out.append(f"  tile {tile.id} (pile {tile.pile}): " + "; ".join(spaces))
    return out


def spoilers(made: Copy) -> list[str]:
    """Everything in the copy, section by section."""
    lines = ["tiles:", *_tile_lines(made), "cards:"]
    lines += [f"  #{c.number}{f' v{c.variant}' if c.variant else ''} {c.name} ({CARD_KINDS[c.kind]}"
              f"{', ' + ', '.join(c.traits) if c.traits else ''}): {c.text}" for c in made.cards]
    lines += ["feature tokens:"] + [
        f"  {f.id} {BACKS[f.back]}: " + ("+".join(RESOURCES[r] for r in f.resources) or f"#{f.number}")
        for f in made.features]
    lines += ["monster tokens: " + ", ".join(f"#{m.number}{' (special)' if m.special else ''}" for m in made.monsters),
              "water sources: " + ", ".join(RESOURCES[w.resource] for w in made.waters), "projects:"]
    lines += [f"  {p.name} → #{p.item}: " + ", ".join(f"{n} {RESOURCES[r]}" for r, n in p.cost)
              + (" (fire)" if p.fire else "") + (" (advanced)" if p.advanced else "") for p in made.projects]
    lines += ["threats:"] + [f"  {t.name}: {t.text}" for t in made.threats]
    lines += ["nights:"] + [f"  {n.code} {n.name} (tier {n.tier}): " + " | ".join(f"{s.title}: {s.text}"
                                                                              for s in n.steps) for n in made.nights]
    lines += ["quests:"] + [f"  {q.code} {q.name}: {q.text}" for q in made.quests]
    lines += ["characters:"] + [f"  {c.name}, {c.title}: {c.text}" for c in made.characters]
    lines += ["counts: " + ", ".join(f"{k}={v}" for k, v in made.counts)]
    return lines


# ----------------------------------------------------------------------------- playtests
def playtest(game: Any, seed: int, games: int, players: int = 2) -> tuple[int, int]:
    """(survivors who won, survivors) over `games` heuristic-bot games of Scenario 1 on copy `seed`."""
    from .bots import HeuristicAgent

    rng = Rng(seed ^ 0x5EED)
    won = total = 0
    for k in range(games):
        state = game.new_game(seed=seed * 1_000 + k, players=players, scenario="1", copy=seed)
        agents = [HeuristicAgent() for _ in range(players)]
        steps = 0
        while not state.is_over() and steps < 20_000:
            movers = state.to_move()
            if movers == [-1]:
                state.apply(state.sample_chance())
            else:
                seat = movers[0]
                state.apply(agents[seat].act(state, seat, rng), seat)
            steps += 1
        if state.is_over():
            outcome = state.outcome()
            won += sum(1 for r in outcome.seats if r.won)
        total += players
    return won, total


def playtest_lines(game: Any, made: Copy, games: int) -> tuple[list[str], float]:
    won, total = playtest(game, made.seed, games)
    low, high = wilson(won, total)
    rate = won / total if total else 0.0
    return [f"playtest: {games} heuristic-bot games of scenario 1 (2 players): {won} of {total} survivors won, "
            f"{rate:.0%} (95 % interval {low:.0%}–{high:.0%})"], rate


def content_lines(game: Any, key: str | None, spoilers_too: bool, playtest_games: int,
                  band: tuple[float, float] | None) -> list[str]:
    """`DiscoverGame.content_lines`: a copy's summary (and spoilers), optionally playtested or banded."""
    if band is not None:
        return _banded(game, key, band, max(playtest_games, 10), spoilers_too)
    made = copy_for_key(key if key is not None else str(secrets.randbelow(1 << 31)))
    lines = summary(made)
    if playtest_games:
        lines += playtest_lines(game, made, playtest_games)[0]
    return lines + (spoilers(made) if spoilers_too else [])


def _banded(game: Any, key: str | None, band: tuple[float, float], games: int, spoilers_too: bool) -> list[str]:
    low, high = band
    if not 0 <= low <= high <= 1:
        raise OutlastError(f"a band is two win rates LOW-HIGH with 0 <= LOW <= HIGH <= 1, not {low}-{high}")
    start = int(key) if key is not None and key.isdigit() else secrets.randbelow(1 << 31)
    tried = []
    for seed in range(start, start + MAX_BAND_SEEDS):
        made = copy_for_key(str(seed))
        lines, rate = playtest_lines(game, made, games)
        tried.append(f"seed {seed}: {rate:.0%}")
        if low <= rate <= high:
            note = [f"band {low:.0%}–{high:.0%}: seed {seed} after {count(len(tried), 'copy')} ({', '.join(tried[-5:])})"]
            return summary(made) + lines + note + (spoilers(made) if spoilers_too else [])
    raise OutlastError(f"no copy from seed {start} on has a playtest win rate in {low:.0%}–{high:.0%} "
                       f"after {MAX_BAND_SEEDS} seeds")


# ----------------------------------------------------------------------------- the journal
def journal_entries(state: DiscoverState) -> list[tuple[str, int]]:
    """What the players of `state` have seen, as journal entries (cards by number, the others by id)."""
    out = []
    for value in state.journal:
        if value > 0:
            out.append(("card", value))
        elif value <= -3000:
            out.append(("threat", -3000 - value))
        elif value <= -2000:
            out.append(("night", -2000 - value))
        elif value <= -1000:
            out.append(("quest", -1000 - value))
        else:
            out.append(("feature", -1 - value))
    for position, face in enumerate(state.tile_face):
        if face >= 0 and position:
            out.append(("tile", face))
    return sorted(set(out))


def journal_lines(key: str) -> list[str]:
    made = copy_for_key(key)
    table = journal.seen(made.copy_id)
    lines = [f"journal of copy {made.copy_id} ({journal.journal_path(made.copy_id)})"]
    names = _names(made)
    for kind, numbers in sorted(table.items()):
        lines.append(f"  {kind}: " + ", ".join(names.get((kind, n), str(n)) for n in numbers))
    return lines if table else [*lines, "  nothing seen yet"]


def _names(made: Copy) -> dict[tuple[str, int], str]:
    out: dict[tuple[str, int], str] = {}
    for c in made.cards:
        out.setdefault(("card", c.number), f"#{c.number} {c.name}")
    out.update({("threat", t.id): t.name for t in made.threats})
    out.update({("night", n.id): n.name for n in made.nights})
    out.update({("quest", q.id): f"{q.code} {q.name}" for q in made.quests})
    return out


def record_seen(state: DiscoverState) -> list[str]:
    """Write what the players have seen into the copy's journal; the names of those seen in earlier games."""
    made = state.copy
    journal.remember(made.copy_id, made.seed)
    before = journal.record_many(made.copy_id, journal_entries(state))
    names = _names(made)
    return [names.get(entry, f"{entry[0]} {entry[1]}") for entry in before if entry[0] in ("card", "threat")]
