"""Questions about one's own prescription that are not worded as a refill request.

The model knows these as a question about the product (its label), its stock, a delivery order, or even
advice; they ask about the person's own prescription for one medication named:

- "whats left on my coumadin", «כמה נשאר לי בקומדין», "how many refills do I still have on the plavix": the
  refills left on that prescription (the refill-status answer, with the count in agreement: «נותר חידוש
  אחד», «נותרו ארבעה חידושים», «לא נותרו חידושים»), never the label or the shelf's count;
- "until when is my Eltroxin valid", «עד מתי המרשם לאלטרוקסין בתוקף?»: its line with the expiry date (and,
  when it has expired, that the doctor issues a new one, :mod:`.rx_status_note`);
- "why doesn't my tramadex show?", «למה הטרמדקס לא מופיע לי?»: its line with its status and who can say why;
- «תזמין לי עוד פלביקס», "order me more plavix" (read as a delivery order), signed in with a prescription on
  file: its refill, which says whether it can be refilled and when the doctor is needed;
- "i want klacid again", «אפשר שוב את הקלסיד?», signed in with a prescription on file: its refill check, also
  when the model alone read advice or a symptom into it.

Someone not signed in is asked to sign in first (the request resumes after the code). A red flag, a word of a
symptom, of taking something or of an amount keeps its own flow (the urgent-care text, the referral, the
refusal to advise): nothing here weakens them. A stock question ("in stock", «במלאי») keeps the stock answer.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_rx, rx_choices, rx_more, rx_order, rx_purpose
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy._red_flag_gate import no_longer_had

__all__ = ["answer"]

# The person's own: "my Coumadin", «כמה נשאר לי», «הטרמדקס שלי», «המרשם לאלטרוקסין».
_OWN = c.cues(
    "my", "mine", "i have", "i still have", "do i have", "have i got", "i got", "for me", "prescription", "script",
    "rx", "לי", "שלי", "אצלי", "מרשם", "המרשם", "במרשם", "למרשם",
)  # fmt: skip
# A count of pills or units, a price: not the prescription's refills.
_NOT_REFILLS = c.cues(
    "pill", "pills", "tablet", "tablets", "capsule", "capsules", "units", "box", "boxes", "pack", "in the box",
    "days", "doses", "price", "cost", "כדור", "כדורים", "טבליות", "כמוסות", "יחידות", "קופסה", "בקופסה", "ימים",
    "מחיר", "עולה",
)  # fmt: skip
# "why doesn't it show?", "what happened to my…?", «לא מופיע», «נעלם», «איפה … שלי»: missing from the records.
_MISSING = c.cues(
    "show", "shows", "showing", "shown", "show up", "see", "appear", "appears", "appearing", "listed", "missing",
    "disappeared", "gone", "where is my", "wheres my", "where's my", "where did my", "what happened to",
    "what happened with", "cant find", "can't find", "not there", "not on my list", "not in my list",
    "מופיע", "מופיעה", "מופיעים", "רואה", "רואים", "נעלם", "נעלמה", "נמחק", "נמחקה", "חסר", "חסרה", "איפה",
    "מה קרה", "לא מוצא", "לא מוצאת", "ברשימה",
)  # fmt: skip
# "until when…?", «עד מתי…?» about a prescription (the expiry words themselves are :data:`._cues.RX_EXPIRY`).
_UNTIL = c.cues(
    "until when", "till when", "til when", "how long", "up to when", "עד מתי", "עד איזה תאריך", "עד איזה יום",
    "עד אימתי", "לכמה זמן",
)  # fmt: skip
_RX_NAMED = c.cues("prescription", "script", "rx", "מרשם", "המרשם", "במרשם", "למרשם")
# What is taken: a dose or a use is a question for a pharmacist ("can I take Klacid again?").
_TAKING = c.cues(
    "take", "taking", "took", "swallow", "dose", "dosage", "give", "giving", "לקחת", "ליטול", "לתת", "מינון",
    "נוטל", "נוטלת", "לוקח", "לוקחת", "לבלוע",
)  # fmt: skip
# A real delivery or shipping (not "order me", "תזמין לי"): the pharmacy delivers nothing, as always.
_DELIVERY = c.cues(
    "delivery", "deliver", "delivered", "shipping", "ship", "send", "mail", "courier", "online", "home", "to my house",
    "משלוח", "משלוחים", "לשלוח", "תשלחו", "תשלח", "שליח", "הביתה", "אונליין", "בדואר",
)  # fmt: skip
# Readings of "i want klacid again" the model gives (a guess of a symptom or advice, a stock or label question).
_AGAIN_READINGS = ("symptom", "advice", "availability", "info", "medication", "unknown", "followup", "delivery")
# The requests these questions are read as, which a flow of the prescription answers better.
_READINGS = ("info", "availability", "medication", "unknown", "followup", "symptom", "advice", "price", "list")


def _quiet(d: Dialogue, taking: bool = True) -> bool:
    """No red flag, no word of a symptom (nor, with ``taking``, of taking something): nothing else must answer."""
    p = d.parsed
    if d.turn.verdict.red_flags or c.SYMPTOM_WORDS.search(p.norm):
        return False
    return not (taking and _TAKING.search(p.norm))


def _one_named(d: Dialogue) -> bool:
    p = d.parsed
    # A part of the label asked ("my coumadin's dosage") is the label's question ("rx" is the prescription word).
    return len(p.meds) == 1 and not (p.refs or p.store or p.place or p.stores or p.facets - {"rx"})


def _stock_asked(d: Dialogue) -> bool:
    return rx_order.asked_for_stock(d.parsed.norm)


def _count(d: Dialogue) -> bool:
    """ "whats left on my coumadin", «כמה נשאר לי בקומדין»: that prescription's refills left."""
    p = d.parsed
    # «כמה עוד נשאר לי…» may read as a request ("עוד", "more"): a count asked, with no word of a request, is none.
    counted = p.intent == "refill_request" and c.ASKS_COUNT.search(p.norm) and not c.REFILL_REQUEST.search(p.norm)
    if not (p.intent in _READINGS or counted) or not c.REFILLS_LEFT.search(p.norm) or not _OWN.search(p.norm):
        return False
    if _NOT_REFILLS.search(p.norm) or _stock_asked(d) or not _quiet(d):
        return False
    p.intent = "refill_status"
    flows_rx.refill(d, request=False)
    return True


