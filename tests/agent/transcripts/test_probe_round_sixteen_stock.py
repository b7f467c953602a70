"""Probe round sixteen, out of stock at the customer's branch, in both languages.

- "do you have Lipitor?" with Lipitor out at the session's branch says, on Lipitor's own line, the restock date
  there and which other branch has it and how many (Jerusalem, 10); the equivalents offer stays, nothing else
  is pushed;
- several products in one question: each one out here gets the other branch's stock on its own line;
- a product out at every branch (Moxypen): "out of stock at both branches", with each branch's restock date;
- the session's branch is Jerusalem: Nurofen Forte, out there, is in stock in Tel Aviv (30);
- a product in stock here gets no line about the other branch.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

OUT = {"en": "out of stock", "he": "אזל"}
OFFER = {"en": ("identical equivalent",), "he": ("תחליף זהה",)}
JERUSALEM = {"en": "Jerusalem", "he": "ירושלים"}
TEL_AVIV = {"en": "Tel Aviv", "he": "תל אביב"}
BOTH = {"en": ("out of stock at both branches",), "he": ("אין במלאי בשני הסניפים",)}


def _line(turn: Turn, *parts: str) -> str:
    """The reply's line that has every one of ``parts`` ("" when none has)."""
    return next((line for line in turn.reply.splitlines() if all(p in line for p in parts)), "")


def _checked(turn: Turn) -> set[tuple[str, str]]:
    """The (store, product) pairs whose stock the turn checked (``None`` store: the session's)."""
    return {
        (str(call["arguments"].get("store_id")), str(call["arguments"].get("med_id")))
        for call in turn.calls
        if call["name"] == "inventory_check"
    }


# --- one product, out at the session's branch ------------------------------------------------------------------

LIPITOR = {
    "en": [
        "do you have lipitor?",
        "is lipitor in stock",
        "got any lipitor",
        "lipitor available?",
        "hi, do u guys have lipitor in stock",
        "do you have lipitor 20 mg",
    ],
    "he": [
        "יש לכם ליפיטור?",
        "חחח טוב, יש לכם ליפיטור?",
        "ליפיטור במלאי?",
        "יש ליפיטור?",
        "ויש לכם ליפיטור",
        "האם הליפיטור זמין?",
    ],
}
LIPITOR_DATE = {"en": "March 6, 2026", "he": "6 במרץ 2026"}
LIPITOR_THERE = {"en": "10 units", "he": "10 יחידות"}


