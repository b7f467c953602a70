"""Follow-ups about a branch rather than a product: "and the Jerusalem one?" after the opening hours, "where
exactly is it?" / "איפה הוא בדיוק" / "what's the address?" about the branch just talked about.

Opening hours are not on file, and neither are street numbers: a follow-up about another branch says so for
that branch, and "where is it?" gives what is on file (the street and the city, per the demo pharmacy),
never a refusal nor a lookup of "where" as a medication name.

State read: ``last_intent`` (``hours``) and ``last_store``; see :mod:`.dialogue_state`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import plain_followups
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["WHICH_OF_THEM", "answer", "count", "where_stocked"]

# What is on file about each branch: its name, street and city, in each language.
_BRANCHES = {
    "s1": {
        "en": ("Tel Aviv – Dizengoff", "Dizengoff Street", "Tel Aviv"),
        "he": ("תל אביב – דיזנגוף", "רחוב דיזנגוף", "תל אביב"),
    },
    "s2": {
        "en": ("Jerusalem – Jaffa Street", "Jaffa Street", "Jerusalem"),
        "he": ("ירושלים – רחוב יפו", "רחוב יפו", "ירושלים"),
    },
}
_WHERE = c.cues(
    "where", "wheres", "where's", "address", "location", "located", "directions", "how do i get there",
    "איפה", "היכן", "כתובת", "הכתובת", "מיקום", "המיקום", "ממוקם", "ממוקמת", "איך מגיעים", "איך מגיעה",
)  # fmt: skip
_BRANCH = c.cues("branch", "branches", "store", "shop", "pharmacy", "סניף", "הסניף", "סניפים", "בית המרקחת")
# Words of a question about a branch, beside the request words :func:`.nlu.remainder_query` already drops:
# nothing else may be left ("where can I buy Ventolin?" is about a product, not about the branch).
_OWN_WORDS = frozenset(
    normalize(
        "where wheres address location located directions there one branch branches store shop pharmacy street "
        "jaffa dizengoff is exactly open opening hours times time the and "
        "איפה היכן כתובת מיקום ממוקם ממוקמת מגיעים מגיעה סניף סניפים המרקחת בית רחוב יפו דיזנגוף נמצא נמצאת "
        "פתוח פתוחים שעות פתיחה"
    ).split()
)
# A message that asks something of its own is left to its own flow.
_FOLLOWS = ("followup", "unknown", "info", "availability", "greeting", "hours", "medication")


def _only_branch_words(d: Dialogue) -> bool:
    for word in normalize(remainder_query(d.parsed.text)).split():
        if not any(variant in _OWN_WORDS for variant in prefix_variants(word)):
            return False
    return True


def _store_name(d: Dialogue, store: str) -> str:
    return _BRANCHES[store][d.lang][0]


def answer(d: Dialogue, last: str | None) -> bool:
    """Answer ``d`` as a question about a branch, if it is one (see the module docstring).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if p.meds or p.place or verdict.red_flags or verdict.is_advice or p.intent not in _FOLLOWS:
        return False
    if not _only_branch_words(d):
        return False
    store = p.store if p.store in _BRANCHES else None
    if _WHERE.search(p.norm):
        # "where exactly is it?" right after the Jerusalem branch came up: that branch; "where are you?" with
        # no branch in the thread: both.
        about = store or (d.state.last_store if d.state.last_store in _BRANCHES else None)
        if about is None and not (_BRANCH.search(p.norm) or last == "hours" or p.intent == "unknown"):
            return False
        if about is None:
            d.say("store_addresses")
        else:
            _, street, city = _BRANCHES[about][d.lang]
            d.say("store_address", store=_store_name(d, about), street=street, city=city)
            d.state.last_store = about
        return True
    if last == "hours" and store is not None:
        # "and the Jerusalem one?" after "I don't have the opening hours": the same answer, for that branch.
        d.say("hours_unknown_store", store=_store_name(d, store))
        d.state.last_store = store
        return True
    return False


# "how many?", "how many exactly?", "how many in Jerusalem?", "כמה בדיוק?", "כמה בירושלים?": a count.
_HOW_MANY = re.compile(r"\bhow many\b|\bhow much (?:do (?:you|u) have|is left|left)\b|(?:^|\s)ו?כמה(?:\s|$)")
# Words that make "how many" a dosing question ("how many should I take a day?"), a price or a refill count:
# those are answered by their own flows, never with the stock.
_NOT_A_COUNT = re.compile(
    r"\b(?:take|taking|took|swallow|pills?|tablets?|tabs|capsules?|caps|doses?|dosage|day|daily|times|hours?|"
    r"mg|kids?|child|son|daughter|cost|costs|price|refills?|renewals?|prescriptions?|max|maximum)\b|"
    r"(?:^|\s)[והלבש]?(?:ליטול|לקחת|לוקחימ|כדור|כדורימ|טבליות|קפסולות|ביומ|ליומ|ביממה|פעמימ|מותר|מקסימומ|"
    r"מינונ|ילד|לילד|ילדה|עולה|עולימ|מחיר|זה|חידושימ|מרשמ|מרשמימ|שעות)(?:\s|$)"
)
# Fillers a count question may carry beside the request words :func:`.nlu.remainder_query` already drops.
_COUNT_WORDS = frozenset(
    normalize(
        "how many much exactly exact precisely about roughly ok okay so and then there are is do you u have got "
        "left in at stock units the branch store jerusalem jlm jaffa tel aviv dizengoff tlv "
        "כמה בדיוק בערך יש לכם נשאר נשארו במלאי יחידות אז ו סניף בסניף ירושלים יפו תל אביב דיזנגוף"
    ).split()
)


