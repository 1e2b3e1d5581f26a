"""Running a card's effect: the `RunEffect` step and the handler of every verb (architecture §3, §0.3).

An effect is a list of one-verb mappings. `RunEffect` runs one item and first leaves its own continuation on
the stack, so anything the item asks (a choice, a fight, a draw) is resolved before the next item — the order
the card is read in. An effect is addressed by where it is printed (`source`, `ref`, `sub`) and a path inside it,
so the step is data and a state saves mid-effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import rounds
from .actions import DiscoverAction, act
from .copy import table
from .decisions import DiscoverDecision
from .terms import DAMAGE, PHYSICAL, RESOURCES
from .verbs import VERBS, text_of

if TYPE_CHECKING:
    from .state import DiscoverState

CARD, CARD_ABILITY, NIGHT_STEP, THREAT, THREAT_ONGOING, QUEST_REVEAL, CHARACTER_ABILITY, QUEST_ABILITY = range(8)
SOURCES = ("card", "card ability", "night step", "threat", "ongoing threat", "quest", "character ability",
           "quest ability")
"""Where an effect is printed: `ref` is the card, night card, threat, quest or character id; `sub` the ability or
step index."""


def effect_of(state: DiscoverState, source: int, ref: int, sub: int) -> Any:
    """The effect printed at (source, ref, sub)."""
    copy = state.copy
    if source == CARD:
        return copy.cards[ref].effect
    if source == CARD_ABILITY:
        return copy.cards[ref].abilities[sub].effect
    if source == NIGHT_STEP:
        return copy.nights[ref].steps[sub].effect
    if source == THREAT:
        return copy.threats[ref].effect
    if source == THREAT_ONGOING:
        return copy.threats[ref].ongoing_effect
    if source == QUEST_REVEAL:
        return copy.quests[ref].on_reveal
    if source == CHARACTER_ABILITY:
        return copy.characters[ref].abilities[sub].effect
    if source == QUEST_ABILITY:
        return copy.quests[ref].abilities[sub].effect
    raise AssertionError(source)


def _as_list(effect: Any) -> list[Any]:
    if effect is None:
        return []
    return effect if isinstance(effect, list) else [effect]


def locate(effect: Any, path: tuple[int, ...]) -> tuple[list[Any], int]:
    """The list an effect path points into and the index in it: (i) top level, (i, b, j) item j of branch b of the
    `choose`/`all` at item i, and so on."""
    items = _as_list(effect)
    for k in range(0, len(path) - 1, 2):
        (_, branches), = items[path[k]].items()
        items = _as_list(branches[path[k + 1]])
    return items, path[-1]


def run(state: DiscoverState, seat: int, source: int, ref: int, sub: int = 0) -> None:
    """Start running the effect at (source, ref, sub) for `seat` (pushed: it runs when it reaches the top)."""
    if _as_list(effect_of(state, source, ref, sub)):
        state.decisions.append(RunEffect(seat, source, ref, sub, (0,)))


def _path_problem(step: Any, state: Any) -> str | None:
    """A loaded effect step must point at an item of a real effect (a corrupt document is refused)."""
    if not 0 <= step.source < len(SOURCES) or not -1 <= step.seat < state.seats or step.ref < 0 or step.sub < 0:
        return "its source or seat is not at this table"
    if not step.path or len(step.path) % 2 == 0 or any(i < 0 for i in step.path):
        return f"its effect path {list(step.path)} is not a path"
    try:
        items, i = locate(effect_of(state, step.source, step.ref, step.sub), step.path)
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return f"its effect path {list(step.path)} points at nothing"
    return None if i <= len(items) else f"its effect path {list(step.path)} runs past the effect"


@dataclass(frozen=True, slots=True)
class AtEffect(DiscoverDecision):
    """A pending entry that points into an effect: where it is printed (`source`, `ref`, `sub`) and the path to an
    item in it (`locate`); a document pointing nowhere is refused."""

    source: int
    ref: int
    sub: int
    path: tuple[int, ...]

    def check(self, state: Any) -> str | None:
        return _path_problem(self, state)

    def item(self, state: Any) -> tuple[list[Any], int]:
        """The list holding the item pointed at, and its index."""
        return locate(effect_of(state, self.source, self.ref, self.sub), self.path)


@dataclass(frozen=True, slots=True)
class RunEffect(AtEffect):
    """Run the next item of an effect (§0.3: the card's data is what the engine does)."""

    kind = "effect"
    rule = "§0.3"
    automatic: ClassVar[bool] = True

    def text(self, state: Any) -> str:
        return "the engine carries out a card's effect"

    def proceed(self, state: DiscoverState) -> None:
        path = self.path
        items = compiled(state, self.source, self.ref, self.sub, path[:-1])
        i = path[-1]
        if i >= len(items):
            return
        if i + 1 < len(items):  # the next item waits below whatever this one puts on the stack (none after the last)
            state.decisions.append(RunEffect(self.seat, self.source, self.ref, self.sub, path[:-1] + (i + 1,)))
        handler, arguments = items[i]
        if handler is None:
            state.decisions.append(ChooseEffect(self.seat, self.source, self.ref, self.sub, path))
        elif type(handler) is int:  # `all`: each branch in order
            for b in reversed(range(handler)):
                state.decisions.append(RunEffect(self.seat, self.source, self.ref, self.sub, path + (b, 0)))
        else:
            handler(Context(state, self.seat, self.source, self.ref), **arguments)


Compiled = tuple[Any, dict[str, Any]]
"""An effect item made ready to run: (None, {}) for `choose`, (its number of branches, {}) for `all`, else (the
verb's handler, every parameter of its schema with the card's value or None)."""


def compiled(state: DiscoverState, source: int, ref: int, sub: int, prefix: tuple[int, ...]) -> tuple[Compiled, ...]:
    """The items of the effect list at `prefix` (a path without its last index, see `locate`), each read once per
    copy: which verb, its handler and its arguments (§0.3)."""
    memo: dict[tuple[Any, ...], tuple[Compiled, ...]] = state.copy.derived[_no_items]
    key = (source, ref, sub, prefix)
    found = memo.get(key)
    if found is None:
        items, _ = locate(effect_of(state, source, ref, sub), (*prefix, 0))
        found = memo[key] = tuple(_compile(item) for item in items)
    return found


@table
def _no_items(copy: Any) -> dict[tuple[Any, ...], tuple[Compiled, ...]]:
    """The memo of `compiled` kept on a copy (its effects never change)."""
    return {}


def _compile(item: Any) -> Compiled:
    (name, params), = item.items()
    if name == "choose":
        return None, {}
    if name == "all":
        return len(params), {}
    verb = VERBS.verb(name)
    assert verb.handler is not None
    given = dict(params or {})
    return verb.handler, {k: given.get(k) for k in verb.params}


@dataclass(frozen=True, slots=True)
class ChooseEffect(AtEffect):
    """A card says "choose one": the survivor picks a branch (architecture §3 `choose`)."""

    kind = "choose an effect"
    rule = "§0.3"

    def _branches(self, state: Any) -> list[Any]:
        items, i = self.item(state)
        (_, branches), = items[i].items()
        return list(branches)

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "choose", b + 1) for b in range(len(self._branches(state)))]

    def resolve(self, state: Any, action: Any) -> None:
        b = int(action.args[0]) - 1
        state.log("choose", f"Seat {self.seat} chooses: {text_of(self._branches(state)[b])}")
        state.decisions.append(RunEffect(self.seat, self.source, self.ref, self.sub, self.path + (b, 0)))

    def text(self, state: Any) -> str:
        return "Choose one: " + " / ".join(f"{b + 1}) {text_of(br)}"
                                            for b, br in enumerate(self._branches(state)))


