"""Insisting on someone else's prescription after it was refused, or claiming to be family.

"but I'm her husband! at least check how many refills she has left", «אבל אני בעלה! לפחות תבדוק כמה חידושים
נשארו לה», "just check hers then", «אני הבן שלו, תגיד לי רק מה התוקף של המרשם שלו»: the person still asks for
another person's records. The refusal is said again (a relation changes nothing), with what that person can do
(sign in themselves, or ask at the branch) — and no tool runs: never the caller's own list instead, which would
answer a question about someone else with the wrong person's records.

Only the other person's records count: "and mine?" (:func:`.meds_in_play.mine`), "she's right here, she says
it's fine" and "so what can I do?" (:mod:`.followups_rx`), a question of taking something or a symptom keep
their own answers.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

_RELATIONS = (
    r"husband|wife|partner|spouse|son|daughter|kid|child|father|dad|mother|mom|mum|brother|sister|grandson|"
    r"granddaughter|grandchild|guardian|caregiver|carer|next of kin|family|boyfriend|girlfriend|fiance|fiancee"
)
# "I'm her husband", "as his daughter", "she's my wife", "we're married": a relation offered as a reason.
_CLAIM_EN = re.compile(
    rf"\b(?:i['’]?m|i\s+am|as)\s+(?:her|his|their)\s+(?:own\s+|legal\s+)?(?:{_RELATIONS})\b"
    rf"|\b(?:she|he)(?:['’]?s|\s+is)\s+my\s+(?:{_RELATIONS})\b"
    r"|\bi['’]?m\s+(?:family|her\s+next\s+of\s+kin|his\s+next\s+of\s+kin)\b|\bwe(?:['’]?re|\s+are)\s+married\b",
    re.IGNORECASE,
)
# «אני בעלה», «אני הבן שלו», «בתור אשתו», «היא אשתי», «אנחנו נשואים» (normalised: final letters folded).
_KIN_OF = r"(?:בעלה|אשתו|בנה|בנו|בתה|בתו|אביה|אביו|אמה|אמו|אחיה|אחיו|אחותה|אחותו|נכדה|נכדו|נכדתה|נכדתו)"
_KIN = r"(?:ה?(?:בעל|אשה|בנ|בת|אבא|אמא|אח|אחות|נכד|נכדה|מטפל|מטפלת|אפוטרופוס)\s+של(?:ה|ו))"
_CLAIM_HE = re.compile(
    rf"(?:^|\s)(?:ו?אני|ו?בתור|כ)\s+(?:{_KIN_OF}|{_KIN})(?=\s|$)"
    r"|(?:^|\s)(?:היא|הוא|זו|זאת|זה)\s+(?:אשתי|בעלי|אמא\s+שלי|אבא\s+שלי|הבת\s+שלי|הבנ\s+שלי|אחותי|אחי)(?=\s|$)"
    r"|(?:^|\s)אנחנו\s+נשואימ(?=\s|$)"
)
# "her refills", "his prescription", "hers", "for her", "does she have": that person's records.
_THEIRS_EN = re.compile(
    r"\b(?:her|his|their)\s+(?:\w+\s+)?(?:refills?|renewals?|prescriptions?|scripts?|rx|records?|meds|"
    r"medications?|account|file)\b|\bhers\b|\btheirs\b|\bfor\s+(?:him|her|them)\b"
    r"|\b(?:check|look\s+up|see|pull\s+up|show\s+me|tell\s+me)\s+(?:his|hers?|theirs?)\b"
    r"|\b(?:on|of|for|about|at)\s+(?:his|hers|theirs)\b"
    r"|\b(?:she|he|they)(?:['’]s|['’]ve)?\s+(?:still\s+)?(?:has|have|had|got|gets)\b|\b(?:does|did|do)\s+(?:she|he|they)\b",
    re.IGNORECASE,
)
# «שלה», «שלו», «בשבילה», «עבורו»: hers or his (right after the refusal, never the product's "its").
_THEIRS_HE = c.cues("שלה", "שלו", "שלהם", "בשבילה", "בשבילו", "עבורה", "עבורו")
# «נשארו לה», «יש לו», «לבדוק לה»: to her, to him — a record of theirs only beside a prescription word.
_TO_THEM_HE = c.cues("לה", "לו", "להם")
_RECORDS = c.cues(
    "check", "look", "see", "tell me", "at least", "just", "left", "status",
    "בדוק", "תבדוק", "תבדקי", "לבדוק", "תגיד", "תגידי", "לפחות", "רק", "תראה", "להציג", "תציג", "נשאר", "נשארו",
)  # fmt: skip
# The caller's own records ("and mine?", «ושלי?»): answered as theirs (:func:`.meds_in_play.mine`).
_OWN = c.cues(
    "mine", "my own", "my prescriptions", "my prescription", "my refills", "for me", "do i have", "i have left",
    "המרשמים שלי", "המרשם שלי", "החידושים שלי", "ושלי", "מה איתי", "נשארו לי", "נשאר לי", "יש לי מרשם",
)  # fmt: skip
# A product's facts ("is it in stock for her?"), no one's records.
_PRODUCT_ASKS = frozenset(
    {"availability", "equivalents", "compare", "interaction", "price", "info", "hours", "delivery"}
)
_SHE = re.compile(r"\b(?:her|hers|she)\b|(?:^|\s)(?:בעלה|בנה|בתה|אביה|אמה|אחיה|אחותה|שלה|לה|היא|בשבילה|עבורה)(?=\s|$)")
_HE = re.compile(r"\b(?:his|him|he)\b|(?:^|\s)(?:אשתו|בנו|בתו|אביו|אמו|אחיו|אחותו|שלו|לו|הוא|בשבילו|עבורו)(?=\s|$)")

_TEXT = {
    "en": "I understand, but I can only discuss your own prescriptions, not anyone else's — a family member's "
    "included. {who} can sign in here {self} with {whose} own email or phone, or ask at the branch, where a "
    "pharmacist can help.",
    "he": "אני מבין, אבל אני יכול לדבר רק על המרשמים שלך, לא של אדם אחר — גם לא של בן או בת משפחה. {who}, או "
    "לפנות לסניף, והרוקחים שם ישמחו לעזור.",
}
_WHO = {
    ("en", "she"): ("She", "herself", "her"),
    ("en", "he"): ("He", "himself", "his"),
    ("en", ""): ("The person whose prescription it is", "themselves", "their"),
    ("he", "she"): ("היא יכולה להזדהות כאן בעצמה עם המייל או הטלפון שלה",),
    ("he", "he"): ("הוא יכול להזדהות כאן בעצמו עם המייל או הטלפון שלו",),
    ("he", ""): ("בעל/ת המרשם יכול/ה להזדהות כאן בעצמו/ה עם המייל או הטלפון שלו/ה",),
}


def _claims(d: Dialogue) -> bool:
    return bool(_CLAIM_EN.search(d.parsed.text) or _CLAIM_HE.search(d.parsed.norm))


def _theirs(d: Dialogue) -> bool:
    norm = d.parsed.norm
    if _THEIRS_EN.search(d.parsed.text) or _THEIRS_HE.search(norm):
        return True
    asks_records = c.REFILL.search(norm) or c.RX_WORD.search(norm) or c.RX_EXPIRY.search(norm)
    return bool(_TO_THEM_HE.search(norm) and (asks_records or c.REFILLS_LEFT.search(norm)))


def _asks_records(d: Dialogue) -> bool:
    norm = d.parsed.norm
    return bool(c.REFILL.search(norm) or c.RX_WORD.search(norm) or c.RX_EXPIRY.search(norm) or _RECORDS.search(norm))


def _insists(d: Dialogue) -> bool:
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or p.identifier or p.code or p.intent in ("code", "identity", "handoff", "complaint"):
        return False
    norm = p.norm
    if _OWN.search(norm) or c.TAKING.search(norm) or c.SYMPTOM_WORDS.search(norm):
        return False  # the caller's own records, or a question of taking something: their own answers
    records = c.REFILL.search(norm) or c.RX_WORD.search(norm) or c.RX_EXPIRY.search(norm)
    if p.intent in _PRODUCT_ASKS and not records and (p.meds or c.AVAILABILITY.search(norm)):
        return False  # "then check if Zoloft is in stock for her": the product, anyone may ask
    if d.state.last_intent == "other_rx":
        # Right after the refusal: a relation offered, or their records asked again ("at least check hers").
        return _claims(d) or (_theirs(d) and _asks_records(d))
    # Out of the blue, a relation offered as the reason to see someone's records ("I'm her son, her refills?").
    return _claims(d) and _asks_records(d) and (_theirs(d) or bool(c.REFILL.search(norm) or c.RX_WORD.search(norm)))


def _person(d: Dialogue) -> str:
    """``"she"``, ``"he"`` or ``""``: who the records are of, as the message speaks of them."""
    text = d.parsed.text.lower() if d.lang == "en" else d.parsed.norm
    she, he = bool(_SHE.search(text)), bool(_HE.search(text))
    return "she" if she and not he else "he" if he and not she else ""


def answer(d: Dialogue) -> bool:
    """Refuse again when someone else's prescriptions are insisted on (see the module docstring).

    Args:
        d: The turn.

    Returns:
        True when the message was this and the refusal was said (no tool is called).
    """
    if not _insists(d):
        return False
    lang = "he" if d.lang == "he" else "en"
    who = _WHO[(lang, _person(d))]
    if lang == "en":
        d.add(_TEXT["en"].format(who=who[0], self=who[1], whose=who[2]))
    else:
        d.add(_TEXT["he"].format(who=who[0]))
    d.parsed.intent = "other_rx"  # "and mine?" next: the caller's own
    return True
