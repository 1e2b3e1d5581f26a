"""Information-set Monte Carlo tree search for every game of the kernel contract (docs/ismcts.md).

`ISMCTSAgent` is single-observer ISMCTS (SO-ISMCTS; Cowling, Powley and Whitehouse 2012) seen from
the seat that must act. Every iteration

1. draws a *determinization*: `state.resample(seat, rng)`, a copy in which everything that seat cannot
   know (other screens, the draw pile) is drawn again, so the search never reads hidden information
   (the copy's event log is cut to the events that seat may read, too);
2. descends an *open-loop* tree keyed on the non-chance actions taken (action objects, which carry their
   seat). Chance points are not tree nodes: their outcomes are drawn from `chance_outcomes()` with the
   agent's rng. Forced actions (a single legal choice) pass through without a node. When several seats
   may act now, one of them acts (see "who acts" below): the kernel promises their actions commute.
   Children are chosen by UCB1 with availability counts: an action counts as available only in the
   determinizations where it is legal;
3. adds one node, then plays a rollout with the chosen policy (uniformly random, one of the game's own
   bots from `game.agents()` such as `heuristic`, or none), cut after `depth` decisions;
4. values the end: the outcome when the game is over (won = 1, plus `score` × the seat's score), else
   `game.evaluate(state, seat)`, a public-information estimate in [0, 1]; and backs it up, each node
   judged from the seat that chose it (in a cooperative game every seat shares one reward).

The move played is the root child visited most. With a *guide* bot and `prior` > 0, the guide's own
choice is the first child expanded at every node and carries `prior` virtual visits, so the search plays
it unless it finds another action clearly better (prior knowledge in the sense of Gelly and Silver 2007).

Who acts when several seats may: the seat asked at the root; deeper, the seat the guide bot ranks
first by its `priority(state, seat)` (an `Agent` method; Fuji's bot uses it for the movement order), else
a seat drawn with the agent's rng (always the lowest seat could loop for ever: a seat that may keep
changing its plan while it waits for the others, like a first player who confirms only after everyone
else is ready).

>>> import outlast
>>> from outlast.core import Rng
>>> game = outlast.load_game("fuji")
>>> state = game.new_game(seed=1, players=3)
>>> agent = ISMCTSAgent(game, iters="20", rollout="random", depth="10")
>>> while state.to_move() == [-1]:
...     state.apply(state.sample_chance())
>>> seat = state.to_move()[0]
>>> agent.act(state, seat, Rng(5)) in state.legal_actions(seat)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from outlast.agents import Agent
from outlast.core import CHANCE, Action, Game, OptionError, RandomLike, State

MAX_STEPS = 100_000
"""Actions applied in one iteration before the search gives up on a game that does not end."""

BUILTIN = ("random", "none")


class _Node:
    """One open-loop tree node: the statistics of the action sequence that leads to it."""

    __slots__ = ("avail", "bonus", "children", "guided", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action into this node (its rewards are judged from that seat)."""
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.bonus = 0
        """Virtual visits: `prior` when this is the guide bot's own choice, else 0."""
        self.guided: Action | None = None
        """The guide bot's choice here, if it was asked (it wins ties)."""


def _number(key: str, value: object, kind: type, low: float, high: float, allowed: str) -> Any:
    """Read a parameter given as text (from a spec) or as a number, and check its range."""
    if isinstance(value, bool):
        raise OptionError(f"ismcts:{key}", value, allowed)
    try:
        x = float(str(value)) if kind is float else int(value) if isinstance(value, int) else int(str(value).strip())
    except (TypeError, ValueError, OverflowError):
        raise OptionError(f"ismcts:{key}", value, allowed) from None
    if not low <= x <= high:  # also refuses nan
        raise OptionError(f"ismcts:{key}", value, allowed)
    return x


