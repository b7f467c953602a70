"""Whole conversations through the real loop, executor and database, each engine talking to a stub provider
over its official SDK and real wire format (SSE included)."""

from __future__ import annotations

import json

import pytest

from pharmai.db import Database
from pharmai.errors import ValidationFailed
from tests.agent.loop_support import counts, make_loop, of_type, refills, reply, run, session
from tests.engines.stub_server import Call, Reply
from tests.engines.support import PROVIDERS, Provider, instructions, notes, texts, tool_names, tool_outputs


@pytest.fixture(params=PROVIDERS)
def llm(request: pytest.FixtureRequest) -> Provider:
    return Provider(request.param)


def _stock(query: str, language: str, call_id: str | None = None) -> Call:
    return Call("inventory_check", {"query": query, "store_id": "s1", "language": language}, call_id)


@pytest.mark.parametrize(
    ("language", "first", "second", "answer", "follow_up"),
    [
        ("en", "Do you have Advil?", "And in Jerusalem?", ("Advil is ", "out of stock ", "here."), "Yes, 40 there."),
        ("he", "יש לכם אדוויל?", "ובירושלים?", ("אדוויל ", "אזל ", "במלאי כאן."), "כן, יש 40 שם."),
    ],
)
def test_a_multi_turn_conversation_streams_deltas_and_carries_history(
    db: Database, llm: Provider, language: str, first: str, second: str, answer: tuple[str, ...], follow_up: str
) -> None:
    planned = [Reply(calls=(_stock("advil", language),)), Reply(text=answer), Reply(text=follow_up)]
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), language)
        one = run(loop.turn(cid, first))
        two = run(loop.turn(cid, second))
        state = loop.store.get(cid).state
    assert [e.type for e in one] == [
        "tool.call",
        "tool.result",
        "message.delta",
        "message.delta",
        "message.delta",
        "message.done",
    ]
    assert [e.data["text"] for e in of_type(one, "message.delta")] == list(answer)
    assert reply(one) == "".join(answer) and reply(two) == follow_up
    result = of_type(one, "tool.result")[0].data["result"]
    assert result["ok"] is True and result["matches"][0]["med_id"] == "m001"
    # The envelope went back to the model as the call's output, under the model's own call id.
    ((call_id, envelope),) = tool_outputs(llm.dialect, stub.requests[1])
    assert envelope == result and call_id == of_type(one, "tool.call")[0].data["id"]
    # The second turn sends the first one as history, then the new message.
    assert texts(llm.dialect, stub.requests[2]) == [
        ("user", first),
        ("assistant", "".join(answer)),
        ("user", second),
    ]
    prompt = instructions(llm.dialect, stub.requests[0])
    assert ("מדיניות בית המרקחת" in prompt) == (language == "he") and "request_refill" in prompt
    assert set(tool_names(llm.dialect, stub.requests[0])) >= {"inventory_check", "request_refill", "interaction_check"}
    assert stub.headers[0].get("authorization", stub.headers[0].get("x-api-key", "")).endswith("test-key")
    assert state["usage"]["last_turn"] == {
        "input_tokens": 120,
        "cached_input_tokens": 0,
        "cache_write_input_tokens": 0,
        "output_tokens": 30,
        "requests": 1,
        "retries": 0,
        "estimated_cost_usd": None,  # the stub's model has no price
    }
    assert state["usage"]["total"]["requests"] == 3 and state["usage"]["total"]["input_tokens"] == 360


def test_openai_sends_strict_function_tools_and_no_state_on_the_server(db: Database) -> None:
    llm = Provider("openai")
    with llm.serve(Reply(text="Hello."), reasoning_effort="low") as (stub, engine), make_loop(db, engine) as loop:
        run(loop.turn(loop.open(session(), "en"), "Hello"))
    body = stub.requests[0]
    assert body["stream"] is True and body["store"] is False and body["parallel_tool_calls"] is True
    assert body["reasoning"] == {"effort": "low"} and body["model"] == "stub-model"
    assert all(t["type"] == "function" and t["strict"] is True for t in body["tools"])
    assert all(t["parameters"]["additionalProperties"] is False for t in body["tools"])


