"""Documents in the database: replace one atomically, search passages, read a document back."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, text
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.orm import Session

from pharmai.db._models_documents import Document, DocumentPassage
from pharmai.errors import DocumentNotFound, ValidationFailed
from pharmai.pharmacy.documents._extract import ParsedDocument
from pharmai.pharmacy.documents._terms import fts5_query, index_text, query_groups, stems_match, tsquery

__all__ = [
    "DocumentInfo",
    "Passage",
    "Retrieved",
    "SearchHit",
    "SearchResult",
    "document_id_for",
    "retrieve",
    "save_document",
    "search",
]

_SNIPPET = 300
_WORD = re.compile(r"\S+")


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
class SearchHit:
    document: DocumentInfo
    passage: Passage
    snippet: str
    score: float


@dataclass(frozen=True)
class SearchResult:
    hits: list[SearchHit]
    matched_every_word: bool


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


def _info(doc: Document) -> DocumentInfo:
    when = doc.modified_at or doc.imported_at
    return DocumentInfo(doc.document_id, doc.title, doc.kind, doc.language, doc.path, doc.url, when.date().isoformat())


def _passage(row: DocumentPassage) -> Passage:
    return Passage(row.seq, row.text, row.page, row.heading, row.line_start, row.line_end)


def _snippet(passage: str, groups: list[list[tuple[str, bool]]]) -> str:
    if len(passage) <= _SNIPPET:
        return passage
    at = next((m.start() for m in _WORD.finditer(passage) if stems_match(m.group(), groups)), 0)
    start = max(0, at - _SNIPPET // 3)
    if start:
        space = passage.find(" ", start)
        start = space + 1 if 0 <= space < at else start
    end = min(len(passage), start + _SNIPPET)
    if end < len(passage):
        space = passage.rfind(" ", start, end)
        end = space if space > at else end
    return ("…" if start else "") + passage[start:end].strip() + ("…" if end < len(passage) else "")


def _ranked(
    session: Session, groups: list[list[tuple[str, bool]]], every: bool, limit: int, kind: str | None
) -> list[tuple[int, float]]:
    params: dict[str, Any] = {"n": limit, "kind": kind}
    if session.get_bind().dialect.name == "sqlite":
        params["q"] = fts5_query(groups, every=every)
        if kind is None:
            # FTS5 ranks by its own `rank` (bm25) and stops at the limit without joining every match.
            sql = (
                "SELECT rowid, rank FROM document_passages_fts WHERE document_passages_fts MATCH :q "
                "ORDER BY rank LIMIT :n"
            )
        else:
            sql = (
                "SELECT p.id, bm25(document_passages_fts) AS rank FROM document_passages_fts "
                "JOIN document_passages p ON p.id = document_passages_fts.rowid "
                "JOIN documents d ON d.document_id = p.document_id "
                "WHERE document_passages_fts MATCH :q AND d.kind = :kind ORDER BY rank, p.id LIMIT :n"
            )
        return [(int(i), -float(r)) for i, r in session.execute(text(sql), params)]
    params["q"] = tsquery(groups, every=every)
    # Migration 0006's function: the same query, planned through the GIN index.
    sql = "SELECT passage_id, score FROM document_passages_search(to_tsquery('simple'::regconfig, :q), :n, :kind)"
    return [(int(i), float(r)) for i, r in session.execute(text(sql), params)]


def search(session: Session, query: str, *, limit: int = 5, kind: str | None = None) -> SearchResult:
    """The passages best matching ``query`` (bm25 on SQLite, ts_rank on PostgreSQL), best first.

    Every word must match; when no passage has them all, passages matching any of them are ranked instead
    (``matched_every_word`` is then False).

    Raises:
        ValidationFailed: the query holds no word to search for (``query``: ``no_search_terms``).
    """
    groups = query_groups(query)
    if not groups:
        raise ValidationFailed([{"field": "query", "type": "no_search_terms"}])
    every = True
    try:
        ranked = _ranked(session, groups, True, limit, kind)
        if not ranked and len(groups) > 1:
            every = False
            ranked = _ranked(session, groups, False, limit, kind)
    except (OperationalError, ProgrammingError) as exc:
        # The terms are quoted, so this is not expected; still a typed answer rather than a crash.
        raise ValidationFailed([{"field": "query", "type": "unsearchable"}]) from exc
    if not ranked:
        return SearchResult([], every)
    ids = [i for i, _ in ranked]
    rows = {
        p.id: (p, d)
        for p, d in session.execute(
            select(DocumentPassage, Document)
            .join(Document, Document.document_id == DocumentPassage.document_id)
            .where(DocumentPassage.id.in_(ids))
        )
    }
    hits = [
        SearchHit(_info(rows[i][1]), _passage(rows[i][0]), _snippet(rows[i][0].text, groups), round(score, 4))
        for i, score in ranked
        if i in rows
    ]
    return SearchResult(hits, every)


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