@pytest.mark.parametrize(("language", "message"), cases(LIPITOR))
def test_out_here_says_which_branch_has_it(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    line = _line(turn, OUT[language], LIPITOR_DATE[language])
    assert line, why(turn)
    assert JERUSALEM[language] in line and LIPITOR_THERE[language] in line, why(turn)
    assert says_any(turn, OFFER[language]) and turn.confirmation is None, why(turn)
    assert ("s2", "m011") in _checked(turn), why(turn)
    written_in(turn, language)


ADVIL = {
    "en": ["is advil in stock?", "do u have advil", "why don't you have advil for a week??"],
    "he": ["יש לכם אדוויל?", "אדוויל במלאי?", "ובכלל למה אין לכם אדוויל כבר שבוע??"],
}
ADVIL_DATE = {"en": "March 8, 2026", "he": "8 במרץ 2026"}
ADVIL_THERE = {"en": "40 units", "he": "40 יחידות"}


@pytest.mark.parametrize(("language", "message"), cases(ADVIL))
def test_advil_out_in_tel_aviv_is_in_jerusalem(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    line = _line(turn, OUT[language], ADVIL_DATE[language])
    assert JERUSALEM[language] in line and ADVIL_THERE[language] in line, why(turn)
    written_in(turn, language)


# --- several products in one question ----------------------------------------------------------------------------

SEVERAL = {
    "en": ["do you have advil, lipitor and zyrtec?", "is advil, lipitor or zyrtec in stock"],
    "he": ["יש לכם אדוויל, ליפיטור וזירטק?", "יש במלאי אדוויל, ליפיטור וזירטק?"],
}
ZYRTEC_HERE = {"en": "200 units", "he": "200 יחידות"}


@pytest.mark.parametrize(("language", "message"), cases(SEVERAL))
def test_each_product_out_here_gets_its_own_branch_line(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    advil = _line(turn, OUT[language], ADVIL_DATE[language])
    lipitor = _line(turn, OUT[language], LIPITOR_DATE[language])
    assert advil != lipitor, why(turn)  # one line per product
    assert JERUSALEM[language] in advil and ADVIL_THERE[language] in advil, why(turn)
    assert JERUSALEM[language] in lipitor and LIPITOR_THERE[language] in lipitor, why(turn)
    zyrtec = _line(turn, ZYRTEC_HERE[language])
    assert zyrtec and JERUSALEM[language] not in zyrtec, why(turn)  # in stock here: nothing about elsewhere
    written_in(turn, language)


GENERIC = {"en": ["do you have ibuprofen?", "is ibuprofen in stock"], "he": ["יש לכם איבופרופן?", "איבופרופן במלאי?"]}


@pytest.mark.parametrize(("language", "message"), cases(GENERIC))
def test_a_generic_names_where_its_missing_brand_is(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    advil = _line(turn, OUT[language], ADVIL_DATE[language])
    assert JERUSALEM[language] in advil and ADVIL_THERE[language] in advil, why(turn)
    written_in(turn, language)


# --- out at every branch -------------------------------------------------------------------------------------------

EVERYWHERE = {
    "en": ["is moxypen in stock?", "do you have amoxicillin", "any moxypen?", "moxypen available in jerusalem?"],
    "he": ["יש לכם מוקסיפן?", "יש אמוקסיצילין?", "המוקסיפן במלאי?", "יש מוקסיפן בירושלים?"],
}
DATES = {"en": ("March 11, 2026", "March 13, 2026"), "he": ("11 במרץ 2026", "13 במרץ 2026")}


@pytest.mark.parametrize(("language", "message"), cases(EVERYWHERE))
def test_out_everywhere_says_both_branches_with_each_date(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert says_any(turn, BOTH[language]), why(turn)
    line = _line(turn, *DATES[language])
    assert TEL_AVIV[language] in line and JERUSALEM[language] in line, why(turn)
    assert says_any(turn, OFFER[language]), why(turn)  # the contract's offer stays; it finds none if asked
    written_in(turn, language)


BOTH_NAMED = {
    "en": ["is moxypen in stock at dizengoff and jerusalem?", "is moxypen in stock anywhere"],
    "he": ["יש מוקסיפן בתל אביב ובירושלים?", "יש מוקסיפן בשום מקום?"],
}


@pytest.mark.parametrize(("language", "message"), cases(BOTH_NAMED))
def test_both_branches_asked_and_out_says_so_once(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert turn.reply.lower().count(BOTH[language][0].lower()) == 1, why(turn)
    assert all(date in turn.reply for date in DATES[language]), why(turn)
    written_in(turn, language)


# --- the session's branch is Jerusalem -----------------------------------------------------------------------------

FORTE = {
    "en": ["do you have nurofen forte?", "is nurofen forte in stock", "nurofen 400 available?"],
    "he": ["יש נורופן פורטה?", "יש לכם נורופן 400?", "הנורופן פורטה במלאי?"],
}
FORTE_THERE = {"en": "30 units", "he": "30 יחידות"}


@pytest.mark.parametrize(("language", "message"), cases(FORTE))
def test_out_in_jerusalem_says_tel_aviv(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language, store_id="s2").say(message)
    line = _line(turn, OUT[language], JERUSALEM[language])
    assert TEL_AVIV[language] in line and FORTE_THERE[language] in line, why(turn)
    assert ("s1", "m003") in _checked(turn), why(turn)
    written_in(turn, language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_in_stock_in_jerusalem_says_nothing_of_tel_aviv(chat: Callable[..., Chat], language: str) -> None:
    turn = chat(language, store_id="s2").say({"en": "do you have advil?", "he": "יש לכם אדוויל?"}[language])
    assert ADVIL_THERE[language] in turn.reply and TEL_AVIV[language] not in turn.reply, why(turn)
    assert ("s1", "m001") not in _checked(turn), why(turn)
