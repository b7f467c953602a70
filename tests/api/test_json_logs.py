"""Structured logs (``PHARMAI_LOG_FORMAT=json``): one JSON object per line, the request's ids, and no PHI.

Conversations of the demo world (docs/demo-world.md) plant names, emails, phones, one-time codes and
message text, in English and Hebrew, through the real HTTP API; then every line of the log must be JSON
with its fields and hold none of them. Once in this process (the app under ``TestClient``, its log lines
captured with the JSON formatter) and once as ``pharmai serve`` runs it (uvicorn, its access lines, the
log configuration of the setting).
"""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from pharmai.api import uvicorn_log_config
from pharmai.api._logging import JsonFormatter
from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import Settings
from pharmai.tools._privacy import SurrogateRefs
from tests._serve import serving
from tests.api.conftest import AppFactory, open_conversation, parse_sse, say
from tests.conftest import TODAY

_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
_TRACEPARENT = f"00-{_TRACE}-00f067aa0ba902b7-01"

#: What the conversations below say or get told that is about a person (docs/demo-world.md, u002 and u001).
_PERSONAL = [
    "David Cohen",
    "דוד כהן",
    "david.cohen@example.com",
    "DAVID.COHEN@EXAMPLE.COM",
    "050-123-4567",
    "0501234567",
    "Noa Cohen",
    "נועה כהן",
    "noa.cohen@example.com",
    "052-000-0001",
]
_MESSAGES = {
    "en": [
        "I want to sign in. My details: david.cohen@example.com",
        "Hi, I'm David Cohen and my phone is 050-123-4567",
        "I want to refill my Glucophage",
        "What are my prescriptions?",
    ],
    "he": [
        "שלום, אני נועה כהן, אני רוצה להזדהות. המייל שלי noa.cohen@example.com",
        "הטלפון שלי 052-000-0001",
        "יש אדוויל במלאי?",
    ],
}


def _conversations(post: Any, outbox_code: Any) -> list[str]:
    """Run the planted conversations with ``post(path, body, headers)``; returns what they planted besides."""
    planted: list[str] = []
    # English: sign in by email with a one-time code, propose a refill and approve it.
    response = post("/v1/conversations", {"language": "en"}, {})
    cid, token = response.json()["conversation_id"], response.json()["token"]
    headers = {"Authorization": f"Bearer {token}", "X-Request-ID": "req-en-0001", "traceparent": _TRACEPARENT}
    planted += [cid, token]
    post(f"/v1/conversations/{cid}/messages", {"content": _MESSAGES["en"][0]}, headers)
    code = outbox_code("david.cohen@example.com")
    assert code
    planted.append(code)
    for content in (code, *_MESSAGES["en"][1:]):
        events = parse_sse(post(f"/v1/conversations/{cid}/messages", {"content": content}, headers).text)
        planted += [data["reply"] for name, data in events if name == "message.done" and len(data["reply"]) > 20]
        confirmation = next((data for name, data in events if name == "confirmation.required"), None)
        if confirmation is not None:
            approved = post(f"/v1/confirmations/{confirmation['id']}/approve", None, headers)
            assert parse_sse(approved.text)[-1][0] == "message.done"
            planted.append(confirmation["id"])
    # Hebrew: another patient signs in by email; a wrong code and then the right one.
    response = post("/v1/conversations", {"language": "he"}, {})
    cid, token = response.json()["conversation_id"], response.json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    planted += [cid, token]
    post(f"/v1/conversations/{cid}/messages", {"content": _MESSAGES["he"][0]}, headers)
    code = outbox_code("noa.cohen@example.com")
    assert code
    wrong = f"{(int(code) + 1) % 10 ** len(code):0{len(code)}d}"
    planted += [code, wrong]
    for content in (wrong, code, *_MESSAGES["he"][1:]):
        post(f"/v1/conversations/{cid}/messages", {"content": content}, headers)
    return planted


def _lines(text: str) -> list[dict[str, Any]]:
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            pytest.fail(f"a log line is not JSON: {line[:300]}")
        assert isinstance(entry, dict)
        assert {"ts", "level", "logger", "message"} <= set(entry), entry
        entries.append(entry)
    return entries


