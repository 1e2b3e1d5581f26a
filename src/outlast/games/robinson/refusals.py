"""Why an action is refused: one reason per refusal, naming the pawn, Action, card or amount at fault (§26).

`why(state, act)` is asked only after `act` was found not legal; it never changes the state. Every answer
says what is wrong *now* (which pawn is where, what an Action lacks, what a skill costs and what its owner
has) and the rule behind it. A word that names nothing in this game (a pawn, card or space that does not
exist) is a slip rather than a rule breach, so its answer lists what exists and cites no §.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE

from . import abilities
from .actions import CHANCE_VERBS, RobinsonAction
from .content import WHEN_TEXT
from .decisions import AnyTimeWindow, listed
from .state import (
    BUILD_WORDS,
    CHANGE_LIMIT,
    FIELD_OF,
    FOOD,
    G_ECON,
    PLAN,
    T_REST,
    TOK_AVAIL,
    TYPE_NAMES,
    W_NIGHT,
    W_PLAN,
    W_ROLL,
    WHEN_AT,
    XS_SKILL,
    Z_INV_BOARD,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_ITEM,
    Z_KEPT,
    Z_START,
)

if TYPE_CHECKING:
    from .state import RobinsonState

WHEN_WORDS = {when: text[0].lower() + text[1:] for when, text in WHEN_TEXT.items()}
"""When a skill, Item, card or token may be used, in players' words (content `use.when`)."""


WINDOW_WORDS = ("while planning", "before the Action resolves", "right after the roll",
                "before the Weather is resolved", "at Night")
"""The interrupt windows (`W_PLAN` … `W_NIGHT`) in players' words."""
WINDOW_NOUNS = ("the planning", "the moment before an Action resolves", "the moment right after a roll",
                "the moment before the Weather is resolved", "the Night")


def split_rule(problem: str) -> tuple[str, str]:
    """`'text (§x.y)'` → `('text', '§x.y')`: the state's problem texts end with their rule."""
    text, sep, rule = problem.rpartition(" (")
    if sep and rule.endswith(")") and rule.startswith("§"):
        return text, rule[:-1]
    return problem, ""


def why(s: RobinsonState, act: RobinsonAction) -> tuple[str, str]:
    """The reason `act` (well formed, by a seat that may act now, not legal) is refused, and its rule."""
    if act.seat == CHANCE:
        return chance_refusal(s, act)
    if act.verb in CHANCE_VERBS:
        return (f"`{act}` is a chance outcome: the engine draws cards, tiles and tokens and rolls the dice, "
                "not a seat"), "§26.4"
    if s.decisions:
        top = s.decisions[-1]
        if isinstance(top, AnyTimeWindow):
            return window_refusal(s, act, top)
        return top.refusal(s, act), top.rule
    if s.phase == PLAN and s.step == 2:
        return planning_refusal(s, act)
    return f"`{act}` has nothing to answer: no decision is pending", "§26"


# ----------------------------------------------------------------------------- chance
def chance_refusal(s: RobinsonState, act: RobinsonAction) -> tuple[str, str]:
    outs = s.chance_outcomes()
    if act.verb not in CHANCE_VERBS:
        return f"`{act}` is a player's action; the chance seat only draws and rolls", "§26.4"
    if not outs:
        return "no dice are rolling and no card, tile or token is being drawn now", "§26.4"
    possible = listed([str(o) for o, _ in outs], 8)
    return f"`{act}` is not a possible outcome of the pending draw or roll; possible: {possible}", "§26.4"


# ----------------------------------------------------------------------------- windows of any-time effects
def window_refusal(s: RobinsonState, act: RobinsonAction, window: AnyTimeWindow) -> tuple[str, str]:
    """An answer that does not fit the window of any-time effects (§26.3)."""
    point = window.window
    if act.verb == "use" and act.args:
        return use_refusal(s, act.seat, act.args, point)
    if act.verb == "reroll" and act.args:
        return reroll_refusal(s, act.seat, act.args, point)
    options = [str(a) for a in s.legal_actions_raw(act.seat)] if act.seat in s.to_move() else ["pass"]
    return (f"now is the window of any-time effects {WINDOW_WORDS[point]}: `{act}` does not fit it; "
            f"you may: {listed(options)}"), "§26.3"


