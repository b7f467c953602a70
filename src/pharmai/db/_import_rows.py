"""One catalog row, validated with Pydantic: types, lengths, formats and the stores that exist.

Everything is checked here before anything is written; the database-aware checks (generics, ingredients)
follow in :mod:`pharmai.db.importer`. Text is kept verbatim (HTML, SQL or CSV fragments are just text).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Annotated, Any, NamedTuple

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, StringConstraints, ValidationError
from pydantic_core import PydanticCustomError

from pharmai.db._import_reasons import row_error
from pharmai.errors import ImportFailed
from pharmai.text.normalize import normalize

__all__ = [
    "COLUMNS",
    "REQUIRED_COLUMNS",
    "CatalogRow",
    "IngredientSpec",
    "StockSpec",
    "validate_row",
]

MAX_NAME = 200
MAX_SHORT = 64
MAX_TEXT = 4000
MAX_INGREDIENTS = 10
MAX_ALIASES = 20
MAX_STOCK = 50
MAX_QTY = 1_000_000
_MAX_NORM = 300  # Alias.norm is a String(300)

_HEBREW = re.compile(r"[\u05d0-\u05ea]")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_QTY = re.compile(r"^\d{1,7}$")
_TRUE = {"yes", "y", "true", "t", "1", "כן"}
_FALSE = {"no", "n", "false", "f", "0", "לא"}


class IngredientSpec(NamedTuple):
    name: str
    strength: str


class StockSpec(NamedTuple):
    store_id: str
    qty: int
    restock_eta: date | None


def _fail(kind: str, **context: Any) -> PydanticCustomError:
    return PydanticCustomError(kind, kind, context)


def _plain(value: str, *, multiline: bool = False) -> str:
    allowed = "\t\n\r" if multiline else ""
    # NUL and lone surrogates would be refused by PostgreSQL; other control characters are never catalog text.
    if any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in value):
        raise _fail("control_chars")
    return value


def _name(value: str) -> str:
    _plain(value)
    if len(normalize(value)) > _MAX_NORM:
        raise _fail("too_long", max_length=MAX_NAME)
    return value


def _hebrew(value: str) -> str:
    if not _HEBREW.search(value):
        raise _fail("needs_hebrew")
    return value


def _split(value: Any, limit: int) -> list[str]:
    if isinstance(value, list | tuple):
        items = value
    elif isinstance(value, str):
        items = value.split("|")
    else:
        raise _fail("not_text")
    if not all(isinstance(i, str) for i in items):
        raise _fail("not_text")
    parts = [i.strip() for i in items if i.strip()]
    if len(parts) > limit:
        raise _fail("too_many", limit=limit)
    return parts


def _parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().casefold() in _TRUE | _FALSE:
        return value.strip().casefold() in _TRUE
    raise _fail("bad_bool")


def _parse_ingredients(value: Any) -> tuple[IngredientSpec, ...]:
    specs: list[IngredientSpec] = []
    seen: set[str] = set()
    for item in _split(value, MAX_INGREDIENTS):
        name, _, strength = (p.strip() for p in item.partition(":"))
        if not name or len(name) > MAX_NAME or len(strength) > MAX_SHORT or ":" in strength:
            raise _fail("bad_ingredient", item=item)
        _name(name)
        _plain(strength)
        if normalize(name) in seen or not normalize(name):
            raise _fail("duplicate_item" if normalize(name) else "bad_ingredient", item=name)
        seen.add(normalize(name))
        specs.append(IngredientSpec(name, strength))
    if not specs:
        raise _fail("empty")
    return tuple(specs)


def _parse_names(value: Any, limit: int) -> tuple[str, ...]:
    names = _split(value, limit)
    for name in names:
        if len(name) > MAX_NAME:
            raise _fail("too_long", max_length=MAX_NAME)
        _name(name)
    return tuple(names)


def _parse_stock(value: Any, info: Any) -> tuple[StockSpec, ...]:
    known = (info.context or {}).get("stores")
    specs: dict[str, StockSpec] = {}
    for item in _split(value, MAX_STOCK):
        store_id, colon, rest = (p.strip() for p in item.partition(":"))
        qty_text, at, eta_text = (p.strip() for p in rest.partition("@"))
        if not store_id or not colon or not qty_text:
            raise _fail("bad_stock", item=item)
        if known is not None and store_id not in known:
            raise _fail("unknown_store", item=store_id)
        if store_id in specs:
            raise _fail("duplicate_item", item=store_id)
        if not _QTY.match(qty_text) or int(qty_text) > MAX_QTY:
            raise _fail("bad_qty", item=qty_text)
        eta: date | None = None
        if at:
            try:
                eta = date.fromisoformat(eta_text) if _DATE.match(eta_text) else None
            except ValueError:
                eta = None
            if eta is None:
                raise _fail("bad_date", item=eta_text)
            if int(qty_text) > 0:
                raise _fail("eta_in_stock", item=store_id)
        specs[store_id] = StockSpec(store_id, int(qty_text), eta)
    return tuple(specs.values())


Name = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME), AfterValidator(_name)]
HebrewName = Annotated[Name, AfterValidator(_hebrew)]
Short = Annotated[str, StringConstraints(min_length=1, max_length=MAX_SHORT), AfterValidator(_plain)]
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT), AfterValidator(lambda v: _plain(v, multiline=True))]


class CatalogRow(BaseModel):
    """One medication of an import file (see ``docs/catalog-import.md``)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)

    med_id: Annotated[str, StringConstraints(pattern=r"^m\d{3,12}$")]
    brand_en: Name
    brand_he: HebrewName
    generic_id: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,63}$")] | None = None
    generic_en: Name
    generic_he: HebrewName
    ingredients: Annotated[tuple[IngredientSpec, ...], BeforeValidator(_parse_ingredients)]
    ingredients_he: Annotated[tuple[str, ...], BeforeValidator(lambda v: _parse_names(v, MAX_INGREDIENTS))] = ()
    form: Short
    strength: Short
    rx_required: Annotated[bool, BeforeValidator(_parse_bool)]
    dosage_en: Text = ""
    dosage_he: Text = ""
    warnings_en: Text = ""
    warnings_he: Text = ""
    notes_en: Text = ""
    notes_he: Text = ""
    aliases: Annotated[tuple[str, ...], BeforeValidator(lambda v: _parse_names(v, MAX_ALIASES))] = ()
    stock: Annotated[tuple[StockSpec, ...], BeforeValidator(_parse_stock)] = ()


