"""Action planning: targets, costs, requirements, groups and confirming the plan (robinson-crusoe.md §8.1–§8.3, §26.1).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from outlast.core import IllegalAction

from . import abilities
from .action_resolution import _max_pawns, _min_pawns
from .actions import RobinsonAction
from .constants import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    BUILD_WORDS,
    CHANGE_LIMIT,
    FOOD,
    FT_EXTRA,
    FT_WOOD,
    FUR,
    G_ECON,
    G_FIELDX,
    G_WOODTOK,
    NO_LEADER,
    NONPER,
    RESOLVE,
    T_ARRANGE,
    T_BUILD,
    T_EXPLORE,
    T_GATHER,
    T_HUNT,
    T_REST,
    T_THREAT,
    TILE_STACK,
    TK_FOOD,
    TK_WOOD,
    TOK_USED,
    TYPE_NAMES,
    W_PLAN,
    WOOD,
    XS_KEPT,
    XS_SKILL,
    XS_START,
    XS_TOKEN,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_ITEM,
    Z_KEPT,
    Z_MYST_DISCARD,
    Z_START_USED,
    act,
    acts,
)
from .exploration import _distance
from .pawns import pawn_char, pawn_mask, pawn_text, pawns_of, where
from .program import program
from .resources import committed

if TYPE_CHECKING:
    from .content import Content
    from .state import RobinsonState


def target_text(state: RobinsonState, typ: int, target: int, alt: int) -> str:
    if typ == T_THREAT:
        return ("threat:l" if target == 0 else "threat:r") + (f"/{alt + 1}" if alt else "")
    if typ == T_BUILD:
        if target in BUILD_WORDS:
            word = BUILD_WORDS[target]
            if target == BUILD_WEAPON:
                return "build:weapon"
            return f"build:{word}/{'wood' if alt == 0 else 'fur'}"
        cost = state.content.cards[target].data.get("cost") or []
        return f"build:{state.content.cards[target].id}" + (f"/{alt + 1}" if len(cost) > 1 else "")
    if typ == T_GATHER:
        sp, i = divmod(target, 2)
        return f"gather:s{sp + 1}:{state.content.tiles[state.space_tile[sp]].sources[i]}"
    if typ == T_EXPLORE:
        return f"explore:s{target + 1}"
    return TYPE_NAMES[typ]


def _group_text(state: RobinsonState, gi: int) -> str:
    g = state.groups[gi]
    return f"{target_text(state, g[0], g[1], g[2])} ({state.char_name(g[3])})"


def _candidates(state: RobinsonState) -> list[tuple[int, int, int]]:
    """Every (type, target, alt) a plan could name now, legal or not."""
    out: list[tuple[int, int, int]] = []
    for slot in (0, 1):
        card = state._threat_card(slot)
        if card >= 0:
            d = state.content.cards[card].data
            alts = len(d["threat"].get("needs") or []) if state.content.cards[card].kind == "event" else 0
            out += [(T_THREAT, slot, a) for a in range(max(1, alts))]
    out.append((T_HUNT, 0, 0))
    for target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
        out += [(T_BUILD, target, 0), (T_BUILD, target, 1)]
    out.append((T_BUILD, BUILD_WEAPON, 0))
    for z in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO):
        for card in state.cards_in(z):
            cost = state.content.cards[card].data.get("cost") or []
            out += [(T_BUILD, card, a) for a in range(max(1, len(cost)))]
    for sp, tile in enumerate(state.space_tile):
        if tile >= 0:
            if sp != state.camp and not state.space_lost[sp]:
                out += [(T_GATHER, sp * 2 + i, 0) for i in range(len(state.content.tiles[tile].sources))]
        elif not state.space_lost[sp]:
            out.append((T_EXPLORE, sp, 0))
    out += [(T_ARRANGE, 0, 0), (T_REST, 0, 0)]
    return out


def _cost(state: RobinsonState, typ: int, target: int, alt: int, token: bool = True) -> tuple[int, int, int, int]:
    """(wood, food, fur, flags) to commit for a new Action (§8.3.1, §8.8.2, §20.5a)."""
    w = f = u = flags = 0
    if typ == T_THREAT:
        card = state._threat_card(target)
        if card >= 0 and state.content.cards[card].kind == "event":
            needs = state.content.cards[card].data["threat"].get("needs") or []
            if needs:
                req = needs[alt]
                w, f, u = req.get("wood", 0), req.get("food", 0), req.get("fur", 0)
    elif typ == T_BUILD:
        if target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
            if alt == 0:
                w = state.table.cost[0]
            else:
                u = state.table.cost[1]
        elif target == BUILD_WEAPON:
            w = 1
        else:
            cost = state.content.cards[target].data.get("cost") or []
            if cost:
                w, f, u = cost[alt].get("wood", 0), cost[alt].get("food", 0), cost[alt].get("fur", 0)
        if token and w and state.action_field_tokens[T_BUILD] & FT_WOOD and not any(g[8] & G_WOODTOK for g in state.groups):
            w += 1
            flags |= G_WOODTOK
    return w, f, u, flags


def _dynamic_open(state: RobinsonState, com: list[int], wood_slack: int = 0) -> list[Target]:
    """The statically open targets (`_pc`) that the plan so far still leaves open, with the plan committing `com`
    (same tests as `_target_problem`): a source, space, Threat card, Shelter or Invention planned once, at most
    two Threat Actions, a Hunting card per Hunt, an Island tile per Exploration, and what a target costs against
    the free resources (§8.1.4, §8.3.1, §8.7.1, §8.8.3, §25.19).

    `wood_slack` lets the Carpenter plan an Action short of the wood Economical construction saves, to be
    paid down with it before the plan is confirmed (§13.2, TV-23).
    """
    pc = state._pc
    assert pc is not None
    free_w = state.resources[WOOD] - com[0] + wood_slack
    free_f = state.food_total() - com[1]
    free_u = state.resources[FUR] - com[2]
    hunts = threats = explores = 0
    closed: set[tuple[int, int]] = set()  # (type, target) of the targets the plan has taken
    wood_token = bool(state.action_field_tokens[T_BUILD] & FT_WOOD)
    for g in state.groups:
        typ = g[0]
        if typ == T_HUNT:
            hunts += 1
        elif typ == T_THREAT:
            threats += 1
            closed.add((typ, g[1]))
        elif typ == T_EXPLORE:
            explores += 1
            closed.add((typ, g[1]))
        elif typ == T_GATHER or typ == T_BUILD and (g[1] >= 0 or g[1] == BUILD_SHELTER):
            closed.add((typ, g[1]))
        if g[8] & G_WOODTOK:
            wood_token = False  # an Action took the wood token already
    full = {T_HUNT} if pc[7] <= hunts else set()  # the types with no target left
    if threats >= 2:
        full.add(T_THREAT)
    if pc[4] <= explores:  # also an empty Island stack (§25.19)
        full.add(T_EXPLORE)
    out = []
    for c in pc[1]:
        typ = c[0]
        if typ >= T_ARRANGE:  # Arranging the Camp and Rest are always open
            out.append(c)
            continue
        if typ in full or (typ, c[1]) in closed:
            continue
        w = c[4]
        if (w + 1 if wood_token and w and typ == T_BUILD else w) > free_w or c[5] > free_f or c[6] > free_u:
            continue
        out.append(c)
    return out


def _plan_ctx(state: RobinsonState) -> tuple[int, int, int, set[str], dict[int, list[int]], set[str], int]:
    """What every target check of one planning position shares: free resources, terrains, plans, Items.

    The parts that only change outside the plan (Items, terrains, tiles, zones) are cached under a
    fingerprint together with the targets they leave open.
    """
    com = state.committed()
    planned: dict[int, list[int]] = {}
    for g in state.groups:
        planned.setdefault(g[0], []).append(g[1])
    pc = state._pc
    pm = state._pm
    checked: object = None if pm is None else pm.get(0)
    if pc is not None and checked is pc:
        return (state.resources[WOOD] - com[0], state.food_total() - com[1], state.resources[FUR] - com[2],
                pc[2], planned, pc[3], pc[4])
    fp = hash((state.round, state.phase, state.camp, state.shelter, state.weapon, state.tile_top, tuple(state.zone),
               tuple(state.space_tile), tuple(state.covered_sources), tuple(state.space_lost), tuple(state.space_tokens),
               tuple(state.gathered), tuple(state.tile_at)))
    pc = state._pc
    if pc is None or pc[0] != fp:
        built = {state.content.cards[i].id for i in state.cards_in(Z_ITEM)}
        kept = state.cards_in(Z_KEPT)
        if kept:  # a kept card may count as an Item (§18)
            counts_as = state.content.derive(_counts_as)
            for k in kept:
                built.update(counts_as[k])
        tiles_left = sum(1 for at in state.tile_at if at == TILE_STACK) + (state.tile_top >= 0)
        terrains = state.explored_terrains()
        out = _static_targets(state, terrains, built)
        most = (max((c[4] for c in out), default=0) + 1, max((c[5] for c in out), default=0),
                max((c[6] for c in out), default=0))
        pc = state._pc = (fp, out, terrains, built, tiles_left, {}, most, state.count_in(Z_HUNT_DECK))
    if pm is None:
        pm = state._pm = {}
    pm[0] = pc
    return (state.resources[WOOD] - com[0], state.food_total() - com[1], state.resources[FUR] - com[2],
            pc[2], planned, pc[3], pc[4])


Target = tuple[int, int, int, str, int, int, int]
"""A planning target: (type, target, alt, its text, wood, food, fur it costs without the wood token)."""


def _build_targets(content: Content) -> tuple[tuple[tuple[Target, ...], tuple[str, ...], tuple[str, ...]], ...]:
    """Per card: its Building targets (one per way to pay its cost, §8.8.6), the terrains and the Items it needs
    (§8.2, §16.5); built once per content, so a planning position reads them instead of each card's data."""
    out = []
    for card in content.cards:
        d = card.data
        cost = d.get("cost") or []
        targets = []
        for alt in range(max(1, len(cost))):
            text = f"build:{card.id}" + (f"/{alt + 1}" if len(cost) > 1 else "")
            w, f, u = (cost[alt].get("wood", 0), cost[alt].get("food", 0), cost[alt].get("fur", 0)) if cost else (0, 0, 0)
            targets.append((T_BUILD, card.index, alt, text, w, f, u))
        out.append((tuple(targets), tuple(d.get("terrain") or ()), tuple(d.get("items") or ())))
    return tuple(out)


