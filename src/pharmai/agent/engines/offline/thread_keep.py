"""Follow-ups that keep the thread where the usual readings lose it.

- "השני יש בירושלים?", "the 2nd one in jerusalem?" after two products: that item's stock at that branch;
- "so where do you have it?", "אז איפה יש?" after "there is no branch in Haifa": the stock at our branches;
- "what about Simovil?", "מה עם ליטורבה?" in an equivalents thread: whether it is an equivalent of the thread's
  product (never an interaction check, unless taking them together is asked);
- "yes the nurofen" while the refill of another product waits for a yes: one short question, nothing approved
  (a yes naming the product waiting is approved by the loop).

Each reader answers only messages with no request of their own; anything else is left to the normal flow.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, flows_care, flows_catalog, flows_compare
from pharmai.agent.engines.offline.dialogue_state import MedRef, WhichStore
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

_RX = ("prescriptions", "refill_status", "refill_request")
# Readings of a message that carries no request of its own beyond the thread's.
_QUIET = ("followup", "unknown", "medication", "availability", "info", "greeting")
# "the other one": with two products on the table, the one not talked about first.
_OTHER_ONE = re.compile(r"\bthe other(?: one)?\b|(?:^|\s)ו?מ?(?:האחר|האחרת)(?:\s|$)")  # "כמה יש מהאחר"
# "so where do you have it?", "where is it in stock?", "אז איפה יש?", "איפה כן יש?", "באיזה סניף יש?".
_WHERE = re.compile(
    r"\bwhere\b.{0,30}\b(?:have|has|carry|carries|stock|stocked|available|get|buy|find|keep|is it|are they)\b|"
    r"\bwhere (?:then|else)\b|^(?:so |ok |and )?where\W*$|\bwhich (?:branch|branches|store|stores)\b|"
    r"(?:^|\s)(?:ו?אז )?(?:ו?איפה|ו?היכנ|ו?באיזה סניפ|ו?באיזו סניפ|ו?באילו סניפימ)(?:\s|$)"
)
# "can I take them together?", "with Lipitor", "ביחד", "לשלב": taking both, an interaction question.
_TOGETHER = re.compile(
    r"\btogether\b|\bwith (?:it|them|that|this|my|the)\b|\bat the same time\b|\bcombine\b|\bboth\b|\bmix\b|"
    r"(?:^|\s)ו?(?:ביחד|יחד|באותו זמנ|לשלב|לשלב אותמ|שילוב|שתיהנ|שניהמ|לערבב)(?:\s|$)"
)
# "what about Simovil?", "how about…", "and Simovil?", "מה עם ליטורבה?", "ומה לגבי…", "ו…?": the next candidate.
_CANDIDATE = re.compile(
    r"\b(?:what|how) about\b|^\s*(?:and|or|ok|so)\b|\bis (?:it|that|this)?\s*(?:one )?(?:ok|okay|good|fine|an? "
    r"(?:equivalent|substitute|alternative|option))\b|\bwould\b.{0,20}\bwork\b|\bdoes\b.{0,20}\bwork\b|"
    r"(?:^|\s)(?:ו?מה (?:עמ|לגבי)|ו?ומה (?:עמ|לגבי)|ו?זה (?:טוב|בסדר|מתאימ|תחליפ)|ו?הוא (?:טוב|בסדר|מתאימ|תחליפ)|"
    r"ו?היא (?:טובה|בסדר|מתאימה|תחליפ)|ו?אפשר)(?:\s|$)|^\s*ו"
)
# "and for Simovil?", "ולסימוביל?": the equivalents of the product named, asked anew.
_FOR_NAMED = re.compile(r"\bfor\s*$|(?:^|\s)ו?ל$")

_TEXTS = {
    "other_than_waiting": {
        "en": "The refill waiting for your confirmation is for {waiting}, not {named}. Shall I go ahead with the "
        "{waiting} refill? (yes / no)",
        "he": "הבקשה שממתינה לאישור היא לחידוש {waiting}, לא {named}. להמשיך עם חידוש {waiting}? (כן / לא)",
    },
}


def answer(d: Dialogue, pending: Any, run: Run) -> bool:
    """Answer ``d`` from the thread when it is one of the follow-ups this module reads.

    Args:
        d: The turn.
        pending: The question the last reply asked (``None`` when it asked none).
        run: The engine's catalog flow.

    Returns:
        True when the message was answered here.
    """
    verdict = d.turn.verdict
    if d.parsed.meds:
        d.state.picked_from = []  # a product named anew starts a thread of its own: "the other one" is not of it
    if verdict.red_flags or verdict.symptom:
        return False
    return (
        _other_than_waiting(d)
        or _where_after_no_branch(d, pending, run)
        or _ordinal_at_branch(d, run)
        or _candidate_equivalent(d)
        or _strength_after_name(d, run)
    )


def _last_refs(d: Dialogue) -> list[MedRef]:
    return [r for r in d.state.last_refs if r.ids and r.ids[0] != "?"]


def _other_than_waiting(d: Dialogue) -> bool:
    """A yes that names another product than the refill waiting: which one is meant (nothing is approved)."""
    p, waiting = d.parsed, d.state.refill
    if waiting is None or not waiting.med_id or not p.meds or p.act not in ("affirm", "affirm_content"):
        return False
    if any(waiting.med_id in group for group in p.meds):
        return False  # the product waiting, named with the yes: the loop approved it already
    named = [name for name in p.names.values() if name]
    if not named or p.intent not in ("medication", "followup", "unknown") or len(p.norm.split()) > 6:
        return False
    others = ", ".join(named)
    d.add(_TEXTS["other_than_waiting"][d.lang].format(waiting=waiting.name or waiting.med_id, named=others))
    p.intent = "followup"
    return True


def _where_after_no_branch(d: Dialogue, pending: Any, run: Run) -> bool:
    """ "so where do you have it?" right after "we have no branch there": the product's stock at our branches."""
    p = d.parsed
    if not isinstance(pending, WhichStore) or p.meds or p.store or p.place or p.refs:
        return False
    refs = [r for r in pending.refs if r.ids] or _last_refs(d)
    if not refs or len(refs) > 3 or (pending.intent or "availability") != "availability":
        return False
    if not _WHERE.search(p.norm):
        return False
    p.stores = sorted(c.STORES)  # the default branch (s1) first
    p.store = p.stores[0]
    p.intent = "availability"
    run(d, "availability", refs)
    d.state.last_refs = refs
    return True


