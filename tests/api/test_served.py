"""The API as ``pharmai serve`` runs it (uvicorn, its own SQLite file), over real sockets: what the server
says about itself, where it redirects, what it logs, and bodies streamed in chunks."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests._serve import serving
from tests.conftest import TODAY

_KEY = "served-staff-key-0123456789"
_MCP_INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}


@dataclass
class Served:
    url: str
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    workdir = tmp_path_factory.mktemp("served")
    settings = {
        "PHARMAI_DATABASE_URL": f"sqlite:///{workdir / 'pharmai.db'}",
        "PHARMAI_TODAY": TODAY.isoformat(),
        "PHARMAI_STAFF_API_KEY": _KEY,
    }
    with serving(workdir, settings) as (url, log):
        yield Served(url, log)


def test_no_server_banner(served: Served) -> None:
    for response in (httpx.get(served.url + "/healthz"), httpx.post(served.url + "/v1/conversations", json={})):
        assert response.status_code in (200, 201)
        assert "server" not in response.headers


@pytest.mark.parametrize(
    ("method", "path"), [("GET", "/healthz/"), ("POST", "/v1/conversations/"), ("GET", "/v1/tools/")]
)
def test_no_redirect_reflects_the_host_header(served: Served, method: str, path: str) -> None:
    response = httpx.request(method, served.url + path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert response.status_code == 404 and response.json()["error"]["code"] == "NOT_FOUND"
    assert "location" not in response.headers and "evil.example" not in response.text


def test_mcp_answers_at_its_documented_path_without_a_redirect(served: Served) -> None:
    headers = {
        "Authorization": f"Bearer {_KEY}",
        "Accept": "application/json, text/event-stream",
        "Host": "evil.example",
    }
    for path in ("/mcp", "/mcp/"):
        response = httpx.post(served.url + path, json=_MCP_INIT, headers=headers, follow_redirects=False)
        assert response.status_code == 200, (path, response.status_code, response.headers.get("location"))
        assert "pharmai" in response.text


def test_a_staff_key_in_a_query_string_is_refused_and_never_logged(served: Served) -> None:
    for name in ("key", "api_key", "token"):
        response = httpx.get(f"{served.url}/v1/audit?{name}={_KEY}&limit=5")
        assert response.status_code == 401 and response.json()["error"]["code"] == "UNAUTHENTICATED"
    assert httpx.get(served.url + "/v1/audit", headers={"Authorization": f"Bearer {_KEY}"}).status_code == 200
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and served.log_text().count('"GET /v1/audit HTTP/1.1" 401') < 3:
        time.sleep(0.1)
    text = served.log_text()
    assert text.count('"GET /v1/audit HTTP/1.1" 401') == 3  # the requests are logged, without their queries
    assert _KEY not in text and "limit=5" not in text


def test_a_chunked_body_over_the_limit_is_413(served: Served) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"content": "'
        for _ in range(20):
            yield b"a" * 65536
        yield b'"}'

    with httpx.Client(base_url=served.url, timeout=30) as client:
        for _ in range(2):
            response = client.post("/v1/conversations", content=chunks(), headers={"Content-Type": "application/json"})
            assert response.status_code == 413
            assert response.json()["error"] == {
                "code": "PAYLOAD_TOO_LARGE",
                "message": "The request is too large (at most 65536 bytes).",
                "details": {"limit": 65536},
            }
        assert client.get("/healthz").status_code == 200
