"""Domain views to the canonical tools' JSON shapes."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy._medication import Medication, StoreInfo

__all__ = ["disclosure", "ingredients", "match", "store", "summary"]


def ingredients(med: Any) -> list[dict[str, str]]:
    """``[{name, strength}]`` of a medication or generic view."""
    return [{"name": a.name, "strength": a.strength} for a in med.active_ingredients]


def disclosure(equivalent: Any) -> dict[str, Any]:
    """The equivalence disclosure of an :class:`~pharmai.pharmacy.equivalents.Equivalent`."""
    d = equivalent.disclosure
    return {
        "same_active_ingredients": d.same_active_ingredients,
        "same_strength": d.same_strength,
        "same_form": d.same_form,
        "possible_differences": list(d.possible_differences),
    }


def store(info: StoreInfo) -> dict[str, str]:
    """``{store_id, name}``."""
    return {"store_id": info.store_id, "name": info.name}


def match(med: Medication) -> dict[str, Any]:
    """An ``inventory_check`` match: the product and its stock at the store."""
    return {
        "med_id": med.med_id,
        "display_name": med.display_name,
        "brand_name": med.brand_name,
        "generic_name": med.generic_name,
        "active_ingredients": ingredients(med),
        "form": med.form,
        "strength": med.strength,
        "rx_required": med.rx_required,
        "qty_on_hand": med.qty_on_hand,
        "in_stock": med.in_stock,
        "low_stock": med.low_stock,
        "restock_eta": med.restock_eta if not med.in_stock else None,
    }


def summary(med: Medication) -> dict[str, Any]:
    """A ``list_medications`` row."""
    return {
        "med_id": med.med_id,
        "display_name": med.display_name,
        "brand_name": med.brand_name,
        "generic_name": med.generic_name,
        "form": med.form,
        "strength": med.strength,
        "rx_required": med.rx_required,
        "in_stock": med.in_stock,
    }