def _counts_as(content: Content) -> tuple[tuple[str, ...], ...]:
    """Per card: the Inventions it counts as while kept (§18), by the abilities' `COUNTS_AS` answers; once per content."""
    prog = program(content)
    items = [content.cards[i].id for i in prog.by_kind["invention"]]
    return tuple(tuple(item for item in items if abilities.card_answer(prog, k, abilities.COUNTS_AS + item, 0))
                 for k in range(len(content.cards)))


def _static_targets(state: RobinsonState, terrains: set[str], built: set[str]) -> list[Target]:
    """The candidates (`_candidates`, in its order) that `_target_problem` leaves open before anything is planned
    and with unlimited resources, with their texts and costs (§8.1.4, §8.2, §8.8, §16.3): the part of the open
    targets that only changes outside the plan. The same tests as `_target_problem`, made once per round
    (the property tests compare the two)."""
    content = state.content
    out: list[Target] = []
    for slot in (0, 1):
        card = state._threat_card(slot)
        if card < 0:
            continue
        cd = content.cards[card]
        side = "threat:l" if slot == 0 else "threat:r"
        needs = (cd.data["threat"].get("needs") or []) if cd.kind == "event" else []
        if not needs:
            out.append((T_THREAT, slot, 0, side, 0, 0, 0))
            continue
        for alt, req in enumerate(needs):
            if req.get("item") and req["item"] not in built or req.get("weapon", 0) > state.weapon:
                continue
            out.append((T_THREAT, slot, alt, side + (f"/{alt + 1}" if alt else ""),
                        req.get("wood", 0), req.get("food", 0), req.get("fur", 0)))
    if state.count_in(Z_HUNT_DECK) > 0:
        out.append((T_HUNT, 0, 0, "hunt", 0, 0, 0))
    cost = state.table.cost
    if not state.shelter:
        out += [(T_BUILD, BUILD_SHELTER, 0, "build:shelter/wood", cost[0], 0, 0),
                (T_BUILD, BUILD_SHELTER, 1, "build:shelter/fur", 0, 0, cost[1])]
    if state.has_shelter():
        out += [(T_BUILD, BUILD_ROOF, 0, "build:roof/wood", cost[0], 0, 0),
                (T_BUILD, BUILD_ROOF, 1, "build:roof/fur", 0, 0, cost[1]),
                (T_BUILD, BUILD_PALISADE, 0, "build:palisade/wood", cost[0], 0, 0),
                (T_BUILD, BUILD_PALISADE, 1, "build:palisade/fur", 0, 0, cost[1])]
    out.append((T_BUILD, BUILD_WEAPON, 0, "build:weapon", 1, 0, 0))
    table = content.derive(_build_targets)
    for z in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO):
        for card in state.cards_in(z):
            targets, needs_terrain, needs_items = table[card]
            if all(t in terrains for t in needs_terrain) and all(i in built for i in needs_items):
                out += targets
    tiles, space_tile, space_lost = content.tiles, state.space_tile, state.space_lost
    for sp, tile in enumerate(space_tile):
        if space_lost[sp]:
            continue
        if tile >= 0:
            if sp == state.camp or not _distance(state, sp):
                continue
            for i, source in enumerate(tiles[tile].sources):
                target = sp * 2 + i
                r_token = TK_WOOD if source == "wood" else TK_FOOD
                if (state.covered_sources[sp] >> i & 1 and not state.space_tokens[sp] & r_token
                        or target in state.gathered):
                    continue
                out.append((T_GATHER, target, 0, f"gather:s{sp + 1}:{source}", 0, 0, 0))
        elif _distance(state, sp):
            out.append((T_EXPLORE, sp, 0, f"explore:s{sp + 1}", 0, 0, 0))
    out += [(T_ARRANGE, 0, 0, "arrange", 0, 0, 0), (T_REST, 0, 0, "rest", 0, 0, 0)]
    return out


