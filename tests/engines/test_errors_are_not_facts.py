"""Errors are never facts, for the model engines (issue #18): when a tool call fails or a limit refuses it, the
model is told so (the failure goes back as the call's output), and whatever the model then writes — here
the absence a careless model states ("you don't have any prescriptions on file") — the reply the person
gets says the check could not be made, in their language, and states no absence.

Each engine talks to the local stub server in its provider's real wire format (SSE included).
"""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.db import Database
from tests.agent.loop_support import failing_loop, last_violations, of_type, refills, reply, run, session
from tests.engines.stub_server import Call, Reply
from tests.engines.support import PROVIDERS, Provider, tool_outputs

SORRY = {"en": "I'm sorry, I could not", "he": "סליחה, לא הצלחתי"}
EMAIL = "david.cohen@example.com"

# tool: (arguments, what the person asked, what a careless model answers, what the reply must say instead)
CASES: dict[str, tuple[dict[str, Any], dict[str, str], dict[str, str], dict[str, str]]] = {
    "get_user_prescriptions": (
        {},
        {"en": "What are my prescriptions?", "he": "מה המרשמים שלי?"},
        {"en": "You don't have any prescriptions on file.", "he": "אין לך מרשמים רשומים."},
        {"en": "could not check your prescriptions", "he": "לא הצלחתי לבדוק את המרשמים שלכם"},
    ),
    "prescription_verify": (
        {"presc_id": "p002", "intent": "refill"},
        {"en": "Can I refill my Glucophage?", "he": "אפשר לחדש את הגלוקופאז'?"},
        {"en": "I don't see a valid prescription for Glucophage.", "he": "לא מצאתי מרשם בתוקף לגלוקופאז'."},
        {"en": "could not check your prescription", "he": "לא הצלחתי לבדוק את המרשם שלכם"},
    ),
    "inventory_check": (
        {"query": "advil", "store_id": "s1"},
        {"en": "Do you have Advil?", "he": "יש לכם אדוויל?"},
        {"en": "Sorry, Advil is out of stock.", "he": "מצטערים, אדוויל אזל מהמלאי."},
        {"en": "could not check the stock", "he": "לא הצלחתי לבדוק את המלאי"},
    ),
    "get_medication_by_name": (
        {"medication_name": "advil"},
        {"en": "What is the dosage of Advil?", "he": "מה המינון של אדוויל?"},
        {"en": "I couldn't find a medication called Advil.", "he": "לא מצאתי תרופה בשם אדוויל."},
        {"en": "could not look up the details", "he": "לא הצלחתי לבדוק את הפרטים"},
    ),
    "interaction_check": (
        {"med_ids": ["m010", "m016"]},
        {"en": "Can Coumadin and Micropirin interact?", "he": "יש אינטראקציה בין קומדין למיקרופירין?"},
        {"en": "No interactions are recorded between them.", "he": "לא רשומה אינטראקציה ביניהן."},
        {"en": "could not check whether these medications interact", "he": "לא הצלחתי לבדוק אם יש אינטראקציה"},
    ),
    "verify_customer_identity": (
        {"identifier": EMAIL, "code": None},
        {"en": f"My email is {EMAIL}", "he": f"המייל שלי {EMAIL}"},
        {"en": "I couldn't find an account with that email.", "he": "לא מצאתי חשבון עם המייל הזה."},
        {"en": "could not send you a sign-in code", "he": "לא הצלחתי לשלוח קוד אימות"},
    ),
    "list_medications": (
        {"rx_filter": "non_rx", "stock_filter": "in_stock"},
        {"en": "Which medications without a prescription do you have?", "he": "אילו תרופות ללא מרשם יש לכם?"},
        {"en": "We have no medications like that.", "he": "אין לנו תרופות כאלה."},
        {"en": "could not look up the list of medications", "he": "לא הצלחתי להציג את רשימת התרופות"},
    ),
}


