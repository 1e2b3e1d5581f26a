"""Phase 5, movement and stamina (fuji.md §10): screens come down, then each meeple takes its turn.

A turn: Gatherers may spend power bars (§14), the mover compares its dice with its neighbours' and walks
if it beats them all (Step A, §10.2), collects an equipment token (§10.3), sets off eruption tokens
(§10.4), then loses stamina (Step B, §10.5) and may be injured (§10.6) or exhausted (§10.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import abilities, scoring
from . import board as geo
from .actions import INJURY_IDS, FujiAction
from .board import cell_name
from .decisions import FujiDecision
from .terms import (
    ALL_INJURIES,
    COLLECT,
    DRAW_EQUIPMENT,
    ERUPT,
    INJURY,
    LOSE_DIE,
    MOVE,
    PATH,
    PLAN,
    POWER_BARS,
    ROLL_DIE,
    TURN_COMPARE,
    TURN_END,
    TURN_NONE,
    TURN_STAMINA,
    TURN_START,
)

if TYPE_CHECKING:
    from .state import FujiState

def reveal(state: FujiState) -> None:
    """§10.1: screens come down; variant A's hidden half is rolled now (§13.1)."""
    state.phase = MOVE
    table = state.table
    for i in range(table.dice):
        if state.die_face[i]:
            state.die_seen_by[i] = table.all_seats
    if table.extra >= 0:
        state.chance += [(ROLL_DIE, table.extra * 6 + k) for k in range(3)]
    shown = {e: [f"{state.colour(i)}{state.die_face[i]}" for i in state.held(e)] for e in range(table.explorers)}
    state.log("reveal", "screens down: " + "; ".join(f"meeple {e}: {' '.join(d)}" for e, d in shown.items()),
              dice={str(e): d for e, d in shown.items()})
    state.moved = [0] * table.explorers
    state.mover = -1


def do_go(state: FujiState, act: FujiAction) -> None:
    """§10.1: the seat picks which of its meeples takes the next turn."""
    state.mover = act.args[0]
    state.turn_step = TURN_START
    state.bars_spent = 0
    state.log("turn", f"meeple {state.mover} takes its turn")


def next_turn_step(state: FujiState) -> None:
    """Run the mover's next step: power bars (§14), Step A (§10.2), Step B (§10.5), then the turn ends."""
    mover = state.mover
    table = state.table
    if state.turn_step == TURN_START:
        state.turn_step = TURN_COMPARE
        for g in range(table.explorers):
            if state.modifier(g, abilities.POWER_BARS_HELD, 0) > 0 and state.power_bars[g] > 0:
                state.decisions.append(PowerBars(table.ctrl[g], g, mover))
    elif state.turn_step == TURN_COMPARE:
        state.turn_step = TURN_STAMINA
        compare(state, mover)
    elif state.turn_step == TURN_STAMINA:
        state.turn_step = TURN_END
        stamina_step(state, mover)
    else:
        state.moved[mover] = 1
        state.mover = -1
        state.turn_step = TURN_NONE


def movement_values(state: FujiState, mover: int) -> tuple[int, list[tuple[int, int]]]:
    """(mover's value with modifiers, [(neighbour, value)]) under the mover's requirement (§10.2)."""
    card = state.card_at[state.destination[mover]]
    own = state.value(mover, card) + state.movement_bonus[mover] + state.bars_spent
    return own, [(n, state.value(n, card)) for n in state.table.neighbours[mover]]


def compare(state: FujiState, mover: int) -> None:
    """§10.2 Step A: success only if the mover beats each neighbour; a tie fails."""
    own, neighbours = movement_values(state, mover)
    best = max(v for _, v in neighbours)
    success = own > best
    state.turn_success = int(success)
    state.turn_margin = own - best if success else 0
    state.log("compare", f"meeple {mover} scores {own} against " +
              ", ".join(f"meeple {n}: {v}" for n, v in neighbours) + (" and succeeds" if success else " and fails"),
              mover=mover, value=own, neighbours={str(n): v for n, v in neighbours}, success=success)
    destination = state.destination[mover]
    if success and destination != state.position[mover]:
        options = legal_paths(state, mover)
        if len(options) == 1:
            walk(state, mover, options[0])
        elif options:
            state.decisions.append(Path(state.table.ctrl[mover], mover))
        else:
            state.log("move", f"meeple {mover} cannot reach {cell_name(destination)} any more and stays "
                      "(§17.6 item 2)")
    state.bars_spent = 0


def legal_paths(state: FujiState, mover: int) -> tuple[tuple[int, ...], ...]:
    """Legal paths to the destination: ≤ 3 steps (4 for a Scout marked at 4), or the shortest after a step made
    early with equipment (§17.6)."""
    board, lava, start, destination = state.table.board, state.lava, state.position[mover], state.destination[mover]
    if state.stepped_early[mover]:
        return geo.paths(board, lava, start, destination, 0, shortest_only=True)
    limit = 3
    if state.allowance(mover) > 3 and geo.distance(board, lava, start, destination) == state.allowance(mover):
        limit = state.allowance(mover)
    return geo.paths(board, lava, start, destination, limit)


def walk(state: FujiState, e: int, path: tuple[int, ...]) -> None:
    """Move along `path` (§10.2 item 5): tokens crossed erupt after the move and any draw (§10.4)."""
    state.position[e] = path[-1]
    for cell in path:
        bit = 1 << cell
        if state.eruption_tokens_left & bit:
            state.eruptions_due += 1
            state.eruption_tokens_left &= ~bit
        elif state.double_eruption_tokens_left & bit:
            state.eruptions_due += 2
            state.double_eruption_tokens_left &= ~bit
    state.log("move", f"meeple {e} walks to {cell_name(path[-1])}", path=[cell_name(cell) for cell in path])
    scoring.check_victory(state)
    if state.over:
        return
    end = 1 << path[-1]
    if state.equipment_tokens_left & end:
        state.equipment_tokens_left &= ~end
        state.decisions.append(Collect(state.table.ctrl[e], e))
    reachable = geo.reach(state.table.board, state.lava, state.position[e], state.allowance(e))
    if state.phase == PLAN and state.destination[e] >= 0 and \
            state.destination[e] not in [cell for cell, _ in reachable]:
        state.destination[e] = -1


