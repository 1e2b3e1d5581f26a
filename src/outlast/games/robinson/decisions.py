# mypy: disable-error-code="misc"
"""Pending decisions: the choices players make while a rule or an effect resolves (robinson-crusoe.md §26.3).

One frozen class per kind (`outlast.core.decision.Decision`), each written in one place: who chooses, its
rule §, its legal actions, how an answer carries the rule on, its text for players and why an answer is
refused. The state keeps them on a stack (`RobinsonState.decisions`); only `AnyTimeWindow`s may lie under
another decision. `DecisionRules` is the part of `RobinsonState` that reads the top one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from outlast.core.decision import Decision, DecisionKinds

from .actions import RobinsonAction
from .constants import (
    CH_REROLL,
    DIE_NAMES,
    G_DONE,
    I_MYST_STEP,
    PLAN,
    TILE_REVEALED,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TOK_AVAIL,
    TOK_REMOVED,
    TOK_REVEALED,
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
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState

A = RobinsonAction
MAX_COUNT = 64
"""The most a count in a decision may be (Wounds to share, meals missing, Inventions to discard)."""


def _space(word: str) -> int:
    """The space index of `sK` (K counts from 1, as players name the spaces)."""
    return int(word[1:]) - 1


@dataclass(frozen=True, slots=True)
class RobinsonDecision(Decision):
    """A decision one castaway makes (`chooser`, a seat; Friday's choices are the first player's, §14.4).

    A kind answers `legal`, `carry_out` (the rule after the answer; the decision is already off the stack),
    `ask` (a few words) and `explain` (a sentence with the answers' form); `answer_detail` says more when
    an answer of the right verb is refused.
    """

    chooser: int

    def choosers(self, state: Any) -> tuple[int, ...]:
        """The chooser alone."""
        return (self.chooser,)

    def resolve(self, state: Any, action: Any) -> None:
        """Take the decision off the stack, then carry the rule on with the answer."""
        state.decisions.pop()
        self.carry_out(state, action)

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        """What the answer does (the decision is off the stack)."""
        raise NotImplementedError

    def ask(self, state: RobinsonState) -> str:
        """The decision in a few words (after the chooser's name)."""
        return self.kind

    def explain(self, state: RobinsonState, who: str) -> str:
        """The decision in a sentence, with the form of its answers and its rule."""
        return f"{who}: {self.ask(state)} ({self.rule})"

    def text(self, state: Any) -> str:
        """`chooser: what is asked`."""
        return f"{state.char_name(self.chooser)}: {self.ask(state)}"

    def refusal(self, state: Any, action: Any) -> str:
        """A refused answer: the decision comes first, or the answer is not one of the legal ones."""
        answers = [str(a) for a in self.legal(state, action.seat)]
        wanted = {a.split()[0] for a in answers}
        if action.verb not in wanted:
            return (f"the pending decision comes first ({self.text(state)}); `{action}` does not answer it; "
                    f"its answers: {listed(answers)}")
        detail = self.answer_detail()
        return f"`{action}` is not one of the answers{': ' + detail if detail else ''}; the answers: {listed(answers)}"

    def answer_detail(self) -> str:
        """More about the form of a right answer, for a refusal ('' when the answers say it all)."""
        return ""

    def check(self, state: Any) -> str | None:
        """A loaded decision: the chooser is a seat, and the kind's own fields make sense."""
        if not 0 <= self.chooser < state.players:
            return f"chooser {self.chooser} is no seat of this game"
        return self.check_fields(state)

    def check_fields(self, state: RobinsonState) -> str | None:
        """The kind's own fields against the position (None when they make sense)."""
        return None


def listed(words: list[str], limit: int = 12) -> str:
    """`a, b, c` (cut after `limit` with the count of the rest), or `none`."""
    if not words:
        return "none"
    head = ", ".join(words[:limit])
    return head + (f" and {len(words) - limit} more" if len(words) > limit else "")


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
                verbs = state.program.verbs(state.program.skill[(character, index)])
                if verbs[0][0] == "reroll_die" and verbs[0][1]["dice"] == TYPE_NAMES[state.groups[state.cur][0]]:
                    state.determination[seat] -= skill.cost
                    state.skill_used[seat] |= 1 << index
                    state.log("reroll", f"{state.char_name(seat)} uses {skill.name} on the {args[0]} die (§13.2).")
                    break
        state.decisions[-1] = AnyTimeWindow(self.chooser, self.window, 0, self.work_mark)
        state.chance = [CH_REROLL, state.cur, die, 0]

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
        plural = "s" if self.amount != 1 else ""
        return f"{who} shares out {self.amount} healed Wound{plural} (`heal cook explorer`, {self.rule})"

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
        state._lose_item(state.content.by_id[action.args[0]])

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


# ----------------------------------------------------------------------------- tiles, tokens, the Hunting deck
@dataclass(frozen=True, slots=True)
class TopTile(RobinsonDecision):
    """Choose which of the revealed Island tiles goes on top of the stack (§13.2)."""

    kind = "choose the top tile"
    rule = "§13.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "pick", (str(state.content.tiles[i].number),)) for i, at in enumerate(state.tile_at)
                if at == TILE_REVEALED]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        tile = next(x.index for x in state.content.tiles if str(x.number) == action.args[0])
        for i, at in enumerate(state.tile_at):
            if at == TILE_REVEALED:
                state.tile_at[i] = TILE_STACK
        if state.tile_top >= 0:
            state.tile_at[state.tile_top] = TILE_STACK
        state.tile_top = tile
        state.tile_at[tile] = TILE_REVEALED
        state.log("explore", f"Tile {action.args[0]} goes on top of the stack (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "choose the tile for the top"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses the Island tile that goes on top of the stack (`pick N`, {self.rule})"


@dataclass(frozen=True, slots=True)
class KeepToken(RobinsonDecision):
    """Keep one of the revealed Discovery tokens; the others leave the game (§13.2)."""

    kind = "keep a discovery token"
    rule = "§13.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        kinds, tokens = state.content.token_kinds, state.content.tokens
        ids = sorted({kinds[tokens[i]].id for i, place in enumerate(state.token_place) if place == TOK_REVEALED})
        return [A(seat, "pick", (x,)) for x in ids]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        k = next(i for i, x in enumerate(state.content.token_kinds) if x.id == action.args[0])
        chosen = False
        for i, place in enumerate(state.token_place):
            if place == TOK_REVEALED:
                if not chosen and state.content.tokens[i] == k:
                    state.token_place[i] = TOK_AVAIL
                    chosen = True
                else:
                    state.token_place[i] = TOK_REMOVED
        state.log("token", f"Scouting keeps {state.content.token_kinds[k].name} (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "keep one of the Discovery tokens"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} keeps one of the drawn Discovery tokens (`pick ID`, {self.rule})"


@dataclass(frozen=True, slots=True)
class PlaceHuntingCard(RobinsonDecision):
    """Tracking (§13.2): the top Hunting card `card`, now seen, stays on top or goes to the bottom."""

    kind = "place the hunting card"
    rule = "§13.2"
    card: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "top"), A(seat, "bottom")]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.verb == "bottom":
            card = state.hunt_top.pop(0)
            state.hunt_seen.pop(0)
            state.hunt_bottom.append(card)
            state.log("hunt", "The top Hunting card goes to the bottom (§13.2).")

    def ask(self, state: RobinsonState) -> str:
        return "top or bottom for the Hunting card"

    def explain(self, state: RobinsonState, who: str) -> str:
        cards = state.content.cards
        name = cards[self.card].name if 0 <= self.card < len(cards) else "the card"
        return f"{who} puts the Hunting card {name} on the top or the bottom of the Hunting deck (`top`, `bottom`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        if state.hunt_top and state.hunt_top[0] == self.card and state.hunt_seen[:1] == [1]:
            return None
        return "the card is not the seen top Hunting card"


@dataclass(frozen=True, slots=True)
class MysteryDraw(RobinsonDecision):
    """Draw another Mystery card or stop (§16.2)."""

    kind = "draw another mystery card"
    rule = "§16.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "continue"), A(seat, "stop")]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.verb == "continue":
            state._push((I_MYST_STEP, 0, 0, 0))
        else:
            state._myst_end()

    def ask(self, state: RobinsonState) -> str:
        return "continue or stop drawing Mystery cards"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} draws another Mystery card or stops (`continue`, `stop`, {self.rule})"


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
        return f"Night, eating: not enough food; {who} says who goes without (2 Wounds) (`hungry ID`, {self.rule})"

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
            state.move_camp(_space(action.args[0]))

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
        return "top Morale: 2 Determination or heal 1"

    def explain(self, state: RobinsonState, who: str) -> str:
        return (f"Morale at the top: {who} takes 2 Determination or heals 1 Wound (`morale determination`, "
                f"`morale heal`, {self.rule})")

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
        return (f"Arranging the Camp with 4 players: {who} takes 2 Determination or Morale +1 "
                f"(`arrange determination`, `arrange morale`, {self.rule})")

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if 0 <= self.lead <= state.players else "malformed"


