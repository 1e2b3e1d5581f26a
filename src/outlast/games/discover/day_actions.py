"""A survivor's turn and the actions of §7 (discover.md §5.2, §7, §15.3).

`Turn` is the pending decision of the current survivor: every action it may pay for now, and `end`. An action
runs on the stack: its own steps on top, then `Settle` (dirty water, the carry limit, the quest check), then
the turn again. Costs are paid when the action is performed (§7.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from . import monsters
from .abilities import (
    SOURCE_CARD,
    abilities_of,
    answers,
    mark_used,
    move_cost,
)
from .actions import POSITION_LETTERS, SEAT_WORDS, DiscoverAction, act, parse_space, space_name
from .carrying import Trim, amount, gain, lose, over_limits, spend, split_token, totals, trim_options
from .copy import table
from .crafting import craft, craftable
from .decisions import DiscoverDecision, Step
from .exploring import (
    COUNTED,
    LIT,
    UNLIT,
    fires_at,
    gather_targets,
    landmark_at,
    lying_in,
    scout,
    scout_targets,
    terrain_cost,
)
from .night import DirtyWater, recovered
from .quests import QuestCheck, check_quest, do_pay, note, pay_actions
from .terms import (
    CASUALTY,
    DAMAGE,
    FOOD,
    HEALED_BY,
    IN_PLAY,
    MEAT,
    PLAYING,
    RESOURCES,
    TERRAIN_COST,
    UPGRADE,
    WOOD,
)
from .trading import FAILED_PER_TURN, open_trade

if TYPE_CHECKING:
    from .state import DiscoverState


SPACE_NAMES = tuple(space_name(s) for s in range(17 * 7))
MOVES = tuple(tuple(DiscoverAction(seat, "move", (name,)) for name in SPACE_NAMES) for seat in range(4))
ENDS = tuple(DiscoverAction(seat, "end") for seat in range(4))
SCOUTS = tuple(tuple(DiscoverAction(seat, "scout", (letter,)) for letter in POSITION_LETTERS) for seat in range(4))
INVESTIGATES = tuple(act(seat, "investigate") for seat in range(4))
"""`move <space>`, `end`, `scout <tile>` and `investigate` of each seat (§1.1: up to 4 players), built once: actions
are immutable values."""
OTHER_SEATS = tuple(tuple(tuple(s for s in range(n) if s != seat) for seat in range(n)) for n in range(5))
"""The other seats of each seat at an `n`-seat table, by n and seat."""


@dataclass(frozen=True, slots=True)
class Turn(DiscoverDecision):
    """The current survivor acts, or ends the turn; unspent stamina carries over (§5.2, §7.1)."""

    kind = "take a turn"
    rule = "§7.1"
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return turn_actions(state, seat)

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "end":
            state.log("end", f"Seat {self.seat} ends the turn with {state.stamina[self.seat]} stamina.")
            return
        if action.verb == "concede":
            eliminate(state, self.seat, "conceded")
            state.result[self.seat] = "conceded"
            return
        state.decisions.append(CONTINUES[self.seat])
        state.decisions.append(SETTLES[self.seat])
        ACTIONS[action.verb](state, self.seat, action)

    def text(self, state: Any) -> str:
        return f"Your turn: {state.stamina[self.seat]} stamina. Act, or end your turn."

    def refusal(self, state: Any, action: Any) -> str:
        return why_not(state, self.seat, action)


@dataclass(frozen=True, slots=True)
class ContinueTurn(Step):
    """After an action: the turn goes on if the survivor is still on the map (§5.2)."""

    kind = "continue the turn"
    rule = "§5.2"

    def proceed(self, state: DiscoverState) -> None:
        if state.status[self.seat] == PLAYING:
            state.decisions.append(TURNS[self.seat])


# ----------------------------------------------------------------------------- what may be done
def turn_actions(state: DiscoverState, seat: int) -> list[DiscoverAction]:
    """Every action `seat` may take now on its turn, in a stable order (§7)."""
    out = [ENDS[seat]]
    stamina = state.stamina[seat]
    here = state.position[seat]
    status, position = state.status, state.position
    others = [s for s in OTHER_SEATS[state.seats][seat] if status[s] == PLAYING and position[s] == here]
    _moves(state, seat, stamina, here, out)
    if stamina >= 1:
        words, marks = lying_in(state, here)
        for word in words:
            out.append(act(seat, "gather", word))
        scouts = SCOUTS[seat]
        for p in scout_targets(state, seat):
            out.append(scouts[p])
        if landmark_at(state, here) and not (state.scenario == 5 and marks & COUNTED):
            out.append(INVESTIGATES[seat])
        if state.hand[seat] or state.projects_faceup:
            for p in craftable(state, seat):
                out.append(act(seat, "craft", f"p{p}"))
        if others and state.trades_failed[seat] < FAILED_PER_TURN:
            for other in others:
                out.append(act(seat, "trade", SEAT_WORDS[other]))
        _cook_and_fire(state, seat, marks, out)
        if any(state.damage):
            _recover_actions(state, seat, others, out)
        if CASUALTY in status:
            out.extend(_loot_actions(state, seat))
    _card_actions(state, seat, out)
    if state.quest >= 0:
        out.extend(pay_actions(state, seat))
    if others and state.scenario == 5 and state.day >= 2 and stamina >= 3:
        for other in others:
            out.append(act(seat, "attack", SEAT_WORDS[other]))
    if state.kept_tokens[seat]:
        features = state.copy.features
        for t in sorted(state.kept_tokens[seat]):
            if len(features[t].resources) > 1:
                out.append(act(seat, "split", f"t{t}"))
    if state.options.get("concede"):
        out.append(act(seat, "concede"))
    return out


def _moves(state: DiscoverState, seat: int, stamina: int, here: int, out: list[DiscoverAction]) -> None:
    """Add `move` to each adjacent space on a faceup tile whose cost `seat` can pay (§7.2, §6.1–§6.3)."""
    faces, printed, moves = state.tile_face, state.copy.derived[_printed_costs], MOVES[seat]
    if not answers(state, seat, "move_cost"):  # the printed cost (§6.2); nothing enters a facedown tile (§6.1)
        out += [moves[space] for space, position, slot in state.board.neighbours[here]
                if (face := faces[position]) >= 0 and printed[face * 7 + slot] <= stamina]
        return
    costs: dict[int, int] = {}
    for space, position, slot in state.board.neighbours[here]:
        face = faces[position]
        if face < 0:
            continue
        base = printed[face * 7 + slot]
        cost = costs.get(base, -1)
        if cost < 0:
            cost = costs[base] = move_cost(state, seat, base)
        if cost <= stamina:
            out.append(moves[space])


@table
def _printed_costs(copy: Any) -> tuple[int, ...]:
    """The printed stamina cost of entering each space of each tile face, by `face * 7 + slot` (§6.2)."""
    return tuple(TERRAIN_COST[space.terrain] for tile in copy.tiles for space in tile.spaces)


def _cook_and_fire(state: DiscoverState, seat: int, marks: int, out: list[DiscoverAction]) -> None:
    """Add `cook N` at a lit fire in `seat`'s space (§7.8) and `restart` at an unlit one, with wood (§7.9); `marks`
    are `lying_in`'s for the space."""
    if marks & LIT:
        out.extend(act(seat, "cook", n) for n in range(1, amount(state, seat, MEAT) + 1))
    if marks & UNLIT and amount(state, seat, WOOD):
        out.append(act(seat, "restart"))