def reroll_refusal(s: RobinsonState, seat: int, args: tuple[str, ...], point: int) -> tuple[str, str]:
    if point != W_ROLL:
        return f"a die is rerolled right after a roll, not {WINDOW_WORDS[point]}", "§8.5.3, §26.3"
    if not 0 <= s.resolving_action < len(s.groups):
        return "no Action's dice are on the table", "§8.5.3"
    g = s.groups[s.resolving_action]
    kind = TYPE_NAMES[g[0]]
    if len(args) > 1:
        fi = s.table.friday_index
        if not s.table.friday or not s.friday_alive:
            return "Friday is not in the game to reroll", "§14.4"
        if seat != s.first_player:
            return "the first player decides for Friday", "§14.4"
        if g[3] != fi:
            return "Friday rerolls only the dice of an Action he leads", "§14.4"
        if s.friday_rerolled:
            return "Friday has rerolled once for this roll already", "§14.4"
        return (f"Friday's reroll costs {s.content.friday_reroll_cost} of his Determination; he has {s.determination[fi]}",
                "§14.4, §25.16")
    ch = s.table.chars[seat]
    name = s.char_name(seat)
    for si, sk in enumerate(s.content.characters[ch].skills):
        rerolls = abilities.skill_answer(s.program, ch, si, abilities.REROLL_FIELDS)
        if rerolls:
            if not rerolls >> g[0] & 1:
                fields = " or ".join(t for i, t in enumerate(TYPE_NAMES) if rerolls >> i & 1)
                return f"{sk.name} rerolls {fields} dice; these are {kind} dice", "§13.2"
            if s.skill_used[seat] >> si & 1:
                return f"{name} has used {sk.name} this round already (once per round)", "§13.2"
            return f"{sk.name} costs {sk.cost} Determination; {name} has {s.determination[seat]}", "§13.2"
    return f"{name} has no skill that rerolls a die", "§13.2"


# ----------------------------------------------------------------------------- uses
SHARED_USE = "the first player uses the shared Items, kept cards, Starting Items and Discovery tokens"
"""Why a seat other than the first player may not use a shared card or token (§26.2)."""


def _skill_use_refusal(s: RobinsonState, seat: int, args: tuple[str, ...], point: int) -> tuple[str, str] | None:
    """Why `seat` may not use its own skill `args[0]` now (§13.2), or None when it is no skill of `seat`."""
    word = args[0]
    c, p = s.content, s.program
    name = s.char_name(seat)
    now = WINDOW_NOUNS[point]
    ch = s.table.chars[seat]
    for si, sk in enumerate(c.characters[ch].skills):
        if sk.id != word:
            continue
        if s.skill_used[seat] >> si & 1:
            return f"{name} has used {sk.name} this round already (once per round)", "§13.2"
        if s.determination[seat] < sk.cost:
            return f"{sk.name} costs {sk.cost} Determination; {name} has {s.determination[seat]}", "§13.2"
        if abilities.skill_answer(p, ch, si, abilities.WOOD_SAVED):
            return cheaper_wood_refusal(s, sk.name, args, point)
        if abilities.skill_answer(p, ch, si, abilities.REROLL_FIELDS):
            return f"{sk.name} rerolls a die right after a roll: `reroll DIE`, not `use`", "§13.2, §8.5.3"
        if abilities.skill_answer(p, ch, si, abilities.EXTRA_PAWN_FIELDS):
            return f"{sk.name} gives a pawn: place it with `join {sk.id} N` while planning", "§13.2, §8.1.6"
        if sk.when not in WHEN_AT[point]:
            return f"{sk.name} is used {WHEN_WORDS.get(sk.when, sk.when)}; it is now {now}", "§13.2, §26.3"
        problem = s._node_problem(p.skill[(ch, si)], seat, sk.when == "action")
        return f"{sk.name} would do nothing now: {problem or 'it has no effect here'}", "§13.2"
    return None


