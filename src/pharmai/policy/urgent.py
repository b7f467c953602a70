"""The urgent-care reply: what a red-flag message hears first, in Hebrew and English.

The numbers are deployment settings (``PHARMAI_EMERGENCY_NUMBER``, ``PHARMAI_POISON_CENTER_NUMBER``,
``PHARMAI_DISTRESS_LINE_NUMBER``); the defaults are Israel's: Magen David Adom 101, the national poison
information center 04-777-1900 and ERAN's emotional first-aid line 1201. Hebrew addresses the person in
the plural, the neutral form used across pharmai.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["DEFAULT_NUMBERS", "urgent_numbers_present", "urgent_reply"]

#: Israel's numbers, used when a deployment sets none.
DEFAULT_NUMBERS: Mapping[str, str] = {"emergency": "101", "poison": "04-777-1900", "distress": "1201"}

_TEXTS = {
    "en": {
        "emergency": "This may be a medical emergency. Call Magen David Adom at {emergency} now, or go to the "
        "nearest emergency room; please don't wait for an answer here.",
        "poison": "If someone may have taken too much of a medication or swallowed something harmful, call the "
        "National Poison Information Center now at {poison} (24 hours a day), or Magen David Adom at "
        "{emergency} if they are drowsy, unwell or having trouble breathing.",
        "distress": "I'm really sorry you're going through this, and you don't have to face it alone. ERAN's "
        "emotional first-aid line is open day and night at {distress}. If you are in danger right now, call "
        "{emergency}.",
    },
    "he": {
        "emergency": 'ייתכן שזה מצב חירום רפואי. יש להתקשר עכשיו למד"א בטלפון {emergency} או לפנות לחדר המיון '
        "הקרוב, ולא לחכות לתשובה כאן.",
        "poison": "אם ייתכן שנלקחה כמות גדולה מדי של תרופה או שנבלע חומר מזיק, יש להתקשר עכשיו למרכז הארצי "
        'למידע בהרעלות בטלפון {poison} (24 שעות ביממה), או למד"א בטלפון {emergency} אם יש ישנוניות, '
        "מצוקה או קושי בנשימה.",
        "distress": 'צר לי שעובר עליכם משהו כל כך קשה, ואין צורך להתמודד עם זה לבד. קו הסיוע הנפשי של ער"ן '
        "פתוח בכל שעה בטלפון {distress}. אם יש סכנה מיידית, התקשרו ל-{emergency}.",
    },
}


def _numbers(numbers: Mapping[str, str] | None) -> dict[str, str]:
    merged = dict(DEFAULT_NUMBERS)
    for key, value in (numbers or {}).items():
        if key in merged and isinstance(value, str) and value.strip():
            merged[key] = value.strip()
    return merged


def urgent_reply(language: str, kinds: Sequence[str], numbers: Mapping[str, str] | None = None) -> str:
    """The urgent-care paragraph for the red-flag ``kinds`` (most urgent first); empty when there are none.

    Args:
        language: ``he`` or ``en`` (anything else reads as English).
        kinds: ``emergency``, ``poison`` and / or ``distress``; unknown kinds are ignored.
        numbers: The deployment's numbers by kind (missing ones fall back to :data:`DEFAULT_NUMBERS`).
    """
    texts = _TEXTS["he" if language == "he" else "en"]
    values = _numbers(numbers)
    parts = [texts[kind].format(**values) for kind in dict.fromkeys(kinds) if kind in texts]
    return " ".join(parts)


def urgent_numbers_present(text: str, kinds: Sequence[str], numbers: Mapping[str, str] | None = None) -> bool:
    """Whether ``text`` already gives the number of every kind (the guard's check of an engine's reply)."""
    values = _numbers(numbers)
    return all(values[kind] in text for kind in kinds if kind in values)
