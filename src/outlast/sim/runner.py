"""Run a job's missing games over a process pool (or a Ray cluster) and stream their rows to a store.

Each game is a pure function of its `GameSpec`, so the rows are the same whatever the backend, the
number of workers or the order in which games finish; only `duration_s` differs.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from outlast.core import OutlastError

from .jobs import GameSpec, Job
from .play import GameFailure, play_safe
from .results import ResultStore

Result = dict[str, Any] | GameFailure


class SimulationError(OutlastError):
    """A game raised during the run; names the game index and seed to reproduce it."""


@dataclass
class RunSummary:
    """What a run did."""

    total: int
    already: int
    played: int
    seconds: float
    interrupted: bool = False

    @property
    def rate(self) -> float:
        """Games per second of wall time in this run."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


class RateColumn(ProgressColumn):
    """Games per second since this run started (games done before a resume do not count)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        played = task.completed - float(task.fields.get("already", 0))
        rate = played / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:6.1f} games/s", style="progress.data.speed")


def make_progress(console: Console) -> Progress:
    """The progress bar: done/total, games/s, elapsed time and ETA."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                    TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=console,
                    transient=False, refresh_per_second=4)


def _pool_results(todo: list[GameSpec], workers: int, stack: list[Any]) -> Iterator[Result]:
    if workers <= 1 or len(todo) <= 1:
        yield from map(play_safe, todo)
        return
    # fork would copy the parent's threads (the progress bar's refresher); spawn starts clean
    ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(workers, initializer=_ignore_sigint)
    stack.append(pool)
    chunk = max(1, min(8, len(todo) // (workers * 16)))
    yield from pool.imap_unordered(play_safe, todo, chunksize=chunk)
    pool.close()
    pool.join()


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them after saving what is done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run_job(job: Job, store: ResultStore, *, workers: int = 1, ray_address: str | None = None,
            console: Console | None = None, progress: bool = True,
            on_start: Callable[[int, int], None] | None = None) -> RunSummary:
    """Play every game of `job` not yet in `store`, adding each row as it arrives.

    `ray_address` runs the games as Ray tasks (`local` starts a private local instance, `auto` finds
    a running one, or `HOST:PORT`); otherwise `workers` processes share them (1: this process).
    A game that raises stops the run with `SimulationError` after every finished row is saved;
    Ctrl-C or SIGTERM stops it too and returns with `interrupted` set. `store` is closed either way.
    """
    total = job.total()
    already = len(store.done)
    todo = list(job.specs(skip=store.done))
    if on_start is not None:
        on_start(total, already)
    console = console or Console(stderr=True)
    bar = make_progress(console) if progress else None
    stack: list[Any] = []
    start = time.perf_counter()
    interrupted = False
    main_thread = threading.current_thread() is threading.main_thread()
    old_term = signal.signal(signal.SIGTERM, _raise_interrupt) if main_thread else None
    try:
        if bar is not None:
            bar.start()
            task = bar.add_task(job.game, total=total, completed=already, already=already)
        results: Iterator[Result]
        if ray_address is not None:
            from .ray_backend import ray_results

            results = ray_results(todo, ray_address, workers, stack)
        else:
            results = _pool_results(todo, workers, stack)
        for result in results:
            if isinstance(result, GameFailure):
                raise SimulationError(
                    f"game {result.index} (seed {result.seed}, options {result.options}, bots {result.bots}) "
                    f"failed; the finished games are saved.\n{result.error.rstrip()}")
            store.add(result)
            if bar is not None:
                bar.advance(task)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, old_term)
        for resource in reversed(stack):
            close = getattr(resource, "terminate", None) or getattr(resource, "close", None)
            if close is not None:
                close()
        if bar is not None:
            bar.stop()
        store.close()
    played = len(store.done) - already
    return RunSummary(total, already, played, time.perf_counter() - start, interrupted)
