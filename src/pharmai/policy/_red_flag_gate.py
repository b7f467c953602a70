"""When a red flag that only the trained model reads is not taken: nothing in the message could describe one.

The model flags some messages with no word of an emergency in them: a service complaint ("Advil was out
again" read as distress) or a few words of acknowledgement or a follow-up ("cool I'm on my way", "just 5??",
"ולתינוק?"). The urgent-care text there is noise, and it drowns the answer the person needed.

The gate is narrow on purpose, because a missed emergency costs more than a needless phone number:

- a flag the high-precision rules also find always stands (this module only ever sees model-only flags);
- a short message drops the model's flag only when *every* word of it is on a closed list of words that
  cannot describe anything ("ok", "just", "and", "for the baby", numbers); one other word ("breathe",
  "pills", "help", "נושם") keeps it;
- a longer message drops it only when it names a concrete service failure (stock promised and missing,
  a wait, rude staff) and no word about the body or the mind (:func:`.complaints.names_a_service_failure`);
- a model-only *distress* reading drops only on an ordinary pharmacy question (a dose or label maximum, running
  out of pills, a prescription that ran out) with no word of the mind, death or self-harm in it
  (:func:`names_the_mind`): "whats the max dose of ibuprofen" is a label question, "how many pills to end it"
  and "the max dose that would kill me" are not;
- any model-only reading drops on a statement of someone's consent with no word about health ("she is sitting
  next to me and she agrees"), or on a claim to a relative's records ("but I'm her husband! just check hers");
- a model-only *poison* reading drops on a medication taken for what it treats with no word of an amount, a
  mistake or a swallowing ("she also took ibuprofen for her knee");
- a message right after an urgent-care reply still carries that reply's flags (:func:`.red_flags.carried_red_flags`).
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.policy._sign_in_gate import about_sign_in_only
from pharmai.policy.complaints import names_a_service_failure, names_health
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["model_flag_stands", "names_an_amount", "names_the_mind", "no_longer_had", "says_nothing"]

# At most this many words: a longer message says something, and the model's reading of it stands.
_SHORT = 6
# Words that describe nothing: acknowledgements, function words, pronouns, a child named as the subject of a
# follow-up ("and for the baby?"), being on one's way. Never a verb of the body, a symptom, help or a dose word.
_EMPTY_WORDS = frozenset(
    normalize(word)
    for word in (
        "ok", "okay", "k", "kk", "cool", "great", "nice", "good", "fine", "sure", "thanks", "thank", "thx", "ty",
        "yes", "yeah", "yep", "no", "nope", "bye", "just", "only", "so", "and", "or", "but", "then", "well", "oh",
        "ah", "hmm", "um", "really", "seriously", "the", "a", "an", "for", "to", "of", "on", "in", "at", "about",
        "what", "how", "much", "many", "that", "this", "it", "its", "is", "my", "your", "our", "i", "im", "am",
        "we", "were", "you", "way", "coming", "will", "be", "there", "soon", "now", "right", "got", "see",
        "later",
        "אוקיי", "אוקי", "סבבה", "טוב", "יופי", "אחלה", "מעולה", "בסדר", "תודה", "רבה", "כן", "לא", "ביי", "רק",
        "אז", "גם", "מה", "עם", "על", "של", "זה", "זאת", "כמה", "איך", "אני", "אנחנו", "בדרך", "מגיע", "מגיעה",
        "נו", "אה", "באמת", "ברצינות", "עכשיו", "להתראות", "הוא", "היא", "שלי",
        # Which branch has more: stock words and the branches' names and short forms («בי"ם» is "בימ" once
        # normalised, and "ימ" is the sea to the model).
        "who", "which", "more", "has", "have", "stock", "branch", "store", "jerusalem", "tel", "aviv", "tlv",
        "jlm", "מי", "למי", "איזה", "איפה", "יש", "יותר", "במלאי", "סניף", "ירושלים", "תל", "אביב", "תא", "ימ",
        "י", "מ",
    )
)  # fmt: skip
# A child is an empty word only as the subject of a follow-up question ("and for the baby?", "ולתינוק?",
# "what about my son?"): "my baby!!" alone may be the start of an emergency, and keeps the model's flag.
_CHILD_WORDS = frozenset(
    normalize(word)
    for word in ("baby", "kid", "child", "toddler", "son", "daughter", "תינוק", "תינוקת", "ילד", "ילדה", "בן", "בת")
)
_FOLLOW_UP = frozenset({"and", "for", "about"})
_WORD = re.compile(r"\S+")


def _empty_word(word: str) -> bool:
    if word.isdigit():
        return True  # "just 5??": a count asked about, which describes nothing on its own
    return any(variant in _EMPTY_WORDS for variant in prefix_variants(word))


def _follow_up_child(word: str, words: list[str]) -> bool:
    if word in _CHILD_WORDS:
        return bool(_FOLLOW_UP.intersection(words))
    # "ולתינוק", "לילד": the prefix letters carry the "and" / "for" of the question.
    return word[:1] in ("ו", "ל") and any(v in _CHILD_WORDS for v in prefix_variants(word)[1:])


def _says_nothing(text: str, *, children: bool = True) -> bool:
    if "!" in text:
        return False  # an exclamation may be alarm: the model's reading stands
    words = _WORD.findall(normalize(text))
    return 0 < len(words) <= _SHORT and all(_empty_word(w) or (children and _follow_up_child(w, words)) for w in words)


def says_nothing(text: str) -> bool:
    """Whether ``text`` is a few empty words only ("cool I'm on my way", "just 5??"), naming no child.

    The model's symptom reading of such a message is no symptom either. A child named ("ולתינוק?") is left
    out: that follow-up asks about a child's dose, which stays a referral.
    """
    return isinstance(text, str) and _says_nothing(text, children=False)


# Words of the mind, of death or of self-harm: any one keeps the model's distress reading. Broad on purpose (a
# kept flag costs a phone number; a dropped one may cost a life).
_MIND = re.compile(
    r"\b(?:die|dying|died|death|dead|deadly|kill\w*|suicid\w*|lethal|fatal|end (?:it|this|my|everything|things)"
    r"|overdos\w*|hopeless\w*|worthless|burden|hate (?:my|myself|life)|give up|giving up|go on|cope|coping"
    r"|forever|never wake|not wake|wake up|disappear\w*|goodbye|alone|lonely|depress\w*"
    r"|desperate|despair|on purpose|deliberately|intentionally|hurt (?:my|him|her)self|harm|cut (?:my|him|her)self"
    r"|sad|cry\w*|scared|afraid|panic\w*|stop (?:it|this|the pain)|no point|no reason|pointless|miserable"
    r"|want out|sleep and|deal with (?:it|this|any of|all of|life)|any of this|all of this|anymore|had enough"
    r"|done with (?:everything|life|it all|all of (?:it|this)|living)|tired of (?:everything|life|living|it all)"
    r"|(?:nobody|no one|noone) (?:cares|would care|needs me|would notice)|better off|without me)\b"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:למות|מוות|מת|מתה|להתאבד|התאבד\S*|אובדנ\S*|קטלני\S*|להרוג|יהרוג|יהרגו"
        r"|שיהרוג|לגמור|לסיים|להיעלם|תקווה|ייאוש|יאוש|מיואש\S*|נמאס|בודד\S*|לבד|דיכאון|בכוונה|לפגוע|טעם"
        r"|לחיות|להמשיך|לנצח|להתעורר|להירדם|נטל|עצוב\S*|בוכה|בוכים|מפחד\S*|פחד|פאניקה|להתמודד|סוף|די)(?=\s|$)"
        r"|אין\sלי\sכוח|לא\sאכפת\sל(?:אף\sאחד|אף\sאחת|אף)|סיימתי\sעם\sה(?:כל|חיים)|עייפ\S*\sמה(?:כל|חיים)"
    )
)
# An ordinary pharmacy question: a dose or the label maximum, running out of pills, a prescription that ran out.
_ORDINARY = re.compile(
    r"\b(?:max\w*|maximum|dose|dosage|doses|how (?:much|many|often)|ran out|run out|running out|out of (?:pills|meds"
    r"|tablets)|no (?:more )?(?:pills|meds|tablets)|none left|refill|prescription|expired"
    r"|(?:want|need|get|order|pick up|collect) (?:my|the|her|his|our) (?:\w+ ){0,3}(?:pills|meds|medication|medicine"
    r"|tablets))\b"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:מינון|מקסימלי\S*|מקסימום|נגמר\S*|נגמרו|תחדש|תחדשי|תחדשו|חדשו|אין\sלי\s(?:\S+\s)?"
        r"(?:כדורים|תרופות|טבליות|תרופה)|מרשם|חידוש|לחדש|פג|(?:צריך|צריכה|רוצה|רוצים|להזמין|לקבל|לאסוף)\s"
        r"(?:את\s)?ה?(?:כדורים|תרופות|תרופה|טבליות)\sשלי)(?=\s|$)"
    )
)


# A medication taken for what it treats ("she also took ibuprofen for her knee", "לקחתי אדוויל בשביל הגב"), with
# no word of an amount, a mistake or a swallowing: the model's poison reading of it is a usage, not an overdose
# (the interaction it may raise is checked by name).
_FOR_A_PURPOSE = re.compile(
    r"\b(?:took|taking|taken|take|takes|using|used|had|gave|given|been on)\b.{0,40}\bfor (?:her|his|my|the|a|an"
    r"|their|your|its) \w+"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:לקח|לקחה|לקחתי|לקחנו|נוטל\S*|לוקח\S*|נטל\S*|נתתי|נתנו|קיבל\S*)\s"
        r"(?:\S+\s){0,4}(?:בשביל|נגד|בגלל)(?=\s)"
    )
)
_AMOUNT = re.compile(
    r"\b(?:too (?:many|much)|a lot|lots|several|handful|whole|all (?:of|the|my|his|her)|double\w*|triple\w*|twice"
    r"|extra|more than|overdos\w*|again|times|bottle|box|pack|packet|strip|accident\w*|by mistake|mistake\w*"
    r"|swallow\w*|ate|\d{2,}|of (?:my|her|his|their|the) (?:pills|meds|tablets|medication)"
    # "then 4 more", after "8 beers": more of it, or on top of drink, is an amount that keeps the reading.
    r"|(?:\d+|a few|some|two|three|four|five|six) more|beers?|drinks|shots|vodka|wine|whiskey|alcohol|drunk)\b"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:יותר\sמדי|הרבה|כפול\S*|פעמיים|חפיסה|קופסה|כל\sה\S*|בטעות|בלע\S*|עוד"
        r"|בירה|בירות|וודקה|יין|אלכוהול|שיכור|שיכורה|שתוי|שתויה)"
        r"(?=\s|$)|\d{2,}"
    )
)


# "she's right here and she agrees", "היא נותנת לי אישור": someone's consent to a records look-up, which
# describes nothing about anyone's health.
_CONSENT = re.compile(
    r"\b(?:agrees?|agreed|consents?|consented|permission|approves?|approved"
    r"|says (?:its|it is|that its) (?:fine|ok|okay)|(?:is|s) (?:fine|ok|okay) with (?:it|that|this)"
    r"|allows? (?:it|that|this|you)|gave (?:me )?(?:her|his|their) (?:ok|okay|consent))\b"
    + fold(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:מסכים|מסכימה|מסכימים|הסכים|הסכימה|אישור|רשות|הרשאה"
        r"|מרשה|מרשים|מרשות|מאשר|מאשרת|מאשרים)(?=\s|$)"
        r"|אומר(?:ת|ים)? ש(?:זה בסדר|אפשר|מותר)"
    )
)


def _consent_only(text: str) -> bool:
    return bool(_CONSENT.search(normalize(text))) and not names_health(text)


# "but I'm her husband! just check hers", «אני אבא שלו, תבדוק את שלו»: a claim to see a relative's records, which
# describes nothing about anyone's health (the other-patient refusal answers it). Any word of the body, the
# mind or an amount keeps the model's reading.
_RELATIVE = (
    r"(?:husband|wife|partner|dad|father|mom|mum|mother|son|daughter|brother|sister|caregiver|carer|guardian"
    r"|parent|grandson|granddaughter)"
)
_RECORDS_CLAIM = re.compile(
    rf"\b(?:im|i am|iam)\s+(?:her|his|their)\s+(?:own\s+)?{_RELATIVE}\b"
    rf"|\b(?:she|he)\s*(?:s|is)\s+my\s+{_RELATIVE}\b"
    r"|\b(?:check|look at|see|show me|pull up|open|read)\s+(?:hers|his|theirs|(?:her|his|their)\s+(?:prescriptions?"
    r"|meds|medications?|refills?|records?|file|account|list))\b"
    + fold(
        r"|(?:^|(?<=\s))אני\s(?:ה)?(?:בעלה|אשתו|בעל\sשלה|אישה\sשלו|אשה\sשלו|(?:אבא|אמא|הבנ|הבת|אח|אחות|האח|האחות)"
        r"\sשל(?:ו|ה)|אחיו|אחיה|אחותו|אחותה|בנו|בנה|בתו|בתה)(?=\s|$)"
        r"|(?:^|(?<=\s))(?:תבדוק|תבדקי|תבדקו|תראה|תראי|תראו|תפתח)\s(?:לי\s)?את\s(?:ה\S+\s)?(?:שלה|שלו)(?=\s|$)"
    )
)


def _records_claim_only(text: str) -> bool:
    norm = normalize(text)
    if not _RECORDS_CLAIM.search(norm):
        return False
    return not (names_health(text) or _AMOUNT.search(norm) or _MIND.search(norm))


# "refill my thyroid pills", «תחדשו לי את הכדורים של בלוטת התריס»: a refill asked for, which no poisoning is.
_REFILL_ASK = re.compile(
    r"\b(?:refill\w*|renew\w*|reorder\w*)\b"
    + fold(r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:לחדש|תחדש|תחדשי|תחדשו|חדשו|חידוש|חידושימ)(?=\s|$)")
)


def _refill_only(text: str) -> bool:
    norm = normalize(text)
    return bool(_REFILL_ASK.search(norm)) and not (_AMOUNT.search(norm) or _MIND.search(norm) or names_health(text))


def names_an_amount(text: str) -> bool:
    """Whether ``text`` has a word of an amount, a mistake or a swallowing (which keeps a poison reading)."""
    return isinstance(text, str) and bool(_AMOUNT.search(normalize(text)))


def _taken_for_a_purpose(text: str) -> bool:
    norm = normalize(text)
    return bool(_FOR_A_PURPOSE.search(norm)) and not _AMOUNT.search(norm)


# "why can't I get Tramadex anymore?", "you don't sell optalgin anymore?": a product that can no longer be had.
# Its "anymore" is about the product, so it alone keeps no distress reading; any other word of the mind does
# ("i can't get my meds anymore and i want to die"), and so does anything but a product after the verb
# ("can't get out of bed anymore", "can't find a reason anymore", "can't get help anymore").
_NO_LONGER_HAD = re.compile(
    r"\b(?:cant|cannot|can not|couldnt|dont|doesnt|didnt|wont|not|no longer)\s+(?:i\s+|you\s+|we\s+|they\s+|u\s+)?"
    r"(?:get|buy|order|refill|renew|sell|stock|carry|find)\s+(?:(?:my|the|your|this|that|any)\s+)?"
    r"(?!(?:out|up|over|through|better|help|rid|along|by|sleep|myself|it|reason|meaning|point|joy|strength|energy"
    r"|motivation|peace|hope|will|way|words|anything|anyone|someone|somebody|nothing|a|an|me|him|her|them)\b)"
    r"[a-z]+\s+(?:any more|anymore)\b"
    # «למה אני לא יכול לקבל טרמדקס יותר», «לא מצליחה להשיג את האופטלגין יותר»
    + fold(
        r"|(?:^|(?<=\s))(?:לא|אי\sאפשר)\s(?:\S+\s)?(?:לקבל|לקנות|להזמין|לחדש|להשיג|למצוא)\s(?:את\s)?"
        r"(?!(?:כלום|שום|עזרה|סיבה|טעם|כוח|שקט|תקווה|עצמי|אותי|אותו|אותה)(?:\s|$))\S+\sיותר(?=\s|$)"
    )
)


def no_longer_had(text: str) -> bool:
    """Whether ``text`` asks why a product can no longer be had ("why can't I get Tramadex anymore?").

    False when any other word of the mind is in it: that message keeps its distress reading.
    """
    return isinstance(text, str) and _product_no_longer_had(text)


def _product_no_longer_had(text: str) -> bool:
    norm = normalize(text)
    found = _NO_LONGER_HAD.search(norm)
    if found is None:
        return False
    rest = norm[: found.start()] + " " + norm[found.end() :]
    return not _MIND.search(rest)


def names_the_mind(text: str) -> bool:
    """Whether ``text`` has any word of the mind, of death or of self-harm (which keeps a distress reading)."""
    return isinstance(text, str) and bool(_MIND.search(normalize(text)))


def _ordinary_question(text: str) -> bool:
    norm = normalize(text)
    return bool(_ORDINARY.search(norm)) and not _MIND.search(norm)


# "it was the moxypen by the way", «זה היה המוקסיפן אגב»: which product a request was about, said after it. One or
# two words for the thing and nothing else; never a person ("it was my son"), never anything acute.
_IDENTIFIES = re.compile(
    r"^(?:(?:oh|and|ok|okay|so|sorry|also) )*(?:it was|its|it is|that was|thats|that is|i meant|i mean)"
    r" (?:the |my |that |this )?(?P<thing>\S+(?: \S+)?)(?: (?:btw|by the way|actually|then|too|fyi))*$"
    + fold(
        r"|^(?:(?:אה|ו|אוקיי|סליחה) )*(?:זה היה|זה|זאת הייתה|התכוונתי ל)\s(?P<thing_he>ה?\S+(?: \S+)?)"
        r"(?: (?:אגב|בעצמ|גמ))*$"
    )
)
_PEOPLE = frozenset(
    normalize(word)
    for word in (
        "son", "daughter", "kid", "kids", "child", "baby", "husband", "wife", "mom", "mum", "mother", "dad",
        "father", "him", "her", "he", "she", "brother", "sister", "grandma", "grandpa", "friend",
        "הבנ", "הבת", "הילד", "הילדה", "התינוק", "התינוקת", "בעלי", "אשתי", "אמא", "אבא", "הוא", "היא", "אחי", "אחותי",
    )
)  # fmt: skip


def _identifies_a_product(text: str) -> bool:
    norm = normalize(text)
    found = _IDENTIFIES.match(norm)
    if found is None or "!" in text or _AMOUNT.search(norm) or _MIND.search(norm):
        return False  # "it was the whole box", "it was on purpose": the event itself, kept
    thing = (found.group("thing") or found.group("thing_he") or "").split()
    return not any(variant in _PEOPLE or variant in _CHILD_WORDS for w in thing for variant in prefix_variants(w))


def model_flag_stands(text: str, kind: str | None = None) -> bool:
    """Whether the model's own red flag on ``text`` stands (no rule found one).

    Args:
        text: The person's message.
        kind: The kind the model read (``distress`` may drop on an ordinary pharmacy question).

    Returns:
        False only for a message of empty words, a service complaint with no word about health, or a
        distress reading of an ordinary pharmacy question with no word of the mind.
    """
    if kind == "distress" and (_ordinary_question(text) or _product_no_longer_had(text)):
        return False
    if kind == "poison" and (_taken_for_a_purpose(text) or _refill_only(text)):
        return False
    if kind in ("emergency", "poison") and _identifies_a_product(text):
        return False  # "it was the moxypen by the way": which product, said after a request about it
    if _consent_only(text) or _records_claim_only(text):
        return False  # someone's consent, or a claim to a relative's records: nothing said about health
    if about_sign_in_only(text) and not names_the_mind(text):
        return False  # "i dont have the code, just show me": frustration with signing in (see ._sign_in_gate)
    return not (_says_nothing(text) or names_a_service_failure(text))
