"""Pending decisions: the choices players make while a rule or an effect resolves (robinson-crusoe.md §26.3).

One frozen class per kind (`outlast.core.decision.Decision`), each written in one place: who chooses, its
rule §, its legal actions, how an answer carries the rule on, its text for players and why an answer is
refused. The state keeps them on a stack (`RobinsonState.decisions`); only `AnyTimeWindow`s may lie under
another decision. The functions at the end read the top one for `RobinsonState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from outlast.core.decision import DecisionKinds
from outlast.core.words import count

from . import abilities
from .actions import RobinsonAction
from .constants import (
    CH_REROLL,
    DIE_NAMES,
    G_DONE,
    PLAN,
    RES_NAMES,
    T_GATHER,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TRACK_NAMES,
    TYPE_NAMES,
    W_NIGHT,
    WINDOW_NAMES,
    WOOD,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_REVEALED,
)

if TYPE_CHECKING:
    from .state import RobinsonState
from .decision_base import MAX_COUNT, A, RobinsonDecision, listed, space_index_of
from .island_decisions import (
    CoverSource,
    CoverSourceForCampToken,
    KeepToken,
    LoseTile,
    MarkTile,
    MysteryDraw,
    PlaceHuntingCard,
    ProducingTile,
    TopTile,
)

# ----------------------------------------------------------------------------- any-time effects
WINDOW_TEXT = (
    "any-time effects while planning: use a skill, Item or token, or pass",
    "before this Action resolves: use an effect that works now (`use pistol`, `use bible`, …), or pass",
    "after the roll: reroll a die (`reroll success`) with a skill or Friday's Determination, or pass",
    "before the Weather: use an effect against the clouds (`use hooch`, `use storm_glass`, …), or pass",
    "at night: use a Night effect (`use fireplace`, `use pot`, …), or pass",
)
WINDOW_RULE = ("§26.3", "§26.3", "§8.5, §26.3", "§9, §26.3", "§10, §26.3")


@dataclass(frozen=True, slots=True)
class AnyTimeWindow(RobinsonDecision):
    """A window of any-time effects (§26.3): every seat with something usable may use it, or pass.

    `window` is the moment (planning, before the Action, after the roll, before the Weather, night);
    `passed` holds a bit per seat that passed; `work_mark` is the depth of pending work when the window
    opened (work pushed by an effect used here runs before the window asks again).
    """

    kind = "any-time window"
    rule = "§26.3"
    window: int
    passed: int
    work_mark: int

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The first player, the moment by name and the seats that passed (the work mark is the engine's)."""
        return {"chooser": self.chooser, "window": WINDOW_NAMES[self.window],
                "passed": [p for p in range(state.players) if self.passed >> p & 1]}

    def choosers(self, state: Any) -> tuple[int, ...]:
        """Seats that have not passed and have something to use now."""
        return tuple(state._window_seats(self, {}))

    def legal(self, state: Any, seat: int) -> list[Any]:
        """What `seat` may use now, then `pass`."""
        return [*state._window_options(seat, self.window), A(seat, "pass")]

    def resolve(self, state: Any, action: Any) -> None:
        """A pass marks the seat; a reroll rolls a die again (§8.5.3); a use runs the effect (§26.3)."""
        seat, verb, args = action.seat, action.verb, action.args
        if verb == "pass":
            state.decisions[-1] = AnyTimeWindow(self.chooser, self.window, self.passed | 1 << seat, self.work_mark)
        elif verb == "reroll":
            self._reroll(state, seat, args)
        else:
            state._use(seat, args, self.window)

    def _reroll(self, state: RobinsonState, seat: int, args: tuple[str, ...]) -> None:
        """Pay for the reroll (a skill's Determination, or Friday's, §13.2, §14.4) and roll the die again."""
        die = DIE_NAMES.index(args[0])
        if len(args) > 1:
            state.determination[state.table.friday_index] -= state.content.friday_reroll_cost
            state.friday_rerolled = 1
            state.log("reroll", f"Friday rerolls the {args[0]} die (§14.4).")
        else:
            character = state.table.chars[seat]
            for index, skill in enumerate(state.content.characters[character].skills):
                rerolls = abilities.skill_answer(state.program, character, index, abilities.REROLL_FIELDS)
                if rerolls >> state.groups[state.resolving_action][0] & 1:
                    state.determination[seat] -= skill.cost
                    state.skill_used[seat] |= 1 << index
                    state.log("reroll", f"{state.char_name(seat)} uses {skill.name} on the {args[0]} die (§13.2).")
                    break
        state.decisions[-1] = AnyTimeWindow(self.chooser, self.window, 0, self.work_mark)
        state.chance = [CH_REROLL, state.resolving_action, die, 0]

    def text(self, state: Any) -> str:
        """`players: any-time effects …`."""
        return f"players: any-time effects {WINDOW_NAMES[self.window]} (pass when done)"

    def explain(self, state: RobinsonState, who: str) -> str:
        """What may be used at this moment, with its rule."""
        return f"{WINDOW_TEXT[self.window]} ({WINDOW_RULE[self.window]})"

    def check_fields(self, state: RobinsonState) -> str | None:
        if not (0 <= self.window <= W_NIGHT and 0 <= self.passed < 1 << state.players
                and 0 <= self.work_mark <= len(state.work)):
            return "malformed window"
        return None


