"""Patients, prescriptions with effective status, and prescription verification (seed 000)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.errors import MedNotFound, PatientNotFound, PrescriptionNotFound, ValidationFailed
from pharmai.pharmacy.patients import get_patient
from pharmai.pharmacy.prescriptions import get_prescription, list_prescriptions, refill_reason, verify
from tests.conftest import TODAY
from tests.pharmacy.conftest import HOSTILE


@pytest.mark.parametrize(
    "identifier",
    [
        "david.cohen@example.com",
        "David.Cohen@Example.COM",
        "0501234567",
        "050-123-4567",
        "+972-50-123-4567",
        "+972501234567",
    ],
)
def test_patient_by_any_identifier_format(db: Database, identifier: str) -> None:
    with db.session() as s:
        en = get_patient(s, identifier=identifier)
        he = get_patient(s, identifier=identifier, language="he")
    assert (en.user_id, en.full_name, he.full_name) == ("u002", "David Cohen", "דוד כהן")


def test_unknown_patient(db: Database) -> None:
    with db.session() as s:
        for kwargs in ({"identifier": "nobody@example.com"}, {"user_id": "u999"}):
            with pytest.raises(PatientNotFound) as caught:
                get_patient(s, **kwargs)
            assert "account" in caught.value.message("en") and "החשבון" in caught.value.message("he")
        for bad in HOSTILE:
            with pytest.raises(ValidationFailed):
                get_patient(s, identifier=bad)


def test_david_cohen_prescriptions(db: Database, clock: FixedClock) -> None:
    with db.session() as s:
        result = list_prescriptions(s, "u002", clock=clock)
        result_he = list_prescriptions(s, "u002", clock=clock, language="he")
    assert result.user.full_name == "David Cohen" and result_he.user.full_name == "דוד כהן"
    rows = {p.presc_id: p for p in result.prescriptions}
    assert list(rows) == ["p001", "p002", "p003", "p004"]
    assert [(p.status, p.refills_left, p.can_refill) for p in rows.values()] == [
        ("active", 2, True),
        ("active", 5, True),
        ("expired", 1, False),
        ("completed", 0, False),
    ]
    assert rows["p001"].med_id == "m007" and rows["p001"].display_name == "Moxypen (Amoxicillin) 500 mg"
    assert rows["p001"].rx_required and not rows["p001"].in_stock and rows["p002"].in_stock
    assert rows["p001"].expires_at == TODAY + timedelta(days=90)
    he = {p.presc_id: p for p in result_he.prescriptions}
    assert he["p003"].status_label == "פג תוקף" and rows["p003"].status_label == "expired"
    assert he["p001"].name_he == "מוקסיפן"


def test_active_prescription_past_expiry_is_expired(db: Database) -> None:
    later = FixedClock(TODAY + timedelta(days=11))
    with db.session() as s:
        p502 = get_prescription(s, "u005", "p502", clock=later)
        reason_en, reason_he = refill_reason(p502, "en"), refill_reason(p502, "he")
    assert (p502.status, p502.can_refill) == ("expired", False)
    assert reason_en == "Prescription is expired" and reason_he == "המרשם במצב פג תוקף"


def test_pending_refill_is_flagged(db: Database, clock: FixedClock) -> None:
    with db.session() as s:
        (p901,) = list_prescriptions(s, "u009", clock=clock).prescriptions
        none = list_prescriptions(s, "u004", clock=clock)
    assert p901.refill_pending and p901.pending_refill_id == "r-demo-p901" and p901.can_refill
    assert none.prescriptions == () and none.user.user_id == "u004"


def test_another_patients_prescription_answers_like_an_unknown_one(db: Database, clock: FixedClock) -> None:
    with db.session() as s:
        with pytest.raises(PrescriptionNotFound) as foreign:
            get_prescription(s, "u001", "p001", clock=clock)
        with pytest.raises(PrescriptionNotFound) as missing:
            get_prescription(s, "u001", "p777", clock=clock)
    # No existence oracle: the same error, details and messages whether the id is someone else's or nobody's.
    assert foreign.value.to_error("en") == missing.value.to_error("en")
    assert foreign.value.to_error("he") == missing.value.to_error("he")
    assert not foreign.value.details
    for language in ("en", "he"):
        text = foreign.value.message(language)
        assert "Moxypen" not in text and "David" not in text and "מוקסיפן" not in text


@pytest.mark.parametrize(
    ("user", "kwargs", "expected"),
    [
        ("u002", {"med_id": "m007"}, (True, True, "active", "p001", 2, "allow_refill_request")),
        ("u002", {"presc_id": "p002"}, (True, True, "active", "p002", 5, "allow_refill_request")),
        ("u002", {"med_id": "m011"}, (True, False, "expired", "p003", 1, "cannot_proceed")),
        ("u002", {"med_id": "m011", "intent": "new"}, (True, False, "expired", "p003", 1, "request_rx_details")),
        ("u002", {"med_id": "m014"}, (True, False, "completed", "p004", 0, "cannot_proceed")),
        ("u003", {"presc_id": "p202"}, (True, True, "active", "p202", 0, "cannot_proceed")),
        ("u005", {"med_id": "m013"}, (True, False, "cancelled", "p501", 2, "cannot_proceed")),
        ("u009", {"med_id": "m009"}, (True, True, "refill_pending", "p901", 2, "cannot_proceed")),
        ("u004", {"med_id": "m009"}, (True, False, None, None, 0, "request_rx_details")),
        ("u004", {"med_id": "m006"}, (False, False, None, None, 0, "no_rx_needed")),
    ],
)
def test_verify(db: Database, clock: FixedClock, user: str, kwargs: dict[str, Any], expected: tuple[Any, ...]) -> None:
    with db.session() as s:
        en = verify(s, user, clock=clock, **kwargs)
        he = verify(s, user, clock=clock, language="he", **kwargs)
    got = (en.rx_required, en.has_valid_rx, en.rx_status, en.presc_id, en.refills_remaining, en.next_step)
    assert got == expected and en.patient_found
    assert en.notes and he.notes and en.notes != he.notes
    assert any("\u0590" <= ch <= "\u05ff" for ch in he.notes) and en.notes.isascii()


def test_verify_notes_say_why(db: Database, clock: FixedClock) -> None:
    with db.session() as s:
        expired = verify(s, "u002", med_id="m011", clock=clock)
        expired_he = verify(s, "u002", med_id="m011", clock=clock, language="he")
        pending = verify(s, "u009", med_id="m009", clock=clock)
    assert "expired" in expired.notes and (TODAY - timedelta(days=30)).isoformat() in expired.notes
    assert "פג" in expired_he.notes
    assert "already pending" in pending.notes and (TODAY + timedelta(days=1)).isoformat() in pending.notes


def test_verify_errors(db: Database, clock: FixedClock, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with db.session() as s:
        with pytest.raises(PrescriptionNotFound):
            verify(s, "u001", presc_id="p001", clock=clock)
        with pytest.raises(PrescriptionNotFound):
            verify(s, "u001", presc_id="p404", clock=clock)
        with pytest.raises(MedNotFound):
            verify(s, "u001", med_id="m404", clock=clock)
        with pytest.raises(PatientNotFound):
            verify(s, "u404", med_id="m001", clock=clock)
        with pytest.raises(ValidationFailed):
            verify(s, "u001", clock=clock)
        with pytest.raises(ValidationFailed):
            verify(s, "u001", med_id="m009", intent="steal", clock=clock)
        for bad in HOSTILE:
            if bad is None:
                continue
            with pytest.raises(ValidationFailed):
                verify(s, "u001", med_id=bad, clock=clock)
            with pytest.raises(ValidationFailed):
                verify(s, bad, med_id="m009", clock=clock)
    assert snapshot() == before