class ISMCTSAgent:
    """Single-observer information-set MCTS for any game (see the module doc and docs/ismcts.md).

    Parameters (text in a spec such as `ismcts:iters=500,rollout=heuristic,depth=20`, or numbers):
      iters    iterations per decision (default 200)
      time     seconds per decision; with `time` alone the budget is time only, with both the search
               stops at whichever comes first (a time budget makes the choice depend on the machine)
      c        UCB1 exploration constant (default 0.7; rewards lie in [0, 1])
      rollout  random (default), none (value a new node with `game.evaluate` at once), or the name of
               one of the game's bots (`heuristic`)
      depth    decisions a rollout plays before `game.evaluate` values the position (default none:
               play to the end)
      guide    a game bot whose choices seed the tree (`prior`) and whose `priority` picks who acts
               when several seats may (default: the rollout bot, if the rollout is a bot; else none)
      prior    virtual visits of the guide's own choice at every node (default 0)
      score    weight of the seat's final score added to a win (default 0: the reward is won or lost)

    Randomness comes only from the `rng` passed to `act`: the same state and the same rng give the same
    choice (with an iteration budget).
    """

    name = "ismcts"
    PARAMS = ("iters", "time", "c", "rollout", "depth", "guide", "prior", "score")

    def __init__(self, game: Game | None = None, **params: object) -> None:
        self.iters: int | None = 200
        self.time: float | None = None
        self.c = 0.7
        self.rollout = "random"
        self.depth: int | None = None
        self.guide: str | None = None
        self.prior = 0
        self.score = 0.0
        iters_given = guide_given = False
        for key, value in params.items():
            text = str(value).strip().lower()
            if key == "iters":
                self.iters = _number(key, value, int, 1, 10**9, "a whole number of iterations from 1")
                iters_given = True
            elif key == "time":
                self.time = _number(key, value, float, 1e-6, 86_400.0, "seconds, a number above 0")
            elif key == "c":
                self.c = _number(key, value, float, 0.0, 100.0, "a number from 0 to 100")
            elif key == "depth":
                self.depth = None if text in ("none", "end") else \
                    _number(key, value, int, 0, 10**9, "a whole number of decisions from 0, or none")
            elif key == "prior":
                self.prior = _number(key, value, int, 0, 10**6, "a whole number of visits from 0")
            elif key == "score":
                self.score = _number(key, value, float, 0.0, 1.0, "a number from 0 to 1")
            elif key == "rollout":
                if not text:
                    raise OptionError("ismcts:rollout", value, "random, none or a bot of the game (heuristic)")
                self.rollout = text
            elif key == "guide":
                if not text or text == "random":
                    raise OptionError("ismcts:guide", value, "none or a bot of the game (heuristic)")
                self.guide = None if text == "none" else text
                guide_given = True
            else:
                raise OptionError(f"ismcts:{key}", value, "parameters " + ", ".join(self.PARAMS))
        if self.time is not None and not iters_given:
            self.iters = None
        if not guide_given and self.rollout not in BUILTIN:
            self.guide = self.rollout
        if self.prior and self.guide is None:
            raise OptionError("ismcts:prior", self.prior, "0 without a guide bot (guide=heuristic, or a bot rollout)")
        self.game = game
        self.stop: Callable[[], bool] | None = None
        """Asked after each iteration when set: True ends the search early, with what it has found (a server
        asks a search to make way for another table's, server/bots.py)."""
        self._bots: dict[int, tuple[Agent | None, Agent | None]] = {}
        if game is not None:
            self._bots_for(game)  # an unknown bot name fails now, not in the middle of a game

    def __repr__(self) -> str:
        return (f"ISMCTSAgent(iters={self.iters}, time={self.time}, c={self.c}, rollout={self.rollout}, "
                f"depth={'none' if self.depth is None else self.depth}, guide={self.guide or 'none'}, "
                f"prior={self.prior}, score={self.score})")

    # --- the game's bots ---------------------------------------------------------------------------
    def _bots_for(self, game: Game) -> tuple[Agent | None, Agent | None]:
        """(rollout bot or None for random/none, guide bot or None) for `game`, built once per game."""
        key = id(game)
        hit = self._bots.get(key)
        if hit is not None:
            return hit
        factories = {k: v for k, v in game.agents().items() if k != self.name}
        made: dict[str, Any] = {}

        def bot(param: str, name: str | None) -> Any:
            if name is None or name in BUILTIN:
                return None
            if name not in factories:
                allowed = ", ".join([*(BUILTIN if param == "rollout" else ("none",)), *sorted(factories)])
                raise OptionError(f"ismcts:{param}", name, allowed)
            if name not in made:
                made[name] = factories[name]()
            return made[name]

        pair = (bot("rollout", self.rollout), bot("guide", self.guide))
        self._bots[key] = pair
        return pair

    def priority(self, state: State, seat: int) -> float:
        """How urgently `seat` wants to act when several seats may: the guide bot's view, else 0.

        Drivers that ask this (as Fuji's `play_game` does for the movement order) then order an ISMCTS
        team the way its search assumes.
        """
        guide = self._bots_for(self.game or state.game)[1]
        return float(guide.priority(state, seat)) if guide is not None else 0.0

    # --- the protocol ------------------------------------------------------------------------------
    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """The most visited legal action for `seat` after the search; a lone legal action at once."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, seat, rng)
        return self.best(root, legal, rng)

    def search(self, state: State, seat: int, rng: RandomLike) -> _Node:
        """Run the search for `seat` from `state` (left unchanged) and return the root node."""
        game = self.game or state.game
        rollout, guide = self._bots_for(game)
        root_legal = set(state.legal_actions(seat))
        # Determinize a copy whose log holds only what `seat` may read: a game's resample re-draws the
        # hidden state but may keep private log lines (another screen's rolls) that bots in the tree read.
        base = state.clone()
        base.events = state.visible_events(seat)
        root = _Node(seat)
        deadline = None if self.time is None else time.perf_counter() + self.time
        done = 0
        while self.iters is None or done < self.iters:
            s = base.resample(seat, rng)
            path = self._descend(s, seat, root, root_legal, guide, rng)
            if len(path) > 1 and self.rollout != "none":
                self._rollout(s, rollout, guide, rng)
            rewards: dict[int, float] = {}
            for n in path:
                r = rewards.get(n.seat)
                if r is None:
                    r = rewards[n.seat] = self._reward(game, s, n.seat)
                n.visits += 1
                n.value += r
            done += 1
            if deadline is not None and time.perf_counter() >= deadline or self.stop is not None and self.stop():
                break
        return root

    @staticmethod
    def best(root: _Node, legal: list[Action], rng: RandomLike | None = None) -> Action:
        """The legal action visited most, virtual visits included.

        Ties go to the guide's choice, then to the higher mean, then to a draw with `rng` (the first
        action without one): a fixed tie rule could walk a game round a loop of equal choices for ever.
        """
        best = [legal[0]]
        key = (-1, False, -1.0)
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            k = (child.visits + child.bonus, a == root.guided, child.value / child.visits if child.visits else 0.0)
            if k > key:
                key, best = k, [a]
            elif k == key:
                best.append(a)
        return best[rng.randrange(len(best))] if rng is not None and len(best) > 1 else best[0]

    # --- one iteration --------------------------------------------------------------------------------
    def _descend(self, s: State, seat: int, root: _Node, root_legal: set[Action], guide: Agent | None,
                 rng: RandomLike) -> list[_Node]:
        """Selection and expansion on determinization `s` (changed in place); returns the nodes visited.

        The path ends at the node just added, or earlier when the game ends inside the tree.
        """
        node = root
        path = [root]
        steps = 0
        while not s.is_over() and steps < MAX_STEPS:
            steps += 1
            movers = s.to_move()
            if movers[0] == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if node is root:
                actor = seat
                legal = [a for a in s.legal_actions(seat) if a in root_legal]
                if not legal:  # seat cannot act in this determinization: a resample that broke the contract
                    break
            else:
                actor = _actor(s, movers, guide, rng)
                legal = s.legal_actions(actor)
                if len(legal) == 1:
                    s.apply(legal[0])
                    continue
            untried = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                bonus = 0
                if self.prior and guide is not None and not node.children:  # a node's first expansion: the guide's own choice
                    a = guide.act(s, actor, rng)
                    if a in untried:
                        bonus = self.prior
                        node.guided = a
                if not bonus:
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = node.children[a] = _Node(a.seat)
                child.avail = 1
                child.bonus = bonus
                s.apply(a)
                path.append(child)
                break
            a = _select(node, legal, self.c)
            s.apply(a)
            node = node.children[a]
            path.append(node)
        return path

    def _rollout(self, s: State, bot: Agent | None, guide: Agent | None, rng: RandomLike) -> None:
        """Play `s` on with `bot` (None: uniformly random) for up to `depth` decisions or to the end."""
        decisions = steps = 0
        while not s.is_over() and steps < MAX_STEPS and (self.depth is None or decisions < self.depth):
            steps += 1
            movers = s.to_move()
            if movers[0] == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            actor = _actor(s, movers, guide, rng)
            legal = s.legal_actions(actor)
            if len(legal) == 1:
                s.apply(legal[0])
                continue
            decisions += 1
            s.apply(legal[rng.randrange(len(legal))] if bot is None else bot.act(s, actor, rng))

    def _reward(self, game: Game, s: State, seat: int) -> float:
        """Won = 1 (plus the score term), lost = 0; a position before the end is valued by the game."""
        if s.is_over():
            res = s.outcome().seats[seat]
            return (1.0 if res.won else 0.0) + self.score * res.score
        return game.evaluate(s, seat)


def _select(node: _Node, legal: list[Action], c: float) -> Action:
    """UCB1 over the legal children, each child's availability count standing in for the parent's visits.

    Virtual visits do not enter here (they only weigh in the final choice); ties go to the guide's choice.
    """
    best = node.guided if node.guided is not None and node.guided in legal else legal[0]
    ch = node.children[best]
    top = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
    for a in legal:
        ch = node.children[a]
        u = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
        if u > top:
            top, best = u, a
    return best


def _actor(s: State, movers: list[int], guide: Agent | None, rng: RandomLike) -> int:
    """Which of several seats that may act now acts in the search: the guide's first by priority, else a draw.

    Without a priority the seat is drawn with `rng`: always taking the lowest seat can loop for ever when that
    seat's actions never end its turn alone (it may re-plan while it waits for seats that never get to act).
    """
    if len(movers) == 1:
        return movers[0]
    if guide is None:
        return movers[rng.randrange(len(movers))]
    best = movers[0]
    top = -math.inf
    for x in movers:
        p = float(guide.priority(s, x))
        if p > top:
            top, best = p, x
    return best


__all__ = ["ISMCTSAgent"]