# ----------------------------------------------------------------------------- options of a card
@dataclass(frozen=True, slots=True)
class ChooseOption(RobinsonDecision):
    """An effect with options (§12.4): the chooser picks one; `node` is the choice in the effect program,
    `actor` and `card` who and what the chosen effect acts for (-1: none)."""

    kind = "choose an option"
    rule = "§12.4"
    node: int
    actor: int
    card: int

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The chooser, the options' texts (`choose 1`, `choose 2`, … in this order), the acting castaway and
        the card's id (None when no card or castaway is behind it)."""
        program = state.program
        cards = state.content.cards
        return {"chooser": self.chooser, "options": [program.text(k) for k in program.nodes[self.node][3]],
                "actor": self.actor if self.actor >= 0 else None,
                "card": cards[self.card].id if 0 <= self.card < len(cards) else None}

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "choose", (str(i + 1),)) for i in range(len(state.program.nodes[self.node][3]))]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        k = int(action.args[0]) - 1
        state.log("decide", f"{state.char_name(action.seat)} chooses option {k + 1} (§12.4).")
        state._push((state.program.nodes[self.node][3][k], self.actor, self.card, 0))

    def ask(self, state: RobinsonState) -> str:
        return "decide between the card's options"

    def explain(self, state: RobinsonState, who: str) -> str:
        if 0 <= self.card < len(state.content.cards):
            card = state.content.cards[self.card]
            return f"{who} chooses an option of {card.name} (`choose 1`, `choose 2`, {self.rule}): {card.text}"
        return f"{who} chooses between the options (`choose k`, {self.rule})"

    def refusal(self, state: Any, action: Any) -> str:
        if action.verb == "choose":
            return f"the card has options 1 to {len(state.program.nodes[self.node][3])}; `{action}` names none of them"
        return RobinsonDecision.refusal(self, state, action)

    def check_fields(self, state: RobinsonState) -> str | None:
        from .program import CHOOSE

        if not (0 <= self.node < len(state.program.nodes) and state.program.nodes[self.node][0] == CHOOSE):
            return "no choice of a card"
        if not (-1 <= self.actor <= state.players and -1 <= self.card < len(state.content.cards)):
            return "malformed choice"
        return None


