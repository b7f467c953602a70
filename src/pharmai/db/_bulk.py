"""Bulk-write helpers shared by the catalog importer and the synthetic generator."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar

from sqlalchemy import insert
from sqlalchemy.orm import Session

from pharmai.db.models import Base
from pharmai.text.normalize import normalize

__all__ = ["BATCH", "alias_dicts", "chunks", "insert_all", "language_of", "slug"]

#: Rows per INSERT batch and ids per IN (...) list; well under SQLite's bound-parameter limit.
BATCH = 500

_T = TypeVar("_T")
_HEBREW = re.compile(r"[\u05d0-\u05ea]")
_NON_ID = re.compile(r"[^a-z0-9]+")


def chunks(items: Sequence[_T], size: int = BATCH) -> Iterator[Sequence[_T]]:
    """``items`` in consecutive slices of at most ``size``."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def insert_all(session: Session, model: type[Base], rows: list[dict[str, Any]]) -> int:
    """Insert ``rows`` (column -> value dicts, all with the same keys) in executemany batches.

    A Core insert on the table, not the ORM's bulk path: the ORM splits a batch into one statement per
    run of rows whose None-valued columns differ, which made 100,000 products take minutes.

    Returns:
        The number of rows inserted.
    """
    table = model.__table__
    for batch in chunks(rows, 5000):
        session.execute(insert(table), list(batch))  # type: ignore[arg-type]
    return len(rows)


def alias_dicts(target_kind: str, target_id: str, names: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """The rows :func:`pharmai.db.aliases.alias_rows` builds, as dicts for :func:`insert_all`.

    Built directly rather than through ORM objects, which cost more than the insert itself at scale;
    the tests hold the two to the same output.
    """
    rows: dict[str, dict[str, Any]] = {}
    for text, language in names:
        norm = normalize(text)
        if norm and norm not in rows:
            rows[norm] = {
                "target_kind": target_kind,
                "target_id": target_id,
                "text": text,
                "language": language,
                "norm": norm,
            }
    return list(rows.values())


def language_of(text: str) -> str:
    """``he`` when ``text`` has Hebrew letters, else ``en``."""
    return "he" if _HEBREW.search(text) else "en"


def slug(text: str) -> str:
    """An id made of lower-case ASCII letters, digits and ``_`` (empty when ``text`` has none)."""
    return _NON_ID.sub("_", normalize(text)).strip("_")
