"""Branches asked about as people spell them, and "the regular one" after a variant product.

- A branch asked about in a city we have no branch in, with a medication in the same message and no
  question mark between them ("is there a branch in Netanya cause I need Acamol", «יש לכם סניף בנתניה כי אני
  מחפש אקמול») or the city spelt as it sounds ("heifa", «חיפא»): no branch there, and the medication's stock at
  both our branches in the same reply (it had been only the offer to check one of them, or a name look-up).
- Our two cities spelt as they sound, as a follow-up after a stock answer ("and in yerushalayim", "what about
  dizengof", «ובירשלם», «ובדזינגוף»): the same product at that branch, never a medication named "yerushalayim".
  A city we have no branch in, spelt oddly ("and in heifa?", «ובחיפא?»): no branch there, never a name look-up.
- "the regular one", "the non-forte", «והרגיל», «בלי הפורטה» after Nurofen Forte: Nurofen (m002), the plain
  product of the same brand, at the branch talked about. "regular use", «המינון הרגיל» keep the product.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, why, written_in

NO_BRANCH = {"en": "We don't have a branch in", "he": "אין לנו סניף ב"}
NOT_FOUND = {"en": "couldn't find a medication", "he": "לא מצאתי תרופה"}

# --- a branch in a city we have no branch in, and a medication ----------------------------------------------

BRANCH_AND_MED = {
    "en": [
        ("is there a branch in netanya cause i need acamol", "m004"),
        ("do you guys have a pharmacy in eilat because im looking for claritine", "m017"),
        ("any location in ashdod since i need optalgin", "m018"),
        ("you have a shop in hifa? need some nurofen", "m002"),
        ("got a store in heifa i wanna buy zyrtec", "m006"),
        ("is there a branch of yours in rehovot cuz i want micropirin", "m016"),
    ],
    "he": [
        ("יש לכם סניף בנתניה כי אני מחפש אקמול", "m004"),
        ("האם יש סניף שלכם באשדוד כי אני צריכה אופטלגין", "m018"),
        ("יש לכם סניף בחיפא אני צריכה נורופן", "m002"),
        ("רציתי לדעת אם יש סניף ברחובות כיוון שאני צריך מיקרופירין", "m016"),
        ("תגידו יש סניף בכפר סבא כי אני צריך קלריטין", "m017"),
        ("היי יש לכם סניף בהרצליה כי אני מחפשת זירטק", "m006"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(BRANCH_AND_MED))
def test_no_branch_there_and_the_medication_at_ours(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, med_id = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert NO_BRANCH[language] in turn.reply, why(turn)
    assert {(med_id, "s1"), (med_id, "s2")} <= turn.stock_checks(), why(turn)
    assert "get_medication_by_name" not in turn.tools, why(turn)


# --- our cities spelt as they sound, after a stock answer --------------------------------------------------

CITY_FOLLOW_UP = {
    "en": [
        ("glucophage in stock?", "and in yerushalayim?", "m008", "s2"),
        ("do you have zyrtec", "what about jeruzalem", "m006", "s2"),
        ("claritine stock in jerusalem?", "and at dizengof?", "m017", "s1"),
        ("any litorva?", "yerushalaim branch?", "m012", "s2"),
        ("acamol in jlm?", "and in tel a viv", "m004", "s1"),
        ("micropirin stock?", "how about yerushalem", "m016", "s2"),
    ],
    "he": [
        ("יש גלוקופאז'?", "ובירשלם?", "m008", "s2"),
        ("יש זירטק בירושלים?", "ובדזנגוף?", "m006", "s1"),
        ("יש קלריטין בירושלים?", "ומה בדזינגוף", "m017", "s1"),
        ("יש אקמול בירושלים?", "ובדיזינגף?", "m004", "s1"),
        ("כמה ליטורבה יש?", "ובירושלאיים", "m012", "s2"),
        ("יש מיקרופירין?", "ומה עם ירשלם", "m016", "s2"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(CITY_FOLLOW_UP))
def test_a_city_spelt_as_it_sounds_is_that_branch(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str, str]
) -> None:
    first, follow_up, med_id, store = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    written_in(turn, language)
    assert (med_id, store) in turn.stock_checks(), why(turn)
    assert NOT_FOUND[language] not in turn.reply and "get_medication_by_name" not in turn.tools, why(turn)


ODD_PLACE = {
    "en": ["and in heifa?", "what about elat", "any branch in hifa", "and in natanya?", "how about tverya"],
    "he": ["ובחיפא?", "ומה עם נתניא", "יש סניף בטבריא?", "ובחייפה?", "ובנהרייה?"],
}
FIRST = {"en": "glucophage 850 in stock?", "he": "יש גלוקופאז' 850?"}


@pytest.mark.parametrize(("language", "message"), cases(ODD_PLACE))
def test_a_city_we_lack_spelt_oddly_is_no_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert NO_BRANCH[language] in turn.reply, why(turn)
    assert NOT_FOUND[language] not in turn.reply and "get_medication_by_name" not in turn.tools, why(turn)


# --- "the regular one" after a variant ----------------------------------------------------------------------

REGULAR = {
    "en": [
        ("nurofen forte in stock?", "and the regular one?", "None"),
        ("is nurofen forte available at dizengoff", "what about the plain one", "s1"),
        ("any nurofen forte?", "and the non-forte?", "None"),
        ("got nurofen forte in jlm?", "hmm and the normal version there?", "s2"),
        ("nurofen forte stock please", "ok the basic one then", "None"),
        ("do you carry nurofen forte in jerusalem", "not the forte, the standard one there?", "s2"),
    ],
    "he": [
        ("יש נורופן פורטה?", "והרגיל?", "None"),
        ("יש לכם נורופן פורטה בירושלים?", "ומה עם הרגילה שם", "s2"),
        ("נורופן פורטה במלאי?", "בלי הפורטה", "None"),
        ("יש נורופן פורטה בדיזנגוף?", "ואת הפשוט?", "s1"),
        ("נורופן פורטה יש?", "לא הפורטה, הרגיל", "None"),
        ("יש נורופן פורטה בירושלים", "אוקיי והבסיסי שם?", "s2"),
    ],
}
PLAIN = {"en": "Nurofen (Ibuprofen)", "he": "נורופן (איבופרופן)"}


@pytest.mark.parametrize(("language", "case"), cases(REGULAR))
def test_the_regular_one_after_a_variant_is_the_plain_product(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    first, follow_up, store = case
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    written_in(turn, language)
    assert ("m002", store) in turn.stock_checks(), why(turn)
    assert not any(med == "m003" for med, _ in turn.stock_checks()), why(turn)
    assert PLAIN[language] in turn.reply, why(turn)


REGULAR_INFO = {"en": ("what is nurofen forte?", "and the regular one?"), "he": ("מה זה נורופן פורטה?", "והרגיל?")}


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_regular_one_after_a_label_is_the_plain_products_label(chat: Callable[..., Chat], language: str) -> None:
    first, follow_up = REGULAR_INFO[language]
    conversation = chat(language)
    conversation.say(first)
    turn = conversation.say(follow_up)
    written_in(turn, language)
    assert PLAIN[language] in turn.reply and "200" in turn.reply, why(turn)


# Guards (held before too): a word of kind that describes no product keeps the thread's product.
KEEPS = {"en": ["is it ok for regular use?", "whats the normal dose?"], "he": ["מה המינון הרגיל?"]}


@pytest.mark.parametrize(("language", "message"), cases(KEEPS))
def test_a_kind_word_about_no_product_keeps_the_variant(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language)
    conversation.say({"en": "nurofen forte?", "he": "נורופן פורטה?"}[language])
    turn = conversation.say(message)
    assert "m002" not in {med for med, _ in turn.stock_checks()}, why(turn)
    assert PLAIN[language] not in turn.reply, why(turn)