def _card_use_refusal(s: RobinsonState, seat: int, card: int, point: int) -> tuple[str, str]:
    """Why the card `card` (a Starting Item, a kept card or a built Item) may not be used by `seat` now (§16.2,
    §17.2, §18.3)."""
    c, p = s.content, s.program
    now = WINDOW_NOUNS[point]
    shared = SHARED_USE
    cd = c.cards[card]
    z = s.zone[card]
    if cd.kind == "start_item":
        if z != Z_START:
            return f"{cd.name} is not one of your Starting Items in play", "§18.3"
        if seat != s.first_player:
            return shared, "§18.3, §26.2"
        when = cd.data["use"]["when"]
        if when not in WHEN_AT[point]:
            return f"{cd.name} is used {WHEN_WORDS.get(when, when)}; it is now {now}", "§18.3, §26.3"
        return f"{cd.name} would do nothing now: {s._node_problem(p.card[(card, 'effect')], seat) or '?'}", "§18.3"
    if cd.kind == "mystery":
        keep = cd.data.get("keep") or {}
        if z != Z_KEPT:
            return f"{cd.name} is not a kept card", "§16.2"
        if seat != s.first_player:
            return shared, "§16.2, §26.2"
        when = keep.get("when")
        if not when:
            return f"{cd.name} works by itself while it is kept; it is never used", "§16.2"
        if when not in WHEN_AT[point]:
            return f"{cd.name} is used {WHEN_WORDS.get(when, when)}; it is now {now}", "§16.2, §26.3"
        if s.uses[card] == 0:
            return f"{cd.name} has no use left", "§16.2"
        return f"{cd.name} would do nothing now: {s._node_problem(p.card[(card, 'keep')], seat) or '?'}", "§16.2"
    if cd.kind == "invention":
        if z != Z_ITEM:
            return f"{cd.name} is not a built Item", "§17.2"
        if not abilities.card_answer(p, card, abilities.NIGHT_HEAL, 0):
            return f"{cd.name} works by itself; it is never used", "§17.2"
        if seat != s.first_player:
            return shared, "§17.2, §26.2"
        if point != W_NIGHT:
            return f"{cd.name} heals at Night only; it is now {now}", "§10.6, §17.2"
        food = abilities.card_answer(p, card, abilities.NIGHT_HEAL_FOOD, 0)
        if card in s.item_used:
            return f"{cd.name} has been used this Night already", "§17.2"
        if s.free(FOOD) < food:
            return f"{cd.name} needs {food} food; there is {s.free(FOOD)}", "§17.2"
        return f"{cd.name} would do nothing now: nobody is wounded", "§17.2"
    return f"{cd.name} is a card that is never used with `use`", "§26.3"


def _token_use_refusal(s: RobinsonState, seat: int, k: int, point: int) -> tuple[str, str]:
    """Why a Discovery token of kind `k` may not be used by `seat` now (§19)."""
    c, p = s.content, s.program
    now = WINDOW_NOUNS[point]
    shared = SHARED_USE
    kind = c.token_kinds[k]
    if not any(pl == TOK_AVAIL and c.tokens[i] == k for i, pl in enumerate(s.token_place)):
        return f"no {kind.name} Discovery token lies in Available", "§19.1"
    if seat != s.first_player:
        return shared, "§19.1, §26.2"
    if kind.when not in WHEN_AT[point]:
        return f"the {kind.name} token is used {WHEN_WORDS.get(kind.when, kind.when)}; it is now {now}", "§19.2"
    if kind.needs_item and not s.built(kind.needs_item):
        return f"the {kind.name} token needs the {kind.needs_item.replace('_', ' ').title()} built", "§19.2"
    if kind.needs_weapon > s.weapon:
        return f"the {kind.name} token needs Weapon {kind.needs_weapon}; it is {s.weapon}", "§19.2"
    problem = s._node_problem(p.token[k], seat)
    return f"the {kind.name} token would do nothing now: {problem or 'it has no effect here'}", "§19.2"


