"""A wrong medicine handed over at a branch: "you gave me the wrong medicine at the branch", «מכרו לי תרופה לא נכונה».

This is no ordinary service complaint: the person may be about to take something that was never meant for
them. The answer is an apology, a plain safety line (do not take it until a pharmacist has checked it), and a
handoff to a pharmacist there and then (``transfer_to_pharmacist``, high priority) — never only "ask for a
pharmacist if you'd like to report it". A red flag keeps the urgent-care flow ("I took the wrong pills and I
feel dizzy"); asking whether a product is the wrong one for a condition ("is Advil the wrong medicine for a
headache?") names no dispensing, and is left to its flows.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize

__all__ = ["answer", "names_a_wrong_medicine"]

_THING_EN = (
    r"(?:medicine|medicines|medication|medications|meds|med|pills|pill|tablets|tablet|drug|drugs|capsules|box|pack|"
    r"prescription|product|one|thing|stuff|item)"
)
# "you gave me the wrong medicine", "they sold me someone else's pills", "i got the wrong meds at the branch".
_EN = re.compile(
    r"\b(?:gave|give|given|sold|handed|dispensed|filled|got|received|packed|put|was given|were given)\b"
    r"(?: \w+){0,4}? (?:the |a |an )?(?:wrong|incorrect|different|another|someone elses|somebody elses|other peoples|"
    r"someone else s|not my|not the right)\b(?: \w+){0,2}? " + _THING_EN + r"\b"
    r"|\b(?:wrong|incorrect) (?:medicine|medication|meds|pills|tablets|drug|prescription) (?:was |were )?"
    r"(?:given|sold|dispensed|handed)\b"
    r"|\b(?:mixed up|mixup|mix up) (?:my|the) (?:medicine|medication|meds|pills|prescription|order)\b"
)
_NOUN_HE = r"(?:תרופה|תרופות|כדורימ|כדור|קופסה|טבליות|מרשמ|מוצר)"
# «מכרו לי בסניף תרופה לא נכונה», «נתנו לי תרופה אחרת», «קיבלתי כדורים של מישהו אחר», «טעו לי בתרופה».
_HE = re.compile(
    fold(
        r"(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:מכרו|נתנו|נתנ|נתנה|מכר|מכרה|קיבלתי|קיבלנו|הביאו|ניפקו|סיפקו|שמו|ארזו)"
        r"(?:\s\S+){0,4}?\s"
        + _NOUN_HE
        + r"\s(?:\S+\s)?(?:לא נכונה|לא נכונות|לא נכונימ|לא נכונ|שגויה|שגויימ|אחרת|אחרות|"
        r"אחרימ|אחר|של מישהו אחר|של מישהי אחרת|של אדמ אחר|לא שלי|לא שלנו)(?=\s|$)"
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:טעו|התבלבלו|בלבלו)(?:\s\S+){0,3}?\s[ובהלמשכ]{0,2}" + _NOUN_HE + r"(?=\s|$)"
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}" + _NOUN_HE + r"\s(?:לא נכונה|שגויה|לא נכונ|אחרת)\s(?:\S+\s){0,2}?"
        r"(?:מכרו|נתנו|קיבלתי|בסניפ|בבית המרקחת)(?=\s|$)"
    )
)

_TEXTS = {
    "en": (
        "I'm very sorry, that should never have happened. Please don't take the medicine you were given until a "
        "pharmacist has checked it. "
    ),
    "he": "אני מאוד מצטער, זה לא היה אמור לקרות. אין ליטול את התרופה שקיבלתם עד שרוקח/ת יבדקו אותה. ",
}
_HANDED = {
    "en": "I've passed this to a pharmacist (ticket {ticket}); you're number {position} in the queue, and a "
    "pharmacist will get back to you shortly. Please keep the package and the receipt.",
    "he": "העברתי את הפנייה לרוקח/ת (פנייה {ticket}); מקומך בתור: {position}, וצוות הרוקחים יחזור אליך בהקדם. "
    "כדאי לשמור את האריזה ואת הקבלה.",
}
_REASONS = {
    "en": "Complaint: the customer says the branch gave them the wrong medicine.",
    "he": "תלונה: הלקוח/ה מדווח/ת שקיבל/ה בסניף תרופה לא נכונה.",
}


def names_a_wrong_medicine(text: str) -> bool:
    """Whether ``text`` says the pharmacy handed over the wrong medicine ("they sold me the wrong pills").

    Args:
        text: The person's message.
    """
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    return bool(_EN.search(norm.replace("'", " ").replace("’", " ")) or _HE.search(norm))


def answer(d: Dialogue) -> bool:
    """The wrong medicine handed over: an apology, do not take it, and a pharmacist now.

    Args:
        d: The turn.

    Returns:
        True when answered here.
    """
    if d.turn.verdict.red_flags or not names_a_wrong_medicine(d.parsed.text):
        return False  # urgent care first: its own flow answers
    d.add(_TEXTS[d.lang].rstrip())
    result = d.call("transfer_to_pharmacist", reason=_REASONS[d.lang], priority="high")
    if result.ok:
        ticket = result.envelope.get("ticket") or {}
        d.add(_HANDED[d.lang].format(ticket=ticket.get("ticket_id"), position=ticket.get("queue_position")))
    else:
        d.add(d.error_text(result))
    d.parsed.intent = "handoff"
    return True
