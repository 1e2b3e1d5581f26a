"""The heuristic bot's day turn (bots.py; discover.md §7): one action at a time, by a fixed order of rules.

Each call reads the table afresh (`Sight`) and picks the first rule that applies:
1. free and sure gains: pay toward the quest at camp, cook meat at a fire, relight an unlit fire here, heal a
   damage it can pay for;
2. craft the quest's item, or a useful item that costs nothing it needs for the night;
3. Scenario 5: attack a weaker survivor in its space when the odds are good (§15.3);
4. cooperative games: give a partner in its space the water or food it lacks, or the signal's cost (§7.7);
5. investigate a landmark the quest names, or one nobody has revealed yet;
6. gather a token worth having here, scout a facedown tile next to it;
7. walk toward the best target — a quest space, a landmark, tokens, a tile to scout — keeping enough stamina
   to sleep by a fire whenever one can be reached;
8. walk back to a fire, relight an unlit fire here, use a safe card action with stamina to spare; end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import SOURCE_CARD, SOURCE_CHARACTER, abilities_of
from .actions import DiscoverAction, space_name
from .bot_values import (
    FAR,
    Sight,
    effect_score,
    held_numbers,
    investigate_numbers,
    quest_numbers,
    signal_crafter,
)
from .exploring import landmark_at, landmark_spaces, printed
from .terms import (
    CLEAN_WATER,
    DAMAGE,
    DIRTY_WATER,
    FOOD,
    MEDICINE,
    MONSTER,
    PHYSICAL,
    POISON,
    RESOURCES,
    SALVAGE,
    SICKNESS,
    WOOD,
)

if TYPE_CHECKING:
    from .state import DiscoverState

SLEEP_GAIN = 7
"""Stamina the bot expects from a night away from a fire (every night card gives at least 6, §5.3)."""


def choose_turn(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction:
    """The bot's next action on its own turn (one of `acts`)."""
    if _long_turn(state):
        return next(a for a in acts if a.verb == "end")
    sight = Sight(state, seat)
    by_verb: dict[str, list[DiscoverAction]] = {}
    for a in acts:
        by_verb.setdefault(a.verb, []).append(a)
    for rule in (_free_gains, _craft, _attack, _trade, _investigate, _gather_or_scout, _travel, _wind_down):
        pick = rule(sight, by_verb)
        if pick is not None:
            return pick
    return by_verb["end"][0]


Options = dict[str, list[DiscoverAction]]
WOOD_KEEP = 3
"""Wood the bot keeps rather than craft an item the quest does not ask for: the quests of Scenario 2 ask for wood
(§17.12 2.1 and the signal of 2.3), and the Island has few timber tokens (§3.2)."""
SIGNAL = 50.0
"""The worth of a space where survivors win at once (the signal's landmark while a survivor holds the signal,
§17.12 2.3): every survivor walks there, whatever its stamina or damage."""
LONG_TURN = 300
"""Log lines after which a turn is ended whatever is left: a guard against a loop of free actions."""


def _long_turn(state: DiscoverState) -> bool:
    events = state.events
    for k in range(1, min(LONG_TURN, len(events)) + 1):
        if events[-k].kind == "turn":
            return False
    return len(events) >= LONG_TURN


def _free_gains(sight: Sight, acts: Options) -> DiscoverAction | None:
    if "pay" in acts:  # stone before wood: wood also rerolls, relights fires and crafts (§12.4, §7.9, §7.6)
        return max(acts["pay"], key=lambda a: (sight.goal[RESOURCES.index(a.args[0])], a.args[0] == "stone"))
    if "cook" in acts:
        return acts["cook"][-1]
    if "restart" in acts:  # a lit fire: a good night's sleep, cooking, crafting (§5.3, §7.8, §7.6)
        return acts["restart"][0]
    return _recover(sight, acts.get("recover", []))


