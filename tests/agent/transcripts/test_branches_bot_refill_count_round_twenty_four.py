"""Round twenty-four: the chain's branches, "are you a bot?", and a refill count that is only a question.

- "how many stores have you got?", «כמה סניפים יש לרשת?»: the branches are named (never "Which medication
  would you like me to check?");
- "am I chatting with a robot?", «את רובוטית?»: an automated assistant, said plainly, with a pharmacist on
  offer and no ticket ("I want to talk to a real person" stays a handoff);
- "how many refills do I still have on my Zoloft?", «עד מתי בתוקף המרשם לזולופט?» (signed in): the count and
  the expiry date, no "Yes," and no refill prepared (``request_refill`` is not called); "refill my Zoloft"
  still prepares it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

BRANCH_NAMES = {
    "en": ("Tel Aviv – Dizengoff", "Jerusalem – Jaffa Street"),
    "he": ("תל אביב – דיזנגוף", "ירושלים – רחוב יפו"),
}
WHICH_MED = {"en": "Which medication", "he": "איזו תרופה"}

# --- 1. the chain's branches --------------------------------------------------------------------------------------
BRANCH_QUESTIONS = {
    "en": [
        "what branches are there?",
        "how many stores have you got",
        "where are all your branches located?",
        "list your store locations please",
        "do you guys have any other branches?",
        "which pharmacies are part of your chain",
    ],
    "he": [
        "אילו סניפים יש לכם?",
        "כמה סניפים יש לרשת?",
        "אפשר רשימה של כל הסניפים?",
        "יש לכם חנויות נוספות?",
        "מה רשימת הסניפים שלכם",
        "יש לכם סניפים נוספים?",
        "באיזה ערים יש לכם סניפים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(BRANCH_QUESTIONS))
def test_a_question_about_the_branches_names_them(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert all(name in turn.reply for name in BRANCH_NAMES[language]), why(turn)
    assert WHICH_MED[language] not in turn.reply, why(turn)
    assert turn.tools == [], why(turn)
    written_in(turn, language)


PRODUCT_AT_BRANCH = {"en": "which branch has zyrtec?", "he": "באיזה סניף יש זירטק?"}


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_product_at_a_branch_is_still_a_stock_check(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language).say(PRODUCT_AT_BRANCH[language])
    assert "inventory_check" in turn.tools, why(turn)


# --- 2. is this a person? -----------------------------------------------------------------------------------------
BOT_QUESTIONS = {
    "en": [
        "hey, am I chatting with a robot?",
        "r u human",
        "is this an automated chat?",
        "wait are you an AI",
        "you're a bot, aren't you?",
        "is there a real human there?",
    ],
    "he": [
        "רגע, את רובוטית?",
        "אתה בן אדם או מחשב?",
        "אני מתכתבת עם בוט?",
        "האם אתה בינה מלאכותית?",
        "זה צ'אטבוט?",
        "יש פה בן אדם?",
    ],
}
AUTOMATED = {
    "en": ("automated assistant", "not a person"),
    "he": ("עוזר דיגיטלי", "לא בן אדם"),
}
PHARMACIST = {"en": "pharmacist", "he": "רוקח"}
GREETING_OPEN = {"en": "Hello! I'm the pharmacy assistant", "he": "שלום! אני העוזר"}


@pytest.mark.parametrize(("language", "message"), cases(BOT_QUESTIONS))
def test_asking_if_it_is_a_person_gets_a_plain_answer(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert all(part in turn.reply for part in AUTOMATED[language]), why(turn)
    assert PHARMACIST[language] in turn.reply, why(turn)  # a person is on offer
    assert "transfer_to_pharmacist" not in turn.tools, why(turn)  # but nothing is created
    assert not turn.reply.startswith(GREETING_OPEN[language]), why(turn)
    written_in(turn, language)


PERSON_REQUESTS = {
    "en": ["I want to talk to a real person", "can I speak with a human please"],
    "he": ["אני רוצה לדבר עם בן אדם", "תעביר אותי לנציג אנושי"],
}


@pytest.mark.parametrize(("language", "message"), cases(PERSON_REQUESTS))
def test_asking_for_a_person_is_still_a_handoff(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" in turn.tools, why(turn)


# --- 3. a refill count or an expiry date, asked by a signed-in customer ---------------------------------------------
COUNT_QUESTIONS = {
    "en": [
        ("u001", "how many refills do I still have on my zoloft?"),
        ("u001", "zoloft - how many renewals remain, and until when is it valid"),
        ("u007", "how many refills left on the glucophage? when does the script expire?"),
        ("u007", "any refills remaining on my metformin?"),
        ("u001", "number of refills on my sertraline prescription?"),
    ],
    "he": [
        ("u001", "כמה חידושים עוד נשארו במרשם של הזולופט?"),
        ("u001", "כמה פעמים עוד אפשר לחדש את הזולופט ועד מתי הוא בתוקף?"),
        ("u007", "כמה חידושים נותרו לי לגלוקופאז'?"),
        ("u007", "מה מספר החידושים שנשארו על המטפורמין שלי?"),
        ("u001", "יש לי עוד חידושים לסרטרלין? כמה?"),
    ],
}
COUNT_TEXT = {
    "u001": {"en": "3 refills left", "he": "נותרו שלושה חידושים"},
    "u007": {"en": "1 refill left", "he": "נותר חידוש אחד"},
}
EXPIRY = {
    "u001": {"en": "August 28, 2026", "he": "28 באוגוסט 2026"},
    "u007": {"en": "March 31, 2026", "he": "31 במרץ 2026"},
}
YES_OPEN = {"en": "Yes,", "he": "כן,"}


@pytest.mark.parametrize(("language", "case"), cases(COUNT_QUESTIONS))
def test_a_refill_count_is_answered_and_nothing_is_prepared(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    user, message = case
    turn = chat(language, patient_id=user, identity_mode="demo").say(message)
    assert "request_refill" not in turn.tools, why(turn)
    assert turn.confirmation is None, why(turn)
    assert COUNT_TEXT[user][language] in turn.reply, why(turn)
    assert EXPIRY[user][language] in turn.reply, why(turn)
    assert not turn.reply.startswith(YES_OPEN[language]), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_yes_to_the_offer_after_a_count_prepares_the_refill(chat: Callable[..., Chat], language: str) -> None:
    conversation = chat(language, patient_id="u001", identity_mode="demo")
    first = conversation.say(COUNT_QUESTIONS[language][0][1])
    assert "request_refill" not in first.tools, why(first)
    turn = conversation.say("yes" if language == "en" else "כן")
    assert "request_refill" in turn.tools, why(turn)
    assert turn.args("request_refill")["presc_id"] == "p101", why(turn)


REFILL_REQUESTS = {
    "en": [("u001", "p101", "please refill my zoloft"), ("u007", "p701", "I'd like to renew my glucophage")],
    "he": [("u001", "p101", "תחדש לי את הזולופט"), ("u007", "p701", "אני רוצה לחדש את הגלוקופאז'")],
}


@pytest.mark.parametrize(("language", "case"), cases(REFILL_REQUESTS))
def test_an_explicit_refill_request_still_prepares_it(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    user, presc, message = case
    turn = chat(language, patient_id=user, identity_mode="demo").say(message)
    assert "request_refill" in turn.tools, why(turn)
    assert turn.args("request_refill")["presc_id"] == presc, why(turn)
    assert says_any(turn, ("Shall I go ahead", "להמשיך")), why(turn)
