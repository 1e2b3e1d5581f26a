"""The terminal picture of a Discover table for one seat, built only from `state.observe(seat)` (discover.md §18.5).

Nothing here reads the state's fields: the view, the seat's own legal actions (to underline the spaces it may
move to) and the seat's visible log are all it uses, so a seat sees exactly what its view holds — the public
table, its own project hand, and backs for everything facedown.

Two layouts: the compact one (the default, redrawn before each decision) fits a 50-line terminal with the
decision and the menu below it: the map (`render_map`), a line or two per survivor, the quest, the night, the
seat's projects, what lies in its space, the decision and the last log lines. The full one (`full=True`, the
terminal's `view full`) adds the legend, every space's pieces in words, every card's text and a longer log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from .render_map import LEGEND, island_map, seat_letter, seat_style

if TYPE_CHECKING:
    from .state import DiscoverState

LOG_LINES = 20
COMPACT_LOG_LINES = 3
DAMAGE_SHORT = {"starvation": "starv", "dehydration": "thirst", "sickness": "sick", "physical": "phys"}
HEALTH_DIALS = 3


def _who(view: dict[str, Any], seat: int) -> Text:
    """`R seat 0`, with `(you)` for the viewing seat."""
    out = Text(f" {seat_letter(seat)} ", style=seat_style(seat))
    out.append(f" seat {seat}" + (" (you)" if seat == view["seat"] else ""), style="bold")
    return out


def _facts(pairs: list[tuple[str, str | Text]]) -> Text:
    """`name value · name value`, names in bold."""
    out = Text()
    for i, (name, value) in enumerate(pairs):
        if i:
            out.append(" · ", style="dim")
        out.append(f"{name} ", style="bold")
        out.append_text(value if isinstance(value, Text) else Text(value))
    return out


def header(view: dict[str, Any], full: bool) -> Text:
    who = "public view" if view["seat"] is None else f"you are seat {view['seat']} ({seat_letter(view['seat'])})"
    out = Text(f"Discover — Scenario {view['scenario']} — day {view['day']}, {view['phase']} — tribe leader ",
               style="bold")
    out.append(f" {seat_letter(view['tribe_leader'])} ", style=seat_style(view["tribe_leader"]))
    out.append(f" seat {view['tribe_leader']} — {who}", style="bold")
    if full:
        out.append(f" — copy {view['copy']}", style="dim")
    return out


def health(damage: list[str]) -> Text:
    """The three health dials (§10.2): a heart, or the damage the dial shows (in words, red)."""
    out = Text()
    for i in range(HEALTH_DIALS):
        out.append(" " if i else "[")
        if i < len(damage):
            out.append(DAMAGE_SHORT.get(damage[i], damage[i]), style="bold red")
        else:
            out.append("♥", style="green")
    out.append("]")
    return out


def _resources(amounts: dict[str, int]) -> str:
    return ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in amounts.items()) or "no resources"


def _item(item: dict[str, Any], full: bool) -> str:
    text = f"#{item['number']} {item['name']}"
    if item["counters"]:
        text += f" ({item['counters']} counters)"
    if full:
        traits = f"[{', '.join(item['traits'])}] " if item["traits"] else ""
        text += f": {traits}{item['text']}"
    return text


def _survivor_head(view: dict[str, Any], s: dict[str, Any]) -> Text:
    """Who, where, stamina, health dials and carried count, in one line."""
    out = _who(view, s["seat"])
    ch = s.get("character")
    if ch:
        out.append(f" {ch['name']}, {ch['title']}")
    elif "character_choices" in s:
        picked = "picked, waiting for the others" if s["character_picked"] else "to choose"
        dealt = "; ".join(f"{c['action']}: {c['name']}, {c['title']} ({c['text']})" for c in s["character_choices"])
        out.append(f" characters dealt: {dealt} ({picked})", style="italic")
    if s["status"] != "playing":
        out.append(f" [{s['status'].upper()}]", style="bold red" if s["status"] == "casualty" else "bold green")
    out.append(f"  {s['space']}" if s["status"] != "won" else "")
    out.append(f"  stamina {s['stamina']}/12 ")
    out.append_text(health(s["damage"]))
    out.append(f"  carry {s['carried']}/{s['carry_limit']}")
    return out


def _survivor_goods(s: dict[str, Any]) -> Text:
    """Resources, items, hand size, threats held and the support card played."""
    out = Text(_resources(s["resources"]))
    if s["double_tokens"]:
        out.append(f" (double tokens {', '.join(s['double_tokens'])})")
    if s["items"]:
        out.append(" · items: " + "; ".join(_item(i, False) for i in s["items"]))
    out.append(f" · {s['hand_size']} projects in hand")
    if s["threats"]:
        out.append(" · threats: " + ", ".join(s["threats"]), style="red")
    if s.get("support"):
        out.append(f" · support card played: {s['support']}", style="cyan")
    return out


def survivor_lines(view: dict[str, Any], s: dict[str, Any], full: bool) -> list[Text]:
    """One survivor: two lines (who and where, then goods), one cut line for another seat's compact view;
    with `full`, the character's ability and every item's text too."""
    head, goods = _survivor_head(view, s), _survivor_goods(s)
    if not full and s["seat"] != view["seat"]:
        return [_line(head + Text(" · ", style="dim") + goods)]
    lines = [head, Text("    ") + goods]
    if full:
        if s.get("character"):
            lines.append(Text(f"    ability: {s['character']['text']}", style="dim"))
        lines += [Text(f"    {_item(i, True)}", style="dim") for i in s["items"]]
    return lines if full else [_line(line) for line in lines]


def _line(text: Text) -> Text:
    """A compact line: cut at the screen's edge with `…` rather than wrapped."""
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


