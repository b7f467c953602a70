"""The question in a message that also thanks: "and in Jerusalem? thanks in advance", «יש זירטק? תודה רבה מראש».

The trained model hears the thanks loudest and reads such a message as thanks only; the question before (or
after) the thanks must still be answered. Only a whole run of acknowledgement words holding a thanks, at the
start or the end of the message, is taken off; what is left is the question.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.text.normalize import normalize

__all__ = ["question_besides_thanks"]

_WORD = re.compile(r"\S+")


def _thanks_run(words: list[str]) -> bool:
    """``words`` are acknowledgement words only, one of them a thanks ("thx a lot", «תודה רבה מראש»)."""
    norm = normalize(" ".join(words))
    return bool(norm) and bool(c.ACK_ONLY.match(norm)) and bool(c.ACK_THANKS.search(norm))


def question_besides_thanks(text: str) -> str | None:
    """What ``text`` asks besides its thanks, or ``None`` when it is only thanks (or holds no thanks run).

    Args:
        text: The user's message.

    Returns:
        The message without the longest run of thanks words at its end and at its start ("and in jerusalem?"
        of "and in jerusalem? thx a lot"), when something other than acknowledgement words is left.
    """
    spans = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    words = [word for _, _, word in spans]
    last = len(words)
    # The longest run wins: "thank you so much" is taken whole, never only "so much".
    tail = next((k for k in range(len(words) - 1, 0, -1) if _thanks_run(words[len(words) - k :])), 0)
    last -= tail
    head = next((k for k in range(last - 1, 0, -1) if _thanks_run(words[:k])), 0)
    if not (head or tail):
        return None
    rest = text[spans[head][0] : spans[last - 1][1]]
    norm = normalize(rest)
    if not norm or c.ACK_ONLY.match(norm):
        return None  # "ok thanks", «טוב תודה»: nothing else is asked
    return rest.strip()
