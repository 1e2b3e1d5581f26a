"""Discover balance across copies: win rates by scenario and player count, and how far copies differ.

    .venv/bin/python benchmarks/discover_balance.py                  # writes docs/balance/discover.md (a few minutes)
    .venv/bin/python benchmarks/discover_balance.py --copies 5 --games 4 --ismcts-games 0 --out /tmp/b.md

Heuristic bots play every seat of `--games` games for each copy (seeds 1 … `--copies`) and each configuration
(scenarios 1 and 2 with 1–4 players, scenario 5 with 2–4). Then ISMCTS (`--ismcts` spec) plays seat 0 against
heuristic bots in 2-player games of scenarios 1 and 5, `--ismcts-games` per copy and scenario, and each of those deals is
played again with the heuristic bot in seat 0, for a paired comparison. Chance comes from each
game's seed; bots from a generator seeded by it, so a run is repeatable. Intervals are Wilson 95 %.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import outlast
from outlast.agents import make_agent
from outlast.core import CHANCE
from outlast.core.stats import wilson

CONFIGS = ((1, "1"), (2, "1"), (3, "1"), (4, "1"), (1, "2"), (2, "2"), (3, "2"), (4, "2"), (2, "5"), (3, "5"),
           (4, "5"))
DAY_LIMIT = 200
"""A game still going on after this many days is stopped and counted as unfinished (its seats did not win)."""


def play(job: tuple[int, int, str, int, str]) -> dict[str, Any]:
    """One game: (copy, players, scenario, seed, seat-0 bot spec); every other seat heuristic."""
    copy, players, scenario, seed, first = job
    game = outlast.load_game("discover")
    state = game.new_game(seed=seed, players=players, scenario=scenario, copy=copy)
    rng = random.Random(seed)
    agents = {s: make_agent(first if s == 0 else "heuristic", game) for s in range(players)}
    actions = 0
    while not state.is_over() and state.day <= DAY_LIMIT:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = movers[rng.randrange(len(movers))]
            state.apply(agents[seat].act(state, seat, rng), seat)
        actions += 1
    stage = state.copy.quests[state.quest].code if state.quest >= 0 else ""
    if not state.is_over():
        return {"copy": copy, "players": players, "scenario": scenario, "first": first, "days": state.day,
                "actions": actions, "won": [False] * players, "codes": ["unfinished"] * players, "stage": stage}
    seats = state.outcome().seats
    return {"copy": copy, "players": players, "scenario": scenario, "first": first, "days": state.day,
            "actions": actions, "won": [r.won for r in seats], "codes": [r.code for r in seats], "stage": stage}


def _rate(rows: list[dict[str, Any]], seat: int | None = None) -> tuple[int, int]:
    wins = sum(sum(r["won"]) if seat is None else int(r["won"][seat]) for r in rows)
    n = sum(len(r["won"]) if seat is None else 1 for r in rows)
    return wins, n


def _pct(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:.1%} ({low:.1%}–{high:.1%})" if n else "—"


def heuristic_table(rows: list[dict[str, Any]]) -> list[str]:
    out = ["| scenario | players | games | seat results | seat win rate (95% CI) | games with a winner | mean days |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    groups: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[(r["scenario"], r["players"])].append(r)
    for (scenario, players), group in sorted(groups.items()):
        wins, n = _rate(group)
        any_win = sum(1 for r in group if any(r["won"]))
        days = statistics.mean(r["days"] for r in group)
        out.append(f"| {scenario} | {players} | {len(group)} | {n} | {_pct(wins, n)} | {any_win / len(group):.1%} | "
                   f"{days:.1f} |")
    return out


def copy_spread(rows: list[dict[str, Any]]) -> list[str]:
    out = ["| scenario | copies | per-copy seat win rate: min | p25 | median | p75 | max | sd |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for scenario in ("1", "2", "5"):
        per: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            if r["scenario"] == scenario:
                per[r["copy"]].append(r)
        rates = sorted(_rate(g)[0] / _rate(g)[1] for g in per.values())
        if not rates:
            continue
        q = statistics.quantiles(rates, n=4, method="inclusive") if len(rates) > 1 else [rates[0]] * 3
        sd = statistics.pstdev(rates)
        out.append(f"| {scenario} | {len(rates)} | {rates[0]:.1%} | {q[0]:.1%} | {q[1]:.1%} | {q[2]:.1%} | "
                   f"{rates[-1]:.1%} | {sd:.1%} |")
    return out


def stage_table(rows: list[dict[str, Any]], scenario: str) -> list[str]:
    """Where the games of a quest scenario ended: the stage the quest was at when the game ended, by player count
    (a won game ends at its last stage)."""
    group = [r for r in rows if r["scenario"] == scenario]
    stages = sorted({r["stage"] for r in group})
    out = ["| players | games | " + " | ".join(f"ended at {st}" for st in stages) + " | games with a winner |",
           "| ---: | ---: | " + " | ".join("---:" for _ in stages) + " | ---: |"]
    for players in sorted({r["players"] for r in group}):
        mine = [r for r in group if r["players"] == players]
        cells = [f"{sum(1 for r in mine if r['stage'] == st) / len(mine):.0%}" for st in stages]
        won = sum(1 for r in mine if any(r["won"]))
        out.append(f"| {players} | {len(mine)} | " + " | ".join(cells) + f" | {won / len(mine):.0%} |")
    return out


def cause_table(rows: list[dict[str, Any]]) -> list[str]:
    """Every seat's result by its code (`game.result_codes`), per scenario."""
    codes = sorted({c for r in rows for c in r["codes"]})
    out = ["| scenario | seat results | " + " | ".join(codes) + " |",
           "| --- | ---: | " + " | ".join("---:" for _ in codes) + " |"]
    for scenario in ("1", "2", "5"):
        seats = [c for r in rows if r["scenario"] == scenario for c in r["codes"]]
        if seats:
            out.append(f"| {scenario} | {len(seats)} | " + " | ".join(f"{seats.count(c) / len(seats):.1%}"
                                                                       for c in codes) + " |")
    return out


