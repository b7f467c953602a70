"""A cheap, exact test that a regular expression cannot match a text, for big cue alternations.

The engine's cue patterns are alternations of a few hundred phrases, each behind a look-behind (``(?:^|
(?<=\\s))``) or ``\\b``: Python's ``re`` then tries every phrase at every position of the message, about
0.1 ms per pattern even on a short message, and one turn runs dozens of them. Every phrase is a literal,
though, so a match needs one of those literals somewhere in the text; a substring test per literal is far
cheaper. :func:`needles` reads those literals off the parsed pattern, and :func:`finditer` skips the
pattern when none of them occurs, which answers exactly what the pattern answers (no match) without
running it. A pattern it cannot read that way (case-insensitive flags, a branch with no literal) is
always run.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

# The parser re itself uses (Python 3.11+, which pharmai requires); only the pattern's structure is read.
from re import _constants as _sre_constants  # type: ignore[attr-defined]
from re import _parser as _sre_parse  # type: ignore[attr-defined]
from typing import Any

__all__ = ["could_match", "finditer", "needles", "search"]

_LITERAL = _sre_constants.LITERAL
_BRANCH = _sre_constants.BRANCH
_SUBPATTERN = _sre_constants.SUBPATTERN
_REPEATS = (_sre_constants.MAX_REPEAT, _sre_constants.MIN_REPEAT, getattr(_sre_constants, "POSSESSIVE_REPEAT", None))
_CASE_FLAGS = re.IGNORECASE | re.VERBOSE


def _sequence(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """Literals one of which every match of ``items`` (matched in order) contains; ``None``: unknown."""
    options: list[frozenset[str]] = []
    run: list[str] = []

    def close_run() -> None:
        if run:
            options.append(frozenset({"".join(run)}))
            run.clear()

    for op, arg in items:
        if op is _LITERAL:
            run.append(chr(arg))
            continue
        close_run()
        found: frozenset[str] | None = None
        if op is _BRANCH:
            _, branches = arg
            found = _union([_sequence(list(branch)) for branch in branches])
        elif op is _SUBPATTERN:
            _, add_flags, del_flags, sub = arg
            if not add_flags and not del_flags:
                found = _sequence(list(sub))
        elif op in _REPEATS:
            low, _, repeated = arg
            if low >= 1:  # matched at least once
                found = _sequence(list(repeated))
        if found:
            options.append(found)
    close_run()
    if not options:
        return None
    # Every item must match, so any one item's literals will do: the one whose shortest literal is longest.
    return max(options, key=lambda found: (min(map(len, found)), -len(found)))


def _union(parts: list[frozenset[str] | None]) -> frozenset[str] | None:
    # A match takes one branch: the branches' literals together; one branch without any: unknown.
    if any(part is None for part in parts):
        return None
    return frozenset().union(*parts)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=512)
def needles(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Literals at least one of which occurs in any text ``pattern`` matches; ``None`` when unknown."""
    if not isinstance(pattern.pattern, str) or pattern.flags & _CASE_FLAGS:
        return None
    try:
        parsed = _sre_parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # pragma: no cover - a pattern re compiled always parses
        return None
    found = _sequence(list(parsed))
    if not found or "" in found:
        return None
    return tuple(sorted(found, key=lambda needle: (len(needle), needle)))


@functools.lru_cache(maxsize=512)
def _screen(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    # The literals as one plain alternation: with no look-behind in front, re skips ahead on their first
    # letters, a few microseconds for a message (a substring test per literal costs about the same).
    found = needles(pattern)
    return None if found is None else re.compile("|".join(re.escape(needle) for needle in found))


def could_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when ``pattern`` cannot match anywhere in ``text`` (True may still find nothing)."""
    screen = _screen(pattern)
    return screen is None or screen.search(text) is not None


def finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, skipped when :func:`could_match` says no match is possible."""
    if could_match(pattern, text):
        yield from pattern.finditer(text)


def search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, answered ``None`` at once when :func:`could_match` says no match is possible."""
    return pattern.search(text) if could_match(pattern, text) else None