def use_refusal(s: RobinsonState, seat: int, args: tuple[str, ...], point: int) -> tuple[str, str]:
    """Why `use ID [N]` is not open to `seat` at interrupt point `point`."""
    word = args[0]
    c = s.content
    refusal = _skill_use_refusal(s, seat, args, point)
    if refusal is not None:
        return refusal
    for other in range(s.players):
        if other != seat and any(sk.id == word for sk in c.characters[s.table.chars[other]].skills):
            return f"{word} is a skill of {s.char_name(other)}; only they use it", "§13.2"
    if word in c.by_id:
        return _card_use_refusal(s, seat, c.by_id[word], point)
    kind_ids = [k.id for k in c.token_kinds]
    if word in kind_ids:
        return _token_use_refusal(s, seat, kind_ids.index(word), point)
    options = sorted({str(a).split()[1] for a in s._use_actions(seat, point)})
    return f"there is nothing called {word!r} to use; you may use now: {listed(options)}", ""


def cheaper_wood_refusal(s: RobinsonState, name: str, args: tuple[str, ...], point: int) -> tuple[str, str]:
    if point != W_PLAN:
        return f"{name} lowers the cost of a planned Action, so it is used while planning", "§13.2"
    costly = [str(gi + 1) for gi, g in enumerate(s.groups) if g[5] > 0 and not g[8] & G_ECON]
    if len(args) < 2:
        return f"say which planned Action costs less: `use {args[0]} N` with N one of {listed(costly)}", "§13.2"
    number = int(args[1])
    if not 1 <= number <= len(s.groups):
        return f"there is no planned Action {args[1]}; Actions that commit wood: {listed(costly)}", "§13.2"
    g = s.groups[number - 1]
    if g[8] & G_ECON:
        return f"Action {number} ({s._group_text(number - 1)}) is already cheaper by a skill", "§13.2"
    return f"Action {number} ({s._group_text(number - 1)}) commits no wood", "§13.2, TV-23"


# ----------------------------------------------------------------------------- planning
def _pawn_problem(s: RobinsonState, seat: int, word: str) -> tuple[str, str] | None:
    """Why `word` names no pawn `seat` places now (None: it does)."""
    if s._pawn_by_text(seat, word) >= 0:
        return None
    mine = ", ".join(s.pawn_text(pid) for pid in s.pawns_of(seat))
    if word == "2" and s.minus[seat]:
        return "you place one pawn fewer this round (a token took your pawn 2)", "§20"
    if word == "friday":
        if not s.table.friday:
            return "Friday is not in this game", "§14.3"
        if not s.friday_alive:
            return "Friday is dead", "§14.4"
        return f"the first player, {s.char_name(s.first_player)}, places Friday", "§14.4, §26.1"
    if word == "dog":
        if not s.table.dog:
            return "the Dog is not in this game", "§14.5"
        return f"the first player, {s.char_name(s.first_player)}, places the Dog", "§14.5, §26.1"
    for src in s.additional_pawns:
        if src[4] == word:
            if src[0] == XS_SKILL:
                return f"{word} is a pawn of {s.char_name(src[3])}'s skill; only they place it", "§13.2"
            return f"the first player, {s.char_name(s.first_player)}, places the shared pawn {word}", "§8.1.6, §26.1"
    return f"you have no pawn called {word!r}; your pawns: {mine}", ""


def _settle_text(s: RobinsonState, seat: int) -> tuple[str, str]:
    return (f"you have taken back pawns or taken over Actions {s.changes[seat]} times in this planning: now "
            "only Rest, ready, uses and taking back a pawn whose Action cannot go ahead remain (an engine limit, "
            "so planning ends)"), "§26.1"


def _alike(s: RobinsonState, seat: int, pid: int) -> bool:
    """Pawn 2 while pawn 1 is free: a player's two pawns are alike, so moves name the first free one."""
    return pid == 2 * seat + 1 and s.where(2 * seat) < 0


