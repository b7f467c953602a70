"""Provider failures: rate limits and server errors are retried with backoff; a provider that stays down or
refuses ends the turn with a clear, bilingual ``MODEL_UNAVAILABLE`` error and writes nothing else."""

from __future__ import annotations

import logging

import pytest

from pharmai.db import Database
from tests.agent.loop_support import counts, final, make_loop, of_type, reply, run, session
from tests.engines.stub_server import Call, Reply, closed_port_url
from tests.engines.support import PROVIDERS, Provider


@pytest.fixture(params=PROVIDERS)
def llm(request: pytest.FixtureRequest) -> Provider:
    return Provider(request.param)


def test_a_429_is_retried_after_the_servers_delay_then_the_turn_succeeds(db: Database, llm: Provider) -> None:
    planned = [Reply(status=429, headers={"retry-after-ms": "20"}), Reply(text="Zyrtec is in stock.")]
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        events = run(loop.turn(cid, "Do you have Zyrtec?"))
        usage = loop.store.get(cid).state["usage"]["last_turn"]
    assert reply(events) == "Zyrtec is in stock."
    assert len(stub.requests) == 2 and llm.sleeps == [pytest.approx(0.02)]
    assert usage["retries"] == 1 and usage["requests"] == 1


@pytest.mark.parametrize("status", [500, 503, 529])
def test_server_errors_are_retried_with_growing_backoff(db: Database, llm: Provider, status: int) -> None:
    planned = [Reply(status=status), Reply(status=status), Reply(text="ok")]
    with llm.serve(*planned, backoff_base=0.1, backoff_max=5.0) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "en"), "Hello"))
    assert reply(events) == "ok" and len(stub.requests) == 3
    first, second = llm.sleeps
    # Exponential with jitter: the second wait is drawn from a range twice as high as the first.
    assert 0.05 <= first <= 0.1 and 0.1 <= second <= 0.2


def test_a_retry_in_the_middle_of_a_turn_keeps_the_tool_results(db: Database, llm: Provider) -> None:
    call = Call("inventory_check", {"query": "zyrtec", "store_id": "s1", "language": "en"})
    planned = [Reply(calls=(call,)), Reply(status=429), Reply(text="Zyrtec is in stock.")]
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "en"), "Zyrtec?"))
    assert reply(events) == "Zyrtec is in stock." and len(of_type(events, "tool.call")) == 1
    assert stub.requests[1] == stub.requests[2], "the retried request is the same request"


@pytest.mark.parametrize(("language", "phrase"), [("en", "cannot reach its language model"), ("he", "מודל השפה")])
def test_a_provider_that_is_down_gives_a_clear_error_and_writes_nothing_else(
    db: Database, llm: Provider, language: str, phrase: str, caplog: pytest.LogCaptureFixture
) -> None:
    engine = llm.engine(closed_port_url(llm.dialect), max_retries=2)
    before = counts(db)
    message = "Refill p002 for Noa Cohen" if language == "en" else "חידוש p002 לנועה כהן"
    with caplog.at_level(logging.INFO), make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), language)
        events = run(loop.turn(cid, message))
        transcript = loop.transcript(cid)
    last = final(events)
    assert last.type == "error" and last.data["code"] == "MODEL_UNAVAILABLE"
    assert phrase in last.data["message"] and "127.0.0.1" not in last.data["message"]
    assert len(llm.sleeps) == 2, "two retries, then give up"
    assert transcript["turns"][0]["reply"] == last.data["message"]
    after = counts(db)
    assert after["refill_requests"] == before["refill_requests"] and after["confirmations"] == before["confirmations"]
    # Operators see what failed; the person's words never reach the log.
    logged = caplog.text
    assert "model unreachable" in logged and "APIConnectionError" in logged
    assert "Noa" not in logged and "נועה" not in logged and "p002" not in logged


@pytest.mark.parametrize("status", [400, 401, 404])
def test_a_refusing_provider_is_not_retried(db: Database, llm: Provider, status: int) -> None:
    with llm.serve(Reply(status=status)) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "he"), "שלום"))
    assert final(events).data["code"] == "MODEL_UNAVAILABLE" and "מודל השפה" in final(events).data["message"]
    assert len(stub.requests) == 1 and llm.sleeps == []


def test_rate_limits_that_never_end_give_up_after_the_configured_retries(db: Database, llm: Provider) -> None:
    with llm.serve(*[Reply(status=429)] * 4, max_retries=3) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "en"), "Hi"))
    assert final(events).data["code"] == "MODEL_UNAVAILABLE" and len(stub.requests) == 4 and len(llm.sleeps) == 3


@pytest.mark.parametrize(("language", "phrase"), [("en", "more steps than I can take"), ("he", "יותר צעדים")])
def test_a_model_that_never_stops_calling_tools_hits_the_step_cap(
    db: Database, llm: Provider, language: str, phrase: str
) -> None:
    call = Call("inventory_check", {"query": "advil", "store_id": "s1", "language": language})
    with llm.serve(*[Reply(calls=(call,))] * 20) as (stub, engine), make_loop(db, engine, max_steps=3) as loop:
        events = run(loop.turn(loop.open(session(), language), "advil" if language == "en" else "אדוויל"))
    assert len(of_type(events, "tool.call")) == 3 and phrase in reply(events)
    assert len(stub.requests) == 4, "the fourth call was refused before it ran"


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_stream_cut_in_the_middle_ends_the_turn_with_the_clear_error(
    db: Database, llm: Provider, language: str
) -> None:
    words = ("Zyrtec ", "is ", "in ", "stock ", "at ", "Dizengoff ", "today.") * 20
    with llm.serve(Reply(text=words, cut_after=1500)) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), language), "Zyrtec?" if language == "en" else "זירטק?"))
    last = final(events)
    assert last.type == "error" and last.data["code"] == "MODEL_UNAVAILABLE"
    assert ("מודל השפה" in last.data["message"]) == (language == "he")
    assert len(stub.requests) == 1, "a half-streamed reply is not silently sent twice"
