"""Round twenty: words of whole kinds of questions that were still looked up as medication names.

- symptoms alone («נזלת») get the symptom flow; beside a product, only the product is looked up;
- a branch's parking, toilets, access, jobs or a thing left there: for the branch to say (named if given);
- who it is for ("for my wife", «לאשתי») beside a product: never a name to look up;
- murmurs and thanks ("uh huh", «המון תודות») and meal times beside a product: no name looked up;
- alcohol with a product: the label's alcohol warning, then the referral (never "couldn't find 'alcohol'").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

NOT_FOUND = {
    "en": ("couldn't find a medication named", "couldn't find '"),
    "he": ("לא מצאתי תרופה בשם", "לא מצאתי את '"),
}
REFERRAL = {"en": ("pharmacist",), "he": ("רוקח",)}
OUT_OF_SCOPE = {"en": ("I can only help with pharmacy questions",), "he": ("אני יכול לעזור רק בנושאי",)}


def _clean(turn: object, language: str) -> None:
    assert not says_any(turn, NOT_FOUND[language]), why(turn)  # type: ignore[arg-type]


# --- 1. symptoms ---------------------------------------------------------------------------------------------

SYMPTOMS_ALONE = {
    "en": [],  # English symptoms alone were already referred before this round
    "he": ["שיעול יבש"],
}


@pytest.mark.parametrize(("language", "message"), cases(SYMPTOMS_ALONE))
def test_a_symptom_alone_is_referred(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert says_any(turn, REFERRAL[language]), why(turn)
    _clean(turn, language)
    written_in(turn, language)


SYMPTOM_AND_PRODUCT = {
    "en": [
        "sore throat and a cough, do you have zyrtec?",
    ],
    "he": [
        "גרון כואב ושיעול, יש זירטק?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(SYMPTOM_AND_PRODUCT))
def test_a_symptom_beside_a_product_is_not_looked_up(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    _clean(turn, language)
    written_in(turn, language)


# --- 2. practical questions about a branch ---------------------------------------------------------------------

BRANCH = {
    "en": [
        ("any parking near the jerusalem branch?", "Jerusalem"),
        ("is there a restroom at the dizengoff store?", "Dizengoff"),
        ("can I get in with a wheelchair?", "branches"),
        ("are you hiring at the moment?", "branches"),
        ("I forgot my wallet at your dizengoff shop, did someone find it?", "Dizengoff"),
    ],
    "he": [
        ("יש חניון ליד הסניף בירושלים?", "ירושלים"),
        ("איפה השירותים בסניף דיזנגוף?", "דיזנגוף"),
        ("הסניף נגיש לכיסא גלגלים?", "סניפים"),
        ("אתם מגייסים עובדים? יש משרה פנויה?", "סניפים"),
        ("השארתי את המטרייה שלי בסניף דיזנגוף, מישהו מצא?", "דיזנגוף"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(BRANCH))
def test_a_practical_branch_question_is_for_the_branch(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, where = case
    turn = chat(language).say(message)
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert where in turn.reply and says_any(turn, {"en": ("the branch",), "he": ("בסניף",)}[language]), why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    _clean(turn, language)
    written_in(turn, language)


# --- 4. murmurs and thanks ---------------------------------------------------------------

THANKS = {
    "en": ["mm-hmm", "mhm", "uh-huh"],
    "he": ["אהא"],
}


@pytest.mark.parametrize(("language", "message"), cases(THANKS))
def test_murmurs_and_thanks_are_acknowledged(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "is zyrtec in stock?", "he": "יש זירטק?"}[language])
    turn = conversation.say(message)
    assert turn.tools == [], why(turn)
    assert not says_any(turn, OUT_OF_SCOPE[language]), why(turn)
    _clean(turn, language)
    written_in(turn, language)


# --- 5. alcohol with a product -------------------------------------------------------------------------------

ALCOHOL = {
    "en": [
        "is it ok to have a beer on tramadex?",
        "tramadex and alcohol, what does the label say?",
        "can I have wine while taking tramadex",
        "drinking alcohol with tramadex - allowed?",
        "any problem with vodka and tramadex?",
    ],
    "he": [
        "מותר לשתות בירה עם טרמדקס?",
        "טרמדקס ואלכוהול זה בסדר?",
        "אפשר כוס יין כשלוקחים טרמדקס?",
        "שתיית אלכוהול עם טרמדקס, יש בעיה?",
        "וודקה וטרמדקס ביחד?",
    ],
}
LABEL_ALCOHOL = {"en": "Do not drink alcohol", "he": "אין לשתות אלכוהול"}


@pytest.mark.parametrize(("language", "message"), cases(ALCOHOL))
def test_alcohol_with_a_product_gives_its_warning_and_a_referral(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert LABEL_ALCOHOL[language] in turn.reply, why(turn)
    assert says_any(turn, REFERRAL[language]), why(turn)
    _clean(turn, language)
    written_in(turn, language)
