"""Machine instructions per action (or per ISMCTS iteration), counted by Valgrind's callgrind: a speed figure that
the machine's load does not move.

    .venv/bin/python benchmarks/instructions.py --games discover:players=2,scenario=1 --playouts 20
    .venv/bin/python benchmarks/instructions.py --src /tmp/before/src --games discover --ismcts 8

Timings on a shared 2-core machine swing by 2× between runs minutes apart; an instruction count does not (with
`PYTHONHASHSEED=0`, two counts of the same code gave the same figure). Each figure runs the engine at `--src` twice under
callgrind, in a process of its own: once after building the game and playing a few warm-up games, once doing the
same and then `--playouts` random playouts (the loop of `outlast bench`, seeds 0, 1, …), and divides the
difference by the actions applied. With `--ismcts N` it times N searches of `ismcts:iters=50` over the bench's
mid-game states instead, per iteration. Instructions are not time (a cache miss costs more than an add), so
compare versions with this and confirm with `benchmarks/alternate.py`. Needs `valgrind` (Debian's package); runs
about 50× slower than natively.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

WARM_UP = 3
"""Games played before counting starts, in both runs: every per-copy table is built by then."""


def child(spec: str, playouts: int, searches: int) -> int:
    """Under callgrind: build, warm up, then do the counted work; print how many actions or iterations it was."""
    from outlast import load_game
    from outlast.cli.bench_command import mid_game_states, parse_game_spec, random_playout

    name, options = parse_game_spec(spec)
    game = load_game(name)
    rng = random.Random(12345)
    for k in range(WARM_UP):
        random_playout(game.new_game(seed=10_000 + k, **options), rng)
    if searches:
        from outlast.agents import make_agent
        from outlast.core import Rng

        states = mid_game_states(lambda seed: game.new_game(seed=seed, **options), 8)
        agent = make_agent("ismcts:iters=50", game)
        agent.act(states[0], states[0].to_move()[0], Rng(99))  # the search's own first-use tables
        for i in range(searches):
            state = states[i % len(states)]
            agent.act(state, state.to_move()[0], Rng(i))
        print(f"counted {searches * 50}")
        return 0
    rng = random.Random(12345)
    actions = 0
    for seed in range(playouts):
        actions += random_playout(game.new_game(seed=seed, **options), rng)[0]
    print(f"counted {actions}")
    return 0


def collected(src: Path, spec: str, playouts: int, searches: int) -> tuple[int, int]:
    """(instructions, actions or iterations) of one child run under callgrind."""
    env = dict(os.environ, PYTHONPATH=str(src.resolve()), PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           __file__, "--child", spec, str(playouts), str(searches)],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the run under callgrind failed:\n{done.stderr[-2000:]}")
    instructions = re.search(r"Collected : (\d+)", done.stderr)
    counted = re.search(r"^counted (\d+)$", done.stdout, re.MULTILINE)
    if instructions is None or counted is None:
        raise RuntimeError(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(instructions.group(1)), int(counted.group(1))


def per_unit(src: Path, spec: str, playouts: int, searches: int) -> tuple[float, int]:
    """Instructions per action (or per iteration) of the counted work, and how many there were."""
    base, _ = collected(src, spec, 0, 0)
    total, counted = collected(src, spec, playouts, searches)
    return (total - base) / max(counted, 1), counted


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--child"]:
        return child(argv[1], int(argv[2]), int(argv[3]))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src",
                        help="the src directory of the engine to count (default: this checkout's)")
    parser.add_argument("--games", nargs="+", default=["discover"], help="as `outlast bench --games`")
    parser.add_argument("--playouts", type=int, default=20, help="random games counted per figure (default 20)")
    parser.add_argument("--ismcts", type=int, default=0, metavar="N",
                        help="count N ISMCTS searches (50 iterations each) instead of playouts")
    args = parser.parse_args(argv)
    if not (args.src / "outlast" / "__init__.py").is_file():
        parser.error(f"{args.src} is not a src directory holding the outlast package")
    if args.playouts < 1 or args.ismcts < 0:
        parser.error("--playouts must be at least 1 and --ismcts at least 0")
    from outlast import load_game
    from outlast.cli.bench_command import parse_game_spec
    from outlast.core import OutlastError

    for spec in args.games:  # a bad name or option is refused here, before any run under callgrind
        try:
            name, options = parse_game_spec(spec)
            load_game(name).new_game(seed=0, **options)
        except (OutlastError, KeyError, ValueError) as exc:
            parser.error(f"{spec}: {exc}")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    unit = "iteration" if args.ismcts else "action"
    print(f"| engine | {unit}s counted | instructions per {unit} |")
    print("| --- | ---: | ---: |")
    for spec in args.games:
        figure, counted = per_unit(args.src, spec, args.playouts, args.ismcts)
        print(f"| {spec} | {counted:,} | {figure:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
