"""Round eighteen: ordinary words are never looked up as medication names.

A sweep of every free-text eval message found replies opening with "I couldn't find a medication named
'expire'" / «לא מצאתי תרופה בשם 'אבל'» where the "name" was an ordinary word. Each kind, in both languages:

- when a prescription expires, and asking to sign in: one's own records (a sign-in first, when there is none);
- keeping a pack aside or collecting it on a day or at a time ("hold one till friday", «תשמרי לי עד מחר»);
- "no, I asked…", "I said…", «לא הבנת», «טעיתי בהקלדה»: a correction of the last answer;
- hedges and openers ("maybe", "but", "quick question", «אולי», «אבל», «שאלה קטנה»);
- the form or pack wanted ("in syrup?", "the bigger pack", «בטיפות?», «החבילה הגדולה»).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

# A name looked up and not found, quoted as typed (never "no equivalent found", which is an answer).
NOT_FOUND = {
    "en": ("couldn't find a medication named", "couldn't find '"),
    "he": ("לא מצאתי תרופה בשם", "לא מצאתי את '", "לא מצאתי בדיוק את '", "תרופה בשם '"),
}
SIGN_IN = {"en": ("email",), "he": ("מייל",)}
ZYRTEC = {"en": "is zyrtec in stock?", "he": "יש זירטק במלאי?"}


def _no_name_looked_up(turn: Turn, language: str) -> None:
    assert not says_any(turn, NOT_FOUND[language]), why(turn)
    written_in(turn, language)


# --- when it expires: no name looked up --------------------------------------------------------------------------

EXPIRY = {
    "en": ["when will it expire", "is it expired yet?", "expired already?", "what's the expiry on it?",
           "has it expired?"],
    "he": ["עד מתי זה בתוקף?", "מתי זה פג?", "זה עדיין בתוקף?", "התוקף נגמר כבר?", "מתי נגמר לו התוקף?"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(EXPIRY))
def test_expiry_words_are_no_name(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    _no_name_looked_up(turn, language)
    assert "get_medication_by_name" not in turn.tools, why(turn)


# --- asking to sign in: one's own records, a sign-in first -----------------------------------------------------

SIGN_IN_ASKS = {
    "en": ["i want to verify myself", "identify myself please", "can i access my account", "logging in please",
           "how do i get logged in"],
    "he": ["איך אני מתחבר?", "איך אני מזדהה?", "תזהה אותי בבקשה", "תאמתי אותי", "איך נכנסים לחשבון שלי?"],
}  # fmt: skip


@pytest.mark.parametrize(("language", "message"), cases(SIGN_IN_ASKS))
def test_asking_to_sign_in_starts_the_sign_in(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    _no_name_looked_up(turn, language)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert says_any(turn, SIGN_IN[language]), why(turn)


# --- everyday words after a product was asked about: never a name ----------------------------------------------

EVERYDAY = {
    "en": [
        # keeping one aside, a day or a time to collect it
        "i'll pick it up tomorrow morning, ok?",
        "reserve one for saturday please",
        # a correction of the last answer
        "no, i asked whether it needs a prescription",
        "you misunderstood, i meant the stock",
        "wrong, i asked about side effects",
        # hedges and openers
        "maybe in jerusalem then?",
        "but does it need a prescription?",
        "quick question: is it otc?",
        "sorry to bother, is it still in stock?",
        # the form or the pack
        "do you have it in syrup?",
        "any drops version?",
        "is there a liquid one?",
        "and as capsules?",
        "the bigger pack, please",
    ],
    "he": [
        "לא, שאלתי אם צריך מרשם",
        "זה לא מה ששאלתי אותך",
        "אמרתי דיזנגוף ולא ירושלים",
        "לא הבנת, ביקשתי מלאי",
        "אולי בירושלים?",
        "אבל צריך לזה מרשם?",
        "שאלה קטנה, זה בלי מרשם?",
        "סליחה על ההטרדה, זה עדיין במלאי?",
        "יש את זה בסירופ?",
        "ויש בטיפות?",
        "יש משהו נוזלי?",
        "ובקפסולות?",
        "את החבילה הגדולה בבקשה",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(EVERYDAY))
def test_everyday_words_after_a_product_are_no_names(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(ZYRTEC[language])
    _no_name_looked_up(conversation.say(message), language)
