"""Building blocks of the policy's lexicons: compiled rules over normalised text, and clause splitting.

Every pattern runs over :func:`pharmai.text.normalize` output (lower-case, no punctuation, Hebrew final
letters folded), so the rules are written as people type and folded the same way at compile time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pharmai.text import normalize, prefilter

__all__ = [
    "HE_PREFIX",
    "SENTENCE_END",
    "Rule",
    "RuleSet",
    "any_of",
    "drop_sentences",
    "fold",
    "split_clauses",
    "strip_label_phrases",
]

#: Optional Hebrew prefix letters (and, the, in, to, from, that, as) before a word: "וכדאי", "שמתאים".
HE_PREFIX = "(?:[ובהלמשכ]{0,3})"

#: Between two sentences of a reply (kept with the sentence before it).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

_FINALS = str.maketrans({"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"})

# Where a message changes subject: sentence ends, commas, and the conjunctions that glue a factual
# question to an advice request ("is it in stock, and should I take it?").
_CLAUSE_BREAK = re.compile(
    r"[?!.;:\n,]+|\s+(?:and|but|&)\s+|\s+(?=ו(?:האם|כדאי|אפשר|מותר|כמה|"
    r"מה|זה|גם|אם|איזה|איך|תגיד|תגידי|תבדוק|תבדקי|ספר|תספר)\b)",
    re.IGNORECASE,
)


def fold(pattern: str) -> str:
    """Fold Hebrew final letters in a pattern so it matches normalised text ("ממליץ" → "ממליצ")."""
    return pattern.translate(_FINALS)


@dataclass(frozen=True)
class Rule:
    """One advice cue.

    Attributes:
        name: A short id, reported in explanations and tests.
        kind: ``advice``, ``diagnosis``, ``comparison`` or ``personal_dosage``.
        pattern: The compiled pattern (over normalised text).
        weak: A weak cue ("can I take", "how often") is cancelled when the same clause asks what the
            label or leaflet says, because then the person asks for a printed fact, not for advice.
    """

    name: str
    kind: str
    pattern: re.Pattern[str]
    weak: bool = False


def rule(name: str, kind: str, pattern: str, *, weak: bool = False) -> Rule:
    """Compile one rule; Hebrew finals in ``pattern`` are folded."""
    return Rule(name, kind, re.compile(fold(pattern)), weak)


def any_of(patterns: Iterable[re.Pattern[str]]) -> re.Pattern[str]:
    """One pattern that matches where any of ``patterns`` does (their flags must agree; none use groups
    by number)."""
    return re.compile("|".join(f"(?:{pattern.pattern})" for pattern in patterns))


@dataclass(frozen=True)
class RuleSet:
    """Rules checked together. Most clauses match none of them, so one scan of all their patterns at once
    rules a clause out before each rule is tried on its own."""

    rules: tuple[Rule, ...]
    screen: re.Pattern[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "screen", any_of(r.pattern for r in self.rules))

    def hits(self, text: str) -> list[Rule]:
        """The rules whose pattern occurs in the normalised ``text``."""
        if not self.rules or not prefilter.search(self.screen, text):
            return []
        return [r for r in self.rules if r.pattern.search(text)]


def split_clauses(text: str) -> list[str]:
    """The normalised clauses of a raw message (empty ones dropped)."""
    parts = (normalize(part) for part in _CLAUSE_BREAK.split(text))
    return [part for part in parts if part]


# Phrases that name a label fact and must not read as a request: "recommended dose" is printed text.
_LABEL_PHRASES = (
    (re.compile(r"\brecommended (dose|dosage|daily dose)\b"), "label dose"),
    (re.compile(fold(r"(?:ה)?מינונ (?:ה)?מומלצ")), "מינונ תווית"),
)


def strip_label_phrases(text: str) -> str:
    """Replace printed-label phrases ("recommended dose", "המינון המומלץ") by neutral words."""
    for pattern, replacement in _LABEL_PHRASES:
        text = pattern.sub(replacement, text)
    return text


def drop_sentences(reply: str, drop: Callable[[str], bool]) -> tuple[str, bool]:
    """The reply without the sentences ``drop(sentence)`` selects, line structure kept.

    Returns:
        The text, and whether any sentence was dropped.
    """
    lines, dropped = [], False
    for line in reply.split("\n"):
        sentences = SENTENCE_END.split(line)
        kept = [s for s in sentences if not (s.strip() and drop(s))]
        dropped = dropped or len(kept) != len(sentences)
        lines.append(" ".join(kept).rstrip() if len(kept) != len(sentences) else line)
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return text, dropped