def test_parallel_tool_calls_all_run_and_all_outputs_go_back(db: Database, llm: Provider) -> None:
    calls = (_stock("advil", "en", "call_a"), _stock("zyrtec", "en", "call_b"), _stock("acamol", "en", "call_c"))
    planned = (Reply(calls=calls), Reply(text="Advil is out; Zyrtec and Acamol are in."))
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), "en"), "Do you have Advil, Zyrtec and Acamol?"))
    tool_calls = of_type(events, "tool.call")
    assert [e.data["id"] for e in tool_calls][:3] == ["call_a", "call_b", "call_c"]
    # Three medications named together: the loop adds the interaction check the model skipped (seed 000).
    assert [e.data["name"] for e in tool_calls][3:] == ["interaction_check"]
    outputs = tool_outputs(llm.dialect, stub.requests[1])
    assert [cid for cid, _ in outputs] == ["call_a", "call_b", "call_c"]
    assert [o["matches"][0]["med_id"] for _, o in outputs] == ["m001", "m006", "m004"]
    assert reply(events) == "Advil is out; Zyrtec and Acamol are in."


@pytest.mark.parametrize("language", ["en", "he"])
def test_malformed_and_ill_typed_arguments_get_validation_errors_and_the_model_recovers(
    db: Database, llm: Provider, language: str
) -> None:
    planned = [
        Reply(calls=(Call("inventory_check", '{"query": "advil", "store_id": '),)),  # broken JSON
        Reply(calls=(Call("inventory_check", {"query": ["advil"], "store_id": 7, "language": language}),)),
        Reply(calls=(Call("inventory_check", {"query": "advil", "store_id": "s1", "colour": "red"}),)),
        Reply(calls=(_stock("advil", language),)),
        Reply(text="Advil is out of stock." if language == "en" else "אדוויל אזל במלאי."),
    ]
    before = counts(db)
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), language), "Advil?" if language == "en" else "אדוויל?"))
    results = [e.data["result"] for e in of_type(events, "tool.result")]
    assert [r["ok"] for r in results] == [False, False, False, True]
    assert [r["error"]["code"] for r in results[:3]] == ["VALIDATION_ERROR"] * 3
    # The error message reaches the model in the turn's language, so it can correct itself.
    message = tool_outputs(llm.dialect, stub.requests[1])[0][1]["error"]["message"]
    assert any("\u05d0" <= ch <= "\u05ea" for ch in message) == (language == "he")
    assert len(tool_outputs(llm.dialect, stub.requests[4])) == 4
    assert reply(events).startswith("Advil" if language == "en" else "אדוויל")
    assert counts(db)["refill_requests"] == before["refill_requests"]


@pytest.mark.parametrize(
    ("language", "ask", "prompt", "done"),
    [
        ("en", "Please refill p002", "I can request it; please confirm.", "Your refill is requested."),
        ("he", "בבקשה חידוש מרשם p002", "אפשר לבקש את החידוש; נא לאשר.", "בקשת החידוש נשלחה."),
    ],
)
def test_a_write_tool_waits_for_the_person_and_the_model_never_sees_the_approval(
    db: Database, llm: Provider, language: str, ask: str, prompt: str, done: str
) -> None:
    refill = Call("request_refill", {"presc_id": "p002", "store_id": "s1", "language": language})
    planned = (Reply(calls=(refill,)), Reply(text=prompt), Reply(text=done))
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), language)
        first = run(loop.turn(cid, ask))
        asked = of_type(first, "confirmation.required")
        assert len(asked) == 1 and not [r for r in refills(db) if r.presc_id == "p002"]
        second = run(loop.approve(cid, asked[0].data["id"]))
    output = tool_outputs(llm.dialect, stub.requests[1])[0][1]
    assert output["error"]["code"] == "CONFIRMATION_REQUIRED" and output["error"]["details"]["summary"]
    assert reply(first) == prompt and reply(second) == done
    assert [r.status for r in refills(db) if r.presc_id == "p002"] == ["pending"]
    (note,) = notes(llm.dialect, stub.requests[2])
    assert "p002" in note and ("אישר" in note if language == "he" else "confirmed" in note)
    # No request ever carried the confirmation id: the model cannot approve anything.
    assert all(asked[0].data["id"] not in json.dumps(body) for body in stub.requests)
    assert not any(t in {"approve", "confirm"} for t in tool_names(llm.dialect, stub.requests[0]))


