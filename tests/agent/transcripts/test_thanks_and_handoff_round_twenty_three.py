"""Round twenty-three: a question with thanks, and asking for a manager or a supervisor.

- "do you have zyrtec? thanks in advance", «ובירושלים? תודה רבה מראש» (after a stock answer): the question
  is answered, never only "You're welcome!";
- "get me your manager", «תעבירו אותי למנהל», «אני רוצה לדבר עם אחראי משמרת»: the handoff to a pharmacist
  (``transfer_to_pharmacist``), with or without a complaint before.

Pure thanks ("thanks!", «תודה רבה») still get the short reply and no tool call.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, why, written_in

THANKS_REPLY = {"en": "You're welcome!", "he": "בשמחה!"}


def _not_only_thanks(turn: Turn, language: str) -> None:
    assert not turn.reply.startswith(THANKS_REPLY[language]), why(turn)
    written_in(turn, language)


# --- 1. a question followed by thanks ---------------------------------------------------------------------------
UNKNOWN_AND_THANK = {
    "en": [
        ("zorvax", "zorvax? thanks in advance"),
        ("blorzine", "blorzine? thx a lot"),
        ("kravoxin", "kravoxin? many thanks"),
        ("plendix", "plendix? thank you in advance"),
        ("zorvax", "any zorvax? thanks a bunch"),
    ],
    "he": [
        ("זורבקס", "יש זורבקס? תודה רבה מראש"),
        ("דרמוליקס", "יש דרמוליקס? המון תודה מראש"),
        ("זורבקס", "יש לכם זורבקס? תודה על העזרה"),
        ("קרבוקסין", "קרבוקסין? תודה רבה מראש"),
        ("טלמירון", "טלמירון יש? תודה על העזרה"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(UNKNOWN_AND_THANK))
def test_a_name_asked_with_thanks_is_looked_up(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    name, message = case
    turn = chat(language).say(message)
    _not_only_thanks(turn, language)
    assert "get_medication_by_name" in turn.tools, why(turn)
    assert turn.args("get_medication_by_name")["medication_name"] == name, why(turn)


BRANCH_AND_THANK = {
    "en": [
        "and in jerusalem? thanks in advance",
        "and in jerusalem? thx a lot",
        "what about jerusalem? thank you so much",
        "how about the jerusalem branch? many thanks",
        "and at the jerusalem branch? thanks a bunch",
        "jerusalem? thx in advance",
    ],
    "he": [
        "ובירושלים? תודה רבה מראש",
        "ומה בירושלים? תודה",
        "ובירושלים יש? תודה רבה",
        "וירושלים? אלף תודות",
        "ובירושלים? תודה על העזרה",
    ],
}
FIRST = {"en": "do you have zyrtec?", "he": "יש זירטק?"}


@pytest.mark.parametrize(("language", "message"), cases(BRANCH_AND_THANK))
def test_a_branch_followup_with_thanks_is_answered(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language)
    session.say(FIRST[language])
    turn = session.say(message)
    _not_only_thanks(turn, language)
    assert ("m006", "s2") in turn.stock_checks(), why(turn)


PURE_THANKS = {
    "en": [
        "thanks!",
        "thanks in advance",
        "thx a lot",
        "many thanks!",
        "thank you so much",
        "great, thanks in advance",
        "you've been very helpful, thanks",
    ],
    "he": [
        "תודה רבה",
        "תודה רבה מראש",
        "המון תודה!",
        "אלף תודות",
        "תודה",
        "מעולה, תודה רבה מראש",
        "עזרת לי מאוד, תודה",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(PURE_THANKS))
def test_pure_thanks_get_the_short_reply(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language)
    session.say(FIRST[language])
    turn = session.say(message)
    assert turn.reply.startswith(THANKS_REPLY[language]), why(turn)
    assert not turn.tools, why(turn)


# --- 2. asking for a manager or a supervisor --------------------------------------------------------------------
PERSON = {
    "en": [
        "get me your manager",
        "i want the store manager",
        "bring me the shift supervisor",
        "let me have a word with the manager",
        "fetch your supervisor",
        "i demand to see the manager",
    ],
    "he": [
        "תביא לי מנהל",
        "תחברי אותי למנהלת הסניף",
        "אני רוצה את המנהל",
        "תקראי לאחראי משמרת",
        "תביאו לי את האחראית",
        "תקראו למנהל הסניף",
        "תני לי את מנהלת המשמרת",
    ],
}
# Handed over before this round too (the model's reading); kept so the new cues never lose them.
STILL_PERSON = {
    "en": [
        "can I talk to a supervisor",
        "i'd like to speak to the shift manager",
        "let me talk to whoever is in charge",
    ],
    "he": ["תעבירו אותי למנהל", "אני רוצה לדבר עם אחראי משמרת", "אפשר לדבר עם האחראי?"],
}
COMPLAINT = {"en": "the cashier was really rude to me today", "he": "הקופאי היה ממש חצוף אליי היום"}


@pytest.mark.parametrize(("language", "message"), cases(PERSON) + cases(STILL_PERSON))
def test_asking_for_a_manager_is_handed_over(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" in turn.tools, why(turn)
    written_in(turn, language)


@pytest.mark.parametrize(("language", "message"), cases(PERSON))
def test_asking_for_a_manager_after_a_complaint_is_handed_over(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    session = chat(language)
    session.say(COMPLAINT[language])
    turn = session.say(message)
    assert "transfer_to_pharmacist" in turn.tools, why(turn)
    written_in(turn, language)


ABOUT_A_MANAGER = {
    "en": ["your manager was rude to me", "the supervisor ignored me at the counter"],
    "he": ["המנהל שלכם היה חצוף אליי", "האחראי משמרת התעלם ממני בקופה"],
}


@pytest.mark.parametrize(("language", "message"), cases(ABOUT_A_MANAGER))
def test_a_complaint_about_a_manager_is_not_a_request_for_one(
    chat: Callable[..., Chat], language: str, message: str
) -> None:
    turn = chat(language).say(message)
    assert "transfer_to_pharmacist" not in turn.tools, why(turn)
    written_in(turn, language)
