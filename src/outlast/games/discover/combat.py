"""Combat (discover.md §12, §14.2, §15.3–§15.5): the entry points the rest of the rules call.

A fight is pushed on the decision stack and runs in rule order: P0 reveal and binding (`combat_steps`), P1
support cards, the roll, modifying dice (`combat_choices`), damage, retreat or a lethal chain; Scenario 5
attacks run in `combat_pvp`. The effect verbs `reroll`, `modify` and `escape` act on the combat in progress.
The layout of `state.combat` is `combat_base.FIELDS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import combat_choices, combat_pvp, combat_steps, flow
from .actions import space_name
from .combat_base import (
    BOTH_DICE,
    CHOICE,
    COMBATANT,
    DEFENDER,
    DIE_WORDS,
    END,
    ENEMY,
    FIELDS,
    GRAY,
    GRAY_DIE,
    GRAY_MOD,
    MODE,
    NO_TOKEN,
    PVP,
    RED,
    RED_MOD,
    SPACE,
    STAGE,
    STAGES,
    TOKEN_ID,
    TOKEN_KIND,
    dice_text,
    drop_combat_entries,
    own_die,
    stats,
    supporter_seats,
)
from .combat_choices import BeforeRolling, EscapeMove, ModifyDice, OfferBeforeRolling, SupporterReroll
from .combat_pvp import attack_refusal, start_attack
from .combat_steps import ApplyReroll, CombatStage, StartCombat, lethal_next, queue_reroll, token_piece
from .decisions import Step
from .exploring import faceup, monsters_at
from .terms import DECK, IN_PLAY, PLAYING, SUPPORT
from .terms import ENEMY as ENEMY_KIND

if TYPE_CHECKING:
    from .state import DiscoverState

__all__ = ["FIELDS", "KINDS", "attack_refusal", "describe", "escape", "fight_card", "fight_enemy_card", "fight_token",
           "modify", "reroll", "start_attack"]


def describe(state: DiscoverState) -> dict[str, Any]:
    """The combat in progress for every player's view (all of it is public: dice and cards are faceup, §18.5)."""
    c = state.combat
    out: dict[str, Any] = {
        "mode": "attack" if c[MODE] == PVP else "enemy", "stage": STAGES[c[STAGE]],
        "combatant": c[COMBATANT], "space": space_name(c[SPACE]),
        "dice": {"gray": c[GRAY], "red": c[RED], "gray_modifier": c[GRAY_MOD], "red_modifier": c[RED_MOD]},
        "support": {str(s): SUPPORT[state.support_played[s]] if state.support_played[s] >= 0 else "none"
                    for s in supporter_seats(state)},
        "shield": {str(s): n for s, n in enumerate(state.shield) if n},
        "used": [f"#{state.copy.cards[key].number}" if key < len(state.copy.cards) else
                 "character" if key < len(state.copy.cards) + 100 else "quest" for key in state.used_in_combat],
    }
    if c[MODE] == PVP:
        out["defender"] = c[DEFENDER]
        return out
    data, enemy = state.copy.cards[c[ENEMY]], stats(state)
    out["enemy"] = {"number": data.number, "name": data.name, "defense": enemy.defense, "attack": enemy.attack,
                    "health": enemy.health, "damage": state.card_counters[c[ENEMY]], "lethal": enemy.lethal}
    if c[TOKEN_KIND] != NO_TOKEN:
        out["token"] = f"t{c[TOKEN_ID]}"
    return out


# ----------------------------------------------------------------------------- entry points
def fight_token(state: DiscoverState, seat: int, piece_index: int) -> None:
    """`seat` fights the monster or enemy feature token at `piece_index` (§11.3, §7.3). A facedown monster not yet
    drawn flips first (a chance point, resolved before anything else moves)."""
    kind, _, value, _ = state.pieces[piece_index]
    if value < 0:
        flow.queue(state, flow.MONSTER, piece_index)
        state.decisions.append(FlipThenFight(seat, piece_index))
        return
    state.decisions.append(StartCombat(seat, kind, value, -1))


@dataclass(frozen=True, slots=True)
class FlipThenFight(Step):
    """The token just flipped (its chance point came first, so the index still holds): fight it by its id."""

    kind = "flip a monster and fight"
    rule = "§11.3"
    piece: int

    def proceed(self, state: DiscoverState) -> None:
        kind, _, value, _ = state.pieces[self.piece]
        state.decisions.append(StartCombat(self.seat, kind, value, -1))


def fight_card(state: DiscoverState, seat: int, number: int) -> None:
    """Fight enemy #`number`, which has no token: a faceup card of that number still in play is fought again
    with its counters; else a copy from the enemy deck, then the exploration deck; none left, nothing happens
    (§11.1 item 3, §17.20 item 5, §9.4)."""
    cards = state.copy.cards
    in_play = [c for c, place in enumerate(state.card_place)
               if place == IN_PLAY and cards[c].number == number and cards[c].kind == ENEMY_KIND]
    found = in_play or [c for c, place in enumerate(state.card_place)
                        if place == DECK and cards[c].number == number and cards[c].kind == ENEMY_KIND]
    if not found:
        state.log("lookup", f"Enemy #{number} is not in a deck: nothing is fought (§9.4).")
        return
    fight_enemy_card(state, seat, found[0])