def project_text(p: dict[str, Any]) -> str:
    cost = ", ".join(f"{n} {r.replace('_', ' ')}" for r, n in p["cost"].items())
    return f"{p['id']} {p['name']} → #{p['item']} ({cost}{', at a fire' if p['fire'] else ''})"


def cards_lines(view: dict[str, Any], full: bool) -> list[Text]:
    """The seat's hand, the faceup projects, and the upgrades and enemies in play (§7.6, §9.2)."""
    out = []
    if view["hand"]:
        out.append(_facts([("your projects", "; ".join(project_text(p) for p in view["hand"]))]))
    if view["projects_faceup"]:
        out.append(_facts([("faceup projects", "; ".join(project_text(p) for p in view["projects_faceup"]))]))
    cards = []
    for card in view["in_play"]:
        counters = f" ({card['counters']} counters)" if card["counters"] else ""
        text = f": {card['text']}" if full else ""
        cards.append(f"#{card['number']} {card['name']} ({card['kind']}){counters}{text}")
    if cards and full:
        out += [_facts([("in play", text)]) for text in cards]
    elif cards:
        out.append(_facts([("in play", "; ".join(cards))]))
    return out if full else [_line(line) for line in out]


def quest_line(view: dict[str, Any]) -> Text | None:
    quest = view["quest"]
    if quest is None:
        return None
    out = _facts([(f"quest {quest['code']}", Text(quest["name"], style="bold yellow"))])
    out.append(f": {quest['text']}")
    if quest.get("signal_nights"):
        out.append(f" (the signal burns {quest['signal_nights']} more nights)", style="bold")
    return out


def night_line(view: dict[str, Any], full: bool) -> Text | None:
    """The night card being resolved (its steps in order, §5.3), the decks' sizes and the discarded nights."""
    night = view["night"]
    card = night["card"]
    pairs: list[tuple[str, str | Text]] = []
    if not card and not full:
        return None
    if card:
        tier = "I" * card["tier"] if isinstance(card["tier"], int) else str(card["tier"])
        steps = " / ".join(step[0] for step in card["steps"])
        pairs.append(("night card", f"{card['name']} (tier {tier}): {steps}"))
    decks = view["decks"]
    if full:
        pairs.append(("decks", f"night {decks['nights']}, threats {decks['threats']} (+{decks['threat_discard']} "
                               f"discarded), projects {decks['projects']}"))
    if full and night["discard"]:
        pairs.append(("nights past", ", ".join(night["discard"])))
    out = _facts(pairs)
    if full and card:
        for title, text in card["steps"]:
            out.append(f"\n    {title}: {text}", style="dim")
    return out


def piece_words(piece: dict[str, Any]) -> str:
    """One piece in words: what every seat can read off it (a facedown token only by its back)."""
    kind = piece["kind"]
    if kind == "feature":
        if not piece["faceup"]:
            return f"facedown {piece['back']} token"
        shows = " + ".join(r.replace("_", " ") for r in piece.get("resources") or ())
        return f"{piece['back']} token showing {shows or '#' + str(piece.get('number'))}"
    if kind == "water":
        water = piece.get("shows")
        return f"water source ({water.replace('_', ' ')})" if water else "facedown water source"
    if kind == "monster":
        if not piece["faceup"]:
            return "facedown monster"
        counters = f", {piece['counters']} damage" if piece.get("counters") else ""
        return f"{'special ' if piece.get('special') else ''}monster #{piece.get('number')}{counters}"
    if kind == "resource":
        return f"dropped {piece['resource'].replace('_', ' ')}"
    if kind == "fire":
        return f"{'camp ' if piece.get('camp') else ''}fire, {'lit' if piece.get('lit') else 'unlit'}"
    return "counter"


