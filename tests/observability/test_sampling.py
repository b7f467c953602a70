"""Which traces are recorded: the standard sampler variables, pharmai's default, and sampled-out turns.

By default one trace in ten is recorded (parent-based, so a caller's sampled ``traceparent`` is always
honoured); ``OTEL_TRACES_SAMPLER`` / ``OTEL_TRACES_SAMPLER_ARG`` choose another. A turn whose trace was
sampled out records nothing at all, and its span sites stop before the SDK.
"""

from __future__ import annotations

import pytest
from opentelemetry.sdk.trace import sampling
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from pharmai import tracing
from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline.engine import OfflineEngine
from pharmai.db import Database
from tests.agent.loop_support import make_loop, reply, run, session
from tests.observability.support import by_name

_CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"


@pytest.mark.parametrize(
    ("environ", "description"),
    [
        ({}, "ParentBased{root:TraceIdRatioBased{0.1},"),
        ({"OTEL_TRACES_SAMPLER_ARG": "0.25"}, "ParentBased{root:TraceIdRatioBased{0.25},"),
        ({"OTEL_TRACES_SAMPLER": "parentbased_always_on"}, "ParentBased{root:AlwaysOnSampler,"),
        ({"OTEL_TRACES_SAMPLER": "ALWAYS_OFF"}, "AlwaysOffSampler"),
        # A ratio sampler named without its argument samples everything (the specification's default).
        ({"OTEL_TRACES_SAMPLER": "traceidratio"}, "TraceIdRatioBased{1.0}"),
        (
            {"OTEL_TRACES_SAMPLER": "parentbased_traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0.5"},
            "ParentBased{root:TraceIdRatioBased{0.5},",
        ),
        # Nonsense falls back to the default, with a warning.
        ({"OTEL_TRACES_SAMPLER": "sometimes"}, "ParentBased{root:TraceIdRatioBased{0.1},"),
        ({"OTEL_TRACES_SAMPLER_ARG": "lots"}, "ParentBased{root:TraceIdRatioBased{0.1},"),
        ({"OTEL_TRACES_SAMPLER_ARG": "2"}, "ParentBased{root:TraceIdRatioBased{0.1},"),
    ],
)
def test_the_standard_sampler_variables_choose_the_sampler(environ: dict[str, str], description: str) -> None:
    assert tracing.sampler_for(environ).get_description().startswith(description)


def test_by_default_one_trace_in_ten_is_recorded_whole() -> None:
    exporter = InMemorySpanExporter()
    tracing.install(exporter, sampler=tracing.sampler_for({}))
    try:
        for _ in range(2000):
            with tracing.span("POST", kind="server"), tracing.span("db.transaction", kind="client", only_child=True):
                pass
    finally:
        tracing.uninstall()
    finished = exporter.get_finished_spans()
    roots, children = by_name(finished, "POST"), by_name(finished, "db.transaction")
    assert 100 <= len(roots) <= 300  # 200 expected; the bounds are more than six standard deviations away
    # Never half a trace: a recorded request has its child, a dropped one left nothing behind.
    assert sorted(s.context.trace_id for s in roots if s.context) == sorted(
        s.context.trace_id for s in children if s.context
    )


def test_a_sampled_out_turn_records_nothing_and_still_answers(db: Database) -> None:
    exporter = InMemorySpanExporter()
    tracing.install(exporter, sampler=sampling.ParentBasedTraceIdRatio(0.0))
    try:
        with make_loop(db, OfflineEngine(mentions_for(db))) as loop:
            cid = loop.open(session(), "en")
            with tracing.span("POST", kind="server") as request:
                assert not request.is_recording() and not tracing.recording()
                # Under a dropped span every span site gives the no-op, whatever it was asked for.
                with tracing.span("x", {"a": 1}) as inner:
                    assert not inner.is_recording()
                assert tracing.start_span("y") is None
                events = run(loop.turn(cid, "Is Advil in stock?"))
    finally:
        tracing.uninstall()
    assert "Advil" in reply(events)
    assert exporter.get_finished_spans() == ()


def test_a_callers_sampled_traceparent_is_recorded_under_the_default_sampler(db: Database) -> None:
    exporter = InMemorySpanExporter()
    tracing.install(exporter, sampler=tracing.sampler_for({}))
    try:
        with make_loop(db, OfflineEngine(mentions_for(db))) as loop:
            cid = loop.open(session(), "en")
            for _ in range(3):
                parent = tracing.remote_parent(_CALLER_TRACE, "00f067aa0ba902b7", "01")
                with tracing.span("POST", kind="server", parent=parent):
                    assert tracing.recording()
                    # Zyrtec is in stock at the session's branch: one tool call a turn (an out-of-stock answer
                    # also checks the other branch).
                    run(loop.turn(cid, "Is Zyrtec in stock?"))
            # A caller that says "not sampled" is honoured too.
            parent = tracing.remote_parent(_CALLER_TRACE, "00f067aa0ba902b7", "00")
            with tracing.span("POST unsampled", kind="server", parent=parent):
                run(loop.turn(cid, "Is Zyrtec in stock?"))
    finally:
        tracing.uninstall()
    finished = exporter.get_finished_spans()
    assert {s.context.trace_id for s in finished if s.context} == {int(_CALLER_TRACE, 16)}
    assert len(by_name(finished, "invoke_agent")) == 3 and len(by_name(finished, "execute_tool")) == 3
    assert by_name(finished, "db.transaction") and not by_name(finished, "POST unsampled")
