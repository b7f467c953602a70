"""Import the pharmacy's documents from a folder, one file, or a WebDAV / Nextcloud share.

Each file is read and parsed first, then written in its own transaction: a bad file (unreadable PDF, no
text, too large) is reported with its reason and writes nothing, and the other files are still imported. A
file already imported from the same path with the same SHA-256 is left as it is; a changed one has all its
passages replaced at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pharmai.db import Database
from pharmai.errors import DocumentImportError, PharmaiError
from pharmai.pharmacy.documents._extract import kind_of, parse_document
from pharmai.pharmacy.documents._store import save_document
from pharmai.pharmacy.documents._webdav import WebDavClient, strip_credentials

__all__ = ["MAX_FILE_BYTES", "FileReport", "import_documents", "is_remote"]

#: The largest document imported (larger files are reported as ``too_large``).
MAX_FILE_BYTES = 20_000_000


@dataclass(frozen=True)
class FileReport:
    """What happened to one file: ``imported``, ``updated``, ``unchanged``, ``skipped`` or ``failed``."""

    location: str
    status: str
    document_id: str | None = None
    passages: int = 0
    error: PharmaiError | None = None

    def as_dict(self, language: str = "en") -> dict[str, object]:
        """A JSON-ready summary (the error as code, reason and message in ``language``)."""
        out: dict[str, object] = {"location": self.location, "status": self.status}
        if self.document_id:
            out |= {"document_id": self.document_id, "passages": self.passages}
        if self.error is not None:
            out["error"] = {
                "code": self.error.code,
                "reason": (self.error.details or {}).get("reason"),
                "message": self.error.message(language),
            }
        return out


def is_remote(source: str) -> bool:
    """Whether ``source`` is a WebDAV URL rather than a local path."""
    return source.lower().startswith(("http://", "https://"))


def _write(
    db: Database, location: str, url: str | None, name: str, data: bytes, modified: datetime | None
) -> FileReport:
    if len(data) > MAX_FILE_BYTES:
        raise DocumentImportError({"reason": "too_large", "limit": MAX_FILE_BYTES})
    parsed = parse_document(name, data)
    with db.session(write=True) as session:
        document_id, status = save_document(
            session,
            parsed,
            path=location,
            url=url,
            content_hash=hashlib.sha256(data).hexdigest(),
            size=len(data),
            modified_at=modified,
            now=datetime.now(UTC),
        )
    return FileReport(location, status, document_id, len(parsed.passages))


def _local(db: Database, root: Path, report: Callable[[FileReport], None]) -> None:
    if not root.exists():
        raise DocumentImportError({"reason": "not_found"})
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    for path in files:
        location = str(path.resolve())
        if any(part.startswith(".") for part in path.relative_to(root).parts) or kind_of(path.name) is None:
            if root.is_file():
                report(FileReport(location, "failed", error=DocumentImportError({"reason": "unsupported"})))
            else:
                report(FileReport(location, "skipped"))
            continue
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise DocumentImportError({"reason": "too_large", "limit": MAX_FILE_BYTES})
            modified = datetime.fromtimestamp(path.stat().st_mtime, UTC)
            report(_write(db, location, None, path.name, path.read_bytes(), modified))
        except OSError:
            report(FileReport(location, "failed", error=DocumentImportError({"reason": "unreadable"})))
        except PharmaiError as exc:
            report(FileReport(location, "failed", error=exc))


def _remote(db: Database, url: str, client: WebDavClient, report: Callable[[FileReport], None]) -> None:
    for remote in client.list_files():
        if kind_of(remote.name) is None or remote.name.startswith("."):
            report(FileReport(remote.url, "skipped"))
            continue
        try:
            if remote.size is not None and remote.size > MAX_FILE_BYTES:
                raise DocumentImportError({"reason": "too_large", "limit": MAX_FILE_BYTES})
            data = client.fetch(remote.url)
            report(_write(db, remote.url, remote.url, remote.name, data, remote.modified))
        except PharmaiError as exc:
            report(FileReport(remote.url, "failed", error=exc))


def import_documents(
    db: Database,
    source: str,
    *,
    username: str | None = None,
    password: str | None = None,
    timeout: float = 30.0,
    on_file: Callable[[FileReport], None] | None = None,
) -> list[FileReport]:
    """Import every supported file (``.pdf``, ``.md``, ``.markdown``, ``.txt``) under ``source``.

    Args:
        db: The migrated database.
        source: A folder, one file, or an ``http(s)://`` WebDAV folder (Nextcloud:
            ``https://host/remote.php/dav/files/USER/FOLDER/``).
        username: WebDAV basic-auth user name.
        password: WebDAV basic-auth password.
        timeout: Seconds per WebDAV request.
        on_file: Called with each file's report as soon as it is done.

    Returns:
        One report per file, in path order.

    Raises:
        DocumentImportError: the source itself cannot be read (``not_found``, ``unauthorized``,
            ``fetch_failed``); nothing was imported.
    """
    reports: list[FileReport] = []

    def report(item: FileReport) -> None:
        reports.append(item)
        if on_file is not None:
            on_file(item)

    if is_remote(source):
        with WebDavClient(
            source, username=username, password=password, timeout=timeout, max_bytes=MAX_FILE_BYTES
        ) as client:
            _remote(db, strip_credentials(source), client, report)
    else:
        _local(db, Path(source).expanduser(), report)
    return reports
