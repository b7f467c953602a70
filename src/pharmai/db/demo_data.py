"""The facts of the demo pharmacy (``docs/demo-world.md``), as plain data.

Label texts are neutral, label-level facts in both languages; none recommends anything beyond asking a
pharmacist or doctor. Day offsets are relative to the clock's today when the world is seeded.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "GENERICS",
    "INGREDIENTS",
    "INGREDIENT_ALIASES",
    "INTERACTIONS",
    "PATIENTS",
    "PENDING_REFILLS",
    "PRESCRIPTIONS",
    "PRODUCTS",
    "PRODUCT_ALIASES",
    "STORES",
    "GenericRow",
    "PrescriptionRow",
    "ProductRow",
]

STORES = [
    ("s1", "Tel Aviv – Dizengoff", "תל אביב – דיזנגוף", True),
    ("s2", "Jerusalem – Jaffa Street", "ירושלים – רחוב יפו", False),
]

INGREDIENTS = [
    ("ibuprofen", "Ibuprofen", "איבופרופן"),
    ("paracetamol", "Paracetamol", "פרצטמול"),
    ("cetirizine", "Cetirizine", "צטיריזין"),
    ("amoxicillin", "Amoxicillin", "אמוקסיצילין"),
    ("metformin", "Metformin", "מטפורמין"),
    ("sertraline", "Sertraline", "סרטרלין"),
    ("warfarin", "Warfarin", "וורפרין"),
    ("atorvastatin", "Atorvastatin", "אטורבסטטין"),
    ("tramadol", "Tramadol", "טרמדול"),
    ("omeprazole", "Omeprazole", "אומפרזול"),
    ("clopidogrel", "Clopidogrel", "קלופידוגרל"),
    ("aspirin", "Aspirin (acetylsalicylic acid)", "אספירין"),
    ("loratadine", "Loratadine", "לורטדין"),
    ("metamizole", "Metamizole (dipyrone)", "מטמיזול"),
    ("levothyroxine", "Levothyroxine", "לבותירוקסין"),
    ("clarithromycin", "Clarithromycin", "קלריתרומיצין"),
    ("simvastatin", "Simvastatin", "סימבסטטין"),
    ("clavulanic_acid", "Clavulanic acid", "חומצה קלבולנית"),
]

# Other names people use for an ingredient: (ingredient_id, text, language).
INGREDIENT_ALIASES = [
    ("paracetamol", "Acetaminophen", "en"),
    ("paracetamol", "אצטמינופן", "he"),
    ("paracetamol", "פאראצטמול", "he"),
    ("paracetamol", "APAP", "en"),
    ("metamizole", "Metamizole", "en"),
    ("metamizole", "Dipyrone", "en"),
    ("metamizole", "Metamizol", "en"),
    ("metamizole", "דיפירון", "he"),
    ("aspirin", "Aspirin", "en"),
    ("aspirin", "Acetylsalicylic acid", "en"),
    ("aspirin", "חומצה אצטילסליצילית", "he"),
    ("amoxicillin", "Amoxycillin", "en"),
    ("warfarin", "ורפרין", "he"),
    ("levothyroxine", "Thyroxine", "en"),
    ("levothyroxine", "תירוקסין", "he"),
]


class GenericRow(NamedTuple):
    generic_id: str
    ingredient_ids: tuple[str, ...]
    name_en: str
    name_he: str
    dosage_en: str
    dosage_he: str
    warnings_en: str
    warnings_he: str


_ASK = "Ask a pharmacist or doctor before use if you take other medicines."
_ASK_HE = "אם נוטלים תרופות אחרות, יש להתייעץ עם רוקח/ת או רופא/ה לפני השימוש."
_RX = "As prescribed by your doctor; follow the prescription label."
_RX_HE = "לפי הוראות הרופא/ה; יש לפעול לפי התווית שעל המרשם."

GENERICS = [
    GenericRow(
        "ibuprofen",
        ("ibuprofen",),
        "Ibuprofen",
        "איבופרופן",
        "Take 200–400 mg every 4–6 hours as needed; no more than 1,200 mg a day without a doctor.",
        '200–400 מ"ג כל 4–6 שעות לפי הצורך; לא יותר מ-1,200 מ"ג ביום ללא הוראת רופא.',
        "Do not use if you are allergic to NSAIDs (such as aspirin or ibuprofen). Do not use if you have "
        "stomach ulcers or stomach bleeding. " + _ASK,
        "אין להשתמש במקרה של רגישות ל-NSAIDs (כגון אספירין או איבופרופן). אין להשתמש במקרה של כיב קיבה "
        "או דימום בקיבה. " + _ASK_HE,
    ),
    GenericRow(
        "paracetamol",
        ("paracetamol",),
        "Paracetamol",
        "פרצטמול",
        "500–1,000 mg every 4–6 hours as needed; no more than 4,000 mg in 24 hours.",
        '500–1,000 מ"ג כל 4–6 שעות לפי הצורך; לא יותר מ-4,000 מ"ג ב-24 שעות.',
        "Contains paracetamol: do not take with other products that contain paracetamol. Liver damage "
        "is possible above the maximum daily dose or with regular alcohol use. " + _ASK,
        "מכיל פרצטמול: אין ליטול יחד עם תכשירים אחרים המכילים פרצטמול. חריגה מהמינון היומי המרבי או "
        "שתיית אלכוהול קבועה עלולות לגרום נזק לכבד. " + _ASK_HE,
    ),
    GenericRow(
        "cetirizine",
        ("cetirizine",),
        "Cetirizine",
        "צטיריזין",
        "Adults: 10 mg once a day, as on the label.",
        'מבוגרים: 10 מ"ג פעם ביום, לפי התווית.',
        "May cause drowsiness; be careful when driving. Avoid alcohol. " + _ASK,
        "עלול לגרום לישנוניות; יש להיזהר בנהיגה. יש להימנע מאלכוהול. " + _ASK_HE,
    ),
    GenericRow(
        "amoxicillin",
        ("amoxicillin",),
        "Amoxicillin",
        "אמוקסיצילין",
        _RX,
        _RX_HE,
        "Do not use if you are allergic to penicillin. Complete the course as prescribed.",
        "אין להשתמש במקרה של רגישות לפניצילין. יש להשלים את הטיפול כפי שנרשם.",
    ),
    GenericRow(
        "metformin",
        ("metformin",),
        "Metformin",
        "מטפורמין",
        _RX,
        _RX_HE,
        "Take with meals. Tell your doctor before tests with contrast dye or surgery. Avoid heavy alcohol use.",
        "יש ליטול עם הארוחות. יש לעדכן את הרופא/ה לפני בדיקות עם חומר ניגוד או ניתוח. יש להימנע משתיית אלכוהול מרובה.",
    ),
    GenericRow(
        "sertraline",
        ("sertraline",),
        "Sertraline",
        "סרטרלין",
        _RX,
        _RX_HE,
        "Do not stop suddenly without your doctor. Tell your doctor or pharmacist about every other "
        "medicine you take, including pain relievers.",
        "אין להפסיק בבת אחת ללא הרופא/ה. יש לעדכן את הרופא/ה או הרוקח/ת על כל תרופה אחרת שנוטלים, כולל משככי כאבים.",
    ),
    GenericRow(
        "warfarin",
        ("warfarin",),
        "Warfarin",
        "וורפרין",
        _RX,
        _RX_HE,
        "Bleeding risk. Regular INR blood tests are required. Many medicines and foods change its "
        "effect; ask a pharmacist before taking anything new.",
        "סיכון לדימום. נדרשות בדיקות INR קבועות. תרופות ומזונות רבים משנים את השפעתו; יש לשאול רוקח/ת "
        "לפני נטילת כל דבר חדש.",
    ),
    GenericRow(
        "atorvastatin",
        ("atorvastatin",),
        "Atorvastatin",
        "אטורבסטטין",
        _RX,
        _RX_HE,
        "Report unexplained muscle pain or weakness to your doctor. Avoid large amounts of grapefruit juice.",
        "יש לדווח לרופא/ה על כאבי שרירים או חולשה לא מוסברים. יש להימנע מכמויות גדולות של מיץ אשכוליות.",
    ),
    GenericRow(
        "tramadol",
        ("tramadol",),
        "Tramadol",
        "טרמדול",
        _RX,
        _RX_HE,
        "May cause drowsiness and dependence. Do not drink alcohol. Do not drive until you know how it affects you.",
        "עלול לגרום לישנוניות ולתלות. אין לשתות אלכוהול. אין לנהוג עד שידוע כיצד התרופה משפיעה עליך.",
    ),
    GenericRow(
        "omeprazole",
        ("omeprazole",),
        "Omeprazole",
        "אומפרזול",
        _RX,
        _RX_HE,
        "Swallow the capsule whole before a meal. " + _ASK,
        "יש לבלוע את הכמוסה בשלמותה לפני הארוחה. " + _ASK_HE,
    ),
    GenericRow(
        "clopidogrel",
        ("clopidogrel",),
        "Clopidogrel",
        "קלופידוגרל",
        _RX,
        _RX_HE,
        "Bleeding risk. Tell any doctor or dentist that you take it before a procedure.",
        "סיכון לדימום. יש לעדכן כל רופא/ה או רופא/ת שיניים שנוטלים אותו לפני טיפול.",
    ),
    GenericRow(
        "aspirin",
        ("aspirin",),
        "Aspirin",
        "אספירין",
        "Low dose: 75 mg once a day, as directed by a doctor.",
        'מינון נמוך: 75 מ"ג פעם ביום, לפי הוראת רופא.',
        "Do not use if you are allergic to aspirin or other NSAIDs, or have stomach ulcers. Not for children "
        "under 16. " + _ASK,
        "אין להשתמש במקרה של רגישות לאספירין או ל-NSAIDs אחרים, או במקרה של כיב קיבה. לא לילדים מתחת לגיל "
        "16. " + _ASK_HE,
    ),
    GenericRow(
        "loratadine",
        ("loratadine",),
        "Loratadine",
        "לורטדין",
        "Adults: 10 mg once a day, as on the label.",
        'מבוגרים: 10 מ"ג פעם ביום, לפי התווית.',
        "Rarely causes drowsiness. " + _ASK,
        "לעיתים רחוקות גורם לישנוניות. " + _ASK_HE,
    ),
    GenericRow(
        "metamizole",
        ("metamizole",),
        "Metamizole (dipyrone)",
        "מטמיזול",
        "500–1,000 mg up to 4 times a day as needed, as on the label.",
        '500–1,000 מ"ג עד 4 פעמים ביום לפי הצורך, לפי התווית.',
        "Rarely causes a serious drop in white blood cells: stop and seek medical help if fever, sore "
        "throat or mouth sores appear. Do not use if allergic to metamizole.",
        "לעיתים נדירות גורם לירידה חמורה בתאי הדם הלבנים: יש להפסיק ולפנות לעזרה רפואית אם מופיעים חום, "
        "כאב גרון או פצעים בפה. אין להשתמש במקרה של רגישות למטמיזול.",
    ),
    GenericRow(
        "levothyroxine",
        ("levothyroxine",),
        "Levothyroxine",
        "לבותירוקסין",
        _RX,
        _RX_HE,
        "Take on an empty stomach, at the same time each day. Calcium and iron supplements reduce absorption.",
        "יש ליטול על קיבה ריקה, באותה שעה בכל יום. תוספי סידן וברזל מפחיתים את הספיגה.",
    ),
    GenericRow(
        "clarithromycin",
        ("clarithromycin",),
        "Clarithromycin",
        "קלריתרומיצין",
        _RX,
        _RX_HE,
        "Interacts with many medicines, including some statins and blood thinners. Complete the course as prescribed.",
        "מגיב עם תרופות רבות, כולל חלק מהסטטינים ומדללי הדם. יש להשלים את הטיפול כפי שנרשם.",
    ),
    GenericRow(
        "simvastatin",
        ("simvastatin",),
        "Simvastatin",
        "סימבסטטין",
        _RX,
        _RX_HE,
        "Report unexplained muscle pain or weakness to your doctor. Avoid grapefruit juice.",
        "יש לדווח לרופא/ה על כאבי שרירים או חולשה לא מוסברים. יש להימנע ממיץ אשכוליות.",
    ),
    GenericRow(
        "amoxicillin_clavulanate",
        ("amoxicillin", "clavulanic_acid"),
        "Amoxicillin + clavulanic acid",
        "אמוקסיצילין + חומצה קלבולנית",
        _RX,
        _RX_HE,
        "Do not use if you are allergic to penicillin. Take at the start of a meal.",
        "אין להשתמש במקרה של רגישות לפניצילין. יש ליטול בתחילת הארוחה.",
    ),
]


class ProductRow(NamedTuple):
    med_id: str
    brand_en: str
    brand_he: str
    generic_id: str
    form: str
    strength: str
    ingredient_strengths: tuple[str, ...]
    rx_required: bool
    stock: tuple[tuple[int, int | None], tuple[int, int | None]]  # (qty, restock ETA day offset) s1, s2


PRODUCTS = [
    ProductRow("m001", "Advil", "אדוויל", "ibuprofen", "tablet", "200 mg", ("200 mg",), False, ((0, 7), (40, None))),
    ProductRow(
        "m002", "Nurofen", "נורופן", "ibuprofen", "tablet", "200 mg", ("200 mg",), False, ((85, None), (60, None))
    ),
    ProductRow(
        "m003",
        "Nurofen Forte",
        "נורופן פורטה",
        "ibuprofen",
        "tablet",
        "400 mg",
        ("400 mg",),
        False,
        ((30, None), (0, None)),
    ),
    ProductRow(
        "m004", "Acamol", "אקמול", "paracetamol", "tablet", "500 mg", ("500 mg",), False, ((150, None), (120, None))
    ),
    ProductRow(
        "m005", "Tylenol", "טיילנול", "paracetamol", "tablet", "500 mg", ("500 mg",), False, ((5, None), (20, None))
    ),
    ProductRow(
        "m006", "Zyrtec", "זירטק", "cetirizine", "tablet", "10 mg", ("10 mg",), False, ((200, None), (50, None))
    ),
    ProductRow("m007", "Moxypen", "מוקסיפן", "amoxicillin", "capsule", "500 mg", ("500 mg",), True, ((0, 10), (0, 12))),
    ProductRow(
        "m008", "Glucophage", "גלוקופאז'", "metformin", "tablet", "850 mg", ("850 mg",), True, ((120, None), (80, None))
    ),
    ProductRow("m009", "Zoloft", "זולופט", "sertraline", "tablet", "50 mg", ("50 mg",), True, ((60, None), (30, None))),
    ProductRow("m010", "Coumadin", "קומדין", "warfarin", "tablet", "5 mg", ("5 mg",), True, ((50, None), (25, None))),
    ProductRow("m011", "Lipitor", "ליפיטור", "atorvastatin", "tablet", "20 mg", ("20 mg",), True, ((0, 5), (10, None))),
    ProductRow(
        "m012", "Litorva", "ליטורבה", "atorvastatin", "tablet", "20 mg", ("20 mg",), True, ((40, None), (40, None))
    ),
    ProductRow(
        "m013", "Tramadex", "טרמדקס", "tramadol", "capsule", "50 mg", ("50 mg",), True, ((20, None), (10, None))
    ),
    ProductRow("m014", "Losec", "לוסק", "omeprazole", "capsule", "20 mg", ("20 mg",), True, ((70, None), (30, None))),
    ProductRow(
        "m015", "Plavix", "פלביקס", "clopidogrel", "tablet", "75 mg", ("75 mg",), True, ((30, None), (15, None))
    ),
    ProductRow(
        "m016", "Micropirin", "מיקרופירין", "aspirin", "tablet", "75 mg", ("75 mg",), False, ((90, None), (60, None))
    ),
    ProductRow(
        "m017", "Claritine", "קלריטין", "loratadine", "tablet", "10 mg", ("10 mg",), False, ((8, None), (30, None))
    ),
    ProductRow(
        "m018", "Optalgin", "אופטלגין", "metamizole", "tablet", "500 mg", ("500 mg",), False, ((100, None), (70, None))
    ),
    ProductRow(
        "m019",
        "Eltroxin",
        "אלטרוקסין",
        "levothyroxine",
        "tablet",
        "100 mcg",
        ("100 mcg",),
        True,
        ((45, None), (20, None)),
    ),
    ProductRow(
        "m020", "Klacid", "קלסיד", "clarithromycin", "tablet", "500 mg", ("500 mg",), True, ((25, None), (10, None))
    ),
    ProductRow(
        "m021", "Simovil", "סימוביל", "simvastatin", "tablet", "20 mg", ("20 mg",), True, ((35, None), (20, None))
    ),
    ProductRow(
        "m022",
        "Augmentin",
        "אוגמנטין",
        "amoxicillin_clavulanate",
        "tablet",
        "875/125 mg",
        ("875 mg", "125 mg"),
        True,
        ((15, None), (10, None)),
    ),
]

# Other names of products (spelling variants people type): (med_id, text, language).
PRODUCT_ALIASES = [
    ("m017", "Claritin", "en"),
    ("m017", "קלריטן", "he"),
    ("m004", "Acamol 500", "en"),
    ("m008", "גלוקופג", "he"),
    ("m018", "אופטלגין 500", "he"),
    ("m005", "טילנול", "he"),
]

INTERACTIONS = [
    (
        "warfarin",
        "ibuprofen",
        "avoid",
        "NSAIDs such as ibuprofen add to warfarin's bleeding risk.",
        "נוגדי דלקת שאינם סטרואידים (כמו איבופרופן) מגבירים את סיכון הדימום של וורפרין.",
    ),
    (
        "warfarin",
        "aspirin",
        "avoid",
        "Combined anticoagulant and antiplatelet effect: bleeding risk.",
        "שילוב של נוגד קרישה ומעכב טסיות: סיכון לדימום.",
    ),
    (
        "sertraline",
        "tramadol",
        "avoid",
        "Risk of serotonin syndrome and seizures.",
        "סיכון לתסמונת סרוטונין ולפרכוסים.",
    ),
    (
        "clopidogrel",
        "omeprazole",
        "avoid",
        "Omeprazole reduces the activation of clopidogrel.",
        "אומפרזול מפחית את ההפעלה של קלופידוגרל.",
    ),
    (
        "simvastatin",
        "clarithromycin",
        "avoid",
        "Raised simvastatin levels: risk of muscle damage.",
        "עלייה ברמות סימבסטטין: סיכון לנזק לשרירים.",
    ),
    (
        "warfarin",
        "paracetamol",
        "caution",
        "Regular use of paracetamol can raise INR.",
        "שימוש קבוע בפרצטמול עלול להעלות את ה-INR.",
    ),
    ("warfarin", "clarithromycin", "caution", "INR increases have been reported.", "דווחו עליות ב-INR."),
    ("sertraline", "ibuprofen", "caution", "Added risk of stomach bleeding.", "סיכון מוגבר לדימום בקיבה."),
    (
        "ibuprofen",
        "aspirin",
        "caution",
        "Ibuprofen can blunt aspirin's antiplatelet effect.",
        "איבופרופן עלול להחליש את השפעת האספירין על הטסיות.",
    ),
    ("atorvastatin", "clarithromycin", "caution", "Raised atorvastatin levels.", "עלייה ברמות אטורבסטטין."),
]

PATIENTS = [
    ("u001", "Noa Cohen", "נועה כהן", "noa.cohen@example.com", "052-000-0001"),
    ("u002", "David Cohen", "דוד כהן", "david.cohen@example.com", "050-123-4567"),
    ("u003", "Yossi Levi", "יוסי לוי", "yossi.levi@example.com", "054-765-4321"),
    ("u004", "Maya Shapiro", "מאיה שפירא", "maya.shapiro@example.com", "053-111-2222"),
    ("u005", "Dana Mizrahi", "דנה מזרחי", "dana.mizrahi@example.com", "058-333-4444"),
    ("u006", "Amir Haddad", "אמיר חדאד", "amir.haddad@example.com", "052-555-6666"),
    ("u007", "Rivka Friedman", "רבקה פרידמן", "rivka.friedman@example.com", "050-777-8888"),
    ("u008", "Omer Katz", "עומר כץ", "omer.katz@example.com", "054-999-0000"),
    ("u009", "Lior Ben-David", "ליאור בן דוד", "lior.bendavid@example.com", "053-246-8100"),
    ("u010", "Tamar Azulay", "תמר אזולאי", "tamar.azulay@example.com", "058-135-7900"),
]


class PrescriptionRow(NamedTuple):
    presc_id: str
    user_id: str
    med_id: str
    status: str
    refills_left: int
    expires_in_days: int
    prescribed_days_ago: int


PRESCRIPTIONS = [
    PrescriptionRow("p101", "u001", "m009", "active", 3, 180, 30),
    PrescriptionRow("p001", "u002", "m007", "active", 2, 90, 20),
    PrescriptionRow("p002", "u002", "m008", "active", 5, 200, 40),
    PrescriptionRow("p003", "u002", "m011", "expired", 1, -30, 395),
    PrescriptionRow("p004", "u002", "m014", "completed", 0, 60, 120),
    PrescriptionRow("p201", "u003", "m010", "active", 4, 120, 60),
    PrescriptionRow("p202", "u003", "m015", "active", 0, 60, 90),
    PrescriptionRow("p501", "u005", "m013", "cancelled", 2, 60, 45),
    PrescriptionRow("p502", "u005", "m019", "active", 2, 10, 355),
    PrescriptionRow("p601", "u006", "m012", "active", 6, 300, 15),
    PrescriptionRow("p602", "u006", "m021", "active", 1, 45, 100),
    PrescriptionRow("p701", "u007", "m008", "active", 1, 30, 150),
    PrescriptionRow("p801", "u008", "m020", "completed", 0, 20, 25),
    PrescriptionRow("p901", "u009", "m009", "active", 2, 150, 50),
    PrescriptionRow("p1001", "u010", "m019", "expired", 3, -5, 370),
]

# (refill_id, presc_id, store_id, created days ago, ready in days)
PENDING_REFILLS = [("r-demo-p901", "p901", "s1", 1, 1)]
