"""The `outlast` command: list games, read rules, check content, play, resume and replay.

Exit codes: 0 success, 2 bad input (an option, a seat list, a save file, a rules section),
1 anything unexpected (and a content fault found by `outlast lint`). See docs/cli.md.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import traceback
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table

from outlast.agents import agent_names
from outlast.core import (
    ContentError,
    Game,
    Match,
    Option,
    OptionError,
    OutlastError,
    SaveError,
    UnknownGame,
    load_game,
)
from outlast.core import list_games as registered_games

from .replay import Replay
from .session import PlaySession, SeatPlan, load_save, plan_seats, rules_text, seat_count
from .terminal import Terminal, make_console

RESERVED_FLAGS = frozenset({"seed", "save", "option", "humans", "seats", "bots", "bots_only", "script", "quiet",
                            "physical"})
"""Flags of `play` itself: a game option of the same name is given with --option NAME=VALUE only."""


def option_flags() -> dict[str, list[tuple[str, Option]]]:
    """Every option name of every registered game, with the games that have it: each gets a flag of `play`.

    The flags are generated from the games' option schemas, so no game's option is named in this module and
    a new game's options get flags by registering.
    """
    flags: dict[str, list[tuple[str, Option]]] = {}
    for name in registered_games():
        for opt in load_game(name).options:
            if opt.name not in RESERVED_FLAGS:
                flags.setdefault(opt.name, []).append((name, opt))
    return flags


def _add_option_flags(p: argparse.ArgumentParser) -> None:
    """`--NAME VALUE` for every game option (`_` written `-`); a bool option may also be given bare, `--NAME`."""
    group = p.add_argument_group("game options (generated from each game's options; see `outlast games`)")
    for name, owners in option_flags().items():
        text = "; ".join(f"{g}: {o.help} [{o.allowed()}]" for g, o in owners)
        flag = "--" + name.replace("_", "-")
        dest = f"game_option_{name}"
        if all(o.kind == "bool" for _, o in owners):
            group.add_argument(flag, dest=dest, nargs="?", const="true", metavar="yes|no",
                               help=text)
        else:
            metavar = {"int": "N", "list": "A,B"}.get(owners[0][1].kind, "VALUE")
            group.add_argument(flag, dest=dest, metavar=metavar, help=text)


class BadInput(OutlastError):
    """Input the command cannot use: exit code 2."""


def _version() -> str:
    try:
        return version("outlast")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


class _VersionAction(argparse.Action):
    """`--version`: the version and the rules core's build (docs/compiled.md), worked out only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from outlast.compiled import core_build

        print(f"outlast {_version()} (rules core: {core_build().describe()})")
        parser.exit()


def _shown(value: Any) -> str:
    """An option value as it is typed on the command line."""
    if isinstance(value, tuple | list):
        return ",".join(map(str, value)) or "(none)"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _default_shown(opt: Any) -> str:
    """An option's default as `outlast games` shows it: `random` for an empty list that is dealt at random
    (Fuji's skills and characters, Robinson's characters: their help says so)."""
    if opt.kind == "list" and not opt.default and "random" in opt.help.lower():
        return "random"
    return _shown(opt.default)


def _header_shown(game: Game, name: str, value: Any) -> str:
    """An option's value in the play header: `random` for a list left empty that the game deals at random
    (Fuji's skills and characters), as `outlast games` shows its default."""
    if isinstance(value, tuple | list) and not value and name in game.options.names():
        return _default_shown(next(opt for opt in game.options if opt.name == name))
    return _shown(value)


# --- outlast games ------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    """List every registered game with its player counts, options and bots."""
    console = make_console()
    for name in registered_games():
        game = load_game(name)
        players = ", ".join(map(str, game.players))
        try:
            bots = ", ".join(agent_names(game))
        except ImportError as exc:
            bots = f"random (the game's own bots cannot be loaded: {exc})"
        console.print(f"[bold]{name}[/bold] — {game.title} — {players} players — rules {game.rules_version} "
                      f"(outlast rules {name})")
        console.print(f"  bots: {bots}", markup=False)
        if game.chance_kinds:
            kinds = "; ".join(f"{k.name} ({k.label.lower()}, {k.component})" for k in game.chance_kinds)
            console.print(f"  --physical kinds: {kinds}", markup=False)
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
        for col in ("option", "kind", "default", "allowed", "help"):
            table.add_column(col, overflow="fold")
        for opt in game.options:
            table.add_row(opt.name, opt.kind, _default_shown(opt), opt.allowed(), opt.help)
        console.print(table)
    return 0


