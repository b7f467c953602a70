"""Refill requests: the checks, the stock reservation, idempotence and concurrency, on every backend."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import Inventory, Patient, Prescription, RefillRequest
from pharmai.errors import (
    NoRefillsRemaining,
    OutOfStock,
    PharmaiError,
    PrescriptionNotFound,
    RxExpired,
    RxNotActive,
    StoreNotFound,
    ValidationFailed,
)
from pharmai.pharmacy.refills import RefillResult, refill_summary, request_refill
from tests.conftest import TODAY
from tests.pharmacy.conftest import HOSTILE


def _qty(db: Database, med_id: str, store_id: str = "s1") -> int:
    with db.session() as s:
        row = s.get(Inventory, (store_id, med_id))
        assert row is not None
        return row.qty_on_hand


def _refills_left(db: Database, presc_id: str) -> int:
    with db.session() as s:
        row = s.get(Prescription, presc_id)
        assert row is not None
        return row.refills_left


def test_refill_reserves_stock_and_takes_one_refill(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        refill = request_refill(s, "u002", "p002", "s1", clock=clock, language="he")
    assert (refill.presc_id, refill.med_id, refill.store_id, refill.status) == ("p002", "m008", "s1", "pending")
    assert refill.refills_left_after == 4 and refill.ready_by == TODAY + timedelta(days=1) and not refill.existing
    assert refill.display_name.startswith("גלוקופאז'") and refill.name_en == "Glucophage"
    assert _qty(db, "m008") == 119 and _refills_left(db, "p002") == 4
    assert "Glucophage" in refill_summary(refill, "en") and "גלוקופאז'" in refill_summary(refill, "he")


def test_second_request_returns_the_pending_refill_unchanged(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        first = request_refill(s, "u002", "p002", None, clock=clock)
    with db.session(write=True) as s:
        second = request_refill(s, "u002", "p002", "s2", clock=clock)
    assert second.existing and second.refill_id == first.refill_id and second.store_id == "s1"
    assert _qty(db, "m008") == 119 and _qty(db, "m008", "s2") == 80 and _refills_left(db, "p002") == 4


def test_demo_pending_refill_of_p901_is_returned(db: Database, clock: FixedClock) -> None:
    with db.session(write=True) as s:
        refill = request_refill(s, "u009", "p901", "s1", clock=clock)
    assert refill.existing and refill.refill_id == "r-demo-p901" and refill.refills_left_after == 2
    assert _qty(db, "m009") == 60


@pytest.mark.parametrize(
    ("user", "presc", "error", "fragments"),
    [
        ("u002", "p003", RxExpired, ("expired", "פג")),
        ("u010", "p1001", RxExpired, ("expired", "פג")),
        ("u002", "p004", RxNotActive, ("completed", "הושלם")),
        ("u008", "p801", RxNotActive, ("completed", "הושלם")),
        ("u005", "p501", RxNotActive, ("cancelled", "בוטל")),
        ("u003", "p202", NoRefillsRemaining, ("no refills", "לא נותרו")),
        ("u002", "p001", OutOfStock, ("out of stock", "אזלה")),
        ("u001", "p002", PrescriptionNotFound, ("couldn't find", "לא מצאתי")),  # another patient's: no oracle
        ("u001", "p404", PrescriptionNotFound, ("couldn't find", "לא מצאתי")),
    ],
)
def test_refused_refills_change_nothing(
    db: Database,
    clock: FixedClock,
    snapshot: Callable[[], Any],
    user: str,
    presc: str,
    error: type[PharmaiError],
    fragments: tuple[str, str],
) -> None:
    before = snapshot()
    with pytest.raises(error) as caught, db.session(write=True) as s:
        request_refill(s, user, presc, "s1", clock=clock)
    assert fragments[0] in caught.value.message("en") and fragments[1] in caught.value.message("he")
    assert snapshot() == before


def test_active_prescription_past_expiry_is_refused(db: Database, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with pytest.raises(RxExpired), db.session(write=True) as s:
        request_refill(s, "u005", "p502", "s1", clock=FixedClock(TODAY + timedelta(days=11)))
    assert snapshot() == before


def test_bad_arguments_change_nothing(db: Database, clock: FixedClock, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with pytest.raises(StoreNotFound), db.session(write=True) as s:
        request_refill(s, "u002", "p002", "s9", clock=clock)
    for bad in HOSTILE:
        with pytest.raises(ValidationFailed), db.session(write=True) as s:
            request_refill(s, "u002", bad, "s1", clock=clock)
        if bad is not None:
            with pytest.raises(ValidationFailed), db.session(write=True) as s:
                request_refill(s, bad, "p002", "s1", clock=clock)
    assert snapshot() == before


def _hammer(
    db: Database, calls: list[tuple[str, str]], clock: FixedClock
) -> tuple[list[RefillResult], list[Exception]]:
    results: list[RefillResult] = []
    errors: list[Exception] = []
    lock = threading.Lock()
    start = threading.Barrier(len(calls))

    def worker(user: str, presc: str) -> None:
        start.wait()
        try:
            with db.session(write=True) as s:
                refill = request_refill(s, user, presc, "s1", clock=clock)
            with lock:
                results.append(refill)
        except Exception as exc:
            with lock:
                errors.append(exc)

    threads = [threading.Thread(target=worker, args=call) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results, errors


def test_fifty_concurrent_requests_create_one_refill(db: Database, clock: FixedClock) -> None:
    results, errors = _hammer(db, [("u002", "p002")] * 50, clock)
    assert errors == [] and len(results) == 50
    assert len({r.refill_id for r in results}) == 1 and sum(not r.existing for r in results) == 1
    with db.session() as s:
        pending = s.scalars(select(RefillRequest).where(RefillRequest.presc_id == "p002")).all()
    assert len(pending) == 1
    assert _qty(db, "m008") == 119 and _refills_left(db, "p002") == 4


def test_concurrent_refills_never_drive_stock_below_zero(db: Database, clock: FixedClock) -> None:
    far = TODAY + timedelta(days=100)
    with db.session(write=True) as s:
        s.execute(update(Inventory).where(Inventory.med_id == "m010", Inventory.store_id == "s1").values(qty_on_hand=3))
        for n in range(10):
            s.add(
                Patient(
                    user_id=f"ut{n}", name_en="Test", name_he="בדיקה", email=f"t{n}@e.com", phone=f"+97250900000{n}"
                )
            )
        s.flush()
        for n in range(10):
            s.add(
                Prescription(
                    presc_id=f"pt{n}",
                    user_id=f"ut{n}",
                    med_id="m010",
                    status="active",
                    refills_left=2,
                    fill_quantity=1,
                    prescribed_at=date(2026, 1, 1),
                    expires_at=far,
                )
            )
    results, errors = _hammer(db, [(f"ut{n}", f"pt{n}") for n in range(10)], clock)
    assert len(results) == 3 and len(errors) == 7
    assert all(isinstance(e, OutOfStock) for e in errors)
    assert _qty(db, "m010") == 0
    with db.session() as s:
        made = s.scalars(select(RefillRequest).where(RefillRequest.presc_id.like("pt%"))).all()
        left = sorted(
            p.refills_left for p in s.scalars(select(Prescription).where(Prescription.user_id.like("ut%"))).unique()
        )
    assert len(made) == 3 and left == [1, 1, 1, 2, 2, 2, 2, 2, 2, 2]
