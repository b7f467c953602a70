"""schemathesis against the app's own OpenAPI schema: no 5xx, and every answer inside the schema.

Each documented operation gets property-based requests generated from the schema (valid and invalid
bodies, paths and queries), sent to the app in process with the staff key, and every response is checked
against the schema: status code documented, content type, headers and body shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi import checks as openapi_checks

from pharmai.api import create_app
from pharmai.db import Database
from tests.api.conftest import STAFF, make_settings

_CHECKS = [
    schemathesis.checks.not_a_server_error,
    openapi_checks.status_code_conformance,
    openapi_checks.content_type_conformance,
    openapi_checks.response_schema_conformance,
    openapi_checks.response_headers_conformance,
]

OPERATIONS = [
    ("POST", "/v1/conversations"),
    ("POST", "/v1/conversations/{conversation_id}/messages"),
    ("GET", "/v1/conversations/{conversation_id}"),
    ("POST", "/v1/confirmations/{confirmation_id}/approve"),
    ("POST", "/v1/confirmations/{confirmation_id}/deny"),
    ("GET", "/v1/tools"),
    ("POST", "/v1/tools/{name}/invoke"),
    ("GET", "/v1/audit"),
    ("POST", "/staff/session"),
    ("DELETE", "/staff/session"),
    ("GET", "/staff/session/me"),
    ("GET", "/v1/config"),
    ("GET", "/v1/demo/patients"),
    ("GET", "/v1/demo/outbox"),
    ("GET", "/metrics"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/v1/staff/queue"),
    ("GET", "/v1/staff/tickets/{ticket}"),
    ("POST", "/v1/staff/tickets/{ticket}/claim"),
    ("GET", "/v1/staff/tickets/{ticket}/conversation"),
    ("POST", "/v1/staff/tickets/{ticket}/reply"),
    ("POST", "/v1/staff/tickets/{ticket}/hand-back"),
    ("POST", "/v1/staff/tickets/{ticket}/resolve"),
    ("GET", "/staff/calendar.ics"),
    ("POST", "/v1/staff/assistant/conversations"),
    ("POST", "/v1/staff/assistant/conversations/{conversation_id}/messages"),
    ("GET", "/v1/staff/assistant/conversations/{conversation_id}"),
    ("POST", "/v1/staff/assistant/confirmations/{confirmation_id}/approve"),
    ("POST", "/v1/staff/assistant/confirmations/{confirmation_id}/deny"),
]
#: Live streams stay open for their ``wait`` seconds: documented, tested by tests/handoff, not fuzzed.
LIVE = [
    ("GET", "/v1/conversations/{conversation_id}/events"),
    ("GET", "/v1/staff/queue/events"),
    ("GET", "/v1/staff/tickets/{ticket}/events"),
]


@pytest.fixture
def api_schema(db: Database) -> Iterator[Any]:
    app = create_app(make_settings(db, identity_mode="demo"), db, audit="sync", http_rate_limit="off", mount_mcp=False)
    with TestClient(app):
        yield schemathesis.openapi.from_asgi("/openapi.json", app)


def test_every_operation_is_fuzzed(api_schema: Any) -> None:
    documented = {(r.ok().method.upper(), r.ok().path) for r in api_schema.get_all_operations()}
    assert documented == set(OPERATIONS) | set(LIVE)


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_operation_conforms_to_the_schema(api_schema: Any, method: str, path: str) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case: Any) -> None:
        case.call_and_validate(headers=STAFF, checks=_CHECKS)

    run()
