"""Profile ``seed-001``: seed 001's three tools with integer ids and the ``success`` envelope.

Identity: ``prescription_management`` takes the customer's email or phone as seed 001 does. In the
``identifier`` identity mode typing it is enough (a demo mode, announced at start-up); in every other
mode it must belong to the session's verified patient, and any other identifier — unknown or someone
else's — gets the same UNAUTHORIZED answer.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pharmai.errors import Forbidden, PatientNotFound, PrescriptionNotFound, ValidationFailed
from pharmai.pharmacy import catalog, inventory, patients, prescriptions
from pharmai.pharmacy.prescriptions import PrescriptionView
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import identity_mode, require_patient
from pharmai.toolsets._envelopes import Seed001Envelope
from pharmai.toolsets._ids import from_int, to_int

__all__ = ["PROFILE", "build_registry"]

PROFILE = "seed-001"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MedicationQuery(_Strict):
    medication_name: str = Field(max_length=500, description="Medication name in English or Hebrew; partial is OK.")


class MedicationFacts(_Strict):
    med_id: int
    name_en: str
    name_he: str
    active_ingredients: str
    dosage_en: str
    dosage_he: str
    rx_required: bool
    warnings_en: str
    warnings_he: str


class MedicationAnswer(_Strict):
    medication: MedicationFacts


class InventoryQuery(_Strict):
    medication_id: int | None = Field(default=None, description="Medication id from get_medication_by_name.")
    medication_name: str | None = Field(default=None, max_length=500, description="Name, if no id.")
    store_id: int | None = Field(default=1, description="Store id (default 1).")


class InventoryFacts(_Strict):
    med_id: int
    store_id: int
    medication_name_en: str
    medication_name_he: str
    in_stock: bool
    qty: int | None
    restock_eta: date | None


class InventoryAnswer(_Strict):
    inventory: InventoryFacts


class PrescriptionQuery(_Strict):
    user_identifier: str = Field(max_length=320, description="The customer's email address or phone number.")
    action: Literal["LIST", "REFILL_STATUS"]
    prescription_id: int | None = Field(default=None, description="Required for REFILL_STATUS.")


class PrescriptionFacts(_Strict):
    presc_id: int
    med_id: int
    medication_name_en: str
    medication_name_he: str
    refills_left: int
    status: Literal["active", "completed", "expired"]
    can_refill: bool


class PrescriptionAnswer(_Strict):
    user_name: str | None = None
    prescriptions: list[PrescriptionFacts] | None = None
    prescription: PrescriptionFacts | None = None
    refill_eligible: bool | None = None
    reason: str | None = None


def get_medication_by_name(args: MedicationQuery, ctx: ToolContext) -> dict[str, Any]:
    """Look up factual medication information by English or Hebrew name.

    Use when the customer asks about a medication's ingredients, dosage instructions, warnings or
    prescription requirement. On NOT_FOUND ask them to check the spelling; on AMBIGUOUS ask which of
    the `suggestions` they mean.
    """
    with ctx.transaction() as session:
        info = catalog.medication_info(session, args.medication_name, language=ctx.language)
    if info.medication is not None:
        med: Any = info.medication
        first = med
        name_en, name_he = f"{med.name_en} ({med.generic_name_en})", f"{med.name_he} ({med.generic_name_he})"
    else:
        med = info.generic
        first = med.products[0]
        name_en, name_he = med.name_en, med.name_he
    strengths = {a.ingredient_id: a.strength for a in first.active_ingredients}
    ingredients = ", ".join(f"{a.name_en} {strengths.get(a.ingredient_id, '')}".strip() for a in med.active_ingredients)
    return {
        "medication": {
            "med_id": to_int(first.med_id),
            "name_en": name_en,
            "name_he": name_he,
            "active_ingredients": ingredients,
            "dosage_en": med.dosage_en,
            "dosage_he": med.dosage_he,
            "rx_required": med.rx_required,
            "warnings_en": med.warnings_en,
            "warnings_he": med.warnings_he,
        }
    }


def check_inventory(args: InventoryQuery, ctx: ToolContext) -> dict[str, Any]:
    """Check whether a medication is in stock at a store (default store 1).

    Prefer `medication_id` from get_medication_by_name; `medication_name` is resolved to its first
    match. When out of stock, `qty` is null and `restock_eta` may be given; quantities of 10 or fewer
    are limited stock.
    """
    if args.medication_id is None and not (args.medication_name or "").strip():
        raise ValidationFailed([{"field": "medication_id", "reason": "give medication_id or medication_name"}])
    store_id = from_int("s", args.store_id if args.store_id is not None else 1)
    med_id = from_int("m", args.medication_id) if args.medication_id is not None else None
    with ctx.transaction() as session:
        result = inventory.check_stock(
            session,
            med_id=med_id,
            query=None if med_id else args.medication_name,
            store_id=store_id,
            language=ctx.language,
        )
    med = result.matches[0]
    return {
        "inventory": {
            "med_id": to_int(med.med_id),
            "store_id": to_int(result.store.store_id),
            "medication_name_en": f"{med.name_en} ({med.generic_name_en})",
            "medication_name_he": f"{med.name_he} ({med.generic_name_he})",
            "in_stock": med.in_stock,
            "qty": med.qty_on_hand if med.in_stock else None,
            "restock_eta": None if med.in_stock else med.restock_eta,
        }
    }


def _facts(view: PrescriptionView) -> dict[str, Any]:
    # Seed 001 knows three statuses; a cancelled prescription is reported as not active ("expired").
    status = view.status if view.status in ("active", "completed", "expired") else "expired"
    return {
        "presc_id": to_int(view.presc_id),
        "med_id": to_int(view.med_id),
        "medication_name_en": f"{view.name_en} ({view.generic_name_en})",
        "medication_name_he": f"{view.name_he} ({view.generic_name_he})",
        "refills_left": view.refills_left,
        "status": status,
        "can_refill": view.can_refill,
    }


def _patient_for(ctx: ToolContext, identifier: str) -> str:
    with ctx.transaction() as session:
        try:
            patient = patients.find_patient(session, identifier)
        except ValidationFailed:
            patient = None
    if identity_mode(ctx) == "identifier":
        if patient is None:
            raise PatientNotFound()
        return patient.user_id
    user_id = require_patient(ctx)
    if patient is None or patient.user_id != user_id:
        raise Forbidden()
    return user_id


def prescription_management(args: PrescriptionQuery, ctx: ToolContext) -> dict[str, Any]:
    """List the customer's prescriptions, or check whether one can be refilled.

    Needs the customer's email or phone (`user_identifier`); ask for it if you do not have it. `action`
    LIST returns every prescription; REFILL_STATUS needs `prescription_id` and returns refill_eligible
    with a reason such as "2 refill(s) available". Report the facts; refer expired or completed
    prescriptions to the doctor.
    """
    user_id = _patient_for(ctx, args.user_identifier)
    with ctx.transaction() as session:
        listing = prescriptions.list_prescriptions(session, user_id, clock=ctx.clock, language=ctx.language)
    if args.action == "LIST":
        return {"user_name": listing.user.full_name, "prescriptions": [_facts(p) for p in listing.prescriptions]}
    if args.prescription_id is None:
        raise PrescriptionNotFound()
    wanted = from_int("p", args.prescription_id)
    view = next((p for p in listing.prescriptions if p.presc_id == wanted), None)
    if view is None:
        raise PrescriptionNotFound()
    return {
        "prescription": _facts(view),
        "refill_eligible": view.can_refill,
        "reason": prescriptions.refill_reason(view, "en" if ctx.language != "he" else "he"),
    }


def build_registry() -> Registry:
    """Seed 001's tools in seed 001's envelope."""
    registry = Registry(PROFILE, envelope=Seed001Envelope())
    registry.tool(input=MedicationQuery, output=MedicationAnswer, idempotent=True)(get_medication_by_name)
    registry.tool(input=InventoryQuery, output=InventoryAnswer, idempotent=True)(check_inventory)
    # Not flagged PHI for the runtime: the handler itself requires the session's patient, except in
    # the seed's own `identifier` mode where the typed identifier is the (demo) identity.
    registry.tool(input=PrescriptionQuery, output=PrescriptionAnswer, kind=ToolKind.READ, idempotent=True)(
        prescription_management
    )
    return registry
