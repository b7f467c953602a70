"""Someone else's prescription used to get a medicine, or a medicine collected for someone else.

"can I use my neighbour's Coumadin prescription to pick some up for me?", «אפשר להשתמש במרשם של אמא שלי כדי
לקנות זולופט?», "can I pick up my dad's Coumadin for him?": no one's records are asked for, so neither the
refusal ("I can only show your own prescriptions") nor a sign-in answers it. The plain answer: a prescription is
for the person it was written for; a prescription product needs the person's own prescription (the label's
flag, looked up); the person can collect their own, and whether someone else may collect it on their behalf is
the pharmacy's rule, which a pharmacist at the branch explains — no rule is made up here.

A question about the other person's prescription itself (its refills, its expiry, whether they have one) is not
this one: it stays refused (:mod:`.rx_person`).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, rx_for_whom
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

# Using a prescription to get a product: "use her prescription", "borrow my mom's script", "on my dad's
# prescription", «להשתמש במרשם של…», «עם המרשם של…», «על המרשם של…».
_USE_EN = re.compile(
    r"\b(?:use|using|borrow|borrowing|share|sharing)\b(?:\s+\S+){0,5}?\s+(?:prescriptions?|scripts?|rx)\b"
    r"|\b(?:on|with|under|from|through)\s+(?:my\s+)?(?:\S+\s+){0,2}?(?:[a-z]+['’]s|his|her|their|"
    r"(?:wife|husband|mom|mum|mother|dad|father|son|daughter|friend|neighbou?r|brother|sister)s)\s+"
    r"(?:\S+\s+)?(?:prescriptions?|scripts?|rx)\b",
    re.IGNORECASE,
)
_USE_HE = re.compile(
    c.PREFIX + r"(?:להשתמש|שימוש)\s+(?:\S+\s+){0,2}?ב?(?:ה)?מרשמ(?:ימ)?(?=\s|$)"
    r"|(?:^|\s)(?:עמ|על|לפי|דרכ|באמצעות)\s+(?:ה)?מרשמ(?:ימ)?\s+(?:של\s+(?!י(?:\s|$))\S+|שלו|שלה|שלהמ)(?=\s|$)"
    r"|(?:^|\s)במרשמ\s+(?:של\s+(?!י(?:\s|$))\S+|שלו|שלה|שלהמ)(?=\s|$)"
)
# Collecting for someone: "pick up … for her", "collect it on my dad's behalf", «לאסוף … בשביל אמא שלי».
# ("can I get Advil for my son?" is a purchase, not a collection: "get" is no pickup verb here.)
_COLLECT_EN = re.compile(
    r"\b(?:pick|picking|collect|collecting|fetch)\b(?:\s+\S+){0,5}?\s+(?:up\s+)?"
    r"(?:for\s+(?:him|her|them|my\s+\w+)|on\s+(?:his|her|their|my\s+\w+['’]?s?)\s+behalf)\b"
    r"|\b(?:pick|picking|collect|collecting)\s+up\s+(?:my\s+)?(?:[a-z]+['’]s|his|her|their)\b",
    re.IGNORECASE,
)
_COLLECT_HE = re.compile(
    c.PREFIX + r"(?:לאסופ|אאסופ|להוציא)\s+(?:\S+\s+){0,4}?(?:בשביל|עבור|במקומ|בשמ)\s*\S*(?=\s|$)"
    r"|" + c.PREFIX + r"(?:לאסופ|אאסופ)\s+(?:\S+\s+){0,3}?של\s+(?!י(?:\s|$))\S+(?=\s|$)"
)
# Whether they have one, its refills, its expiry: the other person's records, refused elsewhere.
_RECORD = c.cues(
    "refills left", "how many refills", "expire", "expires", "expiry", "still valid", "status", "on file",
    "have a prescription", "has a prescription", "כמה חידושים", "תוקף", "בתוקף", "פג", "סטטוס", "לחדש",
    "נשאר לו", "נשאר לה", "נשארו לו", "נשארו לה", "יש לו מרשם", "יש לה מרשם",
)  # fmt: skip

_TEXTS = {
    "use": {
        "en": "A prescription can only be used for the person it was written for: it can't be used to get {what} "
        "for anyone else.",
        "he": "מרשם מיועד רק לאדם שעבורו נכתב, ואי אפשר להשתמש בו כדי לקבל {what} עבור מישהו אחר.",
    },
    "what": {"en": "a medicine", "he": "תרופה"},
    "own_rx": {
        "en": "{name} requires a prescription, so the person it is for needs their own prescription from their doctor.",
        "he": "{name} היא תרופת מרשם, ולכן מי שהתרופה מיועדת לו צריך מרשם משלו מהרופא/ה.",
    },
    "collect_own": {
        "en": "The person it was prescribed for can pick it up themselves; whether someone else may collect it on "
        "their behalf depends on the pharmacy's rules, and a pharmacist at the branch can explain what's needed.",
        "he": "האדם שעבורו נרשמה התרופה יכול לאסוף אותה בעצמו; האם מישהו אחר יכול לאסוף אותה בשמו תלוי בכללי בית "
        "המרקחת, והרוקחים בסניף יוכלו להסביר מה נדרש.",
    },
    "collect": {
        "en": "A prescription medicine is for the person it was prescribed for, and they can pick it up themselves. "
        "Whether someone else may collect it on their behalf depends on the pharmacy's rules: a pharmacist at the "
        "branch can explain what's needed.",
        "he": "תרופת מרשם מיועדת לאדם שעבורו נרשמה, והוא יכול לאסוף אותה בעצמו. האם מישהו אחר יכול לאסוף אותה "
        "בשמו תלוי בכללי בית המרקחת: הרוקחים בסניף יוכלו להסביר מה נדרש.",
    },
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def _kind(d: Dialogue) -> str | None:
    """``"use"`` (someone's prescription for the person writing), ``"collect"`` (for them), or ``None``."""
    p = d.parsed
    if d.turn.verdict.red_flags or p.identifier or p.code or _RECORD.search(p.norm):
        return None
    if p.intent in ("identity", "code", "handoff", "complaint"):
        return None
    if not rx_for_whom.other_person(d) and not re.search(r"[a-z]+['’]s\b", p.text, re.IGNORECASE):
        return None
    if _USE_EN.search(p.text) or _USE_HE.search(p.norm):
        return "use"
    if (_COLLECT_EN.search(p.text) or _COLLECT_HE.search(p.norm)) and (p.meds or c.RX_WORD.search(p.norm)):
        return "collect"  # a product or a prescription to collect ("can I pick it up for her?" alone: not this)
    return None


def answer(d: Dialogue) -> bool:
    """Answer the use of someone else's prescription, or collecting a medicine for them.

    Args:
        d: The turn.

    Returns:
        True when the message was this question and is answered.
    """
    kind = _kind(d)
    if kind is None:
        return False
    refs = flows_catalog.targets(d) if d.parsed.meds else []
    meds = []
    for ref in refs[:3]:
        result = d.call("get_medication_by_name", medication_name=ref.q)
        if not result.ok:
            d.add(d.error_text(result, ref.q))
            continue
        med = result.envelope.get("medication") or {}
        flows_catalog.learn(d, med.get("med_id"), med.get("display_name"))
        meds.append(med)
    if kind == "use":
        what = str(meds[0].get("display_name")) if len(meds) == 1 else _text(d, "what")
        d.add(_text(d, "use", what=what))
        for med in meds:
            own = med.get("rx_required")
            d.add(_text(d, "own_rx", name=str(med.get("display_name"))) if own else rx_for_whom.rx_line(d, med))
        d.add(_text(d, "collect_own"))
    elif any(med.get("rx_required") for med in meds) or not meds:
        d.add(_text(d, "collect"))
        for med in meds:
            d.add(rx_for_whom.rx_line(d, med))
    else:
        for med in meds:  # "can I pick up Zyrtec for my mom?": anyone may buy it
            d.add(rx_for_whom.rx_line(d, med))
    d.parsed.intent = "other_rx"  # "and mine?" next: the person's own prescriptions
    return True
