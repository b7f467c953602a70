"""A doctor out of reach after "a new prescription is needed", and the texts of a refill carried on.

- "my doc is on vacation", "הרופא שלי בחופש", "I can't get an appointment" right after a refill answer that
  said a new prescription is needed (expired, completed, no refills left, cancelled): sorry; a new
  prescription is still needed (the pharmacy cannot extend one), another doctor can usually issue it, a
  pharmacist can advise on the options meanwhile — and an offer to pass it to a pharmacist, which a "yes"
  then accepts (:func:`accepts_pharmacist`). Never "I can only help with pharmacy questions", never advice.

The texts of :mod:`.rx_continue` (a refill that cannot be placed yet) live here too.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_rx, rx_more
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["accepts_pharmacist", "doctor_away", "text"]

_RX = ("prescriptions", "refill_status", "refill_request")
# The doctor, also as "my GP" or "רופאת המשפחה" (the shared cue names the doctor of "she sent one").
_DOCTOR = c.cues(
    "family doctor", "my gp", "the gp", "רופאת", "רופאת המשפחה", "רופא המשפחה", "הרופאה שלי", "הרופא שלי",
)  # fmt: skip
# The doctor cannot be reached for now: away, booked up, closed.
_AWAY = c.cues(
    "vacation", "holiday", "holidays", "away", "abroad", "out of the country", "out of town", "out of office",
    "not available", "isn't available", "isnt available", "unavailable", "not answering", "doesn't answer",
    "doesnt answer", "can't reach", "cant reach",
    "can't get hold", "cant get hold", "can't get an appointment", "cant get an appointment", "no appointment",
    "no appointments", "fully booked", "booked up", "on leave", "maternity leave", "retired", "sick", "closed",
    "on strike", "not around", "not in", "travelling", "traveling",
    "בחופש", "בחופשה", "בחול", "בחו\"ל", "לא זמין", "לא זמינה", "לא עונה", "לא עונים", "חולה", "סגור", "סגורה",
    "שביתה", "אין תור", "אין תורים", "אין לי תור", "לא מצליח להשיג", "לא מצליחה להשיג", "לא משיג", "לא משיגה",
    "במילואים", "נסע", "נסעה", "בפנסיה", "פרש", "פרשה", "בחופשת לידה", "לא נמצא", "לא נמצאת", "בחל\"ת", "בחלת",
)  # fmt: skip
_TEXTS = {
    "doctor_away": {
        "en": "I'm sorry, that makes it harder. {name} still needs a new prescription from a doctor: the pharmacy "
        "can't extend or renew it. Another doctor (for example at your clinic) can usually issue one while yours "
        "is away, and a pharmacist can advise you on the options in the meantime.",
        "he": "מצטער לשמוע, זה באמת לא פשוט. עדיין נדרש מרשם חדש מרופא/ה עבור {name}: בית המרקחת לא יכול להאריך "
        "או לחדש אותו. רופאים אחרים (למשל במרפאה או בקופה) יכולים בדרך כלל לתת מרשם בזמן ההיעדרות, והרוקחים "
        "בסניף יוכלו לייעץ על האפשרויות בינתיים.",
    },
    "pharmacist_offer": {
        "en": "Shall I pass this to a pharmacist?",
        "he": "להעביר את הפנייה לרוקח/ת?",
    },
    "handoff_reason": {
        "en": "The customer's prescription needs renewing and their doctor is unavailable; they asked for a "
        "pharmacist's advice on the options.",
        "he": "המרשם של הלקוח/ה דורש חידוש והרופא/ה שלו/ה אינו/ה זמין/ה; הלקוח/ה ביקש/ה ייעוץ של רוקח/ת לגבי "
        "האפשרויות.",
    },
    "back_on": {"en": " (expected back on {date})", "he": " (צפויה לחזור למלאי ב-{date})"},
    "not_yet": {
        "en": "I can't place the {name} refill yet: it's out of stock at {store}{eta}.",
        "he": "עדיין אי אפשר להגיש את החידוש של {name}: התרופה חסרה כרגע במלאי בסניף {store}{eta}.",
    },
    "other_has": {
        "en": "The {store} branch has it in stock ({count}); if you'd rather pick it up there, just say so.",
        "he": "בסניף {store} התרופה זמינה במלאי ({count} יחידות); אם נוח לך לאסוף שם, אפשר לבקש את החידוש לסניף הזה.",
    },
    "other_out": {
        "en": "It's out of stock at {store} too{eta}.",
        "he": "גם בסניף {store} התרופה חסרה כרגע במלאי{eta}.",
    },
    "meanwhile": {
        "en": "Once it's back in stock, I can request the refill here. If you need it sooner, a pharmacist can "
        "help with other options — just ask and I'll connect you.",
        "he": "כשהתרופה תחזור למלאי, אפשר יהיה להגיש כאן את בקשת החידוש. אם צריך אותה מוקדם יותר, הרוקחים בסניף יוכלו "
        "לעזור באפשרויות אחרות — אפשר לבקש ואעביר את הפנייה.",
    },
}


def text(d: Dialogue, key: str, **values: str) -> str:
    """One of this module's texts in the reply's language."""
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def doctor_away(d: Dialogue, last: str | None) -> bool:
    """ "my doc is on vacation" after "a new prescription is needed": sorry, still needed, a pharmacist can help.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when answered here (the reply ends offering to pass it to a pharmacist).
    """
    p = d.parsed
    if last not in _RX or p.meds or p.refs or p.store or d.turn.verdict.red_flags:
        return False
    if not (rx_more.DOCTOR.search(p.norm) or _DOCTOR.search(p.norm)) or not _AWAY.search(p.norm):
        return False
    if c.TAKING.search(p.norm) or not any(ref.ids for ref in d.state.last_refs):
        return False  # "can I take something until then?": the refusal to advise, as always
    target = flows_rx.current_target(d)
    if target is None:
        return False
    name = str(target.name or target.presc_id)
    result = d.call("prescription_verify", presc_id=target.presc_id, intent="refill")
    if not result.ok:
        d.add(d.error_text(result, name))
        return True
    env = result.envelope
    if env.get("next_step") == "allow_refill_request" or env.get("rx_status") == "refill_pending":
        return False  # no new prescription is needed: the doctor's absence changes nothing here
    d.add(text(d, "doctor_away", name=name))
    d.question = text(d, "pharmacist_offer")
    p.intent = last
    return True


def accepts_pharmacist(d: Dialogue) -> bool:
    """A yes right after "Shall I pass this to a pharmacist?": the handoff (the caller read the yes).

    Args:
        d: The turn (a bare affirmation).

    Returns:
        True when the question was passed to a pharmacist (or the handoff's failure was said).
    """
    if not any(d.last_reply.endswith(text) for text in _TEXTS["pharmacist_offer"].values()):
        return False
    result = d.call("transfer_to_pharmacist", reason=text(d, "handoff_reason"), priority="normal")
    if result.ok:
        ticket = result.envelope.get("ticket") or {}
        d.say("handoff", ticket=ticket.get("ticket_id"), position=ticket.get("queue_position"))
    else:
        d.add(d.error_text(result))
    d.parsed.intent = "handoff"
    return True