def _target_problem(state: RobinsonState, typ: int, target: int, alt: int,
                    ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int] | None = None
                    ) -> str | None:
    """Why a new Action on this target cannot be planned now (None: it can), with its rule: the Action type's
    own limits, then what it costs against the free resources (§8.3.1)."""
    if ctx is None:
        ctx = _plan_ctx(state)
    free_w, free_f, free_u, terrains, plans, built, tiles_left = ctx
    planned = plans.get(typ, ())
    problem: str | None = None
    if typ == T_THREAT:
        problem = _threat_target_problem(state, target, alt, planned, built)
    elif typ == T_HUNT:
        if state.count_in(Z_HUNT_DECK) <= len(planned):
            problem = "the Hunting deck needs a card for every Hunt (§8.7.1)"
    elif typ == T_BUILD:
        problem = _build_target_problem(state, target, planned, terrains, built)
    elif typ == T_GATHER:
        problem = _gather_target_problem(state, target, planned)
    elif typ == T_EXPLORE:
        problem = _explore_target_problem(state, target, planned, tiles_left)
    elif typ in (T_ARRANGE, T_REST):
        return None
    if problem is not None:
        return problem
    w, f, u, _ = _cost(state, typ, target, alt)
    if w > free_w or f > free_f or u > free_u:
        return (f"it needs {w} wood, {f} food and {u} fur committed from Available; free now: "
                f"{free_w} wood, {free_f} food, {free_u} fur (§8.3.1)")
    return None


