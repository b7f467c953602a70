"""Staff ``search_documents`` and ``retrieve_document``: the pharmacy's own SOPs and guidelines.

Seed 003's tools 3, 4 and 8 over the documents ``pharmai docs import`` brought in (a folder or a WebDAV /
Nextcloud share): full-text search in Hebrew and English with the passage and where it is, and the text of
one document from a passage on. Both carry a citation per passage (title, source, path or url, date, id).
"""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import documents
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.documents_models import (
    RetrieveDocumentInput,
    RetrieveDocumentOutput,
    SearchDocumentsInput,
    SearchDocumentsOutput,
)

__all__ = ["location_label", "register", "retrieve_document", "search_documents", "search_message"]

SOURCE = "Pharmacy documents"


def location_label(passage: documents.Passage, language: str) -> str:
    """Where a passage is, in words: "page 2, lines 1–3" / "עמוד 2, שורות 1–3", or its section's heading."""
    he = language == "he"
    if passage.line_start == passage.line_end:
        lines = f"{'שורה' if he else 'line'} {passage.line_start}"
    else:
        lines = f"{'שורות' if he else 'lines'} {passage.line_start}–{passage.line_end}"
    parts = []
    if passage.page is not None:
        parts.append(f"{'עמוד' if he else 'page'} {passage.page}")
    if passage.heading:
        parts.append(passage.heading)
    return ", ".join([*parts, lines])


def search_message(found: int, every: bool, language: str) -> str:
    """One sentence on what was found (Hebrew with number agreement: קטע אחד, 3 קטעים)."""
    if language == "he":
        if found == 0:
            return "לא נמצאו במסמכי בית המרקחת קטעים התואמים לחיפוש."
        text = "נמצא קטע אחד" if found == 1 else f"נמצאו {found} קטעים"
        text += " במסמכי בית המרקחת"
        if not every:
            text += " (אף קטע לא הכיל את כל המילים; מוצגים הקטעים שמכילים חלק מהן)"
        return text + "."
    if found == 0:
        return "No passage of the pharmacy's documents matches this search."
    text = "Found 1 passage" if found == 1 else f"Found {found} passages"
    text += " in the pharmacy's documents"
    if not every:
        text += " (none held every word; these hold some of them)"
    return text + "."


def _count_he(count: int) -> str:
    return "במסמך קטע אחד" if count == 1 else f"במסמך {count} קטעים"


def _count_en(count: int) -> str:
    return "1 passage" if count == 1 else f"{count} passages"


def _document(info: documents.DocumentInfo) -> dict[str, Any]:
    return {
        "document_id": info.document_id,
        "title": info.title,
        "kind": info.kind,
        "language": info.language,
        "path": info.path,
        "url": info.url,
        "date": info.date,
    }


def _location(passage: documents.Passage, language: str) -> dict[str, Any]:
    return {
        "passage": passage.seq,
        "page": passage.page,
        "heading": passage.heading,
        "line_start": passage.line_start,
        "line_end": passage.line_end,
        "label": location_label(passage, language),
    }


def _citation(info: documents.DocumentInfo, passage: documents.Passage, language: str) -> dict[str, Any]:
    return {
        "title": info.title,
        "source": SOURCE,
        "url": info.url,
        "path": info.path,
        "date": info.date,
        "identifier": f"{info.document_id}#{passage.seq}",
        "location": location_label(passage, language),
    }


def search_documents(args: SearchDocumentsInput, ctx: ToolContext) -> dict[str, Any]:
    """Search the pharmacy's own documents (SOPs, guidelines) in Hebrew or English, for pharmacy staff.

    `query` is a few plain words ("early refill", "שרשרת קירור"); Hebrew prefixes and plurals are matched
    ("התרופות" finds "תרופה"), and the start of a word matches the whole word. Every word must appear in a
    passage; when no passage holds them all, passages holding some are listed and `matched_every_word` is
    false. Returns up to `max_results` passages, best first: the document (id, title, path or url, date),
    the passage's location (passage number, page, section heading, lines, and a label in the language),
    a snippet, and a citation for each. Quote the document and location you rely on; the documents are the
    pharmacy's procedures, not advice for a patient. Use retrieve_document to read on from a passage.
    """
    with ctx.transaction() as session:
        found = documents.search(session, args.query, limit=args.max_results, kind=args.kind)
    lang = args.language
    return {
        "results": [
            {
                "document": _document(hit.document),
                "location": _location(hit.passage, lang),
                "snippet": hit.snippet,
                "score": hit.score,
            }
            for hit in found.hits
        ],
        "matched_every_word": found.matched_every_word,
        "message": search_message(len(found.hits), found.matched_every_word, lang),
        "citations": [_citation(hit.document, hit.passage, lang) for hit in found.hits],
    }


def retrieve_document(args: RetrieveDocumentInput, ctx: ToolContext) -> dict[str, Any]:
    """Read one of the pharmacy's documents (by `document_id` from search_documents), for pharmacy staff.

    Returns the passages from `from_passage` on (default: the start) up to about `max_chars` characters,
    each with its location (page, section heading, lines), the same text joined as `content`,
    `content_truncated` and `next_passage` when there is more to read, and a citation per passage.
    DOCUMENT_NOT_FOUND for an unknown id (a document removed or re-imported from elsewhere).
    """
    with ctx.transaction() as session:
        got = documents.retrieve(session, args.document_id, from_passage=args.from_passage, max_chars=args.max_chars)
    lang = args.language
    last = got.passages[-1].seq if got.passages else None
    if lang == "he":
        message = (
            f"מוצגים קטעים {got.passages[0].seq}–{last} מתוך {got.passage_count}."
            if got.passages
            else f"{_count_he(got.passage_count)}; אין קטע במספר {args.from_passage}."
        )
    else:
        message = (
            f"Showing passages {got.passages[0].seq}–{last} of {got.passage_count}."
            if got.passages
            else f"The document has {_count_en(got.passage_count)}; there is no passage {args.from_passage}."
        )
    return {
        "document": _document(got.document),
        "passages": [{"location": _location(p, lang), "text": p.text} for p in got.passages],
        "content": "\n\n".join(p.text for p in got.passages),
        "content_truncated": got.truncated,
        "passage_count": got.passage_count,
        "next_passage": last + 1 if got.truncated and last is not None else None,
        "message": message,
        "citations": [_citation(got.document, p, lang) for p in got.passages],
    }


def register(registry: Registry) -> None:
    """Add ``search_documents`` and ``retrieve_document`` to ``registry``."""
    registry.tool(
        input=SearchDocumentsInput,
        output=SearchDocumentsOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=EVERY_STAFF_ROLE,
        title="Search the pharmacy's documents",
        title_he="חיפוש במסמכי בית המרקחת",
    )(search_documents)
    registry.tool(
        input=RetrieveDocumentInput,
        output=RetrieveDocumentOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=EVERY_STAFF_ROLE,
        title="Read a pharmacy document",
        title_he="קריאת מסמך של בית המרקחת",
    )(retrieve_document)
