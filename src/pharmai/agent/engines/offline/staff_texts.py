"""The pharmacist's assistant's sentences, in English and Hebrew.

The Hebrew addresses the member of staff without a gendered verb (infinitives and impersonal forms: "לאשר?",
"אפשר לכתוב…"), and counts agree with their noun (פנייה אחת פתוחה / 2 פניות פתוחות, תור פנוי אחד / 3 תורים
פנויים). Facts come from tool results; these templates only frame them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["count_phrase", "field_question", "label", "status_label", "t", "weekday_name"]

_TEXTS: dict[str, dict[str, str]] = {
    "help": {
        "en": "I can look up a customer (phone, email or id), list tickets or give a ticket's status, calculate "
        "CrCl, BMI, CHA2DS2-VASc or HAS-BLED from values you give, search our documents, search PubMed, list "
        "free consultation slots and book one. What do you need?",
        "he": "אפשר לבקש ממני: לאתר לקוח (טלפון, מייל או מזהה), להציג פניות או סטטוס של פנייה, לחשב CrCl, BMI, "
        "CHA2DS2-VASc או HAS-BLED מערכים שנמסרים לי, לחפש במסמכים של בית המרקחת, לחפש ב-PubMed, להציג תורי ייעוץ "
        "פנויים ולקבוע תור. במה לעזור?",
    },
    "lookup_ask": {
        "en": "Which customer? Give me a phone number, an email address or a customer id (such as u002).",
        "he": "איזה לקוח? אפשר לכתוב מספר טלפון, כתובת מייל או מזהה לקוח (למשל u002).",
    },
    "customer": {
        "en": "Customer {id}: {name} · phone {phone} · email {email} · {rx} · {tickets}.",
        "he": "לקוח/ה {id}: {name} · טלפון {phone} · מייל {email} · {rx} · {tickets}.",
    },
    "no_customer": {
        "en": "No customer matches {what}.",
        "he": "לא נמצא/ה לקוח/ה שתואמ/ת ל-{what}.",
    },
    "tickets_none": {"en": "There are no {status}tickets.", "he": "אין פניות{status}."},
    "tickets_head": {"en": "{count}:", "he": "{count}:"},
    "ticket_line": {
        "en": "{case} · {status} · {type} · {priority} priority · customer {customer} · {reason}",
        "he": "{case} · {status} · {type} · עדיפות {priority} · לקוח/ה {customer} · {reason}",
    },
    "ticket_status": {
        "en": "Ticket {case} is {status} ({type}, {priority} priority, customer {customer}{claimed}). Reason: {reason}",
        "he": "פנייה {case}: {status} ({type}, עדיפות {priority}, לקוח/ה {customer}{claimed}). סיבה: {reason}",
    },
    "ticket_claimed": {"en": ", claimed by a colleague", "he": ", נלקחה לטיפול"},
    "no_ticket": {"en": "I found no ticket {case}.", "he": "לא נמצאה פנייה {case}."},
    "score_ask": {"en": "To calculate {title}, {question}", "he": "כדי לחשב {title}, {question}"},
    "score_result": {"en": "{title}: {value} {unit} — {band}.", "he": "{title}: {value} {unit} — {band}."},
    "score_inputs": {"en": "Inputs: {inputs}.", "he": "נתונים: {inputs}."},
    "score_source": {"en": "Source: {source}.", "he": "מקור: {source}."},
    "score_unknown": {
        "en": "Which calculator? I can calculate CrCl (Cockcroft-Gault), BMI, CHA2DS2-VASc and HAS-BLED.",
        "he": "איזה מחשבון? אפשר לחשב CrCl (קוקרופט-גולט), BMI, CHA2DS2-VASc ו-HAS-BLED.",
    },
    "docs_ask": {"en": "What should I search our documents for?", "he": "מה לחפש במסמכים של בית המרקחת?"},
    "docs_none": {
        "en": "Nothing in our documents matches “{query}”.",
        "he": "לא נמצא במסמכים שלנו דבר שתואם ל„{query}”.",
    },
    "docs_head": {"en": "From our documents (“{query}”):", "he": "מהמסמכים שלנו („{query}”):"},
    "docs_hit": {"en": "{title} — {location}: {snippet}", "he": "{title} — {location}: {snippet}"},
    "pubmed_ask": {"en": "What should I search PubMed for?", "he": "מה לחפש ב-PubMed?"},
    "pubmed_none": {"en": "PubMed found nothing for “{query}”.", "he": "לא נמצאו ב-PubMed תוצאות עבור „{query}”."},
    "pubmed_head": {
        "en": "PubMed, “{query}” ({total} found), the first {shown}:",
        "he": "PubMed, „{query}” (נמצאו {total}), {shown} הראשונות:",
    },
    "pubmed_hit": {
        "en": "{title} {journal}{year}. PMID {pmid} — {url}",
        "he": "{title} {journal}{year}. PMID {pmid} — {url}",
    },
    "which_store": {
        "en": "Which branch: Tel Aviv – Dizengoff or Jerusalem – Jaffa Street?",
        "he": "באיזה סניף: תל אביב – דיזנגוף או ירושלים – רחוב יפו?",
    },
    "which_day": {"en": "For which day?", "he": "לאיזה יום?"},
    "which_time": {"en": "At what time should I book it?", "he": "לאיזו שעה לקבוע?"},
    "closed": {"en": "{store} takes no consultations on {day}.", "he": "ב{day} אין תורי ייעוץ ב{store}."},
    "slots": {
        "en": "Free consultation slots at {store} on {day}: {slots}.",
        "he": "תורי ייעוץ פנויים ב{store} ב{day}: {slots}.",
    },
    "slots_booked": {"en": "Booked: {slots}.", "he": "תפוסים: {slots}."},
    "slots_none": {"en": "Every slot at {store} on {day} is booked.", "he": "כל התורים ב{store} ב{day} תפוסים."},
    "book_confirm": {"en": "{summary} Approve to book it.", "he": "{summary} לאשר את הקביעה?"},
    "booked": {"en": "Booked: {store}, {day} at {time}.", "he": "התור נקבע: {store}, {day} בשעה {time}."},
    "not_booked": {"en": "OK, nothing was booked.", "he": "בסדר, התור לא נקבע."},
    "slot_taken": {
        "en": "The {time} slot at {store} on {day} is taken already. Free that day: {slots}.",
        "he": "התור בשעה {time} ב{store} ב{day} כבר תפוס. פנויים באותו יום: {slots}.",
    },
    "slot_invalid": {"en": "{message}", "he": "{message}"},
    "role_refused": {
        "en": "Your role may not do that; it needs one of these roles: {roles}.",
        "he": "ההרשאה שלך אינה מאפשרת את הפעולה הזו; נדרש אחד מהתפקידים: {roles}.",
    },
    "staff_only": {
        "en": "These are staff tools: sign in to the staff console to use them.",
        "he": "אלה כלים לצוות בלבד: יש להתחבר לממשק הצוות כדי להשתמש בהם.",
    },
    "tool_error": {"en": "That did not work: {message}", "he": "הפעולה לא הצליחה: {message}"},
}

_FIELDS = {
    "age_years": {"en": "what is the patient's age?", "he": "מה גיל המטופל/ת?"},
    "sex": {"en": "is the patient male or female?", "he": "מה מין המטופל/ת (זכר או נקבה)?"},
    "weight_kg": {"en": "what is the weight in kg?", "he": 'מה המשקל בק"ג?'},
    "height_cm": {"en": "what is the height (cm)?", "he": 'מה הגובה (בס"מ)?'},
    "serum_creatinine": {
        "en": "what is the serum creatinine (mg/dL or µmol/L)?",
        "he": "מה ערך הקריאטינין בדם (mg/dL או µmol/L)?",
    },
}

_STATUS = {
    "open": {"en": "open", "he": "פתוחה"},
    "in_progress": {"en": "in progress", "he": "בטיפול"},
    "resolved": {"en": "resolved", "he": "נפתרה"},
    "closed": {"en": "closed", "he": "סגורה"},
}
_LABELS = {
    "handoff": {"en": "handoff", "he": "העברה לרוקח/ת"},
    "callback": {"en": "callback", "he": "שיחה חוזרת"},
    "support": {"en": "support", "he": "תמיכה"},
    "low": {"en": "low", "he": "נמוכה"},
    "normal": {"en": "normal", "he": "רגילה"},
    "high": {"en": "high", "he": "גבוהה"},
    "urgent": {"en": "urgent", "he": "דחופה"},
}
_STATUS_PLURAL_HE = {"open": "פתוחות", "in_progress": "בטיפול", "resolved": "שנפתרו", "closed": "סגורות"}
_WEEKDAYS = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "he": ("יום שני", "יום שלישי", "יום רביעי", "יום חמישי", "יום שישי", "שבת", "יום ראשון"),
}


def _lang(language: str) -> str:
    return "he" if language == "he" else "en"


def t(language: str, key: str, **values: Any) -> str:
    """The template ``key`` in ``language``, filled with ``values``."""
    return _TEXTS[key][_lang(language)].format(**values)


def field_question(language: str, field: str) -> str:
    """The short question asking for one calculator input."""
    return _FIELDS.get(field, {"en": f"what is {field}?", "he": f"מה הערך של {field}?"})[_lang(language)]


def status_label(language: str, status: str, *, plural: bool = False) -> str:
    """A ticket status in words (``in_progress`` → "in progress" / "בטיפול")."""
    if plural and _lang(language) == "he":
        return _STATUS_PLURAL_HE.get(status, status)
    return _STATUS.get(status, {}).get(_lang(language), status)


def label(language: str, value: str) -> str:
    """A ticket type or priority in words (``callback`` → "שיחה חוזרת"); unknown values as they are."""
    return _LABELS.get(value, {}).get(_lang(language), value)


def weekday_name(language: str, weekday: int) -> str:
    """The name of ``date.weekday()`` (Monday = 0)."""
    return _WEEKDAYS[_lang(language)][weekday]


def count_phrase(language: str, noun: str, count: int, status: str | None = None) -> str:
    """ "2 open tickets" / "2 פניות פתוחות", "one free slot" / "תור פנוי אחד" — number and gender agreeing.

    Args:
        language: ``he`` or ``en``.
        noun: ``ticket``, ``slot``, ``prescription`` or ``open_ticket`` (a customer's open tickets).
        count: How many.
        status: A ticket status to qualify tickets with.
    """
    if _lang(language) == "en":
        word = {"ticket": "ticket", "slot": "free slot", "prescription": "active prescription"}.get(noun, noun)
        if noun == "ticket" and status:
            word = f"{status_label('en', status)} ticket"
        amount = "no" if count == 0 else "one" if count == 1 else str(count)
        return f"{amount} {word}{'' if count == 1 else 's'}"
    none = "אין " if count == 0 else ""  # "אין מרשמים פעילים", not "0 מרשמים"
    if noun == "ticket":  # פנייה: feminine
        if count == 1:
            return f"פנייה אחת{' ' + status_label('he', status) if status else ''}"
        return f"{none or f'{count} '}פניות{' ' + status_label('he', status, plural=True) if status else ''}"
    if noun == "slot":  # תור: masculine
        return "תור פנוי אחד" if count == 1 else f"{none or f'{count} '}תורים פנויים"
    if noun == "prescription":  # מרשם: masculine
        return "מרשם פעיל אחד" if count == 1 else f"{none or f'{count} '}מרשמים פעילים"
    return f"{count} {noun}"
