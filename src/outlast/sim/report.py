"""Turn simulation results into a markdown report with Wilson intervals, and PNG plots.

`load_results(paths)` reads result sets (directories written by `outlast simulate`, or Parquet
files); `build_report` groups the games by any columns (options, `bots`) and writes win rates with
Wilson 95 % intervals, game-length and score distributions and the endings counted by result code,
each code shown with its meaning from `Game.result_codes`, then when and how games ended and each measure the
game declares (`Game.measures`) by ending; `charts` gives the plots as data and `write_plots` draws them with
matplotlib (Agg): the win rate by level × player count, game length and score split by `--x`, endings by
round and the measures.

What a win rate is depends on the game's kind (`Game.kind`): a cooperative game has a team result, so
the rate is games won by the team; a semi-cooperative or competitive game has none, so the rates are
per seat (seat results that won, pooled over the seats, and each seat's own).
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlast.core import UnknownGame, list_games, load_game
from outlast.core.game import Measure

from . import play
from .jobs import SimInputError
from .results import BASE_FIELDS, read_job, read_results
from .stats import wilson

STOPPED_KEY = "(stopped)"
"""How the report names the ending of a game stopped at the move limit (its seats have no code)."""


@dataclass
class Results:
    """Loaded rows, the columns that hold options, where they came from, and the games' declarations."""

    rows: list[dict[str, Any]]
    option_columns: list[str]
    sources: list[tuple[Path, dict[str, Any] | None]] = field(default_factory=list)
    kind: str = "cooperative"
    """The kind (`Game.kind`) of every game in the rows: a report covers one kind."""
    codes: dict[str, str] = field(default_factory=dict)
    """Every result code the rows' games declare, with its meaning (`Game.result_codes`), in declared order."""
    measures: dict[str, Measure] = field(default_factory=dict)
    """Every measure the rows' games declare (`Game.measures`): what tells their games apart beyond the result."""

    @property
    def cooperative(self) -> bool:
        """Whether the games have a team result (win rates are the team's, not per seat)."""
        return self.kind == "cooperative"

    def values(self, column: str) -> list[Any]:
        """The distinct values of a column, in natural order."""
        return sorted({r.get(column) for r in self.rows}, key=_natural)


def _natural(value: Any) -> tuple[int, Any]:
    if value is None:
        return (2, "")
    if isinstance(value, bool | int | float):
        return (0, float(value))
    text = str(value)
    return (0, float(text)) if re.fullmatch(r"-?\d+(\.\d+)?", text) else (1, text)


def load_results(paths: Sequence[Path | str]) -> Results:
    """Rows of every result set in `paths` (they may differ in options; missing columns read as None)."""
    base = {name for name, _ in BASE_FIELDS}
    rows: list[dict[str, Any]] = []
    options: list[str] = []
    sources: list[tuple[Path, dict[str, Any] | None]] = []
    for raw in paths:
        path = Path(raw)
        table = read_results(path)
        for name in table.column_names:
            if name not in base and name not in options:
                options.append(name)
        rows.extend(table.to_pylist())
        sources.append((path, read_job(path) if path.is_dir() else None))
    if not rows:
        raise SimInputError("RESULTS", "no games in " + ", ".join(map(str, paths)))
    kinds: dict[str, list[str]] = defaultdict(list)
    codes: dict[str, str] = {}
    measures: dict[str, Measure] = {}
    for name in sorted({r["game"] for r in rows}):
        try:
            game = load_game(name)
        except UnknownGame:
            raise SimInputError("RESULTS", f"results of game {name!r}, which this outlast does not have; "
                                f"its games are {', '.join(list_games())}") from None
        kinds[game.kind].append(name)
        for code, meaning in game.result_codes.items():
            codes.setdefault(code, meaning)
        for name, measure in game.measures.items():
            measures.setdefault(name, measure)
    if len(kinds) > 1:
        mixed = "; ".join(f"{', '.join(names)} {kind}" for kind, names in kinds.items())
        raise SimInputError("RESULTS", f"the results mix kinds of game ({mixed}): a cooperative game's win rate is "
                            "the team's and the others' are per seat; report each kind apart")
    return Results(rows, options, sources, next(iter(kinds)), codes, measures)


def resolve_keys(results: Results, keys: Sequence[str] | None) -> list[str]:
    """The grouping columns for `--by` (option names or column names); default: `bots` and every varying option."""
    columns = set(results.rows[0]) | set(results.option_columns)
    if keys is None:
        varying = [c for c in ["bots", *results.option_columns] if len(results.values(c)) > 1]
        return varying
    out = []
    for key in keys:
        name = key.strip().replace("-", "_")
        if not name:
            continue
        column = name if name in columns else f"option_{name}"
        if column not in columns:
            known = ", ".join(["bots", *results.option_columns])
            raise SimInputError("--by", f"--by {key!r}: no such option or column; choose from {known}")
        if any(isinstance(r.get(column), list | dict) for r in results.rows):
            raise SimInputError("--by", f"--by {key!r}: {column} holds a list per game (every seat's result), "
                                "not one value; group by an option, bots, ended or team_won")
        out.append(column)
    return out


