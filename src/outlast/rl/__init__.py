"""Learning environments for every game of the kernel contract (the optional `rl` extra).

- `outlast.rl.env(game="fuji", **options)`: a PettingZoo AEC environment, one agent per seat
  (`seat_0`, `seat_1`, …), with action masks;
- `outlast.rl.OutlastGymEnv(game="fuji", seat=0, bots="random", **options)`: a Gymnasium environment
  in which one seat learns and the other seats are bots (`make_agent` specs).

Both use the game's fixed action list (`Game.action_texts`) and numeric observation
(`Game.encode`); see `outlast.rl.spaces` and docs/rl.md. Install with `pip install 'outlast[rl]'`.
"""

from __future__ import annotations

try:
    from .gym_env import OutlastGymEnv
    from .pettingzoo_env import OutlastAECEnv, env, raw_env
    from .spaces import ActionTable
except ModuleNotFoundError as exc:  # pragma: no cover - depends on what is installed
    if exc.name not in ("numpy", "gymnasium", "pettingzoo"):
        raise
    from outlast.install import install_hint

    raise ModuleNotFoundError(
        f"outlast.rl needs {exc.name}: install the rl extra with {install_hint('rl')}", name=exc.name
    ) from exc

__all__ = ["ActionTable", "OutlastAECEnv", "OutlastGymEnv", "env", "raw_env"]
