"""A patient's prescriptions with their effective status, and prescription verification (seed 000)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db.models import Patient, Prescription, RefillRequest
from pharmai.errors import PatientNotFound, PrescriptionNotFound, ValidationFailed
from pharmai.pharmacy._common import check_choice, check_id, check_language, get_product, get_store, pick
from pharmai.pharmacy._medication import medication_views
from pharmai.pharmacy._rows import load_products
from pharmai.pharmacy.patients import PatientInfo, patient_info

__all__ = [
    "STATUS_LABELS",
    "PatientPrescriptions",
    "PrescriptionView",
    "RxVerification",
    "effective_status",
    "get_prescription",
    "list_prescriptions",
    "owned_prescription",
    "pending_refills",
    "refill_reason",
    "status_label",
    "verify",
]

#: Human names of prescription statuses, for messages in both languages.
STATUS_LABELS = {
    "active": {"en": "active", "he": "פעיל"},
    "expired": {"en": "expired", "he": "פג תוקף"},
    "completed": {"en": "completed", "he": "הושלם"},
    "cancelled": {"en": "cancelled", "he": "בוטל"},
    "refill_pending": {"en": "refill pending", "he": "ממתין לחידוש"},
}


@dataclass(frozen=True)
class PrescriptionView:
    """One prescription as its patient sees it; ``status`` is the effective status."""

    presc_id: str
    user_id: str
    med_id: str
    display_name: str
    name_en: str
    name_he: str
    generic_name_en: str
    generic_name_he: str
    status: str
    status_label: str
    refills_left: int
    fill_quantity: int
    prescribed_at: date
    expires_at: date
    can_refill: bool
    refill_pending: bool
    pending_refill_id: str | None
    rx_required: bool
    in_stock: bool


@dataclass(frozen=True)
class PatientPrescriptions:
    """A patient and their prescriptions (possibly none)."""

    user: PatientInfo
    prescriptions: tuple[PrescriptionView, ...]


def status_label(status: str, language: str) -> str:
    """The human name of a status in ``language``."""
    return STATUS_LABELS.get(status, {}).get(language, status)


def effective_status(prescription: Prescription, today: date) -> str:
    """The stored status, except that an active prescription past ``expires_at`` is ``expired``."""
    if prescription.status == "active" and prescription.expires_at < today:
        return "expired"
    return prescription.status


def pending_refills(session: Session, presc_ids: list[str]) -> dict[str, RefillRequest]:
    """The pending refill request of each prescription that has one."""
    if not presc_ids:
        return {}
    rows = session.scalars(
        select(RefillRequest).where(RefillRequest.presc_id.in_(presc_ids), RefillRequest.status == "pending")
    )
    return {r.presc_id: r for r in rows}


def _patient(session: Session, user_id: Any) -> Patient:
    patient = session.get(Patient, check_id(user_id, "user_id"))
    if patient is None:
        raise PatientNotFound()
    return patient


def owned_prescription(session: Session, user_id: str, presc_id: Any, *, lock: bool = False) -> Prescription:
    """The prescription ``presc_id`` if it belongs to ``user_id``.

    Args:
        session: An open session.
        user_id: The verified patient of the session.
        presc_id: The prescription asked for.
        lock: Take a row lock (``SELECT … FOR UPDATE``) for a read-modify-write.

    Raises:
        PrescriptionNotFound: No prescription of this patient has that id — whether another patient's
            has it or none does: the answer, and the one query behind it, are the same either way, so
            nobody learns which prescription ids exist.
    """
    presc_id = check_id(presc_id, "presc_id")
    query = select(Prescription).where(Prescription.presc_id == presc_id, Prescription.user_id == user_id)
    if lock:
        # Lock only the prescriptions row: PostgreSQL refuses FOR UPDATE across the eager outer join.
        query = query.with_for_update(of=Prescription)
    prescription = session.scalars(query).first()
    if prescription is None:
        raise PrescriptionNotFound()
    return prescription


def _views(
    session: Session, prescriptions: list[Prescription], today: date, store_id: str, language: str
) -> list[PrescriptionView]:
    products = load_products(session, [p.med_id for p in prescriptions])
    meds = {m.med_id: m for m in medication_views(session, list(products.values()), store_id, language)}
    pending = pending_refills(session, [p.presc_id for p in prescriptions])
    views = []
    for p in prescriptions:
        med = meds[p.med_id]
        status = effective_status(p, today)
        refill = pending.get(p.presc_id)
        views.append(
            PrescriptionView(
                presc_id=p.presc_id,
                user_id=p.user_id,
                med_id=p.med_id,
                display_name=med.display_name,
                name_en=med.name_en,
                name_he=med.name_he,
                generic_name_en=med.generic_name_en,
                generic_name_he=med.generic_name_he,
                status=status,
                status_label=status_label(status, language),
                refills_left=p.refills_left,
                fill_quantity=p.fill_quantity,
                prescribed_at=p.prescribed_at,
                expires_at=p.expires_at,
                can_refill=status == "active" and p.refills_left > 0,
                refill_pending=refill is not None,
                pending_refill_id=refill.refill_id if refill is not None else None,
                rx_required=med.rx_required,
                in_stock=med.in_stock,
            )
        )
    return views


def list_prescriptions(
    session: Session, user_id: Any, *, clock: Clock, language: str = "en", store_id: Any = None
) -> PatientPrescriptions:
    """Every prescription of a patient (``get_user_prescriptions``), in id order.

    Args:
        session: An open session.
        user_id: The verified patient of the session.
        clock: Decides which active prescriptions have expired.
        language: ``"en"`` or ``"he"``.
        store_id: The store for ``in_stock`` (``None`` = default store).

    Raises:
        PatientNotFound: Unknown patient. ValidationFailed: malformed arguments.
    """
    language = check_language(language)
    patient = _patient(session, user_id)
    store = get_store(session, store_id)
    rows = list(session.scalars(select(Prescription).where(Prescription.user_id == patient.user_id)).unique())
    rows.sort(key=lambda p: (len(p.presc_id), p.presc_id))
    views = _views(session, rows, clock.today(), store.store_id, language)
    return PatientPrescriptions(user=patient_info(patient, language), prescriptions=tuple(views))


def get_prescription(
    session: Session, user_id: Any, presc_id: Any, *, clock: Clock, language: str = "en", store_id: Any = None
) -> PrescriptionView:
    """One prescription of the patient (refill status of seed 001).

    Raises:
        PatientNotFound: Unknown patient. PrescriptionNotFound: unknown id, or another patient's.
    """
    language = check_language(language)
    patient = _patient(session, user_id)
    store = get_store(session, store_id)
    prescription = owned_prescription(session, patient.user_id, presc_id)
    return _views(session, [prescription], clock.today(), store.store_id, language)[0]


def refill_reason(view: PrescriptionView, language: str) -> str:
    """Why a prescription can or cannot be refilled now, in ``language`` (seed 001's reason strings)."""
    if view.can_refill:
        return pick(language, f"{view.refills_left} refill(s) available", f"נותרו {view.refills_left} חידושים")
    if view.status != "active":
        label = status_label(view.status, language)
        return pick(language, f"Prescription is {label}", f"המרשם במצב {label}")
    return pick(language, "No refills remaining", "לא נותרו חידושים")


# --- verification (seed 000's prescription_verify) --------------------------------------------------

_NOTES = {
    "no_rx_needed": {
        "en": "{name} does not need a prescription.",
        "he": "{name} אינה דורשת מרשם.",
    },
    "none_on_file": {
        "en": "{name} needs a prescription, and there is none for it on your file. Please bring a "
        "prescription from your doctor.",
        "he": "{name} דורשת מרשם, ואין מרשם כזה בתיק שלך. יש להביא מרשם מהרופא/ה.",
    },
    "allowed": {
        "en": "Your prescription is active with {refills} refill(s) remaining, valid until {expires}.",
        "he": "המרשם שלך פעיל, נותרו בו {refills} חידושים, והוא בתוקף עד {expires}.",
    },
    "pending": {
        "en": "A refill of this prescription is already pending (ready by {ready_by}).",
        "he": "כבר קיימת בקשת חידוש ממתינה למרשם הזה (מוכנה עד {ready_by}).",
    },
    "expired": {
        "en": "This prescription expired on {expires}. Please consult your doctor for a new prescription.",
        "he": "תוקף המרשם הזה פג ב-{expires}. אנא פנו לרופא/ה לקבלת מרשם חדש.",
    },
    "cancelled": {
        "en": "This prescription was cancelled. Please consult your doctor.",
        "he": "המרשם הזה בוטל. אנא פנו לרופא/ה.",
    },
    "completed": {
        "en": "This prescription is completed (no refills remaining). Please consult your doctor.",
        "he": "המרשם הזה הושלם (לא נותרו חידושים). אנא פנו לרופא/ה.",
    },
    "no_refills": {
        "en": "This prescription has no refills remaining. Please consult your doctor.",
        "he": "לא נותרו חידושים במרשם הזה. אנא פנו לרופא/ה.",
    },
}


@dataclass(frozen=True)
class RxVerification:
    """Seed 000's ``prescription_verify`` answer; ``notes`` is in the requested language."""

    med_id: str
    intent: str
    rx_required: bool
    patient_found: bool
    has_valid_rx: bool
    rx_status: str | None
    presc_id: str | None
    expires_at: date | None
    refills_remaining: int
    next_step: str
    notes: str


def _rank(view: PrescriptionView) -> tuple[int, int]:
    # The most useful prescription first: refillable, then active, then the others; the later expiry wins.
    order = {"active": 1, "expired": 2, "completed": 3, "cancelled": 4}
    first = 0 if view.can_refill and not view.refill_pending else order.get(view.status, 5)
    return first, -view.expires_at.toordinal()


def _decide(view: PrescriptionView | None, rx_required: bool, intent: str) -> tuple[str, str | None, str]:
    """``(next_step, rx_status, note key)`` for the chosen prescription."""
    if view is None:
        return (
            ("no_rx_needed" if not rx_required else "request_rx_details"),
            None,
            ("no_rx_needed" if not rx_required else "none_on_file"),
        )
    if view.status == "active" and view.refill_pending:
        return ("no_rx_needed" if not rx_required else "cannot_proceed"), "refill_pending", "pending"
    if view.can_refill:
        return ("no_rx_needed" if not rx_required else "allow_refill_request"), "active", "allowed"
    key = view.status if view.status in ("expired", "cancelled", "completed") else "no_refills"
    if not rx_required:
        return "no_rx_needed", view.status, key
    # Someone asking for a new fill without a usable prescription needs to bring one; a refill cannot go on.
    return ("request_rx_details" if intent == "new" else "cannot_proceed"), view.status, key


def verify(
    session: Session,
    user_id: Any,
    *,
    med_id: Any = None,
    presc_id: Any = None,
    intent: Any = "refill",
    clock: Clock,
    language: str = "en",
) -> RxVerification:
    """Whether the patient may go on with a fill or refill of a medication (``prescription_verify``).

    Args:
        session: An open session.
        user_id: The verified patient of the session.
        med_id: The medication; ignored in favour of the prescription's when ``presc_id`` is given.
        presc_id: A prescription of the patient.
        intent: ``new`` or ``refill``.
        clock: Decides expiry.
        language: ``"en"`` or ``"he"`` for ``notes``.

    Raises:
        PatientNotFound: Unknown patient. MedNotFound: unknown medication. PrescriptionNotFound: unknown
        prescription, or another patient's. ValidationFailed: malformed arguments.
    """
    language = check_language(language)
    intent = check_choice(intent, "intent", ("new", "refill"), "refill")
    patient = _patient(session, user_id)
    store = get_store(session, None)
    if presc_id is not None:
        prescription = owned_prescription(session, patient.user_id, presc_id)
        product = get_product(session, prescription.med_id)
        candidates = [prescription]
    elif med_id is not None:
        product = get_product(session, med_id)
        candidates = list(
            session.scalars(
                select(Prescription).where(
                    Prescription.user_id == patient.user_id, Prescription.med_id == product.med_id
                )
            ).unique()
        )
    else:
        raise ValidationFailed([{"field": "med_id", "reason": "a medication id or a prescription id is required"}])
    views = sorted(_views(session, candidates, clock.today(), store.store_id, language), key=_rank)
    chosen = views[0] if views else None
    rx_required = bool(product.rx_required)
    next_step, rx_status, key = _decide(chosen, rx_required, intent)
    name = pick(language, product.brand_en, product.brand_he)
    pending = pending_refills(session, [chosen.presc_id]) if chosen is not None and chosen.refill_pending else {}
    ready_by = pending[chosen.presc_id].ready_by.isoformat() if chosen is not None and pending else ""
    notes = _NOTES[key][language].format(
        name=name,
        refills=chosen.refills_left if chosen else 0,
        expires=chosen.expires_at.isoformat() if chosen else "",
        ready_by=ready_by,
    )
    return RxVerification(
        med_id=product.med_id,
        intent=intent,
        rx_required=rx_required,
        patient_found=True,
        has_valid_rx=chosen is not None and chosen.status == "active",
        rx_status=rx_status,
        presc_id=chosen.presc_id if chosen else None,
        expires_at=chosen.expires_at if chosen else None,
        refills_remaining=chosen.refills_left if chosen else 0,
        next_step=next_step,
        notes=notes,
    )
