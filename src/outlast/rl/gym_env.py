"""A Gymnasium single-agent environment: one seat learns, every other seat is a bot.

`OutlastGymEnv(game="fuji", seat=0, bots="random", **options)`. The observation and action spaces are
those of the PettingZoo environment (`outlast.rl.pettingzoo_env`): a dict of the numeric
`observation` and the `action_mask`, and an index into the game's fixed action table. `bots` is one
`make_agent` spec for every other seat (`random`, `heuristic`, `ismcts:iters=100`, …) or a list with one
spec per seat (the learner's entry is ignored). Between the learner's decisions the environment plays
the bots and resolves chance with the state's own RNG; simultaneous seats are taken in `to_move()`
order. `action_masks()` returns the current mask (the method MaskablePPO of sb3-contrib looks for).

The reward is `win_reward` (+1) or `loss_reward` (-1) at the end, 0 before. `reset(seed=s)` fixes the
game and the bots' choices, so the same seed and actions replay the same episode. An index that is not
legal now ends the episode as a loss (`illegal_action="lose"`, the default, with
`info["illegal_action"]` naming it) or raises `IllegalAction` (`illegal_action="raise"`); a learner
that follows the mask never meets either.
"""

from __future__ import annotations

from typing import Any, SupportsInt

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from outlast.agents import Agent, make_agent
from outlast.core import Action, IllegalAction, Rng, State, load_game

from .spaces import ActionTable, encode, observation_space, render_text, seat_count, settle

Obs = dict[str, Any]
"""`{"observation": float32 array, "action_mask": int8 array}`."""


class OutlastGymEnv(gym.Env[Obs, np.int64]):
    """One learning seat among bots (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "fuji", *, seat: int = 0, bots: str | list[str] = "random",
                 render_mode: str | None = None, max_steps: int | None = None, win_reward: float = 1.0,
                 loss_reward: float = -1.0, illegal_action: str = "lose", **options: Any) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: this environment renders 'ansi' or nothing")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: 'lose' or 'raise'")
        self.game = load_game(game)
        self.game_options = dict(options)
        probe = self.game.new_game(seed=0, **options)
        seats = seat_count(self.game, self.game_options)
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat}: a seat from 0 to {seats - 1}")
        specs = [bots] * seats if isinstance(bots, str) else list(bots)
        if len(specs) != seats:
            raise ValueError(f"bots: one spec, or one per seat ({seats}); got {len(specs)}")
        self.seat = seat
        self.bots: dict[int, Agent] = {s: make_agent(spec, self.game) for s, spec in enumerate(specs) if s != seat}
        self.actions = ActionTable(self.game, self.game_options)
        self.observation_space = observation_space(self.game, probe, len(self.actions))
        self.action_space = spaces.Discrete(len(self.actions))
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.win_reward = float(win_reward)
        self.loss_reward = float(loss_reward)
        self.illegal_action = illegal_action
        self.game_state: State = probe
        self._bot_rng = Rng(0)
        self._legal: dict[int, Action] = {}
        self._steps = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """A new game; its seed and the bots' randomness both come from the environment's `np_random`.

        `options` is ignored: game options are fixed when the environment is made.
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << 31))
        self._bot_rng = Rng(int(self.np_random.integers(1 << 31)))
        self.game_state = self.game.new_game(seed=game_seed, **self.game_options)
        self._steps = 0
        self._play_others()
        return self._obs(), {}

    def step(self, action: SupportsInt) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        index = int(action)
        act = self._legal.get(index)
        if act is None:
            text = self.actions.texts[index] if 0 <= index < len(self.actions) else f"index {index}"
            if self.illegal_action == "raise" or self.game_state.is_over():
                raise IllegalAction(f"action {index} ({text!r}) is not legal now for seat {self.seat}; "
                                    "use the action_mask")
            self._legal = {}
            return self._obs(), self.loss_reward, True, False, {"illegal_action": text}
        self.game_state.apply(act)
        self._steps += 1
        self._play_others()
        info: dict[str, Any] = {}
        if self.game_state.is_over():
            result = self.game_state.outcome().seats[self.seat]
            info = {"won": result.won, "score": result.score}
            return self._obs(), self.win_reward if result.won else self.loss_reward, True, False, info
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        return self._obs(), 0.0, False, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask now (a fresh array)."""
        return self.actions.mask(self._legal)

    def render(self) -> str | None:
        """The learner's view as text when `render_mode="ansi"`."""
        if self.render_mode != "ansi":
            return None
        return render_text(self.game, self.game_state, self.seat)

    # --- helpers -------------------------------------------------------------------------------------
    def _play_others(self) -> None:
        """Resolve chance and play the bots until the learner must act or the game ends."""
        state = self.game_state
        while True:
            seat, legal = settle(state, self.actions)
            if seat is None or seat == self.seat:
                self._legal = legal
                return
            state.apply(self.bots[seat].act(state, seat, self._bot_rng))

    def _obs(self) -> Obs:
        return {"observation": encode(self.game, self.game_state, self.seat), "action_mask": self.action_masks()}


def make(game: str = "fuji", **kwargs: Any) -> OutlastGymEnv:
    """`OutlastGymEnv(game, **kwargs)`."""
    return OutlastGymEnv(game, **kwargs)