def _recover_actions(state: DiscoverState, seat: int, others: list[int], out: list[DiscoverAction]) -> None:
    """Add `recover <seat> <damage> <resource>` for each non-physical damage of `seat` or of a survivor here
    (`others`) that a resource `seat` holds heals (§7.10)."""
    damage = state.damage
    held: list[int] | None = None
    for target in (seat, *others):
        if not damage[target]:
            continue
        for kind in sorted(set(damage[target])):
            for r in HEALED_BY.get(kind, ()):
                if held is None:
                    held = totals(state, seat)
                if held[r]:
                    out.append(act(seat, "recover", SEAT_WORDS[target], DAMAGE[kind], RESOURCES[r]))


def _loot_actions(state: DiscoverState, seat: int) -> list[DiscoverAction]:
    out: list[DiscoverAction] = []
    if CASUALTY not in state.status:
        return out
    here = state.position[seat]
    for other in range(state.seats):
        if state.status[other] != CASUALTY or state.position[other] != here:
            continue
        held = totals(state, other)
        out.extend(act(seat, "loot", other, RESOURCES[r]) for r in range(len(RESOURCES)) if held[r])
        out.extend(act(seat, "loot", other, f"#{state.copy.cards[c].number}") for c in state.items_of(other))
    return out


Uses = tuple[int, bool, tuple[DiscoverAction, ...]]
"""A card action's (stamina cost, once a day, its `use` action for each seat)."""
CardUses = tuple[int, int, bool, bool, tuple[DiscoverAction, ...]]
"""A numbered card's action: (card id, stamina cost, once a day, the card is an upgrade, its `use` per seat)."""


