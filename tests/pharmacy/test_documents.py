"""The pharmacy's documents on SQLite (FTS5) and PostgreSQL (tsvector): import from a folder, search in
Hebrew and English with locations, atomic re-import, hostile queries, retrieval."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db._models_documents import Document, DocumentPassage
from pharmai.errors import DocumentImportError, DocumentNotFound, ValidationFailed
from pharmai.pharmacy import documents
from tests._documents import copy_fixtures


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return copy_fixtures(tmp_path / "sops")


@pytest.fixture
def imported(db: Database, folder: Path) -> dict[str, documents.FileReport]:
    return {Path(r.location).name: r for r in documents.import_documents(db, str(folder))}


def find(db: Database, query: str, **options: object) -> documents.SearchResult:
    with db.session() as session:
        return documents.search(session, query, **options)  # type: ignore[arg-type]


def top(db: Database, query: str) -> documents.SearchHit:
    result = find(db, query)
    assert result.hits, query
    return result.hits[0]


def counts(db: Database) -> tuple[int, int]:
    with db.session() as session:
        return (
            session.scalar(select(func.count()).select_from(Document)) or 0,
            session.scalar(select(func.count()).select_from(DocumentPassage)) or 0,
        )


def test_a_folder_imports_every_supported_file(db: Database, imported: dict[str, documents.FileReport]) -> None:
    assert sorted(imported) == [
        "cold-chain-sop.he.txt",
        "cold-chain-sop.txt",
        "controlled-drugs-sop.pdf",
        "refill-sop.he.md",
        "refill-sop.md",
    ]
    assert {r.status for r in imported.values()} == {"imported"}
    with db.session() as session:
        docs = {d.path.rsplit("/", 1)[-1]: d for d in session.scalars(select(Document))}
    assert docs["refill-sop.he.md"].title == "נוהל חידוש מרשמים" and docs["refill-sop.he.md"].language == "he"
    assert docs["refill-sop.md"].kind == "markdown" and docs["refill-sop.md"].language == "en"
    assert docs["controlled-drugs-sop.pdf"].title == "Controlled Drugs Register SOP"
    assert docs["cold-chain-sop.txt"].title == "Cold Chain Storage SOP"


def test_english_search_returns_the_passage_and_its_section(db: Database, imported: object) -> None:
    hit = top(db, "early refill")
    assert hit.document.title == "Prescription Refill SOP"
    assert hit.passage.heading == "Prescription Refill SOP › Early refill requests"
    assert (hit.passage.line_start, hit.passage.line_end) == (19, 20)
    assert "seven days early" in hit.snippet


def test_hebrew_search_with_prefixes_and_plurals(db: Database, imported: object) -> None:
    hit = top(db, "חידוש מוקדם")
    assert hit.document.title == "נוהל חידוש מרשמים" and hit.passage.heading.endswith("בקשה לחידוש מוקדם")
    # "מקררים" (plural) finds "במקרר" / "המקרר"; "האינסולין" (with the article) finds "אינסולין".
    assert top(db, "מקררים").document.title == "נוהל שרשרת קירור"
    assert "אינסולין" in top(db, "האינסולין שקפא").passage.text
    # Niqqud and final letters fold: "תְּרוּפוֹת" finds the same as "תרופות".
    assert top(db, "תְּרוּפוֹת בקירור").passage.text == top(db, "תרופות בקירור").passage.text


def test_the_pdf_passage_knows_its_page(db: Database, imported: object) -> None:
    hit = top(db, "discrepancy superintendent")
    assert hit.document.kind == "pdf" and hit.passage.page == 2
    assert hit.passage.line_start == 1


def test_results_are_ranked_and_filtered_by_kind(db: Database, imported: object) -> None:
    result = find(db, "refrigerated insulin", limit=10)
    assert result.hits[0].document.title == "Cold Chain Storage SOP"
    assert [h.score for h in result.hits] == sorted((h.score for h in result.hits), reverse=True)
    assert find(db, "refill", kind="pdf").hits == []
    assert {h.document.kind for h in find(db, "refill", kind="markdown", limit=20).hits} == {"markdown"}


def test_no_passage_with_every_word_falls_back_to_any(db: Database, imported: object) -> None:
    result = find(db, "insulin superintendent")
    assert not result.matched_every_word and len(result.hits) >= 2
    assert find(db, "zebra unicorn").hits == []


def test_a_word_no_document_holds_leaves_the_other_words_all_required(db: Database, imported: object) -> None:
    # "zebra" is in no passage: the passages holding both other words (in the text or its section heading)
    # are the answer, not every passage holding either of them.
    def holds(hit: documents.SearchHit, *words: str) -> bool:
        return all(word in f"{hit.passage.heading} {hit.passage.text}".lower() for word in words)

    result = find(db, "zebra early refill", limit=20)
    assert not result.matched_every_word and result.hits
    assert all(holds(h, "early", "refill") for h in result.hits)
    assert result.hits[0].passage.heading == "Prescription Refill SOP › Early refill requests"
    hebrew = find(db, "זברה חידוש מוקדם", limit=20)
    assert not hebrew.matched_every_word and hebrew.hits
    assert all(holds(h, "חידוש", "מוקדם") for h in hebrew.hits)
    assert hebrew.hits[0].passage.heading.endswith("בקשה לחידוש מוקדם")


@pytest.mark.parametrize(
    "query",
    [
        '"',
        '"refill',
        "refill*",
        "*",
        "AND OR NOT",
        "NEAR(refill stock)",
        "search_text:refill",
        "'; DROP TABLE documents; --",
        "refill) OR (1=1",
        "^refill",
        "\\",
        "!@#$%^&*()",
        "a & b | !c <-> d:*",
        "ª",
        "x" * 300,
        "ו",
    ],
)
def test_query_syntax_is_read_as_words(db: Database, imported: object, query: str) -> None:
    try:
        result = find(db, query)
    except ValidationFailed as exc:
        assert exc.fields[0]["field"] == "query"
    else:
        assert isinstance(result.hits, list)
    assert counts(db)[0] == 5  # and nothing was dropped


def test_reimport_keeps_unchanged_files_and_replaces_changed_ones(
    db: Database, folder: Path, imported: dict[str, documents.FileReport]
) -> None:
    before = counts(db)
    again = documents.import_documents(db, str(folder))
    assert {r.status for r in again} == {"unchanged"} and counts(db) == before
    sop = folder / "refill-sop.md"
    sop.write_text(sop.read_text().replace("seven days early", "ten days early"), encoding="utf-8")
    changed = {Path(r.location).name: r for r in documents.import_documents(db, str(folder))}
    assert changed["refill-sop.md"].status == "updated"
    assert changed["refill-sop.md"].document_id == imported["refill-sop.md"].document_id
    assert "ten days early" in top(db, "early refill").snippet
    assert not any("seven days" in h.passage.text for h in find(db, "seven days", limit=20).hits)
    assert counts(db) == before


def test_a_bad_file_writes_nothing_and_the_others_still_import(db: Database, folder: Path, imported: object) -> None:
    before = counts(db)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4\nthis is not a pdf")
    (folder / "empty.txt").write_text("\n\n  \n", encoding="utf-8")
    (folder / "notes.docx").write_bytes(b"PK\x03\x04")
    (folder / "new-sop.txt").write_text("Returns SOP\n\nReturned medications are never resold.", encoding="utf-8")
    (folder / "refill-sop.md").write_bytes(b"\x00\x01binary")  # a good document replaced by a bad file
    reports = {Path(r.location).name: r for r in documents.import_documents(db, str(folder))}
    assert reports["broken.pdf"].status == "failed" and reports["broken.pdf"].error is not None
    assert (reports["broken.pdf"].error.details or {})["reason"] == "unreadable"
    assert (reports["empty.txt"].error.details or {})["reason"] == "no_text"  # type: ignore[union-attr]
    assert reports["notes.docx"].status == "skipped"
    assert reports["refill-sop.md"].status == "failed"
    assert reports["new-sop.txt"].status == "imported"
    assert counts(db)[0] == before[0] + 1
    assert top(db, "early refill").document.title == "Prescription Refill SOP"  # the old text stays whole
    message = reports["broken.pdf"].as_dict("he")["error"]
    assert message == {
        "code": "DOCUMENT_IMPORT_ERROR",
        "reason": "unreadable",
        "message": "לא ניתן היה לקרוא את הקובץ.",
    }


def test_a_missing_source_is_a_typed_error(db: Database, tmp_path: Path) -> None:
    with pytest.raises(DocumentImportError) as caught:
        documents.import_documents(db, str(tmp_path / "nowhere"))
    assert caught.value.details == {"reason": "not_found"}


def test_retrieve_reads_on_from_a_passage(db: Database, imported: dict[str, documents.FileReport]) -> None:
    doc_id = imported["refill-sop.md"].document_id
    assert doc_id is not None
    with db.session() as session:
        whole = documents.retrieve(session, doc_id)
        part = documents.retrieve(session, doc_id, from_passage=3, max_chars=300)
        with pytest.raises(DocumentNotFound):
            documents.retrieve(session, "doc-0000000000000000")
    assert [p.seq for p in whole.passages] == [1, 2, 3, 4, 5] and not whole.truncated
    assert part.passages[0].seq == 3 and part.truncated and len(part.passages) == 1
    assert part.passages[0].text.startswith("1. Confirm the customer's identity")
    assert "\n2. Check" in part.passages[0].text
