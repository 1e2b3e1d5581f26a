"""The speed suite: `outlast bench`, writing benchmarks/results.md by default.

    .venv/bin/python benchmarks/run.py                 # every game, the references, about 2 s each
    .venv/bin/python benchmarks/run.py --seconds 5 --games fuji fuji:players=4

Everything runs in this one process, pinned to one core where the OS allows it. See
`outlast.cli.bench_command` for what is measured and how.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from outlast.cli.bench_command import add_bench_arguments, cmd_bench


def main(argv: list[str] | None = None) -> int:
    """Parse the options of `outlast bench` and run it."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_bench_arguments(parser, out_default=Path(__file__).parent / "results.md")
    return cmd_bench(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
