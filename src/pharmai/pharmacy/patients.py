"""Patients: lookup by canonical email or phone, and by id. Nothing here logs personal data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.db.models import Patient
from pharmai.errors import PatientNotFound, ValidationFailed
from pharmai.pharmacy._common import check_id, check_language, pick
from pharmai.text.identifiers import normalize_email, normalize_phone

__all__ = ["MAX_IDENTIFIER_LENGTH", "PatientInfo", "canonical", "find_patient", "get_patient", "patient_info"]

#: The longest email address RFC 5321 allows; longer input is refused.
MAX_IDENTIFIER_LENGTH = 320


@dataclass(frozen=True)
class PatientInfo:
    """A patient as the tools show them to themselves: id and name (in the language and in both)."""

    user_id: str
    full_name: str
    name_en: str
    name_he: str


def canonical(identifier: Any) -> tuple[str, str]:
    """The kind (``email`` / ``phone``) and canonical form of a typed identifier.

    Raises:
        ValidationFailed: Not text, too long, or neither an email address nor an Israeli phone number.
    """
    if not isinstance(identifier, str) or not identifier.strip() or len(identifier) > MAX_IDENTIFIER_LENGTH:
        raise ValidationFailed([{"field": "identifier", "reason": "must be an email address or a phone number"}])
    email = normalize_email(identifier)
    if email:
        return "email", email
    phone = normalize_phone(identifier)
    if phone:
        return "phone", phone
    raise ValidationFailed([{"field": "identifier", "reason": "must be an email address or a phone number"}])


def patient_info(patient: Patient, language: str) -> PatientInfo:
    """The :class:`PatientInfo` of a patient row."""
    return PatientInfo(
        user_id=patient.user_id,
        full_name=pick(language, patient.name_en, patient.name_he),
        name_en=patient.name_en,
        name_he=patient.name_he,
    )


def find_patient(session: Session, identifier: Any) -> Patient | None:
    """The patient whose email or phone is ``identifier`` (any common format), or ``None``.

    Raises:
        ValidationFailed: ``identifier`` is not an email address or phone number.
    """
    kind, value = canonical(identifier)
    column = Patient.email if kind == "email" else Patient.phone
    return session.scalars(select(Patient).where(column == value)).first()


def get_patient(session: Session, *, user_id: Any = None, identifier: Any = None, language: str = "en") -> PatientInfo:
    """A patient by id or by email / phone.

    Args:
        session: An open session.
        user_id: A patient id such as ``u002`` (wins when both are given).
        identifier: An email address or phone number in any common format.
        language: ``"en"`` or ``"he"`` for ``full_name``.

    Raises:
        PatientNotFound: No such patient. ValidationFailed: malformed arguments or neither given.
    """
    language = check_language(language)
    if user_id is not None:
        patient = session.get(Patient, check_id(user_id, "user_id"))
    elif identifier is not None:
        patient = find_patient(session, identifier)
    else:
        raise ValidationFailed([{"field": "identifier", "reason": "an email address or phone number is required"}])
    if patient is None:
        raise PatientNotFound()
    return patient_info(patient, language)
