"""Why an action is refused (architecture §2, "errors teach"): the check, the words and the rule's §.

`check_legal` runs before every `apply`; a refused action raises `IllegalAction` naming what is wrong and
the rule it breaks, and the state stays as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE, IllegalAction
from outlast.core.errors import shown

from . import abilities, decisions, planning
from . import board as geo
from .actions import FujiAction, malformed
from .board import cell_name
from .terms import (
    BAG,
    DRAW_EQUIPMENT,
    PHASE_NAMES,
    PHASE_RULES,
    PLACE_TERRAIN,
    PLAN,
    REMARK_LIMIT,
    REMARK_RULE,
    REROLL,
    ROLL_DIE,
)

if TYPE_CHECKING:
    from .state import FujiState

VERB_RULES = {"mark": "§7.3", "use": "§9", "give": "§14", "hint": "§18", "ready": "§7.7", "reroll": "§8.3",
              "aside": "§14", "go": "§10.1", "path": "§17.6 item 1", "bars": "§14", "keep": "§3.2",
              "lend": "§15", "injury": "§10.6", "lose": "§10.6"}
"""The rule a refused action of each verb breaks, outside a pending decision."""


def check_legal(state: FujiState, act: Any) -> None:
    """Refuse `act` unless it is legal now. Any field values are safe here: a `FujiAction` the kernel
    let through may still hold junk (a verb of no kind, text or huge numbers for ids), and
    `malformed` refuses that before anything reads them."""
    if not isinstance(act, FujiAction):
        raise IllegalAction(f"{shown(act)} is not a Fuji action")
    if state.over:
        raise IllegalAction("the game is over", "§12")
    if act.seat == CHANCE:
        chance = state.chance
        args = act.args
        if chance and chance[0][0] == ROLL_DIE and act.verb == "roll" and type(args) is tuple and len(args) == 2 \
                and type(args[0]) is int and type(args[1]) is int and args[0] == chance[0][1] and 1 <= args[1] <= 6 \
                and act.ids == ():
            return  # the most common outcome, a die's face, without `_check_chance`'s call (same test)
        _check_chance(state, act)
        return
    movers = state.to_move()
    if act.seat not in movers:
        who = "chance (dice or cards) must resolve first" if movers == [CHANCE] else \
            f"seats {', '.join(map(str, movers))} may act now"
        raise IllegalAction(f"seat {act.seat} may not act now: {who}", decision_rule(state))
    legal = state.legal_actions(act.seat)
    for x in legal:  # agents hand back the very objects they were offered: identity first
        if x is act:
            return
    problem = malformed(act)
    if problem:
        raise IllegalAction(f"not an action of Fuji: {problem}")
    if act not in legal:
        try:
            reason = explain(state, act)
        except (IndexError, KeyError, TypeError, ValueError):  # ids outside the board or content
            reason = f"{act} is not an action of this game"
        raise IllegalAction(reason, rule_for(state, act))


def _check_chance(state: FujiState, act: FujiAction) -> None:
    """A chance outcome is legal when it is one of the pending chance point's outcomes (§18)."""
    if not state.chance:
        raise IllegalAction("no dice or cards are pending now", "§18")
    kind, arg = state.chance[0]
    verb, args, ids = act.verb, act.args, act.ids
    if kind == ROLL_DIE and verb == "roll" and type(args) is tuple and len(args) == 2 and type(args[0]) is int \
            and type(args[1]) is int and args[0] == arg and 1 <= args[1] <= 6 and ids == ():
        return
    if type(args) is tuple and len(args) == 1 and args[0] == arg and type(ids) is tuple and len(ids) == 1:
        content = state.table.content
        card = content.terrain_by_id.get(ids[0], -1) if type(ids[0]) is str else -1
        if kind == PLACE_TERRAIN and verb == "place" and card >= 0 and card not in state.card_at \
                and content.terrain[card].kind == ("village" if state.table.board.is_village(arg) else "landscape"):
            return
        card = content.equipment_by_id.get(ids[0], -1) if type(ids[0]) is str else -1
        if kind == DRAW_EQUIPMENT and verb == "draw" and card >= 0 and state.card_location[card] == BAG:
            return
    problem = malformed(act)
    if problem:
        raise IllegalAction(f"not a chance outcome of Fuji: {problem}")
    if all(outcome != act for outcome, _ in state.chance_outcomes()):
        raise IllegalAction(f"{act} is not a possible outcome now", "§18")


def decision_rule(state: FujiState) -> str:
    """The rule of what the table waits for: the pending decision's, else the phase's."""
    if state.decisions:
        return state.decisions[-1].rule
    return PHASE_RULES[state.phase]


def rule_for(state: FujiState, act: FujiAction) -> str:
    """The rule a refused `act` breaks."""
    if state.decisions:
        return decision_rule(state)
    if planning.remark_refused(state, act):
        return REMARK_RULE
    return VERB_RULES.get(act.verb, decision_rule(state))


def explain(state: FujiState, act: FujiAction) -> str:
    """Why an action is illegal now, in words (the § comes from `rule_for`)."""
    verb = act.verb
    if state.decisions:
        return state.decisions[decisions.decision_for(state, act.seat)].refusal(state, act)
    if verb == "mark" and state.phase == PLAN:
        return _explain_mark(state, act)
    if verb == "ready" and state.phase == PLAN:
        return "place your destination marker before you are ready"
    if verb == "use":
        return _explain_use(state, act)
    if verb in ("reroll", "stop", "aside") and state.phase == REROLL:
        return f"{act} is not an allowed reroll choice now"
    if verb == "hint":
        return "that hint was already given this phase, or is not a hint you can give"
    return f"{act} is not legal in phase {PHASE_NAMES[state.phase]}"


def _explain_mark(state: FujiState, act: FujiAction) -> str:
    """A refused destination marker (§7.1–§7.3, decision 0011)."""
    e, cell = act.args
    if e not in state.explorers_of(act.seat):
        return f"seat {act.seat} does not place meeple {e}'s marker"
    if planning.remark_refused(state, act):
        return (f"seat {act.seat} has moved its placed markers {state.remarks[act.seat]} times in this "
                f"phase 2, the most a seat may ({REMARK_LIMIT}, an engine limit so planning ends): "
                f"meeple {e}'s marker stays on {cell_name(state.destination[e])}")
    table = state.table
    if any(state.destination[n] == cell for n in table.neighbours[e] if n < table.explorers):
        return f"a neighbour's marker is already on {cell_name(cell)}; neighbours may not share a destination"
    if cell in [c for c, _d in geo.reach(table.board, state.lava, state.position[e], state.allowance(e))]:
        return (f"{cell_name(cell)} is the only card a neighbour can still choose; neighbours may not "
                "share a destination")
    return f"{cell_name(cell)} is not a card meeple {e} can reach within {state.allowance(e)} steps"


def _explain_use(state: FujiState, act: FujiAction) -> str:
    """A refused use of equipment (§9, §10.6)."""
    index = state.table.content.equipment_by_id.get(act.ids[0], -1) if len(act.ids) == 3 else -1
    if index < 0:
        return f"{act} names no equipment card"
    card = state.table.content.equipment[index]
    e = state.card_location[index]
    if e < 0 or state.table.ctrl[e] != act.seat:
        return f"you do not hold {card.id}"
    if not state.injury_modifier(e, abilities.MAY_USE_EQUIPMENT, 1):
        return "a broken arm stops you using equipment (§10.6)"
    if state.card_usable_from[index] > state.round:
        return f"{card.id} was drawn this round; it may be used from the next round (§9.4)"
    return f"{card.id} cannot be used like that in phase {state.phase}"
