"""Pawns: the players', Friday's, the Dog's and extra pawns, their names and owners (robinson-crusoe.md §8.1, §14.4, §14.5, §20.4).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from . import abilities
from .constants import (
    T_EXPLORE,
    T_HUNT,
    TOK_AVAIL,
    XS_ITEM,
    XS_KEPT,
    XS_SKILL,
    XS_START,
    XS_TOKEN,
    Z_ITEM,
    Z_KEPT,
    Z_START,
)

if TYPE_CHECKING:
    from .state import RobinsonState


def _compute_sources(state: RobinsonState, keep: bool = False) -> None:
    """Additional pawns on offer this round (§8.1.6): Items, kept cards, Starting Items, tokens, skills.

    `keep`: planning is under way; sources gained since it began (Determination for Handyman, a
    token kept by Scouting, §13.2 "at any time") join at the end, so placed pawns keep their ids."""
    out: list[tuple[int, int, int, int, str]] = []
    p = state.program
    # the Action types an additional pawn of an effect may take, as `FIELD_OF` bits (§17.2), by node
    fields = partial(abilities.answer_of, p, query=abilities.EXTRA_PAWN_FIELDS, base=0)

    for card in state.cards_in(Z_ITEM):
        mask = abilities.card_answer(p, card, abilities.EXTRA_PAWN_FIELDS, 0)
        if mask:
            out.append((XS_ITEM, card, mask, state.first_player, state.content.cards[card].id))
    for card in state.cards_in(Z_KEPT):
        node = p.card.get((card, "keep"))
        if node is not None and state.uses[card] != 0 and (mask := fields(node)):
            out.append((XS_KEPT, card, mask, state.first_player, state.content.cards[card].id))
    for card in state.cards_in(Z_START):
        if state.uses[card] > 0 and (mask := fields(p.card[(card, "effect")])):
            out.append((XS_START, card, mask, state.first_player, state.content.cards[card].id))
    for i, place in enumerate(state.token_place):
        if place == TOK_AVAIL:
            k = state.content.tokens[i]
            if mask := fields(p.token[k]):
                out.append((XS_TOKEN, i, mask, state.first_player, state.content.token_kinds[k].id))
    for seat in range(state.players):
        ch = state.table.chars[seat]
        for si, sk in enumerate(state.content.characters[ch].skills):
            if ((mask := fields(p.skill[(ch, si)])) and not state.skill_used[seat] >> si & 1
                    and state.determination[seat] >= sk.cost):
                out.append((XS_SKILL, seat * 8 + si, mask, seat, sk.id))
    if keep:
        have = {(x[0], x[1]) for x in state.additional_pawns}
        out = [*state.additional_pawns, *(x for x in out if (x[0], x[1]) not in have)]
    names: set[str] = set()
    fixed = []
    for src in out:
        name, k = src[4], 1
        while name in names:
            k += 1
            name = f"{src[4]}-{k}"
        names.add(name)
        fixed.append(src if k == 1 else (*src[:4], name))
    state.additional_pawns = fixed


def friday_pawn(state: RobinsonState) -> int:
    return 2 * state.players


def dog_pawn(state: RobinsonState) -> int:
    return 2 * state.players + 1


def pawns_of(state: RobinsonState, seat: int) -> list[int]:
    """Pawns `seat` places: its own two; the first player also Friday, the Dog and shared extra pawns."""
    out = [2 * seat] if state.minus[seat] else [2 * seat, 2 * seat + 1]
    if seat == state.first_player:
        if state.friday_alive:
            out.append(state.friday_pawn)
        if state.table.dog:
            out.append(state.dog_pawn)
    if state.additional_pawns:
        base = 2 * state.players + 2
        out += [base + k for k, src in enumerate(state.additional_pawns) if src[3] == seat]
    return out


def pawn_text(state: RobinsonState, pid: int) -> str:
    if pid < 2 * state.players:
        return str(pid % 2 + 1)
    if pid == state.friday_pawn:
        return "friday"
    if pid == state.dog_pawn:
        return "dog"
    return state.additional_pawns[pid - 2 * state.players - 2][4]


def pawn_label(state: RobinsonState, pid: int) -> str:
    """A pawn's name for people: 'Cook 1', 'Friday', 'belts'."""
    if pid < 2 * state.players:
        return f"{state.char_name(pid // 2)} {pid % 2 + 1}"
    return pawn_text(state, pid).replace("_", " ").capitalize()


def _pawn_by_text(state: RobinsonState, seat: int, text: str) -> int:
    """The pawn of `seat` that `text` names (`pawn_text`), -1 if none: its own pawns come first."""
    if text == "1":
        return 2 * seat
    if text == "2" and not state.minus[seat]:
        return 2 * seat + 1
    for pid in pawns_of(state, seat):
        if pawn_text(state, pid) == text:
            return pid
    return -1


def pawn_mask(state: RobinsonState, pid: int) -> int:
    """The Action types a pawn may join, as bits: every type for the players' pawns and Friday (`friday_pawn` is
    2 × players; §14.4), Hunt and Explore for the Dog (§14.6), its card's for an extra pawn."""
    if pid <= 2 * state.players:
        return 0x7F
    if pid == state.dog_pawn:
        return (1 << T_HUNT) | (1 << T_EXPLORE)
    return state.additional_pawns[pid - 2 * state.players - 2][2]


def pawn_char(state: RobinsonState, pid: int) -> int:
    """The character a leading pawn stands for (players and Friday only)."""
    return pid // 2 if pid < 2 * state.players else state.table.friday_index


def where(state: RobinsonState, pid: int) -> int:
    for gi, g in enumerate(state.groups):
        if pid in g[4]:
            return gi
    return -1
