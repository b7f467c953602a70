"""Reply templates of the offline engine for handoffs, follow-ups, stores and "not on file" facts.

Part of :data:`pharmai.agent.engines.offline.texts.TEXTS` (kept apart only to keep modules small); use
:func:`~pharmai.agent.engines.offline.texts.say`, never this table directly.
"""

from __future__ import annotations

__all__ = ["FOLLOWUP_TEXTS"]

FOLLOWUP_TEXTS: dict[str, dict[str, str]] = {
    "handoff": {
        "en": "I've passed your request to a pharmacist (ticket {ticket}). You're number {position} in the "
        "queue, and a pharmacist will get back to you shortly.",
        "he": "העברתי את הפנייה לרוקח/ת (פנייה {ticket}). מקומך בתור: {position}. צוות הרוקחים יחזור אליך בהקדם.",
    },
    "tool_error": {
        "en": "I'm sorry, I couldn't check that right now: {reason}",
        "he": "סליחה, לא הצלחתי לבדוק זאת כרגע: {reason}",
    },
    "symptom_offer": {
        "en": "If you have a particular product in mind, I can look up what its label says or check whether "
        "it's in stock.",
        "he": "אם יש מוצר מסוים שחשבתם עליו, אוכל לבדוק מה כתוב בעלון שלו או אם הוא במלאי.",
    },
    "price_unknown": {
        "en": "I don't have prices on file, so I can't tell you the price of {names}; the staff at the branch "
        "can tell you.",
        "he": "אין לי מידע על מחירים, ולכן איני יכול לומר מה המחיר של {names}; הצוות בסניף ישמח לומר לכם.",
    },
    "price_unknown_any": {
        "en": "I don't have prices on file; the staff at the branch can tell you the price.",
        "he": "אין לי מידע על מחירים; הצוות בסניף ישמח לומר לכם את המחיר.",
    },
    "nothing_to_cancel": {
        "en": "Nothing is waiting for your confirmation, so nothing was done. I can't cancel a refill that was "
        "already requested; the pharmacist at the branch can (ask me to transfer you to a pharmacist).",
        "he": "אין כרגע שום דבר שממתין לאישורך, ולכן לא בוצע דבר. אין באפשרותי לבטל חידוש שכבר הוגש; "
        "הרוקחים בסניף יכולים (אפשר לבקש ממני להעביר אתכם לרוקח/ת).",
    },
    "delivery_unavailable": {
        "en": "I can't take orders or arrange delivery in this chat; medications are picked up at our branches "
        "(Tel Aviv – Dizengoff and Jerusalem – Jaffa Street). I can check stock or request a prescription refill "
        "for pickup.",
        "he": "אין באפשרותי לקבל הזמנות או לתאם משלוח בצ'אט הזה; את התרופות אוספים בסניפים שלנו (תל אביב – "
        "דיזנגוף וירושלים – רחוב יפו). אוכל לבדוק מלאי או לבקש חידוש מרשם לאיסוף.",
    },
    "hours_unknown": {
        "en": "I don't have the branches' opening hours on file; please check with the branch. Our branches are "
        "Tel Aviv – Dizengoff and Jerusalem – Jaffa Street. I can check medications, stock, prescriptions and "
        "refills for you.",
        "he": "אין לי מידע על שעות הפתיחה של הסניפים; אפשר לברר אותן ישירות בסניף. הסניפים שלנו: תל אביב – "
        "דיזנגוף וירושלים – רחוב יפו. אוכל לבדוק עבורכם תרופות, מלאי, מרשמים וחידושים.",
    },
    # Follow-ups about a branch, the products of the thread, or a product the catalog does not know
    # (followups_store.py, followups_thread.py).
    "hours_unknown_store": {
        "en": "I don't have the opening hours of the {store} branch on file either; please check with the branch "
        "directly.",
        "he": "גם את שעות הפתיחה של סניף {store} אין לי; אפשר לברר אותן ישירות בסניף.",
    },
    "store_address": {
        "en": "Our {store} branch is on {street}, {city}. I don't have the exact street number on file; please "
        "check with the branch.",
        "he": "סניף {store} נמצא ב{street}, {city}. את מספר הבית המדויק אין לי; אפשר לברר ישירות בסניף.",
    },
    "store_addresses": {
        "en": "Our branches are Tel Aviv – Dizengoff (on Dizengoff Street, Tel Aviv) and Jerusalem – Jaffa Street "
        "(on Jaffa Street, Jerusalem). I don't have the exact street numbers on file; please check with the branch.",
        "he": "הסניפים שלנו: תל אביב – דיזנגוף (ברחוב דיזנגוף, תל אביב) וירושלים – רחוב יפו (ברחוב יפו, "
        "ירושלים). את מספרי הבתים המדויקים אין לי; אפשר לברר ישירות בסניף.",
    },
    "other_one": {
        "en": "The other one is {name}.",
        "he": "השם של התרופה האחרת: {name}.",
    },
    "unknown_product": {
        "en": "I couldn't find '{name}' in our catalog, so I can't check it for you. A pharmacist at the branch can "
        "help you with it (I can transfer you to a pharmacist).",
        "he": "לא מצאתי את '{name}' בקטלוג שלנו, ולכן איני יכול לבדוק אותה עבורכם. הרוקחים בסניף יוכלו לעזור "
        "(אפשר לבקש ממני להעביר אתכם לרוקח/ת).",
    },
    "thread_clarify": {
        "en": "I'm not sure what you'd like to know about {name}. I can tell you whether it's in stock, what its "
        "label says (dosage, warnings, prescription) or whether there is an identical equivalent.",
        "he": "לא בטוח שהבנתי מה תרצו לדעת על {name}. אוכל לומר אם יש במלאי, מה כתוב בעלון (מינון, אזהרות, "
        "מרשם) או אם יש תחליף זהה.",
    },
    "no_branch": {
        "en": "We don't have a branch in {place}. Our branches are Tel Aviv – Dizengoff and Jerusalem – Jaffa Street.",
        "he": "אין לנו סניף ב{place}. הסניפים שלנו: תל אביב – דיזנגוף וירושלים – רחוב יפו.",
    },
    "which_store_offer": {
        "en": "Shall I check one of them (Tel Aviv or Jerusalem)?",
        "he": "לבדוק באחד מהם (תל אביב או ירושלים)?",
    },
    "strength_mismatch": {
        "en": "We carry {name} as {carried}, not {asked}.",
        "he": "{name} נמכר אצלנו בחוזק {carried}, לא {asked}.",
    },
    "strength_is": {
        "en": "We carry {name} as {carried}; the {asked} strength is sold as {other}.",
        "he": "{name} נמכר אצלנו בחוזק {carried}; בחוזק {asked} יש לנו את {other}.",
    },
    "urgent_follow": {
        "en": "I can't assess this in a chat. Please get help now.",
        "he": "איני יכול להעריך מצב כזה בצ'אט. נא לפנות לעזרה עכשיו.",
    },
    "taking_noted": {
        "en": "Noted: you take {names}. If you ask about another medication, I'll check it against our "
        "interaction records together with {names}.",
        "he": "רשמתי שאתם נוטלים {names}. אם תשאלו על תרופה נוספת, אבדוק אותה יחד עם {names} מול מאגר "
        "האינטראקציות שלנו.",
    },
    "item_did_you_mean": {
        "en": "I couldn't find '{query}' in our catalog. Did you mean {names}?",
        "he": "לא מצאתי את '{query}' בקטלוג שלנו. אולי התכוונת ל{names}?",
    },
    "near_miss": {
        "en": "I couldn't find '{typed}' exactly. Did you mean {name}?",
        "he": "לא מצאתי בדיוק את '{typed}'. האם התכוונת ל{name}?",
    },
    "anything_else": {"en": "Anything else I can help with?", "he": "יש עוד משהו שאפשר לעזור בו?"},
}
