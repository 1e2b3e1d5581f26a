"""Using skills, Items, kept cards and Discovery tokens at any time, and the windows that allow it (robinson-crusoe.md §13.2, §17, §18.3, §19, §26.3).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import abilities
from .actions import RobinsonAction
from .constants import (
    DIE_NAMES,
    FOOD,
    G_ECON,
    NONPER,
    RES_NAMES,
    T_ARRANGE,
    T_HUNT,
    TILE_STACK,
    TOK_AVAIL,
    TOK_BAG,
    TOK_USED,
    W_NIGHT,
    W_PLAN,
    W_ROLL,
    WEATHER,
    WHEN_AT,
    XS_ITEM,
    XS_KEPT,
    XS_SKILL,
    XS_START,
    XS_TOKEN,
    Z_BEAST_DECK,
    Z_HUNT_DECK,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_KEPT,
    Z_MYST_DECK,
    Z_MYST_DISCARD,
    Z_START,
    act,
)
from .decisions import AnyTimeWindow, ShareHealing
from .program import CHOOSE, SEQ, STANDING, program

if TYPE_CHECKING:
    from .content import Content, Skill
    from .state import RobinsonState


DRAWING_VERBS = frozenset({"draw_mystery", "new_idea", "reconnaissance", "scouting", "tracking", "beast_to_hunt"})
"""Verbs whose effect draws from a deck, the tile stack or the token bag (nothing to draw: nothing happens)."""


def _node_usable(state: RobinsonState, node: int, seat: int, timing_action: bool = False) -> bool:
    """Whether using an effect now would do something (its refusal text is `_node_problem`)."""
    return _node_problem(state, node, seat, timing_action) is None


def _node_problem(state: RobinsonState, node: int, seat: int, timing_action: bool = False) -> str | None:
    """Why using an effect now would do nothing, or None if it would act (§12.3, §13.2, §26.3).

    A choice is usable when one branch is, a sequence when every part is. `timing_action`: a skill used
    just before an Action, which helps only its owner's own Action (Frenzy, §16.9).
    """
    kind, v, prm, kids = state.program.nodes[node]
    if kind == CHOOSE:
        problems = [_node_problem(state, k, seat, timing_action) for k in kids]
        return None if any(x is None for x in problems) else " and ".join(x for x in problems if x)
    if kind == SEQ:
        return next((x for x in (_node_problem(state, k, seat, timing_action) for k in kids) if x), None)
    if v == "lose":
        short = [name for r, name in enumerate(RES_NAMES) if state.free(FOOD if r == NONPER else r) < prm.get(name, 0)]
        return f"it costs more {' and '.join(short)} than is free" if short else None
    if v == "heal":
        return None if any(state.wounds[p] for p in range(state.players)) else "nobody is wounded"
    if v in ("temp_weapon", "arrange_bonus"):
        return _not_this_action(state, v, seat, timing_action)
    if v == "ignore_cloud":
        cloud = 0 if prm["cloud"] == "rain" else 1
        return None if state.phase == WEATHER and state.clouds[cloud] > 0 else f"no {prm['cloud']} cloud is rolled now"
    if v == "convert_cloud":
        return None if state.phase == WEATHER and state.clouds[1] > 0 else "no winter cloud is rolled now"
    if v == "track":
        if prm["by"] > 0 and prm["track"] != "weapon" and not state.has_shelter():
            return f"a {prm['track'].capitalize()} needs a Shelter (§8.8.4)"
        return None
    if v == "morale":
        return None if prm["by"] < 0 or state.morale < state.content.morale[-1][0] else "Morale is at the top already"
    if v in DRAWING_VERBS:
        return _nothing_to_draw(state, v)
    if v == "build_free":
        return f"the {prm['item'].replace('_', ' ').title()} is built already" if state.built(prm["item"]) else None
    if v == "pile_wood":
        done = all(state.pile[i] >= need for i, need in enumerate(state.table.scenario.pile))
        return "the wood pile is complete" if done else None
    if v not in STANDING:
        return None
    if abilities.answer_of(state.program, node, abilities.EXTRA_PAWN_FIELDS, 0):
        return "an additional pawn is placed with `join` while planning, not used"
    if abilities.answer_of(state.program, node, abilities.REROLL_FIELDS, 0):
        return "a reroll is made right after a roll (`reroll DIE`)"
    return None


def _not_this_action(state: RobinsonState, v: str, seat: int, timing_action: bool) -> str | None:
    """Why an effect that helps the Action about to be resolved (a fight's weapon, §8.7; the Arranging
    bonus, §8.11) would do nothing now, or None."""
    cur = state.groups[state.resolving_action] if 0 <= state.resolving_action < len(state.groups) else None
    if v == "temp_weapon":
        if cur is None or cur[0] != T_HUNT:
            return "it helps only in a fight: a Hunt about to be resolved"
        return None if not timing_action or cur[3] == seat else "it helps only its owner's own Action"
    if cur is None or cur[0] != T_ARRANGE:
        return "it works only on an Arranging the Camp Action about to be resolved"
    return "it is in use for this Action already" if state.arrange_determination >= 0 else None


def _nothing_to_draw(state: RobinsonState, v: str) -> str | None:
    """Why an effect that draws from a deck, the tile stack or the token bag would draw nothing, or None."""
    if v == "draw_mystery":
        return None if state.count_in(Z_MYST_DECK) or state.count_in(Z_MYST_DISCARD) else "no Mystery card is left"
    if v == "new_idea":
        return None if state.count_in(Z_INV_DECK) or state.count_in(Z_INV_DISCARD) else "no Invention card is left"
    if v == "reconnaissance":
        return None if TILE_STACK in state.tile_at else "no Island tile is left"
    if v == "scouting":
        return None if TOK_BAG in state.token_place else "no Discovery token is left"
    if v == "tracking":
        return None if state.count_in(Z_HUNT_DECK) else "the Hunting deck is empty"
    return None if state.count_in(Z_BEAST_DECK) else "the Beast deck is empty"


def _skill_table(content: Content) -> tuple[tuple[tuple[int, Skill, int, int], ...], ...]:
    """Per character, per skill: (its index, the skill, the wood it saves on an Action (§13.2), its compiled
    effect), worked out once per content for the any-time windows that ask about every skill."""
    prog = program(content)
    return tuple(tuple((si, sk, abilities.skill_answer(prog, ch, si, abilities.WOOD_SAVED), prog.skill[(ch, si)])
                       for si, sk in enumerate(character.skills))
                 for ch, character in enumerate(content.characters))


def _use_options(state: RobinsonState, seat: int, point: int) -> list[tuple[str, int, int]]:
    """(text, kind, ref) of what `seat` may use now at an interrupt point."""
    out: list[tuple[str, int, int]] = []
    whens = WHEN_AT[point]
    p = state.program
    used, determination = state.skill_used[seat], state.determination[seat]
    for si, sk, saves_wood, node in state.content.derive(_skill_table)[state.table.chars[seat]]:
        if used >> si & 1 or determination < sk.cost:
            continue
        if saves_wood:
            if point == W_PLAN:
                for gi, g in enumerate(state.groups):
                    if g[5] > 0 and not g[8] & G_ECON:
                        out.append((f"{sk.id} {gi + 1}", XS_SKILL, seat * 8 + si))
            continue
        if sk.when in whens and _node_usable(state, node, seat, sk.when == "action"):
            out.append((sk.id, XS_SKILL, seat * 8 + si))
    if seat != state.first_player:
        return out
    for card in state.cards_in(Z_START):
        d = state.content.cards[card].data
        if state.uses[card] > 0 and d["use"]["when"] in whens and _node_usable(state, p.card[(card, "effect")], seat):
            out.append((state.content.cards[card].id, XS_START, card))
    for card in state.cards_in(Z_KEPT):
        keep = state.content.cards[card].data["keep"]
        if keep.get("when") in whens and state.uses[card] != 0 and _node_usable(state, p.card[(card, "keep")], seat):
            out.append((state.content.cards[card].id, XS_KEPT, card))
    seen = set()
    for i, place in enumerate(state.token_place if TOK_AVAIL in state.token_place else ()):
        if place != TOK_AVAIL:
            continue
        k = state.content.tokens[i]
        kind = state.content.token_kinds[k]
        if kind.id in seen or kind.when not in whens:
            continue
        if kind.needs_item and not state.built(kind.needs_item):
            continue
        if kind.needs_weapon > state.weapon or not _node_usable(state, p.token[k], seat):
            continue
        seen.add(kind.id)
        out.append((kind.id, XS_TOKEN, i))
    if point == W_NIGHT:
        for card in state.cards_in(Z_ITEM):
            if (abilities.card_answer(p, card, abilities.NIGHT_HEAL, 0) and card not in state.item_used
                    and state.free(FOOD) >= abilities.card_answer(p, card, abilities.NIGHT_HEAL_FOOD, 0)
                    and any(state.wounds[q] for q in range(state.players))):
                out.append((state.content.cards[card].id, XS_ITEM, card))
    return out


def _use_actions(state: RobinsonState, seat: int, point: int) -> list[RobinsonAction]:
    return [act(seat, "use", *text.split()) for text, _, _ in _use_options(state, seat, point)]


def _use(state: RobinsonState, seat: int, args: tuple[str, ...], point: int) -> None:
    text = " ".join(args)
    kind, ref = next((k, r) for t, k, r in _use_options(state, seat, point) if t == text)
    if kind == XS_SKILL:
        state.source = state.content.characters[state.table.chars[ref // 8]].skills[ref % 8].name
    elif kind == XS_TOKEN:
        state.source = state.content.token_kinds[state.content.tokens[ref]].name
    else:
        state.source = state.content.cards[ref].name
    p = state.program
    if kind == XS_SKILL:
        s, si = divmod(ref, 8)
        ch = state.table.chars[s]
        sk = state.content.characters[ch].skills[si]
        state.determination[s] -= sk.cost
        state.skill_used[s] |= 1 << si
        state.log("skill", f"{state.char_name(s)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
        node = p.skill[(ch, si)]
        saved = abilities.answer_of(p, node, abilities.WOOD_SAVED, 0)
        if saved:
            gi = int(args[1]) - 1
            g = state.groups[gi]
            saved = min(g[5], saved)
            state.groups[gi] = (*g[:5], g[5] - saved, g[6], g[7], g[8] | G_ECON)
            state.log("skill", f"{state._group_text(gi)} costs {saved} wood less (§13.2).")
            return
        state._push((node, s, -1, 0))
    elif kind == XS_START:
        state.log("item", f"{state.char_name(seat)} uses {state.content.cards[ref].name} (§18.3).")
        state._spend_use(ref)
        state._push((p.card[(ref, "effect")], seat, -1, 0))
    elif kind == XS_KEPT:
        state.log("item", f"{state.char_name(seat)} uses {state.content.cards[ref].name}.")
        node = p.card[(ref, "keep")]
        if state.uses[ref] > 0:
            state._spend_use(ref)
        state._push((node, seat, -1, 0))
    elif kind == XS_TOKEN:
        k = state.content.tokens[ref]
        state.token_place[ref] = TOK_USED
        state.log("token", f"{state.char_name(seat)} uses the {state.content.token_kinds[k].name} token (§19).")
        state._push((p.token[k], seat, -1, 0))
    elif kind == XS_ITEM:
        food = abilities.card_answer(p, ref, abilities.NIGHT_HEAL_FOOD, 0)
        state.item_used.append(ref)
        state.pay_food(food)
        state.log("item", f"The {state.content.cards[ref].name}: {food} food for healing (§10.6, §17.2).")
        state.decisions.append(ShareHealing(seat, abilities.card_answer(p, ref, abilities.NIGHT_HEAL, 0)))


def _reroll_options(state: RobinsonState, seat: int) -> list[RobinsonAction]:
    """Rerolls right after a roll (§8.5.3): the matching skill, or Friday's own (§14.4, §25.16)."""
    if not 0 <= state.resolving_action < len(state.groups):
        return []
    g = state.groups[state.resolving_action]
    out = []
    ch = state.table.chars[seat]
    for si, sk in enumerate(state.content.characters[ch].skills):
        if (abilities.skill_answer(state.program, ch, si, abilities.REROLL_FIELDS) >> g[0] & 1
                and not state.skill_used[seat] >> si & 1 and state.determination[seat] >= sk.cost):
            out += [RobinsonAction(seat, "reroll", (d,)) for d in DIE_NAMES]
    fi = state.table.friday_index
    if (seat == state.first_player and g[3] == fi and state.friday_alive and not state.friday_rerolled
            and state.determination[fi] >= state.content.friday_reroll_cost):
        out += [RobinsonAction(seat, "reroll", (d, "friday")) for d in DIE_NAMES]
    return out


def _window_options(state: RobinsonState, seat: int, point: int) -> list[RobinsonAction]:
    if point == W_ROLL:
        return _reroll_options(state, seat)
    return _use_actions(state, seat, point)


def _window_seats(state: RobinsonState, window: AnyTimeWindow, legal: dict[int, Any]) -> list[int]:
    """Seats with something to use at this window; their legal lists (options, then pass) go into `legal`.

    Called only where nothing is pending, so the zone index may be used (`_zq`).
    """
    point, passed = window.window, window.passed
    seats = []
    state._zq = True
    try:
        for s in range(state.players):
            if not passed >> s & 1:
                options = _window_options(state, s, point)
                if options:
                    seats.append(s)
                    legal[s] = [*options, act(s, "pass")]
    finally:
        state._zq = False
    return seats
