"""Trade: a two-step exchange with accept, reject and counter (discover.md §7.7, §18.2, §16.10).

The survivor drafting an offer adds what it gives and what it asks, one thing at a time, then proposes; the
other answers. A counter hands the drafting to the other side with a fresh offer. Agreement swaps everything
and the current survivor pays 1 stamina; giving up costs nothing and changes nothing. Hand project cards may
be given (their owner shows them to the partner by offering them) but never asked for, since the asker
cannot know them (§18.5).

The rules set no cap on counters or refused trades (§7.7, §18.2), but a refused trade costs nothing, so a turn
needs a bound to end. The bounds are ones a person at the table never meets (decision 0030): an offer refused or
countered cannot be proposed again, between the same two survivors, in the same turn (so every proposal of a turn
is new, and a trade ends); and after `FAILED_PER_TURN` trades that ended without agreement, a survivor opens no
more that turn.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .actions import DiscoverAction, act
from .carrying import amount, gain, spend
from .decisions import DiscoverDecision
from .terms import RESOURCES

if TYPE_CHECKING:
    from .state import DiscoverState

FAILED_PER_TURN = 10
"""AUTHORED: a survivor may open at most 10 trades a turn that end without agreement, far more than players make
(decision 0030): opening a trade and cancelling it costs nothing (§7.7), so without a bound a turn could go on for
ever."""
_NONE = (0,) * len(RESOURCES)


def open_trade(state: DiscoverState, seat: int, partner: int) -> None:
    state.log("trade", f"Seat {seat} opens a trade with seat {partner}.")
    state.decisions.append(Draft(seat, partner, _NONE, _NONE, (), (), (), 0))


def _describe(state: Any, give: tuple[int, ...], cards: tuple[int, ...], projects: tuple[int, ...],
              viewer_sees_projects: bool) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(give) if n]
    parts += [state.copy.cards[c].name for c in cards]
    if projects:
        parts += [state.copy.projects[p].name for p in projects] if viewer_sees_projects \
            else [f"{len(projects)} project card(s)"]
    return ", ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class Offer(DiscoverDecision):
    """The terms of a trade between `seat` and `other` (§18.2): `give_*` from the one who drafted them, `ask_*` from
    the other side; `counters` made so far."""

    other: int
    give: tuple[int, ...]
    ask: tuple[int, ...]
    give_cards: tuple[int, ...]
    ask_cards: tuple[int, ...]
    give_projects: tuple[int, ...]
    counters: int

    forced_resolves = False

    @property
    def partner(self) -> int:
        """The survivor the offer is drafted for (in a draft) or made by (in an answer)."""
        return self.other

    def terms(self, proposer: int, answerer: int) -> int:
        """A fingerprint of these exact terms between these two survivors (the refused-offer rule)."""
        text = repr((proposer, answerer, self.give, self.ask, sorted(self.give_cards), sorted(self.ask_cards),
                     sorted(self.give_projects)))
        return int.from_bytes(hashlib.sha1(text.encode()).digest()[:6], "big")


@dataclass(frozen=True, slots=True)
class Draft(Offer):
    """Build an offer to the partner `other`, one thing at a time, then propose or cancel (§18.2)."""

    kind = "draft a trade"
    rule = "§18.2"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        out = [act(seat, "cancel")]
        if (any(self.give) or any(self.ask) or self.give_cards or self.ask_cards or self.give_projects) and \
                self.terms(seat, self.partner) not in state.trades_refused:
            out.append(act(seat, "propose"))
        for r in range(len(RESOURCES)):
            if amount(state, seat, r) > self.give[r]:
                out.append(act(seat, "give", RESOURCES[r]))
        out += [act(seat, "give", f"#{state.copy.cards[c].number}") for c in state.items_of(seat)
                if c not in self.give_cards]
        out += [act(seat, "give", f"p{p}") for p in state.hand[seat] if p not in self.give_projects]
        for r in range(len(RESOURCES)):
            if amount(state, self.partner, r) > self.ask[r]:
                out.append(act(seat, "ask", RESOURCES[r]))
        out += [act(seat, "ask", f"#{state.copy.cards[c].number}") for c in state.items_of(self.partner)
                if c not in self.ask_cards]
        return out

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "cancel":
            state.log("trade", f"Seat {self.seat} gives up the trade: nothing changes and no stamina is spent (§7.7).")
            _failed(state)
            return
        if action.verb == "propose":
            state.decisions.append(Answer(self.partner, self.seat, self.give, self.ask, self.give_cards,
                                          self.ask_cards, self.give_projects, self.counters))
            state.log("trade", f"Seat {self.seat} offers seat {self.partner} "
                               f"{_describe(state, self.give, self.give_cards, (), False)}"
                               f"{' and project cards' if self.give_projects else ''} for "
                               f"{_describe(state, self.ask, self.ask_cards, (), False)}.")
            return
        word = action.args[0]
        owner = self.seat if action.verb == "give" else self.partner
        if word.startswith("#"):
            card = next(c for c in state.items_of(owner) if state.copy.cards[c].number == int(word[1:]))
            if action.verb == "give":
                state.decisions.append(replace(self, give_cards=(*self.give_cards, card)))
            else:
                state.decisions.append(replace(self, ask_cards=(*self.ask_cards, card)))
        elif word[:1] == "p" and word[1:].isdigit():  # a project: p2 (pelt and poison are resources)
            state.decisions.append(replace(self, give_projects=(*self.give_projects, int(word[1:]))))
        else:
            r = RESOURCES.index(word)
            counts = list(self.give if action.verb == "give" else self.ask)
            counts[r] += 1
            if action.verb == "give":
                state.decisions.append(replace(self, give=tuple(counts)))
            else:
                state.decisions.append(replace(self, ask=tuple(counts)))

    def text(self, state: Any) -> str:
        return (f"Trade with seat {self.partner}: you give {_describe(state, self.give, self.give_cards, self.give_projects, True)};"
                f" you ask {_describe(state, self.ask, self.ask_cards, (), True)}. Add to it, propose, or cancel.")


@dataclass(frozen=True, slots=True)
class Answer(Offer):
    """The partner accepts, rejects or counters the offer its proposer `other` made (§18.2)."""

    kind = "answer a trade"
    rule = "§18.2"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "accept"), act(seat, "reject"), act(seat, "counter")]

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb != "accept":
            state.trades_refused.append(self.terms(self.other, self.seat))
        if action.verb == "reject":
            state.log("trade", f"Seat {self.seat} refuses: nothing changes and no stamina is spent (§7.7).")
            _failed(state)
        elif action.verb == "counter":
            state.log("trade", f"Seat {self.seat} makes a counter-offer.")
            state.decisions.append(Draft(self.seat, self.other, _NONE, _NONE, (), (), (), self.counters + 1))
        else:
            _swap(state, self)

    def text(self, state: Any) -> str:
        return (f"Seat {self.other} offers you {_describe(state, self.give, self.give_cards, self.give_projects, True)}"
                f" for {_describe(state, self.ask, self.ask_cards, (), True)}. Accept, reject or counter.")


def _failed(state: DiscoverState) -> None:
    if state.current >= 0:
        state.trades_failed[state.current] += 1


def _swap(state: DiscoverState, deal: Answer) -> None:
    """Both agree: everything changes hands, the current survivor pays 1 stamina; the carry limit is checked when
    the trade ends (§7.7, §8.3)."""
    giver, taker = deal.other, deal.seat
    for r, n in enumerate(deal.give):
        gain(state, taker, r, spend_no_risk(state, giver, r, n))
    for r, n in enumerate(deal.ask):
        gain(state, giver, r, spend_no_risk(state, taker, r, n))
    for card in deal.give_cards:
        state.place_card(card, taker)
    for card in deal.ask_cards:
        state.place_card(card, giver)
    for project in deal.give_projects:
        state.hand[giver].remove(project)
        state.hand[taker].append(project)
        state.hand[taker].sort()
    current = state.current if state.current >= 0 else giver
    state.stamina[current] = max(0, state.stamina[current] - 1)
    state.log("trade", f"Seats {giver} and {taker} agree and trade; seat {current} pays 1 stamina (§7.7).")
    _same_names(state, giver)
    _same_names(state, taker)


def spend_no_risk(state: DiscoverState, seat: int, resource: int, n: int) -> int:
    """Hand resources over: no dirty-water risk, since nothing is spent (§8.5)."""
    before = state.dirty_pending[seat]
    moved = spend(state, seat, resource, n)
    state.dirty_pending[seat] = before
    return moved


def _same_names(state: DiscoverState, seat: int) -> None:
    seen: dict[str, int] = {}
    for card in state.items_of(seat):
        name = state.copy.cards[card].name
        if name in seen:
            state.decisions.append(SameName(seat, seen[name]))
        seen[name] = card


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .numbered import SameName  # noqa: E402
