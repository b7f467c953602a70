"""Short follow-ups about the product(s) in play whose words used to be looked up as a medication's name.

- two branches joined by "or" ("jerusalem or tel aviv, which gets it first?", «מי יקבל קודם, בירושלים או
  בת"א»): the stock and restock date at both branches;
- coming to a branch ("if I drop in at Jerusalem tomorrow", «אם אני בא לירושלים מחר, יש?»): that branch's stock;
- "which has more at Dizengoff?", «ממה יש יותר בתל אביב?» after two products: both counts at that branch (a
  fact, never a recommendation);
- "you said it's out, when is it back?", «אמרת שאזל, מתי יחזור?»: the stock and restock date;
- "dupe?", «יש חיקוי?», «מה שווה הערך שלו?»: the identical equivalents.

A word left over that may be a name ("and blorfex in jerusalem or tel aviv?") leaves the message to the normal
flow, which looks it up; a product named in the message is answered about itself. The words themselves are in
:mod:`._follow_words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _follow_words as w
from pharmai.agent.engines.offline import flows_catalog, sibling
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

_CATALOG = ("availability", "info", "equivalents", "list", "price", "compare", "interaction")
_OR = c.cues("or", "או", "vs", "versus", "either")
# "which has more", «ממה יש יותר»: a comparison of amounts (the units at a branch).
_MORE = re.compile(r"\b(?:more|most|bigger|larger)\b|(?:^|\s)(?:יותר|הכי הרבה)(?:\s|$)")
_WHICH = re.compile(r"\b(?:which|who)\b|(?:^|\s)ו?(?:ממה|ממי|מה|מי|איזה|איזו|של מי)(?:\s|$)")
_WHEN = re.compile(r"\bwhen\b|\bback\b|\bmore\b|(?:^|\s)ו?מתי(?:\s|$)")


def answer(d: Dialogue, last: str | None, refs: list[MedRef], run: Run) -> bool:
    """Answer ``d`` as one of the follow-ups of the module docstring, if it is one.

    Args:
        d: The turn.
        last: The request the previous turn answered.
        refs: The products of the thread.
        run: The engine's catalog flow.

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if last not in _CATALOG or verdict.red_flags or verdict.symptom or (p.refs and not p.stores):
        return False
    if p.place or p.loose or remainder_query(_without_names(d)):
        return False  # a name left over ("blorfex"), or a city with no branch: the normal flow's
    targets = [MedRef(ids=list(m), q=p.names.get(tuple(m)) or m[0]) for m in p.meds][:3] or refs
    if not targets:
        return False
    if len(set(p.stores)) >= 2 and (_OR.search(p.norm) or w.FIRST_OR_MORE.search(p.norm)):
        return _stock(d, targets, list(dict.fromkeys(p.stores)), run)  # "jerusalem or tel aviv?"
    if p.meds:
        return False  # a product named with no such question: its own flow
    if len(p.stores) == 1 and w.COMING.search(p.norm) and not verdict.is_advice:
        return _stock(d, refs, p.stores, run)  # "if I come to Jerusalem tomorrow"
    recent = [ref for ref in d.state.recent if ref.ids and ref.ids[0] != "?"]
    if len(recent) >= 2 and _MORE.search(p.norm) and _WHICH.search(p.norm):
        here = p.store or d.state.last_store or d.turn.session.store_id
        return _stock(d, recent[-2:], [here], run)  # "which has more at Dizengoff?"
    if w.DUPE.search(p.norm) and not c.CHEAPER.search(p.norm) and refs[0].ids[0] != "?":  # cheaper: + prices
        p.intent = "equivalents"
        flows_catalog.equivalents(d, str(refs[0].ids[0]), p.store)
        return True
    if w.SAID.search(p.norm) and (_WHEN.search(p.norm) or c.RESTOCK.search(p.norm)) and not verdict.is_advice:
        return _stock(d, refs, [p.store] if p.store else [], run)  # "you said it's out, when is it back?"
    return sibling.answer(d, last, refs, run)  # "the stronger one", «החזק יותר»


def _without_names(d: Dialogue) -> str:
    text = d.parsed.text
    for mention in sorted(d.parsed.mentions, key=lambda m: -int(getattr(m, "start", 0))):
        start, end = int(getattr(mention, "start", 0)), int(getattr(mention, "end", 0))
        text = text[:start] + " " + text[end:]
    return text


def _stock(d: Dialogue, refs: list[MedRef], stores: list[str], run: Run) -> bool:
    p = d.parsed
    if stores:
        p.stores = stores
        p.store = stores[0]
    p.intent = "availability"
    p.facets = set()
    run(d, "availability", refs)
    d.state.last_refs = refs
    return True
