"""Fuzzy token matching over a vocabulary: misspellings in both languages, and its limits."""

from __future__ import annotations

import pytest

from pharmai.text.fuzzy import TokenVocabulary, max_edits, similarity
from pharmai.text.normalize import normalize

_NAMES = [
    "ibuprofen", "paracetamol", "acamol", "advil", "nurofen", "forte", "amoxicillin", "zyrtec",
    "אדוויל", "אקמול", "נורופן", "פורטה", "אופטלגין", "גלוקופאז", "400",
]  # fmt: skip


@pytest.fixture
def vocabulary() -> TokenVocabulary:
    return TokenVocabulary(normalize(name) for name in _NAMES)


@pytest.mark.parametrize(
    ("typo", "expected"),
    [
        ("ibuprofn", "ibuprofen"),
        ("acamoll", "acamol"),
        ("amoxicilin", "amoxicillin"),
        ("nurofne", "nurofen"),  # swapped neighbours count as one edit
        ("bibuprofen", "ibuprofen"),  # a wrong first letter is still found (last-letter bucket)
        ("אדויל", "אדוויל"),
        ("אקמל", "אקמול"),
        ("פורטא", "פורטה"),
        ("אופטלגן", "אופטלגין"),
    ],
)
def test_corrections_find_the_intended_token(vocabulary: TokenVocabulary, typo: str, expected: str) -> None:
    # The vocabulary holds normalised tokens (final letters folded), so both sides are normalised.
    assert vocabulary.corrections(normalize(typo))[0] == normalize(expected)


@pytest.mark.parametrize("word", ["xyzzyq", "abc", "have", "ibuprofen", "", "400"])
def test_no_correction_for_unrelated_short_or_known_tokens(vocabulary: TokenVocabulary, word: str) -> None:
    assert vocabulary.corrections(word or "x") == []


def test_vocabulary_ignores_numbers_and_duplicates() -> None:
    vocabulary = TokenVocabulary(["advil", "advil", "400", "nurofen"])
    assert len(vocabulary) == 2
    assert "advil" in vocabulary and "400" not in vocabulary


def test_similar_ranks_close_names_first(vocabulary: TokenVocabulary) -> None:
    found = vocabulary.similar("zirtek")
    assert found and found[0][0] == "zyrtec"
    assert all(0 <= score <= 100 for _token, score in found)
    assert vocabulary.similar("") == []
    assert vocabulary.similar("qqqqqqqq") == []


def test_max_edits_grows_with_length() -> None:
    assert [max_edits(w) for w in ("abc", "advil", "acamol", "ibuprofen")] == [0, 1, 1, 2]


def test_similarity_is_symmetric_and_bounded() -> None:
    assert similarity("acamol", "acamol") == 100.0
    assert similarity("acamol", "zyrtec") == similarity("zyrtec", "acamol") < 50


def test_large_vocabulary_uses_buckets() -> None:
    # 100,000 synthetic tokens: a correction must still be found, and quickly.
    import time

    syllables = ["ka", "lo", "mi", "ne", "ta", "ri", "so", "vu", "ze", "po"]
    words = [
        f"{syllables[i % 10]}{syllables[i // 10 % 10]}{syllables[i // 100 % 10]}{syllables[i // 1000 % 10]}"
        f"{syllables[i // 10000 % 10]}x"
        for i in range(100_000)
    ]
    vocabulary = TokenVocabulary([*words, "ibuprofen"])
    started = time.perf_counter()
    for _ in range(20):
        assert vocabulary.corrections("ibuprofn") == ["ibuprofen"]
    assert (time.perf_counter() - started) / 20 < 0.05
