"""Refill rules hold whatever the caller does: no refill from a prescription that is not refillable, and
concurrent requests never over-draw refills or stock — through the executor, confirmations approved."""

from __future__ import annotations

import functools
import threading
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from pharmai.db import Database
from pharmai.db.models import Inventory, Prescription, RefillRequest
from tests.conftest import TODAY
from tests.toolsets.conftest import Session

Make = Callable[..., Session]


def _refills(db: Database, presc_id: str) -> list[RefillRequest]:
    with db.session() as s:
        return list(s.scalars(select(RefillRequest).where(RefillRequest.presc_id == presc_id)))


def _stock(db: Database, store_id: str, med_id: str) -> int:
    with db.session() as s:
        row = s.get(Inventory, (store_id, med_id))
        assert row is not None
        return row.qty_on_hand


def _refills_left(db: Database, presc_id: str) -> int:
    with db.session() as s:
        row = s.get(Prescription, presc_id)
        assert row is not None
        return row.refills_left


@pytest.mark.parametrize(
    ("user", "presc_id", "code"),
    [
        ("u002", "p003", "RX_EXPIRED"),  # expired D-30 with a refill left
        ("u010", "p1001", "RX_EXPIRED"),  # expired D-5 with 3 refills left
        ("u002", "p004", "RX_NOT_ACTIVE"),  # completed
        ("u008", "p801", "RX_NOT_ACTIVE"),  # completed
        ("u005", "p501", "RX_NOT_ACTIVE"),  # cancelled
        ("u003", "p202", "NO_REFILLS_REMAINING"),  # active, 0 refills
    ],
)
@pytest.mark.parametrize("store_id", [None, "s1", "s2"])
def test_unrefillable_prescriptions_never_yield_a_refill(
    db: Database,
    make_session: Make,
    snapshot: Callable[[], Any],
    user: str,
    presc_id: str,
    code: str,
    store_id: str | None,
) -> None:
    before = snapshot()
    session = make_session(user)
    arguments = {"presc_id": presc_id, "store_id": store_id}
    for _ in range(2):  # asking again, and approving again, changes nothing
        first = session.call("request_refill", arguments)
        assert first["error"]["code"] == "CONFIRMATION_REQUIRED"
        approved = session.approve(first["error"]["details"]["confirmation_id"])
        assert approved["ok"] is False and approved["error"]["code"] == code
    assert _refills(db, presc_id) == []
    assert snapshot() == before


def test_a_prescription_that_expires_today_is_not_refillable(db: Database, make_session: Make) -> None:
    with db.session(write=True) as s:
        s.execute(
            update(Prescription).where(Prescription.presc_id == "p002").values(expires_at=TODAY - timedelta(days=1))
        )
    assert make_session("u002").call_confirmed("request_refill", {"presc_id": "p002"})["error"]["code"] == "RX_EXPIRED"
    assert _refills(db, "p002") == []


def test_the_last_refill_can_be_taken_once(db: Database, make_session: Make) -> None:
    # p602 (u006, Simovil) has one refill: the first request takes it, the pending one is returned after.
    session = make_session("u006")
    first = session.call_confirmed("request_refill", {"presc_id": "p602"})
    assert first["refill"]["refills_left_after"] == 0
    again = session.call_confirmed("request_refill", {"presc_id": "p602"})
    assert again["refill"]["refill_id"] == first["refill"]["refill_id"]
    assert _refills_left(db, "p602") == 0 and len(_refills(db, "p602")) == 1


