"""Chance points: the outcomes of every draw and roll, and applying one (architecture §2, robinson-crusoe.md §26.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import CHANCE

from .actions import RobinsonAction
from .constants import (
    CH_ADV,
    CH_BEAST,
    CH_BEAST_TOP,
    CH_DICE,
    CH_EVENT,
    CH_HUNT,
    CH_INV,
    CH_MYST,
    CH_PIT,
    CH_RECON,
    CH_REROLL,
    CH_START,
    CH_TILE,
    CH_TOKEN,
    CH_TRACK,
    CH_WEATHER,
    DIE_NAMES,
    FOOD,
    I_ADV_DONE,
    I_BEAST,
    I_NEW_IDEA,
    I_RECON,
    I_SCOUT,
    I_TOKENS,
    TILE_REVEALED,
    TILE_STACK,
    TOK_BAG,
    TOK_FUTURE,
    TOK_REVEALED,
    TYPE_NAMES,
    Z_BEAST_DECK,
    Z_BOX,
    Z_EVENT_DECK,
    Z_EVENT_STACK,
    Z_HUNT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_MYST_DECK,
    Z_RESOLVING,
    Z_REVEALED,
    Z_START,
    Z_THREAT_R,
    act,
)
from .decisions import PlaceHuntingCard

if TYPE_CHECKING:
    from .content import Content
    from .state import RobinsonState


_DICE_OUTCOMES: dict[Any, list[tuple[RobinsonAction, float]]] = {}
"""The outcomes of a roll of three Action dice, by the dice's faces (shared and read-only)."""


def _draws(content: Content) -> tuple[RobinsonAction, ...]:
    """Per card: the chance outcome that draws it (`draw ID`), made once per content, since every draw lists the
    whole pool it comes from."""
    return tuple(act(CHANCE, "draw", card.id) for card in content.cards)


def _tile_draws(content: Content) -> tuple[RobinsonAction, ...]:
    """Per Island tile: the chance outcome that draws it (`tile NUMBER`), made once per content."""
    return tuple(act(CHANCE, "tile", str(tile.number)) for tile in content.tiles)


def chance_outcomes(state: RobinsonState) -> list[tuple[RobinsonAction, float]]:
    """Every outcome of the pending draw or roll with its probability (cached with the legal actions)."""
    if not state.chance or state.over:
        return []
    lc = state._lc
    if lc is None:
        lc = state._lc = {}
        state._ot = None
    hit = lc.get(CHANCE)
    if hit is None:
        state._zq = True
        try:
            hit = _chance_outcomes(state)
        finally:
            state._zq = False
        lc[CHANCE] = hit
    return hit


def _chance_outcomes(state: RobinsonState) -> list[tuple[RobinsonAction, float]]:
    kind, a, b, _ = state.chance
    cards = state.content.cards
    if kind == CH_EVENT:
        return _event_draw_outcomes(state, wreckage=a == 1)
    if kind in (CH_HUNT, CH_TRACK):
        pool = state.unseen_beasts()
        draws, p = state.content.derive(_draws), 1 / len(pool)
        return [(draws[i], p) for i in pool]
    if kind in (CH_ADV, CH_MYST, CH_BEAST, CH_BEAST_TOP, CH_INV, CH_START):
        z = {CH_ADV: a, CH_MYST: Z_MYST_DECK, CH_BEAST: Z_BEAST_DECK, CH_BEAST_TOP: Z_BEAST_DECK,
             CH_INV: Z_INV_DECK, CH_START: Z_BOX}[kind]
        pool = state.deck_bag(z)
        if kind == CH_START:
            pool = [i for i in pool if cards[i].kind == "start_item"]
        draws, p = state.content.derive(_draws), 1 / len(pool)
        return [(draws[i], p) for i in pool]
    if kind in (CH_TILE, CH_RECON):
        pool = [i for i, at in enumerate(state.tile_at) if at == TILE_STACK]
        tiles, p = state.content.derive(_tile_draws), 1 / len(pool)
        return [(tiles[i], p) for i in pool]
    if kind == CH_TOKEN:
        counts: dict[int, int] = {}
        for i, place in enumerate(state.token_place):
            if place == TOK_BAG:
                k = state.content.tokens[i]
                counts[k] = counts.get(k, 0) + 1
        total = sum(counts.values())
        return [(act(CHANCE, "token", state.content.token_kinds[k].id), m / total)
                for k, m in sorted(counts.items())]
    if kind == CH_DICE:
        return _dice_outcomes(state, state.content.dice[TYPE_NAMES[state.groups[a][0]]])
    if kind == CH_REROLL:
        typ = state.groups[a][0]
        pr = state._face_p(state.content.dice[TYPE_NAMES[typ]][b])
        good = ("wound", "success", "adventure")[b]
        bad = "question" if b == 1 else "blank"
        return [(act(CHANCE, "roll", f), p) for f, p in ((good, pr[1]), (bad, pr[0])) if p > 0]
    if kind == CH_WEATHER:
        die = state.table.scenario.weather[state.round - 1][a] if a < 100 else "animals"
        wfaces = state.content.weather_dice[die]
        return [(act(CHANCE, "weather", f), wfaces.count(f) / 6) for f in sorted(set(wfaces))]
    if kind == CH_PIT:
        pit = state.content.dice["build"][0].count("wound") / 6
        return [(act(CHANCE, "pit", f), q) for f, q in (("wound", pit), ("blank", 1 - pit)) if q > 0]
    raise AssertionError(kind)