def fight_enemy_card(state: DiscoverState, seat: int, card: int) -> None:
    """Fight an enemy card with no token (revealed by a lookup): it occupies the combatant's space and, if it
    survives, stays faceup in play with its counters (§9.2, §12.3 P0, §17.20 item 5)."""
    state.place_card(card, IN_PLAY)
    state.decisions.append(StartCombat(seat, NO_TOKEN, NO_TOKEN, card))


# ----------------------------------------------------------------------------- effect helpers
def _die(state: DiscoverState, seat: int, dice: str) -> int:
    """The absolute die an effect's word means for `seat`: `any` is the die the user chose when using it."""
    if dice == "any":
        return state.combat[CHOICE]
    return own_die(state, seat, DIE_WORDS.index(dice))


def reroll(state: DiscoverState, seat: int, dice: str) -> None:
    """An effect rerolls `gray`, `red`, `both` or `any` (the user's pick) — "gray" is the user's own die in
    Scenario 5 (§12.4, §15.3); outside a rolled combat it does nothing (§14.1 item 4)."""
    if not _rolled(state):
        state.log("fizzle", "No combat dice are rolled: the reroll does nothing (§14.1 item 4).")
        return
    queue_reroll(state, seat, _die(state, seat, dice))


def modify(state: DiscoverState, seat: int, die: str, amount: int) -> None:
    """A persistent +/− on a die, kept through rerolls (§12.4, §14.2 item 2); before the roll (§12.3 P2) it waits
    on its die and applies to the face rolled."""
    if not state.combat:
        state.log("fizzle", "No combat is going on: the modifier does nothing (§14.1 item 4).")
        return
    which = _die(state, seat, die)
    for one in ((GRAY_DIE, 1) if which == BOTH_DICE else (which,)):
        state.combat[GRAY_MOD if one == GRAY_DIE else RED_MOD] += amount
    state.log("modify", f"{die.capitalize()} {amount:+d}: {dice_text(state)} (§12.4).")


def _rolled(state: DiscoverState) -> bool:
    return bool(state.combat) and state.combat[GRAY] > 0


def escape_spaces(state: DiscoverState, seat: int) -> list[int]:
    """Adjacent faceup spaces with no monster token: where an escape may go (§12.8)."""
    return [s for s in state.board.adjacent[state.position[seat]] if faceup(state, s) and not monsters_at(state, s)]


ESCAPE_DROPS = (CombatStage, ModifyDice, SupporterReroll, ApplyReroll, BeforeRolling, OfferBeforeRolling)
"""The combat's own pending entries an escape ends (a later `StartCombat` stays)."""


def escape(state: DiscoverState, seat: int) -> None:
    """The combatant escapes: every step not yet resolved is skipped; nobody takes damage, nothing is defeated and
    nothing retreats; then the enemy fights the next survivor on the left in its space. A lethal enemy is never
    escaped from: the combat ends and the next starts by its left-hand rule (§12.8, §12.9, §14.2 item 3)."""
    c = state.combat
    if not c or c[MODE] == PVP or c[COMBATANT] != seat:
        state.log("fizzle", "Only the combatant of a combat against an enemy may escape (§12.8).")
        return
    if stats(state).lethal:
        drop_combat_entries(state, ESCAPE_DROPS)
        state.log("escape", "A lethal enemy cannot be escaped: this combat ends, and it fights on (§12.9).")
        lethal_next(state, seat)
        return
    options = escape_spaces(state, seat)
    if not options:
        state.log("fizzle", "No adjacent faceup space is free of monsters: the escape fails (§12.8, §14.1 item 4).")
        return
    drop_combat_entries(state, ESCAPE_DROPS)
    state.decisions.append(EscapeFollow(seat, c[TOKEN_KIND], c[TOKEN_ID], c[ENEMY], c[SPACE]))
    state.decisions.append(CombatStage(seat, END))
    state.decisions.append(EscapeMove(seat, tuple(options)))


@dataclass(frozen=True, slots=True)
class EscapeFollow(Step):
    """After an escape, the enemy at once fights the next survivor to the escaper's left in its space (§12.8)."""

    kind = "fight after an escape"
    rule = "§12.8"
    token_kind: int
    token: int
    card: int
    space: int

    def proceed(self, state: DiscoverState) -> None:
        space = self.space
        if self.token_kind != NO_TOKEN:
            i = token_piece(state, self.token_kind, self.token)
            if i < 0:
                return
            space = state.pieces[i][1]
        after = [(self.seat + k) % state.seats for k in range(1, state.seats)]
        here = [s for s in after if state.status[s] == PLAYING and state.position[s] == space]
        if here:
            state.log("combat", f"The enemy turns on seat {here[0]} (§12.8).")
            state.decisions.append(StartCombat(here[0], self.token_kind, self.token, self.card))


KINDS = (*combat_steps.KINDS, *combat_choices.KINDS, *combat_pvp.KINDS, FlipThenFight, EscapeFollow)
"""Every decision and step kind of combat, for the game's `DecisionKinds`."""
