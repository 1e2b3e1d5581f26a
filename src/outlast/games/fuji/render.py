"""The terminal picture of a Fuji table for one seat, built only from `state.observe(seat)`.

Nothing here reads the state's fields, so a seat sees exactly what its view holds (fuji.md §18):
its own dice, public dice, the board, stamina tracks, equipment, hints and its log. The only other
source is the shipped content, looked up by the public card id shown on the board (a card's printed
requirement, §7.4), which every player can read off the table anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .board import LETTERS
from .content import content

if TYPE_CHECKING:
    from .state import FujiState

MEEPLE_STYLES = {
    "blue": "bold bright_blue",
    "purple": "bold magenta",
    "green": "bold green",
    "black": "bold black on grey70",
}
FACE_STYLES = {"Y": "bold black on yellow", "B": "bold white on blue", "P": "bold black on pink1"}
LOG_LINES = 12
CELL_WIDTH = {False: 7, True: 6}
"""Width of a terrain cell: full, and compact for a narrow terminal."""


def requirement_shorthand(card_id: str | None) -> str:
    """A card's requirement in a few characters: `Y|4` (yellow, or any 4), `PB odd`, `456` (§7.4)."""
    if not card_id:
        return ""
    c = content()
    card = c.terrain[c.terrain_index(card_id)]
    parts = []
    for clause in card.requires:
        cols, vals = clause.split(":")
        words = [w for w in (cols if cols != "*" else "", vals if vals != "*" else "") if w]
        parts.append(" ".join(words) or "any")
    return "|".join(parts)


def _style(explorer: dict[str, Any]) -> str:
    return MEEPLE_STYLES.get(explorer.get("colour") or "", "bold")


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
            explorer, _, number = d["die"].partition(":")
            tag = number if explorer == str(seat) else d["die"]
        out.append_text(_die(d, tag))
    return out if dice else Text("—", style="dim")


def _cell(view: dict[str, Any], cell: dict[str, Any], compact: bool) -> Text:
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
        head.append("\n" + requirement_shorthand(cell["card"]))
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
    for ex in view["explorers"]:
        if ex["position"] == name:
            pieces.append(f"●{ex['index']}", style=_style(ex))
    for ex in view["explorers"]:
        if ex["marker"] == name:
            pieces.append(f"◆{ex['index']}", style=_style(ex))
    out = head
    for part in (tokens, pieces):
        if part.plain:
            out = out + Text("\n") + part
    return out


def board_table(view: dict[str, Any], compact: bool = False) -> Table:
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
            row.append(_cell(view, cell, compact) if cell else Text(""))
        table.add_row(*row)
    return table


class BoardGrid:
    """The grid at the console's width: full cells where they fit, compact ones on a narrow terminal."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = self.view["scenario"]["cols"]
        full = (CELL_WIDTH[False] + 1) * cols + 4
        yield board_table(self.view, compact=options.max_width < full)


def stamina_track(view: dict[str, Any], ex: dict[str, Any]) -> Text:
    """The stamina board (§17.3) for one explorer: spaces used, the tracker ●, injury spaces ✚, exhaustion ☠."""
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


def explorers_table(view: dict[str, Any]) -> Table:
    """One row per explorer: who, skill, where and where to, stamina and injuries, dice."""
    me = view["seat"]
    table = Table(box=box.SIMPLE_HEAD, title="Explorers", title_style="bold", padding=(0, 1),
                  caption="● meeple and stamina tracker, ◆ destination marker, ✚ injury space, ☠ exhaustion, "
                  "?? a die you cannot see", caption_style="dim")
    for name in ("meeple", "skill", "at → to"):
        table.add_column(name)
    table.add_column("stamina and injuries", no_wrap=True, min_width=36)
    table.add_column("dice")
    for ex in view["explorers"]:
        who = Text(f"●{ex['index']} ", style=_style(ex))
        who.append(f"{ex['character'] or '?'}")
        who.append(f"\nseat {ex['seat']}" + (" (you)" if ex["seat"] == me else ""), style="dim")
        skill = Text(ex["skill_name"] or "?", style="strike dim" if ex["skill_lost"] else "")
        if ex["power_bars"]:
            skill.append(f"\npower bars {'▮' * ex['power_bars']}", style="bold")
        if ex["first_aid"]:
            skill.append("\nfirst aid: no stamina loss", style="green")
        if ex["flare"]:
            skill.append(f"\nflare gun +{ex['flare']}", style="green")
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
    shared meeple's dice (§13.2): an explorer whose dice this seat partly sees behind the screens.
    """
    me = view["seat"]
    if me is None:
        return None
    rows = Table.grid(padding=(0, 1))
    for ex in view["explorers"]:
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
    for ex in view["explorers"]:
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
    grid.add_row("to act", ", ".join("chance" if s < 0 else f"seat {s}" for s in movers) or "nobody")
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


def render_view(view: dict[str, Any]) -> RenderableType:
    """The whole table from one observation dict."""
    who = "public view" if view["seat"] is None else f"seat {view['seat']}"
    head = Text(f"Fuji — round {view['round']}, phase {view['phase_name']} — level {view['options']['level']}"
                f"{', extra thrill' if view['options'].get('extra_thrill') else ''} — {who}", style="bold")
    parts: list[RenderableType | None] = [head, BoardGrid(view), explorers_table(view), my_dice(view),
                                          equipment_table(view), status_panel(view), log_panel(view),
                                          outcome_panel(view)]
    return Group(*(p for p in parts if p is not None))


def render(state: FujiState, seat: int | None) -> RenderableType:
    """A rich renderable of what `seat` sees (None: a spectator), made from `state.observe(seat)` alone."""
    return render_view(state.observe(seat))
