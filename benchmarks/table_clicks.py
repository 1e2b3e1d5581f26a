"""Controls and clicks at the browser table: whole games played by touching the pieces, against the raw list.

    .venv/bin/python benchmarks/table_clicks.py                 # plays the three games, writes table_clicks.md
    .venv/bin/python benchmarks/table_clicks.py --figures F.json  # writes the report from figures already measured

Runs tests/server/test_browser_touch.py (Chromium, a real server): two people and a heuristic bot play Fuji and
Discover to the end and Robinson for 3 rounds, every move made by clicking board targets, dice, cards, seats and
the part picker (random picks, seeded), never the list of every move's text. At each decision the test records the
most controls the actions panel showed at once (board targets aside) and the clicks the move took; the reference
is the list of every move's text at the same decision, one button per legal action (one click, once its group is
open). The report goes to benchmarks/table_clicks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("fuji", "discover", "robinson")
SCOPE = {"fuji": "to the end", "discover": "to the end", "robinson": "3 rounds"}


def measure(out: Path) -> None:
    """Play the three games in the browser test, its figures written to `out`."""
    env = {**os.environ, "OUTLAST_TOUCH_FIGURES": str(out), "PYTHONPATH": str(ROOT / "src")}
    test = ROOT / "tests" / "server" / "test_browser_touch.py"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)], cwd=ROOT, env=env,
                   check=True)


def report(doc: dict[str, dict[str, object]]) -> str:
    """The markdown report of the figures."""
    lines = ["# Controls and clicks at the browser table", "",
             "Written by `benchmarks/table_clicks.py` from `tests/server/test_browser_touch.py`: two people (one",
             "at 1280 px, one at 390 px) and a heuristic bot at one table, every move made by touching the pieces",
             "(board targets, dice, cards, seats, the part picker; random picks), never the list of every move's",
             "text. *Raw list* is that list at the same decisions: one button per legal action.", "",
             "| game | played | decisions | clicks | of them on the board | clicks per decision | most controls at "
             "once (raw list) | controls per decision, mean (raw list) | decisions over 12 buttons in the raw list |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game in GAMES:
        f = doc.get(game)
        if not f:
            continue
        rows = [tuple(r) for r in f["per_decision"]]  # type: ignore[union-attr]
        decisions = int(f["decisions"])  # type: ignore[call-overload]
        clicks = int(f["clicks"])  # type: ignore[call-overload]
        mean_controls = statistics.fmean(r[1] for r in rows)
        mean_legal = statistics.fmean(r[0] for r in rows)
        over = sum(r[0] > 12 for r in rows)
        lines.append(f"| {game} | {SCOPE[game]} ({'over' if f['over'] else 'stopped'}, {f['seconds']} s) | "
                     f"{decisions} | {clicks} | {f['board_clicks']} | {clicks / decisions:.2f} | "
                     f"{f['most_controls']} ({f['most_legal']}) | {mean_controls:.1f} ({mean_legal:.1f}) | {over} |")
    lines += ["", "Controls are the buttons and lists the actions panel shows at once (Undo and Back included); the",
              "board's outlined pieces are not counted. Every decision was also checked in the page: the picks the",
              "client's walk of the parts allows are exactly the legal texts. The raw list takes one click a",
              "decision once its group is open, but a person must find that one button among the rest.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--figures", type=Path, help="a JSON file of figures already measured (skip the games)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "table_clicks.md")
    args = parser.parse_args(argv)
    path = args.figures
    if path is None:
        path = Path(tempfile.mkdtemp()) / "figures.json"
        measure(path)
    doc = json.loads(path.read_text())
    args.out.write_text(report(doc))
    print(report(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
