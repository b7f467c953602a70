"""Another person's phone, email or address asked for: a plain "that is private", and what can be done instead.

Read as a records request, «תן לי את הטלפון של נועה כהן» got "I can only show your own prescriptions" and then
"what is your email?"; read as out of scope, "give me Yossi Levi's email" got a line about pharmacy questions.
Neither says the one thing the customer needs to hear. No tool is called: no tool returns such details.
"""

from __future__ import annotations

from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy.contact_request import asks_for_someones_contact

__all__ = ["answer"]

_TEXTS = {
    "en": (
        "I can't give out anyone's personal details: other customers' phone numbers, email and home addresses "
        "are private. To reach someone, please contact them directly. I can help with medications, stock at our "
        "branches, or your own prescriptions."
    ),
    "he": (
        "אני לא יכול למסור פרטים אישיים של אחרים: מספרי טלפון, כתובות מייל וכתובות מגורים של לקוחות נשמרים "
        "בפרטיות. כדי ליצור קשר, יש לפנות ישירות לאותו אדם. אשמח לעזור במידע על תרופות, במלאי בסניפים או "
        "במרשמים שלך."
    ),
}


def answer(d: Dialogue) -> bool:
    """Answer a request for another person's contact details; True when the message was one.

    A red flag or a symptom in the same message is never answered here ("my friend isn't answering her
    phone and has pills at home" is an emergency, not a privacy question).
    """
    verdict = d.turn.verdict
    if verdict.red_flags or verdict.symptom or not asks_for_someones_contact(d.parsed.text):
        return False
    d.add(_TEXTS[d.lang])
    return True
