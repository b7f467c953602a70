"""The rule behind "errors are never facts", piece by piece: the failure sentences (both languages, every
subject), which outcomes count as failures, and how a reply is held to the rule."""

from __future__ import annotations

from typing import Any

import pytest

from pharmai import policy
from pharmai.agent._failures import state_failures, unchecked_facts
from pharmai.agent.base import ToolResult
from pharmai.errors import ValidationFailed
from pharmai.policy.unchecked import FAILURE_CODES, Unchecked, is_failure, state_unchecked, subject_of, unchecked_text
from pharmai.text.detect import reply_language

SUBJECTS = [
    "prescriptions", "prescription", "refill", "stock", "equivalents", "catalog", "label", "interactions", "sign_in",
    "sign_in_code", "handoff", "other",
]  # fmt: skip


def result(name: str, arguments: dict[str, Any], code: str | None = None, **payload: Any) -> ToolResult:
    envelope: dict[str, Any]
    if code is None:
        envelope = {"ok": True, "error": None, **payload}
    else:
        envelope = {"ok": False, "error": {"code": code, "message": "…", "details": payload or None}}
    return ToolResult("c", name, arguments, envelope, ok=code is None, error_code=code)


@pytest.mark.parametrize("subject", SUBJECTS)
@pytest.mark.parametrize("language", ["en", "he"])
def test_every_failure_sentence_apologises_says_what_and_when_and_passes_the_guard(language: str, subject: str) -> None:
    text = unchecked_text(language, subject)
    assert text.startswith("I'm sorry, I could not " if language == "en" else "סליחה, לא הצלחתי ")
    assert ("please try again in a minute" if language == "en" else "נסו שוב בעוד דקה") in text
    assert reply_language(text, default="en" if language == "he" else "he") == language
    guarded = policy.guard_reply(text, language=language)
    assert guarded.text == text and guarded.violations == ()


@pytest.mark.parametrize(
    ("language", "wait", "said"),
    [("en", 20, "in a minute"), ("en", 600, "in 10 minutes"), ("he", 45, "בעוד דקה"), ("he", 7200, "בעוד שעתיים")],
)
def test_the_wait_is_said_as_a_person_would(language: str, wait: int, said: str) -> None:
    assert said in unchecked_text(language, "stock", retry_after=wait)


def test_a_name_is_said_and_a_one_time_code_budget_keeps_its_reason() -> None:
    assert "the stock of Advil just now" in unchecked_text("en", "stock", name="Advil")
    assert "המלאי של אדוויל כרגע" in unchecked_text("he", "stock", name="אדוויל")
    budget = unchecked_text("en", "sign_in", retry_after=3600, tier="verification")
    assert "Too many verification codes" in budget and "1 hour" in budget
    with pytest.raises(ValidationFailed):
        unchecked_text("fr", "stock")


def test_only_a_tool_that_could_not_answer_is_a_failure() -> None:
    assert {"RATE_LIMITED", "SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"} == FAILURE_CODES
    for answer in ("MED_NOT_FOUND", "IDENTITY_REQUIRED", "RX_EXPIRED", "CONFIRMATION_REQUIRED", None):
        assert not is_failure(answer)
    assert subject_of("check_inventory") == "stock" and subject_of("prescription_management") == "prescriptions"
    assert subject_of("verify_customer_identity", {"code": "123456"}) == "sign_in_code"
    assert subject_of("something_new") == "other"


def test_a_retry_that_went_through_establishes_the_fact() -> None:
    failed = result("inventory_check", {"query": "advil"}, "RATE_LIMITED", retry_after=3)
    retried = result("inventory_check", {"med_id": "m001"}, matches=[{"med_id": "m001", "display_name": "Advil"}])
    unchecked, known = unchecked_facts([failed, retried], "en")
    assert unchecked == [] and known == {"stock"}
    other = result("inventory_check", {"med_id": "m004"}, matches=[{"med_id": "m004", "display_name": "Acamol"}])
    unchecked, _ = unchecked_facts([failed, other], "en")
    assert [(u.subject, u.retry_after) for u in unchecked] == [("stock", 3)]


def test_a_domain_answer_is_a_fact_and_changes_nothing() -> None:
    said = "You don't have a prescription for Advil."
    results = [result("prescription_verify", {"med_id": "m001"}, "PRESCRIPTION_NOT_FOUND")]
    assert state_failures(said, results, "en") == (said, False)


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        ("en", "Thanks for waiting. You have no prescriptions on file.", "Thanks for waiting."),
        ("he", "תודה על הסבלנות. אין לך מרשמים רשומים.", "תודה על הסבלנות."),
    ],
)
def test_a_stated_absence_is_replaced_and_the_rest_kept(language: str, said: str, kept: str) -> None:
    text, changed = state_failures(said, [result("get_user_prescriptions", {}, "DB_ERROR")], language)
    assert changed and text.startswith(unchecked_text(language, "prescriptions")) and text.endswith(kept)
    assert said.split(". ")[1] not in text


def test_a_reply_that_already_says_so_is_left_alone() -> None:
    said = "I could not check the stock right now. Please try again soon."
    unchecked = [Unchecked("stock")]
    assert state_unchecked(said, language="en", unchecked=unchecked) == (said, False)
    assert state_unchecked("Anything.", language="en", unchecked=[]) == ("Anything.", False)


def test_several_failures_of_one_subject_are_said_once() -> None:
    results = [
        result("inventory_check", {"med_id": "m001"}, "TIMEOUT"),
        result("inventory_check", {"med_id": "m002"}, "TIMEOUT"),
    ]
    text, _ = state_failures("", results, "en")
    assert text.count("could not check the stock") == 1
