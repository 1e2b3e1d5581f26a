"""A game at the terminal: human seats answer a menu, bot seats answer through their agent.

The loop only uses the kernel contract (architecture §2): the `Match` resolves chance from the
state's own RNG, every seat acts through `Match.play`, and a human sees the table only through
`game.render(state, seat)`, which is built from `state.observe(seat)`.

The session never loses a game. Every command is played inside a guard: an error of the engine is
shown (an unexpected one as "internal error … (please report)"), the game is left as it was, and
the prompt comes back. The save file is rewritten (atomically) after every action of a game with a
human seat, so a crash, a closed terminal or a power cut loses nothing; an all-bot game is saved at
most once a second, which loses nothing either, since its bots' moves follow from the seed and the
recorded actions (`_bot_rng`, `last_bot`) and are replayed the same by `outlast resume`.

Whenever a human seat may act, it is asked first, even when bot seats could act too (Fuji's phase 5,
§10.1: the team chooses who moves next); `wait` lets a bot go first.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text

from outlast.agents import Agent, make_agent
from outlast.core import (
    CHANCE,
    Action,
    Game,
    IllegalAction,
    Match,
    OptionError,
    OutlastError,
    Rng,
    SaveError,
    State,
    team_won,
)
from outlast.install import outlast_command
from outlast.sim.play import next_seat

from . import companion
from .menu import MENU_LINES, input_problem, looks_numeric, menu_group, menu_lines, menu_number, menu_text
from .terminal import Terminal

T = TypeVar("T")

HUMAN = "human"
BOT_TURN = 200
"""Moves a bot may make in one turn it was given by `wait` (a bot that never finishes must not keep humans out)."""
BOT_MOVES_LIMIT = 200_000
"""Bot moves in a row after which the game is declared stuck (a bot that never says ready)."""
AUTOSAVE_SECONDS = 1.0
"""An all-bot game is saved at most this often (a game with a human seat after every action)."""
LOG_DEFAULT = 40
SCREEN_LOG_LINES = 3
"""Log lines the compact screens show; when more are new, the screen says how to read them (`log N`)."""

COMMANDS = (
    ("NUMBER or action text", "play that action (e.g. {example})"),
    ("menu [WORDS]", "list every legal action (only those containing WORDS)"),
    ("view", "show the table again (the compact screen)"),
    ("view full", "show the whole table: card texts, tracks, every skill, a longer log"),
    ("wait [SEAT|all]", "let a bot that may act now go first (the next one, seat SEAT, or all of them)"),
    ("help", "the current decision and the rule behind it, and these commands"),
    ("rules [§N]", "the rules section of the current decision, or section §N"),
    ("log [N]", f"the last N lines of your log (default {LOG_DEFAULT})"),
    ("undo", "take back your last action (not across dice, draws or another seat's move)"),
    ("say TEXT", "talk to the table (the game's table-talk rules apply)"),
    ("save [FILE]", "save the game (to the save file unless FILE is given); it is also saved after every action"),
    ("quit", "save and stop; continue later with `outlast resume FILE`"),
)
"""The in-game commands (docs/cli.md lists the same); `{example}` is filled from the current decision."""


class Turn(Enum):
    """How a human's turn at the prompt ended."""

    ACTED = "acted"
    WAIT = "wait"
    QUIT = "quit"


class BotFailure(OutlastError):
    """A bot seat failed to choose or play a move; the session saves and stops."""


@dataclass(frozen=True)
class SeatPlan:
    """Who plays each seat: `human` or an agent spec such as `heuristic` or `random`."""

    kinds: tuple[str, ...]

    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]