def _ordinal_at_branch(d: Dialogue, run: Run) -> bool:
    """ "the 2nd one in jerusalem?", "השני יש בירושלים?", "and the other one?": an item of the last list, there."""
    p = d.parsed
    last = d.state.last_intent
    if p.meds or p.other_store or last in _RX or last is None or p.intent not in _QUIET:
        return False  # "and at the other branch?", "ובסניף השני": the branch is the other one, not an item
    options = list(d.state.options) if last in ("list", "equivalents") else []
    items: list[MedRef] = [MedRef(ids=["?"], q=name) for name in options] or _listed(_last_refs(d))
    current = 0  # "the other one" of two fresh items: the one not talked about first
    if len(items) < 2:
        # Right after "the first one in jlm" the thread holds that one item: the list it was picked from stands.
        items, current = _picked_list(d, items)
    if len(items) < 2:
        return False
    if p.refs:
        index = len(items) - 1 if p.refs[0] == -1 else p.refs[0] - 1
    elif _OTHER_ONE.search(p.norm) and len(items) == 2:
        index = 1 - current
    else:
        return False
    if not 0 <= index < len(items) or not (p.store or d.state.last_store or p.intent == "availability"):
        return False
    if not p.store:
        p.store = d.state.last_store
    if p.store:
        d.state.last_store = p.store
    item = items[index]
    p.intent = "availability"
    run(d, "availability", [item])
    if item.ids[0] != "?":
        d.state.last_refs = [item]
        d.state.picked_from = [r for r in items if r.ids and r.ids[0] != "?"]
    return True


