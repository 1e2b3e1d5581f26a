"""The engine's loop: chance points, applying an action, running steps until a seat must answer (§18.1, §18.6).

Every state change comes from a resolved decision or a chance outcome. After each, `advance` runs the engine's
own steps from the top of the stack until a seat must answer, a chance point is pending, or the game is over;
a decision with a single legal answer resolves itself (§18.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE, IllegalAction
from outlast.core.rng import RandomLike, peek_below

from . import rounds
from .actions import DiscoverAction, act
from .copy import table
from .exploring import place_tile
from .terms import DIE, PLAYING, WON

if TYPE_CHECKING:
    from .state import DiscoverState

CHANCE_KINDS = ("die", "leader", "character", "project", "tile", "feature", "water", "monster", "night",
                "threat", "variant", "encounter")
"""The kinds of chance point; a pending one is (kind index, argument) in `state.chance`."""
DIE_ROLL, LEADER, CHARACTER, PROJECT, TILE, FEATURE, WATER, MONSTER, NIGHT_CARD, THREAT, VARIANT, ENCOUNTER = \
    range(12)

RESULT_TEXTS = {
    "quest": "won: completed the scenario's final quest stage (§13.2)",
    "last_standing": "won: the last survivor on the map (§15, §17.12)",
    "eliminated": "lost: eliminated by a fourth damage (§10.3)",
    "conceded": "lost: conceded (§17.20 item 12)",
    "outlasted": "lost: another survivor was the last one standing (§17.12)",
    "day_cap": "lost: the house-rule day cap ran out (§17.20 item 12)",
}
"""Every result code a seat may get, with its meaning (`DiscoverGame.result_codes`)."""


def result_code(state: DiscoverState, seat: int) -> str:
    """The reason code of `seat`'s result at the end (§13.2, §13.3)."""
    code: str = state.result[seat]
    return code


def queue(state: DiscoverState, kind: int, arg: int = 0) -> None:
    """Ask for a chance outcome of `kind` (resolved before anything else moves)."""
    state.chance.append((kind, arg))


def _pool(state: DiscoverState, kind: int, arg: int) -> list[int]:
    """The ids one chance point draws from, each equally likely."""
    copy = state.copy
    if kind == LEADER:
        return list(range(state.seats))
    if kind == CHARACTER:
        dealt = {c for offer in state.character_offer for c in offer}
        return [c for c in range(len(copy.characters)) if c not in dealt]
    if kind == PROJECT:
        return sorted(state.projects_deck)
    if kind == TILE:
        placed = state.tile_face
        return [t for t in copy.derived[_tiles_by_pile].get(state.board.pile_of[arg], ()) if t not in placed]
    if kind == FEATURE:
        back = -1 - state.pieces[arg][2]
        return sorted(state.feature_piles[back])
    if kind == WATER:
        return sorted(state.water_pool)
    if kind == MONSTER:
        return sorted(state.monster_supply)
    if kind == NIGHT_CARD:
        tier1 = [c for c in state.night_deck if copy.nights[c].tier == 1]
        return sorted(tier1 or state.night_deck)
    if kind == THREAT:
        return sorted(state.threat_deck)
    if kind == VARIANT:
        return [c for c, place in enumerate(state.card_place) if place < -4 and copy.cards[c].number == arg]
    if kind == ENCOUNTER:
        return [c for c, place in enumerate(state.card_place) if place == -1 and copy.cards[c].number == 100]
    raise AssertionError(kind)


@table
def _tiles_by_pile(copy: Any) -> dict[int, tuple[int, ...]]:
    """The tile ids of each pile of a copy, in id order (a tile draw's pool is its pile less the placed ones)."""
    piles: dict[int, list[int]] = {}
    for tile in copy.tiles:
        piles.setdefault(tile.pile, []).append(tile.id)
    return {pile: tuple(ids) for pile, ids in piles.items()}


