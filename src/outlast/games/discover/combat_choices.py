"""The combat's decisions: support cards, modifying dice, redirects, reward sharing, retreat and escape spaces
(discover.md §12.3–§12.8, §18.4).

The combatant modifies the dice one modifier at a time (§12.4): resources (wood, stone, poison, salvage, as often
as they can pay), items and upgrades with a `combat` ability (once per combat each, paid by one of their `pay`
alternatives), or passes; after each pass every supporter with an unused Assault or Defend reroll is offered it,
and the step ends when the combatant and all supporters pass in a row (§18.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .abilities import SOURCE_CARD, SOURCE_CHARACTER, abilities_of
from .actions import DiscoverAction, act, parse_space, space_name
from .carrying import amount, gain, lose, spend
from .combat_base import (
    CHOICE,
    DIE_WORDS,
    GRAY_DIE,
    GRAY_MOD,
    OFFERS_DONE,
    RED_DIE,
    RED_MOD,
    REOPEN,
    CombatDecision,
    dice_text,
    own_die,
    reroll_card,
    supporter_seats,
)
from .combat_steps import CombatStage, move_token, queue_reroll, take_hit
from .copy import Ability
from .damage import suffer
from .decisions import Step
from .terms import ASSAULT, DEFEND, PHYSICAL, POISON, RESOURCES, SALVAGE, STONE, SUPPORT, WOOD

if TYPE_CHECKING:
    from .state import DiscoverState

SPEND = {WOOD: (GRAY_DIE, 0), STONE: (RED_DIE, 0), POISON: (GRAY_DIE, 1), SALVAGE: (RED_DIE, -1)}
"""The resource modifiers (§12.4): die and amount, 0 meaning a reroll (wood, stone) — relative to the spender in
Scenario 5 (§17.20 item 10)."""


# ----------------------------------------------------------------------------- P1 support cards
@dataclass(frozen=True, slots=True)
class SupportChoice(CombatDecision):
    """A supporter plays one support card faceup, or none; in seat order from the combatant's left (§12.3 P1)."""

    kind = "play a support card"
    rule = "§12.3"
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "support", "none")] + [act(seat, "support", word) for word in SUPPORT]

    def resolve(self, state: Any, action: Any) -> None:
        word = action.args[0]
        if word != "none":
            state.support_played[self.seat] = SUPPORT.index(word)
        state.log("support", f"Seat {self.seat} plays {'no support card' if word == 'none' else word} (§12.5).")

    def text(self, state: Any) -> str:
        return ("Play a support card: assault (may reroll gray; may take the combatant's damage), defend (may "
                "reroll red; may take the combatant's damage), overpower (+1 damage to the enemy; 1 physical to "
                "you when the combatant is hurt), or none.")


# ----------------------------------------------------------------------------- modifiers of a combatant
def used_key(state: DiscoverState, source: int, ref: int) -> int:
    """What `state.used_in_combat` records for a used ability: a card's id; a character's id after every card id;
    the quest card's id after those (§9.8: once per combat, per card)."""
    cards = len(state.copy.cards)
    return ref if source == SOURCE_CARD else cards + ref if source == SOURCE_CHARACTER else cards + 100 + ref


def ability_name(state: DiscoverState, source: int, ref: int) -> str:
    """How `use` names where a combat ability is printed: `#N`, `character` or `quest`."""
    if source == SOURCE_CARD:
        return f"#{state.copy.cards[ref].number}"
    return "character" if source == SOURCE_CHARACTER else "quest"


def combat_abilities(state: DiscoverState, seat: int, use: str = "combat") -> list[tuple[int, int, int, Ability]]:
    """(source kind, source id, ability index, ability) of each `combat` ability of the seat's items, upgrades in
    play, character and the quest card not used in this combat (§12.4: once per combat; only survivors who
    rolled dice use them)."""
    out: list[tuple[int, int, int, Ability]] = []
    seen: set[int] = set()
    for source, ref, index, ability in abilities_of(state, seat):
        key = used_key(state, source, ref)
        if ability.use == use and key not in state.used_in_combat and key not in seen:
            seen.add(key)
            out.append((source, ref, index, ability))
    return out


