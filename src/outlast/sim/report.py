"""Turn simulation results into a markdown report with Wilson intervals, and PNG plots.

`load_results(paths)` reads result sets (directories written by `outlast simulate`, or Parquet
files); `build_report` groups the games by any columns (options, `bots`) and writes win rates with
Wilson 95 % intervals, game-length and score distributions and the endings counted by result code,
each code shown with its meaning from `Game.result_codes`; `write_plots` draws the win rate by level ×
player count and histograms of game length and score with matplotlib (Agg).

What a win rate is depends on the game's kind (`Game.kind`): a cooperative game has a team result, so
the rate is games won by the team; a semi-cooperative or competitive game has none, so the rates are
per seat (seat results that won, pooled over the seats, and each seat's own).
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlast.core import UnknownGame, list_games, load_game

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
    for name in sorted({r["game"] for r in rows}):
        try:
            game = load_game(name)
        except UnknownGame:
            raise SimInputError("RESULTS", f"results of game {name!r}, which this outlast does not have; "
                                f"its games are {', '.join(list_games())}") from None
        kinds[game.kind].append(name)
        for code, meaning in game.result_codes.items():
            codes.setdefault(code, meaning)
    if len(kinds) > 1:
        mixed = "; ".join(f"{', '.join(names)} {kind}" for kind, names in kinds.items())
        raise SimInputError("RESULTS", f"the results mix kinds of game ({mixed}): a cooperative game's win rate is "
                            "the team's and the others' are per seat; report each kind apart")
    return Results(rows, options, sources, next(iter(kinds)), codes)


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
    if spec.x and spec.x in by:
        out += _pivot(rows, by, spec.x, coop)
    if "winrate" in spec.plots:
        out += [f"![win rate by {label(spec.x or 'group')}]({spec.plots['winrate']})", ""]

    out += ["## Game length", "",
            "Rounds played (the number of actions for a game that does not count rounds), won and lost games together.",
            ""]
    out += [_stats_table(groups, by, lambda r: [length_of(r)]), ""]
    if "length" in spec.plots:
        out += [f"![game length]({spec.plots['length']})", ""]

    if coop:
        out += ["## Score", "", "The team's score in games it won (the mean of its seats' scores).", ""]
    else:
        out += ["## Score", "", "Every seat's score, won or lost.", ""]
    out += [_stats_table(groups, by, lambda r: won_scores(r, coop), "games" if coop else "seat results"), ""]
    if "score" in spec.plots:
        out += [f"![{_score_name(coop)}]({spec.plots['score']})", ""]

    out += _endings(results, by)
    out += _speed(rows)
    return "\n".join(out).rstrip() + "\n"


def _score_name(cooperative: bool) -> str:
    return "team score of won games" if cooperative else "score of every seat"


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
PLOTS = ("winrate", "length", "score")


def write_plots(results: Results, by: list[str], x: str | None, directory: Path, prefix: str = "") -> dict[str, Path]:
    """Draw the plots into `directory` as PNG files named `PREFIX{winrate,length,score}.png`; returns name → path."""
    from matplotlib.figure import Figure

    directory.mkdir(parents=True, exist_ok=True)
    rows = results.rows
    facet_keys = ["bots"] if len(results.values("bots")) > 1 else []
    facets = group(rows, facet_keys)
    keys = series_keys(by, x)
    written: dict[str, Path] = {}

    def save(fig: Figure, name: str) -> None:
        path = directory / f"{prefix}{name}.png"
        fig.savefig(path, dpi=110, metadata={"Software": None})
        written[name] = path

    save(_winrate_figure(results, facets, facet_keys, keys, x), "winrate")
    for name, fig in _histogram_figures(results, facets, facet_keys, [k for k in keys if k != x]):
        save(fig, name)
    return written


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


def _histogram_figures(results: Results, facets: list[tuple[tuple[Any, ...], list[dict[str, Any]]]],
                       facet_keys: list[str], plot_keys: list[str]) -> list[tuple[str, Any]]:
    """Histograms of game length (all games) and score (the team's in won games, or every seat's), by name."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    rows, coop = results.rows, results.cooperative
    hist_colours = {k: f"C{i % 10}" for i, (k, _) in enumerate(group(rows, plot_keys))}
    histograms: list[tuple[str, Callable[[dict[str, Any]], list[float]], str]] = [
        ("length", lambda r: [length_of(r)], "rounds" if any(r.get("rounds") is not None for r in rows) else "actions"),
        ("score", lambda r: won_scores(r, coop), _score_name(coop))]
    out: list[tuple[str, Any]] = []
    for name, values_of, xlabel in histograms:
        shown = [(f, frows) for f, frows in facets if any(values_of(r) for r in frows)]
        if not shown:
            continue
        fig = Figure(figsize=(4.6 * len(shown) + 0.6, 3.6), layout="constrained")
        axes = fig.subplots(1, len(shown), squeeze=False, sharey=True)[0]
        for ax, (facet, frows) in zip(axes, shown, strict=True):
            values_all = [v for r in frows for v in values_of(r)]
            lo, hi = min(values_all), max(values_all)
            bins = [b - 0.5 for b in range(math.floor(lo), math.ceil(hi) + 2)]
            for skey, srows in group(frows, plot_keys):
                vals = [v for r in srows for v in values_of(r)]
                if vals:
                    ax.hist(vals, bins=bins, weights=[100 / len(vals)] * len(vals), histtype="step", linewidth=1.6,
                            color=hist_colours[skey], label=_series_label(plot_keys, skey))
            ax.set_xlabel(xlabel)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(alpha=0.3)
            ax.set_title(f"bots: {facet[0]}" if facet_keys else xlabel)
            if plot_keys:
                ax.legend(fontsize="small")
        axes[0].set_ylabel("% of games")
        out.append((name, fig))
    return out
