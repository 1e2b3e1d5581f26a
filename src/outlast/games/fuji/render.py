"""The terminal picture of a Fuji table for one seat, built only from `state.observe(seat)`.

Nothing here reads the state's fields, so a seat sees exactly what its view holds (fuji.md §18):
its own dice, public dice, the board, stamina tracks, equipment, hints and its log. The only other
source is the game's content (`state.table.content`, passed down as `c`), looked up by the public card id
shown on the board (a card's printed requirement, §7.4), which every player can read off the table anyway.

Two layouts: the compact one (the default, redrawn before each decision) fits a 50-line terminal
with the decision and the menu below it; the full one (`full=True`, the terminal's `view full`)
adds card ids, the stamina tracks, every equipment card's text and a longer log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .board import LETTERS

if TYPE_CHECKING:
    from .content import Content
    from .state import FujiState

MEEPLE_STYLES = {
    "blue": "bold bright_blue",
    "purple": "bold magenta",
    "green": "bold green",
    "black": "bold black on grey70",
}
FACE_STYLES = {"Y": "bold black on yellow", "B": "bold white on blue", "P": "bold black on pink1"}
LOG_LINES = 12
COMPACT_LOG_LINES = 3
CELL_WIDTH = {False: 7, True: 6}
"""Width of a terrain cell: full, and compact for a narrow terminal."""
BOARD_LINES = 17
"""Most lines the compact layout's terrain grid may take; it drops cell names, then row rules, to fit."""
COMPACT_CELL_MAX = 11
"""Widest compact cell: more width buys nothing (a requirement and a token or two per line)."""


def requirement_shorthand(c: Content, card_id: str | None) -> str:
    """A card's requirement in content `c`, in a few characters: `Y|4` (yellow, or any 4), `PB odd`, `456` (§7.4)."""
    if not card_id:
        return ""
    card = c.terrain[c.terrain_index(card_id)]
    parts = []
    for clause in card.requires:
        cols, vals = clause.split(":")
        words = [w for w in (cols if cols != "*" else "", vals if vals != "*" else "") if w]
        parts.append(" ".join(words) or "any")
    return "|".join(parts)


def _style(meeple: dict[str, Any]) -> str:
    return MEEPLE_STYLES.get(meeple.get("colour") or "", "bold")


def _die(d: dict[str, Any], tag: str = "") -> Text:
    """One die: its colour and value on a face-coloured chip, or `??` when this seat cannot see it."""
    head = f"{tag}=" if tag else ""
    if d.get("hidden"):
        return Text(f"{head}??", style="dim")
    face = f"{d['colour']}{d['value']}"
    return Text(head) + Text(f" {face} ", style=FACE_STYLES.get(d["colour"], "bold"))


def _dice_row(dice: list[dict[str, Any]], seat: int | None = None) -> Text:
    """Dice side by side; with `seat`, each is tagged as that seat writes it in actions (`3`, or `2:3`)."""
    out = Text()
    for i, d in enumerate(dice):
        if i:
            out.append(" ")
        tag = ""
        if seat is not None:
            meeple, _, number = d["die"].partition(":")
            tag = number if meeple == str(seat) else d["die"]
        out.append_text(_die(d, tag))
    return out if dice else Text("—", style="dim")


