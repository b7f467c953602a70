"""Helpers for the pharmacy service tests: a pinned clock and a snapshot of every table that can change."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, time
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import IdentityChallenge, Inventory, OutboxMessage, Prescription, RefillRequest, Ticket
from tests.conftest import TODAY

#: Inputs no service may accept as an id or a name, beyond plain unknown ids.
HOSTILE = ["", " ", "x" * 10_000, "'; DROP TABLE products; --", "<script>alert(1)</script>", 42, None, ["m001"]]


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(datetime.combine(TODAY, time(9, 0), tzinfo=UTC))


def _rows(db: Database) -> dict[str, Any]:
    with db.session() as s:
        return {
            "inventory": sorted((r.store_id, r.med_id, r.qty_on_hand) for r in s.scalars(select(Inventory))),
            "prescriptions": sorted(
                (r.presc_id, r.status, r.refills_left) for r in s.scalars(select(Prescription)).unique()
            ),
            "refills": sorted((r.refill_id, r.presc_id, r.status) for r in s.scalars(select(RefillRequest))),
            "tickets": sorted(r.ticket_id for r in s.scalars(select(Ticket))),
            "challenges": sorted((r.challenge_id, r.status, r.attempts) for r in s.scalars(select(IdentityChallenge))),
            "outbox": sorted(r.id for r in s.scalars(select(OutboxMessage))),
        }


@pytest.fixture
def snapshot(db: Database) -> Callable[[], dict[str, Any]]:
    """A callable returning the current contents of every table the services write."""
    return lambda: _rows(db)
