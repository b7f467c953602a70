"""Canonical prescription tools: list, verify and refill — always for the session's own patient."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from pydantic import BaseModel

from pharmai.pharmacy import prescriptions, refills
from pharmai.pharmacy._common import get_store
from pharmai.tools import Registry, RiskLevel, ToolContext, ToolKind
from pharmai.toolsets._context import require_patient, session_store
from pharmai.toolsets.canonical.models import (
    GetPrescriptionsInput,
    GetPrescriptionsOutput,
    PrescriptionVerifyInput,
    PrescriptionVerifyOutput,
    RequestRefillInput,
    RequestRefillOutput,
)

__all__ = ["get_user_prescriptions", "prescription_verify", "register", "request_refill"]


def get_user_prescriptions(args: GetPrescriptionsInput, ctx: ToolContext) -> dict[str, Any]:
    """The verified customer's prescriptions; never suggest treatment changes."""
    user_id = require_patient(ctx)
    with ctx.transaction() as session:
        result = prescriptions.list_prescriptions(
            session, user_id, clock=ctx.clock, language=args.language, store_id=session_store(ctx)
        )
    return {
        "user": {"user_id": result.user.user_id, "full_name": result.user.full_name},
        "prescriptions": [
            {
                "presc_id": p.presc_id,
                "med_id": p.med_id,
                "display_name": p.display_name,
                "status": p.status,
                "refills_left": p.refills_left,
                "expires_at": p.expires_at,
                "can_refill": p.can_refill,
                "refill_pending": p.refill_pending,
                "rx_required": p.rx_required,
                "in_stock": p.in_stock,
            }
            for p in result.prescriptions
        ],
    }


def prescription_verify(args: PrescriptionVerifyInput, ctx: ToolContext) -> dict[str, Any]:
    """Prescription need and validity for a medication.

    Call before any refill. Follow `next_step`; on cannot_proceed explain `notes` and refer to the doctor.
    """
    user_id = require_patient(ctx)
    with ctx.transaction() as session:
        result = prescriptions.verify(
            session,
            user_id,
            med_id=args.med_id,
            presc_id=args.presc_id,
            intent=args.intent,
            clock=ctx.clock,
            language=args.language,
        )
    return {
        "rx_required": result.rx_required,
        "patient_found": result.patient_found,
        "has_valid_rx": result.has_valid_rx,
        "rx_status": result.rx_status,
        "presc_id": result.presc_id,
        "expires_at": result.expires_at,
        "refills_remaining": result.refills_remaining,
        "next_step": result.next_step,
        "notes": result.notes,
    }


def request_refill(args: RequestRefillInput, ctx: ToolContext) -> dict[str, Any]:
    """Request a refill of the customer's prescription.

    Only after prescription_verify allows it and inventory_check shows stock. Needs the customer's
    confirmation; never say it is placed before.
    """
    user_id = require_patient(ctx)
    with ctx.transaction(write=True) as session:
        result = refills.request_refill(
            session, user_id, args.presc_id, session_store(ctx, args.store_id), clock=ctx.clock, language=args.language
        )
    return {
        "refill": {
            "refill_id": result.refill_id,
            "presc_id": result.presc_id,
            "med_id": result.med_id,
            "store_id": result.store_id,
            "status": "pending",
            "refills_left_after": result.refills_left_after,
            "ready_by": result.ready_by,
        },
        "existing": result.existing,
    }


_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "he": ("ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"),
}
_HE_UNITS = re.compile(r"\b(mcg|mg|ml)\b")
_HE_UNIT = {"mcg": 'מק"ג', "mg": 'מ"ג', "ml": 'מ"ל'}

#: The confirmation summary in plain words: medication, strength, the prescription's date and the store
#: by name — never an internal id. Hebrew names nouns only ("חידוש של …"), so nothing needs to agree
#: in gender or number with the customer.
_REFILL_SUMMARY = {
    "en": "Refill {name} (prescription dated {date}) for pickup at {store}.",
    "he": "חידוש של {name} (מרשם מיום {date}) לאיסוף בסניף {store}.",
}


def _date_text(day: date, language: str) -> str:
    # "20 Jan 2026" / "20 בינואר 2026": unambiguous in both languages, unlike 01/20 or 20/01.
    if language == "he":
        return f"{day.day} ב{_MONTHS['he'][day.month - 1]} {day.year}"
    return f"{day.day} {_MONTHS['en'][day.month - 1]} {day.year}"


def _authorize_refill(args: BaseModel, ctx: ToolContext) -> None:
    # Refuse another patient's (or an unknown) prescription, and an unknown store, before a confirmation
    # is proposed: the person must never be asked to approve something that can only fail, nor see it
    # echoed back.
    assert isinstance(args, RequestRefillInput)
    user_id = require_patient(ctx)
    with ctx.transaction() as session:
        prescriptions.owned_prescription(session, user_id, args.presc_id)
        get_store(session, session_store(ctx, args.store_id))


def _refill_summary(args: BaseModel, language: str, ctx: ToolContext) -> str:
    # Names, units and the store come from the patient's own rows (the authorize step has just checked
    # them), never from the customer's words.
    assert isinstance(args, RequestRefillInput)
    user_id = require_patient(ctx)
    with ctx.transaction() as session:
        prescription = prescriptions.owned_prescription(session, user_id, args.presc_id)
        store = get_store(session, session_store(ctx, args.store_id))
        product = prescription.product
        if language == "he":
            brand = product.brand_he or product.brand_en
            strength = _HE_UNITS.sub(lambda m: _HE_UNIT[m.group(1)], product.strength)
            store_name = store.name_he or store.name_en
        else:
            brand, strength, store_name = product.brand_en, product.strength, store.name_en
        day = prescription.prescribed_at
    name = f"{brand} {strength}".strip()
    return _REFILL_SUMMARY[language].format(name=name, date=_date_text(day, language), store=store_name)


def register(registry: Registry) -> None:
    """Add the prescription tools to ``registry``."""
    registry.tool(
        input=GetPrescriptionsInput,
        output=GetPrescriptionsOutput,
        kind=ToolKind.READ,
        phi=True,
        idempotent=True,
        title="My prescriptions",
        title_he="המרשמים שלי",
    )(get_user_prescriptions)
    registry.tool(
        input=PrescriptionVerifyInput,
        output=PrescriptionVerifyOutput,
        kind=ToolKind.READ,
        phi=True,
        idempotent=True,
        title="Verify prescription",
        title_he="בדיקת מרשם",
    )(prescription_verify)
    registry.tool(
        input=RequestRefillInput,
        output=RequestRefillOutput,
        kind=ToolKind.WRITE,
        phi=True,
        confirm=True,
        risk=RiskLevel.MEDIUM,
        idempotent=True,
        title="Request refill",
        title_he="בקשת חידוש מרשם",
        summary=_refill_summary,
        authorize=_authorize_refill,
    )(request_refill)
