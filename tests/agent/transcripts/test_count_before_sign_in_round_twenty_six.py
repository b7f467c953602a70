"""A refill count or expiry asked before signing in is answered as one after the sign-in.

"how many refills do I have left on my glucophage?" from a customer not yet signed in asks for the phone, then
the code. Once verified, the question asked before is answered: the count and the expiry date (a count with the
refill offered as a question). It had been answered as "can I refill it?" — eligibility, the stock check and a refill
prepared for confirmation — which acts on what was only asked about. A refill asked for before signing in is
still prepared after it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, why, written_in

PHONE = "050-123-4567"  # David Cohen (u002): Glucophage p002, 5 refills, valid until September 17, 2026
COUNT_QUESTIONS = {
    "en": [
        "how many refills do i have left on my glucophage?",
        "any refills still on the glucophage prescription?",
        "until when is my glucophage script valid",
        "glucophage - how many refills remaining for me?",
        "when does my glucophage prescription expire?",
    ],
    "he": [
        "כמה חידושים נשארו לי בגלוקופאז'?",
        "עד מתי המרשם שלי לגלוקופאז' בתוקף",
        "יש לי עוד חידושים לגלוקופאז'?",
        "מתי פג התוקף של המרשם לגלוקופאז'?",
        "כמה פעמים עוד אפשר לחדש את הגלוקופאז' שלי?",
    ],
}
FIVE = {"en": "5 refills", "he": "חמישה חידושים"}
EXPIRY = {"en": "September 17, 2026", "he": "17 בספטמבר 2026"}


@pytest.mark.parametrize(("language", "message"), cases(COUNT_QUESTIONS))
def test_a_count_asked_before_sign_in_is_the_count_after_it(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    asked = conversation.say(message)
    assert asked.tools == [], why(asked)  # the phone first: nothing of anyone's is read
    conversation.say(PHONE)
    turn = conversation.say("{{otp}}")
    written_in(turn, language)
    assert "request_refill" not in turn.tools, why(turn)
    assert turn.confirmation is None, why(turn)
    assert FIVE[language] in turn.reply or EXPIRY[language] in turn.reply, why(turn)


REQUESTS = {"en": ["please refill my glucophage"], "he": ["תחדש לי בבקשה את הגלוקופאז'"]}


@pytest.mark.parametrize(("language", "message"), cases(REQUESTS))
def test_a_refill_asked_for_before_sign_in_is_still_prepared(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    conversation = chat(language)
    conversation.say(message)
    conversation.say(PHONE)
    turn = conversation.say("{{otp}}")
    assert "request_refill" in turn.tools, why(turn)
