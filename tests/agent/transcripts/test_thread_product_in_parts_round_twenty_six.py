"""Two questions in one follow-up, the first about "it" (the product talked about), the second naming another.

After "do you have Advil?", "is it in Jerusalem, and is Nurofen the same?" asks Advil's stock in Jerusalem and
whether Nurofen is the same product. Only the comparison had been answered (the "it" part was lost); now both
parts are, each about its own product. A first part that names no product and does not point back ("and is
Nurofen the same?") is still the comparison alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

FIRST = {"en": "do you have advil?", "he": "יש לכם אדוויל?"}
TWO_PARTS = {
    "en": [
        "is it in jerusalem and is nurofen the same",
        "do they have it in jerusalem? also is nurofen the same thing",
        "is it available at the jerusalem branch, and nurofen - same stuff?",
        "ok is it in stock in jlm and is nurofen identical to it",
        "it's in jerusalem too? and nurofen is the same?",
    ],
    "he": [
        "יש אותו בירושלים והאם נורופן זה אותו דבר",
        "הוא במלאי בירושלים? וגם נורופן זה אותו הדבר?",
        "יש אותו בסניף ירושלים, ונורופן זהה לו?",
        "אוקיי יש אותו בירושלים? ונורופן אותו דבר?",
        "יש אותו גם בירושלים? והאם הנורופן זהה?",
    ],
}
SAME = {"en": ["identical equivalents"], "he": ["תחליפים זהים"]}


@pytest.mark.parametrize(("language", "message"), cases(TWO_PARTS))
def test_it_in_a_branch_and_another_product_the_same_answers_both(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert ("m001", "s2") in turn.stock_checks(), why(turn)
    assert says_any(turn, SAME[language]), why(turn)


COMPARE_ONLY = {"en": ["and is nurofen the same?"], "he": ["ונורופן זה אותו דבר?"]}


@pytest.mark.parametrize(("language", "message"), cases(COMPARE_ONLY))
def test_another_product_the_same_alone_is_the_comparison(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    assert says_any(turn, SAME[language]), why(turn)
    assert not any(store == "s2" for _, store in turn.stock_checks()), why(turn)
