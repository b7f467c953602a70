"""``pharmai db …``: schema, demo world, catalog import and synthetic catalogs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pharmai.cli._common import clock, open_db, settings
from pharmai.cli._purge import purge
from pharmai.db import Database, seed_demo_world
from pharmai.db import upgrade as upgrade_schema
from pharmai.db.generator import generate as generate_catalog
from pharmai.db.importer import import_catalog
from pharmai.errors import ImportFailed, PharmaiError

__all__ = ["app"]

app = typer.Typer(help="Database schema, demo data, catalog import and retention.", no_args_is_help=True)


@app.command()
def upgrade() -> None:
    """Migrate the database to the newest schema (Alembic)."""
    db = Database(settings().database_url)
    upgrade_schema(db)
    typer.echo(f"schema up to date ({db.dialect})")


@app.command()
def seed(reset: bool = typer.Option(False, "--reset", help="Delete all data first, then seed afresh.")) -> None:
    """Seed the demo pharmacy of docs/demo-world.md (dates relative to PHARMAI_TODAY or today)."""
    db = open_db(seed=False)
    with db.session(write=True) as session:
        written = seed_demo_world(session, clock().today(), reset=reset)
    typer.echo("demo world seeded" if written else "catalog already present (use --reset to start afresh)")


_MESSAGES = {
    "rolled_back": {
        "en": "Import rolled back: nothing was written ({count} problem(s)).",
        "he": "הייבוא בוטל ודבר לא נכתב ({count} בעיות).",
    },
    "generated": {
        "en": "Generated {count} synthetic medications (seed {seed}).",
        "he": "נוצרו {count} תרופות סינתטיות (זרע {seed}).",
    },
    "bad_language": {"en": "--language must be en or he.", "he": "--language חייב להיות en או he."},
}


def _language(value: str) -> str:
    if value not in ("en", "he"):
        typer.secho(f"error: {_MESSAGES['bad_language']['en']} / {_MESSAGES['bad_language']['he']}", err=True)
        raise typer.Exit(2)
    return value


@contextmanager
def _progress(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr (so stdout keeps only the result); yields its advance function."""
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


@app.command("import")
def import_(
    file: Path = typer.Argument(..., help="A .csv or .json catalog; the format is in docs/catalog-import.md."),
    language: str = typer.Option("en", "--language", help="Language of the messages: en or he."),
) -> None:
    """Create or update medications from a CSV or JSON catalog; one bad row rejects the whole file."""
    lang = _language(language)
    db = open_db()
    try:
        with _progress("import", None) as advance, db.session(write=True) as session:
            report = import_catalog(session, file, progress=advance)
    except ImportFailed as exc:
        for error in exc.errors:
            typer.echo(error.message(lang), err=True)
        typer.secho(_MESSAGES["rolled_back"][lang].format(count=len(exc.errors)), err=True, fg=typer.colors.RED)
        raise typer.Exit(1) from None
    except PharmaiError as exc:
        typer.secho(f"error: {exc.message(lang)}", err=True, fg=typer.colors.RED)
        raise typer.Exit(1) from None
    # Running servers notice the new catalog by themselves: the search index re-checks its version.
    typer.echo(report.summary(lang))


@app.command()
def generate(
    medications: int = typer.Option(..., "--medications", help="How many synthetic products to add."),
    seed: int = typer.Option(0, "--seed", help="Random seed: the same seed gives the same catalog."),
    language: str = typer.Option("en", "--language", help="Language of the messages: en or he."),
) -> None:
    """Append a plausible synthetic catalog (for scale tests) to the database, deterministic per seed."""
    lang = _language(language)
    db = open_db()
    try:
        with _progress("generate", medications) as advance, db.session(write=True) as session:
            count = generate_catalog(
                session, medications=medications, seed=seed, progress=advance, today=clock().today()
            )
    except PharmaiError as exc:
        typer.secho(f"error: {exc.message(lang)}", err=True, fg=typer.colors.RED)
        raise typer.Exit(1) from None
    # Running servers notice the new catalog by themselves: the search index re-checks its version.
    typer.echo(_MESSAGES["generated"][lang].format(count=count, seed=seed))


app.command("purge")(purge)
