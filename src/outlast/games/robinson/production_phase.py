"""The Production phase and the wood pile (robinson-crusoe.md §7, §25.1).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .constants import CH_PIT, FOOD, TK_FOOD, TK_SHORTCUT, TK_WOOD, WOOD

if TYPE_CHECKING:
    from .state import RobinsonState


def _production(state: RobinsonState) -> None:
    tile = state.space_tile[state.camp]
    if tile >= 0:
        _produce_from(state, state.camp, tile, every=True)
    for sp in range(len(state.space_tokens)):
        if state.space_tokens[sp] & TK_SHORTCUT and state.space_tile[sp] >= 0 and not state.space_lost[sp]:
            _produce_from(state, sp, state.space_tile[sp], every=False)
    food = state.modifier(abilities.PIT_FOOD, -1)
    if food >= 0:
        state.chance = [CH_PIT, food, 0, 0]


def _produce_from(state: RobinsonState, sp: int, tile: int, every: bool) -> None:
    """The Camp tile gives 1 per source (§7.1); a Shortcut tile gives what its Item says from one source (§17.2)."""
    srcs = state.content.tiles[tile].sources
    got = False
    for i, kind in enumerate(srcs):
        r = WOOD if kind == "wood" else FOOD
        if state.flags & (1 if r == WOOD else 2):
            state.log("production", f"No {kind} from Production this round (a card says so).")
            continue
        if every:
            token = TK_WOOD if r == WOOD else TK_FOOD
            amount = (0 if state.covered_sources[sp] >> i & 1 else 1)
            if amount:
                state.gain(r, amount, -1, "Production (§7.1)", to_future=False)
            if state.space_tokens[sp] & token and i == srcs.index(kind):
                state.gain(r, 1, -1, "a +1 token on the Camp tile (§20.6)", to_future=False)
        elif not got and not state.covered_sources[sp] >> i & 1:
            state.gain(r, state.modifier(abilities.TOKEN_TILE_PRODUCTION, 0), -1, "the Shortcut (§17.2)",
                      to_future=False)
            state.gathered.append(sp * 2 + i)
            got = True


def _pile_stage(state: RobinsonState) -> int:
    """The lowest unfinished stage of the wood pile, or -1 when none may take wood this round (§25.1)."""
    if state.pile_done:
        return -1
    for i, need in enumerate(state.table.scenario.pile):
        if state.pile[i] < need:
            return i
    return -1


def add_to_pile(state: RobinsonState, k: int, cause: str) -> None:
    """Wood onto the lowest unfinished stage; wood beyond its need is lost (§25.1)."""
    for i, need in enumerate(state.table.scenario.pile):
        if state.pile[i] < need:
            put = min(k, need - state.pile[i])
            state.pile[i] += put
            state.log("pile", f"{put} wood onto stage {i + 1} of the pile ({cause}); it holds {state.pile[i]}/{need}.")
            break
    state.check_win()
