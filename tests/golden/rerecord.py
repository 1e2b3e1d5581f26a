"""Re-record the fingerprints of Robinson Crusoe's Hunting draws in `corpus.jsonl.gz` (decision 0010).

A Hunt or Tracking that draws from the shuffled Hunting deck now lists every Beast card a seat could believe
it is (the Beast deck and the unseen Hunting cards), not the cards the deck holds, so the recorded hash of
its sorted chance outcome texts changes, and nothing else. This script replays every recorded game and
rewrites only such hashes, after checking, for each of them, that

- the step is a Robinson Hunting draw (`CH_HUNT` or `CH_TRACK`) whose recorded hash is that of the old
  outcomes (each card of the shuffled Hunting deck), and
- the recorded action text is the one the state's own generator draws (`sample_chance()`),

and, for every game, that every recorded action text is accepted in turn and the end and results are the
recorded ones. Any other difference stops it without writing. Run: `python tests/golden/rerecord.py`
(`--check` only reports).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import outlast
from outlast import CHANCE

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_golden import legal_hash  # noqa: E402  (the fingerprint is defined once, by the test)

CORPUS = Path(__file__).parent / "corpus.jsonl.gz"


def old_hunt_hash(state: Any) -> str | None:
    """The hash the 08d2674 engine recorded at a Robinson Hunting draw: the cards of the shuffled deck."""
    from outlast.games.robinson import state as st

    if state.game.name != "robinson" or state.to_move() != [CHANCE] or state.chance[0] not in (st.CH_HUNT,
                                                                                                 st.CH_TRACK):
        return None
    texts = sorted(f"draw {state.c.cards[i].id}" for i in state.deck_bag(st.Z_HUNT_DECK))
    return hashlib.sha1(f"{CHANCE}:{chr(10).join(texts)}".encode()).hexdigest()[:12]


def rerecord(rec: dict[str, Any]) -> list[int]:
    """The steps whose hash is rewritten in `rec` (in place); raises AssertionError on any other difference."""
    state = outlast.load_game(rec["game"]).new_game(seed=rec["seed"], **rec["options"])
    where = f"{rec['game']} seed {rec['seed']} {rec['options']} bots {rec['bots']}"
    changed = []
    for i, step in enumerate(rec["steps"]):
        seat, text, recorded = step
        now = legal_hash(state)
        if now != recorded:
            assert old_hunt_hash(state) == recorded, f"{where} step {i}: the legal actions differ before `{text}`"
            assert str(state.sample_chance()) == text, f"{where} step {i}: the seeded draw is not `{text}`"
            step[2] = now
            changed.append(i)
        state.apply(text, seat=seat)
    assert state.is_over() == rec["over"], f"{where}: is_over() is {state.is_over()}"
    if rec["over"]:
        result = [[bool(s.won), s.score] for s in state.outcome().seats]
        assert result == rec["result"], f"{where}: result {result}, recorded {rec['result']}"
    return changed


def main(argv: list[str]) -> int:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        games = [json.loads(line) for line in f]
    total = 0
    for rec in games:
        steps = rerecord(rec)
        if steps:
            total += 1
            print(f"{rec['game']} seed {rec['seed']} {rec['options']} bots {rec['bots']}: steps {steps}")
    print(f"{total} of {len(games)} games have Hunting draws re-recorded; every action text and result replays")
    if "--check" not in argv and total:
        with gzip.open(CORPUS, "wt", encoding="utf-8") as f:
            for rec in games:
                f.write(json.dumps(rec) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
