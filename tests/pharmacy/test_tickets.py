"""Handoff tickets through the real database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import Ticket
from pharmai.errors import PatientNotFound, ValidationFailed
from pharmai.pharmacy.tickets import open_ticket


def test_tickets_queue_in_order(db: Database, clock: FixedClock) -> None:
    results = []
    for n, language in enumerate(["en", "he", "en"]):
        clock.advance(seconds=1)
        with db.session(write=True) as s:
            results.append(
                open_ticket(
                    s,
                    user_id="u002" if n else None,
                    conversation_id=f"c{n}",
                    reason="Question about dosage",
                    priority="high",
                    language=language,
                    clock=clock,
                )
            )
    assert [r.queue_position for r in results] == [1, 2, 3]
    assert all(r.status == "open" for r in results) and len({r.ticket_id for r in results}) == 3
    assert "number 1 in the queue" in results[0].message and "מספר 2 בתור" in results[1].message
    with db.session() as s:
        stored = s.get(Ticket, results[1].ticket_id)
    assert stored is not None and (stored.user_id, stored.language, stored.priority) == ("u002", "he", "high")


def test_closed_tickets_leave_the_queue(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        first = open_ticket(s, user_id=None, conversation_id=None, reason="a", clock=clock)
    with db.session(write=True) as s:
        row = s.get(Ticket, first.ticket_id)
        assert row is not None
        row.status = "closed"
    clock.advance(seconds=1)
    with db.session(write=True) as s:
        second = open_ticket(s, user_id=None, conversation_id=None, reason="b", priority=None, clock=clock)
    assert second.queue_position == 1 and second.priority == "normal"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reason": ""},
        {"reason": "   "},
        {"reason": "x" * 2001},
        {"reason": 5},
        {"reason": None},
        {"priority": "asap"},
        {"priority": "<script>"},
        {"language": "fr"},
        {"conversation_id": "'; DROP TABLE tickets; --"},
        {"user_id": "x" * 10_000},
    ],
)
def test_bad_tickets_are_refused(
    db: Database, clock: FixedClock, snapshot: Callable[[], Any], kwargs: dict[str, Any]
) -> None:
    args: dict[str, Any] = {"user_id": None, "conversation_id": "c1", "reason": "help", "clock": clock, **kwargs}
    before = snapshot()
    with pytest.raises(ValidationFailed), db.session(write=True) as s:
        open_ticket(s, **args)
    assert snapshot() == before


def test_longest_reason_and_html_are_stored_as_text(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        result = open_ticket(s, user_id=None, conversation_id=None, reason="<b>" + "x" * 1997, clock=clock)
    with db.session() as s:
        assert s.scalar(select(Ticket.reason).where(Ticket.ticket_id == result.ticket_id)) == "<b>" + "x" * 1997


def test_unknown_patient(db: Database, clock: FixedClock, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with pytest.raises(PatientNotFound), db.session(write=True) as s:
        open_ticket(s, user_id="u999", conversation_id=None, reason="help", clock=clock)
    assert snapshot() == before
