"""A small WebDAV reader (Nextcloud, ownCloud, any RFC 4918 server): list a folder's files, fetch one.

Folders are walked with ``PROPFIND Depth: 1`` one level at a time (Nextcloud refuses ``Depth: infinity``
by default), never leaving the starting folder, with a cap on files and depth. Responses are parsed with
defusedxml. Credentials never appear in a returned URL.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import datetime
from email.utils import parsedate_to_datetime
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

import httpx
from defusedxml import ElementTree

from pharmai.errors import DocumentImportError

__all__ = ["RemoteFile", "WebDavClient", "strip_credentials"]

_DAV = "{DAV:}"
_PROPFIND = (
    '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/>'
    "<d:getcontentlength/><d:getlastmodified/></d:prop></d:propfind>"
)
_MAX_FILES = 5000
_MAX_DEPTH = 12


@dataclass(frozen=True)
class RemoteFile:
    """One file on the share: its URL (no credentials), name, size and last modification."""

    url: str
    name: str
    size: int | None
    modified: datetime | None


def strip_credentials(url: str) -> str:
    """``url`` without any ``user:password@`` part."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"[{host}]" if ":" in host else host
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))


def _error(response: httpx.Response) -> DocumentImportError:
    if response.status_code in (401, 403):
        return DocumentImportError({"reason": "unauthorized"})
    if response.status_code == 404:
        return DocumentImportError({"reason": "not_found"})
    return DocumentImportError({"reason": "fetch_failed", "status": response.status_code})


class WebDavClient:
    """Reads files from one WebDAV folder.

    Args:
        base_url: The folder (or one file) to read; a ``user:password@`` in it is used as credentials
            when none are given.
        username: Basic-auth user name (``PHARMAI_DOCUMENTS_WEBDAV_USERNAME``).
        password: Basic-auth password (``PHARMAI_DOCUMENTS_WEBDAV_PASSWORD``).
        timeout: Seconds per request.
        max_bytes: Largest file fetched; a larger one is refused (``too_large``) without reading it all.
    """

    def __init__(
        self,
        base_url: str,
        *,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 30.0,
        max_bytes: int = 20_000_000,
    ) -> None:
        parts = urlsplit(base_url)
        if username is None and parts.username:
            username, password = unquote(parts.username), unquote(parts.password or "")
        self.base_url = strip_credentials(base_url)
        self.max_bytes = max_bytes
        auth = httpx.BasicAuth(username, password or "") if username else None
        self._client = httpx.Client(auth=auth, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> WebDavClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _propfind(self, url: str) -> list[tuple[str, bool, int | None, datetime | None]]:
        try:
            response = self._client.request(
                "PROPFIND", url, headers={"Depth": "1", "Content-Type": "application/xml"}, content=_PROPFIND
            )
        except httpx.HTTPError as exc:
            raise DocumentImportError({"reason": "fetch_failed"}) from exc
        if response.status_code != 207:
            raise _error(response)
        try:
            root = ElementTree.fromstring(response.content)
        except Exception as exc:  # defusedxml's and expat's errors alike: the reply is not a multistatus
            raise DocumentImportError({"reason": "fetch_failed"}) from exc
        entries = []
        for item in root.iter(f"{_DAV}response"):
            href = item.findtext(f"{_DAV}href")
            if not href:
                continue
            is_folder = item.find(f".//{_DAV}resourcetype/{_DAV}collection") is not None
            length = item.findtext(f".//{_DAV}getcontentlength")
            modified = item.findtext(f".//{_DAV}getlastmodified")
            size = int(length) if length and length.strip().isdigit() else None
            try:
                when = parsedate_to_datetime(modified) if modified else None
            except (TypeError, ValueError):
                when = None
            entries.append((urljoin(url, href.strip()), is_folder, size, when))
        return entries

    def list_files(self) -> list[RemoteFile]:
        """Every file under the base URL (the base itself when it is a file), in path order."""
        root = self.base_url
        root_path = unquote(urlsplit(root).path).rstrip("/")
        files: dict[str, RemoteFile] = {}
        queue: deque[tuple[str, int]] = deque([(root, 0)])
        visited: set[str] = set()
        while queue:
            folder, depth = queue.popleft()
            visited.add(unquote(urlsplit(folder).path).rstrip("/"))
            for url, is_folder, size, modified in self._propfind(folder):
                path = unquote(urlsplit(url).path)
                inside = path.rstrip("/") == root_path or path.startswith(root_path + "/")
                if not inside:
                    continue
                if is_folder:
                    if depth < _MAX_DEPTH and path.rstrip("/") not in visited:
                        visited.add(path.rstrip("/"))
                        queue.append((url, depth + 1))
                elif len(files) < _MAX_FILES:
                    files[url] = RemoteFile(url, path.rsplit("/", 1)[-1], size, modified)
        return [files[u] for u in sorted(files)]

    def fetch(self, url: str) -> bytes:
        """The bytes of one file (at most ``max_bytes``)."""
        try:
            with self._client.stream("GET", url) as response:
                if response.status_code != 200:
                    raise _error(response)
                chunks: list[bytes] = []
                total = 0
                for chunk in response.iter_bytes():
                    total += len(chunk)
                    if total > self.max_bytes:
                        raise DocumentImportError({"reason": "too_large", "limit": self.max_bytes})
                    chunks.append(chunk)
        except httpx.HTTPError as exc:
            raise DocumentImportError({"reason": "fetch_failed"}) from exc
        return b"".join(chunks)
