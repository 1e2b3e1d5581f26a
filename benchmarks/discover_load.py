"""Discover's position documents and new games: `load_state` of mid-game documents and `new_game` of a copy
already built (issue 25 §2), in milliseconds of process time, the best of `--rounds`.

    .venv/bin/python benchmarks/discover_load.py --rounds 15

The documents come from 6 random games of 3 players in scenario 2 (copies 1–3), one every 50 actions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import outlast
from outlast.core import CHANCE


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=15)
    a = ap.parse_args()
    game = outlast.load_game("discover")
    docs = []
    for k in range(6):
        state = game.new_game(seed=k, players=3, scenario="2", copy=1 + k % 3)
        rng = random.Random(k)
        for n in range(1, 301):
            if state.is_over():
                break
            movers = state.to_move()
            if movers == [CHANCE]:
                state.apply(state.sample_chance())
            else:
                state.apply(rng.choice(state.legal_actions(movers[0])), movers[0])
            if n % 50 == 0:
                docs.append(json.loads(json.dumps(state.to_json())))
    loads, news = [], []
    for _ in range(a.rounds):
        start = time.process_time()
        for doc in docs:
            game.load_state(doc)
        loads.append((time.process_time() - start) / len(docs))
        start = time.process_time()
        for k in range(50):
            game.new_game(seed=k, players=3, scenario="2", copy=1)
        news.append((time.process_time() - start) / 50)
    events = sum(len(d["events"]) for d in docs) / len(docs)
    print(f"load_state: {min(loads) * 1e3:.2f} ms (best of {a.rounds}; {len(docs)} documents, "
          f"{events:.0f} log lines each on average)")
    print(f"new_game of a built copy: {min(news) * 1e3:.2f} ms (best of {a.rounds})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