def plan_seats(count: int, *, humans: str | None = None, seats: str | None = None, bots_only: bool = False,
               bots: str = "heuristic", saved: list[Any] | None = None) -> SeatPlan:
    """Decide who plays each of `count` seats; the default is one human at seat 0.

    `seats` lists `human`, `bot` (the `bots` agent) or an agent spec per seat; `humans` lists the
    human seat numbers (`none` for no human); `saved` is the plan stored in a save file.
    A bad list raises `OptionError` naming the flag and what it allows.
    """
    if seats is not None:
        kinds = [k.strip().lower() for k in seats.split(",") if k.strip()]
        if len(kinds) != count:
            raise OptionError("seats", seats, f"{count} comma-separated entries (human, bot, or a bot name), "
                              "one per seat")
        return SeatPlan(tuple(HUMAN if k in ("human", "h") else bots if k in ("bot", "b") else k for k in kinds))
    if bots_only:
        return SeatPlan((bots,) * count)
    if humans is not None:
        words = [w.strip() for w in humans.split(",") if w.strip()]
        chosen: set[int] = set()
        if words != ["none"]:
            for w in words:
                number = menu_number(w)
                if number is None or number >= count:
                    raise OptionError("humans", humans, f"seat numbers from 0 to {count - 1}, or none")
                chosen.add(number)
        return SeatPlan(tuple(HUMAN if s in chosen else bots for s in range(count)))
    if saved is not None and len(saved) == count and all(isinstance(k, str) for k in saved):
        return SeatPlan(tuple(saved))
    return SeatPlan((HUMAN,) + (bots,) * (count - 1))


def seat_count(match: Match) -> int:
    """How many seats the match has (its `players` option)."""
    players = match.options.get("players", 1)
    return int(players) if isinstance(players, int) else 1


