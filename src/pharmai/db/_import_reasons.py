"""The bilingual reasons a catalog import gives for a bad row or a bad file."""

from __future__ import annotations

from typing import Any

from pharmai.errors import ImportFailed

__all__ = ["REASONS", "row_error"]

#: kind -> (English, Hebrew) templates, filled from the error's context.
REASONS: dict[str, tuple[str, str]] = {
    # fields
    "missing": ("is required", "שדה חובה"),
    "empty": ("must not be empty", "אסור שיהיה ריק"),
    "too_long": ("is too long (at most {max_length} characters)", "ארוך מדי (עד {max_length} תווים)"),
    "not_text": ("must be text", "חייב להיות טקסט"),
    "control_chars": ("contains control characters", "מכיל תווי בקרה"),
    "needs_hebrew": ("must contain Hebrew letters", "חייב לכלול אותיות עבריות"),
    "med_id_format": (
        "must look like m001 (the letter m and 3 to 12 digits)",
        "חייב להיות בתבנית m001 (האות m ואחריה 3 עד 12 ספרות)",
    ),
    "generic_id_format": (
        "must be lower-case English letters, digits and _ (starting with a letter, at most 64)",
        "חייב להכיל אותיות אנגליות קטנות, ספרות ו-_ (להתחיל באות, עד 64 תווים)",
    ),
    "bad_bool": ("must be yes/no, true/false, 1/0 or כן/לא", "חייב להיות yes/no, true/false, 1/0 או כן/לא"),
    "bad_ingredient": ("'{item}' is not 'name:strength'", "'{item}' אינו בתבנית 'name:strength'"),
    "too_many": ("lists more than {limit} items", "מכיל יותר מ-{limit} פריטים"),
    "duplicate_item": ("lists '{item}' twice", "'{item}' מופיע פעמיים"),
    "bad_stock": (
        "'{item}' is not 'store:quantity' or 'store:0@YYYY-MM-DD'",
        "'{item}' אינו בתבנית 'store:quantity' או 'store:0@YYYY-MM-DD'",
    ),
    "bad_qty": (
        "quantity '{item}' must be a whole number from 0 to 1,000,000",
        "הכמות '{item}' חייבת להיות מספר שלם בין 0 ל-1,000,000",
    ),
    "bad_date": ("'{item}' is not a date (YYYY-MM-DD)", "'{item}' אינו תאריך (YYYY-MM-DD)"),
    "eta_in_stock": (
        "store {item}: a restock date is allowed only when the quantity is 0",
        "סניף {item}: תאריך חידוש מלאי מותר רק כשהכמות היא 0",
    ),
    "unknown_store": ("unknown store '{item}'", "סניף לא מוכר '{item}'"),
    "unknown_column": ("unknown column", "עמודה לא מוכרת"),
    "duplicate_med_id": ("{med_id} already appears on line {first}", "{med_id} כבר מופיע בשורה {first}"),
    "ingredients_mismatch": (
        "the ingredients do not match generic '{generic}' ({expected})",
        "הרכיבים אינם תואמים לגנרי '{generic}' ({expected})",
    ),
    "needs_ingredient_he": (
        "new ingredient '{item}' needs its Hebrew name in ingredients_he",
        "לרכיב החדש '{item}' נדרש שם עברי בעמודה ingredients_he",
    ),
    "ingredients_he_count": (
        "must list one Hebrew name per ingredient, in the same order",
        "חייב לכלול שם עברי אחד לכל רכיב, באותו סדר",
    ),
    "generic_id_needed": (
        "no generic id can be derived from generic_en; fill in generic_id",
        "לא ניתן לגזור מזהה גנרי מ-generic_en; יש למלא את generic_id",
    ),
    "invalid": ("is not valid", "אינו תקין"),
    # the file as a whole (line 0)
    "file_missing": ("file not found: {name}", "הקובץ לא נמצא: {name}"),
    "file_type": (
        "unsupported file type '{suffix}' (use .csv or .json)",
        "סוג קובץ לא נתמך '{suffix}' (יש להשתמש ב-.csv או ב-.json)",
    ),
    "file_too_large": ("the file is larger than {limit} MB", "הקובץ גדול מ-{limit} MB"),
    "not_utf8": ("the file is not UTF-8 text", "הקובץ אינו טקסט בקידוד UTF-8"),
    "bad_json": (
        "not valid JSON (line {json_line}, column {json_column})",
        "JSON לא תקין (שורה {json_line}, עמודה {json_column})",
    ),
    "json_not_list": ("the JSON must be a list of objects", "ה-JSON חייב להיות רשימה של אובייקטים"),
    "not_object": ("the item must be an object", "הפריט חייב להיות אובייקט"),
    "csv_error": (
        "malformed CSV (a field over the size limit or an unclosed quote)",
        "CSV פגום (שדה גדול מהמותר או מירכאות שלא נסגרו)",
    ),
    "too_many_rows": ("the file has more than {limit} rows", "בקובץ יותר מ-{limit} שורות"),
    "no_rows": ("the file has no rows", "בקובץ אין שורות"),
    "missing_columns": ("missing required columns: {columns}", "חסרות עמודות חובה: {columns}"),
    "duplicate_column": ("column '{item}' appears twice", "העמודה '{item}' מופיעה פעמיים"),
    "too_many_errors": ("too many errors; stopped after {limit}", "יותר מדי שגיאות; הבדיקה נעצרה אחרי {limit}"),
}


def row_error(line: int, kind: str, *, field: str | None = None, **context: Any) -> ImportFailed:
    """One bad row (or, at line 0, a bad file) as an :class:`ImportFailed` with both languages.

    Args:
        line: CSV line (the header is line 1) or JSON item number (from 1); 0 for the whole file.
        kind: A key of :data:`REASONS` (unknown kinds read as "is not valid").
        field: The column at fault, prefixed to the reason.
        context: Values the templates name (``item``, ``limit`` …).
    """
    en, he = REASONS.get(kind, REASONS["invalid"])
    # Echo at most a short piece of the offending input: a 10,000-character cell must not flood stderr.
    context = {k: _clip(v) if k in _ECHOED else v for k, v in context.items()}
    try:
        en, he = en.format(**context), he.format(**context)
    except (KeyError, IndexError, ValueError):
        en, he = REASONS["invalid"]
    if field:
        field = _clip(field)
        en, he = f"{field}: {en}", f"{field}: {he}"
    return ImportFailed({"line": line, "field": field, "kind": kind, "reason": en, "reason_he": he})


_ECHOED = frozenset({"item", "name", "suffix", "med_id"})


def _clip(value: Any, limit: int = 60) -> Any:
    if isinstance(value, str) and len(value) > limit:
        return value[: limit - 1] + "…"
    return value
