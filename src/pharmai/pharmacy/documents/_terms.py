"""What the full-text index holds for a passage, and what a search asks it, in Hebrew and English.

Both sides fold text with :func:`pharmai.text.normalize` (case, niqqud, geresh, final letters). The index
also holds each Hebrew word without its prefix letters ("והתרופות" is indexed as itself, "התרופות" and
"תרופות"); a query word becomes a group of prefix terms: its readings without prefix letters, each cut to a
stem (Hebrew plural and feminine endings, an English plural "s"), so "תרופה" finds "תרופות" and "refills"
finds "refill". User text only ever reaches the engines as quoted terms built here, never as query syntax.
"""

from __future__ import annotations

from functools import lru_cache

from pharmai.text.normalize import normalize, prefix_variants, tokens

__all__ = ["MAX_TERMS", "fts5_query", "index_text", "query_groups", "stems_match", "tsquery"]

#: Query words beyond this many are ignored (a search is a few words, not a pasted page).
MAX_TERMS = 12
_MIN_PREFIX = 3
# Words too common to narrow a search; dropped unless the query holds nothing else.
_STOP_WORDS = (
    "a an and are as at be by can do does for from how i if in is it of on or should the to what when where "
    "which who with את של על עם מה איך אם או גם זה זו כל יש אני הוא היא אצל לפי כמה"
)
_STOP = frozenset(normalize(word) for word in _STOP_WORDS.split())
# Hebrew endings (after final-letter folding: ים → ימ) cut from a query word to reach its stem.
_HEBREW_PLURAL = ("ות", "ימ")
_HEBREW_SINGLE = ("ה", "ת")


def _is_hebrew(word: str) -> bool:
    return "\u05d0" <= word[0] <= "\u05ea"


def index_text(text: str, heading: str | None = None) -> str:
    """The indexed form of a passage (its section heading included, so heading words find it)."""
    words: list[str] = []
    for token in tokens(f"{heading or ''} {text}"):
        words.extend(prefix_variants(token))
    return " ".join(words)


def _stem(word: str) -> str:
    if _is_hebrew(word):
        if len(word) >= 5 and word.endswith(_HEBREW_PLURAL):
            return word[:-2]
        if len(word) >= 4 and word.endswith(_HEBREW_SINGLE):
            return word[:-1]
        return word
    if len(word) >= 5 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def query_groups(query: str) -> list[list[tuple[str, bool]]]:
    """The query's words as groups of ``(term, is_prefix)`` alternatives (any one of a group matches).

    Args:
        query: What the person typed, in any language, with any punctuation or syntax.

    Returns:
        At most :data:`MAX_TERMS` groups; empty when the query holds no word at all.
    """
    words = [w for w in tokens(query) if any(c.isalnum() for c in w)]
    meaningful = [w for w in words if w not in _STOP] or words
    groups: list[list[tuple[str, bool]]] = []
    seen: set[str] = set()
    for word in meaningful:
        if word in seen:
            continue
        seen.add(word)
        alternatives: dict[str, bool] = {}
        for variant in prefix_variants(word):
            stem = _stem(variant)
            alternatives[stem] = len(stem) >= _MIN_PREFIX
        groups.append(sorted(alternatives.items()))
        if len(groups) == MAX_TERMS:
            break
    return groups


def fts5_query(groups: list[list[tuple[str, bool]]], *, every: bool = True) -> str:
    """An FTS5 MATCH expression: each term double-quoted (so it is a string, never syntax)."""

    def term(word: str, prefix: bool) -> str:
        quoted = '"' + word.replace('"', '""') + '"'
        return quoted + ("*" if prefix else "")

    joined = [" OR ".join(term(w, p) for w, p in group) for group in groups]
    return (" AND " if every else " OR ").join(f"({g})" for g in joined)


def tsquery(groups: list[list[tuple[str, bool]]], *, every: bool = True) -> str:
    """A PostgreSQL ``to_tsquery`` text: each term single-quoted (so it is a lexeme, never syntax)."""

    def term(word: str, prefix: bool) -> str:
        quoted = "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"
        return quoted + (":*" if prefix else "")

    joined = [" | ".join(term(w, p) for w, p in group) for group in groups]
    return (" & " if every else " | ").join(f"({g})" for g in joined)


@lru_cache(maxsize=65_536)
def _word_forms(word: str) -> tuple[str, ...]:
    # A passage's words repeat (within it and across results): fold each distinct word once.
    return tuple(variant for token in tokens(word) for variant in prefix_variants(token))


def stems_match(word: str, groups: list[list[tuple[str, bool]]]) -> bool:
    """Whether one word of a passage matches any term of the query (to place the snippet)."""
    for variant in _word_forms(word):
        for group in groups:
            for stem, prefix in group:
                if variant == stem or (prefix and variant.startswith(stem)):
                    return True
    return False
