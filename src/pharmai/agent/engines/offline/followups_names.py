"""A bare follow-up with a name the catalog does not recognise: "and zirtek?", "what about viagra lol", "ויש
ונטולין?".

The catalog finds the names it knows (and near misspellings) in a message; a name too far from any (a bad
misspelling, a product not carried) is found by no mention. In a new message such a word is looked up as a
name; in a follow-up fragment it used to fall to "I can only help with pharmacy questions" (or, when the
model read the unknown word as a complaint, to the advice refusal). Here the word left is looked up as a
name in the thread's request, at the branch of the thread: a product found is answered, a misspelling gets
"did you mean …?" (a "yes" then answers at that branch) and a product not carried is said not to be in the
catalog.

State read: ``last_intent`` (the request the fragment continues) and ``last_store``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_care, flows_catalog
from pharmai.agent.engines.offline.dialogue_state import MedRef, WhichStore
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["place_only", "unknown_name"]

#: ``run(d, intent, refs)``: the engine's catalog flow (``refs`` ``None`` = the names of the message).
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

# The requests a product thread may carry on with ("and zirtek?" after a stock check checks its stock).
_THREADS = ("availability", "info", "equivalents", "price", "list", "compare", "interaction")
# The message's own reading when it has no request that would replace the thread's (or one of the thread's).
_FOLLOWING = ("followup", "unknown", "medication", "greeting", "symptom", "availability", "info", "equivalents")
# A name is one or two words ("zirtek", "viagra", "ventolin inhaler").
_MAX_WORDS = 2
_MIN_LETTERS = 3
# A question of its own this short ("got ventolin?", "זירטיק יש?") still continues the thread's branch.
_SHORT = 4
# The shape of a follow-up about another product ("and X?", "what about X", "ויש X?", "ומה עם X"): an
# unknown word read as a complaint is still a name in this shape.
_ANOTHER = re.compile(
    r"^(?:and|also|plus|or|what about|how about|and what about|ok|okay|so|then|hmm|any|got any|do you have|do u have|"
    r"you have|u have|have you got)\b|^ו(?=[\u05d0-\u05ea]{3})|^(?:"
    + "|".join(normalize(cue) for cue in ("ומה עם", "מה עם", "ומה לגבי", "מה לגבי", "ויש", "יש", "ואין", "גם"))
    + r")(?=\s|$)"
)
# Someone's complaint, a person or a time ("and a headache?", "and for my son?", "ויש לי שיעול?", "and
# tomorrow?"): never a name to look up.
_NOT_A_PRODUCT = re.compile(
    c.SYMPTOM_WORDS.pattern
    + "|"
    + flows_catalog.CHILD.pattern
    + r"|\b(?:i|im|i'm|me|my|mine|we|our|us|he|she|his|her|wife|husband|mom|mum|dad|mother|father|friend|"
    r"today|tomorrow|tonight|yesterday|morning|evening|week|weekend|price|cost|delivery|hours|open)\b|"
    + c.cues(
        "לי",
        "שלי",
        "אני",
        "אנחנו",
        "לנו",
        "שלנו",
        "אשתי",
        "בעלי",
        "אמא",
        "אבא",
        "היום",
        "מחר",
        "הערב",
        "בבוקר",
        "שבוע",
        "מחיר",
        "משלוח",
        "שעות",
        "פתוח",
    ).pattern
)


def unknown_name(d: Dialogue, last: str | None, run: Run) -> bool:
    """ "and zirtek?", "what about viagra lol", "ויש ונטולין?" in a product thread: the word left, as a name.

    Args:
        d: The turn.
        last: The request answered last.
        run: The engine's catalog flow.

    Returns:
        True when the word was looked up (and answered) here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if last not in _THREADS or p.intent not in _FOLLOWING:
        return False
    if p.meds or p.refs or p.loose or p.place or p.code or p.identifier:
        return False  # a name found, a position, a town, a code: their own flows
    if verdict.red_flags or verdict.is_advice:
        return False
    words = remainder_query(p.text).split()
    if not 0 < len(words) <= _MAX_WORDS or any(len(_letters(word)) < _MIN_LETTERS for word in words):
        return False
    if _NOT_A_PRODUCT.search(p.norm):
        return False
    new_request = p.intent in ("availability", "info", "equivalents")
    fragment = p.act in ("ellipsis", "correction") or (new_request and len(p.norm.split()) <= _SHORT)
    if not (fragment or _ANOTHER.search(p.norm)):
        return False  # a fragment or "and X?": a whole new sentence is the normal flow's
    if (p.intent == "symptom" or verdict.symptom) and not _ANOTHER.search(p.norm):
        return False  # "ונטולין?" alone may be a complaint; "ויש ונטולין?" asks for a product
    intent = p.intent if new_request else _thread_request(p.norm, last)
    if not p.store and d.state.last_store:
        p.store = d.state.last_store  # "and zirtek?" after the Dizengoff stock: still Dizengoff
    p.intent = intent
    run(d, intent, None)
    return True


def _thread_request(norm: str, last: str) -> str:
    if last in ("availability", "info", "equivalents"):
        return last
    return "availability" if c.HAS.search(norm) or c.AVAILABILITY.search(norm) else "info"


def _letters(word: str) -> str:
    """The word without the Hebrew prefix letters it may carry ("וזירטק" → "זירטק")."""
    return min(prefix_variants(normalize(word)), key=len)


# A message about a place and nothing else may have any reading ("did you open a branch in Herzliya?").
_PLACE_ONLY = ("unknown", "followup", "greeting", "info", "medication", "symptom")


def place_only(d: Dialogue) -> bool:
    """ "did you open a branch in Herzliya?", "פתחתם סניף בהרצליה?": a town with no branch, and nothing else.

    Said so, with the branches there are and the offer to check one (for the product of the thread, if any),
    whatever the model read into the message; never "I can only help with pharmacy questions".
    """
    p, verdict = d.parsed, d.turn.verdict
    if not p.place or p.store or p.meds or p.refs or p.intent not in _PLACE_ONLY:
        return False
    if verdict.red_flags or verdict.is_advice or remainder_query(p.text):
        return False  # a word left may be a name: the normal flow looks it up
    refs = [MedRef(ids=r.ids, q=r.q) for r in flows_catalog.last_refs(d)]
    flows_care.no_branch(d, ask=WhichStore(intent="availability", refs=refs))
    return True
