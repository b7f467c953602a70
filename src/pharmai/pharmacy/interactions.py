"""Interaction checks between 2–10 products, from the ingredient-level interaction table."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.db.models import Interaction
from pharmai.errors import UnknownMedId, ValidationFailed
from pharmai.pharmacy._common import check_id, check_language, pick
from pharmai.pharmacy._rows import ProductRow, load_products

__all__ = ["MAX_MEDS", "MIN_MEDS", "InteractionPair", "InteractionReport", "check_interactions"]

MIN_MEDS = 2
MAX_MEDS = 10
Level = Literal["none", "caution", "avoid"]
_RANK: dict[str, int] = {"none": 0, "caution": 1, "avoid": 2}

_DUPLICATE = {
    "en": "Both contain {ingredient}: taking them together means a double dose of the same active ingredient.",
    "he": "שתיהן מכילות {ingredient}: נטילה יחד פירושה מנה כפולה של אותו חומר פעיל.",
}
_NOTES = {
    "avoid": {
        "en": "Some of these medications should not be taken together. Please speak to a pharmacist or doctor.",
        "he": "חלק מהתרופות האלה אין ליטול יחד. אנא פנו לרוקח/ת או לרופא/ה.",
    },
    "caution": {
        "en": "Some of these medications need caution when taken together. Please ask a pharmacist or doctor.",
        "he": "חלק מהתרופות האלה דורשות זהירות בנטילה יחד. אנא התייעצו עם רוקח/ת או רופא/ה.",
    },
    "none": {
        "en": "No interactions between these medications are listed in the pharmacy database.",
        "he": "במאגר בית המרקחת לא רשומות אינטראקציות בין התרופות האלה.",
    },
}


@dataclass(frozen=True)
class InteractionPair:
    """One finding between two of the requested products.

    ``kind`` is ``interaction`` (from the table) or ``duplicate`` (a shared active ingredient).
    """

    med_id_a: str
    med_id_b: str
    level: Literal["caution", "avoid"]
    kind: Literal["interaction", "duplicate"]
    ingredient_a: str
    ingredient_b: str
    message: str
    message_en: str
    message_he: str


@dataclass(frozen=True)
class InteractionReport:
    """The worst level over all pairs, the pairs, and a note in the language."""

    med_ids: tuple[str, ...]
    interaction_level: Level
    pairs: tuple[InteractionPair, ...]
    notes: str


def _check_ids(med_ids: Any) -> list[str]:
    if isinstance(med_ids, str | bytes) or not isinstance(med_ids, list | tuple):
        raise ValidationFailed([{"field": "med_ids", "reason": "must be a list of medication ids"}])
    # Bound the raw list too, so a huge list of repeats is refused before any work.
    if len(med_ids) > MAX_MEDS * 2:
        raise ValidationFailed([{"field": "med_ids", "reason": f"must list {MIN_MEDS} to {MAX_MEDS} medications"}])
    ids = list(dict.fromkeys(check_id(m, "med_ids") for m in med_ids))
    if not MIN_MEDS <= len(ids) <= MAX_MEDS:
        raise ValidationFailed([{"field": "med_ids", "reason": f"must list {MIN_MEDS} to {MAX_MEDS} medications"}])
    return ids


def _pairs_for(
    a: ProductRow, b: ProductRow, table: dict[tuple[str, str], Interaction], language: str
) -> list[InteractionPair]:
    found: list[InteractionPair] = []
    ingredients_a = [pi.ingredient for pi in a.ingredients]
    ingredients_b = [pi.ingredient for pi in b.ingredients]
    shared_ids = {i.ingredient_id for i in ingredients_a} & {i.ingredient_id for i in ingredients_b}
    for ingredient in ingredients_a:
        if ingredient.ingredient_id in shared_ids:
            en = _DUPLICATE["en"].format(ingredient=ingredient.name_en)
            he = _DUPLICATE["he"].format(ingredient=ingredient.name_he)
            found.append(
                InteractionPair(
                    a.med_id,
                    b.med_id,
                    "caution",
                    "duplicate",
                    ingredient.ingredient_id,
                    ingredient.ingredient_id,
                    pick(language, en, he),
                    en,
                    he,
                )
            )
    for ia in ingredients_a:
        for ib in ingredients_b:
            if ia.ingredient_id == ib.ingredient_id:
                continue
            # The table stores each pair once, alphabetically.
            x, y = sorted((ia.ingredient_id, ib.ingredient_id))
            row = table.get((x, y))
            if row is None:
                continue
            level: Literal["caution", "avoid"] = "avoid" if row.level == "avoid" else "caution"
            found.append(
                InteractionPair(
                    a.med_id,
                    b.med_id,
                    level,
                    "interaction",
                    ia.ingredient_id,
                    ib.ingredient_id,
                    pick(language, row.message_en, row.message_he),
                    row.message_en,
                    row.message_he,
                )
            )
    return found


def check_interactions(session: Session, med_ids: Any, *, language: str = "en") -> InteractionReport:
    """Interactions among 2–10 products (``interaction_check``).

    Every product inherits the interactions of its active ingredients; two products that share an active
    ingredient are reported as a ``caution`` duplicate. Repeated ids count once.

    Args:
        session: An open session.
        med_ids: 2–10 distinct product ids.
        language: ``"en"`` or ``"he"``.

    Raises:
        ValidationFailed: Not a list, malformed ids, or fewer than 2 / more than 10 distinct ids.
        UnknownMedId: Some ids name no product (details: unknown, unknown_text).
    """
    language = check_language(language)
    ids = _check_ids(med_ids)
    products = load_products(session, ids)
    unknown = [m for m in ids if m not in products]
    if unknown:
        raise UnknownMedId({"unknown": unknown, "unknown_text": ", ".join(unknown)})
    ingredient_ids = {pi.ingredient_id for p in products.values() for pi in p.ingredients}
    rows = session.scalars(
        select(Interaction).where(
            Interaction.ingredient_a.in_(ingredient_ids), Interaction.ingredient_b.in_(ingredient_ids)
        )
    ).all()
    table = {(r.ingredient_a, r.ingredient_b): r for r in rows}
    pairs: list[InteractionPair] = []
    for a, b in combinations(ids, 2):
        pairs.extend(_pairs_for(products[a], products[b], table, language))
    level: Level = "none"
    for pair in pairs:
        if _RANK[pair.level] > _RANK[level]:
            level = pair.level
    return InteractionReport(
        med_ids=tuple(ids), interaction_level=level, pairs=tuple(pairs), notes=_NOTES[level][language]
    )