def free_die_choice(ability: Ability) -> bool:
    """Whether the ability rerolls "one die or both" at the user's choice (a `reroll` naming no die)."""
    effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
    return any(isinstance(item, dict) and "reroll" in item and not (item["reroll"] or {}).get("dice")
               for item in effect)


def free_modifier(ability: Ability) -> bool:
    """A plus/minus that costs nothing and asks nothing: no payment, no choice, only `modify` (§15.3 step 2)."""
    effect = ability.effect if isinstance(ability.effect, list) else [ability.effect]
    return not ability.pay and bool(effect) and all(isinstance(e, dict) and set(e) == {"modify"} for e in effect)


def apply_free_modifiers(state: DiscoverState, seat: int) -> None:
    """Scenario 5: a combatant's free plus/minus modifiers apply by themselves once the dice are down, and take no
    turn of the round-robin; only modifiers with a cost or a choice are offered (§15.3 step 2)."""
    for source, ref, _, ability in combat_abilities(state, seat):
        if free_modifier(ability):
            use_item(state, seat, act(seat, "use", ability_name(state, source, ref)))


def _payable(state: DiscoverState, seat: int, source: int, ref: int, word: str) -> bool:
    if word == "counter":
        return source == SOURCE_CARD and state.card_counters[ref] > 0
    return amount(state, seat, RESOURCES.index(word)) > 0


def modifier_actions(state: DiscoverState, seat: int) -> list[DiscoverAction]:
    """The modifiers a combatant may apply now: `spend <resource>`, `use #N [die] [payment]` (§12.4)."""
    out = [act(seat, "spend", RESOURCES[r]) for r in SPEND if amount(state, seat, r) > 0]
    return out + ability_uses(state, seat, "combat")


def ability_uses(state: DiscoverState, seat: int, use: str) -> list[DiscoverAction]:
    """`use #N|character|quest [die] [payment]` for each unused ability of that use the seat can pay for."""
    out: list[DiscoverAction] = []
    for source, ref, _, ability in combat_abilities(state, seat, use):
        number = ability_name(state, source, ref)
        dice = DIE_WORDS if free_die_choice(ability) else ("",)
        pays = [p for p in ability.pay if _payable(state, seat, source, ref, p)] if ability.pay else [""]
        out += [act(seat, "use", number, *(w for w in (die, pay) if w)) for die in dice for pay in pays]
    return out


