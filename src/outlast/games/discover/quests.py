"""Quests, winning and losing (discover.md §13, §16.8, §17.12, §17.24 rule 4).

A quest requirement is a mapping in the vocabulary of §17.24 rule 4. Its *group* keys are met once, by anyone,
since the card became the current quest: `investigate` (an Investigate action in landmark N's space, §16.8),
`defeat` (enemy N defeated), `craft` (item N crafted), `pay` (resources paid at camp, `per_player` times the
number-of-players icon, §13.4; `pay_any` N `of` several resources in any mix). Its *survivor* keys say who
qualifies: `hold_item`, `hold_trait`, `at_landmark` (with `within`: at most that many spaces from it),
`at_objective`, read once as a `goals.Goal`, the same one the card's text is written from (§0.3). With a place, an
item key asks for a bearer standing on it, and then everyone within reach qualifies (decision 0018); a card with
`nights` keeps that place lit for latecomers. With outcome `advance`
the next stage becomes current once the group keys are met and someone qualifies; with `win` every qualifying
survivor wins at once, one at a time from the tribe leader (§13.2 AUTHORED timing). `last_standing` is Scenario
5's card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import DiscoverAction, act
from .carrying import amount, spend
from .copy import table
from .damage import win
from .decisions import Step
from .effects import QUEST_REVEAL, run
from .exploring import landmark_spaces, printed
from .goals import Goal, goal_of
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
    if state.quest < 0:
        return [0] * len(RESOURCES)
    gate = state.copy.derived[_gates][state.quest]
    icon = state.started if gate.per_player else 1
    paid = state.quest_paid
    if gate.pay_any >= 0:
        mix = gate.mix
        owed = max(0, gate.pay_any * icon - sum(n for n, counts in zip(paid, mix, strict=True) if counts))
        return [owed if counts else 0 for counts in mix]
    return [max(0, n * icon - p) for n, p in zip(gate.amounts, paid, strict=True)]


def group_met(state: DiscoverState, req: dict[str, Any]) -> bool:
    for key in MARKS:
        if key in req and MARKS.index(key) * 1000 + int(req[key]) not in state.quest_done:
            return False
    return not any(pay_goal(state)) if "pay" in req or "pay_any" in req else True


def goal_spaces(state: DiscoverState, goal: Goal) -> list[int]:
    """The spaces of the goal's place on the map: its landmark's, or those printed with its objective icon."""
    if goal.place == "landmark":
        return [s for n, s in landmark_spaces(state) if n == goal.number]
    if goal.place == "objective":
        return [space for space in range(state.board.size)
                if (p := printed(state, space)) is not None and p.objective == goal.number]
    return []


def _holds(state: DiscoverState, seat: int, goal: Goal) -> bool:
    cards = state.copy.cards
    items = state.items_of(seat)
    if goal.item and all(cards[c].number != goal.item for c in items):
        return False
    return not (goal.trait and all(goal.trait not in cards[c].traits for c in items))


def qualifies(state: DiscoverState, seat: int, req: dict[str, Any]) -> bool:
    """Whether a survivor meets the quest's survivor keys, read as the `Goal` its card text words (§0.3, §13.2,
    §17.24 rule 4 vocabulary).

    With a place and an item, the item asks for a *bearer* (`bearer_present`) and every survivor within the goal's
    reach of the place qualifies — the cooperative finale of §17.12; while a lit signal burns, its reach is
    measured from the signal's space. Without a place, each survivor must hold the item itself.
    """
    goal = goal_of(req)
    here = state.position[seat]
    if goal.place:
        if goal.nights and state.signal > 0 and state.signal_space >= 0:
            return state.board.distance(here, state.signal_space) <= goal.reach
        return any(state.board.distance(here, s) <= goal.reach for s in goal_spaces(state, goal))
    return _holds(state, seat, goal)


def bearer_spaces(state: DiscoverState, req: dict[str, Any]) -> list[int]:
    """The goal's spaces where a survivor holding its item stands (§17.12)."""
    goal = goal_of(req)
    spaces = goal_spaces(state, goal)
    return [state.position[s] for s in state.survivors() if state.position[s] in spaces and _holds(state, s, goal)]


def bearer_present(state: DiscoverState, req: dict[str, Any]) -> bool:
    """With a place and an item: some survivor holding it stands on the place, or a signal it lit still burns
    (§17.12 2.3)."""
    goal = goal_of(req)
    if not goal.bearer:
        return True
    if goal.nights and state.signal > 0:
        return True
    return bool(bearer_spaces(state, req))


@dataclass(frozen=True, slots=True)
class QuestCheck(Step):
    """Check the current quest after an action, a night step or a combat (§13.2 AUTHORED timing)."""

    kind = "check the quest"
    rule = "§13.2"

    def proceed(self, state: DiscoverState) -> None:
        check_quest(state)


