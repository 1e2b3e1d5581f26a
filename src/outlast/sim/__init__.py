"""Batch simulation: play many games over a process pool or a Ray cluster, store rows, report on them.

`Job` expands options, sweeps and bot line-ups into numbered games with their own seeds
(`outlast.sim.jobs`); `run_job` plays them and streams one row per game into a `ResultStore`
(a Parquet dataset directory, `outlast.sim.results`); `outlast.sim.report` turns rows into
tables with Wilson intervals and plots. Importing `outlast.sim.results` or `.report` needs the
`sim` extra (pyarrow, matplotlib); `--ray` needs the `ray` extra. Only the kernel contract is used.
"""

from __future__ import annotations

from .jobs import GameSpec, Job, SimInputError, derive_seed, parse_lineup, parse_sweep

__all__ = ["GameSpec", "Job", "SimInputError", "derive_seed", "parse_lineup", "parse_sweep"]
