"""The server's database tables, as SQLAlchemy 2 typed declarative classes.

The Alembic migrations in `migrations/versions/` create exactly these tables (a test compares the two on
SQLite and PostgreSQL); a change here comes with a new migration. The store (`store.py`) reads and writes
them with SQLAlchemy Core statements, so no ORM session or identity map sits between a request and its row.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Double, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

TABLE_STATUSES = ("open", "playing", "over", "stale")
"""A table is open (seats being taken), playing, over, or stale (its game's rules version changed since)."""
SEAT_KINDS = ("open", "human", "bot")
"""A seat is free, taken by a person (who holds its token), or played by a bot on the server."""


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class Table(Base):
    """One game table: the game, its options and seed, who hosts it, and the version of its action log."""

    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_status_created", "status", "created"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(Text)
    options: Mapped[str] = mapped_column(Text)
    """A JSON object, written with sorted keys."""
    seed: Mapped[int] = mapped_column(BigInteger)
    """The seed of a table stored before migration 0002 (0 on newer rows: `seed_text` holds every seed)."""
    seed_text: Mapped[str] = mapped_column(Text, server_default="")
    """The table's seed as decimal digits: a secret (128 random bits and more) that never leaves the server."""
    practice: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A practice table: its host chose the seed, so the host may foresee every hidden outcome (shown to all)."""
    secret_options: Mapped[str] = mapped_column(Text, server_default="[]")
    """A JSON list of the options the server drew in secret (a Discover copy's seed): never shown to a client."""
    tutorial: Mapped[str] = mapped_column(Text, server_default="")
    """The game whose tutorial this table plays (a scripted game for one learner, `outlast.tutorials`), or ""."""
    physical: Mapped[str] = mapped_column(Text, server_default="[]")
    """A JSON list of the kinds of chance point people answer from the physical box (companion mode,
    docs/companion.md); [] for a digital game."""
    rules_version: Mapped[str] = mapped_column(Text)
    content_id: Mapped[str] = mapped_column(Text)
    public: Mapped[bool] = mapped_column(Boolean)
    host_hash: Mapped[str] = mapped_column(String(64))
    seats: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    """+1 on every committed change of the game: an action or an undo."""
    clock: Mapped[int] = mapped_column(Integer, default=0)
    """Seconds on each seat's clock; 0: no timers."""
    created: Mapped[float] = mapped_column(Double)
    updated: Mapped[float] = mapped_column(Double)
    lease_owner: Mapped[str] = mapped_column(Text, default="")
    """The server process that runs this table's bots ('' for none), until `lease_until`."""
    lease_until: Mapped[float] = mapped_column(Double, default=0.0)


class Seat(Base):
    """One seat of a table: open, a person's (by the hash of their token) or a bot's."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(Text, default="")
    bot: Mapped[str] = mapped_column(Text, default="")
    token_hash: Mapped[str] = mapped_column(String(64), default="")
    clock_left: Mapped[float] = mapped_column(Double, default=0.0)
    away: Mapped[bool] = mapped_column(Boolean, default=False)


class Action(Base):
    """One action of a table's log, in order; an undone action stays, marked, with the version that undid it."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer)
    """The seat that acted, or -1 for a chance outcome."""
    text: Mapped[str] = mapped_column(Text)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer)
    """The table version this row made."""
    undone_version: Mapped[int] = mapped_column(Integer, default=0)
    """The table version that undid it; 0 while it stands."""


class Chat(Base):
    """One chat line of a table."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_table_id_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(16), ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    """The speaking seat, or -1 for a spectator or the server."""
    name: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Double)
