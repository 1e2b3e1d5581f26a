"""The engine's own steps of a combat: reveal and binding, the roll, damage, retreat, lethal chains (discover.md §12).

Each step is a small frozen class on the decision stack; `CombatStage` carries the stage it runs, and the
decisions of `combat_choices` push the stage that follows them before they ask, so the stack reads in rule order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import flow
from .abilities import passive
from .actions import space_name
from .carrying import TrimNow, gain, return_card
from .combat_base import (
    AFTER_DAMAGE,
    BOTH_DICE,
    COMBATANT,
    DAMAGE,
    DEFEATED,
    DEFENDER,
    DIE_WORDS,
    END,
    ENEMY,
    GRAY,
    GRAY_DIE,
    GRAY_MOD,
    HURT,
    MODE,
    NO_SUPPORT,
    NO_TOKEN,
    NORMAL,
    OFFERS_DONE,
    PVP,
    PVP_DAMAGE,
    RED,
    RED_DIE,
    RED_MOD,
    REOPEN,
    RETREAT,
    ROLL,
    ROLLED,
    SPACE,
    STAGE,
    STAGES,
    SUPPORT,
    TOKEN_ID,
    TOKEN_KIND,
    dice_data,
    dice_text,
    final,
    find_supporters,
    overpower_count,
    playing_card,
    stats,
    supporter_seats,
)
from .damage import prevented, suffer
from .decisions import Step
from .terms import (
    ASSAULT,
    BOUND,
    DECK,
    DEFEND,
    FEATURE,
    IN_PLAY,
    MONSTER,
    OVERPOWER,
    PHYSICAL,
    PLAYING,
    RESOURCES,
)
from .terms import ENEMY as ENEMY_KIND

if TYPE_CHECKING:
    from .state import DiscoverState


# ----------------------------------------------------------------------------- tokens on the map
def token_piece(state: DiscoverState, kind: int, token: int) -> int:
    """The index of the piece holding token (kind, id) now, or −1 if it is not on the map."""
    for i, p in enumerate(state.pieces):
        if p[0] == kind and p[2] == token:
            return i
    return -1


def token_number(state: DiscoverState, kind: int, token: int) -> int:
    """The enemy number a monster or feature token shows (§3.4)."""
    return state.copy.monsters[token].number if kind == MONSTER else state.copy.features[token].number


def discard_token(state: DiscoverState, kind: int, token: int) -> None:
    """A token leaves the map: a normal monster to the monster discard (§11.6), a feature token to its back's
    discard (§5.8); a special monster never joins the normal pool (§11.5) and leaves the game."""
    i = token_piece(state, kind, token)
    if i >= 0:
        del state.pieces[i]
    if kind == FEATURE:
        state.feature_discard[state.copy.features[token].back].append(token)
    elif not state.copy.monsters[token].special:
        state.monster_discard.append(token)


def enemy_copies(state: DiscoverState, number: int) -> list[int]:
    """Enemy cards with this number still in a deck: the enemy deck, else the exploration deck (§12.3 P0, §11.5)."""
    cards = state.copy.cards
    return [c for c, place in enumerate(state.card_place)
            if place == DECK and cards[c].number == number and cards[c].kind == ENEMY_KIND]


# ----------------------------------------------------------------------------- P0 and the start
@dataclass(frozen=True, slots=True)
class StartCombat(Step):
    """P0: reveal the enemy and bind its card to the token; then the supporters choose (§12.3 P0–P1, §17.20 item 5).

    `card` is the enemy card when there is no token; for a token it is read from the piece (a bound copy keeps
    its counters) or taken from the deck now; with no copy left the token is discarded with no combat."""

    kind = "start a combat"
    rule = "§12.3"
    token_kind: int
    token: int
    card: int

    def proceed(self, state: DiscoverState) -> None:
        if state.status[self.seat] != PLAYING:
            return
        card = self.card
        if self.token_kind != NO_TOKEN:
            card = _bind(state, self.token_kind, self.token)
            if card < 0:
                return
        begin(state, self.seat, card, self.token_kind, self.token)


def _bind(state: DiscoverState, kind: int, token: int) -> int:
    """The card bound to a token, binding a deck copy on its first fight; −1 (token discarded) if none is left."""
    i = token_piece(state, kind, token)
    if i < 0:
        return -1
    piece = state.pieces[i]
    if piece[3] >= 0:
        return piece[3]
    number = token_number(state, kind, token)
    copies = enemy_copies(state, number)
    if not copies:
        discard_token(state, kind, token)
        state.log("fizzle", f"No copy of enemy #{number} is left in a deck: its token is discarded with no "
                            "combat (§12.3 P0).")
        return -1
    card = copies[0]
    state.place_card(card, BOUND)
    state.pieces[i] = (piece[0], piece[1], piece[2], card)
    return card


def begin(state: DiscoverState, seat: int, card: int, token_kind: int, token: int) -> None:
    """Open a normal combat of `seat` against enemy card `card`: P1 support choices come first (§12.3)."""
    space = state.position[seat]
    state.combat[:] = [NORMAL, card, token_kind, token, seat, -1, space, 0, 0, 0, 0, SUPPORT, 0, 0,
                       find_supporters(state, space, (seat,)), 0, 0]
    reset_support(state)
    data = state.copy.cards[card]
    enemy = stats(state)
    wounds = state.card_counters[card]
    state.log("combat", f"Seat {seat} fights {data.name} (#{data.number}): defense {enemy.defense}, attack "
                        f"{enemy.attack or '–'}, health {enemy.health}" + (f", {wounds} damage already" if wounds
                                                                             else "") + " (§12.3).", card=card)

    state.decisions.append(CombatStage(seat, ROLL))
    state.decisions.append(OfferBeforeRolling(seat))
    for supporter in reversed(supporter_seats(state)):
        state.decisions.append(SupportChoice(supporter))


def reset_support(state: DiscoverState) -> None:
    """Support cards come back and once-per-combat uses reset (§12.3 clean-up, §9.8)."""
    state.support_played[:] = [NO_SUPPORT] * state.seats
    state.support_rerolled[:] = [0] * state.seats
    state.shield[:] = [0] * state.seats
    state.used_in_combat.clear()


# ----------------------------------------------------------------------------- the stages
@dataclass(frozen=True, slots=True)
class CombatStage(Step):
    """The next stage of the combat in progress (§12.3 steps 1–4, §15.3)."""

    kind = "combat stage"
    rule = "§12.3"
    stage: int

    def proceed(self, state: DiscoverState) -> None:
        if not state.combat:
            return
        state.combat[STAGE] = self.stage
        STAGE_RUN[self.stage](state)

    def text(self, state: DiscoverState) -> str:
        return f"the combat goes on: {STAGES[self.stage]}"


def _roll(state: DiscoverState) -> None:
    """Step 1: the combatant rolls both dice (in PvP the attacker gray, the defender red, §15.3)."""
    state.decisions.append(CombatStage(state.combat[COMBATANT], ROLLED))
    flow.queue(state, flow.DIE_ROLL)
    flow.queue(state, flow.DIE_ROLL)


def _rolled(state: DiscoverState) -> None:
    """The dice are down: free passive bonuses apply, then the modify step begins (§12.4, §15.3)."""
    c = state.combat
    c[RED] = state.drawn.pop()
    c[GRAY] = state.drawn.pop()
    seat = c[COMBATANT]
    c[GRAY_MOD] += passive(state, seat, "gray_bonus")
    c[RED_MOD] += passive(state, seat, "red_bonus")
    if c[MODE] == PVP:
        c[RED_MOD] += passive(state, c[DEFENDER], "gray_bonus")
        c[GRAY_MOD] += passive(state, c[DEFENDER], "red_bonus")
    state.log("roll", f"The dice: {dice_text(state)} (§12.3 step 1).", **dice_data(state))
    if c[MODE] == PVP:
        state.decisions.append(PvpTurn(seat))
        apply_free_modifiers(state, seat)
        apply_free_modifiers(state, c[DEFENDER])
    else:
        state.decisions.append(ModifyDice(seat))


def _offers_done(state: DiscoverState) -> None:
    """After the supporters' offers: back to the combatant if one rerolled, else on to Deal Damage (§18.4)."""
    c = state.combat
    if c[REOPEN]:
        c[REOPEN] = 0
        state.decisions.append(ModifyDice(c[COMBATANT]))
    else:
        state.decisions.append(CombatStage(c[COMBATANT], DAMAGE))