def chance_outcomes(state: DiscoverState) -> list[tuple[DiscoverAction, float]]:
    kind, arg = state.chance[0]
    name = CHANCE_KINDS[kind]
    if kind == DIE_ROLL:
        return [(act(CHANCE, name, v), 1 / DIE) for v in range(1, DIE + 1)]
    pool = _pool(state, kind, arg)
    return [(act(CHANCE, name, i), 1 / len(pool)) for i in pool]


def sample_chance(state: DiscoverState, rng: RandomLike | None = None) -> DiscoverAction:
    """The outcome of `chance_outcomes` that the state's RNG picks, or `rng` draws (`State.sample_chance`). Every
    pool is uniform, so the kernel's pick is the outcome at index `peek_below(rng_state, len(outcomes))`, or
    `rng.randrange(len(outcomes))` when there is more than one, built here alone."""
    kind, arg = state.chance[0]
    pool = range(1, DIE + 1) if kind == DIE_ROLL else _pool(state, kind, arg)
    n = len(pool)
    value = pool[peek_below(state.rng_state, n) if rng is None else rng.randrange(n) if n > 1 else 0]
    picked = _OUTCOMES.get((kind, value))
    if picked is None:
        picked = _OUTCOMES[kind, value] = act(CHANCE, CHANCE_KINDS[kind], value)
    state._legal_cache = (SAMPLED, [picked])  # a possible outcome: applying it needs no second look at the pool
    return picked


_OUTCOMES: dict[tuple[int, int], DiscoverAction] = {}
"""`act(CHANCE, kind's name, value)` by (chance kind, value): the outcome `sample_chance` picks, found by two ints."""

SAMPLED = -2
"""`_legal_cache`'s key for the outcome `sample_chance` picked from the pending chance point (no seat's)."""


def _chance_value(state: DiscoverState, action: DiscoverAction) -> int:
    kind, arg = state.chance[0]
    word = action.args[0] if len(action.args) == 1 else ""
    if action.verb != CHANCE_KINDS[kind] or not word.isascii() or not word.isdigit() or str(int(word)) != word:
        raise IllegalAction(f"{action} is not a possible outcome now (a {CHANCE_KINDS[kind]} is pending)")
    value = int(action.args[0])
    ok = 1 <= value <= DIE if kind == DIE_ROLL else value in _pool(state, kind, arg)
    if not ok:
        raise IllegalAction(f"{action} is not a possible outcome now")
    return value


def check_legal(state: DiscoverState, action: Any) -> None:
    """Refuse an action that is not legal now, naming why and the rule (the state is untouched)."""
    if state.over:
        raise IllegalAction("the game is over")
    if action.seat == CHANCE:
        if not state.chance:
            raise IllegalAction("no dice or cards are pending now")
        sampled = state._legal_cache
        if sampled is None or sampled[0] != SAMPLED or sampled[1][0] is not action:
            _chance_value(state, action)
        return
    if state.chance:
        raise IllegalAction("a die roll or a card draw is pending first")
    top = state.decisions[-1] if state.decisions else None
    if top is None or action.seat not in top.choosers(state):
        waiting = ", ".join(map(str, state.to_move())) or "nobody"
        raise IllegalAction(f"seat {action.seat} may not act now (waiting for seat {waiting})",
                            top.rule if top is not None else "")
    legal = state.legal_actions(action.seat)
    for offered in legal:
        if offered is action:  # an action taken from the list: no field-by-field comparison with the others
            return
    if action not in legal:
        raise IllegalAction(top.refusal(state, action), top.rule)


def apply(state: DiscoverState, action: DiscoverAction) -> None:
    if action.seat == CHANCE:
        kind, arg = state.chance.pop(0)
        value = int(action.args[0])  # `check_legal` found it a possible outcome
        CHANCE_APPLY[kind](state, arg, value)
    else:
        state.decisions.pop().resolve(state, action)
    advance(state)


