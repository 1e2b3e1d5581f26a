"""The terminal picture of a Robinson Crusoe table for one seat, built only from `state.observe(seat)`.

Nothing here reads the state's fields. Robinson Crusoe is cooperative and open: the view holds the
whole public table (§26.4), so every seat sees the same picture apart from the "(you)" marks. The
only other source is the game's content (`state.content`, passed down as `c`), looked up by the public
ids the view names (a Discovery token's text, a character's personal Invention, the cost table of the
player count, the scenario's goal), which every player can read off the printed components anyway.

Two layouts: the compact one (the default, redrawn before each decision) fits a 50-line terminal
with the decision and the menu below it; the full one (`full=True`, the terminal's `view full`)
adds the card texts, every skill, the deck sizes and a longer log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content import Content, Scenario

if TYPE_CHECKING:
    from .state import RobinsonState

LOG_LINES = 14
COMPACT_LOG_LINES = 3
CELL_WIDTH = 24
"""Width of one island space; neighbouring rows are offset by half of it, as on the hex board."""
COMPACT_CELL_WIDTH = 28
"""Width of a space in the compact layout (no border): three spaces and the half-space offset fit 100 columns."""
TERRAIN_STYLES = {"beach": "bold yellow", "plains": "bold green", "hills": "bold dark_orange3",
                  "mountains": "bold grey70", "river": "bold bright_blue"}
RES_STYLES = {"wood": "dark_orange3", "food": "green", "nonperishable": "cyan", "fur": "magenta"}


def _scenario(view: dict[str, Any], c: Content) -> Scenario | None:
    """The scenario of content `c` the view is played with: the view names its rounds and pile, which tell them
    apart."""
    for sc in c.scenarios:
        if sc.rounds == view["rounds"] and list(sc.pile) == list(view["pile_needs"]):
            return sc
    return c.scenarios[0] if c.scenarios else None


def make_console_free() -> Console:
    """A console used only to measure text (never printed to)."""
    return Console(width=CELL_WIDTH, color_system=None, file=None)


def _who(view: dict[str, Any], seat: int) -> str:
    chars = view["characters"]
    name = chars[seat]["name"] if 0 <= seat < len(chars) else f"seat {seat}"
    return f"{name} (seat {seat})"


# --- the island ---------------------------------------------------------------------------------
def _planned_here(view: dict[str, Any], space: str) -> list[str]:
    """The planned Actions on a space: `#2 explore`, `#3 gather wood` (from the plan's action texts)."""
    out = []
    for g in view["plan"]:
        parts = g["action"].split(":")
        if len(parts) >= 2 and parts[1] == space and parts[0] in ("gather", "explore"):
            what = parts[0] + (f" {parts[2]}" if len(parts) > 2 else "")
            out.append(f"#{g['number']} {what}")
    return out


def _space_body(view: dict[str, Any], sp: dict[str, Any]) -> Text:
    """One island space: tile and terrain, sources (✗ exhausted), tokens, Camp or distance, plans."""
    body = Text()
    name = sp["space"]
    if sp.get("lost"):
        body.append("lost (§16.4)", style="bold red")
    elif "tile" in sp:
        body.append(f"#{sp['tile']} ", style="bold")
        body.append(sp["terrain"], style=TERRAIN_STYLES.get(sp["terrain"], "bold"))
        if sp.get("tent"):
            body.append(" ⛺", style="bold")
        body.append("\n")
        for i, src in enumerate(sp["sources"]):
            if i:
                body.append(" ")
            if sp["exhausted"][i]:
                body.append(f"✗{src}", style="dim strike")
            else:
                body.append(src, style=RES_STYLES.get(src, ""))
        if not sp["sources"]:
            body.append("no source", style="dim")
        if sp["tokens"]:
            body.append("\n" + ", ".join(sp["tokens"]), style="yellow")
    else:
        body.append("unexplored", style="dim")
    body.append("\n")
    if sp["camp"]:
        body.append("⌂ CAMP", style="bold white on dark_green")
    elif sp["distance"]:
        body.append(f"distance {sp['distance']}", style="cyan")
    else:
        body.append("out of reach", style="dim")
    plans = _planned_here(view, name)
    if plans:
        body.append("\n" + "; ".join(plans), style="bold magenta")
    return body


def _space_cell(sp: dict[str, Any], body: Text, height: int) -> Panel:
    return Panel(body, title=sp["space"], title_align="left", width=CELL_WIDTH, height=height, box=box.ROUNDED,
                 padding=(0, 1), border_style="bold green" if sp["camp"] else "dim")


def _hex_rows(view: dict[str, Any], cells: dict[str, RenderableType], width: int = CELL_WIDTH,
              wrap: bool = False) -> list[RenderableType]:
    """The island's spaces in rows, each row offset by half a space as on the board (§2.1).

    Spaces are laid out from their axial coordinates (q, r): column 2q + r in half-spaces of
    `width`. With `wrap` a space's text is wrapped to `width`.
    """
    spaces = view["island"]
    half = {sp["space"]: 2 * sp["q"] + sp["r"] for sp in spaces}
    left = min(half.values(), default=0)
    rows: dict[int, list[dict[str, Any]]] = {}
    for sp in spaces:
        rows.setdefault(sp["r"], []).append(sp)
    lines: list[RenderableType] = []
    for r in sorted(rows):
        members = sorted(rows[r], key=lambda s: half[s["space"]])
        grid = Table.grid(padding=0)
        pad = (half[members[0]["space"]] - left) * width // 2
        row: list[tuple[RenderableType, bool]] = [(Text(" " * pad), False)] if pad else []
        prev = None
        for sp in members:
            h = half[sp["space"]]
            if prev is not None and h - prev > 2:
                row.append((Text(" " * ((h - prev - 2) * width // 2)), False))
            row.append((cells[sp["space"]], True))
            prev = h
        for _, is_space in row:
            if is_space and wrap:
                grid.add_column(width=width)
            else:
                grid.add_column(no_wrap=True)
        grid.add_row(*(cell for cell, _ in row))
        lines.append(grid)
    return lines


def island_map(view: dict[str, Any], c: Content) -> RenderableType:
    """The island's hex spaces (§2.1) in rows, each a bordered panel, as on the board."""
    spaces = view["island"]
    bodies = {sp["space"]: _space_body(view, sp) for sp in spaces}
    height = 2 + max((len(b.wrap(make_console_free(), CELL_WIDTH - 4)) for b in bodies.values()), default=1)
    cells: dict[str, RenderableType] = {sp["space"]: _space_cell(sp, bodies[sp["space"]], height) for sp in spaces}
    sc = _scenario(view, c)
    title = f"The island — {sc.name}" if sc else "The island"
    return Panel(Group(*_hex_rows(view, cells)), title=title, title_align="left", box=box.SQUARE, expand=False,
                 subtitle="✗ exhausted, ⛺ natural shelter, ⌂ Camp; distance (§8.1.7)", subtitle_align="left")


def _space_short(view: dict[str, Any], sp: dict[str, Any]) -> Text:
    """One island space in one to three lines (the compact layout): name, tile, Camp or distance;
    sources and tokens; the plans there."""
    name = sp["space"]
    body = Text(f"{name} ", style="bold green" if sp["camp"] else "bold")
    if sp.get("lost"):
        body.append("lost", style="bold red")
        return body
    if "tile" in sp:
        body.append(f"#{sp['tile']} ")
        body.append(sp["terrain"], style=TERRAIN_STYLES.get(sp["terrain"], "bold"))
        if sp.get("tent"):
            body.append(" ⛺", style="bold")
    else:
        body.append("unexplored", style="dim")
    if sp["camp"]:
        body.append(" ⌂CAMP", style="bold white on dark_green")
    elif sp["distance"]:
        body.append(f" dist {sp['distance']}", style="cyan")
    else:
        body.append(" far", style="dim")
    if "tile" in sp:
        line = Text()
        for i, src in enumerate(sp["sources"]):
            line.append(" " if i else "")
            if sp["exhausted"][i]:
                line.append(f"✗{src}", style="dim strike")
            else:
                line.append(src, style=RES_STYLES.get(src, ""))
        if sp["tokens"]:
            line.append((" " if line.plain else "") + ", ".join(sp["tokens"]), style="yellow")
        if line.plain:
            body.append("\n  ")
            body.append_text(line)
    plans = _planned_here(view, name)
    if plans:
        body.append("\n  " + " ".join(p.replace(" gather ", " ") for p in plans), style="bold magenta")
    return body


def island_short(view: dict[str, Any]) -> RenderableType:
    """The island without borders, a few lines per row of spaces (the compact layout)."""
    cells: dict[str, RenderableType] = {sp["space"]: _space_short(view, sp) for sp in view["island"]}
    return Group(*_hex_rows(view, cells, COMPACT_CELL_WIDTH, wrap=True))


# --- tracks, resources, the pile ---------------------------------------------------------------------
def morale_track(view: dict[str, Any], c: Content) -> Text:
    """The Morale track (§6): every value, the marker on the current one, and its Determination."""
    low, high = view["morale_range"]
    out = Text()
    for v in range(low, high + 1):
        label = f"{v:+d}" if v else "0"
        if v == view["morale"]:
            out.append(f"[{label}]", style="bold white on blue")
        else:
            out.append(f" {label} ", style="dim")
    gains = dict(c.morale)
    d = gains.get(view["morale"], 0)
    out.append(f"\nthe first player {'gains' if d >= 0 else 'discards'} {abs(d)} Determination (§6.2)",
               style="dim")
    return out


def tracks_table(view: dict[str, Any], c: Content) -> Table:
    """Morale, Shelter, Roof, Palisade and Weapon (§2.1, §8.8), with the cost table of this player count."""
    grid = Table(box=box.SIMPLE_HEAD, title="Tracks", title_style="bold", padding=(0, 1), show_header=False)
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Morale", morale_track(view, c))
    if view["shelter"]:
        shelter = Text("built", style="bold green")
    elif view["natural_shelter"]:
        shelter = Text("natural shelter (the Camp is on a tent tile)", style="green")
    else:
        shelter = Text("none: the Camp is in the open (§10.3)", style="yellow")
    grid.add_row("Shelter", shelter)
    for name in ("roof", "palisade", "weapon"):
        level = view[name]
        bar = Text("▮" * level, style="bold")
        bar.append(f" {level}" if level else "0", style="" if level else "dim")
        grid.add_row(name.capitalize(), bar)
    wood, fur = c.costs.get(len(view["characters"]), (0, 0))
    grid.add_row("Costs", Text(f"Shelter, Roof +1, Palisade +1: {wood} wood or {fur} fur each (§8.8)", style="dim"))
    return grid


def resources_table(view: dict[str, Any]) -> Table:
    """Available and Future resources (§8.3: Future becomes Available after the Action phase)."""
    table = Table(box=box.SIMPLE_HEAD, title="Resources", title_style="bold", padding=(0, 1))
    table.add_column("")
    for name in ("wood", "food", "nonperishable", "fur"):
        table.add_column(name, justify="right", style=RES_STYLES[name])
    for label, key in (("Available", "available"), ("Future", "future")):
        table.add_row(label, *(str(view[key][n]) for n in ("wood", "food", "nonperishable", "fur")))
    disc = view["discoveries"]
    table.caption = (f"Discovery tokens: {len(disc['available'])} available, {len(disc['future'])} future"
                     if disc["available"] or disc["future"] else None)
    table.caption_style = "dim"
    return table


def pile_and_goal(view: dict[str, Any], c: Content) -> Table:
    """The wood pile of the scenario (§25.1), the goal and the weather of the round."""
    grid = Table(box=box.SIMPLE_HEAD, title="Scenario", title_style="bold", padding=(0, 1), show_header=False)
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    sc = _scenario(view, c)
    pile = Text()
    for i, (have, need) in enumerate(zip(view["pile"], view["pile_needs"], strict=False)):
        if i:
            pile.append("  ")
        style = "bold green" if have >= need else ("yellow" if have else "dim")
        pile.append(f"{i + 1}:{have}/{need}", style=style)
    done = sum(1 for h, n in zip(view["pile"], view["pile_needs"], strict=False) if h >= n)
    pile.append(f"   ({done} of {len(view['pile_needs'])} stages)", style="dim")
    grid.add_row("Wood pile", pile)
    if sc is not None:
        needs = ", ".join(i.replace("_", " ").capitalize() for i in sc.win_items)
        goal = (f"from round {sc.win_from}: the pile complete" + (f" and {needs} built" if needs else "")
                + f", before round {sc.rounds} ends (§25.1)")
        grid.add_row("Goal", goal)
    weather = view["weather_dice"]
    grid.add_row("Weather", (", ".join(weather) + " dice" if weather else "no dice this round")
                 + (f"; tokens: {', '.join(view['weather_tokens'])}" if view["weather_tokens"] else "")
                 + " (§9)")
    clouds = view.get("clouds")
    if clouds:
        grid.add_row("Clouds", f"rain {clouds['rain']}, winter {clouds['winter']}")
    fields = [f"{k}: {', '.join(v)}" for k, v in view["field_tokens"].items() if v]
    if fields:
        grid.add_row("Field tokens", "; ".join(fields) + " (§20)")
    decks = view["decks"]
    top = ", ".join(decks["hunting_top"])
    grid.add_row("Decks", f"event {decks['event']}, hunting {decks['hunting']}" + (f" (top: {top})" if top else "")
                 + f", beast {decks['beast']}, mystery {decks['mystery']}, island tiles {decks['island']}, "
                 f"invention {decks['invention']}; adventure: build {decks['building']}, "
                 f"gather {decks['gathering']}, explore {decks['exploration']}")
    return grid


# --- the Threat field and the cards ---------------------------------------------------------------
def threat_panel(view: dict[str, Any]) -> Table:
    """The two Threat spaces (§5, §8.6): the card in each, with its text."""
    table = Table(box=box.SIMPLE_HEAD, title="Threat Action field (§8.6)", title_style="bold", padding=(0, 1),
                  show_lines=False, expand=True)
    table.add_column("left (threat:l)", ratio=1)
    table.add_column("right (threat:r)", ratio=1)
    cells: list[RenderableType] = []
    for slot in ("left", "right"):
        card = view["threat"][slot]
        if card is None:
            cells.append(Text("empty", style="dim"))
        else:
            t = Text(card["name"], style="bold red")
            t.append(f" ({card['id']})\n", style="dim")
            t.append(card["text"])
            cells.append(t)
    table.add_row(*cells)
    table.caption = ("A new Event slides the right card left and pushes the left one off (§5.3)")
    table.caption_style = "dim"
    return table


def _owner_of_personal(c: Content) -> dict[str, str]:
    return {ch.personal: ch.name for ch in c.characters if ch.personal}


def cards_table(view: dict[str, Any], c: Content) -> Table:
    """Inventions (buildable now or not), built Items, personal and scenario Inventions, Starting
    Items with their uses left, kept cards and Discovery tokens (§17, §18, §19)."""
    table = Table(box=box.SIMPLE_HEAD, title="Inventions, Items and tokens", title_style="bold", padding=(0, 1))
    table.add_column("where", style="bold", no_wrap=True)
    table.add_column("card", no_wrap=True)
    table.add_column("text")
    for inv in view["inventions"]:
        name = Text(inv["name"], style="bold" if inv["buildable"] else "")
        name.append(" ✓ buildable" if inv["buildable"] else " ✗", style="green" if inv["buildable"] else "dim")
        table.add_row("Invention", name, inv["text"])
    owners = _owner_of_personal(c)
    for inv in view["personal"]:
        who = owners.get(inv["id"], "")
        table.add_row("Personal", Text(inv["name"]) + Text(f" ({who})" if who else "", style="dim"), inv["text"])
    for inv in view["scenario_inventions"]:
        table.add_row("Scenario", inv["name"], inv["text"])
    for item in view["items"]:
        table.add_row(Text("Item", style="bold green"), Text(item["name"], style="bold green"), item["text"])
    for item in view["items_future"]:
        table.add_row("Item (next)", Text(item["name"]) + Text(" built, an Item at cleanup", style="dim"),
                      item["text"])
    for item in view["starting_items"]:
        uses = Text(item["name"]) + Text(" " + "●" * item["uses"], style="bold yellow")
        table.add_row("Starting item", uses, item["text"])
    for card in view["kept"]:
        uses = Text(card["name"])
        if card["uses"]:
            uses.append(" " + "●" * card["uses"], style="bold yellow")
        table.add_row("Kept", uses, card["text"])
    kinds = {k.id: k for k in c.token_kinds}
    disc = view["discoveries"]
    for where, ids in (("Token", disc["available"]), ("Token (future)", disc["future"]),
                       ("Token (revealed)", disc["revealed"])):
        for tid in ids:
            kind = kinds.get(tid)
            table.add_row(where, kind.name if kind else tid, kind.text if kind else "")
    for card in view["revealed"]:
        table.add_row(Text("Revealed", style="yellow"), card["name"], card["text"])
    return table


# --- characters -----------------------------------------------------------------------------------
def life_track(wounds: int, death_at: int, arrows: list[int] | tuple[int, ...] = ()) -> Text:
    """A life track (§13.1): spaces passed ━, the Wound marker ●, Morale arrows ▼, death ☠."""
    out = Text()
    marks = set(arrows)
    for space in range(death_at + 1):
        if space == wounds:
            out.append("●", style="bold red" if wounds else "bold")
        elif space == death_at:
            out.append("☠", style="bold red")
        elif space in marks:
            out.append("▼", style="dim yellow" if space < wounds else "bold yellow")
        elif space < wounds:
            out.append("━", style="red")
        else:
            out.append("·", style="dim")
    out.append(f" {wounds}/{death_at}")
    return out


def characters_table(view: dict[str, Any]) -> Table:
    """One row per Character (and Friday, the Dog): life track, Determination, skills used or not."""
    me = view["seat"]
    fp = view["first_player"]
    table = Table(box=box.SIMPLE_HEAD, title="Characters", title_style="bold", padding=(0, 1),
                  caption="● Wound marker, ▼ Morale arrow (Morale −1 when passed, §13.1), ☠ death; "
                  "skills: cost in Determination, struck through when used this round (§13.2)",
                  caption_style="dim")
    table.add_column("character")
    table.add_column("life", no_wrap=True)
    table.add_column("det", justify="right")
    table.add_column("skills")
    for ch in view["characters"]:
        who = Text(ch["name"], style="bold")
        who.append(f"\nseat {ch['seat']}" + (" (you)" if ch["seat"] == me else ""), style="dim")
        if ch["seat"] == fp:
            who.append("\nfirst player", style="bold yellow")
        if ch.get("outside"):
            who.append("\noutside the Camp", style="yellow")
        life = life_track(ch["wounds"], ch["death_at"], ch["arrows"])
        if ch["special_wounds"]:
            life.append("\nspecial wounds: " + ", ".join(ch["special_wounds"]), style="red")
        skills = Text()
        for i, sk in enumerate(ch["skills"]):
            if i:
                skills.append("\n")
            skills.append(f"{sk['name']} ({sk['cost']})", style="strike dim" if sk["used"] else "bold")
            skills.append(f" {sk['text']}", style="dim")
        table.add_row(who, life, str(ch["determination"]), skills)
    fri = view.get("friday")
    if fri:
        who = Text("Friday", style="bold")
        who.append("\npawn" + ("" if fri["alive"] else " — dead"), style="dim")
        life = life_track(fri["wounds"], fri["death_at"]) if fri["alive"] else Text("dead", style="red")
        table.add_row(who, life, str(fri["determination"]),
                      Text("white pawn for any Action; may spend Determination to reroll one die per Action (§14.4)", style="dim"))
    if view.get("dog"):
        table.add_row(Text("the Dog", style="bold"), Text("—", style="dim"), "",
                      Text("purple pawn: supports Hunting or Exploration only (§14.6)", style="dim"))
    return table


# --- the plan ----------------------------------------------------------------------------------------
def plan_table(view: dict[str, Any]) -> Table | None:
    """The planned Actions (§8.1): number, target, acting player, pawns, resources committed (§8.3)."""
    if not view["plan"]:
        return None
    table = Table(box=box.SIMPLE_HEAD, title="The plan (§8.1; resolved in §8.4 order)", title_style="bold",
                  padding=(0, 1))
    for name in ("#", "action", "acting", "pawns", "committed"):
        table.add_column(name)
    for g in view["plan"]:
        pawns = Text(", ".join(g["pawns"]))
        short = g["needs"] - len(g["pawns"])
        if short > 0:
            pawns.append(f" (needs {short} more)", style="yellow")
        com = ", ".join(f"{n} {k}" for k, n in g["committed"].items() if n) or "—"
        action = Text(g["action"], style="dim strike" if g["done"] else "bold")
        if g["done"]:
            action.append(" done", style="dim")
        table.add_row(str(g["number"]), action, g["acting"], pawns, com)
    ready = [_who(view, s) for s, r in enumerate(view["ready"]) if r]
    table.caption = "ready: " + (", ".join(ready) if ready else "nobody yet")
    low = [f"{_who(view, s)} {n}" for s, n in enumerate(view.get("changes_left", ())) if n <= 3]
    if low:  # take-backs and lead changes left before a seat must settle (decision 0009)
        table.caption += " · changes left: " + ", ".join(low)
    table.caption_style = "dim"
    return table


def status_panel(view: dict[str, Any]) -> Table:
    """Who may act now and the decision the table waits for."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    movers = view["to_move"]
    grid.add_row("to act", ", ".join("a roll or draw at the table" if s < 0 else _who(view, s) for s in movers) or "nobody")
    if view["decision"]:
        grid.add_row("decision", view["decision"])
    return grid


def log_panel(lines: list[str], count: int = LOG_LINES) -> Panel:
    """The last lines of the event log."""
    return Panel(Text("\n".join(lines[-count:]) or "—"), title="Log", title_align="left", box=box.ROUNDED)


def outcome_panel(view: dict[str, Any]) -> Panel | None:
    if not view["over"]:
        return None
    if view["result"] == "won":
        body = Text(f"Victory in round {view['round']}: {view['reason']}", style="bold green")
    else:
        body = Text(f"Defeat in round {view['round']}: {view['reason']}", style="bold red")
    return Panel(body, title="The end", box=box.DOUBLE)


def _facts(pairs: list[tuple[str, str | Text]]) -> Text:
    """`name value · name value …` in one line (wrapped by the console when it is long)."""
    out = Text()
    for i, (name, value) in enumerate(pairs):
        if i:
            out.append(" · ", style="dim")
        out.append(f"{name} ", style="bold")
        out.append(value if isinstance(value, Text) else Text(value))
    return out


def _resources(amounts: dict[str, int]) -> str:
    shown = [f"{n} {k}" for k, n in amounts.items() if n]
    return ", ".join(shown) or "none"


def tracks_line(view: dict[str, Any], c: Content) -> Text:
    """Morale, Shelter, Roof, Palisade, Weapon, the build costs and the resources, in short (compact layout)."""
    low, high = view["morale_range"]
    d = dict(c.morale).get(view["morale"], 0)
    morale = f"{view['morale']:+d}" if view["morale"] else "0"
    shelter = "built" if view["shelter"] else ("natural" if view["natural_shelter"] else "none (open air)")
    wood, fur = c.costs.get(len(view["characters"]), (0, 0))
    pairs: list[tuple[str, str | Text]] = [
        ("morale", f"{morale} ({low:+d}..{high:+d}; first player {d:+d} determination)"),
        ("shelter", shelter), ("roof", str(view["roof"])), ("palisade", str(view["palisade"])),
        ("weapon", str(view["weapon"])), ("cost", f"{wood} wood or {fur} fur"),
        ("available", _resources(view["available"])), ("future", _resources(view["future"]))]
    return _facts(pairs)


def scenario_line(view: dict[str, Any], c: Content) -> Text:
    """The wood pile, the goal, the weather, clouds, field tokens and the Threat cards, in short."""
    pile = Text()
    for i, (have, need) in enumerate(zip(view["pile"], view["pile_needs"], strict=False)):
        pile.append(" " if i else "")
        pile.append(f"{i + 1}:{have}/{need}", style="bold green" if have >= need else ("yellow" if have else "dim"))
    pairs: list[tuple[str, str | Text]] = [("wood pile", pile)]
    sc = _scenario(view, c)
    if sc is not None:
        needs = " + ".join(i.replace("_", " ").capitalize() for i in sc.win_items)
        pairs.append(("goal", f"from round {sc.win_from}: the pile" + (f" + {needs}" if needs else "")))
    weather = ", ".join(view["weather_dice"]) or "no dice"
    if view["weather_tokens"]:
        weather += "; tokens " + ", ".join(view["weather_tokens"])
    pairs.append(("weather", weather))
    clouds = view.get("clouds")
    if clouds:
        pairs.append(("clouds", f"rain {clouds['rain']}, winter {clouds['winter']}"))
    fields = [f"{k}: {', '.join(v)}" for k, v in view["field_tokens"].items() if v]
    if fields:
        pairs.append(("field tokens", "; ".join(fields)))
    for slot, key in (("left", "threat:l"), ("right", "threat:r")):
        card = view["threat"][slot]
        pairs.append((f"threat {slot} ({key})", card["name"] if card else "empty"))
    return _facts(pairs)


def cards_line(view: dict[str, Any], c: Content) -> Text | None:
    """Buildable Inventions, Items, Starting Items, kept cards, tokens and revealed cards, by name only."""
    pairs: list[tuple[str, str | Text]] = []
    buildable = [i["name"] for i in view["inventions"] if i["buildable"]]
    pairs.append(("buildable", ", ".join(buildable) or "nothing now"))
    if view["items"]:
        pairs.append(("items", ", ".join(i["name"] for i in view["items"])))
    if view["items_future"]:
        pairs.append(("items next round", ", ".join(i["name"] for i in view["items_future"])))
    if view["starting_items"]:
        pairs.append(("starting items", ", ".join(f"{i['name']} {'●' * i['uses']}" for i in view["starting_items"])))
    if view["kept"]:
        pairs.append(("kept", ", ".join(c["name"] + (" " + "●" * c["uses"] if c["uses"] else "") for c in view["kept"])))
    kinds = {k.id: k.name for k in c.token_kinds}
    disc = view["discoveries"]
    tokens = [kinds.get(t, t) for t in disc["available"]] + [kinds.get(t, t) + " (future)" for t in disc["future"]]
    if tokens:
        pairs.append(("tokens", ", ".join(tokens)))
    if view["revealed"]:
        pairs.append(("revealed", ", ".join(c["name"] for c in view["revealed"])))
    return _facts(pairs)


def character_lines(view: dict[str, Any]) -> list[Text]:
    """One line per Character (and Friday, the Dog); the seat's own skills on a line of their own."""
    me = view["seat"]
    out: list[Text] = []
    for ch in view["characters"]:
        line = Text(ch["name"], style="bold")
        tags = [f"seat {ch['seat']}"] + (["you"] if ch["seat"] == me else []) + (
            ["first player"] if ch["seat"] == view["first_player"] else []) + (
            ["outside the Camp"] if ch.get("outside") else [])
        line.append(f" ({', '.join(tags)})  ", style="dim")
        line.append_text(life_track(ch["wounds"], ch["death_at"], ch["arrows"]))
        line.append(f"  determination {ch['determination']}")
        if ch["special_wounds"]:
            line.append("  wounds: " + ", ".join(ch["special_wounds"]), style="red")
        out.append(line)
        if ch["seat"] == me:
            skills = Text("  skills: ", style="dim")
            for i, sk in enumerate(ch["skills"]):
                skills.append(", " if i else "")
                skills.append(f"{sk['name']} ({sk['cost']})", style="strike dim" if sk["used"] else "")
            out.append(skills)
    fri = view.get("friday")
    if fri:
        line = Text("Friday", style="bold")
        line.append(" (pawn)  ", style="dim")
        line.append_text(life_track(fri["wounds"], fri["death_at"]) if fri["alive"] else Text("dead", style="red"))
        line.append(f"  determination {fri['determination']}")
        out.append(line)
    if view.get("dog"):
        out.append(Text("the Dog", style="bold") + Text(" (pawn: Hunting or Exploration only)", style="dim"))
    return out


def plan_line(view: dict[str, Any]) -> Text | None:
    """The planned Actions in short: `#1 build:shelter (Cook: Cook 1, Cook 2; needs 1 more)`, then who is ready."""
    if not view["plan"]:
        return None
    items = []
    for g in view["plan"]:
        short = g["needs"] - len(g["pawns"])
        text = f"#{g['number']} {g['action']}: {', '.join(g['pawns'])}"
        text += f" (needs {short} more)" if short > 0 else ""
        items.append(text + (" done" if g["done"] else ""))
    ready = [_who(view, s) for s, r in enumerate(view["ready"]) if r]
    return _facts([("plan", " · ".join(items)), ("ready", ", ".join(ready) or "nobody yet")])


def compact_view(view: dict[str, Any], c: Content, lines: list[str]) -> RenderableType:
    """The table in at most about 40 lines at 100 columns (the compact layout)."""
    who = "public view" if view["seat"] is None else f"seat {view['seat']}"
    if view["seat"] is not None and 0 <= view["seat"] < len(view["characters"]):
        who += f" ({view['characters'][view['seat']]['name']})"
    head = Text(f"Robinson Crusoe — round {view['round']}/{view['rounds']}, phase {view['phase']} — {who}",
                style="bold")
    parts: list[RenderableType | None] = [head, island_short(view), tracks_line(view, c), scenario_line(view, c),
                                          cards_line(view, c), *character_lines(view), plan_line(view)]
    for line in lines[-COMPACT_LOG_LINES:]:
        parts.append(Text("· " + line, style="dim", no_wrap=True, overflow="ellipsis"))
    movers = view["to_move"]
    parts.append(Text("to act: ", style="bold") + Text(
        ", ".join("a roll or draw at the table" if s < 0 else _who(view, s) for s in movers) or "nobody"))
    parts.append(outcome_panel(view))
    return Group(*(p for p in parts if p is not None))


def render_view(view: dict[str, Any], c: Content, log: list[str] | None = None, full: bool = False) -> RenderableType:
    """The table from one observation dict of a game with content `c` (and the log lines, when the view has none):
    the compact layout, or with `full` the whole of it."""
    lines = view.get("log", log or [])
    if not full:
        return compact_view(view, c, lines)
    who = "public view" if view["seat"] is None else f"seat {view['seat']}"
    if view["seat"] is not None and 0 <= view["seat"] < len(view["characters"]):
        who += f" ({view['characters'][view['seat']]['name']})"
    head = Text(f"Robinson Crusoe — round {view['round']}/{view['rounds']}, phase {view['phase']} — "
                f"first player {_who(view, view['first_player'])} — {who}", style="bold")
    top = Table.grid(padding=(0, 3))
    top.add_column()
    top.add_column()
    top.add_row(tracks_table(view, c), resources_table(view))
    parts: list[RenderableType | None] = [head, island_map(view, c), top, pile_and_goal(view, c),
                                          threat_panel(view), cards_table(view, c), characters_table(view), plan_table(view),
                                          log_panel(lines), status_panel(view), outcome_panel(view)]
    return Group(*(p for p in parts if p is not None))


def render(state: RobinsonState, seat: int | None, *, full: bool = False) -> RenderableType:
    """A rich renderable of the table as `seat` sees it (None: a spectator), from `state.observe(seat)`:
    the compact layout, or the whole table with `full`.

    The log comes from the kernel's `visible_events(seat)` while the view carries none.
    """
    view = state.observe(seat)
    log = None if "log" in view else [e.text for e in state.visible_events(seat)]
    return render_view(view, state.content, log, full=full)