def _damage_enemy(state: DiscoverState) -> None:
    """Step 3a: gray final ≥ defense deals 1 + Overpower; at its health the enemy is defeated, and the reward
    (paid before any elimination, §10.3) may be shared (§12.6); whoever it puts over the carry limit trims at once
    (§8.3), before the combat and the action go on."""
    c = state.combat
    seat, card = c[COMBATANT], c[ENEMY]
    enemy = stats(state)
    state.decisions.append(CombatStage(seat, HURT))
    if final(state, GRAY_DIE) < enemy.defense:
        state.log("miss", f"Gray {final(state, GRAY_DIE)} is below defense {enemy.defense}: no damage (§12.6).")
        return
    dealt = 1 + overpower_count(state)
    state.card_counters[card] += dealt
    name = state.copy.cards[card].name
    state.log("hit", f"Gray {final(state, GRAY_DIE)} ≥ defense {enemy.defense}: {name} takes {dealt} damage "
                     f"({state.card_counters[card]} of {enemy.health}) (§12.6).")
    if state.card_counters[card] < enemy.health:
        return
    defeat(state, seat)
    reward = tuple(r for r, n in enemy.reward for _ in range(n))
    if reward:
        state.decisions.append(TrimNow(seat))
    if reward and supporter_seats(state):
        state.decisions.append(ShareReward(seat, reward))