def _event_draw_outcomes(state: RobinsonState, wreckage: bool) -> list[tuple[RobinsonAction, float]]:
    """The Event deck's draw (§5.1): a card shuffled in, or one of the dealt Book and Adventure halves,
    each unseen card of a half as likely as the half's count allows (§3 step 16); or a random Wreckage
    card (§15.3)."""
    cards = state.content.cards
    if wreckage:
        pool = [i for i, x in enumerate(cards) if x.kind == "wreckage"]
        return [(act(CHANCE, "draw", cards[i].id), 1 / len(pool)) for i in pool]
    draws = state.content.derive(_draws)
    known = state.cards_in(Z_EVENT_DECK)
    total = len(known) + state.book_events_in_deck + state.adventure_events_in_deck
    p = 1 / total
    out = [(draws[i], p) for i in known]
    unseen = state.cards_in(Z_EVENT_STACK)
    for want_book, left in ((True, state.book_events_in_deck), (False, state.adventure_events_in_deck)):
        pool = [i for i in unseen if (cards[i].data["icon"] == "book") == want_book]
        if left and pool:
            p = left / len(pool) / total
            out += [(draws[i], p) for i in pool]
    return out


def _dice_outcomes(state: RobinsonState, faces: tuple[tuple[str, ...], ...]) -> list[tuple[RobinsonAction, float]]:
    """The eight results of the three Action dice of a type (§8.5), computed once per set of faces."""
    rolls = _DICE_OUTCOMES.get(faces)
    if rolls is not None:
        return rolls
    out = _DICE_OUTCOMES[faces] = []
    pw = [state._face_p(faces[d]) for d in range(3)]
    for w in (1, 0):
        for s in (1, 0):
            for ad in (1, 0):
                prob = pw[0][w] * pw[1][s] * pw[2][ad]
                if prob > 0:
                    out.append((RobinsonAction(CHANCE, "roll", (DIE_NAMES[0] if w else "blank",
                                                                 "success" if s else "question",
                                                                 DIE_NAMES[2] if ad else "blank")), prob))
    return out


def _face_p(faces: tuple[str, ...]) -> tuple[float, float]:
    """(P(blank or question), P(its symbol)) of an Action die."""
    good = sum(1 for f in faces if f not in ("blank", "question")) / 6
    return (1 - good, good)


def _apply_chance(state: RobinsonState, act: RobinsonAction) -> None:
    """Apply a drawn card, tile or token, a roll or a Weather face (architecture §2, §26.4)."""
    kind, a, b, cc = state.chance
    state.chance = []
    cards, by_id = state.content.cards, state.content.by_id
    arg = act.args[0]
    if kind == CH_EVENT:
        card = by_id[arg]
        if a == 1:
            state.zone[card] = Z_THREAT_R
            state.log("setup", f"{cards[card].name} lies in the right Threat space (§15.3).")
            return
        if state.zone[card] == Z_EVENT_STACK:
            book = cards[card].data["icon"] == "book"
            state._set_ev(state.book_events_in_deck - book, state.adventure_events_in_deck - (not book))
        state._event_drawn(card)
        return
    if kind in (CH_TILE, CH_RECON):
        tile = next(x.index for x in state.content.tiles if str(x.number) == arg)
        if kind == CH_RECON:
            state.tile_at[tile] = TILE_REVEALED
            state.log("draw", f"Reconnaissance reveals tile {arg}.")
            state._push((I_RECON, a, b - 1, 0))
        else:
            state._place_tile(tile, a, b)
        return
    if kind == CH_TOKEN:
        _token_drawn(state, arg, a, b, cc)
        return
    if kind == CH_DICE:
        state.dice = [int(act.args[0] == "wound"), int(act.args[1] == "success"), int(act.args[2] == "adventure")]
        lead = state.groups[a][3]
        state.log("roll", f"{TYPE_NAMES[state.groups[a][0]].capitalize()} dice: {', '.join(act.args)}.",
                  **roll_data(state, lead, DIE_NAMES, act.args))
        state._after_roll(a, first=True)
        return
    if kind == CH_REROLL:
        state.dice[b] = int(arg in ("wound", "success", "adventure"))
        state.log("roll", f"Reroll of the {DIE_NAMES[b]} die: {arg}.",
                  **roll_data(state, state.groups[a][3], (DIE_NAMES[b],), (arg,)))
        state._after_roll(a, first=False)
        return
    if kind == CH_WEATHER:
        state._weather_face(arg)
        return
    if kind == CH_PIT:
        if arg == "wound":
            state.gain(FOOD, a, -1, "the Pit (§17.2)", to_future=False)
        else:
            state.log("production", "The Pit stays empty.")
        return
    _card_drawn(state, kind, a, b, cc, by_id[arg])


