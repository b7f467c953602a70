"""Follow-ups round twenty-two: filler words of a follow-up were looked up as medication names.

A blind tester saw "I couldn't find a medication named 'או' / 'בא' / 'which more' / 'forte' / 'out'" after a
stock answer. Each kind is read in both languages, with fresh phrasings:

- two branches joined by "or" ("jerusalem or tel aviv, which gets it first?"): the stock and restock dates
  of the product in play at both branches;
- coming to a branch ("if I drop in at Jerusalem tomorrow", «אם אני בא לירושלים מחר»): that branch's stock;
- "which has more at Dizengoff?" after two products: both counts at that branch;
- "the forte one", "the stronger one", "the 400" after Nurofen: Nurofen Forte;
- "its equivalent", «השווה ערך שלו», "dupe?": the equivalents of the product in play;
- "you said it's out, when is it back?": its restock date.

A real unknown name is still looked up (and not found), and a product named in such a follow-up is answered
about itself.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why

NOT_FOUND = ("couldn't find a medication", "could not find a medication", "לא מצאתי תרופה בשם")
OUT_OF_SCOPE = ("only help with pharmacy", "רק בנושאי")


def _checked(turn: Turn) -> set[tuple[str, str]]:
    return {
        (str(call["arguments"].get("med_id")), str(call["arguments"].get("store_id")))
        for call in turn.calls
        if call["name"] == "inventory_check"
    }


def _clean(turn: Turn) -> None:
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert not says_any(turn, NOT_FOUND + OUT_OF_SCOPE), why(turn)


# --- 1. two branches joined by "or" ---------------------------------------------------------------------
MOXYPEN = {"en": "do you have moxypen", "he": "יש לכם מוקסיפן?"}
EITHER_BRANCH = {
    "en": [
        "which branch gets it sooner, jerusalem or tel aviv?",
        "who gets it back first - jerusalem or dizengoff",
        "jerusalem or tel aviv, where does it arrive earlier?",
        "so which restocks it quicker, tel aviv or jerusalem",
        "where will it come in first, in jerusalem or in tel aviv?",
    ],
    "he": [
        'איזה סניף יקבל את זה קודם, ירושלים או ת"א?',
        'ומי מקבל קודם, בירושלים או בת"א',
        "ולאן יגיע קודם, לירושלים או לתל אביב",
        "איפה זה חוזר מהר יותר, בדיזנגוף או בירושלים?",
        "בירושלים או בתל אביב, איפה יהיה מוקדם יותר?",
    ],
}
BOTH_DATES = {"en": ("March 11, 2026", "March 13, 2026"), "he": ("11 במרץ 2026", "13 במרץ 2026")}


@pytest.mark.parametrize(("language", "message"), cases(EITHER_BRANCH))
def test_two_branches_joined_by_or_compare_their_stock(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(MOXYPEN[language])
    turn = session.say(message)
    _clean(turn)
    assert {("m007", "s1"), ("m007", "s2")} <= _checked(turn), why(turn)
    assert all(date in turn.reply for date in BOTH_DATES[language]), why(turn)


# --- 2. coming to a branch ------------------------------------------------------------------------------
ADVIL = {"en": "do you have advil", "he": "יש אדוויל?"}
COMING = {
    "en": [
        "and if i pop into the jerusalem branch tomorrow, got any?",
        "what if i drop in at the jerusalem branch later, will they have it",
        "i could swing by jaffa street today, do they have some?",
        "if i head over to jerusalem tomorrow will there be any",
        "ok im passing by the jerusalem store later, any there?",
    ],
    "he": [
        "ואם אני באה לירושלים מחר, יהיה?",
        "אני קופצת מחר לסניף בירושלים, יש שם?",
        "ואם אעבור בירושלים אחר כך יש?",
        "אני אגיע מחר לירושלים, יש לכם שם?",
        "קופץ לירושלים בערב, יש?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(COMING))
def test_coming_to_a_branch_is_its_stock_of_the_product(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(ADVIL[language])
    turn = session.say(message)
    _clean(turn)
    assert ("m001", "s2") in _checked(turn), why(turn)
    assert "40" in turn.reply, why(turn)


# --- 3. which of two products has more at a branch ------------------------------------------------------
TWO = {"en": ("do you have acamol", "and tylenol?"), "he": ("יש אקמול?", "וטיילנול?")}
WHICH_MORE = {
    "en": [
        "which has more in stock in tel aviv",
        "which has a bigger supply in tel aviv",
        "so which is there more of at the tel aviv branch",
        "at dizengoff, which has the bigger stock?",
        "which do you have more of in tel aviv",
    ],
    "he": [
        "ממה יש יותר בתל אביב?",
        "מה מהם יש יותר בדיזנגוף",
        'איזה יש יותר במלאי בת"א',
        "ממי מהשניים נשאר יותר בתל אביב?",
        "ובדיזנגוף, של מי יש יותר?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(WHICH_MORE))
def test_which_has_more_at_a_branch_gives_both_counts(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    for opening in TWO[language]:
        session.say(opening)
    turn = session.say(message)
    _clean(turn)
    assert {("m004", "s1"), ("m005", "s1")} <= _checked(turn), why(turn)
    assert "150" in turn.reply and "5" in turn.reply.replace("150", ""), why(turn)


# --- 4. the Forte / other-strength sibling --------------------------------------------------------------
NUROFEN = {"en": "do you have nurofen", "he": "יש נורופן?"}
SIBLING = {
    "en": [
        "is the higher strength one available",
        "the higher dose version?",
        "the stronger one?",
        "how about the stronger version",
        "and the extra strength one?",
    ],
    "he": [
        "והגרסה החזקה, יש?",
        "ומה עם הגרסה החזקה שלו?",
        "ומה עם החזק יותר?",
        "והחזקה יותר?",
        "ומה עם החזק יותר, יש?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(SIBLING))
def test_the_forte_one_is_the_sibling_product(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(NUROFEN[language])
    turn = session.say(message)
    assert not says_any(turn, NOT_FOUND + OUT_OF_SCOPE), why(turn)  # the ingredient may be looked up for its siblings
    assert any(call["arguments"].get("med_id") == "m003" for call in turn.calls), why(turn)
    assert says_any(turn, ("Forte", "פורטה")), why(turn)


# --- 5. its equivalent; slang for one -------------------------------------------------------------------
LIPITOR = {"en": "do you have lipitor", "he": "יש ליפיטור?"}
EQUIVALENT = {
    "en": [
        "dupe for it?",
        "dupe?",
        "any dupes for it?",
        "is there a knockoff of it",
        "got an off brand one?",
    ],
    "he": [
        "ומה השווה ערך שלו",
        "יש לו שווה ערך?",
        "ומה המקביל שלו?",
        "מה שווה ערך לו?",
        "ומה שווה הערך?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(EQUIVALENT))
def test_its_equivalent_or_a_dupe_lists_the_equivalents(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(LIPITOR[language])
    turn = session.say(message)
    _clean(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == "m011", why(turn)
    assert says_any(turn, ("Litorva", "ליטורבה")), why(turn)


# --- 6. "you said it's out" ------------------------------------------------------------------------------
SAID_OUT = {
    "en": [
        "you said it's out, when will it be back?",
        "it's out? when does it come back",
        "you told me it's out - when's the restock",
        "sold out huh, when will you get more",
        "so it's out, back when?",
    ],
    "he": [
        "אמרת שאזל, מתי יחזור?",
        "אמרתם שנגמר, מתי שוב יהיה?",
        "כתבת שאין, מתי זה חוזר?",
        "אזל? מתי מגיע?",
        "כתבתם שאזל מהמלאי, מתי חוזר?",
    ],
}
ADVIL_DATE = {"en": "March 8, 2026", "he": "8 במרץ 2026"}


@pytest.mark.parametrize(("language", "message"), cases(SAID_OUT))
def test_you_said_its_out_asks_the_restock_date(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(ADVIL[language])
    turn = session.say(message)
    _clean(turn)
    assert ("m001", "s1") in _checked(turn) or ("m001", "None") in _checked(turn), why(turn)
    assert ADVIL_DATE[language] in turn.reply, why(turn)


# --- negatives: a real name is still looked up; a product named is answered about itself ---------------
UNKNOWN = {
    "en": ["and blorfex in jerusalem or tel aviv?", "if i come to jerusalem tomorrow is there blorfex?"],
    "he": ["ובלורפקס בירושלים או בתל אביב?", "ואם אני בא לירושלים מחר יש בלורפקס?"],
}


@pytest.mark.parametrize(("language", "message"), cases(UNKNOWN))
def test_an_unknown_name_in_such_a_follow_up_is_still_not_found(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    session = chat(language=language)
    session.say(MOXYPEN[language])
    turn = session.say(message)
    assert says_any(turn, NOT_FOUND), why(turn)
    assert "m007" not in str(_checked(turn)), why(turn)


NAMED = {
    "en": [
        ("and zyrtec, jerusalem or tel aviv?", "m006"),
        ("if i come to jerusalem tomorrow is there nurofen?", "m002"),
        ("what about the forte one of zyrtec, I mean claritine", "m017"),
    ],
    "he": [
        ("וזירטק, בירושלים או בתל אביב?", "m006"),
        ("ואם אני בא לירושלים מחר יש נורופן?", "m002"),
        ("ומה עם קלריטין, יש חיקוי?", "m017"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(NAMED))
def test_a_product_named_in_the_follow_up_is_answered_about_itself(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, med_id = case
    session = chat(language=language)
    session.say(MOXYPEN[language])
    turn = session.say(message)
    assert not says_any(turn, NOT_FOUND), why(turn)
    ids = {str(call["arguments"].get("med_id")) for call in turn.calls}
    assert med_id in ids and "m007" not in ids, why(turn)
