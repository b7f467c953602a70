"""``pharmai serve`` with ``OTEL_EXPORTER_OTLP_ENDPOINT`` set: its spans reach an OTLP/HTTP receiver.

A real server process, a collector's trace endpoint on loopback (protobuf decoded with
``opentelemetry-proto``), JSON logs on. A caller's W3C ``traceparent`` makes the request's server span a
child of the caller's span, and the turn, model, tool and database spans follow it into the worker
thread; the log lines of the request carry the same trace id, with or without a caller's traceparent. The
conversations of the JSON-log test plant names, emails, phones, codes and message text: none of it is in
any byte the receiver got.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code
from tests._serve import serving
from tests.api.test_json_logs import _MESSAGES, _PERSONAL, _TRACE, _conversations, _lines
from tests.conftest import TODAY
from tests.observability.support import OtlpReceiver, ReceivedSpan, otlp_receiver

_SERVER, _CLIENT = 2, 3  # OTLP's span kinds
_TURN_ROUTE = "/v1/conversations/{conversation_id}/messages"


def _wait_for(receiver: OtlpReceiver, trace_id: str, name: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with receiver.lock:
            if any(s.trace_id == trace_id and s.name == name for s in receiver.spans):
                return
        time.sleep(0.1)
    raise AssertionError(f"no {name!r} span of trace {trace_id} arrived")


def _run(url: str, db_url: str) -> tuple[list[str], str]:
    database = Database(db_url)

    def outbox_code(destination: str) -> str | None:
        with database.session() as session:
            return latest_outbox_code(session, destination)

    with httpx.Client(base_url=url, timeout=60) as http:

        def post(path: str, body: Any, headers: dict[str, str]) -> httpx.Response:
            response = http.post(path, json=body, headers=headers)
            assert response.status_code in (200, 201), response.text
            return response

        planted = _conversations(post, outbox_code)
        # A turn without a traceparent starts a trace of its own.
        opened = post("/v1/conversations", {"language": "en"}, {}).json()
        headers = {"Authorization": f"Bearer {opened['token']}", "X-Request-ID": "req-untraced-1"}
        post(f"/v1/conversations/{opened['conversation_id']}/messages", {"content": "Is Advil in stock?"}, headers)
        planted += [opened["conversation_id"], opened["token"]]
    database.dispose()
    return planted, opened["conversation_id"]


def test_served_turns_export_their_spans_over_otlp_http_under_the_callers_trace(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'pharmai.db'}"
    with otlp_receiver() as receiver:
        settings = {
            "PHARMAI_DATABASE_URL": db_url,
            "PHARMAI_TODAY": TODAY.isoformat(),
            "PHARMAI_LOG_FORMAT": "json",
            "PHARMAI_AUDIT_SECRET": "served-traces-audit-secret",
            "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint,
            "OTEL_SERVICE_NAME": "pharmai-served",
            "OTEL_BSP_SCHEDULE_DELAY": "100",
            # pharmai's default sampler (parent-based trace-id ratio) at a ratio of one: the untraced
            # request's trace is recorded too (the default ratio, one in ten, is in test_sampling.py).
            "OTEL_TRACES_SAMPLER_ARG": "1",
        }
        with serving(tmp_path, settings) as (url, log):
            planted, _cid = _run(url, db_url)
            _wait_for(receiver, _TRACE, "invoke_agent pharmai")
        # Stopping the server flushes what was still queued.
        with receiver.lock:
            received = list(receiver.spans)
            bodies = b"".join(receiver.bodies)
            paths = set(receiver.paths)

    assert paths == {"/v1/traces"}
    assert {s.service for s in received} == {"pharmai-served"}
    caller = [s for s in received if s.trace_id == _TRACE]
    servers = [s for s in caller if s.kind == _SERVER]
    turn_servers = [s for s in servers if s.name == f"POST {_TURN_ROUTE}"]
    # The English conversation's four message requests and its approval carried the caller's traceparent.
    assert len(turn_servers) >= 4 and all(s.parent_id == "00f067aa0ba902b7" for s in servers)
    assert all(s.attributes["http.route"] == _TURN_ROUTE for s in turn_servers)
    assert all(s.attributes["http.response.status_code"] == 200 for s in turn_servers)
    server_ids = {s.span_id for s in servers}
    turns = [s for s in caller if s.name == "invoke_agent pharmai"]
    # Each turn ran in a worker thread, and still is a child of its request's span.
    assert len(turns) >= 5 and all(t.parent_id in server_ids for t in turns)
    assert all(t.attributes["gen_ai.conversation.id"] != planted[0] for t in turns)
    turn_ids = {t.span_id for t in turns}
    tools = [s for s in caller if s.name.startswith("execute_tool ")]
    assert {"execute_tool verify_customer_identity", "execute_tool request_refill"} <= {t.name for t in tools}
    assert all(t.parent_id in turn_ids for t in tools)
    transactions = [s for s in caller if s.name == "db.transaction"]
    assert transactions and all(s.kind == _CLIENT for s in transactions)
    assert all(s.attributes["db.system.name"] == "sqlite" for s in transactions)

    # The JSON log's trace id is the span's: the caller's trace, and a new one for the untraced request.
    entries = _lines(log.read_text(encoding="utf-8"))
    traced = [e for e in entries if e.get("request_id") == "req-en-0001"]
    assert traced and {e.get("trace_id") for e in traced} == {_TRACE}
    untraced = [e for e in entries if e.get("request_id") == "req-untraced-1"]
    (own,) = {e.get("trace_id") for e in untraced}
    assert own and own != _TRACE
    own_spans = [s for s in received if s.trace_id == own]
    assert {"POST " + _TURN_ROUTE, "invoke_agent pharmai", "execute_tool inventory_check"} <= {
        s.name for s in own_spans
    }

    _assert_nothing_planted(bodies, received, planted)


def _assert_nothing_planted(bodies: bytes, received: list[ReceivedSpan], planted: list[str]) -> None:
    everything = json.dumps([s.__dict__ for s in received], ensure_ascii=False)
    for value in [*_PERSONAL, *_MESSAGES["en"], *_MESSAGES["he"], *planted]:
        assert value.encode() not in bodies, f"an OTLP export holds {value!r}"
        assert value not in everything, f"a span holds {value!r}"