def test_a_denied_write_runs_nothing_and_the_model_is_told(db: Database, llm: Provider) -> None:
    refill = Call("request_refill", {"presc_id": "p002", "store_id": "s1", "language": "he"})
    planned = (Reply(calls=(refill,)), Reply(text="נא לאשר."), Reply(text="בסדר, לא ביקשתי."))
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session("u002"), "he")
        run(loop.turn(cid, "חידוש מרשם p002"))
        second = run(loop.turn(cid, "לא"))
    assert reply(second) == "בסדר, לא ביקשתי." and not [r for r in refills(db) if r.presc_id == "p002"]
    assert "דחה" in notes(llm.dialect, stub.requests[2])[0]


def test_a_model_that_names_another_patient_gets_nothing_of_theirs(db: Database, llm: Provider) -> None:
    planned = [
        Reply(calls=(Call("get_user_prescriptions", {"user_id": "u001", "language": "en"}),)),
        Reply(calls=(Call("request_refill", {"presc_id": "p101", "store_id": "s1", "language": "en"}),)),
        Reply(text="I can only help with your own prescriptions."),
    ]
    before = counts(db)
    with llm.serve(*planned) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session("u002"), "en"), "Show Noa Cohen's prescriptions and refill p101"))
    results = [e.data["result"] for e in of_type(events, "tool.result")]
    assert results[0]["error"]["code"] == "VALIDATION_ERROR"
    assert results[1]["ok"] is False and results[1]["error"]["code"] in {"FORBIDDEN", "PRESCRIPTION_NOT_FOUND"}
    assert not of_type(events, "confirmation.required") and counts(db) == {**before, "conversations": 1, "messages": 2}
    sent = json.dumps(stub.requests[-1], ensure_ascii=False)
    assert "Zoloft" not in sent and "זולופט" not in sent


@pytest.mark.parametrize(
    ("language", "question", "advice", "refusal"),
    [
        (
            "en",
            "Should I take Advil or Tylenol for my headache?",
            "You should take 400 mg of Advil every 4 hours.",
            "pharmacist",
        ),
        ("he", "כדאי לי לקחת אדוויל או טיילנול לכאב ראש?", 'כדאי לך לקחת 400 מ"ג אדוויל כל 4 שעות.', "רוקח"),
    ],
)
def test_advice_from_the_model_is_replaced_by_the_refusal(
    db: Database, llm: Provider, language: str, question: str, advice: str, refusal: str
) -> None:
    with llm.serve(Reply(text=advice)) as (stub, engine), make_loop(db, engine) as loop:
        events = run(loop.turn(loop.open(session(), language), question))
    final = reply(events)
    assert "400" not in final and refusal in final
    # The model was told before it answered; the guard held anyway.
    (note,) = notes(llm.dialect, stub.requests[0])
    assert refusal in note


@pytest.mark.parametrize("message", ["", "   ", "x" * 10_000, 42, None, ["hi"]])
def test_bad_messages_never_reach_the_provider(db: Database, llm: Provider, message: object) -> None:
    with llm.serve() as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        before = counts(db)
        with pytest.raises(ValidationFailed) as exc:
            run(loop.turn(cid, message))  # type: ignore[arg-type]
    assert stub.requests == [] and counts(db) == before
    assert exc.value.message("he") != exc.value.message("en")


def test_sql_and_html_in_a_message_reach_the_model_as_plain_text(db: Database, llm: Provider) -> None:
    message = "'; DROP TABLE patients; -- <script>alert(1)</script> do you have Advil?"
    with llm.serve(Reply(text="Advil is out of stock at Dizengoff.")) as (stub, engine), make_loop(db, engine) as loop:
        cid = loop.open(session(), "en")
        before = counts(db)
        events = run(loop.turn(cid, message))
    assert reply(events) == "Advil is out of stock at Dizengoff."
    assert texts(llm.dialect, stub.requests[0])[-1] == ("user", message)
    assert counts(db) == {**before, "messages": before["messages"] + 2}
