"""Fuzzy matching of misspelled medication names, over rapidfuzz.

Matching works on single normalised tokens ("ibuprofn" → "ibuprofen", "אדויל" → "אדוויל"). A
:class:`TokenVocabulary` keeps the catalog's tokens in buckets by their first and last two letters and
their length, so a query token is compared with a few hundred candidates, never with every name of a
large catalog; a misspelling must touch both ends of a word to escape both buckets.
"""

from __future__ import annotations

from collections.abc import Iterable

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

__all__ = ["TokenVocabulary", "max_edits", "similarity"]

#: Tokens shorter than this are never corrected: too many short words are one edit apart.
MIN_FUZZY_LENGTH = 4
_SIMILAR_CAP = 2500


def max_edits(token: str) -> int:
    """How many edits (insert, delete, substitute, swap neighbours) a misspelling of ``token`` may have.

    Args:
        token: A normalised token.

    Returns:
        0 below four letters, 1 up to six letters, 2 from seven letters on.
    """
    if len(token) < MIN_FUZZY_LENGTH:
        return 0
    return 1 if len(token) <= 6 else 2


def similarity(a: str, b: str) -> float:
    """A 0–100 similarity of two normalised strings (rapidfuzz's normalised Indel ratio)."""
    return float(fuzz.ratio(a, b))


class TokenVocabulary:
    """The distinct tokens of a catalog, bucketed for fast approximate look-up.

    Buckets are keyed by (first two letters, length) and (last two letters, length): a misspelling within
    :func:`max_edits` changes the length by at most two and keeps at least one end intact unless it
    touches both ends, so only a few small buckets are compared.

    Args:
        tokens: Normalised tokens; duplicates and tokens with digits are ignored.
    """

    def __init__(self, tokens: Iterable[str]) -> None:
        self._tokens: frozenset[str] = frozenset(t for t in tokens if t and not any(c.isdigit() for c in t))
        buckets: dict[tuple[str, str, int], list[str]] = {}
        for token in sorted(self._tokens):
            buckets.setdefault(("<", token[:2], len(token)), []).append(token)
            buckets.setdefault((">", token[-2:], len(token)), []).append(token)
            # Coarser buckets (one letter) for "did you mean", where both ends may be misspelt (zirtek).
            buckets.setdefault(("<1", token[:1], len(token)), []).append(token)
            buckets.setdefault((">1", token[-1:], len(token)), []).append(token)
        self._buckets = buckets

    def __contains__(self, token: object) -> bool:
        return token in self._tokens

    def __len__(self) -> int:
        return len(self._tokens)

    def _candidates(self, token: str, spread: int, *, ends: int = 2, cap: int | None = None) -> list[str]:
        first, last = ("<", ">") if ends == 2 else ("<1", ">1")
        found: list[str] = []
        # Closest lengths first, so a cap drops the least likely candidates.
        for offset in sorted(range(-spread, spread + 1), key=abs):
            length = len(token) + offset
            found += self._buckets.get((first, token[:ends], length), ())
            found += self._buckets.get((last, token[-ends:], length), ())
            if cap is not None and len(found) >= cap:
                return found[:cap]
        return found

    def corrections(self, token: str, *, limit: int = 3) -> list[str]:
        """The vocabulary tokens closest to a misspelled ``token``, within :func:`max_edits`.

        Args:
            token: A normalised token that is not in the vocabulary.
            limit: At most this many corrections.

        Returns:
            The tokens at the smallest edit distance found (ties kept, up to ``limit``), best first; empty
            when the token is known, too short, or nothing is close enough.
        """
        edits = max_edits(token)
        if edits == 0 or token in self._tokens:
            return []
        found = process.extract(
            token, self._candidates(token, edits), scorer=OSA.distance, score_cutoff=edits, limit=limit * 8
        )
        if not found:
            return []
        best = min(score for _choice, score, _i in found)
        # Among equally close tokens prefer the one closest in length, then the alphabetically first.
        ties = sorted({c for c, score, _i in found if score == best}, key=lambda c: (abs(len(c) - len(token)), c))
        return ties[:limit]

    def similar(self, token: str, *, limit: int = 5, cutoff: float = 60.0) -> list[tuple[str, float]]:
        """Vocabulary tokens that look like ``token``, for "did you mean" suggestions.

        Args:
            token: A normalised token (known or not).
            limit: At most this many results.
            cutoff: The minimum :func:`similarity` (0–100).

        Returns:
            ``(token, score)`` pairs, best first.
        """
        if not token:
            return []
        # The fine buckets, then the one-letter buckets (both ends may be misspelt: "zirtek"), capped so a
        # suggestion never costs more than a few milliseconds on a large catalog.
        candidates = self._candidates(token, 3) + self._candidates(token, 3, ends=1, cap=_SIMILAR_CAP)
        found = process.extract(token, candidates, scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit * 2)
        best: dict[str, float] = {}
        for choice, score, _i in found:
            best[choice] = max(best.get(choice, 0.0), float(score))
        return sorted(best.items(), key=lambda item: (-item[1], item[0]))[:limit]
