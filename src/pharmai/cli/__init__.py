"""The ``pharmai`` command line (see ``shared/INTERFACES.md``)."""

from __future__ import annotations

import typer

from pharmai.cli import _db, _start

__all__ = ["app", "main"]

app = typer.Typer(
    name="pharmai",
    help="pharmai — a bilingual (Hebrew / English) pharmacy assistant that answers only from the pharmacy's database.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(_db.app, name="db")
app.command("start")(_start.start)


def main() -> None:
    """Entry point of the ``pharmai`` console script."""
    app()