def _line(d: Dialogue, cue_found: bool) -> bool:
    """That prescription's own line (status, expiry, refills) and what its status means."""
    p = d.parsed
    if not cue_found or p.intent not in _READINGS or _stock_asked(d) or not _quiet(d, taking=False):
        return False
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def _missing(d: Dialogue) -> bool:
    """ "why doesn't my tramadex show?", «למה הטרמדקס לא מופיע לי?»: its status, and who can say why."""
    norm = d.parsed.norm
    asked = bool(_MISSING.search(norm) and _OWN.search(norm)) and not (
        c.REFILL.search(norm) or c.RX_PICKUP.search(norm)
    )
    return _line(d, asked)


def _no_longer(d: Dialogue) -> bool:
    """ "why can't I get Tramadex anymore?", signed in with it on file: its status, and who can say why."""
    if not d.identified or not no_longer_had(d.turn.message or d.parsed.text):
        return False
    if not flows_rx.named_on_file(d):
        return False  # not one of theirs: the product's own answer (its stock), as for anyone
    return _line(d, True)


def _expiry(d: Dialogue) -> bool:
    """ "until when is my Eltroxin valid?", «עד מתי המרשם לאלטרוקסין?»: its expiry (an expired one: the doctor)."""
    norm = d.parsed.norm
    asked = bool(c.RX_EXPIRY.search(norm) and _OWN.search(norm)) or bool(_UNTIL.search(norm) and _RX_NAMED.search(norm))
    return _line(d, asked)


def _order(d: Dialogue) -> bool:
    """ "order me more plavix", «תזמין לי עוד פלביקס» (read as delivery), with a prescription on file: its refill."""
    p = d.parsed
    if p.intent != "delivery" or not d.identified or _DELIVERY.search(p.norm) or _stock_asked(d) or not _quiet(d):
        return False
    if not flows_rx.named_on_file(d):
        return False  # no prescription for it (or unread): no orders here, and its stock, as for anyone
    p.intent = "refill_request"
    flows_rx.refill(d, request=True)
    return True


def _again(d: Dialogue) -> bool:
    """ "i want klacid again", «אפשר שוב את הקלסיד?» with a prescription on file: its refill check."""
    p = d.parsed
    if not d.identified or p.intent not in _AGAIN_READINGS or not rx_more.MORE.search(p.norm):
        return False
    if _stock_asked(d) or c.EQUIVALENT.search(p.norm) or not _quiet(d) or c.INFO_STRONG.search(p.norm):
        return False  # "is there more in stock?", "another one like it?", "can I take it again?": their own
    if d.turn.verdict.is_advice and rx_choices.advice_by_rule(d):
        return False  # "can I continue with Klacid again?": a rule of advice fired, and its refusal stands
    if not flows_rx.named_on_file(d):
        return False  # no prescription for it (or unread): the stock answer, as for anyone
    if d.turn.verdict.is_advice:
        d.say("rx_next_no_advice")  # read as a request for advice: none is given, only the prescription's way
    p.intent = "refill_request"
    flows_rx.refill(d, request=True)
    return True


