"""Equipment cards (fuji.md §9, §15): which cards a meeple may use, with which choices, and what each does.

A card's effect is a verb from its content (`content/equipment.yaml`); `CHOICES` lists a verb's legal
parameters, and its handler (`HANDLERS`, registered with the content's verbs) carries it out with the card's
numbers. The decisions some effects open (a lend asked of a teammate, a reroll of one die each, equipment
rerolls) and the equipment token's draw (§10.3) are answered here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE
from outlast.core.words import count

from . import abilities, movement, rolling
from . import board as geo
from .actions import FujiAction, die_label, use_head, use_parts
from .board import cell_name
from .content import VERBS
from .decisions import FujiDecision
from .rerolls import subsets
from .terms import (
    BAG,
    DISCARD,
    EQUIP,
    EQUIPMENT_REROLL,
    GRANTED_REROLL,
    KEEPING,
    LEND,
    REROLL_ONE,
    SETUP,
    UNDER_PILE,
)

if TYPE_CHECKING:
    from .state import FujiState

# ---------------------------------------------------------------------------- what may be used (§9, §15)
def usable_cards(state: FujiState, e: int) -> list[int]:
    """Cards `e` may use this round (§9.4, §9.5): held, not drawn this round, and no broken arm (§10.6)."""
    if state.injuries[e] and not state.injury_modifier(e, abilities.MAY_USE_EQUIPMENT, 1):
        return []
    locations, usable_from, now = state.card_location, state.card_usable_from, state.round
    return [card for card in range(len(locations)) if locations[card] == e and usable_from[card] <= now]


def card_uses(state: FujiState, seat: int, e: int) -> list[FujiAction]:
    """Every legal `use` of `e`'s cards in this phase, with every parameter choice (§15)."""
    equipment = state.table.content.equipment
    out: list[FujiAction] = []
    for card in usable_cards(state, e):
        sources = [(card, -1)]
        if equipment[card].branches[0][0] == "copy_card":
            sources = [(other, other) for other in range(len(state.card_location))
                       if state.card_location[other] >= 0 and other != card]
        for source, copied in sources:
            if state.phase not in equipment[source].phases:
                continue
            for branch, (verb, params) in enumerate(equipment[source].branches):
                choices = CHOICES[verb](state, seat, e, params)
                if choices:
                    head, ids = use_head(equipment, card, copied, branch)
                    out += [FujiAction(seat, "use", (head, *choice), ids) for choice in choices]
    return out


def swappable(state: FujiState) -> list[int]:
    """Landscape cards a terrain swap may exchange: face up and empty (§15)."""
    busy = set(state.position) | set(state.destination)
    tokens = state.equipment_tokens_left | state.eruption_tokens_left | state.double_eruption_tokens_left
    lava = state.lava
    return [cell for cell in state.table.board.landscape
            if not (lava >> cell) & 1 and cell not in busy and not (tokens >> cell) & 1]


Choices = list[tuple[int, ...]]


def _others(state: FujiState, e: int) -> list[int]:
    return [o for o in range(state.table.explorers) if o != e]


