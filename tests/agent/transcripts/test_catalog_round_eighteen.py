"""Catalog round eighteen: questions the offline engine misread, in both languages.

- "when's it back?" / "מתי יגיע עוד?" right after a stock answer: the restock date from the inventory, never a
  name look-up of "when's" or a sign-in;
- a branch question glued to its opening ("ישסניף בחיפה?") or with "stores": no branch there, never a name;
- "X or Y" (one spelt as it sounds): the stock of both;
- "2 boxes of acamol": a count, never a strength; fewer in stock than asked: how many there are;
- an ingredient in a strength none of its products has ("ibuprofen 600mg"): said, with the strengths there are;
- "do you have Lipitor? and Advil in Jerusalem?": the branch belongs to the sentence it was said in.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

NOT_FOUND = {"en": "couldn't find", "he": "לא מצאתי"}


def _stock_checked(turn: Turn) -> set[tuple[str, str]]:
    return {
        (str(call["arguments"].get("store_id")), str(call["arguments"].get("med_id")))
        for call in turn.calls
        if call["name"] == "inventory_check"
    }


# --- when is it back ------------------------------------------------------------------------------------------

FIRST = {"en": "is advil in stock?", "he": "יש לכם אדוויל?"}
BACK = {
    "en": [
        "when's it back?",
        "when will you get more",
        "any idea when it'll be back in stock?",
        "ok when do you restock it",
        "and when is it coming back",
    ],
    "he": ["מתי זה חוזר למלאי?", "מתי יגיע עוד?", "ומתי הוא יחזור?", "מתי יהיה שוב?", "אתם יודעים מתי יגיע?"],
}
ADVIL_DATE = {"en": "March 8, 2026", "he": "8 במרץ 2026"}


@pytest.mark.parametrize(("language", "message"), cases(BACK))
def test_when_back_gives_the_restock_date(chat: Callable[..., Chat], language: str, message: str) -> None:
    c = chat(language)
    c.say(FIRST[language])
    turn = c.say(message)
    assert ADVIL_DATE[language] in turn.reply, why(turn)
    assert ("s1", "m001") in _stock_checked(turn), why(turn)
    assert NOT_FOUND[language] not in turn.reply and "get_medication_by_name" not in turn.tools, why(turn)
    written_in(turn, language)


# --- a branch in a town without one ---------------------------------------------------------------------------

BRANCH = {
    "en": ["any stores in netanya?", "got stores in haifa?", "any stores in beer sheva?"],
    "he": ["ישסניף בחיפה?", "ישלכםסניף באילת?", "ישסניף בנתניה", "וישסניף בהרצליה?", "ישסניפים בחיפה?"],
}
NO_BRANCH = {"en": "We don't have a branch in", "he": "אין לנו סניף ב"}
BRANCHES = {"en": ("Tel Aviv", "Jerusalem"), "he": ("תל אביב", "ירושלים")}


@pytest.mark.parametrize(("language", "message"), cases(BRANCH))
def test_branch_question_names_the_branches(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert NO_BRANCH[language] in turn.reply, why(turn)
    assert all(name in turn.reply for name in BRANCHES[language]), why(turn)
    assert NOT_FOUND[language] not in turn.reply and "get_medication_by_name" not in turn.tools, why(turn)
    written_in(turn, language)


# --- one or the other -----------------------------------------------------------------------------------------

EITHER = {
    "en": [
        "zirtek or claratin",
        "zirtek or claritine?",
        "claritine or zirtek",
        "zyrtek or claritin?",
        "zirtec or claritine",
    ],
    "he": ["זירטק או קלריטין?", "קלריטין או זירטק", "זירטק או קלריטין", "זירטק או קלריטין??", "זירטק, או קלריטין?"],
}


@pytest.mark.parametrize(("language", "message"), cases(EITHER))
def test_either_answers_the_stock_of_both(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = {med for _, med in _stock_checked(turn)}
    assert {"m006", "m017"} <= checked, why(turn)
    assert turn.confirmation is None and not says_any(turn, ("did you mean", "התכוונת")), why(turn)
    written_in(turn, language)


# --- a quantity, not a strength -------------------------------------------------------------------------------

COUNTS = {
    "en": ["2 boxes of acamol", "can I get 3 packs of acamol?", "I'd like 3 boxes of acamol", "acamol 2 boxes"],
    "he": ["2 קופסאות אקמול", "יש לכם 3 חבילות אקמול?", "אני צריכה 2 קופסאות אקמול", "אקמול 2 קופסאות"],
}
NOT_STRENGTH = {"en": "not 2", "he": "לא 2"}


@pytest.mark.parametrize(("language", "message"), cases(COUNTS))
def test_count_is_not_a_strength(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert ("None", "m004") in _stock_checked(turn) or ("s1", "m004") in _stock_checked(turn), why(turn)
    assert not says_any(turn, ("not 2", "not 3", "לא 2", "לא 3", "2 mg", "3 mg", '2 מ"ג', '3 מ"ג')), why(turn)
    written_in(turn, language)


SHORT = {
    "en": ["10 boxes of tylenol please", "I need 8 packs of tylenol", "do you have 6 boxes of tylenol?"],
    "he": ["10 קופסאות טיילנול", "אני צריך 8 חבילות טיילנול", "יש לכם 6 קופסאות טיילנול?"],
}
ONLY = {"en": "has only 5 units", "he": "יש רק 5 יחידות"}


@pytest.mark.parametrize(("language", "message"), cases(SHORT))
def test_fewer_than_asked_says_how_many(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert ONLY[language] in turn.reply, why(turn)
    written_in(turn, language)


THEN_COUNT = {
    "en": ["I need 3 packs", "3 boxes please", "can I get 2 packs?"],
    "he": ["אני צריכה 3 קופסאות", "צריך 2 קופסאות ממנו", "אפשר 2 קופסאות?"],
}


@pytest.mark.parametrize(("language", "message"), cases(THEN_COUNT))
def test_count_alone_is_about_the_last_product(chat: Callable[..., Chat], language: str, message: str) -> None:
    c = chat(language)
    c.say({"en": "do you have acamol", "he": "יש אקמול?"}[language])
    turn = c.say(message)
    assert "m004" in {med for _, med in _stock_checked(turn)}, why(turn)
    assert NOT_FOUND[language] not in turn.reply, why(turn)
    written_in(turn, language)


# --- an ingredient in a strength not carried ------------------------------------------------------------------

STRENGTH = {
    "en": ["ibuprofen 600mg", "do you have ibuprofen 600?", "ibuprofen 800 mg in stock?", "paracetamol 1000 mg?"],
    "he": ["איבופרופן 600", "יש איבופרופן 600?", 'איבופרופן 800 מ"ג', 'פרצטמול 1000 מ"ג?'],
}
MISSING = {"en": "We don't carry", "he": "אין לנו"}


@pytest.mark.parametrize(("language", "message"), cases(STRENGTH))
def test_missing_strength_is_said(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    line = next((line for line in turn.reply.splitlines() if MISSING[language] in line), "")
    assert line and ("500" in line or "200" in line), why(turn)
    written_in(turn, language)


# --- a branch belongs to its own sentence ---------------------------------------------------------------------

SCOPED = {
    "en": [
        "do you have lipitor? and advil in jerusalem?",
        "is lipitor in stock? and what about advil in jerusalem",
        "got lipitor? also advil in jlm?",
    ],
    "he": [
        "יש ליפיטור? ואדוויל בירושלים?",
        "יש לכם ליפיטור? ומה עם אדוויל בירושלים?",
        "ליפיטור במלאי? ואדוויל בירושלים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(SCOPED))
def test_branch_applies_to_its_own_part(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    checked = _stock_checked(turn)
    assert ("s1", "m011") in checked, why(turn)
    assert ("s2", "m001") in checked, why(turn)
    written_in(turn, language)