def group(rows: Iterable[dict[str, Any]], keys: Sequence[str]) -> list[tuple[tuple[Any, ...], list[dict[str, Any]]]]:
    """Rows grouped by the values of `keys`, groups in natural order of their key values."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[tuple(r.get(k) for k in keys)].append(r)
    return sorted(groups.items(), key=lambda kv: tuple(_natural(v) for v in kv[0]))


# --- numbers -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class WinRate:
    """Wins out of games with the Wilson 95 % interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        """Wins over games (0 for no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of the rate."""
        return wilson(self.wins, self.games)


def team_win_rate(rows: Sequence[dict[str, Any]]) -> WinRate:
    """Games of a cooperative game that the team won (`team_won`), out of the games in `rows`."""
    return WinRate(sum(1 for r in rows if r["team_won"]), len(rows))


def seat_win_rate(rows: Sequence[dict[str, Any]], seat: int | None = None) -> WinRate:
    """Seat results that won, out of the seat results in `rows`: every seat's (None) or seat `seat`'s alone.

    Games without that seat (fewer players) are left out. Pooled over the seats, the results of one
    game are not independent, so the Wilson interval of the pooled rate is somewhat too narrow.
    """
    wins = total = 0
    for r in rows:
        results = r["seats"] if seat is None else r["seats"][seat:seat + 1]
        total += len(results)
        wins += sum(1 for x in results if x["won"])
    return WinRate(wins, total)


def win_rate(rows: Sequence[dict[str, Any]], cooperative: bool) -> WinRate:
    """The win rate a report shows: the team's for a cooperative game, else the pooled seat win rate."""
    return team_win_rate(rows) if cooperative else seat_win_rate(rows)


def rate_name(cooperative: bool) -> str:
    """What the win rate counts: `team win rate` or `seat win rate`."""
    return "team win rate" if cooperative else "seat win rate"


def ending(row: dict[str, Any]) -> str:
    """A game's ending: its seats' result code when they agree, else the codes joined by ` + `.

    A game stopped at the move limit (`ended` false) is `STOPPED_KEY`.
    """
    if not row["ended"]:
        return STOPPED_KEY
    return " + ".join(dict.fromkeys(x["code"] for x in row["seats"]))  # each code once, in seat order


def seat_endings(row: dict[str, Any]) -> list[str]:
    """Each seat's ending: its result code, or `STOPPED_KEY` for every seat of a stopped game."""
    return [x["code"] if row["ended"] else STOPPED_KEY for x in row["seats"]]


def won_scores(row: dict[str, Any], cooperative: bool) -> list[float]:
    """The scores the report describes: a cooperative game's team score (the mean of its seats' scores)
    when the team won, else every seat's score, won or lost."""
    scores = [x["score"] for x in row["seats"]]
    if cooperative:
        return [statistics.fmean(scores)] if row["team_won"] and scores else []
    return [float(x) for x in scores]


def describe(values: Sequence[float]) -> dict[str, float] | None:
    """Mean, standard deviation, min, 10th percentile, median, 90th percentile and max (None if empty)."""
    if not values:
        return None
    data = sorted(values)

    def q(p: float) -> float:
        # the nearest-rank percentile: always a value that occurred
        return data[min(len(data) - 1, max(0, math.ceil(p * len(data)) - 1))]

    return {"mean": statistics.fmean(data), "sd": statistics.pstdev(data) if len(data) > 1 else 0.0,
            "min": data[0], "p10": q(0.10), "median": q(0.5), "p90": q(0.90), "max": data[-1]}


def length_of(row: dict[str, Any]) -> int:
    """A game's length: its rounds when the game reports them, else its number of actions."""
    rounds = row.get("rounds")
    return int(rounds) if rounds is not None else int(row["actions"])


def length_name(rows: Sequence[dict[str, Any]]) -> str:
    """What a game's length counts: `rounds`, or `actions` for games that do not report rounds."""
    return "rounds" if any(r.get("rounds") is not None for r in rows) else "actions"


def measures_of(row: dict[str, Any]) -> dict[str, Any]:
    """The measures the game recorded for this row (`Game.record`); empty for a row without (older results)."""
    text = row.get("measures")
    return dict(json.loads(text)) if text else {}


Pairs = Callable[[dict[str, Any]], list[tuple[str, int]]]
"""What a row gives a table or plot by ending: (ending, value) pairs, one a game or one a seat."""


def length_by_ending(row: dict[str, Any]) -> list[tuple[str, int]]:
    """A game's ending and its length: when (in rounds) the team won or lost and how."""
    return [(ending(row), length_of(row))]


