"""Which language a text is written in: Hebrew, English, or a mix of both.

Detection counts letters of each script; digits, punctuation and letters of other scripts are ignored, so
"400 mg?" says nothing about the language. A text with no Hebrew or Latin letters (empty, digits only) is
reported as ``"en"`` by :func:`detect_language` — the neutral default of the catalog — while
:func:`reply_language` leaves such a text to the caller's default.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["Language", "detect_language", "reply_language", "script_counts"]

Language = Literal["he", "en", "mixed"]

_HEBREW_LETTER = re.compile(r"[\u05d0-\u05ea]")
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")
_HEBREW_WORD = re.compile(r"[\u05d0-\u05ea][\u05d0-\u05ea\u0591-\u05c7'\"\u05f3\u05f4]*")
_LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+")


def script_counts(text: str) -> tuple[int, int]:
    """The number of Hebrew and of Latin letters in ``text``.

    Args:
        text: Any text.

    Returns:
        ``(hebrew_letters, latin_letters)``.
    """
    return len(_HEBREW_LETTER.findall(text)), len(_LATIN_LETTER.findall(text))


def detect_language(text: str) -> Language:
    """The language of ``text`` by its letters.

    Args:
        text: Any text; digits and punctuation are ignored.

    Returns:
        ``"he"`` when it has only Hebrew letters, ``"mixed"`` when it has both Hebrew and Latin letters,
        otherwise ``"en"`` (including empty text and text without letters).
    """
    hebrew, latin = script_counts(text)
    if hebrew and latin:
        return "mixed"
    return "he" if hebrew else "en"


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+|www\.\S+")


def reply_language(text: str, default: str = "he") -> Literal["he", "en"]:
    """The language to answer ``text`` in.

    A mixed text is answered in the script with more *words* ("יש לכם Advil?" is Hebrew with one English
    brand name, so the answer is Hebrew); a tie, or a text without letters, keeps ``default``.

    Args:
        text: The person's message.
        default: The conversation's current language, used when the text does not decide (``"he"`` or
            ``"en"``; anything else counts as ``"en"``).
    """
    fallback: Literal["he", "en"] = "he" if default == "he" else "en"
    # An email address or a web address says nothing about the language the person writes in.
    text = _ADDRESS.sub(" ", text)
    detected = detect_language(text)
    if detected == "he":
        return "he"
    if detected == "en":
        return "en" if _LATIN_LETTER.search(text) else fallback
    hebrew_words = len(_HEBREW_WORD.findall(text))
    latin_words = len(_LATIN_WORD.findall(text))
    if hebrew_words == latin_words:
        return fallback
    return "he" if hebrew_words > latin_words else "en"
