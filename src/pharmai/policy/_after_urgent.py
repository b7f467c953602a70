"""A message after an urgent-care reply that takes its advice and then asks a question of its own.

"ok will call them. so acamol?", "בסדר אתקשר. אז יש אקמול?": the person says they are calling (or going) for
help, then asks about a product. The danger has been answered and acted on; the question that follows is an
ordinary one and gets an ordinary answer (the engine adds one reminder line with the number). The trained model
is often unsure of such a short question ("so acamol?"), so the rule reads it: a clause that says they call
or go, and a last clause that names a product and asks for it, with no word of an amount, a swallowing or a
sign anywhere (those keep the urgent reading: "ok calling. he also took Acamol").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pharmai.policy._red_flag_gate import names_an_amount
from pharmai.text import normalize

__all__ = ["takes_advice_then_asks"]

_PREFIX = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"
# "will call", "calling them now", "called already", "on our way", "אתקשר", "מתקשרת עכשיו", "בדרך למיון".
_CALLING = re.compile(
    r"\b(?:(?:i|we)(?: ll| will)? call|ill call|will call|calling|called|gonna call|going to call|call(?:ing)? them"
    r"|on the phone|on (?:my|our) way|heading (?:to|there|out)|going (?:now|there|to the)|will go|we ll go|will do)\b|"
    + _PREFIX
    + r"(?:אתקשר|נתקשר|מתקשר|מתקשרת|מתקשרים|התקשרתי|התקשרנו|מתקשרות|בדרכ|נוסע|נוסעת|נוסעים|ניסע|אסע|הולכ|הולכת"
    r"|הולכים|נלכ|אלכ)(?=\s|$)"
)
# The question that follows: a stock word, or a connective before the product ("so acamol?", "ואקמול?").
_ASKS = re.compile(
    r"\b(?:do you have|have you got|you got|is there|are there|any|in stock|available|stock|carry|sell|so|and|"
    r"then|what about|how about)\b|" + _PREFIX + r"(?:יש|אין|במלאי|זמין|זמינה|אז|מה עמ|מה לגבי)(?=\s|$)|^ו"
)
# A word of taking or of a sign in the question keeps it about the person ("did he take", "is he ok").
_ABOUT_SOMEONE = re.compile(
    r"\b(?:took|take|taken|taking|gave|given|had|has|ate|drank|swallowed|he|she|they|him|her|them|kid|son|"
    r"daughter|baby|child|dose|dangerous|safe|sick|vomit\w*)\b|"
    + _PREFIX
    + r"(?:לקח|לקחה|לקחו|נטל|נטלה|בלע|בלעה|אכל|אכלה|נתתי|קיבל|קיבלה|הוא|היא|הילד|הילדה|התינוק|מסוכנ|מסוכנת|בסדר"
    r"|מנה|הקיא|הקיאה)(?=\s|$)"
)
_BREAK = re.compile(r"[?!.;:\n,]+|\s+(?:and|so|then)\s+", re.IGNORECASE)
# The question is short: a product and a word or two around it.
_MAX_QUESTION_WORDS = 8


def takes_advice_then_asks(text: str, spans: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether ``text`` says the person is calling (or going) for help, then asks about a product.

    Args:
        text: The person's message, right after an urgent-care reply.
        spans: The medication names in ``text`` (character spans), as read for the classifier.

    Returns:
        True only when every part holds: a clause of calling, a last clause that names a product and asks for it,
        and no word of an amount, a swallowing, a taking or a sign.
    """
    if not isinstance(text, str) or not spans or names_an_amount(text):
        return False
    pieces = [(m.start(), m.end()) for m in _BREAK.finditer(text)]
    starts = [0, *(end for _, end in pieces)]
    clauses = [
        (start, text[start : (pieces[n][0] if n < len(pieces) else len(text))]) for n, start in enumerate(starts)
    ]
    clauses = [(start, raw) for start, raw in clauses if raw.strip()]
    if len(clauses) < 2:
        return False
    last_start, last = clauses[-1]
    question = normalize(last)
    if not any(start >= last_start for start, _ in spans) or len(question.split()) > _MAX_QUESTION_WORDS:
        return False  # the product is named in the question itself
    if not any(_CALLING.search(normalize(raw)) for _, raw in clauses[:-1]):
        return False
    if _ABOUT_SOMEONE.search(question):
        return False
    # "so acamol?" split at "so": the name alone is the question.
    rest = "".join(ch if not any(a <= last_start + n < b for a, b in spans) else " " for n, ch in enumerate(last))
    return bool(_ASKS.search(question)) or not normalize(rest)
