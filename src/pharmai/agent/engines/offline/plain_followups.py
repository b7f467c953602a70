"""Follow-ups about the product of the thread that ask for something the last answer did not say plainly.

- "how many?", "כמה בדיוק?" right after the stock line that already gave the units: the count said plainly
  (one sentence per product), never the same stock line again;
- "and the dosing?", "how many at once?", "dosage instructions?", "כמה בפעם?", "וכמה נוטלים?", "והוראות
  המינון?" after a stock (or any catalog) answer: the label's dosage, with its warnings, of the thread's
  product, never the stock again, a price, nor a look-up of "dosing" as a medication name.

A message that names a product, a list position or anything else left over is left to the normal flow; an
advice question ("how much should I take?") is left to the refusal, which gives the label's dosage itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date, say
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["count_again", "dosage"]

_CATALOG = ("availability", "info", "equivalents", "list", "price", "compare")
# A question about the label's dosage, on normalised text (final letters folded).
_DOSE = re.compile(
    r"\bdos(?:e|es|age|ages|ing)\b|\bposology\b|\bdirections\b|\binstructions\b|\bper dose\b|\beach time\b|"
    r"\bat (?:once|a time)\b|\bhow (?:often|much|many)\b.{0,30}\b(?:taken|take|mg|time|times|once|day|daily)\b|"
    r"(?:^|\s)[והלבש]{0,3}(?:מינונ|מנה|מנות|הוראות)(?:\s|$)|"
    r"(?:^|\s)ו?כמה (?:\S+ )?(?:בפעמ|פעמ|נוטלימ|לוקחימ|מג|לפי העלונ)(?:\s|$)|(?:^|\s)ו?איכ (?:נוטלימ|לוקחימ)(?:\s|$)"
)
# Words such a question may carry; any other word may be a name (or a request of its own) and is left alone.
_DOSE_WORDS = frozenset(
    normalize(
        "and the what whats is are its it of for about dosage dose doses dosing dosages posology directions "
        "instructions how often much many taken take one per each a time times at once mg day daily label on "
        "according to leaflet usual standard recommended max maximum then so ok okay please that this them "
        "מה מינון מינונים הוראות שימוש לפי העלון עלון כמה בפעם פעם פעמים ביום ליום יומי מנה מנות מג נוטלים "
        "לוקחים איך אותו אותה שלו שלה הוא היא זה לגבי עם אז בבקשה מקסימלי מקסימום המומלץ מומלץ רגיל כתוב "
        "כל שעות זמן"
    ).split()
)
_COUNT = {
    "in": {
        "en": "There are {qty} units of {name} at {store}.",
        "he": "בסניף {store} יש {qty} יחידות של {name}.",
    },
    "none": {
        "en": "There are none: {name} is out of stock at {store}{eta}.",
        "he": "אין אף יחידה: {name} אזל מהמלאי בסניף {store}{eta}.",
    },
}

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]


def dosage(d: Dialogue, last: str | None, refs: list[MedRef], run: Run) -> bool:
    """ "and the dosing?" about the one product of the thread: its label dosage and warnings.

    Args:
        d: The turn.
        last: The request the previous turn answered.
        refs: The products of the thread.
        run: The engine's catalog flow.

    Returns:
        True when the dosage was given here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if last not in _CATALOG or p.meds or p.refs or p.place or len(refs) != 1 or refs[0].ids[:1] == ["?"]:
        return False
    if verdict.red_flags or verdict.symptom or verdict.is_advice or not _DOSE.search(p.norm):
        return False
    for word in normalize(remainder_query(p.text) or p.text).split():
        if not any(variant in _DOSE_WORDS for variant in prefix_variants(word)):
            return False  # "the dose of Tylenol for kids": a word of its own, the normal flow's
    p.intent = "info"
    p.facets = {"dosage"}
    run(d, "info", refs)
    d.state.last_refs = refs
    return True


def count_again(d: Dialogue, refs: list[MedRef], start: int) -> None:
    """Say the count plainly when the stock just written (``d.parts[start:]``) only repeats the last reply.

    Args:
        d: The turn ("how many?" answered with the stock flow).
        refs: The products counted.
        start: How many paragraphs the reply had before the stock flow ran.
    """
    written = d.parts[start:]
    before = d.last_reply
    if not written or not before or not all(part in before for part in written):
        return
    if any(len(ref.ids) != 1 or ref.ids[0] == "?" for ref in refs):
        return
    lines = [_count_line(d, ref) for ref in refs]
    if all(lines):
        del d.parts[start:]
        d.add("\n".join(line for line in lines if line))


def _count_line(d: Dialogue, ref: MedRef) -> str:
    store_id = d.store or d.turn.session.store_id
    result = d.call("inventory_check", med_id=ref.ids[0], store_id=store_id)
    if not result.ok:
        return ""
    matches: list[dict[str, Any]] = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)]
    if len(matches) != 1:
        return ""
    match = matches[0]
    store = str((result.envelope.get("store") or {}).get("name") or store_id)
    name = str(match.get("display_name") or ref.q)
    qty = match.get("qty_on_hand")
    if match.get("in_stock") and isinstance(qty, int) and qty > 0:
        return _COUNT["in"][d.lang].format(qty=qty, name=name, store=store)
    eta = match.get("restock_eta")
    eta_text = say(d.lang, "refill_eta", date=format_date(d.lang, eta)) if eta else ""
    return _COUNT["none"][d.lang].format(name=name, store=store, eta=eta_text)
