"""The heuristic agent (architecture §5): the Agent protocol, the phase-5 turn order, and the decisions of setup and movement."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from outlast.agents import Agent
from outlast.core import Action, OptionError, RandomLike, State

from .. import board as geo
from ..actions import FujiAction
from ..decisions import FujiDecision
from ..equipment import EquipmentReroll, GrantedReroll, RerollOne
from ..movement import PowerBars
from ..state import FujiState
from ..terms import (
    AMNESIA,
    EQUIP,
    MOVE,
    PLAN,
    REROLL,
)
from .cards import CardChoices
from .context import Context
from .odds import (
    INF,
    KEEP_RANK,
    parse_bool,
)


# ---------------------------------------------------------------------------- the agent
class HeuristicAgent:
    """A rule-of-thumb Fuji player for any seat (see the module doc and docs/bots.md).

    Parameters (all optional, given as text, e.g. `heuristic:risk=1.5,help=0.3`):
      risk   how much the bot fears lava and exhaustion (default 1.0; higher is more careful)
      help   weight of teammates' moves in its dice choices (default 1.0; 0 plays selfishly)
      hints  give hints (default true)
      cards  use equipment cards (default true)
    """

    name = "heuristic"
    PARAMS = ("risk", "help", "hints", "cards")

    def __init__(self, **params: str) -> None:
        self.risk = 1.0
        self.help = 1.0
        self.give_hints = True
        self.use_cards = True
        for key, value in params.items():
            if key not in self.PARAMS:
                raise OptionError(f"heuristic:{key}", value, "parameters " + ", ".join(self.PARAMS))
            if key in ("risk", "help"):
                try:
                    x = float(value)
                except (TypeError, ValueError):
                    raise OptionError(f"heuristic:{key}", value, "a number") from None
                if not 0 <= x <= 10:
                    raise OptionError(f"heuristic:{key}", value, "a number from 0 to 10")
                setattr(self, key, x)
            elif key == "hints":
                self.give_hints = bool(parse_bool(key, str(value)))
            else:
                self.use_cards = bool(parse_bool(key, str(value)))

    def __repr__(self) -> str:
        return f"HeuristicAgent(risk={self.risk}, help={self.help}, hints={self.give_hints}, cards={self.use_cards})"

    # --- the protocol -----------------------------------------------------------------------------
    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A legal action for `seat`: always one of `state.legal_actions(seat)`."""
        if not isinstance(state, FujiState):
            raise TypeError("HeuristicAgent plays Fuji only")
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(acts) == 1:
            return acts[0]
        pick = Decide(self, state, seat, acts).choose()
        if pick is not None and pick in acts:
            return pick
        return next((a for a in acts if a.verb in ("ready", "stop")), acts[0])

    def priority(self, state: State, seat: int) -> float:
        """How urgently `seat` wants to act when several seats may (a driver asks the highest first).

        It matters for the phase-5 turn order (§10.1): a move that wins goes first, a meeple threatened by
        a teammate's eruption token goes before it, and a move that triggers a token goes last.
        """
        if not isinstance(state, FujiState) or state.phase != MOVE or state.mover >= 0 or state.decisions:
            return 0.0
        ctx = Context(self, state, seat)
        best = -INF * 1.0
        for e in ctx.mine:
            if not state.moved[e]:
                best = max(best, go_priority(ctx, e))
        return best


def exact_values(ctx: Context, m: int) -> tuple[int, int]:
    """(mover's value with its modifiers, best neighbour value) in phase 5, when every die is visible."""
    s = ctx.state
    cell = s.destination[m]
    card = s.card_at[cell] if cell >= 0 else -1
    if card < 0:
        return 0, 0
    val = ctx.odds.val[card]
    own = sum(val[k][v] for k, v in ctx.held(m)) + s.movement_bonus[m] + s.bars_spent
    best = max(sum(val[k][v] for k, v in ctx.held(nb)) for nb in ctx.table.neighbours[m])
    return own, best


def go_priority(ctx: Context, m: int) -> float:
    s = ctx.state
    own, best = exact_values(ctx, m)
    ok = own > best
    dest = s.destination[m]
    if dest < 0:
        return 1.0
    others_in = all(ctx.village(s.position[o]) for o in range(ctx.n) if o != m)
    if ok and ctx.village(dest) and others_in:
        return 100.0
    dist = geo.distance(ctx.b, ctx.lava, s.position[m], dest)
    if ok and dist > 0 and ctx.token_cost(m, dest, dist) > 0:
        return -10.0
    # threatened by someone else's token trigger this phase
    for o in range(ctx.n):
        if o == m or s.moved[o] or s.destination[o] < 0:
            continue
        d2 = geo.distance(ctx.b, ctx.lava, s.position[o], s.destination[o])
        o_own, o_best = exact_values(ctx, o)
        if o_own > o_best and d2 > 0 and ctx.token_cost(o, s.destination[o], d2) > 0 and ctx.times[s.position[m]] <= 1 + 2:
            return 20.0
    if ctx.village(s.position[m]) and dest == s.position[m]:
        return 2.0
    return 5.0



