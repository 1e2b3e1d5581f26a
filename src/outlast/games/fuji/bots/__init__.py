"""Fuji heuristic bot (fuji.md; strategy notes in docs/bots.md).

`HeuristicAgent` plays to win as a team and obeys a human player's information limits (architecture §5):

* Every die face it reasons about comes from `state.observe(seat)`, where dice the seat may not see are
  marked hidden. Hidden dice are modelled by the die model of §17.1 (each face 1-6 equally likely, the
  colour fixed by the die type), conditioned on the qualitative hints teammates gave (§18).
* Besides that view it reads only public things: the board, lava and tokens, meeple positions and
  markers, stamina, injuries, face-up equipment, pending decisions and the public event log
  (hints, marks), plus static content (requirements, level table, die colours).
* It talks only through the hint actions (`hint threat`, `hint fit`, `hint intent help`).

Decisions are scored in "stamina units": one unit is one space on the stamina board. Dice effects that
are not modelled exactly are valued linearly in pips (`PIP` units per pip). Everything is deterministic
given the state and the seat; `rng` is not needed.
"""

from __future__ import annotations

from ..board import lava_times, village_distance
from .agent import HeuristicAgent, play_game
from .odds import escape_distance

__all__ = ["HeuristicAgent", "escape_distance", "lava_times", "play_game", "village_distance"]
