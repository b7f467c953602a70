"""A signed-in patient's own prescription asked for in other words than "refill".

- "I want to order more Plavix", "אפשר להזמין טרמדקס?", "צריכה גלוקופאז' כמו תמיד", "I need my Glucophage":
  a medication the patient has a prescription for, asked for (ordered, needed, "as always"), is its refill —
  which says whether it can be refilled and, when it can, offers it — never a stock count. A medication with
  no prescription on file keeps the stock answer; "do you have it in stock?" keeps the stock answer.
- "what's the status of my metformin one?": the line of that prescription (its status, refills, expiry), also
  when the message names the generic of one of the patient's prescriptions.
- "can I pick it up in Jerusalem instead?" while a refill waits for a "yes": the same refill offered again
  at that branch (with that branch's stock); the new offer replaces the old one, never two pending.
- "check again, I don't remember sending it", "it's been a week" after a pending refill: that refill's
  status again (and, when it is taking long, that a pharmacist can look into it).
- "why was it cancelled?" after a refill answer: the reason is not on file; the doctor can say.

A red flag, a symptom or a question about taking something keeps its own flow: nothing here weakens them.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_rx, rx_doctor, rx_more
from pharmai.agent.engines.offline.state import Dialogue

__all__ = [
    "GAP",
    "ORDER",
    "asked_for_stock",
    "expiry_when",
    "gap_note",
    "next_after_not_received",
    "not_received",
    "order_own",
    "own_by_use",
    "pickup_elsewhere",
    "protest",
    "recheck",
    "status_of_own",
    "thread",
    "why_status",
]

_REFILL = ("refill_status", "refill_request")
# "I want to order…", "I need my…", "as always": asking for the medication itself (its refill, when on file).
ORDER = c.cues(
    "order", "reorder", "re order", "i need", "need my", "need some", "need more", "i want", "want my",
    "i'd like", "id like", "i would like", "can i have", "could i have", "can i get my", "get me",
    "as always", "as usual", "like always", "like usual", "the usual", "my usual", "same as always",
    "same as last time", "like last time", "at least",
    "להזמין", "אזמין", "תזמין", "תזמיני", "הזמנה", "להזמינ", "צריך", "צריכה", "צריכים", "רוצה", "רציתי",
    "אשמח", "כמו תמיד", "כרגיל", "כמו בפעם שעברה", "כמו בפעם הקודמת", "הקבוע", "הקבועה", "הרגיל", "לפחות",
)  # fmt: skip
# Hebrew "להזמין" ("to order") holds "זמין" ("available"), which the stock cue reads with a prefix: not a stock word.
_ORDER_VERB = re.compile(r"(?:^|(?<=\s))[ולשכ]?(?:להזמינ|להזמין|הזמינ|הזמין|אזמינ|אזמין|תזמינ|תזמין|תזמיני)(?=\s|$)")
# "בסניף ירושלים" ("at the Jerusalem branch") names the branch; the stock cue reads "בסניף" as "in store".
_BRANCH_WORD = re.compile(r"(?:^|(?<=\s))[ובלמה]*סניפ(?=\s|$)")
# "what's the status of my metformin one?": a question about the prescription itself.
_STATUS = c.cues(
    "status", "what's happening with", "whats happening with", "what's going on with", "whats going on with",
    "סטטוס", "מה המצב", "מה קורה עם", "מה מצב",
)  # fmt: skip
# "check again", "it's been a week": the pending refill again.
_RECHECK = c.cues(
    "check again", "look again", "recheck", "re check", "double check", "check it again", "please check",
    "been a week", "been days", "been a while", "been ages", "been forever", "its been", "it's been", "still not",
    "still waiting", "taking so long", "taking forever", "don't remember", "dont remember", "never sent",
    "never asked", "didn't send", "didnt send", "didn't ask", "didnt ask",
    "תבדוק שוב", "תבדקי שוב", "בדוק שוב", "בדקי שוב", "לבדוק שוב", "תבדוק עוד פעם", "תבדקי עוד פעם", "עבר שבוע",
    "כבר שבוע", "עברו ימים", "כבר כמה ימים", "עדיין לא", "עדיין מחכה", "לוקח הרבה זמן", "לא זוכר", "לא זוכרת",
    "לא שלחתי", "לא ביקשתי",
)  # fmt: skip
# "it's been a week": taking long, so a pharmacist can look into it.
_LONG = c.cues(
    "been a week", "been days", "been a while", "been ages", "been forever", "its been", "it's been",
    "still waiting", "taking so long", "taking forever", "still not",
    "עבר שבוע", "כבר שבוע", "עברו ימים", "כבר כמה ימים", "עדיין מחכה", "לוקח הרבה זמן", "עדיין לא",
)  # fmt: skip
# "I need my thyroid med": a medication of the patient's own, named by what it is for.
_OWN_BY_USE = re.compile(
    r"\bmy (?:\w+ ){1,2}(?:med|meds|medicine|medicines|medication|medications|pills|tablets|prescription)\b"
    + "|(?:"
    + "|".join(c.normalize(w) for w in ("התרופה", "התרופות", "הכדורים", "הכדור", "המרשם"))
    + r") (?:של|שלי|נגד)(?=\s|$)"
)
# "since when?", "what date?": when the prescription expired (or expires).
_WHEN = c.cues(
    "when", "since when", "what date", "which date", "from what date", "how long ago",
    "מתי", "ממתי", "איזה תאריך", "באיזה תאריך", "מאיזה תאריך", "מאז מתי",
)  # fmt: skip
# "but it worked great for me", "but I take it every day!": a protest at a refill refused, no question of its own.
_BUT = re.compile(r"^(?:but|however|" + "|".join(c.normalize(w) for w in ("אבל", "אך", "רגע אבל")) + r")\b")
_ASKS = c.cues(
    "can i", "could i", "should i", "may i", "is it ok", "is it safe", "how many", "how much", "what if",
    "אפשר", "מותר", "כדאי", "האם", "כמה", "מה אם",
)  # fmt: skip
_PRICE_ASKED = c.cues("price", "cost", "how much", "מחיר", "המחיר", "כמה עולה", "כמה זה עולה", "כמה זה")
# "I have no pills for tomorrow", "I ran out": a gap until the new prescription, which a pharmacist can advise on.
GAP = c.cues(
    "no pills", "no tablets", "out of pills", "ran out", "run out", "running out", "for tomorrow", "none left",
    "nothing left", "last pill", "last one", "last dose",
    "אין לי כדורים", "אין לי תרופה", "אין לי יותר", "נגמרו לי", "נגמר לי", "נגמרה לי", "למחר", "הכדור האחרון",
    "לא נשארו לי כדורים",
)  # fmt: skip
# "why was it cancelled?", "who cancelled it?": the reason for the prescription's status.
_WHY = c.cues("why", "how come", "who", "what's the reason", "whats the reason", "למה", "מדוע", "מי", "מה הסיבה")
_STATUS_WORD = c.cues(
    "cancelled", "canceled", "cancel", "completed", "finished", "stopped",
    "בוטל", "ביטל", "ביטלו", "בוטלה", "ביטלה", "הושלם", "הופסק",
)  # fmt: skip
_TEXTS = {
    "reason_unknown": {
        "en": "The reason isn't recorded in your prescription details; I can only see its status. Your doctor "
        "(who issued the prescription) can tell you why, and can issue a new prescription if needed.",
        "he": "הסיבה אינה מופיעה בפרטי המרשם; אני רואה רק את הסטטוס שלו. אפשר לשאול את הרופא/ה שרשם/ה את "
        "המרשם מה הסיבה, ולבקש מרשם חדש אם צריך.",
    },
    "gap": {
        "en": "Until then, a pharmacist at the branch can advise on what to do about a short gap in your "
        "medication; please don't wait until you run out completely.",
        "he": "עד אז, אפשר להתייעץ עם רוקח/ת בסניף מה לעשות לגבי פער קצר בנטילת התרופה; כדאי לא לחכות עד שהתרופה "
        "תיגמר לגמרי.",
    },
    "pharmacist_offer": {
        "en": "If it's taking longer than expected, a pharmacist at the branch can look into it — just ask and "
        "I'll connect you.",
        "he": "אם זה לוקח יותר זמן מהצפוי, הרוקחים בסניף יוכלו לבדוק את זה — אפשר לבקש ואעביר את הפנייה.",
    },
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def asked_for_stock(norm: str) -> bool:
    """Whether a message asks about stock ("in stock?", "do you have"), not counting "להזמין" ("to order")."""
    return bool(c.AVAILABILITY.search(_ORDER_VERB.sub(" ", norm)))


def _quiet(d: Dialogue) -> bool:
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or verdict.is_advice or c.TAKING.search(p.norm):
        return False  # "can I take more?", an urgent message: their own flows, always
    return not c.SYMPTOM_WORDS.search(p.norm)


def _one_own(d: Dialogue) -> bool:
    p = d.parsed
    if not d.identified or not p.meds or len(p.meds) != 1 or p.store or p.place or p.facets:
        return False
    return bool(flows_rx.named_on_file(d))


def order_own(d: Dialogue) -> bool:
    """ "I want to order more Plavix" from a signed-in patient with a prescription for it: its refill.

    Args:
        d: The turn (read as a catalog question about one medication).

    Returns:
        True when the refill answered it.
    """
    p = d.parsed
    if not ORDER.search(p.norm) or asked_for_stock(p.norm) or c.INFO.search(_ORDER_VERB.sub(" ", p.norm)):
        return False
    if not _quiet(d) or not _one_own(d):
        return False
    p.intent = "refill_request"
    flows_rx.refill(d, request=True)
    return True


def status_of_own(d: Dialogue) -> bool:
    """ "what's the status of my metformin one?": that prescription's line (status, refills left, expiry).

    Args:
        d: The turn (read as a catalog question about one medication).

    Returns:
        True when the prescription's line answered it.
    """
    p = d.parsed
    if not _STATUS.search(p.norm) or asked_for_stock(p.norm) or not _quiet(d) or not _one_own(d):
        return False
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def pickup_elsewhere(d: Dialogue) -> bool:
    """ "and if I want to pick it up in Jerusalem?" while a refill waits for a "yes": that refill, there.

    The refill is offered again at the branch named, after its stock there; the loop keeps only the newest
    confirmation, so the offer at the first branch is replaced, never left pending beside it.

    Args:
        d: The turn.

    Returns:
        True when the refill was offered at the branch named.
    """
    p, waiting = d.parsed, d.state.refill
    if waiting is None or not waiting.med_id or not p.store or p.refs or not _quiet(d):
        return False
    if p.meds and not any(waiting.med_id in group for group in p.meds):
        return False  # "is Advil in stock in Jerusalem?": a question of its own
    if not (c.RX_PICKUP.search(p.norm) or p.intent in ("availability", "followup", "unknown", "refill_request")):
        return False
    if c.HOURS.search(p.norm) or asked_for_stock(_BRANCH_WORD.sub(" ", p.norm)):
        return False  # "when is the Jerusalem branch open?", "is it in stock there?": their own answers
    p.meds = [(waiting.med_id,)]
    p.intent = "refill_request"
    flows_rx.refill(d, request=True)
    return True


def recheck(d: Dialogue, last: str) -> bool:
    """ "check again", "it's been a week" after a refill answer: that refill's status, and a pharmacist's help.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the refill's status answered it.
    """
    p = d.parsed
    if last not in _REFILL or p.names_a_target or not _RECHECK.search(p.norm):
        return False
    verdict = d.turn.verdict
    if verdict.red_flags or c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm):
        return False
    if not any(ref.ids for ref in d.state.last_refs):
        return False
    if verdict.is_advice:
        d.say("rx_next_no_advice")  # "כבר כמה ימים…" reads as a dose question ("כמה"): none is given, the refill is
    flows_rx.refill(d, request=False)
    if _LONG.search(p.norm):
        d.add(_text(d, "pharmacist_offer"))
    p.intent = "refill_status"
    return True


def why_status(d: Dialogue, last: str) -> bool:
    """ "why was it cancelled? who cancelled it?" after a refill answer: the reason is not on file; the doctor.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when answered here.
    """
    p = d.parsed
    if last not in (*_REFILL, "prescriptions") or p.names_a_target:
        return False
    if not (_WHY.search(p.norm) and _STATUS_WORD.search(p.norm)) or not _quiet(d):
        return False
    if not any(ref.ids for ref in d.state.last_refs):
        return False
    d.add(_text(d, "reason_unknown"))
    p.intent = last
    return True


def thread(d: Dialogue, last: str | None) -> bool:
    """Answer ``d`` as the next message of a refill thread, if it is one of those this module knows.

    (A branch named while a refill waits, :func:`pickup_elsewhere`, is asked first of all follow-ups.)

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the message was answered here.
    """
    if next_after_not_received(d) or rx_doctor.doctor_away(d, last):
        return True  # "my doc is on vacation" after "a new prescription is needed": sorry, still needed
    if last is None:
        return False
    return recheck(d, last) or why_status(d, last) or expiry_when(d, last) or protest(d, last)


def gap_note(d: Dialogue) -> None:
    """After "a new prescription is needed": "I have no pills for tomorrow" gets a pharmacist for the gap.

    Args:
        d: The turn (its reply said that a new prescription is needed).
    """
    if GAP.search(d.parsed.norm):
        d.add(_text(d, "gap"))


def protest(d: Dialogue, last: str) -> bool:
    """ "but it worked great for me" after a refill was refused: the same answer (a new prescription is needed).

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the refill's status answered it.
    """
    p = d.parsed
    if last not in _REFILL or p.names_a_target or "?" in p.text:
        return False
    if not _BUT.search(p.norm) or _PRICE_ASKED.search(p.norm) or asked_for_stock(p.norm):
        return False
    if d.turn.verdict.red_flags or c.SYMPTOM_WORDS.search(p.norm) or (c.TAKING.search(p.norm) and _ASKS.search(p.norm)):
        return False  # "but it hurts", "but can I take two": their own flows ("but I take it daily" asks nothing)
    if not any(ref.ids for ref in d.state.last_refs):
        return False
    if d.turn.verdict.is_advice:
        d.say("rx_next_no_advice")  # a statement read as a request for advice: none is given, only the way on
    flows_rx.refill(d, request=False)
    p.intent = "refill_status"
    return True


def expiry_when(d: Dialogue, last: str) -> bool:
    """ "expired?? since when?" after a refill answer: that prescription's line, with its expiry date.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the prescription's line answered it.
    """
    p = d.parsed
    if last not in (*_REFILL, "prescriptions") or p.names_a_target:
        return False
    if not (c.RX_EXPIRY.search(p.norm) and _WHEN.search(p.norm)) or d.turn.verdict.red_flags:
        return False
    if c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm):
        return False
    talked = [ref for ref in d.state.last_refs if ref.ids][:1]
    if not talked:
        return False
    p.meds = [tuple(talked[0].ids)]
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def own_by_use(d: Dialogue) -> bool:
    """ "I need my thyroid med" (no name) from a signed-in patient: the patient's prescriptions, to choose from.

    A purpose of the demo's own (thyroid, cholesterol…) that picks one prescription is answered earlier
    (:mod:`.rx_purpose`); any other purpose is not guessed: the list shows them all, with their status, and
    "refill the Eltroxin" (or its number) then names one.

    Args:
        d: The turn (read as none of the pharmacy's requests).

    Returns:
        True when the prescriptions answered it.
    """
    p = d.parsed
    if not d.identified or p.meds or p.refs or not _OWN_BY_USE.search(p.norm) or not _quiet(d):
        return False
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def not_received(d: Dialogue) -> bool:
    """ "my doctor said she sent one for Zoloft" with no prescription for it on file: none has arrived yet.

    Args:
        d: The turn (read as a catalog question about one medication).

    Returns:
        True when answered here.
    """
    p = d.parsed
    if not d.identified or len(p.meds) != 1 or p.facets or not rx_more.sent_by_doctor(d):
        return False
    if asked_for_stock(p.norm) or not _quiet(d):
        return False
    on_file = flows_rx.named_on_file(d)
    if on_file is None:
        return True  # the prescriptions could not be read: the reply says so
    if on_file:
        return False
    d.add(rx_more.not_received(d, flows_rx.typed_name(d)))
    p.intent = "prescriptions"
    return True


def next_after_not_received(d: Dialogue) -> bool:
    """ "what do I do?" right after "no prescription for it has reached us": the way on, never a refusal.

    Args:
        d: The turn.

    Returns:
        True when answered here.
    """
    p = d.parsed
    if not rx_more.after_not_received(d) or p.meds or d.turn.verdict.red_flags:
        return False
    if not c.WHAT_NOW.search(p.norm) or c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm):
        return False
    if d.turn.verdict.is_advice:
        d.say("rx_next_no_advice")  # read as a request for advice: none is given, only the way on
    d.add(rx_more.next_not_received(d))
    p.intent = "prescriptions"
    return True
