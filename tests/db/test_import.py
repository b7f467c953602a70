"""Catalog import: CSV and JSON, upserts, and all-or-nothing rejection of bad rows, by line."""

from __future__ import annotations

import csv
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db._bulk import alias_dicts
from pharmai.db.aliases import alias_rows
from pharmai.db.importer import import_catalog
from pharmai.db.models import (
    Alias,
    Generic,
    GenericIngredient,
    Ingredient,
    Inventory,
    Product,
    ProductIngredient,
)
from pharmai.errors import ImportFailed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

GOOD = {
    "med_id": "m301",
    "brand_en": "Brufen",
    "brand_he": "ברופן",
    "generic_en": "Ibuprofen",
    "generic_he": "איבופרופן",
    "ingredients": "ibuprofen:400 mg",
    "form": "tablet",
    "strength": "400 mg",
    "rx_required": "no",
    "stock": "s1:12|s2:0@2026-04-01",
}


def _row(**changes: str) -> dict[str, str]:
    return {**GOOD, **changes}


def _csv(path: Path, rows: list[dict[str, str]]) -> Path:
    columns = list(dict.fromkeys(k for row in rows for k in row))
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def _snapshot(db: Database) -> dict[str, Any]:
    """Every catalog row, so a rejected import can be shown to have changed nothing."""
    models = (Product, ProductIngredient, Generic, GenericIngredient, Ingredient, Alias, Inventory)
    with db.session() as session:
        snap: dict[str, Any] = {}
        for model in models:
            columns = [c for c in model.__table__.columns if c.name != "id"]
            snap[model.__tablename__] = sorted(tuple(str(v) for v in row) for row in session.execute(select(*columns)))
        return snap


def _import_fails(db: Database, source: Any) -> list[ImportFailed]:
    before = _snapshot(db)
    with pytest.raises(ImportFailed) as info, db.session(write=True) as session:
        import_catalog(session, source)
    assert _snapshot(db) == before
    return info.value.errors


def _aliases(db: Database, kind: str, target: str) -> set[tuple[str, str]]:
    with db.session() as session:
        query = select(Alias.text, Alias.language).where(Alias.target_kind == kind, Alias.target_id == target)
        return {(text, language) for text, language in session.execute(query)}


def _stock(db: Database, med_id: str) -> dict[str, tuple[int, date | None]]:
    with db.session() as session:
        rows = session.execute(select(Inventory).where(Inventory.med_id == med_id)).scalars()
        return {r.store_id: (r.qty_on_hand, r.restock_eta) for r in rows}


# --- success ---------------------------------------------------------------------------------------


def test_csv_example_creates_products_generics_ingredients_aliases_and_stock(db: Database) -> None:
    with db.session(write=True) as session:
        report = import_catalog(session, EXAMPLES / "catalog.csv")
    assert (report.rows, report.created, report.updated) == (5, 5, 0)
    assert (report.generics_created, report.ingredients_created) == (3, 3)
    with db.session() as session:
        aerius = session.get(Product, "m102")
        assert aerius is not None
        assert (aerius.brand_en, aerius.brand_he, aerius.form, aerius.strength) == ("Aerius", "אריוס", "tablet", "5 mg")
        assert aerius.rx_required is False
        assert (aerius.generic.name_en, aerius.generic.name_he) == ("Desloratadine", "דסלורטדין")
        # Label text that creates a generic lives on the generic; the product says "as the generic".
        assert aerius.generic.dosage_he == 'מבוגרים: 5 מ"ג פעם ביום, לפי התווית.'
        assert aerius.dosage_en == ""
        assert [(pi.ingredient.name_en, pi.ingredient.name_he, pi.strength) for pi in aerius.ingredients] == [
            ("Desloratadine", "דסלורטדין", "5 mg")
        ]
        amoxiclav = session.get(Product, "m104")
        assert amoxiclav is not None and amoxiclav.generic_id == "amoxicillin_clavulanate"
        assert [(pi.ingredient_id, pi.strength) for pi in amoxiclav.ingredients] == [
            ("amoxicillin", "500 mg"),
            ("clavulanic_acid", "125 mg"),
        ]
        codeine = session.get(Ingredient, "codeine")
        assert codeine is not None and codeine.name_he == "קודאין"
        kids = session.get(Product, "m101")
        assert kids is not None and kids.generic_id == "ibuprofen"
        assert kids.dosage_en.startswith("Children: dose by weight")  # differs from the generic: kept on the product
    assert _aliases(db, "product", "m102") == {("Aerius", "en"), ("אריוס", "he"), ("Aerius 5", "en"), ("איריוס", "he")}
    assert ("דסלורטדין", "he") in _aliases(db, "generic", "desloratadine")
    assert ("codeine", "en") in _aliases(db, "ingredient", "codeine")
    assert _stock(db, "m102") == {"s1": (60, None), "s2": (8, None)}
    assert _stock(db, "m101") == {"s1": (25, None), "s2": (0, date(2026, 4, 15))}


