"""Hebrew cues of advice, diagnosis, comparison and personal-dosage requests, and of factual questions.

Patterns run over normalised text (final letters folded, geresh and punctuation gone) and are written
with ordinary final letters; :func:`pharmai.policy._rules.rule` folds them. ``P`` allows the prefix
letters that attach to a Hebrew word ("וכדאי", "שמתאים", "בהריון").
"""

from __future__ import annotations

import re

from pharmai.policy._rules import HE_PREFIX as P
from pharmai.policy._rules import Rule, fold, rule

__all__ = [
    "ADVICE_RULES",
    "DIAGNOSIS_CONTEXT",
    "FACTUAL",
    "LABEL",
    "MESSAGE_RULES",
    "PERSONAL",
    "PRODUCT_CLASS",
    "PURPOSE_RULES",
]

_VERB = r"(?:לקחת|ליטול|לתת|להשתמש|לשלב|לערבב|לשתות|להמשיך|להפסיק|לחצות|לנסות|להתחיל|לעבור)"
_INF_START = r"(?:לקחת|ליטול|לתת|להפסיק|להמשיך|לעבור|ללכת|להשתמש|לשלב|לנסות|להתחיל)"
_CAN = r"(?:אפשר|מותר|ניתן|יכול|יכולה|יכולים|יכולות|אוכל|נוכל)"
_PERSON = (
    r"(?:לי|לו|לה|לנו|להם|לך|בשבילי|בשבילו|בשבילה|עבורי|לילד|לילדה|לילדים|לתינוק|לתינוקת|"
    r"לפעוט|לבן|לבת|לגיל|לקשישים|למצב)"
)

