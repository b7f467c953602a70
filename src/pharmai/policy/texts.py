"""The policy's own texts in Hebrew and English: refusals with their redirect, required warnings, the
prescription note, the safe fallback reply and the rules as a system-prompt section for LLM engines.

Hebrew texts address the person in the plural ("פנו"), the neutral form used across pharmai.
"""

from __future__ import annotations

from collections.abc import Sequence

from pharmai.errors import ValidationFailed

__all__ = [
    "REFUSAL_KINDS",
    "avoid_warning",
    "fallback_reply",
    "join_names",
    "policy_text",
    "refusal",
    "rx_note",
    "step_limit_reply",
]

REFUSAL_KINDS = ("advice", "diagnosis", "comparison", "personal_dosage", "purpose")

_REFUSALS: dict[str, dict[str, str]] = {
    "en": {
        "advice": (
            "I can't give medical advice or recommend what to take. A pharmacist or your doctor can look at "
            "your situation and guide you."
        ),
        "diagnosis": (
            "I can't assess symptoms or say what might be causing them. Please speak to a doctor or a "
            "pharmacist; if the symptoms are severe or sudden, seek urgent medical care."
        ),
        "comparison": (
            "I can't say which medication is better for you; that depends on your situation. I can share "
            "the factual details of each, and a pharmacist or your doctor can help you choose."
        ),
        "personal_dosage": (
            "I can't tell you how much to take or to give. I can share the dosage printed on the label; for "
            "the right dose in your case, please ask a pharmacist or your doctor."
        ),
        # Products asked for by what they treat: the catalog has no such grouping, and choosing is a
        # recommendation; a named product is still answered.
        "purpose": (
            "I can't recommend medications by what they're for; a pharmacist or your doctor can help you "
            "choose. If you have a product in mind, tell me its name and I'll check its stock and label."
        ),
    },
    "he": {
        "advice": (
            "אין באפשרותי לתת ייעוץ רפואי או להמליץ מה ליטול. רוקחים או רופאים יוכלו לבחון את המצב ולהנחות אתכם."
        ),
        "diagnosis": (
            "אין באפשרותי להעריך תסמינים או לומר ממה הם נובעים. אנא פנו לרופא/ה או לרוקח/ת; בתסמינים "
            "חמורים או פתאומיים יש לפנות לעזרה רפואית דחופה."
        ),
        "comparison": (
            "אין באפשרותי לומר איזו תרופה עדיפה עבורכם; זה תלוי במצבכם. אוכל למסור את הפרטים העובדתיים של "
            "כל אחת, ורוקחים או רופאים יוכלו לעזור בבחירה."
        ),
        "personal_dosage": (
            "אין באפשרותי לומר כמה ליטול או לתת. אוכל למסור את המינון שכתוב בעלון; למינון המתאים במקרה שלכם, "
            "אנא פנו לרוקח/ת או לרופא/ה."
        ),
        "purpose": (
            "אין באפשרותי להמליץ על תרופות לפי מה שהן אמורות לטפל בו; רוקחים או רופאים יוכלו לעזור בבחירה. "
            "אם יש מוצר מסוים שאתם חושבים עליו, כתבו את שמו ואבדוק את המלאי ואת פרטי העלון."
        ),
    },
}

_AVOID = {
    "en": (
        "Warning: {names} cannot be taken together; the pharmacy's interaction data marks this combination "
        '"avoid". I can\'t advise what to do about it; please speak to a pharmacist or your doctor.'
    ),
    "he": (
        'אזהרה: לא ניתן ליטול את {names} יחד; במאגר האינטראקציות של בית המרקחת השילוב מסומן "להימנע". '
        "אין באפשרותי לייעץ מה לעשות; אנא פנו לרוקח/ת או לרופא/ה."
    ),
}
_AVOID_UNNAMED = {
    "en": "some of these medications",
    "he": "חלק מהתרופות האלה",
}
_RX_NOTE = {
    "en": "Note: {name} requires a prescription.",
    "he": "לתשומת הלב: {name} היא תרופת מרשם (נדרש מרשם רופא).",
}
_FALLBACK = {
    "en": "Sorry, I couldn't put that answer together properly. Could you ask again? A pharmacist can also help.",
    "he": "סליחה, לא הצלחתי לנסח תשובה כראוי. אפשר לשאול שוב? אפשר גם לפנות לרוקח/ת.",
}
_STEP_LIMIT = {
    "en": (
        "Sorry, this request needs more steps than I can take in one reply. Could you ask about one thing "
        "at a time? A pharmacist can also help."
    ),
    "he": (
        "סליחה, הבקשה הזאת דורשת יותר צעדים ממה שאפשר בתשובה אחת. אפשר לשאול על דבר אחד בכל פעם? אפשר גם לפנות לרוקח/ת."
    ),
}


def _language(language: object) -> str:
    if language not in ("he", "en"):
        raise ValidationFailed([{"field": "language", "reason": "must be 'he' or 'en'"}])
    assert isinstance(language, str)
    return language


