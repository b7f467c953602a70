"""Complaints: about the assistant ("this bot is useless") and about the pharmacy's service ("Advil was out
again", "I waited an hour", "the staff were rude", "זה כבר פעם שנייה").

The trained model reads such a message as a symptom, a request for advice, or even distress; it is none of
them. It gets an apology and what the assistant can do (never a medical-advice refusal, never "I can only
help with pharmacy questions"). A complaint about the assistant that names a medication ("the Acamol is
useless for my headache") is not one: it is about the medication, and stays a referral. A service complaint
may name one ("you told me Nurofen was in stock and there was nothing"): the stock is then answered too.

A message that also speaks of the body or of the person's state of mind ("out of my inhaler again and I
can't breathe", "נמאס לי מהחיים") is never a service complaint here: the health words win, always.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize
from pharmai.text.prefilter import search  # exact: skips a big alternation that cannot match

__all__ = ["is_complaint", "is_service_complaint", "names_a_service_failure", "names_health"]

_EN = (
    "useless", "not helpful", "unhelpful", "not helping me", "waste of time", "stupid bot", "dumb bot", "this bot",
    "you don't understand", "you dont understand", "you're not understanding", "doesnt understand",
    "doesn't understand", "can't find anything", "cant find anything", "ridiculous",
)  # fmt: skip
_HE = (
    "חסר תועלת", "חסרת תועלת", "בזבוז זמן", "בוט", "צ'אטבוט", "לא מבין כלום", "לא מבינה כלום", "אתה לא מבין",
    "את לא מבינה", "אי אפשר למצוא כלום", "לא מוצא כלום", "לא מוצאת כלום",
)  # fmt: skip
_PATTERN = re.compile(
    "|".join(
        [
            *(rf"\b{re.escape(normalize(p))}\b" for p in _EN),
            *(rf"(?:^|(?<=\s))[ושה]?{re.escape(normalize(p))}(?=\s|$)" for p in _HE),
        ]
    )
)

_P = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"  # Hebrew prefix letters before a word

# A concrete failure of the pharmacy's service: a product promised and missing, a wait, rude staff. These
# alone may overrule a red flag that only the model reads (see :mod:`._red_flag_gate`).
_SERVICE_EN = (
    r"\b(?:you|they|u|someone|somebody|the (?:site|app|website|bot|system))\b(?: \w+){0,3} "
    r"(?:told|said|showed|promised|claimed)\b.{0,50}\b(?:in stock|available|was there|in the store)\b",
    # Never "there was no effect": only nothing on the shelf.
    r"\bthere was (?:nothing|none)\b|\bthere was no (?:stock|more|one there)\b",
    r"\b(?:they|you|the store|the branch) (?:didnt|did not) have\b",
    # Never "is out of stock" alone: "what is out of stock?", "which ones are out of stock" ask for a listing.
    r"\b(?:again|always) (?:out of stock|sold out|out)\b|\b(?:you|they) were (?:all )?out of\b",
    r"\b(?:was|were) (?:all )?(?:out of stock|sold out|out)\b.{0,30}\b(?:again|when (?:i|we) (?:went|came|got there|"
    r"arrived)|by the time)\b",
    # Never "the app logged me out again": only stock is out again.
    r"\b(?:out of stock|sold out|(?:was|were|is|are|its) (?:all )?out) again\b",
    r"\bnever (?:in stock|have (?:it|anything))\b|\bempty shelf\b",
    # Never "should I wait a few hours between them?": only a wait that happened.
    r"\b(?:waited|been waiting|was waiting|were waiting)\b.{0,25}\b(?:an hour|hours|minutes|forever|ages|so long|"
    r"too long)\b|\b(?:queue|line) was\b",
    r"\b(?:staff|pharmacist|cashier|employee|worker|clerk|guy|woman|lady|man|girl|people|service)\b"
    r"(?: \w+){0,3} (?:was|were|is|are)? ?(?:so |very |really )?"
    r"(?:rude|impolite|unhelpful|nasty|unprofessional|disrespectful|awful|terrible|horrible)\b",
    r"\b(?:yelled|shouted) at (?:me|us)\b|\bignored (?:me|us)\b|\b(?:bad|terrible|awful|horrible|poor) service\b",
    r"\bcame all the way\b|\b(?:went|drove|walked) (?:there|all the way)\b.{0,40}\b(?:nothing|none|out|didnt|no \w+)\b",
    # Nobody answers, days of waiting for an order or a call: the service, not the body ("alone", "lonely" and
    # "nobody cares" are words of the mind in _HEALTH_EN, and keep any red flag).
    r"\b(?:nobody|no one|noone)\s(?:ever\s)?(?:answers|answered|replies|replied|responds|responded|picks up"
    r"|picked up|returns|returned)\b|\b(?:been )?waiting (?:for )?(?:a|one|two|three|four|five|\d+|several|many)"
    r" (?:days?|weeks?)\b|\bstill waiting for (?:my|the|a|an) (?:order|refill|prescription|medication|meds|call"
    r"|callback|answer|reply)\b",
)  # fmt: skip
_SERVICE_HE = (
    # Never a bare "כתוב ש…": "בעלון כתוב שיש…" asks what the leaflet says.
    # Only stock promised by the pharmacy: "אמרו לי שיש לי צרבת" (a diagnosis) or "אמרת שיש תופעות לוואי" never.
    r"(?:אמרתמ|אמרת|הבטחתמ|כתבתמ|(?:באתר|באפליקציה) (?:היה )?כתוב)\s(?:\S+\s){0,4}"
    r"(?:במלאי|זמינ|זמינה|בסניפ|ש?יש\s\S+\s(?:ב\S+|אצלכמ))",
    r"לא היה (?:כלומ|במלאי|להמ|בסניפ|שמ|אפ אחד)|לא היה לכמ|אינ (?:לכמ )?אפ פעמ|אפ פעמ אינ",
    # "שוב נגמר האדוויל" is the store's stock; "שוב נגמר לי" is the person's own supply (a refill, not a complaint).
    r"(?:שוב|תמיד|כל פעמ)\s(?:\S+\s)?(?:אינ|נגמר|נגמרה|נגמרו|חסר|חסרה|חסרימ|אזל|אזלה|אזלו|לא היה|לא במלאי)(?!\sלי)",
    r"(?:נגמר|נגמרה|נגמרו|אזל|אזלה|אזלו|חסר|חסרה)\s(?!לי\s)(?:\S+\s)?שוב",
    r"(?:חיכיתי|המתנתי|חיכינו|המתנו)\s(?:\S+\s){0,2}(?:בתור|בסניפ|בבית המרקחת|שעה|שעתיימ|חצי שעה|המונ זמנ|נצח)"
    r"|תור (?:ארוכ|של שעה)|שעה בתור",
    r"גס(?:ת|י|ות)? רוח|חצופ|חצופה|לא אדיב|לא אדיבה|צעק(?:ה|ו)? עלי|התעלמ(?:ה|ו)? ממני|זלזול|מזלזל\S*",
    r"(?:שירות|יחס)\s(?:\S+\s){0,2}(?:גרוע|נוראי|מחפיר|מזלזל|על הפנימ|זוועה|מבאס)",
    r"באתי (?:עד|בשביל כלומ|סתמ|לחינמ)|עשיתי (?:את כל )?הדרכ|סתמ באתי|נסעתי (?:עד|בשביל)",
    # «לא עונים לי», «אף אחד לא חוזר אליי», «כבר שבוע אני מחכה»: nobody answers, days of waiting.
    r"(?:אפ אחד )?לא (?:עונימ|עונה|ענו|ענה|חוזר|חוזרימ|חזרו|חזר|מתקשר|מתקשרימ|התקשרו|התקשר)(?= |$)",
    r"כבר (?:שבוע|שבועיימ|יומיימ|חודש|\S+ ימימ)(?: שלמ)? (?:אני )?(?:מחכה|ממתינ|ממתינה|מחכימ|לא)(?= |$)",
)  # fmt: skip
# Upset words with no concrete failure: an apology, never a refusal, but never enough to drop a red flag.
_UPSET_EN = (
    r"\b(?:second|third|fourth|2nd|3rd|4th|fifth) time\b|\bnot the first time\b|\bevery (?:single )?time\b",
    r"\bagain and again\b|\bunacceptable\b|\boutrageous\b|\bridiculous\b|\bi want to (?:complain|file a complaint)\b",
    r"\b(?:a|my|file a|make a) complaint\b|\bwasted? (?:my|a|the) (?:time|trip|day|morning)\b|\bfor nothing\b",
    r"\bdisappointed\b|\bwhat a (?:joke|mess)\b|\bthis is a joke\b",
    r"\b(?:so |really |very )?annoying\b|\bfed up\b|\bfrustrat\w*|\bunbelievable\b|\bthis is (?:insane|absurd|crazy)\b",
    r"\b(?:you|you guys|they) still (?:dont|do not|havent|have not)\b|\bpromised\b.{0,40}\b(?:would|will|to) be "
    r"(?:in|here|back|ready)\b",
)  # fmt: skip
_UPSET_HE = (
    r"פעמ (?:ה)?(?:שניה|שנייה|שלישית|רביעית)|(?:לא|זו לא) (?:ה)?פעמ (?:ה)?ראשונה|שוב ושוב|כל פעמ מחדש",
    r"מגוחכ|מגוחכת|לא יאומנ|בושה|חוצפה|שערוריה|שערורייה|לא מקובל|מזעזע|להתלוננ|תלונה|מאוכזב|מאוכזבת",
    r"בזבזתי|בשביל כלומ|איזה בלאגנ",
    r"מקוממ|מעצבנ|מתסכל|מתסכלת|לא רציני|עדיינ אינ לכמ",
)  # fmt: skip
# The body or the mind: when these are said too, the message is about health, whatever else it says.
_HEALTH_EN = (
    r"\b(?:pain|pains|painful|hurt|hurts|hurting|ache|aches|aching|sick|ill|unwell|dizzy|faint\w*|breath\w*|"
    r"chest|heart|bleed\w*|blood|vomit\w*|throw\w* up|threw up|fever|rash|swell\w*|swollen|allerg\w*|reaction|"
    r"seizure\w*|unconscious|collaps\w*|confused|headache|migraine|cough\w*|nause\w*|die|dying|dead|death|"
    r"suicid\w*|kill|harm|overdos\w*|swallow\w*|poison\w*|hopeless|worthless|pointless|anymore|emergency|"
    r"ambulance|hospital|er|worse|attack|numb\w*|weak|shaking|symptoms?|cant go on|give up|end it|live|living|"
    r"passed out|blacked out|alone|lonely|nobody cares|no one cares|"
    r"alive|life|suffer\w*|struggling|desperate|scared|panic\w*|depress\w*|anxi\w*|too many|took|taken|"
    r"take|taking|dose|dosage|mg|"
    r"stomach|belly|head|throat|skin|eyes?|ears?|"
    # "when is it back?", "get it back": a restock, not the body's back.
    r"(?<!it )(?<!its )(?<!be )(?<!come )(?<!comes )(?<!coming )(?<!arrive )back|"
    r"legs?|arms?|tooth|teeth|nose|kidneys?|liver|body|feel|"
    r"feeling|felt|"
    r"whole (?:bottle|box|pack|packet|strip))\b"
)
_HEALTH_HE = (
    r"כאב|כאבי|כואב|כואבת|חולה|סחרחורת|מסוחרר|סחרחר|התעלפ|עילפונ|נשימה|לנשומ|נושמ|נושמת|חזה|לב|דימומ|מדממ|"
    r"דמ|הקאה|הקאות|מקיא|מקיאה|חומ|פריחה|נפיחות|נפוח|נפוחה|אלרגי|אלרגיה|תגובה|פרכוס|מבולבל|מבולבלת|שיעול|"
    r"בחילה|בחילות|למות|מת|מתה|להתאבד|לפגוע|לגמור|מנת יתר|בלע|בלעה|רעל|הרעלה|חיימ|לחיות|חירומ|אמבולנס|מדא|"
    r"בית חולימ|מיונ|החמיר|החמירה|התקפ|נימול|חולשה|רועד|רועדת|סובל|סובלת|פחד|מפחד|מפחדת|חרדה|דיכאונ|"
    r"לא (?:יכול|יכולה) יותר|אינ טעמ|מיואש|מיואשת|נמאס לי מה|יותר מדי|לקחתי|לקח|לקחה|בלעתי|לקחת|ליטול|מינונ|מג|"
    r"בטנ|ראש|גרונ|עור|עינ|עיניימ|אוזנ|גב|רגל|שנ|שיניימ|כליות|כבד|גופ|מרגיש|מרגישה|הרגשתי|הרגיש|לבד|בודד|בודדה"
)

# "I waited an hour after the Acamol", "should I wait between them?": about timing a dose, never a complaint.
_TIMING = re.compile(r"\b(?:after|before|between)\b|" + _P + r"(?:אחרי|לפני|בינ)(?=\s|$)")
_SERVICE = re.compile("|".join([*_SERVICE_EN, *(_P + fold(p) for p in _SERVICE_HE)]))
_UPSET = re.compile("|".join([*_UPSET_EN, *(_P + fold(p) for p in _UPSET_HE)]))
_HEALTH = re.compile(_HEALTH_EN + "|" + _P + "(?:" + fold(_HEALTH_HE) + r")(?=\s|$)")


def is_complaint(text: str, names_a_medication: bool = False) -> bool:
    """Whether ``text`` complains about the assistant (and names no medication).

    Args:
        text: The person's message.
        names_a_medication: The catalog found a medication name in it (then the complaint is about that).
    """
    return isinstance(text, str) and not names_a_medication and _PATTERN.search(normalize(text)) is not None


def names_a_service_failure(text: str) -> bool:
    """Whether ``text`` names a concrete service failure (a product promised and missing, a wait, rude staff)
    and says nothing about the body or the mind.

    Narrower than :func:`is_service_complaint`: only this may overrule a red flag that the model alone reads.
    """
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    return search(_SERVICE, norm) is not None and search(_HEALTH, norm) is None and search(_TIMING, norm) is None


def is_service_complaint(text: str) -> bool:
    """Whether ``text`` complains about the pharmacy's service, and says nothing about health.

    "you told me Nurofen was in stock and there was nothing", "this is the second time", "the staff were
    rude", "חיכיתי שעה בסניף", "זה כבר פעם שנייה".

    Args:
        text: The person's message.
    """
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    if search(_HEALTH, norm) is not None or search(_TIMING, norm) is not None:
        return False
    return search(_SERVICE, norm) is not None or search(_UPSET, norm) is not None


def names_health(text: str) -> bool:
    """Whether ``text`` has any word about the body, the mind, a dose or an emergency (the red-flag gate's check)."""
    return isinstance(text, str) and search(_HEALTH, normalize(text)) is not None