@table
def _action_parts(copy: Any) -> tuple[tuple[CardUses, ...], dict[int, tuple[Uses, ...]], dict[int, tuple[Uses, ...]]]:
    """Every card action of a copy, in the order `use` lists them: the numbered cards' (`CardUses`), then by
    character id and by quest id their `Uses` (§7.12)."""

    def uses(abilities: Any, name: str) -> list[Uses]:
        return [(a.cost, a.once == "day", tuple(DiscoverAction(seat, "use", (name, str(i + 1))) for seat in range(4)))
                for i, a in enumerate(abilities) if a.use == "action"]

    cards = tuple((card.id, cost, once, card.kind == UPGRADE, each) for card in copy.cards
                  for cost, once, each in uses(card.abilities, f"#{card.number}"))
    characters = {c.id: tuple(found) for c in copy.characters if (found := uses(c.abilities, "character"))}
    quests = {q.id: tuple(found) for q in copy.quests if (found := uses(q.abilities, "quest"))}
    return cards, characters, quests


@table
def _card_places(copy: Any) -> Any:
    """A function reading, from `card_place`, the places of the numbered cards with an action as a tuple, in one
    call."""
    refs = [ref for ref, *_ in copy.derive(_action_parts)[0]]
    if len(refs) < 2:  # itemgetter of one key returns the item itself, not a tuple
        return lambda place: tuple(place[ref] for ref in refs)
    return itemgetter(*refs)


def _card_actions(state: DiscoverState, seat: int, out: list[DiscoverAction]) -> None:
    """Add `use #N k`, `use character k`, `use quest k`: card actions `seat` can pay for now (§7.12); a once-a-day
    ability not used yet today (§9.8: used on day d is recorded as d by day and -d at night)."""
    stamina = state.stamina[seat]
    place, used = state.card_place, state.card_used_day
    day = state.day
    cards, characters, quests = state.copy.derived[_action_parts]
    places = state.copy.derived[_card_places](place)
    if seat in places or IN_PLAY in places:  # otherwise no card with an action is `seat`'s to use
        out += [uses[seat] for ref, cost, once_a_day, upgrade, uses in cards
                if (place[ref] == seat or (upgrade and place[ref] == IN_PLAY)) and cost <= stamina
                and not (once_a_day and (used[ref] == day or used[ref] == -day))]
    if state.character[seat] in characters:
        today = state.character_used_day[seat]
        out += [uses[seat] for cost, once_a_day, uses in characters[state.character[seat]]
                if cost <= stamina and not (once_a_day and (today == day or today == -day))]
    if state.quest in quests:
        out += [uses[seat] for cost, _, uses in quests[state.quest] if cost <= stamina]


