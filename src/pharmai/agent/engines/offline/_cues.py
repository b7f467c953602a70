"""The exact cue phrases of the offline engine's reading, in English and Hebrew, over normalised text.

Each pattern is matched on :func:`pharmai.text.normalize` output; Hebrew cues may carry prefix letters
("ובסניף", "שהאקמול"). They decide what they are exact about (one-time codes, identifiers, another person's
records, handoff verbs, filters, stores, places, ordinals) and break ties when the trained model is unsure.
"""

from __future__ import annotations

import re

from pharmai.text.normalize import normalize

__all__ = [
    "ACK_BYE",
    "ACK_NO",
    "ACK_NVM",
    "ACK_ONLY",
    "ACK_THANKS",
    "ALSO",
    "ANAPHOR",
    "ASKS_COUNT",
    "AVAILABILITY",
    "AVAILABILITY_WEAK",
    "BARE_NUMBER",
    "CANCEL",
    "CHEAPER",
    "CLAUSES",
    "CODE",
    "COMPARE",
    "COMPARE_TIMES",
    "DELIVERY",
    "EQUIVALENT",
    "EVERYONE",
    "EXPIRY",
    "FACETS",
    "GENERIC",
    "GREETING",
    "HANDOFF",
    "HANDOFF_NEED",
    "HANDOFF_VERB",
    "HAS",
    "HELP",
    "HOURS",
    "HOURS_ASK",
    "HOW_MANY_UNITS",
    "IDENTICAL_ONE",
    "INDEFINITE",
    "INFO",
    "INFO_STRONG",
    "INJECTION",
    "INTERACTION",
    "IN_STOCK",
    "IT",
    "LIST",
    "MEANT",
    "MENTIONED_ONE",
    "MY_RX",
    "NEED",
    "NON_RX",
    "NOT_A_PERSON",
    "NUMBER_REF",
    "ONLY_COUNT",
    "ORDINALS",
    "OTHER_EN",
    "OTHER_HE",
    "OTHER_STORE",
    "OUT_OF_STOCK",
    "PICKUP",
    "PLACES",
    "PLACE_ALIASES",
    "PLACE_PATTERNS",
    "PLACE_SCREEN",
    "PREFIX",
    "PRICE",
    "REFILL",
    "REFILLS_LEFT",
    "REFILL_REQUEST",
    "REFILL_STATUS",
    "RESTOCK",
    "RX_EXPIRY",
    "RX_NOUN",
    "RX_ONLY",
    "RX_PICKUP",
    "RX_WORD",
    "SAME_THING",
    "SIGN_IN",
    "STOP",
    "STORES",
    "STORE_SHORT",
    "SYMPTOM_WORDS",
    "SYSTEM_PREFIX",
    "TAKING",
    "THANKS",
    "THERE",
    "THIRD_PARTY_CONTACT_EN",
    "THIRD_PARTY_CONTACT_HE",
    "THREAD_STATUS",
    "USER_ID",
    "WEAK_INFO",
    "WHATS_IN",
    "WHAT_ABOUT",
    "WHAT_NOW",
    "cues",
]

PREFIX = "(?:^|(?<=\\s))[והבלמשכ]{0,3}"


def cues(*phrases: str) -> re.Pattern[str]:
    """A pattern for cue phrases on normalised text; Hebrew cues may carry prefix letters."""
    parts = []
    for phrase in phrases:
        norm = normalize(phrase)
        if re.match(r"[\u05d0-\u05ea]", norm):
            parts.append(PREFIX + re.escape(norm) + r"(?=\s|$)")
        else:
            parts.append(r"\b" + re.escape(norm) + r"\b")
    return re.compile("|".join(parts))