def roll_data(state: RobinsonState, lead: int, dice: tuple[str, ...], faces: tuple[str, ...] | list[str]
              ) -> dict[str, Any]:
    """The data of a roll's event, for a table to show the dice (§8.5): each die by name with its face, and who
    rolled them (`seat`, absent for Friday; `name`, the character's). Saves made before the dice were data still
    prove their game (`EARLIER_WORDINGS` in document.py)."""
    data: dict[str, Any] = {"dice": [{"die": d, "face": f} for d, f in zip(dice, faces, strict=True)],
                            "name": state.char_name(lead)}
    if lead != state.table.friday_index:
        data["seat"] = lead
    return data


def _token_drawn(state: RobinsonState, kind_id: str, place: int, left: int, chooser: int) -> None:
    """A Discovery token drawn from the bag (§19): it goes to `place` (Future or Available) and the next of
    `left` draws follows; a Scouting draw (`place` revealed) lays it face up for `chooser` to pick (§13.2)."""
    k = next(i for i, x in enumerate(state.content.token_kinds) if x.id == kind_id)
    phys = next(i for i, at in enumerate(state.token_place) if at == TOK_BAG and state.content.tokens[i] == k)
    name = state.content.token_kinds[k].name
    if place == TOK_REVEALED:
        state.token_place[phys] = TOK_REVEALED
        state.log("draw", f"Scouting reveals the Discovery token {name}.")
        state._push((I_SCOUT, chooser, left - 1, 0))
        return
    state.token_place[phys] = place
    state.log("draw", f"Discovery token: {name}" + (" (Future)" if place == TOK_FUTURE else "") + ".")
    if left > 1:
        state._push((I_TOKENS, place, left - 1, 0))


def _card_drawn(state: RobinsonState, kind: int, a: int, b: int, cc: int, card: int) -> None:
    """A card drawn from a deck goes where its draw puts it and starts what it starts (§8.7, §8.10, §13.2,
    §16.2, §16.11, §3 steps 5 and 12)."""
    name = state.content.cards[card].name
    if kind in (CH_HUNT, CH_TRACK):
        state._hunt_swap(card)
    if kind == CH_ADV:
        state.zone[card] = Z_RESOLVING
        state.log("draw", f"Adventure card: {name}. {state.program.text(state.program.card[(card, 'action')])}")
        node = state.program.card[(card, "action")]
        state._push((node, b, card, 0), (I_ADV_DONE, b, card, 0))
    elif kind == CH_MYST:
        state._myst_drawn(card)
    elif kind == CH_HUNT:
        state.zone[card] = Z_RESOLVING
        state._push((I_BEAST, state.groups[a][3], card, 0))
    elif kind == CH_BEAST:
        state.zone[card] = Z_HUNT_DECK
        state.hunt_top, state.hunt_seen, state.hunt_bottom = [], [], []
        state.log("hunt", "A beast joins the Hunting deck, which is shuffled (§8.10).")
    elif kind == CH_BEAST_TOP:
        state.zone[card] = Z_HUNT_DECK
        state.hunt_top.insert(0, card)
        state.hunt_seen.insert(0, 0)
        state.log("hunt", "An unseen beast goes on top of the Hunting deck (§13.2).")
    elif kind == CH_TRACK:
        state.hunt_top.insert(0, card)
        state.hunt_seen.insert(0, 1)
        state.log("hunt", f"Tracking: the top Hunting card is {name}.")
        state.decisions.append(PlaceHuntingCard(a, card))
    elif kind == CH_INV:
        if a == Z_REVEALED:
            state.zone[card] = Z_REVEALED
            state.log("draw", f"A new idea: {name} is drawn.")
            state._push((I_NEW_IDEA, cc, b - 1, 0))
        else:
            state.zone[card] = Z_INV_BOARD
            state.log("setup", f"Invention {name} is laid on the board.")
    elif kind == CH_START:
        state.zone[card] = Z_START
        state.uses[card] = state.content.cards[card].data["uses"]
        uses = state.uses[card]
        said = {1: "one use", 2: "two uses", 3: "three uses"}.get(uses, f"{uses} uses")
        state.log("setup", f"Starting Item: {name} ({said}).")  # §18.3
    else:
        raise AssertionError(kind)
