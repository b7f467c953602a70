"""Identical equivalents: other products with exactly the same active ingredients, in stock at a store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.db.models import ProductIngredient
from pharmai.errors import NoEquivalentsFound, ValidationFailed
from pharmai.pharmacy._common import check_language, get_product, get_store
from pharmai.pharmacy._medication import Medication, StoreInfo, medication_views, store_info
from pharmai.pharmacy._rows import ProductRow, load_products

__all__ = ["POSSIBLE_DIFFERENCES", "Disclosure", "Equivalent", "EquivalentsResult", "find_equivalents"]

#: What may still differ between products with the same active ingredients, form and strength.
POSSIBLE_DIFFERENCES = ("price", "inactive ingredients", "packaging")

_NOTE = {
    "en": (
        "Equivalence is based only on the active ingredients, form and strength. Price, inactive "
        "ingredients and packaging may differ. Please ask a pharmacist before switching."
    ),
    "he": (
        "ההשוואה מבוססת רק על החומרים הפעילים, צורת התרופה והחוזק. המחיר, החומרים הבלתי פעילים והאריזה "
        "עשויים להיות שונים. יש להתייעץ עם רוקח/ת לפני החלפה."
    ),
}


@dataclass(frozen=True)
class Disclosure:
    """What is the same and what may differ between the requested product and an equivalent."""

    same_active_ingredients: bool
    same_strength: bool
    same_form: bool
    possible_differences: tuple[str, ...] = POSSIBLE_DIFFERENCES


@dataclass(frozen=True)
class Equivalent:
    """An in-stock product with the same set of active ingredients."""

    medication: Medication
    disclosure: Disclosure


@dataclass(frozen=True)
class EquivalentsResult:
    """The requested product (with its stock) and its identical equivalents at the store."""

    store: StoreInfo
    requested: Medication
    equivalents: tuple[Equivalent, ...]
    notes: str


def _norm_strength(text: str) -> str:
    return "".join(text.lower().split())


def _ingredient_map(product: ProductRow) -> dict[str, str]:
    return {pi.ingredient_id: _norm_strength(pi.strength) for pi in product.ingredients}


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValidationFailed([{"field": field, "reason": "must be true or false"}])
    return value


def find_equivalents(
    session: Session,
    med_id: Any,
    *,
    require_same_strength: Any = True,
    require_same_form: Any = True,
    store_id: Any = None,
    language: str = "en",
) -> EquivalentsResult:
    """Other products with the identical set of active ingredients, in stock at the store.

    Args:
        session: An open session.
        med_id: The requested product.
        require_same_strength: Only products of the same strength (every ingredient's strength too).
        require_same_form: Only products of the same form (tablet, capsule, ...).
        store_id: The store (``None`` = the default store).
        language: ``"en"`` or ``"he"``.

    Raises:
        MedNotFound: Unknown ``med_id``. NoEquivalentsFound: nothing qualifies in stock at the store.
        StoreNotFound: Unknown store. ValidationFailed: malformed arguments.
    """
    language = check_language(language)
    same_strength_required = _flag(require_same_strength, "require_same_strength")
    same_form_required = _flag(require_same_form, "require_same_form")
    store = get_store(session, store_id)
    product = get_product(session, med_id)
    wanted = _ingredient_map(product)
    requested = medication_views(session, [product], store.store_id, language)[0]
    candidates: list[ProductRow] = []
    if wanted:
        # Any product with the identical set must contain the first ingredient: a cheap pre-filter.
        first = next(iter(wanted))
        ids = session.scalars(
            select(ProductIngredient.med_id)
            .where(ProductIngredient.ingredient_id == first, ProductIngredient.med_id != product.med_id)
            .order_by(ProductIngredient.med_id)
        ).all()
        loaded = load_products(session, ids)
        candidates = [loaded[m] for m in ids if m in loaded and set(_ingredient_map(loaded[m])) == set(wanted)]
    equivalents: list[Equivalent] = []
    for candidate, view in zip(
        candidates, medication_views(session, candidates, store.store_id, language), strict=True
    ):
        same_strength = _norm_strength(candidate.strength) == _norm_strength(product.strength) and (
            _ingredient_map(candidate) == wanted
        )
        same_form = candidate.form.strip().lower() == product.form.strip().lower()
        if (
            not view.in_stock
            or (same_strength_required and not same_strength)
            or (same_form_required and not same_form)
        ):
            continue
        disclosure = Disclosure(same_active_ingredients=True, same_strength=same_strength, same_form=same_form)
        equivalents.append(Equivalent(medication=view, disclosure=disclosure))
    if not equivalents:
        raise NoEquivalentsFound({"med_id": product.med_id, "store_id": store.store_id})
    return EquivalentsResult(
        store=store_info(store, language),
        requested=requested,
        equivalents=tuple(equivalents),
        notes=_NOTE[language],
    )