@dataclass(frozen=True, slots=True)
class Gate:
    """What a quest's requirement asks first, read once per copy: Scenario 5's `last_standing`, the marks of its
    group keys (`note`), whether it asks for payment and where (§13.1, §17.12, §17.24 rule 4)."""

    last_standing: bool
    marks: tuple[int, ...]
    pays: bool
    at_camp: bool
    per_player: bool
    """The payment is that many times the number-of-players icon (§13.4)."""
    pay_any: int
    """`pay_any`'s total of the `mix` resources in any mix, or -1 when the card names each resource's amount."""
    mix: tuple[bool, ...]
    """By resource: one the `pay_any` total may be paid in."""
    amounts: tuple[int, ...]
    """By resource: `pay`'s amount of it (0 when not asked)."""
    mixed: tuple[int, ...] = ()
    """The resources `mix` marks, by index."""
    asked: tuple[tuple[int, int], ...] = ()
    """(resource, amount) of each resource `amounts` asks for."""


@table
def _gates(copy: Any) -> tuple[Gate, ...]:
    """Each quest's `Gate`, by quest id."""
    out = []
    for quest in copy.quests:
        req = quest.requirement if isinstance(quest.requirement, dict) else {}
        marks = tuple(MARKS.index(key) * 1000 + int(req[key]) for key in MARKS if key in req)
        kinds = {RESOURCES.index(r) for r in req.get("of", [])} if "pay_any" in req else set()
        pay = req.get("pay") or {}
        amounts = tuple(pay.get(r, 0) or 0 for r in RESOURCES)
        out.append(Gate(bool(req.get("last_standing")), marks, "pay" in req or "pay_any" in req,
                        req.get("at", "camp") == "camp", bool(req.get("per_player")),
                        int(req["pay_any"]) if "pay_any" in req else -1,
                        tuple(r in kinds for r in range(len(RESOURCES))), amounts,
                        tuple(sorted(kinds)), tuple((r, n) for r, n in enumerate(amounts) if n)))
    return tuple(out)


def _owing(state: DiscoverState, gate: Gate) -> Sequence[int]:
    """The resources the quest's payment still asks for, by index (§17.12 2.1, §13.4): the resources `pay_goal`
    shows non-zero, without the amounts. With `pay_any`, every resource of the mix while the total is owed."""
    icon = state.started if gate.per_player else 1
    paid = state.quest_paid
    if gate.pay_any >= 0:
        return gate.mixed if gate.pay_any * icon > sum(map(paid.__getitem__, gate.mixed)) else ()
    return [r for r, n in gate.asked if n * icon > paid[r]]


def _owed(state: DiscoverState, gate: Gate) -> bool:
    """Whether anything of the quest's payment is still owed: `any(pay_goal(state))` without the list."""
    return bool(_owing(state, gate))


def check_quest(state: DiscoverState) -> None:
    """Win or advance when the current quest is met (§13.2). Most checks end at its group marks, read from the
    quest's `Gate` without building the requirement."""
    if state.quest < 0:
        return
    gate = state.copy.derived[_gates][state.quest]
    if gate.last_standing:
        _last_standing(state)
        return
    done = state.quest_done
    for mark in gate.marks:
        if mark not in done:
            return
    if gate.pays and _owed(state, gate):
        return
    quest = state.copy.quests[state.quest]
    req = requirement(state)
    if not group_met(state, req) or not bearer_present(state, req):
        return
    has_survivor_keys = any(k in req for k in SURVIVOR_KEYS)
    ready = [s for s in state.in_turn_order() if not has_survivor_keys or qualifies(state, s, req)]
    if quest.outcome == "advance":
        if ready:
            advance_quest(state)
        return
    goal = goal_of(req)
    if ready and goal.nights and state.signal == 0:
        state.signal = goal.nights
        state.signal_space = bearer_spaces(state, req)[0]
        state.log("quest", f"The signal is lit; it burns for {state.signal} nights (§17.12).")
    for seat in ready:
        win(state, seat)


def _last_standing(state: DiscoverState) -> None:
    """Scenario 5: the last survivor left on the map wins; if the last fall together nobody wins (§17.12)."""
    if state.status.count(PLAYING) != 1:  # checked after every action: most often several are still playing
        return
    alive = state.survivors()
    if len(alive) == 1 and state.started > 1:
        for seat in range(state.seats):
            if state.status[seat] == CASUALTY and state.result[seat] == "eliminated":
                state.result[seat] = "outlasted"
        win(state, alive[0], "last_standing")


def advance_quest(state: DiscoverState) -> None:
    """The next stage becomes the current quest; the old card leaves play (§13.1)."""
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
    if state.quest < 0:
        return []
    gate = state.copy.derived[_gates][state.quest]
    if not gate.pays or (gate.at_camp and state.position[seat] != state.board.camp):
        return []
    return [act(seat, "pay", RESOURCES[r]) for r in _owing(state, gate) if amount(state, seat, r)]


def do_pay(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    r = RESOURCES.index(action.args[0])
    spend(state, seat, r, 1)
    state.quest_paid[r] += 1
    goal = pay_goal(state)
    left = max(goal) if "pay_any" in requirement(state) else sum(goal)
    state.log("quest", f"Seat {seat} pays 1 {RESOURCES[r]} toward the quest ({left} still to pay).")
