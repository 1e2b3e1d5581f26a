"""The night phase: the night card's steps, upkeep, sleep, threat cards and dirty water (§5.3–§5.5, §8.5, §16.4–16.6).

The tribe leader draws the night card (a chance point over the deck, tier I first, §5.4); its steps resolve
from top to bottom, each as an effect in the copy's own words. "Each survivor" parts resolve one survivor at a
time from the tribe leader clockwise (§17.20 item 19).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import day_actions, effects, flow, rounds
from .abilities import passive
from .actions import DiscoverAction, act
from .carrying import amount, spend
from .decisions import DiscoverDecision, Step
from .exploring import at_fire
from .terms import DAMAGE, FOOD, MEDICINE, PLAYING, RESOURCES, SICKNESS, WATERS

if TYPE_CHECKING:
    from .state import DiscoverState


@dataclass(frozen=True, slots=True)
class NightStep(Step):
    """Resolve step `step` of the night card, then the next (§5.3); the card was drawn into `night_card`."""

    kind = "resolve a night step"
    rule = "§5.3"
    step: int
    unused: int

    def proceed(self, state: DiscoverState) -> None:
        card = state.copy.nights[state.night_card]
        if self.step == 0:
            state.journal.append(-2000 - card.id)
            state.log("night", f"Night {state.day}: seat {state.tribe_leader} draws {card.name} "
                               f"({' / '.join(s.title for s in card.steps)}).")
        if self.step >= len(card.steps):
            return
        step = card.steps[self.step]
        state.decisions.append(NightStep(-1, self.step + 1, 0))
        state.decisions.append(day_actions.SETTLE_ANY)
        state.log("night", f"{step.title}: {step.text}")
        effects.run(state, state.tribe_leader, effects.NIGHT_STEP, card.id, self.step)


# ----------------------------------------------------------------------------- upkeep (Thirst, Hunger)
def upkeep(state: DiscoverState, pay: str, damage: int) -> None:
    """Each survivor pays 1 water (or food) or suffers the damage, their choice (§16.5 Thirst)."""
    for seat in reversed(state.in_turn_order()):
        state.decisions.append(Upkeep(seat, pay, damage))


@dataclass(frozen=True, slots=True)
class Upkeep(DiscoverDecision):
    """Pay one water or food, or suffer the damage (§16.5)."""

    kind = "pay upkeep"
    rule = "§16.5"
    pay: str
    damage: int

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        if state.status[seat] != PLAYING:
            return [act(seat, "suffer")]
        kinds = WATERS if self.pay == "water" else (FOOD,)
        out = [act(seat, "pay", RESOURCES[r]) for r in kinds if amount(state, seat, r)]
        return out + [act(seat, "suffer")]

    def resolve(self, state: Any, action: Any) -> None:
        if state.status[self.seat] != PLAYING:
            return
        if action.verb == "pay":
            spend(state, self.seat, RESOURCES.index(action.args[0]), 1)
            state.log("upkeep", f"Seat {self.seat} pays 1 {action.args[0]}.")
        else:
            suffer(state, self.seat, self.damage)

    def text(self, state: Any) -> str:
        return f"Pay 1 {self.pay}, or suffer 1 {DAMAGE[self.damage]} damage."


# ----------------------------------------------------------------------------- sleep
def sleep(state: DiscoverState, fire: int, other: int) -> None:
    """The Sleep step: stamina up to 12, more at a fire, plus sleep bonuses; ongoing threats act now (§5.3, §16.3 D)."""
    for seat in state.in_turn_order():
        warm = at_fire(state, state.position[seat])
        gained = rounds.gain_stamina(state, seat, (fire if warm else other) + passive(state, seat, "sleep_bonus"))
        state.log("sleep", f"Seat {seat} sleeps {'by a fire ' if warm else ''}and gains {gained} stamina "
                           f"({state.stamina[seat]}).")
    for seat in reversed(state.in_turn_order()):
        for threat in reversed(state.threats_held[seat]):
            data = state.copy.threats[threat]
            if data.discard_when == "sleep_at_fire" and at_fire(state, state.position[seat]):
                discard_held(state, seat, threat)
            else:
                run(state, seat, THREAT_ONGOING, threat)


def discard_held(state: DiscoverState, seat: int, threat: int) -> None:
    state.threats_held[seat].remove(threat)
    state.threat_discard.append(threat)
    state.log("threat", f"Seat {seat} discards the ongoing threat {state.copy.threats[threat].name}.")


def recovered(state: DiscoverState, seat: int) -> None:
    """A Recover on a survivor ends its ongoing threats that last until a Recover."""
    for threat in list(state.threats_held[seat]):
        if state.copy.threats[threat].discard_when == "recover":
            discard_held(state, seat, threat)


def night_over(state: DiscoverState) -> None:
    """At the end of the night: threats that last one night go; a signal burns down (§17.12)."""
    for seat in range(state.seats):
        for threat in list(state.threats_held[seat]):
            if state.copy.threats[threat].discard_when == "night_end":
                discard_held(state, seat, threat)
    if state.signal > 0:
        state.signal -= 1


# ----------------------------------------------------------------------------- threat cards
def threats_for(state: DiscoverState, who: str) -> None:
    """Survivors draw and resolve threat cards one at a time from the tribe leader (§5.5, §18.4)."""
    if who == "leader":
        seats = [state.tribe_leader] if state.status[state.tribe_leader] == PLAYING else []
    else:
        seats = [s for s in state.in_turn_order() if who == "each" or not at_fire(state, state.position[s])]
    for seat in reversed(seats):
        state.decisions.append(DrawThreat(seat, 0))


def _rebuild_threats(state: DiscoverState) -> None:
    if not state.threat_deck and state.threat_discard:
        state.threat_deck = sorted(state.threat_discard)
        state.threat_discard = []
        state.log("threat", "The threat deck is empty: its discards are shuffled into a new deck (§5.5).")


@dataclass(frozen=True, slots=True)
class DrawThreat(Step):
    """Draw the top threat card (a chance point over the deck; an empty deck is rebuilt first, §5.5)."""

    kind = "draw a threat card"
    rule = "§5.5"
    redraws: int

    def proceed(self, state: DiscoverState) -> None:
        if state.status[self.seat] != PLAYING:
            return
        _rebuild_threats(state)
        if not state.threat_deck:
            state.log("threat", "No threat card is left to draw (§17.20 item 21).")
            return
        state.decisions.append(ResolveThreat(self.seat, self.redraws))
        flow.queue(state, flow.THREAT)


@dataclass(frozen=True, slots=True)
class ResolveThreat(Step):
    """Carry out the threat drawn; a tribal card with no other survivor on the map is discarded and redrawn
    (§5.5, AUTHORED guard: only tribal cards left means nothing happens)."""

    kind = "resolve a threat card"
    rule = "§5.5"
    redraws: int

    def proceed(self, state: DiscoverState) -> None:
        threat = state.drawn.pop()
        data = state.copy.threats[threat]
        state.journal.append(-3000 - threat)
        others = [s for s in state.survivors() if s != self.seat]
        if data.tribal and not others:
            state.threat_discard.append(threat)
            pool = state.threat_deck + state.threat_discard
            if all(state.copy.threats[t].tribal for t in pool) or self.redraws > len(state.copy.threats):
                state.log("threat", f"{data.name} is tribal and only tribal threats are left: nothing happens (§5.5).")
                return
            state.log("threat", f"Seat {self.seat} draws {data.name}, a tribal threat with nobody else on the map: "
                                "it is discarded and another is drawn (§5.5).")
            state.decisions.append(DrawThreat(self.seat, self.redraws + 1))
            return
        state.log("threat", f"Seat {self.seat} draws the threat {data.name}: {data.text}")
        if data.ongoing:
            state.threats_held[self.seat].append(threat)
        else:
            state.decisions.append(DiscardThreat(self.seat, threat))
        run(state, self.seat, THREAT, threat)


@dataclass(frozen=True, slots=True)
class DiscardThreat(Step):
    """A one-shot threat card is discarded faceup once resolved (§5.5)."""

    kind = "discard a threat card"
    rule = "§5.5"
    threat: int

    def proceed(self, state: DiscoverState) -> None:
        state.threat_discard.append(self.threat)


# ----------------------------------------------------------------------------- dirty water
@dataclass(frozen=True, slots=True)
class DirtyWater(DiscoverDecision):
    """Dirty water was spent: pay 1 medicine, or roll the die and suffer sickness on 1–3 (§8.5, §16.4)."""

    kind = "dirty water"
    rule = "§8.5"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        out = [act(seat, "medicine")] if amount(state, seat, MEDICINE) else []
        return out + [act(seat, "roll")]

    def resolve(self, state: Any, action: Any) -> None:
        if state.status[self.seat] != PLAYING:
            state.dirty_pending[self.seat] = 0
            return
        state.dirty_pending[self.seat] -= 1
        if state.dirty_pending[self.seat] > 0:
            state.decisions.append(DirtyWater(self.seat))
        if action.verb == "medicine":
            spend(state, self.seat, MEDICINE, 1)
            state.log("dirty water", f"Seat {self.seat} takes 1 medicine against the dirty water.")
            return
        state.decisions.append(DirtyRoll(self.seat))
        flow.queue(state, flow.DIE_ROLL)

    def text(self, state: Any) -> str:
        return "You drank dirty water: spend 1 medicine, or roll (1–3: 1 sickness damage)."


@dataclass(frozen=True, slots=True)
class DirtyRoll(Step):
    """The dirty-water roll: 1–3 means 1 sickness damage (§8.5)."""

    kind = "dirty water roll"
    rule = "§8.5"

    def proceed(self, state: DiscoverState) -> None:
        value = state.drawn.pop()
        state.log("roll", f"Seat {self.seat} rolls {value} for the dirty water"
                          f"{': 1 sickness damage' if value <= 3 else ': no harm'}.",
                  seat=self.seat, dice=[{"die": "dirty water", "face": str(value), "against": 4}])
        if value <= 3:
            suffer(state, self.seat, SICKNESS)


KINDS = (NightStep, Upkeep, DrawThreat, ResolveThreat, DiscardThreat, DirtyWater, DirtyRoll)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .damage import suffer  # noqa: E402
from .effects import THREAT, THREAT_ONGOING, run  # noqa: E402
