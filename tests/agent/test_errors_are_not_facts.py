"""Errors are never facts (issue #18): a tool that failed or was refused by a limit is said to have failed,
in the person's language, and never turns into a statement of absence ("you don't have any prescriptions",
"לא מצאתי מרשם").

The offline engine says so itself in every flow, with every failure code, in both languages (the loop has
nothing to repair); for any other engine the loop holds the reply to the rule from the turn's structured
tool outcomes (here a scripted engine that states absences the way a model might).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline import OfflineEngine
from pharmai.agent.engines.offline.texts import TEXTS
from pharmai.db import Database
from pharmai.testing import ScriptedEngine, call
from pharmai.text import normalize
from tests.agent.loop_support import (
    failing_loop,
    last_violations,
    outbox_code,
    refills,
    reply,
    run,
    session,
)

CODES = ["RATE_LIMITED", "SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"]
SORRY = {"en": "I'm sorry, I could not", "he": "סליחה, לא הצלחתי"}
RETRY = {"en": "please try again", "he": "נסו שוב"}
# What could not be done, as each flow's reply must say it (the head of the policy's sentence).
HEADS = {
    "stock": {"en": "could not check the stock", "he": "לא הצלחתי לבדוק את המלאי"},
    "label": {"en": "could not look up the details", "he": "לא הצלחתי לבדוק את הפרטים"},
    "prescriptions": {"en": "could not check your prescriptions", "he": "לא הצלחתי לבדוק את המרשמים שלכם"},
    "prescription": {"en": "could not check your prescription", "he": "לא הצלחתי לבדוק את המרשם שלכם"},
    "refill": {"en": "could not place the refill request", "he": "לא הצלחתי להגיש את בקשת החידוש"},
    "interactions": {"en": "could not check whether these medications interact", "he": "לא הצלחתי לבדוק אם יש"},
    "sign_in": {"en": "could not send you a sign-in code", "he": "לא הצלחתי לשלוח קוד אימות"},
    "sign_in_code": {"en": "could not check your sign-in code", "he": "לא הצלחתי לבדוק את קוד האימות"},
    "catalog": {"en": "could not look up the list of medications", "he": "לא הצלחתי להציג את רשימת התרופות"},
    "equivalents": {"en": "could not check for identical equivalents", "he": "לא הצלחתי לחפש תחליפים זהים"},
    "handoff": {"en": "could not pass your request to a pharmacist", "he": "לא הצלחתי להעביר את הפנייה"},
}
# Every offline sentence that states an outcome a failed tool could not have established: an absence, a
# negative answer, or the answer itself. None may appear in the reply of the turn that failed.
OUTCOMES = (
    "rx_none", "rx_not_on_file", "rx_none_for_med", "not_found", "no_equivalents", "list_empty",
    "interaction_none", "interaction_unknown", "identifier_unknown", "auth_failed", "auth_expired",
    "out_of_stock", "out_of_stock_no_eta", "in_stock", "low_stock", "refill_done", "refill_failed", "handoff",
    "code_sent", "verified", "rx_eligible", "rx_expired", "rx_completed", "rx_cancelled", "rx_pending",
    "refill_no_stock", "disclosure", "list_header", "info_dosage",
)  # fmt: skip


def _fixed_parts(key: str, language: str) -> list[str]:
    """The template's literal pieces long enough to recognise it by (its values are filled per turn)."""
    pieces = [normalize(p) for p in re.split(r"\{[^}]*\}", TEXTS[key][language])]
    return [p for p in pieces if len(p) >= 12]


def assert_states_failure(text: str, language: str, subject: str, allowed: tuple[str, ...] = ()) -> None:
    assert SORRY[language] in text and RETRY[language] in text, text
    assert normalize(HEADS[subject][language]) in normalize(text), text
    folded = normalize(text)
    keys = [key for key in OUTCOMES if key in TEXTS and key not in allowed]
    stated = [key for key in keys for part in _fixed_parts(key, language) if part in folded]
    assert stated == [], f"{stated} in {text!r}"


ADVIL = {"en": "Do you have Advil?", "he": "יש לכם אדוויל?"}
LABEL = {"en": "What is the dosage of Advil?", "he": "מה המינון של אדוויל?"}
MY_RX = {"en": "What are my prescriptions?", "he": "מה המרשמים שלי?"}
CAN_REFILL = {"en": "Can I refill my Glucophage?", "he": "אפשר לחדש את המרשם לגלוקופאז'?"}
DO_REFILL = {"en": "Please refill my Glucophage", "he": "אני רוצה לחדש את הגלוקופאז'"}
PAIR = {"en": "Is there an interaction between Coumadin and Micropirin?", "he": "יש אינטראקציה בין קומדין למיקרופירין?"}
OTC = {"en": "Which medications without a prescription do you have in stock?", "he": "אילו תרופות ללא מרשם יש במלאי?"}
EQUIVALENT = {"en": "Is there an equivalent of Advil in stock?", "he": "יש תחליף לאדוויל במלאי?"}
PHARMACIST = {"en": "I want to talk to a pharmacist", "he": "אני רוצה לדבר עם רוקח"}
YES = {"en": "yes", "he": "כן"}
EMAIL = "david.cohen@example.com"