def _recover(sight: Sight, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Heal a damage with a resource when it can spare one (or when one more damage would be close to fatal)."""
    best: tuple[float, DiscoverAction] | None = None
    for a in acts:
        target, resource = int(a.args[0]), RESOURCES.index(a.args[2])
        damaged = len(sight.state.damage[target])
        spare = sight.held[resource] - 1 if resource not in (CLEAN_WATER, DIRTY_WATER) else sight.water - 1
        if resource == MEDICINE:
            spare += 1
        if target != sight.seat and (sight.state.scenario == 5 or spare < 1):
            continue
        if spare < 1 and damaged < 2:
            continue
        score = damaged + (0.5 if resource == CLEAN_WATER else 0.0) - (0.5 if resource == DIRTY_WATER else 0.0) \
            + (1.0 if target == sight.seat else 0.0)
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else None


def _craft(sight: Sight, acts: Options) -> DiscoverAction | None:
    state = sight.state
    wanted = sight.req.get("hold_item") or sight.req.get("craft")
    held = {state.copy.cards[c].number for c in state.items_of(sight.seat)}
    for a in acts.get("craft", []):
        project = state.copy.projects[int(a.args[0][1:])]
        if project.item == wanted and project.item not in held_numbers(state):
            return a
    if sight.stamina - 1 < sight.reserve(sight.here):
        return None
    for a in acts.get("craft", []):
        project = state.copy.projects[int(a.args[0][1:])]
        if project.item in held:
            continue
        needs = (FOOD, CLEAN_WATER, DIRTY_WATER, MEDICINE)
        if any(r in needs or sight.goal[r] or (r == WOOD and sight.held[WOOD] - n < WOOD_KEEP)
               for r, n in project.cost):
            continue
        return a
    return None


def _attack(sight: Sight, acts: Options) -> DiscoverAction | None:
    """Scenario 5: attack when the other is more hurt (or one hit from elimination) and it can still afford the
    night; the bot also needs a modifier in hand or a clear health lead."""
    state = sight.state
    mine = len(sight.damage)
    best = None
    for a in acts.get("attack", []):
        other = int(a.args[0])
        theirs = len(state.damage[other])
        mods = sight.held[WOOD] + sight.held[POISON] + sight.held[SALVAGE]  # the §15.3 modifiers
        if mine >= 3 or (theirs <= mine and not (theirs == 3 and mine < 3)):
            continue
        if theirs - mine < 2 and mods == 0 and theirs < 3:
            continue
        if best is None or theirs > len(state.damage[int(best.args[0])]):
            best = a
    return best


def _trade(sight: Sight, acts: Options) -> DiscoverAction | None:
    """Cooperative games: open a trade to give a partner here what `gift_for` names, once per turn each (§7.7)."""
    state = sight.state
    if state.scenario == 5 or sight.stamina < 1:
        return None
    for a in acts.get("trade", []):
        partner = int(a.args[0])
        if gift_for(state, sight.seat, partner) is not None and not _this_turn(state, sight.seat, f"Seat {sight.seat} opens a trade with seat {partner}."):
            return a
    return None


def gift_for(state: DiscoverState, seat: int, partner: int, offered: tuple[int, ...] = ()) -> str | None:
    """The resource `seat` would give `partner` beyond those `offered` already: what the quest's crafter still lacks
    for the signal (§17.12 2.3), or water or food it lacks while `seat` has 2 or more; None."""
    from .carrying import amount

    signal = signal_crafter(state)
    if signal is not None and signal[0] == partner != seat:
        for r, n in signal[1]:
            given = offered[r] if offered else 0
            if amount(state, partner, r) + given < n and amount(state, seat, r) > given:
                return RESOURCES[r]
    if any(offered):
        return None
    for need in (CLEAN_WATER, FOOD, MEDICINE, DIRTY_WATER):
        theirs = amount(state, partner, need) + (amount(state, partner, DIRTY_WATER) if need == CLEAN_WATER else 0)
        if need == MEDICINE and SICKNESS not in state.damage[partner]:
            continue
        if theirs == 0 and amount(state, seat, need) >= 2:
            return RESOURCES[need]
    return None


def _this_turn(state: DiscoverState, seat: int, text: str) -> bool:
    """Whether the public log shows `text` since the start of this turn (a trade opened, a landmark
    investigated: the bot does each at most once a turn, so no loop of stamina-free results can trap it)."""
    for event in reversed(state.events):
        if event.kind == "turn":
            return False
        if event.text == text:
            return True
    return False


def _visited(state: DiscoverState, seat: int) -> set[str]:
    """Spaces the survivor stood in earlier this turn (public log): the bot walks on, never back and forth."""
    start = f"Seat {seat} moves to "
    out = {space_name(state.position[seat])}
    for event in reversed(state.events):
        if event.kind == "turn":
            break
        if event.kind == "move" and event.text.startswith(start):
            out.add(event.text[len(start):].split()[0])
    return out


def _investigate(sight: Sight, acts: Options) -> DiscoverAction | None:
    if "investigate" not in acts:
        return None
    state = sight.state
    number = landmark_at(state, sight.here)
    if _this_turn(state, sight.seat, f"Seat {sight.seat} investigates landmark #{number}."):
        return None
    if number in investigate_numbers(state):
        return acts["investigate"][0]
    if len(sight.damage) >= 3 or sight.stamina - 1 < sight.reserve(sight.here):
        return None
    fresh = number not in state.journal if state.scenario != 5 else len(sight.damage) <= 1
    return acts["investigate"][0] if fresh else None


def _gather_or_scout(sight: Sight, acts: Options) -> DiscoverAction | None:
    if sight.stamina - 1 < sight.reserve(sight.here):
        return None
    gathers = [(sight.token_value(a.args[0]), a) for a in acts.get("gather", [])]
    if gathers:
        value, best = max(gathers, key=lambda x: x[0])
        if value >= 0.8:
            return best
    if "scout" in acts and _quest_unseen(sight):
        return acts["scout"][0]
    if "scout" in acts and sight.stamina >= 3:
        return acts["scout"][0]
    return None


def _quest_unseen(sight: Sight) -> bool:
    wanted = quest_numbers(sight.state)
    seen = {n for n, _ in landmark_spaces(sight.state)}
    return bool(wanted - seen) or "at_objective" in sight.req


def _targets(sight: Sight) -> list[tuple[float, int, bool]]:
    """(value, space, quest target) of the places worth walking to."""
    state = sight.state
    out: list[tuple[float, int, bool]] = []
    wanted = quest_numbers(state)
    held = held_numbers(state)
    within = int(sight.req.get("within", 0) or 0)
    urgent = 12.0 if sight.water >= 1 and sight.food >= 1 else 5.0
    for number, space in landmark_spaces(state):
        if number in wanted and (number != sight.req.get("hold_item") or number not in held):
            if number == sight.req.get("at_landmark") and within:
                out += _signal_targets(sight, space, within)
            else:
                out.append((urgent, space, True))
        elif number not in state.journal and state.scenario != 5:
            out.append((1.5, space, False))
    if "at_objective" in sight.req:
        goal = sight.req["at_objective"]
        out += [(urgent, s, True) for s in range(state.board.size)
                if (p := printed(state, s)) is not None and p.objective == goal]
    if sight.recipe is not None and all(sight.held[r] >= n for r, n in sight.recipe):
        out.append((10.0, state.board.camp, True))  # crafting the quest's item needs a fire: the camp's
    if any(sight.goal) and any(sight.held[r] for r in range(len(RESOURCES)) if sight.goal[r]):
        out.append((4.0 * sum(min(sight.held[r], sight.goal[r]) for r in range(len(RESOURCES))),
                    state.board.camp, True))
    if "defeat" in sight.req:
        out += _guardian_targets(sight)
    out += _token_targets(sight)
    return out


def _signal_targets(sight: Sight, landmark: int, within: int) -> list[tuple[float, int, bool]]:
    """§17.12 2.3: the survivor holding the signal walks onto its landmark (lighting it wins at once for every
    survivor within `within` spaces); the others gather within reach of it. Before anyone holds the signal
    the landmark is no target: the group gathers the signal's cost instead."""
    state = sight.state
    item = sight.req.get("hold_item")
    lit = state.signal > 0 and state.signal_space >= 0
    if not lit and item is not None and any(state.copy.cards[c].number == item for c in state.items_of(sight.seat)):
        return [(SIGNAL, landmark, True)]
    if not lit and (item is None or item not in held_numbers(state)):
        return []
    centre = state.signal_space if lit else landmark
    return [(SIGNAL, s, True) for s in range(state.board.size)
            if printed(state, s) and state.board.distance(s, centre) <= within]


def _guardian_targets(sight: Sight) -> list[tuple[float, int, bool]]:
    """A quest enemy is fought as a group (§12.2 supporters within 2 spaces): the healthiest survivor fights it once
    a partner stands within 2 spaces of it (at once when alone); the others gather round to support. Waiting to
    hold wood or poison first (§12.4) measured worse: hunger wears the group down meanwhile."""
    state = sight.state
    spaces = [p[1] for p in state.pieces if p[0] == MONSTER and p[2] >= 0
              and state.copy.monsters[p[2]].number == sight.req["defeat"]]
    if not spaces:
        return []
    lair = spaces[0]
    alive = state.survivors()
    fighter = min(alive, key=lambda s: (len(state.damage[s]), (s - state.tribe_leader) % state.seats))
    near = [s for s in alive if s != fighter and state.board.distance(state.position[s], lair) <= 2]
    if sight.seat == fighter and len(sight.damage) <= 2 and (near or len(alive) == 1):
        return [(15.0, lair, True)]
    ring = [s for s in state.board.adjacent[lair] if printed(state, s) and not any(
        p[0] == MONSTER and p[1] == s for p in state.pieces)]
    return [(10.0, s, True) for s in ring]


def _token_targets(sight: Sight) -> list[tuple[float, int, bool]]:
    """Tokens worth gathering and the faceup spaces next to facedown tiles (to scout). A water source is a target
    that may take more than a day (like a quest's) when the bot holds no water at all."""
    state = sight.state
    out = []
    seen: set[int] = set()
    for _, space, _, _ in state.pieces:
        if space in seen or space == sight.here:
            continue
        seen.add(space)
        words = sight.piece_words(space)
        value = max((sight.token_value(w) for w in words), default=0.0)
        if value > 0:  # water when it has none is worth a night away from a fire (§5.3 thirst)
            out.append((1.5 * value, space, "water" in words and sight.water == 0))
    frontier = {n for p, face in enumerate(state.tile_face) if face < 0
                for s in state.board.spaces_of(p) for n in state.board.adjacent[s] if state.tile_face[n // 7] >= 0}
    scout_value = 2.5 if _quest_unseen(sight) else 1.2
    out += [(scout_value, s, False) for s in frontier if s != sight.here]
    return out


def _travel(sight: Sight, acts: Options) -> DiscoverAction | None:
    """Step toward the most worthwhile target (value over stamina), within today's stamina and fire reserve;
    a quest target may take several days."""
    visited = _visited(sight.state, sight.seat)
    moves = {a.args[0]: a for a in acts.get("move", []) if a.args[0] not in visited}
    if not moves:
        return None
    dist = sight.reach[0]
    best: tuple[float, int] | None = None
    for value, space, quest in _targets(sight):
        cost = dist[space]
        if cost >= FAR or space == sight.here:
            continue
        home = sight.to_fire[space]
        fits = cost + 1 + (home if sight.to_fire[sight.here] <= sight.stamina else 0) <= sight.stamina
        if not fits and not (quest and (len(sight.damage) <= 2 or value >= SIGNAL)):
            continue
        score = value / (2 + cost)
        if best is None or score > best[0]:
            best = (score, space)
    if best is None:
        return None
    step = sight.first_step(best[1])
    return moves.get(space_name(step)) if step >= 0 else None


def _wind_down(sight: Sight, acts: Options) -> DiscoverAction | None:
    """End of the day's work: reach a fire, relight one, use spare stamina; else end the turn."""
    home = sight.to_fire[sight.here]
    if sight.fire_weights[sight.here] and home <= sight.stamina:
        step = _toward_fire(sight)
        move = next((a for a in acts.get("move", []) if a.args[0] == space_name(step)), None)
        if move is not None:
            return move
    if home >= FAR and "restart" in acts:
        return acts["restart"][0]
    use = _safe_use(sight, acts.get("use", []))
    if use is not None:
        return use
    spare = sight.stamina - sight.reserve(sight.here)
    waste = sight.stamina + SLEEP_GAIN - 12
    if spare >= 1 and waste > 0:
        gathers = sorted(((sight.token_value(a.args[0]), a) for a in acts.get("gather", [])), key=lambda x: -x[0])
        if gathers and gathers[0][0] > 0.2:
            return gathers[0][1]
        if "scout" in acts:
            return acts["scout"][0]
    return None


def _toward_fire(sight: Sight) -> int:
    """The neighbour that is one step closer to the nearest lit fire."""
    enter, fire = sight.enter, sight.fire_weights
    best, best_d = -1, FAR
    for n in sight.state.board.adjacent[sight.here]:
        if enter[n] < FAR and fire[n] < fire[sight.here] and enter[n] + fire[n] < best_d:
            best, best_d = n, enter[n] + fire[n]
    return best


def _safe_use(sight: Sight, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """A card action whose effect is clearly good (resources, healing, a fire) and affordable over the reserve."""
    state = sight.state
    if not acts:
        return None
    found = {}
    for source, ref, index, ability in abilities_of(state, sight.seat):
        if ability.use != "action":
            continue
        name = f"#{state.copy.cards[ref].number}" if source == SOURCE_CARD else \
            "character" if source == SOURCE_CHARACTER else "quest"
        found[(name, str(index + 1))] = ability
    for a in acts:
        usable = found.get((a.args[0], a.args[1]))
        if usable is None or sight.stamina - usable.cost < sight.reserve(sight.here):
            continue
        if effect_score(sight, usable.effect) > 0.6 * usable.cost + 0.3:
            return a
    return None


def heal_pick(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction:
    """A free heal of any type: physical first (Recover never heals it), else the type it has least to pay for."""
    sight = Sight(state, seat)
    cost = {DAMAGE[PHYSICAL]: -1, DAMAGE[SICKNESS]: sight.held[MEDICINE], DAMAGE[0]: sight.food,
            DAMAGE[1]: sight.water}
    return min(acts, key=lambda a: cost.get(a.args[0], 9))

