"""Issue #14, kinds 8 and 9: a refill asks once, and Hebrew replies are well written.

A refill, whether asked about or ordered, leads to exactly one yes/no question and one pending confirmation;
"yes" completes it without a second question. Hebrew replies use final letter forms at the end of words,
say "one refill" in words rather than "נותרו 1", and never glue a name to a prefix and an article.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

# --- Kind 8: a refill asks once -------------------------------------------------------------------------

ASKS_ABOUT_REFILL = {
    "en": [
        "can I refill my Glucophage?",
        "is it possible to renew my glucophage",
        "could i get a refill on glucophage?",
        "can u refill the glucophage for me?",
        "am I able to refill my metformin?",
    ],
    "he": [
        "אפשר לחדש לי את הגלוקופאז'?",
        "אפשר חידוש לגלוקופאז'?",
        "אני יכול לחדש את הגלוקופאז' שלי?",
        "אפשר לקבל עוד גלוקופאז' על המרשם?",
        "אפשר לחדש מטפורמין?",
    ],
}
ORDERS_REFILL = {
    "en": [
        "please refill my Glucophage",
        "refill glucophage pls",
        "I need a refill of my Glucophage",
        "renew my glucophage prescription",
        "go ahead and refill my metformin",
    ],
    "he": [
        "תחדש לי בבקשה גלוקופאז'",
        "חידוש לגלוקופאז' בבקשה",
        "אני צריך חידוש של הגלוקופאז'",
        "תזמין לי חידוש גלוקופאז'",
        "תחדש את המטפורמין שלי",
    ],
}
YES = {"en": "yes", "he": "כן"}
DONE = {"en": ("done",), "he": ("בוצע",)}


def _refill_asks_once_then_completes(conversation: Chat, language: str, message: str) -> None:
    asked = conversation.say(message)
    assert asked.confirmation is not None, why(asked)
    assert asked.tools.count("request_refill") == 1, why(asked)  # one pending confirmation
    assert asked.args("request_refill")["presc_id"] == "p002", why(asked)
    assert asked.reply.count("?") == 1, why(asked)  # one yes/no question, asked once
    written_in(asked, language)
    done = conversation.say(YES[language])
    assert done.result("request_refill")["ok"] is True, why(done)
    assert says_any(done, DONE[language]), why(done)
    assert "?" not in done.reply, why(done)  # no second question
    assert done.confirmation is None, why(done)
    written_in(done, language)


@pytest.mark.parametrize(("language", "message"), cases(ASKS_ABOUT_REFILL))
def test_refill_question_asks_once_then_completes(chat: Callable[..., Chat], language: str, message: str) -> None:
    _refill_asks_once_then_completes(chat(language, patient_id="u002"), language, message)


@pytest.mark.parametrize(("language", "message"), cases(ORDERS_REFILL))
def test_refill_order_asks_once_then_completes(chat: Callable[..., Chat], language: str, message: str) -> None:
    _refill_asks_once_then_completes(chat(language, patient_id="u002"), language, message)


# --- Kind 9: text quality in Hebrew ---------------------------------------------------------------------

# A Hebrew word ending in כ מ נ פ צ (which have final forms ך ם ן ף ץ): the letter is followed by a space,
# the end or punctuation, possibly after a closing quote ('ויטמינ'.). Abbreviations such as מ"ג and words
# such as צ'יפס are not matched: there the quote is followed by a letter.
NON_FINAL_AT_END = re.compile(r"[א-ת]*[א-ת][כמנפצ](?=['\"״’”]?(?:\s|$|[.,!?;:)]))")
BRANDS_HE = (
    "אדוויל",
    "נורופן",
    "אקמול",
    "טיילנול",
    "זירטק",
    "מוקסיפן",
    "גלוקופאז'",
    "זולופט",
    "קומדין",
    "ליפיטור",
    "ליטורבה",
    "טרמדקס",
    "לוסק",
    "פלביקס",
    "מיקרופירין",
    "קלריטין",
    "אופטלגין",
    "אלטרוקסין",
    "קלסיד",
    "סימוביל",
    "אוגמנטין",
)
# ל/ב/כ absorb the article: "לזולופט", never "להזולופט".
GLUED = re.compile(r"(?<![א-ת])[ולבכמש]*[לבכ]ה(?:" + "|".join(re.escape(name) for name in BRANDS_HE) + ")")
DIGIT_ONE_PLURAL = ("נותרו 1 ", "יישארו 1 ", "נותרו 1\n", "יישארו 1\n")


def _well_written_hebrew(turn: Turn) -> None:
    assert turn.is_hebrew(), why(turn)
    assert NON_FINAL_AT_END.findall(turn.reply) == [], why(turn)
    for phrase in DIGIT_ONE_PLURAL:
        assert phrase not in turn.reply + "\n", why(turn)
    assert GLUED.findall(turn.reply) == [], why(turn)


HEBREW_CONVERSATIONS: list[tuple[str | None, list[str]]] = [
    (None, ["יש לכם אדוויל?", "כן"]),
    (None, ["מה זה איבופרופן?"]),
    (None, ["אני לוקח זולופט, אפשר גם טרמדקס?"]),
    (None, ["מה יש לכם בלי מרשם?"]),
    (None, ["יש תחליף לליפיטור?"]),
    (None, ["מוקסיפן במלאי?", "כן"]),
    ("u002", ["מה המרשמים שלי?"]),
    ("u003", ["תראה לי את המרשמים שלי"]),
    ("u005", ["תחדש לי את האלטרוקסין", "כן"]),
    ("u006", ["תחדש לי את הסימוביל", "כן"]),
    ("u007", ["כמה חידושים נשארו לי על הגלוקופאז'?"]),
    (None, ["יש לכם ויטמין?"]),
    (None, ["יש לכם משחה לפצעים?"]),
    (None, ["יש לכם אדוויל?", "כן בבקשה, מה יש במקום?"]),
]


@pytest.mark.parametrize(("patient_id", "messages"), HEBREW_CONVERSATIONS)
def test_hebrew_replies_are_well_written(
    chat: Callable[..., Chat], patient_id: str | None, messages: list[str]
) -> None:
    conversation = chat("he", patient_id=patient_id)
    for message in messages:
        _well_written_hebrew(conversation.say(message))


U006_LIST = [
    "מה המרשמים שלי?",
    "תראה לי את המרשמים שלי",
    "אילו מרשמים יש לי?",
    "כמה חידושים נשארו לי?",
    "רשימת המרשמים שלי בבקשה",
]


@pytest.mark.parametrize("message", U006_LIST)
def test_one_refill_left_is_said_in_words(chat: Callable[..., Chat], message: str) -> None:
    turn = chat("he", patient_id="u006").say(message)
    assert "get_user_prescriptions" in turn.tools, why(turn)
    assert "סימוביל" in turn.reply, why(turn)
    assert "נותר חידוש אחד" in turn.reply, why(turn)
    _well_written_hebrew(turn)


PREFIXED_NAMES = [
    "אפשר לשלב את הזולופט עם הטרמדקס?",
    "יש תחליף להליפיטור?",
    "מה זה הקומדין?",
    "יש לכם את הנורופן?",
    "כמה עולה האדוויל?",
    "ובשביל הסימוביל צריך מרשם?",
]


@pytest.mark.parametrize("message", PREFIXED_NAMES)
def test_names_after_hebrew_prefixes_are_not_glued(chat: Callable[..., Chat], message: str) -> None:
    turn = chat("he").say(message)
    assert turn.tools or says_any(turn, ("מחיר", "רוקח")), why(turn)  # the name was understood
    _well_written_hebrew(turn)


@pytest.mark.parametrize("message", ["אפשר לקחת איבופרופן עם וורפרין?", "אני לוקחת אקמול ו-Advil ביחד, זה בסדר?"])
def test_hebrew_and_is_never_glued_to_a_name_that_starts_with_vav_or_a_latin_letter(
    chat: Callable[..., Chat], message: str
) -> None:
    turn = chat("he").say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert "ווורפרין" not in turn.reply and "וAdvil" not in turn.reply, why(turn)
