"""Frustration about signing in: a model-only red flag on it is not taken.

"i dont have the code, just show me", "I never got the password", "אין לי את הקוד, פשוט תראה לי": the person
is annoyed that the records need a code. The trained model sometimes reads distress (or even an emergency) in
"I don't have ...", and the urgent-care reply then drowns the one thing they needed to hear (how to sign in).

The rule is narrow, because a missed emergency costs more than a needless phone number:

- it only ever overrules a flag that the model *alone* reads (a flag the high-precision rules find stands);
- the message must name a sign-in object (a code, a password, a verification, an SMS, an account);
- it must say nothing about the body, the mind, a dose or an emergency (:func:`.complaints.names_health`), and
  have no word of the mind, death or self-harm (:func:`._red_flag_gate.names_the_mind` is checked by the
  caller), so "I don't have the code and I want to die" or "no code, my dad isn't breathing" keep the flag.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.policy.complaints import names_health
from pharmai.text.normalize import normalize

__all__ = ["about_sign_in_only", "wants_records_without_sign_in"]

# A sign-in object. English words are whole words; Hebrew ones may carry the prefix letters ו/ה/ב/ל/ש/מ/כ.
_SIGN_IN = re.compile(
    r"\b(?:codes?|passcodes?|passwords?|pass word|pins?|otp|one time code|verification|verify|verified"
    r"|authenticat\w*|log ?in|logging in|logged in|sign ?in|signing in|signed in|username|user name|account"
    r"|sms|text message|identif\w*|id number|identity)\b"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:קוד|קודים|סיסמה|סיסמא|סיסמאות|אימות|לאמת|הזדהות|להזדהות|מזדהה"
        r"|התחברות|להתחבר|מתחבר|מתחברת|כניסה|להיכנס|משתמש|חשבון|ססמה|ססמא|תעודת\sזהות|תז|sms|מסרון)(?=\s|$)"
    ),
    re.IGNORECASE,
)


def about_sign_in_only(text: str) -> bool:
    """Whether ``text`` is about a sign-in step (a code, a password) and says nothing about health.

    Args:
        text: The person's message.

    Returns:
        True for "i dont have the code, just show me"; False once any word about the body, the mind, a
        dose or an emergency is in it.
    """
    if not isinstance(text, str):
        return False
    return _SIGN_IN.search(normalize(text)) is not None and not names_health(text)


# Having no code, or not getting one: "i dont have the code", "never got the sms", "אין לי קוד", "לא הגיע".
_LACKS = re.compile(
    r"\b(?:dont|don't|do not|didnt|didn't|did not|never|havent|haven't|no|without|forgot|lost|cant|can't|cannot)\b"
    + fold(r"|(?:^|(?<=\s))(?:אין|לא|בלי|שכחתי|איבדתי)(?=\s|$)")
)
# Asking to be shown anyway: "just show me", "let me see", "תראה לי", "תן לי לראות".
_SHOW = re.compile(
    r"\b(?:show|see|give|tell|let me|open|display)\b"
    + fold(r"|(?:^|(?<=\s))[ובהלמשכ]{0,2}(?:תראה|תראי|תראו|להראות|לראות|תנ|תני|תנו|תגיד|תגידי|תפתח)(?=\s|$)")
)


def wants_records_without_sign_in(text: str) -> bool:
    """Whether ``text`` asks to be shown something without the sign-in code ("i dont have the code, just show me").

    The answer is the sign-in step again (records are shown only after it), never a listing of the catalog.

    Args:
        text: The person's message.
    """
    if not about_sign_in_only(text):
        return False
    norm = normalize(text)
    return _LACKS.search(norm) is not None and _SHOW.search(norm) is not None
