"""Reply templates of the offline engine about identity, prescriptions and refills, in English and Hebrew.

Part of :data:`pharmai.agent.engines.offline.texts.TEXTS` (kept apart only to keep modules small); use
:func:`~pharmai.agent.engines.offline.texts.say`, never this table directly.
"""

from __future__ import annotations

__all__ = ["RX_TEXTS"]

RX_TEXTS: dict[str, dict[str, str]] = {
    # "sign me in" with no email or phone yet: what is needed (not "that doesn't look like an email").
    "ask_identifier_sign_in": {
        "en": "Sure. To sign you in, I'll need the email address or phone number on your pharmacy account; I'll "
        "then send a one-time code to it.",
        "he": "בשמחה. כדי להתחבר, אצטרך את כתובת המייל או מספר הטלפון הרשומים אצלנו; אליהם אשלח קוד חד-פעמי.",
    },
    "already_signed_in": {
        "en": "You're already signed in. What would you like to check: your prescriptions or a refill?",
        "he": "כבר התחברת. מה לבדוק: את המרשמים שלך או חידוש?",
    },
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
        # Never "נראה כמו": the guard reads "it looks like" as a diagnosis and drops the sentence.
        "he": "זו לא כתובת מייל או מספר טלפון תקינים. אפשר להקליד שוב?",
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
    # After "none on file": what can be done (never "none of your prescriptions can be refilled", which implies some).
    "rx_none_next": {
        "en": "To get a prescription medicine, you'll need a prescription from your doctor first; a pharmacist at "
        "the branch can help with any questions.",
        "he": "כדי לקבל תרופת מרשם נדרש קודם מרשם מהרופא/ה; הרוקחים בסניף יוכלו לעזור בכל שאלה.",
    },
    "rx_not_on_file": {
        "en": "I don't see a prescription for {name} among yours.",
        "he": "לא מצאתי מרשם ל{name} בין המרשמים שלך.",
    },
    "rx_offer": {
        "en": "Would you like to check the refill status for any of these?",
        "he": "לבדוק את אפשרות החידוש של אחד מהם?",
    },
    "rx_offer_one": {
        "en": "Would you like to check its refill status?",
        "he": "לבדוק את אפשרות החידוש שלו?",
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
    # rx_next_steps: a pending refill's details, what to do next after a refill answer.
    "rx_pending_ready": {
        "en": "It is due to be ready by {date}.",
        "he": "מועד המוכנות המשוער: {date}.",
    },
    "rx_pending_ready_at": {
        "en": "It is due to be ready for pickup at {store} by {date}.",
        "he": "ניתן יהיה לאסוף את התרופה בסניף {store} עד {date}.",
    },
    "rx_pending_at": {
        "en": "It will be ready for pickup at {store}.",
        "he": "ניתן יהיה לאסוף את התרופה בסניף {store}.",
    },
    "rx_pending_store_unknown": {
        "en": "I can't see which branch it was requested for; the branch can confirm where to pick it up.",
        "he": "אין לי פרטים על הסניף שאליו הוגשה הבקשה; בסניף יוכלו לאשר היכן לאסוף.",
    },
    "rx_pending_left": {
        "en": "This prescription has {refills}; no new refill request is needed for now.",
        "he": "במרשם הזה {refills}; אין צורך בבקשת חידוש נוספת כרגע.",
    },
    "rx_expired_refills": {
        "en": "Refills left on a prescription can't be used once it has expired.",
        "he": "לא ניתן להשתמש בחידושים שנותרו במרשם לאחר שפג תוקפו.",
    },
    "rx_next_new": {
        "en": "To get {name} again you need a new prescription: please ask your doctor (or your clinic) for one. "
        "Once the new prescription is on file, the pharmacy can fill it, and I can check it and request its "
        "refills here.",
        "he": "כדי לקבל שוב את {name} צריך מרשם חדש: יש לפנות לרופא/ה (או למרפאה) ולבקש מרשם חדש. כשהמרשם "
        "החדש יהיה במערכת, בית המרקחת יוכל לנפק אותו, ואוכל לבדוק אותו ולהגיש בקשות חידוש כאן.",
    },
    "rx_next_no_advice": {
        "en": "I can't give medical advice, but here is what can be done about the prescription:",
        "he": "אין באפשרותי לתת ייעוץ רפואי, אבל לגבי המרשם, זה מה שאפשר לעשות:",
    },
    "rx_has_left": {
        "en": "Your {name} prescription has {refills}. ",
        "he": "במרשם שלך ל{name} {refills}. ",
    },
    "rx_next_after": {
        "en": "{after}When no refills are left, or once the prescription expires on {date}, ask your doctor for "
        "a new prescription; the pharmacy can fill it once it's on file.",
        "he": "{after}כשלא יישארו חידושים, או כשתוקף המרשם יפוג ב-{date}, יש לפנות לרופא/ה לקבלת מרשם חדש; "
        "בית המרקחת יוכל לנפק אותו כשיהיה במערכת.",
    },
    "rx_back_to_doctor": {
        "en": "I can't give medical advice about that. Please see your doctor: they can check it and decide "
        "whether a new prescription is needed. If you feel very unwell, get medical care right away.",
        "he": "אין באפשרותי לתת ייעוץ רפואי בנושא. כדאי לפנות לרופא/ה, כדי לבדוק את המצב ולהחליט אם נדרש מרשם "
        "חדש. אם ההרגשה קשה, יש לפנות לטיפול רפואי מיד.",
    },
    "rx_none_for_med": {
        "en": "I don't see a valid prescription for {name} on file, so I can't proceed. Please consult your "
        "doctor for a prescription.",
        "he": "לא מצאתי מרשם בתוקף ל{name}, ולכן אי אפשר להמשיך. יש לפנות לרופא/ה לקבלת מרשם.",
    },
    "refill_no_stock": {
        "en": "{name} is out of stock at {store} right now{eta}, so the refill can't be prepared yet. A "
        "pharmacist can help with other options.",
        "he": "{name} חסר כרגע במלאי בסניף {store}{eta}, ולכן עדיין אי אפשר להכין את החידוש. הרוקחים בסניף יוכלו "
        "לעזור באפשרויות אחרות.",
    },
    "refill_eta": {"en": " (expected back on {date})", "he": " (צפוי לחזור למלאי ב-{date})"},
    "refill_confirm": {
        "en": "I can request a refill of {name} for pickup at {store}. {after}Shall I go ahead? (yes / no)",
        "he": "אפשר להגיש בקשה לחידוש {name} לאיסוף בסניף {store}. {after}להמשיך? (כן / לא)",
    },
    "refill_confirm_again": {
        "en": "{after}Shall I still go ahead with the refill request for pickup at {store}? (yes / no)",
        "he": "{after}להמשיך עם בקשת החידוש לאיסוף בסניף {store}? (כן / לא)",
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
}
