"""What the heuristic bot knows and wants: its seat's view of the map and the worth of things (bots.py).

`Sight` gathers, once per decision, what the bot reads from the public table and its own hand — never another
seat's hand, a facedown tile's face, a facedown token's face, a deck's order or `rng_state` (§18.5): its
position and stamina, the stamina to enter each faceup space, the cheapest stamina from its space to every
space and from every space to a lit fire, what it holds, and what the current quest (a faceup card) asks.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import TYPE_CHECKING, Any

from .abilities import move_cost
from .carrying import carried, carry_limit, totals
from .exploring import printed
from .quests import pay_goal, requirement
from .terms import (
    BACKS,
    CLEAN_WATER,
    DIRTY_WATER,
    ENEMIES,
    EXPLORATION,
    FEATURE,
    FIRE,
    FOOD,
    MEAT,
    MEDICINE,
    MONSTER,
    PELT,
    POISON,
    RESOURCE,
    RESOURCES,
    SALVAGE,
    SICKNESS,
    STONE,
    TERRAIN_COST,
    WATER,
    WOOD,
)

if TYPE_CHECKING:
    from .state import DiscoverState

FAR = 1 << 20
"""An unreachable distance."""
MONSTER_DETOUR = 6
STEP = 64
"""Path weights are stamina times STEP plus one a step (the fewest steps among paths of equal stamina)."""
"""Extra stamina the bot pretends a space with a monster token costs, so its paths go around them."""
GUARDIAN_STOCK = (1, 1, 1)
"""Wood, poison and stone the bot gathers before fighting a quest enemy (§12.4 modifiers, §17.12 2.2)."""
FACEDOWN_RISK = 0.5
"""What a facedown feature token loses in worth per damage the bot has: about one in six hides an enemy, fought
at once (§7.3), and physical damage never heals by Recover (§7.10)."""
BACK_RESOURCES = ((FOOD, MEDICINE, POISON), (WOOD,), (STONE, SALVAGE), (MEAT, PELT))
"""The resources each feature back may show (a printed fact of the Island, §17.5), in `BACKS` order."""


def shortest(adjacent: Any, enter: list[int], sources: list[int], forward: bool) -> tuple[list[int], list[int]]:
    """Dijkstra over the map: stamina from `sources` to every space (forward), or from every space to the
    nearest source (backward); also the neighbour each space was reached from (-1 at a source)."""
    dist = [FAR] * len(enter)
    via = [-1] * len(enter)
    heap: list[tuple[int, int]] = []
    for s in sources:
        dist[s] = 0
        heap.append((0, s))
    while heap:
        d, u = heappop(heap)
        if d > dist[u]:
            continue
        for v in adjacent[u]:
            step = enter[v] if forward else enter[u]
            if step >= FAR:
                continue
            nd = d + step
            if nd < dist[v]:
                dist[v] = nd
                via[v] = u
                heappush(heap, (nd, v))
    return dist, via


class Sight:
    """One seat's reading of the table at one decision (public information and its own hand only)."""

    def __init__(self, state: DiscoverState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.here = state.position[seat]
        self.stamina = state.stamina[seat]
        self.held = totals(state, seat)
        self.damage = list(state.damage[seat])
        self.req = requirement(state)
        self.goal = pay_goal(state)
        self.recipe = quest_recipe(state, seat)
        """The cost of the project making the item the quest asks to hold, if this seat may craft it (else None)."""
        if self.recipe is not None:
            for r, n in self.recipe:
                self.goal[r] = max(self.goal[r], n)
        self.stock = [0] * len(RESOURCES)
        """Combat modifiers worth stocking before the quest's fight (§12.4: wood and poison for the gray die,
        stone for the red): the guardian of §17.12 2.2 takes several hits."""
        if "defeat" in self.req:
            self.stock[WOOD], self.stock[POISON], self.stock[STONE] = GUARDIAN_STOCK
        self.full = carried(state, seat) >= carry_limit(state, seat)
        self._enter: list[int] | None = None
        self._reach: tuple[list[int], list[int]] | None = None
        self._fire: list[int] | None = None
        self._fire_stamina: list[int] | None = None

    # ------------------------------------------------------------------ holdings
    @property
    def water(self) -> int:
        return self.held[CLEAN_WATER] + self.held[DIRTY_WATER]

    @property
    def food(self) -> int:
        return self.held[FOOD]

    def want(self, r: int) -> float:
        """How much one more of resource `r` is worth to the bot now (about 0–4)."""
        held = self.held
        if r in (CLEAN_WATER, DIRTY_WATER):
            base = 3.0 if self.water < 2 else 1.0 if self.water < 4 else 0.2
            value = base if r == CLEAN_WATER else base * 0.7
        elif r == FOOD:
            value = 3.0 if held[FOOD] < 2 else 1.0 if held[FOOD] < 4 else 0.2
        elif r == MEAT:
            value = 1.5 if held[FOOD] + held[MEAT] < 3 else 0.4
        elif r == MEDICINE:
            value = 2.5 if SICKNESS in self.damage else 1.0 if held[MEDICINE] < 1 else 0.3
        elif r == WOOD:
            value = 1.0 if held[WOOD] < 4 else 0.4
        elif r in (STONE, PELT):
            value = 0.6 if held[r] < 3 else 0.2
        elif r in (POISON, SALVAGE):
            value = 0.5 if held[r] < 3 else 0.2
        else:
            value = 0.3
        if self.goal[r] > 0:
            value += 2.5
        elif held[r] < self.stock[r]:
            value += 2.0
        return value * (0.4 if self.full else 1.0)

    def token_value(self, word: str) -> float:
        """What gathering the token a gather word names is worth (a facedown token by the average of its back).
        At the carry limit a token is worth nothing unless it beats the least wanted resource held, which would be
        dropped for it (§8.3): no gathering only to drop the same thing again."""
        value = self._token_value(word)
        if self.full:
            least = min((self.want(r) for r in range(len(RESOURCES)) if self.held[r]), default=0.0)
            return value if value > least + 0.2 else 0.0
        return value

    def _token_value(self, word: str) -> float:
        state = self.state
        if word in BACKS:
            faces = BACK_RESOURCES[BACKS.index(word)]
            risky = FACEDOWN_RISK * len(self.damage)
            return sum(self.want(r) for r in faces) / len(faces) + 0.2 - risky
        if word == "water":
            shown = [state.copy.waters[p[2]].resource for p in state.pieces
                     if p[0] == WATER and p[1] == self.here and p[2] >= 0]
            return self.want(shown[0]) if shown else (self.want(CLEAN_WATER) + self.want(DIRTY_WATER)) / 2
        if word.startswith("t") and word[1:].isdigit():
            face = state.copy.features[int(word[1:])]
            if face.resources:
                return sum(self.want(r) for r in face.resources)
            return -1.0 if ENEMIES[0] <= face.number <= ENEMIES[1] else 0.8
        if word in RESOURCES:
            return self.want(RESOURCES.index(word))
        return 0.0

    # ------------------------------------------------------------------ the map
    @property
    def enter(self) -> list[int]:
        """The weight of entering each space: its stamina times `STEP`, plus 1 so that every step counts even
        when an ability makes it free (FAR on a facedown tile; a monster's space weighs more)."""
        if self._enter is None:
            state = self.state
            by_cost = {c: move_cost(state, self.seat, c) * STEP + 1 for c in set(TERRAIN_COST)}
            enter = []
            for s in range(state.board.size):
                p = printed(state, s)
                enter.append(FAR if p is None else by_cost[TERRAIN_COST[p.terrain]])
            for kind, space, _, _ in state.pieces:
                if kind == MONSTER and enter[space] < FAR:
                    enter[space] += MONSTER_DETOUR * STEP
            self._enter = enter
        return self._enter

    @property
    def reach(self) -> tuple[list[int], list[int]]:
        """(stamina from the bot's space to each space, the space each is entered from)."""
        if self._reach is None:
            dist, via = shortest(self.state.board.adjacent, self.enter, [self.here], True)
            self._reach = ([d // STEP if d < FAR else FAR for d in dist], via)
        return self._reach

    @property
    def fire_weights(self) -> list[int]:
        """The path weight from each space to the nearest lit fire (see `enter`)."""
        if self._fire is None:
            fires = sorted({p[1] for p in self.state.pieces if p[0] == FIRE and p[2]})
            self._fire = shortest(self.state.board.adjacent, self.enter, fires, False)[0] if fires \
                else [FAR] * self.state.board.size
        return self._fire

    @property
    def to_fire(self) -> list[int]:
        """Stamina from each space to the nearest lit fire."""
        if self._fire_stamina is None:
            self._fire_stamina = [d // STEP if d < FAR else FAR for d in self.fire_weights]
        return self._fire_stamina

    def first_step(self, target: int) -> int:
        """The neighbour of the bot's space on its cheapest path to `target`, or -1."""
        via = self.reach[1]
        s = target
        while s >= 0 and via[s] != self.here:
            s = via[s]
        return s

    def reserve(self, space: int) -> int:
        """Stamina to keep so as to sleep by a fire after acting in `space` (0 when no fire can be reached)."""
        home = self.to_fire[space]
        return home if home <= self.stamina else 0

    def piece_words(self, space: int) -> list[str]:
        """The gather words of the tokens lying in `space` (as `exploring.gather_targets` names them)."""
        out: list[str] = []
        for kind, where, value, _ in self.state.pieces:
            if where != space:
                continue
            if kind == FEATURE:
                out.append(BACKS[-1 - value] if value < 0 else f"t{value}")
            elif kind == WATER:
                out.append("water")
            elif kind == RESOURCE:
                out.append(RESOURCES[value])
        return out


def quest_recipe(state: DiscoverState, seat: int) -> tuple[tuple[int, int], ...] | None:
    """The cost of a project in `seat`'s hand or faceup that makes the item the quest asks to hold, while nobody
    holds one (the signal of §17.12 2.3); None otherwise."""
    wanted = requirement(state).get("hold_item")
    if wanted is None or wanted in held_numbers(state):
        return None
    for project in sorted(set(state.hand[seat]) | set(state.projects_faceup)):
        if state.copy.projects[project].item == wanted:
            return state.copy.projects[project].cost
    return None


def signal_crafter(state: DiscoverState) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """(the survivor who should craft the quest's item, the faceup project's cost) while nobody holds one: the one
    holding most of the cost, the tribe leader's side first on a tie (§17.12 2.3; faceup projects and held
    resources are public, §18.5). None when no faceup project makes it."""
    from .carrying import amount

    wanted = requirement(state).get("hold_item")
    if wanted is None or wanted in held_numbers(state):
        return None
    cost = next((state.copy.projects[p].cost for p in sorted(state.projects_faceup)
                 if state.copy.projects[p].item == wanted), None)
    alive = state.survivors()
    if cost is None or not alive:
        return None
    crafter = max(alive, key=lambda s: (sum(min(amount(state, s, r), n) for r, n in cost),
                                        -((s - state.tribe_leader) % state.seats)))
    return crafter, cost


def quest_numbers(state: DiscoverState) -> set[int]:
    """Landmark numbers the current quest sends survivors to: to investigate, to stand at, or whose exploration
    card is the item to hold (§13, §17.24 rule 4)."""
    req = requirement(state)
    out = investigate_numbers(state)
    if "at_landmark" in req:
        out.add(int(req["at_landmark"]))
    return out


def investigate_numbers(state: DiscoverState) -> set[int]:
    """Landmark numbers the current quest needs investigated: named, or the exploration card of its item."""
    req = requirement(state)
    out = set()
    if "investigate" in req:
        out.add(int(req["investigate"]))
    item = req.get("hold_item")
    if item and EXPLORATION[0] <= int(item) <= EXPLORATION[1] and int(item) not in held_numbers(state):
        out.add(int(item))
    return out


def held_numbers(state: DiscoverState) -> set[int]:
    """Item numbers held by survivors still on the map (items are faceup, §18.5)."""
    cards = state.copy.cards
    alive = set(state.survivors())
    return {cards[c].number for c, place in enumerate(state.card_place) if place in alive}


def effect_score(sight: Sight, effect: Any) -> float:
    """A rough worth of carrying out an effect (in the copy's words) for the bot: resources, healing, stamina,
    and the harm of damage, losses and monsters."""
    items = effect if isinstance(effect, list) else [effect] if effect else []
    total = 0.0
    for item in items:
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (verb, params), = item.items()
        total += _verb_score(sight, verb, params)
    return total


def _verb_score(sight: Sight, verb: str, params: Any) -> float:
    p = params if isinstance(params, dict) else {}
    if verb == "choose":
        return max((effect_score(sight, b) for b in params or []), default=0.0)
    if verb == "all":
        return sum(effect_score(sight, b) for b in params or [])
    if verb in ("gain", "lose"):
        worth = sum(sight.want(RESOURCES.index(r)) * int(n) for r, n in p.items()
                    if r in RESOURCES and isinstance(n, int))
        return worth if verb == "gain" else -0.6 * worth
    n = int(p.get("n", 1) or 1) if verb in ("wound", "heal") else 0
    scores = {
        "wound": -3.0 * n * (1 + len(sight.damage)),
        "heal": 2.5 * min(n, len(sight.damage)),
        "stamina": 0.5 * int(p.get("amount", 0) or 0) * (1 if p.get("who") in (None, "you") else 0),
        "draw": 0.8, "place_fire": 1.0 if sight.fire_weights[sight.here] else 0.0,
        "spawn": -2.0 - len(sight.damage), "fight": -2.0 - 1.5 * len(sight.damage),
        "move_monsters": -0.5, "resolve": 0.5,
    }
    return scores.get(verb, 0.0)