def _on(s: RobinsonState, gi: int) -> str:
    """`Action 2 (build:shelter/wood, led by Cook)`: a planned Action by its number, target and leader."""
    g = s.groups[gi]
    return f"Action {gi + 1} ({s.target_text(g[0], g[1], g[2])}, led by {s.char_name(g[3])})"


def planning_refusal(s: RobinsonState, act: RobinsonAction) -> tuple[str, str]:
    """Why `act` is refused while the castaways plan (§8.1, §26.1), and the rule: by its verb."""
    seat, verb, args = act.seat, act.verb, act.args
    settling = s.changes[seat] >= CHANGE_LIMIT
    if s.ready[seat] and verb != "confirm":
        return _said_ready_refusal(s, seat)
    if verb == "place":
        return _place_refusal(s, seat, args[0], args[1], settling)
    if verb == "join":
        return _join_refusal(s, seat, args[0], args[1], settling)
    if verb == "remove":
        return _remove_refusal(s, seat, args[0], settling)
    if verb == "lead":
        return _lead_refusal(s, seat, args[0], settling)
    if verb == "ready":
        return _ready_refusal(s, seat)
    if verb == "confirm":
        return _confirm_refusal(s, seat)
    if verb == "use" and args:
        return use_refusal(s, seat, args, W_PLAN)
    if verb == "pass":
        return "there is no window of any-time effects to pass: while planning say `ready` when done", "§26.1"
    if verb == "reroll":
        return "a die is rerolled right after a roll; nothing is rolled while planning", "§8.5.3"
    return (f"`{act}` answers a decision, and none is pending: the table is planning (place, join, remove, "
            "lead, use, ready)"), "§8.1, §26.1"


def _said_ready_refusal(s: RobinsonState, seat: int) -> tuple[str, str]:
    """A seat that said ready changes nothing more; the first player may only confirm (§26.1)."""
    if seat == s.first_player:
        problem = s._plan_problem()
        if problem:
            return f"the plan cannot be confirmed: {split_rule(problem)[0]}", split_rule(problem)[1]
        return "you said ready (ready is final); everyone is ready, so `confirm` the plan", "§26.1"
    return "you said ready, which is final; the first player confirms the plan", "§26.1"


