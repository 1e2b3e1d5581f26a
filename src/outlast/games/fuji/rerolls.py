"""Phase 3, rerolls (fuji.md §8): how many each meeple gets, and the lockstep steps in which they are taken.

Each hand (a meeple's dice, or half of the shared third set in variant B, §13.2) chooses at the same time —
dice to reroll, or stop — and every choice resolves together before the next step (§8.3).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from outlast.core.words import count

from . import abilities, planning
from . import board as geo
from .actions import FujiAction
from .terms import EQUIP, NO_CHOICE, REROLL, ROLL_DIE, STOPPED

if TYPE_CHECKING:
    from .state import FujiState

_SUBSETS: dict[tuple[int, tuple[int, ...], str], list[FujiAction]] = {}


def subsets(seat: int, dice: tuple[int, ...], verb: str) -> list[FujiAction]:
    """Every non-empty subset of `dice` as a `verb` action, cached (they are immutable)."""
    key = (seat, dice, verb)
    hit = _SUBSETS.get(key)
    if hit is None:
        hit = [FujiAction(seat, verb, combo) for r in range(1, len(dice) + 1) for combo in combinations(dice, r)]
        if len(_SUBSETS) > 100_000:
            _SUBSETS.clear()
        _SUBSETS[key] = hit
    return hit


def reroll_count(state: FujiState, e: int, dist: int, card: int) -> int:
    """Phase-3 rerolls of meeple `e` for a destination `dist` steps away showing terrain `card`.

    §8.1: 2 to stay, 1 at distance 1–2, 0 at 3, +1 for the reroll symbol; §8.2: an eye injury
    removes those, the Survivalist adds a skill reroll; §14: a Scout going 4 gets none at all.
    """
    base = {0: 2, 1: 1, 2: 1}.get(dist, 0)
    if 0 <= dist < 4 and card >= 0 and state.table.content.terrain[card].extra_reroll:
        base += 1
    base = state.injury_modifier(e, abilities.BASE_REROLLS, base)
    base = state.modifier(e, abilities.PHASE3_REROLLS, base)
    if dist >= 4:
        base = 0
    return base


def _can_set_aside(state: FujiState, e: int) -> bool:
    """Whether meeple `e` may still set a die aside this round (§14 Buddy)."""
    return state.modifier(e, abilities.DICE_SET_ASIDE, 0) > 0 and not state.die_set_aside[e]


def begin_rerolls(state: FujiState) -> None:
    """End of phase 2: markers bind (§7.3) and reroll counts follow (§8.1, §8.2)."""
    table = state.table
    state.phase = REROLL
    state.remarks = [0] * table.seats
    for e in range(table.explorers):
        if state.destination[e] < 0:
            state.destination[e] = state.position[e]
    for h, (e, _slots, _seat) in enumerate(table.hands):
        dist = geo.distance(table.board, state.lava, state.position[e], state.destination[e])
        base = reroll_count(state, e, dist, state.card_at[state.destination[e]])
        state.rerolls_left[h] = state.rerolls_entitled[h] = base
        state.reroll_choice[h] = NO_CHOICE
        state.rerolls_done[h] = int(base == 0 and not _can_set_aside(state, e))
    state.log("phase", f"round {state.round}: phase 3, rerolls (no talking)",
              rerolls={str(h): state.rerolls_left[h] for h in range(len(table.hands))})  # JSON keys are text


def waiting_hands(state: FujiState) -> list[int]:
    """Hands still to choose in this step of phase 3 (§8.3)."""
    done, choice = state.rerolls_done, state.reroll_choice
    return [h for h in range(len(state.table.hands)) if not done[h] and choice[h] == NO_CHOICE]


def hand_for(state: FujiState, seat: int) -> int:
    """The hand `seat` chooses for now (a seat holds at most one waiting hand at a time)."""
    return next(h for h in waiting_hands(state) if state.table.hands[h][2] == seat)


def reroll_actions(state: FujiState, seat: int) -> list[FujiAction]:
    """Phase 3 (§8.3): reroll a subset or stop; a Buddy may also set one die aside (§14)."""
    for h in waiting_hands(state):
        e, slots, hand_seat = state.table.hands[h]
        if hand_seat != seat:
            continue
        out: list[FujiAction] = []
        dice = tuple(i for i in state.known_held(e, seat) if i // 6 != e or i % 6 in slots)
        if state.rerolls_left[h] > 0:
            out += subsets(seat, dice, "reroll")
        if _can_set_aside(state, e):
            out += [FujiAction(seat, "aside", (i,)) for i in dice]
        out.append(FujiAction(seat, "stop"))
        return out
    return []


def do_reroll(state: FujiState, act: FujiAction) -> None:
    """The seat's hand chooses dice to reroll in this step (§8.3); which dice stays behind its screen."""
    h = hand_for(state, act.seat)
    mask = 0
    for i in act.args:
        mask |= 1 << i
    state.reroll_choice[h] = mask
    state.log("reroll", f"seat {act.seat} rerolls {count(len(act.args), 'die')}", 1 << act.seat, dice=list(act.args))
    state.log("submit", f"seat {act.seat} has chosen")


def do_stop(state: FujiState, act: FujiAction) -> None:
    """The seat's hand takes no more rerolls this round (§8.3)."""
    state.reroll_choice[hand_for(state, act.seat)] = STOPPED
    state.log("submit", f"seat {act.seat} stops rerolling")


def do_aside(state: FujiState, act: FujiAction) -> None:
    """§14 Buddy: set one die aside, face up, out of this round's comparisons."""
    h = hand_for(state, act.seat)
    e = state.table.hands[h][0]
    die = act.args[0]
    state.die_set_aside[e] = 1
    state.die_holder[die] = -1
    state.die_seen_by[die] = state.table.all_seats
    if state.rerolls_left[h] == 0:
        state.rerolls_done[h] = 1
    state.log("reveal", f"meeple {e} sets aside {state.colour(die)}{state.die_face[die]} (§14)", die=die)


def resolve_reroll_step(state: FujiState) -> None:
    """§8.3: every submission resolves together, then the next lockstep step begins."""
    for h, choice in enumerate(state.reroll_choice):
        if state.rerolls_done[h] or choice == NO_CHOICE:
            continue
        e = state.table.hands[h][0]
        if choice == STOPPED:
            state.rerolls_done[h] = 1
        else:
            state.rerolls_left[h] -= 1
            state.chance += [(ROLL_DIE, i) for i in range(state.table.dice) if (choice >> i) & 1]
            if state.rerolls_left[h] == 0 and not _can_set_aside(state, e):
                state.rerolls_done[h] = 1
        state.reroll_choice[h] = NO_CHOICE


def end_rerolls(state: FujiState) -> None:
    """§14 Gatherer: a power bar for each phase-3 reroll entitled and not taken (at most 3); then phase 4."""
    for e in range(state.table.explorers):
        cap = state.modifier(e, abilities.POWER_BARS_HELD, 0)
        if cap:
            hands = [h for h, hand in enumerate(state.table.hands) if hand[0] == e]
            unused = min(state.rerolls_left[h] for h in hands)
            if unused:
                state.power_bars[e] = min(cap, state.power_bars[e] + unused)
                state.log("bars", f"meeple {e} now holds {state.power_bars[e]} power bars")
    planning.open_window(state, EQUIP)
