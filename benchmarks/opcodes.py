"""Interpreter steps (bytecode instructions) per action of random playouts, by function: where a playout's work
is, counted exactly.

    .venv/bin/python benchmarks/opcodes.py --games discover:players=2,scenario=1 --playouts 30 --top 25
    .venv/bin/python benchmarks/opcodes.py --src /tmp/before/src --games robinson:players=2 --sort self

A sampling profiler guesses where time goes and cProfile inflates every small call; this counts every bytecode
instruction the interpreter runs (`sys.settrace` with `f_trace_opcodes`), so the same code gives the same figures
every time, whatever the machine's load, and a change that removes work shows as fewer steps in the functions it
touched. Each function is shown with the steps it ran itself (`self`), those of everything it called as well
(`with calls`) and its calls per action. The run builds the game and plays `--warm` games first (uncounted: every
per-copy table is built by then), then counts `--playouts` random playouts (the loop of `outlast bench`, seeds 0,
1, …). A step is not a fixed cost (an addition is cheaper than a call, and work done inside C, a sort or a set
operation, counts as one step), so compare versions by time or by `benchmarks/instructions.py`, and use this to
find where to look. Tracing makes the run about 20× slower than natively.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

SORTS = ("with-calls", "self")


def child(spec: str, playouts: int, warm: int, top: int, sort: str) -> int:
    """Build, warm up, count `playouts` random playouts under the tracer, print the table."""
    from outlast import load_game
    from outlast.cli.bench_command import parse_game_spec, random_playout

    name, options = parse_game_spec(spec)
    game = load_game(name)
    rng = random.Random(12345)
    for k in range(warm):
        random_playout(game.new_game(seed=10_000 + k, **options), rng)
    states = [game.new_game(seed=seed, **options) for seed in range(playouts)]
    own: Counter[CodeType] = Counter()
    inclusive: Counter[CodeType] = Counter()
    calls: Counter[CodeType] = Counter()
    steps = 0
    started: list[tuple[FrameType, int]] = []

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal steps
        if event == "opcode":
            steps += 1
            own[frame.f_code] += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            started.append((frame, steps))
        elif event == "return":
            while started:  # a frame left by an exception never returned: drop it on the way
                begun, at = started.pop()
                if begun is frame:
                    inclusive[frame.f_code] += steps - at
                    calls[frame.f_code] += 1
                    break
        return trace

    actions = 0
    sys.settrace(trace)
    try:
        for state in states:
            actions += random_playout(state, rng)[0]
    finally:
        sys.settrace(None)
    import outlast

    engine = Path(outlast.__file__).resolve().parent.parent  # the src directory counted

    def where(code: CodeType) -> str:
        path = Path(code.co_filename)
        for base in (engine, Path(sys.prefix)):
            if path.is_relative_to(base):
                path = path.relative_to(base)
                break
        return f"{code.co_name} ({path}:{code.co_firstlineno})"

    ranked = (inclusive if sort == "with-calls" else own).most_common(top)
    print(f"{spec}: {actions:,} actions, {steps / max(actions, 1):,.1f} interpreter steps per action")
    print()
    print("| function | steps per action, self | with calls | calls per action |")
    print("| --- | ---: | ---: | ---: |")
    for code, _ in ranked:
        print(f"| {where(code)} | {own[code] / actions:,.1f} | {inclusive[code] / actions:,.1f} "
              f"| {calls[code] / actions:.2f} |")
    print()
    return 0


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--child"]:
        return child(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src",
                        help="the src directory of the engine to count (default: this checkout's)")
    parser.add_argument("--games", nargs="+", default=["discover"], help="as `outlast bench --games`")
    parser.add_argument("--playouts", type=int, default=30, help="random games counted per game (default 30)")
    parser.add_argument("--warm", type=int, default=100,
                        help="uncounted games played first, so per-copy tables are built (default 100)")
    parser.add_argument("--top", type=int, default=30, help="functions listed per game (default 30)")
    parser.add_argument("--sort", choices=SORTS, default="with-calls",
                        help="rank by steps with everything called (default) or by the function's own")
    args = parser.parse_args(argv)
    if not (args.src / "outlast" / "__init__.py").is_file():
        parser.error(f"{args.src} is not a src directory holding the outlast package")
    if args.playouts < 1 or args.warm < 0 or args.top < 1:
        parser.error("--playouts and --top must be at least 1, --warm at least 0")
    from outlast import load_game
    from outlast.cli.bench_command import parse_game_spec
    from outlast.core import OutlastError

    for spec in args.games:  # a bad name or option is refused here, before any run
        try:
            name, options = parse_game_spec(spec)
            load_game(name).new_game(seed=0, **options)
        except (OutlastError, KeyError, ValueError) as exc:
            parser.error(f"{spec}: {exc}")
    for spec in args.games:  # each game in a process of its own, importing the engine at --src
        done = subprocess.run([sys.executable, __file__, "--child", spec, str(args.playouts), str(args.warm),
                               str(args.top), args.sort],
                              env={**os.environ, "PYTHONPATH": str(args.src.resolve())},
                              capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stderr[-2000:], file=sys.stderr)
            return 1
        print(done.stdout, end="", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
