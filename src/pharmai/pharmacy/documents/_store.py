"""Documents in the database: replace one atomically, read a document back (search: :mod:`._search`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from pharmai.db._models_documents import Document, DocumentPassage
from pharmai.errors import DocumentNotFound
from pharmai.pharmacy.documents._extract import ParsedDocument
from pharmai.pharmacy.documents._terms import index_text

__all__ = ["DocumentInfo", "Passage", "Retrieved", "citation_date", "document_id_for", "retrieve", "save_document"]


@dataclass(frozen=True)
class DocumentInfo:
    """What a citation needs of a document."""

    document_id: str
    title: str
    kind: str
    language: str
    path: str
    url: str | None
    date: str  # ISO date: last modified, else imported


@dataclass(frozen=True)
class Passage:
    """One passage and its location."""

    seq: int
    text: str
    page: int | None
    heading: str | None
    line_start: int
    line_end: int


@dataclass(frozen=True)
class Retrieved:
    document: DocumentInfo
    passages: list[Passage]
    passage_count: int
    truncated: bool


def document_id_for(path: str) -> str:
    """The stable id of the document at ``path`` (the same on every re-import and every database)."""
    return "doc-" + hashlib.sha256(path.encode("utf-8")).hexdigest()[:16]


def save_document(
    session: Session,
    parsed: ParsedDocument,
    *,
    path: str,
    url: str | None,
    content_hash: str,
    size: int,
    modified_at: datetime | None,
    now: datetime,
) -> tuple[str, str]:
    """Insert or replace one document and all its passages in the caller's transaction.

    Returns:
        ``(document_id, status)`` with status ``imported``, ``updated`` or ``unchanged`` (same path, same
        content hash: nothing is written).
    """
    existing = session.scalar(select(Document).where(Document.path == path).with_for_update())
    if existing is not None and existing.content_hash == content_hash:
        return existing.document_id, "unchanged"
    values: dict[str, Any] = {
        "url": url,
        "title": parsed.title,
        "kind": parsed.kind,
        "language": parsed.language,
        "content_hash": content_hash,
        "size_bytes": size,
        "passage_count": len(parsed.passages),
        "modified_at": modified_at,
        "imported_at": now,
    }
    if existing is None:
        document_id, status = document_id_for(path), "imported"
        session.add(Document(document_id=document_id, path=path, **values))
    else:
        document_id, status = existing.document_id, "updated"
        session.execute(delete(DocumentPassage).where(DocumentPassage.document_id == document_id))
        for name, value in values.items():
            setattr(existing, name, value)
    session.flush()
    rows = [
        {
            "document_id": document_id,
            "seq": seq,
            "text": p.text,
            "search_text": index_text(p.text, p.heading),
            "page": p.page,
            "heading": p.heading,
            "line_start": p.line_start,
            "line_end": p.line_end,
        }
        for seq, p in enumerate(parsed.passages, start=1)
    ]
    session.execute(insert(DocumentPassage), rows)
    return document_id, status


def citation_date(modified_at: datetime | None, imported_at: datetime) -> str:
    """The date a citation gives: the file's last modification, else its import (ISO date)."""
    return (modified_at or imported_at).date().isoformat()


def _info(doc: Document) -> DocumentInfo:
    date = citation_date(doc.modified_at, doc.imported_at)
    return DocumentInfo(doc.document_id, doc.title, doc.kind, doc.language, doc.path, doc.url, date)


def _passage(row: DocumentPassage) -> Passage:
    return Passage(row.seq, row.text, row.page, row.heading, row.line_start, row.line_end)


def retrieve(session: Session, document_id: str, *, from_passage: int = 1, max_chars: int = 10_000) -> Retrieved:
    """A document's passages from ``from_passage`` on, up to about ``max_chars`` characters.

    The first passage is always whole; later ones are added while they fit.

    Raises:
        DocumentNotFound: no document has ``document_id``.
    """
    doc = session.get(Document, document_id)
    if doc is None:
        raise DocumentNotFound({"document_id": document_id})
    rows = session.scalars(
        select(DocumentPassage)
        .where(DocumentPassage.document_id == document_id, DocumentPassage.seq >= from_passage)
        .order_by(DocumentPassage.seq)
    )
    passages: list[Passage] = []
    used = 0
    truncated = False
    for row in rows:
        if passages and used + len(row.text) > max_chars:
            truncated = True
            break
        passages.append(_passage(row))
        used += len(row.text)
    return Retrieved(_info(doc), passages, doc.passage_count, truncated)
