"""A brand's variant word asked about in stock after the brand: the stock of that product, and nothing else.

After "is Nurofen in stock?" / «יש נורופן?», a short follow-up that names only the variant («ויש גם פורטה?»,
"and the forte, any?") asks for Nurofen Forte's stock. The trained model, which never saw the word alone,
reads a complaint into it; the reply had been the refusal to advise with no stock check at all (or the stock
followed by that refusal) in Hebrew; the English follow-ups were already answered and are kept as a guard. Now:
the stock of Nurofen Forte (m003), no advice referral. A complaint said beside the variant still gets the
referral.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

FIRST = {"en": "is nurofen in stock?", "he": "יש נורופן?"}
VARIANT_STOCK = {
    "en": [
        "and the forte, any?",
        "got the forte too?",
        "what about forte, in stock?",
        "the forte one available as well?",
        "ok and forte?",
        "and forte do you have it",
        "do u have the forte also",
    ],
    "he": [
        "ויש גם פורטה?",
        "והפורטה, יש?",
        "ומה עם הפורטה, במלאי?",
        "פורטה יש לכם גם?",
        "אוקיי ופורטה?",
        "יש פורטה?",
        "וגם פורטה יש?",
        "ומה לגבי פורטה, יש?",
    ],
}
FORTE = {"en": "Nurofen Forte", "he": "נורופן פורטה"}
REFERRAL = {
    "en": ["can't give medical advice", "cannot give medical advice", "pharmacist or doctor"],
    "he": ["אין באפשרותי לתת ייעוץ רפואי", "רוקחים או רופאים"],
}


@pytest.mark.parametrize(("language", "message"), cases(VARIANT_STOCK))
def test_a_variant_word_after_a_stock_question_checks_that_products_stock(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert ("m003", "None") in turn.stock_checks(), why(turn)
    assert FORTE[language] in turn.reply, why(turn)
    assert not says_any(turn, REFERRAL[language]), why(turn)


COMPLAINT_BESIDE = {
    "en": ["and the forte, my back is killing me", "forte too? i have a bad toothache"],
    "he": ["והפורטה? יש לי כאבי גב חזקים", "גם פורטה, כואבות לי השיניים"],
}


@pytest.mark.parametrize(("language", "message"), cases(COMPLAINT_BESIDE))
def test_a_complaint_beside_the_variant_still_gets_the_referral(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(FIRST[language])
    turn = conversation.say(message)
    written_in(turn, language)
    assert says_any(turn, REFERRAL[language]) or "101" in turn.reply, why(turn)
