"""Whether the assistant is a person: said plainly (an automated assistant), with a pharmacist on offer.

"are you a real person?", "am I chatting with a bot?", «אתה בוט?», «אני מדבר עם בן אדם?» ask what the assistant
is. The model reads them as help or as a request for a person; the greeting's "I'm the pharmacy assistant"
sounds like a human's job title, and a handoff creates a ticket nobody asked for. The reply says it is an
automated (digital) assistant, not a person, and that a pharmacist can be asked for: nothing is created.

A request for a person stays a handoff: "I want to talk to a real person", «אפשר לדבר עם בן אדם?» match none
of the questions here, and a request beside the question ("are you a bot? put me through to a human") gets
the plain line and then the handoff.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer", "asks_if_human"]

_WHAT_EN = (
    r"(?:a |an |just a |just an |only a |some )?(?:real |actual |live |genuine |automated |automatic )?"
    r"(?:person|human|human being|bot|robot|chatbot|chat bot|ai|a i|machine|computer|program|software|"
    r"recording|artificial intelligence|real one|real|pharmacist|doctor)"
)
_WHAT_HE = (
    r"(?:ממש |רק |סתמ )?(?:בוט|בוטית|רובוט|רובוטית|מחשב|תוכנה|תוכנת מחשב|מכונה|בינה מלאכותית|ai|צאטבוט|צט בוט|"
    r"בנ אדמ|בת אדמ|אדמ אמיתי|אנושי|אנושית|נציג אמיתי|נציגה אמיתית|מענה אוטומטי|הקלטה|רוקח|רוקחת)"
)
# Said of "you" only: «זה אוטומטי?» may ask whether a refill renews by itself.
_YOU_HE = r"(?:אמיתי|אמיתית|אדמ|אוטומטי|אוטומטית)"
# Each asks what the assistant is; none asks for anything ("can I talk to a human?" is not here).
_QUESTIONS = re.compile(
    r"\b(?:are|r) (?:you|u) " + _WHAT_EN + r"\b"
    r"|\b(?:am i|are we|im|i am) (?:talking|speaking|chatting|writing|texting|messaging) (?:to|with) "
    + _WHAT_EN
    + r"\b"
    r"|\bis (?:this|that|it) (?:a |an )?(?:real |actual |live )?(?:person|human|bot|robot|chatbot|ai|machine|"
    r"computer|automated|automatic|program|recording|human being)\b"
    r"|\b(?:you are|youre|ur|u r) " + _WHAT_EN + r" (?:right|arent you|or not|or what)\b"
    r"|\b(?:human|person|people) or (?:a |an )?(?:bot|robot|machine|ai|computer|program)\b"
    r"|\b(?:bot|robot|machine|ai|computer|program) or (?:a |an )?(?:real )?(?:human|person)\b"
    r"|\bis (?:there|anyone|anybody|someone) (?:a )?(?:real|human|person|alive)\b"
    r"|\bwho am i (?:talking|speaking|chatting) (?:to|with)\b"
    r"|(?:^|\s)(?:ה?אמ )?(?:אתה|את|זה|זו|זאת) " + _WHAT_HE + r"(?=\s|$)"
    r"|(?:^|\s)(?:ה?אמ )?(?:אתה|את) " + _YOU_HE + r"(?=\s|$)"
    r"|(?:^|\s)(?:אני )?(?:מדבר|מדברת|מתכתב|מתכתבת|משוחח|משוחחת|מדברימ|כותב|כותבת) (?:פה |עכשיו )?(?:עמ|איתכמ|אית) "
    + _WHAT_HE
    + r"(?=\s|$)"
    r"|(?:^|\s)(?:יש )?(?:פה|שמ|כאנ) (?:בנ אדמ|אדמ אמיתי|מישהו אמיתי)(?=\s|$)"
    r"|(?:^|\s)עמ מי אני (?:מדבר|מדברת|מתכתב|מתכתבת)(?=\s|$)"
)
_TEXT = {
    "en": "I'm an automated assistant (a computer program), not a person. I can check medications, stock, "
    "prescriptions and refills for you. If you'd rather talk to a person, just ask and I'll transfer you to a "
    "pharmacist.",
    "he": "אני עוזר דיגיטלי אוטומטי (תוכנת מחשב), לא בן אדם. אוכל לבדוק עבורכם תרופות, מלאי, מרשמים וחידושים. "
    "אם תעדיפו לדבר עם אדם, אפשר לבקש ואעביר אתכם לרוקח/ת.",
}
_BESIDE_REQUEST = {
    "en": "I'm an automated assistant (a computer program), not a person.",
    "he": "אני עוזר דיגיטלי אוטומטי (תוכנת מחשב), לא בן אדם.",
}


def asks_if_human(norm: str) -> bool:
    """Whether a normalised message asks if the assistant is a person, a bot or automated."""
    return bool(_QUESTIONS.search(norm))


def _requests_person(norm: str) -> bool:
    """A person asked for besides the question ("…? connect me to a human", «…? תעביר אותי לנציג»)."""
    rest = _QUESTIONS.sub(" ", norm)
    return bool(c.HANDOFF_VERB.search(rest) or c.HANDOFF_NEED.search(rest))


def answer(d: Dialogue) -> bool:
    """Say plainly that the assistant is automated, when that is asked (see the module docstring).

    Returns:
        True when the question is the whole message (answered here, and nothing is created). A person asked
        for besides it, or a medication named, gets the line first and the rest of the turn runs on (False).
    """
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or p.code or p.email or p.phone or not asks_if_human(p.norm):
        return False
    lang = "he" if d.lang == "he" else "en"
    if _requests_person(p.norm):
        d.add(_BESIDE_REQUEST[lang])
        return False
    if p.meds:
        d.add(_BESIDE_REQUEST[lang])
        if p.intent == "handoff":
            p.intent = p.rule_intent if p.rule_intent != "handoff" else "unknown"
        return False
    d.add(_TEXT[lang])
    p.intent = "help"  # answered about the assistant: no thread is started, and no person is asked for
    return True
