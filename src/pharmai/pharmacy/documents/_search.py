"""Full-text search over the passages: bm25 (SQLite FTS5) or ts_rank (PostgreSQL), best first.

Ranking costs microseconds per matching passage (FTS5 decodes its position lists, PostgreSQL reads its
stored vector and measures how close the words are), and a common word matches thousands of passages. So
only the first matches in index order are ranked, up to a bound per engine (:data:`CANDIDATES`); finding
the matches stays cheap (a doclist or GIN lookup), and below the bound the ranking is exact. The ranking,
the rows it names and, on PostgreSQL, the fallbacks are one statement each; snippets are cut for the
returned passages only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, Integer, Row, Select, column, select, text
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.orm import Session

from pharmai.db._models_documents import Document, DocumentPassage
from pharmai.errors import ValidationFailed
from pharmai.pharmacy.documents._store import DocumentInfo, Passage, citation_date
from pharmai.pharmacy.documents._terms import fts5_query, query_groups, stems_match, tsquery

__all__ = ["CANDIDATES", "SearchHit", "SearchResult", "search"]

#: Matching passages ranked per query at most, by dialect: bm25 costs about 2 us a passage, ts_rank 3 to
#: 10 us (its proximity work grows with the query's words). More matches than this are a word in a large
#: share of the library, where the first this many already hold passages as good as any.
CANDIDATES = {"sqlite": 2000, "postgresql": 500}
_SNIPPET = 300
_WORD = re.compile(r"\S+")
_Groups = list[list[tuple[str, bool]]]

# Ranks only the first :k matches: in a subquery with LIMIT, bm25() is evaluated for those rows alone,
# where ORDER BY rank over the whole table would score every match before keeping the best. bm25 is
# lower for better matches; the score is its negation, higher for better ones like ts_rank.
_SQLITE_RANK = (
    "SELECT id, score FROM (SELECT rowid AS id, -bm25(document_passages_fts) AS score "
    "FROM document_passages_fts WHERE document_passages_fts MATCH :q LIMIT :k) "
    "ORDER BY score DESC, id LIMIT :n"
)
_SQLITE_RANK_KIND = (
    "SELECT id, score FROM (SELECT p.id AS id, -bm25(document_passages_fts) AS score "
    "FROM document_passages_fts JOIN document_passages p ON p.id = document_passages_fts.rowid "
    "JOIN documents d ON d.document_id = p.document_id "
    "WHERE document_passages_fts MATCH :q AND d.kind = :kind LIMIT :k) ORDER BY score DESC, id LIMIT :n"
)
_SQLITE_ANY = text("SELECT EXISTS (SELECT 1 FROM document_passages_fts WHERE document_passages_fts MATCH :q)")
# Migration 0006's function runs the whole search (every word, then the fallbacks) in one round trip
# and through the GIN index; see _find for what it does.
_PG_SEARCH = (
    "SELECT passage_id AS id, score, every_word FROM document_passages_search(CAST(:groups AS text[]), :n, :kind, :k)"
)
# What a hit shows (see _hit).
_DOCUMENT = (Document.document_id, Document.title, Document.kind, Document.language, Document.path, Document.url)
_PASSAGE = (
    DocumentPassage.seq,
    DocumentPassage.text,
    DocumentPassage.page,
    DocumentPassage.heading,
    DocumentPassage.line_start,
    DocumentPassage.line_end,
)


def _with_rows(ranked_sql: str, *, every: bool = False) -> Select[Any]:
    # The ranking and the rows it names in one statement: no second query, no IN list of ids.
    columns = [column("id", Integer), column("score", Float)] + ([column("every_word")] if every else [])
    ranked = text(ranked_sql).columns(*columns).subquery("r")
    extra = [ranked.c.every_word] if every else []
    return (
        select(ranked.c.score, *extra, Document.modified_at, Document.imported_at, *_DOCUMENT, *_PASSAGE)
        .join_from(ranked, DocumentPassage, DocumentPassage.id == ranked.c.id)
        .join(Document, Document.document_id == DocumentPassage.document_id)
        .order_by(ranked.c.score.desc(), ranked.c.id)
    )


_SQLITE_HITS = _with_rows(_SQLITE_RANK)
_SQLITE_HITS_KIND = _with_rows(_SQLITE_RANK_KIND)
_PG_HITS = _with_rows(_PG_SEARCH, every=True)


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


def _snippet(passage: str, groups: _Groups) -> str:
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


def _sqlite_rows(session: Session, groups: _Groups, every: bool, limit: int, kind: str | None) -> list[Row[Any]]:
    params = {"q": fts5_query(groups, every=every), "n": limit, "k": max(limit, CANDIDATES["sqlite"]), "kind": kind}
    return list(session.execute(_SQLITE_HITS if kind is None else _SQLITE_HITS_KIND, params))


def _sqlite_find(session: Session, groups: _Groups, limit: int, kind: str | None) -> tuple[list[Row[Any]], bool]:
    rows = _sqlite_rows(session, groups, True, limit, kind)
    if rows or len(groups) == 1:
        return rows, True
    # A word no passage holds (a typo, a word the documents never use) cannot narrow anything: the
    # passages with every other word come first. Only when those never meet is any word enough.
    # (document_passages_search in migration 0006 does the same on PostgreSQL.)
    present = [g for g in groups if session.scalar(_SQLITE_ANY, {"q": fts5_query([g])})]
    if present and len(present) < len(groups):
        rows = _sqlite_rows(session, present, True, limit, kind)
    if not rows and len(present) > 1:
        rows = _sqlite_rows(session, present, False, limit, kind)
    return rows, False


def _find(session: Session, groups: _Groups, limit: int, kind: str | None) -> tuple[list[Row[Any]], bool]:
    if session.get_bind().dialect.name == "sqlite":
        return _sqlite_find(session, groups, limit, kind)
    candidates = max(limit, CANDIDATES["postgresql"])
    params = {"groups": [tsquery([g]) for g in groups], "n": limit, "k": candidates, "kind": kind}
    rows = list(session.execute(_PG_HITS, params))
    return rows, rows[0].every_word if rows else len(groups) == 1


def _hit(row: Row[Any], groups: _Groups) -> SearchHit:
    date = citation_date(row.modified_at, row.imported_at)
    document = DocumentInfo(row.document_id, row.title, row.kind, row.language, row.path, row.url, date)
    passage = Passage(row.seq, row.text, row.page, row.heading, row.line_start, row.line_end)
    return SearchHit(document, passage, _snippet(passage.text, groups), round(float(row.score), 4))


def search(session: Session, query: str, *, limit: int = 5, kind: str | None = None) -> SearchResult:
    """The passages best matching ``query`` (bm25 on SQLite, ts_rank on PostgreSQL), best first.

    Every word must match. When no passage has them all, the passages with every word that occurs in the
    documents at all are ranked, and failing that the passages with any of them (``matched_every_word``
    is then False). Of more matches than :data:`CANDIDATES` allows, the first that many are ranked.

    Raises:
        ValidationFailed: the query holds no word to search for (``query``: ``no_search_terms``).
    """
    groups = query_groups(query)
    if not groups:
        raise ValidationFailed([{"field": "query", "type": "no_search_terms"}])
    try:
        rows, every = _find(session, groups, limit, kind)
    except (OperationalError, ProgrammingError) as exc:
        # The terms are quoted, so this is not expected; still a typed answer rather than a crash.
        raise ValidationFailed([{"field": "query", "type": "unsearchable"}]) from exc
    return SearchResult([_hit(row, groups) for row in rows], every)