def measure_by_ending(name: str, measure: Measure) -> Pairs:
    """The pairs of a `game` measure (with the game's ending) or a `seat` measure (each seat's, with its code)."""
    def pairs(row: dict[str, Any]) -> list[tuple[str, int]]:
        value = measures_of(row).get(name)
        if value is None:
            return []
        if measure.shape == "seat":
            return list(zip(seat_endings(row), value, strict=True))
        return [(ending(row), int(value))]
    return pairs


def score_tells_more(results: Results) -> bool:
    """Whether the score says more than the result: false when every won game of a cooperative game scores the
    same, or when every seat's score follows from whether it won (1 for a win, 0 for a loss, say)."""
    if results.cooperative:
        return len({v for r in results.rows for v in won_scores(r, True)}) > 1
    by_result: dict[bool, set[int]] = defaultdict(set)
    for r in results.rows:
        for seat in r["seats"]:
            by_result[seat["won"]].add(seat["score"])
    return any(len(scores) > 1 for scores in by_result.values())


def ending_order(results: Results, endings: Iterable[str]) -> list[str]:
    """Endings in the order the game declares its codes; others (joined codes, stopped games) after them."""
    seen = set(endings)
    return [c for c in results.codes if c in seen] + sorted(seen - set(results.codes))


# --- markdown ------------------------------------------------------------------------------------------
def pct(x: float) -> str:
    """A proportion as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def ci_text(w: WinRate) -> str:
    """The Wilson interval as `lo–hi%`."""
    lo, hi = w.interval
    return f"{100 * lo:.1f}–{100 * hi:.1f}%"


def num(x: float) -> str:
    """A number with at most two decimals, trailing zeros dropped."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]], right: Sequence[bool] | None = None) -> str:
    """A GitHub markdown table."""
    right = right or [False] * len(header)
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(" ---: " if r else " --- " for r in right) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |")
    return "\n".join(lines)


def label(key: str) -> str:
    """A column's heading: option columns lose their `option_` prefix."""
    return key.removeprefix("option_")


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value).lower()
    return "(none)" if value == "" else str(value)


@dataclass
class ReportInput:
    """What `build_report` needs besides the rows."""

    by: list[str]
    x: str | None = None
    title: str = "Simulation report"
    notes: str = ""
    report_command: str = ""
    plots: dict[str, str] = field(default_factory=dict)
    """Plot name → link (relative to the report)."""


def series_keys(by: Sequence[str], x: str | None) -> list[str]:
    """The grouping keys that tell series apart in plots and pivots: all but `x` and `bots`."""
    return [k for k in by if k not in (x, "bots")]


def _series_label(keys: Sequence[str], values: Sequence[Any]) -> str:
    return ", ".join(f"{label(k)} {_shown(v)}" for k, v in zip(keys, values, strict=True)) or "all"


def build_report(results: Results, spec: ReportInput) -> str:
    """The markdown report."""
    rows = results.rows
    by = spec.by
    out: list[str] = [f"# {spec.title}", ""]
    bots = results.values("bots")
    total_s = sum(r["duration_s"] for r in rows)
    spent = f"{total_s / 3600:.1f} hours" if total_s >= 3600 else f"{total_s / 60:.1f} minutes"
    versions = sorted({f"rules {doc['rules_version']}" for _, doc in results.sources
                       if doc and doc.get("rules_version")})
    out.append(f"{len(rows):,} games of {', '.join(map(str, results.values('game')))}"
               f"{' (' + ', '.join(versions) + ')' if versions else ''}, played by "
               f"{', '.join(f'`{b}`' for b in bots)} bots; grouped by {', '.join(map(label, by)) or 'nothing'}. "
               f"Intervals are Wilson score intervals at 95 %. The games took {spent} of worker time.")
    out.append("")
    commands = [doc["command"] for _, doc in results.sources if doc and doc.get("command")]
    if commands or spec.report_command:
        out += ["## How to regenerate", "",
                "Run from the same folder (result directories are large and usually not committed):", "", "```sh", *commands, *([spec.report_command] if spec.report_command else []),
                "```", ""]
    if spec.notes.strip():
        out += [spec.notes.strip(), ""]

    groups = group(rows, by)
    coop = results.cooperative
    out += _win_rates(results, groups, by)
    # the sections after the win rates split by --x too, as the plots do, so no two levels share a row
    split = [*by, spec.x] if spec.x and spec.x not in by else by
    if spec.x:
        out += _pivot(rows, by, spec.x, coop)
    if "winrate" in spec.plots:
        out += [f"![win rate by {label(spec.x or 'group')}]({spec.plots['winrate']})", ""]

    out += ["## Game length", "",
            "Rounds played (the number of actions for a game that does not count rounds), won and lost games together.",
            ""]
    out += [_stats_table(group(rows, split), split, lambda r: [length_of(r)]), ""]
    if "length" in spec.plots:
        out += [f"![game length]({spec.plots['length']})", ""]

    out += _score(results, group(rows, split), split, spec)
    out += _endings(results, split)
    out += _by_ending(results, split, spec)
    out += _speed(rows)
    return "\n".join(out).rstrip() + "\n"


