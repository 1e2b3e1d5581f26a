"""Game-agnostic agents. Every agent implements `act(state, seat, rng) -> Action` and uses only the kernel contract.

`make_agent("random")`, `make_agent("heuristic")` (the game's own bot), `make_agent("ismcts:iters=500")`
(information-set MCTS, `outlast.agents.ismcts`) or any `make_agent("name:k=v,k=v")`.
"""

from __future__ import annotations

from typing import Any, Protocol

from outlast.core import Action, Game, OptionError, RandomLike, State


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def act(self, state: State, seat: int, rng: RandomLike) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions: works for every game."""

    name = "random"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A uniformly random legal action for `seat`."""
        actions = state.legal_actions(seat)
        return actions[rng.randrange(len(actions))]


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
    return agent


__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "parse_spec"]
