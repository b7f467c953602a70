"""The question in a message that also exchanges pleasantries: "hope you're ok. any advil?", «מה שלומך? יש אקמול?».

The trained model was taught requests without small talk; a "hope you're well" or «מקווה שהכל טוב» before (or
after) the request shifts its reading ("any advil?" became a label question). A pleasantry says nothing of the
request, so only a whole run of pleasantry words at the start or the end of the message is taken off, and the
rest is read as if it had been sent alone. A run at the start must end a sentence (a punctuation mark after it,
or a closing word such as "well", «בסדר») so that "how are you supposed to take advil?" keeps its words.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.policy._pleasantry import is_pleasantry
from pharmai.text.normalize import normalize

__all__ = ["question_besides_pleasantry"]

_WORD = re.compile(r"\S+")
_ENDS_SENTENCE = re.compile(r"[.,!?;:…\-–—]$")

# The last word of a run that ends a pleasantry even without a punctuation mark ("hope you're well any advil").
_CLOSING = frozenset(
    ("ok okay well good fine great alright" + " טוב בסדר בטוב מצוינ מצויינ שלומכ שלומכמ שלומכנ נשמע").split()
)


def _pleasantry_run(words: list[str]) -> bool:
    """``words`` are a pleasantry only ("hope you're ok", «מה שלומך»), perhaps after a greeting."""
    return is_pleasantry(" ".join(words))


def question_besides_pleasantry(text: str) -> str | None:
    """What ``text`` asks besides a pleasantry at its start or end, or ``None`` when it holds none (or only one).

    Args:
        text: The user's message.

    Returns:
        The message without the longest run of pleasantry words at its start and at its end ("any advil?" of
        "hope you're ok. any advil?"), when something other than acknowledgement words is left.
    """
    spans = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    words = [word for _, _, word in spans]
    if len(words) < 2:
        return None
    # The longest run wins: "how are you doing today" is taken whole, never only "how are you".
    head = next(
        (
            k
            for k in range(len(words) - 1, 0, -1)
            if _pleasantry_run(words[:k])
            and (_ENDS_SENTENCE.search(words[k - 1]) or normalize(words[k - 1]) in _CLOSING)
        ),
        0,
    )
    last = len(words)
    tail = next(
        (
            k
            for k in range(last - head - 1, 0, -1)
            if _pleasantry_run(words[last - k :]) and _ENDS_SENTENCE.search(words[last - k - 1])
        ),
        0,
    )
    last -= tail
    if not (head or tail) or last <= head:
        return None
    rest = text[spans[head][0] : spans[last - 1][1]].strip()
    norm = normalize(rest)
    if not norm or c.ACK_ONLY.match(norm) or c.GREETING.fullmatch(norm):
        return None  # "how are you? thanks", «מה שלומך? היי»: nothing is asked
    return rest
