"""Normalisation of Hebrew and English text for matching.

Both languages fold to one comparable form: English is case- and punctuation-folded, Hebrew loses
niqqud, geresh / gershayim and final-letter forms. Hebrew prefix letters are *not* stripped here,
because many words start with those letters (מטפורמין); :func:`prefix_variants` offers the stripped
readings of a token to the matcher instead.
"""

from __future__ import annotations

import functools
import re
import unicodedata

__all__ = ["HEBREW_PREFIXES", "normalize", "prefix_variants", "tokens"]

_FINALS = str.maketrans({"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"})
# Niqqud and cantillation marks (U+0591–U+05C7) except the maqaf (U+05BE), which joins words.
_MARKS = re.compile(r"[\u0591-\u05bd\u05bf-\u05c7]")
# Geresh, gershayim and the ASCII or typographic quotes people type in their place.
_QUOTES = re.compile(r"[\u05f3\u05f4'\"`\u2018\u2019\u201c\u201d]")
_NON_WORD = re.compile(r"[^\w\u0590-\u05ff]+")
_SPACES = re.compile(r"\s+")

#: The one-letter prefixes (and, the, in, to, from, that, as) that attach to a Hebrew word.
HEBREW_PREFIXES = ("ו", "ה", "ב", "ל", "מ", "ש", "כ")
_MAX_PREFIX = 3
_MIN_STEM = 2


#: Texts up to this length are remembered: one turn normalises the same message (and the same catalog
#: names) a few dozen times across its steps, and the function is pure.
_CACHED_UP_TO = 512


def normalize(text: str) -> str:
    """Fold ``text`` to its matching form.

    Args:
        text: Any user or catalog text, in Hebrew, English or both.

    Returns:
        Lower-case words separated by single spaces, with Hebrew niqqud, geresh / gershayim and
        final letters folded, and punctuation removed (digits are kept: "nurofen 400").
    """
    if len(text) <= _CACHED_UP_TO:
        return _normalize_cached(text)
    return _normalize(text)


@functools.lru_cache(maxsize=8192)
def _normalize_cached(text: str) -> str:
    return _normalize(text)


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = _MARKS.sub("", text)
    text = text.replace("\u05be", " ")  # maqaf
    text = _QUOTES.sub("", text)
    text = text.casefold().translate(_FINALS)
    text = _NON_WORD.sub(" ", text).replace("_", " ")
    return _SPACES.sub(" ", text).strip()


def tokens(text: str) -> list[str]:
    """The normalised words of ``text``."""
    normalized = normalize(text)
    return normalized.split(" ") if normalized else []


def _is_hebrew(token: str) -> bool:
    return bool(token) and "\u05d0" <= token[0] <= "\u05ea"


def prefix_variants(token: str) -> list[str]:
    """Readings of a normalised token with up to three Hebrew prefix letters removed.

    "והאדוויל" gives ``["והאדוויל", "האדוויל", "אדוויל"]``; an English token gives only itself. A
    stem is never shorter than two letters.

    Args:
        token: One token from :func:`tokens`.
    """
    variants = [token]
    if not _is_hebrew(token):
        return variants
    stem = token
    for _ in range(_MAX_PREFIX):
        if len(stem) - 1 < _MIN_STEM or stem[0] not in HEBREW_PREFIXES:
            break
        stem = stem[1:]
        variants.append(stem)
    return variants
