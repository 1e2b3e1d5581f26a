# mypy: disable-error-code="misc"
"""Pending decisions: the choices a player makes while an effect resolves, and their texts (robinson-crusoe.md §26.3).

`DecisionRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from .actions import RobinsonAction
from .constants import (
    CH_REROLL,
    DIE_NAMES,
    F_ARRANGE,
    F_CAMP,
    F_CHOOSE,
    F_CORRAL,
    F_COVER,
    F_DISCARD_INV,
    F_FLIP,
    F_GIVE,
    F_HEAL,
    F_HUNGRY,
    F_LOSE_TILE,
    F_MORALE,
    F_MYST,
    F_NEXT,
    F_PICK_INV,
    F_PICK_TILE,
    F_PICK_TOKEN,
    F_PILE,
    F_PUT_INV,
    F_SHORTCUT,
    F_TILE_TOKEN,
    F_TRACK,
    F_WINDOW,
    FRAME_RULES,
    G_DONE,
    I_MYST_STEP,
    PLAN,
    TILE_REVEALED,
    TILE_STACK,
    TK_BEAST,
    TK_FOOD,
    TK_SHORTCUT,
    TK_WOOD,
    TOK_AVAIL,
    TOK_REMOVED,
    TOK_REVEALED,
    TRACK_NAMES,
    TYPE_NAMES,
    WINDOW_NAMES,
    WOOD,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_REVEALED,
)
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class DecisionRules(StateFields):
    """Pending decisions: a part of `RobinsonState`."""

    __slots__ = ()

    def _frame_actions(self: RobinsonState, seat: int, f: tuple[int, ...]) -> list[RobinsonAction]:
        kind = f[0]
        A = RobinsonAction
        if kind == F_WINDOW:
            return [*self._window_options(seat, f[2]), A(seat, "pass")]
        if kind == F_CHOOSE:
            kids = self.program.nodes[f[2]][3]
            return [A(seat, "choose", (str(i + 1),)) for i in range(len(kids))]
        if kind == F_HEAL:
            wounded = [p for p in range(self.players) if self.wounds[p]]
            m = min(f[2], sum(self.wounds[p] for p in wounded))
            out = []
            for combo in combinations_with_replacement(wounded, m):
                if all(combo.count(p) <= self.wounds[p] for p in set(combo)):
                    out.append(A(seat, "heal", tuple(self.cid(p) for p in combo)))
            return out or [A(seat, "heal")]
        if kind == F_GIVE:
            return [A(seat, "give", tuple(self.cid(p) for p in combo))
                    for combo in combinations_with_replacement(range(self.players), f[2])]
        if kind == F_DISCARD_INV:
            return [A(seat, "discard", (self.content.cards[i].id,)) for i in self.cards_in(Z_INV_BOARD)]
        if kind == F_PUT_INV:
            return [A(seat, "put", (self.content.cards[i].id,)) for i in self.cards_in(Z_INV_DECK)]
        if kind == F_FLIP:
            return [A(seat, "flip", (self.content.cards[i].id,)) for i in self.cards_in(Z_ITEM)]
        if kind == F_PICK_INV:
            return [A(seat, "pick", (self.content.cards[i].id,)) for i in self.cards_in(Z_REVEALED)]
        if kind == F_PICK_TILE:
            return [A(seat, "pick", (str(self.content.tiles[i].number),)) for i, at in enumerate(self.tile_at)
                    if at == TILE_REVEALED]
        if kind == F_PICK_TOKEN:
            ids = sorted({self.content.token_kinds[self.content.tokens[i]].id for i, pl in enumerate(self.tok) if pl == TOK_REVEALED})
            return [A(seat, "pick", (x,)) for x in ids]
        if kind == F_TRACK:
            return [A(seat, "top"), A(seat, "bottom")]
        if kind == F_MYST:
            return [A(seat, "continue"), A(seat, "stop")]
        if kind == F_HUNGRY:
            return [A(seat, "hungry", (self.cid(p),)) for p in self.in_camp() if not self.hungry_done[p] >> f[4] & 1]
        if kind == F_CAMP:
            return [A(seat, "camp", ("stay",))] + [A(seat, "camp", (f"s{sp + 1}",)) for sp in self._camp_moves()]
        if kind == F_MORALE:
            return [A(seat, "morale", ("determination",)), A(seat, "morale", ("heal",))]
        if kind == F_ARRANGE:
            return [A(seat, "arrange", ("determination",)), A(seat, "arrange", ("morale",))]
        if kind == F_NEXT:
            return [A(seat, "next", (str(gi + 1),)) for gi, g in enumerate(self.groups)
                    if g[0] == f[2] and not g[8] & G_DONE]
        if kind == F_PILE:
            need = self.table.scenario.pile[f[2]] - self.pile[f[2]]
            return [A(seat, "pile", (str(k),)) for k in range(min(need, self.res[WOOD]) + 1)]
        if kind == F_CORRAL:
            return [A(seat, "corral", ("skip",))] + [A(seat, "corral", (f"s{sp + 1}",))
                                                     for sp in sorted({x // 2 for x in self._adjacent_food()})]
        if kind == F_SHORTCUT:
            return [A(seat, "shortcut", (f"s{sp + 1}",)) for sp in self._camp_moves()]
        if kind == F_COVER:
            srcs = self._adjacent_food() if f[2] == 1 else self._camp_sources()
            return [A(seat, "cover", (f"s{x // 2 + 1}:{x % 2 + 1}",)) for x in srcs]
        if kind == F_LOSE_TILE:
            return [A(seat, "lose", (f"s{sp + 1}",)) for sp in self._losable_tiles()]
        if kind == F_TILE_TOKEN:
            return [A(seat, "mark", (f"s{sp + 1}",)) for sp in self._markable_tiles(f[2])]
        raise AssertionError(kind)

    def _apply_frame(self: RobinsonState, act: RobinsonAction) -> None:
        f = self.frames[-1]
        kind, verb, args = f[0], act.verb, act.args
        if kind == F_WINDOW:
            if verb == "pass":
                self.frames[-1] = (*f[:3], f[3] | 1 << act.seat, f[4])
            elif verb == "reroll":
                die = DIE_NAMES.index(args[0])
                if len(args) > 1:
                    fi = self.table.friday_index
                    self.det[fi] -= self.content.friday_reroll_cost
                    self.friday_rerolled = 1
                    self.log("reroll", f"Friday rerolls the {args[0]} die (§14.4).")
                else:
                    ch = self.table.chars[act.seat]
                    for si, sk in enumerate(self.content.characters[ch].skills):
                        verbs = self.program.verbs(self.program.skill[(ch, si)])
                        if verbs[0][0] == "reroll_die" and verbs[0][1]["dice"] == TYPE_NAMES[self.groups[self.cur][0]]:
                            self.det[act.seat] -= sk.cost
                            self.skill_used[act.seat] |= 1 << si
                            self.log("reroll", f"{self.char_name(act.seat)} uses {sk.name} on the {args[0]} die (§13.2).")
                            break
                self.frames[-1] = (*f[:3], 0, f[4])
                self.chance = [CH_REROLL, self.cur, die, 0]
            else:
                self._use(act.seat, args, f[2])
            return
        self.frames.pop()
        if kind == F_CHOOSE:
            k = int(args[0]) - 1
            self.log("decide", f"{self.char_name(act.seat)} chooses option {k + 1} (§12.4).")
            self._push((self.program.nodes[f[2]][3][k], f[3], f[4], 0))
        elif kind == F_HEAL:
            for word in args:
                self.heal(self._char_by_id(word), 1, "shared healing")
        elif kind == F_GIVE:
            for word in args:
                self.gain_det(self._char_by_id(word), 1, "shared Determination (§25.1)")
        elif kind == F_DISCARD_INV:
            card = self.content.by_id[args[0]]
            self.zone[card] = Z_INV_DECK
            self.log("invention", f"{self.content.cards[card].name} is shuffled back into the Invention deck (§12.8).")
            if f[2] > 1 and self.count_in(Z_INV_BOARD):
                self.frames.append((kind, f[1], f[2] - 1, 0, 0))
        elif kind == F_PUT_INV:
            card = self.content.by_id[args[0]]
            self.zone[card] = Z_INV_BOARD
            self.log("invention", f"{self.content.cards[card].name} is laid on the board.")
        elif kind == F_FLIP:
            self._lose_item(self.content.by_id[args[0]])
        elif kind == F_PICK_INV:
            card = self.content.by_id[args[0]]
            self.zone[card] = Z_INV_BOARD
            for other in self.cards_in(Z_REVEALED):
                self.zone[other] = Z_INV_DISCARD
            self.log("invention", f"{self.content.cards[card].name} is laid on the board; the rest go face down (§13.2).")
        elif kind == F_PICK_TILE:
            tile = next(x.index for x in self.content.tiles if str(x.number) == args[0])
            for i, at in enumerate(self.tile_at):
                if at == TILE_REVEALED:
                    self.tile_at[i] = TILE_STACK
            if self.tile_top >= 0:
                self.tile_at[self.tile_top] = TILE_STACK
            self.tile_top = tile
            self.tile_at[tile] = TILE_REVEALED
            self.log("explore", f"Tile {args[0]} goes on top of the stack (§13.2).")
        elif kind == F_PICK_TOKEN:
            k = next(i for i, x in enumerate(self.content.token_kinds) if x.id == args[0])
            chosen = False
            for i, pl in enumerate(self.tok):
                if pl == TOK_REVEALED:
                    if not chosen and self.content.tokens[i] == k:
                        self.tok[i] = TOK_AVAIL
                        chosen = True
                    else:
                        self.tok[i] = TOK_REMOVED
            self.log("token", f"Scouting keeps {self.content.token_kinds[k].name} (§13.2).")
        elif kind == F_TRACK:
            if verb == "bottom":
                card = self.hunt_top.pop(0)
                self.hunt_seen.pop(0)
                self.hunt_bottom.append(card)
                self.log("hunt", "The top Hunting card goes to the bottom (§13.2).")
        elif kind == F_MYST:
            if verb == "continue":
                self._push((I_MYST_STEP, 0, 0, 0))
            else:
                self._myst_end()
        elif kind == F_HUNGRY:
            p = self._char_by_id(args[0])
            self.hungry_done[p] |= 1 << f[4]
            self.wound(p, f[3], "hunger (§10.1)")
            if f[2] > 1 and not self.over:
                if all(self.hungry_done[q] >> f[4] & 1 for q in self.in_camp()):
                    for q in self.in_camp():  # more meals missing than players: a new round of picks
                        self.hungry_done[q] &= ~(1 << f[4])
                self.frames.append((kind, f[1], f[2] - 1, f[3], f[4]))
        elif kind == F_CAMP:
            if args[0] != "stay":
                self.move_camp(int(args[0][1:]) - 1)
        elif kind == F_MORALE:
            if args[0] == "heal":
                self.heal(self.first_player, 1, "top Morale (§6.2)")
            else:
                self.gain_det(self.first_player, f[2], "top Morale (§6.2)")
        elif kind == F_ARRANGE:
            self._arrange(f[2], args[0] == "determination", args[0] == "morale")
        elif kind == F_NEXT:
            self._begin_group(int(args[0]) - 1)
        elif kind == F_PILE:
            k = int(args[0])
            self.pile_done = 1
            if k:
                self.res[WOOD] -= k
                self.add_to_pile(k, "the once-a-round transfer (§25.1)")
        elif kind == F_CORRAL:
            if args[0] != "skip":
                sp = int(args[0][1:]) - 1
                i = next(x % 2 for x in self._adjacent_food() if x // 2 == sp)
                self.space_exh[sp] |= 1 << i
                self.space_tk[self.camp] |= TK_FOOD
                self.log("build", f"The Corral covers a food source at s{sp + 1}; +1 food token on the Camp (§17.2).")
        elif kind == F_SHORTCUT:
            sp = int(args[0][1:]) - 1
            self.space_tk[sp] |= TK_SHORTCUT
            self.log("build", f"The Shortcut token goes on s{sp + 1} (§17.2).")
        elif kind == F_COVER:
            sp, i = (int(x) - 1 for x in args[0][1:].split(":"))
            self.space_exh[sp] |= 1 << i
            self.log("effect", f"A source at s{sp + 1} is exhausted (§16.3).")
        elif kind == F_LOSE_TILE:
            self.lose_tile(int(args[0][1:]) - 1)
        elif kind == F_TILE_TOKEN:
            sp = int(args[0][1:]) - 1
            self.space_tk[sp] |= f[2]
            self.log("token", f"A {'beast' if f[2] == TK_BEAST else 'extra-pawn'} token goes on s{sp + 1} (§20).")

    def _lose_item(self: RobinsonState, card: int) -> None:
        """§16.6: the Item turns back; its effects are undone where possible."""
        self.move_item_back(card)
        self.log("item", f"{self.content.cards[card].name} is turned back to its Invention side (§16.6).")
        node = self.program.card.get((card, "on_build"))
        if node is None:
            return
        ignored, self.uses[card] = self.uses[card] < 0, 0
        for v, prm in self.program.verbs(node):
            if v == "track" and prm["by"] > 0 and not ignored:
                self.drop_track(TRACK_NAMES.index(prm["track"]), prm["by"], "the lost Item (§16.6)", if_possible=True)
            elif v == "camp_token":
                self.space_tk[self.camp] &= ~(TK_WOOD if prm["resource"] == "wood" else TK_FOOD)
            elif v == "shortcut":
                for sp in range(len(self.space_tk)):
                    self.space_tk[sp] &= ~TK_SHORTCUT

    def decision_text(self: RobinsonState) -> str:
        """What the table is waiting for, with its rule."""
        text, rule = self.decision_parts()
        return f"{text} ({rule})" if rule else text

    def decision_parts(self: RobinsonState) -> tuple[str, str]:
        """What the table is waiting for, and the rule behind it ('' when nothing is pending)."""
        if self.over:
            return "", ""
        if self.chance:
            return "dice or cards are pending", ""
        if self.frames:
            f = self.frames[-1]
            window = WINDOW_NAMES[f[2]] if f[0] == F_WINDOW else ""  # f[2] is a window only in F_WINDOW
            texts = {F_WINDOW: f"any-time effects {window} (pass when done)",
                     F_CHOOSE: "decide between the card's options", F_HEAL: "share out the healing",
                     F_GIVE: "hand out the Determination", F_DISCARD_INV: "discard an Invention from the board",
                     F_PUT_INV: "lay an Invention of your choice on the board", F_FLIP: "turn an Item back",
                     F_PICK_INV: "keep one of the drawn Inventions", F_PICK_TILE: "choose the tile for the top",
                     F_PICK_TOKEN: "keep one of the Discovery tokens", F_TRACK: "top or bottom for the Hunting card",
                     F_MYST: "continue or stop drawing Mystery cards", F_HUNGRY: "who goes without food",
                     F_CAMP: "move the Camp or stay", F_MORALE: "top Morale: 2 Determination or heal 1",
                     F_ARRANGE: "Determination or Morale", F_NEXT: "which Action resolves next",
                     F_PILE: "how much wood goes onto the pile", F_CORRAL: "where the Corral covers a food source",
                     F_SHORTCUT: "where the Shortcut token goes", F_COVER: "which source is covered",
                     F_LOSE_TILE: "which tile is lost", F_TILE_TOKEN: "which tile gets the token"}
            return f"{self.char_name(f[1]) if f[0] != F_WINDOW else 'players'}: {texts[f[0]]}", FRAME_RULES[f[0]]
        if self.phase == PLAN:
            return "plan the Actions: place pawns, then ready / the first player confirms", "§8.1, §26.1"
        return "", ""
