"""LLM cost control against the stub providers: prompt caching (Anthropic breakpoints, OpenAI's stable prefix
and ``prompt_cache_key``), token usage and estimated cost in the state and the transcript, and the
per-conversation token budget."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pharmai.agent.engines.llm._config import DEFAULT_PRICES, LLMConfig, Price
from pharmai.db import Database
from pharmai.settings import Settings
from tests.agent.loop_support import make_loop, of_type, reply, run, session
from tests.engines.stub_server import Call, Reply, StubServer
from tests.engines.support import PROVIDERS, Provider, instructions, session_facts

_BREAKPOINT = {"type": "ephemeral"}


def _stock(query: str = "advil") -> Call:
    return Call("inventory_check", {"query": query, "store_id": "s1", "language": "en"})


def _prefix(dialect: str, body: dict[str, Any]) -> str:
    """The cacheable prefix of a request as JSON text: tools, then the stable system prompt."""
    if dialect == "anthropic":
        return json.dumps([body["tools"], body["system"][0]], ensure_ascii=False)
    if dialect == "responses":
        return json.dumps([body["tools"], body["instructions"]], ensure_ascii=False)
    return json.dumps([body["tools"], body["messages"][0]], ensure_ascii=False)


def _conversation(dialect: str, body: dict[str, Any]) -> list[Any]:
    # What follows the stable prefix (chat's first message is the stable system prompt).
    return list(body["input"] if dialect == "responses" else body["messages"][1:])


def test_anthropic_marks_the_tools_and_the_stable_system_prompt_as_cacheable(db: Database) -> None:
    llm = Provider("anthropic")
    planned = [Reply(calls=(_stock(),)), Reply(text="Advil is out of stock here.")]
    with StubServer("anthropic", planned, count_tokens=True) as stub, make_loop(db, llm.engine(stub.base_url)) as loop:
        cid = loop.open(session(), "en")
        run(loop.turn(cid, "Do you have Advil?"))
        usage = loop.store.get(cid).state["usage"]["last_turn"]
    first, second = stub.requests
    for body in (first, second):
        # Breakpoint 1: the last tool (the tools come first in the prompt); breakpoint 2: the stable system block.
        assert body["tools"][-1]["cache_control"] == _BREAKPOINT
        assert all("cache_control" not in tool for tool in body["tools"][:-1])
        stable, facts = body["system"]
        assert stable["cache_control"] == _BREAKPOINT and "cache_control" not in facts
        assert "Pharmacy policy" in stable["text"] and "Session: store s1" in facts["text"]
        assert "Session:" not in stable["text"]
        # Breakpoint 3 moves with the conversation: only its last block carries one.
        marked = [b for m in body["messages"] for b in m["content"] if "cache_control" in b]
        assert marked == [body["messages"][-1]["content"][-1]] and marked[0]["cache_control"] == _BREAKPOINT
    assert _prefix("anthropic", first) == _prefix("anthropic", second)
    # The first request's messages come back unchanged (its breakpoint aside) at the start of the second's.
    sent = [
        {**m, "content": [{k: v for k, v in b.items() if k != "cache_control"} for b in m["content"]]}
        for m in first["messages"]
    ]
    assert second["messages"][: len(sent)] == sent
    # The stub's cache: the first request wrote the prefix, the second read all of it back.
    (total1, read1, written1), (total2, read2, written2) = stub.usage
    assert read1 == 0 and written1 == total1 > 1024 and read2 == written1 and 0 < written2 < total2 - read2 + 1
    assert usage["input_tokens"] == total1 + total2
    assert usage["cached_input_tokens"] == read2 and usage["cache_write_input_tokens"] == written1 + written2


@pytest.mark.parametrize("name", ["openai", "chat"])
def test_openai_requests_share_a_byte_identical_prefix_and_cache_key(db: Database, name: str) -> None:
    llm = Provider(name)
    planned = [Reply(calls=(_stock(),)), Reply(text="Advil is out of stock here."), Reply(text="Yes.")]
    with StubServer(llm.dialect, planned, count_tokens=True) as stub:
        engine = llm.engine(stub.base_url, send_cache_key=True)
        with make_loop(db, engine) as loop:
            cid = loop.open(session(), "en")
            run(loop.turn(cid, "Do you have Advil?"))
            run(loop.turn(cid, "And Zyrtec?"))
            state = loop.store.get(cid).state
    first, second, third = stub.requests
    assert _prefix(llm.dialect, first) == _prefix(llm.dialect, second) == _prefix(llm.dialect, third)
    assert (
        first["prompt_cache_key"] == second["prompt_cache_key"] == third["prompt_cache_key"] == "pharmai:canonical:en"
    )
    # Within a turn the second request extends the first; the next turn's history starts as the first did.
    one, two = _conversation(llm.dialect, first), _conversation(llm.dialect, second)
    assert two[: len(one)] == one
    assert _conversation(llm.dialect, third)[:2] == [
        one[0],
        {"role": "assistant", "content": "Advil is out of stock here."},
    ]
    # The session facts are per turn, so they ride after the history, never in the cached prefix.
    assert session_facts(llm.dialect, first) == [
        "Session: store s1; tool profile canonical; customer identity not verified yet."
    ]
    assert "Session:" not in instructions(llm.dialect, first)
    (_, read1, _), (total2, read2, _), (_, read3, _) = stub.usage
    assert read1 == 0 and 1024 <= read2 <= total2 and read3 >= 1024
    assert state["usage"]["last_turn"]["cached_input_tokens"] == read3
    assert state["usage"]["total"]["cached_input_tokens"] == read1 + read2 + read3


def test_the_cache_key_and_prefix_are_the_same_for_every_customer(db: Database) -> None:
    llm = Provider("openai")
    planned = [Reply(text="Hi."), Reply(text="Hi.")]
    with StubServer("responses", planned, count_tokens=True) as stub, make_loop(db, llm.engine(stub.base_url)) as loop:
        run(loop.turn(loop.open(session(), "en"), "Hello"))
        run(loop.turn(loop.open(session("u002"), "en"), "Hello"))
    anonymous, verified = stub.requests
    assert anonymous["prompt_cache_key"] == verified["prompt_cache_key"]
    assert "u002" not in verified["prompt_cache_key"] and _prefix("responses", anonymous) == _prefix(
        "responses", verified
    )
    # A new conversation of the same deployment, profile and language reads the prefix from the cache.
    assert stub.usage[1][1] >= 1024
    assert session_facts("responses", verified) == [
        "Session: store s1; tool profile canonical; customer identity verified (their own data only)."
    ]


@pytest.mark.parametrize("name", PROVIDERS)
def test_prompt_caching_can_be_turned_off(db: Database, name: str) -> None:
    llm = Provider(name)
    off = {"prompt_cache": False, "send_cache_key": False}
    with llm.serve(Reply(text="Hi."), **off) as (stub, engine), make_loop(db, engine) as loop:
        run(loop.turn(loop.open(session(), "en"), "Hello"))
    body = stub.requests[0]
    assert "prompt_cache_key" not in body and "cache_control" not in json.dumps(body)


def test_the_chat_engine_sends_no_cache_key_unless_configured() -> None:
    settings = Settings(engine="chat")
    assert LLMConfig.from_env("chat", settings, {}).send_cache_key is False
    assert LLMConfig.from_env("chat", Settings(engine="chat", llm_chat_cache_key=True), {}).send_cache_key is True
    assert LLMConfig.from_env("openai", settings, {"OPENAI_API_KEY": "k"}).send_cache_key is True
    off = Settings(llm_prompt_cache=False, llm_chat_cache_key=True)
    assert LLMConfig.from_env("openai", off, {"OPENAI_API_KEY": "k"}).send_cache_key is False


def test_prices_come_from_the_table_and_the_settings_override_them() -> None:
    env = {"ANTHROPIC_API_KEY": "k"}
    config = LLMConfig.from_env("anthropic", Settings(), env)
    assert config.model == "claude-sonnet-4-5" and config.price == DEFAULT_PRICES["claude-sonnet-4-5"]
    custom = LLMConfig.from_env("anthropic", Settings(llm_price_input=2.0, llm_price_output=8.0), env)
    assert custom.price == Price(2.0, 0.30, 3.75, 8.0)
    unknown = LLMConfig.from_env("openai", Settings(model="my-model"), {"OPENAI_API_KEY": "k"})
    assert unknown.price is None
    given = LLMConfig.from_env("openai", Settings(model="my-model", llm_price_input=1.0), {"OPENAI_API_KEY": "k"})
    assert given.price == Price(1.0, 1.0, 1.0, 0.0)
    # 1M plain input, 1M cached, 1M written, 1M output at Sonnet's list prices.
    assert DEFAULT_PRICES["claude-sonnet-4-5"].cost(3_000_000, 1_000_000, 1_000_000, 1_000_000) == pytest.approx(
        3.0 + 0.30 + 3.75 + 15.0
    )


@pytest.mark.parametrize("name", PROVIDERS)
def test_usage_and_estimated_cost_are_in_the_transcript(db: Database, name: str) -> None:
    llm = Provider(name)
    price = Price(input=1.0, cached_input=0.1, cache_write=1.25, output=4.0)
    planned = [Reply(calls=(_stock(),), usage=(2000, 20)), Reply(text="Advil is out of stock here.", usage=(2100, 10))]
    with llm.serve(*planned, price=price) as (_stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        run(loop.turn(cid, "Do you have Advil?"))
        transcript = loop.transcript(cid)
    usage = transcript["turns"][0]["usage"]
    assert usage["input_tokens"] == 4100 and usage["output_tokens"] == 30 and usage["requests"] == 2
    assert usage["cached_input_tokens"] == 0
    assert usage["estimated_cost_usd"] == pytest.approx((4100 * 1.0 + 30 * 4.0) / 1_000_000)


@pytest.mark.parametrize(
    ("language", "first", "answer", "second", "expected"),
    [
        ("en", "Do you have Advil?", "Yes.", "And Zyrtec?", "reached its limit"),
        ("he", "יש לכם אדוויל?", "כן.", "ומה עם זירטק?", "הגיעה למגבלת השימוש"),
    ],
)
@pytest.mark.parametrize("name", PROVIDERS)
def test_a_spent_token_budget_ends_the_turn_without_calling_the_model(
    db: Database, name: str, language: str, first: str, answer: str, second: str, expected: str
) -> None:
    llm = Provider(name)
    planned = Reply(text=answer, usage=(900, 150))
    with llm.serve(planned, token_budget=1000) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), language)
        assert reply(run(loop.turn(cid, first))) == answer
        events = run(loop.turn(cid, second))
        transcript = loop.transcript(cid)
    assert len(stub.requests) == 1  # the second turn never reached the model
    (error,) = of_type(events, "error")
    assert error.data["code"] == "TOKEN_BUDGET_SPENT" and expected in error.data["message"]
    assert transcript["turns"][1]["reply"] == error.data["message"]
    assert transcript["turns"][1]["usage"]["requests"] == 0


def test_the_budget_is_checked_before_each_request_of_a_turn(db: Database) -> None:
    llm = Provider("openai")
    planned = [Reply(calls=(_stock(),), usage=(1000, 20)), Reply(text="never sent")]
    with llm.serve(*planned, token_budget=1000) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "en"), "Do you have Advil?"))
    assert len(stub.requests) == 1 and stub.remaining == 1
    assert [e.type for e in events][:2] == ["tool.call", "tool.result"]
    assert of_type(events, "error")[0].data["code"] == "TOKEN_BUDGET_SPENT"
