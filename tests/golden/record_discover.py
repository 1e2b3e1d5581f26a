"""Record the Discover golden games (`discover.jsonl.gz`) in the format of the project's recorder (architecture §4).

Each line is one whole game: game, seed, options, bots, and for every step the acting seat, the action's canonical
text and the fingerprint of every seat's legal texts (`test_golden.legal_hash`), then whether it ended and each
seat's result. Chance comes from the state's own seeded RNG, bots from a generator seeded from the game seed, so
recording is deterministic and the replay (`test_golden.py`) needs no bot.

The matrix: several copies, scenarios 1, 2 and 5, every player count, random and heuristic bots. Run from the
project root after a rule change (with its rules-version bump): `python tests/golden/record_discover.py`.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_golden import legal_hash, result_of  # noqa: E402  (the replay's own fingerprint)

OUT = Path(__file__).parent / "discover.jsonl.gz"
LIMIT = 20_000
COPIES = (1, 2, 7, 42, 1234)
CONFIGS = ((1, "1"), (2, "1"), (3, "1"), (4, "1"), (1, "2"), (2, "2"), (3, "2"), (2, "5"), (3, "5"), (4, "5"))


def record_one(game: Any, seed: int, bots: str, options: dict[str, Any]) -> dict[str, Any]:
    state = game.new_game(seed=seed, **options)
    rng = random.Random(seed * 7919 + 1)
    agents: dict[int, Any] = {}
    steps: list[list[Any]] = []
    while not state.is_over() and len(steps) < LIMIT:
        movers = state.to_move()
        fingerprint = legal_hash(state)
        if movers[0] == CHANCE:
            act, seat = state.sample_chance(), CHANCE
        else:
            seat = movers[rng.randrange(len(movers))]
            if seat not in agents:
                agents[seat] = make_agent(bots, game)
            act = agents[seat].act(state, seat, rng)
        steps.append([seat, str(act), fingerprint])
        state.apply(act)
    return {"game": game.name, "seed": seed, "options": options, "bots": bots, "steps": steps,
            "over": state.is_over(), "result": result_of(state) if state.is_over() else None}


def main() -> int:
    game = outlast.load_game("discover")
    records = []
    for bots in ("random", "heuristic"):
        for k, (players, scenario) in enumerate(CONFIGS):
            for c, copy in enumerate(COPIES[:3] if bots == "heuristic" else COPIES):
                seed = 1000 * k + c + (500 if bots == "heuristic" else 0)
                records.append(record_one(game, seed, bots, {"players": players, "scenario": scenario, "copy": copy}))
    with gzip.open(OUT, "wt", encoding="utf-8") as out:
        for rec in records:
            out.write(json.dumps(rec) + "\n")
    print(f"{len(records)} games, {sum(len(r['steps']) for r in records)} steps -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