def _remove_refusal(s: RobinsonState, seat: int, word: str, settling: bool) -> tuple[str, str]:
    """Taking back pawn `word`: it must be on an Action that holds no part of a seat that said ready (§8.1, §26.1)."""
    pawn = _pawn_problem(s, seat, word)
    if pawn:
        return pawn
    pid = s._pawn_by_text(seat, word)
    gi = s.where(pid)
    if gi < 0:
        return f"your pawn {word} is on no Action; there is nothing to take back", "§8.1"
    if s._holds_ready(gi, pid):
        ready = sorted({s.char_name(x // 2) for x in s.groups[gi][4] if x < 2 * s.players and s.ready[x // 2]})
        return (f"{_on(s, gi)} holds a pawn of {', '.join(ready)}, who said ready: taking your pawn "
                f"{word} back would undo their part (ready is final)"), "§26.1"
    if settling:
        return _settle_text(s, seat)
    return f"your pawn {word} cannot be taken back from {_on(s, gi)} now", "§8.1"


def _lead_refusal(s: RobinsonState, seat: int, word: str, settling: bool) -> tuple[str, str]:
    """Leading planned Action `word`: one the seat has a pawn on and does not lead yet, and may lead (§8.1.5)."""
    n = int(word)
    if not 1 <= n <= len(s.groups):
        return _no_action(s, word)
    gi = n - 1
    g = s.groups[gi]
    if settling:
        return _settle_text(s, seat)
    if g[3] == seat:
        return f"you lead {_on(s, gi)} already", "§8.1.5"
    if not any(pid < 2 * s.players and pid // 2 == seat for pid in g[4]):
        return f"put one of your own pawns on {_on(s, gi)} first; then you may lead it", "§8.1.5"
    problem = s._lead_problem(g[0], g[1], seat)
    if problem:
        return split_rule(problem)
    return f"you cannot lead {_on(s, gi)} now", "§8.1.5"


def _confirm_refusal(s: RobinsonState, seat: int) -> tuple[str, str]:
    """Only the first player confirms, a plan that breaks no rule, once every seat said ready (§26.1)."""
    if seat != s.first_player:
        return f"only the first player, {s.char_name(s.first_player)}, confirms the plan", "§26.1"
    problem = s._plan_problem()
    if problem:
        return split_rule(problem)
    return "say `ready` for your own part first; then confirm once everyone is ready", "§26.1"


def _no_action(s: RobinsonState, word: str) -> tuple[str, str]:
    if not s.groups:
        return f"there is no planned Action {word}: nothing is planned yet (`place` a pawn first)", "§8.1"
    return f"there is no planned Action {word}; the planned ones are 1 to {len(s.groups)}", "§8.1"


def _place_refusal(s: RobinsonState, seat: int, word: str, target: str, settling: bool) -> tuple[str, str]:
    pawn = _pawn_problem(s, seat, word)
    if pawn:
        return pawn
    pid = s._pawn_by_text(seat, word)
    gi = s.where(pid)
    if gi >= 0:
        return f"your pawn {word} is on {_on(s, gi)} already; take it back with `remove {word}` first", "§8.1"
    if pid > s.friday_pawn:
        what = "the Dog" if pid == s.dog_pawn else f"the additional pawn {word}"
        return f"{what} may only support: `join` an Action that has a player's pawn", "§8.1.6"
    if _alike(s, seat, pid):
        return "your two pawns are alike: place pawn 1 first, then pawn 2", "§8.1"
    if settling and target != TYPE_NAMES[T_REST]:
        return _settle_text(s, seat)
    for typ, tg, alt in s._candidates():
        if s.target_text(typ, tg, alt) == target:
            problem = s._target_problem(typ, tg, alt) or s._lead_problem(typ, tg, s.pawn_char(pid))
            if problem:
                text, rule = split_rule(problem)
                return (f"{target} {text[3:]}" if text.startswith("it ") else text), rule
            return f"{target} cannot be planned now", "§8.1"
    return _target_refusal(s, target)


def _target_refusal(s: RobinsonState, target: str) -> tuple[str, str]:
    """Why a target text (well formed) names no Action open to planning now."""
    c = s.content
    kind, _, rest = target.partition(":")
    spaces = len(c.spaces)

    def space(word: str) -> int:
        n = int(word[1:]) if word[1:].isdigit() and len(word) < 12 else 0
        return n - 1 if 1 <= n <= spaces else -1

    if kind == "threat":
        slot = 0 if rest.startswith("l") else 1
        card = s._threat_card(slot)
        side = "left" if slot == 0 else "right"
        if card < 0:
            return f"no card lies on the {side} Threat space", "§8.6"
        needs = c.cards[card].data.get("threat", {}).get("needs") or [] if c.cards[card].kind == "event" else []
        return (f"{c.cards[card].name} on the {side} Threat space has {max(1, len(needs))} requirement "
                f"alternative(s): write threat:{rest[:1]}" + (f" or threat:{rest[:1]}/2" if len(needs) > 1 else "")), ""
    if kind == "build":
        word, _, alt = rest.partition("/")
        if word in BUILD_WORDS.values():
            if word == "weapon":
                return "the Weapon is built with wood only: write build:weapon", ""
            return f"the {word.capitalize()} is paid in wood or fur: write build:{word}/wood or build:{word}/fur", ""
        found = c.by_id.get(word)
        if found is None or c.cards[found].kind != "invention":
            return f"{word!r} is no Invention; build:shelter/wood, build:roof/fur, build:weapon or an Invention id", ""
        card = found
        z = s.zone[card]
        name = c.cards[card].name
        if z == Z_ITEM:
            return f"the {name} is built already", "§8.8.6"
        if z not in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO):
            return f"the {name} is not on the board (only Inventions laid out may be built)", "§8.8.6"
        cost = c.cards[card].data.get("cost") or []
        if len(cost) > 1:
            return f"the {name} has {len(cost)} cost alternatives: write build:{word}/1 to build:{word}/{len(cost)}", ""
        return f"the {name} has one cost: write build:{word}", ""
    if kind in ("gather", "explore"):
        word = rest.partition(":")[0]
        sp = space(word)
        if sp < 0:
            return f"there is no space {word}; the island has s1 to s{spaces}", ""
        tile = s.space_tile[sp]
        if s.space_lost[sp]:
            return f"{word} is inaccessible (its tile was lost)", "§16.4"
        if kind == "explore":
            return f"{word} is explored already (tile {c.tiles[tile].number})", "§8.10"
        if tile < 0:
            return f"{word} is not explored: nothing grows there yet", "§8.9"
        if sp == s.camp:
            return "Gathering never targets the Camp tile; it produces in the Production phase", "§8.1.7"
        res = rest.partition(":")[2]
        return (f"tile {c.tiles[tile].number} at {word} has no {res} source; its sources: "
                f"{', '.join(c.tiles[tile].sources) or 'none'}"), "§8.9"
    return f"{target!r} is no Action target now", "§8.1.2"


def _join_refusal(s: RobinsonState, seat: int, word: str, number: str, settling: bool) -> tuple[str, str]:
    pawn = _pawn_problem(s, seat, word)
    if pawn:
        return pawn
    pid = s._pawn_by_text(seat, word)
    n = int(number)
    if not 1 <= n <= len(s.groups):
        return _no_action(s, number)
    gi = n - 1
    where = s.where(pid)
    if where >= 0:
        return f"your pawn {word} is on {_on(s, where)} already; take it back with `remove {word}` first", "§8.1"
    if _alike(s, seat, pid):
        return "your two pawns are alike: join with pawn 1 first, then pawn 2", "§8.1"
    if settling:
        return _settle_text(s, seat)
    k = pid - 2 * s.players - 2
    if k >= 0 and s.additional_pawns[k][0] == XS_SKILL and not s._pawn_affordable(pid):
        owner, si = divmod(s.additional_pawns[k][1], 8)
        sk = s.content.characters[s.table.chars[owner]].skills[si]
        if s.skill_used[owner] >> si & 1:
            return f"{sk.name} has been used this round already (once per round)", "§13.2"
        return f"{sk.name} costs {sk.cost} Determination; {s.char_name(owner)} has {s.determination[owner]}", "§13.2"
    g = s.groups[gi]
    if not s.pawn_mask(pid) >> g[0] & 1:
        kinds = [name for name, typ in FIELD_OF.items() if s.pawn_mask(pid) >> typ & 1]
        return f"the pawn {word} may only join {' or '.join(kinds) or 'no'} Actions; {_on(s, gi)} is not one", "§8.1.6"
    most = s._max_pawns(gi)
    return f"{_on(s, gi)} already has {len(g[4])} pawns, all it can use ({most} at most)", "§8.1.3"


def _ready_refusal(s: RobinsonState, seat: int) -> tuple[str, str]:
    missing = []
    for pid in ((2 * seat,) if s.minus[seat] else (2 * seat, 2 * seat + 1)):
        gi = s.where(pid)
        if gi < 0:
            missing.append(f"your pawn {pid % 2 + 1} is not placed")
        elif len(s.groups[gi][4]) < s._min_pawns(gi):
            missing.append(f"{_on(s, gi)} has {len(s.groups[gi][4])} of the {s._min_pawns(gi)} pawns it needs")
    if seat == s.first_player:
        fi = s.table.friday_index
        for gi, g in enumerate(s.groups):
            if g[3] == fi and len(g[4]) < s._min_pawns(gi):
                missing.append(f"Friday's {_on(s, gi)} has {len(g[4])} of the {s._min_pawns(gi)} pawns it needs")
    if missing:
        return "not ready yet: " + "; ".join(missing), "§8.1.1, §8.1.3"
    com = s.committed()
    return (f"the plan commits {com[0]} wood, {com[1]} food and {com[2]} fur but Available holds {s.resources[0]} wood, "
            f"{s.food_total()} food and {s.resources[3]} fur; change an Action of yours that commits resources first"), "§8.3.1"


__all__ = ["listed", "why"]
