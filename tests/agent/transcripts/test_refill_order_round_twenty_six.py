"""A refill asked for as an order ("refill the moxypen one", «חדש לי את הגלוקופאג») is a refill request.

In English the verb first, with no word of a question, had been read as "can I refill it?": for a medication
out of stock, the eligibility line and "can't be prepared yet", without the other branch's stock or what to
do. Now an out-of-stock one gets every branch's stock and restock date; an in-stock one the refill request
(the server's confirmation is the one question), as the Hebrew orders already did (kept here as a guard).
"can I refill…?" is still the status.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

DAVID = "u002"  # Moxypen p001 (out of stock at both branches), Glucophage p002 (in stock)
LIST_FIRST = {"en": "show my prescriptions", "he": "תראה לי את המרשמים שלי"}
ORDER_GLUCOPHAGE = {
    "en": [
        "refill the glucophage one",
        "refill glucophage",
        "ok renew the glucophage",
        "refill the metformin one pls",
        "renew glucophage now",
    ],
    "he": [
        "חדש לי את הגלוקופאג",
        "אז חדש את הגלוקופאג",
        "חדשי את הגלוקופאג'",
        "ו תחדש את הגלוקופאג",
        "חדשו גלוקופאג",
    ],
}
ORDER_MOXYPEN = {
    "en": ["refill the moxypen one", "refill moxypen", "renew the moxypen", "ok refill moxypen", "refill moxypen now"],
    "he": ["חדש לי מוקסיפן", "חדש את המוקסיפן", "אז חדש מוקסיפן", "חדשי את המוקסיפן", "בבקשה חדש מוקסיפן"],
}
BOTH_BRANCHES = {"en": "both branches", "he": "בשני הסניפים"}


@pytest.mark.parametrize(("language", "message"), cases(ORDER_GLUCOPHAGE))
def test_a_refill_order_after_the_list_asks_to_submit_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id=DAVID)
    conversation.say(LIST_FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert "request_refill" in turn.tools, why(turn)
    assert turn.args("request_refill")["presc_id"] == "p002", why(turn)


@pytest.mark.parametrize(("language", "message"), cases(ORDER_MOXYPEN))
def test_a_refill_order_out_of_stock_says_every_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    conversation = chat(language, patient_id=DAVID)
    conversation.say(LIST_FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert {("m007", "s1"), ("m007", "s2")} <= turn.stock_checks(), why(turn)
    assert BOTH_BRANCHES[language] in turn.reply, why(turn)
    assert "request_refill" not in turn.tools, why(turn)


STATUS = {
    "en": ["can i refill the glucophage?", "is my glucophage eligible for a refill?"],
    "he": ["אפשר לחדש את הגלוקופאג?", "אני זכאי לחידוש של הגלוקופאג?"],
}
ELIGIBLE = {"en": ["eligible", "refills left"], "he": ["זכאי", "חידושים", "נותרו"]}


@pytest.mark.parametrize(("language", "message"), cases(STATUS))
def test_a_refill_question_is_still_answered_as_a_question(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language, patient_id=DAVID)
    turn = conversation.say(message)
    written_in(turn, language)
    assert "prescription_verify" in turn.tools, why(turn)
    assert says_any(turn, ELIGIBLE[language]), why(turn)