@dataclass
class Context:
    """What a verb's handler works on: the state, the seat the effect belongs to, and where it is printed."""

    state: DiscoverState
    seat: int
    source: int
    ref: int


# ----------------------------------------------------------------------------- whom an effect concerns
def targets(ctx: Context, who: str | None) -> list[int]:
    """The survivors a `who` names, in turn order (§17.20 items 17 and 19)."""
    state = ctx.state
    if who in (None, "you"):
        return [ctx.seat] if state.status[ctx.seat] == 0 else []
    if who == "each":
        return state.in_turn_order()
    if who == "here":
        space = state.position[ctx.seat]
        return [s for s in state.in_turn_order() if state.position[s] == space]
    if who == "leader":
        return [state.tribe_leader] if state.status[state.tribe_leader] == 0 else []
    if who == "nearest_other":
        other = nearest_other_survivor(state, ctx.seat)
        return [] if other < 0 else [other]
    raise AssertionError(who)


# ----------------------------------------------------------------------------- handlers
def _resources(food: int | None, meat: int | None, clean_water: int | None, dirty_water: int | None,
               wood: int | None, stone: int | None, medicine: int | None, pelt: int | None, poison: int | None,
               salvage: int | None) -> list[tuple[int, int]]:
    given = (food, meat, clean_water, dirty_water, wood, stone, medicine, pelt, poison, salvage)
    return [(r, n) for r, n in enumerate(given) if n]


