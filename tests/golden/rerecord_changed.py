"""Re-record the golden games a rule change alters, and keep every other game byte for byte (architecture §4).

A rule change (its own commit, with a rules-version bump) changes some recorded games. This script replays each
game of `corpus.jsonl.gz` with `test_golden.replay`:

- a game that replays identically keeps its line exactly as it was;
- a game that differs is recorded again by the project's recorder (`record_one` of `golden.py`, the file the
  corpus was first recorded with) with the same game, seed, options and bots. Before its line is replaced the
  script checks that the new record repeats the old one step for step (seat, action text and fingerprint)
  up to the step where the replay first differed, so the change starts where the rule does and not earlier,
  and that the new record replays identically.

It prints each changed game (game, seed, options, bots, the first step that differs) and how many changed.
Run from the project root: `python tests/golden/rerecord_changed.py [--recorder ../shared/golden/golden.py]
[--check]` (`--check` only reports).
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import outlast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_golden import replay  # noqa: E402  (one definition of "replays identically": the test's)

CORPUS = Path(__file__).parent / "corpus.jsonl.gz"
LIMIT = 20000
"""The recorder's step limit (its command line's default, with which the corpus was recorded)."""


def load_recorder(path: Path) -> ModuleType:
    """The recorder module (`golden.py`) at `path`."""
    spec = importlib.util.spec_from_file_location("golden_recorder", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"no recorder at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def first_difference(rec: dict[str, Any]) -> int:
    """The step where the replay of `rec` first differs (the number of steps when only the end differs)."""
    why = replay(rec)
    assert why is not None
    return int(why.split(":")[0].split()[1]) if why.startswith("step ") else len(rec["steps"])


def rerecorded(recorder: ModuleType, rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """`rec` recorded again with its seed, options and bots, checked against the old record up to where the
    replay first differs; and that step."""
    where = f"{rec['game']} seed {rec['seed']} {rec['options']} bots {rec['bots']}"
    at = first_difference(rec)
    game = outlast.load_game(rec["game"])
    new = recorder.record_one(game, rec["seed"], rec["bots"], rec["options"], LIMIT)
    assert new["steps"][:at] == rec["steps"][:at], f"{where}: the new record differs before step {at}"
    assert replay(new) is None, f"{where}: the new record does not replay"
    return new, at


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recorder", type=Path, default=Path("../shared/golden/golden.py"))
    parser.add_argument("--check", action="store_true", help="report only; write nothing")
    args = parser.parse_args(argv)
    recorder = load_recorder(args.recorder)
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    out = []
    changed = 0
    for line in lines:
        rec = json.loads(line)
        if replay(rec) is None:
            out.append(line)
            continue
        new, at = rerecorded(recorder, rec)
        changed += 1
        print(f"{rec['game']} seed {rec['seed']} {json.dumps(rec['options'])} bots {rec['bots']}: from step {at}")
        out.append(json.dumps(new) + "\n")
    print(f"{changed} of {len(lines)} games re-recorded; the other {len(lines) - changed} are kept byte for byte")
    if changed and not args.check:
        with gzip.open(CORPUS, "wt", encoding="utf-8") as f:
            f.writelines(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
