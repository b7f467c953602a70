"""More of a medication: "can I get more Klacid?", "I ran out of my Glucophage", "אפשר עוד אקמול".

More of a medication on file is its refill (:mod:`~pharmai.agent.engines.offline.rx_next_steps`); more of one
with no prescription on file is its stock. Kept apart from both flows so that the prescription flow and
the next-steps module, which builds on it, share the cue without importing each other.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog
from pharmai.agent.engines.offline.state import Dialogue

__all__ = [
    "DOCTOR",
    "MORE",
    "SENT",
    "after_not_received",
    "more_not_on_file",
    "next_not_received",
    "not_received",
    "sent_by_doctor",
]

# "can I get more Klacid?", "I ran out of my Glucophage": more of a medication = its refill, when on file.
MORE = c.cues(
    "more", "another box", "another pack", "another bottle", "ran out", "run out", "running out", "running low",
    "out of my", "need some more", "get some more",
    # "another round of Klacid", "Zoloft again": the same medication once more (a course, a box, a month).
    "another round", "another course", "another cycle", "another month", "another supply", "one more", "again",
    "once more", "repeat", "new round", "new course", "second round", "second course",
    "עוד", "נגמר לי", "נגמרה לי", "נגמרו לי", "נגמר", "נגמרו", "עוד קופסה", "עוד חבילה",
    "שוב", "סבב נוסף", "עוד סבב", "סבב חדש", "סבב שני", "טיפול נוסף", "קופסה נוספת", "חבילה נוספת", "פעם נוספת",
    "עוד פעם", "מחדש",
)  # fmt: skip
# "my doctor said she sent one": a prescription the patient expects, not (yet) on file (a doctor is named too:
# "can you send me Acamol?" is no such thing).
SENT = c.cues(
    "sent", "sent one", "sent it", "sent me", "sent over", "called in", "faxed", "e-prescribed",
    "prescribed", "wrote me", "gave me a prescription",
    "שלח", "שלחה", "שלחו", "ישלח", "תשלח", "העביר", "העבירה", "העבירו", "רשם לי", "רשמה לי", "רשמו לי",
)  # fmt: skip
DOCTOR = c.cues(
    "doctor", "doc", "dr", "gp", "physician", "clinic", "she sent", "he sent", "they sent",
    "רופא", "רופאה", "הרופא", "הרופאה", "מרפאה", "המרפאה", "קופה", "הקופה",
)  # fmt: skip
_TEXTS = {
    "not_received": {
        "en": "I don't see a prescription for {name} on file for you: none has reached the pharmacy yet. Please "
        "ask your doctor (or clinic) to check it was sent, or ask the branch; once it arrives, I can check it "
        "and request it here.",
        "he": "לא מופיע אצלך מרשם ל{name}: עדיין לא התקבל מרשם כזה בבית המרקחת. כדאי לבקש מהרופא/ה (או מהמרפאה) "
        "לוודא שהמרשם נשלח, או לפנות לסניף; כשהמרשם יתקבל, אוכל לבדוק אותו ולהגיש אותו כאן.",
    },
    "next_not_received": {
        "en": "Please contact your doctor (or clinic) and ask them to send the prescription to the pharmacy, or "
        "check with the branch whether it has arrived. Once it's on file, I can check it and request it here.",
        "he": "כדאי לפנות לרופא/ה (או למרפאה) ולבקש לשלוח את המרשם לבית המרקחת, או לברר בסניף אם הוא התקבל. "
        "כשהמרשם יהיה במערכת, אוכל לבדוק אותו ולהגיש אותו כאן.",
    },
}
# What "no prescription for it has reached us" says, whatever the name (the next "what do I do?" follows it).
_MARKS = ("none has reached the pharmacy yet", "עדיין לא התקבל מרשם כזה")


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def not_received(d: Dialogue, name: str) -> str:
    """ "No prescription for {name} has reached the pharmacy yet; ask the doctor or the branch"."""
    if name[:1].isascii():
        name = name[:1].upper() + name[1:]  # "zoloft" as typed is still the product's name
    return _text(d, "not_received", name=name)


def sent_by_doctor(d: Dialogue) -> bool:
    """ "my doctor said she sent one for Zoloft": a medication named as one the doctor sent or prescribed."""
    p = d.parsed
    return bool(p.meds and SENT.search(p.norm) and DOCTOR.search(p.norm))


def next_not_received(d: Dialogue) -> str:
    """What to do about a prescription the doctor sent that has not arrived: the doctor, the branch."""
    return _text(d, "next_not_received")


def after_not_received(d: Dialogue) -> bool:
    """Whether the last reply said that a prescription the person expects has not arrived."""
    marks = (*_MARKS, *(text for texts in (_TEXTS["next_not_received"],) for text in texts.values()))
    return any(mark in d.last_reply for mark in marks)


def more_not_on_file(d: Dialogue) -> bool:
    """ "אפשר עוד אקמול" with no prescription for it on file: more of a product is its stock, not a refill.

    The model may read "more X" as a refill request; with no word of a refill in the message and nothing on
    file for X, "I don't see a valid prescription for Acamol, see your doctor" would answer a question never
    asked (Acamol needs none). The stock answer says whether it needs a prescription.

    Args:
        d: The turn (a refill flow found no prescription for the medication named).

    Returns:
        True when the stock was answered instead.
    """
    p = d.parsed
    if not p.meds or not MORE.search(p.norm) or c.REFILL.search(p.norm) or c.TAKING.search(p.norm):
        return False
    flows_catalog.availability(d, None)
    p.intent = "availability"
    return True
