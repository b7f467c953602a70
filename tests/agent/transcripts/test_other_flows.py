"""Interactions, handoff, not found and ambiguity, small talk, advice, and hostile input, end to end."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from pharmai.db.engine import Database
from pharmai.db.models import Product, RefillRequest, Ticket
from tests.agent.transcripts.harness import Chat

INTERACTION = {
    "en": [
        "Is there an interaction between warfarin and ibuprofen?",
        "Do you have Coumadin and Advil?",
        "Coumadin together with Advil, any interaction?",
    ],
    "he": ["יש אינטראקציה בין קומדין לאדוויל?", "יש לכם קומדין ואדוויל?", "וורפרין ביחד עם איבופרופן, יש אינטראקציה?"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in INTERACTION.items() for m in ms])
def test_two_medications_get_the_avoid_warning(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "interaction_check" in turn.tools
    assert turn.result("interaction_check")["interaction_level"] == "avoid"
    assert sorted(turn.args("interaction_check")["med_ids"]) == ["m001", "m010"]
    if language == "en":
        assert "cannot be taken together" in turn.reply and "bleeding" in turn.reply
    else:
        assert "יחד" in turn.reply and "דימום" in turn.reply and turn.is_hebrew()


@pytest.mark.parametrize(
    ("language", "message", "fact"),
    [
        ("en", "interaction between Acamol and Coumadin?", "INR"),
        ("he", "יש אינטראקציה בין אקמול לקומדין?", "INR"),
        ("en", "Do you have Zyrtec and Acamol?", "No interactions"),
        ("he", "יש לכם זירטק ואקמול?", "לא רשומה"),
    ],
)
def test_caution_and_none_levels(chat: Callable[..., Chat], language: str, message: str, fact: str) -> None:
    turn = chat(language).say(message)
    assert "interaction_check" in turn.tools
    assert fact in turn.reply


ADVICE_PAIR = {"en": "Can I take Advil with Coumadin?", "he": "אפשר לשלב אדוויל עם קומדין?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_advice_about_a_pair_runs_the_check_then_refers(chat: Callable[..., Chat], language: str) -> None:
    # Seed 000 (issue #14): medications named together are always checked and the result stated; only the
    # personal judgement ("can I take…") is referred to a pharmacist.
    turn = chat(language).say(ADVICE_PAIR[language])
    assert turn.tools == ["interaction_check"]
    assert turn.result("interaction_check")["interaction_level"] == "avoid"
    assert ("cannot be taken together" in turn.reply) if language == "en" else ("לא ניתן ליטול" in turn.reply)
    assert ("pharmacist" in turn.reply) if language == "en" else ("רוקח" in turn.reply)


MIXED = {
    "en": ["What is the dosage of Advil, and should I take it for my back pain?"],
    "he": ["מה המינון של אדוויל? והאם כדאי לי לקחת אותו לכאב גב?"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in MIXED.items() for m in ms])
def test_mixed_message_gets_facts_and_refusal(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["get_medication_by_name"]
    assert "1,200" in turn.reply
    assert ("pharmacist" in turn.reply) if language == "en" else ("רוקח" in turn.reply)


PURE_ADVICE = {
    "en": ["What should I take for a sore throat?", "Is Advil better than Acamol?", "How much can I give my child?"],
    "he": ["מה כדאי לקחת נגד כאב גרון?", "אדוויל יותר טוב מאקמול?", "כמה אקמול לתת לילד שלי?"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in PURE_ADVICE.items() for m in ms])
def test_advice_is_refused_without_tool_calls(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    # Two medications named together ("Advil better than Acamol?") still get the interaction check.
    assert [t for t in turn.tools if t != "interaction_check"] == []
    assert ("pharmacist" in turn.reply) if language == "en" else ("רוקח" in turn.reply)
    assert turn.is_english() if language == "en" else turn.is_hebrew()


HANDOFF = {
    "en": ["I want to talk to a pharmacist", "can I speak to a human?", "transfer me to a pharmacist please"],
    "he": ["אני רוצה לדבר עם רוקח", "אפשר לדבר עם נציג?", "תעביר אותי לרוקחת בבקשה"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in HANDOFF.items() for m in ms])
def test_handoff_opens_a_ticket(chat: Callable[..., Chat], db: Database, language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["transfer_to_pharmacist"]
    ticket = turn.result("transfer_to_pharmacist")["ticket"]
    assert ticket["ticket_id"] in turn.reply
    with db.session() as session:
        assert session.get(Ticket, ticket["ticket_id"]) is not None


NOT_FOUND = {
    "en": ["Do you have xanaxx?", "tell me about flurbozol", "is zzyzx in stock?"],
    "he": ["יש לכם קסנקס?", "ספר לי על פלורבוזול", "האם זזיזקס במלאי?"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in NOT_FOUND.items() for m in ms])
def test_unknown_medication_is_not_found(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["get_medication_by_name"]
    assert turn.result("get_medication_by_name")["error"]["code"] == "MED_NOT_FOUND"
    assert ("couldn't find" in turn.reply) if language == "en" else ("לא מצאתי" in turn.reply)


@pytest.mark.parametrize(
    ("language", "message", "answer", "expected"),
    [
        ("en", "tell me about amox", "the first one", "m007"),
        ("en", "what is amox", "#2", "m022"),
        ("en", "info on amox", "Augmentin", "m022"),
        ("he", "ספר לי על אמוקס", "השני", "m022"),
        ("he", "מה זה אמוקס?", "הראשון", "m007"),
        ("he", "מידע על אמוקס", "אוגמנטין", "m022"),
    ],
)
def test_ambiguous_name_gets_one_question(
    chat: Callable[..., Chat], language: str, message: str, answer: str, expected: str
) -> None:
    conversation = chat(language)
    asked = conversation.say(message)
    assert asked.result("get_medication_by_name")["error"]["code"] == "AMBIGUOUS"
    assert asked.reply.count("?") == 1
    turn = conversation.say(answer)
    assert turn.result("get_medication_by_name")["medication"]["med_id"] == expected


@pytest.mark.parametrize(
    ("language", "message", "fact"),
    [
        ("en", "hello", "How can I help"),
        ("en", "hi there", "How can I help"),
        ("en", "good morning", "How can I help"),
        ("he", "שלום", "במה אפשר לעזור"),
        ("he", "היי", "במה אפשר לעזור"),
        ("he", "בוקר טוב", "במה אפשר לעזור"),
        ("en", "thanks!", "welcome"),
        ("en", "thank you so much", "welcome"),
        ("en", "many thanks", "welcome"),
        ("he", "תודה", "בשמחה"),
        ("he", "תודה רבה!", "בשמחה"),
        ("he", "מעולה תודה", "בשמחה"),
        ("en", "help", "I can help with"),
        ("en", "what can you do?", "I can help with"),
        ("en", "how can you help me", "I can help with"),
        ("he", "עזרה", "אפשר לעזור ב"),
        ("he", "מה אתה יכול לעשות?", "אפשר לעזור ב"),
        ("he", "במה אתה יכול לעזור?", "אפשר לעזור ב"),
        ("en", "What's the weather tomorrow?", "only help with pharmacy"),
        ("en", "who won the game yesterday", "only help with pharmacy"),
        ("en", "write me a poem", "only help with pharmacy"),
        ("he", "מה מזג האוויר?", "רק בנושאי בית מרקחת"),
        ("he", "מי ניצח במשחק?", "רק בנושאי בית מרקחת"),
        ("he", "תכתוב לי שיר", "רק בנושאי בית מרקחת"),
    ],
)
def test_small_talk_and_out_of_scope(chat: Callable[..., Chat], language: str, message: str, fact: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == []
    assert fact in turn.reply
    assert turn.language == language


def _counts(db: Database) -> tuple[int, int]:
    with db.session() as session:
        products = session.scalar(select(func.count()).select_from(Product))
        refills = session.scalar(select(func.count()).select_from(RefillRequest))
    return int(products or 0), int(refills or 0)


@pytest.mark.parametrize(
    "message",
    [
        "'; DROP TABLE products; --",
        "<script>alert('x')</script>",
        "advil' OR '1'='1",
        "x" * 3999,
        "refill " * 500,
        "#999",
        "123456",
        "{{}} %s %(name)s {0}",
    ],
)
def test_hostile_input_is_harmless(chat: Callable[..., Chat], db: Database, message: str) -> None:
    before = _counts(db)
    turn = chat("en").say(message)
    assert turn.error is None and turn.reply
    assert "<script>" not in turn.reply or "alert" not in turn.reply.replace(message[:60], "")
    assert _counts(db) == before
    assert "request_refill" not in turn.tools