def test_json_example_accepts_native_booleans_and_text_booleans(db: Database) -> None:
    with db.session(write=True) as session:
        report = import_catalog(session, EXAMPLES / "catalog.json")
    assert report.created == 3
    with db.session() as session:
        nexium, dexamol = session.get(Product, "m202"), session.get(Product, "m203")
        assert nexium is not None and nexium.rx_required is True
        assert dexamol is not None and dexamol.rx_required is False and dexamol.generic_id == "paracetamol"
    assert _stock(db, "m202") == {"s1": (0, date(2026, 3, 25)), "s2": (0, date(2026, 3, 28))}
    assert ("טלפאסט", "he") in _aliases(db, "product", "m201")


def test_report_summary_in_both_languages(db: Database) -> None:
    with db.session(write=True) as session:
        report = import_catalog(session, EXAMPLES / "catalog.json")
    assert report.summary("en") == "Imported 3 medications: 3 new, 0 updated (2 new generics, 2 new ingredients)."
    assert report.summary("he") == "יובאו 3 תרופות: 3 חדשות, 0 עודכנו (2 גנריים חדשים, 2 רכיבים חדשים)."
    assert report.to_dict()["inventory_rows"] == 6


def test_existing_med_id_is_updated_and_unlisted_stores_keep_their_stock(db: Database, tmp_path: Path) -> None:
    row = _row(
        med_id="m002",
        brand_en="Nurofen Express",
        brand_he="נורופן אקספרס",
        strength="200 mg",
        ingredients="ibuprofen:200 mg",
        stock="s1:7",
        aliases="Nurofen Rapid",
    )
    with db.session(write=True) as session:
        report = import_catalog(session, _csv(tmp_path / "up.csv", [row]))
    assert (report.created, report.updated) == (0, 1)
    with db.session() as session:
        product = session.get(Product, "m002")
        assert product is not None and product.brand_en == "Nurofen Express"
        assert session.scalar(select(func.count()).select_from(Product)) == 22
    assert _stock(db, "m002") == {"s1": (7, None), "s2": (60, None)}
    # An updated product's names are the file's: the old brand no longer finds it.
    assert _aliases(db, "product", "m002") == {
        ("Nurofen Express", "en"),
        ("נורופן אקספרס", "he"),
        ("Nurofen Rapid", "en"),
    }


def test_rows_given_directly_and_progress_reports_every_row(db: Database) -> None:
    seen: list[int] = []
    rows = [_row(), _row(med_id="m302", brand_en="Brufen Retard", brand_he="ברופן רטרד")]
    with db.session(write=True) as session:
        report = import_catalog(session, rows, progress=seen.append)
    assert report.created == 2 and sum(seen) == 2
    assert _stock(db, "m302") == {"s1": (12, None), "s2": (0, date(2026, 4, 1))}


def test_markup_sql_and_formula_text_is_stored_verbatim(db: Database, tmp_path: Path) -> None:
    sql = "Robert'); DROP TABLE products;--"
    html = "<script>alert('x')</script> <b>bold</b>"
    formula = "=cmd|' /C calc'!A0"
    row = _row(brand_en=sql, dosage_en=html, warnings_he="<img src=x onerror=alert(1)> אזהרה", notes_en=formula)
    with db.session(write=True) as session:
        import_catalog(session, _csv(tmp_path / "odd.csv", [row]))
    with db.session() as session:
        product = session.get(Product, "m301")
        assert product is not None
        assert (product.brand_en, product.dosage_en, product.notes_en) == (sql, html, formula)
        assert product.warnings_he == "<img src=x onerror=alert(1)> אזהרה"
        assert session.scalar(select(func.count()).select_from(Product)) == 23


def test_alias_dicts_build_the_same_rows_as_alias_rows() -> None:
    names = [("Nurofen", "en"), ("NUROFEN", "en"), ("נורופן", "he"), ("", "en"), ("נוּרוֹפֶן", "he")]
    expected = [
        {"target_kind": a.target_kind, "target_id": a.target_id, "text": a.text, "language": a.language, "norm": a.norm}
        for a in alias_rows("product", "m002", names)
    ]
    assert alias_dicts("product", "m002", names) == expected


# --- bad rows --------------------------------------------------------------------------------------

