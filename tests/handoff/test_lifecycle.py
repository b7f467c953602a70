"""The tickets' lifecycle, case numbers, holds and callbacks, on the real database (SQLite, PostgreSQL)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db._models_handoff import ConversationHold
from pharmai.db.models import Conversation, Message
from pharmai.errors import (
    CustomerNotFound,
    InvalidSlot,
    InvalidTicketOperation,
    PharmaiError,
    TicketNotFound,
    ValidationFailed,
)
from pharmai.pharmacy.handoff import callbacks, conversations, customers, tickets
from tests.conftest import TODAY

NOW = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)  # Sunday 10:00 in Israel


def _conversation(db: Database, cid: str = "conv_handoff_1") -> str:
    with db.session(write=True) as s:
        s.add(
            Conversation(
                conversation_id=cid,
                user_id="u001",
                identity_mode="demo",
                language="he",
                store_id="s1",
                profile="canonical",
                engine="offline",
                state={},
                created_at=NOW,
                updated_at=NOW,
            )
        )
    return cid


def _ticket(db: Database, **extra: object) -> tickets.TicketView:
    with db.session(write=True) as s:
        return tickets.create_ticket(s, kind="handoff", reason="רוצה לדבר עם רוקחת", now=NOW, **extra)  # type: ignore[arg-type]


def test_case_numbers_are_sequential_and_unique(db: Database) -> None:
    views = [_ticket(db) for _ in range(3)]
    numbers = [v.case_number for v in views]
    assert len(set(numbers)) == 3
    values = [int(n.removeprefix("PH-")) for n in numbers]
    assert values == sorted(values) and values[1] == values[0] + 1 and values[2] == values[1] + 1
    assert all(n.startswith("PH-") and len(n) == 9 for n in numbers)
    with db.session() as s:
        assert tickets.get_ticket(s, numbers[1]).ticket_id == views[1].ticket_id  # found by case number too


def test_concurrent_tickets_never_share_a_case_number(db: Database) -> None:
    numbers: list[str] = []
    errors: list[BaseException] = []

    def one() -> None:
        try:
            numbers.append(_ticket(db).case_number)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(numbers) == 12 and len(set(numbers)) == 12


def test_the_lifecycle_allows_only_its_transitions(db: Database) -> None:
    view = _ticket(db)
    with db.session(write=True) as s, pytest.raises(InvalidTicketOperation) as refused:
        tickets.transition(s, view.ticket_id, "resolved", "st_a", NOW)
    assert refused.value.code == "INVALID_OPERATION" and refused.value.details["reason"] == "transition"
    assert "open" in refused.value.message("en") and "אי אפשר" in refused.value.message("he")
    steps = [("in_progress", "in_progress"), ("resolved", "resolved"), ("closed", "closed")]
    for target, expected in steps:
        with db.session(write=True) as s:
            moved = tickets.transition(s, view.ticket_id, target, "st_a", NOW + timedelta(minutes=5), note="טופל")
        assert moved.status == expected
    assert moved.claimed_by == "st_a" and moved.resolved_at and moved.closed_at
    with db.session(write=True) as s:
        with pytest.raises(InvalidTicketOperation):
            tickets.transition(s, view.ticket_id, "open", "st_a", NOW)
        assert [n.kind for n in tickets.notes_of(s, view.ticket_id)] == ["note", "resolution", "note"]


def test_bad_input_is_a_typed_error(db: Database) -> None:
    view = _ticket(db)
    with db.session(write=True) as s:
        for bad in ("archived", "", None, 3):
            with pytest.raises(ValidationFailed):
                tickets.transition(s, view.ticket_id, bad, "st_a", NOW)
        for missing in ("t-nothing", "PH-999999", "x" * 500, "'; DROP TABLE tickets; --"):
            with pytest.raises(TicketNotFound):
                tickets.get_ticket(s, missing)
        with pytest.raises(ValidationFailed):
            tickets.create_ticket(s, kind="handoff", reason="", now=NOW)
        with pytest.raises(ValidationFailed):
            tickets.create_ticket(s, kind="refund", reason="x", now=NOW)


def test_only_the_claimant_releases_or_resolves_unless_admin(db: Database) -> None:
    view = _ticket(db)
    with db.session(write=True) as s:
        tickets.claim(s, view.ticket_id, "st_a", NOW)
    with db.session(write=True) as s:
        with pytest.raises(InvalidTicketOperation) as refused:
            tickets.transition(s, view.ticket_id, "resolved", "st_b", NOW)
        assert refused.value.details["reason"] == "not_holder"
    with db.session(write=True) as s:
        assert tickets.transition(s, view.ticket_id, "open", "st_b", NOW, override=True).claimed_by is None


def test_exactly_one_of_two_concurrent_claims_wins(db: Database) -> None:
    for _ in range(5):
        view = _ticket(db)
        barrier = threading.Barrier(2)
        outcomes: dict[str, str] = {}

        def claim(
            staff_id: str,
            ticket_id: str = view.ticket_id,
            bar: threading.Barrier = barrier,
            outcomes: dict[str, str] = outcomes,
        ) -> None:
            bar.wait()
            try:
                with db.session(write=True) as s:
                    tickets.claim(s, ticket_id, staff_id, NOW)
                outcomes[staff_id] = "won"
            except PharmaiError as exc:
                outcomes[staff_id] = str((exc.details or {}).get("reason"))

        threads = [threading.Thread(target=claim, args=(who,)) for who in ("st_a", "st_b")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes.values()) == ["claimed", "won"], outcomes
        winner = next(k for k, v in outcomes.items() if v == "won")
        with db.session() as s:
            assert tickets.get_ticket(s, view.ticket_id).claimed_by == winner


def test_a_claim_holds_the_conversation_and_resolving_hands_it_back(db: Database) -> None:
    cid = _conversation(db)
    view = _ticket(db, conversation_id=cid, user_id="u001")
    assert view.store_id == "s1"  # taken from the conversation, for the store filter
    with db.session(write=True) as s:
        tickets.claim(s, view.ticket_id, "st_a", NOW)
        assert conversations.hold_of(s, cid) is not None
        seq = conversations.staff_reply(s, cid, view.ticket_id, "st_a", "שלום, כאן הרוקחת", "he", NOW)
        with pytest.raises(InvalidTicketOperation):
            conversations.staff_reply(s, cid, view.ticket_id, "st_b", "not mine", "en", NOW)
    with db.session(write=True) as s:
        tickets.transition(s, view.ticket_id, "resolved", "st_a", NOW, note="הוסבר")
        assert s.get(ConversationHold, cid) is None
        rows = conversations.messages_after(s, cid, 0)
    assert [(r.role, r.content) for r in rows] == [
        ("event", conversations.JOINED),
        ("staff", "שלום, כאן הרוקחת"),
        ("event", conversations.LEFT),
    ]
    assert rows[1].seq == seq and [r.seq for r in rows] == sorted(r.seq for r in rows)
    with db.session() as s:
        assert s.scalar(select(Message.seq).where(Message.conversation_id == cid).order_by(Message.seq.desc())) == 3


def test_the_list_filters_and_orders_by_urgency(db: Database) -> None:
    low = _ticket(db, priority="low")
    urgent = _ticket(db, priority="urgent", store_id="s2")
    with db.session(write=True) as s:
        support = tickets.create_ticket(s, kind="support", category="order", reason="הזמנה", now=NOW, user_id="u002")
    with db.session() as s:
        everything = tickets.list_tickets(s, status=("open", "in_progress"))
        assert everything[0].ticket_id == urgent.ticket_id
        assert [v.ticket_id for v in tickets.list_tickets(s, store_id="s2")] == [urgent.ticket_id]
        assert [v.ticket_id for v in tickets.list_tickets(s, kind="support")] == [support.ticket_id]
        assert low.ticket_id in {v.ticket_id for v in tickets.list_tickets(s, status="open")}
        with pytest.raises(ValidationFailed):
            tickets.list_tickets(s, status="pending")


def test_callback_times_are_validated(db: Database) -> None:
    cases = {
        "2026-03-01T09:00": "past",  # earlier today
        "2026-03-01T10:05": "past",  # five minutes' notice
        "2026-03-20T10:00": "too_far",
        "2026-03-03T23:30": "outside_hours",
        "2026-03-07T10:00": "closed",  # Saturday
    }
    with db.session(write=True) as s:
        for when, reason in cases.items():
            with pytest.raises(InvalidSlot) as refused:
                callbacks.schedule_callback(
                    s,
                    user_id="u001",
                    conversation_id=None,
                    store_id="s1",
                    requested_time=when,
                    reason="r",
                    language="he",
                    now=NOW,
                )
            assert refused.value.details["reason"] == reason, when
        with pytest.raises(ValidationFailed):
            callbacks.check_callback_time("tomorrow at ten", "s1", NOW)
        view = callbacks.schedule_callback(
            s,
            user_id="u001",
            conversation_id=None,
            store_id="s1",
            requested_time="2026-03-03T10:00",
            reason="שאלה על המרשם",
            language="he",
            now=NOW,
        )
    assert view.type == "callback" and view.status == "open" and view.callback_at == "2026-03-03T08:00:00+00:00"


def test_lookup_customer_by_phone_email_or_id(db: Database) -> None:
    with db.session() as s:
        by_id = customers.lookup_customer(s, customer_id="u001", language="he")
        assert customers.lookup_customer(s, email=by_id.email.upper()).id == "u001"
        assert customers.lookup_customer(s, phone=by_id.phone).id == "u001"
        for kwargs in ({"customer_id": "u999"}, {"email": "nobody@example.com"}, {"phone": "+972509999999"}):
            with pytest.raises(CustomerNotFound):
                customers.lookup_customer(s, **kwargs)
        with pytest.raises(ValidationFailed):
            customers.lookup_customer(s)
    assert TODAY.year == 2026
