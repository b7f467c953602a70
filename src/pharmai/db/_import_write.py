"""Writing a validated import plan in bulk: inserts for new entries, updates by primary key for old ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from pharmai.db._bulk import alias_dicts, chunks, insert_all, language_of
from pharmai.db._import_rows import CatalogRow
from pharmai.db.models import Alias, Generic, GenericIngredient, Ingredient, Inventory, Product, ProductIngredient

__all__ = ["Plan", "write_plan"]

_TEXTS = ("dosage_en", "dosage_he", "warnings_en", "warnings_he")


@dataclass
class Plan:
    """Everything an import will write, resolved and checked."""

    stores: list[str]
    ingredients: dict[str, dict[str, str]] = field(default_factory=dict)
    generics: dict[str, dict[str, Any]] = field(default_factory=dict)
    generic_ingredients: list[dict[str, str]] = field(default_factory=list)
    products: list[dict[str, Any]] = field(default_factory=list)
    product_ingredients: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    product_names: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    stock: dict[str, dict[str, tuple[int, Any]]] = field(default_factory=dict)
    existing: set[str] = field(default_factory=set)

    def add_generic(self, generic_id: str, row: CatalogRow, ingredient_ids: list[str]) -> None:
        """A generic the file introduces; its label text is the first row's."""
        self.generics[generic_id] = {
            "generic_id": generic_id,
            "name_en": row.generic_en,
            "name_he": row.generic_he,
            **{name: getattr(row, name) for name in _TEXTS},
        }
        self.generic_ingredients.extend({"generic_id": generic_id, "ingredient_id": i} for i in ingredient_ids)

    def add_product(
        self, row: CatalogRow, generic_id: str, ingredient_ids: list[str], generic_texts: tuple[str, ...]
    ) -> None:
        """One product row; label text equal to the generic's is stored empty ("as the generic")."""
        texts = {
            name: (value if value != inherited else "")
            for name, value, inherited in zip(_TEXTS, (getattr(row, n) for n in _TEXTS), generic_texts, strict=True)
        }
        self.products.append(
            {
                "med_id": row.med_id,
                "generic_id": generic_id,
                "brand_en": row.brand_en,
                "brand_he": row.brand_he,
                "form": row.form,
                "strength": row.strength,
                "rx_required": row.rx_required,
                "notes_en": row.notes_en,
                "notes_he": row.notes_he,
                **texts,
            }
        )
        single = len(ingredient_ids) == 1
        self.product_ingredients[row.med_id] = [
            {
                "med_id": row.med_id,
                "ingredient_id": i,
                "strength": spec.strength or (row.strength if single else ""),
                "position": n,
            }
            for n, (i, spec) in enumerate(zip(ingredient_ids, row.ingredients, strict=True))
        ]
        self.product_names[row.med_id] = [(row.brand_en, "en"), (row.brand_he, "he")] + [
            (alias, language_of(alias)) for alias in row.aliases
        ]
        self.stock[row.med_id] = {s.store_id: (s.qty, s.restock_eta) for s in row.stock}


def write_plan(session: Session, plan: Plan, *, progress: Callable[[int], None] | None = None) -> dict[str, int]:
    """Write ``plan`` into ``session`` (no commit).

    Returns:
        ``aliases`` and ``inventory``: how many such rows were written.
    """
    aliases = 0
    insert_all(session, Ingredient, list(plan.ingredients.values()))
    for ingredient_id, i in plan.ingredients.items():
        aliases += insert_all(
            session, Alias, alias_dicts("ingredient", ingredient_id, [(i["name_en"], "en"), (i["name_he"], "he")])
        )
    insert_all(session, Generic, list(plan.generics.values()))
    insert_all(session, GenericIngredient, plan.generic_ingredients)
    generic_aliases: list[dict[str, Any]] = []
    for generic_id, g in plan.generics.items():
        generic_aliases += alias_dicts("generic", generic_id, [(g["name_en"], "en"), (g["name_he"], "he")])
    aliases += insert_all(session, Alias, generic_aliases)
    inventory = 0
    for batch in chunks(plan.products):
        med_ids = [p["med_id"] for p in batch]
        old = [m for m in med_ids if m in plan.existing]
        new_rows = [p for p in batch if p["med_id"] not in plan.existing]
        insert_all(session, Product, new_rows)
        if old:
            session.execute(update(Product), [p for p in batch if p["med_id"] in plan.existing])
            # An updated product's ingredients and names are replaced by the file's.
            session.execute(delete(ProductIngredient).where(ProductIngredient.med_id.in_(old)))
            session.execute(delete(Alias).where(Alias.target_kind == "product", Alias.target_id.in_(old)))
        insert_all(session, ProductIngredient, [pi for m in med_ids for pi in plan.product_ingredients[m]])
        names: list[dict[str, Any]] = []
        for med_id in med_ids:
            names += alias_dicts("product", med_id, plan.product_names[med_id])
        aliases += insert_all(session, Alias, names)
        inventory += _write_stock(session, plan, med_ids, old)
        if progress is not None:
            progress(len(batch))
    return {"aliases": aliases, "inventory": inventory}


def _write_stock(session: Session, plan: Plan, med_ids: list[str], old: list[str]) -> int:
    have: set[tuple[str, str]] = set()
    if old:
        query = select(Inventory.med_id, Inventory.store_id).where(Inventory.med_id.in_(old))
        have = {(m, s) for m, s in session.execute(query)}
    inserts: list[dict[str, Any]] = []
    updates: list[dict[str, Any]] = []
    for med_id in med_ids:
        listed = plan.stock[med_id]
        for store_id in plan.stores:
            qty, eta = listed.get(store_id, (0, None))
            row = {"med_id": med_id, "store_id": store_id, "qty_on_hand": qty, "restock_eta": eta}
            if (med_id, store_id) in have:
                # Stores the file does not list keep their stock on update.
                if store_id in listed:
                    updates.append(row)
            else:
                inserts.append(row)
    if updates:
        session.execute(update(Inventory), updates)
    return insert_all(session, Inventory, inserts) + len(updates)
