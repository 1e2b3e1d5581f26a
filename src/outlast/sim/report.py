"""Turn simulation results into a markdown report with Wilson intervals, and PNG plots.

`load_results(paths)` reads result sets (directories written by `outlast simulate`, or Parquet
files); `build_report` groups the games by any columns (options, `bots`) and writes win rates with
Wilson 95 % intervals, game-length and score distributions and loss reasons; `write_plots` draws the
win rate by level × player count and histograms of game length and score with matplotlib (Agg).
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

from .jobs import SimInputError
from .results import BASE_FIELDS, read_job, read_results
from .stats import wilson


def reason_kind(text: str) -> str:
    """A loss reason with its particulars (seat numbers, board cells) replaced by `#`, rule §s kept.

    >>> reason_kind("lava reached meeple 2 on E3 (§12.1)")
    'lava reached meeple # on # (§12.1)'
    """
    out = []
    for token in re.split(r"(\s+)", text):
        if "§" not in token and re.search(r"\d", token):
            token = re.sub(r"[A-Za-z]*\d+[A-Za-z\d]*", "#", token)
        out.append(token)
    return "".join(out)


@dataclass
class Results:
    """Loaded rows, the columns that hold options, and where they came from."""

    rows: list[dict[str, Any]]
    option_columns: list[str]
    sources: list[tuple[Path, dict[str, Any] | None]] = field(default_factory=list)

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
    return Results(rows, options, sources)


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
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def win_rate(rows: Sequence[dict[str, Any]]) -> WinRate:
    """The team win rate of `rows`."""
    return WinRate(sum(1 for r in rows if r["won"]), len(rows))


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
    out += ["## Win rates", ""]
    header = [*map(label, by), "games", "wins", "win rate", "95% CI", "mean rounds", "mean score (won)"]
    table = []
    for key, grows in groups:
        w = win_rate(grows)
        won_scores = [r["score"] for r in grows if r["won"]]
        table.append([*map(_shown, key), f"{w.games:,}", f"{w.wins:,}", pct(w.rate), ci_text(w),
                      num(statistics.fmean(length_of(r) for r in grows)),
                      num(statistics.fmean(won_scores)) if won_scores else "—"])
    out += [md_table(header, table, [False] * len(by) + [True] * 6), ""]

    if spec.x and spec.x in by:
        out += _pivot(rows, by, spec.x)
    if "winrate" in spec.plots:
        out += [f"![win rate by {label(spec.x or 'group')}]({spec.plots['winrate']})", ""]

    out += ["## Game length", "",
            "Rounds played (the number of actions for a game that does not count rounds), won and lost games together.",
            ""]
    out += [_stats_table(groups, by, lambda r: length_of(r)), ""]
    if "length" in spec.plots:
        out += [f"![game length]({spec.plots['length']})", ""]

    out += ["## Score", "", "Score of won games (a lost game scores 0).", ""]
    out += [_stats_table(groups, by, lambda r: r["score"] if r["won"] else None), ""]
    if "score" in spec.plots:
        out += [f"![score of won games]({spec.plots['score']})", ""]

    out += _loss_reasons(rows, by)
    out += _speed(rows)
    return "\n".join(out).rstrip() + "\n"


def _pivot(rows: list[dict[str, Any]], by: list[str], x: str) -> list[str]:
    keys = series_keys(by, x)
    xs = sorted({r.get(x) for r in rows}, key=_natural)
    out = [f"## Win rate by {label(x)}" + (f" × {', '.join(map(label, keys))}" if keys else ""), "",
           "Each cell: win rate (95% interval), games.", ""]
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
                w = win_rate(cells.get(xv, []))
                line.append(f"{pct(w.rate)} ({ci_text(w)}), {w.games:,}" if w.games else "—")
            table.append(line)
        out += [md_table(["", *(f"{label(x)} {_shown(v)}" for v in xs)], table, [False] + [True] * len(xs)), ""]
    return out


def _stats_table(groups: list[tuple[tuple[Any, ...], list[dict[str, Any]]]], by: list[str],
                 value: Callable[[dict[str, Any]], Any]) -> str:
    header = [*map(label, by), "games", "mean", "sd", "min", "p10", "median", "p90", "max"]
    table = []
    for key, grows in groups:
        values = [v for v in (value(r) for r in grows) if v is not None]
        d = describe(values)
        if d is None:
            table.append([*map(_shown, key), "0", *["—"] * 7])
            continue
        table.append([*map(_shown, key), f"{len(values):,}", *(num(d[s]) for s in
                                                            ("mean", "sd", "min", "p10", "median", "p90", "max"))])
    return md_table(header, table, [False] * len(by) + [True] * 8)


REASON_COLUMNS = 6
"""Loss reasons shown as their own columns; rarer ones are summed under "other"."""


def _loss_reasons(rows: list[dict[str, Any]], by: list[str]) -> list[str]:
    out = ["## Loss reasons", "",
           "Why lost games ended, per group: how many losses each reason caused and its share of the group's "
           "losses (particulars such as seat numbers and board cells shown as `#`).", ""]
    kinds = Counter(reason_kind(r["reason"]) for r in rows if not r["won"])
    if not kinds:
        return out + ["No game was lost.", ""]
    shown = [k for k, _ in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))[:REASON_COLUMNS]]
    other = len(kinds) > len(shown)
    header = [*map(label, by), "games", "losses", *shown, *(["other"] if other else [])]
    table = []
    for key, grows in group(rows, by):
        counts = Counter(reason_kind(r["reason"]) for r in grows if not r["won"])
        lost = sum(counts.values())
        cells = [counts.get(k, 0) for k in shown]
        if other:
            cells.append(lost - sum(cells))
        table.append([*map(_shown, key), f"{len(grows):,}", f"{lost:,}",
                      *(f"{n:,} ({pct(n / lost)})" if lost else "—" for n in cells)])
    return out + [md_table(header, table, [False] * len(by) + [True] * (len(header) - len(by))), ""]


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
    from matplotlib.ticker import MaxNLocator

    directory.mkdir(parents=True, exist_ok=True)
    rows = results.rows
    facet_keys = ["bots"] if len(results.values("bots")) > 1 else []
    facets = group(rows, facet_keys)
    keys = series_keys(by, x)
    written: dict[str, Path] = {}
    # one colour per series in every panel and every plot
    colours: dict[tuple[Any, ...], str] = {k: f"C{i % 10}" for i, (k, _) in enumerate(group(rows, keys))}
    plot_keys = [k for k in keys if k != x]
    hist_colours = {k: f"C{i % 10}" for i, (k, _) in enumerate(group(rows, plot_keys))}
    width = 4.6 * len(facets) + 0.6

    def save(fig: Figure, name: str) -> None:
        path = directory / f"{prefix}{name}.png"
        fig.savefig(path, dpi=110, metadata={"Software": None})
        written[name] = path

    # win rate by x, one line per series, Wilson intervals as error bars
    fig = Figure(figsize=(width, 3.8), layout="constrained")
    axes = fig.subplots(1, len(facets), squeeze=False, sharey=True)[0]
    for ax, (facet, frows) in zip(axes, facets, strict=True):
        if x is not None:
            xs = sorted({r.get(x) for r in frows}, key=_natural)
            for skey, srows in group(frows, keys):
                rates = [win_rate([r for r in srows if r.get(x) == xv]) for xv in xs]
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
                w = win_rate(srows)
                labels.append(_series_label(keys, skey))
                ys.append(100 * w.rate)
                errs_lo.append(100 * (w.rate - w.interval[0]))
                errs_hi.append(100 * (w.interval[1] - w.rate))
            ax.bar(range(len(ys)), ys, yerr=[errs_lo, errs_hi], capsize=3)
            ax.set_xticks(range(len(ys)), labels, rotation=30, ha="right", fontsize="small")
        ax.set_ylim(-2, 102)
        ax.grid(alpha=0.3)
        ax.set_title(f"bots: {facet[0]}" if facet_keys else "team win rate")
    axes[0].set_ylabel("team win rate, % (95% Wilson interval)")
    save(fig, "winrate")

    # histograms: game length (all games) and score (won games)
    for name, value, xlabel in (("length", length_of, "rounds" if any(r.get("rounds") is not None for r in rows)
                                 else "actions"),
                                ("score", lambda r: r["score"] if r["won"] else None, "score of won games")):
        shown = [(f, frows) for f, frows in facets if any(value(r) is not None for r in frows)]
        if not shown:
            continue
        fig = Figure(figsize=(4.6 * len(shown) + 0.6, 3.6), layout="constrained")
        axes = fig.subplots(1, len(shown), squeeze=False, sharey=True)[0]
        for ax, (facet, frows) in zip(axes, shown, strict=True):
            values_all = [v for v in (value(r) for r in frows) if v is not None]
            lo, hi = min(values_all), max(values_all)
            bins = [b - 0.5 for b in range(int(lo), int(hi) + 2)]
            for skey, srows in group(frows, plot_keys):
                vals = [v for v in (value(r) for r in srows) if v is not None]
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
        save(fig, name)
    return written