def _listed(refs: list[MedRef]) -> list[MedRef]:
    """The products the last answer listed, one by one, in the order it gave them.

    "which ibuprofen do you have?" is one reference holding every product of the ingredient (Advil, Nurofen,
    Nurofen Forte), answered one line each: "the second one" is the second of those lines.
    """
    if len(refs) != 1 or len(refs[0].ids) < 2:
        return refs
    return [MedRef(ids=[med_id], q=med_id) for med_id in refs[0].ids]


def _picked_list(d: Dialogue, items: list[MedRef]) -> tuple[list[MedRef], int]:
    """The list the last ordinal picked from, and the position of the item talked about now in it.

    It stands only while the thread is still on that item (one product, one of the list); a message that names a
    product of its own has already dropped it (:func:`answer`).
    """
    picked = list(d.state.picked_from)
    if len(items) != 1 or len(picked) < 2:
        return items, 0
    at = next((n for n, ref in enumerate(picked) if set(ref.ids) == set(items[0].ids)), None)
    return (picked, at) if at is not None else (items, 0)


def _candidate_equivalent(d: Dialogue) -> bool:
    """ "what about Simovil?" after the equivalents of Lipitor: whether it is one (the label facts, one line)."""
    p, verdict = d.parsed, d.turn.verdict
    if d.state.last_intent != "equivalents" or len(p.meds) != 1 or p.refs or verdict.is_advice:
        return False
    thread = _last_refs(d)
    if len(thread) != 1 or set(thread[0].ids) & set(p.meds[0]) or len(p.norm.split()) > 8:
        return False
    if p.intent not in (*_QUIET, "interaction", "equivalents", "compare") or _TOGETHER.search(p.norm):
        return False
    if not (_CANDIDATE.search(p.norm) or len(p.norm.split()) <= 2) or _policy.is_no(p.text):
        return False
    start = int(getattr(p.mentions[0], "start", 0) or 0) if p.mentions else 0
    if _FOR_NAMED.search(p.text[:start]) or _own_prefix(p.text, start):
        return False  # "and for Simovil?", "ולסימוביל?": the equivalents of that product, asked anew
    named = MedRef(ids=list(p.meds[0]), q=p.names.get(tuple(p.meds[0])) or p.meds[0][0])
    if not flows_compare.compare(d, [thread[0], named], check=False):
        return False
    p.intent = "equivalents"  # the thread stays the equivalents of the first product ("and Litorva?")
    d.state.last_refs = thread
    return True


def _own_prefix(text: str, start: int) -> bool:
    """The name was written with a "ל" ("to/for") glued in front: "ולסימוביל", "לליפיטור"."""
    word_start = max(text.rfind(" ", 0, start) + 1, 0)
    glued = text[word_start:start] if start > word_start else ""
    return glued in ("ל", "ול")


def _strength_after_name(d: Dialogue, run: Run) -> bool:
    """ "אז תביא 200", "so give me the 200" after a bare name ("Nurofen Forte"): that product in that strength.

    A bare name leaves the thread's request as "medication", which the strength follow-up of :mod:`.followups`
    does not read; the catalog flow says whether the strength is carried, and which product has it.
    """
    p = d.parsed
    refs = _last_refs(d)
    if d.state.last_intent != "medication" or p.meds or p.refs or len(refs) != 1 or p.intent not in _QUIET:
        return False
    if len(p.norm.split()) > 7 or flows_catalog.CHILD.search(p.norm) or d.turn.verdict.is_advice:
        return False  # "for my 6 year old": an age, not a strength
    strength = flows_care.asked_strength_in(p.text)
    if strength is None:
        return False
    d.asked_strength = strength
    if not p.store and d.state.last_store:
        p.store = d.state.last_store
    p.intent = "availability"
    run(d, "availability", refs)
    return True
