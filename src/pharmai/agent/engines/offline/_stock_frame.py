"""An unknown word asked for in stock is a name to look up: «יש בלורזין?», «זורבקס במלאי?», "got blorzine?".

The trained model knows the stock frame around the names it was taught; around a word it never saw («יש …?») it
may hear a complaint ("is there pain?") and the reply becomes a refusal to advise. Nothing in such a message
supports that reading: no word of a symptom, of the person ("I have", «יש לי»), of taking or of advice. Only the
frame's own words and one or two words that no request explains (the name) may be in it.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.text.normalize import normalize

__all__ = ["asks_stock_of_a_name"]

# The words of a stock question and nothing else (normalised, finals folded): «יש לכם …», «… במלאי», "any …".
_FRAME_WORDS = (
    "any anymore do does you u ya yall guys have got carry sell stock in is there still currently right now the"
    " some of available"
    " יש אינ לכמ לכ אצלכמ אצלכ עדיינ עוד במלאי בסניפ בבית המרקחת זמינ זמינה כרגע עכשיו ויש והאמ האמ"
)
_FRAME = frozenset(_FRAME_WORDS.split())
# A stock word must be there: "blorzine?" alone is another engine path (the bare-name lookup).
_STOCK = re.compile(r"(?:^|(?<=\s))(?:any|have|got|carry|sell|stock|available|ו?ה?יש|ו?ה?אינ|במלאי|זמינ|זמינה)(?=\s|$)")


def asks_stock_of_a_name(text: str, remainder: str) -> bool:
    """Whether ``text`` only asks whether ``remainder`` (the words no request explains) is in stock.

    Args:
        text: The person's message.
        remainder: What is left of it once request words are removed (``nlu.remainder_query``).

    Returns:
        True for «יש בלורזין?», «בלורזין יש?», «יש לכם בלורזין?», «בלורזין במלאי?», "got blorzine?"; never for
        «יש לי כאב ראש» (the person's own complaint) or «יש חום?» (a symptom word).
    """
    norm, name = normalize(text), normalize(remainder).split()
    if not 0 < len(name) <= 2 or not _STOCK.search(norm) or c.SYMPTOM_WORDS.search(norm):
        return False
    words = norm.split()
    for start in range(len(words) - len(name) + 1):
        if words[start : start + len(name)] == name:
            others = words[:start] + words[start + len(name) :]
            return bool(others) and all(word in _FRAME for word in others)
    return False
