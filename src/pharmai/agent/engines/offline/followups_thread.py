"""Follow-ups about the products of the thread that name none: "what's the difference between them?", "what's
the other one called again?", "it's an inhaler for asthma" (about a name the catalog did not find), and the
guard that keeps ordinary words ("where is it?") from being looked up as a medication name.

State read: ``recent`` (the products named so far), ``options`` (the names last listed, equivalents
included), ``last_refs`` and the name not found last turn; see :mod:`.dialogue_state`.
"""

from __future__ import annotations

from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, flows_catalog
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["answer", "asks_label_maximum", "last_named", "remember"]

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

_RECENT = 5
# "what's the difference between them?", "מה ההבדל ביניהם": words of a comparison, beside the request words.
_COMPARE_WORDS = frozenset(
    normalize(
        "difference differences different differ between them both two vs versus compare compared comparison "
        "the same identical any big main real is there a what whats what's how are do they "
        "הבדל ההבדל הבדלים ההבדלים ביניהם בינהם בין שונה שונות שונים שתיהן שניהם השתיים שתי השניים להשוות "
        "משווה השוואה אותו אותה דבר מה יש בעצם"
    ).split()
)
# Two products asked about together ("between them", "both", "ביניהם"), or "the difference" itself: a
# comparison of the last two; "is it the same thing?" alone is about the one product (its equivalents).
_PAIR = c.cues(
    "between", "them", "they", "both", "two", "these", "those", "difference", "differences",
    "הם", "הן", "ביניהם", "בינהם", "בין", "שתיהן", "שניהם", "השתיים", "השניים", "אלה", "הבדל", "ההבדל", "הבדלים",
    "ההבדלים",
)  # fmt: skip
# "the other one", "the other", "השנייה", "האחרת": the product of the thread that is not the one last named.
_OTHER = c.cues(
    "the other one", "other one", "the other", "האחרת", "האחר", "אחרת", "השנייה", "השניה", "השני", "שנייה", "שניה",
)  # fmt: skip
# "what's it called?", "what was its name?", "מה השם", "איך קוראים לה": the name is what is asked.
_NAME = c.cues("called", "name", "named", "again", "שם", "השם", "קוראים", "קראו", "נקרא", "נקראת", "שוב")
_NAME_WORDS = frozenset(
    normalize(
        "other called name named again was the one what whats what's its it is remind me sorry "
        "האחרת האחר אחרת אחר השנייה השניה השני שנייה שניה שם השם קוראים קראו לה לו נקרא נקראת שוב מה היה היתה "
        "הייתה איך תזכיר תזכירי התרופה תרופה"
    ).split()
)
# A description of a product the catalog did not find ("it's an inhaler for asthma", "זה משאף לאסטמה").
_DESCRIBES = c.cues(
    "inhaler", "puffer", "spray", "pump", "cream", "ointment", "gel", "syrup", "drops", "pill", "pills", "tablet",
    "tablets", "capsule", "capsules", "injection", "patch", "for asthma", "for allergy", "brand", "generic",
    "משאף", "ספריי", "תרסיס", "קרם", "משחה", "ג'ל", "סירופ", "טיפות", "כדור", "כדורים", "טבליה", "טבליות",
    "כמוסה", "כמוסות", "זריקה", "מדבקה", "לאסטמה", "נגד", "לאלרגיה",
)  # fmt: skip
_FOLLOWS = ("followup", "unknown", "info", "medication", "symptom", "compare", "equivalents", "availability")


def _only(d: Dialogue, words: frozenset[str]) -> bool:
    """Every word left once the request words are gone is one of ``words``."""
    for word in normalize(remainder_query(d.parsed.text)).split():
        if not any(variant in words for variant in prefix_variants(word)):
            return False
    return True


def remember(d: Dialogue) -> None:
    """Keep the products this message named, most recent last, for "the difference between them"."""
    recent = [r for r in d.state.recent if r.ids]
    for ref in flows_catalog.named_refs(d):
        recent = [r for r in recent if r.ids != ref.ids] + [MedRef(ids=list(ref.ids), q=ref.q)]
    d.state.recent = recent[-_RECENT:]


# "how much is too much?", "max a day?", "כמה מקסימום ביום?": the label's maximum, a fact of the label.
_MAXIMUM = c.cues(
    "too much", "max", "maximum", "upper limit", "daily limit", "the most", "מקסימום", "מקסימלי", "מקסימלית",
    "המקסימום", "הכי הרבה", "יותר מדי",
)  # fmt: skip


_MAXIMUM_WORDS = frozenset(
    normalize("too much most max maximum upper daily limit allowed the הכי הרבה יותר מדי מקסימום שאפשר אפשר").split()
)


def asks_label_maximum(d: Dialogue) -> bool:
    """The message asks the most that may be taken, with no name of its own: the label's maximum answers it."""
    p = d.parsed
    return bool(_MAXIMUM.search(p.norm)) and _only(d, _MAXIMUM_WORDS)


def _that_one(d: Dialogue) -> list[MedRef]:
    """ "that": the product talked about last; of several, the one named most recently."""
    last = flows_catalog.last_refs(d)
    order = [r.ids for r in d.state.recent if r.ids]
    if len(last) > 1:
        last.sort(key=lambda ref: order.index(ref.ids) if ref.ids in order else -1)
        return last[-1:]
    return last or last_named(d)


