"""Document library tables (declared on :class:`pharmai.db.models.Base`).

A :class:`Document` is one imported file (an SOP, a guideline) identified by where it came from (``path``:
an absolute file path or a WebDAV URL without credentials) and the SHA-256 of its bytes; its
:class:`DocumentPassage` rows are the searchable pieces, each with its location (page, heading, line range).

The full-text index is not a model: migration ``0006`` creates it per dialect (an FTS5 table kept in step
by triggers on SQLite; on PostgreSQL a generated ``search_vector`` column, ``to_tsvector('simple',
search_text)``, with a GIN index), over
``search_text``, the passage folded by :func:`pharmai.text.normalize` plus its Hebrew prefix readings.
:func:`include_name` keeps schema comparisons (the migration test, autogenerate) from seeing that index as
an object the models lack.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from pharmai.db._base import Base

__all__ = ["FTS_TABLE", "PG_SEARCH_COLUMN", "PG_SEARCH_INDEX", "Document", "DocumentPassage", "include_name"]

_TZ = DateTime(timezone=True)

#: The SQLite FTS5 table (external content: ``document_passages``); on PostgreSQL, the vector and its index.
FTS_TABLE = "document_passages_fts"
PG_SEARCH_COLUMN = "search_vector"
PG_SEARCH_INDEX = "ix_document_passages_search"


class Document(Base):
    """One imported document: where it came from, what it is, and the hash of the bytes imported."""

    __tablename__ = "documents"

    document_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    # Absolute file path, or the WebDAV URL (never with credentials): the identity a re-import replaces.
    path: Mapped[str] = mapped_column(String(1000), unique=True)
    url: Mapped[str | None] = mapped_column(String(1000), nullable=True)
    title: Mapped[str] = mapped_column(String(300))
    kind: Mapped[str] = mapped_column(String(16))  # pdf / markdown / text
    language: Mapped[str] = mapped_column(String(8))  # he / en / mixed
    content_hash: Mapped[str] = mapped_column(String(64))
    size_bytes: Mapped[int] = mapped_column(Integer)
    passage_count: Mapped[int] = mapped_column(Integer)
    modified_at: Mapped[datetime | None] = mapped_column(_TZ, nullable=True)
    imported_at: Mapped[datetime] = mapped_column(_TZ)


class DocumentPassage(Base):
    """One searchable passage of a document with its location (page for PDFs, heading and lines)."""

    __tablename__ = "document_passages"
    __table_args__ = (UniqueConstraint("document_id", "seq", name="uq_document_passages_document_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    document_id: Mapped[str] = mapped_column(ForeignKey("documents.document_id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    search_text: Mapped[str] = mapped_column(Text)
    page: Mapped[int | None] = mapped_column(Integer, nullable=True)
    heading: Mapped[str | None] = mapped_column(String(300), nullable=True)
    line_start: Mapped[int] = mapped_column(Integer)
    line_end: Mapped[int] = mapped_column(Integer)


def include_name(name: str | None, type_: str, parent_names: object) -> bool:
    """Alembic ``include_name`` hook: leave the dialect-specific search index out of schema comparisons.

    Args:
        name: The reflected object's name.
        type_: Its kind ("table", "index", "column", …).
        parent_names: Alembic's names of the enclosing schema and table (unused).

    Returns:
        False for the FTS5 table and its shadow tables, and for PostgreSQL's vector column and GIN index;
        True otherwise.
    """
    if name is None:
        return True
    if type_ == "table":
        return not name.startswith(FTS_TABLE)
    if type_ == "index":
        return name != PG_SEARCH_INDEX
    if type_ == "column":
        return name != PG_SEARCH_COLUMN
    return True
