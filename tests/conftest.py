"""Shared fixtures: every test that takes ``db`` runs on SQLite, and on PostgreSQL too when
``PHARMAI_TEST_DATABASE_URL`` is set. Each run gets its own PostgreSQL schema, dropped at the end."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.db.seed import clear_all

#: The pinned "today" of the test suite; demo dates are relative to it.
TODAY = date(2026, 3, 1)

_PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")
BACKENDS = ["sqlite"] + (["postgresql"] if _PG_URL else [])


@pytest.fixture(scope="session")
def today() -> date:
    return TODAY


def _pg_schema_url(base: str, schema: str) -> str:
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


@pytest.fixture(scope="session")
def _migrated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Database]]:
    databases: dict[str, Database] = {}
    schema = None
    sqlite_path = Path(tmp_path_factory.mktemp("db")) / "pharmai.db"
    databases["sqlite"] = Database(f"sqlite:///{sqlite_path}")
    if _PG_URL:
        schema = f"pharmai_test_{uuid.uuid4().hex[:12]}"
        admin = create_engine(Database(_PG_URL).url)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        databases["postgresql"] = Database(_pg_schema_url(_PG_URL, schema))
    for database in databases.values():
        upgrade(database)
    yield databases
    for database in databases.values():
        database.dispose()
    if schema:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, _migrated: dict[str, Database]) -> Database:
    """A migrated database holding a fresh demo world (``TODAY`` = :data:`TODAY`)."""
    database = _migrated[request.param]
    with database.session(write=True) as session:
        clear_all(session)
        seed_demo_world(session, TODAY)
    return database
