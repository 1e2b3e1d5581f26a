"""Resources, double tokens, items and the carry limit (discover.md §8, §9.3, §9.8).

A survivor's resources are supply tokens (`supplies`, by type) and resource-faced feature tokens
(`kept_tokens`, one or two resources each). Spending takes supply tokens first, then single feature tokens,
then splits a double token with the change coming back as a supply token (§8.1; which token is spent is
AUTHORED: docs/decisions/0018-discover-rules.md). Spent and dropped feature tokens go to their back's discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .abilities import passive, passive_table
from .actions import DiscoverAction, act, space_name
from .copy import table
from .decisions import DiscoverDecision, Step
from .terms import CARRY_LIMIT, DIRTY_WATER, FEATURE, ITEM, PLAYING, RESOURCE, RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState


def amount(state: DiscoverState, seat: int, resource: int) -> int:
    """How many of `resource` the survivor can spend (§8.1)."""
    n = state.supplies[seat][resource]
    features = state.copy.features
    for token in state.kept_tokens[seat]:
        n += features[token].resources.count(resource)
    return n


def totals(state: DiscoverState, seat: int) -> list[int]:
    """Every resource the survivor holds, by type."""
    out = state.supplies[seat][:]
    features = state.copy.features
    for token in state.kept_tokens[seat]:
        for r in features[token].resources:
            out[r] += 1
    return out


def gain(state: DiscoverState, seat: int, resource: int, n: int = 1) -> None:
    """Take `n` resource tokens of a type from the (unlimited) supply (§3.5, §7.3)."""
    if n > 0:
        state.supplies[seat][resource] += n


def spend(state: DiscoverState, seat: int, resource: int, n: int = 1) -> int:
    """Spend up to `n` of a resource (all one can, §14.1 item 3); returns how many were spent.

    Spending dirty water marks a dirty-water risk for the spender (§8.5), resolved when the action ends.
    """
    spent = 0
    supplies = state.supplies[seat]
    while spent < n and supplies[resource] > 0:
        supplies[resource] -= 1
        spent += 1
    features = state.copy.features
    kept = state.kept_tokens[seat]
    for double in (False, True):
        for token in list(kept):
            if spent >= n:
                break
            faces = features[token].resources
            if resource not in faces or (len(faces) > 1) != double:
                continue
            kept.remove(token)
            state.feature_discard[features[token].back].append(token)
            spent += 1
            if double:
                rest = list(faces)
                rest.remove(resource)
                if spent < n and rest[0] == resource:
                    spent += 1
                else:
                    supplies[rest[0]] += 1
    if resource == DIRTY_WATER and spent:
        state.dirty_pending[seat] += spent
    return spent


def lose(state: DiscoverState, seat: int, resource: int, n: int) -> int:
    """Discard up to `n` of a resource to an effect: like spending, but dirty water so lost carries no risk (§8.5)."""
    before = state.dirty_pending[seat]
    lost = spend(state, seat, resource, n)
    state.dirty_pending[seat] = before
    return lost


def split_token(state: DiscoverState, seat: int, token: int) -> None:
    """Swap a double token for two single supply tokens; it can never be put back together (§8.1)."""
    state.kept_tokens[seat].remove(token)
    feature = state.copy.features[token]
    state.feature_discard[feature.back].append(token)
    for r in feature.resources:
        state.supplies[seat][r] += 1
    state.log("split", f"Seat {seat} splits a double token into {' and '.join(RESOURCES[r] for r in feature.resources)}.")


@table
def _carriers(copy: Any) -> tuple[tuple[int, int], ...]:
    return tuple((c.id, c.carry) for c in copy.cards if c.carry)


def carry_capacity(state: DiscoverState, seat: int) -> int:
    """Resources the survivor's items can carry, off the limit (§8.4)."""
    place = state.card_place
    return sum(n for c, n in state.copy.derived[_carriers] if place[c] == seat)


def carried(state: DiscoverState, seat: int) -> int:
    """What counts toward the carry limit: tokens and items, less resources on carrier items (§8.3, §8.4)."""
    tokens = sum(state.supplies[seat]) + len(state.kept_tokens[seat])
    items = len(state.held()[seat])
    capacity = carry_capacity(state, seat)
    if not capacity:
        return tokens + items
    return tokens + items - min(capacity, sum(totals(state, seat)))


def carry_limit(state: DiscoverState, seat: int) -> int:
    """10, plus what a passive ability adds (§8.3)."""
    return CARRY_LIMIT + passive(state, seat, "carry_limit")


@table
def _lowest_limit(copy: Any) -> int:
    """The carry limit no survivor of a copy can fall below: 10 plus every negative `carry_limit` answer."""
    answers = copy.derive(passive_table).get("carry_limit", ())
    return CARRY_LIMIT + sum(min(0, int(a.amount)) for _, _, a in answers)


