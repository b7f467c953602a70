"""Importing a catalog (CSV or JSON) into generics, ingredients, products, aliases and inventory.

The import is all or nothing: every row is validated (with Pydantic, then against the database) before
anything is written, and one bad row rejects the whole file with every problem reported by line. Rows
whose ``med_id`` exists update that product. The file format is documented in ``docs/catalog-import.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.db._bulk import chunks, language_of, slug
from pharmai.db._import_files import read_file, rows_from_objects
from pharmai.db._import_reasons import row_error
from pharmai.db._import_rows import CatalogRow, validate_row
from pharmai.db._import_write import Plan, write_plan
from pharmai.db.models import Alias, Generic, GenericIngredient, Ingredient, Product, Store
from pharmai.errors import ImportFailed
from pharmai.text.normalize import normalize

__all__ = ["MAX_ERRORS", "ImportReport", "import_catalog"]

#: Validation stops collecting after this many errors (a wholly wrong file must not flood the terminal).
MAX_ERRORS = 500

_SUMMARY = {
    "en": "Imported {rows} medications: {created} new, {updated} updated ({generics} new generics, "
    "{ingredients} new ingredients).",
    "he": "יובאו {rows} תרופות: {created} חדשות, {updated} עודכנו ({generics} גנריים חדשים, {ingredients} רכיבים "
    "חדשים).",
}


@dataclass(frozen=True)
class ImportReport:
    """What an import wrote."""

    rows: int
    created: int
    updated: int
    generics_created: int
    ingredients_created: int
    aliases: int
    inventory_rows: int

    def summary(self, language: str = "en") -> str:
        """One sentence for people, in ``language`` ("en" or "he")."""
        template = _SUMMARY.get(language, _SUMMARY["en"])
        return template.format(
            rows=self.rows,
            created=self.created,
            updated=self.updated,
            generics=self.generics_created,
            ingredients=self.ingredients_created,
        )

    def to_dict(self) -> dict[str, int]:
        """The counts as a JSON-ready dict."""
        return asdict(self)


def import_catalog(
    session: Session,
    path_or_rows: str | Path | Iterable[Mapping[str, Any]],
    *,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Validate a whole catalog, then create or update its medications in ``session``.

    Args:
        session: An open session; the caller commits (``Database.session(write=True)`` does).
        path_or_rows: A ``.csv`` / ``.json`` file, or the rows themselves (dicts keyed by column,
            numbered from 1 in error reports).
        progress: Called with the number of rows just written, batch by batch.

    Returns:
        What was written.

    Raises:
        ImportFailed: Some row or the file is bad; nothing was written. The exception is the first
            problem and ``.errors`` lists every one (``details``: line, field, reason, reason_he).
    """
    if isinstance(path_or_rows, str | Path):
        raw = read_file(Path(path_or_rows))
    else:
        raw = rows_from_objects(list(path_or_rows))
    stores = list(session.scalars(select(Store.store_id).order_by(Store.store_id)))
    errors: list[ImportFailed] = []
    rows: list[tuple[int, CatalogRow]] = []
    first_line: dict[str, int] = {}
    known_stores = set(stores)
    for line, data in raw:
        result = validate_row(data, line, known_stores)
        if isinstance(result, list):
            errors.extend(result)
        elif result.med_id in first_line:
            errors.append(
                row_error(
                    line, "duplicate_med_id", field="med_id", med_id=result.med_id, first=first_line[result.med_id]
                )
            )
        else:
            first_line[result.med_id] = line
            rows.append((line, result))
        if len(errors) >= MAX_ERRORS:
            errors.append(row_error(line, "too_many_errors", limit=MAX_ERRORS))
            break
    plan = Plan(stores=stores)
    if len(errors) < MAX_ERRORS:
        _Resolver(session, plan).resolve(rows, errors)
    if errors:
        raise ImportFailed(errors[0].details, errors=errors)
    plan.existing = _existing_products(session, [row.med_id for _line, row in rows])
    counts = write_plan(session, plan, progress=progress)
    return ImportReport(
        rows=len(rows),
        created=len(rows) - len(plan.existing),
        updated=len(plan.existing),
        generics_created=len(plan.generics),
        ingredients_created=len(plan.ingredients),
        aliases=counts["aliases"],
        inventory_rows=counts["inventory"],
    )


def _existing_products(session: Session, med_ids: list[str]) -> set[str]:
    found: set[str] = set()
    for batch in chunks(med_ids):
        found.update(session.scalars(select(Product.med_id).where(Product.med_id.in_(batch))))
    return found


