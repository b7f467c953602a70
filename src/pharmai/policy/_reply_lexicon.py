"""What the reply guard looks for in a reply: advice phrasing, refusals, the avoid warning, prescription
notes. Patterns run over one normalised sentence at a time.

Label text is written in the impersonal imperative ("Take with meals", "יש ליטול עם הארוחות") and must
pass untouched; advice is addressed to the person ("you should take", "כדאי לך", "אני ממליץ").
"""

from __future__ import annotations

import re

from pharmai.policy._rules import HE_PREFIX as P
from pharmai.policy._rules import any_of, fold

__all__ = ["ADVICE", "ADVICE_ANY", "AVOID_MARKER", "NOT_RX", "REFUSAL_MARKER", "RX_MARKER"]

_EN_VERBS = (
    r"(?:take|use|try|give|start|stop|switch|consider|go with|double|increase|reduce|"
    r"keep taking|continue taking|"
    r"be fine|be ok|be okay|be safe|be alright|buy|get some|choose|pick|combine|mix)"
)
_HE_VERBS = r"(?:לקחת|ליטול|לנסות|לשלב|לתת|להשתמש|להפסיק|להמשיך|לעבור|לבחור|לקנות)"
_HE_YOU = r"(?:לך|לכם|לכן|עבורך|עבורכם|בשבילך|בשבילכם)"

_ADVICE_EN = (
    r"\bi (?:would |d |strongly |really |personally )?(?:recommend|suggest|"
    r"advise)\b(?! (?:that you )?(?:speak|talk|ask|consult|contact|check with))",
    r"\bmy (?:recommendation|suggestion|advice) (?:is|would be)\b",
    r"\bi (?:would|d) (?:go with|take|use|choose|pick|give)\b",
    rf"\byou (?:should|ought to|had better|d better|might want to|may want to) (?!not\b|" rf"never\b){_EN_VERBS}\b",
    r"\byou (?:can|could|may) (?:safely |also |still |definitely )?(?:take|use|give|"
    r"combine|mix|try|double|increase)\b",
    r"\byes (?:you|it) (?:can|is|should)\b",
    r"\b(?:safe|fine|ok|okay|alright) (?:for you|for your|to take|to combine|" r"to use together|to give|to mix)\b",
    r"\b(?:is|are|s|its) (?:perfectly |completely |totally |generally |very )?safe\b(?! to say)",
    r"\b(?:better|best|safer|more effective|stronger|gentler|right) (?:choice|option|pick|" r"for you|for your)\b",
    r"\bthe (?:best|safest|strongest|right) (?:option|choice|medication|medicine|" r"painkiller|one|pick)\b",
    r"\b(?:should|will|would|could) (?:help|work) (?:you|your|with your|for you|for your|well)\b",
    r"\b(?:good|great|perfect) (?:for your|for you|choice|option)\b",
    r"\b(?:try|start) (?:taking|using|giving)\b",
    r"\bgo ahead and (?:take|use|give|combine)\b",
    r"\bno problem (?:taking|to take|combining|with taking)\b",
    r"\bgive (?:him|her|them|your (?:child|son|daughter|baby|kid|kids|toddler))\b",
    r"\b(?:you|your \w+) (?:probably |likely |most likely |might |may )?(?:have|has) (?:a |"
    r"an )?(?:infection|flu|cold|migraine|allergy|ulcer|strep|virus|\w+itis)\b",
    r"\bsounds like (?:you|a|an|it)\b",
    r"\bit (?:is|s) (?:probably|likely|most likely)\b",
)
_ADVICE_HE = (
    rf"\b{P}(?:ממליץ|ממליצה|ממליצים|מציע|מציעה|מציעים)\b(?! (?:ל|ש)?(?:פנות|להתייעץ|לשאול|" rf"לדבר|תפנו|תתייעצו))",
    rf"\b{P}(?:כדאי|מומלץ) (?:{_HE_YOU}|{_HE_VERBS})\b",
    rf"\b(?:אתה|את|אתם|אתן) (?:יכול|יכולה|יכולים|יכולות) (?:בהחלט |בבטחה )?{_HE_VERBS}\b",
    rf"(?<!לא )(?<!אין )\b(?:אפשר|ניתן|מותר) (?:בהחלט |בבטחה )?{_HE_VERBS} (?:\w+ )?(?:יחד|" rf"ביחד)\b",
    rf"\b(?:זה|זו|היא|הוא|הן|הם) (?:בטוח|בטוחה|בטוחים|בסדר|מתאים|מתאימה) (?:{_HE_YOU}|" rf"{_HE_VERBS}|יחד|ביחד)\b",
    rf"(?<!לא )\bבטוח (?:{_HE_VERBS}|{_HE_YOU})\b",
    rf"\b{P}(?:מתאים|מתאימה|מתאימים|עדיף|עדיפה|טובה יותר|טוב יותר) {_HE_YOU}\b",
    rf"\b{P}(?:עדיף|עדיפה) (?:{_HE_VERBS}|את)\b",
    r"\b(?:הבחירה|האפשרות) (?:הטובה|הכי טובה|המתאימה|הבטוחה)\b",
    rf"\b(?:יעזור|תעזור|יעזרו|יועיל|תועיל) {_HE_YOU}\b",
    r"\b(?:קח|קחי|קחו|תיקח|תיקחי|תקחי|תקח|תנסה|תנסי|נסה|נסי|תני לו|תני לה|תן לו|" r"תן לה)\b(?! בחשבון)",
    r"\b(?:נשמע|נראה|כנראה) (?:ש|שיש|שזו|שזה|כמו)",
    r"\bיש (?:לך|לכם) (?:כנראה )?(?:דלקת|שפעת|זיהום|אלרגיה|מיגרנה|אולקוס|וירוס)\b",
)