def over_limits(state: DiscoverState) -> list[int]:
    """The survivors on the map who carry more than their limit (§8.3), in seat order: `over_limit` of each, with
    its quick count (tokens and items under the lowest limit the copy allows) done here for all of them."""
    lowest = state.copy.derived[_lowest_limit]
    status, supplies, kept, held = state.status, state.supplies, state.kept_tokens, state.held()
    over: list[int] = []
    for seat in range(state.seats):
        if status[seat] == PLAYING and sum(supplies[seat]) + len(kept[seat]) + len(held[seat]) > lowest \
                and carried(state, seat) > carry_limit(state, seat):
            over.append(seat)
    return over


def over_limit(state: DiscoverState, seat: int) -> bool:
    """Whether the survivor carries more than its limit (§8.3). Tokens and items bound what it carries, so
    when they fit under the lowest limit the copy allows, neither the carriers nor the abilities are read."""
    if sum(state.supplies[seat]) + len(state.kept_tokens[seat]) + len(state.held()[seat]) \
            <= state.copy.derived[_lowest_limit]:
        return False
    return carried(state, seat) > carry_limit(state, seat)


def is_quest_item(state: DiscoverState, card: int) -> bool:
    return "Quest Item" in state.copy.cards[card].traits


def return_card(state: DiscoverState, card: int) -> None:
    """A numbered card goes back into its deck in numeric order, its counters removed (§5.8, §9.2)."""
    state.place_card(card, -1)
    state.card_counters[card] = 0


def return_items(state: DiscoverState, seat: int) -> None:
    """Every item the survivor holds goes back to its deck (winning, §13.2)."""
    for card in state.items_of(seat):
        return_card(state, card)


def trim_options(state: DiscoverState, seat: int) -> list[DiscoverAction]:
    """What the survivor may give up to get back under the limit (§8.3): resources, feature tokens, non-Quest items."""
    out = [act(seat, "drop", RESOURCES[r]) for r in range(len(RESOURCES)) if state.supplies[seat][r]]
    out += [act(seat, "drop", f"t{token}") for token in sorted(state.kept_tokens[seat])]
    out += [act(seat, "discard", f"#{state.copy.cards[c].number}") for c in state.items_of(seat)
            if not is_quest_item(state, c)]
    return out


def drop(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Drop a resource (resource side up) in the survivor's space, or discard an item to its deck (§8.3)."""
    space = state.position[seat]
    word = action.args[0]
    if action.verb == "discard":
        number = int(word[1:])
        card = next(c for c in state.items_of(seat) if state.copy.cards[c].number == number)
        return_card(state, card)
        state.log("discard", f"Seat {seat} discards {state.copy.cards[card].name} over the carry limit (§8.3).")
    elif word[:1] == "t" and word[1:].isdigit():
        token = int(word[1:])
        state.kept_tokens[seat].remove(token)
        state.pieces.append((FEATURE, space, token, -1))
        state.log("drop", f"Seat {seat} drops a resource token in {space_name(space)} (§8.3).")
    else:
        r = RESOURCES.index(word)
        state.supplies[seat][r] -= 1
        state.pieces.append((RESOURCE, space, r, -1))
        state.log("drop", f"Seat {seat} drops 1 {word} in {space_name(space)} (§8.3).")


@dataclass(frozen=True, slots=True)
class Trim(DiscoverDecision):
    """Over the carry limit at the end of an action: give things up until 10 or fewer remain (§8.3, §18.4)."""

    kind = "trim to the carry limit"
    rule = "§8.3"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return trim_options(state, seat)

    def resolve(self, state: Any, action: Any) -> None:
        drop(state, self.seat, action)
        if over_limit(state, self.seat) and trim_options(state, self.seat):
            state.decisions.append(self)

    def text(self, state: Any) -> str:
        return (f"You carry {carried(state, self.seat)}, over your limit of {carry_limit(state, self.seat)}: "
                "drop a resource or discard an item.")


@dataclass(frozen=True, slots=True)
class TrimNow(Step):
    """A reward just gained (a defeated enemy's, a Scenario 5 steal) put a survivor over the carry limit: it trims
    at once, before the action goes on to its free gather (§8.3 "at any other time", decision 0018)."""

    kind = "trim after a reward"
    rule = "§8.3"

    def proceed(self, state: DiscoverState) -> None:
        order = [self.seat] + [s for s in state.in_turn_order() if s != self.seat]
        for seat in reversed(order):
            if state.status[seat] == PLAYING and over_limit(state, seat) and trim_options(state, seat):
                state.decisions.append(Trim(seat))


def held_item_numbers(state: DiscoverState, seat: int) -> list[int]:
    return [state.copy.cards[c].number for c in state.items_of(seat)]


def is_item(state: DiscoverState, card: int) -> bool:
    return state.copy.cards[card].kind == ITEM
