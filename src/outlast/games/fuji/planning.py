"""Phase 2, planning (fuji.md §7): destination markers, hints, and the window phases 2 and 4 share.

In phase 2 each meeple's marker goes on a card it can reach (§7.1–§7.3); in both windows a seat may use or
pass equipment (§7.7, §9) and give qualitative hints (§7.6, §18) until it is ready.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from . import abilities, equipment
from . import board as geo
from .actions import HINT_KINDS, HINT_LEVELS, FujiAction
from .board import cell_name
from .terms import PHASE_NAMES, PLAN, REMARK_LIMIT

if TYPE_CHECKING:
    from .state import FujiState


@cache
def _mark(seat: int, e: int, cell: int) -> FujiAction:
    return FujiAction(seat, "mark", (e, cell))


@cache
def _ready(seat: int) -> FujiAction:
    return FujiAction(seat, "ready")


@cache
def _all_hints(seat: int, explorers: int) -> list[FujiAction]:
    out = []
    for kind in range(3):
        subjects = [o for o in range(explorers) if o != seat] if kind == 0 else [-1]
        for subject in subjects:
            out += [FujiAction(seat, "hint", (kind, subject, level)) for level in range(len(HINT_LEVELS[kind]))]
    return out


@cache
def _open_hints(seat: int, explorers: int, blocked: tuple[int, ...]) -> list[FujiAction]:
    base = seat * 64 + 1  # `hint_key` without its call: seat * 64 + kind * 8 + subject + 1
    return [a for a in _all_hints(seat, explorers) if base + a.args[0] * 8 + a.args[1] not in blocked]


def hint_key(seat: int, kind: int, subject: int) -> int:
    """The entry of `FujiState.hints_given` for a hint of `kind` about `subject` (-1: none) by `seat`."""
    return seat * 64 + kind * 8 + subject + 1


def open_window(state: FujiState, phase: int) -> None:
    """Phase 2 or 4 begins: no seat is ready and no hint given yet (§7, §9)."""
    state.phase = phase
    state.ready = [0] * state.table.seats
    state.hints_given = []
    state.log("phase", f"round {state.round}: phase {PHASE_NAMES[phase]}")


def mark_targets(state: FujiState, e: int) -> list[int]:
    """Cards `e` may put its destination marker on now (§7.1–§7.3).

    The last card a neighbour without a marker could still choose is kept free for it, so
    neighbours never end up sharing a destination (§7.3).
    """
    table = state.table
    board, lava, destination, explorers = table.board, state.lava, state.destination, table.explorers
    neighbours = [n for n in table.neighbours[e] if n < explorers]
    taken = {destination[n] for n in neighbours}
    taken.add(destination[e])  # its own marker's card is no new choice
    out = [cell for cell, _d in geo.reach(board, lava, state.position[e], state.allowance(e)) if cell not in taken]
    for n in neighbours:
        if destination[n] < 0:
            busy = {destination[m] for m in table.neighbours[n] if m < explorers and m != e}
            left = 0  # cards still free for n, counted up to 2: only a last one is kept for it
            last = -1
            for cell, _d in geo.reach(board, lava, state.position[n], state.allowance(n)):
                if cell not in busy:
                    left += 1
                    if left > 1:
                        break
                    last = cell
            if left == 1 and last in out:
                out.remove(last)
    return out


def window_actions(state: FujiState, seat: int) -> list[FujiAction]:
    """Phase 2 or 4 (§7, §9): markers, cards, passing, hints and ready."""
    out: list[FujiAction] = []
    mine = state.explorers_of(seat)
    can_ready = True
    if state.phase == PLAN:
        settled = state.remarks[seat] >= REMARK_LIMIT
        for e in mine:
            if settled and state.destination[e] >= 0:
                continue  # placed markers stay once the seat has moved them REMARK_LIMIT times
            targets = mark_targets(state, e)
            out += [_mark(seat, e, cell) for cell in targets]
            if state.destination[e] < 0 and targets:
                can_ready = False
    locations = state.card_location
    ctrl = state.table.ctrl
    held = [card for card in range(len(locations)) if locations[card] >= 0 and ctrl[locations[card]] == seat] \
        if locations and max(locations) >= 0 else []
    if held:
        for e in mine:
            out += equipment.card_uses(state, seat, e)
        for e in mine:
            if state.modifier(e, abilities.PASS_EQUIPMENT, 0):
                for card in held:
                    if locations[card] == e:
                        ids = (state.table.content.equipment[card].id,)
                        out += [FujiAction(seat, "give", (o,), ids) for o in range(state.table.explorers) if o != e]
    out += hint_actions(state, seat)
    if can_ready:
        out.append(_ready(seat))
    return out


def hint_actions(state: FujiState, seat: int) -> list[FujiAction]:
    """Qualitative hints (§7.6, §18): a threat to a teammate's destination, one's fit, an intent.

    Each (kind, subject) may be given once per phase, so a window always closes.
    """
    hints_given = state.hints_given
    blocked = tuple([key for key in hints_given if key >> 6 == seat]) if hints_given else ()
    return _open_hints(seat, state.table.explorers, blocked)


def remark_refused(state: FujiState, act: FujiAction) -> bool:
    """Whether `act` moves a placed marker of a seat that has used up `REMARK_LIMIT` (§7.3, decision 0011)."""
    return (act.verb == "mark" and state.phase == PLAN and len(act.args) == 2 and
            state.remarks[act.seat] >= REMARK_LIMIT and act.args[0] in state.explorers_of(act.seat) and
            state.destination[act.args[0]] >= 0)


def do_mark(state: FujiState, act: FujiAction) -> None:
    """Put meeple e's destination marker on a card (§7.3); moving a placed one counts toward `REMARK_LIMIT`."""
    e, cell = act.args
    if state.destination[e] >= 0:
        state.remarks[act.seat] += 1  # moving a placed marker counts; placing one does not (decision 0011)
    state.destination[e] = cell
    state.log("mark", f"meeple {e} marks {cell_name(cell)}", meeple=e, cell=cell_name(cell))