# flow: (failing tool, calls of it that succeed first, the patient (None: sign in by code), the messages,
#        the subject the last reply must say it could not check)
FLOWS: dict[str, tuple[str, int, str | None, list[dict[str, str] | str], str]] = {
    "stock": ("inventory_check", 0, None, [ADVIL], "stock"),
    "label": ("get_medication_by_name", 0, None, [LABEL], "label"),
    "prescription_list": ("get_user_prescriptions", 0, "u002", [MY_RX], "prescriptions"),
    "prescriptions_after_sign_in": ("get_user_prescriptions", 0, None, [MY_RX, EMAIL, "{code}"], "prescriptions"),
    "refill_without_the_list": ("get_user_prescriptions", 0, "u002", [CAN_REFILL], "prescriptions"),
    "prescription_verify": ("prescription_verify", 0, "u002", [CAN_REFILL], "prescription"),
    "refill_approval": ("request_refill", 0, "u002", [DO_REFILL, YES], "refill"),
    "interactions": ("interaction_check", 0, None, [PAIR], "interactions"),
    "sign_in_send": ("verify_customer_identity", 0, None, [MY_RX, EMAIL], "sign_in"),
    "sign_in_code": ("verify_customer_identity", 1, None, [MY_RX, EMAIL, "{code}"], "sign_in_code"),
    "catalog": ("list_medications", 0, None, [OTC], "catalog"),
    "equivalents": ("inventory_find_equivalent", 0, None, [EQUIVALENT], "equivalents"),
    "handoff": ("transfer_to_pharmacist", 0, None, [PHARMACIST], "handoff"),
}


def _message(step: dict[str, str] | str, language: str, db: Database) -> str:
    if isinstance(step, dict):
        return step[language]
    return outbox_code(db) if step == "{code}" else step


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("flow", list(FLOWS))
def test_the_offline_engine_says_a_failed_tool_failed_in_every_flow(
    db: Database, flow: str, code: str, language: str
) -> None:
    tool, skip, patient, steps, subject = FLOWS[flow]
    engine = OfflineEngine(mentions_for(db))
    fault = {"tool": tool, "code": code, "skip": skip}
    with failing_loop(db, engine, fault) as loop:
        cid = loop.open(session(patient), language)
        for step in steps:
            text = reply(run(loop.turn(cid, _message(step, language, db))))
        results = [c for turn in loop.transcript(cid)["turns"] for c in turn["tool_calls"] if c["name"] == tool]
    assert any((r["result"].get("error") or {}).get("code") == code for r in results), "the fault was hit"
    # Answers of the tools that did answer stay: signed in, then the list failed ("you're verified"); the
    # English reading of the interaction question also asks for stock, which was checked.
    allowed = {"prescriptions_after_sign_in": ("verified",), "interactions": ("in_stock", "low_stock")}.get(flow, ())
    assert_states_failure(text, language, subject, allowed)
    assert "unchecked_fact" not in last_violations(db, cid), "the engine said it itself"
    if flow == "refill_approval":
        assert not [r for r in refills(db) if r.presc_id == "p002"], "nothing was written"


@pytest.mark.parametrize("language", ["en", "he"])
def test_one_failed_check_of_several_leaves_the_others_answered(db: Database, language: str) -> None:
    message = {"en": "Do you have Acamol, Advil and Nurofen?", "he": "יש לכם אקמול, אדוויל ונורופן?"}[language]
    fault = {"tool": "inventory_check", "code": "RATE_LIMITED", "skip": 1, "times": 1}
    with failing_loop(db, OfflineEngine(mentions_for(db)), fault) as loop:
        text = reply(run(loop.turn(loop.open(session(), language), message)))
    assert ("150" in text) and ("85" in text), "Acamol and Nurofen are still answered"
    head = {"en": "could not check the stock of Advil", "he": "לא הצלחתי לבדוק את המלאי של אדוויל"}[language]
    assert head in text
    out = {"en": "Advil (Ibuprofen) 200 mg is currently out of stock", "he": 'אדוויל (איבופרופן) 200 מ"ג אזל'}
    assert out[language] not in text


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_one_time_code_budget_keeps_its_own_reason_and_wait(db: Database, language: str) -> None:
    fault = {"tool": "verify_customer_identity", "code": "RATE_LIMITED", "tier": "verification", "retry_after": 3600}
    engine = OfflineEngine(mentions_for(db))
    with failing_loop(db, engine, fault) as loop:
        cid = loop.open(session(), language)
        run(loop.turn(cid, MY_RX[language]))
        text = reply(run(loop.turn(cid, EMAIL)))
    assert text.startswith(SORRY[language]) and HEADS["sign_in"][language] in text
    assert ("1 hour" if language == "en" else "שעה") in text
    assert ("verification codes" if language == "en" else "קודי אימות") in text


