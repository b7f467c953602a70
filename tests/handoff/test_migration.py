"""Migration 0007 on a database that already holds tickets: they get case numbers in creation order, the
``handoff`` type and ``updated_at``, and new tickets continue the numbering (SQLite and PostgreSQL)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from pharmai.db import Database, upgrade
from pharmai.pharmacy.handoff import tickets

_PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")


@pytest.fixture(params=["sqlite"] + (["postgresql"] if _PG_URL else []))
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        database = Database(f"sqlite:///{tmp_path / 'old.db'}")
        yield database
        database.dispose()
        return
    assert _PG_URL is not None
    schema = f"pharmai_mig_{uuid.uuid4().hex[:10]}"
    admin = create_engine(Database(_PG_URL).url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in _PG_URL else "?"
    database = Database(f"{_PG_URL}{sep}options=-csearch_path%3D{schema}")
    try:
        yield database
    finally:
        database.dispose()
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def test_existing_tickets_get_case_numbers_in_order(fresh: Database) -> None:
    upgrade(fresh, "0006")
    rows = [("t-late", "2026-03-01 10:00:00+00:00"), ("t-early", "2026-03-01 09:00:00+00:00")]
    with fresh.engine.begin() as conn:
        for ticket_id, created in rows:
            conn.execute(
                text(
                    "INSERT INTO tickets (ticket_id, reason, priority, status, language, created_at)"
                    " VALUES (:id, 'old', 'normal', 'open', 'he', :created)"
                ),
                {"id": ticket_id, "created": datetime.fromisoformat(created)},
            )
    upgrade(fresh)
    with fresh.session() as s:
        early, late = tickets.get_ticket(s, "t-early"), tickets.get_ticket(s, "t-late")
    assert (early.case_number, late.case_number) == ("PH-000001", "PH-000002")
    assert early.type == late.type == "handoff" and early.status == "open"
    assert early.updated_at == early.created_at
    with fresh.session(write=True) as s:
        new = tickets.create_ticket(s, kind="support", reason="new", now=datetime(2026, 3, 2, tzinfo=UTC))
    assert new.case_number == "PH-000003"
