"""What every combat module shares: the layout of `state.combat`, who takes part, and the dice (discover.md §12, §15).

A combat in progress is one flat list of ints on the state, read through the names below; it is empty when no
combat runs. A token is referred to by (kind, token id), never by a piece index kept across decisions. Support
cards played are per seat in `state.support_played` (`NO_SUPPORT` or `terms.ASSAULT`/`DEFEND`/`OVERPOWER`) and
their rerolls used in `state.support_rerolled`; items used this combat are card ids in `state.used_in_combat`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import DiscoverAction
from .copy import EnemyStats
from .decisions import DiscoverDecision
from .terms import ASSAULT, DEFEND, OVERPOWER, PLAYING

if TYPE_CHECKING:
    from .state import DiscoverState

FIELDS = ("mode", "enemy", "token_kind", "token", "combatant", "defender", "space", "gray", "red", "gray_mod",
          "red_mod", "stage", "passes", "reopen", "supporters", "choice", "defeated")
"""The names of `state.combat`'s entries, in order:
- mode: `NORMAL` (a survivor against an enemy card) or `PVP` (Scenario 5, §15.3);
- enemy: the enemy card id (−1 in PvP); token_kind, token: the monster or feature token fought (−1: none);
- combatant (the attacker in PvP), defender (PvP, else −1), space: the combat space;
- gray, red: the faces showing (0 before the roll); gray_mod, red_mod: persistent modifiers (§12.4);
- stage: the step reached (`STAGES`); passes: passes in a row (PvP round-robin); reopen: a supporter rerolled
  since the combatant last passed (§18.4); supporters: a bitmask of the supporters' seats (§12.2);
- choice: the die a "one die or both" reroll was aimed at (0 gray, 1 red, 2 both); defeated: 1 once defeated."""
(MODE, ENEMY, TOKEN_KIND, TOKEN_ID, COMBATANT, DEFENDER, SPACE, GRAY, RED, GRAY_MOD, RED_MOD, STAGE, PASSES,
 REOPEN, SUPPORTERS, CHOICE, DEFEATED) = range(len(FIELDS))
NORMAL, PVP = 0, 1
NO_SUPPORT = -1
NO_TOKEN = -1
DIE_WORDS = ("gray", "red", "both")
GRAY_DIE, RED_DIE, BOTH_DICE = range(3)
PVP_HIT = 10
"""Scenario 5 hits on a final result of 10 or more (§15.3)."""

STAGES = ("support", "roll", "rolled", "modify", "offers done", "damage", "hurt", "after damage", "retreat", "end",
          "pvp damage")
(SUPPORT, ROLL, ROLLED, MODIFY, OFFERS_DONE, DAMAGE, HURT, AFTER_DAMAGE, RETREAT, END, PVP_DAMAGE) = \
    range(len(STAGES))


def in_combat(state: DiscoverState) -> bool:
    return bool(state.combat)


def stats(state: DiscoverState) -> EnemyStats:
    """The enemy card's numbers (§3.4)."""
    enemy = state.copy.cards[state.combat[ENEMY]].enemy
    assert enemy is not None
    return enemy


def final(state: DiscoverState, die: int) -> int:
    """A die's final result: the face showing plus its persistent modifiers (§12.4)."""
    c = state.combat
    return c[GRAY] + c[GRAY_MOD] if die == GRAY_DIE else c[RED] + c[RED_MOD]


def supporter_seats(state: DiscoverState) -> list[int]:
    """The supporters of the combat in progress still on the map, from the combatant's left (§12.2, §18.4)."""
    mask = state.combat[SUPPORTERS]
    first = state.combat[COMBATANT]
    seats = [s for s in range(state.seats) if mask >> s & 1 and state.status[s] == PLAYING]
    return sorted(seats, key=lambda s: (s - first) % state.seats)


def find_supporters(state: DiscoverState, space: int, combatants: tuple[int, ...]) -> int:
    """Bitmask of the other survivors within 2 spaces of the combat space; none in a solo game (§12.2, §15.4)."""
    if state.seats < 2:
        return 0
    mask = 0
    for s in state.survivors():
        if s not in combatants and state.board.distance(state.position[s], space) <= 2:
            mask |= 1 << s
    return mask


def playing_card(state: DiscoverState, card: int) -> list[int]:
    """Supporters who played `card` (a support card index) and are still survivors."""
    return [s for s in supporter_seats(state) if state.support_played[s] == card]


def overpower_count(state: DiscoverState) -> int:
    """Overpower cards in play: each adds 1 to the damage dealt (§12.5; several add up)."""
    return len(playing_card(state, OVERPOWER))


def reroll_card(state: DiscoverState, seat: int) -> int:
    """The die a supporter's unused Assault (gray) or Defend (red) card may reroll, or −1 (§12.5)."""
    if state.support_rerolled[seat] or state.status[seat] != PLAYING:
        return -1
    card = state.support_played[seat]
    return GRAY_DIE if card == ASSAULT else RED_DIE if card == DEFEND else -1


def own_die(state: DiscoverState, seat: int, die: int) -> int:
    """The absolute die a seat means by `die` (gray = "your die"): in PvP the defender's own die is red (§15.3,
    §17.20 item 10)."""
    c = state.combat
    if c[MODE] == PVP and seat == c[DEFENDER] and die != BOTH_DICE:
        return RED_DIE if die == GRAY_DIE else GRAY_DIE
    return die


def _face(showing: int, mod: int) -> str:
    return str(showing) if not mod else f"{showing}{mod:+d} = {showing + mod}"


def dice_data(state: DiscoverState) -> dict[str, Any]:
    """The data of a combat roll's event, for a table to show the dice (§12.3 step 1, §12.4): each die by colour
    with its face (modifiers applied) and the number it is checked against, and the seat fighting."""
    c = state.combat
    gray, red = _face(c[GRAY], c[GRAY_MOD]), _face(c[RED], c[RED_MOD])
    if c[MODE] == PVP:
        against: tuple[Any, Any] = (PVP_HIT, PVP_HIT)
    else:
        enemy = stats(state)
        against = (enemy.defense, enemy.attack or None)
    return {"seat": c[COMBATANT], "dice": [{"die": "gray", "face": gray, "against": against[0]},
                                           {"die": "red", "face": red, "against": against[1]}]}


def dice_text(state: DiscoverState) -> str:
    """The dice and what they are checked against, for the players (§12.4 final results)."""
    c = state.combat
    gray, red = _face(c[GRAY], c[GRAY_MOD]), _face(c[RED], c[RED_MOD])
    if c[MODE] == PVP:
        return f"gray {gray}, red {red} (each hits at {PVP_HIT} or more)"
    enemy = stats(state)
    attack = enemy.attack or "–"
    return f"gray {gray} against defense {enemy.defense}, red {red} against attack {attack}"


@dataclass(frozen=True, slots=True)
class CombatDecision(DiscoverDecision):
    """Base of the combat's decisions: a refusal names the rule and lists the answers that fit now."""

    def refusal(self, state: Any, action: Any) -> str:
        answers: list[DiscoverAction] = self.legal(state, action.seat)
        listed = ", ".join(f"`{a}`" for a in answers) or "none"
        return f"`{action}` does not answer this ({self.text(state)}; {self.rule}); the answers now: {listed}"


def drop_combat_entries(state: DiscoverState, kinds: tuple[type, ...]) -> None:
    """Take the rest of the current combat's steps and decisions off the stack (an escape ends it at once, §12.8)."""
    state.decisions[:] = [d for d in state.decisions if not isinstance(d, kinds)]