def _assert_no_phi(text: str, planted: list[str]) -> None:
    for value in [*_PERSONAL, *_MESSAGES["en"], *_MESSAGES["he"], *planted]:
        assert value not in text, f"the log holds {value!r}"
        # JSON escapes non-ASCII only when asked to; check the escaped form as well.
        assert json.dumps(value)[1:-1] not in text, f"the log holds {value!r} (escaped)"


# --- in this process --------------------------------------------------------------------------------------


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """pharmai's log lines as the JSON format writes them, at INFO (what ``pharmai serve`` sets up)."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("pharmai")
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def test_a_conversation_logs_json_lines_with_ids_and_no_phi(
    make_client: AppFactory, db: Database, json_log: io.StringIO
) -> None:
    client = make_client(log_format="json", audit_secret="log-test-secret")

    def post(path: str, body: Any, headers: dict[str, str]) -> Any:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code in (200, 201), response.text
        return response

    def outbox_code(destination: str) -> str | None:
        with db.session() as session:
            return latest_outbox_code(session, destination)

    planted = _conversations(post, outbox_code)
    entries = _lines(json_log.getvalue())
    _assert_no_phi(json_log.getvalue(), planted)

    tools = [e for e in entries if e["logger"] == "pharmai.tools.audit"]
    assert {e["tool"] for e in tools} >= {"verify_customer_identity", "request_refill"}
    for entry in tools:
        assert entry["level"] == "info" and entry["outcome"] in ("ok", "refused", "failed")
        assert isinstance(entry["duration_ms"], int | float) and entry["duration_ms"] >= 0
        assert entry["request_id"] and len(entry["conversation"]) == 32
    # The caller's request id and trace id reach the lines written in the turn's and the tools' threads.
    english = [e for e in tools if e["request_id"] == "req-en-0001"]
    assert english and all(e["trace_id"] == _TRACE for e in english)
    assert {"request_refill", "verify_customer_identity"} <= {e["tool"] for e in english}
    refused = [e for e in tools if e["outcome"] != "ok"]
    assert any(e.get("code") == "AUTH_FAILED" for e in refused)  # the wrong code: its code, never its digits
    # The conversation's surrogate is the audit secret's HMAC of its id, never the id.
    english_cid = planted[0]
    assert {e["conversation"] for e in english} == {SurrogateRefs("log-test-secret").conversation(english_cid)}
    assert len({e["conversation"] for e in tools}) == 2
    assert all("trace_id" not in e for e in tools if e["request_id"] != "req-en-0001")


@pytest.mark.parametrize(
    ("sent", "echoed"),
    [
        ("req-1234_abc.DEF:9", "req-1234_abc.DEF:9"),
        ("x" * 64, "x" * 64),
        ("x" * 65, None),
        ("has space", None),
        ("<script>", None),
        ("נועה", None),
        (None, None),
    ],
)
def test_every_answer_carries_a_request_id(client: TestClient, sent: str | None, echoed: str | None) -> None:
    headers = {b"X-Request-ID": sent.encode()} if sent is not None else {}
    for response in (client.get("/healthz", headers=headers), client.get("/v1/audit", headers=headers)):
        request_id = response.headers["X-Request-ID"]
        if echoed is not None:
            assert request_id == echoed
        else:
            assert len(request_id) == 32 and int(request_id, 16) >= 0  # a new one, never the bad one
    assert client.get("/healthz").headers["X-Request-ID"] != client.get("/healthz").headers["X-Request-ID"]


@pytest.mark.parametrize(
    ("traceparent", "logged"),
    [
        (_TRACEPARENT, _TRACE),
        (f"01-{_TRACE}-00f067aa0ba902b7-01-future", _TRACE),
        (f"00-{_TRACE}-00f067aa0ba902b7-01-extra", None),
        (f"ff-{_TRACE}-00f067aa0ba902b7-01", None),
        (f"00-{'0' * 32}-00f067aa0ba902b7-01", None),
        (f"00-{_TRACE.upper()}-00f067aa0ba902b7-01", None),
        ("not a traceparent", None),
    ],
)
def test_the_trace_id_comes_from_a_well_formed_traceparent(
    client: TestClient, json_log: io.StringIO, traceparent: str, logged: str | None
) -> None:
    cid, headers = open_conversation(client, language="en")
    say(client, cid, {**headers, "traceparent": traceparent}, "Is Advil in stock?")
    tools = [e for e in _lines(json_log.getvalue()) if e["logger"] == "pharmai.tools.audit"]
    assert tools and all(e.get("trace_id") == logged for e in tools)


def test_log_format_is_text_unless_json_is_chosen() -> None:
    assert Settings().log_format == "text"
    assert Settings(log_format=" JSON ").log_format == "json"
    with pytest.raises(ValueError):
        Settings(log_format="xml")
    text, as_json = uvicorn_log_config("text"), uvicorn_log_config("json", "debug")
    assert "pharmai" not in text["loggers"] and "JsonFormatter" not in json.dumps(text)
    assert as_json["loggers"]["pharmai"]["level"] == "DEBUG"
    assert as_json["formatters"]["access"]["()"].endswith("JsonAccessFormatter")
    for config in (text, as_json):
        assert "drop_query_strings" in config["loggers"]["uvicorn.access"]["filters"]


# --- as `pharmai serve` runs it ---------------------------------------------------------------------------


@dataclass
class _Served:
    url: str
    log: Path
    db_url: str


@pytest.fixture(scope="module")
def served_json(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Served]:
    workdir = tmp_path_factory.mktemp("served-json")
    db_url = f"sqlite:///{workdir / 'pharmai.db'}"
    settings = {
        "PHARMAI_DATABASE_URL": db_url,
        "PHARMAI_TODAY": TODAY.isoformat(),
        "PHARMAI_LOG_FORMAT": "json",
        "PHARMAI_AUDIT_SECRET": "served-json-audit-secret",
    }
    with serving(workdir, settings) as (url, log):
        yield _Served(url, log, db_url)


def test_the_served_log_is_json_lines_without_phi(served_json: _Served) -> None:
    database = Database(served_json.db_url)

    def outbox_code(destination: str) -> str | None:
        with database.session() as session:
            return latest_outbox_code(session, destination)

    with httpx.Client(base_url=served_json.url, timeout=30) as http:

        def post(path: str, body: Any, headers: dict[str, str]) -> httpx.Response:
            response = http.post(path, json=body, headers=headers)
            assert response.status_code in (200, 201), response.text
            return response

        planted = _conversations(post, outbox_code)
        # A query string (a secret pasted there, or an email) and an unknown path are never logged.
        assert http.get("/v1/audit?email=david.cohen@example.com").status_code == 404  # no staff key set
        assert http.get("/david.cohen@example.com/050-123-4567").status_code == 404
    database.dispose()

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and '"status": 404' not in served_json.log.read_text(encoding="utf-8"):
        time.sleep(0.1)
    text = served_json.log.read_text(encoding="utf-8")
    entries = _lines(text)
    _assert_no_phi(text, planted)
    assert any(e["logger"] == "pharmai.cli.serve" and "pharmai serving" in e["message"] for e in entries)
    access = [e for e in entries if e["logger"] == "uvicorn.access"]
    turns = [e for e in access if e.get("route") == "/v1/conversations/{conversation_id}/messages"]
    assert turns and all(e["status"] == 200 and e["method"] == "POST" and e["request_id"] for e in turns)
    assert all(len(e["conversation"]) == 32 for e in turns)
    assert sum(e["request_id"] == "req-en-0001" for e in turns) >= 4
    assert any(e["route"] == "unmatched" and e["status"] == 404 for e in access)
    tools = [e for e in entries if e["logger"] == "pharmai.tools.audit"]
    assert tools and all({"request_id", "tool", "outcome", "duration_ms", "conversation"} <= set(e) for e in tools)
    # One request, one id: the access line and the tool lines of a turn share it, and the surrogate.
    surrogate = SurrogateRefs("served-json-audit-secret").conversation(planted[0])
    assert {e["conversation"] for e in turns if e["request_id"] == "req-en-0001"} == {surrogate}
    by_request = {e["request_id"]: e["conversation"] for e in turns}
    matched = [e for e in tools if e["request_id"] in by_request]
    assert matched and all(e["conversation"] == by_request[e["request_id"]] for e in matched)
