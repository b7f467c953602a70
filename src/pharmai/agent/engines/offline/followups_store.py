"""Follow-ups about a branch rather than a product: "and the Jerusalem one?" after the opening hours, "where
exactly is it?" / "איפה הוא בדיוק" / "what's the address?" about the branch just talked about.

Opening hours are not on file, and neither are street numbers: a follow-up about another branch says so for
that branch, and "where is it?" gives what is on file (the street and the city, per the demo pharmacy),
never a refusal nor a lookup of "where" as a medication name.

State read: ``last_intent`` (``hours``) and ``last_store``; see :mod:`.dialogue_state`.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["answer"]

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
