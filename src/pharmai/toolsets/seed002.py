"""Profile ``seed-002``: PharmAI's three tools, strict-mode schemas, ``m003``-style ids, ``ok``/``error_code``.

The user is the session's (the demo dropdown or a verified patient); no tool takes a user id.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pharmai.errors import MissingMedicationQuery
from pharmai.pharmacy import catalog, prescriptions
from pharmai.pharmacy._medication import Medication
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import require_patient, session_store
from pharmai.toolsets._envelopes import Seed002Envelope

__all__ = ["PROFILE", "build_registry"]

PROFILE = "seed-002"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MedicationQuery(_Strict):
    query: str | None = Field(max_length=500, description="Medication name, brand, alias, or a sentence containing it.")


class MedFacts(_Strict):
    medication_id: str
    name: str
    brand_name: str
    generic_name: str
    active_ingredients: list[str]
    form: str
    strength: str
    requires_prescription: bool
    in_stock: bool
    dosage_instructions: str
    warnings: str


class MedicationAnswer(_Strict):
    med: MedFacts


class NoArguments(_Strict):
    pass


class MedSummary(_Strict):
    medication_id: str
    brand_name: str
    generic_name: str
    strength: str
    rx_required: bool
    in_stock: bool
    display_name: str


class User(_Strict):
    user_id: str
    full_name: str


class PrescriptionsAnswer(_Strict):
    user: User
    prescriptions: list[MedSummary]


class ListQuery(_Strict):
    rx_filter: Literal["rx", "non_rx", "both"] | None = Field(default=None, description="null means both.")
    stock_filter: Literal["in_stock", "out_of_stock", "both"] | None = Field(default=None, description="null = both.")


class ListAnswer(_Strict):
    medications: list[MedSummary]


def _summary(med: Medication) -> dict[str, Any]:
    return {
        "medication_id": med.med_id,
        "brand_name": med.brand_name,
        "generic_name": med.generic_name,
        "strength": med.strength,
        "rx_required": med.rx_required,
        "in_stock": med.in_stock,
        "display_name": med.display_name,
    }


def get_medication(args: MedicationQuery, ctx: ToolContext) -> dict[str, Any]:
    """Fetch factual medication information from the database: the only allowed source of medication facts.

    Returns active ingredients, warnings, dosage text, prescription requirement and stock status. If
    the query is missing, ask one clarifying question ("Which medication?"); if not found, say so and
    offer to list available medications; a missing field is "Not available in the demo database".
    """
    if args.query is None or not args.query.strip():
        raise MissingMedicationQuery()
    with ctx.transaction() as session:
        info = catalog.medication_info(session, args.query, language=ctx.language, store_id=session_store(ctx))
        if info.medication is not None:
            med = info.medication
        else:
            assert info.generic is not None
            # A generic sold as several products: seed 002 answers with one product; take the first in stock.
            products = info.generic.products
            med = next((p for p in products if p.in_stock), products[0])
    return {
        "med": {
            "medication_id": med.med_id,
            "name": med.display_name,
            "brand_name": med.brand_name,
            "generic_name": med.generic_name,
            "active_ingredients": [a.name for a in med.active_ingredients],
            "form": med.form,
            "strength": med.strength,
            "requires_prescription": med.rx_required,
            "in_stock": med.in_stock,
            "dosage_instructions": med.dosage,
            "warnings": med.warnings,
        }
    }


def get_user_prescriptions(args: NoArguments, ctx: ToolContext) -> dict[str, Any]:
    """The selected user's prescriptions, as medication summaries.

    Takes no arguments: the server injects the selected user. If no user is selected
    (MISSING_USER_ID), ask the customer to choose one from the dropdown and stop.
    """
    user_id = require_patient(ctx)
    with ctx.transaction() as session:
        listing = prescriptions.list_prescriptions(session, user_id, clock=ctx.clock, language=ctx.language)
        views = catalog.medications_by_id(
            session, [p.med_id for p in listing.prescriptions], language=ctx.language, store_id=session_store(ctx)
        )
    return {
        "user": {"user_id": listing.user.user_id, "full_name": listing.user.full_name},
        "prescriptions": [_summary(views[p.med_id]) for p in listing.prescriptions],
    }


def list_medications(args: ListQuery, ctx: ToolContext) -> dict[str, Any]:
    """List the medications in the pharmacy's database, optionally filtered by prescription and stock.

    If nothing matches, tell the customer no results were found; for details, follow up with
    get_medication.
    """
    medications: list[dict[str, Any]] = []
    cursor = None
    with ctx.transaction() as session:
        while True:
            page = catalog.list_medications(
                session,
                rx_filter=args.rx_filter,
                stock_filter=args.stock_filter,
                store_id=session_store(ctx),
                limit=100,
                cursor=cursor,
                language=ctx.language,
            )
            medications.extend(_summary(m) for m in page.medications)
            cursor = page.next_cursor
            # Seed 002 has no paging; cap the answer so a huge catalog cannot flood the model.
            if cursor is None or len(medications) >= 200:
                break
    return {"medications": medications}


def build_registry() -> Registry:
    """Seed 002's tools in seed 002's envelope."""
    registry = Registry(PROFILE, envelope=Seed002Envelope())
    registry.tool(input=MedicationQuery, output=MedicationAnswer, idempotent=True)(get_medication)
    registry.tool(input=NoArguments, output=PrescriptionsAnswer, kind=ToolKind.READ, phi=True, idempotent=True)(
        get_user_prescriptions
    )
    registry.tool(input=ListQuery, output=ListAnswer, idempotent=True)(list_medications)
    return registry
