"""Spans of time as people say them, in English and in Hebrew with the right number agreement.

Hebrew counts its time words (שנייה, דקה, שעה — all feminine) in three shapes: one is the bare noun
("בעוד דקה"), two has its own form ("שתי דקות", and the dual "שעתיים"), and from three on the numeral
precedes the plural ("5 דקות").
"""

from __future__ import annotations

__all__ = ["duration_text"]

# unit → (seconds, English singular, English plural, Hebrew one, Hebrew two, Hebrew plural)
_UNITS = (
    (3600, "hour", "hours", "שעה", "שעתיים", "שעות"),
    (60, "minute", "minutes", "דקה", "שתי דקות", "דקות"),
    (1, "second", "seconds", "שנייה", "שתי שניות", "שניות"),
)


def _unit(seconds: int) -> tuple[int, tuple[int, str, str, str, str, str]]:
    # Under a minute in seconds; otherwise in minutes, rounded up so a wait is never promised shorter than
    # it is, unless they make whole hours.
    if seconds < 60:
        return seconds, _UNITS[2]
    minutes = -(-seconds // 60)
    if minutes % 60 == 0:
        return minutes // 60, _UNITS[0]
    return minutes, _UNITS[1]


def duration_text(seconds: int | float, language: str) -> str:
    """``seconds`` as a phrase to follow "in" / "בעוד": ``"1 minute"``, ``"5 minutes"``, ``"דקה"``, ``"שעתיים"``.

    Args:
        seconds: The span; fractions round up, and anything under one second reads as one second.
        language: ``"he"`` for Hebrew, anything else for English.
    """
    whole = max(1, -int(-seconds // 1))
    count, (_, en_one, en_many, he_one, he_two, he_many) = _unit(whole)
    if language == "he":
        if count == 1:
            return he_one
        return he_two if count == 2 else f"{count} {he_many}"
    return f"{count} {en_one if count == 1 else en_many}"