def apply_modifier(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Carry out a `spend` or `use` modifier (§12.4; relative dice in Scenario 5, §15.3)."""
    c = state.combat
    if action.verb == "spend":
        r = RESOURCES.index(action.args[0])
        spend(state, seat, r)
        die, change = SPEND[r]
        die = own_die(state, seat, die)
        state.log("spend", f"Seat {seat} spends 1 {action.args[0]} (§12.4).")
        if change:
            c[GRAY_MOD if die == GRAY_DIE else RED_MOD] += change
            state.log("modify", f"{DIE_WORDS[die].capitalize()} {change:+d}: {dice_text(state)}.")
        else:
            queue_reroll(state, seat, die)
        return
    use_item(state, seat, action)


def use_item(state: DiscoverState, seat: int, action: DiscoverAction, use: str = "combat") -> None:
    """Use an item's, upgrade's, character's or quest's combat ability once this combat, paying with a counter or
    a resource (§12.4, §16.9)."""
    source, ref, index, ability = next(x for x in combat_abilities(state, seat, use)
                                       if ability_name(state, x[0], x[1]) == action.args[0])
    words = list(action.args[1:])
    if free_die_choice(ability):
        state.combat[CHOICE] = own_die(state, seat, DIE_WORDS.index(words.pop(0)))
    if words and words[0] == "counter":
        state.card_counters[ref] -= 1
    elif words:
        spend(state, seat, RESOURCES.index(words[0]))
    state.used_in_combat.append(used_key(state, source, ref))
    paid = f", paying 1 {words[0]}" if words else ""
    name = state.copy.cards[ref].name if source == SOURCE_CARD else \
        state.copy.characters[ref].title if source == SOURCE_CHARACTER else state.copy.quests[ref].name
    state.log("use", f"Seat {seat} uses {name}{paid}: {ability.text} (§12.4).")
    kind = CARD_ABILITY if source == SOURCE_CARD else CHARACTER_ABILITY if source == SOURCE_CHARACTER \
        else QUEST_ABILITY
    run(state, seat, kind, ref, index)


# ----------------------------------------------------------------------------- step 2: modify dice
@dataclass(frozen=True, slots=True)
class ModifyDice(CombatDecision):
    """The combatant applies a modifier or passes (§12.4, §18.4)."""

    kind = "modify the dice"
    rule = "§12.4"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "pass")] + modifier_actions(state, seat)

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb != "pass":
            state.decisions.append(self)
            apply_modifier(state, self.seat, action)
            return
        state.decisions.append(CombatStage(self.seat, OFFERS_DONE))
        for supporter in reversed(supporter_seats(state)):
            if reroll_card(state, supporter) >= 0:
                state.decisions.append(SupporterReroll(supporter))

    def text(self, state: Any) -> str:
        return (f"Modify the dice ({dice_text(state)}): spend wood (reroll gray), stone (reroll red), poison "
                "(+1 gray) or salvage (−1 red), use an item once, or pass.")


@dataclass(frozen=True, slots=True)
class SupporterReroll(CombatDecision):
    """A supporter may use their Assault (gray) or Defend (red) reroll, once per combat (§12.5, §18.4)."""

    kind = "use a support reroll"
    rule = "§12.5"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        die = reroll_card(state, seat)
        return [act(seat, "pass")] + ([act(seat, "reroll", DIE_WORDS[die])] if die >= 0 else [])

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "pass":
            return
        support_reroll(state, self.seat)
        state.combat[REOPEN] = 1

    def text(self, state: Any) -> str:
        die = DIE_WORDS[max(reroll_card(state, self.seat), 0)]
        return f"Your support card may reroll the {die} die ({dice_text(state)}): reroll it, or pass."


def support_reroll(state: DiscoverState, seat: int) -> None:
    """A supporter's card reroll (Assault gray, Defend red), once per combat (§12.5)."""
    die = reroll_card(state, seat)
    state.support_rerolled[seat] = 1
    state.log("support", f"Seat {seat} uses their {SUPPORT[state.support_played[seat]]} card (§12.5).")
    queue_reroll(state, seat, die)


# ----------------------------------------------------------------------------- step 3: damage
@dataclass(frozen=True, slots=True)
class Redirect(CombatDecision):
    """The combatant keeps a damage point or has an Assault or Defend supporter take it; a redirected point does
    not set off Overpower (§12.5, §17.20 item 8, §18.4)."""

    kind = "redirect damage"
    rule = "§12.5"
    points: int

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        out = [act(seat, "take")]
        for s in supporter_seats(state):
            if state.support_played[s] in (ASSAULT, DEFEND):
                out.append(act(seat, "redirect", s))
        return out

    def resolve(self, state: Any, action: Any) -> None:
        if self.points > 1:
            state.decisions.append(Redirect(self.seat, self.points - 1))
        if action.verb == "take":
            take_hit(state, self.seat)
            return
        other = int(action.args[0])
        state.log("redirect", f"Seat {other}'s {SUPPORT[state.support_played[other]]} card takes the damage "
                              f"for seat {self.seat} (§12.5).")
        suffer(state, other, PHYSICAL)

    def text(self, state: Any) -> str:
        return "You are hit for 1 physical damage: take it, or redirect it to a supporter's assault or defend card."


@dataclass(frozen=True, slots=True)
class ShareReward(CombatDecision):
    """The combatant may give parts of the reward to supporters, one resource at a time (§12.6)."""

    kind = "share the reward"
    rule = "§12.6"
    left: tuple[int, ...]
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        out = [act(seat, "keep")]
        kinds = sorted(set(self.left))
        for other in supporter_seats(state):
            out += [act(seat, "give", other, RESOURCES[r]) for r in kinds if amount(state, seat, r) > 0]
        return out

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "keep":
            return
        other, r = int(action.args[0]), RESOURCES.index(action.args[1])
        lose(state, self.seat, r, 1)
        gain(state, other, r)
        state.log("give", f"Seat {self.seat} gives 1 {action.args[1]} of the reward to seat {other} (§12.6).")
        rest = list(self.left)
        rest.remove(r)
        if rest:
            state.decisions.append(ShareReward(self.seat, tuple(rest)))

    def text(self, state: Any) -> str:
        reward = ", ".join(RESOURCES[r] for r in self.left)
        return f"Give part of the reward ({reward}) to a supporter, or keep the rest."


# ----------------------------------------------------------------------------- step 4 and escapes
@dataclass(frozen=True, slots=True)
class RetreatChoice(CombatDecision):
    """The retreat space is not free: the combatant picks a fallback space (§12.7)."""

    kind = "choose the retreat space"
    rule = "§12.7"
    options: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "retreat", space_name(s)) for s in self.options]

    def resolve(self, state: Any, action: Any) -> None:
        move_token(state, parse_space(action.args[0]))

    def text(self, state: Any) -> str:
        spaces = ", ".join(space_name(s) for s in self.options)
        return f"The enemy cannot retreat in the die's direction: choose where its token goes ({spaces})."


