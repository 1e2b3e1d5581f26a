"""What a seat sees: the public view of the table (robinson-crusoe.md §26.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import check_seat

from .constants import (
    CHANGE_LIMIT,
    FT_ADVENTURE,
    FT_BEAST,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    G_DONE,
    PHASE_NAMES,
    PLAN,
    RES_NAMES,
    RESOLVE,
    T_BUILD,
    T_EXPLORE,
    T_GATHER,
    T_HUNT,
    TILE_REVEALED,
    TILE_STACK,
    TK_NAMES,
    TOK_AVAIL,
    TOK_FUTURE,
    TOK_REVEALED,
    TYPE_NAMES,
    WEATHER,
    Z_ADV_B,
    Z_ADV_E,
    Z_ADV_G,
    Z_BEAST_DECK,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_OWNER,
    Z_INV_SCENARIO,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_KEPT,
    Z_MYST_DECK,
    Z_REVEALED,
    Z_START,
    Z_THREAT_L,
    Z_THREAT_R,
    act,
)

if TYPE_CHECKING:
    from .state import RobinsonState


def observe(state: RobinsonState, seat: int | None) -> dict[str, Any]:
    """Everything public (a cooperative game hides only deck orders and an unseen Hunting card, §26.4).

    `seat` None is the public view; any other value that is no seat raises `IllegalAction`.
    """
    if seat is not None:
        check_seat(seat, state.players)
    c = state.content
    cards = c.cards

    def names(z: int) -> list[dict[str, str]]:
        return [{"id": cards[i].id, "name": cards[i].name, "text": cards[i].text} for i in state.cards_in(z)]

    island = _island_view(state)
    chars = [_castaway_view(state, p) for p in range(state.players)]
    fi = state.table.friday_index
    hunt_top = [cards[x].name if seen else "?" for x, seen in zip(state.hunt_top, state.hunt_seen, strict=True)]
    threat = {}
    for slot, z in (("left", Z_THREAT_L), ("right", Z_THREAT_R)):
        lst = names(z)
        threat[slot] = lst[0] if lst else None
    doc: dict[str, Any] = {
        "game": "robinson", "scenario": state.table.scenario.id, "seat": seat, "round": state.round,
        "rounds": state.table.scenario.rounds,
        "phase": PHASE_NAMES[state.phase], "first_player": state.first_player, "over": bool(state.over),
        "result": ("won" if state.over == 1 else "lost") if state.over else None, "reason": state.reason,
        "morale": state.morale, "morale_range": [c.morale[0][0], c.morale[-1][0]],
        "shelter": bool(state.shelter), "natural_shelter": state.natural_shelter(), "roof": state.roof,
        "palisade": state.palisade, "weapon": state.weapon,
        "available": dict(zip(RES_NAMES, state.resources, strict=True)),
        "future": dict(zip(RES_NAMES, state.future_resources, strict=True)),
        "pile": list(state.pile), "pile_needs": list(state.table.scenario.pile),
        "characters": chars,
        "friday": ({"wounds": state.wounds[fi], "death_at": c.friday_death_at, "determination": state.determination[fi],
                    "alive": bool(state.friday_alive)} if state.table.friday else None),
        "dog": state.table.dog,
        "island": island,
        "threat": threat,
        **_tokens_and_weather_view(state),
        "inventions": [{**n, "buildable": state._target_problem(T_BUILD, c.by_id[n["id"]], 0) is None}
                       for n in names(Z_INV_BOARD)],
        "personal": names(Z_INV_OWNER), "scenario_inventions": names(Z_INV_SCENARIO),
        "items": names(Z_ITEM), "items_future": names(Z_ITEM_FUTURE),
        "starting_items": [{**n, "uses": state.uses[c.by_id[n["id"]]]} for n in names(Z_START)],
        "kept": [{**n, "uses": state.uses[c.by_id[n["id"]]]} for n in names(Z_KEPT)],
        "discoveries": {place: [c.token_kinds[c.tokens[i]].id for i, at in enumerate(state.token_place) if at == where]
                        for place, where in (("available", TOK_AVAIL), ("future", TOK_FUTURE),
                                             ("revealed", TOK_REVEALED))},
        "decks": _decks_view(state, hunt_top),
        "revealed": names(Z_REVEALED) + [{"id": str(c.tiles[i].number), "name": f"tile {c.tiles[i].number}",
                                          "text": c.tiles[i].terrain}
                                         for i, at in enumerate(state.tile_at) if at == TILE_REVEALED],
        "plan": _plan_view(state) if state.phase in (PLAN, RESOLVE) else [],
        "ready": [bool(r) for r in state.ready],
        "changes_left": [max(0, CHANGE_LIMIT - changes) for changes in state.changes],
        "to_move": state.to_move(),
        "decision": state.decision_text(),
        "pending": _pending_view(state, seat),
    }
    return doc


def _tokens_and_weather_view(state: RobinsonState) -> dict[str, Any]:
    """The tokens on the Action fields and in the Weather space (§20), this round's Weather dice and the
    clouds rolled (§9)."""
    fields = ((FT_REROLL, "reroll"), (FT_ADVENTURE, "adventure"), (FT_EXTRA, "extra pawn"), (FT_WOOD, "+1 wood"),
              (FT_BEAST, "beast strength"))
    scenario = state.table.scenario
    return {
        "field_tokens": {TYPE_NAMES[t]: [n for b, n in fields if state.action_field_tokens[t] & b]
                         for t in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE)},
        "weather_tokens": [n for i, n in enumerate(("rain", "winter", "storm")) if state.weather_tokens[i]],
        "weather_dice": list(scenario.weather[min(state.round, scenario.rounds) - 1]),
        "clouds": {"rain": state.clouds[0], "winter": state.clouds[1]} if state.phase == WEATHER else None,
    }


def _pending_view(state: RobinsonState, seat: int | None) -> dict[str, Any] | None:
    """What the table waits for, by kind (docs/state-format/robinson.md, "the pending decision"): dice or
    cards (`chance`), the top decision with its named fields as `seat` may know them, the planning (`planning`,
    §8.1), or None; the same order as the decision's text."""
    if state.over:
        return None
    if state.chance:
        return {"kind": "chance", "rule": ""}
    if state.decisions:
        return state.decisions[-1].view(state, seat)
    if state.phase == PLAN:
        out: dict[str, Any] = {"kind": "planning", "rule": "§8.1, §26.1"}
        why_not = _not_ready(state, seat)
        if why_not:
            out["not_ready"], out["not_ready_rule"] = why_not
        return out
    return None