def _name(name: object, field: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValidationFailed([{"field": field, "reason": "must be a non-empty string"}])
    return name.strip()


def refusal(language: str, kind: str | None = "advice") -> str:
    """The refusal with its redirect to a pharmacist or doctor.

    Args:
        language: ``he`` or ``en``.
        kind: ``advice``, ``diagnosis``, ``comparison`` or ``personal_dosage``; ``None`` or an unknown
            kind gives the general advice refusal.

    Raises:
        ValidationFailed: ``language`` is not ``he`` or ``en``.
    """
    texts = _REFUSALS[_language(language)]
    return texts.get(kind, texts["advice"]) if isinstance(kind, str) else texts["advice"]


def join_names(language: str, names: Sequence[str]) -> str:
    """Names as one phrase: "A, B and C" / "א, ב ו־ג" (the Hebrew "and" attaches to the last name)."""
    language = _language(language)
    cleaned = [name.strip() for name in names if isinstance(name, str) and name.strip()]
    cleaned = list(dict.fromkeys(cleaned))
    if len(cleaned) <= 1:
        return cleaned[0] if cleaned else ""
    last = cleaned[-1]
    if language == "en":
        return f"{', '.join(cleaned[:-1])} and {last}"
    # "ו" glued to a name that starts with ו ("ווורפרין") or is not in Hebrew letters misreads: "ו־וורפרין".
    conjunction = "ו" if "\u05d0" <= last[0] <= "\u05ea" and last[0] != "ו" else "ו־"
    return f"{', '.join(cleaned[:-1])} {conjunction}{last}"


def avoid_warning(language: str, names: Sequence[str] = ()) -> str:
    """The explicit "cannot be taken together" warning required when an interaction check says avoid.

    Args:
        language: ``he`` or ``en``.
        names: The medications of the avoid pairs, as the person knows them; empty for a general warning.
    """
    language = _language(language)
    phrase = join_names(language, names) if len(names) >= 2 else ""
    return _AVOID[language].format(names=phrase or _AVOID_UNNAMED[language])


def rx_note(language: str, name: str) -> str:
    """The note that ``name`` needs a prescription.

    Raises:
        ValidationFailed: Bad language, or an empty name.
    """
    return _RX_NOTE[_language(language)].format(name=_name(name, "name"))


def fallback_reply(language: str) -> str:
    """The safe reply that replaces one the guard cannot repair (e.g. written in the wrong language)."""
    return _FALLBACK[_language(language)]


def step_limit_reply(language: str) -> str:
    """The polite end of a turn that used up its tool-call budget."""
    return _STEP_LIMIT[_language(language)]


_POLICY = {
    "en": """## Pharmacy policy (always applies)
- Answer only from the results of tool calls made in this conversation; if a fact is missing, say so.
- A tool call that failed (RATE_LIMITED, SERVICE_UNAVAILABLE, TIMEOUT, DB_ERROR, INTERNAL) established
  nothing: say you could not check and when to try again, never that something is absent.
- Never give medical advice, a diagnosis or a comparison of which medication is better, and never tell
  a person how much they or a child should take. Refuse politely and redirect to a pharmacist or doctor.
  Still answer the factual part of the same message (label dosage, ingredients, stock, prescriptions).
- Never encourage a purchase.
- A message describing an emergency, a poisoning or thoughts of self-harm gets the urgent-care numbers
  first (the system adds them); then say only that help is needed now. Never list products for symptoms.
- When two or more medications are asked about together, call interaction_check. If it reports
  "avoid", say explicitly that they cannot be taken together, and do not advise what to do.
- Say when a medication requires a prescription. Check stock before confirming availability; when a
  medication is out of stock, offer identical equivalents only with the full disclosure (same active
  ingredients, strength and form; price, inactive ingredients and packaging may differ).
- Prescriptions are shown only after the person's identity is verified. Refills go through
  prescription checks and the person's explicit confirmation.
- Reply in the person's language; Hebrew in Hebrew script.""",
    "he": """## מדיניות בית המרקחת (חלה תמיד)
- יש לענות רק מתוך תוצאות של קריאות לכלים בשיחה הזאת; אם נתון חסר, יש לומר זאת.
- קריאה לכלי שנכשלה (מגבלת קריאות, שירות שאינו זמין, חריגת זמן, תקלה במאגר) לא בדקה דבר: יש לומר שלא
  הצלחת לבדוק ומתי לנסות שוב, ולעולם לא שמשהו אינו קיים.
- אין לתת ייעוץ רפואי, אבחנה או השוואה איזו תרופה עדיפה, ואין לומר לאדם כמה עליו או על ילד ליטול.
  יש לסרב בנימוס ולהפנות לרוקח/ת או לרופא/ה, ועדיין לענות על החלק העובדתי של אותה הודעה (מינון לפי
  העלון, רכיבים, מלאי, מרשמים).
- אין לעודד רכישה.
- הודעה שמתארת מצב חירום, הרעלה או מחשבות לפגוע בעצמך מקבלת קודם את מספרי החירום (המערכת מוסיפה אותם);
  אחריהם יש לומר רק שצריך לפנות לעזרה עכשיו. אין להציג רשימת מוצרים לתסמינים.
- כששואלים על שתי תרופות או יותר יחד, יש לקרוא ל־interaction_check. אם התוצאה "avoid", יש לומר במפורש
  שלא ניתן ליטול אותן יחד, ולא לייעץ מה לעשות.
- יש לציין כשתרופה דורשת מרשם. יש לבדוק מלאי לפני שמאשרים זמינות; כשתרופה חסרה, מציעים תחליף זהה רק
  עם גילוי נאות מלא (אותם חומרים פעילים, חוזק וצורה; מחיר, חומרים לא פעילים ואריזה עשויים להיות שונים).
- מרשמים מוצגים רק אחרי אימות זהות. חידוש מרשם עובר בדיקת מרשם ואישור מפורש של האדם.
- יש לענות בשפת האדם; עברית באותיות עבריות.""",
}


def policy_text(language: str) -> str:
    """The pharmacy's rules as a system-prompt section for LLM engines (guidance; the guard enforces)."""
    return _POLICY[_language(language)]
