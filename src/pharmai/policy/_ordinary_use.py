"""Two readings that keep a model-only "emergency" from sticking to an ordinary medication question.

- "my mom takes Plavix and now they gave her Losec for heartburn", «לאמא שלי נתנו לוסק לצרבת והיא על פלביקס»:
  a medication given, prescribed or taken *for* a named everyday condition (heartburn, a headache, allergies,
  cholesterol, the thyroid…) describes a treatment, not an event. The trained model sometimes reads
  "heartburn" (צרבת) as a heart emergency; with no acute sign, no amount and no word of the mind in the
  message, that model-only emergency reading is not taken (:func:`given_for_an_ordinary_condition`; a
  model-only poison reading has its own, older gate in :mod:`._red_flag_gate`).
- "and what if she takes Nurofen with the Plavix?" right after an emergency reply: a new question about a pair
  of medications, asked about the future, is a request of its own and does not carry the emergency
  (:func:`asks_about_a_new_pair`). The engine still adds one line with the emergency number under it.
- "i need more of my thyroid pills", «התרופה שלי לכולסטרול כמו תמיד», «הכדורים שלי ללחץ דם נגמרו»: one's own
  medication asked for again, named by what it treats or "as usual", is an order. The model has read such
  messages as distress or even a poisoning (:func:`asks_for_own_medication`).

Both are narrow on purpose: a rule-detected red flag is never touched here (chest pain, can't breathe, a whole
box, suicidal words all keep theirs), and any acute word in the message keeps the model's reading too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pharmai.policy._red_flag_gate import names_an_amount, names_the_mind
from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize

__all__ = ["asks_about_a_new_pair", "asks_for_own_medication", "given_for_an_ordinary_condition"]

_PREFIX = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"

# Everyday conditions a medication is routinely given for. Never pain alone ("for the pain" may be chest pain),
# never an infection of the chest or the blood.
_CONDITION_EN = (
    r"(?:acid|heartburn|reflux|gerd|indigestion|stomach acid|ulcers?|headaches?|migraines?|allerg\w*|hay ?fever"
    r"|cholesterol|blood pressure|hypertension|thyroid|sinus\w*|colds?|flu|coughs?|sore throat|back|knees?"
    r"|arthritis|diabetes|sugar|acne|insomnia|sleep)"
)
_CONDITION_HE = (
    r"(?:צרבת|ריפלוקס|חומציות|קיבה|כיב|כאב\sראש|כאבי\sראש|מיגרנה|מיגרנות|אלרגיה|אלרגיות|כולסטרול|לחץ\sדם"
    r"|בלוטת\sהתריס|תריס|סינוס\S*|הצטננות|שפעת|שיעול|גרון|גב|ברכיים|ברך|סוכרת|סוכר|אקנה|נדודי\sשינה|שינה)"
)
# "for heartburn", "for her reflux", «לצרבת», «נגד ריפלוקס», «בשביל הצרבת».
_FOR_CONDITION = re.compile(
    r"\bfor (?:(?:her|his|my|the|a|an|their|your|its|some|acid) )?" + _CONDITION_EN + r"\b"
    "|" + fold(r"(?:^|(?<=\s))(?:ו?(?:בשביל|נגד|בגלל)\s(?:ה)?|ו?ל(?:ה)?)" + _CONDITION_HE + r"(?=\s|$)")
)
# A medication given, prescribed or taken: the condition is what it treats, not what is happening now.
_GIVEN = re.compile(
    r"\b(?:gave|given|give|prescribed|prescribe|put (?:her|him|me|them) on|started (?:her|him|me|them) on"
    r"|got|gets|takes|taking|took|uses|using|on)\b"
    "|" + fold(_PREFIX + r"(?:נתנו|נתן|נתנה|נותנים|רשמו|רשם|רשמה|קיבל\S*|מקבל\S*|לוקח\S*|נוטל\S*|על)(?=\s|$)")
)
# Any acute sign keeps the model's reading even beside an everyday condition (most of these are rule words
# already; this is a second fence). "blood pressure" is a condition, "blood" alone is not.
_ACUTE = re.compile(
    r"\b(?:chest|breath\w*|cant breathe|faint\w*|pass\w* out|unconscious|collaps\w*|seiz\w*|convuls\w*|bleed\w*"
    r"|blood(?! pressure| thinner)|vomit\w*|throw\w* up|confus\w*|swell\w*|swollen|rash|hives|dizz\w*|numb\w*"
    r"|slurr\w*|black|stool|severe|worst|sudden\w*|blue|pale|sweat\w*|palpitat\w*|racing|attack|stroke"
    r"|emergency|ambulance|urgent\w*|help|wont wake|not waking|not responding|unresponsive|got into|into my)\b"
    "|"
    + fold(
        _PREFIX + r"(?:חזה|נשימה|לנשום|נושם|נושמת|התעלפ\S*|מתעלפ\S*|עילפון|הכרה|פרכוס\S*|דימום|מדמם\S*|(?<!לחץ\s)דם"
        r"|הקאה|הקאות|הקיא\S*|מקיא\S*|בלבול|מבולבל\S*|נפיחות|נפוח\S*|התנפח\S*|פריחה|סחרחורת|מסוחרר\S*|נימול"
        r"|תחושה|שחור\S*|צואה|חמור\S*|פתאום|פתאומי\S*|מזיע\S*|הזעה|דופק|התקף|שבץ|חירום|אמבולנס|דחוף|כחול\S*"
        r"|חיוור\S*|עזרה|מתעורר\S*|מגיב\S*)(?=\s|$)"
    )
)


def given_for_an_ordinary_condition(text: str) -> bool:
    """Whether ``text`` names a medication given or taken for an everyday condition, and nothing acute.

    Args:
        text: The person's message.

    Returns:
        True when a verb of giving, prescribing or taking and "for <an everyday condition>" are both in it, and
        no acute sign, no amount or mistake, and no word of the mind is.
    """
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    if not (_FOR_CONDITION.search(norm) and _GIVEN.search(norm)):
        return False
    return not (_ACUTE.search(norm) or names_an_amount(text) or names_the_mind(text))


# "with the Plavix", "together", «עם הפלביקס», «ביחד»: the two named medications are asked about as a pair.
_PAIRED = re.compile(r"\b(?:with|together|plus|and)\b|" + fold(_PREFIX + r"(?:עם|יחד|ביחד|בשילוב)(?=\s|$)"))
# Past taking keeps the thread: "she took Advil with the Plavix" adds to what happened, asks nothing new.
_PAST_TAKING = re.compile(
    r"\b(?:took|taken|had|gave|swallowed|ate|drank|already)\b"
    "|" + fold(_PREFIX + r"(?:לקח|לקחה|לקחו|לקחתי|נטל|נטלה|בלע|בלעה|נתתי|נתנו|נתן|כבר)(?=\s|$)")
)


def asks_about_a_new_pair(text: str, spans: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether ``text`` asks a new question about two named medications together, with nothing acute in it.

    "and what if she takes Nurofen with the Plavix?", «אפשר לתת לה אדוויל יחד עם הפלביקס?». Not "she took Advil
    with the Plavix" (a past taking adds to the event), and not with any acute sign, amount or word of the mind.

    Args:
        text: The person's message, right after an emergency reply.
        spans: The medication names in ``text`` (character spans).
    """
    if not isinstance(text, str) or len(spans) < 2:
        return False
    norm = normalize(text)
    if not _PAIRED.search(norm) or _PAST_TAKING.search(norm) or _ACUTE.search(norm):
        return False
    return not (names_an_amount(text) or names_the_mind(text))


