"""Simulation results on disk: a Parquet dataset directory that survives an interrupted run.

`--out results.parquet` names a *directory* that every Parquet reader opens as one table
(`pyarrow.parquet.read_table("results.parquet")`, `pandas.read_parquet("results.parquet")`,
DuckDB's `read_parquet('results.parquet/*.parquet')`):

    results.parquet/
      _job.json          the job (game, options, sweeps, bots, games, seed) and the command that ran it
      _journal.jsonl     rows finished since the last part file, one JSON object a line, flushed per game
      _lock              locked while a run writes here, so two runs never share a directory
      part-00000.parquet rows in batches, each file written under a hidden name and renamed when whole
      part-00001.parquet …

Readers skip names starting with `_` or `.`. Every finished game is in the journal before the run
goes on, so a killed run loses no finished game; `ResultStore(..., resume=True)` moves the journal's
rows into a part file and reports which game indices are done.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from outlast.core import Game, load_game

from .jobs import JOB_VERSION, Job, SimInputError

JOB_FILE = "_job.json"
JOURNAL = "_journal.jsonl"
LOCK = "_lock"
PART = re.compile(r"part-(\d{5,})\.parquet")

SEAT_RESULT = pa.struct([("won", pa.bool_()), ("score", pa.int64()), ("code", pa.string()), ("reason", pa.string())])
"""One seat's result in a row: `SeatResult` as a Parquet struct."""

BASE_FIELDS: tuple[tuple[str, Any], ...] = (
    ("game", pa.string()),
    ("game_index", pa.int64()),
    ("config", pa.int64()),
    ("seed", pa.int64()),
    ("options", pa.string()),
    ("bots", pa.string()),
    ("ended", pa.bool_()),
    ("team_won", pa.bool_()),
    ("seats", pa.list_(SEAT_RESULT)),
    ("rounds", pa.int64()),
    ("actions", pa.int64()),
    ("chance", pa.int64()),
    ("details", pa.string()),
    ("measures", pa.string()),
    ("duration_s", pa.float64()),
)
"""The columns of every result row, before one column per game option."""

RESULTS_FORMAT = 2
"""The row layout written now, stored in every part file's metadata (`FORMAT_KEY`) and in `_job.json`.

Format 2 keeps every seat's result (`seats`: won, score, code, reason) and `team_won` only for
cooperative games. Format 1 (before it) kept one `won`, seat 0's `score` and a `reason` text per game;
it is refused with `OldResults` (docs/simulation.md says why and what to do)."""

FORMAT_KEY = b"outlast.results_format"

_KIND_TYPE = {"int": pa.int64(), "bool": pa.bool_(), "choice": pa.string(), "list": pa.string()}


def option_columns(game: Game) -> dict[str, str]:
    """Option name → its column: the option's own name, or `option_NAME` where that would clash."""
    taken = {name for name, _ in BASE_FIELDS}
    return {o.name: (f"option_{o.name}" if o.name in taken else o.name) for o in game.options}


def schema_for(game: Game) -> Any:
    """The Arrow schema of a game's result rows: the base columns plus one column per option."""
    columns = option_columns(game)
    fields = [pa.field(name, kind) for name, kind in BASE_FIELDS]
    fields += [pa.field(columns[o.name], _KIND_TYPE.get(o.kind, pa.string())) for o in game.options]
    return pa.schema(fields, metadata={FORMAT_KEY: str(RESULTS_FORMAT).encode()})


class OldResults(SimInputError):
    """Results written in an older row layout (format 1: one `won` per game), which this version refuses."""

    def __init__(self, path: Path, command: str | None = None) -> None:
        again = f"; run it again with this version: {command}" if command else \
            "; simulate the games again with this version"
        super().__init__("RESULTS", f"{path}: these results are in the old format 1 (one `won`, seat 0's `score` "
                         "and a `reason` text per game), written before results kept every seat's result "
                         f"and reason code; this version reads format {RESULTS_FORMAT} only{again}")


