"""Slot values, follow-up contexts and line counts of the corpus generator (see ``generate.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ACTS",
    "CLOSINGS",
    "CONTEXTS",
    "EMAIL_DOMAINS",
    "EMAIL_USERS",
    "EMOJI_GRAVE",
    "EMOJI_PLAIN",
    "FILLERS",
    "FOLLOW_COUNTS",
    "HARD_COUNT",
    "HEAD_TAILS",
    "HERE",
    "INTENTS",
    "KIDS",
    "KID_SYMPTOMS",
    "MED_KINDS",
    "NAMES",
    "NOISE_SHARE",
    "PAIRS",
    "PAIR_COMBOS",
    "PREAMBLES",
    "PRICES",
    "PRODUCTS",
    "RED_COUNTS",
    "RELATIONS",
    "SEED",
    "SINGLE_COUNTS",
    "STORES",
    "SYMPTOMS",
    "TAIL_COMBOS",
    "Product",
]

SEED = 20261123
HERE = Path(__file__).resolve().parent

INTENTS = (
    "availability",
    "info",
    "price",
    "equivalents",
    "interaction",
    "list",
    "prescriptions",
    "refill_status",
    "refill_request",
    "other_rx",
    "handoff",
    "symptom",
    "advice",
    "identity",
    "greeting",
    "thanks",
    "help",
    "out_of_scope",
    "medication",
    "followup",
)
ACTS = ("new", "affirm", "deny", "affirm_content", "correction", "ellipsis")

# --------------------------------------------------------------------------------------------------
# The demo world
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Product:
    """One product of the demo catalog."""

    key: str
    en: str
    he: str
    gen_en: str | None
    gen_he: str | None
    strengths: tuple[str, ...]
    kinds: tuple[str, ...]


PRODUCTS = (
    Product("advil", "Advil", "אדוויל", "ibuprofen", "איבופרופן", ("200 mg",), ("otc", "pain")),
    Product("nurofen", "Nurofen", "נורופן", "ibuprofen", "איבופרופן", ("200 mg",), ("otc", "pain")),
    Product("nurofen_forte", "Nurofen Forte", "נורופן פורטה", "ibuprofen", "איבופרופן", ("400 mg",), ("otc", "pain")),
    Product("acamol", "Acamol", "אקמול", "paracetamol", "פרצטמול", ("500 mg",), ("otc", "pain")),
    Product("tylenol", "Tylenol", "טיילנול", "acetaminophen", "אצטמינופן", ("500 mg",), ("otc", "pain")),
    Product("zyrtec", "Zyrtec", "זירטק", "cetirizine", "צטיריזין", ("10 mg",), ("otc",)),
    Product("moxypen", "Moxypen", "מוקסיפן", "amoxicillin", "אמוקסיצילין", ("250 mg", "500 mg"), ("rx", "anti")),
    Product("glucophage", "Glucophage", "גלוקופאז'", "metformin", "מטפורמין", ("500 mg", "850 mg", "1000 mg"), ("rx",)),
    Product("zoloft", "Zoloft", "זולופט", "sertraline", "סרטרלין", ("50 mg", "100 mg"), ("rx", "ssri")),
    Product("coumadin", "Coumadin", "קומדין", "warfarin", "וורפרין", ("2.5 mg", "5 mg"), ("rx", "bleed")),
    Product("lipitor", "Lipitor", "ליפיטור", "atorvastatin", "אטורבסטטין", ("10 mg", "20 mg", "40 mg"), ("rx",)),
    Product("litorva", "Litorva", "ליטורבה", "atorvastatin", "אטורבסטטין", ("10 mg", "20 mg", "40 mg"), ("rx",)),
    Product("tramadex", "Tramadex", "טרמדקס", "tramadol", "טרמדול", ("50 mg", "100 mg"), ("rx", "tram")),
    Product("losec", "Losec", "לוסק", "omeprazole", "אומפרזול", ("20 mg",), ("otc",)),
    Product("plavix", "Plavix", "פלביקס", "clopidogrel", "קלופידוגרל", ("75 mg",), ("rx", "bleed")),
    Product("micropirin", "Micropirin", "מיקרופירין", "aspirin", "אספירין", ("75 mg", "100 mg"), ("otc", "bleed")),
    Product("claritine", "Claritine", "קלריטין", "loratadine", "לורטדין", ("10 mg",), ("otc",)),
    Product("optalgin", "Optalgin", "אופטלגין", "dipyrone", "דיפירון", ("500 mg",), ("pain",)),
    Product("eltroxin", "Eltroxin", "אלטרוקסין", "levothyroxine", "לבותירוקסין", ("50 mcg", "100 mcg"), ("rx",)),
    Product("klacid", "Klacid", "קלסיד", "clarithromycin", "קלריתרומיצין", ("250 mg", "500 mg"), ("rx", "anti")),
    Product("simovil", "Simovil", "סימוביל", "simvastatin", "סימבסטטין", ("10 mg", "20 mg", "40 mg"), ("rx",)),
    Product("augmentin", "Augmentin", "אוגמנטין", None, None, ("875 mg",), ("rx", "anti")),
)
MED_KINDS = ("m", "rx", "otc", "pain", "bleed", "ssri", "tram", "gen", "anti")

# (surface, store id, has a Hebrew article)
STORES = {
    "en": {
        "s1": [
            ("Tel Aviv", False),
            ("Dizengoff", False),
            ("the Dizengoff branch", False),
            ("the Tel Aviv branch", False),
            ("Dizengoff Street", False),
            ("TLV", False),
            ("the Dizengoff store", False),
        ],
        "s2": [
            ("Jerusalem", False),
            ("Jaffa Street", False),
            ("the Jerusalem branch", False),
            ("the Jaffa St branch", False),
            ("the Jaffa branch", False),
            ("Jlem", False),
        ],
        "unknown": [
            ("Haifa", False),
            ("Eilat", False),
            ("Netanya", False),
            ("Beer Sheva", False),
            ("Ashdod", False),
            ("Herzliya", False),
            ("Ramat Gan", False),
            ("Petah Tikva", False),
            ("Holon", False),
            ("Rishon LeZion", False),
        ],
    },
    "he": {
        "s1": [
            ("תל אביב", False),
            ("דיזנגוף", False),
            ("הסניף בדיזנגוף", True),
            ("סניף דיזנגוף", False),
            ('ת"א', False),
            ("הסניף בתל אביב", True),
            ("רחוב דיזנגוף", False),
        ],
        "s2": [
            ("ירושלים", False),
            ("רחוב יפו", False),
            ("הסניף בירושלים", True),
            ("סניף ירושלים", False),
            ("סניף יפו", False),
            ("י-ם", False),
            ("הסניף ברחוב יפו", True),
        ],
        "unknown": [
            ("חיפה", False),
            ("אילת", False),
            ("נתניה", False),
            ("באר שבע", False),
            ("אשדוד", False),
            ("הרצליה", False),
            ("רמת גן", False),
            ("חולון", False),
            ("פתח תקווה", False),
            ("ראשון לציון", False),
        ],
    },
}

# (surface, gender m/f/x, has a Hebrew article); x = either, chosen per line
RELATIONS = {
    "en": [
        ("my wife", "f", False),
        ("my husband", "m", False),
        ("my mother", "f", False),
        ("my mom", "f", False),
        ("my father", "m", False),
        ("my dad", "m", False),
        ("my neighbour", "x", False),
        ("my grandmother", "f", False),
        ("my grandpa", "m", False),
        ("my brother", "m", False),
        ("my sister", "f", False),
        ("my boyfriend", "m", False),
        ("my roommate", "x", False),
        ("my son", "m", False),
        ("my daughter", "f", False),
    ],
    "he": [
        ("אשתי", "f", False),
        ("בעלי", "m", False),
        ("אמא שלי", "f", False),
        ("אבא שלי", "m", False),
        ("הבן שלי", "m", True),
        ("הבת שלי", "f", True),
        ("השכן שלי", "m", True),
        ("השכנה שלי", "f", True),
        ("סבתא שלי", "f", False),
        ("סבא שלי", "m", False),
        ("אחי", "m", False),
        ("אחותי", "f", False),
        ("החבר שלי", "m", True),
        ("החברה שלי", "f", True),
        ("אמא", "f", False),
    ],
}
KIDS = {
    "en": [
        ("my son", "m", False),
        ("my daughter", "f", False),
        ("my baby", "x", False),
        ("my kid", "x", False),
        ("my toddler", "x", False),
        ("my 4 year old", "x", False),
        ("my little boy", "m", False),
        ("my little girl", "f", False),
    ],
    "he": [
        ("הבן שלי", "m", True),
        ("הבת שלי", "f", True),
        ("התינוק שלי", "m", True),
        ("התינוקת שלי", "f", True),
        ("הילד שלי", "m", True),
        ("הילדה שלי", "f", True),
        ("הקטן שלי", "m", True),
        ("הקטנה שלי", "f", True),
    ],
}
NAMES = {
    "en": [
        "Dana Levi",
        "Yossi Cohen",
        "Moshe Mizrahi",
        "Rina Friedman",
        "Avi Peretz",
        "Noa Shapira",
        "Tamar Katz",
        "Eli Ben David",
        "Miriam Azoulay",
        "Daniel Green",
    ],
    "he": [
        "דנה לוי",
        "יוסי כהן",
        "משה מזרחי",
        "רינה פרידמן",
        "אבי פרץ",
        "נועה שפירא",
        "תמר כץ",
        "אלי בן דוד",
        "מרים אזולאי",
        "דני גרין",
    ],
}
SYMPTOMS = {
    "en": [
        "a headache",
        "a runny nose",
        "a cough",
        "a sore throat",
        "a fever",
        "heartburn",
        "stomach pain",
        "hay fever",
        "a mosquito bite that itches",
        "a mild rash",
        "muscle pain",
        "a toothache",
        "diarrhea",
        "constipation",
        "nausea",
        "a stuffy nose",
        "period cramps",
        "back pain",
        "itchy eyes",
        "a cold sore",
    ],
    "he": [
        "כאב ראש",
        "נזלת",
        "שיעול",
        "כאב גרון",
        "חום",
        "צרבת",
        "כאבי בטן",
        "אלרגיה עונתית",
        "עקיצת יתוש שמגרדת",
        "פריחה קלה",
        "כאבי שרירים",
        "כאב שיניים",
        "שלשול",
        "עצירות",
        "בחילה",
        "אף סתום",
        "כאבי מחזור",
        "כאבי גב",
        "גרד בעיניים",
        "הרפס בשפה",
    ],
}
KID_SYMPTOMS = {
    "en": [
        "a fever",
        "a runny nose",
        "a cough",
        "an earache",
        "diarrhea",
        "diaper rash",
        "a sore throat",
        "lice",
        "a stuffy nose",
        "a mild fever of 38",
    ],
    "he": [
        "חום",
        "נזלת",
        "שיעול",
        "כאב אוזניים",
        "שלשול",
        "פריחת חיתולים",
        "כאב גרון",
        "כינים",
        "אף סתום",
        "חום של 38",
    ],
}
EMAIL_USERS = [
    "dana.levi",
    "yossi.c",
    "rina88",
    "moshe.m",
    "noa.shapira",
    "avi_p",
    "tamar.k",
    "eli.bd",
    "miri.a",
    "dgreen",
    "someone",
    "neighbor",
    "shira.b",
    "ron.t",
]
EMAIL_DOMAINS = ["example.com", "example.org", "mail.example.net"]
PRICES = ["19.90", "24.90", "29.90", "34.50", "12.90", "42.00", "17.50", "56.90"]

# --------------------------------------------------------------------------------------------------
# Templates
#
# An entry is "text", or "text ## intents" to override the category's intents, and for follow-ups
# "text ## intents @@ context-group". Slots: {m} {m2} {m3} any product, {rx} {otc} {pain} {bleed} {ssri}
# {tram} {anti} by kind, {gen} a generic name, {str} a strength of the last product, {store} {kstore}
# {ustore} any / known / unknown place, {rel} {kid} a person, {name} {email} {oemail} {phone} {ophone},
# {n} {bign} {age} {agem} numbers, {sym} {sym2} {ksym} symptoms, {price}. Hebrew prefixes: {ב:store}.
# [male|female] the speaker, <male|female> the bot addressed, [[male|female]] the person talked about.
# --------------------------------------------------------------------------------------------------


# Previous turns for follow-ups, by group: (customer message, what the assistant said)
CONTEXTS = {
    "en": {
        "yn_med": [
            (
                "do you have {m}?",
                "{m} is out of stock at the Dizengoff branch. Would you like me to look for an equivalent?",
            ),
            (
                "is {m} in stock in Jerusalem?",
                "Yes, {m} is in stock at the Jaffa Street branch. Should I reserve a pack for you?",
            ),
            ("how much is {m}?", "{m} costs {price} NIS. Do you want me to check if it's in stock?"),
            (
                "anything instead of {m}?",
                "There is a generic with the same active ingredient as {m}. Should I check whether it's in stock?",
            ),
            ("{m}?", "Do you want me to check the stock of {m}?"),
        ],
        "yn_refill": [
            ("please refill my {rx}", "I can submit a refill for {rx}. Shall I go ahead?"),
            ("can I refill {rx}?", "You have 2 refills left on {rx}. Do you want me to order one now?"),
        ],
        "yn_pharm": [
            (
                "I have a headache",
                "I can't give medical advice, but I can connect you to a pharmacist. Would you like that?",
            ),
            ("should I take {m}?", "That's a question for a pharmacist. Shall I transfer you to one?"),
        ],
        "verify": [
            (
                "show me my prescriptions",
                "To show your prescriptions I need to verify you. Can I send a code to your phone?",
            ),
            ("how many refills do I have left?", "I need to identify you first. Would you like to sign in?"),
        ],
        "stock": [
            ("do you have {m} at {kstore0}?", "Yes, {m} is in stock there ({n0} packs)."),
            ("is {m} in stock?", "{m} is in stock at the Dizengoff branch."),
            ("how much is {m}?", "{m} costs {price} NIS."),
            ("{m} {str0}?", "{m} {str0} is in stock at the Jaffa Street branch."),
        ],
        "list": [
            ("which painkillers do you have?", "In stock: Advil, Acamol and Optalgin."),
            ("what allergy medicines do you carry?", "We have Zyrtec, Claritine and cetirizine drops."),
            (
                "which of my prescriptions are active?",
                "You have active prescriptions for Glucophage, Lipitor and Eltroxin.",
            ),
        ],
        "wrong": [
            ("do you have {m}?", "{m2} is in stock at the Dizengoff branch ({n0} packs)."),
            ("how much is {m}?", "{m2} costs {price} NIS."),
            ("does {m} need a prescription?", "{m2} needs a prescription."),
        ],
        "wrong_store": [
            ("is {m} in stock near me?", "{m} is in stock at {kstore0}."),
            ("can I pick up {m} today?", "{m} can be picked up today at {kstore0}."),
        ],
    },
    "he": {
        "yn_med": [
            ("יש לכם {m}?", "{m} חסר במלאי בסניף דיזנגוף. לחפש לך תחליף?"),
            ("יש {m} בירושלים?", "כן, יש {m} במלאי בסניף ברחוב יפו. לשריין לך חבילה?"),
            ("כמה עולה {m}?", '{m} עולה {price} ש"ח. לבדוק אם יש במלאי?'),
            ("יש תחליף {ל:m}?", "יש גנרי עם אותו חומר פעיל. לבדוק אם הוא במלאי?"),
            ("{m}?", "לבדוק את המלאי של {m}?"),
        ],
        "yn_refill": [
            ("<תחדש|תחדשי> לי את {ה:rx}", "אני יכול להגיש חידוש {ל:rx}. להמשיך?"),
            ("אפשר לחדש {rx}?", "נשארו לך 2 חידושים {ל:rx}. להזמין אחד עכשיו?"),
        ],
        "yn_pharm": [
            ("יש לי כאב ראש", "אני לא יכול לתת ייעוץ רפואי, אבל אפשר להעביר אותך לרוקח. לחבר אותך?"),
            ("כדאי לי לקחת {m}?", "זו שאלה לרוקח. להעביר אותך אליו?"),
        ],
        "verify": [
            ("<תראה|תראי> לי את המרשמים שלי", "כדי להציג את המרשמים אני צריך לזהות אותך. לשלוח קוד לטלפון?"),
            ("כמה חידושים נשארו לי?", "קודם צריך לזהות אותך. רוצה להתחבר?"),
        ],
        "stock": [
            ("יש {m} {ב:kstore0}?", "כן, יש {m} במלאי שם ({n0} חבילות)."),
            ("יש {m} במלאי?", "יש {m} במלאי בסניף דיזנגוף."),
            ("כמה עולה {m}?", '{m} עולה {price} ש"ח.'),
            ("{m} {str0}?", "{m} {str0} במלאי בסניף ברחוב יפו."),
        ],
        "list": [
            ("אילו משככי כאבים יש לכם?", "במלאי: אקמול, אדוויל ואופטלגין."),
            ("אילו תרופות לאלרגיה יש?", "יש זירטק, קלריטין וטיפות צטיריזין."),
            ("אילו מרשמים פעילים יש לי?", "יש לך מרשמים פעילים לגלוקופאז', ליפיטור ואלטרוקסין."),
        ],
        "wrong": [
            ("יש לכם {m}?", "{m2} במלאי בסניף דיזנגוף ({n0} חבילות)."),
            ("כמה עולה {m}?", '{m2} עולה {price} ש"ח.'),
            ("{ה:m} צריך מרשם?", "{m2} דורש מרשם."),
        ],
        "wrong_store": [
            ("יש {m} קרוב אליי?", "יש {m} במלאי {ב:kstore0}."),
            ("אפשר לאסוף {m} היום?", "אפשר לאסוף {m} היום {ב:kstore0}."),
        ],
    },
}

PREAMBLES = {
    "en": [
        "Hi, ",
        "Hello, ",
        "Hey, ",
        "Good morning, ",
        "Excuse me, ",
        "Quick question: ",
        "Sorry to bother you, ",
        "Hi there! ",
        "Good evening, ",
    ],
    "he": [
        "שלום, ",
        "היי, ",
        "ערב טוב, ",
        "בוקר טוב, ",
        "סליחה, ",
        "שאלה קטנה: ",
        "היי, שאלה: ",
        "סליחה על ההפרעה, ",
        "שלום רב, ",
    ],
}
CLOSINGS = {
    "en": [" Thanks in advance.", " thanks in advance", " please", " 🙏"],
    "he": [" תודה מראש", " בבקשה", " 🙏", " תודה מראש!"],
}
EMOJI_PLAIN = ["🙂", "😊", "🙏", "💊", "😅", "🤔", "👍", "😩"]
EMOJI_GRAVE = ["😢", "🙏", "😰", "😭", "🆘"]
FILLERS = {"en": ["um", "uh", "umm", "like", "hmm"], "he": ["אממ", "אה", "כאילו", "אממממ", "רגע"]}

# Lines per category and language
SINGLE_COUNTS = {
    "availability": 92,
    "info": 82,
    "price": 44,
    "equivalents": 54,
    "interaction": 80,
    "list": 38,
    "prescriptions": 72,
    "refill_status": 62,
    "refill_request": 62,
    "other_rx": 74,
    "handoff": 38,
    "symptom": 56,
    "advice": 58,
    "identity": 45,
    "greeting": 26,
    "thanks": 26,
    "help": 26,
    "out_of_scope": 42,
    "medication": 38,
}
HARD_COUNT = 50
RED_COUNTS = {"rf_emergency": 56, "rf_poison": 50, "rf_distress": 50}
FOLLOW_COUNTS = {"fu_affirm": 30, "fu_deny": 28, "fu_affirm_content": 40, "fu_correction": 36, "fu_ellipsis": 40}
TAIL_COMBOS = 120
PAIR_COMBOS = 85
# a one-product head of intent X may be followed by a tail of these intents
HEAD_TAILS = {
    "availability": ["advice", "price", "info", "equivalents", "interaction"],
    "info": ["price", "availability", "advice"],
    "price": ["availability", "equivalents", "advice"],
    "equivalents": ["price", "availability"],
    "refill_request": ["availability", "price"],
    "refill_status": ["availability"],
}
# two whole templates of different intents
PAIRS = [
    ("availability", "price"),
    ("info", "price"),
    ("refill_request", "availability"),
    ("prescriptions", "refill_status"),
    ("refill_status", "refill_request"),
    ("identity", "prescriptions"),
    ("identity", "refill_status"),
    ("out_of_scope", "availability"),
    ("symptom", "availability"),
    ("availability", "equivalents"),
    ("info", "interaction"),
    ("price", "equivalents"),
    ("availability", "info"),
    ("identity", "refill_request"),
    ("availability", "advice"),
    ("symptom", "handoff"),
]
NOISE_SHARE = 0.40
