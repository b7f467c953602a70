"""The strengths a product is carried in, said when the one asked for is not ("יש לכם נורופן 600?").

"We carry Nurofen as 200 mg, not 600 mg" alone leaves the customer guessing whether any stronger product of
the same ingredient exists; the line written here names the other strengths of that ingredient that the
catalog has (Nurofen Forte 400 mg), from the look-up of the generic the strength check already made.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names
from pharmai.text.normalize import normalize

__all__ = ["others_line"]

_TEXTS = {
    "en": "Other strengths of {generic} that we carry: {names}.",
    "he": "חוזקים אחרים של {generic} שיש לנו: {names}.",
}


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
