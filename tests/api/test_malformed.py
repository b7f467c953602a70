"""Malformed requests are the client's error: 413 for oversized bodies, 422 ``VALIDATION_ERROR`` for bodies
that are not sane JSON — never ``INTERNAL``, never the input echoed, nothing stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import AuditLog, Conversation, Message
from tests.api.conftest import STAFF, open_conversation, response_json

JSON = {"Content-Type": "application/json"}


def _count(db: Database, model: type) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def _endpoints(cid: str, headers: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """Every route that takes a body, with the headers it needs."""
    return [
        (f"/v1/conversations/{cid}/messages", headers),
        ("/v1/conversations", {}),
        ("/v1/tools/inventory_check/invoke", STAFF),
    ]


def _chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    # A generator body goes out with Transfer-Encoding: chunked and no Content-Length.
    yield b'{"content": "'
    for _ in range(total // size):
        yield b"a" * size
    yield b'"}'


def test_a_streamed_body_over_the_limit_is_413(client: TestClient, db: Database) -> None:
    cid, headers = open_conversation(client, language="en")
    before = _count(db, Message), _count(db, Conversation)
    for path, extra in _endpoints(cid, headers):
        response = client.post(path, content=_chunks(1_200_000), headers={**extra, **JSON})
        assert response.status_code == 413, (path, response.text[:200])
        error = response_json(response)["error"]
        assert error["code"] == "PAYLOAD_TOO_LARGE" and error["details"] == {"limit": 65536}
    assert (_count(db, Message), _count(db, Conversation)) == before


_NUMBER = "1" * 5000
_BODIES = {
    "deeply nested": b"[" * 5000 + b"]" * 5000,
    "nested past the limit": b'{"content": ' + b"[" * 33 + b"]" * 33 + b"}",
    "invalid UTF-8": b'{"content": "\xff\xfe is advil in stock?"}',
    "UTF-16": '{"content": "is advil in stock?"}'.encode("utf-16"),
    "5,000-digit number": b'{"content": ' + _NUMBER.encode() + b"}",
    "101-character number": b'{"content": ' + b"1" * 101 + b"}",
    "long float": b'{"content": 0.' + b"5" * 100 + b"}",
    "NaN": b'{"content": NaN}',
    "truncated": b'{"content": "is advil',
}
_KINDS = {
    "deeply nested": "json_too_deep",
    "nested past the limit": "json_too_deep",
    "invalid UTF-8": "json_invalid_utf8",
    "UTF-16": "json_invalid_utf8",
    "5,000-digit number": "json_number_too_long",
    "101-character number": "json_number_too_long",
    "long float": "json_number_too_long",
    "NaN": "json_invalid",
    "truncated": "json_invalid",
}


@pytest.mark.parametrize("name", list(_BODIES))
def test_malformed_json_is_422_validation_error(client: TestClient, db: Database, name: str) -> None:
    cid, headers = open_conversation(client, language="en")
    before = _count(db, Message), _count(db, Conversation), _count(db, AuditLog)
    body = _BODIES[name]
    for path, extra in _endpoints(cid, headers):
        response = client.post(path, content=body, headers={**extra, **JSON})
        assert response.status_code == 422, (path, response.status_code, response.text[:200])
        error = response_json(response)["error"]
        assert error["code"] == "VALIDATION_ERROR"
        assert error["details"]["fields"][0] == {"field": "body", "type": _KINDS[name], **_limit(_KINDS[name])}
        assert "advil" not in response.text and _NUMBER[:200] not in response.text  # the input is not echoed
    assert (_count(db, Message), _count(db, Conversation), _count(db, AuditLog)) == before


def _limit(kind: str) -> dict[str, int]:
    return {"json_too_deep": {"limit": 32}, "json_number_too_long": {"limit": 100}}.get(kind, {})


def test_the_limits_leave_room_for_real_bodies(client: TestClient) -> None:
    """32 levels and 100-character numbers pass the parser and reach the usual validation."""
    nested = b'{"arguments": {"query": "advil", "x": ' + b"[" * 30 + b"]" * 30 + b"}}"
    invoked = client.post("/v1/tools/inventory_check/invoke", content=nested, headers={**STAFF, **JSON})
    assert invoked.status_code == 200 and invoked.json()["error"]["code"] == "VALIDATION_ERROR"
    number = client.post("/v1/conversations", content=b'{"language": ' + b"1" * 100 + b"}", headers=JSON)
    assert number.status_code == 422
    assert number.json()["error"]["details"]["fields"][0]["field"] == "language"


def test_refusals_speak_the_callers_language(client: TestClient) -> None:
    deep = b"[" * 5000 + b"]" * 5000
    response = client.post("/v1/conversations", content=deep, headers={**JSON, "Accept-Language": "he"})
    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert any("\u0590" <= ch <= "\u05ff" for ch in message)
