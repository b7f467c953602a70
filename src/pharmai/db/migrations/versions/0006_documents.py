"""the pharmacy's own documents and their full-text passages

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 20:00:00.000000

SQLite: an FTS5 table over ``document_passages.search_text`` (external content, kept in step by triggers,
so replacing a document's passages in one transaction replaces its index entries too; prefix indexes for
the prefix queries the search sends). PostgreSQL: a stored generated ``search_vector`` column,
``to_tsvector('simple', search_text)``, with a GIN index
(there is no Hebrew dictionary; the text is already folded by pharmai's own normalisation), and two
functions: ``document_passages_search`` runs a whole search (with its fallbacks) in one round trip,
``document_passages_rank`` ranks a capped set of one query's matches.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_SQLITE_UP = [
    "CREATE VIRTUAL TABLE document_passages_fts USING fts5(search_text, content='document_passages', "
    "content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4')",
    "CREATE TRIGGER document_passages_fts_ai AFTER INSERT ON document_passages BEGIN "
    "INSERT INTO document_passages_fts(rowid, search_text) VALUES (new.id, new.search_text); END",
    "CREATE TRIGGER document_passages_fts_ad AFTER DELETE ON document_passages BEGIN "
    "INSERT INTO document_passages_fts(document_passages_fts, rowid, search_text) "
    "VALUES ('delete', old.id, old.search_text); END",
    "CREATE TRIGGER document_passages_fts_au AFTER UPDATE ON document_passages BEGIN "
    "INSERT INTO document_passages_fts(document_passages_fts, rowid, search_text) "
    "VALUES ('delete', old.id, old.search_text); "
    "INSERT INTO document_passages_fts(rowid, search_text) VALUES (new.id, new.search_text); END",
]
_SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS document_passages_fts_au",
    "DROP TRIGGER IF EXISTS document_passages_fts_ad",
    "DROP TRIGGER IF EXISTS document_passages_fts_ai",
    "DROP TABLE IF EXISTS document_passages_fts",
]
_PG_UP = [
    # A stored vector: ranking reads it instead of parsing every matching passage again.
    "ALTER TABLE document_passages ADD COLUMN search_vector tsvector "
    "GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED",
    # Inline (MAIN storage): ranking reads the vectors of its candidates, and fetching them from the TOAST
    # table cost 11 ms for 500 against 2 ms in the row (measured); the row's text columns go out instead.
    "ALTER TABLE document_passages ALTER COLUMN search_vector SET STORAGE MAIN",
    # No pending list: with fastupdate every search also scans the entries inserted since the last vacuum
    # (up to 4 MB: 14 ms of one search at 10,000 passages); imports are rare and update the index at once.
    "CREATE INDEX ix_document_passages_search ON document_passages USING gin (search_vector) WITH (fastupdate = off)",
    # ts_rank reads each candidate's vector and measures how close its words are (3-10 us a passage), and
    # a common word is in thousands of passages: only the first max_candidates matches are ranked.
    "CREATE FUNCTION document_passages_rank(query tsquery, max_rows integer, only_kind text, "
    "max_candidates integer) RETURNS TABLE (ranked_id integer, ranked_score real) LANGUAGE sql STABLE AS $$ "
    "SELECT c.id, ts_rank(c.search_vector, query) FROM (SELECT p.id, p.search_vector "
    "FROM document_passages p WHERE p.search_vector @@ query AND (only_kind IS NULL OR EXISTS "
    "(SELECT 1 FROM documents d WHERE d.document_id = p.document_id AND d.kind = only_kind)) "
    "LIMIT max_candidates) c ORDER BY 2 DESC, 1 LIMIT max_rows $$",
    # The whole search in one round trip (groups: one to_tsquery text per query word, each in
    # parentheses): every word; else every word some passage holds (a word no passage holds cannot
    # narrow anything); else any of them. pharmai.pharmacy.documents._search does the same on SQLite.
    # The planner prices a GIN prefix search far above its real cost and picks a sequential scan that
    # decompresses every vector (about 100 ms at 10,000 passages against 3 ms through the index): the
    # function's own setting keeps that plan out. Tables resolve on the caller's search_path, like every
    # other statement.
    "CREATE FUNCTION document_passages_search(groups text[], max_rows integer, only_kind text, "
    "max_candidates integer) RETURNS TABLE (passage_id integer, score real, every_word boolean) "
    "LANGUAGE plpgsql STABLE ROWS 20 SET enable_seqscan = off AS $$ "
    "DECLARE present text[]; "
    "BEGIN "
    "RETURN QUERY SELECT r.ranked_id, r.ranked_score, true FROM document_passages_rank("
    "to_tsquery('simple'::regconfig, array_to_string(groups, ' & ')), max_rows, only_kind, max_candidates) r; "
    "IF FOUND OR cardinality(groups) < 2 THEN RETURN; END IF; "
    "present := ARRAY(SELECT g.word FROM unnest(groups) WITH ORDINALITY AS g(word, n) WHERE EXISTS "
    "(SELECT 1 FROM document_passages p WHERE p.search_vector @@ to_tsquery('simple'::regconfig, g.word)) "
    "ORDER BY g.n); "
    "IF cardinality(present) BETWEEN 1 AND cardinality(groups) - 1 THEN "
    "RETURN QUERY SELECT r.ranked_id, r.ranked_score, false FROM document_passages_rank("
    "to_tsquery('simple'::regconfig, array_to_string(present, ' & ')), max_rows, only_kind, max_candidates) r; "
    "IF FOUND THEN RETURN; END IF; "
    "END IF; "
    "IF cardinality(present) > 1 THEN "
    "RETURN QUERY SELECT r.ranked_id, r.ranked_score, false FROM document_passages_rank("
    "to_tsquery('simple'::regconfig, array_to_string(present, ' | ')), max_rows, only_kind, max_candidates) r; "
    "END IF; "
    "END $$",
]


def upgrade() -> None:
    op.create_table(
        "documents",
        sa.Column("document_id", sa.String(length=32), nullable=False),
        sa.Column("path", sa.String(length=1000), nullable=False),
        sa.Column("url", sa.String(length=1000), nullable=True),
        sa.Column("title", sa.String(length=300), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("passage_count", sa.Integer(), nullable=False),
        sa.Column("modified_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("document_id", name=op.f("pk_documents")),
        sa.UniqueConstraint("path", name=op.f("uq_documents_path")),
    )
    op.create_table(
        "document_passages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("document_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("search_text", sa.Text(), nullable=False),
        sa.Column("page", sa.Integer(), nullable=True),
        sa.Column("heading", sa.String(length=300), nullable=True),
        sa.Column("line_start", sa.Integer(), nullable=False),
        sa.Column("line_end", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"],
            ["documents.document_id"],
            name=op.f("fk_document_passages_document_id_documents"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document_passages")),
        sa.UniqueConstraint("document_id", "seq", name="uq_document_passages_document_seq"),
    )
    with op.batch_alter_table("document_passages", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_document_passages_document_id"), ["document_id"], unique=False)
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for statement in _SQLITE_UP:
            op.execute(statement)
    elif dialect == "postgresql":
        for statement in _PG_UP:
            op.execute(statement)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for statement in _SQLITE_DOWN:
            op.execute(statement)
    elif dialect == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS document_passages_search(text[], integer, text, integer)")
        op.execute("DROP FUNCTION IF EXISTS document_passages_rank(tsquery, integer, text, integer)")
        op.execute("DROP INDEX IF EXISTS ix_document_passages_search")
        op.execute("ALTER TABLE document_passages DROP COLUMN IF EXISTS search_vector")
    with op.batch_alter_table("document_passages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_document_passages_document_id"))
    op.drop_table("document_passages")
    op.drop_table("documents")
