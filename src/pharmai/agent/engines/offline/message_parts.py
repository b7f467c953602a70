"""A message that asks several catalog questions, each about its own product and branch, answered one by one.

"כמה זירטק יש בתל אביב, מה המינון של קלריטין וגם יש אופטלגין בירושלים?" asks three things: Zyrtec's stock in
Tel Aviv, Claritine's dosage, Optalgin's stock in Jerusalem. Read as one request, every product would get every
answer at every branch named (and the tool budget would run out); here each part of the message keeps its own
products, branch and request:

- a part that names no product asks about the product of the part before it ("…do you have moxypen anywhere,
  and when is it back"), and a question already answered by an earlier part (the restock date is in the stock
  line) is not asked twice;
- "anywhere", "בשום מקום", "באיזה סניף" means every branch;
- the products named together are still checked for interactions (seed 000), but only a caution or an avoid
  result is said: the parts asked about each product apart.

Also :func:`asks_own_stock`: "נגמר לכם הליפיטור בת"א? יש משהו דומה" asks the stock first, then the equivalents.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_care, flows_catalog, interaction_report
from pharmai.agent.engines.offline._clauses import LIKE_IT
from pharmai.agent.engines.offline._clauses import ask as _intent
from pharmai.agent.engines.offline._clauses import spans as _spans
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import Parsed
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.thread_intent import EVERY_BRANCH
from pharmai.policy.complaints import is_service_complaint
from pharmai.text.normalize import normalize

__all__ = ["answer", "asks_own_stock"]

Run = Callable[[Dialogue, str, list[MedRef] | None], None]

_ALL_STORES = ["s1", "s2"]
_CATALOG = ("availability", "info", "compare", "equivalents", "price", "medication", "interaction")
# "and augmentin", "the nurofen forte": a part this short, of no request words, is a name alone.
_NAME_ALONE = 3
_SENTENCE_END = re.compile(r"[?!.;\n]")
# "is it…", "do you have them…", «יש אותו…», «הוא במלאי…»: a part that points back to the product talked about.
_POINTS_BACK = re.compile(r"\b(?:it|its|that one|this one|them|they)\b|(?:^|\s)(?:אותו|אותה|אותמ|הוא|היא|זה)(?=\s|$)")


# "Acamol instead", "switch to Acamol", «אקמול במקום»: the product named is taken in place of the one before;
# "instead of Acamol", «במקום אקמול» name the product to replace (its alternatives), never this.
_SWAP = re.compile(r"\binstead\b|\bswitch(?:ing)? (?:me )?to\b|\bswap\b|(?:^|\s)ו?ב?מקומ(?=\s|$)")
_INSTEAD_OF = re.compile(r"\binstead of\b|\brather than\b|(?:^|\s)ו?במקומ\s+\S")


@dataclass
class _Part:
    """One part of the message: its text, products, branches and request."""

    norm: str
    refs: list[MedRef] = field(default_factory=list)
    stores: list[str] = field(default_factory=list)
    intent: str | None = None
    facets: set[str] = field(default_factory=set)


def _parts(p: Parsed) -> list[_Part]:
    parts: list[_Part] = []
    for start, end in _spans(p.text):
        norm = normalize(p.text[start:end])
        refs: list[MedRef] = []
        for mention in p.mentions:
            ids = list(getattr(mention, "med_ids", ()) or ())
            if ids and start <= mention.start < end and all(ids != r.ids for r in refs):
                refs.append(MedRef(ids=ids, q=p.names.get(tuple(ids)) or str(mention.matched_text)))
        named = sorted((m.start(), s) for s, pattern in c.STORES.items() if (m := pattern.search(norm)))
        stores = list(_ALL_STORES) if EVERY_BRANCH.search(norm) else [s for _, s in named]
        intent, facets = _intent(norm, len(refs))
        parts.append(_Part(norm, refs, stores, intent, facets))
    return parts


def _merged(parts: list[_Part]) -> list[_Part]:
    """ "and augmentin, same thing?": a part of a name alone is one question with the part that asks about it."""
    kept: list[_Part] = []
    for part in parts:
        before = kept[-1] if kept else None
        alone = before is not None and len(before.norm.split()) <= _NAME_ALONE and not _asks_same(before.norm)
        if (
            before is not None
            and alone
            and before.refs
            and before.intent is None
            and not before.stores
            and not part.refs
        ):
            norm = f"{before.norm} {part.norm}"
            intent, facets = _intent(norm, len(before.refs))
            kept[-1] = _Part(norm, before.refs, part.stores, intent, facets)
            continue
        kept.append(part)
    return kept


def answer(d: Dialogue, run: Run, after: Callable[[Dialogue], None] | None = None) -> bool:
    """Answer each part of a message of several catalog questions on its own (see the module docstring).

    Args:
        d: The turn.
        run: The engine's catalog flow, ``run(d, intent, refs)``.
        after: Run once every part is answered (the check against the medications the person takes).

    Returns:
        True when the message was answered here; False leaves it to the one-request flow.
    """
    p, verdict = d.parsed, d.turn.verdict
    # "is it in Jerusalem, and is Nurofen the same?" after Advil: "it" is the one product of the thread.
    thread = d.earlier_refs[-1:] if len(d.earlier_refs) == 1 and len(p.meds) == 1 else []
    if len(p.meds) + len(thread) < 2 or p.refs or p.place or p.loose or p.intent not in _CATALOG:
        return False
    if verdict.red_flags or verdict.is_advice or verdict.symptom or d.turn.resolution is not None:
        return False  # urgent care, a referral: their own flows (which still check the products together)
    parts = _merged(_parts(p))
    if len(parts) < 2:
        return False
    # «ויש משהו שווה ערך? אוגמנטין זה אותו דבר?» after Moxypen: asking for one like it points back to it too.
    back = _POINTS_BACK.search(parts[0].norm) or parts[0].intent == "equivalents"
    # «אוגמנטין זה אותו דבר? ואם לא, יש תחליף?» after Moxypen: the first part compares its one product with it.
    if thread and parts[0].refs and _same_as_before(parts[0], thread):
        back = True
    elif thread and parts[0].refs:
        back = False
    if thread and not back:
        return False  # the thread's product only stands for a first part that points back to it ("it")
    last: list[MedRef] = [MedRef(ids=list(r.ids), q=r.q) for r in thread]
    # "got advil? what about lipitor in jlm": a first part of no request words of its own asks the message's.
    intent: str | None = "availability" if p.intent == "availability" else None
    if sum(1 for part in parts if part.refs) + len(thread) < 2:
        return False  # one part names the products, the others only ask about them: one request, as before
    compared: list[MedRef] = []
    replaced: list[MedRef] = []
    for part in parts:
        if not part.refs and compared and (part.intent is None or _asks_same(part.norm)):
            # "can I have Acamol instead, is it the same?", "…? if not,": the comparison just made (said once).
            part.intent, part.refs = "compare", list(compared)
            continue
        if not part.refs and len(last) != 1:
            return False  # "acamol vs tylenol, same thing?": "it" could be either product
        if not part.refs and replaced and part.intent == "equivalents":
            # "is Augmentin the same? if not, anything equivalent?": like the product Augmentin would replace.
            part.refs = list(replaced)
        replaced = []
        if _same_as_before(part, last):
            # "…when is it coming and is augmentin the same thing": Augmentin compared with the product before.
            part.intent, part.refs = "compare", [*last, *part.refs]
            replaced = list(last)
        part.refs = part.refs or list(last)  # "and when is it back": the product of the part before
        last = part.refs[-1:] if part.intent == "compare" else part.refs
        compared = list(part.refs) if part.intent == "compare" else []
        if part.intent is None:
            # "…, and Optalgin in Jerusalem": a product and a branch ask the stock; else the part before's request.
            part.intent = "availability" if part.stores else intent
        intent = part.intent
        if not part.refs or part.intent is None:
            return False
    if len({(part.intent, tuple(map(tuple, (r.ids for r in part.refs))), tuple(part.stores)) for part in parts}) < 2:
        return False
    if all(part.intent == parts[0].intent and not part.stores for part in parts):
        return False  # "is Advil in stock, and Tylenol?": one request about several, as before
    if is_service_complaint(p.text):
        d.say("service_apology")  # "you guys still don't have it, this is ridiculous": sorry first, then the answers
    saved = (p.store, p.stores, p.facets, p.intent)
    stocked: set[tuple[str, str]] = set()
    # "do you have Lipitor? and Advil in Jerusalem?": a branch named in a later sentence is no branch of the
    # sentences before it; those are asked where the conversation was (or at the session's branch). "Lipitor
    # and Advil in Jerusalem?" is one sentence: both there.
    spans = _spans(p.text)
    first = next((i for i, part in enumerate(parts) if part.stores), len(parts))
    here = d.store_before or d.turn.session.store_id or _ALL_STORES[0]
    asked: set[tuple[str, tuple[str, ...]]] = set()
    try:
        for index, part in enumerate(parts):
            key = (str(part.intent), tuple(str(r.ids[0]) for r in part.refs))
            if part.intent == "compare" and key in asked:
                continue  # the same comparison again ("…, is it the same thing?"): said once
            asked.add(key)
            apart = first < len(parts) and _SENTENCE_END.search(p.text[spans[index][1] : spans[first][0]])
            if index < first and apart and p.store and not part.stores:
                part.stores = [here]
            _run_part(d, part, run, stocked)
    finally:
        p.store, p.stores, p.facets, p.intent = saved
    _interaction(d)
    if after is not None:
        after(d)
    # "ok so the Jerusalem one, when exactly?" is about the product the message ended with.
    d.state.last_refs = [MedRef(ids=r.ids, q=r.q) for r in parts[-1].refs]
    return True


def _same_as_before(part: _Part, before: list[MedRef]) -> bool:
    """The part asks whether its one product is the same as the one product of the part before."""
    if len(part.refs) != 1 or len(before) != 1 or part.refs[0].ids == before[0].ids:
        return False
    if _SWAP.search(part.norm) and not _INSTEAD_OF.search(part.norm):
        return True  # "can I get Acamol instead?", «אפשר אקמול במקום?»: one product for the other, so the same?
    return _asks_same(part.norm)


def _asks_same(norm: str) -> bool:
    return bool(c.SAME_THING.search(norm) or c.COMPARE.search(c.COMPARE_TIMES.sub(" ", norm)))


def _run_part(d: Dialogue, part: _Part, run: Run, stocked: set[tuple[str, str]]) -> None:
    p = d.parsed
    stores = part.stores or [p.store or d.turn.session.store_id or "s1"]
    if part.intent == "availability":
        refs = [r for r in part.refs if any((str(r.ids[0]), s) not in stocked for s in stores)]
        if not refs:
            return  # "when is it back?" after its stock at every branch: the restock date was in it
        stocked.update((str(r.ids[0]), s) for r in refs for s in stores)
        part.refs = refs
    p.store, p.stores = (part.stores[0], part.stores) if part.stores else (p.store, [])
    p.facets, p.intent = part.facets, str(part.intent)
    if part.intent == "compare":
        if stocked:
            # "low on Tylenol? can I get Acamol instead, same thing?": the product offered instead is one to buy
            # too, so its stock is said beside the first one's (at the same branches), then the comparison.
            kept = (p.store, p.stores)
            _stock_of_others(d, part, run, stocked)
            (p.store, p.stores), p.intent = kept, "compare"
        run(d, "compare", part.refs)
    elif part.intent == "price":
        # "…, and how much is Optalgin?": no price on file for the product this part asks about (not every one).
        flows_care.price(d, [r.q for r in part.refs if r.q])
    else:
        for ref in part.refs:
            run(d, str(part.intent), [ref])


def _stock_of_others(d: Dialogue, part: _Part, run: Run, stocked: set[tuple[str, str]]) -> None:
    """The stock of the products of a comparison that no stock part asked about yet, where stock was asked."""
    stores = list(dict.fromkeys(store for _, store in stocked))
    for ref in part.refs:
        if any(str(ref.ids[0]) == med_id for med_id, _ in stocked):
            continue
        stocked.update((str(ref.ids[0]), s) for s in stores)
        p = d.parsed
        p.store, p.stores, p.intent = stores[0], stores if len(stores) >= 2 else [], "availability"
        run(d, "availability", [ref])


def _interaction(d: Dialogue) -> None:
    """The products named together, checked; only a caution or an avoid result is said (seed 000)."""
    refs = flows_catalog.named_refs(d)
    if len(refs) < 2 or any(r.name == "interaction_check" for r in d.turn.tools.results):
        return
    # Said by name, or "could not check" (never read as "none"); a check made first and then reported would
    # count its pairs as said already, and the caution would be lost.
    interaction_report.report(d, refs, warnings_only=True)


def asks_own_stock(p: Parsed) -> bool:
    """Whether a part of the message asks the named product's stock apart from asking for a similar one.

    "נגמר לכם הליפיטור בת"א? יש משהו דומה": the stock of Lipitor, then its equivalents; "יש חלופה לליפיטור?"
    asks for the equivalents only (their answer gives their stock).
    """
    if not p.meds:
        return False
    spans = _spans(p.text)
    if len(spans) < 2:
        return False
    stock = like = False
    for start, end in spans:
        norm = normalize(p.text[start:end])
        if any(pattern.search(norm) for pattern in LIKE_IT):
            like = True
        elif any(pattern.search(norm) for pattern in (c.AVAILABILITY, c.OUT_OF_STOCK, c.HOW_MANY_UNITS, c.HAS)):
            stock = True
    return stock and like