# "my eltroxin", «האלטרוקסין שלי»: the name and a word of one's own, nothing else asked.
_MY = c.cues("my", "mine", "שלי")
_BARE_WORDS = 3
# "ok and what about my lipitor", «אוקיי ומה עם הליפיטור שלי»: words that only lead in, never a request.
_LEAD_IN = c.cues(
    "ok", "okay", "and", "so", "also", "then", "what about", "how about", "whats with", "what's with", "אוקיי",
    "אוקי", "טוב", "ומה עם", "מה עם", "ומה לגבי", "מה לגבי", "וגם", "גם",
)  # fmt: skip
# A thread in which "and my X?" asks about X alone: a prescription, a stock or a price never combines with X
# ("can I take advil?" then "and my coumadin?" is a question about the two together, and stays one).
_OWN_THREADS = ("refill_status", "refill_request", "prescriptions", "availability", "price", "equivalents")
_REFILL_THREADS = ("refill_status", "refill_request")


def _bare_own(d: Dialogue) -> bool:
    """ "my eltroxin" alone, signed in with it on file: that prescription's line, not the label.

    "and what about my lipitor?" after a refill check or a stock question asks the same: only the words that
    lead in are left out of the count. After a label, an advice or an interaction question, "and my
    coumadin?" continues that thread (an interaction check, a comparison), never this.
    """
    p = d.parsed
    # Only the branch of the thread may be carried ("בירושלים" last turn): a branch typed now asks for stock.
    if len(p.meds) != 1 or p.refs or p.place or p.stores or p.facets - {"rx"}:
        return False
    rest = _LEAD_IN.sub(" ", p.norm)
    if not d.identified or len(rest.split()) > _BARE_WORDS or not _MY.search(p.norm):
        return False
    if c.INTERACTION.search(rest):
        return False  # "and with my coumadin?": the two together (only «מה עם», "what about", leads in)
    if c.INFO_STRONG.search(p.norm) or d.state.last_intent == "interaction":
        return False
    in_play = any(not set(ref.ids) & set(p.meds[0]) for ref in d.state.last_refs)
    if in_play and d.state.last_intent not in _OWN_THREADS:
        return False  # another product is in play
    if not flows_rx.named_on_file(d):
        return False
    if d.state.last_intent in _REFILL_THREADS:
        # "how about my coumadin?" after a refill: the same question for it (its refill checked and offered).
        p.intent = str(d.state.last_intent)
        flows_rx.refill(d, request=p.intent == "refill_request")
        return True
    if p.intent == "interaction":
        p.intent = "info"  # the «עם» of «מה עם» alone made it one: no other word of taking them together
    return _line(d, True)


def _thread_expiry(d: Dialogue) -> bool:
    """ "when does it expire?", «מתי הוא פג?» after the product's label: its prescription's expiry, if on file.

    A label answer gives no date, so "expire" was looked up as a name; the one product of the thread is
    meant, and what expires is the person's prescription for it.
    """
    p = d.parsed
    # Not signed in: the sign-in first, and the answer after the code (a label has no date to give).
    if p.meds or not (c.RX_EXPIRY.search(p.norm) or _UNTIL.search(p.norm)):
        return False
    if not c.IT.search(p.norm) or len(d.state.last_refs) != 1:
        return False
    if not _quiet(d, taking=False):
        return False
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def answer(d: Dialogue) -> bool:
    """Answer a question about the person's own prescription for the one medication named, if it is one.

    Args:
        d: The turn (no question of the last reply took it).

    Returns:
        True when answered here (the refill, the prescription's line, or a sign-in first).
    """
    if rx_purpose.answer(d) or rx_choices.answer(d):
        return True  # "my thyroid med", "what can I refill then?", "the other one", "is my moxypen in yet?"
    if not _one_named(d):
        return _thread_expiry(d) or _bare_own(d)
    # A count, a missing line or an expiry asked with "עוד" ("more") is that question, not more of it.
    return _order(d) or _count(d) or _missing(d) or _no_longer(d) or _expiry(d) or _again(d) or _bare_own(d)