def advance(state: DiscoverState) -> None:
    """Run engine steps until a seat must answer, a chance point is pending, or the game is over."""
    decisions = state.decisions
    status = state.status
    while not state.over and not state.chance:
        if PLAYING not in status:
            finish_if_empty(state)
            return
        if not decisions:
            rounds.next_step(state)
            continue
        top = decisions[-1]
        if top.automatic:
            decisions.pop()
            top.proceed(state)
            continue
        if top.forced_resolves:
            choosers = top.choosers(state)
            if len(choosers) == 1:
                legal = top.legal(state, choosers[0])
                if len(legal) == 1:
                    decisions.pop()
                    top.resolve(state, legal[0])
                    continue
                state._legal_cache = (choosers[0], legal)  # what `legal_actions` would compute: kept, not redone
        break


def finish_if_empty(state: DiscoverState) -> bool:
    """End the game once no survivor is left on the map (§13.3); True if it ended."""
    if PLAYING in state.status:
        return False
    state.over = 1
    state.phase = 3
    state.decisions.clear()
    state.chance.clear()
    for seat in range(state.seats):
        if state.result[seat] == "":
            state.result[seat] = "quest" if state.status[seat] == WON else "eliminated"
    state.log("end", "The game is over: " + ", ".join(
        f"seat {s} {'won' if state.status[s] == WON else 'lost'}" for s in range(state.seats)) + ".")
    return True


# ----------------------------------------------------------------------------- chance outcomes applied
def _leader(state: DiscoverState, arg: int, value: int) -> None:
    state.tribe_leader = value
    state.log("leader", f"Seat {value} rolls highest and takes the tribe leader token (§4 step 2).")


def _character(state: DiscoverState, arg: int, value: int) -> None:
    state.character_offer[arg].append(value)
    state.log("deal", f"Seat {arg} is dealt a character card.", visible=None)


def _project(state: DiscoverState, arg: int, value: int) -> None:
    state.projects_deck.remove(value)
    state.hand[arg].append(value)
    state.hand[arg].sort()
    name = state.copy.projects[value].name
    state.log("project", f"Seat {arg} draws a project card.")
    state.log("project", f"You draw the project {name}.", visible=arg)


def _tile(state: DiscoverState, arg: int, value: int) -> None:
    place_tile(state, arg, value)


def _feature(state: DiscoverState, arg: int, value: int) -> None:
    kind, space, face, card = state.pieces[arg]
    state.feature_piles[-1 - face].remove(value)
    state.pieces[arg] = (kind, space, value, card)


def _water(state: DiscoverState, arg: int, value: int) -> None:
    kind, space, _, card = state.pieces[arg]
    state.water_pool.remove(value)
    state.pieces[arg] = (kind, space, value, card)


def _monster(state: DiscoverState, arg: int, value: int) -> None:
    kind, space, _, card = state.pieces[arg]
    state.monster_supply.remove(value)
    state.pieces[arg] = (kind, space, value, card)


def _night(state: DiscoverState, arg: int, value: int) -> None:
    state.night_deck.remove(value)
    state.night_card = value


def _drawn(state: DiscoverState, arg: int, value: int) -> None:
    state.drawn.append(value)


def _threat(state: DiscoverState, arg: int, value: int) -> None:
    state.threat_deck.remove(value)
    state.drawn.append(value)


def _variant(state: DiscoverState, arg: int, value: int) -> None:
    for c, place in enumerate(state.card_place):
        if place < -4 and state.copy.cards[c].number == arg:
            state.place_card(c, -1 if c == value else -3)
    state.log("variant", f"One copy of card #{arg} is kept in the deck, unseen; the others leave the game (§4 step 4a).")


CHANCE_APPLY: dict[int, Callable[[DiscoverState, int, int], None]] = {
    DIE_ROLL: _drawn, LEADER: _leader, CHARACTER: _character, PROJECT: _project, TILE: _tile, FEATURE: _feature,
    WATER: _water, MONSTER: _monster, NIGHT_CARD: _night, THREAT: _threat, VARIANT: _variant, ENCOUNTER: _drawn,
}
