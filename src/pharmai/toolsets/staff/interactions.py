"""Staff ``list_interactions``: every listed interaction of one medication."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import medication_interactions
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.models import ListInteractionsInput, ListInteractionsOutput

__all__ = ["list_interactions", "register"]


def list_interactions(args: ListInteractionsInput, ctx: ToolContext) -> dict[str, Any]:
    """List every interaction the pharmacy database records for one medication (by med_id).

    Interactions are recorded between active ingredients, so the list covers each ingredient of the
    medication: the other ingredient, the level (avoid or caution), the factual message, and the
    catalog products that contain the other ingredient (the first 20 by id, with the total). Worst
    level first. An empty list means none is recorded, not that none exists. MED_NOT_FOUND for an
    unknown id.
    """
    with ctx.transaction() as session:
        found = medication_interactions.list_interactions(session, args.med_id, language=args.language)
    level = "none"
    if found.interactions:
        level = "avoid" if any(i.level == "avoid" for i in found.interactions) else "caution"
    names = dict(found.ingredients)
    return {
        "medication": {
            "med_id": found.med_id,
            "display_name": found.display_name,
            "name_en": found.name_en,
            "name_he": found.name_he,
            "active_ingredients": [{"ingredient_id": i, "name": n} for i, n in found.ingredients],
        },
        "interaction_level": level,
        "interactions": [
            {
                "ingredient": {"ingredient_id": i.ingredient_id, "name": names.get(i.ingredient_id, i.ingredient_name)},
                "interacts_with": {
                    "ingredient_id": i.interacts_with_id,
                    "name": i.interacts_with_name,
                    "name_en": i.interacts_with_name_en,
                    "name_he": i.interacts_with_name_he,
                },
                "level": i.level,
                "message": i.message,
                "products": [{"med_id": p.med_id, "display_name": p.display_name} for p in i.products],
                "products_total": i.products_total,
            }
            for i in found.interactions
        ],
        "notes": found.notes,
    }


def register(registry: Registry) -> None:
    """Add ``list_interactions`` to ``registry``."""
    registry.tool(
        input=ListInteractionsInput,
        output=ListInteractionsOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=EVERY_STAFF_ROLE,
        title="Interactions of a medication",
        title_he="אינטראקציות של תרופה",
    )(list_interactions)
