"""Traces of real turns: the span tree of a tool turn for every engine, with GenAI's attributes.

The loop, the executor and the database are the real ones; the LLM engines talk to the stub model server
over their official SDKs. Spans are collected by the SDK's in-memory exporter.
"""

from __future__ import annotations

from typing import Any

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from pharmai import tracing
from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline.engine import OfflineEngine
from pharmai.db import Database
from pharmai.tools._privacy import SurrogateRefs
from tests.agent.loop_support import GENEROUS, make_loop, of_type, reply, run, session
from tests.engines.stub_server import Call, Reply
from tests.engines.support import PROVIDERS, Provider
from tests.observability.support import by_name, children


def _attrs(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


_STOCK = Call("inventory_check", {"query": "advil", "store_id": "s1", "language": "en"}, "call_stock_1")


def _turn_span(finished: list[ReadableSpan]) -> ReadableSpan:
    (turn,) = by_name(finished, "invoke_agent")
    assert turn.name == "invoke_agent pharmai" and turn.parent is None
    return turn


def _assert_turn(turn: ReadableSpan, cid: str, engine: str) -> None:
    attributes = _attrs(turn)
    assert attributes["gen_ai.operation.name"] == "invoke_agent"
    assert attributes["gen_ai.agent.name"] == "pharmai"
    # The surrogate the audit rows and logs use, never the id (which resumes the conversation).
    assert attributes["gen_ai.conversation.id"] == SurrogateRefs(GENEROUS.audit_secret).conversation(cid)
    assert attributes["pharmai.engine"] == engine and attributes["pharmai.turn.outcome"] == "ok"
    assert attributes["pharmai.turn.kind"] == "message"


def _assert_tool(tool: ReadableSpan, name: str, outcome: str = "ok") -> None:
    assert tool.name == f"execute_tool {name}" and tool.kind == SpanKind.INTERNAL
    attributes = _attrs(tool)
    assert attributes["gen_ai.operation.name"] == "execute_tool" and attributes["gen_ai.tool.name"] == name
    assert attributes["gen_ai.tool.type"] == "function" and attributes["pharmai.tool.outcome"] == outcome


def _assert_db(finished: list[ReadableSpan], db: Database, parents: set[int]) -> None:
    found = by_name(finished, "db.transaction")
    assert found, "the turn's database work is traced"
    for span in found:
        attributes = _attrs(span)
        assert span.kind == SpanKind.CLIENT and attributes["db.system.name"] == db.dialect
        assert set(attributes) == {"db.system.name", "pharmai.db.write"}
        assert span.parent is not None and span.parent.span_id in parents


def test_an_offline_tool_turn_is_one_trace_of_turn_tool_and_database_spans(
    db: Database, spans: InMemorySpanExporter
) -> None:
    with make_loop(db, OfflineEngine(mentions_for(db))) as loop:
        cid = loop.open(session(), "en")
        spans.clear()  # opening is not a turn
        events = run(loop.turn(cid, "Is Advil in stock?"))
    assert "Advil" in reply(events) and of_type(events, "tool.result")
    finished = list(spans.get_finished_spans())
    turn = _turn_span(finished)
    _assert_turn(turn, cid, "offline")
    assert {s.context.trace_id for s in finished if s.context} == {turn.context.trace_id}
    tools = by_name(finished, "execute_tool")
    assert tools and all(t.parent is not None and t.parent.span_id == turn.context.span_id for t in tools)
    _assert_tool(by_name(tools, "execute_tool inventory_check")[0], "inventory_check")
    assert not by_name(finished, "chat ")  # the offline engine calls no model
    _assert_db(finished, db, {turn.context.span_id, *(t.context.span_id for t in tools if t.context)})
    # The tool's own reads run in the executor's handler thread, still under the tool's span.
    assert any(children(finished, t) for t in tools)


@pytest.mark.parametrize("name", PROVIDERS)
def test_an_llm_tool_turn_has_a_chat_span_per_request_with_genai_attributes(
    db: Database, spans: InMemorySpanExporter, name: str
) -> None:
    llm = Provider(name)
    planned = [
        Reply(calls=(_STOCK,), usage=(1200, 40)),
        Reply(text=("Advil is ", "out of stock here."), usage=(1300, 12)),
    ]
    with llm.serve(*planned) as (_stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        spans.clear()
        events = run(loop.turn(cid, "Do you have Advil?"))
    assert reply(events) == "Advil is out of stock here."
    finished = list(spans.get_finished_spans())
    turn = _turn_span(finished)
    _assert_turn(turn, cid, name)
    chats = by_name(finished, "chat ")
    assert [c.name for c in chats] == ["chat stub-model", "chat stub-model"]
    provider = "anthropic" if name == "anthropic" else "openai"
    expected = [(1200, 40, "tool_calls"), (1300, 12, "stop")]
    for chat, (tokens_in, tokens_out, finish) in zip(chats, expected, strict=True):
        assert chat.kind == SpanKind.CLIENT and chat.parent is not None
        assert chat.parent.span_id == turn.context.span_id
        attributes = _attrs(chat)
        assert attributes["gen_ai.operation.name"] == "chat" and attributes["gen_ai.request.model"] == "stub-model"
        assert attributes["gen_ai.provider.name"] == provider and attributes["gen_ai.system"] == provider
        assert attributes["gen_ai.usage.input_tokens"] == tokens_in
        assert attributes["gen_ai.usage.output_tokens"] == tokens_out
        assert attributes["gen_ai.usage.cache_read.input_tokens"] >= 0
        assert attributes["gen_ai.response.finish_reasons"] == (finish,)
        assert attributes["pharmai.model.retries"] == 0
    (tool,) = by_name(finished, "execute_tool")
    _assert_tool(tool, "inventory_check")
    assert tool.parent is not None and tool.parent.span_id == turn.context.span_id
    # In time order: the first request, then the tool it asked for, then the request with its output.
    times = [int(t or 0) for t in (chats[0].end_time, tool.start_time, tool.end_time, chats[1].start_time)]
    assert times[0] > 0 and times == sorted(times)
    _assert_db(finished, db, {turn.context.span_id, tool.context.span_id})


def test_a_model_that_stays_down_marks_its_spans_failed(db: Database, spans: InMemorySpanExporter) -> None:
    llm = Provider("chat")
    with llm.serve(*[Reply(status=503)] * 3) as (_stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        spans.clear()
        events = run(loop.turn(cid, "Do you have Advil?"))
    assert events[-1].type == "error"
    finished = list(spans.get_finished_spans())
    turn = _turn_span(finished)
    (chat,) = by_name(finished, "chat ")
    assert chat.status.status_code == StatusCode.ERROR and chat.status.description is None
    assert chat.attributes is not None and chat.attributes["error.type"] == "ModelUnavailable"
    assert chat.attributes["pharmai.model.retries"] == 2
    assert turn.status.status_code == StatusCode.ERROR and turn.attributes is not None
    assert turn.attributes["error.type"] == "MODEL_UNAVAILABLE" and turn.attributes["pharmai.turn.outcome"] == "error"
    assert not any(s.events for s in finished)  # no exception events: their text may quote the user


def test_a_refused_tool_call_says_its_outcome_and_code(db: Database, spans: InMemorySpanExporter) -> None:
    llm = Provider("anthropic")
    bad = Call("inventory_check", {"query": "advil", "store_id": "nowhere", "language": "en"})
    made_up = Call("delete_everything", {})
    with llm.serve(Reply(calls=(bad, made_up)), Reply(text="Sorry.")) as (_stub, engine), make_loop(db, engine) as loop:
        run(loop.turn(loop.open(session(), "en"), "Advil?"))
    finished = list(spans.get_finished_spans())
    tools = by_name(finished, "execute_tool")
    assert [t.name for t in tools] == ["execute_tool inventory_check", "execute_tool unknown"]
    for tool in tools:
        attributes = _attrs(tool)
        assert attributes["pharmai.tool.outcome"] in ("refused", "failed") and attributes["error.type"].isupper()
    assert "delete_everything" not in str([_attrs(t) for t in tools])


def test_off_there_are_no_spans_and_nothing_to_pay(db: Database) -> None:
    assert not tracing.enabled()
    with tracing.span("anything", {"a": 1}) as span:
        assert not span.is_recording()
    assert tracing.start_span("x") is None and tracing.current_trace_id() is None
    items = iter([1, 2])
    assert tracing.iterate("x", None, items) is items  # the generator itself: no wrapper at all
    # The environment decides: no endpoint, or the SDK disabled, leaves tracing off.
    assert tracing.configure({}) is False
    disabled = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9", "OTEL_SDK_DISABLED": "true"}
    assert tracing.configure(disabled) is False
    assert not tracing.enabled()


def test_an_endpoint_in_the_environment_turns_tracing_on() -> None:
    try:
        assert tracing.configure({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:9/v1/traces"}) is True
        assert tracing.enabled()
    finally:
        tracing.uninstall()
    assert not tracing.enabled()
