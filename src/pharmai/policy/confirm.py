"""Yes and no in both languages, for answering a pending confirmation in chat.

A reply counts only when it is short and unambiguous: "yes please", "sure, go ahead", "כן", "לא תודה",
"אל תעשה". "Yes, but what about Zyrtec?" or "not sure" is neither, and the loop asks again rather than
approve something the person did not clearly approve. Thanks, praise or a goodbye with no word of
agreement ("great, thanks", "יופי תודה", "ok thanks bye", "סבבה תודה") is no yes: it closes, it approves nothing.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text import normalize

__all__ = ["is_no", "is_yes"]

_MAX_WORDS = 6
# Words around an answer that carry no yes or no ("actually no, cancel that", "רגע, בעצם לא"): allowed in both,
# so alone they match both patterns and answer nothing.
_HEDGES = r"actually|wait|oh|ah|hmm|umm|um|sorry|on second thought|well|so|then|רגע|בעצם|אה|אממ|סליחה|טוב|אז"
# Politeness and the request's own words ("yes pls", "go ahead and order it", "כן תזמין לי"): no answer alone.
_COURTESY = r"please|pls|plz|בבקשה|now|עכשיו|for me|לי|it|that|את זה|זה|אותו|do that|that one"

# Words of thanks, praise or goodbye ("great, thanks", "יופי תודה", "cool thx", "ok bye") close a conversation:
# they ride along with an answer in both patterns, but beside only an acknowledgement ("ok", "סבבה") they
# approve nothing: the action a confirmation guards needs a word that says yes to it.
_CLOSING = (
    r"thanks|thank you|thanks a lot|thx|thanx|tnx|ty|cheers|bye|bye bye|goodbye|great|cool|perfect|nice|awesome|"
    r"excellent|תודה|תודה רבה|ביי|להתראות|יופי|מעולה|אחלה|מצוין|מצויין|מושלם|נהדר"
)
# Acknowledgements: a yes alone, an acknowledgement when thanks or a goodbye comes with them ("ok thanks").
_WEAK_YES = r"ok|okay|k|kk|alright|all right|correct|right|fine|sounds good|בסדר|אוקיי|אוקי|סבבה|נכון"
_STRONG_YES = (
    r"yes|yeah|yep|yup|ya|y|sure|absolutely|definitely|of course|certainly|confirm|confirmed|approve|approved|"
    r"go ahead|go for it|do it|please do|proceed|כן|כנ|בטח|בטוח|יאללה|קדימה|בהחלט|מאשר|מאשרת|מאשרים|אשר|תאשר|"
    r"תאשרי|אישור|תעשה|תעשי|תגיש|תגישי|תזמין|תזמיני|כמובן|ברור|submit|send it"
)
_YES = re.compile(
    fold(r"^(?:(?:" + _STRONG_YES + "|" + _WEAK_YES + "|" + _COURTESY + "|" + _CLOSING + "|" + _HEDGES + r")(?: |$))+$")
)
_STRONG = re.compile(fold(r"(?:^| )(?:" + _STRONG_YES + r")(?: |$)"))
_CLOSES = re.compile(fold(r"(?:^| )(?:" + _CLOSING + r")(?: |$)"))
_NO = re.compile(
    fold(
        r"^(?:(?:no|nope|nah|n|not now|no thanks|no thank you|dont|do not|dont do it|cancel|cancel it|"
        r"cancel that|stop|never mind|nevermind|forget it|deny|denied|decline|not needed|לא|ממש לא|לא תודה|"
        r"לא עכשיו|אל|אל תעשה|אל תעשי|אל תגיש|אל תזמין|בטל|בטלי|תבטל|תבטלי|ביטול|עזוב|עזבי|עזוב את זה|לא צריך|"
        r"לא צריכה|עצור|עצרי|לא מאשר|לא מאשרת|changed my mind|i changed my mind|התחרטתי|לא רוצה|dont want it|"
        r"i dont want it|nvm|not yet|yet|later|hold on|hold off|dont do it yet|לא עדיין|עוד לא|אחר כך|"
        + _COURTESY
        + "|"
        + _CLOSING
        + "|"
        + _HEDGES
        + r")(?: |$))+$"
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
    if words is None or not _YES.match(words) or _NO.match(words):
        return False
    # "ok thanks", "סבבה תודה", "ok bye": an acknowledgement that closes, not a yes to the action.
    return bool(_STRONG.search(words)) or not _CLOSES.search(words)


def is_no(text: str) -> bool:
    """Whether ``text`` is a clear no ("no thanks", "cancel", "לא", "אל תעשה"); non-strings are not."""
    words = _words(text)
    return words is not None and bool(_NO.match(words)) and not _YES.match(words)
