"""The features a message is read by, shared by training and inference so both see the same thing.

A message becomes a bag of string features over its normalised text (:func:`pharmai.text.normalize`):
words, word pairs, pairs that skip the word between them ("should I take" → "should take"),
the bare stems of Hebrew words that carry prefix letters ("ובסניף" → "סניף") and pairs of those stems
("ובסניף בירושלים" → "סניף ירושלים"), and character n-grams of every word with its edges marked, which
carry typos, glued prefixes and missing spaces ("nurofenin", "לאדוויל") to features seen in training.
Digits are folded to one shape, so "40mg" and "20mg" read alike. Question and exclamation marks are kept
as features before normalisation removes them, because "נורופן יש?" is a question and "נורופן יש." is not.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["MAX_FEATURE_CHARS", "MEDICATION", "analyze", "mask", "mask_names"]

#: Only the start of a very long message is read (it bounds the work per message).
MAX_FEATURE_CHARS = 600

_DIGITS = re.compile(r"\d+")
#: The word a medication name is read as: the model learns "do you have <a medication>", not "Advil".
MEDICATION = " medname "
_CHAR_SIZES = (2, 3, 4, 5)


@lru_cache(maxsize=8192)
def _char_ngrams(word: str) -> tuple[str, ...]:
    # Words repeat from message to message ("do", "you", "יש", "לכם"): their n-grams are built once.
    padded = f"<{word}>"
    length = len(padded)
    grams: list[str] = []
    for size in _CHAR_SIZES:
        if size > length:
            break
        grams.extend("c:" + padded[start : start + size] for start in range(length - size + 1))
    return tuple(grams)


def mask(text: str, spans: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    """``text`` with each ``(start, end)`` span (a medication name the catalog found) replaced by one word."""
    if not spans:
        return text
    parts: list[str] = []
    last = 0
    for start, end in sorted(spans):
        if start < last or not 0 <= start < end <= len(text):
            continue  # overlapping or out-of-range spans are ignored, never an error
        parts.append(text[last:start])
        parts.append(MEDICATION)
        last = end
    parts.append(text[last:])
    return "".join(parts)


def mask_names(text: str, names: tuple[str, ...] | list[str]) -> str:
    """``text`` with the given medication names (as written in it) replaced by one word, longest first."""
    lowered = text.casefold()
    spans: list[tuple[int, int]] = []
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        start = lowered.find(name.casefold())
        while start != -1:
            end = start + len(name)
            if all(end <= a or start >= b for a, b in spans):
                spans.append((start, end))
            start = lowered.find(name.casefold(), end)
    return mask(text, spans)


def analyze(text: str) -> list[str]:
    """The features of one message (with repeats: counts matter).

    Args:
        text: The message as typed.

    Returns:
        Feature strings: ``w:`` words and Hebrew stems, ``b:`` word pairs, ``k:`` pairs with one word
        skipped, ``s:`` pairs of Hebrew stems, ``c:`` character n-grams, ``n:`` the length of a message of
        three words or fewer, and ``p:?`` / ``p:!`` for question and exclamation marks.
    """
    text = text[:MAX_FEATURE_CHARS]
    features: list[str] = []
    if "?" in text:
        features.append("p:?")
    if "!" in text:
        features.append("p:!")
    words = _DIGITS.sub("0", normalize(text)).split()
    if not words:
        return features or ["p:empty"]
    previous, before, previous_stem = "<s>", "", "<s>"
    for word in words:
        features.append("w:" + word)
        variants = prefix_variants(word)
        for stem in variants[1:]:
            features.append("w:" + stem)
        features.append("b:" + previous + " " + word)
        if before:
            features.append("k:" + before + " " + word)
        stem = variants[-1]
        if stem != word or previous_stem != previous:
            # Only when a prefix came off: otherwise the pair of stems is the word pair above.
            features.append("s:" + previous_stem + " " + stem)
        before, previous, previous_stem = previous, word, stem
        features.extend(_char_ngrams(word))
    features.append("b:" + previous + " </s>")
    if len(words) <= 3:
        features.append(f"n:{len(words)}")
    return features