def _score_name(cooperative: bool) -> str:
    return "team score of won games" if cooperative else "score of every seat"


def _score(results: Results, groups: list[tuple[tuple[Any, ...], list[dict[str, Any]]]], by: list[str],
           spec: ReportInput) -> list[str]:
    """The score section: its distribution, or why it is left out when it only repeats the result."""
    coop = results.cooperative
    if not score_tells_more(results):
        if coop:
            scores = sorted({v for r in results.rows for v in won_scores(r, True)})
            said = (f"Every game the team won scored {num(scores[0])}: the score tells no more than the win rate, "
                    "so it has no table or plot here" if scores else "The team won no game, so there is no score")
            return ["## Score", "", f"{said}; the endings and measures below tell the games apart.", ""]
        pairs = sorted({(seat["won"], seat["score"]) for r in results.rows for seat in r["seats"]}, reverse=True)
        said = " and ".join(f"{'a win' if won else 'a loss'} scores {score}" for won, score in pairs)
        return ["## Score", "", f"A seat's score follows from its result ({said}): it repeats the seat win rates, "
                "so it has no table or plot here; the endings and measures below tell the seats apart.", ""]
    out = ["## Score", "", "The team's score in games it won (the mean of its seats' scores)." if coop
           else "Every seat's score, won or lost.", ""]
    out += [_stats_table(groups, by, lambda r: won_scores(r, coop), "games" if coop else "seat results"), ""]
    if "score" in spec.plots:
        out += [f"![{_score_name(coop)}]({spec.plots['score']})", ""]
    return out


def _by_ending(results: Results, by: list[str], spec: ReportInput) -> list[str]:
    """When and how games ended (a cooperative game's length by its ending), then each measure the game
    declares, by ending: a table per subject, grouped by `by`, and its plot when drawn."""
    rows, coop = results.rows, results.cooperative
    out: list[str] = []
    subjects: list[tuple[str, str, str, Pairs, str]] = []
    if coop:
        unit = length_name(rows)
        subjects.append(("endings", f"{unit[0].upper() + unit[1:]} by ending",
                         f"When the games ended ({unit} played), by how they ended.", length_by_ending, "games"))
    for name, measure in results.measures.items():
        if measure.shape == "round":
            continue
        whose = ("each seat's, by the seat's result code" if measure.shape == "seat"
                 else "by how the game ended")
        subjects.append((f"measure-{name}", _capital(measure.label), f"Measure `{name}`, {whose}.",
                         measure_by_ending(name, measure), "seat results" if measure.shape == "seat" else "games"))
    for plot, title, words, pairs, counted in subjects:
        if not any(pairs(r) for r in rows):
            continue
        out += [f"## {title}", "", words, ""]
        header = [*map(label, by), "ending", counted, "mean", "min", "p10", "median", "p90", "max"]
        table = []
        for key, grows in group(rows, by):
            values: dict[str, list[int]] = defaultdict(list)
            for r in grows:
                for end, value in pairs(r):
                    values[end].append(value)
            for end in ending_order(results, values):
                d = describe(values[end])
                assert d is not None
                table.append([*map(_shown, key), f"`{end}`", f"{len(values[end]):,}",
                              *(num(d[k]) for k in ("mean", "min", "p10", "median", "p90", "max"))])
        out += [md_table(header, table, [False] * (len(by) + 1) + [True] * 7), ""]
        if plot in spec.plots:
            out += [f"![{title.lower()}]({spec.plots[plot]})", ""]
    for name, measure in results.measures.items():
        if measure.shape == "round":
            out += _round_table(results, by, name, measure, spec)
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _games(n: int) -> str:
    return f"{n:,} game" + ("" if n == 1 else "s")


def round_means(rows: Iterable[dict[str, Any]], name: str) -> dict[str, list[float]]:
    """A round measure's mean at the end of each round, by the games' endings, over the games still going then."""
    runs: dict[str, list[list[int]]] = defaultdict(list)
    for r in rows:
        values = measures_of(r).get(name)
        if values:
            runs[ending(r)].append(values)
    return {end: [statistics.fmean(v[i] for v in games if len(v) > i) for i in range(max(map(len, games)))]
            for end, games in runs.items()}


