"""The medication, ingredient and store views every pharmacy service returns (internal builders)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from pharmai.pharmacy._common import pick
from pharmai.pharmacy._rows import ProductRow, StockRow, StoreRow, fetch_stock
from pharmai.pharmacy.search import display_name

__all__ = [
    "LOW_STOCK_MAX",
    "ActiveIngredient",
    "Medication",
    "StoreInfo",
    "medication_views",
    "store_info",
]

#: A quantity at or below this (and above zero) is "low stock".
LOW_STOCK_MAX = 10


@dataclass(frozen=True)
class ActiveIngredient:
    """One active ingredient of a product, named in the requested language and in both."""

    ingredient_id: str
    name: str
    name_en: str
    name_he: str
    strength: str


@dataclass(frozen=True)
class StoreInfo:
    """A pharmacy branch."""

    store_id: str
    name: str
    name_en: str
    name_he: str
    is_default: bool


@dataclass(frozen=True)
class Medication:
    """Everything the tools say about one product at one store.

    ``dosage`` and ``warnings`` are in the requested language; product text overrides the generic's
    when it is non-empty. Stock fields describe ``store_id``: ``restock_eta`` is set only when out of
    stock, ``low_stock`` means 0 < qty ≤ 10.
    """

    med_id: str
    display_name: str
    brand_name: str
    generic_name: str
    name_en: str
    name_he: str
    generic_id: str
    generic_name_en: str
    generic_name_he: str
    active_ingredients: tuple[ActiveIngredient, ...]
    form: str
    strength: str
    rx_required: bool
    dosage: str
    dosage_en: str
    dosage_he: str
    warnings: str
    warnings_en: str
    warnings_he: str
    store_id: str
    qty_on_hand: int
    in_stock: bool
    low_stock: bool
    restock_eta: date | None


def store_info(store: StoreRow, language: str) -> StoreInfo:
    """The :class:`StoreInfo` of a store row."""
    return StoreInfo(
        store_id=store.store_id,
        name=pick(language, store.name_en, store.name_he),
        name_en=store.name_en,
        name_he=store.name_he,
        is_default=bool(store.is_default),
    )


def _text(product_text: str, generic_text: str) -> str:
    # Product label text wins when the product has its own; otherwise the generic's applies.
    return product_text if product_text.strip() else generic_text


def _view(product: ProductRow, stock: StockRow | None, store_id: str, language: str) -> Medication:
    generic = product.generic
    qty = stock.qty_on_hand if stock is not None else 0
    in_stock = qty > 0
    dosage_en = _text(product.dosage_en, generic.dosage_en)
    dosage_he = _text(product.dosage_he, generic.dosage_he)
    warnings_en = _text(product.warnings_en, generic.warnings_en)
    warnings_he = _text(product.warnings_he, generic.warnings_he)
    return Medication(
        med_id=product.med_id,
        display_name=display_name(product, language),
        brand_name=pick(language, product.brand_en, product.brand_he),
        generic_name=pick(language, generic.name_en, generic.name_he),
        name_en=product.brand_en,
        name_he=product.brand_he,
        generic_id=generic.generic_id,
        generic_name_en=generic.name_en,
        generic_name_he=generic.name_he,
        active_ingredients=tuple(
            ActiveIngredient(
                ingredient_id=pi.ingredient_id,
                name=pick(language, pi.ingredient.name_en, pi.ingredient.name_he),
                name_en=pi.ingredient.name_en,
                name_he=pi.ingredient.name_he,
                strength=pi.strength,
            )
            for pi in product.ingredients
        ),
        form=product.form,
        strength=product.strength,
        rx_required=bool(product.rx_required),
        dosage=pick(language, dosage_en, dosage_he),
        dosage_en=dosage_en,
        dosage_he=dosage_he,
        warnings=pick(language, warnings_en, warnings_he),
        warnings_en=warnings_en,
        warnings_he=warnings_he,
        store_id=store_id,
        qty_on_hand=qty,
        in_stock=in_stock,
        low_stock=0 < qty <= LOW_STOCK_MAX,
        restock_eta=None if in_stock or stock is None else stock.restock_eta,
    )


def medication_views(
    session: Session, products: Sequence[ProductRow], store_id: str, language: str
) -> list[Medication]:
    """The :class:`Medication` views of ``products`` at ``store_id`` (one stock query for all)."""
    stock = fetch_stock(session, store_id, [p.med_id for p in products])
    return [_view(p, stock.get(p.med_id), store_id, language) for p in products]
