"""``pharmai outbox``: the development outbox, where one-time codes land when no sender is configured."""

from __future__ import annotations

from typing import Annotated

import typer

from pharmai.cli._common import open_db
from pharmai.pharmacy.identity import recent_outbox

__all__ = ["outbox"]


def outbox(
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=100, help="How many messages.")] = 5,
) -> None:
    """Show the newest messages of the development outbox (one-time codes for demos and tests)."""
    db = open_db()
    with db.session() as session:
        entries = recent_outbox(session, limit)
    if not entries:
        typer.echo("the outbox is empty")
    for entry in entries:
        typer.echo(f"{entry.created_at:%Y-%m-%d %H:%M:%S}  {entry.channel:<5}  {entry.destination}\n    {entry.body}")