# --- any engine: the loop holds the reply to the rule ------------------------------------------------------

ABSENT = {
    "get_user_prescriptions": (
        call("get_user_prescriptions", {}),
        {"en": "You don't have any prescriptions on file.", "he": "אין לך מרשמים רשומים."},
        "prescriptions",
    ),
    "prescription_verify": (
        call("prescription_verify", {"presc_id": "p002", "intent": "refill"}),
        {
            "en": "I don't see a valid prescription for Glucophage, so I can't proceed.",
            "he": "לא מצאתי מרשם בתוקף לגלוקופאז', ולכן אי אפשר להמשיך.",
        },
        "prescription",
    ),
    "inventory_check": (
        call("inventory_check", {"query": "advil"}),
        {"en": "Sorry, Advil is out of stock right now.", "he": "מצטערים, אדוויל אזל מהמלאי כרגע."},
        "stock",
    ),
    "get_medication_by_name": (
        call("get_medication_by_name", {"medication_name": "advil"}),
        {"en": "There is no medication called Advil in our database.", "he": "אין במאגר שלנו תרופה בשם אדוויל."},
        "label",
    ),
    "interaction_check": (
        call("interaction_check", {"med_ids": ["m010", "m016"]}),
        {
            "en": "There are no known interactions between Coumadin and Micropirin.",
            "he": "אין אינטראקציה ידועה בין קומדין למיקרופירין.",
        },
        "interactions",
    ),
    "verify_customer_identity": (
        call("verify_customer_identity", {"identifier": EMAIL}),
        {"en": "I couldn't find an account with that email.", "he": "לא מצאתי חשבון עם המייל הזה."},
        "sign_in",
    ),
    "list_medications": (
        call("list_medications", {"rx_filter": "non_rx"}),
        {"en": "We have no medications like that.", "he": "אין לנו תרופות כאלה."},
        "catalog",
    ),
}


def _with_language(step: Any, language: str) -> Any:
    return call(step.name, {**step.arguments, "language": language})


