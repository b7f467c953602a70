"""Canonical catalog tools: ``get_medication_by_name`` and ``list_medications``."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import catalog
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import session_store
from pharmai.toolsets.canonical import _convert
from pharmai.toolsets.canonical.models import (
    GetMedicationInput,
    GetMedicationOutput,
    ListMedicationsInput,
    ListMedicationsOutput,
)

__all__ = ["get_medication_by_name", "list_medications", "register"]


def get_medication_by_name(args: GetMedicationInput, ctx: ToolContext) -> dict[str, Any]:
    """Label facts of a medication.

    MED_NOT_FOUND: offer details.did_you_mean; AMBIGUOUS: ask which of details.suggestions. Quote the
    label as written; never advise.
    """
    with ctx.transaction() as session:
        info = catalog.medication_info(
            session, args.medication_name, language=args.language, store_id=session_store(ctx)
        )
    if info.kind == "medication" and info.medication is not None:
        med = info.medication
        medication: dict[str, Any] = {
            "med_id": med.med_id,
            "display_name": med.display_name,
            "brand_name": med.brand_name,
            "generic_name": med.generic_name,
            "name_en": med.name_en,
            "name_he": med.name_he,
            "active_ingredients": _convert.ingredients(med),
            "form": med.form,
            "strength": med.strength,
            "rx_required": med.rx_required,
            "in_stock": med.in_stock,
            "dosage": med.dosage,
            "warnings": med.warnings,
            "products": None,
        }
    else:
        generic = info.generic
        assert generic is not None  # kind == "generic"
        medication = {
            "med_id": None,
            "display_name": generic.display_name,
            "brand_name": None,
            "generic_name": generic.display_name,
            "name_en": generic.name_en,
            "name_he": generic.name_he,
            "active_ingredients": _convert.ingredients(generic),
            "form": None,
            "strength": None,
            "rx_required": generic.rx_required,
            "in_stock": generic.in_stock,
            "dosage": generic.dosage,
            "warnings": generic.warnings,
            "products": [
                {
                    "med_id": p.med_id,
                    "display_name": p.display_name,
                    "form": p.form,
                    "strength": p.strength,
                    "rx_required": p.rx_required,
                    "in_stock": p.in_stock,
                }
                for p in generic.products
            ],
        }
    return {"medication": medication}


def list_medications(args: ListMedicationsInput, ctx: ToolContext) -> dict[str, Any]:
    """List the pharmacy's medications; pass `next_cursor` for the next page."""
    with ctx.transaction() as session:
        page = catalog.list_medications(
            session,
            rx_filter=args.rx_filter,
            stock_filter=args.stock_filter,
            store_id=session_store(ctx, args.store_id),
            limit=args.limit or 20,
            cursor=args.cursor,
            language=args.language,
        )
    return {"medications": [_convert.summary(m) for m in page.medications], "next_cursor": page.next_cursor}


def register(registry: Registry) -> None:
    """Add the catalog tools to ``registry``."""
    registry.tool(
        input=GetMedicationInput,
        output=GetMedicationOutput,
        kind=ToolKind.READ,
        idempotent=True,
        title="Medication facts",
        title_he="מידע על תרופה",
    )(get_medication_by_name)
    registry.tool(
        input=ListMedicationsInput,
        output=ListMedicationsOutput,
        kind=ToolKind.READ,
        idempotent=True,
        title="List medications",
        title_he="רשימת תרופות",
    )(list_medications)