def stamina_step(state: FujiState, mover: int) -> None:
    """§10.5 Step B with injuries (§10.6) and exhaustion (§10.7)."""
    state.destination[mover] = -1
    loss = 0 if state.no_stamina_loss[mover] else state.table.level_loss[min(state.turn_margin, 12)]
    old = state.stamina[mover]
    new = min(old + loss, state.table.content.exhaustion)
    state.stamina[mover] = new
    state.log("stamina", f"meeple {mover} loses {loss} stamina ({old} → {new})", mover=mover, loss=loss)
    if new >= state.table.content.exhaustion:
        scoring.lose(state, f"meeple {mover} is exhausted", "§10.7", "exhausted")
        return
    for space in state.table.content.injury_spaces:
        if old < space <= new and state.injuries[mover] != ALL_INJURIES:
            state.decisions.append(Injury(state.table.ctrl[mover], mover))


def end_movement(state: FujiState) -> None:
    """§10.8: dice lost to leg injuries leave now; then phase 6."""
    for e in range(state.table.explorers):
        die = state.die_to_lose[e]
        if die >= 0:
            state.die_in_play[die] = 0
            state.die_face[die] = 0
            state.die_to_lose[e] = -1
    state.phase = ERUPT
    state.log("phase", f"round {state.round}: phase 6, the volcano erupts")


# ---------------------------------------------------------------------------- decisions of a turn
@dataclass(frozen=True, slots=True)
class PowerBars(FujiDecision):
    """§14 Gatherer: before the comparison, spend 0 up to every power bar held on this turn's mover (+1 each)."""

    mover: int
    kind = "bars"
    rule = "§14"
    index = POWER_BARS

    def count(self) -> int:
        return self.mover

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [FujiAction(self.seat, "bars", (n,)) for n in range(state.power_bars[self.meeple] + 1)]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e = self.meeple
        n = action.args[0]
        state.power_bars[e] -= n
        state.bars_spent += n
        if n:
            state.log("bars", f"meeple {e} spends {n} power bars for meeple {self.mover}")

    def text(self, state: FujiState) -> str:
        return f"Gatherer (§14): spend power bars, +1 each, on meeple {self.mover}'s movement value this turn"


@dataclass(frozen=True, slots=True)
class Collect(FujiDecision):
    """§10.3: a meeple that ends its move on an equipment token draws a card, or leaves the token."""

    kind = "collect"
    rule = "§10.3"
    index = COLLECT

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [FujiAction(self.seat, "collect"), FujiAction(self.seat, "skip")]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e = self.meeple
        if action.verb == "collect":
            state.chance.append((DRAW_EQUIPMENT, e))
        state.log("collect", f"meeple {e} {'draws' if action.verb == 'collect' else 'leaves'} the equipment token")

    def text(self, state: FujiState) -> str:
        return "Equipment token (§10.3): draw the top equipment card (usable from next round) or leave it"


@dataclass(frozen=True, slots=True)
class Path(FujiDecision):
    """§17.6 item 1: the mover picks its way when several legal paths reach its destination."""

    kind = "path"
    rule = "§17.6 item 1"
    index = PATH

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [FujiAction(self.seat, "path", path) for path in legal_paths(state, self.meeple)]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        walk(state, self.meeple, action.args)

    def text(self, state: FujiState) -> str:
        destination = state.destination[self.meeple]
        where = cell_name(destination) if destination >= 0 else "its destination"
        return f"Movement (§10.2, §17.6 item 1): choose the path meeple {self.meeple} walks to {where}"


@dataclass(frozen=True, slots=True)
class Injury(FujiDecision):
    """§10.6: the meeple passed an injury space; its seat picks an injury it does not have yet."""

    kind = "injury"
    rule = "§10.6"
    index = INJURY

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        injuries = state.injuries[self.meeple]
        return [FujiAction(self.seat, "injury", (k,)) for k in range(4) if not (injuries >> k) & 1]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        """A leg injury costs a die (chosen next); amnesia ends a skill, so cards used once are discarded."""
        e = self.meeple
        content = state.table.content
        k = action.args[0]
        state.injuries[e] |= 1 << k
        state.log("injury", f"meeple {e} suffers: {content.injuries[k]['name']}", injury=INJURY_IDS[k])
        abilities.suffer(state, self.seat, e, k)

    def text(self, state: FujiState) -> str:
        return f"Injury (§10.6): meeple {self.meeple} passed an injury space; choose which injury to take"


@dataclass(frozen=True, slots=True)
class LoseDie(FujiDecision):
    """§10.6 leg injury: one of the meeple's dice in play leaves at the end of phase 5 (§10.8)."""

    kind = "lose die"
    rule = "§10.6"
    index = LOSE_DIE

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        e = self.meeple
        return [FujiAction(self.seat, "lose", (e * 6 + k,)) for k in range(6)
                if state.die_in_play[e * 6 + k] and state.die_to_lose[e] != e * 6 + k]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e = self.meeple
        state.die_to_lose[e] = action.args[0]
        state.log("injury", f"meeple {e} will lose die {action.args[0] % 6 + 1} after everyone's stamina step")

    def text(self, state: FujiState) -> str:
        return "Leg injury (§10.6): choose the die you lose for good (it still counts this phase)"
