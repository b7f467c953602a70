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
from tests.faults import _summary as fault_summary

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


# --- the fault suite's summary (tests/faults): workers write it to a file, the controller prints it -----


def pytest_configure(config: pytest.Config) -> None:
    fault_summary.configure(config)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    fault_summary.configure_node(node)


def _services() -> list[str]:
    """What this run covers of the optional servers, and why a part is skipped (never the URLs: passwords)."""
    redis_url = os.environ.get("PHARMAI_TEST_REDIS_URL")
    return [
        "PostgreSQL: every database test also runs on PHARMAI_TEST_DATABASE_URL"
        if _PG_URL
        else "PostgreSQL: PHARMAI_TEST_DATABASE_URL is not set, so database tests run on SQLite only and the "
        "PostgreSQL-only tests are skipped (README, Tests)",
        "Redis: the shared rate-limit and breaker tests run on PHARMAI_TEST_REDIS_URL"
        if redis_url
        else "Redis: PHARMAI_TEST_REDIS_URL is not set, so the tests that need a Redis server are skipped "
        "(README, Tests)",
    ]


def pytest_report_header(config: pytest.Config) -> list[str]:
    return _services()


def pytest_terminal_summary(terminalreporter: object, exitstatus: int, config: pytest.Config) -> None:
    fault_summary.terminal_summary(terminalreporter, config)
    write_sep = getattr(terminalreporter, "write_sep", None)
    write_line = getattr(terminalreporter, "write_line", None)
    if write_sep is not None and write_line is not None:
        write_sep("-", "optional servers")
        for line in _services():
            write_line(line)


def pytest_unconfigure(config: pytest.Config) -> None:
    fault_summary.unconfigure(config)
