"""Fixtures of the server tests: a PostgreSQL cluster per test session (or xdist worker), a fresh database per
test, and `store_url`, which runs a test once on SQLite and once on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import RUNNING
from .postgres import Cluster, PostgresMissing, postgres_cluster


@pytest.fixture(autouse=True)
def _servers_stopped() -> Iterator[None]:
    """Whatever a test does, every `outlast serve` it started (harness.Server) ends with it, with its workers.
    A server of a module's or the session's fixture (started before this) is left to its fixture, and stopped
    at the end of the session at the latest (`_servers_stopped_at_last`)."""
    before = set(RUNNING)
    yield
    for server in RUNNING - before:
        server.stop()


@pytest.fixture(autouse=True, scope="session")
def _servers_stopped_at_last() -> Iterator[None]:
    yield
    for server in list(RUNNING):
        server.stop()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the session (started only if a test asks for it)."""
    try:
        with postgres_cluster() as cluster:
            yield cluster
    except PostgresMissing as missing:
        pytest.fail(str(missing), pytrace=False)


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """The URL of a fresh, empty PostgreSQL database of its own for this test."""
    return pg_cluster.create_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL, once SQLite (a file in the test's folder) and once PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'outlast.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url