@dataclass(frozen=True, slots=True)
class EscapeMove(CombatDecision):
    """An escaping combatant moves to an adjacent faceup space with no monster token (§12.8)."""

    kind = "choose the escape space"
    rule = "§12.8"
    options: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "escape", space_name(s)) for s in self.options]

    def resolve(self, state: Any, action: Any) -> None:
        space = parse_space(action.args[0])
        state.position[self.seat] = space
        state.log("escape", f"Seat {self.seat} escapes to {space_name(space)}; the combat ends (§12.8).")

    def text(self, state: Any) -> str:
        return "Escape: choose an adjacent space with no monster token (" + \
            ", ".join(space_name(s) for s in self.options) + ")."


@dataclass(frozen=True, slots=True)
class BeforeRolling(CombatDecision):
    """Right after the support choices the combatant may use "before rolling" abilities, each once this combat
    (§12.3 P2, §14.2 item 9)."""

    kind = "before rolling"
    rule = "§12.3"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return ability_uses(state, seat, "before_roll") + [act(seat, "pass")]

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "pass":
            return
        state.decisions.append(BeforeRolling(self.seat))
        use_item(state, self.seat, action, "before_roll")

    def text(self, state: Any) -> str:
        return "Before the dice are rolled: use an ability that works before rolling, or pass."


@dataclass(frozen=True, slots=True)
class OfferBeforeRolling(Step):
    """P2: ask the combatant only if it has a "before rolling" ability to use (§12.3)."""

    kind = "offer before-rolling abilities"
    rule = "§12.3"

    def proceed(self, state: DiscoverState) -> None:
        if state.combat and state.status[self.seat] == 0 and ability_uses(state, self.seat, "before_roll"):
            state.decisions.append(BeforeRolling(self.seat))


KINDS = (SupportChoice, ModifyDice, BeforeRolling, OfferBeforeRolling, SupporterReroll, Redirect, ShareReward, RetreatChoice, EscapeMove)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .effects import CARD_ABILITY, CHARACTER_ABILITY, QUEST_ABILITY, run  # noqa: E402
