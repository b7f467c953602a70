"""Seed 001 flow C and seed 000's refill rules: identity first, the list, eligibility, the confirmed refill."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from pharmai.db.engine import Database
from pharmai.db.models import RefillRequest
from tests.agent.transcripts.harness import Chat

ASK_RX = {
    "en": ["What prescriptions do I have?", "show my prescriptions", "Can you list my prescriptions please?"],
    "he": ["אילו מרשמים יש לי?", "תראה לי את המרשמים שלי", "מה המרשמים שלי?"],
}
IDENTIFIERS = ["david.cohen@example.com", "050-123-4567", "+972501234567"]


def _refills(db: Database) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(RefillRequest)) or 0)


@pytest.mark.parametrize("index", [0, 1, 2])
@pytest.mark.parametrize("language", ["en", "he"])
def test_prescriptions_need_identity_then_list(chat: Callable[..., Chat], language: str, index: int) -> None:
    conversation = chat(language)
    first = conversation.say(ASK_RX[language][index])
    assert first.tools == []  # no PHI tool before identity
    assert "David" not in first.reply and "Moxypen" not in first.reply
    assert ("email" in first.reply) if language == "en" else ("מייל" in first.reply)
    sent = conversation.say(IDENTIFIERS[index])
    assert sent.tools == ["verify_customer_identity"]
    assert sent.result("verify_customer_identity")["status"] == "code_sent"
    assert "Cohen" not in sent.reply and "כהן" not in sent.reply
    listed = conversation.say("{{otp}}")
    assert listed.tools == ["verify_customer_identity", "get_user_prescriptions"]
    if language == "en":
        assert "David Cohen" in listed.reply and "Moxypen" in listed.reply and "Glucophage" in listed.reply
    else:
        assert "דוד כהן" in listed.reply and "מוקסיפן" in listed.reply and "גלוקופאז'" in listed.reply
    assert "p001" not in listed.reply  # ids stay internal; the list is numbered


def test_wrong_code_is_refused_and_nothing_is_shown(chat: Callable[..., Chat]) -> None:
    conversation = chat("en")
    conversation.say("What prescriptions do I have?")
    conversation.say("david.cohen@example.com")
    turn = conversation.say("000000")
    assert turn.result("verify_customer_identity")["error"]["code"] == "AUTH_FAILED"
    assert "get_user_prescriptions" not in turn.tools
    assert "doesn't match" in turn.reply and "Moxypen" not in turn.reply
    he = chat("he")
    he.say("אילו מרשמים יש לי?")
    he.say("050-123-4567")
    assert "אינו תואם" in he.say("111111").reply


STATUS = {
    "en": ["Can I refill the Amoxicillin?", "can I refill #1?", "Is the first one eligible for a refill?"],
    "he": ["אפשר לחדש את האמוקסיצילין?", "אפשר לחדש את מספר 1?", "האם המרשם הראשון זכאי לחידוש?"],
}


@pytest.mark.parametrize("index", [0, 1, 2])
@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_status_of_listed_prescription(chat: Callable[..., Chat], language: str, index: int) -> None:
    conversation = chat(language)
    conversation.say(ASK_RX[language][0])
    conversation.say("david.cohen@example.com")
    conversation.say("{{otp}}")
    turn = conversation.say(STATUS[language][index])
    # Eligible, but Moxypen is out of stock at the store: the stock is checked and nothing is proposed.
    assert turn.tools == ["prescription_verify", "inventory_check"]
    assert turn.args("prescription_verify") == {"presc_id": "p001", "intent": "refill", "language": language}
    assert turn.confirmation is None
    assert "2" in turn.reply and "2026" in turn.reply
    assert ("eligible" in turn.reply) if language == "en" else ("זכאי" in turn.reply)
    assert ("requires a prescription" in turn.reply) if language == "en" else ("מרשם" in turn.reply)


REQUEST = {
    "en": [
        "Please refill my Glucophage",
        "I'd like to order a refill of Glucophage",
        "request a refill for the metformin",
    ],
    "he": ["אני רוצה לחדש את הגלוקופאז'", "תחדש לי בבקשה את המטפורמין", "אני רוצה להזמין חידוש לגלוקופאז'"],
}


@pytest.mark.parametrize("index", [0, 1, 2])
@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_request_is_verified_checked_and_confirmed(
    chat: Callable[..., Chat], db: Database, language: str, index: int
) -> None:
    conversation = chat(language, patient_id="u002")
    before = _refills(db)
    turn = conversation.say(REQUEST[language][index])
    assert turn.tools == ["get_user_prescriptions", "prescription_verify", "inventory_check", "request_refill"]
    assert turn.args("request_refill")["presc_id"] == "p002"
    assert turn.confirmation is not None and turn.confirmation["tool"] == "request_refill"
    assert _refills(db) == before  # nothing happens before the person confirms
    assert ("Shall I go ahead" in turn.reply) if language == "en" else ("להמשיך" in turn.reply)
    done = conversation.say("yes" if language == "en" else "כן")
    assert _refills(db) == before + 1
    placed = done.result("request_refill")
    assert placed["ok"] is True and placed["refill"]["presc_id"] == "p002"
    assert ("March 2, 2026" in done.reply) if language == "en" else ("2 במרץ 2026" in done.reply)


@pytest.mark.parametrize(("language", "answer"), [("en", "no"), ("en", "no thanks, don't"), ("he", "לא")])
def test_denied_refill_does_nothing(chat: Callable[..., Chat], db: Database, language: str, answer: str) -> None:
    conversation = chat(language, patient_id="u002")
    before = _refills(db)
    conversation.say(REQUEST[language][0])
    turn = conversation.say(answer)
    assert _refills(db) == before
    assert ("nothing was done" in turn.reply) if language == "en" else ("לא בוצע" in turn.reply)


@pytest.mark.parametrize(
    ("language", "message", "fact"),
    [
        ("en", "Please refill my Lipitor", "expired"),
        ("he", "אני רוצה לחדש את הליפיטור", "פג תוקף"),
        ("en", "I want a refill of Losec", "completed"),
        ("he", "תחדש לי את הלוסק", "הושלם"),
    ],
)
def test_refill_without_valid_prescription_stops(
    chat: Callable[..., Chat], db: Database, language: str, message: str, fact: str
) -> None:
    conversation = chat(language, patient_id="u002")
    before = _refills(db)
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and "request_refill" not in turn.tools
    assert turn.result("prescription_verify")["has_valid_rx"] is False
    assert fact in turn.reply
    assert _refills(db) == before


@pytest.mark.parametrize("language", ["en", "he"])
def test_refill_of_out_of_stock_medication_is_not_requested(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language, patient_id="u002")
    turn = conversation.say("Please refill the Amoxicillin" if language == "en" else "אני רוצה לחדש את האמוקסיצילין")
    # The pickup branch, then the other one (out of stock at both: each restock date is said).
    assert turn.tools[-3:] == ["prescription_verify", "inventory_check", "inventory_check"]
    assert "request_refill" not in turn.tools
    assert ("March 11, 2026" in turn.reply) if language == "en" else ("11 במרץ 2026" in turn.reply)


def test_identity_then_refill_resumes_the_request(chat: Callable[..., Chat], db: Database) -> None:
    conversation = chat("en")
    before = _refills(db)
    first = conversation.say("I want to refill my Glucophage")
    assert first.tools == []
    conversation.say("david.cohen@example.com")
    turn = conversation.say("{{otp}}")
    assert turn.tools[0] == "verify_customer_identity" and turn.tools[-1] == "request_refill"
    assert turn.confirmation is not None
    conversation.say("go ahead")
    assert _refills(db) == before + 1