def _threat_target_problem(state: RobinsonState, target: int, alt: int, planned: Sequence[int],
                           built: set[str]) -> str | None:
    """A Threat Action: a card on that space, one Action a card, two a round, what its option needs (§8.1.4,
    §8.2, §8.6)."""
    card = state._threat_card(target)
    if card < 0:
        return "no card lies on that Threat space (§8.6)"
    if target in planned:
        return "that Threat card already has an Action planned (§8.1.4)"
    if len(planned) >= 2:
        return "at most two Threat Actions per round (§8.1.4)"
    cd = state.content.cards[card]
    if cd.kind == "event":
        needs = cd.data["threat"].get("needs") or []
        if needs:
            req = needs[alt]
            if req.get("item") and req["item"] not in built:
                return f"it needs the {req['item']} built at planning (§8.2)"
            if req.get("weapon", 0) > state.weapon:
                return f"it needs Weapon {req['weapon']} at planning; it is {state.weapon} (§8.2, §8.3.2)"
    return None


def _build_target_problem(state: RobinsonState, target: int, planned: Sequence[int], terrains: set[str],
                          built: set[str]) -> str | None:
    """Building: the Shelter once, a Roof or Palisade on a Shelter, an Invention once with its terrain and
    Items (§8.2, §8.8)."""
    if target == BUILD_SHELTER:
        if state.shelter:
            return "the Shelter is already built (§8.8.3)"
        if BUILD_SHELTER in planned:
            return "the Shelter is already planned (§8.8.3)"
    elif target in (BUILD_ROOF, BUILD_PALISADE):
        if not state.has_shelter():
            return "a Roof or Palisade needs a Shelter at planning (§8.2, §8.8.4)"
    elif target >= 0:
        d = state.content.cards[target].data
        if target in planned:
            return "that Invention is already planned (§8.8.6)"
        missing = [t for t in d.get("terrain") or () if t not in terrains]
        if missing:
            return f"it needs explored {', '.join(missing)} (§8.8.6, §16.5)"
        lacking = [i for i in d.get("items") or () if i not in built]
        if lacking:
            return f"it needs the {', '.join(lacking)} built at planning (§8.2, §8.3.2)"
    return None


def _gather_target_problem(state: RobinsonState, target: int, planned: Sequence[int]) -> str | None:
    """Gathering: a source within reach, not exhausted, gathered once a round (§8.1.4, §8.1.7, §16.3)."""
    sp, i = divmod(target, 2)
    if _distance(state, sp) == 0:
        return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
    r_token = TK_WOOD if state.content.tiles[state.space_tile[sp]].sources[i] == "wood" else TK_FOOD
    if state.covered_sources[sp] >> i & 1 and not state.space_tokens[sp] & r_token:
        return "that source is exhausted (§16.3)"
    if target in state.gathered or target in planned:
        return "a source can be gathered only once per round (§8.1.4)"
    return None


