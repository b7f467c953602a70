"""Someone else's prescription asked about by its medication: "my husband Yossi Levi's Coumadin, when does it
expire?", "אפשר לחדש את הקומדין של אבא שלי?".

The records of a person other than the one signed in are never read: the question gets the refusal ("I can
only show your own prescriptions"), with no tool call — never "you don't have any prescriptions on file",
which would answer it about the wrong person. Only a question about the prescription itself counts (its
expiry, its refill, its status); "does my husband's Coumadin need a prescription?" is a label fact and "can
my wife take Advil with her Coumadin?" an interaction check, both left to their flows.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_rx
from pharmai.agent.engines.offline._purposes import names_purpose_at
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["about_someone_else", "refuse"]

_RELATIONS = (
    r"wife|husband|partner|spouse|mother|mom|mum|father|dad|son|daughter|child|kid|brother|sister|friend|"
    r"neighbou?r|grandma|grandpa|grandmother|grandfather|aunt|uncle|colleague|roommate|boss|boyfriend|girlfriend"
)
# "my husband's", "my husband yossi levi's", "for my mother", "his", "for her": a person other than the caller.
_OTHER_EN = re.compile(
    rf"\b(?:{_RELATIONS})s?(?:\s+[a-z]+){{0,3}}['’]s\b|\b(?:for|of)\s+my\s+(?:{_RELATIONS})\b|"
    r"\b(?:his|their)\b|\bfor\s+(?:him|her|them)\b"
    # "tell me if he has an active Moxypen prescription": whether someone else has one is their record too
    r"|\b(?:does|did|if|whether|is|has)\s+(?:he|she|they)\s+(?:still\s+)?(?:has|have|had|got|gets|get|on)\b",
    re.IGNORECASE,
)
# "של בעלי", "לאמא שלי", "של יוסי": the medication or the refill of someone else. ("שלו" / "שלה" are also "its",
# as in "מה תאריך התפוגה שלו?" about the prescription just checked; "אחי" is also "bro": neither counts.)
_OTHER_HE = re.compile(
    c.PREFIX + r"(?:בעלי|אשתי|אמא|אבא|אמי|אבי|אחותי|סבתא|סבא|השכנ|השכנה|הבנ|הבת|הילד|הילדה|בנ הזוג|בת הזוג)(?=\s|$)"
)
# "הקומדין של יוסי לוי": "של" and a word that is no medication named, no thing ("של המרשם") and not "mine".
_OF_SOMEONE = re.compile(r"(?:^|\s)של\s+(?!ה)([א-ת]{2,})(?=\s|$)")
_NOT_PEOPLE = frozenset(normalize("זה זאת זו אותו אותה כל מה מי כולם עצמי עצמך תרופה תרופות מרשם מרשמים").split())
# "yossi levi's coumadin": a name's possessive right before the medication named.
_POSSESSIVE = re.compile(
    r"\b(?!(?:let|it|that|what|who|there|here|he|she)['’]s\b)[a-z]+['’]s\s*$|\b(?:his|her|their)\s+$", re.IGNORECASE
)
# A question about the prescription itself (not about the product): its expiry, its refill, its status.
_RECORD = c.cues("status", "refills left", "how many refills", "סטטוס", "כמה חידושים")
# "if he has an active Moxypen prescription", «אם יש לו מרשם פעיל»: whether the person has one ("does her
# Coumadin need a prescription?" is the label's fact: :data:`._cues.RX_ONLY` / :data:`._cues.NON_RX`).
_HAS_ONE = c.cues("prescription", "prescriptions", "script", "מרשם", "מרשמים")


# «אם יש לו מרשם פעיל למוקסיפן»: whether he (she, they) has a prescription (a product has none of its own).
_HAS_HE = re.compile(r"(?:^|\s)(?:ה?אמ\s+)?יש\s+(?:לו|לה|להמ)\s+(?:\S+\s+){0,2}?מרשמ")


def _about_someone_else(d: Dialogue) -> bool:
    p = d.parsed
    if _OTHER_EN.search(p.text) or _OTHER_HE.search(p.norm) or _HAS_HE.search(p.norm):
        return True
    named = {v for name in p.names.values() if name for v in prefix_variants(normalize(str(name)))}
    for found in _OF_SOMEONE.finditer(p.norm):
        word = found.group(1)
        if names_purpose_at(p.norm[found.start(1) :]):
            continue  # «הכדורים של בלוטת התריס»: what the pills are for, not whose they are
        if word not in _NOT_PEOPLE and not set(prefix_variants(word)) & named:
            return True
    for mention in p.mentions:
        start = int(getattr(mention, "start", 0) or 0)
        if _POSSESSIVE.search(p.text[:start]):
            return True
    return False


def about_someone_else(d: Dialogue) -> bool:
    """Whether the message names a person other than the caller ("my husband's", «של אבא שלי», "his").

    Args:
        d: The turn.

    Returns:
        True when someone else is named.
    """
    return _about_someone_else(d)


def refuse(d: Dialogue) -> bool:
    """Refuse a question about another person's prescription (its expiry, refill or status), reading nothing.

    Args:
        d: The turn.

    Returns:
        True when the refusal was given.
    """
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or p.intent in ("other_rx", "code", "identity") or p.identifier or p.code:
        return False  # urgent care first; someone else's records by the usual reading keep their own flow
    has_one = _HAS_ONE.search(p.norm) and not (c.RX_ONLY.search(p.norm) or c.NON_RX.search(p.norm))
    if not (c.RX_EXPIRY.search(p.norm) or c.REFILL.search(p.norm) or _RECORD.search(p.norm) or has_one):
        return False
    if c.TAKING.search(p.norm) or c.SYMPTOM_WORDS.search(p.norm):
        return False  # "can my wife take Advil with her Coumadin?": an interaction or advice question
    if not _about_someone_else(d):
        return False
    p.intent = "other_rx"
    flows_rx.own_only(d)
    return True
