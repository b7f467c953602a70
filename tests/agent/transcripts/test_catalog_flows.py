"""Seed 001 flows A and B and seed 000's equivalents rule, three phrasings per language, end to end."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

INFO = {
    "en": ["What is Ibuprofen used for?", "Tell me about ibuprofen", "Can I get some information on Ibuprofen?"],
    "he": ["מה זה איבופרופן?", "ספר לי על איבופרופן", "אפשר מידע על איבופרופן?"],
}


@pytest.mark.parametrize(("language", "message"), [(lang, m) for lang, ms in INFO.items() for m in ms])
def test_medication_info_gives_label_facts(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["get_medication_by_name"]
    assert turn.result("get_medication_by_name")["ok"] is True
    assert turn.language == language
    assert "1,200" in turn.reply and "200–400" in turn.reply  # the label dosage
    assert "NSAIDs" in turn.reply  # the allergy warning
    if language == "en":
        assert turn.is_english() and "ulcers" in turn.reply and "does not require a prescription" in turn.reply
    else:
        assert turn.is_hebrew() and "כיב קיבה" in turn.reply and "אינה דורשת מרשם" in turn.reply


ADVICE_FOLLOW_UP = {
    "en": ["Should I take it for my headache?", "Is it better than Acamol for me?", "What should I take for a cold?"],
    "he": ["זה מתאים לי?", "מה כדאי לי לקחת לכאב ראש?", "אפשר לשלב את זה עם אקמול?"],
}


@pytest.mark.parametrize(("language", "message"), [(lang, m) for lang, ms in ADVICE_FOLLOW_UP.items() for m in ms])
def test_advice_after_facts_is_refused_without_tools(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(INFO[language][0])
    turn = conversation.say(message)
    # "combine this with Acamol?" names a second medication: the interaction check runs with "this" (seed 000),
    # nothing else does.
    assert set(turn.tools) <= {"interaction_check"}
    assert ("pharmacist" in turn.reply) if language == "en" else ("רוקח" in turn.reply)
    assert "200–400" not in turn.reply


AVAILABILITY = {
    "en": ["Do you have Amoxicillin in stock?", "Is amoxicillin available?", "any amoxicillin left?"],
    "he": ["יש לכם אמוקסיצילין?", "האם אמוקסיצילין במלאי?", "אמוקסיצילין זמין אצלכם?"],
}


@pytest.mark.parametrize(("language", "message"), [(lang, m) for lang, ms in AVAILABILITY.items() for m in ms])
def test_out_of_stock_gives_restock_date_and_rx_note(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    turn = conversation.say(message)
    # Out here: the other branch is checked too (out there as well: "out of stock at both branches").
    assert set(turn.tools) == {"inventory_check"}
    assert turn.result("inventory_check")["matches"][0]["qty_on_hand"] == 0
    if language == "en":
        assert "out of stock" in turn.reply and "March 11, 2026" in turn.reply and "prescription" in turn.reply
        follow = conversation.say("What about Cetirizine?")
        assert "200 units" in follow.reply and "Zyrtec" in follow.reply
    else:
        assert "אזל" in turn.reply and "11 במרץ 2026" in turn.reply and "מרשם" in turn.reply
        follow = conversation.say("ומה עם צטיריזין?")
        assert "200 יחידות" in follow.reply and "זירטק" in follow.reply
    assert follow.tools == ["inventory_check"]


LOW = {
    "en": ["Is Tylenol in stock?", "do you have tylenol", "tylenol availability please"],
    "he": ["יש לכם טיילנול?", "טיילנול במלאי?", "האם טיילנול זמין?"],
}


@pytest.mark.parametrize(("language", "message"), [(lang, m) for lang, ms in LOW.items() for m in ms])
def test_low_stock_is_said(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["inventory_check"]
    assert "5" in turn.reply
    assert ("limited" in turn.reply) if language == "en" else ("כמות מוגבלת" in turn.reply)


def test_store_named_in_message_is_checked(chat: Callable[..., Chat]) -> None:
    en = chat("en").say("Do you have Advil in Jerusalem?")
    he = chat("he").say("יש אדוויל בסניף ירושלים?")
    for turn in (en, he):
        assert turn.args("inventory_check")["store_id"] == "s2"
        assert "40" in turn.reply


YES = {"en": ["yes", "yes please", "sure"], "he": ["כן", "כן בבקשה", "בטח"]}


@pytest.mark.parametrize(("language", "answer"), [(lang, a) for lang, answers in YES.items() for a in answers])
def test_out_of_stock_offers_equivalents_with_disclosure(chat: Callable[..., Chat], language: str, answer: str) -> None:
    conversation = chat(language)
    first = conversation.say("Do you have Advil?" if language == "en" else "יש לכם אדוויל?")
    assert set(first.tools) == {"inventory_check"}  # here, and the other branch (Jerusalem has 40)
    assert "inventory_find_equivalent" not in first.tools  # only if the person wants a substitute
    turn = conversation.say(answer)
    assert turn.tools == ["inventory_find_equivalent"]
    assert turn.args("inventory_find_equivalent")["med_id"] == "m001"
    assert "85" in turn.reply
    if language == "en":
        assert "Nurofen" in turn.reply and "price" in turn.reply and "inactive ingredients" in turn.reply
    else:
        assert "נורופן" in turn.reply and "מחיר" in turn.reply and "אריזה" in turn.reply


@pytest.mark.parametrize(("language", "answer"), [("en", "no thanks"), ("he", "לא תודה"), ("en", "no")])
def test_declined_equivalents_are_not_searched(chat: Callable[..., Chat], language: str, answer: str) -> None:
    conversation = chat(language)
    conversation.say("Do you have Advil?" if language == "en" else "יש לכם אדוויל?")
    turn = conversation.say(answer)
    assert turn.tools == []


def test_no_equivalent_is_said(chat: Callable[..., Chat]) -> None:
    conversation = chat("en")
    conversation.say("Is Moxypen in stock?")
    turn = conversation.say("yes")
    assert turn.result("inventory_find_equivalent")["error"]["code"] == "NO_EQUIVALENTS_FOUND"
    assert "no identical equivalent" in turn.reply


EXPLICIT_EQUIVALENT = {
    "en": ["Is there an equivalent of Lipitor?", "any alternative to lipitor?", "substitute for Lipitor"],
    "he": ["יש תחליף לליפיטור?", "יש חלופה לליפיטור?", "מה יש במקום ליפיטור?"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in EXPLICIT_EQUIVALENT.items() for m in ms])
def test_equivalents_asked_directly(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["inventory_find_equivalent"]
    assert ("Litorva" in turn.reply) if language == "en" else ("ליטורבה" in turn.reply)


LISTS = {
    "en": [
        "Which OTC medications do you have in stock?",
        "list medications without a prescription",
        "show me over the counter meds in stock",
    ],
    "he": ["אילו תרופות ללא מרשם יש במלאי?", "רשימת תרופות בלי מרשם", "תראה לי תרופות ללא מרשם במלאי"],
}


@pytest.mark.parametrize(("language", "message"), [(k, m) for k, ms in LISTS.items() for m in ms])
def test_list_medications_with_filters(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.tools == ["list_medications"]
    assert turn.args("list_medications")["rx_filter"] == "non_rx"
    names = [m["med_id"] for m in turn.result("list_medications")["medications"]]
    assert "m004" in names and "m007" not in names
    assert ("Acamol" in turn.reply) if language == "en" else ("אקמול" in turn.reply)


def test_list_prescription_medications(chat: Callable[..., Chat]) -> None:
    turn = chat("en").say("list prescription medications that are out of stock")
    assert turn.args("list_medications")["rx_filter"] == "rx"
    assert turn.args("list_medications")["stock_filter"] == "out_of_stock"
    assert "Moxypen" in turn.reply


CHEAPER = {
    "en": [
        "whats cheaper than lipitor",
        "is there something cheaper instead of Lipitor?",
        "lipitor is pricey, cheaper one?",
    ],
    "he": ["מה יותר זול מליפיטור", "יש משהו זול יותר במקום ליפיטור?", "ליפיטור יקר לי, יש יותר זול?"],
}


@pytest.mark.parametrize(("language", "message"), cases(CHEAPER))
def test_cheaper_than_a_product_gives_its_equivalents_and_says_prices_are_not_on_file(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert says_any(turn, ["Litorva", "ליטורבה"]), why(turn)
    assert says_any(turn, ["prices on file", "מידע על מחירים"]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "anything cheaper instead of nurofen forte?"), ("he", "יש משהו זול יותר מנורופן פורטה?")],
)
def test_no_equivalent_names_the_product_never_its_id(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.result("inventory_find_equivalent")["error"]["code"] == "NO_EQUIVALENTS_FOUND", why(turn)
    assert not re.search(r"\bm\d{3}\b", turn.reply), why(turn)
    assert says_any(turn, ["nurofen forte", "נורופן פורטה"]), why(turn)
