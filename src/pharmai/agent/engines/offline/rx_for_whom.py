"""Whether a product can be had without a prescription, asked for someone else or as a purchase.

"does my wife need a prescription for Coumadin?", «אמא שלי צריכה מרשם לזירטק?», "can I buy Tramadex without a
prescription?", «אפשר לקנות טרמדול בלי מרשם?»: the label's prescription flag answers them, for anyone — they
are no one's records, so no sign-in and no "I can only show your own prescriptions". The answer is one plain
line per product ("No — Tramadex (Tramadol) 50 mg requires a prescription: it is sold only with a doctor's
prescription"), never the label's dosage or warnings, and nothing about why someone wants it ("it gets you
high" gets no comment: the prescription is the answer).

A question about someone's prescription itself ("does my husband have a prescription for Coumadin?", "when does
my mom's Coumadin prescription expire?") is theirs, and stays refused (:mod:`.rx_person`); so is one about the
person's own records. Taking it ("can I take Tramadex without a prescription?") is a question of taking it, left
to the usual flows.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_care, flows_catalog, rx_fact
from pharmai.agent.engines.offline._clauses import asks as clause_asks
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer", "other_person", "rx_line"]

# Someone other than the person writing: a relation ("my wife", «אשתי», «השכן שלי») or "he"/"she".
_RELATION_EN = re.compile(
    r"\b(?:wife|husband|partner|spouse|mother|mom|mum|mommy|father|dad|daddy|parents?|son|daughter|child|kid|baby|"
    r"brother|sister|friend|neighbou?r|grandma|grandpa|grandmother|grandfather|aunt|uncle|colleague|roommate|"
    r"boss|boyfriend|girlfriend|cousin|someone|somebody)s?\b|\b(?:she|he|they)\b",
    re.IGNORECASE,
)
_RELATION_HE = c.cues(
    "אשתי", "בעלי", "אמא", "אבא", "אמי", "אבי", "הבן שלי", "הבת שלי", "בני", "בתי", "אחי", "אחותי", "השכן",
    "השכנה", "שכן", "שכנה", "חבר", "חברה", "חברים", "סבתא", "סבא", "בן הזוג", "בת הזוג", "הילד", "הילדה",
    "מישהו", "מישהי", "היא", "הוא",
)  # fmt: skip
# Buying or getting it ("can I buy…", «אפשר להשיג…»): with "without a prescription", the label's fact.
_GET = c.cues(
    "buy", "purchase", "get", "order", "pick up", "grab", "obtain", "sell", "sold", "have it", "get it",
    "לקנות", "לרכוש", "להשיג", "לקבל", "מוכרים", "מוכרת", "מוכר", "נמכר", "נמכרת", "אקנה", "לאסוף", "להזמין",
)  # fmt: skip
# The prescription itself: whether someone has one, its refills, its expiry, its status — their records.
_RECORD = c.cues(
    "have a prescription", "has a prescription", "had a prescription", "got a prescription", "have a script",
    "has a script", "on file", "status", "still valid", "refills left", "how many refills", "left on",
    "יש לו מרשם", "יש לה מרשם", "יש לי מרשם", "יש להם מרשם", "קיבל מרשם", "קיבלה מרשם", "סטטוס", "כמה חידושים",
)  # fmt: skip
# "her prescription", "my mom's script", «המרשם של אמא», «המרשם שלה»: a prescription that is someone's.
# ("neighbours coumadin prescription": the apostrophe is often left out after a relation.)
_WHOSE_EN = re.compile(
    r"\b(?:(?!doctor['’]s|doctors['’])[a-z]+['’]s|(?:wife|husband|mom|mum|mother|dad|father|son|daughter|friend|neighbou?r|brother|sister)s|"
    r"his|her|their|my|your)\s+(?:\w+\s+)?(?:prescriptions?|scripts?|rx)\b",
    re.IGNORECASE,
)
# "without a script", "without a doctor's prescription": no prescription at all (beyond :data:`._cues.NON_RX`).
_WITHOUT = c.cues(
    "without a script", "without script", "no script", "without an rx", "without rx", "with no prescription",
    "without a doctor's prescription", "without a doctors prescription", "without any prescription",
    "without a prescription from a doctor", "בלי מרשם רופא", "ללא מרשם רופא",
)  # fmt: skip
_WHOSE_HE = re.compile(c.PREFIX + r"(?:ה)?מרשמ(?:ימ)?\s+(?:של|שלו|שלה|שלי|שלהמ)(?=\s|$)")

_LINES = {
    # The question asks whether it needs one ("does she need a prescription for…?").
    ("need", True): {
        "en": "Yes, {name} requires a prescription: it is sold only with a doctor's prescription.",
        "he": "כן, {name} היא תרופת מרשם, ונמכרת רק עם מרשם רופא.",
    },
    ("need", False): {
        "en": "No, {name} does not require a prescription (OTC).",
        "he": "לא, {name} היא תרופה ללא מרשם (לא נדרש מרשם רופא).",
    },
    # The question asks whether it can be had without one ("can I buy it without a prescription?").
    ("without", True): {
        "en": "No — {name} requires a prescription: it is sold only with a doctor's prescription.",
        "he": "לא, {name} היא תרופת מרשם, ונמכרת רק עם מרשם רופא.",
    },
    ("without", False): {
        "en": "Yes, {name} does not require a prescription (OTC).",
        "he": "כן, {name} היא תרופה ללא מרשם (לא נדרש מרשם רופא).",
    },
    # Several products, or a question with no yes/no to it: the fact alone.
    ("fact", True): {
        "en": "{name} requires a prescription: it is sold only with a doctor's prescription.",
        "he": "{name} היא תרופת מרשם, ונמכרת רק עם מרשם רופא.",
    },
    ("fact", False): {
        "en": "{name} does not require a prescription (OTC).",
        "he": "{name} היא תרופה ללא מרשם (לא נדרש מרשם רופא).",
    },
}


def other_person(d: Dialogue) -> bool:
    """The message speaks of someone other than the person writing ("my wife", «השכן שלי», "she")."""
    return bool(_RELATION_EN.search(d.parsed.text) or _RELATION_HE.search(d.parsed.norm))


# "he", «הוא»: a pronoun that may stand for the product («כמה הוא עולה», "how much is he" is never said of one).
_PRONOUN_EN = re.compile(r"\b(?:she|he|they)\b", re.IGNORECASE)
_PRONOUN_HE = c.cues("הוא", "היא")


def _relation_word(d: Dialogue) -> bool:
    """The message names someone by a word that is not only a pronoun ("my wife", «השכן שלי»)."""
    text, norm = _PRONOUN_EN.sub(" ", d.parsed.text), _PRONOUN_HE.sub(" ", d.parsed.norm)
    return bool(_RELATION_EN.search(text) or _RELATION_HE.search(norm))


def _about_records(d: Dialogue) -> bool:
    norm, text = d.parsed.norm, d.parsed.text
    return bool(
        c.REFILL.search(norm)
        or c.RX_EXPIRY.search(norm)
        or _RECORD.search(norm)
        or _WHOSE_EN.search(text)
        or _WHOSE_HE.search(norm)
    )


def _asks(d: Dialogue) -> str | None:
    """``"without"``, ``"need"`` or ``None``: which prescription question the message asks, if this one."""
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or not p.meds or len(p.meds) > 3 or p.identifier or p.code:
        return None
    if p.intent in ("refill_request", "refill_status", "identity", "code", "handoff", "complaint", "list"):
        return None
    if p.facets - {"rx"}:
        return None  # «מה החומר הפעיל בו והאם הוא במרשם?»: several facts of the label, each answered by its flow
    norm = p.norm
    if _about_records(d) or c.TAKING.search(norm) or c.SYMPTOM_WORDS.search(norm) or c.AVAILABILITY.search(norm):
        return None  # theirs (or the person's own) records; a question of taking it; a stock question too
    without = bool(c.NON_RX.search(norm) or _WITHOUT.search(norm))
    if without and _GET.search(norm):
        return "without"  # "can I buy Tramadex without a prescription?", for anyone
    if not other_person(d) or p.interaction_cue:
        return None  # the person's own "do I need a prescription for…?": the label flow answers it
    asks = [ask for ask, _ in clause_asks(p.text)]
    if len(asks) >= 2 and any(ask not in (None, "info") for ask in asks) and not _relation_word(d):
        # «יש זירטק בירושלים וגם כמה הוא עולה וגם אם צריך מרשם»: "הוא" is the product whose stock and price the
        # other clauses ask, no one else: each clause is answered by its own flow.
        return None
    if without:
        return "without"  # "is Zyrtec OTC for my mom?"
    return "need" if rx_fact.asks_needs_rx(norm) else None


def rx_line(d: Dialogue, med: dict[str, Any], asks: str = "fact") -> str:
    """The one line that says whether ``med`` (a ``get_medication_by_name`` medication) needs a prescription.

    Args:
        d: The turn.
        med: The medication as the tool gave it.
        asks: ``"need"``, ``"without"`` (the yes/no of the question) or ``"fact"`` (no yes/no).
    """
    name = str(med.get("display_name") or "")
    return _LINES[(asks, bool(med.get("rx_required")))]["he" if d.lang == "he" else "en"].format(name=name)


def answer(d: Dialogue) -> bool:
    """Answer "does my wife need a prescription for X?" or "can I buy X without one?" from the label.

    Args:
        d: The turn.

    Returns:
        True when the message was this question and is answered.
    """
    asks = _asks(d)
    if asks is None:
        return False
    refs = flows_catalog.targets(d)
    if not refs:
        return False
    asks = asks if len(refs) == 1 else "fact"  # "yes"/"no" to several products at once would answer none
    for ref in refs:
        result = d.call("get_medication_by_name", medication_name=ref.q)
        if not result.ok:
            d.add(d.error_text(result, ref.q))
            continue
        med = result.envelope.get("medication") or {}
        flows_catalog.learn(d, med.get("med_id"), med.get("display_name"))
        d.add(rx_line(d, med, asks))
    if any(ask == "price" for ask, _ in clause_asks(d.parsed.text)):
        flows_care.price(d, [ref.q for ref in refs if ref.q])  # «…? וכמה הוא עולה»: that clause is answered too
    d.parsed.intent = "info"  # "and Zyrtec?" next asks the same of another product
    d.parsed.facets = {"rx"}
    return True
