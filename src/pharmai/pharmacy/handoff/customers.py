"""``lookup_customer`` (seed 004): a customer's account by phone, email or id, for pharmacy staff."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from pharmai.db.models import Patient, Prescription, Ticket
from pharmai.errors import CustomerNotFound, PatientNotFound, ValidationFailed
from pharmai.pharmacy._common import check_id, check_language, pick
from pharmai.pharmacy.patients import find_patient

__all__ = ["CustomerView", "lookup_customer"]


@dataclass(frozen=True)
class CustomerView:
    """Seed 004's customer record, in pharmacy terms (there are no tiers: every customer is ``standard``)."""

    id: str
    name: str
    email: str
    phone: str
    tier: str
    active_prescriptions: int
    open_tickets: int

    def to_dict(self) -> dict[str, Any]:
        """The tool's ``data``."""
        return asdict(self)


def lookup_customer(
    session: Session, *, phone: Any = None, email: Any = None, customer_id: Any = None, language: Any = "en"
) -> CustomerView:
    """Find one customer; the id wins over the email, the email over the phone.

    Raises:
        ValidationFailed: None given, or a malformed one. CustomerNotFound: nobody matches.
    """
    language = check_language(language)
    patient: Patient | None
    try:
        if customer_id is not None:
            patient = session.get(Patient, check_id(customer_id, "customerId"))
        elif email is not None:
            patient = find_patient(session, email)
        elif phone is not None:
            patient = find_patient(session, phone)
        else:
            raise ValidationFailed([{"field": "phone", "reason": "give a phone, an email or a customerId"}])
    except PatientNotFound:
        patient = None
    if patient is None:
        raise CustomerNotFound()
    active = session.scalar(
        select(func.count())
        .select_from(Prescription)
        .where(Prescription.user_id == patient.user_id, Prescription.status == "active")
    )
    tickets = session.scalar(
        select(func.count())
        .select_from(Ticket)
        .where(Ticket.user_id == patient.user_id, Ticket.status.in_(("open", "in_progress")))
    )
    return CustomerView(
        id=patient.user_id,
        name=pick(language, patient.name_en, patient.name_he),
        email=patient.email,
        phone=patient.phone,
        tier="standard",
        active_prescriptions=int(active or 0),
        open_tickets=int(tickets or 0),
    )
