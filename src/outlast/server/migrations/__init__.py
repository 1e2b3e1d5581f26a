"""Alembic migrations of the server's database (run by `Store`, never by hand: see docs/server.md)."""