# ----------------------------------------------------------------------------- sharing out
@dataclass(frozen=True, slots=True)
class ShareHealing(RobinsonDecision):
    """Heal `amount` Wounds shared among the wounded as the chooser likes (§13.2)."""

    kind = "share healing"
    rule = "§13.2"
    amount: int

    def answer_detail(self) -> str:
        return "each healed Wound goes to a wounded person, no more Wounds than they have"

    def legal(self, state: Any, seat: int) -> list[Any]:
        wounded = [p for p in range(state.players) if state.wounds[p]]
        most = min(self.amount, sum(state.wounds[p] for p in wounded))
        out = []
        for combo in combinations_with_replacement(wounded, most):
            if all(combo.count(p) <= state.wounds[p] for p in set(combo)):
                out.append(A(seat, "heal", tuple(state.cid(p) for p in combo)))
        return out or [A(seat, "heal")]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        for word in action.args:
            state.heal(state._char_by_id(word), 1, "shared healing")

    def ask(self, state: RobinsonState) -> str:
        return "share out the healing"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} shares out {count(self.amount, 'healed Wound')} (`heal cook explorer`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 0 <= self.amount <= MAX_COUNT else "malformed"


@dataclass(frozen=True, slots=True)
class ShareDetermination(RobinsonDecision):
    """Hand out `amount` Determination tokens, one person per token (§25.1)."""

    kind = "share determination"
    rule = "§25.1"
    amount: int

    def answer_detail(self) -> str:
        return f"name {self.amount} people, one per Determination token"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "give", tuple(state.cid(p) for p in combo))
                for combo in combinations_with_replacement(range(state.players), self.amount)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        for word in action.args:
            state.gain_det(state._char_by_id(word), 1, "shared Determination (§25.1)")

    def ask(self, state: RobinsonState) -> str:
        return "hand out the Determination"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} hands out {self.amount} Determination (`give cook cook`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 1 <= self.amount <= MAX_COUNT else "malformed"


# ----------------------------------------------------------------------------- Inventions and Items
@dataclass(frozen=True, slots=True)
class DiscardInvention(RobinsonDecision):
    """Shuffle `count` Inventions of the board back into the Invention deck, one at a time (§12.8)."""

    kind = "discard an invention"
    rule = "§12.8"
    count: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "discard", (state.content.cards[i].id,)) for i in state.cards_in(Z_INV_BOARD)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        card = state.content.by_id[action.args[0]]
        state.zone[card] = Z_INV_DECK
        state.log("invention", f"{state.content.cards[card].name} is shuffled back into the Invention deck (§12.8).")
        if self.count > 1 and state.count_in(Z_INV_BOARD):
            state.decisions.append(DiscardInvention(self.chooser, self.count - 1))

    def ask(self, state: RobinsonState) -> str:
        return "discard an Invention from the board"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} discards an Invention from the board (`discard ID`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 1 <= self.count <= MAX_COUNT else "malformed"


@dataclass(frozen=True, slots=True)
class LayInvention(RobinsonDecision):
    """Lay an Invention of the chooser's choice from the deck on the board (§22.2)."""

    kind = "lay an invention"
    rule = "§22.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "put", (state.content.cards[i].id,)) for i in state.cards_in(Z_INV_DECK)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        card = state.content.by_id[action.args[0]]
        state.zone[card] = Z_INV_BOARD
        state.log("invention", f"{state.content.cards[card].name} is laid on the board.")

    def ask(self, state: RobinsonState) -> str:
        return "lay an Invention of your choice on the board"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} lays an Invention of their choice from the deck on the board (`put ID`, {self.rule})"


@dataclass(frozen=True, slots=True)
class TurnItemBack(RobinsonDecision):
    """Turn a built Item back to its Invention side (§16.6)."""

    kind = "turn an item back"
    rule = "§16.6"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "flip", (state.content.cards[i].id,)) for i in state.cards_in(Z_ITEM)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        _lose_item(state, state.content.by_id[action.args[0]])

    def ask(self, state: RobinsonState) -> str:
        return "turn an Item back"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} turns a built Item back to its Invention side (`flip ID`, {self.rule})"


