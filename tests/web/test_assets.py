"""The web chat's files as the server sends them: the favicon, a strict CSP, nothing from elsewhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pharmai.api import create_app
from pharmai.db import Database
from pharmai.settings import Settings
from tests.conftest import TODAY

WEB = Path(str(resources.files("pharmai") / "web"))


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    settings = Settings(database_url=db.url, identity_mode="demo", redis_url=None, engine="offline", today=TODAY)
    with TestClient(create_app(settings, db, mount_mcp=False, audit="sync")) as test_client:
        yield test_client


def test_favicon_is_served_locally(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")


def test_the_chat_page_keeps_a_strict_csp(client: TestClient) -> None:
    page = client.get("/")
    csp = page.headers["content-security-policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "http" not in csp
    assert "script-src 'self'" in csp and "style-src 'self'" in csp


def test_pages_load_only_their_own_files() -> None:
    for page in WEB.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>" not in html and "<style" not in html and " style=" not in html, page.name
        for url in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert url.startswith("/"), f"{page.name} loads {url}"
        for name in re.findall(r'/static/([\w.-]+)"', html):
            assert (WEB / name).is_file(), f"{page.name} links the missing {name}"


def test_scripts_never_parse_markup() -> None:
    # Replies and tool results become text nodes; the CSP would block what an HTML sink could inject.
    for script in WEB.glob("*.js"):
        source = script.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert sink not in source, f"{script.name} uses {sink}"
        assert ".style." not in source and 'setAttribute("style"' not in source, f"{script.name} sets inline styles"