def _cell(view: dict[str, Any], c: Content, cell: dict[str, Any], compact: bool) -> Text:
    """One terrain card: position, card and ↻, requirement, tokens, meeples (●) and markers (◆).

    `compact` (a narrow terminal) leaves out the position, which the row and column headers give.
    """
    name = cell["cell"]
    kind = cell["kind"]
    lead = "" if compact else f"{name}\n"
    if kind == "volcano":
        return Text(lead + ("VOLC" if compact else "VOLCANO"), style="bold white on red3")
    if cell["lava"]:
        return Text(lead + "LAVA", style="bold yellow on red3")
    head = Text("" if compact else f"{name} ", style="bold yellow" if kind == "village" else "bold")
    if kind == "rubble":
        head.append(lead and "\n")
        head.append("rubble", style="dim")
    else:
        head.append(cell["card"] or "", style="yellow" if kind == "village" else "cyan")
        if cell["extra_reroll"]:
            head.append("↻", style="bold cyan")
        head.append("\n" + requirement_shorthand(c, cell["card"]))
    tokens = Text()
    if kind == "village":
        tokens.append("vil " if compact else "village ", style="yellow")
    if cell["equipment_token"]:
        tokens.append("E ", style="bold green")
    if cell["eruption_token"]:
        tokens.append("X" * cell["eruption_token"] + " ", style="bold red")
    if cell["start"] and view["phase"] == 0:
        tokens.append(f"{cell['start']} start", style="dim")
    pieces = Text()
    for ex in view["meeples"]:
        if ex["position"] == name:
            pieces.append(f"●{ex['index']}", style=_style(ex))
    for ex in view["meeples"]:
        if ex["marker"] == name:
            pieces.append(f"◆{ex['index']}", style=_style(ex))
    out = head
    for part in (tokens, pieces):
        if part.plain:
            out = out + Text("\n") + part
    return out


def board_table(view: dict[str, Any], content: Content, compact: bool = False) -> Table:
    """The terrain grid (§17.4): rows numbered, columns lettered, like the scenario maps."""
    sc = view["scenario"]
    cells = {c["cell"]: c for c in view["board"]}
    table = Table(box=box.SQUARE, show_lines=True, padding=(0, 0), show_header=True, header_style="dim",
                  title=f"Scenario {sc['id']} — {sc['name']}", title_style="bold")
    table.add_column("", justify="right", style="dim", no_wrap=True)
    for c in range(sc["cols"]):
        table.add_column(LETTERS[c], justify="left", min_width=CELL_WIDTH[compact], no_wrap=not compact)
    for r in range(1, sc["rows"] + 1):
        row: list[RenderableType] = [Text(str(r))]
        for c in range(sc["cols"]):
            cell = cells.get(f"{LETTERS[c]}{r}")
            row.append(_cell(view, content, cell, compact) if cell else Text(""))
        table.add_row(*row)
    return table


def _cell_parts(view: dict[str, Any], c: Content, cell: dict[str, Any]) -> list[Text]:
    """A terrain card in short pieces for the compact grid: requirement (↻), tokens, meeples and markers."""
    kind = cell["kind"]
    if kind == "volcano":
        return [Text("VOLC", style="bold white on red3")]
    if cell["lava"]:
        return [Text("LAVA", style="bold yellow on red3")]
    parts: list[Text] = []
    if kind == "rubble":
        parts.append(Text("rubble", style="dim"))
    else:
        req = Text(requirement_shorthand(c, cell["card"]) or "?", style="yellow" if kind == "village" else "")
        if cell["extra_reroll"]:
            req.append("↻", style="bold cyan")
        parts.append(req)
    if kind == "village":
        parts.append(Text("vil", style="yellow"))
    if cell["equipment_token"]:
        parts.append(Text("E", style="bold green"))
    if cell["eruption_token"]:
        parts.append(Text("X" * cell["eruption_token"], style="bold red"))
    pieces = Text()
    for ex in view["meeples"]:
        if ex["position"] == cell["cell"]:
            pieces.append(f"●{ex['index']}", style=_style(ex))
    for ex in view["meeples"]:
        if ex["marker"] == cell["cell"]:
            pieces.append(f"◆{ex['index']}", style=_style(ex))
    if pieces.plain:
        parts.append(pieces)
    return parts


def _packed(parts: list[Text], width: int) -> Text:
    """Pieces joined by spaces, a new line whenever the next one would pass `width`."""
    out = Text()
    line = 0
    for part in parts:
        size = len(part.plain)
        if line and line + 1 + size > width:
            out.append("\n")
            line = 0
        elif line:
            out.append(" ")
            line += 1
        out.append_text(part)
        line += size
    return out


