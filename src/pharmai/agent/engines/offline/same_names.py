"""Two names of one ingredient: "acetaminophen is the same thing as paracetamol right?", "אופטלגין זה דיפירון?".

The catalog knows an ingredient by several names (paracetamol / acetaminophen, metamizole / dipyrone); both
names then find the same products, so the message seems to name one medication and the label is read out
without ever answering the question. When a message asks whether two names are the same ("same", "is",
"זה", "כמו") and at least one of them names an ingredient, the answer says yes (or no) from the label facts
first: the two names of one active ingredient, or the brand's active ingredient and its other name.

"is that like dipyrone?" after Acamol compares the product talked about with the one named (different
ingredients, said by name), never the named product's label alone.

On a red-flag turn the urgent-care line stays first (the loop writes it); the factual answer follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_compare, urgent_thread
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, say
from pharmai.text.normalize import normalize

__all__ = ["answer"]

Run = Callable[[Dialogue, str, list[MedRef] | None], None]

# "X is Y?", "X = Y", "X aka Y", "another name for", "also called", "זה", "הוא", "נקרא", "שם אחר".
_IDENTITY = re.compile(
    r"\b(?:is|are|isn'?t|aren'?t|aka|called|another name|other name|same|like|means|equals?|both)\b|=|"
    + c.cues(
        "זה",
        "זו",
        "הוא",
        "היא",
        "נקרא",
        "נקראת",
        "שם אחר",
        "שם נוסף",
        "כמו",
        "אותו",
        "אותה",
        "זהה",
        "שניהם",
        "שתיהן",
    ).pattern
)
# "is that like dipyrone?", "is it similar to Optalgin?": the product talked about, likened to one named.
_LIKE = re.compile(
    r"\b(?:is|are|was|isn'?t) (?:it|that|this|they|those|these) (?:like|similar to|the same as|same as)\b|"
    r"\bsame (?:thing )?as\b|(?:^|\s)(?:דומה|דומים|דומות|זהה|זהים)\s+ל\S|"
    + c.cues("זה כמו", "הוא כמו", "היא כמו", "זה אותו דבר כמו").pattern
)
_TEXTS = {
    "two_names": {
        "en": "Yes: {names} are two names of the same active ingredient ({ingredient}).",
        "he": "כן: {names} – שני שמות של אותו חומר פעיל ({ingredient}).",
    },
    "brand_is": {
        "en": "Yes: the active ingredient of {brand} is {ingredient}.",
        "he": "כן: החומר הפעיל של {brand} הוא {ingredient}.",
    },
    "brand_alias": {
        "en": "Yes: the active ingredient of {brand} is {ingredient}; {alias} is another name for the same ingredient.",
        "he": "כן: החומר הפעיל של {brand} הוא {ingredient}; {alias} הוא שם אחר של אותו חומר.",
    },
}


def answer(d: Dialogue, run: Run) -> bool:
    """Answer whether two names are the same ingredient (or liken the last product to one named).

    Args:
        d: The turn.
        run: The engine's catalog flow (``run(d, "compare", refs)``).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if p.refs or p.store or p.interaction_cue or not p.meds or verdict.symptom or verdict.is_advice:
        return False  # "took acetaminophen and paracetamol, is that ok?": advice, referred by its own flow
    typed = _two_names(d)
    if typed is not None and (_IDENTITY.search(p.norm) or "=" in p.text):
        return _same_names(d, typed)
    if verdict.red_flags:
        return False
    return _like_last(d, run)


def _two_names(d: Dialogue) -> list[Any] | None:
    """The mentions of one message that name the same ingredient, one of them by its ingredient name.

    "is acetaminophen the same as acamol? I only know tylenol" names the ingredient and two of its brands:
    all of them are one ingredient, and the answer says so for each brand.
    """
    mentions = [m for m in d.parsed.mentions if getattr(m, "med_ids", None) and not getattr(m, "fuzzy", False)]
    names = {normalize(str(m.matched_text)) for m in mentions}
    generics = [m for m in mentions if getattr(m, "kind", "") == "generic"]
    if len(mentions) < 2 or len(names) != len(mentions) or not generics:
        return None
    if len(generics) == len(mentions) and len(mentions) != 2:
        return None  # three names of ingredients: not a question this answers
    widest = set(max(mentions, key=lambda m: len(m.med_ids)).med_ids)
    if not all(set(m.med_ids) <= widest for m in mentions):
        return None  # "is Advil the same as Tylenol?": two products, compared by the normal flow
    return mentions


