"""A stronger or weaker strength of the product in play: "the stronger one?", «והחזקה יותר?» after Nurofen.

"the stronger one" was looked up as a name ("stronger"); it means another product of the same active
ingredient and form in a higher strength (Nurofen Forte 400 mg after Nurofen 200 mg), the nearest one, the
same brand first. The catalog's look-up of the ingredient lists those products; when there is none, the reply
says which strengths are carried. ("the forte one" and "the 400" are read by :func:`.followups._variant` and
:func:`.followups._strength`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline import _follow_words as w
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names
from pharmai.text.normalize import normalize

__all__ = ["answer"]

#: ``run(d, intent, refs)``: the engine's catalog flow.
Run = Callable[[Dialogue, str, list[MedRef] | None], None]

_NONE = {
    "stronger": {
        "en": "We don't carry {name} in a higher strength. The strengths we carry: {names}.",
        "he": "אין לנו את {name} בחוזק גבוה יותר. החוזקים שיש לנו: {names}.",
    },
    "weaker": {
        "en": "We don't carry {name} in a lower strength. The strengths we carry: {names}.",
        "he": "אין לנו את {name} בחוזק נמוך יותר. החוזקים שיש לנו: {names}.",
    },
}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def answer(d: Dialogue, last: str | None, refs: list[MedRef], run: Run) -> bool:
    """ "the stronger one?" / «החלש יותר?» about the one product of the thread: that sibling product.

    Args:
        d: The turn (its remainder already checked to name nothing).
        last: The request the previous turn answered.
        refs: The products of the thread.
        run: The engine's catalog flow.

    Returns:
        True when the message was answered here.
    """
    p = d.parsed
    way = "stronger" if w.STRONGER.search(p.norm) else "weaker" if w.WEAKER.search(p.norm) else ""
    if not way or p.meds or len(refs) != 1 or not refs[0].ids or refs[0].ids[0] == "?":
        return False
    med = _record(d, refs[0].q)
    generic = str(med.get("generic_name") or "") if med else ""
    family = _record(d, generic) if generic else None
    products = [x for x in (family or {}).get("products") or [] if isinstance(x, dict)]
    if med is None or not products:
        return False
    pick = _nearest(med, products, way)
    if pick is None:
        names = join_names(d.lang, [str(x.get("display_name") or "") for x in products])
        d.add(_NONE[way][d.lang].format(name=med.get("display_name") or refs[0].q, names=names))
        return True
    intent = last if last in ("availability", "info") else "availability"
    p.intent = intent
    ref = MedRef(ids=[str(pick["med_id"])], q=str(pick.get("display_name") or ""))
    run(d, intent, [ref])
    d.state.last_refs = [ref]
    return True


def _record(d: Dialogue, name: str) -> dict[str, Any] | None:
    result = d.call("get_medication_by_name", medication_name=name)
    found = result.envelope.get("medication") if result.ok else None
    return found if isinstance(found, dict) else None


def _strength(product: dict[str, Any]) -> float | None:
    match = _NUMBER.search(str(product.get("strength") or ""))
    return float(match.group(0)) if match else None


def _nearest(med: dict[str, Any], products: list[dict[str, Any]], way: str) -> dict[str, Any] | None:
    """The product of the same form nearest above (or below) ``med``'s strength, the same brand first."""
    own = _strength(med)
    if own is None:
        return None
    brand = normalize(str(med.get("brand_name") or "")).split()[:1]
    found: list[tuple[float, bool, dict[str, Any]]] = []
    for product in products:
        value = _strength(product)
        if value is None or product.get("form") != med.get("form") or not product.get("med_id"):
            continue
        if (value > own) if way == "stronger" else (value < own):
            other_brand = normalize(str(product.get("display_name") or "")).split()[:1] != brand
            found.append((abs(value - own), other_brand, product))
    return min(found, key=lambda item: (item[0], item[1]))[2] if found else None
