"""When a product just found out of stock is back: its restock date, from the inventory.

"when's it back?", "when will you get more", "מתי זה חוזר למלאי?", "מתי יגיע עוד?" right after a stock answer
ask one thing about the product of that answer: the date it is expected at the branch just checked. Read as a
new request they went astray: "when's" or "more" was looked up as a medication name, "עוד" ("more") read as a
refill and asked the customer to sign in. Here such a message (a "when" word, a "back / more / arrive" word,
nothing that may be a name) is answered from ``inventory_check``: the restock date at that branch (or that it is
in stock after all, or that no date is known), with the other branches' stock on the same line
(:mod:`.stock_elsewhere`). A question about taking it ("when can I take it again?") has no "back" word and is
never read here.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _follow_words, stock_elsewhere
from pharmai.agent.engines.offline.flows_catalog import learn, name_of
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date, say
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["answer", "asks_restock"]

# "when", "how long", "any idea when", "מתי", "עד מתי", "כמה זמן".
_WHEN = c.cues("when", "whens", "how long", "how soon", "eta", "any idea", "מתי", "עד מתי", "כמה זמן")
# The product coming back ("back", "get more", "arrive", "חוזר", "יגיע עוד"); a "restock" word says it alone.
_BACK = c.cues(
    "back", "more", "again", "arrive", "arrives", "arriving", "come in", "coming in", "get it in", "get some",
    "get more", "getting more", "delivery", "shipment", "supply", "stocked", "in stock", "available",
    "חוזר", "חוזרת", "חוזרים", "יחזור", "תחזור", "יחזרו", "יגיע", "יגיעו", "תגיע", "מגיע", "מגיעה", "עוד", "שוב",
    "יהיה", "יהיו", "תהיה", "במלאי", "למלאי", "משלוח", "אספקה",
)  # fmt: skip
# "what about tomorrow?", «יהיה מחר?», "and next week?": the product's stock to come (only a restock date says it).
_FUTURE = c.cues(
    "tomorrow", "tmrw", "tmr", "next week", "tonight", "this evening", "later today", "the day after tomorrow",
    "over the weekend", "this weekend",
    "מחר", "מחרתיים", "בשבוע הבא", "הערב", "בערב", "אחר הצהריים", "אחרי הצהריים", "בסופש", "בסוף השבוע",
)  # fmt: skip
_RESTOCK = c.cues(
    "restock", "restocked", "restocking", "restock date", "back in stock", "eta", "חידוש מלאי", "חידוש המלאי",
    "יתחדש", "יחודש",
)  # fmt: skip
# Words of such a question that name nothing ("when's it back?", "any idea when you'll get more in?").
_FILLERS = frozenset(
    normalize(
        "whens when's it'll itll you'll youll we'll they'll theyre there be back more again in stock restock "
        "restocked restocking arrive arrives arriving delivery shipment supply idea soon eta date expected "
        "expect you we they going gonna roughly long how next week any know by coming come comes in "
        "מתי זה זו הוא היא חוזר חוזרת יחזור תחזור יחזרו יגיע יגיעו תגיע מגיע מגיעה עוד שוב יהיה יהיו תהיה "
        "למלאי במלאי מלאי חידוש יתחדש יחודש משלוח אספקה צפוי צפויה בערך כמה זמן עד לכם אצלכם אתם יודעים ידוע "
        "what about and will have tomorrow tmrw tmr tonight evening this later today weekend day after the "
        "מה עם לגבי ו מחר מחרתיים בשבוע הבא הערב בערב אחר אחרי הצהריים בסופש בסוף השבוע"
    ).split()
)
_ANSWERS_AFTER = ("availability", "equivalents", "info", "medication", "compare", "price")
# Each product of the thread is answered, a few at most.
_MAX_PRODUCTS = 3
_TEXTS = {
    "no_date_in_stock": {
        "en": "A restock date is only on file once a product runs out, so I can't say when more will come in.",
        "he": "מועד חידוש מלאי נרשם רק כשמוצר אוזל, ולכן אין לי מידע מתי תגיע כמות נוספת.",
    },
    "back_on": {
        "en": "{name} is expected back in stock at {store} on {date}.",
        "he": "מועד חידוש המלאי הצפוי של {name} בסניף {store}: {date}.",
    },
}


def asks_restock(norm: str) -> bool:
    """Whether a normalised message asks when a product is back ("when's it back?", "מתי יגיע עוד?")."""
    # "when is it supposed to arrive?", «מתי הוא אמור להגיע», «מתי הוא צפוי לחזור»: an arrival word is a "back".
    back = _BACK.search(norm) or _follow_words.ARRIVING.search(norm)
    # "I'll come get it tomorrow", «אקפוץ מחר»: the person's own coming (a close), nothing asked of the stock.
    future = _FUTURE.search(norm) and not c.PICKUP.search(norm)
    return bool(_RESTOCK.search(norm) or (_WHEN.search(norm) and back) or future)


def _names_nothing(text: str) -> bool:
    for word in remainder_query(text).split():
        if not any(v in _FILLERS or v in c.STOP for v in prefix_variants(normalize(word))):
            return False
    return True


def answer(d: Dialogue) -> bool:
    """Answer "when is it back?" about the product of the last stock answer (see the module docstring).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    refs = [ref for ref in d.state.last_refs if ref.ids and ref.ids[0] != "?"][:_MAX_PRODUCTS]
    if not refs or p.meds or p.loose or p.place or verdict.red_flags or verdict.symptom:
        return False
    if d.state.last_intent not in _ANSWERS_AFTER or c.EXPIRY.search(p.norm):
        return False  # after a refill "when will it arrive?" is about that refill; "expire" is a prescription's
    if not asks_restock(p.norm) or not _names_nothing(p.text):
        return False
    store = p.store or d.state.last_store or d.turn.session.store_id or next(iter(c.STORES))
    lines = [_line(d, str(ref.ids[0]), ref.q, store) for ref in refs]
    d.add("\n".join(line for line, _ in lines if line))
    if any(in_stock for _, in_stock in lines):
        # "when are you getting more?" about a product on the shelf: its stock now, and why no date is given.
        d.add(_TEXTS["no_date_in_stock"][d.lang])
    p.intent = "availability"
    d.state.last_store = p.store or d.state.last_store
    return True


def _line(d: Dialogue, med_id: str, typed: str, store_id: str) -> tuple[str, bool]:
    """The product's restock line at the branch, and whether it is in stock there now."""
    result = d.call("inventory_check", store_id=store_id, med_id=med_id)
    matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)] if result.ok else []
    if len(matches) != 1:
        return (d.error_text(result, name_of(d, med_id, typed)) if not result.ok else ""), False
    match: dict[str, Any] = matches[0]
    name = str(match.get("display_name") or name_of(d, med_id, typed))
    learn(d, match.get("med_id"), name)
    store = str((result.envelope.get("store") or {}).get("name") or store_id)
    qty = match.get("qty_on_hand") or 0
    if qty > 0:
        key = "low_stock" if match.get("low_stock") else "in_stock"
        return say(d.lang, key, name=name, store=store, qty=qty), True  # back already: its stock now
    eta = match.get("restock_eta")
    if eta:
        text = _TEXTS["back_on"][d.lang].format(name=name, store=store, date=format_date(d.lang, eta))
    else:
        text = say(d.lang, "out_of_stock_no_eta", name=name, store=store)
    return stock_elsewhere.with_line(d, text, match, store_id), False
