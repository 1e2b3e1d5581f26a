"""The deep conformance run: `outlast.testing.check_game` for every game at a depth CI cannot afford.

    .venv/bin/python benchmarks/conformance_deep.py                   # every game, writes conformance.md
    .venv/bin/python benchmarks/conformance_deep.py --games robinson --seed 7 --depth 2

At depth 1 each game plays 2 games per configuration and policy (random, heuristic, always-first,
always-last), checks a position every 15 actions (up to 20 per game), and tries 30 bad inputs and
12 corrupted state documents at each, plus 20 corrupted save files per game: well over 10,000 bad
inputs and 1,000 corrupted documents per game. `--depth N` multiplies the games. Exit code 1 when a
game fails; the failures are listed in the report.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import outlast
from outlast.testing import check_game

DEEP = {"every": 15, "max_positions": 20, "inputs": 30, "documents": 12, "match_files": 20}


def main(argv: list[str] | None = None) -> int:
    """Run the deep check for the chosen games and write the report."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=outlast.list_games(), help="games to check (default: all)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the checked games and inputs")
    parser.add_argument("--depth", type=int, default=1, help="games per configuration and policy, in pairs")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "conformance.md",
                        help="the Markdown report (default: benchmarks/conformance.md)")
    args = parser.parse_args(argv)
    rows = []
    failed = False
    for name in args.games:
        report = check_game(name, games=2 * args.depth, seed=args.seed, strict=False, **DEEP)  # type: ignore[arg-type]
        print(report.summary(), flush=True)
        for f in report.failures[:50]:
            print("  -", f)
        failed |= bool(report.failures)
        rows.append(report)
    lines = [
        "# Deep conformance run",
        "",
        f"`python benchmarks/conformance_deep.py --seed {args.seed} --depth {args.depth}` on "
        f"{time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, one core.",
        "",
        "| game | configurations | games | actions | longest | positions | resamples | bad inputs | "
        "corrupted documents | corrupted save files | failures | seconds |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append(f"| {r.game} | {r.configurations} | {r.games} | {r.actions} | {r.longest} | {r.positions} | "
                     f"{r.resamples} | {r.bad_inputs} | {r.documents} | {r.match_files} | {len(r.failures)} | "
                     f"{r.seconds:.0f} |")
    for r in rows:
        if r.failures:
            lines += ["", f"## {r.game}: failures", "", *(f"- {f}" for f in r.failures[:100])]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args.out.with_suffix(".json").write_text(json.dumps([r.as_dict() for r in rows], indent=1) + "\n",
                                             encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
