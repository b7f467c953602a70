"""Why a sign-in is asked for, asked while it is pending: the reason, and the same question again.

"why do I need to sign in?", "what do you need my phone for?", «למה צריך להזדהות?», «בשביל מה אתה צריך את
הטלפון שלי?» right after "I'll need your email or phone…" (or "type the code") is no email or phone typed
badly: "That doesn't look like an email address" answers a question never asked. The reply says why — the
person's own prescriptions are shown only once it is verified that they are theirs, with a one-time code
sent to the email or phone on file; nothing else is needed, and stock and label questions need no sign-in —
and asks for the same thing again, so the sign-in stays pending.

"why didn't I get the code?" is another question (the code that did not arrive) and is left to its flow.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.dialogue_state import CodeQuestion, IdentifierQuestion, Pending
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

# "why", "what for", "what do you need it for": a question about the reason.
_WHY = c.cues(
    "why", "how come", "what for", "for what", "what is it for", "whats it for", "what's it for", "need it for",
    "need that for", "need this for", "want it for", "want that for", "need my", "want my", "do you need",
    "do you want", "is it necessary", "is that necessary", "do i have to", "do i need to", "must i",
    "is it safe", "what will you do with", "what do you do with",
    "למה", "מדוע", "בשביל מה", "לשם מה", "לאיזה צורך", "למה זה", "למה אתה צריך", "למה את צריכה", "למה אתם צריכים",
    "מה אתה צריך", "מה את צריכה", "מה אתם צריכים", "חייב", "חייבת", "חייבים", "זה הכרחי", "זה בטוח",
    "מה תעשו עם", "מה תעשה עם",
)  # fmt: skip
# …about the sign-in itself: identifying, the email or phone, the code.
_SIGN_IN = c.cues(
    "sign in", "signin", "sign-in", "log in", "login", "identify", "identification", "verify", "verification",
    "authenticate", "authentication", "my phone", "my number", "phone number", "phone", "my email", "email",
    "e-mail", "my details", "my info", "personal info", "personal details", "the code", "a code", "code",
    "who i am", "it's me", "its me",
    "להזדהות", "הזדהות", "להתחבר", "התחברות", "לאמת", "אימות", "לזהות", "זיהוי", "טלפון", "הטלפון", "מספר טלפון",
    "מספר", "המספר", "מייל", "המייל", "אימייל", "האימייל", "פרטים", "הפרטים", "קוד", "הקוד", "מי אני",
)  # fmt: skip
# "why didn't I get the code?": the code that did not come, not the reason for it.
_NOT_ARRIVED = c.cues(
    "didn't get", "didnt get", "did not get", "haven't got", "havent got", "not received", "didn't receive",
    "didnt receive", "haven't received", "havent received", "not arrive", "didn't arrive", "didnt arrive",
    "didn't come", "didnt come", "not getting", "no code", "resend", "send again", "expired",
    "לא קיבלתי", "לא הגיע", "לא מגיע", "לא הגיעה", "תשלח שוב", "שלח שוב", "שוב את הקוד", "פג",
)  # fmt: skip
_TEXTS = {
    "why": {
        "en": "Your prescriptions are personal medical information, so before I show them I need to make sure "
        "it's really you: I send a one-time code to the email or phone on your account, and you type it here. "
        "Nothing else is needed, and nothing about you is shown before the code is accepted. Questions about "
        "stock, label facts and equivalents need no sign-in.",
        "he": "המרשמים שלך הם מידע רפואי אישי, ולכן לפני שאציג אותם עליי לוודא שמדובר בך: אני שולח קוד "
        "חד-פעמי למייל או לטלפון הרשומים בחשבון, ואת הקוד מקלידים כאן. לא נדרש שום פרט נוסף, ושום מידע "
        "אישי לא מוצג לפני שהקוד מאושר. שאלות על מלאי, מידע מהעלון ותחליפים אפשר לשאול גם בלי הזדהות.",
    },
    "ask_identifier": {
        "en": "To go on, please type your email or phone number.",
        "he": "כדי להמשיך, אפשר להקליד את כתובת המייל או מספר הטלפון שלך.",
    },
    "ask_code": {
        "en": "To go on, please type the code I sent.",
        "he": "כדי להמשיך, אפשר להקליד את הקוד ששלחתי.",
    },
}


def _text(d: Dialogue, key: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"]


def _asks_why(d: Dialogue) -> bool:
    p = d.parsed
    if p.identifier or p.code or p.meds or d.turn.verdict.red_flags:
        return False  # an email, a phone, a code or a product is an answer or a question of its own
    norm = p.norm
    return bool(_WHY.search(norm) and _SIGN_IN.search(norm)) and not _NOT_ARRIVED.search(norm)


def answer(d: Dialogue, pending: Pending | None) -> bool:
    """ "why do I need to sign in?" while the sign-in is pending: why, and the same question again.

    Args:
        d: The turn.
        pending: The question the last reply asked.

    Returns:
        True when answered here (the sign-in stays pending: the same question is asked again).
    """
    if not isinstance(pending, IdentifierQuestion | CodeQuestion) or not _asks_why(d):
        return False
    d.add(_text(d, "why"))
    if isinstance(pending, CodeQuestion):
        d.question = _text(d, "ask_code")
        d.state.pending = CodeQuestion()
    else:
        d.question = _text(d, "ask_identifier")
        d.state.pending = IdentifierQuestion()
    d.parsed.intent = "identity"
    return True
