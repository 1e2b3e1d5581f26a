"""Alembic's entry point: runs the migrations on the connection `Store` hands over.

`Store` opens the transaction (holding a lock so that two processes starting together migrate one at a
time) and passes its connection as `config.attributes["connection"]`; there is no alembic.ini and no
offline (SQL script) mode.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from outlast.server.schema import Base


def run_online() -> None:
    """Run the pending migrations inside the caller's transaction."""
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("outlast's migrations run through outlast.server.store.Store, which passes a connection")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_online()