def _round_table(results: Results, by: list[str], name: str, measure: Measure, spec: ReportInput) -> list[str]:
    """A round measure: its mean at the end of each round by ending, per group, with its plot when drawn."""
    groups = [(key, round_means(grows, name)) for key, grows in group(results.rows, by)]
    longest = max((len(m) for _, means in groups for m in means.values()), default=0)
    if not longest:
        return []
    out = [f"## {_capital(measure.label)}", "",
           f"Measure `{name}`: its mean at the end of each round, by how the game ended, over the games still "
           "going in that round.", ""]
    header = [*map(label, by), "ending", "games", *(f"round {i}" for i in range(1, longest + 1))]
    table = []
    for key, means in groups:
        counts = Counter(ending(r) for r in results.rows if tuple(r.get(k) for k in by) == key
                         and measures_of(r).get(name))
        for end in ending_order(results, means):
            table.append([*map(_shown, key), f"`{end}`", f"{counts[end]:,}",
                          *(f"{means[end][i]:.1f}" if i < len(means[end]) else "—" for i in range(longest))])
    out += [md_table(header, table, [False] * (len(by) + 1) + [True] * (longest + 1)), ""]
    plot = f"measure-{name}"
    if plot in spec.plots:
        out += [f"![{measure.label}]({spec.plots[plot]})", ""]
    return out


def _win_rates(results: Results, groups: list[tuple[tuple[Any, ...], list[dict[str, Any]]]],
               by: list[str]) -> list[str]:
    """The win-rate table: the team's for a cooperative game; per seat (pooled and each seat's) otherwise."""
    if results.cooperative:
        out = ["## Win rates", "", "The games are cooperative: the seats win or lose together, as a team.", ""]
        header = [*map(label, by), "games", "wins", "win rate", "95% CI", "mean rounds", "mean score (won)"]
        table = []
        for key, grows in groups:
            w = team_win_rate(grows)
            scores = [v for r in grows for v in won_scores(r, True)]
            table.append([*map(_shown, key), f"{w.games:,}", f"{w.wins:,}", pct(w.rate), ci_text(w),
                          num(statistics.fmean(length_of(r) for r in grows)),
                          num(statistics.fmean(scores)) if scores else "—"])
        return out + [md_table(header, table, [False] * len(by) + [True] * 6), ""]
    seats = max(len(r["seats"]) for r in results.rows)
    out = ["## Win rates per seat", "",
           f"The games are {results.kind}: each seat wins or loses on its own, so there is no team result. "
           "A seat win rate counts the seat results that won, pooled over every seat (the seats of one game "
           "are not independent, so its interval is somewhat too narrow); then each seat's own rate "
           "(95% interval), and the mean number of seats that won a game.", ""]
    header = [*map(label, by), "games", "seat results", "seat wins", "seat win rate", "95% CI",
              *(f"seat {k}" for k in range(seats)), "mean winners", "mean rounds"]
    table = []
    for key, grows in groups:
        w = seat_win_rate(grows)
        per_seat = [seat_win_rate(grows, k) for k in range(seats)]
        table.append([*map(_shown, key), f"{len(grows):,}", f"{w.games:,}", f"{w.wins:,}", pct(w.rate), ci_text(w),
                      *(f"{pct(s.rate)} ({ci_text(s)})" if s.games else "—" for s in per_seat),
                      num(statistics.fmean(sum(x["won"] for x in r["seats"]) for r in grows)),
                      num(statistics.fmean(length_of(r) for r in grows))])
    return out + [md_table(header, table, [False] * len(by) + [True] * (len(header) - len(by))), ""]


def _pivot(rows: list[dict[str, Any]], by: list[str], x: str, cooperative: bool) -> list[str]:
    keys = series_keys(by, x)
    xs = sorted({r.get(x) for r in rows}, key=_natural)
    what = rate_name(cooperative)
    out = [f"## {what[0].upper() + what[1:]} by {label(x)}" + (f" × {', '.join(map(label, keys))}" if keys else ""),
           "", f"Each cell: {what} (95% interval), {'games' if cooperative else 'seat results'}.", ""]
    facet_keys = ["bots"] if "bots" in by else []
    for facet, frows in group(rows, facet_keys):
        if facet_keys:
            out += [f"**{facet[0]}**", ""]
        table = []
        for skey, srows in group(frows, keys):
            cells: dict[Any, list[dict[str, Any]]] = defaultdict(list)
            for r in srows:
                cells[r.get(x)].append(r)
            line = [_series_label(keys, skey)]
            for xv in xs:
                w = win_rate(cells.get(xv, []), cooperative)
                line.append(f"{pct(w.rate)} ({ci_text(w)}), {w.games:,}" if w.games else "—")
            table.append(line)
        out += [md_table(["", *(f"{label(x)} {_shown(v)}" for v in xs)], table, [False] + [True] * len(xs)), ""]
    return out