def do_ready(state: FujiState, act: FujiAction) -> None:
    """The seat is done with this window (§7.7); using or passing a card opens it again for everyone."""
    state.ready[act.seat] = 1
    state.log("ready", ready_text(act.seat))


def ready_text(seat: int) -> str:
    """The log line of a seat saying ready (`describe` looks for it to explain a ready taken back)."""
    return f"seat {seat} is ready"


def ready_taken_back(state: FujiState, seat: int) -> list[str]:
    """Why `seat`, not ready now, is no longer ready in this phase-2 or phase-4 window: the public lines of the
    card uses and passes since it last said ready (any of them reopens the window for everyone, §18, decision
    0004); empty when it has not said ready in this window."""
    if state.ready[seat]:
        return []
    said = ready_text(seat)
    since: list[str] = []
    for event in reversed(state.events):
        if event.kind == "phase":
            return []
        if event.kind == "ready" and event.text == said:
            return list(reversed(since))
        if event.kind in ("use", "give") and event.visible_to is None:
            since.append(event.text)
    return []


def do_hint(state: FujiState, act: FujiAction) -> None:
    """A qualitative hint, the only talk the rules allow about dice (§7.6, §18)."""
    kind, subject, level_index = act.args
    state.hints_given.append(hint_key(act.seat, kind, subject))
    level = HINT_LEVELS[kind][level_index]
    text = {0: f"seat {act.seat}: threat from my dice to meeple {subject}'s destination: {level}",
            1: f"seat {act.seat}: my roll fits my destination: {level}",
            2: f"seat {act.seat}: " + ("I'll reroll to help you" if level == "help" else "I can use a card")}[kind]
    state.log("hint", text, seat=act.seat, hint=HINT_KINDS[kind], subject=subject, level=level,
              round=state.round)
