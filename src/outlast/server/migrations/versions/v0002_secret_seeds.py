"""Secret seeds: a table's seed as text (128 random bits and more), practice tables, options drawn in secret.

Revision ID: 0002
Revises: 0001

The seed column of 0001 is a 64-bit integer, which cannot hold the wide seeds an online table plays with now
(docs/server.md, Security); `seed_text` holds every seed as decimal digits, and the tables stored before take
theirs over. `seed` stays for those rows (new rows write 0 there) so that the migration copies nothing back and
forth: adding columns is all it does on either database.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `seed_text`, `practice` and `secret_options` to `tables`, and fill `seed_text` of the older rows."""
    op.add_column("tables", sa.Column("seed_text", sa.Text(), nullable=False, server_default=""))
    op.add_column("tables", sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("secret_options", sa.Text(), nullable=False, server_default="[]"))
    op.execute("UPDATE tables SET seed_text = CAST(seed AS TEXT) WHERE seed_text = ''")


def downgrade() -> None:
    """Drop the three columns (a wide seed has nowhere to go back to: such tables keep 0)."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("secret_options")
        batch.drop_column("practice")
        batch.drop_column("seed_text")