def _stats_table(groups: list[tuple[tuple[Any, ...], list[dict[str, Any]]]], by: list[str],
                 values_of: Callable[[dict[str, Any]], list[float]], counted: str = "games") -> str:
    """Distribution of the values each row gives (`values_of`: none, one or several a row), per group;
    `counted` names what the values are counted in (games, seat results)."""
    header = [*map(label, by), counted, "mean", "sd", "min", "p10", "median", "p90", "max"]
    table = []
    for key, grows in groups:
        values = [v for r in grows for v in values_of(r)]
        d = describe(values)
        if d is None:
            table.append([*map(_shown, key), "0", *["—"] * 7])
            continue
        table.append([*map(_shown, key), f"{len(values):,}", *(num(d[s]) for s in
                                                            ("mean", "sd", "min", "p10", "median", "p90", "max"))])
    return md_table(header, table, [False] * len(by) + [True] * 8)


def _endings(results: Results, by: list[str]) -> list[str]:
    """How the games ended, counted by result code per group, with each code's meaning below the table.

    A cooperative game counts once, by its ending (`ending`); otherwise every seat result counts
    (`seat_endings`). Codes come in the order the game declares them; codes the game no longer
    declares and `STOPPED_KEY` follow.
    """
    rows = results.rows
    coop = results.cooperative
    endings_of: Callable[[dict[str, Any]], list[str]] = (lambda r: [ending(r)]) if coop else seat_endings
    what = "games" if coop else "seat results"
    counts = Counter(e for r in rows for e in endings_of(r))
    keys = [c for c in results.codes if c in counts] + sorted(k for k in counts if k not in results.codes)
    out = ["## Endings", "",
           f"How the {what} ended, by result code: how many {what} of the group ended so, and their share. "
           "What each code means is listed below the table.", ""]
    header = [*map(label, by), what, *(f"`{k}`" for k in keys)]
    table = []
    for key, grows in group(rows, by):
        group_counts = Counter(e for r in grows for e in endings_of(r))
        total = sum(group_counts.values())
        table.append([*map(_shown, key), f"{total:,}",
                      *(f"{group_counts.get(k, 0):,} ({pct(group_counts.get(k, 0) / total)})" if total else "—"
                        for k in keys)])
    out += [md_table(header, table, [False] * len(by) + [True] * (len(header) - len(by))), ""]
    for k in keys:
        if k in results.codes:
            meaning = results.codes[k]
        elif k == STOPPED_KEY:
            meaning = f"no end after the simulator's move limit ({play.MOVE_LIMIT:,} actions); every seat counted as lost"
        elif " + " in k:
            meaning = "the seats ended with different codes"
        else:
            meaning = "a code the game does not declare now (results of another rules version)"
        out.append(f"- `{k}`: {meaning}")
    return out + [""]


def _speed(rows: list[dict[str, Any]]) -> list[str]:
    out = ["## Speed", "", "Seconds of one worker per game (wall time inside the worker) by bots.", ""]
    table = []
    for (bots,), grows in group(rows, ["bots"]):
        durations = [r["duration_s"] for r in grows]
        mean = statistics.fmean(durations)
        table.append([bots, f"{len(grows):,}", f"{mean * 1000:.1f} ms", f"{1 / mean:.1f}" if mean else "—"])
    return out + [md_table(["bots", "games", "mean time per game", "games/s per worker"], table,
                           [False, True, True, True]), ""]


# --- plots ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Series:
    """One line or one stack of bars of a panel: its label, colour and points (x a whole number)."""

    label: str
    colour: str
    x: list[int]
    y: list[float]


@dataclass(frozen=True)
class Panel:
    """One set of axes: a title and its series."""

    title: str
    series: list[Series]


@dataclass(frozen=True)
class Chart:
    """A plot as data, before matplotlib draws it: `style` is `steps` (a histogram of whole numbers as step
    lines), `stacked` (bars stacked by series) or `lines`; panels fill a grid `columns` wide."""

    style: str
    xlabel: str
    ylabel: str
    panels: list[Panel]
    columns: int = 1


def write_plots(results: Results, by: list[str], x: str | None, directory: Path, prefix: str = "") -> dict[str, Path]:
    """Draw the plots into `directory` as PNG files named `PREFIX{name}.png`; returns name → path.

    The names are `winrate`, then those of `charts` (`length`, `score` when the score says more than the
    result, `endings` for a cooperative game, `measure-NAME` for each measure the game declares).
    """
    from matplotlib.figure import Figure

    directory.mkdir(parents=True, exist_ok=True)
    rows = results.rows
    facet_keys = ["bots"] if len(results.values("bots")) > 1 else []
    written: dict[str, Path] = {}

    def save(fig: Figure, name: str) -> None:
        path = directory / f"{prefix}{name}.png"
        fig.savefig(path, dpi=110, metadata={"Software": None})
        written[name] = path

    save(_winrate_figure(results, group(rows, facet_keys), facet_keys, series_keys(by, x), x), "winrate")
    for name, chart in charts(results, by, x).items():
        save(draw(chart), name)
    return written


def _facet_title(keys: Sequence[str], values: Sequence[Any], default: str) -> str:
    return ", ".join(("bots: " if k == "bots" else f"{label(k)} ") + _shown(v)
                     for k, v in zip(keys, values, strict=True)) or default


