"""Medication facts: one product by id, a name looked up (product or generic), and the paged catalog."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from pharmai.db.models import Inventory, Product
from pharmai.errors import AmbiguousMedication, MedNotFound, MissingMedicationQuery, ValidationFailed
from pharmai.pharmacy import search
from pharmai.pharmacy._common import check_choice, check_id, check_language, get_product, get_store, pick
from pharmai.pharmacy._medication import (
    ActiveIngredient,
    Medication,
    StoreInfo,
    medication_views,
    store_info,
)
from pharmai.pharmacy._rows import GenericRow, fetch_generic, generic_product_ids, load_products

__all__ = [
    "MAX_QUERY_LENGTH",
    "GenericFacts",
    "MedicationInfo",
    "MedicationPage",
    "get_medication",
    "list_medications",
    "medication_info",
    "medications_by_id",
    "resolve_query",
]

#: Longer medication queries are refused (the search module's limit).
MAX_QUERY_LENGTH = search.MAX_QUERY_LENGTH
_MAX_LIMIT = 100
_CURSOR_PREFIX = "v1:"


@dataclass(frozen=True)
class GenericFacts:
    """A generic sold as several products: its label facts plus the products (at one store)."""

    generic_id: str
    display_name: str
    name_en: str
    name_he: str
    active_ingredients: tuple[ActiveIngredient, ...]
    rx_required: bool
    in_stock: bool
    dosage: str
    dosage_en: str
    dosage_he: str
    warnings: str
    warnings_en: str
    warnings_he: str
    products: tuple[Medication, ...]


@dataclass(frozen=True)
class MedicationInfo:
    """The answer to "tell me about X": exactly one of ``medication`` / ``generic`` is set."""

    kind: Literal["medication", "generic"]
    query: str
    store: StoreInfo
    medication: Medication | None = None
    generic: GenericFacts | None = None


@dataclass(frozen=True)
class MedicationPage:
    """One page of the catalog; ``next_cursor`` is ``None`` on the last page."""

    store: StoreInfo
    medications: tuple[Medication, ...]
    next_cursor: str | None


def get_medication(session: Session, med_id: Any, *, language: str = "en", store_id: Any = None) -> Medication:
    """The facts of one product and its stock at a store.

    Args:
        session: An open session.
        med_id: A product id such as ``m001``.
        language: ``"en"`` or ``"he"`` for the human text.
        store_id: The store whose stock is reported (``None`` = the default store).

    Raises:
        MedNotFound: Unknown id. StoreNotFound: unknown store. ValidationFailed: malformed arguments.
    """
    language = check_language(language)
    store = get_store(session, store_id)
    product = get_product(session, med_id)
    return medication_views(session, [product], store.store_id, language)[0]


def medications_by_id(
    session: Session, med_ids: list[str], *, language: str = "en", store_id: Any = None
) -> dict[str, Medication]:
    """The facts and stock of several products at once, keyed by id (unknown ids are left out)."""
    language = check_language(language)
    store = get_store(session, store_id)
    products = list(load_products(session, med_ids).values())
    return {m.med_id: m for m in medication_views(session, products, store.store_id, language)}


def resolve_query(session: Session, query: Any, language: str) -> Any:
    """Resolve a medication name through :mod:`pharmai.pharmacy.search`, after checking the query.

    Raises:
        MissingMedicationQuery: ``query`` is empty or only spaces.
        ValidationFailed: ``query`` is not text or longer than :data:`MAX_QUERY_LENGTH`.
    """
    if query is None or (isinstance(query, str) and not query.strip()):
        raise MissingMedicationQuery()
    if not isinstance(query, str) or len(query) > MAX_QUERY_LENGTH:
        raise ValidationFailed([{"field": "query", "reason": f"must be text of at most {MAX_QUERY_LENGTH} characters"}])
    return search.resolve(session, query.strip(), language=language)


def _generic_facts(
    session: Session, generic: GenericRow, med_ids: tuple[str, ...], store_id: str, language: str
) -> GenericFacts:
    # A generic name lists all its products; a partial brand ("nurofen") only the products it named.
    product_ids = list(med_ids) or generic_product_ids(session, generic.generic_id)
    products = load_products(session, product_ids)
    views = medication_views(session, [products[m] for m in product_ids], store_id, language)
    first = products[product_ids[0]] if product_ids else None
    ingredients = (
        tuple(
            ActiveIngredient(
                ingredient_id=pi.ingredient_id,
                name=pick(language, pi.ingredient.name_en, pi.ingredient.name_he),
                name_en=pi.ingredient.name_en,
                name_he=pi.ingredient.name_he,
                strength="",  # strengths differ between the products; each product lists its own
            )
            for pi in first.ingredients
        )
        if first is not None
        else ()
    )
    return GenericFacts(
        generic_id=generic.generic_id,
        display_name=pick(language, generic.name_en, generic.name_he),
        name_en=generic.name_en,
        name_he=generic.name_he,
        active_ingredients=ingredients,
        rx_required=any(v.rx_required for v in views),
        in_stock=any(v.in_stock for v in views),
        dosage=pick(language, generic.dosage_en, generic.dosage_he),
        dosage_en=generic.dosage_en,
        dosage_he=generic.dosage_he,
        warnings=pick(language, generic.warnings_en, generic.warnings_he),
        warnings_en=generic.warnings_en,
        warnings_he=generic.warnings_he,
        products=tuple(views),
    )


def medication_info(session: Session, query: Any, *, language: str = "en", store_id: Any = None) -> MedicationInfo:
    """Look a medication up by any of its names (``get_medication_by_name``).

    Args:
        session: An open session.
        query: A brand or generic name in English or Hebrew, partial, misspelled, or inside a sentence.
        language: ``"en"`` or ``"he"``.
        store_id: The store for ``in_stock`` (``None`` = default store).

    Returns:
        ``kind="medication"`` for one product, ``kind="generic"`` for a generic sold as several products.

    Raises:
        MissingMedicationQuery: Empty query.
        MedNotFound: Nothing matches (details: query, did_you_mean).
        AmbiguousMedication: Matches span different active ingredients (details: query, suggestions).
    """
    language = check_language(language)
    store = get_store(session, store_id)
    resolution = resolve_query(session, query, language)
    text = query.strip()
    if resolution.kind == "generic" and resolution.generic_id:
        generic = fetch_generic(session, resolution.generic_id)
        if generic is not None:
            facts = _generic_facts(session, generic, tuple(resolution.med_ids), store.store_id, language)
            if len(facts.products) == 1:
                # A generic sold as a single product is that product.
                return MedicationInfo("medication", text, store_info(store, language), medication=facts.products[0])
            return MedicationInfo("generic", text, store_info(store, language), generic=facts)
    if resolution.kind == "exact" and len(resolution.med_ids) == 1:
        product = get_product(session, resolution.med_ids[0])
        view = medication_views(session, [product], store.store_id, language)[0]
        return MedicationInfo("medication", text, store_info(store, language), medication=view)
    if resolution.kind in ("ambiguous", "exact") and resolution.med_ids:
        raise AmbiguousMedication({"query": text, "suggestions": list(resolution.suggestions)})
    raise MedNotFound({"query": text, "did_you_mean": list(resolution.did_you_mean)})


def _encode_cursor(med_id: str) -> str:
    return base64.urlsafe_b64encode((_CURSOR_PREFIX + med_id).encode()).decode().rstrip("=")


def _decode_cursor(cursor: Any) -> str | None:
    if cursor is None:
        return None
    bad = ValidationFailed([{"field": "cursor", "reason": "not a cursor returned by this tool"}])
    if not isinstance(cursor, str) or not cursor or len(cursor) > 200:
        raise bad
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise bad from None
    if not raw.startswith(_CURSOR_PREFIX):
        raise bad
    try:
        return check_id(raw[len(_CURSOR_PREFIX) :], "cursor")
    except ValidationFailed:
        raise bad from None


def list_medications(
    session: Session,
    *,
    rx_filter: Any = None,
    stock_filter: Any = None,
    store_id: Any = None,
    limit: Any = 20,
    cursor: Any = None,
    language: str = "en",
) -> MedicationPage:
    """A page of the catalog in ``med_id`` order, optionally filtered.

    Args:
        session: An open session.
        rx_filter: ``rx``, ``non_rx``, ``both`` or ``None`` (= both).
        stock_filter: ``in_stock``, ``out_of_stock``, ``both`` or ``None`` (= both), at ``store_id``.
        store_id: The store (``None`` = default store).
        limit: Page size, 1–100.
        cursor: ``next_cursor`` of the previous page, or ``None`` for the first page.
        language: ``"en"`` or ``"he"``.

    Raises:
        ValidationFailed: A filter, the limit or the cursor is invalid. StoreNotFound: unknown store.
    """
    language = check_language(language)
    rx = check_choice(rx_filter, "rx_filter", ("rx", "non_rx", "both"), "both")
    stock = check_choice(stock_filter, "stock_filter", ("in_stock", "out_of_stock", "both"), "both")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= _MAX_LIMIT:
        raise ValidationFailed([{"field": "limit", "reason": f"must be an integer from 1 to {_MAX_LIMIT}"}])
    after = _decode_cursor(cursor)
    store = get_store(session, store_id)
    query = (
        select(Product.med_id)
        .outerjoin(Inventory, and_(Inventory.med_id == Product.med_id, Inventory.store_id == store.store_id))
        .order_by(Product.med_id)
        .limit(limit + 1)
    )
    if rx != "both":
        query = query.where(Product.rx_required.is_(rx == "rx"))
    if stock == "in_stock":
        query = query.where(Inventory.qty_on_hand > 0)
    elif stock == "out_of_stock":
        query = query.where((Inventory.qty_on_hand.is_(None)) | (Inventory.qty_on_hand <= 0))
    if after is not None:
        query = query.where(Product.med_id > after)
    ids = list(session.scalars(query))
    more = len(ids) > limit
    loaded = load_products(session, ids[:limit])
    page = [loaded[m] for m in ids[:limit] if m in loaded]
    views = medication_views(session, page, store.store_id, language)
    return MedicationPage(
        store=store_info(store, language),
        medications=tuple(views),
        next_cursor=_encode_cursor(page[-1].med_id) if more and page else None,
    )
