"""Quests, winning and losing (discover.md §13, §16.8, §17.12, §17.24 rule 4).

A quest requirement is a mapping in the vocabulary of §17.24 rule 4. Its *group* keys are met once, by anyone,
since the card became the current quest: `investigate` (an Investigate action in landmark N's space, §16.8),
`defeat` (enemy N defeated), `craft` (item N crafted), `pay` (resources paid at camp, `per_player` times the
number-of-players icon, §13.4; `pay_any` N `of` several resources in any mix). Its *survivor* keys say who
qualifies: `hold_item`, `hold_trait`, `at_landmark` (with `within`: at most that many spaces from it),
`at_objective`. With `at_landmark`, an item key asks for a bearer standing on the landmark, and then everyone within
reach qualifies (decision 0018); a card with `nights` keeps that place lit for latecomers. With outcome `advance`
the next stage becomes current once the group keys are met and someone qualifies; with `win` every qualifying
survivor wins at once, one at a time from the tribe leader (§13.2 AUTHORED timing). `last_standing` is Scenario
5's card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import DiscoverAction, act
from .decisions import Step
from .exploring import landmark_spaces, printed
from .terms import CASUALTY, PLAYING, RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState

MARKS = ("investigate", "defeat", "craft")
"""Group requirement keys met by something happening (recorded by `note`)."""
SURVIVOR_KEYS = ("hold_item", "hold_trait", "at_landmark", "at_objective")


def note(state: DiscoverState, kind: str, number: int) -> None:
    """Record that something a quest may ask for happened: an investigation, a defeat, a craft (§13.1)."""
    mark = MARKS.index(kind) * 1000 + number
    if mark not in state.quest_done:
        state.quest_done.append(mark)


def requirement(state: DiscoverState) -> dict[str, Any]:
    if state.quest < 0:
        return {}
    req = state.copy.quests[state.quest].requirement
    return dict(req) if isinstance(req, dict) else {}


def pay_goal(state: DiscoverState) -> list[int]:
    """Resources the current quest still asks the group to pay, by type (§17.12 2.1, §13.4). With `pay_any`
    (any mix of the resources `of` names: "wood and stone equal to 3 × the icon"), each of them shows what is
    still owed in all."""
    whole = requirement(state)
    icon = state.started if whole.get("per_player") else 1
    if "pay_any" in whole:
        kinds = [RESOURCES.index(r) for r in whole.get("of", [])]
        owed = max(0, int(whole["pay_any"]) * icon - sum(state.quest_paid[r] for r in kinds))
        return [owed if r in kinds else 0 for r in range(len(RESOURCES))]
    req = whole.get("pay")
    if not req:
        return [0] * len(RESOURCES)
    return [max(0, (req.get(r, 0) or 0) * icon - state.quest_paid[i]) for i, r in enumerate(RESOURCES)]


def group_met(state: DiscoverState, req: dict[str, Any]) -> bool:
    for key in MARKS:
        if key in req and MARKS.index(key) * 1000 + int(req[key]) not in state.quest_done:
            return False
    return not any(pay_goal(state)) if "pay" in req or "pay_any" in req else True


def _landmark_spaces(state: DiscoverState, req: dict[str, Any]) -> list[int]:
    return [s for n, s in landmark_spaces(state) if n == req["at_landmark"]]


def _holds(state: DiscoverState, seat: int, req: dict[str, Any]) -> bool:
    cards = state.copy.cards
    items = state.items_of(seat)
    if "hold_item" in req and all(cards[c].number != req["hold_item"] for c in items):
        return False
    return not ("hold_trait" in req and all(req["hold_trait"] not in cards[c].traits for c in items))


def qualifies(state: DiscoverState, seat: int, req: dict[str, Any]) -> bool:
    """Whether a survivor meets the quest's survivor keys (§17.24 rule 4 vocabulary).

    With `at_landmark`, the item keys ask for a *bearer*: someone holding it in the landmark's space (checked by
    `bearer_present`), and every survivor within `within` spaces of the landmark qualifies — the cooperative
    finale of §17.12. Without it, each survivor must hold the item itself.
    """
    here = state.position[seat]
    if "at_landmark" in req:
        reach = int(req.get("within", 0) or 0)
        if state.signal > 0 and state.signal_space >= 0:
            return state.board.distance(here, state.signal_space) <= reach
        if not any(state.board.distance(here, s) <= reach for s in _landmark_spaces(state, req)):
            return False
    elif not _holds(state, seat, req):
        return False
    if "at_objective" in req:
        p = printed(state, here)
        if p is None or p.objective != req["at_objective"]:
            return False
    return True


def bearer_present(state: DiscoverState, req: dict[str, Any]) -> bool:
    """With `at_landmark` and an item key: some survivor holding it stands on the landmark (or a signal it lit
    still burns, §17.12 2.3)."""
    if "at_landmark" not in req or not ("hold_item" in req or "hold_trait" in req):
        return True
    if state.signal > 0:
        return True
    spaces = _landmark_spaces(state, req)
    return any(state.position[s] in spaces and _holds(state, s, req) for s in state.survivors())


@dataclass(frozen=True, slots=True)
class QuestCheck(Step):
    """Check the current quest after an action, a night step or a combat (§13.2 AUTHORED timing)."""

    kind = "check the quest"
    rule = "§13.2"

    def proceed(self, state: DiscoverState) -> None:
        check_quest(state)


def check_quest(state: DiscoverState) -> None:
    from .damage import win

    if state.quest < 0:
        return
    quest = state.copy.quests[state.quest]
    req = requirement(state)
    if req.get("last_standing"):
        _last_standing(state)
        return
    if not group_met(state, req) or not bearer_present(state, req):
        return
    has_survivor_keys = any(k in req for k in SURVIVOR_KEYS)
    ready = [s for s in state.in_turn_order() if not has_survivor_keys or qualifies(state, s, req)]
    if quest.outcome == "advance":
        if ready:
            advance_quest(state)
        return
    if ready and req.get("nights") and state.signal == 0 and "at_landmark" in req:
        state.signal = int(req["nights"])
        state.signal_space = _landmark_spaces(state, req)[0]
        state.log("quest", f"The signal is lit; it burns for {state.signal} nights (§17.12).")
    for seat in ready:
        win(state, seat)


def _last_standing(state: DiscoverState) -> None:
    """Scenario 5: the last survivor left on the map wins; if the last fall together nobody wins (§17.12)."""
    from .damage import win

    alive = state.survivors()
    if len(alive) == 1 and state.started > 1:
        for seat in range(state.seats):
            if state.status[seat] == CASUALTY and state.result[seat] == "eliminated":
                state.result[seat] = "outlasted"
        win(state, alive[0], "last_standing")


def advance_quest(state: DiscoverState) -> None:
    """The next stage becomes the current quest; the old card leaves play (§13.1)."""
    from .effects import QUEST_REVEAL, run

    old = state.copy.quests[state.quest]
    nxt = next((q for q in state.copy.quests if q.scenario == old.scenario and q.stage == old.stage + 1), None)
    if nxt is None:
        return
    state.quest = nxt.id
    state.quest_done = []
    state.quest_paid = [0] * len(RESOURCES)
    state.journal.append(-1000 - nxt.id)
    state.log("quest", f"Quest {nxt.code} {nxt.name}: {nxt.text}")
    leader = state.tribe_leader if state.status[state.tribe_leader] == PLAYING else \
        (state.survivors() or [0])[0]
    state.decisions.append(QuestCheck(-1))
    run(state, leader, QUEST_REVEAL, nxt.id)


def pay_actions(state: DiscoverState, seat: int) -> list[DiscoverAction]:
    """At camp, a survivor may pay a resource toward the quest's `pay` (§17.12 2.1; AUTHORED: free, any split)."""
    from .carrying import amount

    req = requirement(state)
    if "pay" not in req and "pay_any" not in req:
        return []
    at = req.get("at", "camp")
    if at == "camp" and state.position[seat] != state.board.camp:
        return []
    goal = pay_goal(state)
    return [act(seat, "pay", RESOURCES[r]) for r in range(len(RESOURCES)) if goal[r] and amount(state, seat, r)]


def do_pay(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    from .carrying import spend

    r = RESOURCES.index(action.args[0])
    spend(state, seat, r, 1)
    state.quest_paid[r] += 1
    goal = pay_goal(state)
    left = max(goal) if "pay_any" in requirement(state) else sum(goal)
    state.log("quest", f"Seat {seat} pays 1 {RESOURCES[r]} toward the quest ({left} still to pay).")
