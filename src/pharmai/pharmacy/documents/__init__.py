"""The pharmacy's own documents (SOPs, guidelines): import, full-text search and retrieval.

Files come from a folder or a WebDAV / Nextcloud share (:func:`import_documents`), are cut into passages
with their location (page, heading, line range), and are searched in Hebrew and English through SQLite
FTS5 or PostgreSQL ``tsvector`` (:func:`search`); :func:`retrieve` reads a document back from a passage on.
"""

from __future__ import annotations

from pharmai.pharmacy.documents._extract import KINDS, ParsedDocument, ParsedPassage, parse_document
from pharmai.pharmacy.documents._search import SearchHit, SearchResult, search
from pharmai.pharmacy.documents._store import DocumentInfo, Passage, Retrieved, document_id_for, retrieve, save_document
from pharmai.pharmacy.documents._webdav import WebDavClient
from pharmai.pharmacy.documents.importer import MAX_FILE_BYTES, FileReport, import_documents, is_remote

__all__ = [
    "KINDS",
    "MAX_FILE_BYTES",
    "DocumentInfo",
    "FileReport",
    "ParsedDocument",
    "ParsedPassage",
    "Passage",
    "Retrieved",
    "SearchHit",
    "SearchResult",
    "WebDavClient",
    "document_id_for",
    "import_documents",
    "is_remote",
    "parse_document",
    "retrieve",
    "save_document",
    "search",
]
