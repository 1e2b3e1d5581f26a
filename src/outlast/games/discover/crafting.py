"""Craft, and the project cards (discover.md §7.6, §17.9, §17.20 items 6, 7 and 18).

Project cards in a hand are private (§18.5); faceup projects belong to no one. The project deck is an
undetermined bag: a draw is a chance point over the cards left in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import flow
from .carrying import spend, totals
from .copy import table
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
    """Projects `seat` may craft now, in id order: in its hand or faceup, its resources held, at a lit fire if the
    project shows one (§7.6)."""
    copy = state.copy
    cheapest, most = copy.derived[_bounds]
    if sum(state.supplies[seat]) + most * len(state.kept_tokens[seat]) < cheapest:
        return []  # not even the cheapest project's resources are held
    held = totals(state, seat)
    have = sum(held)
    projects, needs = copy.projects, copy.derived[_resources_needed]
    paid: list[int] = []
    fire = -1  # whether the survivor stands at a lit fire, read when a project first asks
    for p in sorted({*state.hand[seat], *state.projects_faceup}):
        if needs[p] > have:  # more resources in all than the survivor holds: out before their types are read
            continue
        project = projects[p]
        for r, n in project.cost:
            if held[r] < n:
                break
        else:
            if project.fire:
                if fire < 0:
                    fire = at_fire(state, state.position[seat])
                if not fire:
                    continue
            paid.append(p)
    return paid


@table
def _resources_needed(copy: Any) -> tuple[int, ...]:
    """Each project's cost in resources of all types together, by project id."""
    return tuple(sum(n for _, n in project.cost) for project in copy.projects)


@table
def _bounds(copy: Any) -> tuple[int, int]:
    """(the fewest resources any project costs in all, the most resources one feature token shows)."""
    return (min(copy.derive(_resources_needed), default=0), max((len(f.resources) for f in copy.features), default=0))


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