#: A sentence giving advice, in either language.
ADVICE = tuple(re.compile(fold(pattern)) for pattern in _ADVICE_EN + _ADVICE_HE)
#: All of :data:`ADVICE` in one pattern: a reply is checked sentence by sentence, and one scan per
#: fragment instead of one per pattern was most of the guard's time.
ADVICE_ANY = any_of(ADVICE)

#: The reply already refuses advice (its own words or the policy's refusal).
REFUSAL_MARKER = re.compile(
    fold(
        r"\bmedical advice\b|\b(?:cant|cannot|can not|unable to|not able to|wont|dont) (?:give|"
        r"provide|offer|"
        r"recommend|advise|assess|diagnose|say which|tell you how much|tell you which|compare|"
        r"suggest)\b|"
        r"\bייעוץ רפואי\b|\b(?:אינני יכול|אינני יכולה|איני יכול|לא אוכל|אין באפשרותי|"
        r"אינני רשאי|אינני רשאית)\b"
    )
)

#: The explicit "cannot be taken together" warning.
AVOID_MARKER = re.compile(
    fold(
        r"\b(?:cannot|can not|cant|must not|mustnt|may not) be (?:taken|used|"
        r"combined)(?: \w+){0,3} together\b|"
        r"\b(?:cannot|can not|cant|must not|mustnt|may not) be (?:taken|used|combined) (?:with|"
        r"alongside)\b|"
        r"\b(?:לא ניתן|אין|אסור) (?:ליטול|לקחת|לשלב)\b.{0,60}\b(?:יחד|ביחד|עם)\b"
    )
)

#: A sentence saying something needs a prescription, and one saying it does not.
RX_MARKER = re.compile(fold(r"\bprescriptions?\b|\brx\b|\bמרשם\b|\b[בלמה]מרשם\b"))
NOT_RX = re.compile(
    fold(
        r"\b(?:no|without a|without|not require a|not need a|doesnt require a|doesnt need a|"
        r"does not require a|"
        r"does not need a) prescription\b|\bover the counter\b|\botc\b|\bnon rx\b|"
        r"\b(?:ללא|בלי|אינה דורשת|אינו דורש|לא דורשת|לא דורש|לא צריך|לא צריכה|לא נדרש) מרשם\b"
    )
)