def defeat(state: DiscoverState, seat: int) -> None:
    """The enemy is defeated: the reward to the combatant, the card back to its deck with no counters, the token
    discarded, and the defeat noted for quests (§12.6)."""
    c = state.combat
    card = c[ENEMY]
    data = state.copy.cards[card]
    enemy = stats(state)
    c[DEFEATED] = 1
    for r, n in enemy.reward:
        gain(state, seat, r, n)
    got = ", ".join(f"{n} {RESOURCES[r]}" for r, n in enemy.reward) or "nothing"
    state.log("defeat", f"{data.name} is defeated; seat {seat} takes the reward: {got} (§12.6).")
    return_card(state, card)
    if c[TOKEN_KIND] != NO_TOKEN:
        discard_token(state, c[TOKEN_KIND], c[TOKEN_ID])
    note(state, "defeat", data.number)


def _hurt(state: DiscoverState) -> None:
    """Step 3b: red final ≥ attack (never against "–") hurts the combatant 1 physical, even after a defeat; an
    Assault or Defend supporter may take the point instead (§12.6, §12.5, §18.4)."""
    c = state.combat
    seat = c[COMBATANT]
    enemy = stats(state)
    state.decisions.append(CombatStage(seat, AFTER_DAMAGE))
    if not enemy.attack:
        state.log("safe", f"Red {final(state, RED_DIE)}, but this enemy has no attack (–): seat {seat} takes no "
                          "damage (§12.6).")
        return
    if final(state, RED_DIE) < enemy.attack:
        state.log("safe", f"Red {final(state, RED_DIE)} does not reach attack {enemy.attack}: seat {seat} "
                          "takes no damage (§12.6).")
        return
    state.log("hurt", f"Red {final(state, RED_DIE)} ≥ attack {enemy.attack} (§12.6).")
    if playing_card(state, ASSAULT) or playing_card(state, DEFEND):
        state.decisions.append(Redirect(seat, 1))
    else:
        take_hit(state, seat)


def take_hit(state: DiscoverState, seat: int) -> None:
    """The combatant suffers 1 physical; each Overpower supporter also suffers 1 physical (§12.5)."""
    partners = playing_card(state, OVERPOWER)
    suffer(state, seat, PHYSICAL, prevented(state, seat, 1))
    for supporter in partners:
        state.log("overpower", f"Seat {supporter}'s Overpower card costs them 1 physical damage (§12.5).")
        suffer(state, supporter, PHYSICAL)


def _after_damage(state: DiscoverState) -> None:
    """Step 4: a surviving enemy retreats — a lethal one fights on instead, and an enemy with no token stays in
    play with its counters (§12.7, §12.9, §17.20 item 5)."""
    c = state.combat
    seat = c[COMBATANT]
    if c[DEFEATED]:
        state.decisions.append(CombatStage(seat, END))
        return
    card = c[ENEMY]
    if stats(state).lethal:
        lethal_next(state, seat)
        return
    if c[TOKEN_KIND] == NO_TOKEN:
        state.place_card(card, IN_PLAY)
        state.log("stays", f"{state.copy.cards[card].name} is not defeated: its card stays faceup with its "
                           "counters; nothing retreats (§17.20 item 5).")
        state.decisions.append(CombatStage(seat, END))
        return
    state.decisions.append(CombatStage(seat, RETREAT))


def lethal_next(state: DiscoverState, previous: int) -> None:
    """A lethal enemy not defeated fights again at once: the survivor in its space next to the previous
    combatant's left, else the previous one again, until it falls or none is left (§12.9). The new combat is a
    new combat: once-per-combat uses refresh (§9.8)."""
    c = state.combat
    space = c[SPACE]
    after = [(previous + k) % state.seats for k in range(1, state.seats + 1)]
    here = [s for s in after if state.status[s] == PLAYING and state.position[s] == space]
    if c[TOKEN_KIND] == NO_TOKEN:
        state.place_card(c[ENEMY], IN_PLAY)
    name = state.copy.cards[c[ENEMY]].name
    if here:
        state.log("lethal", f"{name} is lethal and fights on: seat {here[0]} is next (§12.9).")
        state.decisions.append(StartCombat(here[0], c[TOKEN_KIND], c[TOKEN_ID], c[ENEMY]))
    else:
        state.log("lethal", f"{name} is lethal and has no survivor left in its space (§12.9).")
    state.decisions.append(CombatStage(previous, END))