def _ingredient(med: dict[str, Any]) -> str:
    items = [i for i in med.get("active_ingredients") or [] if isinstance(i, dict)]
    return " + ".join(str(i.get("name") or "") for i in items)


def _shown(text: str) -> str:
    """A name as typed, with a capital letter when it is written in Latin letters ("acetaminophen")."""
    text = text.strip()
    if len(text) > 4 and text[0] == "ו" and text[1] not in "וי":
        text = text[1:]  # «אקמול ואצטמינופן»: the "and" glued to the name is never echoed (a "וו" is a letter)
    return text[:1].upper() + text[1:] if text[:1].isascii() else text


def _same_names(d: Dialogue, mentions: list[Any]) -> bool:
    meds = [flows_compare.facts(d, str(m.matched_text)) for m in mentions]
    if any(med is None for med in meds):
        return False
    kinds = [getattr(m, "kind", "") for m in mentions]
    ingredient = _ingredient(meds[0] or {})
    if any(normalize(_ingredient(med or {})) != normalize(ingredient) for med in meds):
        return False  # not one ingredient after all: the normal flow compares them
    if d.turn.verdict.red_flags:
        urgent_thread.answer(d)  # the urgent line first, however the question is answered
    if all(kind == "generic" for kind in kinds):
        names = join_names(d.lang, [_shown(str(m.matched_text)) for m in mentions])
        d.add(_TEXTS["two_names"][d.lang].format(names=names, ingredient=ingredient))
        first = meds[0] or {}
        products = [str(x.get("display_name")) for x in first.get("products") or [] if isinstance(x, dict)]
        if products:
            d.add(say(d.lang, "info_products", names=join_names(d.lang, products)))
    else:
        brands = [_brand(med or {}, m) for med, m, kind in zip(meds, mentions, kinds, strict=True) if kind != "generic"]
        brand = join_names(d.lang, list(dict.fromkeys(brands)))
        # The ingredient's other name, as typed ("acetaminophen"); its own name says nothing more.
        aliases = [_shown(str(m.matched_text)) for m, kind in zip(mentions, kinds, strict=True) if kind == "generic"]
        aliases = [a for a in aliases if not _names_ingredient(a, ingredient)]
        if not aliases:
            d.add(_TEXTS["brand_is"][d.lang].format(brand=brand, ingredient=ingredient))
        else:
            d.add(_TEXTS["brand_alias"][d.lang].format(brand=brand, ingredient=ingredient, alias=aliases[0]))
    for med in meds:
        flows_catalog.learn(d, (med or {}).get("med_id"), (med or {}).get("display_name"))
    # "how many in Jerusalem?" next is about the product talked about (the brand named, else the ingredient's).
    named = min(mentions, key=lambda m: len(m.med_ids))
    d.state.last_refs = [MedRef(ids=list(named.med_ids), q=str(named.matched_text))]
    d.parsed.intent = "info"
    return True


def _names_ingredient(alias: str, ingredient: str) -> bool:
    """Whether ``alias`` is the ingredient's own name ("Paracetamol"), not another one ("acetaminophen")."""
    return normalize(alias) in normalize(ingredient).split() or normalize(alias) == normalize(ingredient)


def _brand(med: dict[str, Any], mention: Any) -> str:
    return str(med.get("brand_name") or med.get("display_name") or _shown(str(mention.matched_text)))


def _like_last(d: Dialogue, run: Run) -> bool:
    """ "is that like dipyrone?" after Acamol: the two compared (by their ingredients), never one label."""
    p = d.parsed
    refs = flows_catalog.last_refs(d)
    if len(p.meds) != 1 or len(refs) != 1 or set(refs[0].ids) & set(p.meds[0]) or not _LIKE.search(p.norm):
        return False
    if not c.ANAPHOR.search(p.norm):
        return False  # "is Acamol like Tylenol?" names both: the normal flow compares them
    named = flows_catalog.targets(d)[:1]
    run(d, "compare", [refs[0], *named])
    d.state.last_refs = [refs[0], *named]
    p.intent = "compare"
    return True
