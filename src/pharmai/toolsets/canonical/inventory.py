"""Canonical stock tools: ``inventory_check`` and ``inventory_find_equivalent``."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import equivalents, inventory
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import session_store
from pharmai.toolsets.canonical import _convert
from pharmai.toolsets.canonical.models import (
    FindEquivalentInput,
    FindEquivalentOutput,
    InventoryCheckInput,
    InventoryCheckOutput,
)

__all__ = ["inventory_check", "inventory_find_equivalent", "register"]


def inventory_check(args: InventoryCheckInput, ctx: ToolContext) -> dict[str, Any]:
    """Check whether a medication is in stock at a store, and how many units are on hand.

    Call this for every availability question, and before confirming that anything can be fulfilled
    (refills included). Give `med_id` when you have it (it wins), otherwise `query` with the name the
    customer used. `store_id` null means the session's store. Each match has qty_on_hand, in_stock,
    low_stock (10 units or fewer) and restock_eta (set only when out of stock). Several matches mean
    several forms or strengths: ask the customer which one. When a match is out of stock, you may offer
    to look for an identical equivalent with inventory_find_equivalent; do not push a purchase.
    """
    with ctx.transaction() as session:
        result = inventory.check_stock(
            session,
            med_id=args.med_id,
            query=args.query if args.med_id is None else None,
            store_id=session_store(ctx, args.store_id),
            language=args.language,
        )
    return {
        "store": _convert.store(result.store),
        "matches": [_convert.match(m) for m in result.matches],
        "notes": result.notes,
    }


def inventory_find_equivalent(args: FindEquivalentInput, ctx: ToolContext) -> dict[str, Any]:
    """Find identical equivalents of a medication that are in stock at the store.

    Call this only when inventory_check shows the medication out of stock and the customer wants a
    substitute, or when the customer explicitly asks for an equivalent. An equivalent is another brand
    with exactly the same active ingredients (and, unless relaxed, the same strength and form). You must
    tell the customer the `disclosure`: equivalence is by active ingredients, form and strength, and
    price, inactive ingredients and packaging may differ. On NO_EQUIVALENTS_FOUND, say so and suggest
    pharmacy staff. Never say which one is better for the customer.
    """
    with ctx.transaction() as session:
        result = equivalents.find_equivalents(
            session,
            args.med_id,
            require_same_strength=args.require_same_strength,
            require_same_form=args.require_same_form,
            store_id=session_store(ctx, args.store_id),
            language=args.language,
        )
    return {
        "store": _convert.store(result.store),
        "requested": _convert.match(result.requested),
        "equivalents": [
            {
                **_convert.match(e.medication),
                "disclosure": _convert.disclosure(e),
            }
            for e in result.equivalents
        ],
        "notes": result.notes,
    }


def register(registry: Registry) -> None:
    """Add the stock tools to ``registry``."""
    registry.tool(
        input=InventoryCheckInput,
        output=InventoryCheckOutput,
        kind=ToolKind.READ,
        idempotent=True,
        title="Check stock",
        title_he="בדיקת מלאי",
    )(inventory_check)
    registry.tool(
        input=FindEquivalentInput,
        output=FindEquivalentOutput,
        kind=ToolKind.READ,
        idempotent=True,
        title="Find identical equivalents",
        title_he="חיפוש תחליף זהה",
    )(inventory_find_equivalent)
