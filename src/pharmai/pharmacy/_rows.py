"""Catalog rows as plain immutable values, read with Core queries (internal).

Every catalog tool reads a store and a few products with their generic and ingredients. Loading them as
ORM objects (identity map, joined and select-in loaders, attribute instrumentation) cost several times
the database work itself; the services only ever read them. These rows keep the ORM objects' attribute
names (``product.generic.name_en``, ``pi.ingredient.name_he``), so the services read them the same way.

Stores, products, generics and the products of a generic are served from the per-database shelf of
:mod:`pharmai.pharmacy._row_cache` (at most a second old, never older than this process's own catalog
writes); stock is read from the database on every call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from pharmai.db.models import Generic, Ingredient, Inventory, Product, ProductIngredient, Store
from pharmai.db.raw import RawStatement, on_connection
from pharmai.pharmacy._row_cache import shelf

__all__ = [
    "GenericRow",
    "IngredientRow",
    "ProductIngredientRow",
    "ProductRow",
    "StockRow",
    "StoreRow",
    "fetch_generic",
    "fetch_stock",
    "fetch_store",
    "generic_product_ids",
    "load_products",
]


@dataclass(frozen=True, slots=True)
class StoreRow:
    """A pharmacy branch."""

    store_id: str
    name_en: str
    name_he: str
    is_default: bool


@dataclass(frozen=True, slots=True)
class IngredientRow:
    """An active ingredient."""

    ingredient_id: str
    name_en: str
    name_he: str


@dataclass(frozen=True, slots=True)
class ProductIngredientRow:
    """One ingredient of a product, with its strength in that product."""

    ingredient_id: str
    strength: str
    ingredient: IngredientRow


@dataclass(frozen=True, slots=True)
class GenericRow:
    """A generic (the active-ingredient combination products are sold under) and its label text."""

    generic_id: str
    name_en: str
    name_he: str
    dosage_en: str
    dosage_he: str
    warnings_en: str
    warnings_he: str


@dataclass(frozen=True, slots=True)
class ProductRow:
    """A product with its generic and its ingredients (in label order)."""

    med_id: str
    generic_id: str
    brand_en: str
    brand_he: str
    form: str
    strength: str
    rx_required: bool
    dosage_en: str
    dosage_he: str
    warnings_en: str
    warnings_he: str
    generic: GenericRow
    ingredients: tuple[ProductIngredientRow, ...]


@dataclass(frozen=True, slots=True)
class StockRow:
    """A product's stock at one store."""

    qty_on_hand: int
    restock_eta: date | None


def _table(model: type) -> Table:
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


_S, _P, _G = _table(Store), _table(Product), _table(Generic)
_PI, _I, _INV = _table(ProductIngredient), _table(Ingredient), _table(Inventory)

_STORE_COLUMNS = (_S.c.store_id, _S.c.name_en, _S.c.name_he, _S.c.is_default)
_STORE_BY_ID = select(*_STORE_COLUMNS).where(_S.c.store_id == bindparam("store_id"))
# The default store; when none is marked, the first store.
_DEFAULT_STORE = select(*_STORE_COLUMNS).order_by(_S.c.is_default.desc(), _S.c.store_id).limit(1)
_PRODUCTS = (
    select(
        _P.c.med_id,
        _P.c.generic_id,
        _P.c.brand_en,
        _P.c.brand_he,
        _P.c.form,
        _P.c.strength,
        _P.c.rx_required,
        _P.c.dosage_en,
        _P.c.dosage_he,
        _P.c.warnings_en,
        _P.c.warnings_he,
        _G.c.name_en,
        _G.c.name_he,
        _G.c.dosage_en,
        _G.c.dosage_he,
        _G.c.warnings_en,
        _G.c.warnings_he,
    )
    .join(_G, _G.c.generic_id == _P.c.generic_id)
    .where(_P.c.med_id.in_(bindparam("ids", expanding=True)))
)
_INGREDIENTS = (
    select(_PI.c.med_id, _PI.c.ingredient_id, _PI.c.strength, _I.c.name_en, _I.c.name_he)
    .join(_I, _I.c.ingredient_id == _PI.c.ingredient_id)
    .where(_PI.c.med_id.in_(bindparam("ids", expanding=True)))
    .order_by(_PI.c.med_id, _PI.c.position, _PI.c.ingredient_id)
)
_GENERIC = select(
    _G.c.generic_id, _G.c.name_en, _G.c.name_he, _G.c.dosage_en, _G.c.dosage_he, _G.c.warnings_en, _G.c.warnings_he
).where(_G.c.generic_id == bindparam("generic_id"))
_GENERIC_PRODUCTS = select(_P.c.med_id).where(_P.c.generic_id == bindparam("generic_id")).order_by(_P.c.med_id)
# Stock is read on every stock check, never cached: a plain statement (see pharmai.db.raw) costs a fraction
# of a Core one. ``IN`` needs one placeholder per id, so the SQL is built per id count (few distinct ones).
_K = TypeVar("_K")
_V = TypeVar("_V")
_STOCK_TYPES = (None, None, _INV.c.restock_eta.type)
_STOCK_STATEMENTS: dict[int, RawStatement] = {}