def ismcts_table(rows: list[dict[str, Any]], spec: str) -> list[str]:
    """Seat 0 played by `spec`, then by the heuristic bot on the same deals (copy, seed), seat 1 heuristic."""
    if not rows:
        return ["Not measured in this run (`--ismcts-games 0`); docs/bots.md has the latest figures."]
    out = [f"| scenario | games | seat 0 `{spec}`: win rate (95% CI) | seat 0 heuristic, same deals | "
           "seat 1 heuristic beside the search |", "| --- | ---: | ---: | ---: | ---: |"]
    for scenario in ("1", "5"):
        searched = [r for r in rows if r["scenario"] == scenario and r["first"] == spec]
        plain = [r for r in rows if r["scenario"] == scenario and r["first"] == "heuristic"]
        if searched:
            out.append(f"| {scenario} | {len(searched)} | {_pct(*_rate(searched, 0))} | {_pct(*_rate(plain, 0))} | "
                       f"{_pct(*_rate(searched, 1))} |")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--copies", type=int, default=20)
    ap.add_argument("--games", type=int, default=25, help="heuristic games per copy and configuration")
    ap.add_argument("--ismcts", default="ismcts:iters=100,guide=heuristic,rollout=none,prior=3")
    ap.add_argument("--ismcts-games", type=int, default=1, help="ISMCTS games per copy and scenario (1 and 5)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("docs/balance/discover.md"))
    a = ap.parse_args()
    jobs = [(copy, p, s, copy * 100_000 + k * 100 + i, "heuristic") for copy in range(1, a.copies + 1)
            for i, (p, s) in enumerate(CONFIGS) for k in range(a.games)]
    searched = [(copy, 2, s, 9_000_000 + copy * 100 + k * 10 + int(s), first) for copy in range(1, a.copies + 1)
                for s in ("1", "5") for k in range(a.ismcts_games) for first in (a.ismcts, "heuristic")]
    start = time.perf_counter()
    with Pool(a.workers) as pool:
        rows = pool.map(play, jobs, chunksize=8)
        heuristic_seconds = time.perf_counter() - start
        searched_rows = pool.map(play, searched, chunksize=1)
    seconds = time.perf_counter() - start
    game = outlast.load_game("discover")
    lines = [
        "# Discover: balance across copies", "",
        f"Measured by `benchmarks/discover_balance.py` (rules {game.rules_version}): {len(rows):,} games of heuristic "
        f"bots over {a.copies} copies (seeds 1–{a.copies}) and {len(searched_rows) // 2} games with `{a.ismcts}` in "
        f"seat 0 (each also played with the heuristic bot in seat 0), "
        f"{seconds / 60:.1f} minutes on {a.workers} workers ({len(rows) / heuristic_seconds:.0f} heuristic games/s); "
        f"{sum(1 for r in rows + searched_rows if r['codes'][0] == 'unfinished')} games were still going after "
        f"{DAY_LIMIT} days and count as lost. "
        "A seat wins or loses alone (semi-cooperative); scenario 5 has one winner or none. Intervals are Wilson "
        "95 %; seat results of one game are not independent, so the pooled intervals are somewhat too narrow.", "",
        "## Heuristic bots, every seat", "", *heuristic_table(rows), "",
        "## How far copies differ", "",
        "Each copy's seat win rate over all its games of the scenario (every player count), then the spread over "
        "copies. This is what `outlast copy new --playtest N` measures for one copy, and what `--band` selects on.",
        "", *copy_spread(rows), "",
        "## ISMCTS against heuristic bots (2 players)", "", *ismcts_table(searched_rows, a.ismcts), "",
        "## Where the quest games ended", "",
        "The stage each game's quest was at when the game ended, by player count (a won game ends at its last "
        "stage; a lost one where the group fell).", "",
        "Scenario 1:", "", *stage_table(rows, "1"), "", "Scenario 2:", "", *stage_table(rows, "2"), "",
        "## How seats ended", "", *cause_table(rows), "",
        "## Reading it", "",
        "- A game still going after 200 days (a group that neither completes its quest nor falls) counts as lost "
        "for every seat (`unfinished`).",
        "- The reading of a run (what changed since the last, why a scenario is hard) is written by hand below "
        "these tables when the report is committed; the tables above are the measurement.", "",
    ]
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