HANDOFF = cues(
    "pharmacist", "human", "real person", "a person", "someone", "staff member", "representative", "agent",
    "רוקח", "רוקחת", "נציג", "נציגה", "בן אדם", "אדם אמיתי", "מישהו",
    # Someone in charge ("get me your manager", «תעבירו אותי למנהל»): a person, handed over like a pharmacist.
    "manager", "supervisor", "shift manager", "store manager", "branch manager", "whoever is in charge",
    "someone in charge", "the person in charge", "מנהל", "מנהלת", "מנהל משמרת", "מנהלת משמרת", "אחראי",
    "אחראית", "אחראי משמרת", "אחראית משמרת", "מנהל הסניף", "מנהלת הסניף", "מנהל סניף",
)  # fmt: skip
#: "admin mode", «מצב מנהל»: a claimed mode (an injection attempt), never a person to hand over to.
NOT_A_PERSON = cues(
    "manager mode", "admin mode", "system manager", "manager access", "manager permissions",
    "מצב מנהל", "מנהל מערכת", "הרשאות מנהל", "הרשאת מנהל", "גישת מנהל",
)  # fmt: skip
HANDOFF_VERB = cues(
    "get me", "put me through", "bring", "תחבר", "תחברי", "תעבירו", "תביא", "תביאי", "תן לי", "תני לי",
    "talk", "speak", "transfer", "connect", "contact", "call", "chat with", "want",
    "לדבר", "להעביר", "תעביר", "תעבירי", "העבר", "לשוחח", "רוצה", "חבר", "לחבר",
    # "fetch your supervisor", «תקראו לאחראי משמרת»: asked for in person (with a person named, HANDOFF).
    "fetch", "demand", "have a word", "תביאו", "תחברו", "תנו לי", "תקרא", "תקראי", "תקראו", "לקרוא",
)  # fmt: skip
# "put your supervisor on", "i need the branch manager now", «אני צריך רוקח»: a person asked for, taken only
# when no medication is named ("I need a pharmacist to check Advil with Coumadin" runs the check first).
HANDOFF_NEED = cues(
    "put", "need a", "need the", "need your", "need an", "need to talk", "need to speak", "needs to talk",
    "צריך", "צריכה", "צריכים", "צריך לדבר", "צריכה לדבר",
)  # fmt: skip
MY_RX = cues(
    "status of my", "the status of my", "סטטוס של המרשם", "מה המצב של המרשם", "מה עם המרשם",
    "prescribed me", "prescribed for me", "my doctor prescribed", "doctor prescribed me", "הרופא רשם לי",
    "רשמו לי", "הרופאה רשמה לי",
    "my prescriptions", "my prescription", "prescriptions do i have", "what prescriptions", "which prescriptions",
    "list my", "my rx", "my meds", "my medications",
    "המרשמים שלי", "המרשם שלי", "מרשמים יש לי", "אילו מרשמים", "איזה מרשמים", "מה המרשמים", "מרשמים שלי",
    "התרופות שלי",
)  # fmt: skip
REFILL = cues(
    "refill", "refills", "renew", "renewal", "re fill", "on my prescription", "on the prescription", "another month",
    "על המרשם", "עוד חודש", "חידוש", "לחדש", "תחדש", "תחדשי", "תחדשו", "מילוי חוזר", "חידושים",
)  # fmt: skip
REFILL_REQUEST = cues(
    "please refill", "i want", "i would like", "id like", "i'd like", "order", "request", "submit", "go ahead",
    "refill it", "refill my", "renew my", "can you refill", "could you refill", "please renew", "put in",
    "אני רוצה", "רוצה", "תזמין", "להזמין", "הזמן", "לבקש", "תגיש", "להגיש", "בבקשה תחדש", "תחדש לי",
    "תחדשי לי", "תחדשו לי", "אבקש",
)  # fmt: skip
REFILL_STATUS = cues(
    "can i refill", "can i get a refill", "eligible", "status", "is it possible", "how many refills",
    "refills left", "may i refill", "zakai",
    "אפשר לחדש", "האם אפשר", "זכאי", "זכאית", "סטטוס", "כמה חידושים", "ניתן לחדש", "אוכל לחדש",
)  # fmt: skip
# Right after a refill: a question about that request ("what's the status of that?", "why not?", "מה
# הסטטוס של הבקשה?", "למה אי אפשר?"), answered by its status again, which says where it stands and why.
THREAD_STATUS = cues(
    "status", "any update", "any news", "update on", "is it ready", "ready yet", "what happened", "how is it going",
    "why", "why not", "how come", "what's the reason", "whats the reason", "what is the reason",
    "סטטוס", "מה המצב", "מה קורה עם", "יש עדכון", "יש חדש", "זה מוכן", "מה קרה", "למה", "מדוע", "מה הסיבה",
    "איך זה", "what do you mean", "what does that mean", "meaning", "מה זאת אומרת", "כלומר", "מה הכוונה",
)  # fmt: skip
# In a prescription thread, a question about the expiry of the prescription just checked ("when does it
# expire?", "until when is it valid?", "מה תאריך התפוגה?", "מתי הוא פג?").
RX_EXPIRY = cues(
    "expire", "expires", "expiring", "expired", "expiry", "expiration", "valid", "validity", "valid until",
    "good until", "good till", "still good",
    "פג", "פגה", "פג תוקף", "יפוג", "תפוג", "פוקע", "פוקעת", "יפקע", "תוקף", "תפוגה", "תאריך תפוגה",
)  # fmt: skip
# "how many…?", «כמה…?», "what's left…?": a count is asked (a refill count is a status, never a request).
ASKS_COUNT = cues("how many", "how much", "whats left", "what's left", "what is left", "כמה", "מה נשאר", "מה נותר")
# "what's left on my Coumadin?", «כמה נשאר לי בקומדין»: the refills left.
REFILLS_LEFT = cues(
    "left", "remaining", "remain", "remains", "how many refills", "how many more", "how many times",
    "נשאר", "נשארו", "נותר", "נותרו", "כמה חידושים", "כמה פעמים", "כמה עוד",
)  # fmt: skip
# "sign me in", «להתחבר»: the sign-in itself asked for (never a name to look up). «תחבר אותי» is not one: it
# is "connect me" (to a pharmacist) as often as "log me in".
SIGN_IN = cues(
    "sign in", "sign me in", "signin", "sign-in", "signing in", "log in", "log me in", "login", "logging in",
    "logged in", "get logged", "identify me", "identify myself", "verify me", "verify myself", "authenticate",
    "authenticate me", "להתחבר", "התחברות", "מתחברים", "מתחבר", "מתחברת", "אתחבר", "להזדהות", "הזדהות", "מזדהים",
    "מזדהה", "אזדהה", "תזהה אותי", "תזהי אותי", "תאמת אותי", "תאמתי אותי", "לאמת אותי", "להיכנס לחשבון",
    "כניסה לחשבון", "להיכנס למערכת", "my account", "לחשבון", "החשבון שלי",
)  # fmt: skip
# After "I can only show your own prescriptions": asking what can be done instead ("so what can I do?", "אז
# מה עושים?"), which is no request for medical advice.
WHAT_NOW = cues(
    "what can i do", "what can we do", "what do i do", "what do we do", "what should i do", "what should we do",
    "what now", "so what", "then what", "what are my options", "what are the options", "is there a way",
    "any other way", "how can she", "how can he", "how can they", "how can i", "what else",
    "מה עושים", "מה אפשר לעשות", "מה לעשות", "מה עכשיו", "אז מה", "מה אני עושה", "מה אני יכול לעשות",
    "מה אני יכולה לעשות", "מה האפשרויות", "יש דרך", "איך אפשר", "מה כן אפשר",
)  # fmt: skip
# A symptom or taking something ("she has a headache", "what can she take?"): a question of its own, never
# the end of a thread about someone else's records.
SYMPTOM_WORDS = cues(
    "pain", "ache", "aches", "hurts", "hurt", "fever", "cough", "sick", "ill", "rash", "headache", "nausea",
    "vomiting", "dizzy", "bleeding", "swollen", "allergic", "allergy", "infection", "flu", "sore", "itchy",
    "כאב", "כאבים", "כואב", "כואבת", "חום", "שיעול", "חולה", "פריחה", "בחילה", "הקאות", "סחרחורת", "דימום",
    "נפיחות", "אלרגיה", "דלקת", "שפעת", "צינון", "גרד", "שלשול",
)  # fmt: skip
# Right after a refill, where or when to collect it ("where do I pick it up?", "מתי אפשר לאסוף?"): that refill.
RX_PICKUP = cues(
    "pick it up", "pick up", "pickup", "collect", "collect it", "be ready", "get it from",
    "לאסוף", "לאסוף אותו", "איסוף", "אוספים", "אוסף", "אוספת", "יהיה מוכן", "תהיה מוכנה",
)  # fmt: skip
# "ומה עם הליפיטור?" / "what about the Lipitor?": "what about", whose "עם" is no "with" of an interaction question.
WHAT_ABOUT = cues("what about", "how about", "מה עם", "מה לגבי")
TAKING = cues(
    "take", "taking", "took", "give", "giving", "use", "using", "dose", "dosage", "swallow", "swallowed",
    "לקחת", "ליטול", "לתת", "להשתמש", "לוקח", "לוקחת", "נוטל", "נוטלת", "לקח", "לקחה", "בלע", "בלעה", "מינון",
)  # fmt: skip
# "I need Moxypen urgently", "צריך אקמול": a product wanted, so its stock is what answers.
NEED = cues(
    "i need", "need", "needed", "i want", "want", "looking for", "get me", "urgently", "urgent", "asap",
    "צריך", "צריכה", "רוצה", "מחפש", "מחפשת", "דחוף", "בדחיפות",
)  # fmt: skip
# "זה אותו דבר?", "is it the same thing?" about the product just talked about (no second name).
SAME_THING = cues("the same thing", "same thing", "the same", "אותו דבר", "אותו הדבר", "זהה", "אותה תרופה")
EQUIVALENT = cues(
    "equivalent", "equivalents", "alternative", "alternatives", "substitute", "replacement", "instead",
    "similar", "generic version", "same thing", "other brand",
    "תחליף", "תחליפים", "חלופה", "חלופי", "חלופית", "דומה", "במקום", "גנרי", "מותג אחר",
)  # fmt: skip
# With no product named, "anything identical?", «ואת הזהה יש לכם?», "the same thing by another company" ask for
# a product like the one in play (its identical equivalents), though the model hears a stock question.
IDENTICAL_ONE = cues(
    "identical", "identical one", "exact same one", "same one", "same stuff", "same product", "same medicine",
    "same thing", "other company", "another company", "other maker", "another maker", "other manufacturer",
    "another manufacturer", "other brand", "another brand", "different brand",
    "זהה", "זהים", "זהות", "מקביל", "מקבילה", "מקבילים", "מקבילות", "שווה ערך", "אותו דבר", "אותו הדבר",
    "אותה תרופה", "חברה אחרת", "יצרן אחר", "מותג אחר",
)  # fmt: skip
# Right after "shall I check for an identical equivalent?": "whats the other one you said", «מה היה השני
# שאמרת?», «והאחר?»: the product the offer spoke of (never a lookup of "other", never the branch).
MENTIONED_ONE = re.compile(
    r"\bother ones?\b|\bones? (?:that )?(?:you|u) (?:said|mentioned|offered|suggested|talked about)\b"
    r"|\bwhat (?:you|u) (?:mentioned|offered|suggested)\b|"
    + PREFIX
    + r"(?:השני|השניה|השנייה|האחר|האחרת|זה|זו|התרופה|מה)(?: \S+)? ש(?:אמרת|הזכרת|הצעת|דיברת|הצעתה)(?=\s|$)|"
    + PREFIX
    + r"(?:השני|השניה|השנייה|האחר|האחרת)(?=\s|$)"
)
# Two products named and asked whether they are the same ("is Litorva the same as Lipitor?", "מה ההבדל בין
# נורופן לאדוויל?"): a comparison, not each label. "At the same time" / "בזמנים שונים" is about taking them.
_TIMES = r"(?:time|times|day|days|hour|hours|dose|doses|meal|meals|moment|morning|evening|night|week)"
COMPARE = re.compile(
    rf"\bsame\b(?!\s+{_TIMES}\b)|\bdifferen(?:ce|ces|t)\b(?!\s+{_TIMES}\b)|\b(?:differ|differs|vs|versus|identical)\b"
    r"|\binterchangeable\b|\bequivalent (?:to|of)\b|"
    + cues(
        "כמו", "אותו דבר", "אותו הדבר", "אותה תרופה", "אותה התרופה", "אותו חומר", "אותו החומר", "זהה", "זהות",
        "זהים", "הבדל", "ההבדל", "הבדלים", "ההבדלים", "שונה", "שונות", "שונים", "לעומת",
    ).pattern
)  # fmt: skip
# "בזמנים שונים", "בשעות שונות": when to take them, not whether they differ (removed before COMPARE is read).
COMPARE_TIMES = re.compile(r"(?:זמנ|שעות|ימימ|פעמימ|זמן|שעה|יומ)\S*\s+שונ\S*")
# "Anything cheaper than Lipitor?" asks for another product: its equivalents (prices are not on file).
CHEAPER = cues(
    "cheaper", "less expensive", "cheapest", "more affordable", "lower price",
    "זול יותר", "יותר זול", "הכי זול", "זולה יותר", "יותר זולה", "זולים יותר", "משתלם יותר", "יותר משתלם",
)  # fmt: skip
# "מה יש בנורופן?" asks what is in the product, not whether it is in stock ("יש נורופן?").
WHATS_IN = re.compile(normalize("מה יש ב") + r"\S|" + normalize("ממה עשוי") + r"|\bwhats in\b|\bwhat is in\b")
LIST = cues(
    "list", "which medications", "what medications", "which medicines", "what medicines", "what drugs",
    "show me", "what do you have", "what do you sell", "what otc", "all medications", "which meds",
    "רשימה", "רשימת", "אילו תרופות", "איזה תרופות", "מה יש לכם", "מה אתם מוכרים", "תראה לי", "הראה לי",
    "כל התרופות", "תרופות יש",
)  # fmt: skip
AVAILABILITY = cues(
    "in stock", "stock", "available", "availability", "do you have", "do you carry", "have any", "got any",
    "יש לכם", "יש לך", "יש אצלכם", "בסניף", "במלאי", "מלאי", "זמין", "זמינה", "זמינים", "יש במלאי",
)  # fmt: skip
AVAILABILITY_WEAK = cues(
    "is there", "do you sell", "can i buy", "can i get", "left", "carry", "קיים", "אפשר להשיג", "נשאר", "נשארו",
    "אפשר לקנות",
)  # fmt: skip
INFO = cues(
    "what is", "what's", "whats", "tell me about", "know about", "info about", "information", "info", "details",
    "dosage", "dose",
    "side effects", "warnings", "warning", "ingredient", "ingredients", "used for", "contain", "contains",
    "label", "prescription", "rx", "what does",
    "מה זה", "ספר לי", "ספרי לי", "מידע", "פרטים", "מינון", "אזהרות", "אזהרה", "רכיב", "רכיבים", "חומר פעיל",
    "למה משמש", "מרשם", "עלון", "תופעות לוואי", "ספר על", "מה ידוע על",
)  # fmt: skip
PRICE = cues(
    "price", "prices", "cost", "costs", "how much is", "how much does", "how much for", "how much are",
    "מחיר", "המחיר", "מחירים", "עולה", "עולים", "עלות", "כמה זה", "כמה עולה",
)  # fmt: skip
# "cancel my refill" with nothing waiting for a confirmation: never read as a refill request (a pending
# confirmation's "cancel" is a no, answered by the loop before the engine reads anything).
CANCEL = cues(
    "cancel", "cancel my", "cancel the", "never mind", "nevermind", "scratch that", "call off",
    "בטל", "תבטל", "תבטלי", "לבטל", "ביטול",
)  # fmt: skip
# Opening hours are not on file: said so, never read as an off-topic question or a medication name.
HOURS = cues(
    "opening hours", "open hours", "business hours", "working hours", "hours of operation", "what time do you open",
    "what time do you close", "when do you open", "when do you close", "when are you open", "are you open",
    "open on saturday", "open on friday", "open on shabbat", "open today", "open tomorrow", "open until",
    "what are the hours", "hours of the", "hours of your", "your hours", "store hours", "branch hours",
    "שעות פתיחה", "שעות הפתיחה", "שעות פעילות", "שעות הפעילות", "מתי אתם פתוחים", "מתי אתם פותחים",
    "מתי אתם סוגרים", "עד מתי אתם פתוחים", "עד מתי פתוח", "אתם פתוחים", "פתוחים היום", "פתוחים מחר",
    "פתוחים בשבת", "פתוחים בשישי", "באיזה שעה פותחים", "באיזה שעה סוגרים", "באיזו שעה פותחים", "באיזו שעה סוגרים",
    "שעות הסניף", "שעות של הסניף",
)  # fmt: skip
#: "what time does the Jerusalem branch close today?", "עד איזו שעה הסניף בדיזנגוף פתוח?": words between.
HOURS_ASK = re.compile(
    r"\b(?:what time|until when|till when|how late|when)\b.{0,40}\b(?:close|closes|closing|open|opens|opening)\b"
    r"(?!.{0,20}\b(?:package|box|bottle|pack)\b)|"
    r"(?:^|\s)(?:מתי|עד מתי|באיזה שעה|באיזו שעה|עד איזה שעה|עד איזו שעה)\s.{0,40}"
    r"(?:סוגר|סוגרימ|סוגרת|נסגר|נסגרת|פותח|פותחימ|פותחת|נפתח|נפתחת|פתוח|פתוחימ|פתוחה)(?:\s|$)"
)
# Orders and delivery are not something the assistant can do: said so, and the stock checked instead.
DELIVERY = cues(
    "delivery", "deliver", "delivered", "shipping", "ship", "ship it", "ship me", "send it to my",
    "order online",
    "place an order", "order me", "buy online", "home delivery", "משלוח", "משלוחים", "לשלוח לי", "תשלחו לי",
    "שליח", "להזמין הביתה", "הזמנה אונליין", "לקנות אונליין", "להזמין אונליין", "תזמין לי", "תזמינו לי",
)  # fmt: skip
# Where a message changes subject, for reading each part's request on its own.
CLAUSES = re.compile(
    r"[?!.;\n,]+|\s+(?:and|also|plus|btw|by the way)\s+|"
    r"\s+(?=ו(?:מה|האם|כמה|יש|גם|תגיד|תבדוק|אם|אפשר|מותר|בנוסף|דרך אגב|אגב)\b)|\s+(?=אגב\b)"
)
#: The label cues that say "label" whatever else the message says ("prescription" alone does not).
INFO_STRONG = cues(
    "what is", "whats", "tell me about", "know about", "info about", "information", "info", "details", "dosage",
    "dose", "side effects", "warnings", "warning", "ingredient", "ingredients", "used for", "contain", "contains",
    "label", "what does", "מה זה", "ספר לי", "ספרי לי", "מידע", "פרטים", "מינון", "אזהרות", "אזהרה", "רכיב", "רכיבים",
    "חומר פעיל", "למה משמש", "עלון", "תופעות לוואי", "ספר על", "מה ידוע על",
    "explain", "describe", "what are", "tell me more about", "תסביר", "תסבירי", "הסבר", "תסבירו", "מה הם", "מה הן",
)  # fmt: skip
INTERACTION = cues(
    "interaction", "interactions", "interact", "together", "combine", "combined", "mix", "with",
    "אינטראקציה", "אינטראקציות", "ביחד", "יחד", "לשלב", "שילוב", "עם",
)  # fmt: skip
# Another person's records: "Yossi Levi's prescriptions", "their prescriptions", "המרשמים של יוסי", "המרשמים שלו".
RX_NOUN = r"(?:prescriptions?|meds|medications|medicines|rx|refills?)"
OTHER_EN = re.compile(
    rf"\b(?!(?:let|it|that|what|who|there|here|he|she)['’]s\b)[a-z]+['’]s\s+{RX_NOUN}\b"
    rf"|\b(?:his|her|their)\s+(?:\w+\s+)?{RX_NOUN}\b"
    # "do I need a prescription for them?": the product of the thread (a person's would be "prescriptions for them")
    r"|\b(?!(?:prescription|script|rx)\s+for\s+(?:it|them|these|those)\b)"
    rf"{RX_NOUN}\s+(?:of|for|belonging to)\s+(?:my\s+|another\s+|other\s+|a\s+|the\s+)?(?:wife|husband|partner|"
    r"son|daughter|child|kid|mother|mom|mum|father|dad|parent|brother|sister|friend|neighbou?r|someone|somebody|"
    r"patient|person|user|customer|him|her|them)\b"
    # "list the prescriptions of amir haddad": a first and a last name after "of" / "belonging to".
    rf"|\b{RX_NOUN}\s+(?:of|belonging to)\s+"
    r"(?!(?:my|me|mine|myself|it|its|them|these|those|this|that|the|a|an|your|yours|our|ours|all|each)\b)"
    r"[a-z]{2,}\s+[a-z]{2,}\b",
    re.IGNORECASE,
)
# "מרשם בשביל זה" ("a prescription for it"): the product talked about, not a person.
_FOR_IT = r"(?!(?:עצמי|זה|זאת|זו|הזה|הזאת|הזו|אותו|אותה|התרופה|הכדור|הכדורים|המוצר)(?:\s|$))"
OTHER_HE = re.compile(
    PREFIX
    + r"(?:מרשמ|מרשמימ|תרופות|חידושימ)\s+(?:של\s+(?!י(?:\s|$))\S+|שלו|שלה|שלהמ|שלהנ|(?:עבור|בשביל)\s+"
    + _FOR_IT
    + r"\S+)(?=\s|$)"
    # «איזה מרשמים יש לדוד כהן», «המרשמים שיש ליוסי», «אילו תרופות יש לו»: what someone other than "me" (לי)
    # or "you" (לכ, לכמ) has on file.
    + r"|(?:^|\s)ה?(?:מרשמ|מרשמימ|תרופות|חידושימ)\s+(?:ש)?(?:יש|קיימימ|רשומימ)\s+"
    + r"ל(?!י(?:\s|$)|כ(?:\s|$)|כמ(?:\s|$)|נו(?:\s|$))\S+"
)
# One thing already talked about ("until when is it valid?", "עד מתי הוא בתוקף?", "המרשם" but not "המרשמים").
IT = re.compile(
    r"\b(?:it|its|it's|this one|that one|this prescription|that prescription|the prescription)\b|"
    + cues("הוא", "אותו", "זה", "המרשם", "המרשם הזה", "שלו").pattern
)
# "do they have it there?", "יש שם אדוויל?": the store last talked about.
# ("is there…?" asks whether something exists; "שם" alone is also "name", so only "יש שם" / "ושם").
THERE = re.compile(
    r"(?<!\bis )(?<!\bare )\bthere\b(?! (?:is|are)\b)|\b(?:that|same) (?:branch|store)\b|"
    + cues("יש שם", "שם יש", "ושם", "באותו סניף", "באותו הסניף").pattern
)
# Everyone's records at once ("list all patients"): not a person the customer could be, so a refusal and what
# can be done instead, never "what is your email?".
EVERYONE = re.compile(
    r"\b(?:all|every|each)\s+(?:the\s+|of\s+the\s+)?(?:patient|customer|user|client)s?\b|"
    + cues(
    "patient list", "list of patients", "everyone's prescriptions", "everyones prescriptions",
    "כל המטופלים", "כל הלקוחות", "רשימת מטופלים", "רשימת המטופלים", "רשימת לקוחות", "כל המרשמים של כולם",
    "כל המשתמשים",
    ).pattern
)  # fmt: skip
# "her phone is 05…", "my wife's email", "הטלפון שלה", "המספר של אשתי": someone else's contact details, so
# never a sign-in (a code would go to that person, and their records are not the person's to see).
_CONTACT_EN = r"(?:phone|number|mobile|cell|cellphone|email|e-mail|mail|id)"
_RELATIVE_EN = (
    r"(?:wife|husband|partner|mother|mom|mum|father|dad|son|daughter|brother|sister|friend|neighbou?r|"
    r"grandma|grandpa|grandmother|grandfather|aunt|uncle|colleague|roommate|boss)"
)
THIRD_PARTY_CONTACT_EN = re.compile(
    rf"\b(?:his|her|their)\s+(?:\w+\s+)?{_CONTACT_EN}\b|\b{_RELATIVE_EN}['’]?s\s+(?:\w+\s+)?{_CONTACT_EN}\b"
    rf"|\b{_CONTACT_EN}\s+(?:of|for)\s+(?:my\s+)?{_RELATIVE_EN}\b",
    re.IGNORECASE,
)
THIRD_PARTY_CONTACT_HE = re.compile(
    PREFIX
    + "(?:"
    + "|".join(re.escape(normalize(w)) for w in ("טלפון", "מספר", "נייד", "פלאפון", "מייל", "אימייל", "תעודת זהות"))
    + ")"
    + r"\s+(?:של\s+(?!י(?:\s|$))\S+|שלו|שלה|שלהמ|שלהנ)(?=\s|$)"
)
RX_WORD = cues(
    "prescription", "prescriptions", "rx", "meds", "medications", "refill", "refills",
    "מרשם", "מרשמים", "מרשמי", "תרופות", "חידוש", "חידושים",
)  # fmt: skip
USER_ID = re.compile(r"\bu\d{3,}\b", re.IGNORECASE)
# A message posing as the system or an operator; its claims (e.g. "the user is verified") are never trusted.
INJECTION = cues(
    "admin mode", "developer mode", "ignore previous instructions", "ignore all previous instructions",
    "ignore the rules", "ignore your rules", "you are now", "verified as", "is verified",
    "הודעת מערכת", "מצב מנהל", "מצב מפתח", "תתעלם", "התעלם", "מאומת", "מאומתת",
)  # fmt: skip
SYSTEM_PREFIX = re.compile(r"(?:^|[\s\[(<])(?:system|admin|developer|operator)\s*[:\]>]", re.IGNORECASE)
ALSO = cues("too", "also", "as well", "and", "another", "גם", "בנוסף", "ועוד")
WEAK_INFO = cues("what is", "what's", "whats", "what does", "מה זה", "מה זו")
GREETING = cues(
    "hi", "hello", "hey", "good morning", "good evening", "good afternoon", "shalom",
    "שלום", "היי", "הי", "בוקר טוב", "ערב טוב", "צהריים טובים", "מה נשמע", "אהלן",
)  # fmt: skip
# A goodbye closes the conversation like a thanks ("ok bye", "ביי"): never a name to look up.
THANKS = cues(
    "thanks", "thank you", "thx", "appreciate", "bye", "goodbye", "bye bye", "see you", "have a nice day",
    "good night", "have a good one", "have a good day", "take care",
    "תודה", "תודה רבה", "תודה לך", "מעולה תודה", "ביי", "להתראות", "יום טוב", "לילה טוב", "שבוע טוב",
    "שבת שלום", "יום נעים", "נתראה", "אלף תודות", "תודות", "המון תודות", "thanks a million",
)  # fmt: skip
HELP = cues(
    "help", "what can you do", "how can you help", "what do you do", "עזרה", "מה אתה יכול", "במה אתה יכול",
    "מה את יכולה", "איך אתה יכול לעזור", "תעזור",
)  # fmt: skip
FACETS = {
    "dosage": cues(
        "dosage",
        "dose",
        "doses",
        "how often",
        "how many",
        "מינון",
        "כמה פעמים",
        "כמה כדורים",
        "כמה טבליות",
        "כמה קפסולות",
        "כמה מותר",
        "מותר ביום",
        "מותר ליום",
        "ביממה",
        "כל כמה שעות",
        "כל כמה זמן",
        "פעמים ביום",
        "מקסימום ליום",
        # The label's maximum ("how much is too much?", "max a day?", "כמה מקסימום ביום?").
        "max",
        "maximum",
        "too much",
        "upper limit",
        "daily limit",
        "מקסימום",
        "מקסימלי",
        "מקסימלית",
        "המקסימום",
        "הכי הרבה",
    ),
    "warnings": cues(
        "warning", "warnings", "side effects", "side effect", "אזהרות", "אזהרה", "תופעות לוואי", "תופעות הלוואי"
    ),
    # "do I need a script for it?": "script" / "scrip" are the everyday words for a prescription.
    "rx": cues("prescription", "rx", "otc", "over the counter", "script", "scrip", "מרשם", "ללא מרשם", "בלי מרשם"),
    "ingredients": cues(
        "ingredient",
        "ingredients",
        "contain",
        "contains",
        "made of",
        "רכיב",
        "רכיבים",
        "חומר פעיל",
        # «מה החומר הפעיל…?»: the article is on both words, so "חומר פעיל" alone misses it.
        "החומר הפעיל",
        "חומרים פעילים",
        "החומרים הפעילים",
        "ממה מורכב",
        "ממה מורכבת",
        "מה מכיל",
        "מה מכילה",
    ),
}
# "how many refills / units / left" counts something other than doses: not the dosage facet.
HOW_MANY_OTHER = re.compile(
    r"\bhow many (?:more )?(?:of (?:those|these|them|it|that|the \w+) )?(?:refills?|renewals?|repeats?|left|are left|"
    r"remain|remaining|in stock|units?|packs?|boxes|bottles|branches|stores|pharmacies|prescriptions?|"
    r"(?:do|did|does) (?:you|u|ya|they|we) (?:have|got|carry|stock)|are there|have you got|you got|u got|"
    r"(?:do )?(?:you|u) have|is there|are in|there are)\b"
)
NON_RX = cues(
    "otc", "over the counter", "without a prescription", "without prescription", "no prescription",
    "non prescription", "nonprescription", "prescription free", "dont need a prescription",
    "doesnt need a prescription", "dont require a prescription", "no rx", "non rx",
    "ללא מרשם", "בלי מרשם", "לא במרשם", "שלא צריך מרשם", "שלא צריכות מרשם", "שלא דורשות מרשם", "תרופות מדף",
)  # fmt: skip
RX_ONLY = cues(
    "prescription only", "rx", "need a prescription", "needs a prescription", "require a prescription",
    "prescription medications", "prescription drugs", "prescription meds", "במרשם", "תרופות מרשם", "דורשות מרשם",
    "צריך מרשם", "מחייבות מרשם",
)  # fmt: skip
OUT_OF_STOCK = cues(
    "out of stock", "not in stock", "unavailable", "sold out", "out of", "run out", "ran out", "missing",
    "אזל", "אזלו", "חסר", "חסרות", "חסרים", "לא במלאי", "אין במלאי", "שאין", "נגמר", "נגמרו", "נגמרה",
)  # fmt: skip
IN_STOCK = cues("in stock", "available", "במלאי", "זמינות", "זמין", "זמינים")
# A question about the product just talked about, in intent words only ("when will it come?", "is there a
# generic?", "כמה יש", "only 5?", "יש ממנו?"): what it asks (see :func:`.nlu.last_product_request`).
RESTOCK = cues(
    "when will", "when does", "when do", "when is", "when are", "when", "come back", "coming back", "back in stock",
    "restock", "restocked", "restocking", "arrive", "arriving", "get more", "expected",
    "מתי", "יגיע", "יגיעו", "מגיע", "מגיעה", "תגיע", "יחזור", "תחזור", "חוזר", "חוזרת", "יחזרו", "צפוי",
)  # fmt: skip
EXPIRY = cues("expire", "expires", "expiry", "expiration", "valid", "פג", "יפוג", "תפוג", "תוקף", "בתוקף")
GENERIC = cues(
    "generic", "generics", "a generic", "the generic one", "cheaper version", "another brand", "other brands",
    "גנרי", "גנרית", "גנריות", "גנריים", "מותג אחר",
)  # fmt: skip
HOW_MANY_UNITS = cues(
    "how many", "how many left", "how much left", "how much do you have", "how much is left",
    "כמה יש", "כמה נשאר", "כמה נשארו", "כמה יחידות", "כמה קופסאות", "כמה זה במלאי", "כמה יש במלאי", "כמה יש לכם",
)  # fmt: skip
#: "only 5?", "just 8 left?", "רק 5?": a reaction to the count just given, never a strength.
ONLY_COUNT = re.compile(r"(?:\b(?:only|just)|(?:^|(?<=\s))ו?רק)\s*\d+\b(?!\s*(?:mg|mcg|מג))")
#: "יש ממנו?", "אין?": a stock question about the product just talked about.
HAS = cues("יש", "אין", "נשאר", "נשארו", "in stock", "have it", "have any", "got it", "got any", "carry it")
#: A word pointing back at something said ("is that the same?", "זה אותו דבר כמו אקמול?").
ANAPHOR = re.compile(
    r"\b(?:it|its|it's|that|this|these|those|them|they)\b|"
    + cues("זה", "זו", "זאת", "הוא", "היא", "אותו", "אותה", "ממנו", "ממנה", "אלה").pattern
)
#: "anything the same as Acamol?": asks for some product, not about the one just talked about.
INDEFINITE = cues("anything", "something", "any other", "משהו", "כלשהו", "כלשהי")
#: "no, I meant…", "לא התכוונתי ל…": a correction of the name just said.
MEANT = cues(
    "meant", "mean", "i said", "not what i", "התכוונתי", "התכוונת", "התכוון", "התכוונה", "מתכוון", "מתכוונת",
    "התכוונו", "רציתי", "ביקשתי",
)  # fmt: skip
# A Latin short form behind Hebrew prefix letters ("בt.a.", "ב-tlv", "לjlm"): «ב» + the branch, never a name.
_LATIN_AFTER_PREFIX = r"|(?:^|(?<=\s))[והבלמשכ]{1,3}\s?(?:%s)(?=\s|$)"
STORES = {
    # Short forms and common misspellings too ("jlm", "ירושליים", "ת"א" → "תא" once normalised).
    # "י-ם" and "ת-א" are "י מ" and "ת א" once normalised (the dash is a space, the final letter folded), so the
    # prefixed forms ("ובי-ם", "בת-א") are found word by word as well as on the typed text (:data:`STORE_SHORT`).
    "s2": cues("jerusalem", "jaffa", "s2", "jlm", "jlem", "jslm", "jrslm", "jeru", "jerus", "jerusalm", "jerusalim",
               "jeruslem", "jerusalam", "jerusalen", "jerusaleme", "jersualem", "jerusaelm", "jeruselem", "jerusalum",
               "ירושלים", "ירושליים", "ירושלם", "ירושלאים", "ירשלים", "יפו", "י ם"),
    "s1": cues("tel aviv", "dizengoff", "s1", "tlv", "telaviv", "tel avive", "tel avi", "tel aviv yafo", "tel-aviv",
               "תל אביב", "תלאביב", "תא", "ת א", "תל אביב יפו", "דיזנגוף", "דיזינגוף",
               # "t.a." is "t a" once normalised; a bare "ta" is also thanks: only after "in"/"at", before "branch".
               "t a", "in ta", "at ta", "ta branch"),
}  # fmt: skip
STORES["s1"] = re.compile(STORES["s1"].pattern + _LATIN_AFTER_PREFIX % "t a|ta|tlv|telaviv|tel aviv")
STORES["s2"] = re.compile(STORES["s2"].pattern + _LATIN_AFTER_PREFIX % "jlm|jlem|jerusalem|jeru")
# Spellings as they sound (normalised text, final letters folded): "yerushalayim", "yerushalaim", "jeruzalem",
# "jerusalen", «ירושליים», «ירושלאים», «ירשלם»; "dizengof", "dizingoff", "tel-a-viv", «דיזינגוף», «דזנגוף».
_SPELT = {
    "s2": r"\b[jy]e?r[uo]?[sz]h?[aeiu]?l[aeiu]?y?[aeiy]?[mn]\b|\bjaffa\s+(?:st|street|rd|road)\b"
    r"|\byafo\s+(?:st|street)\b"
    r"|(?:^|(?<=\s))[והבלמשכ]{0,3}יר[ו]?של[יא]{0,3}מ(?=\s|$)",
    "s1": r"\bdi[sz]+[eiy]?n?g[ou]+f+\b|\bdizengov\b|\btel\s?a\s?viv(?:e|a)?\b|\bt\s?l\s?v\b"
    r"|(?:^|(?<=\s))[והבלמשכ]{0,3}די?זי?נגו?פ(?=\s|$)",
}
STORES = {store: re.compile(STORES[store].pattern + "|" + _SPELT[store]) for store in STORES}
#: Short forms read on the text as typed (normalising drops the dash or quote they hang on): "י-ם", 'בי"ם',
#: "בי״ם" (Jerusalem), "ת-א", "בת-א" (Tel Aviv; 'ת"א' is "תא" once normalised, in :data:`STORES`).
STORE_SHORT = {
    "s2": re.compile(r"(?:^|(?<=[\s(]))[והבלמשכ]{0,3}י\s?[\"'\u05f3\u05f4-]\s?ם(?![\u05d0-\u05ea])"),
    "s1": re.compile(
        r"(?:^|(?<=[\s(]))[והבלמשכ]{0,3}ת\s?[\"'\u05f3\u05f4-]\s?א(?![\u05d0-\u05ea])|\bt\.\s?a\.?(?![a-z])",
        re.IGNORECASE,
    ),
}
#: "the other branch": the store that is not the one last talked about.
OTHER_STORE = cues(
    "other branch", "other store", "another branch", "other location", "other pharmacy", "second branch",
    "סניף השני", "סניף האחר", "סניף אחר", "בסניף השני", "בסניף האחר", "בסניף אחר", "סניף השני שלכם",
)  # fmt: skip
#: Places people ask about where the chain has no branch, with their names in both languages.
PLACES: dict[str, tuple[str, str]] = {
    "haifa": ("Haifa", "חיפה"), "eilat": ("Eilat", "אילת"), "beer sheva": ("Beersheba", "באר שבע"),
    "netanya": ("Netanya", "נתניה"), "ashdod": ("Ashdod", "אשדוד"), "ashkelon": ("Ashkelon", "אשקלון"),
    "herzliya": ("Herzliya", "הרצליה"), "raanana": ("Ra'anana", "רעננה"), "rishon": ("Rishon LeZion", "ראשון לציון"),
    "petah tikva": ("Petah Tikva", "פתח תקווה"), "holon": ("Holon", "חולון"), "bat yam": ("Bat Yam", "בת ים"),
    "ramat gan": ("Ramat Gan", "רמת גן"), "bnei brak": ("Bnei Brak", "בני ברק"), "rehovot": ("Rehovot", "רחובות"),
    "kfar saba": ("Kfar Saba", "כפר סבא"), "modiin": ("Modi'in", "מודיעין"), "nazareth": ("Nazareth", "נצרת"),
    "tiberias": ("Tiberias", "טבריה"), "akko": ("Acre", "עכו"), "nahariya": ("Nahariya", "נהריה"),
    "hadera": ("Hadera", "חדרה"), "afula": ("Afula", "עפולה"), "beit shemesh": ("Beit Shemesh", "בית שמש"),
    "karmiel": ("Karmiel", "כרמיאל"), "lod": ("Lod", "לוד"), "ramla": ("Ramla", "רמלה"),
    "givatayim": ("Givatayim", "גבעתיים"), "hod hasharon": ("Hod HaSharon", "הוד השרון"), "tzfat": ("Safed", "צפת"),
    "dimona": ("Dimona", "דימונה"), "yavne": ("Yavne", "יבנה"), "kiryat shmona": ("Kiryat Shmona", "קריית שמונה"),
}  # fmt: skip
PLACE_ALIASES = {
    "beersheba": "beer sheva", "beer sheba": "beer sheva", "beersheva": "beer sheva", "באר שבע": "beer sheva",
    "rishon lezion": "rishon", "petach tikva": "petah tikva", "acre": "akko", "safed": "tzfat",
    "ra anana": "raanana", "kiryat shemona": "kiryat shmona", "קרית שמונה": "kiryat shmona",
    # Spelt as they sound: a place we have no branch in is never a medication to look up.
    "heifa": "haifa", "hayfa": "haifa", "haifah": "haifa", "chaifa": "haifa", "hifa": "haifa", "haiffa": "haifa",
    "eilath": "eilat", "elat": "eilat", "ejlat": "eilat", "netania": "netanya", "natanya": "netanya",
    "herzlia": "herzliya", "hertzliya": "herzliya", "herzliyya": "herzliya", "ranana": "raanana",
    "petach tikvah": "petah tikva", "petah tiqva": "petah tikva", "rechovot": "rehovot", "bney brak": "bnei brak",
    "kfar sava": "kfar saba", "natzeret": "nazareth", "nazaret": "nazareth", "tveria": "tiberias",
    "tverya": "tiberias", "acco": "akko", "naharia": "nahariya", "hedera": "hadera", "bet shemesh": "beit shemesh",
    "carmiel": "karmiel", "givataim": "givatayim", "tsfat": "tzfat", "zfat": "tzfat", "yavneh": "yavne",
    "ashdot": "ashdod", "beer shevah": "beer sheva", "be er sheva": "beer sheva",
    "חייפה": "haifa", "נתנייה": "netanya", "הרצלייה": "herzliya", "נהרייה": "nahariya", "כרמיל": "karmiel",
    "פתח תקוה": "petah tikva",
}  # fmt: skip
# «חיפא», «נתניא», «טבריא»: a Hebrew name ending in ה, typed with א, is the same place.
PLACE_ALIASES.update({names[1][:-1] + "א": key for key, names in PLACES.items() if names[1].endswith("ה")})
PLACE_PATTERNS = [
    (re.compile(PREFIX + re.escape(normalize(names[1])) + r"(?=\s|$)"), key) for key, names in PLACES.items()
] + [(re.compile(r"\b" + re.escape(key) + r"\b"), key) for key in PLACES] + [
    (re.compile(r"\b" + re.escape(alias) + r"\b" if alias.isascii() else PREFIX + re.escape(normalize(alias))
                + r"(?=\s|$)"), key)
    for alias, key in PLACE_ALIASES.items()
] + [
    # "בראשון", "לראשון": Rishon with a word of place; "הראשון" / "מהראשון" is "the first (one)", and "ביום ראשון"
    # is Sunday.
    (re.compile(r"(?:^|(?<=\s))ו?[בלמ]ראשונ(?=\s|$)"), "rishon"),
]  # fmt: skip
#: Every place at once: most messages name none, and one scan says so.
PLACE_SCREEN = re.compile("|".join(f"(?:{pattern.pattern})" for pattern, _ in PLACE_PATTERNS))
ORDINALS = [
    (cues("first", "1st", "former", "הראשון", "הראשונה", "ראשון", "ראשונה"), 1),  # "the former": the first of two
    (cues("second", "2nd", "השני", "השנייה", "השניה", "שני", "שנייה"), 2),
    (cues("third", "3rd", "השלישי", "השלישית", "שלישי"), 3),
    (cues("fourth", "4th", "הרביעי", "הרביעית", "רביעי"), 4),
    (cues("fifth", "5th", "החמישי", "החמישית"), 5),
    (cues("last", "latter", "האחרון", "האחרונה"), -1),  # "the latter": the last of two
]
NUMBER_REF = re.compile(r"(?:#|\bno\.?\s*|\bnumber\s*|מספר\s*|מס'?\s*)(\d{1,2})\b", re.IGNORECASE)
BARE_NUMBER = re.compile(r"^\s*#?(\d{1,2})\s*[.!?]?\s*$")
CODE = re.compile(r"(?<!\d)(\d{6})(?!\d)")
STOP = set(
    normalize(
        "do you have any is are there in stock the a an of for me please what whats what's tell about info "
        "information on is it available availability how much price can i get buy carry sell at your store pls plz thx "
        "pharmacy medication medicine drug pills tablets and or hi hello thanks stock left dosage warnings "
        "יש לכם לך את ה מה זה על ספר לי ספרי במלאי מלאי זמין זמינה אפשר להשיג בבקשה תרופה תרופות של כדור "
        "כדורים מידע מינון אזהרות שלום תודה אצלכם האם it this that them they its one "
        "זה זו אותו אותה אותם הוא היא הם שלו שלה שלהם שלי jerusalem tel aviv ירושלים תל אביב בירושלים בתל "
        "what about ומה לגבי "
        # Answers and request words around a follow-up ("yes, show me the equivalent"): never a name.
        "yes yeah yep yup sure ok okay show check see find give equivalent equivalents alternative alternatives "
        "substitute instead then too also כן בטח סבבה יאללה אוקיי תבדוק תבדקי תראה תראי תן תני תחליף תחליפים "
        "חלופה חלופות במקום גם "
        # A question about the product just talked about ("when will it be back?", "anything similar?", "is it
        # even in stock?", "מתי יגיע?", "משהו דומה?"): these words never name a medication, so the last one
        # is meant rather than a lookup of "when will be back" as a name.
        "when will be back arrive arriving come coming restock restocked expected even anything something "
        "similar now status מתי יגיע יגיעו תגיע יחזור תחזור יחזרו יהיה משהו דומה דומים בכלל עכשיו כרגע עדיין "
        "סטטוס "
        # "why not?", "למה אי אפשר?": a question about the last answer, never a name ("אי" of "אי אפשר").
        "why not how come reason למה מדוע אי הסיבה so request update news ready happened going אז בקשה עדכון חדש "
        "מוכן קרה המצב קורה "
        # "why can't I?", "למה אני לא יכול?": the words of a question about the last answer.
        "can't cant cannot couldn't couldnt with לא אני יכול יכולה עם "
        # Pronouns with a preposition ("עליו", "ממנו", "about it") and discourse words ("בעצם", "exactly"):
        # "ספר לי עליו" is about the product talked about last, never a lookup of "עליו".
        "עליו עליה עליהם עליהן ממנו ממנה מהם בו בה בהם לו לה להם איתו איתה איתם אתו אתה אותן "
        "בעצם בדיוק בכלל כאילו פשוט באמת exactly actually really basically just exact "
        # How much to take ("how much can I take a day?", "כמה מותר לקחת ביום?"): about the product in question.
        "take taking day daily per times many should ליטול לקחת לוקחים ביום יום פעמים מותר כמה "
        # Chat shorthand and words about the product in question ("whats similar that u have", "and max per
        # day", "what brands", "do i need one for those"): never a name.
        "u ur ya those these whatever side effects effect max maximum too limit מקסימום מקסימלי מקסימלית "
        "brand brands basically kind type types version "
        "איזה איזו אילו מותג מותגים סוג סוגים גרסה דבר "
        # Hesitations and "what do you mean?" ("רגע, יש בכלל במלאי?", "מה זאת אומרת?"): never a name.
        "wait hmm hold mean meaning רגע רגע. שניה שנייה זאת אומרת כלומר "
        # Store short forms and misspellings ("and jlm?", "ובירושליים", "ובת"א?"): a store, never a name.
        "jlm tlv ירושליים ירושלם תא "
        # A correction's own words ("no, I meant the generic one", "לא, התכוונתי…").
        "no nope nah meant mean sorry oops התכוונתי התכוונת גרסה גרסא סליחה נו "
        # Fact words of a question about the product just talked about ("does it need a prescription?", "is
        # there a generic?", "יש ממנו?", "כמה יש", "only 5?"): never a medication name.
        "does do need needs needed require requires required without prescription prescriptions rx otc counter "
        "over generic generics version cheaper brand same thing only how many much units ones fine ugh well "
        "will would should could ever get got back come comes available "
        "צריך צריכה צריכים מרשם מרשמים ללא בלי דורש דורשת גנרי גנרית רק כמה יחידות מגיע מגיעה חוזר חוזרת "
        "יחזור נשאר נשארו יותר זול זולה אפשר לקנות "
        # Asking for a product like the one in play ("anything identical?", "whats a replacement for it", "the
        # other one you mentioned", «יש משהו זהה/מקביל?», «אין משהו אחר במקום?», «שווה ערך»): its equivalents,
        # never a lookup of "identical" or «זהה» as a name.
        "identical alike replacement replacements replace replaced swap other another else option options "
        "alternate thats mentioned offered suggested from company companies maker makers manufacturer "
        "manufacturers "
        "זהה זהים זהות מקביל מקבילה מקבילים מקבילות אחר אחרת אחרים אחרות שווה ערך אופציה אופציות חלופי "
        "חלופית תחליפי להחליף כמוהו כמוה כמותו אמרת שאמרת הזכרת שהזכרת דיברת שדיברת הצעת שהצעת היה הייתה "
        "יצרן יצרנים חברות אליו אליה או קיים קיימת קיימים "
        # Resigned openers after a complaint ("whatever, any at least now?", "טוב יש עכשיו?"): never a name.
        "anyway anyways least alright טוב אוקי בסדר אחלה לפחות ובכל מקרה "
        # "is Augmentin the same? otherwise any generic?", «ואם לא»: a condition between two questions, never a name.
        "otherwise if unless ואם אם "
        # Calling for help, said after an urgent-care reply ("ok will call them. so acamol?"): never a name.
        "call calling called already way ill gonna אתקשר נתקשר מתקשר מתקשרת מתקשרים התקשרתי התקשרנו כבר בדרכ אנחנו "
        # A branch asked about ("any stores in Netanya?", "יש סניפים בחיפה?"): never a name.
        "store stores shop shops branch branches סניף סניפים "
        # Ordinary words of whole kinds of questions (a sweep of the free evals): a prescription's expiry, when
        # to collect or what to keep aside, signing in, "no, I asked…", hedges, the form or pack wanted. With
        # no name beside them, "when does it expire?" or «אבל יש במלאי?» is about the product in question.
        "expire expires expired expiring expiry expiration valid validity until till soon still yet "
        "pick pickup picked collect collecting grab tonight tomorrow today morning afternoon evening night "
        "weekend week next sunday monday tuesday wednesday thursday friday saturday hold aside keep reserve "
        "save put pack packs boxes couple "
        "log login logged sign signed signing verify identify myself code "
        "asked ask asking said typed misunderstood understand wrong mistake "
        "maybe perhaps but whether question quick bother bothering heard true bad has let to as two three "
        "causes cause drowsy drowsiness sleepy interact look go ahead ive sounds kids children here jlem dizengof "
        "syrup syrups drops liquid form forms capsule capsules caps big bigger large small smaller size "
        "תוקף בתוקף התוקף פג פגה יפוג תפוג נגמר עד עוד לאסוף איסוף לאיסוף אאסוף אוסף אוספת לבוא אבוא "
        "מחר הערב ערב בוקר צהריים לילה השבוע שבוע הבא ראשון שלישי רביעי חמישי שישי שבת "
        "תשמור תשמרי תשמרו לשמור תשים תשימי בצד תשריין תשרייני שריין לשריין חבילה חבילות קופסאות אריזות "
        "תחבר תחברי להתחבר מתחברים התחברות להזדהות מזדהים הזדהות תזהה תזהי לזהות תאמת תאמתי לאמת אימות "
        "קוד קיבלתי תעודת זהות תז חשבון "
        "שאלתי שאלת שואל שואלת ביקשתי אמרתי הבנת הבנתם טעיתי טעות הקלדה כתבתי אלא "
        "אולי אבל מבחינתי נכון נורא שאלה קטנה הטרדה מטריד מטרידה להטריד שמעתי מרדים מרדימה אותי רוצה איך "
        "שתי שתיים שלוש אותך אותכם אותנו אין במקומו עולה תגיד תגידי תוסיף תוסיפי ילדים פה מחיר משמין מחזיק "
        "סירופ טיפות כמוסות קפסולות טבליות נוזלי נוזלית גדול גדולה קטן קטנה "
    ).split()
)

