"""Words of short follow-ups about the product in play that never name a medication, in English and Hebrew.

A blind tester saw "I couldn't find a medication named 'בא' / 'או' / 'which more' / 'out' / 'dupe'" after a
stock answer. Five families of words carried those follow-ups and were looked up as names:

- coming to a branch: "if I drop in at Jerusalem tomorrow", «אם אני בא לירושלים מחר», «אקפוץ», «אעבור»;
- which of two (branches or products) is first or has more: "which gets it sooner", «מי יקבל קודם», «ממה יש
  יותר»;
- what the last answer said: "you said it's out", «אמרת שאזל», «כתבתם שנגמר»;
- a stronger or weaker one of the same product: "the stronger one", «החזק יותר», "higher strength";
- slang for an equivalent: "dupe?", "a knockoff", «חיקוי», «שווה הערך», «המקביל שלו»;
- the product arriving, and when it is due: "when is it supposed to arrive", "due back", «מתי הוא אמור
  להגיע», «צפוי לחזור» (read «אמור» as a name once);
- the same active ingredient, said loosely: "anything with the same stuff in it?", «משהו עם אותו חומר?»
  (read "stuff" as a name once), and the filler nouns around it ("thing", «דבר», «חומר»);
- a product by its place in the last answer: "the second one", "the latter", «השני» (read as a name once).

Each is a phrase set on normalised text (Hebrew prefix letters allowed), joined to the phrases of
:mod:`._not_names`; the cue sets that route such follow-ups (:data:`STRONGER`, :data:`WEAKER`, :data:`DUPE`)
are exported for :mod:`.sibling` and :mod:`.nlu`.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c

__all__ = [
    "ARRIVING",
    "COMING",
    "DUPE",
    "EXPECTED",
    "FIRST_OR_MORE",
    "PHRASES",
    "POSITION",
    "SAID",
    "SAME_INGREDIENT",
    "STRONGER",
    "WEAKER",
]


def _longest(*phrases: str) -> re.Pattern[str]:
    # Longest first, so "drop in at" or «אחר כך» is taken whole before a word of it.
    return c.cues(*sorted(phrases, key=len, reverse=True))


#: Coming to, passing by or visiting a branch, and when: the person's plan, never a product's name.
COMING = _longest(
    "come", "coming", "come by", "come over", "come in", "drop in", "drop by", "dropping by", "drop into",
    "pop in", "pop into", "pop by", "pop over", "popping by", "swing by", "swinging by", "head over", "heading over",
    "head to", "heading to", "go to", "passing by", "pass by", "passing", "stop in", "stopping by", "visit",
    "visiting", "be in", "im in", "i'm in", "ill be", "i'll be", "will be", "tomorrow", "today", "tonight", "later",
    "later today", "this evening", "this afternoon", "this morning", "the day after tomorrow", "on my way",
    "some", "any there", "im", "i'm", "ill", "i'll",
    "בא", "באה", "באים", "אבוא", "נבוא", "אגיע", "נגיע", "מגיע", "מגיעה", "מגיעים", "אקפוץ", "נקפוץ", "קופץ",
    "קופצת", "קופצים", "לקפוץ", "אעבור", "נעבור", "עובר", "עוברת", "עוברים", "לעבור", "אהיה", "נהיה", "אלך",
    "נלך", "הולך", "הולכת", "ללכת", "לבוא", "להגיע", "מחר", "היום", "מחרתיים", "הערב", "בערב", "בבוקר",
    "בצהריים", "אחר כך", "אחרי הצהריים", "בדרך", "שם",
)  # fmt: skip
#: Which of two branches or two products is first, sooner or has more ("which gets it sooner", «ממה יש יותר»).
FIRST_OR_MORE = _longest(
    "which", "which one", "which ones", "who", "first", "sooner", "earlier", "quicker", "faster", "more",
    "more of", "most", "bigger", "larger", "supply", "gets", "receives", "restocks", "units", "where",
    "מי", "ממי", "ממה", "איזה", "איזו", "קודם", "מוקדם", "מוקדם יותר", "מהר", "מהר יותר", "יותר", "הכי הרבה",
    "מקבל", "מקבלת", "מקבלים", "יקבל", "תקבל", "יקבלו", "לאן", "איפה", "השניים", "שתיהן", "של מי", "חוזר",
    "חוזרת", "ראשון", "ראשונה",
)  # fmt: skip
#: What the last answer said ("you said it's out", «אמרת שאזל»): the thread's product, never a name.
SAID = _longest(
    "you said", "you told me", "told me", "you wrote", "you mentioned", "said", "told", "wrote", "out", "its out",
    "it's out", "sold out", "ran out", "run out", "huh",
    "אמרת", "אמרתם", "אמרו", "כתבת", "כתבתם", "כתוב", "ציינת", "ציינתם", "אזל", "אזלה", "אזלו", "נגמר", "נגמרה",
    "נגמרו", "חסר", "חסרה",
)  # fmt: skip
#: A stronger strength of the product in play ("the stronger one", «החזק יותר»).
STRONGER = _longest(
    "stronger", "strongest", "higher strength", "higher dose", "higher dosage", "extra strength",
    "maximum strength", "max strength", "more potent", "strong one", "strong version",
    "חזק", "חזקה", "חזק יותר", "חזקה יותר", "החזק", "החזקה", "הכי חזק", "הכי חזקה", "מינון גבוה",
    "מינון גבוה יותר", "חוזק גבוה", "חוזק גבוה יותר",
)  # fmt: skip
#: A weaker strength of the product in play ("the weaker one", «החלש יותר»).
WEAKER = _longest(
    "weaker", "weakest", "lower strength", "lower dose", "lower dosage", "milder", "mild one", "weak one",
    "חלש", "חלשה", "חלש יותר", "חלשה יותר", "הכי חלש", "הכי חלשה", "מינון נמוך", "מינון נמוך יותר", "חוזק נמוך",
)  # fmt: skip
# The words around a strength asked that way ("the higher strength version", «הגרסה החזקה»).
_STRENGTH_AROUND = _longest("strength", "version", "kind", "type", "חוזק", "גרסה", "הגרסה", "סוג")
#: Slang for an equivalent of the product in play ("dupe?", "a knockoff", «חיקוי», «שווה הערך»).
DUPE = _longest(
    "dupe", "dupes", "knockoff", "knockoffs", "knock off", "knock offs", "off brand", "off brand one",
    "store brand", "house brand", "generic one",
    "חיקוי", "חיקויים", "העתק", "כמוהו", "כמוה", "מקביל", "מקבילה", "שווה ערך", "שווה הערך", "שוות ערך",
)  # fmt: skip
#: The product in play arriving or coming back ("due back", "get here", «להגיע», «צפוי», «לחזור»): with a "when"
#: word, a restock question (:mod:`.restock_thread`).
ARRIVING = _longest(
    "arrive", "arrives", "arriving", "arrival", "get here", "gets here", "get in", "gets in", "come back",
    "comes back", "coming back", "be back", "back", "back in", "due", "due back", "due in", "expected",
    "expected back", "expected in", "show up", "shows up", "turn up", "restocked", "in again", "get it back",
    "get more in", "replenished", "shelf", "shelves", "on the shelf", "on the shelves", "back on the shelf",
    "מדף", "מדפים", "המדף", "המדפים", "להגיע", "יגיע", "יגיעו", "תגיע", "לחזור", "יחזור", "תחזור", "יחזרו",
    "צפוי", "צפויה", "צפויים", "צפויות",
    "אמורים לקבל", "נקבל", "תקבלו", "יקבלו", "ייכנס", "תיכנס", "ייכנסו", "להיכנס", "יתחדש", "יחודש", "להתחדש",
)  # fmt: skip
#: The modal words of such a question ("supposed to", «אמור», «אמורים»): never a name, yet no arrival alone
#: ("when am I supposed to take it?" asks about taking it; «לקבל» is receiving a dose as well as a delivery).
EXPECTED = _longest(
    "supposed", "supposed to", "meant to", "scheduled", "scheduled to", "planned", "estimated", "estimate",
    "expect", "expects", "expecting", "you think", "do you think", "think", "reckon", "guess", "any chance",
    "any idea", "no idea", "idea", "do you know", "you know", "know",
    "אמור", "אמורה", "אמורים", "אמורות", "לקבל", "עתיד", "עתידה", "עתידים", "מתוכנן", "מתוכננת", "משוער",
    "משוערת",
    "מצפים", "מצפה", "יודעים", "יודע", "יודעת", "מושג", "יש מושג", "חושב", "חושבת", "חושבים", "נראה לך",
    "נראה לכם", "מעריכים", "מעריך", "מעריכה",
)  # fmt: skip
#: The same active ingredient as the product in play, said loosely ("the same stuff in it", «אותו חומר
#: פעיל», "something similar"): its equivalents.
SAME_INGREDIENT = _longest(
    "same stuff", "the same stuff", "same ingredient", "same ingredients", "same active ingredient",
    "same active ingredients", "same thing in it", "same stuff in it", "same substance", "same compound",
    "same chemical", "same formula", "same contents", "same molecule", "something similar", "anything similar",
    "something like it", "anything like it", "similar stuff",
    "אותו חומר", "אותו חומר פעיל", "אותם חומרים", "אותם חומרים פעילים", "אותו רכיב", "אותו מרכיב",
    "אותם רכיבים", "אותו הרכב", "אותה נוסחה", "אותו חומר בפנים", "משהו דומה", "דבר דומה",
)  # fmt: skip
# The filler nouns around it ("stuff", "thing", «דבר», «חומר»): never a name of their own.
_STUFF = _longest(
    "stuff", "thing", "things", "substance", "substances", "compound", "chemical", "formula", "contents",
    "molecule", "in it", "inside", "inside it", "similar",
    "דבר", "דברים", "חומר", "חומרים", "רכיב", "רכיבים", "מרכיב", "מרכיבים", "הרכב", "נוסחה", "בפנים", "בתוכו",
    "בתוכה", "דומה",
)  # fmt: skip
#: A product by its place in the last answer ("the second one", "the latter", «השני», «האחרונה»; see
#: :mod:`.ordinal_thread`).
POSITION = _longest(
    "first", "second", "third", "fourth", "last", "1st", "2nd", "3rd", "4th", "former", "latter", "the first one",
    "the second one", "the last one", "the former", "the latter",
    "הראשון", "הראשונה", "השני", "השנייה", "השניה", "השלישי", "השלישית", "הרביעי", "הרביעית", "האחרון",
    "האחרונה", "הקודם", "הקודמת",
)  # fmt: skip
#: All of the above, for :func:`._not_names.covered`.
PHRASES = (
    COMING, FIRST_OR_MORE, SAID, STRONGER, WEAKER, _STRENGTH_AROUND, DUPE, ARRIVING, EXPECTED, SAME_INGREDIENT,
    _STUFF, POSITION,
)  # fmt: skip
