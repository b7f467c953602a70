"""Refill requests: every check and the stock reservation in one transaction, idempotent per prescription."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db.models import Inventory, Prescription, RefillRequest
from pharmai.errors import NoRefillsRemaining, OutOfStock, RxExpired, RxNotActive
from pharmai.pharmacy._common import aware, check_id, check_language, get_product, get_store, pick
from pharmai.pharmacy.prescriptions import STATUS_LABELS, effective_status, owned_prescription
from pharmai.pharmacy.search import display_name

__all__ = ["READY_AFTER_DAYS", "RefillResult", "refill_summary", "request_refill"]

#: A new refill is ready for pickup this many days after the request.
READY_AFTER_DAYS = 1


@dataclass(frozen=True)
class RefillResult:
    """A pending refill request; ``existing`` is true when it was already there (nothing changed)."""

    refill_id: str
    presc_id: str
    med_id: str
    display_name: str
    name_en: str
    name_he: str
    store_id: str
    status: str
    quantity: int
    refills_left_after: int
    ready_by: date
    created_at: datetime
    existing: bool


def _pending(session: Session, presc_id: str) -> RefillRequest | None:
    query = select(RefillRequest).where(RefillRequest.presc_id == presc_id, RefillRequest.status == "pending")
    return session.scalars(query).first()


def _result(
    session: Session, refill: RefillRequest, prescription: Prescription, language: str, *, existing: bool
) -> RefillResult:
    product = get_product(session, prescription.med_id)
    return RefillResult(
        refill_id=refill.refill_id,
        presc_id=refill.presc_id,
        med_id=product.med_id,
        display_name=display_name(product, language),
        name_en=product.brand_en,
        name_he=product.brand_he,
        store_id=refill.store_id,
        status=refill.status,
        quantity=refill.quantity,
        refills_left_after=prescription.refills_left,
        ready_by=refill.ready_by,
        created_at=aware(refill.created_at),
        existing=existing,
    )


def _check_refillable(prescription: Prescription, today: date) -> None:
    status = effective_status(prescription, today)
    if status == "expired":
        raise RxExpired({"presc_id": prescription.presc_id, "expires_at": prescription.expires_at.isoformat()})
    if status != "active":
        labels = STATUS_LABELS.get(status, {"en": status, "he": status})
        raise RxNotActive({"presc_id": prescription.presc_id, "status": labels["en"], "status_he": labels["he"]})
    if prescription.refills_left <= 0:
        raise NoRefillsRemaining({"presc_id": prescription.presc_id})


def request_refill(
    session: Session,
    user_id: Any,
    presc_id: Any,
    store_id: Any = None,
    *,
    clock: Clock,
    language: str = "en",
) -> RefillResult:
    """Request a refill of the patient's prescription at a store, reserving the stock.

    Run it inside one write transaction (``db.session(write=True)``): it locks the prescription and the
    inventory row (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's write lock serialises writers), checks
    ownership, status, expiry, refills left and stock, then takes one refill and ``fill_quantity`` packs.
    If a refill is already pending for the prescription it is returned unchanged (``existing=True``).

    Args:
        session: An open session in a write transaction; the caller commits.
        user_id: The verified patient of the session.
        presc_id: The prescription to refill.
        store_id: The pickup store (``None`` = the default store).
        clock: Gives the request time and today's date (expiry, ``ready_by``).
        language: ``"en"`` or ``"he"`` for ``display_name``.

    Raises:
        PrescriptionNotFound: Unknown prescription, or another patient's (the same answer).
        RxExpired / RxNotActive / NoRefillsRemaining: the prescription cannot be refilled.
        OutOfStock: Not enough stock at the store. StoreNotFound / ValidationFailed: bad arguments.
    """
    language = check_language(language)
    user_id = check_id(user_id, "user_id")
    store = get_store(session, store_id)
    prescription = owned_prescription(session, user_id, presc_id, lock=True)
    existing = _pending(session, prescription.presc_id)
    if existing is not None:
        return _result(session, existing, prescription, language, existing=True)
    _check_refillable(prescription, clock.today())
    stock = session.scalars(
        select(Inventory)
        .where(Inventory.store_id == store.store_id, Inventory.med_id == prescription.med_id)
        .with_for_update()
    ).first()
    quantity = max(prescription.fill_quantity, 1)
    if stock is None or stock.qty_on_hand < quantity:
        eta = stock.restock_eta.isoformat() if stock is not None and stock.restock_eta else None
        raise OutOfStock({"med_id": prescription.med_id, "store_id": store.store_id, "restock_eta": eta})
    refill = RefillRequest(
        refill_id=f"r-{uuid.uuid4().hex[:24]}",
        presc_id=prescription.presc_id,
        user_id=user_id,
        store_id=store.store_id,
        quantity=quantity,
        status="pending",
        created_at=clock.now(),
        ready_by=clock.today() + timedelta(days=READY_AFTER_DAYS),
    )
    try:
        # A savepoint, so that losing the race on the partial unique index leaves the outer transaction usable.
        with session.begin_nested():
            prescription.refills_left -= 1
            stock.qty_on_hand -= quantity
            session.add(refill)
            session.flush()
    except IntegrityError:
        winner = _pending(session, prescription.presc_id)
        if winner is None:
            raise
        session.refresh(prescription)
        return _result(session, winner, prescription, language, existing=True)
    return _result(session, refill, prescription, language, existing=False)


def refill_summary(refill: RefillResult, language: str) -> str:
    """A one-line description of a refill for confirmations and replies, in ``language``."""
    en = f"Refill of {refill.name_en} at store {refill.store_id}, ready by {refill.ready_by.isoformat()}."
    he = f"חידוש של {refill.name_he} בסניף {refill.store_id}, מוכן עד {refill.ready_by.isoformat()}."
    return pick(language, en, he)
