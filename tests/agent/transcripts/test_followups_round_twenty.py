"""Round twenty: Hebrew agreement in replies, and follow-ups that used to repeat the previous answer.

- a pharmacist, a doctor ("רוקח/ת", "הרופא/ה") is never the subject of a plural verb ("יוכלו", "יחזרו");
  a reply that says "your prescription" ("שלך") does not switch to the plural "you" ("לבכם");
- the prescription list of a patient with one prescription offers to check "its" refill, not "any of these";
- "why not?" after a refused refill, a warning or an advice refusal: the reason, never the same reply (an
  "avoid" warning is said again with its reason);
- "how many?" right after a stock line: the count said plainly, never the same stock line;
- "and the dosing?", "כמה בפעם?" after a stock answer: the label's dosage and warnings of that product.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

# A slash form of a person followed (within two words) by a plural verb.
_PLURAL_AFTER_SLASH = re.compile(r"[א-ת]+/[א-ת]+(?: [א-ת]+){0,2} (?:יוכלו|יחזרו|יעזרו|יכולים|אינם|ישמחו)(?![א-ת])")

# --- agreement ---------------------------------------------------------------------------------------------

AGREEMENT = [
    ("u002", ["אני רוצה לדבר עם רוקח"]),  # the handoff: who gets back to the person
    ("u002", ["תחדש לי את המוקסיפן"]),  # out of stock everywhere: who can help meanwhile
    ("u002", ["יש לכם משהו לכאב ראש?"]),  # a purpose refusal: who can help choose
    ("u005", ["אפשר לחדש את הטרמדקס?", "למה הוא בוטל?"]),  # the reason is not on file: who can tell
    (None, ["מה עדיף, אקמול או אדוויל?"]),  # a comparison refusal
    ("u002", ["אי אפשר לבטל את החידוש?"]),  # nothing to cancel: who can
]


@pytest.mark.parametrize(("patient", "messages"), AGREEMENT)
def test_no_plural_verb_after_a_slash_form(chat: Callable[..., Chat], patient: str | None, messages: list[str]) -> None:
    conversation = chat("he", patient_id=patient) if patient else chat("he")
    for message in messages:
        turn = conversation.say(message)
        assert not _PLURAL_AFTER_SLASH.search(turn.reply), why(turn)
        written_in(turn, "he")


REFUSED_REFILLS = ["אפשר לחדש את הליפיטור?", "תחדש לי לוסק", "אני צריכה חידוש של ליפיטור", "חידוש ללוסק בבקשה"]


@pytest.mark.parametrize("message", REFUSED_REFILLS)
def test_one_you_in_a_refill_refusal(chat: Callable[..., Chat], message: str) -> None:
    turn = chat("he", patient_id="u002").say(message)
    assert "שלך" in turn.reply and "לבכם" not in turn.reply, why(turn)


# --- one prescription: "its", not "any of these" ------------------------------------------------------------

MY_LIST = {
    "en": ["show my prescriptions", "what prescriptions do I have?", "list my prescriptions please",
           "which prescriptions are on file for me?", "my prescriptions?"],
    "he": ["תראה לי את המרשמים שלי", "אילו מרשמים יש לי?", "מה המרשמים שלי", "רשימת המרשמים שלי בבקשה",
           "המרשמים שלי?"],
}  # fmt: skip
ANY_OF_THESE = {"en": ("any of these",), "he": ("אחד מהם",)}
ITS = {"en": ("its refill status",), "he": ("החידוש שלו",)}


@pytest.mark.parametrize(("language", "message"), cases(MY_LIST))
@pytest.mark.parametrize("patient", ["u001", "u007"])
def test_one_prescription_is_offered_as_one(
    chat: Callable[..., Chat], language: str, message: str, patient: str
) -> None:
    turn = chat(language, patient_id=patient).say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert not says_any(turn, ANY_OF_THESE[language]) and says_any(turn, ITS[language]), why(turn)
    written_in(turn, language)


def test_several_prescriptions_keep_any_of_these(chat: Callable[..., Chat]) -> None:
    turn = chat("en", patient_id="u002").say("show my prescriptions")
    assert says_any(turn, ANY_OF_THESE["en"]), why(turn)


# --- "why not?" ---------------------------------------------------------------------------------------------

WHY = {
    "en": ["why not?", "how come?", "but why?", "why is that?", "what's the reason?"],
    "he": ["למה לא?", "מדוע?", "אבל למה?", "מה הסיבה?", "למה אי אפשר?"],
}
# (patient, request in each language, a word of the reason in each language)
REFUSALS = [
    ("u002", {"en": "can I refill my lipitor?", "he": "אפשר לחדש את הליפיטור?"}, {"en": "expired", "he": "פג"}),
    ("u002", {"en": "refill my losec please", "he": "תחדש לי את הלוסק"}, {"en": "been used", "he": "נוצלו"}),
    ("u003", {"en": "can I renew plavix?", "he": "אפשר לחדש פלביקס?"}, {"en": "no refills", "he": "לא נותרו"}),
    ("u005", {"en": "can I refill the tramadex?", "he": "אפשר לחדש טרמדקס?"}, {"en": "cancelled", "he": "בוטל"}),
]
BECAUSE = {"en": "Because", "he": "כי "}


@pytest.mark.parametrize(("language", "message"), cases(WHY))
@pytest.mark.parametrize(("patient", "asked", "reason"), REFUSALS)
def test_why_not_after_a_refused_refill_gives_the_reason(
    chat: Callable[..., Chat],
    language: str,
    message: str,
    patient: str,
    asked: dict[str, str],
    reason: dict[str, str],
) -> None:
    conversation = chat(language, patient_id=patient)
    before = conversation.say(asked[language])
    turn = conversation.say(message)
    assert turn.reply.strip() != before.reply.strip(), why(turn)
    assert turn.reply.startswith(BECAUSE[language]) and reason[language] in turn.reply, why(turn)
    written_in(turn, language)


AVOID_PAIR = {"en": "can I take advil with my coumadin?", "he": "אפשר לקחת אדוויל עם הקומדין שלי?"}
AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}
FACT = {"en": ("bleeding",), "he": ("דימום",)}


@pytest.mark.parametrize(("language", "message"), cases(WHY))
def test_why_not_after_an_avoid_warning_keeps_the_warning(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u003")
    before = conversation.say(AVOID_PAIR[language])
    turn = conversation.say(message)
    assert turn.reply.strip() != before.reply.strip(), why(turn)
    assert says_any(turn, AVOID[language]) and says_any(turn, FACT[language]), why(turn)
    assert says_any(turn, (BECAUSE[language].strip(), "בגלל")), why(turn)


BETTER = {"en": "which is better, acamol or advil?", "he": "מה עדיף, אקמול או אדוויל?"}


@pytest.mark.parametrize(("language", "message"), cases(WHY))
def test_why_not_after_an_advice_refusal(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    before = conversation.say(BETTER[language])
    turn = conversation.say(message)
    assert turn.reply.strip() != before.reply.strip(), why(turn)
    assert turn.reply.startswith(BECAUSE[language]), why(turn)
    written_in(turn, language)


# --- "how many?" after the stock ----------------------------------------------------------------------------

HOW_MANY = {
    "en": ["how many?", "how many exactly?", "how many do you have?", "how many are left?", "ok how many in stock?"],
    "he": ["כמה?", "כמה בדיוק?", "כמה יש לכם?", "כמה נשאר?", "וכמה יש בדיוק?"],
}
STOCK = {"en": "do you have tylenol?", "he": "יש טיילנול?"}
STOCK_LINE = {"en": ("limited quantity",), "he": ("בכמות מוגבלת",)}


@pytest.mark.parametrize(("language", "message"), cases(HOW_MANY))
def test_how_many_after_the_stock_says_the_count(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    before = conversation.say(STOCK[language])
    turn = conversation.say(message)
    assert turn.reply.strip() != before.reply.strip(), why(turn)
    assert "5" in turn.reply and not says_any(turn, STOCK_LINE[language]), why(turn)
    written_in(turn, language)


# --- the dosage after the stock -----------------------------------------------------------------------------

DOSAGE = {
    "en": ["and the dosing?", "dosage instructions?", "how many at once?", "how often is it taken?",
           "how many mg each time?"],
    "he": ["כמה בפעם?", "וכמה נוטלים?", "כמה מנות?", "והוראות המינון?", "ומינון יומי?", "כמה לפי העלון?"],
}  # fmt: skip
NUROFEN = {"en": "is nurofen available?", "he": "יש נורופן?"}
LABEL = {"en": ("Dosage (from the label)", "1,200 mg"), "he": ("מינון (לפי העלון)", '1,200 מ"ג')}
WARNINGS = {"en": ("Warnings",), "he": ("אזהרות",)}
NOT_THIS = {
    "en": ("units available", "couldn't find", "prices"),
    "he": ("יחידות", "לא מצאתי", "מחירים"),
}


@pytest.mark.parametrize(("language", "message"), cases(DOSAGE))
def test_dosage_after_the_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(NUROFEN[language])
    turn = conversation.say(message)
    assert all(part in turn.reply for part in LABEL[language]), why(turn)
    assert says_any(turn, WARNINGS[language]) and not says_any(turn, NOT_THIS[language]), why(turn)
    written_in(turn, language)
