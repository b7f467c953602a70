"""Round twenty-six: one message of several clauses, each asking its own fact, gets every clause answered.

- «בודקת אם יש קלריטין בירושלים וגם כמה היא עולה וגם אם צריך מרשם» / "do you have optalgin at dizengoff and how
  much does it cost and does it need a script": the stock at the branch named, that no price is on file, and
  whether it needs a prescription — never only the prescription line («היא» is the product there, no one else),
  and never the label's active ingredient in place of the prescription answer;
- "need 2 things: how much is claritine and does acamol need a prescription": each clause about the product it
  names — the price only of the product whose price was asked, the prescription fact of the other by its name;
- the products asked about apart are still checked together, and a caution between them is said by name.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, why, written_in

PRICE = {"en": "prices on file", "he": "אין לי מידע על מחירים"}
OTC = {"en": ["does not require a prescription"], "he": ["אינה דורשת מרשם", "לא נדרש מרשם"]}
RX = {"en": ["requires a prescription"], "he": ["היא תרופת מרשם"]}
INGREDIENT = {"en": "contains the active ingredient", "he": "מכיל את החומר הפעיל"}
RECORDS = {"en": "only show your own prescriptions", "he": "רק את המרשמים שלך"}
NOTE = {"en": "Interaction note", "he": "הערת אינטראקציה"}


def _paragraphs(turn: Turn) -> list[str]:
    return [part for part in turn.reply.split("\n\n") if part.strip()]


def _price_line(turn: Turn, language: str) -> str:
    lines = [line for part in _paragraphs(turn) for line in part.split("\n") if PRICE[language] in line]
    assert len(lines) == 1, why(turn)
    return lines[0].lower()


def _states(turn: Turn, name: str, words: list[str]) -> bool:
    """A paragraph of the reply names ``name`` and says one of ``words`` (its prescription fact)."""
    return any(name.lower() in part.lower() and any(w in part for w in words) for part in _paragraphs(turn))


# --- 1. one product: its stock at the branch named, its price, whether it needs a prescription -------------------
ONE_PRODUCT = {
    "en": [
        (
            "is zyrtec in stock in jerusalem? how much is it? can i have it without a prescription?",
            "m006",
            "s2",
            "zyrtec",
        ),
        (
            "quick check: claritine at the jerusalem branch, what it costs, and whether it's prescription only",
            "m017",
            "s2",
            "claritine",
        ),
        (
            "do you have optalgin at dizengoff and how much does it cost and does it need a script",
            "m018",
            "s1",
            "optalgin",
        ),
        ("looking for nurofen in jerusalem, also the price, also is it otc", "m002", "s2", "nurofen"),
        (
            "any micropirin left at the tel aviv store? plus how much is it, and is a prescription needed",
            "m016",
            "s1",
            "micropirin",
        ),
    ],
    "he": [
        ("בודקת אם יש קלריטין בירושלים וגם כמה היא עולה וגם אם צריך מרשם", "m017", "s2", "קלריטין"),
        ("רציתי לברר אם יש אופטלגין בדיזנגוף, כמה הוא עולה והאם צריך לו מרשם", "m018", "s1", "אופטלגין"),
        ("תבדוק לי אם יש נורופן בתל אביב, וגם מה המחיר שלו, וגם האם הוא דורש מרשם", "m002", "s1", "נורופן"),
        ("מעניין אותי אם יש זירטק בדיזנגוף וגם כמה הוא עולה וגם אם אפשר בלי מרשם", "m006", "s1", "זירטק"),
        ("שאלה על טיילנול - יש בירושלים? כמה עולה? ואפשר בלי מרשם?", "m005", "s2", "טיילנול"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(ONE_PRODUCT))
def test_one_product_gets_its_stock_price_and_prescription_fact(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str, str]
) -> None:
    message, med_id, store, name = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert (med_id, store) in turn.stock_checks(), why(turn)
    assert name in _price_line(turn, language), why(turn)
    assert _states(turn, name, OTC[language]), why(turn)
    assert INGREDIENT[language] not in turn.reply, why(turn)  # the prescription answered, not the label instead
    assert RECORDS[language] not in turn.reply, why(turn)


# --- 2. several products: each clause about its own ---------------------------------------------------------------
# (message, (med_id, store) whose stock is asked or None, product asked about a prescription, its fact,
#  product whose price is asked, products whose price is not asked)
SEVERAL_PRODUCTS = {
    "en": [
        (
            "three things: is tylenol in stock in jerusalem, does claritine need a prescription, "
            "and how much is nurofen",
            ("m005", "s2"),
            "claritine",
            "otc",
            "nurofen",
            ["tylenol", "claritine"],
        ),
        (
            "need 2 things: how much is claritine and does acamol need a prescription",
            None,
            "acamol",
            "otc",
            "claritine",
            ["acamol"],
        ),
        (
            "what does nurofen cost and do i need a prescription for zyrtec",
            None,
            "zyrtec",
            "otc",
            "nurofen",
            ["zyrtec"],
        ),
        (
            "quick ones - optalgin in stock in jerusalem? what's the price of acamol? and is micropirin otc?",
            ("m018", "s2"),
            "micropirin",
            "otc",
            "acamol",
            ["optalgin", "micropirin"],
        ),
        (
            "a few questions: does dizengoff have acamol, is glucophage prescription only, "
            "and what's the price of zyrtec",
            ("m004", "s1"),
            "glucophage",
            "rx",
            "zyrtec",
            ["acamol", "glucophage"],
        ),
    ],
    "he": [
        (
            "שלושה דברים: יש טיילנול בירושלים, קלריטין צריך מרשם, וכמה עולה נורופן",
            ("m005", "s2"),
            "קלריטין",
            "otc",
            "נורופן",
            ["טיילנול", "קלריטין"],
        ),
        ("שתי שאלות: כמה עולה אקמול, והאם זירטק צריך מרשם", None, "זירטק", "otc", "אקמול", ["זירטק"]),
        ("כמה עולה אופטלגין וגם האם צריך מרשם לקלריטין", None, "קלריטין", "otc", "אופטלגין", ["קלריטין"]),
        (
            "יש אקמול בדיזנגוף? וגם מה המחיר של זירטק? וגם מיקרופירין במרשם?",
            ("m004", "s1"),
            "מיקרופירין",
            "otc",
            "זירטק",
            ["אקמול", "מיקרופירין"],
        ),
        (
            "האם יש אופטלגין בסניף ירושלים, וגם האם גלוקופאז' דורש מרשם, וגם כמה עולה זירטק",
            ("m018", "s2"),
            "גלוקופאז'",
            "rx",
            "זירטק",
            ["אופטלגין", "גלוקופאז"],
        ),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(SEVERAL_PRODUCTS))
def test_each_clause_is_answered_about_the_product_it_names(
    chat: Callable[..., Chat], language: str, case: tuple[str, tuple[str, str] | None, str, str, str, list[str]]
) -> None:
    message, stock, rx_name, fact, priced, not_priced = case
    turn = chat(language).say(message)
    written_in(turn, language)
    if stock is not None:
        assert stock in turn.stock_checks(), why(turn)
    assert len(turn.stock_checks()) <= 1, why(turn)  # only the product whose stock was asked is looked up
    assert _states(turn, rx_name, (OTC if fact == "otc" else RX)[language]), why(turn)
    price = _price_line(turn, language)
    assert priced in price, why(turn)
    assert not any(name in price for name in not_priced), why(turn)
    assert "interaction_check" in turn.tools, why(turn)  # named together: still checked (seed 000)


# --- 3. a caution between products asked about apart is still said -----------------------------------------------
CAUTION = {
    "en": [
        ("is nurofen in stock in jerusalem, and what's the dosage of zoloft", "nurofen", "zoloft"),
        ("do you have zoloft at dizengoff, and what is nurofen used for", "zoloft", "nurofen"),
        ("is coumadin in stock in jerusalem? and acamol's warnings?", "coumadin", "acamol"),
        ("check micropirin at dizengoff, also the dosage of nurofen", "micropirin", "nurofen"),
        ("klacid in jerusalem? plus what's in lipitor", "klacid", "lipitor"),
    ],
    "he": [
        ("יש נורופן בירושלים? וגם מה המינון של זולופט", "נורופן", "זולופט"),
        ("יש זולופט בדיזנגוף, ומה האזהרות של נורופן", "זולופט", "נורופן"),
        ("יש קומדין בירושלים? ומה המינון של אקמול", "קומדין", "אקמול"),
        ("יש מיקרופירין בדיזנגוף, וגם מה המינון של נורופן", "מיקרופירין", "נורופן"),
        ("יש קלסיד בירושלים? ומה האזהרות של ליפיטור", "קלסיד", "ליפיטור"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(CAUTION))
def test_a_caution_between_products_asked_about_apart_is_said(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    message, first, second = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert turn.stock_checks(), why(turn)
    notes = [part for part in _paragraphs(turn) if NOTE[language] in part]
    assert notes, why(turn)
    assert any(first in note.lower() and second in note.lower() for note in notes), why(turn)