BAD_ROWS = [
    ({"brand_en": "x" * 10_000}, "brand_en", "too long (at most 200 characters)", "ארוך מדי (עד 200 תווים)"),
    ({"med_id": "x1"}, "med_id", "must look like m001", "חייב להיות בתבנית m001"),
    ({"med_id": "m1; DROP TABLE products"}, "med_id", "must look like m001", "בתבנית m001"),
    ({"rx_required": "maybe"}, "rx_required", "must be yes/no", "חייב להיות yes/no"),
    ({"stock": "s9:5"}, "stock", "unknown store 's9'", "סניף לא מוכר 's9'"),
    ({"stock": "s1:-3"}, "stock", "quantity '-3' must be a whole number", "הכמות '-3'"),
    ({"stock": "s1:many"}, "stock", "quantity 'many'", "הכמות 'many'"),
    ({"stock": "s1:0@2026-13-01"}, "stock", "'2026-13-01' is not a date", "'2026-13-01' אינו תאריך"),
    ({"stock": "s1:5@2026-04-01"}, "stock", "only when the quantity is 0", "רק כשהכמות היא 0"),
    ({"stock": "s1:5|s1:6"}, "stock", "lists 's1' twice", "'s1' מופיע פעמיים"),
    ({"stock": "s1=5"}, "stock", "is not 'store:quantity'", "אינו בתבנית"),
    ({"brand_he": "Advil"}, "brand_he", "must contain Hebrew letters", "חייב לכלול אותיות עבריות"),
    ({"ingredients": ""}, "ingredients", "is required", "שדה חובה"),
    ({"form": "   "}, "form", "is required", "שדה חובה"),
    ({"ingredients": "paracetamol:500 mg"}, "ingredients", "do not match generic 'ibuprofen'", "אינם תואמים"),
    ({"ingredients": "ibuprofen|ibuprofen"}, "ingredients", "lists 'ibuprofen' twice", "מופיע פעמיים"),
    (
        {
            "generic_en": "Ibuprofen + novacaine",
            "generic_he": "איבופרופן + נובוקאין",
            "ingredients": "ibuprofen:200 mg|novacaine:10 mg",
        },
        "ingredients_he",
        "new ingredient 'novacaine' needs its Hebrew name",
        "לרכיב החדש 'novacaine'",
    ),
    ({"ingredients_he": "א|ב"}, "ingredients_he", "one Hebrew name per ingredient", "שם עברי אחד לכל רכיב"),
    ({"dosage_en": "take\x00one"}, "dosage_en", "contains control characters", "מכיל תווי בקרה"),
    ({"aliases": "|".join(f"alias {n}" for n in range(30))}, "aliases", "more than 20 items", "יותר מ-20 פריטים"),
    ({"generic_id": "Bad Id"}, "generic_id", "lower-case English letters", "אותיות אנגליות קטנות"),
    ({"strength": "9" * 65}, "strength", "at most 64 characters", "עד 64 תווים"),
]


@pytest.mark.parametrize(("change", "field", "english", "hebrew"), BAD_ROWS)
def test_a_bad_row_rejects_the_whole_file_with_its_line(
    db: Database, tmp_path: Path, change: dict[str, str], field: str, english: str, hebrew: str
) -> None:
    rows = [_row(med_id="m301"), _row(med_id="m302", brand_en="Other"), _row(**{"med_id": "m303", **change})]
    errors = _import_fails(db, _csv(tmp_path / "bad.csv", rows))
    assert [(e.details or {})["line"] for e in errors] == [4]
    assert (errors[0].details or {})["field"] == field
    assert errors[0].message("en").startswith(f"Line 4: {field}: ") and english in errors[0].message("en")
    assert errors[0].message("he").startswith(f"שורה 4: {field}: ") and hebrew in errors[0].message("he")


def test_duplicate_med_id_names_the_first_line(db: Database, tmp_path: Path) -> None:
    errors = _import_fails(db, _csv(tmp_path / "dup.csv", [_row(), _row(brand_en="Again")]))
    assert [e.message("en") for e in errors] == ["Line 3: med_id: m301 already appears on line 2"]
    assert [e.message("he") for e in errors] == ["שורה 3: med_id: m301 כבר מופיע בשורה 2"]


def test_every_bad_row_is_reported_and_a_multiline_cell_keeps_line_numbers_right(db: Database, tmp_path: Path) -> None:
    rows = [
        _row(warnings_en="First line.\nSecond line."),  # lines 2-3
        _row(med_id="m302", rx_required="perhaps"),  # line 4
        _row(med_id="m303", brand_en="Fine", brand_he="בסדר"),  # line 5
        _row(med_id="bad", stock="s7:1"),  # line 6, two problems
    ]
    errors = _import_fails(db, _csv(tmp_path / "many.csv", rows))
    assert [((e.details or {})["line"], (e.details or {})["field"]) for e in errors] == [
        (4, "rx_required"),
        (6, "med_id"),
        (6, "stock"),
    ]