@dataclass(frozen=True, slots=True)
class KeepInvention(RobinsonDecision):
    """Keep one of the Inventions drawn by a new idea; the others go face down (§13.2)."""

    kind = "keep an invention"
    rule = "§13.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "pick", (state.content.cards[i].id,)) for i in state.cards_in(Z_REVEALED)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        card = state.content.by_id[action.args[0]]
        state.zone[card] = Z_INV_BOARD
        for other in state.cards_in(Z_REVEALED):
            state.zone[other] = Z_INV_DISCARD
        state.log("invention", f"{state.content.cards[card].name} is laid on the board; the rest go face down (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "keep one of the drawn Inventions"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} keeps one of the drawn Inventions (`pick ID`, {self.rule})"


@dataclass(frozen=True, slots=True)
class ItemForGathering(RobinsonDecision):
    """A Gathering (`action`, the planned Action's index) succeeded while another of this round is still to
    resolve: the Item `item` (a card index), which adds to one Gathering a round, adds its cubes to this one
    (`add ID`) or is kept for a later one (`keep ID`) (§17.2, §8.9; the first player chooses, §26.2)."""

    kind = "item for this gathering"
    rule = "§17.2, §8.9"
    action: int
    item: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        item = (state.content.cards[self.item].id,)
        return [A(seat, "add", item), A(seat, "keep", item)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.verb == "add":
            state.add_gathering_item(self.action, self.item)
        else:
            state.log("item", f"The {state.content.cards[self.item].name} is kept for a later Gathering this "
                              "round (§17.2).")
        state.offer_gathering_items(self.action, after=self.item)

    def ask(self, state: RobinsonState) -> str:
        name = state.content.cards[self.item].name
        return f"the {name} on this Gathering of {RES_NAMES[state.gathered_resource(self.action)]}, or later"

    def explain(self, state: RobinsonState, who: str) -> str:
        card = state.content.cards[self.item]
        resource = RES_NAMES[state.gathered_resource(self.action)]
        return (f"this Gathering of {resource} succeeded and another is still to come this round: {who} adds "
                f"the {card.name} to this one (`add {card.id}`) or keeps it for a later one (`keep {card.id}`); "
                f"it adds to one Gathering a round ({self.rule})")

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The first player, the planned Action's number (as `next N` names it), its resource and the Item's id."""
        return {"chooser": self.chooser, "action": self.action + 1,
                "resource": RES_NAMES[state.gathered_resource(self.action)], "item": state.content.cards[self.item].id}

    def check_fields(self, state: RobinsonState) -> str | None:
        groups = state.groups
        if not (0 <= self.action < len(groups) and groups[self.action][0] == T_GATHER
                and not groups[self.action][8] & G_DONE and state.resolving_action == self.action):
            return "the action is not the Gathering being resolved"
        if self.item not in state.gathering_items():
            return "the item is no built Item, unused this round, that adds to a Gathering"
        return None


# ----------------------------------------------------------------------------- phases
@dataclass(frozen=True, slots=True)
class GoHungry(RobinsonDecision):
    """Night, eating (§10.1): `meals` meals are missing; each names a castaway in the Camp who takes `wounds`.

    `meal_bit` tells the two kinds of missing meal apart (the bit of `hungry_done` that marks who went without).
    """

    kind = "who goes hungry"
    rule = "§10.1"
    meals: int
    wounds: int
    meal_bit: int

    def answer_detail(self) -> str:
        return "only a player in the Camp who has not gone hungry for this meal"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "hungry", (state.cid(p),)) for p in state.in_camp()
                if not state.hungry_done[p] >> self.meal_bit & 1]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        person = state._char_by_id(action.args[0])
        state.hungry_done[person] |= 1 << self.meal_bit
        state.wound(person, self.wounds, "hunger (§10.1)")
        if self.meals > 1 and not state.over:
            if all(state.hungry_done[q] >> self.meal_bit & 1 for q in state.in_camp()):
                for q in state.in_camp():  # more meals missing than players: a new round of picks
                    state.hungry_done[q] &= ~(1 << self.meal_bit)
            state.decisions.append(GoHungry(self.chooser, self.meals - 1, self.wounds, self.meal_bit))

    def ask(self, state: RobinsonState) -> str:
        return "who goes without food"

    def explain(self, state: RobinsonState, who: str) -> str:
        return (f"Night, eating: not enough food; {who} says who goes without ({count(self.wounds, 'Wound')}) "
                f"(`hungry ID`, {self.rule})")

    def check_fields(self, state: RobinsonState) -> str | None:
        ok = 1 <= self.meals <= MAX_COUNT and self.wounds in (1, 2) and self.meal_bit in (0, 1)
        return None if ok else "malformed"


@dataclass(frozen=True, slots=True)
class MoveCamp(RobinsonDecision):
    """Night (§10.2): move the Camp to an adjacent explored tile, or stay."""

    kind = "move the camp"
    rule = "§10.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "camp", ("stay",))] + [A(seat, "camp", (f"s{sp + 1}",)) for sp in state._camp_moves()]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.args[0] != "stay":
            state.move_camp(space_index_of(action.args[0]))

    def ask(self, state: RobinsonState) -> str:
        return "move the Camp or stay"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"Night: {who} may move the Camp to an adjacent explored tile or stay (`camp stay`, `camp sK`, {self.rule})"


@dataclass(frozen=True, slots=True)
class TopMorale(RobinsonDecision):
    """Morale at the top of its track (§6.2): the first player takes `determination` or heals 1 Wound."""

    kind = "top morale"
    rule = "§6.2"
    determination: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "morale", ("determination",)), A(seat, "morale", ("heal",))]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.args[0] == "heal":
            state.heal(state.first_player, 1, "top Morale (§6.2)")
        else:
            state.gain_det(state.first_player, self.determination, "top Morale (§6.2)")

    def ask(self, state: RobinsonState) -> str:
        return f"top Morale: {self.determination} Determination or heal 1"

    def explain(self, state: RobinsonState, who: str) -> str:
        return (f"Morale at the top: {who} takes {self.determination} Determination or heals 1 Wound "
                f"(`morale determination`, `morale heal`, {self.rule})")

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 0 <= self.determination <= MAX_COUNT else "malformed"


@dataclass(frozen=True, slots=True)
class ArrangeReward(RobinsonDecision):
    """Arranging the Camp with 4 players (§14.1): `lead` takes 2 Determination or Morale +1."""

    kind = "arranging reward"
    rule = "§14.1"
    lead: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "arrange", ("determination",)), A(seat, "arrange", ("morale",))]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        state._arrange(self.lead, action.args[0] == "determination", action.args[0] == "morale")

    def ask(self, state: RobinsonState) -> str:
        return "Determination or Morale"

    def explain(self, state: RobinsonState, who: str) -> str:
        bonus = state.arrange_determination >= 0  # an Item used for this Arranging (§22.5)
        det = f"{state.arrange_determination} Determination and {state.arrange_heal} healed" if bonus else "2 Determination"
        return (f"Arranging the Camp with 4 players: {who} takes {det} or Morale +1 "
                f"(`arrange determination`, `arrange morale`, {self.rule})")

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 0 <= self.lead <= state.players else "malformed"


@dataclass(frozen=True, slots=True)
class NextAction(RobinsonDecision):
    """Several planned Actions of one type (`action_type`): the first player says which resolves next (§8.4)."""

    kind = "next action"
    rule = "§8.4"
    action_type: int

    def view_fields(self, state: RobinsonState, seat: int | None) -> dict[str, Any]:
        """The first player and the Action type by name."""
        return {"chooser": self.chooser, "action_type": TYPE_NAMES[self.action_type]}

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "next", (str(gi + 1),)) for gi, g in enumerate(state.groups)
                if g[0] == self.action_type and not g[8] & G_DONE]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        state._begin_group(int(action.args[0]) - 1)

    def ask(self, state: RobinsonState) -> str:
        return "which Action resolves next"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses which planned Action of this kind resolves next (`next N`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        if any(g[0] == self.action_type and not g[8] & G_DONE for g in state.groups):
            return None
        return "no planned Action of that type is left"


@dataclass(frozen=True, slots=True)
class WoodToPile(RobinsonDecision):
    """Once a round (§25.1): how much wood goes onto `stage` of the wood pile."""

    kind = "wood to the pile"
    rule = "§25.1"
    stage: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        need = state.table.scenario.pile[self.stage] - state.pile[self.stage]
        return [A(seat, "pile", (str(k),)) for k in range(min(need, state.resources[WOOD]) + 1)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        k = int(action.args[0])
        state.pile_done = 1
        if k:
            state.resources[WOOD] -= k
            state.add_to_pile(k, "the once-a-round transfer (§25.1)")

    def ask(self, state: RobinsonState) -> str:
        return "how much wood goes onto the pile"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} decides how much wood goes onto stage {self.stage + 1} of the wood pile (`pile K`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 0 <= self.stage < len(state.pile) else "no such stage of the wood pile"


KINDS = DecisionKinds(AnyTimeWindow, ChooseOption, ShareHealing, ShareDetermination, DiscardInvention,
                      LayInvention, TurnItemBack, KeepInvention, ItemForGathering, TopTile, KeepToken,
                      PlaceHuntingCard, MysteryDraw, GoHungry, MoveCamp, TopMorale, ArrangeReward, NextAction,
                      WoodToPile, CoverSourceForCampToken, ProducingTile, CoverSource, LoseTile, MarkTile)
"""Every kind of pending decision of Robinson Crusoe (reads a decision back from the position document)."""


def _lose_item(state: RobinsonState, card: int) -> None:
    """§16.6: the Item turns back; its effects are undone where possible."""
    state.move_item_back(card)
    state.log("item", f"{state.content.cards[card].name} is turned back to its Invention side (§16.6).")
    node = state.program.card.get((card, "on_build"))
    if node is None:
        return
    ignored, state.uses[card] = state.uses[card] < 0, 0
    for v, prm in state.program.verbs(node):
        if v == "track" and prm["by"] > 0 and not ignored:
            state.drop_track(TRACK_NAMES.index(prm["track"]), prm["by"], "the lost Item (§16.6)", if_possible=True)
        elif v == "camp_token":
            state.space_tokens[state.camp] &= ~(TK_WOOD if prm["resource"] == "wood" else TK_FOOD)
        elif v == "production_tile_token":
            for sp in range(len(state.space_tokens)):
                state.space_tokens[sp] &= ~TK_SHORTCUT


def decision_text(state: RobinsonState) -> str:
    """What the table is waiting for, with its rule."""
    text, rule = pending_text(state)
    return f"{text} ({rule})" if rule else text


def pending_text(state: RobinsonState) -> tuple[str, str]:
    """What the table is waiting for, and the rule behind it ('' when nothing is pending)."""
    if state.over:
        return "", ""
    if state.chance:
        return "dice or cards are pending", ""
    if state.decisions:
        top = state.decisions[-1]
        return top.text(state), top.rule
    if state.phase == PLAN:
        return "plan the Actions: place pawns, then ready / the first player confirms", "§8.1, §26.1"
    return "", ""


__all__ = ["KINDS", "AnyTimeWindow", "ArrangeReward", "ChooseOption", "CoverSource", "CoverSourceForCampToken",
           "DiscardInvention", "GoHungry", "ItemForGathering", "KeepInvention", "KeepToken",
           "LayInvention", "LoseTile", "MarkTile", "MoveCamp", "MysteryDraw", "NextAction", "PlaceHuntingCard", "ProducingTile",
           "RobinsonDecision", "ShareDetermination", "ShareHealing", "TopMorale", "TopTile", "TurnItemBack",
           "WoodToPile", "listed"]
