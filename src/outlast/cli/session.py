"""A game at the terminal: human seats answer a menu, bot seats answer through their agent.

The loop only uses the kernel contract (architecture §2): the `Match` resolves chance from the
state's own RNG, every seat acts through `Match.play`, and a human sees the table only through
`game.render(state, seat)`, which is built from `state.observe(seat)`.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.text import Text

from outlast.agents import Agent, make_agent
from outlast.core import Action, Game, IllegalAction, Match, OptionError, OutlastError, Rng, State
from outlast.sim.play import next_seat

from .terminal import Terminal

HUMAN = "human"
MENU_FULL = 40
"""Up to this many legal actions the menu lists them all; beyond it, it groups them."""
GROUP_SHOWN = 6
GROUP_FULL = 30
"""A group of up to this many actions is listed whole, on lines of its own; a bigger one shows its first few."""
BOT_TURN = 200
"""Moves a bot may make in a row while a human may also act now; then the human gets the turn."""
BOT_MOVES_LIMIT = 200_000
"""Bot moves in a row after which the game is declared stuck (a bot that never says ready)."""

COMMANDS = (
    ("NUMBER or action text", "play that action (e.g. `3` or `mark E3`)"),
    ("menu [WORDS]", "list the legal actions (only those containing WORDS)"),
    ("view", "show the table again"),
    ("help", "the current decision and the rule behind it"),
    ("rules [§N]", "the rules section of the current decision, or section §N"),
    ("log [N]", "the last N lines of your log (default 40)"),
    ("undo", "take back your last action (not across dice, draws or another seat's move)"),
    ("say TEXT", "talk to the table (the game's table-talk rules apply)"),
    ("save [FILE]", "save the game (to the save file unless FILE is given)"),
    ("quit", "save and stop; continue later with `outlast resume FILE`"),
)


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
                if not w.isdigit() or int(w) >= count:
                    raise OptionError("humans", humans, f"seat numbers from 0 to {count - 1}, or none")
                chosen.add(int(w))
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
    """A match rebuilt from a save file, and the saved seat plan if the file has one (`SaveError` otherwise)."""
    doc = Match.read_document(path)
    match = Match.from_json(doc)
    cli = doc.get("cli")
    saved = cli.get("seats") if isinstance(cli, dict) else None
    return match, saved if isinstance(saved, list) else None


def outcome_lines(state: State) -> list[str]:
    """The end of the game in words: result, score and rating (from `outcome().details`)."""
    out = state.outcome()
    first = out.seats[0]
    rating = out.details.get("rating")
    if out.won:
        lines = [f"Victory! {first.score} victory points" + (f": {rating}" if rating else "")]
    else:
        lines = [f"Defeat: {first.reason}"]
    if "rounds" in out.details:
        lines.append(f"Rounds played: {out.details['rounds']}")
    return lines


def menu_group(text: str) -> str:
    """The words an action's menu group is named by: its verb, plus its first argument when more follows.

    `place 1 hunt` and `place friday rest` go under `place 1` and `place friday`, `use map 3 to 1`
    under `use map`; actions whose arguments are all numbers (`reroll 1 2 4`, `join 1 3`) stay together
    under their verb.
    """
    ws = text.split()
    if len(ws) > 2 and not all(w.isdigit() for w in ws[1:]):
        return " ".join(ws[:2])
    return ws[0] if ws else text


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
        self.last_bot = -1
        self.bot_run: dict[int, int] = defaultdict(int)
        """Moves each bot made since a human last acted (a waiting bot must not keep humans out)."""
        self.version = 0
        self.rendered: tuple[int, int] | None = None
        self.on_screen: int | None = None
        self.chat: list[tuple[int, str]] = []
        self.chat_seen: dict[int, int] = defaultdict(int)
        self.public_seen = len(match.state.visible_events(None))

    # --- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends (0), the humans quit (0), or Ctrl-C (130, after saving)."""
        try:
            return self._loop()
        except KeyboardInterrupt:
            self.term.print("")
            self._save_and_tell()
            return 130

    def _loop(self) -> int:
        bot_moves = 0
        while True:
            self.match.resolve_chance()
            state = self.match.state
            if not self.humans:
                self._print_public_events()
            if state.is_over():
                return self._finish()
            movers = state.to_move()
            bots = [s for s in movers if s in self.agents]
            if any(s in self.humans for s in movers):
                bots = [s for s in bots if self.bot_run[s] < BOT_TURN]
            if bots:
                bot = next_seat(state, bots, self.last_bot, self.agents.__getitem__)
                self._bot_acts(bot)
                bot_moves += 1
                if bot_moves > BOT_MOVES_LIMIT:
                    raise OutlastError(f"the bots made {BOT_MOVES_LIMIT} moves in a row without the game ending")
                continue
            bot_moves = 0
            seat = self.on_screen if self.on_screen in movers else next(s for s in movers if s in self.humans)
            if not self._human_turn(seat):
                return 0

    def _bot_rng(self, seat: int) -> Rng:
        """A generator for one bot decision, fixed by the game seed and the position in the match."""
        return Rng((self.match.seed * 1_000_003 + len(self.match.history)) * 64 + seat)

    def _bot_acts(self, seat: int) -> None:
        action = self.agents[seat].act(self.match.state, seat, self._bot_rng(seat))
        try:
            self.match.play(action)
        except IllegalAction as exc:
            raise OutlastError(f"bot {self.plan.kinds[seat]!r} at seat {seat} chose an illegal action "
                               f"{action}: {exc}") from None
        self.last_bot = seat
        self.bot_run[seat] += 1
        self.version += 1

    def _print_public_events(self) -> None:
        if self.quiet:
            return
        events = self.match.state.visible_events(None)
        for e in events[self.public_seen:]:
            self.term.print(f"· {e.text}")
        self.public_seen = len(events)

    # --- a human's turn -------------------------------------------------------------------------
    def _human_turn(self, seat: int) -> bool:
        """Show the table and read commands until the seat acts (True) or quits (False)."""
        if len(self.humans) > 1 and self.on_screen != seat:
            self.term.pass_device(f"Pass to seat {seat}")
        self.on_screen = seat
        self._show_chat(seat)
        if self.rendered != (seat, self.version):
            self._show(seat)
        while True:
            line = self.term.ask(f"seat {seat}> ")
            if line is None:
                self._save_and_tell()
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            rest = rest.strip()
            if line.isdigit():
                legal = self.match.state.legal_actions(seat)
                n = int(line)
                if not 1 <= n <= len(legal):
                    self.term.print(f"choose a number from 1 to {len(legal)}, or type an action", style="red")
                    continue
                if self._play(seat, legal[n - 1]):
                    return True
            elif word in ("quit", "exit", "q"):
                self._save_and_tell()
                return False
            elif word in ("help", "?"):
                self._help(seat)
            elif word in ("menu", "actions"):
                self._menu(seat, rest or None)
            elif word in ("view", "board", "show"):
                self._show(seat)
            elif word == "rules":
                self._rules(seat, rest or None)
            elif word == "log":
                self._log(seat, rest)
            elif word == "undo":
                self._undo(seat)
            elif word == "say":
                self._say(seat, rest)
            elif word == "save":
                self._save(Path(rest) if rest else None)
            elif self._play(seat, line):
                return True

    def _play(self, seat: int, action: Action | str) -> bool:
        """Apply an action for `seat`; an illegal one prints its reason and rule and changes nothing."""
        try:
            act = self.match.play(action, seat)
        except IllegalAction as exc:
            rule = f" ({exc.rule})" if exc.rule else ""
            self.term.print(f"not allowed: {exc.reason}{rule}", style="red")
            return False
        self.version += 1
        self.bot_run.clear()
        self.term.print(f"seat {seat}: {act}", style="dim")
        return True

    def _show(self, seat: int) -> None:
        state = self.match.state
        self.term.print(self.game.render(state, seat))
        self.term.print(Text(self.game.describe_decision(state, seat), style="bold"))
        self._menu(seat, None)
        self.rendered = (seat, self.version)

    def _menu(self, seat: int, words: str | None) -> None:
        """The numbered legal actions (numbers are stable: the order of `legal_actions`)."""
        legal = [str(a) for a in self.match.state.legal_actions(seat)]
        numbered = [(i + 1, t) for i, t in enumerate(legal) if not words or words.lower() in t]
        if not numbered:
            self.term.print(f"no legal action contains {words!r}" if words else "no legal action now")
            return
        self.term.print(Text(f"Legal actions ({len(legal)}); type a number or the action text; "
                             "`help` for commands:", style="bold"))
        if words or len(numbered) <= MENU_FULL:
            self.term.print(Columns([Text(f"{n:>3}) {t}") for n, t in numbered], padding=(0, 2), column_first=True))
            return
        groups: dict[str, list[tuple[int, str]]] = defaultdict(list)
        for n, t in numbered:
            groups[menu_group(t)].append((n, t))
        lone = [(n, t) for members in groups.values() if len(members) == 1 for n, t in members]
        for key, members in groups.items():
            if len(members) == 1:
                continue
            if len(members) > GROUP_FULL:
                line = Text(f"  {key}: ", style="bold")
                for n, t in members[:GROUP_SHOWN]:
                    line.append(f"{n}) {t}   ", style="")
                line.append(f"… {len(members) - GROUP_SHOWN} more: menu {key}", style="dim")
                self.term.print(line)
                continue
            self.term.print(Columns([Text(f"{n:>3}) {t}") for n, t in members], padding=(0, 2)))
        if lone:
            self.term.print(Columns([Text(f"{n:>3}) {t}") for n, t in lone], padding=(0, 2)))

    def _help(self, seat: int) -> None:
        self.term.print(Text(self.game.describe_decision(self.match.state, seat), style="bold"))
        for cmd, what in COMMANDS:
            self.term.print(f"  {cmd:<22} {what}")

    def _rules(self, seat: int, section: str | None) -> None:
        if section is None:
            section = _section_of(self.game.describe_decision(self.match.state, seat))
        try:
            self.term.print(rules_text(self.game, section))
        except OutlastError as exc:
            self.term.print(str(exc), style="red")

    def _log(self, seat: int, count: str) -> None:
        n = int(count) if count.isdigit() else 40
        for e in self.match.state.visible_events(seat)[-n:]:
            self.term.print(e.text)

    def _undo(self, seat: int) -> None:
        try:
            entry = self.match.undo(seat)
        except IllegalAction as exc:
            self.term.print(f"cannot undo: {exc.reason}", style="red")
            return
        self.version += 1
        self.term.print(f"took back: {entry.text}")
        self._show(seat)

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
    def _save(self, path: Path | None = None) -> Path | None:
        target = path or self.save_path
        if target is None:
            return None
        try:
            save_match(self.match, self.plan, target)
        except OSError as exc:
            self.term.print(f"could not save to {target}: {exc.strerror}", style="red")
            return None
        self.term.print(f"saved to {target}")
        return target

    def _save_and_tell(self) -> None:
        target = self._save()
        if target is not None:
            self.term.print(f"Resume with: outlast resume {target}")

    def _finish(self) -> int:
        state = self.match.state
        if not self.quiet:
            viewer = self.humans[0] if len(self.humans) == 1 else None
            self.term.print(self.game.render(state, viewer))
        for line in outcome_lines(state):
            self.term.print(line, style="bold")
        target = self._save()
        if target is not None:
            self.term.print(f"Replay with: outlast replay {target}")
        return 0


__all__ = ["HUMAN", "PlaySession", "SeatPlan", "load_save", "make_bot", "menu_group", "outcome_lines",
           "plan_seats", "rules_text", "save_match", "seat_count"]
