"""What a seat may know (discover.md §18.5): `observe(state, seat)` is the only way anything leaves the engine.

A view holds the public table — faceup tiles and what lies on them, every survivor's stamina, health,
resources and items, upgrades and enemies in play, faceup projects, the quest, the night card, threats held,
the combat — plus the seat's own project hand and, during setup, its own character cards. Facedown tiles and
tokens show only their backs; deck contents never appear, only their sizes where the table shows them. Each tile
names its centre's axial (q, r) (§17.1), public geometry a renderer draws the map from; a trade's terms are
shown only to the seat answering it (§18.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import POSITION_LETTERS, space_name
from .carrying import carried, carry_limit, totals
from .terms import (
    BACKS,
    DAMAGE,
    ENEMY,
    IN_PLAY,
    PHASES,
    PIECE_KINDS,
    RESOURCES,
    STATUS,
    SUPPORT,
    TERRAINS,
    UPGRADE,
)

if TYPE_CHECKING:
    from .state import DiscoverState


def observe(state: DiscoverState, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: the public, a spectator)."""
    return {
        "game": "discover",
        "copy": state.copy.copy_id,
        "scenario": state.scenario,
        "seat": seat,
        "phase": PHASES[state.phase],
        "day": state.day,
        "tribe_leader": state.tribe_leader,
        "current": state.current if state.current >= 0 else None,
        "to_move": state.to_move(),
        "decision": _decision(state, seat),
        "quest": _quest(state),
        "night": _night(state),
        "map": _map(state),
        "survivors": [_survivor(state, s, seat) for s in range(state.seats)],
        "hand": _hand(state, seat),
        "projects_faceup": [_project(state, p) for p in state.projects_faceup],
        "in_play": _in_play(state),
        "combat": _combat(state),
        "decks": {"projects": len(state.projects_deck), "threats": len(state.threat_deck),
                  "threat_discard": len(state.threat_discard), "nights": len(state.night_deck)},
        "over": bool(state.over),
    }


def _decision(state: DiscoverState, seat: int | None) -> dict[str, Any] | None:
    if state.over or state.chance or not state.decisions:
        return None
    top = state.decisions[-1]
    choosers = list(top.choosers(state))
    mine = seat is not None and seat in choosers
    return {"kind": top.kind, "rule": top.rule, "seats": choosers,
            "text": top.text(state) if mine or top.kind not in _PRIVATE else _PRIVATE[top.kind]}


_PRIVATE = {"draft a trade": "a trade is being drafted", "answer a trade": "a trade offer is being answered"}
"""Decisions whose text names hand project cards (§18.2): the other seats read only this."""


def _quest(state: DiscoverState) -> dict[str, Any] | None:
    if state.quest < 0:
        return None
    q = state.copy.quests[state.quest]
    return {"code": q.code, "name": q.name, "text": q.text, "outcome": q.outcome, "signal_nights": state.signal,
            "guardian_waiting": state.waiting_spawn}


def _night(state: DiscoverState) -> dict[str, Any]:
    nights = state.copy.nights
    card = state.night_card
    return {"card": None if card < 0 else {"name": nights[card].name, "tier": nights[card].tier,
                                           "steps": [[st.title, st.text] for st in nights[card].steps]},
            "discard": [nights[c].name for c in state.night_discard]}


def _map(state: DiscoverState) -> dict[str, Any]:
    tiles = []
    for position, face in enumerate(state.tile_face):
        centre = state.board.coords[position * 7]
        entry: dict[str, Any] = {"tile": POSITION_LETTERS[position], "pile": state.board.pile_of[position],
                                 "centre": list(centre), "faceup": face >= 0}
        if face >= 0:
            entry["spaces"] = [
                {"space": space_name(position * 7 + i), "terrain": TERRAINS[p.terrain], "landmark": p.landmark,
                 "feature_icon": BACKS[p.feature] if p.feature >= 0 else None, "water_icon": p.water,
                 "objective": p.objective}
                for i, p in enumerate(state.copy.tiles[face].spaces)]
        tiles.append(entry)
    return {"tiles": tiles, "camp": space_name(state.board.camp), "pieces": [_piece(state, p) for p in state.pieces]}


