"""Phrases that never name a medication, however the words around them are read.

:func:`.nlu.remainder_query` keeps the words of a message that no request word explains, and a word kept is
looked up as a medication name. Single request words are dropped there; the phrases here are dropped as
wholes, because their words are only "not a name" together or because they belong to families the request
vocabulary does not hold:

- a store, a branch or a place ("do you have a store in Haifa", "יש לכם סניף בחיפה?", "the other branch");
- waving a question off ("nvm forget it", "עזוב", "לא משנה") or closing ("thanks, bye");
- what the label or leaflet says, and what a product is called ("what does the label say about dosage", "מה
  המינון הרגיל שכתוב על העלון", "what's the generic name of it");
- chat fillers and address ("lol", "haha", "חחח", "btw", "you guys", "yours");
- collecting at a branch ("where do I pick it up", "collect", «מאיפה אני אוסף», «לאסוף», «אאסוף»).

Without them, "haifa", "סניף בחיפה", "label say" or "nvm forget" were looked up as names, and the reply
began with "I couldn't find a medication named …" before the answer that was meant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _follow_words
from pharmai.text import prefilter
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["GENERIC_NAME", "LABEL_WORDS", "PICKUP", "PLEASANTRY", "covered", "covered_by", "waved_off_first"]

_BRANCH = c.cues(
    "branch", "branches", "location", "locations", "shop", "shops", "outlet", "outlets", "city", "town",
    "street", "st", "road", "avenue", "ave", "square", "mall", "center", "centre", "address", "open", "opened",
    "opening", "located", "based", "near", "nearby", "close to", "around",
    "סניף", "סניפים", "חנות", "חנויות", "עיר", "בית מרקחת", "בתי מרקחת", "בית המרקחת", "רחוב", "שדרות", "כיכר",
    "קניון", "כתובת", "פתחתם", "פותחים", "תפתחו", "נפתח", "פתוח", "נמצאים", "ממוקמים", "קרוב", "ליד", "באזור",
)  # fmt: skip
#: The label or leaflet, what it says, and what a product is called: about a product, never one's name.
LABEL_WORDS = c.cues(
    "label", "labels", "leaflet", "leaflets", "insert", "package", "packaging", "box", "says", "say", "said",
    "written", "printed", "usual", "regular", "normal", "standard", "recommended", "name", "names", "called",
    "עלון", "עלונים", "כתוב", "כתובה", "רשום", "רשומה", "מודפס", "אריזה", "קופסה", "רגיל", "רגילה", "המקובל",
    "מקובל", "מומלץ", "המומלץ", "שם", "השם", "נקרא", "נקראת", "קוראים",
)  # fmt: skip
_GENERIC_NAMES = (
    "generic name", "generic names", "name of the generic", "called generically", "generically", "generic term",
    "scientific name", "chemical name", "ingredient name", "name of the ingredient", "name of the active ingredient",
    "שם גנרי", "השם הגנרי", "שמו הגנרי", "שמה הגנרי", "שם החומר", "שם החומר הפעיל", "השם המדעי", "שם מדעי",
    "השם הכימי", "שם כימי", "איך קוראים לחומר", "איך קוראים לחומר הפעיל",
)  # fmt: skip
#: "what's the generic name of it?", "what is it called generically", "מה השם הגנרי שלו": the name of its
#: active ingredient (a label fact), never another product (its equivalents). Longest first, so "שם החומר
#: הפעיל" is matched whole before "שם החומר".
GENERIC_NAME = c.cues(*sorted(_GENERIC_NAMES, key=len, reverse=True))
# "the active ingredient", "לחומר הפעיל": a label fact, never a name ("חומר פעיל" alone is a facet cue already).
_INGREDIENT = c.cues("the active ingredient", "active ingredient", "החומרים הפעילים", "החומר הפעיל", "חומר הפעיל")
# "on Herzl street", "ברחוב הרצל": a street's own name is part of an address, never a medication's.
_STREET = re.compile(
    r"\b\S+ (?:street|st|road|rd|avenue|ave|blvd|boulevard)\b|(?:^|(?<=\s))[ובל]?ה?(?:רחוב|רח|שדרות|שד) \S+"
)
_FILLER = re.compile(
    r"\b(?:lol|lmao|rofl|haha\w*|hehe\w*|xd|jk|omg|btw|idk|tbh|imo|smh|ugh|hmm+|umm*|uh+|if|did|didnt|wise|guys|"
    r"yall|y'all|folks|yours|ours|asap|urgent|urgently|quick|quickly|man|dude|bro|mate|pill|pills|where|when|"
    r"tho|though|getting|gonna|wanna|gotta)\b|"
    + c.cues(
        "אגב",
        "דרך אגב",
        "לול",
        "אוף",
        "וואלה",
        "אם",
        "אתם",
        "חבר'ה",
        "חברה",
        "תביא",
        "תביאי",
        "תביאו",
        "תן",
        "תני",
        "תנו",
        "איפה",
        "מתי",
        "דחוף",
        "מהר",
        "אחי",
        "גבר",
        "נשמה",
    ).pattern
    + r"|(?:^|(?<=\s))ח{2,}(?=\s|$)|(?:^|(?<=\s))(?:הה){2,}(?=\s|$)"
)
#: Collecting a medication at a branch: "pick it up", "collect", «אוסף», «לאסוף», «אאסוף» (see :mod:`.rx_pickup`).
PICKUP = c.cues(
    "pick up", "pick it up", "pick them up", "picking up", "picking it up", "picked up", "pickup", "pick",
    "collect", "collect it", "collecting", "collection", "come get it", "come and get it", "come by", "come in for it",
    "stop by", "swing by", "get it from",
    "לאסוף", "לאסוף אותו", "לאסוף אותה", "אאסוף", "אוסף", "אוספת", "אוספים", "איסוף", "לאיסוף", "נאסוף", "תאסוף",
    "תאספי", "יאסוף", "לבוא לאסוף", "אקפוץ",
)  # fmt: skip
#: Polite openers and closings ("hope you're having a good day", "cheers", «שיהיה לך יום טוב», «תודה רבה
#: מראש», «שבוע טוב»): said around a question, never a name. The tails are spelled out, so "hope you have
#: Advil" still looks Advil up.
PLEASANTRY = re.compile(
    r"\b(?:i |we )?hope (?:youre|youve|you|u|ya|y all|yall|everyone|all)(?: re| are| r| have| ve| have been| been)?"
    r"(?: (?:well|good|great|ok|okay|fine|doing (?:well|good|great|ok|okay|fine)|keeping well|safe|healthy|"
    r"(?:having|had|have) an? (?:good|great|nice|lovely|wonderful|fantastic|pleasant) (?:day|week|weekend|"
    r"evening|morning|afternoon|one|shift)))\b|"
    r"\b(?:have|enjoy) an? (?:good|great|nice|lovely|wonderful|pleasant) (?:day|week|weekend|evening|one|shift)\b|"
    + c.cues(
        "cheers", "bless you", "god bless", "many thanks", "thanks in advance", "thank you in advance", "tia",
        "take care", "best regards", "regards", "kind regards", "all the best",
        "שיהיה לך יום טוב", "שיהיה לכם יום טוב", "שיהיה יום טוב", "יום טוב", "יום נעים", "שבוע טוב", "ערב טוב",
        "בוקר טוב", "לילה טוב", "צהריים טובים", "סופש נעים", "שבת שלום", "תודה רבה מראש", "תודה מראש",
        "בתקווה", "מקווה שאתה בסדר", "מקווה שאת בסדר", "מקווה שהכל טוב", "כל טוב", "בברכה", "תבורך", "תבורכי",
    ).pattern
)  # fmt: skip
# "quick q", «שאלה קצרה»: announcing a question, never a name ("quick q, do you sell…" looked up "q").
_QUICK_ASK = c.cues(
    "quick q", "quick qn", "quick question", "quick questions", "small question", "short question", "one question",
    "a question", "question", "שאלה קצרה", "שאלה זריזה", "שאלה קטנה", "שאלה מהירה", "שאלה אחת", "יש לי שאלה", "שאלה",
)  # fmt: skip
_PHRASES = (
    PLEASANTRY,
    _QUICK_ASK,
    *c.STORES.values(), c.OTHER_STORE, c.PLACE_SCREEN, _BRANCH, _STREET, c.ACK_NVM, c.ACK_BYE, c.ACK_THANKS,
    LABEL_WORDS, GENERIC_NAME, _INGREDIENT, *c.FACETS.values(), _FILLER, PICKUP,
    *_follow_words.PHRASES,  # coming by, "which is first", "you said it's out", "the stronger one", "dupe"
)  # fmt: skip


def waved_off_first(text: str) -> bool:
    """ "never mind that. got Claritin at Dizengoff?": the first sentence only waves the last one off.

    A wave-off ("never mind", "forget it", "עזוב") opening a message that goes on to ask something else is
    no request to cancel: the question after it is what is asked.
    """
    parts = [normalize(part) for part in c.CLAUSES.split(text) if normalize(part)]
    if len(parts) < 2 or not c.ACK_NVM.search(parts[0]):
        return False
    words = parts[0].split()
    phrases = covered(words)
    left = [w for i, w in enumerate(words) if i not in phrases and not set(prefix_variants(w)) & c.STOP]
    return not left and not any(c.CANCEL.search(part) for part in parts[1:])


def covered(words: Sequence[str]) -> set[int]:
    """The positions of ``words`` (as typed, edge punctuation stripped) inside a phrase that names no medication.

    The words are normalised one by one and joined, so a phrase of two words ("forget it", "לא משנה", "tel
    aviv") is matched across them; a word counts as covered only when every one of its normalised parts lies
    inside a match.
    """
    found = covered_by(words, _PHRASES)
    # «בי"ם», «ת-א»: a branch's short form hangs on the quote or dash that normalising drops, so it is read on the
    # word as typed (:data:`~._cues.STORE_SHORT`), never looked up or left over as a name.
    found.update(index for index, word in enumerate(words) if _store_short(word))
    return found


def _store_short(word: str) -> bool:
    for pattern in c.STORE_SHORT.values():
        match = pattern.search(word)
        if match is not None and match.start() == 0 and match.end() >= len(word.rstrip(".")):
            return True
    return False


def covered_by(words: Sequence[str], patterns: Sequence[re.Pattern[str]]) -> set[int]:
    """The positions of ``words`` lying wholly inside a match of one of ``patterns`` (normalised, joined).

    See :func:`covered`; the patterns are screened first (most big alternations cannot match a given message).
    """
    spans: list[tuple[int, int, int]] = []  # (start, end, index of the word it came from)
    parts: list[str] = []
    offset = 0
    for index, word in enumerate(words):
        for part in normalize(word).split():
            spans.append((offset, offset + len(part), index))
            parts.append(part)
            offset += len(part) + 1
    text = " ".join(parts)
    inside: set[int] = set()
    for pattern in patterns:
        for match in prefilter.finditer(pattern, text):
            start, end = match.span()
            inside.update(i for i, (s, e, _) in enumerate(spans) if s >= start and e <= end and e > s)
    by_word: dict[int, list[int]] = {}
    for position, (_, _, index) in enumerate(spans):
        by_word.setdefault(index, []).append(position)
    return {index for index, positions in by_word.items() if all(p in inside for p in positions)}
