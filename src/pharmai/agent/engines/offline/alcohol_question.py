"""Alcohol with a product ("can I drink alcohol with Tramadex?", «טרמדקס ואלכוהול, זה בסדר?»).

Whether someone may drink with a medication is advice: it is refused and referred, like any question of taking
it. What the label itself says is a fact, so when the product's warnings mention alcohol they come first. Never
"I couldn't find a medication named 'alcohol'". Two or more products named together are left to the usual
flows, where the interaction check always runs (seed 000).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, flows_catalog
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import say

__all__ = ["answer", "asks_about_alcohol"]

# Alcohol itself, or a drink of it: "a drink" of water is none ("can I take it with a drink?" stays a question
# of taking it, answered by the usual refusal).
_ALCOHOL = c.cues(
    "alcohol", "alcoholic", "booze", "beer", "beers", "wine", "vodka", "whiskey", "whisky", "liquor", "cocktail",
    "drinking alcohol", "a glass of wine", "אלכוהול", "אלכוהולי", "אלכוהולית", "יין", "בירה", "וודקה", "ויסקי",
    "משקה חריף", "משקאות חריפים", "כוסית",
)  # fmt: skip
# The label's warnings mention alcohol ("Do not drink alcohol", «אין לשתות אלכוהול»).
_LABEL_ALCOHOL = re.compile(r"alcohol|אלכוהול", re.IGNORECASE)
_NAMED = {"en": "{name} – {line}", "he": "{name} – {line}"}


def asks_about_alcohol(norm: str) -> bool:
    """The normalised message names alcohol or a drink of it."""
    return bool(_ALCOHOL.search(norm))


def answer(d: Dialogue) -> bool:
    """One product and alcohol: the label's alcohol warning (if it has one), then the referral."""
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or not asks_about_alcohol(p.norm) or len(p.meds) > 1:
        return False
    refs = flows_catalog.targets(d) if p.meds else flows_catalog.last_refs(d)[:1]
    if len(refs) != 1:
        return False  # "can I drink alcohol?" about nothing named: the usual advice refusal
    result = d.call("get_medication_by_name", medication_name=refs[0].q)
    if result.ok:
        med = result.envelope.get("medication") or {}
        warnings = str(med.get("warnings") or "")
        if _LABEL_ALCOHOL.search(warnings):
            name = str(med.get("display_name") or refs[0].q)
            flows_catalog.learn(d, med.get("med_id"), name)
            line = say(d.lang, "info_warnings", text=warnings)
            d.add(_NAMED["he" if d.lang == "he" else "en"].format(name=name, line=line))
    else:
        d.add(d.error_text(result))
    d.add(_policy.refusal(d.lang, "advice"))
    return True
