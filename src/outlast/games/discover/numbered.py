"""Numbered cards: looked up by number, never drawn (discover.md §9, §16.3).

"Resolve card #N" finds a copy whose back shows N in the exploration deck, shows it to everyone and resolves it
by its type (§9.2). A number with no copy left resolves nothing (§9.4); the action that asked still happened.
Thinned numbers keep one unseen copy, drawn at the first lookup (§4 step 4a). A key item may switch the card
for the one numbered next above it, decided before the replacement is shown (§9.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import flow
from .actions import DiscoverAction, act
from .decisions import DiscoverDecision, Step
from .terms import DECK, ENEMY, FEATURE, IN_PLAY, INSTANT, ITEM, UNSEEN, UPGRADE

if TYPE_CHECKING:
    from .state import DiscoverState


def copies_in_deck(state: DiscoverState, number: int) -> list[int]:
    """Card ids with this number still in their deck, lowest id first (§9.1)."""
    cards = state.copy.cards
    return [c for c, place in enumerate(state.card_place) if place == DECK and cards[c].number == number]


def look_up(state: DiscoverState, seat: int, number: int, chained: bool = False, token: int = -1) -> None:
    """Resolve exploration card #`number` for `seat` (pushed; `token` is the numbered feature token that asked,
    which stays faceup in `seat`'s space when the card says so, else is discarded, §7.3)."""
    state.decisions.append(LookUp(seat, number, token, 0))


@dataclass(frozen=True, slots=True)
class LookUp(Step):
    """Find card #N (§9.1): draw a thinned number's kept copy first; offer a key switch (§9.7); then reveal."""

    kind = "look up a card"
    rule = "§9.1"
    number: int
    token: int
    stage: int

    def proceed(self, state: DiscoverState) -> None:
        cards = state.copy.cards
        if any(place == UNSEEN and cards[c].number == self.number for c, place in enumerate(state.card_place)):
            state.decisions.append(self)
            flow.queue(state, flow.VARIANT, self.number)
            return
        found = copies_in_deck(state, self.number)
        if not found:
            state.log("lookup", f"Card #{self.number} is not in the deck: nothing is resolved (§9.4).")
            _settle_token(state, self.seat, self.token, False)
            return
        card = found[0]
        state.log("reveal", f"Card #{self.number} is {cards[card].name}: {cards[card].text}", card=card)
        key = key_offer(state, self.seat, card) if self.stage == 0 else -1
        if key >= 0:
            state.decisions.append(KeyChoice(self.seat, card, key, self.token))
            return
        reveal(state, self.seat, card, self.token)


def key_offer(state: DiscoverState, seat: int, card: int) -> int:
    """The card id of a key item `seat` holds whose phrase the card's text contains, or -1 (§9.7)."""
    phrases = state.copy.cards[card].phrases
    if not phrases:
        return -1
    for c in state.items_of(seat):
        for ability in state.copy.cards[c].abilities:
            if ability.use == "key" and (ability.condition or {}).get("phrase") in phrases:
                return c
    return -1


@dataclass(frozen=True, slots=True)
class KeyChoice(DiscoverDecision):
    """Use a key item to resolve the card numbered next above instead, before that card is shown (§9.7, §16.3)."""

    kind = "use a key"
    rule = "§9.7"
    card: int
    key: int
    token: int
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "switch"), act(seat, "decline")]

    def resolve(self, state: Any, action: Any) -> None:
        cards = state.copy.cards
        if action.verb == "decline":
            reveal(state, self.seat, self.card, self.token)
            return
        offset = next(a.amount for a in cards[self.key].abilities if a.use == "key")
        target = cards[self.card].number + offset
        state.log("key", f"Seat {self.seat} uses {cards[self.key].name}: card #{target} is resolved instead.")
        _settle_token(state, self.seat, self.token, False)
        state.decisions.append(LookUp(self.seat, target, -1, 1))

    def text(self, state: Any) -> str:
        cards = state.copy.cards
        return (f"Use {cards[self.key].name} to resolve card #{cards[self.card].number + 1} instead of "
                f"{cards[self.card].name}? You decide before it is shown.")


def reveal(state: DiscoverState, seat: int, card: int, token: int = -1) -> None:
    """Resolve a revealed numbered card by its type (§9.2)."""
    data = state.copy.cards[card]
    state.journal.append(data.number)
    _settle_token(state, seat, token, data.leave_token)
    if data.kind == INSTANT:
        run(state, seat, CARD, card)
    elif data.kind == UPGRADE:
        state.place_card(card, IN_PLAY)
        state.log("upgrade", f"{data.name} goes into play next to the map; every survivor may use it (§9.2).")
    elif data.kind == ITEM:
        gain_item(state, seat, card)
    elif data.kind == ENEMY:
        fight_enemy_card(state, seat, card)


def _settle_token(state: DiscoverState, seat: int, token: int, leave: bool) -> None:
    """A numbered feature token stays faceup if its card says so; otherwise it is discarded (§7.3, §14.4)."""
    if token < 0:
        return
    if leave:
        state.pieces.append((FEATURE, state.position[seat], token, -1))
    else:
        state.feature_discard[state.copy.features[token].back].append(token)


def gain_item(state: DiscoverState, seat: int, card: int) -> None:
    """Keep an item; its counters go on now; a second item of the same name must go (§9.2, §9.3, §9.8)."""
    data = state.copy.cards[card]
    state.place_card(card, seat)
    state.card_counters[card] = data.counters
    state.log("item", f"Seat {seat} keeps {data.name}" + (f" with {data.counters} counters." if data.counters
                                                          else "."))
    same = [c for c in state.items_of(seat) if c != card and state.copy.cards[c].name == data.name]
    for old in same:
        state.decisions.append(SameName(seat, old))


@dataclass(frozen=True, slots=True)
class SameName(DiscoverDecision):
    """Two items of one name: the old one goes back to its deck or to a survivor here without one (§9.3)."""

    kind = "give up a same-name item"
    rule = "§9.3"
    card: int

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        name = state.copy.cards[self.card].name
        out = [act(seat, "return", f"#{state.copy.cards[self.card].number}")]
        for other in state.survivors():
            if other != seat and state.position[other] == state.position[seat] and \
                    all(state.copy.cards[c].name != name for c in state.items_of(other)):
                out.append(act(seat, "hand", f"#{state.copy.cards[self.card].number}", other))
        return out

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "hand":
            state.place_card(self.card, int(action.args[1]))
            state.log("hand", f"Seat {self.seat} hands the older {state.copy.cards[self.card].name} to seat "
                              f"{action.args[1]}.")
        else:
            return_card(state, self.card)
            state.log("return", f"Seat {self.seat} puts the older {state.copy.cards[self.card].name} back.")


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .carrying import return_card  # noqa: E402
from .combat import fight_enemy_card  # noqa: E402
from .effects import CARD, run  # noqa: E402