def _whole_range(values: Iterable[int]) -> list[int]:
    values = list(values)
    return list(range(min(values), max(values) + 1)) if values else []


def charts(results: Results, by: list[str], x: str | None) -> dict[str, Chart]:
    """Every plot but the win rate, as data (`Chart`), by name.

    `length` and `score` are histograms with one panel per line-up and per value of `x`, one line per
    value of the other `by` keys, so no two levels (say) share a line; `score` is left out when it only
    repeats the result (`score_tells_more`). `endings` (a cooperative game) stacks the games of each
    length by their ending; `measure-NAME` does the same for a game or seat measure and draws a line per
    ending for a round measure (its mean at the end of each round over the games still going). Every chart has
    a panel per line-up and per value of `x`.
    """
    rows, coop = results.rows, results.cooperative
    facet_keys = (["bots"] if len(results.values("bots")) > 1 else []) + ([x] if x else [])
    columns = len(results.values(x)) if x else max(1, len(group(rows, facet_keys)))
    keys = series_keys(by, x)
    colours = {k: f"C{i % 10}" for i, (k, _) in enumerate(group(rows, keys))}
    unit = length_name(rows)
    out: dict[str, Chart] = {}
    histograms: list[tuple[str, Callable[[dict[str, Any]], list[float]], str, str]] = [
        ("length", lambda r: [length_of(r)], unit, "% of games")]
    if score_tells_more(results):
        histograms.append(("score", lambda r: won_scores(r, coop), _score_name(coop),
                           "% of won games" if coop else "% of seat results"))
    for name, values_of, xlabel, ylabel in histograms:
        panels = []
        for facet, frows in group(rows, facet_keys):
            series = []
            for skey, srows in group(frows, keys):
                values = [round(v) for r in srows for v in values_of(r)]
                if values:
                    xs = _whole_range(values)
                    counts = Counter(values)
                    series.append(Series(_series_label(keys, skey), colours[skey], xs,
                                         [100 * counts[v] / len(values) for v in xs]))
            if series:
                panels.append(Panel(_facet_title(facet_keys, facet, xlabel), series))
        if panels:
            out[name] = Chart("steps", xlabel, ylabel, panels, columns)
    stacked: list[tuple[str, Pairs, str, str]] = []
    if coop:
        stacked.append(("endings", length_by_ending, unit, "games"))
    for name, measure in results.measures.items():
        if measure.shape != "round":
            stacked.append((f"measure-{name}", measure_by_ending(name, measure), measure.label,
                            "seat results" if measure.shape == "seat" else "games"))
    for name, pairs, xlabel, ylabel in stacked:
        chart = _stacked_chart(results, facet_keys, columns, pairs, xlabel, ylabel)
        if chart is not None:
            out[name] = chart
    for name, measure in results.measures.items():
        if measure.shape == "round":
            chart = _round_chart(results, facet_keys, columns, name, measure)
            if chart is not None:
                out[f"measure-{name}"] = chart
    return out


WON_COLOURS = ("#2ca02c", "#98df8a", "#17becf", "#bcbd22")
LOST_COLOURS = ("#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#1f77b4", "#ff9896")


def _ending_colours(results: Results) -> dict[str, str]:
    """One colour per ending, the same in every plot of a report: endings that won in greens, the others in
    reds, oranges and other colours."""
    won = {x["code"] for r in results.rows for x in r["seats"] if x["won"]}
    endings = ending_order(results, {e for r in results.rows for e in [ending(r), *seat_endings(r)]})
    colours: dict[str, str] = {}
    for end in endings:
        palette = WON_COLOURS if end in won else LOST_COLOURS
        colours[end] = palette[sum(1 for e in colours if (e in won) == (end in won)) % len(palette)]
    return colours


def _stacked_chart(results: Results, facet_keys: list[str], columns: int, pairs: Pairs, xlabel: str,
                   ylabel: str) -> Chart | None:
    """Counts of each value, stacked by ending, one panel per line-up and `--x` value; None when no row gives one."""
    colours = _ending_colours(results)
    panels = []
    for facet, frows in group(results.rows, facet_keys):
        counts: dict[str, Counter[int]] = defaultdict(Counter)
        for r in frows:
            for end, value in pairs(r):
                counts[end][value] += 1
        if not counts:
            continue
        xs = _whole_range(v for c in counts.values() for v in c)
        series = [Series(f"{end} ({sum(counts[end].values()):,})", colours[end], xs, [float(counts[end][v]) for v in xs])
                  for end in ending_order(results, counts)]
        panels.append(Panel(_facet_title(facet_keys, facet, f"{ylabel} by ending"), series))
    return Chart("stacked", xlabel, ylabel, panels, columns) if panels else None