def do_gain(ctx: Context, who: str | None = None, food: int | None = None, meat: int | None = None,
            clean_water: int | None = None, dirty_water: int | None = None, wood: int | None = None,
            stone: int | None = None, medicine: int | None = None, pelt: int | None = None,
            poison: int | None = None, salvage: int | None = None) -> None:
    amounts = _resources(food, meat, clean_water, dirty_water, wood, stone, medicine, pelt, poison, salvage)
    for seat in targets(ctx, who):
        for r, n in amounts:
            gain(ctx.state, seat, r, n)
        ctx.state.log("gain", f"Seat {seat} gains {', '.join(f'{n} {RESOURCES[r]}' for r, n in amounts)}.")


def do_lose(ctx: Context, who: str | None = None, food: int | None = None, meat: int | None = None,
            clean_water: int | None = None, dirty_water: int | None = None, wood: int | None = None,
            stone: int | None = None, medicine: int | None = None, pelt: int | None = None,
            poison: int | None = None, salvage: int | None = None) -> None:
    amounts = _resources(food, meat, clean_water, dirty_water, wood, stone, medicine, pelt, poison, salvage)
    for seat in targets(ctx, who):
        for r, n in amounts:
            lost = lose(ctx.state, seat, r, n)
            ctx.state.log("lose", f"Seat {seat} loses {lost} {RESOURCES[r]}.")


def do_wound(ctx: Context, who: str | None, n: int, kind: str | None) -> None:
    for seat in targets(ctx, who):
        suffer(ctx.state, seat, DAMAGE.index(kind) if kind else PHYSICAL, n)


def do_heal(ctx: Context, who: str | None, n: int, kind: str | None) -> None:
    for seat in targets(ctx, who):
        if kind:
            for _ in range(n):
                heal(ctx.state, seat, DAMAGE.index(kind))
        else:
            for _ in range(n):
                if ctx.state.damage[seat]:
                    ctx.state.decisions.append(HealChoice(seat))


def do_draw(ctx: Context, deck: str, n: int, who: str | None) -> None:
    if deck != "project":  # the Island has only the normal project deck (§17.9)
        return
    for seat in targets(ctx, who):
        draw_projects(ctx.state, seat, n)


def do_stamina(ctx: Context, amount: int, who: str | None) -> None:
    for seat in targets(ctx, who):
        changed = rounds.gain_stamina(ctx.state, seat, amount)
        ctx.state.log("stamina", f"Seat {seat} {'gains' if changed >= 0 else 'loses'} {abs(changed)} stamina.")


def do_resolve(ctx: Context, card: int) -> None:
    look_up(ctx.state, ctx.seat, card, chained=True)


def do_fight(ctx: Context, enemy: int) -> None:
    fight_card(ctx.state, ctx.seat, enemy)


