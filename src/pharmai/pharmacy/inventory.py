"""Stock per store: quantities, low-stock flags and restock dates, by medication id or by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from pharmai.errors import MedNotFound
from pharmai.pharmacy._common import check_language, get_product, get_store
from pharmai.pharmacy._medication import Medication, StoreInfo, medication_views, store_info
from pharmai.pharmacy._rows import ProductRow, generic_product_ids, load_products
from pharmai.pharmacy.catalog import resolve_query

__all__ = ["InventoryResult", "check_stock", "default_store", "stock_note"]

_NOTES = {
    "out": {
        "en": "{name} is out of stock at {store}.",
        "he": "{name} אזל מהמלאי בסניף {store}.",
    },
    "eta": {
        "en": " Expected back in stock on {eta}.",
        "he": " צפוי לחזור למלאי ב-{eta}.",
    },
    "low": {
        "en": "{name} is in stock at {store}, in limited quantity ({qty} units).",
        "he": "{name} במלאי בסניף {store}, בכמות מוגבלת ({qty} יחידות).",
    },
    "several": {
        "en": "Several products match; please choose by form and strength.",
        "he": "נמצאו כמה מוצרים מתאימים; אנא בחרו לפי צורה וחוזק.",
    },
}


@dataclass(frozen=True)
class InventoryResult:
    """The stock of one or more products at one store, with an optional note in the language."""

    store: StoreInfo
    matches: tuple[Medication, ...]
    notes: str | None


def default_store(session: Session, *, language: str = "en") -> StoreInfo:
    """The store marked ``is_default`` (the first store if none is marked)."""
    return store_info(get_store(session, None), check_language(language))


def stock_note(match: Medication, store: StoreInfo, language: str) -> str | None:
    """A one-line note about an out-of-stock or low-stock product, or ``None`` when stock is ample."""
    if not match.in_stock:
        note = _NOTES["out"][language].format(name=match.display_name, store=store.name)
        if match.restock_eta is not None:
            note += _NOTES["eta"][language].format(eta=match.restock_eta.isoformat())
        return note
    if match.low_stock:
        return _NOTES["low"][language].format(name=match.display_name, store=store.name, qty=match.qty_on_hand)
    return None


def _matches_for_query(session: Session, query: Any, language: str) -> list[ProductRow]:
    resolution = resolve_query(session, query, language)
    med_ids: list[str] = list(resolution.med_ids)
    if resolution.kind == "generic" and resolution.generic_id and not med_ids:
        med_ids = generic_product_ids(session, resolution.generic_id)
    if resolution.kind == "not_found" or not med_ids:
        raise MedNotFound({"query": query.strip(), "did_you_mean": list(resolution.did_you_mean)})
    products = load_products(session, med_ids)
    return [products[m] for m in med_ids if m in products]


def check_stock(
    session: Session,
    *,
    med_id: Any = None,
    query: Any = None,
    store_id: Any = None,
    language: str = "en",
) -> InventoryResult:
    """Stock of a medication at a store (``inventory_check``).

    Args:
        session: An open session.
        med_id: A product id; wins over ``query`` when both are given.
        query: A medication name (brand or generic, English or Hebrew); a generic lists all its products.
        store_id: The store (``None`` = the default store).
        language: ``"en"`` or ``"he"`` for names and notes.

    Raises:
        MissingMedicationQuery: Neither ``med_id`` nor a non-empty ``query``.
        MedNotFound: No medication matches. StoreNotFound: unknown store. ValidationFailed: bad arguments.
    """
    language = check_language(language)
    store = get_store(session, store_id)
    info = store_info(store, language)
    # An id wins over a name: it comes from an earlier lookup and cannot be ambiguous.
    products = [get_product(session, med_id)] if med_id is not None else _matches_for_query(session, query, language)
    matches = medication_views(session, products, store.store_id, language)
    if len(matches) > 1:
        notes: str | None = _NOTES["several"][language]
    else:
        notes = stock_note(matches[0], info, language)
    return InventoryResult(store=info, matches=tuple(matches), notes=notes)
