"""Staff ``search_documents`` / ``retrieve_document`` through the real executor, documents imported from a
real WebDAV server (wsgidav on loopback, basic auth) and through ``pharmai docs import``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.db import Database
from pharmai.errors import DocumentImportError
from pharmai.pharmacy import documents
from pharmai.settings import get_settings
from pharmai.tools import Executor, Principal
from tests._documents import WebDavServer, copy_fixtures
from tests.toolsets._helpers import error
from tests.toolsets.test_staff_tools import Staff

USERS = {"pharmacy-sync": "webdav-app-password"}
runner = CliRunner()


@pytest.fixture
def share(tmp_path: Path) -> Iterator[WebDavServer]:
    folder = copy_fixtures(tmp_path / "share" / "SOPs")
    (folder / "archive").mkdir()
    shutil.move(folder / "cold-chain-sop.txt", folder / "archive" / "cold-chain-sop.txt")
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7 truncated")
    (folder / "logo.png").write_bytes(b"\x89PNG\r\n")
    with WebDavServer(tmp_path / "share", USERS) as server:
        yield server


@pytest.fixture
def imported(db: Database, share: WebDavServer) -> dict[str, documents.FileReport]:
    user, password = next(iter(USERS.items()))
    reports = documents.import_documents(db, share.url + "SOPs/", username=user, password=password)
    return {r.location.rsplit("/", 1)[-1]: r for r in reports}


@pytest.fixture
def staff(make_executor: Callable[..., Executor], db: Database) -> Callable[..., Staff]:
    executor = make_executor("staff")
    return lambda language="en", **kw: Staff(executor, db, language, **kw)


# --- import from WebDAV -------------------------------------------------------------------------------------


def test_a_webdav_share_imports_with_basic_auth(imported: dict[str, documents.FileReport], share: WebDavServer) -> None:
    assert {n: r.status for n, r in imported.items()} == {
        "broken.pdf": "failed",
        "cold-chain-sop.he.txt": "imported",
        "cold-chain-sop.txt": "imported",  # from the sub-folder
        "controlled-drugs-sop.pdf": "imported",
        "logo.png": "skipped",
        "refill-sop.he.md": "imported",
        "refill-sop.md": "imported",
    }
    assert imported["cold-chain-sop.txt"].location == share.url + "SOPs/archive/cold-chain-sop.txt"


def test_webdav_refuses_wrong_credentials_and_unknown_folders(db: Database, share: WebDavServer) -> None:
    with pytest.raises(DocumentImportError) as wrong:
        documents.import_documents(db, share.url, username="pharmacy-sync", password="nope")
    assert wrong.value.details == {"reason": "unauthorized"}
    user, password = next(iter(USERS.items()))
    with pytest.raises(DocumentImportError) as missing:
        documents.import_documents(db, share.url + "nothing-here/", username=user, password=password)
    assert missing.value.details == {"reason": "not_found"}


def test_credentials_in_the_url_are_used_but_never_stored(db: Database, share: WebDavServer) -> None:
    url = share.url.replace("http://", "http://pharmacy-sync:webdav-app-password@") + "SOPs/refill-sop.md"
    (report,) = documents.import_documents(db, url)
    assert report.status == "imported" and report.location == share.url + "SOPs/refill-sop.md"


# --- the tools ----------------------------------------------------------------------------------------------


def test_search_in_english_carries_locations_and_citations(staff: Callable[..., Staff], imported: Any) -> None:
    out = staff().call("search_documents", {"query": "temperature logger delivery", "max_results": 3})
    assert out["ok"] is True and out["matched_every_word"] is True
    first = out["results"][0]
    assert first["document"]["title"] == "Cold Chain Storage SOP"
    assert first["document"]["url"].endswith("/SOPs/archive/cold-chain-sop.txt")
    assert first["location"]["label"] == "lines 1–11" and "logger" in first["snippet"]
    citation = out["citations"][0]
    assert citation == {
        "title": "Cold Chain Storage SOP",
        "source": "Pharmacy documents",
        "url": first["document"]["url"],
        "path": first["document"]["url"],
        "date": first["document"]["date"],
        "identifier": f"{first['document']['document_id']}#1",
        "location": "lines 1–11",
    }
    assert out["message"].startswith("Found")


def test_search_in_hebrew_answers_in_hebrew(staff: Callable[..., Staff], imported: Any) -> None:
    out = staff("he").call("search_documents", {"query": "חידוש מוקדם", "language": "he", "max_results": 1})
    hit = out["results"][0]
    assert hit["document"]["title"] == "נוהל חידוש מרשמים" and hit["document"]["language"] == "he"
    assert hit["location"]["label"] == "נוהל חידוש מרשמים › בקשה לחידוש מוקדם, שורות 19–20"
    assert out["message"] == "נמצא קטע אחד במסמכי בית המרקחת."
    none = staff("he").call("search_documents", {"query": "זברה", "language": "he"})
    assert none["results"] == [] and none["message"] == "לא נמצאו במסמכי בית המרקחת קטעים התואמים לחיפוש."


def test_the_pdf_hit_names_its_page(staff: Callable[..., Staff], imported: Any) -> None:
    out = staff().call("search_documents", {"query": "running balance", "kind": "pdf"})
    assert out["results"][0]["location"]["page"] == 2
    assert out["results"][0]["location"]["label"] == "page 2, lines 1–3"


def test_retrieve_from_a_hit_reads_on(staff: Callable[..., Staff], imported: dict[str, documents.FileReport]) -> None:
    doc_id = imported["refill-sop.md"].document_id
    out = staff().call("retrieve_document", {"document_id": doc_id, "from_passage": 2, "max_chars": 400})
    assert out["ok"] is True and out["passages"][0]["location"]["passage"] == 2
    assert out["content_truncated"] is True and out["next_passage"] == 3 and out["passage_count"] == 5
    assert out["citations"][0]["identifier"] == f"{doc_id}#2"
    rest = staff("he").call("retrieve_document", {"document_id": doc_id, "from_passage": 3, "language": "he"})
    assert rest["content_truncated"] is False and rest["message"] == "מוצגים קטעים 3–5 מתוך 5."


@pytest.mark.parametrize("language", ["en", "he"])
def test_unknown_and_malformed_document_ids(staff: Callable[..., Staff], imported: Any, language: str) -> None:
    unknown = error(
        staff(language).call("retrieve_document", {"document_id": "doc-0000000000000000", "language": language})
    )
    assert unknown["code"] == "DOCUMENT_NOT_FOUND"
    if language == "he":
        assert unknown["message"] == "אין מסמך של בית המרקחת עם המזהה הזה."
    for bad in ["../etc/passwd", "doc-'; DROP TABLE documents; --", "", 42, None]:
        assert error(staff(language).call("retrieve_document", {"document_id": bad}))["code"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("query", ['"', "NEAR(", "a:* & !b", "'; DROP TABLE document_passages; --", "***", "x" * 301])
def test_hostile_queries_get_results_or_a_validation_error(
    staff: Callable[..., Staff], imported: Any, query: str
) -> None:
    out = staff().call("search_documents", {"query": query})
    assert out["ok"] is True or error(out)["code"] == "VALIDATION_ERROR"
    assert staff().call("search_documents", {"query": "refill"})["results"]


def test_a_customer_session_cannot_search_documents(
    make_executor: Callable[..., Executor], db: Database, staff: Callable[..., Staff]
) -> None:
    customer = Staff(make_executor("canonical"), db, principal=Principal.patient("u002"), actor=None)
    assert error(customer.call("search_documents", {"query": "refill"}))["code"] == "TOOL_NOT_FOUND"
    anonymous = staff(principal=Principal.anonymous(), actor=None)
    assert error(anonymous.call("search_documents", {"query": "refill"}))["code"] == "FORBIDDEN"
    patient = staff(principal=Principal.patient("u002"), actor=None)
    assert error(patient.call("retrieve_document", {"document_id": "doc-0000000000000000"}))["code"] == "FORBIDDEN"


# --- the command line ---------------------------------------------------------------------------------------


@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'docs.db'}"
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    user, password = next(iter(USERS.items()))
    monkeypatch.setenv("PHARMAI_DOCUMENTS_WEBDAV_USERNAME", user)
    monkeypatch.setenv("PHARMAI_DOCUMENTS_WEBDAV_PASSWORD", password)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


def test_docs_import_from_webdav_on_the_command_line(cli_env: str, share: WebDavServer) -> None:
    result = runner.invoke(app, ["docs", "import", share.url, "--json"])
    assert result.exit_code == 1  # broken.pdf failed; the others are in
    report = json.loads(result.stdout)
    statuses = sorted(f["status"] for f in report["files"])
    assert statuses == ["failed", "imported", "imported", "imported", "imported", "imported", "skipped"]
    assert "webdav-app-password" not in result.output
    again = runner.invoke(app, ["docs", "import", share.url, "--language", "he"])
    assert (
        "ללא שינוי" in again.stdout
        and "5 קבצים יובאו או מעודכנים מתוך 7, קובץ אחד נכשל, קובץ אחד דולג." in again.stdout
    )


def test_docs_import_of_a_missing_folder(cli_env: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["docs", "import", str(tmp_path / "missing")])
    assert result.exit_code == 1 and "There is no such file or folder." in result.output
