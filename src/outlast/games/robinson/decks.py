"""Cards and zones: discards, the Event deck, the Hunting deck and deck bags (robinson-crusoe.md §2.2, §5.3, §8.7, §8.10, §26.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from outlast.core import CHANCE, State
from outlast.core.rng import RandomLike, peek_below

from .actions import RobinsonAction
from .constants import (
    CH_HUNT,
    CH_TRACK,
    Z_ADVD_B,
    Z_ADVD_E,
    Z_ADVD_G,
    Z_BEAST_DECK,
    Z_BEAST_DISCARD,
    Z_EVENT_DECK,
    Z_EVENT_DISCARD,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_MYST_DISCARD,
    Z_RESOLVING,
    Z_START_USED,
    act,
)

if TYPE_CHECKING:
    from .state import RobinsonState


def discard_zone(state: RobinsonState, card: int) -> int:
    """Where a card goes when discarded (§5.3, §8.7.2, §16.11)."""
    cd = state.content.cards[card]
    if cd.kind in ("event", "wreckage"):
        return Z_EVENT_DISCARD
    if cd.kind == "adventure":
        return {"build": Z_ADVD_B, "gather": Z_ADVD_G, "explore": Z_ADVD_E}[cd.data["deck"]]
    if cd.kind == "mystery":
        return Z_MYST_DISCARD
    if cd.kind == "beast":
        return Z_BEAST_DISCARD
    if cd.kind == "start_item":
        return Z_START_USED
    return Z_INV_DECK


def discard(state: RobinsonState, card: int) -> None:
    if state.zone[card] == Z_RESOLVING:
        state.zone[card] = discard_zone(state, card)


def move_item_back(state: RobinsonState, card: int) -> None:
    """An Item turned back to its Invention side returns where it was drawn from (§16.6, §13.1)."""
    g = state.content.cards[card].data["group"]
    state.zone[card] = Z_INV_OWNER if g == "personal" else Z_INV_SCENARIO if g == "scenario" else Z_INV_BOARD


def event_deck_size(state: RobinsonState) -> int:
    """Cards left in the Event deck: shuffled-in cards plus the unseen dealt halves (§3 step 16)."""
    return state.count_in(Z_EVENT_DECK) + state.book_events_in_deck + state.adventure_events_in_deck


def _set_ev(state: RobinsonState, book: int, adv: int) -> None:
    state.book_events_in_deck, state.adventure_events_in_deck = book, adv


def unseen_hunting(state: RobinsonState) -> list[int]:
    """Hunting cards nobody has seen (§8.10, §13.2): the shuffled part of the deck and unseen top cards.

    Every card joins the Hunting deck unseen; a card is seen once Tracking shows it (`hunt_seen`), and one
    put at the bottom stays known there. A shuffle forgets every known place, so a card seen before counts
    as unseen again (a cautious belief: it never tells a seat more than it saw).
    """
    bag = deck_bag(state, Z_HUNT_DECK)
    return bag + [x for x, seen in zip(state.hunt_top, state.hunt_seen, strict=True) if not seen]


def unseen_beasts(state: RobinsonState) -> list[int]:
    """Every Beast card a seat cannot tell apart: the Beast deck and the unseen Hunting cards, by index."""
    return sorted(state.cards_in(Z_BEAST_DECK) + unseen_hunting(state))


def _hunt_secret_draw(state: RobinsonState) -> int:
    """The card on top of the shuffled Hunting deck: the deck was shuffled when its cards joined it, so the
    draw is decided already; it is the uniform pick of this state's generator over the shuffled cards."""
    bag = deck_bag(state, Z_HUNT_DECK)
    return bag[peek_below(state.rng_state, len(bag))]


def _hunt_swap(state: RobinsonState, card: int) -> None:
    """A Hunt or Tracking shows `card` from the shuffled Hunting deck (§8.7.2, §13.2).

    Any unseen Beast card may be the one shown (`chance_outcomes`). If `card` is not in the shuffled part,
    it swaps identities with a secret card of that part: `card` takes that card's place in the shuffled
    deck and the secret card takes `card`'s place (the Beast deck, or an unseen top place), so no card is
    lost or doubled.
    """
    bag = deck_bag(state, Z_HUNT_DECK)
    if card in bag:
        return
    other = bag[peek_below(state.rng_state, len(bag))]
    if state.zone[card] == Z_HUNT_DECK:  # an unseen card on top
        state.hunt_top[state.hunt_top.index(card)] = other
    else:
        state.zone[other] = state.zone[card]
        state.zone[card] = Z_HUNT_DECK
    state._zi = None


def sample_chance(state: RobinsonState, rng: RandomLike | None = None) -> RobinsonAction:
    """The outcome this state's generator picks now; for a Hunting draw, the card the deck holds there. With
    `rng` (a search's generator), the kernel's draw over the outcomes a seat could believe (`State.sample_chance`).

    A Hunt's or Tracking's outcomes list every card a seat could believe it is (§26.4), but the shuffled
    Hunting deck already holds its cards in an order (they were drawn from the Beast deck unseen, §8.10):
    the draw is the generator's uniform pick over those cards, as it always was, so seeded play and
    recorded games do not change.
    """
    if rng is None and state.chance and not state.over and state.chance[0] in (CH_HUNT, CH_TRACK):
        return act(CHANCE, "draw", state.content.cards[_hunt_secret_draw(state)].id)
    return cast(RobinsonAction, State.sample_chance(state, rng))  # the kernel's seeded pick (no super() lookup)


def deck_bag(state: RobinsonState, z: int) -> list[int]:
    """Cards of a deck whose place nobody knows (the Hunting deck's known top and bottom excluded)."""
    cards = state.cards_in(z)
    if z == Z_HUNT_DECK and (state.hunt_top or state.hunt_bottom):
        known = set(state.hunt_top) | set(state.hunt_bottom)
        cards = [x for x in cards if x not in known]
    return cards
