"""The strengths a product is carried in, said when the one asked for is not ("יש לכם נורופן 600?").

"We carry Nurofen as 200 mg, not 600 mg" alone leaves the customer guessing whether any stronger product of
the same ingredient exists; the line written here names the other strengths of that ingredient that the
catalog has (Nurofen Forte 400 mg), from the look-up of the generic the strength check already made.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, strength_text
from pharmai.text.normalize import normalize

__all__ = ["missing_line", "others_line"]

_TEXTS = {
    "en": "Other strengths of {generic} that we carry: {names}.",
    "he": "חוזקים אחרים של {generic} שיש לנו: {names}.",
}
# "ibuprofen 600mg": an ingredient asked in a strength none of its products has (a colon: no agreement in Hebrew).
_MISSING = {
    "en": "We don't carry {generic} in {asked}. The strengths we carry: {names}.",
    "he": "אין לנו {generic} בחוזק {asked}. החוזקים שיש לנו: {names}.",
}
_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def missing_line(d: Dialogue, generic: str, products: list[dict[str, Any]], asked: str | None) -> str:
    """ "We don't carry Ibuprofen in 600 mg", with the strengths there are ("" when one has it, or none asked).

    Args:
        d: The turn.
        generic: The ingredient's name as the reply shows it.
        products: The products of that ingredient (``strength``, ``display_name``), as a tool returned them.
        asked: The strength the message asked for, digits only ("600").
    """
    strengths = [str(x.get("strength") or "") for x in products if isinstance(x, dict)]
    found = [_DIGITS.search(value) for value in strengths]
    if not asked or not products or not all(found):
        return ""
    if any(float(m.group(0)) == float(asked) for m in found if m is not None):
        return ""  # "ibuprofen 400": a product has it (the stock answer names it)
    unit = strength_text(d.lang, re.sub(r"^[\d./\s]+", "", strengths[0]).strip())
    names = join_names(d.lang, [str(x.get("display_name") or "") for x in products if isinstance(x, dict)])
    return _MISSING[d.lang].format(generic=generic, asked=f"{asked} {unit}".strip(), names=names)


def others_line(d: Dialogue, med: dict[str, Any]) -> str:
    """The other strengths of ``med``'s ingredient in the catalog, as one sentence ("" when there are none).

    Args:
        d: The turn; its look-up of the generic (made by the strength check) is read, never repeated.
        med: The product asked about, as a tool returned it.
    """
    generic = med.get("generic_name")
    if not generic:
        return ""
    found = _generic_of(d, med)
    if found is None:
        return ""
    carried = str(med.get("strength") or "")
    others: list[str] = []
    seen = {carried}
    products = [x for x in found.get("products") or [] if isinstance(x, dict)]
    # The same brand first: after "Nurofen Forte 800?" the 200 mg one named is Nurofen, not another brand.
    brand = normalize(str(med.get("brand_name") or "")).split()[:1]
    products.sort(key=lambda x: normalize(str(x.get("display_name") or "")).split()[:1] != brand)
    for product in products:
        if not isinstance(product, dict) or str(product.get("strength") or "") in seen:
            continue
        seen.add(str(product.get("strength") or ""))
        others.append(str(product.get("display_name") or ""))
    if not others:
        return ""
    return _TEXTS[d.lang].format(generic=found.get("display_name") or generic, names=join_names(d.lang, others))


def _generic_of(d: Dialogue, med: dict[str, Any]) -> dict[str, Any] | None:
    """The generic's record with its products, from a look-up already made in this turn."""
    for result in reversed(d.turn.tools.results):
        if result.name != "get_medication_by_name" or not result.ok:
            continue
        found = result.envelope.get("medication")
        products = found.get("products") if isinstance(found, dict) else None
        if isinstance(products, list) and any(
            isinstance(x, dict) and x.get("med_id") == med.get("med_id") for x in products
        ):
            return found
    return None
