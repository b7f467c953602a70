"""The parts of a message that asks several things, and what each part asks by its own words.

"is acamol in stock at dizengoff, does zyrtec need a prescription, and how much is optalgin", «בודק אם יש זירטק
בירושלים וגם כמה הוא עולה וגם אם צריך מרשם»: a comma, "and", "also", «וגם», a question mark each start a part;
each part asks one fact (stock, price, the label or some of it, a similar product, a comparison). The
several-part flow (:mod:`.message_parts`) answers each part about its own product; the label flow reads here
whether a part asks only if a product needs a prescription.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.identical_ask import asks_for_identical
from pharmai.agent.engines.offline.thread_intent import EVERY_BRANCH
from pharmai.text.normalize import normalize

__all__ = ["LIKE_IT", "ask", "asks", "asks_rx_alone", "spans"]

# "you guys low on tylenol?", «הטיילנול אוזל לכם?»: a stock question in words of running short.
_RUNNING_LOW = c.cues(
    "low on", "running low", "run low", "short on", "running out", "almost out", "nearly out", "any left",
    "אוזל", "אוזלת", "אוזלים", "כמעט נגמר", "כמעט נגמרה", "נשאר מעט", "מלאי נמוך", "המלאי נמוך",
)  # fmt: skip
_STOCK = (
    c.AVAILABILITY, c.OUT_OF_STOCK, c.RESTOCK, c.HOW_MANY_UNITS, c.AVAILABILITY_WEAK, c.HAS, EVERY_BRANCH, _RUNNING_LOW,
)  # fmt: skip
#: A part that asks for a product like the one named ("יש משהו דומה", "anything similar?").
LIKE_IT = (c.EQUIVALENT, c.GENERIC, c.CHEAPER)
# "anything like it?", «משהו כמוהו?»: a product like the one in play.
_LIKE_THAT = c.cues(
    "anything like it", "something like it", "anything like that", "something like that", "anything like this",
    "משהו כמוהו", "משהו כמוה", "משהו כמו זה", "משהו בדומה",
)  # fmt: skip
_SPLIT = re.compile(c.CLAUSES.pattern + r"|\s+(?=(?:וגמ|וגם)\s)")


def spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each part of ``text`` that has words."""
    found, start = [], 0
    for match in _SPLIT.finditer(text):
        if match.start() > start:
            found.append((start, match.start()))
        start = match.end()
    if start < len(text):
        found.append((start, len(text)))
    return [(a, b) for a, b in found if normalize(text[a:b])]


def ask(norm: str, count: int) -> tuple[str | None, set[str]]:
    """What one normalised part asks (``None``: no request word) and the label facets it names.

    Args:
        norm: The part, normalised.
        count: How many products the part names (two or more may be compared).
    """
    facets = {name for name, pattern in c.FACETS.items() if pattern.search(c.HOW_MANY_OTHER.sub(" ", norm))}
    if count >= 2 and c.COMPARE.search(c.COMPARE_TIMES.sub(" ", norm)):
        return "compare", set()
    if any(p.search(norm) for p in LIKE_IT):
        return "equivalents", set()
    if count == 0 and (asks_for_identical(norm) or _LIKE_THAT.search(norm)):
        return "equivalents", set()  # «ויש משהו שווה ערך?», "got anything identical?": a product like the one in play
    if c.PRICE.search(norm):
        return "price", set()
    if facets and not (facets == {"dosage"} and c.HOW_MANY_UNITS.search(norm)):
        return "info", facets
    if any(p.search(norm) for p in _STOCK):
        return "availability", set()
    if c.INFO.search(norm):
        return "info", set()
    return None, set()


def asks(text: str) -> list[tuple[str | None, set[str]]]:
    """What each part of ``text`` asks by its own words, in order (one item for a message of one part)."""
    return [ask(normalize(text[start:end]), 1) for start, end in spans(text)]


def asks_rx_alone(text: str) -> bool:
    """Several parts, each label question among them only whether the product needs a prescription.

    "…, also how much is it and do I need a script": the prescription part is answered by its one line (no
    ingredient line beside it); "what is Optalgin, and does it need a prescription?" asks the label too.
    """
    parts = asks(text)
    labels = [facets for request, facets in parts if request == "info"]
    return len(parts) >= 2 and bool(labels) and all(facets == {"rx"} for facets in labels)