def save_match(match: Match, plan: SeatPlan, path: Path) -> None:
    """Write the match's save document plus who played which seat (read back by `load_save`)."""
    doc = match.to_json()
    doc["cli"] = {"seats": list(plan.kinds)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def load_save(path: Path) -> tuple[Match, list[Any] | None]:
    """A match rebuilt from a save file, and the saved seat plan if the file has one.

    Every fault of the file is a `SaveError` (one line, exit code 2 at the command), including an
    error the engine raises while replaying it.
    """
    doc = Match.read_document(path)
    try:
        match = Match.from_json(doc)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(f"save file {path} is nested too deeply to read") from None
    except Exception as exc:
        raise SaveError(f"save file {path} cannot be loaded: {type(exc).__name__}: {exc}") from None
    cli = doc.get("cli")
    saved = cli.get("seats") if isinstance(cli, dict) else None
    return match, saved if isinstance(saved, list) else None


def outcome_lines(state: State) -> list[str]:
    """The end of the game in words: the team's result in a cooperative game, else each seat's; score and rating."""
    out = state.outcome()
    first = out.seats[0]
    rating = out.details.get("rating")
    if state.game.kind != "cooperative":
        lines = [f"Seat {seat}: {'won' if r.won else 'lost'}, {r.score} points ({r.reason})"
                 for seat, r in enumerate(out.seats)]
    elif team_won(state.game, out):
        lines = [f"Victory! {first.score} victory points" + (f": {rating}" if rating else "")]
    else:
        lines = [f"Defeat: {first.reason}"]
    if "rounds" in out.details:
        lines.append(f"Rounds played: {out.details['rounds']}")
    return lines


def make_bot(spec: str, game: Game) -> Agent:
    """The agent for a bot seat; a bot the game does not have (yet) is an `OptionError` naming the others."""
    try:
        return make_agent(spec, game)
    except ImportError as exc:
        raise OptionError("bots", spec, "random, ismcts",
                          f"option 'bots': {spec!r}: {game.name}'s own bots cannot be loaded ({exc}); "
                          "use --bots random") from None
    except OptionError as exc:
        if exc.option != "bots" or spec.partition(":")[0].strip().lower() != "heuristic":
            raise
        raise OptionError("bots", spec, exc.allowed,
                          f"option 'bots': {game.name} has no heuristic bot yet; choose one of: {exc.allowed} "
                          "(e.g. --bots random)") from None
    except OutlastError:
        raise
    except Exception as exc:
        raise OptionError("bots", spec, "random, ismcts, heuristic",
                          f"option 'bots': {spec!r} cannot be made: {type(exc).__name__}: {exc}") from None


def _section_of(text: str) -> str | None:
    """The first `§N` or `§N.M` named in a text."""
    m = re.search(r"§(\d+(?:\.\d+)?)", text)
    return m.group(1) if m else None


def rules_text(game: Game, section: str | None) -> str:
    """A rules section, refusing one that does not exist (the reference falls back to a parent)."""
    text = game.rules_section(section)
    if section:
        sec = section.strip().lstrip("§").strip()
        first = text.lstrip("#- \t")
        if f"§{sec}" not in text and not re.match(re.escape(sec) + r"\.?\s", first):
            raise OutlastError(f"{game.rules_file} has no section §{sec}")
    return text


class PlaySession:
    """One game at the terminal, from its current state to its end or a `quit`."""

    def __init__(self, match: Match, plan: SeatPlan, term: Terminal, save_path: Path | None,
                 quiet: bool = False) -> None:
        self.match = match
        self.game = match.game
        self.plan = plan
        self.term = term
        self.save_path = save_path
        self.quiet = quiet
        self.humans = plan.humans
        self.agents: dict[int, Agent] = {s: make_bot(k, self.game) for s, k in enumerate(plan.kinds) if k != HUMAN}
        self.last_bot = next((e.seat for e in reversed(match.history) if e.seat in self.agents), -1)
        """The bot that acted last: bots that may act together take turns from the seat after it. Taken
        from the history, so a resumed game goes on exactly as the interrupted one would have."""
        self.waiting: list[int] = []
        """Bot seats a human let go first (`wait`), in order; the first takes its turn now."""
        self.wait_moves = 0
        self.applying = False
        """True while the engine applies an action: if it raises then, the state is rebuilt from the record."""
        self.saved_at = 0.0
        self.unsaved = False
        """True when an action was played (or taken back) since the save file was last written."""
        self.save_failed = False
        self.version = 0
        self.rendered: tuple[int, int] | None = None
        self.on_screen: int | None = None
        self.chat: list[tuple[int, str]] = []
        self.chat_seen: dict[int, int] = defaultdict(int)
        self.public_seen = len(match.state.visible_events(None))
        self.log_seen: dict[int, int] = {}
        """How many of its log lines each human seat had when its screen was last drawn."""
        self.answered: tuple[int, int] | None = None
        """(seat, version) after a seat answered a question of companion mode: a question right after it shows
        its step and menu only, not the whole table again."""
        self.journal_told: set[str] = set()
        """Things of a generated copy already announced as seen in an earlier game."""
        self.journal_in_view: set[str] | None = None if match.history else set()
        """The things of a generated copy this game had in view when the journal was last written: met again in
        the journal, they were seen in this game, not an earlier one. None for a resumed game until its first
        write (what it had in view then was seen before the break, in this game or announced then)."""

    # --- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends (0), the humans quit (0), Ctrl-C (130) or a failure of a bot or of the
        engine outside a command (1); the game is saved in every case."""
        try:
            return self._loop()
        except KeyboardInterrupt:
            self._recover()
            self.term.print("")
            self._save_and_tell()
            return 130
        except Exception as exc:
            self._recover()
            if not isinstance(exc, BotFailure):
                traceback.print_exc(file=sys.stderr)
            what = str(exc) if isinstance(exc, OutlastError) else f"{type(exc).__name__}: {exc}"
            self.term.print(f"internal error: {what} (please report it); the game is saved as it was before",
                            style="bold red")
            self._save_and_tell()
            return 1

    def _loop(self) -> int:
        bot_moves = 0
        while True:
            if self._engine(self.match.resolve_chance):
                self.unsaved = True
            if self.match.physical and self.match.question() is not None and \
                    not companion.needs_a_person(self.match, self.humans):
                self._engine(self.match.play, self.match.state.sample_chance(), CHANCE)  # a bot's own roll or draw
                self.unsaved = True
                continue
            self._autosave()
            state = self.match.state
            if not self.humans:
                self._print_public_events()
            if state.is_over():
                return self._finish()
            movers = self.match.to_move()
            asked = self.match.question() if self.match.physical else None
            bots = [s for s in movers if s in self.agents and asked is None]
            humans = [s for s in movers if s in self.humans]
            if humans:
                bot = self._waiting_bot(bots)
                if bot is None:
                    bot_moves = 0
                    seat = self.on_screen if self.on_screen in humans else humans[0]
                    turn = self._human_turn(seat, bots)
                    if turn is Turn.QUIT:
                        return 0
                    continue
            elif bots:
                bot = next_seat(state, bots, self.last_bot, self.agents.__getitem__)
            else:
                raise OutlastError(f"no seat can act: to_move() is {movers}")
            self._bot_acts(bot)
            bot_moves += 1
            if bot_moves > BOT_MOVES_LIMIT:
                raise OutlastError(f"the bots made {BOT_MOVES_LIMIT} moves in a row without the game ending")

    def _waiting_bot(self, bots: list[int]) -> int | None:
        """The bot a human let go first that is still taking its turn, if any (a turn ends when the bot
        can no longer act or after `BOT_TURN` moves)."""
        while self.waiting and (self.waiting[0] not in bots or self.wait_moves >= BOT_TURN):
            self.waiting.pop(0)
            self.wait_moves = 0
        if not self.waiting:
            return None
        self.wait_moves += 1
        return self.waiting[0]

    def _bot_rng(self, seat: int) -> Rng:
        """A generator for one bot decision, fixed by the game seed and the position in the match."""
        return Rng((self.match.seed * 1_000_003 + len(self.match.history)) * 64 + seat)

    def _bot_acts(self, seat: int) -> None:
        """The bot at `seat` chooses and plays one move; any failure is a `BotFailure` naming the bot."""
        who = f"bot {self.plan.kinds[seat]!r} at seat {seat}"
        try:
            action = self.agents[seat].act(self.match.state, seat, self._bot_rng(seat))
        except Exception as exc:
            raise BotFailure(f"{who} failed to choose a move: {type(exc).__name__}: {exc}") from exc
        try:
            self._engine(self.match.play, action)
        except IllegalAction as exc:
            raise BotFailure(f"{who} chose an illegal action {action}: {exc}") from None
        except Exception as exc:
            raise BotFailure(f"the engine failed on {who}'s action {action}: {type(exc).__name__}: {exc}") from exc
        self.last_bot = seat
        self.version += 1
        self.unsaved = True
        self._autosave()

    def _engine(self, step: Callable[..., T], *args: Any) -> T:
        """Run one step of the engine that may change the state; if it raises anything but a refusal
        (`IllegalAction` leaves the state untouched), `_recover` rebuilds the state from the record."""
        self.applying = True
        try:
            result = step(*args)
        except IllegalAction:
            self.applying = False
            raise
        self.applying = False
        return result

    def _recover(self) -> None:
        """After an engine step that raised part-way: the match rebuilt from its recorded actions."""
        if not self.applying:
            return
        self.match = self.match.rebuilt()
        self.applying = False
        self.version += 1

    def _print_public_events(self) -> None:
        if self.quiet:
            return
        events = self.match.state.visible_events(None)
        for e in events[self.public_seen:]:
            self.term.print(f"· {e.text}")
        self.public_seen = len(events)

    # --- a human's turn -------------------------------------------------------------------------
    def _human_turn(self, seat: int, bots: list[int]) -> Turn:
        """Show the table and read commands until the seat acts, lets bots go first, or quits.

        Each command runs guarded: an error is shown and the prompt comes back with the game unchanged.
        """
        if len(self.humans) > 1 and self.on_screen != seat:
            self.term.pass_device(f"Pass to seat {seat}")
        self.on_screen = seat
        self._show_chat(seat)
        if self.rendered != (seat, self.version):
            if self.answered == (seat, self.version) and self.match.question() is not None:
                self._guarded(self._show_question, seat)  # the next of several answers: the board is unchanged
            else:
                self._guarded(self._show, seat, bots)
        while True:
            line = self.term.ask(f"seat {seat}> ")
            if line is None:
                self._save_and_tell()
                return Turn.QUIT
            if not line:
                continue
            turn = self._guarded(self._command, seat, bots, line)
            if turn is not None:
                return turn

    def _guarded(self, command: Callable[..., T], *args: Any) -> T | None:
        """Run one command; an error is shown, the game is kept as it was, and None is returned."""
        try:
            return command(*args)
        except KeyboardInterrupt:
            raise
        except OutlastError as exc:
            self._recover()
            self.term.print(f"error: {exc}", style="red")
        except Exception as exc:
            self._recover()
            self.term.print(f"internal error: {type(exc).__name__}: {exc} (please report it); "
                            "the game is as it was, go on", style="bold red")
        return None

    def _command(self, seat: int, bots: list[int], line: str) -> Turn | None:
        """Carry out one command line; a `Turn` when the seat's turn is over."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if looks_numeric(line):
            legal = self.match.legal_actions(seat)
            number = menu_number(line)
            if number is None or not 1 <= number <= len(legal):
                self.term.print(f"choose a number from 1 to {len(legal)}, or type an action", style="red")
                return None
            return Turn.ACTED if self._play(seat, legal[number - 1]) else None
        if word in ("quit", "exit", "q"):
            self._save_and_tell()
            return Turn.QUIT
        if word in ("help", "?"):
            self._help(seat)
        elif word in ("menu", "actions"):
            self._menu(seat, rest or None, budget=None)
        elif word in ("view", "board", "show"):
            if rest.lower() not in ("", "full"):
                self.term.print("`view` shows the table again, `view full` the whole of it", style="red")
            else:
                self._show(seat, bots, full=rest.lower() == "full")
        elif word == "wait":
            return self._wait(bots, rest)
        elif word == "rules":
            self._rules(seat, rest or None)
        elif word == "log":
            self._log(seat, rest)
        elif word == "undo":
            self._undo(seat, bots)
        elif word == "say":
            self._say(seat, rest)
        elif word == "save":
            self._save(Path(rest) if rest else None)
        elif self.match.physical and self.match.question() is not None:
            answer = self._named_answer(line)
            if answer is not None and self._play(seat, answer):
                return Turn.ACTED
        elif self._play(seat, line):
            return Turn.ACTED
        return None

    def _named_answer(self, line: str) -> Action | None:
        """At a question of companion mode: the one outcome whose name or text contains `line` (its exact name or
        text first); else None, after saying that none or which several match."""
        asked = self.match.question()
        assert asked is not None
        found = companion.answer_of(asked, line)
        if not isinstance(found, list):
            return found.action
        if not found:
            self.term.print(f"no outcome matches {line!r}: type its number or part of its name (`menu` lists all "
                            f"{len(asked.answers)})", style="red")
            return None
        names = ", ".join(a.name for a in found[:companion.MAX_FOUND])
        more = f" and {len(found) - companion.MAX_FOUND} more" if len(found) > companion.MAX_FOUND else ""
        self.term.print(f"{len(found)} outcomes match {line!r}: {names}{more}; type more of the name, or its number",
                        style="yellow")
        return None

    def _play(self, seat: int, action: Action | str) -> bool:
        """Apply an action for `seat`; an illegal one prints its reason and rule and changes nothing."""
        if isinstance(action, str):
            problem = input_problem(action)
            if problem:
                self.term.print(f"not allowed: {problem}", style="red")
                return False
        asked = self.match.question() if self.match.physical else None
        try:
            act = self._engine(self.match.play, action, companion.answering_seat(asked, seat) if asked else seat)
        except IllegalAction as exc:
            rule = f" ({exc.rule})" if exc.rule else ""
            self.term.print(f"not allowed: {exc.reason}{rule}", style="red")
            return False
        self.version += 1
        self.unsaved = True
        self.waiting.clear()
        if asked is not None:
            name = next((a.name for a in asked.answers if a.action == act), str(act))
            self.term.print(f"seat {seat} entered: {name}", style="dim")
            self.answered = (seat, self.version)
        else:
            self.term.print(f"seat {seat}: {act}", style="dim")
        self._autosave()
        return True

    def _wait(self, bots: list[int], which: str) -> Turn | None:
        """`wait`: the next bot that may act takes its turn first; `wait SEAT` that bot; `wait all` each of them."""
        if not bots:
            self.term.print("no bot can act now; it is up to you", style="red")
            return None
        order = sorted(bots, key=lambda s: (s - self.last_bot - 1) % max(seat_count(self.match), 1))
        if which.lower() == "all":
            self.waiting = order
        elif which:
            number = menu_number(which)
            if number not in bots:
                self.term.print(f"`wait SEAT`: SEAT is one of the bots that may act now: "
                                f"{', '.join(map(str, order))}", style="red")
                return None
            self.waiting = [number]
        else:
            self.waiting = order[:1]
        self.wait_moves = 0
        self.term.print("waiting for " + ", ".join(f"seat {s}" for s in self.waiting), style="dim")
        return Turn.WAIT

    def _show(self, seat: int, bots: list[int] | None = None, full: bool = False) -> None:
        """The screen: the table as `seat` sees it (compact, or `full`), the decision, a short menu, and
        which bots could act now instead (never what they would do)."""
        state = self.match.state
        self.term.print(self.game.render(state, seat, full=full))
        lines = len(state.visible_events(seat))
        new = lines - self.log_seen.get(seat, lines)
        self.log_seen[seat] = lines
        if new > SCREEN_LOG_LINES and not full:
            self.term.print(Text(f"{new} new lines in your log since your last screen: `log {new}` shows them",
                                 style="dim"))
        asked = self.match.question() if self.match.physical else None
        self.term.print(Text(asked.line if asked else self.game.describe_decision(state, seat), style="bold"))
        self._menu(seat, None)
        if bots:
            every = " (`wait all`: each of them)" if len(bots) > 1 else ""
            self.term.print(Text("bots ready: " + ", ".join(f"seat {s}" for s in bots)
                                 + f" — type `wait` to let them go first{every}", style="cyan"))
        self.rendered = (seat, self.version)

    def _show_question(self, seat: int) -> None:
        """A question of companion mode alone: its step and the menu of outcomes (`view` shows the table)."""
        asked = self.match.question()
        assert asked is not None
        self.term.print(Text(asked.line, style="bold"))
        self._menu(seat, None)
        self.rendered = (seat, self.version)

    def _menu(self, seat: int, words: str | None, budget: int | None = MENU_LINES) -> None:
        """The numbered legal actions (numbers are stable: the order of `legal_actions`): at most `budget`
        lines on the screen, every action for the `menu` command (`budget=None`). At a question of companion mode,
        the outcomes by name with their probabilities (`cli.companion`)."""
        asked = self.match.question() if self.match.physical else None
        if asked is not None:
            lines = companion.menu_lines(asked, self.term.console.width, budget, words)
            if not lines:
                self.term.print(f"no outcome matches {words!r}", style="red")
                return
            self.term.print(Text(f"What came up? ({len(asked.answers)} possible) Type its number or part of its "
                                 "name; `help` for commands:", style="bold"))
            for line in menu_text(lines):
                self.term.print(line)
            return
        legal = [str(a) for a in self.match.state.legal_actions(seat)]
        numbered = [(i + 1, t) for i, t in enumerate(legal) if not words or words.lower() in t]
        if not numbered:
            self.term.print(f"no legal action contains {words!r}" if words else "no legal action now")
            return
        self.term.print(Text(f"Legal actions ({len(legal)}); type a number or the action text; "
                             "`help` for commands:", style="bold"))
        for line in menu_text(menu_lines(numbered, self.term.console.width, budget)):
            self.term.print(line)

    def _help(self, seat: int) -> None:
        """The decision and the commands, with an example action taken from this game's decision now."""
        asked = self.match.question() if self.match.physical else None
        if asked is not None:
            self.term.print(Text(f"{asked.line} ({asked.kind.rule}). The table rolls or draws with the box; tell "
                                 "outlast what came up.", style="bold"))
        else:
            self.term.print(Text(self.game.describe_decision(self.match.state, seat), style="bold"))
        legal = self.match.legal_actions(seat)
        example = f"`1` or `{legal[0]}`" if legal else "`1`"
        for cmd, what in COMMANDS:
            self.term.print(f"  {cmd:<22} {what.format(example=example)}")

    def _rules(self, seat: int, section: str | None) -> None:
        if section is None:
            asked = self.match.question() if self.match.physical else None
            section = _section_of(asked.kind.rule if asked else self.game.describe_decision(self.match.state, seat))
        self.term.print(rules_text(self.game, section))

    def _log(self, seat: int, count: str) -> None:
        n = menu_number(count) if count else LOG_DEFAULT
        if n is None:
            self.term.print(f"`log N`: N is a number of lines (0-9, at most 6 digits), e.g. log {LOG_DEFAULT}",
                            style="red")
            return
        for e in self.match.state.visible_events(seat)[-n:] if n else []:
            self.term.print(e.text)

    def _undo(self, seat: int, bots: list[int]) -> None:
        try:
            entry = self._engine(self.match.undo, seat)
        except IllegalAction as exc:
            self.term.print(f"cannot undo: {exc.reason}", style="red")
            return
        self.version += 1
        self.unsaved = True
        self.term.print(f"took back: {entry.text}")
        self._autosave()
        self._show(seat, bots)

    def _say(self, seat: int, text: str) -> None:
        try:
            self.game.check_chat(self.match.state, seat, text)
        except OutlastError as exc:
            self.term.print(f"not said: {exc}", style="red")
            return
        self.chat.append((seat, text))
        self.chat_seen[seat] = len(self.chat)
        self.term.print(f"seat {seat} says: {text}", style="cyan")

    def _show_chat(self, seat: int) -> None:
        for who, text in self.chat[self.chat_seen[seat]:]:
            if who != seat:
                self.term.print(f"seat {who} said: {text}", style="cyan")
        self.chat_seen[seat] = len(self.chat)

    # --- saving and the end ------------------------------------------------------------------------
    def _journal(self) -> None:
        """For a game whose copies are generated: write what the table has seen into the copy's discovery journal,
        and say which of the things now in view the group met in an earlier game."""
        if not self.humans or "generated_content" not in self.game.capabilities:
            return
        try:
            before = self.game.record_seen(self.match.state)
            in_view = self.game.record_seen(self.match.state)  # everything in view, now that all of it is written
        except (OSError, OutlastError) as exc:
            if "journal" not in self.journal_told:
                self.term.print(f"the discovery journal could not be written: {exc}", style="red")
                self.journal_told.add("journal")
            return
        shown_before = in_view if self.journal_in_view is None else self.journal_in_view
        self.journal_in_view = set(in_view)
        fresh = [name for name in before if name not in self.journal_told and name not in shown_before]
        if fresh:
            self.term.print("seen in an earlier game: " + ", ".join(fresh), style="cyan")
            self.journal_told.update(fresh)

    def _autosave(self) -> None:
        """Rewrite the save file after an action: always with a human seat, at most once every
        `AUTOSAVE_SECONDS` in an all-bot game (whose bot moves replay the same from the record)."""
        if self.unsaved:
            self._journal()
        if self.save_path is None or not self.unsaved:
            return
        now = time.monotonic()
        if not self.humans and now - self.saved_at < AUTOSAVE_SECONDS:
            return
        try:
            save_match(self.match, self.plan, self.save_path)
        except (OSError, ValueError) as exc:
            if not self.save_failed:
                self.term.print(f"could not save to {self.save_path}: {exc}; play goes on unsaved "
                                "(`save FILE` saves elsewhere)", style="red")
            self.save_failed = True
            return
        self.save_failed = False
        self.unsaved = False
        self.saved_at = now

    def _save(self, path: Path | None = None) -> Path | None:
        target = path or self.save_path
        if target is None:
            return None
        try:
            save_match(self.match, self.plan, target)
        except OSError as exc:
            self.term.print(f"could not save to {target}: {exc.strerror or exc}", style="red")
            return None
        except ValueError as exc:
            self.term.print(f"could not save to {target}: {exc}", style="red")
            return None
        self.term.print(f"saved to {target}")
        return target

    def _save_and_tell(self) -> None:
        target = self._save()
        if target is not None:
            self.term.print(f"Resume with: {outlast_command()} resume {shlex.quote(str(target))}", wrap=False)

    def _finish(self) -> int:
        state = self.match.state
        if not self.quiet:
            viewer = self.humans[0] if len(self.humans) == 1 else None
            self.term.print(self.game.render(state, viewer, full=True))
        for line in outcome_lines(state):
            self.term.print(line, style="bold")
        target = self._save()
        if target is not None:
            self.term.print(f"Replay with: {outlast_command()} replay {shlex.quote(str(target))}", wrap=False)
        return 0


__all__ = ["BOT_TURN", "COMMANDS", "HUMAN", "BotFailure", "PlaySession", "SeatPlan", "Turn", "load_save", "make_bot",
           "menu_group", "outcome_lines", "plan_seats", "rules_text", "save_match", "seat_count"]