# --- outlast rules ------------------------------------------------------------------------------
def cmd_rules(args: argparse.Namespace) -> int:
    """Print a game's rules reference, or one `§N` section of it."""
    game = load_game(args.game)
    try:
        text = rules_text(game, args.section)
    except OutlastError as exc:
        raise BadInput(str(exc)) from None
    sys.stdout.write(text.rstrip() + "\n")
    return 0


# --- outlast lint -------------------------------------------------------------------------------
def cmd_lint(args: argparse.Namespace) -> int:
    """Validate every game's content (or one game's, or another content folder); exit 1 on a fault."""
    names = [args.game] if args.game else registered_games()
    content_dir: Path | None = args.content_dir
    if content_dir is not None:
        if len(names) != 1:
            raise BadInput("--content-dir checks one game's content: name the game, e.g. outlast lint fuji --content-dir DIR")
        if not content_dir.is_dir():
            raise BadInput(f"--content-dir {content_dir}: no such folder")
    for name in names:
        game = load_game(name)
        where = f" in {content_dir}" if content_dir is not None else ""
        try:
            checked = game.lint(content_dir)
        except ContentError as exc:
            print(f"{name}: content error{where}: {exc}")
            return 1
        print(f"{name}: ok{where}: " + (", ".join(checked) if checked else "nothing to check"))
    return 0


# --- outlast play / resume ----------------------------------------------------------------------------
def _given_options(game: Game, args: argparse.Namespace) -> dict[str, Any]:
    """Options from `--option k=v` and the generated option flags (the flags win)."""
    given: dict[str, Any] = {}
    for item in args.option or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise BadInput(f"--option {item}: write NAME=VALUE, with NAME one of " + ", ".join(game.options.names()))
        given[key.strip().replace("-", "_")] = value.strip()
    for key, value in vars(args).items():
        if key.startswith("game_option_") and value is not None:
            given[key.removeprefix("game_option_")] = value
    if args.seats and "players" not in given and "players" in game.options.names():
        given["players"] = len([k for k in args.seats.split(",") if k.strip()])
    return given


def _seat_plan(args: argparse.Namespace, count: int, saved: list[Any] | None = None) -> SeatPlan:
    return plan_seats(count, humans=args.humans, seats=args.seats, bots_only=args.bots_only, bots=args.bots,
                      saved=saved)


def _start(match: Match, plan: SeatPlan, args: argparse.Namespace, save_path: Path | None, headline: str) -> int:
    script: Path | None = args.script
    if script is not None and not script.is_file():
        raise BadInput(f"--script {script}: no such file")
    term = Terminal(script)
    session = PlaySession(match, plan, term, save_path, quiet=args.quiet)
    seats = ", ".join(f"{s} {kind}" for s, kind in enumerate(plan.kinds))
    term.print(headline, style="bold")
    term.print(f"seats: {seats}" + (f"; save file: {save_path}" if save_path else ""))
    return session.run()


def cmd_play(args: argparse.Namespace) -> int:
    """Start a new game with humans and bots at the terminal."""
    game = load_game(args.game)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    match = Match.start(game, seed, _given_options(game, args), args.physical)
    plan = _seat_plan(args, seat_count(match))
    if match.physical and not plan.humans:
        raise OptionError("physical", args.physical, "a game with a human seat",
                          "--physical: people answer the rolls and draws, so the game needs a human seat")
    save_path: Path | None = args.save
    if save_path is None and plan.humans:
        save_path = Path(f"{game.name}-{seed}.outlast.json")
    opts = ", ".join(f"{k}={_header_shown(game, k, v)}" for k, v in match.options.items())
    if match.physical:
        opts += "; played with the box: " + ", ".join(k.label for k in game.chance_kinds if k.name in match.physical)
    return _start(match, plan, args, save_path, f"{game.title} — seed {seed} — {opts}")


def cmd_resume(args: argparse.Namespace) -> int:
    """Continue a saved game."""
    match, saved = load_save(args.file)
    plan = _seat_plan(args, seat_count(match), saved)
    save_path: Path = args.save or args.file
    return _start(match, plan, args, save_path,
                  f"{match.game.title} — resumed from {args.file} after {len(match.history)} actions "
                  f"(seed {match.seed})")


