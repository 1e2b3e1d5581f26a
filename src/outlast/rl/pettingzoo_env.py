"""A PettingZoo AEC environment for every game that enumerates its actions (`outlast.rl.env`).

One agent per seat, named `seat_0`, `seat_1`, …. Each observation is a dict:

- `observation`: the game's numeric encoding of `observe(seat)` (`Game.encode`), float32 in [0, 1];
  it is built from that seat's own view, so nothing hidden leaks;
- `action_mask`: int8 over the fixed action table (`Game.action_texts`), 1 for each legal action of
  the agent to act now, all zeros for the others.

The action is an index into the table (`env.unwrapped.actions.texts[i]` is its text). Chance (dice,
draws) is resolved inside the environment by the game state's own seeded RNG, so `reset(seed=s)`
replays the same game for the same actions. When several seats may act at once (Fuji's planning
windows and rerolls) they are taken in `to_move()` order: the kernel promises their actions commute.

Rewards come only at the end, the same for every seat in a cooperative game: `win_reward` (+1) to each
seat that won, `loss_reward` (-1 by default; pass 0 for a 0/1 reward) to each seat that lost.
`max_steps` truncates an episode after that many agent actions (no limit by default). An index that
is not legal now raises `IllegalAction` naming the action.

>>> from outlast.rl import env
>>> e = env(game="fuji", players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from outlast.core import Action, IllegalAction, State, load_game

from .spaces import ActionTable, encode, observation_space, render_text, seat_count, settle


class OutlastAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The PettingZoo AEC environment of one game with fixed options (see the module doc)."""

    metadata: dict[str, Any] = {"name": "outlast_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "fuji", *, render_mode: str | None = None, max_steps: int | None = None,
                 win_reward: float = 1.0, loss_reward: float = -1.0, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: this environment renders 'ansi' or nothing")
        self.game = load_game(game)
        self.game_options = dict(options)
        probe = self.game.new_game(seed=0, **options)  # bad options fail here
        self.actions = ActionTable(self.game, self.game_options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.win_reward = float(win_reward)
        self.loss_reward = float(loss_reward)
        self.possible_agents = [f"seat_{i}" for i in range(seat_count(self.game, self.game_options))]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.game, probe, len(self.actions))
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.game_state: State = probe
        self._seeds = random.Random()
        self._legal: dict[int, Action] = {}
        self._steps = 0
        self.agents: list[str] = []

    # --- spaces ------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the protocol ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: `seed` fixes it (later seedless resets then follow from that seed).

        `options` is accepted for the PettingZoo signature and ignored: game options are fixed when the
        environment is made, since they size its spaces.
        """
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(1 << 31)
        self.game_state = self.game.new_game(seed=game_seed, **self.game_options)
        seat, self._legal = settle(self.game_state, self.actions)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.agent_selection = self.possible_agents[seat or 0]
        if self.game_state.is_over():  # pragma: no cover - no game ends before a first decision
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.seat_of[agent]
        acting = agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent))
        return {"observation": encode(self.game, self.game_state, seat),
                "action_mask": self.actions.mask(self._legal if acting else None)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act now; None is only for agents whose episode has ended")
        act = self._legal.get(int(action))
        if act is None:
            raise IllegalAction(self._why_illegal(int(action)))
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(act)
        self._steps += 1
        seat, self._legal = settle(self.game_state, self.actions)
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game_state.is_over():
            self._finish()
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public view as text when `render_mode="ansi"`."""
        if self.render_mode != "ansi":
            return None
        return render_text(self.game, self.game_state, None)

    def close(self) -> None:
        """Nothing to release."""

    # --- helpers ---------------------------------------------------------------------------------------
    def _why_illegal(self, index: int) -> str:
        seat = self.seat_of[self.agent_selection]
        if not 0 <= index < len(self.actions):
            return f"action {index} is outside the action table (0..{len(self.actions) - 1})"
        return (f"action {index} ({self.actions.texts[index]!r}) is not legal now for seat {seat}; "
                "use the action_mask")

    def _finish(self) -> None:
        out = self.game_state.outcome()
        for a in self.agents:
            won = out.seats[self.seat_of[a]].won
            self.rewards[a] = self.win_reward if won else self.loss_reward
            self.terminations[a] = True
            self.infos[a] = {"won": won, "score": out.seats[self.seat_of[a]].score}


def raw_env(game: str = "fuji", **kwargs: Any) -> OutlastAECEnv:
    """The bare environment (no PettingZoo wrappers)."""
    return OutlastAECEnv(game, **kwargs)


def env(game: str = "fuji", **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo recommends (order enforcing, action bounds checked).

    Keyword arguments are the environment's (`render_mode`, `max_steps`, `win_reward`, `loss_reward`)
    and the game's options (`players=3`, `level=2`, …).
    """
    e: Any = OutlastAECEnv(game, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