# --- acknowledgements, thanks and goodbyes (questions.py) -------------------------------------------------------
# A message made only of these words answers nothing and asks nothing: it acknowledges the last answer, waves
# it off or closes the conversation. Each family is read apart: a goodbye closes, "never mind" / "no" waves
# off, a thanks thanks, a yes / ok / great acknowledges (and approves no action on its own).
_ACK_BYE = (
    "bye", "bye bye", "byebye", "goodbye", "good bye", "see you", "see ya", "cya", "later", "good night",
    "have a good day", "have a nice day", "have a good one", "have a great day", "take care", "thats all",
    "that is all", "thats it", "that is it", "thats everything", "nothing else", "nothing more", "im done",
    "i am done", "were done", "all good", "im good", "im all set", "all set",
    "ביי", "ביי ביי", "להתראות", "נתראה", "לילה טוב", "יום טוב", "יום נעים", "ערב טוב", "שבוע טוב", "שבת שלום",
    "זהו", "זהו זה", "זה הכל", "זה הכול", "זה מה שרציתי", "סיימתי", "אין עוד", "אין עוד משהו", "לא צריך עוד",
    "לא צריך יותר", "לא צריך עוד משהו", "זה מספיק", "מספיק",
)  # fmt: skip
_ACK_NVM = (
    "nvm", "never mind", "nevermind", "forget it", "forget about it", "doesnt matter", "it doesnt matter",
    "no worries", "no need", "no problem", "its fine", "its ok", "its okay",
    "עזוב", "עזבי", "עזבו", "עזוב את זה", "עזבי את זה", "לא משנה", "לא חשוב", "אין צורך", "אין בעיה", "זה בסדר",
    "לא נורא",
)  # fmt: skip
_ACK_NO = (
    "no", "nope", "nah", "no thanks", "no thank you", "not now", "not really", "not at the moment",
    "לא", "לא תודה", "לא צריך", "לא עכשיו", "לא כרגע", "ממש לא", "לא באמת",
)  # fmt: skip
_ACK_THANKS = (
    "thanks", "thank you", "thanks a lot", "thanks so much", "thank you so much", "thank u", "many thanks", "thx",
    "thanx", "tnx", "ty", "tysm", "cheers", "appreciate it", "much appreciated",
    "תודה", "תודה רבה", "תודה לך", "תודה רבה לך", "תנקס", "רבה", "תודה ענקית",
    # "אלף תודות", "thanks a million": thanks, never a name to look up.
    "אלף תודות", "תודות", "המון תודות", "המון תודה", "thanks a million", "a million thanks", "thanks heaps",
    # "thanks in advance", «תודה רבה מראש»: still only thanks (a question before them is answered, nlu.py).
    "thanks in advance", "thank you in advance", "thx in advance", "ty in advance", "thx a lot",
    "thanks a bunch", "thanks for the help", "thanks for your help", "thank you for your help",
    "תודה מראש", "תודה רבה מראש", "תודה על העזרה", "תודה רבה על העזרה",
)  # fmt: skip
_ACK_YES = (
    "yes", "yeah", "yep", "yup", "ya", "sure", "ok", "okay", "k", "kk", "okie", "alright", "all right", "fine",
    "got it", "gotcha", "understood", "i see", "noted", "right", "sounds good", "will do", "great", "cool",
    "nice", "perfect", "awesome", "excellent", "wonderful", "good", "very good", "good to know", "oh ok", "ah ok",
    "כן", "בטח", "אוקיי", "אוקי", "אוקיי אוקיי", "סבבה", "בסדר", "בסדר גמור", "הבנתי", "מובן", "נכון", "טוב",
    "יאללה", "אחלה", "יופי", "מעולה", "מצוין", "מצויין", "מושלם", "נהדר", "טוב לדעת", "טוב לשמוע", "קיבלתי",
    # Murmurs of assent ("mm-hmm", "uh huh", «אהא»): an acknowledgement, never a name to look up.
    "mm hmm", "mmhmm", "mhm", "mmhm", "mhmm", "uh huh", "uhuh", "aha", "ah ha", "sounds great", "sounds fine",
    "אהא", "אה הא", "אההה", "ממ", "מממ", "אוקיי אוקיי",
)  # fmt: skip
# Words that ride along with any of them ("oh ok then", "אה טוב אז תודה").
_ACK_FILLER = (
    "oh", "ah", "hmm", "um", "well", "so", "then", "and", "please", "אה", "אז", "או", "בבקשה", "ו",
    "in advance", "מראש",  # "thx in advance", «המון תודה מראש»
)  # fmt: skip