@dataclass(frozen=True, slots=True)
class NextAction(RobinsonDecision):
    """Several planned Actions of one type (`action_type`): the first player says which resolves next (§8.4)."""

    kind = "next action"
    rule = "§8.4"
    action_type: int

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


# ----------------------------------------------------------------------------- sources and tiles
@dataclass(frozen=True, slots=True)
class CoverSourceForCampToken(RobinsonDecision):
    """An Item that covers a food source next to the Camp for a +1 food token on the Camp (§17.2); or skip."""

    kind = "cover a food source for a camp token"
    rule = "§17.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "corral", ("skip",))] + [A(seat, "corral", (f"s{sp + 1}",))
                                                  for sp in sorted({x // 2 for x in state._adjacent_food()})]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        if action.args[0] != "skip":
            sp = _space(action.args[0])
            i = next(x % 2 for x in state._adjacent_food() if x // 2 == sp)
            state.space_exh[sp] |= 1 << i
            state.space_tk[state.camp] |= TK_FOOD
            state.log("build", f"The Corral covers a food source at s{sp + 1}; +1 food token on the Camp (§17.2).")

    def ask(self, state: RobinsonState) -> str:
        return "where the Corral covers a food source"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses the food source the Corral covers (`corral sK`, `corral skip`, {self.rule})"


@dataclass(frozen=True, slots=True)
class ProducingTile(RobinsonDecision):
    """An Item that makes a tile next to the Camp produce too (§17.2): the chooser names the tile."""

    kind = "tile that also produces"
    rule = "§17.2"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "shortcut", (f"s{sp + 1}",)) for sp in state._camp_moves()]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp = _space(action.args[0])
        state.space_tk[sp] |= TK_SHORTCUT
        state.log("build", f"The Shortcut token goes on s{sp + 1} (§17.2).")

    def ask(self, state: RobinsonState) -> str:
        return "where the Shortcut token goes"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} places the Shortcut token on a tile next to the Camp (`shortcut sK`, {self.rule})"