def _spaces(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {sp["space"]: sp for tile in view["map"]["tiles"] if tile["faceup"] for sp in tile["spaces"]}


def space_line(view: dict[str, Any], name: str, spaces: dict[str, dict[str, Any]]) -> Text:
    """`B3 (mountain, landmark #12): facedown timber token; R seat 0` — a space and everything on it."""
    sp = spaces.get(name)
    marks = [sp["terrain"]] if sp else []
    if sp and sp["landmark"]:
        marks.append(f"landmark #{sp['landmark']}")
    if sp and sp["objective"]:
        marks.append(f"objective {sp['objective']}")
    if name == view["map"]["camp"]:
        marks.append("camp")
    out = Text(f"{name}", style="bold")
    out.append(f" ({', '.join(marks)})" if marks else "")
    things = [piece_words(p) for p in view["map"]["pieces"] if p["space"] == name]
    things += [f"{seat_letter(s['seat'])} seat {s['seat']}{' (casualty)' if s['status'] == 'casualty' else ''}"
               for s in view["survivors"] if s["space"] == name and s["status"] != "won"]
    out.append(": " + ("; ".join(things) if things else "nothing"))
    return out


def here_line(view: dict[str, Any], legal: list[str]) -> Text | None:
    """The viewing seat's own space in words, and where it may move (from its legal actions)."""
    me = view["seat"]
    if me is None or view["survivors"][me]["status"] != "playing":
        return None
    out = Text("you are at ", style="bold")
    out.append_text(space_line(view, view["survivors"][me]["space"], _spaces(view)))
    moves = [a.split()[1] for a in legal if a.startswith("move ")]
    if moves:
        out.append(" · you may move to " + " ".join(moves), style="dim")
    return out


def all_spaces(view: dict[str, Any]) -> list[Text]:
    """Every faceup space with a landmark, an objective, a piece or a figure, in words (the full layout)."""
    spaces = _spaces(view)
    busy = {p["space"] for p in view["map"]["pieces"]} | {s["space"] for s in view["survivors"]}
    return [space_line(view, name, spaces) for name, sp in spaces.items()
            if name in busy or sp["landmark"] or sp["objective"]]


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value) or "—"
    return "—" if value is None else str(value)


def combat_panel(view: dict[str, Any], full: bool) -> RenderableType | None:
    """The combat in progress (§12, §15.3): whatever the view tells of it, key by key — a boxed list with
    `full`, else a few wrapped lines."""
    combat = view["combat"]
    if not combat:
        return None
    if not full:
        line = Text("COMBAT ", style="bold red")
        line.append_text(_facts([(str(k).replace("_", " "), _value(v)) for k, v in combat.items()]))
        return line
    body = Text()
    for i, (key, value) in enumerate(combat.items()):
        body.append("\n" if i else "")
        body.append(f"{str(key).replace('_', ' ')}: ", style="bold")
        body.append(_value(value))
    return Panel(body, title="Combat", title_align="left", border_style="red", expand=False)


def decision_line(view: dict[str, Any]) -> Text:
    """Who acts now and on what decision, with its rule § (`rules §7.1` prints the rule)."""
    movers = view["to_move"]
    who = Text("to act: ", style="bold")
    if not movers:
        who.append("nobody" if view["over"] else "the engine")
    for i, s in enumerate(movers):
        who.append(", " if i else "")
        who.append_text(Text("chance") if s < 0 else _who(view, s))
    decision = view["decision"]
    if decision:
        who.append(f" — {decision['kind']} ({decision['rule']}): ", style="bold")
        who.append(decision["text"])
    return who


def outcome_panel(view: dict[str, Any]) -> Panel | None:
    if not view["over"]:
        return None
    body = Text()
    for i, s in enumerate(view["survivors"]):
        body.append("\n" if i else "")
        body.append_text(_who(view, s["seat"]))
        won = s["status"] == "won"
        body.append(" wins" if won else " loses", style="bold green" if won else "bold red")
    return Panel(body, title=f"The end, day {view['day']}", expand=False)


def log_lines(lines: list[str], count: int, full: bool) -> list[Text]:
    shown = lines[-count:]
    if full:
        return [Text("log", style="bold")] + [Text("  " + line) for line in shown]
    return [Text("· " + line, style="dim", no_wrap=True, overflow="ellipsis") for line in shown]


def render_view(view: dict[str, Any], legal: list[str], log: list[str], full: bool = False) -> RenderableType:
    """The table from one view, the seat's legal action texts and its log: compact, or the whole with `full`."""
    moves = {a.split()[1] for a in legal if a.startswith("move ")}
    parts: list[RenderableType | None] = [_line(header(view, full)), island_map(view, moves, every_tile=full)]
    if full:
        parts.append(Text(LEGEND, style="dim"))
        parts += all_spaces(view)
    quest = quest_line(view)
    parts.append(quest if full or quest is None else _line(quest))
    parts.append(night_line(view, full))
    for s in view["survivors"]:
        parts += survivor_lines(view, s, full)
    parts += cards_lines(view, full)
    here = here_line(view, legal)
    parts += [here if full or here is None else _line(here), combat_panel(view, full)]
    compact_log = COMPACT_LOG_LINES if view.get("combat") is None else 1  # a combat takes the log's room
    parts += log_lines(log, LOG_LINES if full else compact_log, full)
    parts += [decision_line(view), outcome_panel(view)]
    return Group(*(p for p in parts if p is not None))


def render(state: DiscoverState, seat: int | None, *, full: bool = False) -> RenderableType:
    """A rich renderable of the table as `seat` sees it (None: a spectator), made from `state.observe(seat)`,
    the seat's legal actions and its visible log: the compact layout, or everything with `full`."""
    view = state.observe(seat)
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
    log = [e.text for e in state.visible_events(seat)]
    return render_view(view, legal, log, full=full)
