"""Operations, security headers, CORS, the demo helpers, the web shell and the OpenAPI document."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pharmai
from pharmai.api import create_app
from pharmai.db import Database
from tests.api.conftest import STAFF, AppFactory, make_settings, open_conversation, say

WEB = Path(pharmai.__file__).parent / "web"


def test_healthz_and_readyz(client: TestClient, db: Database) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "database": db.dialect}


def test_readyz_is_503_when_the_database_is_unreachable(db: Database) -> None:
    broken = Database("postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=1")
    app = create_app(make_settings(db), broken, mount_mcp=False)
    with TestClient(app) as client:
        response = client.get("/readyz")
        assert response.status_code == 503 and response.json()["status"] == "unavailable"
        assert client.get("/healthz").status_code == 200
    broken.dispose()


def test_metrics_count_http_requests_and_tool_calls(client: TestClient) -> None:
    client.post("/v1/tools/inventory_check/invoke", json={"arguments": {"query": "advil"}}, headers=STAFF)
    text = client.get("/metrics").text
    assert 'pharmai_http_requests_total{method="POST",route="/v1/tools/{name}/invoke",status="200"}' in text
    assert 'pharmai_tool_calls_total{code="none",outcome="ok",tool="inventory_check"}' in text
    assert "pharmai_http_request_duration_seconds_bucket" in text
    assert "conv_" not in text  # route templates only, never ids


@pytest.mark.parametrize("path", ["/", "/healthz", "/v1/conversations/x/messages", "/v1/tools", "/static/app.js"])
def test_security_headers_everywhere(client: TestClient, path: str) -> None:
    response = client.get(path)
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_api_answers_are_not_cached(client: TestClient) -> None:
    assert client.post("/v1/conversations", json={}).headers["cache-control"] == "no-store"


def test_cors_allows_only_configured_origins(make_client: AppFactory) -> None:
    client = make_client(app_kwargs={"cors_origins": ["https://shop.example"]})
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}
    allowed = client.options("/v1/conversations", headers={"Origin": "https://shop.example", **preflight})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://shop.example"
    denied = client.options("/v1/conversations", headers={"Origin": "https://evil.example", **preflight})
    assert "access-control-allow-origin" not in denied.headers
    simple = client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in simple.headers


def test_same_origin_only_by_default(client: TestClient) -> None:
    response = client.get("/healthz", headers={"Origin": "https://shop.example"})
    assert "access-control-allow-origin" not in response.headers


def test_web_pages_and_static_files(demo_client: TestClient) -> None:
    for path, marker in (("/", 'id="messages"'), ("/tester", 'id="tool-form"'), ("/outbox", 'id="outbox"')):
        response = demo_client.get(path)
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
        assert marker in response.text
    for asset in ("app.js", "sse.js", "i18n.js", "tester.js", "outbox.js", "style.css"):
        assert demo_client.get(f"/static/{asset}").status_code == 200
    assert demo_client.get("/static/../api/_app.py").status_code == 404


@pytest.mark.parametrize("mode", ["otp", "identifier", "trusted"])
def test_tester_and_outbox_pages_exist_only_in_demo_mode(make_client: AppFactory, mode: str) -> None:
    client = make_client(identity_mode=mode)
    assert client.get("/").status_code == 200
    for path in ("/tester", "/outbox", "/tester/", "/outbox/"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["error"]["code"] == "NOT_FOUND"


def test_web_code_never_injects_html() -> None:
    # Model and tool output reach the page through textContent only; no HTML sink exists at all.
    for script in WEB.glob("*.js"):
        source = script.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in source, f"{script.name} uses {sink}"
    for page in WEB.glob("*.html"):
        assert "<script>" not in page.read_text(encoding="utf-8"), "inline scripts would need an unsafe CSP"


def test_config_describes_the_server_without_secrets(demo_client: TestClient) -> None:
    config = demo_client.get("/v1/config").json()
    assert config["identity_mode"] == "demo" and config["staff_enabled"] is True
    assert [s["store_id"] for s in config["stores"]] == ["s1", "s2"]
    assert "staff-test-key" not in demo_client.get("/v1/config").text


def test_demo_helpers_exist_only_in_demo_mode(client: TestClient, demo_client: TestClient) -> None:
    assert client.get("/v1/demo/patients").status_code == 404
    assert client.get("/v1/demo/outbox").status_code == 404
    patients = demo_client.get("/v1/demo/patients").json()["patients"]
    assert {"user_id": "u002", "name_en": "David Cohen", "name_he": "דוד כהן"} in patients
    cid, headers = open_conversation(demo_client, identity_mode="otp", language="en")
    say(demo_client, cid, headers, "I want to sign in. My details: noa.cohen@example.com")
    messages = demo_client.get("/v1/demo/outbox?limit=5").json()["messages"]
    assert messages and messages[0]["destination"] == "noa.cohen@example.com"
    assert any(ch.isdigit() for ch in messages[0]["body"])
    assert demo_client.get("/v1/demo/outbox?limit=500").status_code == 422


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    expected = {
        ("post", "/v1/conversations"),
        ("post", "/v1/conversations/{conversation_id}/messages"),
        ("get", "/v1/conversations/{conversation_id}"),
        ("post", "/v1/confirmations/{confirmation_id}/approve"),
        ("post", "/v1/confirmations/{confirmation_id}/deny"),
        ("get", "/v1/tools"),
        ("post", "/v1/tools/{name}/invoke"),
        ("get", "/v1/audit"),
        ("get", "/metrics"),
        ("get", "/healthz"),
        ("get", "/readyz"),
    }
    assert expected <= {(method, path) for path, ops in paths.items() for method in ops}
    stream = paths["/v1/conversations/{conversation_id}/messages"]["post"]["responses"]["200"]["content"]
    assert "text/event-stream" in stream
    docs = client.get("/docs")
    assert docs.status_code == 200 and "https:" not in docs.headers["content-security-policy"]


def test_mcp_is_mounted_behind_the_staff_key(client: TestClient) -> None:
    refused = client.post("/mcp/", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert refused.status_code == 401
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    headers = {**STAFF, "Accept": "application/json, text/event-stream"}
    response = client.post("/mcp/", json=init, headers=headers)
    assert response.status_code == 200, response.text
    assert "pharmai" in response.text