def _explore_target_problem(state: RobinsonState, target: int, planned: Sequence[int],
                            tiles_left: int) -> str | None:
    """Exploration: a space within reach, once a round, with an Island tile left for it (§8.1.4, §8.1.7)."""
    if _distance(state, target) == 0:
        return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
    if target in planned:
        return "that space is already planned (§8.1.4)"
    if tiles_left <= len(planned):
        return "no Island tile is left to place (§25.19)"
    return None


def _lead_problem(state: RobinsonState, typ: int, target: int, lead: int) -> str | None:
    if typ == T_BUILD and target >= 0:
        d = state.content.cards[target].data
        if d["group"] == "personal":
            owner = d["owner"]
            if lead >= state.players or state.content.characters[state.table.chars[lead]].id != owner:
                return f"only the {owner} may build their personal Invention (§8.8.6, §13.1)"
    return None


def _seat_complete(state: RobinsonState, seat: int, placed: dict[int, int] | None = None,
                   mins: list[int] | None = None) -> bool:
    """Both pawns placed, and every Action holding them has its minimum (§8.1.1, §8.1.3).

    The first player answers for Friday too: an Action he leads must have its minimum. `placed` (pawn → its
    Action) and `mins` (each Action's `_min_pawns`) are passed when the caller has them already.
    """
    groups = state.groups
    for pid in ((2 * seat,) if state.minus[seat] else (2 * seat, 2 * seat + 1)):
        gi = where(state, pid) if placed is None else placed.get(pid, -1)
        if gi < 0 or len(groups[gi][4]) < (_min_pawns(state, gi) if mins is None else mins[gi]):
            return False
    if seat == state.first_player:
        fi = state.table.friday_index
        return all(len(g[4]) >= (_min_pawns(state, gi) if mins is None else mins[gi])
                   for gi, g in enumerate(groups) if g[3] == fi)
    return True


def _plan_problem(state: RobinsonState) -> str | None:
    for gi in range(len(state.groups)):
        if len(state.groups[gi][4]) < state._min_pawns(gi):
            return f"{_group_text(state, gi)} needs {state._min_pawns(gi)} pawns (§8.1.3)"
    for seat in range(state.players):
        if seat != state.first_player and not state.ready[seat]:
            return f"{state.char_name(seat)} is not ready yet (§26.1)"
    if not _seat_complete(state, state.first_player):
        return "place both of your pawns first (§8.1.1)"
    com = state.committed()
    if com[0] > state.resources[WOOD] or com[1] > state.food_total() or com[2] > state.resources[FUR]:
        return "the plan commits more than Available holds (§8.3.1)"
    return None


