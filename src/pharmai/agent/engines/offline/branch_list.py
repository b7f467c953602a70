"""A question about the chain's branches themselves: which there are, how many, where.

"which branches do you have?", "how many stores are there?", «איפה הסניפים שלכם?», «אילו סניפים יש?» name no
medication, and the model reads them as a stock question ("do you have …?") with nothing to check: the reply
asked "Which medication would you like me to check?". The branches are on file (names, streets, cities), so
the reply names them, as the opening-hours answer does; a question that also asks where they are gets the
streets as well.

Only the chain is asked about: a medication ("which branch has Advil?"), a place where there is no branch ("a
branch in Haifa?"), one branch named ("where is the Jerusalem one?") and the other flows' requests (hours,
a person, a refill) keep their own answers, and so does any word this module does not explain.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["OWNED_INTENTS", "answer", "asks_branches"]

# The chain as a whole: plural words ask about every branch; a singular one only with "another".
_PLURAL = c.cues(
    "branches", "stores", "locations", "pharmacies", "shops", "outlets", "sites", "branch locations",
    "סניפים", "הסניפים", "חנויות", "מיקומים", "בתי מרקחת", "נקודות מכירה",
)  # fmt: skip
_SINGULAR = c.cues("branch", "store", "location", "pharmacy", "shop", "outlet", "סניף", "חנות", "בית מרקחת")
# "do you have another branch?": the chain; "which store has more?" (after a stock answer) is the product's.
_CHAIN = c.cues("another", "other", "else", "עוד", "נוסף", "נוספת", "אחר", "אחרת")
# With a product in the thread, "which stores have some?" asks where it is: the chain is asked about in words
# addressed to it ("what branches do you have?", «כמה סניפים יש לכם?»).
_TO_THE_CHAIN = c.cues(
    "you", "your", "u", "ur", "you guys", "how many", "list", "where", "located", "chain",
    "לכם", "שלכם", "אצלכם", "כמה", "רשימה", "רשימת", "איפה", "היכן", "הרשת", "ברשת",
)  # fmt: skip
# "is it in stock at your other branches?", «יש את זה בסניפים אחרים?»: the product's stock, not the chain.
_A_PRODUCT = c.cues(
    "in stock", "stock", "available", "availability", "carry", "sell", "sells", "get it", "buy", "pick up",
    "במלאי", "מלאי", "זמין", "זמינה", "אותו", "אותה", "אותם", "זה", "אותו דבר", "לקנות", "להשיג", "לאסוף",
)  # fmt: skip
_WHERE = c.cues(
    "where", "wheres", "address", "addresses", "located", "location of",
    "איפה", "היכן", "כתובת", "כתובות", "ממוקמים", "נמצאים",
)  # fmt: skip
# Words a branch question may carry beside those :func:`.nlu.remainder_query` already drops.
_OWN_WORDS = frozenset(
    normalize(
        "list all every cities city towns country israel names name exactly total chain network part please pls "
        "which what other another else "
        "branch branches store stores location locations pharmacy pharmacies shop shops outlet outlets site sites "
        "ערים עיר בארץ רשימת רשימה כל שמות בדיוק סהכ הרשת רשת בבקשה אילו איזה סניף סניפים חנות חנויות מיקומים "
        "בתי בית מרקחת נקודות מכירה נוסף נוספים נוספת נוספות עוד אחר אחרים אחרות"
    ).split()
)
#: Requests that own the message: no branch listing (or nearest branch) rides on them ("no branch in Haifa" is
#: said by its own flow).
OWNED_INTENTS = frozenset(
    {"code", "identity", "handoff", "other_rx", "complaint", "cancel", "hours", "delivery", "prescriptions",
     "refill_request", "refill_status"}
)  # fmt: skip
_TEXT = {
    "list": {
        "en": "We have two branches: Tel Aviv – Dizengoff (on Dizengoff Street, Tel Aviv) and Jerusalem – Jaffa "
        "Street (on Jaffa Street, Jerusalem). I can check a medication's stock at either of them.",
        "he": "יש לנו שני סניפים: תל אביב – דיזנגוף (ברחוב דיזנגוף, תל אביב) וירושלים – רחוב יפו (ברחוב יפו, "
        "ירושלים). אוכל לבדוק מלאי של תרופה בכל אחד מהם.",
    },
    "where": {
        "en": "Our branches are Tel Aviv – Dizengoff (on Dizengoff Street, Tel Aviv) and Jerusalem – Jaffa Street "
        "(on Jaffa Street, Jerusalem). I don't have the exact street numbers on file; please check with the branch.",
        "he": "הסניפים שלנו: תל אביב – דיזנגוף (ברחוב דיזנגוף, תל אביב) וירושלים – רחוב יפו (ברחוב יפו, "
        "ירושלים). את מספרי הבתים המדויקים אין לי; אפשר לברר ישירות בסניף.",
    },
}


def _only_branch_words(text: str) -> bool:
    for word in normalize(remainder_query(text)).split():
        if not any(variant in _OWN_WORDS for variant in prefix_variants(word)):
            return False
    return True


def asks_branches(d: Dialogue) -> bool:
    """Whether the message asks only about the chain's branches (which, how many, where)."""
    p, verdict = d.parsed, d.turn.verdict
    # ``p.stores`` holds the branches this message names (``p.store`` may be the one the thread talked about);
    # "another branch?" with a product in the thread asks for that product there.
    if p.meds or p.place or p.stores or verdict.red_flags or p.intent in OWNED_INTENTS:
        return False
    if d.earlier_refs and (p.other_store or not _TO_THE_CHAIN.search(p.norm)):
        return False
    if p.email or p.phone or p.code:
        return False
    norm = p.norm
    if c.IT.search(norm) or c.THERE.search(norm) or _A_PRODUCT.search(norm):
        return False
    chain = bool(_PLURAL.search(norm)) or bool(_SINGULAR.search(norm) and _CHAIN.search(norm))
    return chain and _only_branch_words(p.text)


def answer(d: Dialogue) -> bool:
    """Name the branches when the message asks about them (see the module docstring).

    Returns:
        True when the message was answered here.
    """
    if not asks_branches(d):
        return False
    key = "where" if _WHERE.search(d.parsed.norm) else "list"
    d.add(_TEXT[key]["he" if d.lang == "he" else "en"])
    return True
