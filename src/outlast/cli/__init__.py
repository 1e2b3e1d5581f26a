"""The terminal door: the `outlast` command (see docs/cli.md)."""
