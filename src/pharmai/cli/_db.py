"""``pharmai db …``: schema, demo world, catalog import and synthetic catalogs."""

from __future__ import annotations

import typer

from pharmai.cli._common import clock, open_db, settings
from pharmai.db import Database, seed_demo_world, upgrade as upgrade_schema

__all__ = ["app"]

app = typer.Typer(help="Database schema, demo data and catalog import.", no_args_is_help=True)


@app.command()
def upgrade() -> None:
    """Migrate the database to the newest schema (Alembic)."""
    db = Database(settings().database_url)
    upgrade_schema(db)
    typer.echo(f"schema up to date ({db.dialect})")


@app.command()
def seed(reset: bool = typer.Option(False, "--reset", help="Delete all data first, then seed afresh.")) -> None:
    """Seed the demo pharmacy of DEMO_WORLD.md (dates relative to PHARMAI_TODAY or today)."""
    db = open_db(seed=False)
    with db.session(write=True) as session:
        written = seed_demo_world(session, clock().today(), reset=reset)
    typer.echo("demo world seeded" if written else "catalog already present (use --reset to start afresh)")