def check_format(table_schema: Any, path: Path, command: str | None = None) -> None:
    """Refuse a Parquet schema that is not of the current `RESULTS_FORMAT`, naming what it is.

    A schema of format 1 (columns `won`, `score`, `scores`, `reason`, no format mark) raises
    `OldResults`; any other schema without our mark is "not outlast results".
    """
    mark = (table_schema.metadata or {}).get(FORMAT_KEY)
    if mark == str(RESULTS_FORMAT).encode():
        return
    names = set(table_schema.names)
    if mark is None and {"won", "scores", "reason"} <= names:
        raise OldResults(path, command)
    shown_mark = "no format mark" if mark is None else f"format {mark.decode(errors='replace')!r}"
    raise SimInputError("RESULTS", f"{path}: not results of this version of outlast simulate ({shown_mark}; "
                        f"this version writes and reads format {RESULTS_FORMAT})")


def _flat(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return value


def rows_to_table(rows: Iterable[Mapping[str, Any]], game: Game) -> Any:
    """An Arrow table of result rows, with the option columns filled from each row's options JSON."""
    columns = option_columns(game)
    full = []
    for row in rows:
        options = json.loads(row["options"])
        full.append({**row, **{columns[k]: _flat(v) for k, v in options.items() if k in columns}})
    return pa.Table.from_pylist(full, schema=schema_for(game))


def _read_journal(path: Path) -> list[dict[str, Any]]:
    """The whole lines of a journal; a torn last line (the run was killed mid-write) is dropped."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and isinstance(row.get("game_index"), int):
            rows.append(row)
    return rows


def _parts(path: Path) -> list[Path]:
    return sorted(p for p in path.iterdir() if PART.fullmatch(p.name))


def read_job(path: Path) -> dict[str, Any] | None:
    """The job document of a results directory (None for a plain Parquet file or a foreign folder)."""
    doc_path = path / JOB_FILE
    if not doc_path.is_file():
        return None
    doc: dict[str, Any] = json.loads(doc_path.read_text(encoding="utf-8"))
    return doc


def read_results(path: Path | str) -> Any:
    """Every row of a results directory (part files plus journal rows not yet in a part), or of a Parquet file.

    Raises `SimInputError` when `path` holds no results.
    """
    path = Path(path)
    if path.is_file():
        try:
            table = pq.read_table(path)
        except (OSError, pa.ArrowException) as exc:
            raise SimInputError("RESULTS", f"{path}: not a Parquet file: {exc}") from None
        check_format(table.schema, path)
        return table
    if not path.is_dir():
        raise SimInputError("RESULTS", f"{path}: no such results file or directory")
    job = read_job(path)
    parts = _parts(path)
    if job is None and not parts:
        raise SimInputError("RESULTS", f"{path}: no results here (no part-*.parquet files and no {JOB_FILE})")
    command = job.get("command") if job is not None else None
    if job is not None and job.get("version") != JOB_VERSION:
        raise OldResults(path, command if isinstance(command, str) else None)
    tables = [pq.read_table(p) for p in parts]
    for part, table in zip(parts, tables, strict=True):
        check_format(table.schema, part, command if isinstance(command, str) else None)
    journal = _read_journal(path / JOURNAL)
    if journal and job is not None:
        seen: set[int] = set()
        for t in tables:
            seen.update(t.column("game_index").to_pylist())
        extra = [r for r in journal if r["game_index"] not in seen]
        if extra:
            tables.append(rows_to_table(extra, load_game(job["game"])))
    if not tables:
        return schema_for(load_game(job["game"])).empty_table() if job else pa.table({})
    return pa.concat_tables(tables, promote_options="default")


class ResultStore:
    """Where a run's rows go: the journal at once, a Parquet part file every `batch_rows` rows or `flush_seconds`.

    Opening an existing results directory needs `resume` (carry on: the stored job must be the same)
    or `force` (delete the old results); otherwise `SimInputError` is raised before anything runs.
    """

    def __init__(self, path: Path | str, job: Job, *, command: str = "", resume: bool = False,
                 force: bool = False, batch_rows: int = 5000, flush_seconds: float = 60.0) -> None:
        self.path = Path(path)
        self.job = job
        self.game = job.load()
        self.batch_rows = batch_rows
        self.flush_seconds = flush_seconds
        self.buffer: list[dict[str, Any]] = []
        self.done: set[int] = set()
        self.written = 0
        self._last_flush = time.monotonic()
        self._open_dir(command, resume, force)
        self._journal = (self.path / JOURNAL).open("a", encoding="utf-8")

    # --- opening ---------------------------------------------------------------------------
    def _open_dir(self, command: str, resume: bool, force: bool) -> None:
        path = self.path
        if path.exists() and not path.is_dir():
            if not force:
                raise SimInputError("--out", f"--out {path}: a file is in the way; results are a directory "
                                    "(use --force to replace the file)")
            path.unlink()
        path.mkdir(parents=True, exist_ok=True)
        self._lock = (path / LOCK).open("a")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            raise SimInputError("--out", f"--out {path}: another run is writing these results now") from None
        try:
            self._check_dir(command, resume, force)
        except BaseException:
            self._lock.close()
            raise

    def _check_dir(self, command: str, resume: bool, force: bool) -> None:
        path = self.path
        journal = path / JOURNAL
        ours = (any(_parts(path)) or (journal.exists() and journal.stat().st_size > 0))
        if ours and force:
            for p in [*_parts(path), path / JOB_FILE, path / JOURNAL]:
                p.unlink(missing_ok=True)
        elif ours and resume:
            doc = read_job(path)
            if doc is None:
                raise SimInputError("--resume", f"--resume: {path} has results but no {JOB_FILE}; use --force")
            if doc.get("version") != JOB_VERSION:
                raise SimInputError("--resume", f"--resume: {path} holds results in the old format 1 (one `won` "
                                    "per game); they cannot be completed with seat results: use --force to "
                                    "play the job again")
            diff = self.job.differences(doc)
            if diff:
                raise SimInputError("--resume", f"--resume: {path} holds another job (it differs in: "
                                    f"{', '.join(diff)}); run the same command again, or use --force to start over")
            self._recover()
        elif ours:
            raise SimInputError("--out", f"--out {path}: results are already there; add --resume to complete "
                                "them or --force to start again")
        for stale in path.glob(".part-*.tmp"):
            stale.unlink()
        if not (ours and resume):
            doc = {**self.job.to_json(), "command": command}
            tmp = path / f".{JOB_FILE}.tmp"
            tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, path / JOB_FILE)

    def _recover(self) -> None:
        """Collect the done indices; move journal rows that are in no part file into a new part."""
        for part in _parts(self.path):
            self.done.update(pq.read_table(part, columns=["game_index"]).column("game_index").to_pylist())
        rows = [r for r in _read_journal(self.path / JOURNAL) if r["game_index"] not in self.done]
        unique = {r["game_index"]: r for r in rows}
        if unique:
            self._write_part(list(unique.values()))
            self.done.update(unique)
        (self.path / JOURNAL).write_text("", encoding="utf-8")

    # --- writing ------------------------------------------------------------------------------
    def add(self, row: dict[str, Any]) -> None:
        """Record one finished game (in the journal at once; in a part file with its batch)."""
        self._journal.write(json.dumps(row, separators=(",", ":")) + "\n")
        self._journal.flush()
        self.buffer.append(row)
        self.done.add(row["game_index"])
        if len(self.buffer) >= self.batch_rows or time.monotonic() - self._last_flush >= self.flush_seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered rows as a part file, then empty the journal."""
        if self.buffer:
            self._write_part(self.buffer)
            self.buffer = []
            self._journal.seek(0)
            self._journal.truncate()
        self._last_flush = time.monotonic()

    def _write_part(self, rows: list[dict[str, Any]]) -> None:
        parts = _parts(self.path)
        number = int(PART.fullmatch(parts[-1].name).group(1)) + 1 if parts else 0  # type: ignore[union-attr]
        name = f"part-{number:05d}.parquet"
        tmp = self.path / f".{name}.tmp"
        rows = sorted(rows, key=lambda r: int(r["game_index"]))
        pq.write_table(rows_to_table(rows, self.game), tmp, compression="zstd")
        os.replace(tmp, self.path / name)
        self.written += len(rows)

    def close(self) -> None:
        """Flush what is buffered and remove the (now empty) journal."""
        self.flush()
        self._journal.close()
        (self.path / JOURNAL).unlink(missing_ok=True)
        self._lock.close()
