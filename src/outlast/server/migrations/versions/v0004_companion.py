"""Companion mode: a table may take some rolls and draws from the physical box (docs/companion.md).

Revision ID: 0004
Revises: 0003

One column, `physical`, lists the kinds of chance point people answer at the table (a JSON list, "[]" for a
digital game): the server rebuilds such a table's match with them, so its stored answers replay as they were given.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `physical` to `tables` (every older table is a digital one)."""
    op.add_column("tables", sa.Column("physical", sa.Text(), nullable=False, server_default="[]"))


def downgrade() -> None:
    """Drop `physical`. A companion table's stored answers are chance outcomes, so it replays as a digital game
    that happened to draw them, until its next roll or draw, which the server then makes itself."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("physical")
