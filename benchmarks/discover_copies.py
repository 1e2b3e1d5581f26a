"""Generate and validate Discover copies for many seeds: copies per second and every failure (discover.md §17.24).

    PYTHONPATH=src python benchmarks/discover_copies.py --seeds 10000
"""

from __future__ import annotations

import argparse
import time

from outlast.games.discover.generator import generate_copy
from outlast.games.discover.validate import CopyInvalid, validate_copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10_000, help="seeds 0..N-1 (default 10000)")
    args = parser.parse_args()
    failures: list[tuple[int, str]] = []
    retried = 0
    start = time.perf_counter()
    for seed in range(args.seeds):
        try:
            made = generate_copy(seed)
            validate_copy(made)
        except CopyInvalid as exc:
            failures.append((seed, str(exc)))
            continue
        retried += dict(made.counts).get("attempts", 0) > 0
    elapsed = time.perf_counter() - start
    print(f"{args.seeds} seeds in {elapsed:.1f} s: {args.seeds / elapsed:.1f} copies/s (generate + validate, "
          f"validated twice); {retried} needed a retry; {len(failures)} failed")
    for seed, problem in failures:
        print(f"  seed {seed}: {problem}")


if __name__ == "__main__":
    main()