# Every word of _MED_EN and _MED_HE starts with one of these (normalised, finals folded).
_MED_STEMS = ("pill", "med", "tablet", "capsul", "prescri", "inhaler", "drops", "cream", "תרופ", "כדור", "טבלי",
              "קפסול", "מרשמ", "משאפ", "טיפות", "משח")  # fmt: skip
_MED_EN = r"(?:pills?|meds|medications?|medicines?|tablets|capsules|prescriptions?|inhaler|drops|cream)"
_MED_HE = r"(?:תרופה|תרופות|כדור|כדורים|כדורי|טבליות|קפסולות|מרשם|משאף|טיפות|משחה)"
# One's own medication: "my thyroid pills", "the usual blood pressure meds", "my pills for cholesterol",
# «התרופה שלי לכולסטרול», «הכדורים ללחץ דם שלי», «כדורי הכולסטרול שלי».
_OWN_MEDICATION = re.compile(
    r"\b(?:my|our|her|his|the usual|the regular) (?:usual |regular |monthly |daily |normal )?(?:\w+ ){0,3}"
    + _MED_EN
    + r"\b"
    + "|"
    + fold(_PREFIX + r"ה?" + _MED_HE + r"\s(?:\S+\s){0,3}שלי(?=\s|$)")
)
# What the medication is for, or that it is the usual one: it is a treatment being ordered, not an event.
_ROUTINE = re.compile(
    r"\b(?:"
    + _CONDITION_EN
    + r") (?:\w+ )?"
    + _MED_EN
    + r"\b|\bfor (?:my |the |her |his )?"
    + _CONDITION_EN
    + r"\b|\b(?:as usual|like always|like usual|the usual|as always|same as always|regular|monthly)\b"
    "|"
    + fold(
        r"(?:^|(?<=\s))(?:ו?(?:בשביל|נגד)\s(?:ה)?|ו?ל(?:ה)?|" + _MED_HE + r"\s(?:ה)?)" + _CONDITION_HE + r"(?=\s|$)"
        r"|כמו\sתמיד|כרגיל|(?:^|(?<=\s))ה(?:רגיל|רגילה|רגילים|קבוע|קבועה|קבועים)(?=\s|$)"
    )
)
# The words an order of one's own medication is made of, besides the medication and what it is for.
_ORDER_EN = (
    "i im ill id need needs want wanna would like to get order reorder pick up collect can could you u please pls plz"
    " more of some again a an the my our her his refill refills renew ran run running out finished gone no none left"
    " dont do have any hi hello hey thanks thank just and also is are it them for as always usual same was were"
    " new next batch supply soon today tomorrow ok okay yes"
)
_ORDER_WORDS = frozenset(
    _ORDER_EN.split()
    + fold(
        "אני אנחנו צריך צריכה צריכים רוצה רוצים עוד מה מ את לי לנו אפשר תזמינו תזמין תזמיני להזמין לקבל לאסוף"
        " בבקשה היי שלום הי נגמרו נגמר נגמרה נגמרו לי שוב ו גם יש לכם אין של כמו תמיד כרגיל תודה רגע כן מתי"
        " תחדשו תחדש לחדש חידוש את זה"
    ).split()
)
# A swallowing, a mistake or more than a dose keeps the model's reading (the fence of a poisoning).
_SWALLOWED = re.compile(
    r"\b(?:took|taken|swallow\w*|ate|eaten|too (?:many|much)|whole|all (?:of )?(?:my|the|his|her|their)"
    r"|double\w*|triple\w*|extra|accident\w*|by mistake|mistake\w*|overdos\w*|bottle|box|pack|strip|\d{2,}"
    r"|beers?|drinks|vodka|wine|alcohol|drunk)\b"
    + "|"
    + fold(
        _PREFIX + r"(?:לקח|לקחה|לקחו|לקחתי|בלע\S*|אכל\S*|יותר\sמדי|כל\sה\S*|בטעות|כפול\S*|חפיסה|קופסה"
        r"|אלכוהול|שתה|שתתה|שיכור\S*)(?=\s|$)|\d{2,}"
    )
)


def asks_for_own_medication(text: str) -> bool:
    """Whether ``text`` asks for one's own, routine medication again, with nothing acute in it.

    "i need more of my thyroid pills", "the usual blood pressure meds please", «התרופה שלי לכולסטרול כמו תמיד»,
    «הכדורים שלי ללחץ דם נגמרו». Not with any acute sign, word of the mind, swallowing, mistake or amount beyond
    a dose ("my son took all my blood pressure pills" keeps its reading).

    Args:
        text: The person's message.
    """
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    if not any(stem in norm for stem in _MED_STEMS):
        return False  # most messages name no medication word at all: one scan rules them out
    if not (_OWN_MEDICATION.search(norm) and _ROUTINE.search(norm)):
        return False
    if _ACUTE.search(norm) or _SWALLOWED.search(norm) or names_the_mind(text):
        return False
    # Nothing else may be said: "i need my usual pills, im done with everything" keeps the model's reading.
    rest = _ROUTINE.sub(" ", _OWN_MEDICATION.sub(" ", norm))
    return all(word in _ORDER_WORDS for word in rest.split())