def _choose_swap(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return list(combinations(swappable(state), 2))


def _choose_borrow(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [(o,) for o in _others(state, e) if any(i // 6 == o for i in state.held(o))]


def _once_per_round(field: str) -> Callable[[FujiState, int, int, dict[str, Any]], Choices]:
    """A verb without parameters that works once a round per meeple: refused once `field` is set."""
    def choose(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
        return [] if getattr(state, field)[e] else [()]
    return choose


def _choose_always(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [()]


def _choose_lower_screen(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [] if state.screen_lowered[e] == state.phase else [()]


def _choose_reroll(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [()] if state.known_held(e, seat) else []


def _choose_lend(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    own = [i for i in state.known_held(e, seat) if i // 6 == e]
    return [(i, o) for i in own for o in _others(state, e)]


def _choose_turn_over(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    showing = tuple(i for i in state.known_held(e, seat) if state.die_face[i] == params["face"])
    return [a.args for a in subsets(seat, showing, "turn")]


def _choose_set_aside(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    dice = state.known_held(e, seat)
    return [combo for r in range(1, params["max"] + 1) for combo in combinations(dice, r)]


def _choose_set_face(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [(i, face) for i in state.known_held(e, seat) for face in range(1, 7) if face != state.die_face[i]]


def _choose_step(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    board = state.table.board
    return [(cell,) for cell in board.adjacent[state.position[e]] if geo.is_open(board, state.lava, cell)]


def _choose_grant(state: FujiState, seat: int, e: int, params: dict[str, Any]) -> Choices:
    return [(o,) for o in _others(state, e) if state.held(o)]


CHOICES: dict[str, Callable[[FujiState, int, int, dict[str, Any]], Choices]] = {
    "swap_terrain": _choose_swap, "borrow_die": _choose_borrow, "everyone_rerolls_one": _choose_always,
    "no_stamina_loss": _once_per_round("no_stamina_loss"), "movement_bonus": _once_per_round("movement_bonus"),
    "lower_screen": _choose_lower_screen, "reroll": _choose_reroll, "lend_die": _choose_lend,
    "turn_over": _choose_turn_over, "set_aside": _choose_set_aside, "set_face": _choose_set_face,
    "step_now": _choose_step, "grant_reroll": _choose_grant,
}
"""Each verb's legal parameter tuples for meeple e of `seat` (§15); a verb not listed here cannot be used."""


# ---------------------------------------------------------------------------- using a card (§9.2, §15)
def do_give(state: FujiState, act: FujiAction) -> None:
    """§14: pass a card to another meeple; its seat may want to act again, so it is no longer ready."""
    card, to = state.table.content.equipment_by_id[act.ids[0]], act.args[0]
    state.card_location[card] = to
    state.ready[state.table.ctrl[to]] = 0
    state.log("give", f"{state.table.content.equipment[card].name} passes to meeple {to}")


def _public_words(verb: str, params: tuple[int, ...]) -> str:
    """What everyone hears of a use's choices (the rest stays with the user's seat)."""
    if verb == "swap_terrain":
        return " ".join(cell_name(x) for x in params)
    if not params:
        return ""
    if verb == "borrow_die":
        return f"from meeple {params[0]}"
    if verb == "lend_die":
        return f"for meeple {params[1]}" if len(params) > 1 else ""
    if verb == "step_now":
        return cell_name(params[0])
    if verb == "grant_reroll":
        return f"for meeple {params[0]}"
    return ""


def do_use(state: FujiState, act: FujiAction) -> None:
    """Use an equipment card (§9.2): tap or discard it (§14 Tinkerer), then run its verb's handler (`HANDLERS`)."""
    table = state.table
    equipment = table.content.equipment
    card, copied, branch, params = use_parts(table.content, act)
    e = state.card_location[card]
    source = equipment[copied] if copied >= 0 else equipment[card]
    verb = source.branches[branch][0]
    if state.modifier(e, abilities.CARD_USES, 1) > 1 and not state.card_used_once[card]:
        state.card_used_once[card] = 1
    else:
        state.card_location[card] = DISCARD
        state.card_used_once[card] = 0
    state.ready = [0] * table.seats
    seat = table.ctrl[e]
    public = _public_words(verb, params)
    state.log("use", f"meeple {e} uses {equipment[card].name}" + (f" as {source.name}" if copied >= 0 else "") +
              (f" {public}" if public else ""), card=equipment[card].id, verb=verb)
    if params and not public:
        state.log("use", f"seat {seat}: {act}", 1 << seat)
    own_verb, own_params = equipment[card].branches[0 if copied >= 0 else branch]
    VERBS.run({own_verb: own_params}, Use(state, e, seat, params, copied, branch))


class Use:
    """One use of a card being resolved: the state, the meeple using it, its seat, the choices the action made
    (cells, dice, a teammate) and, for a copy, which card and which of its branches is copied."""

    __slots__ = ("state", "explorer", "seat", "choice", "copied", "branch")

    def __init__(self, state: FujiState, explorer: int, seat: int, choice: tuple[int, ...], copied: int,
                 branch: int) -> None:
        self.state = state
        self.explorer = explorer
        self.seat = seat
        self.choice = choice
        self.copied = copied
        self.branch = branch


def _swap_terrain(use: Use) -> None:
    state = use.state
    first, second = use.choice
    state.card_at = state.card_at[:]  # shared with clones: copy on write
    state.card_at[first], state.card_at[second] = state.card_at[second], state.card_at[first]


def _borrow_die(use: Use) -> None:
    lender = use.choice[0]
    use.state.decisions.append(Lend(use.state.table.ctrl[lender], lender, use.explorer))


def _everyone_rerolls_one(use: Use) -> None:
    state, seat = use.state, use.seat
    table = state.table
    for o in reversed(range(table.explorers)):
        if table.options["variant"] == "b" and o == 2:
            half = next(h for h, hand in enumerate(table.hands) if hand[0] == 2 and hand[2] == seat)
            if state.known_held(o, seat):
                state.decisions.append(RerollOne(seat, o, half + 1))
        elif state.known_held(o, table.ctrl[o]):
            state.decisions.append(RerollOne(table.ctrl[o], o, 0))


def _lend_die(use: Use) -> None:
    state = use.state
    die, to = use.choice
    state.die_holder[die] = to
    state.die_seen_by[die] |= state.screen_mask(to, die)
    state.log("reveal", f"die {die_label(-9, die)} ({state.colour(die)}{state.die_face[die]}) goes to meeple {to}",
              state.die_seen_by[die])


def _turn_over(use: Use, face: int) -> None:
    state = use.state
    turned = [die for die in use.choice if state.die_face[die] == face]  # the action chose dice showing `face`
    for die in turned:
        state.die_face[die] = 7 - state.die_face[die]
    for die in turned:
        state.die_seen_by[die] = state.screen_mask(state.die_holder[die], die)


def _set_aside(use: Use, max: int) -> None:  # `max`: the parameter's name in equipment.yaml
    state = use.state
    dice = use.choice[:max]
    for die in dice:
        state.die_holder[die] = -1
        state.die_seen_by[die] = state.table.all_seats
    state.log("reveal", f"meeple {use.explorer} sets aside " +
              " ".join(f"{state.colour(die)}{state.die_face[die]}" for die in dice))


def _lower_screen(use: Use) -> None:
    state, e = use.state, use.explorer
    state.screen_lowered[e] = state.phase
    for die in state.held(e):
        state.die_seen_by[die] = state.table.all_seats
    state.log("reveal", f"meeple {e}'s screen is down: " +
              " ".join(f"{state.colour(die)}{state.die_face[die]}" for die in state.held(e)))


def _no_stamina_loss(use: Use) -> None:
    use.state.no_stamina_loss[use.explorer] = 1


def _set_face(use: Use) -> None:
    state = use.state
    die, face = use.choice
    state.die_face[die] = face
    state.die_seen_by[die] = state.screen_mask(state.die_holder[die], die)


def _step_now(use: Use) -> None:
    state = use.state
    if state.phase == EQUIP:
        state.stepped_early[use.explorer] = 1
    movement.walk(state, use.explorer, (use.choice[0],))


def _movement_bonus(use: Use, amount: int) -> None:
    use.state.movement_bonus[use.explorer] = amount


def _reroll(use: Use, times: int | None) -> None:
    use.state.decisions.append(EquipmentReroll(use.seat, use.explorer, 1 if times is None else times))


def _grant_reroll(use: Use, times: int) -> None:
    to = use.choice[0]
    for _ in range(times):  # one reroll a decision
        use.state.decisions.append(GrantedReroll(use.state.table.ctrl[to], to))


def _copy_card(use: Use) -> None:
    """Run the copied card's chosen branch as if it were this card's (§15)."""
    verb, params = use.state.table.content.equipment[use.copied].branches[use.branch]
    VERBS.run({verb: params}, use)


HANDLERS: dict[str, Callable[..., None]] = {
    "swap_terrain": _swap_terrain, "borrow_die": _borrow_die, "everyone_rerolls_one": _everyone_rerolls_one,
    "lend_die": _lend_die, "turn_over": _turn_over, "set_aside": _set_aside, "lower_screen": _lower_screen,
    "no_stamina_loss": _no_stamina_loss, "set_face": _set_face, "step_now": _step_now,
    "movement_bonus": _movement_bonus, "reroll": _reroll, "grant_reroll": _grant_reroll, "copy_card": _copy_card,
}
"""What each equipment verb does (§15), with the use's choices and the card's own numbers from its content."""
for _name, _handler in HANDLERS.items():
    VERBS.handle(_name, _handler)


# ---------------------------------------------------------------------------- decisions cards open (§15)
@dataclass(frozen=True, slots=True)
class EquipmentReroll(FujiDecision):
    """§15: a card's rerolls, one at a time — any dice the meeple holds and its seat sees, or stop."""

    times: int
    kind = "reroll"
    rule = "§15"
    index = EQUIPMENT_REROLL

    def count(self) -> int:
        return self.times

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [*subsets(self.seat, state.known_held(self.meeple, self.seat), "reroll"), FujiAction(self.seat, "stop")]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        if action.verb == "reroll":
            rolling.roll_again(state, action.args)
            if self.times > 1:
                state.decisions.append(EquipmentReroll(self.seat, self.meeple, self.times - 1))
        state.log("reroll", f"seat {self.seat}: {action}", 1 << self.seat)

    def text(self, state: FujiState) -> str:
        n = self.times
        return f"Equipment reroll (§15 Water): {count(n, 'reroll')} left; choose dice to reroll or stop"


@dataclass(frozen=True, slots=True)
class GrantedReroll(FujiDecision):
    """§15: one reroll a teammate's card gives this meeple — any dice it holds and its seat sees, or stop."""

    kind = "granted reroll"
    rule = "§15"
    index = GRANTED_REROLL

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [*subsets(self.seat, state.known_held(self.meeple, self.seat), "reroll"), FujiAction(self.seat, "stop")]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        if action.verb == "reroll":
            rolling.roll_again(state, action.args)
        state.log("reroll", f"seat {self.seat}: {action}", 1 << self.seat)

    def text(self, state: FujiState) -> str:
        return "Granted reroll (§15 Water): a teammate gave you one reroll; choose dice to reroll or stop"


@dataclass(frozen=True, slots=True)
class Lend(FujiDecision):
    """§15: a teammate asks to borrow a die; the lender (`meeple`) lends one of its own, face kept, or refuses."""

    borrower: int
    kind = "lend"
    rule = "§15"
    reveals = True
    index = LEND

    def count(self) -> int:
        return self.borrower

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        e = self.meeple
        lendable = [i for i in state.known_held(e, self.seat) if i // 6 == e]
        return [*(FujiAction(self.seat, "lend", (i,)) for i in lendable), FujiAction(self.seat, "refuse")]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e, borrower = self.meeple, self.borrower
        if action.verb == "lend":
            die = action.args[0]
            state.die_holder[die] = borrower
            state.die_seen_by[die] |= state.screen_mask(borrower, die) | (1 << self.seat)
            state.log("lend", f"meeple {e} lends a die to meeple {borrower}")
            state.log("reveal", f"die {die_label(-9, die)} ({state.colour(die)}{state.die_face[die]}) goes to meeple "
                      f"{borrower}", state.die_seen_by[die])
        else:
            state.log("lend", f"meeple {e} keeps its dice")

    def text(self, state: FujiState) -> str:
        return (f"Lighter (§15): meeple {self.borrower} asks to borrow one of meeple {self.meeple}'s dice; "
                "lend one (its face is kept) or refuse")


@dataclass(frozen=True, slots=True)
class RerollOne(FujiDecision):
    """§15: every meeple rerolls exactly one die it holds (all seats at once); in variant B each seat rerolls
    one die of its half of the shared third set (`half`: 1 + the hand, 0 for a whole set; §17.6)."""

    half: int
    kind = "reroll one die"
    rule = "§15"
    simultaneous = True
    index = REROLL_ONE

    def count(self) -> int:
        return self.half

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        e, half = self.meeple, self.half
        hand_of_die = state.table.hand_of_die
        dice = [i for i in state.known_held(e, self.seat) if half == 0 or hand_of_die[i] == half - 1 or i // 6 != e]
        return [FujiAction(self.seat, "reroll", (i,)) for i in dice]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        rolling.roll_again(state, action.args)

    def text(self, state: FujiState) -> str:
        return f"Carabiner (§15): meeple {self.meeple} must reroll exactly one of its dice; choose which"


# ---------------------------------------------------------------------------- drawing (§3.2, §10.3)
def draw_outcomes(state: FujiState, e: int) -> list[tuple[FujiAction, float]]:
    """Every card meeple `e` may draw, equally likely; an empty bag gives the card under the pile (§17.6)."""
    locations, equipment = state.card_location, state.table.content.equipment
    bag = [card for card in range(len(locations)) if locations[card] == BAG]
    if bag:
        return [(FujiAction(CHANCE, "draw", (e,), (equipment[card].id,)), 1 / len(bag)) for card in bag]
    return [(FujiAction(CHANCE, "draw", (e,), (equipment[state.under_pile[0] // 8].id,)), 1.0)]


def apply_draw(state: FujiState, e: int, card: int) -> None:
    """Meeple `e` draws `card`: at setup kept or held for its keep choice (§3.2), later usable next round (§9.4)."""
    content = state.table.content
    if state.card_location[card] == UNDER_PILE:
        state.under_pile = [x for x in state.under_pile if x // 8 != card]
    if state.phase == SETUP:
        skill = content.skills[state.skill[e]]
        state.card_location[card] = KEEPING - e if skill.keep < skill.draw else e
        state.card_usable_from[card] = 1
        if skill.keep < skill.draw:
            state.log("draw", f"meeple {e} draws {content.equipment[card].name}", 1 << state.table.ctrl[e],
                      card=card)
        else:
            state.log("reveal", f"meeple {e} takes {content.equipment[card].name}", card=card)
    else:
        state.card_location[card] = e
        state.card_usable_from[card] = state.round + 1
        state.log("reveal", f"meeple {e} draws {content.equipment[card].name} (usable from next round, §9.4)",
                  card=card)
