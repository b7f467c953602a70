"""Every reply template of the offline engine, in English and Hebrew.

Templates are plain ``str.format`` strings keyed by name; :func:`say` picks the language. The tone is a
courteous pharmacy clerk: short, factual, never advice, never a sales pitch.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pharmai.agent.engines.offline._texts_followups import FOLLOWUP_TEXTS
from pharmai.agent.engines.offline._texts_rx import RX_TEXTS

__all__ = [
    "TEXTS",
    "count_prescriptions",
    "differences",
    "format_date",
    "join_names",
    "refills_after",
    "refills_left",
    "say",
    "status_word",
    "strength_text",
]

_BASE_TEXTS: dict[str, dict[str, str]] = {
    "greeting": {
        "en": "Hello! I'm the pharmacy assistant. I can tell you about medications, check stock, "
        "and help with your prescriptions and refills. How can I help?",
        "he": "שלום! אני העוזר הדיגיטלי של בית המרקחת. אפשר לשאול אותי על תרופות, לבדוק מלאי "
        "ולקבל עזרה במרשמים ובחידושים. במה אפשר לעזור?",
    },
    "thanks": {
        "en": "You're welcome! Is there anything else I can help with?",
        "he": "בשמחה! יש עוד משהו שאפשר לעזור בו?",
    },
    "help": {
        "en": "I can help with:\n- facts about a medication (ingredients, dosage on the label, warnings, "
        "prescription requirement)\n- stock at our stores, and identical equivalents when something is out "
        "of stock\n- lists of medications (for example, over-the-counter ones in stock)\n- your prescriptions, "
        "refill eligibility and refill requests (after a quick identity check)\n- whether medications are "
        "recorded as interacting\n- passing you to a pharmacist\n\nI can't give medical advice.",
        "he": "אפשר לעזור ב:\n- מידע על תרופה (חומרים פעילים, המינון שעל העלון, אזהרות, האם נדרש מרשם)\n"
        "- מלאי בסניפים, ותחליפים זהים כשתרופה חסרה\n- רשימות תרופות (למשל, תרופות ללא מרשם שבמלאי)\n"
        "- המרשמים שלך, זכאות לחידוש ובקשת חידוש (אחרי אימות זהות קצר)\n- בדיקה אם רשומה אינטראקציה בין "
        "תרופות\n- העברה לרוקח/ת\n\nאיני יכול לתת ייעוץ רפואי.",
    },
    "out_of_scope": {
        "en": "I'm sorry, I can only help with pharmacy questions: medications, stock, prescriptions and "
        "refills. Is there something like that I can check for you?",
        "he": "סליחה, אני יכול לעזור רק בנושאי בית מרקחת: תרופות, מלאי, מרשמים וחידושים. יש משהו כזה שאוכל לבדוק?",
    },
    "complaint": {
        "en": "I'm sorry this hasn't helped. Tell me the medication's name and what you need (stock, label, your "
        "prescriptions or a refill), or ask for a pharmacist and I'll pass you to one.",
        "he": "מצטער שזה לא עזר. כתבו לי את שם התרופה ומה צריך (מלאי, עלון, המרשמים שלכם או חידוש), או בקשו רוקח/ת "
        "ואעביר אליו/אליה.",
    },
    # A complaint about the service (complaint_flow.py): an apology, how to report it, what can be done now.
    "service_complaint": {
        "en": "I'm sorry about that, it shouldn't have happened. If you'd like to report it, ask for a pharmacist "
        "and I'll pass you to one. I can also check a medication's stock at our branches right now.",
        "he": "סליחה על כך, זה לא היה אמור לקרות. אם תרצו לדווח על זה, בקשו רוקח/ת ואעביר אליו/אליה. אפשר גם "
        "לבדוק עכשיו את המלאי של תרופה בסניפים שלנו.",
    },
    "service_apology": {
        "en": "I'm sorry about that, it shouldn't have happened. If you'd like to report it, ask for a pharmacist "
        "and I'll pass you to one.",
        "he": "סליחה על כך, זה לא היה אמור לקרות. אם תרצו לדווח על זה, בקשו רוקח/ת ואעביר אליו/אליה.",
    },
    "farewell_sorry": {
        "en": "Goodbye, and sorry again for the trouble. Have a good day!",
        "he": "להתראות, ושוב סליחה על אי-הנוחות. יום טוב!",
    },
    # A name given (complaint_flow.py): never an identifier, never looked up.
    "name_not_enough": {
        "en": "Thanks. A name alone isn't enough to find your records: please type the email address or phone "
        "number on your account, and I'll send a one-time code to it.",
        "he": "תודה. לפי שם בלבד אי אפשר לאתר את הרשומות שלך: נא להקליד את כתובת המייל או מספר הטלפון שבחשבון, "
        "ואשלח אליו קוד חד-פעמי.",
    },
    "name_sign_in": {
        "en": "Nice to meet you. If you'd like to check your prescriptions, I'll need to verify you first: type "
        "the email address or phone number on your account (a name alone isn't enough).",
        "he": "נעים מאוד. כדי לבדוק את המרשמים שלך צריך קודם אימות: נא להקליד את כתובת המייל או מספר הטלפון "
        "שבחשבון (שם בלבד אינו מספיק).",
    },
    "name_noted": {
        "en": "Nice to meet you! What can I help with?",
        "he": "נעים מאוד! במה אפשר לעזור?",
    },
    "ask_which_med": {
        "en": "Which medication would you like me to check?",
        "he": "על איזו תרופה מדובר?",
    },
    "not_found": {
        "en": "I couldn't find a medication named '{query}'. Please check the spelling or try another name "
        "(brand or generic).",
        "he": "לא מצאתי תרופה בשם '{query}'. אפשר לבדוק את האיות או לנסות שם אחר (מסחרי או גנרי).",
    },
    "did_you_mean": {"en": "Did you mean {names}?", "he": "אולי התכוונת ל{names}?"},
    "ambiguous": {
        "en": "I found several medications that match '{query}': {names}. Which one did you mean?",
        "he": "מצאתי כמה תרופות שמתאימות ל'{query}': {names}. לאיזו מהן הכוונה?",
    },
    "info_ingredients": {
        "en": "{name} contains the active ingredient {ingredients}.",
        "he": "{name} מכיל את החומר הפעיל {ingredients}.",
    },
    "info_ingredients_many": {
        "en": "{name} contains the active ingredients {ingredients}.",
        "he": "{name} מכיל את החומרים הפעילים {ingredients}.",
    },
    "info_dosage": {"en": "Dosage (from the label): {text}", "he": "מינון (לפי העלון): {text}"},
    "info_warnings": {"en": "Warnings: {text}", "he": "אזהרות: {text}"},
    "info_missing": {"en": "The {field} is not listed in our database.", "he": "ה{field} אינו רשום במאגר שלנו."},
    "info_products": {"en": "We carry it as: {names}.", "he": "התרופה נמכרת אצלנו כ: {names}."},
    "otc": {
        "en": "This medication does not require a prescription (OTC).",
        "he": "תרופה זו אינה דורשת מרשם רופא (ללא מרשם).",
    },
    "in_stock": {
        "en": "{name} is in stock at {store} ({qty} units available).",
        "he": "{name} זמין במלאי בסניף {store} ({qty} יחידות).",
    },
    "low_stock": {
        "en": "{name} is in stock at {store}, but only a limited quantity is available ({qty} units).",
        "he": "{name} נמצא במלאי בסניף {store}, אך בכמות מוגבלת ({qty} יחידות בלבד).",
    },
    "out_of_stock": {
        "en": "{name} is currently out of stock at {store}. Expected restock date: {date}.",
        "he": "{name} אזל כרגע מהמלאי בסניף {store}. מועד חידוש המלאי הצפוי: {date}.",
    },
    "out_of_stock_no_eta": {
        "en": "{name} is currently out of stock at {store}, and no restock date is known yet.",
        "he": "{name} אזל כרגע מהמלאי בסניף {store}, ועדיין אין מועד ידוע לחידוש המלאי.",
    },
    "offer_equivalents": {
        "en": "Would you like me to check whether an identical equivalent (same active ingredients, form and "
        "strength) is in stock?",
        "he": "לבדוק אם יש במלאי תחליף זהה (אותם חומרים פעילים, אותה צורה ואותו חוזק)?",
    },
    "equivalents": {
        "en": "Identical equivalents of {name} in stock at {store}:",
        "he": "תחליפים זהים ל{name} שנמצאים במלאי בסניף {store}:",
    },
    "equivalent_line": {"en": "- {name} ({qty} units in stock)", "he": "- {name} ({qty} יחידות במלאי)"},
    "disclosure": {
        "en": "Equivalence is based only on the active ingredients, form and strength, which are the same. "
        "Other things may differ: {differences}. Please ask a pharmacist before switching.",
        "he": "השקילות מבוססת רק על החומרים הפעילים, הצורה והחוזק, שהם זהים. דברים אחרים עשויים להיות שונים: "
        "{differences}. מומלץ להתייעץ עם רוקח/ת לפני מעבר לתכשיר אחר.",
    },
    # "Is X the same as Y?": one line from the label facts (Hebrew: a colon after the names, so no verb or
    # adjective has to agree with two names of any gender).
    "compare_same": {
        "en": "{names} are identical equivalents: the same active ingredients ({ingredients}), the same form and "
        "the same strength. Other things may differ: {differences}. Please ask a pharmacist before switching.",
        "he": "{names}: תחליפים זהים – אותם חומרים פעילים ({ingredients}), אותה צורה ואותו חוזק. דברים אחרים "
        "עשויים להיות שונים: {differences}. מומלץ להתייעץ עם רוקח/ת לפני מעבר לתכשיר אחר.",
    },
    "compare_strength": {
        "en": "{names} have the same active ingredients in different strengths, so they are not identical equivalents.",
        "he": "{names}: אותם חומרים פעילים בחוזק שונה, ולכן אין מדובר בתחליפים זהים.",
    },
    "compare_form": {
        "en": "{names} have the same active ingredients in different forms ({forms}), so they are not identical "
        "equivalents.",
        "he": "{names}: אותם חומרים פעילים בצורה שונה ({forms}), ולכן אין מדובר בתחליפים זהים.",
    },
    "compare_different": {
        "en": "{names} do not have the same active ingredients: they are different medications, not equivalents. "
        "Please ask a pharmacist or doctor before switching from one to the other.",
        "he": "{names}: החומרים הפעילים אינם זהים – אלה תרופות שונות, ולא תחליפים. לפני מעבר מאחת לאחרת יש "
        "להתייעץ עם רוקח/ת או רופא/ה.",
    },
    "compare_generic": {
        # One sentence for one brand or several ("Acamol and Tylenol"): never "… and Tylenol is a brand".
        "en": "{generic} is the active ingredient (the generic name) of {brands}.",
        "he": "{generic} הוא החומר הפעיל (השם הגנרי) של {brands}.",
    },
    "no_such_position": {
        "en": "I listed only {count}. Which medication do you mean? You can write its name.",
        "he": "הצגתי רק {count}. לאיזו תרופה הכוונה? אפשר לכתוב את שמה.",
    },
    "no_equivalents": {
        "en": "There is no identical equivalent of {name} in stock at {store} (the same active ingredients, form "
        "and strength). Pharmacy staff can help with other options.",
        "he": "לא מצאתי תחליף זהה עבור {name} במלאי בסניף {store} (אותם חומרים פעילים, אותה צורה ואותו חוזק). "
        "צוות בית המרקחת יוכל לעזור באפשרויות אחרות.",
    },
    "declined": {
        "en": "All right. Is there anything else I can help with?",
        "he": "בסדר גמור. יש עוד משהו שאפשר לעזור בו?",
    },
    # Acknowledgements, thanks and goodbyes (questions.py): short, and never "I can only help with …".
    "farewell": {
        "en": "You're welcome! Have a good day.",
        "he": "בשמחה! יום טוב.",
    },
    "farewell_no": {
        "en": "All right. Have a good day!",
        "he": "בסדר גמור. יום טוב!",
    },
    "ack": {
        "en": "OK. Is there anything else I can check for you?",
        "he": "בסדר. יש עוד משהו שאפשר לבדוק?",
    },
    "ack_never_mind": {
        "en": "No problem. If you need anything else, just ask.",
        "he": "אין בעיה. אם צריך עוד משהו, אפשר לשאול.",
    },
    "ack_what_else": {
        "en": "Sure, what can I help with?",
        "he": "בטח, במה אפשר לעזור?",
    },
    "ack_refill_in_progress": {
        "en": "Nothing more is needed: the refill of {name} is already being prepared.",
        "he": "אין צורך בשום דבר נוסף: החידוש של {name} כבר נמצא בהכנה.",
    },
    "ack_pickup": {
        "en": "Great, see you at the pharmacy!",
        "he": "מעולה, נתראה בבית המרקחת!",
    },
    "refill_not_requested_thanks": {
        "en": "You're welcome! I haven't requested the refill of {name}; if you'd like it, just reply \"yes\".",
        "he": 'בשמחה! לא הגשתי את בקשת החידוש של {name}; אם תרצו להגיש אותה, כתבו "כן".',
    },
    "refill_not_requested_bye": {
        "en": "All right, I haven't requested the refill of {name}. Have a good day!",
        "he": "בסדר, לא הגשתי את בקשת החידוש של {name}. יום טוב!",
    },
    "refill_not_requested": {
        "en": "OK, I haven't requested the refill of {name}.",
        "he": "בסדר, לא הגשתי את בקשת החידוש של {name}.",
    },
    "refill_ask_again": {
        "en": "Just to be sure: shall I request the refill of {name}? (yes / no)",
        "he": "רק לוודא: להגיש את בקשת החידוש של {name}? (כן / לא)",
    },
    "interaction_none": {
        "en": "No interactions between {names} are recorded in our database.",
        "he": "במאגר שלנו לא רשומה אינטראקציה בין {names}.",
    },
    "interaction_none_ask": {
        "en": "I can't assess whether taking them together is right for a particular person: please check with a "
        "pharmacist or doctor first.",
        "he": "אין באפשרותי להעריך אם נטילה שלהן יחד מתאימה לאדם מסוים: לפני כן יש להתייעץ עם רוקח/ת או רופא/ה.",
    },
    "interaction_caution": {
        "en": "Interaction note for {names}: {message}",
        "he": "הערת אינטראקציה עבור {names}: {message}",
    },
    "interaction_ask": {
        "en": "Please ask a pharmacist or doctor about using these together.",
        "he": "לגבי שימוש בהן יחד, יש להתייעץ עם רוקח/ת או רופא/ה.",
    },
    # After a warning, "my doctor prescribed it" / "אז מה כן?" (interaction_thread): who must hear about both.
    "interaction_tell_prescriber": {
        "en": "Please make sure the prescribing doctor and a pharmacist know about every medication being taken, "
        "including {names}.",
        "he": "חשוב לספר לרופא/ה שרשם/ה את התרופה ולרוקח/ת על כל התרופות שנוטלים, כולל {names}.",
    },
    # "which one is the problem?" after a check of several medications (meds_in_play.which_pair).
    "interaction_which_avoid": {
        "en": "The main problem is {names}: {message}",
        "he": "הבעיה העיקרית היא השילוב של {names}: {message}",
    },
    "interaction_which_caution": {
        "en": '{names}: this pair is marked "caution", a less severe level: {message}',
        "he": 'השילוב של {names} מסומן "זהירות", רמה פחות חמורה: {message}',
    },
    "interaction_unknown": {
        "en": "I can't assess interactions for some of these items. Please ask a pharmacist or doctor.",
        "he": "איני יכול להעריך אינטראקציות עבור חלק מהפריטים. יש לפנות לרוקח/ת או לרופא/ה.",
    },
    "interaction_offer": {
        "en": "If you like, I can tell you what our records say about interactions between them.",
        "he": "אם תרצו, אוכל לבדוק מה רשום במאגר שלנו לגבי אינטראקציות ביניהן.",
    },
    "list_header": {"en": "Medications{filters} at {store}:", "he": "תרופות{filters} בסניף {store}:"},
    "list_rx": {"en": " that need a prescription", "he": " במרשם"},
    "list_non_rx": {"en": " without a prescription", "he": " ללא מרשם"},
    "list_in_stock": {"en": " in stock", "he": " שבמלאי"},
    "list_out_of_stock": {"en": " out of stock", "he": " שאזלו מהמלאי"},
    "list_line": {"en": "- {name} ({rx}, {stock})", "he": "- {name} ({rx}, {stock})"},
    "list_more": {"en": "…and more. Ask me about any of them.", "he": "…ועוד. אפשר לשאול על כל אחת מהן."},
    "list_empty": {"en": "No medications match that.", "he": "אין תרופות שמתאימות לבקשה."},
    "word_rx": {"en": "prescription", "he": "במרשם"},
    "word_otc": {"en": "no prescription", "he": "ללא מרשם"},
    "word_in": {"en": "in stock", "he": "במלאי"},
    "word_out": {"en": "out of stock", "he": "אזל מהמלאי"},
}

# One table for say(); the parts live in their own modules only to keep each file small.
TEXTS: dict[str, dict[str, str]] = {**_BASE_TEXTS, **RX_TEXTS, **FOLLOWUP_TEXTS}

_STATUS = {
    "active": {"en": "active", "he": "פעיל"},
    "expired": {"en": "expired", "he": "פג תוקף"},
    "completed": {"en": "completed", "he": "הושלם"},
    "cancelled": {"en": "cancelled", "he": "בוטל"},
    "refill_pending": {"en": "refill being prepared", "he": "חידוש בהכנה"},
}
_DIFFERENCES = {
    "price": {"en": "price", "he": "מחיר"},
    "inactive ingredients": {"en": "inactive ingredients", "he": "חומרים בלתי פעילים"},
    "packaging": {"en": "packaging", "he": "אריזה"},
}
_MONTHS_EN: tuple[str, ...] = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
)
_MONTHS_EN += ("November", "December")
_MONTHS_HE: tuple[str, ...] = ("ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר")
_MONTHS_HE += ("נובמבר", "דצמבר")


_HE_COUNT = {2: "שני", 3: "שלושה", 4: "ארבעה", 5: "חמישה", 6: "שישה"}


def refills_left(language: str, count: Any) -> str:
    """ "2 refills left" / "נותרו שני חידושים", in agreement with the number ("נותר חידוש אחד")."""
    if not isinstance(count, int):
        return "?"
    if _lang(language) == "he":
        if count <= 0:
            return "לא נותרו חידושים"
        return "נותר חידוש אחד" if count == 1 else f"נותרו {_HE_COUNT.get(count, count)} חידושים"
    if count <= 0:
        return "no refills left"
    return "1 refill left" if count == 1 else f"{count} refills left"


def refills_after(language: str, count: Any) -> str:
    """The sentence on the refills left once this one is requested (with a trailing space); empty if unknown."""
    if not isinstance(count, int):
        return ""
    if _lang(language) == "he":
        if count <= 0:
            return "לאחר מכן לא יישארו חידושים. "
        return (
            "לאחר מכן יישאר חידוש אחד. " if count == 1 else f"לאחר מכן יישארו {_HE_COUNT.get(count, count)} חידושים. "
        )
    if count <= 0:
        return "After this refill, no refills will be left. "
    return (
        "After this refill, 1 refill will be left. "
        if count == 1
        else f"After this refill, {count} refills will be left. "
    )


def count_prescriptions(language: str, count: int) -> str:
    """ "1 prescription" / "מרשם אחד", "3 prescriptions" / "שלושה מרשמים"."""
    if _lang(language) == "he":
        return "מרשם אחד" if count == 1 else f"{_HE_COUNT.get(count, count)} מרשמים"
    return "1 prescription" if count == 1 else f"{count} prescriptions"


_HE_UNITS = (("mcg", 'מק"ג'), ("mg", 'מ"ג'), ("ml", 'מ"ל'))


def strength_text(language: str, strength: Any) -> str:
    """A strength ("400 mg") with its unit in the reply language ("400 מ"ג")."""
    text = str(strength or "")
    if _lang(language) == "he":
        for unit, hebrew in _HE_UNITS:
            text = text.replace(unit, hebrew)
    return text


def _lang(language: str) -> str:
    return "he" if language == "he" else "en"


def say(language: str, key: str, **values: Any) -> str:
    """The template ``key`` in ``language`` (``he`` or anything else for English), filled with ``values``."""
    return TEXTS[key][_lang(language)].format(**values)


def status_word(language: str, status: str | None) -> str:
    """A prescription status in words."""
    entry = _STATUS.get(status or "")
    return entry[_lang(language)] if entry else (status or "?")


def differences(language: str, items: list[str] | tuple[str, ...]) -> str:
    """The equivalence disclosure's possible differences, in words."""
    words = [_DIFFERENCES.get(item, {}).get(_lang(language), item) for item in items]
    return join_names(language, words)


def format_date(language: str, value: Any) -> str:
    """An ISO date (or datetime) as "March 11, 2026" / "11 במרץ 2026"; anything else as given."""
    text = str(value or "")
    try:
        day = date.fromisoformat(text[:10])
    except ValueError:
        return text
    if _lang(language) == "he":
        return f"{day.day} ב{_MONTHS_HE[day.month - 1]} {day.year}"
    return f"{_MONTHS_EN[day.month - 1]} {day.day}, {day.year}"


def join_names(language: str, names: list[str] | tuple[str, ...], *, conjunction: str = "and") -> str:
    """``A, B and C`` / ``A, B ו-C`` (``conjunction="or"`` gives ``or`` / ``או``)."""
    items = [name for name in names if name]
    if len(items) <= 1:
        return items[0] if items else ""
    if _lang(language) == "he":
        last = items[-1]
        # "ו" glued to a name that starts with ו or is not in Hebrew letters misreads: "ו־וורפרין", "ו־Advil".
        glue = "ו" if "\u05d0" <= last[:1] <= "\u05ea" and last[:1] != "ו" else "ו־"
        word = " או " if conjunction == "or" else " " + glue
        return ", ".join(items[:-1]) + word + last
    word = " or " if conjunction == "or" else " and "
    return ", ".join(items[:-1]) + word + items[-1]