def _piece(state: DiscoverState, piece: tuple[int, int, int, int]) -> dict[str, Any]:
    kind, space, value, card = piece
    out: dict[str, Any] = {"kind": PIECE_KINDS[kind], "space": space_name(space)}
    copy = state.copy
    if kind == 0:
        if value < 0:
            out.update(faceup=False, back=BACKS[-1 - value])
        else:
            token = copy.features[value]
            out.update(faceup=True, back=BACKS[token.back], id=value,
                       resources=[RESOURCES[r] for r in token.resources], number=token.number)
    elif kind == 1:
        out.update(faceup=value >= 0, shows=None if value < 0 else RESOURCES[copy.waters[value].resource])
    elif kind == 2:
        monster = copy.monsters[value] if value >= 0 else None
        out.update(faceup=monster is not None, special=bool(monster and monster.special),
                   number=monster.number if monster else None)
        if card >= 0:
            out["counters"] = state.card_counters[card]
    elif kind == 3:
        out["resource"] = RESOURCES[value]
    elif kind == 4:
        out.update(lit=bool(value), camp=card == 1)
    return out


def _survivor(state: DiscoverState, s: int, seat: int | None) -> dict[str, Any]:
    cards = state.copy.cards
    character = state.character[s]
    out: dict[str, Any] = {
        "seat": s, "status": STATUS[state.status[s]], "space": space_name(state.position[s]),
        "stamina": state.stamina[s], "damage": [DAMAGE[d] for d in state.damage[s]],
        "resources": {RESOURCES[r]: n for r, n in enumerate(totals(state, s)) if n},
        "double_tokens": [f"t{t}" for t in state.kept_tokens[s] if len(state.copy.features[t].resources) > 1],
        "items": [{"number": cards[c].number, "name": cards[c].name, "counters": state.card_counters[c],
                   "traits": list(cards[c].traits), "text": cards[c].text} for c in state.items_of(s)],
        "carried": carried(state, s), "carry_limit": carry_limit(state, s),
        "hand_size": len(state.hand[s]),
        "threats": [state.copy.threats[t].name for t in state.threats_held[s]],
        "support": state.support_played[s] >= 0 and SUPPORT[state.support_played[s]] or None,
    }
    if character >= 0:
        ch = state.copy.characters[character]
        out["character"] = {"name": ch.name, "title": ch.title, "text": ch.text}
    elif seat == s:
        out["character_choices"] = [{"action": f"keep {c}", "name": state.copy.characters[c].name,
                                     "title": state.copy.characters[c].title, "text": state.copy.characters[c].text}
                                    for c in sorted(state.character_offer[s])]
        out["character_picked"] = state.character_pick[s] >= 0
    return out


def _project(state: DiscoverState, p: int) -> dict[str, Any]:
    data = state.copy.projects[p]
    return {"id": f"p{p}", "name": data.name, "item": data.item, "fire": data.fire,
            "cost": {RESOURCES[r]: n for r, n in data.cost}}


def _hand(state: DiscoverState, seat: int | None) -> list[dict[str, Any]] | None:
    return None if seat is None else [_project(state, p) for p in state.hand[seat]]


def _in_play(state: DiscoverState) -> list[dict[str, Any]]:
    cards = state.copy.cards
    return [{"number": cards[c].number, "name": cards[c].name, "kind": "upgrade" if cards[c].kind == UPGRADE
             else "enemy", "counters": state.card_counters[c], "text": cards[c].text}
            for c, place in enumerate(state.card_place) if place == IN_PLAY and cards[c].kind in (UPGRADE, ENEMY)]


def _combat(state: DiscoverState) -> dict[str, Any] | None:
    from .combat import describe

    return describe(state) if state.combat else None
