"""The frozen part of a Robinson Crusoe game: options, characters, Friday, the Dog and costs.

Built once per `new_game` and shared by reference by every clone (architecture §6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from outlast.core import Option, OptionError, OptionSchema, Rng

from .content import Content, content

EVENT_MIXES = {"standard": None, "more_adventure": (4, 8), "more_book": (8, 4)}


def _check(opts: dict[str, Any], c: Content) -> None:
    """Cross-option rules: §3 step 2 (1–2 players draw from Carpenter, Cook, Explorer), §14, §15."""
    n = opts["players"]
    chosen = opts["characters"]
    if chosen:
        allowed = [ch.id for ch in c.characters if n > 2 or ch.solo_ok]
        if len(chosen) != n or len(set(chosen)) != n or any(x not in allowed for x in chosen):
            raise OptionError("characters", ",".join(chosen),
                              f"{n} different ids, one per player, from {', '.join(allowed)} (§3 step 2, §14.3)")
    if opts["friday"] == "no" and n <= 2:
        raise OptionError("friday", "no", "auto or yes: Friday always joins 1- and 2-player games (§14.3, §14.5)")


def option_schema(c: Content | None = None) -> OptionSchema:
    """Robinson Crusoe's options (§3, §14, §15), from the scenarios and characters of `c` (the shipped content
    by default)."""
    c = content() if c is None else c
    known = c
    return OptionSchema(
        (
            Option("players", "int", 2, "number of players (§1.1, §14)", (1, 2, 3, 4)),
            Option("scenario", "choice", "castaways", "scenario (§18, §25.1)", tuple(s.id for s in c.scenarios)),
            Option("characters", "list", (), "character per seat in seat order; empty draws them at random (§3 step 2)",
                   tuple(ch.id for ch in c.characters)),
            Option("dog", "choice", "auto", "the Dog: auto = with 1 or 3 players (§14.5, §15.1 A, §15.2 C)",
                   ("auto", "yes", "no")),
            Option("friday", "choice", "auto", "Friday: auto = with 1 or 2 players; yes adds him (§14.4, §15.1 B)",
                   ("auto", "yes", "no")),
            Option("starting_items", "int", 2, "Starting Items drawn: 2 standard, 3-4 easier, 0-1 harder (§3 step 12, §15)",
                   (0, 1, 2, 3, 4)),
            Option("event_mix", "choice", "standard",
                   "Event deck: standard halves, more_adventure (4 Book + 8 Adventure, §15.1 D) or more_book (8 + 4, §15.2 B)",
                   tuple(EVENT_MIXES)),
            Option("wreckage", "choice", "scenario", "Wreckage card: the scenario's, or random (§15.3)",
                   ("scenario", "random")),
            Option("alt_threats", "bool", False,
                   "use the alternative Threat effects some cards carry, e.g. Storm: Roof -1 as well (§22.2)"),
        ),
        check=lambda opts: _check(opts, known),
    )


@dataclass(frozen=True)
class Table:
    """Everything about a game that never changes after `new_game`."""

    options: dict[str, Any]
    content: Content
    players: int
    chars: tuple[int, ...]
    """chars[seat] → index into content.characters."""
    friday: bool
    dog: bool
    cost: tuple[int, int]
    """(wood, fur) of the Shelter, Roof and Palisade (§8.8.2)."""
    scenario: Any
    event_split: tuple[int, int]
    """(book, adventure) Event cards dealt into the deck (§3 step 16)."""

    @property
    def friday_index(self) -> int:
        """Index of Friday in the per-character lists (wounds, Determination)."""
        return self.players


def build_table(opts: dict[str, Any], seed: int, c: Content | None = None) -> Table:
    """Fix the characters (drawn from the seed when not chosen) and the rest of the table, for the content `c`
    (the shipped content by default)."""
    c = content() if c is None else c
    n = opts["players"]
    if opts["characters"]:
        ids = list(opts["characters"])
    else:
        pool = [ch.id for ch in c.characters if n > 2 or ch.solo_ok]
        rng = Rng(seed ^ 0xC0A57)
        ids = []
        for _ in range(n):
            ids.append(pool.pop(rng.randrange(len(pool))))
    chars = tuple(next(i for i, ch in enumerate(c.characters) if ch.id == x) for x in ids)
    friday = opts["friday"] == "yes" or (opts["friday"] == "auto" and n <= 2)
    dog = opts["dog"] == "yes" or (opts["dog"] == "auto" and n in (1, 3))
    scen = next(s for s in c.scenarios if s.id == opts["scenario"])
    half = (scen.rounds + 1) // 2
    split = EVENT_MIXES[opts["event_mix"]] or (half, half)
    return Table(dict(opts), c, n, chars, friday, dog, c.costs[n], scen, split)
