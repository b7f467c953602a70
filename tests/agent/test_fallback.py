"""Graceful degradation: with ``PHARMAI_FALLBACK_ENGINE=offline`` a provider that is down still gets the
customer an answer from the database (offline engine, same tools, guard and confirmations) after a notice in
their language; the provider's circuit breaker stops calling it for a while after repeated failures."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pharmai.agent.engines import build_engine, mentions_for
from pharmai.agent.engines.offline import OfflineEngine
from pharmai.agent.fallback import FALLBACK_NOTICE, FALLBACK_STATE_KEY, ResilientEngine, breaker_from
from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.settings import Settings
from tests.agent.loop_support import GENEROUS, clock, counts, final, make_loop, of_type, reply, run, session
from tests.engines.stub_server import Call, Reply, StubServer, closed_port_url
from tests.engines.support import PROVIDERS, Provider

UNAVAILABLE = {"en": "cannot reach its language model", "he": "מודל השפה"}


@pytest.fixture(params=PROVIDERS)
def llm(request: pytest.FixtureRequest) -> Provider:
    return Provider(request.param)


def _resilient(
    db: Database, primary: Any, *, fallback: bool = True, failures: int = 3, reset: float = 30, now: FixedClock
) -> ResilientEngine:
    settings = Settings(model_breaker_failures=failures, model_breaker_reset_seconds=reset)
    return ResilientEngine(
        primary,
        breaker=breaker_from(settings, primary.name, now),
        fallback=OfflineEngine(mentions=mentions_for(db)) if fallback else None,
        provider=primary.name,
    )


@contextmanager
def _down(db: Database, llm: Provider, **options: Any) -> Iterator[tuple[StubServer, Any, FixedClock]]:
    """A provider answering 503 to everything, an engine over it behind the breaker, and its clock."""
    now = clock()
    with StubServer(llm.dialect, [Reply(status=503)] * 50) as stub:
        yield stub, _resilient(db, llm.engine(stub.base_url, max_retries=1), now=now, **options), now


@pytest.mark.parametrize(
    ("language", "message", "name"), [("en", "Do you have Zyrtec?", "Zyrtec"), ("he", "יש לכם זירטק?", "זירטק")]
)
def test_a_stock_question_is_answered_from_the_database_after_the_notice(
    db: Database, llm: Provider, language: str, message: str, name: str
) -> None:
    with _down(db, llm) as (stub, engine, _), make_loop(db, engine) as loop:
        cid = loop.open(session(), language)
        events = run(loop.turn(cid, message))
        state = loop.store.get(cid).state
    text = reply(events)
    assert final(events).type == "message.done"
    assert text.startswith(FALLBACK_NOTICE[language]) and text.count(FALLBACK_NOTICE[language]) == 1
    assert name in text and UNAVAILABLE[language] not in text
    stock = [e.data for e in of_type(events, "tool.result") if e.data["name"] == "inventory_check"]
    assert stock and stock[0]["result"]["ok"] is True
    assert len(stub.requests) == 2, "the model was tried (with its retry) before the fallback answered"
    # The LLM engine's usage and the offline engine's dialogue state live side by side.
    assert "usage" in state and isinstance(state[FALLBACK_STATE_KEY], dict)


@pytest.mark.parametrize(
    ("language", "message"), [("en", "please refill my Glucophage"), ("he", "תחדש לי את הגלוקופאז'")]
)
def test_a_refill_in_fallback_still_needs_a_confirmation(
    db: Database, llm: Provider, language: str, message: str
) -> None:
    before = counts(db)
    with _down(db, llm) as (_, engine, _), make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), language)
        events = run(loop.turn(cid, message))
        pending = loop.pending_confirmation(cid)
    asked = of_type(events, "confirmation.required")
    assert len(asked) == 1 and asked[0].data["tool"] == "request_refill"
    assert pending is not None and pending["id"] == asked[0].data["id"]
    assert reply(events).startswith(FALLBACK_NOTICE[language])
    assert counts(db)["refill_requests"] == before["refill_requests"], "nothing is written before the yes"


@pytest.mark.parametrize(
    ("language", "message", "warning"),
    [
        ("en", "I take Coumadin, may I also take aspirin?", "cannot be taken together"),
        ("he", "אני על קומדין, מותר לי גם אדוויל?", "לא ניתן ליטול"),
    ],
)
def test_an_avoid_pair_in_fallback_still_carries_the_warning(
    db: Database, llm: Provider, language: str, message: str, warning: str
) -> None:
    with _down(db, llm) as (_, engine, _), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), language), message))
    checks = [e.data for e in of_type(events, "tool.result") if e.data["name"] == "interaction_check"]
    assert checks and checks[0]["result"]["interaction_level"] == "avoid"
    assert reply(events).startswith(FALLBACK_NOTICE[language]) and warning in reply(events)


@pytest.mark.parametrize("language", ["en", "he"])
def test_without_a_fallback_the_reply_is_the_unavailable_message(db: Database, llm: Provider, language: str) -> None:
    with _down(db, llm, fallback=False) as (_, engine, _), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), language), "Zyrtec?" if language == "en" else "זירטק?"))
    last = final(events)
    assert last.type == "error" and last.data["code"] == "MODEL_UNAVAILABLE"
    assert UNAVAILABLE[language] in last.data["message"] and FALLBACK_NOTICE[language] not in last.data["message"]


def test_a_provider_refusing_connections_falls_back_too(db: Database, llm: Provider) -> None:
    engine = _resilient(db, llm.engine(closed_port_url(llm.dialect), max_retries=0), now=clock())
    with make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "he"), "יש לכם זירטק?"))
    assert reply(events).startswith(FALLBACK_NOTICE["he"]) and "זירטק" in reply(events)


def test_a_reply_cut_mid_stream_is_replaced_not_glued_to_the_fallback(db: Database, llm: Provider) -> None:
    words = ("Zyrtec ", "is ", "in ", "stock ", "at ", "Dizengoff ", "today.") * 20
    now = clock()
    with StubServer(llm.dialect, [Reply(text=words, cut_after=1500)]) as stub:
        engine = _resilient(db, llm.engine(stub.base_url, max_retries=0), now=now)
        with make_loop(db, engine) as loop:
            events = run(loop.turn(loop.open(session(), "en"), "Zyrtec?"))
    streamed = "".join(e.data["text"] for e in of_type(events, "message.delta"))
    assert streamed.startswith("Zyrtec "), "the model's half reply was streamed before the cut"
    assert reply(events).startswith(FALLBACK_NOTICE["en"]), "the reply drops the half reply"
    assert len(stub.requests) == 1


@pytest.mark.parametrize("fallback", [True, False])
def test_the_breaker_stops_calling_a_failing_provider_then_a_probe_closes_it(
    db: Database, llm: Provider, fallback: bool
) -> None:
    with _down(db, llm, fallback=fallback, failures=2, reset=30) as (stub, engine, now):
        engine.primary = llm.engine(stub.base_url, max_retries=0)  # one request per turn: easy to count
        with make_loop(db, engine) as loop:
            cid = loop.open(session(), "en")
            for _ in range(2):
                run(loop.turn(cid, "Do you have Zyrtec?"))
            assert len(stub.requests) == 2
            for _ in range(3):  # open: the provider hears nothing, the turn is still answered (or refused)
                events = run(loop.turn(cid, "Do you have Zyrtec?"))
                if fallback:
                    assert reply(events).startswith(FALLBACK_NOTICE["en"])
                else:
                    assert final(events).data["code"] == "MODEL_UNAVAILABLE"
                now.advance(seconds=10)
            assert len(stub.requests) == 2, "no request reaches the provider while its circuit is open"
            now.advance(seconds=1)  # 31 s after the circuit opened: one turn probes
            stub._planned.clear()
            stub.plan(Reply(text="Zyrtec is in stock."), Reply(text="Anything else?"))
            assert reply(run(loop.turn(cid, "Do you have Zyrtec?"))) == "Zyrtec is in stock."
            assert reply(run(loop.turn(cid, "Thanks"))) == "Anything else?"
    assert len(stub.requests) == 4 and engine.breaker.state == "closed"


def test_a_failed_probe_opens_the_circuit_for_another_interval(db: Database) -> None:
    llm = Provider("chat")
    with _down(db, llm, failures=1, reset=30) as (stub, engine, now):
        engine.primary = llm.engine(stub.base_url, max_retries=0)
        with make_loop(db, engine) as loop:
            cid = loop.open(session(), "en")
            run(loop.turn(cid, "Zyrtec?"))
            now.advance(seconds=31)
            run(loop.turn(cid, "Zyrtec?"))  # the probe fails
            run(loop.turn(cid, "Zyrtec?"))
    assert len(stub.requests) == 2 and engine.breaker.state == "open"


def test_build_engine_puts_every_llm_engine_behind_the_breaker_with_the_configured_fallback(db: Database) -> None:
    with_fallback = build_engine("chat", db, Settings(fallback_engine="offline"))
    without = build_engine("chat", db, Settings())
    assert isinstance(with_fallback, ResilientEngine) and isinstance(without, ResilientEngine)
    assert with_fallback.fallback is not None and with_fallback.fallback.name == "offline"
    assert without.fallback is None and with_fallback.name == "chat"
    assert not isinstance(build_engine("offline", db, GENEROUS), ResilientEngine)
    assert Settings().fallback_engine == "none" and Settings().model_breaker_failures == 3


def test_a_call_the_failed_model_turn_already_made_is_not_run_again(db: Database, llm: Provider) -> None:
    with make_loop(db, OfflineEngine(mentions=mentions_for(db))) as loop:
        offline = run(loop.turn(loop.open(session(), "en"), "Do you have Zyrtec?"))
    first = next(e.data for e in of_type(offline, "tool.call") if e.data["name"] == "inventory_check")
    call = Call("inventory_check", first["arguments"])
    with StubServer(llm.dialect, [Reply(calls=(call,)), Reply(status=503)]) as stub:
        engine = _resilient(db, llm.engine(stub.base_url, max_retries=0), now=clock())
        with make_loop(db, engine) as loop:
            events = run(loop.turn(loop.open(session(), "en"), "Do you have Zyrtec?"))
    assert len(stub.requests) == 2
    assert [e.data["name"] for e in of_type(events, "tool.call")].count("inventory_check") == 1
    assert reply(events).startswith(FALLBACK_NOTICE["en"]) and "Zyrtec" in reply(events)


def test_a_spent_token_budget_neither_closes_nor_opens_the_circuit(db: Database) -> None:
    llm = Provider("openai")
    now = clock()
    planned = [Reply(text="Yes.", usage=(900, 150)), Reply(status=503)]
    with StubServer(llm.dialect, planned) as stub:
        primary = llm.engine(stub.base_url, max_retries=0, token_budget=1000)
        engine = _resilient(db, primary, fallback=False, failures=1, reset=30, now=now)
        with make_loop(db, engine) as loop:
            spent = loop.open(session(), "en")
            run(loop.turn(spent, "Advil?"))  # 1,050 tokens: this conversation's budget is spent
            run(loop.turn(loop.open(session(), "en"), "Zyrtec?"))  # 503: the circuit opens
            assert engine.breaker.state == "open"
            now.advance(seconds=31)
            # The probe turn never reaches the provider: the breaker must not read that as an answer.
            events = run(loop.turn(spent, "Zyrtec?"))
    assert final(events).data["code"] == "TOKEN_BUDGET_SPENT"
    assert len(stub.requests) == 2 and engine.breaker.state == "half_open"
