"""A throwaway PostgreSQL cluster for tests: started from the Debian server binaries, gone afterwards.

`postgres_cluster()` runs `initdb` (trust authentication, user `postgres`) in a temporary folder, starts the
server with `pg_ctl` on a free port of 127.0.0.1 (its unix socket inside the folder, fsync off: a test
database need not survive a power cut), yields a `Cluster`, then stops it (`pg_ctl stop -m immediate`) and
removes the folder. As root, the binaries run as the `postgres` user (initdb refuses root). No binaries: the
test fails, telling to run `make test`, which installs them (never a skip: a skipped PostgreSQL test would
pass CI while testing nothing).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

MISSING = ("PostgreSQL's server binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin) are missing: "
           "run `make test`, which installs them (apt-get install postgresql), or install them yourself")


class PostgresMissing(RuntimeError):
    """The PostgreSQL server binaries are not installed."""


def binaries() -> Path:
    """The bin folder of the newest PostgreSQL installed the Debian way."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    if not found:
        raise PostgresMissing(MISSING)
    return max(found, key=lambda bin_dir: int(bin_dir.parent.name) if bin_dir.parent.name.isdigit() else 0)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_owner(command: list[str]) -> list[str]:
    """Run as the `postgres` user when we are root (initdb and postgres refuse root); as ourselves otherwise."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class Cluster:
    """A running test cluster: `url(name)` of a database, `create_database()` for a fresh one."""

    port: int
    folder: Path
    _names: Iterator[int] = field(default_factory=itertools.count)

    def url(self, database: str = "outlast") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; returns its URL."""
        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)


def _start(bin_dir: Path, folder: Path) -> int:
    data, log = folder / "data", folder / "server.log"
    subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                              "-E", "UTF8", "--no-sync", "--locale=C"]), check=True, capture_output=True)
    for _attempt in range(3):
        port = _free_port()
        options = f"-p {port} -h 127.0.0.1 -k {folder} -F -c full_page_writes=off -c synchronous_commit=off"
        started = subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w",
                                            "-t", "60", "-o", options, "start"]), capture_output=True, text=True)
        if started.returncode == 0:
            return port
    raise RuntimeError(f"pg_ctl could not start PostgreSQL: {started.stderr}\n{log.read_text(errors='replace')}")


@contextmanager
def postgres_cluster() -> Iterator[Cluster]:
    """Start a throwaway cluster with an empty database `outlast`; stop and delete it afterwards."""
    bin_dir = binaries()
    as_root = os.geteuid() == 0
    # as root, under /tmp: the postgres user must reach the folder, and TMPDIR may be root's own
    folder = Path(tempfile.mkdtemp(prefix="outlast-pg-", dir="/tmp" if as_root else None))
    if as_root:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    os.chmod(folder, 0o700)
    try:
        port = _start(bin_dir, folder)
        try:
            cluster = Cluster(port, folder)
            with psycopg.connect(cluster.url("postgres"), autocommit=True) as conn:
                conn.execute("CREATE DATABASE outlast")
            yield cluster
        finally:
            subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
                                      "stop"]), capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
