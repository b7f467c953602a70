"""Every reply template of the offline engine, in English and Hebrew.

Templates are plain ``str.format`` strings keyed by name; :func:`say` picks the language. The tone is a
courteous pharmacy clerk: short, factual, never advice, never a sales pitch.
"""

from __future__ import annotations

from datetime import date
from typing import Any

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

TEXTS: dict[str, dict[str, str]] = {
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
        "he": "מצטער שזה לא עזר. כתבו לי את שם התרופה ומה צריך (מלאי, עלון, המרשמים שלך או חידוש), או בקשו רוקח/ת "
        "ואעביר אליו/אליה.",
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
        "en": "{names} do not have the same active ingredients: they are different medications, not equivalents.",
        "he": "{names}: החומרים הפעילים אינם זהים – אלה תרופות שונות, ולא תחליפים.",
    },
    "compare_generic": {
        "en": "{generic} is the active ingredient (the generic name); {brands} is a brand of it.",
        "he": "{generic} הוא החומר הפעיל (השם הגנרי); {brands} – שם מסחרי של תכשיר המכיל אותו.",
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
    "interaction_caution": {
        "en": "Interaction note for {names}: {message}",
        "he": "הערת אינטראקציה עבור {names}: {message}",
    },
    "interaction_ask": {
        "en": "Please ask a pharmacist or doctor about using these together.",
        "he": "לגבי שימוש בהן יחד, יש להתייעץ עם רוקח/ת או רופא/ה.",
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
    "ask_identifier": {
        "en": "I'll need your email or phone number to look up your prescriptions.",
        "he": "כדי לבדוק את המרשמים שלך, אצטרך את כתובת המייל או מספר הטלפון שלך.",
    },
    "code_sent": {
        "en": "Thank you. I've sent a one-time code to {destination}. Please type the code here.",
        "he": "תודה. שלחתי קוד חד-פעמי אל {destination}. נא להקליד כאן את הקוד.",
    },
    "verified": {"en": "Thank you, {name}, you're verified.", "he": "תודה, {name}, הזיהוי הושלם."},
    "auth_failed": {
        "en": "That code doesn't match. Please check it and type it again.",
        "he": "הקוד אינו תואם. נא לבדוק ולהקליד אותו שוב.",
    },
    "auth_expired": {
        "en": "That code is no longer valid. Type your email or phone number again and I'll send a new one.",
        "he": "הקוד כבר אינו בתוקף. אפשר להקליד שוב את המייל או הטלפון ואשלח קוד חדש.",
    },
    "identifier_unknown": {
        "en": "I couldn't find an account with that email or phone. Please verify your information.",
        "he": "לא מצאתי חשבון עם המייל או הטלפון האלה. נא לבדוק את הפרטים.",
    },
    "bad_identifier": {
        "en": "That doesn't look like an email address or a phone number. Could you type it again?",
        "he": "זה לא נראה כמו כתובת מייל או מספר טלפון. אפשר להקליד שוב?",
    },
    "code_without_identifier": {
        "en": "Please first tell me your email or phone number, so I can send you a code.",
        "he": "נא לכתוב קודם את המייל או מספר הטלפון שלך, כדי שאוכל לשלוח קוד.",
    },
    "own_rx_only": {
        "en": "I'm sorry, I can only show your own prescriptions, not another person's. Each customer can see "
        "their prescriptions after identifying themselves.",
        "he": "סליחה, אני יכול להציג רק את המרשמים שלך, לא של אדם אחר. כל לקוח יכול לראות את המרשמים שלו "
        "לאחר שיזדהה בעצמו.",
    },
    "own_rx_everyone": {
        "en": "I can check stock, label facts and equivalents of medications, and show your own prescriptions "
        "once you identify yourself.",
        "he": "אוכל לבדוק מלאי, מידע מהעלון ותחליפים של תרופות, ולהציג את המרשמים שלך לאחר הזדהות.",
    },
    "own_rx_offer": {
        "en": "Would you like to see your own prescriptions?",
        "he": "להציג את המרשמים שלך?",
    },
    # After "I can only show your own prescriptions", whatever is said about that person: what can be done.
    "own_rx_ways": {
        "en": "I can't provide or handle another person's prescriptions, even with their name. What can be done: "
        "the person whose prescription it is can sign in here themselves with their own email or phone, or "
        "contact the branch, where a pharmacist can help.",
        "he": "אין באפשרותי לבדוק מרשמים של אדם אחר או לטפל בהם, גם לא לפי שם. מה שאפשר לעשות: בעל/ת המרשם "
        "יכול/ה להזדהות כאן בעצמו/ה עם המייל או הטלפון שלו/ה, או לפנות לסניף, והרוקחים שם ישמחו לעזור.",
    },
    "refill_then": {
        "en": "After this one, I'll go on to the refill of {names}.",
        "he": "אחרי זה אמשיך לחידוש של {names}.",
    },
    "refill_next": {
        "en": "Next, the refill of {name}:",
        "he": "כעת, החידוש של {name}:",
    },
    "rx_header": {
        "en": "I found {count} for {user}:",
        "he": "מצאתי {count} עבור {user}:",
    },
    "rx_line": {
        "en": "{n}. {name} – {status}, expiry date {expires}; {refills}",
        "he": "{n}. {name} – {status}, תאריך תפוגה {expires}; {refills}",
    },
    "rx_named": {
        "en": "Your prescription for {name}: {status}, expiry date {expires}; {refills}",
        "he": "המרשם שלך עבור {name}: {status}, תאריך תפוגה {expires}; {refills}",
    },
    "rx_none": {"en": "You don't have any prescriptions on file.", "he": "אין מרשמים רשומים על שמך."},
    "rx_not_on_file": {
        "en": "I don't see a prescription for {name} among yours.",
        "he": "לא מצאתי מרשם ל{name} בין המרשמים שלך.",
    },
    "rx_offer": {
        "en": "Would you like to check the refill status for any of these?",
        "he": "לבדוק את אפשרות החידוש של אחד מהם?",
    },
    "which_rx": {
        "en": "Which prescription do you mean? You can say its number or the medication's name.",
        "he": "לאיזה מרשם הכוונה? אפשר לציין את המספר שלו או את שם התרופה.",
    },
    "rx_eligible": {
        "en": "Yes, your {name} prescription is eligible for a refill: {refills} (the prescription is valid "
        "until {date}).",
        "he": "כן, המרשם שלך ל{name} זכאי לחידוש: {refills} (המרשם בתוקף עד {date}).",
    },
    "refill_offer": {
        "en": "Would you like me to request the refill?",
        "he": "להגיש בקשה לחידוש?",
    },
    "rx_expired": {
        "en": "Your {name} prescription expired on {date}. Please consult your doctor for a new prescription.",
        "he": "המרשם שלך ל{name} פג תוקף ב-{date}. יש לפנות לרופא/ה לקבלת מרשם חדש.",
    },
    "rx_completed": {
        "en": "Your {name} prescription has been completed (0 refills remaining). Please consult your doctor "
        "for a new prescription.",
        "he": "המרשם שלך ל{name} הושלם (לא נותרו חידושים). יש לפנות לרופא/ה לקבלת מרשם חדש.",
    },
    # An active prescription with no refills left is not "completed": say what is true of it.
    "rx_no_refills": {
        "en": "Your {name} prescription is still active, but it has no refills left, so it can't be refilled. "
        "Please consult your doctor for a new prescription.",
        "he": "המרשם שלך ל{name} עדיין פעיל, אבל לא נותרו בו חידושים ולכן אי אפשר לחדש אותו. יש לפנות לרופא/ה "
        "לקבלת מרשם חדש.",
    },
    "rx_cancelled": {
        "en": "Your {name} prescription was cancelled, so it can't be refilled. Please consult your doctor.",
        "he": "המרשם שלך ל{name} בוטל ולכן אי אפשר לחדש אותו. יש לפנות לרופא/ה.",
    },
    "rx_pending": {
        "en": "A refill of your {name} prescription is already being prepared.",
        "he": "חידוש של המרשם שלך ל{name} כבר נמצא בהכנה.",
    },
    "rx_none_for_med": {
        "en": "I don't see a valid prescription for {name} on file, so I can't proceed. Please consult your "
        "doctor for a prescription.",
        "he": "לא מצאתי מרשם בתוקף ל{name}, ולכן אי אפשר להמשיך. יש לפנות לרופא/ה לקבלת מרשם.",
    },
    "refill_no_stock": {
        "en": "{name} is out of stock at {store} right now{eta}, so the refill can't be prepared yet. A "
        "pharmacist can help with other options.",
        "he": "{name} חסר כרגע במלאי בסניף {store}{eta}, ולכן עדיין אי אפשר להכין את החידוש. רוקח/ת יוכלו "
        "לעזור באפשרויות אחרות.",
    },
    "refill_eta": {"en": " (expected back on {date})", "he": " (צפוי לחזור למלאי ב-{date})"},
    "refill_confirm": {
        "en": "I can request a refill of {name} for pickup at {store}. {after}Shall I go ahead? (yes / no)",
        "he": "אפשר להגיש בקשה לחידוש {name} לאיסוף בסניף {store}. {after}להמשיך? (כן / לא)",
    },
    "refill_done": {
        "en": "Done. Your refill of {name} has been requested (reference {refill_id}). It will be ready for "
        "pickup at {store} by {date}.",
        "he": "בוצע. הבקשה לחידוש {name} התקבלה (אסמכתה {refill_id}). התרופה תהיה מוכנה לאיסוף בסניף {store} "
        "עד {date}.",
    },
    "refill_denied": {
        "en": "OK, I didn't request the refill; nothing was done.",
        "he": "בסדר, לא הגשתי את בקשת החידוש, ולא בוצע דבר.",
    },
    "refill_failed": {
        "en": "The refill was not requested: {reason}",
        "he": "החידוש לא הוגש: {reason}",
    },
    "handoff": {
        "en": "I've passed your request to a pharmacist (ticket {ticket}). You're number {position} in the "
        "queue, and a pharmacist will get back to you shortly.",
        "he": "העברתי את הפנייה לרוקח/ת (פנייה {ticket}). מקומך בתור: {position}. רוקח/ת יחזרו אליך בהקדם.",
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
        "הרוקח/ת בסניף יכולים (אפשר לבקש ממני להעביר אתכם לרוקח/ת).",
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