def why_not(state: DiscoverState, seat: int, action: DiscoverAction) -> str:
    """Why an action is not legal on this turn, in the rules' words."""
    verb = action.verb
    reasons = {
        "move": "you may move only to an adjacent space on a faceup tile whose cost you can pay (§7.2, §6.1)",
        "gather": "there is no such token in your space, or you have no stamina (§7.3)",
        "scout": "you may scout only a facedown tile next to your space (§7.4)",
        "investigate": "there is no landmark you may investigate in your space (§7.5, §15.2)",
        "craft": "you cannot craft that project now: hand or faceup, its resources, a fire if it shows one (§7.6)",
        "trade": "you may trade only with another survivor in your space (§7.7)",
        "cook": "cooking needs a lit fire in your space and that much meat (§7.8)",
        "restart": "restarting a fire needs an unlit fire in your space and 1 wood (§7.9)",
        "recover": "Recover heals a non-physical damage of yours or of a survivor here, paid with your own "
                   "matching resource (§7.10)",
        "loot": "you may loot only a casualty in your space (§7.11)",
        "use": "that card action is not yours to use now, or you cannot pay its stamina (§7.12)",
        "attack": "attacks are Scenario 5 only, from day 2, cost 3 stamina and need the other survivor in your "
                  "space (§15.3)",
    }
    return f"{action} is not legal now: " + reasons.get(verb, "it is not an action of your turn (§7.1)")


# ----------------------------------------------------------------------------- doing it
def pay(state: DiscoverState, seat: int, cost: int, doing: str = "") -> None:
    """Pay an action's stamina when it is performed (§7.1, §5.7); an action other than a move (whose own line
    names its cost) says what it cost, `doing` naming it: `Seat 0 spends 1 stamina to scout tile F (9 left).`"""
    state.stamina[seat] -= cost
    if doing and cost:
        state.log("stamina", f"Seat {seat} spends {cost} stamina to {doing} ({state.stamina[seat]} left).")


