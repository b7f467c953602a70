"""Frustration with the assistant itself: "this bot is useless", "אתה לא מבין כלום", "what a waste of time".

The trained model reads such a message as a symptom or a request for advice; it is neither. It gets an
apology and what the assistant can do (never a medical-advice refusal), and a message that names a
medication ("the Acamol is useless for my headache") is not one: it is about the medication, and stays a
referral.
"""

from __future__ import annotations

import re

from pharmai.text.normalize import normalize

__all__ = ["is_complaint"]

_EN = (
    "useless", "not helpful", "unhelpful", "not helping me", "waste of time", "stupid bot", "dumb bot", "this bot",
    "you don't understand", "you dont understand", "you're not understanding", "doesnt understand",
    "doesn't understand", "can't find anything", "cant find anything", "ridiculous",
)  # fmt: skip
_HE = (
    "חסר תועלת", "חסרת תועלת", "בזבוז זמן", "בוט", "צ'אטבוט", "לא מבין כלום", "לא מבינה כלום", "אתה לא מבין",
    "את לא מבינה", "אי אפשר למצוא כלום", "לא מוצא כלום", "לא מוצאת כלום",
)  # fmt: skip
_PATTERN = re.compile(
    "|".join(
        [
            *(rf"\b{re.escape(normalize(p))}\b" for p in _EN),
            *(rf"(?:^|(?<=\s))[ושה]?{re.escape(normalize(p))}(?=\s|$)" for p in _HE),
        ]
    )
)


def is_complaint(text: str, names_a_medication: bool = False) -> bool:
    """Whether ``text`` complains about the assistant (and names no medication).

    Args:
        text: The person's message.
        names_a_medication: The catalog found a medication name in it (then the complaint is about that).
    """
    return isinstance(text, str) and not names_a_medication and _PATTERN.search(normalize(text)) is not None