def _round_chart(results: Results, facet_keys: list[str], columns: int, name: str,
                 measure: Measure) -> Chart | None:
    """A round measure's mean at the end of each round, over the games still going then, one line per ending."""
    colours = _ending_colours(results)
    panels = []
    for facet, frows in group(results.rows, facet_keys):
        means = round_means(frows, name)
        if not means:
            continue
        counts = Counter(ending(r) for r in frows if measures_of(r).get(name))
        series = [Series(f"{end} ({_games(counts[end])})", colours[end], list(range(1, len(means[end]) + 1)),
                         means[end]) for end in ending_order(results, means)]
        panels.append(Panel(_facet_title(facet_keys, facet, "mean by ending"), series))
    if not panels:
        return None
    return Chart("lines", "round", f"{measure.label} (mean)", panels, columns)


def draw(chart: Chart) -> Any:
    """A matplotlib figure (Agg, no pyplot) of `chart`: a grid of panels sharing the y axis."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    columns = min(chart.columns, len(chart.panels))
    lines = math.ceil(len(chart.panels) / columns)
    fig = Figure(figsize=(4.2 * columns + 0.8, 3.3 * lines + 0.4), layout="constrained")
    grid = fig.subplots(lines, columns, squeeze=False, sharex=True, sharey=True)
    for ax in grid.flat[len(chart.panels):]:
        ax.set_visible(False)
    for ax, panel in zip(grid.flat, chart.panels, strict=False):
        bottom: dict[int, float] = defaultdict(float)
        for series in panel.series:
            if chart.style == "steps":
                edges = [v - 0.5 for v in series.x] + [series.x[-1] + 0.5]
                ax.stairs(series.y, edges, color=series.colour, linewidth=1.6, label=series.label)
            elif chart.style == "stacked":
                base = [bottom[v] for v in series.x]
                ax.bar(series.x, series.y, bottom=base, width=0.85, color=series.colour, label=series.label)
                for v, y in zip(series.x, series.y, strict=True):
                    bottom[v] += y
            else:
                ax.plot(series.x, series.y, marker="o", markersize=3, color=series.colour, label=series.label)
        ax.set_title(panel.title, fontsize="medium")
        ax.set_xlabel(chart.xlabel)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
        if len(panel.series) > 1 or chart.style != "steps":
            ax.legend(fontsize="small")
    for row in grid:
        row[0].set_ylabel(chart.ylabel)
    return fig


def _winrate_figure(results: Results, facets: list[tuple[tuple[Any, ...], list[dict[str, Any]]]],
                    facet_keys: list[str], keys: list[str], x: str | None) -> Any:
    """Win rate by `x`, one line per series with Wilson intervals as error bars (bars when there is no `x`)."""
    from matplotlib.figure import Figure

    coop = results.cooperative
    # one colour per series in every panel
    colours: dict[tuple[Any, ...], str] = {k: f"C{i % 10}" for i, (k, _) in enumerate(group(results.rows, keys))}
    fig = Figure(figsize=(4.6 * len(facets) + 0.6, 3.8), layout="constrained")
    axes = fig.subplots(1, len(facets), squeeze=False, sharey=True)[0]
    for ax, (facet, frows) in zip(axes, facets, strict=True):
        if x is not None:
            xs = sorted({r.get(x) for r in frows}, key=_natural)
            for skey, srows in group(frows, keys):
                rates = [win_rate([r for r in srows if r.get(x) == xv], coop) for xv in xs]
                pts = [(i, w) for i, w in enumerate(rates) if w.games]
                ys = [100 * w.rate for _, w in pts]
                err = [[100 * (w.rate - w.interval[0]) for _, w in pts], [100 * (w.interval[1] - w.rate) for _, w in pts]]
                ax.errorbar([i for i, _ in pts], ys, yerr=err, marker="o", capsize=3, color=colours[skey],
                            label=_series_label(keys, skey))
            ax.set_xticks(range(len(xs)), [_shown(v) for v in xs])
            ax.set_xlabel(label(x))
            if keys:
                ax.legend(fontsize="small")
        else:
            labels, ys, errs_lo, errs_hi = [], [], [], []
            for skey, srows in group(frows, keys):
                w = win_rate(srows, coop)
                labels.append(_series_label(keys, skey))
                ys.append(100 * w.rate)
                errs_lo.append(100 * (w.rate - w.interval[0]))
                errs_hi.append(100 * (w.interval[1] - w.rate))
            ax.bar(range(len(ys)), ys, yerr=[errs_lo, errs_hi], capsize=3)
            ax.set_xticks(range(len(ys)), labels, rotation=30, ha="right", fontsize="small")
        ax.set_ylim(-2, 102)
        ax.grid(alpha=0.3)
        ax.set_title(f"bots: {facet[0]}" if facet_keys else rate_name(coop))
    axes[0].set_ylabel(f"{rate_name(coop)}, % (95% Wilson interval)")
    return fig
