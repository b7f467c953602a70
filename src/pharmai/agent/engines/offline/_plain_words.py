"""Words of whole kinds of questions that never name a product, in English and Hebrew.

:func:`.nlu.remainder_query` keeps the words no request word explains, and a word kept is looked up as a
medication name. A sweep of the free evaluation messages still found five kinds looked up that way:

- symptoms ("fever", "sore throat", «שיעול», «גרון כואב»): a complaint, for the symptom flow;
- practical questions about a branch (parking, toilets, wheelchair access, a job, an umbrella left behind):
  for the branch to answer (:mod:`.branch_practical`);
- who it is for ("for my husband", "my 3 yo", "I'm a nurse", «לבעלי»): a person, never a name
  to look up;
- fillers and meal times ("mm-hmm", "sounds good", "before or after meals", «אלף תודות»);
- alcohol ("can I drink alcohol with Tramadex?", «טרמדקס ואלכוהול»): a question about taking the product
  (:mod:`.alcohol_question`).

Each is matched as a phrase on the normalised words (Hebrew prefix letters allowed), like the phrases of
:mod:`._not_names`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline._not_names import covered_by
from pharmai.text.normalize import normalize

__all__ = ["ALCOHOL", "BRANCH_TOPICS", "MEALS", "SYMPTOMS", "covered_plain", "only_symptoms", "plain_item"]


def _longest(*phrases: str) -> re.Pattern[str]:
    # Longest first, so "sore throat" or «שיעול יבש» is taken whole before "sore" or «שיעול».
    return c.cues(*sorted(phrases, key=len, reverse=True))


#: A complaint or a symptom, said alone or beside a product ("38.3 fever, can I take Optalgin?").
SYMPTOMS = _longest(
    "fever", "high fever", "temperature", "high temperature", "a temp", "cough", "coughing", "dry cough",
    "sore throat", "throat", "runny nose", "stuffy nose", "blocked nose", "congestion", "congested", "cold",
    "a cold", "flu", "headache", "headaches", "migraine", "stomach ache", "stomachache", "tummy ache", "diarrhea",
    "diarrhoea", "constipation", "constipated", "nausea", "nauseous", "vomiting", "throwing up", "heartburn",
    "rash", "itch", "itchy", "itching", "sneezing", "sneezes", "allergy", "allergies", "hay fever", "pain",
    "pains", "ache", "aches", "aching", "sore", "hurts", "hurting", "earache", "toothache", "back pain",
    "cramps", "period pain", "insomnia", "cant sleep", "dizzy", "dizziness", "chills", "sunburn", "sinus",
    "sinuses", "bloated", "bloating", "feel sick", "feeling sick", "sick", "ill", "unwell", "symptoms",
    "חום", "חום גבוה", "שיעול", "שיעול יבש", "משתעל", "משתעלת", "גרון", "גרון כואב", "כאב גרון", "כאבי גרון",
    "כואב", "כואבת", "כואבים", "כאב", "כאבים", "כאבי", "כאב ראש", "כאבי ראש", "כאב בטן", "כאבי בטן", "נזלת",
    "אף סתום", "אף נוזל", "סתום", "סתומה", "גודש", "צינון", "הצטננות", "מצונן", "מצוננת", "שפעת", "פריחה",
    "פורחת", "פורח", "גירוד", "גרד", "מגרד", "מגרדת", "בחילה", "בחילות", "הקאות", "מקיא", "מקיאה", "שלשול",
    "עצירות", "צרבת", "סחרחורת", "סחרחורות", "אלרגיה", "אלרגיות", "עיטושים", "מתעטש", "מתעטשת", "מיגרנה",
    "נדודי שינה", "צמרמורת", "צמרמורות", "תפוס", "תפוסה", "מתחיל", "מתחילה", "קצת", "חולה", "חולים",
    "לא מרגיש טוב", "לא מרגישה טוב", "סימפטומים", "תסמינים", "אוזן", "שיניים", "גב", "בטן", "ראש",
)  # fmt: skip

#: Practical questions about a branch that the pharmacy's data does not hold, by topic (see
#: :mod:`.branch_practical`): its premises, jobs there, things left behind there.
BRANCH_TOPICS = {
    "parking": _longest("parking", "park", "parking lot", "car park", "חניה", "חנייה", "חניון", "חניות", "לחנות ליד"),
    "toilets": _longest(
        "toilet", "toilets", "restroom", "restrooms", "bathroom", "bathrooms", "wc", "שירותים", "נוחיות",
    ),
    "access": _longest(
        "wheelchair", "wheelchairs", "wheelchair access", "accessible", "accessibility", "ramp", "elevator",
        "stroller", "נגישות", "נגיש", "נגישה", "כיסא גלגלים", "כסא גלגלים", "כיסאות גלגלים", "כסאות גלגלים", "רמפה",
        "מעלית", "עגלת תינוק",
    ),
    "jobs": _longest(
        "job", "jobs", "job opening", "job openings", "hiring", "vacancy", "vacancies", "career", "careers",
        "work for you", "work at your", "work there", "cv", "resume", "משרה", "משרות", "משרות פנויות", "משרה פנויה",
        "דרושים", "מגייסים", "קורות חיים", "לעבוד אצלכם", "לעבוד בסניף",
    ),
    "lost": _longest(
        "lost and found", "lost property", "umbrella", "wallet", "keys", "purse", "jacket", "coat", "scarf",
        "backpack", "gloves", "אבדות", "אבדות ומציאות", "מטריה", "מטרייה", "ארנק", "מפתחות", "מעיל", "צעיף", "תרמיל",
        "כפפות",
    ),
}  # fmt: skip
# Words around such a question ("did anyone find it?", «השארתי אתמול»): never a name either.
_BRANCH_AROUND = _longest(
    "left", "forgot", "lost", "found", "find", "anyone", "someone", "yesterday", "position", "positions",
    "opening", "openings", "assistant", "apply", "work", "access", "entrance", "lot", "space", "spaces",
    "שכחתי", "השארתי", "איבדתי", "מצא", "מצאו", "מישהו", "אתמול", "פנויות", "פנויה", "פנוי", "כניסה", "מקום",
    "לחנות", "עגלה", "לכיסאות", "גלגלים",
)  # fmt: skip

# Who the product is for: a relative, a carer, a child's age, a carer.
_PEOPLE = re.compile(
    r"\b(?:(?:for|to)\s+)?(?:(?:my|our|the|his|her|a)\s+)?(?:\d{1,2}\s*(?:yo|y/?o|yrs?|years?|months?|mo)"
    r"(?:\s*old)?\s*)?(?:husband|wife|partner|hubby|mom|mum|mother|mama|dad|father|papa|son|daughter|kid|kids|"
    r"child|baby|babies|toddler|infant|grandma|grandpa|grandmother|grandfather|granny|brother|sister|"
    r"neighbou?r|friend|nurse|nurses|doctor|carer|caregiver|nanny|boss|colleague|roommate|boyfriend|girlfriend|"
    r"aunt|uncle|parents?|patient|patients)s?\b|"
    r"\b(?:(?:my|our|a|the)\s+)?\d{1,2}\s*(?:yo|y/?o|yrs?|years?|months?|mo)(?:\s*old)?\b|"
    r"\bi\s*a?m\s+a\b|\bas\s+a\b|\b(?:me|my|our|us)\b|"
    + _longest(
        "בעלי", "אשתי", "בן הזוג", "בת הזוג", "בן זוגי", "בת זוגי", "אמא", "אבא", "אמי", "אבי", "הבן", "הבת", "בני",
        "בתי", "הילד", "הילדה", "הילדים", "ילד", "ילדה", "תינוק", "תינוקת", "התינוק", "התינוקת", "פעוט", "סבתא",
        "סבא", "אחי", "אחותי", "אחות", "האחות", "אחיות", "השכן", "השכנה", "שכן", "שכנה", "חבר", "חברה", "המטפלת",
        "מטפלת", "המטפל", "מטפל", "רופא", "רופאה", "הרופא", "הרופאה", "ההורים", "הורים", "שלי", "שלנו", "אני",
        "אנחנו",
    ).pattern
    + r"|(?:^|(?<=\s))[ול]?(?:בנ|בת)\s*\d{1,2}(?=\s|$)"
)  # fmt: skip

#: Meal times of a question about how to take a product ("before or after meals?", «לפני האוכל או אחריו?»).
MEALS = _longest(
    "before meals", "after meals", "with meals", "before or after meals", "before or after food", "with food",
    "before food", "after food", "before eating", "after eating", "empty stomach", "on an empty stomach",
    "meal", "meals", "food", "eating", "breakfast", "dinner", "lunch",
    "לפני הארוחה", "אחרי הארוחה", "אחרי האוכל", "לפני האוכל", "עם האוכל", "עם הארוחה", "על קיבה ריקה",
    "קיבה ריקה", "ארוחה", "הארוחה", "ארוחות", "אוכל", "האוכל", "אחריה", "אחריו", "לפניה", "לפניו", "לפני",
    "אחרי", "בולעים", "ההוראה", "ההוראות", "הרשמית", "הרשמי", "רשמי", "רשמית",
)  # fmt: skip
_MEAL_TIMES = re.compile(r"\b(?:before|after)\b(?=.*\b(?:meals?|food|eating|breakfast|dinner|lunch)\b)")

#: Alcohol, as in "can I drink alcohol with it?" / «מותר לשתות אלכוהול עם זה?».
ALCOHOL = _longest(
    "alcohol", "alcoholic", "booze", "beer", "beers", "wine", "wines", "vodka", "whiskey", "whisky", "a drink",
    "drinks", "drink", "drinking", "glass of wine", "a beer",
    "אלכוהול", "אלכוהוליים", "משקה", "משקאות", "יין", "בירה", "וודקה", "ויסקי", "לשתות", "שתייה", "שתיה",
    "כוס יין", "שילוב", "לשלב",
)  # fmt: skip
# Acknowledgements and fillers riding on a question ("sounds good, is that one prescription only?").
_FILLERS = re.compile(
    r"\b(?:mm+\s?hm+|m+hm+|uh\s?huh|uh\s?hu|ah\s?ha|sounds (?:good|great|fine)|good|great|cool|nice|perfect|"
    r"got it|okey|okie dokie|righto|noted)\b|"
    + _longest("אלף תודות", "תודות", "אלף", "מממ", "אהה", "אהא", "אחלה", "יופי", "מצוין", "מעולה", "סגור").pattern
)

_KINDS = (
    SYMPTOMS,
    *BRANCH_TOPICS.values(),
    _BRANCH_AROUND,
    _PEOPLE,
    MEALS,
    _MEAL_TIMES,
    ALCOHOL,
    _FILLERS,
)


def covered_plain(words: Sequence[str], kept: Sequence[int]) -> set[int]:
    """Of the positions ``kept`` (words no request word explains), those of the five kinds above.

    A symptom is dropped only beside another word that is kept: a message of complaint words alone
    ("sore throat", «שיעול») keeps them, so it still reads as a complaint (the symptom flow, never a
    "question about nothing"); beside a product ("fever 38, can I take Optalgin?") the product is looked up.
    """
    plain = covered_by(words, _KINDS[1:])
    symptoms = covered_by(words, (SYMPTOMS,))
    rest = [i for i in kept if i not in plain and i not in symptoms]
    return plain | (symptoms if rest else set())


def only_symptoms(words: Sequence[str], kept: Sequence[int]) -> bool:
    """The words ``kept`` (no request word explains them) are all words of a complaint ("fever", «גרון כואב»)."""
    symptoms = covered_by(words, (SYMPTOMS,))
    return bool(kept) and all(i in symptoms for i in kept)


def plain_item(item: str, text: str) -> bool:
    """An item of a list in ``text`` is only words of the kinds above ("fever", "alcohol", "before" meals)."""
    words = [word for word in text.split() if normalize(word)]
    plain = {normalize(words[index]) for index in covered_by(words, _KINDS)}
    item_words = [word for word in item.split() if normalize(word)]
    alone = covered_by(item_words, _KINDS)  # "ושיעול" is echoed as "שיעול": read on its own too
    return bool(item_words) and all(i in alone or normalize(w) in plain for i, w in enumerate(item_words))