def _retreat(state: DiscoverState) -> None:
    """Step 4: the token retreats by the red die showing, or to a fallback space (§12.7)."""
    c = state.combat
    state.decisions.append(CombatStage(c[COMBATANT], END))
    target = retreat_target(state)
    if target >= 0:
        move_token(state, target)
        return
    options = retreat_fallbacks(state)
    if options:
        chooser = c[COMBATANT] if state.status[c[COMBATANT]] == PLAYING else state.tribe_leader
        state.decisions.append(RetreatChoice(chooser, tuple(options)))
    else:
        state.log("stays", "No space on a faceup tile is free of survivors: the token stays (§12.7).")


def free_space(state: DiscoverState, space: int) -> bool:
    """On the map, on a faceup tile and holding no survivor: where a token may retreat (§12.7)."""
    if space < 0 or not faceup(state, space):
        return False
    return all(state.position[s] != space for s in state.survivors())


def retreat_target(state: DiscoverState) -> int:
    """The space in the compass direction of the red die showing, 2 for two-space retreaters where the second is
    free (else 1); −1 when the first is not free (§12.7, §17.3)."""
    c = state.combat
    board = state.board
    first = board.compass(c[SPACE], c[RED])
    if not free_space(state, first):
        return -1
    if stats(state).retreat >= 2:
        second = board.compass(first, c[RED])
        if free_space(state, second):
            return second
    return first


def retreat_fallbacks(state: DiscoverState) -> list[int]:
    """Spaces next to the combatant's, faceup and free of survivors; if none, the free faceup spaces nearest the
    combat space by grid distance (§12.7, §14.2 item 6); the combatant picks among them."""
    c = state.combat
    board = state.board
    near = [s for s in board.adjacent[state.position[c[COMBATANT]]] if free_space(state, s)]
    if near:
        return sorted(near)
    free = [s for s in range(board.size) if free_space(state, s)]
    if not free:
        return []
    best = min(board.distance(c[SPACE], s) for s in free)
    return [s for s in free if board.distance(c[SPACE], s) == best]


def move_token(state: DiscoverState, space: int) -> None:
    """The token, now faceup and still bound to its card with its counters, moves to `space` (§12.7)."""
    c = state.combat
    i = token_piece(state, c[TOKEN_KIND], c[TOKEN_ID])
    if i >= 0:
        kind, _, value, card = state.pieces[i]
        state.pieces[i] = (kind, space, value, card)
    state.log("retreat", f"{state.copy.cards[c[ENEMY]].name} retreats to {space_name(space)}, keeping its "
                         f"{state.card_counters[c[ENEMY]]} damage (§12.7).")


def _end(state: DiscoverState) -> None:
    """Clean-up: support cards go back, once-per-combat uses reset, the combat is over (§12.3)."""
    state.log("combat", "The combat ends (§12.3).")
    state.combat.clear()
    reset_support(state)


@dataclass(frozen=True, slots=True)
class ApplyReroll(Step):
    """A reroll's new faces (drawn by DIE chances queued with it) go on the dice; modifiers stay (§12.4)."""

    kind = "reroll a combat die"
    rule = "§12.4"
    die: int

    def proceed(self, state: DiscoverState) -> None:
        if not state.combat:
            return
        c = state.combat
        if self.die in (RED_DIE, BOTH_DICE):
            c[RED] = state.drawn.pop()
        if self.die in (GRAY_DIE, BOTH_DICE):
            c[GRAY] = state.drawn.pop()
        state.log("reroll", f"Seat {self.seat} rerolls {DIE_WORDS[self.die]}: {dice_text(state)} (§12.4).",
                  **dice_data(state))


def queue_reroll(state: DiscoverState, seat: int, die: int) -> None:
    """Reroll a die (or both): the new faces are chance outcomes, applied by `ApplyReroll` (§12.4)."""
    state.decisions.append(ApplyReroll(seat, die))
    for _ in range(2 if die == BOTH_DICE else 1):
        flow.queue(state, flow.DIE_ROLL)


def _pvp_damage(state: DiscoverState) -> None:
    deal_damage(state)


STAGE_RUN = {
    ROLL: _roll, ROLLED: _rolled, OFFERS_DONE: _offers_done, DAMAGE: _damage_enemy, HURT: _hurt,
    AFTER_DAMAGE: _after_damage, RETREAT: _retreat, END: _end, PVP_DAMAGE: _pvp_damage,
}
"""What each stage does (SUPPORT and MODIFY are decisions, not steps)."""

KINDS = (StartCombat, CombatStage, ApplyReroll)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .combat_choices import (  # noqa: E402
    ModifyDice,
    OfferBeforeRolling,
    Redirect,
    RetreatChoice,
    ShareReward,
    SupportChoice,
    apply_free_modifiers,
)
from .combat_pvp import PvpTurn, deal_damage  # noqa: E402
from .exploring import faceup  # noqa: E402
from .quests import note  # noqa: E402
