"""Schema migrations (Alembic), run programmatically so they work from an installed package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from pharmai.db.engine import Database

__all__ = ["alembic_config", "upgrade"]

_MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(db: Database) -> Config:
    """An Alembic config pointed at pharmai's migration scripts and ``db``."""
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("sqlalchemy.url", db.url.replace("%", "%%"))
    return config


def upgrade(db: Database, revision: str = "head") -> None:
    """Bring the schema of ``db`` up to ``revision``."""
    config = alembic_config(db)
    with db.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
