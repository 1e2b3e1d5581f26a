"""Action resolution: order, pawns needed, dice, Success and cleanup; the Threat, Build, Gather, Arrange and Rest Actions (robinson-crusoe.md §8.4–§8.6, §8.8, §8.9, §8.11–§8.13).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    CH_DICE,
    CH_REROLL,
    CH_TILE,
    FOOD,
    FT_ADVENTURE,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    FUR,
    G_DONE,
    G_FIELDX,
    G_WOODTOK,
    I_ADVENTURE,
    I_DICE,
    I_DISCARD,
    I_MAIN,
    I_POST,
    I_PRE,
    I_SUCCESS,
    T_ARRANGE,
    T_BUILD,
    T_EXPLORE,
    T_GATHER,
    T_HUNT,
    T_REST,
    T_THREAT,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_WOOD,
    TOK_AVAIL,
    TOK_FUTURE,
    W_ROLL,
    WEATHER,
    WOOD,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_RESOLVING,
    Z_THREAT_L,
    Z_THREAT_R,
)
from .decisions import AnyTimeWindow, ArrangeReward, ItemForGathering, NextAction
from .exploration import _distance

if TYPE_CHECKING:
    from .state import RobinsonState


def _resolve_next(state: RobinsonState) -> bool:
    left = [i for i, g in enumerate(state.groups) if not g[8] & G_DONE]
    if not left:
        _cleanup(state)
        state.phase, state.step = WEATHER, 0
        return True
    typ = min(state.groups[i][0] for i in left)
    same = [i for i in left if state.groups[i][0] == typ]
    if len(same) > 1 and typ not in (T_ARRANGE, T_REST):
        state.decisions.append(NextAction(state.first_player, typ))
    else:
        _begin_group(state, same[0])
    return True


def _begin_group(state: RobinsonState, g: int) -> None:
    state.resolving_action = g
    state._push((I_PRE, 0, g, 0), (I_MAIN, 0, g, 0), (I_POST, 0, g, 0))


def _cleanup(state: RobinsonState) -> None:
    """§8.13: Future into Available; Items built this phase turn over and act."""
    state.groups = []
    state.additional_pawns = []
    state.resolving_action = -1
    for r in range(4):
        state.resources[r] += state.future_resources[r]
        state.future_resources[r] = 0
    for i, place in enumerate(state.token_place):
        if place == TOK_FUTURE:
            state.token_place[i] = TOK_AVAIL
    for card in state.cards_in(Z_ITEM_FUTURE):
        state.zone[card] = Z_ITEM
        state.log("build", f"{state.content.cards[card].name} is now an Item (§8.13).")
        node = state.program.card.get((card, "on_build"))
        if node is not None:
            state._push((node, state.first_player, card, 0))
    state.log("phase", "Cleanup: Future resources are now Available (§8.13).")
    state.check_win()


def _min_pawns(state: RobinsonState, gi: int) -> int:
    """Pawns an Action needs (§8.1.3), with extra-pawn tokens (§20.4) and Special Wounds (§25.5)."""
    g = state.groups[gi]
    typ, target = g[0], g[1]
    if typ == T_THREAT:
        card = _threat_card(state, target)
        base = 1 if card < 0 or state.content.cards[card].kind == "wreckage" else state.content.cards[card].data["threat"]["pawns"]
    elif typ == T_HUNT:
        base = 2
    elif typ in (T_GATHER, T_EXPLORE):
        sp = target // 2 if typ == T_GATHER else target
        base = _distance(state, sp)
        if state.space_tokens[sp] & TK_EXTRA:
            base += 1
    else:
        base = 1
    if (typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and state.action_field_tokens[typ] & FT_EXTRA
            and next(i for i, x in enumerate(state.groups) if x[0] == typ) == gi):
        base += 1
    lead = g[3]
    for sw in state.special:
        if sw[0] == lead and sw[2] == typ and state.zone[sw[3]] != Z_ITEM:
            base += 1
    return base


def _max_pawns(state: RobinsonState, gi: int, least: int | None = None) -> int:
    """Pawns an Action may hold (§8.1.3); `least` is its `_min_pawns` when already known."""
    g = state.groups[gi]
    if g[0] in (T_ARRANGE, T_REST):
        return 1
    if g[0] == T_THREAT:
        card = _threat_card(state, g[1])
        if card >= 0 and state.content.cards[card].kind == "wreckage":
            return 2
        return _min_pawns(state, gi) if least is None else least
    return (_min_pawns(state, gi) if least is None else least) + 1


def _threat_card(state: RobinsonState, slot: int) -> int:
    try:
        return state.zone.index(Z_THREAT_L if slot == 0 else Z_THREAT_R)
    except ValueError:
        return -1


def _main(state: RobinsonState, gi: int) -> None:
    """The planned Action `gi` resolves (§8.6–§8.12): a Threat, a Hunt, a roll or a sure success, Arranging, Rest."""
    g = state.groups[gi]
    typ, target, lead = g[0], g[1], g[3]
    pawns = len(g[4])
    if typ == T_THREAT:
        _threat_action(state, gi)
        return
    if typ == T_HUNT:
        state._hunt(gi, lead)
        return
    if typ in (T_BUILD, T_GATHER, T_EXPLORE):
        if typ in (T_GATHER, T_EXPLORE):
            sp = target // 2 if typ == T_GATHER else target
            if state.space_tokens[sp] & TK_BEAST and state.weapon < 1:
                state.wound(lead, 1, "a beast lurks on that tile and the Weapon is 0 (§20.3b)")
        if pawns <= _min_pawns(state, gi):
            state.chance = [CH_DICE, gi, 0, 0]
            return
        state.log("action", f"{state._group_text(gi)}: enough pawns, success without dice (§8.1.3).")
        if state.action_field_tokens[typ] & FT_ADVENTURE:  # the Success first, then the card (§8.5.3, §8.5.4)
            state._push((I_SUCCESS, lead, gi, 0), (I_ADVENTURE, lead, gi, 1))
        else:
            state._push((I_SUCCESS, lead, gi, 0))
        return
    if typ == T_ARRANGE:
        if state.players == 4:
            state.decisions.append(ArrangeReward(state.seat_of(lead), lead))
            return
        _arrange(state, lead, True, True)
        return
    if typ == T_REST:
        heal = state.modifier(abilities.REST_HEAL, 1)
        det = state.modifier(abilities.REST_DETERMINATION, 0)
        state.heal(lead, heal, "Rest (§8.12)")
        state.gain_det(lead, det, "Rest with the Bed (§17.2)")


def _threat_action(state: RobinsonState, gi: int) -> None:
    """The Threat Action (§8.6): pay, then the card's reward (§8.6.2), or the Wreckage card's one- or
    two-pawn effect (§8.6.3); the card is discarded after."""
    g = state.groups[gi]
    target, lead, pawns = g[1], g[3], len(g[4])
    card = _threat_card(state, target)
    if card < 0:
        return
    _pay_group(state, gi)
    cd = state.content.cards[card]
    state.zone[card] = Z_RESOLVING
    if cd.kind == "wreckage":
        key = "two" if pawns >= 2 else "one"
        state.log("threat", f"{state.char_name(lead)} takes the {cd.data['threat_name']} ({pawns} pawn(s)) (§8.6.3).")
        state._push((state.program.card[(card, key)], lead, card, 0), (I_DISCARD, 0, card, 0))
    else:
        state.log("threat", f"{state.char_name(lead)} deals with {cd.name}: {cd.data['threat']['name']} (§8.6.2).")
        state._push((state.program.card[(card, "reward")], lead, card, 0), (I_DISCARD, 0, card, 0))


def _arrange(state: RobinsonState, lead: int, det: bool, morale: bool) -> None:
    """Arranging the Camp (§8.11): 2 Determination and Morale +1 (4 players: one of them, §14.1)."""
    if det:
        if state.arrange_determination >= 0:  # an Item used for this Arranging (§22.5)
            state.gain_det(lead, state.arrange_determination, "Arranging the Camp with the Bible (§22.5)")
            state.heal(lead, state.arrange_heal, "the Bible (§22.5)")
        else:
            state.gain_det(lead, 2, "Arranging the Camp (§8.11)")
    if morale:
        state.change_morale(1, "Arranging the Camp (§8.11)")


def _after_roll(state: RobinsonState, gi: int, first: bool) -> None:
    """Forced Success reroll (§20.1), then the reroll window (§8.5.3), then the results."""
    typ = state.groups[gi][0]
    if first:
        state.friday_rerolled = 0
        state._push((I_DICE, state.groups[gi][3], gi, 0))  # the results still follow a forced reroll (§20.1)
        if state.action_field_tokens[typ] & FT_REROLL:
            state.action_field_tokens[typ] &= ~FT_REROLL
            if state.dice[1]:
                state.log("roll", "The Reroll Success token forces a reroll of the Success die (§20.1).")
                state.chance = [CH_REROLL, gi, 1, 0]
                return
    state.decisions.append(AnyTimeWindow(state.first_player, W_ROLL, 0, len(state.work)))


def _dice_results(state: RobinsonState, gi: int) -> None:
    """Wound, then Success, then Adventure (§8.5.2, §8.5.3)."""
    g = state.groups[gi]
    lead, typ = g[3], g[0]
    if state.dice[0]:
        state.wound(lead, 1, "the Wound die (§8.5.2)")
    todo: list[tuple[int, int, int, int]] = []
    if state.dice[1]:
        todo.append((I_SUCCESS, lead, gi, 0))
    else:
        state.log("action", f"{state._group_text(gi)} fails (?): +2 Determination (§8.5.2).")
        state.gain_det(lead, 2, "the ? face (§8.5.2)")
    if state.dice[2] or state.action_field_tokens[typ] & FT_ADVENTURE:
        todo.append((I_ADVENTURE, lead, gi, 1))
    state._push(*todo)  # one push: the Success runs before the Adventure (§8.5.3)


def _success(state: RobinsonState, gi: int) -> None:
    g = state.groups[gi]
    typ, target, lead = g[0], g[1], g[3]
    if typ == T_BUILD:
        _pay_group(state, gi)
        if target == BUILD_SHELTER:
            state.shelter = 1
            state.log("build", "The Shelter is built (§8.8.3).")
        elif target in (BUILD_ROOF, BUILD_PALISADE):
            state.raise_track(0 if target == BUILD_ROOF else 1, 1, "Building (§8.8.4)")
        elif target == BUILD_WEAPON:
            state.raise_track(2, 1, "Building (§8.8.5)")
        else:
            cd = state.content.cards[target]
            state.zone[target] = Z_ITEM_FUTURE
            state.log("build", f"{cd.name} is built; it becomes an Item at cleanup (§8.8.6).")
            if cd.data["group"] == "personal":
                state.gain_det(lead, 2, "building a personal Invention (§8.8.6)")
        return
    if typ == T_GATHER:
        sp, i = divmod(target, 2)
        r = gathered_resource(state, gi)
        amount = 0 if state.covered_sources[sp] >> i & 1 else 1
        if state.space_tokens[sp] & (TK_WOOD if r == WOOD else TK_FOOD):
            amount += 1
        state.gain(r, amount, lead, "Gathering (§8.9)")
        offer_gathering_items(state, gi)
        return
    if typ == T_EXPLORE:
        if state.tile_top >= 0:
            tile, state.tile_top = state.tile_top, -1
            state._place_tile(tile, target, lead)
        elif any(at == TILE_STACK for at in state.tile_at):
            state.chance = [CH_TILE, target, lead, 0]
        else:
            state.log("explore", "No Island tiles are left (§25.19).")


def gathered_resource(state: RobinsonState, gi: int) -> int:
    """The resource (WOOD or FOOD) the planned Gathering `gi` takes from its source (§8.9)."""
    sp, i = divmod(state.groups[gi][1], 2)
    return WOOD if state.content.tiles[state.space_tile[sp]].sources[i] == "wood" else FOOD


def gathering_items(state: RobinsonState) -> list[int]:
    """Built Items that add to a successful Gathering and are not used this round (§8.9, §17.2), in card
    order; found by their answer to the gathering-bonus query, not by name."""
    program = state.program
    return [k for k in sorted(program.passive_calls) if state.zone[k] == Z_ITEM and k not in state.item_used
            and abilities.card_answer(program, k, abilities.GATHER_BONUS, 0)]


def offer_gathering_items(state: RobinsonState, gi: int, after: int = -1) -> None:
    """The Gathering `gi` succeeded (§8.9): each unused Item that adds to one Gathering a round (card index
    above `after`) goes to it or waits for a later one, as the first player chooses (§17.2, §26.2); when no
    other Gathering of this round is left to resolve, waiting could only waste it, so it is added at once."""
    later = any(g[0] == T_GATHER and not g[8] & G_DONE for j, g in enumerate(state.groups) if j != gi)
    for k in gathering_items(state):
        if k <= after:
            continue
        if later:
            state.decisions.append(ItemForGathering(state.first_player, gi, k))
            return
        add_gathering_item(state, gi, k)


def add_gathering_item(state: RobinsonState, gi: int, item: int) -> None:
    """The Item `item` adds its cubes to the successful Gathering `gi` and is used for this round (§17.2)."""
    state.item_used.append(item)
    bonus = abilities.card_answer(state.program, item, abilities.GATHER_BONUS, 0)
    state.gain(gathered_resource(state, gi), bonus, state.groups[gi][3], f"the {state.content.cards[item].name}, §17.2")


def _pay_group(state: RobinsonState, gi: int) -> None:
    """Discard the resources committed at planning (§8.3.1, §8.6.2, §8.8)."""
    g = state.groups[gi]
    if g[5] or g[6] or g[7]:
        state.pay(WOOD, g[5])
        state.pay(FOOD, g[6])
        state.pay(FUR, g[7])
        state.log("pay", f"Paid {g[5]} wood, {g[6]} food, {g[7]} fur (§8.3.1).")
    state.groups[gi] = (*g[:5], 0, 0, 0, g[8])


def _post(state: RobinsonState, gi: int) -> None:
    g = state.groups[gi]
    typ = g[0]
    if typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and g[8] & G_FIELDX:
        state.action_field_tokens[typ] &= ~FT_EXTRA
    if g[8] & G_WOODTOK:
        state.action_field_tokens[T_BUILD] &= ~FT_WOOD
    if typ in (T_BUILD, T_GATHER, T_EXPLORE) and state.action_field_tokens[typ] & FT_REROLL and len(g[4]) <= _min_pawns(state, gi):
        state.action_field_tokens[typ] &= ~FT_REROLL
    state.groups[gi] = (*g[:8], g[8] | G_DONE)
    state.temp_weapon = 0
    state.arrange_determination, state.arrange_heal = -1, 0
    state.resolving_action = -1
    state.check_win()