class Decide(CardChoices):
    """One decision: dispatch on the kind of choice offered (setup, movement, or a phase's own choices)."""

    def choose(self) -> FujiAction | None:
        v = self.verbs
        s = self.state
        f = self.frame()
        if "keep" in v:
            return self.keep()
        if "leave" in v:
            return self.leave()
        if "starts" in v:
            want = FujiAction(self.seat, "starts", (0, 2))
            return want if self.has(want) else self.acts[0]
        if "collect" in v:
            return self.first("collect")
        if "bars" in v:
            return self.bars(f)
        if "path" in v:
            return self.path()
        if "injury" in v:
            return self.injury()
        if "lose" in v:
            return self.lose()
        if "lend" in v or "refuse" in v:
            return self.lend(f)
        if isinstance(f, RerollOne):
            return self.reroll_one_die(f)
        if isinstance(f, EquipmentReroll | GrantedReroll):
            return self.frame_reroll(f)
        if s.phase == MOVE and "go" in v:
            return self.go()
        if s.phase == REROLL:
            return self.phase3()
        if s.phase == PLAN:
            return self.plan()
        if s.phase == EQUIP:
            return self.equip()
        return None

    def keep(self) -> FujiAction:
        def rank(a: FujiAction) -> tuple[int, ...]:
            return tuple(sorted(KEEP_RANK.index(c) if c in KEEP_RANK else 99 for c in a.ids))

        return min((a for a in self.acts if a.verb == "keep"), key=rank)

    def leave(self) -> FujiAction:
        default = self.state.table.content.default_left_out
        for a in self.acts:
            if a.args[0] % 6 == default:
                return a
        return self.acts[-1]

    def go(self) -> FujiAction:
        return max((a for a in self.acts if a.verb == "go"), key=lambda a: go_priority(self.ctx, a.args[0]))

    def path(self) -> FujiAction:
        ctx = self.ctx
        s = self.state
        m = s.mover

        def harm(a: FujiAction) -> tuple[float, int]:
            n = 0
            for c in a.args:
                if (s.double_eruption_tokens_left >> c) & 1:
                    n += 2
                elif (s.eruption_tokens_left >> c) & 1:
                    n += 1
            if not n:
                return (0.0, 0)
            # the eruptions happen at once: who would stand on a flipped card, now or by the round's end?
            bad = 0.0
            for o in range(ctx.n):
                cell = a.args[-1] if o == m else s.position[o]
                bad += -ctx.value_at(cell, n) + ctx.value_at(cell, 0)
            return (bad, n)

        return min((a for a in self.acts if a.verb == "path"), key=harm)

    def bars(self, f: FujiDecision | None) -> FujiAction:
        ctx = self.ctx
        s = self.state
        m = f.mover if isinstance(f, PowerBars) else s.mover
        own, best = exact_values(ctx, m)
        loss = s.table.level_loss
        cost = ctx.costs(m)
        dest, pos = s.destination[m], s.position[m]
        gain_move = ctx.value_at(dest) - ctx.value_at(pos) if dest >= 0 and dest != pos else 0.0

        def util(k: int) -> float:
            d = own + k - best
            if d <= 0:
                return -cost[loss[0]] - 0.5 * k
            return gain_move - cost[loss[min(d, 12)]] - 0.5 * k

        opts = [a for a in self.acts if a.verb == "bars"]
        return max(opts, key=lambda a: (util(a.args[0]), -a.args[0]))

    def injury(self) -> FujiAction:
        s = self.state
        f = self.frame()
        e = f.meeple if f is not None else s.mover
        c = s.table.content
        cards = sum(1 for x in range(len(s.card_location)) if s.card_location[x] == e)
        sk = c.skills[s.skill[e]].id if s.skill[e] >= 0 else ""
        amnesia = {"equipment_manager": 0.6, "buddy": 1.2, "gatherer": 1.5, "tinkerer": 1.0, "survivalist": 2.2,
                   "scout": 2.0}.get(sk, 1.0)
        if sk == "tinkerer":
            amnesia += 1.5 * sum(1 for x in range(len(s.card_location)) if s.card_location[x] == e and s.card_used_once[x])
        if (s.injuries[e] >> AMNESIA) & 1:
            amnesia = 0.0
        in_village = self.ctx.village(s.position[e])
        cost = {0: 3.0, 1: 0.4 + 1.2 * cards, 2: amnesia, 3: 1.5 if in_village else 2.6}
        return min((a for a in self.acts if a.verb == "injury"), key=lambda a: cost[a.args[0]])

    def lose(self) -> FujiAction:
        default = self.state.table.content.default_left_out
        opts = [a for a in self.acts if a.verb == "lose"]
        for a in opts:
            if a.args[0] % 6 == default:
                return a
        return opts[-1]




def play_game(state: State, agents: Sequence[Agent], rng: RandomLike, max_actions: int = 500_000,
              on_action: Callable[[State], object] | None = None) -> int:
    """Play `state` to its end with one agent per seat; chance comes from the state's own RNG.

    When several seats may act, the one whose agent reports the highest `priority(state, seat)` (part of the
    `Agent` protocol) acts; ties go round the table, one action per seat, so a seat
    sees what the others did (markers, hints) before it acts again. Returns the number of actions
    applied; `on_action(state)` is called after each one.
    """
    from outlast.core import CHANCE

    cursor = 0
    n = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            order = sorted(movers, key=lambda x: (x - cursor) % 64)
            seat = order[0]
            if len(order) > 1:
                best = None
                for x in order:
                    p = float(agents[x].priority(state, x))
                    if best is None or p > best:
                        best, seat = p, x
            cursor = seat + 1
            state.apply(agents[seat].act(state, seat, rng))
        n += 1
        if on_action is not None:
            on_action(state)
        if n > max_actions:
            raise RuntimeError("the game did not end")
    return n

