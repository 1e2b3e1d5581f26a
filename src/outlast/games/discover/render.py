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

from outlast.core.words import count

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
        text += f" ({count(item['counters'], 'counter')})"
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
        count = len(s["character_choices"])
        out.append(f" {count} characters dealt ({picked}, listed below)", style="italic")
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
    out.append(f" · {count(s['hand_size'], 'project')} in hand")
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
    return (lines if full else [_line(line) for line in lines]) + character_choice_lines(s)


def character_choice_lines(s: dict[str, Any]) -> list[Text]:
    """Every character dealt to a survivor still choosing (§4), one wrapped line each with its ability, so the
    compact screen shows them all: `keep 8 — Sofia Petrova, Duelist: In combat, …`"""
    lines = []
    for c in s.get("character_choices") or ():
        line = Text("    ")
        line.append(f"{c['action']} — {c['name']}, {c['title']}: ", style="bold")
        line.append(c["text"])
        lines.append(line)
    return lines


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
        counters = f" ({count(card['counters'], 'counter')})" if card["counters"] else ""
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
        out.append(f" (the signal burns {count(quest['signal_nights'], 'more night')})", style="bold")
    if quest.get("guardian_waiting"):
        out.append(f" (monster #{quest['guardian_waiting']} waits: it appears on the first far landmark turned "
                   "faceup)", style="bold")
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


STAGE_WORDS = {"support": "supporters choose their support cards (§12.3)", "roll": "abilities before rolling (§12.3)",
               "rolled": "the dice are rolled", "modify": "the combatant may modify the dice (§12.4)",
               "offers done": "the combatant may modify the dice (§12.4)", "damage": "damage is dealt (§12.6)",
               "hurt": "the enemy's attack lands (§12.6)", "after damage": "after the damage (§12.6)",
               "retreat": "the enemy retreats (§12.7)", "end": "the fight is over",
               "pvp damage": "hits are dealt (§15.3)"}
"""What each stage of a fight (`combat.STAGES`) means, for the combat panel."""

SUPPORT_WORDS = {"assault": "may reroll the gray die and take the combatant's damage",
                 "defend": "may reroll the red die and take the combatant's damage",
                 "overpower": "adds 1 damage to each hit on the enemy, takes 1 physical when the combatant does",
                 "none": "no support card"}
"""What each combat support card does (§12.5), for the combat panel."""


def _die(name: str, face: int, modifier: int) -> str:
    """`gray 9` or `gray 9 (rolled 7, +2)`: a die's final result and how it came about (§12.4)."""
    if not face:
        return f"{name} not rolled yet"
    if not modifier:
        return f"{name} {face}"
    return f"{name} {face + modifier} (rolled {face}, {modifier:+d})"


def combat_lines(view: dict[str, Any]) -> list[Text]:
    """The fight as a person follows it (§12): who fights what where, both dice against the numbers they must
    reach and what each result does, the supporters' cards, what was used, and the step it is at."""
    combat = view["combat"]
    dice = {"gray": 0, "red": 0, "gray_modifier": 0, "red_modifier": 0, **(combat.get("dice") or {})}
    gray, red = (_die("gray", dice["gray"], dice["gray_modifier"]), _die("red", dice["red"], dice["red_modifier"]))
    rolled = bool(dice["gray"])
    fighter = (f"seat {combat['combatant']}" + (" (you)" if combat["combatant"] == view["seat"] else "")
               if "combatant" in combat else "the combatant")
    head = Text("COMBAT ", style="bold red")
    lines = [head]
    enemy = combat.get("enemy")
    if combat.get("mode") == "attack" or not enemy:
        if "defender" in combat:
            defender = f"seat {combat['defender']}" + (" (you)" if combat["defender"] == view["seat"] else "")
            head.append(f"at {combat.get('space', '?')}: {fighter} attacks {defender} (§15.3)", style="bold")
        else:
            head.append(f"{fighter} fights", style="bold")
        lines.append(Text(f"  {gray} · {red} — each die hits at 10 or more"))
    else:
        head.append(f"at {combat['space']}: {fighter} fights {enemy['name']} (#{enemy['number']})", style="bold")
        left = enemy["health"] - enemy["damage"]
        taken = f"{count(enemy['damage'], 'damage')} taken" if enemy["damage"] else "unhurt"
        head.append(f" — health {enemy['health']}, {taken}: defeated after {count(left, 'more hit')}")
        if enemy["lethal"]:
            head.append(" · lethal: it never retreats and fights the next survivor here (§12.9)", style="red")
        hit = dice["gray"] + dice["gray_modifier"] >= enemy["defense"]
        if rolled:
            gray_line = Text(f"  {gray} against defense {enemy['defense']}: ")
            gray_line.append("hits, the enemy takes damage" if hit else "misses, the enemy takes no damage", style="bold")
        else:
            gray_line = Text(f"  gray die (the fighter's): {enemy['defense']} or more (its defense) hurts the enemy")
        lines.append(gray_line)
        if not enemy["attack"]:
            red_line = Text(f"  {red if rolled else 'red die'}: this enemy has no attack (–) and never hurts")
        elif rolled:
            hurts = dice["red"] + dice["red_modifier"] >= enemy["attack"]
            red_line = Text(f"  {red} against attack {enemy['attack']}: ")
            red_line.append(f"hits, {fighter} takes 1 physical damage" if hurts else f"misses, {fighter} is unhurt",
                            style="bold")
        else:
            red_line = Text(f"  red die (the enemy's): {enemy['attack']} or more (its attack) hurts {fighter}")
        lines.append(red_line)
    support = [f"seat {seat} plays {card} ({SUPPORT_WORDS.get(card, card)})" if card != "none" else
               f"seat {seat} plays no card" for seat, card in (combat.get("support") or {}).items()]
    extra: list[tuple[str, str | Text]] = [("support:", "; ".join(support))] if support else []
    if combat.get("used"):
        extra.append(("used:", ", ".join(combat["used"])))
    extra.append(("now:", STAGE_WORDS.get(combat.get("stage", ""), combat.get("stage", "?"))))
    lines.append(Text("  ") + _facts(extra))
    return lines


def combat_panel(view: dict[str, Any], full: bool) -> RenderableType | None:
    """The combat in progress (§12, §15.3) as a person reads a fight (`combat_lines`): a few lines, boxed with
    `full`."""
    if not view["combat"]:
        return None
    lines = combat_lines(view)
    if not full:
        return Group(*lines)
    return Panel(Group(*lines[1:]), title=lines[0], title_align="left", border_style="red", expand=False)


def decision_line(view: dict[str, Any]) -> Text:
    """Who acts now and on what decision, with its rule § (`rules §7.1` prints the rule)."""
    movers = view["to_move"]
    who = Text("to act: ", style="bold")
    if not movers:
        who.append("nobody" if view["over"] else "the engine")
    for i, s in enumerate(movers):
        who.append(", " if i else "")
        who.append_text(Text("a roll or draw at the table") if s < 0 else _who(view, s))
    decision = view["decision"]
    if decision:
        who.append(f" — {decision['kind']} ({decision['rule']})", style="bold")
        if view["seat"] not in movers:  # a seat to move reads the decision in its prompt below the table
            who.append(": " + decision["text"])
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
