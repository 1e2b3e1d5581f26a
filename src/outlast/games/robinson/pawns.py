# mypy: disable-error-code="misc"
"""Pawns: the players', Friday's, the Dog's and extra pawns, their names and owners (robinson-crusoe.md §8.1, §14.4, §14.5, §20.4).

`PawnRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
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
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class PawnRules(StateFields):
    """Pawns: a part of `RobinsonState`."""

    __slots__ = ()

    def _compute_sources(self: RobinsonState, keep: bool = False) -> None:
        """Additional pawns on offer this round (§8.1.6): Items, kept cards, Starting Items, tokens, skills.

        `keep`: planning is under way; sources gained since it began (Determination for Handyman, a
        token kept by Scouting, §13.2 "at any time") join at the end, so placed pawns keep their ids."""
        out: list[tuple[int, int, int, int, str]] = []
        p = self.program
        # the Action types an additional pawn of an effect may take, as `FIELD_OF` bits (§17.2), by node
        fields = partial(abilities.answer_of, p, query=abilities.EXTRA_PAWN_FIELDS, base=0)

        for card in self.cards_in(Z_ITEM):
            mask = abilities.card_answer(p, card, abilities.EXTRA_PAWN_FIELDS, 0)
            if mask:
                out.append((XS_ITEM, card, mask, self.first_player, self.content.cards[card].id))
        for card in self.cards_in(Z_KEPT):
            node = p.card.get((card, "keep"))
            if node is not None and self.uses[card] != 0 and (mask := fields(node)):
                out.append((XS_KEPT, card, mask, self.first_player, self.content.cards[card].id))
        for card in self.cards_in(Z_START):
            if self.uses[card] > 0 and (mask := fields(p.card[(card, "effect")])):
                out.append((XS_START, card, mask, self.first_player, self.content.cards[card].id))
        for i, place in enumerate(self.token_place):
            if place == TOK_AVAIL:
                k = self.content.tokens[i]
                if mask := fields(p.token[k]):
                    out.append((XS_TOKEN, i, mask, self.first_player, self.content.token_kinds[k].id))
        for seat in range(self.players):
            ch = self.table.chars[seat]
            for si, sk in enumerate(self.content.characters[ch].skills):
                if ((mask := fields(p.skill[(ch, si)])) and not self.skill_used[seat] >> si & 1
                        and self.determination[seat] >= sk.cost):
                    out.append((XS_SKILL, seat * 8 + si, mask, seat, sk.id))
        if keep:
            have = {(x[0], x[1]) for x in self.additional_pawns}
            out = [*self.additional_pawns, *(x for x in out if (x[0], x[1]) not in have)]
        names: set[str] = set()
        fixed = []
        for src in out:
            name, k = src[4], 1
            while name in names:
                k += 1
                name = f"{src[4]}-{k}"
            names.add(name)
            fixed.append(src if k == 1 else (*src[:4], name))
        self.additional_pawns = fixed

    @property
    def friday_pawn(self: RobinsonState) -> int:
        return 2 * self.players

    @property
    def dog_pawn(self: RobinsonState) -> int:
        return 2 * self.players + 1

    def pawns_of(self: RobinsonState, seat: int) -> list[int]:
        """Pawns `seat` places: its own two; the first player also Friday, the Dog and shared extra pawns."""
        out = [2 * seat] if self.minus[seat] else [2 * seat, 2 * seat + 1]
        if seat == self.first_player:
            if self.friday_alive:
                out.append(self.friday_pawn)
            if self.table.dog:
                out.append(self.dog_pawn)
        base = 2 * self.players + 2
        out += [base + k for k, src in enumerate(self.additional_pawns) if src[3] == seat]
        return out

    def pawn_text(self: RobinsonState, pid: int) -> str:
        if pid < 2 * self.players:
            return str(pid % 2 + 1)
        if pid == self.friday_pawn:
            return "friday"
        if pid == self.dog_pawn:
            return "dog"
        return self.additional_pawns[pid - 2 * self.players - 2][4]

    def pawn_label(self: RobinsonState, pid: int) -> str:
        """A pawn's name for people: 'Cook 1', 'Friday', 'belts'."""
        if pid < 2 * self.players:
            return f"{self.char_name(pid // 2)} {pid % 2 + 1}"
        return self.pawn_text(pid).replace("_", " ").capitalize()

    def _pawn_by_text(self: RobinsonState, seat: int, text: str) -> int:
        for pid in self.pawns_of(seat):
            if self.pawn_text(pid) == text:
                return pid
        return -1

    def pawn_mask(self: RobinsonState, pid: int) -> int:
        if pid <= self.friday_pawn:
            return 0x7F
        if pid == self.dog_pawn:
            return (1 << T_HUNT) | (1 << T_EXPLORE)
        return self.additional_pawns[pid - 2 * self.players - 2][2]

    def pawn_char(self: RobinsonState, pid: int) -> int:
        """The character a leading pawn stands for (players and Friday only)."""
        return pid // 2 if pid < 2 * self.players else self.table.friday_index

    def where(self: RobinsonState, pid: int) -> int:
        for gi, g in enumerate(self.groups):
            if pid in g[4]:
                return gi
        return -1