def _ack_words(*phrases: str) -> str:
    # Longest first, so "thank you so much" is taken whole before "thank you"; a Hebrew word may carry "ו".
    parts = []
    for phrase in sorted({normalize(p) for p in phrases}, key=len, reverse=True):
        parts.append(("ו?" if re.match(r"[\u05d0-\u05ea]", phrase) else "") + re.escape(phrase))
    return "|".join(parts)


#: The whole message is acknowledgement words (matched on normalised text).
ACK_ONLY = re.compile(
    r"^(?:(?:" + _ack_words(*_ACK_BYE, *_ACK_NVM, *_ACK_NO, *_ACK_THANKS, *_ACK_YES, *_ACK_FILLER) + r")(?: |$))+$"
)
ACK_BYE = cues(*_ACK_BYE)
ACK_NVM = cues(*_ACK_NVM)
ACK_NO = cues(*_ACK_NO)
ACK_THANKS = cues(*_ACK_THANKS)
#: "great, I'll come pick it up", "מעולה אני אבוא לקחת": the person will come to the store (a statement).
PICKUP = cues(
    "ill come", "i will come", "ill pick", "i will pick", "ill stop by", "ill drop by", "ill come by",
    "ill swing by", "ill pop in", "ill pop by", "ill get it", "ill grab it", "ill go get", "ill be there",
    "ill be right there", "im coming", "im on my way", "on my way", "ill head over", "gonna come", "gonna pick",
    "going to come", "going to pick", "ill collect", "ill get there",
    "אבוא", "אגיע", "אקפוץ", "אעבור", "אאסוף", "אני בדרך", "נבוא", "נגיע", "נקפוץ", "נעבור", "אלך לקחת",
    "ארד לקחת", "אבוא לאסוף", "אבוא לקחת",
)  # fmt: skip
