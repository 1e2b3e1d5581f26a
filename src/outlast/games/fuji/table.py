"""The frozen part of a Fuji game: options, board, seats, explorers, neighbours and dice hands.

Built once per `new_game` from the game's own content and shared by reference by every clone (architecture §6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from outlast.core import Option, OptionError, OptionSchema

from .board import Board, board_for
from .content import Content


def _check(c: Content, opts: dict[str, Any]) -> None:
    """Cross-option rules: §13 (two players need variant A or B) and the skill/character lists."""
    players = opts["players"]
    if players == 2 and opts["variant"] == "auto":
        opts["variant"] = "a"
    if players == 2 and opts["variant"] == "none":
        raise OptionError("variant", "none", "a or b (two players must use a variant, §13), or auto")
    if players > 2 and opts["variant"] not in ("auto", "none"):
        raise OptionError("variant", opts["variant"], "auto or none (variants a and b are for 2 players, §13)")
    if players > 2:
        opts["variant"] = "none"
    explorers = 3 if opts["variant"] == "b" else players
    for name, ids in (("skills", [s.id for s in c.skills]), ("characters", [ch["id"] for ch in c.characters])):
        chosen = opts[name]
        if not chosen:
            continue
        limit = min(explorers, len(ids))
        if len(chosen) != limit or len(set(chosen)) != len(chosen):
            raise OptionError(name, ",".join(chosen), f"{limit} different ids, one per explorer, from {', '.join(ids)}")
    if opts["variant"] == "b" and opts["skills"]:
        third = next(s for s in c.skills if s.id == opts["skills"][2])
        if third.dice != 6:
            raise OptionError("skills", ",".join(opts["skills"]), "a 6-die skill for the third meeple (§13.2)")


def option_schema(c: Content) -> OptionSchema:
    """Fuji's options (fuji.md §3, §11.4, §13) with content `c`'s skills and characters."""
    return OptionSchema(
        (
            Option("players", "int", 3, "number of players (§1.1)", (2, 3, 4)),
            Option("level", "int", 1, "difficulty level: the stamina-loss table (§4)", (1, 2, 3, 4)),
            Option("scenario", "choice", "1", "terrain layout (§17.4), or random",
                   tuple(str(i) for i in range(1, 8)) + ("random",)),
            Option("variant", "choice", "auto", "two-player variant: a (virtual third dice set) or b (shared "
                   "third meeple); auto picks a for 2 players (§13)", ("auto", "a", "b", "none")),
            Option("extra_thrill", "bool", False, "Extra thrill: the token nearest the village erupts twice (§11.4)"),
            Option("skills", "list", (), "skill per explorer in seat order; empty deals them at random (§3.1)",
                   tuple(s.id for s in c.skills)),
            Option("characters", "list", (), "character per explorer; empty deals them at random (§3.1)",
                   tuple(ch["id"] for ch in c.characters)),
        ),
        check=partial(_check, c),
    )


@dataclass(frozen=True)
class Table:
    """Everything about a game that never changes after `new_game`."""

    options: dict[str, Any]
    content: Content
    board: Board
    seats: int
    explorers: int
    """Meeples on the board (3 in variant B)."""
    extra: int
    """Index of variant A's virtual dice set (an explorer with dice only), or -1."""
    ctrl: tuple[int, ...]
    """ctrl[explorer] → the seat that decides for it (variant B: seat 0 for the third meeple)."""
    neighbours: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, tuple[int, ...], int], ...]
    """(explorer, die slots, seat): who rerolls which dice in phase 3 (variant B splits the third set)."""
    hand_of_die: tuple[int, ...]
    dice: int
    """Number of die slots: 6 per explorer plus 6 for the extra set."""
    all_seats: int
    level_loss: tuple[int, ...]
    """level_loss[d] for d = 0..12 (§4)."""
    cell_views: dict[tuple[int, int], tuple[dict[str, Any], str]] = field(default_factory=dict, compare=False,
                                                                          repr=False)
    """What a cell's view holds that only its terrain card changes, by (cell, card): filled by view.py as views
    are drawn (a cache shared by every clone of a game, never part of its state)."""
    shared_views: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The parts of the views `observe_seats` hands out that stay the same from one call to the next (the
    table's fixed facts, the last board drawn): view.py's cache, like `cell_views`."""

    def owner(self, die: int) -> int:
        return die // 6


def build_table(c: Content, opts: dict[str, Any]) -> Table:
    """Lay out seats, explorers and neighbours for resolved options with content `c` (§3.5, §3.7, §13)."""
    players = opts["players"]
    variant = opts["variant"]
    explorers = 3 if variant == "b" else players
    extra = 2 if variant == "a" else -1
    scenario = int(opts["scenario"])
    board = board_for(c.scenarios[scenario - 1], players == 4)
    ctrl = tuple(range(players)) + ((0,) if variant == "b" else ())
    neighbours: tuple[tuple[int, ...], ...]
    if explorers == 4:
        neighbours = tuple(((e - 1) % 4, (e + 1) % 4) for e in range(4))
    elif variant == "a":
        neighbours = ((1, 2), (0, 2))
    else:
        neighbours = tuple(tuple(o for o in range(explorers) if o != e) for e in range(explorers))
    hands: list[tuple[int, tuple[int, ...], int]] = [(e, tuple(range(6)), e) for e in range(players)]
    if variant == "b":
        hands += [(2, (0, 1, 2), 0), (2, (3, 4, 5), 1)]
    n_sets = explorers + (1 if extra >= 0 else 0)
    hand_of_die = [-1] * (6 * n_sets)
    for h, (e, slots, _) in enumerate(hands):
        for k in slots:
            hand_of_die[e * 6 + k] = h
    rows = c.levels[opts["level"]]
    loss = []
    for d in range(13):
        loss.append(next(r[1] for r in reversed(rows) if r[0] <= d))
    return Table(dict(opts), c, board, players, explorers, extra, ctrl, neighbours, tuple(hands),
                 tuple(hand_of_die), 6 * n_sets, (1 << players) - 1, tuple(loss))
