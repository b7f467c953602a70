"""No PHI in any span: names, emails, phones, one-time codes, message text, tool arguments and results.

Real turns that sign a demo patient in (docs/demo-world.md, u002) and read and refill their prescriptions,
through the offline engine and through an LLM engine whose tool calls carry the identifiers, with every
span collected; then nothing planted may appear in any span's name, attributes, events, status or resource.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline.engine import OfflineEngine
from pharmai.db import Database
from tests.agent.loop_support import make_loop, of_type, outbox_code, run, session
from tests.engines.stub_server import Call, Planned, Reply
from tests.engines.support import Provider
from tests.observability.support import span_text

#: u002 of the demo world, as a customer would type it, and what the tools answer about them.
PERSONAL = [
    "David Cohen",
    "דוד כהן",
    "david.cohen@example.com",
    "050-123-4567",
    "0501234567",
    "Moxypen",
    "Glucophage",
    "p001",
    "p002",
]
MESSAGES = [
    "Hi, I'm David Cohen and my phone is 050-123-4567",
    "What are my prescriptions?",
    "I want to refill my Glucophage",
]


def _planted_in(text: str, planted: list[str]) -> list[str]:
    found = []
    for value in [*PERSONAL, *MESSAGES, *planted]:
        if value and (value in text or json.dumps(value)[1:-1] in text):
            found.append(value)
    return found


def _texts(events: list[Any]) -> list[str]:
    found = [str(e.data.get("reply", "")) for e in of_type(events, "message.done")]
    found += [json.dumps(e.data["result"], ensure_ascii=False) for e in of_type(events, "tool.result")]
    return [t for t in found if len(t) > 20]


def test_an_offline_sign_in_and_refill_leaves_no_phi_in_spans(db: Database, spans: InMemorySpanExporter) -> None:
    with make_loop(db, OfflineEngine(mentions_for(db))) as loop:
        cid = loop.open(session(mode="otp"), "en")
        first = run(loop.turn(cid, MESSAGES[0]))
        code = outbox_code(db)
        planted = [cid, code, *_texts(first)]
        for message in (code, *MESSAGES[1:]):
            planted += _texts(run(loop.turn(cid, message)))
        assert loop.session(cid).patient_id == "u002", "the flow signed the patient in"
        pending = loop.pending_confirmation(cid)
        assert pending is not None, "the refill was proposed"
        planted += [str(pending["id"]), *_texts(run(loop.turn(cid, "yes")))]
    finished = list(spans.get_finished_spans())
    assert len([s for s in finished if s.name == "invoke_agent pharmai"]) == 5
    names = {s.name for s in finished}
    assert {"execute_tool verify_customer_identity", "execute_tool get_user_prescriptions"} <= names
    assert "execute_tool request_refill" in names
    assert _planted_in(span_text(finished), planted) == []


@pytest.mark.parametrize("name", ["openai", "anthropic"])
def test_an_llm_sign_in_with_identifiers_in_tool_arguments_leaves_no_phi_in_spans(
    db: Database, spans: InMemorySpanExporter, name: str
) -> None:
    llm = Provider(name)
    codes: list[str] = []

    def verify(_body: dict[str, Any]) -> Reply:
        codes.append(outbox_code(db))
        arguments = {"identifier": "0501234567", "code": codes[-1], "language": "en"}
        return Reply(calls=(Call("verify_customer_identity", arguments, "call_verify"),))

    request_code = {"identifier": "050-123-4567", "code": None, "language": "en"}
    planned: list[Planned] = [
        Reply(calls=(Call("verify_customer_identity", request_code),)),
        Reply(text="I sent a code to your phone, David Cohen."),
        verify,
        Reply(calls=(Call("get_user_prescriptions", {"language": "en"}),)),
        Reply(text="David Cohen, you have Moxypen and Glucophage (david.cohen@example.com, 050-123-4567)."),
    ]
    with llm.serve(*planned) as (_stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(mode="otp"), "en")
        planted = [cid, *_texts(run(loop.turn(cid, MESSAGES[0])))]
        second = run(loop.turn(cid, "my code is in the SMS"))
        planted += [*codes, *_texts(second)]
    results = [e.data["result"] for e in of_type(second, "tool.result")]
    assert results[0]["status"] == "verified" and results[1]["ok"] is True
    finished = list(spans.get_finished_spans())
    assert len([s for s in finished if s.name.startswith("chat ")]) == 5
    assert _planted_in(span_text(finished), planted) == []
