"""The Night phase and moving the Camp (robinson-crusoe.md §10).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import (
    EVENT,
    FOOD,
    NONPER,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TOK_AVAIL,
    TOK_USED,
    W_NIGHT,
    Z_ITEM,
)
from .decisions import AnyTimeWindow, GoHungry, MoveCamp

if TYPE_CHECKING:
    from .state import RobinsonState


def _night_step(state: RobinsonState) -> bool:
    """One step of the Night (§10): the window, eating, a card's extra meal, moving the Camp, the end."""
    if state.step == 0:
        state.step = 1
        state.log("phase", "Night (§10).")
        state.decisions.append(AnyTimeWindow(state.first_player, W_NIGHT, 0, len(state.work)))
        return True
    if state.step == 1:
        state.step = 2
        _eat(state)
        return True
    if state.step == 2:
        state.step = 3
        if state.night_food:
            eaters = state.in_camp()
            need = state.night_food * len(eaters)
            short = state.pay_food(need)
            state.log("night", f"Extra meal (the reminder in the Night space): {need - short} of {need} food paid "
                               f"(§10.1).")
            if short:
                state.decisions.append(GoHungry(state.first_player, short, 1, 1))
        return True
    if state.step == 3:
        state.step = 4
        if _camp_moves(state):
            state.decisions.append(MoveCamp(state.first_player))
        return True
    _end_of_night(state)
    return True


def _eat(state: RobinsonState) -> None:
    """§10.1: one food per castaway in the Camp; those outside eat what they carry (§16.1); a short meal is
    2 Wounds for whom the first player names (everyone, when no one eats)."""
    state.hungry_done = [0] * (state.players + 1)
    eaters = state.in_camp()
    short = state.pay_food(len(eaters))
    state.log("night", f"Eating: {len(eaters) - short} of {len(eaters)} meals served (§10.1).")
    for p in range(state.players):
        if state.outside[p]:
            if state.stash[4 * p + FOOD] + state.stash[4 * p + NONPER] > 0:
                k = FOOD if state.stash[4 * p + FOOD] else NONPER
                state.stash[4 * p + k] -= 1
            else:
                state.wound(p, 2, "hungry outside the Camp (§16.1)")
    if short and not state.over:
        if short >= len(eaters):
            for p in eaters:
                state.wound(p, 2, "hunger (§10.1)")
        else:
            state.decisions.append(GoHungry(state.first_player, short, 2, 0))


def _end_of_night(state: RobinsonState) -> None:
    """The open air (§10.3), rot (§10.4) and the end of the round (§10.5): the last round ends the game
    (§11.3); else the round's markers reset and the first player passes on."""
    if not state.has_shelter():
        for p in state.in_camp():
            state.wound(p, 1, "a night in the open air (§10.3)")
    for p in range(state.players):
        if state.outside[p] and not state.explored_tent[p]:
            state.wound(p, 1, "a night outside the Camp (§16.1)")
    if state.over:
        return
    _rot(state)
    if state.round >= state.table.scenario.rounds:
        state.end("out_of_time", f"round {state.table.scenario.rounds} ended without the signal fire (§11.3)")
        return
    state.round += 1
    state.skill_used = [0] * state.players
    state.item_used = []
    state.gathered = []
    state.explored_tent = [0] * state.players
    state.flags = 0
    state.night_food = 0
    state.pile_done = 0
    if state.players > 1:
        state.first_player = (state.first_player + 1) % state.players
    state.phase, state.step = EVENT, 0


def _rot(state: RobinsonState) -> None:
    """§10.4: perishable food rots unless stored; food-giving Discovery tokens rot too."""
    if state.modifier(abilities.ALL_FOOD_KEPT, 0):
        return
    store = state.modifier(abilities.FOOD_STORED, 0)
    lost = max(0, state.resources[FOOD] - store)
    if lost:
        state.resources[FOOD] -= lost
        state.log("night", f"{lost} food rots (§10.4).")
    for i, place in enumerate(state.token_place):
        if place == TOK_AVAIL and state.program.token_rots[state.content.tokens[i]]:
            state.token_place[i] = TOK_USED
            state.log("night", f"The {state.content.token_kinds[state.content.tokens[i]].name} token rots (§10.4).")


def _camp_moves(state: RobinsonState) -> list[int]:
    """Explored, accessible tiles next to the Camp (§10.2)."""
    return [sp for sp in state.content.neighbours[state.camp] if state.space_tile[sp] >= 0 and not state.space_lost[sp]]


def move_camp(state: RobinsonState, sp: int) -> None:
    """§10.2: the Camp moves; Roof and Palisade halve (built Shelter) or vanish (natural one)."""
    old = state.camp
    if state.shelter:
        state.roof -= state.roof // 2
        state.palisade -= state.palisade // 2
    else:
        state.roof = state.palisade = 0
    moving = state.space_tokens[old] & (TK_WOOD | TK_FOOD)
    state.space_tokens[old] &= ~(TK_WOOD | TK_FOOD)
    state.space_tokens[sp] |= moving
    for x in range(len(state.space_tokens)):
        if state.space_tokens[x] & TK_SHORTCUT:
            state.space_tokens[x] &= ~TK_SHORTCUT
            state.log("camp", "The Shortcut token is discarded (§10.2).")
    for card in state.cards_in(Z_ITEM):
        node = state.program.card.get((card, "on_build"))
        if node is not None and any(v == "production_tile_token" for v, _ in state.program.verbs(node)):
            state.move_item_back(card)
            state.log("camp", f"{state.content.cards[card].name} turns back to its Invention side (§10.2).")
    state.camp = sp
    state.log("camp", f"The Camp moves to s{sp + 1}; Roof {state.roof}, Palisade {state.palisade} (§10.2).")
