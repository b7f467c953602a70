"""Language detection and the reply language, in Hebrew, English and mixed text."""

from __future__ import annotations

import pytest

from pharmai.text import detect_language, reply_language
from pharmai.text.detect import script_counts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("יש לכם אדוויל?", "he"),
        ("שָׁלוֹם", "he"),  # niqqud does not hide the letters
        ("Do you have Advil?", "en"),
        ("Crème brûlée", "en"),
        ("יש לכם Advil?", "mixed"),
        ("Do you have אקמול", "mixed"),
        ("400 mg?!", "en"),  # digits and punctuation say nothing: the documented default
        ("", "en"),
        ("   ", "en"),
        ("<script>alert(1)</script>", "en"),
    ],
)
def test_detect_language(text: str, expected: str) -> None:
    assert detect_language(text) == expected


def test_script_counts_ignore_digits_and_punctuation() -> None:
    assert script_counts("אקמול 500 mg!") == (5, 2)
    assert script_counts("1234 ?!") == (0, 0)


@pytest.mark.parametrize(
    ("text", "default", "expected"),
    [
        ("יש לכם אדוויל?", "en", "he"),
        ("Is Ibuprofen in stock?", "he", "en"),
        ("יש לכם Advil?", "en", "he"),  # two Hebrew words, one English brand
        ("Do you have אקמול?", "he", "en"),  # three English words, one Hebrew brand
        ("Advil אקמול", "en", "en"),  # a tie keeps the conversation's language
        ("Advil אקמול", "he", "he"),
        ("400", "he", "he"),  # no letters: the default
        ("", "en", "en"),
        ("!!!", "fr", "en"),  # an unknown default counts as English
    ],
)
def test_reply_language(text: str, default: str, expected: str) -> None:
    assert reply_language(text, default) == expected


def test_long_text_is_fast_and_correct() -> None:
    text = "אקמול " * 2000 + "Advil"
    assert detect_language(text) == "mixed"
    assert reply_language(text, "en") == "he"


def test_an_address_alone_keeps_the_conversation_language() -> None:
    from pharmai.text.detect import reply_language

    assert reply_language("david.cohen@example.com", "he") == "he"
    assert reply_language("david.cohen@example.com", "en") == "en"
    assert reply_language("my email is david.cohen@example.com", "he") == "en"
    assert reply_language("המייל שלי הוא david.cohen@example.com", "en") == "he"