ADVICE_RULES: tuple[Rule, ...] = (
    rule("kedai", "advice", rf"\b{P}כדאי\b"),
    rule(
        "recommend",
        "advice",
        rf"\b{P}(?:ממליץ|ממליצה|ממליצים|תמליץ|תמליצי|להמליץ|המלצה|המלצות|מציע|מציעה|מציעים|תציע|"
        rf"תציעי|מומלץ|טיפים|טיפ)\b",
    ),
    rule("suitable", "advice", rf"\b{P}(?:מתאים|מתאימה|מתאימים|מתאימות)\b"),
    rule("what_to_take", "advice", rf"\b(?:ו|וב|ב)?(?:מה|איזה|איזו|אילו)\b.{{0,30}}\b{_VERB}\b|\bמה לעשות\b"),
    rule("something_for", "advice", rf"\b{P}משהו (?:נגד|עבור|בשביל|ל(?!(?:גבי|יד|מחר|היום|ערב|בוקר|אחר)\b)\w+)"),
    rule("whether_to", "advice", rf"\bאם (?:כדאי )?{_INF_START}\b"),
    rule("right_for", "advice", rf"\b{P}(?:נכון|נכונה|הנכון|הנכונה) (?:ל|עבור|בשביל)\w*"),
    rule("can_take", "advice", rf"\b{P}{_CAN}\b.{{0,30}}\b{P}{_VERB}\b", weak=True),
    rule(
        "can_with",
        "advice",
        rf"\b{P}(?:אפשר|מותר)\b(?! ל\w+)(?: \w+){{0,3}} (?:עם|ביחד|יחד|אחרי|לפני|אם יש לי|" rf"בהריון|בהנקה)\b",
        weak=True,
    ),
    rule("can_med", "advice", r"\b(?:הוא|היא|אני|אתה|את|הם) (?:יכול|יכולה|יכולים) (?:גם \w+|(?!ל)\w+)\s*$", weak=True),
    rule("infinitive_question", "advice", rf"^(?:אז |האם |שאלה )?{_INF_START}\b"),
    # "שווה לנסות?" asks whether it is worth taking; "לא שווה כלום" says the bot is worthless.
    rule("safe", "advice", rf"\b{P}(?:בטוח|בטוחה|בטוחים|מסוכן|מסוכנת|מזיק|מזיקה|יזיק|רעיון טוב|שווה(?= ל| את| לי))\b"),
    rule("beseder", "advice", r"\bזה בסדר\b|\bבסדר (?:ל\w+|אם|עם|בשבילי|לי|בהריון)\b|\bזה רע\b"),
    rule(
        "will_help",
        "advice",
        rf"\b{P}(?:יעזור|יעזרו|עוזר|עוזרת|יפתור|ירפא)\b|\bמה (?:יכול|יכולה|יכולים) לעזור\b|" rf"\bמה עובד\b",
    ),
    rule(
        "good_for",
        "advice",
        # "טוב להתראות", "לילה טוב", "טוב לשמוע" are farewells and pleasantries, not "good for".
        rf"\b{P}(?:טוב|טובה|טובים)\b (?:ל(?!(?:התראות|ילה|שמוע)\b)|נגד|עבור|בשביל)\w*|\bהכי (?:טוב|טובה|"
        rf"בטוח|בטוחה|יעיל|"
        rf"יעילה|חזק|חזקה|עדין)\b",
    ),
    rule(
        "must_i",
        "advice",
        rf"\b{P}(?:צריך|צריכה|חייב|חייבת)\b (?:\w+ )?(?:{_VERB}|לסיים|אנטיביוטיקה|טיפול|תרופה|" rf"ללכת|לדאוג)\b",
    ),
    rule(
        "opinion",
        "advice",
        rf"\b(?:חושב|חושבת|חושבים) ש|\bמה (?:אתה|את|אתם) אומר|\bהיית (?:לוקח|לוקחת|בוחר|בוחרת|"
        rf"נותן|נותנת|עושה)\b|\bבמקומי\b|\b{P}מצב שלי\b|\bבגילי\b|\bלבחור\b|\bלדאוג\b",
    ),
    rule("pregnancy", "advice", rf"\b{P}(?:הריון|להריון|בהריון|מניקה|מניקות|הנקה|בהנקה|מיניקה)\b", weak=True),
    rule(
        "comparative",
        "comparison",
        rf"\b{P}(?:עדיף|עדיפה|עדיפים)\b|\bיותר (?:טוב|טובה|חזק|חזקה|יעיל|יעילה|מהר|עדין|עדינה|"
        rf"בטוח|בטוחה|מתאים|מתאימה)\b|\b(?:טוב|טובה|חזק|חזקה|יעיל|יעילה|בטוח|בטוחה) (?:יותר|"
        rf"כמו)\b",
    ),
    rule(
        "how_much",
        "personal_dosage",
        rf"\b(?:ו|ו?ש)?כמה\b(?! זמן לוקח).{{0,30}}\b{P}(?:{_VERB}|מותר|אפשר|אני|צריך|צריכה|לילד|"
        rf"לילדה|לתינוק|לתינוקת|לבן|לבת|לפעוט)\b",
        weak=True,
    ),
    rule("how_often", "personal_dosage", rf"\bכל כמה (?:זמן|שעות)\b.{{0,20}}\b{P}(?:{_CAN}|אני)\b", weak=True),
    rule(
        "dose_personal",
        "personal_dosage",
        rf"\b{P}(?:מינון|מנה)\b.{{0,20}}\b(?:{_PERSON}|לתת|הנכון|שלי)\b|\bמנה כפולה\b|"
        rf"\bפעמיים היום\b|\bיותר מדי\b|\bבבת אחת\b",
    ),
    rule(
        "diagnosis_question",
        "diagnosis",
        r"\bיכול להיות ש|\bזה נורמלי\b|\bסימן ל|\bמה קורה לי\b|\bלמה יש לי\b|\bויראלי\b|"
        r"\bחיידקי\b|\bאו סתם\b|\bנראה לי שיש לי\b|\bמה (?:זה )?יכול להיות\b|\bממה זה\b|"
        r"\bזה ממנו\b|\bיש לי\b.{0,20}\bאו\b",
    ),
)

#: A class of products named by what it treats («משככי כאבים», «כדורי שינה», «אנטיביוטיקה»), not the
#: person's own («האנטיביוטיקה שלי» is one they already take).
PRODUCT_CLASS = re.compile(
    fold(
        r"\b(?:ו|ה|ש|ב|ל|מ)?(?:משככי|משכך|משככת|משככות) (?:ה)?כאבים?\b|"
        r"\b(?:ו|ה|ש|ב|ל|מ)?(?:אנטיביוטיקה|אנטיביוטיקות|אנטיהיסטמינים|סטטינים|משלשלים|נוגדי דיכאון|"
        r"נוגדי חומצה|נוגדי דלקת|מדללי דם|מדלל דם|מורידי חום|מוריד חום)\b(?! של(?:י|ו|ה|נו)\b)|"
        r"\b(?:ו|ה|ש|ב|ל|מ)?(?:כדורי|כדורים|תרופות|סירופ|סירופים) (?:ל|נגד |ה)?(?:שינה|אלרגיה|אלרגיות|"
        r"שיעול|הצטננות|שפעת|צרבת|כולסטרול|סכרת|בחילה|בחילות|מיגרנה|שלשול|עצירות)\b(?! של(?:י|ו|ה|נו)\b)"
    )
)