@dataclass(frozen=True, slots=True)
class CoverSource(RobinsonDecision):
    """Exhaust a source (§12.2, §16.3): one of the food sources next to the Camp (`near_food` 1) or one of
    the Camp tile's sources (`near_food` 0)."""

    kind = "cover a source"
    rule = "§12.2"
    near_food: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        sources = state._adjacent_food() if self.near_food else state._camp_sources()
        return [A(seat, "cover", (f"s{x // 2 + 1}:{x % 2 + 1}",)) for x in sources]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp, i = (int(x) - 1 for x in action.args[0][1:].split(":"))
        state.space_exh[sp] |= 1 << i
        state.log("effect", f"A source at s{sp + 1} is exhausted (§16.3).")

    def ask(self, state: RobinsonState) -> str:
        return "which source is covered"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses which source is covered (`cover sK:I`, {self.rule})"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if self.near_food in (0, 1) else "malformed"


@dataclass(frozen=True, slots=True)
class LoseTile(RobinsonDecision):
    """A tile becomes inaccessible (§16.4): the chooser names which."""

    kind = "lose a tile"
    rule = "§16.4"

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "lose", (f"s{sp + 1}",)) for sp in state._losable_tiles()]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        state.lose_tile(_space(action.args[0]))

    def ask(self, state: RobinsonState) -> str:
        return "which tile is lost"

    def explain(self, state: RobinsonState, who: str) -> str:
        return f"{who} chooses which tile becomes inaccessible (`lose sK`, {self.rule})"


