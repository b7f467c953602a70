"""``pharmai start``: prepare the embedded database and start the assistant's chat."""

from __future__ import annotations

from typing import Annotated

import typer

from pharmai.cli._chat import run_chat
from pharmai.cli._common import open_db, settings

__all__ = ["start"]


def start(
    language: Annotated[str, typer.Option("--language", help="he or en (the reply language to start with).")] = "he",
) -> None:
    """Create and seed the embedded database on first run, then start chatting with the assistant."""
    db = open_db()
    typer.echo(f"pharmai ready: {db.dialect} database at {settings().database_url}")
    db.dispose()
    run_chat(language=language)
