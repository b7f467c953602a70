"""Issue #14: what an eighth round of fresh, multi-turn customer conversations found, pinned in both languages.

- "what's the status of that?" / "מה הסטטוס של הבקשה?" right after a refill: that prescription's refill
  status again, never "I can only help with pharmacy questions";
- "why not?" / "למה אי אפשר?" right after a refill was refused: the status again, which says why (expired),
  and "אי" of "אי אפשר" is never looked up as a medication name;
- "same thing in 200?" / "ויש את אותו דבר ב-200?" after a product: that product in the strength asked for
  (Nurofen Forte 400 → Nurofen 200), never an identical equivalent (which has the same strength) nor a lookup;
- "טוב ביי", "טוב, יום טוב", "good night" are goodbyes, never answered with the greeting or as out of scope.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}
NOT_FOUND = {"en": ("couldn't find a medication named",), "he": ("לא מצאתי תרופה בשם",)}

# --- "what's the status of that?" after a refill ------------------------------------------------------------

REFILL_FIRST = {"en": "I'd like to refill my zoloft", "he": "אני רוצה לחדש את הזולופט"}
STATUS = {
    "en": ["what's the status of that?", "so what's the status?", "any news on that?", "what's the status now?",
           "ok, and what is the status?"],
    "he": ["אז מה הסטטוס של הבקשה?", "מה הסטטוס של הבקשה?", "אז מה המצב עם זה?", "מה קורה עם הבקשה?",
           "זה מוכן כבר?"],
}  # fmt: skip
BEING_PREPARED = {"en": ("already being prepared",), "he": ("כבר נמצא בהכנה",)}
ZOLOFT = {"en": "Zoloft", "he": "זולופט"}


@pytest.mark.parametrize(("language", "message"), cases(STATUS))
def test_the_status_of_the_refill_just_asked_for(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u009", identity_mode="demo")
    first = conversation.say(REFILL_FIRST[language])
    assert says_any(first, BEING_PREPARED[language]), why(first)
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools, why(turn)
    assert says_any(turn, BEING_PREPARED[language]) and ZOLOFT[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


# After a refill that was requested and confirmed (u002's Glucophage): the status of that request.
CONFIRMED_FIRST = {"en": "please refill my glucophage", "he": "תחדש לי את הגלוקופאז' בבקשה"}
GLUCOPHAGE = {"en": "Glucophage", "he": "גלוקופאז'"}


@pytest.mark.parametrize(("language", "message"), cases({k: v[:2] for k, v in STATUS.items()}))
def test_the_status_after_a_confirmed_refill_request(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u002", identity_mode="demo")
    asked = conversation.say(CONFIRMED_FIRST[language])
    assert asked.confirmation is not None, why(asked)
    conversation.approve()
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools, why(turn)
    assert GLUCOPHAGE[language] in turn.reply and not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    written_in(turn, language)


# --- "why not?" after a refused refill ----------------------------------------------------------------------

REFUSED_FIRST = {"en": "please refill my eltroxin", "he": "תחדש לי את האלטרוקסין בבקשה"}
WHY_NOT = {
    "en": ["why not?", "why?", "what's the reason?", "so why not?", "why is that?"],
    "he": ["למה אי אפשר?", "למה?", "מדוע?", "מה הסיבה?", "למה לא?"],
}
EXPIRED = {"en": ("expired on",), "he": ("פג תוקף",)}


@pytest.mark.parametrize(("language", "message"), cases(WHY_NOT))
def test_why_not_after_a_refused_refill_says_why(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id="u010", identity_mode="demo")
    first = conversation.say(REFUSED_FIRST[language])
    assert says_any(first, EXPIRED[language]), why(first)
    turn = conversation.say(message)
    assert "prescription_verify" in turn.tools and "get_medication_by_name" not in turn.tools, why(turn)
    assert says_any(turn, EXPIRED[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- "the same thing in 200?" -------------------------------------------------------------------------------

FORTE_FIRST = {"en": "do you have nurofen forte?", "he": "יש לכם נורופן פורטה?"}
OTHER_STRENGTH = {
    "en": ["is there the same thing in 200?", "do you have it in 200 mg?", "and in 200?", "same but 200?",
           "what about the 200 mg one?"],
    "he": ["ויש את אותו דבר ב-200?", "ויש ב-200?", "יש גם של 200?", 'ומה עם 200 מ"ג?', "ובחוזק 200?"],
}  # fmt: skip
NUROFEN_200 = {"en": "Nurofen (Ibuprofen) 200 mg", "he": 'נורופן (איבופרופן) 200 מ"ג'}


@pytest.mark.parametrize(("language", "message"), cases(OTHER_STRENGTH))
def test_the_same_product_in_another_strength(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FORTE_FIRST[language])
    turn = conversation.say(message)
    assert "inventory_check" in turn.tools and "inventory_find_equivalent" not in turn.tools, why(turn)
    assert NUROFEN_200[language] in turn.reply, why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]) and not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# After "is it in stock in Jerusalem?" offered an identical equivalent: another strength is not accepting it.
@pytest.mark.parametrize(("language", "message"), cases({k: v[:2] for k, v in OTHER_STRENGTH.items()}))
def test_another_strength_after_the_equivalents_offer(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FORTE_FIRST[language])
    conversation.say({"en": "and in jerusalem?", "he": "ובירושלים?"}[language])
    turn = conversation.say(message)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
    assert NUROFEN_200[language] in turn.reply, why(turn)
    assert turn.args("inventory_check").get("store_id") == "s2", why(turn)
    written_in(turn, language)


# --- a goodbye --------------------------------------------------------------------------------------------

GOODBYE = {
    "en": ["ok bye", "ok good night", "have a good one", "alright, take care", "good night then"],
    "he": ["טוב ביי", "טוב, יום טוב", "טוב, יום נעים", "אוקיי, שבת שלום", "טוב, שבוע טוב"],
}
GREETING = {"en": ("I'm the pharmacy assistant",), "he": ("אני העוזר הדיגיטלי",)}
WELCOME = {"en": ("You're welcome",), "he": ("בשמחה",)}


@pytest.mark.parametrize(("language", "message"), cases(GOODBYE))
def test_a_goodbye_is_not_a_greeting(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FORTE_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert says_any(turn, WELCOME[language]) and not says_any(turn, GREETING[language]), why(turn)
    written_in(turn, language)


# A refill of a medication the person has no prescription for (u010 has only Eltroxin): the question stays
# about that medication, never about the one prescription on file, and the name is said.
NO_RX_FIRST = {"en": "please refill my zoloft", "he": "אני רוצה לחדש את הזולופט"}
NO_RX = {"en": ("don't see a valid prescription for zoloft",), "he": ("לא מצאתי מרשם בתוקף לזולופט",)}
ELTROXIN = {"en": "Eltroxin", "he": "אלטרוקסין"}


@pytest.mark.parametrize(("language", "message"), cases({k: [*STATUS[k][:2], *WHY_NOT[k][:2]] for k in ("en", "he")}))
def test_the_status_of_a_refill_with_no_prescription_names_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id="u010", identity_mode="demo")
    conversation.say(NO_RX_FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, NO_RX[language]) and ELTROXIN[language] not in turn.reply, why(turn)
    written_in(turn, language)


# "טוב להתראות" / "לילה טוב" / "טוב לשמוע" hold "טוב ל…", which is also how "good for" is asked: a farewell
# or a pleasantry is answered as one, never refused as a request for medical advice.
PLEASANTRIES = {
    "en": [
        "ok, good to hear, bye",
        "great to know, thanks",
        "alright good night",
        "nice to hear that, thanks",
        "ok see you",
    ],
    "he": ["טוב להתראות", "טוב, לילה טוב", "טוב לשמוע, תודה רבה", "אוקיי להתראות", "טוב לשמוע, לילה טוב"],
}
ADVICE_REFUSAL = {"en": ("medical advice",), "he": ("ייעוץ רפואי",)}


@pytest.mark.parametrize(("language", "message"), cases(PLEASANTRIES))
def test_a_farewell_is_not_refused_as_advice(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FORTE_FIRST[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert not says_any(turn, ADVICE_REFUSAL[language]), why(turn)
    assert says_any(turn, WELCOME[language]), why(turn)
    written_in(turn, language)
