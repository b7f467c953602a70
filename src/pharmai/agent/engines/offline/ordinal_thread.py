""" "The second one", «השני», "the latter" after a turn that answered about several products by name.

"tell me what Tylenol and Claritine are" answers two labels; no list of options is kept, so the position
readers (:func:`.followups._position` over the options listed, :mod:`.thread_keep` for a branch's stock) had
nothing to point into, and «השני צריך מרשם?» ("does the second one need a prescription?") looked «השני» up as
a medication name. Here a position word (an ordinal, "the former", "the latter": :data:`._cues.ORDINALS`)
with no name of its own picks that product out of the products of the last answer, in the order they were
answered, and the question asked is answered about it: its prescription fact, its label, its stock or its
equivalents (the same reading as a question about "it", :func:`.nlu.last_product_request`). The answer opens
with the product's name, so it says which one it took.

A position past the products answered, another branch ("at the second branch"), a red flag, a symptom or
advice are left to their own flows.
"""

from __future__ import annotations

from collections.abc import Callable

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_care, flows_catalog
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import last_product_request, remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["answer"]

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

# The answers about named products that a position can point back into.
_AFTER = ("info", "availability", "equivalents", "price", "compare", "medication", "interaction")
# Words of such a question that name nothing ("does the second one need a script?", «מה עם השני»).
_NOT_NAMES = frozenset(
    normalize(
        "one ones the of them two both need needs needed require requires script scripts rx about "
        "אחד אחת מהם מהן מביניהם שניהם שתיהן צריך צריכה דורש דורשת מרשם עם לגבי"
    ).split()
)
# Each product of the thread counts, a few at most (as answered).
_MAX_PRODUCTS = 5


def answer(d: Dialogue, last: str | None, run: Run) -> bool:
    """Answer a question about "the second one" of the products the last answer named (see the module).

    Args:
        d: The turn.
        last: The request of the previous turn.
        run: The engine's catalog flow.

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if not p.refs or p.meds or p.loose or last not in _AFTER:
        return False
    if p.place or p.other_store or verdict.red_flags or verdict.symptom or verdict.is_advice:
        return False  # "and at the second branch?": a branch; urgent care and advice: their own flows
    items = _products(d)
    if len(items) < 2 or _names_something(p.text):
        return False
    index = len(items) - 1 if p.refs[0] == -1 else p.refs[0] - 1
    if not 0 <= index < len(items):
        return False
    item = items[index]
    asked = last_product_request(p) or "info"
    if not p.store and d.state.last_store:
        p.store = d.state.last_store  # "is the second one in stock?" after the Jerusalem stock: still Jerusalem
    p.intent = "info" if asked == "rx" else asked
    start = len(d.parts)
    if asked == "equivalents":
        flows_catalog.equivalents(d, str(item.ids[0]), p.store)
        if c.CHEAPER.search(p.norm):
            flows_care.price(d, [])
    elif asked == "rx":
        p.facets = {"rx"}
        run(d, "info", [item])
    else:
        run(d, asked, [item])
    _named(d, start, item)
    d.state.last_refs = [item]
    d.state.picked_from = items  # "and the first one?" next picks from the same products
    return True


def _named(d: Dialogue, start: int, item: MedRef) -> None:
    """The answer opens with the product's name: "the second one" alone does not say which one it was.

    A label line about "it" ("This medication does not require a prescription", "Dosage (from the label): …")
    names nothing; after two products it must say which of them it is about.
    """
    if start >= len(d.parts):
        return
    name = flows_catalog.name_of(d, str(item.ids[0]), item.q)
    line = d.parts[start]
    if name and name not in line:
        if d.lang == "en" and line[:2].istitle():
            line = line[0].lower() + line[1:]  # "Claritine – this medication does not require …"
        d.parts[start] = f"{name} – {line}"


def _products(d: Dialogue) -> list[MedRef]:
    """The products of the last answer, one each, in the order answered (or the ones picked from before)."""
    refs = [r for r in d.state.last_refs if r.ids and r.ids[0] != "?"]
    if len(refs) == 1 and len(refs[0].ids) >= 2:
        refs = [MedRef(ids=[med_id], q=med_id) for med_id in refs[0].ids]  # "which ibuprofen do you have?"
    if len(refs) < 2:
        # Right after "the second one" the thread holds that one product: the products it was picked from stand.
        picked = [r for r in d.state.picked_from if r.ids and r.ids[0] != "?"]
        if refs and any(set(refs[0].ids) == set(r.ids) for r in picked):
            refs = picked
    return refs[:_MAX_PRODUCTS]


def _names_something(text: str) -> bool:
    """Whether a word of ``text`` beyond request words may be a name of its own.

    The position words are never kept by :func:`.nlu.remainder_query` (:data:`._follow_words.POSITION`).
    """
    for word in remainder_query(text).split():
        variants = set(prefix_variants(normalize(word)))
        if not variants & _NOT_NAMES and not variants & c.STOP:
            return True
    return False
