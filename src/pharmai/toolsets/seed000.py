"""Profile ``seed-000``: seed 000's four tools, names and shapes, as thin adapters over ``pharmacy``."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pharmai.errors import Forbidden
from pharmai.pharmacy import equivalents, inventory, prescriptions
from pharmai.pharmacy._medication import Medication
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import require_patient, session_store
from pharmai.toolsets._envelopes import Seed000Envelope
from pharmai.toolsets.canonical import _convert
from pharmai.toolsets.canonical import interactions as canonical_interactions
from pharmai.toolsets.canonical.models import InteractionCheckInput, InteractionCheckOutput

__all__ = ["PROFILE", "build_registry"]

PROFILE = "seed-000"
Language = Literal["he", "en"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InventoryQuery(_Strict):
    query: str = Field(max_length=500, description="Brand or generic name, English or Hebrew.")
    language: Language = "en"


class Item(_Strict):
    med_id: str
    brand_name: str
    generic_name: str
    active_ingredients: list[str]
    form: str
    strength: str
    rx_required: bool
    qty_on_hand: int
    restock_eta: date | None


class InventoryAnswer(_Strict):
    matches: list[Item]
    notes: str | None


class EquivalentQuery(_Strict):
    med_id: str = Field(max_length=32)
    language: Language = "en"
    require_same_strength: bool = True
    require_same_form: bool = True


class Disclosure(_Strict):
    same_active_ingredients: bool
    same_strength: bool
    same_form: bool
    possible_differences: list[str]


class EquivalentItem(Item):
    disclosure: Disclosure


class EquivalentAnswer(_Strict):
    requested: Item
    equivalents: list[EquivalentItem]
    notes: str | None


class VerifyQuery(_Strict):
    patient_id: str = Field(max_length=32, description="The verified patient's id; it must be the session's patient.")
    med_id: str = Field(max_length=32)
    intent: Literal["new", "refill"]
    language: Language = "en"


class VerifyAnswer(_Strict):
    rx_required: bool
    patient_found: bool
    has_valid_rx: bool
    rx_status: Literal["active", "expired", "refill_pending", "cancelled", "completed"] | None
    expires_at: date | None
    refills_remaining: int
    next_step: Literal["request_rx_details", "allow_refill_request", "cannot_proceed", "no_rx_needed"]
    notes: str | None


def _item(med: Medication) -> dict[str, Any]:
    return {
        "med_id": med.med_id,
        "brand_name": med.brand_name,
        "generic_name": med.generic_name,
        "active_ingredients": [a.name for a in med.active_ingredients],
        "form": med.form,
        "strength": med.strength,
        "rx_required": med.rx_required,
        "qty_on_hand": med.qty_on_hand,
        "restock_eta": None if med.in_stock else med.restock_eta,
    }


def inventory_check(args: InventoryQuery, ctx: ToolContext) -> dict[str, Any]:
    """Search medications by brand or generic name and return the matches with their stock quantities.

    Call for any request that depends on availability, refills included. On MED_NOT_FOUND ask the
    customer to confirm the spelling; with several matches ask them to choose by form or strength; if
    qty_on_hand is 0, offer inventory_find_equivalent only if they want a substitute.
    """
    with ctx.transaction() as session:
        result = inventory.check_stock(session, query=args.query, store_id=session_store(ctx), language=args.language)
    return {"matches": [_item(m) for m in result.matches], "notes": result.notes}


def inventory_find_equivalent(args: EquivalentQuery, ctx: ToolContext) -> dict[str, Any]:
    """Identical equivalents (same active ingredients, form and strength) by other brands, in stock.

    Call only when inventory_check shows qty_on_hand 0 or the customer asks for an equivalent. Always
    disclose that equivalence is by active ingredients, form and strength and other differences may
    exist. On NO_EQUIVALENTS_FOUND say no identical equivalent is in stock and suggest staff.
    """
    with ctx.transaction() as session:
        result = equivalents.find_equivalents(
            session,
            args.med_id,
            require_same_strength=args.require_same_strength,
            require_same_form=args.require_same_form,
            store_id=session_store(ctx),
            language=args.language,
        )
    return {
        "requested": _item(result.requested),
        "equivalents": [
            {
                **_item(e.medication),
                "disclosure": _convert.disclosure(e),
            }
            for e in result.equivalents
        ],
        "notes": result.notes,
    }


def prescription_verify(args: VerifyQuery, ctx: ToolContext) -> dict[str, Any]:
    """Whether a medication needs a prescription and whether the patient has a valid one on file.

    Call before any refill or fulfilment of a prescription medication. `patient_id` must be the
    session's verified patient. If rx_required is true and has_valid_rx is false, do not proceed:
    redirect the customer to a clinician for a prescription.
    """
    user_id = require_patient(ctx)
    if args.patient_id != user_id:
        raise Forbidden()
    with ctx.transaction() as session:
        result = prescriptions.verify(
            session, user_id, med_id=args.med_id, intent=args.intent, clock=ctx.clock, language=args.language
        )
    return {
        "rx_required": result.rx_required,
        "patient_found": result.patient_found,
        "has_valid_rx": result.has_valid_rx,
        "rx_status": result.rx_status,
        "expires_at": result.expires_at,
        "refills_remaining": result.refills_remaining,
        "next_step": result.next_step,
        "notes": result.notes,
    }


def build_registry() -> Registry:
    """Seed 000's tools in seed 000's envelope."""
    registry = Registry(PROFILE, envelope=Seed000Envelope())
    registry.tool(input=InventoryQuery, output=InventoryAnswer, idempotent=True)(inventory_check)
    registry.tool(input=EquivalentQuery, output=EquivalentAnswer, idempotent=True)(inventory_find_equivalent)
    registry.tool(input=VerifyQuery, output=VerifyAnswer, kind=ToolKind.READ, phi=True, idempotent=True)(
        prescription_verify
    )
    # interaction_check has the same shape in seed 000 and the canonical set: one implementation.
    registry.tool(input=InteractionCheckInput, output=InteractionCheckOutput, idempotent=True)(
        canonical_interactions.interaction_check
    )
    return registry
