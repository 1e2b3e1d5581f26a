"""Game-agnostic agents. Every agent implements `act(state, seat, rng) -> Action` and
`priority(state, seat) -> float`, and uses only the kernel contract.

`make_agent("random")`, `make_agent("heuristic")` (the game's own bot), `make_agent("ismcts:iters=500")`
(information-set MCTS, `outlast.agents.ismcts`) or any `make_agent("name:k=v,k=v")`.
"""

from __future__ import annotations

from typing import Any, Protocol

from outlast.core import Action, Game, OptionError, RandomLike, State
from outlast.core.game import GameDefinitionError


class Agent(Protocol):
    """Anything that picks an action for a seat, and says how urgently a seat wants to act.

    `act` picks one of `state.legal_actions(seat)`. `priority` matters when several seats may act at
    once (simultaneous phases): a driver (`outlast.sim.play.next_seat`, the ISMCTS tree) lets the seat
    whose agent gives the highest number act first, ties going round the table. An agent without a
    preference returns 0.0; a negative number asks to wait for the others.
    """

    name: str

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """The action `seat` plays now: one of `state.legal_actions(seat)`."""
        ...

    def priority(self, state: State, seat: int) -> float:
        """How urgently `seat` wants to act now when several seats may (higher acts first; 0.0: no preference)."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions: works for every game."""

    name = "random"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A uniformly random legal action for `seat`."""
        actions = state.legal_actions(seat)
        return actions[rng.randrange(len(actions))]

    def priority(self, state: State, seat: int) -> float:
        """No preference: a random player waits for no one and hurries no one (always 0.0)."""
        del state, seat
        return 0.0


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split `name:k=v,k=v` into the name and its parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise OptionError("bots", spec, "name or name:key=value,key=value")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def agent_names(game: Game) -> list[str]:
    """Agent names usable for `game`."""
    return ["random", "ismcts", *sorted(game.agents())]


def make_agent(spec: str, game: Game) -> Agent:
    """Build an agent from its spec; an unknown name raises `OptionError` listing the known ones."""
    name, params = parse_spec(spec)
    if name == "random":
        if params:
            raise OptionError("bots", spec, "random takes no parameters")
        return RandomAgent()
    if name == "ismcts":
        from .ismcts import ISMCTSAgent

        return ISMCTSAgent(game, **params)
    factories: dict[str, Any] = game.agents()
    if name not in factories:
        raise OptionError("bots", spec, ", ".join(agent_names(game)))
    agent: Agent = factories[name](**params)
    missing = [m for m in ("act", "priority") if not callable(getattr(agent, m, None))]
    if missing:
        raise GameDefinitionError(f"{game.name}'s bot {name!r} lacks the agent method {missing[0]}() "
                                  "(every agent has act(state, seat, rng) and priority(state, seat))")
    return agent


__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "parse_spec"]
