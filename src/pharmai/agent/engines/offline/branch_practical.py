"""Practical questions about a branch that the pharmacy's data does not hold, said honestly.

"Is there parking at Dizengoff?", «יש לכם שירותים בסניף?», "is there wheelchair access?", "do you have a job
opening?", "I left my umbrella at the Jerusalem branch": none of it is on file (the stores table holds names and
stock only), and none of it is a medication to look up or a question out of the pharmacy's scope. The reply says
so in the style of the opening-hours answer: the branch can tell, named when the message names one.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline._plain_words import BRANCH_TOPICS
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names

__all__ = ["answer", "topics"]

_TOPIC_NAMES = {
    "parking": {"en": "parking", "he": "חניה"},
    "toilets": {"en": "restrooms", "he": "שירותים"},
    "access": {"en": "accessibility (wheelchair access)", "he": "נגישות"},
    "jobs": {"en": "job openings", "he": "משרות פנויות"},
    "lost": {"en": "lost items", "he": "חפצים שנשכחו"},
}
_STORE_NAMES = {
    "s1": {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"},
    "s2": {"en": "Jerusalem – Jaffa Street", "he": "ירושלים – רחוב יפו"},
}
_TEXT = {
    "en": "I don't have information about {topic} {where}; please check with the branch directly. I can check "
    "medications, stock, prescriptions and refills for you.",
    "he": "אין לי מידע על {topic} {where}; אפשר לברר ישירות בסניף. אוכל לבדוק עבורכם תרופות, מלאי, מרשמים וחידושים.",
}
_WHERE_ONE = {"en": "at the {store} branch", "he": "בסניף {store}"}
_WHERE_ALL = {
    "en": "at our branches (Tel Aviv – Dizengoff and Jerusalem – Jaffa Street)",
    "he": "בסניפים שלנו (תל אביב – דיזנגוף וירושלים – רחוב יפו)",
}
# An umbrella or a wallet is a lost item only when it was left, lost or found ("do you sell umbrellas?" is not).
_LEFT_BEHIND = c.cues(
    "left", "forgot", "lost", "found", "find", "lost and found", "lost property", "left behind",
    "שכחתי", "השארתי", "איבדתי", "מצא", "מצאו", "מצאתם", "נשכח", "נשכחה", "אבדות",
)  # fmt: skip
# "good job!" praises; «אילו שירותים יש לכם?» asks for services, not the toilets.
_NOT_A_TOPIC = {
    "jobs": re.compile(r"\b(?:good|great|nice|awesome|well done|amazing)\s+job\b"),
    "toilets": c.cues("אילו שירותים", "איזה שירותים", "אלו שירותים", "שירותים נוספים", "שירותי"),
}
# Requests that own the message: someone's records, a sign-in, a person, a complaint, a refill, hours.
_OWNED = frozenset(
    {"code", "identity", "handoff", "other_rx", "complaint", "cancel", "hours", "delivery", "prescriptions",
     "refill_request", "refill_status"}
)  # fmt: skip


def topics(norm: str) -> list[str]:
    """The practical branch topics a normalised message asks about, in a fixed order."""
    found = []
    for topic, pattern in BRANCH_TOPICS.items():
        if not pattern.search(norm):
            continue
        not_one = _NOT_A_TOPIC.get(topic)
        if not_one is not None and not_one.search(norm):
            continue
        if topic == "lost" and not _LEFT_BEHIND.search(norm):
            continue
        found.append(topic)
    return found


def answer(d: Dialogue) -> bool:
    """Say that a branch's parking, toilets, access, jobs or lost items are for the branch to answer.

    Returns:
        ``True`` when the message is only such a question (the turn is answered). A product named beside it
        ("parking at Dizengoff? and do you have Advil?") gets the line first and the rest of the turn runs on
        (``False``).
    """
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or p.intent in _OWNED:
        return False
    found = topics(p.norm)
    if not found:
        return False
    lang = "he" if d.lang == "he" else "en"
    if p.store:
        where = _WHERE_ONE[lang].format(store=_STORE_NAMES.get(p.store, {}).get(lang, p.store))
    else:
        where = _WHERE_ALL[lang]
    names = [_TOPIC_NAMES[topic][lang] for topic in found]
    d.add(_TEXT[lang].format(topic=join_names(lang, names), where=where))
    return not p.meds
