# mypy: disable-error-code="misc"
"""Using skills, Items, kept cards and Discovery tokens at any time, and the windows that allow it (robinson-crusoe.md §13.2, §17, §18.3, §19, §26.3).

`ItemUseRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import abilities
from .actions import RobinsonAction
from .constants import (
    DIE_NAMES,
    FOOD,
    G_ECON,
    NONPER,
    RES_NAMES,
    T_ARRANGE,
    T_HUNT,
    TILE_STACK,
    TOK_AVAIL,
    TOK_BAG,
    TOK_USED,
    TYPE_NAMES,
    W_NIGHT,
    W_PLAN,
    W_ROLL,
    WEATHER,
    WHEN_AT,
    XS_ITEM,
    XS_KEPT,
    XS_SKILL,
    XS_START,
    XS_TOKEN,
    Z_BEAST_DECK,
    Z_HUNT_DECK,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_KEPT,
    Z_MYST_DECK,
    Z_MYST_DISCARD,
    Z_START,
)
from .decisions import AnyTimeWindow, ShareHealing
from .fields import StateFields
from .program import CHOOSE, SEQ

if TYPE_CHECKING:
    from .state import RobinsonState


class ItemUseRules(StateFields):
    """Using skills, Items, kept cards and Discovery tokens at any time, and the windows that allow it: a part of `RobinsonState`."""

    __slots__ = ()

    def _node_usable(self: RobinsonState, node: int, seat: int, timing_action: bool = False) -> bool:
        """Whether using an effect now would do something (its refusal text is `_node_problem`)."""
        return self._node_problem(node, seat, timing_action) is None

    def _node_problem(self: RobinsonState, node: int, seat: int, timing_action: bool = False) -> str | None:
        """Why using an effect now would do nothing, or None if it would act (§12.3, §13.2, §26.3).

        A choice is usable when one branch is, a sequence when every part is. `timing_action`: a skill used
        just before an Action, which helps only its owner's own Action (Frenzy, §16.9).
        """
        kind, v, prm, kids = self.program.nodes[node]
        if kind == CHOOSE:
            problems = [self._node_problem(k, seat, timing_action) for k in kids]
            return None if any(x is None for x in problems) else " and ".join(x for x in problems if x)
        if kind == SEQ:
            return next((x for x in (self._node_problem(k, seat, timing_action) for k in kids) if x), None)
        cur = self.groups[self.cur] if 0 <= self.cur < len(self.groups) else None
        if v == "pay":
            short = [name for r, name in enumerate(RES_NAMES) if self.free(FOOD if r == NONPER else r) < prm.get(name, 0)]
            return f"it costs more {' and '.join(short)} than is free" if short else None
        if v in ("heal", "heal_split"):
            return None if any(self.wounds[p] for p in range(self.players)) else "nobody is wounded"
        if v == "temp_weapon":
            if cur is None or cur[0] != T_HUNT:
                return "it helps only in a fight: a Hunt about to be resolved"
            return None if not timing_action or cur[3] == seat else "it helps only its owner's own Action"
        if v == "arrange_bonus":
            if cur is None or cur[0] != T_ARRANGE:
                return "it works only on an Arranging the Camp Action about to be resolved"
            return "it is in use for this Action already" if self.arrange_determination >= 0 else None
        if v == "ignore_cloud":
            cloud = 0 if prm["cloud"] == "rain" else 1
            return None if self.phase == WEATHER and self.clouds[cloud] > 0 else f"no {prm['cloud']} cloud is rolled now"
        if v == "convert_cloud":
            return None if self.phase == WEATHER and self.clouds[1] > 0 else "no winter cloud is rolled now"
        if v == "track":
            if prm["by"] > 0 and prm["track"] != "weapon" and not self.has_shelter():
                return f"a {prm['track'].capitalize()} needs a Shelter (§8.8.4)"
            return None
        if v == "morale":
            return None if prm["by"] < 0 or self.morale < self.content.morale[-1][0] else "Morale is at the top already"
        if v == "draw_mystery":
            return None if self.count_in(Z_MYST_DECK) or self.count_in(Z_MYST_DISCARD) else "no Mystery card is left"
        if v == "new_idea":
            return None if self.count_in(Z_INV_DECK) or self.count_in(Z_INV_DISCARD) else "no Invention card is left"
        if v == "reconnaissance":
            return None if TILE_STACK in self.tile_at else "no Island tile is left"
        if v == "scouting":
            return None if TOK_BAG in self.token_place else "no Discovery token is left"
        if v == "tracking":
            return None if self.count_in(Z_HUNT_DECK) else "the Hunting deck is empty"
        if v == "beast_to_hunt":
            return None if self.count_in(Z_BEAST_DECK) else "the Beast deck is empty"
        if v == "build_free":
            return f"the {prm['item'].replace('_', ' ').title()} is built already" if self.built(prm["item"]) else None
        if v == "pile_wood":
            done = all(self.pile[i] >= need for i, need in enumerate(self.table.scenario.pile))
            return "the wood pile is complete" if done else None
        if v == "extra_pawn":
            return "an additional pawn is placed with `join` while planning, not used"
        if v == "reroll_die":
            return "a reroll is made right after a roll (`reroll DIE`)"
        return None

    def _use_options(self: RobinsonState, seat: int, point: int) -> list[tuple[str, int, int]]:
        """(text, kind, ref) of what `seat` may use now at an interrupt point."""
        out: list[tuple[str, int, int]] = []
        whens = WHEN_AT[point]
        p = self.program
        ch = self.table.chars[seat]
        skills = self.content.characters[ch].skills
        if seat != self.first_player and self.determination[seat] < min(sk.cost for sk in skills):
            return out
        for si, sk in enumerate(skills):
            if self.skill_used[seat] >> si & 1 or self.determination[seat] < sk.cost:
                continue
            if p.skill_first[(ch, si)] == "cheaper_wood":
                if point == W_PLAN:
                    for gi, g in enumerate(self.groups):
                        if g[5] > 0 and not g[8] & G_ECON:
                            out.append((f"{sk.id} {gi + 1}", XS_SKILL, seat * 8 + si))
                continue
            if sk.when in whens and self._node_usable(p.skill[(ch, si)], seat, sk.when == "action"):
                out.append((sk.id, XS_SKILL, seat * 8 + si))
        if seat != self.first_player:
            return out
        for card in self.cards_in(Z_START):
            d = self.content.cards[card].data
            if self.uses[card] > 0 and d["use"]["when"] in whens and self._node_usable(p.card[(card, "effect")], seat):
                out.append((self.content.cards[card].id, XS_START, card))
        for card in self.cards_in(Z_KEPT):
            keep = self.content.cards[card].data["keep"]
            if keep.get("when") in whens and self.uses[card] != 0 and self._node_usable(p.card[(card, "keep")], seat):
                out.append((self.content.cards[card].id, XS_KEPT, card))
        seen = set()
        for i, place in enumerate(self.token_place if TOK_AVAIL in self.token_place else ()):
            if place != TOK_AVAIL:
                continue
            k = self.content.tokens[i]
            kind = self.content.token_kinds[k]
            if kind.id in seen or kind.when not in whens:
                continue
            if kind.needs_item and not self.built(kind.needs_item):
                continue
            if kind.needs_weapon > self.weapon or not self._node_usable(p.token[k], seat):
                continue
            seen.add(kind.id)
            out.append((kind.id, XS_TOKEN, i))
        if point == W_NIGHT:
            for card in self.cards_in(Z_ITEM):
                if (abilities.card_answer(p, card, abilities.NIGHT_HEAL, 0) and card not in self.item_used
                        and self.free(FOOD) >= abilities.card_answer(p, card, abilities.NIGHT_HEAL_FOOD, 0)
                        and any(self.wounds[q] for q in range(self.players))):
                    out.append((self.content.cards[card].id, XS_ITEM, card))
        return out

    def _use_actions(self: RobinsonState, seat: int, point: int) -> list[RobinsonAction]:
        return [RobinsonAction(seat, "use", tuple(text.split())) for text, _, _ in self._use_options(seat, point)]

    def _use(self: RobinsonState, seat: int, args: tuple[str, ...], point: int) -> None:
        text = " ".join(args)
        kind, ref = next((k, r) for t, k, r in self._use_options(seat, point) if t == text)
        if kind == XS_SKILL:
            self.source = self.content.characters[self.table.chars[ref // 8]].skills[ref % 8].name
        elif kind == XS_TOKEN:
            self.source = self.content.token_kinds[self.content.tokens[ref]].name
        else:
            self.source = self.content.cards[ref].name
        p = self.program
        if kind == XS_SKILL:
            s, si = divmod(ref, 8)
            ch = self.table.chars[s]
            sk = self.content.characters[ch].skills[si]
            self.determination[s] -= sk.cost
            self.skill_used[s] |= 1 << si
            self.log("skill", f"{self.char_name(s)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
            node = p.skill[(ch, si)]
            if p.verbs(node)[0][0] == "cheaper_wood":
                gi = int(args[1]) - 1
                g = self.groups[gi]
                saved = min(g[5], abilities.answer_of(p, node, abilities.WOOD_SAVED, 0))
                self.groups[gi] = (*g[:5], g[5] - saved, g[6], g[7], g[8] | G_ECON)
                self.log("skill", f"{self._group_text(gi)} costs {saved} wood less (§13.2).")
                return
            self._push((node, s, -1, 0))
        elif kind == XS_START:
            self.log("item", f"{self.char_name(seat)} uses {self.content.cards[ref].name} (§18.3).")
            self._spend_use(ref)
            self._push((p.card[(ref, "effect")], seat, -1, 0))
        elif kind == XS_KEPT:
            self.log("item", f"{self.char_name(seat)} uses {self.content.cards[ref].name}.")
            node = p.card[(ref, "keep")]
            if self.uses[ref] > 0:
                self._spend_use(ref)
            self._push((node, seat, -1, 0))
        elif kind == XS_TOKEN:
            k = self.content.tokens[ref]
            self.token_place[ref] = TOK_USED
            self.log("token", f"{self.char_name(seat)} uses the {self.content.token_kinds[k].name} token (§19).")
            self._push((p.token[k], seat, -1, 0))
        elif kind == XS_ITEM:
            food = abilities.card_answer(p, ref, abilities.NIGHT_HEAL_FOOD, 0)
            self.item_used.append(ref)
            self.pay_food(food)
            self.log("item", f"The {self.content.cards[ref].name}: {food} food for healing (§10.6, §17.2).")
            self.decisions.append(ShareHealing(seat, abilities.card_answer(p, ref, abilities.NIGHT_HEAL, 0)))

    def _reroll_options(self: RobinsonState, seat: int) -> list[RobinsonAction]:
        """Rerolls right after a roll (§8.5.3): the matching skill, or Friday's own (§14.4, §25.16)."""
        if not 0 <= self.cur < len(self.groups):
            return []
        g = self.groups[self.cur]
        typ = TYPE_NAMES[g[0]]
        out = []
        ch = self.table.chars[seat]
        for si, sk in enumerate(self.content.characters[ch].skills):
            verbs = self.program.verbs(self.program.skill[(ch, si)])
            if (verbs and verbs[0][0] == "reroll_die" and verbs[0][1]["dice"] == typ
                    and not self.skill_used[seat] >> si & 1 and self.determination[seat] >= sk.cost):
                out += [RobinsonAction(seat, "reroll", (d,)) for d in DIE_NAMES]
        fi = self.table.friday_index
        if (seat == self.first_player and g[3] == fi and self.friday_alive and not self.friday_rerolled
                and self.determination[fi] >= self.content.friday_reroll_cost):
            out += [RobinsonAction(seat, "reroll", (d, "friday")) for d in DIE_NAMES]
        return out

    def _window_options(self: RobinsonState, seat: int, point: int) -> list[RobinsonAction]:
        if point == W_ROLL:
            return self._reroll_options(seat)
        return self._use_actions(seat, point)

    def _window_seats(self: RobinsonState, window: AnyTimeWindow, legal: dict[int, Any]) -> list[int]:
        """Seats with something to use at this window; their legal lists (options, then pass) go into `legal`.

        Called only where nothing is pending, so the zone index may be used (`_zq`).
        """
        point, passed = window.window, window.passed
        seats = []
        self._zq = True
        try:
            for s in range(self.players):
                if not passed >> s & 1:
                    options = self._window_options(s, point)
                    if options:
                        seats.append(s)
                        legal[s] = [*options, RobinsonAction(s, "pass")]
        finally:
            self._zq = False
        return seats