def _stock_statement(count: int) -> RawStatement:
    found = _STOCK_STATEMENTS.get(count)
    if found is None:
        marks = ", ".join(f":m{i}" for i in range(count))
        found = RawStatement(
            f"SELECT med_id, qty_on_hand, restock_eta FROM inventory WHERE store_id = :store AND med_id IN ({marks})",
            results=_STOCK_TYPES,
        )
        if len(_STOCK_STATEMENTS) < 256:
            _STOCK_STATEMENTS[count] = found
    return found


def _remembered(rows: dict[_K, _V], key: _K, read: Callable[[], _V | None]) -> _V | None:
    # The shelf's row for ``key``, read (and kept) on a miss; a row that does not exist is not kept.
    found = rows.get(key)
    if found is None:
        found = read()
        if found is not None:
            rows[key] = found
    return found


def fetch_store(session: Session, store_id: str | None) -> StoreRow | None:
    """The store ``store_id`` (an already checked id), or the default store for ``None``."""

    def read() -> StoreRow | None:
        connection = session.connection()
        if store_id is None:
            row = connection.execute(_DEFAULT_STORE).first()
        else:
            row = connection.execute(_STORE_BY_ID, {"store_id": store_id}).first()
        return None if row is None else StoreRow(row[0], row[1], row[2], bool(row[3]))

    return _remembered(shelf(session).stores, store_id, read)


def load_products(session: Session, med_ids: Iterable[str]) -> dict[str, ProductRow]:
    """Products by id with their generic and ingredients (unknown ids are left out)."""
    cached = shelf(session).products
    products: dict[str, ProductRow] = {}
    missing: list[str] = []
    for med_id in dict.fromkeys(med_ids):
        found = cached.get(med_id)
        if found is None:
            missing.append(med_id)
        else:
            products[med_id] = found
    if missing:
        loaded = _read_products(session, missing)
        cached.update(loaded)
        products.update(loaded)
    return products


def _read_products(session: Session, ids: list[str]) -> dict[str, ProductRow]:
    # Two queries: the products with their generic, and their ingredients in label order.
    connection = session.connection()
    ingredients: dict[str, list[ProductIngredientRow]] = {}
    for med_id, ingredient_id, strength, name_en, name_he in connection.execute(_INGREDIENTS, {"ids": ids}):
        item = ProductIngredientRow(ingredient_id, strength, IngredientRow(ingredient_id, name_en, name_he))
        ingredients.setdefault(med_id, []).append(item)
    products: dict[str, ProductRow] = {}
    for values in connection.execute(_PRODUCTS, {"ids": ids}):
        med_id, generic_id = values[0], values[1]
        products[med_id] = ProductRow(
            med_id=med_id,
            generic_id=generic_id,
            brand_en=values[2],
            brand_he=values[3],
            form=values[4],
            strength=values[5],
            rx_required=bool(values[6]),
            dosage_en=values[7],
            dosage_he=values[8],
            warnings_en=values[9],
            warnings_he=values[10],
            generic=GenericRow(generic_id, *values[11:17]),
            ingredients=tuple(ingredients.get(med_id, ())),
        )
    return products


def fetch_generic(session: Session, generic_id: str) -> GenericRow | None:
    """The generic ``generic_id``, or ``None``."""

    def read() -> GenericRow | None:
        row = session.connection().execute(_GENERIC, {"generic_id": generic_id}).first()
        return None if row is None else GenericRow(*row)

    return _remembered(shelf(session).generics, generic_id, read)


def generic_product_ids(session: Session, generic_id: str) -> list[str]:
    """The ids of the products sold under a generic, in id order."""

    def read() -> list[str]:
        return list(session.connection().scalars(_GENERIC_PRODUCTS, {"generic_id": generic_id}))

    return list(_remembered(shelf(session).generic_products, generic_id, read) or ())


def fetch_stock(session: Session, store_id: str, med_ids: list[str]) -> dict[str, StockRow]:
    """The stock rows of ``med_ids`` at ``store_id`` (products with no row are left out)."""
    if not med_ids:
        return {}
    params = {"store": store_id} | {f"m{i}": med_id for i, med_id in enumerate(med_ids)}
    with on_connection(session.connection()) as connection:
        rows = connection.rows(_stock_statement(len(med_ids)), params)
    return {med_id: StockRow(int(qty), eta) for med_id, qty, eta in rows}
