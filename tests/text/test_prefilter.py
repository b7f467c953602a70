"""The literal screen in front of big cue alternations answers exactly what the patterns answer."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import pharmai.agent.engines.offline as offline
import pharmai.policy as policy
from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline._not_names import covered
from pharmai.text import normalize, prefilter
from pharmai.text.normalize import _normalize

_MESSAGES = [
    "Is Advil in stock?",
    "Do you have Zyrtec?",
    "What is Ibuprofen?",
    "Is Nurofen available in Jerusalem?",
    "do you have a store in Haifa",
    "nvm forget it, thanks bye",
    "what does the label say about dosage",
    "what's the generic name of it?",
    "lol haha btw you guys",
    "I can't breathe and my chest hurts",
    "you told me Nurofen was in stock and there was nothing",
    "please refill my prescription",
    "on Herzl street",
    "יש אקמול במלאי?",
    "מה זה נורופן?",
    "יש לכם סניף בחיפה?",
    "עזוב, לא משנה",
    "מה המינון הרגיל שכתוב על העלון",
    "מה השם הגנרי שלו",
    "חחח אגב",
    "ברחוב הרצל",
    "אני רוצה לחדש את המרשם",
    "חיכיתי שעה בסניף",
    "",
    "x",
]


def _patterns() -> list[re.Pattern[str]]:
    found: dict[int, re.Pattern[str]] = {}
    for package in (offline, policy):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for value in vars(module).values():
                values = value.values() if isinstance(value, dict) else [value]
                for item in values:
                    if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                        found[id(item)] = item
    return list(found.values())


def _texts() -> list[str]:
    texts = []
    for message in _MESSAGES:
        texts += [message, normalize(message), " ".join(reversed(normalize(message).split()))]
    return texts


def test_screened_results_equal_the_patterns_own() -> None:
    patterns = _patterns()
    assert len(patterns) > 100
    assert sum(prefilter.needles(p) is not None for p in patterns) > len(patterns) // 2  # most are screened
    for pattern in patterns:
        for text in _texts():
            direct = [m.span() for m in pattern.finditer(text)]
            assert [m.span() for m in prefilter.finditer(pattern, text)] == direct, (pattern.pattern[:60], text)
            screened = prefilter.search(pattern, text)
            plain = pattern.search(text)
            assert (screened and screened.span()) == (plain and plain.span())
            if not prefilter.could_match(pattern, text):
                assert plain is None


@pytest.mark.parametrize(
    ("pattern", "text", "could"),
    [
        (c.STORES["s2"], "is advil in stock", False),  # no store's name in it: the pattern is not run
        (c.STORES["s2"], "יש אקמול במלאי", False),
        (c.STORES["s2"], "is nurofen available in jerusalem", True),
        (c.STORES["s2"], "יש נורופנ בירושלימ", True),
    ],
)
def test_the_screen_rules_out_messages_without_a_cue(pattern: re.Pattern[str], text: str, could: bool) -> None:
    assert prefilter.could_match(pattern, text) is could
    assert bool(pattern.search(text)) is could


@pytest.mark.parametrize(
    "source",
    [
        r"(?i)advil",  # case-insensitive: literals are not enough
        r"\d+",  # no literal at all
        r"foo|\w+",  # one branch without a literal
        r"(?i:abc)|def",
    ],
)
def test_patterns_without_reliable_literals_are_always_run(source: str) -> None:
    pattern = re.compile(source)
    assert prefilter.needles(pattern) is None
    assert prefilter.could_match(pattern, "anything")


def test_needles_of_alternations_groups_and_repeats() -> None:
    assert prefilter.needles(re.compile(r"\bred\b|(?:^|(?<=\s))[ובל]?כחול(?=\s|$)")) == ("red", "כחול")
    assert prefilter.needles(re.compile(r"(?:ab|cd)x+")) == ("ab", "cd")  # the longer literals of the two items
    assert set(prefilter.needles(re.compile(r"ח{2,}|(?:הה){2,}")) or ()) == {"ח", "הה"}


@pytest.mark.parametrize(
    ("message", "place_word", "name_word"),
    [("do you have a store in Haifa", 6, None), ("is Nurofen available in Jerusalem", 4, 1),
     ("יש לכם סניף בחיפה", 3, None), ("יש נורופן בירושלים", 2, 1)],
)  # fmt: skip
def test_covered_is_unchanged_in_both_languages(
    message: str, place_word: int, name_word: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The words of a place are covered; a medication's name never is; and the screen changes nothing.
    words = message.split()
    screened = covered(words)
    assert place_word in screened
    assert name_word is None or name_word not in screened
    monkeypatch.setattr(prefilter, "finditer", lambda pattern, text: pattern.finditer(text))
    assert covered(words) == screened


@pytest.mark.parametrize("text", ["Is ADVIL in stock?!", "שָׁלוֹם", "נורופן", "x" * 600, "ת\u05f4א", "  a  b  "])
def test_normalize_cache_answers_as_the_function(text: str) -> None:
    assert normalize(text) == _normalize(text)
    assert normalize(text) == normalize(text)  # a second call (from the cache) answers the same
