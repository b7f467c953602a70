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
    """Stock of a medication at a store.

    Call for every availability question and before any fulfilment. Several matches: ask which one.
    Out of stock: you may offer inventory_find_equivalent.
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
    """In-stock brands with the same active ingredients, form and strength.

    Only when out of stock or asked. Always say the `disclosure`; never say
    which is better.
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
