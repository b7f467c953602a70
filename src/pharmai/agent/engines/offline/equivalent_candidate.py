"""An equivalents question about the product of the thread, with another product offered as the candidate.

"need Moxypen" then "anything equivalent? Augmentin maybe?" / "יש משהו אחר במקום? אוגמנטין?": the question is
about Moxypen's equivalents, and Augmentin is the one the person thinks of. The answer is Moxypen's identical
equivalents (none), then whether Augmentin is one (a different composition), never "the equivalents of
Augmentin". A name that is the object of the question ("an equivalent of Augmentin?", "תחליף לאוגמנטין",
"anything instead of Augmentin?") is a new question, left to the normal flow.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_compare
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize

__all__ = ["answer"]

# Readings of such a message: the equivalents question, or the name read alone.
_READINGS = ("equivalents", "medication", "followup", "unknown", "info", "compare", "availability")
# Words that ask for another product in place of the one talked about.
_ASKS = re.compile(
    c.EQUIVALENT.pattern
    + "|"
    + c.cues(
        "anything else", "something else", "other option", "other options", "משהו אחר", "משהו דומה", "אפשרות אחרת"
    ).pattern
)  # fmt: skip
# A clause ends here: a name after it is offered on its own ("anything equivalent? Augmentin maybe?").
_CLAUSE_END = re.compile(r"[?!.,;:\u2013\u2014-]")
# "than", "to", "for", "of", "ל…" right before the name: the name is what the equivalents are asked of.
_OBJECT_OF = re.compile(r"\b(?:of|to|for|than)\s*(?:the\s+)?$|(?:^|\s)ל\s*$", re.IGNORECASE)


def _candidate_offered(d: Dialogue) -> bool:
    """The message asks for an equivalent, and its one name comes after that question as an offer."""
    p = d.parsed
    mention = p.mentions[0]
    start = int(getattr(mention, "start", 0) or 0)
    before = p.text[:start]
    if _ASKS.search(normalize(before)) is None:
        return False  # "Augmentin, anything equivalent?": the equivalents of the product named first
    clause = _CLAUSE_END.split(before)[-1]
    # The name opens a clause of its own, or follows no word that makes it the object of the question.
    return not clause.strip() or not (_ASKS.search(normalize(clause)) or _OBJECT_OF.search(clause.lower()))


def answer(d: Dialogue, last_refs: list[MedRef]) -> bool:
    """Answer "anything equivalent? Augmentin maybe?" about the product of the thread.

    Args:
        d: The turn.
        last_refs: The products talked about last (the thread's product first).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if len(p.meds) != 1 or len(p.mentions) != 1 or p.interaction_cue or verdict.red_flags or verdict.symptom:
        return False
    if d.state.last_intent in (None, "interaction") or p.intent not in _READINGS:
        return False
    named = flows_catalog.named_refs(d)[:1]
    thread = [r for r in last_refs if r.ids and named and not set(r.ids) & set(named[0].ids)]
    if not named or len(thread) != 1 or not _candidate_offered(d):
        return False
    flows_catalog.equivalents(d, str(thread[0].ids[0]), p.store)
    flows_compare.same_or_not(d, [thread[0], named[0]])
    d.state.last_refs = [thread[0], named[0]]
    p.intent = "equivalents"
    return True
