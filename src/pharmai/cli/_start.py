"""``pharmai start``: prepare the embedded database and start the assistant."""

from __future__ import annotations

import typer

from pharmai.cli._common import open_db, settings

__all__ = ["start"]


def start() -> None:
    """Create and seed the embedded database on first run, then start the assistant."""
    db = open_db()
    typer.echo(f"pharmai ready: {db.dialect} database at {settings().database_url}")
