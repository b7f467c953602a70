"""Yes and no in both languages, for answering a pending confirmation in chat.

A reply counts only when it is short and unambiguous: "yes please", "sure, go ahead", "כן", "לא תודה",
"אל תעשה". "Yes, but what about Zyrtec?" or "not sure" is neither, and the loop asks again rather than
approve something the person did not clearly approve.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text import normalize

__all__ = ["is_no", "is_yes"]

_MAX_WORDS = 6
# Words around an answer that carry no yes or no ("actually no, cancel that", "רגע, בעצם לא"): allowed in both,
# so alone they match both patterns and answer nothing.
_HEDGES = r"actually|wait|oh|ah|hmm|umm|um|sorry|on second thought|רגע|בעצם|אה|אממ|סליחה"

_YES = re.compile(
    fold(
        r"^(?:(?:yes|yeah|yep|yup|ya|y|sure|ok|okay|k|alright|all right|absolutely|definitely|of course|"
        r"certainly|correct|right|confirm|confirmed|approve|approved|go ahead|go for it|do it|please do|proceed|"
        r"sounds good|fine|כן|כנ|בטח|בטוח|בסדר|אוקיי|אוקי|אוקיי|סבבה|יאללה|קדימה|בהחלט|נכון|מאשר|מאשרת|מאשרים|"
        r"אשר|תאשר|תאשרי|אישור|תעשה|תעשי|תגיש|תגישי|תזמין|תזמיני|כמובן|ברור|יופי|מעולה|please|בבקשה|thanks|"
        r"thank you|תודה|submit|send it|do that|that one|it|את זה|זה|" + _HEDGES + r")(?: |$))+$"
    )
)
_NO = re.compile(
    fold(
        r"^(?:(?:no|nope|nah|n|not now|no thanks|no thank you|dont|do not|dont do it|cancel|cancel it|"
        r"cancel that|stop|never mind|nevermind|forget it|deny|denied|decline|not needed|לא|ממש לא|לא תודה|"
        r"לא עכשיו|אל|אל תעשה|אל תעשי|אל תגיש|אל תזמין|בטל|בטלי|תבטל|תבטלי|ביטול|עזוב|עזבי|עזוב את זה|לא צריך|"
        r"לא צריכה|עצור|עצרי|לא מאשר|לא מאשרת|changed my mind|i changed my mind|התחרטתי|לא רוצה|dont want it|"
        r"i dont want it|please|בבקשה|thanks|thank you|תודה|it|that|את זה|זה|" + _HEDGES + r")(?: |$))+$"
    )
)
# Filler words alone ("please", "thanks", "זה") answer nothing.
_FILLER = {"please", "בבקשה", "thanks", "thank you", "תודה", "it", "that", "את זה", "זה", "that one", "do that"}


def _words(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    normalized = normalize(text)
    if not normalized or len(normalized.split(" ")) > _MAX_WORDS or normalized in _FILLER:
        return None
    return normalized


def is_yes(text: str) -> bool:
    """Whether ``text`` is a clear yes ("yes", "sure, go ahead", "כן בבקשה", "מאשר"); non-strings are not."""
    words = _words(text)
    return words is not None and bool(_YES.match(words)) and not _NO.match(words)


def is_no(text: str) -> bool:
    """Whether ``text`` is a clear no ("no thanks", "cancel", "לא", "אל תעשה"); non-strings are not."""
    words = _words(text)
    return words is not None and bool(_NO.match(words)) and not _YES.match(words)
