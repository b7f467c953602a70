"""Round twenty-seven: a request after a greeting, small talk alone, and "what about tomorrow?" after a stock answer.

- "hey i want to check my scripts" / «היי, אפשר לראות את המרשמים שלי» (not signed in): the sign-in prompt for the
  prescriptions, never the greeting (the model read the greeting loudest);
- "hi there whats up" / «היי מה נשמע»: a greeting back, never "up" looked up as a medication;
- "what about tomorrow?" / «ומה עם מחר?» / "when are you getting more?" right after a stock answer: that product's
  stock now and, on the shelf, that a restock date is only on file once it runs out (out of stock: its
  restock date) — never "I can only help with pharmacy questions".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

GREETING_THEN_REQUEST = {
    "en": [
        "hey i want to check my scripts",
        "hello! could i see my prescriptions",
        "hi there, need to look at my prescriptions",
        "good morning i want to see my scripts please",
        "hey hey what prescriptions do i have on file",
    ],
    "he": [
        "היי, אפשר לראות את המרשמים שלי",
        "שלום! אני רוצה לבדוק את המרשמים שלי",
        "בוקר טוב, מה המרשמים שיש לי",
        "היי תראה לי בבקשה את המרשמים שלי",
        "אהלן, רציתי לראות אילו מרשמים יש לי",
    ],
}
ASK_IDENTIFIER = {"en": ["email or phone"], "he": ["המייל או מספר הטלפון", "מייל או טלפון"]}


@pytest.mark.parametrize(("language", "message"), cases(GREETING_THEN_REQUEST))
def test_a_request_after_a_greeting_asks_to_sign_in(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    written_in(turn, language)
    assert says_any(turn, ASK_IDENTIFIER[language]), why(turn)


SMALL_TALK = {
    "en": ["hi there whats up", "hey whats up", "hello how are you doing", "sup", "hiya hows it going"],
    "he": ["היי מה נשמע", "שלום מה קורה", "אהלן מה המצב", "היי מה שלומך", "בוקר טוב מה נשמע"],
}


@pytest.mark.parametrize(("language", "message"), cases(SMALL_TALK))
def test_small_talk_alone_is_greeted_and_nothing_is_looked_up(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    written_in(turn, language)
    assert turn.tools == [], why(turn)
    assert not says_any(turn, ["couldn't find", "לא מצאתי"]), why(turn)


STOCK_FIRST = {"en": "how many claritine at dizengoff", "he": "כמה קלריטין יש בדיזנגוף"}
FUTURE = {
    "en": ["what about tomorrow", "and tomorrow?", "will you have more next week?", "any more coming tmrw", "tonight?"],
    "he": ["ומה עם מחר", "יהיה מחר?", "ובשבוע הבא?", "מחר יהיה עוד?", "ומחרתיים?"],
}
NO_DATE = {"en": "restock date is only on file once", "he": "מועד חידוש מלאי נרשם רק"}


@pytest.mark.parametrize(("language", "message"), cases(FUTURE))
def test_tomorrow_after_a_stock_answer_is_that_products_stock(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(STOCK_FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert ("m017", "s1") in turn.stock_checks(), why(turn)
    assert NO_DATE[language] in turn.reply, why(turn)


OUT_FIRST = {"en": "do you have moxypen?", "he": "יש לכם מוקסיפן?"}
TOMORROW = {"en": ["what about tomorrow?"], "he": ["ומה עם מחר?"]}
BACK_ON = {"en": "March 11, 2026", "he": "11 במרץ 2026"}


@pytest.mark.parametrize(("language", "message"), cases(TOMORROW))
def test_tomorrow_after_an_out_of_stock_answer_gives_the_restock_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(OUT_FIRST[language])
    turn = conversation.say(message)
    assert BACK_ON[language] in turn.reply, why(turn)
    assert NO_DATE[language] not in turn.reply, why(turn)
