"""Support for the document tests: the fixture SOPs, a real PDF built by hand, and a real WebDAV server.

The PDF is a minimal but complete PDF 1.4 file (catalog, pages, Helvetica, one content stream per page, a
correct cross-reference table), so pypdf reads it as it would any exported SOP. The WebDAV server is
``wsgidav`` on ``cheroot``, serving a folder on a free loopback port with basic authentication.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from types import TracebackType

from cheroot import wsgi
from wsgidav.wsgidav_app import WsgiDAVApp

from tests._tcp import free_port

__all__ = ["FIXTURES", "PDF_PAGES", "WebDavServer", "copy_fixtures", "make_pdf"]

FIXTURES = Path(__file__).parent / "fixtures" / "documents"

#: The pages of the generated PDF SOP (English: the standard fonts carry no Hebrew glyphs).
PDF_PAGES = [
    [
        "Controlled Drugs Register SOP",
        "Procedure CD-01. Every receipt and supply of a Schedule II controlled drug",
        "is entered in the controlled drugs register on the day it happens.",
    ],
    [
        "Balance checks",
        "The running balance is checked against physical stock every week.",
        "A discrepancy is reported to the superintendent pharmacist within 24 hours.",
    ],
]


def _escape(line: str) -> str:
    return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[str]], title: str | None = None) -> bytes:
    """A PDF whose pages hold ``pages`` (one text line per string, a blank line after the first)."""
    objects: list[bytes] = []
    count = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(count))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {count} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for lines in pages:
        page_id = len(objects) + 1
        body = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        for number, line in enumerate(lines):
            body.append(f"({_escape(line)}) Tj T*")
            if number == 0:
                body.append("T*")
        body.append("ET")
        stream = "\n".join(body).encode("latin-1")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {page_id + 1} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    info_ref = b""
    if title is not None:
        objects.append(f"<< /Title ({_escape(title)}) >>".encode("latin-1"))
        info_ref = f" /Info {len(objects)} 0 R".encode()
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body_bytes in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body_bytes + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R".encode() + info_ref + b" >>\n"
    out += f"startxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def copy_fixtures(folder: Path) -> Path:
    """The four fixture SOPs and the generated PDF in ``folder`` (created)."""
    folder.mkdir(parents=True, exist_ok=True)
    for source in FIXTURES.iterdir():
        shutil.copy(source, folder / source.name)
    (folder / "controlled-drugs-sop.pdf").write_bytes(make_pdf(PDF_PAGES, title="Controlled Drugs Register SOP"))
    return folder


class WebDavServer:
    """A real WebDAV server (wsgidav + cheroot) serving ``folder`` at ``/share`` on 127.0.0.1.

    Args:
        folder: What to serve.
        users: ``{name: password}`` allowed in with basic authentication.
    """

    def __init__(self, folder: Path, users: dict[str, str]) -> None:
        self.port = free_port()
        config = {
            "host": "127.0.0.1",
            "port": self.port,
            "provider_mapping": {"/share": str(folder)},
            "simple_dc": {"user_mapping": {"*": {u: {"password": p} for u, p in users.items()}}},
            "http_authenticator": {"accept_basic": True, "accept_digest": False, "default_to_digest": False},
            "verbose": 0,
            "logging": {"enable": False, "enable_loggers": []},
            "property_manager": True,
            "lock_storage": True,
        }
        self._server = wsgi.Server(("127.0.0.1", self.port), WsgiDAVApp(config), numthreads=4)

    @property
    def url(self) -> str:
        """The shared folder's URL (no credentials)."""
        return f"http://127.0.0.1:{self.port}/share/"

    def __enter__(self) -> WebDavServer:
        self._server.prepare()
        self._thread = threading.Thread(target=self._server.serve, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._server.stop()
        self._thread.join(timeout=5)