@pytest.fixture(params=PROVIDERS)
def llm(request: pytest.FixtureRequest) -> Provider:
    return Provider(request.param)


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("tool", list(CASES))
def test_a_failed_tool_is_never_a_statement_of_absence(db: Database, llm: Provider, tool: str, language: str) -> None:
    arguments, asked, careless, instead = CASES[tool]
    planned = [Reply(calls=(Call(tool, {**arguments, "language": language}),)), Reply(text=careless[language])]
    patient = None if tool == "verify_customer_identity" else "u002"
    fault = {"tool": tool, "code": "RATE_LIMITED", "retry_after": 20}
    with llm.serve(*planned) as (stub, engine), failing_loop(db, engine, fault) as loop:
        cid = loop.open(session(patient), language)
        text = reply(run(loop.turn(cid, asked[language])))
    # The model was told the call failed (structured, in the provider's own tool-result format) ...
    ((_, output),) = tool_outputs(llm.dialect, stub.requests[1])[:1]
    assert output["ok"] is False and output["error"]["code"] == "RATE_LIMITED"
    # ... and whatever it wrote, the person is told the check could not be made, never the absence.
    assert careless[language] not in text
    assert text.startswith(SORRY[language]) and instead[language] in text
    assert ("try again" if language == "en" else "נסו שוב") in text
    assert "unchecked_fact" in last_violations(db, cid)


@pytest.mark.parametrize("code", ["SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"])
def test_every_failure_code_is_a_failure_too(db: Database, llm: Provider, code: str) -> None:
    planned = [Reply(calls=(Call("get_user_prescriptions", {"language": "he"}),)), Reply(text="אין לך מרשמים.")]
    fault = {"tool": "get_user_prescriptions", "code": code}
    with llm.serve(*planned) as (_, engine), failing_loop(db, engine, fault) as loop:
        text = reply(run(loop.turn(loop.open(session("u002"), "he"), "מה המרשמים שלי?")))
    assert "אין לך מרשמים" not in text and text.startswith("סליחה, לא הצלחתי לבדוק את המרשמים שלכם")


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_model_that_says_it_failed_keeps_its_answer_and_facts_of_other_calls(
    db: Database, llm: Provider, language: str
) -> None:
    """The rule changes nothing when the reply already says so: stock that was checked stays."""
    calls = (
        Call("inventory_check", {"med_id": "m004", "store_id": "s1", "language": language}, "c1"),
        Call("get_user_prescriptions", {"language": language}, "c2"),
    )
    said = {
        "en": "Acamol is in stock (150 units). I could not check your prescriptions just now; please try again soon.",
        "he": "אקמול במלאי (150 יחידות). לא הצלחתי לבדוק את המרשמים שלכם כרגע; נסו שוב בקרוב.",
    }[language]
    fault = {"tool": "get_user_prescriptions", "code": "DB_ERROR"}
    with llm.serve(Reply(calls=calls), Reply(text=said)) as (_, engine), failing_loop(db, engine, fault) as loop:
        cid = loop.open(session("u002"), language)
        text = reply(
            run(loop.turn(cid, "Acamol? and my prescriptions?" if language == "en" else "אקמול? והמרשמים שלי?"))
        )
    assert text == said
    assert "unchecked_fact" not in last_violations(db, cid)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_refill_whose_approval_failed_is_never_reported_done(db: Database, llm: Provider, language: str) -> None:
    refill = Call("request_refill", {"presc_id": "p002", "store_id": "s1", "language": language})
    prompt = {"en": "Please confirm the refill.", "he": "נא לאשר את החידוש."}[language]
    done = {"en": "Your refill is requested.", "he": "בקשת החידוש נשלחה."}[language]
    planned = (Reply(calls=(refill,)), Reply(text=prompt), Reply(text=done))
    fault = {"tool": "request_refill", "code": "DB_ERROR"}
    with llm.serve(*planned) as (_, engine), failing_loop(db, engine, fault) as loop:
        cid = loop.open(session("u002"), language)
        first = run(loop.turn(cid, "Please refill p002" if language == "en" else "חידוש מרשם p002"))
        confirmation = of_type(first, "confirmation.required")[0].data["id"]
        text = reply(run(loop.approve(cid, confirmation)))
        pending = loop.pending_confirmation(cid)
    assert done not in text
    head = {"en": "could not place the refill request", "he": "לא הצלחתי להגיש את בקשת החידוש"}[language]
    assert text.startswith(SORRY[language]) and head in text
    assert not [r for r in refills(db) if r.presc_id == "p002"]
    assert pending is not None and pending["id"] == confirmation, "still pending: approving again can still work"