COLUMNS: tuple[str, ...] = tuple(CatalogRow.model_fields)
REQUIRED_COLUMNS: tuple[str, ...] = tuple(n for n, f in CatalogRow.model_fields.items() if f.is_required())

_PATTERN_KINDS = {"med_id": "med_id_format", "generic_id": "generic_id_format"}
_PYDANTIC_KINDS = {
    "missing": "missing",
    "string_too_short": "empty",
    "string_too_long": "too_long",
    "string_type": "not_text",
    "extra_forbidden": "unknown_column",
}


def _clean(raw: dict[str, Any]) -> dict[str, Any]:
    # An empty cell (or JSON null) means "not given", so defaults apply and required fields say "is required".
    cleaned: dict[str, Any] = {}
    for key, value in raw.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        cleaned[key] = value
    return cleaned


def validate_row(raw: dict[str, Any], line: int, stores: set[str]) -> CatalogRow | list[ImportFailed]:
    """Validate one raw row (strings from CSV, JSON values) into a :class:`CatalogRow`.

    Args:
        raw: Column name -> value.
        line: The row's line (CSV) or item number (JSON), for the error reports.
        stores: The store ids that exist.

    Returns:
        The row, or one :class:`ImportFailed` per bad field.
    """
    try:
        return CatalogRow.model_validate(_clean(raw), context={"stores": stores})
    except ValidationError as exc:
        errors: list[ImportFailed] = []
        for err in exc.errors(include_url=False):
            field = str(err["loc"][0]) if err["loc"] else None
            kind = err["type"]
            if kind == "string_pattern_mismatch":
                kind = _PATTERN_KINDS.get(field or "", "invalid")
            kind = _PYDANTIC_KINDS.get(kind, kind)
            errors.append(row_error(line, kind, field=field, **dict(err.get("ctx") or {})))
        return errors
