"""Round twenty-four: a person asked for with "need" or "put … on" is a handoff.

"put your supervisor on", "i need the branch manager now", «אני צריך רוקח עכשיו»: the handoff to a pharmacist
(``transfer_to_pharmacist``). "I need the address of the Jerusalem branch" or "I need a refill of my Zoloft"
name no person and stay what they are.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, why, written_in

ASKS_FOR_A_PERSON = {
    "en": [
        "put your supervisor on",
        "i need the branch manager now",
        "put a pharmacist on please",
        "i need a real person, this isn't working",
        "need to talk to the shift manager",
    ],
    "he": [
        "אני צריך רוקח עכשיו",
        "אני צריכה את המנהל של הסניף",
        "אני צריך לדבר עם מישהו אמיתי",
        "צריכה נציג בבקשה",
        "אני צריך את האחראי משמרת",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(ASKS_FOR_A_PERSON))
def test_a_person_needed_is_handed_off(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" in turn.tools, why(turn)
    written_in(turn, language)


NO_PERSON = {
    "en": ["i need the address of the jerusalem branch", "i need a refill of my zoloft", "put it on my tab"],
    "he": ["אני צריך את הכתובת של הסניף בירושלים", "אני צריכה חידוש לזולופט", "אני צריך אדוויל"],
}


@pytest.mark.parametrize(("language", "message"), cases(NO_PERSON))
def test_need_without_a_person_is_no_handoff(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" not in turn.tools, why(turn)
    written_in(turn, language)
