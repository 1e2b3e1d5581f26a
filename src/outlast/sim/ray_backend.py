"""Run games as Ray tasks (`outlast simulate --ray ADDRESS`); Ray is the optional `ray` extra.

Every node must have outlast installed (the same version) in the Python that runs Ray's workers.
Games go out in small batches, at most a few per CPU of the cluster at a time, and rows come back
as batches finish; each row is the same as the process pool's (only `duration_s` differs).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterator
from typing import Any

from outlast.install import install_hint

from .jobs import GameSpec, SimInputError
from .play import GameFailure, play_batch


class RaySession:
    """A connection to a Ray cluster; `close` shuts Ray down if this session started or joined it."""

    def __init__(self, ray: Any, owned: bool) -> None:
        self.ray = ray
        self.owned = owned

    def close(self) -> None:
        """Leave the cluster (and stop a `local` instance) unless Ray was running here before."""
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()


def connect(address: str, workers: int) -> RaySession:
    """Import Ray and join the cluster at `address` (`local`: start a private one with `workers` CPUs).

    If Ray is already initialised in this process, that connection is used (and left open).
    A missing Ray or an unreachable cluster raises `SimInputError` naming `--ray`.
    """
    try:
        import ray
    except ImportError:
        raise SimInputError("--ray", f"--ray needs Ray: {install_hint('ray')}") from None
    if ray.is_initialized():
        return RaySession(ray, False)
    _check_reachable(address)
    quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    try:
        if address == "local":
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            ray.init(num_cpus=max(1, workers), include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise SimInputError("--ray", f"--ray {address}: cannot join the Ray cluster: {exc}") from None
    return RaySession(ray, True)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a `HOST:PORT` (or `ray://HOST:PORT`) nobody listens on; Ray itself retries for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # `local`, `auto`, or a form Ray resolves itself
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise SimInputError("--ray", f"--ray {address}: nothing answers there ({exc.strerror or exc}); "
                            "start the cluster with `ray start --head`, or use --ray local") from None


def ray_results(todo: list[GameSpec], address: str, workers: int, stack: list[Any]) -> Iterator[
        dict[str, Any] | GameFailure]:
    """Rows of the games in `todo`, played as Ray tasks, in the order their batches finish.

    Joins the cluster unless this process is connected already (then the connection is left open).
    """
    session = connect(address, workers)
    stack.append(session)
    if not todo:
        return
    ray = session.ray
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = max(1, min(25, len(todo) // (cpus * 8)))
    batches = [todo[i:i + size] for i in range(0, len(todo), size)]
    task = ray.remote(num_cpus=1, max_retries=2)(play_batch)
    pending: list[Any] = []
    waiting = iter(batches)
    for batch in waiting:
        pending.append(task.remote(batch))
        if len(pending) >= cpus * 3:
            break
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for batch in waiting:
            pending.append(task.remote(batch))
            break
        yield from ray.get(ready[0])
