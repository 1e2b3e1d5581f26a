"""Replay games in a fresh process and print their digests: `check_game`'s cross-process determinism check.

Reads `{"game": NAME, "runs": [{"options", "seed", "actions": [[seat, text], ...]}, ...]}` on stdin and
writes the list of final state digests as JSON on stdout.
"""

from __future__ import annotations

import json
import sys

from outlast.core import load_game, state_digest


def main() -> int:
    """Replay each run of the document on stdin; print the digests."""
    doc = json.load(sys.stdin)
    game = load_game(doc["game"])
    digests = []
    for run in doc["runs"]:
        state = game.new_game(seed=run["seed"], **run["options"])
        for seat, text in run["actions"]:
            state.apply(text, seat=seat)
        digests.append(state_digest(state))
    json.dump(digests, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
