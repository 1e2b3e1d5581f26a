# mypy: disable-error-code="misc"
"""Action planning: targets, costs, requirements, groups and confirming the plan (robinson-crusoe.md §8.1–§8.3, §26.1).

`PlanningRules` is one part of `RobinsonState` (state.py holds the fields): its methods take the state as
`self` and change it by the rules of this chapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import IllegalAction

from . import abilities
from .actions import RobinsonAction
from .constants import (
    BUILD_PALISADE,
    BUILD_ROOF,
    BUILD_SHELTER,
    BUILD_WEAPON,
    BUILD_WORDS,
    CHANGE_LIMIT,
    FT_EXTRA,
    FT_WOOD,
    FUR,
    G_ECON,
    G_FIELDX,
    G_WOODTOK,
    NO_LEADER,
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
)
from .fields import StateFields

if TYPE_CHECKING:
    from .state import RobinsonState


class PlanningRules(StateFields):
    """Action planning: a part of `RobinsonState`."""

    __slots__ = ()

    def target_text(self: RobinsonState, typ: int, target: int, alt: int) -> str:
        if typ == T_THREAT:
            return ("threat:l" if target == 0 else "threat:r") + (f"/{alt + 1}" if alt else "")
        if typ == T_BUILD:
            if target in BUILD_WORDS:
                word = BUILD_WORDS[target]
                if target == BUILD_WEAPON:
                    return "build:weapon"
                return f"build:{word}/{'wood' if alt == 0 else 'fur'}"
            cost = self.content.cards[target].data.get("cost") or []
            return f"build:{self.content.cards[target].id}" + (f"/{alt + 1}" if len(cost) > 1 else "")
        if typ == T_GATHER:
            sp, i = divmod(target, 2)
            return f"gather:s{sp + 1}:{self.content.tiles[self.space_tile[sp]].sources[i]}"
        if typ == T_EXPLORE:
            return f"explore:s{target + 1}"
        return TYPE_NAMES[typ]

    def _group_text(self: RobinsonState, gi: int) -> str:
        g = self.groups[gi]
        return f"{self.target_text(g[0], g[1], g[2])} ({self.char_name(g[3])})"

    def _candidates(self: RobinsonState) -> list[tuple[int, int, int]]:
        """Every (type, target, alt) a plan could name now, legal or not."""
        out: list[tuple[int, int, int]] = []
        for slot in (0, 1):
            card = self._threat_card(slot)
            if card >= 0:
                d = self.content.cards[card].data
                alts = len(d["threat"].get("needs") or []) if self.content.cards[card].kind == "event" else 0
                out += [(T_THREAT, slot, a) for a in range(max(1, alts))]
        out.append((T_HUNT, 0, 0))
        for target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
            out += [(T_BUILD, target, 0), (T_BUILD, target, 1)]
        out.append((T_BUILD, BUILD_WEAPON, 0))
        for z in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO):
            for card in self.cards_in(z):
                cost = self.content.cards[card].data.get("cost") or []
                out += [(T_BUILD, card, a) for a in range(max(1, len(cost)))]
        for sp, tile in enumerate(self.space_tile):
            if tile >= 0:
                if sp != self.camp and not self.space_lost[sp]:
                    out += [(T_GATHER, sp * 2 + i, 0) for i in range(len(self.content.tiles[tile].sources))]
            elif not self.space_lost[sp]:
                out.append((T_EXPLORE, sp, 0))
        out += [(T_ARRANGE, 0, 0), (T_REST, 0, 0)]
        return out

    def _cost(self: RobinsonState, typ: int, target: int, alt: int, token: bool = True) -> tuple[int, int, int, int]:
        """(wood, food, fur, flags) to commit for a new Action (§8.3.1, §8.8.2, §20.5a)."""
        w = f = u = flags = 0
        if typ == T_THREAT:
            card = self._threat_card(target)
            if card >= 0 and self.content.cards[card].kind == "event":
                needs = self.content.cards[card].data["threat"].get("needs") or []
                if needs:
                    req = needs[alt]
                    w, f, u = req.get("wood", 0), req.get("food", 0), req.get("fur", 0)
        elif typ == T_BUILD:
            if target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
                if alt == 0:
                    w = self.table.cost[0]
                else:
                    u = self.table.cost[1]
            elif target == BUILD_WEAPON:
                w = 1
            else:
                cost = self.content.cards[target].data.get("cost") or []
                if cost:
                    w, f, u = cost[alt].get("wood", 0), cost[alt].get("food", 0), cost[alt].get("fur", 0)
            if token and w and self.field_tk[T_BUILD] & FT_WOOD and not any(g[8] & G_WOODTOK for g in self.groups):
                w += 1
                flags |= G_WOODTOK
        return w, f, u, flags

    def _static_open(self: RobinsonState, ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int]
                     ) -> list[tuple[int, int, int, str, int, int, int]]:
        """Candidates not ruled out by what only changes outside the plan (cached with `_plan_ctx`)."""
        assert self._pc is not None
        return self._pc[1]

    def _dynamic_open(self: RobinsonState, ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int],
                      wood_slack: int = 0) -> list[tuple[int, int, int, str, int, int, int]]:
        """The statically open targets that the plan so far still leaves open (same tests as _target_problem).

        `wood_slack` lets the Carpenter plan an Action short of the wood Economical construction saves, to be
        paid down with it before the plan is confirmed (§13.2, TV-23).
        """
        free_w, free_f, free_u, _, plans, _, tiles_left = ctx
        free_w += wood_slack
        hunt_ok = self.count_in(Z_HUNT_DECK) > len(plans.get(T_HUNT, ()))
        threats = plans.get(T_THREAT, ())
        threats_full = len(threats) >= 2
        gathers = plans.get(T_GATHER, ())
        explores = plans.get(T_EXPLORE, ())
        explores_full = tiles_left <= len(explores)  # also an empty Island stack (§25.19)
        builds = plans.get(T_BUILD, ())
        wood_token = bool(self.field_tk[T_BUILD] & FT_WOOD) and not any(g[8] & G_WOODTOK for g in self.groups)
        out = []
        for c in self._static_open(ctx):
            typ, tg = c[0], c[1]
            if typ == T_GATHER:
                if tg in gathers:
                    continue
            elif typ == T_EXPLORE:
                if explores_full or tg in explores:
                    continue
            elif typ == T_BUILD:
                if tg in builds and (tg >= 0 or tg == BUILD_SHELTER):
                    continue
                w = c[4]
                if (w + 1 if wood_token and w else w) > free_w or c[5] > free_f or c[6] > free_u:
                    continue
                out.append(c)
                continue
            elif typ == T_THREAT:
                if threats_full or tg in threats:
                    continue
            elif typ == T_HUNT:
                if not hunt_ok:
                    continue
            else:  # Arranging the Camp and Rest are always open
                out.append(c)
                continue
            if c[4] > free_w or c[5] > free_f or c[6] > free_u:
                continue
            out.append(c)
        return out

    def _plan_ctx(self: RobinsonState) -> tuple[int, int, int, set[str], dict[int, list[int]], set[str], int]:
        """What every target check of one planning position shares: free resources, terrains, plans, Items.

        The parts that only change outside the plan (Items, terrains, tiles, zones) are cached under a
        fingerprint together with the targets they leave open.
        """
        com = self.committed()
        planned: dict[int, list[int]] = {}
        for g in self.groups:
            planned.setdefault(g[0], []).append(g[1])
        pc = self._pc
        pm = self._pm
        checked: object = None if pm is None else pm.get(0)
        if pc is not None and checked is pc:
            return (self.resources[WOOD] - com[0], self.food_total() - com[1], self.resources[FUR] - com[2],
                    pc[2], planned, pc[3], pc[4])
        fp = hash((self.round, self.phase, self.camp, self.shelter, self.weapon, self.tile_top, tuple(self.zone),
                   tuple(self.space_tile), tuple(self.space_exh), tuple(self.space_lost), tuple(self.space_tk),
                   tuple(self.gathered), tuple(self.tile_at)))
        pc = self._pc
        if pc is None or pc[0] != fp:
            built = {self.content.cards[i].id for i in self.cards_in(Z_ITEM)}
            kept = self.cards_in(Z_KEPT)
            for i in self.program.by_kind["invention"] if kept else ():
                item = self.content.cards[i].id  # a kept card may count as an Item (§18)
                if any(abilities.card_answer(self.program, k, abilities.COUNTS_AS + item, 0) for k in kept):
                    built.add(item)
            tiles_left = sum(1 for at in self.tile_at if at == TILE_STACK) + (self.tile_top >= 0)
            terrains = self.explored_terrains()
            loose: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int] = (
                1 << 30, 1 << 30, 1 << 30, terrains, {}, built, 1 << 30)
            out = []
            for typ, tg, alt in self._candidates():
                if self._target_problem(typ, tg, alt, loose) is None:
                    w, f, u, _ = self._cost(typ, tg, alt, token=False)
                    out.append((typ, tg, alt, self.target_text(typ, tg, alt), w, f, u))
            most = (max((c[4] for c in out), default=0) + 1, max((c[5] for c in out), default=0),
                    max((c[6] for c in out), default=0))
            pc = self._pc = (fp, out, terrains, built, tiles_left, {}, most)
        if pm is None:
            pm = self._pm = {}
        pm[0] = pc
        return (self.resources[WOOD] - com[0], self.food_total() - com[1], self.resources[FUR] - com[2],
                pc[2], planned, pc[3], pc[4])

    def _target_problem(self: RobinsonState, typ: int, target: int, alt: int,
                        ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int] | None = None
                        ) -> str | None:
        """Why a new Action on this target cannot be planned now (None: it can), with its rule."""
        if ctx is None:
            ctx = self._plan_ctx()
        free_w, free_f, free_u, terrains, plans, built, tiles_left = ctx
        planned = plans.get(typ, ())
        if typ == T_THREAT:
            card = self._threat_card(target)
            if card < 0:
                return "no card lies on that Threat space (§8.6)"
            if target in planned:
                return "that Threat card already has an Action planned (§8.1.4)"
            if len(planned) >= 2:
                return "at most two Threat Actions per round (§8.1.4)"
            cd = self.content.cards[card]
            if cd.kind == "event":
                needs = cd.data["threat"].get("needs") or []
                if needs:
                    req = needs[alt]
                    if req.get("item") and req["item"] not in built:
                        return f"it needs the {req['item']} built at planning (§8.2)"
                    if req.get("weapon", 0) > self.weapon:
                        return f"it needs Weapon {req['weapon']} at planning; it is {self.weapon} (§8.2, §8.3.2)"
        elif typ == T_HUNT:
            if self.count_in(Z_HUNT_DECK) <= len(planned):
                return "the Hunting deck needs a card for every Hunt (§8.7.1)"
        elif typ == T_BUILD:
            if target == BUILD_SHELTER:
                if self.shelter:
                    return "the Shelter is already built (§8.8.3)"
                if BUILD_SHELTER in planned:
                    return "the Shelter is already planned (§8.8.3)"
            elif target in (BUILD_ROOF, BUILD_PALISADE):
                if not self.has_shelter():
                    return "a Roof or Palisade needs a Shelter at planning (§8.2, §8.8.4)"
            elif target >= 0:
                d = self.content.cards[target].data
                if target in planned:
                    return "that Invention is already planned (§8.8.6)"
                missing = [t for t in d.get("terrain") or () if t not in terrains]
                if missing:
                    return f"it needs explored {', '.join(missing)} (§8.8.6, §16.5)"
                lacking = [i for i in d.get("items") or () if i not in built]
                if lacking:
                    return f"it needs the {', '.join(lacking)} built at planning (§8.2, §8.3.2)"
        elif typ == T_GATHER:
            sp, i = divmod(target, 2)
            if self._distance(sp) == 0:
                return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
            r_token = TK_WOOD if self.content.tiles[self.space_tile[sp]].sources[i] == "wood" else TK_FOOD
            if self.space_exh[sp] >> i & 1 and not self.space_tk[sp] & r_token:
                return "that source is exhausted (§16.3)"
            if target in self.gathered or target in planned:
                return "a source can be gathered only once per round (§8.1.4)"
        elif typ == T_EXPLORE:
            if self._distance(target) == 0:
                return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
            if target in planned:
                return "that space is already planned (§8.1.4)"
            if tiles_left <= len(planned):
                return "no Island tile is left to place (§25.19)"
        elif typ in (T_ARRANGE, T_REST):
            return None
        w, f, u, _ = self._cost(typ, target, alt)
        if w > free_w or f > free_f or u > free_u:
            return (f"it needs {w} wood, {f} food and {u} fur committed from Available; free now: "
                    f"{free_w} wood, {free_f} food, {free_u} fur (§8.3.1)")
        return None

    def _lead_problem(self: RobinsonState, typ: int, target: int, lead: int) -> str | None:
        if typ == T_BUILD and target >= 0:
            d = self.content.cards[target].data
            if d["group"] == "personal":
                owner = d["owner"]
                if lead >= self.players or self.content.characters[self.table.chars[lead]].id != owner:
                    return f"only the {owner} may build their personal Invention (§8.8.6, §13.1)"
        return None

    def _seat_complete(self: RobinsonState, seat: int) -> bool:
        """Both pawns placed, and every Action holding them has its minimum (§8.1.1, §8.1.3).

        The first player answers for Friday too: an Action he leads must have its minimum.
        """
        for pid in ((2 * seat,) if self.minus[seat] else (2 * seat, 2 * seat + 1)):
            gi = self.where(pid)
            if gi < 0 or len(self.groups[gi][4]) < self._min_pawns(gi):
                return False
        if seat == self.first_player:
            fi = self.table.friday_index
            return all(len(g[4]) >= self._min_pawns(gi) for gi, g in enumerate(self.groups) if g[3] == fi)
        return True

    def _plan_problem(self: RobinsonState) -> str | None:
        for gi in range(len(self.groups)):
            if len(self.groups[gi][4]) < self._min_pawns(gi):
                return f"{self._group_text(gi)} needs {self._min_pawns(gi)} pawns (§8.1.3)"
        for seat in range(self.players):
            if seat != self.first_player and not self.ready[seat]:
                return f"{self.char_name(seat)} is not ready yet (§26.1)"
        if not self._seat_complete(self.first_player):
            return "place both of your pawns first (§8.1.1)"
        com = self.committed()
        if com[0] > self.resources[WOOD] or com[1] > self.food_total() or com[2] > self.resources[FUR]:
            return "the plan commits more than Available holds (§8.3.1)"
        return None

    def _holds_ready(self: RobinsonState, gi: int, pid: int) -> bool:
        """Whether taking `pid` back would undo an Action a ready player counts on (ready is final, §26.1)."""
        g = self.groups[gi]
        return any(x < 2 * self.players and x != pid and self.ready[x // 2] for x in g[4])

    def _plan_actions(self: RobinsonState, seat: int) -> list[RobinsonAction]:
        """Planning moves of `seat`: progress first (ready / confirm, placing), taking back last (§8.1, §26.1)."""
        if self.ready[seat]:
            # only the first player is asked again, once everyone is ready: to confirm the plan (§26.1)
            return [act(seat, "confirm")] if seat == self.first_player and self._plan_problem() is None else []
        out: list[RobinsonAction] = []
        if self._seat_complete(seat) and not (self._overcommitted() and self._commits(seat)):
            # over-committing is settled by whoever holds the costly Actions (§8.3.1, §26.1); a seat with
            # no pawn there may still ready, or it would wait with nothing to do
            out.append(act(seat, "ready"))
        removes: list[RobinsonAction] = []
        open_targets, places = self._open_now(0)
        if self._ot is None:
            self._ot = open_targets
        slack = self._econ_slack(seat)
        if slack:
            open_targets, places = self._open_now(slack)
        caps: list[tuple[int, bool]] | None = None
        placed = {pid: gi for gi, g in enumerate(self.groups) for pid in g[4]}
        own_free = False
        settling = self.changes[seat] >= CHANGE_LIMIT
        for pid in self.pawns_of(seat):
            gi = placed.get(pid, -1)
            word = self.pawn_text(pid)
            if gi >= 0:
                if not self._holds_ready(gi, pid) and (not settling or self._blocks(gi)):
                    removes.append(act(seat, "remove", word))
                continue
            if pid < 2 * self.players:
                if own_free:  # a player's two pawns are alike: offer the first free one only
                    continue
                own_free = True
            if settling:  # the plan must end: a free pawn may only rest (decision 0009)
                if pid <= self.friday_pawn:
                    out += [act(seat, "place", word, c[3]) for c in open_targets if c[0] == T_REST]
                continue
            if pid <= self.friday_pawn:
                mine = places.get((seat, word))
                if mine is None:
                    lead = self.pawn_char(pid)
                    mine = places[(seat, word)] = [
                        act(seat, "place", word, text) for typ, tg, _, text, _, _, _ in open_targets
                        if typ != T_BUILD or tg < 0 or self._lead_problem(typ, tg, lead) is None]
                out += mine
            if not self.groups or not self._pawn_affordable(pid):
                continue
            if caps is None:
                caps = [(g[0], len(g[4]) < self._max_pawns(gi)) for gi, g in enumerate(self.groups)]
            mask = self.pawn_mask(pid)
            for gj, (typ, room) in enumerate(caps):
                if room and mask >> typ & 1:
                    out.append(act(seat, "join", word, str(gj + 1)))
        for gi, g in enumerate(self.groups):
            if (not settling and g[3] != seat and any(pid // 2 == seat for pid in g[4] if pid < 2 * self.players)
                    and self._lead_problem(g[0], g[1], seat) is None):
                out.append(act(seat, "lead", str(gi + 1)))
        out += self._plan_uses(seat)
        return out + removes

    def _plan_uses(self: RobinsonState, seat: int) -> list[RobinsonAction]:
        """`use` actions of `seat` in planning, memoised in `_pm`: of what a plan move changes, they depend
        only on the seat's Determination and spent skills and on the plan's commitments (§8.3.1, §13.2)."""
        pm = self._pm
        if pm is None:
            pm = self._pm = {}
        key = (seat, self.determination[seat], self.skill_used[seat], *self.committed(),
               *(gi for gi, g in enumerate(self.groups) if g[5] > 0 and not g[8] & G_ECON))
        hit = pm.get(key)
        if hit is None:
            hit = pm[key] = self._use_actions(seat, W_PLAN)
        return hit

    def _open_now(self: RobinsonState, slack: int) -> tuple[list[tuple[int, int, int, str, int, int, int]],
                                               dict[tuple[int, str], list[RobinsonAction]]]:
        """The open targets of this planning position (`_dynamic_open`) and the `place` actions made of them.

        Both depend only on the round's static targets (`_pc`), the free resources up to the most any target
        costs, and the set of planned targets, so they are memoised under those in `_pc`: planning often comes
        back to a plan it has seen, in another order.
        """
        ctx = self._plan_ctx()
        pc = self._pc
        assert pc is not None
        memo, most = pc[5], pc[6]
        key = (min(ctx[0] + slack, most[0]), min(ctx[1], most[1]), min(ctx[2], most[2]),
               self.field_tk[T_BUILD] & FT_WOOD, any(g[8] & G_WOODTOK for g in self.groups),
               *sorted([(g[0], g[1]) for g in self.groups]))
        hit = memo.get(key)
        if hit is None:
            if len(memo) > 4096:
                memo.clear()
            hit = memo[key] = (self._dynamic_open(ctx, slack), {})
        return hit

    def _blocks(self: RobinsonState, gi: int) -> bool:
        """Whether planned Action `gi` keeps the plan from going ahead: short of its minimum pawns (§8.1.3),
        or committing resources while the plan commits more than Available holds (§8.3.1)."""
        g = self.groups[gi]
        return len(g[4]) < self._min_pawns(gi) or bool((g[5] or g[6] or g[7]) and self._overcommitted())

    def _commits(self: RobinsonState, seat: int) -> bool:
        """Whether a pawn of `seat` is in a planned Action that commits resources (§8.3.1)."""
        return any(g[5] or g[6] or g[7] for g in self.groups
                   if any(pid < 2 * self.players and pid // 2 == seat for pid in g[4]))

    def _econ_slack(self: RobinsonState, seat: int) -> int:
        """The wood `seat` could still take off a cost with a cheaper_wood skill this round (§13.2; 0 if none)."""
        ch = self.table.chars[seat]
        si = self.program.skill_verb_index(ch, "cheaper_wood")
        if si < 0 or self.skill_used[seat] >> si & 1 or self.determination[seat] < self.content.characters[ch].skills[si].cost:
            return 0
        saved = abilities.answer_of(self.program, self.program.skill[(ch, si)], abilities.WOOD_SAVED, 0)
        return 0 if self._overcommitted() else saved

    def _overcommitted(self: RobinsonState) -> bool:
        com = self.committed()
        return com[0] > self.resources[WOOD] or com[1] > self.food_total() or com[2] > self.resources[FUR]

    def _apply_plan(self: RobinsonState, act: RobinsonAction) -> None:
        seat, verb, args = act.seat, act.verb, act.args
        if verb == "place":
            pid = self._pawn_by_text(seat, args[0])
            typ, tg, alt = self._parse_target(args[1])
            w, f, u, flags = self._cost(typ, tg, alt)
            self.groups.append((typ, tg, alt, self.pawn_char(pid), (pid,), w, f, u, flags))
            self.log("plan", f"{self.pawn_label(pid)} plans {self.target_text(typ, tg, alt)} (§8.1).")
            return  # a new Action leaves every other one as it was: no ready seat can lose its footing
        elif verb == "join":
            pid = self._pawn_by_text(seat, args[0])
            gi = int(args[1]) - 1
            g = self.groups[gi]
            lead = g[3]
            if lead == self.table.friday_index and pid < 2 * self.players:
                lead = self.pawn_char(pid)  # with a player's pawn, Friday is an additional pawn (§14.4)
            self.groups[gi] = (*g[:3], lead, (*g[4], pid), *g[5:])
            self.log("plan", f"{self.pawn_label(pid)} joins {self._group_text(gi)} (§8.1.5).")
            self._skill_pawn(pid, True)
        elif verb == "remove":
            self.changes[seat] += 1
            pid = self._pawn_by_text(seat, args[0])
            gi = self.where(pid)
            g = self.groups[gi]
            rest = tuple(x for x in g[4] if x != pid)
            lead = g[3]
            if self.pawn_char(pid) == lead and pid <= self.friday_pawn:
                leaders = [x for x in rest if x < 2 * self.players] + [x for x in rest if x == self.friday_pawn]
                lead = self.pawn_char(leaders[0]) if leaders else NO_LEADER
                if lead != NO_LEADER and self._lead_problem(g[0], g[1], lead) is not None:
                    lead = NO_LEADER
            self.log("plan", f"{self.pawn_label(pid)} is taken back from {self._group_text(gi)}.")
            self._skill_pawn(pid, False)
            if lead == NO_LEADER:
                for other in rest:
                    self._skill_pawn(other, False)
            if lead == NO_LEADER or not rest:
                del self.groups[gi]
            else:
                self.groups[gi] = (g[0], g[1], g[2], lead, rest, *g[5:])
        elif verb == "lead":
            self.changes[seat] += 1
            gi = int(args[0]) - 1
            g = self.groups[gi]
            self.groups[gi] = (g[0], g[1], g[2], seat, *g[4:])
            self.log("plan", f"{self.char_name(seat)} is the acting player of {self._group_text(gi)} (§8.1.5).")
        elif verb == "ready":
            self.ready[seat] = 1
            self.log("plan", f"{self.char_name(seat)} is ready.")
        elif verb == "confirm":
            self._confirm()
            return
        self._recheck_ready()

    def _recheck_ready(self: RobinsonState) -> None:
        """Ready stays only for seats whose part still holds; a plan that fails once all are ready reopens (§26.1)."""
        for seat in range(self.players):
            if self.ready[seat] and not self._seat_complete(seat):
                self.ready[seat] = 0
        if all(self.ready) and self._plan_problem() is not None:
            self.log("plan", f"The plan does not hold ({self._plan_problem()}): everyone plans again.")
            self.ready = [0] * self.players

    def _pawn_affordable(self: RobinsonState, pid: int) -> bool:
        k = pid - 2 * self.players - 2
        if k < 0 or self.xsrc[k][0] != XS_SKILL:
            return True
        seat, si = divmod(self.xsrc[k][1], 8)
        sk = self.content.characters[self.table.chars[seat]].skills[si]
        return self.determination[seat] >= sk.cost and not self.skill_used[seat] >> si & 1

    def _skill_pawn(self: RobinsonState, pid: int, placed: bool) -> None:
        """A skill's pawn (Handyman) is paid when placed and refunded when taken back (§13.2)."""
        k = pid - 2 * self.players - 2
        if k < 0 or self.xsrc[k][0] != XS_SKILL:
            return
        seat, si = divmod(self.xsrc[k][1], 8)
        sk = self.content.characters[self.table.chars[seat]].skills[si]
        if placed:
            self.determination[seat] -= sk.cost
            self.skill_used[seat] |= 1 << si
            self.log("skill", f"{self.char_name(seat)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
        else:
            self.determination[seat] += sk.cost
            self.skill_used[seat] &= ~(1 << si)

    def _parse_target(self: RobinsonState, text: str) -> tuple[int, int, int]:
        for typ, tg, alt, t, _, _, _ in self._ot or ():
            if t == text:
                return typ, tg, alt
        for typ, tg, alt in self._candidates():
            if self.target_text(typ, tg, alt) == text:
                return typ, tg, alt
        raise IllegalAction(f"{text!r} is no Action target now (see help for the targets)", "§8.1.2")

    def _confirm(self: RobinsonState) -> None:
        """The first player commits the plan (§26.1); one-use extra pawns are spent."""
        for typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE):
            if self.field_tk[typ] & FT_EXTRA:
                for gi, g in enumerate(self.groups):
                    if g[0] == typ:
                        self.groups[gi] = (*g[:8], g[8] | G_FIELDX)
                        break
        base = 2 * self.players + 2
        for g in self.groups:
            for pid in g[4]:
                if pid < base:
                    continue
                kind, ref, _, owner, _ = self.xsrc[pid - base]
                if kind == XS_START or kind == XS_KEPT and self.uses[ref] > 0:
                    self._spend_use(ref)
                elif kind == XS_TOKEN:
                    self.token_place[ref] = TOK_USED
        self.minus = [0] * self.players
        self.log("plan", "The first player confirms the plan: " + "; ".join(
            f"{self._group_text(gi)} with {len(g[4])} pawn(s)" for gi, g in enumerate(self.groups)) + ".")
        self.phase, self.step = RESOLVE, 0

    def _spend_use(self: RobinsonState, card: int) -> None:
        self.uses[card] -= 1
        if self.uses[card] == 0:
            self.zone[card] = Z_START_USED if self.content.cards[card].kind == "start_item" else Z_MYST_DISCARD
            self.log("item", f"{self.content.cards[card].name} is used up.")
