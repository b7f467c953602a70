"""A request for a person, negated: "I don't want to talk to anyone", «לא רוצה לדבר עם אף אחד».

Said after a distress reply, it is the opposite of a request for a pharmacist: opening a ticket then (and
telling the person a pharmacist will call) ignores what they just said. The message instead continues the
thread it answers, and the urgent-care line (ERAN) is said again, gently.

Only a refusal of a *person* counts: "no one answers the phone" or "nobody called me back" is a complaint,
and "I want to talk to someone, not a bot" is a request (the negation there is about the bot).
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize

__all__ = ["declines_a_person"]

_P = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"
# "don't want to talk to anyone", "i dont need a pharmacist", "leave me alone", "no pharmacist", "stop
# transferring me": a negation, then a wish or a verb of talking, then a person (or nobody at all).
_DECLINES_EN = (
    r"\b(?:dont|don't|do not|dont really|don't really|not|never|no longer)\s+(?:\w+\s+){0,2}?"
    r"(?:want|need|wanna|going|gonna|like|feel like)\s+(?:\w+\s+){0,2}?"
    r"(?:talk|talking|speak|speaking|chat|chatting|see|call|hear from|contact|be contacted|be transferred"
    r"|a pharmacist|a person|a human|anyone|anybody|someone|somebody|people|a call)\b"
    # "I don't want to talk to a bot, get me a human" asks for a person: the refusal is of the machine.
    r"(?!\s+(?:to|with)\s+(?:a\s+|the\s+|this\s+|your\s+)?(?:bot|chatbot|robot|machine|computer|ai|app)\b)"
    r"|\b(?:talk|speak|chat) to (?:no one|nobody|noone)\b|\bleave me alone\b"
    r"|\b(?:no|not a|not the|dont want a|don't want a) (?:pharmacist|human|person|call|ticket)\b"
    r"|\b(?:dont|don't|do not) (?:transfer|connect|call|contact|pass) me\b"
)
_DECLINES_HE = (
    r"(?:לא|אל)\s(?:ממש\s|באמת\s|כל כך\s)?(?:רוצה|רוצים|צריך|צריכה|מעוניין|מעוניינת|מתכוון|מתכוונת|בא לי)"
    r"\s(?:\S+\s){0,2}?"
    r"(?:לדבר|לשוחח|לראות|לפגוש|שיתקשרו|שיחה|רוקח|רוקחת|נציג|נציגה|אף אחד|אף אחת|אנשימ|מישהו)"
    r"(?!\s(?:\S+\s)?(?:עמ|ל)\s?ה?(?:בוט|רובוט|מחשב|מכונה))"
    r"|(?:לא\s)?(?:לדבר|לשוחח)\sעמ\sאפ\s(?:אחד|אחת|רוקח|אדמ)|(?:תעזבו|עזבו|תעזוב|תעזבי)\sאותי"
    r"|אל\s(?:תעביר|תעבירי|תעבירו|תחבר|תחברי|תחברו|תתקשר|תתקשרי|תתקשרו)"
)
_DECLINES = re.compile(_DECLINES_EN + "|" + _P + "(?:" + fold(_DECLINES_HE) + r")(?=\s|$)")


def declines_a_person(text: str) -> bool:
    """Whether ``text`` refuses to talk to a person ("I don't want to talk to anyone", «לא רוצה לדבר עם אף אחד»).

    Args:
        text: The person's message.
    """
    return isinstance(text, str) and _DECLINES.search(normalize(text)) is not None