def _label_maximum(d: Dialogue, run: Run) -> bool:
    """ "how much is too much of that?", "כמה מקסימום ביום?" about the product of the thread: the label's
    dosage line (which states the maximum), then, for a request for advice, the referral. Never for a child."""
    p, verdict = d.parsed, d.turn.verdict
    if not asks_label_maximum(d) or verdict.red_flags or verdict.symptom or flows_catalog.CHILD.search(p.norm):
        return False
    refs = _that_one(d)
    if not refs:
        return False
    p.facets = {"dosage"}
    run(d, "info", refs)
    if verdict.is_advice:
        d.add(_policy.refusal(d.lang, "personal_dosage"))
    p.intent = "info"
    return True


def last_named(d: Dialogue) -> list[MedRef]:
    """The product named last in the conversation ("of that" after "what about Acamol?"), if any."""
    recent = [r for r in d.state.recent if r.ids]
    return recent[-1:]


def _difference(d: Dialogue, run: Run) -> bool:
    p = d.parsed
    if not c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)) or not _PAIR.search(p.norm):
        return False
    if not _only(d, _COMPARE_WORDS):
        return False
    recent = [r for r in d.state.recent if r.ids]
    if len(recent) >= 2:
        pair = recent[-2:]
    else:
        last = flows_catalog.last_refs(d)
        options = list(d.state.options) if d.state.last_intent == "equivalents" else []
        if not last or len(options) != 1:
            return False
        pair = [last[0], MedRef(ids=["?"], q=options[0])]  # "how is it different?" after one equivalent
    run(d, "compare", pair)  # the last product stays the one talked about ("and the forte in Jerusalem?")
    p.intent = "compare"
    return True


def _other_one(d: Dialogue, run: Run) -> bool:
    p = d.parsed
    if not _OTHER.search(p.norm) or not _only(d, _NAME_WORDS):
        return False
    last = flows_catalog.last_refs(d)
    shown = {flows_catalog.name_of(d, str(ref.ids[0]), ref.q).casefold() for ref in last if ref.ids}
    shown |= {ref.q.casefold() for ref in last}
    names = list(d.state.options)  # the equivalents (or the list) last shown, then the products named
    names += [flows_catalog.name_of(d, str(ref.ids[0]), ref.q) for ref in d.state.recent if ref.ids]
    others = [n for n in dict.fromkeys(names) if n and n.casefold() not in shown]
    if len(others) != 1:
        return False  # none, or several: "the second one" and the lists have their own flow
    if _NAME.search(p.norm) or p.intent in ("unknown", "followup"):
        d.say("other_one", name=others[0])
    else:
        run(d, "availability" if p.intent == "availability" else "info", [_ref_of(d, others[0])])
    return True


def _unknown_product(d: Dialogue, unknown: str | None) -> bool:
    """ "it's an inhaler for asthma" right after "I couldn't find Ventolin": still about that name."""
    p, verdict = d.parsed, d.turn.verdict
    if not unknown or p.meds or p.store or verdict.red_flags or verdict.is_advice:
        return False
    if not (_DESCRIBES.search(p.norm) or c.ANAPHOR.search(p.norm)):
        return False  # another name typed again is looked up by the normal flow
    if c.AVAILABILITY.search(p.norm) and not c.ANAPHOR.search(p.norm):
        return False
    d.say("unknown_product", name=unknown)
    d.state.unknown_name = unknown  # "it's a spray" next is still about it
    return True


def _equivalent_stock(d: Dialogue, last: str | None, run: Run) -> bool:
    """ "how many of those do you have?" right after the identical equivalent was listed: its stock."""
    p = d.parsed
    if last != "equivalents" or p.stores or p.other_store or remainder_query(p.text):
        return False
    if p.intent != "availability" and not c.HOW_MANY_UNITS.search(p.norm):
        return False
    refs = _listed_equivalent(d)
    if not refs:
        return False
    run(d, "availability", refs)
    d.state.last_refs = refs  # "and in Jerusalem?" next: the product just counted
    p.intent = "availability"
    return True


def answer(d: Dialogue, run: Run, unknown: str | None, last: str | None = None) -> bool:
    """Answer ``d`` as a question about the products of the thread that names none, if it is one.

    Args:
        d: The turn.
        run: The engine's catalog flow.
        unknown: The name the catalog did not find last turn, if any.
        last: The request answered last.

    Returns:
        True when the message was answered here.
    """
    p = d.parsed
    if p.meds or d.turn.verdict.red_flags:
        return False
    if p.refs:
        # "איך קוראים לשנייה?" ("the second one") after a thread of two: the other one, by name.
        return p.refs == [2] and bool(_NAME.search(p.norm)) and p.intent in _FOLLOWS and _other_one(d, run)
    if p.intent in (*_FOLLOWS, "advice", "price") and _label_maximum(d, run):
        return True  # "how much is too much of that?" may read as advice, or as a price
    if p.intent not in _FOLLOWS:
        return False
    return _unknown_product(d, unknown) or _equivalent_stock(d, last, run) or _difference(d, run) or _other_one(d, run)


def _ref_of(d: Dialogue, name: str) -> MedRef:
    """A reference to a product by the display name a tool answer gave it (its id, when it was learnt)."""
    med_id = next((key for key, value in d.state.names.items() if value == name), None)
    return MedRef(ids=[med_id] if med_id else ["?"], q=name)


def _listed_equivalent(d: Dialogue) -> list[MedRef]:
    """ "how many of those do you have?" right after one identical equivalent was listed: that product.

    The product asked about is out of stock (that is why its equivalent was offered); a stock question now is
    about the one that can be had. "when will it be back?" is about the first one, and is not asked here.
    """
    options = list(d.state.options)
    if len(options) != 1 or c.RESTOCK.search(d.parsed.norm):
        return []
    ref = _ref_of(d, options[0])
    return [ref] if ref.ids != ["?"] else []