def count(d: Dialogue, last: str | None, refs: list[MedRef], run: Callable[..., None]) -> bool:
    """ "how many?", "כמה בדיוק?" right after a stock answer; "how many in Jerusalem?" after any answer about a
    product: the units at that branch (the stock), never the label's dosage (which "how many" also reads as).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if p.meds or p.refs or p.place or verdict.red_flags or not refs or len(refs) > 3:
        return False
    if last != "availability" and not (p.store and last in ("info", "equivalents", "compare", "price")):
        return False  # "how many?" after the label is about doses; a branch named makes it a count
    if not _HOW_MANY.search(p.norm) or _NOT_A_COUNT.search(p.norm):
        return False
    for word in normalize(remainder_query(p.text)).split():
        if not any(variant in _COUNT_WORDS for variant in prefix_variants(word)):
            return False  # a word left over may be a name, or a question of its own
    if not p.store and d.state.last_store:
        p.store = d.state.last_store  # "how many?" after the Jerusalem stock: still Jerusalem
    p.intent = "availability"
    p.facets = set()
    start = len(d.parts)
    run(d, "availability", refs)
    plain_followups.count_again(d, refs, start)  # the same stock line again: the count, said plainly
    return True


# "where can I get it?", "which branch has more Glucophage?", "איפה יש פורטה?", "באיזה סניף יש?": both branches.
_WHERE_STOCKED = re.compile(
    r"\bwhere (?:can|could|do|would|should) (?:i|we|u|you) (?:get|buy|find|pick up|grab)\b|"
    r"\bwhere (?:is|are) (?:it|they|there)\b.{0,20}\b(?:stock|available)\b|\bwhere(?:'s| is) it available\b|"
    r"\bwhich (?:branch|store|pharmacy|location|one of your (?:branches|stores))\b.{0,12}\b(?:has|have|got|carries|"
    r"stocks)\b|"
    r"(?:^|\s)(?:ו?איפה|ו?היכנ|ו?באיזה סניפ|ו?באיזו סניפ|ו?איזה סניפ)\s+(?:יש|אפשר|נשאר|ניתנ|זמינ|יותר)(?:\s|$)|"
    r"(?:^|\s)(?:ו?איפה|ו?היכנ)\s+(?:אפשר\s+)?(?:להשיג|לקנות|למצוא|לקבל)(?:\s|$)"
)
#: "which of them is in Jerusalem?", "איזה מהם יש בירושלים": the products named in the last turns, at that branch.
WHICH_OF_THEM = re.compile(
    r"\bwhich (?:one )?of (?:them|those|these|the two)\b|\bwhich ones?\b|(?:^|\s)(?:ו?איזה|ו?איזו|ו?אילו)\s+"
    r"(?:מהמ|מהנ|מביניהמ|מביניהנ|מה?שתיימ|מה?שניימ)(?:\s|$)"
)
_WHERE_WORDS = frozenset(
    normalize(
        "where can could do would should i we u you get buy find pick up grab which branch store pharmacy location "
        "has have got carries stocks more most it them one of the two is are available there these those in at "
        "איפה היכן באיזה באיזו איזה איזו אילו סניף יש אפשר להשיג לקנות למצוא לקבל נשאר זמין יותר הכי מהם מהן "
        "מביניהם שתיים שניים אותו אותה ממנו"
    ).split()
)


def where_stocked(d: Dialogue, last: str | None, refs: list[MedRef], run: Callable[..., None]) -> bool:
    """ "where can I get it?", "which branch has more Glucophage?", "איפה יש?", "איזה מהם יש בירושלים?": the stock.

    A branch named ("which of them is in Jerusalem?") checks that branch; otherwise both branches, so the
    customer sees where the product is and how many units each has (never "which would you like to know?").

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if p.refs or p.place or verdict.red_flags or verdict.symptom:
        return False
    which = WHICH_OF_THEM.search(p.norm)
    if not (_WHERE_STOCKED.search(p.norm) or (which and (p.store or c.HAS.search(p.norm)))):
        return False
    if p.meds:
        targets = [MedRef(ids=list(m), q=p.names.get(tuple(m)) or m[0]) for m in p.meds][:3]
    elif which:
        recent = [r for r in d.state.recent if r.ids]
        targets = recent[-2:] if len(recent) >= 2 else refs
    else:
        targets = refs
    if not targets or len(targets) > 3:
        return False
    if not p.meds:
        for word in normalize(remainder_query(p.text)).split():
            if not any(variant in _WHERE_WORDS for variant in prefix_variants(word)):
                return False  # "where can I get Xanax?": a name of its own, looked up by the normal flow
    p.stores = [p.store] if p.store else ["s1", "s2"]
    p.store = p.stores[0]
    p.intent = "availability"
    run(d, "availability", targets)
    d.state.last_refs = targets
    return True
