"""How many a customer asks for: "2 boxes of acamol", "I need 3 packs", "2 קופסאות אקמול".

A number next to a name was read as a strength ("we carry Acamol as 500 mg, not 2 mg"); a number with a word of
count (boxes, packs, units, קופסאות, חבילות) is a quantity. It is never a strength, and the stock answer says so
when the branch has fewer than were asked for ("you asked for 10; Tel Aviv has only 5 units"). "I need 3 packs"
on its own, right after a stock answer, asks for that product: its stock is checked again with that count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import stock_elsewhere
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["asked", "followup", "short_line", "without_counts"]

Run = Callable[[Dialogue, str, list[MedRef] | None], None]

# Packs, and what a pack holds (tablets), in both languages; Hebrew words may carry a prefix letter.
_PACKS = (
    "boxes", "box", "packs", "pack", "packets", "packet", "packages", "package", "bottles", "bottle", "units",
    "unit", "pcs", "pieces", "piece", "tubes", "tube", "strips", "strip", "cartons", "carton",
    "קופסאות", "קופסה", "קופסא", "קופסת", "חבילות", "חבילה", "אריזות", "אריזה", "יחידות", "יחידה", "בקבוקים",
    "בקבוק", "שפופרות", "שפופרת", "מארזים", "מארז",
)  # fmt: skip
_PILLS = ("tablets", "tabs", "pills", "capsules", "caps", "כדורים", "טבליות", "קפסולות")
_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "a couple of": 2, "couple of": 2, "a couple": 2,
    "אחת": 1, "אחד": 1, "שתי": 2, "שתיים": 2, "שני": 2, "שניים": 2, "שלוש": 3, "שלושה": 3, "ארבע": 4,
    "ארבעה": 4, "חמש": 5, "חמישה": 5, "שש": 6, "שישה": 6, "שבע": 7, "שבעה": 7, "שמונה": 8, "תשע": 9, "עשר": 10,
}  # fmt: skip
_NUMBER = r"(?P<n>\d{1,4}|" + "|".join(re.escape(w) for w in sorted(_WORD_NUMBERS, key=len, reverse=True)) + ")"
_UNIT = r"(?P<u>" + "|".join(sorted((*_PACKS, *_PILLS), key=len, reverse=True)) + ")"
# "2 boxes", "3x packs", "two packs", "2 קופסאות", "שתי חבילות של"; never "2 mg".
_COUNT = re.compile(rf"(?<![\w.]){_NUMBER}\s*(?:x\s*)?(?:-\s*)?{_UNIT}(?![\w])", re.IGNORECASE)
_TEXTS = {
    "short": {
        "en": "You asked for {count}; {store} has only {qty} units of {name}.",
        "he": "ביקשת {count}, ובסניף {store} יש רק {qty} יחידות של {name}.",
    },
}
# "I need 10", "אני צריך 10": a bare number right after a wish to have is a count (no unit: never a strength).
_NEED = re.compile(
    r"(?:\b(?:need|want|wanna|get|buy|order)\s+(?:like\s+|about\s+|around\s+)?"
    r"|(?:^|(?<=\s))(?:צריך|צריכה|צריכים|רוצה|רוצים|אקנה|לקנות)\s+(?:בערך\s+|כ-?)?)"
    r"(?P<n>\d{1,4})(?!\d|\.\d|\s*(?:mg|mcg|מ[\"״]?ג|מיליגרם))(?=\s|[?!.,]|$)",
    re.IGNORECASE,
)
# Words of a count-only message that name nothing ("I need 3 packs", "אני צריכה 3 קופסאות בבקשה").
_FILLERS = frozenset(normalize("want need like take please also so then ok okay ממנו ממנה מזה מהם כאלה").split())


def _counts(text: str) -> list[re.Match[str]]:
    return list(_COUNT.finditer(text))


def asked(text: str) -> int | None:
    """The number of packs (or units) asked for in ``text``, if one is said with a word of count."""
    if c.ONLY_COUNT.search(normalize(text)):
        return None  # "only 5 units?": a reaction to the count just given, not a number asked for
    for match in _counts(text):
        if match.group("u").lower() in _PILLS:
            continue  # "30 tablets": what a pack holds, not how many packs (the stock counts packs)
        number = match.group("n").lower()
        return int(number) if number.isdigit() else _WORD_NUMBERS.get(number)
    need = _NEED.search(text)
    return int(need.group("n")) if need else None


def without_counts(text: str) -> str:
    """``text`` with every count blanked out (same length, so offsets of names still hold)."""
    blank = _COUNT.sub(lambda m: " " * len(m.group(0)), text)
    return _NEED.sub(lambda m: " " * len(m.group(0)), blank)


def short_line(d: Dialogue, match: dict[str, Any], store: str, here: str = "") -> str:
    """ "You asked for 10; Tel Aviv has only 5 units" when the branch has some, but fewer than asked.

    Args:
        d: The turn.
        match: The inventory match of the branch checked.
        store: That branch's name as shown.
        here: That branch's id: the other branches with enough units are named after it.
    """
    count = asked(d.parsed.text)
    qty = match.get("qty_on_hand") or 0
    if count is None or not 0 < qty < count:
        return ""
    name = str(match.get("display_name") or "")
    short = _TEXTS["short"][d.lang].format(count=count, store=store, qty=qty, name=name)
    more = stock_elsewhere.enough_line(d, match, here, count)
    return f"{short} {more}" if more else short


def followup(d: Dialogue, run: Run) -> bool:
    """ "I need 3 packs" right after a stock answer: that product's stock, with the count asked for.

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    refs = [ref for ref in d.state.last_refs if ref.ids and ref.ids[0] != "?"]
    if not refs or p.meds or p.loose or p.place or asked(p.text) is None:
        return False
    if verdict.red_flags or verdict.symptom or verdict.is_advice:
        return False  # "can I take 2 tablets?" is a dose, never a quantity to buy
    if d.state.last_intent not in ("availability", "info", "equivalents", "medication", "price"):
        return False
    left = remainder_query(without_counts(p.text)).split()
    if any(not any(v in _FILLERS or v in c.STOP for v in prefix_variants(normalize(w))) for w in left):
        return False  # a word that may be a name: the normal flow looks it up
    if not p.store and d.state.last_store:
        p.store = d.state.last_store
    p.intent = "availability"
    run(d, "availability", refs[:1])
    return True