def compact_board_table(view: dict[str, Any], content: Content, width: int, rules: bool) -> Table:
    """The terrain grid without cell names (the row and column headers give them): `width`-wide cells,
    row rules between rows only with `rules`."""
    sc = view["scenario"]
    cells = {c["cell"]: c for c in view["board"]}
    table = Table(box=box.SQUARE, show_lines=rules, padding=(0, 0), show_header=True, header_style="dim")
    table.add_column("", justify="right", style="dim", no_wrap=True)
    for c in range(sc["cols"]):
        table.add_column(LETTERS[c], justify="left", width=width, no_wrap=False)
    for r in range(1, sc["rows"] + 1):
        row: list[RenderableType] = [Text(str(r))]
        for c in range(sc["cols"]):
            cell = cells.get(f"{LETTERS[c]}{r}")
            row.append(_packed(_cell_parts(view, content, cell), width) if cell else Text(""))
        table.add_row(*row)
    return table


class BoardGrid:
    """The grid at the console's width: full cells where they fit, compact ones on a narrow terminal.

    With `budget`, the first layout no taller than `budget` lines is drawn: full cells, compact cells
    with row rules, compact cells without them (the compact screen of a tall scenario).
    """

    def __init__(self, view: dict[str, Any], content: Content, budget: int | None = None) -> None:
        self.view = view
        self.content = content
        self.budget = budget

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = self.view["scenario"]["cols"]
        full = (CELL_WIDTH[False] + 1) * cols + 4
        table = board_table(self.view, self.content, compact=options.max_width < full)
        if self.budget is None:
            yield table
            return
        width = max(3, min(COMPACT_CELL_MAX, (options.max_width - 4) // cols - 1))
        choices = [table] if options.max_width >= full else []
        choices += [compact_board_table(self.view, self.content, width, True),
                    compact_board_table(self.view, self.content, width, False)]
        for choice in choices:
            if len(console.render_lines(choice, options, pad=False)) <= self.budget:
                yield choice
                return
        yield choices[-1]


def stamina_track(view: dict[str, Any], ex: dict[str, Any]) -> Text:
    """The stamina board (§17.3) for one meeple: spaces used, the tracker ●, injury spaces ✚, exhaustion ☠."""
    board = view["stamina_board"]
    injuries = set(board["injury_spaces"])
    here = ex["stamina"]
    out = Text()
    for space in range(board["spaces"]):
        if space == here:
            out.append("●", style=_style(ex))
        elif space == board["exhaustion"]:
            out.append("☠", style="bold red")
        elif space in injuries:
            out.append("✚", style="dim red" if space < here else "bold red")
        elif space < here:
            out.append("━", style="dim")
        else:
            out.append("·", style="dim")
    out.append(f" {here}/{board['exhaustion']}")
    return out


def meeples_table(view: dict[str, Any]) -> Table:
    """One row per meeple: who, skill, where and where to, stamina and injuries, dice."""
    me = view["seat"]
    table = Table(box=box.SIMPLE_HEAD, title="Meeples", title_style="bold", padding=(0, 1),
                  caption="● meeple and stamina tracker, ◆ destination marker, ✚ injury space, ☠ exhaustion, "
                  "?? a die you cannot see", caption_style="dim")
    for name in ("meeple", "skill", "at → to"):
        table.add_column(name)
    table.add_column("stamina and injuries", no_wrap=True, min_width=36)
    table.add_column("dice")
    for ex in view["meeples"]:
        who = Text(f"●{ex['index']} ", style=_style(ex))
        who.append(f"{ex['character'] or '?'}")
        who.append(f"\nseat {ex['seat']}" + (" (you)" if ex["seat"] == me else ""), style="dim")
        skill = Text(ex["skill_name"] or "?", style="strike dim" if ex["skill_lost"] else "")
        if ex["power_bars"]:
            skill.append(f"\npower bars {'▮' * ex['power_bars']}", style="bold")
        if ex["no_stamina_loss"]:
            skill.append("\nno stamina loss this round", style="green")
        if ex["movement_bonus"]:
            skill.append(f"\nmovement +{ex['movement_bonus']}", style="green")
        if ex["screen_down"]:
            skill.append("\nscreen down", style="yellow")
        place = Text(ex["position"])
        place.append(f" → {ex['marker']}" if ex["marker"] else " → ?", style=_style(ex) if ex["marker"] else "dim")
        if ex["moved"]:
            place.append("\nmoved", style="dim")
        stamina = stamina_track(view, ex)
        stamina.append("\ninjuries: " + (", ".join(ex["injuries"]) or "none"), style="red" if ex["injuries"] else "dim")
        dice = _dice_row(ex["dice"])
        if ex["dice_in_play"] < 6:
            dice.append(f"\n{ex['dice_in_play']} dice in play", style="dim")
        table.add_row(who, skill, place, stamina, dice)
    return table


def my_dice(view: dict[str, Any]) -> RenderableType | None:
    """The dice this seat rolls and rerolls, tagged as actions name them (`reroll 1 4`, `reroll 2:4`).

    That is its own meeples' dice (received ones included) and, in variant B, its half of the
    shared meeple's dice (§13.2): a meeple whose dice this seat partly sees behind the screens.
    """
    me = view["seat"]
    if me is None:
        return None
    rows = Table.grid(padding=(0, 1))
    for ex in view["meeples"]:
        dice = ex["dice"]
        seen = [d for d in dice if not d.get("hidden") and d["die"].startswith(f"{ex['index']}:")]
        shared_half = view["phase"] < 5 and 0 < len(seen) < len(dice)
        if ex["seat"] == me or shared_half:
            rows.add_row(Text(f"meeple {ex['index']}", style=_style(ex)), _dice_row(dice if ex["index"] == me else seen, me))
    if not rows.rows:
        return None
    return Panel(rows, title="Your dice (as actions name them = face)", title_align="left", box=box.ROUNDED,
                 expand=False)


def equipment_table(view: dict[str, Any]) -> Table | None:
    """Every face-up equipment card with its owner, phases and effect text (§9, §15)."""
    table = Table(box=box.SIMPLE_HEAD, title="Equipment", title_style="bold", padding=(0, 1))
    for name in ("owner", "card", "phase", "effect"):
        table.add_column(name)
    now = view["round"]
    any_card = False
    for ex in view["meeples"]:
        for card in ex["equipment"]:
            any_card = True
            phase = " & ".join(map(str, card["phases"])) or "as copied"
            status = Text(card["name"], style="bold")
            status.append(f"\n{card['id']}", style="dim")
            if card["tapped"]:
                status.append(" tapped", style="yellow")
            if card["usable_from_round"] > now:
                status.append(f" from round {card['usable_from_round']}", style="yellow")
            table.add_row(Text(f"●{ex['index']}", style=_style(ex)), status, phase, card["text"])
    return table if any_card else None


def _hint_text(h: dict[str, Any]) -> str:
    if h.get("hint") == "threat":
        return f"seat {h['seat']}: my threat to meeple {h['subject']}'s destination: {h['level']}"
    if h.get("hint") == "fit":
        return f"seat {h['seat']}: my roll fits my destination: {h['level']}"
    return f"seat {h['seat']}: " + ("I'll reroll to help you" if h.get("level") == "help" else "I can use a card")


def status_panel(view: dict[str, Any]) -> RenderableType:
    """Whose move it is, readiness, rerolls, pending steps, shared dice, piles and hints."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    movers = view["to_move"]
    grid.add_row("to act", ", ".join("a roll or draw at the table" if s < 0 else f"seat {s}" for s in movers) or "nobody")
    if view["phase"] in (2, 4):
        grid.add_row("ready", ", ".join(f"seat {s}" for s, r in enumerate(view["ready"]) if r) or "nobody yet")
    if view["rerolls_left"]:
        seats = len(view["ready"])
        grid.add_row("rerolls left", ", ".join(f"seat {h}: {n}" if h < seats else f"third meeple's half {h - seats + 1}: {n}"
                                               for h, n in enumerate(view["rerolls_left"])))
    for p in view["pending"]:
        grid.add_row("pending", f"{p['decision']} (seat {p['seat']}, meeple {p['meeple']})")
    if view.get("extra_dice"):
        grid.add_row("third set", _dice_row(view["extra_dice"]))
    if view["set_aside"]:
        grid.add_row("set aside", _dice_row(view["set_aside"]))
    if view.get("keeping"):
        grid.add_row("to keep from", ", ".join(view["keeping"]))
    if view.get("under_pile"):
        grid.add_row("you put under", ", ".join(view["under_pile"]))
    grid.add_row("equipment", f"draw pile {view['draw_pile']}; discarded: {', '.join(view['discard']) or 'none'}")
    loss = view["level_loss"]
    grid.add_row("stamina loss", f"fail {loss[0]}; d1-2 {loss[1]}, d3-4 {loss[3]}, d5-6 {loss[5]}, "
                 f"d7-8 {loss[7]}, d9-10 {loss[9]}, d11+ {loss[11]} (level {view['options']['level']}, §4)")
    for h in view["hints"]:
        grid.add_row("hint", _hint_text(h))
    return grid


def log_panel(view: dict[str, Any], lines: int = LOG_LINES) -> Panel:
    """The last lines of this seat's event log."""
    text = Text("\n".join(view["log"][-lines:]) or "—")
    return Panel(text, title="Log", title_align="left", box=box.ROUNDED)


def outcome_panel(view: dict[str, Any]) -> Panel | None:
    out = view.get("outcome")
    if not out:
        return None
    if out["won"]:
        body = Text(f"Victory in round {out['rounds']}: {out['victory_points']} victory points — {out['rating']}",
                    style="bold green")
    else:
        body = Text(f"Defeat in round {out['rounds']}: {out['reason']}", style="bold red")
    return Panel(body, title="The end", box=box.DOUBLE)


def _next_injury(view: dict[str, Any], stamina: int) -> int | None:
    return next((s for s in view["stamina_board"]["injury_spaces"] if s >= stamina), None)


def _dice_short(dice: list[dict[str, Any]], seat: int | None = None) -> Text:
    """Dice in few characters: `P4 Y5 ??`, or with `seat` tagged as that seat's actions name them (`1=P4`)."""
    out = Text()
    for i, d in enumerate(dice):
        out.append(" " if i else "")
        if seat is not None:
            meeple, _, number = d["die"].partition(":")
            out.append(f"{number if meeple == str(seat) else d['die']}=")
        if d.get("hidden"):
            out.append("??", style="dim")
        else:
            out.append(f"{d['colour']}{d['value']}", style=FACE_STYLES.get(d["colour"], "bold"))
    return out if dice else Text("no dice", style="dim")


def meeple_line(view: dict[str, Any], ex: dict[str, Any]) -> Text:
    """One meeple in a line (the compact layout): who, skill, where → where to, stamina, dice and flags.

    This seat's own dice are tagged as its actions name them (`1=P4`, `2:3=Y5` for a received die).
    """
    board = view["stamina_board"]
    me = view["seat"]
    line = Text(f"●{ex['index']} ", style=_style(ex))
    line.append(ex["character"] or "?")
    tags = ([f"seat {ex['seat']}"] if ex["seat"] != ex["index"] else []) + (["you"] if ex["seat"] == me else [])
    if tags:
        line.append(f" ({', '.join(tags)})", style="dim")
    line.append("  ")
    line.append(ex["skill_name"] or "?", style="strike dim" if ex["skill_lost"] else "")
    line.append(f"  {ex['position']} → ")
    line.append(ex["marker"] or "?", style=_style(ex) if ex["marker"] else "dim")
    line.append(f"  stamina {ex['stamina']}/{board['exhaustion']}")
    injury = _next_injury(view, ex["stamina"])
    if injury is not None:
        line.append(f" ✚{injury}", style="red")
    line.append("  ")
    line.append_text(_dice_short(ex["dice"], me if ex["seat"] == me and ex["index"] == me else None))
    flags = []
    if ex["dice_in_play"] < 6:
        flags.append(f"{ex['dice_in_play']} dice")
    if ex["injuries"]:
        flags.append("injuries: " + ", ".join(ex["injuries"]))
    if ex["power_bars"]:
        flags.append("power bars " + "▮" * ex["power_bars"])
    if ex["no_stamina_loss"]:
        flags.append("no stamina loss")
    if ex["movement_bonus"]:
        flags.append(f"movement +{ex['movement_bonus']}")
    if ex["screen_down"]:
        flags.append("screen down")
    if ex["moved"]:
        flags.append("moved")
    if flags:
        line.append("  " + "; ".join(flags), style="dim")
    return line


def my_dice_line(view: dict[str, Any]) -> Text | None:
    """The dice this seat rolls on another meeple than its own (variant B's shared meeple, §13.2), as
    actions name them, in a line; its own dice are tagged on its meeple's line."""
    me = view["seat"]
    if me is None:
        return None
    out = Text("Your dice: ", style="bold")
    found = False
    for ex in view["meeples"]:
        if ex["index"] == me:
            continue
        dice = ex["dice"]
        seen = [d for d in dice if not d.get("hidden") and d["die"].startswith(f"{ex['index']}:")]
        shared_half = view["phase"] < 5 and 0 < len(seen) < len(dice)
        if ex["seat"] == me or shared_half:
            out.append("; " if found else "")
            found = True
            out.append(f"meeple {ex['index']} ", style=_style(ex))
            out.append_text(_dice_short(seen if shared_half else dice, me))
    return out if found else None


def equipment_lines(view: dict[str, Any], c: Content) -> list[Text]:
    """Equipment in short: this seat's cards with their effect, one line each; the others' names in one line."""
    mine: list[Text] = []
    others = Text()
    now = view["round"]
    for ex in view["meeples"]:
        for card in ex["equipment"]:
            phase = "&".join(map(str, card["phases"])) or "copy"
            status = (" tapped" if card["tapped"] else "") + (
                f" from round {card['usable_from_round']}" if card["usable_from_round"] > now else "")
            if ex["seat"] == view["seat"]:
                line = Text(f"●{ex['index']} ", style=_style(ex))
                line.append(card["name"], style="bold")
                line.append(f" [{phase}]{status} ", style="yellow" if status else "dim")
                line.append(card["text"])
                line.no_wrap = True
                line.overflow = "ellipsis"
                mine.append(line)
            else:
                if others.plain:
                    others.append(" · ")
                others.append(f"●{ex['index']} ", style=_style(ex))
                others.append(f"{card['name']} [{phase}]{status}")
    if others.plain:
        mine.append(Text("equipment: ", style="bold") + others)
    cards = {card.id: card for card in c.equipment}
    for card_id in view.get("keeping") or ():
        card = cards.get(card_id)
        if card is not None:  # the cards this seat chooses from at setup (§3.2): their printed text
            line = Text(f"to keep: {card.id} ", style="bold")
            line.append(f"[{'&'.join(map(str, card.phases)) or 'copy'}] ", style="dim")
            line.append(card.text())
            line.no_wrap = True
            line.overflow = "ellipsis"
            mine.append(line)
    return mine


def _short_hint(h: dict[str, Any]) -> str:
    """A hint without its seat: `threat 2 serious`, `fit good`, `will help`, `can use a card`."""
    if h.get("hint") == "threat":
        return f"threat {h['subject']} {h['level']}"
    if h.get("hint") == "fit":
        return f"fit {h['level']}"
    return "will help" if h.get("level") == "help" else "can use a card"


def hints_line(view: dict[str, Any]) -> Text | None:
    """This round's hints by seat, the latest of each kind (`seat 1: fit good, threat 0 serious`)."""
    latest: dict[tuple[Any, ...], dict[str, Any]] = {}
    for h in view["hints"]:
        key = (h["seat"], h.get("hint"), h.get("subject"))
        latest.pop(key, None)
        latest[key] = h
    if not latest:
        return None
    by_seat: dict[int, list[str]] = {}
    for h in latest.values():
        by_seat.setdefault(h["seat"], []).append(_short_hint(h))
    return Text("hints — ", style="bold") + Text(
        " · ".join(f"seat {seat}: {', '.join(words)}" for seat, words in sorted(by_seat.items())))


def status_lines(view: dict[str, Any]) -> list[Text]:
    """Who may act, readiness, rerolls, pending steps, shared dice, the loss table and hints, in a few lines."""
    facts = [("to act", ", ".join("a roll or draw at the table" if s < 0 else f"seat {s}" for s in view["to_move"]) or "nobody")]
    if view["phase"] in (2, 4):
        facts.append(("ready", ", ".join(f"seat {s}" for s, r in enumerate(view["ready"]) if r) or "nobody yet"))
    if view["rerolls_left"]:
        seats = len(view["ready"])
        facts.append(("rerolls left", ", ".join(f"seat {h}: {n}" if h < seats else f"third half {h - seats + 1}: {n}"
                                                for h, n in enumerate(view["rerolls_left"]))))
    for p in view["pending"]:
        facts.append(("pending", f"{p['decision']} (seat {p['seat']}, meeple {p['meeple']})"))
    if view.get("keeping"):
        facts.append(("to keep from", ", ".join(view["keeping"])))
    if view.get("under_pile") and view["phase"] == 0:
        facts.append(("you put under", ", ".join(view["under_pile"])))
    loss = view["level_loss"]
    facts.append(("loss", f"fail {loss[0]}, d1-2 {loss[1]}, d3-4 {loss[3]}, d5-6 {loss[5]}, d7+ {loss[7]}"))
    facts.append(("draw pile", str(view["draw_pile"])))
    out = Text()
    for i, (name, value) in enumerate(facts):
        if i:
            out.append(" · ", style="dim")
        out.append(f"{name} ", style="bold")
        out.append(value)
    lines = [out]
    for name, key in (("third set", "extra_dice"), ("set aside", "set_aside")):
        if view.get(key):
            lines.append(Text(f"{name}: ", style="bold") + _dice_row(view[key]))
    hints = hints_line(view)
    if hints is not None:
        lines.append(hints)
    return lines


def compact_view(view: dict[str, Any], c: Content) -> RenderableType:
    """The table in at most about 40 lines at 100 columns: board, meeples, this seat's dice and cards,
    status and hints, the last log lines (the compact layout)."""
    sc = view["scenario"]
    who = "public view" if view["seat"] is None else f"seat {view['seat']}"
    head = Text(f"Fuji — Scenario {sc['id']} — {sc['name']} — round {view['round']}, phase {view['phase_name']} — "
                f"level {view['options']['level']}{', extra thrill' if view['options'].get('extra_thrill') else ''}"
                f" — {who}", style="bold")
    parts: list[RenderableType | None] = [head, BoardGrid(view, c, BOARD_LINES)]
    parts += [meeple_line(view, ex) for ex in view["meeples"]]
    parts.append(my_dice_line(view))
    parts += equipment_lines(view, c)
    parts += status_lines(view)
    log = view["log"][-COMPACT_LOG_LINES:]
    if log:
        parts.append(Text("log: ", style="bold") + Text(" | ".join(log), style="dim"))
    parts.append(outcome_panel(view))
    return Group(*(p for p in parts if p is not None))


def render_view(view: dict[str, Any], c: Content, full: bool = False) -> RenderableType:
    """The table from one observation dict of a game with content `c`: the compact layout, or with `full` the whole
    of it."""
    if not full:
        return compact_view(view, c)
    who = "public view" if view["seat"] is None else f"seat {view['seat']}"
    head = Text(f"Fuji — round {view['round']}, phase {view['phase_name']} — level {view['options']['level']}"
                f"{', extra thrill' if view['options'].get('extra_thrill') else ''} — {who}", style="bold")
    parts: list[RenderableType | None] = [head, BoardGrid(view, c), meeples_table(view), my_dice(view),
                                          equipment_table(view), status_panel(view), log_panel(view),
                                          outcome_panel(view)]
    return Group(*(p for p in parts if p is not None))


def render(state: FujiState, seat: int | None, *, full: bool = False) -> RenderableType:
    """A rich renderable of what `seat` sees (None: a spectator), made from `state.observe(seat)` and the printed
    cards of the state's own content: the compact layout, or the whole table with `full`."""
    return render_view(state.observe(seat), state.table.content, full=full)