ASKED = {
    "get_user_prescriptions": MY_RX,
    "prescription_verify": CAN_REFILL,
    "inventory_check": ADVIL,
    "get_medication_by_name": LABEL,
    "interaction_check": PAIR,
    "verify_customer_identity": {"en": f"my email is {EMAIL}", "he": f"המייל שלי {EMAIL}"},
    "list_medications": OTC,
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("code", ["RATE_LIMITED", "DB_ERROR"])
@pytest.mark.parametrize("tool", list(ABSENT))
def test_an_absence_stated_after_a_failed_tool_is_replaced_by_the_failure(
    db: Database, tool: str, code: str, language: str
) -> None:
    step, said, subject = ABSENT[tool]
    engine = ScriptedEngine([[_with_language(step, language), said[language]]])
    with failing_loop(db, engine, {"tool": tool, "code": code}) as loop:
        cid = loop.open(session("u002"), language)
        text = reply(run(loop.turn(cid, ASKED[tool][language])))
    assert said[language] not in text
    assert text.startswith(SORRY[language]) and HEADS[subject][language] in text
    assert "unchecked_fact" in last_violations(db, cid)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_failure_the_engine_retried_successfully_changes_nothing(db: Database, language: str) -> None:
    listing = call("get_user_prescriptions", {"language": language})
    said = {"en": "You have four prescriptions.", "he": "יש לך ארבעה מרשמים."}[language]
    engine = ScriptedEngine([[listing, listing, said]])
    fault = {"tool": "get_user_prescriptions", "code": "TIMEOUT", "times": 1}
    with failing_loop(db, engine, fault) as loop:
        cid = loop.open(session("u002"), language)
        assert reply(run(loop.turn(cid, MY_RX[language]))) == said
    assert last_violations(db, cid) == []


def test_only_the_unchecked_medication_loses_its_sentence(db: Database) -> None:
    steps = [call("inventory_check", {"med_id": "m004", "language": "en"}), call("inventory_check", {"med_id": "m001"})]
    said = "Acamol is in stock (150 units). Advil is out of stock. Both need no prescription."
    fault = {"tool": "inventory_check", "code": "RATE_LIMITED", "skip": 1}
    with failing_loop(db, ScriptedEngine([[*steps, said]]), fault) as loop:
        text = reply(run(loop.turn(loop.open(session(), "en"), "Do you have Acamol and Advil?")))
    assert "Acamol is in stock (150 units)." in text and "Advil is out of stock" not in text
    assert "could not check the stock of Advil" in text


def test_the_loops_own_interaction_check_failing_is_said_and_no_safety_is_claimed(db: Database) -> None:
    engine = ScriptedEngine(fallback="Coumadin and Micropirin: no interactions are recorded, you can use both.")
    fault = {"tool": "interaction_check", "code": "SERVICE_UNAVAILABLE", "retry_after": 2}
    with failing_loop(db, engine, fault) as loop:
        text = reply(run(loop.turn(loop.open(session(), "en"), "Do you have Coumadin and Micropirin?")))
    assert "no interactions" not in text and "could not check whether these medications interact" in text
    assert "or ask a pharmacist" in text


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_refill_the_engine_calls_done_after_it_failed_is_not_done(db: Database, language: str) -> None:
    refill = call("request_refill", {"presc_id": "p002", "store_id": "s1", "language": language})
    asked = {"en": "Shall I go ahead?", "he": "להמשיך?"}[language]
    done = {"en": "Your refill is requested and will be ready tomorrow.", "he": "בקשת החידוש התקבלה ותהיה מוכנה מחר."}
    engine = ScriptedEngine([[refill, asked], [done[language]]])
    with failing_loop(db, engine, {"tool": "request_refill", "code": "DB_ERROR"}) as loop:
        cid = loop.open(session("u002"), language)
        run(loop.turn(cid, DO_REFILL[language]))
        text = reply(run(loop.turn(cid, YES[language])))
        pending = loop.pending_confirmation(cid)
    assert done[language] not in text and HEADS["refill"][language] in text
    assert pending is not None, "the confirmation stays pending: a later yes can still approve it"
    assert not [r for r in refills(db) if r.presc_id == "p002"]


def test_a_refusal_and_facts_of_other_tools_stay(db: Database) -> None:
    steps = [call("inventory_check", {"med_id": "m004", "language": "en"}), call("get_user_prescriptions", {})]
    said = (
        "Acamol is in stock at Dizengoff. I can't give medical advice; please ask a pharmacist. "
        "You have no prescriptions for it."
    )
    fault = {"tool": "get_user_prescriptions", "code": "INTERNAL"}
    with failing_loop(db, ScriptedEngine([[*steps, said]]), fault) as loop:
        text = reply(run(loop.turn(loop.open(session("u002"), "en"), "Acamol?")))
    assert "Acamol is in stock at Dizengoff." in text and "I can't give medical advice" in text
    assert "You have no prescriptions" not in text and "could not check your prescriptions" in text


def test_a_reply_in_the_wrong_language_is_replaced_and_the_failure_still_said(db: Database) -> None:
    said = (
        "Thank you very much for your patience while I looked into this request for you today, it is appreciated. "
        "You don't have any prescriptions on file, sorry."
    )
    steps = [call("get_user_prescriptions", {"language": "he"}), said]
    fault = {"tool": "get_user_prescriptions", "code": "TIMEOUT"}
    with failing_loop(db, ScriptedEngine([steps]), fault) as loop:
        cid = loop.open(session("u002"), "he")
        text = reply(run(loop.turn(cid, MY_RX["he"])))
    assert "prescriptions" not in text and HEADS["prescriptions"]["he"] in text
    assert {"unchecked_fact", "wrong_language"} <= set(last_violations(db, cid))


@pytest.mark.parametrize("language", ["en", "he"])
def test_after_a_failed_approval_a_second_yes_places_the_refill(db: Database, language: str) -> None:
    fault = {"tool": "request_refill", "code": "DB_ERROR", "times": 1}
    with failing_loop(db, OfflineEngine(mentions_for(db)), fault) as loop:
        cid = loop.open(session("u002"), language)
        run(loop.turn(cid, DO_REFILL[language]))
        failed = reply(run(loop.turn(cid, YES[language])))
        done = reply(run(loop.turn(cid, YES[language])))
    assert HEADS["refill"][language] in failed
    assert ("Glucophage" if language == "en" else "גלוקופאז'") in done and "p002" not in done
    assert [r.status for r in refills(db) if r.presc_id == "p002"] == ["pending"]