def _holds_ready(state: RobinsonState, gi: int, pid: int) -> bool:
    """Whether taking `pid` back would undo an Action a ready player counts on (ready is final, §26.1)."""
    g = state.groups[gi]
    return any(x < 2 * state.players and x != pid and state.ready[x // 2] for x in g[4])


def _plan_mins(state: RobinsonState) -> list[int]:
    """Each planned Action's minimum pawns (`_min_pawns`, §8.1.3), memoised in `_pm`: while only planning moves
    are made, an Action's minimum depends on nothing but its type, target and acting player and whether it is
    the first Action of its type (the extra-pawn token, §20.4); the rest (cards, tokens, the Camp, Special
    Wounds) stands still."""
    pm = state._pm
    if pm is None:
        pm = state._pm = {}
    out = []
    types = 0  # the Action types met so far, as bits
    for gi, g in enumerate(state.groups):
        typ = g[0]
        key = ("min", typ, g[1], g[3], types >> typ & 1)
        least = pm.get(key)
        if least is None:
            least = pm[key] = _min_pawns(state, gi)
        out.append(least)
        types |= 1 << typ
    return out


def _plan_actions(state: RobinsonState, seat: int) -> list[RobinsonAction]:
    """Planning moves of `seat`: progress first (ready / confirm, placing), taking back last (§8.1, §26.1)."""
    if state.ready[seat]:
        # only the first player is asked again, once everyone is ready: to confirm the plan (§26.1)
        return [act(seat, "confirm")] if seat == state.first_player and _plan_problem(state) is None else []
    out: list[RobinsonAction] = []
    com = committed(state)
    groups = state.groups
    placed = {pid: gi for gi, g in enumerate(groups) for pid in g[4]}
    mins = _plan_mins(state)
    if _seat_complete(state, seat, placed, mins) and not (_overcommitted(state, com) and _commits(state, seat)):
        # over-committing is settled by whoever holds the costly Actions (§8.3.1, §26.1); a seat with
        # no pawn there may still ready, or it would wait with nothing to do
        out.append(act(seat, "ready"))
    removes: list[RobinsonAction] = []
    open_targets, places = _open_for(state, seat, com)
    caps: list[tuple[int, bool]] | None = None
    own_free = False
    settling = state.changes[seat] >= CHANGE_LIMIT
    any_ready = any(state.ready)  # a pawn can only hold a ready seat's Action when some seat is ready
    friday = 2 * state.players  # Friday's pawn; the players' own pawns come before it (`pawns.friday_pawn`)
    for pid in pawns_of(state, seat):
        gi = placed.get(pid, -1)
        word = pawn_text(state, pid)
        if gi >= 0:
            if not (any_ready and _holds_ready(state, gi, pid)) and (not settling or _blocks(state, gi)):
                removes.append(act(seat, "remove", word))
            continue
        if pid < friday:
            if own_free:  # a player's two pawns are alike: offer the first free one only
                continue
            own_free = True
        if settling:  # the plan must end: a free pawn may only rest (decision 0009)
            if pid <= friday:
                out += [act(seat, "place", word, c[3]) for c in open_targets if c[0] == T_REST]
            continue
        if pid <= friday:
            mine = places.get((seat, word))
            if mine is None:
                lead = pawn_char(state, pid)
                mine = places[(seat, word)] = acts(seat, "place", word, [
                    text for typ, tg, _, text, _, _, _ in open_targets
                    if typ != T_BUILD or tg < 0 or _lead_problem(state, typ, tg, lead) is None])
            out += mine
        if not groups or not _pawn_affordable(state, pid):
            continue
        if caps is None:
            caps = [(g[0], len(g[4]) < _max_pawns(state, gi, mins[gi])) for gi, g in enumerate(groups)]
        mask = pawn_mask(state, pid)
        for gj, (typ, room) in enumerate(caps):
            if room and mask >> typ & 1:
                out.append(act(seat, "join", word, str(gj + 1)))
    if not settling:
        out += _lead_actions(state, seat, placed)
    out += _plan_uses(state, seat, com)
    return out + removes


def _open_for(state: RobinsonState, seat: int, com: list[int]
              ) -> tuple[list[tuple[int, int, int, str, int, int, int]], dict[tuple[int, str], list[RobinsonAction]]]:
    """The open targets and the place offers of `seat`'s free pawns: those left by the plan, kept as the state's
    `_ot`, widened by the seat's economy slack when it has some (§8.1)."""
    found = _open_now(state, 0, com)
    if state._ot is None:
        state._ot = found[0]
    slack = _econ_slack(state, seat)
    return _open_now(state, slack, com) if slack else found


def _lead_actions(state: RobinsonState, seat: int, placed: dict[int, int]) -> list[RobinsonAction]:
    """`lead N`: lead an Action holding one of the seat's own pawns that another seat leads, where the seat may
    build it (§8.1; a personal Invention only its owner, §8.8.6)."""
    out = []
    groups = state.groups
    for gi in sorted({placed.get(2 * seat, -1), placed.get(2 * seat + 1, -1)}):  # the seat's own pawns' Actions
        g = groups[gi] if gi >= 0 else None
        if g is not None and g[3] != seat and _lead_problem(state, g[0], g[1], seat) is None:
            out.append(act(seat, "lead", str(gi + 1)))
    return out


def _plan_uses(state: RobinsonState, seat: int, com: list[int]) -> list[RobinsonAction]:
    """`use` actions of `seat` in planning, memoised in `_pm`: of what a plan move changes, they depend
    only on the seat's Determination and spent skills and on the plan's commitments `com` (§8.3.1, §13.2)."""
    pm = state._pm
    if pm is None:
        pm = state._pm = {}
    key = (seat, state.determination[seat], state.skill_used[seat], *com,
           *(gi for gi, g in enumerate(state.groups) if g[5] > 0 and not g[8] & G_ECON))
    hit = pm.get(key)
    if hit is None:
        hit = pm[key] = state._use_actions(seat, W_PLAN)
    return hit


def _open_now(state: RobinsonState, slack: int, com: list[int]
              ) -> tuple[list[tuple[int, int, int, str, int, int, int]], dict[tuple[int, str], list[RobinsonAction]]]:
    """The open targets of this planning position (`_dynamic_open`) and the `place` actions made of them.

    Both depend only on the round's static targets (`_pc`), the free resources (the plan commits `com`) up
    to the most any target costs, and the set of planned targets that can close one (not Arranging the Camp,
    Rest, a Roof, a Palisade or the Weapon: `_dynamic_open` never looks for those), so they are memoised
    under those in `_pc`: planning often comes back to a plan it has seen, in another order or with other
    Actions that close nothing.
    """
    pc, pm = state._pc, state._pm
    if pc is None or pm is None or pm.get(0) is not pc:  # not checked against this state yet
        _plan_ctx(state)
        pc = state._pc
    assert pc is not None
    memo, most = pc[5], pc[6]
    wood_token = state.action_field_tokens[T_BUILD] & FT_WOOD  # whether an Action used it matters only if it lies
    resources = state.resources
    free_w, free_f, free_u = (resources[WOOD] - com[0] + slack, resources[FOOD] + resources[NONPER] - com[1],
                              resources[FUR] - com[2])
    key = (free_w if free_w < most[0] else most[0], free_f if free_f < most[1] else most[1],
           free_u if free_u < most[2] else most[2],
           wood_token, bool(wood_token) and any(g[8] & G_WOODTOK for g in state.groups),
           *sorted([(g[0], g[1]) for g in state.groups if g[0] < T_ARRANGE and (g[0] != T_BUILD or g[1] >= BUILD_SHELTER)]))
    hit = memo.get(key)
    if hit is None:
        if len(memo) > 4096:
            memo.clear()
        hit = memo[key] = (_dynamic_open(state, com, slack), {})
    return hit


def _blocks(state: RobinsonState, gi: int) -> bool:
    """Whether planned Action `gi` keeps the plan from going ahead: short of its minimum pawns (§8.1.3),
    or committing resources while the plan commits more than Available holds (§8.3.1)."""
    g = state.groups[gi]
    return len(g[4]) < state._min_pawns(gi) or bool((g[5] or g[6] or g[7]) and _overcommitted(state))


def _commits(state: RobinsonState, seat: int) -> bool:
    """Whether a pawn of `seat` is in a planned Action that commits resources (§8.3.1)."""
    return any(g[5] or g[6] or g[7] for g in state.groups
               if any(pid < 2 * state.players and pid // 2 == seat for pid in g[4]))


def _econ_slack(state: RobinsonState, seat: int) -> int:
    """The wood `seat` could still take off a cost with a skill that saves wood this round (§13.2; 0 if none)."""
    ch = state.table.chars[seat]
    si = abilities.skill_answering(state.program, ch, abilities.WOOD_SAVED)
    if si < 0 or state.skill_used[seat] >> si & 1 or state.determination[seat] < state.content.characters[ch].skills[si].cost:
        return 0
    saved = abilities.skill_answer(state.program, ch, si, abilities.WOOD_SAVED)
    return 0 if _overcommitted(state) else saved


def _overcommitted(state: RobinsonState, com: list[int] | None = None) -> bool:
    """Whether the plan commits more than Available holds (§8.3.1); `com` is what it commits, when known."""
    if com is None:
        com = committed(state)
    return com[0] > state.resources[WOOD] or com[1] > state.food_total() or com[2] > state.resources[FUR]


def _apply_plan(state: RobinsonState, act: RobinsonAction) -> None:
    seat, verb, args = act.seat, act.verb, act.args
    if verb == "place":
        pid = state._pawn_by_text(seat, args[0])
        typ, tg, alt = _parse_target(state, args[1])
        w, f, u, flags = _cost(state, typ, tg, alt)
        state.groups.append((typ, tg, alt, state.pawn_char(pid), (pid,), w, f, u, flags))
        state.log("plan", f"{state.pawn_label(pid)} plans {args[1]} (§8.1).")  # the target's own text
        return  # a new Action leaves every other one as it was: no ready seat can lose its footing
    elif verb == "join":
        pid = state._pawn_by_text(seat, args[0])
        gi = int(args[1]) - 1
        g = state.groups[gi]
        lead = g[3]
        if lead == state.table.friday_index and pid < 2 * state.players:
            lead = state.pawn_char(pid)  # with a player's pawn, Friday is an additional pawn (§14.4)
        state.groups[gi] = (*g[:3], lead, (*g[4], pid), *g[5:])
        state.log("plan", f"{state.pawn_label(pid)} joins {_group_text(state, gi)} (§8.1.5).")
        _skill_pawn(state, pid, True)
    elif verb == "remove":
        state.changes[seat] += 1
        pid = state._pawn_by_text(seat, args[0])
        gi = state.where(pid)
        g = state.groups[gi]
        rest = tuple(x for x in g[4] if x != pid)
        lead = g[3]
        if state.pawn_char(pid) == lead and pid <= state.friday_pawn:
            leaders = [x for x in rest if x < 2 * state.players] + [x for x in rest if x == state.friday_pawn]
            lead = state.pawn_char(leaders[0]) if leaders else NO_LEADER
            if lead != NO_LEADER and _lead_problem(state, g[0], g[1], lead) is not None:
                lead = NO_LEADER
        state.log("plan", f"{state.pawn_label(pid)} is taken back from {_group_text(state, gi)}.")
        _skill_pawn(state, pid, False)
        if lead == NO_LEADER:
            for other in rest:
                _skill_pawn(state, other, False)
        if lead == NO_LEADER or not rest:
            del state.groups[gi]
        else:
            state.groups[gi] = (g[0], g[1], g[2], lead, rest, *g[5:])
    elif verb == "lead":
        state.changes[seat] += 1
        gi = int(args[0]) - 1
        g = state.groups[gi]
        state.groups[gi] = (g[0], g[1], g[2], seat, *g[4:])
        state.log("plan", f"{state.char_name(seat)} is the acting player of {_group_text(state, gi)} (§8.1.5).")
    elif verb == "ready":
        state.ready[seat] = 1
        state.log("plan", f"{state.char_name(seat)} is ready.")
    elif verb == "confirm":
        _confirm(state)
        return
    _recheck_ready(state)


def _recheck_ready(state: RobinsonState) -> None:
    """Ready stays only for seats whose part still holds; a plan that fails once all are ready reopens (§26.1)."""
    for seat in range(state.players):
        if state.ready[seat] and not _seat_complete(state, seat):
            state.ready[seat] = 0
    if all(state.ready) and _plan_problem(state) is not None:
        state.log("plan", f"The plan does not hold ({_plan_problem(state)}): everyone plans again.")
        state.ready = [0] * state.players


def _pawn_affordable(state: RobinsonState, pid: int) -> bool:
    k = pid - 2 * state.players - 2
    if k < 0 or state.additional_pawns[k][0] != XS_SKILL:
        return True
    seat, si = divmod(state.additional_pawns[k][1], 8)
    sk = state.content.characters[state.table.chars[seat]].skills[si]
    return state.determination[seat] >= sk.cost and not state.skill_used[seat] >> si & 1


def _skill_pawn(state: RobinsonState, pid: int, placed: bool) -> None:
    """A skill's pawn (Handyman) is paid when placed and refunded when taken back (§13.2)."""
    k = pid - 2 * state.players - 2
    if k < 0 or state.additional_pawns[k][0] != XS_SKILL:
        return
    seat, si = divmod(state.additional_pawns[k][1], 8)
    sk = state.content.characters[state.table.chars[seat]].skills[si]
    if placed:
        state.determination[seat] -= sk.cost
        state.skill_used[seat] |= 1 << si
        state.log("skill", f"{state.char_name(seat)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
    else:
        state.determination[seat] += sk.cost
        state.skill_used[seat] &= ~(1 << si)


def _parse_target(state: RobinsonState, text: str) -> tuple[int, int, int]:
    for typ, tg, alt, t, _, _, _ in state._ot or ():
        if t == text:
            return typ, tg, alt
    for typ, tg, alt in _candidates(state):
        if target_text(state, typ, tg, alt) == text:
            return typ, tg, alt
    raise IllegalAction(f"{text!r} is no Action target now (see help for the targets)", "§8.1.2")


def _confirm(state: RobinsonState) -> None:
    """The first player commits the plan (§26.1); one-use extra pawns are spent."""
    for typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE):
        if state.action_field_tokens[typ] & FT_EXTRA:
            for gi, g in enumerate(state.groups):
                if g[0] == typ:
                    state.groups[gi] = (*g[:8], g[8] | G_FIELDX)
                    break
    base = 2 * state.players + 2
    for g in state.groups:
        for pid in g[4]:
            if pid < base:
                continue
            kind, ref, _, owner, _ = state.additional_pawns[pid - base]
            if kind == XS_START or kind == XS_KEPT and state.uses[ref] > 0:
                _spend_use(state, ref)
            elif kind == XS_TOKEN:
                state.token_place[ref] = TOK_USED
    state.minus = [0] * state.players
    state.log("plan", "The first player confirms the plan: " + "; ".join(
        f"{_group_text(state, gi)} with {len(g[4])} pawn(s)" for gi, g in enumerate(state.groups)) + ".")
    state.phase, state.step = RESOLVE, 0


def _spend_use(state: RobinsonState, card: int) -> None:
    state.uses[card] -= 1
    if state.uses[card] == 0:
        state.zone[card] = Z_START_USED if state.content.cards[card].kind == "start_item" else Z_MYST_DISCARD
        state.log("item", f"{state.content.cards[card].name} is used up.")