#: A product asked for by its purpose ("מה יש לכם לצרבת?", "תראה לי תרופות לשיעול") is a recommendation.
#: Read only when no medication is named ("משהו דומה ללוסק" names the product to answer); "ללא מרשם",
#: "לכם", "לקנות" and the like are filters and verbs, not a purpose; "התרופה ל…" (definite) names one.
_NOT_PURPOSE = (
    r"א|לא|כם|ך|י|נו|ו|ה|קנות|מכירה|איסוף|גבי|הזמין|הזמנה|הציע|ראות|בדוק|קחת|יטול|תת|וקח|וקחת|וקחים|שלב|"
    r"קבל|מרשם\w*|סניף|משלוח|מבוגרים|ילדים|תינוקות|יד|אחר|מחר|היום|ערב|בוקר"
)
PURPOSE_RULES: tuple[Rule, ...] = (
    rule(
        "products_for",
        "purpose",
        rf"\b(?:ו|ש)?(?:תרופות|תרופה|מוצרים|מוצר|משהו|מה יש לכם|מה יש אצלכם|מה אתם מוכרים|מה יש)\b"
        rf"(?: (?!שווה|דומה|מקביל|זהה|חלופה|תחליף|כמו)\S+){{0,3}}? "
        rf"(?:נגד \w+|(?:עבור|בשביל) (?!(?:המרשם|מרשם|הסניף|סניף|איסוף|משלוח)\b)\w+|ל(?!(?:{_NOT_PURPOSE})\b)\w{{2,}})",
    ),
    rule("products_by_class", "purpose", PRODUCT_CLASS.pattern),
)

#: A symptom told in the message: with "is it…?" / "what is it?" the message asks a diagnosis.
DIAGNOSIS_CONTEXT = re.compile(
    fold(
        rf"\b{P}(?:פריחה|כאב|כאבים|כואב|כואבת|חום|שיעול|בחילה|בחילות|מסתובב|סחרחורת|נקודות|"
        rf"נפיחות|גרד|"
        rf"מגרד|שורף|שורפת|נזלת|שלשול|עייפות|דימום|צורבת|צריבה|נרדמת|נוקשה)\b"
    )
)
MESSAGE_RULES: tuple[Rule, ...] = (rule("symptom_question", "diagnosis", r"\bמה זה\s*$|\bזה (?:\w+ ){0,2}\w+\s*$"),)

#: The clause asks about printed label text: weak cues in it are facts, not advice.
LABEL = re.compile(fold(rf"\b{P}(?:עלון|תווית|כתוב|רשום|רשומות|רשומים|מודפס|לפי)\b"))

#: The clause asks a factual question the assistant answers from its tools.
FACTUAL = re.compile(
    fold(
        rf"\b{P}(?:מלאי|במלאי|זמין|זמינה|מחיר|עולה|עולים|פתוח|פתוחים|פתיחה|מרשם|מרשמים|עלון|"
        rf"תווית|חומר|רכיב|רכיבים|"
        rf"מכיל|חוזק|צורה|תופעות|אזהרות|אזהרה|מה זה|ספר|ספרי|חידוש|לחדש|תחליף|גנרי|אינטראקציה|"
        rf"סניף|שעות|יש לכם|"
        rf"מגיע|מוכרים|הרכב|מה יש|מינון|מינונים)\b"
    )
)

#: The message is about someone in particular (the writer, a relative, a child), not a general question:
#: a first-person word, a first-person past verb ("לקחתי") or a person.
PERSONAL = re.compile(
    fold(
        rf"\b{P}(?:אני|אנחנו|לי|שלי|אותי|בשבילי|עבורי|עליי|עלי|לנו|שלנו|הוא|היא|לו|לה|שלו|שלה|ילד|ילדה|ילדים|"
        r"בנ|בת|תינוק|תינוקת|אשתי|בעלי|אמא|אבא|הריונ|מניקה|מטופל|מטופלת|לדעתכ|ממליצ|תמליצ)\b|\b\w{2,}תי\b"
        rf"|\b{P}א(?:קח|תנ|שתמש|שלב|פסיק|משיכ|שתה|עשה|חכה|גיע)\b"
    )
)
