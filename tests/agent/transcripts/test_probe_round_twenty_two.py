"""Probe round twenty-two: "back to the first one" after a one-item list, and listed names looked up by id.

After "do you have Advil at Dizengoff?" (out of stock) and "what about the cheaper one?" (the equivalents: a
list of one, Nurofen), "fine, back to the first one, when is it back?" reached the stock tool with the
placeholder id "?" and the customer read "Some of the input is not valid: med_id". A list of one has no
first one: the first product of the conversation is meant; and an option picked from a list is looked up by
its name, never sent as an unresolved id.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why

OPENING = {"en": "do you have advil at dizengoff", "he": "יש לכם אדוויל בדיזנגוף?"}
EQUIVALENT = {"en": "ok what about the cheaper one", "he": "ומה עם התחליף?"}
BACK = {
    "en": [
        "fine back to the first one when is it back",
        "ok going back to the first one, when do you get it again?",
        "and the first one, when is it back in stock",
        "what about the first one, when will it arrive",
        "back to the 1st one - restock date?",
    ],
    "he": [
        "טוב חוזרים לראשון, מתי הוא חוזר?",
        "ומה עם הראשון, מתי הוא יגיע?",
        "בחזרה לראשונה, מתי מגיע מלאי?",
        "והראשון מתי חוזר למלאי",
        "לגבי הראשון - מתי יהיה שוב?",
    ],
}
RESTOCK_DATE = {"en": ("March 8, 2026",), "he": ("8 במרץ 2026",)}
INTERNAL = ("not valid", "med_id", "אינו תקין", "לא תקין")


@pytest.mark.parametrize(("language", "message"), cases(BACK))
def test_back_to_the_first_one_after_a_list_of_one_is_the_first_product(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    session = chat(language=language)
    session.say(OPENING[language])
    listed = session.say(EQUIVALENT[language])
    assert "inventory_find_equivalent" in listed.tools, why(listed)
    turn = session.say(message)
    assert not says_any(turn, INTERNAL), why(turn)
    assert turn.args("inventory_check")["med_id"] == "m001", why(turn)  # Advil, not the equivalent listed
    assert says_any(turn, RESTOCK_DATE[language]), why(turn)


def test_no_tool_ever_gets_the_placeholder_id(chat: Callable[..., Chat]) -> None:
    for language in ("en", "he"):
        session = chat(language=language)
        session.say(OPENING[language])
        session.say(EQUIVALENT[language])
        for message in BACK[language]:
            turn = session.say(message)
            for call in turn.calls:
                assert "?" not in str(call["arguments"].get("med_id", "")), why(turn)


# "is Optalgin ok with Coumadin?" got only "no interactions are recorded": read as "it's safe". Nothing
# recorded is stated, and whether the pair is right for someone is referred, as every personal judgement is.
JUDGEMENT = {
    "en": [
        "is optalgin ok with coumadin?",
        "can my dad take acamol together with plavix",
        "any problem taking glucophage and zyrtec at the same time?",
        "is it safe to use nurofen while on eltroxin",
        "my wife is on zoloft, would claritine be fine with it?",
    ],
    "he": [
        "אופטלגין עם קומדין זה בסדר?",
        "אבא שלי יכול לקחת אקמול ביחד עם פלביקס?",
        "יש בעיה לקחת גלוקופאג' וזירטק באותו זמן?",
        "ומה אם היא תיקח נורופן עם האלטרוקסין",
        "אשתי על זולופט, מותר לה קלריטין?",
    ],
}
NOTHING_RECORDED = {"en": ("No interactions between",), "he": ("לא רשומה אינטראקציה",)}
REFERRED = {"en": ("pharmacist or doctor",), "he": ("רוקח/ת או רופא/ה",)}


@pytest.mark.parametrize(("language", "message"), cases(JUDGEMENT))
def test_nothing_recorded_for_a_pair_asked_about_is_stated_and_the_judgement_referred(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language=language).say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, NOTHING_RECORDED[language]), why(turn)
    assert says_any(turn, REFERRED[language]), why(turn)


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_stock_question_naming_two_products_gets_no_referral(chat: Callable[..., Chat], language: str) -> None:
    message = {"en": "do you have acamol and zyrtec?", "he": "יש לכם אקמול וזירטק?"}[language]
    turn = chat(language=language).say(message)
    assert says_any(turn, NOTHING_RECORDED[language]), why(turn)
    assert not says_any(turn, REFERRED[language]), why(turn)
