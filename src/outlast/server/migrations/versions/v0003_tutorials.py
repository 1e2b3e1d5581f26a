"""Tutorial tables: a table may play a game's scripted tutorial (`outlast.tutorials`, docs/server.md).

Revision ID: 0003
Revises: 0002

One column, `tutorial`, names the game whose tutorial the table plays ("" for an ordinary table): the server reads
it to refuse the learner's moves off the script and to play the other seats' scripted moves.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `tutorial` to `tables` (every older table is an ordinary one)."""
    op.add_column("tables", sa.Column("tutorial", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    """Drop `tutorial` (a tutorial table becomes an ordinary practice table)."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("tutorial")
