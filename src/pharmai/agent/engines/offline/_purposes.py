"""What a patient's own prescription is for ("my thyroid med", «הכדורים של בלוטת התריס»): its ingredients.

Only ever used to pick among the patient's own prescriptions (:mod:`.rx_purpose`) and to read «של <purpose>»
as what pills are for rather than whose (:mod:`.rx_person`); never to recommend a product for a condition. A
leaf of its own so that both can use it without importing each other.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c

__all__ = ["PURPOSES", "names_purpose_at", "purpose_ingredients"]

# "my blood thinner", «המדלל דם שלי», "my heart meds": the demo's anticoagulant and antiplatelet.
_THINNER = c.cues(
    "blood thinner", "blood thinners", "thinner", "anticoagulant", "clotting", "clots", "heart",
    "מדלל דם", "מדללי דם", "מדלל", "דילול דם", "נוגד קרישה", "נוגדי קרישה", "קרישה", "הלב", "ללב",
)  # fmt: skip
# What a prescription is for → its active ingredients as the prescription's name shows them (both languages).
PURPOSES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        c.cues("thyroid", "hypothyroid", "hypothyroidism", "בלוטת התריס", "בלוטת תריס", "תריס", "תירואיד"),
        ("levothyroxine", "לבותירוקסין"),
    ),
    (
        c.cues("cholesterol", "cholestrol", "statin", "statins", "lipids", "כולסטרול", "כולסטרל", "שומנים בדם"),
        ("atorvastatin", "simvastatin", "אטורבסטטין", "סימבסטטין"),
    ),
    (
        c.cues("diabetes", "diabetic", "blood sugar", "sugar", "סוכרת", "סכרת", "סוכר", "סוכר בדם"),
        ("metformin", "מטפורמין"),
    ),
    (_THINNER, ("warfarin", "clopidogrel", "וורפרין", "קלופידוגרל")),
    (
        c.cues("antibiotic", "antibiotics", "אנטיביוטיקה", "אנטיביוטי"),
        ("amoxicillin", "clarithromycin", "אמוקסיצילין", "קלריתרומיצין"),
    ),
    (
        c.cues("stomach", "heartburn", "reflux", "acid", "ulcer", "קיבה", "צרבת", "ריפלוקס", "חומציות"),
        ("omeprazole", "אומפרזול"),
    ),
    (
        c.cues("depression", "anxiety", "antidepressant", "mood", "דיכאון", "חרדה", "נוגד דיכאון"),
        ("sertraline", "סרטרלין"),
    ),
    (
        c.cues("pain", "painkiller", "painkillers", "pain killer", "pain relief", "כאב", "כאבים", "משכך כאבים"),
        ("tramadol", "טרמדול"),
    ),
)


def purpose_ingredients(norm: str) -> tuple[str, ...] | None:
    """The active ingredients of the one purpose a normalised message names ("my thyroid med"), if any.

    Args:
        norm: The message, normalised.

    Returns:
        The ingredients (both languages), or ``None`` when the message names no purpose or several.
    """
    found = [ingredients for pattern, ingredients in PURPOSES if pattern.search(norm)]
    return found[0] if len(found) == 1 else None


def names_purpose_at(norm: str) -> bool:
    """Whether a normalised text starts with what a prescription is for («בלוטת התריס …», "the thyroid …").

    After «של» such words say what the pills are for («הכדורים של בלוטת התריס»), never whose they are.
    """
    return any(pattern.match(norm) for pattern, _ in PURPOSES)
