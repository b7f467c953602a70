"""Upset customers and self-introductions: an apology or a short acknowledgement, never a refusal.

- A service complaint ("you told me Nurofen was in stock and there was nothing", "this is the second time",
  "the staff were rude", "חיכיתי שעה בסניף") gets a short apology and the way to report it (a pharmacist
  handoff on request); when it names a product, its stock now comes after the apology
  (:func:`apologise_first`). Never "I can't give medical advice", never "I can only help with …".
- A complaint about the assistant itself keeps its own apology ("I'm sorry this hasn't helped …").
- "My name is David Cohen" / "אני דוד כהן": a name is never an identifier and nobody is looked up by it. The
  person is told what does identify them (the email or phone on the account, then a one-time code), or,
  already signed in, simply asked what they need (:func:`introduces_self`).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.dialogue_state import CodeQuestion, IdentifierQuestion, Pending
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS
from pharmai.policy.complaints import is_complaint, is_service_complaint
from pharmai.text.normalize import normalize

__all__ = ["apologise_first", "apologised_lately", "introduces_self", "reply"]

# The requests whose answer about a product named in a complaint is its stock ("Advil was out again").
_STOCK_READINGS = ("info", "medication", "unknown", "followup", "symptom", "advice", "availability")
_RX_READINGS = ("prescriptions", "refill_status", "refill_request")
_OWN = re.compile(r"\b(?:my|mine|i|im)\b|(?:^|\s)(?:לי|שלי)(?=\s|$)")


def reply(d: Dialogue) -> None:
    """The answer to a complaint that names no product: about the service, or about the assistant."""
    if is_service_complaint(d.parsed.text) and not is_complaint(d.parsed.text):
        d.say("service_complaint")
    else:
        d.say("complaint")


# How many of the assistant's last replies a goodbye looks back over for an apology.
_RECENT_REPLIES = 4


def apologised_lately(d: Dialogue) -> bool:
    """One of the last few replies apologised for the service: a goodbye then is no "you're welcome"."""
    replies = [item.content for item in d.turn.history if item.role == "assistant"][-_RECENT_REPLIES:]
    marks = [TEXTS[key][lang].split(",")[0] for key in ("service_apology", "complaint") for lang in ("en", "he")]
    return any(mark in reply for reply in replies for mark in marks)


def apologise_first(d: Dialogue) -> None:
    """A service complaint that names a product: the apology first, then that product's stock now."""
    p = d.parsed
    if not p.meds or not is_service_complaint(p.text) or d.turn.verdict.is_advice:
        return
    d.say("service_apology")
    # "שוב נגמר האדוויל" may read as the person's own refill; with no word of one, it is the store's stock.
    own = c.REFILL.search(p.norm) or c.MY_RX.search(p.norm) or _OWN.search(p.norm)
    if p.intent in _STOCK_READINGS or (p.intent in _RX_READINGS and not own):
        # What was missing is what the person wants to know about now: whether it is there.
        p.intent = "availability"
        p.intents = ["availability", *(i for i in p.intents if i not in (*_STOCK_READINGS, *_RX_READINGS))]


# "my name is …", "call me …", "שמי …", "קוראים לי …": nothing else is said this way.
_STRONG = re.compile(
    r"^(?:(?:hi|hello|hey|שלומ|היי)\s)?(?:my name is|my names|name is|call me|the name is|שמי|קוראימ לי|"
    r"השמ שלי הוא|השמ שלי|שמי הוא)\s(?P<name>\S+(?:\s\S+){0,2})$"
)
# "I'm …", "this is …", "אני …", "מדבר …": a name only when every word after them is one nobody would use
# for anything else (no stop word, no state: "I'm pregnant", "אני בהריון" are not names).
_WEAK = re.compile(
    r"^(?:(?:hi|hello|hey|שלומ|היי)\s)?(?:i am|im|this is|its|אני|זה|מדבר|מדברת|כאנ)\s(?P<name>\S+(?:\s\S+){0,2})$"
)
_NOT_NAMES = frozenset(
    normalize(word)
    for word in (
        "pregnant", "breastfeeding", "nursing", "diabetic", "allergic", "sick", "ill", "worried", "new", "here",
        "back", "sorry", "ready", "done", "fine", "ok", "okay", "good", "great", "confused", "asthmatic",
        "epileptic", "vegan", "customer", "patient", "pharmacist", "doctor", "nurse", "mother", "father", "mom",
        "dad", "urgent", "serious", "calling", "asking", "writing", "retired", "old", "young", "elderly",
        "בהריון", "מניקה", "סוכרתי", "סוכרתית", "אלרגי", "אלרגית", "חולה", "לקוח", "לקוחה", "רוקח", "רוקחת",
        "רופא", "רופאה", "אחות", "אמא", "אבא", "מבולבל", "מבולבלת", "מודאג", "מודאגת", "בסדר", "מצטער",
        "מצטערת", "שוב", "חדש", "חדשה", "דחוף", "רציני", "מבוגר", "מבוגרת", "אסתמטי", "אפילפטי", "טבעוני",
        "טבעונית", "פה", "כאנ", "חוזר", "חוזרת",
    )
)  # fmt: skip


def _name(d: Dialogue, pending: Pending | None) -> bool:
    p = d.parsed
    verdict = d.turn.verdict
    if p.meds or p.identifier or p.code or p.store or p.place or verdict.red_flags or verdict.is_advice:
        return False
    if verdict.symptom:
        return False
    strong = _STRONG.match(p.norm)
    weak = None if strong else _WEAK.match(p.norm)
    match = strong or weak
    if match is None:
        return False
    words = match.group("name").split()
    if any(word in _NOT_NAMES or word.isdigit() for word in words):
        return False
    if weak is not None:
        # Every word after "I'm" / "אני" must be left for a name (no request or stop word among them), and it
        # is read so only in answer to "your email or phone?" or when typed as a name (capitals).
        if len(remainder_query(match.group("name")).split()) != len(words):
            return False
        capitals = all(word[:1].isupper() for word in p.text.split()[-len(words) :])
        if not (isinstance(pending, IdentifierQuestion) or capitals):
            return False
    return True


def introduces_self(d: Dialogue, pending: Pending | None) -> bool:
    """ "My name is David Cohen": acknowledge it and say what identifies the person (never a look-up by name).

    Returns:
        True when the message was a name given and has been answered.
    """
    if isinstance(pending, CodeQuestion) or not _name(d, pending):
        return False  # waiting for the code just sent: that question's own flow answers
    if d.identified:
        d.say("name_noted")
    elif isinstance(pending, IdentifierQuestion):
        d.say("name_not_enough")
        d.state.pending = IdentifierQuestion()
    else:
        d.say("name_sign_in")
    return True
