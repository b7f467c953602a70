"""Comparing medications named together: "is Litorva the same as Lipitor?", "מה ההבדל בין נורופן לאדוויל?".

The customer asks whether two products are the same; the answer is one line from the label facts (same active
ingredients, form and strength, or which of these differ), not each product's full label. The interaction
check still runs for the products named together (seed 000): for two products of one ingredient it says that
taking both means a double dose.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import flows_catalog
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import differences, join_names, say

__all__ = ["compare", "facts", "same_or_not", "units_asked"]

_FORMS = {"tablet": "טבליה", "capsule": "כמוסה", "syrup": "סירופ", "cream": "קרם", "drops": "טיפות"}


def facts(d: Dialogue, query: str) -> dict[str, Any] | None:
    """The product (or generic) ``query`` names, as the tool gives it, or ``None`` when it cannot be compared."""
    result = d.call("get_medication_by_name", medication_name=query)
    med = result.envelope.get("medication") if result.ok else None
    if not isinstance(med, dict) or not med.get("active_ingredients"):
        return None
    return med


def _ingredients(med: dict[str, Any]) -> frozenset[str]:
    return frozenset(str(i.get("name") or "").casefold() for i in med["active_ingredients"] if isinstance(i, dict))


def _signature(med: dict[str, Any]) -> frozenset[tuple[str, str]]:
    items = [i for i in med["active_ingredients"] if isinstance(i, dict)]
    return frozenset((str(i.get("name") or "").casefold(), str(i.get("strength") or "")) for i in items)


def _form(d: Dialogue, med: dict[str, Any]) -> str:
    form = str(med.get("form") or "")
    return _FORMS.get(form, form) if d.lang == "he" else form


def _line(d: Dialogue, meds: list[dict[str, Any]]) -> str:
    names = join_names(d.lang, [str(m.get("display_name") or "") for m in meds])
    if len({_ingredients(m) for m in meds}) > 1:
        return say(d.lang, "compare_different", names=names)
    generics = [m for m in meds if not m.get("med_id")]
    if generics:
        # "is Advil the same as ibuprofen?": the generic is the ingredient; each brand is a product of it.
        brands = join_names(d.lang, [str(m.get("display_name")) for m in meds if m.get("med_id")])
        return say(d.lang, "compare_generic", brands=brands, generic=str(generics[0].get("display_name")))
    if len({_signature(m) for m in meds}) > 1:
        return say(d.lang, "compare_strength", names=names)
    forms = list(dict.fromkeys(_form(d, m) for m in meds))
    if len(forms) > 1:
        return say(d.lang, "compare_form", names=names, forms=join_names(d.lang, forms))
    ingredients = ", ".join(str(i.get("name")) for i in meds[0]["active_ingredients"] if isinstance(i, dict))
    diffs = differences(d.lang, ["price", "inactive ingredients", "packaging"])
    return say(d.lang, "compare_same", names=names, ingredients=ingredients, differences=diffs)


# "take 2 regular Nurofen instead", "שתי טבליות של נורופן רגיל במקום": how many units of the named product.
_UNITS = {"2": 2, "two": 2, "3": 3, "three": 3, "4": 4, "four": 4, "שתיימ": 2, "שתי": 2, "שני": 2, "שניימ": 2,
          "שלוש": 3, "שלושה": 3, "ארבע": 4, "ארבעה": 4}  # fmt: skip
_UNITS_ASKED = re.compile(r"(?:^|\s)(" + "|".join(_UNITS) + r")(?!\s*(?:mg|מג|מ\"ג|times|פעמים|ביום|a day))(?:\s|$)")
_MG = re.compile(r"(\d+(?:\.\d+)?)\s*mg", re.IGNORECASE)
_SAME_TOTAL = {
    "en": "By the labels: {count} × {name} is {total} mg of {ingredient}, the same amount as one unit of {other}.",
    "he": 'לפי העלונים: {count} × {name} הם {total} מ"ג {ingredient} – אותה כמות כמו ביחידה אחת של {other}.',
}


def units_asked(norm: str) -> int | None:
    """The number of units a message asks about ("2 regular nurofen" → 2), if any."""
    match = _UNITS_ASKED.search(norm)
    return _UNITS[match.group(1)] if match else None


def _mg(med: dict[str, Any]) -> float | None:
    items = [i for i in med["active_ingredients"] if isinstance(i, dict)]
    found = _MG.search(str(items[0].get("strength") or "")) if len(items) == 1 else None
    return float(found.group(1)) if found else None


def _total_line(d: Dialogue, meds: list[dict[str, Any]], count: int) -> str | None:
    """ "2 × Nurofen 200 mg is 400 mg, as one Nurofen Forte": a label fact, only when the totals are equal."""
    other, named = meds
    if _ingredients(other) != _ingredients(named) or not other.get("med_id") or not named.get("med_id"):
        return None
    one, each = _mg(other), _mg(named)
    if one is None or each is None or each * count != one:
        return None
    return _SAME_TOTAL[d.lang].format(
        count=count,
        name=str(named.get("display_name") or ""),
        total=f"{each * count:g}",
        ingredient=str(named["active_ingredients"][0].get("name") or ""),
        other=str(other.get("display_name") or ""),
    )


def compare(d: Dialogue, refs: list[MedRef], *, count: int | None = None, check: bool = True) -> bool:
    """Say whether the products of ``refs`` are the same, then their interaction check.

    Args:
        d: The turn.
        refs: The products, the one talked about first.
        count: How many units of the last product the customer means ("2 regular Nurofen instead").
        check: Run their interaction check too (``False``: "is X an equivalent?" asks nothing about both).

    Returns:
        False when they cannot be compared (fewer than two, a misspelt or unknown name): nothing was said, and
        the caller answers as before (each product's facts).
    """
    if len(refs) < 2:
        return False
    if any(getattr(flows_catalog.mention_of(d, ref), "fuzzy", False) for ref in refs):
        return False  # a misspelt name is confirmed first ("did you mean …?"), never compared as if asked
    meds: list[dict[str, Any]] = []
    for ref in refs:
        med = facts(d, ref.q)
        if med is None:
            return False
        meds.append(med)
    for med in meds:
        flows_catalog.learn(d, med.get("med_id"), med.get("display_name"))
    d.add(_line(d, meds))
    total = _total_line(d, meds, count) if count and len(meds) == 2 else None
    if total:
        d.add(total)  # "can I take 2 regular ones instead?": the label arithmetic; the choice stays referred
    if check:
        flows_catalog.interaction(d, refs)
    return True


def same_or_not(d: Dialogue, refs: list[MedRef]) -> bool:
    """Say only whether the two products of ``refs`` are the same ("is Augmentin one?"), no interaction check.

    Returns:
        False when they cannot be compared (a misspelt or unknown name): nothing was said.
    """
    if len(refs) != 2 or any(getattr(flows_catalog.mention_of(d, ref), "fuzzy", False) for ref in refs):
        return False
    meds = [facts(d, ref.q) for ref in refs]
    if any(med is None for med in meds):
        return False
    d.add(_line(d, [med for med in meds if med is not None]))
    return True