def _run_together(jobs: list[Callable[[], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Run every job on its own thread, released at the same moment."""
    barrier = threading.Barrier(len(jobs))
    results: list[dict[str, Any] | BaseException] = [RuntimeError("not run")] * len(jobs)

    def work(index: int) -> None:
        barrier.wait()
        try:
            results[index] = jobs[index]()
        except BaseException as exc:  # reported below with the others
            results[index] = exc

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors[:3]
    return [r for r in results if isinstance(r, dict)]


def test_fifty_concurrent_refills_of_p002_create_exactly_one(db: Database, make_session: Make) -> None:
    stock = _stock(db, "s1", "m008")
    sessions = [make_session("u002") for _ in range(50)]
    proposals = [s.call("request_refill", {"presc_id": "p002"}) for s in sessions]
    ids = [p["error"]["details"]["confirmation_id"] for p in proposals]
    assert len(set(ids)) == 50
    results = _run_together([functools.partial(s.approve, c) for s, c in zip(sessions, ids, strict=True)])
    codes = Counter(r["error"]["code"] if not r["ok"] else "ok" for r in results)
    assert codes == {"ok": 50}, codes
    refill_ids = {r["refill"]["refill_id"] for r in results}
    assert len(refill_ids) == 1
    assert sum(not r["existing"] for r in results) == 1
    rows = _refills(db, "p002")
    assert [(r.status, r.refill_id) for r in rows] == [("pending", refill_ids.pop())]
    assert _refills_left(db, "p002") == 4
    assert _stock(db, "s1", "m008") == stock - 1


def test_fifty_concurrent_unconfirmed_calls_create_nothing(db: Database, make_session: Make) -> None:
    sessions = [make_session("u002") for _ in range(50)]
    results = _run_together([functools.partial(s.call, "request_refill", {"presc_id": "p002"}) for s in sessions])
    assert {r["error"]["code"] for r in results} == {"CONFIRMATION_REQUIRED"}
    assert _refills(db, "p002") == []


def test_concurrent_refills_of_different_prescriptions_never_overdraw_stock(db: Database, make_session: Make) -> None:
    # Twelve refillable prescriptions of Glucophage, at a store that has three packs left.
    owners = ["u002", "u004", "u007"]
    with db.session(write=True) as s:
        s.execute(update(Inventory).where(Inventory.store_id == "s2", Inventory.med_id == "m008").values(qty_on_hand=3))
        for i in range(12):
            s.add(
                Prescription(
                    presc_id=f"p9{i:02d}x",
                    user_id=owners[i % 3],
                    med_id="m008",
                    status="active",
                    refills_left=2,
                    fill_quantity=1,
                    prescribed_at=TODAY - timedelta(days=10),
                    expires_at=TODAY + timedelta(days=100),
                )
            )
    sessions = [make_session(owners[i % 3]) for i in range(12)]
    proposals = [
        s.call("request_refill", {"presc_id": f"p9{i:02d}x", "store_id": "s2"}) for i, s in enumerate(sessions)
    ]
    ids = [p["error"]["details"]["confirmation_id"] for p in proposals]
    results = _run_together([functools.partial(s.approve, c) for s, c in zip(sessions, ids, strict=True)])
    codes = Counter(r["error"]["code"] if not r["ok"] else "ok" for r in results)
    assert codes == {"ok": 3, "OUT_OF_STOCK": 9}, codes
    assert _stock(db, "s2", "m008") == 0
    with db.session() as s:
        made = list(s.scalars(select(RefillRequest).where(RefillRequest.presc_id.like("p9%x"))))
        assert len(made) == 3 and all(r.store_id == "s2" for r in made)
        left = {
            p.presc_id: p.refills_left
            for p in s.scalars(select(Prescription).where(Prescription.presc_id.like("p9%x")))
        }
    assert sorted(left.values()) == [1, 1, 1] + [2] * 9


def test_a_refill_the_pharmacy_refuses_uses_the_approval_up(db: Database, make_session: Make) -> None:
    # Approved, run, and refused by the rules (the stock went meanwhile): the approval is spent, so a
    # second "yes" cannot slip the refill through once stock returns; a new request asks again.
    session = make_session("u002")
    proposal = session.call("request_refill", {"presc_id": "p002"})
    confirmation_id = proposal["error"]["details"]["confirmation_id"]
    with db.session(write=True) as s:
        s.execute(update(Inventory).where(Inventory.store_id == "s1", Inventory.med_id == "m008").values(qty_on_hand=0))
    assert session.approve(confirmation_id)["error"]["code"] == "OUT_OF_STOCK"
    with db.session(write=True) as s:
        s.execute(update(Inventory).where(Inventory.store_id == "s1", Inventory.med_id == "m008").values(qty_on_hand=5))
    again = session.approve(confirmation_id)
    assert again["error"]["code"] == "CONFIRMATION_DENIED" and again["error"]["details"]["reason"] == "used"
    assert _refills(db, "p002") == []
