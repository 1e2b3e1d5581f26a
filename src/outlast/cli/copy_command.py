"""`outlast copy`: make, show, playtest and look up generated copies (discover.md §1.3, §17.24).

`copy new [--seed N] [--playtest N] [--band LOW-HIGH]` generates a copy and prints its id with a summary that
spoils nothing (and a bot playtest's win rate, or the first copy whose rate lies in the band); `copy show ID|SEED
[--spoilers]` prints it again (everything in it with --spoilers); `copy journal ID|SEED` prints what players have
seen of it. Any game with the `generated_content` capability answers (Discover today); `--game` picks one.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core import Game, OutlastError, list_games, load_game
from .main import BadInput


def _game(name: str | None) -> Game:
    able = [g for g in list_games() if "generated_content" in load_game(g).capabilities]
    if name is None:
        if len(able) != 1:
            raise BadInput(f"say which game with --game: {', '.join(able) or 'none generates copies'}")
        name = able[0]
    if name not in able:
        raise BadInput(f"{name!r} does not generate copies; games that do: {', '.join(able) or 'none'}")
    return load_game(name)


def _band(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        low, high = (float(x) for x in text.split("-"))
    except ValueError:
        raise BadInput(f"--band takes two win rates LOW-HIGH such as 0.3-0.7, not {text!r}") from None
    return (low, high)


def _print(lines: list[str]) -> int:
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _run(fn: Any, *args: Any, **kw: Any) -> list[str]:
    try:
        lines: list[str] = fn(*args, **kw)
    except OutlastError as exc:
        raise BadInput(str(exc)) from None
    return lines


def cmd_new(args: argparse.Namespace) -> int:
    """Generate a copy and print its id and a spoiler-free summary (a playtest, a band search)."""
    if args.playtest < 0:
        raise BadInput(f"--playtest takes a number of games (0 or more), not {args.playtest}")
    game = _game(args.game)
    key = None if args.seed is None else str(args.seed)
    return _print(_run(game.content_lines, key, playtest=args.playtest, band=_band(args.band)))


def cmd_show(args: argparse.Namespace) -> int:
    """Print a copy's summary, or everything in it with --spoilers."""
    return _print(_run(_game(args.game).content_lines, args.copy, spoilers=args.spoilers))


def cmd_journal(args: argparse.Namespace) -> int:
    """Print what players have seen of a copy."""
    return _print(_run(_game(args.game).content_journal, args.copy))


def add_copy_parser(sub: Any) -> None:
    """Add `outlast copy new|show|journal` to the `outlast` parser's subparsers."""
    p = sub.add_parser("copy", help="make, show and playtest generated copies (Discover)")
    copy_sub = p.add_subparsers(dest="copy_command", metavar="ACTION", required=True)
    q = copy_sub.add_parser("new", help="generate a copy and print its id and a summary without spoilers")
    q.add_argument("--seed", type=int, help="the seed (default: a fresh one; with --band, the first seed tried)")
    q.add_argument("--playtest", type=int, default=0, metavar="N",
                   help="play N heuristic-bot games of scenario 1 on the copy and print its win rate")
    q.add_argument("--band", metavar="LOW-HIGH",
                   help="draw seeds until a copy's playtest win rate lies in the band, e.g. 0.3-0.7")
    q.set_defaults(func=cmd_new)
    q = copy_sub.add_parser("show", help="print a copy's summary (everything in it with --spoilers)")
    q.add_argument("copy", metavar="ID|SEED")
    q.add_argument("--spoilers", action="store_true", help="list every tile, card, token and deck")
    q.set_defaults(func=cmd_show)
    q = copy_sub.add_parser("journal", help="print what players have seen of a copy")
    q.add_argument("copy", metavar="ID|SEED")
    q.set_defaults(func=cmd_journal)
    for parser in copy_sub.choices.values():
        parser.add_argument("--game", help="the game whose copies (default: the one game that generates them)")
