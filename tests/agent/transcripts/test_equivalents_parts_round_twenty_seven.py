"""Identical equivalents asked "anywhere", and a message that asks equivalents or stock beside a comparison.

- "any generic of it at any of your stores?", «יש תחליף זהה בשום מקום?»: the equivalents are looked up at both
  branches, and the answer says where (or that there is none at any branch), never only at the default branch.
- After "need Moxypen": "anything identical? is Augmentin the same?" (in either order) asks Moxypen's identical
  equivalents AND whether Augmentin is one: both are answered.
- "running low on Tylenol? is Acamol the same?" asks Tylenol's stock, and Acamol offered in its place: both
  products' stock at the branch, and that they are identical equivalents.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why, written_in

BRANCHES = {"en": ("Dizengoff", "Jerusalem"), "he": ("דיזנגוף", "ירושלים")}


def _equivalent_lookups(turn: Turn) -> set[tuple[str, str]]:
    return {
        (str(call["arguments"].get("med_id")), str(call["arguments"].get("store_id")))
        for call in turn.calls
        if call["name"] == "inventory_find_equivalent"
    }


# --- 1. equivalents "anywhere": both branches ----------------------------------------------------------------

ANYWHERE_AFTER_MOXYPEN = {
    "en": [
        ("need moxypen", "is there a generic of it at any of your stores?"),
        ("need moxypen", "any identical one in any branch?"),
        ("do you have moxypen?", "same thing from another brand anywhere?"),
        ("moxypen in stock?", "ok so is there an equivalent anywhere at all"),
        ("got moxypen?", "any alternative in either branch?"),
    ],
    "he": [
        ("צריך מוקסיפן", "יש תחליף זהה בשום מקום?"),
        ("יש לכם מוקסיפן?", "ויש משהו גנרי באיזה סניף שהוא?"),
        ("מוקסיפן יש?", "יש חלופה בכל הסניפים?"),
        ("צריך מוקסיפן", "אולי יש משהו שווה ערך באחד הסניפים?"),
        ("יש מוקסיפן?", "תחליף יש באיזשהו סניף?"),
    ],
}
NONE_ANYWHERE = {"en": ["any of our branches"], "he": ["באף אחד מהסניפים"]}


@pytest.mark.parametrize(("language", "pair"), cases(ANYWHERE_AFTER_MOXYPEN))
def test_equivalents_anywhere_are_looked_up_at_both_branches(
    chat: Callable[..., Chat], language: str, pair: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(pair[0])
    turn = conversation.say(pair[1])
    written_in(turn, language)
    assert {("m007", "s1"), ("m007", "s2")} <= _equivalent_lookups(turn), why(turn)
    assert says_any(turn, NONE_ANYWHERE[language]), why(turn)
    assert all(says_any(turn, [branch]) for branch in BRANCHES[language]), why(turn)


ANYWHERE_NAMED = {
    "en": [
        "any generic of advil at any of your branches?",
        "is there an equivalent for lipitor anywhere?",
        ("need advil", "anything identical at any store?"),
    ],
    "he": [
        "יש תחליף לליפיטור בכל הסניפים?",
        "יש משהו דומה לאדוויל באיזה סניף שהוא?",
        ("צריך אדוויל", "יש משהו זהה באף סניף?"),
    ],
}
FOUND = {"Advil": "Nurofen", "Lipitor": "Litorva", "אדוויל": "נורופן", "ליפיטור": "ליטורבה"}


@pytest.mark.parametrize(("language", "messages"), cases(ANYWHERE_NAMED))
def test_equivalents_found_anywhere_say_each_branch(
    chat: Callable[..., Chat], language: str, messages: str | tuple[str, str]
) -> None:
    conversation = chat(language)
    for message in messages if isinstance(messages, tuple) else (messages,):
        turn = conversation.say(message)
    written_in(turn, language)
    stores = {store for _, store in _equivalent_lookups(turn)}
    assert stores == {"s1", "s2"}, why(turn)
    equivalent = next(found for name, found in FOUND.items() if name in turn.reply)
    assert says_any(turn, [equivalent]), why(turn)
    assert all(says_any(turn, [branch]) for branch in BRANCHES[language]), why(turn)


def test_equivalents_at_one_named_branch_stay_there(chat: Callable[..., Chat]) -> None:
    turn = chat("en").say("any equivalent of advil in jerusalem?")
    assert _equivalent_lookups(turn) == {("m001", "s2")}, why(turn)


# --- 2. equivalents beside a comparison, in a follow-up ---------------------------------------------------------

EQUIVALENTS_AND_COMPARE = {
    "en": [
        ("need moxypen urgently", "got anything identical? augmentin is the same isn't it?"),
        ("need moxypen", "anything identical in stock? or is augmentin the same thing"),
        ("do you have moxypen?", "same stuff from another company maybe? is augmentin the same?"),
        ("moxypen please", "is augmentin the same thing? if not, anything equivalent?"),
        ("i need moxypen", "augmentin is the same right? otherwise any generic?"),
        ("moxypen in stock?", "do you have an identical one? is augmentin identical?"),
    ],
    "he": [
        ("מוקסיפן בבקשה", "אולי יש משהו זהה? אוגמנטין זהה לו?"),
        ("צריך מוקסיפן", "ויש משהו מקביל? אוגמנטין אותו דבר?"),
        ("יש לכם מוקסיפן?", "אוגמנטין זה אותו דבר? ואם לא, יש תחליף?"),
        ("צריך מוקסיפן", "יש משהו מחברה אחרת? אוגמנטין זה אותו הדבר?"),
        ("צריכה מוקסיפן", "יש לכם משהו זהה? האוגמנטין זהה?"),
        ("מוקסיפן יש?", "יש משהו שווה ערך במלאי? ואוגמנטין זה אותה תרופה?"),
    ],
}
NO_EQUIVALENT = {"en": ["no identical equivalent"], "he": ["לא מצאתי תחליף זהה"]}
DIFFERENT = {"en": ["not equivalents"], "he": ["אינם זהים"]}


@pytest.mark.parametrize(("language", "pair"), cases(EQUIVALENTS_AND_COMPARE))
def test_equivalents_and_a_comparison_are_both_answered(
    chat: Callable[..., Chat], language: str, pair: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(pair[0])
    turn = conversation.say(pair[1])
    written_in(turn, language)
    assert any(med == "m007" for med, _ in _equivalent_lookups(turn)), why(turn)
    assert not any(med == "m022" for med, _ in _equivalent_lookups(turn)), why(turn)
    assert says_any(turn, NO_EQUIVALENT[language]), why(turn)
    assert says_any(turn, DIFFERENT[language]), why(turn)


# --- 3. stock beside a comparison ------------------------------------------------------------------------------

STOCK_AND_COMPARE = {
    "en": [
        "running low on tylenol? is acamol the same",
        "are you out of tylenol? acamol is identical right?",
        "any tylenol left? is acamol the same thing as it",
        "how many tylenol do you have, and is acamol the same?",
        "do you have tylenol in stock? and is acamol the same thing?",
    ],
    "he": [
        "נשאר לכם טיילנול? אקמול זהה לו?",
        "כמה טיילנול יש לכם, ואקמול זה אותו הדבר?",
        "הטיילנול אוזל לכם? האקמול אותו דבר?",
        "יש לכם טיילנול במלאי? ואקמול זו אותה תרופה?",
        "חסר לכם טיילנול? אפשר אקמול במקום, זה אותו דבר?",
    ],
}
SAME = {"en": ["identical equivalents"], "he": ["תחליפים זהים"]}
DOUBLE_DOSE = {"en": ["double dose"], "he": ["מנה כפולה"]}


@pytest.mark.parametrize(("language", "message"), cases(STOCK_AND_COMPARE))
def test_stock_and_a_comparison_give_both_stocks_and_the_comparison(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    written_in(turn, language)
    checked = {med for med, _ in turn.stock_checks()}
    assert {"m005", "m004"} <= checked, why(turn)
    assert "150" in turn.reply and "5" in turn.reply, why(turn)
    assert says_any(turn, SAME[language]), why(turn)
    assert "interaction_check" in turn.tools and says_any(turn, DOUBLE_DOSE[language]), why(turn)  # seed 000
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
