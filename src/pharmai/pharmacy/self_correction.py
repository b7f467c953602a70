"""A name corrected inside the message that says it: "I take Lipitor... wait no, Litorva".

A customer who corrects a name mid-message ("X... wait no, Y", "X, sorry I mean Y", "X I meant Y", "not X,
Y", "X — actually Y", «X... רגע לא, Y», «X סליחה, התכוונתי ל-Y», «לא X אלא Y», «X, כלומר Y») takes or asks
about Y only. Were X kept, the interaction check would pair it with Y (a "double dose" of Lipitor and Litorva
nobody takes) and the rest of the message would be answered about a medication never meant.

Only a name *directly* followed by the correction words, then by another name, is dropped: the words between
the two must be correction words and nothing else. "I take coumadin and plavix" (a list), "not sure if aspirin
is ok with my coumadin" (a doubt, not a correction) and "advil, not tylenol" (the second name is the one
refused) keep every name.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from pharmai.text.normalize import normalize

__all__ = ["drop_self_corrected"]


def _words(*phrases: str) -> str:
    # Longest first, so "sorry i meant" is matched whole before "sorry".
    norms = sorted({normalize(p) for p in phrases}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in norms)


# Words that only say "the name before was wrong": at least one of them must be between the two names. Never
# "actually", "wait", "rather", «רגע» or «בעצם» alone: "i'm on coumadin, actually advil ok?" adds a name, and
# dropping Coumadin there would drop its warning (a missed warning costs more than a needless one).
_MARKERS = _words(
    "wait no", "no wait", "sorry", "sorry i mean", "sorry i meant", "i mean", "i meant", "meant",
    "no actually", "actually no", "oops", "whoops", "my bad", "my mistake", "scratch that", "correction",
    "make that", "or rather",
    "typo", "i meant to say", "i meant to write", "i mean to say", "no no", "nope", "not that one",
    "רגע לא", "לא רגע", "סליחה", "התכוונתי", "התכוונתי לומר", "התכוונתי להגיד", "התכוונתי לכתוב",
    "רציתי לומר", "רציתי להגיד", "רציתי לכתוב", "כלומר", "טעות", "טעיתי", "אופס", "התבלבלתי", "לא לא",
    "יותר נכון", "או יותר נכון", "ליתר דיוק", "תיקון", "סליחה טעות", "לא זה",
)  # fmt: skip
# Filler that may sit around the correction words ("oh sorry, I mean the Litorva", «אה סליחה, התכוונתי ל-»).
_FILLER = _words(
    "no", "oh", "um", "uh", "uhh", "umm", "hmm", "er", "err", "ah", "i", "the", "its", "it s", "it is", "is", "to",
    "on", "im on", "i take", "i m on", "lol",
    "לא", "אה", "אהה", "אממ", "ממ", "אני", "את", "זה", "זאת", "ה", "ל", "ב", "לקחת", "לוקח", "לוקחת",
)  # fmt: skip
_GAP = re.compile(rf"(?:(?:{_MARKERS}|{_FILLER})(?:\s+|$))+")
_MARKER = re.compile(rf"(?:^|\s)(?:{_MARKERS})(?=\s|$)")
# "not X, Y" / "not X but Y" / «לא X אלא Y»: the refusal stands right before the first name.
# It is read on the typed text: "לא, קומדין, פלביקס" answers "no" and then lists names, nothing refused.
_NOT_BEFORE = re.compile(r"(?:^|\s)(?:not|לא)(?:\s+(?:the|את))?\s*$", re.IGNORECASE)
# What may stand between the refused name and the right one ("it's not coumadin, it's plavix", «לא קומדין אלא
# פלביקס», «זה לא קומדין, זה פלביקס»).
_NOT_WORDS = _words(
    "but", "rather", "i", "mean", "meant", "its", "it s", "it is", "i take", "im on", "i m on",
    "אלא", "כי אם", "את", "זה", "זאת", "אני לוקח", "אני לוקחת", "אני על",
)  # fmt: skip
_NOT_GAP = re.compile(rf"(?:(?:{_NOT_WORDS})(?:\s+|$))*")
# "not coumadin plavix" without a comma or "but" reads as a list; the comma (or dash) makes it a correction.
_PAUSE = re.compile(r"[,\u2013\u2014-]")


def _start(mention: Any) -> int:
    return int(getattr(mention, "start", 0) or 0)


def _end(mention: Any) -> int:
    return int(getattr(mention, "end", 0) or 0)


def _ids(mention: Any) -> tuple[str, ...]:
    return tuple(getattr(mention, "med_ids", ()) or ())


def _corrects(text: str, first: Any, second: Any) -> bool:
    """Whether ``second`` replaces ``first``: only correction words (or a refusal of ``first``) between them."""
    raw_gap = text[_end(first) : _start(second)]
    gap = normalize(raw_gap)
    if gap and _GAP.fullmatch(gap + " ") and _MARKER.search(gap):
        return True
    if not _NOT_BEFORE.search(text[: _start(first)]):
        return False
    return bool(_NOT_GAP.fullmatch(gap + " " if gap else "")) and (bool(gap) or bool(_PAUSE.search(raw_gap)))


def drop_self_corrected(text: str, found: Sequence[Any]) -> list[Any]:
    """The mentions of ``text`` without the names the message itself corrects.

    Args:
        text: The message as typed (mentions' offsets point into it).
        found: The catalog's mentions in ``text``.

    Returns:
        ``found`` without every mention directly followed by correction words and another medication's
        name ("lipitor... wait no, litorva" keeps Litorva only); unchanged when there is no correction.
    """
    named = sorted((m for m in found if _ids(m)), key=_start)
    wrong = {
        id(first)
        for first, second in itertools.pairwise(named)
        if _ids(first) != _ids(second) and _end(first) <= _start(second) and _corrects(text, first, second)
    }
    if not wrong:
        return list(found)
    return [m for m in found if id(m) not in wrong]