class _Resolver:
    """Matches each row's ingredients and generic to the database (or to new ones the file defines)."""

    def __init__(self, session: Session, plan: Plan) -> None:
        self.plan = plan
        self.ingredient_ids = set(session.scalars(select(Ingredient.ingredient_id)))
        self.ingredient_names: dict[str, str] = {}
        for ingredient_id, name in session.execute(select(Ingredient.ingredient_id, Ingredient.name_en)):
            self.ingredient_names.setdefault(normalize(name), ingredient_id)
        english = select(Alias.norm, Alias.target_id).where(Alias.target_kind == "ingredient", Alias.language == "en")
        for norm, ingredient_id in session.execute(english):
            self.ingredient_names.setdefault(norm, ingredient_id)
        self.generic_sets: dict[str, frozenset[str]] = {}
        for generic_id, ingredient_id in session.execute(
            select(GenericIngredient.generic_id, GenericIngredient.ingredient_id)
        ):
            self.generic_sets[generic_id] = self.generic_sets.get(generic_id, frozenset()) | {ingredient_id}
        self.generic_texts: dict[str, tuple[str, str, str, str]] = {}
        self.generic_names: dict[str, str] = {}
        for g in session.execute(select(Generic.generic_id, Generic.name_en, *_TEXT_COLUMNS)):
            self.generic_names.setdefault(normalize(g[1]), g[0])
            self.generic_texts[g[0]] = (g[2], g[3], g[4], g[5])
            self.generic_sets.setdefault(g[0], frozenset())

    def resolve(self, rows: list[tuple[int, CatalogRow]], errors: list[ImportFailed]) -> None:
        for line, row in rows:
            ingredient_ids = self._ingredients(line, row, errors)
            if ingredient_ids is None:
                continue
            generic_id = self._generic(line, row, ingredient_ids, errors)
            if generic_id is not None:
                self.plan.add_product(row, generic_id, ingredient_ids, self.generic_texts[generic_id])

    def _ingredients(self, line: int, row: CatalogRow, errors: list[ImportFailed]) -> list[str] | None:
        if row.ingredients_he and len(row.ingredients_he) != len(row.ingredients):
            errors.append(row_error(line, "ingredients_he_count", field="ingredients_he"))
            return None
        ids: list[str] = []
        for position, spec in enumerate(row.ingredients):
            key = slug(spec.name)
            known = key if key in self.ingredient_ids else self.ingredient_names.get(normalize(spec.name))
            if known is None and key in self.plan.ingredients:
                known = key
            if known is None:
                if not key or len(key) > 64:
                    errors.append(row_error(line, "bad_ingredient", field="ingredients", item=spec.name))
                    return None
                name_he = row.ingredients_he[position] if row.ingredients_he else ""
                if not name_he and len(row.ingredients) == 1:
                    name_he = row.generic_he
                if language_of(name_he) != "he":
                    errors.append(row_error(line, "needs_ingredient_he", field="ingredients_he", item=spec.name))
                    return None
                # "ibuprofen" in the ingredients cell of generic "Ibuprofen" takes the generic's spelling.
                same = len(row.ingredients) == 1 and normalize(spec.name) == normalize(row.generic_en)
                name_en = row.generic_en if same else spec.name
                self.plan.ingredients[key] = {"ingredient_id": key, "name_en": name_en, "name_he": name_he}
                known = key
            if known in ids:
                errors.append(row_error(line, "duplicate_item", field="ingredients", item=spec.name))
                return None
            ids.append(known)
        return ids

    def _generic(self, line: int, row: CatalogRow, ingredient_ids: list[str], errors: list[ImportFailed]) -> str | None:
        generic_id = row.generic_id or self.generic_names.get(normalize(row.generic_en)) or slug(row.generic_en)
        if not generic_id or len(generic_id) > 64:
            errors.append(row_error(line, "generic_id_needed", field="generic_en"))
            return None
        expected = self.generic_sets.get(generic_id)
        if expected is None:
            # The first row naming a new generic defines it (names, label text, ingredients).
            expected = self.generic_sets[generic_id] = frozenset(ingredient_ids)
            self.generic_names.setdefault(normalize(row.generic_en), generic_id)
            self.generic_texts[generic_id] = (row.dosage_en, row.dosage_he, row.warnings_en, row.warnings_he)
            self.plan.add_generic(generic_id, row, ingredient_ids)
        if expected != frozenset(ingredient_ids):
            errors.append(
                row_error(
                    line,
                    "ingredients_mismatch",
                    field="ingredients",
                    generic=generic_id,
                    expected=", ".join(sorted(expected)) or "-",
                )
            )
            return None
        return generic_id


_TEXT_COLUMNS = (Generic.dosage_en, Generic.dosage_he, Generic.warnings_en, Generic.warnings_he)