def do_move(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Move and Gather: enter an adjacent space, fight its monsters, then one free Gather (§7.2, §11.3)."""
    space = parse_space(action.args[0])
    cost = terrain_cost(state, space)
    if answers(state, seat, "move_cost"):
        cost = move_cost(state, seat, cost)
    pay(state, seat, cost)
    state.position[seat] = space
    state.log("move", f"Seat {seat} moves to {SPACE_NAMES[space]} for {cost} stamina.")
    state.decisions.append(FREE_GATHERS[seat])
    monsters.fight_monsters_here(state, seat)


def do_gather(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    pay(state, seat, 1, "gather")
    gather(state, seat, action.args[0])


def do_scout(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    tile = action.args[0].upper()
    pay(state, seat, 1, f"scout tile {tile}")  # who scouted where, and what it cost (§7.4)
    scout(state, seat, POSITION_LETTERS.index(tile))


def do_investigate(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Investigate: resolve the landmark's card; in Scenario 5 a random #100 card and a counter (§7.5, §15.2)."""
    pay(state, seat, 1, "investigate")
    number = landmark_at(state, state.position[seat])
    state.log("investigate", f"Seat {seat} investigates landmark #{number}.")
    if state.scenario == 5:
        encounter(state, seat)
        return
    state.decisions.append(Noted(seat, number))
    look_up(state, seat, number)


@dataclass(frozen=True, slots=True)
class Noted(Step):
    """After an Investigate and its chain: the quest hears which landmark was investigated (§16.8)."""

    kind = "note an investigation"
    rule = "§16.8"
    number: int

    def proceed(self, state: DiscoverState) -> None:
        note(state, "investigate", self.number)


def do_craft(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    pay(state, seat, 1, "craft")
    craft(state, seat, int(action.args[0][1:]))


def do_trade(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    open_trade(state, seat, int(action.args[0]))


def do_cook(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Cook Meat: any number of meat for as much food, at a fire (§7.8)."""
    n = int(action.args[0])
    pay(state, seat, 1, "cook")
    spend(state, seat, MEAT, n)
    gain(state, seat, FOOD, n)
    state.log("cook", f"Seat {seat} cooks {n} meat into {n} food.")


def do_restart(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Restart Fire: 1 wood flips an unlit fire in your space to lit (§7.9)."""
    pay(state, seat, 1, "relight the fire")
    spend(state, seat, WOOD, 1)
    i = next(i for i in fires_at(state, state.position[seat]) if not state.pieces[i][2])
    kind, space, _, camp = state.pieces[i]
    state.pieces[i] = (kind, space, 1, camp)
    state.log("fire", f"Seat {seat} relights the {'camp ' if camp else ''}fire in {space_name(space)}.")


def do_recover(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Recover: heal one matching damage on you or a survivor here with your own resource (§7.10)."""
    target, damage, resource = int(action.args[0]), DAMAGE.index(action.args[1]), RESOURCES.index(action.args[2])
    pay(state, seat, 1, "recover")
    spend(state, seat, resource, 1)
    heal(state, target, damage)
    recovered(state, target)


def do_loot(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Loot: take one resource or one item of a casualty in your space (§7.11, §10.4)."""
    other, what = int(action.args[0]), action.args[1]
    pay(state, seat, 1, "loot")
    if what.startswith("#"):
        card = next(c for c in state.items_of(other) if state.copy.cards[c].number == int(what[1:]))
        state.place_card(card, seat)
        state.log("loot", f"Seat {seat} loots {state.copy.cards[card].name} from seat {other}.")

        name = state.copy.cards[card].name
        for old in state.items_of(seat):
            if old != card and state.copy.cards[old].name == name:
                state.decisions.append(SameName(seat, old))
        return
    r = RESOURCES.index(what)
    lose(state, other, r, 1)
    gain(state, seat, r, 1)
    state.log("loot", f"Seat {seat} loots 1 {what} from seat {other}.")


def do_use(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Card Action: pay its printed stamina and carry out its effect (§7.12, §9.8)."""
    name, index = action.args[0], int(action.args[1]) - 1
    if name == "character":
        character = state.copy.characters[state.character[seat]]
        ability = character.abilities[index]
        pay(state, seat, ability.cost, "use an ability")
        if ability.once == "day":
            state.character_used_day[seat] = state.day if state.phase == 1 else -state.day
        state.log("use", f"Seat {seat} uses {character.title}: {ability.text}")
        run(state, seat, CHARACTER_ABILITY, character.id, index)
        return
    if name == "quest":
        quest = state.copy.quests[state.quest]
        ability = quest.abilities[index]
        pay(state, seat, ability.cost, "use an ability")
        state.log("use", f"Seat {seat} uses the quest card's action: {ability.text}")
        run(state, seat, QUEST_ABILITY, quest.id, index)
        return
    number = int(name[1:])
    card, ability = next((c, a) for s, c, i, a in abilities_of(state, seat)
                         if s == SOURCE_CARD and state.copy.cards[c].number == number and i == index)
    pay(state, seat, ability.cost, "use an ability")
    if ability.once == "day":
        mark_used(state, card)
    state.log("use", f"Seat {seat} uses {state.copy.cards[card].name}: {ability.text}")
    run(state, seat, CARD_ABILITY, card, index)


def do_attack(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Scenario 5: pay 3 stamina and attack another survivor in your space (§15.3)."""
    pay(state, seat, 3, "attack")
    start_attack(state, seat, int(action.args[0]))


def do_split(state: DiscoverState, seat: int, action: DiscoverAction) -> None:
    """Split a double token into two single supply tokens, for free (§8.1)."""
    split_token(state, seat, int(action.args[0][1:]))


ACTIONS = {
    "move": do_move, "gather": do_gather, "scout": do_scout, "investigate": do_investigate, "craft": do_craft,
    "trade": do_trade, "cook": do_cook, "restart": do_restart, "recover": do_recover, "loot": do_loot,
    "use": do_use, "attack": do_attack, "split": do_split, "pay": do_pay,
}
"""What each verb of a turn does."""


@dataclass(frozen=True, slots=True)
class FreeGather(Step):
    """After Move and Gather's fights, a surviving survivor may gather once for free (§7.2)."""

    kind = "offer the free gather"
    rule = "§7.2"

    def proceed(self, state: DiscoverState) -> None:
        if state.status[self.seat] == PLAYING and gather_targets(state, self.seat):
            state.decisions.append(FreeGatherChoice(self.seat))


@dataclass(frozen=True, slots=True)
class FreeGatherChoice(DiscoverDecision):
    """Gather one token for free in the space just entered, or pass (§7.2)."""

    kind = "free gather"
    rule = "§7.2"
    forced_resolves = False

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "gather", w) for w in gather_targets(state, seat)] + [act(seat, "pass")]

    def resolve(self, state: Any, action: Any) -> None:
        if action.verb == "gather":
            gather(state, self.seat, action.args[0])

    def text(self, state: Any) -> str:
        return "You may gather one token here for free, or pass."


@dataclass(frozen=True, slots=True)
class Settle(Step):
    """When an action ends: dirty-water risks, then the carry limit (acting player first), then the quest
    check (§8.3, §8.5, §13.2 AUTHORED timing, §18.4)."""

    kind = "settle the action"
    rule = "§8.3"

    def proceed(self, state: DiscoverState) -> None:
        status = state.status
        trims = [seat for seat in over_limits(state) if trim_options(state, seat)]
        if not trims and not any(state.dirty_pending):
            # Nothing to resolve first: the quest check runs now instead of as a step of its own (the same order),
            # and then the turn goes on from here if nothing was put above it.
            check_quest(state)
            _continue_at_once(state)
            return
        state.decisions.append(QuestCheck(-1))
        order = [self.seat] + [s for s in state.in_turn_order() if s != self.seat] if self.seat >= 0 \
            else state.in_turn_order()
        for seat in reversed(order):
            if seat in trims:
                state.decisions.append(Trim(seat))
        for seat in reversed(order):
            if status[seat] == PLAYING and state.dirty_pending[seat] > 0:
                state.decisions.append(DirtyWater(seat))


def _continue_at_once(state: DiscoverState) -> None:
    """Run a `ContinueTurn` left on top of the stack now, as `flow.advance` would run it next."""
    decisions = state.decisions
    if not decisions or state.over or state.chance or PLAYING not in state.status:
        return
    top = decisions[-1]
    if type(top) is ContinueTurn:
        decisions.pop()
        if state.status[top.seat] == PLAYING:
            decisions.append(TURNS[top.seat])


TURNS = tuple(Turn(seat) for seat in range(4))
CONTINUES = tuple(ContinueTurn(seat) for seat in range(4))
SETTLES = tuple(Settle(seat) for seat in range(4))
FREE_GATHERS = tuple(FreeGather(seat) for seat in range(4))
"""The steps of a turn are immutable values: one of each per seat serves every state (§1.1: up to 4 players)."""
SETTLE_ANY = Settle(-1)
"""The settle after a step that is no seat's action (each step of a night card)."""


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .combat import start_attack  # noqa: E402
from .damage import eliminate, heal  # noqa: E402
from .effects import CARD_ABILITY, CHARACTER_ABILITY, QUEST_ABILITY, run  # noqa: E402
from .gathering import encounter, gather  # noqa: E402
from .numbered import SameName, look_up  # noqa: E402
