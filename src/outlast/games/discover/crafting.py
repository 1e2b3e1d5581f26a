"""Craft, and the project cards (discover.md §7.6, §17.9, §17.20 items 6, 7 and 18).

Project cards in a hand are private (§18.5); faceup projects belong to no one. The project deck is an
undetermined bag: a draw is a chance point over the cards left in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import flow
from .carrying import spend, totals
from .exploring import at_fire
from .numbered import gain_item
from .terms import DECK, RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState


def draw_projects(state: DiscoverState, seat: int, n: int) -> None:
    """Draw `n` project cards into `seat`'s hand; an empty deck draws nothing (§7.6, §17.20 item 7); Scenario 5
    never draws (§15.1)."""
    if state.scenario == 5:
        state.log("fizzle", "Nobody draws project cards in Scenario 5 (§15.1).")
        return
    for _ in range(min(n, len(state.projects_deck))):
        flow.queue(state, flow.PROJECT, seat)


def craftable(state: DiscoverState, seat: int) -> list[int]:
    """Projects `seat` may craft now: in its hand or faceup, at a fire if it shows one, resources in hand (§7.6).
    The answer for given resources and projects is worked out once per copy (`_afford`); do not change the list."""
    cheapest, most = state.copy.derived[_bounds]
    if sum(state.supplies[seat]) + most * len(state.kept_tokens[seat]) < cheapest:
        return []  # not even the cheapest project's resources are held
    held = tuple(totals(state, seat))
    key = (held, *state.hand[seat], -1, *state.projects_faceup)
    memo: Affordable = state.copy.derived[_affordable]
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _afford(state.copy, held, {*state.hand[seat], *state.projects_faceup})
    paid, at_a_fire = found
    if not at_a_fire or at_fire(state, state.position[seat]):
        return paid
    return [p for p in paid if p not in at_a_fire]


Affordable = dict[tuple[object, ...], tuple[list[int], frozenset[int]]]
"""`_afford`'s answers by (the resources held, then the hand's project ids, -1 and the faceup ones)."""

MEMO_LIMIT = 256
"""How many (resources held, projects open) answers of `_afford` a copy keeps before it starts afresh: about 0.6 kB
each, so a full memo is about 0.15 MB (4096 reached megabytes, for 49 rather than 67 misses per 1,000 actions)."""


def _affordable(copy: Any) -> Affordable:
    """The memo of `_afford` kept on a copy, by (resources held, the hand's projects, -1, the faceup ones)."""
    return {}


def _afford(copy: Any, held: tuple[int, ...], open_projects: set[int]) -> tuple[list[int], frozenset[int]]:
    """Of `open_projects`, those whose resources `held` covers, in id order, and which of them show a fire (§7.6):
    what `craftable` answers, away from a fire less those. The caller must not change the list."""
    projects, needs, have = copy.projects, copy.derived[_resources_needed], sum(held)
    # a project costing more resources in all than the survivor holds is out before its types are read
    paid = [p for p in sorted(open_projects) if needs[p] <= have and all(held[r] >= n for r, n in projects[p].cost)]
    return paid, frozenset(p for p in paid if projects[p].fire)


def _resources_needed(copy: Any) -> tuple[int, ...]:
    """Each project's cost in resources of all types together, by project id."""
    return tuple(sum(n for _, n in project.cost) for project in copy.projects)


def _bounds(copy: Any) -> tuple[int, int]:
    """(the fewest resources any project costs in all, the most resources one feature token shows)."""
    return (min(copy.derived[_resources_needed], default=0), max((len(f.resources) for f in copy.features), default=0))


def craft(state: DiscoverState, seat: int, project: int) -> None:
    """Craft a project: pay its resources, take its item with fresh counters; from the hand it goes faceup and
    its owner draws a new project (§7.6). With no copy in the deck: §17.20 items 6 and 18."""
    data = state.copy.projects[project]
    for r, n in data.cost:
        spend(state, seat, r, n)
    cost = ", ".join(f"{n} {RESOURCES[r]}" for r, n in data.cost)
    state.log("craft", f"Seat {seat} crafts {data.name} for {cost}.")
    cards = state.copy.cards
    copies = [c for c, place in enumerate(state.card_place) if place == DECK and cards[c].number == data.item]
    mine = [c for c in state.items_of(seat) if cards[c].number == data.item]
    if copies:
        gain_item(state, seat, copies[0])
    elif mine:
        state.card_counters[mine[0]] = cards[mine[0]].counters
        state.log("craft", f"Seat {seat} holds the only copy of item #{data.item}: it is taken again with fresh "
                           "counters (§17.20 item 6).")
    else:
        state.log("craft", f"No copy of item #{data.item} is left to take: nothing is gained (§17.20 item 6).")
    note(state, "craft", data.item)
    if project in state.hand[seat]:
        state.hand[seat].remove(project)
        state.projects_faceup.append(project)
        state.projects_faceup.sort()
        state.log("project", f"The project {data.name} goes faceup for everyone (§7.6).")
        draw_projects(state, seat, 1)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .quests import note  # noqa: E402
