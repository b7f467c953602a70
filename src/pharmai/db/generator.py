"""A plausible synthetic catalog for scale tests, deterministic for a given seed.

Made-up ingredients and brands are pronounceable in both scripts (see :mod:`pharmai.db._names`); most
generics have several brands (so equivalents exist), some brands are new makes of the demo generics,
and every product is stocked in every store, some out of stock (mostly with a restock date) and some
low. Everything is appended after the existing catalog with bulk inserts, never deleting anything.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db import _generator_data as texts
from pharmai.db import demo_data
from pharmai.db._bulk import alias_dicts, insert_all, slug
from pharmai.db._names import brand_name, ingredient_name
from pharmai.db.models import (
    Alias,
    Generic,
    GenericIngredient,
    Ingredient,
    Inventory,
    Product,
    ProductIngredient,
    Store,
)
from pharmai.errors import StoreNotFound, ValidationFailed

__all__ = ["MAX_MEDICATIONS", "generate"]

MAX_MEDICATIONS = 1_000_000
_BATCH = 5000
_MED_ID = re.compile(r"^m(\d+)$")


@dataclass(frozen=True)
class _Generic:
    generic_id: str
    ingredient_ids: tuple[str, ...]
    form: str
    strengths: tuple[tuple[str, tuple[str, ...]], ...]  # (product strength, per-ingredient strengths)
    rx_required: bool


def generate(
    session: Session,
    *,
    medications: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    today: date | None = None,
) -> int:
    """Append ``medications`` synthetic products (with their generics, ingredients, aliases and stock).

    Args:
        session: An open session; the caller commits.
        medications: How many products to write (1 to 1,000,000).
        seed: The same seed on the same database gives the same rows.
        progress: Called with the number of products just written, batch by batch.
        today: The day restock dates count from (default: the real today).

    Returns:
        The number of products written.

    Raises:
        ValidationFailed: ``medications`` or ``seed`` is not a valid number.
        StoreNotFound: The database has no stores to stock.
    """
    _check(medications, seed)
    stores = list(session.scalars(select(Store.store_id).order_by(Store.store_id)))
    if not stores:
        raise StoreNotFound({"store_id": "*"})
    rng = random.Random(seed)
    day = today or Clock().today()
    known_generics = set(session.scalars(select(Generic.generic_id)))
    # Ids already taken (by the demo world, an import or an earlier run) are skipped, never reused.
    taken = set(session.scalars(select(Ingredient.ingredient_id))) | known_generics
    ingredients, generics = _new_generics(rng, medications, taken)
    pool = generics + _demo_generics(known_generics)
    _write_generics(session, random.Random(rng.getrandbits(64)), ingredients, generics)
    first = _next_number(session)
    brands: set[str] = set()
    for batch_start in range(0, medications, _BATCH):
        count = min(_BATCH, medications - batch_start)
        numbers = range(first + batch_start, first + batch_start + count)
        _write_products(session, rng, numbers, pool, len(generics), stores, day, brands)
        if progress is not None:
            progress(count)
    return medications


def _check(medications: Any, seed: Any) -> None:
    fields = []
    if isinstance(medications, bool) or not isinstance(medications, int) or not 1 <= medications <= MAX_MEDICATIONS:
        fields.append({"field": "medications", "reason": f"a whole number from 1 to {MAX_MEDICATIONS}"})
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        fields.append({"field": "seed", "reason": "a whole number from 0 to 2**63 - 1"})
    if fields:
        raise ValidationFailed(fields)


def _next_number(session: Session) -> int:
    numbers = (_MED_ID.match(m) for m in session.scalars(select(Product.med_id)))
    return max((int(m.group(1)) for m in numbers if m), default=0) + 1


def _new_generics(
    rng: random.Random, medications: int, taken: set[str]
) -> tuple[dict[str, tuple[str, str]], list[_Generic]]:
    """New ingredients (id -> English, Hebrew names) and about one generic per four products."""
    wanted = max(1, medications // 4)
    ingredients: dict[str, tuple[str, str]] = {}
    syllables, misses = 2, 0
    while len(ingredients) < max(1, wanted * 9 // 10):
        name_en, name_he = ingredient_name(rng, syllables)
        key = slug(name_en)
        if key in ingredients or key in taken or len(key) > 30:
            misses += 1
            # Two-syllable stems run out in large catalogs: lengthen the names rather than loop forever.
            syllables, misses = (syllables + 1, 0) if misses > 50 else (syllables, misses)
            continue
        ingredients[key] = (name_en, name_he)
    ids = list(ingredients)
    generics = [_single(rng, i) for i in ids]
    combos: set[tuple[str, str]] = set()
    while len(generics) < wanted and len(ids) > 1:
        a, b = rng.sample(ids, 2)
        if (a, b) in combos or f"{a}_{b}" in taken:
            continue
        combos.add((a, b))
        first, second = rng.choice(texts.COMBO_STRENGTHS)
        strength = (f"{first}/{second} mg", (f"{first} mg", f"{second} mg"))
        generics.append(_Generic(f"{a}_{b}", (a, b), "tablet", (strength,), rng.random() < 0.7))
    return ingredients, generics


def _single(rng: random.Random, ingredient_id: str) -> _Generic:
    form = rng.choice(list(texts.FORMS))
    pool = texts.FORMS[form][0]
    strengths = sorted(set(rng.sample(pool, min(len(pool), rng.choice((1, 1, 2))))), key=pool.index)
    return _Generic(ingredient_id, (ingredient_id,), form, tuple((s, (s,)) for s in strengths), rng.random() < 0.5)


def _demo_generics(known: set[str]) -> list[_Generic]:
    """The demo generics present in the database, at the forms and strengths their products are sold in."""
    by_id = {g.generic_id: g for g in demo_data.GENERICS}
    found: dict[str, _Generic] = {}
    for p in demo_data.PRODUCTS:
        if p.generic_id in known and p.generic_id not in found:
            found[p.generic_id] = _Generic(
                p.generic_id,
                by_id[p.generic_id].ingredient_ids,
                p.form,
                ((p.strength, p.ingredient_strengths),),
                p.rx_required,
            )
    return list(found.values())


def _label(rng: random.Random, generic: _Generic) -> dict[str, str]:
    strength = generic.strengths[0][0]
    if generic.rx_required:
        dosage_en, dosage_he = texts.RX_DOSAGE
    else:
        frequency, frequency_he = rng.choice(texts.FREQUENCIES)
        en, he = texts.DOSAGE[texts.FORMS.get(generic.form, ((), "oral"))[1]]
        dosage_en = en.format(strength=strength, frequency=frequency)
        dosage_he = he.format(strength=texts.hebrew_strength(strength), frequency_he=frequency_he)
    picked = rng.sample(texts.WARNINGS, rng.choice((1, 2)))
    return {
        "dosage_en": dosage_en,
        "dosage_he": dosage_he,
        "warnings_en": " ".join([w[0] for w in picked] + [texts.ASK[0]]),
        "warnings_he": " ".join([w[1] for w in picked] + [texts.ASK[1]]),
    }


def _write_generics(
    session: Session, rng: random.Random, ingredients: dict[str, tuple[str, str]], generics: list[_Generic]
) -> None:
    # Label text has its own random stream, so changing a sentence does not reshuffle the products.
    aliases: list[dict[str, Any]] = []
    rows = [{"ingredient_id": i, "name_en": en, "name_he": he} for i, (en, he) in ingredients.items()]
    for i, (en, he) in ingredients.items():
        aliases += alias_dicts("ingredient", i, [(en, "en"), (he, "he")])
    insert_all(session, Ingredient, rows)
    generic_rows: list[dict[str, Any]] = []
    links: list[dict[str, Any]] = []
    for g in generics:
        name_en = " + ".join(ingredients[i][0] for i in g.ingredient_ids)
        name_he = " + ".join(ingredients[i][1] for i in g.ingredient_ids)
        generic_rows.append({"generic_id": g.generic_id, "name_en": name_en, "name_he": name_he, **_label(rng, g)})
        links += [{"generic_id": g.generic_id, "ingredient_id": i} for i in g.ingredient_ids]
        aliases += alias_dicts("generic", g.generic_id, [(name_en, "en"), (name_he, "he")])
    insert_all(session, Generic, generic_rows)
    insert_all(session, GenericIngredient, links)
    insert_all(session, Alias, aliases)


def _write_products(
    session: Session,
    rng: random.Random,
    numbers: range,
    pool: list[_Generic],
    new_count: int,
    stores: list[str],
    today: date,
    brands: set[str],
) -> None:
    products: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    stock: list[dict[str, Any]] = []
    aliases: list[dict[str, Any]] = []
    for number in numbers:
        med_id = f"m{number:03d}"
        # Every new generic gets a first brand, in order; then brands spread over all generics (demo ones too).
        made = len(brands)
        generic = pool[made] if made < new_count else rng.choice(pool)
        strength, part_strengths = rng.choice(generic.strengths)
        brand_en, brand_he = _unique_brand(rng, brands)
        products.append(
            {
                "med_id": med_id,
                "generic_id": generic.generic_id,
                "brand_en": brand_en,
                "brand_he": brand_he,
                "form": generic.form,
                "strength": strength,
                "rx_required": generic.rx_required,
            }
        )
        parts += [
            {"med_id": med_id, "ingredient_id": i, "strength": s, "position": n}
            for n, (i, s) in enumerate(zip(generic.ingredient_ids, part_strengths, strict=True))
        ]
        names = [(brand_en, "en"), (brand_he, "he")]
        if rng.random() < 0.3:
            names.append((f"{brand_en} {strength.split(' ')[0]}", "en"))
        aliases += alias_dicts("product", med_id, names)
        stock += [{"med_id": med_id, "store_id": s, **_stock(rng, today)} for s in stores]
    insert_all(session, Product, products)
    insert_all(session, ProductIngredient, parts)
    insert_all(session, Alias, aliases)
    insert_all(session, Inventory, stock)


def _unique_brand(rng: random.Random, brands: set[str]) -> tuple[str, str]:
    syllables = 2
    for attempt in range(1000):
        name_en, name_he = brand_name(rng, syllables + attempt // 20)
        if name_en not in brands:
            brands.add(name_en)
            return name_en, name_he
    raise RuntimeError("no unused brand name")  # unreachable: 1,000 tries at growing lengths


def _stock(rng: random.Random, today: date) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.12:
        eta = today + timedelta(days=rng.randint(1, 30)) if rng.random() < 0.8 else None
        return {"qty_on_hand": 0, "restock_eta": eta}
    if roll < 0.22:
        return {"qty_on_hand": rng.randint(1, 10), "restock_eta": None}
    return {"qty_on_hand": rng.randint(11, 400), "restock_eta": None}
