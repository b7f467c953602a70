"""What every command needs: settings, the clock and an open, migrated database."""

from __future__ import annotations

import json
import sys
from typing import Any

import typer

from pharmai.clock import Clock
from pharmai.db import Database, open_database
from pharmai.errors import PharmaiError
from pharmai.settings import Settings, get_settings

__all__ = ["clock", "fail", "open_db", "print_json", "settings"]


def settings() -> Settings:
    """The process settings (environment and ``.env``)."""
    return get_settings()


def clock() -> Clock:
    """The clock, pinned when ``PHARMAI_TODAY`` is set."""
    return Clock(settings().today)


def open_db(*, seed: bool = True) -> Database:
    """The configured database, migrated, and seeded with the demo world on first run."""
    return open_database(settings().database_url, today=clock().today(), seed=seed)


def print_json(value: Any) -> None:
    """Print ``value`` as JSON (UTF-8, Hebrew unescaped) on stdout."""
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2, default=str) + "\n")


def fail(error: PharmaiError | str, code: int = 1) -> typer.Exit:
    """Print an error on stderr and return the exit to raise."""
    message = error.message("en") if isinstance(error, PharmaiError) else error
    typer.secho(f"error: {message}", err=True, fg=typer.colors.RED)
    return typer.Exit(code)
