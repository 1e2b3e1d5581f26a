"""Robinson Crusoe heuristic team bot (robinson-crusoe.md; Scenario 1 "Castaways", §25.1).

`HeuristicAgent` plays to win as a team. The game is cooperative and the whole table is public except
deck orders, so the bot reads the state's public fields (the board, resources, tracks, Wounds, cards
in the open, pending decisions, dice just rolled) and never a deck order, a chance outcome or
`rng_state`.

Planning is simultaneous (§8.1, §26.1). Every seat computes the same team plan from the position as
it was when planning began (the planned groups are taken away, so the plan does not depend on who
placed first) and then places its own part of it: its two pawns, and for the first player also
Friday, the Dog and the shared additional pawns; then `ready`, and the first player `confirm`s.
`priority` lets a driver ask first the seats whose pawns lead an Action, so that supporters join
groups that exist.

The plan is a priority list (see `TeamPlanner.plan`): rest a castaway close to death, the Shelter, the
wood pile when its deadline is near, food for tonight, Fire, exploration until Mountains are found,
the Roof before the rain (round 4) and winter (round 7), Hatchet, Palisade and Weapon before the
Hungry Animals, Knife, Mast, cheap answers to Threat cards, then wood gathering and useful Items.
Actions that matter get the pawns for a sure success (§8.1.3). Everything is deterministic given
the state and the seat; `rng` is not used.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from outlast.core import Action, OptionError, RandomLike, State

from .actions import RobinsonAction
from .bot_planner import TeamPlanner
from .bot_position import ITEM_VALUE, TOKEN_VALUE, Plan, PlanItem, base_state, weather_outlook
from .bot_values import CardValues
from .constants import (
    PLAN,
    T_ARRANGE,
    T_EXPLORE,
    T_HUNT,
    W_ACTION,
    W_NIGHT,
    W_ROLL,
    W_WEATHER,
    WOOD,
)
from .decisions import (
    AnyTimeWindow,
    ArrangeReward,
    ChooseOption,
    CoverSource,
    CoverSourceForCampToken,
    DiscardInvention,
    GoHungry,
    ItemForGathering,
    KeepInvention,
    KeepToken,
    LayInvention,
    LoseTile,
    MoveCamp,
    MysteryDraw,
    NextAction,
    PlaceHuntingCard,
    ProducingTile,
    RobinsonDecision,
    ShareDetermination,
    ShareHealing,
    TopMorale,
    TopTile,
    TurnItemBack,
    WoodToPile,
)
from .state import RobinsonState


class HeuristicAgent(CardValues):
    """A rule-of-thumb Robinson Crusoe team player for any seat (see the module doc).

    Parameters (all optional, given as text, e.g. `heuristic:rest=3`):
      rest         wounds left before a castaway rests (default 3)
      slack        pile rounds of slack before wood goes to the pile first (default 1)
      sure_food    gather food with the pawns for a sure success (default 0)
      wood_first   wood sources gathered before the lesser tasks (default 3)
      food_margin  food planned beyond tonight's needs (default 0.4)
      engine       players from which Snare, Basket and Sack are built early (default 3)
      sure_wood    gather wood with the pawns for a sure success when pawns are spare (default 0)
      hunt_weapon  lowest Weapon level to hunt for food with 1-2 players (default 5)
      hunt_big     the same with 3-4 players (default 2)
      tent         players from which the team moves its Camp onto a tent tile before any Shelter (default 3)
      explore      last round to explore for sources and discoveries (default 4)
      pawn         worth of a pawn against a Threat effect (default 1.2)
      arrange      Morale below which pawns arrange the camp first (default 2)
    """

    name = "heuristic"
    PARAMS: dict[str, tuple[str, Callable[[float], Any]]] = {
        "rest": ("rest_margin", int), "slack": ("pile_slack", int), "sure_food": ("sure_food", bool),
        "sure_wood": ("sure_wood", bool), "hunt_weapon": ("hunt_weapon", int), "explore": ("explore_until", int),
        "pawn": ("pawn_value", float), "arrange": ("arrange_below", int), "wood_first": ("wood_first", int),
        "food_margin": ("food_margin", float), "engine": ("engine_from", int), "hunt_big": ("hunt_weapon_big", int),
        "tent": ("camp_tent_from", int)}
    """Parameter → (attribute, conversion of the number given)."""

    def __init__(self, **params: Any) -> None:
        self.rest_margin = 3
        self.pile_slack = 1
        self.sure_food = False
        self.food_margin = 0.4
        self.wood_first = 3
        self.last_wood_round = 99
        self.sure_wood = False
        self.hunt_weapon = 5
        self.hunt_weapon_big = 2
        self.camp_tent_from = 3
        self.explore_until = 4
        self.engine_from = 3
        self.source_until = 7
        self.pawn_value = 1.2
        self.arrange_below = 2
        self._removes: dict[tuple[int, int], int] = {}
        for key, value in params.items():
            if key not in self.PARAMS:
                raise OptionError(f"heuristic:{key}", str(value), "parameters " + ", ".join(self.PARAMS))
            try:
                x = float(value)
            except (TypeError, ValueError):
                raise OptionError(f"heuristic:{key}", str(value), "a number") from None
            attr, convert = self.PARAMS[key]
            setattr(self, attr, convert(x))

    def __repr__(self) -> str:
        return f"HeuristicAgent(rest={self.rest_margin}, slack={self.pile_slack})"

    # --- the protocol ------------------------------------------------------------------------------------
    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A legal action for `seat`: always one of `state.legal_actions(seat)`."""
        if not isinstance(state, RobinsonState):
            raise TypeError("HeuristicAgent plays Robinson Crusoe only")
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(acts) == 1:
            return acts[0]
        pick = self._choose(state, seat, acts)
        if pick is None or pick not in acts:
            pick = _fallback(acts)
        if self._removes.get((state.round, seat), 0) >= 6:
            # a pawn taken back again and again means the plan waits for help that will not come: keep
            # what holds, put free pawns on Rest (always complete) and say ready (planning must end, §26.1)
            others = [a for a in acts if a.verb != "remove"]
            rest = [a for a in others if a.verb == "place" and a.args[1] == "rest"]
            if pick.verb == "place" and rest:
                pick = rest[0]
            elif pick.verb == "remove" and others:
                pick = _find(others, "ready") or _find(others, "confirm") or others[0]
            elif pick.verb == "remove":
                # only take-backs left: free the pawn that sits in an Action short of pawns
                for a in acts:
                    pid = state._pawn_by_text(seat, a.args[0])
                    gi = state.where(pid)
                    if gi >= 0 and len(state.groups[gi][4]) < state._min_pawns(gi):
                        pick = a
                        break
        if pick.verb == "remove":
            self._removed(state, seat)
        return pick

    def priority(self, state: State, seat: int) -> float:
        """Planning order: seats whose pawns lead an Action first, supporters next, ready and confirm last."""
        if not isinstance(state, RobinsonState) or state.decisions or state.phase != PLAN:
            return 0.0
        step = _PlanStep(self, state, seat)
        return step.priority()

    def _may_remove(self, s: RobinsonState, seat: int) -> bool:
        return self._removes.get((s.round, seat), 0) < 4

    def _removed(self, s: RobinsonState, seat: int) -> None:
        key = (s.round, seat)
        self._removes = {k: v for k, v in self._removes.items() if k[0] == s.round}
        self._removes[key] = self._removes.get(key, 0) + 1

    def plan(self, state: RobinsonState) -> Plan:
        """The team plan for this round (the same for every seat)."""
        at_pile = bool(state.decisions) and isinstance(state.decisions[-1], WoodToPile)
        return TeamPlanner(self, state).plan(at_pile)

    # --- decisions ----------------------------------------------------------------------------------------
    def _choose(self, s: RobinsonState, seat: int, acts: list[RobinsonAction]) -> RobinsonAction | None:
        if s.decisions:
            top = s.decisions[-1]
            if isinstance(top, AnyTimeWindow):
                return self._window(s, seat, top, acts)
            return self._decide(s, top, acts)
        if s.phase == PLAN:
            return _PlanStep(self, s, seat).action(acts)
        return None

    def _decide(self, s: RobinsonState, decision: RobinsonDecision, acts: list[RobinsonAction]) -> RobinsonAction | None:
        """The bot's answer to a pending decision (one rule of thumb per kind)."""
        kind = type(decision)
        if isinstance(decision, WoodToPile):
            give = self.plan(s).pile
            want = f"pile {give}"
            return next((a for a in acts if str(a) == want), None) or max(
                acts, key=lambda a: int(a.args[0]) if int(a.args[0]) <= give else -1)
        if isinstance(decision, ChooseOption):
            kids = s.program.nodes[decision.node][3]
            vals = [self.value_node(s, k, decision.actor, decision.card) for k in kids]
            best = max(range(len(kids)), key=lambda i: (vals[i], -i))
            return next((a for a in acts if a.args == (str(best + 1),)), None)
        if kind is ShareHealing:
            return max(acts, key=lambda a: self._heal_score(s, a.args))
        if kind is ShareDetermination:
            return max(acts, key=lambda a: self._give_score(s, a.args))
        if kind in (DiscardInvention, TurnItemBack):
            return min(acts, key=lambda a: (ITEM_VALUE.get(a.args[0], 5) + self._usable_bonus(s, a.args[0]), str(a)))
        if kind in (KeepInvention, LayInvention):
            return max(acts, key=lambda a: (ITEM_VALUE.get(a.args[0], 5) + self._usable_bonus(s, a.args[0]), str(a)))
        if kind is TopTile:
            return max(acts, key=lambda a: self._tile_score(s, int(a.args[0])))
        if kind is KeepToken:
            return max(acts, key=lambda a: (TOKEN_VALUE.get(a.args[0], 1), a.args[0]))
        if isinstance(decision, ItemForGathering):
            keep = self._keep_for_later_gathering(s, decision.action)
            return _find(acts, "keep" if keep else "add", s.content.cards[decision.item].id)
        if isinstance(decision, PlaceHuntingCard):
            strength = s.content.cards[decision.card].data.get("strength", 0)
            return _find(acts, "top" if strength <= s.weapon + 1 else "bottom")
        if kind is MysteryDraw:
            return _find(acts, "stop")
        if kind is GoHungry:
            return max(acts, key=lambda a: self._hunger_score(s, a.args[0]))
        if kind is MoveCamp:
            return self._camp(s, acts)
        if kind is TopMorale:
            return _find(acts, "morale", "heal" if s.wounds[s.first_player] >= 1 else "determination")
        if kind is ArrangeReward:
            return _find(acts, "arrange", "morale" if s.morale < 2 else "determination")
        if kind is NextAction:
            return acts[0]
        if kind is CoverSourceForCampToken:
            opts = [a for a in acts if a.args[0] != "skip"]
            return opts[0] if opts else acts[0]
        if kind is ProducingTile:
            return max(acts, key=lambda a: self._space_score(s, int(a.args[0][1:]) - 1))
        if kind is CoverSource:
            return min(acts, key=lambda a: self._source_score(s, a.args[0]))
        if kind is LoseTile:
            return min(acts, key=lambda a: self._space_score(s, int(a.args[0][1:]) - 1))
        return None

    def _camp(self, s: RobinsonState, acts: list[RobinsonAction]) -> RobinsonAction | None:
        """Stay, except that with no Shelter a big team moves onto a tent tile next door (§10.2, §10.3)."""
        if (s.players >= self.camp_tent_from and not s.shelter and not s.natural_shelter() and s.roof == 0
                and s.palisade == 0 and s.round <= 6):
            best = None
            for a in acts:
                if a.args[0] == "stay":
                    continue
                sp = int(a.args[0][1:]) - 1
                tile = s.space_tile[sp]
                if tile >= 0 and s.content.tiles[tile].tent:
                    score = len([x for x in s.content.neighbours[sp] if s.space_tile[x] < 0 or x != s.camp])
                    if best is None or score > best[0]:
                        best = (score, a)
            if best is not None:
                return best[1]
        return _find(acts, "camp", "stay")

    # --- windows -------------------------------------------------------------------------------------------
    def _window(self, s: RobinsonState, seat: int, window: AnyTimeWindow,
                acts: list[RobinsonAction]) -> RobinsonAction | None:
        point = window.window
        if point == W_ROLL:
            return self._reroll(s, seat, acts)
        uses = {a.args[0]: a for a in acts if a.verb == "use"}
        if not uses:
            return _find(acts, "pass")
        for key in self._wanted_uses(s, seat, point, uses):
            if key in uses:
                return uses[key]
        return _find(acts, "pass")

    def _reroll(self, s: RobinsonState, seat: int, acts: list[RobinsonAction]) -> RobinsonAction | None:
        if not 0 <= s.resolving_action < len(s.groups):
            return _find(acts, "pass")
        g = s.groups[s.resolving_action]
        lead = g[3]
        opts = {(a.args[0], len(a.args) > 1): a for a in acts if a.verb == "reroll"}
        friday = any(k[1] for k in opts)

        def pick(die: str) -> RobinsonAction | None:
            return opts.get((die, friday)) or opts.get((die, False))

        if not s.dice[1]:
            a = pick("success")
            if a is not None:
                return a
        margin = (s.content.friday_death_at if lead >= s.players else s.content.characters[s.table.chars[lead]].death_at) - s.wounds[lead]
        if s.dice[0] and margin <= 3:
            a = pick("wound")
            if a is not None:
                return a
        if s.dice[2] and g[0] == T_EXPLORE and lead < s.players and s.determination[seat] >= 4:
            a = pick("adventure")
            if a is not None:
                return a
        return _find(acts, "pass")

    def _wanted_uses(self, s: RobinsonState, seat: int, point: int, uses: dict[str, RobinsonAction]) -> list[str]:
        """Uses worth making now, best first: lasting gains, then what this moment of the round calls for."""
        out = self._lasting_uses(s, point)
        if point == W_ACTION and 0 <= s.resolving_action < len(s.groups):
            out += self._uses_for_the_action(s, s.groups[s.resolving_action])
        if point == W_WEATHER:
            out += self._uses_for_the_weather(s)
        if point == W_NIGHT:
            out += self._uses_at_night(s, seat)
        return out

    def _lasting_uses(self, s: RobinsonState, point: int) -> list[str]:
        """Permanent gains (taken at once), and the ones that pay whenever they are made."""
        out = ["pirate_sabre", "old_machete", "ladys_medallion", "fallen_tree", "goat", "healing_herbs", "poison",
               "pipe_and_tobacco"]
        if s.has_shelter():
            out.append("thorny_bushes")
        if s.morale < s.content.morale[-1][0]:
            out += ["tobacco", "herbs_pot"]
        if point in (W_NIGHT, W_WEATHER):
            out.append("treasure")
        stage = next((i for i, need in enumerate(s.table.scenario.pile) if s.pile[i] < need), -1)
        if stage >= 0 and s.table.scenario.pile[stage] - s.pile[stage] >= 2:
            out.append("oil")
        if s.weapon < 2:
            out.append("empty_bottle")
        return out

    def _uses_for_the_action(self, s: RobinsonState, g: tuple[Any, ...]) -> list[str]:
        """Before the Action being resolved: a Weapon bonus for a Hunt, healing for an Arranging the Camp."""
        out: list[str] = []
        if g[0] == T_HUNT:
            out += ["frenzy", "pistol"]
        if g[0] == T_ARRANGE and g[3] < s.players and s.wounds[g[3]] > 0:
            out.append("bible")
        return out

    def _uses_for_the_weather(self, s: RobinsonState) -> list[str]:
        """Before the Weather: what shelters from the clouds and animals rolled, or feeds the castaways (§9)."""
        out: list[str] = []
        food = s.food_total()
        eat = len(s.in_camp()) * (1 + s.night_food)
        rain, winter, animals = s.clouds[0], s.clouds[1], s.clouds[2]
        unprot = max(0, rain + winter - s.roof)
        if unprot > 0 and rain > 0:
            out += ["storm_glass", "large_leaves", "hooch"]
        if winter > 0:
            out += ["tinderbox"]
            if unprot == 0 or rain == 0:
                out.append("hooch")
        if (animals == 1 or s.weather_tokens[2]) and s.palisade < (animals == 1) + s.weather_tokens[2]:
            out.append("defense_plan")
        if animals == 3 and s.weapon < 3:
            out += ["defense_plan", "empty_bottle"]
        wood_need = winter + unprot
        if s.resources[WOOD] < wood_need:
            out.append("fallen_tree")
        if food < unprot + eat:
            out += ["nourishing_larvae", "biscuits", "stone_soup"]
        return out

    def _uses_at_night(self, s: RobinsonState, seat: int) -> list[str]:
        """At night: food for the meal, healing for the wounded, Determination spent on what lasts (§10)."""
        out: list[str] = []
        wounded = [p for p in range(s.players) if s.wounds[p] > 0]
        food = s.food_total()
        eat = len(s.in_camp()) * (1 + s.night_food)
        det = s.determination[seat]
        if food < eat:
            out.append("stone_soup")
        if wounded and food - eat >= 1:
            out.append("grandmas_recipe")
        if det >= 4 and s.has_shelter() and s.palisade < 2 or det >= 4 and s.weapon < 3:
            out.append("defense_plan")
        if det >= 5:
            out.append("scouting")
        if det >= 5 and s.morale < s.content.morale[-1][0]:
            out.append("motivational_speech")
        out.append("nourishing_larvae")
        if food < eat:
            out += ["biscuits", "stone_soup"]
        spare = food - eat
        if wounded and spare >= 1:
            out += ["fireplace", "grandmas_recipe", "pot"]
        if s.wounds[seat] > 0 and seat == s.first_player:
            out += ["herbs", "bottle_of_wine"]
        if wounded:
            out.append("vegetables")
        out.append("flask_of_rum")
        if not any(s.content.tiles[t].terrain == "mountains" for sp, t in enumerate(s.space_tile)
                   if t >= 0 and not s.space_lost[sp]) and s.tile_top < 0:
            out += ["reconnaissance", "spyglass"]
        if s.morale < 0 and s.determination[seat] >= 3:
            out.append("motivational_speech")
        if s.determination[seat] >= 5 and s.has_shelter() and s.palisade < 2:
            out.append("defense_plan")
        return out