# --- outlast replay -----------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    """Step through a saved or finished game, or print its end with --to-end."""
    match, _ = load_save(args.file)
    count = seat_count(match)
    seat: int | None = None if args.public else args.seat
    if seat is not None and not 0 <= seat < count:
        raise OptionError("seat", seat, f"a seat from 0 to {count - 1}, or --public")
    script: Path | None = args.script
    if script is not None and not script.is_file():
        raise BadInput(f"--script {script}: no such file")
    replay = Replay(match, seat, Terminal(script))
    return replay.to_end() if args.to_end else replay.run()


# --- the parser ---------------------------------------------------------------------------------
def _seat_flags(p: argparse.ArgumentParser) -> None:
    who = p.add_mutually_exclusive_group()
    who.add_argument("--humans", metavar="SEATS", help="human seats, e.g. 0,2 (the others are bots); 'none' for no human")
    who.add_argument("--seats", metavar="KINDS",
                     help="one entry per seat: human, bot, or a bot name, e.g. human,bot,random")
    who.add_argument("--bots-only", action="store_true", help="every seat is a bot; the game plays itself to the end")
    p.add_argument("--bots", default="heuristic", metavar="BOT",
                   help="the bot for bot seats: heuristic (default; each game's own team bot), random, or ismcts "
                        "(information-set MCTS); name:key=value passes parameters, e.g. ismcts:iters=500")
    p.add_argument("--script", type=Path, metavar="FILE", help="read commands from FILE first, one per line")
    p.add_argument("--quiet", action="store_true", help="print only the outcome when no human plays")


def build_parser() -> argparse.ArgumentParser:
    """The `outlast` argument parser."""
    parser = argparse.ArgumentParser(prog="outlast", description="Cooperative survival board games: play, "
                                     "replay and check them at the terminal.")
    parser.add_argument("--version", action=_VersionAction, nargs=0,
                        help="print the version and whether the rules core is compiled, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("games", help="list the games with their player counts and options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="print a game's rules reference, or one section of it")
    p.add_argument("game")
    p.add_argument("section", nargs="?", help="a section such as §7, 7 or 7.3")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("lint", help="check the content files of every game (or one)")
    p.add_argument("game", nargs="?")
    p.add_argument("--content-dir", type=Path, metavar="DIR", help="check the content files in DIR instead")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("play", help="play a new game at the terminal")
    p.add_argument("game")
    _add_option_flags(p)
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="any game option; may be repeated")
    p.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed at the start)")
    p.add_argument("--save", type=Path, metavar="FILE",
                   help="the save file (default GAME-SEED.outlast.json when a human plays; none for bots only)")
    p.add_argument("--physical", nargs="?", const="all", metavar="KINDS",
                   help="companion mode: you roll and draw with the physical box and enter what came up; alone for "
                        "every roll and draw, or only some kinds, e.g. --physical dice or --physical dice,events "
                        "(docs/companion.md; `outlast games` lists each game's kinds)")
    _seat_flags(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("resume", help="continue a saved game")
    p.add_argument("file", type=Path)
    p.add_argument("--save", type=Path, metavar="FILE", help="save to FILE instead of the file resumed")
    _seat_flags(p)
    p.set_defaults(func=cmd_resume)

    p = sub.add_parser("replay", help="step through a saved or finished game")
    p.add_argument("file", type=Path)
    view = p.add_mutually_exclusive_group()
    view.add_argument("--seat", type=int, metavar="N", help="show the table as seat N saw it")
    view.add_argument("--public", action="store_true", help="show the public view (the default)")
    p.add_argument("--to-end", action="store_true", help="print the final table and outcome, without stepping")
    p.add_argument("--script", type=Path, metavar="FILE", help="read replay keys from FILE first, one per line")
    p.set_defaults(func=cmd_replay)

    from .bench_command import add_bench_parser
    from .copy_command import add_copy_parser
    from .serve_command import add_serve_parsers
    from .sim_commands import add_sim_commands

    for add in (add_bench_parser, add_sim_commands, add_copy_parser, add_serve_parsers):
        add(sub)
    return parser


def _fail(message: str) -> None:
    sys.stderr.write(f"outlast: error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `outlast` command; returns the exit code."""
    for stream in (sys.stdout, sys.stderr, sys.stdin):  # bytes that are not UTF-8 become "�", never a crash
        reconfigure: Callable[..., None] | None = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except (OptionError, SaveError, UnknownGame, BadInput) as exc:
        _fail(str(exc))
        return 2
    except OutlastError as exc:
        _fail(str(exc))
        return 1
    except BrokenPipeError:
        return 0
    except Exception:
        traceback.print_exc()
        _fail("unexpected failure (the traceback above says where); please report it")
        return 1


if __name__ == "__main__":
    sys.exit(main())
