"""Storage: SQLAlchemy models, Alembic migrations, the demo world, importers and the generator."""

from pharmai.db.engine import Database, normalize_url
from pharmai.db.migrate import upgrade
from pharmai.db.seed import clear_all, is_seeded, seed_demo_world

__all__ = ["Database", "clear_all", "is_seeded", "normalize_url", "open_database", "seed_demo_world", "upgrade"]


def open_database(url: str, *, today: object = None, seed: bool = True) -> Database:
    """Open ``url``, migrate it to the newest schema and, on first run, seed the demo world.

    Args:
        url: SQLAlchemy URL.
        today: The day relative demo dates count from (a ``datetime.date``; default: the real today).
        seed: Seed the demo world when the catalog is empty.
    """
    from datetime import UTC, date, datetime

    db = Database(url)
    upgrade(db)
    if seed:
        day = today if isinstance(today, date) else datetime.now(UTC).date()
        with db.session(write=True) as session:
            seed_demo_world(session, day)
    return db
