"""Argument checks and lookups shared by the pharmacy services (internal)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from pharmai.errors import MedNotFound, StoreNotFound, ValidationFailed
from pharmai.pharmacy._rows import ProductRow, StoreRow, fetch_store, load_products

__all__ = [
    "LANGUAGES",
    "aware",
    "check_choice",
    "check_id",
    "check_language",
    "check_text",
    "get_product",
    "get_store",
    "pick",
]

LANGUAGES = ("en", "he")
# Public ids are short ASCII tokens (m001, u002, p1001, s1); anything else cannot name a row, so it is
# refused before it reaches a query or an error message.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")


def _invalid(field: str, reason: str) -> ValidationFailed:
    return ValidationFailed([{"field": field, "reason": reason}])


def check_language(language: Any) -> str:
    """``language`` if it is ``"en"`` or ``"he"``, else :class:`ValidationFailed`."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise _invalid("language", "must be 'he' or 'en'")
    return language


def check_id(value: Any, field: str) -> str:
    """A well-formed public id (``m001``, ``p002``, ``s1``), else :class:`ValidationFailed`."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise _invalid(field, "must be an id such as m001, p001, u001 or s1")
    return value


def check_choice(value: Any, field: str, choices: tuple[str, ...], default: str) -> str:
    """``value`` if it is one of ``choices`` (``None`` gives ``default``), else :class:`ValidationFailed`."""
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        raise _invalid(field, "must be one of " + ", ".join(choices))
    return value


def check_text(value: Any, field: str, *, max_length: int, min_length: int = 1) -> str:
    """``value`` stripped, if it is a string of an allowed length, else :class:`ValidationFailed`."""
    if not isinstance(value, str):
        raise _invalid(field, "must be text")
    value = value.strip()
    if not min_length <= len(value) <= max_length:
        raise _invalid(field, f"must be {min_length} to {max_length} characters")
    return value


def pick(language: str, en: str, he: str) -> str:
    """The text in ``language``, falling back to English where the Hebrew is missing."""
    return he if language == "he" and he else en


def aware(moment: datetime) -> datetime:
    """``moment`` with UTC attached when the driver dropped the zone (SQLite stores naive values)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def get_store(session: Session, store_id: Any) -> StoreRow:
    """The store ``store_id``, or the default store (``stores.is_default``) when it is ``None``.

    Raises:
        StoreNotFound: No such store (or no default store configured).
        ValidationFailed: ``store_id`` is not an id.
    """
    if store_id is None:
        store = fetch_store(session, None)
        if store is None:
            raise StoreNotFound({"store_id": ""})
        return store
    store_id = check_id(store_id, "store_id")
    store = fetch_store(session, store_id)
    if store is None:
        raise StoreNotFound({"store_id": store_id})
    return store


def get_product(session: Session, med_id: Any, field: str = "med_id") -> ProductRow:
    """The product ``med_id``.

    Raises:
        MedNotFound: No product has that id (details: query, did_you_mean).
        ValidationFailed: ``med_id`` is not an id.
    """
    med_id = check_id(med_id, field)
    product = load_products(session, [med_id]).get(med_id)
    if product is None:
        raise MedNotFound({"query": med_id, "did_you_mean": []})
    return product