def _not_ready(state: RobinsonState, seat: int | None) -> tuple[str, str] | None:
    """Why `seat`, planning and not ready yet, may not say `ready` now: the engine's own refusal of it (§8.1.1,
    §8.1.3, §8.3.1); None when it may, or has nothing to say."""
    if seat is None or state.ready[seat] or seat not in state.to_move():
        return None
    if any(a.verb == "ready" for a in state.legal_actions(seat)):
        return None
    from .refusals import why

    return why(state, act(seat, "ready"))


def _island_view(state: RobinsonState) -> list[dict[str, Any]]:
    """Each space s1…s11: where it lies, the Camp, a lost tile, and an explored tile's terrain, sources and
    tokens (§8.10, §16.3, §16.4, §20)."""
    content = state.content
    island = []
    for sp, (q, r) in enumerate(content.spaces):
        tile = state.space_tile[sp]
        entry: dict[str, Any] = {"space": f"s{sp + 1}", "q": q, "r": r, "camp": sp == state.camp,
                                 "lost": bool(state.space_lost[sp]), "distance": state._distance(sp)}
        if tile >= 0 and not state.space_lost[sp]:
            td = content.tiles[tile]
            entry.update({"tile": td.number, "terrain": td.terrain, "sources": list(td.sources),
                          "exhausted": [bool(state.covered_sources[sp] >> i & 1) for i in range(len(td.sources))],
                          "tent": td.tent, "tokens": [n for b, n in TK_NAMES if state.space_tokens[sp] & b]})
        island.append(entry)
    return island


def _castaway_view(state: RobinsonState, seat: int) -> dict[str, Any]:
    """A castaway: Wounds, Determination, skills and Special Wounds (§13)."""
    ch = state.content.characters[state.table.chars[seat]]
    return {"seat": seat, "id": ch.id, "name": ch.name, "wounds": state.wounds[seat], "death_at": ch.death_at,
            "arrows": list(ch.arrows), "determination": state.determination[seat], "outside": bool(state.outside[seat]),
            "pawns": 1 if state.minus[seat] else 2,
            "skills": [{"id": sk.id, "name": sk.name, "cost": sk.cost, "text": sk.text,
                        "used": bool(state.skill_used[seat] >> i & 1)} for i, sk in enumerate(ch.skills)],
            "special_wounds": [("head", "arm", "belly", "leg")[w[1]] for w in state.special if w[0] == seat]}


def _decks_view(state: RobinsonState, hunt_top: list[str]) -> dict[str, Any]:
    """How many cards each deck holds (their order stays unknown, §26.4); the Hunting deck's known top."""
    return {"event": state.event_deck_size(), "hunting": state.count_in(Z_HUNT_DECK), "hunting_top": hunt_top,
            "beast": state.count_in(Z_BEAST_DECK), "mystery": state.count_in(Z_MYST_DECK),
            "island": sum(1 for at in state.tile_at if at in (TILE_STACK, TILE_REVEALED)),
            "invention": state.count_in(Z_INV_DECK), "building": state.count_in(Z_ADV_B),
            "gathering": state.count_in(Z_ADV_G), "exploration": state.count_in(Z_ADV_E)}


def _plan_view(state: RobinsonState) -> list[dict[str, Any]]:
    """The planned Actions: what, who acts, the pawns, the pawns needed and what they commit (§8.1–§8.3)."""
    return [{"number": gi + 1, "action": state.target_text(g[0], g[1], g[2]), "acting": state.char_name(g[3]),
             "pawns": [state.pawn_label(p) for p in g[4]], "needs": state._min_pawns(gi),
             "committed": {"wood": g[5], "food": g[6], "fur": g[7]}, "done": bool(g[8] & G_DONE)}
            for gi, g in enumerate(state.groups)]
