"""Every listed interaction of one product, for pharmacy staff (``list_interactions``).

Interactions are stored between active ingredients, so a product has those of each of its ingredients.
For each one the other ingredient is named with the catalog products that contain it (the first few by
id, and how many there are), so staff see what in the pharmacy's range the medication interacts with.
The customer tools only ever check a given set of products against each other
(:mod:`pharmai.pharmacy.interactions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from pharmai.db.models import Ingredient, Interaction, ProductIngredient
from pharmai.pharmacy._common import check_language, get_product, pick
from pharmai.pharmacy._rows import load_products
from pharmai.pharmacy.search import display_name

__all__ = ["MAX_PRODUCTS", "InteractingProduct", "KnownInteraction", "MedicationInteractions", "list_interactions"]

#: Products named per interacting ingredient; ``products_total`` says how many the catalog has.
MAX_PRODUCTS = 20
_RANK = {"avoid": 0, "caution": 1}
_NOTES = {
    "some": {
        "en": "Interactions listed in the pharmacy database for the active ingredients of this medication.",
        "he": "אינטראקציות הרשומות במאגר בית המרקחת עבור החומרים הפעילים של התרופה הזו.",
    },
    "none": {
        "en": "No interactions are listed in the pharmacy database for the active ingredients of this medication.",
        "he": "במאגר בית המרקחת לא רשומות אינטראקציות עבור החומרים הפעילים של התרופה הזו.",
    },
}


@dataclass(frozen=True)
class InteractingProduct:
    """A catalog product containing the interacting ingredient."""

    med_id: str
    display_name: str


@dataclass(frozen=True)
class KnownInteraction:
    """One listed interaction between an ingredient of the medication and another ingredient.

    Names and the message are in the requested language, with both languages alongside.
    """

    ingredient_id: str
    ingredient_name: str
    interacts_with_id: str
    interacts_with_name: str
    interacts_with_name_en: str
    interacts_with_name_he: str
    level: Literal["caution", "avoid"]
    message: str
    message_en: str
    message_he: str
    products: tuple[InteractingProduct, ...]
    products_total: int


@dataclass(frozen=True)
class MedicationInteractions:
    """The medication, its active ingredients and every listed interaction, worst first."""

    med_id: str
    display_name: str
    name_en: str
    name_he: str
    ingredients: tuple[tuple[str, str], ...]
    interactions: tuple[KnownInteraction, ...]
    notes: str


def _products_with(session: Session, ingredient_ids: set[str]) -> tuple[dict[str, list[str]], dict[str, int]]:
    """The first :data:`MAX_PRODUCTS` product ids per ingredient, and each ingredient's product count."""
    first: dict[str, list[str]] = {}
    totals: dict[str, int] = {}
    if not ingredient_ids:
        return first, totals
    pi = ProductIngredient
    counted = (
        select(pi.ingredient_id, func.count())
        .where(pi.ingredient_id.in_(sorted(ingredient_ids)))
        .group_by(pi.ingredient_id)
    )
    totals = {ingredient_id: int(count) for ingredient_id, count in session.execute(counted)}
    for ingredient_id in sorted(ingredient_ids):
        ids = session.scalars(
            select(pi.med_id).where(pi.ingredient_id == ingredient_id).order_by(pi.med_id).limit(MAX_PRODUCTS)
        )
        first[ingredient_id] = list(ids)
    return first, totals


def list_interactions(session: Session, med_id: Any, *, language: str = "en") -> MedicationInteractions:
    """Every interaction listed for the active ingredients of one product.

    Args:
        session: An open session.
        med_id: The product's id (``m010``).
        language: ``"en"`` or ``"he"``.

    Returns:
        The medication and its interactions: ``avoid`` before ``caution``, then by the other
        ingredient's English name.

    Raises:
        ValidationFailed: A malformed id or language.
        MedNotFound: No product has that id.
    """
    language = check_language(language)
    product = get_product(session, med_id)
    own = {pi.ingredient_id: pi.ingredient for pi in product.ingredients}
    rows = session.scalars(
        select(Interaction).where(or_(Interaction.ingredient_a.in_(list(own)), Interaction.ingredient_b.in_(list(own))))
    ).all()
    pairs = []
    for row in rows:
        # Each pair is stored once; an interaction between two of the product's own ingredients is
        # listed from both sides.
        for mine, other in ((row.ingredient_a, row.ingredient_b), (row.ingredient_b, row.ingredient_a)):
            if mine in own:
                pairs.append((mine, other, row))
    others = {other for _, other, _ in pairs}
    names = {
        i.ingredient_id: i
        for i in session.scalars(select(Ingredient).where(Ingredient.ingredient_id.in_(sorted(others))))
    }
    first, totals = _products_with(session, others)
    products = load_products(session, {m for ids in first.values() for m in ids})
    found = []
    for mine, other, row in pairs:
        other_row = names.get(other)
        other_en = other_row.name_en if other_row else other
        other_he = other_row.name_he if other_row else other
        level: Literal["caution", "avoid"] = "avoid" if row.level == "avoid" else "caution"
        found.append(
            KnownInteraction(
                ingredient_id=mine,
                ingredient_name=pick(language, own[mine].name_en, own[mine].name_he),
                interacts_with_id=other,
                interacts_with_name=pick(language, other_en, other_he),
                interacts_with_name_en=other_en,
                interacts_with_name_he=other_he,
                level=level,
                message=pick(language, row.message_en, row.message_he),
                message_en=row.message_en,
                message_he=row.message_he,
                products=tuple(
                    InteractingProduct(m, display_name(products[m], language))
                    for m in first.get(other, [])
                    if m in products
                ),
                products_total=totals.get(other, 0),
            )
        )
    found.sort(key=lambda i: (_RANK[i.level], i.interacts_with_name_en.lower(), i.ingredient_id))
    return MedicationInteractions(
        med_id=product.med_id,
        display_name=display_name(product, language),
        name_en=product.brand_en,
        name_he=product.brand_he,
        ingredients=tuple(
            (pi.ingredient_id, pick(language, pi.ingredient.name_en, pi.ingredient.name_he))
            for pi in product.ingredients
        ),
        interactions=tuple(found),
        notes=_NOTES["some" if found else "none"][language],
    )