# ---------------------------------------------------------------------------------------- planning steps
class _PlanStep:
    """What one seat does next in the planning phase, given the team plan."""

    def __init__(self, bot: HeuristicAgent, s: RobinsonState, seat: int) -> None:
        self.bot = bot
        self.s = s
        self.seat = seat
        self.plan = bot.plan(s)
        self.mine = set(s.pawns_of(seat))

    def _group_of(self, item: PlanItem) -> int:
        s = self.s
        for gi, g in enumerate(s.groups):
            if (g[0], g[1], g[2]) == (item.typ, item.target, item.alt) and set(g[4]) & set(item.pawns):
                return gi
        return -1

    def _steps(self) -> list[tuple[int, RobinsonAction]]:
        """(urgency, action) of every move toward the plan, in plan order."""
        s = self.s
        seat = self.seat
        out: list[tuple[int, RobinsonAction]] = []
        want: dict[int, PlanItem] = {}
        for item in self.plan.items:
            for pid in item.pawns:
                want[pid] = item
        # pawns placed where the plan does not want them (taken back only when their planned place is open)
        for pid in sorted(self.mine):
            gi = s.where(pid)
            if gi < 0:
                continue
            wanted = want.get(pid)
            if wanted is None or self._group_of(wanted) == gi:
                continue
            if self._room_for(wanted, pid) and self.bot._may_remove(s, seat):
                out.append((3, RobinsonAction(seat, "remove", (s.pawn_text(pid),))))
        for item in self.plan.items:
            gi = self._group_of(item)
            for pid in item.pawns:
                if pid not in self.mine or s.where(pid) >= 0:
                    continue
                word = s.pawn_text(pid)
                if gi >= 0:
                    out.append((1, RobinsonAction(seat, "join", (word, str(gi + 1)))))
                elif pid <= s.friday_pawn:
                    lead_pid = item.pawns[0]
                    waiting = lead_pid != pid and lead_pid not in self.mine and s.where(lead_pid) < 0
                    out.append((0 if waiting else 2, RobinsonAction(seat, "place", (word, item.text))))
            if gi >= 0 and item.leader == seat and s.groups[gi][3] != seat:
                out.append((1, RobinsonAction(seat, "lead", (str(gi + 1),))))
        return out

    def _room_for(self, item: PlanItem, pid: int) -> bool:
        """Whether `pid` could go to its planned Action once taken back from where it is."""
        s = self.s
        gi = self._group_of(item)
        if gi >= 0:
            return len(s.groups[gi][4]) < s._max_pawns(gi) and bool(s.pawn_mask(pid) >> item.typ & 1)
        return pid <= s.friday_pawn and s._target_problem(item.typ, item.target, item.alt) is None

    def action(self, acts: list[RobinsonAction]) -> RobinsonAction | None:
        legal = set(acts)
        steps = [(u, a) for u, a in self._steps() if a in legal]
        if steps:
            best = max(u for u, _ in steps)
            if best > 0:
                pick = next(a for u, a in steps if u == best)
                return pick
        econ = _find(acts, "use", "economical_construction")
        if econ is not None and self.s.determination[self.seat] >= 2:
            return econ
        for verb in ("ready", "confirm"):
            a = _find(acts, verb)
            if a is not None:
                return a
        if steps:
            return steps[0][1]
        return None

    def priority(self) -> float:
        legal = set(self.s.legal_actions(self.seat))
        steps = [u for u, a in self._steps() if a in legal]
        if steps and max(steps) > 0:
            return float(max(steps))
        if any(a.verb == "ready" for a in legal):
            return 0.5
        if any(a.verb == "confirm" for a in legal):
            return 0.2
        return 0.0


# ---------------------------------------------------------------------------------------- helpers
def _find(acts: Iterable[RobinsonAction], verb: str, *args: str) -> RobinsonAction | None:
    for a in acts:
        if a.verb == verb and (not args or a.args[: len(args)] == args):
            return a
    return None


def _fallback(acts: list[RobinsonAction]) -> RobinsonAction:
    """A harmless legal action when the plan gives none."""
    for verb in ("pass", "ready", "confirm", "stop"):
        a = _find(acts, verb)
        if a is not None:
            return a
    for a in acts:
        if a.verb == "place" and a.args[1] in ("rest", "arrange"):
            return a
    for a in acts:
        if a.verb not in ("remove", "use", "lead"):
            return a
    return acts[0]


__all__ = ["HeuristicAgent", "Plan", "PlanItem", "base_state", "weather_outlook"]