def test_unknown_and_missing_columns_are_reported_on_the_header_line(db: Database, tmp_path: Path) -> None:
    row = {k: v for k, v in _row(rx_requried="no").items() if k not in ("rx_required", "form")}
    errors = _import_fails(db, _csv(tmp_path / "cols.csv", [row]))
    messages = [e.message("en") for e in errors]
    assert messages == [
        "Line 1: rx_requried: unknown column",
        "Line 1: missing required columns: form, rx_required",
    ]
    assert errors[0].message("he") == "שורה 1: rx_requried: עמודה לא מוכרת"


def test_json_items_are_numbered_from_one(db: Database, tmp_path: Path) -> None:
    items: list[Any] = [dict(_row(), rx_required=True), dict(_row(med_id="m302"), brand_en=5, colour="red"), "m303"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    errors = _import_fails(db, path)
    assert [e.message("en") for e in errors] == ["Line 3: the item must be an object"]
    items.pop()
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    errors = _import_fails(db, path)
    assert sorted(e.message("en") for e in errors) == [
        "Line 2: brand_en: must be text",
        "Line 2: colour: unknown column",
    ]
    assert sorted(e.message("he") for e in errors) == [
        "שורה 2: brand_en: חייב להיות טקסט",
        "שורה 2: colour: עמודה לא מוכרת",
    ]


@pytest.mark.parametrize(
    ("name", "content", "english", "hebrew"),
    [
        ("cat.txt", b"med_id\n", "Line 0: unsupported file type '.txt' (use .csv or .json)", "סוג קובץ לא נתמך '.txt'"),
        ("cat.csv", b"\xff\xfe\x00bad", "Line 0: the file is not UTF-8 text", "הקובץ אינו טקסט בקידוד UTF-8"),
        ("cat.json", b'{"med_id": "m301"}', "Line 0: the JSON must be a list of objects", "רשימה של אובייקטים"),
        ("cat.json", b"[{", "Line 0: not valid JSON (line 1, column 3)", "JSON לא תקין (שורה 1, עמודה 3)"),
        ("cat.json", b"[]", "Line 0: the file has no rows", "בקובץ אין שורות"),
        ("cat.csv", b"", "Line 0: the file has no rows", "בקובץ אין שורות"),
        ("cat.csv", ",".join(GOOD).encode() + b"\n", "Line 0: the file has no rows", "בקובץ אין שורות"),
    ],
)
def test_bad_files_are_refused_whole(
    db: Database, tmp_path: Path, name: str, content: bytes, english: str, hebrew: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    errors = _import_fails(db, path)
    assert errors[0].message("en").startswith(english)
    assert hebrew in errors[0].message("he")


def test_a_missing_file_is_a_typed_error(db: Database, tmp_path: Path) -> None:
    errors = _import_fails(db, tmp_path / "nowhere.csv")
    assert errors[0].message("en") == "Line 0: file not found: nowhere.csv"
    assert errors[0].message("he") == "שורה 0: הקובץ לא נמצא: nowhere.csv"
    assert errors[0].to_error("he")["code"] == "IMPORT_ERROR"


def test_huge_input_is_echoed_only_in_part(db: Database, tmp_path: Path) -> None:
    row = {**_row(stock=f"s{'9' * 10_000}:1"), "x" * 10_000: "y"}
    errors = _import_fails(db, [row])
    assert sorted((e.details or {})["kind"] for e in errors) == ["unknown_column", "unknown_store"]
    assert all(len(e.message(language)) < 200 for e in errors for language in ("en", "he"))


def test_a_wholly_wrong_file_stops_after_500_problems(db: Database) -> None:
    errors = _import_fails(db, [_row(med_id=f"bad{n}") for n in range(700)])
    assert len(errors) == 501
    assert errors[-1].message("en") == "Line 500: too many errors; stopped after 500"
    assert errors[-1].message("he") == "שורה 500: יותר מדי שגיאות; הבדיקה נעצרה אחרי 500"


def test_an_import_error_without_a_hebrew_reason_still_reads_as_a_sentence() -> None:
    error = ImportFailed({"line": 2, "reason": "bad cell"})
    assert (error.message("en"), error.message("he")) == ("Line 2: bad cell", "שורה 2: bad cell")
    assert error.errors == [error]
