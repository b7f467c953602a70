"""The Alembic migrations produce exactly the models' schema, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select

from pharmai.db import Database, is_seeded, seed_demo_world, upgrade
from pharmai.db._models_documents import include_name
from pharmai.db.models import Base, Inventory, Product
from tests.conftest import TODAY


def test_migrated_schema_matches_the_models(db: Database) -> None:
    with db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "include_name": include_name})
        diff = compare_metadata(context, Base.metadata)
    assert diff == []


def test_upgrade_twice_is_a_no_op(db: Database) -> None:
    upgrade(db)
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(Product)) == 22


def test_seed_runs_once_unless_reset(db: Database) -> None:
    with db.session(write=True) as session:
        assert is_seeded(session)
        assert seed_demo_world(session, TODAY) is False
    with db.session(write=True) as session:
        inventory = session.get(Inventory, ("s1", "m002"))
        assert inventory is not None
        inventory.qty_on_hand = 1
    with db.session(write=True) as session:
        assert seed_demo_world(session, TODAY, reset=True) is True
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(Product)) == 22
        restored = session.get(Inventory, ("s1", "m002"))
        assert restored is not None and restored.qty_on_hand == 85


def test_sqlite_runs_in_wal_mode(tmp_path) -> None:
    database = Database(f"sqlite:///{tmp_path / 'wal.db'}")
    upgrade(database)
    with database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