def do_spawn(ctx: Context, at: str, landmark: int | None, special: int | None, only_if_none: bool | None) -> None:
    spawn(ctx.state, ctx.seat, at, landmark or 0, special or 0, bool(only_if_none))


def do_move_monsters(ctx: Context, steps: int, which: str, toward: str) -> None:
    move_monsters(ctx.state, ctx.seat, steps, which, toward)


def do_upkeep(ctx: Context, pay: str, damage: str) -> None:
    upkeep(ctx.state, pay, DAMAGE.index(damage))


def do_sleep(ctx: Context, fire: int, other: int) -> None:
    sleep(ctx.state, fire, other)


def do_threat(ctx: Context, who: str) -> None:
    threats_for(ctx.state, who)


def do_fire_out(ctx: Context, which: str) -> None:
    fires_out(ctx.state, ctx.seat, which)


def do_place_fire(ctx: Context) -> None:
    place_fire(ctx.state, ctx.state.position[ctx.seat])


def do_move_to(ctx: Context, landmark: int) -> None:
    move_to_landmark(ctx.state, ctx.seat, landmark)


def do_move_spaces(ctx: Context, n: int) -> None:
    if n > 0 and ctx.state.status[ctx.seat] == 0:
        ctx.state.decisions.append(AbilityMove(ctx.seat, n))


def do_prevent(ctx: Context, who: str | None, n: int, kind: str | None) -> None:
    """Damage the combat in progress would deal is prevented, up to `n` (§15.5; the `prevent` kernel verb). Combat
    damage is physical (§12.6, §15.3): a shield against another kind protects from nothing in a combat."""
    if kind and kind != DAMAGE[PHYSICAL]:
        return
    for seat in targets(ctx, who):
        ctx.state.shield[seat] += n
        ctx.state.log("prevent", f"Seat {seat} will prevent {n} damage in this combat (§15.5).")


def do_reroll(ctx: Context, dice: str | None, times: int | None = None) -> None:
    for _ in range(times or 1):
        reroll(ctx.state, ctx.seat, dice or "any")


def do_modify(ctx: Context, die: str, amount: int) -> None:
    modify(ctx.state, ctx.seat, die, amount)


def do_escape(ctx: Context) -> None:
    escape(ctx.state, ctx.seat)


@dataclass(frozen=True, slots=True)
class HealChoice(DiscoverDecision):
    """An ability heals a damage of no named type: the healed survivor picks which (§10.5, AUTHORED: physical too)."""

    kind = "choose the damage healed"
    rule = "§10.5"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "heal", DAMAGE[d]) for d in sorted(set(state.damage[seat]))]

    def resolve(self, state: Any, action: Any) -> None:
        heal(state, self.seat, DAMAGE.index(action.args[0]))


_HANDLERS: dict[str, Callable[..., Any]] = {
    "gain": do_gain, "lose": do_lose, "wound": do_wound, "heal": do_heal, "draw": do_draw, "stamina": do_stamina,
    "resolve": do_resolve, "fight": do_fight, "spawn": do_spawn, "move_monsters": do_move_monsters,
    "upkeep": do_upkeep, "sleep": do_sleep, "threat": do_threat, "fire_out": do_fire_out,
    "place_fire": do_place_fire, "move_to": do_move_to, "move_spaces": do_move_spaces, "reroll": do_reroll, "prevent": do_prevent, "modify": do_modify,
    "escape": do_escape,
}
for _name, _handler in _HANDLERS.items():
    VERBS.handle(_name, _handler)


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .carrying import gain, lose  # noqa: E402
from .combat import escape, fight_card, modify, reroll  # noqa: E402
from .crafting import draw_projects  # noqa: E402
from .damage import heal, suffer  # noqa: E402
from .exploring import AbilityMove, fires_out, move_to_landmark, place_fire  # noqa: E402
from .monsters import move_monsters, nearest_other_survivor, spawn  # noqa: E402
from .night import sleep, threats_for, upkeep  # noqa: E402
from .numbered import look_up  # noqa: E402