@dataclass(frozen=True, slots=True)
class MarkTile(RobinsonDecision):
    """A beast or extra-pawn token goes on a tile of the chooser's choice (§20.3b, §20.4b); `token` is its bit."""

    kind = "mark a tile"
    rule = "§20.3b, §20.4b"
    token: int

    def legal(self, state: Any, seat: int) -> list[Any]:
        return [A(seat, "mark", (f"s{sp + 1}",)) for sp in state._markable_tiles(self.token)]

    def carry_out(self, state: RobinsonState, action: RobinsonAction) -> None:
        sp = _space(action.args[0])
        state.space_tk[sp] |= self.token
        state.log("token", f"A {'beast' if self.token == TK_BEAST else 'extra-pawn'} token goes on s{sp + 1} (§20).")

    def ask(self, state: RobinsonState) -> str:
        return "which tile gets the token"

    def check_fields(self, state: RobinsonState) -> str | None:
        return None if self.token in (TK_BEAST, TK_EXTRA) else "malformed"


KINDS = DecisionKinds(AnyTimeWindow, ChooseOption, ShareHealing, ShareDetermination, DiscardInvention,
                      LayInvention, TurnItemBack, KeepInvention, TopTile, KeepToken, PlaceHuntingCard, MysteryDraw,
                      GoHungry, MoveCamp, TopMorale, ArrangeReward, NextAction, WoodToPile,
                      CoverSourceForCampToken, ProducingTile, CoverSource, LoseTile, MarkTile)
"""Every kind of pending decision of Robinson Crusoe (reads a decision back from the position document)."""


class DecisionRules(StateFields):
    """Pending decisions: a part of `RobinsonState`."""

    __slots__ = ()

    def _lose_item(self: RobinsonState, card: int) -> None:
        """§16.6: the Item turns back; its effects are undone where possible."""
        self.move_item_back(card)
        self.log("item", f"{self.content.cards[card].name} is turned back to its Invention side (§16.6).")
        node = self.program.card.get((card, "on_build"))
        if node is None:
            return
        ignored, self.uses[card] = self.uses[card] < 0, 0
        for v, prm in self.program.verbs(node):
            if v == "track" and prm["by"] > 0 and not ignored:
                self.drop_track(TRACK_NAMES.index(prm["track"]), prm["by"], "the lost Item (§16.6)", if_possible=True)
            elif v == "camp_token":
                self.space_tk[self.camp] &= ~(TK_WOOD if prm["resource"] == "wood" else TK_FOOD)
            elif v == "shortcut":
                for sp in range(len(self.space_tk)):
                    self.space_tk[sp] &= ~TK_SHORTCUT

    def decision_text(self: RobinsonState) -> str:
        """What the table is waiting for, with its rule."""
        text, rule = self.decision_parts()
        return f"{text} ({rule})" if rule else text

    def decision_parts(self: RobinsonState) -> tuple[str, str]:
        """What the table is waiting for, and the rule behind it ('' when nothing is pending)."""
        if self.over:
            return "", ""
        if self.chance:
            return "dice or cards are pending", ""
        if self.decisions:
            top = self.decisions[-1]
            return top.text(self), top.rule
        if self.phase == PLAN:
            return "plan the Actions: place pawns, then ready / the first player confirms", "§8.1, §26.1"
        return "", ""

