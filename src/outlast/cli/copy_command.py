"""`outlast copy`: make, show and look up generated copies of Discover (discover.md §1.3, §17.24).

`copy new [--seed N]` generates a copy and prints its id with a summary that spoils nothing; `copy show
ID|SEED [--spoilers]` prints it again (everything in it with --spoilers); `copy journal ID|SEED` prints what
players have seen of it. A copy id is a hash, so `show ID` finds the seed in the user's copy index (every copy
made or shown by seed is remembered there). Copies are Discover's own: this command reaches the Discover
package directly, the one door that does (docs/decisions/0017-discover-generator.md).
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections import Counter
from typing import Any

from ..games.discover import journal
from ..games.discover.copy import Copy
from ..games.discover.generator import generate_copy
from ..games.discover.terms import BACKS, CARD_KINDS, RESOURCES, TERRAINS
from .main import BadInput

_ID = re.compile(r"^[0-9a-f]{16}$")


def _copy_for(given: str) -> Copy:
    """The copy named by a copy id from the index, or by a seed."""
    try:
        known = journal.seed_of(given) if _ID.match(given) else None
    except journal.JournalError as exc:
        raise BadInput(str(exc)) from None
    if known is not None:
        return generate_copy(known)
    try:
        seed = int(given)
    except ValueError:
        raise BadInput(f"{given!r} is neither a seed nor the id of a copy you have made or played; "
                       "make it with: outlast copy new --seed SEED") from None
    made = generate_copy(seed)
    _remember(made)
    return made


def _remember(made: Copy) -> None:
    try:
        journal.remember(made.copy_id, made.seed)
    except journal.JournalError as exc:
        raise BadInput(str(exc)) from None


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


def _print(lines: list[str]) -> int:
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Generate a copy and print its id and a spoiler-free summary."""
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    made = generate_copy(seed)
    _remember(made)
    return _print(summary(made))


def cmd_show(args: argparse.Namespace) -> int:
    """Print a copy's summary, or everything in it with --spoilers."""
    made = _copy_for(args.copy)
    return _print(summary(made) + (spoilers(made) if args.spoilers else []))


def cmd_journal(args: argparse.Namespace) -> int:
    """Print what players have seen of a copy."""
    made = _copy_for(args.copy)
    try:
        table = journal.seen(made.copy_id)
    except journal.JournalError as exc:
        raise BadInput(str(exc)) from None
    lines = [f"journal of copy {made.copy_id} ({journal.journal_path(made.copy_id)})"]
    lines += [f"  {kind}: " + ", ".join(map(str, numbers)) for kind, numbers in sorted(table.items())]
    return _print(lines if table else [*lines, "  nothing seen yet"])


def add_copy_parser(sub: Any) -> None:
    """Add `outlast copy new|show|journal` to the `outlast` parser's subparsers."""
    p = sub.add_parser("copy", help="make and show generated copies of Discover")
    copy_sub = p.add_subparsers(dest="copy_command", metavar="ACTION", required=True)
    q = copy_sub.add_parser("new", help="generate a copy and print its id and a summary without spoilers")
    q.add_argument("--seed", type=int, help="the seed (default: a fresh one)")
    q.set_defaults(func=cmd_new)
    q = copy_sub.add_parser("show", help="print a copy's summary (everything in it with --spoilers)")
    q.add_argument("copy", metavar="ID|SEED")
    q.add_argument("--spoilers", action="store_true", help="list every tile, card, token and deck")
    q.set_defaults(func=cmd_show)
    q = copy_sub.add_parser("journal", help="print what players have seen of a copy")
    q.add_argument("copy", metavar="ID|SEED")
    q.set_defaults(func=cmd_journal)
